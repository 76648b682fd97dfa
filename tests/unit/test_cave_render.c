/* test_cave_render.c -- generated caves through the PNG renderer: the
 * organic outline (render/cave_draw.c) must tell the truth about the map.
 * Every open cell still shows floor at its centre, everything the map joins
 * stays joined at pixel level (4-connected floor), caves the map keeps apart
 * stay apart even corner to corner (8-connected), and the outline is the
 * same bytes every time without touching the map. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "marks_fixture.h"
#include "encode_fixture.h"
#include "gen_check.h"
#include "png_int.h"

static uint32_t px(const img *im, int x, int y)
{
    const unsigned char *p = im->rgb + 3 * ((size_t)y * (size_t)im->w + (size_t)x);
    return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

/* Floor for walking: anything but rock, wall and texture ink. */
static bool walkable(const dr__png_style *st, uint32_t v)
{
    return v != st->rgb[DG_PAL_ROCK] && v != st->rgb[DG_PAL_WALL] && v != st->rgb[DG_PAL_ROCK_GRID] &&
           v != st->rgb[DG_PAL_TEX1] && v != st->rgb[DG_PAL_TEX2];
}

/* Glyph cells (stairs, doors, room numbers) count as floor whatever their
 * ink. */
static const dg_dungeon *glyph_map;

static bool walkable_at(const img *im, const dr__png_style *st, int x, int y)
{
    if (glyph_map) {
        int c = glyph_map->opts.cell, cx = x / c, cy = y / c;
        if (dg_cell(glyph_map, cx, cy) & (DG_STAIRS | DG_DOORSPACE | DG_LABEL)) return true;
        if (mf_marked(glyph_map, cx, cy)) return true; /* a mark's letter is ink on purpose */
    }
    return walkable(st, px(im, x, y));
}

/* Labels the walkable pixels' components (4- or 8-connected) into lab. */
static int components(const img *im, const dr__png_style *st, bool eight, int32_t *lab)
{
    size_t n = (size_t)im->w * (size_t)im->h;
    uint32_t *queue = malloc(n * sizeof *queue);
    cr_assert_not_null(queue);
    memset(lab, 0, n * sizeof *lab);
    int count = 0;
    for (size_t s = 0; s < n; s++) {
        if (lab[s] || !walkable_at(im, st, (int)(s % (size_t)im->w), (int)(s / (size_t)im->w))) continue;
        lab[s] = ++count;
        size_t head = 0, tail = 0;
        queue[tail++] = (uint32_t)s;
        while (head < tail) {
            uint32_t at = queue[head++];
            int x = (int)(at % (uint32_t)im->w), y = (int)(at / (uint32_t)im->w);
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    if ((!dx && !dy) || (!eight && dx && dy)) continue;
                    int xx = x + dx, yy = y + dy;
                    if (xx < 0 || yy < 0 || xx >= im->w || yy >= im->h) continue;
                    size_t k = (size_t)yy * (size_t)im->w + (size_t)xx;
                    if (lab[k] || !walkable_at(im, st, xx, yy)) continue;
                    lab[k] = count;
                    queue[tail++] = (uint32_t)k;
                }
        }
    }
    free(queue);
    return count;
}

/* Centre pixel of every open cell is walkable, and all of them sit in one
 * 4-connected component. */
static void check_connected(const dg_dungeon *d, const char *what)
{
    const dr__png_style *st = dr__style_get(d->opts.style);
    img im = encode_img(d);
    int c = d->opts.cell;
    int32_t *lab = malloc((size_t)im.w * (size_t)im.h * sizeof *lab);
    cr_assert_not_null(lab);
    glyph_map = d;
    components(&im, st, false, lab);
    glyph_map = NULL;
    int32_t first = 0;
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++) {
            uint32_t w = dg_cell(d, x, y);
            if (!dg_cell_open(w)) continue;
            int cx = x * c + c / 2, cy = y * c + c / 2;
            int32_t l = lab[(size_t)cy * (size_t)im.w + (size_t)cx];
            cr_assert(l > 0, "%s: open cell (%d,%d) shows no floor at its centre", what, x, y);
            if (!first) first = l;
            cr_assert_eq(l, first, "%s: cell (%d,%d) cut off from the rest at pixel level", what, x, y);
        }
    free(lab);
    free(im.rgb);
}

ParameterizedTestParameters(cave_render, joined_caves_stay_joined)
{
    static int chunk[] = {0, 1, 2, 3};
    return cr_make_param_array(int, chunk, 4);
}

/* 4 x 10 generated maps, caverns and cavernous, in varied styles and cell
 * sizes (the refinement depth follows the cell size) */
