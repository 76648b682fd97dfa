/* test_foundry_schema.c -- every document of a format=foundry-bundle
 * (read back by bundle_reader.h) holds only keys its target's data schema
 * lists (foundry_schema.h: Foundry 13's, and 14's one scene with a Level
 * per floor in stacked bands, every placeable on one of them, a
 * changeLevel region at each stair pair). */
#include <criterion/criterion.h>

#include "bundle_reader.h"
#include "foundry_schema.h"

/* Every key of o is one the schema lists. */
static void keys_in(json_t *o, const char *const *schema, const char *doc, const char *what)
{
    cr_assert(json_is_object(o), "%s: %s is no object", what, doc);
    const char *k;
    json_t *v;
    json_object_foreach(o, k, v) cr_assert(fs_has(schema, k), "%s: %s has %s, which its schema has not", what, doc, k);
}

static void region_in_schema(json_t *r, const char *const *level_ids, size_t n_levels, const char *what)
{
    keys_in(r, fs_region, "a region", what);
    size_t i;
    json_t *v;
    json_array_foreach(json_object_get(r, "shapes"), i, v) keys_in(v, fs_rect, "a region's rectangle", what);
    json_array_foreach(json_object_get(r, "behaviors"), i, v) {
        keys_in(v, fs_behavior, "a region behaviour", what);
        const char *type = json_string_value(json_object_get(v, "type"));
        cr_assert(type && fs_has(fs_behavior_types, type), "%s: behaviour type %s", what, type ? type : "(none)");
        json_t *sys = json_object_get(v, "system");
        if (!strcmp(type, "teleportToken")) keys_in(sys, fs_teleport, "teleportToken's system", what);
        if (!strcmp(type, "modifyMovementCost")) {
            keys_in(sys, fs_movement_cost, "modifyMovementCost's system", what);
            keys_in(json_object_get(sys, "difficulties"), fs_movement_actions, "its difficulties", what);
        }
    }
    json_array_foreach(json_object_get(r, "levels"), i, v) {
        bool known = false;
        for (size_t k = 0; k < n_levels; k++) known |= !strcmp(json_string_value(v), level_ids[k]);
        cr_assert(known, "%s: region %s on an unknown level", what, json_string_value(json_object_get(r, "_id")));
    }
}

/* Every scene document, its Levels, regions and behaviours, walls, lights,
 * notes and tokens, and every roll table result, within the target's
 * schema; foundry=14: one scene, a Level per floor in stacked bands, every
 * placeable on one of them, a changeLevel region at each stair pair. */
static void check_schema(const char *query, int floors, bool v14)
{
    dg_dungeon *d = make(query);
    dg_buf z = render_bundle(d);
    bundle b = open_bundle(&z);
    json_t *scenes = json_object_get(b.adventure, "scenes");
    cr_assert_eq(json_array_size(scenes), v14 ? 1 : (size_t)floors, "%s: scenes", query);
    const char *compat = json_string_value(json_object_get(json_object_get(b.manifest, "compatibility"), "verified"));
    cr_assert_str_eq(compat, v14 ? "14" : "13", "%s: module.json verified", query);
    json_t *sys = json_array_get(json_object_get(json_object_get(b.manifest, "relationships"), "systems"), 0);
    cr_assert_str_eq(json_string_value(json_object_get(sys, "id")), "dnd5e");
    size_t i, k;
    json_t *s, *v;
    json_array_foreach(scenes, i, s) {
        keys_in(s, v14 ? fs_scene : fs_scene13, "the scene", query);
        keys_in(json_object_get(s, "environment"), fs_environment, "environment", query);
        keys_in(json_object_get(s, "fog"), v14 ? fs_fog14 : fs_fog13, "fog", query);
        const char *ids[DG_MAX_FLOORS];
        size_t n_levels = json_array_size(json_object_get(s, "levels"));
        cr_assert_eq(n_levels, v14 ? (size_t)floors : 0, "%s: levels", query);
        json_array_foreach(json_object_get(s, "levels"), k, v) {
            keys_in(v, fs_level, "a level", query);
            ids[k] = json_string_value(json_object_get(v, "_id"));
            cr_assert(valid_id(ids[k]));
            json_t *el = json_object_get(v, "elevation");
            if (k) /* stacked: this band right under the last */
                cr_assert_eq(json_integer_value(json_object_get(el, "top")),
                             json_integer_value(json_object_get(json_object_get(json_array_get(json_object_get(s, "levels"), k - 1), "elevation"), "bottom")));
        }
        static const struct { const char *key; const char *const *schema; } kinds[] = {
            {"walls", fs_wall}, {"lights", fs_light}, {"notes", fs_note}, {"tokens", fs_token}};
        for (size_t t = 0; t < 4; t++) {
            json_array_foreach(json_object_get(s, kinds[t].key), k, v) {
                keys_in(v, kinds[t].schema, kinds[t].key, query);
                if (!v14) continue;
                const char *on = t == 3 ? json_string_value(json_object_get(v, "level"))
                                        : json_string_value(json_array_get(json_object_get(v, "levels"), 0));
                bool known = false;
                for (size_t l = 0; on && l < n_levels; l++) known |= !strcmp(on, ids[l]);
                cr_assert(known, "%s: a %s document on no level", query, kinds[t].key);
            }
        }
        size_t changes = 0;
        json_array_foreach(json_object_get(s, "regions"), k, v) {
            region_in_schema(v, ids, n_levels, query);
            const char *type = json_string_value(json_object_get(json_array_get(json_object_get(v, "behaviors"), 0), "type"));
            changes += type && !strcmp(type, "changeLevel");
        }
        if (v14) { /* each floor's down stairs over the next one's up stairs */
            size_t pairs = 0;
            const dg_dungeon *f = d;
            for (; f && f->below; f = f->below)
                for (size_t st = 0; st < f->n_stairs; st++)
                    for (size_t u = 0; u < f->below->n_stairs; u++)
                        pairs += f->stairs[st].down && !f->below->stairs[u].down &&
                                 f->stairs[st].x == f->below->stairs[u].x && f->stairs[st].y == f->below->stairs[u].y;
            cr_assert_eq(changes, pairs, "%s: %zu changeLevel regions for %zu stair pairs", query, changes, pairs);
            cr_assert(floors < 2 || pairs > 0);
        }
    }
    json_array_foreach(json_object_get(b.adventure, "tables"), i, v) {
        json_array_foreach(json_object_get(v, "results"), k, s) {
            keys_in(s, fs_table_result, "a table result", query);
            cr_assert_str_eq(json_string_value(json_object_get(s, "type")), "text");
        }
    }
    close_bundle(&b);
    dg_buf_fini(&z);
    dg_dungeon_free(d);
}

Test(foundry_bundle, every_document_is_in_the_targets_schema)
{
    check_schema("seed=9&floors=3&motif=undead&level=5&ppg=20&foundry=14", 3, true);
    check_schema("seed=21&floors=3&motif=aquatic&level=5&ppg=20&rules=2024&foundry=14", 3, true);
    check_schema("seed=9&floors=3&motif=undead&level=5&ppg=20&foundry=13", 3, false);
    check_schema("seed=5&algorithm=caverns&ppg=20&foundry=14", 1, true);
}
