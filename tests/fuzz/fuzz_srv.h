/* fuzz_srv.h -- what the daemon's fuzz targets share: the abort-on-broken
 * contract check and the shape every refusal must have. Header-only: each
 * target is one executable. */
#ifndef FUZZ_SRV_H
#define FUZZ_SRV_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "srv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static inline void check(int ok)
{
    if (!ok) abort(); /* libFuzzer reports the input that got here */
}

/* A refusal: the code returned, every field terminated inside its array,
 * a message, and (short of running out of memory) the parameter named --
 * "" only when the name at fault is itself empty (empty_key). */
static inline void check_error_key(const dg_error *err, dg_status rc, bool empty_key)
{
    check(rc != DG_OK && err->code == rc);
    check(memchr(err->param, 0, sizeof err->param) && memchr(err->value, 0, sizeof err->value));
    check(memchr(err->allowed, 0, sizeof err->allowed) && memchr(err->msg, 0, sizeof err->msg));
    check(err->msg[0] != '\0');
    if (rc != DG_ENOMEM && !empty_key) check(err->param[0] != '\0');
}

static inline void check_error(const dg_error *err, dg_status rc) { check_error_key(err, rc, false); }

static inline bool kv_has_empty_key(const srv_kv *kv)
{
    for (size_t i = 0; i < kv->n; i++)
        if (!kv->keys[i][0]) return true;
    return false;
}

/* Input bytes as a NUL-terminated copy (embedded NULs kept). */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s) abort();
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

#endif
