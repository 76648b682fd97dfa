/* test_srv_request.c -- request -> options (through the core's parser),
 * the daemon-only keys, cache keys, and the header grammars. */
#include <criterion/criterion.h>
#include <string.h>

#include "srv.h"

static srv_kv kv;
static srv_map_req mr;
static dg_error err;

static void setup(void)
{
    srv_kv_init(&kv);
    memset(&mr, 0, sizeof mr);
    dg_error_clear(&err);
}
static void teardown(void)
{
    srv_kv_fini(&kv);
    srv_map_req_fini(&mr);
}
TestSuite(srv_request, .init = setup, .fini = teardown);

static void add(const char *k, const char *v) { cr_assert_eq(srv_kv_add(&kv, k, v, NULL), DG_OK); }

static dg_status parse(int route_fmt)
{
    srv_map_req_fini(&mr);
    return srv_map_req_parse(&mr, &kv, route_fmt, DG_FMT_JSON, NULL, &err);
}

Test(srv_request, the_route_fixes_the_format_and_the_key_names_it)
{
    add("seed", "7");
    cr_assert_eq(parse(DG_FMT_PNG), DG_OK);
    cr_assert_eq(mr.o.format, DG_FMT_PNG);
    cr_assert(mr.seed_named);
    static const char head[] = DG_GENERATOR_VERSION " png seed=7&";
    cr_assert(!strncmp(mr.key, head, sizeof head - 1), "%s", mr.key);
}

Test(srv_request, a_query_may_repeat_the_route_format_not_contradict_it)
{
    add("format", "PNG");
    add("seed", "7");
    cr_assert_eq(parse(DG_FMT_PNG), DG_OK);
    srv_kv_fini(&kv);
    add("format", "json");
    cr_assert_eq(parse(DG_FMT_PNG), DG_EINVAL);
    cr_assert_str_eq(err.param, "format");
    cr_assert_str_eq(err.allowed, "png");
}

Test(srv_request, same_map_spelled_differently_has_one_key)
{
    add("seed", "7");
    add("rooms", "dense");
    cr_assert_eq(parse(DG_FMT_JSON), DG_OK);
    char *first = strdup(mr.key);
    srv_kv_fini(&kv);
    add("ROOMS", "Dense");
    add("seed", "7");
    add("download", "1");                    /* daemon-only: not part of the map */
    cr_assert_eq(parse(DG_FMT_JSON), DG_OK);
    cr_assert_str_eq(mr.key, first);
    cr_assert(mr.download);
    free(first);
}

Test(srv_request, no_seed_gets_a_random_one_and_is_not_named)
{
    cr_assert_eq(parse(DG_FMT_TXT), DG_OK);
    cr_assert(!mr.seed_named);
    uint64_t a = mr.o.seed;
    cr_assert_eq(parse(DG_FMT_TXT), DG_OK);
    /* two draws of 10^12 agreeing would be a broken source */
    cr_assert_neq(a, mr.o.seed);
}

Test(srv_request, option_errors_come_from_the_core_naming_the_key)
{
    add("rooms", "lots");
    cr_assert_eq(parse(DG_FMT_JSON), DG_EINVAL);
    cr_assert_str_eq(err.param, "rooms");
    cr_assert_str_eq(err.value, "lots");
    srv_kv_fini(&kv);
    dg_error_clear(&err);
    add("download", "perhaps");
    cr_assert_neq(parse(DG_FMT_JSON), DG_OK);
    cr_assert_str_eq(err.param, "download");
}

Test(srv_request, post_format_from_the_key_else_accept)
{
    add("format", "txt");
    srv_map_req_fini(&mr);
    cr_assert_eq(srv_map_req_parse(&mr, &kv, -1, DG_FMT_PNG, NULL, &err), DG_OK);
    cr_assert_eq(mr.o.format, DG_FMT_TXT);
    srv_kv_fini(&kv);
    srv_map_req_fini(&mr);
    cr_assert_eq(srv_map_req_parse(&mr, &kv, -1, DG_FMT_PNG, NULL, &err), DG_OK);
    cr_assert_eq(mr.o.format, DG_FMT_PNG);
}

