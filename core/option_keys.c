/* option_keys.c -- the option vocabulary: one row per key (dg_option_def in
 * dg.h), in the order help texts list them. The parser (options.c), the
 * canonical string (canonical.c), the refusals (options_finish.c), the
 * errors, GET /options, the form and --help all read these rows; nothing
 * else lists a key, its values, its range, its default or its families.
 * Value names themselves are the X-macro lists in dg.h (option_names.c). */
#include <inttypes.h>
#include <stdio.h>

#include "options_int.h"

#define FIELD(f) offsetof(dg_options, f)
#define NAMES(a) .names = a, .n_names = DG_COUNT(a)
#define ONLY(a) ALGO(a)
#define EVERY_BUT(a) (~(unsigned)(a) & ((1u << DG_ALGO_COUNT) - 1))

/* "bent" is donjon's own word for errant corridors; read on input, printed
 * back as "errant" so both spellings share one canonical string. */
static const char *const corridor_aliases[] = {"bent"};
static const int corridor_alias_values[] = {DG_CORR_ERRANT};

/* Number-or-name options. "many" stairs is 4: twice donjon's usual pair. */
static const char *const deadend_names[] = {"none", "some", "all"};
static const int deadend_amounts[] = {0, 50, 100};
static const char *const stair_names[] = {"no", "yes", "many"};
static const int stair_amounts[] = {0, 2, 4};

_Static_assert(sizeof(dg_layout) == sizeof(int) && sizeof(dg_motif) == sizeof(int) &&
                   sizeof(dg_cell_ft) == sizeof(int) && sizeof(dg_image) == sizeof(int) && sizeof(dg_paper) == sizeof(int) &&
                   sizeof(dg_danger) == sizeof(int) && sizeof(dg_rules) == sizeof(int) &&
                   sizeof(dg_loops) == sizeof(int) && sizeof(dg_foundry) == sizeof(int),
               "NAME rows set their enum fields through an int");

/* Designated by key id, so a row lands on its key whatever the order here;
 * test_options checks that no id is left without a row. */
