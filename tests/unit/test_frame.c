/* test_frame.c -- legend=yes and ruler=yes frame the map and never draw
 * over it: over 24 maps of every family and style, the framed PNG holds
 * the plain PNG's pixels unchanged at the margins' offset, and grows only
 * by them; the SVG's ruler numbers stand over the centres of the squares
 * they name (the key's "square x,y": column x from 0, row y from 0), at
 * every step from 0; the legend lists the scale and what the map shows;
 * neither key touches a VTT image. */
#include <criterion/criterion.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dg_contents.h"
#include "encode_fixture.h"
#include "png_int.h"

static const char *const families[] = {"donjon", "caverns", "panels", "gridmapper", "abstract", "cells"};
static const char *const styles[] = {"standard", "classic", "graph", "parchment", "crosshatch",
                                     "marble", "aquatic", "infernal", "ink"};

static dg_dungeon *make(int i, bool framed)
{
    char seed[16];
    snprintf(seed, sizeof seed, "%d", 500 + i);
    const char *cells[] = {"12", "18", "32"};
    const char *keys[] = {"seed", "algorithm", "style", "cell", "rows", "cols", "view", "legend", "ruler"};
    const char *vals[] = {seed, families[i % 6], styles[i % 9], cells[i % 3], "31", "41", i % 4 == 1 ? "player" : "gm",
                          framed ? "yes" : "no", framed ? "yes" : "no"};
    dg_options o;
    dg_error e = {0};
    cr_assert_eq(dg_options_parse(&o, 9, keys, vals, NULL, &e), DG_OK, "%s", e.msg);
    dg_dungeon *d = NULL;
    cr_assert_eq(dg_generate(&o, &d, &e), DG_OK, "%s", e.msg);
    return d;
}

Test(frame, the_map_is_untouched_and_the_ruler_names_the_keys_squares)
{
    for (int i = 0; i < 24; i++) {
        dg_dungeon *plain = make(i, false), *d = make(i, true);
        dr__frame f;
        int c = d->opts.cell;
        dr__frame_layout(d, c, d->opts.view == DG_VIEW_PLAYER, d->width * c + 1, d->height * c + 1, &f);
        cr_assert_gt(f.step, 0);
        cr_assert_gt(f.n, 0);
        img a = encode_img(plain), b = encode_img(d);
        cr_assert_eq(b.w, a.w + f.left + f.right, "map %d: framed width", i);
        cr_assert_eq(b.h, a.h + f.top + f.bottom, "map %d: framed height", i);
        for (int y = 0; y < a.h; y++)
            cr_assert_eq(memcmp(a.rgb + 3 * (size_t)y * (size_t)a.w,
                                b.rgb + 3 * ((size_t)(y + f.top) * (size_t)b.w + (size_t)f.left), 3 * (size_t)a.w),
                         0, "map %d: the frame drew over the map's row %d", i, y);
        free(a.rgb);
        free(b.rgb);

        /* the SVG's ruler: every step-th column and row, twice each, over
         * the square's centre */
        dg_buf s;
        encode(d, dg_svg_encode, &s);
        const char *p = (const char *)s.data;
        int cols = 0, rows = 0;
        while ((p = strstr(p, "<text class=\"")) != NULL) {
            int at, v;
            char x[24];
            if (sscanf(p, "<text class=\"col\" data-x=\"%d\" x=\"%23[0-9.]\" y=\"%*[-0-9.]\">%d<", &at, x, &v) == 3) {
                cr_assert_eq(v, at, "map %d: column %d labelled %d", i, at, v);
                cr_assert_eq(at % f.step, 0);
                cr_assert_float_eq(strtod(x, NULL), at * c + c / 2.0 + 0.5, 0.01, "map %d: column %d's number is off its square", i, at);
                cols++;
            } else if (sscanf(p, "<text class=\"row\" data-y=\"%d\" x=\"%*[-0-9.]\" y=\"%23[0-9.]\"", &at, x) == 2) {
                double y = strtod(x, NULL);
                cr_assert(y > at * c && y < (at + 1) * c, "map %d: row %d's number is off its square", i, at);
                rows++;
            }
            p += 5;
        }
        cr_assert_eq(cols, 2 * ((d->width + f.step - 1) / f.step), "map %d: %d column numbers", i, cols);
        cr_assert_eq(rows, 2 * ((d->height + f.step - 1) / f.step), "map %d: %d row numbers", i, rows);
        cr_assert(strstr((const char *)s.data, "1 square = 10 ft"), "map %d: no scale in the legend", i);
        dg_buf_fini(&s);

        /* a VTT image is the bare map, framed or not */
        dg_buf u1, u2;
        d->opts.format = DG_FMT_UVTT;
        plain->opts.format = DG_FMT_UVTT;
        encode(d, dg_uvtt_encode, &u1);
        encode(plain, dg_uvtt_encode, &u2);
        cr_assert(u1.len == u2.len && !memcmp(u1.data, u2.data, u1.len), "map %d: the frame reached the uvtt", i);
        dg_buf_fini(&u1);
        dg_buf_fini(&u2);
        dg_dungeon_free(plain);
        dg_dungeon_free(d);
    }
}

