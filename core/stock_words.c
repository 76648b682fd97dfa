/* stock_words.c -- every word list of the stocking model, in our own words:
 * room purposes, dressing, sounds, smells, hidden features, containers,
 * gems and art, doors, corridor features, wandering monsters' activities,
 * the dungeon's details, histories, factions and the parts of its name.
 *
 * A list is its general entries, then (for the lists a motif colours) one
 * or two entries per motif, in dg_motif order from abandoned on: entry
 * general + (motif - 1) * per_motif + k. The model stores indices; encoders
 * read the text back with dg_contents_word(). */
#include "stock_int.h"

#include <stdio.h>

#define MOTIFS (DG_MOTIF_COUNT - 1)

static const char *const purpose[] = {
    "guard post", "barracks", "storeroom", "shrine", "armoury", "kitchen", "larder",
    "prison cell", "torture chamber", "library", "study", "workshop", "forge",
    "throne room", "audience hall", "bedchamber", "dining hall", "trophy room",
    "well room", "crypt", "ossuary", "laboratory", "vestry", "cistern",
    "mess hall", "treasury", "map room", "chapel", "kennel", "lumber room",
};

static const char *const dressing[] = {
    "a long table scarred with knife marks", "benches pushed against the walls",
    "a cold hearth heaped with grey ash", "racks of rotted spears",
    "a heap of mouldering straw bedding", "iron rings set into the floor",
    "a cracked basin on a stone pedestal", "shelves of broken crockery",
    "a faded tapestry of a hunting scene", "a chalk circle half scuffed away",
    "a collapsed wooden scaffold", "barrels staved in and empty",
    "a pile of rusted helmets", "a stone bench carved with names",
    "a dry fountain choked with leaves", "a row of empty cages",
    "a toppled statue missing its head", "crates stamped with a merchant's mark",
    "a rack of torture tools", "an altar stained dark", "a narrow bed frame",
    "a chained book on a lectern", "a loom with a half-woven cloth",
    "a dented copper cauldron", "a wall of niches holding clay urns",
    "a weapon rack with one sword left", "a map painted on the wall",
    "a pit of cold cinders", "a rope ladder to a blocked shaft", "a shrine to a forgotten god",
};
static const char *const dressing_motif[MOTIFS][2] = {
    {"furniture thick with undisturbed dust", "a collapsed ceiling beam across the floor"},
    {"walls slick with a faintly glowing slime", "stone warped as if it had melted"},
    {"a chair built for something twelve feet tall", "bones cracked open for their marrow"},
    {"coffins with their lids pried off", "skulls arranged in neat rows"},
    {"droppings in every corner", "a nest of shredded cloth and bones"},
    {"a pool of black water in the floor", "walls crusted with barnacles"},
    {"sand drifted knee-deep along one wall", "a sun-bleached skeleton"},
    {"pale fungus growing in rings", "a crevice dropping into darkness"},
    {"a circle of runes set in silver", "shelves of stoppered vials"},
    {"walls blackened by old fires", "a channel of glowing cinders"},
    {"icicles hanging from the ceiling", "a corpse frozen where it fell"},
    {"claw marks gouged into the stone", "a pile of flayed hides"},
    {"an iron throne studded with spikes", "a contract nailed to the wall"},
};

static const char *const sound[] = {
    "dripping water", "a distant rumble", "scratching inside the walls", "faint chanting",
    "a door creaking somewhere", "rattling chains", "a low moan", "footsteps overhead",
    "whispering", "a bell tolling far away", "silence, deep and total", "wind through a crack",
};
static const char *const sound_motif[MOTIFS][1] = {
    {"stones settling"}, {"a wet, rhythmic pulse"}, {"heavy breathing"}, {"bones clicking"},
    {"squeaking and skittering"}, {"lapping water"}, {"sand hissing across stone"},
    {"something vast moving below"}, {"a humming of power"}, {"the roar of flames"},
    {"ice cracking"}, {"distant screaming"}, {"the clank of iron chains"},
};

