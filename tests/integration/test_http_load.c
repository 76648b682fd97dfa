/* test_http_load.c -- dungeond under concurrency and shutdown: 64 clients
 * get identical, correct bytes (cache on and off, small maps made inline or
 * by workers); a full queue answers 503 with Retry-After and never 500;
 * SIGTERM finishes in-flight requests and exits 0; the command line
 * (--help, --version, --check-config, env). */
#include <criterion/criterion.h>
#include <curl/curl.h>
#include <errno.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "daemon.h"
#include "dg.h"
#include "render.h"

TestSuite(load, .init = td_suite_init, .fini = td_suite_fini, .timeout = 120);
TestSuite(cli, .init = td_suite_init, .fini = td_suite_fini, .timeout = 60);

/* ------------------------------------------------- many clients at once */

typedef struct {
    CURL *h;
    char url[256];
    unsigned char *body;
    size_t len;
    char retry_after[16];
    long status;
} client;

static size_t on_body(char *data, size_t size, size_t nmemb, void *cls)
{
    client *c = cls;
    size_t n = size * nmemb;
    unsigned char *p = realloc(c->body, c->len + n);
    if (!p) return 0;
    memcpy(p + c->len, data, n);
    c->body = p;
    c->len += n;
    return n;
}

static size_t on_header(char *data, size_t size, size_t nmemb, void *cls)
{
    client *c = cls;
    size_t n = size * nmemb;
    if (n > 13 && !strncasecmp(data, "Retry-After:", 12))
        snprintf(c->retry_after, sizeof c->retry_after, "%.*s", (int)strcspn(data + 13, "\r\n"), data + 13);
    return n;
}

/* Runs every client at once on fresh connections; returns when all ended.
 * tick(), when given, is called between polls (the SIGTERM test uses it). */
static void run_all(client *cs, size_t n, void (*tick)(void *), void *arg)
{
    CURLM *m = curl_multi_init();
    curl_multi_setopt(m, CURLMOPT_MAX_TOTAL_CONNECTIONS, 0L);
    for (size_t i = 0; i < n; i++) {
        cs[i].h = curl_easy_init();
        curl_easy_setopt(cs[i].h, CURLOPT_URL, cs[i].url);
        curl_easy_setopt(cs[i].h, CURLOPT_WRITEFUNCTION, on_body);
        curl_easy_setopt(cs[i].h, CURLOPT_WRITEDATA, &cs[i]);
        curl_easy_setopt(cs[i].h, CURLOPT_HEADERFUNCTION, on_header);
        curl_easy_setopt(cs[i].h, CURLOPT_HEADERDATA, &cs[i]);
        curl_easy_setopt(cs[i].h, CURLOPT_TIMEOUT, 90L);
        curl_easy_setopt(cs[i].h, CURLOPT_FRESH_CONNECT, 1L);
        curl_multi_add_handle(m, cs[i].h);
    }
    int running = 1;
    while (running) {
        curl_multi_perform(m, &running);
        if (tick) tick(arg);
        if (running) curl_multi_poll(m, NULL, 0, 20, NULL);
    }
    for (size_t i = 0; i < n; i++) {
        curl_easy_getinfo(cs[i].h, CURLINFO_RESPONSE_CODE, &cs[i].status);
        curl_multi_remove_handle(m, cs[i].h);
        curl_easy_cleanup(cs[i].h);
    }
    curl_multi_cleanup(m);
}

static long metric(const td_daemon *d, const char *name)
{
    td_resp r;
    cr_assert(td_request(d->base, "GET", "/metrics", NULL, NULL, 0, &r));
    char line[96];
    snprintf(line, sizeof line, "\n%s ", name);
    const char *at = r.body ? strstr((char *)r.body, line) : NULL;
    long n = at ? strtol(at + strlen(line), NULL, 10) : -1;
    td_resp_free(&r);
    cr_assert_geq(n, 0, "no %s in /metrics", name);
    return n;
}

/* 64 clients at once ask for the same map: every one gets the bytes the
 * library makes for those options. inline: whether the maps must have been
 * made on the I/O threads (1), by the workers (0), or either (-1). */
