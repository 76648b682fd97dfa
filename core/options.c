/* options.c -- the option vocabulary: key and value tables, size and room
 * presets, the one parser behind CLI flags, query strings, JSON bodies and
 * config files, and the canonical string; text seeds -> 64 bits. Also the
 * small name helpers of the model (directions, door types, shapes).
 * What the options mean for a map is left to gen_*.c and render/. */
#include "dg.h"

#include <assert.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* ------------------------------------------------------------ value names */

#define NAME_OF(code, name) name,
static const char *const algorithm_names[] = { DG_ALGORITHMS(NAME_OF) };
static const char *const layout_names[] = { DG_LAYOUTS(NAME_OF) };
static const char *const room_layout_names[] = { DG_ROOM_LAYOUTS(NAME_OF) };
static const char *const polymorph_names[] = { DG_POLYMORPHS(NAME_OF) };
static const char *const door_set_names[] = { DG_DOOR_SETS(NAME_OF) };
static const char *const corridor_names[] = { DG_CORRIDOR_STYLES(NAME_OF) };
static const char *const egress_names[] = { DG_EGRESSES(NAME_OF) };
static const char *const format_names[] = { DG_FORMATS(NAME_OF) };
static const char *const grid_names[] = { DG_GRIDS(NAME_OF) };
static const char *const view_names[] = { DG_VIEWS(NAME_OF) };
static const char *const style_names[] = { DG_STYLES(NAME_OF) };
static const char *const connect_names[] = { DG_CONNECTS(NAME_OF) };
#undef NAME_OF

/* "bent" is donjon's own word for errant corridors; accepted on input,
 * printed back as "errant" so both spellings share one canonical string. */
static const char *const corridor_accepted[] = { "labyrinth", "errant", "straight", "bent" };
static const int corridor_accepted_value[] = { DG_CORR_LABYRINTH, DG_CORR_ERRANT,
                                               DG_CORR_STRAIGHT, DG_CORR_ERRANT };

/* Map sizes on donjon's scale, in rows; columns follow from the layout. */
static const char *const size_names[] = { "fine", "diminutive", "tiny", "small", "medium",
                                          "large", "huge", "gargantuan", "colossal" };
static const int size_rows[] = { 11, 13, 17, 21, 27, 35, 43, 55, 71 };
#define SIZE_DEFAULT 4 /* medium */

static const char *const room_size_names[] = { "small", "medium", "large",
                                               "huge", "gargantuan", "colossal" };
static const int room_size_min[] = { 3, 3, 5, 7, 9, 11 };
static const int room_size_max[] = { 5, 9, 13, 17, 21, 27 };
#define ROOM_SIZE_DEFAULT 1 /* medium */

/* Explicit room bounds; bigger rooms than the map are not refused here, the
 * generator clamps them to what fits. */
#define ROOM_DIM_MIN 3
#define ROOM_DIM_MAX 99

/* Number-or-name options. "many" stairs is 4: twice donjon's usual pair. */
static const char *const deadend_names[] = { "none", "some", "all" };
static const int deadend_values[] = { 0, 50, 100 };
#define DEADENDS_DEFAULT 50
static const char *const stair_names[] = { "no", "yes", "many" };
static const int stair_values[] = { 0, 2, 4 };
#define STAIRS_DEFAULT 2
#define STAIRS_MAX 64

#define SEED_TEXT_MAX 200
#define CELL_DEFAULT 18
/* VTT pixels per grid cell: Roll20's own cell size. */
#define PPG_DEFAULT 70

/* ------------------------------------------------------------------ keys */

/* Also the canonical order of the keys (format aside). */
typedef enum {
    K_SEED, K_ALGORITHM, K_SIZE, K_ROWS, K_COLS, K_LAYOUT, K_ROOMS, K_ROOM_SIZE,
    K_ROOM_MIN, K_ROOM_MAX, K_POLYMORPH, K_DOORS, K_CORRIDORS, K_DEADENDS,
    K_STAIRS, K_EGRESS, K_FORMAT, K_STYLE, K_GRID, K_CELL, K_VIEW, K_PPG,
    /* family keys */
    K_CAVE_FILL, K_CAVE_STEPS, K_PANEL_SIZE_MIN, K_ROOM_SIZE_MIN, K_ROOM_SIZE_MAX,
    K_CORRIDOR_MARGIN, K_WALL_MARGIN, K_ROOM_COUNT, K_PILLARS, K_CAVES,
    K_AREA_WIDTH_MIN, K_AREA_HEIGHT_MIN, K_AREA_SIZE_MIN, K_BLOCK_SIZE, K_CONNECT,
    K_COUNT
} key_id;
static const char *const key_names[K_COUNT] = {
    "seed", "algorithm", "size", "rows", "cols", "layout", "rooms", "room_size",
    "room_min", "room_max", "polymorph", "doors", "corridors", "deadends",
    "stairs", "egress", "format", "style", "grid", "cell", "view", "ppg",
    "cave_fill", "cave_steps", "panel_size_min", "room_size_min", "room_size_max",
    "corridor_margin", "wall_margin", "room_count", "pillars", "caves",
    "area_width_min", "area_height_min", "area_size_min", "block_size", "connect",
};

/* Which algorithms a key means something for; 0 = every one. A key given
 * for another family is an error, and the canonical string leaves it out. */
