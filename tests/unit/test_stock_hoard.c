/* test_stock_hoard.c -- treasure with sense, traps that fit their fiction
 * and words that do not repeat, over 2,400 small dungeons (every motif,
 * family, level 1-20, both rules, floors 1-3, every danger), against the
 * numbers this file types itself: the DMG's (2014) hoard and individual
 * treasure maxima, the falling rule, SRD 5.1's and SRD 5.2.1's trap
 * numbers. Prints the figures docs/stocking.md quotes. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dg_contents.h"
#include "render.h"

#define DUNGEONS 2400
#define VARIETY 200 /* the first 200 dungeons are read for repeats */

/* DMG 2014, chapter 7, Treasure Hoard: the most one hoard holds in coins,
 * gems and art, in gp, by tier (challenge 0-4, 5-10, 11-16, 17+): coins at
 * every die's top face plus the richest row of gems or art.
 *   0-4:   36 (cp) + 180 (sp) + 120 (gp) + 600 (12 x 50 gp gems)
 *   5-10:  12 + 1,200 + 3,600 + 1,800 (pp) + 2,000 (8 x 250 gp art)
 *   11-16: 24,000 + 30,000 + 18,000 (18 x 1,000 gp gems)
 *   17+:   72,000 + 480,000 + 40,000 (8 x 5,000 gp gems) */
static const long hoard_max_gp[4] = {936, 8612, 72000, 592000};
/* DMG 2014, Individual Treasure: one creature's richest row, in gp.
 *   0-4: 1d6 pp = 60; 5-10: 2d6 x 10 gp + 3d6 pp = 300;
 *   11-16: 2d6 x 100 gp + 2d6 x 10 pp = 2,400;
 *   17+: 1d6 x 1,000 gp + 2d6 x 100 pp = 18,000 */
static const long indiv_max_gp[4] = {60, 300, 2400, 18000};
/* The falling rule: 1d6 bludgeoning per 10 feet, 20d6 at most. */
#define FALL_FT_PER_D6 10
#define FALL_MAX_D6 20
/* SRD 5.1 traps.md: damage d10s by level band and severity (setback,
 * dangerous, deadly); save DC and attack bonus ranges. */
static const int d10_2014[4][3] = {{1, 2, 4}, {2, 4, 10}, {4, 10, 18}, {10, 18, 24}};
static const int save_lo_2014[3] = {10, 12, 16}, save_hi_2014[3] = {11, 15, 20};
static const int atk_lo_2014[3] = {3, 6, 9}, atk_hi_2014[3] = {5, 8, 12};
/* SRD 5.2.1 (Gameplay Toolbox, Traps): nuisance (Poisoned Needle's table)
 * and deadly (Collapsing Roof's) damage d10s and save DCs by level band. */
static const int d10_2024[2][4] = {{1, 2, 4, 10}, {2, 4, 10, 18}};
static const int save_2024[2][4] = {{11, 13, 15, 17}, {13, 15, 17, 19}};

static int band_of_level(int level) { return level <= 4 ? 0 : level <= 10 ? 1 : level <= 16 ? 2 : 3; }
static int band_of_cr8(int cr8) { return cr8 <= 32 ? 0 : cr8 <= 80 ? 1 : cr8 <= 128 ? 2 : 3; }

/* Used up when used: potions, scrolls, ammunition (5.1 and 5.2.1 names). */
static bool consumable(const dg_magic_item *m)
{
    static const char *const kinds[] = {"Potion", "Potions", "Scroll", "Scrolls", "Ammunition"};
    for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
        if (!strcmp(m->category, kinds[k])) return true;
    return !strncmp(m->name, "Ammunition", 10);
}

static const char *const dangers[] = {"easy", "standard", "hard", "deadly"};

