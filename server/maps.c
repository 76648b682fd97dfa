/* maps.c -- the map routes: request -> options (request.c) -> 304, cache
 * hit, a small map made on the spot, or a worker job with the connection
 * suspended until the bytes are made, so a slow 1001x1001 map never holds
 * up an I/O thread. Headers of a map answer (ETag, Cache-Control, gzip,
 * Content-Disposition) live here. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "http_int.h"

/* ------------------------------------------------------------- answering */

static void mem_release(srv_req *r);

static void unref_cb(void *cls) { srv_entry_unref(cls); }

static const char *header(srv_req *r, const char *name)
{
    return MHD_lookup_connection_value(r->conn, MHD_HEADER_KIND, name);
}


/* What a map answer's headers say, from a parsed request or a cache entry. */
typedef struct {
    const char *key;
    const char *etag;        /* identity form */
    dg_format format;
    uint64_t seed;
    bool seed_named, download;
} map_meta;

static map_meta meta_of(const srv_req *r, const char *etag)
{
    const srv_map_req *m = &r->mr;
    return (map_meta){m->key, etag, m->o.format, m->o.seed, m->seed_named, m->download};
}

static void map_headers(srv_req *r, struct MHD_Response *resp, const map_meta *mm, bool gz)
{
    char etag[32], seed[24];
    snprintf(etag, sizeof etag, "%.*s%s\"", (int)strlen(mm->etag) - 1, mm->etag, gz ? "-gz" : "");
    (void)MHD_add_response_header(resp, MHD_HTTP_HEADER_ETAG, etag);
    /* a named seed is a permanent address; a random one is a one-off */
    (void)MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL,
                                  mm->seed_named ? "public, max-age=31536000, immutable" : "no-store");
    const char *vary = dg_format_info_of(mm->format)->compressible ? "Accept-Encoding" : NULL;
    if (r->route == SRV_ROUTE_POST) vary = vary ? "Accept, Accept-Encoding" : "Accept";
    if (vary) (void)MHD_add_response_header(resp, MHD_HTTP_HEADER_VARY, vary);
    if (gz) (void)MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_ENCODING, "gzip");
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)mm->seed);
    (void)MHD_add_response_header(resp, "X-Dungeon-Seed", seed);
    /* the canonical options: the permalink's query string */
    const char *canon = strchr(mm->key, ' ');
    canon = canon ? strchr(canon + 1, ' ') : NULL;
    if (canon && strlen(canon + 1) < 2048) (void)MHD_add_response_header(resp, "X-Dungeon-Options", canon + 1);
    if (mm->download) {
        char cd[96];
        /* uvtt downloads as .dd2vtt, the name importers look for */
        snprintf(cd, sizeof cd, "attachment; filename=\"dungeon-%s.%s\"", seed,
                 dg_format_download_ext(mm->format));
        (void)MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_DISPOSITION, cd);
    }
    (void)MHD_add_response_header(resp, MHD_HTTP_HEADER_ACCESS_CONTROL_ALLOW_ORIGIN, "*");
    (void)MHD_add_response_header(resp, "Access-Control-Expose-Headers",
                                  "ETag, X-Dungeon-Seed, X-Dungeon-Options, Content-Disposition");
}

static void drop_shared(void *resp) { MHD_destroy_response(resp); }

/* The plain GET of a named seed gets one response object per entry and
 * coding, made once and queued on every connection that asks: no headers
 * to build per request. The body stays the entry's (persistent to MHD);
 * the request holds an entry reference until it completes. */
