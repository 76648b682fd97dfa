/* test_http.c -- dungeond over real HTTP (libcurl) on an ephemeral port:
 * every route and format, bad input, caching headers, HEAD, 405, 413, 415,
 * health and metrics. Concurrency, 503 and shutdown are in
 * test_http_load.c; the form, static files, path escapes and a permalink's
 * OpenGraph unfurl in test_http_page.c. Each test starts its own daemon
 * (a few ms). */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <curl/curl.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "daemon.h"
#include "dg.h"
#include "render.h"

static td_daemon dd;

static void setup(void)
{
    static const char *const extra[] = {"--body-limit", "1024", NULL};
    td_suite_start(&dd, extra);
}

static void teardown(void) { td_suite_stop(&dd); }

TestSuite(http, .init = setup, .fini = teardown, .timeout = 60);

static td_resp get(const char *target, const char *const *headers) { return td_get(dd.base, target, headers); }

static td_resp post(const char *body, const char *const *headers)
{
    td_resp r;
    cr_assert(td_request(dd.base, "POST", "/dungeon", headers, body, strlen(body), &r), "POST failed");
    return r;
}

static json_t *body_json(const td_resp *r) { return td_body_json(r); }

static void assert_error(const td_resp *r, long status, const char *param)
{
    cr_assert_eq(r->status, status, "status %ld, want %ld: %.*s", r->status, status, (int)r->len,
                 (const char *)r->body);
    char ct[128];
    cr_assert(td_header(r, "Content-Type", ct, sizeof ct));
    cr_assert_str_eq(ct, "application/json");
    json_t *j = body_json(r);
    const char *fields[] = {"error", "param", "value", "allowed"};
    for (size_t i = 0; i < 4; i++)
        cr_assert(json_is_string(json_object_get(j, fields[i])), "error body lacks \"%s\"", fields[i]);
    cr_assert(strlen(json_string_value(json_object_get(j, "error"))) > 0);
    if (param)
        cr_assert_str_eq(json_string_value(json_object_get(j, "param")), param,
                         "named %s, want %s", json_string_value(json_object_get(j, "param")), param);
    json_decref(j);
}

/* ------------------------------------------------------------- formats */

Test(http, every_format_route_answers_the_library_bytes)
{
    /* one route per format, "/dungeon.<ext>": a new format is tested here
     * as soon as it joins DG_FORMATS */
    for (int f = 0; f < DG_FMT_COUNT; f++) {
        char target[128], ct[128];
        snprintf(target, sizeof target, "/dungeon.%s?seed=7&rooms=dense", dg_format_ext((dg_format)f));
        td_resp r = get(target, NULL);
        cr_assert_eq(r.status, 200, "%s: %ld", target, r.status);
        cr_assert(td_header(&r, "Content-Type", ct, sizeof ct));
        cr_assert_str_eq(ct, dg_format_mime((dg_format)f), "%s", target);
        unsigned char *want = NULL;
        size_t want_len = 0;
        cr_assert(td_expected("seed=7&rooms=dense", f, &want, &want_len));
        cr_assert_eq(r.len, want_len, "%s: %zu bytes, want %zu", target, r.len, want_len);
        cr_assert(!memcmp(r.body, want, want_len), "%s: bytes differ from the library's", target);
        free(want);
        td_resp_free(&r);
    }
}

Test(http, post_body_gives_the_same_map_as_the_query)
{
    unsigned char *want = NULL;
    size_t want_len = 0;
    cr_assert(td_expected("seed=7&layout=box&deadends=all", DG_FMT_PNG, &want, &want_len));
    static const char *const json[] = {"Content-Type: application/json", NULL};
    /* numbers, names and the format key */
    td_resp r = post("{\"seed\": 7, \"layout\": \"box\", \"deadends\": \"all\", \"format\": \"png\"}", json);
    cr_assert_eq(r.status, 200);
    cr_assert_eq(r.len, want_len);
    cr_assert(!memcmp(r.body, want, want_len));
    td_resp_free(&r);
    /* the format from Accept instead */
    static const char *const accept_png[] = {"Content-Type: application/json; charset=utf-8",
                                             "Accept: image/png", NULL};
    r = post("{\"seed\": \"7\", \"layout\": \"box\", \"deadends\": 100}", accept_png);
    cr_assert_eq(r.status, 200);
    cr_assert_eq(r.len, want_len);
    cr_assert(!memcmp(r.body, want, want_len));
    td_resp_free(&r);
    free(want);

    static const char *const accept_txt[] = {"Content-Type: application/json", "Accept: text/plain", NULL};
    cr_assert(td_expected("seed=9&polymorph=yes", DG_FMT_TXT, &want, &want_len));
    r = post("{\"seed\": 9, \"polymorph\": true, \"rooms\": null}", accept_txt);
    cr_assert_eq(r.status, 200);
    cr_assert_eq(r.len, want_len);
    cr_assert(!memcmp(r.body, want, want_len));
    td_resp_free(&r);
    free(want);
}

