/* http_int.h -- what http.c, routes.c and maps.c share: the daemon and request
 * records and the response helpers. libmicrohttpd stays behind this line. */
#ifndef SRV_HTTP_INT_H
#define SRV_HTTP_INT_H

#include <microhttpd.h>
#include <pthread.h>

#include "srv.h"

struct srv_http {
    struct MHD_Daemon *d;
    srv_config cfg;
    dg_limits lim;
    srv_pool *pool;
    srv_cache *cache;
    int port;
    size_t in_flight;        /* atomic: requests between uri_cb and completed */
    size_t handling;         /* atomic: those of them whose headers are in (the handler has run) */
    bool draining;           /* atomic: SIGTERM seen */
    size_t mem_in_use;       /* atomic: srv_estimate_bytes of the maps being made */
    size_t mem_big;          /* atomic: the part of it held by big maps (maps.c's BIG_SHARE) */
    bool abandon;            /* atomic: shutdown_timeout passed: queued maps are not made */
    bool pass_trace;         /* DG_TEST_PASS_TRACE set: each map request logs its pass counts (tests) */
    /* requests suspended until a worker (or another request's map) is
     * done: at shutdown_timeout each is answered 503 at once (cut), its
     * worker left to finish or not before the process ends */
    pthread_mutex_t park_mu;
    struct srv_req *parked;  /* a list under park_mu */
    bool cut;                /* under park_mu: the parked were answered; park no more */
    struct srv_req *kept;    /* under park_mu: the requests cut, freed at the end if no worker is left */
    /* connections (conns.c): the list is under conns_mu; the sweeper
     * closes those whose request line and headers are late */
    pthread_mutex_t conns_mu;
    pthread_cond_t sweep_wake;
    struct srv_conn *conns;  /* a list under conns_mu */
    struct ip_node **ip_table; /* conns.c: open connections per address, under conns_mu */
    struct ip_say *say_table;  /* conns.c: when each address's refusals were last logged */
    int n_open;                /* conns.c: connections counted against max_connections */
    /* completes a request its connection dropped (http.c's srv_request_done,
     * set before srv_conns_start): conns.c calls up through it, not by name */
    void (*complete)(struct srv_http *h, struct srv_req *r, enum MHD_RequestTerminationCode toe);
    pthread_t sweeper;
    bool conns_ready, sweeping, sweeper_stop;
    char body_allowed[48];
    srv_asset vocabulary;    /* GET /options */
    char too_large[128];     /* the 413's JSON body, for srv_conns_answer_and_cut */
    char chunk_too_long[160]; /* the 400's for a chunk line past the connection's memory */
};

typedef enum { M_GET, M_HEAD, M_POST, M_OPTIONS, M_OTHER } srv_method;
/* NEW -> (WAITING: suspended, a worker or another request has it) -> DONE */
typedef enum { SRV_REQ_NEW, SRV_REQ_WAITING, SRV_REQ_DONE } srv_req_state;

typedef struct srv_req {
    srv_http *h;
    struct MHD_Connection *conn;
    struct srv_conn *conn_state; /* conns.c: the connection's record, or NULL */
    char *raw;               /* request target as received */
    const char *line_uri;    /* MHD's own copy of it (uri_cb): where the target starts in the request line */
    bool query_refused;      /* uri_cb: more query slots than SRV_MAX_QUERY_SLOTS, hidden from MHD */
    uint64_t t0;
    unsigned calls;
    srv_method method;
    char method_name[16];
    srv_route_id route;
    const char *allow;
    /* the body (kept for POST, counted for every method) */
    char *body;
    size_t body_len, discarded;
    bool too_big, body_follows, chunked;
    /* map requests (maps.c) */
    srv_map_req mr;
    /* recalled: mr holds only what the target's earlier parse gave (key,
     * format, seed, download); its options are parsed when a map is made */
    bool have_mr, recalled, want_gz, owner;
    /* What the request's one pass did (maps.c), each at most once: checked
     * when it ends (assert in a debug build; logged with pass_trace). */
    struct {
        bool map;                /* a map route's handler ran */
        unsigned char lookups;   /* cache lookups by key */
        unsigned char conds;     /* If-None-Match checks */
        unsigned char encodings; /* gzip/identity decisions */
        unsigned char settles;   /* settle() calls that discharged an obligation */
        unsigned char phases;    /* a worker's map phases begun (each floor's making and
                                  * stocking, the encoding): fewer than all when dropped */
    } pass;
    size_t mem;              /* its share of h->mem_in_use while its map is made */
    bool mem_big;            /* and of h->mem_big */
    srv_req_state state;
    /* its client left while its map waited or was being made: the map was
     * dropped (or its answer is not sent) and the log says 499 */
    bool abandoned;
    /* under h->park_mu: suspended for a map (see srv_http.parked);
     * cut_off: answered 503 at shutdown_timeout while a worker or the
     * cache still held it -- then never freed, they may still touch it */
    bool parked, cut_off;
    struct srv_req *park_prev, *park_next;
    srv_entry *entry;        /* the answer once DONE, or NULL and err */
    dg_error err;
    /* what was sent, for the log */
    unsigned status;
    size_t bytes;
} srv_req;

