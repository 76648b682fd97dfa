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
 * 2014 builder's thirteen (a crowded lair, stock_int.h's crowd, seventeen).
 *
 * The mixes tried when no such draw lands in the band (a kind paired with
 * another, a lair's war band) are stock_war_band.c's; how many of each
 * kind land in the band, stock_counts.c's; what a build reads of each
 * creature (its XP, challenge, traits and caps), stock_creatures.c's; the
 * band record and the helpers the files use, stock_band.h's. */
#include "stock_band.h"

#include <string.h>

#define TRIES 8               /* casts drawn before settling for one kind */
#define LEADER_PERCENT 65     /* outside the lair: a group with a leader */

/* Whether creatures x and y, both dragons of a colour, share it. */
static bool colours_match(const band *b, int x, const dg__crea *tx, int y, const dg__crea *ty)
{
    return tx->colour_len == ty->colour_len &&
           !memcmp(MON(b, x)->name + tx->colour_at, MON(b, y)->name + ty->colour_at, tx->colour_len);
}

/* A dragon's lair is one dragon's: its wyrmlings and kin of its colour
 * may roam it, a dragon of another colour may not (a red wyrmling's
 * kobolds sharing the mine with white ones reads as a mistake). */
static bool kin_of_master(band *b, int m)
{
    if (b->w->master < 0) return true;
    const dg__crea *tm = b->master;
    if (!(tm->bits & T_COLOUR)) return true;
    const dg__crea *tc = CREA(b, m);
    return !(tc->bits & T_COLOUR) || colours_match(b, b->w->master, tm, m, tc);
}

/* The master, when one of a kind (legendary actions in its stat block: a
 * lich, a mummy lord, an adult dragon), is met in its lair and nowhere
 * else: no second lich in the barracks, none on the wandering table, none
 * holding a lower floor. */
static bool the_masters_own(const band *b, int id) { return b->masters_own && id == b->w->master; }

/* What dg__band_fits asks of every creature, read once a want: each
 * creature is then tested at one look, without a branch (a creature
 * failing one test or another, at random, mispredicted a branch a test). */
typedef struct {
    unsigned need, shun_bits; /* T_ bits it must have, must not */
    int cr8_top, size_top;    /* its challenge and size at most */
    int shun, own;            /* ids it must not be (-1 none) */
    bool colour;              /* the master is a dragon of a colour: kin_of_master asks */
} fit_terms;

static fit_terms terms_of(const band *b)
{
    const dg__enc_want *w = b->w;
    fit_terms t = {.cr8_top = b->max_cr8, .size_top = (int)w->max_size, .shun = w->shun,
                   .own = the_masters_own(b, w->master) ? w->master : -1,
                   .colour = w->master >= 0 && (b->master->bits & T_COLOUR)};
    if (w->most_cr8 && w->most_cr8 < t.cr8_top) t.cr8_top = w->most_cr8;
    /* wanderers walk the corridors: only those that roam (T_ROAMS,
     * stock_int.h's dg__monster_roams, the alarm's rule too: not a
     * shrieker, a roper, a gray ooze, a shark); a wave brings no second
     * of a creature who is one of a kind, and nothing that cannot cross
     * the dungeon in a round or two (a roper) */
    if (!w->room_squares || w->joins) t.need |= T_ROAMS;
    /* nor one of a kind with a lair of its own (legendary actions: a
     * mummy lord, a vampire): it keeps its lair, and alone it filled a
     * wandering table's every row (seed=3 level=20 motif=undead
     * rules=2024 danger=deadly: six mummy lords "hunting for prey") */
    if (w->joins || !w->room_squares) t.shun_bits |= T_LEGENDARY;
    return t;
}

static inline bool fits_by(band *b, const fit_terms *t, int id)
{
    const dg__crea *m = CREA(b, id);
    bool ok = ((m->bits & t->need) == t->need) & !(m->bits & t->shun_bits) & (m->cr8 <= t->cr8_top) &
              (m->size <= t->size_top) & (m->xp > 0) & (id != t->shun) & (id != t->own);
    if (t->colour && (m->bits & T_COLOUR)) ok &= kin_of_master(b, id);
    return ok;
}

bool dg__band_fits(band *b, int id)
{
    fit_terms t = terms_of(b);
    return fits_by(b, &t, id);
}

/* The role's cast (the memo's table ids, each once) who fit the band:
 * each written, the count advanced by whether it fits. */
static void pool_of(band *b, const fit_terms *t, const pool *cast, pool *p)
{
    int n = 0;
    for (int k = 0; k < cast->n; k++) {
        p->idx[n] = cast->idx[k];
        n += fits_by(b, t, cast->idx[k]);
    }
    p->n = n;
}

/* The cast by role who fit the band: the memo's when it has met the
 * same want (dg__band_fits reads only what fit_key holds, the rules and
 * party being the memo's own), else sorted now and kept. Valid until the
 * next build asks. */
static struct dg__fit *fitting_roles(band *b)
{
    const dg__enc_want *w = b->w;
    dg__cast_memo *m = b->memo;
    fit_key key = {.theme = w->theme, .wander = !w->room_squares, .max_size = (int)w->max_size, .shun = w->shun,
                   .master = w->master, .masters_own = b->masters_own, .most_cr8 = w->most_cr8, .level = w->level,
                   .wave = w->joins != NULL};
    /* the want met last first: a room's bands are tried in turn, its
     * rooms of one size in a row (each want is kept once: any order finds
     * the same) */
    if (m->n_fits && !memcmp(&m->fits[m->last_fit].key, &key, sizeof key)) return &m->fits[m->last_fit];
    for (int k = 0; k < m->n_fits; k++)
        if (k != m->last_fit && !memcmp(&m->fits[k].key, &key, sizeof key)) return &m->fits[m->last_fit = k];
    int at = m->n_fits < MEMO_FITS ? m->n_fits++ : m->next_fit++ % MEMO_FITS;
    m->last_fit = at;
    struct dg__fit *fit = &m->fits[at];
    const pool *cast = dg__cast_memo_roles(m, w->theme);
    fit_terms t = terms_of(b);
    for (int role = 0; role < DG__ROLE_COUNT; role++) pool_of(b, &t, &cast[role], &fit->roles[role]);
    fit->key = key;
    fit->whole = fit->topped = false;
    fit->war_n = -1;
    return fit;
}

/* Every role's fitting creatures, each once, in role order (the boss's
 * kind too: a high band needs it); made once a want. */
static const pool *whole_cast(const band *b, struct dg__fit *fit)
{
    if (fit->whole) return &fit->all;
    pool *all = &fit->all;
    all->n = 0;
    /* who is in already, by table id (each role's cast was compared with
     * all of it before: a tenth of the fallback's time) */
    uint64_t in[(CAP_IDS + 63) / 64] = {0};
    for (int role = 0; role < DG__ROLE_COUNT; role++)
        for (int k = 0; k < fit->roles[role].n; k++) {
            int id = fit->roles[role].idx[k], at = id - b->mon_base;
            if ((in[at >> 6] >> (at & 63) & 1) || all->n >= DG__CAST_MAX) continue;
            in[at >> 6] |= 1ull << (at & 63);
            all->idx[all->n++] = id;
        }
    fit->whole = true;
    return all;
}

/* Each role's mightiest who fit (most XP, the first of equals; -1:
 * none): the memo's when made for the same want, else made now. */
static const int *strongest(const band *b, struct dg__fit *fit)
{
    if (fit->topped) return fit->top;
    for (int role = 0; role < DG__ROLE_COUNT; role++) {
        const pool *p = &fit->roles[role];
        int top = -1;
        for (int k = 0; k < p->n; k++)
            if (top < 0 || CREA(b, p->idx[k])->xp > CREA(b, top)->xp) top = p->idx[k];
        fit->top[role] = top;
    }
    fit->topped = true;
    return fit->top;
}

static int draw_from(dg_rng *r, const pool *p) { return p->n ? p->idx[dg__rng_below(r, (uint32_t)p->n)] : -1; }

/* A group may fill at most half its room (in 5-ft squares,
 * dg__band_squares; stock_counts.c counts them), the rest is furniture
 * and the fight's room to move (six ogres and four mammoths do not fit a
 * 30-ft shrine). */
#define ROOM_SHARE_PERCENT 50

/* How many of kind m one group holds at most: stock_creatures.c's caps
 * (CAP_NONE: no cap); a wave brings at most half as many again of a
 * capped kind already in the fight (four remorhazes, then two more: six
 * in all, never eight purple worms in one fight). */
int dg__band_cap(band *b, int m)
{
    const dg__crea *c = CREA(b, m);
    if (b->w->uncapped) return c->cap[CAP_LIFTED + b->w->lair];
    int cap = c->cap[CAP_KEPT + b->war];
    if (b->w->joins && cap != CAP_NONE)
        for (int g = 0; g < b->w->joins->n_groups; g++)
            if (b->w->joins->groups[g].monster == m) return cap / 2;
    return cap;
}

/* inlined at each try (kept a call, the inlined dg__band_counts inside it
 * still cost a call a try) */
static inline __attribute__((always_inline)) bool counts(dg_rng *r, band *b, int l, int f, int k, int *nf, int *nb)
{
    return dg__band_counts(r, b, l, f, DG_ENC_MAX_OF_A_KIND, k, BEASTS_MAX, nf, nb);
}

static bool mighty(const band *b, int m) { return m >= 0 && CREA(b, m)->cr8 >= MIGHTY_CR * 8; }

/* When the rank and file are mighty (at most MIGHTY_MOST of them) and the
 * band wants more, they are lieutenants: the third place goes to lesser
 * followers of the troop role (up to DG_ENC_MAX_OF_A_KIND) instead of the
 * beasts, so the budget buys a leader, lieutenants and followers, not a
 * horde of giants nor an easier fight. *k gets the followers' kind. */
static bool followers_of(dg_rng *r, band *b, const pool *troops, int l, int f, int *k, int *nf, int *nb)
{
    int start = (int)dg__rng_below(r, (uint32_t)troops->n);
    for (int s = 0; s < troops->n; s++) {
        int m = troops->idx[(start + s) % troops->n];
        if (m == f || m == l || mighty(b, m) || dg__band_follower(b, l, m) < 0) continue;
        if (dg__band_counts(r, b, l, f, DG_ENC_MAX_OF_A_KIND, m, DG_ENC_MAX_OF_A_KIND, nf, nb)) {
            *k = m;
            return true;
        }
    }
    return false;
}

/* with_followers asked of every try, most of whose rank and file are not
 * mighty: asked so before the call */
static inline bool with_followers(dg_rng *r, band *b, const pool *troops, int l, int f, int *k, int *nf, int *nb)
{
    return mighty(b, f) && troops->n && followers_of(r, b, troops, l, f, k, nf, nb);
}

/* A dragon's lieutenants are no dragons of another colour (the master is
 * not yet known when the lair is stocked: kin_of_master cannot say). */
bool dg__band_same_colour(band *b, int l, int lt)
{
    const dg__crea *a = CREA(b, l), *c = CREA(b, lt);
    return !(a->bits & T_COLOUR) || !(c->bits & T_COLOUR) || colours_match(b, l, a, lt, c);
}

/* The leaders with_lieutenants tried in vain in one build, and for how
 * many lieutenants it drew the followers' start: a lair's tries draw the
 * same head again and again (the boss kept, the bosses' role of one or
 * two), and the same lieutenants and followers, walked again, fail again
 * (a walk draws only when it finds counts). */
typedef struct {
    int head[TRIES], lts[TRIES], n;
} vain_heads;

/* A band a leader, its rank and file and their beasts cannot reach (a
 * fire giant, eight ogres and four boars against six level-20
 * characters): the leader takes lieutenants of the leaders' or the
 * bosses' role who do not outrank it (at most MIGHTY_MOST), and they lead the rank and file
 * (up to DG_ENC_MAX_OF_A_KIND). *f gets the lieutenants' kind, *k the
 * followers'. A head in vain already draws as it did then and fails
 * without a walk. */
static bool with_lieutenants(dg_rng *r, band *b, const pool *leaders, const pool *troops, vain_heads *vain, int l,
                             int *f, int *k, int *nf, int *nb)
{
    if (l < 0 || !leaders->n) return false;
    int start = (int)dg__rng_below(r, (uint32_t)leaders->n);
    for (int v = 0; v < vain->n; v++)
        if (vain->head[v] == l) {
            for (int s = 0; troops->n && s < vain->lts[v]; s++) (void)dg__rng_below(r, (uint32_t)troops->n);
            return false;
        }
    /* the most any followers add (their most of one kind, none at 0), and
     * the head's XP with the band's: a lieutenant whose most cannot reach
     * the band even so is not walked with each follower (its start is
     * drawn all the same) */
    long f_best = 0, head = CREA(b, l)->xp + b->base_xp;
    for (int t = 0; t < troops->n; t++) {
        int m = troops->idx[t];
        long most = (long)CREA(b, m)->xp * dg__band_most_of(b, m, DG_ENC_MAX_OF_A_KIND);
        if (most > f_best) f_best = most;
    }
    const long lo2 = 2 * b->lo, mult_top = b->mult2[b->base_n + b->most];
    int lts = 0;
    for (int s = 0; s < leaders->n; s++) {
        int lt = leaders->idx[(start + s) % leaders->n];
        if (lt == l || dg__band_follower(b, l, lt) < 0 || !dg__band_same_colour(b, l, lt)) continue;
        lts++;
        int tstart = troops->n ? (int)dg__rng_below(r, (uint32_t)troops->n) : 0;
        long lt_most = (long)CREA(b, lt)->xp * dg__band_most_of(b, lt, MIGHTY_MOST);
        if ((head + lt_most + f_best) * mult_top < lo2) continue;
        for (int t = 0; t <= troops->n; t++) {
            int m = t < troops->n ? troops->idx[(tstart + t) % troops->n] : -1; /* last: lieutenants alone */
            if (m >= 0 && (m == l || m == lt || dg__band_follower(b, l, m) < 0)) continue;
            if (dg__band_counts(r, b, l, lt, MIGHTY_MOST, m, DG_ENC_MAX_OF_A_KIND, nf, nb)) {
                *f = lt;
                *k = m;
                return true;
            }
        }
    }
    if (vain->n < TRIES) {
        vain->head[vain->n] = l;
        vain->lts[vain->n++] = lts;
    }
    return false;
}

void dg__band_put(dg_encounter *e, int monster, int count)
{
    if (monster < 0 || count <= 0) return;
    e->groups[e->n_groups].monster = monster;
    e->groups[e->n_groups].count = count;
    e->groups[e->n_groups].arrives = 0;
    e->n_groups++;
}


/* One kind alone: the fallback when no mix fits the band. */
static bool one_kind(dg_rng *r, band *b, const pool *all, dg_encounter *e)
{
    if (!all->n) return false;
    int start = (int)dg__rng_below(r, (uint32_t)all->n);
    for (int s = 0; s < all->n; s++) {
        int m = all->idx[(start + s) % all->n], nf = 0, nb = 0;
        if (counts(r, b, -1, m, -1, &nf, &nb)) {
            dg__band_put(e, m, nf);
            return true;
        }
    }
    return false;
}

bool dg__encounter_build(dg_rng *r, const dg__enc_want *w, dg_difficulty d, dg_encounter *out)
{
    /* every field set below, none cleared first (clearing the record
     * whole was a twentieth of a build's own time) */
    band b;
    b.w = w;
    b.s = dg__srd_of(w->rules);
    if (d < b.s->easiest || d > b.s->hardest) return false;
    b.max_cr8 = dg__max_cr8(w->level);
    b.most = MOST;
    b.memo = w->memo;
    b.base_xp = 0;
    b.base_n = 0;
    b.war = false;
    b.fit = NULL;
    b.masters_own = false;
    b.master = NULL;
    dg__cast_memo own;
    if (!b.memo || b.memo->rules != w->rules || b.memo->party != w->party) {
        dg__cast_memo_init(&own, w->rules, w->party);
        b.memo = &own;
    }
    b.mult2 = b.memo->mult2;
    b.crea = b.memo->crea;
    b.mons = b.s->monsters;
    b.mon_base = b.s->monster_base;
    /* the caps' slot: a wave asks afresh; lifted, war lifts no more */
    if (w->joins) b.cap_at[0] = b.cap_at[1] = -1;
    else if (w->uncapped) b.cap_at[0] = b.cap_at[1] = CAP_LIFTED + w->lair;
    else b.cap_at[0] = CAP_KEPT, b.cap_at[1] = CAP_KEPT + 1;
    b.cap_slot = b.cap_at[0];
    /* half the floor, the rest furniture and room to fight; a lair that
     * could not reach its band so, all of it (its followers crowd in) */
    b.room = w->room_squares * (w->crowd ? 100 : ROOM_SHARE_PERCENT) / 100;
    if (w->master >= 0) {
        b.master = CREA(&b, w->master);
        /* outside the master's own lair: every room and row, and a lower
         * floor's lair (three liches over three floors of one dungeon) */
        b.masters_own = (!w->lair || w->boss != w->master) && (b.master->bits & T_LEGENDARY);
    }
    bool y2024 = w->rules == DG_RULES_2024;
    if (y2024) {
        dg__xp_band_2024(w->level, w->party, d, &b.lo, &b.hi);
        if (d == DG_DIFF_LOW && w->low_floor_percent) {
            b.lo = (b.hi - 1) * w->low_floor_percent / 100;
            if (b.lo < 1) b.lo = 1;
        }
        if (w->crowd) b.most = CROWD_MOST;
        if (2 * w->party + 1 < b.most) b.most = 2 * w->party + 1;
    } else {
        dg__xp_band(w->level, w->party, d, &b.lo, &b.hi);
    }
    /* a wave: what it joins counts in the band and in the most creatures
     * one fight may have (two a character under 2024, whenever they come) */
    if (w->joins) {
        b.base_xp = w->joins->xp;
        b.base_n = dg__encounter_count(w->joins);
        b.most -= b.base_n;
        if (b.most <= 0) return false;
    }
    out->n_groups = 0;
    out->difficulty = d;
    out->boss = false;
    out->xp = out->adjusted_xp = 0;
    struct dg__fit *fit = b.fit = fitting_roles(&b);
    const pool *roles = fit->roles;

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
    dg_encounter plain;
    plain.n_groups = 0; /* the rest written whole when kept */
    vain_heads vain;
    vain.n = 0;
    for (int t = 0; t < TRIES && !found; t++) {
        /* the try's draws on a copy of the stream held in registers,
         * written back before anything else draws (each draw stored and
         * loaded the stream again, on the draws' chain) */
        dg_rng here = *r;
        int l = -1;
        bool boss = false;
        if (w->lair && w->boss >= 0) {
            l = w->boss; /* a rerolled lair keeps its boss */
            boss = true;
        } else if (w->lair && roles[DG__ROLE_BOSS].n && t < TRIES / 2) {
            l = draw_from(&here, &roles[DG__ROLE_BOSS]);
            boss = true;
        } else if (w->lair || dg__rng_percent(&here, LEADER_PERCENT)) {
            l = draw_from(&here, &roles[DG__ROLE_LEADER]);
        }
        int f = draw_from(&here, &roles[DG__ROLE_TROOP]);
        int k = draw_from(&here, &roles[DG__ROLE_BEAST]);
        *r = here;
        f = dg__band_follower(&b, l, f);
        k = dg__band_follower(&b, l, k);
        if (f == l) f = -1;
        if (k == l || k == f) k = -1;
        int nf = 0, nb = 0;
        if (counts(r, &b, l, f, k, &nf, &nb) || with_followers(r, &b, &roles[DG__ROLE_TROOP], l, f, &k, &nf, &nb) ||
            (w->lair && with_lieutenants(r, &b, &chiefs, &roles[DG__ROLE_TROOP], &vain, l, &f, &k, &nf, &nb))) {
            dg__band_put(out, l, 1);
            dg__band_put(out, f, nf);
            dg__band_put(out, k, nb);
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
    if (!found && (w->lair || w->war)) found = dg__war_band(r, &b, roles, NULL, out);
    if (!found && plain.n_groups) {
        found = dg__pair_up(r, &b, roles, plain.groups[0].monster, out);
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
        const int *top = strongest(&b, fit);
        int l = w->lair && top[DG__ROLE_BOSS] >= 0 ? top[DG__ROLE_BOSS] : top[DG__ROLE_LEADER];
        int f = top[DG__ROLE_TROOP] == l ? -1 : dg__band_follower(&b, l, top[DG__ROLE_TROOP]);
        int k = top[DG__ROLE_BEAST] == l || top[DG__ROLE_BEAST] == f ? -1 : dg__band_follower(&b, l, top[DG__ROLE_BEAST]);
        int nf = 0, nb = 0;
        if (counts(r, &b, l, f, k, &nf, &nb) || with_followers(r, &b, &roles[DG__ROLE_TROOP], l, f, &k, &nf, &nb)) {
            dg__band_put(out, l, 1);
            dg__band_put(out, f, nf);
            dg__band_put(out, k, nb);
            out->boss = w->lair && l == top[DG__ROLE_BOSS];
            found = true;
        }
    }
    if (!found && !kept) {
        found = one_kind(r, &b, whole_cast(&b, fit), out);
        if (found && out->groups[0].count > 1) {
            dg_encounter alone = *out;
            if (!dg__pair_up(r, &b, roles, alone.groups[0].monster, out)) *out = alone;
        }
    }
    /* a tier 3-4 lair its cast cannot bring to the top band takes the
     * theme's allies rather than fall to an easier band */
    if (!found && (w->lair || w->allies) && (w->level >= DG__ALLY_LEVEL || w->crowd)) {
        pool allies;
        dg__allies_of(&b, &allies);
        if (allies.n) found = dg__war_band(r, &b, roles, &allies, out);
    }
    if (!found) return false;
    int count = 0;
    for (int g = 0; g < out->n_groups; g++) {
        out->xp += (long)CREA(&b, out->groups[g].monster)->xp * out->groups[g].count;
        count += out->groups[g].count;
    }
    out->adjusted_xp = dg__band_adjusted(&b, out->xp, count);
    return true;
}