static void sixty_four_clients_for(const char *const *flags, const char *query, dg_format fmt,
                                   int inline_made)
{
    td_daemon d;
    cr_assert(td_start(&d, flags));
    unsigned char *want = NULL;
    size_t want_len = 0;
    cr_assert(td_expected(query, fmt, &want, &want_len));
    enum { N = 64 };
    client *cs = calloc(N, sizeof *cs);
    for (size_t i = 0; i < N; i++)
        snprintf(cs[i].url, sizeof cs[i].url, "%s/dungeon.%s?%s", d.base, dg_format_ext(fmt), query);
    run_all(cs, N, NULL, NULL);
    for (size_t i = 0; i < N; i++) {
        cr_expect_eq(cs[i].status, 200, "client %zu: %ld", i, cs[i].status);
        cr_expect_eq(cs[i].len, want_len, "client %zu: %zu bytes, want %zu", i, cs[i].len, want_len);
        cr_expect(cs[i].len == want_len && !memcmp(cs[i].body, want, want_len), "client %zu: bytes differ", i);
        free(cs[i].body);
    }
    long made = metric(&d, "dungeond_maps_generated_total"), inl = metric(&d, "dungeond_maps_inline_total");
    cr_expect_geq(made, 1);
    if (inline_made == 1) cr_expect_eq(inl, made, "%ld of %ld maps made inline", inl, made);
    if (inline_made == 0) cr_expect_eq(inl, 0, "%ld maps made inline", inl);
    free(cs);
    free(want);
    cr_assert_eq(td_stop(&d, SIGTERM), 0);
}

/* a map big enough to go to the workers (see inline_us) */
static void sixty_four_clients(const char *const *flags)
{
    sixty_four_clients_for(flags, "seed=1234&rows=101&cols=141&rooms=dense&polymorph=yes", DG_FMT_PNG, 0);
}

/* Small maps are made on the I/O thread that got the request, or by the
 * workers with inline_us 0: the bytes are the same either way, also when
 * 64 requests for one map are merged (cache on) or each made (off). */
Test(load, small_maps_made_inline_or_by_workers_are_identical)
{
    static const char *const inline_off[] = {"--cache", "off", NULL};
    static const char *const inline_on[] = {"--cache", "on", NULL};
    static const char *const workers_only[] = {"--cache", "off", "--inline-us", "0", NULL};
    sixty_four_clients_for(inline_off, "seed=7", DG_FMT_JSON, 1);
    sixty_four_clients_for(inline_on, "seed=7", DG_FMT_PNG, 1);
    sixty_four_clients_for(workers_only, "seed=7&rooms=dense", DG_FMT_JSON, 0);
    sixty_four_clients_for(inline_on, "seed=9&algorithm=caverns", DG_FMT_TXT, 1);
    /* a caves raster is costlier a pixel: to the workers */
    sixty_four_clients_for(inline_off, "seed=9&algorithm=caverns", DG_FMT_PNG, 0);
}

Test(load, sixty_four_clients_get_identical_bytes_with_the_cache)
{
    static const char *const flags[] = {"--workers", "2", NULL};
    sixty_four_clients(flags);
}

Test(load, sixty_four_clients_get_identical_bytes_without_the_cache)
{
    static const char *const flags[] = {"--cache", "off", "--workers", "4", "--queue-depth", "64", NULL};
    sixty_four_clients(flags);
}

