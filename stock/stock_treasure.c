/* stock_treasure.c -- the dungeon's treasure by the Dungeon Master's Guide
 * (2014), chapter 7: the lair and a few strongly guarded rooms hold a
 * Treasure Hoard of the party's band, other encounters carry Individual
 * Treasure by their strongest creature's challenge rating, and now and then
 * an empty room has a purse left behind. Coins, gem and art counts and magic
 * item rolls are the tables' dice; magic items come from SRD 5.1's list by
 * the rarity of the DMG table named. Each treasure is kept loose or in a
 * container that may be locked or trapped. Draws from its own stream per
 * room, after the encounters are placed; the rules are docs/stocking.md's. */
#include "treasure_tables.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>


/* Which rooms hold individual treasure is stock.c's (the chamber contents
 * roll); besides the lair, one room in HOARD_ROOMS_PER holds a hoard (the
 * most strongly guarded ones). */
#define HOARD_ROOMS_PER 10


static long roll(dg_rng *r, dg__die_roll d)
{
    long sum = 0;
    for (int k = 0; k < d.n; k++) sum += 1 + (long)dg__rng_below(r, (uint32_t)d.die);
    return sum * d.times;
}

/* ------------------------------------------------------- magic items */

/* SRD 5.1 lists its items by rarity, not by the DMG's tables A-I. Those
 * tables are minor (A-E) and major (F-I) items of one rarity each, as
 * Xanathar's Guide sorts them: A common, B and F uncommon, C and G rare,
 * D and H very rare, E and I legendary. Table A's common items are
 * nearly all potions of healing and spell scrolls, which SRD 5.1 lists as
 * "varies": its rows name the grade (d100: healing 01-50, a cantrip
 * scroll 51-60, climbing 61-70, a 1st-level scroll 71-90, a 2nd-level one
 * 91-94, greater healing 95-98, a bag of holding 99; the driftglobe, 00,
 * is not in SRD 5.1 and rolls again). Elsewhere a "varies" item is drawn
 * at the table's rarity, as one of its grades there (magic_grades.c). */
static const dg_rarity table_rarity['I' - 'A' + 1] = {
    DG_RARITY_COMMON, DG_RARITY_UNCOMMON, DG_RARITY_RARE, DG_RARITY_VERY_RARE, DG_RARITY_LEGENDARY,
    DG_RARITY_UNCOMMON, DG_RARITY_RARE, DG_RARITY_VERY_RARE, DG_RARITY_LEGENDARY,
};
static const struct { int upto; const char *name, *grade; } table_a[] = {
    {50, "Potion of Healing", "Potion of Healing"},
    {60, "Spell Scroll", "Spell Scroll, cantrip"},
    {70, "Potion of Climbing", NULL},
    {90, "Spell Scroll", "Spell Scroll, 1st level"},
    {94, "Spell Scroll", "Spell Scroll, 2nd level"},
    {98, "Potion of Healing", "Potion of Greater Healing"},
    {99, "Bag of Holding", NULL},
};

/* At rules=2024 the same rolls read SRD 5.2.1's list: its name for the
 * potions of healing is "Potions of Healing" (one entry for all four);
 * the other names of table A are the same in both. The DMG 2024's own
 * treasure tables are not in the SRD, so hoards, coins, gems and art stay
 * the 2014 DMG's (docs/stocking.md). */
static int by_name(const void *key, const void *item)
{
    return strcmp((const char *)key, ((const dg_magic_item *)item)->name);
}

static int item_named(const dg__srd *s, const char *name)
{
    /* both tables are sorted by name (test_stock_treasure says so): a
     * walk of the table comparing names was most of a hoard's table A */
    const dg_magic_item *it = bsearch(name, s->items, (size_t)s->n_items, sizeof *s->items, by_name);
    if (it) return s->item_base + (int)(it - s->items);
    if (s->from_51 && strcmp(name, "Potion of Healing") == 0) return item_named(s, "Potions of Healing");
    return s->item_base;
}

