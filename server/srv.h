/* srv.h -- the daemon's private interfaces: config, request -> options,
 * worker pool, response cache, embedded files, logging and metrics.
 * Only the server sources include it; the libraries never see it. */
#ifndef SRV_H
#define SRV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "dg.h"
#include "render.h"

/* ---------------------------------------------------------------- config */

typedef enum { SRV_LOG_PLAIN, SRV_LOG_JSON } srv_log_format;

typedef struct {
    char address[64];        /* listen address, IPv4 or IPv6 literal */
    int port;                /* 0: any free port (printed on stderr) */
    int io_threads;          /* libmicrohttpd epoll threads; 0 = one per CPU */
    int workers;             /* generation threads; 0 = one per CPU */
    int queue_depth;         /* jobs waiting for a worker; more -> 503 */
    int inline_us;           /* smaller maps skip the pool (estimated cost) */
    bool cache;              /* response cache on/off */
    size_t cache_bytes;      /* LRU byte cap */
    size_t memory_budget;    /* estimated bytes of maps being made at once; more -> 503; 0 = no limit */
    int max_dim;             /* rows and cols at most this */
    int max_cell;            /* cell pixels at most this */
    size_t body_limit;       /* request body bytes, any method; more -> 413 */
    int max_connections;     /* total open connections */
    int per_ip_connections;  /* per client address; 0 = no limit */
    int timeout;             /* idle connection seconds */
    int header_timeout;      /* seconds to send a request's line and headers; 0 = no limit */
    int body_timeout;        /* seconds to send its body once the headers are in; 0 = no limit */
    int shutdown_timeout;    /* seconds to drain in-flight requests */
    int retry_after;         /* seconds, sent with 503 */
    bool access_log;         /* one line per request on stderr */
    srv_log_format log_format;
} srv_config;

/* Built-in defaults: what the daemon does with no file, env or flag. */
void srv_config_init(srv_config *c);
/* One key=value (key as in the file; '-' and '_' are the same).
 * DG_EINVAL naming the key for an unknown key or a value out of range. */
dg_status srv_config_set(srv_config *c, const char *key, const char *value,
                         dg_error *err);
/* Reads a file of "key = value" lines; '#' starts a comment. DG_EIO when it
 * cannot be read; errors name the key and carry "file:line" in msg. */
dg_status srv_config_load(srv_config *c, const char *path, dg_error *err);
/* Applies every DUNGEOND_<KEY> variable of envp (DUNGEOND_CONFIG excluded). */
dg_status srv_config_env(srv_config *c, char *const envp[], dg_error *err);
/* Replaces 0 ("auto") thread counts with the CPU count. */
void srv_config_resolve(srv_config *c);
/* The map limits c sets (max_dim, max_cell), the rest core's defaults. */
dg_limits srv_config_limits(const srv_config *c);
/* The effective config, in the file's own syntax. */
void srv_config_print(const srv_config *c, FILE *out);
/* The keys whose values differ between was and now, ", "-separated into
 * applied (those SIGHUP applies to a running daemon) and restart (those
 * that take a restart); each cap bytes, cut when longer. */
void srv_config_changes(const srv_config *was, const srv_config *now, char *applied,
                        char *restart, size_t cap);
/* Copies next's reloadable values into running, the rest stays. */
void srv_config_take_reloadable(srv_config *running, const srv_config *next);
/* Each key with its default and limit, for --help. */
void srv_config_usage(FILE *out);
/* True when key names a config key (for flag parsing). */
bool srv_config_known(const char *key);

/* ------------------------------------------------------------------- log */

