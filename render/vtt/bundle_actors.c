/* bundle_actors.c -- the Foundry module's creatures: one Actor per creature
 * kind the key names (bestiary.c's list), in the shape the dnd5e system's
 * own SRD pack gives an "npc" for Foundry 11 (dnd5e 3.3.1's
 * packs/_source/monsters: abilities, attributes.ac/hp/movement/senses,
 * details.type/cr/alignment, traits.size, prototypeToken), filled from the
 * product's stat-block table (data/srd_statblocks.c), with the whole stat
 * block as the biography and each trait, action, reaction and legendary
 * action as an item of type "feat" (its activation says which), as the SRD
 * pack carries them. Each actor names its entry in the dnd5e SRD compendium
 * (dnd5e_monster_ids.c: dnd5e.monsters for the 2014 rules' creatures,
 * dnd5e.actors24 for the 2024's) as compendium source: _stats.compendiumSource for
 * Foundry 12 and later, flags.core.sourceId for 11 (12 moves the one into
 * the other itself); a creature the pack lacks names none. What is not
 * here: spell items, attack rolls and damage formulas (the items' text
 * has them, the sheet's buttons do not), saves and skills as proficiencies
 * (the biography lists them). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bundle_int.h"

#define ACTOR_IMG "icons/svg/mystery-man.svg"

bool dr__jb_fail(dr__jb *j)
{
    if (j->rc == DG_OK) j->rc = dg__nomem(j->err, "building the foundry bundle's actors");
    return false;
}

/* After a failure o may be gone already (dropped with its parent): only v
 * is let go. jansson drops v itself when it cannot set it. */
bool dr__jb_set(dr__jb *j, json_t *o, const char *key, json_t *v)
{
    if (j->rc != DG_OK) {
        json_decref(v);
        return false;
    }
    if (!v || json_object_set_new(o, key, v)) return dr__jb_fail(j);
    return true;
}

bool dr__jb_push(dr__jb *j, json_t *a, json_t *v)
{
    if (j->rc != DG_OK) {
        json_decref(v);
        return false;
    }
    if (!v || json_array_append_new(a, v)) return dr__jb_fail(j);
    return true;
}

json_t *dr__jb_object(dr__jb *j)
{
    json_t *o = json_object();
    if (!o) dr__jb_fail(j);
    return o;
}

json_t *dr__jb_array(dr__jb *j)
{
    json_t *a = json_array();
    if (!a) dr__jb_fail(j);
    return a;
}

json_t *dr__bundle_stats(bool dnd5e)
{
    json_t *s = json_pack("{s:s}", "coreVersion", DG_BUNDLE_CORE_VERSION);
    if (s && dnd5e &&
        (json_object_set_new(s, "systemId", json_string("dnd5e")) ||
         json_object_set_new(s, "systemVersion", json_string(DG_BUNDLE_DND5E_VERSION)))) {
        json_decref(s);
        s = NULL;
    }
    return s;
}

/* dnd5e's size keys (CONFIG.DND5E.actorSizes) and the grid squares a token
 * of that size covers (its token width and height: tiny takes half). */
static const struct { const char *key; double squares; } sizes[DG_SIZE_COUNT] = {
    [DG_SIZE_TINY] = {"tiny", 0.5}, [DG_SIZE_SMALL] = {"sm", 1},   [DG_SIZE_MEDIUM] = {"med", 1},
    [DG_SIZE_LARGE] = {"lg", 2},    [DG_SIZE_HUGE] = {"huge", 3}, [DG_SIZE_GARGANTUAN] = {"grg", 4},
};

json_t *dr__bundle_number(double v)
{
    /* jansson writes a real 2 as "2.0", JavaScript as "2": Foundry's CLI
     * would rewrite every whole number, so those are integers */
    return v == (double)(json_int_t)v ? json_integer((json_int_t)v) : json_real(v);
}

const char *dr__bundle_size_key(int size)
{
    return size >= 0 && size < DG_SIZE_COUNT ? sizes[size].key : "med";
}

double dr__bundle_token_size(int monster)
{
    const dg_monster *m = dg_monster_info(monster);
    return m && m->size < DG_SIZE_COUNT ? sizes[m->size].squares : 1;
}

const char *dr__bundle_compendium_id(int monster, const char **pack)
{
    *pack = "monsters";
    if (monster >= 0 && (size_t)monster < dr__dnd5e_monster_id_count) return dr__dnd5e_monster_ids[monster];
    /* the 2024 creatures are SRD 5.2's, which dnd5e keeps in a pack of
     * their own (module-registration.mjs redirects the Monster Manual's
     * actors there; the pack's items name their owners
     * "Compendium.dnd5e.actors24.Actor.<id>") */
    *pack = "actors24";
    int i = monster - DG_MONSTER_ID_2024;
    if (i >= 0 && (size_t)i < dr__dnd5e_monster_id_count_2024) return dr__dnd5e_monster_ids_2024[i];
    return NULL;
}

