/* buf.c -- dg_buf, the growable byte buffer every encoder appends to; what
 * goes into it (and in which format) is left to the encoders. */
#include "render_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void dg_buf_init(dg_buf *b)
{
    b->data = NULL;
    b->len = 0;
    b->cap = 0;
}

void dg_buf_fini(dg_buf *b)
{
    dg__free(b->data);
    dg_buf_init(b);
}

void dg_buf_reset(dg_buf *b)
{
    b->len = 0;
}

/* Room for n more bytes plus a NUL the encoders never count, so data can be
 * handed to string functions; doubling keeps appends amortised O(1). */
static dg_status grow(dg_buf *b, size_t n, dg_error *err)
{
    if (n > SIZE_MAX - 1 - b->len)
        return dg_error_set(err, DG_ENOMEM, "", "", "", "output too large");
    size_t need = b->len + n + 1;
    if (need <= b->cap) return DG_OK;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < need) cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    unsigned char *p = dg__realloc(b->data, cap);
    if (!p)
        return dg_error_set(err, DG_ENOMEM, "", "", "",
                            "out of memory growing output to %zu bytes", cap);
    b->data = p;
    b->cap = cap;
    return DG_OK;
}

dg_status dr__buf_reserve(dg_buf *b, size_t n, dg_error *err)
{
    return grow(b, n, err);
}

dg_status dg_buf_append(dg_buf *b, const void *p, size_t n, dg_error *err)
{
    dg_status rc = grow(b, n, err);
    if (rc != DG_OK) return rc;
    if (n) memcpy(b->data + b->len, p, n);
    b->len += n;
    b->data[b->len] = '\0';
    return DG_OK;
}

dg_status dg_buf_puts(dg_buf *b, const char *s, dg_error *err)
{
    return dg_buf_append(b, s, strlen(s), err);
}

unsigned char *dg_buf_steal(dg_buf *b, size_t *len)
{
    unsigned char *p = b->data;
    if (len) *len = b->len;
    dg_buf_init(b);
    return p;
}

/* Short texts (nearly all) are formatted once on the stack; a longer one is
 * formatted again straight into the reserved room. */
dg_status dg_buf_vprintf(dg_buf *b, dg_error *err, const char *fmt, va_list ap)
{
    char small[256];
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    dg_status rc = DG_OK;
    if (n < 0) rc = dg_error_set(err, DG_EINVAL, "", "", "", "cannot format the text");
    else if ((size_t)n < sizeof small) rc = dg_buf_append(b, small, (size_t)n, err);
    else if ((rc = dr__buf_reserve(b, (size_t)n + 1, err)) == DG_OK) {
        vsnprintf((char *)b->data + b->len, (size_t)n + 1, fmt, again);
        b->len += (size_t)n;
    }
    va_end(again);
    return rc;
}

dg_status dg_buf_printf(dg_buf *b, dg_error *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    dg_status rc = dg_buf_vprintf(b, err, fmt, ap);
    va_end(ap);
    return rc;
}
