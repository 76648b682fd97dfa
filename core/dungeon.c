/* dungeon.c -- lifecycle of the builder and of finished dungeons, their
 * growable arrays, and the small helpers every pass shares. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "dg_int.h"

/* The passes' first scratch block and the first capacities of the room,
 * door, stair and exit arrays, one allocation for all: a small map never
 * grows them, so the builder costs two allocations (this and the cells). */
enum { FIRST_SCRATCH = 16384, FIRST_ROOMS = 32, FIRST_DOORS = 64, FIRST_STAIRS = 16, FIRST_EXITS = 8 };
enum { IN_ROOMS = 1, IN_DOORS = 2, IN_STAIRS = 4, IN_EXITS = 8, IN_SCRATCH = 16 };

dg_status dg__build_init(dg__build *b, const dg_options *o, dg_error *err)
{
    memset(b, 0, sizeof *b);
    b->o = o;
    b->rows = o->rows;
    b->cols = o->cols;
    b->ni = o->rows / 2;
    b->nj = o->cols / 2;
    /* one stream per map; stream constant keeps families' draws apart from
     * any other use of the same seed */
    dg_rng_seed(&b->rng, o->seed, 0x6467u + (uint64_t)o->algorithm);
    b->cell = dg__calloc((size_t)b->rows * (size_t)b->cols, sizeof *b->cell);
    b->lists = dg__malloc(FIRST_SCRATCH + FIRST_ROOMS * sizeof *b->room + FIRST_DOORS * sizeof *b->door +
                      FIRST_STAIRS * sizeof *b->stair + FIRST_EXITS * sizeof *b->exit);
    if (!b->cell || !b->lists) {
        dg__free(b->cell);
        dg__free(b->lists);
        b->cell = NULL;
        b->lists = NULL;
        return dg_error_set(err, DG_ENOMEM, "rows", "", "", "out of memory for a %dx%d map",
                            b->cols, b->rows);
    }
    /* scratch first: malloc's alignment is what its users need */
    _Static_assert(FIRST_SCRATCH % _Alignof(max_align_t) == 0 && _Alignof(dg__door) <= _Alignof(dg__room) &&
                       _Alignof(dg_stair) <= _Alignof(dg__door) && _Alignof(dg_exit) <= _Alignof(dg_stair),
                   "each part of the block is aligned by the one before");
    b->scratch = b->lists;
    b->scratch_size = FIRST_SCRATCH;
    b->room = (dg__room *)((unsigned char *)b->lists + FIRST_SCRATCH);
    b->door = (dg__door *)(b->room + FIRST_ROOMS);
    b->stair = (dg_stair *)(b->door + FIRST_DOORS);
    b->exit = (dg_exit *)(b->stair + FIRST_STAIRS);
    b->cap_room = FIRST_ROOMS;
    b->cap_door = FIRST_DOORS;
    b->cap_stair = FIRST_STAIRS;
    b->cap_exit = FIRST_EXITS;
    b->in_lists = IN_ROOMS | IN_DOORS | IN_STAIRS | IN_EXITS | IN_SCRATCH;
    return DG_OK;
}

void dg__build_fini(dg__build *b)
{
    dg__free(b->cell);
    if (!(b->in_lists & IN_ROOMS)) dg__free(b->room);
    if (!(b->in_lists & IN_DOORS)) dg__free(b->door);
    if (!(b->in_lists & IN_STAIRS)) dg__free(b->stair);
    if (!(b->in_lists & IN_EXITS)) dg__free(b->exit);
    if (!(b->in_lists & IN_SCRATCH)) dg__free(b->scratch);
    dg__free(b->lists);
    dg__free(b->cave);
    memset(b, 0, sizeof *b);
}

void *dg__scratch(dg__build *b, size_t bytes)
{
    b->ends = NULL; /* it lives in the scratch block, whose contents go */
    if (bytes <= b->scratch_size) return b->scratch;
    /* small maps: one block big enough for every pass */
    size_t want = bytes;
    if (!(b->in_lists & IN_SCRATCH)) dg__free(b->scratch);
    b->in_lists &= ~(unsigned)IN_SCRATCH;
    b->scratch = dg__malloc(want);
    b->scratch_size = b->scratch ? want : 0;
    return b->scratch;
}

