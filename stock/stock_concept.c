/* stock_concept.c -- a dungeon's concept, drawn before any room is stocked:
 * who holds it (a theme: the motif's row, or at motif none one of the
 * concepts that serve the party's level), what it was built as (an origin
 * the theme fits; a cave map draws only natural ones), how it fell (the
 * origin's histories), its factions (the theme's; at motif none sometimes
 * a rival concept beside it), its details (floor and walls from the
 * origin, rock in caves; temperature from the motif, else the origin) and
 * the words of its name (the place word is the origin's; whether the name
 * names the boss is settled once the lair is stocked, stock.c). Drawn from
 * the top floor's seed alone, so every floor of a dungeon shares it.
 *
 * The draw judges casts by the 2014 table whatever the rules, so that a
 * seed's concept is the same under both; one exception: at rules=2024 a
 * motif-none concept whose rank and file SRD 5.2.1 lacks altogether (the
 * orc war band, the lizardfolk tribe: no Orc or Lizardfolk stat block) is
 * drawn again among the others, since a war band of no orcs is no
 * concept. Only those seeds' concepts differ between the rules. */
#include "stock_int.h"

#include <stdatomic.h>
#include <string.h>

#define RIVAL_PERCENT 40      /* motif none: a second faction */
#define NAME_BOSS_PERCENT 40  /* the name is "... of the <boss>" */

static int below(dg_rng *r, int n) { return (int)dg__rng_below(r, (uint32_t)n); }

/* Whether theme t's cast, its strongest leader at the head of eight of its
 * strongest rank and file and four beasts, reaches the party's easy band:
 * a concept that cannot even trouble the party is not drawn for it. Every
 * map asks this of every theme (even at contents=none, for its name), so
 * what does not depend on the theme is worked out once (the bar), and the
 * sum stops as soon as it clears the bar: the troops first, as they weigh
 * most; every part is at least 0, so the answer is the full sum's. */
typedef struct { int max_cr8, multiplier2; long threshold; } bar;

static long strongest(const dg__theme *t, dg__role role, int max_cr8)
{
    long best = 0;
    for (int k = 0; k < DG__CAST_MAX && t->cast[role][k]; k++) {
        const dg_monster *m = &dg__monsters[t->cast[role][k] - 1];
        if (m->cr8 <= max_cr8 && m->xp > best) best = m->xp;
    }
    return best;
}

static bar bar_of(int level, int party)
{
    return (bar){dg__max_cr8(level), dg__multiplier2(13, party), dg__xp_threshold(level, party, DG_DIFF_EASY)};
}

static bool serves(const dg__theme *t, int level, const bar *b)
{
    if (level < t->min_level || level > t->max_level) return false;
    long xp = 8 * strongest(t, DG__ROLE_TROOP, b->max_cr8);
    if (xp * b->multiplier2 / 2 >= b->threshold) return true;
    xp += strongest(t, DG__ROLE_LEADER, b->max_cr8);
    if (xp * b->multiplier2 / 2 >= b->threshold) return true;
    xp += 4 * strongest(t, DG__ROLE_BEAST, b->max_cr8);
    return xp * b->multiplier2 / 2 >= b->threshold;
}

/* The themes serving level and party, a bit a theme: the same for every
 * dungeon of that level and party, so worked out the first time one is
 * stocked and kept (per pair, not all 200 pairs at once: a CLI run stocks
 * one). Bit 63 says the pair is known; two threads meeting an unknown
 * pair both work it out, to the same bits. Every map drew its concept
 * through 24 themes' casts, a seventieth of its stocking. */
_Static_assert(DG__THEME_COUNT < 64, "the themes served are a 63-bit set");
#define SERVED_KNOWN (1ull << 63)
static _Atomic uint64_t served_memo[20 + 1][10 + 1]; /* the level and party keys' ranges (option_keys.c) */

static uint64_t themes_serving(int level, int party)
{
    bool kept = level >= 0 && level < (int)DG_COUNT(served_memo) && party >= 0 &&
                party < (int)DG_COUNT(served_memo[0]);
    uint64_t set = kept ? atomic_load_explicit(&served_memo[level][party], memory_order_relaxed) : 0;
    if (set & SERVED_KNOWN) return set;
    bar b = bar_of(level, party);
    set = SERVED_KNOWN;
    for (int t = 0; t < DG__THEME_COUNT; t++)
        if (serves(&dg__themes[t], level, &b)) set |= 1ull << t;
    if (kept) atomic_store_explicit(&served_memo[level][party], set, memory_order_relaxed);
    return set;
}

/* Whether the rules' table has a creature of theme t's rank and file. */
static bool casts_troops(const dg__theme *t, dg_rules rules)
{
    const dg__srd *s = dg__srd_of(rules);
    for (int k = 0; k < DG__CAST_MAX && t->cast[DG__ROLE_TROOP][k]; k++)
        if (dg__srd_cast(s, t->cast[DG__ROLE_TROOP][k]) >= 0) return true;
    return false;
}

