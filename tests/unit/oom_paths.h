/* oom_paths.h -- the allocation-failure walk of oom_jansson.h by call path:
 * one good encode records, for each of jansson's allocations, the path by
 * which our code reached jansson's allocator; the walk then fails the first
 * allocation of each path and every step-th besides. Failing every
 * allocation re-runs the whole encoder (the PNG included) once per
 * allocation, dearest under the sanitizers; each path's first failure
 * keeps every kind of failure point however wide the step.
 * The includer defines _GNU_SOURCE before any header (dladdr); test_vtt.c
 * and test_foundry_bundle.c walk their encoders with it. */
#ifndef OOM_PATHS_H
#define OOM_PATHS_H

#include <dlfcn.h>
#include <execinfo.h>
#include <stdint.h>

#include "oom_jansson.h"

typedef struct {
    void **path_of;       /* allocation i's path */
    long n, cap;
    uintptr_t jansson;    /* where libjansson is loaded */
} oom_paths;

static inline oom_paths *oom_paths_state(void)
{
    static oom_paths s;
    return &s;
}

/* The return addresses from jansson's innermost frame outward, hashed: the
 * whole path, not our last call only, since the optimiser inlines helpers in
 * one build and not in another. */
static inline void *oom_path_here(void)
{
    void *f[64];
    int n = backtrace(f, 64);
    uint64_t h = 14695981039346656037u;
    bool in_jansson = false;
    for (int i = 1; i < n; i++) {
        Dl_info info;
        in_jansson |= dladdr(f[i], &info) && (uintptr_t)info.dli_fbase == oom_paths_state()->jansson;
        if (in_jansson) h = (h ^ (uint64_t)(uintptr_t)f[i]) * 1099511628211u;
    }
    return (void *)(uintptr_t)h;
}

static inline void *oom_paths_malloc(size_t n)
{
    oom_paths *s = oom_paths_state();
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 4096;
        s->path_of = realloc(s->path_of, (size_t)s->cap * sizeof *s->path_of);
        cr_assert_not_null(s->path_of);
    }
    s->path_of[s->n++] = oom_path_here();
    return malloc(n);
}

static inline int oom_path_cmp(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t) * (void *const *)a, y = (uintptr_t) * (void *const *)b;
    return (x > y) - (x < y);
}

/* The walk over encode(d): fails each path's first allocation and every
 * step-th, asserting oom_jansson.h's rules at each, and the run with one
 * allocation more than recorded must succeed. Returns the points it
 * failed; *paths the distinct paths (all of them were failed). */
static inline long oom_walk_paths(oom_encoder encode, const dg_dungeon *d, long step, long *paths)
{
    oom_paths *s = oom_paths_state();
    Dl_info info;
    cr_assert(dladdr((void *)json_object, &info), "libjansson not found");
    s->jansson = (uintptr_t)info.dli_fbase;
    s->n = 0;
    json_set_alloc_funcs(oom_paths_malloc, free);
    dg_buf b;
    dg_buf_init(&b);
    dg_error err;
    dg_error_clear(&err);
    cr_assert_eq(encode(d, &b, &err), DG_OK, "%s", err.msg);
    dg_buf_fini(&b);
    json_set_alloc_funcs(oom_malloc, oom_free);
    /* the paths seen so far, sorted, to look each allocation's up */
    void **seen = malloc((size_t)(s->n + 1) * sizeof *seen);
    cr_assert_not_null(seen);
    long n_seen = 0, points = 0;
    for (long i = 0; i < s->n; i++) {
        bool fresh = !bsearch(&s->path_of[i], seen, (size_t)n_seen, sizeof *seen, oom_path_cmp);
        if (fresh) {
            seen[n_seen++] = s->path_of[i];
            qsort(seen, (size_t)n_seen, sizeof *seen, oom_path_cmp);
        }
        if (!fresh && i % step) continue;
        cr_assert(!oom_check_encoder_at(encode, d, i), "allocation %ld of %ld: no failure", i, s->n);
        points++;
    }
    cr_assert(oom_check_encoder_at(encode, d, s->n), "more allocations than recorded");
    json_set_alloc_funcs(malloc, free);
    cr_log_info("%ld allocations, %ld paths, %ld failure points", s->n, n_seen, points);
    *paths = n_seen;
    free(seen);
    free(s->path_of);
    *s = (oom_paths){0};
    return points;
}

#endif
