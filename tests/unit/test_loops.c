/* test_loops.c -- loops=none|some|many (core/loops.c) and the designed
 * lock-and-key cycle (core/cycles.c, stock/stock_locks.c), over MAPS small
 * maps a family: loops absent and none give the same cells; the room graph
 * (rooms and chambers, corridor systems and passages, counted here: edges
 * minus nodes plus components) has a loop on 90% of loops=some floors and
 * two on 90% (three on half) of loops=many floors; every loops map keeps
 * every invariant of a finished map (gen_check.h); every floor can be
 * walked from its entrance, each keyed door opening once its key's room is
 * reached (locks without a key are picked); no key lies in its door's
 * room; and the designed cycles hold what they promise (the door cuts the
 * lair off, its key is reached with every lock shut, in no dead end, at
 * least 1.5 times as far as the door). Prints the figures. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dg_contents.h"
#include "gen_check.h"
#include "render.h"
#include "sanitized.h"

/* Under AddressSanitizer (the clang stage) every fourth seed, holding the
 * invariants (loops=none changes nothing, every floor solvable, no key in
 * its door's room) but not the shares, which a sample moves by a point or
 * two: the release build holds those over all 1,000. */
#define MAPS 1000
#define SEED_STEP DG_UNDER_ASAN(1, 4)

/* The shares held, in percent of floors: what each family's small maps
 * reach (the figures printed, cut to whole percent), which is the issue's
 * (90 with a loop at some; 90 with two and 50 with three at many; 80 with
 * a designed cycle at some) or better where they meet it. donjon's and
 * panels' small maps met it at many only once the lair kept its doors
 * there, all of them locked alike (one key opens them: core/cycles.c's
 * all_doors): with the lair kept to one way in, and the loops lost with
 * its other doors dug again elsewhere (core/loops_lair.c, gone), 129 of
 * donjon's 1,000 floors had fewer than two, 28 of them with no way to dig
 * at all (its maze, even with its dead ends gone, is one corridor system
 * meeting every room, with no rock left between them) and 83 with their
 * loops lost with the lair's doors and none left to dig again; panels'
 * 41x41 floors have four rooms, one of them the lair in a corner (donjon
 * 87.1 -> 94.2% with two, 73.2 -> 85.4% with three; panels 82.6 -> 98.1%,
 * 59.4 -> 85.5%). Where they fall short: a designed cycle on donjon's
 * small maps (25x35: four to six rooms, most near the way to the lair, so few lie round 1.5 times
 * the walk to the door): core/cycles_dig.c's loops and walls, a far dead
 * end's second way onto the maze and a stretch of the maze cut reach 80%
 * there (64.6% with the loops and walls alone; of the floors left, five
 * in six have no room but dead ends even 1.3 times as far round), and
 * 99.7% on 41x61 maps (donjon_bigger below); caverns' (31x31:
 * three to six chambers, two of them often most of the cave, the lair
 * the far one) 82%: its lock is a gate across a tunnel one cell wide at a
 * chamber's mouth (core/cave_gate.c), made where rockfalls and tunnels
 * can give the lair one way in and a key room a long way round (44.8%),
 * and else where the cave cut across at a cell of the way to the lair
 * does (core/cave_gate_cut.c: 82.0%); of the 180 floors left 141 have
 * two to four chambers (two leave no room for a key but the lair's and
 * the entrance's); 41x41 caves reach 100% (100 maps), 51x51 98%. */
typedef struct {
    const char *name;
    const char *kv[4]; /* its small map */
    int n_kv;
    int some1, many2, many3, designed;
} family;

