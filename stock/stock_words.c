/* stock_words.c -- every word list of the stocking model, in our own words
 * or read from the rows that own them: room purposes and histories from
 * the origins (stock_origins.c); faction kinds and names, and each theme's
 * dressing, sounds, smells, corridor signs and special rule from the themes
 * (stock_themes.c); the rest (hidden features, containers, gems and art,
 * doors, activities, details, hazards, the name's words) here.
 *
 * A themed list is its general entries, then DG__THEME_COUNT blocks of the
 * themes' own (entry general + theme * per_theme + k). The model stores
 * indices; encoders read the text back with dg_contents_word(). */
#include "stock_int.h"


#include <stddef.h>
#include <stdio.h>
#include <string.h>
/* furnishings (the purpose's own comes first): the first CAVE_DRESSING
 * fit only a cave (no stalagmites in a barracks), the first
 * NATURAL_DRESSING fit a cave and are all a cave draws, the rest a built
 * room */
static const char *const dressing[] = {
    "stalagmites like broken teeth", "a trickle of water running down the rock",
    "a heap of mouldering straw", "barrels staved in and empty", "a pile of rusted helmets",
    "a smashed lantern", "crates stamped with a merchant's mark", "bones scattered among the stones",
    "a cold firepit ringed with stones", "a rockfall half filling one side",
    "benches pushed against the walls", "a cold hearth heaped with grey ash",
    "iron rings set into the floor", "a cracked basin on a stone pedestal", "shelves of broken crockery",
    "a faded tapestry of a hunting scene", "a stone bench carved with names",
    "a toppled statue missing its head", "a narrow bed frame", "a map scratched into the wall",
    "a rope ladder to a blocked shaft", "a dry fountain choked with dead leaves", "a row of empty cages",
    "a puddle spreading from a cracked pipe", "soot stains above every sconce",
};
#define CAVE_DRESSING 2
#define NATURAL_DRESSING 10

/* Long enough that over many keys no sentence ("You hear ...", "The air
 * smells of ...") turns up room after room, and none a theme's own
 * (stock_themes.c), which the deck would deal as another entry. The
 * first NATURAL_SOUND fit a cave (a cavern has no door to creak). */
static const char *const sound[] = {
    "dripping water", "a distant rumble", "scratching inside the walls", "faint chanting",
    "the creak of a rope", "rattling chains", "a deep groan from the rock", "footsteps overhead",
    "whispering", "a bell tolling far away", "silence, deep and total", "wind through a crack",
    "a slow, heavy drip", "claws on stone", "a sigh that is not the wind", "pebbles skittering down a slope",
    "something large shifting its weight", "a distant splash", "muffled voices", "a metallic tapping",
    "a steady, patient knocking", "a hiss, then nothing", "the flutter of wings", "stone grinding on stone",
    "a thin, high whistle", "your own echo, a beat too late", "a cough in the dark", "a door creaking somewhere",
};
#define NATURAL_SOUND 27

static const char *const smell[] = {
    "damp earth", "mould", "wood smoke", "rot", "old blood", "incense", "dust", "cold ashes",
    "vinegar", "cold stone", "wet ash", "lamp oil", "bat guano", "sour milk", "copper", "rust",
    "mildewed cloth", "tallow", "sweet decay", "stagnant water", "charred wood", "musty straw",
    "bitter herbs", "sour wine", "old leather", "pitch", "spoiled meat", "lye",
};

/* the first CAVE_HIDDEN fit only a cave, the first NATURAL_HIDDEN a cave */
static const char *const hidden[] = {
    "a crevice behind a boulder", "a cache under a cairn of stones", "a loose stone hiding a cavity",
    "a trapdoor under the rubble", "a crawlspace behind a rockfall",
    "a false bottom in a drawer", "a hollow statue", "a niche behind a tapestry",
    "a message scratched under a bench", "a spyhole into the next room", "a lever behind a sconce",
    "a cache under a floor tile", "a crawlspace behind a shelf",
};
#define CAVE_HIDDEN 2
#define NATURAL_HIDDEN 5
_Static_assert(DG_COUNT(hidden) == DG__HIDING_PLACES, "stock_hiding.c's tables have a row per hiding place");
/* in stock_int.h's order: humble (the small ones last), lockable, the rest */
static const char *const container[] = {
    "leather sack", "clay urn", "rotting crate", "bundle of rags", "hollowed book",
    "iron-bound chest", "strongbox", "small coffer", "stone sarcophagus", "wooden barrel",
};
_Static_assert(DG__CONTAINERS_SMALL < DG__CONTAINERS_HUMBLE && DG__CONTAINERS_LOCKABLE_END < DG_COUNT(container),
               "the container groups are runs of the list");
