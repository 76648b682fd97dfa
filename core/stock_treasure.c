/* stock_treasure.c -- a room's treasure: its worth follows the XP of what
 * guards it (so it grows with the party's level and size), split into
 * coins of the level's denominations, gems and art objects of SRD values,
 * and now and then SRD magic items of the level's rarities; kept loose or
 * in a container that may be locked or trapped. Which rooms hold treasure
 * is stock.c's call. */
#include "stock_int.h"


/* Per level band (1-4, 5-10, 11-16, 17-20). */
static const int coin_share[4][DG_COIN_COUNT] = {  /* percent of the coins' worth */
    {20, 45, 0, 35, 0}, {5, 20, 15, 60, 0}, {0, 5, 10, 55, 30}, {0, 0, 5, 45, 50},
};
static const int top_gem_tier[4] = {2, 3, 4, 5};
static const int top_art_tier[4] = {1, 2, 3, 4};
/* item rarity: the band's usual one, else the one above */
static const dg_rarity usual[4] = {DG_RARITY_UNCOMMON, DG_RARITY_UNCOMMON, DG_RARITY_RARE, DG_RARITY_VERY_RARE};
static const dg_rarity better[4] = {DG_RARITY_UNCOMMON, DG_RARITY_RARE, DG_RARITY_VERY_RARE, DG_RARITY_LEGENDARY};
static const long cp_per[DG_COIN_COUNT] = {1, 10, 50, 100, 1000};

static int band_of(int level) { return level <= 4 ? 0 : level <= 10 ? 1 : level <= 16 ? 2 : 3; }

/* `count` items of value from a tier no higher than top that one of them
 * still fits in budget_gp; the lot's worth, 0 when none fits. */
static long valuables(dg_rng *r, long budget_gp, int top, int (*value)(int), dg_valuable *v,
                      int per_tier)
{
    int tier = top;
    while (tier > 0 && value(tier) * 2 > budget_gp) tier--;
    if (value(tier) > budget_gp) return 0;
    long n = budget_gp / value(tier);
    v->count = (int)(n > 12 ? 12 : n);
    v->value_gp = value(tier);
    v->kind = tier * per_tier + (int)dg__rng_below(r, (uint32_t)per_tier);
    return (long)v->count * v->value_gp;
}

static int magic_item(dg_rng *r, dg_rarity want)
{
    for (int tries = 0; tries < 64; tries++) {
        int i = (int)dg__rng_below(r, DG__MAGIC_ITEM_COUNT);
        dg_rarity got = dg__magic_items[i].rarity;
        if (got == want || (got == DG_RARITY_VARIES && tries >= 4)) return i;
    }
    return 0;
}

void dg__treasure_roll(dg_rng *r, int level, long xp, int hoard_factor, dg_motif motif,
                       dg_treasure *t)
{
    int band = band_of(level);
    /* worth in gp: half the guarding XP, 75-125%, times the hoard factor */
    long worth = xp * (75 + (long)dg__rng_below(r, 51)) / 200 * hoard_factor;
    if (worth < 1) worth = 1;
    long coins_gp = worth;
    if (dg__rng_percent(r, 40)) {
        long got = valuables(r, worth * 3 / 10, top_gem_tier[band], dg__gem_value, &t->gems[0], 3);
        if (got) t->n_gems = 1;
        coins_gp -= got;
    }
    if (dg__rng_percent(r, hoard_factor > 1 ? 60 : 20)) {
        long got = valuables(r, worth * 3 / 10, top_art_tier[band], dg__art_value, &t->art[0], 3);
        if (got) t->n_art = 1;
        coins_gp -= got;
    }
    if (coins_gp < 0) coins_gp = 0;
    long left_cp = coins_gp * 100;
    for (int k = DG_COIN_COUNT - 1; k >= 0; k--) {
        if (!coin_share[band][k]) continue;
        long cp = k == DG_COIN_CP ? left_cp : coins_gp * 100 * coin_share[band][k] / 100;
        if (cp > left_cp) cp = left_cp;
        t->coins[k] = cp / cp_per[k];
        left_cp -= t->coins[k] * cp_per[k];
    }
    /* what no denomination of the band could take stays as copper */
    t->coins[DG_COIN_CP] += left_cp;
    int items = 0;
    if (dg__rng_percent(r, hoard_factor > 1 ? 100 : 12)) items++;
    if (hoard_factor > 1 && dg__rng_percent(r, 50)) items++;
    for (int k = 0; k < items; k++)
        t->items[t->n_items++] = magic_item(r, dg__rng_percent(r, 70) ? usual[band] : better[band]);
    t->container = -1;
    t->lock_dc = 0;
    t->trapped = false;
    if (dg__rng_percent(r, 60)) {
        t->container = (int)dg__rng_below(r, (uint32_t)dg_contents_word_count(DG_WORDS_CONTAINER));
        if (dg__rng_percent(r, 30)) t->lock_dc = 10 + 5 * (1 + (int)dg__rng_below(r, 3));
        if (dg__rng_percent(r, 15)) {
            t->trapped = true;
            t->trap.kind = dg__trap_pick(r, motif, true);
            t->trap.trigger = dg__trap_trigger(r, t->trap.kind, true);
            dg_severity s = (dg_severity)dg__rng_below(r, DG_SEV_COUNT);
            dg__trap_numbers(r, level, s, dg_trap_kind_info(t->trap.kind)->attack, &t->trap);
        }
    }
}
