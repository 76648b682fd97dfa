/* stock_band.h -- stock-private: the band an encounter is built in (the
 * party's XP band, the rules' creature table, what the band has read of
 * its creatures) and the helpers stock_encounter.c's builder,
 * stock_war_band.c's war band and pairs, stock_counts.c's counts and
 * stock_creatures.c's packed creatures share. Never installed. */
#ifndef DG_STOCK_BAND_H
#define DG_STOCK_BAND_H

#include "stock_int.h"

#define BEASTS_MAX 4          /* beasts and servants kept with a group */
#define MIGHTY_CR 5           /* from challenge 5 up, at most MIGHTY_MOST of one kind */
#define MIGHTY_MOST 4

typedef struct {
    int idx[DG__CAST_MAX];
    int n;
} pool;

#define MOST (1 + DG_ENC_MAX_OF_A_KIND + BEASTS_MAX) /* creatures in one encounter */
/* creatures a crowded lair holds under 2024: its leader, four lieutenants
 * and two kinds of followers (and still no more than two a character) */
#define CROWD_MOST (1 + MIGHTY_MOST + 2 * DG_ENC_MAX_OF_A_KIND)

/* What the builder reads of a creature (its SRD row, its stat block and
 * its name), packed once a process (stock_creatures.c says why). */
enum { T_LEGENDARY = 1, T_WYRMLING = 2, T_COLOUR = 4, /* traits of its stat block and name */
       T_ROAMS = 8,                                    /* dg__monster_roams */
       T_PACK = 16,                                    /* a beast or a swarm: hunts in packs */
       T_TALKS = 32, T_WATER = 64 };                   /* dg__adv_talks, dg_monster_lives_in_water */
/* cap[]'s slots: the caps kept (+1 in a lair's war band), lifted (+1 a lair) */
enum { CAP_KEPT = 0, CAP_LIFTED = 2 };
typedef struct {
    int xp;
    unsigned short cr8;
    unsigned char size, bits; /* dg_size, T_ flags */
    unsigned char colour_at, colour_len; /* the dragon's colour word in its name, T_COLOUR set */
    unsigned char cap[4];     /* how many one group holds at most (CAP_NONE: no cap), by slot */
} dg__crea;
/* rules' table's creatures, packed, indexed by id - monster_base */
const dg__crea *dg__creatures(dg_rules rules);

/* a slot per creature of either rules' table */
#define CAP_IDS (DG__MONSTER_COUNT > DG__MONSTER_COUNT_2024 ? DG__MONSTER_COUNT : DG__MONSTER_COUNT_2024)
#define CAP_NONE 255          /* no cap but the group's most (dg__crea's caps) */

/* What the builder reads of the cast again and again, read once a
 * stocking (stock_cast_memo.c): the multiplier by count, the cast who fit
 * each want (each theme's roles as the rules' table ids are read once a
 * process, dg__cast_memo_roles, as are the creatures, dg__creatures). Built
 * afresh per encounter before, a fifth of a stocked 45x23 map's time went
 * to reading the same few creatures' names, stat blocks and cast rows
 * again. Keyed by the rules and party it was made for (a build for any
 * other reads afresh, into a memo of its own). */
#define MEMO_FITS 8           /* wants kept: a floor's room sizes, guards, wanderers */
/* What dg__band_fits reads of a want (all ints: compared whole). */
typedef struct {
    int theme, wander, max_size, shun, master, masters_own, most_cr8, level, wave;
} fit_key;
typedef struct dg__cast_memo {
    dg_rules rules;
    int party;
    const dg__srd *s;
    int mult2[CROWD_MOST + 1]; /* dg__multiplier2 by count, for this party (2: x1) */
    const dg__crea *crea;     /* dg__creatures(rules) */
    /* each want met: its roles' creatures who fit it (dg__band_fits),
     * the same for every difficulty and every room alike: a floor asks a
     * few wants over and over (a room's bands tried in turn, its rooms of
     * one size) */
    int n_fits, next_fit, last_fit; /* last_fit: the want met last */
    struct dg__fit {
        fit_key key;
        pool roles[DG__ROLE_COUNT];
        bool whole;           /* all made: every role's, each once (the one-kind fallback's) */
        pool all;
        bool topped;          /* top made: */
        int top[DG__ROLE_COUNT]; /* each role's mightiest (most XP, the first of equals), -1 none */
        int war_n;            /* -1 unmade, else war_all's: the war band's cast, mightiest first */
        int war_all[DG__ROLE_COUNT * DG__CAST_MAX];
    } fits[MEMO_FITS];
} dg__cast_memo;

