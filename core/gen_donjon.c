/* gen_donjon.c -- the donjon family: rooms on the node lattice, openings in
 * their walls, a tunnelled corridor maze that threads through the rooms, then
 * the shared passes (joining, exits, stairs, dead ends). Our own iterative
 * design of the behaviour seed 000 describes; no recursion, so map size is
 * bounded by memory only. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "dg_int.h"

/* ------------------------------------------------------------- openings */

/* A candidate doorway as one word: its door cell's index times four plus
 * the direction out of the room (maps are at most 4001 x 4001 cells, so it
 * fits). Rooms list a dozen or so each and keep two or three: one store a
 * candidate, and the room beyond is read back from the map for the few
 * that are opened (open_rooms does not change which cells are room). */
typedef uint32_t sill;

/* Whether the doorway at cell `at` + s, whose node beyond (at + 2s) is
 * inside the map's edge, leads somewhere: that node is neither blocked nor
 * a wall (nor room `id` itself), so a corridor or another room can reach
 * it. */
static inline bool sill_leads(const uint32_t *at, ptrdiff_t s, int id)
{
    uint32_t beyond = at[2 * s];
    if (beyond & DG_BLOCKED) return false;
    if (beyond & DG_ROOM) return dg__room_id(beyond) != id;
    return !(beyond & DG_PERIMETER); /* a corridor could never reach a wall */
}

/* Appends the doorway at `at` + s to out (which the caller has made long
 * enough for every side of every node of the room) and counts it in *n
 * when it leads somewhere (sill_leads). */
static inline void add_sill(const uint32_t *cell, const uint32_t *at, ptrdiff_t s, int id, dg_dir d, sill *out,
                            size_t *n)
{
    if (sill_leads(at, s, id)) out[(*n)++] = (sill)(at + s - cell) << 2 | (sill)d;
}

/* Whether the wall cell at + s, between room node `at` and the node beyond,
 * can be a doorway: a plain wall (not already a door) with wall either side
 * (`across` steps along the wall). */
static inline bool wall_sill(const uint32_t *at, ptrdiff_t s, ptrdiff_t across)
{
    uint32_t door = at[s];
    if (!(door & DG_PERIMETER) || (door & (DG_ROOM | DG_BLOCKED | DG_DOORSPACE))) return false;
    /* the wall cells either side must be wall too, or a shaped room's
     * doorway would open sideways into its own floor */
    return !((at[s + across] | at[s - across]) & DG_ROOM);
}

/* Tries the doorway from room node (r, c) of room `id` towards d: a
 * candidate when its wall can be one and its node beyond is inside the
 * map's edge and reachable (add_sill). */
static inline void try_sill(const dg__build *b, int id, int r, int c, dg_dir d, sill *out, size_t *n)
{
    const ptrdiff_t cols = b->cols;
    int dr = dg_dir_dy(d), dc = dg_dir_dx(d);
    ptrdiff_t s = dr * cols + dc;
    const uint32_t *at = b->cell + (size_t)r * (size_t)cols + (size_t)c;
    int orow = r + 2 * dr, ocol = c + 2 * dc;
    if (orow < 1 || ocol < 1 || orow > b->rows - 2 || ocol > b->cols - 2) return;
    if (wall_sill(at, s, dr ? 1 : cols)) add_sill(b->cell, at, s, id, d, out, n);
}

/* Candidate doorways of shaped room `id`, node by node in row-major order
 * and each node's sides north, south, west, east. Stores them (out has room
 * for four a node of the room's box) and returns how many there are; *nodes
 * gets the room's node count. */
static size_t list_sills(const dg__build *b, int id, sill *out, long *nodes)
{
    const dg__room *rm = &b->room[id - 1];
    size_t n = 0;
    const uint32_t word = DG_ROOM | (uint32_t)id << DG_ROOM_ID_SHIFT;
    *nodes = 0;
    for (int r = rm->r1; r <= rm->r2; r += 2)
        for (int c = rm->c1; c <= rm->c2; c += 2) {
            if ((b->cell[(size_t)r * (size_t)b->cols + (size_t)c] & (DG_ROOM | DG_ROOM_ID)) != word) continue;
            ++*nodes;
            for (int d = 0; d < 4; d++) try_sill(b, id, r, c, (dg_dir)d, out, &n);
        }
    return n;
}

