/* family_sheet.c -- a contact sheet for one algorithm family: four seeds at
 * two map sizes, rendered with the real PNG encoder and tiled with libgd,
 * each tile captioned. For a person to look at; asserts nothing.
 *   family_sheet ALGORITHM OUT.png [key=value ...] */
#include <gd.h>
#include <gdfonts.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"

#define SEEDS 4
#define GAP 12
#define CAPTION 16

static gdImagePtr render_one(const char *algo, unsigned seed, int rows, int cols, int argc,
                             char **argv)
{
    dg_options o;
    dg_error e = {0};
    char buf[32];
    dg_options_init(&o);
    dg_options_set(&o, "algorithm", algo, NULL, &e);
    snprintf(buf, sizeof buf, "%d", rows);
    dg_options_set(&o, "rows", buf, NULL, &e);
    snprintf(buf, sizeof buf, "%d", cols);
    dg_options_set(&o, "cols", buf, NULL, &e);
    dg_options_set(&o, "cell", rows > 40 ? "8" : "12", NULL, &e);
    for (int i = 0; i < argc; i++) {
        char kv[128];
        snprintf(kv, sizeof kv, "%s", argv[i]);
        char *eq = strchr(kv, '=');
        if (!eq) continue;
        *eq = '\0';
        dg_options_set(&o, kv, eq + 1, NULL, &e);
    }
    if (dg_options_finish(&o, NULL, &e) != DG_OK || e.code != DG_OK) {
        fprintf(stderr, "family_sheet: %s\n", e.msg);
        exit(2);
    }
    dg_options_set_seed(&o, seed);
    dg_dungeon *d = NULL;
    if (dg_generate(&o, &d, &e) != DG_OK) {
        fprintf(stderr, "family_sheet: seed %u: %s\n", seed, e.msg);
        exit(1);
    }
    dg_buf png;
    dg_buf_init(&png);
    if (dg_render(d, DG_FMT_PNG, &png, &e) != DG_OK) {
        fprintf(stderr, "family_sheet: %s\n", e.msg);
        exit(1);
    }
    gdImagePtr im = gdImageCreateFromPngPtr((int)png.len, png.data);
    dg_buf_fini(&png);
    dg_dungeon_free(d);
    return im;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: family_sheet ALGORITHM OUT.png [key=value ...]\n");
        return 2;
    }
    static const int sizes[2][2] = {{23, 45}, {61, 91}};
    gdImagePtr tiles[2][SEEDS];
    int width = GAP, height = GAP;
    for (int s = 0; s < 2; s++) {
        int row_w = GAP, row_h = 0;
        for (int k = 0; k < SEEDS; k++) {
            tiles[s][k] = render_one(argv[1], (unsigned)k + 1, sizes[s][0], sizes[s][1], argc - 3, argv + 3);
            row_w += gdImageSX(tiles[s][k]) + GAP;
            if (gdImageSY(tiles[s][k]) > row_h) row_h = gdImageSY(tiles[s][k]);
        }
        if (row_w > width) width = row_w;
        height += row_h + CAPTION + GAP;
    }
    gdImagePtr sheet = gdImageCreateTrueColor(width, height);
    int white = gdImageColorAllocate(sheet, 250, 250, 247), ink = gdImageColorAllocate(sheet, 30, 30, 30);
    gdImageFilledRectangle(sheet, 0, 0, width - 1, height - 1, white);
    int y = GAP;
    for (int s = 0; s < 2; s++) {
        int x = GAP, row_h = 0;
        for (int k = 0; k < SEEDS; k++) {
            char cap[96];
            snprintf(cap, sizeof cap, "%s seed=%d %dx%d", argv[1], k + 1, sizes[s][1], sizes[s][0]);
            gdImageString(sheet, gdFontGetSmall(), x, y, (unsigned char *)cap, ink);
            gdImageCopy(sheet, tiles[s][k], x, y + CAPTION, 0, 0, gdImageSX(tiles[s][k]), gdImageSY(tiles[s][k]));
            x += gdImageSX(tiles[s][k]) + GAP;
            if (gdImageSY(tiles[s][k]) > row_h) row_h = gdImageSY(tiles[s][k]);
            gdImageDestroy(tiles[s][k]);
        }
        y += row_h + CAPTION + GAP;
    }
    FILE *f = fopen(argv[2], "wb");
    if (!f) {
        perror(argv[2]);
        return 1;
    }
    gdImagePng(sheet, f);
    fclose(f);
    gdImageDestroy(sheet);
    return 0;
}
