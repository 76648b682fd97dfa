/* test_gen_abstract.c -- algorithm=abstract over hundreds of seeds and
 * option sets: the invariants of gen_check.h; areas that tile the map and
 * keep the minimum sizes; neighbours exactly the areas sharing two or more
 * border cells (corner contact never counts); a route of joined neighbours
 * from the entrance to an exit as far as any area, walkable in the map from
 * the up stair to the down stair inside the route's areas; gateways never
 * walled; painters, doors, exits and determinism. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdlib.h>

#include "gen_abstract_int.h"
#include "gen_check.h"



static void plan_of(const dg_dungeon *d, dg__ab_plan *p)
{
    dg_error e = {0};
    cr_assert_eq(dg__ab_plan_for(&d->opts, p, &e), DG_OK, "%s", e.msg);
}

static bool inside(const dg__ab_area *a, int x, int y) { return x > a->x1 && x < a->x2 && y > a->y1 && y < a->y2; }

/* Cells of border two areas share: cells on a common border line with one
 * area's inside on one side and the other's on the other. */
static int shared_cells(const dg__ab_area *a, const dg__ab_area *b)
{
    int n = 0;
    if (a->x2 == b->x1 || b->x2 == a->x1) {
        int x = a->x2 == b->x1 ? a->x2 : a->x1;
        for (int y = 0; y <= (a->y2 > b->y2 ? a->y2 : b->y2); y++)
            n += (inside(a, x - 1, y) && inside(b, x + 1, y)) || (inside(b, x - 1, y) && inside(a, x + 1, y));
    }
    if (a->y2 == b->y1 || b->y2 == a->y1) {
        int y = a->y2 == b->y1 ? a->y2 : a->y1;
        for (int x = 0; x <= (a->x2 > b->x2 ? a->x2 : b->x2); x++)
            n += (inside(a, x, y - 1) && inside(b, x, y + 1)) || (inside(b, x, y - 1) && inside(a, x, y + 1));
    }
    return n;
}

static int pair_of(const dg__ab_plan *p, int a, int b)
{
    for (size_t k = 0; k < p->n_pair; k++)
        if ((p->pair[k].a == a && p->pair[k].b == b) || (p->pair[k].a == b && p->pair[k].b == a)) return (int)k;
    return -1;
}

static const dg_stair *stair_of(const dg_dungeon *d, bool down)
{
    for (size_t k = 0; k < d->n_stairs; k++)
        if (d->stairs[k].down == down) return &d->stairs[k];
    return NULL;
}

/* Whether the down stair is reached from the up stair walking only inside
 * the route's areas and through the gateways between consecutive ones. */
static bool route_walks(const dg_dungeon *d, const dg__ab_plan *p, const dg_stair *up, const dg_stair *down)
{
    size_t cells = (size_t)d->width * (size_t)d->height;
    unsigned char *ok = calloc(cells, 1), *seen = calloc(cells, 1);
    int *queue = malloc(cells * sizeof *queue);
    cr_assert(ok && seen && queue);
    for (size_t r = 0; r < p->n_route; r++) {
        const dg__ab_area *a = &p->area[p->route[r]];
        for (int y = a->y1 + 1; y < a->y2; y++)
            for (int x = a->x1 + 1; x < a->x2; x++) ok[(size_t)y * d->width + x] = 1;
        if (r == 0) continue;
        for (size_t g = 0; g < p->n_gate; g++) {
            const dg__ab_gate *gt = &p->gate[g];
            if ((gt->a == p->route[r - 1] && gt->b == p->route[r]) || (gt->b == p->route[r - 1] && gt->a == p->route[r]))
                ok[(size_t)gt->y * d->width + gt->x] = 1;
        }
    }
    size_t head = 0, tail = 0, start = (size_t)up->y * d->width + up->x;
    queue[tail++] = (int)start;
    seen[start] = 1;
    bool found = false;
    while (head < tail && !found) {
        int at = queue[head++], x = at % d->width, y = at / d->width;
        if (x == down->x && y == down->y) found = true;
        for (int q = 0; q < 4; q++) {
            int xx = x + dg_dir_dx((dg_dir)q), yy = y + dg_dir_dy((dg_dir)q);
            if (xx < 0 || yy < 0 || xx >= d->width || yy >= d->height) continue;
            size_t k = (size_t)yy * d->width + xx;
            if (seen[k] || !ok[k] || !dg_cell_open(d->cells[k])) continue;
            seen[k] = 1;
            queue[tail++] = (int)k;
        }
    }
    free(ok);
    free(seen);
    free(queue);
    return found;
}