/* A memo for rules and party, nothing read yet. */
void dg__cast_memo_init(dg__cast_memo *m, dg_rules rules, int party);
/* Theme's roles as m's rules' table ids (unfiltered), read once a
 * process. */
const pool *dg__cast_memo_roles(dg__cast_memo *m, int theme);

typedef struct {
    const dg__enc_want *w;
    const dg__srd *s;         /* the rules' creature table */
    long lo, hi;
    int max_cr8;
    int most;                 /* creatures one encounter may have */
    const int *mult2;         /* the memo's, by count up to CROWD_MOST */
    long base_xp;             /* a wave's: the XP and number of the fight it joins, */
    int base_n;               /* counted with it (the DMG's multiplier on the whole) */
    bool war;                 /* a lair's war band: four of a kind from challenge 10 up (dg__band_at_war) */
    dg__cast_memo *memo;      /* w's, or the build's own */
    /* s's creature rows, packed (dg__crea) and whole, and their first
     * id; the caps' slot out of war and in it (-1: a wave's, asked
     * afresh), cap_slot the one of them for war, read once a build:
     * every count asked reads them */
    const dg__crea *crea;
    const dg_monster *mons;
    int mon_base;
    int cap_slot, cap_at[2];
    struct dg__fit *fit;      /* the cast by role who fit w (the memo's) */
    int room;                 /* the squares its creatures may fill (0: no limit) */
    /* the master's, read once a band (dg__band_fits asks of every creature cast) */
    bool masters_own;         /* the master is one of a kind (stock_encounter.c's the_masters_own) */
    const dg__crea *master;   /* its row, w->master >= 0 (else NULL) */
} band;

#define MON(b, id) (&(b)->mons[(id) - (b)->mon_base])
/* id's packed row: what the builder reads of it again and again */
#define CREA(b, id) (&(b)->crea[(id) - (b)->mon_base])

/* A leader outranks whom it leads and what it keeps: no duergar at the head
 * of three ropers, no master weaker than its lair. -1 when f may not follow
 * l (no leader: anyone may). */
static inline int dg__band_follower(const band *b, int l, int f)
{
    return l >= 0 && f >= 0 && CREA(b, f)->cr8 > CREA(b, l)->cr8 ? -1 : f;
}

/* count creatures of xp_sum XP in all, adjusted by the band's multiplier
 * (a wave's with the fight it joins: the whole is judged) */
static inline long dg__band_adjusted(const band *b, long xp_sum, int count)
{
    return (xp_sum + b->base_xp) * b->mult2[count + b->base_n] / 2;
}

/* How many of creature m one group holds at most (CAP_NONE: no cap):
 * stock_creatures.c says why; a wave's, stock_encounter.c. */
int dg__band_cap(band *b, int m);
/* dg__band_cap, the memo's (the caps lifted: read afresh); most (at
 * least 1) when lower. */
static inline int dg__band_most_of(band *b, int m, int most)
{
    int cap = b->cap_slot < 0 ? dg__band_cap(b, m) /* a wave's own */ : CREA(b, m)->cap[b->cap_slot];
    return cap < most ? cap : most;
}

/* The band in a lair's war band (war) or out of it: its caps with it. */
static inline void dg__band_at_war(band *b, bool war)
{
    b->war = war;
    b->cap_slot = b->cap_at[war];
}

/* Whether creature id may be cast in the band's room (size, speed,
 * challenge, the master's kin and rank). */
bool dg__band_fits(band *b, int id);
/* Whether dragons l and lt (or creatures of no colour) share a colour. */
bool dg__band_same_colour(band *b, int l, int lt);
/* stock_counts.c: whether any counts of f (up to max_f) and k (up to
 * max_b) beside a head of base_n creatures and base_xp XP could land in
 * the band: the most of each (every sum at most the largest, the
 * multiplier never less for more creatures). Most asks end here (seven in
 * ten over a 45x23 map's stocking), so it is asked before the walk is
 * called, from the callers' own figures, and draws nothing. A sum is never
 * negative, so adjusted (sum x mult2 / 2) reaches a bound exactly when
 * sum x mult2 reaches twice it: compared so, no halving. */