/* Coins each holds (same order), at fifty to the pound: a sack's 30 lb and
 * a chest's 300 lb are the PHB's; an urn, a crate, a strongbox, a coffer,
 * a sarcophagus and a barrel by their size beside those; a bundle of rags
 * or a hollowed book hides a few. */
static const int container_holds[] = {
    1500, 1000, 5000, 100, 50,
    15000, 3000, 1000, 20000, 6000,
};

int dg__container_holds(int i)
{
    _Static_assert(DG_COUNT(container_holds) == DG_COUNT(container), "coins held per container");
    return i >= 0 && (size_t)i < DG_COUNT(container_holds) ? container_holds[i] : 0;
}

/* Whether it goes into a hiding place (same order): a sack, an urn, a
 * book, a coffer or a strongbox does; "a stone sarcophagus, hidden in a
 * cache under a floor tile" read as a joke, and so would a chest, a
 * crate or a barrel */
static const bool container_hides[] = {
    true, true, false, true, true,
    false, true, true, false, false,
};

bool dg__container_hides(int i)
{
    _Static_assert(DG_COUNT(container_hides) == DG_COUNT(container), "whether it hides, per container");
    return i < 0 || ((size_t)i < DG_COUNT(container_hides) && container_hides[i]); /* loose coins hide */
}

static const char *const door_material[] = {"Wooden", "Stone", "Iron"};

/* the first DG__SECRETS_DRAWN are drawn; the rest stand in for a furnished
 * one (a bookcase, a tapestry, a hearth) in a room without that furniture
 * (dg__secret_in): no bookcase swinging open in a sewer's overflow chamber */
static const char *const secret[] = {
    "a stone panel that slides when pressed", "a bookcase that swings on a hinge",
    "a sconce that turns to open the wall", "a seam hidden behind a tapestry",
    "a section of wall that pivots", "a hearth whose back wall slides aside",
    "a carved face whose eyes are buttons", "a flagstone that lifts to reveal steps",
    /* stand-ins, in the furnished ones' order */
    "a stone block that swings inward on a pivot", "a seam hidden in the mortar",
    "a niche whose back wall slides aside",
};
static const struct {
    int drawn, stand_in;
    const char *furniture[4]; /* a dressing word holding one of these shows it */
} furnished_secret[] = {
    {1, DG__SECRETS_DRAWN + 0, {"shel", "book", "librar", "scroll"}},
    {3, DG__SECRETS_DRAWN + 1, {"tapestr", "hanging", "banner", NULL}},
    {5, DG__SECRETS_DRAWN + 2, {"hearth", "fireplace", "stove", "oven"}},
};
_Static_assert(DG_COUNT(secret) == DG__SECRETS_DRAWN + DG_COUNT(furnished_secret), "a stand-in per furnished secret");

uint32_t dg__secret_furniture(const char *phrase)
{
    _Static_assert(DG_COUNT(furnished_secret) <= 8, "a phrase's furnished secrets are a byte");
    uint32_t found = 0;
    for (size_t k = 0; k < DG_COUNT(furnished_secret); k++)
        for (int f = 0; f < 4 && furnished_secret[k].furniture[f]; f++)
            if (strstr(phrase, furnished_secret[k].furniture[f])) found |= 1u << k;
    return found;
}

/* Whether a line of rc's dressing shows furnished_secret[k]'s furniture:
 * each phrase's read once a process (stock_word_facts.c), not searched
 * for each word of furniture at every secret door. */
