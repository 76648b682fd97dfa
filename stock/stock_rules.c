/* stock_rules.c -- the numbers stocking is built on: encounters.md's XP
 * thresholds and group multipliers, encounters-2024.md's XP budget, traps.md's severity tables, treasure
 * values, the CR ceiling and cast membership; plus the value names and
 * the SRD table accessors. How they are used is stock_encounter.c's and
 * stock_treasure.c's business; why they are so is docs/stocking.md. */
#include "stock_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------ names */

#define NAME_ONLY(code, name) name,
#define DG_X(code, name) name,
static const char *const depth_names[] = {DG_DEPTHS(DG_X)};
static const char *const motif_names[] = {DG_MOTIFS(DG_X)};
static const char *const difficulty_names[] = {DG_DIFFICULTIES(DG_X)};
static const char *const severity_names[] = {DG_SEVERITIES(DG_X)};
static const char *const coin_names[] = {DG_COINS(DG_X)};
static const char *const rarity_names[] = {DG_RARITIES(DG_X)};
static const char *const size_names[] = {DG_SIZES(DG_X)};
static const char *const type_names[] = {DG_CREATURE_TYPES(DG_X)};
#undef DG_X

#define NAME_OF(table, v) ((v) >= 0 && (size_t)(v) < DG_COUNT(table) ? (table)[v] : "")
const char *dg_depth_name(int v) { return NAME_OF(depth_names, v); }
const char *dg_motif_name(int v) { return NAME_OF(motif_names, v); }
const char *dg_difficulty_name(int v) { return NAME_OF(difficulty_names, v); }
const char *dg_severity_name(int v) { return NAME_OF(severity_names, v); }
const char *dg_coin_name(int v) { return NAME_OF(coin_names, v); }
const char *dg_rarity_name(int v) { return NAME_OF(rarity_names, v); }
const char *dg_creature_size_name(int v) { return NAME_OF(size_names, v); }
const char *dg_creature_type_name(int v) { return NAME_OF(type_names, v); }

/* ------------------------------------------------------ the rules */

static const dg__srd srd[DG_RULES_COUNT] = {
    [DG_RULES_2014] = {dg__monsters, dg__statblocks, DG__MONSTER_COUNT, 0, dg__magic_items,
                       DG__MAGIC_ITEM_COUNT, 0, NULL, DG_DIFF_EASY, DG_DIFF_DEADLY},
    [DG_RULES_2024] = {dg__monsters_2024, dg__statblocks_2024, DG__MONSTER_COUNT_2024, DG_MONSTER_ID_2024,
                       dg__magic_items_2024, DG__MAGIC_ITEM_COUNT_2024, DG_ITEM_ID_2024, dg__monster_2024_of,
                       DG_DIFF_LOW, DG_DIFF_HIGH},
};
_Static_assert(DG__MONSTER_COUNT < DG_MONSTER_ID_2024 && DG__MAGIC_ITEM_COUNT < DG_ITEM_ID_2024,
               "the 2024 ids start past the 2014 tables");
static const char *const rules_names[] = {DG_RULESETS(NAME_ONLY)};

const dg__srd *dg__srd_of(dg_rules rules) { return &srd[rules == DG_RULES_2024 ? DG_RULES_2024 : DG_RULES_2014]; }

int dg__srd_cast(const dg__srd *s, int cast_id)
{
    if (cast_id < 1 || cast_id > DG__MONSTER_COUNT) return -1;
    int i = s->from_51 ? s->from_51[cast_id - 1] : cast_id - 1;
    return i < 0 ? -1 : s->monster_base + i;
}

/* the table an id belongs to, NULL none */
static const dg__srd *monster_table(int id)
{
    for (int r = 0; r < DG_RULES_COUNT; r++)
        if (id >= srd[r].monster_base && id < srd[r].monster_base + srd[r].n_monsters) return &srd[r];
    return NULL;
}
static const dg__srd *item_table(int id)
{
    for (int r = 0; r < DG_RULES_COUNT; r++)
        if (id >= srd[r].item_base && id < srd[r].item_base + srd[r].n_items) return &srd[r];
    return NULL;
}

