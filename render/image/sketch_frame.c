/* sketch_frame.c -- what the sketch draws round the map: the title
 * cartouche and the compass rose above it, the scale bar below, and the
 * legend (the PDF's, or legend=yes) under that: a sample and a word for
 * each door kind, stair, feature and GM's mark the map carries. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "png_int.h"
#include "sketch_int.h"

/* The legend's entries: door kinds the map has, stairs, its features,
 * the GM's marks it carries. */
typedef struct {
    int kind;      /* < 100: door type; 100 up, 101 down; 200 + feature; 300 + dr__mark_kind */
    const char *word;
} legend_entry;
#define LEGEND_MAX (DG_DOOR_TYPE_COUNT + 2 + DG_FEATURE_COUNT + 4)

static void mark_seen(void *ctx, const dr__mark *m) { ((bool *)ctx)[m->kind] = true; }

static int legend_entries(const dg_dungeon *d, bool player, legend_entry *e)
{
    static const char *const door_words[DG_DOOR_TYPE_COUNT] = {
        [DG_DOOR_ARCH] = "archway", [DG_DOOR_OPEN] = "door", [DG_DOOR_LOCKED] = "locked door",
        [DG_DOOR_TRAPPED] = "trapped door", [DG_DOOR_SECRET] = "secret door", [DG_DOOR_PORTC] = "portcullis"};
    int n = 0;
    bool has[DG_DOOR_TYPE_COUNT] = {false};
    for (size_t i = 0; i < d->n_doors; i++) has[d->doors[i].type] = true;
    for (int t = 0; t < DG_DOOR_TYPE_COUNT; t++) {
        if (!has[t]) continue;
        if (player && (t == DG_DOOR_SECRET || t == DG_DOOR_TRAPPED)) continue;
        e[n++] = (legend_entry){t, door_words[t]};
    }
    bool up = false, down = false;
    for (size_t i = 0; i < d->n_stairs; i++) *(d->stairs[i].down ? &down : &up) = true;
    if (up) e[n++] = (legend_entry){100, "stairs up"};
    if (down) e[n++] = (legend_entry){101, "stairs down"};
    bool feat[DG_FEATURE_COUNT] = {false};
    for (size_t i = 0, n_obj = dr__objects_count(d); i < n_obj; i++) {
        dg_map_feature f;
        if (dr__object(d, i, &f)) feat[f.kind] = true;
    }
    for (int k = 0; k < DG_FEATURE_COUNT; k++)
        if (feat[k]) e[n++] = (legend_entry){200 + k, dg_feature_name(k)};
    /* the marks, as the palette legend words them (frame.c), "corridor
     * feature" cut to what a column holds */
    static const char *const mark_words[4] = {[DR__MARK_FEATURE] = "corridor", [DR__MARK_TRAP] = "trap",
                                              [DR__MARK_KEY] = "key", [DR__MARK_HIDDEN] = "hidden"};
    bool marks[4] = {false};
    dr__map_marks(d, player, mark_seen, marks);
    for (int k = 0; k < 4; k++)
        if (marks[k]) e[n++] = (legend_entry){300 + k, mark_words[k]};
    return n;
}

int dr__sketch_legend_count(const dg_dungeon *d)
{
    legend_entry e[LEGEND_MAX];
    return legend_entries(d, false, e);
}

static void cartouche(cairo_t *cr, const dg_dungeon *d, const dr__sketch_box *b)
{
    char name[DG_STOCK_NAME_BYTES + 64];
    if (d->contents) dg_contents_name(d->contents, name, sizeof name);
    else snprintf(name, sizeof name, "Dungeon %llu", (unsigned long long)d->opts.seed);
    double size = 0.8, room = b->w - 4.5;
    double tw = dr__sketch_text_width(name, size);
    if (tw > room) {
        size *= room / tw;
        tw = room;
    }
    double x0 = 0.5, y0 = 0.45, bw = tw + 1.0, bh = size + 0.9;
    cairo_new_path(cr);
    cairo_rectangle(cr, x0, y0, bw, bh);
    dr__sketch_rgb(cr, DR_SK_FLOOR);
    cairo_fill_preserve(cr);
    dr__sketch_rgb(cr, DR_SK_INK);
    cairo_set_line_width(cr, 0.09);
    cairo_stroke(cr);
    cairo_rectangle(cr, x0 + 0.15, y0 + 0.15, bw - 0.3, bh - 0.3);
    cairo_set_line_width(cr, 0.035);
    cairo_stroke(cr);
    dr__sketch_text(cr, name, x0 + bw / 2, y0 + (bh - size) / 2, size, 0.09, DR_SK_INK, 0);
}

