/* stock_war_band.c -- the mixes stock_encounter.c's builder tries when
 * no draw of a leader, its rank and file and its beasts lands in the band:
 * a kind the draws settled for alone paired with another of the cast, and
 * a lair's war band of a leader, lieutenants and followers, the theme's
 * allies joining when the cast alone cannot reach the band, and a second
 * kind of followers when a crowded lair's three groups cannot. The band
 * and its helpers are stock_band.h's. */
#include "stock_band.h"

#include <string.h>

#define PACK_PERCENT 25       /* a group of one kind the draws settled for, kept so */

/* The theme's allies who fit (stock_themes.c): mighty creatures of its
 * fiction outside the cast, for a lair the cast cannot fill. */
void dg__allies_of(band *b, pool *p)
{
    const dg__theme *t = &dg__themes[b->w->theme];
    p->n = 0;
    for (int k = 0; k < DG__ALLIES_MAX && t->allies[k]; k++) {
        int i = dg__srd_cast(b->s, t->allies[k]);
        if (i >= 0 && dg__band_fits(b, i)) p->idx[p->n++] = i;
    }
}

#define WAR_CAST (DG__ROLE_COUNT * DG__CAST_MAX + DG__ALLIES_MAX) /* the whole cast and its allies */

/* The creatures a mix holds already, by table id: a role's creature is
 * looked up at one look, not compared with each one kept (the mixes
 * below gather up to WAR_CAST). */
typedef struct {
    uint64_t bits[(CAP_IDS + 63) / 64];
} ids_in;
/* Adds id to in; false when it was in already. */
static bool ids_add(const band *b, ids_in *in, int id)
{
    int at = id - b->mon_base;
    uint64_t bit = 1ull << (at & 63);
    if (in->bits[at >> 6] & bit) return false;
    in->bits[at >> 6] |= bit;
    return true;
}

/* A mix for a group of one kind the draws settled for (four cloakers:
 * the band, at high level, asks more than a leader and its lesser
 * rank and file reach): the kind m beside one other of the cast who does
 * not outrank it, both in numbers (four cloakers and three chuuls), from
 * a drawn start. False when none lands in the band, for beasts, which
 * keep to packs of their own kind, and PACK_PERCENT of the time. */
bool dg__pair_up(dg_rng *r, band *b, const pool *roles, int m, dg_encounter *out)
{
    /* a pack of beasts (wolves, spiders, a swarm's kin) hunts as a pack */
    if (CREA(b, m)->bits & T_PACK) return false;
    /* and some bands are one kind still (a pack of ghouls, a coven of
     * ice devils): not every room a muster */
    if (dg__rng_percent(r, PACK_PERCENT)) return false;
    int all[WAR_CAST], n = 0;
    ids_in in = {{0}};
    for (int role = b->w->lair ? DG__ROLE_BOSS : DG__ROLE_LEADER; role < DG__ROLE_COUNT; role++)
        for (int k = 0; k < roles[role].n; k++) {
            int q = roles[role].idx[k];
            if (q == m || dg__band_follower(b, m, q) < 0 || !ids_add(b, &in, q)) continue;
            all[n++] = q;
        }
    int start = n ? (int)dg__rng_below(r, (uint32_t)n) : 0;
    for (int s = 0; s < n; s++) {
        int q = all[(start + s) % n], nf = 0, nb = 0;
        if (dg__band_counts(r, b, -1, m, DG_ENC_MAX_OF_A_KIND, q, DG_ENC_MAX_OF_A_KIND, &nf, &nb) && nf && nb) {
            out->n_groups = 0;
            dg__band_put(out, m, nf);
            dg__band_put(out, q, nb);
            out->boss = false;
            return true;
        }
    }
    return false;
}

/* The war band's last mix, for a crowded lair: heads[] in turn, each
 * with all the lieutenants of one kind it may have (or more of its own
 * kind) and two kinds of followers, their counts in the band. all[] is
 * the cast, mightiest first, with each one's most as a lieutenant
 * (lt_n), as a follower (f_n) and the XP that buys (f_most); followers
 * are tried from fstart. The index in heads[] of the one who leads them;
 * -1 none. */
