/* json_write.c -- the streaming JSON writer (json_write.h): punctuation,
 * string escaping and integers, written straight into the caller's dg_buf.
 * What a document holds is left to the encoders that use it.
 *
 * Why not jansson's dump: a document built as a jansson tree costs a value,
 * a malloc and a free per number and per object, and a callback per comma,
 * for text this file writes with a few stores; jansson remains the oracle
 * the writer's bytes are tested against (test_json_oracle.c). */
#include "json_write.h"

#include <assert.h>
#include <string.h>

#include "render_int.h"

void dr__jw_init(dr__jw *w, dg_buf *out, dg_error *err)
{
    memset(w, 0, sizeof *w);
    w->out = out;
    w->err = err;
    w->from = out->len;
}

static void fail(dr__jw *w, dg_status rc)
{
    if (w->rc == DG_OK) w->rc = rc;
}

void dr__jw_fail(dr__jw *w, dg_status rc)
{
    fail(w, rc);
}

/* Room for n more bytes (and dg_buf's NUL) at the end of the buffer; NULL
 * when the writer has failed, or fails now for want of memory. */
static inline char *room(dr__jw *w, size_t n)
{
    dg_buf *b = w->out;
    if (w->rc != DG_OK) return NULL;
    if (b->len + n >= b->cap && (n >= SIZE_MAX / 2 || dr__buf_reserve(b, n, w->err) != DG_OK)) {
        fail(w, DG_ENOMEM);
        return NULL;
    }
    return (char *)b->data + b->len;
}

#ifndef NDEBUG /* only the asserts ask: an unused function in release builds (clang -Werror) */
static inline bool top_is_object(const dr__jw *w)
{
    return w->depth > 0 && (w->in_object >> (w->depth - 1) & 1u);
}
#endif

/* Where a value of at most n bytes goes, after the ',' it may need; NULL
 * once the writer has failed. The caller ends it with value_end. */
static inline char *value_begin(dr__jw *w, size_t n)
{
    if (w->rc != DG_OK) return NULL; /* the state may be half-way: no checks */
    /* in an object a value follows its key; the document is one value */
    assert(top_is_object(w) ? w->after_key : !(w->depth == 0 && w->comma));
    char *p = room(w, n + 1);
    if (p && w->comma) *p++ = ',';
    return p;
}

static void value_end(dr__jw *w, char *end)
{
    w->out->len = (size_t)(end - (char *)w->out->data);
    w->comma = true;
    w->after_key = false;
}

static void container_begin(dr__jw *w, char c, bool object)
{
    if (w->rc == DG_OK && w->depth == DR__JW_MAX_DEPTH) { /* a bug, but never a wild shift */
        fail(w, dg_error_set(w->err, DG_ELIMIT, "", "", "", "JSON nested too deep"));
        return;
    }
    char *p = value_begin(w, 1);
    if (!p) return;
    *p++ = c;
    value_end(w, p);
    if (object) w->in_object |= 1u << w->depth;
    else w->in_object &= ~(1u << w->depth);
    w->depth++;
    w->comma = false;
}

static void container_end(dr__jw *w, char c, bool object)
{
    assert(w->rc != DG_OK || (w->depth > 0 && top_is_object(w) == object && !w->after_key));
    char *p = room(w, 1);
    if (!p) return;
    *p++ = c;
    w->depth--;
    value_end(w, p);
}

void dr__jw_object_begin(dr__jw *w) { container_begin(w, '{', true); }
void dr__jw_object_end(dr__jw *w) { container_end(w, '}', true); }
void dr__jw_array_begin(dr__jw *w) { container_begin(w, '[', false); }
void dr__jw_array_end(dr__jw *w) { container_end(w, ']', false); }

/* ------------------------------------------------------------- strings */

