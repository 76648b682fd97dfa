/* test_gen_panels.c -- algorithm=panels over hundreds of seeds and option
 * sets: the invariants of gen_check.h, the family's own promises (no loop
 * from a room back to itself, no ring of corridor, no dead end, rooms sealed
 * but for their doors, seed 001's margins and sizes), determinism, and that
 * the shared options act on it. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdlib.h>

#include "gen_check.h"
#include "gen_graph.h"



/* The option set for seed s: sizes, seed 001's keys within their rules,
 * and the shared keys, all coming round. */
typedef struct {
    char kv[13][48];
    int rmin, rmax, cm, wm;
    bool egress;
} varied;

static void vary(unsigned s, varied *v)
{
    static const int sizes[] = {7, 9, 15, 23, 31, 45, 61, 81, 101};
    static const char *doors[] = {"none", "basic", "secure", "standard", "deathtrap"};
    static const char *egress[] = {"no", "yes", "many", "tiling"};
    v->cm = 1 + (int)(s % 3);
    v->rmin = 3 + (int)((s / 3) % 5);
    v->rmax = v->rmin + (int)((s / 7) % 7);
    v->wm = (int)((s / 5) % 4);
    int psm = v->rmin + 2 * v->cm + 2 + (int)((s / 11) % 9);
    if (psm < 8) psm = 8;
    v->egress = (s / 13) % 4 != 0;
    snprintf(v->kv[0], 48, "seed=%u", s * 2654435761u);
    snprintf(v->kv[1], 48, "algorithm=panels");
    snprintf(v->kv[2], 48, "rows=%d", sizes[(s / 2) % 9]);
    snprintf(v->kv[3], 48, "cols=%d", sizes[(s / 17 + s) % 9]);
    snprintf(v->kv[4], 48, "panel_size_min=%d", psm);
    snprintf(v->kv[5], 48, "room_size_min=%d", v->rmin);
    snprintf(v->kv[6], 48, "room_size_max=%d", v->rmax);
    snprintf(v->kv[7], 48, "corridor_margin=%d", v->cm);
    snprintf(v->kv[8], 48, "wall_margin=%d", v->wm);
    snprintf(v->kv[9], 48, "doors=%s", doors[(s / 7) % 5]);
    snprintf(v->kv[10], 48, "view=%s", s % 2 ? "gm" : "player"); /* deadends: refused for panels */
    snprintf(v->kv[11], 48, "egress=%s", egress[(s / 13) % 4]);
    snprintf(v->kv[12], 48, "stairs=%u", s % 5);
}

/* Seed 001's margins: each door's corridor runs straight for at least
 * corridor_margin cells before anything joins it, and it leaves the room
 * at least wall_margin cells from a corner when the wall is long enough. */
static void check_margins(const dg_dungeon *d, const varied *v, const char *what)
{
    for (size_t k = 0; k < d->n_doors; k++) {
        const dg_door *dr = &d->doors[k];
        const dg_room *rm = &d->rooms[dr->room - 1];
        int dx = dg_dir_dx(dr->dir), dy = dg_dir_dy(dr->dir);
        for (int t = 1; t <= v->cm; t++) {
            int x = dr->x + t * dx, y = dr->y + t * dy;
            cr_assert_eq(dg_cell(d, x, y), DG_CORRIDOR, "%s: door (%d,%d) corridor cell %d not plain",
                         what, dr->x, dr->y, t);
            if (t == v->cm) break;
            /* a stair may sit in a nook beside it; nothing else joins */
            uint32_t a = dg_cell(d, x + dy, y + dx), b = dg_cell(d, x - dy, y - dx);
            cr_assert(!(dg_cell_open(a) && !(a & DG_STAIRS)) && !(dg_cell_open(b) && !(b & DG_STAIRS)),
                      "%s: door (%d,%d) corridor joined after %d cells", what, dr->x, dr->y, t);
        }
        int lo = dx ? rm->y : rm->x, hi = lo + (dx ? rm->height : rm->width) - 1, at = dx ? dr->y : dr->x;
        if (hi - lo + 1 - 2 * v->wm >= 2)
            cr_assert(at >= lo + v->wm && at <= hi - v->wm, "%s: door (%d,%d) within %d of a corner",
                      what, dr->x, dr->y, v->wm);
    }
}

static void check_sizes(const dg_dungeon *d, const varied *v, const char *what)
{
    int need = v->rmin + 2 * v->cm + 2;
    for (size_t k = 0; k < d->n_rooms; k++) {
        const dg_room *rm = &d->rooms[k];
        cr_assert_eq(rm->shape, DG_SHAPE_RECT, "%s: panels rooms are rectangles", what);
        cr_assert(rm->width <= v->rmax && rm->height <= v->rmax, "%s: room %d %dx%d over room_size_max",
                  what, rm->id, rm->width, rm->height);
        if (d->width - 2 >= need)
            cr_assert(rm->width >= v->rmin, "%s: room %d narrower than room_size_min", what, rm->id);
        if (d->height - 2 >= need)
            cr_assert(rm->height >= v->rmin, "%s: room %d shorter than room_size_min", what, rm->id);
    }
    /* each room has at most one door per wall */
    for (size_t k = 0; k < d->n_doors; k++)
        for (size_t j = k + 1; j < d->n_doors; j++)
            cr_assert(!(d->doors[k].room == d->doors[j].room && d->doors[k].dir == d->doors[j].dir),
                      "%s: room %d has two doors facing %s", what, d->doors[k].room,
                      dg_dir_name(d->doors[k].dir));
}