/* Everything the plan promises, checked against the map. */
static void check_plan(const dg_dungeon *d, const char *what)
{
    dg__ab_plan p;
    plan_of(d, &p);
    const dg_options *o = &d->opts;
    /* the areas tile the map: borders shared, insides disjoint */
    long total = 0;
    int rooms = 0;
    for (size_t i = 0; i < p.n_area; i++) {
        const dg__ab_area *a = &p.area[i];
        cr_assert(a->x1 >= 0 && a->y1 >= 0 && a->x2 <= d->width - 1 && a->y2 <= d->height - 1, "%s", what);
        total += (long)(a->x2 - a->x1) * (a->y2 - a->y1);
        /* a cut leaves parts of at least the minimums; only a side never
         * cut (the map's own, maybe smaller) may fall short */
        if (p.n_area > 1)
            cr_assert((a->x2 - a->x1 >= o->area_width_min || a->x2 - a->x1 == d->width - 1) &&
                          (a->y2 - a->y1 >= o->area_height_min || a->y2 - a->y1 == d->height - 1) &&
                          (a->x2 - a->x1) * (a->y2 - a->y1) >= o->area_size_min,
                      "%s: area %zu (%d,%d)-(%d,%d) under the minimum", what, i, a->x1, a->y1, a->x2, a->y2);
        rooms += a->room != 0;
        if (a->room) cr_assert(a->painter == DG__AB_ROOM || a->painter == DG__AB_INSET, "%s", what);
    }
    cr_assert_eq(total, (long)(d->width - 1) * (d->height - 1), "%s: areas do not tile the map", what);
    size_t built = 0; /* the cave areas' chambers are no room areas */
    for (size_t r = 0; r < d->n_rooms; r++) built += d->rooms[r].kind == DG_ROOM_KIND_ROOM;
    cr_assert_eq((int)built, rooms, "%s: %zu rooms, %d room areas", what, built, rooms);
    /* each pair shares two or more cells of one border line */
    for (size_t k = 0; k < p.n_pair; k++) {
        const dg__ab_pair *q = &p.pair[k];
        cr_assert_geq(q->hi - q->lo + 1, 2, "%s", what);
        cr_assert_eq(shared_cells(&p.area[q->a], &p.area[q->b]), q->hi - q->lo + 1, "%s: pair %zu", what, k);
    }
    /* the route: joined neighbours from the entrance to the exit, and the
     * exit as far from the entrance (in steps between neighbours) as any */
    cr_assert_gt(p.n_route, 0, "%s", what);
    cr_assert_eq(p.route[0], p.entrance, "%s", what);
    cr_assert_eq(p.route[p.n_route - 1], p.exit, "%s", what);
    for (size_t r = 1; r < p.n_route; r++) {
        int k = pair_of(&p, p.route[r - 1], p.route[r]);
        cr_assert_geq(k, 0, "%s: route steps between areas that are no neighbours", what);
        cr_assert(p.pair[k].joined, "%s", what);
    }
    int *dist = malloc(p.n_area * sizeof *dist), *queue = malloc(p.n_area * sizeof *queue);
    for (size_t i = 0; i < p.n_area; i++) dist[i] = -1;
    size_t head = 0, tail = 0;
    queue[tail++] = p.entrance;
    dist[p.entrance] = 0;
    int far = 0;
    while (head < tail) {
        int a = queue[head++];
        if (dist[a] > far) far = dist[a];
        for (size_t k = 0; k < p.n_pair; k++) {
            int b = p.pair[k].a == a ? p.pair[k].b : p.pair[k].b == a ? p.pair[k].a : -1;
            if (b >= 0 && dist[b] < 0) {
                dist[b] = dist[a] + 1;
                queue[tail++] = b;
            }
        }
    }
    cr_assert_eq(dist[p.exit], far, "%s: exit %d steps from the entrance, an area %d", what, dist[p.exit], far);
    /* every area of the route's part is attached: joined pairs reach them
     * all from the entrance, and nothing else is painted */
    for (size_t i = 0; i < p.n_area; i++) dist[i] = -1;
    head = tail = 0;
    queue[tail++] = p.entrance;
    dist[p.entrance] = 0;
    while (head < tail) {
        int a = queue[head++];
        for (size_t k = 0; k < p.n_pair; k++) {
            if (!p.pair[k].joined) continue;
            int b = p.pair[k].a == a ? p.pair[k].b : p.pair[k].b == a ? p.pair[k].a : -1;
            if (b >= 0 && dist[b] < 0) {
                dist[b] = dist[a] + 1;
                queue[tail++] = b;
            }
        }
    }
    for (size_t i = 0; i < p.n_area; i++) {
        cr_assert_eq(p.area[i].main, dist[i] >= 0, "%s: area %zu %s", what, i,
                     p.area[i].main ? "not attached" : "joined but outside the route's part");
        cr_assert_eq(p.area[i].painter != DG__AB_ROCK, p.area[i].main, "%s", what);
    }
    free(dist);
    free(queue);
    /* stairs stand in the entrance and exit areas, joined by the route */
    const dg_stair *up = stair_of(d, false), *down = stair_of(d, true);
    if (o->stairs >= 1 && p.area[p.entrance].stair >= 0) {
        cr_assert_not_null(up, "%s", what);
        cr_assert(inside(&p.area[p.entrance], up->x, up->y), "%s: up stair outside the entrance area", what);
    }
    if (o->stairs >= 2 && p.exit != p.entrance && p.area[p.exit].stair >= 0) {
        cr_assert_not_null(down, "%s", what);
        cr_assert(inside(&p.area[p.exit], down->x, down->y), "%s: down stair outside the exit area", what);
        if (p.area[p.entrance].stair >= 0)
            cr_assert(route_walks(d, &p, up, down), "%s: no way from the up stair to the down stair along the route", what);
    }
    /* gateways are never walled (dead-end removal may still close a
     * tunnel that leads nowhere) */
    for (size_t g = 0; g < p.n_gate; g++) {
        const dg__ab_gate *gt = &p.gate[g];
        cr_assert(gt->b >= 0 || gt->x == 0 || gt->y == 0 || gt->x == d->width - 1 || gt->y == d->height - 1, "%s", what);
        if (o->deadends == 0)
            cr_assert(dg_cell_open(dg_cell(d, gt->x, gt->y)), "%s: gateway (%d,%d) walled", what, gt->x, gt->y);
    }
    dg__ab_plan_free(&p);
}

