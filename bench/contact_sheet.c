/* contact_sheet.c -- renders one map in every style x grid (and view) into a
 * folder so a person can look at them side by side: one PNG per combination,
 * a montage per grid with the style names, and the hand-built glyph gallery
 * (every door type both ways, all stairs) per style, also enlarged, and a
 * hand-built cave per style. Reviewing
 * is left to the eye; tools/contact_sheet.sh runs it over several seeds.
 *
 * usage: contact_sheet OUTDIR [key=value ...]   (map options; seed= needed) */
#include <errno.h>
#include <gd.h>
#include <gdfontmb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "png_fixture.h"
#include "render.h"

#define MAX_KV 40

static int write_file(const char *path, const void *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, 1, n, f) != n || fclose(f) != 0) {
        fprintf(stderr, "contact_sheet: cannot write %s: %s\n", path, strerror(errno));
        if (f) fclose(f);
        return -1;
    }
    return 0;
}

static void report(const char *what, const dg_error *e)
{
    fprintf(stderr, "contact_sheet: %s: %s (param=%s value=%s)\n", what, e->msg, e->param,
            e->value);
}

/* Renders d, writes it to path; the decoded image for montages on request. */
static int render_to(const dg_dungeon *d, const char *path, gdImagePtr *keep)
{
    dg_buf b;
    dg_buf_init(&b);
    dg_error err;
    dg_error_clear(&err);
    int rc = -1;
    if (dg_png_encode(d, &b, &err) != DG_OK) report(path, &err);
    else if (write_file(path, b.data, b.len) == 0) rc = 0;
    if (rc == 0 && keep) *keep = gdImageCreateFromPngPtr((int)b.len, b.data);
    dg_buf_fini(&b);
    return rc;
}

static int save_gd(gdImagePtr im, const char *path)
{
    int n = 0;
    void *p = gdImagePngPtrEx(im, &n, 9);
    int rc = p ? write_file(path, p, (size_t)n) : -1;
    gdFree(p);
    return rc;
}

/* Montage: images in `cols` columns, a caption above each. */
static gdImagePtr montage(gdImagePtr *ims, const char **names, int n, int cols)
{
    int cw = 0, ch = 0, cap = 16, pad = 8;
    for (int i = 0; i < n; i++) {
        if (!ims[i]) continue;
        if (gdImageSX(ims[i]) > cw) cw = gdImageSX(ims[i]);
        if (gdImageSY(ims[i]) > ch) ch = gdImageSY(ims[i]);
    }
    int rows = (n + cols - 1) / cols;
    gdImagePtr m = gdImageCreateTrueColor(cols * (cw + pad) + pad, rows * (ch + cap + pad) + pad);
    if (!m) return NULL;
    gdImageFilledRectangle(m, 0, 0, gdImageSX(m) - 1, gdImageSY(m) - 1, 0x808080);
    for (int i = 0; i < n; i++) {
        int x = pad + (i % cols) * (cw + pad), y = pad + (i / cols) * (ch + cap + pad);
        gdImageString(m, gdFontGetMediumBold(), x, y, (unsigned char *)names[i], 0xFFFFFF);
        if (ims[i]) gdImageCopy(m, ims[i], x, y + cap, 0, 0, gdImageSX(ims[i]), gdImageSY(ims[i]));
    }
    return m;
}

static gdImagePtr enlarge(gdImagePtr im, int k)
{
    gdImagePtr o = gdImageCreateTrueColor(gdImageSX(im) * k, gdImageSY(im) * k);
    if (o) gdImageCopyResized(o, im, 0, 0, 0, 0, gdImageSX(o), gdImageSY(o), gdImageSX(im),
                              gdImageSY(im));
    return o;
}

/* The map's features (stock_features.c) in every style at cell 18 and 32,
 * with the legend and ruler: a fixed map whose key names water, pillars,
 * statues, altars and chests; features-<cell>.png is the montage
 * (docs/contact keeps these). */
static int features(const char *dir, const char **style_names)
{
    int status = 0;
    static const char *const cells[] = {"18", "32"};
    for (int k = 0; k < 2; k++) {
        gdImagePtr ims[DG_STYLE_COUNT] = {0};
        for (int s = 0; s < DG_STYLE_COUNT; s++) {
            const char *keys[] = {"seed", "rows", "cols", "motif", "pillars", "legend", "ruler", "style", "cell"};
            const char *vals[] = {"7", "17", "25", "aquatic", "yes", "yes", "yes", style_names[s], cells[k]};
            dg_options o;
            dg_error err;
            dg_error_clear(&err);
            dg_dungeon *d = NULL;
            if (dg_options_parse(&o, 9, keys, vals, NULL, &err) != DG_OK || dg_generate(&o, &d, &err) != DG_OK) {
                report("features", &err);
                return 1;
            }
            char path[512];
            snprintf(path, sizeof path, "%s/features-%s-%s.png", dir, style_names[s], cells[k]);
            if (render_to(d, path, &ims[s]) != 0) status = 1;
            dg_dungeon_free(d);
        }
        gdImagePtr m = montage(ims, style_names, DG_STYLE_COUNT, 3);
        char path[512];
        snprintf(path, sizeof path, "%s/features-%s.png", dir, cells[k]);
        if (!m || save_gd(m, path) != 0) status = 1;
        if (m) gdImageDestroy(m);
        for (int s = 0; s < DG_STYLE_COUNT; s++)
            if (ims[s]) gdImageDestroy(ims[s]);
    }
    return status;
}

