/* dg_contents.h -- the stocking model: what lives in a finished map's rooms
 * (monsters, traps, treasure, dressing, hidden features), its doors' locks,
 * traps and keys, wandering monsters, corridor features, the dungeon's
 * details, history, factions and name: the public header of libdg_stock,
 * the fiction above core's maps. Pure C11, no I/O, like core.
 *
 * The model is plain structs of numbers and indices into the product's
 * tables, never pre-formatted text: an encoder prints a room by asking the
 * accessors below (dg_monster_info, dg_trap_kind_info, dg_contents_word,
 * ...) for the words and figures. Stocking reads the dungeon and never
 * changes it, and draws from streams of its own seeded from the map's seed,
 * so the map is byte-identical whatever the contents say.
 *
 * Monsters and magic items come from SRD 5.1 (CC BY 4.0), or at rules=2024
 * from SRD 5.2.1 (CC BY 4.0); an output that lists them carries the
 * chosen rules' attribution (dg_rules_attribution: DG_SRD_ATTRIBUTION or
 * DG_SRD_ATTRIBUTION_2024). The rules are docs/stocking.md. */
#ifndef DG_CONTENTS_H
#define DG_CONTENTS_H

#include "dg.h"
#include "srd.h" /* the SRD tables' records: data/ */

#define DG_SRD_ATTRIBUTION                                                    \
    "This work includes material taken from the System Reference Document "   \
    "5.1 (\"SRD 5.1\") by Wizards of the Coast LLC and available at "         \
    "https://dnd.wizards.com/resources/systems-reference-document. The SRD "  \
    "5.1 is licensed under the Creative Commons Attribution 4.0 "             \
    "International License available at "                                     \
    "https://creativecommons.org/licenses/by/4.0/legalcode."
/* SRD 5.2.1's own statement (../shared/data/srd-5.2/README.md), word for word */
#define DG_SRD_ATTRIBUTION_2024                                               \
    "This work includes material from the System Reference Document 5.2.1 "  \
    "(\"SRD 5.2.1\") by Wizards of the Coast LLC, available at "              \
    "https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the "     \
    "Creative Commons Attribution 4.0 International License, available at "   \
    "https://creativecommons.org/licenses/by/4.0/legalcode."

/* ------------------------------------------------------- value lists */

/* The model's value lists, as X-macro lists (ENUM, "name") like dg.h's
 * (depth and motif, being options, are dg.h's own). */
#define DG_DIFFICULTIES(X)                                                    \
    X(DG_DIFF_EASY, "easy") X(DG_DIFF_MEDIUM, "medium") X(DG_DIFF_HARD, "hard") \
    X(DG_DIFF_DEADLY, "deadly")                                               \
    X(DG_DIFF_LOW, "low") X(DG_DIFF_MODERATE, "moderate") X(DG_DIFF_HIGH, "high") /* rules=2024 */
#define DG_SEVERITIES(X)                                                      \
    X(DG_SEV_SETBACK, "setback") X(DG_SEV_DANGEROUS, "dangerous")             \
    X(DG_SEV_DEADLY, "deadly")                                                \
    X(DG_SEV_NUISANCE, "nuisance") /* rules=2024: SRD 5.2.1's nuisance or deadly */
#define DG_COINS(X)                                                           \
    X(DG_COIN_CP, "cp") X(DG_COIN_SP, "sp") X(DG_COIN_EP, "ep")               \
    X(DG_COIN_GP, "gp") X(DG_COIN_PP, "pp")

#define DG_X(code, name) code,
typedef enum { DG_DIFFICULTIES(DG_X) DG_DIFF_COUNT } dg_difficulty;
typedef enum { DG_SEVERITIES(DG_X) DG_SEV_COUNT } dg_severity;
typedef enum { DG_COINS(DG_X) DG_COIN_COUNT } dg_coin;
#undef DG_X

/* Value names; "" when out of range. The option table reads the counts
 * (DG_DEPTH_COUNT, DG_MOTIF_COUNT) and these to list what is allowed. */
const char *dg_depth_name(int v);
const char *dg_motif_name(int v);
const char *dg_difficulty_name(int v);
const char *dg_severity_name(int v);
const char *dg_coin_name(int v);
const char *dg_rarity_name(int v);
const char *dg_creature_size_name(int v);
const char *dg_creature_type_name(int v);

