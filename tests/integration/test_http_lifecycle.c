/* test_http_lifecycle.c -- a request's life around its edges: one that
 * libmicrohttpd refuses itself is still logged, counted and let go (no
 * leak, no stuck in-flight gauge, no wait at shutdown, no crash when the
 * stop begins in the middle of the refusal); once SIGTERM lands
 * new connections are refused at once; past shutdown_timeout maps still
 * queued are answered 503 unmade, and so is a map still being made (the
 * daemon exits within timeout + 1 s, leaving its worker behind); error answers expose their headers to
 * browser code; a method refused on /dungeon is counted under its path;
 * SIGHUP under load reloads the config file and loses no request. */
#include <criterion/criterion.h>
#include <curl/curl.h>
#include <errno.h>
#include <pthread.h>
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

TestSuite(lifecycle, .init = td_suite_init, .fini = td_suite_fini, .timeout = 120);

/* Waits up to 10 s for the daemon to exit; its exit status, or -1. */
static int wait_exit(td_daemon *d)
{
    int st = 0;
    for (int i = 0; i < 1000; i++) {
        if (waitpid(d->pid, &st, WNOHANG) == d->pid) {
            d->pid = 0;
            return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        }
        usleep(10000);
    }
    return -1;
}

/* "GET /healthz?refused" with an 80 KB header: more than libmicrohttpd's
 * per-connection memory holds (64 KB, http.c). It refuses the request
 * itself (431), before our handler ever sees it (a head of 16-64 KB is
 * framing.c's 431). */
static int send_oversized_header(int port)
{
    static char req[96 * 1024];
    int n = snprintf(req, sizeof req, "GET /healthz?refused HTTP/1.1\r\nHost: x\r\nX-Big: ");
    while (n < 80 * 1024) req[n++] = 'b';
    n += snprintf(req + n, sizeof req - (size_t)n, "\r\n\r\n");
    int fd = td_connect(port);
    cr_assert(fd >= 0, "connect: %s", strerror(errno));
    cr_assert_eq(send(fd, req, (size_t)n, MSG_NOSIGNAL), n);
    return fd;
}

