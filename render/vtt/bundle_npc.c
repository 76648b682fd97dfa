/* bundle_npc.c -- an npc Actor's `system` object in the dnd5e 5.x data
 * shape: the same keys at every depth as the dnd5e system's own pack
 * source gives its SRD creatures (packs/_source/monsters for the 2014
 * rules, packs/_source/actors24 for the 2024 ones, which differ: 2024 has
 * abilities' check/save rolls, senses.ranges, movement as strings with
 * only the creature's speeds, legact.spent, habitat, treasure, loyalty,
 * price; 2014 has details.environment and spellLevel, spell0). The
 * template of each is the pack's own defaults (from its Goblin and Goblin
 * Warrior, creature values blanked); the stat block (data/srd_statblocks*.c)
 * fills in what it says. tests/unit/test_npc_shape.c holds the shapes to
 * the pack's for 45 creatures (tests/unit/dnd5e_npc_shapes.txt, written by
 * tools/dnd5e_npc_shapes.mjs). What is left at the pack's defaults: spell
 * slots, lair initiative, habitat and treasure (the SRD text does not
 * give them in a form worth parsing). Items: bundle_items.c; the actor
 * around it: bundle_actors.c. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bundle_int.h"

/* The pack's defaults, as JSON: its Goblin's (2014) and Goblin Warrior's (2024)
 * system with the creature's values blanked; after a dnd5e release,
 * tools/dnd5e_npc_shapes.mjs rewrites the paths test_npc_shape holds
 * them to. 2024's movement lists every speed (the creature's own are kept). */