/* Minor items are mostly what is used up: potions, scrolls, ammunition.
 * SRD 5.2.1 names its categories in the plural (Potions, Scrolls) and
 * files ammunition under Weapons, so its ammunition goes by name. */
static bool consumable(const dg_magic_item *m)
{
    const char *c = m->category; /* first letters first: this runs for every item of a pool */
    switch (c[0]) {
    case 'P': return strcmp(c, "Potion") == 0 || strcmp(c, "Potions") == 0;
    case 'S': return strcmp(c, "Scroll") == 0 || strcmp(c, "Scrolls") == 0;
    case 'A': return strcmp(c, "Ammunition") == 0;
    case 'W': return m->name[0] == 'A' && strncmp(m->name, "Ammunition", 10) == 0; /* most weapons are not */
    default: return false;
    }
}

/* Items of the rarity (and the "varies" ones, which come in every rarity:
 * a +1 weapon is uncommon, a +3 one very rare), consumable or not when
 * `want` is 1 or 0, any when -1. */
static bool taken_item(const dg__so_far *f, int row) { return (f->items[row >> 6] >> (row & 63)) & 1u; }

/* A permanent item turns up once a dungeon: a second Ring of Invisibility
 * or +1 weapon is never in the pool once one was found. */
static bool in_pool(const dg__srd *s, int i, dg_rarity rarity, const dg__graded *graded, int want,
                    const dg__so_far *taken)
{
    const dg_magic_item *m = &s->items[i];
    if (m->rarity != rarity && (m->rarity != DG_RARITY_VARIES || !dg__graded_has(graded, s->item_base + i)))
        return false;
    bool used_up = consumable(m);
    if (!used_up && taken_item(taken, i)) return false;
    return want < 0 || (int)used_up == want;
}

/* Each rules' items of each rarity (the "varies" ones graded at it) as
 * two sets of rows, a bit a row like taken's: the used-up ones and the
 * others; listed once a process (call_once), as the tables are static. A
 * draw walked every row of the table, its grades and its category, per
 * item drawn; then every row of the rarity per item drawn, still a
 * sixtieth of a stocked 45x23 map; now a few words of bits. */
typedef uint64_t item_set[sizeof(((dg__so_far *)0)->items) / sizeof(uint64_t)];
_Static_assert(DG__ITEM_ROWS <= (int)sizeof(item_set) * 8, "an item table's rows fit taken's set");
static struct {
    item_set used_up[DG_RARITY_COUNT]; /* consumables: never taken */
    item_set kept[DG_RARITY_COUNT];    /* the rest: out of the pool once taken */
} rows_of[DG_RULES_COUNT];
static once_flag rows_once = ONCE_FLAG_INIT;

static void list_rows(void)
{
    for (int rules = 0; rules < DG_RULES_COUNT; rules++) {
        const dg__srd *s = dg__srd_of((dg_rules)rules);
        for (int rarity = 0; rarity < DG_RARITY_COUNT; rarity++) {
            dg__graded graded;
            dg__items_graded_at((dg_rarity)rarity, &graded);
            for (int i = 0; i < s->n_items && i < DG__ITEM_ROWS; i++) {
                const dg_magic_item *it = &s->items[i];
                if (it->rarity != (dg_rarity)rarity &&
                    (it->rarity != DG_RARITY_VARIES || !dg__graded_has(&graded, s->item_base + i)))
                    continue;
                uint64_t *set = consumable(it) ? rows_of[rules].used_up[rarity] : rows_of[rules].kept[rarity];
                set[i >> 6] |= 1ull << (i & 63);
            }
        }
    }
}

