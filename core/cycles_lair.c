/* cycles_lair.c -- the lock loops maps are given: on loops=some maps the
 * lair keeps one way in (its other doors walled up where the map stays one
 * region, and the corridor that led only to such a door back to rock),
 * then the door the lock-and-key cycle asks for (cycles.c) is locked; on
 * loops=many maps the lair keeps its doors, and the loops through them,
 * and all of them are locked, keyed alike; and the same asked of the map
 * as it is being dug, for the loops' design (cycles_dig.c). */
#include "cycles_int.h"

/* Cell k made rock: its neighbours lose their side towards it (bit 0
 * west, 1 east, 2 north, 3 south); its own sides stay what they were
 * (its neighbours did not change), as the walks never enter it. */
static void close_cell(dg_dungeon *d, cyc_work *w, size_t k, uint32_t rock)
{
    d->cells[k] = rock;
    size_t wd = (size_t)d->width, x = k % wd;
    w->open[wd + 1 + k] = 0; /* the ringed walks' (cycles_ringed.c) */
    if (x > 0) w->sides[k - 1] &= (unsigned char)~2u;
    if (x + 1 < wd) w->sides[k + 1] &= (unsigned char)~1u;
    if (k >= wd) w->sides[k - wd] &= (unsigned char)~8u;
    if (k + wd < (size_t)d->width * (size_t)d->height) w->sides[k + wd] &= (unsigned char)~4u;
}

/* Whether cell k is a map exit's. */
static bool an_exit(const dg_dungeon *d, size_t k)
{
    for (size_t e = 0; e < d->n_exits; e++)
        if ((size_t)d->exits[e].y * (size_t)d->width + (size_t)d->exits[e].x == k) return true;
    return false;
}

/* After the door at cell `at` is walled up: the plain corridor that led
 * only to it goes back to rock, cell by cell while a cell has no other
 * open side, with the door at its far end when it opened on nothing else
 * (a stair's or an exit's cell, a junction, a room stay), so no corridor
 * runs into a blank wall by the lair (loops maps: a loop dug to a door
 * the lair's one way in closed). Open cells filled. */
static size_t fill_stub(dg_dungeon *d, cyc_work *w, size_t at)
{
    size_t filled = 0;
    int x = (int)(at % (size_t)d->width), y = (int)(at / (size_t)d->width);
    for (int q = 0; q < 4; q++) {
        int nx = x + dg_dir_dx((dg_dir)q), ny = y + dg_dir_dy((dg_dir)q);
        if (nx < 0 || ny < 0 || nx >= d->width || ny >= d->height) continue;
        size_t k = (size_t)ny * (size_t)d->width + (size_t)nx;
        while (d->cells[k] == DG_CORRIDOR && !an_exit(d, k)) {
            unsigned m = w->sides[k];
            if (m & (m - 1)) break; /* a junction: the corridor goes on */
            if (!m) { /* the last cell, open on nothing now */
                close_cell(d, w, k, DG_NOTHING);
                filled++;
                break;
            }
            int side = 0;
            while (!(m & 1u << side)) side++;
            size_t next = (size_t)((int32_t)k + w->step[side]);
            if ((d->cells[next] & DG_DOORSPACE) && !(d->cells[next] & (DG_STAIR_DN | DG_STAIR_UP))) {
                /* a door onto nothing but this stub: walled up too (its
                 * record goes in one_way_in's last pass) */
                close_cell(d, w, k, DG_NOTHING);
                close_cell(d, w, next, DG_PERIMETER);
                filled += 2;
                break;
            }
            if (d->cells[next] != DG_CORRIDOR) break; /* a stair or room ends it: a corridor's end */
            close_cell(d, w, k, DG_NOTHING);
            filled++;
            k = next;
        }
    }
    return filled;
}

/* The lair (lair.c: the biggest of the rooms farthest on foot) keeps one way in: the door the
 * walk reaches first; each other door of it is walled up where the map
 * stays one region without it (a corridor that only led there would be
 * cut off: that door stays). A lair with one door is what a lock can bar,
 * and what loops, dug without knowing the lair, may have undone. Rooms
 * only: a cave chamber's openings are its rock's. *walked: w's dist,
 * parent and steps still hold the walk from the entrance of the map as
 * it is left. tidy: the finished map's pass, where the corridor that led
 * only to a walled door goes too (fill_stub; the loops' plan, which
 * restores doors between tries, leaves corridors as they are). */
