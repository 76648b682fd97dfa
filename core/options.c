/* options.c -- the one parser behind CLI flags, query strings, JSON bodies
 * and config files: dg_options_set() per pair (dg_options_finish(), for
 * presets and cross-key rules, is options_finish.c's); text seeds -> 64
 * bits. The vocabulary itself is data in option_names.c; the canonical
 * string is canonical.c's.
 * What the options mean for a map is left to gen_*.c and render/. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "options_int.h"

dg__lim dg__limits_of(const dg_limits *lim)
{
    dg__lim l = { DG_MAX_DIM, DG_MAX_CELL_PX };
    if (lim) {
        l.max_dim = lim->max_dim < DG_MIN_DIM ? DG_MIN_DIM
                  : lim->max_dim > DG_MAX_DIM ? DG_MAX_DIM : lim->max_dim;
        if (l.max_dim % 2 == 0) l.max_dim--; /* DG_MIN_DIM is odd: stays >= it */
        l.max_cell = lim->max_cell < DG_MIN_CELL_PX ? DG_MIN_CELL_PX
                   : lim->max_cell > DG_MAX_CELL_PX ? DG_MAX_CELL_PX : lim->max_cell;
    }
    return l;
}

/* --------------------------------------------------------------- errors */

/* What a key accepts, for dg_error.allowed. */
static void allowed_text(key_id k, dg__lim l, char *buf, size_t cap)
{
    switch (k) {
    case K_SEED:      snprintf(buf, cap, "0..18446744073709551615 or text of 1..%d bytes", SEED_TEXT_MAX); break;
    case K_ALGORITHM: dg__join(buf, cap, dg__algorithm_names, COUNT(dg__algorithm_names), "|"); break;
    case K_SIZE:      dg__join(buf, cap, dg__size_names, COUNT(dg__size_names), "|"); break;
    case K_ROWS:
    case K_COLS:      snprintf(buf, cap, "%d..%d", DG_MIN_DIM, l.max_dim); break;
    case K_LAYOUT:    dg__join(buf, cap, dg__layout_names, COUNT(dg__layout_names), "|"); break;
    case K_ROOMS:     dg__join(buf, cap, dg__room_layout_names, COUNT(dg__room_layout_names), "|"); break;
    case K_ROOM_SIZE: dg__join(buf, cap, dg__room_size_names, COUNT(dg__room_size_names), "|"); break;
    case K_ROOM_MIN:
    case K_ROOM_MAX:  snprintf(buf, cap, "%d..%d", ROOM_DIM_MIN, ROOM_DIM_MAX); break;
    case K_POLYMORPH: dg__join(buf, cap, dg__polymorph_names, COUNT(dg__polymorph_names), "|"); break;
    case K_DOORS:     dg__join(buf, cap, dg__door_set_names, COUNT(dg__door_set_names), "|"); break;
    case K_CORRIDORS: dg__join(buf, cap, dg__corridor_accepted, COUNT(dg__corridor_accepted), "|"); break;
    case K_DEADENDS:  snprintf(buf, cap, "none|some|all|0..100"); break;
    case K_STAIRS:    snprintf(buf, cap, "no|yes|many|0..%d", STAIRS_MAX); break;
    case K_EGRESS:    dg__join(buf, cap, dg__egress_names, COUNT(dg__egress_names), "|"); break;
    case K_FORMAT:    dg__join(buf, cap, dg__format_names, COUNT(dg__format_names), "|"); break;
    case K_STYLE:     dg__join(buf, cap, dg__style_names, COUNT(dg__style_names), "|"); break;
    case K_GRID:      dg__join(buf, cap, dg__grid_names, COUNT(dg__grid_names), "|"); break;
    case K_CELL:      snprintf(buf, cap, "%d..%d", DG_MIN_CELL_PX, l.max_cell); break;
    case K_VIEW:      dg__join(buf, cap, dg__view_names, COUNT(dg__view_names), "|"); break;
    case K_PPG:       snprintf(buf, cap, "%d..%d", DG_MIN_PPG, DG_MAX_PPG); break;
    case K_PILLARS:
    case K_CAVES:     snprintf(buf, cap, "yes|no"); break;
    case K_CONNECT:   dg__join(buf, cap, dg__connect_names, COUNT(dg__connect_names), "|"); break;
    case K_COUNT:     buf[0] = '\0'; break;
    default: {
        int i = dg__int_key_index(k);
        if (i >= 0) snprintf(buf, cap, "%d..%d", dg__int_keys[i].lo, dg__int_keys[i].hi);
        else buf[0] = '\0';
        break;
    }
    }
}

