/* test_objects.c -- the key and the map agree on things: every object the
 * key names with a place (each map feature, and the thing each hiding
 * place lies in: the rubble over a trapdoor, a hollow statue, a chest of
 * drawers) is drawn on its square, in the standard style and the sketch.
 * Over 60 stocked maps in the players' view (no GM's marks to confuse a
 * probe), the PNG's middle of each object's square differs from the same
 * map drawn without contents (contents=none keeps every cell, so only the
 * things are missing there), and the standard SVG has a <use class=
 * "feature KIND" data-x data-y> on it. The hiding places' kinds are
 * written down here from the key's words, not read from the renderer.
 * And the sketch (the PDF's map) carries the GM's marks the key refers to. */
#include <criterion/criterion.h>

#include "dg_contents.h"
#include "raster_fixture.h"
#include "render_int.h"
#include "sketch_int.h"

#define MAPS 60

/* The key's words for a hiding place (DG_WORDS_HIDDEN) and what stands
 * there for everyone to see, as this test reads them. */
static const struct {
    const char *words;
    int kind; /* -1: nothing on the floor with a glyph */
} places[] = {
    {"a crevice behind a boulder", DG_FEATURE_RUBBLE},
    {"a cache under a cairn of stones", DG_FEATURE_RUBBLE},
    {"a trapdoor under the rubble", DG_FEATURE_RUBBLE},
    {"a crawlspace behind a rockfall", DG_FEATURE_RUBBLE},
    {"a false bottom in a drawer", DG_FEATURE_CHEST},
    {"a hollow statue", DG_FEATURE_STATUE},
};

static int place_kind(int hidden_kind)
{
    const char *w = dg_contents_word(DG_WORDS_HIDDEN, hidden_kind);
    for (size_t i = 0; w && i < sizeof places / sizeof *places; i++)
        if (!strcmp(w, places[i].words)) return places[i].kind;
    return -1;
}

typedef struct {
    int kind, x, y;
} thing;

/* The things the key places on d's squares: its map features (not water:
 * test_features probes water) and its hiding places' objects. */
static size_t things(const dg_dungeon *d, thing *out, size_t cap, int *hidden)
{
    const dg_contents *c = d->contents;
    size_t n = 0;
    for (size_t i = 0; c && i < c->n_features && n < cap; i++)
        if (c->features[i].kind != DG_FEATURE_WATER)
            out[n++] = (thing){(int)c->features[i].kind, c->features[i].at.x, c->features[i].at.y};
    for (size_t r = 0; c && r < c->n_rooms && n < cap; r++) {
        const dg_room_contents *rc = &c->rooms[r];
        int k = rc->n_hidden ? place_kind(rc->hidden[0].kind) : -1;
        if (k < 0) continue;
        out[n++] = (thing){k, rc->hidden_cell.x, rc->hidden_cell.y};
        ++*hidden;
    }
    return n;
}

/* Pixels of the middle of square (x, y) (half its side) where a and b
 * differ; ox, oy: the image's px of square (0, 0). */
static int changed(const img *a, const img *b, double ox, double oy, int c, int x, int y)
{
    int n = 0;
    int x0 = (int)(ox + (x + 0.25) * c), x1 = (int)(ox + (x + 0.75) * c);
    int y0 = (int)(oy + (y + 0.25) * c), y1 = (int)(oy + (y + 0.75) * c);
    for (int py = y0; py < y1; py++)
        for (int px = x0; px < x1; px++) {
            size_t k = 3 * ((size_t)py * (size_t)a->w + (size_t)px);
            n += abs(a->rgb[k] - b->rgb[k]) + abs(a->rgb[k + 1] - b->rgb[k + 1]) + abs(a->rgb[k + 2] - b->rgb[k + 2]) > 96;
        }
    return n;
}