Test(srv_request, json_bodies_become_text_pairs)
{
    const char *body = "{\"seed\": 7, \"rooms\": \"dense\", \"polymorph\": true, \"egress\": false,"
                       " \"cell\": 12.0, \"view\": null}";
    cr_assert_eq(srv_kv_from_json(&kv, body, strlen(body), NULL, &err), DG_OK);
    cr_assert_eq(kv.n, 5);   /* null is absent */
    const char *want[][2] = {{"seed", "7"}, {"rooms", "dense"}, {"polymorph", "yes"},
                             {"egress", "no"}, {"cell", "12"}};
    for (size_t i = 0; i < 5; i++) {
        cr_assert_str_eq(kv.keys[i], want[i][0]);
        cr_assert_str_eq(kv.values[i], want[i][1]);
    }
}

Test(srv_request, bad_json_bodies_name_what_is_wrong)
{
    static const struct { const char *body, *param; } cases[] = {
        {"{", "body"}, {"[]", "body"}, {"7", "body"}, {"{\"a\":1,\"a\":2}", "a"},
        {"{\"rows\": [1]}", "rows"}, {"{\"doors\": {}}", "doors"}, {"{\"x\": \"\\u0000\"}", "body"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        srv_kv_fini(&kv);
        dg_error_clear(&err);
        cr_assert_eq(srv_kv_from_json(&kv, cases[i].body, strlen(cases[i].body), NULL, &err), DG_EINVAL,
                     "%s accepted", cases[i].body);
        cr_assert_str_eq(err.param, cases[i].param, "%s", cases[i].body);
    }
}

/* One body -> (status, param, value); value NULL: not checked. */
static void body_fails(const char *body, const char *param, const char *value)
{
    srv_kv_fini(&kv);
    dg_error_clear(&err);
    cr_assert_eq(srv_kv_from_json(&kv, body, strlen(body), NULL, &err), DG_EINVAL, "%s accepted", body);
    cr_assert_str_eq(err.param, param, "%s", body);
    if (value) cr_assert_str_eq(err.value, value, "%s", body);
    cr_assert_neq(err.allowed[0], '\0', "%s: no allowed text", body);
}

static void body_gives(const char *body, const char *key, const char *value)
{
    srv_kv_fini(&kv);
    dg_error_clear(&err);
    cr_assert_eq(srv_kv_from_json(&kv, body, strlen(body), NULL, &err), DG_OK, "%s: %s", body, err.msg);
    cr_assert_eq(kv.n, 1, "%s", body);
    cr_assert_str_eq(kv.keys[0], key);
    cr_assert_str_eq(kv.values[0], value, "%s", body);
}

Test(srv_request, a_json_seed_is_an_integer_from_0_or_a_string)
{
    body_gives("{\"seed\": 9223372036854775807}", "seed", "9223372036854775807");
    body_gives("{\"seed\": \"18446744073709551615\"}", "seed", "18446744073709551615");
    body_gives("{\"seed\": 7.0}", "seed", "7");          /* JSON Schema: 7.0 is an integer */
    body_gives("{\"seed\": \"-1\"}", "seed", "-1");      /* text seeds hash, as in the query */
    body_fails("{\"seed\": -1}", "seed", "-1");
    body_fails("{\"seed\": 1.5}", "seed", "1.5");
    body_fails("{\"seed\": true}", "seed", "true");
    body_fails("{\"seed\": false}", "seed", "false");
    body_fails("{\"seed\": 1e300}", "seed", "1e+300");
    /* past jansson's int64: named, with the way that works */
    body_fails("{\"seed\": 18446744073709551615}", "seed", "18446744073709551615");
    cr_assert(strstr(err.msg, "string"), "%s", err.msg);
    body_fails("{\"rooms\": \"dense\", \"seed\": 9223372036854775808}", "seed", "9223372036854775808");
    body_fails("{\"seed\": 99999999999999999999999999}", "seed", NULL);
    body_fails("{\"seed\": -9223372036854775809}", "seed", NULL);
}

Test(srv_request, json_types_no_value_of_the_key_can_have_are_named)
{
    body_fails("{\"rooms\": 7}", "rooms", "7");          /* a number where a name goes */
    body_fails("{\"format\": 1.5}", "format", "1.5");
    body_fails("{\"rooms\": true}", "rooms", "true");    /* not a yes/no key */
    body_fails("{\"rows\": false}", "rows", "false");
    body_fails("{\"cell\": 99999999999999999999}", "cell", NULL);
    body_gives("{\"rows\": \"45\"}", "rows", "45");      /* strings are the query's text */
    body_gives("{\"rows\": 45.0}", "rows", "45");
    body_gives("{\"cell\": 1.5}", "cell", "1.5");        /* the core says why not */
    body_gives("{\"stairs\": true}", "stairs", "yes");
    body_gives("{\"pillars\": 1}", "pillars", "1");
    body_gives("{\"download\": false}", "download", "no");
    body_gives("{\"colour\": 7}", "colour", "7");        /* unknown: the core names it */
}

Test(srv_request, a_key_twice_in_a_body_is_named_like_the_query_names_it)
{
    body_fails("{\"seed\": 1, \"seed\": 2}", "seed", "2");
    cr_assert_str_eq(err.msg, "option 'seed' given twice");
    /* a duplicate inside a nested value: the nesting is what is wrong */
    body_fails("{\"rows\": {\"a\": 1, \"a\": 2}}", "rows", NULL);
    /* a big number and a key twice: the first wrong key in the body is named */
    body_fails("{\"seed\": 1, \"rows\": 99999999999999999999, \"seed\": 2}", "rows", NULL);
    /* too long for jansson to quote back: still an error about the body */
    body_fails("{\"a_key_far_too_long_to_quote\": 1, \"a_key_far_too_long_to_quote\": 2}", "body", NULL);
}

Test(srv_request, post_query_pairs_are_refused_naming_the_first)
{
    cr_assert_eq(srv_post_check_query(&kv, &err), DG_OK);
    add("seed", "7");
    add("rooms", "bogus");
    cr_assert_eq(srv_post_check_query(&kv, &err), DG_EINVAL);
    cr_assert_str_eq(err.param, "seed");
    cr_assert_str_eq(err.value, "7");
    cr_assert(strstr(err.msg, "body"), "%s", err.msg);
}

Test(srv_request, kv_has_ignores_case)
{
    cr_assert(!srv_kv_has(&kv, "format"));
    add("FORMAT", "png");
    cr_assert(srv_kv_has(&kv, "format"));
    cr_assert(!srv_kv_has(&kv, "form"));
}

Test(srv_request, at_most_64_pairs)
{
    for (int i = 0; i < SRV_MAX_KEYS; i++) add("k", "v");
    cr_assert_eq(srv_kv_add(&kv, "k", "v", &err), DG_ELIMIT);
}

Test(srv_headers, gzip_acceptance_follows_q_values)
{
    cr_assert(srv_accepts_gzip("gzip"));
    cr_assert(srv_accepts_gzip("deflate, GZIP;q=0.5"));
    cr_assert(srv_accepts_gzip("x-gzip"));
    cr_assert(srv_accepts_gzip("*"));
    cr_assert(!srv_accepts_gzip(NULL));
    cr_assert(!srv_accepts_gzip(""));
    cr_assert(!srv_accepts_gzip("deflate, br"));
    cr_assert(!srv_accepts_gzip("gzip;q=0"));
    cr_assert(!srv_accepts_gzip("*, gzip;q=0"));
    cr_assert(!srv_accepts_gzip("identity, *;q=0"));
}

Test(srv_headers, accept_picks_the_best_format_we_make)
{
    dg_format f;
    cr_assert_eq(srv_format_from_accept(NULL, &f, NULL), DG_OK);
    cr_assert_eq(f, DG_FMT_JSON);
    cr_assert_eq(srv_format_from_accept("image/png", &f, NULL), DG_OK);
    cr_assert_eq(f, DG_FMT_PNG);
    cr_assert_eq(srv_format_from_accept("text/html, text/*;q=0.8", &f, NULL), DG_OK);
    cr_assert_eq(f, DG_FMT_TXT);
    cr_assert_eq(srv_format_from_accept("image/png;q=0.5, text/plain", &f, NULL), DG_OK);
    cr_assert_eq(f, DG_FMT_TXT);
    cr_assert_eq(srv_format_from_accept("*/*", &f, NULL), DG_OK);
    cr_assert_eq(f, DG_FMT_JSON);
    dg_error e;
    dg_error_clear(&e);
    cr_assert_eq(srv_format_from_accept("application/xml, image/png;q=0", &f, &e), DG_EINVAL);
    cr_assert_str_eq(e.param, "Accept");
}

Test(srv_headers, etags_match_weakly_in_either_coding)
{
    char e[32], gz[32];
    srv_etag("1 json seed=7", false, e);
    srv_etag("1 json seed=7", true, gz);
    cr_assert_eq(strlen(e), 18);
    cr_assert(!strcmp(gz + 17, "-gz\""));
    cr_assert(srv_etag_matches(e, e));
    cr_assert(srv_etag_matches(gz, e));
    cr_assert(srv_etag_matches(e, gz));
    char list[96];
    snprintf(list, sizeof list, "\"abc\", W/%s", e);
    cr_assert(srv_etag_matches(list, e));
    cr_assert(srv_etag_matches("*", e));
    cr_assert(!srv_etag_matches(NULL, e));
    cr_assert(!srv_etag_matches("\"abc\"", e));
    char other[32];
    srv_etag("1 json seed=8", false, other);
    cr_assert(!srv_etag_matches(other, e));
    /* a prefix of the tag is not the tag */
    char cut[32];
    snprintf(cut, sizeof cut, "%.10s\"", e);
    cr_assert(!srv_etag_matches(cut, e));
}

/* Found by fuzz_srv_query: "?%00=1" made a refusal naming no parameter. */
Test(srv_request, query_pairs_refuse_nul_and_name_the_parameter)
{
    cr_assert_eq(srv_kv_add_query(&kv, "", 0, NULL, 0, &err), DG_OK);   /* "a=1&&b=2" */
    cr_assert_eq(kv.n, 0);
    cr_assert_eq(srv_kv_add_query(&kv, "seed", 4, NULL, 0, &err), DG_OK);
    cr_assert_eq(kv.n, 1);
    cr_assert_str_eq(kv.values[0], "");
    cr_assert_eq(srv_kv_add_query(&kv, "seed", 4, "7\0x", 3, &err), DG_EINVAL);
    cr_assert_str_eq(err.param, "seed");
    dg_error_clear(&err);
    cr_assert_eq(srv_kv_add_query(&kv, "\0seed", 5, "1", 1, &err), DG_EINVAL);
    cr_assert_str_eq(err.param, "query");
    cr_assert(err.msg[0]);
    cr_assert_eq(kv.n, 1);
}

/* Seen writing fuzz_srv_headers' contract: a tag without its closing
 * quote matched, while the same cut of the -gz form did not. */
Test(srv_headers, an_unterminated_etag_matches_nothing)
{
    char e[32], cut[32];
    srv_etag("1 json seed=7", false, e);
    snprintf(cut, sizeof cut, "%.17s", e);   /* the opening quote and the hex */
    cr_assert(!srv_etag_matches(cut, e));
    char w[40];
    snprintf(w, sizeof w, "W/%s", cut);
    cr_assert(!srv_etag_matches(w, e));
    cr_assert(srv_etag_matches(e, e));
}

/* A body's refusal names the deployment's range, as GET's parse does: it
 * said rows 7..4001 (core's own) where the daemon's cap is 1001. */
Test(srv_request, a_body_refusal_names_the_deployments_range)
{
    srv_config c;
    srv_config_init(&c);
    dg_limits lim = srv_config_limits(&c);
    char want[32];
    snprintf(want, sizeof want, "7..%d", c.max_dim);
    static const char *const bodies[] = {"{\"rows\": true}", "{\"rows\": 99999999999999999999}"};
    for (size_t i = 0; i < sizeof bodies / sizeof *bodies; i++) {
        srv_kv body;
        srv_kv_init(&body);
        dg_error_clear(&err);
        cr_assert_eq(srv_kv_from_json(&body, bodies[i], strlen(bodies[i]), &lim, &err), DG_EINVAL, "%s", bodies[i]);
        srv_kv_fini(&body);
        cr_expect_str_eq(err.allowed, want, "%s: %s", bodies[i], err.msg);
    }
    /* and GET's parse says the same */
    dg_error_clear(&err);
    add("rows", "4001");
    srv_map_req_fini(&mr);
    cr_assert_neq(srv_map_req_parse(&mr, &kv, DG_FMT_JSON, DG_FMT_JSON, &lim, &err), DG_OK);
    cr_expect_str_eq(err.allowed, want, "%s", err.msg);
}