static bool shows(const dg_room_contents *rc, size_t k)
{
    for (int i = 0; rc && i < rc->n_dressing; i++)
        if ((dg__dressing_secrets(rc->dressing[i]) >> k) & 1u) return true;
    return false;
}

int dg__secret_in(int drawn, const dg_room_contents *a, const dg_room_contents *b)
{
    for (size_t k = 0; k < DG_COUNT(furnished_secret); k++)
        if (furnished_secret[k].drawn == drawn)
            return shows(a, k) || shows(b, k)
                       ? drawn
                       : furnished_secret[k].stand_in;
    return drawn;
}

static const char *const corridor[] = { /* the first NATURAL_CORRIDOR fit a cave passage */
    "rubble half blocks the way", "a trickle of water runs along the floor",
    "old bloodstains on the stones", "a collapsed section to climb over", "scattered bones",
    "a shallow puddle", "cobwebs from wall to wall", "a dropped backpack, empty",
    "a draught that smells of the outside",
    "a rusted portcullis jammed open", "a burnt-out torch in a bracket",
    "a sign scratched on the wall pointing back",
};
#define NATURAL_CORRIDOR 9
/* what wandering monsters are doing, by their nature: people plot and eat,
 * beasts hunt and sleep, the mindless (constructs, oozes, plants, the
 * witless dead and elementals) only move and guard, and the great and the
 * cruel (fiends, dragons, aberrations, the thinking dead) hunt and
 * torment: no marilith repairing a trap, no lich on a fixed path */
static const char *const activity[] = {
    /* people (the last three take more than one) */ "patrolling", "returning from a raid",
    "searching for intruders", "carrying supplies", "performing a ritual", "eating a cold meal",
    "repairing a trap", "arguing over loot", "dragging a captive", "guarding a wounded comrade",
    /* beasts */ "hunting for food", "sleeping off a meal", "following a scent", "fleeing something worse",
    "feeding on a carcass", "prowling",
    /* the mindless */ "drifting aimlessly", "standing motionless until disturbed",
    "moving along a fixed path", "guarding the way they were set to",
    /* the great and the cruel (the last takes more than one) */ "searching for intruders",
    "returning from a raid", "hunting for prey", "prowling for something to kill", "tormenting a captive",
};
#define ACTIVITY_PEOPLE 10
#define ACTIVITY_PEOPLE_ALONE 7 /* what one creature may be doing alone */
#define ACTIVITY_BEASTS 6
#define ACTIVITY_MINDLESS 4
#define ACTIVITY_CRUEL 5
#define ACTIVITY_CRUEL_ALONE 4
_Static_assert(ACTIVITY_PEOPLE + ACTIVITY_BEASTS + ACTIVITY_MINDLESS + ACTIVITY_CRUEL == DG_COUNT(activity),
               "activity segments");

/* what the party sees of each hazard, for the read-aloud text (same order) */
static const char *const hazard_seen[] = {
    "a patch of brown mold furs one wall", "a green slime glistens on the ceiling",
    "thick webs hang from wall to wall", "yellow mold spreads across the stones",
    "the floor glistens with slime", "cracks run across the ceiling",
    "the air is stale and hard to breathe",
};

/* SRD 5.1's dungeon hazards (Chapter "Dungeon Hazards"), in our words. */
static const char *const hazard[] = {
    "Brown mold: a patch on the wall drinks warmth; within 5 ft, DC 12 Constitution save or 22 (4d10) cold damage, half on a success; fire makes it spread, cold destroys it",
    "Green slime: a patch on the ceiling drops on whoever passes below, DC 10 Dexterity save to dodge; it eats flesh and metal, 5 (1d10) acid damage each turn until scraped off or burnt",
    "Webs: sheets of giant web fill the room, difficult terrain; DC 12 Dexterity save on entering or be restrained (DC 12 Strength to break free); they burn away in a round",
    "Yellow mold: touching it bursts a cloud of spores, DC 15 Constitution save or 11 (2d10) poison damage and poisoned for a minute; sunlight or fire destroys it",
    "Slippery floor: the stone is slick with slime, difficult terrain; DC 10 Dexterity save on a dash or fall prone",
    "Unstable ceiling: a loud noise brings rock down, DC 15 Dexterity save or 11 (2d10) bludgeoning damage",
    "Foul air: bad air pools here; a creature that stays longer than a minute makes a DC 12 Constitution save or gains a level of exhaustion",
};