Test(objects, every_named_thing_is_drawn_on_its_square)
{
    static const char *const families[] = {"donjon", "gridmapper", "panels", "abstract", "cells", "caverns"};
    static const char *const styles[] = {"standard", "sketch"};
    int total = 0, hidden = 0, per_kind[DG_FEATURE_COUNT] = {0};
    for (int i = 0; i < MAPS; i++) {
        const char *style = styles[i % 2];
        char q[256], bare_q[280];
        snprintf(q, sizeof q, "seed=%d&algorithm=%s&style=%s&view=player&rows=31&cols=41%s", 500 + i,
                 families[(i / 2) % 6], style, i % 5 == 0 && (i / 2) % 6 != 5 ? "&pillars=yes" : "");
        snprintf(bare_q, sizeof bare_q, "%s&contents=none", q);
        dg_dungeon *d = rf_generate(q), *bare = rf_generate(bare_q);
        thing t[512];
        int h = 0;
        size_t n = things(d, t, 512, &h);
        img a = encode_img(d), b = encode_img(bare);
        cr_assert(a.w == b.w && a.h == b.h, "%s: contents=none changed the image's size", q);
        double ox = 0, oy = 0;
        int c = d->opts.cell;
        if (d->opts.style == DG_STYLE_SKETCH) {
            dr__sketch_box box;
            dr__sketch_layout(d, d->opts.legend, &box);
            ox = (box.left - box.x0) * c;
            oy = (box.top - box.y0) * c;
        }
        dg_buf svg;
        dg_buf_init(&svg);
        if (d->opts.style == DG_STYLE_STANDARD) encode(d, dg_svg_encode, &svg);
        for (size_t k = 0; k < n; k++) {
            bool also_bare = false; /* pillars=yes stands pillars without contents too */
            for (size_t j = 0; bare->contents && j < bare->contents->n_features; j++)
                also_bare |= bare->contents->features[j].at.x == t[k].x && bare->contents->features[j].at.y == t[k].y;
            if (also_bare) continue;
            int px = changed(&a, &b, ox, oy, c, t[k].x, t[k].y);
            cr_assert_geq(px, c / 2, "%s: the %s at (%d,%d) is not drawn (%d pixels of its square's middle differ)", q,
                          dg_feature_name(t[k].kind), t[k].x, t[k].y, px);
            if (svg.data) {
                char use[96];
                snprintf(use, sizeof use, "class=\"feature %s\" data-x=\"%d\" data-y=\"%d\"",
                         dg_feature_name(t[k].kind), t[k].x, t[k].y);
                cr_assert_not_null(strstr((const char *)svg.data, use), "%s: no %s in the SVG", q, use);
            }
            per_kind[t[k].kind]++;
        }
        total += (int)n;
        hidden += h;
        dg_buf_fini(&svg);
        free(a.rgb);
        free(b.rgb);
        dg_dungeon_free(d);
        dg_dungeon_free(bare);
    }
    fprintf(stderr, "objects: %d things on their squares in %d maps, %d of them hiding places'\n", total, MAPS,
            hidden);
    cr_assert_gt(hidden, 5, "only %d hiding places with a thing in %d maps", hidden, MAPS);
    int kinds = 0;
    for (int k = 0; k < DG_FEATURE_COUNT; k++) kinds += per_kind[k] > 0;
    cr_assert_geq(kinds, 7, "only %d kinds of thing in %d maps", kinds, MAPS);
}

/* The sketch (and so the PDF, whose key says "marked ? at square 14,3")
 * carries the GM's marks too: over 24 stocked maps, the middle of each
 * square the key marks (a room trap's T, the keys' K, a hiding place's ?,
 * a corridor feature's letter) differs between the GM's sketch and the
 * players' (which has none), and a T's or ?'s square has red ink. */
Test(objects, the_sketch_carries_the_gms_marks)
{
    static const char *const families[] = {"donjon", "gridmapper", "panels", "cells"};
    int n_marks = 0, n_red = 0;
    for (int i = 0; i < 24; i++) {
        char q[192], pq[208];
        snprintf(q, sizeof q, "seed=%d&algorithm=%s&style=sketch&rows=31&cols=41", 700 + i, families[i % 4]);
        snprintf(pq, sizeof pq, "%s&view=player", q);
        dg_dungeon *d = rf_generate(q), *p = rf_generate(pq);
        img a = encode_img(d), b = encode_img(p);
        cr_assert(a.w == b.w && a.h == b.h, "%s: the views differ in size", q);
        dr__sketch_box box;
        dr__sketch_layout(d, d->opts.legend, &box);
        int c = d->opts.cell;
        double ox = (box.left - box.x0) * c, oy = (box.top - box.y0) * c;
        const dg_contents *ct = d->contents;
        dg_point at[256];
        bool red[256];
        int n = 0;
        for (int k = 0; k < ct->n_corridor_features && n < 256; k++, n++) {
            at[n] = ct->corridor_features[k].cells[0];
            red[n] = false;
        }
        for (size_t r = 0; r < ct->n_rooms; r++) {
            const dg_room_contents *rc = &ct->rooms[r];
            for (int t = 0; t < rc->n_traps && n < 256; t++, n++) {
                at[n] = rc->trap_cells[t];
                red[n] = true;
            }
            if (rc->n_keys && n < 256) {
                at[n] = rc->key_cell;
                red[n++] = false;
            }
            if (rc->n_hidden && n < 256) {
                at[n] = rc->hidden_cell;
                red[n++] = true;
            }
        }
        for (int k = 0; k < n; k++) {
            int px = changed(&a, &b, ox, oy, c, at[k].x, at[k].y);
            cr_assert_geq(px, c / 3, "%s: no mark at %d,%d (%d pixels differ from the players' sketch)", q, at[k].x,
                          at[k].y, px);
            n_marks++;
            if (!red[k]) continue;
            int reds = 0;
            for (int y = (int)(oy + at[k].y * c); y < (int)(oy + (at[k].y + 1) * c); y++)
                for (int x = (int)(ox + at[k].x * c); x < (int)(ox + (at[k].x + 1) * c); x++) {
                    const unsigned char *v = a.rgb + 3 * ((size_t)y * (size_t)a.w + (size_t)x);
                    reds += v[0] > v[1] + 60 && v[0] > v[2] + 60;
                }
            cr_assert_gt(reds, 4, "%s: no red in the marked square %d,%d", q, at[k].x, at[k].y);
            n_red++;
        }
        free(a.rgb);
        free(b.rgb);
        dg_dungeon_free(d);
        dg_dungeon_free(p);
    }
    fprintf(stderr, "objects: %d GM's marks on the sketch, %d of them red\n", n_marks, n_red);
    cr_assert_gt(n_marks, 40);
    cr_assert_gt(n_red, 10);
}