static int pool_pick(const dg__srd *s, dg_rng *r, dg_rarity rarity, int want, const dg__so_far *taken)
{
    int rules = s == dg__srd_of(DG_RULES_2024) ? DG_RULES_2024 : DG_RULES_2014;
    if ((unsigned)rarity < DG_RARITY_COUNT) {
        /* in_pool's tests as sets: the rarity's rows, the kept ones not
         * yet taken, of the kind wanted; the pool is its rows in order */
        call_once(&rows_once, list_rows);
        enum { WORDS = (int)DG_COUNT(taken->items) };
        uint64_t pool[WORDS];
        int n = 0;
        for (int k = 0; k < WORDS; k++) {
            pool[k] = (want != 0 ? rows_of[rules].used_up[rarity][k] : 0) |
                      (want != 1 ? rows_of[rules].kept[rarity][k] & ~taken->items[k] : 0);
            n += dg__bits64(pool[k]);
        }
        if (n == 0) return -1;
        int pick = (int)dg__rng_below(r, (uint32_t)n);
        for (int k = 0;; k++) {
            int c = dg__bits64(pool[k]);
            if (pick >= c) {
                pick -= c;
                continue;
            }
            uint64_t m = pool[k];
            for (; pick > 0; pick--) m &= m - 1;
            return s->item_base + k * 64 + (int)dg__ctz64(m);
        }
    }
    int pool[sizeof taken->items * 8];
    int n = 0;
    dg__graded graded; /* the grades' table read once, not once an item */
    dg__items_graded_at(rarity, &graded);
    for (int i = 0; i < s->n_items && n < (int)DG_COUNT(pool); i++)
        if (in_pool(s, i, rarity, &graded, want, taken)) pool[n++] = i;
    if (n == 0) return -1;
    int k = (int)dg__rng_below(r, (uint32_t)n);
    return s->item_base + pool[k];
}

/* Marks item i (an id of s's) as found: a permanent one never again, a
 * legendary one the dungeon's last. */
static void take(const dg__srd *s, dg__so_far *taken, int i, int grade)
{
    int row = i - s->item_base;
    if (!consumable(&s->items[row])) taken->items[row >> 6] |= 1ull << (row & 63);
    if (dg_magic_item_found_rarity(i, grade) == DG_RARITY_LEGENDARY) taken->legendary = true;
}

/* An item of table `table`, its grade in *grade (-1 none); -1 when the
 * dungeon has found every item the table could give. A dungeon holds one
 * legendary item at most: once it has, tables E and I give a very rare
 * one (D and H). */
static int magic_item(const dg__srd *s, dg_rng *r, char table, int *grade, dg__so_far *taken)
{
    *grade = -1;
    if (table == 'A') {
        for (int tries = 0; tries < 16; tries++) {
            int d = 1 + (int)dg__rng_below(r, 100);
            for (size_t k = 0; k < DG_COUNT(table_a); k++)
                if (d <= table_a[k].upto) {
                    int i = item_named(s, table_a[k].name);
                    if (!consumable(&s->items[i - s->item_base]) && taken_item(taken, i - s->item_base)) break;
                    if (table_a[k].grade) *grade = dg__item_grade_of(i, table_a[k].grade);
                    take(s, taken, i, *grade);
                    return i;
                }
        }
        return -1;
    }
    dg_rarity rarity = table_rarity[table - 'A'];
    if (rarity == DG_RARITY_LEGENDARY && taken->legendary) rarity = DG_RARITY_VERY_RARE;
    /* a minor table is half consumables (when the rarity has any), a
     * major one permanent items */
    int want = table <= 'E' ? (dg__rng_percent(r, 50) ? 1 : -1) : 0;
    int i = pool_pick(s, r, rarity, want, taken);
    if (i < 0) i = pool_pick(s, r, rarity, -1, taken);
    if (i < 0) return -1;
    if (dg_magic_item_info(i)->rarity == DG_RARITY_VARIES) *grade = dg__item_grade_pick(r, i, rarity);
    take(s, taken, i, *grade);
    return i;
}

/* ------------------------------------------------------- the rolls */

