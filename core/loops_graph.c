/* loops_graph.c -- the room graph a loop must add a way round to (rooms
 * and corridor systems, joined by union-find as loops join them) and the
 * walks on foot that say whether a loop saves enough, and which room is
 * the lair; loops_dig.c and loops.c ask. */
#include "loops_int.h"

int32_t dg__loop_system_of(digger *g, int32_t at)
{
    int32_t l = g->label[at];
    return l ? dg__uf_find(g->parent, l) : 0;
}

dg_status dg__loop_new_label(digger *g, int32_t *out, dg_error *err)
{
    if (g->n_labels == g->cap_labels &&
        dg__grow((void **)&g->parent, &g->cap_labels, g->n_labels + 1, sizeof *g->parent, "digging loops", err) != DG_OK)
        return DG_ENOMEM;
    *out = (int32_t)g->n_labels;
    g->parent[g->n_labels] = (int32_t)g->n_labels;
    g->n_labels++;
    return DG_OK;
}

/* Each cell a corridor system's (1: open, neither room nor door) or not
 * (0), as a byte in `is` and as the cell's label until the pass below
 * gives it one, and the walks' stamps cleared on the way (every walk
 * takes a stamp of its own, above any left: dg__loop_walk and the rest
 * only ever compare with it, so clearing is always safe, and the pass
 * that writes every cell's label does it for a store a cell; a calloc of
 * its own was a second pass over as many bytes): a loop gcc does many
 * cells at a time when let, and made not to hand the stamps to memset. */
static inline __attribute__((always_inline)) void system_run(const uint32_t *restrict cell, int32_t *restrict label,
                                                            uint32_t *restrict stamp, unsigned char *restrict is,
                                                            size_t n)
{
    for (size_t k = 0; k < n; k++) {
        unsigned char y = (cell[k] & (DG_CORRIDOR | DG_DOORSPACE)) == DG_CORRIDOR;
        is[k] = y;
        label[k] = y;
        stamp[k] = 0;
    }
}

#if defined(__GNUC__) && !defined(__clang__)
#define ONE_PASS __attribute__((optimize("tree-vectorize", "no-tree-loop-distribute-patterns")))
#else
#define ONE_PASS DG__VECTORISED
#endif

ONE_PASS static void system_plain(const uint32_t *restrict cell, int32_t *restrict label, uint32_t *restrict stamp,
                                  unsigned char *restrict is, size_t n)
{
    system_run(cell, label, stamp, is, n);
}

#ifdef DG__AVX2
DG__AVX2 ONE_PASS static void system_wide(const uint32_t *restrict cell, int32_t *restrict label,
                                          uint32_t *restrict stamp, unsigned char *restrict is, size_t n)
{
    system_run(cell, label, stamp, is, n);
}
#endif
#undef ONE_PASS

/* Labels every corridor system (open cells that are neither room nor
 * door; every other cell 0) in one pass, row by row: a cell takes the
 * label of the cell west or north of it, a new one when neither is
 * corridor, and where both are and differ the two are joined
 * (union-find): dg__loop_system_of asks the root, so a system's cells
 * need not share one label. The cells that are a system's are found
 * first, all at once (system_run), and the pass visits only them, eight
 * cells' bytes read at a time: tested cell by cell, whether a cell was
 * corridor was a branch the maze made unpredictable (a sixteenth of a
 * loops=many donjon map's time in this pass). g->wq holds the bytes (free
 * till the first walk). */
