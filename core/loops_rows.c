/* loops_rows.c -- the lattice's row passes (loops_lattice.c): a byte a
 * cell for a run of the map's words, each a loop gcc vectorises, written
 * once and made twice (eight cells a step where the CPU has AVX2, chosen
 * at run time, four elsewhere; the same bytes): where a walk may start,
 * where an opening may be, which rock is free. Tested cell by cell each
 * was a branch the map made unpredictable. */
#include "dg_int.h"
#include "loops_int.h"

/* Free rock beside a wall (a room's, or a door's place), a byte a cell:
 * where a walk may start (find_ways). */
static inline __attribute__((always_inline)) void seed_run(const uint32_t *restrict up, const uint32_t *restrict mid,
                                                          const uint32_t *restrict down,
                                                          const unsigned char *restrict fr, unsigned char *restrict out,
                                                          int n)
{
    const uint32_t keep = ~(uint32_t)DG_ENTRANCE;
    for (int i = 0; i < n; i++)
        out[i] = (unsigned char)(fr[i] & (((up[i] & keep) == DG_PERIMETER) | ((down[i] & keep) == DG_PERIMETER) |
                                          ((mid[i - 1] & keep) == DG_PERIMETER) | ((mid[i + 1] & keep) == DG_PERIMETER)));
}

DG__VECTORISED static void seed_row_plain(const uint32_t *restrict up, const uint32_t *restrict mid,
                                          const uint32_t *restrict down, const unsigned char *restrict fr,
                                          unsigned char *restrict out, int n)
{
    seed_run(up, mid, down, fr, out, n);
}

#ifdef DG__AVX2
DG__AVX2 DG__VECTORISED static void seed_row_wide(const uint32_t *restrict up, const uint32_t *restrict mid,
                                                  const uint32_t *restrict down, const unsigned char *restrict fr,
                                                  unsigned char *restrict out, int n)
{
    seed_run(up, mid, down, fr, out, n);
}
#endif

/* A wall open on two opposite sides (bridge_at's first test), a byte a
 * cell: where an opening may be (find_bridges). */
static inline __attribute__((always_inline)) void bridge_run(const uint32_t *restrict up, const uint32_t *restrict mid,
                                                            const uint32_t *restrict down, unsigned char *restrict out,
                                                            int n)
{
    for (int i = 0; i < n; i++)
        out[i] = (unsigned char)(((mid[i] & ~(uint32_t)DG_ENTRANCE) == DG_PERIMETER) &
                                 ((((up[i] & DG_OPENSPACE) != 0) & ((down[i] & DG_OPENSPACE) != 0)) |
                                  (((mid[i - 1] & DG_OPENSPACE) != 0) & ((mid[i + 1] & DG_OPENSPACE) != 0))));
}

DG__VECTORISED static void bridge_row_plain(const uint32_t *restrict up, const uint32_t *restrict mid,
                                            const uint32_t *restrict down, unsigned char *restrict out, int n)
{
    bridge_run(up, mid, down, out, n);
}

#ifdef DG__AVX2
DG__AVX2 DG__VECTORISED static void bridge_row_wide(const uint32_t *restrict up, const uint32_t *restrict mid,
                                                    const uint32_t *restrict down, unsigned char *restrict out, int n)
{
    bridge_run(up, mid, down, out, n);
}
#endif

/* A run of rock_free, the cells known inside the rim: rock with no
 * open cell beside it (between_corners is the caller's): 1, else 0. */
static inline __attribute__((always_inline)) void free_run(const uint32_t *restrict up, const uint32_t *restrict mid,
                                                          const uint32_t *restrict down, unsigned char *restrict out,
                                                          int n)
{
    for (int i = 0; i < n; i++)
        out[i] = (unsigned char)((mid[i] == DG_NOTHING) & (((up[i] | down[i] | mid[i - 1] | mid[i + 1]) & DG_OPENSPACE) == 0));
}

DG__VECTORISED static void free_row_plain(const uint32_t *restrict up, const uint32_t *restrict mid,
                                          const uint32_t *restrict down, unsigned char *restrict out, int n)
{
    free_run(up, mid, down, out, n);
}

#ifdef DG__AVX2
DG__AVX2 DG__VECTORISED static void free_row_wide(const uint32_t *restrict up, const uint32_t *restrict mid,
                                                  const uint32_t *restrict down, unsigned char *restrict out, int n)
{
    free_run(up, mid, down, out, n);
}
#endif

void dg__lattice_seed_row(const uint32_t *up, const uint32_t *mid, const uint32_t *down, const unsigned char *fr,
                          unsigned char *out, int n)
{
    DG__BY_CPU(seed_row, up, mid, down, fr, out, n);
}

void dg__lattice_bridge_row(const uint32_t *up, const uint32_t *mid, const uint32_t *down, unsigned char *out, int n)
{
    DG__BY_CPU(bridge_row, up, mid, down, out, n);
}

void dg__lattice_free_row(const uint32_t *up, const uint32_t *mid, const uint32_t *down, unsigned char *out, int n)
{
    DG__BY_CPU(free_row, up, mid, down, out, n);
}
