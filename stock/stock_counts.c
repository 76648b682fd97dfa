/* stock_counts.c -- how many of each kind: the counts of followers and
 * beasts beside a head (a leader, or a lair's leader and lieutenants)
 * whose adjusted XP lands in the band (the DMG's multiplier on the whole
 * fight, no more creatures than one fight holds, no more squares than
 * the room spares), the mixes of the most kinds preferred and one drawn
 * evenly among them. The first look (could the most of each reach the
 * band at all?) is stock_band.h's dg__band_within_reach, asked by every
 * caller before a walk (seven asks in ten end there); which kinds are
 * tried is stock_encounter.c's and stock_war_band.c's. */
#include "stock_band.h"

#include <limits.h>

/* Rows of followers (i), each walked by beasts (j); stock_band.h says
 * what the arguments are. */
bool dg__band_walk(dg_rng *r, band *b, long base_xp, int base_n, int base_sq, int f, int max_f, int k, int max_b,
                   int least, int *nf, int *nb)
{
    long fxp = f >= 0 ? CREA(b, f)->xp : 0, kxp = k >= 0 ? CREA(b, k)->xp : 0;
    /* dg__band_adjusted's terms read once into locals: the walk's stores
     * (unsigned char, which may alias anything) would have each count
     * read the band again; compared doubled, as dg__band_within_reach says */
    const long head = base_xp + b->base_xp, lo2 = 2 * b->lo, hi2 = 2 * b->hi;
    const int *mult2 = b->mult2 + b->base_n, most = b->most;
    const int room = b->room ? b->room : INT_MAX; /* no room: no limit */
    int fsq = dg__band_squares(b, f), ksq = dg__band_squares(b, k);
    /* the mixes of the most kinds met so far, in the walk's order: one
     * drawn from them once the walk ends (it walked twice, counting, then
     * drawing) */
    unsigned char best_i[(DG_ENC_MAX_OF_A_KIND + 1) * (DG_ENC_MAX_OF_A_KIND + 1)],
        best_j[(DG_ENC_MAX_OF_A_KIND + 1) * (DG_ENC_MAX_OF_A_KIND + 1)];
    int best = 0, n_best = 0;
    /* a row ended at its first count (no beasts) ends every row after it:
     * more followers only add creatures, XP and squares */
    bool rows_left = true;
    for (int i = 0; i <= max_f && rows_left; i++) {
        /* a row whose last count within the most falls short of the band
         * (every count before it adds up to less) holds no mix: it is
         * passed over at one look, not walked count by count (most rows
         * tried); only its first count's room can end the rows after it */
        const long xp_i = head + fxp * i;
        const int n_i = base_n + i, sq_i = base_sq + fsq * i;
        int j_top = most - n_i < max_b ? most - n_i : max_b;
        if (j_top >= 0 && n_i + j_top > 0) {
            long a2 = (xp_i + kxp * j_top) * mult2[n_i + j_top];
            if ((a2 < lo2) & (a2 < hi2)) {
                if ((n_i > 0) & (sq_i > room)) rows_left = false;
                continue;
            }
        }
        /* a mix is a mix: two kinds or three alike; the row's counts with
         * beasts are all of one number of kinds (kinds_j), without them
         * maybe one less, so kinds are weighed once a row, not a count */
        int kinds_0 = (base_n > 0) + (i > 0), kinds_j = kinds_0 + 1 > 2 ? 2 : kinds_0 + 1;
        /* no creature at all is no mix, and ends nothing; a count's tests
         * joined (|, not ||): one branch each way a count, not one a test
         * (the walk's row terms and tests so, 81 -> 74 ns a walk over a
         * stocking's recorded walks) */
        for (int j = n_i == 0; j <= max_b; j++) {
            int count = n_i + j;
            long a2 = count > most ? 0 : (xp_i + kxp * j) * mult2[count];
            if ((count > most) | (a2 >= hi2) | (sq_i + ksq * j > room)) {
                rows_left = j > 0; /* more beasts only add */
                break;
            }
            if ((a2 < lo2) | (i < least) | (j < least)) continue;
            int kinds = j ? kinds_j : kinds_0;
            if (kinds < best) continue;
            if (kinds > best) best = kinds, n_best = 0;
            best_i[n_best] = (unsigned char)i;
            best_j[n_best++] = (unsigned char)j;
        }
    }
    if (!n_best) return false;
    int pick = (int)dg__rng_below(r, (uint32_t)n_best);
    *nf = best_i[pick];
    *nb = best_j[pick];
    return true;
}

bool dg__band_counts_under(dg_rng *r, band *b, int l, int lt, int lt_count, int f, int k, int *nf, int *nb)
{
    int max_f = dg__band_most_of(b, f, DG_ENC_MAX_OF_A_KIND), max_b = dg__band_most_of(b, k, DG_ENC_MAX_OF_A_KIND);
    long head = CREA(b, l)->xp + (long)CREA(b, lt)->xp * lt_count;
    if (!dg__band_within_reach(b, head, 1 + lt_count, f, max_f, k, max_b)) return false;
    return dg__band_walk(r, b, head, 1 + lt_count, dg__band_squares(b, l) + dg__band_squares(b, lt) * lt_count, f,
                         max_f, k, max_b, FOLLOWERS_LEAST, nf, nb);
}