/* The level, party, motif, contents and name parameters take what their
 * option keys take (core/option_keys.c's rows); the floor is stocking's own. */
/* DG_STOCK_FLOOR_MAX: dg_limits.h */
#define DG_STOCK_NAME_BYTES (4 * DG_NAME_MAX + 1) /* DG_NAME_MAX characters of UTF-8 */

/* ------------------------------------------------------ SRD tables */


/* Static tables: NULL past the end. Monsters sorted by XP, then name.
 * A monster or item id names its table as well as its row: ids 0.. are
 * SRD 5.1's (the 2014 rules), ids DG_MONSTER_ID_2024.. (DG_ITEM_ID_2024..)
 * SRD 5.2.1's (rules=2024), so a renderer looks up what an encounter or a
 * hoard holds without being told the rules (dg_contents.rules says them).
 * dg_monster_count() and dg_magic_item_count() count the 2014 tables;
 * dg_rules_*_count() either. */
#define DG_MONSTER_ID_2024 1000
#define DG_ITEM_ID_2024 1000
size_t dg_rules_monster_count(dg_rules rules);
size_t dg_rules_magic_item_count(dg_rules rules);
/* The rules' first id (0 or DG_*_ID_2024): its ids run on from there. */
int dg_rules_monster_base(dg_rules rules);
int dg_rules_magic_item_base(dg_rules rules);
/* The attribution an output listing the rules' SRD material carries. */
const char *dg_rules_attribution(dg_rules rules);
/* "2014", "2024"; "" out of range. */
const char *dg_rules_name(int rules);
size_t dg_monster_count(void);
const dg_monster *dg_monster_info(int i);
size_t dg_magic_item_count(void);
const dg_magic_item *dg_magic_item_info(int i);
/* A magic item as found: grade (dg_treasure.item_grades) names what a
 * "varies" entry is ("Spell Scroll, 2nd level", uncommon); -1 the entry
 * itself. */
const char *dg_magic_item_found_name(int item, int grade);
dg_rarity dg_magic_item_found_rarity(int item, int grade);
/* Whether monster m (either rules' id) is in theme t's cast (any role). A motif's theme is
 * motif - 1; dg_contents.theme says which a dungeon drew. */
bool dg_theme_casts(int theme, int monster);
/* Whether monster m (either rules' id) is one of theme t's allies: mighty
 * creatures of its fiction outside the cast, met only in a tier 3-4 lair
 * the cast alone cannot bring to the top band (docs/stocking.md). */
bool dg_theme_allies(int theme, int monster);
/* Whether monster m swims (has a swimming speed). */
bool dg_monster_swims(const dg_monster *m);
/* Whether monster id lives in water: it swims and walks 10 ft or less (a
 * shark, a quipper, an octopus, a merrow); it is only ever placed in a room
 * with water. Amphibious walkers (crocodiles, frogs, lizardfolk, snakes)
 * go where they like. */
bool dg_monster_lives_in_water(int monster);

/* How a creature goes unseen, read from its stat block: a trait or action
 * named False Appearance (it passes for an object), Invisibility or
 * Invisible Passage, a camouflage or ambush trait (Stone Camouflage,
 * Ambusher), or Transparent (a gelatinous cube, seen only by looking). A 2024 creature is judged by its SRD 5.1 stat block as well
 * (SRD 5.2.1 dropped False Appearance from creatures that still look like
 * rugs, swords and statues). The read-aloud never names such a creature. */
typedef enum { DG_HIDING_NONE, DG_HIDING_OBJECT, DG_HIDING_INVISIBLE, DG_HIDING_CAMOUFLAGE, DG_HIDING_TRANSPARENT } dg_hiding;
dg_hiding dg_monster_hiding(int monster);
/* For DG_HIDING_OBJECT: what it passes for, from its False Appearance text
 * ("sword", "oily pool", "stalagmite"; a mimic's "object" is a chest), a
 * noun without its article, snprintf semantics; "" for any other. */
size_t dg_monster_looks_like(int monster, char *buf, size_t cap);

/* Monster i's stat block; NULL past the end. */
const dg_statblock *dg_monster_statblock(int monster);
/* The entries of one section (DG_SB_*) of sb; *n gets their number. */
const dg_statblock_entry *dg_statblock_section(const dg_statblock *sb, int section, int *n);
/* An ability score's modifier: floor((score - 10) / 2). */
int dg_ability_mod(int score);
/* The section's heading: "Traits", "Actions", "Bonus Actions", "Reactions",
 * "Legendary Actions". */