static const family families[] = {
    {"donjon", {"rows=25", "cols=35"}, 2, 90, 94, 85, 80}, /* the lair keeps its doors at many: 87.1 -> 94.2% */
    {"caverns", {"rows=31", "cols=31"}, 2, 97, 94, 85, 82}, /* a gate across a tunnel (core/cave_gate*.c) */
    {"panels", {"rows=41", "cols=41"}, 2, 93, 98, 85, 92}, /* the lair keeps its doors at many: 82.6 -> 98.1% */
    {"gridmapper", {"rows=35", "cols=35"}, 2, 98, 99, 98, 95},
    {"abstract", {"rows=41", "cols=41"}, 2, 99, 99, 98, 84},
    {"cells", {"rows=35", "cols=35"}, 2, 99, 99, 99, 98},
};

static dg_dungeon *make(const family *f, unsigned seed, const char *loops)
{
    char kv[10][48];
    size_t n = 0;
    snprintf(kv[n++], sizeof kv[0], "algorithm=%s", f->name);
    snprintf(kv[n++], sizeof kv[0], "seed=%u", seed);
    snprintf(kv[n++], sizeof kv[0], "contents=basic");
    for (int k = 0; k < f->n_kv; k++) snprintf(kv[n++], sizeof kv[0], "%s", f->kv[k]);
    if (loops) snprintf(kv[n++], sizeof kv[0], "loops=%s", loops);
    const char *p[10];
    char what[400];
    gc_pairs(kv, n, p, what, sizeof what);
    dg_dungeon *d = NULL;
    dg_error e = {0};
    cr_assert_eq(gc_try_make(p, n, NULL, &d, &e), DG_OK, "%s: %s=%s: %s", what, e.param, e.value, e.msg);
    return d;
}

/* ------------------------------------------------------ the room graph */

static int find(int *parent, int x)
{
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
}

static int cmp_edge(const void *a, const void *b)
{
    const long *x = a, *y = b;
    return *x < *y ? -1 : *x > *y;
}

/* Independent loops of d's room graph: nodes are rooms and chambers (their
 * ids) and corridor systems (4-connected open cells of no room, doors
 * left out); a door joins its room to what lies beyond it, and open cells
 * of two nodes side by side (a chamber and its passage) join them. Edges
 * are counted once a pair: E - V + C. */
static long room_loops(const dg_dungeon *d)
{
    size_t cells = (size_t)d->width * (size_t)d->height;
    int *node = calloc(cells, sizeof *node), *queue = malloc(cells * sizeof *queue);
    cr_assert(node && queue);
    int n = (int)d->n_rooms;
    for (size_t k = 0; k < cells; k++) {
        uint32_t w = d->cells[k];
        if (!dg_cell_open(w) || (w & DG_DOORSPACE)) continue;
        int id = gc_id(w);
        if (id) node[k] = id;
    }
    for (size_t k = 0; k < cells; k++) {
        uint32_t w = d->cells[k];
        if (node[k] || !dg_cell_open(w) || (w & DG_DOORSPACE)) continue;
        node[k] = ++n;
        size_t head = 0, tail = 0;
        queue[tail++] = (int)k;
        while (head < tail) {
            int at = queue[head++], x = at % d->width, y = at / d->width;
            for (int q = 0; q < 4; q++) {
                int nx = x + dg_dir_dx((dg_dir)q), ny = y + dg_dir_dy((dg_dir)q);
                uint32_t v = dg_cell(d, nx, ny);
                size_t nk = (size_t)ny * d->width + nx;
                if (!dg_cell_open(v) || (v & DG_DOORSPACE) || gc_id(v) || node[nk]) continue;
                node[nk] = n;
                queue[tail++] = (int)nk;
            }
        }
    }
    size_t cap = cells * 2 + d->n_doors + 1, ne = 0;
    long *edge = malloc(cap * sizeof *edge);
    cr_assert(edge);
#define EDGE(a, b) (edge[ne++] = (a) < (b) ? (long)(a) * 100000 + (b) : (long)(b) * 100000 + (a))
    for (size_t i = 0; i < d->n_doors; i++) {
        const dg_door *dr = &d->doors[i];
        int ox = dr->x + dg_dir_dx(dr->dir), oy = dr->y + dg_dir_dy(dr->dir);
        int beyond = node[(size_t)oy * d->width + ox];
        /* two doors back to back (gridmapper's corridor of no length): the
         * room beyond the other */
        for (size_t j = 0; !beyond && j < d->n_doors; j++)
            if (d->doors[j].x == ox && d->doors[j].y == oy) beyond = d->doors[j].room;
        cr_assert(beyond > 0, "door %zu (%d,%d) opens on nothing", i, dr->x, dr->y);
        EDGE(dr->room, beyond);
    }
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++) {
            int a = node[(size_t)y * d->width + x];
            if (!a) continue;
            if (x + 1 < d->width && node[(size_t)y * d->width + x + 1] && node[(size_t)y * d->width + x + 1] != a)
                EDGE(a, node[(size_t)y * d->width + x + 1]);
            if (y + 1 < d->height && node[(size_t)(y + 1) * d->width + x] &&
                node[(size_t)(y + 1) * d->width + x] != a)
                EDGE(a, node[(size_t)(y + 1) * d->width + x]);
        }
