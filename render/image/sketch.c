/* sketch.c -- style=sketch: the map as a GM's handout drawn in ink on
 * paper, said once to a cairo context so the PNG, the SVG and the PDF are
 * one drawing (sketch_out.c, pdf.c pick the surface). What it draws, in
 * painting order:
 *   paper    the whole sheet
 *   hatch    clusters of 3-5 strokes in the rock cells along the walls
 *            (hatch.c's band), at angles never on the grid
 *   floors   the walls' loops (walls.c, the VTT's own geometry: caves on
 *            their refined outline, round rooms on their circle) filled
 *            even-odd, a shade lighter than the paper
 *   water    pools: the union of discs over the water squares and bars
 *            between neighbours, so they are smooth blobs, not tiles (the
 *            palette styles' shape); ripples on some squares
 *   grid     thin lines, on the floors only
 *   walls    the same loops stroked: one continuous line 4.5 times the grid
 *            line, with a slight wobble from (seed, place)
 *   glyphs   doors, stairs, features (sketch_glyphs.c)
 *   numbers  in the pen font (sketch_font.c) on a paper halo, last, so no
 *            other mark sits over them
 *   frame    title cartouche and compass above, scale bar below; the PDF's
 *            legend under that
 * Everything random is dr__sketch_noise of the map's seed and the place:
 * the same seed draws the same hand, whatever the drawing order. The
 * drawing is cropped to the open cells with a cell of margin. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "png_int.h"
#include "sketch_int.h"

#define WALL_W 0.16 /* walls: 4.5 grid lines (DR_SK_GRID_W) */

double dr__sketch_noise(uint64_t seed, int64_t a, int64_t b, uint32_t salt)
{
    uint64_t k[3] = {(uint64_t)a, (uint64_t)b, salt};
    uint64_t h = dg_hash64(k, sizeof k, seed);
    return (double)(h >> 11) * (1.0 / 9007199254740992.0);
}

/* ------------------------------------------------------------- layout */

void dr__sketch_layout(const dg_dungeon *d, bool legend, dr__sketch_box *b)
{
    int minx = d->width, miny = d->height, maxx = -1, maxy = -1;
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++)
            if (dg_cell_open(dg_cell(d, x, y))) {
                if (x < minx) minx = x;
                if (x > maxx) maxx = x;
                if (y < miny) miny = y;
                if (y > maxy) maxy = y;
            }
    if (maxx < 0) minx = miny = 0, maxx = d->width - 1, maxy = d->height - 1;
    b->x0 = minx - 1;
    b->y0 = miny - 1;
    b->x1 = maxx + 2;
    b->y1 = maxy + 2;
    double mw = b->x1 - b->x0, mh = b->y1 - b->y0;
    b->w = mw + 1.0;
    if (b->w < 16) b->w = 16; /* room for the cartouche, compass and scale */
    b->left = (b->w - mw) / 2;
    b->top = DR_SK_TITLE_BAND;
    b->h = DR_SK_TITLE_BAND + mh + DR_SK_FOOT_BAND;
    if (legend) {
        int n = dr__sketch_legend_count(d), cols = (int)((b->w - 1) / DR_SK_LEGEND_COL);
        if (cols < 1) cols = 1;
        b->h += ((n + cols - 1) / cols) * DR_SK_LEGEND_ROW + 0.5;
    }
}

/* -------------------------------------------------------------- walls */

typedef struct { double x, y; } pt;

typedef struct {
    pt *p;
    size_t n, cap;
} poly;

static bool poly_add(poly *q, double x, double y)
{
    if (q->n == q->cap) {
        size_t cap = q->cap ? 2 * q->cap : 256;
        pt *np = dg__realloc(q->p, cap * sizeof *np);
        if (!np) return false;
        q->p = np;
        q->cap = cap;
    }
    q->p[q->n++] = (pt){x, y};
    return true;
}

static bool axis(pt a, pt b) { return a.x == b.x || a.y == b.y; }

/* One loop (first point repeated last) as the hand draws it: corners of
 * the cave's lattice cut twice (Chaikin) so caves are curves, room corners
 * kept, long runs broken every cell and nudged off the ruler (every half
 * cell was a finer tremor few would see, for a third more of the SVG). */
