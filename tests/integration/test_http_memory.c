/* test_http_memory.c -- the daemon's memory against its configured caps:
 * a cache cycled several times over holds about cache_bytes, not a
 * multiple of it (bodies kept their build buffers' slack, gzip copies
 * their deflateBound allocation, while the accounting counted lengths);
 * maps past memory_budget wait their turn behind a 503; a map that runs
 * out of memory (here an address-space limit) is a 503 with Retry-After
 * and a message, never a 500, and the daemon serves on. */
#include <criterion/criterion.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "daemon.h"

TestSuite(memory, .init = td_suite_init, .fini = td_suite_fini, .timeout = 300);

/* The daemon's resident set in KiB, from /proc. */
static long rss_kib(const td_daemon *d)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)d->pid);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "no %s", path);
    long kib = -1;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "VmRSS: %ld kB", &kib) == 1) break;
    fclose(f);
    return kib;
}

static void fetch(const td_daemon *d, int seed)
{
    char target[128];
    /* ~40 KB of text a map: gzip makes a copy of every one */
    snprintf(target, sizeof target, "/dungeon.txt?seed=%d&rows=201&cols=201", seed);
    static const char *const gz[] = {"Accept-Encoding: gzip", NULL};
    td_resp r;
    cr_assert(td_request(d->base, NULL, target, gz, NULL, 0, &r));
    cr_assert_eq(r.status, 200, "%s: %ld", target, r.status);
    td_resp_free(&r);
}

Test(memory, a_full_cache_holds_about_cache_bytes)
{
    /* allowed: the cap, half of it again for the allocator (an arena per
     * thread, freed chunks between live ones), 2 MiB for the rest; it
     * grew 2.7 times the cap when lengths were counted */
    enum { CAP_MIB = 8, MAPS = 600 };
    const long allowed_kib = (CAP_MIB << 10) * 3 / 2 + (2 << 10);
    char cap[32];
    snprintf(cap, sizeof cap, "%d", CAP_MIB << 20);
    const char *const flags[] = {"--cache-bytes", cap, "--workers", "2", NULL};
    td_daemon d;
    cr_assert(td_start(&d, flags));
    for (int i = 0; i < 10; i++) fetch(&d, 1000000 + i);   /* threads and pools warm */
    long base = rss_kib(&d);
    /* 600 maps of ~40 KB: the cache fills and turns over three times */
    for (int i = 0; i < MAPS; i++) fetch(&d, i + 1);
    long grown = rss_kib(&d) - base;
    char m[16384];
    td_metrics(&d, m, sizeof m);
    const char *cb = strstr(m, "\ndungeond_cache_bytes ");
    cr_assert_not_null(cb, "%s", m);
    long counted = strtol(cb + 22, NULL, 10);
    cr_assert_leq(counted, (long)CAP_MIB << 20, "the cache counts %ld bytes over its cap", counted);
    cr_log_info("cache: %ld KiB counted, RSS grew %ld KiB over %d maps (cap %d MiB)", counted >> 10, grown,
                MAPS, CAP_MIB);
    cr_assert_leq(grown, allowed_kib, "RSS grew %ld KiB with a %d MiB cache (allowed: %ld KiB)", grown,
                  CAP_MIB, allowed_kib);
    cr_assert_eq(td_stop(&d, SIGTERM), 0);
}

typedef struct {
    const td_daemon *d;
    long status;
} big_fetch;

static void *fetch_big(void *arg)
{
    big_fetch *f = arg;
    td_resp r;
    /* ~75 MB estimated (a 6409x6409-pixel palette image): under the big
     * maps' three quarters of the budget */
    if (td_request(f->d->base, NULL, "/dungeon.png?seed=1&rows=801&cols=801&cell=8", NULL, NULL, 0, &r)) {
        f->status = r.status;
        td_resp_free(&r);
    }
    return NULL;
}

