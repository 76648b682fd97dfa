/* conns.c -- one record per open connection, for what libmicrohttpd does
 * not track for us:
 *   - the connection's request not completed yet. MHD drops a request it
 *     refuses while parsing (e.g. more query parameters than its memory
 *     holds) without calling the completed callback, so the connection's
 *     end, or its next request, completes it (h->complete, http.c's
 *     srv_request_done):
 *     logged, counted, freed, and out of the in-flight gauge;
 *   - header_timeout and body_timeout: when the request line and headers,
 *     then the body, must be in. MHD's own timeout only counts silence, so
 *     a client trickling a byte at a time would hold its connection for
 *     ever. A sweeper thread shuts down the socket of a connection past its
 *     deadline; MHD then closes it (and its request is logged as 408);
 *   - which connections are still open when the daemon stops, so they can
 *     all be closed before libmicrohttpd's own stop begins (http.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "http_int.h"

struct srv_conn {
    srv_req *open;
    int fd;
    uint64_t deadline;       /* atomic, ns; 0 while nothing (headers, body) is due */
    bool cut;                /* atomic: the sweeper shut it down */
    pthread_t thread;        /* the I/O thread that serves it */
    bool in_chunks;          /* its request's chunked body is coming in (that thread's to read) */
    struct srv_conn *prev, *next;  /* h->conns, under conns_mu */
};

static uint64_t deadline_in(int seconds)
{
    return seconds ? srv_now_ns() + (uint64_t)seconds * 1000000000u : 0;
}

static uint64_t header_deadline(const srv_http *h) { return deadline_in(h->cfg.header_timeout); }

/* The sweeper's period: a tenth of the shorter timeout, so a connection is
 * cut at most 10% late. */
static long sweep_step_ms(const srv_http *h)
{
    int t = h->cfg.header_timeout, b = h->cfg.body_timeout;
    int shorter = !t ? b : !b ? t : t < b ? t : b;
    return shorter * 100L;
}

static void *sweep(void *arg)
{
    srv_http *h = arg;
    pthread_mutex_lock(&h->conns_mu);
    while (!h->sweeper_stop) {
        uint64_t now = srv_now_ns();
        for (struct srv_conn *c = h->conns; c; c = c->next) {
            uint64_t due = __atomic_load_n(&c->deadline, __ATOMIC_RELAXED);
            if (!due || now < due || __atomic_load_n(&c->cut, __ATOMIC_RELAXED)) continue;
            /* marked first: MHD may see the socket end and complete its
             * request before shutdown() returns here. The fd is still MHD's:
             * MHD closes it only after the CLOSED notification has unlinked
             * c, which takes conns_mu */
            __atomic_store_n(&c->cut, true, __ATOMIC_RELEASE);
            (void)shutdown(c->fd, SHUT_RDWR);
            srv_metrics_connection_cut();
        }
        long step_ms = sweep_step_ms(h);
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += step_ms / 1000;
        until.tv_nsec += (step_ms % 1000) * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&h->sweep_wake, &h->conns_mu, &until);
    }
    pthread_mutex_unlock(&h->conns_mu);
    return NULL;
}

dg_status srv_conns_start(srv_http *h, dg_error *err)
{
    pthread_mutex_init(&h->conns_mu, NULL);
    pthread_cond_init(&h->sweep_wake, NULL);
    h->conns_ready = true;
    if (h->cfg.header_timeout <= 0 && h->cfg.body_timeout <= 0) return DG_OK;
    if (pthread_create(&h->sweeper, NULL, sweep, h) != 0)
        return dg_error_set(err, DG_ENOMEM, "header_timeout", "", "", "cannot start the deadline thread");
    h->sweeping = true;
    return DG_OK;
}

void srv_conns_stop(srv_http *h)
{
    if (!h->conns_ready) return;
    if (h->sweeping) {
        pthread_mutex_lock(&h->conns_mu);
        h->sweeper_stop = true;
        pthread_cond_signal(&h->sweep_wake);
        pthread_mutex_unlock(&h->conns_mu);
        pthread_join(h->sweeper, NULL);
        h->sweeping = false;
    }
    pthread_cond_destroy(&h->sweep_wake);
    pthread_mutex_destroy(&h->conns_mu);
    h->conns_ready = false;
}

bool srv_conns_close_all(srv_http *h, uint64_t deadline)
{
    for (;;) {
        pthread_mutex_lock(&h->conns_mu);
        bool none = !h->conns;
        /* every pass, so one accepted as MHD quiesced goes too; the fds
         * are still MHD's while their records are listed (see sweep) */
        for (struct srv_conn *c = h->conns; c; c = c->next) (void)shutdown(c->fd, SHUT_RDWR);
        pthread_mutex_unlock(&h->conns_mu);
        if (none) return true;
        if (srv_now_ns() >= deadline) return false;
        nanosleep(&(struct timespec){0, 5 * 1000 * 1000}, NULL);
    }
}

