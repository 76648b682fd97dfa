/* test_srd_tables.c -- the committed SRD tables (data/srd_tables.c,
 * data/srd_statblocks.c) are what tools/srd_tables.pl and
 * tools/srd_statblocks.pl make of ../shared's facts today (skipped without
 * them or perl), and hold together: sorted by XP, each CR's XP as
 * encounters.md gives it, every name once, every monster's stat block the
 * jsonl's (read here through jansson, apart from the script). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "dg_contents.h"

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    *len = n;
    return buf;
}

/* Runs the generator `tool` (with `flag`) on `facts` and compares with the
 * committed file. */
static void run_and_compare(const char *tool, const char *facts, const char *flag, const char *committed)
{
    if (access(facts, R_OK) != 0 || system("perl -e1 >/dev/null 2>&1") != 0)
        cr_skip_test("no ../shared or perl");
    char out[] = "/tmp/srd_tables_XXXXXX";
    int fd = mkstemp(out);
    cr_assert_geq(fd, 0);
    close(fd);
    char cmd[1024], path[512];
    snprintf(cmd, sizeof cmd, "perl %s/tools/%s %s %s > %s 2>/dev/null", DG_SOURCE_DIR, tool, flag, facts, out);
    cr_assert_eq(system(cmd), 0, "tools/%s failed", tool);
    snprintf(path, sizeof path, "%s/%s", DG_SOURCE_DIR, committed);
    size_t a_len = 0, b_len = 0;
    char *a = slurp(out, &a_len), *b = slurp(path, &b_len);
    unlink(out);
    cr_assert(a && b);
    cr_assert(a_len == b_len && memcmp(a, b, a_len) == 0,
              "%s is stale: run perl tools/%s %s > %s", committed, tool, flag, committed);
    free(a);
    free(b);
}

static void matches_generated(const char *flag, const char *committed)
{
    run_and_compare("srd_tables.pl", DG_SOURCE_DIR "/../shared/data/srd-5.1", flag, committed);
}

#define STATBLOCK_FACTS DG_SOURCE_DIR "/../shared/data/statblocks/srd-5.1.jsonl"

Test(srd_tables, committed_statblocks_match_the_facts)
{
    run_and_compare("srd_statblocks.pl", STATBLOCK_FACTS, "", "data/srd_statblocks.c");
}

Test(srd_tables, committed_table_matches_the_facts) { matches_generated("", "data/srd_tables.c"); }
Test(srd_tables, committed_monster_ids_match_the_facts) { matches_generated("--ids", "data/srd_monster_ids.h"); }
/* rules=2024: SRD 5.2.1's tables, stat blocks and the 5.1 -> 5.2.1 map */
Test(srd_tables, committed_2024_table_matches_the_facts)
{
    run_and_compare("srd_tables.pl", DG_SOURCE_DIR "/../shared/data/srd-5.2", "--rules 2024", "data/srd_tables_2024.c");
}
Test(srd_tables, committed_2024_statblocks_match_the_facts)
{
    run_and_compare("srd_statblocks.pl", DG_SOURCE_DIR "/../shared/data/statblocks/srd-5.2.jsonl", "--rules 2024",
                    "data/srd_statblocks_2024.c");
}