static const char npc_2014[] =
    "{\"abilities\":{\"str\":{\"value\":0,\"proficient\":0,\"bonuses\":{\"check\":\"\",\"save\":\"\"},\"max\":null},\"dex\":{\"v"
    "alue\":0,\"proficient\":0,\"bonuses\":{\"check\":\"\",\"save\":\"\"},\"max\":null},\"con\":{\"value\":0,\"proficient\":0,"
    "\"bonuses\":{\"check\":\"\",\"save\":\"\"},\"max\":null},\"int\":{\"value\":0,\"proficient\":0,\"bonuses\":{\"check\":\"\",\""
    "save\":\"\"},\"max\":null},\"wis\":{\"value\":0,\"proficient\":0,\"bonuses\":{\"check\":\"\",\"save\":\"\"},\"max\":null},\""
    "cha\":{\"value\":0,\"proficient\":0,\"bonuses\":{\"check\":\"\",\"save\":\"\"},\"max\":null}},\"attributes\":{\"ac\":{\"fl"
    "at\":0,\"calc\":\"flat\",\"formula\":\"\"},\"hp\":{\"value\":0,\"max\":0,\"temp\":null,\"tempmax\":null,\"formula\":\"\"},\""
    "init\":{\"ability\":\"\",\"bonus\":\"\",\"roll\":{\"min\":null,\"max\":null,\"mode\":0}},\"movement\":{\"burrow\":0,\"clim"
    "b\":0,\"fly\":0,\"swim\":0,\"walk\":0,\"units\":\"ft\",\"hover\":false},\"attunement\":{\"max\":3},\"senses\":{\"darkvis"
    "ion\":0,\"blindsight\":0,\"tremorsense\":0,\"truesight\":0,\"units\":\"ft\",\"special\":\"\"},\"spellcasting\":\"\",\"ex"
    "haustion\":0,\"concentration\":{\"ability\":\"\",\"roll\":{\"min\":null,\"max\":null,\"mode\":0},\"bonuses\":{\"save\":"
    "\"\"},\"limit\":1},\"hd\":{\"spent\":0},\"death\":{\"ability\":\"\",\"roll\":{\"min\":null,\"max\":null,\"mode\":0},\"succe"
    "ss\":0,\"failure\":0}},\"details\":{\"biography\":{\"value\":\"\",\"public\":\"\"},\"alignment\":\"\",\"race\":null,\"type"
    "\":{\"value\":\"\",\"subtype\":\"\",\"swarm\":\"\",\"custom\":\"\"},\"environment\":\"\",\"cr\":0,\"spellLevel\":0,\"ideal\":\"\""
    ",\"bond\":\"\",\"flaw\":\"\"},\"traits\":{\"size\":\"\",\"di\":{\"value\":[],\"bypasses\":[],\"custom\":\"\"},\"dr\":{\"value\":"
    "[],\"bypasses\":[],\"custom\":\"\"},\"dv\":{\"value\":[],\"bypasses\":[],\"custom\":\"\"},\"ci\":{\"value\":[],\"custom\":"
    "\"\"},\"languages\":{\"value\":[],\"custom\":\"\"},\"dm\":{\"amount\":{},\"bypasses\":[]}},\"currency\":{\"pp\":0,\"gp\":0"
    ",\"ep\":0,\"sp\":0,\"cp\":0},\"skills\":{\"acr\":{\"value\":0,\"ability\":\"dex\",\"bonuses\":{\"check\":\"\",\"passive\":\"\""
    "},\"roll\":{\"min\":null,\"max\":null,\"mode\":0}},\"ani\":{\"value\":0,\"ability\":\"wis\",\"bonuses\":{\"check\":\"\",\"p"
    "assive\":\"\"},\"roll\":{\"min\":null,\"max\":null,\"mode\":0}},\"arc\":{\"value\":0,\"ability\":\"int\",\"bonuses\":{\"ch"
    "eck\":\"\",\"passive\":\"\"},\"roll\":{\"min\":null,\"max\":null,\"mode\":0}},\"ath\":{\"value\":0,\"ability\":\"str\",\"bon"
    "uses\":{\"check\":\"\",\"passive\":\"\"},\"roll\":{\"min\":null,\"max\":null,\"mode\":0}},\"dec\":{\"value\":0,\"ability\":"
    "\"cha\",\"bonuses\":{\"check\":\"\",\"passive\":\"\"},\"roll\":{\"min\":null,\"max\":null,\"mode\":0}},\"his\":{\"value\":0,"
    "\"ability\":\"int\",\"bonuses\":{\"check\":\"\",\"passive\":\"\"},\"roll\":{\"min\":null,\"max\":null,\"mode\":0}},\"ins\":{"
    "\"value\":0,\"ability\":\"wis\",\"bonuses\":{\"check\":\"\",\"passive\":\"\"},\"roll\":{\"min\":null,\"max\":null,\"mode\":0"
    "}},\"itm\":{\"value\":0,\"ability\":\"cha\",\"bonuses\":{\"check\":\"\",\"passive\":\"\"},\"roll\":{\"min\":null,\"max\":nul"
    "l,\"mode\":0}},\"inv\":{\"value\":0,\"ability\":\"int\",\"bonuses\":{\"check\":\"\",\"passive\":\"\"},\"roll\":{\"min\":null"
    ",\"max\":null,\"mode\":0}},\"med\":{\"value\":0,\"ability\":\"wis\",\"bonuses\":{\"check\":\"\",\"passive\":\"\"},\"roll\":{"
    "\"min\":null,\"max\":null,\"mode\":0}},\"nat\":{\"value\":0,\"ability\":\"int\",\"bonuses\":{\"check\":\"\",\"passive\":\"\""
    "},\"roll\":{\"min\":null,\"max\":null,\"mode\":0}},\"prc\":{\"value\":0,\"ability\":\"wis\",\"bonuses\":{\"check\":\"\",\"p"
    "assive\":\"\"},\"roll\":{\"min\":null,\"max\":null,\"mode\":0}},\"prf\":{\"value\":0,\"ability\":\"cha\",\"bonuses\":{\"ch"
    "eck\":\"\",\"passive\":\"\"},\"roll\":{\"min\":null,\"max\":null,\"mode\":0}},\"per\":{\"value\":0,\"ability\":\"cha\",\"bon"
    "uses\":{\"check\":\"\",\"passive\":\"\"},\"roll\":{\"min\":null,\"max\":null,\"mode\":0}},\"rel\":{\"value\":0,\"ability\":"
    "\"int\",\"bonuses\":{\"check\":\"\",\"passive\":\"\"},\"roll\":{\"min\":null,\"max\":null,\"mode\":0}},\"slt\":{\"value\":0,"
    "\"ability\":\"dex\",\"bonuses\":{\"check\":\"\",\"passive\":\"\"},\"roll\":{\"min\":null,\"max\":null,\"mode\":0}},\"ste\":{"
    "\"value\":0,\"ability\":\"dex\",\"bonuses\":{\"check\":\"\",\"passive\":\"\"},\"roll\":{\"min\":null,\"max\":null,\"mode\":0"
    "}},\"sur\":{\"value\":0,\"ability\":\"wis\",\"bonuses\":{\"check\":\"\",\"passive\":\"\"},\"roll\":{\"min\":null,\"max\":nul"
    "l,\"mode\":0}}},\"spells\":{\"spell1\":{\"value\":0,\"override\":null},\"spell2\":{\"value\":0,\"override\":null},\"s"
    "pell3\":{\"value\":0,\"override\":null},\"spell4\":{\"value\":0,\"override\":null},\"spell5\":{\"value\":0,\"overrid"
    "e\":null},\"spell6\":{\"value\":0,\"override\":null},\"spell7\":{\"value\":0,\"override\":null},\"spell8\":{\"value\""
    ":0,\"override\":null},\"spell9\":{\"value\":0,\"override\":null},\"pact\":{\"value\":0,\"override\":null},\"spell0\""
    ":{\"value\":0,\"override\":null}},\"bonuses\":{\"mwak\":{\"attack\":\"\",\"damage\":\"\"},\"rwak\":{\"attack\":\"\",\"damag"
    "e\":\"\"},\"msak\":{\"attack\":\"\",\"damage\":\"\"},\"rsak\":{\"attack\":\"\",\"damage\":\"\"},\"abilities\":{\"check\":\"\",\"sa"
    "ve\":\"\",\"skill\":\"\"},\"spell\":{\"dc\":\"\"}},\"resources\":{\"legact\":{\"value\":0,\"max\":0},\"legres\":{\"value\":0,"
    "\"max\":0},\"lair\":{\"value\":false,\"initiative\":null}},\"tools\":{},\"source\":{\"custom\":\"\",\"book\":\"\",\"page\""
    ":\"\",\"license\":\"CC-BY-4.0\",\"revision\":1,\"rules\":\"2014\"}}";

