/* gen_cells.c -- the cells family (seed 004, grid-based dungeons): the map is
 * cut into uniform blocks of block_size cells, rooms -- rectangles and
 * shapes that fit their block (circle, diamond, octagon, cross, L, T,
 * triangle) -- are drawn in randomly chosen blocks, and a connection
 * strategy joins them block to block: connect=previous (each room to the one
 * placed before it), fan (every room back to a central seed room) or tree
 * (a spanning tree over the rooms plus a few extra loops). A few spurs into
 * unused blocks give deadends= something to act on; exits, stairs and dead
 * ends come from the shared passes. Our own code from the seed's description.
 *
 * Geometry: lanes (odd rows and columns, block_size - 1 apart) separate the
 * blocks; a room's box lies inside its block with its wall at most touching
 * a lane. A link between two neighbouring blocks is a corridor from a door
 * (or an empty block's centre) straight out to the lane between them, along
 * the lane, and straight in to the other block. Every corridor runs on odd
 * rows or columns, so none runs beside another. */
#include <stdlib.h>

#include "family_int.h"

/* Blocks along one axis: lane k at lane0 + k * pitch (odd), block k between
 * lanes k and k + 1; lane0 may be -1 (the first block then starts on the map
 * edge, where its room's wall stands). */
typedef struct {
    int n, pitch, lane0;
} axis;

static axis make_axis(int cells, int block)
{
    /* an even block_size counts as the next odd one: lanes must stay odd */
    int pitch = (block & ~1) < cells + 1 ? (block & ~1) : cells + 1;
    int n = (cells + 1) / pitch;
    int left = cells + 1 - n * pitch;
    /* centre the blocks, keeping lanes odd */
    return (axis){n, pitch, -1 + ((left / 2) & ~1)};
}
static int lane(const axis *a, int k) { return a->lane0 + k * a->pitch; }

enum { LINK_E = 1, LINK_S = 2, USED = 4, SPUR = 8 };

typedef enum { SH_RECT, SH_CIRCLE, SH_DIAMOND, SH_OCTAGON, SH_CROSS, SH_L, SH_T, SH_TRIANGLE } kind;

typedef struct {
    kind k;
    int w, h;                /* box, odd */
    int orient;              /* L: corner cut; T: side of the bar; triangle: corner of the right angle */
} shape;

typedef struct {
    dg__build *b;
    axis ay, ax;
    size_t nb;
    uint8_t *flag;           /* per block: LINK_E, LINK_S, USED, SPUR */
    int32_t *room;           /* per block: room id or 0 */
    int32_t *port;           /* per block and side (dg_dir): row or column where a link leaves */
    int32_t *rooms;          /* block of room id k at rooms[k - 1] */
    shape *shapes;           /* shape of room id k at shapes[k - 1] */
    size_t n_rooms;
} grid;

/* ---------------------------------------------------------------- shapes */

static int half(int n) { return (n - 1) / 2; }

/* Whether local cell (x, y) of a w x h box is inside the shape. */
static bool in_shape(const shape *s, int x, int y)
{
    int w = s->w, h = s->h;
    int dx = abs(x - half(w)), dy = abs(y - half(h));
    switch (s->k) {
    case SH_CIRCLE:
        return 4 * (dx * dx + dy * dy) <= w * w;
    case SH_DIAMOND:
        return dx * half(h) + dy * half(w) <= half(w) * half(h);
    case SH_OCTAGON: {
        int m = half(w) < half(h) ? half(w) : half(h);
        return dx + dy <= half(w) + half(h) - (m + 1) / 2;
    }
    case SH_CROSS: {
        int tw = (w / 3) | 1, th = (h / 3) | 1;
        if (tw < 3) tw = 3;
        if (th < 3) th = 3;
        return dx <= half(tw) || dy <= half(th);
    }
    case SH_L: {
        /* cut the corner quadrant `orient` (0 NE, 1 SE, 2 SW, 3 NW) */
        bool east = s->orient <= 1, south = s->orient == 1 || s->orient == 2;
        bool in_x = east ? x >= w - w / 2 : x < w / 2;
        bool in_y = south ? y >= h - h / 2 : y < h / 2;
        return !(in_x && in_y);
    }
    case SH_T: {
        /* bar along side `orient` (a dg_dir), stem from its middle */
        int along = x, across = y, wa = w, ha = h;
        switch ((dg_dir)s->orient) {
        case DG_DIR_NORTH: break;
        case DG_DIR_SOUTH: across = h - 1 - y; break;
        case DG_DIR_WEST:
            along = y;
            across = x;
            wa = h;
            ha = w;
            break;
        default:
            along = y;
            across = w - 1 - x;
            wa = h;
            ha = w;
            break;
        }
        int bar = ha / 3 < 2 ? 2 : ha / 3, t = (wa / 3) | 1;
        if (t < 3) t = 3;
        return across < bar || abs(along - half(wa)) <= half(t);
    }
    case SH_TRIANGLE: {
        /* right angle at corner `orient` (bit 0: east, bit 1: north) */
        int fx = (s->orient & 1) ? w - 1 - x : x, fy = (s->orient & 2) ? h - 1 - y : y;
        return fx * (h - 1) <= fy * (w - 1);
    }
    default:
        return true;
    }
}

