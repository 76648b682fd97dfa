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
                    "A tomb for a warrior-king, abandoned when the kingdom fell and his name was forgotten",
                    "Raised over a queen who was buried with her whole household, and shunned ever since by the villages below",
                    "The family crypt of a pretender, walled up by the heir he murdered and breached by a landslide last spring",
                    "A barrow heaped over the dead of a lost battle, whose priests left curses on every door",
                    "A tomb built in secret for a tyrant whose body never reached it",
                    "The crypts of a noble house that buried its dead with their wealth, until the last heir came down to take it back and stayed",
                    "A burial mound the old clans swore never to open, opened by a flood that scoured away its door"},
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
                    "A hidden temple of a banned faith, emptied by a purge and never rededicated",
                    "A pilgrims' temple cut into the hillside, deserted after its miracle stopped working",
                    "A temple built over a spring said to heal, abandoned when the water turned bitter",
                    "A monastery of silent monks who went below one winter and did not come up",
                    "A temple to a harvest god, left to ruin after three years of famine broke the faith of its village",
                    "A temple whose high priest sold its relics and fled, and whose congregation went looking for him",
                    "A shrine to a sea god built far inland, its founders' reasons lost with them"},
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
                    "A rich mine abandoned after a collapse buried its deepest shift",
                    "A silver mine worked out a century ago, its galleries since reopened by whoever needed a hole in the hills",
                    "A mine sunk by a prince for gems, closed when the workers began to vanish one by one",
                    "A gnomish delving flooded when the miners cut into an underground lake",
                    "A copper mine whose owners fought over it until no one was left to work it",
                    "A mine dug after a false rumour of gold, abandoned half-finished and never mapped",
                    "A mine of the old empire, sealed by its own engineers when they found what the ore was sitting on"},
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
                    "A fortress abandoned when its garrison marched out to a battle they lost",
                    "A robber baron's keep, stormed by his neighbours and left to rot as a warning",
                    "A watch-fort on an old road, forgotten when the road was moved",
                    "A fortress starved out in a long siege, its gates opened at last by the defenders themselves",
                    "A keep granted to a knightly order that was outlawed and scattered a generation ago",
                    "A stronghold built to guard a pass, emptied when a plague came through the garrison",
                    "A fortress of a prince who went mad, whose soldiers deserted him one by one"},
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
                    "A gaol for those the crown wanted forgotten, left to its prisoners when the crown fell",
                    "A debtors' prison, abandoned when the city that filled it burned",
                    "A penal colony dug into the rock, whose prisoners mined their own cells",
                    "A prison for sorcerers, its wards failing since the last warden died",
                    "A border gaol for smugglers, left unmanned when the border moved and no one told the prisoners",
                    "A fortress prison whose gaolers took a bribe to leave the gates open one night, and never came back to shut them",
                    "An oubliette-riddled prison beneath a ruined castle, its records burned and its cells forgotten"},
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
                    "Sewers sealed off after a plague, with whatever lived in them",
                    "Aqueduct tunnels built by an empire that is now a name on old coins",
                    "Smugglers' tunnels under the docks, bricked up by the watch with the smugglers still inside",
                    "A drainage works abandoned when the river changed its course",
                    "Undercity vaults where the poor once sheltered from a war above, then left behind",
                    "Cisterns dug to outlast a siege, still holding water long after the city surrendered",
                    "Storm drains whose grates rusted shut, cutting them off from the streets above"},
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
                    "A school of magic closed after an accident no one would speak of",
                    "The workshop of an artificer who walled herself in to finish a masterpiece",
                    "A wizard's tower sunk into the earth, its upper floors long fallen",
                    "A sanctum built to study a fallen star, abandoned when the star was stolen",
                    "The retreat of a circle of mages who fled a king's purge and were never heard from again",
                    "A laboratory where a would-be lich worked until the last experiment failed",
                    "A library sealed by its keepers to stop what was written in one of its books from getting out"},
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
                    "A treasury dug for a king's ransom, its builders killed to keep the secret",
                    "A moneylenders' strongroom, abandoned when a war made all its promissory notes worthless",
                    "A dwarven bank whose keys were lost with its last manager",
                    "A smuggler lord's vault, forgotten when he was hanged without telling anyone where it was",
                    "A temple treasury hidden from raiders so well its own priests lost track of it",
                    "The strongrooms of a guild of jewellers, looted once and locked again by the looters",
                    "A vault built to hold a dowry that was never paid, and then everything else its owners wanted hidden"},
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
                    "A cave system opened by an earthquake a generation ago",
                    "Caves where hermits once lived, until the deeper passages took them",
                    "A grotto once holy to druids, abandoned when the spring at its heart ran dry",
                    "Lava tubes left by a volcano that has slept for a thousand years",
                    "Sea caves left high and dry when the coast rose",
                    "A cave network used as a refuge in a war, and taken over after the war by other things",
                    "Limestone hollows the old shepherds feared, for the sheep that wandered in"},
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
                    "Burrows dug by something huge, since moved into by worse",
                    "The nest of a brood that hatched and scattered, leaving its shells and bones behind",
                    "A hunting ground the local hunters stopped going into when the quarry began hunting them",
                    "The den of a beast the old stories say the gods chained here",
                    "Warrens dug by giant badgers and widened by whatever ate them",
                    "A lair that has passed from predator to predator for as long as anyone has told of it",
                    "A hollow where a dragon once slept, its treasure long gone and its reek not"},
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

