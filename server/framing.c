/* framing.c -- what a request's line and headers must hold before anything
 * reads its body or answers it: the refusals nginx and h2o make and
 * libmicrohttpd 0.9.75 does not (it takes the first of two Content-Length
 * headers, a doubled Host, a NUL inside a header or the target, and waits
 * for a body it cannot frame under "Transfer-Encoding: gzip, chunked").
 * Also what libmicrohttpd would refuse with its own HTML pages, refused
 * here first with the API's JSON: an HTTP/1.1 request without Host, a
 * target over SRV_MAX_TARGET (414), a head over SRV_MAX_HEAD (431); past
 * the connection's memory (http.c) MHD still answers those itself. Also
 * the body limit, which holds for every method. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "http_int.h"

typedef struct {
    unsigned hosts, lengths, codings;
    const char *length, *coding;
    bool length_differs, nul;
    char nul_name[32];
    uintptr_t prev_end;      /* where the last value's text ended; 0 before the first */
} head_scan;

/* Bytes MHD leaves between one header's text and the next (the colon, the
 * spaces it skips, the CR and LF it overwrote with NUL). Anything else
 * there is text a NUL hid from the C strings MHD hands over. */
static bool gap_is_clean(uintptr_t from, uintptr_t to)
{
    if (to < from || to - from > 4096) return true;   /* not one buffer: cannot tell */
    for (const char *p = (const char *)from; p < (const char *)to; p++)
        if (*p != ':' && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n' && *p != '\0') return false;
    return true;
}

static enum MHD_Result scan_header(void *cls, enum MHD_ValueKind kind, const char *key,
                                   size_t key_size, const char *value, size_t value_size)
{
    head_scan *s = cls;
    (void)kind;
    value = value ? value : "";
    /* libmicrohttpd 0.9.75 measures keys and values with strlen, so a NUL
     * inside a line shows only as text left between one string's end and
     * the next one's start in its buffer (where the lines stay in order) */
    uintptr_t k = (uintptr_t)key, v = (uintptr_t)value;
    bool hidden = strlen(key) != key_size || strlen(value) != value_size
                  || (s->prev_end && !gap_is_clean(s->prev_end, k)) || !gap_is_clean(k + key_size, v);
    if (!s->nul && hidden) {
        s->nul = true;
        snprintf(s->nul_name, sizeof s->nul_name, "%s", *key ? key : "header");
    }
    s->prev_end = v + value_size;
    if (!strcasecmp(key, MHD_HTTP_HEADER_HOST)) s->hosts++;
    if (!strcasecmp(key, MHD_HTTP_HEADER_CONTENT_LENGTH)) {
        if (s->lengths++ && strcmp(s->length, value)) s->length_differs = true;
        if (!s->length) s->length = value;
    }
    if (!strcasecmp(key, MHD_HTTP_HEADER_TRANSFER_ENCODING)) {
        s->codings++;
        s->coding = value;
    }
    return MHD_YES;
}

static bool refuse(srv_refusal *out, unsigned status, const char *msg, const char *param,
                   const char *value, const char *allowed)
{
    out->status = status;
    snprintf(out->msg, sizeof out->msg, "%s", msg);
    snprintf(out->param, sizeof out->param, "%s", param);
    snprintf(out->value, sizeof out->value, "%s", value);
    snprintf(out->allowed, sizeof out->allowed, "%s", allowed);
    return false;
}

/* True when Content-Length is digits only (no sign, space or suffix). */
static bool all_digits(const char *v)
{
    if (!*v) return false;
    for (; *v; v++)
        if (*v < '0' || *v > '9') return false;
    return true;
}

/* The target MHD copied at uri_cb ends at the request line's last space,
 * just before version: a NUL inside it makes strlen stop short. The two
 * pointers are into the one buffer MHD keeps the line in; compared as
 * integers, and trusted only when version lies a short way after. */
static bool target_has_nul(const srv_req *r, const char *version)
{
    if (!r->line_uri || !version || !r->raw) return false;
    uintptr_t start = (uintptr_t)r->line_uri, v = (uintptr_t)version;
    if (v <= start || v - start > 1u << 20) return false;
    return strlen(r->raw) + 1 < v - start;
}

/* The first chunk's size line, when it came in with the head: a size past
 * the body limit is refused now. libmicrohttpd 0.9.75 hands a chunked body
 * over only as its data arrives, so "FFFFFFFFFFFFFFFF" with no data after
 * it would wait for body_timeout, and one of 17 digits or more it answers
 * 413 itself, in HTML. The bytes after the head are in MHD's read buffer
 * (its first half of CONN_MEMORY, which the head, at most SRV_MAX_HEAD,
 * leaves room after); bytes not received are zero there (MHD zeroes its
 * pool), which end the digits: only a whole size line followed by its CR
 * or ';' counts. */
static bool first_chunk_too_big(const char *p, size_t limit)
{
    unsigned long long size = 0;
    int digits = 0;
    for (;; p++, digits++) {
        int d = *p >= '0' && *p <= '9' ? *p - '0' : *p >= 'a' && *p <= 'f' ? *p - 'a' + 10
                                                  : *p >= 'A' && *p <= 'F' ? *p - 'A' + 10 : -1;
        if (d < 0 || digits > 24) break;
        if (digits < 16) size = size * 16 + (unsigned)d;
    }
    if (!digits || digits > 24 || (*p != '\r' && *p != ';')) return false;
    return digits > 16 || size > limit;
}

bool srv_framing_check(srv_req *r, const char *version, srv_refusal *out)
{
    srv_http *h = r->h;
    head_scan s;
    memset(&s, 0, sizeof s);
    MHD_get_connection_values_n(r->conn, MHD_HEADER_KIND, scan_header, &s);
    /* the last line's tail: up to the end of the head, which starts with
     * the method just before the target */
    const union MHD_ConnectionInfo *hs = MHD_get_connection_info(r->conn, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    if (!s.nul && s.prev_end && hs && r->line_uri) {
        uintptr_t head_end = (uintptr_t)r->line_uri - strlen(r->method_name) - 1 + hs->header_size;
        if (!gap_is_clean(s.prev_end, head_end)) {
            s.nul = true;
            snprintf(s.nul_name, sizeof s.nul_name, "header");
        }
    }
    const unsigned bad = MHD_HTTP_BAD_REQUEST;
    char limit[64];
    if (r->raw && strlen(r->raw) > SRV_MAX_TARGET) {
        snprintf(limit, sizeof limit, "a target of at most %d bytes", SRV_MAX_TARGET);
        char start[40];
        snprintf(start, sizeof start, "%.32s...", r->raw);
        return refuse(out, MHD_HTTP_URI_TOO_LONG, "request target too long", "path", start, limit);
    }
    if (hs && hs->header_size > SRV_MAX_HEAD) {
        snprintf(limit, sizeof limit, "a request line and headers of at most %d bytes", SRV_MAX_HEAD);
        return refuse(out, MHD_HTTP_REQUEST_HEADER_FIELDS_TOO_LARGE, "request headers too large", "headers", "",
                      limit);
    }
    if (!s.hosts && version && !strcmp(version, MHD_HTTP_VERSION_1_1))
        return refuse(out, bad, "HTTP/1.1 request without a Host header", "Host", "", "one Host header");
    if (target_has_nul(r, version))
        return refuse(out, bad, "request target contains a NUL byte", "path", r->raw, "a target without NUL");
    if (s.nul) return refuse(out, bad, "header contains a NUL byte", s.nul_name, "", "header lines without NUL");
    if (s.hosts > 1) return refuse(out, bad, "Host header given more than once", "Host", "", "one Host header");
    if (s.lengths > 1)
        return refuse(out, bad, s.length_differs ? "two different Content-Length headers"
                                                 : "Content-Length header given more than once",
                      "Content-Length", "", "one Content-Length header");
    if (s.codings > 1 || (s.codings && strcasecmp(s.coding, "chunked")))
        return refuse(out, bad, "unsupported Transfer-Encoding", "Transfer-Encoding",
                      s.codings > 1 ? "(given twice)" : s.coding, "chunked, once");
    if (s.codings && s.lengths)
        return refuse(out, bad, "both Transfer-Encoding and Content-Length given", "Content-Length", s.length,
                      "Content-Length or Transfer-Encoding, not both");
    if (s.lengths && !all_digits(s.length))
        return refuse(out, bad, "Content-Length is not a number", "Content-Length", s.length, "digits");
    unsigned long long length = s.lengths ? strtoull(s.length, NULL, 10) : 0;
    /* refused before reading it; MHD then closes the connection */
    if (length > h->cfg.body_limit)
        return refuse(out, MHD_HTTP_CONTENT_TOO_LARGE, "body too large", "body", s.length, h->body_allowed);
    if (s.codings && hs && r->line_uri && hs->header_size <= SRV_MAX_HEAD
        && first_chunk_too_big((const char *)((uintptr_t)r->line_uri - strlen(r->method_name) - 1 + hs->header_size),
                               h->cfg.body_limit))
        return refuse(out, MHD_HTTP_CONTENT_TOO_LARGE, "chunk size over the body limit", "body", "",
                      h->body_allowed);
    r->body_follows = s.codings || length > 0;
    r->chunked = s.codings > 0;
    return true;
}
