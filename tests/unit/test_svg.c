/* test_svg.c -- the SVG encoder, read back by real tools: xmllint (libxml2)
 * parses every document, rsvg-convert (librsvg) renders it at the PNG's
 * size, and for every cell of maps of every family, in every style, grid
 * and both views, the pixel at the cell's centre is floor where the cell is
 * walkable and rock where it is solid. The rock's colour is swapped for a
 * marker before rendering, so styles whose rock and floor are both white
 * (ink, crosshatch) prove as much as the others. Cells whose centre carries
 * a glyph (doors, stairs) or a room number are not probed. Also: room groups
 * and symbols, same bytes twice, and each glyph colour's contrast with the
 * floor in every style (WCAG 2 ratio, at least 4.5, the text threshold). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "marks_fixture.h"
#include "raster_fixture.h"
#include "png_int.h"

/* The palette styles, drawn by png.c and svg.c; sketch, the last, is
 * cairo's anti-aliased drawing (test_sketch.c). */
#define DG_PALETTE_STYLES DG_STYLE_SKETCH

#define MARKER 0xFF00FFu

static int dist(uint32_t a, uint32_t b)
{
    int d = 0;
    for (int s = 0; s <= 16; s += 8) d += abs((int)((a >> s) & 255) - (int)((b >> s) & 255));
    return d;
}

static bool room_label_near(const dg_dungeon *d, int x, int y)
{
    for (size_t i = 0; d->rooms && i < d->n_rooms; i++) {
        const dg_room *r = &d->rooms[i];
        int cx = r->x + r->width / 2, cy = r->y + r->height / 2;
        if (r->kind == DG_ROOM_KIND_CHAMBER) { /* a cave chamber's label cell */
            cx = r->label_x;
            cy = r->label_y;
        }
        /* rectangles: the box centre; other shapes: near it */
        int rx = r->shape == DG_SHAPE_RECT && !r->outline ? 1 : 2, ry = rx - 1;
        if (abs(x - cx) <= rx && abs(y - cy) <= ry) return true;
    }
    return false;
}

/* Renders d's SVG with rsvg-convert and probes every cell's centre. */
static void check_cells(const dg_dungeon *d, const char *what)
{
    dg_buf b;
    encode(d, dg_svg_encode, &b);
    char *rock = strstr((char *)b.data, "class=\"rock\"");
    cr_assert_not_null(rock, "%s: no rock rect", what);
    char *fill = strstr(rock, "fill=\"#");
    cr_assert_not_null(fill);
    memcpy(fill + 7, "FF00FF", 6);

    img im = rf_rasterise(&b, true, what);

    int c = d->opts.cell;
    cr_assert_eq(im.w, d->width * c + 1, "%s: width", what);
    cr_assert_eq(im.h, d->height * c + 1, "%s: height", what);
    const dr__png_style *st = dr__style_get(d->opts.style);
    uint32_t floor = st->rgb[DG_PAL_FLOOR], grid = st->rgb[DG_PAL_GRID];
    bool player = d->opts.view == DG_VIEW_PLAYER;
    int probed = 0;
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++) {
            uint32_t w = dg_cell(d, x, y);
            bool open = dg_cell_open(w) && !(player && (w & DG_SECRET));
            if (open && ((w & (DG_DOORSPACE | DG_STAIRS)) || room_label_near(d, x, y) || mf_marked(d, x, y))) continue;
            int px = x * c + c / 2, py = y * c + c / 2;
            const unsigned char *p = im.rgb + 3 * ((size_t)py * (size_t)im.w + (size_t)px);
            uint32_t v = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
            if (open)
                cr_assert(dist(v, floor) <= 40 || dist(v, grid) <= 40,
                          "%s: cell (%d,%d) is walkable but its centre is #%06X, not floor #%06X", what, x, y, v,
                          floor);
            else
                cr_assert(dist(v, floor) > 40, "%s: cell (%d,%d) is solid but its centre is floor #%06X", what, x, y,
                          v);
            probed++;
        }
    cr_assert_gt(probed, d->width * d->height / 2, "%s: too few cells probed", what);
    free(im.rgb);
    dg_buf_fini(&b);
}

/* Every family, every style, every grid, both views: 54 small maps at
 * 12 px (a few seconds of rsvg-convert in all). Circles and caves come
 * from polymorph=many and the cavernous families. */