/* `count` gems or art objects of value_gp (values[tier]), each named at
 * random like the table's own roll per object among three of the tier's
 * names drawn for the hoard (its lots are three at most), gathered into
 * one lot per name. */
static int valuables(dg_rng *r, long count, int value_gp, int (*values)(int), int tiers, dg_valuable *lots)
{
    int tier = 0;
    while (tier < tiers - 1 && values(tier) != value_gp) tier++;
    /* three distinct names: each later draw skips those taken, in order.
     * Drawn from a stream of their own forked off the hoard's (its state,
     * another increment), so the hoard's own draws (each object's lot,
     * then the container and the magic items) are the ones they were when
     * a tier had three names: only the names changed */
    dg_rng names;
    dg_rng_seed(&names, r->state, r->inc ^ UINT64_C(0x6e616d6573));
    int name[3];
    name[0] = (int)dg__rng_below(&names, DG__VALUABLE_NAMES);
    name[1] = (int)dg__rng_below(&names, DG__VALUABLE_NAMES - 1);
    name[1] += name[1] >= name[0];
    int lo = name[0] < name[1] ? name[0] : name[1], hi = name[0] < name[1] ? name[1] : name[0];
    name[2] = (int)dg__rng_below(&names, DG__VALUABLE_NAMES - 2);
    name[2] += name[2] >= lo;
    name[2] += name[2] >= hi;
    int per_name[3] = {0};
    for (long k = 0; k < count; k++) per_name[dg__rng_below(r, 3)]++;
    int n = 0;
    for (int k = 0; k < 3; k++)
        if (per_name[k])
            lots[n++] = (dg_valuable){.count = per_name[k], .value_gp = value_gp,
                                      .kind = tier * DG__VALUABLE_NAMES + name[k]};
    return n;
}

static void roll_hoard(const dg__srd *s, dg_rng *r, int band, dg_treasure *t, dg__so_far *taken)
{
    for (int k = 0; k < DG_COIN_COUNT; k++) t->coins[k] = roll(r, dg__hoard_coins[band][k]);
    int d = 1 + (int)dg__rng_below(r, 100);
    const dg__hoard_row *row = dg__hoards[band].rows;
    while (d > row->upto) row++;
    if (row->gem_gp) t->n_gems = valuables(r, roll(r, row->count), row->gem_gp, dg__gem_value, DG__GEM_TIERS, t->gems);
    if (row->art_gp) t->n_art = valuables(r, roll(r, row->count), row->art_gp, dg__art_value, DG__ART_TIERS, t->art);
    for (int j = 0; j < 2 && row->table[j]; j++) {
        long n = roll(r, row->rolls[j]);
        for (long k = 0; k < n && t->n_items < DG_TREASURE_MAX_ITEMS; k++) {
            int i = magic_item(s, r, row->table[j], &t->item_grades[t->n_items], taken);
            if (i >= 0) t->items[t->n_items++] = i;
        }
    }
}

/* One creature's purse (or one left behind), added to t's coins. */
static void roll_individual(dg_rng *r, int band, dg_treasure *t)
{
    int d = 1 + (int)dg__rng_below(r, 100);
    const dg__indiv_row *row = dg__indiv[band].rows;
    while (d > row->upto) row++;
    for (int k = 0; k < DG_COIN_COUNT; k++) t->coins[k] += roll(r, row->coins[k]);
}

/* Under this a purse is never locked, trapped or kept in a chest: nobody
 * locks a strongbox over seventeen coppers. */
#define PURSE_CP 1000

