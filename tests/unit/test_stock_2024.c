/* test_stock_2024.c -- rules=2024 (issue 25): over 1,000 maps of every
 * family at every level 1-20 and party 1-8, every encounter spends the
 * 2024 XP budget of its stated difficulty (encounters-2024.md's table,
 * typed in again here) without overspending it; every creature, stat
 * block and magic item is SRD 5.2.1's (names, XP and figures read here
 * from ../shared's files, apart from the product's generated tables); the
 * outputs carry SRD 5.2.1's attribution and not 5.1's; and the same seed
 * under both rules has the same map bytes and the same concept. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "render.h"
#include "sanitized.h"

#define SEEDS 1000
/* JSON and Markdown of every tenth map; under AddressSanitizer every
 * fiftieth (it is there for memory errors, and they cost it most) */
#define RENDER_EVERY DG_UNDER_ASAN(10, 50)
#define SAME_SEEDS 60          /* seeds compared under both rules */
#define DATA DG_SOURCE_DIR "/../shared/data"

/* encounters-2024.md: XP budget per character, low / moderate / high */
static const int budget[20][3] = {
    {50, 75, 100},       {100, 150, 200},     {150, 225, 400},     {250, 375, 500},
    {500, 750, 1100},    {600, 1000, 1400},   {750, 1300, 1700},   {1000, 1700, 2100},
    {1300, 2000, 2600},  {1600, 2300, 3100},  {1900, 2900, 4100},  {2200, 3700, 4700},
    {2600, 4200, 5400},  {2900, 4900, 6200},  {3300, 5400, 7800},  {3800, 6100, 9800},
    {4500, 7200, 11700}, {5000, 8700, 14200}, {5500, 10700, 17200}, {6400, 13200, 22000},
};
static const char *const difficulty[3] = {"low", "moderate", "high"};

/* ------------------------------------------------ the shared facts */

#define MAX_ROWS 400
typedef struct { char name[80]; long xp; int hp, ac; char hit_dice[32]; } creature;
static creature creatures[MAX_ROWS];
static int n_creatures;
static char items[MAX_ROWS][80];
static int n_items;

static const creature *creature_named(const char *name)
{
    for (int i = 0; i < n_creatures; i++)
        if (!strcmp(creatures[i].name, name)) return &creatures[i];
    return NULL;
}
static bool item_named(const char *name)
{
    for (int i = 0; i < n_items; i++)
        if (!strcmp(items[i], name)) return true;
    return false;
}

/* monsters.tsv (name, xp) and the stat blocks (hp, ac, dice) by name */
static void load(void)
{
    if (access(DATA "/srd-5.2/monsters.tsv", R_OK) != 0) cr_skip_test("no ../shared");
    char line[4096];
    FILE *f = fopen(DATA "/srd-5.2/monsters.tsv", "r");
    cr_assert_not_null(f);
    n_creatures = 0;
    cr_assert_not_null(fgets(line, sizeof line, f)); /* header */
    while (fgets(line, sizeof line, f) && n_creatures < MAX_ROWS) {
        char *col[17] = {0};
        int k = 0;
        for (char *s = line, *tab; k < 17; s = tab + 1) {
            col[k++] = s;
            if (!(tab = strchr(s, '\t'))) break;
            *tab = '\0';
        }
        cr_assert_geq(k, 7);
        creature *c = &creatures[n_creatures++];
        snprintf(c->name, sizeof c->name, "%.79s", col[0]);
        c->xp = atol(col[6]);
    }
    fclose(f);
    cr_assert_eq(n_creatures, 330);

    f = fopen(DATA "/statblocks/srd-5.2.jsonl", "r");
    cr_assert_not_null(f);
    static char big[1 << 16];
    int seen = 0;
    while (fgets(big, sizeof big, f)) {
        json_error_t je;
        json_t *o = json_loads(big, 0, &je);
        cr_assert_not_null(o, "%s", je.text);
        creature *c = (creature *)creature_named(json_string_value(json_object_get(o, "name")));
        cr_assert_not_null(c, "%s: a stat block with no monsters.tsv row", json_string_value(json_object_get(o, "name")));
        c->hp = (int)json_integer_value(json_object_get(o, "hp"));
        c->ac = (int)json_integer_value(json_object_get(o, "ac"));
        snprintf(c->hit_dice, sizeof c->hit_dice, "%s", json_string_value(json_object_get(o, "hp_formula")));
        json_decref(o);
        seen++;
    }
    fclose(f);
    cr_assert_eq(seen, 330);

    f = fopen(DATA "/srd-5.2/magic_items.tsv", "r");
    cr_assert_not_null(f);
    n_items = 0;
    cr_assert_not_null(fgets(line, sizeof line, f));
    while (fgets(line, sizeof line, f) && n_items < MAX_ROWS) {
        char *tab = strchr(line, '\t');
        if (tab) *tab = '\0';
        snprintf(items[n_items++], sizeof items[0], "%.79s", line);
    }
    fclose(f);
    cr_assert_eq(n_items, 243);
}