static json_t *str_of(const dg_buf *b) { return json_stringn(b->data ? (const char *)b->data : "", b->len); }

const char *dr__bundle_token_art(int monster)
{
    const char *art = NULL;
    if (monster >= 0 && (size_t)monster < dr__dnd5e_monster_id_count) art = dr__dnd5e_token_art[monster];
    int i = monster - DG_MONSTER_ID_2024;
    if (i >= 0 && (size_t)i < dr__dnd5e_monster_id_count_2024) art = dr__dnd5e_token_art_2024[i];
    return art ? art : ACTOR_IMG;
}

/* ---------------------------------------------------- activities */

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

/* The entry's activities (dnd5e 4+): an attack activity with its to-hit
 * (flat: the stat block's number is the whole bonus) and damage parts, or
 * a save activity with its ability, DC and damage; {} when it rolls
 * nothing. activation: the section's action type. */
static json_t *activities(const char *text, const char *activation)
{
    rolls r = read_rolls(text);
    json_t *all = json_object();
    if (!all || (!r.attack && !r.save)) return all;
    json_t *act = json_pack("{s:s,s:s,s:{s:s,s:i,s:s,s:b},s:{s:[],s:{s:b,s:s},s:b},s:{s:s},s:{s:b,s:s,s:s,s:s,s:b},"
                            "s:[],s:{s:s,s:b},s:{s:{s:s,s:b,s:s,s:s,s:s,s:s,s:s},s:{s:s,s:s,s:b,s:s},s:b,s:b},"
                            "s:{s:i,s:s,s:[]},s:i}",
                            "_id", "dnd5eactivity000", "type", r.attack ? "attack" : "save", "activation", "type",
                            activation[0] ? activation : "action", "value", 1, "condition", "", "override", 0,
                            "consumption", "targets", "scaling", "allowed", 0, "max", "", "spellSlot", 1,
                            "description", "chatFlavor", "", "duration", "concentration", 0, "value", "", "units",
                            "inst", "special", "", "override", 0, "effects", "range", "special", "", "override", 0,
                            "target", "template", "count", "", "contiguous", 0, "type", "", "size", "", "width", "",
                            "height", "", "units", "", "affects", "count", "", "type", "", "choice", 0, "special",
                            "", "prompt", 1, "override", 0, "uses", "spent", 0, "max", "", "recovery", "sort", 0);
    json_t *parts = damage_parts(&r);
    bool ok = act && parts;
    if (ok && r.attack) {
        char bonus[16];
        snprintf(bonus, sizeof bonus, "%d", r.to_hit);
        ok = !json_object_set_new(act, "attack",
                                  json_pack("{s:s,s:s,s:{s:n},s:b,s:{s:s,s:s}}", "ability", "", "bonus", bonus,
                                            "critical", "threshold", "flat", 1, "type", "value",
                                            r.ranged ? "ranged" : "melee", "classification", "weapon")) &&
             !json_object_set_new(act, "damage",
                                  json_pack("{s:{s:s},s:b,s:O}", "critical", "bonus", "", "includeBase", 0, "parts",
                                            parts));
    } else if (ok) {
        char dc[16];
        snprintf(dc, sizeof dc, "%d", r.dc);
        ok = !json_object_set_new(act, "save",
                                  json_pack("{s:[s],s:{s:s,s:s}}", "ability", r.ability, "dc", "calculation", "",
                                            "formula", dc)) &&
             !json_object_set_new(act, "damage",
                                  json_pack("{s:s,s:O}", "onSave", r.half ? "half" : "none", "parts", parts));
    }
    json_decref(parts);
    if (!ok || json_object_set_new(all, "dnd5eactivity000", act)) {
        if (!ok) json_decref(act);
        json_decref(all);
        return NULL;
    }
    return all;
}

