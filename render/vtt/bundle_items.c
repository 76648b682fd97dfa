/* bundle_items.c -- the items of a Foundry npc Actor: each trait, action,
 * bonus action, reaction and legendary action of the stat block a "feat"
 * (a monster feature), its words the description, and what it rolls an
 * activity (dnd5e 4+): an attack activity with its to-hit and damage
 * parts, a save activity with its ability, DC and damage, so a GM rolls
 * from the sheet. The item's `system` and each activity have the keys the
 * dnd5e system's own pack source gives its creatures' feats and
 * activities, per rules (2014 packs/_source/monsters, 2024 actors24; the
 * templates below are the packs' most common shapes with values blanked;
 * test_npc_shape holds them to tests/unit/dnd5e_npc_shapes.txt). What is
 * not here: the pack's "weapon" items for attacks (a feat with an attack
 * activity rolls the same), spell items, recharge and uses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bundle_int.h"

/* The packs' shapes, as JSON (tools/dnd5e_npc_shapes.mjs prints the
 * paths they must have). */
static const char feat_2014[] =
    "{\"description\":{\"value\":\"\",\"chat\":\"\"},\"source\":{\"custom\":\"\",\"book\":\"\",\"page\":\"\",\"license\":\"CC-BY-4.0"
    "\",\"rules\":\"2014\",\"revision\":1},\"uses\":{\"max\":\"\",\"recovery\":[],\"spent\":0},\"type\":{\"value\":\"monster\",\""
    "subtype\":\"\"},\"requirements\":\"\",\"properties\":[],\"activities\":{},\"enchant\":{},\"prerequisites\":{\"level\""
    ":null},\"identifier\":\"\"}";

static const char attack_2014[] =
    "{\"_id\":\"dnd5eactivity000\",\"type\":\"attack\",\"activation\":{\"type\":\"\",\"value\":0,\"condition\":\"\",\"override"
    "\":false},\"consumption\":{\"targets\":[],\"scaling\":{\"allowed\":false,\"max\":\"\"},\"spellSlot\":true},\"descrip"
    "tion\":{\"chatFlavor\":\"\"},\"duration\":{\"concentration\":false,\"value\":\"\",\"units\":\"\",\"special\":\"\",\"overri"
    "de\":false},\"effects\":[],\"range\":{\"value\":\"\",\"units\":\"ft\",\"special\":\"\",\"override\":false},\"target\":{\"t"
    "emplate\":{\"count\":\"\",\"contiguous\":false,\"type\":\"\",\"size\":\"\",\"width\":\"\",\"height\":\"\",\"units\":\"\"},\"affe"
    "cts\":{\"count\":\"\",\"type\":\"\",\"choice\":false,\"special\":\"\"},\"prompt\":true,\"override\":false},\"uses\":{\"spe"
    "nt\":0,\"max\":\"\",\"recovery\":[]},\"attack\":{\"ability\":\"\",\"bonus\":\"\",\"critical\":{\"threshold\":null},\"flat\""
    ":false,\"type\":{\"value\":\"\",\"classification\":\"weapon\"}},\"damage\":{\"critical\":{\"bonus\":\"\"},\"includeBase"
    "\":true,\"parts\":[]},\"sort\":0}";

static const char save_2014[] =
    "{\"_id\":\"dnd5eactivity000\",\"type\":\"save\",\"activation\":{\"type\":\"\",\"value\":0,\"condition\":\"\",\"override\":"
    "false},\"consumption\":{\"targets\":[],\"scaling\":{\"allowed\":false,\"max\":\"\"},\"spellSlot\":true},\"descripti"
    "on\":{\"chatFlavor\":\"\"},\"duration\":{\"concentration\":false,\"value\":\"\",\"units\":\"\",\"special\":\"\",\"override"
    "\":false},\"effects\":[],\"range\":{\"value\":\"\",\"units\":\"ft\",\"special\":\"\",\"override\":false},\"target\":{\"tem"
    "plate\":{\"count\":\"\",\"contiguous\":false,\"type\":\"\",\"size\":\"\",\"width\":\"\",\"height\":\"\",\"units\":\"\"},\"affect"
    "s\":{\"count\":\"\",\"type\":\"\",\"choice\":false,\"special\":\"\"},\"prompt\":true,\"override\":false},\"uses\":{\"spent"
    "\":0,\"max\":\"\",\"recovery\":[]},\"damage\":{\"onSave\":\"\",\"parts\":[]},\"save\":{\"ability\":\"\",\"dc\":{\"calculatio"
    "n\":\"\",\"formula\":\"\"}},\"sort\":0}";