dg_status dg__loop_label_systems(digger *g, dg_error *err)
{
    dg__build *b = g->b;
    int32_t *label = g->label;
    const int W = b->cols, H = b->rows;
    size_t cells = (size_t)W * (size_t)H;
    unsigned char *is = (unsigned char *)g->wq; /* cells * 4 bytes: room for the 8 past the last */
    int32_t zero;
    dg_status rc = dg__loop_new_label(g, &zero, err); /* label 0: no system */
    if (rc != DG_OK) return rc;
    DG__BY_CPU(system, b->cell, label, g->stamp, is, cells);
    memset(is + cells, 0, 8);
    for (int r = 0; r < H; r++) {
        size_t row = (size_t)r * (size_t)W;
        for (int c0 = 0; c0 < W; c0 += 8) {
            uint64_t m;
            memcpy(&m, is + row + (size_t)c0, 8);
            if (W - c0 < 8) m &= (UINT64_C(1) << (8 * (W - c0))) - 1; /* the next row's cells */
            for (; m; m &= m - 1) {
                int c = c0 + (int)(dg__ctz64(m) >> 3);
                size_t s = row + (size_t)c;
                int32_t west = c > 0 ? label[s - 1] : 0, north = r > 0 ? label[s - (size_t)W] : 0;
                if (!west && !north) {
                    if ((rc = dg__loop_new_label(g, &label[s], err)) != DG_OK) return rc;
                    continue;
                }
                label[s] = west ? west : north;
                if (west && north && west != north) {
                    int32_t x = dg__uf_find(g->parent, west), y = dg__uf_find(g->parent, north);
                    if (x != y) g->parent[x > y ? x : y] = x < y ? x : y;
                }
            }
        }
    }
    return rc;
}

/* Whether room `room` already has a way into system sys (a door onto it). */
bool dg__loop_room_meets(digger *g, int room, int32_t sys)
{
    dg__build *b = g->b;
    for (size_t k = 0; k < b->n_door; k++) {
        const dg__door *d = &b->door[k];
        if (d->room != room) continue;
        int r = d->r + dg_dir_dy(d->dir), c = d->c + dg_dir_dx(d->dir);
        if (dg__in(b, r, c) && dg__loop_system_of(g, dg__loop_at(b, r, c)) == sys) return true;
    }
    return false;
}

int dg__loop_rooms_shared_systems(digger *g, int a, int z)
{
    dg__build *b = g->b;
    int32_t first = -1;
    for (size_t k = 0; k < b->n_door; k++) {
        const dg__door *d = &b->door[k];
        if (d->room != a) continue;
        int r = d->r + dg_dir_dy(d->dir), c = d->c + dg_dir_dx(d->dir);
        if (!dg__in(b, r, c) || (b->cell[dg__loop_at(b, r, c)] & DG_ROOM)) continue;
        int32_t sys = dg__loop_system_of(g, dg__loop_at(b, r, c));
        if (sys == first || !dg__loop_room_meets(g, z, sys)) continue;
        if (first >= 0) return 2;
        first = sys;
    }
    return first >= 0;
}

static bool rooms_meet(const dg__build *b, int a, int z)
{
    for (size_t k = 0; k < b->n_door; k++)
        if ((b->door[k].room == a && b->door[k].other == z) || (b->door[k].room == z && b->door[k].other == a))
            return true;
    return false;
}

/* Whether joining open cells a and z (room floor or corridor) adds an
 * independent way round to the room graph: two rooms always (a new
 * corridor is a node of its own) unless `direct` and they already meet;
 * a room and a system it has no door to; two systems only in caves,
 * whose chambers are keyed later. */
bool dg__loop_adds_loop(digger *g, int32_t a, int32_t z, bool direct)
{
    dg__build *b = g->b;
    if (g->lair && (((b->cell[a] & DG_ROOM) && dg__room_id(b->cell[a]) == g->lair) ||
                    ((b->cell[z] & DG_ROOM) && dg__room_id(b->cell[z]) == g->lair)))
        return false; /* no more loops through the lair (loops.c's rounds) */
    if (g->through && ((b->cell[a] & DG_ROOM) || (b->cell[z] & DG_ROOM))) return true;
    return dg__loop_joins(g, a, z, direct);
}

bool dg__loop_joins(digger *g, int32_t a, int32_t z, bool direct)
{
    dg__build *b = g->b;
    bool ar = (b->cell[a] & DG_ROOM) != 0, zr = (b->cell[z] & DG_ROOM) != 0;
    if (ar && zr) {
        int ra = dg__room_id(b->cell[a]), rz = dg__room_id(b->cell[z]);
        return ra != rz && !(direct && rooms_meet(b, ra, rz));
    }
    if (ar || zr) {
        int room = dg__room_id(b->cell[ar ? a : z]);
        return !dg__loop_room_meets(g, room, dg__loop_system_of(g, ar ? z : a));
    }
    return b->cave && b->cave[a] && b->cave[z];
}

/* Steps on foot from open cell a to open cell z, or -1 when more than
 * `most` (the walk stops there: the loop saves enough). The walk ends at
 * the first cell `most` steps away, so z as far as that is found only
 * when the walk meets it first of those (full_walk keeps that rule). */
