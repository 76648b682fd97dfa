/* cycles_int.h -- what cycles.c (the lock-and-key search, the walks) and
 * cycles_lair.c (the lair's one way in, the lock loops maps get) share:
 * the search's buffers and the walks over them. Core-private. */
#ifndef DG_CYCLES_INT_H
#define DG_CYCLES_INT_H

#include "dg_int.h"

/* Buffers every walk of a search shares, allocated once, in one block:
 * also the walk from the entrance with nothing shut (dist, parent, steps),
 * which the fiction reads too (dg__entrance_walk). */
struct dg__entrance_walk {
    int32_t *dist, *parent, *queue, *seen, *back;
    int32_t *steps, *shut_steps, *back_steps;
    int *ways;
    /* open_with_keys: the doors each room holds the key of, a list per room
     * (key_head[room], then key_next[door]; -1 ends it) */
    int *key_head, *key_next;
    unsigned char *shut, *alone;
    /* near(): a stamp per cell, so nothing is cleared between searches */
    uint32_t *mark, now;
    /* per cell, its open neighbours: bit 0 west, 1 east, 2 north, 3 south
     * (the walk's order); read instead of the map's bounds and words */
    unsigned char *sides;
    unsigned char *open;      /* sides_all's: each cell open (1) or not, a zero row and cell either side */
    unsigned char *unmet;     /* cycles_ringed.c's: open[] (less what is shut), cleared as met */
    int32_t step[4];
    void *block;              /* every buffer above */
    bool entered;             /* dg__entrance_walk_new found the entrance and walked from it */
    /* dg__entrance_walk_new's: no open cell on the map's west or east edge
     * (cycles_ringed.c), and open[] the map's as it stands: the stocked
     * map, which nothing changes after (the map layer's walks, which dig
     * and wall up, leave it false) */
    bool ringed;
    dg_point in;
    /* dg__lock_cycle_plan's: the dead-end rooms far enough round for a
     * key (up to most_dead of them), where find_cycle found no key */
    int *dead, most_dead, n_dead;
    int goal;                 /* find_cycle's goal, found or not */
    /* dg__lock_cycle_plan's: door cells beside the shortest way to the
     * goal, not on it, nearest the goal first (up to most_beside) */
    int32_t *beside;
    int most_beside, n_beside;
    /* and the plain corridor cells beside it where a branch leaves it
     * (cycles_dig.c cuts donjon's maze there), NULL: none asked */
    int32_t *cut;
    int most_cut, n_cut;
    /* a secret door may be the lock (made a locked door: the design's,
     * donjon's loops maps, where the lair's one way in is often secret) */
    bool secret_lock;
    /* find_cycle's: the goal's doors are one lock (dg__cyc_lair_doors) */
    bool goal_doors;
};
typedef struct dg__entrance_walk cyc_work;

/* The buffers for d, in one block (false: no memory), and back. */
bool dg__cyc_work_new(const dg_dungeon *d, cyc_work *w);
void dg__cyc_work_free(cyc_work *w);
/* w->sides of cell k, from the map as it stands; and of every cell. */
unsigned char dg__cyc_sides_of(const dg_dungeon *d, size_t k);
void dg__cyc_sides_all(const dg_dungeon *d, cyc_work *w);
/* The walk from `from` with the cells in shut[] closed: dist and parent
 * per cell (parent may be NULL), steps per room; the cells reached. */
size_t dg__cyc_walk(const dg_dungeon *d, const cyc_work *w, int32_t from, const unsigned char *shut, int32_t *dist,
                    int32_t *parent, int32_t *queue, int32_t *steps);
/* cycles_shut.c: rooms' steps from the entrance `from` with cells
 * shut[0..n_shut) closed, as dg__cyc_walk's, made from w's walk from
 * `from` with nothing closed (dist, parent, steps); false: not cheaper,
 * walk anew. Writes w->seen, back, queue, unmet and key_head. */
bool dg__cyc_walk_shut(const dg_dungeon *d, cyc_work *w, int32_t from, const int32_t *shut, int n_shut,
                       int32_t *shut_steps);
/* Whether, with door cell `gone` shut, open cell `start` beside it still
 * meets the entrance (the walk's tree in w). */
bool dg__cyc_meets_entrance(const dg_dungeon *d, cyc_work *w, int32_t gone, int32_t start);
/* cycles_ringed.c: the walk from the entrance with nothing shut (w->dist,
 * parent, queue, steps as dg__cyc_walk's) where the map is ringed with
 * rock (sets w->ringed: open[] is the map's and no side wraps); false:
 * not walked, walk as dg__cyc_walk. Writes w->seen (a new walk's: the
 * first of w). */
bool dg__cyc_ringed_entrance(const dg_dungeon *d, cyc_work *w, int32_t from);
/* dg__cyc_walk without parents (steps never NULL; dist only of the cells
 * met, queue[0..returned): the rest may hold anything), and
 * dg__cyc_meets_entrance: on a ringed map (w->ringed) one byte a side,
 * else those; the same answers. */
size_t dg__cyc_walk_steps(const dg_dungeon *d, cyc_work *w, int32_t from, const unsigned char *shut, int32_t *dist,
                          int32_t *queue, int32_t *steps);
bool dg__cyc_meets(const dg_dungeon *d, cyc_work *w, int32_t gone, int32_t start);
/* cycles.c's open_with_keys on a ringed map (its key lists made): the
 * rooms' steps, the doors opened, *walk its answer; false: not flooded. */
bool dg__cyc_ringed_keys(const dg_dungeon *d, cyc_work *w, int32_t from, unsigned char *shut, int32_t *queue,
                         int32_t *steps, bool *walk);
/* Whether d's lock is all the lair's doors at once, keyed alike (goal: a
 * room id): loops=many maps, whose lair keeps every way in (and the loops
 * through it), and rooms only (a cave chamber's openings are rock's). */
bool dg__cyc_lair_doors(const dg_dungeon *d, int goal);
/* Whether door k is one of room goal's. */
static inline bool dg__cyc_goal_door(const dg_dungeon *d, size_t k, int goal)
{
    return d->doors[k].room == goal || d->doors[k].other == goal;
}
/* cycles.c's search: *out the lock-and-key cycle to `goal` (0: the lair),
 * keys as dg__lock_cycle_find takes them; walked: w already holds the
 * walk from the entrance. */
void dg__cyc_find_cycle(const dg_dungeon *d, int goal, const int *keys, cyc_work *w, bool walked,
                        dg__lock_cycle *out);

#endif