static const char feat_2024[] =
    "{\"type\":{\"value\":\"monster\",\"subtype\":\"\"},\"activities\":{},\"uses\":{\"spent\":0,\"recovery\":[],\"max\":\"\"},\""
    "description\":{\"value\":\"\",\"chat\":\"\"},\"identifier\":\"\",\"source\":{\"revision\":1,\"rules\":\"2024\",\"book\":\"\","
    "\"license\":\"CC-BY-4.0\"},\"enchant\":{},\"prerequisites\":{\"level\":null,\"repeatable\":false,\"items\":[]},\"pr"
    "operties\":[],\"requirements\":\"\",\"advancement\":{},\"cover\":null,\"crewed\":false}";

static const char attack_2024[] =
    "{\"_id\":\"dnd5eactivity000\",\"type\":\"attack\",\"sort\":0,\"activation\":{\"type\":\"\",\"value\":null,\"override\":f"
    "alse,\"condition\":\"\"},\"consumption\":{\"scaling\":{\"allowed\":false},\"spellSlot\":true,\"targets\":[]},\"desc"
    "ription\":{\"chatFlavor\":\"\"},\"duration\":{\"units\":\"inst\",\"concentration\":false,\"override\":false},\"effec"
    "ts\":[],\"range\":{\"override\":false,\"units\":\"self\"},\"target\":{\"template\":{\"contiguous\":false,\"units\":\"f"
    "t\",\"type\":\"\"},\"affects\":{\"choice\":false,\"type\":\"\"},\"override\":false,\"prompt\":true},\"uses\":{\"spent\":0"
    ",\"recovery\":[],\"max\":\"\"},\"attack\":{\"critical\":{\"threshold\":null},\"flat\":false,\"type\":{\"value\":\"\",\"cl"
    "assification\":\"\"},\"ability\":\"\",\"bonus\":\"\"},\"damage\":{\"critical\":{\"bonus\":\"\"},\"includeBase\":true,\"par"
    "ts\":[]},\"name\":\"\",\"img\":null,\"flags\":{},\"visibility\":{\"level\":{},\"requireAttunement\":false,\"requireI"
    "dentification\":false,\"requireMagic\":false}}";

static const char save_2024[] =
    "{\"type\":\"save\",\"_id\":\"dnd5eactivity000\",\"sort\":0,\"activation\":{\"type\":\"\",\"value\":null,\"override\":fal"
    "se,\"condition\":\"\"},\"consumption\":{\"scaling\":{\"allowed\":false},\"spellSlot\":true,\"targets\":[]},\"descri"
    "ption\":{\"chatFlavor\":\"\"},\"duration\":{\"units\":\"inst\",\"concentration\":false,\"override\":false},\"effects"
    "\":[],\"range\":{\"override\":false,\"units\":\"self\",\"special\":\"\"},\"target\":{\"template\":{\"contiguous\":false"
    ",\"units\":\"ft\",\"type\":\"\",\"size\":\"\",\"count\":\"\"},\"affects\":{\"choice\":false,\"type\":\"\",\"count\":\"\",\"specia"
    "l\":\"\"},\"override\":false,\"prompt\":true},\"uses\":{\"spent\":0,\"recovery\":[],\"max\":\"\"},\"damage\":{\"parts\":["
    "],\"onSave\":\"\"},\"save\":{\"ability\":[],\"dc\":{\"calculation\":\"\",\"formula\":\"\"}},\"name\":\"\",\"img\":null,\"flag"
    "s\":{},\"visibility\":{\"level\":{},\"requireAttunement\":false,\"requireIdentification\":false,\"requireMagic"
    "\":false}}";



/* What a stat-block entry rolls, read from its SRD words: 2014's "Melee
 * Weapon Attack: +4 to hit, reach 5 ft., ... Hit: 5 (1d6 + 2) slashing
 * damage plus 3 (1d6) fire damage." and "DC 13 Dexterity saving throw",
 * 2024's "Melee Attack Roll: +4, reach 5 ft. 5 (1d6 + 2) Slashing damage."
 * and "Dexterity Saving Throw: DC 13". */
typedef struct {
    int number, die, bonus; /* number 0: flat bonus alone */
    char type[16];
} dmg_part;

typedef struct {
    bool attack, ranged, save;
    int to_hit, dc;
    char ability[4];
    bool half;
    int n_parts;
    dmg_part parts[4];
} rolls;

static const char *const ability_names[6][2] = {{"Strength", "str"},     {"Dexterity", "dex"}, {"Constitution", "con"},
                                                {"Intelligence", "int"}, {"Wisdom", "wis"},    {"Charisma", "cha"}};

