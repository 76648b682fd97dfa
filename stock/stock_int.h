/* stock_int.h -- pieces of the stocking model private to libdg_stock shared by its
 * files: the generated SRD tables, the rule numbers, the word lists and
 * the passes stock.c runs one after another. Never installed. */
#ifndef DG_STOCK_INT_H
#define DG_STOCK_INT_H

#include "dg_contents.h"
#include "dg_int.h"
#include "srd_monster_ids.h"
#include "srd_tables.h"

/* What the floors already stocked hold, so that a dungeon of several floors
 * is one hoard and one deck (generate.c carries it down, floor by floor):
 * the permanent magic items found (bit id - the rules' item base), whether
 * a legendary item was, and the words dealt. */
typedef struct dg__so_far dg__so_far;

/* stock.c: dg_contents_stock without dg_stock_params_check, for parameters
 * drawn from checked options (generate.c); the public call checks first.
 * above: the floors over this one (NULL: none, a dungeon of one floor). */
dg_status dg__contents_stock(const dg_dungeon *d, const dg_stock_params *p, const dg__so_far *above,
                             dg_contents **out, dg_error *err);


/* The tables one rules edition stocks from, so that stocking reads "the
 * creature table" without asking which: dg__srd_of(c->rules)->monsters. */
typedef struct {
    const dg_monster *monsters;
    const dg_statblock *statblocks;
    int n_monsters, monster_base; /* ids monster_base.. (dg_monster_info) */
    const dg_magic_item *items;
    int n_items, item_base;
    const short *from_51;    /* 5.1 index -> this table's (-1 none); NULL: the same */
    dg_difficulty easiest, hardest; /* easy..deadly or low..high */
} dg__srd;
const dg__srd *dg__srd_of(dg_rules rules);
/* Monster or item id -> its row; the id must be s's. */
#define DG__SRD_MONSTER(s, id) (&(s)->monsters[(id) - (s)->monster_base])
#define DG__SRD_ITEM(s, id) (&(s)->items[(id) - (s)->item_base])
/* A cast entry (DG__M_*, a 5.1 index plus one) as an id of s's table; -1:
 * s has no such creature. */
int dg__srd_cast(const dg__srd *s, int cast_id);

/* stock_rules.c: encounters.md's and traps.md's numbers, and ours. */
/* The party's XP threshold for difficulty d: per-character figure x party. */
long dg__xp_threshold(int level, int party, dg_difficulty d);
/* The band an encounter of difficulty d must fall in: [lo, hi). */
void dg__xp_band(int level, int party, dg_difficulty d, long *lo, long *hi);
/* 2024: the party's XP budget for difficulty d (DG_DIFF_LOW..HIGH):
 * per-character figure x party; and its band [lo, hi), hi the budget plus
 * one (the budget is spent, never overspent). */
long dg__xp_budget_2024(int level, int party, dg_difficulty d);
void dg__xp_band_2024(int level, int party, dg_difficulty d, long *lo, long *hi);
/* Group multiplier times 2 (x1.5 -> 3) for `count` monsters facing a party
 * of `party`, with the party-size step. */
int dg__multiplier2(int count, int party);
/* Largest CR (times 8) a monster may have at this level. */
int dg__max_cr8(int level);
/* Trap t's numbers (t->kind set) for a severity at a level, by the
 * rules' tables: SRD 5.1's severity tables, or at rules=2024 SRD 5.2.1's
 * nuisance and deadly traps (setback and dangerous read as nuisance); a
 * pit's damage is its fall, 1d6 a 10 ft (t->fall_ft), up to 20d6. */
void dg__trap_numbers(dg_rng *r, int level, dg_rules rules, dg_severity s, dg_trap *t);
/* A trap one severity milder (deadly -> dangerous, or nuisance at 2024),
 * its numbers drawn again: a room for a party of level 1-4 holds at most
 * one deadly trap. */
void dg__trap_milder(dg_rng *r, int level, dg_rules rules, dg_trap *t);
/* Gem and art values (gp) by tier; tier count. */
int dg__gem_value(int tier);
int dg__art_value(int tier);
#define DG__GEM_TIERS 6
#define DG__ART_TIERS 5
/* names a value tier has (stock_words.c), the DMG's d10 or so; a hoard
 * names three of them at most (DG_TREASURE_MAX_LOTS) */
