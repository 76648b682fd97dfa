/* adventure_words.c -- the adventure's phrases: patrons, stakes, goals,
 * wants, rivalries, rumours, alarms, chapters, clues and hiding places,
 * written as a GM would say them, with {slots} that adventure.c's filler
 * fills from the model (a creature, a room and what it was built for, a
 * faction, the place, the goal's object, the reward). The model keeps
 * indices into these tables; nothing here draws. */
#include "stock_int.h"

#include <stdio.h>
#include <string.h>

const char *const dg__adv_faction_names[DG__ADV_FACTION_NAMES] = {
    /* splinters: those who broke from the master */
    "the Turncoats", "the Cast-Outs", "the Knives in the Dark", "the Broken Oath", "the Unpaid",
    "the Last Share", "the Bitter Few", "the Deserters", "the Lean Wolves", "the Strays",
    "the Forsworn", "the Hungry Company",
    /* guardians: those who kept the place before the master came */
    "the Undying Watch", "the Sworn Dead", "the Last Garrison", "the Keepers of the Seal",
    "the Wardens of the Gate", "the Oathbound", "the Long Vigil", "the Grey Sentinels", "the Old Guard",
    "the Lamp Keepers", "the Silent Order", "the Faithful Remnant",
};

/* patrons: a name and who they are, PATRON_NAMES x PATRON_ROLES. Enough
 * names that a GM who rolls a dungeon a week meets a patron again only
 * after months (16 gave each name to one dungeon in twelve) */
#define PATRON_NAMES 48
#define PATRON_ROLES 12
static const char *const patron_names[PATRON_NAMES] = {
    "Aldwin Hale", "Ysolde Marsh", "Brannoc Fell", "Tamsin Reed", "Garrick Dunn", "Liesel Varga",
    "Corwen Ashby", "Nell Harrow", "Dagna Stonebrow", "Pell Marrow", "Ames Tolliver", "Rook Calloway",
    "Hedda Quill", "Orrin Vale", "Wenna Thorne", "Ivo Brask", "Maud Kettle", "Osric Penhallow",
    "Brida Cole", "Fennick Roe", "Sabeth Urquhart", "Tobin Ashgrove", "Greta Halloran", "Lucan Mere",
    "Ottilie Brand", "Wystan Hobb", "Isolde Crane", "Jory Pike", "Marta Vey", "Ansel Dray",
    "Rhosyn Gale", "Cuthbert Lorne", "Elske Morrow", "Hamund Tarr", "Perrin Gould", "Yara Holt",
    "Dunstan Creel", "Milo Farrier", "Berthe Anvil", "Sorrel Wick", "Thane Rudd", "Ilsa Kerrow",
    "Godric Bale", "Nessa Birch", "Ulric Fane", "Winifred Snow", "Caspar Lyle", "Agna Ironvein",
};
static const char *const patron_roles[PATRON_ROLES] = {
    "the reeve of Thornbury", "the head of the hill priory", "a factor of the Merchants' Guild",
    "a miner's heir with a grudge", "a one-handed adventurer long retired", "a sage of the collegium",
    "the baron's steward", "a caravan master", "an elder of the dwarf clan", "a young noble deep in debt",
    "the captain of the town watch", "the innkeeper at the crossroads",
};

/* someone of the patron's own household, by the patron's role (the
 * captive "{household}"): an apprentice is a sage's, not a noble's */
static const char *const households[PATRON_ROLES] = {
    "the reeve's clerk", "a novice of the hill priory", "a clerk of the Merchants' Guild",
    "the heir's younger sister", "the old adventurer's ward", "the sage's apprentice",
    "the steward's son", "a drover of the caravan", "the elder's grandson", "the young noble's sister",
    "a sergeant of the watch", "the innkeeper's daughter",
};

/* the patron named again, by role ("{patron_title}": the reeve's word) */
static const char *const titles[PATRON_ROLES] = {
    "the reeve", "the prior", "the factor", "the heir", "the old adventurer", "the sage",
    "the steward", "the caravan master", "the elder", "the young noble", "the captain", "the innkeeper",
};

