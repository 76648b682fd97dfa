/* test_png.c -- the PNG renderer, checked by decoding its output with libpng
 * and probing pixels at known cells of hand-built maps (png_fixture.h):
 * dimensions, rock/floor/wall and every door type in every style and both
 * orientations, stairs, labels, the L-room outline, player view, grids,
 * byte stability, and errors. Glyph probes follow the geometry documented
 * in render/image/glyphs.c at 18 px. */
#include <criterion/criterion.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "encode_fixture.h"
#include "png_fixture.h"
#include "png_int.h"

/* The palette styles, drawn by png.c and svg.c; sketch, the last, is
 * cairo's anti-aliased drawing (test_sketch.c). */
#define DG_PALETTE_STYLES DG_STYLE_SKETCH

#define C 18 /* px per cell in most tests */

static uint32_t px(const img *im, int x, int y)
{
    cr_assert(x >= 0 && y >= 0 && x < im->w && y < im->h, "probe (%d,%d) outside", x, y);
    const unsigned char *p = im->rgb + 3 * ((size_t)y * (size_t)im->w + (size_t)x);
    return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

/* The colour most of cell (x, y)'s interior has. */
static uint32_t cell_mode(const img *im, int x, int y, int c)
{
    uint32_t seen[64];
    int count[64], n = 0, best = 0;
    for (int j = 1; j < c; j++)
        for (int i = 1; i < c; i++) {
            uint32_t v = px(im, x * c + i, y * c + j);
            int k = 0;
            while (k < n && seen[k] != v) k++;
            if (k == n && n < 64) { seen[n] = v; count[n++] = 0; }
            if (k < n) count[k]++;
        }
    for (int k = 1; k < n; k++)
        if (count[k] > count[best]) best = k;
    return seen[best];
}

static int count_colour(const img *im, int x0, int y0, int x1, int y1, uint32_t rgb)
{
    int n = 0;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) n += px(im, x, y) == rgb;
    return n;
}

/* Pixel (u, v) of a door cell in its own frame: u along the wall, v along
 * the passage. */
static uint32_t door_px(const img *im, int x, int y, bool ew, int u, int v)
{
    return ew ? px(im, x * C + v, y * C + u) : px(im, x * C + u, y * C + v);
}

static const char *style_of(int s) { return dg_style_name((dg_style)s); }

#define RGB(role) (st->rgb[role])

/* ------------------------------------------------------------- geometry */

Test(png, image_is_width_times_cell_plus_one)
{
    static const char *cells[] = {"4", "7", "18", "33", "64"};
    for (size_t i = 0; i < sizeof cells / sizeof *cells; i++) {
        dg_dungeon *d = pf_gallery("standard", "square", cells[i], "gm");
        img im = encode_img(d);
        int c = atoi(cells[i]);
        cr_expect_eq(im.w, PF_W * c + 1, "cell %d: width %d", c, im.w);
        cr_expect_eq(im.h, PF_H * c + 1, "cell %d: height %d", c, im.h);
        free(im.rgb);
        pf_free(d);
    }
}

Test(png, embedded_images_can_be_exact_and_bigger)
{
    /* dr__png_render, for VTT images: 70 px cells, exactly width*cell */
    dg_dungeon *d = pf_gallery("aquatic", "square", "18", "gm");
    dg_buf b;
    dg_buf_init(&b);
    dg_error err;
    dg_error_clear(&err);
    cr_assert_eq(dr__png_render(d, 70, true, DG_FMT_PNG, &b, &err), DG_OK, "%s", err.msg);
    img im = png_img(&b);
    cr_expect_eq(im.w, PF_W * 70);
    cr_expect_eq(im.h, PF_H * 70);
    const dr__png_style *st = dr__style_get(DG_STYLE_AQUATIC);
    cr_expect_eq(px(&im, 3 * 70 + 35, 2 * 70 + 20), RGB(DG_PAL_FLOOR));
    free(im.rgb);
    dg_buf_reset(&b);
    cr_expect_eq(dr__png_render(d, DG_PNG_MAX_CELL + 1, true, DG_FMT_PNG, &b, &err), DG_EINVAL);
    cr_expect_str_eq(err.param, "cell");
    /* the public encoder keeps to the option range */
    d->opts.cell = 70;
    dg_error_clear(&err);
    cr_expect_eq(dg_png_encode(d, &b, &err), DG_EINVAL);
    cr_expect_eq(b.len, 0u);
    dg_buf_fini(&b);
    pf_free(d);
}

