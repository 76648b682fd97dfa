/* loops.c -- loops=some|many: ways round dug into a family's map after its
 * stairs stand (floors.c calls it last, before the map is finished), on a
 * stream of its own, so everything the family made stays as loops=none
 * makes it. Jaquays's rule is what it serves: a choice at a junction, a way
 * round a fight. A loop is only made where the walk it saves is long, and
 * only where it adds a way round between rooms and corridor systems (the
 * room graph), not a second door into the same corridor:
 *   - a corridor through rock from a door in one room's free wall to a
 *     door in another's, or to a corridor system the room has no door to
 *     (rooms' families: donjon, panels, gridmapper, cells);
 *   - a door in a wall between a room and a corridor system (or, on
 *     donjon's maze, a room) it has no way into yet: donjon's mazes leave
 *     no rock to dig through;
 *   - where the map is cave, a tunnel from cave floor to cave floor (drawn
 *     as cave; core/chambers.c later keys it as a passage).
 * Nothing a loop digs touches anything on its way (no corridor widens, no
 * door or stair gains a side), doors are drawn from the doors key's mix as
 * the family draws them (an arch into a cave room), and on donjon's node
 * lattice a corridor runs node to node as donjon's own do (there every
 * way is found in one pass over the rock: loops_lattice.c). On a maze
 * (donjon's lattice) the dead-end corridors go first, as the family's
 * deadends=all would take them: they add no way round and hold the rock
 * loops are dug through. The lair (lair.c's, once the
 * loops stand) is where the lock-and-key cycle ends: on loops=some maps
 * it keeps one way in (cycles_lair.c walls up the others), and the loops
 * lost with them are dug again elsewhere; loops=many keeps its ways in,
 * all locked alike (one key opens them), and loses none: one round. */
#include "loops_int.h"

/* A loop was dug (g's dirty box): the spots that failed near it are
 * tried again. One farther off fails again: its dig's box holds what it
 * held, a dig only shortens walks, and joins systems rather than parting
 * them, so each end it found is refused again as it was. */
static void retry_near(const digger *g, const spot *spots, size_t n, uint32_t *failed, spot_memo *memo,
                       uint32_t epoch)
{
    /* the box reaches `reach` cells, reads a wall and the floor behind it
     * beyond, and the classes read two cells round what changed */
    int m = g->reach + 4, W = g->b->cols;
    int r0 = g->dirty_r0 - m, r1 = g->dirty_r1 + m, c0 = g->dirty_c0 - m, c1 = g->dirty_c1 + m;
    for (size_t k = 0; k < n; k++) {
        int r = spots[k].front / W, c = spots[k].front % W;
        if (r < r0 || r > r1 || c < c0 || c > c1) continue;
        memo[k].valid = false;
        if (failed[k] == epoch) failed[k] = 0;
    }
}

/* How many loops a floor gets: some a few, many more, by the map's size. */
static int loops_wanted(const dg__build *b)
{
    long cells = (long)b->rows * b->cols;
    long n = b->o->loops == DG_LOOPS_SOME ? 2 + cells / 2000 : 5 + cells / 500;
    return n > LOOP_MOST ? LOOP_MOST : (int)n;
}

/* The loops of a family off the lattice: rounds of tries, each from a
 * spot drawn from the stream (loops_dig.c's search), the lair's lost
 * loops dug again in the next round. */
static dg_status search_rounds(digger *gp, const spot *spots, size_t n_spots, int want, dg_error *err)
{
    digger g = *gp; /* written back at the end */
    dg__build *b = g.b;
    dg_status rc = DG_OK;
    uint32_t *failed = NULL;
    spot_memo *memo = NULL;
    failed = dg__calloc(n_spots ? n_spots : 1, sizeof *failed);
    memo = dg__malloc((n_spots ? n_spots : 1) * sizeof *memo);
    if (!failed || !memo) {
        rc = dg__nomem(err, "digging loops");
        goto done;
    }
    for (size_t k = 0; k < n_spots; k++) memo[k].valid = false;
    /* no lair yet: the first round's loops may go anywhere (a lair fixed
     * before them was most often not the lair after them) */
    g.lair = 0;
    /* loops=many on a small map twice the tries: few places lead to a way
     * round there (panels' corridor parts its map, and the ways round a
     * side of it are few and far to find: 88.7 -> 90.6% of its 41x41
     * floors with two loops); a big map's budget is wide already */
    int tries = b->o->loops == DG_LOOPS_MANY && want <= LOOP_FEW ? 2 * LOOP_TRIES : LOOP_TRIES;
    int made = 0, budget = tries * want;
    /* a spot that failed fails again until a loop is dug near it or the
     * rule is relaxed (a try draws nothing from the stream unless it
     * digs): the draw is kept, the try is not made again */
    uint32_t epoch = 1;
    for (int round = 0; round < LOOP_ROUNDS && n_spots > 0; round++) {
        g.relaxed = 0;
        epoch++;
        for (int t = 0; t < budget && made < want; t++) {
            int relaxed = t >= budget / 2;
            if (b->o->loops == DG_LOOPS_MANY && t >= budget - budget / 4) relaxed = 2;
            if (relaxed != g.relaxed) epoch++;
            g.relaxed = relaxed;
            uint32_t k = dg__rng_below(&g.rng, (uint32_t)n_spots);
            if (failed[k] == epoch) continue;
            const spot *s = &spots[k];
            bool dug = false;
            if ((rc = dg__loop_try_spot(&g, s, &memo[k], &dug, err)) != DG_OK) goto done;
            made += dug;
            if (dug) {
                retry_near(&g, spots, n_spots, failed, memo, epoch);
                dg__loop_reclass(&g, g.dirty_r0, g.dirty_c0, g.dirty_r1, g.dirty_c1);
                g.dirty_r0 = 1;
                g.dirty_r1 = 0;
            } else
                failed[k] = epoch;
        }
        /* loops=many keeps the lair's doors, all locked alike
         * (cycles_lair.c): no loop is lost to it, one round digs them */
        if (b->o->loops == DG_LOOPS_MANY) break;
        /* the lair once the loops stand (lair.c's rule): on loops=some
         * maps cycles_lair.c walls up its other ways in, and the loops
         * through them with them; that many more are dug in another
         * round, which keeps out of it */
        int far = dg__loop_far_room(&g);
        if (!far || far == g.lair) break;
        int lost = dg__loop_ways_in(b, far) - 1;
        g.lair = far;
        if (lost <= 0) break;
        made = made > lost ? made - lost : 0;
        budget = tries * (want - made);
    }
done:
    dg__free(failed);
    dg__free(memo);
    *gp = g;
    return rc;
}

