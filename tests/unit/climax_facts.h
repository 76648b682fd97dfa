/* climax_facts.h -- what test_stock_climax.c and test_stock_prose.c share:
 * the SRD facts they hold the key to, read from ../shared (each creature's
 * XP, challenge, speeds over land, Intelligence, whether it hides or has
 * legendary actions), the dungeons both read (DUNGEONS of every motif,
 * family, level 1-20, both rule sets, floors 1-3, every danger; small
 * maps), the first of each broken rule, and whether a text names a
 * creature. Header-only, as ../slurp.h: each test is one source. */
#ifndef DG_TEST_CLIMAX_FACTS_H
#define DG_TEST_CLIMAX_FACTS_H

#include <criterion/criterion.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dg_contents.h"
#include "../slurp.h"

#define DUNGEONS 2400

/* ------------------------------------------- the SRD facts, from ../shared */

typedef struct {
    char name[64];
    int xp, cr8, land_ft, intelligence;
    bool hides, legendary;
} fact;
static fact facts[2][400]; /* [0] SRD 5.1, [1] SRD 5.2.1 */
static int n_facts[2];

static fact *find(int y, const char *name)
{
    for (int i = 0; i < n_facts[y]; i++)
        if (!strcmp(facts[y][i].name, name)) return &facts[y][i];
    return NULL;
}

static void read_tables(int y, const char *path)
{
    char *tsv = slurp(path, NULL);
    if (!tsv) cr_skip_test("no ../shared");
    char *save = NULL;
    strtok_r(tsv, "\n", &save); /* name size type subtype alignment cr xp ac hp hit_dice walk swim fly burrow climb */
    for (char *line; (line = strtok_r(NULL, "\n", &save)) && n_facts[y] < 400;) {
        char *col[17] = {0};
        tsv_split(line, col, 17);
        char name[64];
        snprintf(name, sizeof name, "%s", col[0]);
        char *form = strstr(name, ", ");
        if (form && strstr(form, " Form")) *form = '\0';
        fact *f = find(y, name);
        if (!f) {
            f = &facts[y][n_facts[y]++];
            snprintf(f->name, sizeof f->name, "%s", name);
        }
        int num = atoi(col[5]), den = strchr(col[5], '/') ? atoi(strchr(col[5], '/') + 1) : 1;
        f->cr8 = 8 * num / (den ? den : 1);
        f->xp = atoi(col[6]);
        /* walk fly burrow: not swim, and not climb (a roper climbs to its
         * perch and waits: "ropers wander" was a GM's laugh) */
        static const int land[] = {10, 12, 13};
        for (int k = 0; k < 3; k++)
            if (col[land[k]] && atoi(col[land[k]]) > f->land_ft) f->land_ft = atoi(col[land[k]]);
    }
    free(tsv);
}

/* Whether a stat-block line holds a hiding trait or action by name (a
 * gelatinous cube's Transparent too: unseen until someone looks). */
static bool hides_in(const char *line)
{
    static const char *const marks[] = {"\"name\": \"False Appearance", "\"name\": \"Invisibility\"",
                                        "\"name\": \"Invisible Passage\"", "Camouflage\"", "\"name\": \"Ambusher\"",
                                        "\"name\": \"Transparent\""};
    for (size_t k = 0; k < sizeof marks / sizeof *marks; k++)
        if (strstr(line, marks[k])) return true;
    return false;
}