/* A shape for a room in a block whose box may span `span` cells (odd). Round
 * shapes and crosses get sides of 4k + 1, so their widest row and column
 * fall on odd cells, where doors go. */
static shape pick_shape(dg_rng *rng, int span)
{
    shape s = {SH_RECT, 3 + 2 * (int)dg_rng_below(rng, (uint32_t)((span - 3) / 2 + 1)),
               3 + 2 * (int)dg_rng_below(rng, (uint32_t)((span - 3) / 2 + 1)), 0};
    if (s.w < 5 || s.h < 5 || dg_rng_below(rng, 100) >= 45) return s;
    s.k = (kind)(1 + dg_rng_below(rng, 7));
    s.orient = (int)dg_rng_below(rng, 4);
    if (s.w % 4 == 3) s.w -= 2;
    if (s.h % 4 == 3) s.h -= 2;
    if (s.k == SH_CIRCLE || s.k == SH_DIAMOND) s.w = s.h = s.w < s.h ? s.w : s.h;
    return s;
}

static void shape_kind(const shape *s, dg__room *rm)
{
    rm->sides = 0;
    switch (s->k) {
    case SH_RECT: rm->shape = DG_SHAPE_RECT; break;
    case SH_CIRCLE: rm->shape = DG_SHAPE_CIRCLE; break;
    case SH_DIAMOND:
        rm->shape = DG_SHAPE_POLYGON;
        rm->sides = 4;
        break;
    case SH_OCTAGON:
        rm->shape = DG_SHAPE_POLYGON;
        rm->sides = 8;
        break;
    default: rm->shape = DG_SHAPE_COMPOSITE; break;
    }
}

/* The door on side d of shape s: a cell of the shape's outermost row or
 * column on that side, at an even local offset (odd on the map, since boxes
 * start on odd cells). Writes the local door's room cell; false if none. */
static bool door_spot(dg_rng *rng, const shape *s, dg_dir d, int *lx, int *ly)
{
    bool vertical = d == DG_DIR_NORTH || d == DG_DIR_SOUTH;
    int outer = vertical ? s->h : s->w, along = vertical ? s->w : s->h;
    int pick[64], n = 0;
    for (int o = 0; o < outer && n == 0; o++) {
        int line = (d == DG_DIR_NORTH || d == DG_DIR_WEST) ? o : outer - 1 - o;
        bool any = false;
        for (int a = 0; a < along; a++) {
            bool in = vertical ? in_shape(s, a, line) : in_shape(s, line, a);
            if (!in) continue;
            any = true;
            if (a % 2 == 0 && n < 64) pick[n++] = a;
        }
        if (any && n == 0) return false; /* outermost row has no odd cell */
        if (any) {
            int a = pick[dg_rng_below(rng, (uint32_t)n)];
            *lx = vertical ? a : line;
            *ly = vertical ? line : a;
            return true;
        }
    }
    return false;
}

/* -------------------------------------------------------------- linking */

static void link(grid *g, int i, int j, dg_dir d)
{
    size_t nx = (size_t)g->ax.n, at = (size_t)i * nx + (size_t)j;
    switch (d) {
    case DG_DIR_EAST: g->flag[at] |= LINK_E; g->flag[at + 1] |= USED; break;
    case DG_DIR_WEST: g->flag[at - 1] |= LINK_E | USED; break;
    case DG_DIR_SOUTH: g->flag[at] |= LINK_S; g->flag[at + nx] |= USED; break;
    default: g->flag[at - nx] |= LINK_S | USED; break;
    }
    g->flag[at] |= USED;
}

