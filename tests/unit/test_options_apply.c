/* test_options_apply.c -- the option rules dg_options_finish applies once
 * every key is in (core/options.c): keys that do not apply to the chosen
 * algorithm or layout, values that print as what the map uses, and rasters
 * too big for the map, refused before any map is made. test_options.c
 * covers parsing key by key. */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dg.h"
#include "render.h"
#include "query_fixture.h"

/* err is filled. */
static dg_status parse(dg_options *o, const char *query, dg_error *err)
{
    return parse_query(o, query, NULL, err);
}

static void canonical(const char *query, char *buf, size_t cap)
{
    dg_options o;
    dg_error e;
    cr_assert_eq(parse(&o, query, &e), DG_OK, "%s: %s", query, e.msg);
    cr_assert_lt(dg_options_canonical(&o, buf, cap), cap);
}

/* An error naming param, with value and allowed exactly so. */
static void refused(const char *query, dg_status code, const char *param, const char *value,
                    const char *allowed)
{
    dg_options o;
    dg_error e;
    cr_assert_eq(parse(&o, query, &e), code, "%s: wanted %d, got %d (%s)", query, code, e.code,
                 e.msg);
    cr_assert_str_eq(e.param, param, "%s: %s", query, e.msg);
    cr_assert_str_eq(e.value, value, "%s: %s", query, e.msg);
    cr_assert_str_eq(e.allowed, allowed, "%s: %s", query, e.msg);
}

/* Whether query's canonical string holds needle is `present`. */
static void canonical_has(const char *query, const char *needle, bool present)
{
    char c[1024];
    canonical(query, c, sizeof c);
    cr_assert_eq(strstr(c, needle) != NULL, present, "%s: %s", query, c);
}

/* The refusal of query says needle. */
static void message_has(const char *query, const char *needle)
{
    dg_options o;
    dg_error e;
    cr_assert_neq(parse(&o, query, &e), DG_OK, "%s was accepted", query);
    cr_assert(strstr(e.msg, needle) != NULL, "%s: %s", query, e.msg);
}

/* ------------------------------------------------- keys that do not apply */

Test(options_apply, a_family_key_for_another_algorithm_is_refused_with_its_value)
{
    refused("algorithm=caverns&rooms=dense", DG_EINVAL, "rooms", "dense", "donjon");
    refused("seed=1&room_count=5", DG_EINVAL, "room_count", "5", "gridmapper");
    /* as received: case and padding zeros kept, whatever the key order */
    refused("rooms=DENSE&algorithm=caverns", DG_EINVAL, "rooms", "DENSE", "donjon");
    refused("cave_steps=007&algorithm=panels", DG_EINVAL, "cave_steps", "007", "donjon|caverns");
    refused("algorithm=panels&deadends=some", DG_EINVAL, "deadends", "some", "donjon|caverns|abstract|cells");
    /* gridmapper's corridors each join two rooms; caverns have no rooms */
    refused("algorithm=gridmapper&deadends=all", DG_EINVAL, "deadends", "all", "donjon|caverns|abstract|cells");
    refused("doors=none&algorithm=caverns", DG_EINVAL, "doors", "none", "donjon|panels|gridmapper|abstract|cells");
    message_has("algorithm=caverns&rooms=dense", "does not apply to algorithm=caverns");
}

/* Each of these was found to make the same map for every value of the
 * key (1,080 option sets): gridmapper's caves are joined by open passages. */
Test(options_apply, doors_and_pillars_with_gridmapper_caves_are_refused)
{
    refused("algorithm=gridmapper&caves=yes&doors=secure", DG_EINVAL, "doors", "secure", "caves=no");
    refused("pillars=YES&caves=yes&algorithm=gridmapper", DG_EINVAL, "pillars", "YES", "caves=no");
    message_has("algorithm=gridmapper&caves=yes&pillars=no", "does not apply to caves=yes");
    /* without caves both apply and are kept; with them neither is printed */
    canonical_has("seed=1&algorithm=gridmapper&doors=secure&pillars=yes", "doors=secure", true);
    canonical_has("seed=1&algorithm=gridmapper&doors=secure&pillars=yes", "pillars=yes", true);
    canonical_has("seed=1&algorithm=gridmapper&caves=yes", "doors=", false);
    canonical_has("seed=1&algorithm=gridmapper&caves=yes", "pillars=", false);
    canonical_has("seed=1&algorithm=gridmapper", "deadends=", false);
    canonical_has("seed=1&algorithm=caverns", "doors=", false);
}

