/* test_http_post.c -- POST /dungeon's JSON body over real HTTP: seeds past
 * a JSON integer, keys given twice, JSON types no value of a key can have,
 * a query string beside the body, the format key against Accept. The
 * general POST cases (same bytes as the query, 406, 413, 415) are in
 * test_http.c. */
#include <criterion/criterion.h>
#include <curl/curl.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon.h"
#include "dg.h"

static td_daemon dd;

static void setup(void) { td_suite_start(&dd, NULL); }
static void teardown(void) { td_suite_stop(&dd); }

TestSuite(http_post, .init = setup, .fini = teardown, .timeout = 60);

static const char *const json_only[] = {"Content-Type: application/json", NULL};

static td_resp post_to(const char *target, const char *body, const char *const *headers)
{
    td_resp r;
    cr_assert(td_request(dd.base, "POST", target, headers, body, strlen(body), &r), "POST %s failed", body);
    return r;
}

static td_resp post(const char *body) { return post_to("/dungeon", body, json_only); }

/* A 400 naming param with value, a non-empty allowed text, and (when
 * given) a message that says `says`. */
static void assert_named(const td_resp *r, const char *param, const char *value, const char *says)
{
    cr_assert_eq(r->status, 400, "status %ld: %.*s", r->status, (int)r->len, (const char *)r->body);
    json_error_t je;
    json_t *j = json_loadb((const char *)r->body, r->len, 0, &je);
    cr_assert_not_null(j, "error body is not JSON: %s", je.text);
    const char *p = json_string_value(json_object_get(j, "param"));
    const char *v = json_string_value(json_object_get(j, "value"));
    const char *a = json_string_value(json_object_get(j, "allowed"));
    const char *e = json_string_value(json_object_get(j, "error"));
    cr_assert(p && v && a && e, "error body lacks a field: %.*s", (int)r->len, (const char *)r->body);
    cr_assert_str_eq(p, param);
    if (value) cr_assert_str_eq(v, value);
    cr_assert_neq(a[0], '\0', "no allowed text");
    if (says) cr_assert(strstr(e, says), "error \"%s\" does not say \"%s\"", e, says);
    json_decref(j);
}

static void assert_seed(const td_resp *r, const char *seed)
{
    cr_assert_eq(r->status, 200, "status %ld: %.*s", r->status, (int)r->len, (const char *)r->body);
    char got[32];
    cr_assert(td_header(r, "X-Dungeon-Seed", got, sizeof got));
    cr_assert_str_eq(got, seed);
}

/* Two bodies that must be the same request: both the map of seed, same
 * bytes. Frees both. */
static void assert_same_map(td_resp *a, td_resp *b, const char *seed)
{
    assert_seed(a, seed);
    assert_seed(b, seed);
    cr_assert_eq(a->len, b->len);
    cr_assert(!memcmp(a->body, b->body, a->len));
    td_resp_free(a);
    td_resp_free(b);
}

/* A seed of 2^63 or more, and a key given twice. */
Test(http_post, a_seed_past_a_json_integer_is_named_and_works_as_a_string)
{
    td_resp r = post("{\"seed\": 18446744073709551615}");
    assert_named(&r, "seed", "18446744073709551615", "string");
    td_resp_free(&r);
    /* what the error says to do */
    r = post("{\"seed\": \"18446744073709551615\"}");
    assert_seed(&r, "18446744073709551615");
    td_resp_free(&r);
    /* the largest JSON integer seed still is one */
    r = post("{\"seed\": 9223372036854775807}");
    assert_seed(&r, "9223372036854775807");
    td_resp_free(&r);
}

Test(http_post, a_key_twice_is_named_as_the_query_names_it)
{
    td_resp r = post("{\"seed\": 1, \"seed\": 2}");
    assert_named(&r, "seed", "2", "option 'seed' given twice");
    td_resp_free(&r);
    /* the query route says the same */
    cr_assert(td_request(dd.base, "GET", "/dungeon.json?seed=1&seed=2", NULL, NULL, 0, &r));
    assert_named(&r, "seed", "2", "option 'seed' given twice");
    td_resp_free(&r);
}

/* Seeds and types the OptionsBody schema forbids. */
Test(http_post, seeds_the_schema_forbids_are_400_naming_seed)
{
    static const struct { const char *body, *value; } cases[] = {
        {"{\"seed\": -1}", "-1"},
        {"{\"seed\": 1.5}", "1.5"},
        {"{\"seed\": true}", "true"},
        {"{\"seed\": false}", "false"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        td_resp r = post(cases[i].body);
        assert_named(&r, "seed", cases[i].value, "seed must be");
        td_resp_free(&r);
    }
    /* 7.0 is the integer 7 (JSON Schema's reading), "7" the query's text */
    td_resp a = post("{\"seed\": 7.0}"), b = post("{\"seed\": \"7\"}");
    assert_same_map(&a, &b, "7");
}

Test(http_post, other_keys_take_the_types_their_values_have)
{
    static const struct { const char *body, *param, *value; } bad[] = {
        {"{\"seed\": 7, \"rooms\": 7}", "rooms", "7"},
        {"{\"seed\": 7, \"format\": true}", "format", "true"},
        {"{\"seed\": 7, \"rows\": false}", "rows", "false"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        td_resp r = post(bad[i].body);
        assert_named(&r, bad[i].param, bad[i].value, NULL);
        td_resp_free(&r);
    }
    /* a number as a string, and yes/no as a boolean: the query's text */
    td_resp a = post("{\"seed\": 7, \"rows\": \"25\", \"stairs\": true}");
    td_resp b = post("{\"seed\": 7, \"rows\": 25, \"stairs\": \"yes\"}");
    assert_same_map(&a, &b, "7");
}

Test(http_post, a_query_string_on_post_is_400_naming_its_first_key)
{
    td_resp r = post_to("/dungeon?seed=7&rooms=bogus", "{}", json_only);
    assert_named(&r, "seed", "7", "body");
    td_resp_free(&r);
}

Test(http_post, the_format_key_wins_over_accept)
{
    static const char *const gif[] = {"Content-Type: application/json", "Accept: image/gif", NULL};
    td_resp r = post_to("/dungeon", "{\"seed\": 7, \"format\": \"png\"}", gif);
    cr_assert_eq(r.status, 200, "status %ld: %.*s", r.status, (int)r.len, (const char *)r.body);
    char ct[64];
    cr_assert(td_header(&r, "Content-Type", ct, sizeof ct));
    cr_assert_str_eq(ct, "image/png");
    td_resp_free(&r);
    /* without the key, Accept still decides, and 406 when it names nothing we make */
    r = post_to("/dungeon", "{\"seed\": 7}", gif);
    cr_assert_eq(r.status, 406);
    td_resp_free(&r);
}