static struct MHD_Response *shared_response(srv_req *r, srv_entry *e, const map_meta *mm, bool gz)
{
    void **slot = &e->shared[gz];
    struct MHD_Response *resp = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (resp) return resp;
    size_t gz_len;
    const unsigned char *gz_body = srv_entry_gz(e, &gz_len);
    resp = MHD_create_response_from_buffer(gz ? gz_len : e->len, (void *)(uintptr_t)(gz ? gz_body : e->body),
                                           MHD_RESPMEM_PERSISTENT);
    if (!resp) return NULL;
    map_headers(r, resp, mm, gz);
    (void)MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, dg_format_mime(e->format));
    (void)MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    void *none = NULL;
    __atomic_store_n(&e->drop_shared, drop_shared, __ATOMIC_RELAXED);   /* same value from any thread */
    if (!__atomic_compare_exchange_n(slot, &none, resp, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        MHD_destroy_response(resp);   /* another thread was first */
        return none;
    }
    return resp;
}

/* Bodies past this are gzipped on a worker, not on the I/O thread (a
 * 1001x1001 map's JSON takes a good part of a second at level 1). */
#define GZ_INLINE_MAX ((size_t)1 << 20)

typedef struct {
    srv_http *h;
    srv_entry *e;
} gz_job;

static void make_gz_job(void *arg)
{
    gz_job *j = arg;
    if (srv_entry_make_gz(j->e)) srv_cache_entry_grew(j->h->cache, j->e);
    srv_entry_unref(j->e);
    free(j);
}

/* The gzip form of e, made now when it is small, else on a worker (this
 * client gets the identity form); NULL until made. */
