/* loops_lair.c -- loops=many: the lair's one way in made while the loops
 * are dug, not only on the finished map. cycles_lair.c's one_way_in keeps
 * the lair's door the walk from the entrance reaches first and walls up
 * the others (where the map stays one region), with the corridor that led
 * only to one; a loop through such a door is lost there, and the digger,
 * seeing the door and its corridor still stand, found the rock taken and
 * the rooms joined, so the round meant to dig the lost loops again dug
 * few (test_loops: donjon's floors with two loops 79.5%, 94.2% before the
 * lair's doors go). Here the same walls go up as soon as a round's loops
 * stand and the lair is known (loops.c, loops_lattice.c), so the next
 * round digs through the rock they leave and counts the room graph as it
 * will be. loops=some leaves them to cycles_dig.c's design, which may keep
 * another of the lair's doors. */
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

/* Whether open cell `start` meets room `lair` without passing cell
 * `gone` (walks stamped as the digger's walks are). */
static bool meets_lair(digger *g, int32_t gone, int32_t start, int lair)
{
    dg__build *b = g->b;
    if (++g->now == 0) { /* the stamps wrapped: start them afresh */
        memset(g->stamp, 0, (size_t)b->rows * (size_t)b->cols * sizeof *g->stamp);
        g->now = 1;
    }
    const uint32_t *cell = b->cell;
    uint32_t *stamp = g->stamp, now = g->now;
    int32_t *q = g->wq;
    const int W = b->cols, H = b->rows;
    size_t head = 0, tail = 0;
    q[tail++] = start;
    stamp[start] = stamp[gone] = now;
    while (head < tail) {
        int32_t at = q[head++];
        if ((cell[at] & DG_ROOM) && dg__room_id(cell[at]) == lair) return true;
        int r = at / W, c = at - r * W;
        int32_t nb[4] = {r > 0 ? at - W : -1, r < H - 1 ? at + W : -1, c > 0 ? at - 1 : -1, c < W - 1 ? at + 1 : -1};
        for (int d = 0; d < 4; d++)
            if (nb[d] >= 0 && (cell[nb[d]] & DG_OPENSPACE) && stamp[nb[d]] != now) {
                stamp[nb[d]] = now;
                q[tail++] = nb[d];
            }
    }
    return false;
}

/* Whether door record o still stands (finish.c keeps such records only). */
static bool stands(const dg__build *b, const dg__door *o)
{
    return b->cell[dg__loop_at(b, o->r, o->c)] == (DG_CORRIDOR | dg__door_bit(o->type));
}

/* Whether room id is all cave: chambers.c makes it a chamber, whose
 * openings one_way_in leaves as they are. */
static bool cave_room(const dg__build *b, int id)
{
    if (!b->cave || id < 1 || (size_t)id > b->n_room) return false;
    const dg__room *r = &b->room[id - 1];
    bool any = false;
    for (int y = r->r1; y <= r->r2; y++)
        for (int x = r->c1; x <= r->c2; x++) {
            int32_t at = dg__loop_at(b, y, x);
            if (!(b->cell[at] & DG_ROOM) || dg__room_id(b->cell[at]) != id) continue;
            if (!b->cave[at]) return false;
            any = true;
        }
    return any;
}

int dg__loop_wall_lair(digger *g, int lair)
{
    dg__build *b = g->b;
    if (cave_room(b, lair)) return 0;
    /* the door kept: the first the walk reaches (far_room's walk, the
     * last one made: depths in the order met), ties in the doors' order */
    size_t keep = b->n_door;
    int best = -1;
    for (size_t q = 0; q < g->reached; q++) {
        if (best >= 0 && g->depth[q] > best) break;
        int32_t at = g->wq[q];
        if (!(b->cell[at] & DG_DOORSPACE)) continue;
        for (size_t k = 0; k < b->n_door; k++) {
            const dg__door *o = &b->door[k];
            if ((o->room != lair && o->other != lair) || dg__loop_at(b, o->r, o->c) != at || !stands(b, o)) continue;
            if (keep == b->n_door || k < keep) keep = k;
            best = g->depth[q];
        }
    }
    if (keep == b->n_door) return 0;
    /* one_way_in walls nothing on a map of several regions */
    size_t cells = (size_t)b->rows * (size_t)b->cols, open = 0;
    for (size_t c = 0; c < cells; c++) open += (b->cell[c] & DG_OPENSPACE) != 0;
    if (g->reached != open) return 0;
    int walled = 0;
    for (size_t k = 0; k < b->n_door; k++) {
        const dg__door *o = &b->door[k];
        if (k == keep || (o->room != lair && o->other != lair) || !stands(b, o)) continue;
        int32_t at = dg__loop_at(b, o->r, o->c), one;
        /* never one of two doors back to back: the other would open on wall */
        bool pair = false;
        for (int q = 0; q < 4; q++)
            pair |= (dg__get(b, o->r + dg_dir_dy((dg_dir)q), o->c + dg_dir_dx((dg_dir)q)) & DG_DOORSPACE) != 0;
        if (pair || open_sides(b, at, &one) == 0) continue;
        /* the map stays one region without it, as one_way_in asks: the
         * lair meets the entrance by the door kept (the walk reached that
         * first, from outside the lair), so each open side of this one
         * must meet the lair without it */
        int r = o->r, c = o->c;
        int32_t nb[4] = {r > 0 ? at - b->cols : -1, r < b->rows - 1 ? at + b->cols : -1, c > 0 ? at - 1 : -1,
                         c < b->cols - 1 ? at + 1 : -1};
        bool whole = true;
        for (int d = 0; d < 4 && whole; d++)
            if (nb[d] >= 0 && (b->cell[nb[d]] & DG_OPENSPACE)) whole = meets_lair(g, at, nb[d], lair);
        if (!whole) continue;
        b->cell[at] = DG_PERIMETER;
        dg__loop_changed(g, at);
        walled++;
        dg__loop_fill_stub(g, at);
    }
    /* the records of doors no longer standing go, as finish.c drops them
     * (and the room graph's questions read the records) */
    if (!walled) return 0;
    size_t kept = 0;
    for (size_t k = 0; k < b->n_door; k++)
        if (stands(b, &b->door[k])) b->door[kept++] = b->door[k];
    b->n_door = kept;
    return walled;
}
