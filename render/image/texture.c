/* texture.c -- procedural rock decoration: a handful of cell-sized tiles per
 * render, drawn from the style stream, and a tile picked per textured rock
 * cell. Randomness comes only from cv->rng, seeded from (seed, style name) by
 * png.c, never from the map's own stream, so restyling never changes a map and
 * the same options always give the same pixels. Which rock gets texture is
 * decided here; copying tiles into the image is png.c's fill pass. */
#include <stdlib.h>
#include <string.h>

#include "png_int.h"

typedef struct {
    unsigned char *px;
    int n; /* tile is n x n */
} tile;

static void dot(const tile *t, int x, int y, unsigned char ink)
{
    if (x >= 0 && y >= 0 && x < t->n && y < t->n) t->px[y * t->n + x] = ink;
}

/* Bresenham, clipped to the tile. */
static void line(const tile *t, int x0, int y0, int x1, int y1, unsigned char ink)
{
    int dx = abs(x1 - x0), sx = x0 < x1 ? 1 : -1;
    int dy = -abs(y1 - y0), sy = y0 < y1 ? 1 : -1;
    int e = dx + dy;
    for (;;) {
        dot(t, x0, y0, ink);
        if (x0 == x1 && y0 == y1) break;
        int e2 = 2 * e;
        if (e2 >= dy) { e += dy; x0 += sx; }
        if (e2 <= dx) { e += dx; y0 += sy; }
    }
}

static int pick(dg_rng *r, int lo, int hi) /* lo..hi inclusive */
{
    return lo + (int)dg_rng_below(r, (uint32_t)(hi - lo + 1));
}

static void speckle(const tile *t, dg_rng *r, unsigned char ink, unsigned char faint)
{
    int n = t->n, flecks = n * n / 40 + 1;
    for (int i = 0; i < flecks; i++) {
        /* two statements: argument order is unspecified, draw order is output */
        int x = pick(r, 0, n - 1);
        int y = pick(r, 0, n - 1);
        dot(t, x, y, ink);
    }
    if (dg_rng_percent(r, 40)) { /* a stain: a small faint blot */
        int x = pick(r, 0, n - 1), y = pick(r, 0, n - 1), s = n / 6 + 1;
        for (int j = 0; j < s; j++)
            for (int i = 0; i < s + 1 - (j == 0 || j == s - 1); i++) dot(t, x + i, y + j, faint);
    }
}

/* Solid veined stone (marble's rock): no joints, so it reads as the mass
 * the rooms are cut from, not as floor. A few darker flecks cloud it; in
 * some tiles a pale vein crosses from one edge to the opposite one, bent
 * once or twice on the way and now and then forking, at an angle of its
 * own: veins that meet at a square's edge run on, and no two lie alike
 * (all at one slant, they read as rain). */
static void stone(const tile *t, dg_rng *r, unsigned char cloud, unsigned char vein)
{
    int n = t->n, flecks = n * n / 48 + 1;
    for (int i = 0; i < flecks; i++) {
        int x = pick(r, 0, n - 1);
        int y = pick(r, 0, n - 1);
        dot(t, x, y, cloud);
        dot(t, x + 1, y, cloud);
    }
    if (!dg_rng_percent(r, 40)) return;
    int a = pick(r, 0, n - 1);
    int b = pick(r, 0, n - 1);
    bool down = dg_rng_percent(r, 50); /* top to bottom, else left to right */
    /* along the vein u runs 0..n-1, v across it: a bend at a third and two */
    int v1 = a + (b - a) / 3 + pick(r, -n / 5, n / 5);
    int v2 = a + 2 * (b - a) / 3 + pick(r, -n / 5, n / 5);
    int u[4] = {0, n / 3, 2 * n / 3, n - 1}, v[4] = {a, v1, v2, b};
    for (int k = 0; k < 3; k++) {
        if (down) line(t, v[k], u[k], v[k + 1], u[k + 1], vein);
        else line(t, u[k], v[k], u[k + 1], v[k + 1], vein);
    }
    if (n >= 12 && dg_rng_percent(r, 35)) { /* a branch off the first bend */
        int du = pick(r, n / 4, n / 2);
        int dv = pick(r, -n / 3, n / 3);
        if (down) line(t, v1, u[1], v1 + dv, u[1] + du, vein);
        else line(t, u[1], v1, u[1] + du, v1 + dv, vein);
    }
}

