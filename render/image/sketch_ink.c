/* sketch_ink.c -- the walls' stroke on the PNG's image surface, worked out
 * here rather than by cairo's stroker: a stroke with round joins and caps
 * is exactly the union of one capsule (a segment swept by a disc) per
 * segment, so each pixel's ink is its largest share of any capsule. Across
 * a segment's run the share is the box filter's (the pixel's projection on
 * the segment's normal: a trapezoid, as sketch_hatch.c), round its ends a
 * ramp one pixel wide on the distance. cairo's stroke of the same path
 * (the default map's ~3,000 wobbled segments, 2.9 px wide) was 13 M
 * instructions a render, a fifth of the sketch. The SVG and the PDF
 * stroke the path itself; librsvg's drawing of the SVG still agrees with
 * the PNG (test_sketch, test_svg). */
#include <math.h>
#include <string.h>

#include "png_int.h"
#include "sketch_int.h"

/* The share of a unit pixel below x along a direction at |cos| a, |sin| b
 * to its sides (sketch_hatch.c's profile, general: any direction): the
 * pixel projected on the direction is a trapezoid of half-width h1 and
 * flat top half-width h0, height m, ramps' curvature q (made once a
 * segment: two divisions a pixel were a good part of the walls' time). */
typedef struct { double h0, h1, m, q; bool flat; } profile;

static profile profile_of(double a, double c)
{
    profile f = {fabs(a - c) / 2, (a + c) / 2, 0, 0, false};
    f.flat = f.h1 - f.h0 < 1e-9;
    if (!f.flat) {
        f.m = 1 / (f.h1 + f.h0);
        f.q = f.m / (2 * (f.h1 - f.h0));
    }
    return f;
}

static inline double below(const profile *f, double x)
{
    double h0 = f->h0, h1 = f->h1;
    if (x <= -h1) return 0;
    if (x >= h1) return 1;
    if (f->flat) return x < -h0 ? 0 : x > h0 ? 1 : 0.5 + x / (2 * h0);
    if (x < -h0) return f->q * (x + h1) * (x + h1);
    if (x <= h0) return 0.5 + f->m * x;
    return 1 - f->q * (h1 - x) * (h1 - x);
}

static inline int ifloor(double v)
{
    int i = (int)v;
    return i - (v < i);
}

typedef struct {
    unsigned char *cov; /* w x h, 0..255: the ink each pixel has had */
    unsigned char *px;  /* the image's xRGB words */
    int w, h, stride;
    double r;           /* half the width, px */
    uint32_t rgb;       /* the ink */
    bool tabs;          /* the tables below are made (a big box: the walls, not a word) */
    short first[256];   /* v -> the blend's 256ths from no ink: v == 255 ? 256 : (v << 8) / 255 */
    dr__sketch_over floor, paper;
} ink;

static void capsule(ink *k, double ax, double ay, double bx, double by)
{
    double dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy, len = sqrt(len2), r = k->r;
    double ux = len > 0 ? dx / len : 1, uy = len > 0 ? dy / len : 0;
    const profile pf = profile_of(fabs(ux), fabs(uy));
    double reach = r + 1;
    int px0 = ifloor((ax < bx ? ax : bx) - reach), px1 = ifloor((ax > bx ? ax : bx) + reach) + 1;
    int py0 = ifloor((ay < by ? ay : by) - reach), py1 = ifloor((ay > by ? ay : by) + reach) + 1;
    if (px0 < 0) px0 = 0;
    if (py0 < 0) py0 = 0;
    if (px1 > k->w) px1 = k->w;
    if (py1 > k->h) py1 = k->h;
    double inner = r - 0.75 > 0 ? (r - 0.75) * (r - 0.75) : -1, outer = (r + 0.75) * (r + 0.75);
    for (int py = py0; py < py1; py++) {
        unsigned char *row = k->cov + (size_t)py * (size_t)k->w;
        uint32_t *line = (uint32_t *)(void *)(k->px + (size_t)py * (size_t)k->stride);
        double ry = py + 0.5 - ay;
        for (int px = px0; px < px1; px++) {
            double rx = px + 0.5 - ax;
            double t = rx * ux + ry * uy, s = ry * ux - rx * uy; /* along from a; across */
            int v;
            if (t >= 0 && t <= len) { /* beside the run: the box filter across it */
                double d2 = s * s;
                if (d2 >= outer) continue;
                v = d2 <= inner ? 255 : (int)((below(&pf, r - s) - below(&pf, -r - s)) * 255 + 0.5);
            } else { /* round the ends: a ramp on the distance */
                double ex = t < 0 ? rx : px + 0.5 - bx, ey = t < 0 ? ry : py + 0.5 - by;
                double d2 = ex * ex + ey * ey;
                if (d2 >= outer) continue;
                if (d2 <= inner) v = 255;
                else {
                    double cv = r + 0.5 - sqrt(d2);
                    v = cv <= 0 ? 0 : cv >= 1 ? 255 : (int)(cv * 255 + 0.5);
                }
            }
            int old = row[px];
            if (v <= old) continue;
            row[px] = (unsigned char)v;
            /* from old's share of ink to v's: the rest of the way by
             * (v - old) / (255 - old), so a pixel two capsules share is
             * inked once, to the larger share */
            if (old == 0 && k->tabs) { /* a pixel's first ink (most): 256ths of v, its ground from the tables */
                int f = k->first[v];
                uint32_t was = line[px];
                line[px] = (was & 0xFFFFFFu) == DR_SK_FLOOR ? k->floor.to[f]
                           : (was & 0xFFFFFFu) == DR_SK_PAPER ? k->paper.to[f]
                                                               : dr__sketch_blend(was, k->rgb, f);
            } else {
                int f = v == 255 ? 256 : ((v - old) << 8) / (255 - old);
                line[px] = dr__sketch_blend(line[px], k->rgb, f);
            }
        }
    }
}