Test(lifecycle, a_request_the_http_library_refuses_is_logged_counted_and_let_go)
{
    static const char *const flags[] = {"--timeout", "1", "--access-log", "on", NULL};
    td_daemon d;
    cr_assert(td_start(&d, flags));
    int fd = send_oversized_header(d.port);
    struct timeval tv = {10, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    char buf[256];
    while (recv(fd, buf, sizeof buf, 0) > 0) {
    }
    close(fd);
    /* the daemon completes it just after closing the socket */
    char m[16384];
    cr_assert(td_wait_metric(&d, "dungeond_requests_total{route=\"other\",status=\"431\"} 1\n", m, sizeof m),
              "%s", m);
    /* only the /metrics request itself is in flight */
    cr_assert(strstr(m, "dungeond_in_flight_requests 1\n"), "%s", m);
    char log[65536];
    td_log(&d, log, sizeof log);
    cr_assert(strstr(log, " /healthz?refused 431 "), "no access-log line with the status sent:\n%s", log);
    cr_assert_eq(td_stop(&d, SIGTERM), 0);
}

Test(lifecycle, sigterm_does_not_wait_for_a_refused_request)
{
    static const char *const flags[] = {"--timeout", "60", "--shutdown-timeout", "60", NULL};
    td_daemon d;
    cr_assert(td_start(&d, flags));
    int fd = send_oversized_header(d.port);
    /* SIGTERM once the daemon has seen the request: in flight (2, with
     * this /metrics request), or already completed as refused when MHD
     * ended the connection first */
    char m[16384];
    bool seen = false;
    for (int i = 0; i < 500 && !seen; i++) {
        td_metrics(&d, m, sizeof m);
        seen = strstr(m, "dungeond_in_flight_requests 2\n") ||
               strstr(m, "dungeond_requests_total{route=\"other\",status=\"431\"} 1\n");
        if (!seen) usleep(10000);
    }
    cr_assert(seen, "the daemon never saw the request:\n%s", m);
    kill(d.pid, SIGTERM);
    int status = wait_exit(&d);
    cr_assert_eq(status, 0, "the daemon did not exit 0 within 10 s: %s %d",
                 status < 0 ? "still running," : status > 128 ? "killed by signal" : "exit status",
                 status > 128 ? status - 128 : status);
    close(fd);
    td_stop(&d, SIGKILL); /* exited already: only the scratch files go */
}

/* The daemon's stop begins while an I/O thread is inside libmicrohttpd's
 * own refusal of a request: logged, its 431 not queued yet. The preloaded
 * refusal_pause.c holds that thread there for a second, and SIGTERM lands
 * in it. libmicrohttpd 0.9.75 dereferenced a NULL answer (SIGSEGV) when
 * its stop flag was up by then (srv_http_stop says why it no longer is). */
Test(lifecycle, sigterm_in_the_middle_of_a_refusal_exits_cleanly)
{
    static const char *const flags[] = {"--timeout", "60", "--shutdown-timeout", "60", NULL};
    char asan[1024];
    const char *had = getenv("ASAN_OPTIONS");
    /* a sanitized daemon wants its runtime loaded first, not the shim */
    snprintf(asan, sizeof asan, "%s%sverify_asan_link_order=0", had ? had : "", had ? ":" : "");
    setenv("ASAN_OPTIONS", asan, 1);
    setenv("LD_PRELOAD", DG_REFUSAL_PAUSE_SO, 1);
    setenv("DG_TEST_REFUSAL_PAUSE_MS", "1000", 1);
    td_daemon d;
    bool up = td_start(&d, flags);
    unsetenv("LD_PRELOAD");
    cr_assert(up);
    int fd = send_oversized_header(d.port);
    char log[65536];
    cr_assert(td_wait_log(&d, "HTTP response code is 431", 1, log, sizeof log),
              "libmicrohttpd never refused the request:\n%s", log);
    kill(d.pid, SIGTERM);
    int code = wait_exit(&d);
    td_log(&d, log, sizeof log);
    cr_assert_eq(code, 0, "the daemon ended with %d (139: SIGSEGV); its log:\n%s", code, log);
    close(fd);
    td_stop(&d, SIGKILL); /* exited already: only the scratch files go */
}

/* ---------------------------------------------------------- draining */

typedef struct {
    char url[256];
    long status;
    size_t len;
    char retry_after[16], expose[64];
    char body[256];
} fetch;

/* Counts the body and keeps its first bytes (an error's JSON fits). */
static size_t on_body(char *data, size_t size, size_t nmemb, void *cls)
{
    fetch *f = cls;
    size_t n = size * nmemb;
    size_t room = f->len < sizeof f->body - 1 ? sizeof f->body - 1 - f->len : 0;
    memcpy(f->body + (sizeof f->body - 1 - room), data, n < room ? n : room);
    f->len += n;
    return n;
}

static void copy_header(char *out, size_t cap, const char *data, size_t n, const char *name)
{
    size_t k = strlen(name);
    if (n > k + 1 && !strncasecmp(data, name, k) && data[k] == ':')
        snprintf(out, cap, "%.*s", (int)strcspn(data + k + 2, "\r\n"), data + k + 2);
}

static size_t on_header(char *data, size_t size, size_t nmemb, void *cls)
{
    fetch *f = cls;
    size_t n = size * nmemb;
    copy_header(f->retry_after, sizeof f->retry_after, data, n, "Retry-After");
    copy_header(f->expose, sizeof f->expose, data, n, "Access-Control-Expose-Headers");
    return n;
}

static void *run_fetch(void *arg)
{
    fetch *f = arg;
    CURL *h = curl_easy_init();
    curl_easy_setopt(h, CURLOPT_URL, f->url);
    curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(h, CURLOPT_WRITEDATA, f);
    curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(h, CURLOPT_HEADERDATA, f);
    curl_easy_setopt(h, CURLOPT_TIMEOUT, 60L);
    if (curl_easy_perform(h) == CURLE_OK) curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &f->status);
    curl_easy_cleanup(h);
    return NULL;
}

/* Starts n fetches of big maps (a caverns map of 2001x2001 takes about
 * 0.7 s to make here) and waits until the daemon holds them all. */
static void start_big_maps(td_daemon *d, fetch *fs, pthread_t *ts, int n)
{
    for (int i = 0; i < n; i++) {
        memset(&fs[i], 0, sizeof fs[i]);
        snprintf(fs[i].url, sizeof fs[i].url,
                 "%s/dungeon.txt?seed=%d&algorithm=caverns&rows=2001&cols=2001", d->base, i + 1);
        cr_assert_eq(pthread_create(&ts[i], NULL, run_fetch, &fs[i]), 0);
    }
    char want[64], m[16384];
    snprintf(want, sizeof want, "dungeond_in_flight_requests %d\n", n + 1);
    cr_assert(td_wait_metric(d, want, m, sizeof m), "the %d requests never were all in flight:\n%s", n, m);
}