Test(png, is_a_4_bit_palette_png)
{
    dg_dungeon *d = pf_gallery("infernal", "hex", "18", "gm");
    dg_buf b;
    dg_buf_init(&b);
    cr_assert_eq(dg_png_encode(d, &b, NULL), DG_OK);
    cr_assert_gt(b.len, 33u);
    cr_expect_eq(memcmp(b.data, "\x89PNG\r\n\x1a\n", 8), 0);
    cr_expect_eq(b.data[24], 4, "bit depth %d", b.data[24]);
    cr_expect_eq(b.data[25], 3, "colour type %d (3 = palette)", b.data[25]);
    dg_buf_fini(&b);
    pf_free(d);
}

/* Four colours (black, white, grey, red) need no more than 2 bits a pixel:
 * the default look is written that way, its palette one entry a colour. */
Test(png, the_standard_style_is_a_2_bit_palette_png)
{
    dg_dungeon *d = pf_gallery("standard", "square", "18", "gm");
    dg_buf b;
    dg_buf_init(&b);
    cr_assert_eq(dg_png_encode(d, &b, NULL), DG_OK);
    cr_expect_eq(b.data[24], 2, "bit depth %d", b.data[24]);
    cr_expect_eq(b.data[25], 3, "colour type %d (3 = palette)", b.data[25]);
    /* PLTE follows IHDR (8 + 25 bytes): 4 entries */
    cr_expect_eq(memcmp(b.data + 37, "PLTE", 4), 0);
    cr_expect_eq(b.data[36], 12, "PLTE of %d bytes", b.data[36]);
    dg_buf_fini(&b);
    pf_free(d);
}

Test(png, appends_to_what_the_buffer_holds)
{
    dg_dungeon *d = pf_gallery("standard", "none", "8", "gm");
    dg_buf b;
    dg_buf_init(&b);
    cr_assert_eq(dg_buf_append(&b, "xyz", 3, NULL), DG_OK);
    cr_assert_eq(dg_png_encode(d, &b, NULL), DG_OK);
    cr_expect_eq(memcmp(b.data, "xyz\x89PNG", 7), 0);
    dg_buf_fini(&b);
    pf_free(d);
}

/* ---------------------------------------------- every style: cell probes */