/* ---------------------------------------------------------- many maps */

static const char *sizes[] = {"7", "9", "15", "23", "31", "45", "61", "81", "101"};

static dg_dungeon *make_varied(unsigned s, char *what, size_t cap)
{
    static const char *doors[] = {"none", "basic", "secure", "standard", "deathtrap"};
    static const char *dead[] = {"none", "some", "all", "25"};
    static const char *egress[] = {"no", "yes", "many", "tiling"};
    static const char *wmin[] = {"3", "4", "5", "7", "11"};
    static const char *smin[] = {"9", "20", "36", "64", "150"};
    char kv[11][48];
    snprintf(kv[0], 48, "seed=%u", s * 2654435761u);
    snprintf(kv[1], 48, "algorithm=abstract");
    snprintf(kv[2], 48, "rows=%s", sizes[(s / 2) % 9]);
    snprintf(kv[3], 48, "cols=%s", sizes[(s / 3 + s) % 9]);
    snprintf(kv[4], 48, "doors=%s", doors[(s / 7) % 5]);
    snprintf(kv[5], 48, "deadends=%s", dead[(s / 11) % 4]);
    snprintf(kv[6], 48, "egress=%s", egress[(s / 13) % 4]);
    snprintf(kv[7], 48, "stairs=%u", s % 5);
    snprintf(kv[8], 48, "area_width_min=%s", wmin[(s / 5) % 5]);
    snprintf(kv[9], 48, "area_height_min=%s", wmin[(s / 17) % 5]);
    snprintf(kv[10], 48, "area_size_min=%s", smin[(s / 19) % 5]);
    const char *p[11];
    gc_pairs(kv, 11, p, what, cap);
    return gc_make(p, 11);
}