Test(options_apply, cave_keys_with_a_donjon_layout_that_is_not_cavernous_are_refused)
{
    /* before: accepted, then dropped from the canonical string */
    refused("seed=1&cave_fill=40", DG_EINVAL, "cave_fill", "40", "layout=cavernous");
    refused("cave_steps=3&layout=round", DG_EINVAL, "cave_steps", "3", "layout=cavernous");
    message_has("seed=1&cave_fill=40", "layout=rectangle");
    /* where they apply they are kept, whatever the key order */
    canonical_has("seed=1&cave_fill=40&layout=cavernous", "cave_fill=40&cave_steps=4", true);
    canonical_has("cave_steps=6&algorithm=caverns&seed=1", "cave_steps=6", true);
}

Test(options_apply, corridors_with_the_cavernous_layout_are_refused)
{
    /* its caves grow where the maze would be dug: the style changed nothing,
     * yet each made its own canonical string (and ETag) */
    refused("layout=cavernous&corridors=labyrinth", DG_EINVAL, "corridors", "labyrinth",
            "layout=square|rectangle|box|cross|dagger|saltire|keep|hexagon|round");
    char c[1024];
    canonical("seed=1&layout=cavernous", c, sizeof c);
    cr_assert(strstr(c, "corridors=") == NULL, "%s", c);
    canonical("seed=1&layout=round&corridors=straight", c, sizeof c);
    cr_assert(strstr(c, "corridors=straight") != NULL, "%s", c);
}

Test(options_apply, every_given_key_is_either_in_the_canonical_string_or_refused)
{
    /* one valid value per family key; each with each algorithm and with two
     * donjon layouts: accepted means the canonical string shows it */
    static const char *const pairs[][2] = {
        {"cave_fill", "40"},      {"cave_steps", "3"},      {"panel_size_min", "20"},
        {"room_size_min", "4"},   {"room_size_max", "6"},   {"corridor_margin", "1"},
        {"wall_margin", "2"},     {"room_count", "5"},      {"pillars", "yes"},
        {"caves", "yes"},         {"area_width_min", "6"},  {"area_height_min", "6"},
        {"area_size_min", "40"},  {"block_size", "11"},     {"connect", "fan"},
        {"rooms", "dense"},       {"layout", "box"},        {"polymorph", "yes"},
        {"corridors", "straight"}, {"deadends", "25"},      {"room_min", "5"},
    };
    static const char *const algos[] = {"donjon&layout=cavernous", "donjon&layout=box",
                                        "caverns", "panels", "gridmapper", "abstract", "cells"};
    int kept = 0, refusals = 0;
    for (size_t a = 0; a < sizeof algos / sizeof *algos; a++) {
        for (size_t p = 0; p < sizeof pairs / sizeof *pairs; p++) {
            char q[256], want[64], c[1024];
            snprintf(q, sizeof q, "seed=3&algorithm=%s&%s=%s", algos[a], pairs[p][0], pairs[p][1]);
            if (!strcmp(pairs[p][0], "layout") && strstr(algos[a], "layout=")) continue;
            dg_options o;
            dg_error e;
            dg_status rc = parse(&o, q, &e);
            if (rc != DG_OK) {
                cr_assert_str_eq(e.param, pairs[p][0], "%s: %s", q, e.msg);
                cr_assert_str_eq(e.value, pairs[p][1], "%s: %s", q, e.msg);
                cr_assert(strstr(e.msg, "does not apply") != NULL, "%s: %s", q, e.msg);
                refusals++;
                continue;
            }
            dg_options_canonical(&o, c, sizeof c);
            snprintf(want, sizeof want, "&%s=%s", pairs[p][0], pairs[p][1]);
            cr_assert(strstr(c, want) != NULL, "%s accepted but %s is not in %s", q, want, c);
            kept++;
        }
    }
    cr_assert_gt(kept, 20);
    cr_assert_gt(refusals, 60);
}

/* ------------------------------------------------------ canonical values */