/* ------------------------------------------------------ the maps */

static dg_dungeon *map(uint64_t s, const char *rules, int level, int party)
{
    char lv[8], pt[8];
    snprintf(lv, sizeof lv, "%d", level);
    snprintf(pt, sizeof pt, "%d", party);
    const char *keys[] = {"algorithm", "rows", "cols", "level", "party", "rules"};
    const char *vals[] = {dg_algorithm_name((dg_algorithm)(s % DG_ALGO_COUNT)), "25", "35", lv, pt, rules};
    dg_options o;
    dg_error e = {0};
    cr_assert_eq(dg_options_parse(&o, 6, keys, vals, NULL, &e), DG_OK, "%s", e.msg);
    dg_options_set_seed(&o, s);
    dg_dungeon *d = NULL;
    cr_assert_eq(dg_generate(&o, &d, &e), DG_OK, "seed %llu: %s", (unsigned long long)s, e.msg);
    return d;
}

static int diff_index(const dg_encounter *e)
{
    for (int k = 0; k < 3; k++)
        if (!strcmp(dg_difficulty_name(e->difficulty), difficulty[k])) return k;
    return -1;
}

/* The facts' row for a monster id, looked up once (ids are small numbers) */
static const creature *creature_of(int id, const dg_monster *m)
{
    static const creature *seen[DG_MONSTER_ID_2024 + MAX_ROWS];
    if (id < 0 || id >= (int)(sizeof seen / sizeof seen[0])) return creature_named(m->name);
    if (!seen[id]) seen[id] = creature_named(m->name);
    return seen[id];
}

/* One encounter: SRD 5.2.1 creatures at their XP, the sum within the
 * budget of its difficulty and above the next easier one's. */
static void check_encounter(const dg_encounter *e, int level, int party, uint64_t s, const char *where, long *n)
{
    if (!e->n_groups) return;
    long xp = 0;
    int count = 0;
    for (int g = 0; g < e->n_groups; g++) {
        const dg_monster *m = dg_monster_info(e->groups[g].monster);
        cr_assert_not_null(m);
        const creature *c = creature_of(e->groups[g].monster, m);
        cr_assert_not_null(c, "seed %llu %s: %s is no SRD 5.2.1 creature", (unsigned long long)s, where, m->name);
        cr_assert_eq(m->xp, c->xp, "%s: %d XP, the SRD says %ld", m->name, m->xp, c->xp);
        const dg_statblock *sb = dg_monster_statblock(e->groups[g].monster);
        cr_assert_not_null(sb);
        cr_assert(sb->has_initiative, "%s: a 2014 stat block", m->name);
        cr_assert_eq(m->hp, c->hp, "%s", m->name);
        cr_assert_eq(m->ac, c->ac, "%s", m->name);
        cr_assert_str_eq(sb->hit_dice, c->hit_dice, "%s", m->name);
        xp += c->xp * e->groups[g].count;
        count += e->groups[g].count;
    }
    int d = diff_index(e);
    cr_assert_geq(d, 0, "seed %llu %s: difficulty %s is not a 2024 one", (unsigned long long)s, where,
                  dg_difficulty_name(e->difficulty));
    long hi = (long)budget[level - 1][d] * party, lo = d ? (long)budget[level - 1][d - 1] * party : 0;
    cr_assert_eq(e->xp, xp, "seed %llu %s", (unsigned long long)s, where);
    cr_assert_eq(e->adjusted_xp, xp, "seed %llu %s: no multiplier in 2024", (unsigned long long)s, where);
    cr_assert(xp > lo && xp <= hi, "seed %llu %s: %s encounter of %ld XP outside (%ld, %ld] (level %d, party %d)",
              (unsigned long long)s, where, difficulty[d], xp, lo, hi, level, party);
    cr_assert_leq(count, 2 * party + 1, "seed %llu %s: %d creatures for %d characters", (unsigned long long)s, where,
                  count, party);
    (*n)++;
}

static char *render(const dg_dungeon *d, dg_format f, size_t *len)
{
    dg_buf b;
    dg_error e = {0};
    dg_buf_init(&b);
    cr_assert_eq(dg_render(d, f, &b, &e), DG_OK, "%s", e.msg);
    char *s = malloc(b.len + 1);
    cr_assert_not_null(s);
    memcpy(s, b.data, b.len);
    s[b.len] = '\0';
    *len = b.len;
    dg_buf_fini(&b);
    return s;
}