static inline bool dg__band_within_reach(const band *b, long base_xp, int base_n, int f, int max_f, int k, int max_b)
{
    int top = base_n + max_f + max_b;
    if (top > b->most) top = b->most;
    if (top == 0) return false;
    long sum = base_xp + b->base_xp;
    if (max_f) sum += (long)CREA(b, f)->xp * max_f;
    if (max_b) sum += (long)CREA(b, k)->xp * max_b;
    return sum * b->mult2[b->base_n + top] >= 2 * b->lo;
}
/* 5-ft squares creature m takes (the PHB's space table); none (-1) none */
static inline int dg__band_squares(const band *b, int m)
{
    static const int of_size[DG_SIZE_COUNT] = {1, 1, 1, 4, 9, 16};
    return m >= 0 ? of_size[CREA(b, m)->size] : 0;
}
/* The walk behind dg__band_counts, for a caller that has asked its first
 * look already (the most of f and k, max_f and max_b, reach the band):
 * beside a head of base_n creatures (0: none; the leader, or a lair's
 * leader and its lieutenants) of base_xp XP and base_sq squares in all;
 * least > 0: both f and k, at least least of each. */
bool dg__band_walk(dg_rng *r, band *b, long base_xp, int base_n, int base_sq, int f, int max_f, int k, int max_b,
                   int least, int *nf, int *nb);
/* Counts of followers f and beasts k (either -1: none) beside leader l
 * (-1: none), at most f_most and k_most of each, whose adjusted XP lies in
 * the band, the mixes with the most kinds preferred, one drawn evenly
 * among those; false when none (nothing drawn). Inlined wherever asked
 * (the builder asks it at every try, and the compiler had kept it a call). */
static inline __attribute__((always_inline)) bool dg__band_counts(dg_rng *r, band *b, int l, int f, int f_most, int k, int k_most, int *nf, int *nb)
{
    int max_f = f >= 0 ? dg__band_most_of(b, f, f_most) : 0, max_b = k >= 0 ? dg__band_most_of(b, k, k_most) : 0;
    long lxp = l >= 0 ? CREA(b, l)->xp : 0;
    if (!dg__band_within_reach(b, lxp, l >= 0, f, max_f, k, max_b)) return false;
    /* a leader over the band's top or too big for the room on its own:
     * the walk would end at its first count, drawing nothing (a quarter
     * of the walks asked here did) */
    if (l >= 0 && ((lxp + b->base_xp) * b->mult2[b->base_n + 1] >= 2 * b->hi ||
                   (b->room && dg__band_squares(b, l) > b->room)))
        return false;
    return dg__band_walk(r, b, lxp, l >= 0, dg__band_squares(b, l), f, max_f, k, max_b, 0, nf, nb);
}
/* dg__band_counts beside leader l and lt_count lieutenants lt: counts of
 * two kinds of followers f and k, FOLLOWERS_LEAST to DG_ENC_MAX_OF_A_KIND
 * (their caps allowing) each. */
#define FOLLOWERS_LEAST 2     /* a lone creature is no one's followers */
bool dg__band_counts_under(dg_rng *r, band *b, int l, int lt, int lt_count, int f, int k, int *nf, int *nb);
/* Adds count of monster to e (nothing when either is none). */
void dg__band_put(dg_encounter *e, int monster, int count);

/* stock_war_band.c: the mixes tried when no draw of leader, rank and file
 * and beasts lands in the band. */
/* The theme's allies who fit, into p. */
void dg__allies_of(band *b, pool *p);
/* Kind m, which the draws settled for alone, beside one other of the cast;
 * false when none lands in the band (and at times anyway: a pack). */
bool dg__pair_up(dg_rng *r, band *b, const pool *roles, int m, dg_encounter *out);
/* The lair's war band: a leader, lieutenants and followers (allies, NULL
 * none, join them when the cast cannot reach the band). */
bool dg__war_band(dg_rng *r, band *b, const pool *roles, const pool *allies, dg_encounter *out);

#endif