const char *dg_statblock_section_name(int section);

/* ------------------------------------------------------ trap kinds */

typedef enum { DG_TRIGGER_PLATE, DG_TRIGGER_WIRE, DG_TRIGGER_OPEN, DG_TRIGGER_TOUCH,
               DG_TRIGGER_ENTER, DG_TRIGGER_COUNT } dg_trigger;
typedef struct {
    const char *name;        /* "Scything Blade" */
    const char *effect;      /* one sentence: what happens when it goes off */
    bool magic;              /* magic trap: Arcana and dispel magic apply */
    bool attack;             /* makes an attack roll (else a saving throw) */
    const char *save;        /* "Dexterity", ... ("" for an attack) */
    const char *damage_type; /* "piercing", "fire", ... */
} dg_trap_kind;
size_t dg_trap_kind_count(void);
const dg_trap_kind *dg_trap_kind_info(int i);
/* "a pressure plate", "a trip wire", ...; "" out of range. */
const char *dg_trigger_name(int t);

/* ------------------------------------------------------ word tables */

/* Every word list of the model, by what it describes. A field of the model
 * holding an index into one of them names its list in its comment. */
typedef enum {
    DG_WORDS_PURPOSE,        /* what a room was built for */
    DG_WORDS_DRESSING,       /* furnishings and features */
    DG_WORDS_SOUND, DG_WORDS_SMELL,
    DG_WORDS_HIDDEN,         /* hidden features (found with a check) */
    DG_WORDS_CONTAINER,      /* what treasure is kept in */
    DG_WORDS_GEM, DG_WORDS_ART,
    DG_WORDS_DOOR_MATERIAL,  /* "Wooden", "Stone", "Iron" */
    DG_WORDS_SECRET,         /* how a secret door is found */
    DG_WORDS_CORRIDOR,       /* corridor features */
    DG_WORDS_ACTIVITY,       /* what wandering monsters are doing */
    DG_WORDS_FLOOR, DG_WORDS_WALLS, DG_WORDS_TEMPERATURE, DG_WORDS_ILLUMINATION,
    DG_WORDS_SPECIAL,
    DG_WORDS_HISTORY,
    DG_WORDS_FACTION,        /* a faction's kind ("a cult of ...") */
    DG_WORDS_FACTION_NAME,   /* a faction's own name */
    DG_WORDS_NAME_ADJECTIVE, DG_WORDS_NAME_PLACE, DG_WORDS_NAME_OF,
    DG_WORDS_ORIGIN,         /* what the dungeon was built as */
    DG_WORDS_HAZARD,         /* SRD dungeon hazards (brown mold, webs, ...) */
    DG_WORDS_COUNT
} dg_words;
/* The i-th entry of list w; "" out of range. */
const char *dg_contents_word(dg_words w, int i);
size_t dg_contents_word_count(dg_words w);

/* The light an illumination word (DG_WORDS_ILLUMINATION) stands for, as the
 * VTT exports place it: a light every spacing_ft along corridors and across
 * rooms (0: none, the dungeon is dark), each bright to bright_ft and dim to
 * dim_ft, in color (0xAARRGGBB), flickering when torch; darkness is how dark
 * the rest is, in percent (100 black, 0 daylight). */
typedef struct {
    int spacing_ft, bright_ft, dim_ft;
    uint32_t color;
    int intensity_pct;       /* how strongly it tints: 100 a flame, less for a glow */
    bool torch;
    int darkness_pct;
} dg_lighting;
/* Row of illumination word i; NULL out of range. */
const dg_lighting *dg_lighting_of(int illumination);

/* ------------------------------------------------------ the model */

#define DG_ENC_MAX_GROUPS 6 /* a leader, its followers, their beasts; a lair's second followers;
                             * a lair's wave of reinforcements (stock_waves.c) */
