/* test_gen_caverns.c -- algorithm=caverns and donjon's layout=cavernous over
 * many seeds and option sets (gen_check.h's invariants), the automaton, the
 * counting and the shortest-cut joining on hand-built maps, determinism, and
 * that the shared options (stairs, dead ends, egress; doors for the rooms of
 * layout=cavernous) work on caves. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdlib.h>

#include "gen_caverns.h"
#include "gen_check.h"

/* ---------------------------------------------------------------- helpers */



#define MAKE GC_MAKE

static const char *sizes[] = {"7", "9", "15", "23", "31", "45", "61", "81", "101"};
static const char *doors[] = {"none", "basic", "secure", "standard", "deathtrap"};
static const char *dead[] = {"none", "some", "all", "25"};
static const char *egress[] = {"no", "yes", "many", "tiling"};

/* A varied option set for seed s; shared keys plus the cave keys. */
static size_t varied_keys(unsigned s, char kv[16][48], bool cavernous)
{
    size_t n = 0;
    snprintf(kv[n++], 48, "seed=%u", s * 2654435761u + (cavernous ? 7u : 0u));
    snprintf(kv[n++], 48, "algorithm=%s", cavernous ? "donjon" : "caverns");
    snprintf(kv[n++], 48, "rows=%s", sizes[(s / 2) % 9]);
    snprintf(kv[n++], 48, "cols=%s", sizes[(s / 17 + s) % 9]);
    snprintf(kv[n++], 48, "cave_fill=%u", 35 + (s * 7) % 31);
    snprintf(kv[n++], 48, "cave_steps=%u", 1 + (s / 3) % 10);
    if (cavernous) snprintf(kv[n++], 48, "doors=%s", doors[(s / 7) % 5]);   /* caverns: no rooms */
    snprintf(kv[n++], 48, "deadends=%s", dead[(s / 11) % 4]);
    snprintf(kv[n++], 48, "egress=%s", egress[(s / 13) % 4]);
    snprintf(kv[n++], 48, "stairs=%u", s % 5);
    if (cavernous) {
        static const char *rooms[] = {"sparse", "scattered", "dense", "symmetric", "complex"};
        static const char *poly[] = {"no", "yes", "many"};
        snprintf(kv[n++], 48, "layout=cavernous");
        snprintf(kv[n++], 48, "rooms=%s", rooms[(s / 5) % 5]);
        snprintf(kv[n++], 48, "polymorph=%s", poly[(s / 19) % 3]);
        snprintf(kv[n++], 48, "room_size=%s", (s % 4) ? "medium" : ((s % 8) ? "small" : "large"));
    }
    return n;
}

static dg_dungeon *make_varied(unsigned s, bool cavernous, char *what, size_t cap)
{
    char kv[16][48];
    size_t n = varied_keys(s, kv, cavernous);
    const char *p[16];
    gc_pairs(kv, n, p, what, cap);
    return gc_make(p, n);
}

/* The cave mask: every open cell that is not a room or a door is cave, and
 * nothing of a room is. */
static void check_mask(const dg_dungeon *d, const char *what)
{
    cr_assert_not_null(d->cave, "%s: no cave mask", what);
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++) {
            uint32_t w = dg_cell(d, x, y);
            unsigned char m = d->cave[(size_t)y * (size_t)d->width + (size_t)x];
            if (w & (DG_ROOM | DG_PERIMETER | DG_DOORSPACE))
                cr_assert_eq(m, 0, "%s: room part (%d,%d) marked cave", what, x, y);
            else if (dg_cell_open(w))
                cr_assert_eq(m, 1, "%s: cave floor (%d,%d) not marked", what, x, y);
        }
}

/* ------------------------------------------------------- many option sets */

ParameterizedTestParameters(caverns, invariants_hold)
{
    static int chunk[] = {0, 1, 2, 3};
    return cr_make_param_array(int, chunk, 4);
}