static const char *const floor_words[] = {
    "Smooth Stone", "Uneven Flagstone", "Packed Earth", "Cracked Tiles", "Rough Stone",
    "Worn Cobbles", "Mosaic", "Natural Rock",
};
static const char *const walls[] = {
    "Masonry", "Rough Hewn Rock", "Superior Masonry", "Crumbling Brick", "Reinforced Masonry",
    "Natural Cave Wall", "Plastered and Painted", "Dressed Stone",
};
static const char *const temperature[] = {
    "Cold", "Cool", "Warm", "Damp and Cool", "Dry and Warm", "Freezing", "Hot",
};
/* Each word with the light it means (dg_lighting): the spacing is the
 * word's own; radii are 5e's (a torch bright 20 ft, dim 20 ft more; a
 * hooded lantern 30 and 30 more); moss only glows dim, in patches 30 ft
 * apart. Daylight through cracks lights nothing worth a light source. */
static const struct {
    const char *text;
    dg_lighting light;
} illumination[] = {
    {"Dark", {0, 0, 0, 0, 0, false, 100}},
    {"Shadowy (guttering torches every 40 ft.)", {40, 20, 40, 0xffff9329u, 100, true, 90}},
    {"Bright (lanterns every 20 ft.)", {20, 30, 60, 0xffffd27fu, 100, false, 80}},
    {"Dim (glowing moss on the walls)", {30, 0, 15, 0xff7fe08cu, 50, false, 90}},
    {"Dark (daylight through cracks here and there)", {0, 0, 0, 0, 0, false, 95}},
};
static const char *const special[] = {
    "Echoes carry unnaturally far", "Magic flickers: spells fail on a 1 in 20",
    "The air is thin and tiring", "Every door swells and sticks", "A faint tremor every hour",
    "Compasses spin", "Time seems to drag",
};

/* format=donjon's names, as they have always been generated */
static const char *const name_adjective[] = {
    "Forgotten", "Sunken", "Howling", "Crimson", "Silent", "Shattered", "Hidden",
    "Bleak", "Drowned", "Burning", "Hollow", "Cursed", "Black", "Twisted",
};
static const char *const name_place[] = {
    "Halls", "Crypts", "Warrens", "Vaults", "Catacombs", "Tunnels", "Pits",
    "Chambers", "Dungeons", "Caverns", "Labyrinth", "Undercroft",
};
/* no creature or ruler here: a name that names one names the boss */
static const char *const name_of_what[] = {
    "Dread", "Lost Souls", "Whispers", "Endless Night", "Ashes", "Broken Oaths",
    "Sorrows", "the Last Light", "Forgotten Names", "Silence", "Hunger", "Bitter Tears",
};

/* ------------------------------------------------------------ lookup */

#define PURPOSES (DG__ORIGIN_COUNT * DG__ORIGIN_PURPOSES + DG__PURPOSE_FILLERS)

/* A list is read through one of three shapes: plain strings, general
 * strings then each theme's (a field of dg__theme, per_theme of them), or
 * a field of each row of a table (origins' purposes, histories, places). */
typedef enum { PLAIN_LIST, THEMED_LIST, ROWS_LIST, STRUCTS_LIST } shape;
typedef struct {
    shape kind;
    const char *const *general;
    int n_general;
    size_t theme_field;            /* THEMED: offset of the array in dg__theme */
    int per_theme;
    size_t stride;                 /* STRUCTS: bytes between entries */
    int natural;                   /* the first this many general entries fit a cave; 0 all */
    int cave_only;                 /* the first this many fit only a cave */
} list;

#define PLAIN(a) {PLAIN_LIST, (a), (int)DG_COUNT(a), 0, 0, sizeof(const char *), 0, 0}
#define THEMED(a, field, n) {THEMED_LIST, (a), (int)DG_COUNT(a), offsetof(dg__theme, field), (n), sizeof(const char *), 0, 0}
#define ROWS() {ROWS_LIST, NULL, 0, 0, 0, 0, 0, 0}
#define STRUCTS(a) {STRUCTS_LIST, &(a)[0].text, (int)DG_COUNT(a), 0, 0, sizeof((a)[0]), 0, 0}