Test(options_apply, an_even_block_size_prints_as_the_next_odd_one)
{
    char a[1024], b[1024];
    for (int v = 8; v <= 30; v += 2) {
        char qa[64], qb[64];
        snprintf(qa, sizeof qa, "seed=9&algorithm=cells&block_size=%d", v);
        snprintf(qb, sizeof qb, "seed=9&algorithm=cells&block_size=%d", v + 1);
        canonical(qa, a, sizeof a);
        canonical(qb, b, sizeof b);
        cr_assert_str_eq(a, b, "block_size=%d and %d make one map", v, v + 1);
    }
    canonical("seed=9&algorithm=cells&block_size=7", a, sizeof a);
    cr_assert(strstr(a, "block_size=7&") != NULL, "%s", a);
    refused("algorithm=cells&block_size=32", DG_EINVAL, "block_size", "32", "7..31");
}

Test(options_apply, block_sizes_that_share_a_string_make_the_same_map)
{
    static const char *const q[2][5] = {
        {"seed=21", "algorithm=cells", "rows=61", "cols=75", "block_size=10"},
        {"seed=21", "algorithm=cells", "rows=61", "cols=75", "block_size=11"},
    };
    dg_buf t[2];
    for (int i = 0; i < 2; i++) {
        const char *k[5], *v[5];
        char kv[5][32];
        for (int j = 0; j < 5; j++) {
            strcpy(kv[j], q[i][j]);
            char *eq = strchr(kv[j], '=');
            *eq = '\0';
            k[j] = kv[j];
            v[j] = eq + 1;
        }
        dg_options o;
        dg_error e;
        dg_error_clear(&e);
        cr_assert_eq(dg_options_parse(&o, 5, k, v, NULL, &e), DG_OK, "%s", e.msg);
        dg_dungeon *d = NULL;
        cr_assert_eq(dg_generate(&o, &d, &e), DG_OK, "%s", e.msg);
        dg_buf_init(&t[i]);
        cr_assert_eq(dg_text_encode(d, &t[i], &e), DG_OK, "%s", e.msg);
        dg_dungeon_free(d);
    }
    cr_assert_eq(t[0].len, t[1].len);
    cr_assert_eq(memcmp(t[0].data, t[1].data, t[0].len), 0);
    dg_buf_fini(&t[0]);
    dg_buf_fini(&t[1]);
}

/* ------------------------------------------------------- raster limits */

/* png.c's rule: (cols * px + 1) x (rows * px + 1) pixels at most 2^28. */
static bool fits(int rows, int cols, int px)
{
    return ((long long)cols * px + 1) * ((long long)rows * px + 1) <= DG_PNG_MAX_PIXELS;
}

Test(options_apply, raster_fit_is_the_largest_size_within_the_pixel_limit)
{
    cr_assert_eq(dg_raster_fit(1001, 1001, 4, 64), 16);
    cr_assert_eq(dg_raster_fit(701, 701, 20, 256), 23);
    cr_assert_eq(dg_raster_fit(1001, 1001, 20, 256), 19, "none fits: lo - 1");
    cr_assert_eq(dg_raster_fit(27, 37, 20, 256), 256);
    for (int px = 20; px <= 256; px += 9) {
        int f = dg_raster_fit(301, 455, 20, px);
        cr_assert(f < 20 || fits(301, 455, f));
        cr_assert(f == px || !fits(301, 455, f + 1));
    }
}

Test(options_apply, a_uvtt_ppg_too_big_for_the_map_names_the_largest_that_fits)
{
    refused("format=uvtt&rows=701&cols=701", DG_ELIMIT, "ppg", "70", "20..23");
    refused("format=uvtt&rows=301&cols=301&ppg=0200", DG_ELIMIT, "ppg", "0200", "20..54");
    cr_assert(fits(301, 301, 54) && !fits(301, 301, 55));
    dg_options o;
    dg_error e;
    cr_assert_eq(parse(&o, "format=uvtt&rows=701&cols=701&ppg=23", &e), DG_OK, "%s", e.msg);
    /* Foundry's scene is as big as the uvtt image, its background stretched over it */
    refused("format=foundry&rows=701&cols=701", DG_ELIMIT, "ppg", "70", "20..23");
    cr_assert_eq(parse(&o, "format=foundry&rows=701&cols=701&ppg=23", &e), DG_OK, "%s", e.msg);
    /* other formats do not draw at ppg */
    cr_assert_eq(parse(&o, "format=json&rows=701&cols=701&ppg=256", &e), DG_OK, "%s", e.msg);
}

