/* sketch_hatch.c -- the sketch's hatching: clusters of 3-5 strokes in the
 * rock cells along the walls (hatch.c's band), at angles never on the
 * grid. The strokes are one description (each_stroke) said two ways: on
 * the vector surfaces (SVG, PDF) as one cairo path stroked once; on the
 * PNG's image surface rasterised here, each pixel's share of each stroke
 * worked out from the stroke's distance to the pixel (the same box filter
 * cairo's and librsvg's rasterisers apply, in separable form). Why not
 * cairo there too: its stroker and scan converter took 9.6 ms of the
 * default map's 23 ms on the ~1,900 strokes (14 px of path each), where
 * this takes a few tenths; librsvg's drawing of the SVG still agrees with
 * the PNG (test_sketch, test_svg). */
#include <math.h>
#include <string.h>

#include "png_int.h"
#include "sketch_int.h"

#define HATCH_W 0.045 /* stroke width, cells */

typedef struct { double x, y; } vec;

/* Directions of the strokes: none on the grid's axes or its diagonals'
 * exact 45 degrees, so the band never reads as a ruled pattern. */
static const vec hatch_dirs[8] = {
    {0.966, 0.259}, {0.866, 0.5}, {0.574, 0.819}, {0.259, 0.966},
    {-0.259, 0.966}, {-0.574, 0.819}, {-0.866, 0.5}, {-0.966, 0.259},
};

/* dir: the stroke's hatch_dirs entry */
typedef void (*stroke_fn)(void *ctx, int dir, double x0, double y0, double x1, double y1);

/* Every stroke of the band, in user units (cells), in a fixed order. */
static dg_status each_stroke(const dg_dungeon *d, bool player, const dr__sketch_box *b, stroke_fn fn, void *ctx,
                             dg_error *err)
{
    size_t n = (size_t)d->width * (size_t)d->height;
    unsigned char *cls = dg__malloc(n);
    if (!cls) return dg__nomem(err, "for the sketch's hatching");
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++)
            cls[(size_t)y * (size_t)d->width + (size_t)x] = dr__sketch_open(d, x, y, player) ? DG_CLS_OPEN : DG_CLS_ROCK;
    unsigned char *band = dr__hatch_band(d, cls);
    dg__free(cls);
    if (!band) return dg__nomem(err, "for the sketch's hatching");
    uint64_t seed = d->opts.seed ^ 0x68617463ull;
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++) {
            if (!band[(size_t)y * (size_t)d->width + (size_t)x]) continue;
            if (x < b->x0 || y < b->y0 || x >= b->x1 || y >= b->y1) continue;
            double cx = x - b->x0 + b->left + 0.5 + (dr__sketch_noise(seed, x, y, 1) - 0.5) * 0.35;
            double cy = y - b->y0 + b->top + 0.5 + (dr__sketch_noise(seed, x, y, 2) - 0.5) * 0.35;
            int dir = (int)(dr__sketch_noise(seed, x, y, 3) * 8);
            vec u = hatch_dirs[dir];
            int k = 3 + (int)(dr__sketch_noise(seed, x, y, 4) * 3);
            double len = 0.62 + dr__sketch_noise(seed, x, y, 5) * 0.3, gap = 0.15;
            for (int i = 0; i < k; i++) {
                double o = (i - (k - 1) / 2.0) * gap, l = len * (0.8 + 0.2 * dr__sketch_noise(seed, x, y, 6u + (uint32_t)i));
                double mx = cx - u.y * o, my = cy + u.x * o, hx = u.x * l / 2, hy = u.y * l / 2;
                fn(ctx, dir, mx - hx, my - hy, mx + hx, my + hy);
            }
        }
    dg__free(band);
    return DG_OK;
}

/* ------------------------------------------------------------ vectors */

static void path_stroke(void *ctx, int dir, double x0, double y0, double x1, double y1)
{
    (void)dir;
    cairo_t *cr = ctx;
    cairo_move_to(cr, x0, y0);
    cairo_line_to(cr, x1, y1);
}

/* -------------------------------------------------------------- image */