#define DG__VALUABLE_NAMES 10
extern const char *const dg__gem_names[]; /* stock_valuables.c: DG__GEM_TIERS x DG__VALUABLE_NAMES */
extern const char *const dg__art_names[]; /* DG__ART_TIERS x DG__VALUABLE_NAMES */

/* stock_origins.c: what a dungeon was built as. */
typedef enum {
    DG__ORIGIN_TOMB, DG__ORIGIN_TEMPLE, DG__ORIGIN_MINE, DG__ORIGIN_FORTRESS, DG__ORIGIN_PRISON,
    DG__ORIGIN_CISTERN, DG__ORIGIN_SANCTUM, DG__ORIGIN_VAULT, DG__ORIGIN_CAVERN, DG__ORIGIN_DEN,
    DG__ORIGIN_COUNT
} dg__origin;
#define DG__ORIGIN_PLACES 3
#define DG__ORIGIN_HISTORIES 8
#define DG__ORIGIN_PURPOSES 8
#define DG__PURPOSE_FILLERS 4
/* What a room's furnishings ask of who lives there: beds and bedding a
 * cast that sleeps, books, desks and pulpits one that reads. */
#define DG__FOR_SLEEPERS 1u
#define DG__FOR_READERS 2u
typedef struct { const char *name, *dressing; unsigned char needs; } dg__purpose;
typedef struct {
    const char *text;                          /* "a royal tomb" */
    const char *places[DG__ORIGIN_PLACES];     /* the name's place word */
    const char *history[DG__ORIGIN_HISTORIES]; /* how it was built and fell */
    const char *floors[2], *walls[2];          /* DG_WORDS_FLOOR / WALLS text */
    const char *temperature;                   /* when no motif says otherwise */
    bool natural;                              /* a cave map draws only these */
    dg__purpose purposes[DG__ORIGIN_PURPOSES]; /* 0 the lair, 1 the troops' quarters */
} dg__origin_row;
extern const dg__origin_row dg__origins[DG__ORIGIN_COUNT];
extern const dg__purpose dg__purpose_fillers[DG__PURPOSE_FILLERS];
/* Whose rooms floor f (0 the top) was built with: the top floor the
 * origin's own, a lower floor what lies below such a place (a tomb's
 * chapels, then its treasury), so a lower floor is not the top's copy. */
int dg__floor_origin(int origin, int floor);
/* Whether the creatures of e may live among what purpose p's room holds
 * (DG__FOR_*), and whether they sleep / read at all. */
bool dg__occupants_sleep(const dg_encounter *e);
bool dg__occupants_read(const dg_encounter *e);
bool dg__occupants_furred(const dg_encounter *e);
/* Two more furnishings for each origin's purposes 0 and 1 and each filler,
 * for a room that repeats one (stock.c). */
#define DG__PURPOSE_AGAIN (DG__ORIGIN_COUNT * 2 + DG__PURPOSE_FILLERS)
extern const char *const dg__purpose_again[DG__PURPOSE_AGAIN][2];

/* stock_themes.c: who holds a dungeon, by role. Row motif - 1 is that
 * motif's; the rows from DG__THEME_GOBLINS on are drawn at motif none. */
typedef enum { DG__ROLE_BOSS, DG__ROLE_LEADER, DG__ROLE_TROOP, DG__ROLE_BEAST, DG__ROLE_COUNT } dg__role;
enum {
    DG__THEME_GOBLINS = DG_MOTIF_COUNT - 1, DG__THEME_ORCS, DG__THEME_KOBOLDS, DG__THEME_BANDITS,
    DG__THEME_CULT, DG__THEME_GNOLLS, DG__THEME_LIZARDFOLK, DG__THEME_WERERATS, DG__THEME_HAGS,
    DG__THEME_COUNT
};
#define DG__CAST_MAX 10
#define DG__ALLIES_MAX 4
/* From this level (tier 3) a lair its own cast cannot bring to the top
 * band takes the theme's allies; from DG__ALLY_MASTER_LEVEL (tier 4) one
 * of them may lead it, as the master. */
