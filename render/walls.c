/* walls.c -- the wall and door geometry shared by the VTT-facing encoders
 * (vtt.c's Universal VTT and Foundry documents, json.c's `walls`): the
 * boundary between walkable and solid cells as maximal straight runs,
 * chained into closed polylines, and one portal per door. Turning it into
 * bytes is left to those encoders.
 *
 * Cell words are read, never room outlines, so every algorithm family gets
 * walls. A room's outline is the boundary of its cells, so its walls follow
 * it exactly, on the cell edges where the PNG draws them. Caves are the one
 * place the drawing leaves the cell edges: a map with caves goes to
 * walls_cave.c, which traces the outline the PNG draws at cell = ppg
 * (cave_draw.c's refinement) in 1/sub cell units -- walls at any angle there,
 * the rules below everywhere else; this file keeps the cells' classes, the
 * portals (scaled to those units) and the chaining.
 *
 * The rules, in half-cell units (2 x cell coordinates):
 *   walkable   DG_ROOM|DG_CORRIDOR; the player view makes a secret door
 *              solid, as the PNG draws it. Outside the map is solid, so the
 *              map edge is walled even at an exit: a VTT scene ends there.
 *   wall       a maximal straight run of unit edges with walkable on one side
 *              and solid on the other. A run goes straight through a point
 *              where two solids touch corner to corner, and breaks only at a
 *              portal's end, so no two touching collinear walls could be one.
 *   portal     every door but an archway (an opening), crossing its cell
 *              through the middle, across the passage -- where the PNG draws
 *              the leaf. Its ends are the midpoints of the cell's side edges:
 *              the side walls break there, so walls end at doors.
 *   polyline   around every vertex end either no wall or exactly two (a
 *              corner, or a portal end), so the walls chain into closed loops
 *              (a cave outline may touch itself at a point: four ends there,
 *              paired in turn).
 *   object     a wall around solid that does not reach the map edge
 *              (8-connected: corner contact counts) and stands in room floor
 *              only -- every walkable cell beside it is a room cell: a pillar,
 *              a rock island in a cave room. Rock ringed by corridors stays
 *              wall: importers may leave objects out, and it must block sight.
 * No recursion; the flood fill and the sorts use heap arrays. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"

/* per-cell flags; C_WALL: solid that is structure, not an object */
enum { C_OPEN = 1, C_WALL = 2, C_PORTAL = 4, C_SEEN = 8 };

typedef struct {
    const dg_dungeon *d;
    bool player;
    int w, h;
    unsigned char *cls;
} grid;

static bool in(const grid *g, int x, int y) { return x >= 0 && y >= 0 && x < g->w && y < g->h; }

static unsigned char *at(const grid *g, int x, int y)
{
    return &g->cls[(size_t)y * (size_t)g->w + (size_t)x];
}

static bool open_at(const grid *g, int x, int y) { return in(g, x, y) && (*at(g, x, y) & C_OPEN); }


/* Doubles *cap (from 64) until n + 1 items of size sz fit in *p. */
static bool grow(void **p, size_t *cap, size_t n, size_t sz)
{
    if (n < *cap) return true;
    size_t c = *cap ? *cap * 2 : 64;
    if (c > SIZE_MAX / sz) return false;
    void *q = realloc(*p, c * sz);
    if (!q) return false;
    *p = q;
    *cap = c;
    return true;
}

/* ------------------------------------------------------------ the grid */

typedef struct {
    uint32_t *v;
    size_t n, cap;
} stack;

static bool push(stack *s, const grid *g, int x, int y, unsigned char mark)
{
    if (!grow((void **)&s->v, &s->cap, s->n, sizeof *s->v)) return false;
    *at(g, x, y) |= mark;
    s->v[s->n++] = (uint32_t)((size_t)y * (size_t)g->w + (size_t)x);
    return true;
}