#undef EDGE
    qsort(edge, ne, sizeof *edge, cmp_edge);
    int *parent = malloc((size_t)(n + 1) * sizeof *parent);
    for (int k = 0; k <= n; k++) parent[k] = k;
    long e = 0;
    for (size_t k = 0; k < ne; k++) {
        if (k && edge[k] == edge[k - 1]) continue;
        e++;
        int a = (int)(edge[k] / 100000), b = (int)(edge[k] % 100000);
        parent[find(parent, a)] = find(parent, b);
    }
    long comps = 0;
    for (int k = 1; k <= n; k++) comps += find(parent, k) == k;
    free(parent);
    free(edge);
    free(node);
    free(queue);
    return e - n + comps;
}

/* ------------------------------------------------------------ walking */

/* Steps from the entrance to every cell (-1 unreached) with the cells
 * shut[k] != 0 closed. */
static void steps(const dg_dungeon *d, dg_point from, const unsigned char *shut, int *dist)
{
    size_t cells = (size_t)d->width * (size_t)d->height;
    int *queue = malloc(cells * sizeof *queue);
    for (size_t k = 0; k < cells; k++) dist[k] = -1;
    size_t head = 0, tail = 0;
    int start = from.y * d->width + from.x;
    dist[start] = 0;
    queue[tail++] = start;
    while (head < tail) {
        int at = queue[head++], x = at % d->width, y = at / d->width;
        for (int q = 0; q < 4; q++) {
            int nx = x + dg_dir_dx((dg_dir)q), ny = y + dg_dir_dy((dg_dir)q);
            if (!dg_cell_open(dg_cell(d, nx, ny))) continue;
            int nk = ny * d->width + nx;
            if (dist[nk] >= 0 || shut[nk]) continue;
            dist[nk] = dist[at] + 1;
            queue[tail++] = nk;
        }
    }
    free(queue);
}

static int room_step(const dg_dungeon *d, const int *dist, int id)
{
    int best = -1;
    for (size_t k = 0; k < (size_t)d->width * (size_t)d->height; k++)
        if (gc_id(d->cells[k]) == id && dg_cell_open(d->cells[k]) && dist[k] >= 0 && (best < 0 || dist[k] < best))
            best = dist[k];
    return best;
}

/* From the entrance, every keyed door opening once its key's room is
 * reached (keyless locks picked), every room is reached. */
static void solvable(const dg_dungeon *d, const char *what)
{
    const dg_contents *c = d->contents;
    size_t cells = (size_t)d->width * (size_t)d->height;
    unsigned char *shut = calloc(cells, 1);
    int *dist = malloc(cells * sizeof *dist);
    for (size_t i = 0; i < d->n_doors; i++)
        if (d->doors[i].type == DG_DOOR_LOCKED && c->doors[i].key_room)
            shut[(size_t)d->doors[i].y * d->width + d->doors[i].x] = 1;
    for (bool opened = true; opened;) {
        opened = false;
        steps(d, c->entrance, shut, dist);
        for (size_t i = 0; i < d->n_doors; i++) {
            size_t at = (size_t)d->doors[i].y * d->width + d->doors[i].x;
            if (shut[at] && room_step(d, dist, c->doors[i].key_room) >= 0) {
                shut[at] = 0;
                opened = true;
            }
        }
    }
    for (size_t r = 1; r <= d->n_rooms; r++)
        cr_assert_geq(room_step(d, dist, (int)r), 0, "%s: room %zu cannot be reached with the keys", what, r);
    free(shut);
    free(dist);
}