static void check_outputs(const dg_dungeon *d)
{
    size_t len;
    char *md = render(d, DG_FMT_MD, &len);
    cr_assert(strstr(md, DG_SRD_ATTRIBUTION_2024), "md: no SRD 5.2.1 attribution");
    cr_assert_null(strstr(md, "SRD 5.1"), "md names SRD 5.1");
    cr_assert(strstr(md, "2024 rules"), "md: the header names no rules");
    free(md);
    char *js = render(d, DG_FMT_JSON, &len);
    json_error_t je;
    json_t *doc = json_loadb(js, len, 0, &je);
    cr_assert_not_null(doc, "%s", je.text);
    cr_assert_str_eq(json_string_value(json_object_get(doc, "rules")), "2024");
    cr_assert_str_eq(json_string_value(json_object_get(doc, "attribution")), DG_SRD_ATTRIBUTION_2024);
    cr_assert_null(strstr(js, "SRD 5.1"), "json names SRD 5.1");
    size_t i;
    json_t *sb;
    json_array_foreach(json_object_get(doc, "bestiary"), i, sb) {
        const char *name = json_string_value(json_object_get(sb, "name"));
        const creature *c = creature_named(name);
        cr_assert_not_null(c, "bestiary: %s is no SRD 5.2.1 stat block", name);
        cr_assert_eq(json_integer_value(json_object_get(sb, "hp")), c->hp, "%s", name);
    }
    json_decref(doc);
    free(js);
}

Test(stock_2024, encounters_spend_the_2024_budget_from_srd_521)
{
    load();
    long encounters = 0, magic = 0, per_diff[3] = {0};
    for (uint64_t s = 1; s <= SEEDS; s++) {
        int level = 1 + (int)(s % 20), party = 1 + (int)(s / 20 % 8);
        dg_dungeon *d = map(s, "2024", level, party);
        const dg_contents *c = d->contents;
        cr_assert_eq(c->rules, DG_RULES_2024);
        char where[48];
        for (size_t r = 0; r < c->n_rooms; r++) {
            const dg_room_contents *rc = &c->rooms[r];
            snprintf(where, sizeof where, "room %d", rc->id);
            check_encounter(&rc->encounter, level, party, s, where, &encounters);
            if (rc->encounter.n_groups) per_diff[diff_index(&rc->encounter)]++;
            /* the roster is the faction's cast, each creature its 5.2.1 row
             * (and in the lair, the cast's allies: test_stock_sense holds them) */
            int theme = c->factions[rc->encounter.faction < 0 ? 0 : rc->encounter.faction].kind;
            for (int g = 0; g < rc->encounter.n_groups; g++)
                cr_assert(dg_theme_casts(theme, rc->encounter.groups[g].monster) ||
                              (rc->id == c->farthest_room && dg_theme_allies(theme, rc->encounter.groups[g].monster)),
                          "seed %llu %s: %s is not of the cast",
                          (unsigned long long)s, where, dg_monster_info(rc->encounter.groups[g].monster)->name);
            for (int k = 0; rc->has_treasure && k < rc->treasure.n_items; k++) {
                const dg_magic_item *m = dg_magic_item_info(rc->treasure.items[k]);
                cr_assert_not_null(m);
                cr_assert(item_named(m->name), "seed %llu: %s is no SRD 5.2.1 magic item", (unsigned long long)s,
                          m->name);
                magic++;
            }
        }
        for (int w = 0; w < c->n_wandering; w++) {
            snprintf(where, sizeof where, "wandering %d", w + 1);
            check_encounter(&c->wandering[w].encounter, level, party, s, where, &encounters);
        }
        if (s % RENDER_EVERY == 0) check_outputs(d);
        dg_dungeon_free(d);
    }
    cr_log_info("stock_2024: %ld encounters (low %ld, moderate %ld, high %ld in rooms), %ld magic items", encounters,
                per_diff[0], per_diff[1], per_diff[2], magic);
    cr_assert_gt(encounters, 5000);
    cr_assert_gt(magic, 100);
    for (int k = 0; k < 3; k++) cr_assert_gt(per_diff[k], 100, "%s: %ld rooms", difficulty[k], per_diff[k]);
}

/* The concepts SRD 5.2.1 cannot cast: no stat block for their rank and
 * file (Orc, Lizardfolk); drawn again at rules=2024 (docs/stocking.md). */
static bool uncastable(const dg_contents *c)
{
    for (int f = 0; f < c->n_factions; f++) {
        const char *kind = dg_contents_word(DG_WORDS_FACTION, c->factions[f].kind);
        if (!strcmp(kind, "orc warband") || !strcmp(kind, "lizardfolk tribe")) return true;
    }
    return false;
}

static bool same_features(const dg_contents *x, const dg_contents *y)
{
    if (x->n_features != y->n_features) return false;
    for (size_t i = 0; i < x->n_features; i++)
        if (x->features[i].kind != y->features[i].kind || x->features[i].at.x != y->features[i].at.x ||
            x->features[i].at.y != y->features[i].at.y)
            return false;
    return true;
}

