/* test_stock_treasure.c -- treasure (stock/stock_treasure.c) by the DMG's
 * (2014) chapter 7 tables: every hoard's and every individual treasure's
 * coins, gem and art counts and values, and magic item rarities lie in
 * the ranges of the table for its band; the ranges are typed here again
 * from the book, not read from the product. A treasure's worth is the sum
 * of its parts, in the model and in the md key's text. Over 2,100 maps:
 * every family, every motif, levels 1-20, parties 1-8.
 * DG_TREASURE_STATS=1 prints coins per band and the share of rooms with
 * treasure. */
#include "stock_fixture.h"

#include "render.h"

#include <ctype.h>

#define MAPS 2100
#define MD_MAPS 300

/* min and max of NdD x times */
typedef struct { long lo, hi, step; } range;
#define R(n, die, times) {(long)(n) * (times), (long)(n) * (die) * (times), (times)}
#define NO {0, 0, 1}

/* Individual Treasure, per band: the rows' coins, cp sp ep gp pp. */
static const range indiv_rows[4][5][DG_COIN_COUNT] = {
    {{R(5, 6, 1), NO, NO, NO, NO}, {NO, R(4, 6, 1), NO, NO, NO}, {NO, NO, R(3, 6, 1), NO, NO},
     {NO, NO, NO, R(3, 6, 1), NO}, {NO, NO, NO, NO, R(1, 6, 1)}},
    {{R(4, 6, 100), NO, R(1, 6, 10), NO, NO}, {NO, R(6, 6, 10), NO, R(2, 6, 10), NO},
     {NO, NO, R(3, 6, 10), R(2, 6, 10), NO}, {NO, NO, NO, R(4, 6, 10), NO}, {NO, NO, NO, R(2, 6, 10), R(3, 6, 1)}},
    {{NO, R(4, 6, 100), NO, R(1, 6, 100), NO}, {NO, NO, R(1, 6, 100), R(1, 6, 100), NO},
     {NO, NO, NO, R(2, 6, 100), R(1, 6, 10)}, {NO, NO, NO, R(2, 6, 100), R(2, 6, 10)}},
    {{NO, NO, R(2, 6, 1000), R(8, 6, 100), NO}, {NO, NO, NO, R(1, 6, 1000), R(1, 6, 100)},
     {NO, NO, NO, R(1, 6, 1000), R(2, 6, 100)}},
};
static const int indiv_n_rows[4] = {5, 5, 4, 3};

/* Treasure Hoard coins per band. */
static const range hoard_coins[4][DG_COIN_COUNT] = {
    {R(6, 6, 100), R(3, 6, 100), NO, R(2, 6, 10), NO},
    {R(2, 6, 100), R(2, 6, 1000), NO, R(6, 6, 100), R(3, 6, 10)},
    {NO, NO, NO, R(4, 6, 1000), R(5, 6, 100)},
    {NO, NO, NO, R(12, 6, 1000), R(8, 6, 1000)},
};
/* A hoard row's gems or art: value and how many (its dice's range). */
typedef struct { int value; long lo, hi; } lot_rule;
static const lot_rule hoard_gems[4][2] = {
    {{10, 2, 12}, {50, 2, 12}}, {{50, 3, 18}, {100, 3, 18}}, {{500, 3, 18}, {1000, 3, 18}}, {{1000, 3, 18}, {5000, 1, 8}}};
static const lot_rule hoard_art[4][2] = {
    {{25, 2, 8}, {25, 2, 8}}, {{25, 2, 8}, {250, 2, 8}}, {{250, 2, 8}, {750, 2, 8}}, {{2500, 1, 10}, {7500, 1, 4}}};
/* Magic items: the rarities of the tables a band's rows name (A common, B
 * and F uncommon, C and G rare, D and H very rare, E and I legendary), and
 * the most rolls a row makes. */
static const dg_rarity lowest[4] = {DG_RARITY_COMMON, DG_RARITY_COMMON, DG_RARITY_COMMON, DG_RARITY_RARE};
static const dg_rarity highest[4] = {DG_RARITY_RARE, DG_RARITY_VERY_RARE, DG_RARITY_LEGENDARY, DG_RARITY_LEGENDARY};
static const int most_items[4] = {6, 6, 10, 8};