const char *dg_option_key(size_t i)
{
    return i < K_COUNT ? dg__key_names[i] : NULL;
}

void dg_option_allowed(const char *key, char *buf, size_t cap)
{
    if (!cap) return;
    int k = key ? dg__find_name(dg__key_names, K_COUNT, key) : -1;
    if (k < 0) buf[0] = '\0';
    else allowed_text((key_id)k, dg__limits_of(NULL), buf, cap);
}

/* Every error about key k: param is the key's own (lower case) name, value
 * the text as received, allowed what k accepts. */
dg_status dg__option_fail(dg_error *err, dg_status code, key_id k, const char *value,
                      dg__lim l, const char *fmt, ...)
{
    if (!err || err->code != DG_OK) return code; /* the first error stays */
    char allowed[sizeof err->allowed], msg[sizeof err->msg + 64];
    allowed_text(k, l, allowed, sizeof allowed);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return dg_error_set(err, code, dg__key_names[k], value, allowed, "%s", msg);
}

/* The sentence for a value outside a name list: "rooms must be one of:
 * sparse, scattered, dense, symmetric, complex". */
static dg_status fail_name(dg_error *err, key_id k, const char *value, dg__lim l,
                           const char *const *names, size_t n)
{
    char list[sizeof err->msg];
    dg__join(list, sizeof list, names, n, ", ");
    return dg__option_fail(err, DG_EINVAL, k, value, l, "%s must be one of: %s", dg__key_names[k], list);
}

static dg_status unknown_key(dg_error *err, const char *key, const char *value)
{
    char shown[40];
    size_t n = dg__utf8_cut(key, 32);
    memcpy(shown, key, n);
    strcpy(shown + n, key[n] ? "..." : "");
    const char *best = NULL;
    int best_d = 3; /* suggest only near misses: one or two typos */
    if (n >= 3) {
        for (int k = 0; k < K_COUNT; k++) {
            int d = dg__distance(key, dg__key_names[k]);
            if (d < best_d) best_d = d, best = dg__key_names[k];
        }
    }
    if (best)
        return dg_error_set(err, DG_EINVAL, key, value, "",
                            "unknown option '%s' (did you mean '%s'?)", shown, best);
    return dg_error_set(err, DG_EINVAL, key, value, "", "unknown option '%s'", shown);
}

/* ------------------------------------------------- values as received */

/* Keys whose errors can come from dg_options_finish, after the text is
 * gone: the family keys (given for another algorithm or layout) and what
 * sizes a raster (too big an image). */
static bool kept_as_text(key_id k)
{
    if (k >= K_COUNT) return false; /* the switch's end marker: no key */
    return dg__key_algos[k] || k == K_ROWS || k == K_COLS || k == K_CELL || k == K_PPG;
}

/* Keeps value (cut to what is left, UTF-8 safe) as key k's entry. */
static void remember(dg_options *o, key_id k, const char *value)
{
    size_t used = o->given_len, room = sizeof o->given_text - used;
    if (room < 3) return; /* key byte, one byte of text, NUL */
    size_t n = dg__utf8_cut(value, room - 2 < 63 ? room - 2 : 63);
    o->given_text[used] = (char)(k + 1);
    memcpy(o->given_text + used + 1, value, n);
    o->given_text[used + 1 + n] = '\0';
    o->given_len = (unsigned short)(used + n + 2);
}

/* Key k's value as received into buf; when it did not fit, what the
 * parser made of it (an integer key's number), else "". */
