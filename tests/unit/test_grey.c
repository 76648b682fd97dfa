/* test_grey.c -- every style read as a grey-scale print: each PNG turned
 * into WCAG 2 relative luminance, pixel by pixel, then
 *   - every room number and every door and stair glyph has ink at 4.5:1
 *     or more against what lies under it (the commonest grey of its
 *     square's window: floor, a halo, water),
 *   - water squares differ from the floor around them (mean luminance
 *     ratio at least 1.25),
 *   - rooms stand out from the rock (mean ratio at least 1.5) in every
 *     style that fills its rock (crosshatch, ink and sketch leave it paper
 *     on purpose: their walls and hatching say where rock is),
 *   - crosshatch's and sketch's hatching is a band: rock squares beside a
 *     floor are inked, and most rock squares far from any floor (and open
 *     to the map's edge) are plain.
 * Figures go to stderr (the table in docs/drawing.md). */
#include <criterion/criterion.h>

#include "dg_contents.h"
#include "raster_fixture.h"
#include "sketch_int.h"

/* Where the image puts the map's squares: x px of square column x is
 * ox + x * c (likewise y); sketch crops and adds bands (sketch.c). */
typedef struct {
    const dg_dungeon *d;
    img im;
    double *lum; /* per pixel */
    double ox, oy, c;
} grey;

static grey grey_of(const dg_dungeon *d)
{
    grey g = {d, encode_img(d), NULL, 0, 0, d->opts.cell};
    if (d->opts.style == DG_STYLE_SKETCH) {
        dr__sketch_box b;
        dr__sketch_layout(d, d->opts.legend, &b);
        g.ox = (b.left - b.x0) * g.c;
        g.oy = (b.top - b.y0) * g.c;
    }
    size_t n = (size_t)g.im.w * (size_t)g.im.h;
    g.lum = malloc(n * sizeof *g.lum);
    cr_assert_not_null(g.lum);
    double table[256][3]; /* luminance of each channel value, the three weights applied */
    for (int v = 0; v < 256; v++) {
        double l = rf_luminance((uint32_t)v << 16 | (uint32_t)v << 8 | (uint32_t)v);
        table[v][0] = l * 0.2126;
        table[v][1] = l * 0.7152;
        table[v][2] = l * 0.0722;
    }
    for (size_t p = 0; p < n; p++)
        g.lum[p] = table[g.im.rgb[3 * p]][0] + table[g.im.rgb[3 * p + 1]][1] + table[g.im.rgb[3 * p + 2]][2];
    return g;
}

static void grey_free(grey *g)
{
    free(g->im.rgb);
    free(g->lum);
}

/* The window (cx +- hw, cy +- hh) in squares, as a pixel box clipped to
 * the image. */
static void box(const grey *g, double cx, double cy, double hw, double hh, int *x0, int *y0, int *x1, int *y1)
{
    *x0 = (int)(g->ox + (cx - hw) * g->c);
    *x1 = (int)(g->ox + (cx + hw) * g->c);
    *y0 = (int)(g->oy + (cy - hh) * g->c);
    *y1 = (int)(g->oy + (cy + hh) * g->c);
    if (*x0 < 0) *x0 = 0;
    if (*y0 < 0) *y0 = 0;
    if (*x1 > g->im.w) *x1 = g->im.w;
    if (*y1 > g->im.h) *y1 = g->im.h;
}

/* Pixels of the window at 4.5:1 or more from its commonest grey (what lies
 * under the mark); *under gets that grey. */
static int inked(const grey *g, double cx, double cy, double hw, double hh, double *under)
{
    int x0, y0, x1, y1;
    box(g, cx, cy, hw, hh, &x0, &y0, &x1, &y1);
    /* the commonest luminance, in 256 bins of its cube root (even steps for the eye) */
    int bins[256] = {0};
    double sum[256] = {0};
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            double l = g->lum[(size_t)y * (size_t)g->im.w + (size_t)x];
            int k = (int)(cbrt(l) * 255.0 + 0.5);
            bins[k]++;
            sum[k] += l;
        }
    int best = 0;
    for (int k = 1; k < 256; k++)
        if (bins[k] > bins[best]) best = k;
    double bg = bins[best] ? sum[best] / bins[best] : 1.0;
    int n = 0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) n += rf_ratio(g->lum[(size_t)y * (size_t)g->im.w + (size_t)x], bg) >= 4.5;
    *under = bg;
    return n;
}

