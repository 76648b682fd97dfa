/* test_http_pass.c -- a map request walks one pass (server/maps.c): at
 * most one cache lookup, one If-None-Match check, one encoding decision,
 * and one settle() of what it owes (the cache's waiters, its memory
 * charge), whatever its exit. The daemon runs with DG_TEST_PASS_TRACE,
 * which logs each map request's counts when it ends; each test drives one
 * kind of exit and reads its line. Exactly one where the exit passed the
 * step, zero where it ended before it (a 400 before any lookup). */
#include <criterion/criterion.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "daemon.h"

static char logbuf[1 << 20];

typedef struct {
    unsigned status, lookups, conds, encodings, settles;
} pass;

static void start(td_daemon *d, const char *const *extra)
{
    td_suite_init();
    setenv("DG_TEST_PASS_TRACE", "1", 1);
    cr_assert(td_start(d, extra), "daemon did not start");
}

static void stop(td_daemon *d)
{
    cr_assert_eq(td_stop(d, SIGTERM), 0);
    td_suite_fini();
}

/* The counts of the nth (1-based) request for method + target. */
static pass pass_of(const td_daemon *d, const char *method, const char *target, int nth)
{
    char needle[600];
    snprintf(needle, sizeof needle, " pass %s %s ", method, target);
    cr_assert(td_wait_log(d, needle, nth, logbuf, sizeof logbuf), "no pass line %d for %s %s:\n%s", nth,
              method, target, logbuf);
    const char *p = logbuf;
    for (int i = 0; i < nth; i++) p = strstr(p, needle) + (i + 1 < nth ? 1 : 0);
    pass c = {0};
    cr_assert_eq(sscanf(p + strlen(needle), "%u lookup=%u cond=%u encoding=%u settle=%u", &c.status,
                        &c.lookups, &c.conds, &c.encodings, &c.settles),
                 5, "bad pass line: %.200s", p);
    return c;
}

static void expect(const td_daemon *d, const char *method, const char *target, int nth, unsigned status,
                   unsigned lookups, unsigned conds, unsigned encodings, unsigned settles)
{
    pass c = pass_of(d, method, target, nth);
    cr_assert(c.status == status && c.lookups == lookups && c.conds == conds && c.encodings == encodings
                  && c.settles == settles,
              "%s %s (#%d): status %u lookup=%u cond=%u encoding=%u settle=%u, want %u %u %u %u %u", method,
              target, nth, c.status, c.lookups, c.conds, c.encodings, c.settles, status, lookups, conds,
              encodings, settles);
}

static long req(const td_daemon *d, const char *method, const char *target, const char *const *headers,
                const char *body, char *etag, size_t etag_cap)
{
    td_resp r;
    cr_assert(td_request(d->base, method, target, headers, body, body ? strlen(body) : 0, &r), "%s %s failed",
              method ? method : "GET", target);
    long status = r.status;
    if (etag) cr_assert(td_header(&r, "ETag", etag, etag_cap));
    td_resp_free(&r);
    return status;
}

TestSuite(pass, .timeout = 120);

Test(pass, inline_misses_hits_304_gzip_head_post_and_400s_each_do_every_step_once)
{
    /* every map small enough to be made on the I/O thread */
    const char *const flags[] = {"--inline-us", "100000", NULL};
    td_daemon d;
    start(&d, flags);
    const char *gz[] = {"Accept-Encoding: gzip", NULL};
    char etag[64], inm[96];

    /* a miss made inline: the query parsed, looked up, owned, made, settled */
    cr_assert_eq(req(&d, NULL, "/dungeon.json?seed=11", NULL, NULL, etag, sizeof etag), 200);
    expect(&d, "GET", "/dungeon.json?seed=11", 1, 200, 1, 1, 1, 1);
    /* the same target again: recalled (no parse), one lookup, a hit, nothing owed */
    cr_assert_eq(req(&d, NULL, "/dungeon.json?seed=11", NULL, NULL, NULL, 0), 200);
    expect(&d, "GET", "/dungeon.json?seed=11", 2, 200, 1, 1, 1, 0);
    /* a hit taking gzip (its gzip form made on the way) */
    cr_assert_eq(req(&d, NULL, "/dungeon.json?seed=11", gz, NULL, NULL, 0), 200);
    expect(&d, "GET", "/dungeon.json?seed=11", 3, 200, 1, 1, 1, 0);
    /* 304: decided before any lookup */
    snprintf(inm, sizeof inm, "If-None-Match: %s", etag);
    const char *cond[] = {inm, NULL};
    cr_assert_eq(req(&d, NULL, "/dungeon.json?seed=11", cond, NULL, NULL, 0), 304);
    expect(&d, "GET", "/dungeon.json?seed=11", 4, 304, 0, 1, 1, 0);
    /* HEAD of a hit */
    cr_assert_eq(req(&d, "HEAD", "/dungeon.json?seed=11", NULL, NULL, NULL, 0), 200);
    expect(&d, "HEAD", "/dungeon.json?seed=11", 1, 200, 1, 1, 1, 0);
    /* another target with the same key: parsed, then a hit */
    cr_assert_eq(req(&d, NULL, "/dungeon.json?format=json&seed=11", NULL, NULL, NULL, 0), 200);
    expect(&d, "GET", "/dungeon.json?format=json&seed=11", 1, 200, 1, 1, 1, 0);
    /* a miss made gzipped */
    cr_assert_eq(req(&d, NULL, "/dungeon.txt?seed=12", gz, NULL, NULL, 0), 200);
    expect(&d, "GET", "/dungeon.txt?seed=12", 1, 200, 1, 1, 1, 1);
    /* HEAD of a miss */
    cr_assert_eq(req(&d, "HEAD", "/dungeon.png?seed=13", NULL, NULL, NULL, 0), 200);
    expect(&d, "HEAD", "/dungeon.png?seed=13", 1, 200, 1, 1, 1, 1);
    /* a random seed: never looked up, its memory charge still settled */
    cr_assert_eq(req(&d, NULL, "/dungeon.txt", NULL, NULL, NULL, 0), 200);
    expect(&d, "GET", "/dungeon.txt", 1, 200, 0, 1, 1, 1);
    /* POST: a miss, then a hit */
    const char *json[] = {"Content-Type: application/json", NULL};
    cr_assert_eq(req(&d, "POST", "/dungeon", json, "{\"seed\": 14}", NULL, 0), 200);
    expect(&d, "POST", "/dungeon", 1, 200, 1, 1, 1, 1);
    cr_assert_eq(req(&d, "POST", "/dungeon", json, "{\"seed\": 14}", NULL, 0), 200);
    expect(&d, "POST", "/dungeon", 2, 200, 1, 1, 1, 0);
    /* 400s end before every step */
    cr_assert_eq(req(&d, NULL, "/dungeon.json?seed=1&rows=abc", NULL, NULL, NULL, 0), 400);
    expect(&d, "GET", "/dungeon.json?seed=1&rows=abc", 1, 400, 0, 0, 0, 0);
    cr_assert_eq(req(&d, "POST", "/dungeon", json, "{\"rooms\": \"heaps\"}", NULL, 0), 400);
    expect(&d, "POST", "/dungeon", 3, 400, 0, 0, 0, 0);
    stop(&d);
}

