/* test_gen_cells.c -- algorithm=cells over hundreds of seeds and option sets:
 * the invariants of gen_check.h, rooms inside their grid block, shaped rooms
 * traced and sealed but for their doors, each connect strategy's shape
 * (fan a tree, tree a few loops, previous many), determinism, and that the
 * shared options act on it. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdlib.h>

#include "gen_check.h"
#include "gen_graph.h"



/* The block grid along one axis, as seed 004 lays it out here: lanes
 * block_size - 1 apart on odd cells (an even size counts as the next odd
 * one), the blocks centred on the map. */
typedef struct {
    int n, pitch, lane0;
} axis;

static axis axis_of(int cells, int block)
{
    int pitch = (block & ~1) < cells + 1 ? (block & ~1) : cells + 1;
    int n = (cells + 1) / pitch;
    return (axis){n, pitch, -1 + (((cells + 1 - n * pitch) / 2) & ~1)};
}

/* Every room's box lies inside one block, clear of the lanes around it,
 * and no two rooms share a block. */
static void check_blocks(const dg_dungeon *d, int block, const char *what)
{
    axis ay = axis_of(d->height, block), ax = axis_of(d->width, block);
    char *taken = calloc((size_t)ay.n * (size_t)ax.n, 1);
    cr_assert(taken);
    for (size_t k = 0; k < d->n_rooms; k++) {
        const dg_room *rm = &d->rooms[k];
        int i = (rm->y - ay.lane0) / ay.pitch, j = (rm->x - ax.lane0) / ax.pitch;
        cr_assert(i >= 0 && i < ay.n && j >= 0 && j < ax.n, "%s: room %d off the grid", what, rm->id);
        int top = ay.lane0 + i * ay.pitch, left = ax.lane0 + j * ax.pitch;
        cr_assert(rm->y >= top + 2 && rm->y + rm->height - 1 <= top + ay.pitch - 2 && rm->x >= left + 2 &&
                      rm->x + rm->width - 1 <= left + ax.pitch - 2,
                  "%s: room %d (%d,%d %dx%d) leaves block (%d,%d)", what, rm->id, rm->x, rm->y,
                  rm->width, rm->height, j, i);
        cr_assert(!taken[i * ax.n + j], "%s: two rooms in block (%d,%d)", what, j, i);
        taken[i * ax.n + j] = 1;
    }
    size_t blocks = (size_t)ay.n * (size_t)ax.n;
    cr_assert_leq(d->n_rooms, blocks, "%s", what);
    cr_assert_geq(d->n_rooms, blocks < 2 ? blocks : 2, "%s: %zu rooms in %zu blocks", what, d->n_rooms,
                  blocks);
    free(taken);
}

static void check_cells(const dg_dungeon *d, int block, const char *what)
{
    gc_all(d, what);
    gg_rooms_sealed(d, what);
    gg_no_wide_corridor(d, what);
    check_blocks(d, block, what);
    if (d->opts.connect == DG_CONNECT_FAN)
        cr_assert_eq(gg_measure(d).loops, 0, "%s: connect=fan made a loop", what);
}

#define CHUNKS 8
#define PER_CHUNK 70

ParameterizedTestParameters(cells, invariants_hold)
{
    static int chunks[CHUNKS];
    for (int k = 0; k < CHUNKS; k++) chunks[k] = k;
    return cr_make_param_array(int, chunks, CHUNKS);
}

ParameterizedTest(int *chunk, cells, invariants_hold)
{
    static const int sizes[] = {7, 9, 15, 23, 31, 45, 61, 81, 101};
    static const char *connect[] = {"previous", "fan", "tree"};
    static const char *doors[] = {"none", "basic", "secure", "standard", "deathtrap"};
    static const char *dead[] = {"none", "some", "all", "25"};
    static const char *egress[] = {"no", "yes", "many", "tiling"};
    for (unsigned s = (unsigned)*chunk * PER_CHUNK; s < (unsigned)(*chunk + 1) * PER_CHUNK; s++) {
        char kv[10][48];
        int block = 7 + (int)((s / 3) % 25);
        snprintf(kv[0], 48, "seed=%u", s * 2654435761u);
        snprintf(kv[1], 48, "algorithm=cells");
        snprintf(kv[2], 48, "rows=%d", sizes[(s / 2) % 9]);
        snprintf(kv[3], 48, "cols=%d", sizes[(s / 17 + s) % 9]);
        snprintf(kv[4], 48, "block_size=%d", block);
        snprintf(kv[5], 48, "connect=%s", connect[s % 3]);
        snprintf(kv[6], 48, "doors=%s", doors[(s / 7) % 5]);
        snprintf(kv[7], 48, "deadends=%s", dead[(s / 11) % 4]);
        snprintf(kv[8], 48, "egress=%s", egress[(s / 13) % 4]);
        snprintf(kv[9], 48, "stairs=%u", s % 5);
        const char *p[10];
        char what[10 * 48 + 16];
        gc_pairs(kv, 10, p, what, sizeof what);
        dg_dungeon *d = gc_make(p, 10);
        check_cells(d, block, what);
        dg_dungeon_free(d);
    }
}

