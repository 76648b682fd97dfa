/* test_marks.c -- the GM's map points at the key: over 54 stocked maps of
 * every family and style, every corridor feature's letter, every room
 * trap's T, every K where keys lie and every ? on a hidden feature is in
 * the SVG on exactly the square the key names (the model's cells, which
 * the Markdown key prints as "square x,y"), and the PNG has the trap
 * colour inside each T's and ?'s square; the player view has none of
 * them in either. */
#include <criterion/criterion.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dg_contents.h"
#include "encode_fixture.h"
#include "png_int.h"

#define MAX_MARKS 512

typedef struct {
    char kind[12];
    int x, y;
} mark;

static dg_dungeon *make(int i, const char *view)
{
    static const char *const families[] = {"donjon", "caverns", "panels", "gridmapper", "abstract", "cells"};
    static const char *const styles[] = {"standard", "classic", "graph", "parchment", "crosshatch",
                                         "marble", "aquatic", "infernal", "ink"};
    char seed[16], level[8];
    snprintf(seed, sizeof seed, "%d", 100 + i);
    snprintf(level, sizeof level, "%d", 1 + i % 20);
    const char *keys[] = {"seed", "algorithm", "style", "level", "view", "cell", "rows", "cols"};
    const char *vals[] = {seed, families[i % 6], styles[i % 9], level, view, "18", "31", "41"};
    dg_options o;
    dg_error e = {0};
    cr_assert_eq(dg_options_parse(&o, 8, keys, vals, NULL, &e), DG_OK, "%s", e.msg);
    dg_dungeon *d = NULL;
    cr_assert_eq(dg_generate(&o, &d, &e), DG_OK, "%s", e.msg);
    return d;
}

/* What the key says should be marked. */
static size_t expected(const dg_dungeon *d, mark *out)
{
    const dg_contents *c = d->contents;
    size_t n = 0;
    for (int i = 0; i < c->n_corridor_features; i++)
        out[n++] = (mark){"feature", c->corridor_features[i].cells[0].x, c->corridor_features[i].cells[0].y};
    for (size_t r = 0; r < c->n_rooms; r++) {
        const dg_room_contents *rc = &c->rooms[r];
        for (int t = 0; t < rc->n_traps; t++) out[n++] = (mark){"trap", rc->trap_cells[t].x, rc->trap_cells[t].y};
        if (rc->n_keys) out[n++] = (mark){"key", rc->key_cell.x, rc->key_cell.y};
        if (rc->n_hidden) out[n++] = (mark){"hidden", rc->hidden_cell.x, rc->hidden_cell.y};
        cr_assert_lt(n, MAX_MARKS - 8);
    }
    return n;
}

/* The marks the SVG draws, read back from its text. */
static size_t drawn(const dg_dungeon *d, mark *out)
{
    dg_buf b;
    encode(d, dg_svg_encode, &b);
    size_t n = 0;
    const char *p = (const char *)b.data;
    while ((p = strstr(p, "<text class=\"mark ")) != NULL && n < MAX_MARKS) {
        mark m = {0};
        cr_assert_eq(sscanf(p, "<text class=\"mark %11[a-z]\" data-x=\"%d\" data-y=\"%d\"", m.kind, &m.x, &m.y), 3);
        out[n++] = m;
        p += 10;
    }
    dg_buf_fini(&b);
    return n;
}

static bool same(const mark *a, const mark *b) { return !strcmp(a->kind, b->kind) && a->x == b->x && a->y == b->y; }

Test(marks, every_mark_on_the_square_the_key_names)
{
    static mark want[MAX_MARKS], got[MAX_MARKS];
    int traps = 0, keys = 0, features = 0;
    for (int i = 0; i < 54; i++) {
        dg_dungeon *d = make(i, "gm");
        size_t nw = expected(d, want), ng = drawn(d, got);
        cr_assert_eq(ng, nw, "map %d: %zu marks drawn, the key has %zu", i, ng, nw);
        for (size_t k = 0; k < nw; k++) {
            bool found = false;
            for (size_t j = 0; j < ng && !found; j++) found = same(&want[k], &got[j]);
            cr_assert(found, "map %d: no %s mark at %d,%d", i, want[k].kind, want[k].x, want[k].y);
            traps += !strcmp(want[k].kind, "trap");
            keys += !strcmp(want[k].kind, "key");
            features += !strcmp(want[k].kind, "feature");
            /* a mark stands on floor the party can walk: a room or corridor square */
            uint32_t cell = dg_cell(d, want[k].x, want[k].y);
            cr_assert(cell & (DG_ROOM | DG_CORRIDOR), "map %d: %s mark on rock at %d,%d", i, want[k].kind, want[k].x,
                      want[k].y);
        }
        /* the PNG: trap ink inside every T and ? square */
        img im = encode_img(d);
        const dr__png_style *st = dr__style_get(d->opts.style);
        uint32_t trap = st->rgb[DG_PAL_TRAP];
        int c = d->opts.cell;
        for (size_t k = 0; k < nw; k++) {
            if (strcmp(want[k].kind, "trap") && strcmp(want[k].kind, "hidden")) continue;
            int ink = 0;
            for (int y = want[k].y * c + 1; y < (want[k].y + 1) * c; y++)
                for (int x = want[k].x * c + 1; x < (want[k].x + 1) * c; x++) {
                    const unsigned char *px = im.rgb + 3 * ((size_t)y * (size_t)im.w + (size_t)x);
                    ink += ((uint32_t)px[0] << 16 | (uint32_t)px[1] << 8 | px[2]) == trap;
                }
            cr_assert_gt(ink, 4, "map %d: no trap ink in the %s square %d,%d", i, want[k].kind, want[k].x, want[k].y);
        }
        free(im.rgb);
        dg_dungeon_free(d);

        dg_dungeon *p = make(i, "player");
        cr_assert_eq(drawn(p, got), 0, "map %d: marks in the player view", i);
        dg_dungeon_free(p);
    }
    cr_assert_gt(traps, 20);
    cr_assert_gt(keys, 10);
    cr_assert_gt(features, 30);
}
