/* svg.c -- dg_svg_encode: the PNG's map as an SVG document of the same size
 * (width * cell + 1 by height * cell + 1, in pixels as user units), in the
 * map's style, grid and view. What is drawn where is png.c's and glyphs.c's
 * design; this file only says it in vector form. Rock textures other than
 * crosshatch's band are left flat: the SVG is for the web and for print.
 * Crosshatch's band is hatch.c's own clusters, cut into polygons.
 *
 * The document, in painting order:
 *   defs     grid patterns, every floor shape as a <path> with an id
 *            (f-corridors, f-caves, f-room-N), the glyph <symbol>s in use
 *   rock     one rect in the rock colour (and the rock grid, if the style
 *            has one)
 *   walls    every floor shape stroked twice the wall weight; the floors
 *            painted next cover the inner half, so walls sit on the rock
 *            side, as the PNG draws them, and meet exactly at any outline
 *   floors   corridors and caves, then one <g id="room-N"> per room: its
 *            floor, its grid, its number as <text>
 *   glyphs   doors and stairs as <use> of their symbol, turned with their
 *            wall or corridor (svg_glyphs.c)
 * Floors are the cells as rectangles (row runs merged down the rows), caves
 * the outline cave_draw.c refines for the PNG, at its sub-cell resolution,
 * and circle rooms true circles (circle.c). Numbers are written from
 * integers and correctly rounded square roots only, so the bytes are the
 * same on every machine. */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dg_contents.h"
#include "sketch.h"

#include "svg_int.h"

/* ------------------------------------------------------ floor geometry */

/* Writes the rectangles of the window of n_cols x n_rows squares of
 * `unit` px (unit_num / unit_den) from square (ox, oy) where in(ctx, x, y)
 * holds: runs along each row, merged with the identical run of the row
 * above, so a rectangle room is one rectangle. Clockwise subpaths:
 * overlapping shapes add up. */
static void rects(dr__svg *s, int ox, int oy, int n_cols, int n_rows, int unit_num, int unit_den,
                  bool (*in)(const dr__svg *, const void *, int, int), const void *ctx)
{
    int *x0 = s->run_x0, *x1 = s->run_x1, *y0 = s->run_y0;
    int n_prev = 0;
    int *nx0 = x0 + n_cols, *nx1 = x1 + n_cols, *ny0 = y0 + n_cols; /* this row's runs */
    for (int y = 0; y <= n_rows; y++) {
        int n = 0;
        for (int x = 0; y < n_rows && x < n_cols;) {
            if (!in(s, ctx, ox + x, oy + y)) {
                x++;
                continue;
            }
            int e = x + 1;
            while (e < n_cols && in(s, ctx, ox + e, oy + y)) e++;
            nx0[n] = x;
            nx1[n] = e;
            ny0[n] = y;
            n++;
            x = e;
        }
        /* runs of the row above that do not go on end here */
        int j = 0;
        for (int i = 0; i < n_prev; i++) {
            while (j < n && nx0[j] < x0[i]) j++;
            if (j < n && nx0[j] == x0[i] && nx1[j] == x1[i]) {
                ny0[j] = y0[i];
                continue;
            }
            char a[24], b[24], cw[24], ch[24];
            dr__svg_put(s, "M%s %sh%sv%sh-%sz", dr__svg_num(a, (double)(ox + x0[i]) * unit_num / unit_den),
                dr__svg_num(b, (double)(oy + y0[i]) * unit_num / unit_den),
                dr__svg_num(cw, (double)(x1[i] - x0[i]) * unit_num / unit_den),
                dr__svg_num(ch, (double)(y - y0[i]) * unit_num / unit_den), cw);
        }
        memcpy(x0, nx0, (size_t)n * sizeof *x0);
        memcpy(x1, nx1, (size_t)n * sizeof *x1);
        memcpy(y0, ny0, (size_t)n * sizeof *y0);
        n_prev = n;
    }
}


/* Cells the cave refinement shapes: drawn from its sub-cells instead. */
static bool shaped(const dr__svg *s, int x, int y)
{
    size_t k = dr__svg_at(s, x, y);
    return s->caves && s->d->cave[k] && s->cave.free_cells[k];
}

