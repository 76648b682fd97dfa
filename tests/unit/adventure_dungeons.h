/* adventure_dungeons.h -- the dungeons test_adventure.c and
 * test_adventure_words.c read: DUNGEONS seeds of every family, motif,
 * level 1-20, party 1-6, 1-3 floors and both rule sets, on small maps
 * (21 x 31), each optionally rerolled. Header-only, as ../slurp.h: each
 * test is one source. */
#ifndef DG_TEST_ADVENTURE_DUNGEONS_H
#define DG_TEST_ADVENTURE_DUNGEONS_H

#include <criterion/criterion.h>
#include <stdio.h>

#include "dg_contents.h"

#define DUNGEONS 2100

static inline dg_dungeon *make(uint64_t s, const char *reroll)
{
    char motif[32], level[8], party[8], floors[8], rules[8];
    snprintf(motif, sizeof motif, "%s", dg_motif_name((int)(s % DG_MOTIF_COUNT)));
    snprintf(level, sizeof level, "%d", 1 + (int)(s / 3 % 20));
    snprintf(party, sizeof party, "%d", 1 + (int)(s / 7 % 6));
    snprintf(floors, sizeof floors, "%d", 1 + (int)(s / 11 % 3));
    snprintf(rules, sizeof rules, "%s", s / 13 % 2 ? "2024" : "2014");
    const char *keys[] = {"algorithm", "rows", "cols", "motif", "level", "party", "floors", "rules", "reroll"};
    const char *vals[] = {dg_algorithm_name((dg_algorithm)(s % DG_ALGO_COUNT)), "21", "31", motif, level, party,
                          floors, rules, reroll};
    dg_options o;
    dg_error e = {0};
    cr_assert_eq(dg_options_parse(&o, reroll ? 9 : 8, keys, vals, NULL, &e), DG_OK, "%s", e.msg);
    dg_options_set_seed(&o, s);
    dg_dungeon *d = NULL;
    cr_assert_eq(dg_generate(&o, &d, &e), DG_OK, "seed %llu: %s", (unsigned long long)s, e.msg);
    return d;
}

#endif
