/* routes.c -- which handler answers a URL: the route rows (SRV_ROUTES in
 * srv.h, plus one route per format), methods and their Allow lists,
 * OPTIONS, the embedded files, /healthz and /metrics. http.c calls
 * srv_dispatch once a request is whole; map routes hand over to maps.c. */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "http_int.h"

static enum MHD_Result send_asset(srv_req *r, const srv_asset *a, const char *cache_control)
{
    const char *inm = MHD_lookup_connection_value(r->conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_NONE_MATCH);
    bool gz = a->gz && srv_accepts_gzip(MHD_lookup_connection_value(r->conn, MHD_HEADER_KIND,
                                                                      MHD_HTTP_HEADER_ACCEPT_ENCODING));
    bool hit = srv_etag_matches(inm, a->etag);
    const unsigned char *data = gz ? a->gz : a->data;
    size_t len = hit ? 0 : gz ? a->gz_len : a->len;
    struct MHD_Response *resp =
        MHD_create_response_from_buffer(len, (void *)(uintptr_t)data, MHD_RESPMEM_PERSISTENT);
    if (!resp) return MHD_NO;
    char etag[32];
    snprintf(etag, sizeof etag, "%.*s%s\"", (int)strlen(a->etag) - 1, a->etag, gz ? "-gz" : "");
    srv_add_header(resp, MHD_HTTP_HEADER_ETAG, etag);
    srv_add_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, cache_control);
    if (a->gz) srv_add_header(resp, MHD_HTTP_HEADER_VARY, MHD_HTTP_HEADER_ACCEPT_ENCODING);
    if (!hit) {
        srv_add_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, a->mime);
        if (gz) srv_add_header(resp, MHD_HTTP_HEADER_CONTENT_ENCODING, "gzip");
    }
    return srv_queue(r, hit ? MHD_HTTP_NOT_MODIFIED : MHD_HTTP_OK, resp, len);
}

/* ---------------------------------------------------------------- routes */

/* A route's row as dispatch reads it: SRV_ROUTES (srv.h) plus the format
 * routes before them. */
typedef struct route route;
typedef enum MHD_Result (*route_fn)(srv_req *r, const route *rt, const char *url);
struct route {
    const char *path;        /* exact; NULL: web/'s files (or, without a handler, the rest) */
    const char *allow;       /* methods, for 405, OPTIONS and the Allow header */
    route_fn handler;
    srv_route_id metric;
    const char *cache;       /* Cache-Control, NULL: the handler's own */
    int fmt;                 /* a format route's format, else -1 */
};

srv_method srv_parse_method(const char *m)
{
    if (!strcmp(m, MHD_HTTP_METHOD_GET)) return M_GET;
    if (!strcmp(m, MHD_HTTP_METHOD_HEAD)) return M_HEAD;
    if (!strcmp(m, MHD_HTTP_METHOD_POST)) return M_POST;
    if (!strcmp(m, MHD_HTTP_METHOD_OPTIONS)) return M_OPTIONS;
    return M_OTHER;
}

static enum MHD_Result send_options(srv_req *r)
{
    struct MHD_Response *resp = MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
    if (!resp) return MHD_NO;
    srv_add_header(resp, MHD_HTTP_HEADER_ALLOW, r->allow);
    /* CORS preflight: the API is public and takes no credentials */
    srv_add_header(resp, MHD_HTTP_HEADER_ACCESS_CONTROL_ALLOW_ORIGIN, "*");
    srv_add_header(resp, "Access-Control-Allow-Methods", r->allow);
    srv_add_header(resp, "Access-Control-Allow-Headers", "Content-Type, Accept, If-None-Match");
    srv_add_header(resp, "Access-Control-Max-Age", "86400");
    return srv_queue(r, MHD_HTTP_NO_CONTENT, resp, 0);
}

static enum MHD_Result send_healthz(srv_req *r)
{
    bool draining = __atomic_load_n(&r->h->draining, __ATOMIC_ACQUIRE);
    char body[96];
    int n = snprintf(body, sizeof body, "{\"status\":\"%s\",\"generator_version\":\"%s\"}",
                     draining ? "draining" : "ok", DG_GENERATOR_VERSION);
    unsigned char *copy = malloc((size_t)n);
    if (!copy) return MHD_NO;
    memcpy(copy, body, (size_t)n);
    return srv_send_bytes(r, draining ? MHD_HTTP_SERVICE_UNAVAILABLE : MHD_HTTP_OK,
                          "application/json", copy, (size_t)n);
}