static const list lists[DG_WORDS_COUNT] = {
    [DG_WORDS_PURPOSE] = ROWS(),
    [DG_WORDS_DRESSING] = {THEMED_LIST, dressing, (int)DG_COUNT(dressing), offsetof(dg__theme, dressing),
                           DG__THEME_DRESSING, sizeof(const char *), NATURAL_DRESSING, CAVE_DRESSING},
    [DG_WORDS_SOUND] = {THEMED_LIST, sound, (int)DG_COUNT(sound), offsetof(dg__theme, sound), 2, sizeof(const char *),
                        NATURAL_SOUND, 0},
    [DG_WORDS_SMELL] = THEMED(smell, smell, 2),
    [DG_WORDS_HIDDEN] = {PLAIN_LIST, hidden, (int)DG_COUNT(hidden), 0, 0, sizeof(const char *), NATURAL_HIDDEN,
                         CAVE_HIDDEN},
    [DG_WORDS_CONTAINER] = PLAIN(container),
    [DG_WORDS_GEM] = {PLAIN_LIST, dg__gem_names, DG__GEM_TIERS * DG__VALUABLE_NAMES, 0, 0, sizeof(const char *), 0, 0},
    [DG_WORDS_ART] = {PLAIN_LIST, dg__art_names, DG__ART_TIERS * DG__VALUABLE_NAMES, 0, 0, sizeof(const char *), 0, 0},
    [DG_WORDS_DOOR_MATERIAL] = PLAIN(door_material),
    [DG_WORDS_SECRET] = PLAIN(secret),
    [DG_WORDS_CORRIDOR] = {THEMED_LIST, corridor, (int)DG_COUNT(corridor), offsetof(dg__theme, corridor), 2,
                           sizeof(const char *), NATURAL_CORRIDOR, 0},
    [DG_WORDS_ACTIVITY] = PLAIN(activity),
    [DG_WORDS_FLOOR] = PLAIN(floor_words),
    [DG_WORDS_WALLS] = PLAIN(walls),
    [DG_WORDS_TEMPERATURE] = PLAIN(temperature),
    [DG_WORDS_ILLUMINATION] = STRUCTS(illumination),
    [DG_WORDS_SPECIAL] = THEMED(special, special, 1),
    [DG_WORDS_HISTORY] = ROWS(),
    [DG_WORDS_FACTION] = ROWS(),
    [DG_WORDS_FACTION_NAME] = ROWS(),
    [DG_WORDS_NAME_ADJECTIVE] = PLAIN(name_adjective),
    [DG_WORDS_NAME_PLACE] = PLAIN(name_place), /* then the origins' places */
    [DG_WORDS_NAME_OF] = PLAIN(name_of_what),
    [DG_WORDS_ORIGIN] = ROWS(),
    [DG_WORDS_HAZARD] = PLAIN(hazard),
};

const dg_lighting *dg_lighting_of(int i)
{
    return i >= 0 && (size_t)i < DG_COUNT(illumination) ? &illumination[i].light : NULL;
}

/* The row lists' sizes: origins x per origin, themes x per theme. */
static size_t rows_count(dg_words w)
{
    switch (w) {
    case DG_WORDS_PURPOSE: return DG__ORIGIN_COUNT * DG__ORIGIN_PURPOSES + DG__PURPOSE_FILLERS;
    case DG_WORDS_HISTORY: return DG__ORIGIN_COUNT * DG__ORIGIN_HISTORIES;
    case DG_WORDS_ORIGIN: return DG__ORIGIN_COUNT;
    case DG_WORDS_FACTION: return DG__THEME_COUNT;
    case DG_WORDS_FACTION_NAME: return DG__THEME_COUNT * DG__THEME_NAMES + DG__ADV_FACTION_NAMES;
    default: return 0;
    }
}