/* The rectangle `rm`'s rim: the sides whose nodes beyond are inside the
 * map's edge, in a fixed order (north, south, west, east; along each side
 * west to east or north to south), and its node count. */
typedef struct {
    uint32_t north, south, west, east; /* places on each side (0: none) */
    long nodes;
} rim;

static rim rect_rim(const dg__build *b, const dg__room *rm)
{
    uint32_t across = (uint32_t)(rm->c2 - rm->c1) / 2 + 1, down = (uint32_t)(rm->r2 - rm->r1) / 2 + 1;
    return (rim){rm->r1 >= 3 ? across : 0, rm->r2 <= b->rows - 4 ? across : 0, rm->c1 >= 3 ? down : 0,
                 rm->c2 <= b->cols - 4 ? down : 0, (long)across * (long)down};
}

/* A doorway: its door cell and the direction out of the room. */
typedef struct {
    int r, c;
    dg_dir dir;
} doorway;

/* Place x of the rectangle's rim as a doorway in *out; false when it
 * cannot be one (wall_sill, sill_leads). */
static bool rim_sill(const dg__build *b, const dg__room *rm, const rim *e, uint32_t x, int id, doorway *out)
{
    const ptrdiff_t cols = b->cols;
    int k = (int)x;
    ptrdiff_t s, across;
    if (x < e->north) {
        *out = (doorway){rm->r1 - 1, rm->c1 + 2 * k, DG_DIR_NORTH};
        s = -cols;
        across = 1;
    } else if ((k -= (int)e->north) < (int)e->south) {
        *out = (doorway){rm->r2 + 1, rm->c1 + 2 * k, DG_DIR_SOUTH};
        s = cols;
        across = 1;
    } else if ((k -= (int)e->south) < (int)e->west) {
        *out = (doorway){rm->r1 + 2 * k, rm->c1 - 1, DG_DIR_WEST};
        s = -1;
        across = cols;
    } else {
        k -= (int)e->west;
        *out = (doorway){rm->r1 + 2 * k, rm->c2 + 1, DG_DIR_EAST};
        s = 1;
        across = cols;
    }
    const uint32_t *at = b->cell + (size_t)out->r * (size_t)cols + (size_t)out->c - s;
    return wall_sill(at, s, across) && sill_leads(at, s, id);
}

/* Opens doorway `way` of room `id` unless it is a door already or the room
 * beyond shares one with it (`paired`: a bit per pair of rooms, `side`
 * rooms + 1 a row). *opened says whether it did. */
static dg_status open_sill(dg__build *b, int id, doorway way, unsigned char *paired, size_t side, bool *opened,
                           dg_error *err)
{
    *opened = false;
    uint32_t *w = dg__at(b, way.r, way.c);
    if (*w & DG_DOORSPACE) return DG_OK;
    ptrdiff_t step = dg_dir_dy(way.dir) * (ptrdiff_t)b->cols + dg_dir_dx(way.dir);
    uint32_t beyond = w[step];
    int other = (beyond & DG_ROOM) ? dg__room_id(beyond) : 0;
    if (other) {
        size_t lo = (size_t)(id < other ? id : other);
        size_t hi = (size_t)(id < other ? other : id);
        size_t bit = lo * side + hi;
        if (paired[bit / 8] & (1u << (bit % 8))) return DG_OK;
        paired[bit / 8] |= (unsigned char)(1u << (bit % 8));
    }
    for (ptrdiff_t x = -1; x <= 1; x++) w[x * step] = (w[x * step] & ~DG_PERIMETER) | DG_ENTRANCE;
    dg_door_type type = dg__door_type(&b->rng, b->o->doors);
    *w |= dg__door_bit(type);
    *opened = true;
    if (b->n_door == b->cap_door) {
        dg__door d = {way.r, way.c, way.dir, id, other, type};
        return dg__add_door_grow(b, &d, err);
    }
    /* field by field: a door built on the stack and copied whole is read
     * back wider than it was written, which stalls the copy */
    dg__door *d = &b->door[b->n_door++];
    d->r = way.r;
    d->c = way.c;
    d->dir = way.dir;
    d->room = id;
    d->other = other;
    d->type = type;
    return DG_OK;
}

