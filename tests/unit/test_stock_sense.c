/* test_stock_sense.c -- the key makes sense, held to rules this file writes
 * down itself: which creatures belong to each motif (types and names typed
 * here, not read from the product's cast rows), which creatures swim, how
 * big they are and which are good (read from ../shared's SRD 5.1 facts, not
 * from core's tables), how many of one kind a group may hold, how big a
 * room a creature needs, what a mindless thing does not do, and how the
 * words read. Over DUNGEONS dungeons: every family, every motif, levels
 * 1-20, parties 1-8, floors 1-3. The figures (mixed share, largest group,
 * empty share) print to stderr for the closing notes. */
#define _GNU_SOURCE /* strcasestr */
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dg_contents.h"
#include "render.h"
#include "../slurp.h"
#include "sense_prose.h"

#define DUNGEONS 2100
#define MAX_OF_A_KIND 8

/* --------------------------------------------------- the motif lists */

typedef struct {
    unsigned types;            /* bit per dg_creature_type: any of these */
    unsigned immune;           /* or immune to any of these */
    const char *subtype;       /* or a fiend of this subtype */
    const char *names[40];     /* or one of these */
} cast_rule;

#define T(x) (1u << DG_TYPE_##x)
static const cast_rule motif_rule[DG_MOTIF_COUNT] = {
    [DG_MOTIF_ABANDONED] = {T(BEAST) | T(SWARM) | T(OOZE) | T(PLANT), 0, NULL,
                            {"Owlbear", "Ettercap", "Otyugh", "Bulette", "Roper", "Behir", "Purple Worm",
                             "Basilisk"}},
    [DG_MOTIF_ABERRANT] = {T(ABERRATION) | T(OOZE), 0, NULL,
                           {"Grimlock", "Cultist", "Cult Fanatic", "Darkmantle", "Grick", "Roper", "Violet Fungus"}},
    [DG_MOTIF_GIANT] = {T(GIANT), 0, NULL, {"Goblin", "Orc", "Bugbear", "Wolf", "Dire Wolf", "Worg", "Giant Boar"}},
    [DG_MOTIF_UNDEAD] = {T(UNDEAD), 0, NULL, {NULL}},
    [DG_MOTIF_VERMIN] = {T(SWARM), 0, NULL,
                         {"Giant Rat", "Giant Rat (Diseased)", "Giant Centipede", "Giant Wolf Spider",
                          "Giant Fire Beetle", "Stirge", "Giant Wasp", "Giant Spider", "Phase Spider",
                          "Giant Scorpion", "Ettercap", "Wererat", "Ankheg", "Purple Worm"}},
    [DG_MOTIF_AQUATIC] = {0, 0, NULL,
                          {"Sahuagin", "Merrow", "Sea Hag", "Chuul", "Water Elemental", "Giant Shark", "Aboleth",
                           "Dragon Turtle", "Kraken", "Giant Crocodile", "Giant Crab", "Reef Shark", "Crocodile",
                           "Giant Frog", "Swarm of Quippers", "Giant Octopus", "Hunter Shark"}},
    [DG_MOTIF_DESERT] = {0, 0, NULL,
                         {"Bandit", "Bandit Captain", "Cultist", "Cult Fanatic", "Mummy", "Mummy Lord", "Skeleton",
                          "Lamia", "Gynosphinx", "Androsphinx", "Young Blue Dragon", "Adult Blue Dragon",
                          "Giant Scorpion", "Giant Poisonous Snake", "Giant Hyena", "Dust Mephit", "Jackal",
                          "Swarm of Insects", "Giant Vulture", "Poisonous Snake"}},
    [DG_MOTIF_UNDERDARK] = {0, 0, NULL,
                            {"Drow", "Duergar", "Grimlock", "Drider", "Priest", "Mage", "Cloaker", "Purple Worm",
                             "Darkmantle", "Giant Spider", "Giant Centipede", "Violet Fungus", "Shrieker", "Roper"}},
    [DG_MOTIF_ARCANE] = {T(CONSTRUCT) | T(ELEMENTAL), 0, NULL,
                         {"Mage", "Archmage", "Spirit Naga", "Gynosphinx", "Imp", "Quasit", "Mimic"}},
    [DG_MOTIF_FIRE] = {0, DG_IMMUNE_FIRE, NULL,
                       {"Cultist", "Cult Fanatic", "Kobold", "Giant Fire Beetle", "Half-Red Dragon Veteran"}},
    [DG_MOTIF_COLD] = {0, DG_IMMUNE_COLD, NULL,
                       {"Berserker", "Tribal Warrior", "Kobold", "Ogre", "Wolf", "Dire Wolf", "Saber-Toothed Tiger",
                        "Mammoth", "Ice Devil"}},
    [DG_MOTIF_ABYSSAL] = {0, 0, "demon", {"Cultist", "Cult Fanatic", "Gnoll", "Hyena", "Giant Hyena"}},
    [DG_MOTIF_INFERNAL] = {0, 0, "devil", {"Cultist", "Cult Fanatic", "Hell Hound", "Nightmare"}},
};