/* Everything the family promises about one map. */
static void check_panels(const dg_dungeon *d, const char *what)
{
    gc_all(d, what);
    dg_stats st;
    cr_assert_eq(dg_analyse(d, &st, NULL), DG_OK);
    cr_assert_eq(st.dead_ends, 0, "%s: %zu dead ends", what, st.dead_ends);
    gg_rooms_sealed(d, what);
    gg_no_wide_corridor(d, what);
    gg_shape s = gg_measure(d);
    cr_assert_eq(s.corridor_rings, 0, "%s: %ld rings of corridor", what, s.corridor_rings);
    cr_assert_eq(s.repeat_gates, 0, "%s: %ld loops from a room back to itself", what, s.repeat_gates);
    for (size_t k = 0; k < d->n_doors; k++)
        cr_assert_eq(d->doors[k].other, 0, "%s: panels rooms open onto corridors only", what);
    if (d->n_rooms > 1)
        for (size_t k = 0; k < d->n_rooms; k++) {
            bool has = false;
            for (size_t j = 0; j < d->n_doors && !has; j++) has = d->doors[j].room == (int)k + 1;
            cr_assert(has, "%s: room %zu has no door", what, k + 1);
        }
}

#define CHUNKS 8
#define PER_CHUNK 70

ParameterizedTestParameters(panels, invariants_hold)
{
    static int chunks[CHUNKS];
    for (int k = 0; k < CHUNKS; k++) chunks[k] = k;
    return cr_make_param_array(int, chunks, CHUNKS);
}

ParameterizedTest(int *chunk, panels, invariants_hold)
{
    for (unsigned s = (unsigned)*chunk * PER_CHUNK; s < (unsigned)(*chunk + 1) * PER_CHUNK; s++) {
        varied v;
        vary(s, &v);
        const char *p[13];
        for (int k = 0; k < 13; k++) p[k] = v.kv[k];
        char what[13 * 48 + 16];
        snprintf(what, sizeof what, "%s %s %s %s %s %s %s %s %s %s %s %s", v.kv[0], v.kv[2],
                 v.kv[3], v.kv[4], v.kv[5], v.kv[6], v.kv[7], v.kv[8], v.kv[9], v.kv[10], v.kv[11],
                 v.kv[12]);
        dg_dungeon *d = gc_make(p, 13);
        check_panels(d, what);
        check_sizes(d, &v, what);
        if (!v.egress) check_margins(d, &v, what);
        dg_dungeon_free(d);
    }
}

Test(panels, same_options_same_map)
{
    const char *kv[] = {"seed=77", "algorithm=panels", "rows=81", "cols=121", "stairs=3", "egress=many"};
    dg_dungeon *a = gc_make(kv, 6), *b = gc_make(kv, 6);
    cr_assert_eq(a->width, b->width);
    cr_assert_eq(memcmp(a->cells, b->cells, sizeof *a->cells * (size_t)a->width * (size_t)a->height), 0);
    cr_assert_eq(a->n_doors, b->n_doors);
    cr_assert_eq(memcmp(a->doors, b->doors, sizeof *a->doors * a->n_doors), 0);
    cr_assert_eq(a->n_stairs, b->n_stairs);
    for (size_t k = 0; k < a->n_stairs; k++)
        cr_assert(a->stairs[k].x == b->stairs[k].x && a->stairs[k].y == b->stairs[k].y &&
                  a->stairs[k].down == b->stairs[k].down && a->stairs[k].dir == b->stairs[k].dir);
    const char *other[] = {"seed=78", "algorithm=panels", "rows=81", "cols=121", "stairs=3", "egress=many"};
    dg_dungeon *c = gc_make(other, 6);
    cr_assert_neq(memcmp(a->cells, c->cells, sizeof *a->cells * (size_t)a->width * (size_t)a->height), 0,
                  "another seed, another map");
    dg_dungeon_free(a);
    dg_dungeon_free(b);
    dg_dungeon_free(c);
}

/* Rooms keep more than one door where the map allows: the loops cut are the
 * ones back to the same room, not every loop. */