#define DG_ENC_MAX_OF_A_KIND 8
#define DG_ROOM_MAX_TRAPS 2
#define DG_ROOM_MAX_DRESSING 3
#define DG_TREASURE_MAX_LOTS 3   /* a value tier has three gem or art names */
#define DG_TREASURE_MAX_ITEMS 10 /* a hoard's most: 1d4 rolls on table A and 1d6 on B */
#define DG_WANDERING_ROWS 6
#define DG_CORRIDOR_MAX_FEATURES 6
#define DG_CORRIDOR_MAX_CELLS 3
#define DG_MAX_FACTIONS 3 /* the concept's one or two, and the adventure's splinter or guardians */
#define DG_ROOM_MAX_CLUES 2

typedef struct {
    int monster;             /* dg_monster_info id */
    int count;               /* >= 1 */
    int arrives;             /* 0: there from the start; else the round a wave of
                              * reinforcements joins the fight (2 or 3), always after
                              * the groups there from the start */
} dg_group;

/* n_groups 0: nobody lives there. xp is what the party earns (the sum),
 * adjusted_xp the sum times the group multiplier, the figure the
 * difficulty bands are judged by. At rules=2024 there is no multiplier
 * (adjusted_xp is xp) and the difficulty is low, moderate or high. */
typedef struct {
    int n_groups;
    dg_group groups[DG_ENC_MAX_GROUPS];
    dg_difficulty difficulty;
    int faction;             /* 0..DG_MAX_FACTIONS-1, or -1 none */
    bool boss;               /* groups[0] leads the lair (the master: dg_encounter_led_by_master) */
    long xp, adjusted_xp;
} dg_encounter;

typedef struct {
    int kind;                /* dg_trap_kind_info index */
    dg_severity severity;
    dg_trigger trigger;
    int find_dc, disable_dc;
    int save_dc;             /* 0 when the trap attacks */
    int attack_bonus;        /* 0 when it calls for a save */
    int dice, die;           /* damage: dice d die (e.g. 4d10) */
    int fall_ft;             /* a pit: how deep (its damage is the fall's, 1d6 a 10 ft); else 0 */
} dg_trap;
/* What trap t does when it goes off, one sentence (the kind's effect, a
 * pit's with its depth: "... over a 30-foot drop ..."); snprintf semantics. */
size_t dg_trap_effect(const dg_trap *t, char *buf, size_t cap);

typedef struct { int count, value_gp, kind; } dg_valuable; /* kind: GEM or ART word */

/* The DMG's (2014) challenge bands a treasure is rolled for. */
#define DG_TREASURE_BANDS 4      /* challenge 0-4, 5-10, 11-16, 17+ */

/* dg_treasure_value_cp() sums coins, gems and art; magic items have no
 * price. A hoard comes from the DMG's Treasure Hoard table of its band,
 * else it is individual treasure (Individual Treasure table). */
typedef struct {
    bool hoard;
    int band;                /* 0..DG_TREASURE_BANDS-1 */
    long coins[DG_COIN_COUNT];
    int n_gems, n_art, n_items;
    dg_valuable gems[DG_TREASURE_MAX_LOTS];  /* count x value_gp each, one name a lot */
    dg_valuable art[DG_TREASURE_MAX_LOTS];   /* the same for art objects */
    int items[DG_TREASURE_MAX_ITEMS];        /* dg_magic_item_info ids */
    int item_grades[DG_TREASURE_MAX_ITEMS];  /* what a "varies" item is as found, -1 as listed */
    int container;           /* DG_WORDS_CONTAINER index, -1 loose */
    int lock_dc;             /* 0 unlocked */
    bool trapped;
    dg_trap trap;            /* when trapped */
    bool hidden;             /* under a hidden feature of the room */
} dg_treasure;

/* A clue found in a room that points at another room of its floor. */
typedef struct {
    int kind;                /* the phrase (dg_clue_text) */
    int room, floor;         /* the room it points at; floor 1 the top */
} dg_clue;

typedef struct {
    int kind;                /* DG_WORDS_HIDDEN index */
    int dc;                  /* Wisdom (Perception) to notice */
} dg_hidden;