static void read_damage(const char *t, rolls *r)
{
    static const char *const types[] = {"acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic",
                                        "piercing", "poison", "psychic", "radiant", "slashing", "thunder"};
    for (const char *p = strstr(t, " damage"); p && r->n_parts < 4; p = strstr(p + 1, " damage")) {
        /* the word before " damage" names its type */
        const char *w = p;
        while (w > t && w[-1] != ' ') w--;
        size_t wl = (size_t)(p - w);
        int ty = -1;
        for (size_t k = 0; k < sizeof types / sizeof types[0]; k++)
            if (wl == strlen(types[k]) && !strncasecmp(w, types[k], wl)) ty = (int)k;
        if (ty < 0 || w - t < 2) continue;
        dmg_part d = {0, 0, 0, ""};
        snprintf(d.type, sizeof d.type, "%s", types[ty]);
        const char *q = w - 1; /* the space before the type */
        if (q > t && q[-1] == ')') { /* "5 (1d6 + 2) slashing" */
            const char *o = q - 1;
            while (o > t && *o != '(') o--;
            int num, die, bonus = 0;
            char sign = '+';
            if (sscanf(o, "(%dd%d %c %d)", &num, &die, &sign, &bonus) >= 2 || sscanf(o, "(%dd%d)", &num, &die) == 2) {
                d.number = num;
                d.die = die;
                d.bonus = sign == '-' ? -bonus : bonus;
            }
        } else { /* "1 piercing": a flat amount */
            const char *o = q;
            while (o > t && o[-1] >= '0' && o[-1] <= '9') o--;
            d.bonus = atoi(o);
        }
        if (d.number || d.bonus) r->parts[r->n_parts++] = d;
    }
}

static rolls read_rolls(const char *t)
{
    rolls r = {0};
    const char *a = strstr(t, "Weapon Attack:");
    if (!a) a = strstr(t, "Spell Attack:");
    if (!a) a = strstr(t, "Attack Roll:");
    if (a) {
        const char *plus = strpbrk(a, "+-");
        if (plus && plus - a < 20) {
            r.attack = true;
            r.to_hit = atoi(plus);
            r.ranged = !strncmp(t, "Ranged", 6);
        }
    }
    for (int k = 0; k < 6 && !r.save; k++) {
        char w14[48], w24[48];
        snprintf(w14, sizeof w14, " %s saving throw", ability_names[k][0]);
        snprintf(w24, sizeof w24, "%s Saving Throw: DC ", ability_names[k][0]);
        const char *s14 = strstr(t, w14), *s24 = strstr(t, w24);
        if (s24) r.dc = atoi(s24 + strlen(w24));
        else if (s14 && s14 - t >= 5) {
            const char *dc = s14;
            while (dc > t && strncmp(dc, "DC ", 3)) dc--;
            if (!strncmp(dc, "DC ", 3) && s14 - dc < 8) r.dc = atoi(dc + 3);
        }
        if (r.dc > 0) {
            r.save = true;
            snprintf(r.ability, sizeof r.ability, "%s", ability_names[k][1]);
        }
    }
    r.half = strstr(t, "half as much") != NULL || strstr(t, "Success: Half") != NULL;
    if (r.attack || r.save) read_damage(t, &r);
    return r;
}

static json_t *damage_parts(const rolls *r)
{
    json_t *parts = json_array();
    for (int i = 0; parts && i < r->n_parts; i++) {
        const dmg_part *d = &r->parts[i];
        char bonus[16] = "", formula[16] = "";
        if (d->number && d->bonus) snprintf(bonus, sizeof bonus, "%d", d->bonus);
        if (!d->number) snprintf(formula, sizeof formula, "%d", d->bonus);
        json_t *p = json_pack("{s:o,s:o,s:s,s:[s],s:{s:b,s:s},s:{s:s,s:n,s:s}}", "number",
                              d->number ? json_integer(d->number) : json_null(), "denomination",
                              d->number ? json_integer(d->die) : json_null(), "bonus", bonus, "types", d->type,
                              "custom", "enabled", !d->number, "formula", formula, "scaling", "mode", "", "number",
                              "formula", "");
        if (!p || json_array_append_new(parts, p)) {
            json_decref(parts);
            parts = NULL;
        }
    }
    return parts;
}

/* The member at path ("attack.type") of o; NULL when absent. */
static json_t *member(json_t *o, const char *path)
{
    char key[32];
    while (o && *path) {
        size_t n = strcspn(path, ".");
        snprintf(key, sizeof key, "%.*s", (int)n, path);
        o = json_object_get(o, key);
        path += n + (path[n] == '.');
    }
    return o;
}

/* Sets key in the object at path of o (which the template has); false on
 * failure (v let go). */