size_t dg_rules_monster_count(dg_rules rules) { return (size_t)dg__srd_of(rules)->n_monsters; }
size_t dg_rules_magic_item_count(dg_rules rules) { return (size_t)dg__srd_of(rules)->n_items; }
int dg_rules_monster_base(dg_rules rules) { return dg__srd_of(rules)->monster_base; }
int dg_rules_magic_item_base(dg_rules rules) { return dg__srd_of(rules)->item_base; }
const char *dg_rules_attribution(dg_rules rules)
{
    return rules == DG_RULES_2024 ? DG_SRD_ATTRIBUTION_2024 : DG_SRD_ATTRIBUTION;
}
const char *dg_rules_name(int rules) { return NAME_OF(rules_names, rules); }

size_t dg_monster_count(void) { return DG__MONSTER_COUNT; }
const dg_monster *dg_monster_info(int i)
{
    const dg__srd *s = monster_table(i);
    return s ? DG__SRD_MONSTER(s, i) : NULL;
}
const dg_statblock *dg_monster_statblock(int i)
{
    const dg__srd *s = monster_table(i);
    return s ? &s->statblocks[i - s->monster_base] : NULL;
}
const dg_statblock_entry *dg_statblock_section(const dg_statblock *sb, int section, int *n)
{
    int at = 0;
    *n = 0;
    if (!sb || section < 0 || section >= DG_SB_SECTIONS) return NULL;
    for (int k = 0; k < section; k++) at += sb->count[k];
    *n = sb->count[section];
    return sb->entries + at;
}
int dg_ability_mod(int score) { return score >= 10 ? (score - 10) / 2 : -((11 - score) / 2); }
const char *dg_statblock_section_name(int section)
{
    static const char *const names[DG_SB_SECTIONS] = {"Traits", "Actions", "Bonus Actions",
                                                      "Reactions", "Legendary Actions"};
    return section >= 0 && section < DG_SB_SECTIONS ? names[section] : "";
}
size_t dg_magic_item_count(void) { return DG__MAGIC_ITEM_COUNT; }
const dg_magic_item *dg_magic_item_info(int i)
{
    const dg__srd *s = item_table(i);
    return s ? DG__SRD_ITEM(s, i) : NULL;
}

/* ------------------------------------------------------- encounters */

/* encounters.md: per character, easy / medium / hard / deadly, levels 1-20. */
static const int xp_per_pc[20][DG_DIFF_DEADLY + 1] = {
    {25, 50, 75, 100},        {50, 100, 150, 200},      {75, 150, 225, 400},
    {125, 250, 375, 500},     {250, 500, 750, 1100},    {300, 600, 900, 1400},
    {350, 750, 1100, 1700},   {450, 900, 1400, 2100},   {550, 1100, 1600, 2400},
    {600, 1200, 1900, 2800},  {800, 1600, 2400, 3600},  {1000, 2000, 3000, 4500},
    {1100, 2200, 3400, 5100}, {1250, 2500, 3800, 5700}, {1400, 2800, 4300, 6400},
    {1600, 3200, 4800, 7200}, {2000, 3900, 5900, 8800}, {2100, 4200, 6300, 9500},
    {2400, 4900, 7300, 10900}, {2800, 5700, 8500, 12700},
};

long dg__xp_threshold(int level, int party, dg_difficulty d)
{
    return (long)xp_per_pc[level - 1][d] * party;
}

/* A band runs from its difficulty's threshold up to the next one; deadly,
 * which has no next, up to half as much again. */
void dg__xp_band(int level, int party, dg_difficulty d, long *lo, long *hi)
{
    *lo = dg__xp_threshold(level, party, d);
    *hi = d == DG_DIFF_DEADLY ? *lo + *lo / 2 : dg__xp_threshold(level, party, (dg_difficulty)(d + 1));
}

/* The multipliers x2 as steps: x0.5, x1, x1.5, x2, x2.5, x3, x4, x5. The
 * count picks a step (1 -> x1, 2 -> x1.5, 3-6 -> x2, 7-10 -> x2.5, 11-14 ->
 * x3, 15+ -> x4); a party of one or two moves it one step up, a party of
 * six or more one step down. */
int dg__multiplier2(int count, int party)
{
    static const int step2[] = {1, 2, 3, 4, 5, 6, 8, 10};
    int step = count <= 1 ? 1 : count == 2 ? 2 : count <= 6 ? 3 : count <= 10 ? 4 : count <= 14 ? 5 : 6;
    if (party <= 2) step++;
    else if (party >= 6) step--;
    return step2[step];
}