static dg_dungeon *make(uint64_t i)
{
    static const char *const families[] = {"donjon", "caverns", "panels", "gridmapper", "abstract", "cells"};
    char seed[24], level[8], party[8], floors[8];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)(i * 104729 + 77));
    snprintf(level, sizeof level, "%d", (int)(1 + i % 20));
    snprintf(party, sizeof party, "%d", (int)(1 + i / 20 % 8));
    snprintf(floors, sizeof floors, "%d", (int)(1 + i / 7 % 3));
    const char *keys[] = {"seed", "algorithm", "level", "party", "motif", "floors", "rows", "cols", "rules", "danger"};
    const char *vals[] = {seed, families[i % 6], level, party, dg_motif_name((int)(i / 6 % DG_MOTIF_COUNT)), floors,
                          "25", "31", dg_rules_name((int)(i / 11 % DG_RULES_COUNT)),
                          dangers[i / 13 % 4]};
    dg_options o;
    dg_error e = {0};
    cr_assert_eq(dg_options_parse(&o, 10, keys, vals, NULL, &e), DG_OK, "%s", e.msg);
    dg_dungeon *d = NULL;
    return dg_generate(&o, &d, &e) == DG_OK ? d : NULL; /* a map too small for its stairs */
}

typedef struct {
    long dungeons, treasures, purses, bands5, rooms_under_gp, dupes, legendary_over, deadly_pairs, traps, pits;
    double worst_ratio;
    long over_cap;
    long dd; /* '..' */
} tally;

static void check_trap(const dg_contents *c, const dg_trap *t, tally *y)
{
    const dg_trap_kind *k = dg_trap_kind_info(t->kind);
    int band = band_of_level(c->level);
    char effect[200];
    dg_trap_effect(t, effect, sizeof effect);
    y->traps++;
    if (strstr(k->name, "Pit")) {
        y->pits++;
        /* the fall is the damage, its words say how deep */
        cr_assert_gt(t->fall_ft, 0, "%s without a depth", k->name);
        cr_assert_eq(t->die, 6);
        int d6 = t->fall_ft / FALL_FT_PER_D6;
        cr_assert_eq(t->dice, d6 > FALL_MAX_D6 ? FALL_MAX_D6 : d6, "%s: %d ft, %dd6", k->name, t->fall_ft, t->dice);
        char ft[24];
        snprintf(ft, sizeof ft, "%d-foot", t->fall_ft);
        cr_assert_not_null(strstr(effect, ft), "'%s' for a %d-ft pit", effect, t->fall_ft);
        /* a deadly pit is a deep one */
        if (t->severity == DG_SEV_DEADLY) cr_assert_geq(t->fall_ft, 30, "a deadly pit %d ft deep", t->fall_ft);
        return;
    }
    cr_assert_eq(t->fall_ft, 0);
    cr_assert_eq(t->die, 10);
    cr_assert_null(strstr(effect, "ten-foot"));
    if (c->rules == DG_RULES_2024) {
        cr_assert(t->severity == DG_SEV_NUISANCE || t->severity == DG_SEV_DEADLY, "2024 severity %s",
                  dg_severity_name(t->severity));
        int deadly = t->severity == DG_SEV_DEADLY;
        cr_assert_eq(t->dice, d10_2024[deadly][band], "%s at level %d: %dd10", k->name, c->level, t->dice);
        if (k->attack) cr_assert_eq(t->attack_bonus, save_2024[deadly][band] - 8);
        else cr_assert_eq(t->save_dc, save_2024[deadly][band]);
    } else {
        cr_assert_lt((int)t->severity, 3);
        cr_assert_eq(t->dice, d10_2014[band][t->severity]);
        if (k->attack) {
            cr_assert_geq(t->attack_bonus, atk_lo_2014[t->severity]);
            cr_assert_leq(t->attack_bonus, atk_hi_2014[t->severity]);
        } else {
            cr_assert_geq(t->save_dc, save_lo_2014[t->severity]);
            cr_assert_leq(t->save_dc, save_hi_2014[t->severity]);
        }
    }
}

