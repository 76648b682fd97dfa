/* test_gen_gridmapper.c -- algorithm=gridmapper over hundreds of seeds and
 * option sets: the invariants of gen_check.h, the room count asked for,
 * rooms joined exactly as the chosen named shapes (turned and mirrored) and
 * the joins between blocks draw them, room 1 holding the up stair, pillars,
 * caves, exits, doors and determinism. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdlib.h>

#include "gen_check.h"
#include "gen_gridmapper.h"



/* --------------------------------------------------------- adjacency */

#define MAXR 64

/* Room pairs joined in the finished map: a door between two rooms, or a
 * passage (corridor, doors, stairs) touching exactly two rooms. A passage
 * touching three or more rooms fails: joins must stay apart. */
static void map_joins(const dg_dungeon *d, bool joined[MAXR][MAXR], const char *what)
{
    memset(joined, 0, sizeof(bool) * MAXR * MAXR);
    size_t cells = (size_t)d->width * (size_t)d->height;
    int *lab = calloc(cells, sizeof *lab);
    int *queue = malloc(cells * sizeof *queue);
    cr_assert(lab && queue);
    int n = 0;
    for (size_t s = 0; s < cells; s++) {
        uint32_t w = d->cells[s];
        if (!dg_cell_open(w) || (w & DG_ROOM) || lab[s]) continue;
        n++;
        size_t head = 0, tail = 0;
        queue[tail++] = (int)s;
        lab[s] = n;
        int touch[4], nt = 0;
        while (head < tail) {
            int at = queue[head++], x = at % d->width, y = at / d->width;
            for (int q = 0; q < 4; q++) {
                int xx = x + dg_dir_dx((dg_dir)q), yy = y + dg_dir_dy((dg_dir)q);
                uint32_t v = dg_cell(d, xx, yy);
                if (!dg_cell_open(v)) continue;
                if (v & DG_ROOM) {
                    int id = gc_id(v), k;
                    for (k = 0; k < nt && touch[k] != id; k++) {}
                    if (k == nt) {
                        cr_assert_lt(nt, 2, "%s: a passage at (%d,%d) touches three rooms", what, x, y);
                        touch[nt++] = id;
                    }
                    continue;
                }
                size_t kk = (size_t)yy * (size_t)d->width + (size_t)xx;
                if (!lab[kk]) {
                    lab[kk] = n;
                    queue[tail++] = (int)kk;
                }
            }
        }
        if (nt == 2) joined[touch[0]][touch[1]] = joined[touch[1]][touch[0]] = true;
    }
    for (size_t k = 0; k < d->n_doors; k++)
        if (d->doors[k].other) joined[d->doors[k].room][d->doors[k].other] = joined[d->doors[k].other][d->doors[k].room] = true;
    /* rooms never touch each other directly */
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x + 1 < d->width; x++) {
            uint32_t a = dg_cell(d, x, y), b = dg_cell(d, x + 1, y), c = dg_cell(d, x, y + 1);
            if (a & DG_ROOM) {
                cr_assert(!(b & DG_ROOM) || gc_id(b) == gc_id(a), "%s: rooms touch at (%d,%d)", what, x, y);
                cr_assert(!(c & DG_ROOM) || gc_id(c) == gc_id(a), "%s: rooms touch at (%d,%d)", what, x, y);
            }
        }
    free(lab);
    free(queue);
}

/* The shape's positions after one of the eight turns match the block's
 * sections up to a shift inside the block. */
