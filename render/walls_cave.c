/* walls_cave.c -- walls.c's path for maps with caves: walls follow the cave
 * outline png.c draws (cave_draw.c's refinement, handed over as a
 * dr__cave_grid) instead of the cells' edges. Which solids are objects,
 * where portals go and the chaining into polylines stay walls.c's.
 *
 * On the sub-cell lattice (units of 1/sub cell; sub is 16 at usual sizes):
 *   trace    every boundary between open and rock sub-cells, as closed loops
 *            with the open side on the left. Where two open sub-cells touch
 *            only at a corner the loop turns towards the one it came along,
 *            so a loop bounds one 4-connected open region and one
 *            8-connected rock piece; the piece is structure (not an object)
 *            when any of its sub-cells lies outside the map or in a
 *            structural solid cell.
 *   square   a step on a cell edge with no shaped cell (free_cells) on
 *            either side is the cell boundary itself and is kept exactly:
 *            its corners, and the points where it meets the outline -- always
 *            cell corners, so caves join rooms and corridors exactly there.
 *   outline  the other steps, a staircase of sub-cell edges, simplified
 *            between fixed ends (Douglas-Peucker, iterative) into straight
 *            walls at any angle, every staircase corner within TOL_Q / 4
 *            sub-cells of its wall's line. A loop with no fixed point is cut at its first
 *            corner and the corner farthest from it; a loop that would
 *            shrink below a triangle keeps all its corners.
 *   breaks   only at portal ends (the cells round a door stay square, so
 *            those lie on square steps): collinear walls that touch end to
 *            end are merged, across loops too, so runs go straight through
 *            corner contacts as in walls.c; a wall and its exact twin (a
 *            spike the simplification flattened) both go.
 * Integer arithmetic throughout (the one square root is corrected to the
 * exact integer), so the walls are the same on every machine. No recursion. */
#include <assert.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"

/* Simplification tolerance in quarters of a sub-cell: 1.5 sub-cells, 3/32
 * of a cell at sub 16 (7 px at the default ppg). One sub-cell gave 45x23
 * caverns maps about 560 walls, 1.5 about 350, 2 about 260. */
#define TOL_Q 6

/* Directions, counter-clockwise on screen (y down). */
enum { DIR_E, DIR_N, DIR_W, DIR_S };
static const int DX[4] = {1, 0, -1, 0}, DY[4] = {0, -1, 0, 1};
/* The sub-cell at corner k of a lattice point: SE, NE, NW, SW. Leaving a
 * point in direction d, corner d + 1 is on the left and corner d on the right. */
static const int QX[4] = {0, 0, -1, -1}, QY[4] = {0, -1, -1, 0};

typedef struct {
    int x, y;
    unsigned char dir;
    bool outline; /* a step of the drawn outline, not of a square cell edge */
} step;

typedef struct {
    const dg_dungeon *d;
    const dr__cave_grid *g;
    const unsigned char *cls;
    unsigned char wall_bit;
    int s, fw, fh;            /* sub, fine grid size in sub-cells */
    unsigned char *seen;      /* per lattice point: 1 east edge traced, 2 south edge traced */
    uint64_t *ends;           /* portal ends as lattice keys, sorted */
    size_t n_ends;
    step *st;                 /* the loop being traced, one entry per unit step */
    size_t n, cap;
    size_t *cand;             /* its corners and fixed points (step indices) */
    unsigned char *keep;      /* per candidate: fixed or kept by the simplification */
    size_t nc, ccap, kcap;
    size_t *work;             /* anchors, then the simplification's stack of ranges */
    size_t wn, wcap;
    dr__walls *w;
    size_t wallcap;
} tracer;

static uint64_t key(const tracer *t, int x, int y)
{
    return (uint64_t)y * (uint64_t)(t->fw + 1) + (uint64_t)x;
}

/* fx in -1..fw, fy in -1..fh: the border is rock. */
static bool open_sub(const tracer *t, int fx, int fy)
{
    return t->g->open[(size_t)(fy + 1) * t->g->stride + (size_t)(fx + 1)] != 0;
}

