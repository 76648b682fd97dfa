/* loops_stub.c -- a corridor that led only to a closed cell goes back
 * to rock (cycles_dig.c's cut of donjon's maze, on the map being dug), as
 * cycles_lair.c's fill_stub does on the finished map: no corridor runs
 * into a blank wall. (loops=many once walled the lair's other doors up
 * here between rounds; it keeps them now, locked alike: cycles_lair.c.) */
#include "loops_int.h"

/* Whether cell at is an exit's (its corridor stays). */
static bool an_exit(const dg__build *b, int32_t at)
{
    for (size_t e = 0; e < b->n_exit; e++)
        if (dg__loop_at(b, b->exit[e].y, b->exit[e].x) == at) return true;
    return false;
}

/* Open neighbours of cell at (inside the map's edge or not); *one: the
 * last found. */
static int open_sides(const dg__build *b, int32_t at, int32_t *one)
{
    int W = b->cols, r = at / W, c = at - r * W, n = 0;
    int32_t nb[4] = {r > 0 ? at - W : -1, r < b->rows - 1 ? at + W : -1, c > 0 ? at - 1 : -1,
                     c < W - 1 ? at + 1 : -1};
    for (int d = 0; d < 4; d++)
        if (nb[d] >= 0 && (b->cell[nb[d]] & DG_OPENSPACE)) {
            n++;
            *one = nb[d];
        }
    return n;
}

/* cycles_lair.c's fill_stub on the map being dug: after the door at cell
 * `at` is walled up (or the corridor cell cut, cycles_dig.c), the plain
 * corridor that led only to it goes back to rock while a cell has no
 * other open side, and the door at its far end with it when it opened on
 * nothing else. Open cells closed. */
size_t dg__loop_fill_stub(digger *g, int32_t at)
{
    dg__build *b = g->b;
    int W = b->cols, r = at / W, c = at - r * W;
    int32_t nb[4] = {r > 0 ? at - W : -1, r < b->rows - 1 ? at + W : -1, c > 0 ? at - 1 : -1,
                     c < W - 1 ? at + 1 : -1};
    size_t filled = 0;
    for (int q = 0; q < 4; q++) {
        int32_t k = nb[q];
        while (k >= 0 && b->cell[k] == DG_CORRIDOR && !an_exit(b, k)) {
            int32_t next = -1;
            int n = open_sides(b, k, &next);
            if (n > 1) break; /* a junction: the corridor goes on */
            bool door = n && (b->cell[next] & DG_DOORSPACE) && !(b->cell[next] & (DG_STAIR_DN | DG_STAIR_UP));
            if (n && !door && b->cell[next] != DG_CORRIDOR) break; /* a stair or room ends it: a corridor's end */
            b->cell[k] = DG_NOTHING;
            dg__loop_changed(g, k);
            filled++;
            if (door) { /* a door onto nothing but this stub: walled up too */
                b->cell[next] = DG_PERIMETER;
                dg__loop_changed(g, next);
                filled++;
            }
            if (n == 0 || door) break; /* the last cell, open on nothing now */
            k = next;
        }
    }
    return filled;
}
