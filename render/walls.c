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
 * No recursion; the grid, the pieces of rock and the sorts use heap arrays. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"

/* ------------------------------------------------------------ the grid */

/* C_WALL: in the byte-per-cell classes walls_cave.c reads, solid that is
 * structure, not an object */
enum { C_WALL = 2 };

/* The cells as bit rows, 64 cells a word: boundaries, runs and the classes
 * of solid pieces come from whole words (XOR, count trailing zeros), not a
 * look per cell -- the trace is a good part of every JSON and VTT encode.
 * Rows -1 and h, off the map, are kept as zero words (solid, not an
 * object), so the map edge reads like any other line; so are columns -1
 * and w of the transposed copies, which serve the vertical lines. */
typedef struct {
    const dg_dungeon *d;
    bool player;
    int w, h;
    size_t ws, hs;      /* words a row, words a column */
    uint64_t *open;     /* walkable: row y at open[(y + 1) * ws] */
    uint64_t *obj;      /* solid of object pieces (pillars), same layout */
    uint64_t *lane;     /* walkable but not room floor, same layout */
    uint64_t *portal;   /* door cells already given a portal, same layout */
    uint64_t *open_t;   /* open transposed: column x at open_t[(x + 1) * hs] */
    uint64_t *obj_t;    /* obj transposed */
} grid;

static const uint64_t *row_of(const uint64_t *bits, size_t words, int y)
{
    return bits + (size_t)(y + 1) * words;
}

static bool bit_at(const uint64_t *row, int x) { return (row[x >> 6] >> (x & 63)) & 1u; }

static void bit_set(uint64_t *row, int x) { row[x >> 6] |= (uint64_t)1 << (x & 63); }

static bool open_at(const grid *g, int x, int y)
{
    return x >= 0 && y >= 0 && x < g->w && y < g->h && bit_at(row_of(g->open, g->ws, y), x);
}

/* The first i in [from, n) where bit i of a ^ b ^ flip is set, else n;
 * flip 0 finds where a and b differ, ~0 where they agree. */
static int next_bit(const uint64_t *a, const uint64_t *b, int from, int n, uint64_t flip)
{
    if (from >= n) return n;
    size_t k = (size_t)from >> 6, end = ((size_t)n + 63) >> 6;
    uint64_t v = (a[k] ^ b[k] ^ flip) & (~(uint64_t)0 << (from & 63));
    while (!v) {
        if (++k == end) return n;
        v = a[k] ^ b[k] ^ flip;
    }
    int i = (int)(k << 6) + __builtin_ctzll(v);
    return i < n ? i : n;
}

/* Whether any bit in [s, e) of row is set. */
static bool any_in(const uint64_t *row, int s, int e)
{
    for (int i = s; i < e; i = (i | 63) + 1) {
        uint64_t m = ~(uint64_t)0 << (i & 63);
        if (e - (i & ~63) < 64) m &= ((uint64_t)1 << (e & 63)) - 1;
        if (row[i >> 6] & m) return true;
    }
    return false;
}

static void set_range(uint64_t *row, int s, int e)
{
    for (int i = s; i < e; i++) bit_set(row, i);
}

/* ------------------------------------------------ pieces of solid rock */

/* A row run of solid cells, [s, e) in row y; up links runs into pieces
 * (union-find over runs, 8-connected: corner contact counts). */
typedef struct {
    int y, s, e;
    uint32_t up;
    bool keep;          /* the piece is structure: reaches the map edge, or
                           has a walkable neighbour that is not room floor */
} run;

static uint32_t root_of(run *r, uint32_t i)
{
    while (r[i].up != i) i = r[i].up = r[r[i].up].up;
    return i;
}

/* One piece of a and b's; the root keeps the piece's `keep`. */
static void join(run *r, uint32_t a, uint32_t b)
{
    a = root_of(r, a);
    b = root_of(r, b);
    if (a == b) return;
    if (b < a) {
        uint32_t t = a;
        a = b;
        b = t;
    }
    r[b].up = a;
    r[a].keep |= r[b].keep;
}

/* Sets g->obj: solid pieces off the map edge whose every walkable
 * neighbour (4-connected) is room floor. */