static void compass(cairo_t *cr, const dr__sketch_box *b)
{
    double cx = b->w - 1.4, cy = 1.55, r = 0.8, s = 0.2;
    cairo_set_line_width(cr, 0.04);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
    /* four points: north solid, the rest outlined */
    static const int dirs[4][2] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
    for (int i = 0; i < 4; i++) {
        double ux = dirs[i][0], uy = dirs[i][1];
        cairo_new_path(cr);
        cairo_move_to(cr, cx + ux * r, cy + uy * r);
        cairo_line_to(cr, cx - uy * s, cy + ux * s);
        cairo_line_to(cr, cx + uy * s, cy - ux * s);
        cairo_close_path(cr);
        dr__sketch_rgb(cr, i == 0 ? DR_SK_INK : DR_SK_FLOOR);
        cairo_fill_preserve(cr);
        dr__sketch_rgb(cr, DR_SK_INK);
        cairo_stroke(cr);
    }
    cairo_new_path(cr);
    cairo_arc(cr, cx, cy, r * 0.45, 0, 2 * M_PI);
    cairo_stroke(cr);
    dr__sketch_text(cr, "N", cx - 0.55, cy - r - 0.05, 0.4, 0.06, DR_SK_INK, 0);
}

static void scale_bar(cairo_t *cr, const dg_dungeon *d, const dr__sketch_box *b)
{
    double y = b->top + (b->y1 - b->y0) + 0.45, x = b->left + 0.5, h = 0.22;
    int squares = 5, feet = dg_cell_feet(&d->opts);
    cairo_set_line_width(cr, 0.04);
    for (int i = 0; i < squares; i++) {
        cairo_new_path(cr);
        cairo_rectangle(cr, x + i, y, 1, h);
        dr__sketch_rgb(cr, i % 2 ? DR_SK_FLOOR : DR_SK_INK);
        cairo_fill_preserve(cr);
        dr__sketch_rgb(cr, DR_SK_INK);
        cairo_stroke(cr);
    }
    char s[32];
    dr__sketch_text(cr, "0", x, y + 0.4, 0.4, 0.055, DR_SK_INK, 0);
    snprintf(s, sizeof s, "%d FT", squares * feet);
    dr__sketch_text(cr, s, x + squares, y + 0.4, 0.4, 0.055, DR_SK_INK, 0);
    snprintf(s, sizeof s, "1 SQUARE = %d FT", feet);
    dr__sketch_text(cr, s, x + squares + 4.2, y + 0.4, 0.4, 0.055, DR_SK_INK, 0);
    snprintf(s, sizeof s, "SEED %llu", (unsigned long long)d->opts.seed);
    double tw = dr__sketch_text_width(s, 0.4);
    if (b->w - 0.5 - tw > x + squares + 4.2 + dr__sketch_text_width("1 SQUARE = 10 FT", 0.4) / 2 + 0.5)
        dr__sketch_text(cr, s, b->w - 0.5 - tw / 2, y + 0.4, 0.4, 0.055, DR_SK_INK, 0);
}

static void legend(cairo_t *cr, const dg_dungeon *d, const dr__sketch_box *b, bool player)
{
    legend_entry e[LEGEND_MAX];
    int n = legend_entries(d, player, e), cols = (int)((b->w - 1) / DR_SK_LEGEND_COL);
    if (cols < 1) cols = 1;
    double y0 = b->top + (b->y1 - b->y0) + DR_SK_FOOT_BAND;
    for (int i = 0; i < n; i++) {
        double x = 0.5 + (i % cols) * DR_SK_LEGEND_COL, y = y0 + (i / cols) * DR_SK_LEGEND_ROW;
        cairo_new_path(cr);
        cairo_rectangle(cr, x, y, 1, 1);
        dr__sketch_rgb(cr, DR_SK_FLOOR);
        cairo_fill_preserve(cr);
        dr__sketch_rgb(cr, DR_SK_GRID);
        cairo_set_line_width(cr, DR_SK_GRID_W);
        cairo_stroke(cr);
        if (e[i].kind < 100) {
            dr__sketch_door(cr, x, y, (dg_door_type)e[i].kind, true, player);
        } else if (e[i].kind < 200) {
            dr__sketch_stair(cr, x, y, e[i].kind == 101, DG_DIR_EAST);
        } else if (e[i].kind >= 300) { /* the letter as the map writes it (marks()) */
            static const char *const letter[4] = {"A", "T", "K", "?"};
            int k = e[i].kind - 300;
            bool red = k == DR__MARK_TRAP || k == DR__MARK_HIDDEN;
            dr__sketch_text(cr, letter[k], x + 0.5, y + 0.28, 0.44, 0.07, red ? DR_SK_TRAP : DR_SK_INK, DR_SK_FLOOR);
        } else if (e[i].kind == 200 + DG_FEATURE_WATER) {
            cairo_new_path(cr);
            cairo_arc(cr, x + 0.5, y + 0.5, 0.45, 0, 2 * M_PI);
            dr__sketch_rgb(cr, DR_SK_WATER);
            cairo_fill(cr);
        } else {
            dr__sketch_feature(cr, x, y, e[i].kind - 200);
        }
        double w = dr__sketch_text_width(e[i].word, 0.38);
        dr__sketch_text(cr, e[i].word, x + 1.3 + w / 2, y + 0.31, 0.38, 0.05, DR_SK_INK, 0);
    }
}

/* What the floors carry under the walls: the pools, then the grid. */

void dr__sketch_frame(cairo_t *cr, const dg_dungeon *d, const dr__sketch_box *b, bool player, bool with_legend)
{
    cartouche(cr, d, b);
    compass(cr, b);
    scale_bar(cr, d, b);
    if (with_legend) legend(cr, d, b, player);
}
