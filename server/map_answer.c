/* map_answer.c -- a made map's answer: its headers (ETag, Cache-Control,
 * Vary, gzip, Content-Disposition, the permalink's options), the response
 * object shared by every plain GET of a named seed, the gzip form made once
 * per cache entry (inline when small, on a worker when large), and the 304.
 * maps.c decides which request gets which; this file only answers. */
#include <stdlib.h>
#include <string.h>

#include "http_int.h"

static void unref_cb(void *cls) { srv_entry_unref(cls); }

srv_map_meta srv_map_meta_of(const srv_req *r, const char *etag)
{
    const srv_map_req *m = &r->mr;
    return (srv_map_meta){m->key, etag, m->o.format, m->o.seed, m->seed_named, m->download};
}

static void map_headers(srv_req *r, struct MHD_Response *resp, const srv_map_meta *mm, bool gz)
{
    char etag[32], seed[24];
    /* the tag without its closing quote, the coding's mark, the quote:
     * copies, not snprintf, on every answer */
    size_t n = strlen(mm->etag) - 1;
    if (n > sizeof etag - 5) n = sizeof etag - 5;
    memcpy(etag, mm->etag, n);
    if (gz) {
        memcpy(etag + n, "-gz", 3);
        n += 3;
    }
    etag[n++] = '"';
    etag[n] = '\0';
    (void)MHD_add_response_header(resp, MHD_HTTP_HEADER_ETAG, etag);
    /* a named seed is a permanent address; a random one is a one-off */
    (void)MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL,
                                  mm->seed_named ? "public, max-age=31536000, immutable" : "no-store");
    const char *vary = dg_format_info_of(mm->format)->compressible ? "Accept-Encoding" : NULL;
    if (r->route == SRV_ROUTE_POST) vary = vary ? "Accept, Accept-Encoding" : "Accept";
    if (vary) (void)MHD_add_response_header(resp, MHD_HTTP_HEADER_VARY, vary);
    if (gz) (void)MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_ENCODING, "gzip");
    char *d = seed + sizeof seed;
    uint64_t v = mm->seed;
    *--d = '\0';
    do *--d = (char)('0' + v % 10); while ((v /= 10) != 0);
    memmove(seed, d, (size_t)(seed + sizeof seed - d));
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
static struct MHD_Response *shared_response(srv_req *r, srv_entry *e, const srv_map_meta *mm, bool gz)
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
enum MHD_Result srv_map_answer_entry(srv_req *r, srv_entry *e, const srv_map_meta *mm)
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

enum MHD_Result srv_map_not_modified(srv_req *r, const srv_map_meta *mm)
{
    struct MHD_Response *resp = MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
    if (!resp) return MHD_NO;
    map_headers(r, resp, mm, r->want_gz);
    return srv_queue(r, MHD_HTTP_NOT_MODIFIED, resp, 0);
}
