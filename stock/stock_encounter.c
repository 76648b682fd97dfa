/* stock_encounter.c -- one encounter, built from a theme's cast by role: a
 * leader (the boss, in the lair) heading its rank and file and the beasts
 * kept with them, whose adjusted XP falls in the band of the drawn
 * difficulty for the party's level and size (the XP rules are
 * stock_rules.c's and unchanged). At most DG_ENC_MAX_OF_A_KIND of one
 * creature; no creature bigger than the room holds. Which difficulty, and
 * which rooms, is stock.c's call.
 *
 * At rules=2024 the same builder spends the 2024 budget instead: the
 * creatures come from SRD 5.2.1 (each cast entry through its 5.1 -> 5.2.1
 * mapping; an entry 5.2.1 lacks is left out of its role, so the role's
 * other creatures stand in, and a role left empty is skipped as an empty
 * role always was), the multiplier is x1 for any number, and the band is
 * the budget's (dg__xp_band_2024). The mix is chosen as under 2014 (a
 * leader, one kind of rank and file, one kind of beast, the most kinds
 * that fit the band); a budget buys at most two creatures per character
 * besides the leader (the SRD's note on more than two a character: we
 * keep under it rather than pad with fragile ones), never more than the
 * 2014 builder's thirteen. */
#include "stock_int.h"

#include <string.h>

#define TRIES 8               /* casts drawn before settling for one kind */
#define LEADER_PERCENT 65     /* outside the lair: a group with a leader */
#define BEASTS_MAX 4          /* beasts and servants kept with a group */
#define MIGHTY_CR 5           /* from challenge 5 up, at most MIGHTY_MOST of one kind */
#define MIGHTY_MOST 4
#define PACK_PERCENT 25       /* a group of one kind the draws settled for, kept so */

typedef struct {
    int idx[DG__CAST_MAX];
    int n;
} pool;

#define MOST (1 + DG_ENC_MAX_OF_A_KIND + BEASTS_MAX) /* creatures in one encounter */

/* What a creature's name and stat block say of it, read once a band (the
 * string searches were a fifth of a stocked map's time when asked at every
 * count tried): kept by creature id in a small table, open addressing. */
#define TRAIT_SLOTS 32 /* a band meets at most the cast's DG__ROLE_COUNT * DG__CAST_MAX */
enum { T_LEGENDARY = 1, T_WYRMLING = 2, T_COLOUR = 4 };
typedef struct {
    int id;                   /* -1: a free slot */
    unsigned char bits;       /* T_ flags */
    unsigned char colour_at, colour_len; /* dragon_colour's word, T_COLOUR set */
} traits;

typedef struct {
    const dg__enc_want *w;
    const dg__srd *s;         /* the rules' creature table */
    long lo, hi;
    int max_cr8;
    int most;                 /* creatures one encounter may have */
    int mult2[MOST + 1];      /* dg__multiplier2 by count, for this party (2: x1) */
    bool war;                 /* a lair's war band: four of a kind from challenge 10 up */
    traits known[TRAIT_SLOTS];
    int n_known;
} band;

#define MON(b, id) DG__SRD_MONSTER((b)->s, id)
/* id's stat block: dg_monster_statblock's, the band's table known */
#define SB(b, id) (&(b)->s->statblocks[(id) - (b)->s->monster_base])

/* The colour word of a chromatic or metallic dragon ("Red" of "Young Red
 * Dragon" and "Red Dragon Wyrmling"), its length in *len; NULL for every
 * other creature ("Dragon Turtle" has no colour). */
static const char *dragon_colour(const char *name, size_t *len)
{
    const char *d = strstr(name, " Dragon");
    if (!d) return NULL;
    const char *w = d;
    while (w > name && w[-1] != ' ') w--;
    *len = (size_t)(d - w);
    return w;
}

/* Only dragons and humanoids (the half-red dragon veteran) are named for a
 * dragon's colour or as wyrmlings, in either SRD (test_stock_encounter
 * reads both tables to say so): every other creature's traits are its
 * stat block's alone, no name searched. */
static bool named_for_dragons(const dg_monster *m)
{
    return m->type == DG_TYPE_DRAGON || m->type == DG_TYPE_HUMANOID;
}