/* 4 x 150 = 600 caverns maps over every shared value and both cave keys */
ParameterizedTest(int *chunk, caverns, invariants_hold)
{
    char what[512];
    for (unsigned s = (unsigned)*chunk * 150; s < (unsigned)(*chunk + 1) * 150; s++) {
        dg_dungeon *d = make_varied(s, false, what, sizeof what);
        gc_all(d, what);
        check_mask(d, what);
        /* one system after joining: dg_analyse counts open regions */
        dg_stats st;
        cr_assert_eq(dg_analyse(d, &st, NULL), DG_OK);
        cr_assert_eq(st.components, 1, "%s: %zu systems", what, st.components);
        for (size_t r = 0; r < d->n_rooms; r++) /* its rooms are the caves' chambers */
            cr_assert_eq(d->rooms[r].kind, DG_ROOM_KIND_CHAMBER, "%s: caverns builds no rooms", what);
        cr_assert_eq(d->n_doors, 0, "%s: caverns has no doors", what);
        dg_dungeon_free(d);
    }
}

ParameterizedTestParameters(cavernous, invariants_hold)
{
    static int chunk[] = {0, 1, 2, 3};
    return cr_make_param_array(int, chunk, 4);
}

/* 4 x 130 = 520 donjon layout=cavernous maps: rooms of every layout and
 * shape among the caves */
ParameterizedTest(int *chunk, cavernous, invariants_hold)
{
    char what[512];
    for (unsigned s = (unsigned)*chunk * 130; s < (unsigned)(*chunk + 1) * 130; s++) {
        dg_dungeon *d = make_varied(s, true, what, sizeof what);
        gc_all(d, what);
        check_mask(d, what);
        dg_stats st;
        cr_assert_eq(dg_analyse(d, &st, NULL), DG_OK);
        cr_assert_eq(st.components, 1, "%s: %zu systems", what, st.components);
        /* rooms only join the caves through doors: a kept room has one */
        size_t built = 0;
        for (size_t r = 0; r < d->n_rooms; r++) built += d->rooms[r].kind == DG_ROOM_KIND_ROOM;
        for (size_t r = 0; r < d->n_rooms && built > 1; r++) {
            if (d->rooms[r].kind == DG_ROOM_KIND_CHAMBER) continue; /* cave floor: no doors */
            bool has = false;
            for (size_t k = 0; k < d->n_doors && !has; k++)
                has = d->doors[k].room == (int)r + 1 || d->doors[k].other == (int)r + 1;
            cr_assert(has, "%s: room %zu has no door", what, r + 1);
        }
        dg_dungeon_free(d);
    }
}

/* ----------------------------------------------------------- determinism */

static void same_map(const dg_dungeon *a, const dg_dungeon *b)
{
    size_t n = (size_t)a->width * (size_t)a->height;
    cr_assert_eq(a->width, b->width);
    cr_assert_eq(a->height, b->height);
    cr_assert_arr_eq(a->cells, b->cells, n * sizeof *a->cells);
    cr_assert_arr_eq(a->cave, b->cave, n);
    cr_assert_eq(a->n_stairs, b->n_stairs);
    cr_assert_eq(a->n_doors, b->n_doors);
    cr_assert_eq(a->n_exits, b->n_exits);
}

Test(caverns, same_options_same_map)
{
    for (unsigned s = 0; s < 40; s++) {
        char w1[512], w2[512];
        dg_dungeon *a = make_varied(s * 37, s & 1, w1, sizeof w1);
        dg_dungeon *b = make_varied(s * 37, s & 1, w2, sizeof w2);
        same_map(a, b);
        dg_dungeon_free(a);
        dg_dungeon_free(b);
    }
}

Test(caverns, seed_and_cave_keys_change_the_map)
{
    dg_dungeon *a = MAKE("seed=5", "algorithm=caverns");
    dg_dungeon *b = MAKE("seed=6", "algorithm=caverns");
    dg_dungeon *c = MAKE("seed=5", "algorithm=caverns", "cave_fill=52");
    dg_dungeon *e = MAKE("seed=5", "algorithm=caverns", "cave_steps=7");
    size_t n = (size_t)a->width * (size_t)a->height * sizeof *a->cells;
    cr_assert(memcmp(a->cells, b->cells, n) != 0);
    cr_assert(memcmp(a->cells, c->cells, n) != 0);
    cr_assert(memcmp(a->cells, e->cells, n) != 0);
    dg_dungeon_free(a);
    dg_dungeon_free(b);
    dg_dungeon_free(c);
    dg_dungeon_free(e);
}

