/* dungeon.c -- lifecycle of the builder and of finished dungeons, their
 * growable arrays, and the small helpers every pass shares. */
#include <stdlib.h>
#include <string.h>

#include "dg_int.h"

/* First capacities of the room and door arrays, one allocation for both:
 * a small map never grows them. */
enum { FIRST_ROOMS = 32, FIRST_DOORS = 64, IN_ROOMS = 1, IN_DOORS = 2 };

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
    b->cell = calloc((size_t)b->rows * (size_t)b->cols, sizeof *b->cell);
    b->lists = malloc(FIRST_ROOMS * sizeof *b->room + FIRST_DOORS * sizeof *b->door);
    if (!b->cell || !b->lists) {
        free(b->cell);
        free(b->lists);
        b->cell = NULL;
        b->lists = NULL;
        return dg_error_set(err, DG_ENOMEM, "rows", "", "", "out of memory for a %dx%d map",
                            b->cols, b->rows);
    }
    _Static_assert(_Alignof(dg__door) <= sizeof(dg__room), "doors follow rooms in one block");
    b->room = b->lists;
    b->door = (dg__door *)(b->room + FIRST_ROOMS);
    b->cap_room = FIRST_ROOMS;
    b->cap_door = FIRST_DOORS;
    b->in_lists = IN_ROOMS | IN_DOORS;
    return DG_OK;
}

void dg__build_fini(dg__build *b)
{
    free(b->cell);
    if (!(b->in_lists & IN_ROOMS)) free(b->room);
    if (!(b->in_lists & IN_DOORS)) free(b->door);
    free(b->lists);
    free(b->stair);
    free(b->exit);
    free(b->cave);
    free(b->scratch);
    memset(b, 0, sizeof *b);
}

void *dg__scratch(dg__build *b, size_t bytes)
{
    b->ends = NULL; /* it lives in the scratch block, whose contents go */
    if (bytes <= b->scratch_size) return b->scratch;
    /* small maps: one block big enough for every pass */
    size_t want = bytes < 16384 ? 16384 : bytes;
    free(b->scratch);
    b->scratch = malloc(want);
    b->scratch_size = b->scratch ? want : 0;
    return b->scratch;
}

/* One growth rule for every array: double, starting at 16. An array still
 * in the builder's first block moves out to one of its own. */
static dg_status grow(dg__build *b, unsigned in, void **arr, size_t *cap, size_t n, size_t size, dg_error *err)
{
    if (n < *cap) return DG_OK;
    size_t want = *cap ? 2 * *cap : 16;
    void *g;
    if (b->in_lists & in) {
        if ((g = malloc(want * size)) != NULL) memcpy(g, *arr, n * size);
    } else {
        g = realloc(*arr, want * size);
    }
    if (!g) return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory");
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
    DG__PUSH(b, 0, stair, n_stair, cap_stair, s, err);
}
dg_status dg__add_exit(dg__build *b, const dg_exit *e, dg_error *err)
{
    DG__PUSH(b, 0, exit, n_exit, cap_exit, e, err);
}

unsigned char *dg__cave_mask(dg__build *b)
{
    if (!b->cave) b->cave = calloc((size_t)b->rows * (size_t)b->cols, 1);
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
    for (int k = n - 1; k > 0; k--) {
        int x = (int)dg__rng_below(rng, (uint32_t)(k + 1));
        dg_dir t = dirs[k];
        dirs[k] = dirs[x];
        dirs[x] = t;
    }
}

int dg__isqrt(long n)
{
    if (n <= 0) return 0;
    long x = 0;
    while ((x + 1) * (x + 1) <= n) x++;
    return (int)x;
}

void dg_dungeon_free(dg_dungeon *d)
{
    if (!d) return;
    for (size_t k = 0; k < d->n_rooms; k++) free(d->rooms[k].outline);
    free(d->rooms);
    free(d->doors);
    free(d->stairs);
    free(d->exits);
    free(d->cave);
    free(d->cells);
    free(d);
}