void srv_log_setup(const srv_config *c);
/* Levelled message lines on stderr ("info", "warn", "error"). */
void srv_log(const char *level, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The access line: method, path, status, body bytes, microseconds. */
void srv_log_access(const char *method, const char *path, unsigned status,
                    size_t bytes, uint64_t micros);
/* Monotonic clock in nanoseconds (latency, drain deadlines). */
uint64_t srv_now_ns(void);

/* --------------------------------------------------------------- metrics */

/* The routes, one row each (nginx's ngx_command_t is the model): routes.c
 * dispatches from these rows, metrics.c labels from them, so a route and
 * its name cannot drift apart. Route f < DG_FMT_COUNT is GET
 * /dungeon.<ext> of format f (core/formats.c's rows: a new format gets its
 * route and label there); then one row per further route, in the order of
 * their metric labels:
 *   X(id, path, methods (the Allow header), handler (routes.c), metric label,
 *     Cache-Control (NULL: the handler's own))
 * A NULL path matches web/'s files (static.c); the last row is what no
 * route took (404). */
#define SRV_GET_METHODS "GET, HEAD, OPTIONS"
#define SRV_ROUTES(X)                                                                             \
    X(POST, "/dungeon", "POST, OPTIONS", route_post, "/dungeon", NULL)                            \
    X(STATIC, NULL, SRV_GET_METHODS, route_static, "static", "no-cache")                          \
    X(OPENAPI, "/openapi.yaml", SRV_GET_METHODS, route_openapi, "/openapi.yaml", "no-cache")      \
    X(OPTIONS, "/options", SRV_GET_METHODS, route_vocabulary, "/options", "no-cache")             \
    X(HEALTHZ, "/healthz", SRV_GET_METHODS, route_healthz, "/healthz", NULL)                      \
    X(METRICS, "/metrics", SRV_GET_METHODS, route_metrics, "/metrics", NULL)                      \
    X(OTHER, NULL, NULL, NULL, "other", NULL)

#define SRV_ROUTE_ID(id, path, methods, handler, metric, cache) SRV_ROUTE_##id,
enum { SRV_ROUTE_FIRST_FIXED = DG_FMT_COUNT - 1, SRV_ROUTES(SRV_ROUTE_ID) SRV_ROUTE_COUNT };
#undef SRV_ROUTE_ID
typedef int srv_route_id;
/* Route r's metric label ("/dungeon.png", "/healthz", ...); "other" out of range. */
const char *srv_route_label(srv_route_id r, char buf[64]);

void srv_metrics_request(srv_route_id route, unsigned status, uint64_t micros);
void srv_metrics_cache(bool hit);
void srv_metrics_connection_cut(void);
/* A map was made; on_io_thread: inline, without a worker. */
void srv_metrics_generated(bool on_io_thread);
/* Appends the Prometheus text exposition. queue/in-flight are gauges read
 * by the caller at scrape time. */
dg_status srv_metrics_render(dg_buf *out, size_t queue_depth, size_t in_flight,
                             size_t cache_bytes, size_t cache_entries,
                             dg_error *err);

/* ------------------------------------------------------------------ pool */

typedef struct srv_pool srv_pool;
typedef void (*srv_job_fn)(void *arg);

/* New pool of `workers` threads and a queue of `depth` waiting jobs. */
dg_status srv_pool_new(int workers, int depth, srv_pool **out, dg_error *err);
/* Queues fn(arg). DG_EBUSY when the queue is full or the pool is stopping;
 * fn is then not called and arg stays the caller's. */
dg_status srv_pool_submit(srv_pool *p, srv_job_fn fn, void *arg, dg_error *err);
/* The same for a heavy job (a map estimated slow or big): in a pool of two
 * or more the first worker is kept for cheap jobs, and the others run at a
 * lower CPU priority (nice 10). */
dg_status srv_pool_submit_as(srv_pool *p, bool heavy, srv_job_fn fn, void *arg, dg_error *err);
/* Jobs waiting (not yet running). */
size_t srv_pool_waiting(srv_pool *p);
/* Refuses new jobs, runs every queued one to the end, joins the threads.
 * Idempotent; the pool stays valid (submit says DG_EBUSY) until freed. */
void srv_pool_stop(srv_pool *p);
/* The same, but waits for the running jobs only until deadline_ns
 * (srv_now_ns's clock): true when every worker has ended; false when some
 * still run a job, detached -- the pool and whatever their jobs touch must
 * then stay allocated (no srv_pool_free until a later call says true). */
bool srv_pool_stop_by(srv_pool *p, uint64_t deadline_ns);
/* Stops, then frees. NULL is a no-op. */
void srv_pool_free(srv_pool *p);

/* ----------------------------------------------------------------- cache */

/* An encoded body, shared by the cache and the responses being sent;
 * immutable once made, freed when the last reference goes. */
typedef struct srv_entry {
    char *key;               /* format + canonical options */
    unsigned char *body;     /* identity bytes */
    size_t len;
    /* gzip of body: made at most once, by the first request that takes
     * gzip (srv_entry_make_gz), not by every one that stores; read it with
     * srv_entry_gz. NULL until then, or when not worth it. */
    unsigned char *gz;       /* atomic */
    size_t gz_len;           /* set before gz */
    bool gz_tried;           /* atomic: made, or found not worth it */
    bool gz_queued;          /* atomic: a worker was asked to make it (big bodies) */
    dg_format format;
    uint64_t seed;
    char etag[32];           /* srv_etag(key, false), made once */
    size_t refs;             /* atomic */
    /* Ready-made answers (identity, gzip) for the plain GET of a named
     * seed, shared by every such request; map_answer.c makes them on first use
     * and drop_shared releases them with the entry. */
    void *shared[2];
    void (*drop_shared)(void *);
} srv_entry;

/* Takes body (malloc'd) and key (malloc'd); with want_gz makes the gzip
 * form too (text formats only). NULL on allocation failure (body and key
 * freed). */
srv_entry *srv_entry_take(char *key, unsigned char *body, size_t len,
                          dg_format fmt, uint64_t seed, bool want_gz);
srv_entry *srv_entry_ref(srv_entry *e);
/* The gzip form and its length, or NULL when it is not (yet) made. */
const unsigned char *srv_entry_gz(const srv_entry *e, size_t *len);
/* Makes the gzip form once (text formats only); true when this call put it
 * there (the caller then tells the cache: srv_cache_entry_grew). Same bytes
 * as srv_entry_take with want_gz would have made. */
bool srv_entry_make_gz(srv_entry *e);
void srv_entry_unref(srv_entry *e);

typedef struct srv_cache srv_cache;
/* What a request waiting on another's generation is told. e is a new
 * reference (NULL on failure, with err set). */
typedef void (*srv_wait_fn)(void *arg, srv_entry *e, const dg_error *err);

typedef enum { SRV_CACHE_HIT, SRV_CACHE_OWNER, SRV_CACHE_WAIT } srv_lookup;

/* cap 0 makes a cache that stores nothing and never coalesces. */
dg_status srv_cache_new(size_t cap, srv_cache **out, dg_error *err);
void srv_cache_free(srv_cache *c);
/* HIT: *hit is a new reference. OWNER: the caller must generate and later
 * call srv_cache_fulfil(key, ...). WAIT: another request is generating the
 * same key; before_wait(arg) runs under the cache lock (the caller suspends
 * its connection there) and done(arg, ...) runs once it finishes. */
srv_lookup srv_cache_lookup(srv_cache *c, const char *key, srv_entry **hit,
                            void (*before_wait)(void *arg), srv_wait_fn done,
                            void *arg);
/* Ends an OWNER lookup: stores e (when non-NULL; the cache takes its own
 * reference) and tells every waiter. */
void srv_cache_fulfil(srv_cache *c, const char *key, srv_entry *e,
                      const dg_error *err);
void srv_cache_stats(srv_cache *c, size_t *bytes, size_t *entries);
/* True when other requests wait for the OWNER of key (its map must then be
 * made whether or not the owner's own client is still there). */
bool srv_cache_waited(srv_cache *c, const char *key);
/* e gained its gzip form after it was stored: counts the new bytes (and
 * evicts to stay under the cap). No-op when e is no longer stored. */
void srv_cache_entry_grew(srv_cache *c, srv_entry *e);
/* A parse saved: a request target ("/dungeon.png?seed=7") seen before
 * gives its key, format, seed and download flag without option parsing.
 * remember stores them (one direct-mapped slot per target hash, so
 * bounded); recall gives a malloc'd copy of the key, or false (then parse
 * as usual). Only the parse is saved: the entry is then looked up by key
 * (srv_cache_lookup) as for any request, so a request looks the cache up
 * once. No-ops with cap 0. */
void srv_cache_remember_target(srv_cache *c, const char *target, const char *key,
                               dg_format fmt, uint64_t seed, bool download);
bool srv_cache_recall_target(srv_cache *c, const char *target, char **key,
                             dg_format *fmt, uint64_t *seed, bool *download);

/* ---------------------------------------------------------------- static */

typedef struct {
    const char *path;        /* "/index.html" */
    const unsigned char *data;
    size_t len;
    const unsigned char *gz; /* NULL when not compressed */
    size_t gz_len;
    const char *mime;
    char etag[24];
} srv_asset;

/* gzip.c: in as a gzip stream at level (deterministic bytes), malloc'd;
 * NULL when it would not be smaller or memory ran out. */
unsigned char *srv_gzip(const unsigned char *in, size_t len, int level, size_t *out_len);

/* vocabulary.c: GET /options, the vocabulary's JSON document under the
 * deployment's limits, into a (freed with srv_vocabulary_free). */
dg_status srv_vocabulary_build(srv_asset *a, const dg_limits *lim, dg_error *err);
void srv_vocabulary_free(srv_asset *a);
/* The same document as a jansson value (new reference), NULL when memory
 * ran out. */
struct json_t *srv_vocabulary_document(const dg_limits *lim);

/* form.c: a copy of in (an HTML page) with its form placeholders filled
 * from the vocabulary under lim, into *out (malloc'd, free()); DG_EINVAL
 * names a placeholder that asks for what the vocabulary lacks. */
dg_status srv_form_expand(const unsigned char *in, size_t len, const dg_limits *lim,
                          unsigned char **out, size_t *out_len, dg_error *err);

/* Builds content types, ETags and gzip forms of the embedded files, the
 * HTML pages' forms filled in under lim (NULL: core's default limits). */
dg_status srv_static_init(const dg_limits *lim, dg_error *err);
void srv_static_fini(void);
/* The embedded file for a request path ("/" -> "/index.html"), or NULL;
 * refuses ".." segments, backslashes, NUL and encoded '/', '\\', '.' in
 * raw (the request target as received, before decoding). */
const srv_asset *srv_static_find(const char *path, const char *raw);
/* The embedded OpenAPI document. */
const srv_asset *srv_static_openapi(void);
/* True when raw's path part tries to leave the served tree. */
bool srv_static_path_hostile(const char *raw);

/* --------------------------------------------------------------- request */

/* SRV_MAX_KEYS, SRV_MAX_QUERY_SLOTS: core/dg_limits.h */

/* Key=value pairs for dg_options_set(), owned copies. */
typedef struct {
    size_t n;
    char *keys[SRV_MAX_KEYS];
    char *values[SRV_MAX_KEYS];
} srv_kv;

void srv_kv_init(srv_kv *kv);
void srv_kv_fini(srv_kv *kv);
/* Appends a copy; NULL value is "". DG_ELIMIT past SRV_MAX_KEYS. */
dg_status srv_kv_add(srv_kv *kv, const char *key, const char *value, dg_error *err);
/* One decoded query pair as libmicrohttpd hands it over (sizes after
 * decoding; value NULL for "?k"). An empty slot ("a=1&&b=2") is skipped;
 * a NUL inside key or value (from %00) is DG_EINVAL: it would cut the
 * text short unseen. */
dg_status srv_kv_add_query(srv_kv *kv, const char *key, size_t key_size,
                           const char *value, size_t value_size, dg_error *err);
/* A JSON object body -> pairs (strings, numbers and booleans as text). */
/* DG_EINVAL naming the key for a JSON type no value of it can have (seed:
 * an integer >= 0 or a string), a key given twice, an integer past int64;
 * naming "body" when it is no JSON object. */
/* lim: the deployment's limits, which the errors' allowed ranges name
 * (NULL: core's own), as GET's do. */
dg_status srv_kv_from_json(srv_kv *kv, const char *body, size_t len, const dg_limits *lim, dg_error *err);
/* POST's query pairs (decoded): DG_EINVAL naming the first, if any -- the
 * options come from the body alone. */
dg_status srv_post_check_query(const srv_kv *query, dg_error *err);
/* True when kv holds key, any case (the body's "format" beats Accept). */
bool srv_kv_has(const srv_kv *kv, const char *key);

/* Options for one map request plus the daemon-only keys. */
typedef struct {
    dg_options o;
    bool download;           /* download=1: Content-Disposition attachment */
    bool seed_named;         /* false: the daemon picked the seed */
    char *key;               /* format + canonical string, malloc'd */
} srv_map_req;

/* route_fmt: the route's fixed format, or -1 (POST: the "format" key, else
 * accept_fmt). Parses through dg_options_*, picks a seed when none was
 * given, builds the cache key. On failure err names the parameter. */
dg_status srv_map_req_parse(srv_map_req *r, const srv_kv *kv, int route_fmt,
                            dg_format accept_fmt, const dg_limits *lim,
                            dg_error *err);
void srv_map_req_fini(srv_map_req *r);
/* Accept header -> format; DG_EINVAL when it names none we make. */
dg_status srv_format_from_accept(const char *accept, dg_format *fmt, dg_error *err);
/* True when the Accept-Encoding header admits gzip. */
bool srv_accepts_gzip(const char *accept_encoding);
/* Quoted strong ETag for a cache key ("\"<16 hex>\""), gz adds "-gz". */
void srv_etag(const char *key, bool gz, char out[32]);
/* If-None-Match header matches etag (either coding, weak or strong, "*"). */
bool srv_etag_matches(const char *if_none_match, const char *etag);

/* -------------------------------------------------------------- estimate */

/* Microseconds generate + encode should take for o (estimate.c's table,
 * measured by bench/bench_estimate): maps under inline_us are made on the
 * I/O thread. */
double srv_estimate_us(const dg_options *o);
/* Bytes making o should take at its peak (cells, image, encoder buffers),
 * for memory_budget. */
size_t srv_estimate_bytes(const dg_options *o);

/* ------------------------------------------------------------------ http */

typedef struct srv_http srv_http;
dg_status srv_http_start(const srv_config *c, srv_http **out, dg_error *err);
/* The port actually bound (useful with port 0). */
int srv_http_port(const srv_http *h);
/* Applies c's reloadable settings (srv_config_changes: log, retry_after,
 * memory_budget, inline_us, shutdown_timeout) to the running daemon;
 * requests in flight see the old or the new value, never a torn one. */
void srv_http_reload(srv_http *h, const srv_config *c);
/* Stops accepting, drains in-flight requests for up to the configured
 * shutdown timeout (then answers those waiting for a map 503), then stops
 * everything, within the timeout + 1 s. False when a worker was left
 * making a map: h's memory is then kept for it, and the caller should end
 * the process at once (_exit). NULL is a no-op. */
bool srv_http_stop(srv_http *h);

#endif
