/* test_http_page.c -- the pages dungeond serves over real HTTP (libcurl) on
 * an ephemeral port: the form and the OpenAPI document from the binary,
 * path escapes refused, and a permalink's page unfurling with OpenGraph
 * tags. Routes, formats, errors and caching are test_http.c's. */
#include <criterion/criterion.h>
#include <curl/curl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon.h"
#include "../slurp.h"

static td_daemon dd;

/* the flags test_http.c's daemon runs with, so these answers are the same */
static void setup(void)
{
    static const char *const extra[] = {"--body-limit", "1024", NULL};
    td_suite_start(&dd, extra);
}

static void teardown(void) { td_suite_stop(&dd); }

TestSuite(http_page, .init = setup, .fini = teardown, .timeout = 60);

static td_resp get(const char *target, const char *const *headers) { return td_get(dd.base, target, headers); }

static json_t *body_json(const td_resp *r) { return td_body_json(r); }

/* --------------------------------------------------------------- files */

Test(http_page, form_and_openapi_are_served_from_the_binary)
{
    static const struct { const char *target, *file, *type; } cases[] = {
        {"/", "web/index.html", "text/html; charset=utf-8"},
        {"/index.html", "web/index.html", "text/html; charset=utf-8"},
        {"/app.js", "web/app.js", "text/javascript; charset=utf-8"},
        {"/openapi.yaml", "openapi.yaml", "application/yaml"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t n = 0;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", DG_SOURCE_DIR, cases[i].file);
        char *want = slurp(path, &n);
        cr_assert_not_null(want);
        td_resp r = get(cases[i].target, NULL);
        char ct[64];
        cr_assert_eq(r.status, 200);
        cr_assert(td_header(&r, "Content-Type", ct, sizeof ct));
        cr_assert_str_eq(ct, cases[i].type);
        /* the build embeds the tree it was configured from; a page's form
         * is filled in from the vocabulary (test_srv_form) from its first
         * placeholder of any kind on, the rest kept */
        static const char *const holes[] = {"<!--values:", "<!--radios:", "<!--number:", "<!--downloads"};
        char *hole = NULL;
        for (size_t h = 0; h < sizeof holes / sizeof holes[0]; h++) {
            char *at = strstr(want, holes[h]);
            if (at && (!hole || at < hole)) hole = at;
        }
        if (hole) {
            size_t keep = (size_t)(hole - want);
            cr_assert(r.len > keep && !memcmp(r.body, want, keep), "%s", cases[i].target);
            for (size_t at = 0; at + 11 <= r.len; at++)
                cr_assert(memcmp(r.body + at, "<!--values:", 11), "%s: a placeholder left", cases[i].target);
            cr_assert(!memcmp(r.body + r.len - 8, want + n - 8, 8), "%s", cases[i].target);
        } else {
            cr_assert_eq(r.len, n, "%s: %zu bytes, file has %zu", cases[i].target, r.len, n);
            cr_assert(!memcmp(r.body, want, n));
        }
        free(want);
        td_resp_free(&r);
    }
}

Test(http_page, path_escapes_are_refused)
{
    static const char *const targets[] = {
        "/../etc/passwd",
        "/../../../../etc/passwd",
        "/%2e%2e/etc/passwd",
        "/%2E%2E/%2E%2E/etc/passwd",
        "/.%2e/etc/passwd",
        "/..%2fetc%2fpasswd",
        "/%2fetc%2fpasswd",
        "/..%5c..%5cetc%5cpasswd",
        "/..\\..\\etc\\passwd",
        "/index.html%00.png",
        "/%00",
        "/web/../../etc/passwd",
        "/%252e%252e/etc/passwd",
        "/.git/config",
        "/web/index.html",
        "//etc/passwd",
        "/dungeon.json/../../etc/passwd",
        "/CMakeLists.txt",
    };
    for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++) {
        td_resp r = get(targets[i], NULL);
        cr_expect(r.status == 400 || r.status == 404, "%s: %ld", targets[i], r.status);
        cr_expect(!r.body || !strstr((const char *)r.body, "root:"), "%s leaked a file", targets[i]);
        cr_expect(!r.body || !strstr((const char *)r.body, "cmake_minimum_required"), "%s leaked", targets[i]);
        td_resp_free(&r);
    }
}

