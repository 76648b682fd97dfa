/* sketch_floor.c -- what the sketch's floors carry under the walls: the
 * pools (water squares as smooth blobs with ripples) and the grid. The
 * caller keeps them to the floors (sketch.c: a group the floors are
 * filled with on an image, a clip on the vector surfaces). */
#include <math.h>
#include <string.h>

#include "png_int.h"
#include "sketch_int.h"

/* near (NULL: all): only the squares in x0..x1, y0..y1 (inclusive) */
static void water(cairo_t *cr, const dg_dungeon *d, const dr__sketch_box *b, const unsigned char *wet, const int *near)
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
        if (near && (f->at.x < near[0] || f->at.y < near[1] || f->at.x > near[2] || f->at.y > near[3])) continue;
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
        if (near && (f->at.x < near[0] || f->at.y < near[1] || f->at.x > near[2] || f->at.y > near[3])) continue;
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
/* sentinel: every DR_SK_SENTINEL pixel becomes the floors' white with the
 * grid's share (lines: there is a grid); else the grid is blended over the
 * floors' white drawn already. */
static bool raster_grid(cairo_t *cr, const dr__sketch_box *b, bool sentinel, bool lines)
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
    if (!lines) { /* no grid: k is 0 everywhere */
        memset(colk, 0, (size_t)n_cols * sizeof *colk);
        memset(rowk, 0, (size_t)n_rows * sizeof *rowk);
        n_hit = 0;
    }
    for (int j = 0; j < n_rows; j++) {
        uint32_t *line = (uint32_t *)(void *)(px + (size_t)(py0 + j) * (size_t)stride) + px0;
        int along_y = (int)(overlap(Y0, Y1, py0 + j) * 256 + 0.5); /* the columns' lines run Y0..Y1 */
        int r = rowk[j];
        if (sentinel) { /* every floor pixel: white, and the grid's share of it */
            if (r == 0 && along_y == 256) { /* most rows: the columns' lines alone, whole */
                for (int i = 0; i < n_cols; i++)
                    if ((line[i] & 0xFFFFFFu) == DR_SK_SENTINEL) line[i] = floor.to[colk[i]];
                continue;
            }
            for (int i = 0; i < n_cols; i++) {
                if ((line[i] & 0xFFFFFFu) != DR_SK_SENTINEL) continue;
                int a = (colk[i] * along_y) >> 8;
                int rr = r > 0 ? (int)(r * col[i] + 0.5) : 0;
                int k = a + rr - ((a * rr) >> 8);
                line[i] = floor.to[k > 0 ? k : 0];
            }
            continue;
        }
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
    if (wet) water(cr, d, b, wet, NULL);
    /* square lines on any grid: a hand draws squares */
    if (d->opts.grid != DG_GRID_NONE && !raster_grid(cr, b, false, true)) {
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

/* The floors on the PNG's image without a group the size of the image:
 * the caller has filled them with DR_SK_SENTINEL (no anti-aliasing, so
 * exactly the pixels a fill through a group would take, and a colour the
 * paper and hatch never make). Over each pool's box (water squares
 * joined side to side, and a cell round them) the pools and the grid are
 * drawn on a group and copied onto the sentinel pixels there; every other sentinel pixel becomes the
 * floors' white with the grid's share (raster_grid's arithmetic, so the
 * same words as drawing the grid on a white group). A group of the whole
 * image was 1.6 MB to allocate, clear, paint and composite a render on the
 * default map, and page faults when the allocator had given it back.
 * false: not an image this can write, or out of memory. */
static bool pool_group(cairo_t *cr, const dg_dungeon *d, const dr__sketch_box *b, const unsigned char *wet,
                       const dr__sketch_target *t, int wx0, int wy0, int wx1, int wy1)
{
    double dx = b->left - b->x0, dy = b->top - b->y0;
    /* the pool's squares and a cell round them (discs of 3/5 cell,
     * ripples inside), in whole pixels: the group's box */
    int X0 = (int)floor((wx0 - 1 + dx) * t->scale + t->tx), Y0 = (int)floor((wy0 - 1 + dy) * t->scale + t->ty);
    int X1 = (int)ceil((wx1 + 2 + dx) * t->scale + t->tx), Y1 = (int)ceil((wy1 + 2 + dy) * t->scale + t->ty);
    if (X0 < 0) X0 = 0;
    if (Y0 < 0) Y0 = 0;
    if (X1 > t->w) X1 = t->w;
    if (Y1 > t->h) Y1 = t->h;
    if (X1 <= X0 || Y1 <= Y0) return true;
    cairo_save(cr);
    cairo_new_path(cr);
    cairo_rectangle(cr, (X0 - t->tx) / t->scale, (Y0 - t->ty) / t->scale, (X1 - X0) / t->scale, (Y1 - Y0) / t->scale);
    cairo_clip(cr);
    cairo_push_group_with_content(cr, CAIRO_CONTENT_COLOR);
    dr__sketch_rgb(cr, DR_SK_FLOOR);
    cairo_paint(cr);
    /* the pools as one shape, as far as any can reach into the box (a bar
     * and a disc reach 1.6 cells from their square; the box is a cell
     * round the pool): another pool there is drawn as the whole image's
     * group drew it, so whichever box copies a pixel, it is the same */
    const int near[4] = {wx0 - 3, wy0 - 3, wx1 + 3, wy1 + 3};
    water(cr, d, b, wet, near);
    bool ok = d->opts.grid == DG_GRID_NONE || raster_grid(cr, b, false, true);
    cairo_pattern_t *pat = cairo_pop_group(cr);
    cairo_restore(cr);
    cairo_surface_t *g = NULL;
    ok = ok && cairo_pattern_get_surface(pat, &g) == CAIRO_STATUS_SUCCESS &&
         cairo_surface_get_type(g) == CAIRO_SURFACE_TYPE_IMAGE;
    if (ok) {
        cairo_surface_flush(g);
        cairo_surface_flush(t->s);
        double ox, oy; /* group pixel = image pixel + offset */
        cairo_surface_get_device_offset(g, &ox, &oy);
        int gw = cairo_image_surface_get_width(g), gh = cairo_image_surface_get_height(g);
        int gs = cairo_image_surface_get_stride(g), ts = cairo_image_surface_get_stride(t->s);
        const unsigned char *gp = cairo_image_surface_get_data(g);
        unsigned char *tp = cairo_image_surface_get_data(t->s);
        int gx0 = (int)ox, gy0 = (int)oy;
        if (X0 + gx0 < 0) X0 = -gx0;
        if (Y0 + gy0 < 0) Y0 = -gy0;
        if (X1 + gx0 > gw) X1 = gw - gx0;
        if (Y1 + gy0 > gh) Y1 = gh - gy0;
        for (int y = Y0; y < Y1; y++) {
            uint32_t *dst = (uint32_t *)(void *)(tp + (size_t)y * (size_t)ts);
            const uint32_t *src = (const uint32_t *)(const void *)(gp + (size_t)(y + gy0) * (size_t)gs) + gx0;
            for (int x = X0; x < X1; x++)
                if ((dst[x] & 0xFFFFFFu) == DR_SK_SENTINEL) dst[x] = src[x] | 0xFF000000u;
        }
        cairo_surface_mark_dirty(t->s);
    }
    cairo_pattern_destroy(pat);
    return ok;
}

bool dr__sketch_floor_image(cairo_t *cr, const dg_dungeon *d, const dr__sketch_box *b, const unsigned char *wet)
{
    dr__sketch_target t;
    if (!dr__sketch_target_of(cr, &t)) return false;
    if (wet) {
        /* each pool's box by a walk over its squares */
        size_t n = (size_t)d->width * (size_t)d->height;
        unsigned char *seen = dg__calloc(n, 1);
        int *stack = dg__malloc(n * sizeof *stack);
        bool ok = seen && stack;
        for (size_t s0 = 0; ok && s0 < n; s0++) {
            if (!wet[s0] || seen[s0]) continue;
            int wx0 = d->width, wy0 = d->height, wx1 = -1, wy1 = -1;
            size_t top = 0;
            stack[top++] = (int)s0;
            seen[s0] = 1;
            while (top) {
                int c = stack[--top], x = c % d->width, y = c / d->width;
                if (x < wx0) wx0 = x;
                if (x > wx1) wx1 = x;
                if (y < wy0) wy0 = y;
                if (y > wy1) wy1 = y;
                const int nx[4] = {x - 1, x + 1, x, x}, ny[4] = {y, y, y - 1, y + 1};
                for (int k = 0; k < 4; k++) {
                    if (nx[k] < 0 || ny[k] < 0 || nx[k] >= d->width || ny[k] >= d->height) continue;
                    size_t q = (size_t)ny[k] * (size_t)d->width + (size_t)nx[k];
                    if (wet[q] && !seen[q]) {
                        seen[q] = 1;
                        stack[top++] = (int)q;
                    }
                }
            }
            ok = pool_group(cr, d, b, wet, &t, wx0, wy0, wx1, wy1);
        }
        dg__free(stack);
        dg__free(seen);
        if (!ok) return false;
    }
    return raster_grid(cr, b, true, d->opts.grid != DG_GRID_NONE);
}
