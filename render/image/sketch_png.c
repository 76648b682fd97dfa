/* sketch_png.c -- the sketch's pixels (cairo's image surface) as a palette
 * PNG: every colour the drawing makes is one of its eight inks or a blend
 * of two where an anti-aliased edge of one lies over another, so a palette
 * of those inks and their blends (193 entries, 8 bits a pixel) holds the
 * picture to within 10 levels a channel (librsvg's drawing of the SVG is
 * held to 24). zlib reads a byte a pixel, not three: on the default map
 * 226 KB became about 95 KB and its deflate time fell by half. The
 * palette is fixed, and
 * each pixel's entry the nearest in integer maths, so the bytes are the
 * same on any machine. */
#include <string.h>

#include "png_int.h"
#include "sketch_int.h"

#define N_INKS 8

/* Which inks meet at an edge, and in how many steps their blend is kept:
 * the paper and floors under ink and hatch finely (the most pixels, the
 * widest span of grey), the faint pairs coarsely. */
static const struct { uint32_t a, b; int steps; } blends[] = {
    {DR_SK_PAPER, DR_SK_INK, 32},   {DR_SK_PAPER, DR_SK_HATCH, 32}, {DR_SK_FLOOR, DR_SK_INK, 32},
    {DR_SK_FLOOR, DR_SK_GRID, 8},   {DR_SK_FLOOR, DR_SK_WATER, 8},  {DR_SK_WATER, DR_SK_RIPPLE, 16},
    {DR_SK_FLOOR, DR_SK_TRAP, 16},  {DR_SK_WATER, DR_SK_INK, 16},   {DR_SK_PAPER, DR_SK_FLOOR, 6},
    {DR_SK_GRID, DR_SK_INK, 12},    {DR_SK_FLOOR, DR_SK_RIPPLE, 8}, {DR_SK_PAPER, DR_SK_GRID, 6},
    {DR_SK_GRID, DR_SK_WATER, 6},
};

static int palette(uint32_t *pal)
{
    static const uint32_t inks[N_INKS] = {DR_SK_PAPER, DR_SK_FLOOR, DR_SK_INK,    DR_SK_HATCH,
                                          DR_SK_GRID,  DR_SK_WATER, DR_SK_RIPPLE, DR_SK_TRAP};
    int n = 0;
    for (int i = 0; i < N_INKS; i++) pal[n++] = inks[i];
    for (size_t p = 0; p < sizeof blends / sizeof *blends; p++) {
        int s = blends[p].steps;
        for (int i = 1; i < s; i++) {
            uint32_t v = 0;
            for (int sh = 0; sh < 24; sh += 8) {
                int a = (int)(blends[p].a >> sh) & 255, b = (int)(blends[p].b >> sh) & 255;
                v |= (uint32_t)((a * (s - i) + b * i + s / 2) / s) << sh;
            }
            pal[n++] = v;
        }
    }
    return n;
}

/* The palette split by channel, for nearest's search. */
typedef struct { int r[256], g[256], b[256], n; } channels;

/* The entry nearest v, by distance weighted as the eye weighs the
 * channels (3 : 6 : 1, Rec. 601's luma near enough); ties to the first. */
static unsigned char nearest(const channels *c, uint32_t v)
{
    int r = (int)(v >> 16) & 255, g = (int)(v >> 8) & 255, b = (int)v & 255;
    int best = 10 * 255 * 255 + 1, at = 0; /* above any distance */
    for (int i = 0; i < c->n && best != 0; i++) { /* an exact entry is the first of its distance 0 */
        int dr = r - c->r[i], dg = g - c->g[i], db = b - c->b[i];
        int dd = 3 * dr * dr + 6 * dg * dg + db * db;
        if (dd < best) {
            best = dd;
            at = i;
        }
    }
    return (unsigned char)at;
}

/* A colour's look-up key: 5 bits a channel. */
static inline unsigned key(uint32_t v) { return (v >> 9 & 0x7C00u) | (v >> 6 & 0x3E0u) | (v >> 3 & 0x1Fu); }

/* The look-up's state: the image's rows, the palette, the keys' entries
 * and a cache of the last colours seen. */
#define CACHE_BITS 12
typedef struct {
    const unsigned char *px;
    int w, stride;
    channels pal;
    unsigned char *lut;                 /* by key; 0xFF: not looked up yet (n < 255) */
    uint32_t tag[1u << CACHE_BITS];     /* a pixel's whole word (top byte 0xFF), 0: empty */
    unsigned char ent[1u << CACHE_BITS];
} rows;

static unsigned char miss(rows *r, uint32_t v)
{
    unsigned k = key(v & 0xFFFFFFu);
    if (r->lut[k] == 0xFF) r->lut[k] = nearest(&r->pal, (v & 0xF8F8F8u) | 0x040404u); /* the key's middle */
    return r->lut[k];
}

/* Row y's entries, made as libpng takes the row (one row's bytes, warm
 * in the cache, and no buffer of the image's size). */
static void row_of(void *ctx, int y, unsigned char *dst)
{
    rows *r = ctx;
    const uint32_t *src = (const uint32_t *)(const void *)(r->px + (size_t)y * (size_t)r->stride);
    /* the colour before's entry kept: a pixel like its left neighbour
     * (two in three) is a compare and a store; another is looked up by
     * its whole word in a small cache (a multiply and a compare, where
     * the key took nine operations and a second look-up) */
    uint32_t last = ~src[0];
    unsigned char e = 0;
    for (int x = 0; x < r->w; x++) {
        uint32_t v = src[x];
        if (v != last) {
            unsigned h = (v * 0x9E3779B1u) >> (32 - CACHE_BITS);
            if (r->tag[h] == v) e = r->ent[h];
            else {
                e = r->ent[h] = miss(r, v);
                r->tag[h] = v;
            }
            last = v;
        }
        dst[x] = e;
    }
}

dg_status dr__sketch_png_write(cairo_surface_t *s, dg_buf *out, dg_error *err)
{
    uint32_t pal[256];
    int n = palette(pal);
    cairo_surface_flush(s);
    /* keyed by 5 bits a channel, the look-up made once a render for each
     * key the picture uses */
    unsigned char *lut = dg__malloc(1u << 15);
    if (!lut) return dg__nomem(err, "for the sketch's palette");
    memset(lut, 0xFF, 1u << 15);
    for (int i = 0; i < N_INKS; i++) /* the inks' own keys are the inks: flat paper stays paper */
        lut[key(pal[i])] = (unsigned char)i;
    rows *r = dg__calloc(1, sizeof *r); /* tags 0: no pixel word (RGB24's top byte is 0xFF) */
    if (!r) {
        dg__free(lut);
        return dg__nomem(err, "for the sketch's palette");
    }
    r->px = cairo_image_surface_get_data(s);
    r->w = cairo_image_surface_get_width(s);
    r->stride = cairo_image_surface_get_stride(s);
    for (int i = 0; i < n; i++) {
        r->pal.r[i] = (int)(pal[i] >> 16) & 255;
        r->pal.g[i] = (int)(pal[i] >> 8) & 255;
        r->pal.b[i] = (int)pal[i] & 255;
    }
    r->pal.n = n;
    r->lut = lut;
    dg_status rc = dr__png_write_indexed(row_of, r, r->w, cairo_image_surface_get_height(s), pal, n, out, err);
    dg__free(r);
    dg__free(lut);
    return rc;
}
