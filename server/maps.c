/* maps.c -- the map routes, one pass a request: the key (the target's
 * earlier parse recalled, else the options parsed: request.c) -> one
 * encoding decision -> one If-None-Match check (304) -> one cache lookup
 * (hit, wait for the request making it, or own it) -> a small map made on
 * the spot, or a worker job with the connection suspended until the bytes
 * are made, so a slow 1001x1001 map never holds up an I/O thread. What a
 * request takes on (the cache's waiters, its memory_budget charge) is
 * settled in one place, settle(), whatever the exit. The answer itself
 * (headers, shared responses, gzip form, 304) is map_answer.c's. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "http_int.h"

/* ------------------------------------------------------------- answering */

static void settle(srv_req *r, srv_entry *e, const dg_error *err);

static const char *header(srv_req *r, const char *name)
{
    return MHD_lookup_connection_value(r->conn, MHD_HEADER_KIND, name);
}

enum MHD_Result srv_maps_answer(srv_req *r)
{
    srv_entry *e = r->entry;
    r->entry = NULL;
    /* back from a worker or another request's map: a client that has gone
     * is sent nothing (its bytes would only fill a dead socket) and logged
     * 499, as is one whose map was dropped for it */
    if (r->abandoned || srv_conns_client_gone(r)) {
        srv_entry_unref(e);
        r->abandoned = true;
        r->status = 499;
        return MHD_NO;
    }
    if (!e) return srv_send_dg_error(r, &r->err);
    srv_map_meta mm = srv_map_meta_of(r, e->etag);
    return srv_map_answer_entry(r, e, &mm);
}

/* Each step of the pass at most once, nothing left owed: asserted in a
 * debug build, logged for the tests with DG_TEST_PASS_TRACE. */
static void pass_check(srv_req *r)
{
    if (!r->pass.map) return;
    assert(r->pass.lookups <= 1 && r->pass.conds <= 1 && r->pass.encodings <= 1 && r->pass.settles <= 1);
    if (r->h->pass_trace)
        srv_log("info", "pass %s %s %u lookup=%u cond=%u encoding=%u settle=%u phases=%u", r->method_name,
                r->raw ? r->raw : "-", r->status, r->pass.lookups, r->pass.conds, r->pass.encodings,
                r->pass.settles, r->pass.phases);
}

void srv_maps_fini(srv_req *r)
{
    /* every exit settles before it answers: nothing is owed by now */
    assert(!r->owner && !r->mem);
    if (r->owner || r->mem) {
        dg_error err;
        dg_error_clear(&err);
        dg_error_set(&err, DG_ENOMEM, "", "", "", "map could not be made");
        settle(r, NULL, &err);
    }
    pass_check(r);
    r->pass.map = false;
    srv_entry_unref(r->entry);
    r->entry = NULL;
    if (r->have_mr) srv_map_req_fini(&r->mr);
    r->have_mr = false;
}

/* ------------------------------------------------------------ obligations */

/* Discharges what r took on: as the cache's owner of its key, the
 * requests waiting for it (told e, or err), and its memory_budget charge.
 * Every exit of a request that took either comes here: made (on the spot
 * or on a worker), failed, refused over the budget, the pool full, cut at
 * shutdown; once, as neither is owed after it. */
static void settle(srv_req *r, srv_entry *e, const dg_error *err)
{
    bool owed = srv_budget_release(r);
    if (r->owner) {
        owed = true;
        r->owner = false;
        srv_cache_fulfil(r->h->cache, r->mr.key, e, e ? NULL : err);
    }
    if (owed) r->pass.settles++;
}

/* ---------------------------------------------------------------- workers */

/* The answer of a request cut at shutdown_timeout. */
static void cut_answer(srv_req *r)
{
    __atomic_store_n(&r->cut_off, true, __ATOMIC_RELEASE);
    r->entry = NULL;
    dg_error_clear(&r->err);
    dg_error_set(&r->err, DG_EBUSY, "", "", "", "the service is shutting down; the map was not finished in time");
    __atomic_store_n(&r->state, SRV_REQ_DONE, __ATOMIC_RELEASE);
    MHD_resume_connection(r->conn);
}