static const unsigned char *gzip_form(srv_req *r, srv_entry *e, size_t *gz_len)
{
    const unsigned char *z = srv_entry_gz(e, gz_len);
    if (z || __atomic_load_n(&e->gz_tried, __ATOMIC_ACQUIRE)) return z;
    if (e->len <= GZ_INLINE_MAX) {
        if (srv_entry_make_gz(e)) srv_cache_entry_grew(r->h->cache, e);
        return srv_entry_gz(e, gz_len);
    }
    /* one job an entry, however many ask meanwhile */
    bool no = false;
    if (!__atomic_compare_exchange_n(&e->gz_queued, &no, true, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
        return NULL;
    gz_job *j = malloc(sizeof *j);
    if (j) *j = (gz_job){r->h, srv_entry_ref(e)};
    /* no memory, a full queue or a stopping pool: a later request asks again */
    if (!j || srv_pool_submit(r->h->pool, make_gz_job, j, NULL) != DG_OK) {
        if (j) srv_entry_unref(e);
        free(j);
        __atomic_store_n(&e->gz_queued, false, __ATOMIC_RELEASE);
    }
    return NULL;
}

/* Takes the reference e. The gzip form is made once per entry, for the
 * first client that takes it: storing an entry costs no gzip, so a cache
 * that never hits costs (almost) nothing over no cache. */
static enum MHD_Result answer_entry(srv_req *r, srv_entry *e, const map_meta *mm)
{
    size_t gz_len = 0;
    const unsigned char *gz_body = r->want_gz ? gzip_form(r, e, &gz_len) : NULL;
    bool gz = gz_body != NULL;
    if (mm->seed_named && !mm->download && r->route != SRV_ROUTE_POST
        && !__atomic_load_n(&r->h->draining, __ATOMIC_ACQUIRE)) {
        struct MHD_Response *shared = shared_response(r, e, mm, gz);
        if (shared) {
            srv_entry_unref(r->entry);
            r->entry = e;               /* released when the request completes */
            r->status = MHD_HTTP_OK;
            r->bytes = r->method == M_HEAD ? 0 : gz ? gz_len : e->len;
            return MHD_queue_response(r->conn, MHD_HTTP_OK, shared);
        }
    }
    unsigned char *data = (unsigned char *)(uintptr_t)(gz ? gz_body : e->body);
    size_t len = gz ? gz_len : e->len;
    struct MHD_Response *resp =
        MHD_create_response_from_buffer_with_free_callback_cls(len, data, unref_cb, e);
    if (!resp) {
        srv_entry_unref(e);
        return MHD_NO;
    }
    map_headers(r, resp, mm, gz);
    (void)MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, dg_format_mime(e->format));
    return srv_queue(r, MHD_HTTP_OK, resp, len);
}

static enum MHD_Result not_modified(srv_req *r, const map_meta *mm)
{
    struct MHD_Response *resp = MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
    if (!resp) return MHD_NO;
    map_headers(r, resp, mm, r->want_gz);
    return srv_queue(r, MHD_HTTP_NOT_MODIFIED, resp, 0);
}

enum MHD_Result srv_maps_answer(srv_req *r)
{
    srv_entry *e = r->entry;
    r->entry = NULL;
    if (!e) return srv_send_dg_error(r, &r->err);
    map_meta mm = meta_of(r, e->etag);
    return answer_entry(r, e, &mm);
}

void srv_maps_fini(srv_req *r)
{
    mem_release(r);
    srv_entry_unref(r->entry);
    r->entry = NULL;
    if (r->have_mr) srv_map_req_fini(&r->mr);
    r->have_mr = false;
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

/* A map whose estimate is over 1/BIG_SHARE of the budget is big: big maps
 * together may hold at most (BIG_SHARE - 1)/BIG_SHARE of it, so the rest
 * is always there for small ones (one client looping the biggest map a
 * deployment admits no longer turns everyone else's maps into 503s). */
#define BIG_SHARE 4

/* Takes need bytes of memory_budget for r's map; false (and nothing
 * taken) when other maps in the making already hold so much that this one
 * would pass it. A map alone is always admitted, or a map bigger than the
 * budget could never be made. */
static bool mem_admit(srv_req *r, size_t need)
{
    srv_http *h = r->h;
    size_t cap = __atomic_load_n(&h->cfg.memory_budget, __ATOMIC_RELAXED);   /* SIGHUP may set it */
    bool big = cap && need > cap / BIG_SHARE;
    if (big) {
        size_t cur_big = __atomic_load_n(&h->mem_big, __ATOMIC_RELAXED);
        do {
            if (cur_big > 0 && cur_big + need > cap / BIG_SHARE * (BIG_SHARE - 1)) return false;
        } while (!__atomic_compare_exchange_n(&h->mem_big, &cur_big, cur_big + need, true, __ATOMIC_ACQ_REL,
                                              __ATOMIC_RELAXED));
    }
    size_t cur = __atomic_load_n(&h->mem_in_use, __ATOMIC_RELAXED);
    do {
        if (cap && cur > 0 && cur + need > cap) {
            if (big) __atomic_fetch_sub(&h->mem_big, need, __ATOMIC_ACQ_REL);
            return false;
        }
    } while (!__atomic_compare_exchange_n(&h->mem_in_use, &cur, cur + need, true, __ATOMIC_ACQ_REL,
                                          __ATOMIC_RELAXED));
    r->mem = need;
    r->mem_big = big;
    return true;
}

static void mem_release(srv_req *r)
{
    if (r->mem) __atomic_fetch_sub(&r->h->mem_in_use, r->mem, __ATOMIC_ACQ_REL);
    if (r->mem && r->mem_big) __atomic_fetch_sub(&r->h->mem_big, r->mem, __ATOMIC_ACQ_REL);
    r->mem = 0;
    r->mem_big = false;
}

/* A map whose estimate alone passes the big maps' share of the budget
 * (three quarters) could only be made by taking the share kept for small
 * maps, or past the whole budget: it is refused up front, naming what
 * fits, instead of being admitted alone (a pod's memory limit sits just
 * above the budget: docs/scaling.md). */
static bool too_big(srv_req *r, size_t need, const dg_options *o, dg_error *err)
{
    size_t cap = __atomic_load_n(&r->h->cfg.memory_budget, __ATOMIC_RELAXED);
    cap = cap / BIG_SHARE * (BIG_SHARE - 1);
    if (!cap || need <= cap) return false;
    char value[48], allowed[96];
    snprintf(value, sizeof value, "%dx%d", o->rows, o->cols);
    double scale = (double)cap / (double)need;
    snprintf(allowed, sizeof allowed, "a map this server can make in %zu MB (about %.0f%% of this one's cells)",
             cap >> 20, 100 * scale);
    dg_error_set(err, DG_ELIMIT, "rows", value, allowed,
                 "this map needs about %zu MB (%s, %d floor%s) and big maps may hold %zu MB of the memory budget: "
                 "fewer cells, "
                 "a smaller ppg or cell, or fewer floors",
                 need >> 20, dg_format_name(o->format), o->floors, o->floors == 1 ? "" : "s", cap >> 20);
    return true;
}

/* A map estimated to take longer than this on a worker is heavy (so is a
 * big one, over a quarter of the budget): heavy maps never hold the last
 * free worker (pool.c), so cheap maps keep one while a client loops the
 * most expensive map there is. A tenth of a second: a 201x201 PNG or a
 * 501x501 JSON is cheap, a 1001x1001 JSON or any uvtt image of note heavy. */
#define HEAVY_US 100000.0

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
    dg_status rc = dg_generate(&r->mr.o, &d, &err);
    /* past shutdown_timeout its request has had its 503: do not go on to
     * the encoder (as long again, for some formats) */
    if (rc == DG_OK && __atomic_load_n(&r->h->abandon, __ATOMIC_ACQUIRE))
        rc = dg_error_set(&err, DG_EBUSY, "", "", "", "the service is shutting down; the map was not finished in time");
    if (rc == DG_OK) rc = dg_render(d, r->mr.o.format, &b, &err);
    dg_dungeon_free(d);
    if (rc == DG_OK) {
        size_t len = 0;
        unsigned char *body = dg_buf_steal(&b, &len);
        char *key = strdup(r->mr.key);
        /* gzip costs about as much as encoding JSON: made here only when
         * this client takes it; for a cached entry, later by the first hit
         * that does (answer_entry), so a cache of misses pays none */
        if (key) e = srv_entry_take(key, body, len, r->mr.o.format, r->mr.o.seed, r->want_gz);
        else free(body);
        if (!e) dg_error_set(&err, DG_ENOMEM, "", "", "", "out of memory for the response");
        else srv_metrics_generated(on_io_thread);
    }
    dg_buf_fini(&b);
    mem_release(r);
    if (r->owner) srv_cache_fulfil(r->h->cache, r->mr.key, e, e ? NULL : &err);
    if (!e) *errp = err;
    return e;
}

static void job(void *arg)
{
    srv_req *r = arg;
    dg_error err;
    dg_error_clear(&err);
    if (__atomic_load_n(&r->h->abandon, __ATOMIC_ACQUIRE)) {
        dg_error_set(&err, DG_EBUSY, "", "", "", "the service is shutting down; the map was not made");
        mem_release(r);
        if (r->owner) srv_cache_fulfil(r->h->cache, r->mr.key, NULL, &err);
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

/* ------------------------------------------------------------------ start */

static enum MHD_Result start(srv_req *r, srv_kv *kv, int route_fmt, dg_format accept_fmt,
                             const char *target)
{
    srv_http *h = r->h;
    dg_error err;
    dg_error_clear(&err);
    dg_status rc = srv_map_req_parse(&r->mr, kv, route_fmt, accept_fmt, &h->lim, &err);
    srv_kv_fini(kv);
    r->have_mr = true;
    if (rc != DG_OK) return srv_send_dg_error(r, &err);

    const srv_map_req *m = &r->mr;
    r->want_gz = dg_format_info_of(m->o.format)->compressible && srv_accepts_gzip(header(r, MHD_HTTP_HEADER_ACCEPT_ENCODING));
    char etag[32];
    srv_etag(m->key, false, etag);
    map_meta mm = meta_of(r, etag);
    if (srv_etag_matches(header(r, MHD_HTTP_HEADER_IF_NONE_MATCH), etag)) return not_modified(r, &mm);
    r->owner = false;
    /* a random seed never repeats: neither look it up nor store it */
    if (m->seed_named) {
        if (target) srv_cache_remember_target(h->cache, target, m->key, m->download);
        srv_entry *hit = NULL;
        switch (srv_cache_lookup(h->cache, m->key, &hit, before_wait, waiter_done, r)) {
        case SRV_CACHE_HIT:
            srv_metrics_cache(true);
            return answer_entry(r, hit, &mm);
        case SRV_CACHE_WAIT:
            srv_metrics_cache(false);
            return MHD_YES;
        case SRV_CACHE_OWNER:
            r->owner = true;
            break;
        }
    }
    srv_metrics_cache(false);
    size_t need = srv_estimate_bytes(&m->o);
    if (too_big(r, need, &m->o, &err)) {
        if (r->owner) srv_cache_fulfil(h->cache, m->key, NULL, &err);
        return srv_send_dg_error(r, &err);
    }
    if (!mem_admit(r, need)) {
        dg_error_set(&err, DG_EBUSY, "", "", "",
                     "maps being made hold the memory budget; try again shortly");
        if (r->owner) srv_cache_fulfil(h->cache, m->key, NULL, &err);
        return srv_send_dg_error(r, &err);
    }
    /* a small map costs less than the hand-over to a worker and back */
    double est_us = srv_estimate_us(&m->o);
    if (est_us < (double)__atomic_load_n(&h->cfg.inline_us, __ATOMIC_RELAXED)) {
        r->entry = make_entry(r, true, &r->err);
        return srv_maps_answer(r);
    }
    /* suspend before the job exists: its resume must come after */
    r->state = SRV_REQ_WAITING;
    MHD_suspend_connection(r->conn);
    if (!park(r)) {
        /* past shutdown_timeout: answered 503 already, no job made */
        dg_error_set(&err, DG_EBUSY, "", "", "", "the service is shutting down");
        mem_release(r);
        if (r->owner) srv_cache_fulfil(h->cache, m->key, NULL, &err);
        return MHD_YES;
    }
    if (srv_pool_submit_as(h->pool, r->mem_big || est_us > HEAVY_US, job, r, &err) != DG_OK) {
        mem_release(r);
        if (r->owner) srv_cache_fulfil(h->cache, m->key, NULL, &err);
        finish(r, NULL, &err);
    }
    return MHD_YES;
}

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

enum MHD_Result srv_maps_get(srv_req *r, dg_format fmt)
{
    /* a target answered before: straight from the cache, no parsing */
    srv_entry *e = NULL;
    bool download = false;
    if (srv_cache_lookup_target(r->h->cache, r->raw, &e, &download)) {
        map_meta mm = {e->key, e->etag, e->format, e->seed, true, download};
        r->want_gz = dg_format_info_of(e->format)->compressible && srv_accepts_gzip(header(r, MHD_HTTP_HEADER_ACCEPT_ENCODING));
        if (srv_etag_matches(header(r, MHD_HTTP_HEADER_IF_NONE_MATCH), e->etag)) {
            enum MHD_Result ok = not_modified(r, &mm);
            srv_entry_unref(e);
            return ok;
        }
        srv_metrics_cache(true);
        return answer_entry(r, e, &mm);
    }
    srv_kv kv;
    srv_kv_init(&kv);
    collect c = {&kv, {0}, false};
    dg_error_clear(&c.err);
    MHD_get_connection_values_n(r->conn, MHD_GET_ARGUMENT_KIND, query_pair, &c);
    if (c.failed) {
        srv_kv_fini(&kv);
        return srv_send_dg_error(r, &c.err);
    }
    return start(r, &kv, (int)fmt, DG_FMT_JSON, r->raw);
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
    if (r->body_len && srv_kv_from_json(&kv, r->body, r->body_len, &err) != DG_OK) {
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
    return start(r, &kv, -1, accept_fmt, NULL);
}
