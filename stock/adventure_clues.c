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

/* A room for a clue to room `to`: not that room, with space for a clue,
 * nearer the entrance than it when one is; drawn among them. */
static int place_for(dg_rng *r, const dg_contents *c, int to)
{
    int dist_to = c->rooms[to - 1].distance, n = 0, n_before = 0;
    for (size_t i = 0; i < c->n_rooms; i++) {
        const dg_room_contents *rc = &c->rooms[i];
        bool ok = rc->id != to && rc->n_clues < DG_ROOM_MAX_CLUES && rc->distance >= 0;
        n += ok;
        n_before += ok && rc->distance < dist_to;
    }
    if (!n) return 0;
    bool before = n_before > 0;
    int k = (int)dg__rng_below(r, (uint32_t)(before ? n_before : n));
    for (size_t i = 0; i < c->n_rooms; i++) {
        const dg_room_contents *rc = &c->rooms[i];
        bool ok = rc->id != to && rc->n_clues < DG_ROOM_MAX_CLUES && rc->distance >= 0;
        if (ok && (!before || rc->distance < dist_to) && k-- == 0) return rc->id;
    }
    return 0;
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
        rc->clues[rc->n_clues++] = (dg_clue){dg__adv_clue_pick(&r, to->kind), to->room, c->floor + 1};
        made++;
    }
}