Test(cells, same_options_same_map)
{
    const char *kv[] = {"seed=77", "algorithm=cells", "rows=81", "cols=121", "block_size=13", "egress=many"};
    dg_dungeon *a = gc_make(kv, 6), *b = gc_make(kv, 6);
    size_t n = (size_t)a->width * (size_t)a->height;
    cr_assert_eq(memcmp(a->cells, b->cells, sizeof *a->cells * n), 0);
    cr_assert_eq(a->n_rooms, b->n_rooms);
    for (size_t k = 0; k < a->n_rooms; k++) {
        cr_assert_eq(a->rooms[k].shape, b->rooms[k].shape);
        cr_assert_eq(a->rooms[k].n_outline, b->rooms[k].n_outline);
    }
    cr_assert_eq(a->n_doors, b->n_doors);
    cr_assert_eq(memcmp(a->doors, b->doors, sizeof *a->doors * a->n_doors), 0);
    const char *other[] = {"seed=77", "algorithm=cells", "rows=81", "cols=121", "block_size=13",
                           "egress=many", "connect=fan"};
    dg_dungeon *c = gc_make(other, 7);
    cr_assert_neq(memcmp(a->cells, c->cells, sizeof *a->cells * n), 0, "another strategy, another map");
    dg_dungeon_free(a);
    dg_dungeon_free(b);
    dg_dungeon_free(c);
}

/* fan is a tree; tree adds a few loops; previous, joining rooms in the
 * order they were placed, crosses itself far more often. */
Test(cells, strategies_differ_in_loops)
{
    long loops[3] = {0}, rooms = 0;
    static const char *names[] = {"connect=fan", "connect=tree", "connect=previous"};
    for (unsigned s = 1; s <= 30; s++) {
        char seed[32];
        snprintf(seed, sizeof seed, "seed=%u", s);
        for (int k = 0; k < 3; k++) {
            const char *kv[] = {seed, "algorithm=cells", "rows=61", "cols=91", names[k], "deadends=0"};
            dg_dungeon *d = gc_make(kv, 6);
            check_cells(d, 9, names[k]);
            loops[k] += gg_measure(d).loops;
            if (k == 0) rooms += (long)d->n_rooms;
            dg_dungeon_free(d);
        }
    }
    cr_assert_eq(loops[0], 0);
    cr_assert_gt(loops[1], 30, "tree: %ld loops over 30 maps", loops[1]);
    cr_assert_lt(loops[1], rooms / 2, "tree: %ld loops for %ld rooms is not a few", loops[1], rooms);
    cr_assert_gt(loops[2], 2 * loops[1], "previous %ld loops vs tree %ld", loops[2], loops[1]);
}

/* Bigger blocks hold circles, polygons and composite rooms, each traced
 * (gc_all checks the outline against the cells) and with odd-sized boxes. */
Test(cells, shaped_rooms_fit_their_block)
{
    size_t by_shape[4] = {0};
    for (unsigned s = 1; s <= 20; s++) {
        char seed[32];
        snprintf(seed, sizeof seed, "seed=%u", s);
        const char *kv[] = {seed, "algorithm=cells", "rows=81", "cols=81", "block_size=17"};
        dg_dungeon *d = gc_make(kv, 5);
        check_cells(d, 17, seed);
        for (size_t k = 0; k < d->n_rooms; k++) {
            const dg_room *rm = &d->rooms[k];
            by_shape[rm->shape]++;
            cr_assert(rm->width % 2 == 1 && rm->height % 2 == 1, "%s: room %d box even", seed, rm->id);
            if (rm->shape == DG_SHAPE_POLYGON) cr_assert(rm->sides == 4 || rm->sides == 8);
            if (rm->shape != DG_SHAPE_RECT)
                cr_assert_lt(rm->area, rm->width * rm->height, "%s: shaped room %d is a full box", seed,
                             rm->id);
        }
        dg_dungeon_free(d);
    }
    for (int k = 0; k < 4; k++) cr_assert_gt(by_shape[k], 5, "shape %s: %zu rooms", dg_shape_name((dg_shape)k), by_shape[k]);
    cr_assert_gt(by_shape[DG_SHAPE_RECT], by_shape[DG_SHAPE_COMPOSITE], "rectangles stay the common room");
}

