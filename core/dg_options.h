/* dg_options.h -- the options a request names (the X-macro value lists, the
 * parsed dg_options), the vocabulary rows every key is described by, the
 * deployment limits and the option functions. Part of the public
 * interface; include dg.h, which includes it. */
#ifndef DG_OPTIONS_H
#define DG_OPTIONS_H

#include "dg_base.h"

/* --------------------------------------------------------------- options */

/* Every enumerated option is an X-macro list: (ENUM, "value name").
 * The option parser (options.c) is the only place that turns names into
 * values; the lists live here so encoders can print the names back. */
/* Families and formats carry a third column, their name as a C identifier:
 * core/ calls a family's generator dg__gen_<id> and finds its row as
 * dg__family_<id> (family_int.h), render/ calls a format's encoder
 * dg_<id>_encode (render.h), and both build their tables from these lists,
 * so a new family or format is one line here and no line in a table.
 * DG_ALGORITHMS and DG_FORMATS are the (ENUM, "value name") lists. */
#define DG_ALGORITHM_LIST(F, X)                                               \
    F(X, DG_ALGO_DONJON, "donjon", donjon)                                    \
    F(X, DG_ALGO_CAVERNS, "caverns", caverns)                                 \
    F(X, DG_ALGO_PANELS, "panels", panels)                                    \
    F(X, DG_ALGO_GRIDMAPPER, "gridmapper", gridmapper)                        \
    F(X, DG_ALGO_ABSTRACT, "abstract", abstract)                              \
    F(X, DG_ALGO_CELLS, "cells", cells)
#define DG_FORMAT_LIST(F, X)                                                  \
    F(X, DG_FMT_JSON, "json", json)                                           \
    F(X, DG_FMT_DONJON, "donjon", donjon)                                     \
    F(X, DG_FMT_TXT, "txt", text)                                             \
    F(X, DG_FMT_PNG, "png", png)                                              \
    F(X, DG_FMT_UVTT, "uvtt", uvtt)                                           \
    F(X, DG_FMT_FOUNDRY, "foundry", foundry)                                  \
    F(X, DG_FMT_MD, "md", md)                                                 \
    F(X, DG_FMT_SVG, "svg", svg)                                              \
    F(X, DG_FMT_FOUNDRY_BUNDLE, "foundry-bundle", foundry_bundle)             \
    F(X, DG_FMT_PDF, "pdf", pdf)
#define DG__NAMED(X, code, name, id) X(code, name)
#define DG__IDENT(X, code, name, id) X(code, id)
/* X(ENUM, id): the C identifier of each family and format */
#define DG_ALGORITHM_IDS(X) DG_ALGORITHM_LIST(DG__IDENT, X)
#define DG_FORMAT_IDS(X) DG_FORMAT_LIST(DG__IDENT, X)
#define DG_ALGORITHMS(X) DG_ALGORITHM_LIST(DG__NAMED, X)
#define DG_LAYOUTS(X)                                                         \
    X(DG_LAYOUT_SQUARE, "square") X(DG_LAYOUT_RECTANGLE, "rectangle")         \
    X(DG_LAYOUT_BOX, "box") X(DG_LAYOUT_CROSS, "cross")                       \
    X(DG_LAYOUT_DAGGER, "dagger") X(DG_LAYOUT_SALTIRE, "saltire")             \
    X(DG_LAYOUT_KEEP, "keep") X(DG_LAYOUT_HEXAGON, "hexagon")                 \
    X(DG_LAYOUT_ROUND, "round") X(DG_LAYOUT_CAVERNOUS, "cavernous")
#define DG_ROOM_LAYOUTS(X)                                                    \
    X(DG_ROOMS_SPARSE, "sparse") X(DG_ROOMS_SCATTERED, "scattered")           \
    X(DG_ROOMS_DENSE, "dense") X(DG_ROOMS_SYMMETRIC, "symmetric")             \
    X(DG_ROOMS_COMPLEX, "complex")