Test(panels, rooms_join_through_each_other)
{
    long doors = 0, rooms = 0, loops = 0;
    for (unsigned s = 1; s <= 40; s++) {
        char seed[32];
        snprintf(seed, sizeof seed, "seed=%u", s);
        const char *kv[] = {seed, "algorithm=panels", "rows=61", "cols=91"};
        dg_dungeon *d = gc_make(kv, 4);
        doors += (long)d->n_doors;
        rooms += (long)d->n_rooms;
        loops += gg_measure(d).loops;
        dg_dungeon_free(d);
    }
    cr_assert_gt(rooms, 40 * 8, "61x91 maps hold several panels");
    cr_assert_gt(doors * 10, rooms * 15, "rooms average over 1.5 doors (%ld doors, %ld rooms)", doors, rooms);
    cr_assert_gt(loops, 0, "loops through several rooms remain");
}

Test(panels, bigger_panels_fewer_rooms)
{
    long small = 0, big = 0;
    for (unsigned s = 1; s <= 10; s++) {
        char seed[32];
        snprintf(seed, sizeof seed, "seed=%u", s);
        const char *a[] = {seed, "algorithm=panels", "rows=101", "cols=101", "panel_size_min=12"};
        const char *b[] = {seed, "algorithm=panels", "rows=101", "cols=101", "panel_size_min=30"};
        dg_dungeon *x = gc_make(a, 5), *y = gc_make(b, 5);
        small += (long)x->n_rooms;
        big += (long)y->n_rooms;
        dg_dungeon_free(x);
        dg_dungeon_free(y);
    }
    cr_assert_gt(small, 2 * big, "panel_size_min=12: %ld rooms, 30: %ld", small, big);
}

Test(panels, shared_options_act)
{
    /* doors=none: every doorway an arch */
    const char *none[] = {"seed=5", "algorithm=panels", "rows=61", "cols=61", "doors=none"};
    dg_dungeon *d = gc_make(none, 5);
    cr_assert_gt(d->n_doors, 0);
    for (size_t k = 0; k < d->n_doors; k++) cr_assert_eq(d->doors[k].type, DG_DOOR_ARCH);
    dg_dungeon_free(d);
    /* stairs: the count asked for, in nooks, since there are no dead ends */
    const char *st[] = {"seed=5", "algorithm=panels", "rows=61", "cols=61", "stairs=5"};
    d = gc_make(st, 5);
    cr_assert_eq(d->n_stairs, 5);
    check_panels(d, "stairs=5");
    dg_dungeon_free(d);
    /* deadends: the family removes every one, so the key is refused by name */
    {
        dg_options o;
        dg_error e = {0};
        const char *keys[] = {"algorithm", "deadends"}, *vals[] = {"panels", "0"};
        cr_assert_eq(dg_options_parse(&o, 2, keys, vals, NULL, &e), DG_EINVAL);
        cr_assert_str_eq(e.param, "deadends");
    }
    /* egress: exits dug in from the edge on most maps */
    int with_exit = 0;
    for (unsigned s = 1; s <= 20; s++) {
        char seed[32];
        snprintf(seed, sizeof seed, "seed=%u", s);
        const char *eg[] = {seed, "algorithm=panels", "rows=61", "cols=61", "egress=yes"};
        d = gc_make(eg, 5);
        with_exit += d->n_exits == 1;
        check_panels(d, seed);
        dg_dungeon_free(d);
    }
    cr_assert_geq(with_exit, 17, "only %d of 20 maps got their exit", with_exit);
}

/* Large maps stop dividing at the room cap and stay whole. */
Test(panels, large_map_caps_rooms)
{
    const char *kv[] = {"seed=9", "algorithm=panels", "rows=1001", "cols=1001"};
    dg_dungeon *d = gc_make(kv, 4);
    cr_assert_eq(d->n_rooms, DG_MAX_ROOMS);
    check_panels(d, "1001x1001");
    dg_dungeon_free(d);
}

Test(panels, bad_keys_are_named)
{
    dg_dungeon *d = NULL;
    dg_error e = {0};
    const char *tight[] = {"algorithm=panels", "panel_size_min=10", "room_size_min=5", "corridor_margin=2"};
    cr_assert_eq(gc_try_make(tight, 4, NULL, &d, &e), DG_EINVAL);
    cr_assert_str_eq(e.param, "panel_size_min");
    cr_assert_null(d);
    dg_error_clear(&e);
    const char *order[] = {"algorithm=panels", "room_size_min=9", "room_size_max=6"};
    cr_assert_eq(gc_try_make(order, 3, NULL, &d, &e), DG_EINVAL);
    cr_assert_str_eq(e.param, "room_size_min");
    dg_error_clear(&e);
    const char *foreign[] = {"algorithm=panels", "block_size=9"};
    cr_assert_eq(gc_try_make(foreign, 2, NULL, &d, &e), DG_EINVAL);
    cr_assert_str_eq(e.param, "block_size");
    dg_error_clear(&e);
    const char *mine_elsewhere[] = {"algorithm=donjon", "wall_margin=2"};
    cr_assert_eq(gc_try_make(mine_elsewhere, 2, NULL, &d, &e), DG_EINVAL);
    cr_assert_str_eq(e.param, "wall_margin");
}
