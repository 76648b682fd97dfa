/* svg_glyphs.c -- the SVG's doors and stairs: one <symbol> per glyph the
 * map uses, drawn in a cell's own frame, then a <use> per door or stair,
 * turned with its wall or corridor. The designs follow glyphs.c (the
 * PNG's); the document around them is svg.c's. */
#include <stdio.h>
#include <string.h>

#include "svg_int.h"

/* -------------------------------------------------------------- glyphs */

/* Which symbols the map uses, so only those are defined. */
enum { G_ARCH, G_DOOR, G_LOCKED, G_TRAPPED, G_SECRET, G_PORTC, G_UP, G_DOWN, G_SECRET_S, G_COUNT };
static const char *const glyph_id[G_COUNT] = {"arch",     "door",       "locked",     "trapped", "secret",
                                              "portcullis", "stair-up", "stair-down", "secret-s"};

static int door_glyph(const dr__svg *s, uint32_t bits)
{
    if (bits & DG_SECRET) return G_SECRET;
    if (bits & DG_ARCH) return G_ARCH;
    if (bits & DG_PORTC) return G_PORTC;
    if (bits & DG_LOCKED) return G_LOCKED;
    if ((bits & DG_TRAPPED) && !s->cv.player) return G_TRAPPED;
    return G_DOOR;
}

static void rect(dr__svg *s, double x, double y, double w, double h, const char *fill)
{
    char a[24], b[24], cw[24], ch[24];
    dr__svg_put(s, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\"/>", dr__svg_num(a, x), dr__svg_num(b, y),
        dr__svg_num(cw, w), dr__svg_num(ch, h), fill);
}

/* A glyph in its own frame: one cell from (0, 0) to (c, c), u = x along
 * the wall a door sits in, v = y along the passage; a stair's dead end at
 * the top, its corridor below. Jambs of arches and doors are drawn per
 * side (a use of "jamb-w"/"jamb-e" beside the glyph) only where the wall
 * goes on, so two doorways side by side leave no pillar between them. */
static void symbol(dr__svg *s, int g)
{
    const uint32_t *rgb = s->st->rgb;
    double c = s->c, m = c / 2;
    char wall[8], door[8], fill[8], trap[8], stair[8], floor[8], a[24], b[24], cc[24], dd[24];
    dr__svg_hex(wall, rgb[DG_PAL_WALL]);
    dr__svg_hex(door, rgb[DG_PAL_DOOR]);
    dr__svg_hex(fill, rgb[DG_PAL_DOOR_FILL]);
    dr__svg_hex(trap, rgb[DG_PAL_TRAP]);
    dr__svg_hex(stair, rgb[DG_PAL_STAIR]);
    dr__svg_hex(floor, rgb[DG_PAL_FLOOR]);
    double a4 = c / 4, hl = c / 9 > 1 ? c / 9 : 1, o = c >= 36 ? 2 : 1;
    dr__svg_put(s, "<symbol id=\"%s\" overflow=\"visible\">", glyph_id[g]);
    switch (g) {
    case G_ARCH: /* nothing but the opening: the jambs say it */
        break;
    case G_SECRET: /* the wall goes on across the doorway; in the mark's
                    * colour when no S fits in the cell (as glyphs.c) */
        rect(s, 0, m - s->wall, c, 2 * s->wall, c < 10 ? trap : wall);
        break;
    case G_SECRET_S: { /* upright whichever way the wall runs */
        double fs = c * 0.7;
        dr__svg_put(s, "<text x=\"%s\" y=\"%s\" font-family=\"sans-serif\" font-weight=\"bold\" font-size=\"%s\" "
               "text-anchor=\"middle\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\" paint-order=\"stroke\">S</text>",
            dr__svg_num(a, m), dr__svg_num(b, m + fs * 0.36), dr__svg_num(cc, fs), trap, floor, dr__svg_num(dd, c / 9 > 1 ? c / 9 : 1));
        break;
    }
    case G_PORTC: {
        double q = c / 8 > 1 ? c / 8 : 1;
        rect(s, a4, m - o / 2, c - 2 * a4, o, door);
        for (double u = a4 + q / 2; u + q <= c - a4 + 0.01; u += 2 * q) rect(s, u, m - q, q, 2 * q, door);
        break;
    }
    case G_DOOR: case G_LOCKED: case G_TRAPPED:
        dr__svg_put(s, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"/>",
            dr__svg_num(a, a4 + o / 2), dr__svg_num(b, m - hl + o / 2), dr__svg_num(cc, c - 2 * a4 - o), dr__svg_num(dd, 2 * hl - o), fill,
            door, dr__svg_num(wall, o) /* the wall colour is not needed below */);
        if (g == G_LOCKED) {
            double k = c / 9 > 1 ? c / 9 : 1;
            rect(s, m - k, m - hl - k, 2 * k, 2 * hl + 2 * k, door);
        } else if (g == G_TRAPPED) {
            double sp = c / 3, k = c / 12 > 1 ? c / 12 : 1;
            rect(s, m - k / 2, m - sp, k, 2 * sp, trap);
            rect(s, m - 2.5 * k, m - sp, 5 * k, k, trap);
            rect(s, m - 2.5 * k, m + sp - k, 5 * k, k, trap);
        }
        break;
    case G_UP: case G_DOWN: {
        double half = c / 2 - (c + 3) / 6.0, step = c >= 12 ? c / 6 : 2, k = c >= 36 ? 2 : 1;
        double first = 1 + (c >= 12), last = c - 1 - (c >= 12);
        for (double v = first; v + k <= last + 1; v += step) {
            double l = half;
            if (g == G_DOWN) l = 1 + (half - 1) * (v - first) / (last - first);
            rect(s, m - l, v, 2 * l, k, stair);
        }
        if (g == G_UP) {
            rect(s, m - half, first, k, last - first + 1, stair);
            rect(s, m + half - k, first, k, last - first + 1, stair);
        }
        break;
    }
    }
    dr__svg_put(s, "</symbol>\n");
}

