/* test_http_hostile.c -- clients that break HTTP's rules, over raw
 * sockets against a started daemon: framing nginx and h2o refuse (two
 * Content-Lengths, a doubled or missing Host, NUL in the target or a
 * header, codings other than chunked) is a 400 at once; a body over
 * body_limit is a 413 whatever the method and however it is framed; a
 * body trickled past body_timeout is cut; a chunk line longer than the
 * library can hold is a 400, not its 500; a target of hundreds of bare
 * parameters is answered at once; and what the HTTP library answers
 * itself is logged and counted with the status it sent. */
#include <criterion/criterion.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "daemon.h"

TestSuite(hostile, .init = td_suite_init, .fini = td_suite_fini, .timeout = 120);

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

typedef struct {
    int status;              /* -1: the connection ended with no answer */
    double seconds;          /* from the first byte sent to the answer (or the end) */
    char head[512];          /* the answer's first bytes */
} raw_answer;

/* Sends data on a new connection (as much as the daemon takes) and reads
 * one answer, waiting at most wait_s. */
static raw_answer exchange(int port, const void *data, size_t len, int wait_s)
{
    raw_answer a = {-1, 0, ""};
    int fd = td_connect(port);
    cr_assert(fd >= 0, "connect: %s", strerror(errno));
    struct timeval tv = {wait_s, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    double t0 = now_s();
    for (size_t off = 0; off < len;) {
        ssize_t n = send(fd, (const char *)data + off, len - off, MSG_NOSIGNAL);
        if (n <= 0) break;   /* the daemon answered and closed before the end */
        off += (size_t)n;
    }
    char buf[4096];
    size_t have = 0;
    while (have < sizeof buf - 1) {
        ssize_t n = recv(fd, buf + have, sizeof buf - 1 - have, 0);
        if (n <= 0) break;
        have += (size_t)n;
        buf[have] = '\0';
        char *end = strstr(buf, "\r\n\r\n");
        const char *cl = strstr(buf, "Content-Length: ");
        if (end && cl && have >= (size_t)(end + 4 - buf) + strtoul(cl + 16, NULL, 10)) break;
    }
    buf[have] = '\0';
    a.seconds = now_s() - t0;
    snprintf(a.head, sizeof a.head, "%.511s", buf);
    if (sscanf(buf, "HTTP/1.1 %d", &a.status) != 1) a.status = -1;
    close(fd);
    return a;
}

static raw_answer exchange_str(int port, const char *req) { return exchange(port, req, strlen(req), 5); }

/* --------------------------------------------------------------- framing */

static td_daemon dd;

static void start_shared(void)
{
    static const char *const flags[] = {"--access-log", "on", "--body-limit", "1024", NULL};
    td_suite_start(&dd, flags);
}
static void stop_shared(void) { td_suite_stop(&dd); }

TestSuite(framing, .init = start_shared, .fini = stop_shared, .timeout = 120);

#define CHECK_400(req, what)                                                                    \
    do {                                                                                         \
        raw_answer a_ = exchange(dd.port, req, sizeof req - 1, 5);                               \
        cr_assert_eq(a_.status, 400, "%s: got %d after %.1f s:\n%s", what, a_.status, a_.seconds, \
                     a_.head);                                                                   \
        cr_assert(a_.seconds < 2, "%s: the 400 took %.1f s", what, a_.seconds);                  \
    } while (0)

Test(framing, two_content_lengths_are_400)
{
    static const char differ[] = "POST /dungeon HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                                 "Content-Length: 2\r\nContent-Length: 11\r\n\r\n{\"seed\": 1}";
    CHECK_400(differ, "two different Content-Length");
    static const char same[] = "POST /dungeon HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                               "Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}";
    CHECK_400(same, "Content-Length twice");
    static const char both[] = "POST /dungeon HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                               "Content-Length: 7\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n";
    CHECK_400(both, "Content-Length beside Transfer-Encoding");
    static const char sign[] = "POST /dungeon HTTP/1.1\r\nHost: x\r\nContent-Length: +2\r\n\r\n{}";
    CHECK_400(sign, "a signed Content-Length");
}

Test(framing, a_missing_or_doubled_host_is_400)
{
    static const char none[] = "GET /healthz HTTP/1.1\r\n\r\n";
    CHECK_400(none, "no Host");
    static const char twice[] = "GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n";
    CHECK_400(twice, "Host twice");
    /* HTTP/1.0 has no Host to require */
    raw_answer a = exchange_str(dd.port, "GET /healthz HTTP/1.0\r\n\r\n");
    cr_assert_eq(a.status, 200, "%s", a.head);
}

Test(framing, a_nul_in_the_target_or_a_header_is_400)
{
    static const char target[] = "GET /heal\0thz HTTP/1.1\r\nHost: x\r\n\r\n";
    CHECK_400(target, "NUL in the target");
    static const char query[] = "GET /dungeon.txt?seed=1\0&rows=999999 HTTP/1.1\r\nHost: x\r\n\r\n";
    CHECK_400(query, "NUL in the query");
    static const char last[] = "GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n";
    CHECK_400(last, "NUL in the last header");
    static const char middle[] = "GET /healthz HTTP/1.1\r\nX-A: a\0b\r\nHost: x\r\n\r\n";
    CHECK_400(middle, "NUL in a header before others");
    static const char key[] = "GET /healthz HTTP/1.1\r\nHost: x\r\nX-\0A: b\r\nAccept: */*\r\n\r\n";
    CHECK_400(key, "NUL in a header name");
    /* what the check must let through: spaces around values, bare LF */
    raw_answer a = exchange_str(dd.port, "GET /healthz HTTP/1.1\r\nHost:   x   \r\nAccept:*/*\r\n\r\n");
    cr_assert_eq(a.status, 200, "%s", a.head);
    a = exchange_str(dd.port, "GET /dungeon.txt?seed=%41&rows=9&cols=9 HTTP/1.1\nHost: x\nX-E:\n\n");
    cr_assert_eq(a.status, 200, "%s", a.head);
}

Test(framing, a_coding_other_than_chunked_is_400_at_once)
{
    static const char gz[] = "POST /dungeon HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                             "Transfer-Encoding: gzip, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n";
    CHECK_400(gz, "Transfer-Encoding: gzip, chunked");
    static const char twice[] = "POST /dungeon HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                                "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n";
    CHECK_400(twice, "Transfer-Encoding twice");
    raw_answer a = exchange_str(dd.port, "POST /dungeon HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                                         "Transfer-Encoding: Chunked\r\n\r\nb\r\n{\"seed\": 1}\r\n0\r\n\r\n");
    cr_assert_eq(a.status, 200, "chunked, any case, is framing we read:\n%s", a.head);
}

Test(framing, a_chunk_line_past_the_connection_memory_is_400_not_500)
{
    /* an 80 KB chunk extension: libmicrohttpd cannot hold the line in a
     * connection's memory (64 KB, http.c) and would answer 500 itself */
    size_t n = 0, cap = 96 * 1024;
    char *req = malloc(cap);
    cr_assert_not_null(req);
    n += (size_t)snprintf(req, cap, "POST /dungeon HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                                    "Transfer-Encoding: chunked\r\n\r\n2;");
    memset(req + n, 'e', 80 * 1024);
    n += 80 * 1024;
    n += (size_t)snprintf(req + n, cap - n, "\r\n{}\r\n0\r\n\r\n");
    raw_answer a = exchange(dd.port, req, n, 5);
    free(req);
    cr_assert_eq(a.status, 400, "got %d:\n%s", a.status, a.head);
    cr_assert(strstr(a.head, "chunk size line too long"), "%s", a.head);
    char log[1 << 16];
    cr_assert(td_wait_log(&dd, "POST /dungeon 400 ", 1, log, sizeof log), "not logged as the 400 sent:\n%s", log);
}

/* ------------------------------------------------------------------ bodies */

/* A chunked request of total bytes in 1 KB chunks. */
static char *chunked(const char *method, const char *path, size_t total, size_t *len)
{
    size_t cap = (total + 1023) / 1024 * (1024 + 16) + 256;
    char *req = malloc(cap);
    cr_assert_not_null(req);
    size_t n = (size_t)snprintf(req, cap, "%s %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                                "Transfer-Encoding: chunked\r\n\r\n", method, path);
    for (size_t sent = 0; sent < total; sent += 1024) {
        n += (size_t)snprintf(req + n, cap - n, "400\r\n");
        memset(req + n, ' ', 1024);
        n += 1024;
        n += (size_t)snprintf(req + n, cap - n, "\r\n");
    }
    n += (size_t)snprintf(req + n, cap - n, "0\r\n\r\n");
    *len = n;
    return req;
}

Test(framing, a_body_over_the_limit_is_413_whatever_the_method)
{
    raw_answer a = exchange_str(dd.port, "GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n");
    cr_assert_eq(a.status, 413, "GET with a Content-Length over the limit:\n%s", a.head);
    cr_assert(strstr(a.head, "\"param\":\"body\""), "%s", a.head);
    /* chunked, a little over: read to its end, then answered */
    size_t len;
    char *req = chunked("GET", "/healthz", 2048, &len);
    a = exchange(dd.port, req, len, 5);
    free(req);
    cr_assert_eq(a.status, 413, "a chunked GET body over the limit:\n%s", a.head);
    /* chunked, far over (the 16 x limit it may read): answered and cut */
    const char *methods[] = {"GET", "POST"};
    for (int i = 0; i < 2; i++) {
        req = chunked(methods[i], i ? "/dungeon" : "/healthz", 1 << 20, &len);
        a = exchange(dd.port, req, len, 5);
        free(req);
        cr_assert_eq(a.status, 413, "%s with a 1 MB chunked body:\n%s", methods[i], a.head);
        cr_assert(strstr(a.head, "\"param\":\"body\""), "%s", a.head);
    }
    /* a body within the limit on GET is read and ignored */
    req = chunked("GET", "/healthz", 512, &len);
    a = exchange(dd.port, req, len, 5);
    free(req);
    cr_assert_eq(a.status, 200, "%s", a.head);
    char log[1 << 16];
    cr_assert(td_wait_log(&dd, "POST /dungeon 413 ", 1, log, sizeof log), "%s", log);
    cr_assert(td_wait_log(&dd, "GET /healthz 413 ", 3, log, sizeof log), "%s", log);
}

Test(framing, hundreds_of_bare_parameters_are_answered_at_once)
{
    char req[8192];
    int n = snprintf(req, sizeof req, "GET /dungeon.json?seed=1");
    for (int i = 0; i < 600; i++) n += snprintf(req + n, sizeof req - (size_t)n, "&a");
    n += snprintf(req + n, sizeof req - (size_t)n, " HTTP/1.1\r\nHost: x\r\n\r\n");
    raw_answer a = exchange(dd.port, req, (size_t)n, 10);
    cr_assert_eq(a.status, 400, "after %.1f s:\n%s", a.seconds, a.head);
    cr_assert(a.seconds < 2, "the answer took %.1f s", a.seconds);
    cr_assert(strstr(a.head, "too many parameters"), "%s", a.head);
    char log[1 << 16];
    cr_assert(td_wait_log(&dd, "&a&a 400 ", 1, log, sizeof log), "not logged as the 400 sent:\n%s", log);
}

/* ------------------------------------------------------------ timeouts */

Test(hostile, a_body_trickled_past_body_timeout_is_cut)
{
    static const char *const flags[] = {"--body-timeout", "1", "--timeout", "60", "--access-log", "on", NULL};
    td_daemon d;
    cr_assert(td_start(&d, flags));
    int fd = td_connect(d.port);
    cr_assert(fd >= 0);
    static const char head[] = "POST /dungeon HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                               "Content-Length: 100\r\n\r\n{";
    cr_assert_eq(send(fd, head, sizeof head - 1, MSG_NOSIGNAL), (ssize_t)(sizeof head - 1));
    /* a byte every 200 ms restarts the 60 s idle timeout; only the body
     * deadline ends it */
    double t0 = now_s();
    bool closed = false;
    while (!closed && now_s() - t0 < 10) {
        usleep(200000);
        closed = send(fd, " ", 1, MSG_NOSIGNAL) != 1;
        char c;
        if (!closed && recv(fd, &c, 1, MSG_DONTWAIT) == 0) closed = true;
    }
    close(fd);
    cr_assert(closed, "a trickled body was still being read after 10 s");
    cr_assert(now_s() - t0 < 5, "cut after %.1f s", now_s() - t0);
    char log[1 << 16];
    cr_assert(td_wait_log(&d, "POST /dungeon 408 ", 1, log, sizeof log), "not logged as 408:\n%s", log);
    /* a body sent at once is not affected */
    td_resp r;
    static const char *const json[] = {"Content-Type: application/json", NULL};
    cr_assert(td_request(d.base, "POST", "/dungeon", json, "{\"seed\": 1}", 11, &r));
    cr_assert_eq(r.status, 200);
    td_resp_free(&r);
    cr_assert_eq(td_stop(&d, SIGTERM), 0);
}

/* The status libmicrohttpd sends for a request it refuses after the
 * headers are in (a malformed chunk) is the one logged and counted, and a
 * refusal before them (no Host) does not label the next header-timeout
 * cut on the same I/O thread. */
Test(hostile, library_answers_are_logged_with_the_status_sent)
{
    static const char *const flags[] = {"--io-threads", "1", "--header-timeout", "1", "--timeout", "60",
                                        "--access-log", "on", NULL};
    td_daemon d;
    cr_assert(td_start(&d, flags));
    raw_answer a = exchange_str(d.port, "POST /dungeon HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                                        "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n");
    cr_assert(a.status >= 400 && a.status < 500, "a malformed chunk got %d:\n%s", a.status, a.head);
    char want[64], log[1 << 16];
    snprintf(want, sizeof want, "POST /dungeon %d ", a.status);
    cr_assert(td_wait_log(&d, want, 1, log, sizeof log), "the %d sent was not logged:\n%s", a.status, log);
    a = exchange_str(d.port, "GET /healthz HTTP/1.1\r\n\r\n");
    cr_assert_eq(a.status, 400, "%s", a.head);
    cr_assert(td_wait_log(&d, " /healthz 400 ", 1, log, sizeof log), "%s", log);
    /* silent until header_timeout: a 408, not the 400 before it */
    int fd = td_connect(d.port);
    cr_assert(fd >= 0);
    cr_assert_eq(send(fd, "GET /healthz HTTP/1.1\r\nHost: x\r\n", 33, MSG_NOSIGNAL), 33);
    char m[16384];
    cr_assert(td_wait_metric(&d, "dungeond_connections_cut_total 1\n", m, sizeof m), "%s", m);
    close(fd);
    cr_assert(td_wait_metric(&d, "dungeond_requests_total{route=\"other\",status=\"408\"} 1\n", m, sizeof m), "%s", m);
    cr_assert_null(strstr(m, "status=\"500\""), "%s", m);
    cr_assert_null(strstr(m, "status=\"499\""), "%s", m);
    cr_assert_eq(td_stop(&d, SIGTERM), 0);
}