Test(svg, every_cell_centre_renders_as_floor_or_rock)
{
    if (!rf_have("rsvg-convert") || !rf_have("xmllint"))
        cr_skip_test("no rsvg-convert or xmllint (tools/deps.sh test installs librsvg2-bin and libxml2-utils)");
    static const char *const families[] = {
        "algorithm=donjon&polymorph=many&size=small",
        "algorithm=donjon&layout=cavernous&size=small",
        "algorithm=caverns&size=small",
        "algorithm=panels&size=small",
        "algorithm=gridmapper&caves=yes&size=small",
        "algorithm=abstract&size=small",
        "algorithm=cells&size=small",
    };
    static const char *const grids[] = {"square", "hex", "vhex", "none"};
    int k = 0;
    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++)
        for (int s = 0; s < DG_PALETTE_STYLES; s++, k++) {
            char q[256];
            snprintf(q, sizeof q, "seed=%d&%s&style=%s&grid=%s&view=%s&cell=12", 3 + k, families[f],
                     dg_style_name((dg_style)s), grids[k % 4], k % 3 == 2 ? "player" : "gm");
            dg_dungeon *d = rf_generate(q);
            check_cells(d, q);
            dg_dungeon_free(d);
        }
}

/* One drawing or two, the SVG is the PNG: in every style, on a
 * rooms map and a caverns map, the rasterised SVG agrees with the PNG on
 * at least 95% of pixels (channels within 24 levels). The figures go to
 * stderr, the table in docs/drawing.md. */
Test(svg, rasterised_svg_is_the_png_in_every_style)
{
    if (!rf_have("rsvg-convert")) cr_skip_test("no rsvg-convert (tools/deps.sh test installs librsvg2-bin)");
    static const char *const maps[] = {"seed=7", "seed=11&algorithm=caverns&rows=45&cols=45"};
    for (int st = 0; st < DG_STYLE_COUNT; st++)
        for (size_t m = 0; m < 2; m++) {
            char q[160];
            snprintf(q, sizeof q, "%s&style=%s", maps[m], dg_style_name((dg_style)st));
            dg_dungeon *d = rf_generate(q);
            dg_buf svg;
            encode(d, dg_svg_encode, &svg);
            img a = encode_img(d), b = rf_rasterise(&svg, false, q);
            cr_assert(a.w == b.w && a.h == b.h, "%s: png %dx%d, svg %dx%d", q, a.w, a.h, b.w, b.h);
            long same = rf_agreeing(&a, &b, 24), all = (long)a.w * a.h;
            fprintf(stderr, "svg agreement %-40s %5.1f%%\n", q, 100.0 * same / all);
            cr_assert_geq(same * 100, all * 95, "%s: %ld of %ld pixels agree", q, same, all);
            free(a.rgb);
            free(b.rgb);
            dg_buf_fini(&svg);
            dg_dungeon_free(d);
        }
}

Test(svg, rooms_are_groups_with_stable_ids_and_glyphs_are_symbols)
{
    dg_dungeon *d = rf_generate("seed=1&size=large&polymorph=many");
    dg_buf b;
    encode(d, dg_svg_encode, &b);
    const char *s = (const char *)b.data;
    for (size_t i = 0; i < d->n_rooms; i++) {
        char id[32];
        snprintf(id, sizeof id, "<g id=\"room-%d\"", d->rooms[i].id);
        cr_assert_not_null(strstr(s, id), "no group %s", id);
    }
    /* each symbol defined once, used by reference */
    const char *door = strstr(s, "<symbol id=\"door\"");
    cr_assert_not_null(door);
    cr_assert_null(strstr(door + 1, "<symbol id=\"door\""));
    cr_assert_not_null(strstr(s, "xlink:href=\"#door\""));
    /* room 1 is round: a circle, drawn with arcs */
    const char *r1 = strstr(s, "<path id=\"f-room-1\" d=\"");
    cr_assert_not_null(r1);
    cr_assert_eq(d->rooms[0].shape, DG_SHAPE_CIRCLE);
    cr_assert(strchr(r1, 'a') && strchr(r1, 'a') < strstr(r1, "/>"), "room 1 is drawn without arcs");
    dg_buf_fini(&b);
    dg_dungeon_free(d);
}

Test(svg, same_options_same_bytes)
{
    static const char *const q[] = {"seed=7&style=crosshatch&polymorph=yes",
                                    "seed=9&algorithm=caverns&style=parchment&grid=hex"};
    for (size_t i = 0; i < 2; i++) {
        dg_dungeon *a = rf_generate(q[i]), *b = rf_generate(q[i]);
        dg_buf x, y;
        encode(a, dg_svg_encode, &x);
        encode(b, dg_svg_encode, &y);
        cr_assert_eq(x.len, y.len, "%s", q[i]);
        cr_assert(!memcmp(x.data, y.data, x.len), "%s: bytes differ", q[i]);
        dg_buf_fini(&x);
        dg_buf_fini(&y);
        dg_dungeon_free(a);
        dg_dungeon_free(b);
    }
}