Test(load, full_queue_answers_503_with_retry_after)
{
    /* one worker, one waiting slot: while a big map holds the worker, of
     * 8 maps at once one waits and the rest are told to come back, none
     * fails */
    /* inline_us 0: every map goes through the queue, whatever it costs */
    static const char *const flags[] = {"--workers", "1", "--queue-depth", "1", "--retry-after", "3",
                                        "--max-dim", "2001", "--inline-us", "0", NULL};
    td_daemon d;
    cr_assert(td_start(&d, flags));
    int big = td_connect(d.port);
    cr_assert(big >= 0);
    static const char hold[] = "GET /dungeon.txt?seed=1&algorithm=caverns&rows=2001&cols=2001 HTTP/1.1\r\n"
                               "Host: x\r\n\r\n";
    cr_assert_eq(send(big, hold, sizeof hold - 1, MSG_NOSIGNAL), (ssize_t)(sizeof hold - 1));
    /* the worker has it: in flight (with this /metrics request), none waiting */
    char m[16384];
    bool held = false;
    for (int i = 0; i < 500 && !held; i++) {
        td_metrics(&d, m, sizeof m);
        held = strstr(m, "dungeond_in_flight_requests 2\n") && strstr(m, "dungeond_queue_depth 0\n");
        if (!held) usleep(10000);
    }
    cr_assert(held, "the big map never reached the worker:\n%s", m);
    enum { N = 8 };
    client cs[N];
    memset(cs, 0, sizeof cs);
    for (size_t i = 0; i < N; i++)
        snprintf(cs[i].url, sizeof cs[i].url, "%s/dungeon.txt?seed=%zu&rows=301&cols=301", d.base, i);
    run_all(cs, N, NULL, NULL);
    int ok = 0, busy = 0;
    for (size_t i = 0; i < N; i++) {
        if (cs[i].status == 200) ok++;
        else if (cs[i].status == 503) {
            busy++;
            cr_expect_str_eq(cs[i].retry_after, "3");
            cr_expect(cs[i].body && strstr((char *)cs[i].body, "\"error\""));
        } else cr_expect(false, "client %zu: status %ld", i, cs[i].status);
        free(cs[i].body);
    }
    /* the one that waited is made once the big map is done */
    cr_expect_eq(ok, 1, "maps made: %d", ok);
    cr_expect_eq(busy, N - 1, "503s: %d", busy);
    close(big);
    /* the daemon is fine afterwards */
    td_resp r;
    cr_assert(td_request(d.base, "GET", "/dungeon.txt?seed=1&rows=301&cols=301", NULL, NULL, 0, &r));
    cr_expect_eq(r.status, 200);
    td_resp_free(&r);
    cr_assert_eq(td_stop(&d, SIGTERM), 0);
}

/* -------------------------------------------------- connection limits */

static int connect_to(int port)
{
    int fd = td_connect(port);
    cr_assert(fd >= 0, "connect: %s", strerror(errno));
    return fd;
}

Test(load, per_ip_limit_refuses_the_connection_over_it)
{
    static const char *const flags[] = {"--per-ip-connections", "2", NULL};
    td_daemon d;
    cr_assert(td_start(&d, flags));
    int a = connect_to(d.port), b = connect_to(d.port);
    /* answered and kept alive: both surely accepted */
    cr_assert_eq(td_get_on(a, "/healthz"), 200);
    cr_assert_eq(td_get_on(b, "/healthz"), 200);
    /* the third is answered, not reset: 429 with Retry-After (issue 39) */
    td_resp r;
    cr_assert(td_request(d.base, "GET", "/healthz", NULL, NULL, 0, &r), "a third connection had no answer");
    cr_assert_eq(r.status, 429, "a third connection: %ld", r.status);
    char ra[16];
    cr_assert(td_header(&r, "Retry-After", ra, sizeof ra));
    td_resp_free(&r);
    close(a);
    close(b);
    /* the daemon sees the closes in its own time */
    bool served = false;
    for (int i = 0; i < 100 && !served; i++) {
        served = td_request(d.base, "GET", "/healthz", NULL, NULL, 0, &r) && r.status == 200;
        td_resp_free(&r);
        if (!served) usleep(50000);
    }
    cr_assert(served, "the address stayed refused after its connections closed");
    cr_assert_eq(td_stop(&d, SIGTERM), 0);
}

