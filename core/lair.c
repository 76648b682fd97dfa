/* lair.c -- which room is the lair: the biggest of the rooms farthest on
 * foot from the entrance. One rule, asked by everything that must agree on
 * it: loops.c's digger (no loop enters the lair), cycles.c (the lair keeps
 * one way in; the lock-and-key cycle's goal) and the fiction (the master's
 * fight, the hoard). The walks are the callers'; this file only chooses. */
#include "dg_int.h"

/* A room counts as far when its walk is at least this share (percent) of
 * the farthest room's. The single farthest room was often a closet at
 * the end of a corridor (30 ft across: no room for the climax a party of
 * level 17 earns); docs/stocking.md has the figures this was tuned on. */
#define LAIR_REACH_PCT 75

int dg__lair_pick(size_t n, const int32_t *steps, dg__room_area_fn area, const void *ctx)
{
    int32_t far = -1;
    for (size_t i = 0; i < n; i++)
        if (steps[i] > far) far = steps[i];
    if (far < 0) return 0;
    int lair = 0, lair_area = 0;
    for (size_t i = 0; i < n; i++) {
        if (steps[i] < 0 || 100 * (long)steps[i] < LAIR_REACH_PCT * (long)far) continue;
        int a = area(ctx, (int)i + 1);
        /* the biggest; of equals the farther, then the first */
        if (!lair || a > lair_area || (a == lair_area && steps[i] > steps[lair - 1])) {
            lair = (int)i + 1;
            lair_area = a;
        }
    }
    return lair;
}

static int dungeon_area(const void *ctx, int id) { return ((const dg_dungeon *)ctx)->rooms[id - 1].area; }

int dg__lair_room(const dg_dungeon *d, const int32_t *steps)
{
    return dg__lair_pick(d->n_rooms, steps, dungeon_area, d);
}
