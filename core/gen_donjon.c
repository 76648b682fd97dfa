/* gen_donjon.c -- the donjon family: rooms on the node lattice, openings in
 * their walls, a tunnelled corridor maze that threads through the rooms, then
 * the shared passes (joining, exits, stairs, dead ends). Our own iterative
 * design of the behaviour seed 000 describes; no recursion, so map size is
 * bounded by memory only. */
#include <stddef.h>
#include <stdlib.h>

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
        int want = flumph + (int)dg_rng_below(&b->rng, (uint32_t)flumph);
        for (int k = 0; k < want && n > 0 && rc == DG_OK;) {
            size_t pick = dg_rng_below(&b->rng, (uint32_t)n);
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

/* One step of the maze walk: the node, the directions still to try (up to
 * five: a shuffled four plus, perhaps, the last direction first) and how many
 * are tried. Packed to 8 bytes: a 4001 x 4001 walk can be 4 M frames deep. */
typedef struct {
    uint16_t i, j;           /* the node (DG_MAX_DIM / 2 fits 16 bits) */
    uint16_t dirs;           /* 2 bits per direction, first in the low bits */
    uint8_t n, k;
} frame;
_Static_assert(DG_MAX_DIM / 2 < 65536, "node coordinates fit frame fields");

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

/* The 24 orders of the four directions, packed two bits each: one draw
 * picks the order a walk tries them in. */
static uint8_t orders[24];

static void fill_orders(void)
{
    int n = 0;
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 4; c++)
                for (int d = 0; d < 4; d++)
                    if (a != b && a != c && a != d && b != c && b != d && c != d)
                        orders[n++] = (uint8_t)(a | b << 2 | c << 4 | d << 6);
}

static frame make_frame(dg__build *b, int i, int j, int last, int bias)
{
    frame f = {.i = (uint16_t)i, .j = (uint16_t)j};
    uint32_t order = orders[dg_rng_below(&b->rng, 24)];
    if (last >= 0 && bias > 0 && dg_rng_percent(&b->rng, bias)) f.dirs = (uint16_t)last, f.n = 1;
    f.dirs |= (uint16_t)(order << (2 * f.n));
    f.n += 4;
    return f;
}

/* Opens the corridor from node (i, j) one node towards d: the wall cell
 * between and the next node must be free of walls, blocks and corridor. */
static bool open_tunnel(dg__build *b, int i, int j, dg_dir d)
{
    int ni = i + dg_dir_dy(d), nj = j + dg_dir_dx(d);
    if (ni < 0 || nj < 0 || ni >= b->ni || nj >= b->nj) return false;
    /* both nodes are inside the map, so the cells are addressed directly */
    ptrdiff_t step = (ptrdiff_t)dg_dir_dy(d) * b->cols + dg_dir_dx(d);
    uint32_t *at = b->cell + (size_t)(2 * i + 1) * (size_t)b->cols + (size_t)(2 * j + 1);
    const uint32_t stop = DG_BLOCKED | DG_PERIMETER | DG_CORRIDOR;
    if ((at[step] & stop) || (at[2 * step] & stop)) return false;
    at[0] = (at[0] & ~DG_ENTRANCE) | DG_CORRIDOR;
    at[step] = (at[step] & ~DG_ENTRANCE) | DG_CORRIDOR;
    at[2 * step] = (at[2 * step] & ~DG_ENTRANCE) | DG_CORRIDOR;
    return true;
}

/* *trees: walks that opened at least one tunnel. One tree means one open
 * region: every room holds a node some walk starts from or passes. */
static dg_status tunnel_all(dg__build *b, long *trees, dg_error *err)
{
    *trees = 0;
    int bias = corridor_bias(b->o->corridors);
    if (!orders[1]) fill_orders(); /* idempotent: same table from any thread */
    size_t cap = 1024, top = 0;
    frame *stack = malloc(cap * sizeof *stack);
    if (!stack) return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory tunnelling");
    /* walks start anywhere but the first node row and column, as donjon's
     * do: pockets only reachable from there stay rock rather than becoming
     * stubs to join */
    for (int i = 1; i < b->ni; i++) {
        for (int j = 1; j < b->nj; j++) {
            uint32_t w = dg__get(b, 2 * i + 1, 2 * j + 1);
            if (w & (DG_CORRIDOR | DG_BLOCKED | DG_PERIMETER)) continue;
            stack[top++] = make_frame(b, i, j, -1, bias);
            bool delved = false;
            while (top > 0) {
                frame *f = &stack[top - 1];
                if (f->k == f->n) {
                    top--;
                    continue;
                }
                dg_dir d = (dg_dir)((f->dirs >> (2 * f->k)) & 3u);
                f->k++;
                int fi = f->i, fj = f->j;
                if (!open_tunnel(b, fi, fj, d)) continue;
                if (!delved) delved = true, (*trees)++;
                if (top == cap) {
                    frame *grown = realloc(stack, 2 * cap * sizeof *stack);
                    if (!grown) {
                        free(stack);
                        return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory tunnelling");
                    }
                    stack = grown;
                    cap *= 2;
                }
                stack[top++] = make_frame(b, fi + dg_dir_dy(d), fj + dg_dir_dx(d), (int)d, bias);
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