/* Counts of sentences, histories, dressing lines: a small open table. */
#define SEEN_CAP 65536
typedef struct { char *text; long n; } seen;
static seen *sentences;
static long bump(seen *tab, const char *s, size_t len)
{
    unsigned long h = 5381;
    for (size_t k = 0; k < len; k++) h = h * 33 + (unsigned char)s[k];
    for (unsigned long at = h % SEEN_CAP;; at = (at + 1) % SEEN_CAP) {
        if (!tab[at].text) {
            tab[at].text = strndup(s, len);
            return ++tab[at].n;
        }
        if (strlen(tab[at].text) == len && !memcmp(tab[at].text, s, len)) return ++tab[at].n;
    }
}

Test(stock_hoard, treasure_traps_and_words_make_sense, .timeout = 600)
{
    tally y = {0};
    sentences = calloc(SEEN_CAP, sizeof *sentences);
    const char *histories[VARIETY];
    int n_hist = 0;
    long repeating = 0, read = 0, dealt = 0, distinct = 0, top = 0;
    const char *top_sentence = "";
    for (uint64_t i = 0; i < DUNGEONS; i++) {
        dg_dungeon *top_floor = make(i);
        if (!top_floor) continue;
        y.dungeons++;
        const dg_contents *tc = top_floor->contents;
        int tier = band_of_level(tc->level);
        long hoards_cp = 0;
        int legendary = 0;
        int items[DG_TREASURE_MAX_ITEMS * 64];
        int n_items = 0;
        const char *lines[256];
        int n_lines = 0;
        bool repeats = false;
        for (const dg_dungeon *d = top_floor; d; d = d->below) {
            const dg_contents *c = d->contents;
            for (size_t r = 0; r < c->n_rooms; r++) {
                const dg_room_contents *rc = &c->rooms[r];
                int deadly = 0;
                for (int k = 0; k < rc->n_traps; k++) {
                    check_trap(c, &rc->traps[k], &y);
                    deadly += rc->traps[k].severity == DG_SEV_DEADLY;
                }
                if (c->level <= 4 && deadly > 1) y.deadly_pairs++;
                if (i < VARIETY) {
                    for (int k = 0; k < rc->n_dressing; k++) {
                        const char *w = dg_contents_word(DG_WORDS_DRESSING, rc->dressing[k]);
                        for (int j = 0; j < n_lines; j++)
                            if (!strcmp(lines[j], w)) {
                                repeats = true;
                                if (getenv("HOARD_SHOW")) fprintf(stderr, "hoard: dungeon %llu repeats %d %d %s\n", (unsigned long long)i, k, j, w);
                            }
                        if (n_lines < 256) lines[n_lines++] = w;
                    }
                    char text[2048];
                    dg_contents_read_aloud(c, rc->id, text, sizeof text);
                    /* sentences: up to each ". " (a sentence ends the text too) */
                    for (const char *s = text; *s;) {
                        const char *e = strstr(s, ". ");
                        size_t len = e ? (size_t)(e - s + 1) : strlen(s);
                        long n = bump(sentences, s, len);
                        if (n > top) {
                            top = n;
                            top_sentence = NULL;
                        }
                        s += len;
                        while (*s == ' ') s++;
                    }
                }
                if (!rc->has_treasure) continue;
                const dg_treasure *t = &rc->treasure;
                long cp = dg_treasure_value_cp(t);
                y.treasures++;
                /* no room lists under a gold piece; an empty list is no treasure */
                if ((cp > 0 && cp < 100) || (cp == 0 && t->n_items == 0)) y.rooms_under_gp++;
                if (t->trapped) check_trap(c, &t->trap, &y);
                if (t->hoard) hoards_cp += cp;
                else if (rc->encounter.n_groups) {
                    /* a purse a creature, each by its own CR's table */
                    y.purses++;
                    long most = 0;
                    int strongest = 0;
                    for (int g = 0; g < rc->encounter.n_groups; g++) {
                        const dg_monster *m = dg_monster_info(rc->encounter.groups[g].monster);
                        most += indiv_max_gp[band_of_cr8(m->cr8)] * rc->encounter.groups[g].count;
                        if (m->cr8 > strongest) strongest = m->cr8;
                    }
                    if (strongest >= 5 * 8) {
                        y.bands5++;
                        cr_assert_geq(cp, 100 * 100, "dungeon %llu room %d: a CR %d band holds %ld cp",
                                      (unsigned long long)i, rc->id, strongest / 8, cp);
                        if (most < 100) most = 100;
                    }
                    cr_assert_leq(cp, most * 100, "dungeon %llu room %d: %ld cp, most %ld gp", (unsigned long long)i,
                                  rc->id, cp, most);
                }
                for (int k = 0; k < t->n_items; k++) {
                    const dg_magic_item *m = dg_magic_item_info(t->items[k]);
                    legendary += dg_magic_item_found_rarity(t->items[k], t->item_grades[k]) == DG_RARITY_LEGENDARY;
                    if (consumable(m)) continue;
                    for (int j = 0; j < n_items; j++)
                        if (items[j] == t->items[k]) {
                            y.dupes++;
                            fprintf(stderr, "hoard: dungeon %llu holds %s twice\n", (unsigned long long)i, m->name);
                        }
                    items[n_items++] = t->items[k];
                }
            }
            for (size_t k = 0; k < c->n_doors; k++)
                if (c->doors[k].trapped) check_trap(c, &c->doors[k].trap, &y);
        }
        if (legendary > 1) y.legendary_over++;
        double ratio = (double)hoards_cp / (100.0 * (double)hoard_max_gp[tier]);
        if (ratio > y.worst_ratio) y.worst_ratio = ratio;
        if (2 * hoards_cp > 3 * 100 * hoard_max_gp[tier]) y.over_cap++;
        if (i < VARIETY) {
            read++;
            repeating += repeats;
            dealt += n_lines;
            int own = 0;
            for (int j = 0; j < n_lines; j++) {
                bool before = false;
                for (int k = 0; k < j && !before; k++) before = !strcmp(lines[k], lines[j]);
                own += !before;
            }
            distinct += own;
            const char *h = dg_contents_word(DG_WORDS_HISTORY, tc->history);
            bool known = false;
            for (int k = 0; k < n_hist && !known; k++) known = !strcmp(histories[k], h);
            if (!known) histories[n_hist++] = h;
            if (i % 10 == 0) { /* the key reads clean: no ".." */
                dg_buf md;
                dg_buf_init(&md);
                dg_error e = {0};
                cr_assert_eq(dg_render(top_floor, DG_FMT_MD, &md, &e), DG_OK, "%s", e.msg);
                dg_buf_append(&md, "", 1, &e);
                for (const char *p = (const char *)md.data; (p = strstr(p, "..")) != NULL; p += 2)
                    if (p[2] != '.') y.dd++;
                dg_buf_fini(&md);
            }
        }
        dg_dungeon_free(top_floor);
    }
    /* every stat block's text of both rules reads clean too */
    for (int r = 0; r < DG_RULES_COUNT; r++) {
        int base = dg_rules_monster_base((dg_rules)r);
        for (size_t m = 0; m < dg_rules_monster_count((dg_rules)r); m++) {
            const dg_statblock *sb = dg_monster_statblock(base + (int)m);
            int n = 0;
            for (int s = 0; s < DG_SB_SECTIONS; s++) {
                const dg_statblock_entry *e = dg_statblock_section(sb, s, &n);
                for (int k = 0; k < n; k++)
                    for (const char *p = e[k].text; (p = strstr(p, "..")) != NULL; p += 2)
                        if (p[2] != '.') y.dd++;
            }
        }
    }
    for (int k = 0; k < SEEN_CAP; k++) {
        if (sentences[k].n == top && !top_sentence) top_sentence = sentences[k].text;
        if (sentences[k].n > 30) fprintf(stderr, "hoard: %ld x \"%s\"\n", sentences[k].n, sentences[k].text);
    }
    fprintf(stderr,
            "hoard: %ld dungeons; hoards at most %.2f x one hoard's maximum (cap 1.5; %ld over); %ld duplicate "
            "permanent items; %ld dungeons with two legendary items or more; %ld of %ld treasures under 1 gp; "
            "%ld purses of groups, %ld of CR 5+ bands (each >= 100 gp)\n",
            y.dungeons, y.worst_ratio, y.over_cap, y.dupes, y.legendary_over, y.rooms_under_gp, y.treasures, y.purses,
            y.bands5);
    fprintf(stderr, "hoard: %ld traps (%ld pits), %ld rooms with two deadly traps at levels 1-4\n", y.traps, y.pits,
            y.deadly_pairs);
    fprintf(stderr,
            "hoard: over %ld dungeons: top read-aloud sentence %ld times (\"%s\"); %d distinct histories; %.1f%% "
            "of dungeons repeat a dressing line; distinct dressing lines %.1f%% of %ld dealt; %ld '..'\n",
            read, top, top_sentence ? top_sentence : "", n_hist, 100.0 * (double)repeating / (double)read,
            100.0 * (double)distinct / (double)dealt, dealt, y.dd);
    cr_assert_geq(y.dungeons, 2000);
    cr_assert_eq(y.over_cap, 0);
    cr_assert_eq(y.dupes, 0);
    cr_assert_eq(y.legendary_over, 0);
    cr_assert_eq(y.rooms_under_gp, 0);
    cr_assert_eq(y.deadly_pairs, 0);
    cr_assert_gt(y.pits, 50);
    cr_assert_gt(y.bands5, 100);
    cr_assert_leq(top, 40, "\"%s\" %ld times", top_sentence, top);
    cr_assert_geq(n_hist, 60);
    cr_assert_leq(10 * repeating, read, "%ld of %ld dungeons repeat a dressing line", repeating, read);
    cr_assert_geq(100 * distinct, 85 * dealt);
    cr_assert_eq(y.dd, 0);
    for (int k = 0; k < SEEN_CAP; k++) free(sentences[k].text);
    free(sentences);
}