Test(srd_tables, monsters_hold_together)
{
    static const struct { const char *cr; int xp; } cr_xp[] = {
        {"0", 10}, {"1/8", 25}, {"1/4", 50}, {"1/2", 100}, {"1", 200}, {"2", 450}, {"3", 700},
        {"4", 1100}, {"5", 1800}, {"6", 2300}, {"7", 2900}, {"8", 3900}, {"9", 5000}, {"10", 5900},
        {"11", 7200}, {"12", 8400}, {"13", 10000}, {"14", 11500}, {"15", 13000}, {"16", 15000},
        {"17", 18000}, {"18", 20000}, {"19", 22000}, {"20", 25000}, {"21", 33000}, {"22", 41000},
        {"23", 50000}, {"24", 62000}, {"30", 155000},
    };
    size_t n = dg_monster_count();
    cr_assert_eq(n, 322, "334 SRD rows, the 12 extra forms of lycanthropes and the vampire folded");
    cr_assert_null(dg_monster_info((int)n));
    for (size_t i = 0; i < n; i++) {
        const dg_monster *m = dg_monster_info((int)i);
        if (i) cr_assert_geq(m->xp, dg_monster_info((int)i - 1)->xp, "%s out of XP order", m->name);
        bool known = false;
        for (size_t k = 0; k < sizeof cr_xp / sizeof cr_xp[0]; k++)
            if (strcmp(cr_xp[k].cr, m->cr) == 0) {
                known = true;
                /* CR 0 creatures give 0 or 10 XP */
                cr_assert(m->xp == cr_xp[k].xp || (m->cr8 == 0 && m->xp == 0), "%s: cr %s, %d xp", m->name, m->cr, m->xp);
            }
        cr_assert(known, "%s: unknown cr %s", m->name, m->cr);
        cr_assert(m->ac > 0 && m->hp > 0, "%s", m->name);
        cr_assert_neq(dg_creature_type_name(m->type)[0], '\0');
        cr_assert_neq(dg_creature_size_name(m->size)[0], '\0');
        for (size_t j = 0; j < i; j++) cr_assert_str_neq(m->name, dg_monster_info((int)j)->name);
    }
    cr_assert_eq(dg_magic_item_count(), 239);
    for (size_t i = 0; i < dg_magic_item_count(); i++)
        cr_assert_neq(dg_rarity_name(dg_magic_item_info((int)i)->rarity)[0], '\0');
}

static const dg_statblock_entry *find_entry(const dg_statblock *sb, int section, const char *name)
{
    int n;
    const dg_statblock_entry *e = dg_statblock_section(sb, section, &n);
    for (int k = 0; k < n; k++)
        if (strcmp(e[k].name, name) == 0) return &e[k];
    return NULL;
}

/* Every monster has a stat block, and it is the jsonl's: its scores, hit
 * dice and number of entries per section; a form-split creature's is its
 * own or hybrid form's. */
Test(srd_tables, every_monster_has_its_statblock)
{
    if (access(STATBLOCK_FACTS, R_OK) != 0) cr_skip_test("no ../shared");
    static const char *const abil[6] = {"str", "dex", "con", "int", "wis", "cha"};
    static const char *const sect[DG_SB_SECTIONS] = {"traits", "actions", "bonus_actions",
                                                     "reactions", "legendary_actions"};
    FILE *f = fopen(STATBLOCK_FACTS, "rb");
    cr_assert(f);
    char *line = NULL;
    size_t cap = 0;
    int seen[400] = {0};
    while (getline(&line, &cap, f) > 0) {
        json_error_t jerr;
        json_t *r = json_loads(line, 0, &jerr);
        cr_assert(r, "%s", jerr.text);
        char name[128];
        snprintf(name, sizeof name, "%s", json_string_value(json_object_get(r, "name")));
        char *form = strstr(name, ", ");
        if (form) {
            /* the creature's own form, else the hybrid one */
            char own[140];
            *form = '\0';
            snprintf(own, sizeof own, "%s Form", name);
            bool keep = strcmp(form + 2, own) == 0 || strcmp(form + 2, "Hybrid Form") == 0;
            if (strcmp(name, "Vampire") == 0 && strcmp(form + 2, "Vampire Form") != 0) keep = false;
            if (!keep) { json_decref(r); continue; }
        }
        int i = -1;
        for (size_t k = 0; k < dg_monster_count(); k++)
            if (strcmp(dg_monster_info((int)k)->name, name) == 0) i = (int)k;
        cr_assert_geq(i, 0, "%s not in dg__monsters", name);
        seen[i]++;
        const dg_statblock *sb = dg_monster_statblock(i);
        cr_assert(sb, "%s", name);
        for (int a = 0; a < 6; a++)
            cr_assert_eq(sb->scores[a],
                         json_integer_value(json_object_get(json_object_get(json_object_get(r, "abilities"), abil[a]), "score")),
                         "%s %s", name, abil[a]);
        cr_assert_str_eq(sb->hit_dice, json_string_value(json_object_get(r, "hp_formula")), "%s", name);
        cr_assert_str_eq(sb->languages, json_string_value(json_object_get(r, "languages")), "%s", name);
        cr_assert_eq(sb->proficiency, json_integer_value(json_object_get(r, "proficiency_bonus")), "%s", name);
        for (int s = 0; s < DG_SB_SECTIONS; s++)
            cr_assert_eq(sb->count[s], json_array_size(json_object_get(r, sect[s])), "%s %s", name, sect[s]);
        json_decref(r);
    }
    free(line);
    fclose(f);
    for (size_t k = 0; k < dg_monster_count(); k++)
        cr_assert_eq(seen[k], 1, "%s: %d stat blocks", dg_monster_info((int)k)->name, seen[k]);
    cr_assert_null(dg_monster_statblock((int)dg_monster_count()));
    cr_assert_null(dg_monster_statblock(-1));
}