/* Calls fn(ctx, ax, ay, bx, by) for each segment of path in device
 * pixels (sx a scale, tx, ty the offset); false at a curve. */
typedef void (*seg_fn)(void *ctx, double ax, double ay, double bx, double by);
static bool each_segment(const cairo_path_t *path, double sx, double tx, double ty, seg_fn fn, void *ctx)
{
    double cx = 0, cy = 0, mx = 0, my = 0;
    bool have = false;
    for (int i = 0; i < path->num_data; i += path->data[i].header.length) {
        const cairo_path_data_t *p = &path->data[i];
        switch (p->header.type) {
        case CAIRO_PATH_MOVE_TO:
            cx = mx = p[1].point.x * sx + tx;
            cy = my = p[1].point.y * sx + ty;
            have = true;
            break;
        case CAIRO_PATH_LINE_TO: {
            double nx = p[1].point.x * sx + tx, ny = p[1].point.y * sx + ty;
            if (have) fn(ctx, cx, cy, nx, ny);
            cx = nx;
            cy = ny;
            have = true;
            break;
        }
        case CAIRO_PATH_CLOSE_PATH:
            if (have) fn(ctx, cx, cy, mx, my);
            cx = mx;
            cy = my;
            break;
        case CAIRO_PATH_CURVE_TO: /* the walls and the pen font have none */
        default:
            return false;
        }
    }
    return true;
}

typedef struct { double x0, y0, x1, y1; } box;

static void grow(void *ctx, double ax, double ay, double bx, double by)
{
    box *b = ctx;
    b->x0 = fmin(b->x0, fmin(ax, bx));
    b->y0 = fmin(b->y0, fmin(ay, by));
    b->x1 = fmax(b->x1, fmax(ax, bx));
    b->y1 = fmax(b->y1, fmax(ay, by));
}

static void ink_capsule(void *ctx, double ax, double ay, double bx, double by) { capsule(ctx, ax, ay, bx, by); }

bool dr__sketch_target_of(cairo_t *cr, dr__sketch_target *t)
{
    cairo_surface_t *s = cairo_get_group_target(cr);
    cairo_matrix_t m;
    cairo_get_matrix(cr, &m);
    if (cairo_surface_get_type(s) != CAIRO_SURFACE_TYPE_IMAGE ||
        cairo_image_surface_get_format(s) != CAIRO_FORMAT_RGB24 || m.xy != 0 || m.yx != 0 || m.xx <= 0 ||
        m.xx != m.yy)
        return false;
    double ox, oy;
    cairo_surface_get_device_offset(s, &ox, &oy);
    *t = (dr__sketch_target){s, m.xx, m.x0 + ox, m.y0 + oy, cairo_image_surface_get_width(s),
                             cairo_image_surface_get_height(s)};
    return true;
}

bool dr__sketch_ink_stroke(cairo_t *cr, const cairo_path_t *path, double width, uint32_t rgb)
{
    dr__sketch_target t;
    if (!dr__sketch_target_of(cr, &t)) return false;
    cairo_surface_t *s = t.s;
    int w = t.w, h = t.h;
    double sx = t.scale, tx = t.tx, ty = t.ty, r = width * t.scale / 2;
    /* the coverage bytes for the path's box only: a room number's is a
     * few hundred, not the image's */
    box bb = {INFINITY, INFINITY, -INFINITY, -INFINITY};
    if (!each_segment(path, sx, tx, ty, grow, &bb)) return false;
    if (bb.x0 > bb.x1) return true; /* no segment: nothing to ink */
    int bx0 = ifloor(bb.x0 - r - 2), by0 = ifloor(bb.y0 - r - 2);
    int bx1 = ifloor(bb.x1 + r + 2) + 1, by1 = ifloor(bb.y1 + r + 2) + 1;
    if (bx0 < 0) bx0 = 0;
    if (by0 < 0) by0 = 0;
    if (bx1 > w) bx1 = w;
    if (by1 > h) by1 = h;
    if (bx1 <= bx0 || by1 <= by0) return true; /* off the image */
    cairo_surface_flush(s);
    int stride = cairo_image_surface_get_stride(s);
    unsigned char *px = cairo_image_surface_get_data(s) + (size_t)by0 * (size_t)stride + (size_t)bx0 * 4;
    ink *k = dg__malloc(sizeof *k);
    unsigned char *cov = dg__calloc((size_t)(bx1 - bx0) * (size_t)(by1 - by0), 1);
    if (!k || !cov) { /* cairo's stroke instead: the same picture, slower */
        dg__free(k);
        dg__free(cov);
        return false;
    }
    /* the tables cost ~7,000 instructions: worth it over the walls'
     * hundred thousand pixels, not a room number's few hundred */
    bool tabs = (size_t)(bx1 - bx0) * (size_t)(by1 - by0) >= 16384;
    *k = (ink){cov, px, bx1 - bx0, by1 - by0, stride, r, rgb & 0xFFFFFFu, tabs, {0}, {0}, {0}};
    if (tabs) {
        for (int v = 0; v < 256; v++) k->first[v] = (short)(v == 255 ? 256 : (v << 8) / 255);
        dr__sketch_over_init(&k->floor, DR_SK_FLOOR, rgb);
        dr__sketch_over_init(&k->paper, DR_SK_PAPER, rgb);
    }
    each_segment(path, sx, tx - bx0, ty - by0, ink_capsule, k);
    cairo_surface_mark_dirty(s);
    dg__free(k->cov);
    dg__free(k);
    return true;
}