static const char *rows_word(dg_words w, int i)
{
    switch (w) {
    case DG_WORDS_PURPOSE:
        if (i < DG__ORIGIN_COUNT * DG__ORIGIN_PURPOSES)
            return dg__origins[i / DG__ORIGIN_PURPOSES].purposes[i % DG__ORIGIN_PURPOSES].name;
        return dg__purpose_fillers[i - DG__ORIGIN_COUNT * DG__ORIGIN_PURPOSES].name;
    case DG_WORDS_HISTORY: return dg__origins[i / DG__ORIGIN_HISTORIES].history[i % DG__ORIGIN_HISTORIES];
    case DG_WORDS_ORIGIN: return dg__origins[i].text;
    case DG_WORDS_FACTION: return dg__themes[i].kind;
    case DG_WORDS_FACTION_NAME: /* the themes' own, then the adventure's splinters and guardians */
        if (i >= DG__THEME_COUNT * DG__THEME_NAMES) return dg__adv_faction_names[i - DG__THEME_COUNT * DG__THEME_NAMES];
        return dg__themes[i / DG__THEME_NAMES].names[i % DG__THEME_NAMES];
    default: return "";
    }
}

/* stock_word_facts.c keeps 256 dressing phrases' facts, and the word
 * decks a bit per phrase in four 64-bit words */
_Static_assert(DG_COUNT(dressing) + DG__THEME_COUNT * DG__THEME_DRESSING + PURPOSES + 2 * DG__PURPOSE_AGAIN <= 256,
               "dressing phrases: at most 256");

size_t dg_contents_word_count(dg_words w)
{
    if ((unsigned)w >= DG_WORDS_COUNT) return 0;
    const list *l = &lists[w];
    if (w == DG_WORDS_NAME_PLACE) return (size_t)l->n_general + DG__ORIGIN_COUNT * DG__ORIGIN_PLACES;
    if (w == DG_WORDS_DRESSING)
        return (size_t)l->n_general + (size_t)DG__THEME_COUNT * DG__THEME_DRESSING + PURPOSES + 2 * DG__PURPOSE_AGAIN;
    switch (l->kind) {
    case ROWS_LIST: return rows_count(w);
    case THEMED_LIST: return (size_t)l->n_general + (size_t)DG__THEME_COUNT * (size_t)l->per_theme;
    default: return (size_t)l->n_general;
    }
}

/* List l's general entry i (i below its n_general; not a rows list). */
static const char *general_word(const list *l, size_t i)
{
    return *(const char *const *)(const void *)((const char *)l->general + i * l->stride);
}

const char *dg_contents_word(dg_words w, int i)
{
    if ((unsigned)w >= DG_WORDS_COUNT || i < 0 || (size_t)i >= dg_contents_word_count(w)) return "";
    const list *l = &lists[w];
    if (l->kind == ROWS_LIST) return rows_word(w, i);
    if (i < l->n_general) return general_word(l, (size_t)i);
    i -= l->n_general;
    if (w == DG_WORDS_NAME_PLACE) return dg__origins[i / DG__ORIGIN_PLACES].places[i % DG__ORIGIN_PLACES];
    if (w == DG_WORDS_DRESSING && i >= DG__THEME_COUNT * DG__THEME_DRESSING) {
        i -= DG__THEME_COUNT * DG__THEME_DRESSING;
        if (i >= PURPOSES) return dg__purpose_again[(i - PURPOSES) / 2][(i - PURPOSES) % 2];
        return i < DG__ORIGIN_COUNT * DG__ORIGIN_PURPOSES
                   ? dg__origins[i / DG__ORIGIN_PURPOSES].purposes[i % DG__ORIGIN_PURPOSES].dressing
                   : dg__purpose_fillers[i - DG__ORIGIN_COUNT * DG__ORIGIN_PURPOSES].dressing;
    }
    const dg__theme *t = &dg__themes[i / l->per_theme];
    return ((const char *const *)(const void *)((const char *)t + l->theme_field))[i % l->per_theme];
}