static bool one_of(int v, const int *set, int n)
{
    for (int k = 0; k < n; k++)
        if (set[k] == v) return true;
    return false;
}

static bool in_range(long v, range r) { return v >= r.lo && v <= r.hi && v % r.step == 0; }

static int band_of_cr8(int cr8) { return cr8 <= 32 ? 0 : cr8 <= 80 ? 1 : cr8 <= 128 ? 2 : 3; }

static dg_stock_params params(uint64_t s)
{
    dg_stock_params p = sf_params(s);
    p.depth = DG_DEPTH_BASIC;
    p.motif = (dg_motif)(s / DG_ALGO_COUNT % DG_MOTIF_COUNT); /* every family meets every motif */
    return p;
}

/* The worth from the parts, in cp, counted here again. */
static long parts_cp(const dg_treasure *t)
{
    long cp = t->coins[DG_COIN_CP] + 10 * t->coins[DG_COIN_SP] + 50 * t->coins[DG_COIN_EP] +
              100 * t->coins[DG_COIN_GP] + 1000 * t->coins[DG_COIN_PP];
    for (int k = 0; k < t->n_gems; k++) cp += 100L * t->gems[k].count * t->gems[k].value_gp;
    for (int k = 0; k < t->n_art; k++) cp += 100L * t->art[k].count * t->art[k].value_gp;
    return cp;
}

/* DMG 2014, Individual Treasure: one creature's richest row in gp, by band
 * (1d6 pp; 2d6 x 10 gp + 3d6 pp; 2d6 x 100 gp + 2d6 x 10 pp; 1d6 x 1,000
 * gp + 2d6 x 100 pp). */
static const long indiv_most_gp[4] = {60, 300, 2400, 18000};

/* A group's purse: one roll a creature, each on its own CR's table, so at
 * most the sum of their richest rows; a band led by CR 5+ at least 100 gp;
 * never under 1 gp; coins only. */
static void check_purse(const dg_room_contents *rc, const char *where)
{
    const dg_treasure *t = &rc->treasure;
    long most = 0;
    int strongest = 0;
    for (int g = 0; g < rc->encounter.n_groups; g++) {
        const dg_monster *m = dg_monster_info(rc->encounter.groups[g].monster);
        most += indiv_most_gp[band_of_cr8(m->cr8)] * rc->encounter.groups[g].count;
        if (m->cr8 > strongest) strongest = m->cr8;
    }
    long cp = dg_treasure_value_cp(t);
    if (strongest >= 40) {
        cr_assert_geq(cp, 10000, "%s: a CR %d band holds %ld cp", where, strongest / 8, cp);
        if (most < 100) most = 100;
    }
    cr_assert_leq(cp, 100 * most, "%s: %ld cp, at most %ld gp", where, cp, most);
    cr_assert_geq(cp, 100, "%s: under 1 gp", where);
    cr_assert_eq(t->n_gems + t->n_art + t->n_items, 0, "%s: individual treasure is coins", where);
}

static void check_individual(const dg_treasure *t, const char *where)
{
    bool fits = false;
    for (int row = 0; row < indiv_n_rows[t->band] && !fits; row++) {
        fits = true;
        for (int k = 0; k < DG_COIN_COUNT; k++) fits &= in_range(t->coins[k], indiv_rows[t->band][row][k]);
    }
    cr_assert(fits, "%s: %ld cp %ld sp %ld ep %ld gp %ld pp fits no row of band %d", where, t->coins[0], t->coins[1],
              t->coins[2], t->coins[3], t->coins[4], t->band);
    cr_assert_eq(t->n_gems + t->n_art + t->n_items, 0, "%s: individual treasure is coins", where);
}

