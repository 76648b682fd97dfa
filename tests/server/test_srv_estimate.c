/* test_srv_estimate.c -- the cost estimate (server/estimate.c) against
 * measured times, without timing anything here: the figures below were
 * measured (issue 18's probe and bench/bench_estimate, CPU time on the
 * 2-core build machine) and the estimate must stay within 2x of each, so
 * maps that take milliseconds go to the workers (inline_us, default
 * 2000 us) and the common small ones stay on the I/O thread. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "srv.h"

static dg_options parse(const char *query)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", query);
    const char *keys[16], *values[16];
    size_t n = 0;
    for (char *p = strtok(buf, "&"); p && n < 16; p = strtok(NULL, "&")) {
        char *eq = strchr(p, '=');
        cr_assert_not_null(eq, "%s", p);
        *eq = '\0';
        keys[n] = p;
        values[n++] = eq + 1;
    }
    dg_options o;
    dg_error err;
    dg_error_clear(&err);
    cr_assert_eq(dg_options_parse(&o, n, keys, values, NULL, &err), DG_OK, "%s: %s", query, err.msg);
    return o;
}

typedef struct {
    const char *query;
    double measured_us;
} measured;

Test(srv_estimate, stays_within_2x_of_measured_maps)
{
    static const measured cases[] = {
        /* the probe's 99x99 maps the old estimate put at 1,960 us */
        {"seed=1&rows=99&cols=99&algorithm=caverns", 15800},
        {"seed=1&rows=99&cols=99&algorithm=caverns&format=foundry", 16800},
        {"seed=1&rows=99&cols=99&layout=cavernous", 14800},
        {"seed=1&rows=99&cols=99&algorithm=gridmapper&caves=yes", 19000},
        /* bench_estimate --quick */
        /* its round rooms' outline drawn at ppg 70 (render/cave_draw.c):
         * the CLI's user time, 0.54 s (it was 19.5 ms before the outline) */
        {"seed=1&rows=99&cols=99&algorithm=abstract&area_width_min=3&area_height_min=3&area_size_min=9&format=uvtt", 530000},
        /* perf stat's task-clock over a 21x21 txt's process (the PNG
         * encoder draws marks and more since the 1.4 ms once measured) */
        {"seed=1&rows=99&cols=99&algorithm=panels&format=png", 6000},
        {"seed=1&rows=99&cols=99&format=uvtt", 29700},
        {"seed=1&rows=45&cols=45&algorithm=caverns&format=png", 11600},
        /* cells' round rooms are refined into an outline for JSON now
         * (render/cave_draw.c): the CLI's user time over format=txt's */
        {"seed=1&rows=99&cols=99&algorithm=cells", 27000},
        /* floors: every floor made and stocked, json writes them all
         * (generate + render in process, best of 5; the two 10-floor maps
         * and caverns' 45x45 PNG measured again with perf stat's
         * task-clock over a 21x21 txt's process: 2026-11, stocking and
         * chambers made them dearer) */
        {"seed=1&rows=99&cols=99&floors=3", 1807},
        {"seed=1&rows=99&cols=99&floors=10", 13400},
        {"seed=1&rows=99&cols=99&floors=10&format=png", 10700},
        {"seed=1&rows=99&cols=99&algorithm=abstract&floors=4&format=txt", 1880},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        dg_options o = parse(cases[i].query);
        double est = srv_estimate_us(&o), ratio = est / cases[i].measured_us;
        cr_expect(ratio >= 0.5 && ratio <= 2, "%s: estimate %.0f us, measured %.0f us", cases[i].query, est,
                  cases[i].measured_us);
    }
}

Test(srv_estimate, a_default_map_is_made_inline_and_a_big_cave_is_not)
{
    dg_options small = parse("seed=1");
    cr_assert_lt(srv_estimate_us(&small), 2000);
    dg_options cave = parse("seed=1&rows=99&cols=99&algorithm=caverns");
    cr_assert_gt(srv_estimate_us(&cave), 2000);
    /* issue 23: eight stairs a floor on ten 41x41 floors take 50-100 ms of
     * tries; estimated at 1 ms they were made on the HTTP thread */
    dg_options stairs = parse("seed=1&rows=41&cols=41&floors=10&stairs=8&format=txt");
    cr_assert_gt(srv_estimate_us(&stairs), 2000);
    dg_options two = parse("seed=1&rows=41&cols=41&floors=10&format=txt");
    cr_assert_lt(srv_estimate_us(&two), srv_estimate_us(&stairs));
}
