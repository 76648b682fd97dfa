/* style.c -- the map styles as data: one colour per palette role, wall
 * weight, rock grid and texture kind. How a texture is drawn is texture.c's
 * business; which names exist is dg.h's (DG_STYLES). */
#include "png_int.h"

/* rle: the zlib mode png_write.c measured cheaper for the style's rock
 * (flecks, veins and cracks: runs; grid, hatching, ripples: matches).
 * Rows are indexed by dg_style, so a style added to DG_STYLES without a row
 * here trips the static assert below instead of rendering garbage. */
static const dr__png_style styles[] = {
    /* donjon's own look: black rock, white floor, grey grid */
    [DG_STYLE_STANDARD] = {
        .name = "standard",
        .help = "donjon's own look: black rock, white floor, grey grid",
        .rgb = {[DG_PAL_ROCK] = 0x000000, [DG_PAL_FLOOR] = 0xFFFFFF,
                [DG_PAL_WALL] = 0x000000, [DG_PAL_GRID] = 0xCCCCCC,
                [DG_PAL_ROCK_GRID] = 0x000000, [DG_PAL_LABEL] = 0x000000,
                [DG_PAL_DOOR] = 0x000000, [DG_PAL_DOOR_FILL] = 0xFFFFFF,
                [DG_PAL_TRAP] = 0xD01010, [DG_PAL_STAIR] = 0x000000,
                [DG_PAL_TEX1] = 0x000000, [DG_PAL_TEX2] = 0x000000,
                [DG_PAL_WATER] = 0xBFD9F2, [DG_PAL_WATER_INK] = 0x4F7FB0},
        .wall_64 = 4, .rock_grid = false, .texture = DG_TEX_NONE},
    /* old module maps: blue rock, white rooms, pale blue grid */
    [DG_STYLE_CLASSIC] = {
        .name = "classic",
        .help = "old module maps: blue rock, white rooms, pale blue grid",
        .rgb = {[DG_PAL_ROCK] = 0x3F72B5, [DG_PAL_FLOOR] = 0xFFFFFF,
                [DG_PAL_WALL] = 0x163C70, [DG_PAL_GRID] = 0xA9C5E8,
                [DG_PAL_ROCK_GRID] = 0x3F72B5, [DG_PAL_LABEL] = 0x163C70,
                [DG_PAL_DOOR] = 0x163C70, [DG_PAL_DOOR_FILL] = 0xFFFFFF,
                [DG_PAL_TRAP] = 0xD0202E, [DG_PAL_STAIR] = 0x163C70,
                [DG_PAL_TEX1] = 0x163C70, [DG_PAL_TEX2] = 0x163C70,
                [DG_PAL_WATER] = 0xC9DDF5, [DG_PAL_WATER_INK] = 0x3F72B5},
        .wall_64 = 5, .rock_grid = false, .texture = DG_TEX_NONE},
    /* pencil on graph paper: the grid runs through the rock as well; the
     * rock a shade darker than the sheet, so rooms stand out from it at
     * 1.6:1 in grey-scale (test_grey; it was 1.27:1) */
    [DG_STYLE_GRAPH] = {
        .name = "graph",
        .help = "pencil on graph paper: the grid runs through the rock as well",
        .rgb = {[DG_PAL_ROCK] = 0xBDCCDF, [DG_PAL_FLOOR] = 0xFFFFFF,
                [DG_PAL_WALL] = 0x26344F, [DG_PAL_GRID] = 0xB4CAE8,
                [DG_PAL_ROCK_GRID] = 0xA3B6CF, [DG_PAL_LABEL] = 0x26344F,
                [DG_PAL_DOOR] = 0x26344F, [DG_PAL_DOOR_FILL] = 0xFFFFFF,
                [DG_PAL_TRAP] = 0xD02020, [DG_PAL_STAIR] = 0x26344F,
                [DG_PAL_TEX1] = 0x26344F, [DG_PAL_TEX2] = 0x26344F,
                [DG_PAL_WATER] = 0xD3E4F6, [DG_PAL_WATER_INK] = 0x6F93C2},
        .wall_64 = 7, .rock_grid = true, .texture = DG_TEX_NONE},
    /* brown ink on old paper, flecked rock */
    [DG_STYLE_PARCHMENT] = {
        .name = "parchment",
        .help = "brown ink on old paper, flecked rock",
        .rgb = {[DG_PAL_ROCK] = 0xC2A06A, [DG_PAL_FLOOR] = 0xF4E7C6,
                [DG_PAL_WALL] = 0x4A3015, [DG_PAL_GRID] = 0xDECBA2,
                [DG_PAL_ROCK_GRID] = 0xC2A06A, [DG_PAL_LABEL] = 0x4A3015,
                [DG_PAL_DOOR] = 0x4A3015, [DG_PAL_DOOR_FILL] = 0xE2C58F,
                [DG_PAL_TRAP] = 0xA3180C, [DG_PAL_STAIR] = 0x4A3015,
                [DG_PAL_TEX1] = 0x8E6A38, [DG_PAL_TEX2] = 0xB08D58,
                [DG_PAL_WATER] = 0xA8C0B0, [DG_PAL_WATER_INK] = 0x4C6F6A},
        .wall_64 = 6, .rock_grid = false, .texture = DG_TEX_SPECKLE, .rle = true},
    /* black pen on white: hatching hugs the walls, far rock stays paper */
    [DG_STYLE_CROSSHATCH] = {
        .name = "crosshatch",
        .help = "black pen on white: hatching hugs the walls, far rock stays paper",
        .rgb = {[DG_PAL_ROCK] = 0xFFFFFF, [DG_PAL_FLOOR] = 0xFFFFFF,
                [DG_PAL_WALL] = 0x000000, [DG_PAL_GRID] = 0xBFCCDA,
                [DG_PAL_ROCK_GRID] = 0xFFFFFF, [DG_PAL_LABEL] = 0x000000,
                [DG_PAL_DOOR] = 0x000000, [DG_PAL_DOOR_FILL] = 0xFFFFFF,
                [DG_PAL_TRAP] = 0xC81414, [DG_PAL_STAIR] = 0x000000,
                [DG_PAL_TEX1] = 0x1A1A1A, [DG_PAL_TEX2] = 0x9A9A9A,
                [DG_PAL_WATER] = 0xE1ECF4, [DG_PAL_WATER_INK] = 0x1A1A1A},
        .wall_64 = 8, .rock_grid = false, .texture = DG_TEX_HATCH},
    /* dark veined stone cut into pale marble halls, wooden doors: the
     * rock one solid mass (no joints), so it never reads as floor */
    [DG_STYLE_MARBLE] = {
        .name = "marble",
        .help = "pale marble halls cut into dark veined stone, wooden doors",
        .rgb = {[DG_PAL_ROCK] = 0x4E4B47, [DG_PAL_FLOOR] = 0xEEEBE4,
                [DG_PAL_WALL] = 0x2A2A2A, [DG_PAL_GRID] = 0xD5D0C6,
                [DG_PAL_ROCK_GRID] = 0x4E4B47, [DG_PAL_LABEL] = 0x2A2A2A,
                [DG_PAL_DOOR] = 0x2A2A2A, [DG_PAL_DOOR_FILL] = 0xC49A64,
                [DG_PAL_TRAP] = 0xB81C1C, [DG_PAL_STAIR] = 0x2A2A2A,
                [DG_PAL_TEX1] = 0x43403D, [DG_PAL_TEX2] = 0x7D7871,
                [DG_PAL_WATER] = 0x9FC3D1, [DG_PAL_WATER_INK] = 0x3E6E82},
        .wall_64 = 6, .rock_grid = false, .texture = DG_TEX_STONE, .rle = true},
    /* deep water around sandy halls, coral marks */
    [DG_STYLE_AQUATIC] = {
        .name = "aquatic",
        .help = "deep water around sandy halls, coral marks",
        .rgb = {[DG_PAL_ROCK] = 0x1D4E6B, [DG_PAL_FLOOR] = 0xE1F4EF,
                [DG_PAL_WALL] = 0x0A2638, [DG_PAL_GRID] = 0xB3DDD8,
                [DG_PAL_ROCK_GRID] = 0x1D4E6B, [DG_PAL_LABEL] = 0x0A2638,
                [DG_PAL_DOOR] = 0x0A2638, [DG_PAL_DOOR_FILL] = 0x8CCFC4,
                [DG_PAL_TRAP] = 0xC0301A, [DG_PAL_STAIR] = 0x0A2638,
                [DG_PAL_TEX1] = 0x4A86A6, [DG_PAL_TEX2] = 0x2F6485,
                [DG_PAL_WATER] = 0x7CC3D6, [DG_PAL_WATER_INK] = 0x1D4E6B},
        .wall_64 = 6, .rock_grid = false, .texture = DG_TEX_WAVES},
    /* scorched floor in black-red rock shot with glowing cracks */
    [DG_STYLE_INFERNAL] = {
        .name = "infernal",
        .help = "scorched floor in black-red rock shot with glowing cracks",
        .rgb = {[DG_PAL_ROCK] = 0x2A0805, [DG_PAL_FLOOR] = 0xE6C49C,
                [DG_PAL_WALL] = 0x120201, [DG_PAL_GRID] = 0xCDA47A,
                [DG_PAL_ROCK_GRID] = 0x2A0805, [DG_PAL_LABEL] = 0x5E0E07,
                [DG_PAL_DOOR] = 0x120201, [DG_PAL_DOOR_FILL] = 0x9A3A1C,
                [DG_PAL_TRAP] = 0x9E1B00, [DG_PAL_STAIR] = 0x120201,
                [DG_PAL_TEX1] = 0xD8461A, [DG_PAL_TEX2] = 0x6E1A0C,
                [DG_PAL_WATER] = 0x7FA3AD, [DG_PAL_WATER_INK] = 0x2B4753},
        .wall_64 = 6, .rock_grid = false, .texture = DG_TEX_EMBERS, .rle = true},
    /* for the printer: white rock and floor, black walls and glyphs, a
     * light grid; nothing is filled that a line can say */
    [DG_STYLE_INK] = {
        .name = "ink",
        .help = "for the printer: white rock and floor, black walls, a light grid",
        .rgb = {[DG_PAL_ROCK] = 0xFFFFFF, [DG_PAL_FLOOR] = 0xFFFFFF,
                [DG_PAL_WALL] = 0x000000, [DG_PAL_GRID] = 0xD0D0D0,
                [DG_PAL_ROCK_GRID] = 0xFFFFFF, [DG_PAL_LABEL] = 0x000000,
                [DG_PAL_DOOR] = 0x000000, [DG_PAL_DOOR_FILL] = 0xFFFFFF,
                [DG_PAL_TRAP] = 0xB01010, [DG_PAL_STAIR] = 0x000000,
                [DG_PAL_TEX1] = 0x000000, [DG_PAL_TEX2] = 0x000000,
                [DG_PAL_WATER] = 0xF0F0F0, [DG_PAL_WATER_INK] = 0x000000},
        /* walls the weight of a pen line: with nothing filled, they are
         * what shows the rooms on paper */
        .wall_64 = 8, .rock_grid = false, .texture = DG_TEX_NONE},
    /* ink on paper by hand: PNG, SVG and PDF are sketch.c's anti-aliased
     * drawing (cairo); this palette row is for the images a VTT file
     * embeds pixel for square (uvtt, Foundry), drawn by png.c: paper,
     * ink walls, the hatch band */
    [DG_STYLE_SKETCH] = {
        .name = "sketch",
        .help = "a hand-drawn handout: ink on paper, wobbly walls, hatching along them, title, compass and scale",
        .rgb = {[DG_PAL_ROCK] = 0xF4EFE3, [DG_PAL_FLOOR] = 0xFFFFFF,
                [DG_PAL_WALL] = 0x1E1A16, [DG_PAL_GRID] = 0xD2CBBE,
                [DG_PAL_ROCK_GRID] = 0xF4EFE3, [DG_PAL_LABEL] = 0x1E1A16,
                [DG_PAL_DOOR] = 0x1E1A16, [DG_PAL_DOOR_FILL] = 0xFFFFFF,
                [DG_PAL_TRAP] = 0x9E1B12, [DG_PAL_STAIR] = 0x1E1A16,
                [DG_PAL_TEX1] = 0x3A352E, [DG_PAL_TEX2] = 0x8A8478,
                [DG_PAL_WATER] = 0xCFDDE0, [DG_PAL_WATER_INK] = 0x4F6E78},
        .wall_64 = 9, .rock_grid = false, .texture = DG_TEX_HATCH},
};
_Static_assert(DG_COUNT(styles) == DG_STYLE_COUNT,
               "every DG_STYLES name needs a row in style.c");

const dr__png_style *dr__style_get(dg_style s)
{
    if ((int)s < 0 || s >= DG_STYLE_COUNT) s = DG_STYLE_STANDARD;
    return &styles[s];
}

const char *dg_style_help(dg_style s)
{
    return (unsigned)s < DG_STYLE_COUNT ? styles[s].help : "";
}
