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
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <time.h>

#include "http_int.h"

/* Open connections per client address, for per_ip_connections (a chained
 * table under conns_mu; a node lives while its address has one open). */
typedef struct ip_node {
    unsigned char key[17];   /* family, then the address's bytes (IPv4: 4) */
    int count;
    struct ip_node *next;
} ip_node;
#define IP_BUCKETS 1024

/* One refusal log line per address per interval: what was refused since
 * (a direct-mapped table; two addresses in one slot only log more). */
typedef struct ip_say {
    unsigned char key[17];
    uint64_t last;
    unsigned long quiet;     /* refusals not logged since last */
} ip_say;
#define SAY_SLOTS 256
#define SAY_EVERY_NS 10000000000ull


struct srv_conn {
    srv_req *open;
    ip_node *ip;             /* its address's count, or NULL */
    bool counted;            /* against max_connections (not refused, not dropped) */
    uint64_t since;          /* accepted at, ns */
    bool busy;               /* atomic: a request's headers are in and it is being served */
    bool refused;            /* answered 429/503 at accept: no request is served */
    bool dropped;            /* atomic: shut down to make room (its request logged once per address) */
    unsigned char key[17];   /* its address (addr_key), for the refusal log */
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
    /* without them (no memory) every connection counts, none per address */
    h->ip_table = calloc(IP_BUCKETS, sizeof *h->ip_table);
    h->say_table = calloc(SAY_SLOTS, sizeof *h->say_table);
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
    for (size_t i = 0; h->ip_table && i < IP_BUCKETS; i++)
        for (ip_node *n = h->ip_table[i], *next; n; n = next) {
            next = n->next;
            free(n);
        }
    free(h->ip_table);
    free(h->say_table);
    h->ip_table = NULL;
    h->say_table = NULL;
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

/* The client's address as a table key; false when MHD cannot tell. */
static bool addr_key(struct MHD_Connection *conn, unsigned char key[17], char *text, size_t cap)
{
    memset(key, 0, 17);
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    const struct sockaddr *sa = ci ? ci->client_addr : NULL;
    if (!sa) return false;
    if (sa->sa_family == AF_INET) {
        const struct sockaddr_in *v4 = (const struct sockaddr_in *)sa;
        key[0] = 4;
        memcpy(key + 1, &v4->sin_addr, 4);
        inet_ntop(AF_INET, &v4->sin_addr, text, (socklen_t)cap);
        return true;
    }
    if (sa->sa_family == AF_INET6) {
        const struct sockaddr_in6 *v6 = (const struct sockaddr_in6 *)sa;
        key[0] = 6;
        memcpy(key + 1, &v6->sin6_addr, 16);
        inet_ntop(AF_INET6, &v6->sin6_addr, text, (socklen_t)cap);
        return true;
    }
    return false;
}

static unsigned key_hash(const unsigned char key[17])
{
    return (unsigned)(dg_hash64(key, 17, 0) & (IP_BUCKETS - 1));
}

static ip_node *ip_find(srv_http *h, const unsigned char key[17], bool make)
{
    ip_node **pp = &h->ip_table[key_hash(key)];
    for (ip_node *n = *pp; n; n = n->next)
        if (!memcmp(n->key, key, 17)) return n;
    if (!make) return NULL;
    ip_node *n = calloc(1, sizeof *n);
    if (!n) return NULL;
    memcpy(n->key, key, 17);
    n->next = *pp;
    *pp = n;
    return n;
}

static void ip_release(srv_http *h, ip_node *n)
{
    if (!n || --n->count > 0) return;
    ip_node **pp = &h->ip_table[key_hash(n->key)];
    while (*pp != n) pp = &(*pp)->next;
    *pp = n->next;
    free(n);
}

/* The refusal's log line, at most one per address per interval, with the
 * count of those it stood for. */
static void say_refused(srv_http *h, const unsigned char key[17], const char *addr, unsigned status, int limit)
{
    if (!h->say_table) return;
    ip_say *s = &h->say_table[dg_hash64(key, 17, 1) & (SAY_SLOTS - 1)];
    uint64_t now = srv_now_ns();
    if (!memcmp(s->key, key, 17) && now - s->last < SAY_EVERY_NS) {
        s->quiet++;
        return;
    }
    unsigned long quiet = !memcmp(s->key, key, 17) ? s->quiet : 0;
    memcpy(s->key, key, 17);
    s->last = now;
    s->quiet = 0;
    const char *what = status == MHD_HTTP_TOO_MANY_REQUESTS     ? "connection answered 429 (over per_ip_connections"
                       : status == MHD_HTTP_SERVICE_UNAVAILABLE ? "connection answered 503 (over max_connections"
                                                                : "idle or half-sent connection dropped (at "
                                                                  "max_connections";
    srv_log("warn", "%s: %s %d); %lu more since this address's last such line", addr, what, limit, quiet);
}

/* Drops the oldest connection that is not being served (its request line
 * or headers still coming, or idle between requests), so a table full of
 * half-sent requests (slowloris) makes room for a complete one at once
 * rather than at their header_timeout. True when one was shut down. Its
 * request, if any, is logged 408 (srv_conns_cut). Under conns_mu. */
static bool drop_oldest_idle(srv_http *h)
{
    struct srv_conn *oldest = NULL;
    for (struct srv_conn *c = h->conns; c; c = c->next)
        if (c->counted && !__atomic_load_n(&c->busy, __ATOMIC_ACQUIRE)
            && !__atomic_load_n(&c->cut, __ATOMIC_RELAXED) && (!oldest || c->since <= oldest->since))
            oldest = c;
    if (!oldest) return false;
    __atomic_store_n(&oldest->dropped, true, __ATOMIC_RELEASE);
    __atomic_store_n(&oldest->cut, true, __ATOMIC_RELEASE);
    (void)shutdown(oldest->fd, SHUT_RDWR);
    char addr[INET6_ADDRSTRLEN] = "-";
    if (oldest->key[0]) inet_ntop(oldest->key[0] == 4 ? AF_INET : AF_INET6, oldest->key + 1, addr, sizeof addr);
    say_refused(h, oldest->key, addr, MHD_HTTP_REQUEST_TIMEOUT, h->cfg.max_connections);
    srv_metrics_connection_cut();
    /* it no longer counts: the new one takes its place now */
    ip_release(h, oldest->ip);
    oldest->ip = NULL;
    oldest->counted = false;
    h->n_open--;
    return true;
}

/* Counts c in, or says why not: 429 over its address's limit, 503 over
 * the total with nothing idle to drop. Under conns_mu. */
static unsigned admit(srv_http *h, struct srv_conn *c, const unsigned char key[17], bool have_key)
{
    ip_node *n = have_key && h->ip_table ? ip_find(h, key, true) : NULL;
    /* a node over the limit has connections: it was not made here */
    if (n && h->cfg.per_ip_connections && n->count >= h->cfg.per_ip_connections) return MHD_HTTP_TOO_MANY_REQUESTS;
    /* counted first: the connection dropped for it may be this address's
     * last, whose release would otherwise free n */
    if (n) n->count++;
    if (h->n_open >= h->cfg.max_connections && !drop_oldest_idle(h)) {
        ip_release(h, n);
        return MHD_HTTP_SERVICE_UNAVAILABLE;
    }
    c->ip = n;
    c->counted = true;
    h->n_open++;
    return 0;
}

/* Answers a refused connection at once (a status line with Retry-After and
 * the API's JSON), ends our sending side and lets libmicrohttpd read the
 * request, if one comes, and close it (uri_cb serves none): closing with
 * the request unread would reset it, and the client might not see the
 * answer. A client that sends nothing is cut by the sweeper within a
 * second or two. */
static void refuse(srv_http *h, struct srv_conn *c, unsigned status)
{
    char body[256], head[384];
    int retry = __atomic_load_n(&h->cfg.retry_after, __ATOMIC_RELAXED);
    int bn = status == MHD_HTTP_TOO_MANY_REQUESTS
                 ? snprintf(body, sizeof body,
                            "{\"error\":\"too many connections from this address\",\"param\":\"connections\","
                            "\"value\":\"\",\"allowed\":\"at most %d open at once from one address\"}",
                            h->cfg.per_ip_connections)
                 : snprintf(body, sizeof body,
                            "{\"error\":\"too many connections\",\"param\":\"connections\",\"value\":\"\","
                            "\"allowed\":\"at most %d open at once\"}",
                            h->cfg.max_connections);
    int n = snprintf(head, sizeof head,
                     "HTTP/1.1 %u %s\r\nConnection: close\r\nRetry-After: %d\r\nContent-Type: application/json\r\n"
                     "Cache-Control: no-store\r\nContent-Length: %d\r\n\r\n",
                     status, status == MHD_HTTP_TOO_MANY_REQUESTS ? "Too Many Requests" : "Service Unavailable",
                     retry, bn);
    if (send(c->fd, head, (size_t)n, MSG_NOSIGNAL | MSG_DONTWAIT) == n)
        (void)send(c->fd, body, (size_t)bn, MSG_NOSIGNAL | MSG_DONTWAIT);
    (void)shutdown(c->fd, SHUT_WR);
    __atomic_store_n(&c->deadline, srv_now_ns() + 1000000000ull, __ATOMIC_RELAXED);
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
            unsigned char key[17];
            char addr[INET6_ADDRSTRLEN] = "-";
            bool have_key = addr_key(conn, key, addr, sizeof addr);
            memcpy(c->key, key, sizeof c->key);
            c->fd = ci->connect_fd;
            c->thread = pthread_self();   /* MHD tells the thread that will serve it */
            c->deadline = header_deadline(h);   /* the first request's, from the start */
            c->since = srv_now_ns();
            pthread_mutex_lock(&h->conns_mu);
            unsigned status = admit(h, c, key, have_key);
            c->refused = status != 0;
            c->next = h->conns;
            if (h->conns) h->conns->prev = c;
            h->conns = c;
            if (status) say_refused(h, key, addr, status,
                                    status == MHD_HTTP_TOO_MANY_REQUESTS ? h->cfg.per_ip_connections
                                                                         : h->cfg.max_connections);
            pthread_mutex_unlock(&h->conns_mu);
            if (status) refuse(h, c, status);
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
    if (c->counted) {
        ip_release(h, c->ip);
        h->n_open--;
    }
    pthread_mutex_unlock(&h->conns_mu);
    if (c->open) h->complete(h, c->open, MHD_REQUEST_TERMINATED_WITH_ERROR);
    free(c);
}

bool srv_conns_refused(struct MHD_Connection *conn)
{
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    const struct srv_conn *c = ci ? ci->socket_context : NULL;
    return c && c->refused;
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
    __atomic_store_n(&r->conn_state->busy, true, __ATOMIC_RELEASE);
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
    __atomic_store_n(&r->conn_state->busy, false, __ATOMIC_RELEASE);
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

bool srv_conns_dropped(const srv_req *r)
{
    return r->conn_state && __atomic_load_n(&r->conn_state->dropped, __ATOMIC_ACQUIRE);
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