static void check_hoard(const dg_treasure *t, const char *where)
{
    static const int gems[] = {10, 50, 100, 500, 1000, 5000}, art[] = {25, 250, 750, 2500, 7500};
    int b = t->band;
    for (int k = 0; k < DG_COIN_COUNT; k++)
        cr_assert(in_range(t->coins[k], hoard_coins[b][k]), "%s: %ld %s out of band %d's range", where, t->coins[k],
                  dg_coin_name(k), b);
    cr_assert(t->n_gems == 0 || t->n_art == 0, "%s: a row gives gems or art, not both", where);
    long n = 0;
    for (int k = 0; k < t->n_gems; k++) {
        cr_assert(one_of(t->gems[k].value_gp, gems, 6));
        cr_assert_eq(t->gems[k].value_gp, t->gems[0].value_gp, "%s: one value a row", where);
        n += t->gems[k].count;
    }
    for (int k = 0; k < t->n_art; k++) {
        cr_assert(one_of(t->art[k].value_gp, art, 5));
        cr_assert_eq(t->art[k].value_gp, t->art[0].value_gp, "%s: one value a row", where);
        n += t->art[k].count;
    }
    if (t->n_gems || t->n_art) {
        const lot_rule *rules = t->n_gems ? hoard_gems[b] : hoard_art[b];
        int v = t->n_gems ? t->gems[0].value_gp : t->art[0].value_gp;
        bool fits = false;
        for (int k = 0; k < 2; k++) fits |= rules[k].value == v && n >= rules[k].lo && n <= rules[k].hi;
        cr_assert(fits, "%s: %ld x %d gp %s in a band %d hoard", where, n, v, t->n_gems ? "gems" : "art", b);
    }
    cr_assert_leq(t->n_items, most_items[b], "%s", where);
    for (int k = 0; k < t->n_items; k++) {
        const dg_magic_item *m = dg_magic_item_info(t->items[k]);
        cr_assert(m->rarity == DG_RARITY_VARIES || (m->rarity >= lowest[b] && m->rarity <= highest[b]),
                  "%s: %s is %s in a band %d hoard", where, m->name, dg_rarity_name(m->rarity), b);
    }
}

typedef struct {
    long coins[2][4][DG_COIN_COUNT], most[2][4][DG_COIN_COUNT], n[2][4];
    long rooms, with;
    long map_coins[4], maps[4];  /* coins of a map, by the party's band */
} stats;