ParameterizedTestParameters(abstract, maps_hold_the_invariants_and_the_route)
{
    static int chunk[] = {0, 1, 2, 3, 4, 5, 6, 7};
    return cr_make_param_array(int, chunk, 8);
}

/* 8 x 80 = 640 maps */
ParameterizedTest(int *chunk, abstract, maps_hold_the_invariants_and_the_route)
{
    char what[640];
    for (unsigned s = (unsigned)*chunk * 80; s < (unsigned)(*chunk + 1) * 80; s++) {
        dg_dungeon *d = make_varied(s, what, sizeof what);
        gc_all(d, what);
        check_plan(d, what);
        dg_dungeon_free(d);
    }
}

Test(abstract, same_options_give_the_same_map)
{
    char what[640];
    for (unsigned s = 0; s < 40; s++) {
        dg_dungeon *a = make_varied(s * 7, what, sizeof what), *b = make_varied(s * 7, what, sizeof what);
        cr_assert_eq(memcmp(a->cells, b->cells, (size_t)a->width * a->height * 4), 0, "%s", what);
        cr_assert_eq(a->n_doors, b->n_doors);
        cr_assert_eq(memcmp(a->doors, b->doors, a->n_doors * sizeof *a->doors), 0, "%s", what);
        cr_assert_eq(a->n_stairs, b->n_stairs);
        for (size_t k = 0; k < a->n_stairs; k++) /* field by field: structs have padding */
            cr_assert(a->stairs[k].x == b->stairs[k].x && a->stairs[k].y == b->stairs[k].y &&
                          a->stairs[k].down == b->stairs[k].down && a->stairs[k].dir == b->stairs[k].dir,
                      "%s", what);
        cr_assert_eq((a->cave == NULL), (b->cave == NULL));
        if (a->cave) cr_assert_eq(memcmp(a->cave, b->cave, (size_t)a->width * a->height), 0, "%s", what);
        dg_dungeon_free(a);
        dg_dungeon_free(b);
    }
}

/* The neighbour list is exactly the pairs sharing two or more cells,
 * checked against every pair of areas; corner contact and one shared cell
 * never make neighbours. */
Test(abstract, neighbours_share_two_cells_of_border)
{
    int corners = 0, single = 0;
    for (unsigned s = 0; s < 60; s++) {
        char sd[16];
        snprintf(sd, sizeof sd, "%u", s);
        const char *keys[] = {"seed", "algorithm", "rows", "cols", "area_width_min", "area_height_min", "area_size_min"};
        const char *vals[] = {sd, "abstract", "45", "61", "3", "3", "9"};
        dg_options o;
        dg_error e = {0};
        cr_assert_eq(dg_options_parse(&o, 7, keys, vals, NULL, &e), DG_OK, "%s", e.msg);
        dg__ab_plan p;
        cr_assert_eq(dg__ab_plan_for(&o, &p, &e), DG_OK, "%s", e.msg);
        for (size_t i = 0; i < p.n_area; i++)
            for (size_t j = i + 1; j < p.n_area; j++) {
                const dg__ab_area *a = &p.area[i], *b = &p.area[j];
                int shared = shared_cells(a, b);
                bool touch = (a->x2 == b->x1 || b->x2 == a->x1) && (a->y2 == b->y1 || b->y2 == a->y1);
                corners += touch && shared == 0;
                single += shared == 1;
                cr_assert_eq(pair_of(&p, (int)i, (int)j) >= 0, shared >= 2, "seed %u: areas %zu and %zu share %d",
                             s, i, j, shared);
            }
        dg__ab_plan_free(&p);
    }
    /* the maps did offer both kinds of near miss */
    cr_assert_gt(corners, 0);
    cr_assert_gt(single, 0);
}