/* A dragon's or a humanoid's traits, read from its name and stat block
 * the first time the band asks (a full table, never met: read afresh each
 * time). */
static traits named_traits(band *b, int id)
{
    unsigned h = (unsigned)id % TRAIT_SLOTS;
    for (int n = 0; n < TRAIT_SLOTS && b->known[h].id >= 0; n++, h = (h + 1) % TRAIT_SLOTS)
        if (b->known[h].id == id) return b->known[h];
    const dg_monster *mon = MON(b, id);
    traits t = {.id = id, .bits = 0};
    size_t len;
    const char *c = dragon_colour(mon->name, &len);
    if (c) {
        t.bits |= T_COLOUR;
        t.colour_at = (unsigned char)(c - mon->name);
        t.colour_len = (unsigned char)len;
    }
    if (strstr(mon->name, "Wyrmling")) t.bits |= T_WYRMLING;
    if (SB(b, id)->count[DG_SB_LEGENDARY]) t.bits |= T_LEGENDARY;
    if (b->n_known < TRAIT_SLOTS - 1 && b->known[h].id < 0) {
        b->known[h] = t;
        b->n_known++;
    }
    return t;
}

/* Creature id's traits: every other creature's are its stat block's. */
static inline traits traits_of(band *b, int id)
{
    if (named_for_dragons(MON(b, id))) return named_traits(b, id);
    return (traits){.id = id, .bits = SB(b, id)->count[DG_SB_LEGENDARY] ? T_LEGENDARY : 0};
}

/* Whether creatures x and y, both dragons of a colour, share it. */
static bool colours_match(const band *b, int x, traits tx, int y, traits ty)
{
    return tx.colour_len == ty.colour_len &&
           !memcmp(MON(b, x)->name + tx.colour_at, MON(b, y)->name + ty.colour_at, tx.colour_len);
}

/* A dragon's lair is one dragon's: its wyrmlings and kin of its colour
 * may roam it, a dragon of another colour may not (a red wyrmling's
 * kobolds sharing the mine with white ones reads as a mistake). */
static bool kin_of_master(band *b, int m)
{
    if (b->w->master < 0) return true;
    traits tm = traits_of(b, b->w->master);
    if (!(tm.bits & T_COLOUR)) return true;
    traits tc = traits_of(b, m);
    return !(tc.bits & T_COLOUR) || colours_match(b, b->w->master, tm, m, tc);
}

/* Wanderers walk the corridors: nothing whose walking, flying, climbing
 * and burrowing speeds are all under WANDER_FT (a shrieker, a roper, a
 * gray ooze; a shark or a quipper, which only swims); a gelatinous cube
 * (15 ft.) still wanders, as ever. From the SRD table's land_ft. */
#define WANDER_FT 15
static bool moves(const dg_monster *m) { return m->land_ft >= WANDER_FT; }

/* The master, when one of a kind (legendary actions in its stat block: a
 * lich, a mummy lord, an adult dragon), is met in its lair and nowhere
 * else: no second lich in the barracks, none on the wandering table. */
static bool the_masters_own(const band *b, const dg_monster *m)
{
    if (b->w->lair || b->w->master < 0 || !b->s->statblocks || MON(b, b->w->master) != m) return false;
    return b->s->statblocks[m - b->s->monsters].count[DG_SB_LEGENDARY] > 0;
}

static bool fits(band *b, int id)
{
    const dg_monster *m = MON(b, id);
    if (!b->w->room_squares && !moves(m)) return false;
    if (the_masters_own(b, m) || id == b->w->shun) return false;
    if (b->w->most_cr8 && m->cr8 > b->w->most_cr8) return false;
    return m->xp > 0 && m->cr8 <= b->max_cr8 && m->size <= b->w->max_size && kin_of_master(b, id);
}

/* A leader outranks whom it leads and what it keeps: no duergar at the head
 * of three ropers, no master weaker than its lair. -1 when f may not follow
 * l (no leader: anyone may). */
static int follower(const band *b, int l, int f)
{
    return l >= 0 && f >= 0 && MON(b, f)->cr8 > MON(b, l)->cr8 ? -1 : f;
}