Test(stock_treasure, every_treasure_is_the_dmg_tables_and_worth_its_parts)
{
    stats st = {0};
    long items = 0, locked = 0, trapped = 0, lairs = 0;
    for (uint64_t s = 1; s <= MAPS; s++) {
        dg_dungeon *d = sf_map(s);
        dg_stock_params p = params(s);
        dg_contents *c = sf_stock(d, &p);
        int party_band = band_of_cr8(8 * p.level), hoards = 0;
        st.maps[party_band] += c->n_rooms > 0;
        for (size_t i = 0; i < c->n_rooms; i++) {
            const dg_room_contents *rc = &c->rooms[i];
            const dg_treasure *t = &rc->treasure;
            char where[64];
            snprintf(where, sizeof where, "seed %llu room %zu", (unsigned long long)s, i + 1);
            st.rooms++;
            if (!rc->has_treasure) continue;
            st.with++;
            cr_assert_eq(dg_treasure_value_cp(t), parts_cp(t), "%s", where);
            cr_assert_eq(dg_treasure_value_gp(t), parts_cp(t) / 100, "%s", where);
            if (t->hoard) {
                hoards++;
                cr_assert_eq(t->band, party_band, "%s: a hoard is of the party's band", where);
                check_hoard(t, where);
            } else {
                int cr8 = 0;
                for (int g = 0; g < rc->encounter.n_groups; g++)
                    if (dg_monster_info(rc->encounter.groups[g].monster)->cr8 > cr8)
                        cr8 = dg_monster_info(rc->encounter.groups[g].monster)->cr8;
                cr_assert_eq(t->band, rc->encounter.n_groups ? band_of_cr8(cr8) : party_band,
                             "%s: band by the strongest creature's CR, else the party's", where);
                if (rc->encounter.n_groups) check_purse(rc, where);
                else check_individual(t, where);
            }
            for (int k = 0; k < DG_COIN_COUNT; k++) {
                st.map_coins[party_band] += t->coins[k];
                st.coins[t->hoard][t->band][k] += t->coins[k];
                if (t->coins[k] > st.most[t->hoard][t->band][k]) st.most[t->hoard][t->band][k] = t->coins[k];
            }
            st.n[t->hoard][t->band]++;
            items += t->n_items;
            if (t->lock_dc) {
                locked++;
                cr_assert_geq(t->container, 0, "a lock needs a container");
                cr_assert(t->lock_dc == 15 || t->lock_dc == 20 || t->lock_dc == 25);
            }
            if (t->trapped) {
                trapped++;
                cr_assert_geq(t->container, 0, "a trap needs a container");
            }
        }
        /* the lair and one room in ten hold a hoard, the lair the richest */
        if (c->farthest_room) {
            lairs++;
            const dg_treasure *l = &c->rooms[c->farthest_room - 1].treasure;
            cr_assert(c->rooms[c->farthest_room - 1].has_treasure && l->hoard, "seed %llu: no hoard in the lair",
                      (unsigned long long)s);
            int inhabited = 0; /* besides the lair, whose hoard does not need guards */
            for (size_t i = 0; i < c->n_rooms; i++) {
                inhabited += c->rooms[i].encounter.n_groups > 0 && (int)i + 1 != c->farthest_room;
                if (c->rooms[i].treasure.hoard)
                    cr_assert_geq(dg_treasure_value_cp(l), dg_treasure_value_cp(&c->rooms[i].treasure));
            }
            int extra = (int)(c->n_rooms / 10);
            if (extra > inhabited) extra = inhabited;
            int want = 1 + extra;
            cr_assert_eq(hoards, want, "seed %llu: %d hoards in %zu rooms", (unsigned long long)s, hoards, c->n_rooms);
        }
        dg_contents_free(c);
        dg_dungeon_free(d);
    }
    cr_assert_gt(lairs, MAPS * 3 / 4, "%ld lairs", lairs); /* caverns have no rooms */
    cr_assert_gt(items, 1000);
    cr_assert_gt(locked, 200);
    cr_assert_gt(trapped, 100);
    for (int h = 0; h < 2; h++)
        for (int b = 0; b < 4; b++) cr_assert_gt(st.n[h][b], 100, "%s band %d: %ld", h ? "hoards" : "individual", b, st.n[h][b]);
    if (getenv("DG_TREASURE_STATS")) {
        fprintf(stderr, "rooms %ld, with treasure %ld (%.1f%%)\n", st.rooms, st.with, 100.0 * (double)st.with / (double)st.rooms);
        for (int b = 0; b < 4; b++)
            fprintf(stderr, "party band %d: %.0f coins a map (%.1f lb)\n", b, (double)st.map_coins[b] / (double)st.maps[b],
                    (double)st.map_coins[b] / (double)st.maps[b] / 50);
        for (int h = 0; h < 2; h++)
            for (int b = 0; b < 4; b++) {
                fprintf(stderr, "%s band %d (n=%ld):", h ? "hoard" : "individual", b, st.n[h][b]);
                for (int k = 0; k < DG_COIN_COUNT; k++)
                    fprintf(stderr, " %s mean %.0f max %ld;", dg_coin_name(k),
                            (double)st.coins[h][b][k] / (double)st.n[h][b], st.most[h][b][k]);
                fprintf(stderr, "\n");
            }
    }
}

/* A key writes counts in groups of three ("1,084 cp", "25,779.5 gp"):
 * each comma between digits is followed by exactly three, and taken out
 * here so the numbers read as numbers. */
static void ungroup(char *s)
{
    char *to = s;
    for (char *p = s; *p; p++) {
        if (*p == ',' && p > s && isdigit((unsigned char)p[-1]) && isdigit((unsigned char)p[1])) {
            cr_assert(isdigit((unsigned char)p[2]) && isdigit((unsigned char)p[3]) && !isdigit((unsigned char)p[4]),
                      "a count grouped other than by three: \"%s\"", s);
            continue;
        }
        *to++ = *p;
    }
    *to = '\0';
}

/* "12.5" or "380" gp -> cp */
/* A worth as the key says it, in coins ("32250 gp", "53 gp 6 sp 8 cp",
 * "1 sp 7 cp"; digits already ungrouped), in cp. */
static long gp_text_cp(const char *s)
{
    long cp = 0, n;
    char unit[3];
    int used;
    while (sscanf(s, "%ld %2s%n", &n, unit, &used) == 2) {
        if (!strcmp(unit, "gp")) cp += 100 * n;
        else if (!strcmp(unit, "sp")) cp += 10 * n;
        else if (!strcmp(unit, "cp")) cp += n;
        else break;
        s += used;
    }
    return cp;
}