#define DG__ALLY_LEVEL 11
#define DG__ALLY_MASTER_LEVEL 11
#define DG__THEME_NAMES 3
#define DG__THEME_DRESSING 4
typedef struct {
    const char *kind;                          /* "goblin tribe": the faction's kind */
    dg_motif motif;                            /* NONE: a concept drawn at motif none */
    int min_level, max_level;                  /* levels a motif-none concept serves */
    unsigned origins;                          /* bit per dg__origin it fits */
    unsigned short cast[DG__ROLE_COUNT][DG__CAST_MAX]; /* DG__M_* (index + 1), 0 ends */
    /* mighty creatures of the theme's fiction outside its cast, for a
     * tier 3-4 lair the cast cannot bring to the top band (never any
     * other room); allies_from ends the key's line on them ("... from the
     * deep sea, bound by ...") */
    unsigned short allies[DG__ALLIES_MAX];
    const char *allies_from;
    const char *names[DG__THEME_NAMES];        /* its factions' own names */
    const char *dressing[DG__THEME_DRESSING];
    const char *sound[2], *smell[2], *corridor[2];
    const char *special;
} dg__theme;
extern const dg__theme dg__themes[DG__THEME_COUNT];
size_t dg__theme_count(void);
const dg__theme *dg__theme_of(int t);

/* stock_words.c: word lists; the themed ones (dressing, sounds, smells,
 * corridor signs, specials) are the general entries, then each theme's. */
/* A deck per list: within one dungeon no entry is drawn twice until the
 * entries it may draw from are spent. */
/* The bits set in x, inline: __builtin_popcountll without -mpopcnt (the
 * x86-64 baseline has no such instruction) is a call into libgcc, and
 * the word decks and item pools count a few words at every draw. */