static const char *const smell[] = {
    "damp earth", "mould", "smoke", "rot", "old blood", "incense", "dust", "wet dog",
    "rancid fat", "vinegar", "stale sweat", "cold stone",
};
static const char *const smell_motif[MOTIFS][1] = {
    {"mildew"}, {"brine and bile"}, {"unwashed hides"}, {"grave dirt"}, {"droppings"},
    {"seaweed"}, {"hot sand"}, {"fungus"}, {"ozone"}, {"sulphur"}, {"frost"},
    {"burning hair"}, {"brimstone"},
};

static const char *const hidden[] = {
    "a loose stone hiding a cavity", "a false bottom in a drawer", "a hollow statue",
    "a trapdoor under the rubble", "a niche behind a tapestry", "a message scratched under a bench",
    "a spyhole into the next room", "a lever behind a sconce", "a cache under a floor tile",
    "a crawlspace behind a shelf",
};

static const char *const container[] = {
    "iron-bound chest", "locked strongbox", "leather sack", "clay urn", "rotting crate",
    "small coffer", "bundle of rags", "hollowed book", "stone sarcophagus", "wooden barrel",
};

/* gems and art, three names per value tier (stock_rules.c's values) */
static const char *const gem[DG__GEM_TIERS * 3] = {
    "azurite", "banded agate", "obsidian",       "bloodstone", "carnelian", "moonstone",
    "amber", "jade", "pearl",                    "alexandrite", "black pearl", "topaz",
    "black opal", "blue sapphire", "emerald",    "black sapphire", "diamond", "ruby",
};
static const char *const art[DG__ART_TIERS * 3] = {
    "silver ewer", "carved bone statuette", "cloth-of-gold vestment",
    "gold ring set with bloodstones", "carved ivory statuette", "bronze crown",
    "silver chalice set with moonstones", "gold bird cage", "embroidered silk robe",
    "jewelled gold bracelet", "painted gold war mask", "silver necklace with a gem pendant",
    "jewelled gold crown", "gold music box", "painting by an old master",
};

static const char *const door_material[] = {"Wooden", "Stone", "Iron"};

static const char *const secret[] = {
    "a stone panel that slides when pressed", "a bookcase that swings on a hinge",
    "a sconce that turns to open the wall", "a seam hidden behind a tapestry",
    "a section of wall that pivots", "a hearth whose back wall slides aside",
    "a carved face whose eyes are buttons", "a flagstone that lifts to reveal steps",
};

static const char *const corridor[] = {
    "rubble half blocks the way", "a trickle of water runs along the floor",
    "old bloodstains on the flagstones", "a collapsed section to climb over",
    "a rusted portcullis jammed open", "scattered bones", "a shallow puddle",
    "a guttering torch in a bracket", "cobwebs from wall to wall",
    "a sign scratched on the wall pointing back", "a dropped backpack, empty",
    "a draught that smells of the outside",
};
static const char *const corridor_motif[MOTIFS][1] = {
    {"dust lies thick and unmarked"}, {"the walls are wet and faintly warm"},
    {"huge footprints in the dirt"}, {"a shambling trail of grave mould"},
    {"gnawed bones and droppings"}, {"ankle-deep water"}, {"sand drifts across the floor"},
    {"phosphorescent fungus lights the way"}, {"glowing runes along the walls"},
    {"the floor is hot underfoot"}, {"frost covers every surface"},
    {"a smear of blood leads away"}, {"iron chains bolted to the walls"},
};