#define DG_POLYMORPHS(X) X(DG_POLY_NO, "no") X(DG_POLY_YES, "yes") X(DG_POLY_MANY, "many")
#define DG_DOOR_SETS(X)                                                       \
    X(DG_DOORS_NONE, "none") X(DG_DOORS_BASIC, "basic")                       \
    X(DG_DOORS_SECURE, "secure") X(DG_DOORS_STANDARD, "standard")             \
    X(DG_DOORS_DEATHTRAP, "deathtrap")
#define DG_CORRIDOR_STYLES(X)                                                 \
    X(DG_CORR_LABYRINTH, "labyrinth") X(DG_CORR_ERRANT, "errant")             \
    X(DG_CORR_STRAIGHT, "straight")
#define DG_EGRESSES(X)                                                        \
    X(DG_EGRESS_NO, "no") X(DG_EGRESS_YES, "yes") X(DG_EGRESS_MANY, "many")   \
    X(DG_EGRESS_TILING, "tiling")
#define DG_FORMATS(X) DG_FORMAT_LIST(DG__NAMED, X)
#define DG_GRIDS(X)                                                           \
    X(DG_GRID_NONE, "none") X(DG_GRID_SQUARE, "square") X(DG_GRID_HEX, "hex") \
    X(DG_GRID_VHEX, "vhex")
#define DG_VIEWS(X) X(DG_VIEW_GM, "gm") X(DG_VIEW_PLAYER, "player")
/* How many feet one square is: 10 is donjon's scale, 5 the 5e grid's. The
 * names are the numbers; dg_cell_feet() reads one as feet. */
#define DG_CELL_FEET(X) X(DG_FEET_5, "5") X(DG_FEET_10, "10")
/* The image a uvtt document carries: PNG, lossless WebP, or none (for
 * importers that take the image as a file of its own). */
#define DG_IMAGES(X) X(DG_IMAGE_PNG, "png") X(DG_IMAGE_WEBP, "webp") X(DG_IMAGE_NONE, "none")
/* format=pdf: the page size (ISO A4, or US Letter) */
#define DG_PAPERS(X) X(DG_PAPER_A4, "a4") X(DG_PAPER_LETTER, "letter")
/* The Foundry VTT generation the foundry formats are written for: 14 (one
 * scene with a Level per floor, dnd5e 5.x) or 13 (a scene per floor). */
#define DG_FOUNDRY_TARGETS(X) X(DG_FOUNDRY_14, "14") X(DG_FOUNDRY_13, "13")
/* algorithm=cells: how the rooms in the grid are joined */
#define DG_CONNECTS(X)                                                        \
    X(DG_CONNECT_PREVIOUS, "previous") X(DG_CONNECT_FAN, "fan")               \
    X(DG_CONNECT_TREE, "tree")
/* Stocking (the dungeon's contents, not its walls): how much, and the
 * theme that steers creatures, traps and dressing (donjon's motifs). */
#define DG_DEPTHS(X)                                                 \
    X(DG_DEPTH_NONE, "none") X(DG_DEPTH_BASIC, "basic")                 \
    X(DG_DEPTH_FULL, "full")
#define DG_MOTIFS(X)                                                          \
    X(DG_MOTIF_NONE, "none") X(DG_MOTIF_ABANDONED, "abandoned")               \
    X(DG_MOTIF_ABERRANT, "aberrant") X(DG_MOTIF_GIANT, "giant")               \
    X(DG_MOTIF_UNDEAD, "undead") X(DG_MOTIF_VERMIN, "vermin")                 \
    X(DG_MOTIF_AQUATIC, "aquatic") X(DG_MOTIF_DESERT, "desert")               \
    X(DG_MOTIF_UNDERDARK, "underdark") X(DG_MOTIF_ARCANE, "arcane")           \
    X(DG_MOTIF_FIRE, "fire") X(DG_MOTIF_COLD, "cold")                         \
    X(DG_MOTIF_ABYSSAL, "abyssal") X(DG_MOTIF_INFERNAL, "infernal")
