/* feature_shapes.c -- what each map feature (stock_features.c) looks like:
 * a glyph of a few boxes and discs in a 32 x 32 box laid over the cell's
 * interior, in the style's wall colour and door fill, so it reads in every
 * style and at any cell size (one unit is half a pixel at 18 px, a pixel
 * at 32). The PNG (feature_glyphs.c) rasterises the same shapes the SVG
 * (svg_features.c) writes out. Water has no glyph: a fill and ripples. */
#include "dg_contents.h"
#include "render_int.h"

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))
enum { INK = 0, FILL = 1 };

/* a column seen from above, a glint on its top */
static const dr__shape pillar[] = {{'C', INK, 16, 16, 11, 0}, {'C', FILL, 12, 12, 3, 0}};
/* a figure on its plinth */
static const dr__shape statue[] = {{'R', INK, 5, 5, 27, 27}, {'R', FILL, 7, 7, 25, 25}, {'C', INK, 16, 16, 7, 0}};
/* a long block with a holy sign on it */
static const dr__shape altar[] = {{'R', INK, 2, 8, 30, 24},  {'R', FILL, 4, 10, 28, 22},
                                  {'R', INK, 14, 11, 18, 21}, {'R', INK, 10, 14, 22, 17}};
/* a coffin-long box and its lid's edge */
static const dr__shape sarcophagus[] = {{'R', INK, 8, 1, 24, 31}, {'R', FILL, 10, 3, 22, 29}, {'R', INK, 10, 9, 22, 11}};
/* fallen stones */
static const dr__shape rubble[] = {{'C', INK, 9, 10, 6, 0},  {'C', INK, 21, 8, 5, 0}, {'C', INK, 15, 21, 6, 0},
                                   {'C', INK, 25, 22, 4, 0}, {'C', INK, 6, 24, 3, 0}};
/* a fire bowl: rim, coals, a flame */
static const dr__shape brazier[] = {{'C', INK, 16, 16, 12, 0}, {'C', FILL, 16, 16, 9, 0}, {'C', INK, 16, 18, 5, 0},
                                    {'C', INK, 16, 11, 3, 0}};
/* a high back, a seat, two arms */
static const dr__shape throne[] = {{'R', INK, 5, 3, 27, 10},  {'R', INK, 5, 10, 27, 28}, {'R', FILL, 9, 10, 23, 25},
                                   {'R', FILL, 7, 5, 25, 8}};
/* bars */
static const dr__shape cage[] = {{'R', INK, 4, 4, 28, 28},   {'R', FILL, 6, 6, 26, 26}, {'R', INK, 10, 6, 12, 26},
                                 {'R', INK, 15, 6, 17, 26}, {'R', INK, 20, 6, 22, 26}};
/* a box, its lid's edge and the lock */
static const dr__shape chest[] = {{'R', INK, 4, 8, 28, 25}, {'R', FILL, 6, 10, 26, 23}, {'R', INK, 6, 14, 26, 16},
                                  {'R', INK, 14, 13, 18, 20}};

const dr__shape *dr__feature_shapes(int kind, int *n)
{
    switch (kind) {
#define CASE(k, a) case k: *n = N(a); return a
        CASE(DG_FEATURE_PILLAR, pillar);
        CASE(DG_FEATURE_STATUE, statue);
        CASE(DG_FEATURE_ALTAR, altar);
        CASE(DG_FEATURE_SARCOPHAGUS, sarcophagus);
        CASE(DG_FEATURE_RUBBLE, rubble);
        CASE(DG_FEATURE_BRAZIER, brazier);
        CASE(DG_FEATURE_THRONE, throne);
        CASE(DG_FEATURE_CAGE, cage);
        CASE(DG_FEATURE_CHEST, chest);
#undef CASE
    default: *n = 0; return NULL;
    }
}

/* Two wave strokes ("~"), each three short bars stepping up and down; four
 * placements, picked by the square, so neighbouring squares differ. */
static const dr__shape ripples[4][6] = {
    {{'R', 0, 4, 9, 8, 11}, {'R', 0, 8, 7, 12, 9}, {'R', 0, 12, 9, 16, 11},
     {'R', 0, 16, 21, 20, 23}, {'R', 0, 20, 19, 24, 21}, {'R', 0, 24, 21, 28, 23}},
    {{'R', 0, 14, 6, 18, 8}, {'R', 0, 18, 4, 22, 6}, {'R', 0, 22, 6, 26, 8},
     {'R', 0, 5, 19, 9, 21}, {'R', 0, 9, 17, 13, 19}, {'R', 0, 13, 19, 17, 21}},
    {{'R', 0, 9, 13, 13, 15}, {'R', 0, 13, 11, 17, 13}, {'R', 0, 17, 13, 21, 15},
     {'R', 0, 18, 25, 22, 27}, {'R', 0, 22, 23, 26, 25}, {'R', 0, 26, 25, 30, 27}},
    {{'R', 0, 3, 4, 7, 6}, {'R', 0, 7, 2, 11, 4}, {'R', 0, 11, 4, 15, 6},
     {'R', 0, 12, 17, 16, 19}, {'R', 0, 16, 15, 20, 17}, {'R', 0, 20, 17, 24, 19}},
};

const dr__shape *dr__water_ripples(int x, int y, int *n)
{
    *n = N(ripples[0]);
    unsigned h = (unsigned)x * 73856093u ^ (unsigned)y * 19349663u;
    return ripples[(h >> 3) & 3u];
}

bool dr__map_has_water(const dg_dungeon *d)
{
    const dg_contents *c = d->contents;
    for (size_t i = 0; c && i < c->n_features; i++)
        if (c->features[i].kind == DG_FEATURE_WATER) return true;
    return false;
}