static void pool_of(band *b, dg__role role, pool *p)
{
    const dg__theme *t = &dg__themes[b->w->theme];
    p->n = 0;
    for (int k = 0; k < DG__CAST_MAX && t->cast[role][k]; k++) {
        int i = dg__srd_cast(b->s, t->cast[role][k]);
        bool dup = false; /* 5.2.1 folds some 5.1 creatures into one (the insect swarms) */
        for (int j = 0; j < p->n; j++) dup |= p->idx[j] == i;
        if (i >= 0 && !dup && fits(b, i)) p->idx[p->n++] = i;
    }
}

/* The theme's allies who fit (stock_themes.c): mighty creatures of its
 * fiction outside the cast, for a lair the cast cannot fill. */
static void allies_of(band *b, pool *p)
{
    const dg__theme *t = &dg__themes[b->w->theme];
    p->n = 0;
    for (int k = 0; k < DG__ALLIES_MAX && t->allies[k]; k++) {
        int i = dg__srd_cast(b->s, t->allies[k]);
        if (i >= 0 && fits(b, i)) p->idx[p->n++] = i;
    }
}

static int draw_from(dg_rng *r, const pool *p) { return p->n ? p->idx[dg__rng_below(r, (uint32_t)p->n)] : -1; }

static long adjusted_in(const band *b, long xp_sum, int count) { return xp_sum * b->mult2[count] / 2; }

/* 5-ft squares a creature of each size takes (the PHB's space table); a
 * group may fill at most half its room, the rest is furniture and the
 * fight's room to move (six ogres and four mammoths do not fit a 30-ft
 * shrine). */
static const int squares_of_size[DG_SIZE_COUNT] = {1, 1, 1, 4, 9, 16};
#define ROOM_SHARE_PERCENT 50

static int squares(const band *b, int m) { return m >= 0 ? squares_of_size[MON(b, m)->size] : 0; }

/* Hags gather in covens of three (SRD 5.1's "Hags" and 5.2.1's Coven
 * Magic trait, "within 30 feet of at least two hag allies"): eight sea
 * hags repairing a trap read as a mistake. Both SRDs name every hag so. */
#define COVEN 3
static bool coven(const dg_monster *m)
{
    if (m->type != DG_TYPE_FEY && m->type != DG_TYPE_FIEND) return false;
    size_t n = strlen(m->name);
    return n > 4 && !strcmp(m->name + n - 4, " Hag");
}

/* How many of one kind a group holds at most: the mighty come alone or in
 * pairs (eight aboleths, seven young dragons or five mummy lords in one
 * room read as a mistake; a pack of ghouls does not, and six fire giants
 * in a mine shaft read as a list). A creature with legendary actions is
 * one of a kind; a true dragon or anything of challenge 10 and up comes at
 * most two together, anything of challenge 5 and up, and wyrmlings (a
 * clutch, not eight of a young dragon's brood), at most four; the budget
 * buys a leader and lesser followers instead. */
static int most_of(band *b, int m, int most)
{
    const dg_monster *mon = MON(b, m);
    traits t = traits_of(b, m);
    bool dragon = (t.bits & T_COLOUR) && !(t.bits & T_WYRMLING);
    /* uncapped lifts the caps for a wandering row nothing else fills (a
     * row is never empty); for a lair nothing else fills only the one or
     * two of the mightiest: a room never holds more than four of a kind of
     * challenge 5 and up */
    if (b->w->uncapped && b->w->lair && (t.bits & T_LEGENDARY))
        return 1; /* four aboleths in one cistern read as a mistake, whatever else fills it */
    if (b->w->uncapped)
        return b->w->lair && mon->cr8 >= MIGHTY_CR * 8 && MIGHTY_MOST < most ? MIGHTY_MOST : most;
    int cap = t.bits & T_LEGENDARY ? 1
              : coven(mon) ? COVEN
              : dragon || (mon->cr8 >= 10 * 8 && !b->war) ? 2
              : mon->cr8 >= MIGHTY_CR * 8 || (t.bits & T_WYRMLING) ? MIGHTY_MOST
                                          : most;
    return cap < most ? cap : most;
}

static int kinds_of(int lead, int nf, int nb) { return (lead >= 0) + (nf > 0) + (nb > 0); }

