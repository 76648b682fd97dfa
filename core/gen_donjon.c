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

typedef struct {
    int r, c;                /* door cell */
    dg_dir dir;
    int other;               /* room beyond, 0 for the corridor lattice */
} sill;

/* Candidate doorways of room `id`: a room node, a wall cell beyond it and a
 * node beyond that which a corridor (or another room) can reach. */
static size_t list_sills(dg__build *b, int id, sill *out, size_t cap)
{
    const dg__room *rm = &b->room[id - 1];
    size_t n = 0;
    for (int r = rm->r1; r <= rm->r2; r += 2) {
        for (int c = rm->c1; c <= rm->c2; c += 2) {
            if (dg__room_id(dg__get(b, r, c)) != id || !(dg__get(b, r, c) & DG_ROOM)) continue;
            for (int d = 0; d < 4; d++) {
                int dr = dg_dir_dy((dg_dir)d), dc = dg_dir_dx((dg_dir)d);
                uint32_t door = dg__get(b, r + dr, c + dc);
                if (!(door & DG_PERIMETER) || (door & (DG_ROOM | DG_BLOCKED | DG_DOORSPACE))) continue;
                /* the wall cells either side must be wall too, or a shaped
                 * room's doorway would open sideways into its own floor */
                if ((dg__get(b, r + dr + dc, c + dc + dr) & DG_ROOM) ||
                    (dg__get(b, r + dr - dc, c + dc - dr) & DG_ROOM))
                    continue;
                int orow = r + 2 * dr, ocol = c + 2 * dc;
                if (orow < 1 || ocol < 1 || orow > b->rows - 2 || ocol > b->cols - 2) continue;
                uint32_t beyond = dg__get(b, orow, ocol);
                if (beyond & DG_BLOCKED) continue;
                int other = 0;
                if (beyond & DG_ROOM) {
                    other = dg__room_id(beyond);
                    if (other == id) continue;
                } else if (beyond & DG_PERIMETER) {
                    continue; /* a corridor could never reach it */
                }
                if (n < cap) out[n] = (sill){r + dr, c + dc, (dg_dir)d, other};
                n++;
            }
        }
    }
    return n;
}

static dg_status open_rooms(dg__build *b, dg_error *err)
{
    size_t nr = b->n_room;
    if (nr == 0) return DG_OK;
    /* which room pairs already share a door: (nr+1)^2 bits, <= 128 KiB */
    size_t side = nr + 1;
    unsigned char *paired = calloc((side * side + 7) / 8, 1);
    size_t cap = 64;
    sill *list = malloc(cap * sizeof *list);
    dg_status rc = DG_OK;
    if (!paired || !list) {
        rc = dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory opening rooms");
        goto done;
    }
    for (int id = 1; id <= (int)nr && rc == DG_OK; id++) {
        size_t n = list_sills(b, id, list, cap);
        if (n > cap) {
            sill *grown = realloc(list, n * sizeof *list);
            if (!grown) {
                rc = dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory opening rooms");
                break;
            }
            list = grown;
            cap = n;
            n = list_sills(b, id, list, cap);
        }
        /* more doorways for bigger rooms: sqrt of the node count, up to twice */
        const dg__room *rm = &b->room[id - 1];
        long nodes = 0;
        for (int r = rm->r1; r <= rm->r2; r += 2)
            for (int c = rm->c1; c <= rm->c2; c += 2)
                if (dg__room_id(dg__get(b, r, c)) == id) nodes++;
        int flumph = dg__isqrt(nodes);
        int want = flumph + (int)dg__rng_below(&b->rng, (uint32_t)flumph);
        for (int k = 0; k < want && n > 0 && rc == DG_OK;) {
            size_t pick = dg__rng_below(&b->rng, (uint32_t)n);
            sill s = list[pick];
            list[pick] = list[--n];
            if (dg__get(b, s.r, s.c) & DG_DOORSPACE) continue;
            if (s.other) {
                size_t lo = (size_t)(id < s.other ? id : s.other);
                size_t hi = (size_t)(id < s.other ? s.other : id);
                size_t bit = lo * side + hi;
                if (paired[bit / 8] & (1u << (bit % 8))) continue;
                paired[bit / 8] |= (unsigned char)(1u << (bit % 8));
            }
            int dr = dg_dir_dy(s.dir), dc = dg_dir_dx(s.dir);
            for (int x = -1; x <= 1; x++) {
                uint32_t *w = dg__at(b, s.r + x * dr, s.c + x * dc);
                *w = (*w & ~DG_PERIMETER) | DG_ENTRANCE;
            }
            dg__door d = {s.r, s.c, s.dir, id, s.other, dg__door_type(&b->rng, b->o->doors)};
            *dg__at(b, s.r, s.c) |= dg_door_type_bit(d.type);
            rc = dg__add_door(b, &d, err);
            k++;
        }
    }
done:
    free(paired);
    free(list);
    return rc;
}

/* ------------------------------------------------------------ corridors */

/* The maze walk runs on a byte per node rather than on the cell words: the
 * low nibble has bit d set while the wall cell towards direction d lets a
 * corridor through, the high nibble is NODE_FREE (all four bits, so each
 * neighbour's test is one mask) while a walk may still enter the node.
 * Rows are `cols` bytes apart with a ring of zero nodes round the map, so
 * node (i, j) is byte (i + 1) * cols + j + 1, its cell is 2n - cols - 1, a
 * step between nodes is the same offset as one between cells, and the map
 * edges need no tests. */