static const char npc_2024[] =
    "{\"currency\":{\"pp\":0,\"gp\":0,\"ep\":0,\"sp\":0,\"cp\":0},\"abilities\":{\"str\":{\"value\":0,\"proficient\":0,\"max\":"
    "null,\"bonuses\":{\"check\":\"\",\"save\":\"\"},\"check\":{\"roll\":{\"min\":null,\"max\":null,\"mode\":0}},\"save\":{\"rol"
    "l\":{\"min\":null,\"max\":null,\"mode\":0}}},\"dex\":{\"value\":0,\"proficient\":0,\"max\":null,\"bonuses\":{\"check\":"
    "\"\",\"save\":\"\"},\"check\":{\"roll\":{\"min\":null,\"max\":null,\"mode\":0}},\"save\":{\"roll\":{\"min\":null,\"max\":nul"
    "l,\"mode\":0}}},\"con\":{\"value\":0,\"proficient\":0,\"max\":null,\"bonuses\":{\"check\":\"\",\"save\":\"\"},\"check\":{\""
    "roll\":{\"min\":null,\"max\":null,\"mode\":0}},\"save\":{\"roll\":{\"min\":null,\"max\":null,\"mode\":0}}},\"int\":{\"va"
    "lue\":0,\"proficient\":0,\"max\":null,\"bonuses\":{\"check\":\"\",\"save\":\"\"},\"check\":{\"roll\":{\"min\":null,\"max\":"
    "null,\"mode\":0}},\"save\":{\"roll\":{\"min\":null,\"max\":null,\"mode\":0}}},\"wis\":{\"value\":0,\"proficient\":0,\"m"
    "ax\":null,\"bonuses\":{\"check\":\"\",\"save\":\"\"},\"check\":{\"roll\":{\"min\":null,\"max\":null,\"mode\":0}},\"save\":{"
    "\"roll\":{\"min\":null,\"max\":null,\"mode\":0}}},\"cha\":{\"value\":0,\"proficient\":0,\"max\":null,\"bonuses\":{\"che"
    "ck\":\"\",\"save\":\"\"},\"check\":{\"roll\":{\"min\":null,\"max\":null,\"mode\":0}},\"save\":{\"roll\":{\"min\":null,\"max\""
    ":null,\"mode\":0}}}},\"bonuses\":{\"mwak\":{\"attack\":\"\",\"damage\":\"\"},\"rwak\":{\"attack\":\"\",\"damage\":\"\"},\"msa"
    "k\":{\"attack\":\"\",\"damage\":\"\"},\"rsak\":{\"attack\":\"\",\"damage\":\"\"},\"abilities\":{\"check\":\"\",\"save\":\"\",\"ski"
    "ll\":\"\"},\"spell\":{\"dc\":\"\"}},\"skills\":{\"acr\":{\"ability\":\"dex\",\"roll\":{\"min\":null,\"max\":null,\"mode\":0},"
    "\"value\":0,\"bonuses\":{\"check\":\"\",\"passive\":\"\"}},\"ani\":{\"ability\":\"wis\",\"roll\":{\"min\":null,\"max\":null,"
    "\"mode\":0},\"value\":0,\"bonuses\":{\"check\":\"\",\"passive\":\"\"}},\"arc\":{\"ability\":\"int\",\"roll\":{\"min\":null,\""
    "max\":null,\"mode\":0},\"value\":0,\"bonuses\":{\"check\":\"\",\"passive\":\"\"}},\"ath\":{\"ability\":\"str\",\"roll\":{\"m"
    "in\":null,\"max\":null,\"mode\":0},\"value\":0,\"bonuses\":{\"check\":\"\",\"passive\":\"\"}},\"dec\":{\"ability\":\"cha\","
    "\"roll\":{\"min\":null,\"max\":null,\"mode\":0},\"value\":0,\"bonuses\":{\"check\":\"\",\"passive\":\"\"}},\"his\":{\"abili"
    "ty\":\"int\",\"roll\":{\"min\":null,\"max\":null,\"mode\":0},\"value\":0,\"bonuses\":{\"check\":\"\",\"passive\":\"\"}},\"in"
    "s\":{\"ability\":\"wis\",\"roll\":{\"min\":null,\"max\":null,\"mode\":0},\"value\":0,\"bonuses\":{\"check\":\"\",\"passive"
    "\":\"\"}},\"itm\":{\"ability\":\"cha\",\"roll\":{\"min\":null,\"max\":null,\"mode\":0},\"value\":0,\"bonuses\":{\"check\":\""
    "\",\"passive\":\"\"}},\"inv\":{\"ability\":\"int\",\"roll\":{\"min\":null,\"max\":null,\"mode\":0},\"value\":0,\"bonuses\":"
    "{\"check\":\"\",\"passive\":\"\"}},\"med\":{\"ability\":\"wis\",\"roll\":{\"min\":null,\"max\":null,\"mode\":0},\"value\":0,"
    "\"bonuses\":{\"check\":\"\",\"passive\":\"\"}},\"nat\":{\"ability\":\"int\",\"roll\":{\"min\":null,\"max\":null,\"mode\":0},"
    "\"value\":0,\"bonuses\":{\"check\":\"\",\"passive\":\"\"}},\"prc\":{\"ability\":\"wis\",\"roll\":{\"min\":null,\"max\":null,"
    "\"mode\":0},\"value\":0,\"bonuses\":{\"check\":\"\",\"passive\":\"\"}},\"prf\":{\"ability\":\"cha\",\"roll\":{\"min\":null,\""
    "max\":null,\"mode\":0},\"value\":0,\"bonuses\":{\"check\":\"\",\"passive\":\"\"}},\"per\":{\"ability\":\"cha\",\"roll\":{\"m"
    "in\":null,\"max\":null,\"mode\":0},\"value\":0,\"bonuses\":{\"check\":\"\",\"passive\":\"\"}},\"rel\":{\"ability\":\"int\","
    "\"roll\":{\"min\":null,\"max\":null,\"mode\":0},\"value\":0,\"bonuses\":{\"check\":\"\",\"passive\":\"\"}},\"slt\":{\"abili"
    "ty\":\"dex\",\"roll\":{\"min\":null,\"max\":null,\"mode\":0},\"value\":0,\"bonuses\":{\"check\":\"\",\"passive\":\"\"}},\"st"
    "e\":{\"ability\":\"dex\",\"roll\":{\"min\":null,\"max\":null,\"mode\":0},\"value\":0,\"bonuses\":{\"check\":\"\",\"passive"
    "\":\"\"}},\"sur\":{\"ability\":\"wis\",\"roll\":{\"min\":null,\"max\":null,\"mode\":0},\"value\":0,\"bonuses\":{\"check\":\""
    "\",\"passive\":\"\"}}},\"tools\":{},\"spells\":{\"spell1\":{\"value\":0,\"override\":null},\"spell2\":{\"value\":0,\"ove"
    "rride\":null},\"spell3\":{\"value\":0,\"override\":null},\"spell4\":{\"value\":0,\"override\":null},\"spell5\":{\"va"
    "lue\":0,\"override\":null},\"spell6\":{\"value\":0,\"override\":null},\"spell7\":{\"value\":0,\"override\":null},\"s"
    "pell8\":{\"value\":0,\"override\":null},\"spell9\":{\"value\":0,\"override\":null},\"pact\":{\"value\":0,\"override\""
    ":null}},\"attributes\":{\"init\":{\"ability\":\"\",\"roll\":{\"min\":null,\"max\":null,\"mode\":0},\"bonus\":\"\"},\"move"
    "ment\":{\"burrow\":\"\",\"climb\":\"\",\"fly\":\"\",\"swim\":\"\",\"walk\":\"\",\"units\":null,\"hover\":false,\"ignoredDiffic"
    "ultTerrain\":[]},\"attunement\":{\"max\":3},\"senses\":{\"units\":null,\"special\":\"\",\"ranges\":{\"darkvision\":nu"
    "ll,\"blindsight\":null,\"tremorsense\":null,\"truesight\":null}},\"spellcasting\":\"\",\"exhaustion\":0,\"concent"
    "ration\":{\"ability\":\"\",\"roll\":{\"min\":null,\"max\":null,\"mode\":0},\"bonuses\":{\"save\":\"\"},\"limit\":1},\"ac\":"
    "{\"flat\":0,\"calc\":\"flat\"},\"hd\":{\"spent\":0},\"hp\":{\"value\":0,\"max\":0,\"temp\":null,\"tempmax\":null,\"formul"
    "a\":\"\"},\"death\":{\"roll\":{\"min\":null,\"max\":null,\"mode\":0},\"success\":0,\"failure\":0,\"bonuses\":{\"save\":\"\""
    "}},\"spell\":{\"level\":0},\"loyalty\":{\"value\":null},\"price\":{\"value\":null,\"denomination\":\"gp\"}},\"details"
    "\":{\"biography\":{\"value\":\"\",\"public\":\"\"},\"alignment\":\"\",\"ideal\":\"\",\"bond\":\"\",\"flaw\":\"\",\"race\":null,\"t"
    "ype\":{\"value\":\"\",\"custom\":\"\",\"subtype\":\"\",\"swarm\":\"\"},\"cr\":0,\"habitat\":{\"value\":[],\"custom\":\"\"},\"tre"
    "asure\":{\"value\":[]}},\"resources\":{\"legact\":{\"max\":0,\"spent\":0},\"legres\":{\"max\":0,\"spent\":0},\"lair\":{"
    "\"value\":false,\"initiative\":null,\"inside\":false}},\"source\":{\"revision\":1,\"rules\":\"2024\",\"book\":\"\",\"li"
    "cense\":\"CC-BY-4.0\"},\"traits\":{\"size\":\"\",\"di\":{\"bypasses\":[],\"value\":[],\"custom\":\"\"},\"dr\":{\"bypasses\""
    ":[],\"value\":[],\"custom\":\"\"},\"dv\":{\"bypasses\":[],\"value\":[],\"custom\":\"\"},\"dm\":{\"amount\":{},\"bypasses\""
    ":[]},\"ci\":{\"value\":[],\"custom\":\"\"},\"languages\":{\"value\":[],\"custom\":\"\",\"communication\":{}},\"importan"
    "t\":false}}";