/* How hard the dungeon is: shifts the encounter difficulty mix and trap
 * severity as each floor down does (docs/stocking.md). */
#define DG_DANGERS(X)                                                         \
    X(DG_DANGER_EASY, "easy") X(DG_DANGER_STANDARD, "standard")               \
    X(DG_DANGER_HARD, "hard") X(DG_DANGER_DEADLY, "deadly")
/* Which edition's rules stock the dungeon: 2014 (SRD 5.1's creatures and
 * items, the 2014 XP thresholds and group multipliers) or 2024 (SRD
 * 5.2.1's, the 2024 XP budget). The map never depends on it. */
#define DG_RULESETS(X) X(DG_RULES_2014, "2014") X(DG_RULES_2024, "2024")
/* Loops dug into the map beside the family's own (core/loops.c): none
 * leaves the family's map as it was; some and many add one or several
 * independent ways round per floor. */
#define DG_LOOPS(X) X(DG_LOOPS_NONE, "none") X(DG_LOOPS_SOME, "some") X(DG_LOOPS_MANY, "many")
/* Map styles: names only; render/image/style.c defines how each looks. */
#define DG_STYLES(X)                                                          \
    X(DG_STYLE_STANDARD, "standard") X(DG_STYLE_CLASSIC, "classic")           \
    X(DG_STYLE_GRAPH, "graph") X(DG_STYLE_PARCHMENT, "parchment")             \
    X(DG_STYLE_CROSSHATCH, "crosshatch") X(DG_STYLE_MARBLE, "marble")         \
    X(DG_STYLE_AQUATIC, "aquatic") X(DG_STYLE_INFERNAL, "infernal")           \
    X(DG_STYLE_INK, "ink") X(DG_STYLE_SKETCH, "sketch")

#define DG_X(code, name) code,
typedef enum { DG_ALGORITHMS(DG_X) DG_ALGO_COUNT } dg_algorithm;
typedef enum { DG_LAYOUTS(DG_X) DG_LAYOUT_COUNT } dg_layout;
typedef enum { DG_ROOM_LAYOUTS(DG_X) DG_ROOMS_COUNT } dg_room_layout;
typedef enum { DG_POLYMORPHS(DG_X) DG_POLY_COUNT } dg_polymorph;
typedef enum { DG_DOOR_SETS(DG_X) DG_DOORS_COUNT } dg_door_set;
typedef enum { DG_CORRIDOR_STYLES(DG_X) DG_CORR_COUNT } dg_corridor_style;
typedef enum { DG_EGRESSES(DG_X) DG_EGRESS_COUNT } dg_egress;
typedef enum { DG_FORMATS(DG_X) DG_FMT_COUNT } dg_format;
typedef enum { DG_GRIDS(DG_X) DG_GRID_COUNT } dg_grid;
typedef enum { DG_VIEWS(DG_X) DG_VIEW_COUNT } dg_view;
typedef enum { DG_CELL_FEET(DG_X) DG_FEET_COUNT } dg_cell_ft;
typedef enum { DG_IMAGES(DG_X) DG_IMAGE_COUNT } dg_image;
typedef enum { DG_PAPERS(DG_X) DG_PAPER_COUNT } dg_paper;
typedef enum { DG_FOUNDRY_TARGETS(DG_X) DG_FOUNDRY_COUNT } dg_foundry;
typedef enum { DG_STYLES(DG_X) DG_STYLE_COUNT } dg_style;
typedef enum { DG_CONNECTS(DG_X) DG_CONNECT_COUNT } dg_connect;
typedef enum { DG_DEPTHS(DG_X) DG_DEPTH_COUNT } dg_depth;
typedef enum { DG_MOTIFS(DG_X) DG_MOTIF_COUNT } dg_motif;
typedef enum { DG_DANGERS(DG_X) DG_DANGER_COUNT } dg_danger;
typedef enum { DG_RULESETS(DG_X) DG_RULES_COUNT } dg_rules;
typedef enum { DG_LOOPS(DG_X) DG_LOOPS_COUNT } dg_loops;
#undef DG_X