int dg__word_theme_entry(dg_words w, int theme, int k) { return lists[w].n_general + theme * lists[w].per_theme + k; }
int dg__word_purpose(int origin, int k)
{
    if (k < DG__ORIGIN_PURPOSES) return origin * DG__ORIGIN_PURPOSES + k;
    return DG__ORIGIN_COUNT * DG__ORIGIN_PURPOSES + (k - DG__ORIGIN_PURPOSES) % DG__PURPOSE_FILLERS;
}
int dg__word_purpose_dressing(int purpose)
{
    return lists[DG_WORDS_DRESSING].n_general + DG__THEME_COUNT * DG__THEME_DRESSING + purpose;
}
int dg__word_purpose_again(int purpose, int k)
{
    int row = purpose >= DG__ORIGIN_COUNT * DG__ORIGIN_PURPOSES
                  ? DG__ORIGIN_COUNT * 2 + (purpose - DG__ORIGIN_COUNT * DG__ORIGIN_PURPOSES)
              : purpose % DG__ORIGIN_PURPOSES < 2 ? purpose / DG__ORIGIN_PURPOSES * 2 + purpose % DG__ORIGIN_PURPOSES
                                                  : -1;
    if (row < 0 || row >= DG__PURPOSE_AGAIN || k < 0 || k > 1) return -1;
    return dg__word_purpose_dressing(PURPOSES) + 2 * row + k;
}
int dg__word_history(int origin, int k) { return origin * DG__ORIGIN_HISTORIES + k; }
int dg__word_place(int origin, int k) { return lists[DG_WORDS_NAME_PLACE].n_general + origin * DG__ORIGIN_PLACES + k; }

int dg__word_by_text(dg_words w, const char *text)
{
    /* a list's general entries read straight from its table, not through
     * dg_contents_word's checks and switches an entry (the concept asks
     * four lists at every stocking); the first letters compared before
     * the call: most entries differ there */
    const list *l = (unsigned)w < DG_WORDS_COUNT && lists[w].kind != ROWS_LIST ? &lists[w] : NULL;
    for (size_t i = 0, n = dg_contents_word_count(w); i < n; i++) {
        const char *e = l && i < (size_t)l->n_general ? general_word(l, i) : dg_contents_word(w, (int)i);
        if (e[0] == text[0] && strcmp(e, text) == 0) return (int)i;
    }
    return 0;
}

/* The entries of [lo, hi) in deck word k not yet dealt, as bits. */
static uint64_t unused_bits(const dg__deck *deck, dg_words w, int k, int lo, int hi)
{
    int from = k * 64, to = from + 64;
    if (hi <= from || lo >= to) return 0;
    uint64_t m = ~deck->used[w][k];
    if (lo > from) m &= ~0ull << (lo - from);
    if (hi < to) m &= ~(~0ull << (hi - from));
    return m;
}

/* A draw among [lo, hi) not yet used, or -1 when all are: counted and
 * found a deck word (64 entries) at a time rather than an entry at a time,
 * each word's unused entries read once. */
static int deal_from(dg__deck *deck, dg_rng *r, dg_words w, int lo, int hi)
{
    enum { WORDS = (int)(sizeof deck->used[0] / sizeof deck->used[0][0]) };
    if (lo < 0) lo = 0;
    if (hi > WORDS * 64) hi = WORDS * 64;
    uint64_t unused[WORDS];
    int counts[WORDS], n = 0, first = lo >> 6, last = first;
    for (int k = first; k < WORDS && k * 64 < hi; k++, last = k) {
        unused[k] = unused_bits(deck, w, k, lo, hi);
        n += counts[k] = dg__bits64(unused[k]);
    }
    if (n == 0) return -1;
    int pick = (int)dg__rng_below(r, (uint32_t)n);
    for (int k = first; k < last; k++) {
        if (pick >= counts[k]) {
            pick -= counts[k];
            continue;
        }
        uint64_t m = unused[k];
        for (; pick > 0; pick--) m &= m - 1;
        int i = k * 64 + (int)dg__ctz64(m);
        deck->used[w][k] |= 1ull << (i & 63);
        return i;
    }
    return -1;
}