/* Mean luminance over a square's middle (half its side). */
static double square_mean(const grey *g, int x, int y)
{
    int x0, y0, x1, y1;
    box(g, x + 0.5, y + 0.5, 0.25, 0.25, &x0, &y0, &x1, &y1);
    double s = 0;
    int n = 0;
    for (int py = y0; py < y1; py++)
        for (int px = x0; px < x1; px++, n++) s += g->lum[(size_t)py * (size_t)g->im.w + (size_t)px];
    return n ? s / n : 0;
}

/* sketch.c's label_cell and glyphs.c's: a chamber's own cell, a
 * rectangle's middle, else the room square nearest its box's middle. */
static bool label_point(const dg_dungeon *d, const dg_room *r, double *x, double *y)
{
    if (r->kind == DG_ROOM_KIND_CHAMBER) {
        *x = r->label_x + 0.5;
        *y = r->label_y + 0.5;
        return true;
    }
    int cx2 = 2 * r->x + r->width, cy2 = 2 * r->y + r->height;
    if (r->shape == DG_SHAPE_RECT && !r->outline) {
        *x = cx2 / 2.0;
        *y = cy2 / 2.0;
        return true;
    }
    long best = -1;
    for (int yy = r->y; yy < r->y + r->height; yy++)
        for (int xx = r->x; xx < r->x + r->width; xx++) {
            uint32_t w = dg_cell(d, xx, yy);
            if (!dg_cell_open(w) || (int)((w & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT) != r->id) continue;
            long ddx = 2 * xx + 1 - cx2, ddy = 2 * yy + 1 - cy2, dd = ddx * ddx + ddy * ddy;
            if (best < 0 || dd < best) {
                best = dd;
                *x = xx + 0.5;
                *y = yy + 0.5;
            }
        }
    return best >= 0;
}

static bool paper_rock(dg_style s) { return s == DG_STYLE_CROSSHATCH || s == DG_STYLE_INK || s == DG_STYLE_SKETCH; }

static bool water_at(const dg_dungeon *d, int x, int y)
{
    for (size_t i = 0; d->contents && i < d->contents->n_features; i++)
        if (d->contents->features[i].kind == DG_FEATURE_WATER && d->contents->features[i].at.x == x &&
            d->contents->features[i].at.y == y)
            return true;
    return false;
}

/* Maps with pools and flooded rooms (the aquatic concepts stock water),
 * caves and round rooms: four a style. */
static const char *const maps[] = {
    "seed=7",
    "seed=21&algorithm=caverns&rows=31&cols=41",
    "seed=5&polymorph=many&pillars=yes",
    "seed=40&rooms=dense",
};

Test(grey, labels_and_marks_read_in_every_style)
{
    for (int s = 0; s < DG_STYLE_COUNT; s++) {
        int worst_label = 1 << 30, worst_mark = 1 << 30, n_labels = 0, n_marks = 0;
        for (size_t m = 0; m < sizeof maps / sizeof *maps; m++) {
            char q[192];
            snprintf(q, sizeof q, "%s&style=%s", maps[m], dg_style_name((dg_style)s));
            dg_dungeon *d = rf_generate(q);
            grey g = grey_of(d);
            int c = d->opts.cell;
            /* a digit's stroke is a pen's width by most of the cell's
             * height: a number has at least that many pixels of ink */
            int need = c * 2 / 3;
            for (size_t i = 0; i < d->n_rooms; i++) {
                double x, y, under;
                if (!label_point(d, &d->rooms[i], &x, &y)) continue;
                int n = inked(&g, x, y, 0.6, 0.4, &under);
                cr_assert_geq(n, need, "%s: room %d's number has %d pixels at 4.5:1 on grey %.3f (wants %d)", q,
                              d->rooms[i].id, n, under, need);
                if (n < worst_label) worst_label = n;
                n_labels++;
            }
            for (size_t i = 0; i < d->n_doors; i++) {
                const dg_door *dr = &d->doors[i];
                if (dr->type == DG_DOOR_ARCH) continue; /* an archway: its walls' ends are the mark */
                double under;
                int n = inked(&g, dr->x + 0.5, dr->y + 0.5, 0.35, 0.35, &under);
                cr_assert_geq(n, need, "%s: door at (%d,%d) has %d pixels at 4.5:1 on grey %.3f (wants %d)", q, dr->x,
                              dr->y, n, under, need);
                if (n < worst_mark) worst_mark = n;
                n_marks++;
            }
            for (size_t i = 0; i < d->n_stairs; i++) {
                double under;
                int n = inked(&g, d->stairs[i].x + 0.5, d->stairs[i].y + 0.5, 0.4, 0.4, &under);
                cr_assert_geq(n, need, "%s: stairs at (%d,%d) have %d pixels at 4.5:1 on grey %.3f (wants %d)", q,
                              d->stairs[i].x, d->stairs[i].y, n, under, need);
                if (n < worst_mark) worst_mark = n;
                n_marks++;
            }
            grey_free(&g);
            dg_dungeon_free(d);
        }
        fprintf(stderr, "grey %-10s labels %3d (fewest inked px %d), doors and stairs %3d (fewest %d)\n",
                dg_style_name((dg_style)s), n_labels, worst_label, n_marks, worst_mark);
    }
}

Test(grey, water_and_rooms_stand_out)
{
    for (int s = 0; s < DG_STYLE_COUNT; s++) {
        double floor_sum = 0, water_sum = 0, rock_sum = 0;
        long n_floor = 0, n_water = 0, n_rock = 0;
        for (size_t m = 0; m < sizeof maps / sizeof *maps; m++) {
            char q[192];
            snprintf(q, sizeof q, "%s&style=%s", maps[m], dg_style_name((dg_style)s));
            dg_dungeon *d = rf_generate(q);
            grey g = grey_of(d);
            for (int y = 1; y < d->height - 1; y++)
                for (int x = 1; x < d->width - 1; x++) {
                    uint32_t w = dg_cell(d, x, y);
                    if (water_at(d, x, y)) {
                        water_sum += square_mean(&g, x, y);
                        n_water++;
                    } else if (dg_cell_open(w) && (w & DG_ROOM) && !(w & (DG_DOORSPACE | DG_STAIRS))) {
                        bool plain = true; /* no feature, mark or number */
                        for (size_t i = 0; d->contents && i < d->contents->n_features && plain; i++)
                            plain = d->contents->features[i].at.x != x || d->contents->features[i].at.y != y;
                        for (size_t i = 0; i < d->n_rooms && plain; i++) {
                            double lx, ly;
                            plain = !label_point(d, &d->rooms[i], &lx, &ly) || fabs(lx - x - 0.5) > 1.5 ||
                                    fabs(ly - y - 0.5) > 1;
                        }
                        if (!plain) continue;
                        floor_sum += square_mean(&g, x, y);
                        n_floor++;
                    } else if (!dg_cell_open(w)) {
                        rock_sum += square_mean(&g, x, y);
                        n_rock++;
                    }
                }
            grey_free(&g);
            dg_dungeon_free(d);
        }
        cr_assert_gt(n_water, 20, "%s: too little water to judge (%ld squares)", dg_style_name((dg_style)s), n_water);
        double fl = floor_sum / n_floor, wa = water_sum / n_water, ro = rock_sum / n_rock;
        fprintf(stderr, "grey %-10s floor %.3f water %.3f (%.2f:1, %ld squares) rock %.3f (%.2f:1)\n",
                dg_style_name((dg_style)s), fl, wa, rf_ratio(fl, wa), n_water, ro, rf_ratio(fl, ro));
        cr_assert_geq(rf_ratio(fl, wa), 1.25, "%s: water %.3f on floor %.3f is %.2f:1 in grey", dg_style_name((dg_style)s),
                      wa, fl, rf_ratio(fl, wa));
        if (!paper_rock((dg_style)s))
            cr_assert_geq(rf_ratio(fl, ro), 1.5, "%s: rooms %.3f on rock %.3f are %.2f:1 in grey",
                          dg_style_name((dg_style)s), fl, ro, rf_ratio(fl, ro));
    }
}

/* Crosshatch and sketch: the rock squares beside a floor carry ink; of the
 * rock squares two or more from any floor, most are plain paper. */
Test(grey, hatching_is_a_band)
{
    static const dg_style hatched[] = {DG_STYLE_CROSSHATCH, DG_STYLE_SKETCH};
    for (size_t h = 0; h < 2; h++)
        for (size_t m = 0; m < sizeof maps / sizeof *maps; m++) {
            char q[192];
            snprintf(q, sizeof q, "%s&style=%s", maps[m], dg_style_name(hatched[h]));
            dg_dungeon *d = rf_generate(q);
            grey g = grey_of(d);
            double paper = rf_luminance(0xFFFFFF) * 0.8; /* lighter than this is paper */
            long near = 0, near_inked = 0, far = 0, far_plain = 0;
            /* per square: Chebyshev distance to the nearest floor, capped at 3 */
            int W = d->width, H = d->height;
            unsigned char *dist = calloc((size_t)W * (size_t)H, 1), *outer = calloc((size_t)W * (size_t)H, 1);
            int *stack = malloc((size_t)W * (size_t)H * sizeof *stack), top = 0;
            cr_assert(dist && outer && stack);
            for (int y = 0; y < H; y++)
                for (int x = 0; x < W; x++) {
                    int k = 3;
                    for (int dy = -2; dy <= 2; dy++)
                        for (int dx = -2; dx <= 2; dx++) {
                            int xx = x + dx, yy = y + dy;
                            if (xx < 0 || yy < 0 || xx >= W || yy >= H || !dg_cell_open(dg_cell(d, xx, yy))) continue;
                            int e = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
                            if (e < k) k = e;
                        }
                    dist[y * W + x] = (unsigned char)k;
                    if ((x == 0 || y == 0 || x == W - 1 || y == H - 1) && k >= 2) {
                        outer[y * W + x] = 1;
                        stack[top++] = y * W + x;
                    }
                }
            /* far rock the map's edge reaches: rock the band closes in is
             * hatched whole on purpose (an island of paper reads as a room) */
            while (top) {
                int k = stack[--top], x = k % W, y = k / W;
                static const int sx[4] = {1, -1, 0, 0}, sy[4] = {0, 0, 1, -1};
                for (int i = 0; i < 4; i++) {
                    int xx = x + sx[i], yy = y + sy[i];
                    if (xx < 0 || yy < 0 || xx >= W || yy >= H) continue;
                    int kk = yy * W + xx;
                    if (outer[kk] || dist[kk] < 2) continue;
                    outer[kk] = 1;
                    stack[top++] = kk;
                }
            }
            for (int y = 0; y < H; y++)
                for (int x = 0; x < W; x++) {
                    if (dist[y * W + x] == 0) continue;
                    int x0, y0, x1, y1, ink = 0, all = 0;
                    box(&g, x + 0.5, y + 0.5, 0.5, 0.5, &x0, &y0, &x1, &y1);
                    for (int py = y0; py < y1; py++)
                        for (int px = x0; px < x1; px++, all++) ink += g.lum[(size_t)py * (size_t)g.im.w + (size_t)px] < paper;
                    if (dist[y * W + x] == 1) {
                        near++;
                        near_inked += ink * 20 >= all; /* a twentieth of it ink at least */
                    } else if (outer[y * W + x]) {
                        far++;
                        far_plain += ink * 50 < all;
                    }
                }
            free(dist);
            free(outer);
            free(stack);
            fprintf(stderr, "grey %-10s %-45s band squares inked %ld of %ld, far rock plain %ld of %ld\n",
                    dg_style_name(hatched[h]), maps[m], near_inked, near, far_plain, far);
            cr_assert_geq(near_inked * 10, near * 9, "%s: %ld of %ld rock squares by a floor are inked", q,
                          near_inked, near);
            cr_assert_geq(far_plain * 2, far, "%s: %ld of %ld rock squares far from floors are plain", q, far_plain,
                          far);
            grey_free(&g);
            dg_dungeon_free(d);
        }
}
