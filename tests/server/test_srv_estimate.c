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

/* The estimate is arithmetic over the rows: a format or family added
 * without its figures would cost nothing and be made inline whatever its
 * size, so every row must say what it costs; and the routes, headers and
 * GET /options read the rest of a row, so it must say that too. */
Test(srv_estimate, every_format_and_family_row_is_complete)
{
    for (int f = 0; f < DG_FMT_COUNT; f++) {
        const dg_format_info *i = dg_format_info_of((dg_format)f);
        cr_assert_not_null(i, "format %d has no row", f);
        const char *name = dg_format_name((dg_format)f);
        cr_expect(i->media_type && strchr(i->media_type, '/'), "%s: no media type", name);
        cr_expect(i->ext && *i->ext && i->download && *i->download, "%s: no route or download name", name);
        cr_expect(i->help && *i->help, "%s: no description", name);
        for (int g = 0; g < f; g++)
            cr_expect(!i->ext || strcmp(i->ext, dg_format_ext((dg_format)g)), "%s: route of %s", name,
                      dg_format_name((dg_format)g));
        /* the first range is its own media type (parameters aside) */
        if (i->accept && i->media_type)
            cr_expect(!strncmp(i->accept, i->media_type, strcspn(i->accept, " ")), "%s: Accept %s", name,
                      i->accept);
        const dg_format_cost *c = &i->cost;
        cr_expect(c->cell_ns > 0 || c->px_ns > 0, "%s: no encoding cost per cell or per pixel",
                  dg_format_name((dg_format)f));
        cr_expect(c->cave_cell_ns >= c->cell_ns && c->cave_px_ns >= c->px_ns, "%s: caves cost less than walls",
                  dg_format_name((dg_format)f));
        cr_expect(!i->raster_key || !c->px_ns || c->px_bytes > 0, "%s: draws pixels but holds none",
                  dg_format_name((dg_format)f));
        cr_expect(!c->image_key || (c->webp_px_ns > 0 && c->webp_px_bytes > 0), "%s: no WebP figures",
                  dg_format_name((dg_format)f));
    }
    for (int a = 0; a < DG_ALGO_COUNT; a++) {
        const dg_family_info *i = dg_family_info_of((dg_algorithm)a);
        cr_assert_not_null(i, "algorithm %d has no row", a);
        cr_expect(i->help && *i->help, "%s: no description", dg_algorithm_name((dg_algorithm)a));
        cr_expect(i->cost.gen_ns > 0, "%s: no generation cost", dg_algorithm_name((dg_algorithm)a));
        cr_expect(i->cost.variant_gen_ns == 0 || i->cost.variant_gen_ns >= i->cost.gen_ns,
                  "%s: its variant costs less", dg_algorithm_name((dg_algorithm)a));
    }
}

/* Every format row is bound to an encoder that writes a map (render.c
 * binds dg_<id>_encode by dg.h's list), and every family's row to a
 * generator that makes one. */
Test(srv_estimate, every_format_and_family_row_has_its_code)
{
    for (int a = 0; a < DG_ALGO_COUNT; a++) {
        char q[96];
        snprintf(q, sizeof q, "seed=3&rows=15&cols=15&algorithm=%s", dg_algorithm_name((dg_algorithm)a));
        dg_options o = parse(q);
        dg_dungeon *d = NULL;
        dg_error err;
        dg_error_clear(&err);
        cr_assert_eq(dg_generate(&o, &d, &err), DG_OK, "%s: %s", q, err.msg);
        for (int f = 0; f < DG_FMT_COUNT && a == DG_ALGO_DONJON; f++) {
            dg_buf out;
            dg_buf_init(&out);
            cr_expect_eq(dg_render(d, (dg_format)f, &out, &err), DG_OK, "%s: %s",
                         dg_format_name((dg_format)f), err.msg);
            cr_expect_gt(out.len, 0, "%s wrote nothing", dg_format_name((dg_format)f));
            dg_buf_fini(&out);
        }
        dg_dungeon_free(d);
    }
}

/* A family whose row names a costly variant has variant figures (and one
 * without a variant never reads them). */
Test(srv_estimate, a_variant_has_its_own_figure)
{
    dg_options cav = parse("seed=1&layout=cavernous"), grid = parse("seed=1&algorithm=gridmapper&caves=yes");
    cr_assert(dg_options_cost_variant(&cav) && dg_options_caves(&cav));
    cr_assert(dg_options_cost_variant(&grid) && dg_options_caves(&grid));
    dg_options plain = parse("seed=1");
    cr_assert(!dg_options_cost_variant(&plain) && !dg_options_caves(&plain));
    for (int a = 0; a < DG_ALGO_COUNT; a++) {
        char q[64];
        snprintf(q, sizeof q, "seed=1&algorithm=%s", dg_algorithm_name((dg_algorithm)a));
        dg_options o = parse(q);
        if (dg_options_cost_variant(&o))
            cr_expect_gt(dg_family_info_of((dg_algorithm)a)->cost.variant_gen_ns, 0, "%s", q);
    }
}
