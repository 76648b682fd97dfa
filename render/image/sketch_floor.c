/* sketch_floor.c -- what the sketch's floors carry under the walls: the
 * pools (water squares as smooth blobs with ripples) and the grid. The
 * caller keeps them to the floors (sketch.c: a group the floors are
 * filled with on an image, a clip on the vector surfaces). */
#include <math.h>
#include <string.h>

#include "png_int.h"
#include "sketch_int.h"

static void water(cairo_t *cr, const dg_dungeon *d, const dr__sketch_box *b, const unsigned char *wet)
{
    const dg_contents *c = d->contents;
    if (!c) return;
    double dx = b->left - b->x0, dy = b->top - b->y0;
    cairo_new_path(cr);
    bool any = false;
    /* the palette styles' pool (feature_glyphs.c's in_pool): a disc of
     * 3/5 cell a square and a bar as wide to each water neighbour, so a
     * pool has no waist between squares and no hole where four meet */
    for (size_t i = 0; i < c->n_features; i++) {
        const dg_map_feature *f = &c->features[i];
        if (f->kind != DG_FEATURE_WATER) continue;
        double cx = f->at.x + 0.5 + dx, cy = f->at.y + 0.5 + dy;
        cairo_new_sub_path(cr);
        cairo_arc(cr, cx, cy, 0.6, 0, 2 * M_PI);
        int x = f->at.x, y = f->at.y, w = d->width;
        if (x >= 0 && y >= 0 && x + 1 < w && y < d->height && wet[(size_t)y * (size_t)w + (size_t)x + 1])
            cairo_rectangle(cr, cx, cy - 0.6, 1, 1.2);
        if (x >= 0 && y >= 0 && x < w && y + 1 < d->height && wet[(size_t)(y + 1) * (size_t)w + (size_t)x])
            cairo_rectangle(cr, cx - 0.6, cy, 1.2, 1);
        any = true;
    }
    if (!any) return;
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
    dr__sketch_rgb(cr, DR_SK_WATER);
    cairo_fill(cr);
    dr__sketch_rgb(cr, DR_SK_RIPPLE);
    cairo_set_line_width(cr, 0.04);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_new_path(cr);
    for (size_t i = 0; i < c->n_features; i++) {
        const dg_map_feature *f = &c->features[i];
        if (f->kind != DG_FEATURE_WATER) continue;
        int x = f->at.x, y = f->at.y;
        if (dr__sketch_noise(d->opts.seed, x, y, 40) < 0.45) continue;
        double cx = x + 0.5 + dx + (dr__sketch_noise(d->opts.seed, x, y, 41) - 0.5) * 0.3;
        double cy = y + 0.5 + dy + (dr__sketch_noise(d->opts.seed, x, y, 42) - 0.5) * 0.3;
        cairo_new_sub_path(cr);
        cairo_arc(cr, cx, cy + 0.18, 0.26, 1.25 * M_PI, 1.75 * M_PI);
        cairo_new_sub_path(cr);
        cairo_arc(cr, cx + 0.12, cy + 0.34, 0.2, 1.25 * M_PI, 1.75 * M_PI);
    }
    /* one stroke for them all: under the floors' clip, each operation
     * costs the SVG and the PDF a copy of the clip path */
    cairo_stroke(cr);
}

/* The share of [a, b) in the pixel [i, i + 1). */
static double overlap(double a, double b, int i)
{
    double lo = a > i ? a : i, hi = b < i + 1 ? b : i + 1;
    return hi > lo ? hi - lo : 0;
}

/* The grid on an image surface, worked out here: its lines are on the
 * axes, so a pixel's share of a column's line and of a row's is exact
 * (their overlaps), and of both their union (a + b - ab, as for any two
 * strips at right angles). cairo's stroke of the same 70-odd lines took
 * about a millisecond on the default map: it scan-converts the whole
 * width of each. false: not an image this can write (the caller strokes). */