/* A lair's allies (issue 36): when a tier 3-4 lair's own cast cannot
 * reach the top band, mighty creatures of the motif's fiction from outside
 * it join, or lead, the lair's fight, in the lair and nowhere else. Which
 * belong to which motif, and why, written down here. */
static const struct { int motif; const char *name, *why; } lair_allies[] = {
    {DG_MOTIF_AQUATIC, "Hydra", "a swimming many-headed serpent of flooded caves and marshes"},
    {DG_MOTIF_AQUATIC, "Adult Black Dragon", "amphibious; black dragons lair in drowned caves and swamps"},
    {DG_MOTIF_AQUATIC, "Ancient Black Dragon", "the same, older: what a drowned tribe worships at tier 4"},
    {DG_MOTIF_VERMIN, "Bulette", "a burrowing predator drawn to where prey gathers"},
    {DG_MOTIF_VERMIN, "Remorhaz", "a giant burrowing insect-worm of the deep earth"},
    {DG_MOTIF_ABERRANT, "Behir", "a cave serpent of the deep, bent to the hive's will"},
    {DG_MOTIF_ABERRANT, "Purple Worm", "the deep's great burrower, which the hive's minds can steer"},
    {DG_MOTIF_UNDERDARK, "Glabrezu", "a demon: the deep's outposts (drow) call up the Abyss's fiends"},
    {DG_MOTIF_UNDERDARK, "Nalfeshnee", "a demon, as the glabrezu"},
    {DG_MOTIF_UNDERDARK, "Marilith", "a demon, as the glabrezu: a general of the Abyss"},
};

static bool fits_motif(int motif, const dg_monster *m, bool lair)
{
    const cast_rule *r = &motif_rule[motif];
    if (motif == DG_MOTIF_NONE) return true;
    for (size_t k = 0; lair && k < sizeof lair_allies / sizeof *lair_allies; k++)
        if (lair_allies[k].motif == motif && !strcmp(lair_allies[k].name, m->name)) return true;
    if (r->types & (1u << m->type)) return true;
    if (r->immune & m->immune) return true;
    if (r->subtype && m->type == DG_TYPE_FIEND && strcmp(m->subtype, r->subtype) == 0) return true;
    for (int k = 0; k < 40 && r->names[k]; k++)
        if (strcmp(r->names[k], m->name) == 0) return true;
    return false;
}

/* ------------------------------------------- the SRD facts, from ../shared */

typedef struct {
    char name[64];
    bool swims, good;
    int size;    /* 0 tiny .. 5 gargantuan */
    int cr8;     /* challenge rating x 8 ("1/8" is 1) */
    int fastest; /* its fastest speed in feet, any mode */
} fact;
static fact facts[400];
static int n_facts;

static void read_facts(void)
{
    if (n_facts) return;
    char *tsv = slurp(DG_SOURCE_DIR "/../shared/data/srd-5.1/monsters.tsv", NULL);
    if (!tsv) cr_skip_test("no ../shared");
    static const char *const sizes[] = {"Tiny", "Small", "Medium", "Large", "Huge", "Gargantuan"};
    char *save = NULL;
    strtok_r(tsv, "\n", &save); /* the header: name size type subtype alignment cr xp ac hp hit_dice walk swim ... */
    for (char *line; (line = strtok_r(NULL, "\n", &save)) && n_facts < 400;) {
        char *col[17] = {0};
        tsv_split(line, col, 17);
        fact *f = &facts[n_facts++];
        snprintf(f->name, sizeof f->name, "%s", col[0]);
        char *form = strstr(f->name, ", ");
        if (form && strstr(form, " Form")) *form = '\0'; /* one creature whatever its form */
        for (int k = 0; k < 6; k++)
            if (strcmp(col[1], sizes[k]) == 0) f->size = k;
        /* "neutral good (50%) or neutral evil (50%)" may be met as a foe */
        f->good = strstr(col[4], "good") && !strstr(col[4], "any") && !strstr(col[4], "evil");
        /* lives in water: swims and walks 10 ft or less (a shark, not a
         * crocodile or a frog) */
        f->swims = col[11] && col[11][0] && atoi(col[11]) > 0 && (!col[10] || atoi(col[10]) <= 10);
        int num = atoi(col[5]), den = strchr(col[5], '/') ? atoi(strchr(col[5], '/') + 1) : 1;
        f->cr8 = 8 * num / (den ? den : 1);
        for (int k = 10; k <= 14; k++)
            if (col[k] && atoi(col[k]) > f->fastest) f->fastest = atoi(col[k]);
    }
    free(tsv);
}

static const fact *fact_of(const char *name)
{
    const fact *found = NULL;
    for (int i = 0; i < n_facts; i++)
        if (strcmp(facts[i].name, name) == 0) {
            if (found && facts[i].swims) found = &facts[i]; /* any form that swims */
            if (!found) found = &facts[i];
        }
    cr_assert_not_null(found, "%s is not an SRD 5.1 creature", name);
    return found;
}