Test(lifecycle, once_draining_new_connections_are_refused_at_once)
{
    /* the maps in flight must all be made: a sanitizer build on a busy
     * machine takes more than the default 30 s for the three */
    static const char *const flags[] = {"--workers", "1", "--max-dim", "2001", "--memory-budget", "0",
                                        "--shutdown-timeout", "100", NULL};
    td_daemon d;
    cr_assert(td_start(&d, flags));
    enum { N = 3 };
    fetch fs[N];
    pthread_t ts[N];
    start_big_maps(&d, fs, ts, N);
    kill(d.pid, SIGTERM);
    /* the signal is handled in the daemon's own time: until then a
     * connection is still accepted */
    int fd = -1, e = 0;
    for (int i = 0; i < 500; i++) {
        fd = td_connect(d.port);
        e = errno;
        if (fd < 0) break;
        close(fd);
        usleep(10000);
    }
    /* refused while the daemon is still finishing its maps */
    int st;
    cr_assert_eq(waitpid(d.pid, &st, WNOHANG), 0, "the daemon had already exited: the test proves nothing");
    cr_assert_eq(fd, -1, "a new connection was accepted while draining");
    /* refused: ECONNREFUSED once the socket is closed; ECONNRESET when the
     * SYN met the listening socket as it closed (the kernel resets what
     * it had queued), which a loaded machine catches now and then */
    cr_assert(e == ECONNREFUSED || e == ECONNRESET, "connect: %s", strerror(e));
    for (int i = 0; i < N; i++) {
        pthread_join(ts[i], NULL);
        cr_expect_eq(fs[i].status, 200, "in-flight map %d: %ld", i, fs[i].status);
    }
    cr_assert_eq(wait_exit(&d), 0);
    td_stop(&d, SIGKILL); /* exited already: only the scratch files go */
}

Test(lifecycle, past_shutdown_timeout_queued_maps_get_503_unmade)
{
    /* six 2001x2001 caves are past the default memory_budget: lifted */
    static const char *const flags[] = {"--workers", "1", "--max-dim", "2001", "--shutdown-timeout", "1",
                                        "--retry-after", "7", "--memory-budget", "0", NULL};
    td_daemon d;
    cr_assert(td_start(&d, flags));
    /* one made at a time: at the deadline one is running and the others
     * still queued, several seconds of work in all */
    enum { N = 6 };
    fetch fs[N];
    pthread_t ts[N];
    start_big_maps(&d, fs, ts, N);
    kill(d.pid, SIGTERM);
    int made = 0, refused = 0;
    for (int i = 0; i < N; i++) {
        pthread_join(ts[i], NULL);
        if (fs[i].status == 200) {
            made++;
            continue;
        }
        cr_assert_eq(fs[i].status, 503, "map %d: %ld", i, fs[i].status);
        refused++;
        cr_expect_str_eq(fs[i].retry_after, "7");
        cr_expect(strstr(fs[i].expose, "Retry-After"), "Expose-Headers: '%s'", fs[i].expose);
        cr_expect(strstr(fs[i].body, "shutting down"), "%s", fs[i].body);
    }
    cr_assert_eq(wait_exit(&d), 0);
    /* the one being made at the deadline may have finished (200) or been
     * answered 503 too: either is a clean answer */
    cr_assert_geq(refused, 1, "every queued map was made after the deadline (%d made)", made);
    td_stop(&d, SIGKILL); /* exited already: only the scratch files go */
}

Test(lifecycle, a_method_refused_on_dungeon_is_counted_under_its_path_and_exposes_allow)
{
    td_daemon d;
    cr_assert(td_start(&d, NULL));
    td_resp r;
    cr_assert(td_request(d.base, "GET", "/dungeon", NULL, NULL, 0, &r));
    cr_assert_eq(r.status, 405);
    char v[128];
    cr_assert(td_header(&r, "Allow", v, sizeof v));
    cr_assert(td_header(&r, "Access-Control-Expose-Headers", v, sizeof v));
    cr_assert(strstr(v, "Allow"), "%s", v);
    td_resp_free(&r);
    char m[16384];
    cr_assert(td_wait_metric(&d, "dungeond_requests_total{route=\"/dungeon\",status=\"405\"} 1\n", m, sizeof m),
              "%s", m);
    cr_assert_eq(td_stop(&d, SIGTERM), 0);
}

/* ----------------------------------------------------- header_timeout */

/* Seconds until the daemon closes fd (recv gives 0 or a reset), trickling
 * a header byte every 100 ms meanwhile when trickle; -1 if still open
 * after limit seconds. */