#define NODE_FREE 0xF0u

/* One node of the walk: where it is and the order it tries its directions
 * in, as five nibbles, first tried lowest, each one direction's bit: the
 * heading it keeps (or 0), then the drawn order of all four. */
typedef struct {
    uint32_t n;
    uint32_t rank;
} frame;

static int corridor_bias(dg_corridor_style s)
{
    /* chance in percent a corridor keeps its heading */
    switch (s) {
    case DG_CORR_LABYRINTH: return 0;
    case DG_CORR_STRAIGHT:  return 100; /* as the reference: straight until blocked */
    case DG_CORR_ERRANT:
    default:                return 50;
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

/* The frame for node n, entered heading `last` (-1 at a walk's root). Its
 * draws happen here, when the node is reached: draw order is output. */
static frame make_frame(dg_rng *rng, uint32_t n, int last, int bias)
{
    uint32_t order = orders[dg__rng_below(rng, 24)];
    uint32_t keep = last >= 0 && bias > 0 && dg__rng_percent(rng, bias) ? 1u << last : 0u;
    return (frame){n, keep | order << 4};
}

/* The directions from node p that open a tunnel now: a wall cell that lets
 * a corridor through to a node still free. */
static inline uint32_t open_ways(const uint8_t *p, ptrdiff_t cols)
{
    uint32_t free_near = (p[-cols] & 0x10u) | (p[cols] & 0x20u) | (p[-1] & 0x40u) | (p[1] & 0x80u);
    return p[0] & free_near >> 4;
}

/* *trees: walks that opened at least one tunnel. One tree means one open
 * region: every room holds a node some walk starts from or passes.
 *
 * A direction a node has tried and failed never opens later (nodes only
 * stop being free), and one that succeeded leads to a node no longer free,
 * so "the first direction in the node's order that is open now" is exactly
 * the next one a try-them-in-turn walk would take, and a node with none
 * open is done: each visit is a mask and a count of trailing zeros instead
 * of a branch per direction. */
static dg_status tunnel_all(dg__build *b, long *trees, dg_error *err)
{
    *trees = 0;
    int bias = corridor_bias(b->o->corridors);
    const uint32_t cols = (uint32_t)b->cols;
    const ptrdiff_t step[4] = {[DG_DIR_NORTH] = -(ptrdiff_t)cols, [DG_DIR_SOUTH] = (ptrdiff_t)cols,
                               [DG_DIR_WEST] = -1, [DG_DIR_EAST] = 1};
    /* every node is pushed at most once, so the stack never grows */
    size_t nodes = (size_t)b->ni * (size_t)b->nj, bytes = (size_t)(b->ni + 2) * cols;
    frame *stack = malloc(nodes * sizeof *stack + bytes);
    if (!stack) return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory tunnelling");
    uint8_t *nd = (uint8_t *)(stack + nodes);
    memset(nd, 0, bytes);
    const uint32_t stop = DG_BLOCKED | DG_PERIMETER | DG_CORRIDOR;
    for (int i = 0; i < b->ni; i++) {
        const uint32_t *row = dg__at(b, 2 * i + 1, 0), *below = row + cols;
        uint8_t *out = nd + (size_t)(i + 1) * cols + 1;
        for (int j = 0; j < b->nj; j++) {
            int c = 2 * j + 1;
            unsigned east = !(row[c + 1] & stop), south = !(below[c] & stop);
            out[j] |= (uint8_t)(!(row[c] & stop) * NODE_FREE | east << DG_DIR_EAST | south << DG_DIR_SOUTH);
            out[j + 1] |= (uint8_t)(east << DG_DIR_WEST);
            out[j + cols] |= (uint8_t)(south << DG_DIR_NORTH);
        }
    }
    /* walks start anywhere but the first node row and column, as donjon's
     * do: pockets only reachable from there stay rock rather than becoming
     * stubs to join */
    size_t top = 0;
    for (int i = 1; i < b->ni; i++) {
        for (int j = 1; j < b->nj; j++) {
            uint32_t root = (uint32_t)(i + 1) * cols + (uint32_t)j + 1;
            if (!(nd[root] & NODE_FREE)) continue;
            stack[top++] = make_frame(&b->rng, root, -1, bias);
            bool delved = false;
            while (top > 0) {
                uint8_t *p = nd + stack[top - 1].n;
                uint32_t pick = stack[top - 1].rank & open_ways(p, step[DG_DIR_SOUTH]) * 0x11111u;
                if (!pick) {
                    top--;
                    continue;
                }
                int d = (int)(dg__ctz32(pick) & 3u);
                ptrdiff_t s = step[d];
                p[0] &= (uint8_t)~NODE_FREE;
                p[s] &= (uint8_t)~NODE_FREE;
                uint32_t *at = b->cell + (2 * (p - nd) - (ptrdiff_t)cols - 1);
                at[0] = (at[0] & ~DG_ENTRANCE) | DG_CORRIDOR;
                at[s] = (at[s] & ~DG_ENTRANCE) | DG_CORRIDOR;
                at[2 * s] = (at[2 * s] & ~DG_ENTRANCE) | DG_CORRIDOR;
                if (!delved) delved = true, (*trees)++;
                stack[top++] = make_frame(&b->rng, (uint32_t)(p + s - nd), d, bias);
            }
        }
    }
    free(stack);
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
