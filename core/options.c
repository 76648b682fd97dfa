/* options.c -- the one parser behind CLI flags, query strings, JSON bodies
 * and config files: dg_options_set() per pair (dg_options_init, _parse
 * and _finish, for a whole set, presets and cross-key rules, are
 * options_finish.c's); text seeds -> 64 bits. The vocabulary itself is data in option_names.c; the canonical
 * string is canonical.c's.
 * What the options mean for a map is left to gen_*.c and render/. */
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
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

/* The top of key k's range under the limits l. */
static int hi_of(const dg_option_def *d, dg__lim l)
{
    return d->limit == DG_LIMIT_DIM ? l.max_dim : d->limit == DG_LIMIT_CELL ? l.max_cell : d->hi;
}

/* Every name a NAME or AMOUNT row reads, spellings included, joined by sep. */
static void names_text(const dg_option_def *d, char *buf, size_t cap, const char *sep)
{
    const char *all[32];
    size_t n = 0;
    for (size_t i = 0; i < d->n_names && n < DG_COUNT(all); i++) all[n++] = d->names[i];
    for (size_t i = 0; i < d->n_aliases && n < DG_COUNT(all); i++) all[n++] = d->aliases[i];
    dg__join(buf, cap, all, n, sep);
}

/* What a key accepts, for dg_error.allowed. */
static void allowed_text(key_id k, dg__lim l, char *buf, size_t cap)
{
    const dg_option_def *d = &dg__keys[k];
    size_t len;
    switch (d->kind) {
    case DG_KIND_SEED: snprintf(buf, cap, "0..18446744073709551615 or text of 1..%d bytes", d->hi); break;
    case DG_KIND_TEXT: snprintf(buf, cap, "text of 1..%d characters, no control characters", d->hi); break;
    case DG_KIND_NAME: names_text(d, buf, cap, "|"); break;
    case DG_KIND_INT: snprintf(buf, cap, "%d..%d", d->lo, hi_of(d, l)); break;
    case DG_KIND_AMOUNT:
        names_text(d, buf, cap, "|");
        len = strlen(buf);
        snprintf(buf + len, cap - len, "|%d..%d", d->lo, hi_of(d, l));
        break;
    case DG_KIND_BOOL: snprintf(buf, cap, "yes|no"); break;
    }
}

const char *dg_option_key(size_t i)
{
    return i < K_COUNT ? dg__keys[i].name : NULL;
}

