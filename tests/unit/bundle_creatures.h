/* bundle_creatures.h -- what a foundry-bundle promises of the creatures
 * of the dungeon it carries (its actors, their tokens and the wandering
 * monsters' roll tables), for test_foundry_bundle.c's bundles and
 * test_foundry_creatures.c's sweep over motifs and levels. Header-only,
 * as ../slurp.h: each test is one source (defining _GNU_SOURCE first:
 * strcasestr). */
#ifndef DG_TEST_BUNDLE_CREATURES_H
#define DG_TEST_BUNDLE_CREATURES_H

#include "bundle_reader.h"

/* ------------------------------------------- actors, tokens and tables */

/* Whether a token may stand on cell (x, y) of room `id`: its floor, no
 * door, stair, trap trigger, rock or wall. */
static inline bool standable(const dg_dungeon *d, int id, int x, int y)
{
    uint32_t c = dg_cell(d, x, y);
    if (!(c & DG_OPENSPACE) || (c & (DG_DOORSPACE | DG_STAIRS | DG_BLOCKED | DG_PERIMETER))) return false;
    if ((int)((c & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT) != id) return false;
    const dg_room_contents *rc = &d->contents->rooms[id - 1];
    for (int t = 0; t < rc->n_traps; t++)
        if (rc->trap_cells[t].x == x && rc->trap_cells[t].y == y) return false;
    return true;
}

static inline int room_cells(const dg_dungeon *d, int id)
{
    const dg_room *r = &d->rooms[id - 1];
    int n = 0;
    for (int y = r->y; y < r->y + r->height; y++)
        for (int x = r->x; x < r->x + r->width; x++) n += standable(d, id, x, y);
    return n;
}

/* Stats over a sweep, for the messages. */
static long tokens_seen, big_unfit, stacked_rooms;
/* Actors with a compendium source in dnd5e.monsters [0], dnd5e.actors24 [1]. */
static long sources_in[2];

/* The promises: an Actor per creature kind (dnd5e npc, its figures
 * the stat block's, its compendium source the dnd5e pack's); every token's
 * actor in the Adventure, each token hidden on a standable cell of its
 * room, a cell of its own, the counts per room the encounter's; a RollTable
 * per floor with wandering monsters, d6, its rows the key's. */
static inline void check_creatures(const dg_dungeon *const *floors, size_t n, json_t *adv, const char *what)
{
    json_t *actors = json_object_get(adv, "actors"), *tables = json_object_get(adv, "tables");
    dr__bestiary kinds;
    dr__bestiary_of_floors(floors, n, &kinds);
    cr_assert_eq(json_array_size(actors), (size_t)kinds.n, "%s: %zu actors for %d kinds", what,
                 json_array_size(actors), kinds.n);
    for (int k = 0; k < kinds.n; k++) {
        json_t *a = json_array_get(actors, (size_t)k);
        const dg_monster *m = dg_monster_info(kinds.monster[k]);
        const dg_statblock *sb = dg_monster_statblock(kinds.monster[k]);
        cr_assert(valid_id(json_string_value(json_object_get(a, "_id"))));
        cr_assert_str_eq(json_string_value(json_object_get(a, "name")), m->name);
        cr_assert_str_eq(json_string_value(json_object_get(a, "type")), "npc");
        json_t *sys = json_object_get(a, "system"), *attr = json_object_get(sys, "attributes");
        cr_assert_eq(json_integer_value(json_object_get(json_object_get(attr, "hp"), "max")), m->hp, "%s", m->name);
        cr_assert_eq(json_integer_value(json_object_get(json_object_get(attr, "ac"), "flat")), m->ac, "%s", m->name);
        cr_assert_str_eq(json_string_value(json_object_get(json_object_get(attr, "hp"), "formula")), sb->hit_dice);
        cr_assert_eq(json_integer_value(json_object_get(json_object_get(json_object_get(sys, "abilities"), "dex"),
                                                        "value")),
                     sb->scores[1]);
        cr_assert_float_eq(json_number_value(json_object_get(json_object_get(sys, "details"), "cr")), m->cr8 / 8.0, 1e-9);
        json_t *mv = json_object_get(attr, "movement");
        long moves = 0;
        const char *modes[] = {"walk", "fly", "swim", "climb", "burrow"};
        /* dnd5e's 2024 pack writes speeds as strings and senses in ranges */
        bool v2024 = kinds.monster[k] >= DG_MONSTER_ID_2024;
        for (int i = 0; i < 5; i++) {
            json_t *v = json_object_get(mv, modes[i]);
            moves += v2024 ? (v ? atol(json_string_value(v)) : 0) : json_integer_value(v);
        }
        cr_assert(moves > 0 || !strncmp(sb->speed, "0 ft", 4), "%s: no movement from \"%s\"", m->name, sb->speed);
        json_t *senses = json_object_get(attr, "senses");
        if (v2024) senses = json_object_get(senses, "ranges");
        if (strcasestr(sb->senses, "darkvision"))
            cr_assert_gt(json_integer_value(json_object_get(senses, "darkvision")), 0, "%s: %s", m->name, sb->senses);
        const char *bio = json_string_value(
            json_object_get(json_object_get(json_object_get(sys, "details"), "biography"), "value"));
        cr_assert(bio && strstr(bio, "<strong>Armor Class</strong>"), "%s: biography", m->name);
        int entries = 0;
        for (int s = 0; s < DG_SB_SECTIONS; s++) {
            int c;
            dg_statblock_section(sb, s, &c);
            entries += c;
        }
        cr_assert_eq(json_array_size(json_object_get(a, "items")), (size_t)entries, "%s: an item per entry", m->name);
        const char *src = json_string_value(json_object_get(json_object_get(a, "_stats"), "compendiumSource"));
        const char *pack, *id = dr__bundle_compendium_id(kinds.monster[k], &pack);
        /* a 2024 creature is SRD 5.2's, in dnd5e's pack of those */
        cr_assert_str_eq(pack, kinds.monster[k] >= DG_MONSTER_ID_2024 ? "actors24" : "monsters", "%s", m->name);
        if (id) {
            char want[64];
            snprintf(want, sizeof want, "Compendium.dnd5e.%s.Actor.%s", pack, id);
            cr_assert(src && !strcmp(src, want), "%s: compendiumSource %s", m->name, src ? src : "(none)");
            sources_in[!strcmp(pack, "actors24")]++;
        } else {
            cr_assert_null(src, "%s: a source the pack does not have", m->name);
        }
    }

    size_t n_tables = 0;
    for (size_t k = 0; k < n; k++) {
        const dg_dungeon *d = floors[k];
        json_t *scene = json_array_get(json_object_get(adv, "scenes"), k), *tok;
        json_t *tokens = json_object_get(scene, "tokens");
        cr_assert(json_is_array(tokens), "%s: no tokens array", what);
        int ppg = d->opts.ppg;
        long *count = calloc(d->n_rooms + 1, sizeof *count);
        unsigned char *taken = calloc((size_t)d->width * (size_t)d->height, 1);
        size_t i;
        json_array_foreach(tokens, i, tok) {
            const char *actor = json_string_value(json_object_get(tok, "actorId"));
            json_t *a = find_by_id(actors, actor);
            cr_assert_not_null(a, "%s: token %zu's actor %s is not in the Adventure", what, i, actor);
            cr_assert_str_eq(json_string_value(json_object_get(tok, "name")),
                             json_string_value(json_object_get(a, "name")));
            cr_assert(json_is_true(json_object_get(tok, "hidden")), "%s: token %zu shows", what, i);
            cr_assert(valid_id(json_string_value(json_object_get(tok, "_id"))));
            long x = (long)json_integer_value(json_object_get(tok, "x")) / ppg;
            long y = (long)json_integer_value(json_object_get(tok, "y")) / ppg;
            uint32_t c = dg_cell(d, (int)x, (int)y);
            int id = (int)((c & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT);
            cr_assert(id >= 1 && (size_t)id <= d->n_rooms && standable(d, id, (int)x, (int)y),
                      "%s: token %zu (%s) on cell %ld,%ld: not a room's free floor", what, i,
                      json_string_value(json_object_get(tok, "name")), x, y);
            count[id]++;
            tokens_seen++;
            /* its size: what its actor's prototype says */
            double w = json_number_value(json_object_get(tok, "width"));
            cr_assert_float_eq(w, json_number_value(json_object_get(json_object_get(a, "prototypeToken"), "width")),
                               1e-9);
            int side = w < 1 ? 1 : (int)w;
            bool fits = true;
            for (int yy = 0; yy < side; yy++)
                for (int xx = 0; xx < side; xx++) fits &= standable(d, id, (int)x + xx, (int)y + yy);
            big_unfit += !fits;
            /* a cell of its own, unless the room's floor is less than its
             * creatures cover (a Large one covers 4 cells) */
            size_t at = (size_t)y * (size_t)d->width + (size_t)x;
            if (taken[at]) {
                int need = 0;
                const dg_encounter *e = &d->contents->rooms[id - 1].encounter;
                for (int g = 0; g < e->n_groups; g++) {
                    double sq = dr__bundle_token_size(e->groups[g].monster);
                    int s = sq < 1 ? 1 : (int)sq;
                    need += e->groups[g].count * s * s;
                }
                cr_assert_gt(need, room_cells(d, id), "%s: two tokens on cell %ld,%ld of room %d", what, x, y, id);
                stacked_rooms++;
            }
            taken[at] = 1;
        }
        for (size_t r = 0; r < d->n_rooms; r++) {
            long want = 0;
            const dg_encounter *e = d->contents && r < d->contents->n_rooms ? &d->contents->rooms[r].encounter : NULL;
            for (int g = 0; e && g < e->n_groups; g++) want += e->groups[g].count;
            cr_assert_eq(count[r + 1], want, "%s: room %zu has %ld tokens for %ld creatures", what, r + 1,
                         count[r + 1], want);
        }
        free(count);
        free(taken);

        const dg_contents *c = d->contents;
        if (!c || !c->n_wandering) continue;
        json_t *t = json_array_get(tables, n_tables++);
        cr_assert_not_null(t, "%s: floor %zu has wandering monsters and no table", what, k + 1);
        cr_assert_str_eq(json_string_value(json_object_get(t, "formula")), "1d6");
        json_t *results = json_object_get(t, "results");
        cr_assert_eq(json_array_size(results), 6, "%s: six rows", what);
        /* the rows are the key's: format=md's table of this floor */
        dg_dungeon one = *d;
        one.below = NULL;
        dg_buf md;
        dg_buf_init(&md);
        cr_assert_eq(dg_md_encode(&one, &md, NULL), DG_OK);
        for (size_t r = 0; r < 6; r++) {
            json_t *row = json_array_get(results, r), *range = json_object_get(row, "range");
            cr_assert(json_integer_value(json_array_get(range, 0)) == (json_int_t)r + 1 &&
                      json_integer_value(json_array_get(range, 1)) == (json_int_t)r + 1,
                      "%s: row %zu's range", what, r + 1);
            char line[1024];
            snprintf(line, sizeof line, "\n| %zu | %s |\n", r + 1, json_string_value(json_object_get(row, "text")));
            cr_assert(strstr((const char *)md.data, line), "%s: row %zu is not the key's: %s", what, r + 1, line);
        }
        dg_buf_fini(&md);
    }
    cr_assert_eq(json_array_size(tables), n_tables, "%s: a table per floor with wandering monsters", what);
}

#endif