/* r is about to wait, suspended, for a worker or another request's map:
 * listed so that shutdown can answer it. False once the daemon has cut
 * the parked: r is then answered 503 (resumed) here and must not wait. */
static bool park(srv_req *r)
{
    srv_http *h = r->h;
    pthread_mutex_lock(&h->park_mu);
    r->parked = true;
    if (h->cut) {
        cut_answer(r);
        r->park_next = h->kept;
        h->kept = r;
        pthread_mutex_unlock(&h->park_mu);
        return false;
    }
    r->park_prev = NULL;
    r->park_next = h->parked;
    if (h->parked) h->parked->park_prev = r;
    h->parked = r;
    pthread_mutex_unlock(&h->park_mu);
    return true;
}

static void finish(srv_req *r, srv_entry *e, const dg_error *err)
{
    srv_http *h = r->h;
    pthread_mutex_lock(&h->park_mu);
    if (r->cut_off) {
        /* answered already (503 at shutdown_timeout); r is kept for us */
        pthread_mutex_unlock(&h->park_mu);
        srv_entry_unref(e);
        return;
    }
    if (r->parked) {
        if (r->park_prev) r->park_prev->park_next = r->park_next;
        else h->parked = r->park_next;
        if (r->park_next) r->park_next->park_prev = r->park_prev;
        r->parked = false;
    }
    r->entry = e;
    if (!e) {
        if (err) r->err = *err;
        else dg_error_set(&r->err, DG_ENOMEM, "", "", "", "map could not be made");
    }
    __atomic_store_n(&r->state, SRV_REQ_DONE, __ATOMIC_RELEASE);
    /* r belongs to the I/O thread again from here on */
    MHD_resume_connection(r->conn);
    pthread_mutex_unlock(&h->park_mu);
}

size_t srv_maps_cut_parked(srv_http *h)
{
    size_t n = 0;
    pthread_mutex_lock(&h->park_mu);
    h->cut = true;
    /* they stay parked (never freed): their worker or cache waiter list
     * still points at them */
    for (srv_req *r = h->parked; r; r = r->park_next, n++) cut_answer(r);
    h->kept = h->parked;
    h->parked = NULL;
    pthread_mutex_unlock(&h->park_mu);
    return n;
}

/* No lock: a parked request completes only after its resume, and
 * cut_off is set before that resume, never after. Called from
 * libmicrohttpd's completion callback, which must not wait on park_mu
 * (finish holds it while resuming, which takes libmicrohttpd's locks). */
bool srv_maps_kept(srv_req *r)
{
    return __atomic_load_n(&r->cut_off, __ATOMIC_ACQUIRE);
}

void srv_maps_free_kept(srv_http *h)
{
    pthread_mutex_lock(&h->park_mu);
    srv_req *r = h->kept;
    h->kept = NULL;
    pthread_mutex_unlock(&h->park_mu);
    while (r) {
        srv_req *next = r->park_next;
        srv_maps_fini(r);
        free(r->body);
        free(r->raw);
        free(r);
        r = next;
    }
}

/* A map estimated to take longer than this on a worker is heavy (so is a
 * big one, over a quarter of the budget): heavy maps never hold the last
 * free worker (pool.c), so cheap maps keep one while a client loops the
 * most expensive map there is. A tenth of a second: a 201x201 PNG or a
 * 501x501 JSON is cheap, a 1001x1001 JSON or any uvtt image of note heavy. */
#define HEAVY_US 100000.0

/* Nobody waits for r's map any longer: its client has gone and no other
 * request waits on its key (those would be failed with it). Asked before
 * a queued map starts and between its phases (each floor's making and
 * stocking, the encoding), so an abandoned map stops within a phase. */
static bool nobody_waits(srv_req *r)
{
    if (!srv_conns_client_gone(r)) return false;
    if (r->owner && srv_cache_waited(r->h->cache, r->mr.key)) return false;
    r->abandoned = true;
    return true;
}