/* Room for item n of an array (dg__grow's doubling). An array still in the
 * builder's first block moves out to one of its own. */
static dg_status grow(dg__build *b, unsigned in, void **arr, size_t *cap, size_t n, size_t size, dg_error *err)
{
    if (n < *cap) return DG_OK;
    bool first = b->in_lists & in;
    void *g = first ? NULL : *arr;
    size_t want = *cap;
    dg_status rc = dg__grow(&g, &want, n + 1, size, NULL, err);
    if (rc != DG_OK) return rc;
    if (first) memcpy(g, *arr, n * size);
    b->in_lists &= ~in;
    *arr = g;
    *cap = want;
    return DG_OK;
}

#define DG__PUSH(b, in, arr, n, cap, item, err)                                 \
    do {                                                                        \
        dg_status rc_ = grow(b, in, (void **)&(b)->arr, &(b)->cap, (b)->n, sizeof *(item), err); \
        if (rc_ != DG_OK) return rc_;                                           \
        (b)->arr[(b)->n++] = *(item);                                           \
        return DG_OK;                                                           \
    } while (0)

dg_status dg__add_room(dg__build *b, const dg__room *r, dg_error *err)
{
    DG__PUSH(b, IN_ROOMS, room, n_room, cap_room, r, err);
}
dg_status dg__add_door_grow(dg__build *b, const dg__door *d, dg_error *err)
{
    DG__PUSH(b, IN_DOORS, door, n_door, cap_door, d, err);
}
dg_status dg__add_stair(dg__build *b, const dg_stair *s, dg_error *err)
{
    DG__PUSH(b, IN_STAIRS, stair, n_stair, cap_stair, s, err);
}
dg_status dg__add_exit(dg__build *b, const dg_exit *e, dg_error *err)
{
    DG__PUSH(b, IN_EXITS, exit, n_exit, cap_exit, e, err);
}

unsigned char *dg__cave_mask(dg__build *b)
{
    if (!b->cave) b->cave = dg__calloc((size_t)b->rows * (size_t)b->cols, 1);
    return b->cave;
}

void dg__shuffle_dirs(dg_rng *rng, dg_dir *dirs, int n)
{
    if (n == 4) {
        /* one draw picks one of the 24 orders: the maze walk's hot path */
        uint32_t x = dg__rng_below(rng, 24);
        for (int k = 3; k > 0; k--) {
            int pick = (int)(x % (uint32_t)(k + 1));
            x /= (uint32_t)(k + 1);
            dg_dir t = dirs[k];
            dirs[k] = dirs[pick];
            dirs[pick] = t;
        }
        return;
    }
    dg__shuffle(rng, dirs, n > 0 ? (size_t)n : 0, sizeof *dirs);
}

int dg__isqrt(long n)
{
    if (n <= 0) return 0;
    long x = 0;
    while ((x + 1) * (x + 1) <= n) x++;
    return (int)x;
}

/* One floor; the chain below it is dg_dungeon_free's. */
static void free_one(dg_dungeon *d)
{
    /* contents are stocking's: freed by the hook its stocker left */
    if (d->contents && d->contents_free) d->contents_free(d->contents);
    for (size_t k = 0; k < d->n_rooms; k++) dg__free(d->rooms[k].outline);
    dg__free(d->passages);
    if (d->packed && d->rooms_apart) dg__free(d->rooms);
    if (!d->packed) {
        /* hand-built: each array its own allocation */
        dg__free(d->rooms);
        dg__free(d->doors);
        dg__free(d->stairs);
        dg__free(d->exits);
    }
    dg__free(d->cave);
    dg__free(d->cells);
    dg__free(d);
}

void dg_dungeon_free(dg_dungeon *d)
{
    while (d) {
        dg_dungeon *below = d->below;
        free_one(d);
        d = below;
    }
}
