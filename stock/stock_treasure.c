/* stock_treasure.c -- the dungeon's treasure by the Dungeon Master's Guide
 * (2014), chapter 7: the lair and a few strongly guarded rooms hold a
 * Treasure Hoard of the party's band, other encounters carry Individual
 * Treasure by their strongest creature's challenge rating, and now and then
 * an empty room has a purse left behind. Coins, gem and art counts and magic
 * item rolls are the tables' dice; magic items come from SRD 5.1's list by
 * the rarity of the DMG table named. Each treasure is kept loose or in a
 * container that may be locked or trapped. Draws from its own stream per
 * room, after the encounters are placed; the rules are docs/stocking.md's. */
#include "stock_int.h"

#include <string.h>


/* Which rooms hold individual treasure is stock.c's (the chamber contents
 * roll); besides the lair, one room in HOARD_ROOMS_PER holds a hoard (the
 * most strongly guarded ones). */
#define HOARD_ROOMS_PER 10

typedef struct { int n, die, times; } die_roll;  /* n d die x times; n 0: none */
#define D(n, die, times) {n, die, times}
#define NONE {0, 0, 0}

static long roll(dg_rng *r, die_roll d)
{
    long sum = 0;
    for (int k = 0; k < d.n; k++) sum += 1 + (long)dg__rng_below(r, (uint32_t)d.die);
    return sum * d.times;
}

/* ------------------------------------------------------------ tables */

/* DMG 2014, chapter 7, "Individual Treasure" (one table per challenge
 * band): a d100 row (up to `upto`) gives the coins, cp sp ep gp pp. */
typedef struct { int upto; die_roll coins[DG_COIN_COUNT]; } indiv_row;
static const indiv_row indiv_0_4[] = {
    {30, {D(5, 6, 1), NONE, NONE, NONE, NONE}},
    {60, {NONE, D(4, 6, 1), NONE, NONE, NONE}},
    {70, {NONE, NONE, D(3, 6, 1), NONE, NONE}},
    {95, {NONE, NONE, NONE, D(3, 6, 1), NONE}},
    {100, {NONE, NONE, NONE, NONE, D(1, 6, 1)}},
};
static const indiv_row indiv_5_10[] = {
    {30, {D(4, 6, 100), NONE, D(1, 6, 10), NONE, NONE}},
    {60, {NONE, D(6, 6, 10), NONE, D(2, 6, 10), NONE}},
    {70, {NONE, NONE, D(3, 6, 10), D(2, 6, 10), NONE}},
    {95, {NONE, NONE, NONE, D(4, 6, 10), NONE}},
    {100, {NONE, NONE, NONE, D(2, 6, 10), D(3, 6, 1)}},
};
static const indiv_row indiv_11_16[] = {
    {20, {NONE, D(4, 6, 100), NONE, D(1, 6, 100), NONE}},
    {35, {NONE, NONE, D(1, 6, 100), D(1, 6, 100), NONE}},
    {75, {NONE, NONE, NONE, D(2, 6, 100), D(1, 6, 10)}},
    {100, {NONE, NONE, NONE, D(2, 6, 100), D(2, 6, 10)}},
};
static const indiv_row indiv_17_up[] = {
    {15, {NONE, NONE, D(2, 6, 1000), D(8, 6, 100), NONE}},
    {55, {NONE, NONE, NONE, D(1, 6, 1000), D(1, 6, 100)}},
    {100, {NONE, NONE, NONE, D(1, 6, 1000), D(2, 6, 100)}},
};
static const struct { const indiv_row *rows; int n; } indiv[DG_TREASURE_BANDS] = {
    {indiv_0_4, DG_COUNT(indiv_0_4)}, {indiv_5_10, DG_COUNT(indiv_5_10)},
    {indiv_11_16, DG_COUNT(indiv_11_16)}, {indiv_17_up, DG_COUNT(indiv_17_up)},
};

/* DMG 2014, chapter 7, "Treasure Hoard" tables: the coins every hoard of
 * the band has (cp sp ep gp pp), then a d100 row (up to `upto`) naming gems
 * or art objects of one value and their count, and up to two magic item
 * tables ('A'..'I') with how many rolls on each. */
