/* fuzz_srv_headers.c -- libFuzzer target for the header grammars the
 * daemon parses itself: Accept (srv_format_from_accept), Accept-Encoding
 * (srv_accepts_gzip) and If-None-Match (srv_etag_matches). The input is
 * one header value. Checked, besides determinism: Accept picks only a
 * format we make, JSON for an empty header, and refuses with param
 * "Accept"; an item with q=0 or one we do not know never changes either
 * answer; an ETag matches itself in either coding, weak or strong, from
 * anywhere in a list, and a match needs "*" or the whole quoted tag
 * (either coding) in the header. */
#include "fuzz_srv.h"

static char *join(const char *a, const char *b)
{
    size_t n = strlen(a) + strlen(b) + 3;
    char *s = malloc(n);
    check(s != NULL);
    snprintf(s, n, "%s, %s", a, b);
    return s;
}

static dg_status accept_of(const char *h, dg_format *f)
{
    dg_error err = { 0 };
    dg_status rc = srv_format_from_accept(h, f, &err);
    if (rc != DG_OK) {
        check_error(&err, rc);
        check(rc == DG_EINVAL && !strcmp(err.param, "Accept"));
    } else {
        /* only a format whose row names media types is negotiated */
        const dg_format_info *i = dg_format_info_of(*f);
        check(i && i->accept);
    }
    return rc;
}

static void check_accept(const char *h)
{
    dg_format f1, f2, f3;
    dg_status r1 = accept_of(h, &f1);
    check(accept_of(h, &f2) == r1 && (r1 != DG_OK || f1 == f2));
    if (!*h) check(r1 == DG_OK && f1 == DG_FMT_JSON);
    /* q=0 means "not this one": it neither wins nor rescues */
    if (!*h) return;
    char *more = join(h, "image/png;q=0, application/xml");
    check(accept_of(more, &f3) == r1 && (r1 != DG_OK || f1 == f3));
    free(more);
}

static void check_gzip(const char *h)
{
    bool g = srv_accepts_gzip(h);
    check(g == srv_accepts_gzip(h));
    char *more = join(h, "identity, br;q=1");
    check(srv_accepts_gzip(more) == g);
    free(more);
    if (!*h) check(!g);
}

static void check_etag(const char *h)
{
    char e[32], gz[32];
    srv_etag(h, false, e);
    srv_etag(h, true, gz);
    check(strlen(e) == 18 && strlen(gz) == 21 && e[0] == '"' && !strncmp(e, gz, 17));
    check(srv_etag_matches(e, e) && srv_etag_matches(gz, e) && srv_etag_matches(e, gz));
    bool m = srv_etag_matches(h, e);
    check(m == srv_etag_matches(h, e));
    if (m) {
        /* the whole tag, closing quote included, in either coding */
        char plain[32], coded[32];
        memcpy(plain, e, 19);
        snprintf(coded, sizeof coded, "%.17s-gz\"", e);
        check(strchr(h, '*') || strstr(h, plain) || strstr(h, coded));
    }
    char w[40];
    snprintf(w, sizeof w, "W/%s", gz);
    char *list = join(h, w);
    check(srv_etag_matches(list, e));
    free(list);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (memchr(data, 0, size)) return 0;   /* header values hold no NUL */
    char *h = fuzz_text(data, size);
    check_accept(h);
    check_gzip(h);
    check_etag(h);
    free(h);
    return 0;
}