static int second_followers(dg_rng *r, band *b, const int *all, int n, const int *heads, int n_heads,
                             const int *lt_n, const int *f_n, const long *f_most, int fstart, dg_encounter *out)
{
    /* the most lieutenants and two followers' kinds add: no mix of a head
     * short of the band even so is walked */
    long lt_best = 0, f_best = 0, f_next = 0;
    for (int i = 0; i < n; i++) {
        if ((long)CREA(b, all[i])->xp * lt_n[i] > lt_best) lt_best = (long)CREA(b, all[i])->xp * lt_n[i];
        if (f_most[i] > f_best) f_next = f_best, f_best = f_most[i];
        else if (f_most[i] > f_next) f_next = f_most[i];
    }
    for (int h = 0; h < n_heads; h++) {
        int l = heads[h];
        long lxp = CREA(b, l)->xp;
        if (dg__band_adjusted(b, lxp + lt_best + f_best + f_next, b->most) < b->lo) continue;
        for (int i = 0; i <= n; i++) {
            bool own = i == n;
            int lt = own ? l : all[i], at = 0;
            while (own && at < n && all[at] != l) at++;
            if (own ? at == n || lt_n[at] < 2 : lt == l || dg__band_follower(b, l, lt) < 0 || !dg__band_same_colour(b, l, lt)) continue;
            int lt_count = own ? lt_n[at] - 1 : lt_n[i];
            long lt_xp = (long)CREA(b, lt)->xp * lt_count;
            if (dg__band_adjusted(b, lxp + lt_xp + f_best + f_next, b->most) < b->lo) continue;
            for (int j = 0; j < n; j++) {
                int fj = (fstart + j) % n, m = all[fj];
                /* followers come in numbers: no lone legendary creature among them */
                if (m == l || m == lt || f_n[fj] < FOLLOWERS_LEAST || dg__band_follower(b, l, m) < 0) continue;
                if (dg__band_adjusted(b, lxp + lt_xp + f_most[fj] + f_best, b->most) < b->lo) continue;
                for (int j2 = j + 1; j2 < n; j2++) {
                    int fk = (fstart + j2) % n, k = all[fk];
                    if (k == l || k == lt || f_n[fk] < FOLLOWERS_LEAST || dg__band_follower(b, l, k) < 0) continue;
                    int most = 1 + lt_count + f_n[fj] + f_n[fk];
                    if (most > b->most) most = b->most;
                    if (dg__band_adjusted(b, lxp + lt_xp + f_most[fj] + f_most[fk], most) < b->lo) continue;
                    int nf = 0, nk = 0;
                    if (!dg__band_counts_under(r, b, l, lt, lt_count, m, k, &nf, &nk)) continue;
                    /* the mightier followers first: leader, lieutenants, followers */
                    bool swap = CREA(b, k)->xp > CREA(b, m)->xp;
                    dg__band_put(out, l, own ? 1 + lt_count : 1);
                    if (!own) dg__band_put(out, lt, lt_count);
                    dg__band_put(out, swap ? k : m, swap ? nk : nf);
                    dg__band_put(out, swap ? m : k, swap ? nf : nk);
                    return h;
                }
            }
        }
    }
    return -1;
}

/* The lair's war band, when no draw of leader, rank and file and beasts
 * reaches the top band (a lich, four wights and six ogre zombies are a
 * moderate fight for six level-20 characters under the 2024 budget): the
 * leader (the boss, else one of the bosses' or leaders' roles) takes the
 * mightiest of the whole cast who do not outrank it as lieutenants, up
 * to four of a kind from challenge 5 up (a true dragon or a legendary
 * creature still two or one), and any of the cast as followers. The
 * lieutenants are tried mightiest first, so the band is reached when the
 * cast can reach it at all; the followers from a drawn start.
 *
 * allies (NULL: none): when the cast alone cannot reach the band (a
 * vermin nest's mightiest against five level-20 characters), the theme's
 * allies join the lieutenants and followers, never above the leader;
 * from DG__ALLY_MASTER_LEVEL one of them may lead, after every head of
 * the cast, where no boss is kept (a rerolled lair keeps its own). */
/* The cast by role (and allies, NULL none) into all, each once,
 * mightiest first (of equals, the first met first); their number. */