/* The member at a dotted path of o ("attributes.hp"); NULL when absent. */
static json_t *at(json_t *o, const char *path)
{
    char key[32];
    while (o && *path) {
        size_t n = strcspn(path, ".");
        if (n >= sizeof key) return NULL;
        memcpy(key, path, n);
        key[n] = '\0';
        o = json_object_get(o, key);
        path += n + (path[n] == '.');
    }
    return o;
}

/* Sets the last key of path in the object the rest names (which the
 * template has: a missing one is this file's bug). */
static void put(dr__jb *j, json_t *sys, const char *path, json_t *v)
{
    char parent[64];
    const char *dot = strrchr(path, '.');
    size_t n = dot ? (size_t)(dot - path) : 0;
    if (n >= sizeof parent) n = 0;
    memcpy(parent, path, n);
    parent[n] = '\0';
    json_t *o = n ? at(sys, parent) : sys;
    if (!o && j->rc == DG_OK) {
        json_decref(v);
        j->rc = dg_error_set(j->err, DG_EINVAL, "", "", "", "npc template has no %s", parent);
        return;
    }
    dr__jb_set(j, o, dot ? dot + 1 : path, v);
}

static json_t *str_n(const char *s, size_t n) { return json_stringn(s, n); }

/* "Str", "Dex", ... as the stat block abbreviates them; dnd5e's keys. */
static const char *const ab_word[6] = {"Str", "Dex", "Con", "Int", "Wis", "Cha"};
static const char *const ab_key[6] = {"str", "dex", "con", "int", "wis", "cha"};

