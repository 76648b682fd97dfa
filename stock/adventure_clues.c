/* adventure_clues.c -- clues between rooms: at least one a five rooms of a
 * floor, each in a room the party is likely to reach first (nearer the
 * entrance than what it points at, when the floor allows) and pointing at
 * another room by what is found there: tracks toward the lair, a ledger
 * naming a key's room, a plan showing a secret door, a warning about a
 * trapped door, a draught from the stairs down. Targets and places are
 * read from what a reroll keeps (room ids, distances, purposes, doors, the
 * lair, stairs), so rerolling a room never changes another's clues. */
#include "stock_int.h"

#define PART_CLUES 0x2000000
#define MAX_TARGETS 64

typedef struct { int room; dg__clue_target kind; } target;

static void add(target *t, int *n, int room, dg__clue_target kind)
{
    if (room <= 0 || *n >= MAX_TARGETS) return;
    for (int k = 0; k < *n; k++)
        if (t[k].room == room && t[k].kind == kind) return;
    t[(*n)++] = (target){room, kind};
}

static int room_at(const dg_dungeon *d, int x, int y)
{
    uint32_t cell = dg_cell(d, x, y);
    return dg_cell_open(cell) ? (int)((cell & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT) : 0;
}

/* Whether room rc may hold a clue to room `to`: not that room, with
 * space for a clue, reached, and no clue to `to` already (a cave of one
 * target read "Fresh tracks ... toward the lair (room 4)" twice in one
 * room). */
static bool may_hold(const dg_room_contents *rc, int to)
{
    bool ok = rc->id != to && rc->n_clues < DG_ROOM_MAX_CLUES && rc->distance >= 0;
    for (int k = 0; ok && k < rc->n_clues; k++) ok = rc->clues[k].room != to;
    return ok;
}

/* A room for a clue to room `to` (may_hold), nearer the entrance than it
 * when one is; drawn among them. */
static int place_for(dg_rng *r, const dg_contents *c, int to)
{
    int dist_to = c->rooms[to - 1].distance, n = 0, n_before = 0;
    for (size_t i = 0; i < c->n_rooms; i++) {
        const dg_room_contents *rc = &c->rooms[i];
        bool ok = may_hold(rc, to);
        n += ok;
        n_before += ok && rc->distance < dist_to;
    }
    if (!n) return 0;
    bool before = n_before > 0;
    int k = (int)dg__rng_below(r, (uint32_t)(before ? n_before : n));
    for (size_t i = 0; i < c->n_rooms; i++) {
        const dg_room_contents *rc = &c->rooms[i];
        bool ok = may_hold(rc, to);
        if (ok && (!before || rc->distance < dist_to) && k-- == 0) return rc->id;
    }
    return 0;
}

/* Whether a room of the floor has clue phrase `phrase` to room `to`. */
static bool said_of(const dg_contents *c, int phrase, int to)
{
    for (size_t i = 0; i < c->n_rooms; i++)
        for (int k = 0; k < c->rooms[i].n_clues; k++)
            if (c->rooms[i].clues[k].kind == phrase && c->rooms[i].clues[k].room == to) return true;
    return false;
}

void dg__adventure_clues(dg_contents *c, const dg_dungeon *d, uint64_t seed)
{
    for (size_t i = 0; i < c->n_rooms; i++) c->rooms[i].n_clues = 0;
    if (c->n_rooms < 2) return;
    target t[MAX_TARGETS];
    int n = 0;
    add(t, &n, c->farthest_room, DG__CLUE_LAIR);
    for (size_t i = 0; i < c->n_doors && i < d->n_doors; i++) {
        const dg_door *o = &d->doors[i];
        int room = o->room ? o->room : o->other;
        if (c->doors[i].key_room) add(t, &n, c->doors[i].key_room, DG__CLUE_KEY);
        if (c->doors[i].secret >= 0) add(t, &n, room, DG__CLUE_SECRET);
        if (c->doors[i].trapped) add(t, &n, room, DG__CLUE_TRAPPED);
    }
    for (size_t i = 0; i < d->n_stairs; i++)
        if (d->stairs[i].down) add(t, &n, room_at(d, d->stairs[i].x, d->stairs[i].y), DG__CLUE_STAIRS);
    dg_rng r = dg__stock_stream(seed, DG__STREAM_ADVENTURE, PART_CLUES);
    /* the lair first, the rest in a drawn order */
    for (int k = n - 1; k > 1; k--) {
        int j = 1 + (int)dg__rng_below(&r, (uint32_t)k);
        target s = t[k];
        t[k] = t[j];
        t[j] = s;
    }
    int want = (int)(c->n_rooms + 4) / 5 + (dg__rng_percent(&r, 50) ? 1 : 0);
    for (int k = 0, made = 0; made < want && k < 3 * n; k++) {
        const target *to = &t[k % n];
        if (to->room < 1 || (size_t)to->room > c->n_rooms || c->rooms[to->room - 1].distance < 0) continue;
        int at = place_for(&r, c, to->room);
        if (!at) continue;
        dg_room_contents *rc = &c->rooms[at - 1];
        /* a phrase another room of the floor says of the same room is
         * said another way (two rooms of a cave both read "Fresh tracks
         * of many feet, all going one way: toward the lair"), when the
         * kind has another */
        int picked = dg__adv_clue_pick(&r, to->kind), phrase = picked;
        while (said_of(c, phrase, to->room) && (phrase = dg__adv_clue_next(phrase, to->kind)) != picked) continue;
        rc->clues[rc->n_clues++] = (dg_clue){phrase, to->room, c->floor + 1};
        made++;
    }
}