static int ways_out(const dg_dungeon *d, int id)
{
    int n = 0;
    for (size_t k = 0; k < d->n_doors; k++) n += (d->doors[k].room == id) + (d->doors[k].other == id);
    for (size_t p = 0; p < d->n_passages; p++)
        for (size_t j = 0; j < d->passages[p].n_rooms; j++) n += d->passages[p].rooms[j] == id;
    return n;
}

/* The designed door i holds its promises; returns the walk round (from
 * the entrance to the key and back to the door) / the walk to the door.
 * *far: the stricter reading holds too (the walk to the key alone,
 * with the door shut, at least 1.5 times the walk to the door). */
static double designed(const dg_dungeon *d, size_t i, const char *what, bool *far)
{
    const dg_contents *c = d->contents;
    const dg_door *o = &d->doors[i];
    int key = c->doors[i].key_room;
    size_t cells = (size_t)d->width * (size_t)d->height, at = (size_t)o->y * d->width + o->x;
    unsigned char *shut = calloc(cells, 1);
    int *dist = malloc(cells * sizeof *dist);
    cr_assert_eq(o->type, DG_DOOR_LOCKED, "%s: designed door %zu not locked", what, i);
    cr_assert(key > 0 && key != o->room && key != o->other, "%s: designed door %zu's key in room %d", what, i, key);
    steps(d, c->entrance, shut, dist);
    int door_walk = dist[at];
    shut[at] = 1;
    /* loops=many: the lair's other doors are the same lock (one key) */
    for (size_t k = 0; k < d->n_doors; k++) {
        if (!c->doors[k].same_key) continue;
        const dg_door *s = &d->doors[k];
        cr_assert(d->opts.loops == DG_LOOPS_MANY, "%s: door %zu shares the key off loops=many", what, k);
        cr_assert(s->type == DG_DOOR_LOCKED && c->doors[k].key_room == key, "%s: door %zu not keyed alike", what, k);
        cr_assert(s->room == c->farthest_room || s->other == c->farthest_room, "%s: door %zu not the lair's", what, k);
        cr_assert(key != s->room && key != s->other, "%s: door %zu's key in its own room", what, k);
        shut[(size_t)s->y * d->width + s->x] = 1;
    }
    steps(d, c->entrance, shut, dist);
    cr_assert_lt(room_step(d, dist, c->farthest_room), 0, "%s: designed door %zu does not bar the lair", what, i);
    /* the other keyed locks open as their keys' rooms are reached */
    for (size_t k = 0; k < d->n_doors; k++)
        if (d->doors[k].type == DG_DOOR_LOCKED && c->doors[k].key_room)
            shut[(size_t)d->doors[k].y * d->width + d->doors[k].x] = 1;
    for (bool opened = true; opened;) {
        opened = false;
        steps(d, c->entrance, shut, dist);
        for (size_t k = 0; k < d->n_doors; k++) {
            size_t kat = (size_t)d->doors[k].y * d->width + d->doors[k].x;
            if (k != i && !c->doors[k].same_key && shut[kat] && room_step(d, dist, c->doors[k].key_room) >= 0) {
                shut[kat] = 0;
                opened = true;
            }
        }
    }
    unsigned char *locks = malloc(cells);
    memcpy(locks, shut, cells);
    int key_walk = room_step(d, dist, key);
    cr_assert_geq(key_walk, 0, "%s: designed door %zu's key is behind a lock", what, i);
    *far = 2 * key_walk >= 3 * door_walk;
    /* and back from the key to the door's near side (the open cell beside
     * it the party first reached it from) */
    dg_point near = {-1, -1};
    int near_walk = -1;
    memset(shut, 0, cells);
    steps(d, c->entrance, shut, dist);
    for (int q = 0; q < 4; q++) {
        int nx = o->x + dg_dir_dx((dg_dir)q), ny = o->y + dg_dir_dy((dg_dir)q);
        int s = dist[(size_t)ny * d->width + nx];
        if (dg_cell_open(dg_cell(d, nx, ny)) && s >= 0 && (near_walk < 0 || s < near_walk)) {
            near_walk = s;
            near = (dg_point){nx, ny};
        }
    }
    memcpy(shut, locks, cells);
    free(locks);
    cr_assert_geq(near_walk, 0, "%s: designed door %zu unreached from its near side", what, i);
    steps(d, near, shut, dist);
    int round = key_walk + room_step(d, dist, key) + 1;
    cr_assert_geq(2 * round, 3 * door_walk, "%s: walk round %d vs door %d", what, round, door_walk);
    key_walk = round;
    cr_assert_geq(ways_out(d, key), 2, "%s: designed key in dead-end room %d", what, key);
    free(shut);
    free(dist);
    return door_walk ? (double)key_walk / door_walk : 0;
}