/* dnd5e's skill keys (CONFIG.DND5E.skills) by the stat block's names. */
static const struct { const char *name, *key; int ability; } skills[] = {
    {"Acrobatics", "acr", 1},   {"Animal Handling", "ani", 4}, {"Arcana", "arc", 3},     {"Athletics", "ath", 0},
    {"Deception", "dec", 5},    {"History", "his", 3},         {"Insight", "ins", 4},    {"Intimidation", "itm", 5},
    {"Investigation", "inv", 3}, {"Medicine", "med", 4},       {"Nature", "nat", 3},     {"Perception", "prc", 4},
    {"Performance", "prf", 5},  {"Persuasion", "per", 5},      {"Religion", "rel", 3},   {"Sleight of Hand", "slt", 1},
    {"Stealth", "ste", 1},      {"Survival", "sur", 4},
};

/* The "+N" after `name` in a "Name +N, Name +N" list; found says whether. */
static int bonus_after(const char *list, const char *name, bool *found)
{
    size_t n = strlen(name);
    for (const char *s = list; s && *s;) {
        while (*s == ' ' || *s == ',' || *s == ';') s++;
        if (!strncasecmp(s, name, n) && s[n] == ' ' && (s[n + 1] == '+' || s[n + 1] == '-')) {
            *found = true;
            return atoi(s + n + 1);
        }
        s = strpbrk(s, ",;");
    }
    *found = false;
    return 0;
}

/* A proficiency as dnd5e keeps it: a multiple of the proficiency bonus
 * (1, 2 expertise) and what is left over as a flat bonus ("" none), so
 * the sheet shows the stat block's number. */
static int proficiency(int bonus, int mod, int prof, int *rest)
{
    int diff = bonus - mod, times = prof > 0 ? (2 * diff + prof) / (2 * prof) : 1; /* the nearest */
    times = times < 1 ? 1 : times > 2 ? 2 : times;
    *rest = diff - times * prof;
    return times;
}

static json_t *rest_of(int rest)
{
    char s[16] = "";
    if (rest) snprintf(s, sizeof s, "%d", rest);
    return json_string(s);
}

/* The feet after `word` in "30 ft., fly 60 ft. (hover)" (word "" for the
 * walking speed, the part without a name); -1 when absent. Case is the
 * 2024 blocks' "Swim 20 ft.". */
static int feet(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *s = list; s && *s;) {
        while (*s == ' ' || *s == ',' || *s == ';') s++;
        if (n ? !strncasecmp(s, word, n) && s[n] == ' ' && isdigit((unsigned char)s[n + 1])
              : isdigit((unsigned char)*s))
            return atoi(s + n);
        s = strpbrk(s, ",;");
    }
    return -1;
}

static const char *const damage_types[] = {"acid",     "bludgeoning", "cold",   "fire",     "force",
                                           "lightning", "necrotic",   "piercing", "poison", "psychic",
                                           "radiant",  "slashing",    "thunder"};
static const char *const conditions[] = {"blinded",   "charmed",  "deafened",   "exhaustion", "frightened",
                                         "grappled",  "incapacitated", "invisible", "paralyzed", "petrified",
                                         "poisoned",  "prone",    "restrained", "stunned",   "unconscious"};