/* Counts of followers f and beasts k (either -1: none) beside leader l
 * (-1: none) whose adjusted XP lies in the band, preferring the mixes
 * with the most kinds; a combination drawn evenly among those. */
static bool counts_of(dg_rng *r, band *b, int l, int f, int f_most, int k, int k_most, int *nf, int *nb)
{
    int max_f = f >= 0 ? most_of(b, f, f_most) : 0, max_b = k >= 0 ? most_of(b, k, k_most) : 0;
    long lxp = l >= 0 ? MON(b, l)->xp : 0;
    long fxp = f >= 0 ? MON(b, f)->xp : 0, kxp = k >= 0 ? MON(b, k)->xp : 0;
    /* the most any count below could reach (every sum at most the largest,
     * the multiplier never less for more creatures): short of the band, no
     * count lands in it, and none is drawn (most calls end here) */
    int top = (l >= 0) + max_f + max_b;
    if (top > b->most) top = b->most;
    if (top == 0 || adjusted_in(b, lxp + fxp * max_f + kxp * max_b, top) < b->lo) return false;
    int room = b->w->room_squares * ROOM_SHARE_PERCENT / 100;
    int lsq = squares(b, l), fsq = squares(b, f), ksq = squares(b, k);
    int best = 0, n_best = 0;
    for (int pass = 0; pass < 2; pass++) {
        int pick = pass ? (int)dg__rng_below(r, (uint32_t)n_best) : 0;
        /* a row ended at its first count (no beasts) ends every row after
         * it: more followers only add creatures, XP and squares */
        bool rows_left = true;
        for (int i = 0; i <= max_f && rows_left; i++)
            for (int j = 0; j <= max_b; j++) {
                int count = (l >= 0) + i + j;
                if (count == 0) continue;
                long a = count > b->most ? 0 : adjusted_in(b, lxp + fxp * i + kxp * j, count);
                if (count > b->most || a >= b->hi || (room && lsq + fsq * i + ksq * j > room)) {
                    rows_left = j > 0; /* more beasts only add */
                    break;
                }
                if (a < b->lo) continue;
                int kinds = kinds_of(l, i, j);
                if (kinds > 2) kinds = 2; /* a mix is a mix: two kinds or three alike */
                if (!pass) {
                    if (kinds > best) best = kinds, n_best = 0;
                    if (kinds == best) n_best++;
                } else if (kinds == best && pick-- == 0) {
                    *nf = i;
                    *nb = j;
                    return true;
                }
            }
        if (!n_best) return false;
    }
    return false;
}

static bool counts(dg_rng *r, band *b, int l, int f, int k, int *nf, int *nb)
{
    return counts_of(r, b, l, f, DG_ENC_MAX_OF_A_KIND, k, BEASTS_MAX, nf, nb);
}

static bool mighty(const band *b, int m) { return m >= 0 && MON(b, m)->cr8 >= MIGHTY_CR * 8; }

/* When the rank and file are mighty (at most MIGHTY_MOST of them) and the
 * band wants more, they are lieutenants: the third place goes to lesser
 * followers of the troop role (up to DG_ENC_MAX_OF_A_KIND) instead of the
 * beasts, so the budget buys a leader, lieutenants and followers, not a
 * horde of giants nor an easier fight. *k gets the followers' kind. */
static bool with_followers(dg_rng *r, band *b, const pool *troops, int l, int f, int *k, int *nf, int *nb)
{
    if (!mighty(b, f) || !troops->n) return false;
    int start = (int)dg__rng_below(r, (uint32_t)troops->n);
    for (int s = 0; s < troops->n; s++) {
        int m = troops->idx[(start + s) % troops->n];
        if (m == f || m == l || mighty(b, m) || follower(b, l, m) < 0) continue;
        if (counts_of(r, b, l, f, DG_ENC_MAX_OF_A_KIND, m, DG_ENC_MAX_OF_A_KIND, nf, nb)) {
            *k = m;
            return true;
        }
    }
    return false;
}

/* A dragon's lieutenants are no dragons of another colour (the master is
 * not yet known when the lair is stocked: kin_of_master cannot say). */
