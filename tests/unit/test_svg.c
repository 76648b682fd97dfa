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
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "marks_fixture.h"
#include "encode_fixture.h"
#include "png_int.h"

/* The palette styles, drawn by png.c and svg.c; sketch, the last, is
 * cairo's anti-aliased drawing (test_sketch.c). */
#define DG_PALETTE_STYLES DG_STYLE_SKETCH

#define MARKER 0xFF00FFu

static dg_dungeon *generate(const char *query)
{
    char buf[256], *keys[24], *vals[24];
    snprintf(buf, sizeof buf, "%s", query);
    size_t n = 0;
    for (char *tok = strtok(buf, "&"); tok && n < 24; tok = strtok(NULL, "&")) {
        char *eq = strchr(tok, '=');
        cr_assert_not_null(eq);
        *eq = 0;
        keys[n] = tok;
        vals[n++] = eq + 1;
    }
    dg_options o;
    dg_error e = {0};
    cr_assert_eq(dg_options_parse(&o, n, (const char *const *)keys, (const char *const *)vals, NULL, &e), DG_OK,
                 "%s: %s", query, e.msg);
    dg_dungeon *d = NULL;
    cr_assert_eq(dg_generate(&o, &d, &e), DG_OK, "%s: %s", query, e.msg);
    return d;
}

static bool have(const char *tool)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", tool);
    return system(cmd) == 0;
}

static img read_png(const char *path)
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

/* The SVG in b as rsvg-convert draws it (xmllint first when validate). */
static img rasterise(const dg_buf *b, bool validate, const char *what)
{
    char svg_path[] = "/tmp/dg_svg_XXXXXX";
    int fd = mkstemp(svg_path);
    cr_assert(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fwrite(b->data, 1, b->len, f);
    fclose(f);
    char png_path[64], cmd[256];
    snprintf(png_path, sizeof png_path, "%s.png", svg_path);
    if (validate) {
        snprintf(cmd, sizeof cmd, "xmllint --noout %s", svg_path);
        cr_assert_eq(system(cmd), 0, "%s: xmllint refuses the document", what);
    }
    snprintf(cmd, sizeof cmd, "rsvg-convert -o %s %s", png_path, svg_path);
    cr_assert_eq(system(cmd), 0, "%s: rsvg-convert failed", what);
    img im = read_png(png_path);
    unlink(svg_path);
    unlink(png_path);
    return im;
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

    img im = rasterise(&b, true, what);

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
    if (!have("rsvg-convert") || !have("xmllint"))
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
            dg_dungeon *d = generate(q);
            check_cells(d, q);
            dg_dungeon_free(d);
        }
}

Test(svg, rooms_are_groups_with_stable_ids_and_glyphs_are_symbols)
{
    dg_dungeon *d = generate("seed=1&size=large&polymorph=many");
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
        dg_dungeon *a = generate(q[i]), *b = generate(q[i]);
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
    dg_dungeon *d = generate("seed=7"); /* 45 x 23 at 18 px */
    dg_buf b;
    encode(d, dg_svg_encode, &b);
    cr_assert_lt(b.len, 40000u, "%zu bytes", b.len);
    dg_buf_fini(&b);
    dg_dungeon_free(d);
}

/* ------------------------------------------------------------ contrast */

static double luminance(uint32_t rgb)
{
    double ch[3];
    for (int i = 0; i < 3; i++) {
        double v = ((rgb >> (16 - 8 * i)) & 255) / 255.0;
        ch[i] = v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
    }
    return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}

static double contrast(uint32_t a, uint32_t b)
{
    double la = luminance(a), lb = luminance(b);
    if (la < lb) {
        double t = la;
        la = lb;
        lb = t;
    }
    return (la + 0.05) / (lb + 0.05);
}

/* The glyphs drawn on floor: walls, room numbers, door outlines, trap and
 * secret-door marks, stairs. 4.5:1 is WCAG 2's minimum for normal text. */
Test(svg, every_glyph_colour_stands_out_from_its_floor_in_every_style)
{
    static const dr__pal_role glyph[] = {DG_PAL_WALL, DG_PAL_LABEL, DG_PAL_DOOR, DG_PAL_TRAP, DG_PAL_STAIR};
    static const char *const name[] = {"wall", "label", "door", "trap", "stair"};
    for (int s = 0; s < DG_PALETTE_STYLES; s++) {
        const dr__png_style *st = dr__style_get((dg_style)s);
        for (size_t g = 0; g < sizeof glyph / sizeof glyph[0]; g++) {
            double r = contrast(st->rgb[glyph[g]], st->rgb[DG_PAL_FLOOR]);
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
    if (!have("rsvg-convert")) cr_skip_test("no rsvg-convert");
    static const char *const styles[] = {"parchment", "marble", "aquatic", "infernal"};
    for (int i = 0; i < 8; i++) {
        char q[128], what[128];
        snprintf(q, sizeof q, "seed=%d&style=%s&cell=%d&rows=21&cols=31%s", 40 + i, styles[i % 4], i < 4 ? 12 : 18,
                 i % 2 ? "&algorithm=caverns" : "");
        snprintf(what, sizeof what, "%s", q);
        dg_dungeon *d = generate(q);
        dg_buf b;
        encode(d, dg_svg_encode, &b);
        cr_assert(strstr((const char *)b.data, "<g class=\"texture\">") != NULL, "%s: no texture", what);
        img sv = rasterise(&b, false, what), pn = encode_img(d);
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