/* One or two small ripples ("~") in some tiles; the rest stay calm water. */
static void waves(const tile *t, dg_rng *r, unsigned char ink, unsigned char faint)
{
    int n = t->n;
    int ripples = pick(r, 0, 2);
    for (int k = 0; k < ripples; k++) {
        int len = n / 2 + 1, step = len / 4 + 1;
        int x = pick(r, 0, n - len), y = pick(r, 2, n - 2);
        unsigned char c = k ? faint : ink;
        for (int i = 0; i + step <= len; i += step) {
            int up = (i / step) & 1;
            line(t, x + i, y - up, x + i + step, y - !up, c);
        }
    }
}

/* Dim cracks with glowing spots; a few tiles get a bright ember. */
static void embers(const tile *t, dg_rng *r, unsigned char glow, unsigned char crack)
{
    int n = t->n;
    if (dg_rng_percent(r, 55)) {
        int x = pick(r, 0, n - 1), y = pick(r, 0, n - 1);
        int legs = pick(r, 2, 4);
        for (int i = 0; i < legs; i++) {
            int nx = x + pick(r, -n / 3, n / 3), ny = y + pick(r, -n / 3, n / 3);
            line(t, x, y, nx, ny, i == 0 && dg_rng_percent(r, 50) ? glow : crack);
            x = nx;
            y = ny;
        }
    }
    if (dg_rng_percent(r, 25)) {
        int x = pick(r, 1, n - 2), y = pick(r, 1, n - 2);
        dot(t, x, y, glow);
        if (n >= 12) dot(t, x + 1, y, glow);
    }
}

dg_status dr__texture_prepare(dr__canvas *cv, dg_error *err)
{
    dr__texture kind = cv->st->texture;
    if (kind == DG_TEX_NONE || kind == DG_TEX_HATCH) return DG_OK; /* hatching: hatch.c */
    int n = cv->cell;
    size_t sz = (size_t)n * (size_t)n;
    cv->tex = dg__malloc(sz * DG_TEX_VARIANTS);
    if (!cv->tex) return dg__nomem(err, "for the rock texture");
    memset(cv->tex, DG_PAL_ROCK, sz * DG_TEX_VARIANTS);

    for (int v = 0; v < DG_TEX_VARIANTS; v++) {
        tile t = {cv->tex + sz * (size_t)v, n};
        switch (kind) {
        case DG_TEX_SPECKLE: speckle(&t, &cv->rng, DG_PAL_TEX1, DG_PAL_TEX2); break;
        case DG_TEX_STONE: stone(&t, &cv->rng, DG_PAL_TEX1, DG_PAL_TEX2); break;
        case DG_TEX_WAVES: waves(&t, &cv->rng, DG_PAL_TEX1, DG_PAL_TEX2); break;
        case DG_TEX_EMBERS: embers(&t, &cv->rng, DG_PAL_TEX1, DG_PAL_TEX2); break;
        default: break;
        }
    }

    /* Row-major, one draw per textured cell: the pick order is part of the
     * output, like every draw order. */
    const dg_dungeon *d = cv->d;
    for (int y = 0; y < d->height; y++) {
        unsigned char *row = cv->cls + (size_t)y * (size_t)d->width;
        for (int x = 0; x < d->width; x++) {
            if (row[x] != DG_CLS_ROCK) continue;
            row[x] = (unsigned char)(DG_CLS_TEX + dg_rng_below(&cv->rng, DG_TEX_VARIANTS));
        }
    }
    return DG_OK;
}