/* Gems and art a GM reads floor after floor: a lair of every floor held
 * "2 x bronze crown" when a value tier had three names. Over many hoards
 * each value (this test's list of the DMG's gem and art values) comes
 * under at least eight names, and no hoard names one thing in two lots. */
Test(stock_hoard, gems_and_art_come_under_many_names, .timeout = 120)
{
    static const int values[] = {10, 25, 50, 100, 250, 500, 750, 1000, 2500, 5000, 7500};
    enum { VALUES = sizeof values / sizeof *values, NAMES = 64 };
    const char *named[VALUES][NAMES];
    int n_named[VALUES] = {0}, lots[VALUES] = {0};
    for (uint64_t i = 0; i < 1200; i++) {
        dg_dungeon *top = make(i);
        for (const dg_dungeon *d = top; d; d = d->below)
            for (size_t r = 0; r < d->contents->n_rooms; r++) {
                const dg_treasure *t = &d->contents->rooms[r].treasure;
                const dg_valuable *all[2] = {t->gems, t->art};
                int n_all[2] = {t->n_gems, t->n_art}, words[2] = {DG_WORDS_GEM, DG_WORDS_ART};
                for (int j = 0; j < 2; j++)
                    for (int k = 0; k < n_all[j]; k++) {
                        const char *w = dg_contents_word(words[j], all[j][k].kind);
                        for (int q = 0; q < k; q++)
                            cr_assert(strcmp(w, dg_contents_word(words[j], all[j][q].kind)),
                                      "dungeon %llu room %zu names %s in two lots", (unsigned long long)i, r + 1, w);
                        int v = 0;
                        while (v < VALUES && values[v] != all[j][k].value_gp) v++;
                        cr_assert_lt(v, VALUES, "%s worth %d gp: no such value", w, all[j][k].value_gp);
                        lots[v]++;
                        bool again = false;
                        for (int q = 0; q < n_named[v] && !again; q++) again = !strcmp(named[v][q], w);
                        if (!again && n_named[v] < NAMES) named[v][n_named[v]++] = w;
                    }
            }
        dg_dungeon_free(top);
    }
    for (int v = 0; v < VALUES; v++) {
        printf("hoard: %d gp: %d lots under %d names\n", values[v], lots[v], n_named[v]);
        if (lots[v] >= 60) cr_assert_geq(n_named[v], 8, "%d lots worth %d gp under only %d names", lots[v], values[v], n_named[v]);
    }
}
