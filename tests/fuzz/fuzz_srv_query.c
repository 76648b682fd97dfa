/* fuzz_srv_query.c -- libFuzzer target for GET /dungeon.<ext>?query: the
 * query is split and %-decoded the way libmicrohttpd does it (its own
 * MHD_http_unescape), fed pair by pair through srv_kv_add_query() and
 * parsed with srv_map_req_parse() under the route's fixed format. Checked:
 * refusals are well-formed dg_errors naming a parameter; an accepted
 * request has the route's format, a key "<version> <ext> <canonical>",
 * the same result when parsed twice, a download flag that is the core's
 * reading of download=, and its canonical options (the permalink the
 * daemon sends in X-Dungeon-Options) parse back to the same key; the
 * target -> key cache slot gives back that key and flag. */
#include <strings.h>

#include <microhttpd.h>

#include "fuzz_srv.h"

static const dg_limits limits = { 51, 24 };

/* Splits q in place on '&' and the first '=', decodes each side. */
static dg_status query_to_kv(char *q, srv_kv *kv, dg_error *err)
{
    for (char *p = q; p;) {
        char *amp = strchr(p, '&');
        if (amp) *amp = '\0';
        char *eq = strchr(p, '=');
        if (eq) *eq = '\0';
        size_t kn = MHD_http_unescape(p);
        size_t vn = eq ? MHD_http_unescape(eq + 1) : 0;
        dg_status rc = srv_kv_add_query(kv, p, kn, eq ? eq + 1 : NULL, vn, err);
        if (rc != DG_OK) return rc;
        p = amp ? amp + 1 : NULL;
    }
    return DG_OK;
}

static bool download_of(const srv_kv *kv)
{
    bool d = false;
    for (size_t i = 0; i < kv->n; i++)
        if (!strcasecmp(kv->keys[i], "download")) check(dg_options_parse_bool("download", kv->values[i], &d, NULL) == DG_OK);
    return d;
}

/* The canonical string of an accepted request, as a query again. */
static void permalink_round_trip(const srv_map_req *r, int fmt)
{
    const char *canon = strchr(r->key, ' ');
    check(canon != NULL);
    canon = strchr(canon + 1, ' ');
    check(canon != NULL);
    char *q = strdup(canon + 1);
    check(q != NULL);
    srv_kv kv;
    srv_kv_init(&kv);
    dg_error err = { 0 };
    if (*q) check(query_to_kv(q, &kv, &err) == DG_OK);
    srv_map_req again;
    check(srv_map_req_parse(&again, &kv, fmt, DG_FMT_JSON, &limits, &err) == DG_OK);
    check(again.seed_named && !strcmp(again.key, r->key));
    srv_map_req_fini(&again);
    srv_kv_fini(&kv);
    free(q);
}

/* One cache for the whole run, as in the daemon: a key may be there from
 * an earlier input (a hit) or not (this input makes it). */
static void cache_slot(const char *target, const srv_map_req *r)
{
    static srv_cache *c;
    if (!c) check(srv_cache_new(1 << 20, &c, NULL) == DG_OK);
    srv_entry *hit = NULL;
    srv_lookup l = srv_cache_lookup(c, r->key, &hit, NULL, NULL, NULL);
    check(l == SRV_CACHE_HIT || l == SRV_CACHE_OWNER);
    if (l == SRV_CACHE_HIT) {
        check(!strcmp(hit->key, r->key));
        srv_entry_unref(hit);
    } else {
        unsigned char *body = malloc(1);
        char *key = strdup(r->key);
        check(body && key);
        srv_entry *e = srv_entry_take(key, body, 1, r->o.format, r->o.seed, false);
        check(e != NULL);
        srv_cache_fulfil(c, r->key, e, NULL);
        srv_entry_unref(e);
    }
    srv_cache_remember_target(c, target, r->key, r->o.format, r->o.seed, r->download);
    bool download = !r->download;
    char *key = NULL;
    dg_format fmt = DG_FMT_COUNT;
    uint64_t seed = ~r->o.seed;
    bool found = srv_cache_recall_target(c, target, &key, &fmt, &seed, &download);
    /* targets over 512 bytes are not remembered: parsed every time */
    check(found == (strlen(target) <= 512));
    if (found)
        check(!strcmp(key, r->key) && download == r->download && seed == r->o.seed && fmt == r->o.format);
    free(key);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0) return 0;
    int fmt = data[0] % DG_FMT_COUNT;
    data++;
    size--;
    if (memchr(data, 0, size)) return 0;   /* not in a request line */

    char *query = fuzz_text(data, size);
    size_t tn = 16 + strlen(dg_format_ext((dg_format)fmt)) + size;
    char *target = malloc(tn);
    check(target != NULL);
    snprintf(target, tn, "/dungeon.%s?%s", dg_format_ext((dg_format)fmt), query);

    srv_kv kv;
    srv_kv_init(&kv);
    dg_error err = { 0 };
    dg_status rc = query_to_kv(query, &kv, &err);
    if (rc != DG_OK) {
        /* past 64 pairs the 65th key is named, and it may be "" */
        check_error_key(&err, rc, rc == DG_ELIMIT && kv.n == SRV_MAX_KEYS);
        goto out;
    }
    srv_map_req a, b;
    dg_error ea = { 0 }, eb = { 0 };
    dg_status ra = srv_map_req_parse(&a, &kv, fmt, DG_FMT_JSON, &limits, &ea);
    dg_status rb = srv_map_req_parse(&b, &kv, fmt, DG_FMT_JSON, &limits, &eb);
    check(ra == rb);
    if (ra != DG_OK) {
        check_error_key(&ea, ra, kv_has_empty_key(&kv));
        check(!memcmp(&ea, &eb, sizeof ea));
    } else {
        check((int)a.o.format == fmt);
        char head[64];
        int hn = snprintf(head, sizeof head, "%s %s ", DG_GENERATOR_VERSION, dg_format_name((dg_format)fmt));
        check(!strncmp(a.key, head, (size_t)hn));
        check(a.seed_named == b.seed_named && a.download == b.download);
        check(a.download == download_of(&kv));
        if (a.seed_named) {
            check(!strcmp(a.key, b.key));
            permalink_round_trip(&a, fmt);
            cache_slot(target, &a);
        } else {
            /* only the picked seed may differ */
            dg_options_set_seed(&b.o, a.o.seed);
            char ca[1024], cb[1024];
            check(dg_options_canonical(&a.o, ca, sizeof ca) == dg_options_canonical(&b.o, cb, sizeof cb));
            check(!strcmp(ca, cb));
        }
    }
    srv_map_req_fini(&a);
    srv_map_req_fini(&b);
out:
    srv_kv_fini(&kv);
    free(target);
    free(query);
    return 0;
}