/* who can pay thousands of gold pieces (a priory, a guild, a collegium,
 * a baron's steward, a dwarf clan); "Hedda Quill, the innkeeper at the
 * crossroads ... The reward is 135,000 gp", "Pell Marrow, the innkeeper
 * at the crossroads ... 16,500 gp" and "a young noble deep in debt ...
 * offers 9,800 gp" read as jokes */
static const bool wealthy[PATRON_ROLES] = {false, true, true, false, false, true,
                                           true, false, true, false, false, false};

int dg__adv_patron_for(int patron, long reward_gp)
{
    int role = patron % PATRON_ROLES, name = patron / PATRON_ROLES;
    if (reward_gp <= DG__ADV_HUMBLE_PURSE_GP || wealthy[role]) return patron;
    int rich[PATRON_ROLES], n = 0;
    for (int k = 0; k < PATRON_ROLES; k++)
        if (wealthy[k]) rich[n++] = k;
    return name * PATRON_ROLES + rich[role % n];
}

const char *dg__adv_household(int patron) { return households[(patron % PATRON_ROLES + PATRON_ROLES) % PATRON_ROLES]; }
const char *dg__adv_patron_title(int patron) { return titles[(patron % PATRON_ROLES + PATRON_ROLES) % PATRON_ROLES]; }

/* the goal: slay the master, recover a thing, rescue a person */
enum { GOAL_SLAY, GOAL_RECOVER, GOAL_RESCUE, GOAL_KINDS };
static const char *const goal_text[GOAL_KINDS] = {
    "{kill_cap} the {who} in the {purpose} ({room}){proof}",
    "Bring back {object} from the {purpose} ({room}).",
    "Bring {object} out alive from the {purpose} ({room}), where the captive is held.",
};
/* what is recovered, three an origin (dg__origin order): no comma inside
 * (each sits mid-sentence: "a geode the size of a head, full of violet
 * crystal from the great den") and no place noun (the hook names the
 * place beside it: "the deed to the mine brought out of the mine") */
static const char *const objects[DG__ORIGIN_COUNT * 3] = {
    "the crown of the last king", "a funeral mask of beaten gold", "the royal seal ring",
    "the silver reliquary of the first prior", "a saint's finger bone in a crystal case", "the high priest's book of rites",
    "the deed of claim to the lower workings", "the clan's ancestral hammer", "the foreman's ledger of the richest seams",
    "the garrison's battle standard", "the commander's signet ring", "the garrison's pay chest",
    "the warden's book of names", "a sealed confession that could hang a lord", "the royal pardon that came too late",
    "the city engineer's plans", "the brass valve key to the great sluice", "the water guild's strongbox",
    "the wizard's spellbook", "a crystal orb of scrying", "the staff its master left behind",
    "the merchant house's sealed deeds", "a casket of uncut rubies", "the ledger that names the house's debtors",
    "the lost expedition's journal", "a head-sized geode full of violet crystal", "the surveyor's brass theodolite",
    "the hunter's heirloom bow", "the village's stolen bell", "the pelt of the great beast that dug the place",
};
/* which of them can win or lose a lawsuit (a deed, a ledger, a seal, a
 * confession): "Without the staff its master left behind a lawsuit is
 * lost" read as a joke */
static const bool papers[DG__ORIGIN_COUNT * 3] = {
    false, false, true, false, false, false, true,  false, true,  false, true,  false, true,  true,  true,
    true,  false, false, false, false, false, true, false, true,  true,  false, false, false, false, false,
};

bool dg__adv_object_papers(int object)
{
    return object >= 0 && object < DG__ORIGIN_COUNT * 3 && papers[object];
}