static int mightiest_first(band *b, const pool *roles, const pool *allies, int *all)
{
    int n = 0;
    ids_in in = {{0}};
    pool with[DG__ROLE_COUNT + 1];
    int n_with = DG__ROLE_COUNT;
    memcpy(with, roles, DG__ROLE_COUNT * sizeof *roles);
    if (allies) with[n_with++] = *allies;
    for (int role = 0; role < n_with; role++)
        for (int k = 0; k < with[role].n; k++) {
            int m = with[role].idx[k], at = n;
            if (!ids_add(b, &in, m)) continue;
            while (at > 0 && CREA(b, all[at - 1])->xp < CREA(b, m)->xp) at--;
            memmove(&all[at + 1], &all[at], (size_t)(n - at) * sizeof *all);
            all[at] = m;
            n++;
        }
    return n;
}

bool dg__war_band(dg_rng *r, band *b, const pool *roles, const pool *allies, dg_encounter *out)
{
    int all[WAR_CAST], n;
    /* the cast alone is the same for every band of one want: sorted once
     * (the memo's fit), the allies' mix afresh */
    struct dg__fit *fit = b->fit;
    if (!allies && fit && roles == fit->roles) {
        if (fit->war_n < 0) fit->war_n = mightiest_first(b, roles, NULL, fit->war_all);
        n = fit->war_n;
        memcpy(all, fit->war_all, (size_t)n * sizeof *all);
    } else {
        n = mightiest_first(b, roles, allies, all);
    }
    int heads[2 * DG__CAST_MAX + DG__ALLIES_MAX], n_heads = 0;
    if (b->w->boss >= 0) heads[n_heads++] = b->w->boss;
    else
        for (int role = DG__ROLE_BOSS; role <= DG__ROLE_LEADER; role++) {
            int start = roles[role].n ? (int)dg__rng_below(r, (uint32_t)roles[role].n) : 0;
            for (int k = 0; k < roles[role].n; k++) heads[n_heads++] = roles[role].idx[(start + k) % roles[role].n];
        }
    int cast_heads = n_heads;
    if (allies && b->w->boss < 0 && (b->w->level >= DG__ALLY_MASTER_LEVEL || b->w->crowd))
        for (int k = 0; k < allies->n; k++) heads[n_heads++] = allies->idx[k];
    if (!n) return false;
    dg__band_at_war(b, true);
    /* each one's most as a lieutenant and as a follower, and the XP that
     * buys: a leader, lieutenants and followers whose most falls short of
     * the band are not counted out (a weak cast's lair tries them all) */
    long f_most[WAR_CAST + 1], lt_most[WAR_CAST];
    int lt_n[WAR_CAST], f_n[WAR_CAST + 1], cr8[WAR_CAST + 1];
    for (int i = 0; i < n; i++) {
        lt_n[i] = dg__band_most_of(b, all[i], MIGHTY_MOST);
        f_n[i] = dg__band_most_of(b, all[i], DG_ENC_MAX_OF_A_KIND);
        f_most[i] = (long)CREA(b, all[i])->xp * f_n[i];
        lt_most[i] = (long)CREA(b, all[i])->xp * lt_n[i];
        /* whom each may follow (dg__band_follower's test), read once a
         * call: every head asks it of every lieutenant and follower */
        cr8[i] = CREA(b, all[i])->cr8;
    }
    f_most[n] = f_n[n] = 0; /* no followers */
    /* the most any lieutenants and any followers add, and the largest
     * multiplier: a head, or a head and its lieutenants, that cannot reach
     * the band even so is passed over before its followers are tried
     * (no draw is made for it either way) */
    long lt_best = 0, f_best = 0;
    for (int i = 0; i < n; i++) {
        if (lt_most[i] > lt_best) lt_best = lt_most[i];
        if (f_most[i] > f_best) f_best = f_most[i];
    }
    int fstart = (int)dg__rng_below(r, (uint32_t)n);
    /* the followers in the order tried: from the drawn start, then none */
    int order[WAR_CAST + 1];
    for (int j = 0; j <= n; j++) order[j] = j < n ? (fstart + j) % n : n;
    /* the band's terms in locals (dg__band_adjusted's, compared doubled:
     * a sum is never negative, so sum x mult2 / 2 falls short of lo
     * exactly when sum x mult2 falls short of twice it) */
    const long lo2 = 2 * b->lo, hi2 = 2 * b->hi;
    const int *mult2 = b->mult2 + b->base_n, cap = b->most;
    for (int h = 0; h < n_heads; h++) {
        int l = heads[h];
        const long lxp = CREA(b, l)->xp + b->base_xp;
        const int l_cr8 = CREA(b, l)->cr8;
        if ((lxp + lt_best + f_best) * mult2[cap] < lo2) continue;
        /* a head already over the band's top, or too big for the room, on
         * its own: every walk below starts from it alone and ends there
         * (nine walks in ten here did), drawing nothing */
        if (lxp * mult2[1] >= hi2 || (b->room && dg__band_squares(b, l) > b->room)) continue;
        /* who may follow this head, in the order tried, and what each
         * brings (its most and their XP), read once a head when first
         * asked: every lieutenant tried walks them again */
        int fm[WAR_CAST + 1], fn[WAR_CAST + 1], n_may = -1;
        long fxp[WAR_CAST + 1], may_best = 0;
        /* last (i == n), the leader's own kind beside it, up to its cap
         * in all (four purple worms: the nest's mightiest, not a weaker
         * band) */
        for (int i = 0; i <= n; i++) {
            bool own = i == n;
            int lt = own ? l : all[i];
            int at = 0;
            while (own && at < n && all[at] != l) at++;
            if (own ? at == n || lt_n[at] < 2 : lt == l || cr8[i] > l_cr8) continue;
            int lt_count = own ? lt_n[at] - 1 : lt_n[i];
            long head = lxp + (own ? (long)CREA(b, lt)->xp * lt_count : lt_most[i]);
            if ((head + f_best) * mult2[cap] < lo2) continue;
            if (!own && !dg__band_same_colour(b, l, lt)) continue;
            if (n_may < 0) {
                n_may = 0;
                for (int j = 0; j <= n; j++) {
                    int m = j < n ? all[order[j]] : -1; /* last: lieutenants alone */
                    if (m >= 0 && (m == l || cr8[order[j]] > l_cr8)) continue;
                    fm[n_may] = m;
                    fn[n_may] = f_n[order[j]];
                    fxp[n_may] = f_most[order[j]];
                    if (fxp[n_may] > may_best) may_best = fxp[n_may];
                    n_may++;
                }
            }
            /* the head's own followers' most, not the whole cast's */
            if ((head + may_best) * mult2[cap] < lo2) continue;
            for (int j = 0; j < n_may; j++) {
                int m = fm[j];
                if (m == lt && m >= 0) continue;
                int most = 1 + lt_count + fn[j];
                if (most > cap) most = cap;
                if ((head + fxp[j]) * mult2[most] < lo2) continue;
                /* in reach (the walk's first look, asked just now): walked */
                int nf = 0, nb = 0;
                long lead_xp = CREA(b, l)->xp;
                if (dg__band_walk(r, b, lead_xp, 1, dg__band_squares(b, l), lt, lt_count, m, fn[j], 0, &nf, &nb)) {
                    dg__band_at_war(b, false);
                    dg__band_put(out, l, own ? 1 + nf : 1);
                    if (!own) dg__band_put(out, lt, nf);
                    dg__band_put(out, m, nb);
                    out->boss = b->w->boss >= 0 || h < roles[DG__ROLE_BOSS].n || h >= cast_heads;
                    return true;
                }
            }
        }
    }
    /* a crowded lair (stock_int.h's crowd) that three groups cannot bring
     * to the band (a mummy lord, a vampire and four wraiths for seven
     * level-14 characters under 2024, where numbers add nothing): the
     * leader, all its lieutenants, and a second kind of followers beside
     * the first (three wraiths and four vampire spawn) */
    int h = b->w->crowd ? second_followers(r, b, all, n, heads, n_heads, lt_n, f_n, f_most, fstart, out) : -1;
    if (h >= 0) out->boss = b->w->boss >= 0 || h < roles[DG__ROLE_BOSS].n || h >= cast_heads;
    dg__band_at_war(b, false);
    return h >= 0;
}