/* The jamb west (u = 0) of a doorway: a stub of wall a quarter cell long,
 * as thick as the wall, across the middle of the cell. */
static void jamb_symbol(dr__svg *s)
{
    char wall[8];
    dr__svg_hex(wall, s->st->rgb[DG_PAL_WALL]);
    double c = s->c, hj = s->wall > 1 ? s->wall : 1;
    dr__svg_put(s, "<symbol id=\"jamb\" overflow=\"visible\">");
    rect(s, 0, c / 2 - hj, c / 4, 2 * hj, wall);
    dr__svg_put(s, "</symbol>\n");
}

static void use_at(dr__svg *s, const char *id, int x, int y, int deg)
{
    int c = s->c;
    if (deg == 0) {
        dr__svg_put(s, "<use xlink:href=\"#%s\" x=\"%d\" y=\"%d\"/>", id, x * c, y * c);
        return;
    }
    char a[24], b[24];
    dr__svg_put(s, "<use xlink:href=\"#%s\" x=\"%d\" y=\"%d\" transform=\"rotate(%d %s %s)\"/>", id, x * c, y * c, deg,
        dr__svg_num(a, x * c + c / 2.0), dr__svg_num(b, y * c + c / 2.0));
}

void dr__svg_glyphs(dr__svg *s)
{
    const dg_dungeon *d = s->d;
    bool used[G_COUNT] = {false}, jambs = false;
    for (size_t k = 0; k < (size_t)d->width * (size_t)d->height; k++) {
        uint32_t w = d->cells[k];
        if (!s->open[k]) continue;
        if (w & DG_DOORSPACE) {
            used[door_glyph(s, w)] = true;
            used[G_SECRET_S] = used[G_SECRET_S] || ((w & DG_SECRET) && s->c >= 10);
            jambs = jambs || !(w & DG_SECRET);
        }
        if (w & DG_STAIRS) used[(w & DG_STAIR_DN) ? G_DOWN : G_UP] = true;
    }
    dr__svg_put(s, "<defs>\n");
    for (int g = 0; g < G_COUNT; g++)
        if (used[g]) symbol(s, g);
    if (jambs) jamb_symbol(s);
    dr__svg_put(s, "</defs>\n<g class=\"doors\">");
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++) {
            uint32_t w = d->cells[dr__svg_at(s, x, y)];
            if (!s->open[dr__svg_at(s, x, y)]) continue;
            if (w & DG_DOORSPACE) {
                int g = door_glyph(s, w);
                bool ew = dr__door_runs_ew(&s->cv, x, y);
                if (g != G_ARCH) use_at(s, glyph_id[g], x, y, ew ? 90 : 0);
                if (g == G_SECRET) {
                    if (s->c >= 10) use_at(s, glyph_id[G_SECRET_S], x, y, 0);
                    continue;
                }
                /* the jambs: on each side where the wall goes on */
                int ax = ew ? 0 : 1, ay = ew ? 1 : 0;
                if (!dr__canvas_open(&s->cv, x - ax, y - ay)) use_at(s, "jamb", x, y, ew ? 90 : 0);
                if (!dr__canvas_open(&s->cv, x + ax, y + ay)) use_at(s, "jamb", x, y, ew ? 270 : 180);
            }
        }
    dr__svg_put(s, "</g>\n<g class=\"stairs\">");
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++) {
            uint32_t w = d->cells[dr__svg_at(s, x, y)];
            if (!(w & DG_STAIRS) || !s->open[dr__svg_at(s, x, y)]) continue;
            static const int turn[4] = {180, 0, 90, 270}; /* north, south, west, east */
            use_at(s, glyph_id[(w & DG_STAIR_DN) ? G_DOWN : G_UP], x, y, turn[dr__stair_dir(&s->cv, x, y)]);
        }
    dr__svg_put(s, "</g>\n");
}