static bool same_colour(band *b, int l, int lt)
{
    traits a = traits_of(b, l), c = traits_of(b, lt);
    return !(a.bits & T_COLOUR) || !(c.bits & T_COLOUR) || colours_match(b, l, a, lt, c);
}

/* A band a leader, its rank and file and their beasts cannot reach (a
 * fire giant, eight ogres and four boars against six level-20
 * characters): the leader takes lieutenants of the leaders' or the
 * bosses' role who do not outrank it (at most MIGHTY_MOST), and they lead the rank and file
 * (up to DG_ENC_MAX_OF_A_KIND). *f gets the lieutenants' kind, *k the
 * followers'. */
static bool with_lieutenants(dg_rng *r, band *b, const pool *leaders, const pool *troops, int l, int *f,
                             int *k, int *nf, int *nb)
{
    if (l < 0 || !leaders->n) return false;
    int start = (int)dg__rng_below(r, (uint32_t)leaders->n);
    for (int s = 0; s < leaders->n; s++) {
        int lt = leaders->idx[(start + s) % leaders->n];
        if (lt == l || follower(b, l, lt) < 0 || !same_colour(b, l, lt)) continue;
        int tstart = troops->n ? (int)dg__rng_below(r, (uint32_t)troops->n) : 0;
        for (int t = 0; t <= troops->n; t++) {
            int m = t < troops->n ? troops->idx[(tstart + t) % troops->n] : -1; /* last: lieutenants alone */
            if (m >= 0 && (m == l || m == lt || follower(b, l, m) < 0)) continue;
            if (counts_of(r, b, l, lt, MIGHTY_MOST, m, DG_ENC_MAX_OF_A_KIND, nf, nb)) {
                *f = lt;
                *k = m;
                return true;
            }
        }
    }
    return false;
}

static void put(dg_encounter *e, int monster, int count)
{
    if (monster < 0 || count <= 0) return;
    e->groups[e->n_groups].monster = monster;
    e->groups[e->n_groups].count = count;
    e->n_groups++;
}

#define WAR_CAST (DG__ROLE_COUNT * DG__CAST_MAX + DG__ALLIES_MAX) /* the whole cast and its allies */

/* A mix for a group of one kind the draws settled for (four cloakers:
 * the band, at high level, asks more than a leader and its lesser
 * rank and file reach): the kind m beside one other of the cast who does
 * not outrank it, both in numbers (four cloakers and three chuuls), from
 * a drawn start. False when none lands in the band, for beasts, which
 * keep to packs of their own kind, and PACK_PERCENT of the time. */