/* --------------------------------------------------------- the run */

typedef struct {
    long encounters, multi, mixed, largest, rooms, empty, lairs, named, name_checked;
    long dressing_lines, dungeons_full, greeted, turned, keys, keys_home;
    long tables, tables_repeating, masters, allies;
} tally;

/* Who never rules a dungeon, typed here: the mindless, the made and the
 * merely hungry may fight at the lair's head, not hold a clan or an order. */
static const char *const never_master[] = {
    "Remorhaz", "Flesh Golem", "Clay Golem", "Stone Golem", "Iron Golem", "Shield Guardian", "Purple Worm",
    "Bulette", "Gelatinous Cube", "Black Pudding", "Ochre Jelly", "Gray Ooze", "Shambling Mound", "Shrieker",
    "Violet Fungus", "Giant Shark", "Hunter Shark", "Animated Armor", "Owlbear", "Giant Spider"};

/* Traps that say who set them (hellfire, a grave's sigil, frost runes, a
 * whisper in the mind), and the motifs they may appear in. */
static const struct { const char *name; int motifs[3]; } bound_traps[] = {
    {"Brimstone Glyph", {DG_MOTIF_INFERNAL, DG_MOTIF_ABYSSAL, DG_MOTIF_FIRE}},
    {"Grave Sigil", {DG_MOTIF_UNDEAD, DG_MOTIF_ABANDONED, DG_MOTIF_UNDEAD}},
    {"Frost Rune", {DG_MOTIF_COLD, DG_MOTIF_ARCANE, DG_MOTIF_COLD}},
    {"Mind Spike", {DG_MOTIF_ABERRANT, DG_MOTIF_ABYSSAL, DG_MOTIF_ABERRANT}},
};

static void check_trap(const dg_contents *c, const dg_trap *tr, const char *where)
{
    const char *name = dg_trap_kind_info(tr->kind)->name;
    for (size_t k = 0; k < sizeof bound_traps / sizeof *bound_traps; k++) {
        if (strcmp(name, bound_traps[k].name)) continue;
        bool ok = false;
        for (int j = 0; j < 3; j++) ok |= (int)c->motif == bound_traps[k].motifs[j];
        cr_assert(ok, "%s: a %s in a %s dungeon", where, name, dg_motif_name(c->motif));
    }
}

static dg_dungeon *make(uint64_t i)
{
    static const char *const families[] = {"donjon", "caverns", "panels", "gridmapper", "abstract", "cells"};
    char seed[24], level[8], party[8], floors[8], rows[8], cols[8];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)(i * 7919 + 13));
    snprintf(level, sizeof level, "%d", (int)(1 + i % 20));
    snprintf(party, sizeof party, "%d", (int)(1 + i / 20 % 8));
    snprintf(floors, sizeof floors, "%d", (int)(1 + i / 7 % 3));
    snprintf(rows, sizeof rows, "%d", (int)(25 + 2 * (i % 5)));
    snprintf(cols, sizeof cols, "%d", (int)(31 + 2 * (i % 7)));
    const char *keys[] = {"seed", "algorithm", "level", "party", "motif", "floors", "rows", "cols"};
    const char *vals[] = {seed, families[i % 6], level, party, dg_motif_name((int)(i / 6 % DG_MOTIF_COUNT)),
                          floors, rows, cols};
    dg_options o;
    dg_error e = {0};
    cr_assert_eq(dg_options_parse(&o, 8, keys, vals, NULL, &e), DG_OK, "%s", e.msg);
    dg_dungeon *d = NULL;
    dg_status rc = dg_generate(&o, &d, &e);
    if (rc != DG_OK) return NULL; /* a small map that cannot take the floors' stairs */
    return d;
}

/* The dragon colours of the SRD: a dragon-ruled dungeon holds no dragon of
 * another colour. */
static const char *colour_of(const char *name)
{
    static const char *const colours[] = {"Black", "Blue", "Green", "Red", "White",
                                          "Brass", "Bronze", "Copper", "Gold", "Silver"};
    char want[32];
    for (size_t k = 0; k < sizeof colours / sizeof colours[0]; k++) {
        snprintf(want, sizeof want, "%s Dragon", colours[k]);
        if (strstr(name, want)) return colours[k];
    }
    return NULL;
}