/* dg_generate_until's question on a worker: shutdown's cut or nobody left. */
static bool stop_making(void *arg)
{
    srv_req *r = arg;
    if (__atomic_load_n(&r->h->abandon, __ATOMIC_ACQUIRE) || nobody_waits(r)) return true;
    if (r->pass.phases < 255) r->pass.phases++;
    return false;
}

/* Generates and encodes r's map and hands it to the requests waiting for
 * the same key. On a worker, or on the I/O thread when the map is small. */
static srv_entry *make_entry(srv_req *r, bool on_io_thread, dg_error *errp)
{
    dg_error err;
    dg_error_clear(&err);
    dg_dungeon *d = NULL;
    dg_buf b;
    dg_buf_init(&b);
    srv_entry *e = NULL;
    /* an I/O thread's small map is over before a client could leave */
    dg_status rc = dg_generate_until(&r->mr.o, on_io_thread ? NULL : stop_making, r, &d, &err);
    /* past shutdown_timeout its request has had its 503, or its client
     * has gone: do not go on to the encoder (as long again, for some) */
    if (rc == DG_OK && !on_io_thread && stop_making(r))
        rc = dg_error_set(&err, DG_EBUSY, "", "", "", "the map was dropped before it was finished");
    if (rc == DG_OK) rc = dg_render(d, r->mr.o.format, &b, &err);
    dg_dungeon_free(d);
    if (rc == DG_OK) {
        size_t len = 0;
        unsigned char *body = dg_buf_steal(&b, &len);
        char *key = strdup(r->mr.key);
        /* gzip costs about as much as encoding JSON: made here only when
         * this client takes it; for a cached entry, later by the first hit
         * that does (srv_map_answer_entry), so a cache of misses pays none */
        if (key) e = srv_entry_take(key, body, len, r->mr.o.format, r->mr.o.seed, r->want_gz);
        else free(body);
        if (!e) dg_error_set(&err, DG_ENOMEM, "", "", "", "out of memory for the response");
        else srv_metrics_generated(on_io_thread);
    }
    dg_buf_fini(&b);
    settle(r, e, &err);
    if (!e) *errp = err;
    return e;
}

static void job(void *arg)
{
    srv_req *r = arg;
    dg_error err;
    dg_error_clear(&err);
    /* a queued map whose client left while it waited is never begun */
    if (__atomic_load_n(&r->h->abandon, __ATOMIC_ACQUIRE) || nobody_waits(r)) {
        dg_error_set(&err, DG_EBUSY, "", "", "", "%s",
                     r->abandoned ? "the client left before its map was begun"
                                  : "the service is shutting down; the map was not made");
        settle(r, NULL, &err);
        finish(r, NULL, &err);
        return;
    }
    srv_entry *e = make_entry(r, false, &err);
    finish(r, e, &err);
}

/* Runs under the cache lock, before the generating request can answer. */
static void before_wait(void *arg)
{
    srv_req *r = arg;
    r->state = SRV_REQ_WAITING;
    MHD_suspend_connection(r->conn);
    /* after the cut it is answered at once; the cache's waiter list still
     * names it, so it is kept (cut_off) */
    (void)park(r);
}

static void waiter_done(void *arg, srv_entry *e, const dg_error *err)
{
    finish(arg, e, err);
}

/* --------------------------------------------------------------- the pass */

typedef struct {
    srv_kv *kv;
    dg_error err;
    bool failed;
} collect;

static enum MHD_Result query_pair(void *cls, enum MHD_ValueKind kind, const char *key,
                                  size_t key_size, const char *value, size_t value_size)
{
    collect *c = cls;
    (void)kind;
    if (srv_kv_add_query(c->kv, key, key_size, value, value_size, &c->err) != DG_OK) {
        c->failed = true;
        return MHD_NO;
    }
    return MHD_YES;
}