void srv_conns_notify(void *cls, struct MHD_Connection *conn, void **socket_context,
                      enum MHD_ConnectionNotificationCode code)
{
    srv_http *h = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        /* without a record (out of memory) requests still work; only a
         * refused one goes unlogged, and no deadline holds the connection */
        struct srv_conn *c = calloc(1, sizeof *c);
        const union MHD_ConnectionInfo *ci = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
        if (c && ci) {
            c->fd = ci->connect_fd;
            c->thread = pthread_self();   /* MHD tells the thread that will serve it */
            c->deadline = header_deadline(h);   /* the first request's, from the start */
            pthread_mutex_lock(&h->conns_mu);
            c->next = h->conns;
            if (h->conns) h->conns->prev = c;
            h->conns = c;
            pthread_mutex_unlock(&h->conns_mu);
        } else {
            free(c);
            c = NULL;
        }
        *socket_context = c;
        return;
    }
    struct srv_conn *c = *socket_context;
    *socket_context = NULL;
    if (!c) return;
    pthread_mutex_lock(&h->conns_mu);
    if (c->prev) c->prev->next = c->next;
    else h->conns = c->next;
    if (c->next) c->next->prev = c->prev;
    pthread_mutex_unlock(&h->conns_mu);
    if (c->open) h->complete(h, c->open, MHD_REQUEST_TERMINATED_WITH_ERROR);
    free(c);
}

void srv_conns_request_line(srv_http *h, srv_req *r)
{
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(r->conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    struct srv_conn *c = ci ? ci->socket_context : NULL;
    if (!c) return;
    if (c->open) h->complete(h, c->open, MHD_REQUEST_TERMINATED_WITH_ERROR);
    c->open = r;
    r->conn_state = c;
    /* a later request on a kept-alive connection: its headers are due from
     * now (the wait between requests is MHD's idle timeout). Only this
     * connection's I/O thread writes the deadline; the sweeper reads it. */
    if (!__atomic_load_n(&c->deadline, __ATOMIC_RELAXED))
        __atomic_store_n(&c->deadline, header_deadline(h), __ATOMIC_RELAXED);
}

void srv_conns_headers_in(srv_req *r, bool body_follows)
{
    if (!r->conn_state) return;
    uint64_t due = body_follows ? deadline_in(r->h->cfg.body_timeout) : 0;
    __atomic_store_n(&r->conn_state->deadline, due, __ATOMIC_RELAXED);
    r->conn_state->in_chunks = body_follows && r->chunked;
}

void srv_conns_body_in(srv_req *r)
{
    if (!r->conn_state) return;
    __atomic_store_n(&r->conn_state->deadline, 0, __ATOMIC_RELAXED);
    r->conn_state->in_chunks = false;
}

void srv_conns_chunk_line_too_long(srv_http *h, const char *json)
{
    /* libmicrohttpd 0.9.75 keeps a chunk's size line (with any extension)
     * whole in its buffer; one longer than the buffer makes it answer 500
     * "the application did not read the body" for the client's error. Its
     * log line, on the serving thread, names no connection: this thread's
     * connections reading a chunked body are the suspects, and only when
     * there is exactly one is it answered 400 here, before MHD's 500 can
     * go out behind it. */
    pthread_t self = pthread_self();
    struct srv_conn *only = NULL;
    int suspects = 0;
    pthread_mutex_lock(&h->conns_mu);
    for (struct srv_conn *c = h->conns; c; c = c->next)
        if (c->in_chunks && c->open && pthread_equal(c->thread, self)) {
            only = c;
            suspects++;
        }
    pthread_mutex_unlock(&h->conns_mu);
    if (suspects != 1) return;
    /* the record stays valid: only this thread closes its connections */
    only->in_chunks = false;
    srv_conns_answer_and_cut(only->open, MHD_HTTP_BAD_REQUEST, "Bad Request", json);
}

void srv_conns_request_done(srv_req *r)
{
    if (!r->conn_state) return;
    r->conn_state->open = NULL;
    r->conn_state->in_chunks = false;
}

bool srv_conns_client_gone(const srv_req *r)
{
    if (!r->conn_state) return false;
    /* the fd stays MHD's and open while r is suspended (no read, no close
     * until its resume), so a worker may peek at it. End of stream: the
     * peer closed (or ended its sending side, which HTTP/1.1 clients
     * waiting for an answer do not do); a reset: it is gone; a byte of a
     * next, pipelined request or nothing yet: it still waits */
    char byte;
    ssize_t n = recv(r->conn_state->fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
}

bool srv_conns_cut(const srv_req *r)
{
    return r->conn_state && __atomic_load_n(&r->conn_state->cut, __ATOMIC_ACQUIRE);
}

void srv_conns_answer_and_cut(srv_req *r, unsigned status, const char *reason, const char *json)
{
    if (!r->conn_state) return;
    char head[256];
    size_t len = strlen(json);
    /* MHD has sent nothing for this request (at most a 100 Continue):
     * this is the whole answer */
    int n = snprintf(head, sizeof head,
                     "HTTP/1.1 %u %s\r\nConnection: close\r\nContent-Type: application/json\r\n"
                     "Cache-Control: no-store\r\nAccess-Control-Allow-Origin: *\r\n"
                     "X-Content-Type-Options: nosniff\r\nContent-Length: %zu\r\n\r\n",
                     status, reason, len);
    int fd = r->conn_state->fd;
    /* best effort, never blocking the I/O thread: the socket buffer is
     * empty, and a few hundred bytes fit */
    if (send(fd, head, (size_t)n, MSG_NOSIGNAL | MSG_DONTWAIT) == n
        && send(fd, json, len, MSG_NOSIGNAL | MSG_DONTWAIT) == (ssize_t)len) {
        r->status = status;
        r->bytes = len;
    }
    (void)shutdown(fd, SHUT_WR);
}