/* A few facts as the SRD prints them, written down here by hand. */
Test(srd_tables, statblock_facts)
{
    int goblin = -1, lich = -1, werewolf = -1, vampire = -1, dragon = -1;
    for (size_t k = 0; k < dg_monster_count(); k++) {
        const char *n = dg_monster_info((int)k)->name;
        if (strcmp(n, "Goblin") == 0) goblin = (int)k;
        if (strcmp(n, "Lich") == 0) lich = (int)k;
        if (strcmp(n, "Werewolf") == 0) werewolf = (int)k;
        if (strcmp(n, "Vampire") == 0) vampire = (int)k;
        if (strcmp(n, "Adult Red Dragon") == 0) dragon = (int)k;
    }
    const dg_statblock *g = dg_monster_statblock(goblin);
    const dg_statblock_entry *e = find_entry(g, DG_SB_TRAITS, "Nimble Escape");
    cr_assert(e);
    cr_assert(strstr(e->text, "Disengage or Hide action as a bonus action"));
    cr_assert_str_eq(g->armor, "15 (leather armor, shield)");
    cr_assert_str_eq(g->hit_dice, "2d6");
    cr_assert_str_eq(g->skills, "Stealth +6");
    cr_assert_str_eq(g->senses, "darkvision 60 ft., passive Perception 9");
    cr_assert_eq(dg_ability_mod(g->scores[1]), 2);
    cr_assert_eq(dg_ability_mod(8), -1);
    cr_assert_eq(dg_ability_mod(1), -5);

    const dg_statblock *l = dg_monster_statblock(lich);
    int n;
    const dg_statblock_entry *leg = dg_statblock_section(l, DG_SB_LEGENDARY, &n);
    cr_assert_eq(n, 4);
    cr_assert_str_eq(leg[0].name, "Cantrip");
    cr_assert_str_eq(leg[3].name, "Disrupt Life (Costs 3 Actions)");
    cr_assert(find_entry(l, DG_SB_TRAITS, "Legendary Resistance (3/Day)"));
    cr_assert_str_eq(l->saves, "Con +10, Int +12, Wis +9");
    cr_assert_str_eq(l->condition_immunities, "charmed, exhaustion, frightened, paralyzed, poisoned");
    cr_assert(strstr(find_entry(l, DG_SB_TRAITS, "Spellcasting")->text, "\n- 9th level (1 slot): power word kill"));

    /* the hybrid werewolf and the vampire's own form */
    cr_assert_str_eq(dg_monster_statblock(werewolf)->speed, "30 ft.");
    cr_assert(find_entry(dg_monster_statblock(werewolf), DG_SB_ACTIONS, "Multiattack"));
    cr_assert(find_entry(dg_monster_statblock(vampire), DG_SB_LEGENDARY, "Bite (Costs 2 Actions)"));
    cr_assert(find_entry(dg_monster_statblock(dragon), DG_SB_ACTIONS, "Fire Breath (Recharge 5\u20136)"));
    cr_assert_str_eq(dg_statblock_section_name(DG_SB_BONUS_ACTIONS), "Bonus Actions");
    /* the block's armor and the table's AC agree (the table keeps the
     * highest AC of a creature's forms; the block is one form) */
    for (size_t k = 0; k < dg_monster_count(); k++)
        cr_assert_eq(atoi(dg_monster_statblock((int)k)->armor), dg_monster_info((int)k)->ac, "%s",
                     dg_monster_info((int)k)->name);
}
