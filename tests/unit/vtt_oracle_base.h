/* vtt_oracle_base.h -- what the VTT oracles (vtt_oracle.h, the lights'
 * vtt_light_oracle.h, the caves' vtt_cave_oracle.h) read everything by:
 * segments in half cells, a coordinate of a document in 1/den cells, the
 * dungeon a query makes, whether a cell is walkable (for the players: not
 * behind a secret door), and a document's keys. */
#ifndef VTT_ORACLE_BASE_H
#define VTT_ORACLE_BASE_H

#include <criterion/criterion.h>
#include <jansson.h>
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "encode_fixture.h"
#include "query_fixture.h"
#include "render.h"

/* ------------------------------------------------------------- helpers */

typedef struct { int x0, y0, x1, y1; } seg; /* half-cell units, x0 <= x1, y0 <= y1 */

static int cmp_seg(const void *a, const void *b)
{
    const seg *s = a, *t = b;
    if (s->y0 != t->y0) return s->y0 - t->y0;
    if (s->x0 != t->x0) return s->x0 - t->x0;
    if (s->y1 != t->y1) return s->y1 - t->y1;
    return s->x1 - t->x1;
}

/* The end with the smaller x (then y) first: for axis-aligned segments
 * x0 <= x1 and y0 <= y1, and a diagonal keeps its direction. */
static seg norm(int x0, int y0, int x1, int y1)
{
    bool swap = x0 > x1 || (x0 == x1 && y0 > y1);
    seg s = {swap ? x1 : x0, swap ? y1 : y0, swap ? x0 : x1, swap ? y0 : y1};
    return s;
}

/* A coordinate in grid units, as a whole number of 1/den cells. */
static int coord(json_t *v, int den)
{
    cr_assert(json_is_number(v), "coordinate is not a number");
    double t = json_number_value(v) * den;
    cr_assert(t == floor(t) && t >= 0, "coordinate %g is not on the 1/%d-cell lattice", t / den, den);
    return (int)t;
}

/* A coordinate in grid units, as a whole number of half cells. */
static int half(json_t *v) { return coord(v, 2); }

/* New (dg_dungeon_free): the dungeon of a query; NULL where the parser or
 * the generator refuses it (some tests ask for refusals). */
static dg_dungeon *make(const char *query)
{
    dg_options o;
    dg_error err;
    if (parse_query(&o, query, NULL, &err) != DG_OK) return NULL;
    dg_dungeon *d = NULL;
    if (dg_generate(&o, &d, &err) != DG_OK) return NULL;
    return d;
}

/* Whether the map has water, and then that `water` lists exactly its
 * water squares ([x, y] each, in the model's order). */
static bool vo_water_listed(const dg_dungeon *d, json_t *water)
{
    const dg_contents *c = d->contents;
    size_t n = 0;
    for (size_t i = 0; c && i < c->n_features; i++) {
        if (c->features[i].kind != DG_FEATURE_WATER) continue;
        json_t *p = json_array_get(water, n++);
        cr_assert_eq(json_integer_value(json_array_get(p, 0)), c->features[i].at.x);
        cr_assert_eq(json_integer_value(json_array_get(p, 1)), c->features[i].at.y);
    }
    cr_assert_eq(json_array_size(water), n, "water lists %zu squares, the map has %zu", json_array_size(water), n);
    return n > 0;
}

static void keys_are(json_t *o, const char *const *want, size_t n)
{
    size_t i = 0;
    for (void *it = json_object_iter(o); it; it = json_object_iter_next(o, it), i++) {
        cr_assert_lt(i, n, "extra key %s", json_object_iter_key(it));
        cr_assert_str_eq(json_object_iter_key(it), want[i]);
    }
    cr_assert_eq(i, n);
}

static bool walkable(const dg_dungeon *d, bool player, int x, int y)
{
    uint32_t c = dg_cell(d, x, y);
    return dg_cell_open(c) && !(player && (c & DG_SECRET));
}

#endif