#define ALGO(a) (1u << (a))
static const unsigned key_algos[K_COUNT] = {
    [K_LAYOUT] = ALGO(DG_ALGO_DONJON),
    [K_ROOMS] = ALGO(DG_ALGO_DONJON),
    [K_ROOM_SIZE] = ALGO(DG_ALGO_DONJON),
    [K_ROOM_MIN] = ALGO(DG_ALGO_DONJON),
    [K_ROOM_MAX] = ALGO(DG_ALGO_DONJON),
    [K_POLYMORPH] = ALGO(DG_ALGO_DONJON),
    [K_CORRIDORS] = ALGO(DG_ALGO_DONJON),
    /* panels always prunes every dead end: the key has nothing to say there */
    [K_DEADENDS] = ~ALGO(DG_ALGO_PANELS) & ((1u << DG_ALGO_COUNT) - 1),
    [K_CAVE_FILL] = ALGO(DG_ALGO_DONJON) | ALGO(DG_ALGO_CAVERNS),
    [K_CAVE_STEPS] = ALGO(DG_ALGO_DONJON) | ALGO(DG_ALGO_CAVERNS),
    [K_PANEL_SIZE_MIN] = ALGO(DG_ALGO_PANELS),
    [K_ROOM_SIZE_MIN] = ALGO(DG_ALGO_PANELS),
    [K_ROOM_SIZE_MAX] = ALGO(DG_ALGO_PANELS),
    [K_CORRIDOR_MARGIN] = ALGO(DG_ALGO_PANELS),
    [K_WALL_MARGIN] = ALGO(DG_ALGO_PANELS),
    [K_ROOM_COUNT] = ALGO(DG_ALGO_GRIDMAPPER),
    [K_PILLARS] = ALGO(DG_ALGO_GRIDMAPPER),
    [K_CAVES] = ALGO(DG_ALGO_GRIDMAPPER),
    [K_AREA_WIDTH_MIN] = ALGO(DG_ALGO_ABSTRACT),
    [K_AREA_HEIGHT_MIN] = ALGO(DG_ALGO_ABSTRACT),
    [K_AREA_SIZE_MIN] = ALGO(DG_ALGO_ABSTRACT),
    [K_BLOCK_SIZE] = ALGO(DG_ALGO_CELLS),
    [K_CONNECT] = ALGO(DG_ALGO_CELLS),
};

/* Integer family keys: field, range, default (seed 001's table for panels). */
static const struct {
    key_id k;
    size_t off;
    int lo, hi, def;
} int_keys[] = {
    /* caves: at 45 the halls run together, full of pillars; 50 winds */
    {K_CAVE_FILL, offsetof(dg_options, cave_fill), 35, 65, 50},
    {K_CAVE_STEPS, offsetof(dg_options, cave_steps), 1, 10, 4},
    {K_PANEL_SIZE_MIN, offsetof(dg_options, panel_size_min), 8, 99, 12},
    {K_ROOM_SIZE_MIN, offsetof(dg_options, panel_room_min), 3, 97, 5},
    {K_ROOM_SIZE_MAX, offsetof(dg_options, panel_room_max), 3, 97, 10},
    {K_CORRIDOR_MARGIN, offsetof(dg_options, corridor_margin), 1, 10, 2},
    {K_WALL_MARGIN, offsetof(dg_options, wall_margin), 0, 10, 1},
    {K_ROOM_COUNT, offsetof(dg_options, room_count), 2, 63, 7},
    {K_AREA_WIDTH_MIN, offsetof(dg_options, area_width_min), 3, 99, 5},
    {K_AREA_HEIGHT_MIN, offsetof(dg_options, area_height_min), 3, 99, 5},
    {K_AREA_SIZE_MIN, offsetof(dg_options, area_size_min), 9, 9801, 36},
    {K_BLOCK_SIZE, offsetof(dg_options, block_size), 7, 31, 9},
};

static int *int_field(dg_options *o, size_t i) { return (int *)(void *)((char *)o + int_keys[i].off); }

static int int_key_index(key_id k)
{
    for (size_t i = 0; i < COUNT(int_keys); i++)
        if (int_keys[i].k == k) return (int)i;
    return -1;
}
_Static_assert(K_COUNT <= 64, "one bit per key in dg_options.given");
#define GIVEN(k) ((uint64_t)1 << (k))

/* Deployment limits made safe to use: within the core caps, maxima odd. */
typedef struct { int max_dim, max_cell; } limits;

static limits limits_of(const dg_limits *lim)
{
    limits l = { DG_MAX_DIM, DG_MAX_CELL_PX };
    if (lim) {
        l.max_dim = lim->max_dim < DG_MIN_DIM ? DG_MIN_DIM
                  : lim->max_dim > DG_MAX_DIM ? DG_MAX_DIM : lim->max_dim;
        if (l.max_dim % 2 == 0) l.max_dim--; /* DG_MIN_DIM is odd: stays >= it */
        l.max_cell = lim->max_cell < DG_MIN_CELL_PX ? DG_MIN_CELL_PX
                   : lim->max_cell > DG_MAX_CELL_PX ? DG_MAX_CELL_PX : lim->max_cell;
    }
    return l;
}

/* -------------------------------------------------------- small helpers */

/* ASCII only: the host's locale must not change what a key means. */
static int lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

static bool same_word(const char *a, const char *b)
{
    while (*a && lower((unsigned char)*a) == lower((unsigned char)*b)) a++, b++;
    return *a == '\0' && *b == '\0';
}

static int find_name(const char *const *names, size_t n, const char *v)
{
    for (size_t i = 0; i < n; i++)
        if (same_word(names[i], v)) return (int)i;
    return -1;
}