/* Whether word (lower case) stands as a whole word in the n bytes at s. */
static bool has_word(const char *s, size_t n, const char *word)
{
    size_t w = strlen(word);
    for (size_t i = 0; i + w <= n; i++)
        if (!strncasecmp(s + i, word, w) && (i == 0 || !isalpha((unsigned char)s[i - 1])) &&
            (i + w == n || !isalpha((unsigned char)s[i + w])))
            return true;
    return false;
}

/* A damage trait (di, dr, dv) from "cold; fire; bludgeoning, piercing, and
 * slashing from nonmagical weapons that aren't silvered": the types, and
 * the pack's bypasses for what the weapon exception names (mgc, sil, ada);
 * what names no type ("damage from spells") stays as custom words. */
static void damage_trait(dr__jb *j, json_t *sys, const char *key, const char *text)
{
    json_t *value = dr__jb_array(j), *bypasses = dr__jb_array(j);
    char path[32];
    dg_buf custom;
    dg_buf_init(&custom);
    for (size_t k = 0; k < sizeof damage_types / sizeof damage_types[0]; k++)
        if (has_word(text, strlen(text), damage_types[k])) dr__jb_push(j, value, json_string(damage_types[k]));
    if (strstr(text, "nonmagical")) {
        if (strstr(text, "adamantine")) dr__jb_push(j, bypasses, json_string("ada"));
        dr__jb_push(j, bypasses, json_string("mgc"));
        if (strstr(text, "silvered")) dr__jb_push(j, bypasses, json_string("sil"));
    }
    for (const char *s = text; *s && j->rc == DG_OK;) {
        size_t n = strcspn(s, ";");
        bool typed = false;
        for (size_t k = 0; k < sizeof damage_types / sizeof damage_types[0]; k++)
            typed |= has_word(s, n, damage_types[k]);
        while (n && *s == ' ') s++, n--;
        if (!typed && n) {
            if (custom.len) j->rc = dg_buf_puts(&custom, "; ", j->err);
            if (j->rc == DG_OK) j->rc = dg_buf_append(&custom, s, n, j->err);
        }
        s += n + (s[n] == ';');
    }
    snprintf(path, sizeof path, "traits.%s.value", key);
    put(j, sys, path, value);
    snprintf(path, sizeof path, "traits.%s.bypasses", key);
    put(j, sys, path, bypasses);
    snprintf(path, sizeof path, "traits.%s.custom", key);
    put(j, sys, path, str_n(custom.data ? (const char *)custom.data : "", custom.len));
    dg_buf_fini(&custom);
}

/* dnd5e's language keys (CONFIG.DND5E.languages) for the SRD's names. */
static const struct { const char *name, *key; } languages[] = {
    {"Common", "common"},       {"Dwarvish", "dwarvish"},   {"Elvish", "elvish"},       {"Giant", "giant"},
    {"Gnomish", "gnomish"},     {"Goblin", "goblin"},       {"Halfling", "halfling"},   {"Orc", "orc"},
    {"Abyssal", "abyssal"},     {"Celestial", "celestial"}, {"Draconic", "draconic"},   {"Deep Speech", "deep"},
    {"Infernal", "infernal"},   {"Primordial", "primordial"}, {"Sylvan", "sylvan"},     {"Undercommon", "undercommon"},
    {"Aquan", "aquan"},         {"Auran", "auran"},         {"Ignan", "ignan"},         {"Terran", "terran"},
    {"Thieves' Cant", "cant"},  {"Druidic", "druidic"},     {"All", "ALL"},
};

/* "Abyssal, Common; telepathy 60 ft. (works only ...)": the known names as
 * keys, the rest ("understands Sylvan but can't speak it") as custom
 * words, telepathy in communication (2024 keeps communication {} when
 * there is none; 2014 has no such key then). */
static void language_trait(dr__jb *j, json_t *sys, const char *text, bool v2024)
{
    json_t *value = dr__jb_array(j);
    dg_buf custom;
    dg_buf_init(&custom);
    int telepathy = -1;
    for (const char *s = text; *s && j->rc == DG_OK;) {
        while (*s == ' ' || *s == ',' || *s == ';') s++;
        size_t n = strcspn(s, ",;");
        while (n && s[n - 1] == ' ') n--;
        const char *key = NULL;
        for (size_t k = 0; k < sizeof languages / sizeof languages[0]; k++)
            if (strlen(languages[k].name) == n && !strncasecmp(s, languages[k].name, n)) key = languages[k].key;
        if (!strncasecmp(s, "telepathy ", 10)) telepathy = atoi(s + 10);
        else if (key) dr__jb_push(j, value, json_string(key));
        else if (n && !(n == 4 && !strncasecmp(s, "None", 4)) && !(n == 1 && *s == '-')) {
            if (custom.len) j->rc = dg_buf_puts(&custom, "; ", j->err);
            if (j->rc == DG_OK) j->rc = dg_buf_append(&custom, s, n, j->err);
        }
        s += strcspn(s, ",;");
    }
    put(j, sys, "traits.languages.value", value);
    put(j, sys, "traits.languages.custom", str_n(custom.data ? (const char *)custom.data : "", custom.len));
    dg_buf_fini(&custom);
    json_t *lang = at(sys, "traits.languages");
    if (telepathy >= 0) {
        dr__jb_set(j, lang, "communication",
                   json_pack("{s:{s:i,s:s}}", "telepathy", "value", telepathy, "units", "ft"));
    } else if (!v2024 && lang) {
        json_object_del(lang, "communication");
    }
}