/* An L-shaped run of links between blocks a and z, bending at a random end. */
static void route(grid *g, size_t a, size_t z)
{
    int nx = g->ax.n;
    int i = (int)(a / (size_t)nx), j = (int)(a % (size_t)nx);
    int iz = (int)(z / (size_t)nx), jz = (int)(z % (size_t)nx);
    bool across_first = dg_rng_below(&g->b->rng, 2) == 0;
    g->flag[a] |= USED;
    for (int pass = 0; pass < 2; pass++) {
        if ((pass == 0) == across_first) {
            for (; j != jz; j += j < jz ? 1 : -1) link(g, i, j, j < jz ? DG_DIR_EAST : DG_DIR_WEST);
        } else {
            for (; i != iz; i += i < iz ? 1 : -1) link(g, i, j, i < iz ? DG_DIR_SOUTH : DG_DIR_NORTH);
        }
    }
}

static int block_dist(const grid *g, size_t a, size_t z)
{
    int nx = g->ax.n;
    return abs((int)(a / (size_t)nx) - (int)(z / (size_t)nx)) + abs((int)(a % (size_t)nx) - (int)(z % (size_t)nx));
}

/* Every room back to the room nearest the middle, each block stepping along
 * the axis on which it is further from that room: straight spokes that fork
 * where they meet, a tree with no loops. */
static void connect_fan(grid *g)
{
    int nx = g->ax.n, ny = g->ay.n;
    size_t seed = (size_t)g->rooms[0];
    long best = -1;
    for (size_t k = 0; k < g->n_rooms; k++) {
        size_t at = (size_t)g->rooms[k];
        long di = 2 * (long)(at / (size_t)nx) - (ny - 1), dj = 2 * (long)(at % (size_t)nx) - (nx - 1);
        long dist = labs(di) + labs(dj);
        if (best < 0 || dist < best) {
            best = dist;
            seed = at;
        }
    }
    int si = (int)(seed / (size_t)nx), sj = (int)(seed % (size_t)nx);
    g->flag[seed] |= USED;
    for (size_t k = 0; k < g->n_rooms; k++) {
        size_t at = (size_t)g->rooms[k];
        /* a room some spoke already passes through is joined */
        if (g->flag[at] & USED) continue;
        int i = (int)(at / (size_t)nx), j = (int)(at % (size_t)nx);
        while (i != si || j != sj) {
            int di = si - i, dj = sj - j;
            bool vertical = abs(di) > abs(dj) || (abs(di) == abs(dj) && dg_rng_below(&g->b->rng, 2));
            dg_dir d = vertical ? (di > 0 ? DG_DIR_SOUTH : DG_DIR_NORTH) : (dj > 0 ? DG_DIR_EAST : DG_DIR_WEST);
            size_t next = (size_t)(i + dg_dir_dy(d)) * (size_t)nx + (size_t)(j + dg_dir_dx(d));
            bool joined = (g->flag[next] & USED) != 0;
            link(g, i, j, d);
            i += dg_dir_dy(d);
            j += dg_dir_dx(d);
            if (joined) break;
        }
    }
}

/* Prim's tree over the rooms by block distance, each edge an L-shaped run,
 * then one extra run in six rooms to a near room it is not joined to. */
static dg_status connect_tree(grid *g, dg_error *err)
{
    size_t n = g->n_rooms;
    int *dist = dg__malloc(n * sizeof *dist);
    int32_t *parent = dg__malloc(n * sizeof *parent);
    bool *in = dg__calloc(n, sizeof *in);
    if (!dist || !parent || !in) {
        dg__free(dist);
        dg__free(parent);
        dg__free(in);
        return dg__nomem(err, "joining rooms");
    }
    for (size_t k = 0; k < n; k++) {
        dist[k] = block_dist(g, (size_t)g->rooms[0], (size_t)g->rooms[k]);
        parent[k] = 0;
    }
    in[0] = true;
    for (size_t step = 1; step < n; step++) {
        size_t best = n;
        for (size_t k = 0; k < n; k++)
            if (!in[k] && (best == n || dist[k] < dist[best])) best = k;
        in[best] = true;
        route(g, (size_t)g->rooms[parent[best]], (size_t)g->rooms[best]);
        for (size_t k = 0; k < n; k++) {
            int d = block_dist(g, (size_t)g->rooms[best], (size_t)g->rooms[k]);
            if (!in[k] && d < dist[k]) {
                dist[k] = d;
                parent[k] = (int32_t)best;
            }
        }
    }
    size_t extra = n >= 4 ? 1 + n / 6 : 0;
    for (size_t e = 0; e < extra; e++) {
        size_t a = dg_rng_below(&g->b->rng, (uint32_t)n), z = n;
        for (size_t k = 0; k < n; k++) {
            if (k == a || parent[k] == (int32_t)a || parent[a] == (int32_t)k) continue;
            int d = block_dist(g, (size_t)g->rooms[a], (size_t)g->rooms[k]);
            if (z == n || d < block_dist(g, (size_t)g->rooms[a], (size_t)g->rooms[z])) z = k;
        }
        if (z < n) route(g, (size_t)g->rooms[a], (size_t)g->rooms[z]);
    }
    dg__free(dist);
    dg__free(parent);
    dg__free(in);
    return DG_OK;
}