static void probe_style(int s, const char *view)
{
    const dr__png_style *st = dr__style_get((dg_style)s);
    bool player = strcmp(view, "player") == 0;
    dg_dungeon *d = pf_gallery(style_of(s), "square", "18", view);
    img im = encode_img(d);
    const char *name = style_of(s);

    /* rock far from any open cell, floor inside room 1, wall on its top */
    cr_expect_eq(cell_mode(&im, 11, 11, C), RGB(DG_PAL_ROCK), "%s: rock", name);
    cr_expect_eq(cell_mode(&im, 3, 2, C), RGB(DG_PAL_FLOOR), "%s: floor", name);
    cr_expect_eq(px(&im, 3 * C + 9, 3 * C + 9), RGB(DG_PAL_FLOOR), "%s: floor centre", name);
    int t = (C * st->wall_64 + 32) / 64;
    if (t < 1) t = 1;
    for (int k = 0; k < t; k++)
        cr_expect_eq(px(&im, 3 * C + 9, C - k), RGB(DG_PAL_WALL), "%s: wall row -%d", name, k);
    /* the wall hugs the rock side: the first floor row is floor */
    cr_expect_eq(px(&im, 3 * C + 9, C + 1), RGB(DG_PAL_FLOOR), "%s: wall leaks into floor", name);

    /* doors: room 1's south wall (north-south passages, ew = false) and
     * room 2's west wall (east-west passages), type order of pf_types */
    const int m = C / 2, a = C / 4, hl = C / 9, u0 = a + 1;
    for (int o = 0; o < 2; o++) {
        bool ew = o == 1;
        for (int i = 0; i < DG_DOOR_TYPE_COUNT; i++) {
            int x = ew ? 14 : 1 + 2 * i, y = ew ? 1 + 2 * i : 4;
            dg_door_type ty = pf_types[i];
            const char *tn = dg_door_type_name(ty);
            uint32_t centre = door_px(&im, x, y, ew, m, m);
            if (ty != DG_DOOR_SECRET) /* every door keeps its wall stubs */
                cr_expect_eq(door_px(&im, x, y, ew, 1, m), RGB(DG_PAL_WALL), "%s %s jamb", name, tn);
            switch (ty) {
            case DG_DOOR_ARCH:
                cr_expect_eq(centre, RGB(DG_PAL_FLOOR), "%s arch: open centre", name);
                cr_expect_eq(door_px(&im, x, y, ew, u0 + 1, m), RGB(DG_PAL_FLOOR), "%s arch", name);
                break;
            case DG_DOOR_OPEN:
                cr_expect_eq(centre, RGB(DG_PAL_DOOR_FILL), "%s door: leaf", name);
                cr_expect_eq(door_px(&im, x, y, ew, u0, m), RGB(DG_PAL_DOOR), "%s door: edge", name);
                cr_expect_eq(door_px(&im, x, y, ew, m, m - hl - 2), RGB(DG_PAL_FLOOR),
                             "%s door: nothing beside the leaf", name);
                break;
            case DG_DOOR_LOCKED:
                cr_expect_eq(centre, RGB(DG_PAL_DOOR), "%s locked: lock", name);
                cr_expect_eq(door_px(&im, x, y, ew, m, m - hl - 2), RGB(DG_PAL_DOOR),
                             "%s locked: lock stands out of the leaf", name);
                cr_expect_eq(door_px(&im, x, y, ew, u0, m), RGB(DG_PAL_DOOR), "%s locked: edge", name);
                break;
            case DG_DOOR_TRAPPED:
                if (player) {
                    cr_expect_eq(centre, RGB(DG_PAL_DOOR_FILL), "%s trapped: plain door", name);
                    cr_expect_eq(door_px(&im, x, y, ew, m, 2), RGB(DG_PAL_FLOOR), "%s trapped", name);
                } else {
                    cr_expect_eq(centre, RGB(DG_PAL_TRAP), "%s trapped: spike", name);
                    cr_expect_eq(door_px(&im, x, y, ew, m, 2), RGB(DG_PAL_TRAP),
                                 "%s trapped: spike along the passage", name);
                }
                break;
            case DG_DOOR_SECRET:
                if (player) {
                    cr_expect_eq(cell_mode(&im, x, y, C), RGB(DG_PAL_ROCK), "%s secret: rock", name);
                } else {
                    cr_expect_eq(door_px(&im, x, y, ew, 1, m), RGB(DG_PAL_WALL), "%s secret: wall", name);
                    cr_expect_eq(door_px(&im, x, y, ew, 1, 1), RGB(DG_PAL_FLOOR),
                                 "%s secret: passage shown", name);
                    cr_expect_gt(count_colour(&im, x * C, y * C, x * C + C, y * C + C, RGB(DG_PAL_TRAP)),
                                 10, "%s secret: S", name);
                }
                break;
            case DG_DOOR_PORTC: {
                int q = C / 8;
                cr_expect_eq(door_px(&im, x, y, ew, u0, m - q), RGB(DG_PAL_DOOR), "%s portc: post", name);
                cr_expect_eq(door_px(&im, x, y, ew, u0 + q, m - q), RGB(DG_PAL_FLOOR), "%s portc: gap", name);
                cr_expect_eq(door_px(&im, x, y, ew, u0 + 2 * q, m - q), RGB(DG_PAL_DOOR), "%s portc", name);
                cr_expect_eq(door_px(&im, x, y, ew, u0 + q, m), RGB(DG_PAL_DOOR), "%s portc: bar", name);
                break;
            }
            default:
                break;
            }
        }
    }
    /* GM-only marks never reach the player's map */
    if (player)
        cr_expect_eq(count_colour(&im, 0, 0, im.w - 1, im.h - 1, RGB(DG_PAL_TRAP)), 0,
                     "%s: trap colour in the player view", name);
    free(im.rgb);
    pf_free(d);
}