static const char *const activity[] = {
    "patrolling", "hunting for food", "sleeping", "arguing over loot", "dragging a captive",
    "returning from a raid", "searching for an intruder", "eating", "repairing a trap",
    "fleeing something worse", "lost and wary", "carrying supplies", "guarding a wounded comrade",
    "following tracks", "performing a ritual", "scavenging",
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
    "Cold", "Cool", "Warm", "Damp and Cool", "Dry and Warm", "Freezing",
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
static const char *const special_motif[MOTIFS][1] = {
    {"Rotten floors give way under heavy loads"}, {"Dreams here are not your own"},
    {"Everything is built at giant scale"}, {"The dead do not rest: slain foes may rise"},
    {"Swarms stir at any loud noise"}, {"The lower halls are flooded"},
    {"Sand seeps in and buries the low places"}, {"No light from outside has ever reached here"},
    {"Wild magic surges at the thresholds"}, {"Heat: a long rest without water tires"},
    {"Cold: a long rest without fire tires"}, {"Whispers urge violence"},
    {"Every bargain made here binds"},
};

/* Histories, and the faction kinds that fit each (bit per faction[] entry). */
static const struct { const char *text; unsigned factions; } history[] = {
    {"Built as a dwarven hold, lost to what was dug up from below", 0x0C4u},
    {"A temple whose priests turned to darker gods", 0x205u},
    {"A wizard's refuge, abandoned when its master vanished", 0x150u},
    {"A prison whose inmates overthrew their gaolers", 0x083u},
    {"A royal tomb, sealed and forgotten", 0x005u},
    {"A smugglers' den that dug too deep", 0x0C8u},
    {"A mine that broke into caverns older than the world above", 0x148u},
    {"A fortress taken in a war no one remembers", 0x026u},
    {"The lair of a great beast and its brood", 0x128u},
    {"A flooded cistern under a ruined city", 0x40Cu},
    {"A gate to the lower planes, closed but not locked", 0x301u},
    {"A giant king's cellar, carved to his measure", 0x02Au},
};
/* Faction kinds (bit i = faction[i] below) that suit each motif. */
static const unsigned motif_factions[DG_MOTIF_COUNT] = {
    [DG_MOTIF_NONE] = 0x7FFu, [DG_MOTIF_ABANDONED] = 0x04Cu, [DG_MOTIF_ABERRANT] = 0x041u,
    [DG_MOTIF_GIANT] = 0x022u, [DG_MOTIF_UNDEAD] = 0x005u, [DG_MOTIF_VERMIN] = 0x008u,
    [DG_MOTIF_AQUATIC] = 0x408u, [DG_MOTIF_DESERT] = 0x10Cu, [DG_MOTIF_UNDERDARK] = 0x0C8u,
    [DG_MOTIF_ARCANE] = 0x110u, [DG_MOTIF_FIRE] = 0x300u, [DG_MOTIF_COLD] = 0x120u,
    [DG_MOTIF_ABYSSAL] = 0x201u, [DG_MOTIF_INFERNAL] = 0x201u,
};
static const struct { const char *text; unsigned types; } faction[] = {
    /* 0 */ {"cult", (1u << DG_TYPE_HUMANOID) | (1u << DG_TYPE_FIEND)},
    /* 1 */ {"warband", (1u << DG_TYPE_HUMANOID) | (1u << DG_TYPE_GIANT)},
    /* 2 */ {"undead host", 1u << DG_TYPE_UNDEAD},
    /* 3 */ {"brood of beasts", (1u << DG_TYPE_BEAST) | (1u << DG_TYPE_SWARM) | (1u << DG_TYPE_MONSTROSITY)},
    /* 4 */ {"order of mages", (1u << DG_TYPE_HUMANOID) | (1u << DG_TYPE_CONSTRUCT) | (1u << DG_TYPE_ELEMENTAL)},
    /* 5 */ {"giant clan", (1u << DG_TYPE_GIANT) | (1u << DG_TYPE_BEAST)},
    /* 6 */ {"hive from below", (1u << DG_TYPE_ABERRATION) | (1u << DG_TYPE_OOZE) | (1u << DG_TYPE_MONSTROSITY)},
    /* 7 */ {"band of raiders", 1u << DG_TYPE_HUMANOID},
    /* 8 */ {"court of the elements", (1u << DG_TYPE_ELEMENTAL) | (1u << DG_TYPE_DRAGON)},
    /* 9 */ {"fiendish legion", 1u << DG_TYPE_FIEND},
    /* 10 */ {"drowned tribe", (1u << DG_TYPE_HUMANOID) | (1u << DG_TYPE_BEAST) | (1u << DG_TYPE_MONSTROSITY)},
};
static const char *const faction_name[] = {
    "the Red Hand", "the Ashen Circle", "the Hollow Crown", "the Ninth Gate", "the Gnawing Ones",
    "the Pale Court", "the Iron Tusks", "the Silent Choir", "the Black Tide", "the Bone Wardens",
    "the Ember Kin", "the Children of the Deep", "the Broken Chain", "the Night Market",
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
static const char *const name_of_what[] = {
    "Dread", "the Lich Queen", "Lost Souls", "the Iron Duke", "Whispers",
    "the Serpent Cult", "Endless Night", "the Ogre King", "Ashes", "the Pale Moth",
    "Broken Oaths", "the Goblin Warlord",
};

/* ------------------------------------------------------------ lookup */

typedef struct {
    const char *const *general;
    int n_general;
    const char *const *by_motif;   /* MOTIFS x per_motif, row-major */
    int per_motif;
    size_t stride;                 /* bytes between entries of a struct table */
} list;

#define PLAIN(a) {(a), (int)DG_COUNT(a), NULL, 0, sizeof(const char *)}
#define MOTIFED(a, m) {(a), (int)DG_COUNT(a), &(m)[0][0], (int)DG_COUNT((m)[0]), sizeof(const char *)}
#define STRUCTS(a) {&(a)[0].text, (int)DG_COUNT(a), NULL, 0, sizeof((a)[0])}

static const list lists[DG_WORDS_COUNT] = {
    [DG_WORDS_PURPOSE] = PLAIN(purpose),
    [DG_WORDS_DRESSING] = MOTIFED(dressing, dressing_motif),
    [DG_WORDS_SOUND] = MOTIFED(sound, sound_motif),
    [DG_WORDS_SMELL] = MOTIFED(smell, smell_motif),
    [DG_WORDS_HIDDEN] = PLAIN(hidden),
    [DG_WORDS_CONTAINER] = PLAIN(container),
    [DG_WORDS_GEM] = PLAIN(gem),
    [DG_WORDS_ART] = PLAIN(art),
    [DG_WORDS_DOOR_MATERIAL] = PLAIN(door_material),
    [DG_WORDS_SECRET] = PLAIN(secret),
    [DG_WORDS_CORRIDOR] = MOTIFED(corridor, corridor_motif),
    [DG_WORDS_ACTIVITY] = PLAIN(activity),
    [DG_WORDS_FLOOR] = PLAIN(floor_words),
    [DG_WORDS_WALLS] = PLAIN(walls),
    [DG_WORDS_TEMPERATURE] = PLAIN(temperature),
    [DG_WORDS_ILLUMINATION] = STRUCTS(illumination),
    [DG_WORDS_SPECIAL] = MOTIFED(special, special_motif),
    [DG_WORDS_HISTORY] = STRUCTS(history),
    [DG_WORDS_FACTION] = STRUCTS(faction),
    [DG_WORDS_FACTION_NAME] = PLAIN(faction_name),
    [DG_WORDS_NAME_ADJECTIVE] = PLAIN(name_adjective),
    [DG_WORDS_NAME_PLACE] = PLAIN(name_place),
    [DG_WORDS_NAME_OF] = PLAIN(name_of_what),
};

const dg_lighting *dg_lighting_of(int i)
{
    return i >= 0 && (size_t)i < DG_COUNT(illumination) ? &illumination[i].light : NULL;
}

size_t dg_contents_word_count(dg_words w)
{
    if ((unsigned)w >= DG_WORDS_COUNT) return 0;
    return (size_t)lists[w].n_general + (size_t)(MOTIFS * lists[w].per_motif);
}

const char *dg_contents_word(dg_words w, int i)
{
    if ((unsigned)w >= DG_WORDS_COUNT || i < 0) return "";
    const list *l = &lists[w];
    if (i < l->n_general)
        return *(const char *const *)(const void *)((const char *)l->general + (size_t)i * l->stride);
    i -= l->n_general;
    return i < MOTIFS * l->per_motif ? l->by_motif[i] : "";
}

int dg__word_pick(dg_rng *r, dg_words w, dg_motif motif)
{
    const list *l = &lists[w];
    if (l->per_motif && motif != DG_MOTIF_NONE && dg__rng_percent(r, 50))
        return l->n_general + (motif - 1) * l->per_motif + (int)dg__rng_below(r, (uint32_t)l->per_motif);
    return (int)dg__rng_below(r, (uint32_t)l->n_general);
}

unsigned dg__history_factions(int h) { return history[h].factions; }
unsigned dg__faction_types(int f) { return faction[f].types; }
unsigned dg__motif_factions(dg_motif m) { return motif_factions[m]; }

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
