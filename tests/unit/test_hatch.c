/* test_hatch.c -- crosshatch's rock (render/image/hatch.c), read back from real
 * PNGs: rock inside the band (its cell and all eight neighbours band or
 * floor) carries pen strokes, so no white island is left in solid rock;
 * rock well beyond the band (no band cell among its neighbours) stays
 * paper. Maps: the issue's (seed 7, polymorph, 32 px) and a large one. */
#include <criterion/criterion.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "encode_fixture.h"
#include "gen_check.h"
#include "png_int.h"

/* RGB pixels of d's PNG (free()). */
/* Pen pixels inside cell (x, y) (its interior, not its boundary lines). */
static int ink_in(const unsigned char *rgb, int w, int c, int x, int y, uint32_t ink)
{
    int n = 0;
    for (int py = y * c + 1; py < (y + 1) * c; py++)
        for (int px = x * c + 1; px < (x + 1) * c; px++) {
            const unsigned char *p = rgb + 3 * ((size_t)py * (size_t)w + (size_t)px);
            n += ((uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2]) == ink;
        }
    return n;
}

static void check(const char *const *kv, size_t n)
{
    dg_dungeon *d = gc_make(kv, n);
    int c = d->opts.cell, W = d->width, H = d->height;
    img im = encode_img(d);
    unsigned char *rgb = im.rgb;
    int w = im.w;
    unsigned char *cls = malloc((size_t)W * (size_t)H);
    for (int i = 0; i < W * H; i++) cls[i] = dg_cell_open(d->cells[i]) ? DG_CLS_OPEN : DG_CLS_ROCK;
    unsigned char *band = dr__hatch_band(d, cls);
    cr_assert_not_null(band);
    uint32_t ink = dr__style_get(DG_STYLE_CROSSHATCH)->rgb[DG_PAL_TEX1];
    int inside = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            if (cls[y * W + x] == DG_CLS_OPEN || (d->cave && d->cave[y * W + x])) continue;
            int nb = 0, all = 0;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int xx = x + dx, yy = y + dy;
                    if (xx < 0 || yy < 0 || xx >= W || yy >= H) continue;
                    all++;
                    nb += band[yy * W + xx] || cls[yy * W + xx] == DG_CLS_OPEN;
                }
            if (nb == all && band[y * W + x]) {
                inside++;
                cr_assert_gt(ink_in(rgb, w, c, x, y, ink), 0, "%s: rock cell (%d,%d) in the band is bare", kv[0], x, y);
            } else if (nb == 0) {
                cr_assert_eq(ink_in(rgb, w, c, x, y, ink), 0, "%s: rock cell (%d,%d) beyond the band is hatched", kv[0],
                             x, y);
            }
        }
    cr_assert_gt(inside, 10, "%s: too few cells inside the band", kv[0]);
    free(band);
    free(cls);
    free(rgb);
    dg_dungeon_free(d);
}

Test(hatch, band_hugs_the_walls_and_leaves_no_white_island)
{
    static const char *const issue[] = {"seed=7", "polymorph=yes", "style=crosshatch", "cell=32"};
    check(issue, 4);
    static const char *const big[] = {"seed=3", "size=large", "style=crosshatch"};
    check(big, 3);
}