static bool raster_grid(cairo_t *cr, const dr__sketch_box *b)
{
    dr__sketch_target t;
    if (!dr__sketch_target_of(cr, &t)) return false;
    cairo_surface_t *s = t.s;
    cairo_surface_flush(s);
    int w = t.w, h = t.h;
    int stride = cairo_image_surface_get_stride(s);
    unsigned char *px = cairo_image_surface_get_data(s);
    double c = t.scale, hw = DR_SK_GRID_W * c / 2;
    /* the lines' box and the lines, in the surface's pixels */
    double X0 = b->left * c + t.tx, Y0 = b->top * c + t.ty;
    double X1 = X0 + (b->x1 - b->x0) * c, Y1 = Y0 + (b->y1 - b->y0) * c;
    int px0 = (int)floor(X0 - hw), px1 = (int)ceil(X1 + hw), py0 = (int)floor(Y0 - hw), py1 = (int)ceil(Y1 + hw);
    if (px0 < 0) px0 = 0;
    if (py0 < 0) py0 = 0;
    if (px1 > w) px1 = w;
    if (py1 > h) py1 = h;
    if (px1 <= px0 || py1 <= py0) return true;
    int n_cols = px1 - px0, n_rows = py1 - py0;
    double *col = dg__calloc((size_t)n_cols + (size_t)n_rows, sizeof *col), *row = col + n_cols;
    int *colk = dg__malloc(((size_t)n_cols * 2 + (size_t)n_rows) * sizeof *colk), *rowk = colk + n_cols,
        *hit = rowk + n_rows;
    if (!col || !colk) { /* the stroke instead: the same picture, slower */
        dg__free(col);
        dg__free(colk);
        return false;
    }
    for (int k = 0; k <= b->x1 - b->x0; k++) {
        double x = X0 + k * c;
        for (int i = (int)floor(x - hw); i <= (int)floor(x + hw); i++)
            if (i >= px0 && i < px1) col[i - px0] += overlap(x - hw, x + hw, i);
    }
    for (int k = 0; k <= b->y1 - b->y0; k++) {
        double y = Y0 + k * c;
        for (int j = (int)floor(y - hw); j <= (int)floor(y + hw); j++)
            if (j >= py0 && j < py1) row[j - py0] += overlap(y - hw, y + hw, j);
    }
    /* in 256ths: a column's line times its share of the box's pixel
     * (the lines stop at the box), and a row's likewise */
    int n_hit = 0;
    for (int i = 0; i < n_cols; i++) {
        double a = (col[i] > 1 ? 1 : col[i]), along = overlap(X0, X1, px0 + i);
        colk[i] = (int)(a * 256 + 0.5);
        if (colk[i] > 0) hit[n_hit++] = i;
        col[i] = along; /* kept for the rows' lines */
    }
    for (int j = 0; j < n_rows; j++) rowk[j] = (int)((row[j] > 1 ? 1 : row[j]) * 256 + 0.5);
    dr__sketch_over floor; /* the grid is drawn on the floors' white (sketch.c's group) */
    dr__sketch_over_init(&floor, DR_SK_FLOOR, DR_SK_GRID);
    for (int j = 0; j < n_rows; j++) {
        uint32_t *line = (uint32_t *)(void *)(px + (size_t)(py0 + j) * (size_t)stride) + px0;
        int along_y = (int)(overlap(Y0, Y1, py0 + j) * 256 + 0.5); /* the columns' lines run Y0..Y1 */
        int r = rowk[j];
        int n = r > 0 ? n_cols : n_hit;
        for (int q = 0; q < n; q++) {
            int i = r > 0 ? q : hit[q];
            int a = (colk[i] * along_y) >> 8;
            int rr = r > 0 ? (int)(r * col[i] + 0.5) : 0;
            int k = a + rr - ((a * rr) >> 8); /* the union of the two strips */
            if (k <= 0) continue;
            line[i] = dr__sketch_over_px(&floor, line[i], DR_SK_GRID, k);
        }
    }
    dg__free(col);
    dg__free(colk);
    cairo_surface_mark_dirty(s);
    return true;
}

void dr__sketch_floor_marks(cairo_t *cr, const dg_dungeon *d, const dr__sketch_box *b, const unsigned char *wet)
{
    double dx = b->left - b->x0, dy = b->top - b->y0;
    if (wet) water(cr, d, b, wet);
    /* square lines on any grid: a hand draws squares */
    if (d->opts.grid != DG_GRID_NONE && !raster_grid(cr, b)) {
        cairo_new_path(cr);
        for (int x = b->x0; x <= b->x1; x++) {
            cairo_move_to(cr, x + dx, b->top);
            cairo_line_to(cr, x + dx, b->top + (b->y1 - b->y0));
        }
        for (int y = b->y0; y <= b->y1; y++) {
            cairo_move_to(cr, b->left, y + dy);
            cairo_line_to(cr, b->left + (b->x1 - b->x0), y + dy);
        }
        dr__sketch_rgb(cr, DR_SK_GRID);
        cairo_set_line_width(cr, DR_SK_GRID_W);
        cairo_stroke(cr);
    }
}