Test(memory, big_maps_share_the_budget_small_ones_keep_flowing_and_one_past_it_is_refused)
{
    const char *const flags[] = {"--memory-budget", "134217728", "--workers", "2", "--cache", "off", NULL};
    td_daemon d;
    cr_assert(td_start(&d, flags));
    /* alone past the whole budget (about 300 MB): refused up front, naming
     * what fits, never made */
    td_resp r;
    cr_assert(td_request(d.base, NULL, "/dungeon.png?seed=1&rows=1001&cols=1001&cell=16", NULL, NULL, 0, &r));
    cr_assert_eq(r.status, 400, "a map past the whole budget: %ld", r.status);
    json_t *o = json_loadb((const char *)r.body, r.len, 0, NULL);
    cr_assert_not_null(o);
    cr_assert_str_eq(json_string_value(json_object_get(o, "param")), "rows");
    cr_assert_not_null(strstr(json_string_value(json_object_get(o, "error")), "memory budget"));
    json_decref(o);
    td_resp_free(&r);

    big_fetch f = {&d, 0};
    pthread_t t;
    cr_assert_eq(pthread_create(&t, NULL, fetch_big, &f), 0);
    char m[16384];
    cr_assert(td_wait_metric(&d, "dungeond_in_flight_requests 2\n", m, sizeof m), "%s", m);
    /* a second big map (over a quarter of the budget) beside it would take
     * big maps past three quarters: 503; a small one is made at once */
    cr_assert(td_request(d.base, NULL, "/dungeon.png?seed=2&rows=701&cols=701&cell=8", NULL, NULL, 0, &r));
    td_metrics(&d, m, sizeof m);
    bool in_time = strstr(m, "dungeond_in_flight_requests 2\n") != NULL; /* the big one still running */
    char ra[16] = "";
    if (in_time) {
        cr_assert_eq(r.status, 503, "a second big map beside a running one: %ld", r.status);
        cr_assert(td_header(&r, "Retry-After", ra, sizeof ra), "503 without Retry-After");
    }
    td_resp_free(&r);
    cr_assert(td_request(d.base, NULL, "/dungeon.png?seed=3", NULL, NULL, 0, &r));
    cr_assert_eq(r.status, 200, "a small map beside a big one: %ld", r.status);
    td_resp_free(&r);
    pthread_join(t, NULL);
    cr_assert_eq(f.status, 200);
    /* once it is made, the second big map is served */
    cr_assert(td_request(d.base, NULL, "/dungeon.png?seed=2&rows=701&cols=701&cell=8", NULL, NULL, 0, &r));
    cr_assert_eq(r.status, 200);
    td_resp_free(&r);
    cr_assert_eq(td_stop(&d, SIGTERM), 0);
}

Test(memory, out_of_memory_is_503_with_retry_after_and_the_daemon_serves_on)
{
    const char *const flags[] = {"--memory-budget", "0", "--max-dim", "401", "--retry-after", "3", NULL};
    td_daemon d;
    /* 1 GB of address space: the daemon starts, but a 16040x16040 WebP
     * (1 GB of ARGB alone) cannot be had */
    if (!td_start_limited(&d, flags, (size_t)1000 * 1000 * 1000))
        cr_skip_test("the daemon does not start under an address-space limit (a sanitizer build?)");
    td_resp r;
    cr_assert(td_request(d.base, NULL, "/dungeon.uvtt?seed=1&rows=401&cols=401&image=webp&ppg=40", NULL,
                         NULL, 0, &r));
    char ra[16] = "";
    cr_assert_eq(r.status, 503, "out of memory answered %ld: %.*s", r.status, (int)r.len, r.body);
    cr_assert(td_header(&r, "Retry-After", ra, sizeof ra), "503 without Retry-After");
    cr_assert_str_eq(ra, "3");
    json_t *o = json_loadb((const char *)r.body, r.len, 0, NULL);
    cr_assert_not_null(o, "%.*s", (int)r.len, r.body);
    const char *msg = json_string_value(json_object_get(o, "error"));
    cr_assert(msg && strstr(msg, "memory") && msg[strlen(msg) - 1] != ' ', "error: '%s'", msg ? msg : "");
    json_decref(o);
    td_resp_free(&r);
    /* and the next, smaller map is made */
    cr_assert(td_request(d.base, NULL, "/dungeon.uvtt?seed=1&rows=21&cols=21&image=webp", NULL, NULL, 0, &r));
    cr_assert_eq(r.status, 200);
    td_resp_free(&r);
    cr_assert_eq(td_stop(&d, SIGTERM), 0);
}
