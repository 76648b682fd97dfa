/* svg_features.c -- the map's features in the SVG, as the PNG draws them:
 * each kind's glyph (feature_shapes.c) defined once as a 32 x 32 symbol,
 * then one <use class="feature KIND" data-x data-y> on each feature's
 * square; water squares as <rect class="water" data-x data-y> filled with
 * a ripple pattern, inside the room's group under its number. In both views: they are things, not the GM's notes.
 * The data-x/data-y attributes are the key's squares (tests read them). */
#include <stdio.h>
#include <string.h>

#include "dg_contents.h"
#include "svg_int.h"

/* A cave square the outline shapes: its water is rounded, so its rock
 * corners stay rock. */
static bool cave_square(const dr__svg *s, int x, int y)
{
    size_t k = dr__svg_at(s, x, y);
    return s->caves && s->d->cave && s->d->cave[k] && s->cave.free_cells[k];
}

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
    for (size_t i = 0; c && i < c->n_features; i++) {
        const dg_map_feature *f = &c->features[i];
        if (f->kind != DG_FEATURE_WATER || f->room != room || !inside(s, f)) continue;
        dr__svg_put(s, "<rect class=\"water\" data-x=\"%d\" data-y=\"%d\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"%s "
                       "fill=\"url(#water)\"/>",
                    f->at.x, f->at.y, f->at.x * cell + 1, f->at.y * cell + 1, cell - 1, cell - 1,
                    cave_square(s, f->at.x, f->at.y) ? " rx=\"25%\"" : "");
    }
    for (size_t i = 0, n = dr__objects_count(s->d); i < n; i++) {
        dg_map_feature f;
        if (!dr__object(s->d, i, &f) || f.kind == DG_FEATURE_WATER || f.room != room) continue;
        const char *name = dg_feature_name((int)f.kind);
        dr__svg_put(s, "<use class=\"feature %s\" data-x=\"%d\" data-y=\"%d\" xlink:href=\"#ft-%s\" x=\"%d\" y=\"%d\" "
                       "width=\"%d\" height=\"%d\"/>",
                    name, f.at.x, f.at.y, name, f.at.x * cell + 1, f.at.y * cell + 1, cell - 1, cell - 1);
    }
}