Test(http, post_without_body_or_accept_is_a_random_json_map)
{
    td_resp r = post("", NULL);
    cr_assert_eq(r.status, 200);
    char ct[64], cc[64];
    cr_assert(td_header(&r, "Content-Type", ct, sizeof ct));
    cr_assert_str_eq(ct, "application/json");
    cr_assert(td_header(&r, "Cache-Control", cc, sizeof cc));
    cr_assert_str_eq(cc, "no-store");
    td_resp_free(&r);
}

/* ----------------------------------------------------------- bad input */

typedef struct { const char *target; const char *param; } bad_case;

#define X10 "xxxxxxxxxx"
#define X100 X10 X10 X10 X10 X10 X10 X10 X10 X10 X10

/* Each must answer 400 naming the parameter; the daemon runs with the
 * default max_dim 1001 and max_cell 32. */
static const bad_case bad[] = {
    {"/dungeon.json?rows=abc", "rows"},
    {"/dungeon.json?rows=4001", "rows"},
    {"/dungeon.json?rows=5", "rows"},
    {"/dungeon.json?rows=-7", "rows"},
    {"/dungeon.json?rows=0x11", "rows"},
    {"/dungeon.json?rows=%2011", "rows"},
    {"/dungeon.json?cols=x", "cols"},
    {"/dungeon.json?cols=99999999999999999999", "cols"},
    {"/dungeon.json?layout=pentagon", "layout"},
    {"/dungeon.json?rooms=lots", "rooms"},
    {"/dungeon.json?room_size=enormous", "room_size"},
    {"/dungeon.json?room_min=2", "room_min"},
    {"/dungeon.json?room_max=100", "room_max"},
    {"/dungeon.json?room_min=9&room_max=5", "room_min"},
    {"/dungeon.json?polymorph=maybe", "polymorph"},
    {"/dungeon.json?doors=revolving", "doors"},
    {"/dungeon.json?corridors=curvy", "corridors"},
    {"/dungeon.json?deadends=101", "deadends"},
    {"/dungeon.json?deadends=-1", "deadends"},
    {"/dungeon.json?stairs=65", "stairs"},
    {"/dungeon.json?stairs=lots", "stairs"},
    {"/dungeon.json?egress=sideways", "egress"},
    {"/dungeon.png?style=neon", "style"},
    {"/dungeon.png?grid=triangle", "grid"},
    {"/dungeon.png?cell=3", "cell"},
    {"/dungeon.png?cell=33", "cell"},
    {"/dungeon.png?cell=18.5", "cell"},
    {"/dungeon.png?view=god", "view"},
    {"/dungeon.txt?algorithm=bsp", "algorithm"},
    {"/dungeon.txt?size=ginormous", "size"},
    {"/dungeon.txt?seed=", "seed"},
    {"/dungeon.txt?seed=1&seed=2", "seed"},
    {"/dungeon.txt?roms=dense", "roms"},
    {"/dungeon.donjon.json?download=maybe", "download"},
    {"/dungeon.json?format=png", "format"},
    {"/dungeon.json?layout=box%00x", "layout"},
    {"/dungeon.json?seed=" X100 X100 "x", "seed"},   /* 201 bytes */
    /* not UTF-8: still named, shown as '?' */
    {"/dungeon.json?rooms=%e0%80%af", "rooms"},
    {"/dungeon.json?%ff=1", "?"},
    /* valid alone, but the image would be too big */
    {"/dungeon.png?rows=1001&cols=1001&cell=32", "cell"},
};