dg_status dg__dig_loops(dg__build *b, dg_rng rng, dg_error *err)
{
    if (b->o->loops == DG_LOOPS_NONE) return DG_OK;
    digger g = {.b = b, .rng = rng};
    int side = b->rows < b->cols ? b->rows : b->cols;
    g.reach = side / 3;
    if (g.reach < LOOP_REACH_MIN) g.reach = LOOP_REACH_MIN;
    if (g.reach > LOOP_REACH_MAX) g.reach = LOOP_REACH_MAX;
    size_t box = (size_t)(2 * g.reach + 1) * (size_t)(2 * g.reach + 1);
    size_t cells = (size_t)b->rows * (size_t)b->cols;
    for (int c = 0; c < b->cols; c++)
        g.rim_open |= ((b->cell[c] | b->cell[cells - (size_t)b->cols + (size_t)c]) & DG_OPENSPACE) != 0;
    for (int r = 0; r < b->rows; r++)
        g.rim_open |= ((b->cell[(size_t)r * (size_t)b->cols] | b->cell[(size_t)r * (size_t)b->cols + (size_t)b->cols - 1]) &
                       DG_OPENSPACE) != 0;
    /* the family's dead-end corridors go first (its own deadends pass, all
     * of them): they add no way round, and on a maze they hold the rock a
     * loop is dug through */
    if (b->lattice) dg__remove_deadends(b, 100);
    spot *spots = NULL;
    size_t n_spots = 0;
    dg_status rc = DG_OK;
    /* the walks' buffers, a cell's each, and the rooms' steps: one block
     * (a malloc each was a tenth of the loops' allocator time) */
    g.stamp = dg__malloc(4 * cells * sizeof(int32_t) + (b->n_room + 1) * sizeof *g.room_step);
    if (g.stamp) {
        g.label = (int32_t *)(void *)(g.stamp + cells); /* every cell labelled below */
        g.wq = g.label + cells;
        g.depth = g.wq + cells;
        g.room_step = g.depth + cells;
    } /* stamp: cleared as systems are labelled below */
    if (!g.stamp) {
        rc = dg__nomem(err, "digging loops");
        goto done;
    }
    if ((rc = dg__loop_label_systems(&g, err)) != DG_OK) goto done;
    int want = loops_wanted(b);
    /* donjon's maze: every way in one pass (loops_lattice.c); the search
     * from each spot below serves it only where loops=some's design asks
     * for a loop more (cycles_dig.c) */
    if (b->lattice && ((rc = dg__loop_lattice(&g, want, err)) != DG_OK || b->o->loops != DG_LOOPS_SOME)) goto done;
    g.prev = dg__malloc(box * sizeof *g.prev);
    g.queue = dg__malloc(box * sizeof *g.queue);
    g.len = dg__malloc(box * sizeof *g.len);
    g.how = dg__malloc(box);
    g.box_stamp = dg__calloc(box, sizeof *g.box_stamp);
    g.cls = dg__malloc(cells);
    if (!g.cls || !g.prev || !g.box_stamp || !g.queue || !g.len || !g.how) {
        rc = dg__nomem(err, "digging loops");
        goto done;
    }
    dg__loop_reclass(&g, 0, 0, b->rows - 1, b->cols - 1);
    g.dirty_r0 = 1; /* nothing dirty */
    g.dirty_r1 = 0;
    if ((rc = dg__loop_find_spots(b, g.cls, &spots, &n_spots, err)) != DG_OK) goto done;
    if (!b->lattice && (rc = search_rounds(&g, spots, n_spots, want, err)) != DG_OK) goto done;
    /* then a loop or two the lock-and-key cycle needs (cycles_dig.c) */
    rc = dg__loops_for_design(&g, spots, n_spots, err);
done:
    b->ends = NULL; /* new corridor ends stand where the lattice's did not */
    dg__free(spots);
    dg__free(g.prev);
    dg__free(g.box_stamp);
    dg__free(g.queue);
    dg__free(g.len);
    dg__free(g.how);
    dg__free(g.stamp); /* and label, wq, depth, room_step: one block */
    dg__free(g.parent);
    dg__free(g.cls);
    return rc;
}