/* Marks `mark` on every solid cell 8-connected to the cells already on s
 * (themselves marked) and not yet carrying `mark`; with `keep`, the cells
 * stay listed in s->v[from..] for the caller. Cells off the map border look
 * at their neighbours by offset, without bounds checks: this fill runs over
 * most of a map, and is a good part of an encode. */
static bool flood(stack *s, const grid *g, unsigned char mark, size_t from, bool keep)
{
    const uint32_t w = (uint32_t)g->w, h = (uint32_t)g->h;
    const ptrdiff_t off[8] = {-(ptrdiff_t)w - 1, -(ptrdiff_t)w, -(ptrdiff_t)w + 1, -1, 1,
                              (ptrdiff_t)w - 1,  (ptrdiff_t)w,  (ptrdiff_t)w + 1};
    const unsigned char stop = (unsigned char)(C_OPEN | mark);
    for (size_t i = from; keep ? i < s->n : s->n > from;) {
        uint32_t c = keep ? s->v[i++] : s->v[--s->n];
        uint32_t x = c % w, y = c / w;
        if (x > 0 && y > 0 && x + 1 < w && y + 1 < h) {
            /* at most 8 pushes: make room once */
            if (s->n + 8 > s->cap && !grow((void **)&s->v, &s->cap, s->n + 7, sizeof *s->v))
                return false;
            for (int k = 0; k < 8; k++) {
                uint32_t nc = (uint32_t)((ptrdiff_t)c + off[k]);
                if (g->cls[nc] & stop) continue;
                g->cls[nc] |= mark;
                s->v[s->n++] = nc;
            }
            continue;
        }
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int nx = (int)x + dx, ny = (int)y + dy;
                if (!in(g, nx, ny) || (*at(g, nx, ny) & stop)) continue;
                if (!push(s, g, nx, ny, mark)) return false;
            }
    }
    return true;
}

/* flood without `keep`, a row run at a time (a scanline fill): each seed
 * spreads west and east along its row, and the rows above and below get one
 * seed per unmarked solid run they share with it, widened by a cell each
 * way for corner contact. The edge fill covers most of a map; this looks at
 * a cell about three times instead of eight. Marks the same cells. */
static bool flood_runs(stack *s, const grid *g, unsigned char mark)
{
    const int w = g->w, h = g->h;
    const unsigned char stop = (unsigned char)(C_OPEN | mark);
    unsigned char *cls = g->cls;
    while (s->n) {
        uint32_t c = s->v[--s->n];
        int x = (int)(c % (uint32_t)w), y = (int)(c / (uint32_t)w);
        unsigned char *row = cls + (size_t)y * (size_t)w;
        int l = x, r = x;
        while (l > 0 && !(row[l - 1] & stop)) row[--l] |= mark;
        while (r + 1 < w && !(row[r + 1] & stop)) row[++r] |= mark;
        int a = l > 0 ? l - 1 : 0, b = r + 1 < w ? r + 1 : w - 1;
        for (int ny = y - 1; ny <= y + 1; ny += 2) {
            if (ny < 0 || ny >= h) continue;
            unsigned char *nr = cls + (size_t)ny * (size_t)w;
            for (int nx = a; nx <= b; nx++) {
                if (nr[nx] & stop) continue;
                if (!push(s, g, nx, ny, mark)) return false;
                /* the rest of this run is the seed's to spread over */
                while (nx + 1 <= b && !(nr[nx + 1] & stop)) nx++;
            }
        }
    }
    return true;
}

/* A solid piece is a pillar when every walkable cell beside it is room floor. */
static bool in_room_floor(const grid *g, const uint32_t *cells, size_t n)
{
    static const int dx[4] = {0, 0, -1, 1}, dy[4] = {-1, 1, 0, 0};
    for (size_t i = 0; i < n; i++) {
        int x = (int)(cells[i] % (uint32_t)g->w), y = (int)(cells[i] / (uint32_t)g->w);
        for (int k = 0; k < 4; k++)
            if (open_at(g, x + dx[k], y + dy[k]) && !(dg_cell(g->d, x + dx[k], y + dy[k]) & DG_ROOM))
                return false;
    }
    return true;
}

