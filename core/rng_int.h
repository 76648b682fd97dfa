/* rng_int.h -- core-private: the draws of the project's PRNG (PCG32) and
 * the one shuffle, inline. rng.c's public functions wrap these, so the
 * sequence has one definition; dg_int.h passes them on to every pass and
 * generator. Needs nothing of the map under construction. */
#ifndef DG_RNG_INT_H
#define DG_RNG_INT_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "dg.h"

/* The draws of rng.c, inline: a map makes hundreds of draws and the call
 * would cost as much as the draw. rng.c's public functions are these, so
 * there is one definition of the sequence. */
#define DG__PCG_MULT 6364136223846793005ULL
static inline uint32_t dg__rng_next(dg_rng *r)
{
    uint64_t old = r->state;
    r->state = old * DG__PCG_MULT + r->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}
static inline uint32_t dg__rng_below(dg_rng *r, uint32_t n)
{
    if (n <= 1u) return 0u;
    /* Lemire's multiply-shift with rejection: unbiased, and the division
     * is only paid on the rare draws that land in the biased sliver */
    uint64_t m = (uint64_t)dg__rng_next(r) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (uint64_t)dg__rng_next(r) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}
static inline bool dg__rng_percent(dg_rng *r, int percent)
{
    return (int)dg__rng_below(r, 100u) < percent;
}

/* Fisher-Yates: shuffles n items of size bytes (at most 16) in place,
 * drawing below(k) for k = n down to 2, in that order: the draw order is
 * output, so every shuffle in the core is this one. */
static inline void dg__shuffle(dg_rng *r, void *items, size_t n, size_t size)
{
    unsigned char *p = items, t[16];
    assert(size <= sizeof t);
    for (size_t k = n; k > 1; k--) {
        size_t x = dg__rng_below(r, (uint32_t)k);
        memcpy(t, p + (k - 1) * size, size);
        memcpy(p + (k - 1) * size, p + x * size, size);
        memcpy(p + x * size, t, size);
    }
}

#endif