typedef struct {
    const td_daemon *d;
    const char *target;
    long status;
} fetch;

static void *fetch_one(void *arg)
{
    fetch *f = arg;
    f->status = req(f->d, NULL, f->target, NULL, NULL, NULL, 0);
    return NULL;
}

Test(pass, worker_misses_waiters_the_budget_and_a_client_gone_settle_once)
{
    /* every map to a worker; 128 MB of budget */
    const char *const flags[] = {"--inline-us", "0", "--workers", "2", "--memory-budget", "134217728", NULL};
    td_daemon d;
    start(&d, flags);
    /* a miss made on a worker */
    cr_assert_eq(req(&d, NULL, "/dungeon.json?seed=21", NULL, NULL, NULL, 0), 200);
    expect(&d, "GET", "/dungeon.json?seed=21", 1, 200, 1, 1, 1, 1);

    /* two at once for one key: one owns it, the other waits or hits;
     * either way one settle between them */
    const char *same = "/dungeon.png?seed=22&rows=201&cols=201";
    fetch a = {&d, same, 0}, b = {&d, same, 0};
    pthread_t ta, tb;
    cr_assert_eq(pthread_create(&ta, NULL, fetch_one, &a), 0);
    cr_assert_eq(pthread_create(&tb, NULL, fetch_one, &b), 0);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    cr_assert(a.status == 200 && b.status == 200);
    pass p1 = pass_of(&d, "GET", same, 1), p2 = pass_of(&d, "GET", same, 2);
    cr_assert(p1.lookups == 1 && p2.lookups == 1 && p1.conds == 1 && p2.conds == 1 && p1.encodings == 1
              && p2.encodings == 1 && p1.settles + p2.settles == 1,
              "owner and waiter: settle=%u and %u", p1.settles, p2.settles);

    /* alone past the big maps' share: refused (400) after its lookup, the
     * claim on its key settled */
    const char *huge = "/dungeon.png?seed=1&rows=1001&cols=1001&cell=16";
    cr_assert_eq(req(&d, NULL, huge, NULL, NULL, NULL, 0), 400);
    expect(&d, "GET", huge, 1, 400, 1, 1, 1, 1);

    /* 503 over the budget: a second big map beside a running one (if the
     * first is done by then, it is made: the counts are the same) */
    const char *big = "/dungeon.png?seed=1&rows=801&cols=801&cell=8";
    const char *second = "/dungeon.png?seed=2&rows=601&cols=601&cell=8";
    fetch f = {&d, big, 0};
    pthread_t t;
    cr_assert_eq(pthread_create(&t, NULL, fetch_one, &f), 0);
    char m[16384];
    cr_assert(td_wait_metric(&d, "dungeond_in_flight_requests 2\n", m, sizeof m), "%s", m);
    long st = req(&d, NULL, second, NULL, NULL, NULL, 0);
    cr_log_info("second big map: %ld", st);
    pthread_join(t, NULL);
    cr_assert_eq(f.status, 200);
    expect(&d, "GET", big, 1, 200, 1, 1, 1, 1);
    expect(&d, "GET", second, 1, (unsigned)st, 1, 1, 1, 1);

    /* a client gone before its map is made: settled all the same */
    const char *gone = "/dungeon.json?seed=23&rows=301&cols=301";
    int fd = td_connect(d.port);
    cr_assert_geq(fd, 0);
    char line[256];
    int n = snprintf(line, sizeof line, "GET %s HTTP/1.1\r\nHost: x\r\n\r\n", gone);
    cr_assert_eq(send(fd, line, (size_t)n, MSG_NOSIGNAL), n);
    close(fd);
    pass g = pass_of(&d, "GET", gone, 1);
    cr_assert(g.lookups == 1 && g.conds == 1 && g.encodings == 1 && g.settles == 1,
              "client gone: lookup=%u cond=%u encoding=%u settle=%u", g.lookups, g.conds, g.encodings,
              g.settles);
    stop(&d);
}