static bool hand_loop(cairo_t *cr, const pt *in, size_t n, uint64_t seed, int den, poly *a, poly *b)
{
    if (n < 3) return true;
    a->n = 0;
    for (size_t i = 0; i + 1 < n; i++)
        if (!poly_add(a, in[i].x, in[i].y)) return false;
    for (int pass = 0; pass < 2; pass++) {
        b->n = 0;
        size_t m = a->n;
        for (size_t i = 0; i < m; i++) {
            pt p = a->p[(i + m - 1) % m], v = a->p[i], q = a->p[(i + 1) % m];
            bool sharp = axis(p, v) && axis(v, q) &&
                         (fabs(v.x - p.x) + fabs(v.y - p.y) > 0.4 || fabs(q.x - v.x) + fabs(q.y - v.y) > 0.4);
            if (sharp) {
                if (!poly_add(b, v.x, v.y)) return false;
            } else if (!poly_add(b, v.x + (p.x - v.x) * 0.25, v.y + (p.y - v.y) * 0.25) ||
                       !poly_add(b, v.x + (q.x - v.x) * 0.25, v.y + (q.y - v.y) * 0.25)) {
                return false;
            }
        }
        poly t = *a;
        *a = *b;
        *b = t;
    }
    const double amp = 0.05;
    size_t m = a->n;
    for (size_t i = 0; i < m; i++) {
        pt v = a->p[i], q = a->p[(i + 1) % m];
        int64_t kx = (int64_t)llround(v.x * den * 4), ky = (int64_t)llround(v.y * den * 4);
        double jx = (dr__sketch_noise(seed, kx, ky, 1) - 0.5) * amp;
        double jy = (dr__sketch_noise(seed, kx, ky, 2) - 0.5) * amp;
        if (i == 0) cairo_move_to(cr, v.x + jx, v.y + jy);
        else cairo_line_to(cr, v.x + jx, v.y + jy);
        double dx = q.x - v.x, dy = q.y - v.y, len = sqrt(dx * dx + dy * dy);
        int pieces = (int)(len / 1.0);
        for (int k = 1; k < pieces; k++) {
            double t = (double)k / pieces, off = (dr__sketch_noise(seed, kx, ky, 10u + (uint32_t)k) - 0.5) * amp;
            cairo_line_to(cr, v.x + dx * t - dy / len * off, v.y + dy * t + dx / len * off);
        }
    }
    cairo_close_path(cr);
    return true;
}

/* The floors' outline as one path: every loop of the walls, by hand. */
static dg_status wall_path(cairo_t *cr, const dg_dungeon *d, const dr__walls *w, const dr__sketch_box *b,
                           dg_error *err)
{
    poly in = {0}, a = {0}, t = {0};
    dg_status rc = DG_OK;
    double dx = b->left - b->x0, dy = b->top - b->y0;
    cairo_new_path(cr);
    for (size_t l = 0, s = 0; l < w->n_lines && rc == DG_OK; s = w->line_end[l], l++) {
        in.n = 0;
        for (size_t i = s; i < w->line_end[l]; i++)
            if (!poly_add(&in, (double)w->pts[i].x / w->den + dx, (double)w->pts[i].y / w->den + dy)) {
                rc = dg__nomem(err, "for the sketch's walls");
                break;
            }
        if (rc == DG_OK && !hand_loop(cr, in.p, in.n, d->opts.seed, w->den, &a, &t))
            rc = dg__nomem(err, "for the sketch's walls");
    }
    dg__free(in.p);
    dg__free(a.p);
    dg__free(t.p);
    return rc;
}

/* ------------------------------------------------------------ numbers */

static bool room_cell(const dg_dungeon *d, int x, int y, int id)
{
    uint32_t c = dg_cell(d, x, y);
    return dg_cell_open(c) && (int)((c & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT) == id;
}

/* The cell a room's number goes on: a chamber's own (core chose it), a
 * rectangle's middle, else the room cell nearest its box's middle. */
static bool label_cell(const dg_dungeon *d, const dg_room *r, double *x, double *y)
{
    if (r->width < 1 || r->height < 1 || r->x < 0 || r->y < 0 || r->x + r->width > d->width ||
        r->y + r->height > d->height)
        return false;
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
            if (!room_cell(d, xx, yy, r->id)) continue;
            long ddx = 2 * xx + 1 - cx2, ddy = 2 * yy + 1 - cy2, dd = ddx * ddx + ddy * ddy;
            if (best < 0 || dd < best) {
                best = dd;
                *x = xx + 0.5;
                *y = yy + 0.5;
            }
        }
    return best >= 0;
}