static void check_encounter(const dg_contents *c, const dg_encounter *e, const dg_room *room, int cell_ft,
                            bool water, tally *t, const char *where)
{
    if (!e->n_groups) return;
    int total = 0, squares = 0, wave_squares = 0;
    /* 5-ft squares by size, tiny to gargantuan (PHB, Size Categories) */
    static const int space[6] = {1, 1, 1, 4, 9, 16};
    for (int g = 0; g < e->n_groups; g++) {
        const dg_monster *m = dg_monster_info(e->groups[g].monster);
        const fact *f = fact_of(m->name);
        total += e->groups[g].count;
        /* reinforcements (arrives) come as the first groups fall: each
         * wave is held to the floor apart */
        *(e->groups[g].arrives ? &wave_squares : &squares) += space[f->size] * e->groups[g].count;
        cr_assert_leq(e->groups[g].count, MAX_OF_A_KIND, "%s: %d x %s", where, e->groups[g].count, m->name);
        /* a coven is three hags (SRD 5.1, "Hags"; SRD 5.2.1's Coven Magic) */
        static const char *const hags[] = {"Green Hag", "Night Hag", "Sea Hag"};
        for (size_t h = 0; h < sizeof hags / sizeof *hags; h++)
            if (!strcmp(m->name, hags[h])) cr_assert_leq(e->groups[g].count, 3, "%s: %d x %s", where, e->groups[g].count, m->name);
        if (e->groups[g].count > t->largest) t->largest = e->groups[g].count;
        bool lair = room && c->farthest_room && e == &c->rooms[c->farthest_room - 1].encounter;
        /* the allies that came to the lair: there, and on a wandering row
         * nothing of the cast can fill (they roam the halls too) */
        cr_assert(fits_motif(c->motif, m, lair || !room), "%s: %s in a %s dungeon", where, m->name,
                  dg_motif_name(c->motif));
        t->allies += lair && !fits_motif(c->motif, m, false);
        if (room) {
            /* the mighty come alone or in pairs (the SRD's creatures with
             * legendary actions, typed here; true dragons) */
            static const char *const legendary[] = {"Aboleth", "Androsphinx", "Gynosphinx", "Kraken", "Lich",
                                                    "Mummy Lord", "Vampire", "Solar", "Tarrasque"};
            bool alone = !strncmp(m->name, "Adult ", 6) || !strncmp(m->name, "Ancient ", 8) ||
                         !strncmp(m->name, "Sphinx of ", 10);
            for (size_t k = 0; k < sizeof legendary / sizeof legendary[0]; k++) alone |= !strcmp(m->name, legendary[k]);
            if (alone && e->groups[g].count != 1)
                cr_assert_fail("%s: %d x %s, a legendary creature", where, e->groups[g].count, m->name);
            if (colour_of(m->name) && !strstr(m->name, "Wyrmling") && e->groups[g].count > 2)
                cr_assert_fail("%s: %d x %s, a true dragon", where, e->groups[g].count, m->name);
        }
        if (c->boss >= 0) {
            const char *mine = colour_of(dg_monster_info(c->boss)->name), *theirs = colour_of(m->name);
            cr_assert(!mine || !theirs || !strcmp(mine, theirs), "%s: a %s dragon in a %s dragon's dungeon", where,
                      theirs, mine);
        }
        cr_assert(!f->good, "%s: %s is good-aligned and hostile", where, m->name);
        if (room) {
            cr_assert(!f->swims || water, "%s: %s swims in a dry room", where, m->name);
            /* a Huge creature needs 30 ft on the room's narrower side,
             * a Gargantuan one 40 ft */
            int side = (room->width < room->height ? room->width : room->height) * cell_ft;
            cr_assert(f->size < 4 || side >= 30, "%s: Huge %s in a room %d ft across", where, m->name, side);
            cr_assert(f->size < 5 || side >= 40, "%s: Gargantuan %s in a room %d ft across", where, m->name, side);
        }
    }
    if (room) {
        /* a group fills at most half its room's floor; a lair's, whose
         * band asks more than half of it holds, all of it (the party
         * fights its way in from the door) */
        int per = cell_ft / 5, floor = room->width * per * room->height * per;
        bool lair = c->farthest_room && e == &c->rooms[c->farthest_room - 1].encounter;
        cr_assert_leq(squares * (lair ? 1 : 2), floor, "%s: %d squares of creatures in a room of %d", where, squares,
                      floor);
        cr_assert(!wave_squares || lair, "%s: reinforcements outside the lair", where);
        cr_assert_leq(wave_squares, floor, "%s: %d squares of reinforcements in a room of %d", where, wave_squares,
                      floor);
    }
    t->encounters++;
    if (total >= 2) {
        t->multi++;
        t->mixed += e->n_groups >= 2;
    }
}

static bool is_filler(const char *purpose)
{
    static const char *const fillers[] = {"side chamber", "storeroom", "antechamber", "passage room"};
    for (size_t k = 0; k < sizeof fillers / sizeof *fillers; k++)
        if (!strcmp(purpose, fillers[k])) return true;
    return false;
}

