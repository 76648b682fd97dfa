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

/* The paths of v that want (a newline-ended list, want2 more of them or
 * NULL) lacks and the paths want lists that v lacks, each logged under
 * what; their number. */
static int differ(json_t *v, const char *want, const char *want2, const char *what)
{
    char *got = NULL;
    size_t len = 0, cap = 0;
    paths(v, "", &got, &len, &cap);
    int bad = 0;
    for (char *s = got, *nl; s && *s; s = nl + 1) {
        nl = strchr(s, '\n');
        *nl = '\0';
        if (!listed(want, s) && !(want2 && listed(want2, s))) {
            cr_log_error("%s: ours has %s, the pack not", what, s);
            bad++;
        }
        *nl = '\n';
    }
    const char *lists[2] = {want, want2 ? want2 : ""};
    for (int l = 0; l < 2; l++)
        for (const char *s = lists[l], *nl; *s; s = nl + 1) {
            nl = strchr(s, '\n');
            char p[256];
            snprintf(p, sizeof p, "%.*s", (int)(nl - s), s);
            if (!got || !listed(got, p)) {
                cr_log_error("%s: the pack has %s, ours not", what, p);
                bad++;
            }
        }
    free(got);
    return bad;
}

/* One creature: its system's paths are base + extra. */
static int compare(const char *name, const char *id, bool v2024, const char *base, const char *extra, int *monster)
{
    *monster = monster_of(id, v2024);
    cr_assert_geq(*monster, 0, "%s (%s): no creature of ours names that dnd5e id", name, id);
    cr_assert_str_eq(dg_monster_info(*monster)->name, name);
    json_t *a = actor_of(*monster);
    char what[160];
    snprintf(what, sizeof what, "%s %s", v2024 ? "2024" : "2014", name);
    int bad = differ(json_object_get(a, "system"), base, extra, what);
    json_decref(a);
    return bad;
}

/* Its items: each feat's system (activities aside) in the pack's feat
 * shape, each attack and save activity in that kind's; *rolls counts the
 * activities. */
static int compare_items(int monster, const char *const shape[3], int *rolls)
{
    json_t *a = actor_of(monster), *it;
    size_t i;
    int bad = 0;
    json_array_foreach(json_object_get(a, "items"), i, it) {
        char what[200];
        snprintf(what, sizeof what, "%s %s: item %s", monster >= DG_MONSTER_ID_2024 ? "2024" : "2014",
                 dg_monster_info(monster)->name, json_string_value(json_object_get(it, "name")));
        json_t *sys = json_copy(json_object_get(it, "system")), *acts = json_object_get(sys, "activities"), *act;
        cr_assert_str_eq(json_string_value(json_object_get(it, "type")), "feat");
        json_incref(acts);
        json_object_del(sys, "activities");
        bad += differ(sys, shape[0], NULL, what);
        const char *k;
        json_object_foreach(acts, k, act) {
            const char *type = json_string_value(json_object_get(act, "type"));
            cr_assert(!strcmp(type, "attack") || !strcmp(type, "save"), "%s: activity %s", what, type);
            bad += differ(act, shape[!strcmp(type, "attack") ? 1 : 2], NULL, what);
            (*rolls)++;
        }
        json_decref(acts);
        json_decref(sys);
    }
    json_decref(a);
    return bad;
}

Test(npc_shape, the_dnd5e_packs_keys_at_every_depth_for_40_creatures)
{
    char *text = slurp(DG_SOURCE_DIR "/tests/unit/dnd5e_npc_shapes.txt", NULL);
    cr_assert_not_null(text, "tests/unit/dnd5e_npc_shapes.txt missing");
    /* the fixture's sections as newline-ended lists: base, a creature's
     * extras, and per rules the feat, attack and save shapes */
    size_t cap = strlen(text) + 1;
    char *base = calloc(cap, 1), *extra = calloc(cap, 1), *shape[2][3], name[128] = "", id[32] = "";
    for (int r = 0; r < 2; r++)
        for (int s = 0; s < 3; s++) shape[r][s] = calloc(cap, 1);
    char *to = NULL;
    bool v2024 = false;
    int creatures[2] = {0, 0}, bad = 0, monsters[2][64], rolls = 0;
    for (char *line = strtok(text, "\n");; line = strtok(NULL, "\n")) {
        bool next = !line || (line[0] != '+' && line[0] != '#' && strchr(line, ' '));
        if (next && *id) {
            cr_assert_lt(creatures[v2024], 64);
            bad += compare(name, id, v2024, base, extra, &monsters[v2024][creatures[v2024]]);
            creatures[v2024]++;
            *id = '\0';
        }
        if (!line) break;
        if (line[0] == '#') continue;
        if (!strncmp(line, "rules ", 6)) {
            v2024 = !strncmp(line + 6, "2024", 4);
            *base = '\0';
        } else if (!strncmp(line, "base ", 5)) {
            to = base;
        } else if (!strncmp(line, "creature ", 9)) {
            to = extra;
            *extra = '\0';
            cr_assert_eq(sscanf(line + 9, "%31s %127[^\n]", id, name), 2, "%s", line);
        } else if (!strncmp(line, "shape ", 6)) {
            to = shape[v2024][!strncmp(line + 6, "feat ", 5) ? 0 : !strncmp(line + 6, "attack ", 7) ? 1 : 2];
        } else {
            cr_assert_not_null(to, "%s: before any section", line);
            strcat(strcat(to, line + (line[0] == '+')), "\n");
        }
    }
    cr_assert_eq(bad, 0, "%d paths of actors' system differ from the dnd5e pack source (see the log)", bad);
    cr_assert_geq(creatures[0], 20, "%d 2014 creatures", creatures[0]);
    cr_assert_geq(creatures[1], 20, "%d 2024 creatures", creatures[1]);
    for (int r = 0; r < 2; r++) {
        cr_assert(*shape[r][0] && *shape[r][1] && *shape[r][2], "rules %d: a shape missing", r);
        for (int c = 0; c < creatures[r]; c++) bad += compare_items(monsters[r][c], (const char *const *)shape[r], &rolls);
    }
    cr_assert_eq(bad, 0, "%d paths of items differ from the dnd5e pack source (see the log)", bad);
    cr_assert_gt(rolls, 60, "only %d attack and save activities over the creatures", rolls);
    cr_log_info("%d creatures, %d activities held to the pack's shapes", creatures[0] + creatures[1], rolls);
    free(base);
    free(extra);
    for (int r = 0; r < 2; r++)
        for (int s = 0; s < 3; s++) free(shape[r][s]);
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