/* ---------------------------------------------------------- the sweep */

typedef struct {
    long floors, one, two, three, cycles, far; /* far: cycles whose key alone is 1.5x the door's walk */
    double ratio;
} tally;

static void check_keys(const dg_dungeon *d, tally *t, const char *what)
{
    const dg_contents *c = d->contents;
    for (size_t i = 0; i < d->n_doors; i++) {
        int k = c->doors[i].key_room;
        if (k) cr_assert(k != d->doors[i].room && k != d->doors[i].other, "%s: door %zu's key in its own room", what, i);
        if (c->doors[i].designed) {
            t->cycles++;
            bool far = false;
            t->ratio += designed(d, i, what, &far);
            t->far += far;
        }
    }
    solvable(d, what);
}

static void sweep(const family *f)
{
    tally some = {0}, many = {0}, plain = {0};
    for (unsigned seed = 1; seed <= MAPS; seed += SEED_STEP) {
        char what[96];
        snprintf(what, sizeof what, "%s seed %u", f->name, seed);
        dg_dungeon *absent = make(f, seed, NULL), *none = make(f, seed, "none");
        cr_assert_eq(absent->width * absent->height, none->width * none->height);
        cr_assert(!memcmp(absent->cells, none->cells, (size_t)absent->width * absent->height * sizeof *absent->cells),
                  "%s: loops=none changed the map", what);
        check_keys(absent, &plain, what);
        dg_dungeon_free(absent);
        dg_dungeon_free(none);
        for (int m = 0; m < 2; m++) {
            dg_dungeon *d = make(f, seed, m ? "many" : "some");
            snprintf(what, sizeof what, "%s seed %u loops=%s", f->name, seed, m ? "many" : "some");
            gc_all(d, what);
            tally *t = m ? &many : &some;
            long n = room_loops(d);
            t->floors++;
            t->one += n >= 1;
            t->two += n >= 2;
            t->three += n >= 3;
            check_keys(d, t, what);
            dg_dungeon_free(d);
        }
    }
    printf("%-10s maps %ld: loops=some %.1f%% with a loop; loops=many %.1f%% with 2, %.1f%% with 3; designed cycles: "
           "plain %.1f%% (%.2fx), some %.1f%% (%.2fx), many %.1f%% (%.2fx)\n",
           f->name, some.floors, 100.0 * some.one / some.floors, 100.0 * many.two / many.floors,
           100.0 * many.three / many.floors, 100.0 * plain.cycles / some.floors, plain.cycles ? plain.ratio / plain.cycles : 0,
           100.0 * some.cycles / some.floors, some.cycles ? some.ratio / some.cycles : 0,
           100.0 * many.cycles / many.floors, many.cycles ? many.ratio / many.cycles : 0);
    /* the stricter reading, beside ADVENTURE.md's (the walk round):
     * the key's room alone 1.5 times as far as the door. The lair is the
     * biggest of the rooms farthest on foot and its door stands by it, so a room that far
     * lies beyond the lair's door on most maps: few keys can */
    printf("%-10s designed cycles with the key alone 1.5x as far as the door: plain %.1f%%, some %.1f%%, many %.1f%% "
           "of floors\n",
           f->name, 100.0 * plain.far / some.floors, 100.0 * some.far / some.floors, 100.0 * many.far / many.floors);
    fflush(stdout);
    if (DG_TEST_SANITIZED) return;
    cr_assert_geq(100 * some.one, f->some1 * some.floors, "%s: loops=some floors with a loop %ld of %ld", f->name,
                  some.one, some.floors);
    cr_assert_geq(100 * many.two, f->many2 * many.floors, "%s: loops=many floors with two loops %ld of %ld", f->name,
                  many.two, many.floors);
    cr_assert_geq(100 * many.three, f->many3 * many.floors, "%s: loops=many floors with three loops %ld of %ld",
                  f->name, many.three, many.floors);
    cr_assert_geq(100 * some.cycles, f->designed * some.floors, "%s: designed cycles on loops=some maps %ld of %ld",
                  f->name, some.cycles, some.floors);
}