static void numbers(cairo_t *cr, const dg_dungeon *d, const dr__sketch_box *b)
{
    double dx = b->left - b->x0, dy = b->top - b->y0;
    for (size_t i = 0; i < d->n_rooms; i++) {
        const dg_room *r = &d->rooms[i];
        double x, y;
        if (r->id < 1 || !label_cell(d, r, &x, &y)) continue;
        char s[16];
        snprintf(s, sizeof s, "%d", r->id);
        dr__sketch_text(cr, s, x + dx, y + dy - 0.3, 0.6, 0.075, DR_SK_INK, DR_SK_FLOOR);
    }
}

/* The GM's marks (marks.c: a corridor feature's letter, T, K, ?), so
 * the key's "marked ? at square 14,3" is on the handout too: smaller than
 * a number, on a paper halo, traps and hiding places in the trap red. */
typedef struct {
    cairo_t *cr;
    double dx, dy;
} marks_ctx;

static void sketch_mark(void *ctx, const dr__mark *m)
{
    const marks_ctx *k = ctx;
    bool red = m->kind == DR__MARK_TRAP || m->kind == DR__MARK_HIDDEN;
    dr__sketch_text(k->cr, m->text, m->x + 0.5 + k->dx, m->y + 0.5 + k->dy - 0.22, 0.44, 0.07,
                    red ? DR_SK_TRAP : DR_SK_INK, DR_SK_FLOOR);
}

static void marks(cairo_t *cr, const dg_dungeon *d, const dr__sketch_box *b, bool player)
{
    marks_ctx k = {cr, b->left - b->x0, b->top - b->y0};
    dr__map_marks(d, player, sketch_mark, &k);
}

/* -------------------------------------------------------------- entry */