static dg_status open_rooms(dg__build *b, dg_error *err)
{
    size_t nr = b->n_room;
    if (nr == 0) return DG_OK;
    /* which room pairs already share a door: (nr+1)^2 bits, <= 128 KiB;
     * the doorway list and the pair bits live on the stack on small maps */
    enum { LOCAL_SILLS = 128, LOCAL_PAIR_BYTES = 512 };
    sill local_list[LOCAL_SILLS];
    unsigned char local_paired[LOCAL_PAIR_BYTES];
    size_t side = nr + 1, pair_bytes = (side * side + 7) / 8;
    unsigned char *paired = pair_bytes <= LOCAL_PAIR_BYTES ? memset(local_paired, 0, pair_bytes) : dg__calloc(pair_bytes, 1);
    size_t cap = LOCAL_SILLS;
    sill *list = local_list;
    dg_status rc = DG_OK;
    if (!paired) return dg__nomem(err, "opening rooms");
    for (int id = 1; id <= (int)nr && rc == DG_OK; id++) {
        /* every side of every node of the box bounds the list: it is made
         * that long first, so listing never checks for room */
        const dg__room *rm = &b->room[id - 1];
        size_t most = 4 * (size_t)((rm->r2 - rm->r1) / 2 + 1) * (size_t)((rm->c2 - rm->c1) / 2 + 1);
        if (most > cap) { /* its contents go: the first growth leaves the stack buffer */
            sill *grown = list == local_list ? NULL : list;
            if ((rc = dg__grow((void **)&grown, &cap, most, sizeof *list, "opening rooms", err)) != DG_OK)
                break;
            list = grown;
        }
        /* more doorways for bigger rooms: sqrt of the node count, up to
         * twice; each is drawn among the places not tried yet, and a place
         * that cannot be one, or leads to a room this one has a door to
         * already, is dropped without counting */
        long nodes;
        size_t n;
        rim e = {0};
        bool rect = rm->shape == DG_SHAPE_RECT;
        if (rect) {
            /* a rectangle's places are tested as they are drawn, not all
             * listed first: a room keeps two or three of a dozen or more */
            e = rect_rim(b, rm);
            nodes = e.nodes;
            n = e.north + e.south + e.west + e.east;
            for (size_t k = 0; k < n; k++) list[k] = (sill)k;
        } else {
            n = list_sills(b, id, list, &nodes);
        }
        int flumph = dg__isqrt(nodes);
        int want = flumph + (int)dg__rng_below(&b->rng, (uint32_t)flumph);
        for (int k = 0; k < want && n > 0 && rc == DG_OK;) {
            size_t pick = dg__rng_below(&b->rng, (uint32_t)n);
            sill s = list[pick];
            list[pick] = list[--n];
            doorway way;
            if (!rect)
                way = (doorway){(int)((s >> 2) / (uint32_t)b->cols), (int)((s >> 2) % (uint32_t)b->cols), (dg_dir)(s & 3u)};
            else if (!rim_sill(b, rm, &e, s, id, &way))
                continue;
            bool opened;
            rc = open_sill(b, id, way, paired, side, &opened, err);
            k += opened;
        }
    }
    if (paired != local_paired) dg__free(paired);
    if (list != local_list) dg__free(list);
    return rc;
}

/* ------------------------------------------------------------ corridors */

/* The maze walk runs on a byte per node rather than on the cell words: the
 * low nibble has bit d set while a tunnel towards direction d would open --
 * the wall cell that way lets a corridor through and the node beyond is
 * still free -- and NODE_FREE while a walk may still enter the node itself.
 * Entering a node clears the bits of its four neighbours that point at it,
 * so each visit reads one byte. Rows are `cols` bytes apart with a ring of
 * never-free nodes round the map, so node (i, j) is byte
 * (i + 1) * cols + j + 1, its cell is 2n - cols - 1, and a step between
 * nodes is the same offset as one between cells. */
#define NODE_FREE 0x10u

/* One node of the walk: where it is and the order it tries its directions
 * in, as five nibbles, first tried lowest, each one direction's bit: the
 * heading it keeps (or 0), then the drawn order of all four. Above them,
 * how many open sides it has: one for the tunnel it came by, one more for
 * each it opens. */