static double seconds_to_close(int fd, bool trickle, double limit)
{
    struct timeval tv = {0, 100000};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    for (int i = 0; i < (int)(limit * 10); i++) {
        if (trickle && send(fd, "X", 1, MSG_NOSIGNAL) < 0) return i / 10.0;
        char c;
        ssize_t n = recv(fd, &c, 1, 0);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)) return i / 10.0;
    }
    return -1;
}

Test(lifecycle, a_client_trickling_its_headers_is_cut_at_header_timeout)
{
    static const char *const flags[] = {"--header-timeout", "1", "--timeout", "60", NULL};
    td_daemon d;
    cr_assert(td_start(&d, flags));
    enum { N = 5 };
    int fds[N];
    for (int i = 0; i < N; i++) {
        fds[i] = td_connect(d.port);
        cr_assert(fds[i] >= 0);
        cr_assert_eq(send(fds[i], "GET /healthz HTTP/1.1\r\n", 23, 0), 23);
    }
    /* each byte restarts the 60 s idle timeout; only the deadline ends it */
    for (int i = 0; i < N; i++) {
        double t = seconds_to_close(fds[i], true, 10);
        cr_assert(t >= 0, "connection %d still open after 10 s of trickling", i);
        close(fds[i]);
    }
    char m[16384];
    cr_assert(td_wait_metric(&d, "dungeond_connections_cut_total 5\n", m, sizeof m), "%s", m);
    cr_assert(td_wait_metric(&d, "dungeond_requests_total{route=\"other\",status=\"408\"} 5\n", m, sizeof m), "%s", m);
    cr_assert_eq(td_stop(&d, SIGTERM), 0);
}

Test(lifecycle, a_connection_that_never_sends_is_cut_at_header_timeout)
{
    static const char *const flags[] = {"--header-timeout", "1", "--timeout", "60", NULL};
    td_daemon d;
    cr_assert(td_start(&d, flags));
    int fd = td_connect(d.port);
    cr_assert(fd >= 0);
    cr_assert(seconds_to_close(fd, false, 10) >= 0, "a silent connection outlived header_timeout by 9 s");
    close(fd);
    cr_assert_eq(td_stop(&d, SIGTERM), 0);
}

Test(lifecycle, a_kept_alive_connection_may_wait_between_requests_past_header_timeout)
{
    static const char *const flags[] = {"--header-timeout", "1", "--timeout", "60", NULL};
    td_daemon d;
    cr_assert(td_start(&d, flags));
    int fd = td_connect(d.port);
    cr_assert(fd >= 0);
    cr_assert_eq(td_get_on(fd, "/healthz"), 200);
    /* the wait between requests is the idle timeout's, not the deadline's */
    sleep(2);
    cr_assert_eq(td_get_on(fd, "/dungeon.txt?seed=7"), 200, "the kept-alive connection was cut while idle");
    close(fd);
    cr_assert_eq(td_stop(&d, SIGTERM), 0);
}

/* ------------------------------------------------------------ SIGHUP */

typedef struct {
    const td_daemon *d;
    int id;
    volatile bool *stop;
    int ok, lost;
    long last_status;
} hup_load;

static size_t discard(char *data, size_t size, size_t nmemb, void *cls)
{
    (void)data;
    (void)cls;
    return size * nmemb;
}

/* Map requests on one kept-alive connection until *stop: small maps made
 * on the I/O thread and bigger ones on a worker, each seed new (no hits). */
static void *hup_client(void *arg)
{
    hup_load *l = arg;
    CURL *h = curl_easy_init();
    curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, discard);
    curl_easy_setopt(h, CURLOPT_TIMEOUT, 30L);
    for (int i = 0; !*l->stop; i++) {
        char url[256];
        snprintf(url, sizeof url, "%s/dungeon.%s?seed=%d&rows=%d&cols=%d", l->d->base,
                 i % 3 ? "json" : "png", l->id * 100000 + i, i % 3 ? 31 : 151, i % 3 ? 31 : 151);
        curl_easy_setopt(h, CURLOPT_URL, url);
        long status = 0;
        if (curl_easy_perform(h) == CURLE_OK) curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
        if (status == 200) l->ok++;
        else {
            l->lost++;
            l->last_status = status;
        }
    }
    curl_easy_cleanup(h);
    return NULL;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s: %s", path, strerror(errno));
    fputs(text, f);
    fclose(f);
}

