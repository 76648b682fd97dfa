/* vtt_water.c -- the map's water squares for the VTT exports, which have
 * no terrain of their own: Universal VTT has no field for it, and the
 * Foundry scene this project writes targets v10-v11, before Regions. So
 * both carry the squares as data an importer or a macro can read (uvtt a
 * top-level "water", Foundry the scene's flags.dungeond.water): [x, y] grid
 * squares, column and row, the key's numbering; each is difficult terrain
 * (a pool or flooded floor, still walkable). The images show the water. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#include "dg_contents.h"
#include "render_int.h"

json_t *dr__vtt_water(const dg_dungeon *d)
{
    const dg_contents *c = d->contents;
    if (!dr__map_has_water(d)) return NULL;
    json_t *a = json_array();
    for (size_t i = 0; a && i < c->n_features; i++) {
        const dg_map_feature *f = &c->features[i];
        if (f->kind != DG_FEATURE_WATER) continue;
        if (json_array_append_new(a, json_pack("[i,i]", f->at.x, f->at.y))) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

/* ------------------------------------------------ Foundry's drawings */

/* What a GM sees of the water in Foundry v10-v11, which has no terrain
 * documents (Regions came in v12): Drawing documents over the water
 * squares, filled a translucent blue, each room's water merged into
 * rectangles -- runs along each row, stacked where the next row's run has
 * the same ends -- so a pool is a few drawings, not one a square. The
 * largest rectangle of each room's water says "Flooded: difficult
 * terrain". Every water square lies under exactly one drawing and no other
 * square under any (test_features). Locked, so a drag meant for a token
 * does not move the water off its squares; not hidden: the players' image
 * shows the water too. No author: Foundry gives the importing user. */

#define WATER_FILL "#2f7fd0"
#define WATER_TEXT "Flooded: difficult terrain"

typedef struct {
    int room, x0, x1, y0, y1; /* squares, inclusive */
} wet_rect;

static int by_room_row(const void *a, const void *b)
{
    const dg_map_feature *p = *(const dg_map_feature *const *)a, *q = *(const dg_map_feature *const *)b;
    if (p->room != q->room) return p->room < q->room ? -1 : 1;
    if (p->at.y != q->at.y) return p->at.y < q->at.y ? -1 : 1;
    return (p->at.x > q->at.x) - (p->at.x < q->at.x);
}

/* d's water as rectangles, in (room, top row, left column) order of their
 * first run; *n of them. NULL with *n 0 on no water or no memory. */
static wet_rect *water_rects(const dg_dungeon *d, size_t *n)
{
    const dg_contents *c = d->contents;
    *n = 0;
    size_t wet = 0;
    for (size_t i = 0; c && i < c->n_features; i++) wet += c->features[i].kind == DG_FEATURE_WATER;
    if (!wet) return NULL;
    const dg_map_feature **f = dg__malloc(wet * sizeof *f);
    wet_rect *r = dg__malloc(wet * sizeof *r);
    size_t *prev = dg__malloc(wet * sizeof *prev), *cur = dg__malloc(wet * sizeof *cur);
    if (!f || !r || !prev || !cur) {
        dg__free(r);
        r = NULL;
        goto done;
    }
    size_t k = 0;
    for (size_t i = 0; i < c->n_features; i++)
        if (c->features[i].kind == DG_FEATURE_WATER) f[k++] = &c->features[i];
    qsort(f, wet, sizeof *f, by_room_row);
    /* prev: the rectangles that reached the row above, left to right;
     * a run with the same room and ends as one of them extends it */
    size_t np = 0, nc = 0, p = 0;
    int room = -1, row = -1;
    for (size_t i = 0; i < wet;) {
        size_t j = i + 1;
        /* a repeated square (never made, but cheap to survive) stays in its run */
        while (j < wet && f[j]->room == f[i]->room && f[j]->at.y == f[i]->at.y && f[j]->at.x - f[j - 1]->at.x <= 1)
            j++;
        int y = f[i]->at.y, x0 = f[i]->at.x, x1 = f[j - 1]->at.x;
        if (f[i]->room != room || y != row) { /* a new row: the last one's rectangles are the ones above */
            bool next_row = f[i]->room == room && y == row + 1;
            size_t *t = prev;
            prev = cur;
            cur = t;
            np = next_row ? nc : 0;
            nc = 0;
            p = 0;
            room = f[i]->room;
            row = y;
        }
        while (p < np && r[prev[p]].x0 < x0) p++;
        if (p < np && r[prev[p]].x0 == x0 && r[prev[p]].x1 == x1) {
            r[prev[p]].y1 = y;
            cur[nc++] = prev[p++];
        } else {
            r[*n] = (wet_rect){room, x0, x1, y, y};
            cur[nc++] = (*n)++;
        }
        i = j;
    }
done:
    dg__free(f);
    dg__free(prev);
    dg__free(cur);
    return r;
}

static long area(const wet_rect *r) { return (long)(r->x1 - r->x0 + 1) * (r->y1 - r->y0 + 1); }

json_t *dr__vtt_water_drawings(const dg_dungeon *d, int ppg)
{
    size_t n;
    wet_rect *r = water_rects(d, &n);
    json_t *a = r ? json_array() : NULL;
    int font = ppg * 2 / 5 > 16 ? ppg * 2 / 5 : 16;
    size_t says = 0; /* the largest rectangle of this room's water (the first of equals) */
    for (size_t i = 0; a && i < n; i++) {
        if (i == 0 || r[i].room != r[i - 1].room) {
            says = i;
            for (size_t k = i + 1; k < n && r[k].room == r[i].room; k++)
                if (area(&r[k]) > area(&r[says])) says = k;
        }
        char id[32]; /* 16 characters, Foundry's id length: fewer than 10^10 drawings */
        snprintf(id, sizeof id, "dgDraw%010zu", (i + 1) % 10000000000u);
        json_t *o = json_pack("{s:s,s:{s:s,s:I,s:I,s:n,s:[]},s:I,s:I,s:i,s:i,s:i,s:i,s:s,s:f,s:i,s:s,s:f,s:n,"
                              "s:s,s:s,s:i,s:s,s:i,s:b,s:b,s:{}}",
                              "_id", id, "shape", "type", "r", "width", (json_int_t)(r[i].x1 - r[i].x0 + 1) * ppg,
                              "height", (json_int_t)(r[i].y1 - r[i].y0 + 1) * ppg, "radius", "points", "x",
                              (json_int_t)r[i].x0 * ppg, "y", (json_int_t)r[i].y0 * ppg, "z", 0, "rotation", 0,
                              "bezierFactor", 0, "fillType", 1, "fillColor", WATER_FILL, "fillAlpha", 0.35,
                              "strokeWidth", 0, "strokeColor", WATER_FILL, "strokeAlpha", 0.8, "texture", "text",
                              says == i ? WATER_TEXT : "", "fontFamily", "Signika", "fontSize", font, "textColor",
                              "#ffffff", "textAlpha", 1, "hidden", 0, "locked", 1, "flags");
        if (!o || json_array_append_new(a, o)) {
            json_decref(a);
            a = NULL;
        }
    }
    dg__free(r);
    return a;
}