Test(loops, donjon) { sweep(&families[0]); }

/* donjon's designed cycles want rooms: on maps of 41x61 (about twice the
 * small map's rooms) at least 99% of loops=some floors have one, every
 * one holding its promises. 300 maps: a few seconds. */
Test(loops, donjon_bigger)
{
    static const family big = {"donjon", {"rows=41", "cols=61"}, 2, 0, 0, 0, 99};
    tally t = {0};
    for (unsigned seed = 1; seed <= 300; seed += SEED_STEP) {
        char what[96];
        snprintf(what, sizeof what, "donjon 41x61 seed %u loops=some", seed);
        dg_dungeon *d = make(&big, seed, "some");
        t.floors++;
        check_keys(d, &t, what);
        dg_dungeon_free(d);
    }
    printf("donjon 41x61 maps %ld: designed cycles at loops=some %.1f%% (%.2fx)\n", t.floors,
           100.0 * t.cycles / t.floors, t.cycles ? t.ratio / t.cycles : 0);
    fflush(stdout);
    if (DG_TEST_SANITIZED) return;
    cr_assert_geq(100 * t.cycles, big.designed * t.floors, "donjon 41x61: designed cycles %ld of %ld", t.cycles,
                  t.floors);
}
Test(loops, caverns) { sweep(&families[1]); }
Test(loops, panels) { sweep(&families[2]); }
Test(loops, gridmapper) { sweep(&families[3]); }
Test(loops, abstract) { sweep(&families[4]); }
Test(loops, cells) { sweep(&families[5]); }

/* Floors still stack on loops maps (some and many by turns): every floor
 * keeps the invariants, its down stairs stand over the up stairs of the
 * floor below, and every floor is walked through with its keys. */
