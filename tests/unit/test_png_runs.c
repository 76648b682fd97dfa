/* test_png_runs.c -- the sketch's own deflate (render/image/png_runs.c) on
 * synthetic rows: every pixel decodes back (libpng, so zlib's inflate
 * checks the stream, its code lengths and the adler32) to its palette
 * entry, for one pixel; runs longer than a match (258) and rows equal to
 * the row above; the widest row (the row above 32,768 bytes back, deflate's
 * farthest distance); literals whose counts make a Huffman tree deeper than
 * deflate's 15 bits; a single colour; rows a pitch apart with bytes between
 * them that must not leak into the picture; and more symbols than one block
 * holds. The same rows give the same bytes. */
#include <criterion/criterion.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "encode_fixture.h"
#include "png_int.h"

static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

/* 256 colours, each distinct */
static void palette(uint32_t *pal)
{
    for (int i = 0; i < 256; i++) pal[i] = (uint32_t)i << 16 | (uint32_t)(255 - i) << 8 | (uint32_t)(i * 7 & 255);
}

/* rows: h rows of 1 + w bytes (a 0, then indices) pitch apart */
static void trip(const unsigned char *rows, size_t pitch, int w, int h, const char *what)
{
    uint32_t pal[256];
    palette(pal);
    dg_buf b, again;
    dg_buf_init(&b);
    dg_buf_init(&again);
    dg_error err;
    dg_error_clear(&err);
    cr_assert_eq(dr__png_write_runs(rows, pitch, w, h, pal, 256, &b, &err), DG_OK, "%s: %s", what, err.msg);
    cr_assert_eq(dr__png_write_runs(rows, pitch, w, h, pal, 256, &again, &err), DG_OK, "%s", what);
    cr_assert(b.len == again.len && memcmp(b.data, again.data, b.len) == 0, "%s: same rows, other bytes", what);
    int pw, ph;
    unsigned char *px = png_rgb(b.data, b.len, &pw, &ph);
    cr_assert_eq(pw, w, "%s", what);
    cr_assert_eq(ph, h, "%s", what);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const unsigned char *p = px + 3 * ((size_t)y * (size_t)w + (size_t)x);
            uint32_t got = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
            uint32_t want = pal[rows[(size_t)y * pitch + 1 + (size_t)x]];
            cr_assert_eq(got, want, "%s: pixel (%d, %d) is %06X, want %06X", what, x, y, got, want);
        }
    free(px);
    dg_buf_fini(&b);
    dg_buf_fini(&again);
}

/* h rows of w pixels from fn(x, y), pitch = w + 1 + gap (the gap filled
 * with bytes that are not the picture's) */
static unsigned char *make(int w, int h, int gap, unsigned char (*fn)(int x, int y, void *ctx), void *ctx)
{
    size_t pitch = (size_t)w + 1 + (size_t)gap;
    unsigned char *r = malloc(pitch * (size_t)h + 1);
    cr_assert_not_null(r);
    for (int y = 0; y < h; y++) {
        unsigned char *row = r + (size_t)y * pitch;
        row[0] = 0;
        for (int x = 0; x < w; x++) row[1 + x] = fn(x, y, ctx);
        for (int g = 0; g < gap; g++) row[1 + w + g] = (unsigned char)(0xA5 ^ g);
    }
    return r;
}

static unsigned char flat(int x, int y, void *ctx) { (void)x, (void)y, (void)ctx; return 7; }
static unsigned char stripes(int x, int y, void *ctx) { (void)y, (void)ctx; return x % 600 < 300 ? 1 : 2; }
static unsigned char noisy(int x, int y, void *ctx)
{
    uint32_t *s = ctx;
    (void)x;
    /* noise, every other row one run */
    return y % 2 ? 0 : (unsigned char)(lcg(s) & 255);
}
static unsigned char edges(int x, int y, void *ctx)
{
    (void)ctx;
    /* paper, a band of blends, runs of 2 and 3: the sketch's kind of row */
    int k = (x + 3 * y) % 23;
    return k < 12 ? 0 : k < 15 ? (unsigned char)(8 + k) : k < 17 ? 1 : (unsigned char)(40 + (x / 5) % 4);
}

Test(png_runs, one_pixel)
{
    unsigned char rows[2] = {0, 200};
    trip(rows, 2, 1, 1, "1x1");
}

Test(png_runs, single_colour_and_long_runs)
{
    unsigned char *r = make(1000, 9, 0, flat, NULL);
    trip(r, 1001, 1000, 9, "flat 1000x9");
    free(r);
    r = make(1801, 5, 0, stripes, NULL);
    trip(r, 1802, 1801, 5, "stripes of 300");
    free(r);
}

Test(png_runs, rows_a_pitch_apart)
{
    uint32_t s = 11;
    unsigned char *r = make(333, 40, 97, edges, &s);
    trip(r, 333 + 1 + 97, 333, 40, "pitch with a gap");
    free(r);
}

Test(png_runs, the_row_above_at_the_farthest_distance)
{
    uint32_t s = 5;
    unsigned char *r = make(32767, 4, 0, noisy, &s);
    trip(r, 32768, 32767, 4, "32767 wide");
    free(r);
}

Test(png_runs, more_symbols_than_a_block)
{
    uint32_t s = 3;
    unsigned char *r = make(700, 200, 0, noisy, &s);
    trip(r, 701, 700, 200, "noisy 700x200");
    free(r);
    r = make(829, 300, 3, edges, NULL);
    trip(r, 833, 829, 300, "edges 829x300");
    free(r);
}

/* Literal counts in Fibonacci proportion, 2, 3, 5 ... 10946, the 1 and 1
 * below them the block's end and the row's filter byte: Huffman's tree for
 * them is 20 deep, so the 15-bit limit must reshape it. One row (no row
 * above to match), laid out so no two neighbours are alike (no runs): all
 * literals, one block. */
Test(png_runs, codes_deeper_than_fifteen_bits_are_limited)
{
    enum { K = 19 }; /* 28,654 pixels */
    size_t left[K], total = 0;
    left[0] = 2;
    left[1] = 3;
    for (int i = 2; i < K; i++) left[i] = left[i - 1] + left[i - 2];
    for (int i = 0; i < K; i++) total += left[i];
    unsigned char *r = malloc(total + 1);
    cr_assert_not_null(r);
    r[0] = 0;
    int prev = -1;
    for (size_t n = 0; n < total; n++) { /* the most left that is not the one before */
        int best = -1;
        for (int i = 0; i < K; i++)
            if (i != prev && left[i] && (best < 0 || left[i] > left[best])) best = i;
        cr_assert_geq(best, 0);
        left[best]--;
        r[1 + n] = (unsigned char)(1 + best * 10);
        prev = best;
    }
    trip(r, total + 1, (int)total, 1, "fibonacci counts");
    free(r);
}