/* Loose, or in a container that may be locked or trapped. */
static void keep(dg_rng *r, const dg_contents *c, dg_treasure *t)
{
    t->container = -1;
    if (!dg__rng_percent(r, 60)) return;
    bool purse = dg_treasure_value_cp(t) < PURSE_CP;
    uint32_t kinds = purse ? DG__CONTAINERS_HUMBLE : (uint32_t)dg_contents_word_count(DG_WORDS_CONTAINER);
    t->container = (int)dg__rng_below(r, kinds);
    /* the coins fit what holds them: a book hides a few, a sack holds
     * 1,500; else the first of the list that holds them all (a crate, a
     * chest, a sarcophagus), and a hoard past every one lies heaped loose */
    long coins = 0;
    for (int k = 0; k < DG_COIN_COUNT; k++) coins += t->coins[k];
    if (coins > dg__container_holds(t->container)) {
        int fit = -1;
        for (int k = 0; k < (int)kinds && fit < 0; k++)
            if (coins <= dg__container_holds(k)) fit = k;
        t->container = fit;
        if (fit < 0) return;
    }
    if (purse) return;
    /* only a chest, a strongbox or a coffer has a lock to pick or to trap */
    if (t->container < DG__CONTAINERS_HUMBLE || t->container >= DG__CONTAINERS_LOCKABLE_END) return;
    if (dg__rng_percent(r, 30)) t->lock_dc = 10 + 5 * (1 + (int)dg__rng_below(r, 3));
    if (dg__rng_percent(r, 15)) {
        t->trapped = true;
        t->trap.kind = dg__trap_pick(r, c->motif, true, -1);
        t->trap.trigger = dg__trap_trigger(r, t->trap.kind, true);
        dg_severity s = (dg_severity)dg__rng_below(r, DG_SEV_DEADLY + 1);
        dg__trap_numbers(r, c->level, c->rules, s, &t->trap);
    }
}

/* The DMG's bands: challenge 0-4, 5-10, 11-16, 17+ (cr8 is CR x 8). */
static int band_of_cr8(int cr8) { return cr8 <= 4 * 8 ? 0 : cr8 <= 10 * 8 ? 1 : cr8 <= 16 * 8 ? 2 : 3; }

static int strongest_cr8(const dg__srd *s, const dg_encounter *e)
{
    int best = 0;
    for (int g = 0; g < e->n_groups; g++)
        if (DG__SRD_MONSTER(s, e->groups[g].monster)->cr8 > best) best = DG__SRD_MONSTER(s, e->groups[g].monster)->cr8;
    return best;
}

long dg_treasure_value_cp(const dg_treasure *t)
{
    static const long cp_per[DG_COIN_COUNT] = {1, 10, 50, 100, 1000};
    long cp = 0;
    for (int k = 0; k < DG_COIN_COUNT; k++) cp += t->coins[k] * cp_per[k];
    for (int k = 0; k < t->n_gems; k++) cp += 100L * t->gems[k].count * t->gems[k].value_gp;
    for (int k = 0; k < t->n_art; k++) cp += 100L * t->art[k].count * t->art[k].value_gp;
    return cp;
}

/* in cp first, so ep and the small coins add up before rounding */
long dg_treasure_value_gp(const dg_treasure *t) { return dg_treasure_value_cp(t) / 100; }

/* Whether room a is guarded more strongly than room b (ties: the lower id). */
static bool stronger(const dg_room_contents *a, const dg_room_contents *b)
{
    return a->encounter.adjusted_xp > b->encounter.adjusted_xp ||
           (a->encounter.adjusted_xp == b->encounter.adjusted_xp && a->id < b->id);
}

/* What a band led by challenge 5 or more carries at least (cp). */
#define BAND_LEAST_CP 10000