Test(http, bad_options_give_400_naming_the_parameter)
{
    cr_assert_geq(sizeof bad / sizeof bad[0], 30);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        td_resp r = get(bad[i].target, NULL);
        cr_expect_eq(r.status, 400, "%s: %ld", bad[i].target, r.status);
        if (r.status == 400) assert_error(&r, 400, bad[i].param);
        td_resp_free(&r);
    }
}

/* Random bytes as keys and values, percent-encoded: the daemon answers each
 * with 200 or 400 (never a 5xx, never a dropped connection). xorshift with
 * a fixed seed, so a failure repeats. */
Test(http, random_queries_never_crash_or_500)
{
    uint64_t x = 0x9E3779B97F4A7C15ull;
    static const char *const keys[] = {"seed", "rows", "cols", "layout", "rooms", "room_min",
                                       "doors", "deadends", "stairs", "cell", "grid", "x"};
    for (int i = 0; i < 150; i++) {
        char target[512];
        int n = snprintf(target, sizeof target, "/dungeon.%s?", i % 3 ? "json" : "txt");
        int pairs = 1 + i % 4;
        for (int p = 0; p < pairs; p++) {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            n += snprintf(target + n, sizeof target - (size_t)n, "%s%s=", p ? "&" : "", keys[x % 12]);
            int len = (int)(x >> 8) % 12;
            for (int b = 0; b < len; b++) {
                x ^= x << 13; x ^= x >> 7; x ^= x << 17;
                n += snprintf(target + n, sizeof target - (size_t)n, "%%%02x", (unsigned)(x >> 24) & 0xff);
            }
        }
        td_resp r;
        cr_assert(td_request(dd.base, "GET", target, NULL, NULL, 0, &r), "%s: no answer", target);
        cr_assert(r.status == 200 || r.status == 400, "%s: %ld", target, r.status);
        if (r.status == 400) assert_error(&r, 400, NULL);
        td_resp_free(&r);
    }
}