/* the legend never lists what this view hides */
Test(frame, the_players_legend_has_no_secret_door_and_no_marks)
{
    for (int i = 1; i < 24; i += 4) {
        dg_dungeon *d = make(i, true);
        cr_assert_eq(d->opts.view, DG_VIEW_PLAYER);
        dr__frame f;
        dr__frame_layout(d, d->opts.cell, true, 1, 1, &f);
        for (int k = 0; k < f.n; k++)
            cr_assert(f.e[k].kind != DG_LEG_SECRET && f.e[k].kind != DG_LEG_TRAPPED &&
                          (f.e[k].kind < DG_LEG_MARK_TRAP || f.e[k].kind > DG_LEG_MARK_FEATURE),
                      "map %d: the players' legend shows %s", i, f.e[k].text);
        dg_dungeon_free(d);
    }
}

/* The options' image limit counts the frame by core's bound
 * (dg_raster_frame), so the bound must hold whatever the map's legend
 * holds: over every family, narrow and wide maps and each face's cell
 * sizes, the margins laid out are within it (a 511x511 PNG at cell 32
 * came out 16,423 x 16,443 px, past the 268,435,456 pixel limit). */
Test(frame, the_margins_stay_within_cores_bound)
{
    static const int dims[][2] = {{7, 99}, {99, 7}, {41, 41}, {15, 201}, {201, 15}};
    static const char *const cells[] = {"4", "8", "15", "16", "27", "28", "32"};
    int n = 0;
    for (size_t fam = 0; fam < 6; fam++)
        for (size_t k = 0; k < sizeof dims / sizeof *dims; k++)
            for (size_t c = 0; c < sizeof cells / sizeof *cells; c += 1 + (fam + k) % 2) {
                char rows[16], cols[16], seed[16];
                snprintf(rows, sizeof rows, "%d", dims[k][0]);
                snprintf(cols, sizeof cols, "%d", dims[k][1]);
                snprintf(seed, sizeof seed, "%d", 700 + n);
                const char *keys[] = {"seed", "algorithm", "cell", "rows", "cols", "legend", "ruler", "contents"};
                const char *vals[] = {seed, families[fam], cells[c], rows, cols, "yes", "yes", "full"};
                dg_options o;
                dg_error e = {0};
                if (dg_options_parse(&o, 8, keys, vals, NULL, &e) != DG_OK) continue;   /* a family's own limits */
                dg_dungeon *d = NULL;
                cr_assert_eq(dg_generate(&o, &d, &e), DG_OK, "%s", e.msg);
                int px = o.cell, fw, fh;
                dr__frame f;
                dr__frame_layout(d, px, false, d->width * px + 1, d->height * px + 1, &f);
                dg_raster_frame(d->height, d->width, px, true, true, &fw, &fh);
                cr_expect_leq(f.left + f.right, fw, "%s %sx%s cell %s: %d px across, bound %d", families[fam], cols,
                              rows, cells[c], f.left + f.right, fw);
                cr_expect_leq(f.top + f.bottom, fh, "%s %sx%s cell %s: %d px down, bound %d", families[fam], cols,
                              rows, cells[c], f.top + f.bottom, fh);
                dg_dungeon_free(d);
                n++;
            }
    cr_assert_gt(n, 60);
}