static bool find_objects(grid *g)
{
    const uint64_t *zero = row_of(g->open, g->ws, -1); /* off the map: all zero */
    run *r = NULL;
    size_t n = 0, cap = 0, prev = 0, loose = 0;
    for (int y = 0; y < g->h; y++) {
        const uint64_t *o = row_of(g->open, g->ws, y), *lane = row_of(g->lane, g->ws, y);
        size_t first = n;
        for (int s = next_bit(o, zero, 0, g->w, ~(uint64_t)0); s < g->w;) {
            int e = next_bit(o, zero, s, g->w, 0);
            if (n == UINT32_MAX || dg__grow((void **)&r, &cap, n + 1, sizeof *r, NULL, NULL) != DG_OK) {
                dg__free(r);
                return false;
            }
            bool keep = y == 0 || y == g->h - 1 || s == 0 || e == g->w ||
                        bit_at(lane, s - 1) || (e < g->w && bit_at(lane, e)) ||
                        any_in(row_of(g->lane, g->ws, y - 1), s, e) ||
                        any_in(row_of(g->lane, g->ws, y + 1), s, e);
            r[n] = (run){y, s, e, (uint32_t)n, keep};
            n++;
            loose += !keep;
            s = next_bit(o, zero, e, g->w, ~(uint64_t)0);
        }
        /* join with the runs above that touch, corners included: widened
         * by a cell each way, the runs of a row may overlap by one, and a
         * run ending first touches nothing further on the other row. Only
         * a piece holding a run without `keep` can be an object, so two
         * `keep` runs are never joined: wherever such a piece touches
         * structure, a join with a run without `keep` says so. */
        for (size_t i = prev, j = first; loose && i < first && j < n;) {
            if (!(r[i].keep && r[j].keep) && r[i].s - 1 < r[j].e && r[j].s < r[i].e + 1)
                join(r, (uint32_t)i, (uint32_t)j);
            if (r[i].e + 1 <= r[j].e) i++;
            else j++;
        }
        prev = first;
    }
    for (size_t i = 0; loose && i < n; i++)
        if (!r[i].keep && !r[root_of(r, (uint32_t)i)].keep)
            set_range(g->obj + (size_t)(r[i].y + 1) * g->ws, r[i].s, r[i].e);
    dg__free(r);
    return true;
}

/* Column x of the transposed copy gets bit y for every set bit (x, y). */
static void transpose(const grid *g, const uint64_t *rows, uint64_t *cols)
{
    for (int y = 0; y < g->h; y++) {
        const uint64_t *row = row_of(rows, g->ws, y);
        for (size_t k = 0; k < g->ws; k++)
            for (uint64_t v = row[k]; v; v &= v - 1) {
                int x = (int)(k << 6) + __builtin_ctzll(v);
                bit_set(cols + (size_t)(x + 1) * g->hs, y);
            }
    }
}

static bool build_grid(grid *g)
{
    g->ws = ((size_t)g->w + 63) >> 6;
    g->hs = ((size_t)g->h + 63) >> 6;
    size_t rows = (size_t)(g->h + 2) * g->ws, cols = (size_t)(g->w + 2) * g->hs;
    uint64_t *m = dg__calloc(4 * rows + 2 * cols, sizeof *m);
    if (!m) return false;
    g->open = m;
    g->obj = m + rows;
    g->lane = m + 2 * rows;
    g->portal = m + 3 * rows;
    g->open_t = m + 4 * rows;
    g->obj_t = m + 4 * rows + cols;
    const uint32_t *c = g->d->cells;
    const uint32_t hide = g->player ? DG_SECRET : 0;
    for (int y = 0; y < g->h; y++) {
        uint64_t *o = g->open + (size_t)(y + 1) * g->ws, *l = g->lane + (size_t)(y + 1) * g->ws;
        for (int x = 0; x < g->w; x++, c++) {
            if (!dg_cell_open(*c) || (*c & hide)) continue;
            bit_set(o, x);
            if (!(*c & DG_ROOM)) bit_set(l, x);
        }
    }
    if (!find_objects(g)) return false;
    transpose(g, g->open, g->open_t);
    transpose(g, g->obj, g->obj_t);
    return true;
}