Test(png, probes_every_style_gm) { for (int s = 0; s < DG_PALETTE_STYLES; s++) probe_style(s, "gm"); }
Test(png, probes_every_style_player) { for (int s = 0; s < DG_PALETTE_STYLES; s++) probe_style(s, "player"); }

/* A door at a crossing has open cells on both axes: the door list decides.
 * No wall goes on beside it, so it has no jambs; its leaf's outline (from
 * u = C/4 + 1, at v = C/2 - C/9) shows the way it turned. */
Test(png, door_list_orients_a_door_at_a_crossing)
{
    static const dg_dir dirs[2] = {DG_DIR_SOUTH, DG_DIR_EAST};
    for (int k = 0; k < 2; k++) {
        dg_dungeon *d = pf_alloc(9, 9, 0, 1, 0, "standard", "square", "18", "gm");
        const dr__png_style *st = dr__style_get(DG_STYLE_STANDARD);
        pf_corr(d, 1, 4, 7, 4);
        pf_corr(d, 4, 1, 4, 7);
        fx_set(d, 4, 4, DG_CORRIDOR | DG_DOOR);
        d->doors[0] = (dg_door){4, 4, DG_DOOR_OPEN, dirs[k], 0, 0};
        img im = encode_img(d);
        bool ew = dirs[k] == DG_DIR_EAST;
        cr_expect_eq(door_px(&im, 4, 4, ew, C / 4 + 1, C / 2 - C / 9), RGB(DG_PAL_DOOR), "%s: leaf",
                     dg_dir_name(dirs[k]));
        cr_expect_eq(door_px(&im, 4, 4, !ew, C / 4 + 1, C / 2 - C / 9), RGB(DG_PAL_FLOOR), "%s: turned",
                     dg_dir_name(dirs[k]));
        free(im.rgb);
        pf_free(d);
    }
}

/* ---------------------------------------------------------------- stairs */

/* Frame pixel of a stair: v = 0 at the dead end, v = C on the corridor. */
static uint32_t stair_px(const img *im, int x, int y, dg_dir dir, int u, int v)
{
    bool ew = dir == DG_DIR_WEST || dir == DG_DIR_EAST;
    bool flip = dir == DG_DIR_NORTH || dir == DG_DIR_WEST;
    if (flip) v = C - v;
    return ew ? px(im, x * C + v, y * C + u) : px(im, x * C + u, y * C + v);
}

Test(png, stairs_up_and_down_differ_and_follow_the_corridor)
{
    const dr__png_style *st = dr__style_get(DG_STYLE_STANDARD);
    dg_dungeon *d = pf_gallery("standard", "square", "18", "gm");
    img im = encode_img(d);
    /* treads every C/6 px from v = 2 to 16; half width C/2 - (C+3)/6 */
    const int m = C / 2, half = C / 2 - (C + 3) / 6, first = 2;
    for (size_t i = 0; i < d->n_stairs; i++) {
        const dg_stair *s = &d->stairs[i];
        /* at the dead end an up stair's tread is full width, a down stair's
         * is a point; both have a tread on the centre line */
        uint32_t side = stair_px(&im, s->x, s->y, s->dir, m - half + 1, first);
        cr_expect_eq(stair_px(&im, s->x, s->y, s->dir, m, first), RGB(DG_PAL_STAIR), "stair %zu", i);
        cr_expect_eq(side, s->down ? RGB(DG_PAL_FLOOR) : RGB(DG_PAL_STAIR), "stair %zu at (%d,%d)",
                     i, s->x, s->y);
        /* turned the wrong way, the side probe of a down stair would land on
         * a full tread on the corridor side */
        cr_expect_eq(stair_px(&im, s->x, s->y, s->dir, m - half + 1, C - 4), RGB(DG_PAL_STAIR),
                     "stair %zu: full tread towards the corridor", i);
    }
    free(im.rgb);
    pf_free(d);
}

/* ---------------------------------------------------------------- labels */