int dg__word_deal(dg__deck *deck, dg_rng *r, dg_words w, int theme, bool natural)
{
    const list *l = &lists[w];
    int general = natural && l->natural ? l->natural : l->n_general;
    int first = natural ? 0 : l->cave_only; /* a built room skips the cave's own */
    int own_lo = l->kind == THEMED_LIST && theme >= 0 ? l->n_general + theme * l->per_theme : 0;
    int own_hi = own_lo ? own_lo + l->per_theme : 0;
    int i = -1;
    if (own_hi && dg__rng_percent(r, 50)) i = deal_from(deck, r, w, own_lo, own_hi);
    if (i < 0) i = deal_from(deck, r, w, first, general);
    if (i < 0 && own_hi) i = deal_from(deck, r, w, own_lo, own_hi);
    if (i < 0) {
        /* the pool is spent: start it again */
        memset(deck->used[w], 0, sizeof deck->used[w]);
        i = deal_from(deck, r, w, first, general);
    }
    return i;
}

const char *dg__hazard_seen(int i)
{
    _Static_assert(DG_COUNT(hazard_seen) == DG_COUNT(hazard), "a seen phrase per hazard");
    return i >= 0 && (size_t)i < DG_COUNT(hazard_seen) ? hazard_seen[i] : "";
}

int dg__activity_pick(dg_rng *r, int monster, int count)
{
    const dg_monster *m = dg_monster_info(monster);
    const dg_statblock *sb = dg_monster_statblock(monster);
    int lo = 0, n = count > 1 ? ACTIVITY_PEOPLE : ACTIVITY_PEOPLE_ALONE;
    int mind = sb ? sb->scores[3] : 10;
    switch (m->type) {
    case DG_TYPE_CONSTRUCT: case DG_TYPE_OOZE: case DG_TYPE_PLANT:
        lo = ACTIVITY_PEOPLE + ACTIVITY_BEASTS, n = ACTIVITY_MINDLESS;
        break;
    case DG_TYPE_UNDEAD: case DG_TYPE_SWARM_UNDEAD: case DG_TYPE_ELEMENTAL:
        /* a zombie or a water elemental drifts; a lich, a wraith or an azer
         * hunts (none of them repairs traps) */
        if (mind <= 5) lo = ACTIVITY_PEOPLE + ACTIVITY_BEASTS, n = ACTIVITY_MINDLESS;
        else lo = ACTIVITY_PEOPLE + ACTIVITY_BEASTS + ACTIVITY_MINDLESS, n = count > 1 ? ACTIVITY_CRUEL : ACTIVITY_CRUEL_ALONE;
        break;
    case DG_TYPE_BEAST: case DG_TYPE_SWARM: case DG_TYPE_MONSTROSITY:
        lo = ACTIVITY_PEOPLE, n = ACTIVITY_BEASTS;
        break;
    case DG_TYPE_FIEND: case DG_TYPE_DRAGON: case DG_TYPE_ABERRATION:
        lo = ACTIVITY_PEOPLE + ACTIVITY_BEASTS + ACTIVITY_MINDLESS, n = count > 1 ? ACTIVITY_CRUEL : ACTIVITY_CRUEL_ALONE;
        if (mind <= 3) lo = ACTIVITY_PEOPLE, n = ACTIVITY_BEASTS; /* a lemure, a dretch's wits */
        break;
    default: /* anything with an animal's wits acts as one */
        if (mind <= 3) lo = ACTIVITY_PEOPLE, n = ACTIVITY_BEASTS;
        break;
    }
    return lo + (int)dg__rng_below(r, (uint32_t)n);
}

size_t dg_contents_default_name(uint64_t seed, char *buf, size_t cap)
{
    /* the stream and draws format=donjon has always used for its name */
    static const char what[] = "donjon-name";
    dg_rng r;
    dg_rng_seed(&r, seed, dg_hash64(what, sizeof what - 1, 0));
    const char *a = name_adjective[dg__rng_below(&r, (uint32_t)DG_COUNT(name_adjective))];
    const char *p = name_place[dg__rng_below(&r, (uint32_t)DG_COUNT(name_place))];
    const char *o = name_of_what[dg__rng_below(&r, (uint32_t)DG_COUNT(name_of_what))];
    int n = snprintf(buf, cap, "The %s %s of %s", a, p, o);
    return n < 0 ? 0 : (size_t)n;
}