static bool inside(const tracer *t, int fx, int fy)
{
    return fx >= 0 && fy >= 0 && fx < t->fw && fy < t->fh;
}

static size_t cell_of(const tracer *t, int fx, int fy)
{
    return (size_t)(fy / t->s) * (size_t)t->d->width + (size_t)(fx / t->s);
}

static bool shaped(const tracer *t, int fx, int fy)
{
    return inside(t, fx, fy) && t->g->free_cells[cell_of(t, fx, fy)];
}

static bool structural(const tracer *t, int fx, int fy)
{
    return !inside(t, fx, fy) || (t->cls[cell_of(t, fx, fy)] & t->wall_bit);
}

/* Whether the boundary leaves lattice point (x, y) in direction d. */
static bool can_go(const tracer *t, int x, int y, int d)
{
    int l = (d + 1) & 3;
    return open_sub(t, x + QX[l], y + QY[l]) && !open_sub(t, x + QX[d], y + QY[d]);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static bool portal_end(const tracer *t, int x, int y)
{
    uint64_t k = key(t, x, y);
    return t->n_ends && bsearch(&k, t->ends, t->n_ends, sizeof k, cmp_u64);
}

/* ----------------------------------------------------------- one loop */

/* Follows the loop whose first step leaves (x, y) in direction d into t->st;
 * *structure: its rock piece is structure. */
static bool trace_loop(tracer *t, int x, int y, int d, bool *structure)
{
    t->n = 0;
    *structure = false;
    for (;;) {
        /* the edge of this step, marked at its west or north end */
        int ex = d == DIR_W ? x - 1 : x, ey = d == DIR_N ? y - 1 : y;
        unsigned char bit = d == DIR_E || d == DIR_W ? 1 : 2;
        unsigned char *m = &t->seen[key(t, ex, ey)];
        if (*m & bit) return true; /* back at the first step */
        *m |= bit;
        if (dg__grow((void **)&t->st, &t->cap, t->n + 1, sizeof *t->st, NULL, NULL) != DG_OK) return false;
        int l = (d + 1) & 3;
        int lx = x + QX[l], ly = y + QY[l], rx = x + QX[d], ry = y + QY[d];
        t->st[t->n++] = (step){x, y, (unsigned char)d, shaped(t, lx, ly) || shaped(t, rx, ry)};
        *structure = *structure || structural(t, rx, ry);
        x += DX[d];
        y += DY[d];
        /* left first: hug the open side where two open sub-cells touch at a corner */
        static const int turn[3] = {1, 0, 3};
        int nd = -1;
        for (int k = 0; k < 3 && nd < 0; k++)
            if (can_go(t, x, y, (d + turn[k]) & 3)) nd = (d + turn[k]) & 3;
        assert(nd >= 0); /* a boundary never ends */
        if (nd < 0) return true;
        d = nd;
    }
}

static dg_point cand_pt(const tracer *t, size_t unrolled)
{
    const step *s = &t->st[t->cand[unrolled % t->nc]];
    return (dg_point){s->x, s->y};
}

/* floor(sqrt(v)), exactly. */
static uint64_t isqrt(uint64_t v)
{
    uint64_t r = (uint64_t)sqrt((double)v);
    while (r > 0 && r * r > v) r--;
    while ((r + 1) * (r + 1) <= v) r++;
    return r;
}

/* Douglas-Peucker on the candidates strictly between unrolled indices lo
 * and hi, which are kept: keeps the farthest from the chord while it is
 * more than TOL away, then both halves. Uses t->work past t->wn. */
static bool simplify(tracer *t, size_t lo, size_t hi)
{
    size_t base = t->wn;
    if (dg__grow((void **)&t->work, &t->wcap, t->wn + 2, sizeof *t->work, NULL, NULL) != DG_OK) return false;
    t->work[t->wn++] = lo;
    t->work[t->wn++] = hi;
    while (t->wn > base) {
        size_t b = t->work[--t->wn], a = t->work[--t->wn];
        if (b - a < 2) continue;
        dg_point pa = cand_pt(t, a), pb = cand_pt(t, b);
        int64_t ux = pb.x - pa.x, uy = pb.y - pa.y;
        bool chord = ux || uy;
        uint64_t best = 0;
        size_t at = a;
        for (size_t k = a + 1; k < b; k++) {
            dg_point pk = cand_pt(t, k);
            int64_t vx = pk.x - pa.x, vy = pk.y - pa.y;
            int64_t c = chord ? ux * vy - uy * vx : vx * vx + vy * vy;
            uint64_t m = (uint64_t)(c < 0 ? -c : c);
            if (m > best) {
                best = m;
                at = k;
            }
        }
        /* |cross| / |chord| > TOL_Q / 4, i.e. (4 cross)^2 > TOL_Q^2 chord^2;
         * or, round a sub-loop that comes back to its start, (4 d)^2 > TOL_Q^2 */
        uint64_t t2 = (uint64_t)TOL_Q * TOL_Q;
        bool far = chord ? 4 * best > isqrt(t2 * (uint64_t)(ux * ux + uy * uy)) : 16 * best > t2;
        if (!far) continue;
        t->keep[at % t->nc] = 1;
        if (dg__grow((void **)&t->work, &t->wcap, t->wn + 4, sizeof *t->work, NULL, NULL) != DG_OK) return false;
        t->work[t->wn++] = a;
        t->work[t->wn++] = at;
        t->work[t->wn++] = at;
        t->work[t->wn++] = b;
    }
    return true;
}

static bool add_wall(tracer *t, dg_point a, dg_point b, bool object)
{
    if (a.x == b.x && a.y == b.y) return true;
    if (a.x > b.x || (a.x == b.x && a.y > b.y)) {
        dg_point c = a;
        a = b;
        b = c;
    }
    if (dg__grow((void **)&t->w->walls, &t->wallcap, t->w->n_walls + 1, sizeof *t->w->walls, NULL, NULL) != DG_OK) return false;
    t->w->walls[t->w->n_walls++] = (dr__wall){a.x, a.y, b.x, b.y, object};
    return true;
}

/* The traced loop in t->st as walls. */
static bool loop_walls(tracer *t, bool object)
{
    size_t n = t->n;
    t->nc = 0;
    for (size_t i = 0; i < n; i++) {
        const step *p = &t->st[i ? i - 1 : n - 1], *s = &t->st[i];
        bool corner = p->dir != s->dir;
        bool fixed = p->outline != s->outline || (corner && !s->outline) || portal_end(t, s->x, s->y);
        if (!corner && !fixed) continue;
        if (dg__grow((void **)&t->cand, &t->ccap, t->nc + 1, sizeof *t->cand, NULL, NULL) != DG_OK ||
            dg__grow((void **)&t->keep, &t->kcap, t->nc + 1, sizeof *t->keep, NULL, NULL) != DG_OK)
            return false;
        t->cand[t->nc] = i;
        t->keep[t->nc++] = fixed;
    }
    size_t m = t->nc, first = m;
    if (!m) return true;
    for (size_t i = 0; i < m && first == m; i++)
        if (t->keep[i]) first = i;
    if (first == m) { /* all outline: cut at the first corner and the farthest from it */
        dg_point a = cand_pt(t, 0);
        int64_t best = -1;
        for (size_t k = 1; k < m; k++) {
            dg_point p = cand_pt(t, k);
            int64_t d2 = (int64_t)(p.x - a.x) * (p.x - a.x) + (int64_t)(p.y - a.y) * (p.y - a.y);
            if (d2 > best) {
                best = d2;
                first = k;
            }
        }
        t->keep[0] = t->keep[first] = 1;
        first = 0;
    }
    /* the anchors, unrolled from the first, then each stretch between two */
    t->wn = 0;
    for (size_t k = first; k < first + m; k++) {
        if (!t->keep[k % m]) continue;
        if (dg__grow((void **)&t->work, &t->wcap, t->wn + 1, sizeof *t->work, NULL, NULL) != DG_OK) return false;
        t->work[t->wn++] = k;
    }
    size_t anchors = t->wn;
    for (size_t i = 0; i < anchors; i++)
        if (!simplify(t, t->work[i], i + 1 < anchors ? t->work[i + 1] : first + m)) return false;
    size_t kept = 0;
    for (size_t k = 0; k < m; k++) kept += t->keep[k];
    if (kept < 3) memset(t->keep, 1, m); /* too small to simplify */
    dg_point prev = cand_pt(t, first), start = prev;
    for (size_t k = first + 1; k < first + m; k++) {
        if (!t->keep[k % m]) continue;
        dg_point p = cand_pt(t, k);
        if (!add_wall(t, prev, p, object)) return false;
        prev = p;
    }
    return add_wall(t, prev, start, object);
}

/* ------------------------------------------------------ merging, order */

typedef struct {
    uint64_t key;
    uint32_t ref; /* wall * 2 + end */
} endpoint;

static int cmp_end(const void *a, const void *b)
{
    const endpoint *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return (x->ref > y->ref) - (x->ref < y->ref);
}

static dg_point end_pt(const dr__wall *w, uint32_t ref)
{
    const dr__wall *s = &w[ref >> 1];
    return (ref & 1) ? (dg_point){s->x1, s->y1} : (dg_point){s->x0, s->y0};
}

/* Walls a and b (by their ends at one point p) continue each other. */
static bool through(const dr__wall *w, uint32_t a, uint32_t b)
{
    if (w[a >> 1].object != w[b >> 1].object) return false;
    dg_point p = end_pt(w, a), qa = end_pt(w, a ^ 1u), qb = end_pt(w, b ^ 1u);
    int64_t ux = qa.x - p.x, uy = qa.y - p.y, vx = qb.x - p.x, vy = qb.y - p.y;
    return ux * vy - uy * vx == 0 && ux * vx + uy * vy < 0;
}

#define NO_REF UINT32_MAX

/* Collinear walls touching end to end, away from portal ends, become one. */
static bool merge(tracer *t)
{
    dr__walls *w = t->w;
    size_t n = w->n_walls;
    if (!n) return true;
    if (n > (size_t)(UINT32_MAX / 2) - 1) return false;
    endpoint *ends = dg__malloc(2 * n * sizeof *ends);
    uint32_t *link = dg__malloc(2 * n * sizeof *link);
    unsigned char *used = dg__calloc(n, 1);
    dr__wall *out = dg__malloc(n * sizeof *out);
    bool ok = ends && link && used && out;
    size_t m = 0;
    if (!ok) goto done;
    for (uint32_t r = 0; r < 2 * n; r++) {
        dg_point p = end_pt(w->walls, r);
        ends[r] = (endpoint){key(t, p.x, p.y), r};
        link[r] = NO_REF;
    }
    qsort(ends, 2 * n, sizeof *ends, cmp_end);
    for (size_t i = 0, j; i < 2 * n; i = j) {
        for (j = i + 1; j < 2 * n && ends[j].key == ends[i].key; j++) {}
        dg_point p = end_pt(w->walls, ends[i].ref);
        if (j - i < 2 || portal_end(t, p.x, p.y)) continue;
        for (size_t a = i; a < j; a++)
            for (size_t b = a + 1; b < j && link[ends[a].ref] == NO_REF; b++)
                if (link[ends[b].ref] == NO_REF && through(w->walls, ends[a].ref, ends[b].ref)) {
                    link[ends[a].ref] = ends[b].ref;
                    link[ends[b].ref] = ends[a].ref;
                }
    }
    for (size_t i = 0; i < n; i++) {
        if (used[i]) continue;
        /* back to the free end of the run, then along it */
        uint32_t e = (uint32_t)(2 * i);
        for (size_t guard = 0; link[e] != NO_REF && guard < n; guard++) e = link[e] ^ 1u;
        dg_point a = end_pt(w->walls, e);
        uint32_t o = e ^ 1u;
        used[e >> 1] = 1;
        for (size_t guard = 0; link[o] != NO_REF && guard < n; guard++) {
            used[link[o] >> 1] = 1;
            o = link[o] ^ 1u;
        }
        dg_point b = end_pt(w->walls, o);
        if (a.x > b.x || (a.x == b.x && a.y > b.y)) {
            dg_point c = a;
            a = b;
            b = c;
        }
        out[m++] = (dr__wall){a.x, a.y, b.x, b.y, w->walls[i].object};
    }
    dg__free(w->walls);
    w->walls = out;
    w->n_walls = m;
    t->wallcap = n;
    out = NULL;
done:
    dg__free(ends);
    dg__free(link);
    dg__free(used);
    dg__free(out);
    return ok;
}

static int cmp_exact(const void *a, const void *b)
{
    const dr__wall *s = a, *u = b;
    if (s->x0 != u->x0) return s->x0 < u->x0 ? -1 : 1;
    if (s->y0 != u->y0) return s->y0 < u->y0 ? -1 : 1;
    if (s->x1 != u->x1) return s->x1 < u->x1 ? -1 : 1;
    if (s->y1 != u->y1) return s->y1 < u->y1 ? -1 : 1;
    return (int)s->object - (int)u->object;
}

/* horizontal by (y, x), vertical by (x, y), then the rest, as walls.c's order */
static int cmp_order(const void *a, const void *b)
{
    const dr__wall *s = a, *u = b;
    int ks = s->y0 == s->y1 ? 0 : s->x0 == s->x1 ? 1 : 2;
    int ku = u->y0 == u->y1 ? 0 : u->x0 == u->x1 ? 1 : 2;
    if (ks != ku) return ks - ku;
    if (ks == 0 && s->y0 != u->y0) return s->y0 < u->y0 ? -1 : 1;
    return cmp_exact(a, b);
}

/* A wall and its exact twin both go: an out-and-back spike, no area. */
static void drop_twins(dr__walls *w)
{
    if (!w->n_walls) return;
    qsort(w->walls, w->n_walls, sizeof *w->walls, cmp_exact);
    size_t m = 0;
    for (size_t i = 0; i < w->n_walls;) {
        if (i + 1 < w->n_walls && !cmp_exact(&w->walls[i], &w->walls[i + 1])) {
            i += 2;
            continue;
        }
        w->walls[m++] = w->walls[i++];
    }
    w->n_walls = m;
    qsort(w->walls, w->n_walls, sizeof *w->walls, cmp_order);
}

/* ---------------------------------------------------------------- entry */

bool dr__walls_cave(const dg_dungeon *d, const dr__cave_grid *g, const unsigned char *cls,
                    unsigned char wall_bit, dr__walls *w)
{
    tracer t = {.d = d, .g = g, .cls = cls, .wall_bit = wall_bit, .s = g->sub,
                .fw = d->width * g->sub, .fh = d->height * g->sub, .w = w};
    t.seen = dg__calloc((size_t)(t.fw + 1) * (size_t)(t.fh + 1), 1);
    t.ends = dg__malloc((2 * w->n_portals + 1) * sizeof *t.ends);
    bool ok = t.seen && t.ends;
    for (size_t i = 0; ok && i < w->n_portals; i++) {
        const dr__portal *p = &w->portals[i];
        t.ends[t.n_ends++] = key(&t, p->x0, p->y0);
        t.ends[t.n_ends++] = key(&t, p->x1, p->y1);
    }
    if (ok && t.n_ends) qsort(t.ends, t.n_ends, sizeof *t.ends, cmp_u64);
    /* every loop has a horizontal step: start one at each untraced horizontal edge */
    for (int y = 0; ok && y <= t.fh; y++)
        for (int x = 0; ok && x < t.fw; x++) {
            bool above = open_sub(&t, x, y - 1);
            if (above == open_sub(&t, x, y) || (t.seen[key(&t, x, y)] & 1)) continue;
            bool structure;
            ok = above ? trace_loop(&t, x, y, DIR_E, &structure)
                       : trace_loop(&t, x + 1, y, DIR_W, &structure);
            if (ok) ok = loop_walls(&t, !structure);
        }
    if (ok) ok = merge(&t);
    if (ok) drop_twins(w);
    dg__free(t.seen);
    dg__free(t.ends);
    dg__free(t.st);
    dg__free(t.cand);
    dg__free(t.keep);
    dg__free(t.work);
    return ok;
}