/* Whether theme t's rank and file see without light (darkvision,
 * blindsight, tremorsense or truesight in their stat blocks, by the 2014
 * table so both rules agree): most of them do, and the place is dark
 * (moss or cracks of daylight at most); a band of men keeps torches or
 * lanterns lit, and so does a cult of the flame. A GM reads it in the
 * details, and the VTT exports place the lights by it. */
static bool see_in_dark(const dg__theme *t)
{
    static const char *const senses[] = {"darkvision", "blindsight", "tremorsense", "truesight"};
    const dg__srd *s = dg__srd_of(DG_RULES_2014);
    int n = 0, seeing = 0;
    for (int k = 0; k < DG__CAST_MAX && t->cast[DG__ROLE_TROOP][k]; k++) {
        int id = dg__srd_cast(s, t->cast[DG__ROLE_TROOP][k]);
        const dg_statblock *sb = id >= 0 ? dg_monster_statblock(id) : NULL;
        if (!sb) continue;
        n++;
        bool sees = false;
        for (size_t j = 0; j < DG_COUNT(senses) && !sees; j++) sees = sb->senses && strstr(sb->senses, senses[j]);
        seeing += sees;
    }
    return n > 0 && 2 * seeing >= n;
}

/* see_in_dark kept per theme (0 not known yet, else 1 + the answer): the
 * stat blocks' senses searched once a process, not once a dungeon */
static _Atomic unsigned char sees_memo[DG__THEME_COUNT];

static bool holders_see_in_dark(const dg__theme *t)
{
    size_t k = (size_t)(t - dg__themes);
    unsigned char v = atomic_load_explicit(&sees_memo[k], memory_order_relaxed);
    if (!v) {
        v = (unsigned char)(1 + see_in_dark(t));
        atomic_store_explicit(&sees_memo[k], v, memory_order_relaxed);
    }
    return v == 2;
}

/* The illumination word for a d5 roll: the roll stays one draw whatever
 * the holders (so no later draw moves); what it picks depends on them,
 * and on the floor: no daylight through cracks two floors down. */
static int illumination_of(int roll, const dg__theme *t, int floor)
{
    static const char *const lit[] = {"Shadowy (guttering torches every 40 ft.)", "Shadowy (guttering torches every 40 ft.)",
                                      "Shadowy (guttering torches every 40 ft.)", "Bright (lanterns every 20 ft.)",
                                      "Bright (lanterns every 20 ft.)"};
    static const char *const unlit[] = {"Dark", "Dark", "Dark", "Dim (glowing moss on the walls)",
                                        "Dark (daylight through cracks here and there)"};
    enum { DAYLIGHT = 4 }; /* unlit's daylight through cracks: the top floor's alone */
    bool dark = holders_see_in_dark(t) && t->motif != DG_MOTIF_FIRE;
    if (dark && floor > 0 && roll == DAYLIGHT) roll = 0;
    return dg__word_by_text(DG_WORDS_ILLUMINATION, dark ? unlit[roll] : lit[roll]);
}

/* motif none: a concept of its own (twice as likely) or any motif's row;
 * `lacking` true leaves out the concepts the rules cannot cast */
static int draw_from(dg_rng *r, int level, int party, int not, dg_rules rules, bool lacking)
{
    int weight[DG__THEME_COUNT], total = 0;
    uint64_t serving = themes_serving(level, party);
    for (int t = 0; t < DG__THEME_COUNT; t++) {
        /* a rival (not >= 0) is one of the motif-none concepts: a second
         * motif beside the first would muddle the place */
        bool own = t >= DG__THEME_GOBLINS;
        weight[t] = t == not || (not >= 0 && !own) || !((serving >> t) & 1u) ||
                            (lacking && !casts_troops(&dg__themes[t], rules))
                        ? 0
                        : own ? 2 : 1;
        total += weight[t];
    }
    if (total == 0) return not >= 0 ? not : DG_MOTIF_UNDEAD - 1; /* every level has its undead */
    int k = below(r, total);
    for (int t = 0; t < DG__THEME_COUNT; t++)
        if ((k -= weight[t]) < 0) return t;
    return 0;
}

/* The 2014 draw; at 2024, drawn again (among the castable) only when the
 * first falls on a concept 5.2.1 cannot cast, so every other seed keeps its
 * concept. */
static int draw_theme(dg_rng *r, int level, int party, int not, dg_rules rules)
{
    int t = draw_from(r, level, party, not, rules, false);
    if (rules != DG_RULES_2014 && t != not && !casts_troops(&dg__themes[t], rules))
        t = draw_from(r, level, party, not, rules, true);
    return t;
}

