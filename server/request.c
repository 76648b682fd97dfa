/* request.c -- a request's query pairs or JSON body -> dg_options through
 * the core's one parser (this file never judges an option value), plus the
 * daemon-only keys (download), the seed when none was named, the cache key,
 * and the small header grammars (Accept, Accept-Encoding, If-None-Match). */
#include <ctype.h>
#include <inttypes.h>
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

dg_status srv_kv_from_json(srv_kv *kv, const char *body, size_t len, dg_error *err)
{
    json_error_t je;
    json_t *root = json_loadb(body, len, JSON_REJECT_DUPLICATES, &je);
    if (!root) {
        char where[64];
        snprintf(where, sizeof where, "line %d column %d", je.line, je.column);
        return dg_error_set(err, DG_EINVAL, "body", where, "a JSON object of options",
                            "body is not valid JSON: %s", je.text);
    }
    dg_status rc = DG_OK;
    if (!json_is_object(root)) {
        rc = dg_error_set(err, DG_EINVAL, "body", "", "a JSON object of options",
                          "body must be a JSON object of options");
        goto done;
    }
    const char *key;
    json_t *v;
    json_object_foreach(root, key, v) {
        char text[64];
        const char *s = text;
        switch (json_typeof(v)) {
        case JSON_STRING: s = json_string_value(v); break;
        case JSON_INTEGER: snprintf(text, sizeof text, "%" JSON_INTEGER_FORMAT, json_integer_value(v)); break;
        case JSON_REAL: snprintf(text, sizeof text, "%.17g", json_real_value(v)); break;
        /* donjon's own vocabulary says yes/no */
        case JSON_TRUE: s = "yes"; break;
        case JSON_FALSE: s = "no"; break;
        case JSON_NULL: continue;        /* null: as if the key were absent */
        default:
            rc = dg_error_set(err, DG_EINVAL, key, json_is_array(v) ? "[...]" : "{...}",
                              "string, number or boolean", "%.32s must be a string, number or boolean", key);
            goto done;
        }
        if ((rc = srv_kv_add(kv, key, s, err)) != DG_OK) goto done;
    }
done:
    json_decref(root);
    return rc;
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

static void accept_item(void *cls, const char *t, size_t n, double q)
{
    accept_pick *p = cls;
    int f = -1;
    if (tok_is(t, n, "application/json") || tok_is(t, n, "application/*") || tok_is(t, n, "*/*"))
        f = DG_FMT_JSON;
    else if (tok_is(t, n, "image/png") || tok_is(t, n, "image/*"))
        f = DG_FMT_PNG;
    else if (tok_is(t, n, "text/plain") || tok_is(t, n, "text/*"))
        f = DG_FMT_TXT;
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
    if (p.best < 0)
        return dg_error_set(err, DG_EINVAL, "Accept", accept, "application/json|image/png|text/plain",
                            "no format we make matches the Accept header");
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
    snprintf(out, 32, "\"%016" PRIx64 "%s\"", dg_hash64(key, strlen(key), 0xe7a9), gz ? "-gz" : "");
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
