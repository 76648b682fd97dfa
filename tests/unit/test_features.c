/* test_features.c -- the map shows what the key says stands in its rooms:
 * over 50 stocked maps of every family and style (a third with
 * pillars=yes), every feature the JSON's map_features lists is drawn on
 * its square in the SVG (parsed back) and in the PNG (the wall colour in
 * the middle of a glyph's square, the water colour over most of a water
 * square), in the GM's view and the players'; every feature stands on a
 * walkable room square that is no door, stair or mark, and the stocking
 * leaves every cell as it was (contents=none gives the same cells); water
 * squares are listed in uvtt's water and the Foundry scene's flags. */
#include <criterion/criterion.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dg_contents.h"
#include "encode_fixture.h"
#include "marks_fixture.h"
#include "png_int.h"
#include "render_int.h"

#define MAPS 50
#define MAX_DRAWN 4096

static const char *const families[] = {"donjon", "caverns", "panels", "gridmapper", "abstract", "cells"};
static const char *const styles[] = {"standard", "classic", "graph", "parchment", "crosshatch",
                                     "marble", "aquatic", "infernal", "ink"};
static const char *const motifs[] = {"none", "aquatic", "undead", "none", "arcane"};

static dg_dungeon *make(int i, const char *view, const char *contents)
{
    char seed[16], cell[8];
    snprintf(seed, sizeof seed, "%d", 300 + i);
    snprintf(cell, sizeof cell, "%d", i % 2 ? 18 : 32);
    bool pillars = i % 3 == 0 && i % 6 != 1; /* caverns (i % 6 == 1) have no rooms to take them */
    const char *keys[] = {"seed", "algorithm", "style", "view", "cell", "rows", "cols", "motif", "contents", "pillars"};
    const char *vals[] = {seed, families[i % 6], styles[i % 9], view, cell, "31", "41", motifs[i % 5], contents,
                          pillars ? "yes" : "no"};
    dg_options o;
    dg_error e = {0};
    size_t n = i % 6 == 1 ? 9 : 10;
    cr_assert_eq(dg_options_parse(&o, n, keys, vals, NULL, &e), DG_OK, "%s", e.msg);
    dg_dungeon *d = NULL;
    cr_assert_eq(dg_generate(&o, &d, &e), DG_OK, "%s", e.msg);
    return d;
}

typedef struct {
    char kind[16];
    int x, y;
} drawn;

/* What the SVG draws: <use class="feature KIND" data-x data-y> and
 * <circle class="water" data-x data-y>. */
static size_t svg_drawn(const dg_dungeon *d, drawn *out)
{
    dg_buf b;
    encode(d, dg_svg_encode, &b);
    size_t n = 0;
    const char *p = (const char *)b.data;
    while ((p = strstr(p, "<use class=\"feature ")) != NULL && n < MAX_DRAWN) {
        drawn f = {0};
        cr_assert_eq(sscanf(p, "<use class=\"feature %15[a-z]\" data-x=\"%d\" data-y=\"%d\"", f.kind, &f.x, &f.y), 3);
        out[n++] = f;
        p += 10;
    }
    p = (const char *)b.data;
    while ((p = strstr(p, "<circle class=\"water\" ")) != NULL && n < MAX_DRAWN) {
        drawn f = {"water", 0, 0};
        cr_assert_eq(sscanf(p, "<circle class=\"water\" data-x=\"%d\" data-y=\"%d\"", &f.x, &f.y), 2);
        out[n++] = f;
        p += 10;
    }
    dg_buf_fini(&b);
    return n;
}

/* Pixels of colour v in the box of square (x, y) from (lo/8, lo/8) to
 * (hi/8, hi/8) of the cell. */
