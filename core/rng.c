/* rng.c -- PCG32, the project's own small PRNG, and the 64-bit text hash.
 * Everything random in a map comes from one dg_rng passed by hand. */
#include "rng_int.h"

void dg_rng_seed(dg_rng *r, uint64_t seed, uint64_t stream)
{
    r->state = 0u;
    r->inc = (stream << 1u) | 1u;
    (void)dg__rng_next(r);
    r->state += seed;
    (void)dg__rng_next(r);
}

uint32_t dg_rng_next(dg_rng *r) { return dg__rng_next(r); }
uint32_t dg_rng_below(dg_rng *r, uint32_t n) { return dg__rng_below(r, n); }
bool dg_rng_percent(dg_rng *r, int percent) { return dg__rng_percent(r, percent); }

uint64_t dg_hash64(const void *data, size_t len, uint64_t salt)
{
    const unsigned char *p = data;
    uint64_t h = 0xcbf29ce484222325ULL ^ salt;
    for (size_t i = 0; i < len; i++) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    /* splitmix64 finaliser: FNV alone leaves short strings clustered */
    h ^= h >> 30; h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 27; h *= 0x94d049bb133111ebULL;
    h ^= h >> 31;
    return h;
}
