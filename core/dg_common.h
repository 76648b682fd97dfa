/* dg_common.h -- the small layer core and render share (libuv's uv-common is
 * the model): every allocation through the one hook of dg_replace_allocator,
 * array growth with an overflow check, the out-of-memory error, element
 * counts. Included by dg_int.h and render's private headers; never installed. */
#ifndef DG_COMMON_H
#define DG_COMMON_H

#include "dg.h"

/* The elements of an array whose size the compiler knows (not a pointer). */
#define DG_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* malloc, calloc, realloc, free and strdup through the process's allocator
 * (alloc.c). A size of 0 asks for 1 byte, so NULL always means failure;
 * dg__free(NULL) is a no-op. core/ and render/ call nothing else (a test
 * greps for bare calls). */
void *dg__malloc(size_t size);
void *dg__calloc(size_t count, size_t size);
void *dg__realloc(void *p, size_t size);
void dg__free(void *p);
char *dg__strdup(const char *s);

/* Sets err to DG_ENOMEM, "out of memory <what>" (what may be NULL: "out of
 * memory"), and returns DG_ENOMEM so callers can return it. */
dg_status dg__nomem(dg_error *err, const char *what);

/* Makes *p (an array of *cap elements of elem bytes) hold at least need,
 * doubling (from 16) so appends stay amortised O(1); an array still in
 * storage not its own (a stack buffer) passes a NULL *p and copies itself
 * over. On failure, a size that would overflow included, *p and *cap are
 * untouched (still the caller's) and DG_ENOMEM says "out of memory <what>"
 * (err and what may be NULL). */
dg_status dg__grow_to(void **p, size_t *cap, size_t need, size_t elem, const char *what,
                      dg_error *err);
/* The test inline, the growing out of line: most calls are appends with
 * room to spare (a wall, a run, a room), and the call was their cost. */
static inline dg_status dg__grow(void **p, size_t *cap, size_t need, size_t elem, const char *what,
                                 dg_error *err)
{
    return need <= *cap ? DG_OK : dg__grow_to(p, cap, need, elem, what, err);
}

#endif
