/* feature_glyphs.c -- the map's features in the PNG: water as a fill of
 * the floor's pixels with ripples (before the walls, so walls, grid and
 * the cave's rock stay as they are), then each feature's glyph
 * (feature_shapes.c) over its square's interior. Both views draw them:
 * they are things in the room, not the GM's notes. */
#include "dg_contents.h"
#include "png_int.h"
#include "render_int.h"

/* The interior pixel range [p0, p1] of shape units [u0, u1) along a cell
 * starting at px `base` (its interior is base + 1 .. base + c - 1). */
static void span_of(int c, int base, int u0, int u1, int *p0, int *p1)
{
    *p0 = base + 1 + u0 * (c - 1) / 32;
    *p1 = base + u1 * (c - 1) / 32;
    if (*p1 < *p0) *p1 = *p0;
}

/* What a glyph draws with on square (x, y): whether the square is cave
 * (its pixels then follow the refined outline: a cave square's rock
 * corners stay rock), and the row last made writable, so a run of pixels
 * on one row claims it once (dr__canvas_row unshares rows; claiming per
 * pixel was a fifth of a stocked map's PNG). */
typedef struct {
    dr__canvas *cv;
    int x, y;
    bool cave;
    int row_y;
    unsigned char *row;
} pen;

static pen pen_at(dr__canvas *cv, int x, int y) { return (pen){cv, x, y, dr__canvas_in_cave(cv, x, y), -1, NULL}; }

/* Ink at pixel (px, py) of the pen's square, when it is floor there and,
 * with `only` >= 0, shows that role now. */
static void put(pen *p, int px, int py, unsigned char ink, int only)
{
    dr__canvas *cv = p->cv;
    if (only >= 0 && cv->rows[py][px] != only) return;
    if (p->cave && !dr__canvas_fine_open(cv, px, py)) return;
    if (py != p->row_y) {
        p->row = dr__canvas_row(cv, py);
        p->row_y = py;
    }
    p->row[px] = ink;
}

static void draw(dr__canvas *cv, int x, int y, const dr__shape *s, unsigned char ink, int only)
{
    int c = cv->cell, bx = x * c, by = y * c;
    if (x < 0 || y < 0 || x >= cv->d->width || y >= cv->d->height) return; /* contents of another map */
    pen p = pen_at(cv, x, y);
    if (s->op == 'R') {
        int x0, x1, y0, y1;
        span_of(c, bx, s->a, s->c, &x0, &x1);
        span_of(c, by, s->b, s->d, &y0, &y1);
        for (int py = y0; py <= y1; py++)
            for (int px = x0; px <= x1; px++) put(&p, px, py, ink, only);
        return;
    }
    /* a disc, in units of 1 / (64 (c - 1)) of a cell: pixel i's centre is
     * (2i + 1) 32 there, a shape unit 2 (c - 1) */
    long long k = 2LL * (c - 1), cx = s->a * k, cy = s->b * k, r = s->c * k;
    for (int j = 0; j < c - 1; j++) {
        long long dy = (2LL * j + 1) * 32 - cy;
        if (dy * dy > r * r) continue;
        for (int i = 0; i < c - 1; i++) {
            long long dx = (2LL * i + 1) * 32 - cx;
            if (dx * dx + dy * dy <= r * r) put(&p, bx + 1 + i, by + 1 + j, ink, only);
        }
    }
}

void dr__glyph_water(dr__canvas *cv)
{
    const dg_contents *c = cv->d->contents;
    int cell = cv->cell;
    for (size_t i = 0; c && i < c->n_features; i++) {
        const dg_map_feature *f = &c->features[i];
        if (f->kind != DG_FEATURE_WATER) continue;
        int x = f->at.x, y = f->at.y;
        if (x < 0 || y < 0 || x >= cv->d->width || y >= cv->d->height) continue;
        pen p = pen_at(cv, x, y);
        for (int py = y * cell + 1; py < (y + 1) * cell; py++)
            for (int px = x * cell + 1; px < (x + 1) * cell; px++) put(&p, px, py, DG_PAL_WATER, DG_PAL_FLOOR);
        if (cell < 8) continue; /* ripples need room */
        int n;
        const dr__shape *r = dr__water_ripples(x, y, &n);
        for (int k = 0; k < n; k++) draw(cv, x, y, &r[k], DG_PAL_WATER_INK, DG_PAL_WATER);
    }
}

void dr__glyph_features(dr__canvas *cv)
{
    for (size_t i = 0, n_obj = dr__objects_count(cv->d); i < n_obj; i++) {
        dg_map_feature f;
        if (!dr__object(cv->d, i, &f)) continue;
        int n;
        const dr__shape *s = dr__feature_shapes((int)f.kind, &n);
        for (int k = 0; k < n; k++)
            draw(cv, f.at.x, f.at.y, &s[k], s[k].ink ? DG_PAL_DOOR_FILL : DG_PAL_WALL, -1);
    }
}