static bool is_turn_of(const dg__gm_shape *s, const dg__gm_block *bl)
{
    for (int t = 0; t < 8; t++) {
        int r[7], c[7], minr = 99, minc = 99, br = 99, bc = 99;
        for (int k = 0; k < s->rooms; k++) {
            int rr = s->at[k] / 3, cc = s->at[k] % 3;
            if (t & 4) { int x = rr; rr = cc; cc = x; }
            if (t & 1) cc = -cc;
            if (t & 2) rr = -rr;
            r[k] = rr;
            c[k] = cc;
            if (rr < minr) minr = rr;
            if (cc < minc) minc = cc;
            if (bl->sec_row[k] < br) br = bl->sec_row[k];
            if (bl->sec_col[k] < bc) bc = bl->sec_col[k];
        }
        bool ok = true;
        for (int k = 0; k < s->rooms && ok; k++)
            ok = r[k] - minr == bl->sec_row[k] - br && c[k] - minc == bl->sec_col[k] - bc &&
                 bl->sec_row[k] / 3 == bl->slot_row && bl->sec_col[k] / 3 == bl->slot_col;
        if (ok) return true;
    }
    return false;
}

/* The map's joins are exactly the plan's: each block's kept rooms joined as
 * its shape draws them, plus one join per later block. */
static void check_plan(const dg_dungeon *d, const char *what)
{
    dg__gm_plan p;
    dg_error e = {0};
    cr_assert_eq(dg__gm_plan_for(&d->opts, &p, &e), DG_OK, "%s: %s", what, e.msg);
    cr_assert_eq((int)d->n_rooms, d->opts.room_count, "%s: %zu rooms, %d asked", what, d->n_rooms,
                 d->opts.room_count);
    cr_assert_eq(p.n_room, d->opts.room_count, "%s", what);
    cr_assert_eq(p.n_link, p.n_block - 1, "%s", what);
    size_t n_shapes;
    const dg__gm_shape *shapes = dg__gm_shapes(&n_shapes);
    bool want[MAXR][MAXR], got[MAXR][MAXR];
    memset(want, 0, sizeof want);
    for (int i = 0; i < p.n_block; i++) {
        const dg__gm_block *bl = &p.block[i];
        cr_assert(bl->shape >= 0 && (size_t)bl->shape < n_shapes, "%s", what);
        const dg__gm_shape *s = &shapes[bl->shape];
        cr_assert_eq(bl->rooms, s->rooms);
        cr_assert(is_turn_of(s, bl), "%s: block %d is no turn of %s", what, i, s->name);
        cr_assert(bl->kept == s->rooms || i == p.n_block - 1, "%s: rooms dropped before the last block", what);
        for (int e2 = 0; e2 < s->n_edges; e2++) {
            int a = bl->room[s->edge[e2][0] - 1], z = bl->room[s->edge[e2][1] - 1];
            if (a && z) want[a][z] = want[z][a] = true;
        }
        /* room 1 of each shape is always kept: dropping starts at the far end */
        cr_assert_neq(bl->room[0], 0, "%s", what);
    }
    for (int l = 0; l < p.n_link; l++) {
        cr_assert(!want[p.link[l].a][p.link[l].b], "%s", what);
        want[p.link[l].a][p.link[l].b] = want[p.link[l].b][p.link[l].a] = true;
    }
    map_joins(d, got, what);
    for (int a = 1; a <= p.n_room; a++)
        for (int z = a + 1; z <= p.n_room; z++)
            cr_assert_eq(got[a][z], want[a][z], "%s: rooms %d and %d %s", what, a, z,
                         want[a][z] ? "should be joined and are not" : "are joined but the shape has no such join");
}

/* ------------------------------------------------------------- tables */

