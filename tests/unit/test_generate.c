/* test_generate.c -- the donjon family over thousands of seeds and option
 * sets: the invariants of gen_check.h, determinism, layout masks, and that
 * each room layout, shape and exit mode does what its name says. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdlib.h>

#include "dg_int.h"
#include "gen_check.h"


/* A varied option set for seed s: every value of every key comes round. */
static dg_dungeon *make_varied(unsigned s, char *what, size_t cap)
{
    static const char *layouts[] = {"square", "rectangle", "box", "cross", "dagger",
                                    "saltire", "keep", "hexagon", "round"};
    static const char *rooms[] = {"sparse", "scattered", "dense", "symmetric", "complex"};
    static const char *poly[] = {"no", "yes", "many"};
    static const char *doors[] = {"none", "basic", "secure", "standard", "deathtrap"};
    static const char *corr[] = {"labyrinth", "errant", "straight"};
    static const char *dead[] = {"none", "some", "all", "25"};
    static const char *egress[] = {"no", "yes", "many", "tiling"};
    static const char *sizes[] = {"7", "9", "15", "23", "31", "45", "61", "81"};
    char kv[12][48];
    snprintf(kv[0], 48, "seed=%u", s * 2654435761u);
    snprintf(kv[1], 48, "layout=%s", layouts[s % 9]);
    snprintf(kv[2], 48, "rooms=%s", rooms[(s / 9) % 5]);
    snprintf(kv[3], 48, "polymorph=%s", poly[(s / 3) % 3]);
    snprintf(kv[4], 48, "doors=%s", doors[(s / 7) % 5]);
    snprintf(kv[5], 48, "corridors=%s", corr[(s / 5) % 3]);
    snprintf(kv[6], 48, "deadends=%s", dead[(s / 11) % 4]);
    snprintf(kv[7], 48, "egress=%s", egress[(s / 13) % 4]);
    snprintf(kv[8], 48, "rows=%s", sizes[(s / 2) % 8]);
    snprintf(kv[9], 48, "cols=%s", sizes[(s / 17 + s) % 8]);
    snprintf(kv[10], 48, "room_size=%s", (s % 4) ? "medium" : ((s % 8) ? "small" : "huge"));
    snprintf(kv[11], 48, "stairs=%u", s % 5);
    const char *p[12];
    gc_pairs(kv, 12, p, what, cap);
    return gc_make(p, 12);
}

ParameterizedTestParameters(generate, invariants_hold)
{
    static int chunk[] = {0, 1, 2, 3, 4, 5, 6, 7};
    return cr_make_param_array(int, chunk, 8);
}

/* 8 x 300 = 2400 maps covering every option value */
ParameterizedTest(int *chunk, generate, invariants_hold)
{
    char what[640];
    for (unsigned s = (unsigned)*chunk * 300; s < (unsigned)(*chunk + 1) * 300; s++) {
        dg_dungeon *d = make_varied(s, what, sizeof what);
        gc_all(d, what);
        dg_dungeon_free(d);
    }
}

Test(generate, same_options_give_the_same_map)
{
    char what[640];
    for (unsigned s = 0; s < 60; s++) {
        dg_dungeon *a = make_varied(s, what, sizeof what), *b = make_varied(s, what, sizeof what);
        cr_assert_eq(a->width, b->width);
        cr_assert_eq(memcmp(a->cells, b->cells, (size_t)a->width * a->height * 4), 0, "%s", what);
        cr_assert_eq(a->n_doors, b->n_doors);
        cr_assert_eq(memcmp(a->doors, b->doors, a->n_doors * sizeof *a->doors), 0, "%s", what);
        cr_assert_eq(a->n_stairs, b->n_stairs);
        dg_dungeon_free(a);
        dg_dungeon_free(b);
    }
}

Test(generate, different_seeds_give_different_maps)
{
    const char *a[] = {"seed=1"}, *b[] = {"seed=2"};
    dg_dungeon *x = gc_make(a, 1), *y = gc_make(b, 1);
    cr_assert_neq(memcmp(x->cells, y->cells, (size_t)x->width * x->height * 4), 0);
    dg_dungeon_free(x);
    dg_dungeon_free(y);
}

