/* test_chambers.c -- core/chambers.c over maps of every cave family (caverns,
 * donjon's layout=cavernous, abstract's cave areas, gridmapper's caves=yes)
 * from 23x45 to 201x201, and one 1001x1001: every open cave cell lies in
 * exactly one chamber or one passage, the chambers and rooms form one
 * graph through passages and doors, chambers keep the size rule, every
 * label stands inside its chamber clear of rock, and the same seed gives
 * the same chambers. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dg_int.h" /* dg__chambers on hand-built maps */
#include "gen_check.h"

#define MIN_CHAMBER 16 /* chambers.c's */

static int id_of(uint32_t w) { return (int)((w & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT); }

/* Cave floor as chambers.c reads it: open cells of the mask that are no
 * room's and no door. */
static bool cave_floor(const dg_dungeon *d, int x, int y)
{
    if (x < 0 || y < 0 || x >= d->width || y >= d->height) return false;
    uint32_t w = dg_cell(d, x, y);
    return d->cave[(size_t)y * (size_t)d->width + (size_t)x] && (w & DG_CORRIDOR) &&
           !(w & (DG_ROOM | DG_DOORSPACE));
}

static bool chamber_id(const dg_dungeon *d, int id)
{
    return id >= 1 && (size_t)id <= d->n_rooms && d->rooms[id - 1].kind == DG_ROOM_KIND_CHAMBER;
}

/* Whether every cell round (x, y) is open. */
static bool clear_of_rock(const dg_dungeon *d, int x, int y)
{
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (!dg_cell_open(dg_cell(d, x + dx, y + dy))) return false;
    return true;
}

/* Whether every cell round (x, y) is open and in chamber id. */
static bool ringed_by(const dg_dungeon *d, int x, int y, int id)
{
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            uint32_t w = dg_cell(d, x + dx, y + dy);
            if (!(w & DG_OPENSPACE) || id_of(w) != id) return false;
        }
    return true;
}

/* Union-find over room ids 0..n (0 unused), for the graph check. */
static int find(int *up, int a)
{
    while (up[a] != a) a = up[a] = up[up[a]];
    return a;
}
static void join(int *up, int a, int b) { up[find(up, a)] = find(up, b); }

static int door_room_at(const dg_dungeon *d, int x, int y)
{
    for (size_t k = 0; k < d->n_doors; k++)
        if (d->doors[k].x == x && d->doors[k].y == y) return d->doors[k].room;
    return 0;
}

