/* alloc.c -- the one allocator hook of core and render (libuv's
 * uv_replace_allocator is the model) and the helpers every allocation goes
 * through: dg__malloc and friends, dg__grow for growing arrays, dg__nomem for
 * the error. What to allocate, and when to give it back, is left to callers. */
#include "dg_common.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The one mutable global of core and render, on purpose: an allocator is a
 * property of the process (an embedding program's arena, a test's failing
 * allocator), and passing it by hand through every function that allocates
 * would touch every signature for a setting made once at start-up. It is set
 * before any other dg_ call and only read afterwards, so generation stays
 * free of shared mutable state; it never reaches output, so maps are the same
 * bytes whichever allocator made them. */
static struct {
    dg_malloc_fn malloc_fn;
    dg_calloc_fn calloc_fn;
    dg_realloc_fn realloc_fn;
    dg_free_fn free_fn;
} hook = {malloc, calloc, realloc, free};

dg_status dg_replace_allocator(dg_malloc_fn malloc_fn, dg_calloc_fn calloc_fn,
                               dg_realloc_fn realloc_fn, dg_free_fn free_fn)
{
    if (!malloc_fn || !calloc_fn || !realloc_fn || !free_fn) return DG_EINVAL;
    hook.malloc_fn = malloc_fn;
    hook.calloc_fn = calloc_fn;
    hook.realloc_fn = realloc_fn;
    hook.free_fn = free_fn;
    return DG_OK;
}

void *dg__malloc(size_t size)
{
    /* malloc(0) may return NULL, which callers would take for a failure */
    return hook.malloc_fn(size ? size : 1);
}

void *dg__calloc(size_t count, size_t size)
{
    if (!count || !size) count = size = 1;
    return hook.calloc_fn(count, size);
}

void *dg__realloc(void *p, size_t size)
{
    return hook.realloc_fn(p, size ? size : 1);
}

void dg__free(void *p)
{
    /* kept NULL-safe whatever the hook does, as callers free NULL freely */
    if (p) hook.free_fn(p);
}

void dg_free(void *p)
{
    dg__free(p);
}

char *dg__strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = dg__malloc(n);
    if (p) memcpy(p, s, n);
    return p;
}

dg_status dg__nomem(dg_error *err, const char *what)
{
    if (!what) return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory");
    return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory %s", what);
}

dg_status dg__grow_to(void **p, size_t *cap, size_t need, size_t elem, const char *what,
                      dg_error *err)
{
    if (need <= *cap) return DG_OK;
    size_t want = *cap ? *cap : 16;
    while (want < need) want = want > SIZE_MAX / 2 ? need : want * 2;
    if (elem && want > SIZE_MAX / elem) return dg__nomem(err, what);
    void *g = dg__realloc(*p, want * elem);
    if (!g) return dg__nomem(err, what);
    *p = g;
    *cap = want;
    return DG_OK;
}