/* The parts a md treasure line lists before its worth, in cp. */
static long md_parts_cp(const char *line, const char *end)
{
    static const char *const coin[] = {"cp", "sp", "ep", "gp", "pp"};
    static const long per[] = {1, 10, 50, 100, 1000};
    long cp = 0;
    for (const char *p = line; p < end;) {
        const char *semi = strstr(p, "; ");
        if (!semi || semi > end) semi = end;
        char part[200];
        snprintf(part, sizeof part, "%.*s", (int)(semi - p), p);
        long n = 0, v = 0;
        char unit[3] = "";
        if (sscanf(part, "%ld %2s", &n, unit) == 2 && strlen(part) <= 14 && unit[0] && !strchr(part, 'x')) {
            bool known = false;
            for (int k = 0; k < 5; k++)
                if (strcmp(unit, coin[k]) == 0) {
                    cp += n * per[k];
                    known = true;
                }
            cr_assert(known, "coin part \"%s\"", part);
        } else if (strstr(part, " gp each)")) {
            const char *open = strrchr(part, '(');
            cr_assert(sscanf(part, "%ld x ", &n) == 1 && open && sscanf(open, "(%ld gp each)", &v) == 1, "part \"%s\"", part);
            cp += 100 * n * v;
        } else {
            const char *open = strrchr(part, '(');
            cr_assert(open && sscanf(open, "(%ld gp)", &v) == 1, "part \"%s\"", part);
            cp += 100 * v;
        }
        p = semi + 2;
    }
    return cp;
}

/* Every magic item is named as found: no SRD "varies" entry left as it is
 * listed, and a scroll's rarity is its spell level's (DMG: cantrip and 1st
 * common, 2nd-3rd uncommon, 4th-5th rare, 6th-8th very rare, 9th
 * legendary), a +N weapon's its bonus's (+1 uncommon .. +3 very rare). */
static void check_items_found(const char *items, uint64_t seed)
{
    static const char *const scroll_rarity[10] = {"common", "common", "uncommon", "uncommon", "rare",
                                                  "rare", "very rare", "very rare", "very rare", "legendary"};
    static const char *const weapon_rarity[4] = {NULL, "uncommon", "rare", "very rare"};
    cr_assert(!strstr(items, "(varies)") && !strstr(items, "+1, +2, or +3"), "seed %llu: %s",
              (unsigned long long)seed, items);
    for (const char *at = items; (at = strstr(at, "Spell Scroll, ")) != NULL; at++) {
        int level = 0;
        char rarity[16] = "";
        if (strncmp(at + 14, "cantrip (", 9) == 0) sscanf(at + 23, "%15[a-z ]", rarity);
        else cr_assert_eq(sscanf(at + 14, "%d%*[a-z] level (%15[a-z ]", &level, rarity), 2, "%s", at);
        cr_assert_str_eq(rarity, scroll_rarity[level], "seed %llu: %s", (unsigned long long)seed, at);
    }
    for (const char *at = items; (at = strstr(at, "Weapon, +")) != NULL; at++) {
        int bonus = 0;
        char rarity[16] = "";
        cr_assert_eq(sscanf(at + 9, "%d (%15[a-z ]", &bonus, rarity), 2, "%s", at);
        cr_assert_str_eq(rarity, weapon_rarity[bonus], "seed %llu: %s", (unsigned long long)seed, at);
    }
}