void dg__option_recall(const dg_options *o, key_id k, char *buf, size_t cap)
{
    for (size_t i = 0; i < o->given_len && i < sizeof o->given_text;) {
        const char *t = o->given_text + i + 1;
        size_t n = strnlen(t, sizeof o->given_text - i - 1);
        if (o->given_text[i] == (char)(k + 1)) {
            snprintf(buf, cap, "%.*s", (int)n, t);
            return;
        }
        i += n + 2;
    }
    int j = dg__int_key_index(k);
    if (j >= 0) snprintf(buf, cap, "%d", *dg__int_field((dg_options *)o, (size_t)j));
    else if (k == K_ROWS) snprintf(buf, cap, "%d", o->rows);
    else if (k == K_COLS) snprintf(buf, cap, "%d", o->cols);
    else if (k == K_CELL) snprintf(buf, cap, "%d", o->cell);
    else if (k == K_PPG) snprintf(buf, cap, "%d", o->ppg);
    else if (cap) buf[0] = '\0';
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
    for (size_t i = 0; i < COUNT(dg__int_keys); i++) *dg__int_field(o, i) = dg__int_keys[i].def;
    o->connect = DG_CONNECT_TREE;
    /* Never fails without limits and without explicit keys. */
    (void)dg_options_finish(o, NULL, NULL);
}

/* Columns of a size preset: rectangles are 1.3 times as wide, in integer
 * maths, rounded up and then up again to odd; other layouts are square. */
int dg__preset_cols(int rows, dg_layout layout)
{
    if (layout != DG_LAYOUT_RECTANGLE) return rows;
    int cols = (rows * 13 + 9) / 10;
    return cols | 1;
}

/* An odd integer in [lo, hi] (hi odd; even values round up). Out of range
 * is range_code; not an integer at all is DG_EINVAL. */
static dg_status set_odd(int *out, key_id k, const char *value, int lo, int hi,
                         dg_status range_code, dg__lim l, dg_error *err)
{
    long long v;
    if (!dg__parse_int(value, &v))
        return dg__option_fail(err, DG_EINVAL, k, value, l, "%s must be an integer from %d to %d",
                    dg__key_names[k], lo, hi);
    if (v < lo || v > hi)
        return dg__option_fail(err, range_code, k, value, l, "%s must be an integer from %d to %d",
                    dg__key_names[k], lo, hi);
    *out = (int)v | 1;
    return DG_OK;
}

/* A name from names (mapped through values) or an integer 0..hi. */
static dg_status set_amount(int *out, key_id k, const char *value, const char *const *names,
                            const int *values, size_t n, int hi, dg__lim l, dg_error *err)
{
    int i = dg__find_name(names, n, value);
    if (i >= 0) {
        *out = values[i];
        return DG_OK;
    }
    long long v;
    if (dg__parse_int(value, &v) && v >= 0 && v <= hi) {
        *out = (int)v;
        return DG_OK;
    }
    return dg__option_fail(err, DG_EINVAL, k, value, l, "%s must be %s, %s, %s or an integer from 0 to %d",
                dg__key_names[k], names[0], names[1], names[2], hi);
}

/* A value from a name list; the enum is set by the caller from *out. */
static dg_status set_name(int *out, key_id k, const char *value, const char *const *names,
                          size_t n, dg__lim l, dg_error *err)
{
    int i = dg__find_name(names, n, value);
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
    return !dg__is_space(value[0]) && !dg__is_space(value[len - 1]);
}