static const die_roll hoard_coins[DG_TREASURE_BANDS][DG_COIN_COUNT] = {
    {D(6, 6, 100), D(3, 6, 100), NONE, D(2, 6, 10), NONE},
    {D(2, 6, 100), D(2, 6, 1000), NONE, D(6, 6, 100), D(3, 6, 10)},
    {NONE, NONE, NONE, D(4, 6, 1000), D(5, 6, 100)},
    {NONE, NONE, NONE, D(12, 6, 1000), D(8, 6, 1000)},
};
typedef struct {
    int upto;
    int gem_gp, art_gp;      /* the one that is nonzero says which */
    die_roll count;
    char table[2];           /* 0: none */
    die_roll rolls[2];
} hoard_row;
#define NO_VALUABLES 0, 0, NONE
#define GEMS(v, n, die) v, 0, D(n, die, 1)
#define ART(v, n, die) 0, v, D(n, die, 1)
#define NO_ITEMS {0, 0}, {NONE, NONE}
#define ITEMS(t, n, die) {t, 0}, {D(n, die, 1), NONE}
#define ITEMS2(t, n, die, u, m, mdie) {t, u}, {D(n, die, 1), D(m, mdie, 1)}
static const hoard_row hoard_0_4[] = {
    {6, NO_VALUABLES, NO_ITEMS},
    {16, GEMS(10, 2, 6), NO_ITEMS},
    {26, ART(25, 2, 4), NO_ITEMS},
    {36, GEMS(50, 2, 6), NO_ITEMS},
    {44, GEMS(10, 2, 6), ITEMS('A', 1, 6)},
    {52, ART(25, 2, 4), ITEMS('A', 1, 6)},
    {60, GEMS(50, 2, 6), ITEMS('A', 1, 6)},
    {65, GEMS(10, 2, 6), ITEMS('B', 1, 4)},
    {70, ART(25, 2, 4), ITEMS('B', 1, 4)},
    {75, GEMS(50, 2, 6), ITEMS('B', 1, 4)},
    {78, GEMS(10, 2, 6), ITEMS('C', 1, 4)},
    {80, ART(25, 2, 4), ITEMS('C', 1, 4)},
    {85, GEMS(50, 2, 6), ITEMS('C', 1, 4)},
    {92, ART(25, 2, 4), ITEMS('F', 1, 4)},
    {97, GEMS(50, 2, 6), ITEMS('F', 1, 4)},
    {99, ART(25, 2, 4), ITEMS('G', 1, 1)},
    {100, GEMS(50, 2, 6), ITEMS('G', 1, 1)},
};
static const hoard_row hoard_5_10[] = {
    {4, NO_VALUABLES, NO_ITEMS},
    {10, ART(25, 2, 4), NO_ITEMS},
    {16, GEMS(50, 3, 6), NO_ITEMS},
    {22, GEMS(100, 3, 6), NO_ITEMS},
    {28, ART(250, 2, 4), NO_ITEMS},
    {32, ART(25, 2, 4), ITEMS('A', 1, 6)},
    {36, GEMS(50, 3, 6), ITEMS('A', 1, 6)},
    {40, GEMS(100, 3, 6), ITEMS('A', 1, 6)},
    {44, ART(250, 2, 4), ITEMS('A', 1, 6)},
    {49, ART(25, 2, 4), ITEMS('B', 1, 4)},
    {54, GEMS(50, 3, 6), ITEMS('B', 1, 4)},
    {59, GEMS(100, 3, 6), ITEMS('B', 1, 4)},
    {63, ART(250, 2, 4), ITEMS('B', 1, 4)},
    {66, ART(25, 2, 4), ITEMS('C', 1, 4)},
    {69, GEMS(50, 3, 6), ITEMS('C', 1, 4)},
    {72, GEMS(100, 3, 6), ITEMS('C', 1, 4)},
    {74, ART(250, 2, 4), ITEMS('C', 1, 4)},
    {76, ART(25, 2, 4), ITEMS('D', 1, 1)},
    {78, GEMS(50, 3, 6), ITEMS('D', 1, 1)},
    {79, GEMS(100, 3, 6), ITEMS('D', 1, 1)},
    {80, ART(250, 2, 4), ITEMS('D', 1, 1)},
    {84, ART(25, 2, 4), ITEMS('F', 1, 4)},
    {88, GEMS(50, 3, 6), ITEMS('F', 1, 4)},
    {91, GEMS(100, 3, 6), ITEMS('F', 1, 4)},
    {94, ART(250, 2, 4), ITEMS('F', 1, 4)},
    {96, GEMS(100, 3, 6), ITEMS('G', 1, 4)},
    {98, ART(250, 2, 4), ITEMS('G', 1, 6)},
    {99, GEMS(100, 3, 6), ITEMS('H', 1, 1)},
    {100, ART(250, 2, 4), ITEMS('H', 1, 1)},
};
static const hoard_row hoard_11_16[] = {
    {3, NO_VALUABLES, NO_ITEMS},
    {6, ART(250, 2, 4), NO_ITEMS},
    {9, ART(750, 2, 4), NO_ITEMS},
    {12, GEMS(500, 3, 6), NO_ITEMS},
    {15, GEMS(1000, 3, 6), NO_ITEMS},
    {19, ART(250, 2, 4), ITEMS2('A', 1, 4, 'B', 1, 6)},
    {23, ART(750, 2, 4), ITEMS2('A', 1, 4, 'B', 1, 6)},
    {26, GEMS(500, 3, 6), ITEMS2('A', 1, 4, 'B', 1, 6)},
    {29, GEMS(1000, 3, 6), ITEMS2('A', 1, 4, 'B', 1, 6)},
    {35, ART(250, 2, 4), ITEMS('C', 1, 6)},
    {40, ART(750, 2, 4), ITEMS('C', 1, 6)},
    {45, GEMS(500, 3, 6), ITEMS('C', 1, 6)},
    {50, GEMS(1000, 3, 6), ITEMS('C', 1, 6)},
    {54, ART(250, 2, 4), ITEMS('D', 1, 4)},
    {58, ART(750, 2, 4), ITEMS('D', 1, 4)},
    {62, GEMS(500, 3, 6), ITEMS('D', 1, 4)},
    {66, GEMS(1000, 3, 6), ITEMS('D', 1, 4)},
    {68, ART(250, 2, 4), ITEMS('E', 1, 1)},
    {70, ART(750, 2, 4), ITEMS('E', 1, 1)},
    {72, GEMS(500, 3, 6), ITEMS('E', 1, 1)},
    {74, GEMS(1000, 3, 6), ITEMS('E', 1, 1)},
    {76, ART(250, 2, 4), ITEMS2('F', 1, 1, 'G', 1, 4)},
    {78, ART(750, 2, 4), ITEMS2('F', 1, 1, 'G', 1, 4)},
    {80, GEMS(500, 3, 6), ITEMS2('F', 1, 1, 'G', 1, 4)},
    {82, GEMS(1000, 3, 6), ITEMS2('F', 1, 1, 'G', 1, 4)},
    {85, ART(250, 2, 4), ITEMS('H', 1, 4)},
    {88, ART(750, 2, 4), ITEMS('H', 1, 4)},
    {90, GEMS(500, 3, 6), ITEMS('H', 1, 4)},
    {92, GEMS(1000, 3, 6), ITEMS('H', 1, 4)},
    {94, ART(250, 2, 4), ITEMS('I', 1, 1)},
    {96, ART(750, 2, 4), ITEMS('I', 1, 1)},
    {98, GEMS(500, 3, 6), ITEMS('I', 1, 1)},
    {100, GEMS(1000, 3, 6), ITEMS('I', 1, 1)},
};
static const hoard_row hoard_17_up[] = {
    {2, NO_VALUABLES, NO_ITEMS},
    {5, GEMS(1000, 3, 6), ITEMS('C', 1, 8)},
    {8, ART(2500, 1, 10), ITEMS('C', 1, 8)},
    {11, ART(7500, 1, 4), ITEMS('C', 1, 8)},
    {14, GEMS(5000, 1, 8), ITEMS('C', 1, 8)},
    {22, GEMS(1000, 3, 6), ITEMS('D', 1, 6)},
    {30, ART(2500, 1, 10), ITEMS('D', 1, 6)},
    {38, ART(7500, 1, 4), ITEMS('D', 1, 6)},
    {46, GEMS(5000, 1, 8), ITEMS('D', 1, 6)},
    {52, GEMS(1000, 3, 6), ITEMS('E', 1, 6)},
    {58, ART(2500, 1, 10), ITEMS('E', 1, 6)},
    {63, ART(7500, 1, 4), ITEMS('E', 1, 6)},
    {68, GEMS(5000, 1, 8), ITEMS('E', 1, 6)},
    {69, GEMS(1000, 3, 6), ITEMS('G', 1, 4)},
    {70, ART(2500, 1, 10), ITEMS('G', 1, 4)},
    {71, ART(7500, 1, 4), ITEMS('G', 1, 4)},
    {72, GEMS(5000, 1, 8), ITEMS('G', 1, 4)},
    {74, GEMS(1000, 3, 6), ITEMS('H', 1, 4)},
    {76, ART(2500, 1, 10), ITEMS('H', 1, 4)},
    {78, ART(7500, 1, 4), ITEMS('H', 1, 4)},
    {80, GEMS(5000, 1, 8), ITEMS('H', 1, 4)},
    {85, GEMS(1000, 3, 6), ITEMS('I', 1, 4)},
    {90, ART(2500, 1, 10), ITEMS('I', 1, 4)},
    {95, ART(7500, 1, 4), ITEMS('I', 1, 4)},
    {100, GEMS(5000, 1, 8), ITEMS('I', 1, 4)},
};
static const struct { const hoard_row *rows; int n; } hoards[DG_TREASURE_BANDS] = {
    {hoard_0_4, DG_COUNT(hoard_0_4)}, {hoard_5_10, DG_COUNT(hoard_5_10)},
    {hoard_11_16, DG_COUNT(hoard_11_16)}, {hoard_17_up, DG_COUNT(hoard_17_up)},
};

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
static int item_named(const dg__srd *s, const char *name)
{
    for (int i = 0; i < s->n_items; i++)
        if (strcmp(s->items[i].name, name) == 0) return s->item_base + i;
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
    case 'W': return strncmp(m->name, "Ammunition", 10) == 0;
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

static int pool_pick(const dg__srd *s, dg_rng *r, dg_rarity rarity, int want, const dg__so_far *taken)
{
    /* the pool listed once (one row per bit of taken's item set), then
     * drawn from: each row's test, grades and all, runs once */
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

/* `count` gems or art objects of value_gp (values[tier] of a list of
 * three names a tier), each named at random like the table's own roll per
 * object, gathered into one lot per name. */
static int valuables(dg_rng *r, long count, int value_gp, int (*values)(int), int tiers, dg_valuable *lots)
{
    int tier = 0;
    while (tier < tiers - 1 && values(tier) != value_gp) tier++;
    int per_name[3] = {0};
    for (long k = 0; k < count; k++) per_name[dg__rng_below(r, 3)]++;
    int n = 0;
    for (int k = 0; k < 3; k++)
        if (per_name[k]) lots[n++] = (dg_valuable){.count = per_name[k], .value_gp = value_gp, .kind = tier * 3 + k};
    return n;
}

static void roll_hoard(const dg__srd *s, dg_rng *r, int band, dg_treasure *t, dg__so_far *taken)
{
    for (int k = 0; k < DG_COIN_COUNT; k++) t->coins[k] = roll(r, hoard_coins[band][k]);
    int d = 1 + (int)dg__rng_below(r, 100);
    const hoard_row *row = hoards[band].rows;
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
    const indiv_row *row = indiv[band].rows;
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
        t->trap.kind = dg__trap_pick(r, c->motif, true);
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

long dg__hoard_max_cp(int band)
{
    static const long cp_per[DG_COIN_COUNT] = {1, 10, 50, 100, 1000};
    long most = 0, valuables = 0;
    for (int k = 0; k < DG_COIN_COUNT; k++) {
        die_roll d = hoard_coins[band][k];
        most += (long)d.n * d.die * d.times * cp_per[k];
    }
    for (int k = 0; k < hoards[band].n; k++) {
        const hoard_row *row = &hoards[band].rows[k];
        long v = (long)row->count.n * row->count.die * row->count.times * (row->gem_gp + row->art_gp) * 100;
        if (v > valuables) valuables = v;
    }
    return most + valuables;
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