Test(stock_treasure, the_md_key_says_its_worth_is_the_sum_of_what_it_lists)
{
    long lines = 0, with_items = 0;
    for (uint64_t s = 1; s <= MD_MAPS; s++) {
        dg_stock_params p = params(s);
        char level[8], party[8];
        snprintf(level, sizeof level, "%d", p.level);
        snprintf(party, sizeof party, "%d", p.party);
        const char *keys[] = {"algorithm", "rows", "cols", "level", "party", "motif"};
        const char *vals[] = {dg_algorithm_name((dg_algorithm)(s % DG_ALGO_COUNT)), "25", "35", level, party,
                              dg_motif_name(p.motif)};
        dg_options o;
        dg_error e = {0};
        cr_assert_eq(dg_options_parse(&o, 6, keys, vals, NULL, &e), DG_OK, "%s", e.msg);
        dg_options_set_seed(&o, s);
        dg_dungeon *d = NULL;
        cr_assert_eq(dg_generate(&o, &d, &e), DG_OK, "%s", e.msg);
        dg_buf md;
        dg_buf_init(&md);
        cr_assert_eq(dg_render(d, DG_FMT_MD, &md, &e), DG_OK, "%s", e.msg);
        char *text = malloc(md.len + 1);
        memcpy(text, md.data, md.len);
        text[md.len] = '\0';
        int room = 0;
        for (char *at = text; (at = strstr(at, "**Treasure.** ")) != NULL;) {
            char *line = at + strlen("**Treasure.** "), *nl = strchr(line, '\n');
            cr_assert_not_null(nl);
            *nl = '\0';
            ungroup(line);
            /* one coin kind alone is not summed again ("9 gp.", not
             * "9 gp. Worth 9 gp"): its part is its worth */
            char *worth = strstr(line, ". Worth ");
            char *only_items = strstr(line, "; and the magic items: ");
            char *end = worth ? worth : only_items ? only_items : line + strlen(line) - 1;
            char *in = strstr(line, ", in a ");
            char *in_an = strstr(line, ", in an "); /* "an iron-bound chest" */
            if (in_an && (!in || in_an < in)) in = in_an;
            char *hidden = strstr(line, ", hidden in ");
            if (in && in < end) end = in;
            if (hidden && hidden < end) end = hidden;
            long said = worth ? gp_text_cp(worth + strlen(". Worth ")) : md_parts_cp(line, end);
            cr_assert_eq(md_parts_cp(line, end), said, "seed %llu: \"%s\"", (unsigned long long)s, line);
            /* and the model's worth for the same room */
            while (++room <= (int)d->contents->n_rooms && !d->contents->rooms[room - 1].has_treasure) {}
            cr_assert_leq(room, (int)d->contents->n_rooms);
            cr_assert_eq(dg_treasure_value_cp(&d->contents->rooms[room - 1].treasure), said);
            /* a lock to pick or a trap in it only where there is a lid to lock */
            if (strstr(line, "to pick") || strstr(line, "trapped"))
                cr_assert(strstr(line, "chest") || strstr(line, "strongbox") || strstr(line, "coffer"),
                          "seed %llu: a lock on what has none: \"%s\"", (unsigned long long)s, line);
            /* a purse under 10 gp lies loose or in something humble, unlocked */
            if (said < 1000)
                cr_assert(!strstr(line, "chest") && !strstr(line, "strongbox") && !strstr(line, "coffer") &&
                              !strstr(line, "sarcophagus") && !strstr(line, "to pick") && !strstr(line, "trapped"),
                          "seed %llu: a purse kept like a hoard: \"%s\"", (unsigned long long)s, line);
            const char *besides = worth ? strstr(worth, ", besides the magic items: ") : only_items;
            cr_assert_eq(besides != NULL, d->contents->rooms[room - 1].treasure.n_items > 0, "%s", line);
            with_items += besides != NULL;
            if (besides) check_items_found(besides, s);
            lines++;
            at = nl + 1;
        }
        free(text);
        dg_buf_fini(&md);
        dg_dungeon_free(d);
    }
    cr_assert_gt(lines, 400, "%ld lines", lines);
    cr_assert_gt(with_items, 50, "%ld with items", with_items);
}

/* stock_treasure.c finds table A's items by name with bsearch: each
 * rules' item table must run in strcmp order, no name twice. */
Test(stock_treasure, each_rules_items_are_sorted_by_name)
{
    for (int rules = 0; rules < 2; rules++) {
        dg_rules r = rules ? DG_RULES_2024 : DG_RULES_2014;
        int base = dg_rules_magic_item_base(r);
        size_t n = dg_rules_magic_item_count(r);
        cr_assert_gt(n, 100);
        for (size_t i = 1; i < n; i++) {
            const char *a = dg_magic_item_info(base + (int)i - 1)->name, *b = dg_magic_item_info(base + (int)i)->name;
            cr_assert_lt(strcmp(a, b), 0, "rules %s: \"%s\" before \"%s\"", dg_rules_name(r), a, b);
        }
    }
}