static int one_way_in(dg_dungeon *d, cyc_work *w, bool *walked, int keep, bool tidy)
{
    dg_point in;
    *walked = false;
    if (!d->n_doors || !d->n_rooms || !dg__map_entrance(d, &in)) return 0;
    size_t cells = (size_t)d->width * (size_t)d->height;
    int32_t *dist = w->dist, *queue = w->queue, *steps = w->steps;
    unsigned char *shut = w->shut;
    int32_t from = (int32_t)(in.y * d->width + in.x);
    size_t reached = dg__cyc_walk(d, w, from, shut, dist, w->parent, queue, steps) - !dg_cell_open(d->cells[from]);
    *walked = true;
    int lair = dg__lair_room(d, steps + 1);
    if (!lair || d->rooms[lair - 1].kind != DG_ROOM_KIND_ROOM) return 0;
    /* the door kept: the keep-th the walk reaches (0: the first; ties in
     * the doors' order), cycles_dig.c trying the others where the first
     * leaves no key room */
    size_t first = d->n_doors;
    int ways = 0;
    long prev = -1;
    for (int rank = 0; rank <= keep; rank++) {
        size_t pick = d->n_doors;
        long best = 0;
        for (size_t k = 0; k < d->n_doors; k++) {
            const dg_door *o = &d->doors[k];
            if (o->room != lair && o->other != lair) continue;
            int32_t at = (int32_t)((size_t)o->y * (size_t)d->width + (size_t)o->x);
            if (dist[at] < 0) continue;
            long key = (long)dist[at] * (long)(d->n_doors + 1) + (long)k; /* steps, then order */
            if (rank == 0) ways++;
            if (key > prev && (pick == d->n_doors || key < best)) {
                pick = k;
                best = key;
            }
        }
        if (pick == d->n_doors) return ways; /* fewer doors than keep */
        first = pick;
        prev = best;
    }
    size_t all = 0, kept = 0; /* open cells, counted when first needed */
    for (size_t k = 0; k < d->n_doors; k++) {
        const dg_door *o = &d->doors[k];
        size_t at = (size_t)o->y * (size_t)d->width + (size_t)o->x;
        if (!(d->cells[at] & DG_DOORSPACE)) continue; /* walled with a stub (fill_stub) */
        /* never one of two doors back to back: the other would open on wall */
        bool pair = false;
        for (int q = 0; q < 4; q++)
            pair |= (dg_cell(d, o->x + dg_dir_dx((dg_dir)q), o->y + dg_dir_dy((dg_dir)q)) & DG_DOORSPACE) != 0;
        if (k != first && !pair && (o->room == lair || o->other == lair)) {
            if (!all)
                for (size_t c = 0; c < cells; c++) all += dg_cell_open(d->cells[c]);
            if (!*walked) { /* a door walled up: the walk anew */
                reached = dg__cyc_walk(d, w, from, shut, dist, w->parent, queue, steps) - !dg_cell_open(d->cells[from]);
                *walked = true;
            }
            /* the map stays one region without the door when it is one
             * region now and every open side of the door meets the
             * entrance without it */
            bool whole = reached == all;
            unsigned m = w->sides[at];
            for (int q = 0; whole && m; q++, m >>= 1)
                if (m & 1) whole = dg__cyc_meets_entrance(d, w, (int32_t)at, (int32_t)at + w->step[q]);
            if (whole) {
                close_cell(d, w, at, DG_PERIMETER); /* walled up */
                all -= 1 + (tidy ? fill_stub(d, w, at) : 0);
                *walked = false;
                continue;
            }
        }
        d->doors[kept++] = d->doors[k];
    }
    d->n_doors = kept;
    /* doors fill_stub walled up with the stub they opened on */
    kept = 0;
    for (size_t k = 0; k < d->n_doors; k++)
        if (d->cells[(size_t)d->doors[k].y * (size_t)d->width + (size_t)d->doors[k].x] & DG_DOORSPACE)
            d->doors[kept++] = d->doors[k];
    d->n_doors = kept;
    return ways;
}

/* Whether the design may lock a secret door (cyc_work's secret_lock):
 * on donjon's loops maps, whose lair's one way in is a secret door on
 * one in forty small maps (test_loops: 77.4 -> 79.4% of 25x35 floors
 * with a designed cycle), and which the other families' figures were
 * measured without. */
static bool secret_lock(const dg_dungeon *d) { return d->opts.algorithm == DG_ALGO_DONJON; }

dg_status dg__lock_cycle_plan(dg_dungeon *d, int keep, dg__lock_cycle *out, int *ways, int *dead, int most,
                              int *n_dead, int32_t *beside, int most_beside, int *n_beside, int32_t *cut,
                              int most_cut, int *n_cut, dg_error *err)
{
    *out = (dg__lock_cycle){-1, 0, 0, 0, 0, false};
    *n_dead = 0;
    *n_beside = 0;
    if (n_cut) *n_cut = 0;
    cyc_work w;
    if (!dg__cyc_work_new(d, &w)) return dg__nomem(err, "finding the lock-and-key cycle");
    dg__cyc_sides_all(d, &w);
    bool walked;
    *ways = one_way_in(d, &w, &walked, keep, false);
    w.dead = dead;
    w.most_dead = most;
    w.beside = beside;
    w.most_beside = most_beside;
    w.cut = cut;
    w.secret_lock = secret_lock(d);
    w.most_cut = cut ? most_cut : 0;
    dg__cyc_find_cycle(d, 0, NULL, &w, walked, out);
    *n_dead = out->door < 0 ? w.n_dead : 0;
    *n_beside = out->door < 0 ? w.n_beside : 0;
    if (n_cut) *n_cut = out->door < 0 ? w.n_cut : 0;
    out->goal = w.goal;
    dg__cyc_work_free(&w);
    return DG_OK;
}

dg_status dg__lock_for_cycle(dg_dungeon *d, dg_error *err)
{
    cyc_work w;
    if (!dg__cyc_work_new(d, &w)) return dg__nomem(err, "finding the lock-and-key cycle");
    dg__cyc_sides_all(d, &w);
    w.secret_lock = secret_lock(d);
    dg__lock_cycle c;
    bool walked = false;
    /* loops=many keeps the lair's ways in (and the loops through them):
     * its doors are locked alike instead (cycles.c's all_doors) */
    if (d->opts.loops != DG_LOOPS_MANY) one_way_in(d, &w, &walked, 0, true);
    dg__cyc_find_cycle(d, 0, NULL, &w, walked, &c);
    dg__cyc_work_free(&w);
    if (c.door < 0) return DG_OK;
    for (size_t k = 0; k < d->n_doors; k++) {
        if (k != (size_t)c.door && !(c.all_doors && dg__cyc_goal_door(d, k, c.goal))) continue;
        dg_door *o = &d->doors[k];
        o->type = DG_DOOR_LOCKED;
        d->cells[(size_t)o->y * (size_t)d->width + (size_t)o->x] = DG_CORRIDOR | DG_LOCKED;
    }
    return DG_OK;
}