static bool classify(grid *g)
{
    size_t n = (size_t)g->w * (size_t)g->h;
    if (!(g->cls = malloc(n))) return false;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = g->d->cells[i];
        bool open = dg_cell_open(c) && !(g->player && (c & DG_SECRET));
        g->cls[i] = open ? C_OPEN : 0;
    }
    stack s = {0};
    bool ok = true;
    /* solid reaching the map edge is structure: only the border cells */
    for (int y = 0; y < g->h && ok; y++) {
        bool edge_row = y == 0 || y == g->h - 1;
        for (int x = 0; x < g->w && ok; x = edge_row || x == g->w - 1 ? x + 1 : g->w - 1)
            if (!*at(g, x, y)) ok = push(&s, g, x, y, C_WALL);
    }
    if (ok) ok = flood_runs(&s, g, C_WALL);
    /* the rest, piece by piece: pillars in room floor, else structure */
    for (int y = 0; y < g->h && ok; y++)
        for (int x = 0; x < g->w && ok; x++) {
            if (*at(g, x, y) & (C_OPEN | C_WALL | C_SEEN)) continue;
            s.n = 0;
            if (!(ok = push(&s, g, x, y, C_SEEN) && flood(&s, g, C_SEEN, 0, true))) break;
            if (in_room_floor(g, s.v, s.n)) continue;
            for (size_t i = 0; i < s.n; i++) g->cls[s.v[i]] |= C_WALL;
        }
    free(s.v);
    return ok;
}

/* ------------------------------------------------------------- portals */

/* The passage through a door runs east-west when it is open both ways on
 * that axis only; otherwise the door list's direction decides (as glyphs.c
 * does, so the portal lies on the drawn leaf). */
static bool runs_ew(const grid *g, int x, int y, dg_dir dir)
{
    bool we = open_at(g, x - 1, y) && open_at(g, x + 1, y);
    bool ns = open_at(g, x, y - 1) && open_at(g, x, y + 1);
    if (we != ns) return we;
    return dir == DG_DIR_WEST || dir == DG_DIR_EAST;
}

typedef struct {
    uint64_t *k;
    size_t n, cap;
} keys;