/* More rock seeded, less floor left: the fill key does what it says. */
Test(caverns, cave_fill_sets_how_much_is_rock)
{
    size_t open[2] = {0, 0};
    const char *fills[2] = {"cave_fill=38", "cave_fill=50"};
    for (int f = 0; f < 2; f++)
        for (unsigned s = 0; s < 10; s++) {
            char seed[32];
            snprintf(seed, sizeof seed, "seed=%u", s);
            dg_dungeon *d = MAKE(seed, "algorithm=caverns", "rows=61", "cols=61", fills[f], "deadends=0");
            dg_stats st;
            cr_assert_eq(dg_analyse(d, &st, NULL), DG_OK);
            open[f] += st.open_cells;
            dg_dungeon_free(d);
        }
    cr_assert_gt(open[0], open[1] + open[1] / 5, "fill 38: %zu open, fill 50: %zu", open[0], open[1]);
}

/* ------------------------------------------------------- shared options */

Test(caverns, stairs_are_placed_in_caves)
{
    size_t placed = 0;
    for (unsigned s = 0; s < 30; s++) {
        char seed[32];
        snprintf(seed, sizeof seed, "seed=%u", s);
        dg_dungeon *d = MAKE(seed, "algorithm=caverns", "stairs=4");
        cr_assert_eq(d->n_stairs, 4, "seed %u: %zu stairs", s, d->n_stairs);
        placed += d->n_stairs;
        cr_assert(d->stairs[0].down, "the first stair leads down");
        gc_stairs(d, seed);
        dg_dungeon_free(d);
    }
    cr_assert_eq(placed, 30 * 4, "%zu of 120 stairs", placed);
    dg_dungeon *d = MAKE("seed=3", "algorithm=caverns", "stairs=0");
    cr_assert_eq(d->n_stairs, 0);
    dg_dungeon_free(d);
}

Test(caverns, deadends_all_leaves_none)
{
    for (unsigned s = 0; s < 30; s++) {
        char seed[32];
        snprintf(seed, sizeof seed, "seed=%u", s);
        dg_dungeon *d = MAKE(seed, "algorithm=caverns", "deadends=all", "egress=many");
        dg_stats st;
        cr_assert_eq(dg_analyse(d, &st, NULL), DG_OK);
        cr_assert_eq(st.dead_ends, 0, "seed %u: %zu dead ends", s, st.dead_ends);
        dg_dungeon_free(d);
    }
}

Test(caverns, egress_digs_exits_to_the_caves)
{
    for (unsigned s = 0; s < 30; s++) {
        char seed[32];
        snprintf(seed, sizeof seed, "seed=%u", s);
        dg_dungeon *d = MAKE(seed, "algorithm=caverns", "egress=yes");
        cr_assert_eq(d->n_exits, 1, "seed %u: %zu exits", s, d->n_exits);
        gc_exits(d, seed);
        dg_dungeon_free(d);
        d = MAKE(seed, "algorithm=caverns", "egress=tiling", "rows=45", "cols=45");
        cr_assert(d->n_exits >= 2 && d->n_exits % 2 == 0, "seed %u: %zu tiling exits", s, d->n_exits);
        gc_all(d, seed);
        dg_dungeon_free(d);
        d = MAKE(seed, "algorithm=caverns", "egress=no");
        cr_assert_eq(d->n_exits, 0);
        dg_dungeon_free(d);
    }
}

/* Caverns hold no rooms, so no doors: the door set is refused, not
 * accepted to change nothing, and left out of the canonical string. */