const dg_option_def dg__keys[K_COUNT] = {
    [K_SEED] = {.name = "seed", .kind = DG_KIND_SEED, .hi = SEED_TEXT_MAX, .def_note = "random",
                .field = FIELD(seed), .canonical = true,
                .help = "the map's seed: an integer 0..2^64-1, or any text (hashed); absent, a random one is echoed back"},
    [K_ALGORITHM] = {.name = "algorithm", .kind = DG_KIND_NAME, NAMES(dg__algorithm_names),
                     .def = DG_ALGO_DONJON, .field = FIELD(algorithm), .canonical = true,
                     .help = "the generator family"},
    [K_SIZE] = {.name = "size", .kind = DG_KIND_NAME, NAMES(dg__size_names), .def = SIZE_DEFAULT,
                .field = FIELD(size),
                .help = "map size on donjon's scale (rows; columns follow from the layout)"},
    [K_ROWS] = {.name = "rows", .kind = DG_KIND_INT, .lo = DG_MIN_DIM, .limit = DG_LIMIT_DIM,
                .odd = true, .range_code = DG_ELIMIT, .def_note = "from size", .field = FIELD(rows),
                .raw_field = FIELD(raw_rows), .canonical = true,
                .help = "map height in cells, odd (even rounds up); beats size"},
    [K_COLS] = {.name = "cols", .kind = DG_KIND_INT, .lo = DG_MIN_DIM, .limit = DG_LIMIT_DIM,
                .odd = true, .range_code = DG_ELIMIT, .def_note = "from size", .field = FIELD(cols),
                .raw_field = FIELD(raw_cols), .canonical = true,
                .help = "map width in cells, odd (even rounds up); beats size"},
    [K_LAYOUT] = {.name = "layout", .kind = DG_KIND_NAME, NAMES(dg__layout_names),
                  .def = DG_LAYOUT_RECTANGLE, .field = FIELD(layout), .families = ONLY(DG_ALGO_DONJON),
                  .canonical = true, .help = "the map's outline (cavernous: caves around the rooms)"},
    [K_ROOMS] = {.name = "rooms", .kind = DG_KIND_NAME, NAMES(dg__room_layout_names),
                 .def = DG_ROOMS_SCATTERED, .field = FIELD(rooms), .families = ONLY(DG_ALGO_DONJON),
                 .canonical = true, .help = "how rooms are placed"},
    [K_ROOM_SIZE] = {.name = "room_size", .kind = DG_KIND_NAME, NAMES(dg__room_size_names),
                     .def = ROOM_SIZE_DEFAULT, .field = FIELD(room_size),
                     .families = ONLY(DG_ALGO_DONJON), .help = "room size preset"},
    [K_ROOM_MIN] = {.name = "room_min", .kind = DG_KIND_INT, .lo = ROOM_DIM_MIN, .hi = ROOM_DIM_MAX,
                    .odd = true, .def_note = "from room_size", .field = FIELD(room_min),
                    .raw_field = FIELD(raw_room_min), .families = ONLY(DG_ALGO_DONJON),
                    .canonical = true, .help = "smallest room side in cells, odd; beats room_size"},
    [K_ROOM_MAX] = {.name = "room_max", .kind = DG_KIND_INT, .lo = ROOM_DIM_MIN, .hi = ROOM_DIM_MAX,
                    .odd = true, .def_note = "from room_size", .field = FIELD(room_max),
                    .raw_field = FIELD(raw_room_max), .families = ONLY(DG_ALGO_DONJON),
                    .canonical = true, .help = "largest room side in cells, odd; beats room_size"},
    [K_POLYMORPH] = {.name = "polymorph", .kind = DG_KIND_NAME, NAMES(dg__polymorph_names),
                     .def = DG_POLY_NO, .field = FIELD(polymorph), .families = ONLY(DG_ALGO_DONJON),
                     .canonical = true, .help = "circle and 4-8-sided rooms"},
    /* caverns have no rooms, so no doors */
    [K_DOORS] = {.name = "doors", .kind = DG_KIND_NAME, NAMES(dg__door_set_names),
                 .def = DG_DOORS_STANDARD, .field = FIELD(doors),
                 .families = EVERY_BUT(ONLY(DG_ALGO_CAVERNS)), .canonical = true,
                 .help = "the mix of door kinds"},
    [K_CORRIDORS] = {.name = "corridors", .kind = DG_KIND_NAME, NAMES(dg__corridor_names),
                     .aliases = corridor_aliases, .alias_values = corridor_alias_values,
                     .n_aliases = DG_COUNT(corridor_aliases), .def = DG_CORR_ERRANT,
                     .field = FIELD(corridors), .families = ONLY(DG_ALGO_DONJON), .canonical = true,
                     .help = "how corridors wind (bent is errant)"},
    /* panels always prunes every dead end, and gridmapper's corridors each
     * join two rooms, so never end: the key has nothing to say there */
    [K_DEADENDS] = {.name = "deadends", .kind = DG_KIND_AMOUNT, NAMES(deadend_names),
                    .amounts = deadend_amounts, .hi = 100, .def = DEADENDS_DEFAULT,
                    .field = FIELD(deadends),
                    .families = EVERY_BUT(ONLY(DG_ALGO_PANELS) | ONLY(DG_ALGO_GRIDMAPPER)),
                    .canonical = true, .help = "percent of dead ends removed"},
    [K_STAIRS] = {.name = "stairs", .kind = DG_KIND_AMOUNT, NAMES(stair_names),
                  .amounts = stair_amounts, .hi = STAIRS_MAX, .def = STAIRS_DEFAULT,
                  .field = FIELD(stairs), .canonical = true, .help = "how many stairs"},
    [K_EGRESS] = {.name = "egress", .kind = DG_KIND_NAME, NAMES(dg__egress_names),
                  .def = DG_EGRESS_NO, .field = FIELD(egress), .canonical = true,
                  .help = "exits through the map's edge (tiling: lined up for neighbouring maps)"},
    /* left out of the canonical string at 1, so single-floor permalinks
     * stay as they were before floors existed */
    [K_FLOORS] = {.name = "floors", .kind = DG_KIND_INT, .lo = 1, .hi = DG_MAX_FLOORS, .def = 1,
                  .field = FIELD(floors), .canonical = true, .omit_default = true,
                  .help = "floors linked by stairs: each floor's up stairs stand under the down stairs of the floor above"},
    [K_FORMAT] = {.name = "format", .kind = DG_KIND_NAME, .group = DG_GROUP_DRAW,
                  NAMES(dg__format_names), .def = DG_FMT_JSON, .field = FIELD(format),
                  .help = "what comes back"},
    [K_STYLE] = {.name = "style", .kind = DG_KIND_NAME, .group = DG_GROUP_DRAW,
                 NAMES(dg__style_names), .def = DG_STYLE_STANDARD, .field = FIELD(style),
                 .canonical = true, .help = "the image's look"},
    [K_GRID] = {.name = "grid", .kind = DG_KIND_NAME, .group = DG_GROUP_DRAW, NAMES(dg__grid_names),
                .def = DG_GRID_SQUARE, .field = FIELD(grid), .canonical = true,
                .help = "the grid drawn over the image"},
    [K_CELL] = {.name = "cell", .kind = DG_KIND_INT, .group = DG_GROUP_DRAW, .lo = DG_MIN_CELL_PX,
                .limit = DG_LIMIT_CELL, .range_code = DG_ELIMIT, .def = CELL_DEFAULT,
                .field = FIELD(cell), .canonical = true, .help = "image pixels per cell"},
    [K_VIEW] = {.name = "view", .kind = DG_KIND_NAME, .group = DG_GROUP_DRAW, NAMES(dg__view_names),
                .def = DG_VIEW_GM, .field = FIELD(view), .canonical = true,
                .help = "player: secret doors drawn as wall and traps hidden in images, text and uvtt; uvtt and foundry images are the player's unless view=gm is given"},
    [K_PPG] = {.name = "ppg", .kind = DG_KIND_INT, .group = DG_GROUP_DRAW, .lo = DG_MIN_PPG,
               .hi = DG_MAX_PPG, .range_code = DG_ELIMIT, .def = PPG_DEFAULT, .field = FIELD(ppg),
               .canonical = true, .help = "VTT exports: pixels per grid cell (uvtt image, Foundry grid)"},
    [K_FLOOR] = {.name = "floor", .kind = DG_KIND_INT, .group = DG_GROUP_DRAW, .lo = 1,
                 .hi = DG_MAX_FLOORS, .def = 1, .field = FIELD(floor), .canonical = true,
                 .omit_default = true,
                 .help = "which floor (1..floors, 1 the top) png, svg, txt, uvtt, foundry and donjon show; json and md carry every floor"},
    /* added after permalinks were out: printed only away from the default */
    [K_CELL_FT] = {.name = "cell_ft", .kind = DG_KIND_NAME, .group = DG_GROUP_DRAW,
                   NAMES(dg__cell_ft_names), .def = DG_FEET_10, .field = FIELD(cell_ft),
                   .canonical = true, .omit_default = true,
                   .help = "feet per square: the key's sizes and distances, the Foundry grid"},
    /* uvtt's alone, like ppg: other formats take it and carry no image of it */
    [K_IMAGE] = {.name = "image", .kind = DG_KIND_NAME, .group = DG_GROUP_DRAW,
                 NAMES(dg__image_names), .def = DG_IMAGE_PNG, .field = FIELD(image),
                 .canonical = true, .omit_default = true,
                 .help = "uvtt only: the image inside (webp is lossless; none for importers that take it apart)"},
    /* pdf's alone: the other formats carry no page */
    [K_PAPER] = {.name = "paper", .kind = DG_KIND_NAME, .group = DG_GROUP_DRAW,
                 NAMES(dg__paper_names), .def = DG_PAPER_A4, .field = FIELD(paper),
                 .canonical = true, .omit_default = true,
                 .help = "pdf only: the page size (A4, or US Letter)"},

    /* family keys; seed 001's table for panels. caves: at 45 the halls run
     * together, full of pillars; 50 winds */
    [K_CAVE_FILL] = {.name = "cave_fill", .kind = DG_KIND_INT, .group = DG_GROUP_FAMILY, .lo = 35,
                     .hi = 65, .def = 50, .field = FIELD(cave_fill),
                     .families = ONLY(DG_ALGO_DONJON) | ONLY(DG_ALGO_CAVERNS), .canonical = true,
                     .help = "caverns and layout=cavernous: percent of rock seeded before the automaton"},
    [K_CAVE_STEPS] = {.name = "cave_steps", .kind = DG_KIND_INT, .group = DG_GROUP_FAMILY, .lo = 1,
                      .hi = 10, .def = 4, .field = FIELD(cave_steps),
                      .families = ONLY(DG_ALGO_DONJON) | ONLY(DG_ALGO_CAVERNS), .canonical = true,
                      .help = "caverns and layout=cavernous: automaton generations"},
    [K_PANEL_SIZE_MIN] = {.name = "panel_size_min", .kind = DG_KIND_INT, .group = DG_GROUP_FAMILY,
                          .lo = 8, .hi = 99, .def = 12, .field = FIELD(panel_size_min),
                          .families = ONLY(DG_ALGO_PANELS), .canonical = true,
                          .help = "panels: smallest panel side in cells"},
    [K_ROOM_SIZE_MIN] = {.name = "room_size_min", .kind = DG_KIND_INT, .group = DG_GROUP_FAMILY,
                         .lo = 3, .hi = 97, .def = 5, .field = FIELD(panel_room_min),
                         .families = ONLY(DG_ALGO_PANELS), .canonical = true,
                         .help = "panels: smallest room side in cells"},
    [K_ROOM_SIZE_MAX] = {.name = "room_size_max", .kind = DG_KIND_INT, .group = DG_GROUP_FAMILY,
                         .lo = 3, .hi = 97, .def = 10, .field = FIELD(panel_room_max),
                         .families = ONLY(DG_ALGO_PANELS), .canonical = true,
                         .help = "panels: largest room side in cells"},
    [K_CORRIDOR_MARGIN] = {.name = "corridor_margin", .kind = DG_KIND_INT, .group = DG_GROUP_FAMILY,
                           .lo = 1, .hi = 10, .def = 2, .field = FIELD(corridor_margin),
                           .families = ONLY(DG_ALGO_PANELS), .canonical = true,
                           .help = "panels: shortest straight corridor from a door to its dividing line"},
    [K_WALL_MARGIN] = {.name = "wall_margin", .kind = DG_KIND_INT, .group = DG_GROUP_FAMILY,
                       .lo = 0, .hi = 10, .def = 1, .field = FIELD(wall_margin),
                       .families = ONLY(DG_ALGO_PANELS), .canonical = true,
                       .help = "panels: cells kept between a door and its room's corners"},
    [K_ROOM_COUNT] = {.name = "room_count", .kind = DG_KIND_INT, .group = DG_GROUP_FAMILY, .lo = 2,
                      .hi = 63, .def = 7, .field = FIELD(room_count),
                      .families = ONLY(DG_ALGO_GRIDMAPPER), .canonical = true,
                      .help = "gridmapper: rooms, in 3x3 blocks of five- or seven-room shapes"},
    [K_PILLARS] = {.name = "pillars", .kind = DG_KIND_BOOL, .group = DG_GROUP_FAMILY,
                   .field = FIELD(pillars), .canonical = true, .omit_default = true,
                   .families = ONLY(DG_ALGO_DONJON) | ONLY(DG_ALGO_PANELS) | ONLY(DG_ALGO_GRIDMAPPER) |
                               ONLY(DG_ALGO_ABSTRACT) | ONLY(DG_ALGO_CELLS),
                   .help = "rows of free-standing pillars in rooms five cells or more long and three wide (gridmapper also sets pillars into the walls of rooms seven or more)"},
    [K_CAVES] = {.name = "caves", .kind = DG_KIND_BOOL, .group = DG_GROUP_FAMILY,
                 .field = FIELD(caves), .families = ONLY(DG_ALGO_GRIDMAPPER), .canonical = true,
                 .help = "gridmapper: caves instead of rooms, joined by open passages"},
    [K_AREA_WIDTH_MIN] = {.name = "area_width_min", .kind = DG_KIND_INT, .group = DG_GROUP_FAMILY,
                          .lo = 3, .hi = 99, .def = 5, .field = FIELD(area_width_min),
                          .families = ONLY(DG_ALGO_ABSTRACT), .canonical = true,
                          .help = "abstract: narrowest area in cells"},
    [K_AREA_HEIGHT_MIN] = {.name = "area_height_min", .kind = DG_KIND_INT, .group = DG_GROUP_FAMILY,
                           .lo = 3, .hi = 99, .def = 5, .field = FIELD(area_height_min),
                           .families = ONLY(DG_ALGO_ABSTRACT), .canonical = true,
                           .help = "abstract: shortest area in cells"},
    [K_AREA_SIZE_MIN] = {.name = "area_size_min", .kind = DG_KIND_INT, .group = DG_GROUP_FAMILY,
                         .lo = 9, .hi = 9801, .def = 36, .field = FIELD(area_size_min),
                         .families = ONLY(DG_ALGO_ABSTRACT), .canonical = true,
                         .help = "abstract: smallest area in cells"},
    /* gen_cells.c lays blocks block_size & ~1 apart: 8 and 9 make one map,
     * so both print as 9 and share one permalink */
    [K_BLOCK_SIZE] = {.name = "block_size", .kind = DG_KIND_INT, .group = DG_GROUP_FAMILY, .lo = 7,
                      .hi = 31, .odd = true, .def = 9, .field = FIELD(block_size),
                      .families = ONLY(DG_ALGO_CELLS), .canonical = true,
                      .help = "cells: grid block side in cells, odd"},
    [K_CONNECT] = {.name = "connect", .kind = DG_KIND_NAME, .group = DG_GROUP_FAMILY,
                   NAMES(dg__connect_names), .def = DG_CONNECT_TREE, .field = FIELD(connect),
                   .families = ONLY(DG_ALGO_CELLS), .canonical = true,
                   .help = "cells: how the rooms in the grid are joined"},

    /* what the dungeon holds; stocking draws from its own stream, so none
     * of these moves a wall */
    [K_CONTENTS] = {.name = "contents", .kind = DG_KIND_NAME, .group = DG_GROUP_CONTENTS,
                    NAMES(dg__contents_names), .def = DG_DEPTH_FULL, .field = FIELD(contents),
                    .canonical = true,
                    .help = "none: the map alone; basic: a line per room; full: the whole key"},
    [K_LEVEL] = {.name = "level", .kind = DG_KIND_INT, .group = DG_GROUP_CONTENTS, .lo = 1, .hi = 20,
                 .def = 1, .field = FIELD(level), .canonical = true,
                 .help = "the party's level: encounters, traps and treasure are sized to it"},
    [K_PARTY] = {.name = "party", .kind = DG_KIND_INT, .group = DG_GROUP_CONTENTS, .lo = 1, .hi = 10,
                 .def = 4, .field = FIELD(party), .canonical = true,
                 .help = "how many characters the party has"},
    [K_MOTIF] = {.name = "motif", .kind = DG_KIND_NAME, .group = DG_GROUP_CONTENTS,
                 NAMES(dg__motif_names), .def = DG_MOTIF_NONE, .field = FIELD(motif),
                 .canonical = true,
                 .help = "a theme steering creatures, traps and dressing (undead, infernal, fire, ...)"},
    /* standard left out of canonical strings: permalinks made before the
     * key keep their bytes */
    [K_DANGER] = {.name = "danger", .kind = DG_KIND_NAME, .group = DG_GROUP_CONTENTS,
                  NAMES(dg__danger_names), .def = DG_DANGER_STANDARD, .field = FIELD(danger),
                  .canonical = true, .omit_default = true,
                  .help = "how hard the encounters and traps run: easy, standard, hard, deadly"},
    [K_NAME] = {.name = "name", .kind = DG_KIND_TEXT, .group = DG_GROUP_CONTENTS, .hi = DG_NAME_MAX,
                .def_note = "made up from the seed", .field = FIELD(name), .canonical = true,
                .help = "the dungeon's name"},
    [K_REROLL] = {.name = "reroll", .kind = DG_KIND_TEXT, .group = DG_GROUP_CONTENTS, .hi = 191,
                  .def_note = "none", .field = FIELD(reroll), .canonical = true,
                  .help = "rooms whose contents are drawn again: ROOM:VARIANT or FLOOR.ROOM:VARIANT, comma separated (7:2,12:1)"},
    /* 2014 left out of canonical strings, and the default: permalinks
     * made before the key keep their bytes (docs/stocking.md says when
     * the default may move) */
    [K_RULES] = {.name = "rules", .kind = DG_KIND_NAME, .group = DG_GROUP_CONTENTS,
                 NAMES(dg__rules_names), .def = DG_RULES_2014, .field = FIELD(rules),
                 .canonical = true, .omit_default = true,
                 .help = "which edition stocks it: 2014 (SRD 5.1, XP thresholds and multipliers) or 2024 (SRD 5.2.1, XP budget)"},
    /* png and svg: margins around the map, never over it; printed only away
     * from the default, so older permalinks keep their bytes */
    [K_LEGEND] = {.name = "legend", .kind = DG_KIND_BOOL, .group = DG_GROUP_DRAW, .field = FIELD(legend),
                  .canonical = true, .omit_default = true,
                  .help = "png and svg: a legend under the map (door kinds, stairs, marks, features, one square in feet)"},
    [K_RULER] = {.name = "ruler", .kind = DG_KIND_BOOL, .group = DG_GROUP_DRAW, .field = FIELD(ruler),
                 .canonical = true, .omit_default = true,
                 .help = "png and svg: column and row numbers around the map, the key's squares"},
    /* every family digs its loops its own way (core/loops.c); none is the
     * family's map as it always was, left out of canonical strings so
     * every permalink made before the key keeps its bytes */
    [K_LOOPS] = {.name = "loops", .kind = DG_KIND_NAME, NAMES(dg__loops_names), .def = DG_LOOPS_NONE,
                 .field = FIELD(loops), .canonical = true, .omit_default = true,
                 .help = "ways round: none (the family's map as it is), some (a loop a floor or more), many (three or more): corridors or tunnels dug between rooms far apart on foot"},
    /* the formats whose rows say foundry_target (formats.c); printed only
     * away from the default and for those formats, so no permalink made
     * before the key moves */
    [K_FOUNDRY] = {.name = "foundry", .kind = DG_KIND_NAME, .group = DG_GROUP_DRAW,
                   NAMES(dg__foundry_names), .def = DG_FOUNDRY_14, .field = FIELD(foundry),
                   .canonical = true, .omit_default = true,
                   .help = "foundry and foundry-bundle: the Foundry VTT generation written for: 14 (one scene, a Level per floor, stairs as change-level regions; dnd5e 5.x actors) or 13 (a scene per floor, stairs as teleport regions)"},
};

