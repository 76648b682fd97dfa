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

void dr__sketch_floor_marks(cairo_t *cr, const dg_dungeon *d, const dr__sketch_box *b, const unsigned char *wet)
{
    double dx = b->left - b->x0, dy = b->top - b->y0;
    if (wet) water(cr, d, b, wet);
    if (d->opts.grid != DG_GRID_NONE) { /* square lines on any grid: a hand draws squares */
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