Test(lifecycle, sighup_under_load_reloads_the_config_and_loses_no_request)
{
    char dir[] = "/tmp/dghup-XXXXXX", conf[64];
    cr_assert_not_null(mkdtemp(dir));
    snprintf(conf, sizeof conf, "%s/dungeond.conf", dir);
    write_file(conf, "retry_after = 2\nlog_format = plain\nworkers = 2\n");
    const char *const flags[] = {"--config", conf, NULL};
    td_daemon d;
    cr_assert(td_start(&d, flags));
    enum { N = 4 };
    volatile bool stop = false;
    hup_load ls[N];
    pthread_t ts[N];
    for (int i = 0; i < N; i++) {
        ls[i] = (hup_load){&d, i, &stop, 0, 0, 0};
        cr_assert_eq(pthread_create(&ts[i], NULL, hup_client, &ls[i]), 0);
    }
    usleep(300 * 1000);
    /* reloadable keys change, and one that is fixed until a restart */
    write_file(conf, "retry_after = 9\nlog_format = json\nworkers = 3\n");
    for (int i = 0; i < 5; i++) {
        cr_assert_eq(kill(d.pid, SIGHUP), 0);
        usleep(200 * 1000);
    }
    /* a broken file changes nothing and stops nothing */
    write_file(conf, "retry_after = soon\n");
    cr_assert_eq(kill(d.pid, SIGHUP), 0);
    usleep(300 * 1000);
    stop = true;
    int ok = 0, lost = 0;
    for (int i = 0; i < N; i++) {
        pthread_join(ts[i], NULL);
        ok += ls[i].ok;
        lost += ls[i].lost;
        cr_expect_eq(ls[i].lost, 0, "client %d lost %d requests (last status %ld)", i, ls[i].lost,
                     ls[i].last_status);
    }
    int st;
    cr_assert_eq(waitpid(d.pid, &st, WNOHANG), 0, "the daemon died of SIGHUP");
    cr_assert_gt(ok, 20, "too little load to prove anything: %d answers", ok);
    char log[65536];
    cr_assert(td_wait_log(&d, "applied: retry_after, log_format; changed but fixed until a restart: workers", 1,
                          log, sizeof log), "no reload line:\n%s", log);
    cr_assert(strstr(log, "{\"ts\""), "log_format json was not applied:\n%s", log);
    cr_assert(td_wait_log(&d, "SIGHUP: the settings have an error; nothing changed", 1, log, sizeof log),
              "no line for the broken file:\n%s", log);
    /* still serving */
    td_resp r;
    cr_assert(td_request(d.base, NULL, "/dungeon.json?seed=1", NULL, NULL, 0, &r));
    cr_assert_eq(r.status, 200);
    td_resp_free(&r);
    cr_assert_eq(td_stop(&d, SIGTERM), 0);
    unlink(conf);
    rmdir(dir);
    cr_log_info("SIGHUP x6 under load: %d answers, %d lost", ok, lost);
}

/* -------------------------------------------------- shutdown deadline */

Test(lifecycle, past_shutdown_timeout_a_map_still_being_made_is_503_and_the_daemon_exits_in_time)
{
    /* a lossless WebP of 16380x16380 px: about 10 s of encoding here, far
     * past the timeout; a second map queued behind it (one worker) */
    static const char *const flags[] = {"--workers", "1", "--shutdown-timeout", "2", "--retry-after", "4",
                                        "--memory-budget", "0", NULL};
    td_daemon d;
    cr_assert(td_start(&d, flags));
    enum { N = 2 };
    fetch fs[N];
    pthread_t ts[N];
    for (int i = 0; i < N; i++) {
        memset(&fs[i], 0, sizeof fs[i]);
        snprintf(fs[i].url, sizeof fs[i].url, "%s/dungeon.uvtt?seed=%d&rows=819&cols=819&ppg=20&image=webp",
                 d.base, i + 1);
        cr_assert_eq(pthread_create(&ts[i], NULL, run_fetch, &fs[i]), 0);
    }
    char m[16384];
    cr_assert(td_wait_metric(&d, "dungeond_in_flight_requests 3\n", m, sizeof m), "never both in flight:\n%s", m);
    usleep(300 * 1000);   /* the worker is well into the first map */
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    kill(d.pid, SIGTERM);
    int code = wait_exit(&d);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    for (int i = 0; i < N; i++) {
        pthread_join(ts[i], NULL);
        cr_expect_eq(fs[i].status, 503, "map %d: %ld (%s)", i, fs[i].status, fs[i].body);
        cr_expect_str_eq(fs[i].retry_after, "4");
        cr_expect(strstr(fs[i].body, "shutting down"), "%s", fs[i].body);
    }
    cr_assert_eq(code, 0);
    cr_assert_lt(secs, 3.0, "exited %.2f s after SIGTERM with shutdown_timeout 2", secs);
    cr_log_info("shutdown_timeout 2 with a map being made: exit %.2f s after SIGTERM", secs);
    td_stop(&d, SIGKILL); /* exited already: only the scratch files go */
}