static void check(const dg_dungeon *d, const char *what, bool connected)
{
    if (!d->cave) { /* abstract maps may draw no cave area */
        cr_assert_eq(d->opts.algorithm, DG_ALGO_ABSTRACT, "%s: no cave mask", what);
        cr_assert_eq(d->n_passages, 0, "%s", what);
        return;
    }
    size_t n = (size_t)d->width * (size_t)d->height;
    unsigned char *in_passage = calloc(n, 1);
    bool *listed = calloc(d->n_rooms + 1, sizeof *listed);
    /* passages: floor cells, each in one passage, carrying no chamber id */
    for (size_t i = 0; i < d->n_passages; i++) {
        const dg_passage *p = &d->passages[i];
        cr_assert_eq(p->id, (int)i + 1, "%s: passage ids", what);
        cr_assert_gt(p->n_cells, 0, "%s: passage %d empty", what, p->id);
        for (size_t k = 0; k < p->n_cells; k++) {
            int x = p->cells[k].x, y = p->cells[k].y;
            cr_assert(cave_floor(d, x, y), "%s: passage %d cell (%d,%d) is no cave floor", what, p->id, x, y);
            size_t s = (size_t)y * (size_t)d->width + (size_t)x;
            cr_assert_eq(in_passage[s], 0, "%s: cell (%d,%d) in two passages", what, x, y);
            in_passage[s] = 1;
        }
        for (size_t k = 0; k < p->n_rooms; k++) {
            cr_assert(p->rooms[k] >= 1 && (size_t)p->rooms[k] <= d->n_rooms, "%s: passage %d joins room %d", what,
                      p->id, p->rooms[k]);
            if (k) cr_assert_lt(p->rooms[k - 1], p->rooms[k], "%s: passage %d's rooms not ascending", what, p->id);
            listed[p->rooms[k]] = true;
        }
    }
    /* every floor cell: one chamber or one passage */
    long *area = calloc(d->n_rooms + 1, sizeof *area);
    bool *core = calloc(d->n_rooms + 1, sizeof *core);
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++) {
            size_t s = (size_t)y * (size_t)d->width + (size_t)x;
            uint32_t w = d->cells[s];
            int id = id_of(w);
            bool floor = cave_floor(d, x, y), in_ch = (w & DG_OPENSPACE) && chamber_id(d, id);
            if (floor)
                cr_assert_eq((int)in_ch + in_passage[s], 1, "%s: cave cell (%d,%d) in %d chambers and %d passages",
                             what, x, y, (int)in_ch, in_passage[s]);
            if (!(w & DG_ROOM) && (w & DG_CORRIDOR) && id)
                cr_assert(floor && in_ch, "%s: cell (%d,%d) carries id %d off a chamber", what, x, y, id);
            if (!in_ch) continue;
            area[id]++;
            if (ringed_by(d, x, y, id)) core[id] = true;
            /* chambers never touch each other but through a passage */
            if (!(w & DG_ROOM)) {
                uint32_t r = dg_cell(d, x + 1, y), b = dg_cell(d, x, y + 1);
                if ((r & DG_CORRIDOR) && id_of(r) && id_of(r) != id) cr_assert_fail("%s: chambers meet at (%d,%d)", what, x, y);
                if ((b & DG_CORRIDOR) && id_of(b) && id_of(b) != id) cr_assert_fail("%s: chambers meet at (%d,%d)", what, x, y);
            }
        }
    for (size_t i = 0; i < d->n_rooms; i++) {
        const dg_room *r = &d->rooms[i];
        if (r->kind != DG_ROOM_KIND_CHAMBER) continue;
        cr_assert_eq(area[r->id], r->area, "%s: chamber %d area %ld vs %d", what, r->id, area[r->id], r->area);
        uint32_t lw = dg_cell(d, r->label_x, r->label_y);
        cr_assert((lw & DG_OPENSPACE) && id_of(lw) == r->id, "%s: chamber %d's label (%d,%d) outside it", what, r->id,
                  r->label_x, r->label_y);
        cr_assert(!(lw & DG_STAIRS), "%s: chamber %d's label on a stair", what, r->id);
        if (core[r->id]) /* the pole of a chamber with a cell ringed by itself is such a cell */
            cr_assert(ringed_by(d, r->label_x, r->label_y, r->id) && clear_of_rock(d, r->label_x, r->label_y),
                      "%s: chamber %d's label (%d,%d) touches its edge", what, r->id, r->label_x, r->label_y);
        /* the size rule: a grown chamber is at least MIN_CHAMBER cells; a
         * smaller one is a whole cave too narrow for any (joined to
         * nothing), or a room the family grew as a cave */
        bool built = dg_cell(d, r->label_x, r->label_y) & DG_ROOM;
        if (!built && listed[r->id])
            cr_assert_geq(r->area, MIN_CHAMBER, "%s: chamber %d has %d cells", what, r->id, r->area);
    }
    if (connected) {
        /* rooms and chambers joined by passages, doors and touching floor */
        int *up = malloc((d->n_rooms + 1) * sizeof *up);
        for (size_t i = 0; i <= d->n_rooms; i++) up[i] = (int)i;
        for (size_t i = 0; i < d->n_passages; i++)
            for (size_t k = 1; k < d->passages[i].n_rooms; k++) join(up, d->passages[i].rooms[0], d->passages[i].rooms[k]);
        for (size_t k = 0; k < d->n_doors; k++)
            if (d->doors[k].other > 0) join(up, d->doors[k].room, d->doors[k].other);
        for (int y = 0; y < d->height; y++)
            for (int x = 0; x < d->width; x++) {
                uint32_t w = dg_cell(d, x, y);
                int id = id_of(w);
                if (!(w & DG_OPENSPACE) || !id) continue;
                static const int dx[4] = {-1, 1, 0, 0}, dy[4] = {0, 0, -1, 1};
                for (int j = 0; j < 4; j++) {
                    uint32_t o = dg_cell(d, x + dx[j], y + dy[j]);
                    if (o & DG_DOORSPACE) {
                        int r = door_room_at(d, x + dx[j], y + dy[j]);
                        if (r) join(up, id, r);
                    } else if ((o & DG_OPENSPACE) && id_of(o)) {
                        join(up, id, id_of(o));
                    }
                }
            }
        for (size_t i = 1; i < d->n_rooms; i++)
            cr_assert_eq(find(up, (int)i + 1), find(up, 1), "%s: room %zu not joined to room 1", what, i + 1);
        free(up);
    }
    free(core);
    free(area);
    free(listed);
    free(in_passage);
}