Test(png, room_numbers_sit_at_the_room_centre)
{
    const dr__png_style *st = dr__style_get(DG_STYLE_CLASSIC);
    dg_dungeon *d = pf_gallery("classic", "square", "18", "gm");
    img im = encode_img(d);
    uint32_t ink = RGB(DG_PAL_LABEL);
    /* room 1: x 1..11, y 1..3 -> centre cell (6, 2); room 2 -> (16, 6) */
    cr_expect_gt(count_colour(&im, 6 * C, 2 * C, 7 * C, 3 * C, ink), 15);
    cr_expect_gt(count_colour(&im, 16 * C, 6 * C, 17 * C, 7 * C, ink), 15);
    /* and nowhere else in room 1 */
    cr_expect_eq(count_colour(&im, C + 1, C + 1, 5 * C - 1, 4 * C - 1, ink), 0);
    free(im.rgb);
    pf_free(d);
}

Test(png, labels_stay_legible_over_grid_lines)
{
    const dr__png_style *st = dr__style_get(DG_STYLE_STANDARD);
    dg_dungeon *d = pf_gallery("standard", "square", "18", "gm");
    img im = encode_img(d);
    /* "1" of room 1 straddles no line at 18 px, but its box must hold no
     * grid pixel touching a digit: the grid is cleared under the text */
    int n = count_colour(&im, 6 * C + 3, 2 * C + 1, 7 * C - 3, 3 * C - 1, RGB(DG_PAL_GRID));
    cr_expect_eq(n, 0, "%d grid pixels under the label", n);
    free(im.rgb);
    pf_free(d);
}

Test(png, l_room_outline_walls_and_label_cell)
{
    /* infernal: its label ink differs from its wall ink */
    const dr__png_style *st = dr__style_get(DG_STYLE_INFERNAL);
    dg_dungeon *d = pf_lroom("infernal", "square", "18", "gm");
    img im = encode_img(d);
    const dg_room *r = &d->rooms[0];
    /* every outline edge is wall along its whole length */
    for (size_t i = 0; i < r->n_outline; i++) {
        dg_point a = r->outline[i], b = r->outline[(i + 1) % r->n_outline];
        int x0 = a.x * C, y0 = a.y * C, x1 = b.x * C, y1 = b.y * C;
        int sx = (x1 > x0) - (x1 < x0), sy = (y1 > y0) - (y1 < y0);
        for (int x = x0, y = y0; x != x1 || y != y1; x += sx, y += sy)
            cr_expect_eq(px(&im, x, y), RGB(DG_PAL_WALL), "edge %zu at (%d,%d)", i, x, y);
    }
    /* the box centre (5.5, 5.5) is rock; the label goes to the nearest room
     * cell, (4, 5) */
    cr_expect_gt(count_colour(&im, 4 * C, 5 * C, 5 * C, 6 * C, RGB(DG_PAL_LABEL)), 15);
    cr_expect_eq(count_colour(&im, 5 * C + 1, 2 * C, 9 * C, 6 * C - 1, RGB(DG_PAL_LABEL)), 0);
    free(im.rgb);
    pf_free(d);
}

/* ------------------------------------------------------------------ exits */

Test(png, exit_leaves_the_map_edge_open)
{
    const dr__png_style *st = dr__style_get(DG_STYLE_CLASSIC);
    dg_dungeon *d = pf_gallery("classic", "none", "18", "gm");
    img im = encode_img(d);
    /* (13, 0) exits north: its top edge is floor, its sides are wall */
    cr_expect_eq(px(&im, 13 * C + 9, 0), RGB(DG_PAL_FLOOR));
    cr_expect_eq(px(&im, 13 * C, 9), RGB(DG_PAL_WALL));
    /* a plain dead end keeps its wall: the stair at (1, 11) faces west rock */
    cr_expect_eq(px(&im, C, 11 * C + 9), RGB(DG_PAL_WALL));
    free(im.rgb);
    pf_free(d);
}

/* ----------------------------------------------------------------- grids */

