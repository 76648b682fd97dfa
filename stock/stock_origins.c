/* stock_origins.c -- what a dungeon was built as: one row per origin, with
 * the words its name takes, how it fell (histories), its floors and walls,
 * and the rooms it was built with, each with the one furnishing that says
 * what the room was for. Purpose 0 of a row is the lair's (the boss's
 * hall), purpose 1 the rank and file's quarters; the rest are drawn once
 * each per floor. Fillers after the rows are the rooms a big floor has
 * when its origin's rooms are spent; only they may repeat. Natural origins
 * (caverns, dens) are the only ones a cave map draws. */
#include "stock_int.h"

const dg__origin_row dg__origins[DG__ORIGIN_COUNT] = {
    [DG__ORIGIN_TOMB] = {
        .text = "a royal tomb", .places = {"Tomb", "Crypts", "Barrow"},
        .history = {"Built as a royal tomb, sealed when the line died out, and opened again by grave robbers who never came back",
                    "A tomb for a warrior-king, abandoned when the kingdom fell and his name was forgotten"},
        .floors = {"Smooth Stone", "Mosaic"}, .walls = {"Dressed Stone", "Superior Masonry"},
        .temperature = "Cold",
        .purposes = {{"burial chamber", "a great stone sarcophagus on a dais", 0},
                     {"guardians' hall", "alcoves where stone guardians once stood", 0},
                     {"ossuary", "a wall of niches holding clay urns", 0},
                     {"embalming room", "a stone table with channels cut for draining", 0},
                     {"chapel of rest", "a worn altar beneath a carved sun", DG__FOR_READERS},
                     {"offering hall", "broken offering bowls along the walls", 0},
                     {"hall of ancestors", "painted portraits flaking from the walls", 0},
                     {"mourners' gallery", "stone benches facing an empty wall", DG__FOR_READERS}},
    },
    [DG__ORIGIN_TEMPLE] = {
        .text = "a temple", .places = {"Temple", "Sanctum", "Shrine"},
        .history = {"A temple whose priests turned to darker gods, and whose god turned from them",
                    "A hidden temple of a banned faith, emptied by a purge and never rededicated"},
        .floors = {"Mosaic", "Cracked Tiles"}, .walls = {"Plastered and Painted", "Dressed Stone"},
        .temperature = "Cool",
        .purposes = {{"inner sanctum", "an altar under a shattered holy symbol", 0},
                     {"dormitory", "rows of narrow stone beds", DG__FOR_SLEEPERS},
                     {"vestry", "rotted vestments on iron hooks", DG__FOR_READERS},
                     {"scriptorium", "sloped desks with dried ink pots", DG__FOR_READERS},
                     {"refectory", "a long table and a reading pulpit", DG__FOR_READERS},
                     {"reliquary", "empty glass cases with velvet linings", 0},
                     {"baptistery", "a dry font carved with fish", 0},
                     {"cloister", "a square of dead earth where a garden grew", 0}},
    },
    [DG__ORIGIN_MINE] = {
        .text = "a dwarven mine", .places = {"Mines", "Delvings", "Deeps"},
        .history = {"Dug as a dwarven mine, lost to what the miners broke into below",
                    "A rich mine abandoned after a collapse buried its deepest shift"},
        .floors = {"Rough Stone", "Packed Earth"}, .walls = {"Rough Hewn Rock", "Reinforced Masonry"},
        .temperature = "Warm",
        .purposes = {{"deep shaft", "a windlass over a shaft dropping into darkness", 0},
                     {"miners' bunks", "bunks of split logs three high", DG__FOR_SLEEPERS},
                     {"ore store", "heaps of grey ore in wooden bins", 0},
                     {"smelter", "a cold furnace with a slag heap beside it", 0},
                     {"tool store", "racks of picks and broken shovels", 0},
                     {"cart yard", "ore carts tipped off their rails", 0},
                     {"assay office", "a scale and trays of crushed rock", DG__FOR_READERS},
                     {"collapsed gallery", "timber props splintered by fallen rock", 0}},
    },
    [DG__ORIGIN_FORTRESS] = {
        .text = "a fortress", .places = {"Hold", "Keep", "Bastion"},
        .history = {"A border fortress taken in a war no one remembers and never retaken",
                    "A fortress abandoned when its garrison marched out to a battle they lost"},
        .floors = {"Uneven Flagstone", "Worn Cobbles"}, .walls = {"Masonry", "Reinforced Masonry"},
        .temperature = "Cool",
        .purposes = {{"great hall", "a high seat at the head of a long table", 0},
                     {"barracks", "bunks in rows and footlockers kicked open", DG__FOR_SLEEPERS},
                     {"armoury", "weapon racks with one spear left", 0},
                     {"guardroom", "a table, stools and a dice cup", DG__FOR_READERS},
                     {"kitchen", "a hearth big enough to roast an ox", 0},
                     {"war room", "a map table with carved markers", DG__FOR_READERS},
                     {"mess hall", "trestle tables and overturned benches", 0},
                     {"stable", "stalls with mouldering straw", 0}},
    },
    [DG__ORIGIN_PRISON] = {
        .text = "a prison", .places = {"Gaol", "Pits", "Oubliette"},
        .history = {"A prison whose inmates overthrew their gaolers and made it their own",
                    "A gaol for those the crown wanted forgotten, left to its prisoners when the crown fell"},
        .floors = {"Uneven Flagstone", "Rough Stone"}, .walls = {"Reinforced Masonry", "Crumbling Brick"},
        .temperature = "Damp and Cool",
        .purposes = {{"warden's hall", "a heavy desk and a rack of keys", 0},
                     {"guard barracks", "cots beside a rack of clubs", DG__FOR_SLEEPERS},
                     {"cell block", "a row of cells with their doors hanging open", 0},
                     {"interrogation room", "a chair with straps and a brazier", DG__FOR_READERS},
                     {"oubliette", "a grate over a pit with scratched walls", 0},
                     {"prison kitchen", "a cauldron of cold gruel", 0},
                     {"exercise yard", "a worn circle trodden in the floor", 0},
                     {"records room", "shelves of sentences gone to mould", DG__FOR_READERS}},
    },
    [DG__ORIGIN_CISTERN] = {
        .text = "a cistern under a city", .places = {"Cisterns", "Sewers", "Undercity"},
        .history = {"A great cistern under a ruined city, forgotten when the city above fell",
                    "Sewers sealed off after a plague, with whatever lived in them"},
        .floors = {"Worn Cobbles", "Cracked Tiles"}, .walls = {"Crumbling Brick", "Masonry"},
        .temperature = "Damp and Cool",
        .purposes = {{"great cistern", "columns rising from a sheet of still water", 0},
                     {"workers' refuge", "hammocks slung between pipes", DG__FOR_SLEEPERS},
                     {"pump room", "a rusted pump wheel twice the height of a door", 0},
                     {"settling pool", "a stone basin of silt and sludge", 0},
                     {"sluice room", "sluice gates rusted half open", 0},
                     {"overflow chamber", "a tide line of filth high on the walls", 0},
                     {"junction", "four culverts meeting at a grate", 0},
                     {"keeper's office", "a ledger of water levels", DG__FOR_READERS}},
    },
    [DG__ORIGIN_SANCTUM] = {
        .text = "a wizard's sanctum", .places = {"Sanctum", "Laboratories", "Athenaeum"},
        .history = {"A wizard's refuge, abandoned when its master vanished mid-experiment",
                    "A school of magic closed after an accident no one would speak of"},
        .floors = {"Smooth Stone", "Mosaic"}, .walls = {"Superior Masonry", "Plastered and Painted"},
        .temperature = "Dry and Warm",
        .purposes = {{"summoning chamber", "a binding circle inlaid in silver", 0},
                     {"apprentices' quarters", "narrow beds and scorched robes", DG__FOR_SLEEPERS},
                     {"laboratory", "tables of glassware furred with dust", DG__FOR_READERS},
                     {"library", "shelves of books chained in place", DG__FOR_READERS},
                     {"study", "a desk under drifts of notes", DG__FOR_READERS},
                     {"specimen store", "jars of things floating in murky fluid", DG__FOR_READERS},
                     {"observatory", "a brass telescope aimed at the ceiling", DG__FOR_READERS},
                     {"workshop", "a bench of half-built clockwork", DG__FOR_READERS}},
    },
    [DG__ORIGIN_VAULT] = {
        .text = "a merchant house's vault", .places = {"Vaults", "Strongrooms", "Treasury"},
        .history = {"The vaults of a merchant house that went bankrupt and bricked up its debts",
                    "A treasury dug for a king's ransom, its builders killed to keep the secret"},
        .floors = {"Smooth Stone", "Uneven Flagstone"}, .walls = {"Reinforced Masonry", "Dressed Stone"},
        .temperature = "Cool",
        .purposes = {{"great vault", "a round door of iron standing open", 0},
                     {"guards' quarters", "bunks and a rack of crossbows", DG__FOR_SLEEPERS},
                     {"counting room", "abacuses and scales on a long table", DG__FOR_READERS},
                     {"strongroom", "iron-banded lockers along the walls", 0},
                     {"clerk's office", "pigeonholes stuffed with receipts", DG__FOR_READERS},
                     {"assayer's room", "a touchstone and acid flasks", DG__FOR_READERS},
                     {"gatehouse", "a murder hole above the door", 0},
                     {"deed room", "boxes of sealed deeds", DG__FOR_READERS}},
    },
    [DG__ORIGIN_CAVERN] = {
        .text = "a natural cavern", .places = {"Caverns", "Grottoes", "Hollows"},
        .natural = true,
        .history = {"Caverns carved by an underground river that dried up long ago",
                    "A cave system opened by an earthquake a generation ago"},
        .floors = {"Natural Rock", "Packed Earth"}, .walls = {"Natural Cave Wall", "Natural Cave Wall"},
        .temperature = "Damp and Cool",
        .purposes = {{"lair", "a raised shelf of rock worn smooth by long use", 0},
                     {"den", "bedding of moss and stolen furs", DG__FOR_SLEEPERS},
                     {"fungus garden", "mushrooms as tall as a horse", 0},
                     {"pool grotto", "a still pool reflecting the ceiling", 0},
                     {"bone pit", "a heap of bones in a hollow", 0},
                     {"collapsed shaft", "daylight far above through a choked shaft", 0},
                     {"crystal grotto", "crystals jutting from every wall", 0},
                     {"echoing gallery", "stalactites like the pipes of an organ", 0}},
    },
    [DG__ORIGIN_DEN] = {
        .text = "a beast's den", .places = {"Den", "Lair", "Warrens"},
        .natural = true,
        .history = {"The lair of a great beast, taken over when it died",
                    "Burrows dug by something huge, since moved into by worse"},
        .floors = {"Packed Earth", "Natural Rock"}, .walls = {"Natural Cave Wall", "Rough Hewn Rock"},
        .temperature = "Warm",
        .purposes = {{"great den", "a nest of branches and bones", 0},
                     {"sleeping hollow", "flattened straw and shed fur", DG__FOR_SLEEPERS},
                     {"larder", "carcasses hung from roots", 0},
                     {"midden", "a reeking heap of scraps", 0},
                     {"nest", "eggs in a ring of stones", 0},
                     {"lookout", "a ledge over the entrance", 0},
                     {"drinking pool", "a muddy pool ringed with tracks", 0},
                     {"bone pit", "a pit of gnawed bones", 0}},
    },
};