Test(load, idle_connections_time_out)
{
    static const char *const flags[] = {"--timeout", "1", NULL};
    td_daemon d;
    cr_assert(td_start(&d, flags));
    int fd = connect_to(d.port);
    struct timeval tv = {4, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    char c;
    /* 0: the daemon closed it; -1 would be our own 4 s timeout */
    cr_assert_eq(recv(fd, &c, 1, 0), 0, "idle connection kept open");
    close(fd);
    cr_assert_eq(td_stop(&d, SIGTERM), 0);
}

/* ----------------------------------------------------------- shutdown */

typedef struct {
    td_daemon *d;
    struct timespec start;
    bool sent;
} term_at;

/* SIGTERM once both big maps are in flight (the /metrics request itself
 * is the third), so the signal always lands mid-request. */
static void term_tick(void *arg)
{
    term_at *t = arg;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    long ms = (now.tv_sec - t->start.tv_sec) * 1000 + (now.tv_nsec - t->start.tv_nsec) / 1000000;
    if (t->sent || ms < 20) return;
    td_resp r;
    bool busy = td_request(t->d->base, "GET", "/metrics", NULL, NULL, 0, &r) && r.body
                && strstr((char *)r.body, "dungeond_in_flight_requests 3\n");
    td_resp_free(&r);
    if (busy || ms > 5000) {
        kill(t->d->pid, SIGTERM);
        t->sent = true;
    }
}

Test(load, sigterm_finishes_in_flight_requests_then_exits_0)
{
    static const char *const flags[] = {"--workers", "2", NULL};
    td_daemon d;
    cr_assert(td_start(&d, flags));
    /* two big maps (hundreds of ms each) are running when SIGTERM lands */
    enum { N = 2 };
    client cs[N];
    memset(cs, 0, sizeof cs);
    for (size_t i = 0; i < N; i++)
        snprintf(cs[i].url, sizeof cs[i].url, "%s/dungeon.txt?seed=%zu&rows=1001&cols=1001", d.base, i + 5);
    term_at t = {&d, {0, 0}, false};
    clock_gettime(CLOCK_MONOTONIC, &t.start);
    run_all(cs, N, term_tick, &t);
    cr_assert(t.sent);
    for (size_t i = 0; i < N; i++) {
        cr_expect_eq(cs[i].status, 200, "in-flight request %zu: %ld", i, cs[i].status);
        /* 1001 rows of 1001 characters and a newline */
        cr_expect_eq(cs[i].len, 1001u * 1002u, "request %zu cut short: %zu bytes", i, cs[i].len);
        free(cs[i].body);
    }
    /* stopped: already signalled, td_stop only collects the status */
    int st = 0;
    pid_t w = 0;
    for (int i = 0; i < 500 && (w = waitpid(d.pid, &st, WNOHANG)) == 0; i++) usleep(10000);
    cr_assert_eq(w, d.pid, "daemon still running after drain");
    cr_assert(WIFEXITED(st));
    cr_assert_eq(WEXITSTATUS(st), 0);
    d.pid = 0;
    td_stop(&d, 0);
    /* and no longer listening */
    td_resp r;
    cr_assert(!td_request(d.base, "GET", "/healthz", NULL, NULL, 0, &r));
    td_resp_free(&r);
}

/* ------------------------------------------------------- command line */

/* Runs build/dungeond with args and env; captures stdout; exit status. */
static int run(const char *const *args, const char *env, char *out, size_t cap)
{
    char bin[4096];
    td_binary(bin, sizeof bin);
    int fds[2];
    cr_assert_eq(pipe(fds), 0);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        const char *argv[32] = {bin};
        for (int i = 0; args[i] && i < 30; i++) argv[i + 1] = args[i];
        if (env) putenv((char *)env);
        execv(bin, (char *const *)argv);
        _exit(127);
    }
    close(fds[1]);
    size_t len = 0;
    ssize_t n;
    while (len + 1 < cap && (n = read(fds[0], out + len, cap - 1 - len)) > 0) len += (size_t)n;
    out[len] = '\0';
    close(fds[0]);
    int st = 0;
    waitpid(pid, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

Test(cli, help_and_version)
{
    char out[8192];
    static const char *const help[] = {"--help", NULL}, *const version[] = {"--version", NULL};
    cr_assert_eq(run(help, NULL, out, sizeof out), 0);
    cr_assert(strstr(out, "--config FILE"));
    cr_assert(strstr(out, "--queue-depth"));
    cr_assert_eq(run(version, NULL, out, sizeof out), 0);
    cr_assert(strstr(out, "generator_version " DG_GENERATOR_VERSION));
}

Test(cli, config_file_env_and_flags_in_that_order)
{
    char path[] = "/tmp/dgconf-XXXXXX", out[8192];
    int fd = mkstemp(path);
    const char text[] = "# test\nworkers = 3\nqueue_depth = 9 # trailing comment\ncache_bytes = 2M\nport = 1234\n";
    cr_assert_eq(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
    close(fd);
    const char *args[] = {"--config", path, "--check-config", "--port=4321", NULL};
    cr_assert_eq(run(args, "DUNGEOND_QUEUE_DEPTH=11", out, sizeof out), 0);
    cr_assert(strstr(out, "workers = 3\n"), "%s", out);            /* file */
    cr_assert(strstr(out, "queue_depth = 11\n"), "%s", out);       /* env beats file */
    cr_assert(strstr(out, "port = 4321\n"), "%s", out);            /* flag beats file */
    cr_assert(strstr(out, "cache_bytes = 2097152\n"), "%s", out);
    unlink(path);
}

Test(cli, bad_config_is_refused_with_exit_2)
{
    char out[4096];
    static const char *const cases[][4] = {
        {"--check-config", "--workers", "-1", NULL},
        {"--check-config", "--max-dim", "4003", NULL},
        {"--check-config", "--max-dim", "1000", NULL},
        {"--check-config", "--cache", "maybe", NULL},
        {"--check-config", "--log-format", "xml", NULL},
        {"--check-config", "--no-such-key", "1", NULL},
        {"--check-config", "--config", "/nonexistent/dungeond.conf", NULL},
        {"--check-config", "--address", "localhost", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        cr_expect_eq(run(cases[i], NULL, out, sizeof out), 2, "%s %s accepted", cases[i][1], cases[i][2]);
    static const char *const env_case[] = {"--check-config", NULL};
    cr_expect_eq(run(env_case, "DUNGEOND_BODY_LIMIT=lots", out, sizeof out), 2);
}

Test(cli, shipped_config_file_is_valid)
{
    char path[4096], out[8192];
    snprintf(path, sizeof path, "%s/config/dungeond.conf", DG_SOURCE_DIR);
    const char *args[] = {"--config", path, "--check-config", NULL};
    cr_assert_eq(run(args, NULL, out, sizeof out), 0, "%s", out);
    /* it documents the defaults: loading it changes nothing */
    static const char *const plain[] = {"--check-config", NULL};
    char defaults[8192];
    cr_assert_eq(run(plain, NULL, defaults, sizeof defaults), 0);
    cr_assert_str_eq(out, defaults);
}

Test(cli, access_log_lines_in_json)
{
    static const char *const flags[] = {"--access-log", "on", "--log-format", "json", NULL};
    td_daemon d;
    cr_assert(td_start(&d, flags));
    td_resp r;
    cr_assert(td_request(d.base, "GET", "/dungeon.txt?seed=7", NULL, NULL, 0, &r));
    size_t body = r.len;
    td_resp_free(&r);
    cr_assert(td_request(d.base, "GET", "/nope%0aforged", NULL, NULL, 0, &r));
    td_resp_free(&r);
    char log[16384];
    cr_assert(td_wait_log(&d, "\"status\":", 2, log, sizeof log), "%s", log);
    int access = 0;
    for (char *save = NULL, *line = strtok_r(log, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        json_error_t je;
        json_t *j = json_loads(line, 0, &je);
        cr_assert_not_null(j, "not a JSON line: %s", line);
        if (json_object_get(j, "status")) {
            access++;
            cr_assert(json_is_string(json_object_get(j, "method")));
            cr_assert(json_is_integer(json_object_get(j, "us")));
            const char *path = json_string_value(json_object_get(j, "path"));
            if (!strcmp(path, "/dungeon.txt?seed=7")) {
                cr_assert_eq(json_integer_value(json_object_get(j, "status")), 200);
                cr_assert_eq((size_t)json_integer_value(json_object_get(j, "bytes")), body);
            } else {
                cr_assert_str_eq(path, "/nope%0aforged");   /* logged as received, one line */
                cr_assert_eq(json_integer_value(json_object_get(j, "status")), 404);
            }
        }
        json_decref(j);
    }
    cr_assert_eq(access, 2);
    cr_assert_eq(td_stop(&d, SIGTERM), 0);
}

Test(cli, sigint_stops_like_sigterm)
{
    td_daemon d;
    cr_assert(td_start(&d, NULL));
    td_resp r;
    cr_assert(td_request(d.base, "GET", "/dungeon.txt?seed=3", NULL, NULL, 0, &r));
    cr_assert_eq(r.status, 200);
    td_resp_free(&r);
    cr_assert_eq(td_stop(&d, SIGINT), 0);
}