/* The share of a unit pixel (centred on 0) that lies below x along a
 * direction making |cos| a and |sin| b with the pixel's sides: the pixel
 * projected there is a trapezoid of half-width h1 = (a + b) / 2 and flat
 * top half-width h0 = |a - b| / 2 (area 1, so height m = 1 / (h1 + h0));
 * q = m / (2 (h1 - h0)), the ramps' curvature. The hatch's directions are
 * never on the axes nor on 45 degrees, so h1 > h0 > 0. */
typedef struct { double h0, h1, m, q; } profile;

static inline double below(const profile *f, double x)
{
    if (x <= -f->h1) return 0;
    if (x >= f->h1) return 1;
    if (x < -f->h0) return f->q * (x + f->h1) * (x + f->h1);
    if (x <= f->h0) return 0.5 + f->m * x;
    return 1 - f->q * (f->h1 - x) * (f->h1 - x);
}

/* The share across, tabulated per direction: A(s) = below(r - s) -
 * below(-r - s) at STEPS points a pixel over |s| < reach, in 256ths. */
#define STEPS 64
#define TAB_MAX (2 * 3 * STEPS + 2) /* reach < 3 px: r up to 1.5 (cell 66) + h1 < 0.71 */

typedef struct {
    unsigned char *px; /* the image's pixels, xRGB words */
    int w, h, stride;
    double sx, sy, tx, ty; /* user -> device */
    double r;              /* half the stroke width, px */
    profile f[8];          /* per direction */
    short *across[8];      /* per direction: NULL until its first stroke */
    short tab[8][TAB_MAX];
    dr__sketch_over paper; /* the strokes fall on the paper, now and then on each other */
} raster;

static void tabulate(raster *ra, int dir)
{
    vec u = hatch_dirs[dir];
    double a = fabs(u.x), c = fabs(u.y);
    profile *f = &ra->f[dir];
    *f = (profile){fabs(a - c) / 2, (a + c) / 2, 0, 0};
    f->m = 1 / (f->h1 + f->h0);
    f->q = f->m / (2 * (f->h1 - f->h0));
    double reach = ra->r + f->h1;
    int n = (int)ceil(2 * reach * STEPS) + 1;
    if (n > TAB_MAX) n = TAB_MAX;
    for (int i = 0; i < n; i++) {
        double s = -reach + (double)i / STEPS;
        ra->tab[dir][i] = (short)((below(f, ra->r - s) - below(f, -ra->r - s)) * 256 + 0.5);
    }
    for (int i = n; i < TAB_MAX; i++) ra->tab[dir][i] = 0;
    ra->across[dir] = ra->tab[dir];
}

static inline double lesser(double a, double b) { return a < b ? a : b; }
/* floor and ceil without libm's calls (a tenth of the hatch's time) */
static inline int ifloor(double v)
{
    int i = (int)v;
    return i - (v < i);
}
static inline int iceil(double v)
{
    int i = (int)v;
    return i + (v > i);
}
static inline double greater(double a, double b) { return a > b ? a : b; }