Test(loops, floors_stack_and_solve)
{
    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++)
        for (unsigned seed = 1; seed <= 40; seed++) {
            char kv[8][48];
            size_t n = 0;
            snprintf(kv[n++], sizeof kv[0], "algorithm=%s", families[f].name);
            snprintf(kv[n++], sizeof kv[0], "seed=%u", seed);
            snprintf(kv[n++], sizeof kv[0], "floors=3");
            /* some's maps serve the designed cycle (core/cycles_dig.c) */
            snprintf(kv[n++], sizeof kv[0], "loops=%s", seed % 2 ? "many" : "some");
            snprintf(kv[n++], sizeof kv[0], "contents=basic");
            for (int k = 0; k < families[f].n_kv; k++) snprintf(kv[n++], sizeof kv[0], "%s", families[f].kv[k]);
            const char *p[8];
            char what[400];
            gc_pairs(kv, n, p, what, sizeof what);
            dg_dungeon *top = NULL;
            dg_error e = {0};
            cr_assert_eq(gc_try_make(p, n, NULL, &top, &e), DG_OK, "%s: %s", what, e.msg);
            for (const dg_dungeon *d = top; d; d = d->below) {
                char at[440];
                snprintf(at, sizeof at, "%s floor %d", what, d->floor);
                gc_all(d, at);
                solvable(d, at);
                if (!d->below) continue;
                for (size_t s = 0; s < d->n_stairs; s++)
                    if (d->stairs[s].down)
                        cr_assert_eq(dg_cell(d->below, d->stairs[s].x, d->stairs[s].y) & ~(DG_ROOM_ID | DG_LABEL),
                                     DG_CORRIDOR | DG_STAIR_UP, "%s: floor %d's down stair has no up stair under it",
                                     at, d->floor);
            }
            dg_dungeon_free(top);
        }
}

/* The key's one line for the designed cycle (md) names the door's lair
 * and the key's room, and its holder as the key room's own Key line does
 * (stock/adventure_keys.c's): the creature that carries it, or hidden
 * there; a cave's gate is a gate across a tunnel. Read over 144
 * loops=some maps of every family. */
Test(loops, the_cycle_line_says_who_holds_the_key)
{
    static const size_t fams[] = {0, 1, 2, 3, 4, 5};
    int lines = 0, held = 0, gates = 0;
    for (size_t f = 0; f < sizeof fams / sizeof fams[0]; f++)
        for (unsigned seed = 1; seed <= 24; seed++) {
            dg_dungeon *d = make(&families[fams[f]], seed, "some");
            const dg_contents *c = d->contents;
            size_t i = 0;
            while (i < d->n_doors && !c->doors[i].designed) i++;
            if (i == d->n_doors) {
                dg_dungeon_free(d);
                continue;
            }
            dg_buf md;
            dg_buf_init(&md);
            dg_error e = {0};
            cr_assert_eq(dg_render(d, DG_FMT_MD, &md, &e), DG_OK, "%s", e.msg);
            cr_assert_eq(dg_buf_append(&md, "", 1, &e), DG_OK); /* a NUL after the text */
            const char *line = strstr((const char *)md.data, "**Lock and key.** ");
            cr_assert_not_null(line, "%s seed %u: no cycle line", families[fams[f]].name, seed);
            char want[160], lair[32];
            snprintf(lair, sizeof lair, "the lair (room %d)", c->farthest_room);
            const dg_door_contents *l = &c->doors[i];
            const dg_room_contents *k = dg_contents_room(c, l->key_room);
            if (l->key_holder >= 0) {
                char name[64];
                snprintf(name, sizeof name, "%s", dg_monster_info(k->encounter.groups[l->key_holder].monster)->name);
                for (char *p = name; *p; p++) *p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
                snprintf(want, sizeof want, "%s %s in room %d, the long way round.",
                         k->encounter.groups[l->key_holder].count > 1 ? "is with the leading" : "is with the", name,
                         l->key_room);
                held++;
            } else
                snprintf(want, sizeof want, "lies %sin room %d, the long way round.", l->key_hidden >= 0 ? "hidden " : "",
                         l->key_room);
            const char *end = strchr(line, '\n');
            size_t len = end ? (size_t)(end - line) : strlen(line);
            char got[400];
            snprintf(got, sizeof got, "%.*s", (int)len, line);
            cr_assert(strstr(got, want) && strstr(got, lair), "%s seed %u: '%s' wants '%s' and '%s'",
                      families[fams[f]].name, seed, got, want, lair);
            /* a cave's gate reads as one: bars across a tunnel, no wall */
            if (dg_door_gate(d, &d->doors[i])) {
                cr_assert(strstr(got, "locked iron gate across") && strstr(got, "tunnel") && !strstr(got, "wall"),
                          "%s seed %u: '%s' is no cave's gate", families[fams[f]].name, seed, got);
                gates++;
            }
            lines++;
            dg_buf_fini(&md);
            dg_dungeon_free(d);
        }
    printf("cycle lines read: %d, %d naming the creature that holds the key, %d a cave's gate\n", lines, held, gates);
    cr_assert_geq(lines, 60);
    cr_assert_geq(gates, 4);
}

