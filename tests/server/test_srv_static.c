/* test_srv_static.c -- the embedded files and what counts as an escape. */
#include <criterion/criterion.h>
#include <string.h>

#include "srv.h"

static void setup(void) { cr_assert_eq(srv_static_init(NULL, NULL), DG_OK); }
static void teardown(void) { srv_static_fini(); }
TestSuite(srv_static, .init = setup, .fini = teardown);

Test(srv_static, root_is_the_form_with_its_type)
{
    const srv_asset *a = srv_static_find("/", "/");
    cr_assert_not_null(a);
    cr_assert_str_eq(a->path, "/index.html");
    cr_assert_str_eq(a->mime, "text/html; charset=utf-8");
    cr_assert_eq(a->etag[0], '"');
    const srv_asset *o = srv_static_openapi();
    cr_assert_not_null(o);
    cr_assert_str_eq(o->mime, "application/yaml");
    cr_assert(!strncmp((const char *)o->data, "openapi: 3.1", 12));
    /* the OpenAPI document is not reachable as a web/ file */
    cr_assert_null(srv_static_find("openapi.yaml", "openapi.yaml"));
}

Test(srv_static, hostile_targets)
{
    static const char *const bad[] = {
        "/../x", "/a/../../x", "/..", "/%2e%2e/x", "/%2E./x", "/.%2e/x", "/a%2fb", "/a%2Fb",
        "/a%5cb", "/a\\b", "/x%00.html", "/%00",
        /* found by fuzz_srv_static: libmicrohttpd keeps '#' in the path */
        "/#/../index.html", "/x#%2e%2e",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_assert(srv_static_path_hostile(bad[i]), "%s passed", bad[i]);
    static const char *const fine[] = {
        "/", "/index.html", "/app.js", "/a..b", "/...", "/dungeon.json?x=../..", "/dungeon.json?seed=%2e%2e",
        "/%69ndex.html",
    };
    for (size_t i = 0; i < sizeof fine / sizeof fine[0]; i++)
        cr_assert(!srv_static_path_hostile(fine[i]), "%s refused", fine[i]);
}