typedef struct {
    int id;                  /* the dg_room id */
    int distance;            /* cells walked from the entrance; -1 unreachable */
    int purpose;             /* DG_WORDS_PURPOSE, -1 at depth basic */
    int n_dressing;
    int dressing[DG_ROOM_MAX_DRESSING];      /* DG_WORDS_DRESSING */
    int sound, smell;        /* DG_WORDS_SOUND / SMELL, -1 none */
    dg_encounter encounter;
    int n_traps;
    dg_trap traps[DG_ROOM_MAX_TRAPS];
    bool has_treasure;
    dg_treasure treasure;
    int n_hidden;
    dg_hidden hidden[1];
    int n_keys;              /* keys to locked doors lying here */
    bool water;              /* a pool or flooded floor (swimmers live only here) */
    /* Where the key's marks go on the map (x = column, y = row; room cells,
     * never a door): each trap's trigger, the keys, the hidden feature. */
    dg_point trap_cells[DG_ROOM_MAX_TRAPS];
    dg_point key_cell;       /* when n_keys */
    dg_point hidden_cell;    /* when n_hidden */
    int hazard;              /* DG_WORDS_HAZARD, -1 none */
    int n_clues;             /* what here points at other rooms (the adventure's) */
    dg_clue clues[DG_ROOM_MAX_CLUES];
    bool captive;            /* the adventure's captive is held here: the read-aloud shows them */
} dg_room_contents;

/* One per dg_dungeon door, same index. */
typedef struct {
    int material;            /* DG_WORDS_DOOR_MATERIAL */
    int ac, hp;              /* the door's own armour class and hit points */
    int lock_dc;             /* locked doors: DC to pick (thieves' tools); else 0 */
    int break_dc;            /* Strength check to force it (also lifts a portcullis) */
    int key_room;            /* locked doors: room id holding its key, 0 no key */
    bool designed;           /* the lock of the floor's lock-and-key cycle: the short way to
                              * the lair, its key at the far end of the long way round
                              * (stock/stock_locks.c) */
    bool same_key;           /* another door of the lair that the designed door's key opens
                              * (loops=many: the lair keeps its doors, all locked alike) */
    bool trapped;
    dg_trap trap;            /* trapped doors */
    int secret;              /* secret doors: DG_WORDS_SECRET index, else -1 */
    int secret_dc;           /* Wisdom (Perception) to find it */
    /* who in the key room holds the key (the adventure's): a group of its
     * encounter (-1 nobody), else where it is hidden (dg_key_hiding_place,
     * -1 nowhere: it lies in the open) */
    int key_holder, key_hidden;
} dg_door_contents;

typedef struct {
    dg_encounter encounter;  /* easy or medium */
    int activity;            /* DG_WORDS_ACTIVITY */
} dg_wandering;

typedef struct {
    int kind;                /* DG_WORDS_CORRIDOR */
    int n_cells;
    dg_point cells[DG_CORRIDOR_MAX_CELLS];   /* x = column, y = row */
} dg_corridor_feature;

/* A physical feature the map draws on one square (x = column, y = row):
 * what the key's dressing, water and treasure name, and pillars=yes. Water
 * is one entry a square, the rest one a thing. None of them changes a wall
 * or a door, and every square stays walkable (water is difficult terrain).
 * Hidden features are the key's alone: they are never placed here (the
 * thing a hiding place lies in is drawn on the room's hidden_cell by the
 * renderers: dg_hidden_object). */
#define DG_FEATURE_KINDS(X)                                                   \
    X(DG_FEATURE_WATER, "water") X(DG_FEATURE_PILLAR, "pillar")               \
    X(DG_FEATURE_STATUE, "statue") X(DG_FEATURE_ALTAR, "altar")               \
    X(DG_FEATURE_RUBBLE, "rubble") X(DG_FEATURE_SARCOPHAGUS, "sarcophagus")   \
    X(DG_FEATURE_BRAZIER, "brazier") X(DG_FEATURE_THRONE, "throne")           \
    X(DG_FEATURE_CAGE, "cage") X(DG_FEATURE_CHEST, "chest")
#define DG_X(code, name) code,
typedef enum { DG_FEATURE_KINDS(DG_X) DG_FEATURE_COUNT } dg_feature_kind;
#undef DG_X
/* "water", "pillar", ...; "" out of range. */
const char *dg_feature_name(int kind);
/* The feature kind the map draws on a hiding place's square (a room's
 * hidden[0].kind, DG_WORDS_HIDDEN: the rubble a trapdoor lies under, the
 * hollow statue), -1 when nothing there has a glyph. */
int dg_hidden_object(int kind);
typedef struct {
    dg_feature_kind kind;
    int room;                /* the room (or chamber) id it stands in */
    dg_point at;
} dg_map_feature;