static bool pair_up(dg_rng *r, band *b, const pool *roles, int m, dg_encounter *out)
{
    /* a pack of beasts (wolves, spiders, a swarm's kin) hunts as a pack */
    if (MON(b, m)->type == DG_TYPE_BEAST || MON(b, m)->type == DG_TYPE_SWARM) return false;
    /* and some bands are one kind still (a pack of ghouls, a coven of
     * ice devils): not every room a muster */
    if (dg__rng_percent(r, PACK_PERCENT)) return false;
    int all[WAR_CAST], n = 0;
    for (int role = b->w->lair ? DG__ROLE_BOSS : DG__ROLE_LEADER; role < DG__ROLE_COUNT; role++)
        for (int k = 0; k < roles[role].n; k++) {
            int q = roles[role].idx[k];
            bool dup = q == m || follower(b, m, q) < 0;
            for (int j = 0; j < n && !dup; j++) dup = all[j] == q;
            if (!dup) all[n++] = q;
        }
    int start = n ? (int)dg__rng_below(r, (uint32_t)n) : 0;
    for (int s = 0; s < n; s++) {
        int q = all[(start + s) % n], nf = 0, nb = 0;
        if (counts_of(r, b, -1, m, DG_ENC_MAX_OF_A_KIND, q, DG_ENC_MAX_OF_A_KIND, &nf, &nb) && nf && nb) {
            out->n_groups = 0;
            put(out, m, nf);
            put(out, q, nb);
            out->boss = false;
            return true;
        }
    }
    return false;
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
static bool war_band(dg_rng *r, band *b, const pool *roles, const pool *allies, dg_encounter *out)
{
    int all[WAR_CAST], n = 0;
    pool with[DG__ROLE_COUNT + 1];
    int n_with = DG__ROLE_COUNT;
    memcpy(with, roles, DG__ROLE_COUNT * sizeof *roles);
    if (allies) with[n_with++] = *allies;
    for (int role = 0; role < n_with; role++)
        for (int k = 0; k < with[role].n; k++) {
            int m = with[role].idx[k], at = n;
            bool dup = false;
            for (int j = 0; j < n; j++) dup |= all[j] == m;
            if (dup) continue;
            while (at > 0 && MON(b, all[at - 1])->xp < MON(b, m)->xp) at--; /* mightiest first */
            memmove(&all[at + 1], &all[at], (size_t)(n - at) * sizeof *all);
            all[at] = m;
            n++;
        }
    int heads[2 * DG__CAST_MAX + DG__ALLIES_MAX], n_heads = 0;
    if (b->w->boss >= 0) heads[n_heads++] = b->w->boss;
    else
        for (int role = DG__ROLE_BOSS; role <= DG__ROLE_LEADER; role++) {
            int start = roles[role].n ? (int)dg__rng_below(r, (uint32_t)roles[role].n) : 0;
            for (int k = 0; k < roles[role].n; k++) heads[n_heads++] = roles[role].idx[(start + k) % roles[role].n];
        }
    int cast_heads = n_heads;
    if (allies && b->w->boss < 0 && b->w->level >= DG__ALLY_MASTER_LEVEL)
        for (int k = 0; k < allies->n; k++) heads[n_heads++] = allies->idx[k];
    if (!n) return false;
    b->war = true;
    /* each one's most as a lieutenant and as a follower, and the XP that
     * buys: a leader, lieutenants and followers whose most falls short of
     * the band are not counted out (a weak cast's lair tries them all) */
    long f_most[WAR_CAST + 1];
    int lt_n[WAR_CAST], f_n[WAR_CAST + 1];
    for (int i = 0; i < n; i++) {
        lt_n[i] = most_of(b, all[i], MIGHTY_MOST);
        f_n[i] = most_of(b, all[i], DG_ENC_MAX_OF_A_KIND);
        f_most[i] = (long)MON(b, all[i])->xp * f_n[i];
    }
    f_most[n] = f_n[n] = 0; /* no followers */
    /* the most any lieutenants and any followers add, and the largest
     * multiplier: a head, or a head and its lieutenants, that cannot reach
     * the band even so is passed over before its followers are tried
     * (no draw is made for it either way) */
    long lt_best = 0, f_best = 0;
    for (int i = 0; i < n; i++) {
        if ((long)MON(b, all[i])->xp * lt_n[i] > lt_best) lt_best = (long)MON(b, all[i])->xp * lt_n[i];
        if (f_most[i] > f_best) f_best = f_most[i];
    }
    int fstart = (int)dg__rng_below(r, (uint32_t)n);
    for (int h = 0; h < n_heads; h++) {
        int l = heads[h];
        if (adjusted_in(b, MON(b, l)->xp + lt_best + f_best, b->most) < b->lo) continue;
        /* last (i == n), the leader's own kind beside it, up to its cap
         * in all (four purple worms: the nest's mightiest, not a weaker
         * band) */
        for (int i = 0; i <= n; i++) {
            bool own = i == n;
            int lt = own ? l : all[i];
            int at = 0;
            while (own && at < n && all[at] != l) at++;
            if (own ? at == n || lt_n[at] < 2 : lt == l || follower(b, l, lt) < 0 || !same_colour(b, l, lt)) continue;
            int lt_count = own ? lt_n[at] - 1 : lt_n[i];
            long lt_xp = (long)MON(b, lt)->xp * lt_count;
            if (adjusted_in(b, MON(b, l)->xp + lt_xp + f_best, b->most) < b->lo) continue;
            for (int j = 0; j <= n; j++) {
                int fj = j < n ? (fstart + j) % n : n;
                int m = j < n ? all[fj] : -1; /* last: lieutenants alone */
                if (m >= 0 && (m == l || m == lt || follower(b, l, m) < 0)) continue;
                int most = 1 + lt_count + f_n[fj];
                if (most > b->most) most = b->most;
                if (adjusted_in(b, MON(b, l)->xp + lt_xp + f_most[fj], most) < b->lo) continue;
                int nf = 0, nb = 0;
                if (counts_of(r, b, l, lt, lt_count, m, DG_ENC_MAX_OF_A_KIND, &nf, &nb)) {
                    b->war = false;
                    put(out, l, own ? 1 + nf : 1);
                    if (!own) put(out, lt, nf);
                    put(out, m, nb);
                    out->boss = b->w->boss >= 0 || h < roles[DG__ROLE_BOSS].n || h >= cast_heads;
                    return true;
                }
            }
        }
    }
    b->war = false;
    return false;
}


/* One kind alone: the fallback when no mix fits the band. */
static bool one_kind(dg_rng *r, band *b, const pool *all, dg_encounter *e)
{
    if (!all->n) return false;
    int start = (int)dg__rng_below(r, (uint32_t)all->n);
    for (int s = 0; s < all->n; s++) {
        int m = all->idx[(start + s) % all->n], nf = 0, nb = 0;
        if (counts(r, b, -1, m, -1, &nf, &nb)) {
            put(e, m, nf);
            return true;
        }
    }
    return false;
}

bool dg__encounter_build(dg_rng *r, const dg__enc_want *w, dg_difficulty d, dg_encounter *out)
{
    band b = {.w = w, .s = dg__srd_of(w->rules), .max_cr8 = dg__max_cr8(w->level), .most = MOST};
    for (int k = 0; k < TRAIT_SLOTS; k++) b.known[k].id = -1;
    if (d < b.s->easiest || d > b.s->hardest) return false;
    bool y2024 = w->rules == DG_RULES_2024;
    if (y2024) {
        dg__xp_band_2024(w->level, w->party, d, &b.lo, &b.hi);
        if (d == DG_DIFF_LOW && w->low_floor_percent) {
            b.lo = (b.hi - 1) * w->low_floor_percent / 100;
            if (b.lo < 1) b.lo = 1;
        }
        if (2 * w->party + 1 < b.most) b.most = 2 * w->party + 1;
    } else {
        dg__xp_band(w->level, w->party, d, &b.lo, &b.hi);
    }
    for (int n = 1; n <= MOST; n++) b.mult2[n] = y2024 ? 2 : dg__multiplier2(n, w->party);
    out->n_groups = 0;
    out->difficulty = d;
    out->boss = false;
    out->xp = out->adjusted_xp = 0;
    pool roles[DG__ROLE_COUNT];
    for (int role = 0; role < DG__ROLE_COUNT; role++) pool_of(&b, (dg__role)role, &roles[role]);

    /* the lair's lieutenants: the leaders' role and the bosses' (a fire
     * giant's frost giants), none above the leader (with_lieutenants) */
    pool chiefs = roles[DG__ROLE_LEADER];
    for (int k = 0; w->lair && k < roles[DG__ROLE_BOSS].n && chiefs.n < DG__CAST_MAX; k++) {
        bool dup = false;
        for (int j = 0; j < chiefs.n; j++) dup |= chiefs.idx[j] == roles[DG__ROLE_BOSS].idx[k];
        if (!dup) chiefs.idx[chiefs.n++] = roles[DG__ROLE_BOSS].idx[k];
    }
    bool found = false;
    /* a group of one kind (eight ettins) is kept only when no draw mixes:
     * the tries go on for a mix, the first unmixed one held in reserve */
    dg_encounter plain = {.n_groups = 0};
    for (int t = 0; t < TRIES && !found; t++) {
        int l = -1;
        bool boss = false;
        if (w->lair && w->boss >= 0) {
            l = w->boss; /* a rerolled lair keeps its boss */
            boss = true;
        } else if (w->lair && roles[DG__ROLE_BOSS].n && t < TRIES / 2) {
            l = draw_from(r, &roles[DG__ROLE_BOSS]);
            boss = true;
        } else if (w->lair || dg__rng_percent(r, LEADER_PERCENT)) {
            l = draw_from(r, &roles[DG__ROLE_LEADER]);
        }
        int f = follower(&b, l, draw_from(r, &roles[DG__ROLE_TROOP]));
        int k = follower(&b, l, draw_from(r, &roles[DG__ROLE_BEAST]));
        if (f == l) f = -1;
        if (k == l || k == f) k = -1;
        int nf = 0, nb = 0;
        if (counts(r, &b, l, f, k, &nf, &nb) || with_followers(r, &b, &roles[DG__ROLE_TROOP], l, f, &k, &nf, &nb) ||
            (w->lair && with_lieutenants(r, &b, &chiefs, &roles[DG__ROLE_TROOP], l, &f, &k, &nf, &nb))) {
            put(out, l, 1);
            put(out, f, nf);
            put(out, k, nb);
            out->boss = boss;
            found = true;
            if (out->n_groups == 1 && out->groups[0].count > 1 && t + 1 < TRIES) {
                if (!plain.n_groups) plain = *out;
                out->n_groups = 0;
                found = false;
            }
        }
    }
    /* a lair's war band, mixed, before one kind alone */
    if (!found && (w->lair || w->war)) found = war_band(r, &b, roles, NULL, out);
    if (!found && plain.n_groups) {
        found = pair_up(r, &b, roles, plain.groups[0].monster, out);
        if (!found) *out = plain;
        found = true;
    }
    bool kept = !found && w->lair && w->boss >= 0;
    if (kept) {
        /* the boss's kind or nothing (then allies, then another band): a
         * lair rerolled keeps what the dungeon is named for */
        pool only = {.idx = {w->boss}, .n = 1};
        found = one_kind(r, &b, &only, out);
    }
    if (!found && !kept) {
        /* the strongest of each role: what a high band needs */
        int top[DG__ROLE_COUNT];
        for (int role = 0; role < DG__ROLE_COUNT; role++) {
            top[role] = -1;
            for (int k = 0; k < roles[role].n; k++)
                if (top[role] < 0 || MON(&b, roles[role].idx[k])->xp > MON(&b, top[role])->xp)
                    top[role] = roles[role].idx[k];
        }
        int l = w->lair && top[DG__ROLE_BOSS] >= 0 ? top[DG__ROLE_BOSS] : top[DG__ROLE_LEADER];
        int f = top[DG__ROLE_TROOP] == l ? -1 : follower(&b, l, top[DG__ROLE_TROOP]);
        int k = top[DG__ROLE_BEAST] == l || top[DG__ROLE_BEAST] == f ? -1 : follower(&b, l, top[DG__ROLE_BEAST]);
        int nf = 0, nb = 0;
        if (counts(r, &b, l, f, k, &nf, &nb) || with_followers(r, &b, &roles[DG__ROLE_TROOP], l, f, &k, &nf, &nb)) {
            put(out, l, 1);
            put(out, f, nf);
            put(out, k, nb);
            out->boss = w->lair && l == top[DG__ROLE_BOSS];
            found = true;
        }
    }
    if (!found && !kept) {
        pool all = {.n = 0};
        for (int role = 0; role < DG__ROLE_COUNT; role++) /* the boss's kind too: a high band needs it */
            for (int k = 0; k < roles[role].n; k++) {
                bool dup = false;
                for (int j = 0; j < all.n; j++) dup |= all.idx[j] == roles[role].idx[k];
                if (!dup && all.n < DG__CAST_MAX) all.idx[all.n++] = roles[role].idx[k];
            }
        found = one_kind(r, &b, &all, out);
        if (found && out->groups[0].count > 1) {
            dg_encounter alone = *out;
            if (!pair_up(r, &b, roles, alone.groups[0].monster, out)) *out = alone;
        }
    }
    /* a tier 3-4 lair its cast cannot bring to the top band takes the
     * theme's allies rather than fall to an easier band */
    if (!found && (w->lair || w->allies) && w->level >= DG__ALLY_LEVEL) {
        pool allies;
        allies_of(&b, &allies);
        if (allies.n) found = war_band(r, &b, roles, &allies, out);
    }
    if (!found) return false;
    int count = 0;
    for (int g = 0; g < out->n_groups; g++) {
        out->xp += (long)MON(&b, out->groups[g].monster)->xp * out->groups[g].count;
        count += out->groups[g].count;
    }
    out->adjusted_xp = adjusted_in(&b, out->xp, count);
    return true;
}