/* Validated options. Fill with dg_options_init() + dg_options_set() +
 * dg_options_finish(), or dg_options_parse(); never by hand in clients. */
typedef struct {
    uint64_t seed;
    bool seed_given;        /* false: the caller picks a seed (dg_options_set_seed) */
    dg_algorithm algorithm;
    int size;               /* index into the size presets, -1 when rows/cols given */
    int rows, cols;         /* odd, DG_MIN_DIM..limit */
    dg_layout layout;
    dg_room_layout rooms;
    int room_size;          /* index into the room-size presets, -1 when min/max given */
    int room_min, room_max; /* odd, in cells */
    dg_polymorph polymorph;
    dg_door_set doors;
    dg_corridor_style corridors;
    int deadends;           /* percent of dead ends removed, 0..100 */
    int stairs;             /* how many stairs to place */
    dg_egress egress;
    int floors;             /* floors linked by stairs, 1..DG_MAX_FLOORS */
    int floor;              /* the floor single-image outputs show, 1..floors */
    dg_format format;
    dg_style style;
    dg_grid grid;
    int cell;               /* pixels per cell */
    dg_view view;
    int ppg;                /* VTT exports: pixels per grid cell, DG_MIN_PPG..DG_MAX_PPG */
    dg_cell_ft cell_ft;     /* feet per square (dg_cell_feet): the key's sizes, Foundry's grid */
    dg_image image;         /* uvtt: the image it carries */
    dg_paper paper;         /* pdf: the page size */
    dg_foundry foundry;     /* foundry formats: the Foundry generation written for */
    /* Family keys (an error with any other algorithm; see README):
     * caverns (and layout=cavernous) */
    int cave_fill;          /* percent of rock seeded before the automaton, 35..65 */
    int cave_steps;         /* automaton generations, 1..10 */
    /* panels (seed 001's parameters, in cells) */
    int panel_size_min, panel_room_min, panel_room_max, corridor_margin, wall_margin;
    /* gridmapper */
    int room_count;         /* rooms wanted, 2..63 */
    bool pillars, caves;
    /* abstract */
    int area_width_min, area_height_min, area_size_min;
    /* cells */
    int block_size;         /* odd cells per grid block side, 7..31 */
    dg_connect connect;
    /* contents: never move a wall (stocking has its own random stream) */
    dg_depth contents;
    int level;              /* the party's level, 1..20 */
    int party;              /* the party's size, 1..10 */
    dg_motif motif;
    dg_danger danger;
    char name[DG_NAME_MAX * 4 + 1]; /* UTF-8, up to DG_NAME_MAX characters; "" = from the seed */
    char reroll[192];       /* rooms whose contents are drawn again ("7:2,2.5:1"), sorted; "" none */
    dg_rules rules;         /* 2014 or 2024: whose creatures, items and XP rules stock it */
    bool legend, ruler;     /* images: a legend under the map, column and row numbers around it */
    dg_loops loops;         /* ways round dug beside the family's own (core/loops.c) */
    /* parser bookkeeping: which keys were given (bit per key), for
     * duplicate detection and preset/explicit precedence */
    uint64_t given;
    int raw_rows, raw_cols, raw_room_min, raw_room_max;
    /* the text family keys, cell and ppg came as, so an error found only
     * by dg_options_finish still shows the value as received: entries of
     * (key index + 1, text, NUL), cut to fit */
    char given_text[256];
    unsigned short given_len;
} dg_options;

/* ------------------------------------------------------ the vocabulary */

/* One row per option key (core/option_keys.c, in the order help texts
 * list them): everything the parser, the canonical string, the errors,
 * GET /options, the form and the docs know of a key. */