/* who is rescued */
#define CAPTIVES 8
static const char *const captives[CAPTIVES] = {
    "{household}", "the merchant Odo's daughter", "a crown surveyor",
    "Brother Anselm", "the reeve's youngest son", "a scout of the town watch",
    "the prospector Thrain", "the bard Lisel",
};
/* the patron's ask, three a goal kind */
static const char *const asks[GOAL_KINDS * 3] = {
    "{patron} wants the {master} that rules the {place} {dead}.",
    "{patron} will pay to see the {master} of the {place} {killed}.",
    "{patron} needs someone to go into the {place} and {kill} the {master} that rules it.",
    "{patron} wants {object} brought out of the {place}.",
    "{patron} is looking for hands to recover {object} from the {place}.",
    "{patron} has a buyer waiting for {object}, and needs someone to go into the {place} for it.",
    "{patron} begs the party to bring back {object}, held by {holders} in the {place}.",
    "{patron} will pay for the return of {object}, taken by {holders} and held somewhere in the {place}.",
    "{patron} wants {object} brought home from the {place} before it is too late.",
};
/* why it matters, six a goal kind */
#define STAKES 6
static const char *const stakes[GOAL_KINDS * STAKES] = {
    "{holders} have raided the roads from the {place} for a month, and every raid is bolder than the last.",
    "Two patrols went into the {place} after {holders}; one man came back, and he will not say what he saw.",
    "Word has come from the {place} that the valley must pay {holders} tribute by the new moon.",
    "The farms nearest the {place} stand empty; the families fled or were taken by {holders}.",
    "No caravan will use the road while {holders} hold the {place}.",
    "The last band hired to clear out {holders} is still in the {place}, somewhere.",
    "It was lost when the {place} fell, and the family it belonged to has waited three generations for it.",
    "A rival is hiring too; whoever brings {object} out first is paid, the other is not.",
    "{holders} do not know what {object} is, and that will not last.",
    "Without {object} a lawsuit is lost, and a whole street of houses with it.",
    "{patron_title} has staked a good name on the {purpose} ({room}) being the place to look.",
    "{patron_title} has promised it to someone who will not wait, and a good name rides on the promise.",
    "It has been three nights since {holders} took {object}, and they do not keep prisoners long.",
    "A ransom note came from {holders}, asking for more than the whole village owns.",
    "{object_cap} knows something {holders} want, and will not keep quiet forever.",
    "A search party went into the {place} after {object} a week ago and has not come out.",
    "{holders} were seen dragging {object} toward the {purpose} ({room}).",
    "Every day {object} spends in the {place}, the price of silence goes up.",
};
static const char *const rewards[3] = {
    "The reward is {gp} gp, half of it paid in advance.",
    "{gp} gp waits on the party's return, and a good word in the right ears.",
    "The patron offers {gp} gp, and a horse each for the road.",
};

/* wants: the holders' and rivals' by theme (dg__themes order) */
static const char *const theme_wants[DG__THEME_COUNT] = {
    [DG_MOTIF_ABANDONED - 1] = "to feed, and to keep every intruder out of their nests",
    [DG_MOTIF_ABERRANT - 1] = "to wake the thing that dreams beneath the {place}",
    [DG_MOTIF_GIANT - 1] = "to rule the valley below and take tribute in cattle",
    [DG_MOTIF_UNDEAD - 1] = "to add the living to their number",
    [DG_MOTIF_VERMIN - 1] = "to breed until the {place} cannot hold them",
    [DG_MOTIF_AQUATIC - 1] = "to drown the lower halls and call their god up through the water",
    [DG_MOTIF_DESERT - 1] = "to strip the {place} of every coin before anyone else does",
    [DG_MOTIF_UNDERDARK - 1] = "to hold this gate to the surface for their masters below",
    [DG_MOTIF_ARCANE - 1] = "to finish the work the {place}'s builders left undone",
    [DG_MOTIF_FIRE - 1] = "to wake the fire under the earth and burn the world clean",
    [DG_MOTIF_COLD - 1] = "to bring back the long winter their grandmothers told of",
    [DG_MOTIF_ABYSSAL - 1] = "to open a way for their demon lord",
    [DG_MOTIF_INFERNAL - 1] = "to bind every soul that enters to a contract",
    [DG__THEME_GOBLINS] = "to raid the farms below before winter and crown a new chief",
    [DG__THEME_ORCS] = "to gather blades enough to take the river town",
    [DG__THEME_KOBOLDS] = "to fill their dragon's hoard, and to be praised for it",
    [DG__THEME_BANDITS] = "to lie low until the hue and cry dies down, and keep the loot",
    [DG__THEME_CULT] = "to finish the rite their founder began here",
    [DG__THEME_GNOLLS] = "to eat, and to follow the hunger wherever it leads",
    [DG__THEME_LIZARDFOLK] = "to drive out the warm-bloods and keep the water for their eggs",
    [DG__THEME_WERERATS] = "to run the smuggling under the city from down here",
    [DG__THEME_HAGS] = "to collect what they are owed: names, years and firstborn",
};
/* splinters that talk, then those that do not; then the holders or
 * rivals of a people's theme who have nobody to speak for them (a
 * "drowned tribe" of giant crabs and frogs does not call up a god);
 * guardians */