static void raster_stroke(void *ctx, int dir, double x0, double y0, double x1, double y1)
{
    raster *ra = ctx;
    if (!ra->across[dir]) tabulate(ra, dir);
    const profile f = ra->f[dir];
    const short *across = ra->across[dir];
    double ax = x0 * ra->sx + ra->tx, ay = y0 * ra->sy + ra->ty;
    double bx = x1 * ra->sx + ra->tx, by = y1 * ra->sy + ra->ty;
    double dx = bx - ax, dy = by - ay, len = sqrt(dx * dx + dy * dy);
    if (len <= 0) return;
    double ux = dx / len, uy = dy / len; /* along; across is (-uy, ux) */
    double iux = 1 / ux, iuy = 1 / uy;   /* never on an axis (hatch_dirs); a row's bounds multiply */
    double reach = ra->r + f.h1;
    int py0 = ifloor(lesser(ay, by) - reach), py1 = iceil(greater(ay, by) + reach);
    if (py0 < 0) py0 = 0;
    if (py1 > ra->h) py1 = ra->h;
    for (int py = py0; py < py1; py++) {
        uint32_t *row = (uint32_t *)(void *)(ra->px + (size_t)py * (size_t)ra->stride);
        double ry = py + 0.5 - ay;
        /* the pixels of this row within reach across (|s| <= reach) and
         * along (-h1 <= t <= len + h1), s and t linear in rx */
        double s0 = ry * ux, t0 = ry * uy;
        double lo1 = (s0 - reach) * iuy, hi1 = (s0 + reach) * iuy;
        double lo2 = (-f.h1 - t0) * iux, hi2 = (len + f.h1 - t0) * iux;
        double lo = greater(lesser(lo1, hi1), lesser(lo2, hi2)), hi = lesser(greater(lo1, hi1), greater(lo2, hi2));
        int px0 = ifloor(ax + lo - 0.5), px1 = iceil(ax + hi - 0.5) + 1;
        if (px0 < 0) px0 = 0;
        if (px1 > ra->w) px1 = ra->w;
        for (int px = px0; px < px1; px++) {
            double rx = px + 0.5 - ax;
            double s = s0 - rx * uy, t = rx * ux + t0; /* across from the axis; along from the start */
            if (s <= -reach || s >= reach) continue;
            /* the pixel's share across the stroke times its share along
             * (1 but at the ends) */
            int k = across[(int)((s + reach) * STEPS + 0.5)];
            if (t < f.h1 || t > len - f.h1) k = (int)(k * (below(&f, len - t) - below(&f, -t)) + 0.5);
            if (k <= 0) continue;
            /* over what is there: strokes that cross darken as two
             * passes of a pen do */
            row[px] = dr__sketch_over_px(&ra->paper, row[px], DR_SK_HATCH, k);
        }
    }
}

/* The strokes onto cr's image surface in hatch ink, each blended over
 * what is there as it comes. */
static dg_status raster_hatch(cairo_t *cr, const dg_dungeon *d, bool player, const dr__sketch_box *b,
                              dg_error *err)
{
    cairo_surface_t *s = cairo_get_target(cr);
    cairo_surface_flush(s);
    cairo_matrix_t m;
    cairo_get_matrix(cr, &m);
    raster ra = {.px = cairo_image_surface_get_data(s),
                 .w = cairo_image_surface_get_width(s),
                 .h = cairo_image_surface_get_height(s),
                 .stride = cairo_image_surface_get_stride(s),
                 .sx = m.xx, .sy = m.yy, .tx = m.x0, .ty = m.y0,
                 .r = HATCH_W * m.xx / 2};
    dr__sketch_over_init(&ra.paper, DR_SK_PAPER, DR_SK_HATCH);
    dg_status rc = each_stroke(d, player, b, raster_stroke, &ra, err);
    cairo_surface_mark_dirty(s);
    return rc;
}

dg_status dr__sketch_hatch(cairo_t *cr, const dg_dungeon *d, bool player, const dr__sketch_box *b, dg_error *err)
{
    cairo_surface_t *s = cairo_get_target(cr);
    cairo_matrix_t m;
    cairo_get_matrix(cr, &m);
    /* opaque pixels only (the PNG's): the blend below has no alpha */
    if (cairo_surface_get_type(s) == CAIRO_SURFACE_TYPE_IMAGE &&
        cairo_image_surface_get_format(s) == CAIRO_FORMAT_RGB24 && m.xy == 0 && m.yx == 0 && m.xx > 0 &&
        m.xx == m.yy && HATCH_W * m.xx / 2 + 1 < 3) /* the tables' reach: any cell to DG_MAX_CELL_PX */
        return raster_hatch(cr, d, player, b, err);
    dr__sketch_rgb(cr, DR_SK_HATCH);
    cairo_set_line_width(cr, HATCH_W);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT); /* thin: a round cap is not seen, and costs */
    cairo_new_path(cr);
    dg_status rc = each_stroke(d, player, b, path_stroke, cr, err);
    if (rc == DG_OK) cairo_stroke(cr);
    cairo_new_path(cr);
    return rc;
}
