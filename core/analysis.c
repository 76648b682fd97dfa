/* analysis.c -- figures over a finished map (cell counts, door mix, dead
 * ends, connected regions) for tests, benchmarks and /stats. Reads only the
 * public model, so it checks every family the same way. */
#include <stdlib.h>
#include <string.h>

#include "dg_int.h"

static bool on_edge(const dg_dungeon *d, int x, int y)
{
    return x == 0 || y == 0 || x == d->width - 1 || y == d->height - 1;
}

dg_status dg_analyse(const dg_dungeon *d, dg_stats *out, dg_error *err)
{
    memset(out, 0, sizeof *out);
    size_t cells = (size_t)d->width * (size_t)d->height;
    for (int y = 0; y < d->height; y++) {
        for (int x = 0; x < d->width; x++) {
            uint32_t w = dg_cell(d, x, y);
            if (!dg_cell_open(w)) continue;
            out->open_cells++;
            if (w & DG_ROOM) {
                out->room_cells++;
                continue;
            }
            if (w & DG_DOORSPACE) {
                out->door_cells++;
                for (int t = 0; t < DG_DOOR_TYPE_COUNT; t++)
                    if (w & dg_door_type_bit((dg_door_type)t)) out->doors_by_type[t]++;
            } else {
                out->corridor_cells++;
            }
            if ((w & DG_STAIRS) || on_edge(d, x, y)) continue; /* stairs and exits end there */
            int open = 0;
            uint32_t last = 0;
            for (int k = 0; k < 4; k++) {
                int nx = x + dg_dir_dx((dg_dir)k), ny = y + dg_dir_dy((dg_dir)k);
                if (!dg_cell_open(dg_cell(d, nx, ny))) continue;
                open++;
                last = (dg_cell(d, nx, ny) & DG_STAIRS) || on_edge(d, nx, ny) ? 1u : 0u;
            }
            /* a stair's or exit's landing is where the way ends, not a dead end */
            if (open == 0 || (open == 1 && !last)) out->dead_ends++;
        }
    }
    out->rooms = d->n_rooms;
    out->stairs = d->n_stairs;

    /* regions: flood fill with an explicit queue */
    unsigned char *seen = dg__calloc(cells, 1);
    uint32_t *queue = dg__malloc((cells ? cells : 1) * sizeof *queue);
    if (!seen || !queue) {
        dg__free(seen);
        dg__free(queue);
        return dg__nomem(err, "analysing the map");
    }
    for (size_t s = 0; s < cells; s++) {
        if (seen[s] || !dg_cell_open(d->cells[s])) continue;
        out->components++;
        size_t head = 0, tail = 0;
        queue[tail++] = (uint32_t)s;
        seen[s] = 1;
        while (head < tail) {
            uint32_t at = queue[head++];
            int x = (int)(at % (uint32_t)d->width), y = (int)(at / (uint32_t)d->width);
            for (int k = 0; k < 4; k++) {
                int nx = x + dg_dir_dx((dg_dir)k), ny = y + dg_dir_dy((dg_dir)k);
                if (!dg_cell_open(dg_cell(d, nx, ny))) continue;
                size_t n = (size_t)ny * (size_t)d->width + (size_t)nx;
                if (seen[n]) continue;
                seen[n] = 1;
                queue[tail++] = (uint32_t)n;
            }
        }
    }
    dg__free(seen);
    dg__free(queue);
    return DG_OK;
}
