/* test_sketch.c -- style=sketch and format=pdf, one drawing on three
 * cairo surfaces: the PNG is anti-aliased ink on paper (more than 16
 * colours, ink on at most a quarter of it), the same bytes twice; the SVG,
 * rasterised by rsvg-convert at its own size, agrees with the PNG on at
 * least 95% of pixels; the PDF has the map then the key (pdftotext finds
 * the dungeon's name and every room's heading), at most 3 pages for the
 * default dungeon (pdfinfo), the same bytes twice, on A4 or Letter. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "raster_fixture.h"

/* What a shell command prints, NUL-terminated; free it. */
static char *run(const char *cmd)
{
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p);
    size_t cap = 1 << 16, n = 0;
    char *s = malloc(cap);
    for (size_t k; (k = fread(s + n, 1, cap - n - 1, p)) > 0;) {
        n += k;
        if (n + 1 == cap) s = realloc(s, cap *= 2);
    }
    s[n] = '\0';
    cr_assert_eq(pclose(p), 0, "%s failed", cmd);
    return s;
}

static const char *const maps[] = {
    "seed=7&style=sketch", "seed=11&style=sketch&algorithm=caverns&rows=45&cols=45",
    "seed=3&style=sketch&rooms=dense&size=large", "seed=5&style=sketch&polymorph=many&view=player",
};

Test(sketch, png_is_anti_aliased_ink_on_paper)
{
    for (size_t m = 0; m < sizeof maps / sizeof *maps; m++) {
        dg_dungeon *d = rf_generate(maps[m]);
        dg_buf a, b;
        encode(d, dg_png_encode, &a);
        encode(d, dg_png_encode, &b);
        cr_assert(a.len == b.len && !memcmp(a.data, b.data, a.len), "%s: two renders differ", maps[m]);
        img im = png_img(&a);
        /* colours: count up to 17 distinct ones */
        uint32_t seen[17];
        int n_seen = 0;
        long ink = 0, all = (long)im.w * im.h;
        for (long p = 0; p < all; p++) {
            const unsigned char *px = im.rgb + 3 * p;
            uint32_t v = (uint32_t)px[0] << 16 | (uint32_t)px[1] << 8 | px[2];
            bool known = false;
            for (int i = 0; i < n_seen && !known; i++) known = seen[i] == v;
            if (!known && n_seen < 17) seen[n_seen++] = v;
            /* ink: darker than mid-grey in grey-scale (Rec. 601 luma) */
            if (299 * px[0] + 587 * px[1] + 114 * px[2] < 128 * 1000) ink++;
        }
        cr_assert_gt(n_seen, 16, "%s: %d colours: not anti-aliased", maps[m], n_seen);
        cr_assert_leq(ink * 4, all, "%s: ink on %ld of %ld pixels", maps[m], ink, all);
        free(im.rgb);
        dg_buf_fini(&a);
        dg_buf_fini(&b);
        dg_dungeon_free(d);
    }
}

Test(sketch, svg_rasterised_is_the_png)
{
    if (!rf_have("rsvg-convert")) cr_skip_test("no rsvg-convert (tools/deps.sh test installs librsvg2-bin)");
    for (size_t m = 0; m < sizeof maps / sizeof *maps; m++) {
        dg_dungeon *d = rf_generate(maps[m]);
        dg_buf svg;
        encode(d, dg_svg_encode, &svg);
        img a = encode_img(d), b = rf_rasterise(&svg, false, maps[m]);
        cr_assert(a.w == b.w && a.h == b.h, "%s: png %dx%d, svg %dx%d", maps[m], a.w, a.h, b.w, b.h);
        long same = rf_agreeing(&a, &b, 24), all = (long)a.w * a.h;
        cr_assert_geq(same * 100, all * 95, "%s: %ld of %ld pixels agree", maps[m], same, all);
        free(a.rgb);
        free(b.rgb);
        dg_buf_fini(&svg);
        dg_dungeon_free(d);
    }
}

Test(sketch, pdf_is_the_map_then_the_key)
{
    if (!rf_have("pdftotext") || !rf_have("pdfinfo")) cr_skip_test("no pdftotext (tools/deps.sh test installs poppler-utils)");
    static const char *const qs[] = {"seed=7&format=pdf", "seed=7&format=pdf&paper=letter",
                                     "seed=12&format=pdf&algorithm=caverns"};
    char dir[] = "/tmp/dg_pdf_XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    for (size_t q = 0; q < sizeof qs / sizeof *qs; q++) {
        dg_dungeon *d = rf_generate(qs[q]);
        dg_buf a, b;
        encode(d, dg_pdf_encode, &a);
        encode(d, dg_pdf_encode, &b);
        cr_assert(a.len == b.len && !memcmp(a.data, b.data, a.len), "%s: two PDFs differ", qs[q]);
        char path[96], cmd[192];
        snprintf(path, sizeof path, "%s/k.pdf", dir);
        rf_save(&a, path);
        snprintf(cmd, sizeof cmd, "pdfinfo %s", path);
        char *info = run(cmd);
        const char *pages = strstr(info, "Pages:");
        cr_assert_not_null(pages);
        int n = atoi(pages + 6);
        if (q < 2) cr_assert(n >= 1 && n <= 3, "%s: %d pages", qs[q], n);
        cr_assert_not_null(strstr(info, q == 1 ? "612 x 792" : "595.276 x 841.89"), "%s: %s", qs[q], info);
        snprintf(cmd, sizeof cmd, "pdftotext -raw %s -", path);
        char *text = run(cmd);
        for (char *c = text; *c; c++) /* a heading wrapped in its column is one line again */
            if (*c == '\n') *c = ' ';
        char name[DG_STOCK_NAME_BYTES + 64];
        dg_contents_name(d->contents, name, sizeof name);
        cr_assert_not_null(strstr(text, name), "%s: no '%s' in the PDF", qs[q], name);
        for (size_t i = 0; i < d->n_rooms; i++) {
            char h[32];
            snprintf(h, sizeof h, "Room %d:", d->rooms[i].id); /* the key's heading, chambers too */
            cr_assert_not_null(strstr(text, h), "%s: no heading '%s' in the PDF", qs[q], h);
        }
        free(info);
        free(text);
        unlink(path);
        dg_buf_fini(&a);
        dg_buf_fini(&b);
        dg_dungeon_free(d);
    }
    rmdir(dir);
}