Test(generate, rooms_stay_inside_the_layout_mask)
{
    static const char *layouts[] = {"box", "cross", "dagger", "saltire", "keep", "hexagon", "round"};
    for (int l = 0; l < 7; l++) {
        for (unsigned s = 0; s < 20; s++) {
            char seed[32], lay[32];
            snprintf(seed, sizeof seed, "seed=%u", s);
            snprintf(lay, sizeof lay, "layout=%s", layouts[l]);
            const char *kv[] = {seed, lay, "rows=41", "cols=41", "rooms=dense"};
            dg_dungeon *d = gc_make(kv, 5);
            dg__build b;
            cr_assert_eq(dg__build_init(&b, &d->opts, NULL), DG_OK);
            dg__apply_layout(&b);
            size_t blocked = 0, open_in_block = 0;
            for (int y = 0; y < d->height; y++)
                for (int x = 0; x < d->width; x++) {
                    if (!(dg__get(&b, y, x) & DG_BLOCKED)) continue;
                    blocked++;
                    if (dg_cell(d, x, y) & DG_ROOM) open_in_block++;
                }
            cr_assert_gt(blocked, 0, "%s masks nothing", layouts[l]);
            cr_assert_eq(open_in_block, 0, "%s seed %u: room cells outside the mask", layouts[l], s);
            dg__build_fini(&b);
            dg_dungeon_free(d);
        }
    }
}

Test(generate, symmetric_rooms_come_in_mirrored_pairs)
{
    for (unsigned s = 0; s < 40; s++) {
        char seed[32];
        snprintf(seed, sizeof seed, "seed=%u", s);
        const char *kv[] = {seed, "rows=35", "cols=61", "rooms=symmetric"};
        dg_dungeon *d = gc_make(kv, 4);
        cr_assert_gt(d->n_rooms, 0);
        for (size_t k = 0; k < d->n_rooms; k++) {
            const dg_room *rm = &d->rooms[k];
            int mx = d->width - rm->x - rm->width;
            bool found = false;
            for (size_t q = 0; q < d->n_rooms && !found; q++)
                found = d->rooms[q].x == mx && d->rooms[q].y == rm->y &&
                        d->rooms[q].width == rm->width && d->rooms[q].height == rm->height;
            cr_assert(found, "seed %u: room %d has no mirror", s, rm->id);
        }
        dg_dungeon_free(d);
    }
}

static double mean_rooms(const char *rooms)
{
    long total = 0;
    for (unsigned s = 0; s < 60; s++) {
        char seed[32], r[32];
        snprintf(seed, sizeof seed, "seed=%u", s);
        snprintf(r, sizeof r, "rooms=%s", rooms);
        const char *kv[] = {seed, r, "rows=45", "cols=61"};
        dg_dungeon *d = gc_make(kv, 4);
        total += (long)d->n_rooms;
        dg_dungeon_free(d);
    }
    return total / 60.0;
}

Test(generate, room_layouts_order_by_density)
{
    double sparse = mean_rooms("sparse"), scattered = mean_rooms("scattered"), dense = mean_rooms("dense");
    cr_assert(sparse < scattered && scattered < dense, "sparse %.1f scattered %.1f dense %.1f",
              sparse, scattered, dense);
}

Test(generate, polymorph_and_complex_rooms_have_shapes)
{
    int shaped[4] = {0};
    for (unsigned s = 0; s < 40; s++) {
        char seed[32];
        snprintf(seed, sizeof seed, "seed=%u", s);
        const char *kv[] = {seed, "rows=45", "cols=61", "polymorph=many", "room_size=large"};
        dg_dungeon *d = gc_make(kv, 5);
        for (size_t k = 0; k < d->n_rooms; k++) shaped[d->rooms[k].shape]++;
        dg_dungeon_free(d);
        const char *kc[] = {seed, "rows=45", "cols=61", "rooms=complex"};
        d = gc_make(kc, 4);
        for (size_t k = 0; k < d->n_rooms; k++) shaped[d->rooms[k].shape]++;
        dg_dungeon_free(d);
    }
    cr_assert_gt(shaped[DG_SHAPE_CIRCLE], 10);
    cr_assert_gt(shaped[DG_SHAPE_POLYGON], 10);
    cr_assert_gt(shaped[DG_SHAPE_COMPOSITE], 10);
}