static size_t chambers(const dg_dungeon *d)
{
    size_t n = 0;
    for (size_t i = 0; i < d->n_rooms; i++) n += d->rooms[i].kind == DG_ROOM_KIND_CHAMBER;
    return n;
}

typedef struct { const char *family[2]; bool connected; } family;
static const family families[] = {
    {{"algorithm=caverns", NULL}, true},
    {{"layout=cavernous", "algorithm=donjon"}, true},
    {{"algorithm=abstract", NULL}, false},      /* caves joined by plain corridors too */
    {{"algorithm=gridmapper", "caves=yes"}, true},
};
static const char *const sizes[][2] = {
    {"rows=23", "cols=45"}, {"rows=31", "cols=31"}, {"rows=51", "cols=71"}, {"rows=101", "cols=101"}, {"rows=201", "cols=201"},
};

static dg_dungeon *make(const family *f, int size, unsigned seed, char *what, size_t cap)
{
    char s[32];
    snprintf(s, sizeof s, "seed=%u", seed);
    snprintf(what, cap, "%s %s %s %s %s", f->family[0], f->family[1] ? f->family[1] : "", sizes[size][0],
             sizes[size][1], s);
    if (f->family[1]) return GC_MAKE(f->family[0], f->family[1], sizes[size][0], sizes[size][1], s);
    return GC_MAKE(f->family[0], sizes[size][0], sizes[size][1], s);
}

/* 4 families x (60 + 40 + 20 + 6 + 2) seeds: 512 maps. */
Test(chambers, cover_every_cave_cell_and_join_into_one_graph)
{
    static const int per_size[] = {60, 40, 20, 6, 2};
    char what[160];
    for (size_t f = 0; f < sizeof families / sizeof *families; f++) {
        size_t total = 0;
        for (int z = 0; z < 5; z++)
            for (int s = 0; s < per_size[z]; s++) {
                dg_dungeon *d = make(&families[f], z, (unsigned)(s + 1), what, sizeof what);
                check(d, what, families[f].connected);
                total += chambers(d);
                dg_dungeon_free(d);
            }
        cr_assert_gt(total, 0, "%s: no chambers in any map", families[f].family[0]);
    }
}

Test(chambers, caverns_have_chambers_where_they_had_no_rooms)
{
    char what[160];
    for (unsigned s = 1; s <= 20; s++) {
        dg_dungeon *d = make(&families[0], 0, s, what, sizeof what);
        cr_assert_gt(chambers(d), 0, "%s: no chambers", what);
        cr_assert_not_null(d->contents);
        dg_dungeon_free(d);
    }
}