Test(stock_2024, a_seed_keeps_its_map_and_concept_under_either_rules)
{
    int redrawn = 0, png_compared = 0;
    for (uint64_t s = 1; s <= SAME_SEEDS; s++) {
        int level = 1 + (int)(s * 7 % 20), party = 1 + (int)(s % 8);
        dg_dungeon *a = map(s, "2014", level, party), *b = map(s, "2024", level, party);
        size_t la, lb;
        char *ta = render(a, DG_FMT_TXT, &la), *tb = render(b, DG_FMT_TXT, &lb);
        cr_assert(la == lb && !memcmp(ta, tb, la), "seed %llu: the map moved with the rules", (unsigned long long)s);
        free(ta);
        free(tb);
        /* the image draws the key's features too (a chest where treasure
         * lies, water where swimmers are), which may differ with the
         * creatures; with the same features it is the same image */
        if (s % 10 == 0 && same_features(a->contents, b->contents)) {
            png_compared++;
            char *pa = render(a, DG_FMT_PNG, &la), *pb = render(b, DG_FMT_PNG, &lb);
            cr_assert(la == lb && !memcmp(pa, pb, la), "seed %llu: the PNG moved with the rules", (unsigned long long)s);
            free(pa);
            free(pb);
        }
        const dg_contents *x = a->contents, *y = b->contents;
        cr_assert_eq(x->rules, DG_RULES_2014);
        cr_assert_eq(y->rules, DG_RULES_2024);
        cr_assert(!uncastable(y), "seed %llu: rules=2024 drew a concept SRD 5.2.1 cannot cast", (unsigned long long)s);
        if (uncastable(x)) { /* the one concept that may differ */
            redrawn++;
            dg_dungeon_free(a);
            dg_dungeon_free(b);
            continue;
        }
        cr_assert_eq(x->theme, y->theme, "seed %llu", (unsigned long long)s);
        cr_assert_eq(x->origin, y->origin, "seed %llu", (unsigned long long)s);
        cr_assert_eq(x->history, y->history, "seed %llu", (unsigned long long)s);
        cr_assert_eq(x->n_factions, y->n_factions, "seed %llu", (unsigned long long)s);
        for (int f = 0; f < x->n_factions; f++) {
            cr_assert_eq(x->factions[f].kind, y->factions[f].kind);
            cr_assert_eq(x->factions[f].name, y->factions[f].name);
        }
        cr_assert(!memcmp(&x->details, &y->details, sizeof x->details), "seed %llu: details", (unsigned long long)s);
        cr_assert(!memcmp(x->name_words, y->name_words, sizeof x->name_words), "seed %llu: name", (unsigned long long)s);
        /* the name is the same unless it names the boss, whom each rules'
         * lair draws from its own table */
        if (x->name_boss < 0) {
            char na[256], nb[256];
            dg_contents_name(x, na, sizeof na);
            dg_contents_name(y, nb, sizeof nb);
            cr_assert_str_eq(na, nb);
        }
        /* the lair is the lair's purpose under both */
        cr_assert_eq(x->farthest_room, y->farthest_room);
        if (x->farthest_room)
            cr_assert_eq(x->rooms[x->farthest_room - 1].purpose, y->rooms[y->farthest_room - 1].purpose);
        dg_dungeon_free(a);
        dg_dungeon_free(b);
    }
    cr_log_info("stock_2024: %d of %d seeds drew an orc or lizardfolk concept, drawn again at 2024", redrawn,
                SAME_SEEDS);
    cr_assert_lt(redrawn, SAME_SEEDS / 4);
    cr_assert_gt(png_compared, 0, "no seed drew the same features under both rules: the image was never compared");
}

Test(stock_2024, rules_2014_keeps_srd_51_and_a_bad_value_names_the_key)
{
    dg_dungeon *d = map(7, "2014", 3, 4);
    size_t len;
    char *md = render(d, DG_FMT_MD, &len);
    cr_assert(strstr(md, DG_SRD_ATTRIBUTION));
    cr_assert_null(strstr(md, "SRD 5.2.1"));
    free(md);
    char *js = render(d, DG_FMT_JSON, &len);
    cr_assert_null(strstr(js, "\"rules\""), "2014 documents keep their bytes: no rules member");
    free(js);
    dg_dungeon_free(d);

    const char *keys[] = {"rules"}, *vals[] = {"2023"};
    dg_options o;
    dg_error e = {0};
    cr_assert_eq(dg_options_parse(&o, 1, keys, vals, NULL, &e), DG_EINVAL);
    cr_assert_str_eq(e.param, "rules");
    cr_assert_str_eq(e.value, "2023");
    cr_assert(strstr(e.allowed, "2014") && strstr(e.allowed, "2024"), "%s", e.allowed);
}
