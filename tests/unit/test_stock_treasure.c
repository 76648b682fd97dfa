/* test_stock_treasure.c -- treasure (core/stock_treasure.c): its worth
 * grows with the party's level, its values are SRD's (gems 10-5,000 gp,
 * art 25-7,500 gp), its magic items are of the level's rarities, and a
 * locked or trapped container says how. */
#include "stock_fixture.h"

#define PER_LEVEL 150

static bool one_of(int v, const int *set, int n)
{
    for (int k = 0; k < n; k++)
        if (set[k] == v) return true;
    return false;
}

Test(stock_treasure, worth_grows_with_level)
{
    double mean[21] = {0};
    for (int level = 1; level <= 20; level++) {
        long sum = 0, hoards = 0;
        for (uint64_t s = 1; s <= PER_LEVEL; s++) {
            dg_dungeon *d = sf_map(s * 7 + (uint64_t)level);
            dg_stock_params p;
            dg_stock_params_init(&p, s * 7 + (uint64_t)level);
            p.level = level;
            p.depth = DG_DEPTH_BASIC;
            dg_contents *c = sf_stock(d, &p);
            for (size_t i = 0; i < c->n_rooms; i++)
                if (c->rooms[i].has_treasure) {
                    sum += dg_treasure_value_gp(&c->rooms[i].treasure);
                    hoards++;
                }
            dg_contents_free(c);
            dg_dungeon_free(d);
        }
        mean[level] = (double)sum / (double)(hoards ? hoards : 1);
    }
    /* each level's mean above the one four levels lower, and each band of
     * five levels above the band before */
    for (int level = 5; level <= 20; level++)
        cr_assert_gt(mean[level], mean[level - 4], "level %d: %.0f gp, level %d: %.0f gp", level, mean[level], level - 4,
                     mean[level - 4]);
    double band[4] = {0};
    for (int level = 1; level <= 20; level++) band[(level - 1) / 5] += mean[level] / 5;
    for (int b = 1; b < 4; b++) cr_assert_gt(band[b], band[b - 1]);
    cr_assert_gt(mean[20], 20 * mean[1], "level 20 %.0f gp vs level 1 %.0f gp", mean[20], mean[1]);
}

Test(stock_treasure, values_rarities_and_containers_are_the_rules)
{
    static const int gems[] = {10, 50, 100, 500, 1000, 5000}, art[] = {25, 250, 750, 2500, 7500};
    /* the band's usual rarity and the one above it (docs/stocking.md) */
    static const dg_rarity lowest[4] = {DG_RARITY_UNCOMMON, DG_RARITY_UNCOMMON, DG_RARITY_RARE, DG_RARITY_VERY_RARE};
    static const dg_rarity highest[4] = {DG_RARITY_UNCOMMON, DG_RARITY_RARE, DG_RARITY_VERY_RARE, DG_RARITY_LEGENDARY};
    long items = 0, locked = 0, trapped = 0;
    for (uint64_t s = 1; s <= 1200; s++) {
        dg_dungeon *d = sf_map(s);
        dg_stock_params p = sf_params(s);
        dg_contents *c = sf_stock(d, &p);
        int band = p.level <= 4 ? 0 : p.level <= 10 ? 1 : p.level <= 16 ? 2 : 3;
        for (size_t i = 0; i < c->n_rooms; i++) {
            const dg_treasure *t = &c->rooms[i].treasure;
            if (!c->rooms[i].has_treasure) continue;
            cr_assert_gt(dg_treasure_value_gp(t) + t->n_items, 0, "seed %llu: empty treasure", (unsigned long long)s);
            for (int k = 0; k < DG_COIN_COUNT; k++) cr_assert_geq(t->coins[k], 0);
            for (int k = 0; k < t->n_gems; k++) cr_assert(one_of(t->gems[k].value_gp, gems, 6));
            for (int k = 0; k < t->n_art; k++) cr_assert(one_of(t->art[k].value_gp, art, 5));
            for (int k = 0; k < t->n_items; k++, items++) {
                dg_rarity r = dg_magic_item_info(t->items[k])->rarity;
                cr_assert(r == DG_RARITY_VARIES || (r >= lowest[band] && r <= highest[band]),
                          "seed %llu level %d: %s is %s", (unsigned long long)s, p.level,
                          dg_magic_item_info(t->items[k])->name, dg_rarity_name(r));
            }
            if (t->lock_dc) {
                locked++;
                cr_assert_geq(t->container, 0, "a lock needs a container");
                cr_assert(t->lock_dc == 15 || t->lock_dc == 20 || t->lock_dc == 25);
            }
            if (t->trapped) {
                trapped++;
                cr_assert_geq(t->container, 0, "a trap needs a container");
            }
        }
        dg_contents_free(c);
        dg_dungeon_free(d);
    }
    cr_assert_gt(items, 100);
    cr_assert_gt(locked, 50);
    cr_assert_gt(trapped, 20);
}