/* A second and third furnishing for the rooms every floor has again (the
 * lair's and the rank and file's) and for the fillers: a dungeon of three
 * floors has three burial chambers, and one great sarcophagus on a dais
 * read out three times is one too many. Row 2 x origin + 0 or 1, then the
 * fillers'. */
const char *const dg__purpose_again[DG__PURPOSE_AGAIN][2] = {
    {"a sarcophagus of black marble, its lid carved with a sleeping face", "a stone bier under a ceiling painted with stars"},
    {"empty plinths where guardian statues stood", "a pair of stone guardians, one toppled"},
    {"a defaced altar before an empty niche", "a stone altar whose carved god has had its face chiselled away"},
    {"rows of stone bunks with rotted blankets", "sleeping mats in rows under a faded prayer"},
    {"a winch above a shaft no torch can light to the bottom", "a rusted cage hanging over an open shaft"},
    {"plank bunks with names carved into the posts", "hammocks of sacking slung between pit props"},
    {"a long table under tattered banners", "a dais with a broken chair of state"},
    {"straw pallets in rows under an empty weapon rack", "double bunks around a cold brazier"},
    {"a warden's desk under a board of rusted keys", "a raised desk with ledgers of names"},
    {"cots and a bench of dented helmets", "bunks beside a rack of manacles"},
    {"a vaulted basin where the water lies black and flat", "pillars marching off into dark water"},
    {"pallets on a dry ledge above the channel", "a cold stove among bedrolls on the walkway"},
    {"a summoning circle of chalk and dried blood", "a pentagram of inlaid copper under a blackened ceiling"},
    {"cots beside a shelf of singed primers", "bunks under a wall of scorched practice targets"},
    {"a vault door of steel hanging from one hinge", "an iron gate before rows of empty strongboxes"},
    {"bunks beside a rack of halberds", "cots and a table scored with tallies"},
    {"a dry hollow floored with gnawed bones", "a ledge above the floor, polished by long use"},
    {"a heap of leaves and stolen cloaks", "furs pressed flat into a sleeping place"},
    {"a bed of bones and matted fur", "a hollow scooped in the earth, ringed by bones"},
    {"scraped hollows lined with moss", "a pile of hides and straw"},
    {"a cracked floor swept bare", "a lone bench against one wall"},
    {"crates stove in and emptied", "sacks slumped against the wall"},
    {"a bench beside the far door", "a niche for a lamp by the door"},
    {"a floor scuffed by many feet", "mud tracked from door to door"},
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

/* (a wave of reinforcements lives elsewhere: dg_group.arrives) */
bool dg__occupants_sleep(const dg_encounter *e)
{
    for (int g = 0; g < e->n_groups; g++)
        if (!e->groups[g].arrives && sleeps(dg_monster_info(e->groups[g].monster))) return true;
    return e->n_groups == 0;
}

/* Who has fur or wears it, for the smell of wet fur: beasts and swarms of
 * them, humanoids (gnolls, wererats, a clan in its furs), giants in their
 * furs; never a dragon, a remorhaz, a golem or a devil. By type, as the
 * bedding goes (a giant scorpion passes: the theme's beasts are wolves). */
bool dg__occupants_furred(const dg_encounter *e)
{
    for (int g = 0; g < e->n_groups; g++) {
        const dg_monster *m = dg_monster_info(e->groups[g].monster);
        if (e->groups[g].arrives || !m) continue;
        if (m->type == DG_TYPE_BEAST || m->type == DG_TYPE_SWARM || m->type == DG_TYPE_HUMANOID || m->type == DG_TYPE_GIANT)
            return true;
    }
    return e->n_groups == 0;
}

#define READER_MIN_INT 6
bool dg__occupants_read(const dg_encounter *e)
{
    for (int g = 0; g < e->n_groups; g++) {
        if (e->groups[g].arrives) continue;
        const dg_monster *m = dg_monster_info(e->groups[g].monster);
        const dg_statblock *sb = dg_monster_statblock(e->groups[g].monster);
        if (m && m->type != DG_TYPE_BEAST && m->type != DG_TYPE_SWARM && (!sb || sb->scores[3] >= READER_MIN_INT))
            return true;
    }
    return e->n_groups == 0;
}
