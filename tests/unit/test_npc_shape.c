/* test_npc_shape.c -- the Foundry module's npc actors (render/vtt/
 * bundle_npc.c) in the dnd5e system's own shape: for each creature
 * tests/unit/dnd5e_npc_shapes.txt lists (key paths of the dnd5e pack
 * source's `system`, 2014 and 2024 each their pack's; written by
 * tools/dnd5e_npc_shapes.mjs from github.com/foundryvtt/dnd5e), the actor
 * the module writes for our creature of that compendium id has the same
 * keys at every depth, no more, no fewer; and the values the sheet rolls
 * from are the stat block's. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle_int.h"
#include "../slurp.h"

/* The key paths of v under prefix, as the tool writes them, appended to
 * the newline-separated list in *out. */
static void paths(json_t *v, const char *prefix, char **out, size_t *len, size_t *cap)
{
    if (json_is_object(v)) {
        const char *k;
        json_t *c;
        if (!json_object_size(v)) {
            char line[256];
            snprintf(line, sizeof line, "%s={}", prefix);
            paths(NULL, line, out, len, cap);
            return;
        }
        json_object_foreach(v, k, c) {
            char p[256];
            snprintf(p, sizeof p, "%s%s%s", prefix, *prefix ? "." : "", k);
            paths(c, p, out, len, cap);
        }
        return;
    }
    size_t n = strlen(prefix);
    if (*len + n + 2 > *cap) {
        *cap = (*len + n + 2) * 2;
        *out = realloc(*out, *cap);
        cr_assert_not_null(*out);
    }
    memcpy(*out + *len, prefix, n);
    (*out)[*len + n] = '\n';
    *len += n + 1;
    (*out)[*len] = '\0';
}

static bool listed(const char *list, const char *path)
{
    size_t n = strlen(path);
    for (const char *s = list; (s = strstr(s, path)); s++)
        if ((s == list || s[-1] == '\n') && s[n] == '\n') return true;
    return false;
}

/* Our monster whose dnd5e compendium id is id, in the pack of rules. */
static int monster_of(const char *id, bool v2024)
{
    int base = v2024 ? DG_MONSTER_ID_2024 : 0;
    size_t n = dg_rules_monster_count(v2024 ? DG_RULES_2024 : DG_RULES_2014);
    for (size_t i = 0; i < n; i++) {
        const char *pack, *mine = dr__bundle_compendium_id(base + (int)i, &pack);
        if (mine && !strcmp(mine, id)) return base + (int)i;
    }
    return -1;
}

static json_t *actor_of(int monster)
{
    dr__bestiary b = {.n = 1};
    b.monster[0] = monster;
    json_t *arr = NULL;
    dg_error err = {0};
    cr_assert_eq(dr__bundle_actors(7, "0123456789abcdef", &b, &arr, &err), DG_OK, "%s", err.msg);
    json_t *a = json_incref(json_array_get(arr, 0));
    json_decref(arr);
    return a;
}

/* Compares one creature: its expected paths are base + extra. */
static int compare(const char *name, const char *id, bool v2024, const char *base, const char *extra)
{
    int monster = monster_of(id, v2024);
    cr_assert_geq(monster, 0, "%s (%s): no creature of ours names that dnd5e id", name, id);
    cr_assert_str_eq(dg_monster_info(monster)->name, name);
    json_t *a = actor_of(monster);
    char *got = NULL;
    size_t len = 0, cap = 0;
    paths(json_object_get(a, "system"), "", &got, &len, &cap);
    int bad = 0;
    /* every path of ours is the pack's, and every path of the pack's ours */
    for (char *s = got, *nl; *s; s = nl + 1) {
        nl = strchr(s, '\n');
        *nl = '\0';
        if (!listed(base, s) && !listed(extra, s)) {
            cr_log_error("%s %s: ours has %s, the pack not", v2024 ? "2024" : "2014", name, s);
            bad++;
        }
        *nl = '\n';
    }
    const char *lists[2] = {base, extra};
    for (int l = 0; l < 2; l++)
        for (const char *s = lists[l], *nl; *s; s = nl + 1) {
            nl = strchr(s, '\n');
            char p[256];
            snprintf(p, sizeof p, "%.*s", (int)(nl - s), s);
            if (!listed(got, p)) {
                cr_log_error("%s %s: the pack has %s, ours not", v2024 ? "2024" : "2014", name, p);
                bad++;
            }
        }
    free(got);
    json_decref(a);
    return bad;
}