Test(gridmapper, shape_table_holds_every_named_shape)
{
    static const char *five[] = {"Railroad", "Foglio's Snail", "Fauchard Fork", "Moose",
                                 "Paw", "Arrow", "Cross", "Nose Ring"};
    static const char *seven[] = {"Snake", "Fork", "Sidequest", "Unbalanced Fork",
                                  "Triplet", "Fake Fork", "Shuriken", "Noose"};
    size_t n;
    const dg__gm_shape *s = dg__gm_shapes(&n);
    for (int k = 0; k < 16; k++) {
        const char *name = k < 8 ? five[k] : seven[k - 8];
        int found = 0;
        for (size_t i = 0; i < n; i++)
            if (!strcmp(s[i].name, name)) {
                found++;
                cr_assert_eq(s[i].rooms, k < 8 ? 5 : 7, "%s", name);
            }
        cr_assert_gt(found, 0, "%s missing", name);
    }
    for (size_t i = 0; i < n; i++) {
        bool used[9] = {false};
        for (int k = 0; k < s[i].rooms; k++) {
            cr_assert_lt(s[i].at[k], 9);
            cr_assert(!used[s[i].at[k]], "%s: two rooms in one section", s[i].name);
            used[s[i].at[k]] = true;
        }
        /* joins run along a row or column, over at most one empty section */
        int parent[8];
        for (int k = 1; k <= 7; k++) parent[k] = k;
        for (int e = 0; e < s[i].n_edges; e++) {
            int a = s[i].edge[e][0], z = s[i].edge[e][1];
            int ra = s[i].at[a - 1] / 3, ca = s[i].at[a - 1] % 3, rz = s[i].at[z - 1] / 3, cz = s[i].at[z - 1] % 3;
            cr_assert(ra == rz || ca == cz, "%s: join %d-%d is diagonal", s[i].name, a, z);
            int span = abs(ra - rz) + abs(ca - cz);
            cr_assert(span == 1 || (span == 2 && !used[(ra + rz) / 2 * 3 + (ca + cz) / 2]),
                      "%s: join %d-%d crosses a room", s[i].name, a, z);
            while (parent[a] != a) a = parent[a];
            while (parent[z] != z) z = parent[z];
            parent[a] = z;
        }
        for (int k = 1; k <= s[i].rooms; k++) {
            int r = k, r1 = 1;
            while (parent[r] != r) r = parent[r];
            while (parent[r1] != r1) r1 = parent[r1];
            cr_assert_eq(r, r1, "%s: room %d not joined", s[i].name, k);
        }
    }
}

/* --------------------------------------------------------- many maps */

static const char *sizes[] = {"7", "9", "13", "15", "23", "31", "45", "61", "81", "101"};

/* Option set s; room_count is lowered until the map can hold it. */
static dg_dungeon *make_varied(unsigned s, char *what, size_t cap)
{
    static const char *doors[] = {"none", "basic", "secure", "standard", "deathtrap"};
    static const char *egress[] = {"no", "yes", "many", "tiling"};
    char kv[10][48];
    size_t n = 0;
    bool caves = (s / 17) % 3 == 2;
    snprintf(kv[n++], 48, "seed=%u", s * 2654435761u);
    snprintf(kv[n++], 48, "algorithm=gridmapper");
    snprintf(kv[n++], 48, "rows=%s", sizes[(s / 2) % 10]);
    snprintf(kv[n++], 48, "cols=%s", sizes[(s / 3 + s) % 10]);
    snprintf(kv[n++], 48, "egress=%s", egress[(s / 13) % 4]);
    snprintf(kv[n++], 48, "stairs=%u", s % 5);
    snprintf(kv[n++], 48, "caves=%s", caves ? "yes" : "no");
    if (!caves) { /* caves are joined by passages: no doors, no walls for pillars */
        snprintf(kv[n++], 48, "doors=%s", doors[(s / 7) % 5]);
        snprintf(kv[n++], 48, "pillars=%s", (s / 5) % 2 ? "yes" : "no");
    }
    int count = 2 + (int)((s * 7919u) % 62u);
    for (;; count--) {
        snprintf(kv[n], 48, "room_count=%d", count);
        const char *p[10];
        gc_pairs(kv, n + 1, p, what, cap);
        dg_options o;
        dg_error e = {0};
        dg_dungeon *d = NULL;
        dg_status rc = gc_try_make(p, n + 1, &o, &d, &e);
        if (rc == DG_OK) return d;
        cr_assert_eq(rc, DG_ELIMIT, "%s: %s", what, e.msg);
        cr_assert_str_eq(e.param, "room_count", "%s", what);
        cr_assert_gt(count, 7, "%s: a map refused seven rooms or fewer", what);
    }
}

