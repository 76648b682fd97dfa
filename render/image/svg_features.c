/* svg_features.c -- the map's features in the SVG, as the PNG draws them:
 * each kind's glyph (feature_shapes.c) defined once as a 32 x 32 symbol,
 * then one <use class="feature KIND" data-x data-y> on each feature's
 * square; water as pools, one <circle class="water" data-x data-y> a
 * square and bars between neighbours, filled with a ripple pattern and
 * clipped to the floor, inside the room's group under its number. In both views: they are things, not the GM's notes.
 * The data-x/data-y attributes are the key's squares (tests read them). */
#include <stdio.h>
#include <string.h>

#include "dg_contents.h"
#include "svg_int.h"

static bool inside(const dr__svg *s, const dg_map_feature *f)
{
    return f->at.x >= 0 && f->at.y >= 0 && f->at.x < s->d->width && f->at.y < s->d->height;
}

static void shape(dr__svg *s, const dr__shape *p, const char *ink, const char *fill)
{
    const char *col = p->ink ? fill : ink;
    if (p->op == 'R')
        dr__svg_put(s, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>", p->a, p->b, p->c - p->a,
                    p->d - p->b, col);
    else
        dr__svg_put(s, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\"/>", p->a, p->b, p->c, col);
}

void dr__svg_feature_defs(dr__svg *s)
{
    const dg_contents *c = s->d->contents;
    bool used[DG_FEATURE_COUNT] = {false}, any = false;
    for (size_t i = 0, n = dr__objects_count(s->d); i < n; i++) {
        dg_map_feature f;
        if (dr__object(s->d, i, &f)) any = used[f.kind] = true;
    }
    if (!c || !any) return;
    char ink[8], fill[8], water[8], ripple[8], a[24], b[24], w[24], h[24];
    dr__svg_hex(ink, s->st->rgb[DG_PAL_WALL]);
    dr__svg_hex(fill, s->st->rgb[DG_PAL_DOOR_FILL]);
    dr__svg_hex(water, s->st->rgb[DG_PAL_WATER]);
    dr__svg_hex(ripple, s->st->rgb[DG_PAL_WATER_INK]);
    int cell = s->c;
    double u = (cell - 1) / 32.0; /* a shape unit in px */
    dr__svg_put(s, "<defs class=\"features\">\n");
    if (used[DG_FEATURE_WATER]) {
        /* the pattern repeats every 2 x 2 squares, as the PNG's ripples
         * vary square by square */
        dr__svg_put(s, "<pattern id=\"water\" patternUnits=\"userSpaceOnUse\" width=\"%d\" height=\"%d\">"
                       "<rect width=\"%d\" height=\"%d\" fill=\"%s\"/>",
                    2 * cell, 2 * cell, 2 * cell, 2 * cell, water);
        for (int q = 0; q < 4; q++) {
            int n;
            const dr__shape *r = dr__water_ripples(q & 1, q >> 1, &n);
            for (int k = 0; k < n; k++)
                dr__svg_put(s, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\"/>",
                            dr__svg_num(a, (q & 1) * cell + 1 + r[k].a * u),
                            dr__svg_num(b, (q >> 1) * cell + 1 + r[k].b * u), dr__svg_num(w, (r[k].c - r[k].a) * u),
                            dr__svg_num(h, (r[k].d - r[k].b) * u), ripple);
        }
        dr__svg_put(s, "</pattern>\n");
        /* pools stay on the floor, as the PNG paints them: its shapes */
        dr__svg_put(s, "<clipPath id=\"wet\"><use xlink:href=\"#f-corridors\"/>");
        if (s->caves) dr__svg_put(s, "<use xlink:href=\"#f-caves\"/>");
        for (size_t i = 0; s->d->rooms && i < s->d->n_rooms; i++)
            if (s->d->rooms[i].kind != DG_ROOM_KIND_CHAMBER)
                dr__svg_put(s, "<use xlink:href=\"#f-room-%d\"/>", s->d->rooms[i].id);
        dr__svg_put(s, "</clipPath>\n");
    }
    for (int kind = 0; kind < DG_FEATURE_COUNT; kind++) {
        int n;
        const dr__shape *p = dr__feature_shapes(kind, &n);
        if (!used[kind] || !n) continue;
        dr__svg_put(s, "<symbol id=\"ft-%s\" viewBox=\"0 0 32 32\">", dg_feature_name(kind));
        for (int k = 0; k < n; k++) shape(s, &p[k], ink, fill);
        dr__svg_put(s, "</symbol>\n");
    }
    dr__svg_put(s, "</defs>\n");
}

void dr__svg_room_features(dr__svg *s, int room)
{
    const dg_contents *c = s->d->contents;
    int cell = s->c;
    /* the pool as feature_glyphs.c's in_pool: a disc of 3/5 cell on each
     * water square, a bar as wide on to each water neighbour right and
     * below, clipped to the floor */
    bool pool = false;
    char a[24], b[24], r[24], bw[24], bh[24];
    dr__svg_num(r, 0.6 * cell);
    for (size_t i = 0; c && i < c->n_features; i++) {
        const dg_map_feature *f = &c->features[i];
        if (f->kind != DG_FEATURE_WATER || f->room != room || !inside(s, f)) continue;
        if (!pool) dr__svg_put(s, "<g class=\"pool\" clip-path=\"url(#wet)\" fill=\"url(#water)\">");
        pool = true;
        int x = f->at.x, y = f->at.y;
        double cx = x * cell + cell / 2.0, cy = y * cell + cell / 2.0;
        dr__svg_put(s, "<circle class=\"water\" data-x=\"%d\" data-y=\"%d\" cx=\"%s\" cy=\"%s\" r=\"%s\"/>", x, y,
                    dr__svg_num(a, cx), dr__svg_num(b, cy), r);
        if (x + 1 < s->d->width && s->wet[dr__svg_at(s, x + 1, y)])
            dr__svg_put(s, "<rect x=\"%s\" y=\"%s\" width=\"%d\" height=\"%s\"/>", dr__svg_num(a, cx),
                        dr__svg_num(b, cy - 0.6 * cell), cell, dr__svg_num(bh, 1.2 * cell));
        if (y + 1 < s->d->height && s->wet[dr__svg_at(s, x, y + 1)])
            dr__svg_put(s, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%d\"/>", dr__svg_num(a, cx - 0.6 * cell),
                        dr__svg_num(b, cy), dr__svg_num(bw, 1.2 * cell), cell);
    }
    if (pool) dr__svg_put(s, "</g>");
    for (size_t i = 0, n = dr__objects_count(s->d); i < n; i++) {
        dg_map_feature f;
        if (!dr__object(s->d, i, &f) || f.kind == DG_FEATURE_WATER || f.room != room) continue;
        const char *name = dg_feature_name((int)f.kind);
        dr__svg_put(s, "<use class=\"feature %s\" data-x=\"%d\" data-y=\"%d\" xlink:href=\"#ft-%s\" x=\"%d\" y=\"%d\" "
                       "width=\"%d\" height=\"%d\"/>",
                    name, f.at.x, f.at.y, name, f.at.x * cell + 1, f.at.y * cell + 1, cell - 1, cell - 1);
    }
}