/* Dead-end spurs: some unused blocks beside the network get a corridor in
 * from a used neighbour, ending at their centre. */
static void add_spurs(grid *g)
{
    int nx = g->ax.n, ny = g->ay.n;
    for (int i = 0; i < ny; i++)
        for (int j = 0; j < nx; j++) {
            size_t at = (size_t)i * (size_t)nx + (size_t)j;
            if (g->flag[at] & USED) continue;
            dg_dir cand[4];
            int n = 0;
            for (int d = 0; d < 4; d++) {
                int ii = i + dg_dir_dy((dg_dir)d), jj = j + dg_dir_dx((dg_dir)d);
                if (ii < 0 || jj < 0 || ii >= ny || jj >= nx) continue;
                uint8_t f = g->flag[(size_t)ii * (size_t)nx + (size_t)jj];
                if ((f & USED) && !(f & SPUR)) cand[n++] = (dg_dir)d;
            }
            if (n == 0 || dg_rng_below(&g->b->rng, 100) >= 20) continue;
            link(g, i, j, cand[dg_rng_below(&g->b->rng, (uint32_t)n)]);
            g->flag[at] |= SPUR;
        }
}

/* --------------------------------------------------------------- drawing */

static bool linked(const grid *g, int i, int j, dg_dir d)
{
    size_t nx = (size_t)g->ax.n, at = (size_t)i * nx + (size_t)j;
    switch (d) {
    case DG_DIR_EAST: return (g->flag[at] & LINK_E) != 0;
    case DG_DIR_SOUTH: return (g->flag[at] & LINK_S) != 0;
    case DG_DIR_WEST: return j > 0 && (g->flag[at - 1] & LINK_E);
    default: return i > 0 && (g->flag[at - nx] & LINK_S);
    }
}

/* Corridor from (r, c) heading d up to and including the lane. */
static void corridor_out(dg__build *b, int r, int c, dg_dir d, int lane_at)
{
    for (;;) {
        *dg__at(b, r, c) = DG_CORRIDOR;
        if ((d == DG_DIR_NORTH || d == DG_DIR_SOUTH) ? r == lane_at : c == lane_at) return;
        r += dg_dir_dy(d);
        c += dg_dir_dx(d);
    }
}

static int side_lane(const grid *g, int i, int j, dg_dir d)
{
    switch (d) {
    case DG_DIR_NORTH: return lane(&g->ay, i);
    case DG_DIR_SOUTH: return lane(&g->ay, i + 1);
    case DG_DIR_WEST: return lane(&g->ax, j);
    default: return lane(&g->ax, j + 1);
    }
}

/* A random odd cell in lo..hi (lo odd). */
static int odd_in(dg_rng *rng, int lo, int hi)
{
    return lo + 2 * (int)dg_rng_below(rng, (uint32_t)((hi - lo) / 2 + 1));
}

/* The room of block (i, j): its cells, walls, and a door with a corridor out
 * to the lane on every linked side. A shape without an odd cell on a linked
 * side is drawn as its rectangle instead. */
