/* budget.c -- memory_budget: what the maps being made may hold at once,
 * from each map's estimate (estimate.c). A map is admitted (its estimate
 * charged to the request), refused up front when it alone could never
 * fit, or turned away (503) while others hold the budget; the charge is
 * given back by maps.c's settle(), whatever the request's exit. */
#include <stdio.h>

#include "http_int.h"

/* A map whose estimate is over 1/BIG_SHARE of the budget is big: big maps
 * together may hold at most (BIG_SHARE - 1)/BIG_SHARE of it, so the rest
 * is always there for small ones (one client looping the biggest map a
 * deployment admits no longer turns everyone else's maps into 503s). */
#define BIG_SHARE 4

bool srv_budget_admit(srv_req *r, size_t need)
{
    srv_http *h = r->h;
    size_t cap = __atomic_load_n(&h->cfg.memory_budget, __ATOMIC_RELAXED);   /* SIGHUP may set it */
    bool big = cap && need > cap / BIG_SHARE;
    if (big) {
        size_t cur_big = __atomic_load_n(&h->mem_big, __ATOMIC_RELAXED);
        do {
            if (cur_big > 0 && cur_big + need > cap / BIG_SHARE * (BIG_SHARE - 1)) return false;
        } while (!__atomic_compare_exchange_n(&h->mem_big, &cur_big, cur_big + need, true, __ATOMIC_ACQ_REL,
                                              __ATOMIC_RELAXED));
    }
    size_t cur = __atomic_load_n(&h->mem_in_use, __ATOMIC_RELAXED);
    do {
        if (cap && cur > 0 && cur + need > cap) {
            if (big) __atomic_fetch_sub(&h->mem_big, need, __ATOMIC_ACQ_REL);
            return false;
        }
    } while (!__atomic_compare_exchange_n(&h->mem_in_use, &cur, cur + need, true, __ATOMIC_ACQ_REL,
                                          __ATOMIC_RELAXED));
    r->mem = need;
    r->mem_big = big;
    return true;
}

bool srv_budget_release(srv_req *r)
{
    if (!r->mem) return false;
    __atomic_fetch_sub(&r->h->mem_in_use, r->mem, __ATOMIC_ACQ_REL);
    if (r->mem_big) __atomic_fetch_sub(&r->h->mem_big, r->mem, __ATOMIC_ACQ_REL);
    r->mem = 0;
    r->mem_big = false;
    return true;
}

/* A map whose estimate alone passes the big maps' share of the budget
 * (three quarters) could only be made by taking the share kept for small
 * maps, or past the whole budget: it is refused up front, naming what
 * fits, instead of being admitted alone (a pod's memory limit sits just
 * above the budget: docs/scaling.md). */
bool srv_budget_too_big(srv_http *h, size_t need, const dg_options *o, dg_error *err)
{
    size_t cap = __atomic_load_n(&h->cfg.memory_budget, __ATOMIC_RELAXED);
    cap = cap / BIG_SHARE * (BIG_SHARE - 1);
    if (!cap || need <= cap) return false;
    char value[48], allowed[96];
    snprintf(value, sizeof value, "%dx%d", o->rows, o->cols);
    double scale = (double)cap / (double)need;
    snprintf(allowed, sizeof allowed, "a map this server can make in %zu MB (about %.0f%% of this one's cells)",
             cap >> 20, 100 * scale);
    dg_error_set(err, DG_ELIMIT, "rows", value, allowed,
                 "this map needs about %zu MB (%s, %d floor%s) and big maps may hold %zu MB of the memory budget: "
                 "fewer cells, "
                 "a smaller ppg or cell, or fewer floors",
                 need >> 20, dg_format_name(o->format), o->floors, o->floors == 1 ? "" : "s", cap >> 20);
    return true;
}
