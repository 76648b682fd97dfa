/* error.c -- dg_error_set() and status names from the one DG_STATUSES list;
 * what each error says is left to the module that raises it. */
#include "dg.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Copies src into dst[cap], cutting at a UTF-8 character boundary so that a
 * cut value stays valid text for the JSON error body (jansson rejects broken
 * sequences). Invalid input bytes are copied as they are: echoing the value
 * as received is the point. */
static void copy_cut(char *dst, size_t cap, const char *src)
{
    if (!src) src = "";
    size_t n = strnlen(src, cap);
    if (n == cap) {
        n = cap - 1;
        /* If the first dropped byte continues a character (10xxxxxx), drop
         * that character's earlier bytes too; at most 3 back, so invalid
         * input is still echoed rather than emptied. */
        size_t back = 0;
        while (back < 3 && back < n && ((unsigned char)src[n - back] & 0xC0u) == 0x80u) back++;
        if (back > 0 && ((unsigned char)src[n - back] & 0xC0u) == 0xC0u) n -= back;
    }
    memcpy(dst, src, n);
    dst[n] = '\0';
}

dg_status dg_error_set(dg_error *err, dg_status code, const char *param,
                       const char *value, const char *allowed, const char *fmt, ...)
{
    /* The first error is the cause; later ones are usually its echoes. */
    if (!err || code == DG_OK || err->code != DG_OK) return code;
    err->code = code;
    copy_cut(err->param, sizeof err->param, param);
    copy_cut(err->value, sizeof err->value, value);
    copy_cut(err->allowed, sizeof err->allowed, allowed);
    if (fmt) {
        char msg[512];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        copy_cut(err->msg, sizeof err->msg, msg);
    } else {
        err->msg[0] = '\0';
    }
    return code;
}

void dg_error_clear(dg_error *err)
{
    if (err) memset(err, 0, sizeof *err);
}

const char *dg_status_name(dg_status code)
{
    switch (code) {
#define DG_X(c, name) case c: return name;
        DG_STATUSES(DG_X)
#undef DG_X
    }
    return "unknown";
}