static dg_status draw_room(grid *g, int i, int j, dg_error *err)
{
    dg__build *b = g->b;
    size_t at = (size_t)i * (size_t)g->ax.n + (size_t)j;
    int id = g->room[at];
    dg__room *rm = &b->room[id - 1];
    shape *s = &g->shapes[id - 1];
    int lx[4] = {0}, ly[4] = {0};
    for (int pass = 0; pass < 2; pass++) {
        bool ok = true;
        for (int d = 0; d < 4 && ok; d++)
            if (linked(g, i, j, (dg_dir)d)) ok = door_spot(&b->rng, s, (dg_dir)d, &lx[d], &ly[d]);
        if (ok) break;
        s->k = SH_RECT;
        shape_kind(s, rm);
    }
    uint32_t word = DG_ROOM | ((uint32_t)id << DG_ROOM_ID_SHIFT);
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++)
            if (in_shape(s, x, y)) *dg__at(b, rm->r1 + y, rm->c1 + x) = word;
    for (int r = rm->r1 - 1; r <= rm->r2 + 1; r++)
        for (int c = rm->c1 - 1; c <= rm->c2 + 1; c++) {
            if (*dg__at(b, r, c) != DG_NOTHING) continue;
            bool near = false;
            for (int y = -1; y <= 1 && !near; y++)
                for (int x = -1; x <= 1 && !near; x++) near = dg__get(b, r + y, c + x) == word;
            if (near) *dg__at(b, r, c) = DG_PERIMETER;
        }
    for (int d = 0; d < 4; d++) {
        if (!linked(g, i, j, (dg_dir)d)) continue;
        int dr = dg_dir_dy((dg_dir)d), dc = dg_dir_dx((dg_dir)d);
        dg__door door = {rm->r1 + ly[d] + dr, rm->c1 + lx[d] + dc, (dg_dir)d, id, 0,
                         dg__door_type(&b->rng, b->o->doors)};
        *dg__at(b, door.r, door.c) = DG_CORRIDOR | dg_door_type_bit(door.type);
        corridor_out(b, door.r + dr, door.c + dc, (dg_dir)d, side_lane(g, i, j, (dg_dir)d));
        g->port[at * 4 + (size_t)d] = dr ? door.c : door.r;
        dg_status rc = dg__add_door(b, &door, err);
        if (rc != DG_OK) return rc;
    }
    return DG_OK;
}

/* An empty block on the network: a junction at a random odd cell, with an
 * arm out to each linked side (one arm: a dead-end spur). */
static void draw_junction(grid *g, int i, int j)
{
    dg__build *b = g->b;
    size_t at = (size_t)i * (size_t)g->ax.n + (size_t)j;
    int top = lane(&g->ay, i), left = lane(&g->ax, j);
    int r = odd_in(&b->rng, top + 2, top + g->ay.pitch - 2);
    int c = odd_in(&b->rng, left + 2, left + g->ax.pitch - 2);
    *dg__at(b, r, c) = DG_CORRIDOR;
    for (int d = 0; d < 4; d++) {
        if (!linked(g, i, j, (dg_dir)d)) continue;
        corridor_out(b, r + dg_dir_dy((dg_dir)d), c + dg_dir_dx((dg_dir)d), (dg_dir)d,
                     side_lane(g, i, j, (dg_dir)d));
        g->port[at * 4 + (size_t)d] = dg_dir_dy((dg_dir)d) ? c : r;
    }
}

/* Along the lane between two linked blocks, from one's port to the other's. */
static void draw_lanes(grid *g)
{
    dg__build *b = g->b;
    size_t nx = (size_t)g->ax.n;
    for (int i = 0; i < g->ay.n; i++)
        for (int j = 0; j < g->ax.n; j++) {
            size_t at = (size_t)i * nx + (size_t)j;
            if (g->flag[at] & LINK_E) {
                int c = lane(&g->ax, j + 1);
                int r1 = g->port[at * 4 + DG_DIR_EAST], r2 = g->port[(at + 1) * 4 + DG_DIR_WEST];
                for (int r = r1 < r2 ? r1 : r2; r <= (r1 < r2 ? r2 : r1); r++) *dg__at(b, r, c) = DG_CORRIDOR;
            }
            if (g->flag[at] & LINK_S) {
                int r = lane(&g->ay, i + 1);
                int c1 = g->port[at * 4 + DG_DIR_SOUTH], c2 = g->port[(at + nx) * 4 + DG_DIR_NORTH];
                for (int c = c1 < c2 ? c1 : c2; c <= (c1 < c2 ? c2 : c1); c++) *dg__at(b, r, c) = DG_CORRIDOR;
            }
        }
}

/* ----------------------------------------------------------------- entry */

/* Rooms in a random share (55..80%) of the blocks, at least two when there
 * are two blocks, at most DG_MAX_ROOMS; blocks picked by a partial shuffle. */
