/* feature_glyphs.c -- the map's features in the PNG: water as pools over
 * the floor's pixels with ripples (before the walls, so walls and the
 * cave's rock stay as they are), then each feature's glyph
 * (feature_shapes.c) over its square's interior. Both views draw them:
 * they are things in the room, not the GM's notes. */
#include <assert.h>

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

/* Whether pixel (px, py) lies in the pool round water square (x, y):
 * within POOL_R of its centre, or of the line to a water neighbour to its
 * right or below (wet_r, wet_d), so a pool is one smooth shape: round at
 * its ends and corners, never beads, never a hole where four squares meet.
 * Doubled pixel units: pixel centres are odd, the square's centre is
 * 2 x c + c; POOL_R is 3/5 of a cell, so the pool reaches a tenth of a cell
 * past its squares' sides and cuts their outer corners. */
static inline bool in_pool(int c, int x, int y, bool wet_r, bool wet_d, int px, int py)
{
    long long X = 2LL * px + 1 - (2LL * x * c + c), Y = 2LL * py + 1 - (2LL * y * c + c);
    long long r2 = 36LL * c * c; /* (2 x 3/5 c)^2, times 25 */
    if (25 * (X * X + Y * Y) <= r2) return true;
    if (wet_r && X >= 0 && X <= 2LL * c && 25 * Y * Y <= r2) return true;
    return wet_d && Y >= 0 && Y <= 2LL * c && 25 * X * X <= r2;
}

/* Water as pools (issue 41: cave water drawn as pools, not tiles): the
 * union of in_pool over every water square, filled over the floor and the
 * grid lines it covers (the grid does not cut a pool into tiles), on open
 * squares only and, in a cave, only where the refined outline is floor;
 * then each square's ripples on the water. sketch.c draws the same shape
 * anti-aliased; svg_features.c writes it as circles and bars. */
dg_status dr__glyph_water(dr__canvas *cv, dg_error *err)
{
    const dg_dungeon *d = cv->d;
    const dg_contents *c = d->contents;
    if (!dr__map_has_water(d)) return DG_OK;
    int cell = cv->cell, w = d->width, h = d->height;
    unsigned char *wet = dg__calloc((size_t)w * (size_t)h, 1);
    if (!wet) return dg__nomem(err, "for the pools");
    for (size_t i = 0; i < c->n_features; i++) {
        const dg_map_feature *f = &c->features[i];
        if (f->kind == DG_FEATURE_WATER && f->at.x >= 0 && f->at.y >= 0 && f->at.x < w && f->at.y < h)
            wet[(size_t)f->at.y * (size_t)w + (size_t)f->at.x] = 1;
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            if (!wet[(size_t)y * (size_t)w + (size_t)x]) continue;
            bool r = x + 1 < w && wet[(size_t)y * (size_t)w + (size_t)x + 1];
            bool dn = y + 1 < h && wet[(size_t)(y + 1) * (size_t)w + (size_t)x];
            /* the pool round this square stays within a tenth of a cell
             * of it, or reaches on to its neighbour's centre */
            int x0 = x * cell - cell / 10 - 1, x1 = (x + 1 + r) * cell + cell / 10 + 1;
            int y0 = y * cell - cell / 10 - 1, y1 = (y + 1 + dn) * cell + cell / 10 + 1;
            if (x0 < 0) x0 = 0;
            if (y0 < 0) y0 = 0;
            if (x1 > cv->w) x1 = cv->w;
            if (y1 > cv->h) y1 = cv->h;
            /* in_pool, its row's terms taken out of the pixel loop: a row
             * beyond the disc and the bars is passed whole, and the square
             * a pixel falls in is counted, not divided for, pixel by pixel
             * (this pass was 43% of a stocked PNG with water); debug builds
             * check it against in_pool */
            const long long r2 = 36LL * cell * cell, cx = 2LL * x * cell + cell, cy = 2LL * y * cell + cell;
            for (int py = y0; py < y1; py++) {
                long long Y = 2LL * py + 1 - cy, yy = 25 * Y * Y;
                bool bar_r = r && yy <= r2, band_d = dn && Y >= 0 && Y <= 2LL * cell;
                if (yy > r2 && !band_d) continue;
                int qy = py / cell < h ? py / cell : h - 1, sq = x0 / cell, next = (sq + 1) * cell;
                int seen_q = -1;           /* the square last asked: open, in a cave */
                bool q_open = false, q_cave = false;
                unsigned char *row = NULL;
                for (int px = x0; px < x1; px++) {
                    if (px == next) {
                        sq++;
                        next += cell;
                    }
                    unsigned char v = cv->rows[py][px];
                    if (v != DG_PAL_FLOOR && v != DG_PAL_GRID) continue;
                    long long X = 2LL * px + 1 - cx, xx = 25 * X * X;
                    bool pool = xx + yy <= r2 || (bar_r && X >= 0 && X <= 2LL * cell) || (band_d && xx <= r2);
                    assert(pool == in_pool(cell, x, y, r, dn, px, py));
                    if (!pool) continue;
                    int qx = sq < w ? sq : w - 1;
                    if (qx != seen_q) {
                        seen_q = qx;
                        q_open = dr__canvas_open(cv, qx, qy);
                        q_cave = dr__canvas_in_cave(cv, qx, qy);
                    }
                    if (!q_open) continue;
                    if (q_cave && !dr__canvas_fine_open(cv, px, py)) continue;
                    if (!row) row = dr__canvas_row(cv, py);
                    row[px] = DG_PAL_WATER;
                }
            }
        }
    dg__free(wet);
    if (cell < 8) return DG_OK; /* ripples need room */
    for (size_t i = 0; i < c->n_features; i++) {
        const dg_map_feature *f = &c->features[i];
        if (f->kind != DG_FEATURE_WATER) continue;
        int n;
        const dr__shape *rp = dr__water_ripples(f->at.x, f->at.y, &n);
        for (int k = 0; k < n; k++) draw(cv, f->at.x, f->at.y, &rp[k], DG_PAL_WATER_INK, DG_PAL_WATER);
    }
    return DG_OK;
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
