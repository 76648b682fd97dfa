/* request.c -- a request's query pairs or JSON body -> dg_options through
 * the core's one parser (this file never judges an option value), plus the
 * daemon-only keys (download), the seed when none was named, the cache key,
 * and the small header grammars (Accept, Accept-Encoding, If-None-Match). */
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>

#include <jansson.h>

#include "srv.h"

void srv_kv_init(srv_kv *kv) { memset(kv, 0, sizeof *kv); }

void srv_kv_fini(srv_kv *kv)
{
    for (size_t i = 0; i < kv->n; i++) {
        free(kv->keys[i]);
        free(kv->values[i]);
    }
    kv->n = 0;
}

dg_status srv_kv_add(srv_kv *kv, const char *key, const char *value, dg_error *err)
{
    if (kv->n == SRV_MAX_KEYS)
        return dg_error_set(err, DG_ELIMIT, key, value ? value : "", "at most 64 parameters",
                            "too many parameters");
    char *k = strdup(key), *v = strdup(value ? value : "");
    if (!k || !v) {
        free(k);
        free(v);
        return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory for parameters");
    }
    kv->keys[kv->n] = k;
    kv->values[kv->n] = v;
    kv->n++;
    return DG_OK;
}

dg_status srv_kv_add_query(srv_kv *kv, const char *key, size_t key_size,
                           const char *value, size_t value_size, dg_error *err)
{
    if (!key_size && !value) return DG_OK;   /* "?a=1&&b=2": an empty slot */
    if (strlen(key) != key_size || (value && strlen(value) != value_size))
        return dg_error_set(err, DG_EINVAL, *key ? key : "query", value ? value : "",
                            "text without NUL", "parameter contains a NUL byte");
    return srv_kv_add(kv, key, value, err);
}

/* ------------------------------------------------------------- JSON body */

/* A body value reaches the core as the text the query string would carry
 * ("rows": 45 and "rows": "45" alike, true as "yes"), so both routes share
 * one judge. Types are refused here only where no value of that type can
 * be right, and which those are is read off the key's row in the core's
 * vocabulary (dg_option_def), not a second list that could drift:
 *   seed   an integer >= 0 or a string (a JSON integer stops at 2^63-1:
 *          bigger seeds go as strings, like any text seed);
 *   names  (rows of kind NAME: rooms, format, ...) strings only;
 *   true/false only where yes/no is a value (polymorph, stairs, pillars, ...);
 *   other numbers and all strings go to the core, which names what is wrong.
 * download is the daemon's own yes/no key. Keys the core does not know pass
 * through so its "unknown option" error (with its suggestion) is the one. */

#define SEED_ALLOWED "integer 0..9223372036854775807, or a string: digits up to 18446744073709551615 or any text"
/* 2^53: every integer below it is exact in a double */
#define EXACT_REAL 9007199254740992.0
#define INT64_REAL 9223372036854775808.0

typedef struct {
    bool known, seed, names_only, yes_no;
    char allowed[sizeof ((dg_error *)0)->allowed];
} key_kind;

/* What a body value of key may be, from the key's row: its kind, and for
 * named values whether yes/no is among them. */
static key_kind kind_of(const char *key, const dg_limits *lim)
{
    key_kind k = {0};
    if (!strcasecmp(key, "download")) {
        k.known = k.yes_no = true;
        snprintf(k.allowed, sizeof k.allowed, "yes|no|true|false|1|0");
        return k;
    }
    const dg_option_def *def = dg_option_def_find(key);
    if (!def) return k;
    dg_option_allowed_under(key, lim, k.allowed, sizeof k.allowed);
    k.known = true;
    k.seed = def->kind == DG_KIND_SEED;
    k.names_only = def->kind == DG_KIND_NAME;
    k.yes_no = def->kind == DG_KIND_BOOL;
    for (size_t i = 0; i < def->n_names && !k.yes_no; i++)
        k.yes_no = !strcmp(def->names[i], "yes") || !strcmp(def->names[i], "no");
    return k;
}