ParameterizedTest(int *chunk, cave_render, joined_caves_stay_joined)
{
    static const char *styles[] = {"standard", "classic", "graph", "parchment", "marble", "aquatic", "infernal"};
    static const char *cells[] = {"8", "12", "18", "30"};
    for (int k = 0; k < 10; k++) {
        int s = *chunk * 10 + k;
        char seed[32], style[32], cell[16], what[160];
        snprintf(seed, sizeof seed, "seed=%d", s + 100);
        snprintf(style, sizeof style, "style=%s", styles[s % 7]);
        snprintf(cell, sizeof cell, "cell=%s", cells[(s / 2) % 4]);
        bool cavernous = s & 1;
        const char *kv[] = {seed, style, cell, cavernous ? "layout=cavernous" : "algorithm=caverns",
                            "grid=none", "rows=31", "cols=41", "stairs=3", "egress=yes"};
        dg_dungeon *d = gc_make(kv, sizeof kv / sizeof *kv);
        snprintf(what, sizeof what, "%s %s %s %s", seed, style, cell, kv[3]);
        check_connected(d, what);
        dg_dungeon_free(d);
    }
}

/* Cell-level 4-connected systems of the open cells, 1..n into lab. */
static int cell_systems(const dg_dungeon *d, int *lab)
{
    int w = d->width, h = d->height, n = 0;
    int *stack = malloc((size_t)w * (size_t)h * sizeof *stack);
    memset(lab, 0, (size_t)w * (size_t)h * sizeof *lab);
    for (int s = 0; s < w * h; s++) {
        if (lab[s] || !dg_cell_open(d->cells[s])) continue;
        int top = 0;
        lab[s] = ++n;
        stack[top++] = s;
        while (top > 0) {
            int at = stack[--top], x = at % w, y = at / w;
            for (int k = 0; k < 4; k++) {
                int xx = x + dg_dir_dx((dg_dir)k), yy = y + dg_dir_dy((dg_dir)k);
                if (!dg_cell_open(dg_cell(d, xx, yy)) || lab[yy * w + xx]) continue;
                lab[yy * w + xx] = n;
                stack[top++] = yy * w + xx;
            }
        }
    }
    free(stack);
    return n;
}

/* Eight separate systems that touch only corner to corner or across a
 * one-cell wall: a hall, a hall beside it, a pocket, single cells in a
 * diagonal chain, halls below a one-cell wall. */
static const char *apart[] = {
    "#################",
    "#.....#.........#",
    "#.....#.........#",
    "#.....#.###.....#",
    "#......#..#.....#",
    "#.....#.#.#######",
    "#.....##.#......#",
    "#######.#.......#",
    "#......#........#",
    "#################",
};

/* What the map keeps apart stays apart in the picture even corner to corner
 * (8-connected), and what it joins stays joined (4-connected), whatever the
 * noise stream. */
Test(cave_render, separate_caves_never_touch)
{
    int h = 10, w = 17;
    for (unsigned seed = 0; seed < 40; seed++) {
        dg_dungeon *d = calloc(1, sizeof *d);
        const char *keys[] = {"seed", "style", "grid", "cell"};
        char sv[16];
        snprintf(sv, sizeof sv, "%u", seed);
        const char *vals[] = {sv, seed % 2 ? "classic" : "standard", "none", seed % 3 ? "16" : "24"};
        dg_error e = {0};
        cr_assert_eq(dg_options_parse(&d->opts, 4, keys, vals, NULL, &e), DG_OK);
        d->width = w;
        d->height = h;
        d->cells = calloc((size_t)w * (size_t)h, sizeof *d->cells);
        d->cave = calloc((size_t)w * (size_t)h, 1);
        d->rooms = calloc(1, sizeof *d->rooms);
        d->doors = calloc(1, sizeof *d->doors);
        d->stairs = calloc(1, sizeof *d->stairs);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                if (apart[y][x] == '.') d->cells[y * w + x] = DG_CORRIDOR;
                d->cave[y * w + x] = 1;
            }
        int cl[10 * 17];
        int systems = cell_systems(d, cl);
        cr_assert_eq(systems, 8);
        const dr__png_style *st = dr__style_get(d->opts.style);
        img im = encode_img(d);
        int32_t *four = malloc((size_t)im.w * (size_t)im.h * sizeof *four);
        int32_t *eight = malloc((size_t)im.w * (size_t)im.h * sizeof *eight);
        components(&im, st, false, four);
        components(&im, st, true, eight);
        int c = d->opts.cell;
        int32_t first4[9] = {0}, first8[9] = {0};
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                int k = cl[y * w + x];
                if (!k) continue;
                size_t centre = (size_t)(y * c + c / 2) * (size_t)im.w + (size_t)(x * c + c / 2);
                cr_assert(four[centre] > 0, "seed %u: cell (%d,%d) shows no floor", seed, x, y);
                if (!first4[k]) {
                    first4[k] = four[centre];
                    first8[k] = eight[centre];
                }
                cr_assert_eq(four[centre], first4[k], "seed %u: cell (%d,%d) cut off", seed, x, y);
            }
        for (int a = 1; a <= systems; a++)
            for (int b = a + 1; b <= systems; b++)
                cr_assert_neq(first8[a], first8[b], "seed %u: systems %d and %d touch", seed, a, b);
        free(four);
        free(eight);
        free(im.rgb);
        dg_dungeon_free(d);
    }
}

