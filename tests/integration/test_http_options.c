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