static const char *name_of(const char *const *names, size_t n, int v)
{
    return v >= 0 && (size_t)v < n ? names[v] : "";
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Writes names joined by sep into buf (always terminated, cut if needed). */
static void join(char *buf, size_t cap, const char *const *names, size_t n, const char *sep)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && len < cap; i++) {
        int w = snprintf(buf + len, cap - len, "%s%s", i ? sep : "", names[i]);
        if (w < 0) break;
        len += (size_t)w;
    }
}

/* Strict decimal integer: optional '-', then digits only. Saturates far
 * above every range here, so "99999999999999999999" is a (too big) integer
 * rather than garbage. */
static bool parse_int(const char *s, long long *out)
{
    bool neg = *s == '-';
    if (neg) s++;
    if (*s == '\0') return false;
    long long v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return false;
        if (v < 1000000000000LL) v = v * 10 + (*s - '0');
    }
    *out = neg ? -v : v;
    return true;
}

/* Digits only, no sign, and the number must fit 64 bits. */
static bool parse_u64(const char *s, uint64_t *out)
{
    if (*s == '\0') return false;
    uint64_t v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return false;
        unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10u) return false;
        v = v * 10u + d;
    }
    *out = v;
    return true;
}

/* Length of s cut to at most max bytes without splitting a UTF-8 sequence. */
static size_t utf8_cut(const char *s, size_t max)
{
    size_t n = strnlen(s, max + 1);
    if (n <= max) return n;
    n = max;
    while (n > 0 && ((unsigned char)s[n] & 0xC0u) == 0x80u && max - n < 3) n--;
    return ((unsigned char)s[n] & 0xC0u) == 0xC0u ? n : max;
}

/* Edit distance of two short words, ASCII case folded; caps at 9. */
static int distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 24 || lb > 24) return 9;
    int row[25];
    for (size_t j = 0; j <= lb; j++) row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j];
            int sub = diag + (lower((unsigned char)a[i - 1]) != lower((unsigned char)b[j - 1]));
            int best = up + 1 < row[j - 1] + 1 ? up + 1 : row[j - 1] + 1;
            row[j] = sub < best ? sub : best;
            diag = up;
        }
    }
    return row[lb] > 9 ? 9 : row[lb];
}

/* --------------------------------------------------------------- errors */

/* What a key accepts, for dg_error.allowed. */
static void allowed_text(key_id k, limits l, char *buf, size_t cap)
{
    switch (k) {
    case K_SEED:      snprintf(buf, cap, "0..18446744073709551615 or text of 1..%d bytes", SEED_TEXT_MAX); break;
    case K_ALGORITHM: join(buf, cap, algorithm_names, COUNT(algorithm_names), "|"); break;
    case K_SIZE:      join(buf, cap, size_names, COUNT(size_names), "|"); break;
    case K_ROWS:
    case K_COLS:      snprintf(buf, cap, "%d..%d", DG_MIN_DIM, l.max_dim); break;
    case K_LAYOUT:    join(buf, cap, layout_names, COUNT(layout_names), "|"); break;
    case K_ROOMS:     join(buf, cap, room_layout_names, COUNT(room_layout_names), "|"); break;
    case K_ROOM_SIZE: join(buf, cap, room_size_names, COUNT(room_size_names), "|"); break;
    case K_ROOM_MIN:
    case K_ROOM_MAX:  snprintf(buf, cap, "%d..%d", ROOM_DIM_MIN, ROOM_DIM_MAX); break;
    case K_POLYMORPH: join(buf, cap, polymorph_names, COUNT(polymorph_names), "|"); break;
    case K_DOORS:     join(buf, cap, door_set_names, COUNT(door_set_names), "|"); break;
    case K_CORRIDORS: join(buf, cap, corridor_accepted, COUNT(corridor_accepted), "|"); break;
    case K_DEADENDS:  snprintf(buf, cap, "none|some|all|0..100"); break;
    case K_STAIRS:    snprintf(buf, cap, "no|yes|many|0..%d", STAIRS_MAX); break;
    case K_EGRESS:    join(buf, cap, egress_names, COUNT(egress_names), "|"); break;
    case K_FORMAT:    join(buf, cap, format_names, COUNT(format_names), "|"); break;
    case K_STYLE:     join(buf, cap, style_names, COUNT(style_names), "|"); break;
    case K_GRID:      join(buf, cap, grid_names, COUNT(grid_names), "|"); break;
    case K_CELL:      snprintf(buf, cap, "%d..%d", DG_MIN_CELL_PX, l.max_cell); break;
    case K_VIEW:      join(buf, cap, view_names, COUNT(view_names), "|"); break;
    case K_PPG:       snprintf(buf, cap, "%d..%d", DG_MIN_PPG, DG_MAX_PPG); break;
    case K_PILLARS:
    case K_CAVES:     snprintf(buf, cap, "yes|no"); break;
    case K_CONNECT:   join(buf, cap, connect_names, COUNT(connect_names), "|"); break;
    case K_COUNT:     buf[0] = '\0'; break;
    default: {
        int i = int_key_index(k);
        if (i >= 0) snprintf(buf, cap, "%d..%d", int_keys[i].lo, int_keys[i].hi);
        else buf[0] = '\0';
        break;
    }
    }
}

/* Every error about key k: param is the key's own (lower case) name, value
 * the text as received, allowed what k accepts. */