Test(abstract, every_painter_comes_round)
{
    int seen[DG__AB_PAINTERS] = {0}, grids = 0, caves = 0;
    for (unsigned s = 0; s < 80; s++) {
        char sd[16];
        snprintf(sd, sizeof sd, "seed=%u", s);
        const char *kv[] = {sd, "algorithm=abstract", "rows=61", "cols=81", "area_size_min=40"};
        dg_dungeon *d = gc_make(kv, 5);
        dg__ab_plan p;
        plan_of(d, &p);
        bool cave = false;
        for (size_t i = 0; i < p.n_area; i++) {
            seen[p.area[i].painter]++;
            cave |= p.area[i].painter == DG__AB_CAVE;
        }
        /* a 3x3 grid: nine areas of one size, side by side */
        for (size_t i = 0; i + 8 < p.n_area; i++) {
            int w = p.area[i].x2 - p.area[i].x1, h = p.area[i].y2 - p.area[i].y1, same = 0;
            for (size_t j = i; j < i + 9; j++)
                same += p.area[j].x2 - p.area[j].x1 == w && p.area[j].y2 - p.area[j].y1 == h;
            grids += same == 9;
        }
        if (cave) {
            caves++;
            cr_assert_not_null(d->cave, "%s: caves without a cave mask", sd);
        }
        dg__ab_plan_free(&p);
        dg_dungeon_free(d);
    }
    for (int t = DG__AB_ROOM; t < DG__AB_PAINTERS; t++) cr_assert_gt(seen[t], 0, "painter %d never used", t);
    cr_assert_gt(grids, 0, "no 3x3 grid of areas");
    cr_assert_gt(caves, 0);
}

Test(abstract, area_minimums_bound_the_areas)
{
    for (unsigned s = 0; s < 20; s++) {
        char sd[16];
        snprintf(sd, sizeof sd, "seed=%u", s);
        const char *big[] = {sd, "algorithm=abstract", "rows=81", "cols=81", "area_width_min=15",
                             "area_height_min=9", "area_size_min=200"};
        const char *small[] = {sd, "algorithm=abstract", "rows=81", "cols=81", "area_width_min=3",
                               "area_height_min=3", "area_size_min=9"};
        dg_dungeon *a = gc_make(big, 7), *b = gc_make(small, 7);
        dg__ab_plan pa, pb;
        plan_of(a, &pa);
        plan_of(b, &pb);
        cr_assert_lt(pa.n_area * 3, pb.n_area, "bigger minimums make fewer areas");
        for (size_t i = 0; i < pa.n_area; i++) {
            cr_assert_geq(pa.area[i].x2 - pa.area[i].x1, 15);
            cr_assert_geq(pa.area[i].y2 - pa.area[i].y1, 9);
        }
        dg__ab_plan_free(&pa);
        dg__ab_plan_free(&pb);
        dg_dungeon_free(a);
        dg_dungeon_free(b);
    }
}

Test(abstract, doors_stairs_and_exits_apply)
{
    for (unsigned s = 0; s < 30; s++) {
        char sd[16];
        snprintf(sd, sizeof sd, "seed=%u", s);
        const char *none[] = {sd, "algorithm=abstract", "rows=45", "cols=61", "doors=none"};
        dg_dungeon *d = gc_make(none, 5);
        for (size_t k = 0; k < d->n_doors; k++) cr_assert_eq(d->doors[k].type, DG_DOOR_ARCH);
        dg_dungeon_free(d);
        const char *many[] = {sd, "algorithm=abstract", "rows=45", "cols=61", "stairs=6", "egress=many"};
        d = gc_make(many, 6);
        gc_all(d, sd);
        cr_assert_eq(d->n_stairs, 6, "%s", sd);
        cr_assert_geq(d->n_exits, 2, "%s", sd);
        dg_dungeon_free(d);
        const char *tiling[] = {sd, "algorithm=abstract", "rows=45", "cols=61", "egress=tiling"};
        d = gc_make(tiling, 5);
        gc_all(d, sd);
        cr_assert_gt(d->n_exits, 0);
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

Test(abstract, keys_of_other_families_are_refused)
{
    const char *keys[] = {"algorithm", "room_count"}, *vals[] = {"abstract", "7"};
    dg_options o;
    dg_error e = {0};
    cr_assert_eq(dg_options_parse(&o, 2, keys, vals, NULL, &e), DG_EINVAL);
    cr_assert_str_eq(e.param, "room_count");
}