/* A GET's query -> out (srv_map_req_fini it, whatever the outcome). */
static dg_status parse_get(srv_req *r, dg_format fmt, srv_map_req *out, dg_error *err)
{
    srv_kv kv;
    srv_kv_init(&kv);
    collect c = {&kv, {0}, false};
    dg_error_clear(&c.err);
    MHD_get_connection_values_n(r->conn, MHD_GET_ARGUMENT_KIND, query_pair, &c);
    dg_status rc;
    if (c.failed) {
        *err = c.err;
        rc = c.err.code;
    } else {
        rc = srv_map_req_parse(out, &kv, (int)fmt, DG_FMT_JSON, &r->h->lim, err);
    }
    srv_kv_fini(&kv);
    return rc;
}

/* A recalled request about to be made: its options, parsed now. The key
 * comes out as recalled (same target, limits and generator); were it ever
 * not to, the lookup's claim is on the recalled key, so this client is
 * told to try again and the target remembered anew. */
static dg_status reparse(srv_req *r, dg_error *err)
{
    srv_map_req full;
    dg_status rc = parse_get(r, r->mr.o.format, &full, err);
    if (rc == DG_OK && strcmp(full.key, r->mr.key)) {
        srv_cache_remember_target(r->h->cache, r->raw, full.key, full.o.format, full.o.seed, full.download);
        rc = dg_error_set(err, DG_EBUSY, "", "", "", "the map's options changed meanwhile; try again");
    }
    if (rc != DG_OK) {
        srv_map_req_fini(&full);
        return rc;
    }
    srv_map_req_fini(&r->mr);
    r->mr = full;
    r->recalled = false;
    return DG_OK;
}

/* A map the cache does not hold: charged to the memory budget, then made
 * here when small, else on a worker. Each refusal settles first. */
static enum MHD_Result make(srv_req *r)
{
    srv_http *h = r->h;
    dg_error err;
    dg_error_clear(&err);
    if (r->recalled && reparse(r, &err) != DG_OK) {
        settle(r, NULL, &err);
        return srv_send_dg_error(r, &err);
    }
    const srv_map_req *m = &r->mr;
    size_t need = srv_estimate_bytes(&m->o);
    if (srv_budget_too_big(h, need, &m->o, &err)) {
        settle(r, NULL, &err);
        return srv_send_dg_error(r, &err);
    }
    if (!srv_budget_admit(r, need)) {
        dg_error_set(&err, DG_EBUSY, "", "", "",
                     "maps being made hold the memory budget; try again shortly");
        settle(r, NULL, &err);
        return srv_send_dg_error(r, &err);
    }
    /* a small map costs less than the hand-over to a worker and back */
    double est_us = srv_estimate_us(&m->o);
    if (est_us < (double)__atomic_load_n(&h->cfg.inline_us, __ATOMIC_RELAXED)) {
        r->entry = make_entry(r, true, &r->err);   /* settles */
        return srv_maps_answer(r);
    }
    /* suspend before the job exists: its resume must come after */
    r->state = SRV_REQ_WAITING;
    MHD_suspend_connection(r->conn);
    if (!park(r)) {
        /* past shutdown_timeout: answered 503 already, no job made */
        dg_error_set(&err, DG_EBUSY, "", "", "", "the service is shutting down");
        settle(r, NULL, &err);
        return MHD_YES;
    }
    if (srv_pool_submit_as(h->pool, r->mem_big || est_us > HEAVY_US, job, r, &err) != DG_OK) {
        settle(r, NULL, &err);
        finish(r, NULL, &err);
    }
    return MHD_YES;
}

/* The pass from a known key (r->mr, parsed or recalled) on: one encoding
 * decision, one If-None-Match check, at most one cache lookup. */