static void condition_trait(dr__jb *j, json_t *sys, const char *text)
{
    json_t *value = dr__jb_array(j);
    for (size_t k = 0; k < sizeof conditions / sizeof conditions[0]; k++)
        if (has_word(text, strlen(text), conditions[k])) dr__jb_push(j, value, json_string(conditions[k]));
    put(j, sys, "traits.ci.value", value);
}

/* The ability a Spellcasting trait names ("spellcasting ability is
 * Intelligence", 2024's "using Intelligence as the spellcasting ability");
 * "" when none. */
static const char *spell_ability(const dg_statblock *sb)
{
    static const char *const names[6] = {"Strength", "Dexterity", "Constitution", "Intelligence", "Wisdom", "Charisma"};
    /* 2014 blocks keep it in a trait, 2024's in an action */
    static const int sections[2] = {DG_SB_TRAITS, DG_SB_ACTIONS};
    for (int s = 0; s < 2; s++) {
        int n;
        const dg_statblock_entry *e = dg_statblock_section(sb, sections[s], &n);
        for (int i = 0; i < n; i++) {
            const char *t = e[i].text, *is = strstr(t, "spellcasting ability is "),
                       *as = strstr(t, " as the spellcasting ability");
            if (!strstr(e[i].name, "Spellcasting") || (!is && !as)) continue;
            const char *w = is ? is + 24 : as;
            if (!is)
                while (w > t && w[-1] != ' ') w--; /* "using Intelligence as the ..." */
            for (int k = 0; k < 6; k++)
                if (!strncmp(w, names[k], strlen(names[k]))) return ab_key[k];
        }
    }
    return "";
}

/* The senses dnd5e has no field for ("passive Perception" it computes);
 * 2014's are ", "-joined and lower case, 2024's "; "-joined, capitalised. */
static dg_status senses_special(const char *senses, dg_buf *out, dg_error *err)
{
    static const char *const known[] = {"darkvision ", "blindsight ", "tremorsense ", "truesight ",
                                        "passive Perception"};
    dg_status rc = DG_OK;
    for (const char *s = senses; s && *s && rc == DG_OK;) {
        while (*s == ' ' || *s == ',' || *s == ';') s++;
        const char *end = strpbrk(s, ",;");
        size_t len = end ? (size_t)(end - s) : strlen(s);
        bool have = false;
        for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
            have |= !strncasecmp(s, known[k], strlen(known[k]));
        if (!have && len) {
            if (out->len) rc = dg_buf_puts(out, "; ", err);
            if (rc == DG_OK) rc = dg_buf_append(out, s, len, err);
        }
        s = end;
    }
    if (rc == DG_OK) rc = dg_buf_append(out, "", 0, err); /* NUL-ended, also when empty */
    return rc;
}

/* The uses in "Legendary Resistance (3/Day)", "(3/Day, or 4/Day in Lair)". */
static int legendary_resistances(const dg_statblock *sb)
{
    int n;
    const dg_statblock_entry *e = dg_statblock_section(sb, DG_SB_TRAITS, &n);
    for (int i = 0; i < n; i++)
        if (!strncmp(e[i].name, "Legendary Resistance (", 22)) return atoi(e[i].name + 22);
    return 0;
}