typedef struct {
    uint32_t n;
    uint32_t rank;
} frame;
#define FRAME_SIDE (1u << 28)

/* How a corridor keeps its heading, as the two masks child_frame() applies
 * to its draw's low bit: never (labyrinth), on a fair coin (errant, donjon's
 * 50%), always (straight: as the reference, straight until blocked). */
typedef struct {
    uint32_t or_bit, and_bit;
} keep_rule;

static keep_rule corridor_keep(dg_corridor_style s)
{
    switch (s) {
    case DG_CORR_LABYRINTH: return (keep_rule){0u, 0u};
    case DG_CORR_STRAIGHT:  return (keep_rule){1u, 1u};
    case DG_CORR_ERRANT:
    default:                return (keep_rule){0u, 1u};
    }
}

/* The 24 orders of the four directions in lexicographic order, a nibble per
 * direction (first tried lowest) holding that direction's bit: one draw
 * picks the order a node tries them in. */
static const uint16_t orders[24] = {
    0x8421, 0x4821, 0x8241, 0x2841, 0x4281, 0x2481, 0x8412, 0x4812,
    0x8142, 0x1842, 0x4182, 0x1482, 0x8214, 0x2814, 0x8124, 0x1824,
    0x2184, 0x1284, 0x4218, 0x2418, 0x4128, 0x1428, 0x2148, 0x1248,
};

/* The frame for node n, the root of a walk. Its draw happens here, when
 * the node is reached: draw order is output. */
static frame root_frame(dg_rng *rng, uint32_t n)
{
    return (frame){n, (uint32_t)orders[dg__rng_below(rng, 24)] << 4};
}

/* The frame for node n, entered heading `last`: one draw per node, where
 * two (order, then a percent) cost a third of the walk. Its low bit is the
 * keep-heading coin; the 31 bits above pick the order by Lemire's
 * multiply-shift, redrawing (the whole word) in the 8-in-2^31 sliver that
 * would bias it. The rejection looks only at the high bits, so the coin
 * stays fair and independent of the order. The coin becomes a bit without
 * a branch: its outcome is one no predictor can learn. */
static frame child_frame(dg_rng *rng, uint32_t n, int last, keep_rule keep)
{
    uint32_t x;
    uint64_t m;
    do {
        x = dg__rng_next(rng);
        m = (uint64_t)(x >> 1) * 24u;
    } while ((uint32_t)m % (1u << 31) < (1u << 31) % 24u);
    uint32_t order = orders[m >> 31];
    uint32_t kept = ((x | keep.or_bit) & keep.and_bit) << last;
    return (frame){n, FRAME_SIDE | kept | order << 4};
}

/* Node p is entered: no longer free, and no neighbour may tunnel into it. */
static inline void enter(uint8_t *p, ptrdiff_t cols)
{
    p[0] &= (uint8_t)~NODE_FREE;
    p[-cols] &= (uint8_t)~(1u << DG_DIR_SOUTH);
    p[cols] &= (uint8_t)~(1u << DG_DIR_NORTH);
    p[-1] &= (uint8_t)~(1u << DG_DIR_EAST);
    p[1] &= (uint8_t)~(1u << DG_DIR_WEST);
}

/* Clips the node range i0..i1, j0..j1 to the map. */
static void clip_nodes(const dg__build *b, int *i0, int *i1, int *j0, int *j1)
{
    if (*i0 < 0) *i0 = 0;
    if (*j0 < 0) *j0 = 0;
    if (*i1 > b->ni - 1) *i1 = b->ni - 1;
    if (*j1 > b->nj - 1) *j1 = b->nj - 1;
}