static enum MHD_Result decide(srv_req *r)
{
    const srv_map_req *m = &r->mr;
    r->pass.encodings++;
    r->want_gz = dg_format_info_of(m->o.format)->compressible
                 && srv_accepts_gzip(header(r, MHD_HTTP_HEADER_ACCEPT_ENCODING));
    char etag[32];
    srv_etag(m->key, false, etag);
    srv_map_meta mm = srv_map_meta_of(r, etag);
    r->pass.conds++;
    if (srv_etag_matches(header(r, MHD_HTTP_HEADER_IF_NONE_MATCH), etag)) return srv_map_not_modified(r, &mm);
    /* a random seed never repeats: neither look it up nor store it */
    if (m->seed_named) {
        srv_entry *hit = NULL;
        r->pass.lookups++;
        switch (srv_cache_lookup(r->h->cache, m->key, &hit, before_wait, waiter_done, r)) {
        case SRV_CACHE_HIT:
            srv_metrics_cache(true);
            return srv_map_answer_entry(r, hit, &mm);
        case SRV_CACHE_WAIT:
            srv_metrics_cache(false);
            return MHD_YES;
        case SRV_CACHE_OWNER:
            r->owner = true;
            break;
        }
    }
    srv_metrics_cache(false);
    return make(r);
}

enum MHD_Result srv_maps_get(srv_req *r, dg_format fmt)
{
    srv_map_req *m = &r->mr;
    r->pass.map = true;
    r->have_mr = true;
    /* a target parsed before: its key without parsing (the options are
     * parsed only if the map must be made) */
    if (srv_cache_recall_target(r->h->cache, r->raw, &m->key, &m->o.format, &m->o.seed, &m->download)) {
        m->seed_named = true;
        r->recalled = true;
        return decide(r);
    }
    dg_error err;
    dg_error_clear(&err);
    if (parse_get(r, fmt, m, &err) != DG_OK) return srv_send_dg_error(r, &err);
    if (m->seed_named) srv_cache_remember_target(r->h->cache, r->raw, m->key, m->o.format, m->o.seed, m->download);
    return decide(r);
}

/* "application/json", any case, with or without parameters. */
static bool is_json_type(const char *ct)
{
    static const char t[] = "application/json";
    if (!ct || strncasecmp(ct, t, sizeof t - 1)) return false;
    char next = ct[sizeof t - 1];
    return next == '\0' || next == ';' || next == ' ' || next == '\t';
}

enum MHD_Result srv_maps_post(srv_req *r)
{
    r->pass.map = true;
    /* an empty body is a request with no options, whatever it is labelled */
    if (r->body_len && !is_json_type(header(r, MHD_HTTP_HEADER_CONTENT_TYPE))) {
        const char *ct = header(r, MHD_HTTP_HEADER_CONTENT_TYPE);
        return srv_send_error(r, MHD_HTTP_UNSUPPORTED_MEDIA_TYPE, "body must be application/json",
                              "Content-Type", ct ? ct : "", "application/json");
    }
    srv_kv kv;
    srv_kv_init(&kv);
    /* the options are the body's alone: a query beside it would go unread */
    collect c = {&kv, {0}, false};
    dg_error_clear(&c.err);
    MHD_get_connection_values_n(r->conn, MHD_GET_ARGUMENT_KIND, query_pair, &c);
    if (!c.failed && srv_post_check_query(&kv, &c.err) != DG_OK) c.failed = true;
    srv_kv_fini(&kv);
    if (c.failed) return srv_send_dg_error(r, &c.err);
    dg_error err;
    dg_error_clear(&err);
    if (r->body_len && srv_kv_from_json(&kv, r->body, r->body_len, &r->h->lim, &err) != DG_OK) {
        srv_kv_fini(&kv);
        return srv_send_dg_error(r, &err);
    }
    /* the body's format key wins over Accept (openapi.yaml), so Accept is
     * read, and can be unacceptable, only without one */
    dg_format accept_fmt = DG_FMT_JSON;
    if (!srv_kv_has(&kv, "format")
        && srv_format_from_accept(header(r, MHD_HTTP_HEADER_ACCEPT), &accept_fmt, &err) != DG_OK) {
        srv_kv_fini(&kv);
        return srv_send_error(r, MHD_HTTP_NOT_ACCEPTABLE, err.msg, err.param, err.value, err.allowed);
    }
    dg_status rc = srv_map_req_parse(&r->mr, &kv, -1, accept_fmt, &r->h->lim, &err);
    srv_kv_fini(&kv);
    r->have_mr = true;
    if (rc != DG_OK) return srv_send_dg_error(r, &err);
    return decide(r);
}