int main(int argc, char **argv)
{
    /* "--help" is no directory name: it once became one, 70 PNGs deep */
    if (argc < 2 || argv[1][0] == '-') {
        fprintf(stderr, "usage: contact_sheet OUTDIR [key=value ...]\n");
        return argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) ? 0 : 2;
    }
    const char *dir = argv[1];
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "contact_sheet: mkdir %s: %s\n", dir, strerror(errno));
        return 1;
    }
    const char *keys[MAX_KV + 3], *vals[MAX_KV + 3];
    char kv[MAX_KV][128];
    size_t n = 0;
    for (int i = 2; i < argc && n < MAX_KV; i++) {
        snprintf(kv[n], sizeof kv[n], "%s", argv[i]);
        char *eq = strchr(kv[n], '=');
        if (!eq) continue;
        *eq = 0;
        keys[n] = kv[n];
        vals[n] = eq + 1;
        n++;
    }
    int status = 0;
    const char *style_names[DG_STYLE_COUNT];
    for (int s = 0; s < DG_STYLE_COUNT; s++) style_names[s] = dg_style_name((dg_style)s);

    for (int g = 0; g < DG_GRID_COUNT; g++) {
        gdImagePtr ims[DG_STYLE_COUNT] = {0};
        for (int s = 0; s < DG_STYLE_COUNT; s++) {
            keys[n] = "style";
            vals[n] = style_names[s];
            keys[n + 1] = "grid";
            vals[n + 1] = dg_grid_name((dg_grid)g);
            dg_options o;
            dg_error err;
            dg_error_clear(&err);
            dg_dungeon *d = NULL;
            if (dg_options_parse(&o, n + 2, keys, vals, NULL, &err) != DG_OK) {
                report("options", &err);
                return 2;
            }
            if (!o.seed_given) dg_options_set_seed(&o, 1);
            if (dg_generate(&o, &d, &err) != DG_OK) {
                report("generate", &err);
                return 1;
            }
            char path[512];
            snprintf(path, sizeof path, "%s/%s-%s.png", dir, style_names[s],
                     dg_grid_name((dg_grid)g));
            if (render_to(d, path, &ims[s]) != 0) status = 1;
            dg_dungeon_free(d);
        }
        gdImagePtr m = montage(ims, style_names, DG_STYLE_COUNT, 2);
        char path[512];
        snprintf(path, sizeof path, "%s/sheet-%s.png", dir, dg_grid_name((dg_grid)g));
        if (!m || save_gd(m, path) != 0) status = 1;
        if (m) gdImageDestroy(m);
        for (int s = 0; s < DG_STYLE_COUNT; s++)
            if (ims[s]) gdImageDestroy(ims[s]);
    }

    /* the glyph gallery: GM and player view side by side per style */
    for (int s = 0; s < DG_STYLE_COUNT; s++) {
        gdImagePtr pair[2] = {0};
        const char *views[2] = {"gm", "player"};
        for (int v = 0; v < 2; v++) {
            dg_dungeon *d = pf_gallery(style_names[s], "square", "18", views[v]);
            char path[512];
            snprintf(path, sizeof path, "%s/gallery-%s-%s.png", dir, style_names[s], views[v]);
            if (render_to(d, path, &pair[v]) != 0) status = 1;
            pf_free(d);
        }
        gdImagePtr m = montage(pair, views, 2, 2), big = m ? enlarge(m, 3) : NULL;
        char path[512];
        snprintf(path, sizeof path, "%s/gallery-%s-x3.png", dir, style_names[s]);
        if (!big || save_gd(big, path) != 0) status = 1;
        if (m) gdImageDestroy(m);
        if (big) gdImageDestroy(big);
        for (int v = 0; v < 2; v++)
            if (pair[v]) gdImageDestroy(pair[v]);
    }

    /* the hand-built cave (organic outline) in every style, hex grid */
    gdImagePtr caves[DG_STYLE_COUNT] = {0};
    for (int s = 0; s < DG_STYLE_COUNT; s++) {
        dg_dungeon *d = pf_cave(style_names[s], "hex", "18", "gm");
        char path[512];
        snprintf(path, sizeof path, "%s/cave-%s.png", dir, style_names[s]);
        if (render_to(d, path, &caves[s]) != 0) status = 1;
        pf_free(d);
    }
    gdImagePtr m = montage(caves, style_names, DG_STYLE_COUNT, 2);
    char path[512];
    snprintf(path, sizeof path, "%s/sheet-cave.png", dir);
    if (!m || save_gd(m, path) != 0) status = 1;
    if (m) gdImageDestroy(m);
    for (int s = 0; s < DG_STYLE_COUNT; s++)
        if (caves[s]) gdImageDestroy(caves[s]);
    if (features(dir, style_names) != 0) status = 1;
    return status;
}