/* encounters-2024.md: per character, low / moderate / high, levels 1-20. */
static const int budget_per_pc[20][3] = {
    {50, 75, 100},        {100, 150, 200},      {150, 225, 400},      {250, 375, 500},
    {500, 750, 1100},     {600, 1000, 1400},    {750, 1300, 1700},    {1000, 1700, 2100},
    {1300, 2000, 2600},   {1600, 2300, 3100},   {1900, 2900, 4100},   {2200, 3700, 4700},
    {2600, 4200, 5400},   {2900, 4900, 6200},   {3300, 5400, 7800},   {3800, 6100, 9800},
    {4500, 7200, 11700},  {5000, 8700, 14200},  {5500, 10700, 17200}, {6400, 13200, 22000},
};

long dg__xp_budget_2024(int level, int party, dg_difficulty d)
{
    return (long)budget_per_pc[level - 1][d - DG_DIFF_LOW] * party;
}

/* A 2024 encounter spends its budget without going over, and more than the
 * next easier difficulty's budget (else it would be that one): moderate
 * runs above the low budget up to its own, high above the moderate one.
 * Low, the easiest, spends at least half its budget: less is no
 * encounter worth a room (our rule; the SRD sets no floor). */
void dg__xp_band_2024(int level, int party, dg_difficulty d, long *lo, long *hi)
{
    long budget = dg__xp_budget_2024(level, party, d);
    *lo = d == DG_DIFF_LOW ? (budget + 1) / 2 : dg__xp_budget_2024(level, party, (dg_difficulty)(d - 1)) + 1;
    *hi = budget + 1;
}

int dg__max_cr8(int level) { return (level + 2) * 8; }

/* ------------------------------------------------------------ traps */

/* traps.md: save DC and attack bonus ranges by severity; damage dice (d10)
 * by level band (1-4, 5-10, 11-16, 17-20) and severity. Find and disable
 * DCs are our own (the samples' 10-15 and 15, spread by severity). */
#define SEV_2014 (DG_SEV_DEADLY + 1) /* setback, dangerous, deadly */
static const int save_lo[SEV_2014] = {10, 12, 16}, save_hi[SEV_2014] = {11, 15, 20};
static const int atk_lo[SEV_2014] = {3, 6, 9}, atk_hi[SEV_2014] = {5, 8, 12};
static const int find_lo[SEV_2014] = {10, 13, 16}, find_hi[SEV_2014] = {12, 15, 20};
static const int disable_lo[SEV_2014] = {10, 15, 18}, disable_hi[SEV_2014] = {12, 17, 20};
static const int damage_d10[4][SEV_2014] = {{1, 2, 4}, {2, 4, 10}, {4, 10, 18}, {10, 18, 24}};

static int between(dg_rng *r, int lo, int hi) { return lo + (int)dg__rng_below(r, (uint32_t)(hi - lo + 1)); }

/* SRD 5.2.1 (Gameplay Toolbox, Traps) prints no severity table: each of
 * its eight sample traps is a nuisance or a deadly trap for levels 1-4 and
 * scales by a table of its own for 5-10, 11-16 and 17-20. Those tables
 * agree (Poisoned Needle, the nuisance; Collapsing Roof, the deadly one):
 * damage 1d10 / 2d10 / 4d10 / 10d10 and save DC 11 / 13 / 15 / 17 for a
 * nuisance, 2d10 / 4d10 / 10d10 / 18d10 and DC 13 / 15 / 17 / 19 for a
 * deadly trap; a hidden pit is 10 / 30 / 60 / 120 feet deep. Its DCs to
 * find run 10-15 and to disarm 15. Its traps all call for saves: a kind
 * of ours that attacks hits at the DC minus 8 (the 2014 tables' step). */
static const int damage_d10_2024[2][4] = {{1, 2, 4, 10}, {2, 4, 10, 18}};
static const int save_2024[2][4] = {{11, 13, 15, 17}, {13, 15, 17, 19}};
static const int pit_ft_2024[4] = {10, 30, 60, 120};

/* The falling rule (both editions): 1d6 bludgeoning a 10 feet fallen, up
 * to 20d6. A pit is as deep as its severity's damage: its d10s' average
 * in d6s, a 10 ft each (a deadly pit for levels 1-4 is 60 feet deep). */
#define FALL_MAX_FT 200
static int pit_depth(int d10)
{
    int ft = (d10 * 55 + 17) / 35 * 10; /* d10 x 5.5 / 3.5, rounded, in 10 ft */
    return ft < 10 ? 10 : ft > FALL_MAX_FT ? FALL_MAX_FT : ft;
}