Test(chambers, same_seed_same_chambers)
{
    char what[160];
    for (size_t f = 0; f < sizeof families / sizeof *families; f++)
        for (unsigned s = 1; s <= 5; s++) {
            dg_dungeon *a = make(&families[f], 2, s, what, sizeof what);
            dg_dungeon *b = make(&families[f], 2, s, what, sizeof what);
            cr_assert_eq(memcmp(a->cells, b->cells, (size_t)a->width * (size_t)a->height * sizeof *a->cells), 0,
                         "%s: cells differ", what);
            cr_assert_eq(a->n_rooms, b->n_rooms, "%s", what);
            cr_assert_eq(a->n_passages, b->n_passages, "%s", what);
            for (size_t i = 0; i < a->n_rooms; i++) {
                const dg_room *x = &a->rooms[i], *y = &b->rooms[i];
                cr_assert(x->kind == y->kind && x->area == y->area && x->label_x == y->label_x &&
                              x->label_y == y->label_y && x->n_outline == y->n_outline,
                          "%s: room %zu differs", what, i + 1);
            }
            for (size_t i = 0; i < a->n_passages; i++) {
                cr_assert_eq(a->passages[i].n_cells, b->passages[i].n_cells, "%s", what);
                cr_assert_eq(memcmp(a->passages[i].cells, b->passages[i].cells,
                                    a->passages[i].n_cells * sizeof *a->passages[i].cells),
                             0, "%s: passage %zu differs", what, i + 1);
            }
            dg_dungeon_free(a);
            dg_dungeon_free(b);
        }
}

/* One map at the largest size the brief names: the id budget (1023) binds. */
Test(chambers, a_1001_square_cavern_keeps_the_rule)
{
    dg_dungeon *d = GC_MAKE("algorithm=caverns", "rows=1001", "cols=1001", "seed=3");
    check(d, "caverns 1001x1001 seed=3", true);
    cr_assert_gt(chambers(d), 100);
    cr_assert_leq(d->n_rooms, 1023);
    dg_dungeon_free(d);
}

Test(chambers, maps_without_caves_have_none)
{
    dg_dungeon *d = GC_MAKE("algorithm=donjon", "seed=5");
    cr_assert_null(d->cave);
    cr_assert_eq(d->n_passages, 0);
    cr_assert_eq(chambers(d), 0);
    dg_dungeon_free(d);
}

/* A hand-built cave open to every edge of the map (off the map is rock):
 * the pass stays on the map and keys it as one chamber (143 cells, under
 * the 150 a chamber may hold); a wall across a wider one with a one-cell
 * gap splits it in two, joined by that passage. */
Test(chambers, a_cave_open_to_the_edges)
{
    enum { W = 21, H = 11, S = 13 };
    dg_dungeon *d = calloc(1, sizeof *d);
    d->width = S;
    d->height = H;
    d->cells = malloc(S * H * sizeof *d->cells);
    d->cave = malloc(S * H);
    for (int s = 0; s < S * H; s++) {
        d->cells[s] = DG_CORRIDOR;
        d->cave[s] = 1;
    }
    cr_assert_eq(dg__chambers(d, NULL), DG_OK);
    check(d, "open 13x11", true);
    cr_assert_eq(chambers(d), 1);
    cr_assert_eq(d->rooms[0].area, S * H);
    cr_assert_eq(d->n_passages, 0);
    /* the pole: the middle cell (the deepest row's ties go to the one
     * nearest the centroid) */
    cr_assert(d->rooms[0].label_y == H / 2 && d->rooms[0].label_x == S / 2, "label at %d,%d", d->rooms[0].label_x,
              d->rooms[0].label_y);
    dg_dungeon_free(d);

    d = calloc(1, sizeof *d);
    d->width = W;
    d->height = H;
    d->cells = malloc(W * H * sizeof *d->cells);
    d->cave = malloc(W * H);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            d->cells[y * W + x] = x == 10 && y != 5 ? DG_NOTHING : DG_CORRIDOR;
            d->cave[y * W + x] = 1;
        }
    cr_assert_eq(dg__chambers(d, NULL), DG_OK);
    check(d, "split 21x11", true);
    cr_assert_eq(chambers(d), 2);
    cr_assert_eq(d->n_passages, 1);
    cr_assert_eq(d->passages[0].n_rooms, 2);
    dg_dungeon_free(d);
}