ParameterizedTestParameters(gridmapper, maps_hold_the_invariants_and_the_shapes)
{
    static int chunk[] = {0, 1, 2, 3, 4, 5, 6, 7};
    return cr_make_param_array(int, chunk, 8);
}

/* 8 x 80 = 640 maps */
ParameterizedTest(int *chunk, gridmapper, maps_hold_the_invariants_and_the_shapes)
{
    char what[640];
    for (unsigned s = (unsigned)*chunk * 80; s < (unsigned)(*chunk + 1) * 80; s++) {
        dg_dungeon *d = make_varied(s, what, sizeof what);
        gc_all(d, what);
        check_plan(d, what);
        /* room 1 holds the up stair whenever it has a wall to spare */
        if (d->opts.stairs > 0 && d->width >= 23 && d->height >= 23 && d->opts.room_count <= 7) {
            cr_assert_gt(d->n_stairs, 0, "%s: no stairs", what);
            const dg_stair *st = &d->stairs[0];
            cr_assert(!st->down, "%s", what);
            int bx = st->next_x - (st->x - st->next_x), by = st->next_y - (st->y - st->next_y);
            cr_assert_eq(gc_id(dg_cell(d, bx, by)), 1, "%s: the up stair is not in room 1", what);
        }
        if (d->opts.caves) {
            cr_assert_not_null(d->cave, "%s", what);
            for (size_t k = 0; k < (size_t)d->width * d->height; k++)
                if (dg_cell_open(d->cells[k])) cr_assert(d->cave[k], "%s: open cell outside the cave mask", what);
            /* a cave room's box is its floor's bounds, not the box it grew in */
            for (size_t i = 0; i < d->n_rooms; i++) {
                const dg_room *rm = &d->rooms[i];
                int x1 = d->width, y1 = d->height, x2 = -1, y2 = -1;
                for (int y = 0; y < d->height; y++)
                    for (int x = 0; x < d->width; x++)
                        if (gc_id(dg_cell(d, x, y)) == rm->id) {
                            if (x < x1) x1 = x;
                            if (x > x2) x2 = x;
                            if (y < y1) y1 = y;
                            if (y > y2) y2 = y;
                        }
                cr_assert(rm->x == x1 && rm->y == y1 && rm->width == x2 - x1 + 1 && rm->height == y2 - y1 + 1,
                          "%s: room %d box %d,%d %dx%d, its cells %d,%d %dx%d", what, rm->id, rm->x, rm->y,
                          rm->width, rm->height, x1, y1, x2 - x1 + 1, y2 - y1 + 1);
            }
        } else {
            cr_assert_null(d->cave, "%s", what);
        }
        dg_dungeon_free(d);
    }
}

Test(gridmapper, same_options_give_the_same_map)
{
    char what[640];
    for (unsigned s = 0; s < 40; s++) {
        dg_dungeon *a = make_varied(s * 13, what, sizeof what), *b = make_varied(s * 13, what, sizeof what);
        cr_assert_eq(a->width, b->width);
        cr_assert_eq(memcmp(a->cells, b->cells, (size_t)a->width * a->height * 4), 0, "%s", what);
        cr_assert_eq(a->n_doors, b->n_doors);
        cr_assert_eq(memcmp(a->doors, b->doors, a->n_doors * sizeof *a->doors), 0, "%s", what);
        cr_assert_eq(a->n_stairs, b->n_stairs);
        for (size_t k = 0; k < a->n_stairs; k++) /* field by field: structs have padding */
            cr_assert(a->stairs[k].x == b->stairs[k].x && a->stairs[k].y == b->stairs[k].y &&
                          a->stairs[k].down == b->stairs[k].down && a->stairs[k].dir == b->stairs[k].dir,
                      "%s", what);
        dg_dungeon_free(a);
        dg_dungeon_free(b);
    }
}