/* How many bytes the UTF-8 sequence at s[0..n) takes, by jansson's rules
 * (no overlong forms, no surrogates, nothing above U+10FFFF); 0 when it is
 * not one. s[0] >= 0x80. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    size_t len;
    uint32_t cp;
    if (c >= 0xC2 && c <= 0xDF) len = 2;
    else if (c >= 0xE0 && c <= 0xEF) len = 3;
    else if (c >= 0xF0 && c <= 0xF4) len = 4;
    else return 0;
    cp = c & (0x7Fu >> len); /* the lead byte's payload: 5, 4 or 3 bits */
    if (len > n) return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0u) != 0x80u) return 0;
        cp = cp << 6 | (s[i] & 0x3Fu);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) || cp > 0x10FFFF ||
        (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

/* 1 for the bytes a JSON string holds as they are: printable ASCII but
 * '"' and '\\' (0x7f too, as jansson leaves it). */
#define PLAIN16(b) b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b
static const unsigned char plain_byte[256] = {
    PLAIN16(0), PLAIN16(0),                                                 /* 0x00-0x1f */
    1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,                         /* '"' */
    PLAIN16(1), PLAIN16(1),
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,                         /* '\\' */
    PLAIN16(1), PLAIN16(1),                                                 /* to 0x7f */
    /* 0x80-0xff: 0, UTF-8 to check */
};

/* Whether all eight bytes of v are plain: none under 0x20, none 0x80 or
 * over, no '"' and no '\\' (the classic has-zero-byte trick: a byte of
 * x is zero exactly when (x - 0x01..) & ~x & 0x80.. marks it). */
static inline bool plain8(uint64_t v)
{
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    uint64_t quote = v ^ (ones * '"'), slash = v ^ (ones * '\\');
    uint64_t low = (v - ones * 0x20) & ~v;          /* a byte under 0x20 (or 0x80 and up) */
    uint64_t zero_q = (quote - ones) & ~quote, zero_s = (slash - ones) & ~slash;
    return !((low | zero_q | zero_s | v) & highs);
}

/* s[0..n) as a JSON string at p (room for 6n + 2 bytes); returns the end,
 * or NULL when s is not UTF-8. The usual name is plain ASCII, copied up
 * to the first byte that needs a look. */
static char *quote(char *p, const char *s, size_t n)
{
    static const char hex[] = "0123456789ABCDEF";
    const unsigned char *u = (const unsigned char *)s;
    *p++ = '"';
    size_t i = 0;
    while (i < n) {
        /* eight bytes at a time while none needs a look (a stat block's
         * prose is long and plain), then byte by byte */
        while (i + 8 <= n) {
            uint64_t v;
            memcpy(&v, s + i, 8);
            if (!plain8(v)) break;
            memcpy(p, &v, 8);
            p += 8;
            i += 8;
        }
        while (i < n && plain_byte[u[i]]) *p++ = s[i++];
        if (i == n) break;
        unsigned char c = u[i];
        if (c >= 0x80) {
            size_t len = utf8_len(u + i, n - i);
            if (!len) return NULL;
            memcpy(p, s + i, len);
            p += len;
            i += len;
            continue;
        }
        *p++ = '\\';
        switch (c) {
        case '"': *p++ = '"'; break;
        case '\\': *p++ = '\\'; break;
        case '\b': *p++ = 'b'; break;
        case '\f': *p++ = 'f'; break;
        case '\n': *p++ = 'n'; break;
        case '\r': *p++ = 'r'; break;
        case '\t': *p++ = 't'; break;
        default:
            memcpy(p, "u00", 3);
            p[3] = hex[c >> 4];
            p[4] = hex[c & 15];
            p += 5;
        }
        i++;
    }
    *p++ = '"';
    return p;
}

/* quote() for the usual short key or name, all plain bytes: found so in
 * one pass and copied whole (the member names of a map's document, a few
 * hundred an answer, are all such); anything else goes to quote(). */
static inline char *quote_short(char *p, const char *s, size_t n)
{
    size_t i = 0;
    if (n > 32) return quote(p, s, n);
    while (i < n && plain_byte[(unsigned char)s[i]]) i++;
    if (i < n) return quote(p, s, n);
    *p = '"';
    memcpy(p + 1, s, n);
    p[n + 1] = '"';
    return p + n + 2;
}

void dr__jw_stringn(dr__jw *w, const char *s, size_t n)
{
    if (n > SIZE_MAX / 8) {
        fail(w, dg_error_set(w->err, DG_ELIMIT, "", "", "", "a JSON string is too long"));
        return;
    }
    char *p = value_begin(w, 6 * n + 2);
    if (!p) return;
    char *end = quote_short(p, s, n);
    if (!end) {
        fail(w, dg_error_set(w->err, DG_EINVAL, "", "", "UTF-8", "a string for the JSON output is not UTF-8"));
        return;
    }
    value_end(w, end);
}

void dr__jw_keyn(dr__jw *w, const char *key, size_t n)
{
    assert(w->rc != DG_OK || (top_is_object(w) && !w->after_key));
    if (n > SIZE_MAX / 8) {
        fail(w, dg_error_set(w->err, DG_ELIMIT, "", "", "", "a JSON key is too long"));
        return;
    }
    char *p = room(w, 6 * n + 4);
    if (!p) return;
    if (w->comma) *p++ = ',';
    char *end = quote_short(p, key, n);
    if (!end) {
        fail(w, dg_error_set(w->err, DG_EINVAL, "", "", "UTF-8", "a key for the JSON output is not UTF-8"));
        return;
    }
    *end++ = ':';
    w->out->len = (size_t)(end - (char *)w->out->data);
    w->comma = false;
    w->after_key = true;
}

/* ------------------------------------------------------ other values */

void dr__jw_int(dr__jw *w, int64_t v)
{
    char *p = value_begin(w, 20); /* "-9223372036854775808" */
    if (!p) return;
    uint64_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    if (v < 0) *p++ = '-';
    if (m <= UINT32_MAX) {
        p += dr__u32_text(p, (uint32_t)m);
    } else {
        char digits[20];
        size_t k = 0;
        for (; m; m /= 10) digits[k++] = (char)('0' + m % 10);
        while (k) *p++ = digits[--k];
    }
    value_end(w, p);
}

void dr__jw_raw(dr__jw *w, const char *json, size_t n)
{
    char *p = value_begin(w, n);
    if (!p) return;
    memcpy(p, json, n);
    value_end(w, p + n);
}

void dr__jw_bool(dr__jw *w, bool v) { v ? dr__jw_raw(w, "true", 4) : dr__jw_raw(w, "false", 5); }
void dr__jw_null(dr__jw *w) { dr__jw_raw(w, "null", 4); }

void dr__jw_splice(dr__jw *w,
                   dg_status (*write)(const dg_dungeon *d, const void *ctx, dg_buf *out, dg_error *err),
                   const dg_dungeon *d, const void *ctx)
{
    char *p = value_begin(w, 0);
    if (!p) return;
    w->out->len = (size_t)(p - (char *)w->out->data); /* past the ',' */
    dg_status rc = write(d, ctx, w->out, w->err);
    if (rc != DG_OK) {
        fail(w, rc);
        return;
    }
    value_end(w, (char *)w->out->data + w->out->len);
}

dg_status dr__jw_finish(dr__jw *w)
{
    assert(w->rc != DG_OK || (w->depth == 0 && !w->after_key));
    dg_buf *b = w->out;
    if (w->rc != DG_OK) b->len = w->from;
    if (b->data) b->data[b->len] = '\0';
    return w->rc;
}