static void check_floor(const dg_dungeon *top, const dg_dungeon *d, tally *t, uint64_t i)
{
    const dg_contents *c = d->contents, *tc = top->contents;
    char where[96];
    int cell_ft = dg_cell_feet(&d->opts);
    /* one concept for every floor */
    cr_assert_eq(c->origin, tc->origin, "dungeon %llu: the origin changes between floors", (unsigned long long)i);
    cr_assert_eq(c->history, tc->history);
    cr_assert_eq(c->theme, tc->theme);
    cr_assert_eq(c->n_factions, tc->n_factions);
    char a[200], b[200];
    dg_contents_name(c, a, sizeof a);
    dg_contents_name(tc, b, sizeof b);
    cr_assert_str_eq(a, b);
    /* the details follow the concept */
    const char *walls = dg_contents_word(DG_WORDS_WALLS, c->details.walls);
    const char *temp = dg_contents_word(DG_WORDS_TEMPERATURE, c->details.temperature);
    bool cave = d->opts.algorithm == DG_ALGO_CAVERNS || d->opts.layout == DG_LAYOUT_CAVERNOUS ||
                (d->opts.algorithm == DG_ALGO_GRIDMAPPER && d->opts.caves);
    if (cave) cr_assert(strstr(walls, "Natural") || strstr(walls, "Rough"), "dungeon %llu: a cave with %s walls",
                        (unsigned long long)i, walls);
    if (c->motif == DG_MOTIF_FIRE) cr_assert(!strstr(temp, "Cool") && !strstr(temp, "Cold") && !strstr(temp, "Freez"), "%s", temp);
    if (c->motif == DG_MOTIF_COLD) cr_assert(!strstr(temp, "Warm") && !strstr(temp, "Hot"), "%s", temp);

    /* light by who holds it, against lists written here: the dead, the
     * vermin and the things from below keep no lamps; outlaws and a cult
     * of men do not sit in the dark */
    const char *light = dg_contents_word(DG_WORDS_ILLUMINATION, c->details.illumination);
    bool lit = strstr(light, "torch") || strstr(light, "lantern");
    const char *holders = dg_contents_word(DG_WORDS_FACTION, c->factions[0].kind);
    static const char *const dark_holders[] = {"undead host", "swarming nest", "hive from below", "brood of scavengers"};
    static const char *const lit_holders[] = {"band of outlaws", "cult", "cult of the flame"};
    for (size_t k = 0; k < sizeof dark_holders / sizeof *dark_holders; k++)
        cr_assert(!lit || strcmp(holders, dark_holders[k]), "dungeon %llu: a %s with %s", (unsigned long long)i, holders,
                  light);
    for (size_t k = 0; k < sizeof lit_holders / sizeof *lit_holders; k++)
        cr_assert(lit || strcmp(holders, lit_holders[k]), "dungeon %llu: a %s in the %s", (unsigned long long)i, holders,
                  light);

    /* rooms */
    char seen_purpose[64][48];
    int n_purpose = 0;
    for (size_t r = 0; r < c->n_rooms; r++) {
        const dg_room_contents *rc = &c->rooms[r];
        snprintf(where, sizeof where, "dungeon %llu floor %d room %zu", (unsigned long long)i, d->floor, r + 1);
        check_encounter(c, &rc->encounter, &d->rooms[r], cell_ft, rc->water, t, where);
        if (rc->encounter.boss) /* the boss outranks its lair (CRs from ../shared) */
            for (int g = 1; g < rc->encounter.n_groups; g++) {
                const char *boss = dg_monster_info(rc->encounter.groups[0].monster)->name;
                const char *other = dg_monster_info(rc->encounter.groups[g].monster)->name;
                cr_assert_geq(fact_of(boss)->cr8, fact_of(other)->cr8, "%s: %s leads %s", where, boss, other);
            }
        for (int k = 0; k < rc->n_traps; k++) check_trap(c, &rc->traps[k], where);
        if (rc->has_treasure && rc->treasure.trapped) check_trap(c, &rc->treasure.trap, where);
        t->rooms++;
        bool empty = !rc->encounter.n_groups && !rc->n_traps && !rc->has_treasure && rc->hazard < 0;
        t->empty += empty;
        if (rc->has_treasure) {
            /* worth is the sum of what is listed */
            const dg_treasure *tr = &rc->treasure;
            long cp = tr->coins[0] + 10 * tr->coins[1] + 50 * tr->coins[2] + 100 * tr->coins[3] + 1000 * tr->coins[4];
            long gp = cp / 100;
            for (int k = 0; k < tr->n_gems; k++) gp += (long)tr->gems[k].count * tr->gems[k].value_gp;
            for (int k = 0; k < tr->n_art; k++) gp += (long)tr->art[k].count * tr->art[k].value_gp;
            cr_assert_eq(dg_treasure_value_gp(tr), gp, "%s: worth is not the sum of the parts", where);
            /* the coins fit what holds them: at fifty to the pound, a sack
             * holds 30 lb and a chest 300 lb (PHB); nothing here holds more
             * than a sarcophagus would, 400 lb */
            long coins = 0;
            for (int k = 0; k < DG_COIN_COUNT; k++) coins += tr->coins[k];
            static const struct { const char *name; long holds; } bound[] = {
                {"leather sack", 1500}, {"iron-bound chest", 15000}, {"hollowed book", 200}, {"bundle of rags", 200}};
            if (tr->container >= 0) {
                const char *what = dg_contents_word(DG_WORDS_CONTAINER, tr->container);
                long holds = 20000;
                for (size_t k = 0; k < sizeof bound / sizeof *bound; k++)
                    if (!strcmp(what, bound[k].name)) holds = bound[k].holds;
                cr_assert_leq(coins, holds, "%s: %ld coins in a %s", where, coins, what);
            }
        }
        const char *purpose = dg_contents_word(DG_WORDS_PURPOSE, rc->purpose);
        for (int k = 0; k < n_purpose; k++)
            cr_assert(strcmp(seen_purpose[k], purpose) || is_filler(purpose), "%s: a second %s on the floor", where,
                      purpose);
        if (n_purpose < 64) snprintf(seen_purpose[n_purpose++], sizeof seen_purpose[0], "%s", purpose);
        char aloud[1024];
        dg_contents_read_aloud(c, rc->id, aloud, sizeof aloud);
        check_prose(aloud, where);
        cr_assert(!rc->water || !strstr(aloud, "smells of dust"), "%s: a flooded room smells of dust", where);
        check_seen_once(aloud, where);
        for (int k = 0; k < rc->n_dressing; k++)
            for (int j = k + 1; j < rc->n_dressing; j++) cr_assert_neq(rc->dressing[k], rc->dressing[j], "%s", where);
        /* a built room has no cave in it */
        static const char *const cave_only[] = {"stalagmite", "down the rock", "crevice behind a boulder", "cairn"};
        for (size_t k = 0; !cave && k < sizeof cave_only / sizeof *cave_only; k++) {
            for (int j = 0; j < rc->n_dressing; j++)
                cr_assert_null(strstr(dg_contents_word(DG_WORDS_DRESSING, rc->dressing[j]), cave_only[k]), "%s", where);
            if (rc->n_hidden)
                cr_assert_null(strstr(dg_contents_word(DG_WORDS_HIDDEN, rc->hidden[0].kind), cave_only[k]), "%s", where);
        }
        /* a cavern has no door to be heard (seed=777 algorithm=caverns
         * floors=2 had "a door creaking somewhere" in its great den) */
        if (d->opts.algorithm == DG_ALGO_CAVERNS && rc->sound >= 0)
            cr_assert_null(strcasestr(dg_contents_word(DG_WORDS_SOUND, rc->sound), "door"), "%s: %s", where,
                           dg_contents_word(DG_WORDS_SOUND, rc->sound));
        /* the mindless and the made do not fall silent or look up; nobody
         * turns toward you in every room */
        /* the greeting is the first creature named: one that hides (and
         * so goes unnamed, test_stock_climax.c) greets nobody */
        int lead_g = -1;
        for (int g = 0; g < rc->encounter.n_groups && lead_g < 0; g++) {
            char head[8];
            snprintf(head, sizeof head, "%s", dg_monster_info(rc->encounter.groups[g].monster)->name);
            /* "Mummy" is named "mummies" in a plural */
            size_t hl = strlen(head);
            if (hl > 3 && head[hl - 1] == 'y') head[hl - 1] = '\0';
            const char *dot = strchr(aloud, '.');
            const char *at = strcasestr(aloud, head);
            if (at && dot && at < dot) lead_g = g;
        }
        if (lead_g >= 0) {
            const dg_monster *lead = dg_monster_info(rc->encounter.groups[lead_g].monster);
            const dg_statblock *sb = dg_monster_statblock(rc->encounter.groups[lead_g].monster);
            /* a golem is made and a water elemental weather, whatever their
             * Intelligence: neither falls silent */
            bool mindless = ((lead->type == DG_TYPE_UNDEAD || lead->type == DG_TYPE_OOZE) && sb && sb->scores[3] <= 3) ||
                            lead->type == DG_TYPE_CONSTRUCT || lead->type == DG_TYPE_ELEMENTAL;
            if (mindless) cr_assert(!strstr(aloud, "fall silent") && !strstr(aloud, "falls silent") &&
                                    !strstr(aloud, "look up") && !strstr(aloud, "looks up"), "%s: %s", where, aloud);
            t->greeted++;
            t->turned += strstr(aloud, "toward you.") && !strstr(aloud, "lurch");
        }
    }
    /* no dressing, sound or smell twice on a floor while its pool lasts:
     * the pools are far larger than a floor of these sizes takes */
    for (size_t r = 0; r < c->n_rooms; r++)
        for (size_t q = r + 1; q < c->n_rooms; q++) {
            const dg_room_contents *x = &c->rooms[r], *y = &c->rooms[q];
            for (int k = 1; k < x->n_dressing; k++)
                for (int j = 1; j < y->n_dressing; j++)
                    cr_assert_neq(x->dressing[k], y->dressing[j], "dungeon %llu: '%s' twice", (unsigned long long)i,
                                  dg_contents_word(DG_WORDS_DRESSING, x->dressing[k]));
            if (x->sound >= 0 && c->n_rooms <= 12) cr_assert_neq(x->sound, y->sound, "dungeon %llu: a sound twice", (unsigned long long)i);
            if (x->smell >= 0 && c->n_rooms <= 12) cr_assert_neq(x->smell, y->smell, "dungeon %llu: a smell twice", (unsigned long long)i);
        }
    /* a key lies away from its door's own rooms when it can */
    for (size_t k = 0; k < c->n_doors && k < d->n_doors; k++) {
        int kr = c->doors[k].key_room;
        if (kr <= 0) continue;
        t->keys++;
        t->keys_home += kr == d->doors[k].room || kr == d->doors[k].other;
    }
    for (size_t k = 0; k < c->n_doors; k++)
        if (c->doors[k].trapped) check_trap(c, &c->doors[k].trap, "a door");
    /* a d6 whose rows read the same (creatures and what they are doing) is
     * a smaller table: rare, not never (one level-1 character's easy band
     * is a single CR 1/8 creature) */
    if (c->n_wandering) {
        bool repeat = false;
        for (int k = 0; k < c->n_wandering; k++)
            for (int j = 0; j < k; j++) {
                const dg_encounter *x = &c->wandering[k].encounter, *y = &c->wandering[j].encounter;
                bool same = x->n_groups == y->n_groups && c->wandering[k].activity == c->wandering[j].activity;
                for (int g = 0; same && g < x->n_groups; g++)
                    same = x->groups[g].monster == y->groups[g].monster && x->groups[g].count == y->groups[g].count;
                repeat |= same;
            }
        t->tables++;
        t->tables_repeating += repeat;
    }
    /* a legendary master (typed here) is met in a lair, not in the
     * barracks or on the wandering table */
    if (c->boss >= 0) {
        const char *master = dg_monster_info(c->boss)->name;
        static const char *const legendary[] = {"Aboleth", "Androsphinx", "Gynosphinx", "Kraken", "Lich",
                                                "Mummy Lord", "Vampire", "Solar", "Tarrasque"};
        bool unique = !strncmp(master, "Adult ", 6) || !strncmp(master, "Ancient ", 8);
        for (size_t k = 0; k < sizeof legendary / sizeof *legendary; k++) unique |= !strcmp(master, legendary[k]);
        for (size_t r = 0; unique && r < c->n_rooms; r++) {
            if ((int)r + 1 == c->farthest_room) continue;
            const dg_encounter *e = &c->rooms[r].encounter;
            for (int g = 0; g < e->n_groups; g++)
                cr_assert(e->groups[g].monster != c->boss, "dungeon %llu floor %d room %zu: a second %s",
                          (unsigned long long)i, d->floor, r + 1, master);
        }
        for (int k = 0; unique && k < c->n_wandering; k++)
            for (int g = 0; g < c->wandering[k].encounter.n_groups; g++)
                cr_assert(c->wandering[k].encounter.groups[g].monster != c->boss, "dungeon %llu: a %s wanders",
                          (unsigned long long)i, master);
    }
    for (int k = 0; k < c->n_wandering; k++) {
        const dg_encounter *e = &c->wandering[k].encounter;
        snprintf(where, sizeof where, "dungeon %llu wandering %d", (unsigned long long)i, k + 1);
        check_encounter(c, e, NULL, cell_ft, false, t, where);
        /* a d6 row with nobody on it is a table a GM cannot roll on */
        cr_assert(e->n_groups > 0, "%s: an empty row", where);
        const dg_monster *lead = dg_monster_info(e->groups[0].monster);
        const char *act = dg_contents_word(DG_WORDS_ACTIVITY, c->wandering[k].activity);
        for (int g = 0; g < e->n_groups; g++) { /* wanderers move: no shrieker on patrol */
            const char *n = dg_monster_info(e->groups[g].monster)->name;
            cr_assert_geq(fact_of(n)->fastest, 10, "%s: %s wanders at %d ft", where, n, fact_of(n)->fastest);
        }
        bool mindless = lead->type == DG_TYPE_UNDEAD || lead->type == DG_TYPE_CONSTRUCT ||
                        lead->type == DG_TYPE_OOZE || lead->type == DG_TYPE_PLANT || lead->type == DG_TYPE_ELEMENTAL;
        int alone = 0;
        for (int g = 0; g < e->n_groups; g++) alone += e->groups[g].count;
        if (alone == 1) cr_assert(!strstr(act, "arguing") && !strstr(act, "captive") && !strstr(act, "comrade"),
                                  "%s: one %s %s", where, lead->name, act);
        bool beast = lead->type == DG_TYPE_BEAST || lead->type == DG_TYPE_SWARM;
        if (mindless) cr_assert(!strstr(act, "eat") && !strstr(act, "sleep") && !strstr(act, "meal") && !strstr(act, "ritual"),
                                "%s: %s %s", where, lead->name, act);
        /* fiends, dragons and aberrations hunt and torment; they do not
         * do a camp's chores */
        bool cruel = lead->type == DG_TYPE_FIEND || lead->type == DG_TYPE_DRAGON || lead->type == DG_TYPE_ABERRATION;
        if (cruel) cr_assert(!strstr(act, "trap") && !strstr(act, "supplies") && !strstr(act, "cold meal") &&
                                 !strstr(act, "comrade"),
                             "%s: %s %s", where, lead->name, act);
        if (beast) cr_assert(!strstr(act, "ritual") && !strstr(act, "arguing") && !strstr(act, "supplies") && !strstr(act, "trap"),
                             "%s: %s %s", where, lead->name, act);
    }
}