Test(png, grids_repeat_exactly_with_the_cell)
{
    /* inside room 1 (x 1..11, y 1..3) the floor pattern repeats every cell
     * across for square and pointy hexes, every cell down for square and
     * flat hexes */
    static const char *grids[] = {"square", "hex", "vhex"};
    for (int g = 0; g < 3; g++) {
        const dr__png_style *st = dr__style_get(DG_STYLE_STANDARD);
        dg_dungeon *d = pf_gallery("standard", grids[g], "18", "gm");
        img im = encode_img(d);
        int lines = count_colour(&im, 2 * C, C + 1, 5 * C, 4 * C - 1, RGB(DG_PAL_GRID));
        cr_expect_gt(lines, 2 * C, "%s: %d grid pixels in the room", grids[g], lines);
        bool across = g != 1, down = g != 2;
        for (int y = C + 2; y < 2 * C + 2; y++)
            for (int x = 2 * C; x < 3 * C; x++) {
                if (across) cr_expect_eq(px(&im, x, y), px(&im, x + C, y), "%s across (%d,%d)", grids[g], x, y);
                if (down) cr_expect_eq(px(&im, x, y), px(&im, x, y + C), "%s down (%d,%d)", grids[g], x, y);
            }
        free(im.rgb);
        pf_free(d);
    }
}

Test(png, flat_hexes_sit_on_the_cell_rows)
{
    const dr__png_style *st = dr__style_get(DG_STYLE_STANDARD);
    dg_dungeon *d = pf_gallery("standard", "hex", "18", "gm");
    img im = encode_img(d);
    /* even hex columns are centred on x = C/2 + 2ks, s = round(C sqrt(3)/2),
     * and their top edges run along the cell boundary lines between
     * x = centre -+ s/3; column 2 falls inside room 1 */
    int s = (C * 866 + 500) / 1000;
    int cx = C / 2 + 2 * s;
    for (int x = cx - s / 3 + 1; x <= cx + s / 3 - 1; x++)
        cr_expect_eq(px(&im, x, 2 * C), RGB(DG_PAL_GRID), "hex top edge at x %d", x);
    free(im.rgb);
    pf_free(d);
}

Test(png, grid_none_leaves_plain_floor)
{
    const dr__png_style *st = dr__style_get(DG_STYLE_STANDARD);
    dg_dungeon *d = pf_gallery("standard", "none", "18", "gm");
    img im = encode_img(d);
    cr_expect_eq(count_colour(&im, 0, 0, im.w - 1, im.h - 1, RGB(DG_PAL_GRID)), 0);
    free(im.rgb);
    pf_free(d);
}

Test(png, graph_style_runs_the_grid_through_rock)
{
    const dr__png_style *st = dr__style_get(DG_STYLE_GRAPH);
    dg_dungeon *d = pf_gallery("graph", "square", "18", "gm");
    img im = encode_img(d);
    cr_expect_eq(px(&im, 11 * C + 5, 11 * C), RGB(DG_PAL_ROCK_GRID));
    cr_expect_eq(px(&im, 11 * C + 5, 11 * C + 5), RGB(DG_PAL_ROCK));
    free(im.rgb);
    pf_free(d);
}

/* ------------------------------------------------------------------ caves */

static bool is_floorish(const dr__png_style *st, uint32_t v)
{
    return v == RGB(DG_PAL_FLOOR) || v == RGB(DG_PAL_GRID);
}