static inline int dg__bits64(uint64_t x)
{
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

typedef struct { uint64_t used[DG_WORDS_COUNT][4]; } dg__deck;
struct dg__so_far {
    uint64_t items[4];
    bool legendary;
    dg__deck deck;
    /* the floors' lairs' fights so far: a lower floor's lair is not the
     * same fight again ("four behirs and eight basilisks" on all three) */
    dg_encounter lairs[DG_MAX_FLOORS];
    int n_lairs;
};
/* stock.c: adds floor c's items and words to f. */
void dg__so_far_add(dg__so_far *f, const dg_contents *c);
/* stock_treasure.c: adds the items of floor c's rooms but room `except` to f. */
void dg__so_far_items(dg__so_far *f, const dg_contents *c, int except);
/* An entry of list w for theme (its own entries first half the time),
 * not yet drawn from deck (which it marks). */
int dg__word_deal(dg__deck *deck, dg_rng *r, dg_words w, int theme, bool natural);
/* Index of theme t's k-th entry of a themed list, or of origin o's entries. */
int dg__word_theme_entry(dg_words w, int theme, int k);
int dg__word_purpose(int origin, int k);     /* k past the origin's: a filler */
int dg__word_history(int origin, int k);
/* A secret door's mechanism: one of the first DG__SECRETS_DRAWN drawn,
 * then a furnished one (a bookcase) kept only where the room on either
 * side (NULL: a corridor) shows that furniture, else its plain stand-in. */
#define DG__SECRETS_DRAWN 8
int dg__secret_in(int drawn, const dg_room_contents *a, const dg_room_contents *b);
int dg__word_purpose_dressing(int purpose); /* the DRESSING entry of a PURPOSE entry */
/* The DRESSING entry of purpose's k-th other furnishing (k 0 or 1), -1 none. */
int dg__word_purpose_again(int purpose, int k);
int dg__word_place(int origin, int k);
int dg__word_by_text(dg_words w, const char *text);
/* Two phrases echo each other when a word of four letters or more begins
 * alike in both, small words of prose aside ("rows of narrow stone beds"
 * and "a narrow bed frame", "shelves of empty jars" and "a shelf",
 * stalactites and stalagmites "like" something): a room's dressing and what
 * it shows of a hiding place never do. A phrase's stems are its words'
 * first four letters, packed; made once a phrase, compared as integers;
 * `some` has a bit set for each (of 64, by the stem), so two phrases with
 * no bit in common share no stem, known at one test. */
#define DG__STEMS_MAX 12
typedef struct {
    uint32_t stem[DG__STEMS_MAX];
    int n;
    uint64_t some;
} dg__stems;
void dg__word_stems(const char *phrase, dg__stems *out);
bool dg__stems_share(const dg__stems *a, const dg__stems *b);
/* most pairs share no bit: one test, inline */
static inline bool dg__stems_meet(const dg__stems *a, const dg__stems *b)
{
    return (a->some & b->some) && dg__stems_share(a, b);
}
/* Dressing phrase i's stems, and the map features its words cue (a bit
 * per row of stock_features.c's cue table): stock_word_facts.c's, worked
 * out once a process. Borrowed: static. */
const dg__stems *dg__dressing_stems(int i);
/* Smell i's and sound i's stems: the facts' own (static), or made in out. */
const dg__stems *dg__smell_stems(int i, dg__stems *out);
const dg__stems *dg__sound_stems(int i, dg__stems *out);
uint32_t dg__dressing_cues(int i);
/* Whether dressing phrase i is bedding, smell i is of fur (wet fur, wet
 * dog); the smell "dust"'s index. Also stock_word_facts.c's. */
bool dg__dressing_bedding(int i);
bool dg__dressing_dry(int i); /* "a dry font", "... thick with dust": not for a flooded room */
bool dg__smell_furry(int i);
int dg__sound_silence(void); /* the sound that is no sound: only where nobody lives */
int dg__smell_dust(void);
bool dg__container_sarcophagus(int i); /* container i is a sarcophagus (stock_features.c draws one) */
/* The furnished secret doors (a bit per row of stock_words.c's
 * furnished_secret) whose furniture phrase names: dg__secret_furniture
 * reads it, dg__dressing_secrets keeps dressing phrase i's (stock_word_facts.c). */
uint32_t dg__secret_furniture(const char *phrase);
uint32_t dg__dressing_secrets(int i);
/* stock_features.c: the cues of each of the first n dressing phrases, into found[]. */
void dg__feature_cues_all(uint32_t *found, size_t n);
/* What the party sees of hazard i (lower case, no full stop). */
const char *dg__hazard_seen(int i);
/* What the party sees of hiding place i (DG_WORDS_HIDDEN), NULL nothing. */
/* stock_hiding.c, a row per hiding place of DG_WORDS_HIDDEN (stock_words.c) */
#define DG__HIDING_PLACES 13
const char *dg__hidden_seen(int i);
/* ... the start of the word of the thing it is by ("rubble", "shel"), and
 * the thing as a sentence of its own; NULL for none */
const char *dg__hidden_thing(int i);
const char *dg__hidden_alone(int i);
/* Whether hiding place i can hold a key or a purse (not a spyhole). */
bool dg__hidden_holds(int i);
/* An activity that suits monster (an id) at the head of count creatures:
 * mindless things and elementals neither eat nor plot, animal wits hunt,
 * one alone neither argues nor drags a captive. */
int dg__activity_pick(dg_rng *r, int monster, int count);
/* Whether trap kind k is a pit (its damage is its fall). */
bool dg__trap_kind_pit(int k);
/* Trap kinds that suit a motif, first half the time; never kind `avoid`
 * (-1: any), the room's other trap. */
int dg__trap_pick(dg_rng *r, dg_motif motif, bool on_container, int avoid);
/* The trigger that suits a trap kind and its place. */
dg_trigger dg__trap_trigger(dg_rng *r, int kind, bool on_container);

/* magic_grades.c: the grades of a "varies" item at a rarity (how many,
 * one drawn, -1 none; item's grade of that label) */
int dg__item_grades_at(int item, dg_rarity rarity);
int dg__item_grade_pick(dg_rng *r, int item, dg_rarity rarity);
int dg__item_grade_of(int item, const char *label);
/* The "varies" items with a grade at the rarity, by name: for a pool that
 * asks dg__item_grades_at of every item, the grades read once. */
#define DG__GRADED_MAX 32
typedef struct {
    const char *name[DG__GRADED_MAX];
    int n;
    dg_rarity rarity;
    bool overflow;           /* more names than fit: each item asked afresh */
} dg__graded;
void dg__items_graded_at(dg_rarity rarity, dg__graded *out);
/* Whether item (an id) is one of g's: dg__item_grades_at(item, rarity) > 0
 * for g of that rarity. */
bool dg__graded_has(const dg__graded *g, int item);

/* stock_words.c's containers, in this order: where a purse lies (the
 * first DG__CONTAINERS_HUMBLE, of which those from DG__CONTAINERS_SMALL
 * hold only a few coins), then the lockable ones up to
 * DG__CONTAINERS_LOCKABLE_END, then the rest */
#define DG__CONTAINERS_SMALL 3
#define DG__CONTAINERS_HUMBLE 5
#define DG__CONTAINERS_LOCKABLE_END 8
/* stock_words.c: how many coins container i holds */
int dg__container_holds(int i);
/* Whether container i (-1: loose coins) fits into a hiding place. */
bool dg__container_hides(int i);

/* stock_encounter.c */
/* Builds an encounter of difficulty d whose adjusted XP lies in its band,
 * from theme w->theme's cast by role; false when the cast cannot (the
 * caller then tries an easier difficulty, then a harder one). */
typedef struct {
    int level, party;
    int theme;               /* whose cast */
    bool lair;               /* the boss leads it */
    dg_size max_size;        /* the largest creature the room holds */
    int room_squares;        /* the room's floor in 5-ft squares, 0 no room (wandering) */
    int boss;                /* lair: this boss (a reroll keeps it), -1 any of the cast's */
    int master;              /* the dungeon's boss once the lair is stocked, else -1: a
                              * dungeon ruled by a dragon holds no dragon of another colour */
    dg_rules rules;          /* whose creatures and XP rules */
    bool uncapped;           /* the caps on the mighty's numbers lifted (a last resort) */
    bool war;                /* outside a lair, a war band (leader, lieutenants, followers)
                              * for a wandering row nothing else fills, before the caps lift */
    bool allies;             /* outside a lair, the theme's allies too: a wandering row that
                              * nothing else fills, at the tiers allies come (a remorhaz's
                              * nest for one level-17 character: three of the nest's own
                              * make no band), rather than an empty row */
    int most_cr8;            /* nobody above this challenge (x8); 0 no limit: nobody
                              * outside the master's own lair (a lower floor's lair,
                              * any room, a wanderer) outranks the dungeon's master */
    int low_floor_percent;   /* 2024 low from this share of its budget, 0 our half;
                              * the SRD sets no floor (an empty lair's last resort) */
    int shun;                /* a creature left out (the master's own kind away from its
                              * lair: the rest of the cast first), -1 none */
    bool crowd;              /* the lair's top band, which half its floor and three groups
                              * could not reach: the followers crowd its whole floor, and a
                              * second kind of them joins (dg__war_band) */
    const dg_encounter *joins; /* a wave of reinforcements (stock_waves.c): the fight it
                              * joins, whose XP and number count in the band; no creature
                              * with legendary actions (one of a kind in the whole fight) */
    struct dg__cast_memo *memo; /* the stocking's read of the cast (stock_band.h), NULL none */
} dg__enc_want;
bool dg__encounter_build(dg_rng *r, const dg__enc_want *w, dg_difficulty d, dg_encounter *out);
/* A lair's encounter e, built for lair and short of band want, joined by a
 * wave of reinforcements that lifts the whole fight to want or the
 * nearest band above e's (stock_waves.c); false, e unchanged, when none. */
bool dg__stock_wave(dg_rng *r, const dg__enc_want *lair, dg_difficulty want, dg_encounter *e);

/* stock_treasure.c: every room's treasure, from stream DG__STREAM_TREASURE
 * + room id, once the encounters are in place (lair: room id, 0 none). A
 * room holds treasure when it is a hoard room or stocking asked for one
 * (has_treasure set on entry). The floor's hoards share 1/floors of the
 * dungeon's (1.5 times one hoard's most for the party's tier); no
 * permanent item of `taken` (the floors above, marked as it goes) is found
 * again, and no second legendary one. */
void dg__treasure_stock(dg_contents *c, uint64_t seed, int lair, int floors, dg__so_far *taken);
/* The most magic items of one rarity (stock_treasure.c's rows, listed
 * once a process): either rules' whole table. */
#define DG__ITEM_ROWS (DG__MAGIC_ITEM_COUNT > DG__MAGIC_ITEM_COUNT_2024 ? DG__MAGIC_ITEM_COUNT : DG__MAGIC_ITEM_COUNT_2024)
/* One room's treasure on stream index `index` (the room id, or a reroll's
 * variant of it): a hoard, or what has_treasure asked for; its items not
 * among taken's (which it marks). */
void dg__treasure_room(const dg_contents *c, uint64_t seed, uint64_t index, dg_room_contents *rc, bool hoard,
                       dg__so_far *taken);
/* Fits room rc's treasure into what its floor's share leaves besides the
 * other rooms' (a rerolled room: the others never change). */
void dg__treasure_fit(dg_contents *c, dg_room_contents *rc, int floors);
/* The most one hoard of the challenge band holds, coins, gems and art, in cp. */
long dg__hoard_max_cp(int band);


/* stock_paths.c: the entrance and distances from it. dist[i] is room
 * i+1's distance in steps (-1 unreachable), door_dist[i] locked door i's
 * (-1 for other doors and unreached ones); both arrays the caller's.
 * Read from w, the floor's walk from its entrance. */
typedef struct {
    dg_point entrance;
    int entrance_room;
    int *dist;
    int *door_dist;
} dg__paths;
/* stock_locks.c: the floor's designed lock-and-key cycle, when its map
 * has one: the locked door on the short way to the lair (core's
 * dg__lock_cycle_find) gets its key moved to the far end of the long way
 * round, and is marked designed. After stock_doors, before the marks; w
 * is the floor's walk from its entrance (dg__paths_find's, used up).
 * DG_ENOMEM only. */
dg_status dg__stock_locks(dg_contents *c, const dg_dungeon *d, dg__entrance_walk *w, dg_error *err);
void dg__paths_find(const dg_dungeon *d, const dg__entrance_walk *w, dg__paths *p);

/* Stream constants: each part of the model draws from its own stream,
 * (seed, DG__STREAM_* + index), so basic and full agree on what they share
 * and a new part never moves an old one. */
/* 0x73746f636b000000 was the dungeon's details; the concept has its own now */
#define DG__STREAM_ROOM      0x73746f636b100000ULL
#define DG__STREAM_DRESS     0x73746f636b200000ULL
#define DG__STREAM_DOOR      0x73746f636b300000ULL
#define DG__STREAM_WANDER    0x73746f636b400000ULL
#define DG__STREAM_CORRIDOR  0x73746f636b500000ULL
#define DG__STREAM_CONCEPT   0x73746f636b600000ULL
#define DG__STREAM_PLACE     0x73746f636b700000ULL
#define DG__STREAM_TREASURE  0x73746f636b800000ULL
#define DG__STREAM_POOL      0x73746f636ba00000ULL
#define DG__STREAM_FEATURE   0x73746f636b900000ULL
#define DG__STREAM_TRAP      0x73746f636bb00000ULL
#define DG__STREAM_FURNISH   0x73746f636bc00000ULL
#define DG__STREAM_ADVENTURE 0x73746f636bd00000ULL

/* stock_features.c: the physical features the map draws (c->features),
 * read from what the key already says of each room (dressing, water,
 * treasure's container) and d->opts.pillars, on squares drawn from stream
 * DG__STREAM_FEATURE + room id; runs last, so no other draw moves. Every
 * depth (pillars need no key). DG_ENOMEM only. */
dg_status dg__features_place(dg_contents *c, const dg_dungeon *d, uint64_t seed, dg_error *err);

/* stock_concept.c: the dungeon's concept (origin, theme, factions,
 * history, details, name words), the same on every floor: drawn from
 * p->concept_seed alone. */
void dg__concept_draw(dg_contents *c, const dg_stock_params *p);

/* A part's stream: (seed, DG__STREAM_* + index). */
static inline dg_rng dg__stock_stream(uint64_t seed, uint64_t base, uint64_t index)
{
    dg_rng r;
    dg_rng_seed(&r, seed, base + index);
    return r;
}

/* Variant v of room id's stream: 0 the room as first stocked, 1.. its
 * rerolls (the reroll key), each a stream no other room draws from. */
static inline uint64_t dg__stock_variant(int id, int v) { return (uint64_t)id + ((uint64_t)v << 32); }

/* What stocking carries from room to room: the word decks, the origin's
 * rooms already given, the map's square size. stock_floor sets each
 * field by name (no initializer zeroing the deck it then copies in): a
 * field added here is set there. */
typedef struct {
    dg__deck deck;
    unsigned purposes_used;  /* bit k: the origin's purpose k is taken */
    int fillers;
    int cell_ft;
} dg__stocker;

/* stock_room.c: one room's contents (see there); the lair's encounter is
 * the rules' hardest. dg__stock_encounter with room_squares 0 builds a
 * wandering row (never empty while the cast has anyone). */
void dg__stock_room(dg_contents *c, const dg_room *room, int cell_ft, uint64_t seed, dg_room_contents *rc,
                    bool lair, int variant);
void dg__stock_dress(dg_contents *c, dg__stocker *st, uint64_t seed, dg_room_contents *rc, int variant);
/* Whether dressing line w suits rc's occupants (no bedding for those who
 * never sleep). */
bool dg__dressing_fits(const dg_room_contents *rc, int w);
/* Whether smell w suits rc's occupants (no wet fur for a remorhaz). */
bool dg__smell_fits(const dg_room_contents *rc, int w);
void dg__stock_marks(const dg_dungeon *d, uint64_t seed, dg_room_contents *rc, int variant);
int dg__stock_faction(dg_rng *r, const dg_contents *c);
/* guard: a room near the lair, where the master's own kind may stand;
 * elsewhere (a room, a wandering row) it comes only when the rest of the
 * cast fills no band that way. */
void dg__stock_encounter(dg_rng *r, const dg_contents *c, int faction, dg_difficulty d, bool lair, bool guard,
                         dg_size max_size, int room_squares, dg_encounter *e);
int dg__encounter_count(const dg_encounter *e);
/* A trap of any kind but `avoid` (-1: any). */
void dg__stock_trap(dg_rng *r, const dg_contents *c, bool on_container, int avoid, dg_trap *t);

/* adventure*.c: the adventure, after every other pass (so no draw moves).
 * dg__adventure_floor, per floor at depth full, once rerolls are done:
 * the third faction (splinter or guardians) and its rooms, who holds each
 * key, the clues; every choice reads only what a reroll keeps (ids,
 * distances, purposes, doors, the lair) or the room's own contents, so a
 * reroll changes no other room. dg__adventure_build, once the floors are
 * stocked: the top's adventure from every floor (maps[i] and floors[i]
 * floor i). DG_ENOMEM only. */
void dg__adventure_floor(dg_contents *c, const dg_dungeon *d, uint64_t seed);
/* An empty lair gets its floor's chief (adventure.c): called by stocking
 * before the other rooms, so none of them outguns it; a no-op on a lair
 * that holds a fight. */
void dg__adventure_fill_lair(dg_contents *c, const dg_dungeon *d, uint64_t seed);
dg_status dg__adventure_build(const dg_dungeon *const *maps, dg_contents *const *floors, int n, dg_error *err);
void dg__adventure_factions_mark(dg_contents *c);
void dg__adventure_keys(dg_contents *c, const dg_dungeon *d, uint64_t seed);
void dg__adventure_clues(dg_contents *c, const dg_dungeon *d, uint64_t seed);
/* DG_ENOMEM (err set) when its working list cannot be had */
dg_status dg__adventure_rumours(dg_adventure *a, const dg_dungeon *const *maps, dg_contents *const *floors, int n,
                                dg_rng *r, dg_error *err);
void dg__adventure_leaders(dg_adventure *a, dg_contents *const *floors, int n, dg_rng *r);
/* adventure_words.c: the phrase tables, and one template filler */
#define DG__ADV_FACTION_NAMES 24 /* splinters' 0..11, guardians' 12..23 */
extern const char *const dg__adv_faction_names[DG__ADV_FACTION_NAMES];
typedef struct {
    const dg_contents *c;    /* the top floor's (its adventure may be NULL while built) */
    const dg_adventure *a;   /* {object} {gp} {patron} {master} */
    const dg_adv_who *who;   /* {who} {a_who} {room} {purpose}; NULL none */
    int faction, other;      /* {faction} {other}: faction indices, -1 */
    bool sentence;           /* capitalise the first letter */
} dg__adv_ctx;
size_t dg__adv_fill(char *buf, size_t cap, const char *tmpl, const dg__adv_ctx *x);
/* a creature's name as prose: "giant spider" */
void dg__adv_lower(const char *name, char *buf, size_t cap);
/* A creature's name as a plural in lower case, as the read-aloud writes
 * it ("mummies", "remorhazes", "oni", "swarms of rats"): stock_read_aloud.c. */
void dg__creature_plural(const char *name, char *buf, size_t cap);
/* stock_rules.c: whether a creature can talk and deal (a language,
 * Intelligence 6 or more). */
/* Whether a creature roams the corridors, so wanders, answers an alarm
 * or comes as reinforcements: walking, flying or burrowing 15 ft. or more
 * (data/srd.h's land_ft: not a roper on its perch, not a shark, which
 * only swims; a gelatinous cube, 15 ft., still does). */
#define DG__ROAM_FT 15
static inline bool dg__monster_roams(const dg_monster *m) { return m->land_ft >= DG__ROAM_FT; }
static inline bool dg__roams(int monster)
{
    const dg_monster *m = dg_monster_info(monster);
    return m && dg__monster_roams(m);
}
bool dg__adv_talks(int monster);
/* stock_rules.c: the same, and dg_monster_lives_in_water, read from the
 * creature's SRD row and stat block; stock_creatures.c packs them once a
 * process and answers the two from there (the stat block, cold, was
 * their cost: read for every creature the adventure and dressing ask of). */
bool dg__adv_talks_read(int monster);
bool dg__lives_in_water_read(int monster);
/* Whether a creature keeps a place rather than takes it (undead, constructs). */
bool dg__adv_guardian(int monster);
/* the phrase tables (adventure_words.c), in its parts[] order; a model
 * field naming a phrase holds table * DG__ADV_TABLE_STEP + index */
enum {
    DG__ADV_T_PATRON_NAME, DG__ADV_T_PATRON_ROLE, DG__ADV_T_GOAL, DG__ADV_T_OBJECT, DG__ADV_T_CAPTIVE,
    DG__ADV_T_ASK, DG__ADV_T_STAKE, DG__ADV_T_REWARD, DG__ADV_T_THEME_WANT, DG__ADV_T_SPLINTER_WANT,
    DG__ADV_T_GUARDIAN_WANT, DG__ADV_T_REASON, DG__ADV_T_RUMOUR, DG__ADV_T_ALARM, DG__ADV_T_CHAPTER,
    DG__ADV_T_CARRY
};
#define DG__ADV_TABLE_STEP 1000
int dg__adv_table_count(int table);
const char *dg__adv_table(int table, int i);
const char *dg__adv_hiding(int i, bool natural);
#define DG__ADV_PATRON_ROLES 12
/* someone of patron's own household ("the sage's apprentice") */
const char *dg__adv_household(int patron);
/* the patron by role alone ("the reeve"), for a sentence naming them again */
const char *dg__adv_patron_title(int patron);
/* The patron drawn (name x role), or, for a reward over what a humble
 * patron has (a reeve, an innkeeper, a young noble deep in debt), one of
 * the same name whose role can pay it. */
#define DG__ADV_HUMBLE_PURSE_GP 2500
int dg__adv_patron_for(int patron, long reward_gp);
/* Whether the thing sought (DG__ADV_T_OBJECT index) is papers, a seal or a
 * ledger: what a lawsuit turns on. */
bool dg__adv_object_papers(int object);
#define DG__ADV_STAKES 6
#define DG__KEY_IN_FEATURE 100 /* key_hidden: in the room's own hidden feature */
#define DG__ADV_CLUE_KINDS 6
typedef enum { DG__CLUE_LAIR, DG__CLUE_KEY, DG__CLUE_SECRET, DG__CLUE_STAIRS, DG__CLUE_TRAPPED, DG__CLUE_GOAL } dg__clue_target;
int dg__adv_clue_pick(dg_rng *r, dg__clue_target t);
/* The phrase after `phrase` among target t's (the first after the last). */
int dg__adv_clue_next(int phrase, dg__clue_target t);
const char *dg__adv_clue_phrase(int kind);
int dg__adv_hiding_count(bool natural);

#endif