typedef enum {
    DG_KIND_SEED,   /* 0..2^64-1, or text of 1..hi bytes hashed to 64 bits */
    DG_KIND_NAME,   /* one of names[] (or of aliases[]) */
    DG_KIND_INT,    /* an integer lo..hi */
    DG_KIND_AMOUNT, /* one of names[] (meaning amounts[]) or an integer lo..hi */
    DG_KIND_BOOL,   /* yes or no (true, false, 1, 0 also read) */
    DG_KIND_TEXT,   /* UTF-8 text of 1..hi characters, no control characters */
} dg_option_kind;
/* What a key is about: the map's shape, one family's own shape, or how the
 * map is stocked, drawn and delivered. The canonical string prints the groups in
 * this order; the form shows one section per group. */
typedef enum { DG_GROUP_MAP, DG_GROUP_FAMILY, DG_GROUP_CONTENTS, DG_GROUP_DRAW, DG_GROUP_COUNT } dg_option_group;
/* A range whose top is a deployment limit (dg_limits), not a fixed number. */
typedef enum { DG_LIMIT_NONE, DG_LIMIT_DIM, DG_LIMIT_CELL } dg_option_limit;

typedef struct {
    const char *name;
    dg_option_kind kind;
    dg_option_group group;
    const char *const *names;   /* NAME: values by number; AMOUNT: the named amounts */
    size_t n_names;
    const int *amounts;         /* AMOUNT: what each name means */
    const char *const *aliases; /* NAME: other spellings read (donjon's), printed as */
    const int *alias_values;    /* ... names[alias_values[i]] */
    size_t n_aliases;
    int lo, hi;                 /* INT, AMOUNT: the range; SEED: 1..hi bytes; TEXT: 1..hi characters */
    dg_option_limit limit;      /* when set, hi is the deployment's limit instead */
    bool odd;                   /* INT: an even value counts as the next odd one */
    dg_status range_code;       /* INT: out of range is this (DG_ELIMIT for sizes) */
    int def;                    /* default: a value number or an integer */
    const char *def_note;       /* the default when no value says it ("from size") */
    size_t field;               /* offsetof(dg_options, ...) it sets */
    size_t raw_field;           /* nonzero: where it waits until presets resolve */
    unsigned families;          /* bit (1u << algorithm) per family; 0: every one */
    bool canonical;             /* printed in the canonical string */
    bool omit_default;          /* ... but left out of it at its default, so the
                                 * strings made before the key existed stay */
    const char *help;           /* one line for GET /options, the form and --help */
} dg_option_def;

/* Row i in help order, NULL past the last. */
const dg_option_def *dg_option_def_at(size_t i);
/* The row of key (ASCII case-insensitive), NULL when unknown. */
const dg_option_def *dg_option_def_find(const char *key);
/* A row's value number v as printed ("" when out of range). */
const char *dg_option_value_name(const dg_option_def *def, int v);


/* Deployment limits the parser enforces (the daemon reads them from config). */
typedef struct {
    int max_dim;     /* rows and cols at most this (<= DG_MAX_DIM) */
    int max_cell;    /* cell px at most this (<= DG_MAX_CELL_PX) */
} dg_limits;
/* The core's own caps: max_dim DG_MAX_DIM, max_cell DG_MAX_CELL_PX. */
dg_limits dg_limits_default(void);

/* Defaults everywhere, no seed given. */
void dg_options_init(dg_options *o);
/* Applies one key=value pair (key case-insensitive, donjon's value names).
 * lim may be NULL (core caps). DG_EINVAL / DG_ELIMIT name the key in err. */
dg_status dg_options_set(dg_options *o, const char *key, const char *value,
                         const dg_limits *lim, dg_error *err);
/* Resolves presets and cross-key rules (room_min <= room_max, ...). Call
 * once after the last dg_options_set(). */
dg_status dg_options_finish(dg_options *o, const dg_limits *lim, dg_error *err);
/* init + set for each pair + finish. */
dg_status dg_options_parse(dg_options *o, size_t n, const char *const keys[],
                           const char *const values[], const dg_limits *lim,
                           dg_error *err);
