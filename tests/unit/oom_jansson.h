/* oom_jansson.h -- runs a JSON encoder that builds a jansson document with
 * jansson's allocator failing at every point in turn: each run must end in
 * DG_OK or DG_ENOMEM, give back every block jansson handed out, and on
 * failure leave the caller's buffer as it was. For the VTT encoders (the
 * native and donjon documents use no jansson: json_write.c). */
#ifndef OOM_JANSSON_H
#define OOM_JANSSON_H

#include <criterion/criterion.h>
#include <jansson.h>
#include <stdlib.h>

#include "render.h"

static long oom_budget, oom_live;

static void *oom_malloc(size_t n)
{
    if (oom_budget-- <= 0) return NULL;
    void *p = malloc(n);
    if (p) oom_live++;
    return p;
}

static void oom_free(void *p)
{
    if (p) oom_live--;
    free(p);
}

typedef dg_status (*oom_encoder)(const dg_dungeon *, dg_buf *, dg_error *);

/* One run with jansson failing at allocation n (0: the first), checked by
 * the rules above; whether the encode succeeded. */
static inline bool oom_check_encoder_at(oom_encoder encode, const dg_dungeon *d, long n)
{
    oom_budget = n;
    oom_live = 0;
    dg_buf b;
    dg_buf_init(&b);
    dg_buf_append(&b, "x", 1, NULL);
    dg_error err;
    dg_error_clear(&err);
    dg_status rc = encode(d, &b, &err);
    cr_assert(rc == DG_OK || rc == DG_ENOMEM, "budget %ld: %d %s", n, (int)rc, err.msg);
    cr_assert_eq(oom_live, 0, "budget %ld: %ld jansson blocks leaked", n, oom_live);
    if (rc != DG_OK) cr_assert_eq(b.len, 1, "budget %ld: a failed encode left bytes behind", n);
    dg_buf_fini(&b);
    return rc == DG_OK;
}

/* Failing at allocation 0, step, 2 step, ... until an encode succeeds (at
 * most max_budget); asserts the rules above at every point. Returns how
 * many points it tried, so a caller can tell it still reaches its code. */
static inline long oom_check_encoder(oom_encoder encode, const dg_dungeon *d, long max_budget, long step)
{
    json_set_alloc_funcs(oom_malloc, oom_free);
    bool ok = false;
    long points = 0;
    for (long n = 0; n < max_budget && !ok; n += step, points++) ok = oom_check_encoder_at(encode, d, n);
    json_set_alloc_funcs(malloc, free);
    cr_assert(ok, "never succeeded");
    return points;
}

#endif