static const char *const splinter_wants[6] = {
    "to be rid of the {master} and rule the {place} themselves",
    "to get away with the loot they have hidden",
    "to be left alone in their corner",
    "to hunt on their own, away from the rest",
    "to feed, and to hold the {place} against all comers",
    "to drive out whatever comes into the {place}, and eat it",
};
static const char *const guardian_wants[2] = {
    "to keep the {place} shut, and to kill whoever takes from it",
    "to guard what their makers buried here until the end of days",
};
/* rivalries, by the pair (other's role) */
static const char *const reasons[14] = {
    "both want the {place} for their own",
    "each blames the other for every raid on the valley",
    "they came for the same {place}, and blood has been spilt over it",
    "{other} took the best halls, and {faction} want them back",
    "{faction} walked out after a quarrel over spoils",
    "the {master} had the old chief of {faction} killed",
    "{other} came to loot what {faction} keep",
    "{faction} killed half of the first who dug their way in",
    "{other} walked out after a quarrel over spoils, and took friends with them",
    "{other} want the {master}'s seat, and everyone knows it",
    "{faction} came to loot what {other} keep",
    "{other} killed half of the first of {faction} to dig their way in",
    /* a splinter that does not talk, and its holders: no quarrel, no spoils */
    "{faction} broke away from the rest, and {other} hunt them for it",
    "{other} broke away, and {faction} hunt them down wherever they are found",
};

/* rumours: true ones by subject, then false ones, then half-true */
static const char *const rumours[] = {
    /* 0 master */ "{faction} answer to {a_who} {that} never leaves the {purpose} ({room}).",
    /* 1 master */ "{whatever} leads {faction} never leaves the {purpose} ({room}); the few who came back swear it is {a_who}.",
    /* 2 leader */ "{faction} take their orders from {a_who} in the {purpose} ({room}).",
    /* 3 hoard */ "There is a fortune in the {purpose} ({room}): more than a cart could carry.",
    /* 4 key */ "One key in the {place} matters more than the rest, and it is kept in the {purpose} ({room}).",
    /* 5 chapter */ "Deeper down, {a_who} holds the {purpose} ({room}), and even {holders} tread softly past the stairs.",
    /* 6 trap */ "A friend of a friend lost a leg to a trap in the {purpose} ({room}).",
    /* 7 secret */ "There is a hidden door in the {purpose} ({room}), if you know where to press.",
    /* 8 goal */ "Somebody who got out alive swears {object} is in the {purpose} ({room}).",
    /* 9 creatures */ "Something lives in the {purpose} ({room}): {a_who}, by the sound of it.",
    /* 10 false */ "The {place} was emptied years ago; there is nothing left in it but rats.",
    /* 11 false */ "A dragon sleeps on a mountain of gold at the bottom of the {place}.",
    /* 12 false */ "{holders} are only a handful, and cowards every one of them.",
    /* 13 false */ "Any silver weapon turns the things in the {place} to dust.",
    /* 14 half */ "{holders} keep all their loot in the {purpose} ({room}).",
    /* 15 false */ "The {master} has been dead a year, and {holders} hide it to keep the rest in line.",
    /* 16 coin */ "There is coin to be had in the {purpose} ({room}), for anyone who can carry it.",
    /* 17 empty: true, and of use (a room with nothing in it, not a danger
     * the party will look for in vain) */
    "The {purpose} ({room}) stands empty; {holders} have no use for it, so it is a quiet place to catch your breath.",
    /* 18 hazard */ "Something in the {purpose} ({room}) has already killed one treasure hunter, and it was no monster.",
    /* 19 hoard under a cartload (3 is a cartload's) */
    "The richest pickings are in the {purpose} ({room}), for anyone who gets that far.",
};