static dg_status fail(dg_error *err, dg_status code, key_id k, const char *value,
                      limits l, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
static dg_status fail(dg_error *err, dg_status code, key_id k, const char *value,
                      limits l, const char *fmt, ...)
{
    if (!err || err->code != DG_OK) return code; /* the first error stays */
    char allowed[sizeof err->allowed], msg[sizeof err->msg + 64];
    allowed_text(k, l, allowed, sizeof allowed);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return dg_error_set(err, code, key_names[k], value, allowed, "%s", msg);
}

/* The sentence for a value outside a name list: "rooms must be one of:
 * sparse, scattered, dense, symmetric, complex". */
static dg_status fail_name(dg_error *err, key_id k, const char *value, limits l,
                           const char *const *names, size_t n)
{
    char list[sizeof err->msg];
    join(list, sizeof list, names, n, ", ");
    return fail(err, DG_EINVAL, k, value, l, "%s must be one of: %s", key_names[k], list);
}

static dg_status unknown_key(dg_error *err, const char *key, const char *value)
{
    char shown[40];
    size_t n = utf8_cut(key, 32);
    memcpy(shown, key, n);
    strcpy(shown + n, key[n] ? "..." : "");
    const char *best = NULL;
    int best_d = 3; /* suggest only near misses: one or two typos */
    if (n >= 3) {
        for (int k = 0; k < K_COUNT; k++) {
            int d = distance(key, key_names[k]);
            if (d < best_d) best_d = d, best = key_names[k];
        }
    }
    if (best)
        return dg_error_set(err, DG_EINVAL, key, value, "",
                            "unknown option '%s' (did you mean '%s'?)", shown, best);
    return dg_error_set(err, DG_EINVAL, key, value, "", "unknown option '%s'", shown);
}

/* -------------------------------------------------------------- parsing */

void dg_options_init(dg_options *o)
{
    memset(o, 0, sizeof *o);
    o->algorithm = DG_ALGO_DONJON;
    o->size = SIZE_DEFAULT;
    o->layout = DG_LAYOUT_RECTANGLE;
    o->rooms = DG_ROOMS_SCATTERED;
    o->room_size = ROOM_SIZE_DEFAULT;
    o->polymorph = DG_POLY_NO;
    o->doors = DG_DOORS_STANDARD;
    o->corridors = DG_CORR_ERRANT;
    o->deadends = DEADENDS_DEFAULT;
    o->stairs = STAIRS_DEFAULT;
    o->egress = DG_EGRESS_NO;
    o->format = DG_FMT_JSON;
    o->style = DG_STYLE_STANDARD;
    o->grid = DG_GRID_SQUARE;
    o->cell = CELL_DEFAULT;
    o->view = DG_VIEW_GM;
    o->ppg = PPG_DEFAULT;
    for (size_t i = 0; i < COUNT(int_keys); i++) *int_field(o, i) = int_keys[i].def;
    o->connect = DG_CONNECT_TREE;
    /* Never fails without limits and without explicit keys. */
    (void)dg_options_finish(o, NULL, NULL);
}

/* Columns of a size preset: rectangles are 1.3 times as wide, in integer
 * maths, rounded up and then up again to odd; other layouts are square. */
static int preset_cols(int rows, dg_layout layout)
{
    if (layout != DG_LAYOUT_RECTANGLE) return rows;
    int cols = (rows * 13 + 9) / 10;
    return cols | 1;
}

/* An odd integer in [lo, hi] (hi odd; even values round up). Out of range
 * is range_code; not an integer at all is DG_EINVAL. */
static dg_status set_odd(int *out, key_id k, const char *value, int lo, int hi,
                         dg_status range_code, limits l, dg_error *err)
{
    long long v;
    if (!parse_int(value, &v))
        return fail(err, DG_EINVAL, k, value, l, "%s must be an integer from %d to %d",
                    key_names[k], lo, hi);
    if (v < lo || v > hi)
        return fail(err, range_code, k, value, l, "%s must be an integer from %d to %d",
                    key_names[k], lo, hi);
    *out = (int)v | 1;
    return DG_OK;
}

/* A name from names (mapped through values) or an integer 0..hi. */
static dg_status set_amount(int *out, key_id k, const char *value, const char *const *names,
                            const int *values, size_t n, int hi, limits l, dg_error *err)
{
    int i = find_name(names, n, value);
    if (i >= 0) {
        *out = values[i];
        return DG_OK;
    }
    long long v;
    if (parse_int(value, &v) && v >= 0 && v <= hi) {
        *out = (int)v;
        return DG_OK;
    }
    return fail(err, DG_EINVAL, k, value, l, "%s must be %s, %s, %s or an integer from 0 to %d",
                key_names[k], names[0], names[1], names[2], hi);
}

/* A value from a name list; the enum is set by the caller from *out. */
static dg_status set_name(int *out, key_id k, const char *value, const char *const *names,
                          size_t n, limits l, dg_error *err)
{
    int i = find_name(names, n, value);
    if (i < 0) return fail_name(err, k, value, l, names, n);
    *out = i;
    return DG_OK;
}

/* The rules every value obeys before its own: present, and not padded --
 * white space is refused rather than trimmed, so what was sent is what was
 * meant and two spellings cannot hide one another in logs. */
static bool value_ok(const char *value)
{
    if (!value || !*value) return false;
    size_t len = strlen(value);
    return !is_space(value[0]) && !is_space(value[len - 1]);
}

dg_status dg_options_set(dg_options *o, const char *key, const char *value,
                         const dg_limits *lim, dg_error *err)
{
    if (!o) return dg_error_set(err, DG_EINVAL, key, value, "", "no options to set");
    if (!key || !*key) return dg_error_set(err, DG_EINVAL, "", value, "", "option name is empty");
    int k = find_name(key_names, K_COUNT, key);
    if (k < 0) return unknown_key(err, key, value);
    limits l = limits_of(lim);
    if (o->given & GIVEN(k))
        return fail(err, DG_EINVAL, k, value, l, "option '%s' given twice", key_names[k]);
    if (!value || !*value)
        return fail(err, DG_EINVAL, k, "", l, "option '%s' needs a value", key_names[k]);
    if (!value_ok(value))
        return fail(err, DG_EINVAL, k, value, l, "%s must not start or end with white space",
                    key_names[k]);

    dg_status rc = DG_OK;
    int v = 0;
    switch ((key_id)k) {
    case K_SEED:
        if (strnlen(value, SEED_TEXT_MAX + 1) > SEED_TEXT_MAX)
            return fail(err, DG_EINVAL, K_SEED, value, l,
                        "seed must be a number or a text of at most %d bytes", SEED_TEXT_MAX);
        dg_options_set_seed(o, dg_seed_from_text(value));
        break;
    case K_ALGORITHM:
        if (!(rc = set_name(&v, K_ALGORITHM, value, algorithm_names, COUNT(algorithm_names), l, err)))
            o->algorithm = (dg_algorithm)v;
        break;
    case K_SIZE:
        if (!(rc = set_name(&v, K_SIZE, value, size_names, COUNT(size_names), l, err)))
            o->size = v;
        break;
    case K_ROWS:
        rc = set_odd(&o->raw_rows, K_ROWS, value, DG_MIN_DIM, l.max_dim, DG_ELIMIT, l, err);
        break;
    case K_COLS:
        rc = set_odd(&o->raw_cols, K_COLS, value, DG_MIN_DIM, l.max_dim, DG_ELIMIT, l, err);
        break;
    case K_LAYOUT:
        if (!(rc = set_name(&v, K_LAYOUT, value, layout_names, COUNT(layout_names), l, err)))
            o->layout = (dg_layout)v;
        break;
    case K_ROOMS:
        if (!(rc = set_name(&v, K_ROOMS, value, room_layout_names, COUNT(room_layout_names), l, err)))
            o->rooms = (dg_room_layout)v;
        break;
    case K_ROOM_SIZE:
        if (!(rc = set_name(&v, K_ROOM_SIZE, value, room_size_names, COUNT(room_size_names), l, err)))
            o->room_size = v;
        break;
    case K_ROOM_MIN:
        rc = set_odd(&o->raw_room_min, K_ROOM_MIN, value, ROOM_DIM_MIN, ROOM_DIM_MAX, DG_EINVAL, l, err);
        break;
    case K_ROOM_MAX:
        rc = set_odd(&o->raw_room_max, K_ROOM_MAX, value, ROOM_DIM_MIN, ROOM_DIM_MAX, DG_EINVAL, l, err);
        break;
    case K_POLYMORPH:
        if (!(rc = set_name(&v, K_POLYMORPH, value, polymorph_names, COUNT(polymorph_names), l, err)))
            o->polymorph = (dg_polymorph)v;
        break;
    case K_DOORS:
        if (!(rc = set_name(&v, K_DOORS, value, door_set_names, COUNT(door_set_names), l, err)))
            o->doors = (dg_door_set)v;
        break;
    case K_CORRIDORS:
        if (!(rc = set_name(&v, K_CORRIDORS, value, corridor_accepted, COUNT(corridor_accepted), l, err)))
            o->corridors = (dg_corridor_style)corridor_accepted_value[v];
        break;
    case K_DEADENDS:
        rc = set_amount(&o->deadends, K_DEADENDS, value, deadend_names, deadend_values,
                        COUNT(deadend_names), 100, l, err);
        break;
    case K_STAIRS:
        rc = set_amount(&o->stairs, K_STAIRS, value, stair_names, stair_values,
                        COUNT(stair_names), STAIRS_MAX, l, err);
        break;
    case K_EGRESS:
        if (!(rc = set_name(&v, K_EGRESS, value, egress_names, COUNT(egress_names), l, err)))
            o->egress = (dg_egress)v;
        break;
    case K_FORMAT:
        if (!(rc = set_name(&v, K_FORMAT, value, format_names, COUNT(format_names), l, err)))
            o->format = (dg_format)v;
        break;
    case K_STYLE:
        if (!(rc = set_name(&v, K_STYLE, value, style_names, COUNT(style_names), l, err)))
            o->style = (dg_style)v;
        break;
    case K_GRID:
        if (!(rc = set_name(&v, K_GRID, value, grid_names, COUNT(grid_names), l, err)))
            o->grid = (dg_grid)v;
        break;
    case K_CELL: {
        long long c;
        if (!parse_int(value, &c))
            return fail(err, DG_EINVAL, K_CELL, value, l, "cell must be an integer from %d to %d",
                        DG_MIN_CELL_PX, l.max_cell);
        if (c < DG_MIN_CELL_PX || c > l.max_cell)
            return fail(err, DG_ELIMIT, K_CELL, value, l, "cell must be an integer from %d to %d",
                        DG_MIN_CELL_PX, l.max_cell);
        o->cell = (int)c;
        break;
    }
    case K_VIEW:
        if (!(rc = set_name(&v, K_VIEW, value, view_names, COUNT(view_names), l, err)))
            o->view = (dg_view)v;
        break;
    case K_PPG: {
        long long c;
        if (!parse_int(value, &c))
            return fail(err, DG_EINVAL, K_PPG, value, l, "ppg must be an integer from %d to %d",
                        DG_MIN_PPG, DG_MAX_PPG);
        if (c < DG_MIN_PPG || c > DG_MAX_PPG)
            return fail(err, DG_ELIMIT, K_PPG, value, l, "ppg must be an integer from %d to %d",
                        DG_MIN_PPG, DG_MAX_PPG);
        o->ppg = (int)c;
        break;
    }
    case K_PILLARS:
    case K_CAVES: {
        bool b;
        if (dg_options_parse_bool(key_names[k], value, &b, NULL) != DG_OK)
            return fail(err, DG_EINVAL, k, value, l, "%s must be yes or no", key_names[k]);
        if (k == K_PILLARS) o->pillars = b;
        else o->caves = b;
        break;
    }
    case K_CONNECT:
        if (!(rc = set_name(&v, K_CONNECT, value, connect_names, COUNT(connect_names), l, err)))
            o->connect = (dg_connect)v;
        break;
    case K_COUNT:
        break;
    default: {
        int i = int_key_index((key_id)k);
        long long n;
        if (i < 0) break;
        if (!parse_int(value, &n) || n < int_keys[i].lo || n > int_keys[i].hi)
            return fail(err, DG_EINVAL, k, value, l, "%s must be an integer from %d to %d",
                        key_names[k], int_keys[i].lo, int_keys[i].hi);
        *int_field(o, (size_t)i) = (int)n;
        break;
    }
    }
    if (rc == DG_OK) o->given |= GIVEN(k);
    return rc;
}

/* Sizes whose preset fits the limit, for the allowed list of a size error. */
static void sizes_within(char *buf, size_t cap, dg_layout layout, int max_dim)
{
    const char *fit[COUNT(size_names)];
    size_t n = 0;
    for (size_t i = 0; i < COUNT(size_names); i++)
        if (preset_cols(size_rows[i], layout) <= max_dim && size_rows[i] <= max_dim)
            fit[n++] = size_names[i];
    join(buf, cap, fit, n, "|");
}

/* Explicit rows/cols beat the size preset whatever the key order, so the
 * preset is resolved only here. A default preset over a small deployment
 * limit shrinks to the limit (a bare request must work); an explicit one is
 * an error. Calling this again changes nothing. */
static dg_status finish_dims(dg_options *o, limits l, dg_error *err)
{
    bool rows_given = o->given & GIVEN(K_ROWS), cols_given = o->given & GIVEN(K_COLS);
    if (o->size >= 0 && (size_t)o->size < COUNT(size_rows)) {
        int rows = size_rows[o->size], cols = preset_cols(rows, o->layout);
        if ((!rows_given && rows > l.max_dim) || (!cols_given && cols > l.max_dim)) {
            if (o->given & GIVEN(K_SIZE)) {
                char fit[sizeof err->allowed];
                sizes_within(fit, sizeof fit, o->layout, l.max_dim);
                return dg_error_set(err, DG_ELIMIT, "size", size_names[o->size], fit,
                                    "size %s is %dx%d cells, over the limit of %d",
                                    size_names[o->size], rows, cols, l.max_dim);
            }
            if (rows > l.max_dim) rows = l.max_dim;
            if (cols > l.max_dim) cols = l.max_dim;
        }
        o->rows = rows;
        o->cols = cols;
    }
    if (rows_given) o->rows = o->raw_rows;
    if (cols_given) o->cols = o->raw_cols;
    if (rows_given || cols_given) o->size = -1;
    return DG_OK;
}

/* Same precedence for room bounds: explicit room_min/room_max beat the
 * room_size preset. Rooms larger than the map are the generator's to clamp. */
static dg_status finish_rooms(dg_options *o, dg_error *err)
{
    bool min_given = o->given & GIVEN(K_ROOM_MIN), max_given = o->given & GIVEN(K_ROOM_MAX);
    int preset = o->room_size;
    if (preset >= 0 && (size_t)preset < COUNT(room_size_min)) {
        o->room_min = room_size_min[preset];
        o->room_max = room_size_max[preset];
    }
    if (min_given) o->room_min = o->raw_room_min;
    if (max_given) o->room_max = o->raw_room_max;
    if (min_given || max_given) o->room_size = -1;
    if (o->room_min <= o->room_max) return DG_OK;

    char value[16], allowed[32];
    snprintf(value, sizeof value, "%d", o->room_min);
    snprintf(allowed, sizeof allowed, "%d..%d", ROOM_DIM_MIN, o->room_max);
    if (max_given || preset < 0 || (size_t)preset >= COUNT(room_size_max))
        return dg_error_set(err, DG_EINVAL, "room_min", value, allowed,
                            "room_min (%d) must not be larger than room_max (%d)",
                            o->room_min, o->room_max);
    return dg_error_set(err, DG_EINVAL, "room_min", value, allowed,
                        "room_min (%d) must not be larger than room_max (%d, from room_size %s)",
                        o->room_min, o->room_max, room_size_names[preset]);
}

/* Names of the algorithms a key applies to, for the error sentence. */
static void algos_of(key_id k, char *buf, size_t cap)
{
    const char *names[DG_ALGO_COUNT];
    size_t n = 0;
    for (int a = 0; a < DG_ALGO_COUNT; a++)
        if (!key_algos[k] || (key_algos[k] & ALGO(a))) names[n++] = algorithm_names[a];
    join(buf, cap, names, n, "|");
}

/* Keys given for another family, and each family's own cross-key rules. */
static dg_status finish_family(dg_options *o, dg_error *err)
{
    for (int k = 0; k < K_COUNT; k++) {
        if (!(o->given & GIVEN(k)) || !key_algos[k] || (key_algos[k] & ALGO(o->algorithm))) continue;
        char fits[sizeof err->allowed];
        algos_of((key_id)k, fits, sizeof fits);
        return dg_error_set(err, DG_EINVAL, key_names[k], "", fits,
                            "%s does not apply to algorithm=%s (only to %s)", key_names[k],
                            algorithm_names[o->algorithm], fits);
    }
    if (o->algorithm == DG_ALGO_PANELS) {
        char v[16], allowed[32];
        if (o->panel_room_min > o->panel_room_max) {
            snprintf(v, sizeof v, "%d", o->panel_room_min);
            snprintf(allowed, sizeof allowed, "3..%d", o->panel_room_max);
            return dg_error_set(err, DG_EINVAL, "room_size_min", v, allowed,
                                "room_size_min (%d) must not be larger than room_size_max (%d)",
                                o->panel_room_min, o->panel_room_max);
        }
        /* seed 001: a panel must hold the smallest room plus a corridor
         * margin on both sides and the dividing line */
        int need = o->panel_room_min + 2 * o->corridor_margin + 1;
        if (o->panel_size_min <= need) {
            snprintf(v, sizeof v, "%d", o->panel_size_min);
            snprintf(allowed, sizeof allowed, "%d..99", need + 1);
            return dg_error_set(err, DG_EINVAL, "panel_size_min", v, allowed,
                                "panel_size_min (%d) must be larger than room_size_min + "
                                "2 x corridor_margin + 1 (%d)",
                                o->panel_size_min, need);
        }
    }
    return DG_OK;
}

dg_status dg_options_finish(dg_options *o, const dg_limits *lim, dg_error *err)
{
    if (!o) return dg_error_set(err, DG_EINVAL, "", "", "", "no options to finish");
    limits l = limits_of(lim);
    dg_status rc = finish_family(o, err);
    if (rc != DG_OK) return rc;
    rc = finish_dims(o, l, err);
    if (rc != DG_OK) return rc;
    if ((rc = finish_rooms(o, err)) != DG_OK) return rc;
    if (!(o->given & GIVEN(K_CELL)) && o->cell > l.max_cell) o->cell = l.max_cell;
    return DG_OK;
}

dg_status dg_options_parse(dg_options *o, size_t n, const char *const keys[],
                           const char *const values[], const dg_limits *lim,
                           dg_error *err)
{
    if (!o) return dg_error_set(err, DG_EINVAL, "", "", "", "no options to parse");
    dg_options_init(o);
    if (n > 0 && (!keys || !values))
        return dg_error_set(err, DG_EINVAL, "", "", "", "option list is missing");
    for (size_t i = 0; i < n; i++) {
        dg_status rc = dg_options_set(o, keys[i], values[i], lim, err);
        if (rc != DG_OK) return rc;
    }
    return dg_options_finish(o, lim, err);
}

void dg_options_set_seed(dg_options *o, uint64_t seed)
{
    o->seed = seed;
    o->seed_given = true;
}

/* Decimal text that fits 64 bits is the number itself; anything else --
 * words, signs, padding, and decimal text too long for 64 bits -- is hashed
 * as text, so "18446744073709551616" is a valid (text) seed, not an error. */
uint64_t dg_seed_from_text(const char *text)
{
    if (!text) text = "";
    uint64_t v;
    if (parse_u64(text, &v)) return v;
    return dg_hash64(text, strlen(text), 0);
}

dg_status dg_options_parse_bool(const char *key, const char *value, bool *out,
                                dg_error *err)
{
    static const char *const names[] = { "yes", "no", "true", "false", "1", "0" };
    if (!key) key = "";
    int i = value_ok(value) ? find_name(names, COUNT(names), value) : -1;
    if (i < 0)
        return dg_error_set(err, DG_EINVAL, key, value, "yes|no|true|false|1|0",
                            "%s must be yes, no, true, false, 1 or 0", *key ? key : "value");
    *out = i % 2 == 0;
    return DG_OK;
}

/* Callers set a seed first (dg_options_set_seed when none was given): a
 * permalink without its seed names no map. Without one, debug builds stop
 * here and release builds print seed=0. */
/* Appends "&key=value" (no '&' first) into buf, snprintf-style: len keeps
 * counting past cap so the caller learns the full length. */
static void put(char *buf, size_t cap, size_t *len, const char *key, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
static void put(char *buf, size_t cap, size_t *len, const char *key, const char *fmt, ...)
{
    char value[32];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(value, sizeof value, fmt, ap);
    va_end(ap);
    int n = snprintf(*len < cap ? buf + *len : NULL, *len < cap ? cap - *len : 0, "%s%s=%s",
                     *len ? "&" : "", key, value);
    if (n > 0) *len += (size_t)n;
}

/* Callers set a seed first (dg_options_set_seed when none was given): a
 * permalink without its seed names no map. Without one, debug builds stop
 * here and release builds print seed=0. Keys that mean nothing for the
 * algorithm are left out, so equal maps share one string. */
size_t dg_options_canonical(const dg_options *o, char *buf, size_t cap)
{
    assert(o && o->seed_given);
    size_t len = 0;
    unsigned me = ALGO(o->algorithm);
#define APPLIES(k) (!key_algos[k] || (key_algos[k] & me))
    if (cap) buf[0] = '\0';
    put(buf, cap, &len, "seed", "%" PRIu64, o->seed_given ? o->seed : 0);
    put(buf, cap, &len, "algorithm", "%s", dg_algorithm_name(o->algorithm));
    put(buf, cap, &len, "rows", "%d", o->rows);
    put(buf, cap, &len, "cols", "%d", o->cols);
    if (APPLIES(K_LAYOUT)) put(buf, cap, &len, "layout", "%s", dg_layout_name(o->layout));
    if (APPLIES(K_ROOMS)) put(buf, cap, &len, "rooms", "%s", dg_room_layout_name(o->rooms));
    if (APPLIES(K_ROOM_MIN)) put(buf, cap, &len, "room_min", "%d", o->room_min);
    if (APPLIES(K_ROOM_MAX)) put(buf, cap, &len, "room_max", "%d", o->room_max);
    if (APPLIES(K_POLYMORPH)) put(buf, cap, &len, "polymorph", "%s", dg_polymorph_name(o->polymorph));
    put(buf, cap, &len, "doors", "%s", dg_door_set_name(o->doors));
    if (APPLIES(K_CORRIDORS)) put(buf, cap, &len, "corridors", "%s", dg_corridor_style_name(o->corridors));
    if (APPLIES(K_DEADENDS)) put(buf, cap, &len, "deadends", "%d", o->deadends);
    put(buf, cap, &len, "stairs", "%d", o->stairs);
    put(buf, cap, &len, "egress", "%s", dg_egress_name(o->egress));
    /* family keys: caves only matter to donjon when its layout is cavernous */
    for (int k = K_CAVE_FILL; k < K_COUNT; k++) {
        if (!APPLIES(k)) continue;
        if (o->algorithm == DG_ALGO_DONJON && o->layout != DG_LAYOUT_CAVERNOUS) continue;
        int i = int_key_index((key_id)k);
        if (i >= 0) put(buf, cap, &len, key_names[k], "%d", *int_field((dg_options *)o, (size_t)i));
        else if (k == K_PILLARS) put(buf, cap, &len, key_names[k], "%s", o->pillars ? "yes" : "no");
        else if (k == K_CAVES) put(buf, cap, &len, key_names[k], "%s", o->caves ? "yes" : "no");
        else if (k == K_CONNECT) put(buf, cap, &len, key_names[k], "%s", dg_connect_name(o->connect));
    }
    put(buf, cap, &len, "style", "%s", dg_style_name(o->style));
    put(buf, cap, &len, "grid", "%s", dg_grid_name(o->grid));
    put(buf, cap, &len, "cell", "%d", o->cell);
    put(buf, cap, &len, "view", "%s", dg_view_name(o->view));
    put(buf, cap, &len, "ppg", "%d", o->ppg);
#undef APPLIES
    return len;
}

bool dg_option_applies(const char *key, dg_algorithm a)
{
    int k = key ? find_name(key_names, K_COUNT, key) : -1;
    if (k < 0 || (unsigned)a >= DG_ALGO_COUNT) return false;
    return !key_algos[k] || (key_algos[k] & ALGO(a));
}

dg_limits dg_limits_default(void)
{
    dg_limits l = { DG_MAX_DIM, DG_MAX_CELL_PX };
    return l;
}

/* ----------------------------------------------------------- name lookup */

const char *dg_algorithm_name(dg_algorithm v) { return name_of(algorithm_names, COUNT(algorithm_names), (int)v); }
const char *dg_layout_name(dg_layout v) { return name_of(layout_names, COUNT(layout_names), (int)v); }
const char *dg_room_layout_name(dg_room_layout v) { return name_of(room_layout_names, COUNT(room_layout_names), (int)v); }
const char *dg_polymorph_name(dg_polymorph v) { return name_of(polymorph_names, COUNT(polymorph_names), (int)v); }
const char *dg_door_set_name(dg_door_set v) { return name_of(door_set_names, COUNT(door_set_names), (int)v); }
const char *dg_corridor_style_name(dg_corridor_style v) { return name_of(corridor_names, COUNT(corridor_names), (int)v); }
const char *dg_egress_name(dg_egress v) { return name_of(egress_names, COUNT(egress_names), (int)v); }
const char *dg_format_name(dg_format v) { return name_of(format_names, COUNT(format_names), (int)v); }
const char *dg_grid_name(dg_grid v) { return name_of(grid_names, COUNT(grid_names), (int)v); }
const char *dg_view_name(dg_view v) { return name_of(view_names, COUNT(view_names), (int)v); }
const char *dg_style_name(dg_style v) { return name_of(style_names, COUNT(style_names), (int)v); }
const char *dg_connect_name(dg_connect v) { return name_of(connect_names, COUNT(connect_names), (int)v); }

const char *dg_size_name(int size)
{
    return size < 0 ? "custom" : name_of(size_names, COUNT(size_names), size);
}

const char *dg_room_size_name(int room_size)
{
    return room_size < 0 ? "custom" : name_of(room_size_names, COUNT(room_size_names), room_size);
}

static const char *const dir_names[] = { "north", "south", "west", "east" };

const char *dg_dir_name(dg_dir d) { return name_of(dir_names, COUNT(dir_names), (int)d); }

#define DOOR_NAME(code, name, bit) name,
#define DOOR_BIT(code, name, bit) bit,
static const char *const door_type_names[] = { DG_DOOR_TYPES(DOOR_NAME) };
static const uint32_t door_type_bits[] = { DG_DOOR_TYPES(DOOR_BIT) };
#undef DOOR_NAME
#undef DOOR_BIT

const char *dg_door_type_name(dg_door_type t)
{
    return name_of(door_type_names, COUNT(door_type_names), (int)t);
}

uint32_t dg_door_type_bit(dg_door_type t)
{
    return (int)t >= 0 && (size_t)t < COUNT(door_type_bits) ? door_type_bits[t] : 0u;
}

static const char *const shape_names[] = { "rect", "circle", "polygon", "composite" };

const char *dg_shape_name(dg_shape s) { return name_of(shape_names, COUNT(shape_names), (int)s); }
