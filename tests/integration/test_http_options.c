/* test_http_options.c -- option rules as the daemon answers them: keys that
 * do not apply are refused with the value sent, equal maps share one ETag
 * and permalink, and a raster too big for the map is refused with advice
 * that can be followed. The rules themselves are test_options_apply.c's. */
#include <criterion/criterion.h>
#include <curl/curl.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "daemon.h"
#include "dg.h"

static td_daemon dd;

static void setup(void) { td_suite_start(&dd, NULL); }
static void teardown(void) { td_suite_stop(&dd); }

TestSuite(http_options, .init = setup, .fini = teardown, .timeout = 60);

/* A 400 whose JSON names param, value and allowed exactly so. */
static void bad(const char *target, const char *param, const char *value, const char *allowed)
{
    td_resp r;
    cr_assert(td_request(dd.base, "GET", target, NULL, NULL, 0, &r), "GET %s failed", target);
    cr_assert_eq(r.status, 400, "%s: %ld", target, r.status);
    json_error_t je;
    json_t *j = json_loadb((const char *)r.body, r.len, 0, &je);
    cr_assert_not_null(j, "%s: %.*s", target, (int)r.len, (const char *)r.body);
    const char *msg = json_string_value(json_object_get(j, "error"));
    cr_assert_str_eq(json_string_value(json_object_get(j, "param")), param, "%s: %s", target, msg);
    cr_assert_str_eq(json_string_value(json_object_get(j, "value")), value, "%s: %s", target, msg);
    cr_assert_str_eq(json_string_value(json_object_get(j, "allowed")), allowed, "%s: %s", target,
                     msg);
    json_decref(j);
    td_resp_free(&r);
}

Test(http_options, a_key_that_does_not_apply_is_refused_with_the_value_sent)
{
    bad("/dungeon.json?algorithm=caverns&rooms=Dense", "rooms", "Dense", "donjon");
    bad("/dungeon.json?seed=1&room_count=5", "room_count", "5", "gridmapper");
    /* was 200, with cave_fill silently dropped from the permalink */
    bad("/dungeon.json?seed=1&cave_fill=40", "cave_fill", "40", "layout=cavernous");
}

Test(http_options, even_and_odd_block_sizes_that_make_one_map_share_etag_and_permalink)
{
    char etag[2][64], opts[2][1024];
    const char *t[2] = {"/dungeon.txt?seed=5&algorithm=cells&block_size=10",
                        "/dungeon.txt?seed=5&algorithm=cells&block_size=11"};
    size_t len[2];
    unsigned char *body[2];
    td_resp r[2];
    for (int i = 0; i < 2; i++) {
        cr_assert(td_request(dd.base, "GET", t[i], NULL, NULL, 0, &r[i]), "GET %s failed", t[i]);
        cr_assert_eq(r[i].status, 200);
        cr_assert(td_header(&r[i], "ETag", etag[i], sizeof etag[i]));
        cr_assert(td_header(&r[i], "X-Dungeon-Options", opts[i], sizeof opts[i]));
        body[i] = r[i].body;
        len[i] = r[i].len;
    }
    cr_assert_str_eq(etag[0], etag[1]);
    cr_assert_str_eq(opts[0], opts[1]);
    cr_assert(strstr(opts[0], "block_size=11") != NULL, "%s", opts[0]);
    cr_assert_eq(len[0], len[1]);
    cr_assert_eq(memcmp(body[0], body[1], len[0]), 0);
    td_resp_free(&r[0]);
    td_resp_free(&r[1]);
}

Test(http_options, a_uvtt_image_too_big_names_a_ppg_or_a_size_that_fits)
{
    bad("/dungeon.uvtt?seed=1&rows=701&cols=701", "ppg", "70", "20..23");
    /* at the smallest ppg no smaller ppg can help: the size is named */
    bad("/dungeon.uvtt?seed=1&rows=1001&cols=1001&ppg=20", "cols", "1001", "7..819");
    /* under the pixel limit, but over the 16384 px a side importers load */
    bad("/dungeon.uvtt?seed=1&rows=101&cols=401", "ppg", "70", "20..40");
    bad("/dungeon.foundry.json?seed=1&rows=101&cols=401", "ppg", "70", "20..40");
    bad("/dungeon.png?seed=1&rows=1001&cols=1001&cell=32", "cell", "32", "4..16");
    td_resp r;
    cr_assert(td_request(dd.base, "GET", "/dungeon.uvtt?seed=1&rows=101&cols=101&ppg=20", NULL,
                         NULL, 0, &r));
    cr_assert_eq(r.status, 200);
    td_resp_free(&r);
}