static int full_walk(digger *g, int32_t a, int32_t z, int most)
{
    dg__build *b = g->b;
    if (++g->now == 0) { /* the stamps wrapped: start them afresh */
        memset(g->stamp, 0, (size_t)b->rows * (size_t)b->cols * sizeof *g->stamp);
        g->now = 1;
    }
    size_t head = 0, tail = 0;
    g->wq[tail] = a;
    g->depth[tail++] = 0;
    g->stamp[a] = g->now;
    const uint32_t *cell = b->cell;
    uint32_t *stamp = g->stamp, now = g->now;
    const int W = b->cols, H = b->rows;
    if (!g->rim_open && (cell[a] & DG_OPENSPACE)) {
        /* nothing open on the map's rim (dg__dig_loops looked): an open
         * cell's four neighbours are on the map, and none is asked its
         * row and column (a division a cell, and a bound a side) */
        int32_t *wq = g->wq, *depth = g->depth;
        while (head < tail) {
            int32_t at = wq[head];
            int dep = depth[head++];
            if (at == z || dep >= most) {
                g->reached = tail;
                return at == z ? dep : -1;
            }
#define STEP(k)                                                                                                        \
    if ((cell[k] & DG_OPENSPACE) && stamp[k] != now) {                                                                 \
        stamp[k] = now;                                                                                                \
        wq[tail] = (k);                                                                                                \
        depth[tail++] = dep + 1;                                                                                       \
    }
            STEP(at - W)
            STEP(at + W)
            STEP(at - 1)
            STEP(at + 1)
#undef STEP
        }
        g->reached = tail;
        return -1;
    }
    while (head < tail) {
        int32_t at = g->wq[head];
        int dep = g->depth[head++];
        g->reached = tail;
        if (at == z) return dep;
        if (dep >= most) return -1;
        int r = at / W, c = at - r * W;
        /* north, south, west, east: the order the walk meets cells in is
         * the order far_room reads */
        int32_t nb[4] = {r > 0 ? at - W : -1, r < H - 1 ? at + W : -1, c > 0 ? at - 1 : -1, c < W - 1 ? at + 1 : -1};
        for (int d = 0; d < 4; d++) {
            int32_t k = nb[d];
            if (k < 0 || !(cell[k] & DG_OPENSPACE) || stamp[k] == now) continue;
            stamp[k] = now;
            g->wq[tail] = k;
            g->depth[tail++] = dep + 1;
        }
    }
    g->reached = tail;
    return -1;
}

/* full_walk's answer for a z on the map, walked from both ends at once
 * (a level of the smaller side at a time) through only the cells a way of
 * `most` steps or fewer can pass (those no farther from the far end,
 * counted square by square, than the steps left): the answers agree but
 * for z exactly `most` steps away, where the full walk is asked. A cell's
 * stamp says which end reached it and in how many steps (base + 2 steps +
 * side), so one array serves both. */
/* full_walk's for z < 0 and no bound (far_room's, the design's): every
 * cell reached, in the same order, without the checks a bound asks for
 * each cell (a third of a loops=many donjon map's walking). */
#define STEP_ALL(k)                                                                                                    \
    if ((cell[k] & DG_OPENSPACE) && stamp[k] != now) {                                                                 \
        stamp[k] = now;                                                                                                \
        wq[tail] = (k);                                                                                                \
        depth[tail++] = next;                                                                                          \
    }
