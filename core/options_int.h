/* options_int.h -- private to the option files (option_names.c, options.c,
 * options_finish.c, canonical.c): the key list, the value and key tables,
 * and the small text helpers they share. Nothing outside core/options*.c includes it. */
#ifndef DG_OPTIONS_INT_H
#define DG_OPTIONS_INT_H

#include <stddef.h>

#include "dg.h"
#include "dg_common.h"


#define SIZE_DEFAULT 4 /* medium */
#define ROOM_SIZE_DEFAULT 1 /* medium */
#define ROOM_DIM_MIN 3
#define ROOM_DIM_MAX DG_ROOM_DIM_MAX
#define DEADENDS_DEFAULT 50
#define STAIRS_DEFAULT 2
#define STAIRS_MAX DG_STAIRS_MAX
#define SEED_TEXT_MAX DG_SEED_TEXT_MAX
#define CELL_DEFAULT 18
#define PPG_DEFAULT 70

/* Value names (sizes fixed here so DG_COUNT() works on the extern arrays). */
#define DG__N_SIZES 9
#define DG__N_ROOM_SIZES 6
extern const char *const dg__algorithm_names[DG_ALGO_COUNT];
extern const char *const dg__layout_names[DG_LAYOUT_COUNT];
extern const char *const dg__room_layout_names[DG_ROOMS_COUNT];
extern const char *const dg__polymorph_names[DG_POLY_COUNT];
extern const char *const dg__door_set_names[DG_DOORS_COUNT];
extern const char *const dg__corridor_names[DG_CORR_COUNT];
extern const char *const dg__egress_names[DG_EGRESS_COUNT];
extern const char *const dg__format_names[DG_FMT_COUNT];
extern const char *const dg__grid_names[DG_GRID_COUNT];
extern const char *const dg__view_names[DG_VIEW_COUNT];
extern const char *const dg__cell_ft_names[DG_FEET_COUNT];
extern const char *const dg__image_names[DG_IMAGE_COUNT];
extern const char *const dg__paper_names[DG_PAPER_COUNT];
extern const char *const dg__style_names[DG_STYLE_COUNT];
extern const char *const dg__connect_names[DG_CONNECT_COUNT];
extern const char *const dg__contents_names[DG_DEPTH_COUNT];
extern const char *const dg__motif_names[DG_MOTIF_COUNT];
extern const char *const dg__danger_names[DG_DANGER_COUNT];
extern const char *const dg__rules_names[DG_RULES_COUNT];
extern const char *const dg__loops_names[DG_LOOPS_COUNT];
extern const char *const dg__size_names[DG__N_SIZES];
extern const int dg__size_rows[DG__N_SIZES];
extern const char *const dg__room_size_names[DG__N_ROOM_SIZES];
extern const int dg__room_size_min[DG__N_ROOM_SIZES];
extern const int dg__room_size_max[DG__N_ROOM_SIZES];

/* Also the canonical order of the keys (format aside). */
typedef enum {
    K_SEED, K_ALGORITHM, K_SIZE, K_ROWS, K_COLS, K_LAYOUT, K_ROOMS, K_ROOM_SIZE,
    K_ROOM_MIN, K_ROOM_MAX, K_POLYMORPH, K_DOORS, K_CORRIDORS, K_DEADENDS,
    K_STAIRS, K_EGRESS, K_FLOORS, K_FORMAT, K_STYLE, K_GRID, K_CELL, K_VIEW, K_PPG, K_FLOOR,
    K_CELL_FT, K_IMAGE, K_PAPER,
    /* family keys */
    K_CAVE_FILL, K_CAVE_STEPS, K_PANEL_SIZE_MIN, K_ROOM_SIZE_MIN, K_ROOM_SIZE_MAX,
    K_CORRIDOR_MARGIN, K_WALL_MARGIN, K_ROOM_COUNT, K_PILLARS, K_CAVES,
    K_AREA_WIDTH_MIN, K_AREA_HEIGHT_MIN, K_AREA_SIZE_MIN, K_BLOCK_SIZE, K_CONNECT,
    /* contents */
    K_CONTENTS, K_LEVEL, K_PARTY, K_MOTIF, K_DANGER, K_NAME, K_REROLL, K_RULES,
    /* drawing keys added later (appended: the order above is the canonical one) */
    K_LEGEND, K_RULER,
    /* a map key added later: appended, printed only away from its default */
    K_LOOPS,
    K_COUNT
} key_id;
_Static_assert(K_COUNT <= 64, "one bit per key in dg_options.given");
#define GIVEN(k) ((uint64_t)1 << (k))
#define ALGO(a) (1u << (a))

/* The rows, by key id (option_keys.c). */
extern const dg_option_def dg__keys[K_COUNT];
/* Key id of a name (ASCII case-insensitive), -1 when unknown. */
int dg__key_id(const char *key);
/* Whether key k means something for o: its family (the row's families),
 * then the family's own rules (families.c: donjon's cave keys only with
 * layout=cavernous, ...). A given key that does not apply is refused; the
 * canonical string leaves it out. */
bool dg__key_applies(const dg_options *o, key_id k);
/* The family's refusal of a given key k that its rules leave out. */
dg_status dg__family_refuse(const dg_options *o, key_id k, const char *value, dg_error *err);
/* Key k's field in o, for INT, AMOUNT and NAME rows (all int-sized). */
int *dg__key_int(dg_options *o, key_id k);
/* Key k's value in o as the canonical string prints it, into buf. */
void dg__key_print(const dg_options *o, key_id k, char *buf, size_t cap);

/* options.c's pieces options_finish.c shares. Deployment limits made safe
 * to use: within the core caps, maxima odd. */
typedef struct { int max_dim, max_cell; } dg__lim;
dg__lim dg__limits_of(const dg_limits *lim);
/* Sets err (the first error stays) with key k's allowed values. */
dg_status dg__option_fail(dg_error *err, dg_status code, key_id k, const char *value, dg__lim l,
                          const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
/* Key k's value as received into buf; when it did not fit, what the
 * parser made of it (an integer key's number), else "". */
void dg__option_recall(const dg_options *o, key_id k, char *buf, size_t cap);
/* The columns a size preset gives for rows on layout. */
int dg__preset_cols(int rows, dg_layout layout);

/* Text helpers: ASCII case folding, strict integers, UTF-8-safe cuts. */
int dg__find_name(const char *const *names, size_t n, const char *v);
bool dg__same_word(const char *a, const char *b);
void dg__join(char *buf, size_t cap, const char *const *names, size_t n, const char *sep);
bool dg__is_space(char c);
bool dg__parse_int(const char *s, long long *out);
bool dg__parse_u64(const char *s, uint64_t *out);
size_t dg__utf8_cut(const char *s, size_t max);
int dg__distance(const char *a, const char *b);

#endif
