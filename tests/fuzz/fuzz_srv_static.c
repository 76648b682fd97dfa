/* fuzz_srv_static.c -- libFuzzer target for the static-file path check.
 * The input is a request target as received; the path libmicrohttpd would
 * route on is its part before '?', %-decoded by MHD_http_unescape. Checked:
 * a target srv_static_path_hostile() lets through decodes to a path with
 * no ".." segment, no backslash, no NUL and no '/' that was not a literal
 * '/'; srv_static_find() serves only an embedded file whose name is the
 * decoded path ("/" -> "/index.html"), never for a hostile target, and
 * gives the same answer every time. */
#include "fuzz_srv.h"

#include <microhttpd.h>

static bool has_dotdot_segment(const char *p, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++)
        if (p[i] == '.' && p[i + 1] == '.' && (i == 0 || p[i - 1] == '/') && (i + 2 == n || p[i + 2] == '/'))
            return true;
    return false;
}

static size_t count(const char *p, size_t n, char c)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) k += p[i] == c;
    return k;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool ready;
    if (!ready) {
        check(srv_static_init(NULL, NULL) == DG_OK);
        ready = true;
    }
    if (memchr(data, 0, size)) return 0;   /* not in a request line */
    char *raw = fuzz_text(data, size);
    size_t pn = strcspn(raw, "?");
    char *path = malloc(pn + 1);
    check(path != NULL);
    memcpy(path, raw, pn);
    path[pn] = '\0';
    size_t dn = MHD_http_unescape(path);

    bool hostile = srv_static_path_hostile(raw);
    check(hostile == srv_static_path_hostile(raw));
    if (!hostile) {
        check(strlen(path) == dn);                       /* no NUL */
        check(!memchr(path, '\\', dn));
        check(!has_dotdot_segment(path, dn));
        check(count(path, dn, '/') == count(raw, pn, '/'));
    }
    const srv_asset *a = srv_static_find(path, raw);
    check(a == srv_static_find(path, raw));
    if (a) {
        check(!hostile);
        check(a->path[0] == '/');
        check(!strcmp(a->path, path) || (!strcmp(path, "/") && !strcmp(a->path, "/index.html")));
        check(a->data != NULL && a->mime != NULL && a->etag[0] == '"');
    }
    /* routing looks without the raw target; it still serves only names */
    const srv_asset *r = srv_static_find(path, NULL);
    if (r) check(!strcmp(r->path, path) || (!strcmp(path, "/") && !strcmp(r->path, "/index.html")));
    if (!hostile) check(r == a);
    free(path);
    free(raw);
    return 0;
}