Test(npc_shape, the_dnd5e_packs_keys_at_every_depth_for_40_creatures)
{
    char *text = slurp(DG_SOURCE_DIR "/tests/unit/dnd5e_npc_shapes.txt", NULL);
    cr_assert_not_null(text, "tests/unit/dnd5e_npc_shapes.txt missing");
    /* the fixture's sections as newline-ended lists */
    size_t cap = strlen(text) + 1;
    char *base = calloc(cap, 1), *extra = calloc(cap, 1), name[128] = "", id[32] = "";
    bool v2024 = false, in_base = false;
    int creatures[2] = {0, 0}, bad = 0;
    for (char *line = strtok(text, "\n");; line = strtok(NULL, "\n")) {
        bool next = !line || !strncmp(line, "creature ", 9) || !strncmp(line, "rules ", 6);
        if (next && *id) {
            bad += compare(name, id, v2024, base, extra);
            creatures[v2024]++;
            *id = '\0';
        }
        if (!line) break;
        if (line[0] == '#') continue;
        if (!strncmp(line, "rules ", 6)) {
            v2024 = !strncmp(line + 6, "2024", 4);
            *base = '\0';
        } else if (!strncmp(line, "base ", 5)) {
            in_base = true;
        } else if (!strncmp(line, "creature ", 9)) {
            in_base = false;
            *extra = '\0';
            cr_assert_eq(sscanf(line + 9, "%31s %127[^\n]", id, name), 2, "%s", line);
        } else {
            char *to = in_base ? base : extra;
            strcat(strcat(to, line + (line[0] == '+')), "\n");
        }
    }
    cr_assert_eq(bad, 0, "%d paths differ from the dnd5e pack source (see the log)", bad);
    cr_assert_geq(creatures[0], 20, "%d 2014 creatures", creatures[0]);
    cr_assert_geq(creatures[1], 20, "%d 2024 creatures", creatures[1]);
    free(base);
    free(extra);
    free(text);
}

static json_t *at(json_t *o, const char *path)
{
    char key[64];
    while (o && *path) {
        size_t n = strcspn(path, ".");
        snprintf(key, sizeof key, "%.*s", (int)n, path);
        o = json_object_get(o, key);
        path += n + (path[n] == '.');
    }
    return o;
}

static int monster_named(const char *name, bool v2024)
{
    int base = v2024 ? DG_MONSTER_ID_2024 : 0;
    size_t n = dg_rules_monster_count(v2024 ? DG_RULES_2024 : DG_RULES_2014);
    for (size_t i = 0; i < n; i++)
        if (!strcmp(dg_monster_info(base + (int)i)->name, name)) return base + (int)i;
    cr_assert_fail("no %s", name);
    return -1;
}

/* The figures the sheet shows and rolls from, against the stat blocks as
 * the SRD prints them (the numbers here are the SRD's). */
Test(npc_shape, the_sheet_shows_the_stat_blocks_figures)
{
    json_t *a = actor_of(monster_named("Bearded Devil", false)), *s = json_object_get(a, "system");
    /* Str +5 Con +4 Wis +2 saves at proficiency +2: proficient */
    cr_assert_eq(json_integer_value(at(s, "abilities.str.proficient")), 1);
    cr_assert_eq(json_integer_value(at(s, "abilities.dex.proficient")), 0);
    cr_assert_eq(json_integer_value(at(s, "traits.languages.communication.telepathy.value")), 120);
    cr_assert_str_eq(json_string_value(json_array_get(at(s, "traits.languages.value"), 0)), "infernal");
    cr_assert_eq(json_integer_value(at(s, "attributes.senses.darkvision")), 120);
    cr_assert_eq(json_integer_value(at(s, "attributes.movement.walk")), 30);
    /* cold; bludgeoning, piercing, and slashing from nonmagical weapons that aren't silvered */
    cr_assert_eq(json_array_size(at(s, "traits.dr.value")), 4);
    cr_assert_eq(json_array_size(at(s, "traits.dr.bypasses")), 2);
    cr_assert_str_eq(json_string_value(at(s, "details.type.subtype")), "Devil");
    json_decref(a);

    a = actor_of(monster_named("Lich", false));
    s = json_object_get(a, "system");
    cr_assert_eq(json_integer_value(at(s, "resources.legact.max")), 3);
    cr_assert_eq(json_integer_value(at(s, "resources.legres.max")), 3);
    cr_assert_str_eq(json_string_value(at(s, "attributes.spellcasting")), "int");
    /* Arcana +18 with Int 20 (+5) at proficiency +7: expertise less one, as
     * dnd5e's pack has it (value 2) and the sheet then shows the SRD's +18 */
    cr_assert_eq(json_integer_value(at(s, "skills.arc.value")), 2);
    cr_assert_str_eq(json_string_value(at(s, "skills.arc.bonuses.check")), "-1");
    cr_assert_eq(json_array_size(at(s, "traits.ci.value")), 5, "charmed, exhaustion, frightened, paralyzed, poisoned");
    json_decref(a);

    a = actor_of(monster_named("Kraken", true));
    s = json_object_get(a, "system");
    /* 2024: only its speeds, as strings */
    cr_assert_str_eq(json_string_value(at(s, "attributes.movement.swim")), "120");
    cr_assert_null(at(s, "attributes.movement.fly"));
    cr_assert_eq(json_integer_value(at(s, "attributes.senses.ranges.truesight")), 120);
    cr_assert(json_is_null(at(s, "attributes.senses.ranges.darkvision")));
    cr_assert_eq(json_integer_value(at(s, "resources.legact.max")), 3);
    cr_assert_str_eq(json_string_value(at(s, "source.rules")), "2024");
    json_decref(a);
}