static void walk_everywhere(digger *g, int32_t a)
{
    dg__build *b = g->b;
    if (++g->now == 0) { /* the stamps wrapped: start them afresh */
        memset(g->stamp, 0, (size_t)b->rows * (size_t)b->cols * sizeof *g->stamp);
        g->now = 1;
    }
    int32_t *wq = g->wq, *depth = g->depth;
    uint32_t *stamp = g->stamp, now = g->now;
    const uint32_t *cell = b->cell;
    const int W = b->cols, H = b->rows;
    size_t head = 0, tail = 0;
    wq[tail] = a;
    depth[tail++] = 0;
    stamp[a] = now;
    /* nothing open on the map's edge (most maps): an open cell's four
     * neighbours are on the map, and no bound is asked */
    bool rim = false;
    for (int c = 0; c < W && !rim; c++) rim = ((cell[c] | cell[(size_t)(H - 1) * (size_t)W + (size_t)c]) & DG_OPENSPACE) != 0;
    for (int r = 0; r < H && !rim; r++) rim = ((cell[(size_t)r * (size_t)W] | cell[(size_t)r * (size_t)W + (size_t)W - 1]) & DG_OPENSPACE) != 0;
    if (!rim && (cell[a] & DG_OPENSPACE)) {
        while (head < tail) {
            int32_t at = wq[head];
            int next = depth[head++] + 1;
            STEP_ALL(at - W)
            STEP_ALL(at + W)
            STEP_ALL(at - 1)
            STEP_ALL(at + 1)
        }
        g->reached = tail;
        return;
    }
    while (head < tail) {
        int32_t at = wq[head];
        int next = depth[head++] + 1;
        int r = at / W, c = at - r * W;
#define STEP(ok, k)                                                                                                    \
    if ((ok) && (cell[k] & DG_OPENSPACE) && stamp[k] != now) {                                                        \
        stamp[k] = now;                                                                                                \
        wq[tail] = (k);                                                                                                \
        depth[tail++] = next;                                                                                          \
    }
        /* north, south, west, east: full_walk's order */
        STEP(r > 0, at - W)
        STEP(r < H - 1, at + W)
        STEP(c > 0, at - 1)
        STEP(c < W - 1, at + 1)
#undef STEP
    }
    g->reached = tail;
}
#undef STEP_ALL

/* One level of side s of dg__loop_walk's walk from both ends: the cells
 * of the level (queue qs from *head up to the tail as it stood), each
 * side met north, south, west, east; best: the shortest meeting found.
 * Made once for each side (s a constant), so that the side's queue, ends
 * and far end stay in registers (indexed by s they were read from the
 * stack again at every cell). */
static inline __attribute__((always_inline)) void
walk_level(const uint32_t *restrict cell, uint32_t *restrict stamp, int32_t *restrict qs, size_t *head, size_t *tail,
           uint32_t base, uint32_t range, int W, int H, bool rim_closed, int s, int d, int fr, int fc, int most,
           int *best)
{
    size_t h = *head, t = *tail;
    int b = *best;
    for (size_t end = t; h < end;) {
        int32_t at = qs[h++];
        int r = at / W, c = at - r * W;
        /* the far end's distance counted square by square: at's, and a
         * step changes it by one either way */
        int left = (r > fr ? r - fr : fr - r) + (c > fc ? c - fc : fc - c);
        /* a neighbour k, its square distance left + dl: met from the
         * other side, or queued when a way through it can be short
         * enough; off the map (ok false) or closed, nothing */
#define MEET(ok, k, dl)                                                                                                \
    if ((ok) && (cell[k] & DG_OPENSPACE)) {                                                                            \
        uint32_t v = stamp[k] - base;                                                                                  \
        if (v < range) {                                                                                               \
            if ((int)(v & 1) != s && d + 1 + (int)(v >> 1) < b) b = d + 1 + (int)(v >> 1);                             \
        } else if (d + 1 + left + (dl) <= most) {                                                                      \
            stamp[k] = base + 2u * (uint32_t)(d + 1) + (uint32_t)s;                                                    \
            qs[t++] = (k);                                                                                             \
        }                                                                                                              \
    }
        /* north, south, west, east; with no open cell on the map's
         * rim an open cell's neighbours are all on the map */
        MEET(rim_closed || r > 0, at - W, r > fr ? -1 : 1)
        MEET(rim_closed || r < H - 1, at + W, r < fr ? -1 : 1)
        MEET(rim_closed || c > 0, at - 1, c > fc ? -1 : 1)
        MEET(rim_closed || c < W - 1, at + 1, c < fc ? -1 : 1)
#undef MEET
    }
    *head = h;
    *tail = t;
    *best = b;
}