Test(svg, a_standard_map_is_a_few_tens_of_kilobytes)
{
    dg_dungeon *d = rf_generate("seed=7"); /* 45 x 23 at 18 px */
    dg_buf b;
    encode(d, dg_svg_encode, &b);
    cr_assert_lt(b.len, 40000u, "%zu bytes", b.len);
    dg_buf_fini(&b);
    dg_dungeon_free(d);
}

/* ------------------------------------------------------------ contrast */

/* The glyphs drawn on floor: walls, room numbers, door outlines, trap and
 * secret-door marks, stairs. 4.5:1 is WCAG 2's minimum for normal text. */
Test(svg, every_glyph_colour_stands_out_from_its_floor_in_every_style)
{
    static const dr__pal_role glyph[] = {DG_PAL_WALL, DG_PAL_LABEL, DG_PAL_DOOR, DG_PAL_TRAP, DG_PAL_STAIR};
    static const char *const name[] = {"wall", "label", "door", "trap", "stair"};
    for (int s = 0; s < DG_PALETTE_STYLES; s++) {
        const dr__png_style *st = dr__style_get((dg_style)s);
        for (size_t g = 0; g < sizeof glyph / sizeof glyph[0]; g++) {
            double r = rf_contrast(st->rgb[glyph[g]], st->rgb[DG_PAL_FLOOR]);
            cr_assert_geq(r, 4.5, "%s: %s #%06X on floor #%06X is %.2f:1", st->name, name[g], st->rgb[glyph[g]],
                          st->rgb[DG_PAL_FLOOR], r);
        }
    }
}

/* ------------------------------------------------------------- texture */

/* The SVG's rock carries the PNG's texture, pixel for pixel: in every
 * textured style (crosshatch's band aside, which has its own pattern), the
 * rasterised SVG equals the PNG over the rock squares far from any floor
 * (no wall or antialiased edge there), and that rock is not flat. */
Test(svg, textured_styles_carry_the_pngs_texture)
{
    if (!rf_have("rsvg-convert")) cr_skip_test("no rsvg-convert");
    static const char *const styles[] = {"parchment", "marble", "aquatic", "infernal"};
    for (int i = 0; i < 8; i++) {
        char q[128], what[128];
        snprintf(q, sizeof q, "seed=%d&style=%s&cell=%d&rows=21&cols=31%s", 40 + i, styles[i % 4], i < 4 ? 12 : 18,
                 i % 2 ? "&algorithm=caverns" : "");
        snprintf(what, sizeof what, "%s", q);
        dg_dungeon *d = rf_generate(q);
        dg_buf b;
        encode(d, dg_svg_encode, &b);
        cr_assert(strstr((const char *)b.data, "<g class=\"texture\">") != NULL, "%s: no texture", what);
        img sv = rf_rasterise(&b, false, what), pn = encode_img(d);
        cr_assert_eq(sv.w, pn.w);
        int c = d->opts.cell;
        long same = 0, all = 0, inked = 0;
        uint32_t rock = dr__style_get(d->opts.style)->rgb[DG_PAL_ROCK];
        for (int y = 1; y < d->height - 1; y++)
            for (int x = 1; x < d->width - 1; x++) {
                bool far = true;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++) far &= !dg_cell_open(dg_cell(d, x + dx, y + dy));
                if (!far) continue;
                for (int py = y * c; py < (y + 1) * c; py++)
                    for (int px = x * c; px < (x + 1) * c; px++) {
                        size_t k = 3 * ((size_t)py * (size_t)pn.w + (size_t)px);
                        uint32_t a = (uint32_t)pn.rgb[k] << 16 | (uint32_t)pn.rgb[k + 1] << 8 | pn.rgb[k + 2];
                        uint32_t s = (uint32_t)sv.rgb[k] << 16 | (uint32_t)sv.rgb[k + 1] << 8 | sv.rgb[k + 2];
                        same += dist(a, s) <= 8;
                        inked += a != rock;
                        all++;
                    }
            }
        cr_assert_gt(all, 1000, "%s: too little far rock", what);
        cr_assert_gt(inked, all / 400, "%s: the PNG's rock is flat", what); /* embers are sparse */
        cr_assert_geq(same * 100, all * 99, "%s: the SVG's rock differs from the PNG's (%ld of %ld pixels alike)", what,
                      same, all);
        free(sv.rgb);
        free(pn.rgb);
        dg_buf_fini(&b);
        dg_dungeon_free(d);
    }
}