/* Eight node bytes at once, whatever their alignment. */
static inline uint64_t load8(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

/* Node bytes of nodes i0..i1, j0..j1 straight from the cells: free or not,
 * and which of the four wall cells round it let a corridor through (the
 * map's edge cells are there to read). Whether the nodes beyond are free
 * is left to free_ways(). No dependence between nodes, so it vectorises. */
static void node_bytes_in(const dg__build *b, uint8_t *nd, int i0, int i1, int j0, int j1)
{
    const size_t cols = (size_t)b->cols;
    const uint32_t stop = DG_BLOCKED | DG_PERIMETER | DG_CORRIDOR;
    clip_nodes(b, &i0, &i1, &j0, &j1);
    for (int i = i0; i <= i1; i++) {
        const uint32_t *row = b->cell + (size_t)(2 * i + 1) * cols + 1, *above = row - cols, *below = row + cols;
        uint8_t *out = nd + (size_t)(i + 1) * cols + 1;
        for (int j = j0; j <= j1; j++)
            out[j] = (uint8_t)(((row[2 * j] & stop) == 0) * NODE_FREE |
                               ((above[2 * j] & stop) == 0) << DG_DIR_NORTH |
                               ((below[2 * j] & stop) == 0) << DG_DIR_SOUTH |
                               ((row[2 * j - 1] & stop) == 0) << DG_DIR_WEST |
                               ((row[2 * j + 1] & stop) == 0) << DG_DIR_EAST);
    }
}

/* Nodes i0..i1, j0..j1 keep only the ways whose node beyond is free (the
 * ring round the map never is). */
static void free_ways(const dg__build *b, uint8_t *nd, int i0, int i1, int j0, int j1)
{
    /* signed: j - cols must be a step back, not an unsigned wrap of the
     * pointer that only happens to land on the row above */
    const ptrdiff_t cols = b->cols;
    clip_nodes(b, &i0, &i1, &j0, &j1);
    for (int i = i0; i <= i1; i++) {
        uint8_t *p = nd + (i + 1) * cols + 1;
        for (int j = j0; j <= j1; j++)
            p[j] &= (uint8_t)(~0xFu | (p[j - cols] >> 4 & 1u) << DG_DIR_NORTH | (p[j + cols] >> 4 & 1u) << DG_DIR_SOUTH |
                              (p[j - 1] >> 4 & 1u) << DG_DIR_WEST | (p[j + 1] >> 4 & 1u) << DG_DIR_EAST);
    }
}

/* Clears bit `bit` of node (i, j) and `far` of its neighbour across the
 * wall cell `w` when that wall is closed. */
static inline void close_wall(uint8_t *nd, size_t cols, uint32_t w, int i, int j, ptrdiff_t across, int bit, int far)
{
    const uint32_t stop = DG_BLOCKED | DG_PERIMETER | DG_CORRIDOR;
    if (!(w & stop)) return;
    uint8_t *p = nd + (size_t)(i + 1) * cols + (size_t)j + 1;
    p[0] &= (uint8_t)~(1u << bit);
    p[across] &= (uint8_t)~(1u << far);
}

/* All node bytes before the walk. On an open layout (nothing blocked) the
 * only closed cells are room walls, so every node starts free with every
 * way open and only the rooms and the map's rim are looked at: a
 * rectangle's walls are its box's border (no node lies on one), a shaped
 * room's nodes are read again from the cells round its box. Other layouts
 * read every node. */
static void node_bytes(const dg__build *b, uint8_t *nd)
{
    const size_t cols = (size_t)b->cols;
    int ni = b->ni, nj = b->nj;
    if (b->o->layout != DG_LAYOUT_SQUARE && b->o->layout != DG_LAYOUT_RECTANGLE) {
        node_bytes_in(b, nd, 0, ni - 1, 0, nj - 1);
        free_ways(b, nd, 0, ni - 1, 0, nj - 1);
        return;
    }
    for (int i = 0; i < ni; i++) memset(nd + (size_t)(i + 1) * cols + 1, NODE_FREE | 0xF, (size_t)nj);
    for (size_t k = 0; k < b->n_room; k++) {
        const dg__room *rm = &b->room[k];
        int i1 = (rm->r1 - 1) / 2, i2 = (rm->r2 - 1) / 2, j1 = (rm->c1 - 1) / 2, j2 = (rm->c2 - 1) / 2;
        if (rm->shape != DG_SHAPE_RECT) {
            node_bytes_in(b, nd, i1 - 1, i2 + 1, j1 - 1, j2 + 1);
            continue;
        }
        const uint32_t *above = b->cell + (size_t)(rm->r1 - 1) * cols, *below = b->cell + (size_t)(rm->r2 + 1) * cols;
        for (int j = j1; j <= j2; j++) {
            close_wall(nd, cols, above[2 * j + 1], i1, j, -(ptrdiff_t)cols, DG_DIR_NORTH, DG_DIR_SOUTH);
            close_wall(nd, cols, below[2 * j + 1], i2, j, (ptrdiff_t)cols, DG_DIR_SOUTH, DG_DIR_NORTH);
        }
        for (int i = i1; i <= i2; i++) {
            const uint32_t *row = b->cell + (size_t)(2 * i + 1) * cols;
            close_wall(nd, cols, row[rm->c1 - 1], i, j1, -1, DG_DIR_WEST, DG_DIR_EAST);
            close_wall(nd, cols, row[rm->c2 + 1], i, j2, 1, DG_DIR_EAST, DG_DIR_WEST);
        }
    }
    /* nodes that may have a node beyond not free: round shaped rooms, and
     * the map's rim (the ring beyond it never is) */
    for (size_t k = 0; k < b->n_room; k++) {
        const dg__room *rm = &b->room[k];
        if (rm->shape != DG_SHAPE_RECT)
            free_ways(b, nd, (rm->r1 - 1) / 2 - 2, (rm->r2 - 1) / 2 + 2, (rm->c1 - 1) / 2 - 2, (rm->c2 - 1) / 2 + 2);
    }
    uint8_t *first = nd + cols + 1, *last = nd + (size_t)ni * cols + 1;
    for (int j = 0; j < nj; j++) {
        first[j] &= (uint8_t)~(1u << DG_DIR_NORTH);
        last[j] &= (uint8_t)~(1u << DG_DIR_SOUTH);
    }
    for (int i = 0; i < ni; i++) {
        first[(size_t)i * cols] &= (uint8_t)~(1u << DG_DIR_WEST);
        first[(size_t)i * cols + (size_t)nj - 1] &= (uint8_t)~(1u << DG_DIR_EAST);
    }
}

/* The walk opens a cell by setting CORRIDOR alone (one instruction, where
 * clearing ENTRANCE too took four): only the three cells of each doorway
 * carry ENTRANCE, and it goes from those the walk opened here, after it. */
static void clear_entrances(dg__build *b)
{
    for (size_t k = 0; k < b->n_door; k++) {
        const dg__door *d = &b->door[k];
        ptrdiff_t step = dg_dir_dy(d->dir) * (ptrdiff_t)b->cols + dg_dir_dx(d->dir);
        uint32_t *w = dg__at(b, d->r, d->c);
        for (ptrdiff_t x = -1; x <= 1; x++)
            if (w[x * step] & DG_CORRIDOR) w[x * step] &= ~DG_ENTRANCE;
    }
}

/* *trees: walks that opened at least one tunnel. One tree means one open
 * region: every room holds a node some walk starts from or passes.
 *
 * A direction a node has tried and failed never opens later (nodes only
 * stop being free), and one that succeeded leads to a node no longer free,
 * so "the first direction in the node's order that is open now" is exactly
 * the next one a try-them-in-turn walk would take, and a node with none
 * open is done: each visit is a mask and a count of trailing zeros instead
 * of a branch per direction.
 *
 * A corridor node's open sides are then exactly its tunnels, so the nodes
 * with at most one -- leaves, and roots with one child -- are every dead
 * end there is; they are left in b->ends for the stair and dead-end passes. */
static dg_status tunnel_all(dg__build *b, long *trees, dg_error *err)
{
    *trees = 0;
    keep_rule keep = corridor_keep(b->o->corridors);
    const uint32_t cols = (uint32_t)b->cols;
    const ptrdiff_t step[4] = {[DG_DIR_NORTH] = -(ptrdiff_t)cols, [DG_DIR_SOUTH] = (ptrdiff_t)cols,
                               [DG_DIR_WEST] = -1, [DG_DIR_EAST] = 1};
    /* one block: the stack (every node is pushed at most once, so it never
     * grows), the end bitset and the node bytes */
    size_t nodes = (size_t)b->ni * (size_t)b->nj, bytes = (size_t)(b->ni + 2) * cols;
    size_t words = (bytes + 63) / 64;
    frame *stack = dg__scratch(b, nodes * sizeof *stack + words * sizeof *b->ends + bytes);
    if (!stack) return dg__nomem(err, "tunnelling");
    uint64_t *ends = (uint64_t *)(stack + nodes);
    uint8_t *nd = (uint8_t *)(ends + words);
    memset(ends, 0, words * sizeof *ends + bytes);
    node_bytes(b, nd);
    /* walks start anywhere but the first node row and column, as donjon's
     * do: pockets only reachable from there stay rock rather than becoming
     * stubs to join */
    size_t top = 0;
    dg_rng rng = b->rng; /* a local copy stays in registers */
    /* node n's cell is cell0[2n]; a local, as the node byte stores could
     * alias b->cell and would make it be read again every tunnel */
    uint32_t *const cell0 = b->cell - cols - 1;
    const uint64_t any_free = 0x0101010101010101ull * NODE_FREE;
    for (int i = 1; i < b->ni; i++) {
        uint32_t end = (uint32_t)(i + 1) * cols + (uint32_t)b->nj + 1;
        for (uint32_t root = (uint32_t)(i + 1) * cols + 2; root < end; root++) {
            /* after the first walks few nodes are free: pass over eight
             * node bytes at a time while none is */
            if (end - root >= 8 && !(load8(nd + root) & any_free)) {
                root += 7;
                continue;
            }
            if (!(nd[root] & NODE_FREE)) continue;
            /* the node the walk is at stays in registers -- where it is,
             * its order and the ways open from it -- and the stack holds
             * only the nodes it came through: a tunnel's next step waits
             * on no store to the stack, nor on the node byte just written
             * (the ways open from a node just entered are the byte read
             * when entering it). Only a step back reads them again. */
            uint32_t n = root, rank = root_frame(&rng, root).rank, open = nd[n] & 0xFu;
            if (!(rank & open * 0x11111u)) {
                ends[n / 64] |= (uint64_t)1 << (n % 64); /* no sides: no tunnel at all */
                continue;
            }
            /* a root's own cell is opened by its first tunnel out, any
             * other node's by the tunnel into it */
            (*trees)++;
            enter(nd + n, step[DG_DIR_SOUTH]);
            cell0[2 * (size_t)n] |= DG_CORRIDOR;
            for (;;) {
                uint32_t pick = rank & open * 0x11111u;
                if (!pick) {
                    ends[n / 64] |= (uint64_t)(rank <= 2 * FRAME_SIDE - 1) << (n % 64);
                    if (top == 0) break;
                    frame back = stack[--top];
                    n = back.n;
                    rank = back.rank;
                    open = nd[n] & 0xFu;
                    continue;
                }
                int d = (int)(dg__ctz32(pick) & 3u);
                ptrdiff_t s = step[d];
                uint32_t child = (uint32_t)((ptrdiff_t)n + s);
                uint8_t *q = nd + child;
                uint32_t ways = q[0];
                enter(q, step[DG_DIR_SOUTH]);
                uint32_t *at = cell0 + 2 * (size_t)n;
                at[s] |= DG_CORRIDOR;
                at[2 * s] |= DG_CORRIDOR;
                stack[top++] = (frame){n, rank + FRAME_SIDE};
                n = child;
                rank = child_frame(&rng, child, d, keep).rank;
                open = ways & 0xFu;
            }
        }
    }
    clear_entrances(b);
    b->rng = rng;
    b->ends = ends;
    return DG_OK;
}

/* ---------------------------------------------------------------- family */

dg_status dg__gen_donjon(dg__build *b, dg_error *err)
{
    dg_status rc;
    /* caves instead of the maze, around the same rooms */
    if (b->o->layout == DG_LAYOUT_CAVERNOUS) return dg__gen_cavernous(b, err);
    b->lattice = true;
    dg__apply_layout(b);
    if ((rc = dg__place_rooms(b, err)) != DG_OK) return rc;
    if ((rc = open_rooms(b, err)) != DG_OK) return rc;
    long trees;
    if ((rc = tunnel_all(b, &trees, err)) != DG_OK) return rc;
    if (trees > 1 && (rc = dg__connect_regions(b, err)) != DG_OK) return rc;
    if ((rc = dg__place_exits(b, err)) != DG_OK) return rc;
    if ((rc = dg__place_stairs(b, b->o->stairs, err)) != DG_OK) return rc;
    dg__remove_deadends(b, b->o->deadends);
    return DG_OK;
}