int dg__loop_walk(digger *g, int32_t a, int32_t z, int most)
{
    dg__build *b = g->b;
    if (z < 0 && most == INT32_MAX) {
        walk_everywhere(g, a);
        return -1;
    }
    if (z < 0 || most == INT32_MAX) return full_walk(g, a, z, most);
    if (a == z) return 0;
    uint32_t range = 2u * (uint32_t)most + 4u;
    if (g->now > UINT32_MAX - range - 2) { /* the stamps would wrap: start them afresh */
        memset(g->stamp, 0, (size_t)b->rows * (size_t)b->cols * sizeof *g->stamp);
        g->now = 0;
    }
    uint32_t base = g->now + 1, *stamp = g->stamp;
    g->now = base + range;
    const uint32_t *cell = b->cell;
    const int W = b->cols, H = b->rows;
    int32_t *qa = g->wq, *qz = g->depth; /* a's side, z's side */
    size_t head_a = 0, head_z = 0, tail_a = 1, tail_z = 1;
    int level_a = 0, level_z = 0;
    qa[0] = a;
    qz[0] = z;
    stamp[a] = base;
    stamp[z] = base + 1;
    int best = INT32_MAX;
    const bool rim_closed = !g->rim_open;
    while (head_a < tail_a && head_z < tail_z) {
        /* no meeting yet: the way is longer than both levels together */
        if (level_a + level_z >= most) return -1;
        /* the smaller side walks a level: a's walks towards z, z's towards a */
        if (tail_a - head_a <= tail_z - head_z) {
            if (rim_closed)
                walk_level(cell, stamp, qa, &head_a, &tail_a, base, range, W, H, true, 0, level_a, z / W, z % W, most,
                           &best);
            else
                walk_level(cell, stamp, qa, &head_a, &tail_a, base, range, W, H, false, 0, level_a, z / W, z % W, most,
                           &best);
            level_a++;
        } else {
            if (rim_closed)
                walk_level(cell, stamp, qz, &head_z, &tail_z, base, range, W, H, true, 1, level_z, a / W, a % W, most,
                           &best);
            else
                walk_level(cell, stamp, qz, &head_z, &tail_z, base, range, W, H, false, 1, level_z, a / W, a % W, most,
                           &best);
            level_z++;
        }
        /* the shortest way meets the level just walked, if it is that short */
        if (best != INT32_MAX) return best < most ? best : best == most ? full_walk(g, a, z, most) : -1;
    }
    return -1;
}

/* Doors into room id. */
int dg__loop_ways_in(const dg__build *b, int id)
{
    int n = 0;
    for (size_t k = 0; k < b->n_door; k++) n += b->door[k].room == id || b->door[k].other == id;
    return n;
}

/* Room id's cells as finish.c counts them: the area the finished map's
 * room will have. */
static int build_area(const void *ctx, int id) { return (int)dg__room_box_cells(ctx, id); }

/* The lair (lair.c's rule: the biggest of the rooms farthest on foot)
 * from where the party comes in (the first up stair, else the first exit,
 * else room 1: cycles.c's entrance), each room's steps its nearest
 * cell's: cycles.c's lair, which keeps the one way in a lock can bar
 * (cycles.c walls up others). */
int dg__loop_far_room(digger *g)
{
    dg__build *b = g->b;
    int32_t from = -1;
    for (size_t k = 0; k < b->n_stair && from < 0; k++)
        if (dg__get(b, b->stair[k].y, b->stair[k].x) & DG_STAIR_UP) from = dg__loop_at(b, b->stair[k].y, b->stair[k].x);
    if (from < 0 && b->n_exit) from = dg__loop_at(b, b->exit[0].y, b->exit[0].x);
    size_t cells = (size_t)b->rows * (size_t)b->cols;
    for (size_t k = 0; k < cells && from < 0; k++)
        if ((b->cell[k] & DG_ROOM) && dg__room_id(b->cell[k]) == 1) from = (int32_t)k;
    if (from < 0) return 0;
    dg__loop_walk(g, from, -1, INT32_MAX);
    for (size_t i = 0; i <= b->n_room; i++) g->room_step[i] = -1;
    /* the walk meets a room's nearest cell first */
    for (size_t k = 0; k < g->reached; k++) {
        int32_t at = g->wq[k];
        if (!(b->cell[at] & DG_ROOM)) continue;
        int id = dg__room_id(b->cell[at]);
        if (id > 0 && (size_t)id <= b->n_room && g->room_step[id] < 0) g->room_step[id] = g->depth[k];
    }
    return dg__lair_pick(b->n_room, g->room_step + 1, build_area, b);
}