Test(png, caves_get_an_organic_outline_that_keeps_the_map_true)
{
    const dr__png_style *st = dr__style_get(DG_STYLE_CLASSIC);
    dg_dungeon *d = pf_cave("classic", "none", "18", "gm");
    img im = encode_img(d);
    /* every cell still reads as what it is at its centre */
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++) {
            uint32_t v = px(&im, x * C + C / 2, y * C + C / 2);
            bool open = dg_cell_open(d->cells[y * d->width + x]);
            if (d->cells[y * d->width + x] & DG_STAIRS) continue; /* treads */
            cr_expect_eq(open, is_floorish(st, v), "cell (%d,%d) centre %06x", x, y, v);
        }
    /* the outline is not only cell steps: wall ink away from every cell
     * boundary line (more than a wall's width off the lines) */
    int off_grid = 0;
    for (int y = 0; y < im.h; y++)
        for (int x = 0; x < im.w; x++) {
            int mx = x % C, my = y % C;
            bool on_line = mx <= 1 || mx >= C - 1 || my <= 1 || my >= C - 1;
            if (!on_line && px(&im, x, y) == RGB(DG_PAL_WALL)) off_grid++;
        }
    cr_expect_gt(off_grid, 100, "only %d wall pixels off the cell lines", off_grid);
    /* the plain corridor keeps straight walls, the stair nook its glyph */
    for (int x = 1 * C + 1; x < 5 * C; x++) {
        cr_expect_eq(px(&im, x, 8 * C), RGB(DG_PAL_WALL), "corridor top at x %d", x);
        cr_expect_eq(px(&im, x, 9 * C), RGB(DG_PAL_WALL), "corridor bottom at x %d", x);
    }
    cr_expect_gt(count_colour(&im, 23 * C, 8 * C, 24 * C, 9 * C, RGB(DG_PAL_STAIR)), 10);
    free(im.rgb);
    pf_free(d);
}

Test(png, cave_outline_is_the_same_in_every_style)
{
    uint32_t floor0 = dr__style_get((dg_style)0)->rgb[DG_PAL_FLOOR];
    dg_dungeon *d = pf_cave(style_of(0), "none", "12", "gm");
    img ref = encode_img(d);
    pf_free(d);
    for (int s = 1; s < DG_PALETTE_STYLES; s++) {
        const dr__png_style *st = dr__style_get((dg_style)s);
        if (RGB(DG_PAL_ROCK) == RGB(DG_PAL_FLOOR)) continue; /* crosshatch: paper both */
        d = pf_cave(style_of(s), "none", "12", "gm");
        img im = encode_img(d);
        int differ = 0;
        for (int y = 0; y < im.h; y++)
            for (int x = 0; x < im.w; x++)
                differ += (px(&ref, x, y) == floor0) != (px(&im, x, y) == RGB(DG_PAL_FLOOR));
        cr_expect_eq(differ, 0, "%s: %d pixels swap floor and rock", style_of(s), differ);
        free(im.rgb);
        pf_free(d);
    }
    free(ref.rgb);
}

/* ------------------------------------------- every combination, stability */

Test(png, every_style_grid_view_and_some_cells_render)
{
    static const char *cells[] = {"4", "9", "18", "31"};
    for (int s = 0; s < DG_PALETTE_STYLES; s++)
        for (int g = 0; g < DG_GRID_COUNT; g++)
            for (int v = 0; v < DG_VIEW_COUNT; v++) {
                const char *cell = cells[(s + g + v) % 4];
                dg_dungeon *d = pf_gallery(style_of(s), dg_grid_name((dg_grid)g), cell,
                                           dg_view_name((dg_view)v));
                img im = encode_img(d);
                cr_expect_eq(im.w, PF_W * atoi(cell) + 1);
                free(im.rgb);
                pf_free(d);
            }
}

Test(png, same_options_same_bytes)
{
    for (int s = 0; s < DG_PALETTE_STYLES; s++) {
        /* odd styles on the cave map: its outline has its own stream */
        dg_dungeon *d1 = s % 2 ? pf_cave(style_of(s), "hex", "18", "gm")
                               : pf_gallery(style_of(s), "hex", "18", "gm");
        dg_dungeon *d2 = s % 2 ? pf_cave(style_of(s), "hex", "18", "gm")
                               : pf_gallery(style_of(s), "hex", "18", "gm");
        dg_buf a, b;
        encode(d1, dg_png_encode, &a);
        encode(d2, dg_png_encode, &b);
        cr_expect_eq(a.len, b.len, "%s", style_of(s));
        cr_expect(a.len == b.len && memcmp(a.data, b.data, a.len) == 0, "%s: bytes differ", style_of(s));
        dg_buf_fini(&a);
        dg_buf_fini(&b);
        pf_free(d1);
        pf_free(d2);
    }
}

/* Texture draws come from (seed, style): another seed over the same cells
 * changes a textured style's pixels and leaves a flat style's alone. */