Test(cells, shared_options_act)
{
    const char *none[] = {"seed=5", "algorithm=cells", "rows=61", "cols=61", "doors=none"};
    dg_dungeon *d = gc_make(none, 5);
    cr_assert_gt(d->n_doors, 0);
    for (size_t k = 0; k < d->n_doors; k++) cr_assert_eq(d->doors[k].type, DG_DOOR_ARCH);
    dg_dungeon_free(d);
    const char *st[] = {"seed=5", "algorithm=cells", "rows=61", "cols=61", "stairs=4"};
    d = gc_make(st, 5);
    cr_assert_eq(d->n_stairs, 4);
    check_cells(d, 9, "stairs=4");
    dg_dungeon_free(d);
    /* deadends: spurs stay with 0, go with 100 */
    size_t kept = 0, left = 0;
    int with_exit = 0;
    for (unsigned s = 1; s <= 20; s++) {
        char seed[32];
        snprintf(seed, sizeof seed, "seed=%u", s);
        const char *k0[] = {seed, "algorithm=cells", "rows=61", "cols=91", "deadends=0", "stairs=0"};
        const char *k1[] = {seed, "algorithm=cells", "rows=61", "cols=91", "deadends=100", "stairs=0"};
        const char *eg[] = {seed, "algorithm=cells", "rows=61", "cols=91", "egress=yes"};
        dg_stats a, b;
        d = gc_make(k0, 6);
        cr_assert_eq(dg_analyse(d, &a, NULL), DG_OK);
        dg_dungeon_free(d);
        d = gc_make(k1, 6);
        cr_assert_eq(dg_analyse(d, &b, NULL), DG_OK);
        check_cells(d, 9, seed);
        dg_dungeon_free(d);
        kept += a.dead_ends;
        left += b.dead_ends;
        d = gc_make(eg, 5);
        with_exit += d->n_exits == 1;
        check_cells(d, 9, seed);
        dg_dungeon_free(d);
    }
    cr_assert_gt(kept, 20, "deadends=0 keeps the spurs (%zu dead ends)", kept);
    cr_assert_eq(left, 0);
    cr_assert_geq(with_exit, 17, "only %d of 20 maps got their exit", with_exit);
}

/* Large maps: the room cap holds, every strategy still joins everything. */
Test(cells, large_map_caps_rooms)
{
    static const char *names[] = {"connect=fan", "connect=tree", "connect=previous"};
    for (int k = 0; k < 3; k++) {
        const char *kv[] = {"seed=9", "algorithm=cells", "rows=501", "cols=501", names[k]};
        dg_dungeon *d = gc_make(kv, 5);
        cr_assert_eq(d->n_rooms, DG_MAX_ROOMS, "%s", names[k]);
        check_cells(d, 9, names[k]);
        dg_dungeon_free(d);
    }
}

Test(cells, bad_keys_are_named)
{
    dg_dungeon *d = NULL;
    dg_error e = {0};
    const char *big[] = {"algorithm=cells", "block_size=33"};
    cr_assert_neq(gc_try_make(big, 2, NULL, &d, &e), DG_OK);
    cr_assert_str_eq(e.param, "block_size");
    cr_assert_null(d);
    dg_error_clear(&e);
    const char *how[] = {"algorithm=cells", "connect=star"};
    cr_assert_neq(gc_try_make(how, 2, NULL, &d, &e), DG_OK);
    cr_assert_str_eq(e.param, "connect");
    dg_error_clear(&e);
    const char *foreign[] = {"algorithm=cells", "wall_margin=2"};
    cr_assert_neq(gc_try_make(foreign, 2, NULL, &d, &e), DG_OK);
    cr_assert_str_eq(e.param, "wall_margin");
}