/* VTT importers load no texture over 16384 px a side: a long thin map under
 * the pixel limit is still refused, naming the largest ppg that fits. */
Test(options_apply, a_vtt_side_over_16384_px_names_the_largest_ppg_that_fits)
{
    cr_assert(fits(101, 401, 70), "under the pixel limit");
    refused("format=uvtt&rows=101&cols=401", DG_ELIMIT, "ppg", "70", "20..40");
    refused("format=foundry&rows=401&cols=101&ppg=41", DG_ELIMIT, "ppg", "41", "20..40");
    dg_options o;
    dg_error e;
    cr_assert_eq(parse(&o, "format=uvtt&rows=101&cols=401&ppg=40", &e), DG_OK, "%s", e.msg);
    cr_assert_eq(parse(&o, "format=png&rows=101&cols=401&cell=64", &e), DG_OK, "%s", e.msg);
    /* too long at any ppg: the side, at most 16384 / 20 cells */
    refused("format=foundry&rows=31&cols=901", DG_ELIMIT, "cols", "901", "7..819");
    cr_assert_eq(parse(&o, "format=foundry&rows=31&cols=819&ppg=20", &e), DG_OK, "%s", e.msg);
}

Test(options_apply, a_uvtt_map_too_big_at_any_ppg_names_the_side_to_cut)
{
    /* before: "use a smaller ppg" at ppg=20, the smallest, with allowed "" */
    /* the side cap (16384 px at ppg 20) binds before the pixel limit */
    refused("format=uvtt&rows=1001&cols=1001&ppg=20", DG_ELIMIT, "cols", "1001", "7..819");
    cr_assert(fits(819, 819, 20));
    /* the longer side, as received (1000 counts as 1001) */
    refused("format=uvtt&rows=1000&cols=999", DG_ELIMIT, "rows", "1000", "7..819");
}

Test(options_apply, a_png_cell_too_big_for_the_map_is_refused_before_generating)
{
    refused("format=png&rows=1001&cols=1001&cell=32", DG_ELIMIT, "cell", "32", "4..16");
    /* the default cell too: refused here rather than after the map is made */
    refused("format=png&rows=1001&cols=1001", DG_ELIMIT, "cell", "18", "4..16");
    dg_options o;
    dg_error e;
    cr_assert_eq(parse(&o, "format=png&rows=1001&cols=1001&cell=16", &e), DG_OK, "%s", e.msg);
    cr_assert_eq(parse(&o, "format=png&rows=4001&cols=4001&cell=4", &e), DG_OK, "%s", e.msg);
}

Test(options_apply, the_uvtt_encoder_gives_the_same_advice_for_options_built_by_hand)
{
    /* options set field by field skip dg_options_finish: the encoder's own
     * check must still name a ppg that fits, or none */
    dg_dungeon d = {0};
    dg_options_init(&d.opts);
    dg_options_set_seed(&d.opts, 1);
    d.width = d.height = 301;
    d.cells = calloc(301 * 301, sizeof *d.cells);
    cr_assert_not_null(d.cells);
    d.opts.ppg = 200;
    dg_buf b;
    dg_buf_init(&b);
    dg_error e;
    dg_error_clear(&e);
    cr_assert_eq(dg_uvtt_encode(&d, &b, &e), DG_ELIMIT);
    cr_assert_str_eq(e.param, "ppg");
    cr_assert_str_eq(e.value, "200");
    cr_assert_str_eq(e.allowed, "20..54", "%s", e.msg);
    free(d.cells);

    d.width = d.height = 1001;
    d.cells = calloc(1001 * 1001, sizeof *d.cells);
    cr_assert_not_null(d.cells);
    d.opts.ppg = DG_MIN_PPG;
    dg_error_clear(&e);
    cr_assert_eq(dg_uvtt_encode(&d, &b, &e), DG_ELIMIT);
    cr_assert_str_eq(e.allowed, "");
    cr_assert(strstr(e.msg, "at any ppg") != NULL, "%s", e.msg);
    cr_assert_null(strstr(e.msg, "smaller ppg"), "%s", e.msg);
    cr_assert_eq(b.len, 0);
    free(d.cells);
    dg_buf_fini(&b);
}