static int room_of(const dr__svg *s, int x, int y)
{
    uint32_t c = s->d->cells[dr__svg_at(s, x, y)];
    if (!(c & DG_ROOM) || !s->d->rooms) return 0;
    int id = (int)((c & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT);
    return id >= 1 && (size_t)id <= s->d->n_rooms ? id : 0;
}

/* A convex polygon of at most POLY_MAX vertices, clipped in place by
 * half-planes. */
#define POLY_MAX 48
typedef struct {
    int n;
    double x[POLY_MAX], y[POLY_MAX];
} poly;

/* Keeps the part of p where a * x + b * y <= k (Sutherland-Hodgman). */
static void clip(poly *p, double a, double b, double k)
{
    poly o;
    o.n = 0;
    for (int i = 0; i < p->n; i++) {
        int j = (i + 1) % p->n;
        double fi = a * p->x[i] + b * p->y[i] - k, fj = a * p->x[j] + b * p->y[j] - k;
        if (fi <= 0 && o.n < POLY_MAX) {
            o.x[o.n] = p->x[i];
            o.y[o.n++] = p->y[i];
        }
        if ((fi < 0 && fj > 0) || (fi > 0 && fj < 0)) {
            double t = fi / (fi - fj);
            if (o.n < POLY_MAX) {
                o.x[o.n] = p->x[i] + t * (p->x[j] - p->x[i]);
                o.y[o.n++] = p->y[i] + t * (p->y[j] - p->y[i]);
            }
        }
    }
    *p = o;
}

/* Crosshatch: hatch.c's own lattice (the same two draws from the same
 * style stream as the PNG), each drawn cluster its Voronoi cell cut into
 * its strokes, written as filled polygons with crisp edges. A renderer
 * samples a pixel at its centre, the PNG at its corner, so the polygons
 * sit half a pixel right and down: the rasterised SVG is the PNG's
 * hatching, pixel for pixel but for samples that fall on an edge. */
static void hatch_band(dr__svg *s)
{
    if (s->st->texture != DG_TEX_HATCH || s->rc != DG_OK) return;
    const char *name = s->st->name; /* png.c's style stream */
    dg_rng rng;
    dg_rng_seed(&rng, dg_hash64(name, strlen(name), s->d->opts.seed), 0x706e67u);
    dr__hatch ht;
    if ((s->rc = dr__hatch_init(&ht, s->d, s->open, s->c, s->w, s->h, &rng, s->err)) != DG_OK) return;
    char ink[8], a[24], b[24];
    dr__svg_hex(ink, s->st->rgb[DG_PAL_TEX1]);
    dr__svg_put(s, "<path class=\"hatch\" fill=\"%s\" shape-rendering=\"crispEdges\" d=\"", ink);
    double span = ht.pitch * 4096.0, pen = ht.pen * 4096.0;
    for (int j = 0; j < ht.gh; j++)
        for (int i = 0; i < ht.gw; i++) {
            const dr__hatch_point *p = &ht.pts[(size_t)j * (size_t)ht.gw + (size_t)i];
            if (!p->on) continue;
            /* its cell: nearer p than any point of the 5 x 5 around it, in
             * the image (pixel samples -0.5 .. w - 0.5) */
            poly v = {4, {p->x - 2.0 * ht.g, p->x + 2.0 * ht.g, p->x + 2.0 * ht.g, p->x - 2.0 * ht.g},
                      {p->y - 2.0 * ht.g, p->y - 2.0 * ht.g, p->y + 2.0 * ht.g, p->y + 2.0 * ht.g}};
            clip(&v, -1, 0, 0.5);
            clip(&v, 0, -1, 0.5);
            clip(&v, 1, 0, s->w - 0.5);
            clip(&v, 0, 1, s->h - 0.5);
            for (int b2 = j - 2; b2 <= j + 2; b2++)
                for (int a2 = i - 2; a2 <= i + 2; a2++) {
                    if (a2 < 0 || b2 < 0 || a2 >= ht.gw || b2 >= ht.gh || (a2 == i && b2 == j)) continue;
                    const dr__hatch_point *q = &ht.pts[(size_t)b2 * (size_t)ht.gw + (size_t)a2];
                    /* |x - p|^2 <= |x - q|^2 */
                    clip(&v, 2.0 * (q->x - p->x), 2.0 * (q->y - p->y),
                         (double)q->x * q->x + (double)q->y * q->y - (double)p->x * p->x - (double)p->y * p->y);
                }
            if (v.n < 3) continue;
            /* the strokes: x . n + phase in [m * span, m * span + pen) */
            double lo = 0, hi = 0;
            for (int k = 0; k < v.n; k++) {
                double t = v.x[k] * p->nx + v.y[k] * p->ny + p->phase;
                if (k == 0 || t < lo) lo = t;
                if (k == 0 || t > hi) hi = t;
            }
            for (long m = (long)(lo / span) - 1; m * span <= hi; m++) {
                poly st = v;
                double t0 = m * span - p->phase;
                clip(&st, -p->nx, -p->ny, -t0);
                clip(&st, p->nx, p->ny, t0 + pen);
                if (st.n < 3) continue;
                /* the first point absolute, the rest relative to the
                 * previous one as written (hundredths, so no drift) */
                long px = 0, py = 0;
                char cmd[POLY_MAX * 2 * 24 + 2];
                size_t n = 0;
                for (int k = 0; k < st.n; k++) {
                    long qx = lround((st.x[k] + 0.5) * 100), qy = lround((st.y[k] + 0.5) * 100);
                    if (k == 0 || qx != px || qy != py) {
                        long ox = k ? px : 0, oy = k ? py : 0;
                        dr__svg_num(a, (qx - ox) / 100.0);
                        dr__svg_num(b, (qy - oy) / 100.0);
                        cmd[n++] = k ? 'l' : 'M';
                        for (const char *c = a; *c; c++) cmd[n++] = *c;
                        if (b[0] != '-') cmd[n++] = ' ';
                        for (const char *c = b; *c; c++) cmd[n++] = *c;
                    }
                    px = qx;
                    py = qy;
                }
                cmd[n++] = 'z';
                dr__svg_raw(s, cmd, n);
            }
        }
    dr__svg_put(s, "\"/>\n");
    dr__hatch_fini(&ht);
}

static bool in_corridors(const dr__svg *s, const void *ctx, int x, int y)
{
    (void)ctx;
    return s->open[dr__svg_at(s, x, y)] && !shaped(s, x, y) && room_of(s, x, y) == 0;
}

static bool in_room(const dr__svg *s, const void *ctx, int x, int y)
{
    int id = *(const int *)ctx;
    return s->open[dr__svg_at(s, x, y)] && !shaped(s, x, y) && room_of(s, x, y) == id;
}

static bool in_cave(const dr__svg *s, const void *ctx, int x, int y)
{
    (void)ctx;
    int sub = s->cave.sub;
    if (!shaped(s, x / sub, y / sub)) return false;
    return s->cave.open[(size_t)(y + 1) * s->cave.stride + (size_t)x + 1] != 0;
}

/* A room cell that must stay square in a round room: one an open cell of
 * another room or a corridor (its door) joins from the side. */
static bool neck(const dr__svg *s, const void *ctx, int x, int y)
{
    int id = *(const int *)ctx;
    if (!in_room(s, ctx, x, y)) return false;
    static const int dx[4] = {0, 0, -1, 1}, dy[4] = {-1, 1, 0, 0};
    for (int k = 0; k < 4; k++) {
        int nx = x + dx[k], ny = y + dy[k];
        if (nx < 0 || ny < 0 || nx >= s->d->width || ny >= s->d->height) continue;
        if (s->open[dr__svg_at(s, nx, ny)] && room_of(s, nx, ny) != id) return true;
    }
    return false;
}

/* A cave chamber's cell: open, carrying its id (core/chambers.c). */
static bool in_chamber(const dr__svg *s, const void *ctx, int x, int y)
{
    uint32_t c = s->d->cells[dr__svg_at(s, x, y)];
    return (c & DG_OPENSPACE) && (int)((c & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT) == *(const int *)ctx;
}

static void room_shape(dr__svg *s, const dg_room *r)
{
    int id = r->id;
    if (r->width < 1 || r->height < 1 || r->x < 0 || r->y < 0 || r->x + r->width > s->d->width ||
        r->y + r->height > s->d->height)
        return; /* dr__render_check keeps rooms inside the map; never */
    if (r->kind == DG_ROOM_KIND_CHAMBER) {
        /* its cells, for the page's clickable map: the cave layer draws the
         * floor, so rooms() lays this shape on it unpainted */
        rects(s, r->x, r->y, r->width, r->height, s->c, 1, in_chamber, &id);
        return;
    }
    dr__circle circ;
    if (dr__room_circle(s->d, r, s->c, &circ)) {
        char a[24], b[24], rr[24], dd[24];
        dr__svg_num(rr, circ.r);
        dr__svg_num(dd, 2 * circ.r);
        dr__svg_put(s, "M%s %sa%s %s 0 1 1 %s 0a%s %s 0 1 1 -%s 0z", dr__svg_num(a, circ.cx - circ.r), dr__svg_num(b, circ.cy), rr,
            rr, dd, rr, rr, dd);
        rects(s, r->x, r->y, r->width, r->height, s->c, 1, neck, &id);
        return;
    }
    rects(s, r->x, r->y, r->width, r->height, s->c, 1, in_room, &id);
}

static void floor_defs(dr__svg *s)
{
    dr__svg_put(s, "<path id=\"f-corridors\" d=\"");
    rects(s, 0, 0, s->d->width, s->d->height, s->c, 1, in_corridors, NULL);
    dr__svg_put(s, "\"/>\n");
    if (s->caves) {
        dr__svg_put(s, "<path id=\"f-caves\" d=\"");
        rects(s, 0, 0, s->d->width * s->cave.sub, s->d->height * s->cave.sub, s->c, s->cave.sub, in_cave, NULL);
        dr__svg_put(s, "\"/>\n");
    }
    for (size_t i = 0; s->d->rooms && i < s->d->n_rooms; i++) {
        dr__svg_put(s, "<path id=\"f-room-%d\" d=\"", s->d->rooms[i].id);
        room_shape(s, &s->d->rooms[i]);
        dr__svg_put(s, "\"/>\n");
    }
}

/* Every floor shape once, by reference, with the attributes `attrs`. */
static void use_floors(dr__svg *s, const char *attrs)
{
    dr__svg_put(s, "<g %s><use xlink:href=\"#f-corridors\"/>", attrs);
    if (s->caves) dr__svg_put(s, "<use xlink:href=\"#f-caves\"/>");
    for (size_t i = 0; s->d->rooms && i < s->d->n_rooms; i++)
        if (s->d->rooms[i].kind != DG_ROOM_KIND_CHAMBER) /* drawn with the caves */
            dr__svg_put(s, "<use xlink:href=\"#f-room-%d\"/>", s->d->rooms[i].id);
    dr__svg_put(s, "</g>\n");
}

/* ---------------------------------------------------------------- grid */

static void seg(dr__svg *s, double x0, double y0, double x1, double y1)
{
    char a[24], b[24], cc[24], dd[24];
    dr__svg_put(s, "M%s %sL%s %s", dr__svg_num(a, x0 + .5), dr__svg_num(b, y0 + .5), dr__svg_num(cc, x1 + .5), dr__svg_num(dd, y1 + .5));
}

/* One pattern tile of grid.c's grid (its geometry, in exact fractions
 * rather than rounded pixels), lines one px wide in `rgb`. */
static void grid_pattern(dr__svg *s, const char *id, dg_grid grid, uint32_t rgb)
{
    int c = s->c, sp = (c * 866 + 500) / 1000; /* grid_draw.c's hex spacing */
    char col[8];
    dr__svg_hex(col, rgb);
    int tw = grid == DG_GRID_HEX ? 2 * sp : c, th = grid == DG_GRID_VHEX ? 2 * sp : c;
    dr__svg_put(s, "<pattern id=\"%s\" width=\"%d\" height=\"%d\" patternUnits=\"userSpaceOnUse\"><path fill=\"none\" stroke=\"%s\" d=\"",
        id, tw, th, col);
    if (grid == DG_GRID_SQUARE) {
        seg(s, 0, 0, c, 0);
        seg(s, 0, 0, 0, c);
    } else if (grid == DG_GRID_HEX) { /* flat-top: each hex its top and right edges */
        for (int i = -1; i <= 2; i++)
            for (int k = -1; k <= 0; k++) {
                double cx = i * sp + c / 2.0, cy = c / 2.0 + ((i & 1) ? c / 2.0 : 0) + k * c;
                double xl = cx - sp / 3.0, xr = cx + sp / 3.0, xR = cx + 2 * sp / 3.0;
                seg(s, xl, cy - c / 2.0, xr, cy - c / 2.0);
                seg(s, xr, cy - c / 2.0, xR, cy);
                seg(s, xR, cy, xr, cy + c / 2.0);
            }
    } else if (grid == DG_GRID_VHEX) { /* pointy-top: each hex its right side */
        for (int j = -1; j <= 1; j++)
            for (int i = -1; i <= 1; i++) {
                double cy = j * sp + 2 * sp / 3.0, cx = i * c + c / 2.0 + ((j & 1) ? c / 2.0 : 0);
                double xr = cx + c / 2.0;
                seg(s, cx, cy - 2 * sp / 3.0, xr, cy - sp / 3.0);
                seg(s, xr, cy - sp / 3.0, xr, cy + sp / 3.0);
                seg(s, xr, cy + sp / 3.0, cx, cy + 2 * sp / 3.0);
            }
    }
    dr__svg_put(s, "\"/></pattern>\n");
}

/* -------------------------------------------------------------- labels */

static void label(dr__svg *s, const dg_room *r)
{
    const dg_dungeon *d = s->d;
    if (r->width < 1 || r->height < 1 || r->x < 0 || r->y < 0 || r->x + r->width > d->width ||
        r->y + r->height > d->height)
        return;
    int c = s->c, cx2 = 2 * r->x + r->width, cy2 = 2 * r->y + r->height;
    double px = cx2 * c / 2.0, py = cy2 * c / 2.0;
    if (r->kind == DG_ROOM_KIND_CHAMBER) { /* core chose the cell farthest from rock */
        px = r->label_x * c + c / 2.0;
        py = r->label_y * c + c / 2.0;
    } else if (r->shape != DG_SHAPE_RECT || r->outline) { /* the room cell nearest the box centre */
        long best = -1;
        for (int y = r->y; y < r->y + r->height; y++)
            for (int x = r->x; x < r->x + r->width; x++) {
                if (room_of(s, x, y) != r->id) continue;
                long dx = 2 * x + 1 - cx2, dy = 2 * y + 1 - cy2, dd = dx * dx + dy * dy;
                if (best < 0 || dd < best) {
                    best = dd;
                    px = x * c + c / 2.0;
                    py = y * c + c / 2.0;
                }
            }
        if (best < 0) return;
    }
    char a[24], b[24];
    dr__svg_put(s, "<text x=\"%s\" y=\"%s\">%d</text>", dr__svg_num(a, px), dr__svg_num(b, py + s->c * 0.25), r->id);
}

static void rooms(dr__svg *s, bool grid)
{
    char fl[8], lab[8], fs[24];
    dr__svg_hex(fl, s->st->rgb[DG_PAL_FLOOR]);
    dr__svg_hex(lab, s->st->rgb[DG_PAL_LABEL]);
    dr__svg_put(s, "<g class=\"rooms\" fill=\"%s\" font-family=\"sans-serif\" font-weight=\"bold\" font-size=\"%s\" "
           "text-anchor=\"middle\">\n",
        fl, dr__svg_num(fs, s->c * 0.7));
    for (size_t i = 0; s->d->rooms && i < s->d->n_rooms; i++) {
        const dg_room *r = &s->d->rooms[i];
        bool chamber = r->kind == DG_ROOM_KIND_CHAMBER;
        dr__svg_put(s, "<g id=\"room-%d\" class=\"room\"><use xlink:href=\"#f-room-%d\"%s/>", r->id, r->id,
                    chamber ? " fill-opacity=\"0\"" : "");
        if (grid && !chamber) dr__svg_put(s, "<use xlink:href=\"#f-room-%d\" fill=\"url(#grid)\"/>", r->id);
        dr__svg_room_features(s, r->id);
        dr__svg_put(s, "<g fill=\"%s\">", lab);
        label(s, r);
        dr__svg_put(s, "</g></g>\n");
    }
    dr__svg_put(s, "</g>\n");
}

/* --------------------------------------------------------------- marks */

typedef struct {
    dr__svg *s;
    char trap[8];
} marks_ctx;

static void svg_mark(void *ctx, const dr__mark *m)
{
    static const char *const kinds[] = {"feature", "trap", "key", "hidden"};
    marks_ctx *k = ctx;
    dr__svg *s = k->s;
    char a[24], b[24], fill[24] = "";
    if (m->kind == DR__MARK_TRAP || m->kind == DR__MARK_HIDDEN) snprintf(fill, sizeof fill, " fill=\"%s\"", k->trap);
    dr__svg_put(s, "<text class=\"mark %s\" data-x=\"%d\" data-y=\"%d\" x=\"%s\" y=\"%s\"%s>%s</text>\n", kinds[m->kind],
                m->x, m->y, dr__svg_num(a, m->x * s->c + s->c / 2.0), dr__svg_num(b, m->y * s->c + s->c * 0.78), fill,
                m->text);
}

/* The GM's marks (marks.c) over everything, each letter with a floor-
 * coloured halo (paint-order stroke) so it reads on any texture. */
static void marks(dr__svg *s)
{
    char lab[8], fl[8], fs[24], sw[24];
    marks_ctx k = {.s = s};
    dr__svg_hex(lab, s->st->rgb[DG_PAL_LABEL]);
    dr__svg_hex(k.trap, s->st->rgb[DG_PAL_TRAP]);
    dr__svg_hex(fl, s->st->rgb[DG_PAL_FLOOR]);
    size_t before = s->out->len;
    dr__svg_put(s, "<g class=\"marks\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\" paint-order=\"stroke\" "
                   "font-family=\"sans-serif\" font-weight=\"bold\" font-size=\"%s\" text-anchor=\"middle\">\n",
                lab, fl, dr__svg_num(sw, s->c * 0.12), dr__svg_num(fs, s->c * 0.75));
    size_t opened = s->out->len;
    dr__map_marks(s->d, s->cv.player, svg_mark, &k);
    if (s->rc == DG_OK && s->out->len == opened) s->out->len = before; /* no marks: no group */
    else dr__svg_put(s, "</g>\n");
}

/* --------------------------------------------------------------- entry */

static dg_status prepare(dr__svg *s, const dg_dungeon *d, dg_buf *out, dg_error *err)
{
    memset(s, 0, sizeof *s);
    s->d = d;
    s->out = out;
    s->err = err;
    s->st = dr__style_get(d->opts.style);
    s->c = d->opts.cell;
    s->w = d->width * s->c + 1;
    s->h = d->height * s->c + 1;
    s->wall = (s->c * s->st->wall_64 + 32) / 64;
    if (s->wall < 1) s->wall = 1;
    s->cv.d = d;
    s->cv.player = dg_options_image_view(&d->opts, DG_FMT_SVG) == DG_VIEW_PLAYER;
    size_t n = (size_t)d->width * (size_t)d->height;
    s->open = dg__malloc(n);
    s->wet = dg__calloc(n, 1);
    int cols = d->width * 16 + 2; /* the widest grid rects() walks: sub-cells */
    s->run_x0 = dg__malloc(2 * (size_t)cols * sizeof(int));
    s->run_x1 = dg__malloc(2 * (size_t)cols * sizeof(int));
    s->run_y0 = dg__malloc(2 * (size_t)cols * sizeof(int));
    if (!s->open || !s->wet || !s->run_x0 || !s->run_x1 || !s->run_y0)
        return dg__nomem(err, "for the svg");
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++) s->open[dr__svg_at(s, x, y)] = dr__canvas_open(&s->cv, x, y);
    for (size_t i = 0; d->contents && i < d->contents->n_features; i++) {
        const dg_map_feature *f = &d->contents->features[i];
        if (f->kind == DG_FEATURE_WATER && f->at.x >= 0 && f->at.y >= 0 && f->at.x < d->width && f->at.y < d->height)
            s->wet[dr__svg_at(s, f->at.x, f->at.y)] = 1;
    }
    dg_status rc = dr__cave_grid_build(d, s->c, s->cv.player, false, &s->cave, err);
    s->caves = rc == DG_OK && d->cave && s->cave.sub >= 2;
    return rc;
}

static void finish(dr__svg *s)
{
    dg__free(s->open);
    dg__free(s->wet);
    dg__free(s->run_x0);
    dg__free(s->run_x1);
    dg__free(s->run_y0);
    dr__cave_grid_fini(&s->cave);
}

dg_status dg_svg_encode(const dg_dungeon *d, dg_buf *out, dg_error *err)
{
    dg_status rc = dr__png_check(d, d ? d->opts.cell : 0, DG_MAX_CELL_PX, err);
    if (rc != DG_OK) return rc;
    if (!out) return dg_error_set(err, DG_EINVAL, "", "", "", "no output buffer");
    if ((rc = dr__render_check(d, err)) != DG_OK) return rc;
    if (d->opts.style == DG_STYLE_SKETCH) return dr__sketch_svg(d, out, err); /* one drawing with the PNG */
    dr__svg s;
    if ((rc = prepare(&s, d, out, err)) != DG_OK) {
        finish(&s);
        return rc;
    }
    const uint32_t *rgb = s.st->rgb;
    char rock[8], wall[8], fl[8], sw[24];
    dr__svg_hex(rock, rgb[DG_PAL_ROCK]);
    dr__svg_hex(wall, rgb[DG_PAL_WALL]);
    dr__svg_hex(fl, rgb[DG_PAL_FLOOR]);
    dg_grid grid = d->opts.grid;
    bool floor_grid = grid != DG_GRID_NONE, rock_grid = floor_grid && s.st->rock_grid;

    dr__frame f; /* legend and ruler: margins, the map's coordinates kept */
    dr__frame_layout(d, s.c, s.cv.player, s.w, s.h, &f);
    bool framed = f.step || f.n;
    dr__svg_put(&s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
            "width=\"%d\" height=\"%d\" viewBox=\"%d %d %d %d\">\n",
        s.w + f.left + f.right, s.h + f.top + f.bottom, -f.left, -f.top, s.w + f.left + f.right,
        s.h + f.top + f.bottom);
    if (d->opts.floors > 1)
        dr__svg_put(&s, "<title>Dungeon %" PRIu64 ", floor %d of %d (%s)</title>\n<defs>\n", d->opts.seed, d->floor,
                    d->opts.floors, s.st->name);
    else
        dr__svg_put(&s, "<title>Dungeon %" PRIu64 " (%s)</title>\n<defs>\n", d->opts.seed, s.st->name);
    if (floor_grid) grid_pattern(&s, "grid", grid, rgb[DG_PAL_GRID]);
    if (rock_grid) grid_pattern(&s, "rock-grid", grid, rgb[DG_PAL_ROCK_GRID]);
    floor_defs(&s);
    dr__svg_put(&s, "</defs>\n");
    if (framed) dr__svg_frame_open(&s, &f);
    dr__svg_put(&s, "<rect class=\"rock\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", s.w, s.h, rock);
    if (rock_grid) dr__svg_put(&s, "<rect width=\"%d\" height=\"%d\" fill=\"url(#rock-grid)\"/>\n", s.w, s.h);
    dr__svg_texture(&s);
    hatch_band(&s);
    char attrs[160];
    snprintf(attrs, sizeof attrs, "class=\"walls\" fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"", wall,
             dr__svg_num(sw, 2.0 * s.wall));
    use_floors(&s, attrs);
    dr__svg_put(&s, "<g class=\"floors\" fill=\"%s\"><use xlink:href=\"#f-corridors\"/>", fl);
    if (s.caves) dr__svg_put(&s, "<use xlink:href=\"#f-caves\"/>");
    dr__svg_put(&s, "</g>\n");
    if (floor_grid) {
        dr__svg_put(&s, "<g fill=\"url(#grid)\"><use xlink:href=\"#f-corridors\"/>");
        if (s.caves) dr__svg_put(&s, "<use xlink:href=\"#f-caves\"/>");
        dr__svg_put(&s, "</g>\n");
    }
    dr__svg_feature_defs(&s);
    rooms(&s, floor_grid);
    dr__svg_glyphs(&s);
    marks(&s);
    if (framed) dr__svg_frame_close(&s, &f);
    dr__svg_put(&s, "</svg>\n");
    rc = s.rc;
    finish(&s);
    return rc;
}
