/* hatch.c -- crosshatch's rock, the way hand-drawn maps do it: a band of
 * hatching along the walls, white paper beyond. The band is made of
 * clusters of parallel strokes, each cluster at its own angle; clusters are
 * the Voronoi cells of a jittered lattice of points about two thirds of a
 * cell apart, so they straddle cell edges and strokes never break at them.
 * A cluster is drawn when its point lies in a band cell (a rock cell beside
 * an open one), so the band's outer edge is ragged like a pen's. Rock that
 * the band closes off from the map's edge is hatched whole: an enclosed
 * patch of white reads as an unlabelled room.
 *
 * Randomness: one salt from the style stream (cv->rng, seeded from the seed
 * and the style's name), then a hash per lattice point, so the drawing does
 * not depend on the order pixels are visited. Integer maths throughout (the
 * angles are a table), so the same pixels on every machine. Drawn after the
 * fill and before the walls, on rock pixels only. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "png_int.h"

/* Stroke normals at eight angles over a half turn, times 4096. */
static const int normals[8][2] = {{4096, 0},     {3784, 1567},  {2896, 2896},  {1567, 3784},
                                  {0, 4096},     {-1567, 3784}, {-2896, 2896}, {-3784, 1567}};

unsigned char *dr__hatch_band(const dg_dungeon *d, const unsigned char *cls)
{
    int w = d->width, h = d->height;
    size_t n = (size_t)w * (size_t)h;
    unsigned char *band = dg__calloc(n, 1), *seen = dg__calloc(n, 1);
    int *stack = dg__malloc(n * sizeof *stack);
    if (!band || !seen || !stack) {
        dg__free(band);
        dg__free(seen);
        dg__free(stack);
        return NULL;
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            if (cls[(size_t)y * (size_t)w + (size_t)x] == DG_CLS_OPEN) continue;
            bool near = false;
            for (int dy = -1; dy <= 1 && !near; dy++)
                for (int dx = -1; dx <= 1 && !near; dx++) {
                    int xx = x + dx, yy = y + dy;
                    near = xx >= 0 && yy >= 0 && xx < w && yy < h &&
                           cls[(size_t)yy * (size_t)w + (size_t)xx] == DG_CLS_OPEN;
                }
            band[(size_t)y * (size_t)w + (size_t)x] = near;
        }
    /* the rock beyond the band that reaches the edge stays white */
    size_t top = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            size_t k = (size_t)y * (size_t)w + (size_t)x;
            if ((x == 0 || y == 0 || x == w - 1 || y == h - 1) && !band[k] && cls[k] != DG_CLS_OPEN) {
                seen[k] = 1;
                stack[top++] = (int)k;
            }
        }
    while (top) {
        int k = stack[--top], x = k % w, y = k / w;
        static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
        for (int i = 0; i < 4; i++) {
            int xx = x + dx[i], yy = y + dy[i];
            if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
            size_t kk = (size_t)yy * (size_t)w + (size_t)xx;
            if (seen[kk] || band[kk] || cls[kk] == DG_CLS_OPEN) continue;
            seen[kk] = 1;
            stack[top++] = (int)kk;
        }
    }
    for (size_t k = 0; k < n; k++)
        if (cls[k] != DG_CLS_OPEN && !seen[k]) band[k] = 1;
    dg__free(seen);
    dg__free(stack);
    return band;
}

dg_status dr__hatch_init(dr__hatch *ht, const dg_dungeon *d, const unsigned char *cls, int c, int w, int h,
                         dg_rng *rng, dg_error *err)
{
    memset(ht, 0, sizeof *ht);
    int W = d->width, H = d->height;
    ht->g = c * 2 / 3 > 5 ? c * 2 / 3 : 5;          /* lattice spacing, px */
    ht->pitch = (c + 2) / 4 > 3 ? (c + 2) / 4 : 3; /* stroke spacing, px */
    ht->pen = c >= 30 ? 2 : 1;                     /* stroke width, px */
    ht->gw = w / ht->g + 3;                        /* lattice from (-1, -1) */
    ht->gh = h / ht->g + 3;
    ht->band = dr__hatch_band(d, cls);
    ht->pts = dg__malloc((size_t)ht->gw * (size_t)ht->gh * sizeof *ht->pts);
    if (!ht->band || !ht->pts) { /* a map without its hatching would be other bytes */
        dr__hatch_fini(ht);
        return dg__nomem(err, "hatching the rock");
    }
    int g = ht->g;
    uint64_t salt = (uint64_t)dg_rng_below(rng, 0xFFFFFFFFu) << 32 | dg_rng_below(rng, 0xFFFFFFFFu);
    for (int j = 0; j < ht->gh; j++)
        for (int i = 0; i < ht->gw; i++) {
            int32_t ij[2] = {i, j};
            uint64_t hh = dg_hash64(ij, sizeof ij, salt);
            dr__hatch_point *p = &ht->pts[(size_t)j * (size_t)ht->gw + (size_t)i];
            /* jitter within 0.4 of a spacing either way */
            p->x = (i - 1) * g + g / 2 + (int)((hh & 0xFF) * (uint64_t)(4 * g) / 5 / 256) - 2 * g / 5;
            p->y = (j - 1) * g + g / 2 + (int)(((hh >> 8) & 0xFF) * (uint64_t)(4 * g) / 5 / 256) - 2 * g / 5;
            const int *n = normals[(hh >> 16) & 7];
            p->nx = n[0];
            p->ny = n[1];
            p->phase = (int)((hh >> 24) % (uint64_t)(ht->pitch * 4096));
            int cx = p->x / c, cy = p->y / c;
            p->on = p->x >= 0 && p->y >= 0 && cx < W && cy < H && ht->band[(size_t)cy * (size_t)W + (size_t)cx];
        }
    return DG_OK;
}

