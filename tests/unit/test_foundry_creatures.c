/* test_foundry_creatures.c -- the creatures of a format=foundry-bundle
 * over many dungeons (every motif, levels 1 to 20, every family, both
 * rule sets, two floors): bundle_creatures.h's promises of actors, tokens
 * and roll tables; the generated dnd5e id tables cover every monster; a
 * lair's wave of reinforcements has tokens flagged with its round. */
#define _GNU_SOURCE /* strcasestr, bundle_creatures.h's */
#include <criterion/criterion.h>

#include "bundle_creatures.h"
#include "bundle_int.h"

/* Creatures over many dungeons: every motif, levels 1 to 20, all five
 * families, some on two floors, a quarter stocked by the 2024 rules (whose
 * actors name dnd5e.actors24 as their source); the checks of
 * check_creatures. */
Test(foundry_bundle, creatures_tokens_and_tables_over_motifs_and_levels, .timeout = 600)
{
    static const char *const families[] = {"donjon", "gridmapper", "cells", "caverns", "panels", "abstract"};
    int bundles = 0;
    for (int m = 0; m < DG_MOTIF_COUNT; m++)
        for (int i = 0; i < 4; i++) {
            int level = 1 + (m * 7 + i * 5) % 20;
            char q[200];
            snprintf(q, sizeof q, "seed=%d&motif=%s&level=%d&algorithm=%s&contents=full&ppg=20%s%s",
                     1000 + m * 10 + i, dg_motif_name(m), level, families[(m + i) % 6], i == 3 ? "&floors=2" : "",
                     i == 1 ? "&rules=2024" : "");
            dg_dungeon *d = make(q);
            dg_buf z = render_bundle(d);
            const dg_dungeon *floors[DG_MAX_FLOORS];
            size_t n = 0;
            for (const dg_dungeon *f = d; f && n < DG_MAX_FLOORS; f = f->below) floors[n++] = f;
            bundle b = open_bundle(&z);
            check_creatures(floors, n, b.adventure, q);
            close_bundle(&b);
            dg_buf_fini(&z);
            dg_dungeon_free(d);
            bundles++;
        }
    cr_log_info("%d bundles, %ld tokens, %ld big ones on a square not all free floor, %ld stacked", bundles,
                tokens_seen, big_unfit, stacked_rooms);
    cr_assert_gt(tokens_seen, 500, "the sweep places few tokens: %ld", tokens_seen);
    cr_log_info("actors linked to dnd5e.monsters: %ld, to dnd5e.actors24: %ld", sources_in[0], sources_in[1]);
    cr_assert_gt(sources_in[0], 100, "few actors linked to dnd5e.monsters: %ld", sources_in[0]);
    cr_assert_gt(sources_in[1], 30, "few actors linked to dnd5e.actors24: %ld", sources_in[1]);
}

/* The generated id tables (tools/dnd5e_monster_ids.pl) cover the monster
 * tables: one slot per monster of either rules, each id Foundry's 16
 * letters and digits, and dr__bundle_compendium_id finds it by the
 * monster's id. */
Test(foundry_bundle, every_monster_has_a_slot_in_the_dnd5e_id_table)
{
    static const struct {
        dg_rules rules;
        const char *const *ids;
        const size_t *count;
        const char *pack;
    } tables[] = {
        {DG_RULES_2014, dr__dnd5e_monster_ids, &dr__dnd5e_monster_id_count, "monsters"},
        {DG_RULES_2024, dr__dnd5e_monster_ids_2024, &dr__dnd5e_monster_id_count_2024, "actors24"},
    };
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++) {
        size_t n = dg_rules_monster_count(tables[t].rules);
        int base = dg_rules_monster_base(tables[t].rules);
        cr_assert_eq(*tables[t].count, n, "regenerate render/vtt/dnd5e_monster_ids.c (%s)", tables[t].pack);
        size_t with = 0;
        for (size_t i = 0; i < n; i++) {
            const char *pack, *id = dr__bundle_compendium_id(base + (int)i, &pack);
            cr_assert_eq(id, tables[t].ids[i]);
            cr_assert_str_eq(pack, tables[t].pack);
            if (id) {
                cr_assert(valid_id(id), "%s", dg_monster_info(base + (int)i)->name);
                with++;
            }
        }
        cr_log_info("%zu of %zu monsters in dnd5e.%s", with, n, tables[t].pack);
        cr_assert_geq(with, n - 2, "only %zu of %zu monsters in dnd5e.%s", with, n, tables[t].pack);
    }
}

/* A lair joined by reinforcements (stock_waves.c): every creature has its
 * actor and its token, hidden like the rest, and the wave's tokens say
 * the round the GM reveals them in (flags.dungeond.arrives_round); those
 * there from the start say none. */
Test(foundry_bundle, a_wave_of_reinforcements_has_tokens_flagged_with_its_round)
{
    const char *q = "seed=5898838&algorithm=cells&level=20&party=8&motif=vermin&rules=2024&danger=deadly&ppg=20";
    dg_dungeon *d = make(q);
    dg_buf z = render_bundle(d);
    const dg_dungeon *floors[1] = {d};
    bundle b = open_bundle(&z);
    check_creatures(floors, 1, b.adventure, q);
    long want = 0, flagged = 0, unflagged = 0, there = 0;
    const dg_encounter *e = &d->contents->rooms[d->contents->farthest_room - 1].encounter;
    for (int g = 0; g < e->n_groups; g++) *(e->groups[g].arrives == 3 ? &want : &there) += e->groups[g].count;
    cr_assert_gt(want, 0, "no wave in the lair: the seed no longer shows one");
    json_t *tokens = json_object_get(json_array_get(json_object_get(b.adventure, "scenes"), 0), "tokens"), *tok;
    size_t i;
    json_array_foreach(tokens, i, tok) {
        json_t *round = json_object_get(json_object_get(json_object_get(tok, "flags"), "dungeond"), "arrives_round");
        if (round) {
            cr_assert_eq(json_integer_value(round), 3);
            cr_assert(json_is_true(json_object_get(tok, "hidden")));
            flagged++;
        } else {
            unflagged++;
        }
    }
    cr_assert_eq(flagged, want, "%ld tokens flagged for a wave of %ld", flagged, want);
    cr_assert_geq(unflagged, there);
    close_bundle(&b);
    dg_buf_fini(&z);
    dg_dungeon_free(d);
}
