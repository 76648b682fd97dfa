/* circle.c -- the true circle a round room is drawn as. The room's cells
 * are the generator's (a circle's cells, dg_room.shape == DG_SHAPE_CIRCLE);
 * drawings replace their stepped outline by a circle that holds the centre
 * of every room cell and of no other cell, so a cell still reads as floor
 * exactly where the map says it is walkable: the one halfway between the
 * farthest room cell's centre and the nearest other centre, so neither
 * sits under the wall line (the circle inscribed in the box passes within
 * a fraction of a pixel of some room centres). */
#include <math.h>

#include "render_int.h"

static bool room_cell(const dg_dungeon *d, int x, int y, int id)
{
    uint32_t c = dg_cell(d, x, y);
    return (c & DG_ROOM) && (int)((c & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT) == id;
}

bool dr__room_circle(const dg_dungeon *d, const dg_room *r, int cell, dr__circle *out)
{
    if (r->shape != DG_SHAPE_CIRCLE || r->width != r->height || r->width < 3) return false;
    if (r->x < 0 || r->y < 0 || r->x + r->width > d->width || r->y + r->height > d->height) return false;
    /* in half cells: the box centre (cx2, cy2), distances squared */
    long cx2 = 2L * r->x + r->width, cy2 = 2L * r->y + r->height;
    long in = -1, outside = -1;
    for (int y = r->y - 1; y <= r->y + r->height; y++)
        for (int x = r->x - 1; x <= r->x + r->width; x++) {
            long dx = 2L * x + 1 - cx2, dy = 2L * y + 1 - cy2, dd = dx * dx + dy * dy;
            if (room_cell(d, x, y, r->id)) {
                if (dd > in) in = dd;
            } else if (outside < 0 || dd < outside) {
                outside = dd;
            }
        }
    if (in < 0 || outside <= in) return false; /* not a disc of cells: keep the cells */
    double rad = (sqrt((double)in) + sqrt((double)outside)) / 2;
    out->cx = (double)cx2 * cell / 2;
    out->cy = (double)cy2 * cell / 2;
    out->r = rad * cell / 2;
    return true;
}