Test(stock_sense, two_thousand_dungeons_make_sense, .timeout = 600)
{
    read_facts();
    tally t = {0};
    for (uint64_t i = 0; i < DUNGEONS; i++) {
        dg_dungeon *top = make(i);
        if (!top) continue;
        const dg_contents *tc = top->contents;
        /* a name that names a creature names the boss, who is in the lair */
        char name[200];
        dg_contents_name(tc, name, sizeof name);
        for (size_t m = 0; m < dg_monster_count(); m++) {
            const char *n = dg_monster_info((int)m)->name;
            size_t nl = strlen(n), al = strlen(name);
            if (al > nl + 8 && !strcmp(name + al - nl, n) && !strncmp(name + al - nl - 8, " of the ", 8)) {
                t.named++;
                cr_assert_gt(tc->farthest_room, 0);
                const dg_encounter *lair = &tc->rooms[tc->farthest_room - 1].encounter;
                cr_assert(lair->n_groups && !strcmp(dg_monster_info(lair->groups[0].monster)->name, n),
                          "dungeon %llu: %s, but no %s leads the lair", (unsigned long long)i, name, n);
            }
        }
        if (tc->boss >= 0) {
            t.masters++;
            for (size_t k = 0; k < sizeof never_master / sizeof *never_master; k++)
                cr_assert(strcmp(dg_monster_info(tc->boss)->name, never_master[k]), "dungeon %llu: its master is a %s",
                          (unsigned long long)i, never_master[k]);
        }
        for (const dg_dungeon *d = top; d; d = d->below) check_floor(top, d, &t, i);
        if (i % 10 == 0) {
            /* the whole Markdown key reads as written too ("an iron-bound
             * chest", never "a iron-bound chest"; no ".."), line by line */
            dg_buf md;
            dg_buf_init(&md);
            dg_error e = {0};
            cr_assert_eq(dg_render(top, DG_FMT_MD, &md, &e), DG_OK, "%s", e.msg);
            char *text, *save = NULL;
            dg_buf_append(&md, "", 1, &e);
            text = (char *)md.data;
            for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
                if (line[0] == '|' || line[0] == '#') continue; /* tables and headings */
                cr_assert_null(strstr(line, ".."), "dungeon %llu: '..' in: %s", (unsigned long long)i, line);
                cr_assert_null(strstr(line, ".)."), "dungeon %llu: '.).' in: %s", (unsigned long long)i, line);
                for (const char *p = line; (p = strstr(p, " a ")) != NULL; p += 3)
                    cr_assert(!vowel_start(p + 3), "dungeon %llu: 'a' before a vowel in: %s", (unsigned long long)i, line);
            }
            dg_buf_fini(&md);
        }
        dg_dungeon_free(top);
    }
    double mixed = (double)t.mixed / (double)t.multi, empty = (double)t.empty / (double)t.rooms;
    fprintf(stderr, "sense: %ld encounters, %ld of two or more creatures, %.1f%% of those mixed; largest group %ld; "
                    "%ld rooms, %.1f%% empty; %ld names naming the boss\n",
            t.encounters, t.multi, 100 * mixed, t.largest, t.rooms, 100 * empty, t.named);
    cr_assert_geq(mixed, 1.0 / 3.0, "mixed share %.3f", mixed);
    cr_assert_leq(empty, 0.22, "empty share %.3f", empty);
    cr_assert_gt(t.named, 50);
    fprintf(stderr, "sense: %ld keys, %ld in a room their door opens from; %ld of %ld greetings 'turn toward you'\n",
            t.keys, t.keys_home, t.turned, t.greeted);
    cr_assert_lt(100 * t.keys_home, 15 * t.keys, "%ld of %ld keys in their door's room", t.keys_home, t.keys);
    cr_assert_lt(2 * t.turned, t.greeted, "%ld of %ld rooms' creatures 'turn toward you'", t.turned, t.greeted);
    fprintf(stderr, "sense: %ld masters named; %ld of %ld wandering tables repeat a row (creatures and doing); "
            "%ld groups of a lair's allies\n", t.masters, t.tables_repeating, t.tables, t.allies);
    cr_assert_lt(100 * t.tables_repeating, 5 * t.tables, "%ld of %ld wandering tables repeat a row",
                 t.tables_repeating, t.tables);
}
