/* lights.c -- where the VTT exports put the dungeon's lights: one pure
 * function of the finished map and its illumination word (the light each
 * word means is core's table, dg_lighting_of), so uvtt and the Foundry
 * scene get the very same lights and no random stream is drawn. How each
 * format writes a light is vtt.c's.
 *
 * A light every spacing_ft (the word's own "every 40 ft."), spacing_ft /
 * cell_ft squares apart, on walkable floor: never a door (a light there
 * would sit in the doorway's wall) nor a stair. Rooms first, in id order,
 * each on a lattice centred in its box: round(width / s) across and
 * round(height / s) down (at least one each way), lattice points off the
 * room's own floor (circles, polygons, caves) left out. Then everything
 * else walkable in row-major order: a cell gets a light when no light
 * placed so far is within s - 1 squares either way (Chebyshev), which puts
 * one every s squares along a corridor and fills caves and any room floor
 * the lattice missed. A dark dungeon, or one whose contents are not
 * stocked (contents=none), has none. */
#include <stdlib.h>

#include "render_int.h"

const dg_lighting *dr__lighting_of(const dg_dungeon *d)
{
    const dg_contents *c = d->contents;
    if (!c || c->depth == DG_DEPTH_NONE) return NULL;
    return dg_lighting_of(c->details.illumination);
}

static bool walkable(uint32_t c)
{
    return dg_cell_open(c) && !(c & (DG_DOORSPACE | DG_STAIRS));
}

static void block(unsigned char *near, const dg_dungeon *d, int x, int y, int s)
{
    for (int yy = y - s + 1; yy <= y + s - 1; yy++)
        for (int xx = x - s + 1; xx <= x + s - 1; xx++)
            if (xx >= 0 && yy >= 0 && xx < d->width && yy < d->height)
                near[(size_t)yy * (size_t)d->width + (size_t)xx] = 1;
}

static bool add(dr__lights *l, size_t *cap, int x, int y)
{
    if (dg__grow((void **)&l->at, cap, l->n + 1, sizeof *l->at, "placing lights", NULL) != DG_OK) return false;
    l->at[l->n++] = (dg_point){x, y};
    return true;
}

/* The k-th of n lattice points across a side of len cells from lo: the
 * middle of the k-th of n equal parts. */
static int lattice(int lo, int len, int k, int n) { return lo + (2 * k + 1) * len / (2 * n); }

static int parts(int len, int s)
{
    int n = (len + s / 2) / s;
    return n < 1 ? 1 : n;
}

dg_status dr__lights_place(const dg_dungeon *d, dr__lights *l, dg_error *err)
{
    *l = (dr__lights){0};
    l->kind = dr__lighting_of(d);
    if (!l->kind || l->kind->spacing_ft <= 0) return DG_OK;
    int s = l->kind->spacing_ft / dg_cell_feet(&d->opts);
    if (s < 1) s = 1;
    l->spacing = s;
    size_t cap = 0;
    unsigned char *near = dg__calloc((size_t)d->width * (size_t)d->height, 1);
    if (!near) goto nomem;

    for (size_t i = 0; i < d->n_rooms; i++) {
        const dg_room *r = &d->rooms[i];
        int nx = parts(r->width, s), ny = parts(r->height, s);
        for (int j = 0; j < ny; j++)
            for (int k = 0; k < nx; k++) {
                int x = lattice(r->x, r->width, k, nx), y = lattice(r->y, r->height, j, ny);
                uint32_t c = dg_cell(d, x, y);
                if (!walkable(c) || !(c & DG_ROOM) ||
                    (int)((c & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT) != r->id)
                    continue;
                if (!add(l, &cap, x, y)) goto nomem;
                block(near, d, x, y, s);
            }
    }
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++) {
            if (near[(size_t)y * (size_t)d->width + (size_t)x] || !walkable(dg_cell(d, x, y)))
                continue;
            if (!add(l, &cap, x, y)) goto nomem;
            block(near, d, x, y, s);
        }
    dg__free(near);
    return DG_OK;
nomem:
    dg__free(near);
    dr__lights_fini(l);
    return dg__nomem(err, "placing lights");
}

void dr__lights_fini(dr__lights *l)
{
    dg__free(l->at);
    *l = (dr__lights){0};
}
