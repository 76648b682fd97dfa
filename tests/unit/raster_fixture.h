/* raster_fixture.h -- what the image tests share: a map from a query
 * string, whether a tool is installed, an SVG rasterised by rsvg-convert
 * (xmllint first when asked), the share of pixels two images agree on,
 * and grey-scale contrast by WCAG 2's relative luminance. Header-only like
 * the other fixtures, since each test is a single source file. */
#ifndef RASTER_FIXTURE_H
#define RASTER_FIXTURE_H

#include <criterion/criterion.h>
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "encode_fixture.h"
#include "query_fixture.h"

/* New (dg_dungeon_free): the map for "key=value&key=value..." (query_fixture.h
 * parses it); a bad query fails the test with the parser's message. */
static inline dg_dungeon *rf_generate(const char *query)
{
    dg_options o;
    dg_error e;
    cr_assert_eq(parse_query(&o, query, NULL, &e), DG_OK, "%s: %s", query, e.msg);
    dg_dungeon *d = NULL;
    cr_assert_eq(dg_generate(&o, &d, &e), DG_OK, "%s: %s", query, e.msg);
    return d;
}

static inline bool rf_have(const char *tool)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", tool);
    return system(cmd) == 0;
}

static inline void rf_save(const dg_buf *b, const char *path)
{
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f, "%s", path);
    cr_assert_eq(fwrite(b->data, 1, b->len, f), b->len);
    fclose(f);
}

/* New (free(rgb)): the PNG file at path, decoded to RGB. */
static inline img rf_read_png(const char *path)
{
    png_image pi;
    memset(&pi, 0, sizeof pi);
    pi.version = PNG_IMAGE_VERSION;
    cr_assert(png_image_begin_read_from_file(&pi, path), "not a PNG: %s", pi.message);
    pi.format = PNG_FORMAT_RGB;
    img im = {(int)pi.width, (int)pi.height, malloc(PNG_IMAGE_SIZE(pi))};
    cr_assert_not_null(im.rgb);
    cr_assert(png_image_finish_read(&pi, NULL, im.rgb, 0, NULL), "decode: %s", pi.message);
    return im;
}

/* New (free(rgb)): the SVG in b as rsvg-convert draws it at its own size;
 * xmllint must parse it first when validate. `what` names it in failures. */
static inline img rf_rasterise(const dg_buf *b, bool validate, const char *what)
{
    char svg_path[] = "/tmp/dg_svg_XXXXXX";
    int fd = mkstemp(svg_path);
    cr_assert(fd >= 0);
    FILE *f = fdopen(fd, "w");
    cr_assert_not_null(f);
    cr_assert_eq(fwrite(b->data, 1, b->len, f), b->len);
    fclose(f);
    char png_path[64], cmd[256];
    snprintf(png_path, sizeof png_path, "%s.png", svg_path);
    if (validate) {
        snprintf(cmd, sizeof cmd, "xmllint --noout %s", svg_path);
        cr_assert_eq(system(cmd), 0, "%s: xmllint refuses the document", what);
    }
    snprintf(cmd, sizeof cmd, "rsvg-convert -o %s %s", png_path, svg_path);
    cr_assert_eq(system(cmd), 0, "%s: rsvg-convert failed", what);
    img im = rf_read_png(png_path);
    unlink(svg_path);
    unlink(png_path);
    return im;
}

/* Pixels of a and b (same size) whose channels all lie within `tol`
 * levels of each other. */
static inline long rf_agreeing(const img *a, const img *b, int tol)
{
    long same = 0, all = (long)a->w * a->h;
    for (long p = 0; p < all; p++) {
        int dmax = 0;
        for (int c = 0; c < 3; c++) {
            int dd = abs(a->rgb[3 * p + c] - b->rgb[3 * p + c]);
            if (dd > dmax) dmax = dd;
        }
        same += dmax <= tol;
    }
    return same;
}

/* WCAG 2 relative luminance of an sRGB colour 0xRRGGBB, 0..1. */
static inline double rf_luminance(uint32_t rgb)
{
    double ch[3];
    for (int i = 0; i < 3; i++) {
        double v = ((rgb >> (16 - 8 * i)) & 255) / 255.0;
        ch[i] = v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
    }
    return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}

/* WCAG 2 contrast ratio of two relative luminances, 1..21. */
static inline double rf_ratio(double la, double lb)
{
    return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

static inline double rf_contrast(uint32_t a, uint32_t b) { return rf_ratio(rf_luminance(a), rf_luminance(b)); }

#endif