Test(gridmapper, every_named_shape_and_turn_comes_round)
{
    size_t n;
    const dg__gm_shape *s = dg__gm_shapes(&n);
    bool seen[64] = {false};
    int turns = 0;
    for (unsigned seed = 0; seed < 400; seed++) {
        char sd[16];
        snprintf(sd, sizeof sd, "%u", seed);
        const char *keys[] = {"seed", "algorithm", "rows", "cols", "room_count"};
        const char *vals[] = {sd, "gridmapper", "45", "45", seed % 2 ? "5" : "7"};
        dg_options o;
        dg_error e = {0};
        cr_assert_eq(dg_options_parse(&o, 5, keys, vals, NULL, &e), DG_OK, "%s", e.msg);
        dg__gm_plan p;
        cr_assert_eq(dg__gm_plan_for(&o, &p, &e), DG_OK, "%s", e.msg);
        cr_assert_eq(p.n_block, 1);
        seen[p.block[0].shape] = true;
        turns |= 1 << p.block[0].turn;
    }
    for (size_t i = 0; i < n; i++) {
        bool name_seen = false;
        for (size_t j = 0; j < n; j++) name_seen |= seen[j] && !strcmp(s[j].name, s[i].name);
        cr_assert(name_seen, "%s never chosen", s[i].name);
    }
    cr_assert_eq(turns, 0xff, "not every turn used");
}

Test(gridmapper, too_many_rooms_for_the_map_name_room_count)
{
    const char *kv[] = {"seed=3", "algorithm=gridmapper", "rows=15", "cols=15", "room_count=40"};
    dg_options o;
    dg_error e = {0};
    dg_dungeon *d = NULL;
    cr_assert_eq(gc_try_make(kv, 5, &o, &d, &e), DG_ELIMIT);
    cr_assert_null(d);
    cr_assert_str_eq(e.param, "room_count");
    cr_assert_str_eq(e.allowed, "2..28", "%s", e.allowed);
    /* the smallest map holds one block */
    const char *small[] = {"seed=3", "algorithm=gridmapper", "rows=7", "cols=7", "room_count=7"};
    d = gc_make(small, 5);
    gc_all(d, "7x7");
    cr_assert_eq(d->n_rooms, 7);
    dg_dungeon_free(d);
}

Test(gridmapper, keys_of_other_families_are_refused)
{
    const char *keys[] = {"algorithm", "area_width_min"}, *vals[] = {"gridmapper", "7"};
    dg_options o;
    dg_error e = {0};
    cr_assert_eq(dg_options_parse(&o, 2, keys, vals, NULL, &e), DG_EINVAL);
    cr_assert_str_eq(e.param, "area_width_min");
}

Test(gridmapper, pillars_stand_in_room_walls)
{
    int shaped_yes = 0, shaped_no = 0;
    for (unsigned s = 0; s < 30; s++) {
        char sd[32];
        snprintf(sd, sizeof sd, "seed=%u", s);
        const char *yes[] = {sd, "algorithm=gridmapper", "rows=61", "cols=61", "pillars=yes"};
        const char *no[] = {sd, "algorithm=gridmapper", "rows=61", "cols=61", "pillars=no"};
        dg_dungeon *a = gc_make(yes, 5), *b = gc_make(no, 5);
        for (size_t k = 0; k < a->n_rooms; k++) {
            shaped_yes += a->rooms[k].shape != DG_SHAPE_RECT;
            /* a pillared room keeps its box; only wall-side cells go */
            const dg_room *ra = &a->rooms[k], *rb = &b->rooms[k];
            cr_assert(ra->x == rb->x && ra->y == rb->y && ra->width == rb->width && ra->height == rb->height);
            cr_assert_geq(ra->area, (ra->width - 2) * (ra->height - 2));
        }
        for (size_t k = 0; k < b->n_rooms; k++) shaped_no += b->rooms[k].shape != DG_SHAPE_RECT;
        dg_dungeon_free(a);
        dg_dungeon_free(b);
    }
    cr_assert_gt(shaped_yes, 60);
    cr_assert_eq(shaped_no, 0);
}