static enum MHD_Result send_metrics(srv_req *r)
{
    srv_http *h = r->h;
    dg_buf b;
    dg_error err;
    dg_buf_init(&b);
    dg_error_clear(&err);
    size_t bytes = 0, entries = 0;
    srv_cache_stats(h->cache, &bytes, &entries);
    if (srv_metrics_render(&b, srv_pool_waiting(h->pool),
                           __atomic_load_n(&h->in_flight, __ATOMIC_RELAXED), bytes, entries,
                           &err) != DG_OK) {
        dg_buf_fini(&b);
        return srv_send_dg_error(r, &err);
    }
    size_t len = 0;
    unsigned char *data = dg_buf_steal(&b, &len);
    return srv_send_bytes(r, MHD_HTTP_OK, "text/plain; version=0.0.4; charset=utf-8", data, len);
}

static enum MHD_Result route_map(srv_req *r, const route *rt, const char *url)
{
    (void)url;
    return srv_maps_get(r, (dg_format)rt->fmt);
}

static enum MHD_Result route_post(srv_req *r, const route *rt, const char *url)
{
    (void)rt, (void)url;
    return srv_maps_post(r);
}

static enum MHD_Result route_static(srv_req *r, const route *rt, const char *url)
{
    const srv_asset *a = srv_static_find(url, r->raw);
    unsigned char *page;
    size_t len;
    /* the page at a permalink: its head names the dungeon (page.c) */
    if (srv_page_with_head(r, url, a, &page, &len)) return srv_send_bytes(r, MHD_HTTP_OK, a->mime, page, len);
    return send_asset(r, a, rt->cache);
}

static enum MHD_Result route_openapi(srv_req *r, const route *rt, const char *url)
{
    (void)url;
    const srv_asset *a = srv_static_openapi();
    if (!a) return srv_send_error(r, MHD_HTTP_NOT_FOUND, "no OpenAPI document in this build", NULL, NULL, NULL);
    return send_asset(r, a, rt->cache);
}

static enum MHD_Result route_vocabulary(srv_req *r, const route *rt, const char *url)
{
    (void)url;
    return send_asset(r, &r->h->vocabulary, rt->cache);
}

static enum MHD_Result route_healthz(srv_req *r, const route *rt, const char *url)
{
    (void)rt, (void)url;
    return send_healthz(r);
}

static enum MHD_Result route_metrics(srv_req *r, const route *rt, const char *url)
{
    (void)rt, (void)url;
    return send_metrics(r);
}

#define ROUTE_ROW(id, path, methods, handler, metric, cache) {path, methods, handler, SRV_ROUTE_##id, cache, -1},
static const route routes[] = {SRV_ROUTES(ROUTE_ROW)};
#undef ROUTE_ROW
#define NROUTES (sizeof routes / sizeof routes[0])
_Static_assert(NROUTES == SRV_ROUTE_COUNT - DG_FMT_COUNT, "one route row per route id");

/* The row of url: a format route ("/dungeon.<ext>", so a new format joins
 * here), a row's exact path, then web/'s files; else the last row. */
static route find_route(const char *url)
{
    if (!strncmp(url, "/dungeon.", 9))
        for (int f = 0; f < DG_FMT_COUNT; f++)
            if (!strcmp(url + 9, dg_format_ext((dg_format)f)))
                return (route){url, SRV_GET_METHODS, route_map, f, NULL, f};
    for (size_t i = 0; i < NROUTES; i++)
        if (routes[i].path && !strcmp(url, routes[i].path)) return routes[i];
    for (size_t i = 0; i < NROUTES; i++)
        if (!routes[i].path && routes[i].handler && srv_static_find(url, NULL)) return routes[i];
    return routes[NROUTES - 1];
}

/* Whether the method is one of the row's (its Allow list). */
static bool allowed(const route *rt, const char *method)
{
    size_t n = strlen(method);
    for (const char *w = rt->allow; w && *w;) {
        size_t len = strcspn(w, ",");
        if (len == n && !strncmp(w, method, n)) return true;
        w += len;
        w += strspn(w, ", ");
    }
    return false;
}

enum MHD_Result srv_dispatch(srv_req *r, const char *url)
{
    if (srv_static_path_hostile(r->raw))
        return srv_send_error(r, MHD_HTTP_BAD_REQUEST, "path not allowed", "path", url,
                              "a path without '..', backslash or encoded '.', '/', backslash, NUL");
    route rt = find_route(url);
    r->route = rt.metric;
    r->allow = rt.allow;
    if (!rt.handler) return srv_send_error(r, MHD_HTTP_NOT_FOUND, "no such resource", "path", url, NULL);
    if (r->method == M_OPTIONS) return send_options(r);
    if (r->method == M_OTHER || !allowed(&rt, r->method_name))
        return srv_send_error(r, MHD_HTTP_METHOD_NOT_ALLOWED, "method not allowed", "method", r->method_name,
                              rt.allow);
    return rt.handler(r, &rt, url);
}

srv_route_id srv_route_of(const char *url) { return find_route(url).metric; }
