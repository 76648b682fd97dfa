/* sketch_glyphs.c -- the sketch style's doors, stairs and features: flat
 * ink shapes, one per kind, each told from the others by its outline at a
 * glance (a door is a leaf across the passage, a locked one barred, a
 * portcullis a row of posts; an altar a solid slab with two candles, a
 * chest an outlined box with its lid line, a statue a figure on a plinth,
 * a pillar a solid disc). Cell-unit coordinates: (x, y) is the cell's
 * top-left corner. */
#include <math.h>

#include "sketch_int.h"

#define PEN 0.07

static void ink(cairo_t *cr) { dr__sketch_rgb(cr, DR_SK_INK); }

/* A box in the cell's own frame: (u, v) along and across the passage, so
 * one drawing serves both orientations. */
static void box(cairo_t *cr, double x, double y, bool ew, double u0, double v0, double u1, double v1)
{
    if (ew) cairo_rectangle(cr, x + u0, y + v0, u1 - u0, v1 - v0);
    else cairo_rectangle(cr, x + v0, y + u0, v1 - v0, u1 - u0);
}

static void fill_stroke(cairo_t *cr, uint32_t fill)
{
    dr__sketch_rgb(cr, fill);
    cairo_fill_preserve(cr);
    ink(cr);
    cairo_set_line_width(cr, PEN);
    cairo_stroke(cr);
}

void dr__sketch_door(cairo_t *cr, double x, double y, dg_door_type t, bool ew, bool player)
{
    cairo_save(cr);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
    cairo_new_path(cr);
    switch (t) {
    case DG_DOOR_ARCH: /* the jambs only: an opening */
        box(cr, x, y, ew, 0.38, -0.06, 0.62, 0.14);
        box(cr, x, y, ew, 0.38, 0.86, 0.62, 1.06);
        ink(cr);
        cairo_fill(cr);
        break;
    case DG_DOOR_PORTC: /* posts across the passage */
        for (int i = 0; i < 4; i++) {
            double v = 0.14 + i * 0.24;
            cairo_new_sub_path(cr);
            if (ew) cairo_arc(cr, x + 0.5, y + v, 0.07, 0, 2 * M_PI);
            else cairo_arc(cr, x + v, y + 0.5, 0.07, 0, 2 * M_PI);
        }
        ink(cr);
        cairo_fill(cr);
        cairo_new_path(cr);
        box(cr, x, y, ew, 0.49, 0.05, 0.51, 0.95);
        cairo_fill(cr);
        break;
    case DG_DOOR_SECRET: /* the wall runs on; the GM's S says where */
        if (player) break;
        box(cr, x, y, ew, 0.42, -0.04, 0.58, 1.04);
        ink(cr);
        cairo_fill(cr);
        dr__sketch_text(cr, "S", x + 0.5, y + 0.27, 0.46, 0.07, DR_SK_TRAP, DR_SK_FLOOR);
        break;
    default: /* a leaf across the passage */
        box(cr, x, y, ew, 0.33, 0.08, 0.67, 0.92);
        fill_stroke(cr, t == DG_DOOR_LOCKED ? DR_SK_INK : DR_SK_FLOOR);
        if (t == DG_DOOR_LOCKED) { /* solid, with a bar through: locked */
            cairo_new_path(cr);
            box(cr, x, y, ew, 0.18, 0.46, 0.82, 0.54);
            ink(cr);
            cairo_fill(cr);
        } else if (t == DG_DOOR_TRAPPED && !player) { /* the GM's T beside it */
            dr__sketch_text(cr, "T", ew ? x + 0.82 : x + 0.5, ew ? y + 0.05 : y + 0.6, 0.34, 0.06, DR_SK_TRAP,
                            DR_SK_FLOOR);
        }
        break;
    }
    cairo_restore(cr);
}

void dr__sketch_stair(cairo_t *cr, double x, double y, bool down, dg_dir dir)
{
    /* treads across the way off the stair; down narrows away from it.
     * The wall's stroke reaches about a tenth of a cell into the floor
     * (half its width and the wobble) and a cave's dead end rounds its
     * corners a quarter cell (cave_draw.c): the treads and rails stay a
     * fifth of a cell clear of the sides and the back, so no wall crosses
     * them (issue 41). */
    double ux = dg_dir_dx(dir), uy = dg_dir_dy(dir);
    cairo_save(cr);
    ink(cr);
    cairo_set_line_width(cr, 0.06);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    cairo_new_path(cr);
    for (int i = 0; i < 5; i++) {
        double a = 0.32 - i * 0.14; /* from the exit side (+0.32) backwards */
        double half = down ? 0.29 - i * 0.045 : 0.29;
        double mx = x + 0.5 + ux * a, my = y + 0.5 + uy * a;
        cairo_move_to(cr, mx - uy * half, my + ux * half);
        cairo_line_to(cr, mx + uy * half, my - ux * half);
    }
    cairo_stroke(cr);
    if (!down) { /* up: the rails too, a ladder of equal treads */
        cairo_set_line_width(cr, 0.04);
        for (int s = -1; s <= 1; s += 2) {
            double ox = -uy * 0.29 * s, oy = ux * 0.29 * s;
            cairo_move_to(cr, x + 0.5 + ux * 0.4 + ox, y + 0.5 + uy * 0.4 + oy);
            cairo_line_to(cr, x + 0.5 - ux * 0.28 + ox, y + 0.5 - uy * 0.28 + oy);
        }
        cairo_stroke(cr);
    }
    cairo_restore(cr);
}

static void disc(cairo_t *cr, double cx, double cy, double r)
{
    cairo_new_sub_path(cr);
    cairo_arc(cr, cx, cy, r, 0, 2 * M_PI);
}

