/* http.c -- libmicrohttpd glue: the request lifecycle (reading the
 * request and its body, the limits met before a route is chosen), in-flight
 * accounting, the daemon's start, reload and orderly shutdown. Which
 * handler answers is routes.c's; answers go out through respond.c. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "http_int.h"

/* ------------------------------------------------------------- lifecycle */

/* The status of an answer libmicrohttpd queued itself on r's connection
 * (a request line or headers over its memory, a bad chunk, a missing
 * Host), or 0. Asked of the connection, not read from the log: a log line
 * names no connection. */
static unsigned library_status(const srv_req *r)
{
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(r->conn, MHD_CONNECTION_INFO_HTTP_STATUS);
    return ci ? ci->http_status : 0;
}

void srv_request_done(srv_http *h, srv_req *r, enum MHD_RequestTerminationCode toe)
{
    srv_conns_request_done(r);
    uint64_t us = (srv_now_ns() - r->t0) / 1000u;
    unsigned status = r->status;
    if (!status) status = library_status(r);
    if (!status && srv_conns_cut(r)) status = MHD_HTTP_REQUEST_TIMEOUT;
    /* a client that went away mid-answer is logged with the status meant */
    if (toe != MHD_REQUEST_TERMINATED_COMPLETED_OK && !status) status = 499;
    if (r->calls > 0) __atomic_fetch_sub(&h->handling, 1, __ATOMIC_ACQ_REL);
    srv_metrics_request(r->route, status, us);
    /* a half-sent request dropped to make room is conns.c's line, once
     * per address per interval: a flood of them is not a flood of lines */
    if (!srv_conns_dropped(r)) srv_log_access(r->method_name, r->raw ? r->raw : "-", status, r->bytes, us);
    /* a request cut at shutdown_timeout may still be read by the worker
     * making its map: left for the process's end */
    if (!srv_maps_kept(r)) {
        srv_maps_fini(r);
        free(r->body);
        free(r->raw);
        free(r);
    }
    __atomic_fetch_sub(&h->in_flight, 1, __ATOMIC_ACQ_REL);
}

/* A query of more than SRV_MAX_QUERY_SLOTS slots is refused (400) once
 * the headers are in; until then libmicrohttpd must not list it, or it
 * runs out of connection memory and can answer nothing (srv.h). It lists
 * the query just after this callback, from the byte after the '?' it
 * found in this same text: making that byte the end leaves it nothing to
 * list. r->raw keeps the target as sent. */
static void hide_long_query(srv_req *r, const char *uri)
{
    char *q = uri ? strchr(uri, '?') : NULL;
    if (!q) return;
    size_t slots = 1;
    for (const char *p = q + 1; *p; p++) slots += *p == '&';
    if (slots <= SRV_MAX_QUERY_SLOTS) return;
    r->query_refused = true;
    q[1] = '\0';
}

/* The request line is here: make the request record (freed in completed)
 * and keep the target as received, before MHD decodes it. */
static void *uri_cb(void *cls, const char *uri, struct MHD_Connection *conn)
{
    srv_http *h = cls;
    /* answered 429/503 at accept: its request is read only so that closing
     * does not reset the answer away (conns.c); the handler then says no */
    if (srv_conns_refused(conn)) return NULL;
    srv_req *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->h = h;
    r->conn = conn;
    r->t0 = srv_now_ns();
    r->raw = strdup(uri ? uri : "");
    r->line_uri = uri;
    r->route = SRV_ROUTE_OTHER;
    hide_long_query(r, uri);
    snprintf(r->method_name, sizeof r->method_name, "-");
    srv_conns_request_line(h, r);
    __atomic_fetch_add(&h->in_flight, 1, __ATOMIC_ACQ_REL);
    return r;
}

static void completed_cb(void *cls, struct MHD_Connection *conn, void **req_cls,
                         enum MHD_RequestTerminationCode toe)
{
    srv_req *r = *req_cls;
    (void)conn;
    if (!r) return;
    *req_cls = NULL;
    srv_request_done(cls, r, toe);
}