void dg__trap_numbers(dg_rng *r, int level, dg_rules rules, dg_severity s, dg_trap *t)
{
    const dg_trap_kind *k = dg_trap_kind_info(t->kind);
    bool attack = k->attack;
    int band = level <= 4 ? 0 : level <= 10 ? 1 : level <= 16 ? 2 : 3;
    t->fall_ft = 0;
    if (rules == DG_RULES_2024) {
        int deadly = s == DG_SEV_DEADLY;
        t->severity = deadly ? DG_SEV_DEADLY : DG_SEV_NUISANCE;
        t->find_dc = between(r, 10, 15);
        t->disable_dc = 15;
        int dc = save_2024[deadly][band];
        t->save_dc = attack ? 0 : dc;
        t->attack_bonus = attack ? dc - 8 : 0;
        t->dice = damage_d10_2024[deadly][band];
        t->die = 10;
        if (dg__trap_kind_pit(t->kind)) t->fall_ft = deadly ? pit_depth(t->dice) : pit_ft_2024[band];
    } else {
        t->severity = s;
        t->find_dc = between(r, find_lo[s], find_hi[s]);
        t->disable_dc = between(r, disable_lo[s], disable_hi[s]);
        t->save_dc = attack ? 0 : between(r, save_lo[s], save_hi[s]);
        t->attack_bonus = attack ? between(r, atk_lo[s], atk_hi[s]) : 0;
        t->dice = damage_d10[band][s];
        t->die = 10;
        if (dg__trap_kind_pit(t->kind)) t->fall_ft = pit_depth(t->dice);
    }
    if (t->fall_ft) { /* the fall is the damage: the words say how deep */
        t->dice = t->fall_ft / 10;
        t->die = 6;
    }
}

void dg__trap_milder(dg_rng *r, int level, dg_rules rules, dg_trap *t)
{
    if (t->severity != DG_SEV_DEADLY) return;
    dg__trap_numbers(r, level, rules, rules == DG_RULES_2024 ? DG_SEV_SETBACK : DG_SEV_DANGEROUS, t);
}

/* --------------------------------------------------------- treasure */

static const int gem_values[DG__GEM_TIERS] = {10, 50, 100, 500, 1000, 5000};
static const int art_values[DG__ART_TIERS] = {25, 250, 750, 2500, 7500};
int dg__gem_value(int tier) { return gem_values[tier]; }
int dg__art_value(int tier) { return art_values[tier]; }

/* ----------------------------------------------------------- casts */

bool dg_theme_casts(int theme, int monster)
{
    const dg__theme *t = dg__theme_of(theme);
    if (!t || monster < 0) return false;
    /* the id says whose table: a 2024 id is matched through the 5.1 -> 5.2.1 map */
    const dg__srd *s = dg__srd_of(monster >= DG_MONSTER_ID_2024 ? DG_RULES_2024 : DG_RULES_2014);
    for (int role = 0; role < DG__ROLE_COUNT; role++)
        for (int k = 0; k < DG__CAST_MAX && t->cast[role][k]; k++)
            if (dg__srd_cast(s, t->cast[role][k]) == monster) return true;
    return false;
}

bool dg_theme_allies(int theme, int monster)
{
    const dg__theme *t = dg__theme_of(theme);
    if (!t || monster < 0) return false;
    const dg__srd *s = dg__srd_of(monster >= DG_MONSTER_ID_2024 ? DG_RULES_2024 : DG_RULES_2014);
    for (int k = 0; k < DG__ALLIES_MAX && t->allies[k]; k++)
        if (dg__srd_cast(s, t->allies[k]) == monster) return true;
    return false;
}

bool dg_monster_swims(const dg_monster *m) { return (m->speeds & DG_SPEED_SWIM) != 0; }

bool dg__lives_in_water_read(int monster)
{
    const dg_monster *m = dg_monster_info(monster);
    if (!m || !dg_monster_swims(m)) return false; /* most: no stat block read */
    const dg_statblock *sb = dg_monster_statblock(monster);
    /* the stat block's speed opens with the walking one ("10 ft., swim 40
     * ft."); a swimmer's that opens "swim" walks not at all */
    int walk = sb && sb->speed && sb->speed[0] >= '0' && sb->speed[0] <= '9' ? atoi(sb->speed) : 0;
    return walk <= 10;
}

/* ----------------------------------------------------------- hiding */

/* The SRD 5.1 row of a 2024 id (-1 none), through the 5.1 -> 5.2.1 map. */
static int row_51_of(int monster)
{
    int row = monster - DG_MONSTER_ID_2024;
    for (int i = 0; i < DG__MONSTER_COUNT; i++)
        if (dg__monster_2024_of[i] == row) return i;
    return -1;
}

