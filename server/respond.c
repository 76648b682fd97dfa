/* respond.c -- how an answer goes out: the one dg_status -> HTTP status
 * mapping, the common headers, queueing with the request's status and body
 * size noted for the log, bytes and JSON errors. The layer under http.c
 * (routes, lifecycle) and maps.c (map requests): it calls neither, so the
 * two no longer call each other to answer. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "http_int.h"

unsigned srv_http_status(dg_status code)
{
    switch (code) {
    case DG_OK: return MHD_HTTP_OK;
    case DG_EINVAL:
    case DG_ELIMIT: return MHD_HTTP_BAD_REQUEST;
    /* out of memory is this moment's load, not a fault of the request nor
     * of the daemon: another try (here or on another copy) may well work */
    case DG_EBUSY:
    case DG_ENOMEM: return MHD_HTTP_SERVICE_UNAVAILABLE;
    default: return MHD_HTTP_INTERNAL_SERVER_ERROR;
    }
}

void srv_add_header(struct MHD_Response *resp, const char *k, const char *v)
{
    /* only fails on allocation; the response still goes out without it */
    (void)MHD_add_response_header(resp, k, v);
}

enum MHD_Result srv_queue(srv_req *r, unsigned status, struct MHD_Response *resp, size_t body)
{
    if (!resp) return MHD_NO;   /* out of memory: MHD closes the connection */
    srv_add_header(resp, "X-Content-Type-Options", "nosniff");
    if (__atomic_load_n(&r->h->draining, __ATOMIC_ACQUIRE))
        srv_add_header(resp, MHD_HTTP_HEADER_CONNECTION, "close");
    r->status = status;
    r->bytes = r->method == M_HEAD || status == MHD_HTTP_NOT_MODIFIED || status == MHD_HTTP_NO_CONTENT ? 0 : body;
    enum MHD_Result ok = MHD_queue_response(r->conn, status, resp);
    MHD_destroy_response(resp);
    return ok;
}

static void free_cb(void *p) { free(p); }

enum MHD_Result srv_send_bytes(srv_req *r, unsigned status, const char *mime,
                               unsigned char *data, size_t len)
{
    struct MHD_Response *resp =
        MHD_create_response_from_buffer_with_free_callback(len, data, free_cb);
    if (!resp) { free(data); return MHD_NO; }
    srv_add_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, mime);
    srv_add_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    return srv_queue(r, status, resp, len);
}

/* Copies s, every byte that is not part of a valid UTF-8 sequence -> '?'. */
static void utf8_clean(char *out, size_t cap, const char *s)
{
    size_t o = 0;
    const unsigned char *u = (const unsigned char *)(s ? s : "");
    while (*u && o + 1 < cap) {
        size_t n = *u < 0x80 ? 1 : (*u & 0xE0) == 0xC0 ? 2 : (*u & 0xF0) == 0xE0 ? 3 : (*u & 0xF8) == 0xF0 ? 4 : 0;
        bool ok = n > 0 && o + n < cap;
        for (size_t i = 1; ok && i < n; i++) ok = (u[i] & 0xC0) == 0x80;
        /* overlong two-byte forms and surrogates are not UTF-8 either */
        if (ok && n == 2 && *u < 0xC2) ok = false;
        if (ok && n == 3 && *u == 0xE0 && u[1] < 0xA0) ok = false;
        if (ok && n == 3 && *u == 0xED && u[1] >= 0xA0) ok = false;
        if (ok && n == 4 && (*u > 0xF4 || (*u == 0xF0 && u[1] < 0x90) || (*u == 0xF4 && u[1] >= 0x90)))
            ok = false;
        if (!ok) { out[o++] = '?'; u++; continue; }
        memcpy(out + o, u, n);
        o += n;
        u += n;
    }
    out[o] = '\0';
}

enum MHD_Result srv_send_error(srv_req *r, unsigned status, const char *msg,
                               const char *param, const char *value, const char *allowed)
{
    /* always all four keys, "" when they do not apply: one shape to parse;
     * client bytes that are not UTF-8 are shown as '?' */
    char m[256], p[64], v[128], a[160];
    utf8_clean(m, sizeof m, msg);
    utf8_clean(p, sizeof p, param);
    utf8_clean(v, sizeof v, value);
    utf8_clean(a, sizeof a, allowed);
    json_t *o = json_pack("{s:s, s:s, s:s, s:s}", "error", m, "param", p, "value", v, "allowed", a);
    /* the cleaner and jansson disagreeing must not cost the answer */
    if (!o) o = json_pack("{s:s, s:s, s:s, s:s}", "error", "bad request", "param", "", "value", "", "allowed", "");
    char *s = o ? json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    json_decref(o);
    if (!s) return MHD_NO;
    size_t n = strlen(s);
    struct MHD_Response *resp =
        MHD_create_response_from_buffer_with_free_callback(n, s, free_cb);
    if (!resp) { free(s); return MHD_NO; }
    srv_add_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json");
    srv_add_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    srv_add_header(resp, MHD_HTTP_HEADER_ACCESS_CONTROL_ALLOW_ORIGIN, "*");
    /* and readable by browser code on another origin */
    if (status == MHD_HTTP_SERVICE_UNAVAILABLE) {
        char ra[16];
        snprintf(ra, sizeof ra, "%d", __atomic_load_n(&r->h->cfg.retry_after, __ATOMIC_RELAXED));
        srv_add_header(resp, MHD_HTTP_HEADER_RETRY_AFTER, ra);
        srv_add_header(resp, "Access-Control-Expose-Headers", MHD_HTTP_HEADER_RETRY_AFTER);
    }
    if (status == MHD_HTTP_METHOD_NOT_ALLOWED && r->allow) {
        srv_add_header(resp, MHD_HTTP_HEADER_ALLOW, r->allow);
        srv_add_header(resp, "Access-Control-Expose-Headers", MHD_HTTP_HEADER_ALLOW);
    }
    return srv_queue(r, status, resp, n);
}

enum MHD_Result srv_send_dg_error(srv_req *r, const dg_error *e)
{
    unsigned status = srv_http_status(e->code);
    const char *msg = e->msg[0] ? e->msg : dg_status_name(e->code);
    if (status == MHD_HTTP_INTERNAL_SERVER_ERROR)
        srv_log("error", "%s %s: %s", r->method_name, r->raw, msg);
    else if (e->code == DG_ENOMEM)
        srv_log("warn", "%s %s: %s", r->method_name, r->raw, msg);
    return srv_send_error(r, status, msg, e->param, e->value, e->allowed);
}