Test(png, texture_follows_seed_and_style_only)
{
    for (int s = 0; s < DG_PALETTE_STYLES; s++) {
        dg_dungeon *d = pf_gallery(style_of(s), "square", "18", "gm");
        dg_buf a, b;
        encode(d, dg_png_encode, &a);
        d->opts.seed ^= 0x9e3779b97f4a7c15ULL;
        encode(d, dg_png_encode, &b);
        bool same = a.len == b.len && memcmp(a.data, b.data, a.len) == 0;
        bool flat = dr__style_get((dg_style)s)->texture == DG_TEX_NONE;
        cr_expect_eq(same, flat, "%s: seed %s the image", style_of(s), same ? "kept" : "changed");
        dg_buf_fini(&a);
        dg_buf_fini(&b);
        pf_free(d);
    }
}

Test(png, styles_look_different)
{
    uint32_t seen[DG_STYLE_COUNT][2];
    for (int s = 0; s < DG_PALETTE_STYLES; s++) {
        const dr__png_style *st = dr__style_get((dg_style)s);
        cr_expect_str_eq(st->name, style_of(s), "style.c row order");
        seen[s][0] = RGB(DG_PAL_ROCK);
        seen[s][1] = RGB(DG_PAL_FLOOR);
        for (int k = 0; k < s; k++)
            cr_expect(seen[k][0] != seen[s][0] || seen[k][1] != seen[s][1] ||
                          dr__style_get((dg_style)k)->texture != st->texture,
                      "%s looks like %s", style_of(s), style_of(k));
    }
}

/* ----------------------------------------------------------------- errors */

Test(png, bad_input_is_a_named_error)
{
    dg_error err;
    dg_buf b;
    dg_buf_init(&b);
    dg_error_clear(&err);
    cr_expect_eq(dg_png_encode(NULL, &b, &err), DG_EINVAL);

    dg_dungeon *d = pf_gallery("standard", "square", "18", "gm");
    d->opts.cell = 3;
    dg_error_clear(&err);
    cr_expect_eq(dg_png_encode(d, &b, &err), DG_EINVAL);
    cr_expect_str_eq(err.param, "cell");
    cr_expect_str_eq(err.value, "3");
    d->opts.cell = 18;
    d->opts.style = (dg_style)99;
    dg_error_clear(&err);
    cr_expect_eq(dg_png_encode(d, &b, &err), DG_EINVAL);
    cr_expect_str_eq(err.param, "style");
    d->opts.style = DG_STYLE_STANDARD;
    d->opts.grid = (dg_grid)-1;
    dg_error_clear(&err);
    cr_expect_eq(dg_png_encode(d, &b, &err), DG_EINVAL);
    cr_expect_str_eq(err.param, "grid");
    d->opts.grid = DG_GRID_SQUARE;
    d->opts.view = (dg_view)5;
    dg_error_clear(&err);
    cr_expect_eq(dg_png_encode(d, &b, &err), DG_EINVAL);
    cr_expect_str_eq(err.param, "view");
    cr_expect_eq(b.len, 0u, "nothing appended on failure");
    pf_free(d);

    /* a map whose image would be too large is refused before allocating */
    d = pf_alloc(4001, 4001, 0, 0, 0, "standard", "square", "64", "gm");
    dg_error_clear(&err);
    cr_expect_eq(dg_png_encode(d, &b, &err), DG_ELIMIT);
    cr_expect_str_eq(err.param, "cell");
    cr_expect_str_eq(err.allowed, "4..4", "the cells that would fit: %s", err.allowed);
    pf_free(d);
    dg_buf_fini(&b);
}

/* Lists pointing outside the map, rooms with odd boxes: drawn around, never
 * a crash (the sanitizer build checks the "never"). */
Test(png, broken_lists_are_survived)
{
    dg_dungeon *d = pf_gallery("marble", "vhex", "18", "gm");
    d->rooms[0].x = 17;
    d->rooms[0].width = 9;
    d->rooms[1].id = 0;
    d->doors[0].x = -4;
    d->stairs[0].y = 400;
    d->exits[0].x = 9999;
    img im = encode_img(d);
    free(im.rgb);
    pf_free(d);
}