const dg__purpose dg__purpose_fillers[DG__PURPOSE_FILLERS] = {
    {"side chamber", "a bare floor swept by draughts", 0},
    {"storeroom", "shelves of empty jars", 0},
    {"antechamber", "a pair of empty sconces", 0},
    {"passage room", "paths worn across the floor", 0},
};

/* Below each origin, the rooms of the places that lie under such a place
 * (floor 1's, floor 2's and on): a tomb's temple, then its treasury; a
 * cave's dens, then its caverns again (a cave map draws only natural ones). */
static const dg__origin below[DG__ORIGIN_COUNT][2] = {
    [DG__ORIGIN_TOMB] = {DG__ORIGIN_TEMPLE, DG__ORIGIN_VAULT},
    [DG__ORIGIN_TEMPLE] = {DG__ORIGIN_TOMB, DG__ORIGIN_SANCTUM},
    [DG__ORIGIN_MINE] = {DG__ORIGIN_VAULT, DG__ORIGIN_FORTRESS},
    [DG__ORIGIN_FORTRESS] = {DG__ORIGIN_PRISON, DG__ORIGIN_VAULT},
    [DG__ORIGIN_PRISON] = {DG__ORIGIN_FORTRESS, DG__ORIGIN_CISTERN},
    [DG__ORIGIN_CISTERN] = {DG__ORIGIN_PRISON, DG__ORIGIN_TOMB},
    [DG__ORIGIN_SANCTUM] = {DG__ORIGIN_VAULT, DG__ORIGIN_TEMPLE},
    [DG__ORIGIN_VAULT] = {DG__ORIGIN_FORTRESS, DG__ORIGIN_TOMB},
    [DG__ORIGIN_CAVERN] = {DG__ORIGIN_DEN, DG__ORIGIN_CAVERN},
    [DG__ORIGIN_DEN] = {DG__ORIGIN_CAVERN, DG__ORIGIN_DEN},
};