/* A request refused before it is served: the error answer's fields. */
typedef struct {
    unsigned status;
    char msg[96], param[32], value[64], allowed[64];
} srv_refusal;

/* What a request's line and head may take, refused with the API's JSON
 * (414, 431): nginx's large_client_header_buffers are 8 KB a line. The
 * connection's memory (http.c's CONN_MEMORY) is above both, so these are
 * ours to answer; only past it does libmicrohttpd answer with its HTML. */
#define SRV_MAX_TARGET 8192
#define SRV_MAX_HEAD 16384

/* framing.c: false (and out filled) when r's line and headers must be
 * refused: NUL in the target (version: the handler's) or a header, Host
 * or Content-Length twice, a Transfer-Encoding other than chunked, both
 * framings, a Content-Length over body_limit (413). Sets r->body_follows. */
bool srv_framing_check(srv_req *r, const char *version, srv_refusal *out);

/* respond.c: the layer under http.c and maps.c. */
/* Adds a header; only fails on allocation, and the answer goes out without it. */
void srv_add_header(struct MHD_Response *resp, const char *k, const char *v);
/* EINVAL/ELIMIT -> 400, EBUSY and ENOMEM -> 503 (+ Retry-After), else 500:
 * the one mapping. */
unsigned srv_http_status(dg_status code);
/* Adds the common headers, queues, drops our reference to resp. */
enum MHD_Result srv_queue(srv_req *r, unsigned status, struct MHD_Response *resp, size_t body);
/* Takes data (malloc'd). */
enum MHD_Result srv_send_bytes(srv_req *r, unsigned status, const char *mime,
                               unsigned char *data, size_t len);
/* {error, param, value, allowed} JSON; NULL/"" fields are left out. */
enum MHD_Result srv_send_error(srv_req *r, unsigned status, const char *msg,
                               const char *param, const char *value, const char *allowed);
enum MHD_Result srv_send_dg_error(srv_req *r, const dg_error *e);

/* budget.c: memory_budget. admit charges need to r (r->mem), false when
 * the maps being made hold too much (nothing charged); release gives the
 * charge back (true when there was one); too_big: a map that alone passes
 * the big maps' share, err set naming what fits. */
bool srv_budget_admit(srv_req *r, size_t need);
bool srv_budget_release(srv_req *r);
bool srv_budget_too_big(srv_http *h, size_t need, const dg_options *o, dg_error *err);

/* page.c: the form page at a permalink ("/?seed=7...") with OpenGraph and
 * Twitter-card tags in its head, into *out (malloc'd, for srv_send_bytes);
 * false when the request is no permalink to a page (then a is sent as it
 * is). url: the decoded path; a: what it names. */
bool srv_page_with_head(srv_req *r, const char *url, const srv_asset *a, unsigned char **out, size_t *len);

/* http.c: logs, counts and frees r; in_flight falls by one. */
void srv_request_done(srv_http *h, srv_req *r, enum MHD_RequestTerminationCode toe);

/* routes.c: the method's number; the metric of the route url names (for an
 * answer refused before dispatch); the answer of the route url names. */