json_t *dr__bundle_npc_system(dr__jb *j, int monster, json_t *biography)
{
    const dg_monster *m = dg_monster_info(monster);
    const dg_statblock *sb = dg_monster_statblock(monster);
    bool v2024 = monster >= DG_MONSTER_ID_2024;
    json_t *sys = m && sb && j->rc == DG_OK ? json_loads(v2024 ? npc_2024 : npc_2014, 0, NULL) : NULL;
    if (!sys) {
        json_decref(biography);
        if (m && sb) dr__jb_fail(j);
        return NULL;
    }
    char num[32];
    dg_buf special;
    dg_buf_init(&special);

    for (int i = 0; i < 6; i++) {
        char path[48];
        bool found;
        int bonus = bonus_after(sb->saves, ab_word[i], &found), rest = 0;
        snprintf(path, sizeof path, "abilities.%s.value", ab_key[i]);
        put(j, sys, path, json_integer(sb->scores[i]));
        if (!found) continue;
        snprintf(path, sizeof path, "abilities.%s.proficient", ab_key[i]);
        put(j, sys, path, json_integer(proficiency(bonus, dg_ability_mod(sb->scores[i]), sb->proficiency, &rest)));
        snprintf(path, sizeof path, "abilities.%s.bonuses.save", ab_key[i]);
        put(j, sys, path, rest_of(rest));
    }
    for (size_t k = 0; k < sizeof skills / sizeof skills[0]; k++) {
        char path[48];
        bool found;
        int bonus = bonus_after(sb->skills, skills[k].name, &found), rest = 0;
        if (!found) continue;
        snprintf(path, sizeof path, "skills.%s.value", skills[k].key);
        put(j, sys, path,
            json_integer(proficiency(bonus, dg_ability_mod(sb->scores[skills[k].ability]), sb->proficiency, &rest)));
        snprintf(path, sizeof path, "skills.%s.bonuses.check", skills[k].key);
        put(j, sys, path, rest_of(rest));
    }

    put(j, sys, "attributes.ac.flat", json_integer(m->ac));
    put(j, sys, "attributes.ac.calc", json_string(strstr(sb->armor, "natural armor") ? "natural" : "flat"));
    put(j, sys, "attributes.hp.value", json_integer(m->hp));
    put(j, sys, "attributes.hp.max", json_integer(m->hp));
    put(j, sys, "attributes.hp.formula", json_string(sb->hit_dice));
    if (sb->has_initiative) {
        /* 2024 blocks add the proficiency bonus once or twice; the pack
         * says so as a formula, which follows the bonus if the CR changes */
        int extra = sb->initiative - dg_ability_mod(sb->scores[1]);
        put(j, sys, "attributes.init.bonus", extra && extra == sb->proficiency       ? json_string("@prof")
                                             : extra && extra == 2 * sb->proficiency ? json_string("@prof * 2")
                                                                                     : rest_of(extra));
    }
    put(j, sys, "attributes.spellcasting", json_string(spell_ability(sb)));

    /* 2014: every speed as a number; 2024: the creature's speeds alone,
     * as strings (its pack's form) */
    static const char *const modes[5][2] = {
        {"burrow", "burrow"}, {"climb", "climb"}, {"fly", "fly"}, {"swim", "swim"}, {"walk", ""}};
    json_t *mv = at(sys, "attributes.movement");
    for (int i = 0; i < 5; i++) {
        int ft = feet(sb->speed, modes[i][1]);
        if (!v2024) {
            dr__jb_set(j, mv, modes[i][0], json_integer(ft > 0 ? ft : 0));
        } else if (ft >= 0) {
            snprintf(num, sizeof num, "%d", ft);
            dr__jb_set(j, mv, modes[i][0], json_string(num));
        } else if (mv) {
            json_object_del(mv, modes[i][0]);
        }
    }
    put(j, sys, "attributes.movement.hover", json_boolean(strstr(sb->speed, "hover") != NULL));

    static const char *const senses[4] = {"darkvision", "blindsight", "tremorsense", "truesight"};
    json_t *ranges = at(sys, v2024 ? "attributes.senses.ranges" : "attributes.senses");
    for (int i = 0; i < 4; i++) {
        int ft = feet(sb->senses, senses[i]);
        dr__jb_set(j, ranges, senses[i], ft > 0 ? json_integer(ft) : v2024 ? json_null() : json_integer(0));
    }
    if (j->rc == DG_OK) j->rc = senses_special(sb->senses, &special, j->err);
    put(j, sys, "attributes.senses.special", json_string(special.data ? (const char *)special.data : ""));
    dg_buf_fini(&special);

    put(j, sys, "details.biography.value", biography);
    put(j, sys, "details.alignment", json_string(sb->alignment));
    bool swarm = m->type == DG_TYPE_SWARM || m->type == DG_TYPE_SWARM_UNDEAD;
    const char *type = m->type == DG_TYPE_SWARM ? "beast" : m->type == DG_TYPE_SWARM_UNDEAD ? "undead"
                                                                                           : dg_creature_type_name(m->type);
    put(j, sys, "details.type.value", json_string(type));
    char subtype[48];
    snprintf(subtype, sizeof subtype, "%s", m->subtype);
    subtype[0] = (char)toupper((unsigned char)subtype[0]);
    if (!v2024 || swarm || subtype[0]) {
        put(j, sys, "details.type.subtype", json_string(subtype));
        put(j, sys, "details.type.swarm", json_string(swarm ? "tiny" : ""));
    } else {
        /* the 2024 pack writes type.value alone for a plain type */
        json_t *t = at(sys, "details.type");
        json_object_del(t, "subtype");
        json_object_del(t, "swarm");
        json_object_del(t, "custom");
    }
    put(j, sys, "details.cr", dr__bundle_number(m->cr8 / 8.0));

    put(j, sys, "traits.size", json_string(dr__bundle_size_key(m->size)));
    damage_trait(j, sys, "di", sb->immunities);
    damage_trait(j, sys, "dr", sb->resistances);
    damage_trait(j, sys, "dv", sb->vulnerabilities);
    condition_trait(j, sys, sb->condition_immunities);
    language_trait(j, sys, sb->languages, v2024);

    int n_legendary, legres = legendary_resistances(sb);
    dg_statblock_section(sb, DG_SB_LEGENDARY, &n_legendary);
    /* every SRD creature with legendary actions takes three a round */
    put(j, sys, "resources.legact.max", json_integer(n_legendary ? 3 : 0));
    put(j, sys, "resources.legres.max", json_integer(legres));
    if (!v2024) {
        put(j, sys, "resources.legact.value", json_integer(n_legendary ? 3 : 0));
        put(j, sys, "resources.legres.value", json_integer(legres));
    }
    put(j, sys, "source.book", json_string(v2024 ? "SRD 5.2" : "SRD 5.1"));
    if (j->rc != DG_OK) {
        json_decref(sys);
        return NULL;
    }
    return sys;
}