static int draw_origin(dg_rng *r, const dg__theme *t, bool natural)
{
    unsigned fit = 0;
    for (int o = 0; o < DG__ORIGIN_COUNT; o++)
        if (((t->origins >> o) & 1u) && dg__origins[o].natural == natural) fit |= 1u << o;
    if (!fit) return natural ? DG__ORIGIN_CAVERN : DG__ORIGIN_FORTRESS;
    int n = 0;
    for (unsigned m = fit; m; m &= m - 1) n++;
    int k = below(r, n);
    for (int o = 0;; o++)
        if (((fit >> o) & 1u) && k-- == 0) return o;
}

static const char *temperature_of(dg_rng *r, dg_motif motif, const dg__origin_row *o)
{
    switch (motif) {
    case DG_MOTIF_FIRE: return below(r, 2) ? "Hot" : "Dry and Warm";
    case DG_MOTIF_COLD: return below(r, 2) ? "Freezing" : "Cold";
    case DG_MOTIF_AQUATIC: return "Damp and Cool";
    case DG_MOTIF_DESERT: return "Dry and Warm";
    default: return o->temperature;
    }
}

/* The name's adjective, drawn again (a few times) while it says the place
 * is flooded or burning and the concept says otherwise. */
static int adjective(dg_rng *r, dg_motif motif, int theme)
{
    int n = (int)dg_contents_word_count(DG_WORDS_NAME_ADJECTIVE), a = 0;
    bool wet = motif == DG_MOTIF_AQUATIC || theme == DG__THEME_LIZARDFOLK || theme == DG_MOTIF_AQUATIC - 1;
    bool hot = motif == DG_MOTIF_FIRE || theme == DG_MOTIF_FIRE - 1 || theme == DG_MOTIF_INFERNAL - 1;
    for (int tries = 0; tries < 8; tries++) {
        a = below(r, n);
        const char *w = dg_contents_word(DG_WORDS_NAME_ADJECTIVE, a);
        bool says_wet = !strcmp(w, "Drowned") || !strcmp(w, "Sunken"), says_hot = !strcmp(w, "Burning");
        if ((!says_wet || wet) && (!says_hot || hot)) break;
    }
    return a;
}

void dg__concept_draw(dg_contents *c, const dg_stock_params *p)
{
    dg_rng r;
    dg_rng_seed(&r, p->concept_seed, DG__STREAM_CONCEPT);
    c->theme = p->motif != DG_MOTIF_NONE ? (int)p->motif - 1 : draw_theme(&r, p->level, p->party, -1, p->rules);
    const dg__theme *t = &dg__themes[c->theme];
    c->origin = draw_origin(&r, t, p->natural);
    const dg__origin_row *o = &dg__origins[c->origin];
    c->history = dg__word_history(c->origin, below(&r, DG__ORIGIN_HISTORIES));

    c->n_factions = 1;
    c->factions[0].kind = c->theme;
    c->factions[0].name = c->theme * DG__THEME_NAMES + below(&r, DG__THEME_NAMES);
    if (p->motif == DG_MOTIF_NONE && dg__rng_percent(&r, RIVAL_PERCENT)) {
        int rival = draw_theme(&r, p->level, p->party, c->theme, p->rules);
        if (rival != c->theme) {
            c->factions[1].kind = rival;
            c->factions[1].name = rival * DG__THEME_NAMES + below(&r, DG__THEME_NAMES);
            c->n_factions = 2;
        }
    }

    c->details.floor = dg__word_by_text(DG_WORDS_FLOOR, p->natural ? "Natural Rock" : o->floors[below(&r, 2)]);
    c->details.walls = dg__word_by_text(DG_WORDS_WALLS, p->natural ? "Natural Cave Wall" : o->walls[below(&r, 2)]);
    c->details.temperature = dg__word_by_text(DG_WORDS_TEMPERATURE, temperature_of(&r, p->motif, o));
    c->details.illumination = illumination_of(below(&r, 5), t, p->floor);
    bool special = dg__rng_percent(&r, 50);
    int which = below(&r, 2) ? dg__word_theme_entry(DG_WORDS_SPECIAL, c->theme, 0)
                             : below(&r, (int)dg_contents_word_count(DG_WORDS_SPECIAL) - DG__THEME_COUNT);
    c->details.special = special ? which : -1;

    c->name_words[0] = adjective(&r, p->motif, c->theme);
    c->name_words[1] = dg__word_place(c->origin, below(&r, DG__ORIGIN_PLACES));
    c->name_words[2] = below(&r, (int)dg_contents_word_count(DG_WORDS_NAME_OF));
    c->name_boss = dg__rng_percent(&r, NAME_BOSS_PERCENT) ? -2 : -1; /* -2: wanted; stock.c names the boss */
}