srv_method srv_parse_method(const char *m);
srv_route_id srv_route_of(const char *url);
enum MHD_Result srv_dispatch(srv_req *r, const char *url);

/* conns.c: a record per open connection (the request MHD may drop
 * uncompleted, header_timeout's deadline and the sweeper that enforces it). */
dg_status srv_conns_start(srv_http *h, dg_error *err);
void srv_conns_stop(srv_http *h);   /* after MHD_stop_daemon; safe after a failed start */
/* Shuts down the socket of every open connection and waits until MHD has
 * closed them all (true), or until deadline (srv_now_ns) passes (false). */
bool srv_conns_close_all(srv_http *h, uint64_t deadline);
/* MHD_OPTION_NOTIFY_CONNECTION */
void srv_conns_notify(void *cls, struct MHD_Connection *conn, void **socket_context,
                      enum MHD_ConnectionNotificationCode code);
void srv_conns_request_line(srv_http *h, srv_req *r);   /* r's record is new (uri_cb) */
/* True when conn was answered 429 or 503 as it was accepted (over
 * per_ip_connections, or over max_connections with nothing idle to drop):
 * no request on it is served. */
bool srv_conns_refused(struct MHD_Connection *conn);
/* The handler's first call: the header deadline ends; with a body to come,
 * body_timeout's deadline starts. */
void srv_conns_headers_in(srv_req *r, bool body_follows);
void srv_conns_body_in(srv_req *r);                     /* the whole request is in */
void srv_conns_request_done(srv_req *r);
bool srv_conns_cut(const srv_req *r);   /* its connection was shut down past a deadline */
/* ... or to make room for a new one (slowloris): logged per address, not per request */
bool srv_conns_dropped(const srv_req *r);
/* True when r's client has closed or reset its connection (poll, no
 * wait): nobody will read the answer. While r is suspended only. */
bool srv_conns_client_gone(const srv_req *r);
/* libmicrohttpd 0.9.75 queues no answer while a body is coming in: this
 * writes one (JSON body) straight to r's socket and ends the sending side;
 * the caller then returns MHD_NO and MHD closes the connection. For a body
 * that must not be read to its end. r->status and r->bytes say what went. */
void srv_conns_answer_and_cut(srv_req *r, unsigned status, const char *reason, const char *json);
/* Called from libmicrohttpd's log on the thread that is about to answer
 * 500 for a chunk line longer than its buffer: answers that request 400
 * (json) instead, when it can tell which one it is. */
void srv_conns_chunk_line_too_long(srv_http *h, const char *json);

/* maps.c: at shutdown_timeout, answers every request still waiting for a
 * map 503 (resumed now) and parks no more; the workers making those maps
 * are left running. Returns how many were cut. */
size_t srv_maps_cut_parked(srv_http *h);
/* True when r must not be freed (a cut request a worker or the cache may
 * still touch). */
bool srv_maps_kept(srv_req *r);
/* Frees the cut requests: only once libmicrohttpd has stopped and every
 * worker has ended. */
void srv_maps_free_kept(srv_http *h);

/* maps.c: GET /dungeon.<ext>, POST /dungeon, and the answer after resume. */
enum MHD_Result srv_maps_get(srv_req *r, dg_format fmt);
enum MHD_Result srv_maps_post(srv_req *r);
enum MHD_Result srv_maps_answer(srv_req *r);
void srv_maps_fini(srv_req *r);

/* map_answer.c: what a map answer's headers say, from a parsed request or
 * a cache entry. */
typedef struct {
    const char *key;
    const char *etag;        /* identity form */
    dg_format format;
    uint64_t seed;
    bool seed_named, download;
} srv_map_meta;
srv_map_meta srv_map_meta_of(const srv_req *r, const char *etag);
/* Takes the reference e; answers its gzip form when r wants it and it is
 * made (made now when small), else its identity form. */
enum MHD_Result srv_map_answer_entry(srv_req *r, srv_entry *e, const srv_map_meta *mm);
enum MHD_Result srv_map_not_modified(srv_req *r, const srv_map_meta *mm);

#endif