/* Floors over HTTP: the bad values named, /dungeon.json carrying every
 * floor with the stairs stacked, /dungeon.png showing the floor asked for
 * (the bytes the core and renderer give for it, not the top's), and
 * permalinks naming floors only past 1. */
Test(http_options, floors_are_refused_named_and_served)
{
    bad("/dungeon.json?seed=1&floors=11", "floors", "11", "1..10");
    bad("/dungeon.json?seed=1&floors=3&floor=4", "floor", "4", "1..3");
    bad("/dungeon.png?seed=1&floor=2", "floor", "2", "1..1");
    bad("/dungeon.json?seed=1&floors=2&stairs=0", "floors", "2", "1 (or stairs=1..64)");

    td_resp r;
    cr_assert(td_request(dd.base, "GET", "/dungeon.json?seed=7&floors=3", NULL, NULL, 0, &r));
    cr_assert_eq(r.status, 200);
    json_error_t je;
    json_t *j = json_loadb((const char *)r.body, r.len, 0, &je);
    cr_assert_not_null(j);
    cr_assert_eq(json_integer_value(json_object_get(json_object_get(j, "options"), "floors")), 3);
    cr_assert_not_null(strstr(json_string_value(json_object_get(j, "permalink")), "&floors=3&"));
    json_t *below = json_object_get(j, "below");
    cr_assert_eq(json_array_size(below), 2);
    json_t *upper = j;
    for (size_t k = 0; k < 2; k++) {
        json_t *lower = json_array_get(below, k);
        cr_assert_eq(json_integer_value(json_object_get(lower, "floor")), (json_int_t)k + 2);
        size_t down = 0, up = 0;
        json_t *s;
        size_t i;
        json_array_foreach(json_object_get(upper, "stairs"), i, s)
        {
            if (strcmp(json_string_value(json_object_get(s, "kind")), "down")) continue;
            down++;
            json_int_t x = json_integer_value(json_object_get(s, "x")), y = json_integer_value(json_object_get(s, "y"));
            bool under = false;
            json_t *t;
            size_t m;
            json_array_foreach(json_object_get(lower, "stairs"), m, t)
                under |= !strcmp(json_string_value(json_object_get(t, "kind")), "up") &&
                         json_integer_value(json_object_get(t, "x")) == x && json_integer_value(json_object_get(t, "y")) == y;
            cr_assert(under, "floor %zu's down stair (%lld,%lld) has no up stair under it", k + 1, (long long)x,
                      (long long)y);
        }
        json_array_foreach(json_object_get(lower, "stairs"), i, s) up += !strcmp(json_string_value(json_object_get(s, "kind")), "up");
        cr_assert_eq(down, up);
        cr_assert_gt(down, 0);
        upper = lower;
    }
    json_decref(j);
    td_resp_free(&r);

    /* floor=2's image is the second floor's, not the top's */
    unsigned char *want, *top;
    size_t want_len, top_len;
    cr_assert(td_expected("seed=7&floors=3&floor=2", DG_FMT_PNG, &want, &want_len));
    cr_assert(td_expected("seed=7&floors=3", DG_FMT_PNG, &top, &top_len));
    cr_assert(td_request(dd.base, "GET", "/dungeon.png?seed=7&floors=3&floor=2", NULL, NULL, 0, &r));
    cr_assert_eq(r.status, 200);
    cr_assert(r.len == want_len && !memcmp(r.body, want, want_len), "floor 2's PNG is not the core's");
    cr_assert(r.len != top_len || memcmp(r.body, top, top_len), "floor 2's PNG is the top floor's");
    char opts[1024];
    cr_assert(td_header(&r, "X-Dungeon-Options", opts, sizeof opts));
    cr_assert_not_null(strstr(opts, "&floor=2"), "%s", opts);
    free(want);
    free(top);
    td_resp_free(&r);
}