void dg__treasure_room(const dg_contents *c, uint64_t seed, uint64_t index, dg_room_contents *rc, bool hoard,
                       dg__so_far *taken)
{
    /* the hoards' band is the party's tier of play (levels 1-4 meet the
     * challenge 0-4 table, and so on): the DMG hands out hoards by tier,
     * and a deep floor's deadlier guards do not make them grow */
    int party_band = band_of_cr8(c->level * 8);
    dg_rng r;
    dg_rng_seed(&r, seed, DG__STREAM_TREASURE + index);
    bool guarded = rc->encounter.n_groups > 0, wanted = rc->has_treasure;
    dg_treasure *t = &rc->treasure;
    *t = (dg_treasure){.container = -1};
    rc->has_treasure = false;
    if (hoard) {
        t->hoard = true;
        t->band = party_band;
        roll_hoard(dg__srd_of(c->rules), &r, t->band, t, taken);
    } else if (wanted) {
        /* the DMG rolls Individual Treasure creature by creature, each on
         * its own challenge rating's table, and the group holds the sum
         * (six fire giants carry six purses); a purse left in an empty
         * room is one roll at the party's tier. t->band is the strongest's. */
        const dg__srd *s = dg__srd_of(c->rules);
        if (guarded) {
            t->band = band_of_cr8(strongest_cr8(s, &rc->encounter));
            for (int g = 0; g < rc->encounter.n_groups; g++)
                for (int k = 0; k < rc->encounter.groups[g].count; k++)
                    roll_individual(&r, band_of_cr8(DG__SRD_MONSTER(s, rc->encounter.groups[g].monster)->cr8), t);
        } else {
            t->band = party_band;
            roll_individual(&r, t->band, t);
        }
        /* a band led by challenge 5 or more carries at least 100 gp (one
         * such creature's purse averages about 93 gp on the DMG's table):
         * what the dice fall short of, the leader carries in gold */
        long cp = dg_treasure_value_cp(t);
        if (t->band >= 1 && guarded && cp < BAND_LEAST_CP) t->coins[DG_COIN_GP] += (BAND_LEAST_CP - cp + 99) / 100;
        /* a handful of coppers is no treasure: under 1 gp, nothing is listed */
        if (dg_treasure_value_cp(t) < 100) {
            *t = (dg_treasure){.container = -1};
            return;
        }
    } else {
        return;
    }
    rc->has_treasure = true;
    keep(&r, c, t);
}

/* ------------------------------------------------- the dungeon's share */

static long hoard_max_of(int band)
{
    static const long cp_per[DG_COIN_COUNT] = {1, 10, 50, 100, 1000};
    long most = 0, valuables = 0;
    for (int k = 0; k < DG_COIN_COUNT; k++) {
        dg__die_roll d = dg__hoard_coins[band][k];
        most += (long)d.n * d.die * d.times * cp_per[k];
    }
    for (int k = 0; k < dg__hoards[band].n; k++) {
        const dg__hoard_row *row = &dg__hoards[band].rows[k];
        long v = (long)row->count.n * row->count.die * row->count.times * (row->gem_gp + row->art_gp) * 100;
        if (v > valuables) valuables = v;
    }
    return most + valuables;
}

/* hoard_max_of kept per band (0: not worked out yet; every band's is
 * more): the tables are static, and every floor asked it again. */
long dg__hoard_max_cp(int band)
{
    static _Atomic long kept[DG_COUNT(dg__hoards)];
    if (band < 0 || (size_t)band >= DG_COUNT(kept)) return hoard_max_of(band);
    long v = atomic_load_explicit(&kept[band], memory_order_relaxed);
    if (!v) atomic_store_explicit(&kept[band], v = hoard_max_of(band), memory_order_relaxed);
    return v;
}

/* A dungeon's hoards are one hoard and a half at most (the party's tier's
 * most), shared by its floors alike: three floors do not triple it. */
static long floor_share_cp(const dg_contents *c, int floors)
{
    long dungeon = dg__hoard_max_cp(band_of_cr8(c->level * 8)) * 3 / 2;
    return dungeon / (floors < 1 ? 1 : floors);
}

/* Scales t's coins, gems and art down to at most `cp` (each part in
 * proportion, rounded down, an emptied lot dropped). */