static bool set_in(json_t *o, const char *path, const char *key, json_t *v)
{
    json_t *p = *path ? member(o, path) : o;
    if (!p || !v) {
        json_decref(v);
        return false;
    }
    return !json_object_set_new(p, key, v);
}

/* The entry's activities (dnd5e 4+): an attack activity with its to-hit
 * (flat: the stat block's number is the whole bonus) and damage parts, or
 * a save activity with its ability, DC and damage; {} when it rolls
 * nothing; NULL when out of memory. activation: the section's action
 * type. */
static json_t *activities(const char *text, const char *activation, bool v2024)
{
    rolls r = read_rolls(text);
    json_t *all = json_object();
    if (!all || (!r.attack && !r.save)) return all;
    const char *shape = r.attack ? (v2024 ? attack_2024 : attack_2014) : (v2024 ? save_2024 : save_2014);
    json_t *act = json_loads(shape, 0, NULL), *parts = damage_parts(&r);
    char num[16];
    bool ok = act && parts && set_in(act, "activation", "type", json_string(activation[0] ? activation : "action")) &&
              set_in(act, "activation", "value", json_integer(1)) && set_in(act, "duration", "units", json_string("inst"));
    if (ok && r.attack) {
        snprintf(num, sizeof num, "%d", r.to_hit);
        ok = set_in(act, "attack", "bonus", json_string(num)) && set_in(act, "attack", "flat", json_true()) &&
             set_in(act, "attack.type", "value", json_string(r.ranged ? "ranged" : "melee")) &&
             set_in(act, "attack.type", "classification", json_string("weapon")) &&
             set_in(act, "damage", "includeBase", json_false()) && set_in(act, "damage", "parts", json_incref(parts));
    } else if (ok) {
        snprintf(num, sizeof num, "%d", r.dc);
        ok = set_in(act, "save", "ability", json_pack("[s]", r.ability)) &&
             set_in(act, "save.dc", "formula", json_string(num)) &&
             set_in(act, "damage", "onSave", json_string(r.half ? "half" : "none")) &&
             set_in(act, "damage", "parts", json_incref(parts));
    }
    json_decref(parts);
    if (!ok || json_object_set_new(all, "dnd5eactivity000", act)) {
        if (!ok) json_decref(act);
        json_decref(all);
        return NULL;
    }
    return all;
}

/* The pack's identifier of a name: "Fire Breath (Recharge 5–6)" ->
 * "fire-breath-recharge-5-6" (ASCII letters and digits, the rest dashes). */
static void slug(const char *name, char *out, size_t cap)
{
    size_t n = 0;
    for (const char *s = name; *s && n + 1 < cap; s++) {
        char c = *s;
        if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
        bool word = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        if (word) out[n++] = c;
        else if (n && out[n - 1] != '-') out[n++] = '-';
    }
    while (n && out[n - 1] == '-') n--;
    out[n] = '\0';
}

json_t *dr__bundle_feat(dr__jb *j, uint64_t base, int monster, int k, int section, const dg_statblock_entry *e,
                        dg_buf *html)
{
    static const char *const activation[DG_SB_SECTIONS] = {
        [DG_SB_TRAITS] = "", [DG_SB_ACTIONS] = "action", [DG_SB_BONUS_ACTIONS] = "bonus",
        [DG_SB_REACTIONS] = "reaction", [DG_SB_LEGENDARY] = "legendary"};
    bool v2024 = monster >= DG_MONSTER_ID_2024;
    char id[17], ident[64];
    dr__bundle_id(base, "actor-item", monster, k, id);
    slug(e->name, ident, sizeof ident);
    dg_buf_reset(html);
    if (j->rc == DG_OK) j->rc = dr__md_to_html(e->text, strlen(e->text), 0, html, j->err);
    if (j->rc != DG_OK) return NULL;
    json_t *sys = json_loads(v2024 ? feat_2024 : feat_2014, 0, NULL);
    bool ok = sys && set_in(sys, "description", "value", json_stringn(html->data ? (const char *)html->data : "", html->len)) &&
              set_in(sys, "", "identifier", json_string(ident)) &&
              set_in(sys, "", "activities", activities(e->text, activation[section], v2024));
    json_t *it = ok ? json_pack("{s:s,s:s,s:s,s:s,s:O,s:[],s:i,s:{s:i},s:{}}", "_id", id, "name", e->name, "type",
                                "feat", "img", "icons/svg/combat.svg", "system", sys, "effects", "sort",
                                (k + 1) * 100000, "ownership", "default", 0, "flags")
                    : NULL;
    json_decref(sys);
    if (!it) dr__jb_fail(j);
    return it;
}