static void read_blocks(int y, const char *path)
{
    char *all = slurp(path, NULL);
    if (!all) cr_skip_test("no ../shared");
    char *save = NULL;
    for (char *line = strtok_r(all, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        const char *at = strstr(line, "\"name\": \"");
        if (!at) continue;
        at += 9;
        char name[64];
        size_t len = strcspn(at, "\"");
        snprintf(name, sizeof name, "%.*s", (int)(len < 63 ? len : 63), at);
        char *form = strstr(name, ", ");
        if (form && strstr(form, " Form")) *form = '\0';
        fact *f = find(y, name);
        if (!f) continue;
        f->hides |= hides_in(line);
        f->legendary |= strstr(line, "\"legendary_actions\": [{") != NULL;
        const char *in = strstr(line, "\"int\": {\"score\": ");
        if (!in) in = strstr(line, "\"int\": ");
        if (in) {
            while (*in && !isdigit((unsigned char)*in)) in++;
            f->intelligence = atoi(in);
        }
    }
    free(all);
}

static void read_facts(void)
{
    if (n_facts[0]) return;
    read_tables(0, DG_SOURCE_DIR "/../shared/data/srd-5.1/monsters.tsv");
    read_tables(1, DG_SOURCE_DIR "/../shared/data/srd-5.2/monsters.tsv");
    read_blocks(0, DG_SOURCE_DIR "/../shared/data/statblocks/srd-5.1.jsonl");
    read_blocks(1, DG_SOURCE_DIR "/../shared/data/statblocks/srd-5.2.jsonl");
    /* SRD 5.2.1 dropped False Appearance from creatures that still look
     * like rugs and statues: the 5.1 creature of the same name decides */
    for (int i = 0; i < n_facts[1]; i++) {
        const fact *old = find(0, facts[1][i].name);
        if (old && old->hides) facts[1][i].hides = true;
    }
}

static const fact *fact_of(int monster)
{
    const char *name = dg_monster_info(monster)->name;
    const fact *f = find(monster >= DG_MONSTER_ID_2024, name);
    cr_assert_not_null(f, "%s is not in ../shared's tables", name);
    return f;
}

/* ------------------------------------------------------- the dungeons */

static dg_dungeon *make(uint64_t i)
{
    static const char *const families[] = {"donjon", "caverns", "panels", "gridmapper", "abstract", "cells"};
    static const char *const dangers[] = {"easy", "standard", "hard", "deadly"};
    char seed[24], level[8], party[8], floors[8], rows[8], cols[8];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)(i * 6151 + 29));
    snprintf(level, sizeof level, "%d", (int)(1 + i % 20));
    snprintf(party, sizeof party, "%d", (int)(1 + i / 20 % 8));
    snprintf(floors, sizeof floors, "%d", (int)(1 + i / 7 % 3));
    snprintf(rows, sizeof rows, "%d", (int)(25 + 2 * (i % 5)));
    snprintf(cols, sizeof cols, "%d", (int)(31 + 2 * (i % 7)));
    const char *keys[] = {"seed", "algorithm", "level", "party", "motif", "floors", "rows", "cols", "rules", "danger"};
    const char *vals[] = {seed, families[i % 6], level, party, dg_motif_name((int)(i / 6 % DG_MOTIF_COUNT)),
                          floors, rows, cols, i / 3 % 2 ? "2024" : "2014", dangers[i / 11 % 4]};
    dg_options o;
    dg_error e = {0};
    cr_assert_eq(dg_options_parse(&o, 10, keys, vals, NULL, &e), DG_OK, "%s", e.msg);
    dg_dungeon *d = NULL;
    if (dg_generate(&o, &d, &e) != DG_OK) return NULL; /* a small map that cannot take the floors' stairs */
    return d;
}

/* The first of each broken rule, shown when the counts are asserted (all
 * figures print first). */
static char bad[8][2400];
static int n_bad;
#define note_bad(...) \
    do { \
        if (n_bad < 8) snprintf(bad[n_bad++], sizeof bad[0], __VA_ARGS__); \
    } while (0)

/* Whether the read-aloud names the creature: its name's head word, alone
 * or in a plural ("mimics", "rugs of smothering", "violet fungi"), as a
 * whole word (a "dark leather cloak" is not a cloaker). */
static bool names(const char *aloud, const char *name)
{
    char lower[96], text[2048];
    size_t n = 0;
    for (; name[n] && n + 1 < sizeof lower; n++) lower[n] = (char)tolower((unsigned char)name[n]);
    lower[n] = '\0';
    for (n = 0; aloud[n] && n + 1 < sizeof text; n++) text[n] = (char)tolower((unsigned char)aloud[n]);
    text[n] = '\0';
    char head[96];
    snprintf(head, sizeof head, "%s", lower);
    char *cut = strstr(head, " of ");
    if (!cut) cut = strstr(head, " (");
    if (cut) *cut = '\0';
    size_t hl = strlen(head);
    char forms[6][100];
    snprintf(forms[0], sizeof forms[0], "%s", head);
    snprintf(forms[1], sizeof forms[1], "%ss", head);
    snprintf(forms[2], sizeof forms[2], "%ses", head);
    snprintf(forms[3], sizeof forms[3], "%.*sies", (int)(hl - 1), head);
    snprintf(forms[4], sizeof forms[4], "%.*si", (int)(hl > 2 ? hl - 2 : 0), head);
    snprintf(forms[5], sizeof forms[5], "%.*sves", (int)(hl - 1), head);
    for (int k = 0; k < 6; k++) {
        size_t fl = strlen(forms[k]);
        for (const char *p = text; (p = strstr(p, forms[k])) != NULL; p++) {
            if ((p > text && isalpha((unsigned char)p[-1])) || isalpha((unsigned char)p[fl])) continue;
            if (cut && strncmp(p + fl, lower + (cut - head), strlen(lower + (cut - head)))) continue;
            return true;
        }
    }
    return false;
}

static bool any_of(const char *w, const char *const *list, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (strstr(w, list[k])) return true;
    return false;
}

/* Each floor of the DUNGEONS dungeons handed to check (the top floor,
 * the floor, the test's tally, the dungeon's index); the dungeons made
 * (a small map that cannot take its floors' stairs makes none). */
typedef void floor_check(const dg_dungeon *top, const dg_dungeon *d, void *tally, uint64_t i);
static long each_floor(floor_check *check, void *tally)
{
    long dungeons = 0;
    for (uint64_t i = 0; i < DUNGEONS; i++) {
        dg_dungeon *top = make(i);
        if (!top) continue;
        dungeons++;
        for (const dg_dungeon *d = top; d; d = d->below) check(top, d, tally, i);
        dg_dungeon_free(top);
    }
    return dungeons;
}

#endif