void dr__hatch_fini(dr__hatch *ht)
{
    dg__free(ht->band);
    dg__free(ht->pts);
    ht->band = NULL;
    ht->pts = NULL;
}

/* The point whose cluster pixel (px, py) belongs to. Inline in the pixel
 * loop below: as a call (dr__hatch_owner, when svg.c had a use for it) it
 * cost crosshatch a fifth more instructions a render (callgrind, two
 * renders at the default size: 176 M against 140 M before). */
static inline const dr__hatch_point *owner(const dr__hatch *ht, int px, int py)
{
    /* the lattice runs from (-1, -1) to w / g + 1: for a pixel of the
     * image all nine neighbours exist */
    int gi = px / ht->g + 1, gj = py / ht->g + 1;
    assert(gi >= 1 && gj >= 1 && gi + 1 < ht->gw && gj + 1 < ht->gh);
    long best = -1;
    const dr__hatch_point *q = NULL;
    for (int b = gj - 1; b <= gj + 1; b++)
        for (int a = gi - 1; a <= gi + 1; a++) {
            const dr__hatch_point *p = &ht->pts[(size_t)b * (size_t)ht->gw + (size_t)a];
            long dx = px - p->x, dy = py - p->y, dd = dx * dx + dy * dy;
            if (best < 0 || dd < best) {
                best = dd;
                q = p;
            }
        }
    return q;
}

/* Cells near enough a band cell for one of their pixels to belong to a
 * drawn cluster: a pixel's owner is at most 1.27 lattice spacings away
 * (its own lattice box's point, jittered 0.4 spacing from the middle, is
 * within sqrt(2) * 0.9 spacing), so its cell within r cells of the
 * pixel's. Any other pixel is skipped: the same pixels, fewer looked at. */
static unsigned char *near_band(const dr__hatch *ht, int W, int H, int c, int *r_out)
{
    int r = (13 * ht->g) / (10 * c) + 1;
    unsigned char *near = dg__calloc((size_t)W * (size_t)H, 1);
    if (!near) return NULL;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            if (!ht->band[(size_t)y * (size_t)W + (size_t)x]) continue;
            for (int yy = y - r; yy <= y + r; yy++)
                for (int xx = x - r; xx <= x + r; xx++)
                    if (xx >= 0 && yy >= 0 && xx < W && yy < H) near[(size_t)yy * (size_t)W + (size_t)xx] = 1;
        }
    *r_out = r;
    return near;
}

dg_status dr__hatch_draw(dr__canvas *cv, dg_error *err)
{
    const dg_dungeon *d = cv->d;
    int c = cv->cell, W = d->width, H = d->height;
    dr__hatch ht;
    dg_status rc = dr__hatch_init(&ht, d, cv->cls, c, cv->w, cv->h, &cv->rng, err);
    if (rc != DG_OK) return rc;
    const unsigned char *band = ht.band;
    int span = ht.pitch * 4096, ink = ht.pen * 4096, r = 1;
    unsigned char *near = near_band(&ht, W, H, c, &r);
    if (!near) {
        dr__hatch_fini(&ht);
        return dg__nomem(err, "hatching the rock");
    }
    for (int y = 0; y < H; y++) {
        /* cell rows whose rock can hold a drawn cluster: band cells and
         * their neighbours (a cluster straddles the band's edge) */
        bool any = false;
        for (int x = 0; x < W && !any; x++)
            for (int yy = y - 1; yy <= y + 1 && !any; yy++)
                any = yy >= 0 && yy < H && band[(size_t)yy * (size_t)W + (size_t)x];
        if (!any) continue;
        int py1 = y == H - 1 ? cv->h : (y + 1) * c;
        for (int py = y * c; py < py1; py++) {
            unsigned char *row = NULL;
            /* a cell's run of pixels at a time; pixels past the map's
             * last column count as its (their owners are no further) */
            for (int px0 = 0; px0 < cv->w; px0 += c) {
                int cx = px0 / c, px1 = px0 + c < cv->w ? px0 + c : cv->w;
                if (cx >= W + r) break;
                if (!near[(size_t)y * (size_t)W + (size_t)(cx < W ? cx : W - 1)]) continue;
                for (int px = px0; px < px1; px++) {
                    if (cv->rows[py][px] != DG_PAL_ROCK) continue;
                    const dr__hatch_point *q = owner(&ht, px, py);
                    if (!q || !q->on) continue;
                    long t = (long)px * q->nx + (long)py * q->ny + q->phase;
                    t %= span;
                    if (t < 0) t += span;
                    if (t >= ink) continue;
                    if (!row) row = dr__canvas_row(cv, py);
                    row[px] = DG_PAL_TEX1;
                }
            }
        }
    }
    dg__free(near);
    dr__hatch_fini(&ht);
    return DG_OK;
}