static enum MHD_Result handler(void *cls, struct MHD_Connection *conn, const char *url,
                               const char *method, const char *version,
                               const char *upload, size_t *upload_size, void **req_cls)
{
    srv_http *h = cls;
    srv_req *r = *req_cls;
    (void)version;
    if (!r) return MHD_NO;   /* uri_cb ran out of memory */
    if (r->calls++ == 0) {
        __atomic_fetch_add(&h->handling, 1, __ATOMIC_ACQ_REL);
        r->method = srv_parse_method(method);
        snprintf(r->method_name, sizeof r->method_name, "%s", method);
        srv_refusal no;
        bool framed = srv_framing_check(r, version, &no);
        srv_conns_headers_in(r, framed && r->body_follows);
        if (!framed) {
            r->route = srv_route_of(url);
            /* answered before the body is read: MHD then closes the connection */
            return srv_send_error(r, no.status, no.msg, no.param, no.value, no.allowed);
        }
        /* Answering now would make MHD close the connection; headers are
         * in, so only look at them and wait for the next call. */
        return MHD_YES;
    }
    if (*upload_size) {
        size_t n = *upload_size;
        *upload_size = 0;
        /* any method's body counts against the limit; only POST keeps it */
        if (r->too_big || r->body_len + r->discarded + n > h->cfg.body_limit) {
            r->too_big = true;
            r->discarded += n;
            /* read on to the body's end, when the 413 can be queued; one
             * that goes on and on is answered and cut here instead */
            if (r->discarded <= 16 * h->cfg.body_limit) return MHD_YES;
            srv_conns_answer_and_cut(r, MHD_HTTP_CONTENT_TOO_LARGE, "Content Too Large", h->too_large);
            return MHD_NO;
        }
        if (r->method != M_POST) {
            r->discarded += n;
            return MHD_YES;
        }
        if (!r->body) {
            r->body = malloc(h->cfg.body_limit + 1);
            if (!r->body) return MHD_NO;
        }
        memcpy(r->body + r->body_len, upload, n);
        r->body_len += n;
        return MHD_YES;
    }
    srv_req_state st = __atomic_load_n(&r->state, __ATOMIC_ACQUIRE);
    if (st == SRV_REQ_WAITING) return MHD_YES;
    if (st == SRV_REQ_DONE) return srv_maps_answer(r);
    srv_conns_body_in(r);
    if (r->too_big) {
        r->route = srv_route_of(url);
        return srv_send_error(r, MHD_HTTP_CONTENT_TOO_LARGE, "body too large", "body", "", h->body_allowed);
    }
    if (r->query_refused) {
        r->route = srv_route_of(url);
        char allowed[48];
        snprintf(allowed, sizeof allowed, "at most %d parameters", SRV_MAX_KEYS);
        return srv_send_error(r, MHD_HTTP_BAD_REQUEST, "too many parameters", "query", "", allowed);
    }
    return srv_dispatch(r, url);
}

/* libmicrohttpd says a line for every connection a client closes early
 * or we cut: under a flood (slowloris, connections past the limits) that
 * is a line per connection. The same message (by its format) is said at
 * most once a second, with the count of those left unsaid. */
static bool mhd_log_quiet(const char *fmt, unsigned long *unsaid)
{
    static struct {
        const char *fmt;
        uint64_t last;
        unsigned long quiet;
    } seen[8];
    static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
    uint64_t now = srv_now_ns();
    bool quiet = false;
    pthread_mutex_lock(&mu);
    size_t i = ((uintptr_t)fmt >> 4) % 8;
    if (seen[i].fmt == fmt && now - seen[i].last < 1000000000u) {
        seen[i].quiet++;
        quiet = true;
    } else {
        *unsaid = seen[i].fmt == fmt ? seen[i].quiet : 0;
        seen[i].fmt = fmt;
        seen[i].last = now;
        seen[i].quiet = 0;
    }
    pthread_mutex_unlock(&mu);
    return quiet;
}

static void mhd_log(void *cls, const char *fmt, va_list ap)
{
    srv_http *h = cls;
    char msg[512];
    /* libmicrohttpd 0.9.75's words when it answers a request itself */
    if (strstr(fmt, "HTTP response code is %u")) {
        va_list args;
        va_copy(args, ap);
        unsigned status = va_arg(args, unsigned);
        const char *page = va_arg(args, const char *);
        va_end(args);
        /* its 500 for a body it could not hand over: a chunk line too long */
        if (status == MHD_HTTP_INTERNAL_SERVER_ERROR && page && strstr(page, "connection management and blocking"))
            srv_conns_chunk_line_too_long(h, h->chunk_too_long);
    }
    unsigned long unsaid = 0;
    if (mhd_log_quiet(fmt, &unsaid)) return;
    vsnprintf(msg, sizeof msg, fmt, ap);
    size_t n = strlen(msg);
    while (n && msg[n - 1] == '\n') msg[--n] = '\0';
    if (unsaid) srv_log("warn", "httpd: %s (and %lu more like it in the last second)", msg, unsaid);
    else srv_log("warn", "httpd: %s", msg);
}

/* A connection's memory in libmicrohttpd (its default is 32 KB): the
 * request line and head must fit in it, with room to spare, for
 * framing.c to refuse one over SRV_MAX_TARGET or SRV_MAX_HEAD itself. */
#define CONN_MEMORY (64 * 1024)

/* libmicrohttpd's connection limit: ours plus an eighth (at least 16) for
 * the connections conns.c answers 429/503 and closes. */