/* What a faction is to the dungeon (the adventure's): who holds it, a
 * rival concept beside them, those of the holders' cast who answer to no
 * one (a splinter), or the place's own guardians (never one faction with
 * those who came to loot it). */
#define DG_FACTION_ROLES(X)                                                   \
    X(DG_FACTION_HOLDERS, "holders") X(DG_FACTION_RIVALS, "rivals")           \
    X(DG_FACTION_SPLINTER, "splinter") X(DG_FACTION_GUARDIANS, "guardians")
#define DG_X(code, name) code,
typedef enum { DG_FACTION_ROLES(DG_X) DG_FACTION_ROLE_COUNT } dg_faction_role;
#undef DG_X
typedef struct {
    int kind;                /* DG_WORDS_FACTION: also the theme whose cast it is */
    int name;                /* DG_WORDS_FACTION_NAME */
    dg_faction_role role;    /* set by the adventure; the concept's first are the holders */
} dg_faction;


typedef struct {
    int floor, walls, temperature, illumination, special; /* DG_WORDS_*, special -1 none */
} dg_details;

/* The stocked dungeon. Read-only for clients; free with dg_contents_free. */
typedef struct dg_contents {
    dg_depth depth;
    int level, party, floor;
    dg_motif motif;
    bool name_given;         /* the caller's name (below); else generated */
    char name_text[DG_STOCK_NAME_BYTES];  /* name_given: the caller's text */
    int name_words[3];       /* generated: NAME_ADJECTIVE, NAME_PLACE, NAME_OF */
    int name_boss;           /* generated and >= 0: the name ends "of the <this monster>" */
    dg_danger danger;
    dg_rules rules;          /* whose creatures, items and XP rules */
    /* the concept, one for every floor: what it was built as (origin), how
     * it fell (history), who holds it (the factions; theme is the first's
     * cast) and the boss in the lowest floor's lair (a monster, -1 none) */
    int origin;              /* DG_WORDS_ORIGIN */
    int theme;
    int boss;
    dg_details details;
    int history;             /* DG_WORDS_HISTORY */
    int n_factions;
    dg_faction factions[DG_MAX_FACTIONS];
    int entrance_room;       /* room id where the party comes in; 0 none (no rooms) */
    dg_point entrance;       /* the cell distances count from (see docs) */
    int farthest_room;       /* room id farthest by path; 0 none */
    dg_room_contents *rooms; size_t n_rooms;  /* rooms[i].id == i + 1 */
    dg_door_contents *doors; size_t n_doors;  /* doors[i] is dungeon door i */
    dg_wandering wandering[DG_WANDERING_ROWS]; /* d6 row k + 1; empty at depth basic */
    int n_wandering;
    int n_corridor_features;
    dg_corridor_feature corridor_features[DG_CORRIDOR_MAX_FEATURES];
    /* what the map draws (stock_features.c): room by room, water squares
     * first; a storage of their own, freed with the contents */
    dg_map_feature *features; size_t n_features;
    /* what the concept is drawn from: at depth none the concept fields and
     * name_words are left unset and dg_contents_name draws them when asked */
    uint64_t concept_seed;
    bool natural;
    /* the adventure (stock/adventure.c): the top floor's, NULL on the
     * floors below and below depth full */
    struct dg_adventure *adventure;
    /* stocking's own, while it stocks: its read of the cast
     * (stock/stock_band.h); NULL once stocked */
    struct dg__cast_memo *cast_memo;
    /* ... and the floors over this one (stock_int.h's dg__so_far); NULL
     * once stocked */
    const struct dg__so_far *above;
} dg_contents;

typedef struct {
    uint64_t seed;           /* the map's seed */
    dg_depth depth;          /* none: empty model (name only) */
    int level;               /* the level key's range */
    int party;               /* the party key's range */
    dg_motif motif;
    const char *name;        /* NULL: generated from the seed */
    int floor;               /* 0-based, deeper = harder; 0..DG_STOCK_FLOOR_MAX */
    uint64_t concept_seed;   /* the top floor's seed: every floor shares one concept */
    bool natural;            /* a cave map: natural origins, rock walls */
    dg_danger danger;
    const char *reroll;      /* the reroll key's text (its items for this floor apply); NULL none */
    dg_rules rules;
    int master;              /* a lower floor: the dungeon's master (the top floor's boss, a
                              * monster id), whom its lair does not outrank; -1 none */
} dg_stock_params;