static const char *const alarms[8] = {
    "a fight that lasts more than three rounds",
    "a scream, a horn, or a shout for help",
    "a door broken down or a lock forced",
    "a sentry who sees the party and gets away",
    "a spell loud or bright enough to carry down the corridors",
    "a body found by the next patrol",
    "the smell of smoke in the corridors",
    "anyone running through the halls",
};

/* chapters: floor 1 with a master, floor 1 without; lower floors by their tie */
static const char *const chapters[] = {
    /* 0 */ "{a_who_cap} rules the {place} from the {purpose} ({room}), and {faction} obey out of fear.",
    /* 1 */ "No one rules the {place}; the strongest of {holders}, {a_who}, holds the {purpose} ({room}).",
    /* 2 lieutenant */ "The {master}'s lieutenant, {a_who}, holds this floor from the {purpose} ({room}) and sends tribute up the stairs.",
    /* 3 woken */ "Digging deeper, {holders} broke into something older: {a_who} in the {purpose} ({room}), which they feed and fear.",
    /* 4 prisoners */ "The last prisoners of the gaol never left this floor; {a_who} leads what became of them from the {purpose} ({room}).",
    /* 5 builders */ "The builders' own guardian still keeps this floor: {a_who}, in the {purpose} ({room}).",
    /* 6 rival chief */ "This floor answers to no one above: {a_who} holds it from the {purpose} ({room}), waiting for the day to climb the stairs.",
    /* 7 the master's like */ "A second {who}, who bows to the {master} above only in public, holds this floor from the {purpose} ({room}).",
    /* a floor below one that said the same (3, 2 or 7, 5, 6); none says
     * "the deepest floor", which a fourth floor of five is not */
    /* 8 */ "Deeper still lies what the diggers never meant to find: {a_who} in the {purpose} ({room}), which even {holders} will not go near.",
    /* 9 */ "The {master}'s oldest servant, {a_who}, keeps this floor from the {purpose} ({room}) and has not climbed the stairs in years.",
    /* 10 */ "Deeper still, the builders left a second guardian: {a_who}, in the {purpose} ({room}).",
    /* 11 */ "Further down, {a_who} holds the {purpose} ({room}), and nothing from above comes down to it.",
    /* 12 */ "Below them both, yet another {who} keeps this floor from the {purpose} ({room}), and trusts neither.",
    /* 13 mightier than the master (its challenge above the master's: stock_room.c) */
    "Below the stairs the {master} is not the strongest: {a_who} keeps this floor from the {purpose} ({room}); the {master} lays no claim to it and does not go down.",
    /* 14 the floor below one that said 13 */
    "Deeper still waits another {that} the {master} fears: {a_who}, in the {purpose} ({room}); {holders} leave offerings at the stairs, and the {master} does not go down.",
    /* 15 one of the holders' own kind who gives no orders (a hill giant, a
     * hezrou): no "something older" that belongs to them */
    "{a_who_cap}, too dull to give orders and too strong to cross, holds the {purpose} ({room}) for {holders}.",
    /* 16 the floor below one that said 15 */
    "Deeper down another {who} holds the {purpose} ({room}) for {holders}, as dull and as strong.",
    /* 17, 18 any chief, for a floor whose words the floors above have all said */
    "Lower still lies the {purpose} ({room}), and {a_who} in it, answering to nobody.",
    "One more flight down, {a_who} holds the {purpose} ({room}) and lets nothing pass.",
};

