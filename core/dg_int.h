/* dg_int.h -- core-private: the map under construction (dg__build) and the
 * helpers every generator family and shared pass uses. Never installed. */
#ifndef DG_INT_H
#define DG_INT_H

#include <assert.h>
#include <string.h>

#include "dg.h"
#include "dg_common.h"
#include "rng_int.h"

/* Working bit (donjon leaves 0x8 unused): cells no pass may collapse or
 * reuse -- stairs and map exits. Cleared when the map is finished. */
#define DG__KEEP 0x00000008u

/* A room while the map is built: its box, shape and the room on the far side
 * of each opening. Cells carry the room id; dead rooms are dropped at the end. */
typedef struct {
    int r1, c1, r2, c2;      /* inclusive cell box (odd coordinates) */
    dg_shape shape;
    int sides;
    bool mirrored;           /* symmetric layout: shape drawn mirrored */
    bool alive;
} dg__room;

typedef struct {
    int r, c;                /* door cell */
    dg_dir dir;              /* from room outwards */
    int room, other;         /* working room ids (other 0 = corridor) */
    dg_door_type type;
} dg__door;

/* The map under construction. Rows and columns are odd: a "node" (i, j) is
 * the cell (2i+1, 2j+1), the lattice rooms and corridors are aligned to. */
typedef struct {
    const dg_options *o;
    dg_rng rng;
    int rows, cols;          /* cells */
    int ni, nj;              /* nodes: rows = 2 ni + 1 */
    uint32_t *cell;
    dg__room *room;  size_t n_room, cap_room;   /* room[id - 1] */
    dg__door *door;  size_t n_door, cap_door;
    dg_stair *stair; size_t n_stair, cap_stair;
    dg_exit *exit;   size_t n_exit, cap_exit;
    unsigned char *cave;     /* rows*cols, 1 = cave; NULL until dg__cave_mask() */
    bool lattice;            /* corridors run node to node: dead ends only on nodes */
    /* Lattice maps may keep a bitset of the nodes that can be dead ends, a
     * superset the maze walk leaves (its leaves), so the stair and dead-end
     * passes need not scan every node. Bit n is node (i, j) with
     * n = (i + 1) * cols + j + 1 (see dg__node_cell). Passes that only open
     * cells keep it valid; a pass that closes cells sets it to NULL. */
    uint64_t *ends;
    void *scratch;           /* passes' working memory: dg__scratch() */
    size_t scratch_size;
    void *lists;             /* one block: the first scratch, room, door, stair and exit arrays */
    unsigned in_lists;       /* which of them are still in it (dungeon.c's IN_ bits) */
} dg__build;

/* The cell index of node bit n of dg__build.ends. */
static inline size_t dg__node_cell(const dg__build *b, size_t n)
{
    return 2 * n - (size_t)b->cols - 1;
}

/* Union-find over parent[] (parent[x] == x at a root): x's root, halving
 * the path on the way, so later finds are short. */
static inline int32_t dg__uf_find(int32_t *parent, int32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* Passes that read every cell may have a second form for CPUs with AVX2,
 * marked DG__AVX2 (their file includes <immintrin.h>) and chosen at run
 * time (__builtin_cpu_supports); the arithmetic, so the map, is the same. */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__GLIBC__)
#define DG__AVX2 __attribute__((target("avx2")))
#endif
/* A pass's call in the form this CPU runs: f_wide(...) (DG__AVX2) where
 * it has AVX2, else f_plain(...). */
#ifdef DG__AVX2
#define DG__BY_CPU(f, ...) (__builtin_cpu_supports("avx2") ? f##_wide(__VA_ARGS__) : f##_plain(__VA_ARGS__))
#else
#define DG__BY_CPU(f, ...) f##_plain(__VA_ARGS__)
#endif

/* A loop over every cell gcc may do sixteen cells at a time (at -O2 it
 * goes cell by cell); clang has no such attribute (its -O2 vectorises
 * loops already). The arithmetic, so the map, is the same. */
#if defined(__GNUC__) && !defined(__clang__)
#define DG__VECTORISED __attribute__((optimize("tree-vectorize")))
#else
#define DG__VECTORISED
#endif