static int count(const img *im, int c, int x, int y, int lo, int hi, uint32_t v)
{
    int n = 0;
    for (int py = y * c + 1 + (c - 1) * lo / 8; py < y * c + 1 + (c - 1) * hi / 8; py++)
        for (int px = x * c + 1 + (c - 1) * lo / 8; px < x * c + 1 + (c - 1) * hi / 8; px++) {
            const unsigned char *p = im->rgb + 3 * ((size_t)py * (size_t)im->w + (size_t)px);
            n += ((uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2]) == v;
        }
    return n;
}

/* The Foundry scene's water regions: every water square in exactly one
 * of their rectangles, no other square in any, merged into fewer
 * rectangles than squares wherever two squares of a room touch, each a
 * modifyMovementCost region the players see (visibility ALWAYS). */
static void check_drawings(const dg_dungeon *d, json_t *scene, size_t wet, const char *what)
{
    const dg_contents *c = d->contents;
    int ppg = d->opts.ppg, w = d->width, h = d->height;
    unsigned char *under = calloc((size_t)w * (size_t)h, 1), *water = calloc((size_t)w * (size_t)h, 1);
    cr_assert(under && water);
    for (size_t k = 0; k < c->n_features; k++)
        if (c->features[k].kind == DG_FEATURE_WATER) water[c->features[k].at.y * w + c->features[k].at.x] = 1;
    json_t *rs = json_object_get(scene, "regions");
    size_t n = 0, regions = 0;
    for (size_t r = 0; r < json_array_size(rs); r++) {
        json_t *o = json_array_get(rs, r), *beh = json_array_get(json_object_get(o, "behaviors"), 0);
        if (!beh || strcmp(json_text_of(beh, "type"), "modifyMovementCost")) continue;
        regions++;
        cr_assert_eq(json_int_of(o, "visibility"), 2, "%s: water hidden from the players", what);
        cr_assert_eq(json_int_of(json_object_get(json_object_get(beh, "system"), "difficulties"), "walk"), 2);
        cr_assert_eq(strlen(json_text_of(o, "_id")), 16);
        json_t *shapes = json_object_get(o, "shapes");
        for (size_t i = 0; i < json_array_size(shapes); i++, n++) {
            json_t *sh = json_array_get(shapes, i);
            cr_assert_str_eq(json_text_of(sh, "type"), "rectangle");
            long x = json_int_of(sh, "x"), y = json_int_of(sh, "y"), dw = json_int_of(sh, "width"), dh = json_int_of(sh, "height");
            cr_assert(x % ppg == 0 && y % ppg == 0 && dw % ppg == 0 && dh % ppg == 0 && dw > 0 && dh > 0,
                      "%s: shape %zu off the grid", what, i);
            for (long cy = y / ppg; cy < (y + dh) / ppg; cy++)
                for (long cx = x / ppg; cx < (x + dw) / ppg; cx++) {
                    cr_assert(cx < w && cy < h && water[cy * w + cx], "%s: water region over dry square %ld,%ld", what, cx, cy);
                    cr_assert_eq(under[cy * w + cx]++, 0, "%s: square %ld,%ld in two water shapes", what, cx, cy);
                }
        }
    }
    cr_assert_gt(regions, 0, "%s: no regions over the water", what);
    size_t covered = 0;
    for (size_t k = 0; k < (size_t)w * (size_t)h; k++) covered += under[k];
    cr_assert_eq(covered, wet, "%s: %zu of %zu water squares in a region", what, covered, wet);
    /* merged wherever two squares touch (a one-square puddle is one) */
    bool touch = false;
    for (int y = 0; y < h && !touch; y++)
        for (int x = 0; x < w && !touch; x++)
            touch = water[y * w + x] && ((x + 1 < w && water[y * w + x + 1]) || (y + 1 < h && water[(y + 1) * w + x]));
    if (touch) cr_assert_lt(n, wet, "%s: %zu rectangles for %zu water squares", what, n, wet);
    cr_assert_leq(regions, d->n_rooms);
    free(under);
    free(water);
}

