/* rng.c -- PCG32, the project's own small PRNG, and the 64-bit text hash.
 * Everything random in a map comes from one dg_rng passed by hand. */
#include "dg.h"

#define PCG_MULT 6364136223846793005ULL

void dg_rng_seed(dg_rng *r, uint64_t seed, uint64_t stream)
{
    r->state = 0u;
    r->inc = (stream << 1u) | 1u;
    (void)dg_rng_next(r);
    r->state += seed;
    (void)dg_rng_next(r);
}

uint32_t dg_rng_next(dg_rng *r)
{
    uint64_t old = r->state;
    r->state = old * PCG_MULT + r->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

uint32_t dg_rng_below(dg_rng *r, uint32_t n)
{
    if (n <= 1u) return 0u;
    /* Lemire's multiply-shift with rejection: unbiased, and the division
     * is only paid on the rare draws that land in the biased sliver */
    uint64_t m = (uint64_t)dg_rng_next(r) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (uint64_t)dg_rng_next(r) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

bool dg_rng_percent(dg_rng *r, int percent)
{
    return (int)dg_rng_below(r, 100u) < percent;
}

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
