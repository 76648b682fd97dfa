/* test_png_write.c -- the PNG writer (render/image/png_write.c) and the shared-row
 * canvas (render/image/png_canvas.c) on synthetic rows: every pixel decodes back
 * (libpng) to its role's colour whatever mix of new rows, repeats by shared
 * storage, repeats by equal bytes, short runs and long spliced runs the
 * image holds, at odd and even widths, with palettes of 12, 4, 3 and 2
 * distinct colours (4, 2, 2 and 1 bits a pixel); packing codes 16 pixels a
 * step gives the bytes of packing them one by one; and canvas writes
 * through shared rows change exactly the pixels a plain array would. */
#include <criterion/criterion.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "encode_fixture.h"
#include "png_int.h"

/* The palettes written, each with the bit depth it must give: all roles
 * distinct; four colours (the standard style's pattern: one shared by most
 * roles); three; two. */
static const struct {
    uint32_t rgb[DG_PAL_COUNT];
    int depth;
} palettes[] = {
    {{0x000000, 0xFFFFFF, 0x101010, 0xCCCCCC, 0x203040, 0x405060, 0x607080, 0x8090A0, 0xD01010, 0x10D010,
      0x1010D0, 0xABCDEF}, 4},
    {{0x000000, 0xFFFFFF, 0x000000, 0xCCCCCC, 0x000000, 0x000000, 0x000000, 0xFFFFFF, 0xD01010, 0x000000,
      0x000000, 0x000000}, 2},
    {{0x3F72B5, 0xFFFFFF, 0x3F72B5, 0x3F72B5, 0x3F72B5, 0xFFFFFF, 0x123456, 0x3F72B5, 0x3F72B5, 0x3F72B5,
      0x3F72B5, 0x3F72B5}, 2},
    {{0xFFFFFF, 0x000000, 0x000000, 0xFFFFFF, 0x000000, 0x000000, 0xFFFFFF, 0x000000, 0x000000, 0x000000,
      0xFFFFFF, 0x000000}, 1},
};

static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

/* Writes rows, decodes the PNG and compares every pixel with rgb[role]. */
static void one_trip(unsigned char *const *rows, int w, int h, const char *what, bool rle, int period,
                     const uint32_t *rgb, int depth)
{
    dg_buf b;
    dg_buf_init(&b);
    dg_error err;
    dg_error_clear(&err);
    cr_assert_eq(dr__png_write(rows, w, h, rgb, rle, period, &b, &err), DG_OK, "%s: %s", what, err.msg);
    cr_assert_eq(b.data[24], depth, "%s: bit depth %d, want %d", what, b.data[24], depth);
    int pw, ph;
    unsigned char *px = png_rgb(b.data, b.len, &pw, &ph);
    cr_assert_eq(pw, w, "%s", what);
    cr_assert_eq(ph, h, "%s", what);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const unsigned char *p = px + 3 * ((size_t)y * (size_t)w + (size_t)x);
            uint32_t got = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
            cr_assert_eq(got, rgb[rows[y][x]], "%s: pixel (%d, %d) is %06X, want %06X", what, x, y,
                         got, rgb[rows[y][x]]);
        }
    /* same rows, same bytes */
    dg_buf again;
    dg_buf_init(&again);
    cr_assert_eq(dr__png_write(rows, w, h, rgb, rle, period, &again, NULL), DG_OK);
    cr_expect(again.len == b.len && !memcmp(again.data, b.data, b.len), "%s: bytes differ", what);
    dg_buf_fini(&again);
    dg_buf_fini(&b);
    free(px);
}

/* Both zlib modes (for runs and for matches), every palette, new rows
 * filtered Up (a tall period) and, where the palette is narrow, as they
 * are (a short one). */
static void round_trip(unsigned char *const *rows, int w, int h, const char *what)
{
    for (size_t p = 0; p < sizeof palettes / sizeof *palettes; p++)
        for (int period = 1; period <= 4096; period *= 4096) {
            one_trip(rows, w, h, what, true, period, palettes[p].rgb, palettes[p].depth);
            one_trip(rows, w, h, what, false, period, palettes[p].rgb, palettes[p].depth);
        }
}

/* 16 pixels a step (SSSE3, where the CPU has it) and one by one give the
 * same bytes, at every width round the step and for every code pattern. */
Test(png_write, packing_codes_by_sixteen_matches_one_by_one)
{
    uint32_t seed = 99;
    unsigned char px[300], fast[80], plain[80];
    for (int depth = 1; depth <= 2; depth++)
        for (int w = 1; w <= 260; w++) {
            unsigned char code[16];
            for (int k = 0; k < 16; k++) code[k] = (unsigned char)(lcg(&seed) % (1u << depth));
            for (int x = 0; x < w; x++) px[x] = (unsigned char)(lcg(&seed) % DG_PAL_COUNT);
            size_t n = ((size_t)w * (size_t)depth + 7) / 8;
            memset(fast, 0xAA, sizeof fast);
            memset(plain, 0x55, sizeof plain);
            dr__png_pack_codes(px, w, depth, code, true, fast);
            dr__png_pack_codes(px, w, depth, code, false, plain);
            cr_assert_eq(memcmp(fast, plain, n), 0, "depth %d width %d", depth, w);
            cr_assert_eq(fast[n], 0xAA, "depth %d width %d: wrote past the row", depth, w);
            for (int x = 0; x < w; x++) {
                int per = 8 / depth, v = plain[x / per] >> (depth * (per - 1 - x % per)) & ((1 << depth) - 1);
                cr_assert_eq(v, code[px[x]], "depth %d width %d pixel %d", depth, w, x);
            }
            int used = w * depth % 8;
            if (used) cr_assert_eq(plain[n - 1] & (0xFF >> used), 0, "padding bits set at width %d", w);
        }
}

