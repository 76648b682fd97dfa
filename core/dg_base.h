/* dg_base.h -- what every part of libdg_core's interface stands on: the
 * generator version, the hard caps, errors, the allocator and the random
 * stream. Part of the public interface; include dg.h, which includes it. */
#ifndef DG_BASE_H
#define DG_BASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Bumped whenever any existing map changes; echoed in every output. */
#define DG_GENERATOR_VERSION "1"

/* Hard caps; deployment limits (config) stay at or below these. */
#include "dg_limits.h"

/* ---------------------------------------------------------------- errors */

#define DG_STATUSES(X)                                                        \
    X(DG_OK, "ok")                                                            \
    X(DG_EINVAL, "invalid")                                                   \
    X(DG_ELIMIT, "limit")                                                     \
    X(DG_ENOMEM, "nomem")                                                     \
    X(DG_EBUSY, "busy")                                                       \
    X(DG_EIO, "io")
typedef enum {
#define DG_X(code, name) code,
    DG_STATUSES(DG_X)
#undef DG_X
} dg_status;

typedef struct {
    dg_status code;
    char param[32], value[64]; /* option at fault ("" if none); value as received, cut */
    char allowed[160];         /* e.g. "sparse|scattered|dense" */
    char msg[320];             /* one sentence for the log and the JSON body (the longest, a
                                * refusal naming what fits, run to about 250) */
} dg_error;

/* Keeps the first error; err may be NULL. Returns code, so callers can return it. */
dg_status dg_error_set(dg_error *err, dg_status code, const char *param,
                       const char *value, const char *allowed, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
void dg_error_clear(dg_error *err);
/* "ok", "invalid", ... never NULL. */
const char *dg_status_name(dg_status code);

/* ------------------------------------------------------------- allocator */

typedef void *(*dg_malloc_fn)(size_t size);
typedef void *(*dg_calloc_fn)(size_t count, size_t size);
typedef void *(*dg_realloc_fn)(void *p, size_t size);
typedef void (*dg_free_fn)(void *p);
/* Makes core and render allocate through these four (libuv's
 * uv_replace_allocator): an embedding program's arena, or a test's failing
 * allocator. Call it before any other dg_ call; it is not thread-safe and is
 * the one process-wide setting -- the library's only mutable global, because
 * an allocator belongs to the process and would otherwise have to be passed
 * through every function that allocates. Memory the library hands over
 * (dg_generate's dungeon, dg_buf bytes) is released with the matching free:
 * through dg_dungeon_free, dg_buf_fini or dg_free. DG_EINVAL if any is NULL.
 * Memory of libgd, libpng, zlib and jansson stays on their own allocators. */
dg_status dg_replace_allocator(dg_malloc_fn malloc_fn, dg_calloc_fn calloc_fn,
                               dg_realloc_fn realloc_fn, dg_free_fn free_fn);
/* Frees p with the allocator's free (dg_buf_steal's bytes); NULL is a no-op. */
void dg_free(void *p);

/* ------------------------------------------------------------------- rng */

/* PCG32 (XSH RR): the only randomness behind a map. A plain value: copy it
 * to fork a stream. Draw order is output, so never reorder draws. */
typedef struct { uint64_t state, inc; } dg_rng;
void dg_rng_seed(dg_rng *r, uint64_t seed, uint64_t stream);
uint32_t dg_rng_next(dg_rng *r);
/* Unbiased, 0 <= x < n; n == 0 returns 0 without drawing. */
uint32_t dg_rng_below(dg_rng *r, uint32_t n);
/* True with probability percent/100 (one draw). */
bool dg_rng_percent(dg_rng *r, int percent);
/* 64-bit FNV-1a then a mixer: stable hash for text seeds and style streams. */
uint64_t dg_hash64(const void *data, size_t len, uint64_t salt);

#endif