/* The hiding entry of one stat block (traits and actions), NULL none. */
static const dg_statblock_entry *hiding_entry(const dg_statblock *sb, dg_hiding *how)
{
    if (!sb) return NULL;
    static const int sections[] = {DG_SB_TRAITS, DG_SB_ACTIONS, DG_SB_BONUS_ACTIONS};
    for (size_t s = 0; s < DG_COUNT(sections); s++) {
        int n;
        const dg_statblock_entry *e = dg_statblock_section(sb, sections[s], &n);
        for (int k = 0; k < n; k++) {
            const char *name = e[k].name;
            if (!strncmp(name, "False Appearance", 16)) *how = DG_HIDING_OBJECT;
            else if (!strncmp(name, "Invisib", 7) || !strncmp(name, "Invisible Passage", 17)) *how = DG_HIDING_INVISIBLE;
            else if (strstr(name, "Camouflage") || !strncmp(name, "Ambusher", 8)) *how = DG_HIDING_CAMOUFLAGE;
            else if (!strncmp(name, "Transparent", 11)) *how = DG_HIDING_TRANSPARENT;
            else continue;
            return &e[k];
        }
    }
    return NULL;
}

static const dg_statblock_entry *hiding_of(int monster, dg_hiding *how)
{
    *how = DG_HIDING_NONE;
    const dg_statblock_entry *e = hiding_entry(dg_monster_statblock(monster), how);
    if (!e && monster >= DG_MONSTER_ID_2024) {
        int i = row_51_of(monster);
        if (i >= 0) e = hiding_entry(&dg__statblocks[i], how);
    }
    return e;
}

dg_hiding dg_monster_hiding(int monster)
{
    dg_hiding how;
    hiding_of(monster, &how);
    return how;
}

size_t dg_monster_looks_like(int monster, char *buf, size_t cap)
{
    dg_hiding how;
    const dg_statblock_entry *e = hiding_of(monster, &how);
    const char *from = how == DG_HIDING_OBJECT && e->text ? strstr(e->text, "indistinguishable from ") : NULL;
    int n = 0;
    if (!from) {
        if (cap) buf[0] = '\0';
        return 0;
    }
    from += strlen("indistinguishable from ");
    /* "a normal cave formation, such as a stalagmite": the example is the
     * thing seen */
    const char *such = strstr(from, "such as a ");
    if (such) from = such + strlen("such as a ");
    /* the article and the words that only say it is ordinary */
    static const char *const skip[] = {"a ", "an ", "normal ", "ordinary ", "inanimate "};
    for (bool again = true; again;) {
        again = false;
        for (size_t k = 0; k < DG_COUNT(skip); k++)
            if (!strncmp(from, skip[k], strlen(skip[k]))) from += strlen(skip[k]), again = true;
    }
    size_t len = strcspn(from, ".,");
    const char *or = strstr(from, " or ");
    if (or && (size_t)(or - from) < len) len = (size_t)(or - from); /* "an oily pool or wet rock" */
    if (len == 6 && !strncmp(from, "object", 6)) n = snprintf(buf, cap, "%s", "strangely glossy chest");
    else n = snprintf(buf, cap, "%.*s", (int)len, from);
    return n < 0 ? 0 : (size_t)n;
}

/* What a creature is to the adventure (stock_int.h): whether it can talk
 * and deal, whether it keeps a place rather than takes it. */
bool dg__adv_talks_read(int monster)
{
    const dg_monster *m = dg_monster_info(monster);
    const dg_statblock *sb = dg_monster_statblock(monster);
    if (!m || !sb || m->type == DG_TYPE_BEAST || m->type == DG_TYPE_SWARM || m->type == DG_TYPE_OOZE) return false;
    /* "understands Infernal but can't speak it" (5.1), "Understands
     * Infernal but can't speak" (5.2.1): either case */
    bool speaks = sb->languages && sb->languages[0] && strncmp(sb->languages, "—", strlen("—")) != 0 &&
                  strncasecmp(sb->languages, "understands", 11) != 0;
    return speaks && sb->scores[3] >= 6;
}

bool dg_monster_gives_orders(int monster) { return dg__adv_talks(monster); }

bool dg__adv_guardian(int monster)
{
    const dg_monster *m = dg_monster_info(monster);
    return m && (m->type == DG_TYPE_UNDEAD || m->type == DG_TYPE_CONSTRUCT || m->type == DG_TYPE_SWARM_UNDEAD);
}