static void check_map(int i, const char *view, int *tally)
{
    dg_dungeon *d = make(i, view, "full");
    const dg_contents *c = d->contents;
    char what[64];
    snprintf(what, sizeof what, "map %d (%s, %s, %s)", i, families[i % 6], styles[i % 9], view);

    /* the JSON lists the model's features */
    json_t *j = encode_json(d, dg_json_encode);
    json_t *mf = json_object_get(j, "map_features");
    cr_assert_eq(json_array_size(mf), c->n_features, "%s: JSON lists %zu features, the model %zu", what,
                 json_array_size(mf), c->n_features);
    for (size_t k = 0; k < c->n_features; k++) {
        json_t *f = json_array_get(mf, k);
        cr_assert_str_eq(json_text_of(f, "kind"), dg_feature_name((int)c->features[k].kind));
        cr_assert_eq(json_int_of(f, "x"), c->features[k].at.x);
        cr_assert_eq(json_int_of(f, "y"), c->features[k].at.y);
    }
    json_decref(j);

    /* where they stand: a walkable room square, no door, stair or mark */
    for (size_t k = 0; k < c->n_features; k++) {
        const dg_map_feature *f = &c->features[k];
        uint32_t w = dg_cell(d, f->at.x, f->at.y);
        cr_assert(dg_cell_open(w) && !(w & (DG_DOORSPACE | DG_STAIRS)), "%s: %s on a closed square %d,%d", what,
                  dg_feature_name((int)f->kind), f->at.x, f->at.y);
        cr_assert_eq((int)((w & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT), f->room, "%s: %s outside its room", what,
                     dg_feature_name((int)f->kind));
        tally[f->kind]++;
    }

    /* the SVG draws each on its square */
    static drawn got[MAX_DRAWN];
    size_t ng = svg_drawn(d, got);
    /* ... and the thing each hiding place lies in (test_objects.c) */
    size_t placed = 0;
    for (size_t r = 0; r < c->n_rooms; r++) {
        const dg_room_contents *rc = &c->rooms[r];
        int kind = rc->n_hidden ? dg_hidden_object(rc->hidden[0].kind) : -1;
        if (kind < 0) continue;
        placed++;
        bool found = false;
        for (size_t g = 0; g < ng && !found; g++)
            found = !strcmp(got[g].kind, dg_feature_name(kind)) && got[g].x == rc->hidden_cell.x &&
                    got[g].y == rc->hidden_cell.y;
        cr_assert(found, "%s: no %s in the SVG at the hiding place %d,%d", what, dg_feature_name(kind),
                  rc->hidden_cell.x, rc->hidden_cell.y);
    }
    cr_assert_eq(ng, c->n_features + placed, "%s: the SVG draws %zu things, the JSON lists %zu features and %zu hiding places", what, ng,
                 c->n_features, placed);
    for (size_t k = 0; k < c->n_features; k++) {
        const dg_map_feature *f = &c->features[k];
        bool found = false;
        for (size_t g = 0; g < ng && !found; g++)
            found = !strcmp(got[g].kind, dg_feature_name((int)f->kind)) && got[g].x == f->at.x && got[g].y == f->at.y;
        cr_assert(found, "%s: no %s in the SVG at %d,%d", what, dg_feature_name((int)f->kind), f->at.x, f->at.y);
    }

    /* the PNG: ink in the middle of a glyph's square, water over a water
     * square's (a label or mark may stand on water) */
    img im = encode_img(d);
    const dr__png_style *st = dr__style_get(d->opts.style);
    int cell = d->opts.cell;
    for (size_t k = 0; k < c->n_features; k++) {
        const dg_map_feature *f = &c->features[k];
        if (f->kind == DG_FEATURE_WATER) {
            bool under = false; /* a glyph standing in the water covers much of it */
            for (size_t g = 0; g < c->n_features; g++)
                under |= c->features[g].kind != DG_FEATURE_WATER && c->features[g].at.x == f->at.x &&
                         c->features[g].at.y == f->at.y;
            int wet = count(&im, cell, f->at.x, f->at.y, 0, 8, st->rgb[DG_PAL_WATER]);
            cr_assert_gt(wet, (cell - 1) * (cell - 1) / (under ? 10 : 4), "%s: water square %d,%d has %d water pixels", what,
                         f->at.x, f->at.y, wet);
        } else {
            int ink = count(&im, cell, f->at.x, f->at.y, 2, 6, st->rgb[DG_PAL_WALL]);
            cr_assert_gt(ink, (cell - 1) * (cell - 1) / 40, "%s: the %s at %d,%d has %d ink pixels in its middle", what,
                         dg_feature_name((int)f->kind), f->at.x, f->at.y, ink);
        }
    }
    free(im.rgb);

    /* water in the VTT exports */
    if (dr__map_has_water(d)) {
        size_t wet = 0;
        for (size_t k = 0; k < c->n_features; k++) wet += c->features[k].kind == DG_FEATURE_WATER;
        dg_options o = d->opts;
        d->opts.image = DG_IMAGE_NONE;
        json_t *u = encode_json(d, dg_uvtt_encode);
        d->opts = o;
        cr_assert_eq(json_array_size(json_object_get(u, "water")), wet, "%s: uvtt water", what);
        json_decref(u);
        json_t *s = encode_json(d, dg_foundry_encode);
        json_t *fw = json_object_get(json_object_get(json_object_get(s, "flags"), "dungeond"), "water");
        cr_assert_eq(json_array_size(fw), wet, "%s: Foundry water", what);
        check_drawings(d, s, wet, what);
        json_decref(s);
    }

    /* stocking moved nothing: the same cells without contents */
    dg_dungeon *bare = make(i, view, "none");
    cr_assert_eq(memcmp(bare->cells, d->cells, (size_t)d->width * (size_t)d->height * sizeof *d->cells), 0,
                 "%s: features changed a cell", what);
    dg_dungeon_free(bare);
    dg_dungeon_free(d);
}

Test(features, every_listed_feature_is_drawn_on_its_square)
{
    int tally[DG_FEATURE_COUNT] = {0};
    for (int i = 0; i < MAPS; i++) check_map(i, i % 4 == 3 ? "player" : "gm", tally);
    /* the sweep sees most kinds, water and pillars among them */
    int kinds = 0;
    for (int k = 0; k < DG_FEATURE_COUNT; k++) kinds += tally[k] > 0;
    cr_assert_geq(kinds, 8, "only %d kinds of feature in %d maps", kinds, MAPS);
    cr_assert_gt(tally[DG_FEATURE_WATER], 20);
    cr_assert_gt(tally[DG_FEATURE_PILLAR], 20);
}

/* pillars=yes: free-standing pillars in gridmapper's rooms (the issue's
 * map showed none), and none without it in a map whose key names none */
Test(features, pillars_yes_stands_pillars_in_large_rooms)
{
    const char *keys[] = {"seed", "algorithm", "room_count", "pillars", "contents"};
    const char *yes[] = {"7", "gridmapper", "12", "yes", "none"};
    dg_options o;
    dg_error e = {0};
    cr_assert_eq(dg_options_parse(&o, 5, keys, yes, NULL, &e), DG_OK, "%s", e.msg);
    dg_dungeon *d = NULL;
    cr_assert_eq(dg_generate(&o, &d, &e), DG_OK, "%s", e.msg);
    int pillars = 0;
    for (size_t k = 0; k < d->contents->n_features; k++) pillars += d->contents->features[k].kind == DG_FEATURE_PILLAR;
    cr_assert_gt(pillars, 4);
    dg_dungeon_free(d);
    const char *no[] = {"7", "gridmapper", "12", "no", "none"};
    cr_assert_eq(dg_options_parse(&o, 5, keys, no, NULL, &e), DG_OK, "%s", e.msg);
    cr_assert_eq(dg_generate(&o, &d, &e), DG_OK, "%s", e.msg);
    cr_assert_eq(d->contents->n_features, 0);
    dg_dungeon_free(d);
}