/* ------------------------------------------------------------- unfurl */

/* The content of <meta property|name="key" content="..."> in html, with
 * &amp; read back as '&' (the only entity a URL here holds); false if absent. */
static bool meta_of(const char *html, const char *key, char *out, size_t cap)
{
    char needle[96];
    snprintf(needle, sizeof needle, "\"%s\" content=\"", key);
    const char *at = strstr(html, needle);
    if (!at) return false;
    at += strlen(needle);
    size_t n = 0;
    for (; *at && *at != '"' && n + 1 < cap; at++) {
        if (!strncmp(at, "&amp;", 5)) at += 4, out[n++] = '&';
        else out[n++] = *at;
    }
    out[n] = '\0';
    return true;
}

/* A permalink's page unfurls: its head names the dungeon, sums it up and
 * points at its map's PNG, which answers 200 with a PNG of the size the
 * page says; the plain page and a forged Host get no tags. */
Test(http_page, a_permalink_page_unfurls_with_opengraph_tags)
{
    td_resp r = get("/?seed=7&motif=undead&level=5&rooms=dense", NULL);
    cr_assert_eq(r.status, 200);
    char *html = strndup((const char *)r.body, r.len);
    char *head_end = strstr(html, "</head>");
    cr_assert_not_null(head_end);
    *head_end = '\0'; /* every tag inside <head> */
    char title[256], desc[512], image[4096], width[16], height[16], card[64];
    cr_assert(meta_of(html, "og:title", title, sizeof title), "no og:title");
    cr_assert(meta_of(html, "og:description", desc, sizeof desc), "no og:description");
    cr_assert(meta_of(html, "og:image", image, sizeof image), "no og:image");
    cr_assert(meta_of(html, "twitter:card", card, sizeof card));
    cr_assert_str_eq(card, "summary_large_image");
    /* the dungeon's own name, as the JSON gives it */
    td_resp j = get("/dungeon.json?seed=7&motif=undead&level=5&rooms=dense", NULL);
    json_t *doc = body_json(&j);
    const char *name = json_string_value(json_object_get(doc, "name"));
    cr_assert_not_null(name);
    cr_assert_str_eq(title, name);
    cr_assert(strstr(desc, "rooms") && strstr(desc, "level 5") && strstr(desc, "undead"), "%s", desc);
    json_decref(doc);
    td_resp_free(&j);
    /* the image: absolute, on this daemon, a PNG at the size the page says */
    cr_assert(!strncmp(image, dd.base, strlen(dd.base)), "og:image %s is not on %s", image, dd.base);
    td_resp p = get(image + strlen(dd.base), NULL);
    cr_assert_eq(p.status, 200, "og:image answers %ld", p.status);
    char ct[64];
    cr_assert(td_header(&p, "Content-Type", ct, sizeof ct));
    cr_assert_str_eq(ct, "image/png");
    cr_assert(p.len > 24 && !memcmp(p.body, "\x89PNG\r\n\x1a\n", 8));
    long w = (long)p.body[16] << 24 | p.body[17] << 16 | p.body[18] << 8 | p.body[19];
    long h = (long)p.body[20] << 24 | p.body[21] << 16 | p.body[22] << 8 | p.body[23];
    cr_assert(meta_of(html, "og:image:width", width, sizeof width) && meta_of(html, "og:image:height", height, sizeof height));
    cr_assert(atol(width) == w && atol(height) == h, "page says %sx%s, the PNG is %ldx%ld", width, height, w, h);
    cr_assert_leq(w, 1300, "an image %ld px wide", w);
    td_resp_free(&p);
    free(html);
    td_resp_free(&r);

    /* no permalink, no tags; a Host that is no host name, no tags */
    static const char *const forged[] = {"Host: x\"><script>alert(1)</script>", NULL};
    const char *targets[] = {"/", "/?seed=7"};
    for (int i = 0; i < 2; i++) {
        td_resp q = get(targets[i], i ? forged : NULL);
        cr_assert_eq(q.status, 200);
        char *text = strndup((const char *)q.body, q.len);
        cr_assert_null(strstr(text, "og:title"), "%s has tags", targets[i]);
        cr_assert_null(strstr(text, "<script>alert"), "%s", targets[i]);
        free(text);
        td_resp_free(&q);
    }
}