/* loops=many keeps the lair's doors, all locked alike: md's cycle line
 * names the others and says one key opens them all, the key room's Key
 * line says its one key opens all the lair's doors (no key of their own
 * anywhere), and JSON marks each such door lock.same_key. Read over 48
 * donjon and panels maps. */
Test(loops, many_locks_the_lairs_doors_alike)
{
    static const size_t fams[] = {0, 2};
    int maps = 0, doors = 0;
    for (size_t f = 0; f < sizeof fams / sizeof fams[0]; f++)
        for (unsigned seed = 1; seed <= 24; seed++) {
            dg_dungeon *d = make(&families[fams[f]], seed, "many");
            const dg_contents *c = d->contents;
            int alike = 0, key = 0;
            for (size_t i = 0; i < d->n_doors; i++) {
                alike += c->doors[i].same_key;
                if (c->doors[i].designed) key = c->doors[i].key_room;
            }
            if (!alike) {
                dg_dungeon_free(d);
                continue;
            }
            dg_buf md, js;
            dg_buf_init(&md);
            dg_buf_init(&js);
            dg_error e = {0};
            cr_assert_eq(dg_render(d, DG_FMT_MD, &md, &e), DG_OK, "%s", e.msg);
            cr_assert_eq(dg_buf_append(&md, "", 1, &e), DG_OK);
            cr_assert_eq(dg_render(d, DG_FMT_JSON, &js, &e), DG_OK, "%s", e.msg);
            cr_assert_eq(dg_buf_append(&js, "", 1, &e), DG_OK);
            const char *text = (const char *)md.data, *line = strstr(text, "**Lock and key.** ");
            cr_assert_not_null(line, "%s seed %u: no cycle line", families[fams[f]].name, seed);
            const char *end = strchr(line, '\n');
            char got[600];
            snprintf(got, sizeof got, "%.*s", (int)(end ? end - line : (long)strlen(line)), line);
            cr_assert(strstr(got, alike > 1 ? "the lair's other doors, " : "the lair's other door, ") &&
                          strstr(got, "locked too, and one key opens"),
                      "%s seed %u: '%s'", families[fams[f]].name, seed, got);
            /* the key room's line: one key, which opens them all */
            char want[64];
            snprintf(want, sizeof want, "### Room %d", key);
            const char *room = text;
            size_t wl = strlen(want);
            while ((room = strstr(room, want)) && room[wl] != ':' && room[wl] != '\n') room += wl;
            cr_assert_not_null(room, "%s seed %u: no room %d", families[fams[f]].name, seed, key);
            const char *k = strstr(room, "**Key");
            const char *next = strstr(room + 1, "\n### ");
            cr_assert(k && strstr(k, "of the lair's doors,") && (!next || k < next),
                      "%s seed %u: room %d's key line", families[fams[f]].name, seed, key);
            int marked = 0;
            for (const char *p = (const char *)js.data; (p = strstr(p, "\"same_key\":true")); p++) marked++;
            cr_assert_eq(marked, alike, "%s seed %u: JSON marks %d of %d", families[fams[f]].name, seed, marked, alike);
            maps++;
            doors += alike;
            dg_buf_fini(&md);
            dg_buf_fini(&js);
            dg_dungeon_free(d);
        }
    printf("loops=many maps whose lair's doors are locked alike: %d of 48, %d doors besides the designed one\n", maps,
           doors);
    cr_assert_geq(maps, 10);
}