Test(caverns, doors_key_is_refused)
{
    dg_options o;
    dg_error e;
    dg_dungeon *none = NULL;
    const char *bad[] = {"algorithm=caverns", "doors=none"};
    cr_assert_eq(gc_try_make(bad, 2, &o, &none, &e), DG_EINVAL);
    cr_assert_null(none);
    cr_assert_str_eq(e.param, "doors");
    cr_assert_str_eq(e.value, "none");
    cr_assert(strstr(e.msg, "does not apply to algorithm=caverns"), "%s", e.msg);
    dg_dungeon *d = MAKE("seed=9", "algorithm=caverns");
    char canon[1024];
    cr_assert_lt(dg_options_canonical(&d->opts, canon, sizeof canon), sizeof canon);
    cr_assert_null(strstr(canon, "doors="), "%s", canon);
    dg_dungeon_free(d);
}

Test(cavernous, doors_follow_the_door_set)
{
    size_t by[DG_DOOR_TYPE_COUNT] = {0};
    for (unsigned s = 0; s < 20; s++) {
        char seed[32];
        snprintf(seed, sizeof seed, "seed=%u", s);
        dg_dungeon *d = MAKE(seed, "layout=cavernous", "doors=none");
        for (size_t k = 0; k < d->n_doors; k++)
            cr_assert_eq(d->doors[k].type, DG_DOOR_ARCH, "doors=none gives arches only");
        dg_dungeon_free(d);
        d = MAKE(seed, "layout=cavernous", "doors=deathtrap");
        for (size_t k = 0; k < d->n_doors; k++) by[d->doors[k].type]++;
        dg_dungeon_free(d);
    }
    cr_assert_gt(by[DG_DOOR_TRAPPED], by[DG_DOOR_ARCH], "deathtrap leans to traps");
}

/* The cavernous layout still places rooms from the room keys. */
/* Rooms the family built, not the caves' chambers. */
static size_t built_rooms(const dg_dungeon *d)
{
    size_t n = 0;
    for (size_t r = 0; r < d->n_rooms; r++) n += d->rooms[r].kind == DG_ROOM_KIND_ROOM;
    return n;
}

Test(cavernous, rooms_keys_apply)
{
    size_t sparse = 0, dense = 0;
    for (unsigned s = 0; s < 10; s++) {
        char seed[32];
        snprintf(seed, sizeof seed, "seed=%u", s);
        dg_dungeon *d = MAKE(seed, "layout=cavernous", "rooms=sparse", "size=large");
        sparse += built_rooms(d);
        dg_dungeon_free(d);
        d = MAKE(seed, "layout=cavernous", "rooms=dense", "size=large");
        dense += built_rooms(d);
        cr_assert_not_null(d->cave);
        dg_dungeon_free(d);
    }
    cr_assert_gt(sparse, 0);
    cr_assert_gt(dense, sparse);
}

Test(cavernous, other_layouts_have_no_caves)
{
    dg_dungeon *d = MAKE("seed=4", "layout=box");
    cr_assert_null(d->cave);
    dg_dungeon_free(d);
}

Test(caverns, other_family_keys_are_refused)
{
    dg_options o;
    dg_error e = {0};
    const char *keys[] = {"algorithm", "room_count"}, *vals[] = {"caverns", "5"};
    cr_assert_eq(dg_options_parse(&o, 2, keys, vals, NULL, &e), DG_EINVAL);
    cr_assert_str_eq(e.param, "room_count");
    const char *k2[] = {"algorithm", "layout"}, *v2[] = {"caverns", "cavernous"};
    cr_assert_eq(dg_options_parse(&o, 2, k2, v2, NULL, &e), DG_EINVAL);
}

/* ------------------------------------------------- the steps, by hand */

static dg_options hand_opts;
static dg__build hb;

/* A builder of rows x cols with the given picture: '#' rock, '.' floor,
 * 'P' room wall, 'R' room 1 cell. */
static void hand_build(int rows, int cols, const char *const *pic)
{
    dg_options_init(&hand_opts);
    hand_opts.rows = rows;
    hand_opts.cols = cols;
    dg_options_set_seed(&hand_opts, 1);
    cr_assert_eq(dg__build_init(&hb, &hand_opts, NULL), DG_OK);
    for (int r = 0; r < rows; r++) {
        cr_assert_eq((int)strlen(pic[r]), cols);
        for (int c = 0; c < cols; c++) {
            uint32_t w = DG_NOTHING;
            switch (pic[r][c]) {
            case '.': w = DG_CORRIDOR; break;
            case 'P': w = DG_PERIMETER; break;
            case 'R': w = DG_ROOM | (1u << DG_ROOM_ID_SHIFT); break;
            default: break;
            }
            *dg__at(&hb, r, c) = w;
        }
    }
}