Test(generate, tiling_exits_meet_their_twin_on_the_opposite_edge)
{
    for (unsigned s = 0; s < 40; s++) {
        char seed[32];
        snprintf(seed, sizeof seed, "seed=%u", s);
        const char *kv[] = {seed, "rows=31", "cols=45", "egress=tiling"};
        dg_dungeon *d = gc_make(kv, 4);
        cr_assert_geq(d->n_exits, 4, "seed %u: %zu exits", s, d->n_exits);
        for (size_t k = 0; k < d->n_exits; k++) {
            const dg_exit *e = &d->exits[k];
            int tx = e->dir == DG_DIR_WEST ? d->width - 1 : e->dir == DG_DIR_EAST ? 0 : e->x;
            int ty = e->dir == DG_DIR_NORTH ? d->height - 1 : e->dir == DG_DIR_SOUTH ? 0 : e->y;
            cr_assert(dg_cell_open(dg_cell(d, tx, ty)), "seed %u: exit (%d,%d) has no twin", s, e->x, e->y);
        }
        dg_dungeon_free(d);
    }
}

Test(generate, asked_for_stairs_are_placed)
{
    long placed = 0;
    for (unsigned s = 0; s < 50; s++) {
        char seed[32];
        snprintf(seed, sizeof seed, "seed=%u", s);
        const char *kv[] = {seed, "rows=23", "cols=45", "stairs=3"};
        dg_dungeon *d = gc_make(kv, 4);
        placed += (long)d->n_stairs;
        bool down = false, up = false;
        for (size_t k = 0; k < d->n_stairs; k++) d->stairs[k].down ? (down = true) : (up = true);
        cr_assert(d->n_stairs < 2 || (down && up), "seed %u: stairs all one way", s);
        dg_dungeon_free(d);
    }
    cr_assert_geq(placed, 50 * 3 * 9 / 10, "only %ld of 150 stairs placed", placed);
}

Test(generate, the_largest_map_is_generated_without_recursion)
{
    const char *kv[] = {"seed=7", "rows=4001", "cols=4001", "corridors=labyrinth"};
    dg_dungeon *d = gc_make(kv, 4);
    cr_assert_eq(d->width, 4001);
    dg_stats st;
    cr_assert_eq(dg_analyse(d, &st, NULL), DG_OK);
    cr_assert_eq(st.components, 1);
    cr_assert_eq(d->n_rooms, DG_MAX_ROOMS);
    dg_dungeon_free(d);
}

Test(generate, refuses_options_without_a_seed)
{
    dg_options o;
    dg_options_init(&o);
    cr_assert_eq(dg_options_finish(&o, NULL, NULL), DG_OK);
    dg_dungeon *d = (dg_dungeon *)1;
    dg_error e = {0};
    cr_assert_eq(dg_generate(&o, &d, &e), DG_EINVAL);
    cr_assert_null(d);
    cr_assert_str_eq(e.param, "seed");
}

/* Every shuffle in the core is dg__shuffle, Fisher-Yates drawing below(k)
 * for k = n down to 2: the draw order is output, so it is pinned here
 * against the swaps written out by hand. */
Test(generate, the_shared_shuffle_draws_as_fisher_yates_by_hand)
{
    for (uint64_t seed = 1; seed <= 50; seed++) {
        int32_t a[9], want[9];
        for (int i = 0; i < 9; i++) a[i] = want[i] = i * 3;
        dg_rng r1, r2;
        dg_rng_seed(&r1, seed, 5);
        dg_rng_seed(&r2, seed, 5);
        dg__shuffle(&r1, a, 9, sizeof *a);
        for (size_t k = 9; k > 1; k--) {
            size_t x = dg_rng_below(&r2, (uint32_t)k);
            int32_t t = want[k - 1];
            want[k - 1] = want[x];
            want[x] = t;
        }
        cr_assert_eq(memcmp(a, want, sizeof a), 0, "seed %llu", (unsigned long long)seed);
        cr_assert_eq(dg_rng_below(&r1, 1000), dg_rng_below(&r2, 1000), "the streams stay in step");
    }
}