/* The value as the client wrote it (near enough), for error messages. */
static void received(const json_t *v, char *buf, size_t cap)
{
    switch (json_typeof(v)) {
    case JSON_INTEGER: snprintf(buf, cap, "%" JSON_INTEGER_FORMAT, json_integer_value(v)); break;
    case JSON_REAL:
        /* the shortest text that reads back as the same double */
        for (int prec = 15; prec <= 17; prec++) {
            snprintf(buf, cap, "%.*g", prec, json_real_value(v));
            if (strtod(buf, NULL) == json_real_value(v)) break;
        }
        break;
    case JSON_TRUE: snprintf(buf, cap, "true"); break;
    case JSON_FALSE: snprintf(buf, cap, "false"); break;
    case JSON_STRING: snprintf(buf, cap, "%s", json_string_value(v)); break;
    case JSON_ARRAY: snprintf(buf, cap, "[...]"); break;
    case JSON_OBJECT: snprintf(buf, cap, "{...}"); break;
    default: snprintf(buf, cap, "null"); break;
    }
}

/* A whole number that fits int64 exactly, as JSON Schema reads 12.0 as 12. */
static bool whole(const json_t *v, double limit, char *buf, size_t cap)
{
    if (json_is_integer(v)) {
        snprintf(buf, cap, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
        return true;
    }
    if (!json_is_real(v)) return false;
    double d = json_real_value(v);
    if (!(d < limit && d > -limit) || d != (double)(long long)d) return false;
    snprintf(buf, cap, "%lld", (long long)d);
    return true;
}

/* One body value -> the text for the core; *out NULL for null (absent).
 * big non-NULL: the body held an integer past int64 (jansson's limit),
 * decoded here as a double, and big is its text when jansson quoted it
 * (else ""); such a value is named, never used. */
static dg_status body_value(const char *key, const json_t *v, const char *big, const dg_limits *lim, char *text,
                            size_t cap, const char **out, dg_error *err)
{
    char got[64];
    received(v, got, sizeof got);
    const char *name = *key ? key : "body";   /* a param "" would name nothing */
    if (big && *big && json_is_real(v) && strtod(big, NULL) == json_real_value(v))
        snprintf(got, sizeof got, "%s", big);   /* the digits as sent, not the double's */
    *out = text;
    if (json_is_null(v)) {
        *out = NULL;
        return DG_OK;
    }
    if (json_is_array(v) || json_is_object(v))
        return dg_error_set(err, DG_EINVAL, name, got, "string, number or boolean",
                            "%.32s must be a string, number or boolean", key);
    key_kind k = kind_of(key, lim);
    if (json_is_string(v)) {
        *out = json_string_value(v);
        return DG_OK;
    }
    if (json_is_real(v) && fabs(json_real_value(v)) >= INT64_REAL && (big || k.seed)) {
        if (k.seed)
            return dg_error_set(err, DG_EINVAL, "seed", got, SEED_ALLOWED,
                                "seed is too big for a JSON number; send it as a string: \"seed\": \"%s\"", got);
        return dg_error_set(err, DG_EINVAL, name, got,
                            k.known ? k.allowed : "integers -9223372036854775808..9223372036854775807",
                            "%.32s is out of range", key);
    }
    if (k.seed) {
        if (whole(v, EXACT_REAL, text, cap) && text[0] != '-') return DG_OK;
        return dg_error_set(err, DG_EINVAL, "seed", got, SEED_ALLOWED,
                            "seed must be an integer >= 0 or a string, not %s", got);
    }
    if (json_is_boolean(v)) {
        if (k.known && !k.yes_no)
            return dg_error_set(err, DG_EINVAL, name, got, k.allowed, "%.32s takes %s, not %s", key,
                                k.names_only ? "a name (a JSON string)" : "a number", got);
        /* donjon's own vocabulary says yes/no */
        *out = json_is_true(v) ? "yes" : "no";
        return DG_OK;
    }
    if (k.known && k.names_only && !k.yes_no)
        return dg_error_set(err, DG_EINVAL, name, got, k.allowed,
                            "%.32s takes a name (a JSON string), not a number", key);
    if (!whole(v, EXACT_REAL, text, cap)) snprintf(text, cap, "%s", got);   /* the core says why not */
    return DG_OK;
}

/* Walks the top-level object into kv. */
static dg_status walk(srv_kv *kv, const json_t *root, const char *big, const dg_limits *lim, dg_error *err)
{
    if (!json_is_object(root))
        return dg_error_set(err, DG_EINVAL, "body", "", "a JSON object of options",
                            "body must be a JSON object of options");
    const char *key;
    json_t *v;
    dg_status rc;
    json_object_foreach((json_t *)root, key, v) {
        char text[64];
        const char *s;
        if ((rc = body_value(key, v, big, lim, text, sizeof text, &s, err)) != DG_OK) return rc;
        if (s && (rc = srv_kv_add(kv, key, s, err)) != DG_OK) return rc;
    }
    return DG_OK;
}

/* jansson adds "near '<token>'" to an error when the token is short: the
 * duplicate key (quoted, as written) or the number too big. Only used to
 * name what was wrong; without it the error is just less specific. */
static bool near_token(const json_error_t *je, char *out, size_t cap)
{
    const char *p = strstr(je->text, " near '");
    size_t n = p ? strlen(p + 7) : 0;
    if (!n || p[7 + n - 1] != '\'' || n > cap) return false;
    memcpy(out, p + 7, n - 1);
    out[n - 1] = '\0';
    return true;
}

/* A body jansson refused for a duplicate key: the key named, as the query
 * string's "option 'seed' given twice", when it is a top-level key. */
static dg_status duplicate(const char *body, size_t len, const json_error_t *je, const dg_limits *lim,
                           dg_error *err)
{
    char tok[64];
    json_t *name = near_token(je, tok, sizeof tok) ? json_loads(tok, JSON_DECODE_ANY, NULL) : NULL;
    /* decoded without the duplicate check: the last value is the one kept */
    json_t *root = json_loadb(body, len, JSON_DECODE_INT_AS_REAL, NULL);
    /* an empty key twice is named by where it is: a param "" names nothing */
    json_t *v = json_is_string(name) && json_string_length(name) && json_is_object(root)
                    ? json_object_get(root, json_string_value(name)) : NULL;
    srv_kv scratch;
    srv_kv_init(&scratch);
    /* something else wrong in it (a nested object holding the duplicate,
     * a big number) is named first */
    dg_status rc = root ? walk(&scratch, root, "", lim, err) : DG_OK;
    if (rc != DG_OK) {
        /* named by walk */
    } else if (v) {
        const char *key = json_string_value(name);
        char got[64], allowed[sizeof err->allowed];
        received(v, got, sizeof got);
        key_kind k = kind_of(key, lim);
        snprintf(allowed, sizeof allowed, "%s", k.known ? k.allowed : "once");
        rc = dg_error_set(err, DG_EINVAL, key, got, allowed, "option '%.32s' given twice", key);
    } else {
        char where[64];
        snprintf(where, sizeof where, "line %d column %d", je->line, je->column);
        rc = dg_error_set(err, DG_EINVAL, "body", where, "each key once",
                          "body gives a key twice (%s)", where);
    }
    srv_kv_fini(&scratch);
    json_decref(name);
    json_decref(root);
    return rc;
}

dg_status srv_kv_from_json(srv_kv *kv, const char *body, size_t len, const dg_limits *lim, dg_error *err)
{
    json_error_t je;
    json_t *root = json_loadb(body, len, JSON_REJECT_DUPLICATES, &je);
    char tok[64] = "";
    const char *big = NULL;
    if (!root && json_error_code(&je) == json_error_duplicate_key) return duplicate(body, len, &je, lim, err);
    if (!root && json_error_code(&je) == json_error_numeric_overflow) {
        /* valid JSON all the same: read integers as doubles only to name
         * the key that holds the big one (walk always fails on it) */
        json_error_t again;
        root = json_loadb(body, len, JSON_REJECT_DUPLICATES | JSON_DECODE_INT_AS_REAL, &again);
        if (!root && json_error_code(&again) == json_error_duplicate_key)
            return duplicate(body, len, &again, lim, err);   /* it names the big one first */
        if (root) big = near_token(&je, tok, sizeof tok) ? tok : "";
    }
    if (!root) {
        char where[64];
        snprintf(where, sizeof where, "line %d column %d", je.line, je.column);
        return dg_error_set(err, DG_EINVAL, "body", where, "a JSON object of options",
                            "body is not valid JSON: %s", je.text);
    }
    dg_status rc = walk(kv, root, big, lim, err);
    json_decref(root);
    if (rc == DG_OK && big) {
        /* the big number sat inside something walk did not look into */
        srv_kv_fini(kv);
        rc = dg_error_set(err, DG_EINVAL, "body", "", "integers -9223372036854775808..9223372036854775807",
                          "body holds an integer too big: %s", je.text);
    }
    return rc;
}

/* POST takes its options from the body alone: a query string beside it
 * would be silently ignored, so the first of its keys is named. */
dg_status srv_post_check_query(const srv_kv *query, dg_error *err)
{
    if (!query->n) return DG_OK;
    return dg_error_set(err, DG_EINVAL, query->keys[0], query->values[0], "no query string on POST",
                        "POST /dungeon takes its options from the JSON body, not the query string ('%.32s')",
                        query->keys[0]);
}

bool srv_kv_has(const srv_kv *kv, const char *key)
{
    for (size_t i = 0; i < kv->n; i++)
        if (!strcasecmp(kv->keys[i], key)) return true;
    return false;
}

static uint64_t random_seed(void)
{
    uint64_t s = 0;
    /* getrandom blocks only before the pool is initialised at boot */
    if (getrandom(&s, sizeof s, 0) != (ssize_t)sizeof s) {
        /* should not happen on Linux >= 3.17; a poor seed beats no map */
        s = srv_now_ns() * 0x9E3779B97F4A7C15ull;
    }
    /* seeds are shown to people and typed back: keep them short */
    return s % 1000000000000ull;
}

dg_status srv_map_req_parse(srv_map_req *r, const srv_kv *kv, int route_fmt,
                            dg_format accept_fmt, const dg_limits *lim, dg_error *err)
{
    memset(r, 0, sizeof *r);
    dg_options_init(&r->o);
    bool format_given = false, download_given = false;
    dg_status rc;
    for (size_t i = 0; i < kv->n; i++) {
        const char *k = kv->keys[i], *v = kv->values[i];
        if (!strcasecmp(k, "download")) {
            if (download_given)
                return dg_error_set(err, DG_EINVAL, "download", v, "once", "download given twice");
            download_given = true;
            /* the core's yes/no grammar, so every boolean reads the same */
            if ((rc = dg_options_parse_bool("download", v, &r->download, err)) != DG_OK) return rc;
            continue;
        }
        if (!strcasecmp(k, "format") && route_fmt >= 0) {
            /* the route names the format; a query may repeat it, not contradict it */
            const char *fixed = dg_format_name((dg_format)route_fmt);
            if (strcasecmp(v, fixed))
                return dg_error_set(err, DG_EINVAL, "format", v, fixed,
                                    "this route always answers %s", fixed);
            continue;
        }
        if (!strcasecmp(k, "format")) format_given = true;
        if ((rc = dg_options_set(&r->o, k, v, lim, err)) != DG_OK) return rc;
    }
    if (route_fmt >= 0)
        rc = dg_options_set(&r->o, "format", dg_format_name((dg_format)route_fmt), lim, err);
    else if (!format_given)
        rc = dg_options_set(&r->o, "format", dg_format_name(accept_fmt), lim, err);
    else
        rc = DG_OK;
    if (rc != DG_OK || (rc = dg_options_finish(&r->o, lim, err)) != DG_OK) return rc;
    r->seed_named = r->o.seed_given;
    if (!r->seed_named) dg_options_set_seed(&r->o, random_seed());

    /* key: what makes the bytes -- generator version, format, options.
     * One canonical call into a stack buffer; a second only if it is long. */
    char head[48], canon[1024];
    int hn = snprintf(head, sizeof head, "%s %s ", DG_GENERATOR_VERSION, dg_format_name(r->o.format));
    size_t n = dg_options_canonical(&r->o, canon, sizeof canon);
    r->key = malloc((size_t)hn + n + 1);
    if (!r->key) return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory for the cache key");
    memcpy(r->key, head, (size_t)hn);
    if (n < sizeof canon) memcpy(r->key + hn, canon, n + 1);
    else dg_options_canonical(&r->o, r->key + hn, n + 1);
    return DG_OK;
}

void srv_map_req_fini(srv_map_req *r)
{
    free(r->key);
    r->key = NULL;
}

/* ------------------------------------------------------ header grammars */

/* Splits a comma list of "token;param=..;q=0.5" items; calls fn(token, q). */
static void each_item(const char *h, void (*fn)(void *, const char *, size_t, double), void *cls)
{
    while (h && *h) {
        while (*h == ' ' || *h == '\t' || *h == ',') h++;
        if (!*h) break;
        const char *end = h + strcspn(h, ",");
        const char *semi = memchr(h, ';', (size_t)(end - h));
        const char *tok_end = semi ? semi : end;
        while (tok_end > h && (tok_end[-1] == ' ' || tok_end[-1] == '\t')) tok_end--;
        double q = 1.0;
        for (const char *p = semi; p && p < end; p = memchr(p + 1, ';', (size_t)(end - p - 1))) {
            const char *a = p + 1;
            while (*a == ' ') a++;
            if ((a[0] == 'q' || a[0] == 'Q') && a[1] == '=') q = strtod(a + 2, NULL);
        }
        fn(cls, h, (size_t)(tok_end - h), q);
        h = end;
    }
}

typedef struct { double best_q; int best; } accept_pick;

static bool tok_is(const char *t, size_t n, const char *s) { return strlen(s) == n && !strncasecmp(t, s, n); }

/* Whether the space-separated list has the token t (ASCII case-insensitive). */
static bool list_has(const char *list, const char *t, size_t n)
{
    for (const char *w = list; w && *w; w += strcspn(w, " ")) {
        w += strspn(w, " ");
        size_t len = strcspn(w, " ");
        if (len == n && !strncasecmp(w, t, n)) return true;
    }
    return false;
}

/* The format whose row's accept list names the media range, or -1. */
static int format_of_range(const char *t, size_t n)
{
    for (int f = 0; f < DG_FMT_COUNT; f++) {
        const dg_format_info *i = dg_format_info_of((dg_format)f);
        if (i && list_has(i->accept, t, n)) return f;
    }
    return -1;
}

static void accept_item(void *cls, const char *t, size_t n, double q)
{
    accept_pick *p = cls;
    int f = format_of_range(t, n);
    if (f >= 0 && q > 0 && q > p->best_q) {   /* ties: the first listed */
        p->best_q = q;
        p->best = f;
    }
}

dg_status srv_format_from_accept(const char *accept, dg_format *fmt, dg_error *err)
{
    *fmt = DG_FMT_JSON;
    if (!accept || !*accept) return DG_OK;
    accept_pick p = {0, -1};
    each_item(accept, accept_item, &p);
    if (p.best < 0) {
        /* the allowed list: each negotiated row's own media type */
        char allowed[sizeof err->allowed] = "";
        size_t len = 0;
        for (int f = 0; f < DG_FMT_COUNT; f++) {
            const dg_format_info *i = dg_format_info_of((dg_format)f);
            if (!i || !i->accept) continue;
            int w = snprintf(allowed + len, sizeof allowed - len, "%s%.*s", len ? "|" : "",
                             (int)strcspn(i->accept, " "), i->accept);
            if (w < 0 || (size_t)w >= sizeof allowed - len) break;
            len += (size_t)w;
        }
        return dg_error_set(err, DG_EINVAL, "Accept", accept, allowed, "no format we make matches the Accept header");
    }
    *fmt = (dg_format)p.best;
    return DG_OK;
}

static void gzip_item(void *cls, const char *t, size_t n, double q)
{
    int *state = cls;   /* -1 unknown, 0 refused, 1 accepted */
    if (tok_is(t, n, "gzip") || tok_is(t, n, "x-gzip")) *state = q > 0;
    else if (tok_is(t, n, "*") && *state < 0) *state = q > 0;
}

bool srv_accepts_gzip(const char *ae)
{
    int state = -1;
    each_item(ae, gzip_item, &state);
    return state == 1;
}

void srv_etag(const char *key, bool gz, char out[32])
{
    /* "%016" PRIx64 by hand: every map request makes one */
    static const char hex[] = "0123456789abcdef";
    uint64_t h = dg_hash64(key, strlen(key), 0xe7a9);
    char *p = out;
    *p++ = '"';
    for (int shift = 60; shift >= 0; shift -= 4) *p++ = hex[(h >> shift) & 15];
    if (gz) {
        memcpy(p, "-gz", 3);
        p += 3;
    }
    *p++ = '"';
    *p = '\0';
}

typedef struct { const char *etag; size_t base; bool hit; } inm_state;

static void inm_item(void *cls, const char *t, size_t n, double q)
{
    inm_state *s = cls;
    (void)q;
    if (n == 1 && *t == '*') { s->hit = true; return; }
    if (n >= 2 && t[0] == 'W' && t[1] == '/') { t += 2; n -= 2; }   /* weak comparison */
    /* either coding of the same map matches: both are current */
    if (n >= 5 && !strncmp(t + n - 4, "-gz\"", 4)) { n -= 4; }
    else if (n >= 2 && t[n - 1] == '"') n -= 1;
    else return;                     /* an unterminated tag is no tag */
    if (n == s->base && !strncmp(t, s->etag, n)) s->hit = true;
}

bool srv_etag_matches(const char *inm, const char *etag)
{
    if (!inm) return false;
    size_t len = strlen(etag);
    size_t base = len;
    if (len >= 4 && !strcmp(etag + len - 4, "-gz\"")) base = len - 4;
    else if (len >= 1) base = len - 1;
    inm_state s = {etag, base, false};
    each_item(inm, inm_item, &s);
    return s.hit;
}