static void hand_fini(void) { dg__build_fini(&hb); }

static size_t open_count(void)
{
    size_t n = 0;
    for (int r = 0; r < hb.rows; r++)
        for (int c = 0; c < hb.cols; c++) n += (*dg__at(&hb, r, c) & DG_OPENSPACE) != 0;
    return n;
}

static size_t systems(void)
{
    size_t n = 0;
    cr_assert_eq(dg__cave_count(&hb, 0, &n, NULL), DG_OK);
    return n;
}

Test(cave_join, digs_the_shortest_cut, .fini = hand_fini)
{
    /* two caves; the nearest points are three rock cells apart on row 3,
     * further apart everywhere else */
    static const char *pic[] = {
        "#############",
        "#..#######..#",
        "#..#######..#",
        "#....###....#",
        "#..#######..#",
        "#############",
        "#############",
    };
    hand_build(7, 13, pic);
    cr_assert_eq(systems(), 2);
    size_t cuts = 0, dug = 0, before = open_count();
    cr_assert_eq(dg__cave_join(&hb, &cuts, &dug, NULL), DG_OK);
    cr_assert_eq(cuts, 1);
    cr_assert_eq(dug, 3);
    cr_assert_eq(open_count(), before + 3);
    for (int c = 5; c <= 7; c++) cr_assert_eq(*dg__at(&hb, 3, c), DG_CORRIDOR);
    cr_assert_eq(systems(), 1);
}

Test(cave_join, joins_many_systems_with_a_spanning_set_of_cuts, .fini = hand_fini)
{
    /* four caves in a row, gaps of 1, 2 and 1 rock cells: three cuts, four
     * cells in all -- never the long way round */
    static const char *pic[] = {
        "###############",
        "#..#..##..#...#",
        "#..#..##..#...#",
        "###############",
        "###############",
    };
    hand_build(5, 15, pic);
    cr_assert_eq(systems(), 4);
    size_t cuts = 0, dug = 0;
    cr_assert_eq(dg__cave_join(&hb, &cuts, &dug, NULL), DG_OK);
    cr_assert_eq(cuts, 3);
    cr_assert_eq(dug, 4);
    cr_assert_eq(systems(), 1);
}

Test(cave_join, one_system_needs_no_cut, .fini = hand_fini)
{
    static const char *pic[] = {
        "#######",
        "#.....#",
        "#.###.#",
        "#.....#",
        "#######",
    };
    hand_build(5, 7, pic);
    size_t cuts = 9, dug = 9;
    cr_assert_eq(dg__cave_join(&hb, &cuts, &dug, NULL), DG_OK);
    cr_assert_eq(cuts, 0);
    cr_assert_eq(dug, 0);
}

/* Cuts never go through a room's wall or the map's rim; a system nothing
 * can reach is filled, the biggest part stays. */
Test(cave_join, unreachable_parts_are_filled, .fini = hand_fini)
{
    static const char *pic[] = {
        "###########",
        "#....#PPP##",
        "#....#P.P##",
        "#....#PPP##",
        "###########",
    };
    hand_build(5, 11, pic);
    cr_assert_eq(systems(), 2);
    cr_assert_eq(dg__cave_join(&hb, NULL, NULL, NULL), DG_OK);
    cr_assert_eq(*dg__at(&hb, 2, 7), DG_NOTHING, "the walled-in cell is filled");
    cr_assert_eq(*dg__at(&hb, 2, 2), DG_CORRIDOR, "the big cave stays");
    cr_assert_eq(*dg__at(&hb, 1, 6), DG_PERIMETER, "walls are never dug");
    cr_assert_eq(systems(), 1);
}