/* Defaults: depth full, level 1, party 4, no motif, generated name, floor 0,
 * the concept from seed, standard danger, no master. */
void dg_stock_params_init(dg_stock_params *p, uint64_t seed);
/* DG_EINVAL naming the key (contents for depth, level, party, motif, name,
 * floor), the value and what is allowed, when p is out of range; the option
 * keys' errors are the option parser's own. */
dg_status dg_stock_params_check(const dg_stock_params *p, dg_error *err);

/* Stocks d as p says. Reads d, never changes it. New on success (free with
 * dg_contents_free); *out is NULL on failure. Errors: dg_stock_params_check's,
 * DG_ENOMEM. */
dg_status dg_contents_stock(const dg_dungeon *d, const dg_stock_params *p,
                            dg_contents **out, dg_error *err);
/* NULL is a no-op. */
void dg_contents_free(dg_contents *c);
/* The dungeon o describes, map and contents: dg_map_generate's floors,
 * each stocked from the options' contents keys (stock/generate.c). o must
 * be finished and have a seed. New on success (free with dg_dungeon_free);
 * *out is NULL on failure. With floors > 1 the result is the top floor, the
 * others hang below it. */
dg_status dg_generate(const dg_options *o, dg_dungeon **out, dg_error *err);
/* The same, asking stop(arg) before each floor is made and before each is
 * stocked (core's dg_map_generate_until): true stops it, *out NULL and
 * DG_EBUSY. The dungeon, when made, is the same. */
dg_status dg_generate_until(const dg_options *o, dg_stop_fn stop, void *arg, dg_dungeon **out, dg_error *err);

/* The dungeon's name (given or generated), snprintf semantics. */
size_t dg_contents_name(const dg_contents *c, char *buf, size_t cap);
/* The name generated for a seed ("The Sunken Vaults of Whispers"): the rule
 * format=donjon has always used, so names stay as they were. */
size_t dg_contents_default_name(uint64_t seed, char *buf, size_t cap);
/* The read-aloud text for room id: what the party sees on entering,
 * snprintf semantics ("" for an unknown room or depth below full). */
size_t dg_contents_read_aloud(const dg_contents *c, int id, char *buf, size_t cap);
/* The GM's line on room id's allies, who they are and whence ("Not of the
 * swarming nest: four remorhazes, come up through the deep earth to feed
 * on what the nest drags in."): snprintf-style, "" and 0 when its
 * encounter holds none. */
size_t dg_contents_allies(const dg_contents *c, int id, char *buf, size_t cap);
/* The GM's line on room id's reinforcements, the groups that join its
 * fight later (dg_group.arrives): "Two more remorhazes burst out of the
 * walls." *round (may be NULL) gets the round they come in, 0 none;
 * snprintf-style, "" and 0 when none come. Never part of the read-aloud:
 * they have not arrived. */
size_t dg_contents_reinforcements(const dg_contents *c, int id, int *round, char *buf, size_t cap);
/* The treasure's worth in gp: coins (cp 1/100, sp 1/10, ep 1/2, gp 1,
 * pp 10), gems and art; magic items not counted. Rounded down. */
long dg_treasure_value_gp(const dg_treasure *t);
/* The same worth exactly, in cp (a gp is 100 cp). */
long dg_treasure_value_cp(const dg_treasure *t);
/* Room id -> its record; NULL out of range. Borrowed. */
const dg_room_contents *dg_contents_room(const dg_contents *c, int id);
/* Whether monster gives orders: it speaks a language and has the wits
 * (Intelligence 6 or more), no beast, swarm or ooze. A group headed by
 * one that does not is not "led" (a flying sword runs at the front). */
bool dg_monster_gives_orders(int monster);
/* Whether encounter e of floor c is led by the dungeon's master: its boss
 * on the top floor. A lower floor's lair (boss set) is led by that floor's
 * own chief, the master being met once, on the top floor. */
bool dg_encounter_led_by_master(const dg_contents *c, const dg_encounter *e);

/* The adventure (hook, goal, factions, rumours, alarm, chapters) and its
 * words: dg_adventure.h, which needs the model above. */
#include "dg_adventure.h"

#endif