int dg__floor_origin(int origin, int floor)
{
    if (floor <= 0 || origin < 0 || origin >= DG__ORIGIN_COUNT) return origin;
    return below[origin][(floor - 1) % 2];
}

/* Who sleeps: the living that rest (no construct, elemental, fiend, ooze,
 * plant, swarm or undead lies down in a bunk). Who reads: a mind of
 * Intelligence 6 or more that is no beast. A room suits its occupants
 * when one of its groups does (a mage keeps his golems in his library). */
static bool sleeps(const dg_monster *m)
{
    switch (m ? m->type : DG_TYPE_HUMANOID) {
    case DG_TYPE_CONSTRUCT: case DG_TYPE_ELEMENTAL: case DG_TYPE_FIEND: case DG_TYPE_OOZE:
    case DG_TYPE_PLANT: case DG_TYPE_SWARM: case DG_TYPE_UNDEAD: case DG_TYPE_SWARM_UNDEAD:
        return false;
    default:
        return true;
    }
}

bool dg__occupants_sleep(const dg_encounter *e)
{
    for (int g = 0; g < e->n_groups; g++)
        if (sleeps(dg_monster_info(e->groups[g].monster))) return true;
    return e->n_groups == 0;
}

#define READER_MIN_INT 6
bool dg__occupants_read(const dg_encounter *e)
{
    for (int g = 0; g < e->n_groups; g++) {
        const dg_monster *m = dg_monster_info(e->groups[g].monster);
        const dg_statblock *sb = dg_monster_statblock(e->groups[g].monster);
        if (m && m->type != DG_TYPE_BEAST && m->type != DG_TYPE_SWARM && (!sb || sb->scores[3] >= READER_MIN_INT))
            return true;
    }
    return e->n_groups == 0;
}