Test(cave_count, fills_small_pockets_but_never_the_largest_or_rooms, .fini = hand_fini)
{
    static const char *pic[] = {
        "#############",
        "#....#.#PPP.#",
        "#....###PRP##",
        "#....#..PPP##",
        "#############",
    };
    hand_build(5, 13, pic);
    size_t n = 0;
    cr_assert_eq(dg__cave_count(&hb, 3, &n, NULL), DG_OK);
    /* the 12-cell cave and the room stay; the one- and two-cell pockets go */
    cr_assert_eq(n, 2);
    cr_assert_eq(*dg__at(&hb, 1, 6), DG_NOTHING);
    cr_assert_eq(*dg__at(&hb, 3, 6), DG_NOTHING);
    cr_assert_eq(*dg__at(&hb, 1, 11), DG_NOTHING);
    cr_assert(*dg__at(&hb, 2, 9) & DG_ROOM);
    cr_assert_eq(*dg__at(&hb, 2, 2), DG_CORRIDOR);
    /* with every pocket too small, the largest still stays */
    cr_assert_eq(dg__cave_count(&hb, 100, &n, NULL), DG_OK);
    cr_assert_eq(*dg__at(&hb, 2, 2), DG_CORRIDOR);
}

/* The automaton leaves the rim and fixed cells alone, is the same for the
 * same stream, and uses the stream (another seed, another cave). */
Test(cave_grow, keeps_the_rim_and_fixed_cells, .fini = hand_fini)
{
    static const char *row = "###############################";
    static const char *pic[21];
    for (int r = 0; r < 21; r++) pic[r] = row;
    hand_build(21, 31, pic);
    *dg__at(&hb, 10, 15) = DG_PERIMETER;
    cr_assert_eq(dg__cave_grow(&hb, 45, 4, NULL), DG_OK);
    for (int r = 0; r < hb.rows; r++)
        for (int c = 0; c < hb.cols; c++) {
            uint32_t w = *dg__at(&hb, r, c);
            if (r == 0 || c == 0 || r == hb.rows - 1 || c == hb.cols - 1)
                cr_assert_eq(w, DG_NOTHING, "rim (%d,%d) opened", r, c);
            else if (r == 10 && c == 15)
                cr_assert_eq(w, DG_PERIMETER);
            else
                cr_assert(w == DG_NOTHING || w == DG_CORRIDOR);
        }
    size_t open = open_count();
    cr_assert(open > 100 && open < 500, "45%% fill on 29x19 inner cells: %zu open", open);
}

/* From a seeded builder: several systems before joining, one after. */
Test(cave_join, one_system_after_joining_over_seeds)
{
    size_t many = 0;
    for (unsigned s = 0; s < 60; s++) {
        dg_options o;
        char seed[32];
        snprintf(seed, sizeof seed, "seed=%u", s);
        cr_assert_eq(gc_parse(&o, (const char *const[]){seed, "algorithm=caverns", "rows=61", "cols=81"}, 4, NULL), DG_OK);
        dg__build b;
        cr_assert_eq(dg__build_init(&b, &o, NULL), DG_OK);
        size_t before = 0, after = 0;
        cr_assert_eq(dg__cave_grow(&b, o.cave_fill, o.cave_steps, NULL), DG_OK);
        cr_assert_eq(dg__cave_count(&b, 8, &before, NULL), DG_OK);
        cr_assert_eq(dg__cave_join(&b, NULL, NULL, NULL), DG_OK);
        cr_assert_eq(dg__cave_count(&b, 0, &after, NULL), DG_OK);
        cr_assert_eq(after, 1, "seed %u: %zu systems after joining", s, after);
        many += before > 1;
        dg__build_fini(&b);
    }
    cr_assert_gt(many, 30, "most seeds start with several systems (%zu)", many);
}

/* Bigger maps, once each: the cut search is linear and keeps working. */
Test(caverns, big_maps)
{
    dg_dungeon *d = MAKE("seed=77", "algorithm=caverns", "rows=401", "cols=601", "stairs=6", "egress=many");
    gc_all(d, "401x601");
    cr_assert_eq(d->n_stairs, 6);
    dg_dungeon_free(d);
    d = MAKE("seed=78", "layout=cavernous", "rows=301", "cols=301", "rooms=complex");
    gc_all(d, "cavernous 301x301");
    dg_dungeon_free(d);
}