dg_status dg_options_set(dg_options *o, const char *key, const char *value,
                         const dg_limits *lim, dg_error *err)
{
    if (!o) return dg_error_set(err, DG_EINVAL, key, value, "", "no options to set");
    if (!key || !*key) return dg_error_set(err, DG_EINVAL, "", value, "", "option name is empty");
    int k = dg__find_name(dg__key_names, K_COUNT, key);
    if (k < 0) return unknown_key(err, key, value);
    dg__lim l = dg__limits_of(lim);
    if (o->given & GIVEN(k))
        return dg__option_fail(err, DG_EINVAL, k, value, l, "option '%s' given twice", dg__key_names[k]);
    if (!value || !*value)
        return dg__option_fail(err, DG_EINVAL, k, "", l, "option '%s' needs a value", dg__key_names[k]);
    if (!value_ok(value))
        return dg__option_fail(err, DG_EINVAL, k, value, l, "%s must not start or end with white space",
                    dg__key_names[k]);

    dg_status rc = DG_OK;
    int v = 0;
    switch ((key_id)k) {
    case K_SEED:
        if (strnlen(value, SEED_TEXT_MAX + 1) > SEED_TEXT_MAX)
            return dg__option_fail(err, DG_EINVAL, K_SEED, value, l,
                        "seed must be a number or a text of at most %d bytes", SEED_TEXT_MAX);
        dg_options_set_seed(o, dg_seed_from_text(value));
        break;
    case K_ALGORITHM:
        if (!(rc = set_name(&v, K_ALGORITHM, value, dg__algorithm_names, COUNT(dg__algorithm_names), l, err)))
            o->algorithm = (dg_algorithm)v;
        break;
    case K_SIZE:
        if (!(rc = set_name(&v, K_SIZE, value, dg__size_names, COUNT(dg__size_names), l, err)))
            o->size = v;
        break;
    case K_ROWS:
        rc = set_odd(&o->raw_rows, K_ROWS, value, DG_MIN_DIM, l.max_dim, DG_ELIMIT, l, err);
        break;
    case K_COLS:
        rc = set_odd(&o->raw_cols, K_COLS, value, DG_MIN_DIM, l.max_dim, DG_ELIMIT, l, err);
        break;
    case K_LAYOUT:
        if (!(rc = set_name(&v, K_LAYOUT, value, dg__layout_names, COUNT(dg__layout_names), l, err)))
            o->layout = (dg_layout)v;
        break;
    case K_ROOMS:
        if (!(rc = set_name(&v, K_ROOMS, value, dg__room_layout_names, COUNT(dg__room_layout_names), l, err)))
            o->rooms = (dg_room_layout)v;
        break;
    case K_ROOM_SIZE:
        if (!(rc = set_name(&v, K_ROOM_SIZE, value, dg__room_size_names, COUNT(dg__room_size_names), l, err)))
            o->room_size = v;
        break;
    case K_ROOM_MIN:
        rc = set_odd(&o->raw_room_min, K_ROOM_MIN, value, ROOM_DIM_MIN, ROOM_DIM_MAX, DG_EINVAL, l, err);
        break;
    case K_ROOM_MAX:
        rc = set_odd(&o->raw_room_max, K_ROOM_MAX, value, ROOM_DIM_MIN, ROOM_DIM_MAX, DG_EINVAL, l, err);
        break;
    case K_POLYMORPH:
        if (!(rc = set_name(&v, K_POLYMORPH, value, dg__polymorph_names, COUNT(dg__polymorph_names), l, err)))
            o->polymorph = (dg_polymorph)v;
        break;
    case K_DOORS:
        if (!(rc = set_name(&v, K_DOORS, value, dg__door_set_names, COUNT(dg__door_set_names), l, err)))
            o->doors = (dg_door_set)v;
        break;
    case K_CORRIDORS:
        if (!(rc = set_name(&v, K_CORRIDORS, value, dg__corridor_accepted, COUNT(dg__corridor_accepted), l, err)))
            o->corridors = (dg_corridor_style)dg__corridor_accepted_value[v];
        break;
    case K_DEADENDS:
        rc = set_amount(&o->deadends, K_DEADENDS, value, dg__deadend_names, dg__deadend_values,
                        COUNT(dg__deadend_names), 100, l, err);
        break;
    case K_STAIRS:
        rc = set_amount(&o->stairs, K_STAIRS, value, dg__stair_names, dg__stair_values,
                        COUNT(dg__stair_names), STAIRS_MAX, l, err);
        break;
    case K_EGRESS:
        if (!(rc = set_name(&v, K_EGRESS, value, dg__egress_names, COUNT(dg__egress_names), l, err)))
            o->egress = (dg_egress)v;
        break;
    case K_FORMAT:
        if (!(rc = set_name(&v, K_FORMAT, value, dg__format_names, COUNT(dg__format_names), l, err)))
            o->format = (dg_format)v;
        break;
    case K_STYLE:
        if (!(rc = set_name(&v, K_STYLE, value, dg__style_names, COUNT(dg__style_names), l, err)))
            o->style = (dg_style)v;
        break;
    case K_GRID:
        if (!(rc = set_name(&v, K_GRID, value, dg__grid_names, COUNT(dg__grid_names), l, err)))
            o->grid = (dg_grid)v;
        break;
    case K_CELL: {
        long long c;
        if (!dg__parse_int(value, &c))
            return dg__option_fail(err, DG_EINVAL, K_CELL, value, l, "cell must be an integer from %d to %d",
                        DG_MIN_CELL_PX, l.max_cell);
        if (c < DG_MIN_CELL_PX || c > l.max_cell)
            return dg__option_fail(err, DG_ELIMIT, K_CELL, value, l, "cell must be an integer from %d to %d",
                        DG_MIN_CELL_PX, l.max_cell);
        o->cell = (int)c;
        break;
    }
    case K_VIEW:
        if (!(rc = set_name(&v, K_VIEW, value, dg__view_names, COUNT(dg__view_names), l, err)))
            o->view = (dg_view)v;
        break;
    case K_PPG: {
        long long c;
        if (!dg__parse_int(value, &c))
            return dg__option_fail(err, DG_EINVAL, K_PPG, value, l, "ppg must be an integer from %d to %d",
                        DG_MIN_PPG, DG_MAX_PPG);
        if (c < DG_MIN_PPG || c > DG_MAX_PPG)
            return dg__option_fail(err, DG_ELIMIT, K_PPG, value, l, "ppg must be an integer from %d to %d",
                        DG_MIN_PPG, DG_MAX_PPG);
        o->ppg = (int)c;
        break;
    }
    case K_PILLARS:
    case K_CAVES: {
        bool b;
        if (dg_options_parse_bool(dg__key_names[k], value, &b, NULL) != DG_OK)
            return dg__option_fail(err, DG_EINVAL, k, value, l, "%s must be yes or no", dg__key_names[k]);
        if (k == K_PILLARS) o->pillars = b;
        else o->caves = b;
        break;
    }
    case K_CONNECT:
        if (!(rc = set_name(&v, K_CONNECT, value, dg__connect_names, COUNT(dg__connect_names), l, err)))
            o->connect = (dg_connect)v;
        break;
    case K_COUNT:
        break;
    default: {
        int i = dg__int_key_index((key_id)k);
        long long n;
        if (i < 0) break;
        if (!dg__parse_int(value, &n) || n < dg__int_keys[i].lo || n > dg__int_keys[i].hi)
            return dg__option_fail(err, DG_EINVAL, k, value, l, "%s must be an integer from %d to %d",
                        dg__key_names[k], dg__int_keys[i].lo, dg__int_keys[i].hi);
        *dg__int_field(o, (size_t)i) = dg__int_keys[i].odd ? (int)n | 1 : (int)n;
        break;
    }
    }
    if (rc == DG_OK) {
        o->given |= GIVEN(k);
        if (kept_as_text((key_id)k)) remember(o, (key_id)k, value);
    }
    return rc;
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
    if (dg__parse_u64(text, &v)) return v;
    return dg_hash64(text, strlen(text), 0);
}

dg_status dg_options_parse_bool(const char *key, const char *value, bool *out,
                                dg_error *err)
{
    static const char *const names[] = { "yes", "no", "true", "false", "1", "0" };
    if (!key) key = "";
    int i = value_ok(value) ? dg__find_name(names, COUNT(names), value) : -1;
    if (i < 0)
        return dg_error_set(err, DG_EINVAL, key, value, "yes|no|true|false|1|0",
                            "%s must be yes, no, true, false, 1 or 0", *key ? key : "value");
    *out = i % 2 == 0;
    return DG_OK;
}

/* Callers set a seed first (dg_options_set_seed when none was given): a
 * permalink without its seed names no map. Without one, debug builds stop
 * here and release builds print seed=0. */