static int conn_room(const srv_config *c)
{
    int extra = c->max_connections / 8 > 16 ? c->max_connections / 8 : 16;
    return c->max_connections + extra;
}

dg_status srv_http_start(const srv_config *c, srv_http **out, dg_error *err)
{
    *out = NULL;
    srv_http *h = calloc(1, sizeof *h);
    if (!h) return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory");
    h->cfg = *c;
    h->lim = srv_config_limits(c);
    /* a test hook: each map request logs what its pass did (maps.c) */
    h->pass_trace = getenv("DG_TEST_PASS_TRACE") != NULL;
    pthread_mutex_init(&h->park_mu, NULL);
    snprintf(h->body_allowed, sizeof h->body_allowed, "at most %zu bytes", c->body_limit);
    snprintf(h->too_large, sizeof h->too_large,
             "{\"error\":\"body too large\",\"param\":\"body\",\"value\":\"\",\"allowed\":\"%s\"}",
             h->body_allowed);
    snprintf(h->chunk_too_long, sizeof h->chunk_too_long, "%s",
             "{\"error\":\"chunk size line too long\",\"param\":\"body\",\"value\":\"\","
             "\"allowed\":\"chunk size lines of a few KB, extensions included\"}");
    dg_status rc;
    if ((rc = srv_vocabulary_build(&h->vocabulary, &h->lim, err)) != DG_OK) goto fail;
    if ((rc = srv_pool_new(c->workers, c->queue_depth, &h->pool, err)) != DG_OK) goto fail;
    if ((rc = srv_cache_new(c->cache ? c->cache_bytes : 0, &h->cache, err)) != DG_OK) goto fail;
    h->complete = srv_request_done;
    if ((rc = srv_conns_start(h, err)) != DG_OK) goto fail;

    struct sockaddr_storage ss;
    memset(&ss, 0, sizeof ss);
    unsigned flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
    struct sockaddr_in *v4 = (struct sockaddr_in *)&ss;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&ss;
    if (inet_pton(AF_INET, c->address, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons((uint16_t)c->port);
    } else if (inet_pton(AF_INET6, c->address, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons((uint16_t)c->port);
        flags |= MHD_USE_IPv6;
    } else {
        rc = dg_error_set(err, DG_EINVAL, "address", c->address, "IPv4 or IPv6 literal",
                          "address is not an IP literal");
        goto fail;
    }
    /* a pool of one draws a warning from MHD: leave the option out then */
    struct MHD_OptionItem pool_opt[] = {
        {c->io_threads > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, (intptr_t)c->io_threads, NULL},
        {MHD_OPTION_END, 0, NULL},
    };
    h->d = MHD_start_daemon(flags, (uint16_t)c->port, NULL, NULL, handler, h,
                            MHD_OPTION_EXTERNAL_LOGGER, mhd_log, h,
                            MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&ss,
                            MHD_OPTION_ARRAY, pool_opt,
                            /* max_connections and per_ip_connections are
                             * conns.c's, which answers 429/503 over them
                             * (libmicrohttpd would close without a word);
                             * its own limit leaves room for those answers */
                            MHD_OPTION_CONNECTION_LIMIT, (unsigned)conn_room(c),
                            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)c->timeout,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_cb, h,
                            MHD_OPTION_NOTIFY_COMPLETED, completed_cb, h,
                            MHD_OPTION_NOTIFY_CONNECTION, srv_conns_notify, h,
                            /* HTTP/1.1 without Host: framing.c's 400, in
                             * JSON (strict, MHD would answer it in HTML) */
                            MHD_OPTION_STRICT_FOR_CLIENT, (int)0,
                            /* room for a line and head over framing.c's
                             * limits, so it answers them, not MHD */
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONN_MEMORY,
                            MHD_OPTION_END);
    if (!h->d) {
        rc = dg_error_set(err, DG_EIO, "port", "", "", "cannot listen on %s port %d", c->address, c->port);
        goto fail;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(h->d, MHD_DAEMON_INFO_BIND_PORT);
    h->port = info ? (int)info->port : c->port;
    *out = h;
    return DG_OK;
fail:
    srv_conns_stop(h);
    srv_pool_free(h->pool);
    srv_cache_free(h->cache);
    srv_vocabulary_free(&h->vocabulary);
    pthread_mutex_destroy(&h->park_mu);
    free(h);
    return rc;
}

int srv_http_port(const srv_http *h) { return h->port; }

void srv_http_reload(srv_http *h, const srv_config *c)
{
    srv_log_setup(c);
    __atomic_store_n(&h->cfg.access_log, c->access_log, __ATOMIC_RELAXED);
    __atomic_store_n(&h->cfg.log_format, c->log_format, __ATOMIC_RELAXED);
    __atomic_store_n(&h->cfg.retry_after, c->retry_after, __ATOMIC_RELAXED);
    __atomic_store_n(&h->cfg.memory_budget, c->memory_budget, __ATOMIC_RELAXED);
    __atomic_store_n(&h->cfg.inline_us, c->inline_us, __ATOMIC_RELAXED);
    __atomic_store_n(&h->cfg.shutdown_timeout, c->shutdown_timeout, __ATOMIC_RELAXED);
}

/* Waits for the requests being handled; a connection still sending its
 * headers (or one MHD refused and will drop at its timeout) has nothing to
 * finish. */
static bool wait_idle(srv_http *h, uint64_t deadline)
{
    while (__atomic_load_n(&h->handling, __ATOMIC_ACQUIRE) > 0) {
        if (srv_now_ns() >= deadline) return false;
        nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
    }
    return true;
}

static uint64_t earlier(uint64_t a, uint64_t b) { return a < b ? a : b; }

/* Bounded by shutdown_timeout + 1 s, whatever runs: in-flight requests
 * have until shutdown_timeout to finish; then each still waiting for a map
 * is answered 503 + Retry-After at once (srv_maps_cut_parked), maps not
 * begun are never made, and a worker still busy with a big map (tens of
 * seconds for some) is left behind, detached, with the records it uses:
 * the process is about to end. A Kubernetes grace period of 30 s then
 * never ends in SIGKILL with requests unanswered. */
bool srv_http_stop(srv_http *h)
{
    if (!h) return true;
    __atomic_store_n(&h->draining, true, __ATOMIC_RELEASE);
    /* no new connections; open ones finish what they started and are told
     * Connection: close */
    MHD_socket lfd = MHD_quiesce_daemon(h->d);
    /* MHD no longer accepts, but the kernel would still complete handshakes
     * into the backlog and leave those clients waiting for the end. The
     * socket may only be closed after MHD_stop_daemon; shutting it down
     * now makes new connections fail at once (refused). */
    if (lfd != MHD_INVALID_SOCKET) (void)shutdown(lfd, SHUT_RDWR);
    int timeout = __atomic_load_n(&h->cfg.shutdown_timeout, __ATOMIC_RELAXED);
    uint64_t deadline = srv_now_ns() + (uint64_t)timeout * 1000000000u;
    /* what is left for the answers to leave and the connections to close */
    uint64_t end = deadline + 900u * 1000000u;
    bool cut = !wait_idle(h, deadline);
    if (cut) {
        __atomic_store_n(&h->abandon, true, __ATOMIC_RELEASE);
        size_t running = __atomic_load_n(&h->handling, __ATOMIC_RELAXED);
        size_t n = srv_maps_cut_parked(h);
        srv_log("warn", "%zu requests still running after %d s; %zu waiting for a map answered 503, "
                "the maps being made are left behind",
                running, timeout, n);
        /* the workers are waited for last: after the cut nothing they do
         * resumes a connection (every request that waits is answered) */
    } else {
        /* nothing is handled: every queued job already ran */
        srv_pool_stop(h->pool);
        end = srv_now_ns() + 2000000000u;
    }
    /* the answers (503s above) get a moment to leave */
    wait_idle(h, earlier(end, srv_now_ns() + 500u * 1000000u));
    /* What MHD_stop_daemon would cut, cut first, and wait for MHD to close
     * it: libmicrohttpd 0.9.75 raises its stop flag while its I/O threads
     * still run, and a thread refusing a request itself right then (a 431
     * for headers over its memory, a 414, a bad request line) is told its
     * answer went in when it did not, and dereferences the NULL answer.
     * With no connection left, no thread is in there. */
    if (!srv_conns_close_all(h, end))
        srv_log("warn", "connections still open after they were shut down; stopping anyway");
    MHD_stop_daemon(h->d);   /* every connection closed: the list is empty */
    if (lfd != MHD_INVALID_SOCKET) close(lfd);
    srv_conns_stop(h);
    /* a worker between two maps may still pick up a queued one: it sees
     * abandon and makes nothing; one in a long map is left behind */
    bool workers_done = !cut || srv_pool_stop_by(h->pool, earlier(end, srv_now_ns() + 100u * 1000000u));
    if (!workers_done) {
        /* the late workers still use the pool, the cache, h and their
         * requests; the process ends next, which frees them */
        srv_log("warn", "exiting with a map still being made");
        return false;
    }
    srv_pool_free(h->pool);
    srv_maps_free_kept(h);   /* no worker, no connection is left to touch them */
    srv_cache_free(h->cache);
    srv_vocabulary_free(&h->vocabulary);
    pthread_mutex_destroy(&h->park_mu);
    free(h);
    return true;
}