/* The item of entry e of section s: a "feat" as the SRD pack's are. */
static json_t *feat(dr__jb *j, uint64_t base, int monster, int k, int section, const dg_statblock_entry *e,
                    dg_buf *html)
{
    static const char *const activation[DG_SB_SECTIONS] = {
        [DG_SB_TRAITS] = "", [DG_SB_ACTIONS] = "action", [DG_SB_BONUS_ACTIONS] = "bonus",
        [DG_SB_REACTIONS] = "reaction", [DG_SB_LEGENDARY] = "legendary"};
    char id[17];
    dr__bundle_id(base, "actor-item", monster, k, id);
    dg_buf_reset(html);
    if (j->rc == DG_OK) j->rc = dr__md_to_html(e->text, strlen(e->text), 0, html, j->err);
    if (j->rc != DG_OK) return NULL;
    json_t *it = json_pack("{s:s,s:s,s:s,s:s,s:{s:{s:o,s:s},s:{s:s,s:s},s:o,s:s},s:[],s:i,s:{s:i},s:{}}",
                           "_id", id, "name", e->name, "type", "feat", "img", "icons/svg/combat.svg", "system",
                           "description", "value", str_of(html), "chat", "", "type", "value", "monster", "subtype",
                           "", "activities", activities(e->text, activation[section]), "identifier", "", "effects",
                           "sort", (k + 1) * 100000, "ownership", "default", 0, "flags");
    if (!it) dr__jb_fail(j);
    return it;
}

/* The Actor of one monster. */
static json_t *actor(dr__jb *j, uint64_t base, const char *folder_id, int monster, int sort)
{
    const dg_monster *m = dg_monster_info(monster);
    const dg_statblock *sb = dg_monster_statblock(monster);
    if (!m || !sb) return NULL;
    char id[17];
    dr__bundle_id(base, "actor", monster, 0, id);
    dg_buf md, html;
    dg_buf_init(&md);
    dg_buf_init(&html);
    json_t *a = NULL, *items = dr__jb_array(j);
    if (j->rc == DG_OK) j->rc = dr__key_statblock(&md, monster, NULL, j->err);
    if (j->rc == DG_OK) j->rc = dr__md_to_html((const char *)md.data, md.len, 0, &html, j->err);
    int k = 0;
    for (int s = 0; s < DG_SB_SECTIONS && j->rc == DG_OK; s++) {
        int n;
        const dg_statblock_entry *e = dg_statblock_section(sb, s, &n);
        for (int i = 0; i < n && j->rc == DG_OK; i++, k++) dr__jb_push(j, items, feat(j, base, monster, k, s, &e[i], &md));
    }
    if (j->rc != DG_OK) goto done;

    double squares = sizes[m->size].squares;
    a = json_pack("{s:s,s:s,s:s,s:s}", "_id", id, "name", m->name, "type", "npc", "img", dr__bundle_token_art(monster));
    if (!a) dr__jb_fail(j);
    dr__jb_set(j, a, "system", dr__bundle_npc_system(j, monster, str_of(&html)));
    dr__jb_set(j, a, "prototypeToken",
               json_pack("{s:s,s:i,s:b,s:o,s:o,s:i,s:i,s:{s:s},s:{s:s},s:{s:b},s:b}", "name", m->name,
                         "displayName", 20, "actorLink", 0, "width", dr__bundle_number(squares), "height",
                         dr__bundle_number(squares), "disposition", -1,
                         "displayBars", 40, "bar1", "attribute", "attributes.hp", "texture", "src", dr__bundle_token_art(monster),
                         "sight", "enabled", 0, "appendNumber", 1));
    dr__jb_set(j, a, "items", items);
    items = NULL;
    dr__jb_set(j, a, "effects", json_array());
    dr__jb_set(j, a, "folder", json_string(folder_id));
    dr__jb_set(j, a, "sort", json_integer(sort));
    dr__jb_set(j, a, "ownership", json_pack("{s:i}", "default", 0));
    json_t *st = dr__bundle_stats(true), *flags = dr__jb_object(j);
    const char *pack, *src = dr__bundle_compendium_id(monster, &pack);
    if (src) {
        char uuid[64];
        snprintf(uuid, sizeof uuid, "Compendium.dnd5e.%s.Actor.%s", pack, src);
        dr__jb_set(j, st, "compendiumSource", json_string(uuid));
    }
    dr__jb_set(j, a, "flags", flags);
    dr__jb_set(j, a, "_stats", st);
done:
    json_decref(items);
    dg_buf_fini(&md);
    dg_buf_fini(&html);
    if (j->rc != DG_OK) {
        json_decref(a);
        a = NULL;
    }
    return a;
}

dg_status dr__bundle_actors(uint64_t base, const char *folder_id, const dr__bestiary *kinds, json_t **out, dg_error *err)
{
    dr__jb j = {err, DG_OK};
    json_t *a = dr__jb_array(&j);
    for (int i = 0; i < kinds->n && j.rc == DG_OK; i++) {
        json_t *v = actor(&j, base, folder_id, kinds->monster[i], (i + 1) * 100000);
        if (v) dr__jb_push(&j, a, v);
    }
    if (j.rc != DG_OK) {
        json_decref(a);
        a = NULL;
    }
    *out = a;
    return j.rc;
}
