/* gen_graph.h -- the corridor network of a finished map as a graph, for the
 * family tests that promise something about its shape (panels: no loop from
 * a room back to itself, no ring of corridor; cells: fan is a tree). Rooms
 * are contracted to single nodes; every other open cell is a node. */
#ifndef GEN_GRAPH_H
#define GEN_GRAPH_H

#include <criterion/criterion.h>
#include <stdlib.h>

#include "dg.h"

typedef struct {
    long corridor_cells;     /* open cells that are not room floor */
    long components;         /* 4-connected groups of those cells */
    long loops;              /* independent cycles with rooms contracted: E - V + 1 */
    long corridor_rings;     /* cycles among corridor cells alone, summed over groups */
    long repeat_gates;       /* doors beyond the first from one room into one group */
} gg_shape;

static inline bool gg_corr(const dg_dungeon *d, int x, int y)
{
    uint32_t w = dg_cell(d, x, y);
    return dg_cell_open(w) && !(w & DG_ROOM);
}

/* Every room cell is bordered only by its own room, wall, rock or one of its
 * doors: corridors meet rooms through doors and nowhere else. */
static inline void gg_rooms_sealed(const dg_dungeon *d, const char *what)
{
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++) {
            uint32_t w = dg_cell(d, x, y);
            if (!(w & DG_ROOM)) continue;
            int id = (int)((w & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT);
            for (int k = 0; k < 4; k++) {
                int nx = x + dg_dir_dx((dg_dir)k), ny = y + dg_dir_dy((dg_dir)k);
                uint32_t n = dg_cell(d, nx, ny);
                if (!dg_cell_open(n)) continue;
                if (n & DG_ROOM) {
                    cr_assert_eq((int)((n & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT), id,
                                 "%s: rooms touch at (%d,%d)", what, x, y);
                    continue;
                }
                cr_assert(n & DG_DOORSPACE, "%s: corridor (%d,%d) opens into room %d without a door",
                          what, nx, ny, id);
            }
        }
}

/* No 2x2 square of corridor: corridors never run side by side. */
static inline void gg_no_wide_corridor(const dg_dungeon *d, const char *what)
{
    for (int y = 0; y + 1 < d->height; y++)
        for (int x = 0; x + 1 < d->width; x++)
            cr_assert(!(gg_corr(d, x, y) && gg_corr(d, x + 1, y) && gg_corr(d, x, y + 1) &&
                        gg_corr(d, x + 1, y + 1)),
                      "%s: corridor two cells wide at (%d,%d)", what, x, y);
}

static inline gg_shape gg_measure(const dg_dungeon *d)
{
    gg_shape s = {0};
    size_t n = (size_t)d->width * (size_t)d->height;
    long *lab = calloc(n, sizeof *lab);
    int *queue = malloc(n * sizeof *queue);
    cr_assert(lab && queue);
    long edges_all = 0;
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++) {
            if (!gg_corr(d, x, y) || lab[(size_t)y * d->width + x]) continue;
            long id = ++s.components, cells = 0, inner = 0;
            size_t head = 0, tail = 0;
            queue[tail++] = y * d->width + x;
            lab[(size_t)y * d->width + x] = id;
            while (head < tail) {
                int at = queue[head++], cx = at % d->width, cy = at / d->width;
                cells++;
                for (int k = 0; k < 4; k++) {
                    int nx = cx + dg_dir_dx((dg_dir)k), ny = cy + dg_dir_dy((dg_dir)k);
                    if (!gg_corr(d, nx, ny)) {
                        /* an edge to a room node, counted once from the corridor side */
                        if (dg_cell(d, nx, ny) & DG_ROOM) edges_all++;
                        continue;
                    }
                    if (k == DG_DIR_EAST || k == DG_DIR_SOUTH) inner++;
                    size_t nk = (size_t)ny * d->width + nx;
                    if (!lab[nk]) {
                        lab[nk] = id;
                        queue[tail++] = ny * d->width + nx;
                    }
                }
            }
            s.corridor_cells += cells;
            s.corridor_rings += inner - (cells - 1);
            edges_all += inner;
        }
    /* V = corridor cells + rooms; one connected map */
    s.loops = edges_all - (s.corridor_cells + (long)d->n_rooms) + 1;
    /* doors per (group, room) */
    size_t stride = d->n_rooms + 1;
    unsigned char *seen = calloc((size_t)(s.components + 1) * stride, 1);
    cr_assert(seen);
    for (size_t k = 0; k < d->n_doors; k++) {
        const dg_door *dr = &d->doors[k];
        size_t at = (size_t)lab[(size_t)dr->y * d->width + dr->x] * stride + (size_t)dr->room;
        if (seen[at]) s.repeat_gates++;
        seen[at] = 1;
    }
    free(seen);
    free(lab);
    free(queue);
    return s;
}

#endif