Test(http, bad_post_bodies_give_400_naming_what)
{
    static const char *const json[] = {"Content-Type: application/json", NULL};
    static const struct { const char *body, *param; } cases[] = {
        {"{", "body"},
        {"[1, 2]", "body"},
        {"\"seed\"", "body"},
        {"{\"rows\": [9]}", "rows"},
        {"{\"rooms\": {\"a\": 1}}", "rooms"},
        {"{\"rows\": \"nine\"}", "rows"},
        {"{\"seed\": 1, \"seed\": 2}", "seed"},   /* named, as the query names it */
        {"{\"cell\": 1e9}", "cell"},
        {"{\"colour\": \"red\"}", "colour"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        td_resp r = post(cases[i].body, json);
        assert_error(&r, 400, cases[i].param);
        td_resp_free(&r);
    }
}

Test(http, post_with_wrong_media_type_is_415)
{
    static const char *const form[] = {"Content-Type: application/x-www-form-urlencoded", NULL};
    td_resp r = post("seed=7", form);
    assert_error(&r, 415, "Content-Type");
    td_resp_free(&r);
}

Test(http, post_accepting_nothing_we_make_is_406)
{
    static const char *const h[] = {"Content-Type: application/json", "Accept: application/xml", NULL};
    td_resp r = post("{\"seed\": 7}", h);
    assert_error(&r, 406, "Accept");
    td_resp_free(&r);
}

Test(http, body_over_the_limit_is_413)
{
    char big[4096];
    memset(big, ' ', sizeof big - 1);
    big[0] = '{';
    big[sizeof big - 2] = '}';
    big[sizeof big - 1] = '\0';
    static const char *const json[] = {"Content-Type: application/json", NULL};
    td_resp r = post(big, json);
    assert_error(&r, 413, "body");
    td_resp_free(&r);
    /* chunked: no Content-Length to refuse early, so counted as it comes */
    static const char *const chunked[] = {"Content-Type: application/json",
                                          "Transfer-Encoding: chunked", NULL};
    r = post(big, chunked);
    assert_error(&r, 413, "body");
    td_resp_free(&r);
    /* still serving */
    r = get("/healthz", NULL);
    cr_assert_eq(r.status, 200);
    td_resp_free(&r);
}

/* ------------------------------------------------------------- methods */

Test(http, head_has_the_get_headers_and_no_body)
{
    td_resp g = get("/dungeon.png?seed=7", NULL), h;
    cr_assert(td_request(dd.base, "HEAD", "/dungeon.png?seed=7", NULL, NULL, 0, &h));
    cr_assert_eq(h.status, 200);
    cr_assert_eq(h.len, 0);
    char a[64], b[64];
    cr_assert(td_header(&h, "Content-Length", a, sizeof a));
    snprintf(b, sizeof b, "%zu", g.len);
    cr_assert_str_eq(a, b);
    cr_assert(td_header(&h, "ETag", a, sizeof a) && td_header(&g, "ETag", b, sizeof b));
    cr_assert_str_eq(a, b);
    td_resp_free(&g);
    td_resp_free(&h);
    static const char *const heads[] = {"/", "/healthz", "/openapi.yaml", "/metrics", "/dungeon.json?seed=1"};
    for (size_t i = 0; i < 5; i++) {
        cr_assert(td_request(dd.base, "HEAD", heads[i], NULL, NULL, 0, &h));
        cr_expect_eq(h.status, 200, "HEAD %s: %ld", heads[i], h.status);
        cr_expect_eq(h.len, 0);
        td_resp_free(&h);
    }
}

Test(http, wrong_method_is_405_with_allow)
{
    static const struct { const char *method, *target, *allow_has; } cases[] = {
        {"DELETE", "/dungeon.json", "GET"},
        {"POST", "/dungeon.png", "HEAD"},
        {"PUT", "/dungeon.txt?seed=1", "GET"},
        {"GET", "/dungeon", "POST"},
        {"PATCH", "/", "GET"},
        {"POST", "/healthz", "GET"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        td_resp r;
        cr_assert(td_request(dd.base, cases[i].method, cases[i].target, NULL, NULL, 0, &r));
        assert_error(&r, 405, "method");
        char allow[64];
        cr_assert(td_header(&r, "Allow", allow, sizeof allow), "%s %s: no Allow", cases[i].method,
                  cases[i].target);
        cr_assert(strstr(allow, cases[i].allow_has), "Allow: %s", allow);
        cr_assert(!strstr(allow, cases[i].method), "Allow lists the refused %s", cases[i].method);
        td_resp_free(&r);
    }
}

Test(http, options_lists_methods_for_cors)
{
    td_resp r;
    cr_assert(td_request(dd.base, "OPTIONS", "/dungeon", NULL, NULL, 0, &r));
    cr_assert_eq(r.status, 204);
    char allow[64];
    cr_assert(td_header(&r, "Allow", allow, sizeof allow));
    cr_assert_str_eq(allow, "POST, OPTIONS");
    cr_assert(td_header(&r, "Access-Control-Allow-Origin", allow, sizeof allow));
    td_resp_free(&r);
}

Test(http, unknown_path_is_404_json)
{
    td_resp r = get("/dungeon.gif?seed=7", NULL);
    assert_error(&r, 404, "path");
    td_resp_free(&r);
}

/* ------------------------------------------------------------- caching */

Test(http, named_seed_is_immutable_and_revalidates_with_304)
{
    td_resp r = get("/dungeon.json?seed=7", NULL);
    cr_assert_eq(r.status, 200);
    char etag[64], cc[128], inm[160];
    cr_assert(td_header(&r, "ETag", etag, sizeof etag));
    cr_assert(td_header(&r, "Cache-Control", cc, sizeof cc));
    cr_assert_str_eq(cc, "public, max-age=31536000, immutable");
    td_resp_free(&r);

    const char *h[2] = {inm, NULL};
    snprintf(inm, sizeof inm, "If-None-Match: %s", etag);
    r = get("/dungeon.json?seed=7", h);
    cr_assert_eq(r.status, 304);
    cr_assert_eq(r.len, 0);
    char again[64];
    cr_assert(td_header(&r, "ETag", again, sizeof again));
    cr_assert_str_eq(again, etag);
    td_resp_free(&r);
    /* weak form, and in a list */
    snprintf(inm, sizeof inm, "If-None-Match: \"nope\", W/%s", etag);
    r = get("/dungeon.json?seed=7", h);
    cr_assert_eq(r.status, 304);
    td_resp_free(&r);
    /* same options spelled differently: same map, same ETag */
    snprintf(inm, sizeof inm, "If-None-Match: %s", etag);
    r = get("/dungeon.json?ROOMS=scattered&seed=7&format=json", h);
    cr_assert_eq(r.status, 304);
    td_resp_free(&r);
    /* another map does not match */
    r = get("/dungeon.json?seed=8", h);
    cr_assert_eq(r.status, 200);
    td_resp_free(&r);
    /* nor does the same map in another format */
    r = get("/dungeon.txt?seed=7", h);
    cr_assert_eq(r.status, 200);
    td_resp_free(&r);
}

Test(http, random_seed_is_no_store_and_echoed)
{
    td_resp r = get("/dungeon.txt?rooms=dense", NULL);
    cr_assert_eq(r.status, 200);
    char cc[64], seed[32];
    cr_assert(td_header(&r, "Cache-Control", cc, sizeof cc));
    cr_assert_str_eq(cc, "no-store");
    cr_assert(td_header(&r, "X-Dungeon-Seed", seed, sizeof seed));
    /* the echoed seed is the permalink: asking for it gives the same map */
    char target[128];
    snprintf(target, sizeof target, "/dungeon.txt?rooms=dense&seed=%s", seed);
    td_resp again = get(target, NULL);
    cr_assert_eq(again.status, 200);
    cr_assert_eq(again.len, r.len);
    cr_assert(!memcmp(again.body, r.body, r.len));
    td_resp_free(&r);
    td_resp_free(&again);
}

static unsigned char *gunzip(const unsigned char *in, size_t len, size_t *out_len)
{
    size_t cap = 1 << 22;
    unsigned char *out = malloc(cap);
    z_stream z;
    memset(&z, 0, sizeof z);
    cr_assert_eq(inflateInit2(&z, 15 + 16), Z_OK);
    z.next_in = (Bytef *)(uintptr_t)in;
    z.avail_in = (uInt)len;
    z.next_out = out;
    z.avail_out = (uInt)cap;
    cr_assert_eq(inflate(&z, Z_FINISH), Z_STREAM_END);
    *out_len = z.total_out;
    inflateEnd(&z);
    return out;
}

Test(http, gzip_for_json_and_text_when_accepted)
{
    static const char *const gz[] = {"Accept-Encoding: gzip, deflate", NULL};
    const char *targets[] = {"/dungeon.json?seed=7", "/dungeon.txt?seed=7", "/dungeon.donjon.json?seed=7"};
    for (size_t i = 0; i < 3; i++) {
        td_resp plain = get(targets[i], NULL), z = get(targets[i], gz);
        char ce[32], vary[64], e1[64], e2[64];
        cr_assert(!td_header(&plain, "Content-Encoding", ce, sizeof ce));
        cr_assert(td_header(&z, "Content-Encoding", ce, sizeof ce), "%s not gzipped", targets[i]);
        cr_assert_str_eq(ce, "gzip");
        cr_assert(td_header(&z, "Vary", vary, sizeof vary));
        cr_assert(strstr(vary, "Accept-Encoding"));
        cr_assert(td_header(&plain, "ETag", e1, sizeof e1) && td_header(&z, "ETag", e2, sizeof e2));
        cr_assert_str_neq(e1, e2, "codings share an ETag");
        cr_assert_lt(z.len, plain.len);
        size_t n = 0;
        unsigned char *un = gunzip(z.body, z.len, &n);
        cr_assert_eq(n, plain.len);
        cr_assert(!memcmp(un, plain.body, n));
        free(un);
        td_resp_free(&plain);
        td_resp_free(&z);
    }
    /* PNG is compressed already; q=0 refuses gzip */
    static const char *const no[] = {"Accept-Encoding: gzip;q=0, identity", NULL};
    td_resp p = get("/dungeon.png?seed=7", gz), j = get("/dungeon.json?seed=7", no);
    char ce[32];
    cr_assert(!td_header(&p, "Content-Encoding", ce, sizeof ce));
    cr_assert(!td_header(&j, "Content-Encoding", ce, sizeof ce));
    td_resp_free(&p);
    td_resp_free(&j);
}

Test(http, download_names_the_file)
{
    td_resp r = get("/dungeon.png?seed=7&download=1", NULL);
    char cd[128];
    cr_assert_eq(r.status, 200);
    cr_assert(td_header(&r, "Content-Disposition", cd, sizeof cd));
    cr_assert_str_eq(cd, "attachment; filename=\"dungeon-7.png\"");
    td_resp_free(&r);
    r = get("/dungeon.donjon.json?seed=12&download=yes", NULL);
    cr_assert(td_header(&r, "Content-Disposition", cd, sizeof cd));
    cr_assert_str_eq(cd, "attachment; filename=\"dungeon-12.donjon.json\"");
    td_resp_free(&r);
    /* Universal VTT files go by Dungeondraft's extension, which importers expect */
    r = get("/dungeon.uvtt?seed=12&download=yes&ppg=20", NULL);
    cr_assert_eq(r.status, 200);
    cr_assert(td_header(&r, "Content-Disposition", cd, sizeof cd));
    cr_assert_str_eq(cd, "attachment; filename=\"dungeon-12.dd2vtt\"");
    td_resp_free(&r);
    r = get("/dungeon.foundry.json?seed=12&download=yes", NULL);
    cr_assert(td_header(&r, "Content-Disposition", cd, sizeof cd));
    cr_assert_str_eq(cd, "attachment; filename=\"dungeon-12.foundry.json\"");
    td_resp_free(&r);
    r = get("/dungeon.png?seed=7&download=0", NULL);
    cr_assert(!td_header(&r, "Content-Disposition", cd, sizeof cd));
    td_resp_free(&r);
}

/* The cache stores entries without gzip; a big one first asked for plain
 * gets its gzip form on a worker once a gzip client asks (that client may
 * still get the plain bytes), then every gzip client gets it. */
Test(http, a_big_entry_stored_plain_is_gzipped_later_with_the_same_bytes)
{
    static const char *const gz[] = {"Accept-Encoding: gzip", NULL};
    const char *target = "/dungeon.json?seed=31&rows=301&cols=301";
    td_resp plain = get(target, NULL);
    cr_assert_eq(plain.status, 200);
    cr_assert_gt(plain.len, (size_t)1 << 20, "not big enough to go to a worker: %zu bytes", plain.len);
    char ce[32];
    bool zipped = false;
    for (int i = 0; i < 100 && !zipped; i++) {
        td_resp z = get(target, gz);
        cr_assert_eq(z.status, 200);
        zipped = td_header(&z, "Content-Encoding", ce, sizeof ce);
        if (zipped) {
            size_t n = 0;
            unsigned char *un = gunzip(z.body, z.len, &n);
            cr_assert_eq(n, plain.len);
            cr_assert(!memcmp(un, plain.body, n), "the gzip form is not the stored body");
            free(un);
        } else {
            cr_assert_eq(z.len, plain.len);
            usleep(50 * 1000);
        }
        td_resp_free(&z);
    }
    cr_assert(zipped, "never gzipped for a gzip client");
    td_resp_free(&plain);
}

/* The Foundry module over HTTP: a zip (never gzipped again), saved as
 * .foundry.zip, byte for byte the encoder's for the same options; a side
 * Foundry cannot load is a 400 naming ppg. */
Test(http, foundry_bundle_route_serves_the_module_zip)
{
    static const char *const gz[] = {"Accept-Encoding: gzip", NULL};
    td_resp r = get("/dungeon.foundry.zip?seed=12&download=yes", gz);
    char ct[64], cd[128], ce[32];
    cr_assert_eq(r.status, 200);
    cr_assert(td_header(&r, "Content-Type", ct, sizeof ct));
    cr_assert_str_eq(ct, "application/zip");
    cr_assert(td_header(&r, "Content-Disposition", cd, sizeof cd));
    cr_assert_str_eq(cd, "attachment; filename=\"dungeon-12.foundry.zip\"");
    cr_assert(!td_header(&r, "Content-Encoding", ce, sizeof ce), "a zip gzipped again");
    cr_assert(r.len > 4 && !memcmp(r.body, "PK\x03\x04", 4));
    const char *k[] = {"seed"}, *v[] = {"12"};
    dg_options o;
    dg_dungeon *d = NULL;
    dg_buf want;
    dg_buf_init(&want);
    cr_assert_eq(dg_options_parse(&o, 1, k, v, NULL, NULL), DG_OK);
    cr_assert_eq(dg_generate(&o, &d, NULL), DG_OK);
    cr_assert_eq(dg_render(d, DG_FMT_FOUNDRY_BUNDLE, &want, NULL), DG_OK);
    cr_assert(r.len == want.len && !memcmp(r.body, want.data, want.len), "served bytes differ from the encoder's");
    dg_buf_fini(&want);
    dg_dungeon_free(d);
    td_resp_free(&r);
    static const char *const json[] = {"Content-Type: application/json", NULL};
    r = post("{\"seed\": 12, \"format\": \"foundry-bundle\"}", json);
    cr_assert_eq(r.status, 200);
    cr_assert(td_header(&r, "Content-Type", ct, sizeof ct));
    cr_assert_str_eq(ct, "application/zip");
    td_resp_free(&r);
    r = get("/dungeon.foundry.zip?seed=1&rows=41&cols=301&ppg=70", NULL);
    assert_error(&r, 400, "ppg");
    td_resp_free(&r);
}

/* ------------------------------------------------------- observability */

Test(http, healthz_and_metrics_count_what_happened)
{
    td_resp r = get("/healthz", NULL);
    cr_assert_eq(r.status, 200);
    json_t *j = body_json(&r);
    cr_assert_str_eq(json_string_value(json_object_get(j, "status")), "ok");
    json_decref(j);
    td_resp_free(&r);
    for (int i = 0; i < 3; i++) {
        r = get("/dungeon.txt?seed=42", NULL);
        td_resp_free(&r);
    }
    r = get("/dungeon.txt?rows=x", NULL);
    td_resp_free(&r);
    /* counted as each completes, just after its answer is out: once only
     * the /metrics request itself is in flight, all five are */
    char m[16384];
    cr_assert(td_wait_metric(&dd, "dungeond_in_flight_requests 1\n", m, sizeof m), "%s", m);
    cr_assert(strstr(m, "dungeond_requests_total{route=\"/dungeon.txt\",status=\"200\"} 3\n"), "%s", m);
    cr_assert(strstr(m, "dungeond_requests_total{route=\"/dungeon.txt\",status=\"400\"} 1\n"));
    cr_assert(strstr(m, "dungeond_cache_hits_total 2\n"));
    cr_assert(strstr(m, "dungeond_cache_misses_total 1\n"));
    cr_assert(strstr(m, "dungeond_maps_generated_total 1\n"));
    cr_assert(strstr(m, "dungeond_request_duration_seconds_bucket{le=\"+Inf\"}"));
    cr_assert(strstr(m, "dungeond_queue_depth 0\n"));
}

Test(http, keep_alive_reuses_the_connection)
{
    /* MHD closes the connection when an answer is queued too early; one
     * handle, two requests, one connect */
    CURL *c = curl_easy_init();
    char url[128];
    snprintf(url, sizeof url, "%s/dungeon.json?seed=7", dd.base);
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, fwrite);
    FILE *null = fopen("/dev/null", "w");
    curl_easy_setopt(c, CURLOPT_WRITEDATA, null);
    long connects = -1;
    cr_assert_eq(curl_easy_perform(c), CURLE_OK);
    cr_assert_eq(curl_easy_perform(c), CURLE_OK);
    curl_easy_getinfo(c, CURLINFO_NUM_CONNECTS, &connects);
    cr_assert_eq(connects, 0, "second request opened a new connection");
    snprintf(url, sizeof url, "%s/dungeon.json?rows=abc", dd.base);  /* errors too */
    curl_easy_setopt(c, CURLOPT_URL, url);
    cr_assert_eq(curl_easy_perform(c), CURLE_OK);
    curl_easy_getinfo(c, CURLINFO_NUM_CONNECTS, &connects);
    cr_assert_eq(connects, 0);
    fclose(null);
    curl_easy_cleanup(c);
}