/* Index of the lowest set bit; x != 0. */
static inline unsigned dg__ctz64(uint64_t x)
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctzll(x);
#else
    unsigned n = 0;
    while (!(x & 1u)) x >>= 1, n++;
    return n;
#endif
}
static inline unsigned dg__ctz32(uint32_t x) { return dg__ctz64(x); }

static inline bool dg__in(const dg__build *b, int r, int c)
{
    return r >= 0 && c >= 0 && r < b->rows && c < b->cols;
}
/* Outside the map reads as blocked rock, so passes need no edge cases. */
static inline uint32_t dg__get(const dg__build *b, int r, int c)
{
    return dg__in(b, r, c) ? b->cell[(size_t)r * (size_t)b->cols + (size_t)c] : DG_BLOCKED;
}
static inline uint32_t *dg__at(dg__build *b, int r, int c)
{
    return &b->cell[(size_t)r * (size_t)b->cols + (size_t)c];
}
static inline int dg__room_id(uint32_t w) { return (int)((w & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT); }

/* dg_door_type_bit() inline: passes set door bits in their inner loops. */
static inline uint32_t dg__door_bit(dg_door_type t)
{
#define DG_X(code, name, bit) bit,
    static const uint32_t bits[DG_DOOR_TYPE_COUNT] = {DG_DOOR_TYPES(DG_X)};
#undef DG_X
    return (unsigned)t < DG_DOOR_TYPE_COUNT ? bits[t] : 0u;
}

/* Lifecycle of the builder: init allocates the cell grid (rows x cols). */
dg_status dg__build_init(dg__build *b, const dg_options *o, dg_error *err);
void dg__build_fini(dg__build *b);
/* Growable arrays; DG_ENOMEM on failure. New room ids are n_room after the call. */
dg_status dg__add_room(dg__build *b, const dg__room *r, dg_error *err);
dg_status dg__add_door_grow(dg__build *b, const dg__door *d, dg_error *err);
/* Doors are added in inner loops: the common case (room left) inline. */
static inline dg_status dg__add_door(dg__build *b, const dg__door *d, dg_error *err)
{
    if (b->n_door == b->cap_door) return dg__add_door_grow(b, d, err);
    b->door[b->n_door++] = *d;
    return DG_OK;
}
dg_status dg__add_stair(dg__build *b, const dg_stair *s, dg_error *err);
dg_status dg__add_exit(dg__build *b, const dg_exit *e, dg_error *err);
/* Working memory of at least `bytes`, owned by the builder and shared by
 * the passes one after another: contents are not kept from one call to the
 * next (b->ends, kept there, is dropped). NULL when out of memory. */
void *dg__scratch(dg__build *b, size_t bytes);
/* The cave mask, allocated zeroed on first use; NULL when out of memory. */
unsigned char *dg__cave_mask(dg__build *b);
/* Fisher-Yates, n small. */
void dg__shuffle_dirs(dg_rng *rng, dg_dir *dirs, int n);
/* A door type drawn from the door set's weights (one draw). Inline: a
 * draw costs less than a call. */
static inline dg_door_type dg__door_type(dg_rng *rng, dg_door_set set)
{
    /* weights of arch, door, locked, trapped, secret, portcullis as running
     * totals; the last is the whole. "standard" is donjon's own mix (out of
     * 110); the others lean as their names say. */
    static const uint8_t upto[DG_DOORS_COUNT][DG_DOOR_TYPE_COUNT] = {
        [DG_DOORS_NONE] = {1, 1, 1, 1, 1, 1},
        [DG_DOORS_BASIC] = {40, 100, 100, 100, 100, 100},
        [DG_DOORS_SECURE] = {10, 40, 70, 75, 85, 100},
        [DG_DOORS_STANDARD] = {15, 60, 75, 90, 100, 110},
        [DG_DOORS_DEATHTRAP] = {5, 20, 35, 70, 90, 100},
    };
    const uint8_t *u = upto[(unsigned)set < DG_DOORS_COUNT ? set : DG_DOORS_STANDARD];
    uint32_t x = dg__rng_below(rng, u[DG_DOOR_TYPE_COUNT - 1]);
    /* the type is how many totals x reaches: counted without branches,
     * whose outcomes are random */
    int k = 0;
    for (int t = 0; t < DG_DOOR_TYPE_COUNT - 1; t++) k += x >= u[t];
    return (dg_door_type)k;
}
/* floor(sqrt(n)) without floating point. */
int dg__isqrt(long n);

/* gen_donjon_layout.c: BLOCKED cells outside the layout mask (node-aligned, so open
 * nodes are always joined by open wall cells). */
void dg__apply_layout(dg__build *b);

/* gen_donjon_rooms.c: places rooms per o->rooms / polymorph, then rings them with
 * PERIMETER. Room cells: ROOM | id. */
dg_status dg__place_rooms(dg__build *b, dg_error *err);
/* Whether cell (r, c) of a shaped room's box is inside the shape. */
bool dg__shape_contains(const dg__room *rm, int r, int c);

/* passes.c: shared passes, every family may call them. */
/* Joins all open regions into one by opening wall cells between them
 * (doors where a room wall is crossed); regions that cannot be joined are
 * filled in. */
dg_status dg__connect_regions(dg__build *b, dg_error *err);
dg_status dg__place_exits(dg__build *b, dg_error *err);
/* ends.c: shared passes at corridors' ends. Stairs at corridor dead ends (a plain corridor three cells long, walled
 * all round); when a map has too few, at nooks carved into the rock beside
 * a plain corridor or cave floor cell. */
dg_status dg__place_stairs(dg__build *b, int count, dg_error *err);
/* Collapses percent% of dead ends (100: all), never stairs or exits. Any
 * cell layout: every cell is scanned, not only lattice nodes. */
void dg__remove_deadends(dg__build *b, int percent);

/* ends.c: takes the stair off (r, c) and closes its corridor back to where
 * it branched, as a dead end's. */
void dg__drop_stair(dg__build *b, int r, int c);
/* Closes the dead end at (r, c) back to where it branched (stairs and exits
 * keep theirs). */
void dg__close_dead_end(dg__build *b, int r, int c);

/* floors.c: floor f (1 = the top) of the dungeon o describes, finished,
 * its up stairs under above's down stairs (above NULL for the top floor);
 * a floor with one below gets a down stair when its family placed none.
 * DG_ELIMIT naming floors when no map of the floor takes the stairs. */
dg_status dg__floor_make(const dg_options *o, int f, const dg_dungeon *above, dg_dungeon **out,
                         dg_error *err);
/* The seed floor f's contents are stocked from (the map's own for f = 1). */
uint64_t dg__floor_contents_seed(uint64_t seed, int floor);

/* loops.c: the loops key's corridors and tunnels, dug into a family's map
 * whose stairs stand, drawing only from rng (a stream of their own).
 * No-op at loops=none. */
dg_status dg__dig_loops(dg__build *b, dg_rng rng, dg_error *err);

/* cycles.c: where every walk of the key starts: the first up stair (the
 * way in from the floor above), else the first exit, else a cell of room
 * 1; false when the map has none of them. */
bool dg__map_entrance(const dg_dungeon *d, dg_point *at);
/* A lock-and-key cycle (Dormans): door (index into d->doors, -1 none) on
 * the short way to room goal that cuts it off when shut; key_room reached
 * with it shut (the other locks as below), not a dead end, not the door's rooms
 * nor the goal; door_walk the steps from the entrance to the door, key_walk
 * (door shut) from the entrance to the key's room and back to the door,
 * 2 key_walk >= 3 door_walk. */
typedef struct {
    int door, key_room, goal, door_walk, key_walk;
    /* loops=many: door is one of the goal's doors, and all of them are the
     * lock (every one shut in the walks above, keyed alike; the key in
     * none of their rooms): the lair keeps its ways in, and their loops */
    bool all_doors;
} dg__lock_cycle;
/* The cycle towards goal (0: the room farthest on foot) whose door lies
 * nearest the goal. keys NULL: any door but secret ones may be the lock,
 * and the other locks are picked (open); else keys[i] is door i's key room (0:
 * none, the lock is picked) and only a locked door may be the lock, the
 * others opening once their key's room is reached without it. door -1
 * when the map has none. DG_ENOMEM only. */
dg_status dg__lock_cycle_find(const dg_dungeon *d, int goal, const int *keys, dg__lock_cycle *out,
                              dg_error *err);
/* The walk from the map's entrance with nothing shut, made once for every
 * question the fiction asks of one map (its rooms' and doors' distances,
 * then the lock cycle), whose searches it also holds the buffers of. New
 * on success (free with dg__entrance_walk_free; NULL is a no-op); DG_ENOMEM
 * only. The map must not change while it lives. */
typedef struct dg__entrance_walk dg__entrance_walk;
dg_status dg__entrance_walk_new(const dg_dungeon *d, dg__entrance_walk **out, dg_error *err);
void dg__entrance_walk_free(dg__entrance_walk *w);
/* The entrance walked from; false when the map has none (nothing reached). */
bool dg__entrance_walk_entrance(const dg__entrance_walk *w, dg_point *at);
/* Steps from the entrance to cell y * width + x; -1 unreached. */
int dg__entrance_walk_steps(const dg__entrance_walk *w, size_t cell);
/* Steps to room (or chamber) id's nearest open cell; -1 unreached. */
int dg__entrance_walk_room(const dg__entrance_walk *w, int id);
/* dg__lock_cycle_find over w, a walk of d: once a walk (its searches use
 * w's buffers; the walk's steps stay as they were). */
void dg__lock_cycle_find_walked(const dg_dungeon *d, dg__entrance_walk *w, int goal, const int *keys,
                                dg__lock_cycle *out);
/* What dg__lock_for_cycle would find on d (d's lair walled up to one way
 * in first, as it does, but keeping the keep-th door the walk reaches, 0
 * the first): *out, and *ways the lair's doors before; where it finds no
 * key, the dead-end rooms far enough round to be one (cycles_dig.c digs a
 * loop from them), up to `most` pairs of (room, walk round) in dead[],
 * farthest first, and the door cells beside the shortest way to the lair
 * (not on it), nearest the lair first, up to most_beside in beside[];
 * cut (may be NULL): likewise the plain corridor cells beside that way
 * where a branch leaves it, up to most_cut in cut[]. out->goal the lair
 * even then (0 none). */
dg_status dg__lock_cycle_plan(dg_dungeon *d, int keep, dg__lock_cycle *out, int *ways, int *dead, int most,
                              int *n_dead, int32_t *beside, int most_beside, int *n_beside, int32_t *cut,
                              int most_cut, int *n_cut, dg_error *err);
/* lair.c: the lair, the biggest (by floor cells) of the rooms whose walk
 * from the entrance is at least three quarters of the farthest room's; of
 * equals the farther, then the first. steps[i] is room i + 1's steps to
 * its nearest open cell (-1 unreached); area(ctx, id) room id's cells,
 * asked of the far rooms only. 0 when no room is reached. */
typedef int (*dg__room_area_fn)(const void *ctx, int id);
int dg__lair_pick(size_t n, const int32_t *steps, dg__room_area_fn area, const void *ctx);
/* dg__lair_pick over d's rooms and their areas. */
int dg__lair_room(const dg_dungeon *d, const int32_t *steps);
/* cave_gate.c: loops maps whose lair is a cave chamber: a locked gate
 * across a tunnel one cell wide on the way to it, where the lock-and-key
 * cycle finds a key for it (a door record, its room the chamber it closes;
 * its cell leaves its passage); on loops=some caverns maps a rockfall may
 * first close the lair's other ways in (the caves keyed again: `rooms` the
 * family's rooms, before chambers.c's). One door slot must be free
 * (finish.c leaves it). DG_ENOMEM only. */
dg_status dg__cave_gate(dg_dungeon *d, size_t rooms, dg_error *err);
/* loops maps: the door dg__lock_cycle_find names becomes a locked one
 * (loops=some: the lair walled up to one way in first; loops=many: the
 * lair keeps its doors, and where the lock is one of them all of them are
 * locked, keyed alike: all_doors). */
dg_status dg__lock_for_cycle(dg_dungeon *d, dg_error *err);

/* finish.c: the builder -> a finished dg_dungeon (cleans working bits,
 * renumbers rooms, labels, outlines, door lists). Takes b's arrays. */
dg_status dg__finish(dg__build *b, dg_dungeon **out, dg_error *err);

/* finish.c: the cells of room id's box (clipped to the map) that carry
 * its id: the area the finished map's room will have. */
long dg__room_box_cells(const dg__build *b, int id);

/* finish.c: the boundary of room rm's open cells (those carrying its id)
 * as a clockwise polygon of cell corners; new array in *out. */
dg_status dg__trace_outline(const dg_dungeon *d, const dg_room *rm, dg_point **out, size_t *n_out,
                            dg_error *err);
/* chambers.c: splits the finished map's caves into chambers (appended to
 * the rooms, kind DG_ROOM_KIND_CHAMBER, ids in their cells) and passages.
 * Changes no cell's open, rock, door or stair bits. No-op without caves. */
dg_status dg__chambers(dg_dungeon *d, dg_error *err);
/* A chamber over this many cells is split at its narrows (issue 41: a
 * key's room is one a GM can describe); no part of a split under
 * DG__CHAMBER_MIN_PART. */
#define DG__CHAMBER_MAX 150
#define DG__CHAMBER_MIN_PART 24
/* chambers_split.c: in lab (w x h: -1 rock, 0 free floor, 1..*n_ch
 * chambers) splits every chamber over DG__CHAMBER_MAX cells at its narrows,
 * new parts numbered from *n_ch + 1 up to max_ch (ids left); cut cells
 * become 0. DG_ENOMEM only. */
dg_status dg__chambers_split(int32_t *lab, int w, int h, int *n_ch, int max_ch, dg_error *err);
/* Chamfer (3-4) distance steps of the chambers' distance maps: along a row
 * or column, and diagonally. */
#define DG__CHAMFER_ORTHO 3
#define DG__CHAMFER_DIAG 4
/* chambers_poles.c: each region of lab (1..n: base[lab - 1]; 0 and below
 * none) gets its label cell at its pole of inaccessibility; dist (a cell
 * each) and best (n + 1) are scratch. DG_ENOMEM only. */
dg_status dg__chamber_poles(const dg_dungeon *d, const int32_t *lab, uint16_t *dist, int32_t *best,
                           dg_room *base, dg_error *err);
/* ... and rm's number written in its cells' LABEL bits around that cell. */
void dg__chamber_label(dg_dungeon *d, const dg_room *rm);

/* Family entry points: one signature, the builder already holds the grid;
 * dg__gen_<id> for each id of dg.h's DG_ALGORITHM_IDS (gen_<id>.c, whose
 * row, family_int.h's dg__family_<id>, names it): donjon (with
 * gen_donjon_layout.c, gen_donjon_rooms.c), caverns (seed 000), panels
 * (seed 001), gridmapper (seed 002), abstract (seed 003), cells (seed 004). */
#define DG__GEN_DECL(code, id) dg_status dg__gen_##id(dg__build *b, dg_error *err);
DG_ALGORITHM_IDS(DG__GEN_DECL)
#undef DG__GEN_DECL
/* gen_caverns.c: donjon's layout=cavernous (called by dg__gen_donjon). */
dg_status dg__gen_cavernous(dg__build *b, dg_error *err);
/* families.c: runs b->o's family (its row's entry point). */
dg_status dg__family_generate(dg__build *b, dg_error *err);

/* reroll.c: the reroll key's items (see there). */
/* DG_REROLL_MAX, DG_REROLL_VARIANTS: dg_limits.h */
typedef struct { int floor, room, variant; } dg_reroll;
/* Parses text into out[DG_REROLL_MAX], sorted by floor then room; false
 * with a sentence in why when it is not well formed. */
bool dg__reroll_parse(const char *text, dg_reroll *out, int *n, char *why, size_t cap);
/* The items as the key's canonical text. */
void dg__reroll_format(const dg_reroll *r, int n, char *buf, size_t cap);

#endif