static dg_status place_rooms(grid *g, dg_error *err)
{
    dg__build *b = g->b;
    size_t want = g->nb * (55 + dg_rng_below(&b->rng, 26)) / 100;
    if (want < 2) want = g->nb < 2 ? g->nb : 2;
    if (want > DG_MAX_ROOMS) want = DG_MAX_ROOMS;
    uint32_t *pool = dg__malloc(g->nb * sizeof *pool);
    g->rooms = dg__malloc(want * sizeof *g->rooms);
    g->shapes = dg__malloc(want * sizeof *g->shapes);
    if (!pool || !g->rooms || !g->shapes) {
        dg__free(pool);
        return dg__nomem(err, "placing rooms");
    }
    for (size_t k = 0; k < g->nb; k++) pool[k] = (uint32_t)k;
    dg_status rc = DG_OK;
    for (size_t k = 0; k < want && rc == DG_OK; k++) {
        size_t x = k + dg_rng_below(&b->rng, (uint32_t)(g->nb - k));
        uint32_t at = pool[x];
        pool[x] = pool[k];
        pool[k] = at;
        int i = (int)(at / (uint32_t)g->ax.n), j = (int)(at % (uint32_t)g->ax.n);
        int top = lane(&g->ay, i) + 2, left = lane(&g->ax, j) + 2;
        int span_y = g->ay.pitch - 3, span_x = g->ax.pitch - 3;
        shape s = pick_shape(&b->rng, span_y < span_x ? span_y : span_x);
        /* a rectangle may use the block's full extent on both axes */
        if (s.k == SH_RECT) {
            s.h = 3 + 2 * (int)dg_rng_below(&b->rng, (uint32_t)((span_y - 3) / 2 + 1));
            s.w = 3 + 2 * (int)dg_rng_below(&b->rng, (uint32_t)((span_x - 3) / 2 + 1));
        }
        dg__room rm = {0};
        rm.r1 = odd_in(&b->rng, top, top + span_y - s.h);
        rm.c1 = odd_in(&b->rng, left, left + span_x - s.w);
        rm.r2 = rm.r1 + s.h - 1;
        rm.c2 = rm.c1 + s.w - 1;
        rm.alive = true;
        shape_kind(&s, &rm);
        rc = dg__add_room(b, &rm, err);
        g->rooms[k] = (int32_t)at;
        g->shapes[k] = s;
        g->room[at] = (int32_t)b->n_room;
        g->n_rooms = k + 1;
    }
    dg__free(pool);
    return rc;
}

dg_status dg__gen_cells(dg__build *b, dg_error *err)
{
    grid g = {.b = b};
    g.ay = make_axis(b->rows, b->o->block_size);
    g.ax = make_axis(b->cols, b->o->block_size);
    g.nb = (size_t)g.ay.n * (size_t)g.ax.n;
    g.flag = dg__calloc(g.nb, 1);
    g.room = dg__calloc(g.nb, sizeof *g.room);
    g.port = dg__calloc(g.nb * 4, sizeof *g.port);
    dg_status rc = DG_OK;
    if (!g.flag || !g.room || !g.port) {
        rc = dg_error_set(err, DG_ENOMEM, "rows", "", "", "out of memory for a %dx%d map", b->cols, b->rows);
        goto done;
    }
    if ((rc = place_rooms(&g, err)) != DG_OK) goto done;
    switch (b->o->connect) {
    case DG_CONNECT_PREVIOUS:
        for (size_t k = 1; k < g.n_rooms; k++) route(&g, (size_t)g.rooms[k - 1], (size_t)g.rooms[k]);
        break;
    case DG_CONNECT_FAN:
        connect_fan(&g);
        break;
    default:
        rc = connect_tree(&g, err);
        break;
    }
    if (rc != DG_OK) goto done;
    if (g.n_rooms > 1) add_spurs(&g);
    for (int i = 0; i < g.ay.n && rc == DG_OK; i++)
        for (int j = 0; j < g.ax.n && rc == DG_OK; j++) {
            size_t at = (size_t)i * (size_t)g.ax.n + (size_t)j;
            if (g.room[at]) rc = draw_room(&g, i, j, err);
            else if (g.flag[at] & USED) draw_junction(&g, i, j);
        }
    if (rc != DG_OK) goto done;
    draw_lanes(&g);
    if ((rc = dg__place_exits(b, err)) != DG_OK) goto done;
    /* stairs first, so the spurs' dead ends can hold them */
    if ((rc = dg__place_stairs(b, b->o->stairs, err)) != DG_OK) goto done;
    dg__remove_deadends(b, b->o->deadends);
done:
    dg__free(g.flag);
    dg__free(g.room);
    dg__free(g.port);
    dg__free(g.rooms);
    dg__free(g.shapes);
    return rc;
}

const dg__family dg__family_cells = {
    {"one room per block of a grid, joined by a rule", true, {30, 0, 30, true, 0, 160}},
    dg__gen_cells, NULL, NULL, NULL, NULL};