static void scale_to(dg_treasure *t, long cp)
{
    long was = dg_treasure_value_cp(t);
    if (was <= cp) return;
    for (int k = 0; k < DG_COIN_COUNT; k++) t->coins[k] = (long)((long long)t->coins[k] * cp / was);
    dg_valuable *lots[2] = {t->gems, t->art};
    int *n[2] = {&t->n_gems, &t->n_art};
    for (int j = 0; j < 2; j++) {
        int kept = 0;
        for (int k = 0; k < *n[j]; k++) {
            dg_valuable v = lots[j][k];
            v.count = (int)((long long)v.count * cp / was);
            if (v.count > 0) lots[j][kept++] = v;
        }
        *n[j] = kept;
    }
}

/* A hoard takes what the share leaves (`left`, which it spends). */
static void spend(dg_room_contents *rc, long *left)
{
    dg_treasure *t = &rc->treasure;
    scale_to(t, *left);
    long cp = dg_treasure_value_cp(t);
    *left -= cp;
    /* what the share cut under a gold piece is no treasure to list */
    if (cp < 100) {
        memset(t->coins, 0, sizeof t->coins);
        t->n_gems = t->n_art = 0;
        if (!t->n_items) rc->has_treasure = false;
    }
}

void dg__treasure_fit(dg_contents *c, dg_room_contents *rc, int floors)
{
    if (!rc->has_treasure || !rc->treasure.hoard) return;
    long left = floor_share_cp(c, floors);
    for (size_t i = 0; i < c->n_rooms; i++)
        if (&c->rooms[i] != rc && c->rooms[i].has_treasure && c->rooms[i].treasure.hoard)
            left -= dg_treasure_value_cp(&c->rooms[i].treasure);
    if (left < 0) left = 0;
    spend(rc, &left);
}

void dg__treasure_stock(dg_contents *c, uint64_t seed, int lair, int floors, dg__so_far *taken)
{
    int extra = (int)(c->n_rooms / HOARD_ROOMS_PER);
    for (size_t i = 0; i < c->n_rooms; i++) {
        dg_room_contents *rc = &c->rooms[i];
        bool guarded = rc->encounter.n_groups > 0, hoard = rc->id == lair;
        if (!hoard && guarded && extra > 0) {
            /* among the `extra` most strongly guarded rooms but the lair */
            int above = 0;
            for (size_t j = 0; j < c->n_rooms; j++)
                above += c->rooms[j].id != lair && c->rooms[j].encounter.n_groups > 0 && stronger(&c->rooms[j], rc);
            hoard = above < extra;
        }
        dg__treasure_room(c, seed, (uint64_t)rc->id, rc, hoard, taken);
    }
    /* the richest hoard lies in the lair */
    if (lair) {
        dg_room_contents *l = &c->rooms[lair - 1];
        for (size_t i = 0; i < c->n_rooms; i++) {
            dg_treasure *t = &c->rooms[i].treasure;
            if (t->hoard && dg_treasure_value_cp(t) > dg_treasure_value_cp(&l->treasure)) {
                dg_treasure swap = l->treasure;
                l->treasure = *t;
                *t = swap;
            }
        }
    }
    /* the floor's share of the dungeon's hoard: the lair's first, then the
     * others' room by room, each taking what is left (so the lair stays
     * the richest) */
    long left = floor_share_cp(c, floors);
    if (lair && c->rooms[lair - 1].has_treasure) spend(&c->rooms[lair - 1], &left);
    for (size_t i = 0; i < c->n_rooms; i++)
        if ((int)i + 1 != lair && c->rooms[i].has_treasure && c->rooms[i].treasure.hoard) spend(&c->rooms[i], &left);
}

void dg__so_far_items(dg__so_far *f, const dg_contents *c, int except)
{
    for (size_t i = 0; i < c->n_rooms; i++) {
        const dg_room_contents *rc = &c->rooms[i];
        if (!rc->has_treasure || rc->id == except) continue;
        for (int k = 0; k < rc->treasure.n_items; k++) {
            int id = rc->treasure.items[k];
            const dg__srd *s = dg__srd_of(c->rules);
            take(s, f, id, rc->treasure.item_grades[k]);
        }
    }
}