void dr__sketch_feature(cairo_t *cr, double x, double y, int kind)
{
    cairo_save(cr);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_new_path(cr);
    double cx = x + 0.5, cy = y + 0.5;
    switch (kind) {
    case DG_FEATURE_PILLAR: /* a solid disc */
        disc(cr, cx, cy, 0.3);
        ink(cr);
        cairo_fill(cr);
        break;
    case DG_FEATURE_STATUE: /* a figure on a square plinth */
        cairo_rectangle(cr, x + 0.18, y + 0.18, 0.64, 0.64);
        fill_stroke(cr, DR_SK_FLOOR);
        disc(cr, cx, y + 0.34, 0.09);
        ink(cr);
        cairo_fill(cr);
        cairo_set_line_width(cr, 0.07);
        cairo_move_to(cr, cx, y + 0.42);
        cairo_line_to(cr, cx, y + 0.62);
        cairo_move_to(cr, x + 0.34, y + 0.48);
        cairo_line_to(cr, x + 0.66, y + 0.48);
        cairo_move_to(cr, cx, y + 0.62);
        cairo_line_to(cr, x + 0.38, y + 0.76);
        cairo_move_to(cr, cx, y + 0.62);
        cairo_line_to(cr, x + 0.62, y + 0.76);
        cairo_stroke(cr);
        break;
    case DG_FEATURE_ALTAR: /* a solid slab with two candles */
        cairo_rectangle(cr, x + 0.12, y + 0.3, 0.76, 0.4);
        ink(cr);
        cairo_fill(cr);
        disc(cr, x + 0.3, cy, 0.07);
        disc(cr, x + 0.7, cy, 0.07);
        dr__sketch_rgb(cr, DR_SK_FLOOR);
        cairo_fill(cr);
        break;
    case DG_FEATURE_RUBBLE: /* loose stones */
        for (int i = 0; i < 5; i++) {
            static const double p[5][2] = {{0.25, 0.3}, {0.6, 0.22}, {0.72, 0.6}, {0.35, 0.7}, {0.5, 0.48}};
            static const double r[5] = {0.1, 0.08, 0.11, 0.09, 0.07};
            double px = x + p[i][0], py = y + p[i][1];
            cairo_move_to(cr, px - r[i], py + r[i] * 0.6);
            cairo_line_to(cr, px - r[i] * 0.2, py - r[i]);
            cairo_line_to(cr, px + r[i], py - r[i] * 0.1);
            cairo_line_to(cr, px + r[i] * 0.5, py + r[i]);
            cairo_close_path(cr);
        }
        fill_stroke(cr, DR_SK_GRID);
        break;
    case DG_FEATURE_SARCOPHAGUS: /* a coffin's outline, lid line down it */
        cairo_move_to(cr, cx, y + 0.06);
        cairo_line_to(cr, x + 0.72, y + 0.22);
        cairo_line_to(cr, x + 0.66, y + 0.94);
        cairo_line_to(cr, x + 0.34, y + 0.94);
        cairo_line_to(cr, x + 0.28, y + 0.22);
        cairo_close_path(cr);
        fill_stroke(cr, DR_SK_FLOOR);
        cairo_move_to(cr, cx, y + 0.2);
        cairo_line_to(cr, cx, y + 0.82);
        cairo_stroke(cr);
        break;
    case DG_FEATURE_BRAZIER: /* a bowl with flames rising */
        disc(cr, cx, cy + 0.1, 0.22);
        fill_stroke(cr, DR_SK_FLOOR);
        cairo_set_line_width(cr, 0.06);
        for (int i = -1; i <= 1; i++) {
            cairo_move_to(cr, cx + i * 0.12, cy + 0.02);
            cairo_curve_to(cr, cx + i * 0.12 - 0.08, cy - 0.12, cx + i * 0.12 + 0.08, cy - 0.2, cx + i * 0.12,
                           cy - 0.36);
        }
        ink(cr);
        cairo_stroke(cr);
        break;
    case DG_FEATURE_THRONE: /* a seat with a high back */
        cairo_rectangle(cr, x + 0.26, y + 0.4, 0.48, 0.42);
        fill_stroke(cr, DR_SK_FLOOR);
        cairo_rectangle(cr, x + 0.2, y + 0.14, 0.6, 0.2);
        ink(cr);
        cairo_fill(cr);
        cairo_rectangle(cr, x + 0.2, y + 0.34, 0.08, 0.48);
        cairo_rectangle(cr, x + 0.72, y + 0.34, 0.08, 0.48);
        cairo_fill(cr);
        break;
    case DG_FEATURE_CAGE: /* bars in a square */
        cairo_rectangle(cr, x + 0.16, y + 0.16, 0.68, 0.68);
        fill_stroke(cr, DR_SK_FLOOR);
        for (int i = 1; i < 4; i++) {
            cairo_move_to(cr, x + 0.16 + i * 0.17, y + 0.16);
            cairo_line_to(cr, x + 0.16 + i * 0.17, y + 0.84);
        }
        cairo_stroke(cr);
        break;
    case DG_FEATURE_CHEST: /* an outlined box, its lid line and clasp */
        cairo_rectangle(cr, x + 0.22, y + 0.3, 0.56, 0.42);
        fill_stroke(cr, DR_SK_FLOOR);
        cairo_move_to(cr, x + 0.22, y + 0.44);
        cairo_line_to(cr, x + 0.78, y + 0.44);
        cairo_stroke(cr);
        cairo_rectangle(cr, cx - 0.05, y + 0.4, 0.1, 0.12);
        ink(cr);
        cairo_fill(cr);
        break;
    default:
        break;
    }
    cairo_restore(cr);
}