/* Seeds chosen by the caller when none was given (e.g. from getrandom). */
void dg_options_set_seed(dg_options *o, uint64_t seed);
/* Text seed -> 64 bits; decimal text parses as the number itself. */
uint64_t dg_seed_from_text(const char *text);
/* Booleans, for options and config keys alike: yes|no|true|false|1|0, any
 * case, no padding. DG_EINVAL naming key otherwise; *out untouched then. */
dg_status dg_options_parse_bool(const char *key, const char *value, bool *out,
                                dg_error *err);
/* The canonical query string: defaults filled, fixed key order, every key
 * except format (omit_default rows only away from their default; view not
 * when absent for a format that draws the players' picture). Same
 * map <=> same string: the permalink and cache key.
 * snprintf semantics: returns the full length, writes at most cap bytes. */
size_t dg_options_canonical(const dg_options *o, char *buf, size_t cap);
/* The view format `as` draws o's picture in: view when it was given; else
 * player for a format whose picture the players see (uvtt, foundry,
 * foundry-bundle: dg_format_info.table_image), gm for the rest. Walls,
 * doors and data follow view itself, gm unless given. */
dg_view dg_options_image_view(const dg_options *o, dg_format as);

/* Feet per square of o (5 or 10): every distance an output states. */
int dg_cell_feet(const dg_options *o);
/* DG_VTT_MAX_SIDE (dg_limits.h): the longest side importers load. */

/* Value names for printing: "donjon", "rectangle", ...; "" when out of range. */
const char *dg_algorithm_name(dg_algorithm v);
const char *dg_layout_name(dg_layout v);
const char *dg_room_layout_name(dg_room_layout v);
const char *dg_polymorph_name(dg_polymorph v);
const char *dg_door_set_name(dg_door_set v);
const char *dg_corridor_style_name(dg_corridor_style v);
const char *dg_egress_name(dg_egress v);
const char *dg_format_name(dg_format v);
const char *dg_grid_name(dg_grid v);
const char *dg_view_name(dg_view v);
const char *dg_style_name(dg_style v);
const char *dg_connect_name(dg_connect v);
/* Whether a rows x cols map's raster at px per cell, (cols*px + 1) x
 * (rows*px + 1), is over DG_PNG_MAX_PIXELS. */
bool dg_raster_too_big(int rows, int cols, int px);
/* The largest px per cell in lo..hi at which a rows x cols map's raster
 * stays within DG_PNG_MAX_PIXELS; lo - 1 when none does. */
int dg_raster_fit(int rows, int cols, int lo, int hi);
/* At most how many pixels legend=yes and ruler=yes add to a rows x cols
 * raster at px per cell, across (*w) and down (*h): the margins
 * render/frame.c lays out, bounded for any map's legend (every entry it
 * can hold, in the widest face it draws). Both 0 when neither is set. */
void dg_raster_frame(int rows, int cols, int px, bool legend, bool ruler, int *w, int *h);
/* Whether option `key` means anything for o: its family, then the family's
 * own rules under o's other keys (donjon's cave keys only with
 * layout=cavernous, ...). Unknown keys: false. */
bool dg_options_key_applies(const dg_options *o, const char *key);
/* Whether option `key` means anything for algorithm a (shared keys: yes). */
bool dg_option_applies(const char *key, dg_algorithm a);
/* The option keys in canonical order, for help texts: NULL past the last. */
const char *dg_option_key(size_t i);
/* What `key` accepts under the core caps ("sparse|scattered|..." or
 * "7..4001"), written into buf; "" for an unknown key. */
void dg_option_allowed(const char *key, char *buf, size_t cap);
/* The same under a deployment's limits (NULL: core's own), as its errors say it. */
void dg_option_allowed_under(const char *key, const dg_limits *lim, char *buf, size_t cap);
/* "fine", "medium", ... or "custom" when size < 0. */
const char *dg_size_name(int size);
const char *dg_room_size_name(int room_size);

#endif