/* Same map, same bytes; the outline's noise follows the seed, never the
 * map's cells, and rendering leaves the map alone. */
Test(cave_render, outline_is_deterministic_and_seeded)
{
    const char *kv[] = {"seed=42", "algorithm=caverns", "rows=25", "cols=35"};
    dg_dungeon *d = gc_make(kv, 4);
    size_t n = (size_t)d->width * (size_t)d->height;
    uint32_t *before = malloc(n * sizeof *before);
    memcpy(before, d->cells, n * sizeof *before);
    dg_buf a, b, c;
    dg_buf_init(&a);
    dg_buf_init(&b);
    dg_buf_init(&c);
    cr_assert_eq(dg_png_encode(d, &a, NULL), DG_OK);
    cr_assert_eq(dg_png_encode(d, &b, NULL), DG_OK);
    cr_assert_eq(a.len, b.len);
    cr_assert_arr_eq(a.data, b.data, a.len);
    cr_assert_arr_eq(before, d->cells, n * sizeof *before);
    d->opts.seed ^= 1; /* same cells, another outline stream */
    cr_assert_eq(dg_png_encode(d, &c, NULL), DG_OK);
    cr_assert(c.len != a.len || memcmp(a.data, c.data, a.len) != 0, "the outline ignores the seed");
    dg_buf_fini(&a);
    dg_buf_fini(&b);
    dg_buf_fini(&c);
    free(before);
    dg_dungeon_free(d);
}

/* Water in a cave is a pool, not tiles: the traced walls take the water
 * laid on the floor for floor, so no wall ink sits on the edge between
 * two water squares (it framed every square in black). */
Test(cave_render, cave_water_is_a_pool_not_framed_tiles)
{
    int edges = 0;
    for (int i = 0; i < 12; i++) {
        char seed[16];
        snprintf(seed, sizeof seed, "%d", i + 1);
        const char *keys[] = {"seed", "algorithm", "rows", "cols", "style", "motif"};
        const char *vals[] = {seed, "caverns", "23", "45", i % 2 ? "ink" : "standard", "aquatic"};
        dg_options o;
        dg_error e = {0};
        cr_assert_eq(dg_options_parse(&o, 6, keys, vals, NULL, &e), DG_OK, "%s", e.msg);
        dg_dungeon *d = NULL;
        cr_assert_eq(dg_generate(&o, &d, &e), DG_OK, "%s", e.msg);
        const dg_contents *c = d->contents;
        unsigned char *wet = calloc((size_t)d->width * (size_t)d->height, 1);
        cr_assert_not_null(wet);
        for (size_t k = 0; c && k < c->n_features; k++)
            if (c->features[k].kind == DG_FEATURE_WATER)
                wet[(size_t)c->features[k].at.y * (size_t)d->width + (size_t)c->features[k].at.x] = 1;
        img im = encode_img(d);
        uint32_t wall = dr__style_get(d->opts.style)->rgb[DG_PAL_WALL];
        int cell = d->opts.cell;
        for (int y = 0; y < d->height; y++)
            for (int x = 0; x + 1 < d->width; x++) {
                if (!wet[(size_t)y * (size_t)d->width + (size_t)x] || !wet[(size_t)y * (size_t)d->width + (size_t)x + 1])
                    continue;
                int inked = 0, ex = (x + 1) * cell; /* the shared edge's column, and a pixel either side */
                for (int py = y * cell + 3; py < (y + 1) * cell - 2; py++)
                    for (int pxl = ex - 1; pxl <= ex + 1; pxl++) inked += px(&im, pxl, py) == wall;
                cr_assert_eq(inked, 0, "%s seed %s: wall ink between water squares %d,%d and %d,%d", vals[4], seed, x,
                             y, x + 1, y);
                edges++;
            }
        free(im.rgb);
        free(wet);
        dg_dungeon_free(d);
    }
    cr_assert_gt(edges, 50, "only %d edges between water squares", edges);
}