/* Rows in runs: each run starts with a new random row and repeats it
 * (sharing the pointer or copying the bytes) for a random length, some
 * runs long enough to be spliced, some longer than a spliced piece. */
Test(png_write, repeats_and_splices_decode_to_the_same_pixels)
{
    static const int widths[] = {1, 2, 3, 7, 31, 32, 33, 64, 65, 667, 2001};
    static const int runs[] = {0, 1, 2, 5, 9, 16, 17, 31, 32, 33, 40, 70, 200};
    uint32_t seed = 12345;
    for (size_t wi = 0; wi < sizeof widths / sizeof *widths; wi++) {
        int w = widths[wi], h = 900;
        unsigned char *pix = malloc((size_t)w * (size_t)h);
        unsigned char **rows = malloc((size_t)h * sizeof *rows);
        cr_assert(pix && rows);
        for (int y = 0; y < h;) {
            unsigned char *r = pix + (size_t)y * (size_t)w;
            for (int x = 0; x < w; x++) r[x] = (unsigned char)(lcg(&seed) % DG_PAL_COUNT);
            if (lcg(&seed) % 2) memset(r, (int)(lcg(&seed) % DG_PAL_COUNT), (size_t)w / 2);
            rows[y++] = r;
            int k = runs[lcg(&seed) % (sizeof runs / sizeof *runs)];
            bool share = lcg(&seed) % 2;
            for (int i = 0; i < k && y < h; i++, y++) {
                unsigned char *own = pix + (size_t)y * (size_t)w;
                if (!share) memcpy(own, r, (size_t)w);
                rows[y] = share ? r : own;
            }
        }
        char what[32];
        snprintf(what, sizeof what, "width %d", w);
        round_trip(rows, w, h, what);
        round_trip(rows, w, 1, "one row");
        for (int y = 1; y < h; y++) rows[y] = rows[0]; /* one row repeated all the way */
        round_trip(rows, w, h, "all repeats");
        free(pix);
        free(rows);
    }
}

/* The canvas against a plain array: random fresh/repeat fill, then random
 * boxes and single-row writes; every row must read as the plain copy. */
Test(png_write, canvas_writes_through_shared_rows_touch_only_their_pixels)
{
    uint32_t seed = 777;
    for (int round = 0; round < 40; round++) {
        dr__canvas cv;
        memset(&cv, 0, sizeof cv);
        cv.w = 1 + (int)(lcg(&seed) % 50);
        cv.h = 1 + (int)(lcg(&seed) % 60);
        cr_assert_eq(dr__canvas_alloc(&cv, NULL), DG_OK);
        unsigned char *plain = malloc((size_t)cv.w * (size_t)cv.h);
        cr_assert_not_null(plain);
        for (int y = 0; y < cv.h; y++) {
            unsigned char *ref = plain + (size_t)y * (size_t)cv.w;
            if (y > 0 && lcg(&seed) % 4) {
                dr__canvas_repeat(&cv, y);
                memcpy(ref, ref - cv.w, (size_t)cv.w);
            } else {
                unsigned char *row = dr__canvas_fresh(&cv, y);
                for (int x = 0; x < cv.w; x++) row[x] = ref[x] = (unsigned char)(lcg(&seed) % 16);
            }
        }
        for (int op = 0; op < 30; op++) {
            int x0 = (int)(lcg(&seed) % (unsigned)(cv.w + 4)) - 2, x1 = x0 + (int)(lcg(&seed) % 8);
            int y0 = (int)(lcg(&seed) % (unsigned)(cv.h + 4)) - 2, y1 = y0 + (int)(lcg(&seed) % 20);
            unsigned char ink = (unsigned char)(lcg(&seed) % 16);
            if (lcg(&seed) % 3) {
                dr__canvas_box(&cv, x0, y0, x1, y1, ink);
                for (int y = y0 < 0 ? 0 : y0; y <= y1 && y < cv.h; y++)
                    for (int x = x0 < 0 ? 0 : x0; x <= x1 && x < cv.w; x++)
                        plain[(size_t)y * (size_t)cv.w + (size_t)x] = ink;
            } else if (y0 >= 0 && y0 < cv.h) {
                int x = (int)(lcg(&seed) % (unsigned)cv.w);
                dr__canvas_row(&cv, y0)[x] = ink;
                plain[(size_t)y0 * (size_t)cv.w + (size_t)x] = ink;
            }
            for (int y = 0; y < cv.h; y++)
                cr_assert_eq(memcmp(cv.rows[y], plain + (size_t)y * (size_t)cv.w, (size_t)cv.w), 0,
                             "round %d op %d: row %d of %dx%d", round, op, y, cv.w, cv.h);
        }
        dr__canvas_free(&cv);
        free(plain);
    }
}