/* clues by what they point at (dg__clue_target order), and how many each */
static const char *const clues[] = {
    /* lair */ "Fresh tracks of many feet, all going one way: toward the {purpose} ({room}).",
    "A map scratched on a scrap of hide marks the {purpose} ({room}) with a crude crown.",
    "Drag marks and old blood lead off toward the {purpose} ({room}).",
    /* key */ "A torn ledger page: \"spare key kept in the {purpose}\" ({room}).",
    "A dead thief's notes: \"key not on the door; try the {purpose}\" ({room}).",
    /* secret */ "A faded plan of the {place} shows a door in the {purpose} ({room}) where the wall looks solid.",
    "Chalk marks in thieves' cant: a hidden way out of the {purpose} ({room}).",
    /* stairs */ "Cold air and a smell of deep earth come from the {purpose} ({room}): the way down.",
    "Muddy footprints come up from the stairs in the {purpose} ({room}).",
    /* trapped door */ "A warning scratched in thieves' cant: \"the door in the {purpose} bites\" ({room}).",
    /* a door's trap of any kind (a poison needle, a blade, fire): no
     * burned rat by a needle; and read in any room, not only at that
     * door (the glove and the pick "lie before the door of the
     * gatehouse" read so in a room with no door to the gatehouse) */
    "A snapped lockpick wrapped in a scrap of paper: \"leave the door of the {purpose} alone\" ({room}).",
    /* goal */ "A page from a captive's prayer book, pressed into a crack: \"held in the {purpose}\" ({room}).",
    "A sketch of the {purpose} ({room}), with an X where something is kept.",
};
static const int clue_first[DG__ADV_CLUE_KINDS + 1] = {0, 3, 5, 7, 9, 11, 13};

int dg__adv_clue_pick(dg_rng *r, dg__clue_target t)
{
    return clue_first[t] + (int)dg__rng_below(r, (uint32_t)(clue_first[t + 1] - clue_first[t]));
}

int dg__adv_clue_next(int phrase, dg__clue_target t)
{
    return phrase + 1 < clue_first[t + 1] ? phrase + 1 : clue_first[t];
}

const char *dg__adv_clue_phrase(int kind) { return kind >= 0 && kind < (int)DG_COUNT(clues) ? clues[kind] : ""; }

/* where a key is hidden: built rooms' first, the last NATURAL_PLACES a cave's too
 * (so none of those four names a door, a flagstone or a boot: caves have none) */
static const char *const hiding[] = {
    "under a loose flagstone by the wall", "inside an old boot in the corner",
    "at the bottom of a cracked jar", "wrapped in oilcloth under the rubbish",
    "in a crack in the wall", "on a narrow ledge high on the wall", "under a flat stone", "in a heap of old bones",
};
#define NATURAL_PLACES 4

int dg__adv_hiding_count(bool natural) { return natural ? NATURAL_PLACES : (int)DG_COUNT(hiding); }

const char *dg_key_hiding_place(int i) { return i >= 0 && i < (int)DG_COUNT(hiding) ? hiding[i] : ""; }

/* a key's hiding place for a cave floor is one of the last ones */
const char *dg__adv_hiding(int i, bool natural)
{
    return natural ? hiding[DG_COUNT(hiding) - NATURAL_PLACES + i] : hiding[i];
}

/* how a carrier keeps a key: one creature, a person (a frost giant, one
 * of the orcs), so neither "its" (people are not "it") nor "their" (which
 * reads as several: "the frost giant carries it on a cord round their
 * neck"): no pronoun at all */
static const char *const carries[4] = {
    "wears it on a cord at the throat", "keeps it at the belt",
    "has it in a pouch among other valuables", "wears it on a ring with a dozen useless keys",
};

#define ENTRY(a) a, (int)DG_COUNT(a)
static const struct { const char *const *t; int n; } parts[] = {
    [0] = {ENTRY(patron_names)}, [1] = {ENTRY(patron_roles)}, [2] = {ENTRY(goal_text)}, [3] = {ENTRY(objects)},
    [4] = {ENTRY(captives)}, [5] = {ENTRY(asks)}, [6] = {ENTRY(stakes)}, [7] = {ENTRY(rewards)},
    [8] = {ENTRY(theme_wants)}, [9] = {ENTRY(splinter_wants)}, [10] = {ENTRY(guardian_wants)},
    [11] = {ENTRY(reasons)}, [12] = {ENTRY(rumours)}, [13] = {ENTRY(alarms)}, [14] = {ENTRY(chapters)},
    [15] = {ENTRY(carries)},
};

int dg__adv_table_count(int table) { return table >= 0 && table < (int)DG_COUNT(parts) ? parts[table].n : 0; }

const char *dg__adv_table(int table, int i)
{
    if (table < 0 || table >= (int)DG_COUNT(parts) || i < 0 || i >= parts[table].n) return "";
    return parts[table].t[i] ? parts[table].t[i] : "";
}