Test(gridmapper, caves_are_rooms_without_doors)
{
    for (unsigned s = 0; s < 30; s++) {
        char sd[32];
        snprintf(sd, sizeof sd, "seed=%u", s);
        const char *kv[] = {sd, "algorithm=gridmapper", "rows=45", "cols=61", "caves=yes", "room_count=12"};
        dg_dungeon *d = gc_make(kv, 6);
        gc_all(d, sd);
        cr_assert_eq(d->n_rooms, 12);
        cr_assert_eq(d->n_doors, 0, "caves have openings, not doors");
        int composite = 0;
        for (size_t k = 0; k < d->n_rooms; k++) composite += d->rooms[k].shape == DG_SHAPE_COMPOSITE;
        cr_assert_gt(composite, 6, "cave rooms are not boxes");
        dg_dungeon_free(d);
    }
}

Test(gridmapper, door_sets_and_exits_apply)
{
    for (unsigned s = 0; s < 30; s++) {
        char sd[32];
        snprintf(sd, sizeof sd, "seed=%u", s);
        const char *none[] = {sd, "algorithm=gridmapper", "rows=45", "cols=45", "doors=none", "room_count=14"};
        dg_dungeon *d = gc_make(none, 6);
        cr_assert_gt(d->n_doors, 0);
        for (size_t k = 0; k < d->n_doors; k++) cr_assert_eq(d->doors[k].type, DG_DOOR_ARCH);
        dg_dungeon_free(d);
        const char *one[] = {sd, "algorithm=gridmapper", "rows=45", "cols=45", "egress=yes"};
        d = gc_make(one, 5);
        cr_assert_eq(d->n_exits, 1, "%s: egress=yes", sd);
        gc_all(d, sd);
        dg_dungeon_free(d);
        const char *tiling[] = {sd, "algorithm=gridmapper", "rows=45", "cols=45", "egress=tiling"};
        d = gc_make(tiling, 5);
        gc_all(d, sd);
        cr_assert_gt(d->n_exits, 0, "%s: egress=tiling", sd);
        cr_assert_eq(d->n_exits % 2, 0);
        for (size_t k = 0; k < d->n_exits; k++) {
            const dg_exit *e = &d->exits[k];
            bool twin = false;
            for (size_t q = 0; q < d->n_exits && !twin; q++)
                twin = d->exits[q].dir == (dg_dir)(e->dir ^ 1) &&
                       (e->dir <= DG_DIR_SOUTH ? d->exits[q].x == e->x : d->exits[q].y == e->y);
            cr_assert(twin, "%s: exit (%d,%d) has no twin", sd, e->x, e->y);
        }
        dg_dungeon_free(d);
    }
}

Test(gridmapper, stairs_count_up_to_what_rooms_hold)
{
    const char *kv[] = {"seed=9", "algorithm=gridmapper", "rows=45", "cols=61", "stairs=6", "room_count=12"};
    dg_dungeon *d = gc_make(kv, 6);
    cr_assert_eq(d->n_stairs, 6);
    int down = 0, up = 0;
    for (size_t k = 0; k < d->n_stairs; k++) d->stairs[k].down ? down++ : up++;
    cr_assert(down > 0 && up > 0);
    gc_all(d, "stairs=6");
    dg_dungeon_free(d);
    const char *none[] = {"seed=9", "algorithm=gridmapper", "stairs=no"};
    d = gc_make(none, 3);
    cr_assert_eq(d->n_stairs, 0);
    dg_dungeon_free(d);
}