dg_status dr__sketch_draw(cairo_t *cr, const dg_dungeon *d, const dr__sketch_box *b, bool player,
                          bool with_legend, dg_error *err)
{
    dr__walls w;
    dg_status rc = dr__walls_trace(d, player, &w, err);
    if (rc != DG_OK) return rc;
    double dx = b->left - b->x0, dy = b->top - b->y0;
    /* the water squares, for the pools' bars (NULL: no water) */
    unsigned char *wet = NULL;
    if (dr__map_has_water(d)) {
        wet = dg__calloc((size_t)d->width * (size_t)d->height, 1);
        if (!wet) {
            rc = dg__nomem(err, "for the pools");
            goto done;
        }
        for (size_t i = 0; i < d->contents->n_features; i++) {
            const dg_map_feature *f = &d->contents->features[i];
            if (f->kind == DG_FEATURE_WATER && f->at.x >= 0 && f->at.y >= 0 && f->at.x < d->width &&
                f->at.y < d->height)
                wet[(size_t)f->at.y * (size_t)d->width + (size_t)f->at.x] = 1;
        }
    }
    /* cairo's full anti-aliasing: its 4x4 mode (FAST) was a third
     * quicker and half the PNG bytes, but 91.5% of its pixels matched
     * librsvg's drawing of the same SVG (95% with this one) */
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY);
    /* arcs (pools, pillars, glyphs, the compass) flattened to half a pixel,
     * not cairo's tenth: a fifth fewer instructions outside our own
     * inkers (1 M a render); a few hundred edge pixels move, none visibly */
    cairo_set_tolerance(cr, 0.5);
    dr__sketch_rgb(cr, DR_SK_PAPER);
    cairo_paint(cr);
    if ((rc = dr__sketch_hatch(cr, d, player, b, err)) != DG_OK) goto done;
    if ((rc = wall_path(cr, d, &w, b, err)) != DG_OK) goto done;
    cairo_path_t *walls = cairo_copy_path(cr);
    if (!walls || walls->status != CAIRO_STATUS_SUCCESS) {
        cairo_path_destroy(walls);
        rc = dg__nomem(err, "for the sketch's walls");
        goto done;
    }
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
    /* The floors' edge is under the walls' stroke (a line 2.9 px wide at
     * 18 px a cell, on that edge), so on an image it is filled without
     * anti-aliasing (4 M instructions no pixel showed). On the PNG's image
     * the floors are filled with a sentinel colour and sketch_floor.c
     * makes them white with their pools and grid, with no group the
     * image's size. On another image the floors' marks are painted on a
     * group the floors are then filled with (cairo's image clip on this
     * path rasterises a mask and composites every mark through it: 20.8
     * ms against 17.3 when measured). The vector surfaces keep the clip:
     * a group there would be an image or a copy. */
    dr__sketch_target img;
    if (dr__sketch_target_of(cr, &img)) {
        cairo_new_path(cr);
        cairo_append_path(cr, walls);
        dr__sketch_rgb(cr, DR_SK_SENTINEL);
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
        cairo_fill(cr);
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY);
        if (!dr__sketch_floor_image(cr, d, b, wet)) {
            rc = dg__nomem(err, "for the sketch's floors");
            cairo_path_destroy(walls);
            goto done;
        }
    } else if (cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE) {
        cairo_new_path(cr);
        cairo_push_group_with_content(cr, CAIRO_CONTENT_COLOR);
        dr__sketch_rgb(cr, DR_SK_FLOOR);
        cairo_paint(cr);
        dr__sketch_floor_marks(cr, d, b, wet);
        cairo_pop_group_to_source(cr);
        cairo_append_path(cr, walls);
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
        cairo_fill(cr);
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY);
    } else {
        dr__sketch_rgb(cr, DR_SK_FLOOR);
        cairo_fill_preserve(cr);
        cairo_save(cr);
        cairo_clip(cr);
        dr__sketch_floor_marks(cr, d, b, wet);
        cairo_restore(cr);
    }
    cairo_new_path(cr);
    if (!dr__sketch_ink_stroke(cr, walls, WALL_W, DR_SK_INK)) { /* not an image: cairo strokes it */
        cairo_append_path(cr, walls);
        dr__sketch_rgb(cr, DR_SK_INK);
        cairo_set_line_width(cr, WALL_W);
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        cairo_stroke(cr);
    }
    cairo_path_destroy(walls);

    for (size_t i = 0; i < d->n_doors; i++) {
        const dg_door *o = &d->doors[i];
        if (player && o->type == DG_DOOR_SECRET) continue; /* rock to players */
        bool ew = o->dir == DG_DIR_WEST || o->dir == DG_DIR_EAST;
        if (dr__sketch_open(d, o->x - 1, o->y, player) != dr__sketch_open(d, o->x + 1, o->y, player) ||
            dr__sketch_open(d, o->x, o->y - 1, player) != dr__sketch_open(d, o->x, o->y + 1, player))
            ; /* a door at a dead end: its room side says */
        else if (dr__sketch_open(d, o->x - 1, o->y, player) && dr__sketch_open(d, o->x + 1, o->y, player) &&
                 !dr__sketch_open(d, o->x, o->y - 1, player))
            ew = true;
        else if (dr__sketch_open(d, o->x, o->y - 1, player) && dr__sketch_open(d, o->x, o->y + 1, player) &&
                 !dr__sketch_open(d, o->x - 1, o->y, player))
            ew = false;
        dr__sketch_door(cr, o->x + dx, o->y + dy, o->type, ew, player);
    }
    for (size_t i = 0; i < d->n_stairs; i++) {
        const dg_stair *s = &d->stairs[i];
        dr__sketch_stair(cr, s->x + dx, s->y + dy, s->down, s->dir);
    }
    for (size_t i = 0, n_obj = dr__objects_count(d); i < n_obj; i++) {
        dg_map_feature f;
        if (dr__object(d, i, &f) && f.kind != DG_FEATURE_WATER) dr__sketch_feature(cr, f.at.x + dx, f.at.y + dy, (int)f.kind);
    }
    numbers(cr, d, b);
    marks(cr, d, b, player);
    dr__sketch_frame(cr, d, b, player, with_legend);
    if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) rc = dg__nomem(err, "drawing the sketch");
done:
    dg__free(wet);
    dr__walls_fini(&w);
    return rc;
}