void dg_option_allowed(const char *key, char *buf, size_t cap)
{
    if (!cap) return;
    int k = key ? dg__key_id(key) : -1;
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
    return dg_error_set(err, code, dg__keys[k].name, value, allowed, "%s", msg);
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
            int d = dg__distance(key, dg__keys[k].name);
            if (d < best_d) {
                best_d = d;
                best = dg__keys[k].name;
            }
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
 * sizes a raster (too big an image: the map's sides and each raster
 * format's pixel key). */
static bool kept_as_text(key_id k)
{
    if (dg__keys[k].families || dg__keys[k].limit == DG_LIMIT_DIM) return true;
    for (int f = 0; f < DG_FMT_COUNT; f++) {
        const char *rk = dg_format_info_of((dg_format)f)->raster_key;
        if (rk && !strcmp(rk, dg__keys[k].name)) return true;
    }
    return false;
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
    if (dg__keys[k].kind == DG_KIND_INT || dg__keys[k].kind == DG_KIND_TEXT) dg__key_print(o, k, buf, cap);
    else if (cap) buf[0] = '\0';
}

/* -------------------------------------------------------------- parsing */

/* Columns of a size preset: rectangles are 1.3 times as wide, in integer
 * maths, rounded up and then up again to odd; other layouts are square. */
int dg__preset_cols(int rows, dg_layout layout)
{
    if (layout != DG_LAYOUT_RECTANGLE) return rows;
    int cols = (rows * 13 + 9) / 10;
    return cols | 1;
}

/* An integer in lo..hi into *out (odd rows: even values count as the next
 * odd one). Not an integer at all is DG_EINVAL; out of range, the row's
 * range code. */
static dg_status set_int(int *out, key_id k, const char *value, dg__lim l, dg_error *err)
{
    const dg_option_def *d = &dg__keys[k];
    int hi = hi_of(d, l);
    long long v;
    bool is_int = dg__parse_int(value, &v);
    if (!is_int || v < d->lo || v > hi)
        return dg__option_fail(err, is_int && d->range_code ? d->range_code : DG_EINVAL, k, value, l,
                               "%s must be an integer from %d to %d", d->name, d->lo, hi);
    *out = d->odd ? (int)v | 1 : (int)v;
    return DG_OK;
}

/* A name (mapped through amounts) or an integer lo..hi. */
static dg_status set_amount(int *out, key_id k, const char *value, dg__lim l, dg_error *err)
{
    const dg_option_def *d = &dg__keys[k];
    int i = dg__find_name(d->names, d->n_names, value);
    if (i >= 0) {
        *out = d->amounts[i];
        return DG_OK;
    }
    long long v;
    if (dg__parse_int(value, &v) && v >= d->lo && v <= d->hi) {
        *out = (int)v;
        return DG_OK;
    }
    return dg__option_fail(err, DG_EINVAL, k, value, l, "%s must be %s, %s, %s or an integer from %d to %d",
                           d->name, d->names[0], d->names[1], d->names[2], d->lo, d->hi);
}

/* A value from the row's names, or one of its other spellings. */
static dg_status set_name(int *out, key_id k, const char *value, dg__lim l, dg_error *err)
{
    const dg_option_def *d = &dg__keys[k];
    int i = dg__find_name(d->names, d->n_names, value);
    if (i < 0 && d->n_aliases) {
        int a = dg__find_name(d->aliases, d->n_aliases, value);
        if (a >= 0) i = d->alias_values[a];
    }
    if (i >= 0) {
        *out = i;
        return DG_OK;
    }
    char list[sizeof err->msg];
    names_text(d, list, sizeof list, ", ");
    return dg__option_fail(err, DG_EINVAL, k, value, l, "%s must be one of: %s", d->name, list);
}

/* Text of 1..hi characters: valid UTF-8 (no overlong forms or surrogates),
 * no control characters (C0, DEL, C1), so a name can go into a file name,
 * a title or a log line as it is. The field holds hi * 4 + 1 bytes. */
static dg_status set_text(char *out, key_id k, const char *value, dg__lim l, dg_error *err)
{
    const dg_option_def *d = &dg__keys[k];
    const unsigned char *p = (const unsigned char *)value;
    int chars = 0;
    while (*p) {
        unsigned c = *p, n = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : 9;
        uint32_t cp = n == 0 ? c : n == 1 ? c & 0x1F : n == 2 ? c & 0x0F : c & 0x07;
        if (n > 3 || (n && c < 0xC2))
            return dg__option_fail(err, DG_EINVAL, k, value, l, "%s must be UTF-8 text", d->name);
        for (unsigned i = 1; i <= n; i++) {
            if ((p[i] & 0xC0) != 0x80)
                return dg__option_fail(err, DG_EINVAL, k, value, l, "%s must be UTF-8 text", d->name);
            cp = cp << 6 | (p[i] & 0x3Fu);
        }
        if ((n == 2 && cp < 0x800) || (n == 3 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
            return dg__option_fail(err, DG_EINVAL, k, value, l, "%s must be UTF-8 text", d->name);
        if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F))
            return dg__option_fail(err, DG_EINVAL, k, value, l, "%s must not contain control characters",
                                   d->name);
        if (++chars > d->hi)
            return dg__option_fail(err, DG_EINVAL, k, value, l, "%s must be at most %d characters long",
                                   d->name, d->hi);
        p += n + 1;
    }
    size_t len = (size_t)(p - (const unsigned char *)value);
    memcpy(out, value, len + 1);
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
    int k = dg__key_id(key);
    if (k < 0) return unknown_key(err, key, value);
    dg__lim l = dg__limits_of(lim);
    if (o->given & GIVEN(k))
        return dg__option_fail(err, DG_EINVAL, k, value, l, "option '%s' given twice", dg__keys[k].name);
    if (!value || !*value)
        return dg__option_fail(err, DG_EINVAL, k, "", l, "option '%s' needs a value", dg__keys[k].name);
    if (!value_ok(value))
        return dg__option_fail(err, DG_EINVAL, k, value, l, "%s must not start or end with white space",
                    dg__keys[k].name);

    const dg_option_def *d = &dg__keys[k];
    char *field = (char *)o + (d->raw_field ? d->raw_field : d->field);
    dg_status rc = DG_OK;
    switch (d->kind) {
    case DG_KIND_SEED:
        if (strnlen(value, (size_t)d->hi + 1) > (size_t)d->hi)
            return dg__option_fail(err, DG_EINVAL, k, value, l,
                                   "seed must be a number or a text of at most %d bytes", d->hi);
        dg_options_set_seed(o, dg_seed_from_text(value));
        break;
    case DG_KIND_TEXT: rc = set_text(field, (key_id)k, value, l, err); break;
    case DG_KIND_NAME: rc = set_name((int *)(void *)field, (key_id)k, value, l, err); break;
    case DG_KIND_INT: rc = set_int((int *)(void *)field, (key_id)k, value, l, err); break;
    case DG_KIND_AMOUNT: rc = set_amount((int *)(void *)field, (key_id)k, value, l, err); break;
    case DG_KIND_BOOL:
        if (dg_options_parse_bool(d->name, value, (bool *)(void *)field, NULL) != DG_OK)
            return dg__option_fail(err, DG_EINVAL, k, value, l, "%s must be yes or no", d->name);
        break;
    }
    if (rc == DG_OK) {
        o->given |= GIVEN(k);
        if (kept_as_text((key_id)k)) remember(o, (key_id)k, value);
    }
    return rc;
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
    int i = value_ok(value) ? dg__find_name(names, DG_COUNT(names), value) : -1;
    if (i < 0)
        return dg_error_set(err, DG_EINVAL, key, value, "yes|no|true|false|1|0",
                            "%s must be yes, no, true, false, 1 or 0", *key ? key : "value");
    *out = i % 2 == 0;
    return DG_OK;
}