static bool key_add(keys *s, uint64_t k)
{
    if (!grow((void **)&s->k, &s->cap, s->n, sizeof *s->k)) return false;
    s->k[s->n++] = k;
    return true;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Sorted, duplicates dropped (two door cells can share a side midpoint). */
static void key_sort(keys *s)
{
    if (!s->n) return;
    qsort(s->k, s->n, sizeof *s->k, cmp_u64);
    size_t m = 1;
    for (size_t i = 1; i < s->n; i++)
        if (s->k[i] != s->k[m - 1]) s->k[m++] = s->k[i];
    s->n = m;
}

/* Portals in door-list order; each portal end splits the unit edge it sits
 * on: hb holds edges of horizontal lines (line y, edge x), vb of vertical
 * lines (line x, edge y). */
static bool place_portals(grid *g, dg__walls *out, keys *hb, keys *vb)
{
    const dg_dungeon *d = g->d;
    size_t cap = 0;
    uint64_t W = (uint64_t)g->w, H = (uint64_t)g->h;
    for (size_t i = 0; i < d->n_doors; i++) {
        const dg_door *o = &d->doors[i];
        int x = o->x, y = o->y;
        if (o->type == DG_DOOR_ARCH || !open_at(g, x, y)) continue; /* opening, or rock to this view */
        if (*at(g, x, y) & C_PORTAL) continue;                       /* listed once per room */
        *at(g, x, y) |= C_PORTAL;
        if (!grow((void **)&out->portals, &cap, out->n_portals, sizeof *out->portals)) return false;
        dg__portal *p = &out->portals[out->n_portals++];
        if (runs_ew(g, x, y, o->dir)) {
            *p = (dg__portal){i, o->type, 2 * x + 1, 2 * y, 2 * x + 1, 2 * y + 2, true};
            if (!key_add(hb, (uint64_t)y * W + (uint64_t)x) ||
                !key_add(hb, (uint64_t)(y + 1) * W + (uint64_t)x))
                return false;
        } else {
            *p = (dg__portal){i, o->type, 2 * x, 2 * y + 1, 2 * x + 2, 2 * y + 1, false};
            if (!key_add(vb, (uint64_t)x * H + (uint64_t)y) ||
                !key_add(vb, (uint64_t)(x + 1) * H + (uint64_t)y))
                return false;
        }
    }
    key_sort(hb);
    key_sort(vb);
    return true;
}

/* --------------------------------------------------------------- walls */

typedef struct {
    dg__walls *out;
    size_t cap;
} wall_sink;

static bool emit(wall_sink *s, int x0, int y0, int x1, int y1, bool object)
{
    if (!grow((void **)&s->out->walls, &s->cap, s->out->n_walls, sizeof *s->out->walls))
        return false;
    s->out->walls[s->out->n_walls++] = (dg__wall){x0, y0, x1, y1, object};
    return true;
}

/* One grid line, edge by edge: `along` indexes the edges, line the line.
 * horizontal: edge i of line y lies between cells (i, y-1) and (i, y);
 * vertical:   edge j of line x lies between cells (x-1, j) and (x, j). */
static bool scan_line(const grid *g, wall_sink *s, bool horizontal, int line, const keys *br,
                      size_t *bi)
{
    int n = horizontal ? g->w : g->h;
    uint64_t base = (uint64_t)line * (uint64_t)n;
    /* the cells on either side of edge e: a[e * step], b[e * step]; NULL
     * off the map, which reads as structural solid */
    size_t step = horizontal ? 1 : (size_t)g->w;
    int lim = horizontal ? g->h : g->w;
    const unsigned char *a = line > 0 ? (horizontal ? at(g, 0, line - 1) : at(g, line - 1, 0)) : NULL;
    const unsigned char *b_ = line < lim ? (horizontal ? at(g, 0, line) : at(g, line, 0)) : NULL;
    int start = -1;
    bool object = false;
    for (int e = 0; e <= n; e++) {
        bool b = false, solid_obj = false;
        if (start < 0 && a && b_) /* no run open: skip to the next boundary */
            while (e < n && !((a[(size_t)e * step] ^ b_[(size_t)e * step]) & C_OPEN)) e++;
        if (e < n) {
            unsigned char ca = a ? a[(size_t)e * step] : C_WALL;
            unsigned char cb = b_ ? b_[(size_t)e * step] : C_WALL;
            b = (ca ^ cb) & C_OPEN;
            if (b) solid_obj = !((ca & C_OPEN ? cb : ca) & C_WALL);
        }
        if (start >= 0 && (!b || solid_obj != object)) {
            /* the solid side of a run is one 8-connected piece: never splits */
            assert(!b);
            bool ok = horizontal ? emit(s, start, 2 * line, 2 * e, 2 * line, object)
                                 : emit(s, 2 * line, start, 2 * line, 2 * e, object);
            if (!ok) return false;
            start = -1;
        }
        if (!b) continue;
        if (start < 0) {
            start = 2 * e;
            object = solid_obj;
        }
        uint64_t k = base + (uint64_t)e;
        while (*bi < br->n && br->k[*bi] < k) (*bi)++;
        if (*bi < br->n && br->k[*bi] == k) { /* a portal end halves this edge */
            bool ok = horizontal ? emit(s, start, 2 * line, 2 * e + 1, 2 * line, object)
                                 : emit(s, 2 * line, start, 2 * line, 2 * e + 1, object);
            if (!ok) return false;
            start = 2 * e + 1;
        }
    }
    return true;
}

/* ----------------------------------------------------------- polylines */

typedef struct {
    uint64_t key;  /* the point, y * (2w + 1) + x */
    uint32_t ref;  /* wall * 2 + end */
} endpoint;

/* Sorts e[0..n) by (key, ref) given e in ref order: a stable LSD radix sort
 * on the key, a byte a pass over only the bytes max_key uses (two on a usual
 * map) -- qsort's comparisons were a tenth of an encode. tmp holds n. */
static void sort_ends(endpoint *e, endpoint *tmp, size_t n, uint64_t max_key)
{
    for (unsigned shift = 0; shift < 64 && (max_key >> shift); shift += 8) {
        size_t count[257] = {0};
        for (size_t i = 0; i < n; i++) count[((e[i].key >> shift) & 0xff) + 1]++;
        for (int b = 0; b < 256; b++) count[b + 1] += count[b];
        for (size_t i = 0; i < n; i++) tmp[count[(e[i].key >> shift) & 0xff]++] = e[i];
        memcpy(e, tmp, n * sizeof *e);
    }
}

static dg_point end_point(const dg__wall *w, uint32_t ref)
{
    const dg__wall *s = &w[ref >> 1];
    return (ref & 1) ? (dg_point){s->x1, s->y1} : (dg_point){s->x0, s->y0};
}

#define NO_REF UINT32_MAX

static bool chain(const grid *g, dg__walls *out)
{
    size_t n = out->n_walls;
    if (!n) return true;
    if (n > (size_t)(UINT32_MAX / 2) - 1) return false;
    endpoint *ends = malloc(4 * n * sizeof *ends); /* and as many for the sort */
    uint32_t *partner = malloc(2 * n * sizeof *partner);
    unsigned char *used = calloc(n, 1);
    bool ok = ends && partner && used;
    size_t pcap = 0, lcap = 0, ocap = 0;
    if (!ok) goto done;
    uint64_t stride = (uint64_t)out->den * (uint64_t)g->w + 1;
    uint64_t max_key = 0;
    for (uint32_t r = 0; r < 2 * n; r++) {
        dg_point p = end_point(out->walls, r);
        ends[r] = (endpoint){(uint64_t)p.y * stride + (uint64_t)p.x, r};
        if (ends[r].key > max_key) max_key = ends[r].key;
        partner[r] = NO_REF;
    }
    sort_ends(ends, ends + 2 * n, 2 * n, max_key);
    for (size_t i = 0; i + 1 < 2 * n; i++) {
        if (ends[i].key != ends[i + 1].key) continue;
        /* exactly two ends meet at a point (see the top of the file); cave
         * outlines may meet themselves at a point, and pair up in turn */
        assert(out->den != 2 || i + 2 >= 2 * n || ends[i + 2].key != ends[i].key);
        partner[ends[i].ref] = ends[i + 1].ref;
        partner[ends[i + 1].ref] = ends[i].ref;
        i++;
    }
    for (size_t s = 0; s < n && ok; s++) {
        if (used[s]) continue;
        uint32_t in_ref = (uint32_t)(2 * s);
        ok = grow((void **)&out->pts, &pcap, out->n_pts, sizeof *out->pts);
        if (ok) out->pts[out->n_pts++] = end_point(out->walls, in_ref);
        while (ok) {
            used[in_ref >> 1] = 1;
            uint32_t out_ref = in_ref ^ 1u;
            if (!(ok = grow((void **)&out->pts, &pcap, out->n_pts, sizeof *out->pts))) break;
            out->pts[out->n_pts++] = end_point(out->walls, out_ref);
            uint32_t next = partner[out_ref];
            if (next == NO_REF || used[next >> 1]) break; /* closed (or, never, an open end) */
            in_ref = next;
        }
        if (ok && (ok = grow((void **)&out->line_end, &lcap, out->n_lines, sizeof *out->line_end)) &&
            (ok = grow((void **)&out->line_object, &ocap, out->n_lines, sizeof *out->line_object))) {
            out->line_object[out->n_lines] = out->walls[s].object;
            out->line_end[out->n_lines++] = out->n_pts;
        }
    }
done:
    free(ends);
    free(partner);
    free(used);
    return ok;
}

/* ---------------------------------------------------------------- entry */

static bool has_caves(const dg_dungeon *d)
{
    if (!d->cave) return false;
    size_t n = (size_t)d->width * (size_t)d->height;
    for (size_t i = 0; i < n; i++)
        if (d->cave[i]) return true;
    return false;
}

/* A map with caves: the cave grid png.c draws the uvtt image from (cell =
 * ppg), in its units; false only when out of memory. */
static bool cave_walls(grid *g, dg__walls *w)
{
    dg__cave_grid cg;
    if (dg__cave_grid_build(g->d, g->d->opts.ppg, g->player, &cg, NULL) != DG_OK) return false;
    bool ok = true;
    if (cg.sub >= 2) { /* below that nothing is refined: the cell edges are the outline */
        int k = cg.sub / 2;
        w->den = cg.sub;
        for (size_t i = 0; i < w->n_portals; i++) {
            dg__portal *p = &w->portals[i];
            p->x0 *= k, p->y0 *= k, p->x1 *= k, p->y1 *= k;
        }
        ok = dg__walls_cave(g->d, &cg, g->cls, C_WALL, w);
    }
    dg__cave_grid_fini(&cg);
    return ok;
}

/* Walls and portals; polylines too when `lines` (the JSON document lists
 * segments only, and chaining was a fifth of its trace). */
static dg_status trace(const dg_dungeon *d, bool player, bool lines, dg__walls *w, dg_error *err)
{
    memset(w, 0, sizeof *w);
    w->den = 2;
    grid g = {d, player, d->width, d->height, NULL};
    keys hb = {0}, vb = {0};
    wall_sink sink = {w, 0};
    bool ok = classify(&g) && place_portals(&g, w, &hb, &vb);
    if (ok && has_caves(d)) ok = cave_walls(&g, w);
    if (w->den == 2) {
        size_t bi = 0;
        for (int y = 0; ok && y <= g.h; y++) ok = scan_line(&g, &sink, true, y, &hb, &bi);
        bi = 0;
        for (int x = 0; ok && x <= g.w; x++) ok = scan_line(&g, &sink, false, x, &vb, &bi);
    }
    if (ok && lines) ok = chain(&g, w);
    free(g.cls);
    free(hb.k);
    free(vb.k);
    if (ok) return DG_OK;
    dg__walls_fini(w);
    return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory tracing walls");
}

dg_status dg__walls_trace(const dg_dungeon *d, bool player, dg__walls *w, dg_error *err)
{
    return trace(d, player, true, w, err);
}

dg_status dg__walls_segments(const dg_dungeon *d, bool player, dg__walls *w, dg_error *err)
{
    return trace(d, player, false, w, err);
}

void dg__walls_fini(dg__walls *w)
{
    if (!w) return;
    free(w->walls);
    free(w->pts);
    free(w->line_end);
    free(w->line_object);
    free(w->portals);
    memset(w, 0, sizeof *w);
}

/* Decimal digits of v at p; returns how many. */
static size_t put_digits(char *p, unsigned long v)
{
    if (v < 10) {
        p[0] = (char)('0' + v);
        return 1;
    }
    if (v < 100) {
        p[0] = (char)('0' + v / 10);
        p[1] = (char)('0' + v % 10);
        return 2;
    }
    char tmp[24];
    size_t n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    for (size_t i = 0; i < n; i++) p[i] = tmp[n - 1 - i];
    return n;
}

size_t dg__half_text(char *p, long v)
{
    size_t n = put_digits(p, (unsigned long)(v / 2));
    if (v % 2) {
        p[n++] = '.';
        p[n++] = '5';
    }
    return n;
}

size_t dg__unit_text(char *p, long v, int den)
{
    size_t n = put_digits(p, (unsigned long)(v / den));
    long frac = v % den * 10000 / den; /* exact: den divides 10000 */
    if (!frac) return n;
    p[n++] = '.';
    for (long k = 1000; frac; k /= 10) {
        p[n++] = (char)('0' + frac / k);
        frac %= k;
    }
    return n;
}