const dg_option_def *dg_option_def_at(size_t i) { return i < K_COUNT ? &dg__keys[i] : NULL; }

const dg_option_def *dg_option_def_find(const char *key)
{
    int k = key ? dg__key_id(key) : -1;
    return k < 0 ? NULL : &dg__keys[k];
}

/* ASCII only, as dg__same_word. */
static int ascii_lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

int dg__key_id(const char *key)
{
    /* the first letters compared first: every key of every request (and
     * of every JSON document's options) is looked up here, row by row */
    int c0 = ascii_lower((unsigned char)key[0]);
    for (int k = 0; k < K_COUNT; k++)
        if (ascii_lower((unsigned char)dg__keys[k].name[0]) == c0 && dg__same_word(dg__keys[k].name, key)) return k;
    return -1;
}

const char *dg_option_value_name(const dg_option_def *def, int v)
{
    return def && v >= 0 && (size_t)v < def->n_names ? def->names[v] : "";
}

/* ---------------------------------------------- a key's field in the options */

int *dg__key_int(dg_options *o, key_id k)
{
    return (int *)(void *)((char *)o + dg__keys[k].field);
}


/* A key's value as the canonical string prints it (canonical.c writes
 * numbers itself, without printf, on its hot path). */
void dg__key_print(const dg_options *o, key_id k, char *buf, size_t cap)
{
    const dg_option_def *d = &dg__keys[k];
    const char *field = (const char *)o + d->field;
    switch (d->kind) {
    case DG_KIND_SEED: snprintf(buf, cap, "%" PRIu64, o->seed); break;
    case DG_KIND_NAME: snprintf(buf, cap, "%s", dg_option_value_name(d, *(const int *)(const void *)field)); break;
    case DG_KIND_BOOL: snprintf(buf, cap, "%s", *(const bool *)(const void *)field ? "yes" : "no"); break;
    case DG_KIND_TEXT: snprintf(buf, cap, "%s", field); break;
    case DG_KIND_INT:
    case DG_KIND_AMOUNT: snprintf(buf, cap, "%d", *(const int *)(const void *)field); break;
    }
}

