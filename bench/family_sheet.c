/* family_sheet.c -- contact sheets, rendered with the real PNG encoder and
 * tiled with libgd, each tile captioned. For a person to look at; asserts
 * nothing.
 *   family_sheet ALGORITHM OUT.png [key=value ...]
 *       one family: four seeds at two map sizes
 *   family_sheet all OUT.png [styles=a,b,...] [key=value ...]
 *       every family (seed 1, 45x23) in each style (default crosshatch and
 *       ink), a row a family; written as a palette PNG, small enough for
 *       docs/
 *   family_sheet caves OUT.png [key=value ...]
 *       the cave families with their chamber numbers (core/chambers.c): a
 *       row each for caverns, layout=cavernous, gridmapper caves=yes and
 *       abstract, the first seeds whose map has chambers; palette PNG */
#include <gd.h>
#include <gdfonts.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"

#define SEEDS 4
#define GAP 12
#define CAPTION 16
#define MAX_KV 32

/* NULL when want_chambers and the map has none. */
static gdImagePtr render_map(const char *algo, unsigned seed, int rows, int cols, int argc, char **argv,
                             bool want_chambers)
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
    bool cell_given = false; /* a cell=N of the caller's wins */
    for (int i = 0; i < argc; i++) cell_given |= !strncmp(argv[i], "cell=", 5);
    if (!cell_given) dg_options_set(&o, "cell", rows > 40 ? "8" : "12", NULL, &e);
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
    size_t chambers = 0;
    for (size_t i = 0; i < d->n_rooms; i++) chambers += d->rooms[i].kind == DG_ROOM_KIND_CHAMBER;
    if (want_chambers && !chambers) {
        dg_dungeon_free(d);
        return NULL;
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

static gdImagePtr render_one(const char *algo, unsigned seed, int rows, int cols, int argc, char **argv)
{
    return render_map(algo, seed, rows, cols, argc, argv, false);
}

static int write_png(gdImagePtr sheet, const char *path, bool palette)
{
    FILE *f = fopen(path, "wb");
    if (!f) {
        perror(path);
        return 1;
    }
    if (palette) gdImageTrueColorToPalette(sheet, 0, 256);
    gdImagePngEx(sheet, f, 9);
    fclose(f);
    gdImageDestroy(sheet);
    return 0;
}

static gdImagePtr blank(int width, int height, int *ink)
{
    gdImagePtr sheet = gdImageCreateTrueColor(width, height);
    int white = gdImageColorAllocate(sheet, 250, 250, 247);
    *ink = gdImageColorAllocate(sheet, 30, 30, 30);
    gdImageFilledRectangle(sheet, 0, 0, width - 1, height - 1, white);
    return sheet;
}

/* Every family in each style: rows are families, columns styles. */
static int all_families(const char *out, int argc, char **argv)
{
    char styles[256] = "crosshatch,ink", *style[8];
    char *kv[MAX_KV + 1];
    int n_kv = 0, n_style = 0;
    for (int i = 0; i < argc; i++) {
        if (!strncmp(argv[i], "styles=", 7)) snprintf(styles, sizeof styles, "%s", argv[i] + 7);
        else if (n_kv < MAX_KV) kv[n_kv++] = argv[i];
    }
    for (char *t = strtok(styles, ","); t && n_style < 8; t = strtok(NULL, ",")) style[n_style++] = t;
    gdImagePtr tile[DG_ALGO_COUNT][8];
    int tw = 0, th = 0;
    for (int a = 0; a < DG_ALGO_COUNT; a++)
        for (int s = 0; s < n_style; s++) {
            char style_kv[64];
            snprintf(style_kv, sizeof style_kv, "style=%s", style[s]);
            kv[n_kv] = style_kv;
            tile[a][s] = render_one(dg_algorithm_name(a), 1, 23, 45, n_kv + 1, kv);
            if (gdImageSX(tile[a][s]) > tw) tw = gdImageSX(tile[a][s]);
            if (gdImageSY(tile[a][s]) > th) th = gdImageSY(tile[a][s]);
        }
    int ink;
    gdImagePtr sheet = blank(GAP + n_style * (tw + GAP), GAP + DG_ALGO_COUNT * (th + CAPTION + GAP), &ink);
    for (int a = 0; a < DG_ALGO_COUNT; a++)
        for (int s = 0; s < n_style; s++) {
            int x = GAP + s * (tw + GAP), y = GAP + a * (th + CAPTION + GAP);
            char cap[96];
            snprintf(cap, sizeof cap, "%s, %s (seed 1, 45x23)", dg_algorithm_name(a), style[s]);
            gdImageString(sheet, gdFontGetSmall(), x, y, (unsigned char *)cap, ink);
            gdImageCopy(sheet, tile[a][s], x, y + CAPTION, 0, 0, gdImageSX(tile[a][s]), gdImageSY(tile[a][s]));
            gdImageDestroy(tile[a][s]);
        }
    return write_png(sheet, out, true);
}

/* The cave families, CAVE_SEEDS maps each (45x23), a row a family. */
#define CAVE_SEEDS 3
static int caves(const char *out, int argc, char **argv)
{
    static const struct { const char *algo, *kv, *label; } fam[] = {
        {"caverns", NULL, "caverns"},
        {"donjon", "layout=cavernous", "donjon layout=cavernous"},
        {"gridmapper", "caves=yes", "gridmapper caves=yes"},
        {"abstract", NULL, "abstract (cave areas)"},
    };
    enum { N_FAM = sizeof fam / sizeof *fam };
    gdImagePtr tile[N_FAM][CAVE_SEEDS];
    unsigned seed_of[N_FAM][CAVE_SEEDS];
    int tw = 0, th = 0;
    for (int f = 0; f < N_FAM; f++) {
        char *kv[MAX_KV + 1];
        int n_kv = 0;
        if (fam[f].kv) kv[n_kv++] = (char *)fam[f].kv;
        for (int i = 0; i < argc && n_kv < MAX_KV; i++) kv[n_kv++] = argv[i];
        unsigned seed = 1;
        for (int k = 0; k < CAVE_SEEDS; k++) {
            do tile[f][k] = render_map(fam[f].algo, seed++, 23, 45, n_kv, kv, true);
            while (!tile[f][k] && seed < 200);
            seed_of[f][k] = seed - 1;
            if (!tile[f][k]) return 1;
            if (gdImageSX(tile[f][k]) > tw) tw = gdImageSX(tile[f][k]);
            if (gdImageSY(tile[f][k]) > th) th = gdImageSY(tile[f][k]);
        }
    }
    int ink;
    gdImagePtr sheet = blank(GAP + CAVE_SEEDS * (tw + GAP), GAP + N_FAM * (th + CAPTION + GAP), &ink);
    for (int f = 0; f < N_FAM; f++)
        for (int k = 0; k < CAVE_SEEDS; k++) {
            int x = GAP + k * (tw + GAP), y = GAP + f * (th + CAPTION + GAP);
            char cap[96];
            snprintf(cap, sizeof cap, "%s, seed %u, 45x23", fam[f].label, seed_of[f][k]);
            gdImageString(sheet, gdFontGetSmall(), x, y, (unsigned char *)cap, ink);
            gdImageCopy(sheet, tile[f][k], x, y + CAPTION, 0, 0, gdImageSX(tile[f][k]), gdImageSY(tile[f][k]));
            gdImageDestroy(tile[f][k]);
        }
    return write_png(sheet, out, true);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: family_sheet ALGORITHM|all OUT.png [key=value ...]\n");
        return 2;
    }
    if (!strcmp(argv[1], "all")) return all_families(argv[2], argc - 3, argv + 3);
    if (!strcmp(argv[1], "caves")) return caves(argv[2], argc - 3, argv + 3);
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
    int ink;
    gdImagePtr sheet = blank(width, height, &ink);
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
    return write_png(sheet, argv[2], false);
}