/* The classes walls_cave.c reads: a byte a cell, C_WALL on structural solid. */
static unsigned char *cell_classes(const grid *g)
{
    unsigned char *cls = dg__malloc((size_t)g->w * (size_t)g->h);
    if (!cls) return NULL;
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++)
            cls[(size_t)y * (size_t)g->w + (size_t)x] =
                open_at(g, x, y) || bit_at(row_of(g->obj, g->ws, y), x) ? 0 : C_WALL;
    return cls;
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
    if (dg__grow((void **)&s->k, &s->cap, s->n + 1, sizeof *s->k, NULL, NULL) != DG_OK) return false;
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
static bool place_portals(grid *g, dr__walls *out, keys *hb, keys *vb)
{
    const dg_dungeon *d = g->d;
    size_t cap = 0;
    uint64_t W = (uint64_t)g->w, H = (uint64_t)g->h;
    for (size_t i = 0; i < d->n_doors; i++) {
        const dg_door *o = &d->doors[i];
        int x = o->x, y = o->y;
        if (o->type == DG_DOOR_ARCH || !open_at(g, x, y)) continue; /* opening, or rock to this view */
        uint64_t *seen = g->portal + (size_t)(y + 1) * g->ws;
        if (bit_at(seen, x)) continue; /* listed once per room */
        bit_set(seen, x);
        if (dg__grow((void **)&out->portals, &cap, out->n_portals + 1, sizeof *out->portals, NULL, NULL) != DG_OK) return false;
        dr__portal *p = &out->portals[out->n_portals++];
        if (runs_ew(g, x, y, o->dir)) {
            *p = (dr__portal){i, o->type, 2 * x + 1, 2 * y, 2 * x + 1, 2 * y + 2, true};
            if (!key_add(hb, (uint64_t)y * W + (uint64_t)x) ||
                !key_add(hb, (uint64_t)(y + 1) * W + (uint64_t)x))
                return false;
        } else {
            *p = (dr__portal){i, o->type, 2 * x, 2 * y + 1, 2 * x + 2, 2 * y + 1, false};
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
    dr__walls *out;
    size_t cap;
} wall_sink;

static bool emit(wall_sink *s, int x0, int y0, int x1, int y1, bool object)
{
    if (dg__grow((void **)&s->out->walls, &s->cap, s->out->n_walls + 1, sizeof *s->out->walls, NULL, NULL) != DG_OK)
        return false;
    s->out->walls[s->out->n_walls++] = (dr__wall){x0, y0, x1, y1, object};
    return true;
}

static bool put(wall_sink *s, bool horizontal, int line, int from, int to, bool object)
{
    return horizontal ? emit(s, from, 2 * line, to, 2 * line, object)
                      : emit(s, 2 * line, from, 2 * line, to, object);
}

/* One grid line's walls, a run of boundary edges at a time: edge i of the
 * line lies between cell i of bit rows a and b (open; oa, ob their object
 * bits) -- rows y-1 and y for horizontal line y, columns x-1 and x for
 * vertical line x. Portal ends (keys line * n + i, sorted; br from *bi on)
 * halve the edge they sit on, splitting the run there. */
static bool scan_line(wall_sink *s, bool horizontal, int line, int n, const uint64_t *a,
                      const uint64_t *b, const uint64_t *oa, const uint64_t *ob, const keys *br,
                      size_t *bi)
{
    const uint64_t base = (uint64_t)line * (uint64_t)n;
    for (int e0 = next_bit(a, b, 0, n, 0); e0 < n; e0 = next_bit(a, b, e0, n, 0)) {
        int e1 = next_bit(a, b, e0, n, ~(uint64_t)0);
        /* the solid side of a run is one 8-connected piece (it crosses the
         * line only where solids touch corner to corner): one class */
        bool object = bit_at(a, e0) ? bit_at(ob, e0) : bit_at(oa, e0);
        while (*bi < br->n && br->k[*bi] < base + (uint64_t)e0) (*bi)++;
        int start = 2 * e0;
        for (; *bi < br->n && br->k[*bi] < base + (uint64_t)e1; (*bi)++) {
            int half = 2 * (int)(br->k[*bi] - base) + 1;
            if (!put(s, horizontal, line, start, half, object)) return false;
            start = half;
        }
        if (!put(s, horizontal, line, start, 2 * e1, object)) return false;
        e0 = e1;
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

static dg_point end_point(const dr__wall *w, uint32_t ref)
{
    const dr__wall *s = &w[ref >> 1];
    return (ref & 1) ? (dg_point){s->x1, s->y1} : (dg_point){s->x0, s->y0};
}

#define NO_REF UINT32_MAX

static bool chain(const grid *g, dr__walls *out)
{
    size_t n = out->n_walls;
    if (!n) return true;
    if (n > (size_t)(UINT32_MAX / 2) - 1) return false;
    endpoint *ends = dg__malloc(4 * n * sizeof *ends); /* and as many for the sort */
    uint32_t *partner = dg__malloc(2 * n * sizeof *partner);
    unsigned char *used = dg__calloc(n, 1);
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
        ok = dg__grow((void **)&out->pts, &pcap, out->n_pts + 1, sizeof *out->pts, NULL, NULL) == DG_OK;
        if (ok) out->pts[out->n_pts++] = end_point(out->walls, in_ref);
        while (ok) {
            used[in_ref >> 1] = 1;
            uint32_t out_ref = in_ref ^ 1u;
            if (!(ok = dg__grow((void **)&out->pts, &pcap, out->n_pts + 1, sizeof *out->pts, NULL, NULL) == DG_OK)) break;
            out->pts[out->n_pts++] = end_point(out->walls, out_ref);
            uint32_t next = partner[out_ref];
            if (next == NO_REF || used[next >> 1]) break; /* closed (or, never, an open end) */
            in_ref = next;
        }
        if (ok && (ok = dg__grow((void **)&out->line_end, &lcap, out->n_lines + 1, sizeof *out->line_end, NULL, NULL) == DG_OK) &&
            (ok = dg__grow((void **)&out->line_object, &ocap, out->n_lines + 1, sizeof *out->line_object, NULL, NULL) == DG_OK)) {
            out->line_object[out->n_lines] = out->walls[s].object;
            out->line_end[out->n_lines++] = out->n_pts;
        }
    }
done:
    dg__free(ends);
    dg__free(partner);
    dg__free(used);
    return ok;
}

/* ---------------------------------------------------------------- entry */

/* Caves, or round rooms: walls follow the outline cave_draw.c draws. */
static bool has_caves(const dg_dungeon *d)
{
    size_t n = (size_t)d->width * (size_t)d->height;
    for (size_t i = 0; d->cave && i < n; i++)
        if (d->cave[i]) return true;
    dr__circle circ;
    for (size_t i = 0; d->rooms && i < d->n_rooms; i++)
        if (dr__room_circle(d, &d->rooms[i], 1, &circ)) return true;
    return false;
}

/* A map with caves: the cave grid png.c draws the uvtt image from (cell =
 * ppg), in its units; false only when out of memory. */
static bool cave_walls(grid *g, dr__walls *w)
{
    dr__cave_grid cg;
    if (dr__cave_grid_build(g->d, g->d->opts.ppg, g->player, true, &cg, NULL) != DG_OK) return false;
    bool ok = true;
    if (cg.sub >= 2) { /* below that nothing is refined: the cell edges are the outline */
        int k = cg.sub / 2;
        w->den = cg.sub;
        for (size_t i = 0; i < w->n_portals; i++) {
            dr__portal *p = &w->portals[i];
            p->x0 *= k;
            p->y0 *= k;
            p->x1 *= k;
            p->y1 *= k;
        }
        unsigned char *cls = cell_classes(g);
        ok = cls && dr__walls_cave(g->d, &cg, cls, C_WALL, w);
        dg__free(cls);
    }
    dr__cave_grid_fini(&cg);
    return ok;
}

/* Walls and portals; polylines too when `lines` (the JSON document lists
 * segments only, and chaining was a fifth of its trace). */
static dg_status trace(const dg_dungeon *d, bool player, bool lines, dr__walls *w, dg_error *err)
{
    memset(w, 0, sizeof *w);
    w->den = 2;
    grid g = {.d = d, .player = player, .w = d->width, .h = d->height};
    keys hb = {0}, vb = {0};
    wall_sink sink = {w, 0};
    bool ok = build_grid(&g) && place_portals(&g, w, &hb, &vb);
    if (ok && has_caves(d)) ok = cave_walls(&g, w);
    if (w->den == 2) {
        size_t bi = 0;
        for (int y = 0; ok && y <= g.h; y++)
            ok = scan_line(&sink, true, y, g.w, row_of(g.open, g.ws, y - 1), row_of(g.open, g.ws, y),
                           row_of(g.obj, g.ws, y - 1), row_of(g.obj, g.ws, y), &hb, &bi);
        bi = 0;
        for (int x = 0; ok && x <= g.w; x++)
            ok = scan_line(&sink, false, x, g.h, row_of(g.open_t, g.hs, x - 1),
                           row_of(g.open_t, g.hs, x), row_of(g.obj_t, g.hs, x - 1),
                           row_of(g.obj_t, g.hs, x), &vb, &bi);
    }
    if (ok && lines) ok = chain(&g, w);
    dg__free(g.open);
    dg__free(hb.k);
    dg__free(vb.k);
    if (ok) return DG_OK;
    dr__walls_fini(w);
    return dg__nomem(err, "tracing walls");
}

dg_status dr__walls_trace(const dg_dungeon *d, bool player, dr__walls *w, dg_error *err)
{
    return trace(d, player, true, w, err);
}

dg_status dr__walls_segments(const dg_dungeon *d, bool player, dr__walls *w, dg_error *err)
{
    return trace(d, player, false, w, err);
}

void dr__walls_fini(dr__walls *w)
{
    if (!w) return;
    dg__free(w->walls);
    dg__free(w->pts);
    dg__free(w->line_end);
    dg__free(w->line_object);
    dg__free(w->portals);
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

size_t dr__half_text(char *p, long v)
{
    size_t n = put_digits(p, (unsigned long)(v / 2));
    if (v % 2) {
        p[n++] = '.';
        p[n++] = '5';
    }
    return n;
}

size_t dr__unit_text(char *p, long v, int den)
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
