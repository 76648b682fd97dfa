/* stock_valuables.c -- the names of gems and art objects, DG__VALUABLE_NAMES
 * a value tier (stock_rules.c's values), read through the word lists
 * (stock_words.c: DG_WORDS_GEM, DG_WORDS_ART, which take their counts
 * from the tiers: the asserts below hold the lists to them). */
#include "stock_int.h"

/* gems and art, DG__VALUABLE_NAMES a value tier (stock_rules.c's values):
 * enough that the lairs of three floors do not all hold a bronze crown.
 * Gems by the stones a jeweller prices alike; the art is ours. */
const char *const dg__gem_names[] = {
    /* 10 gp */
    "azurite", "banded agate", "blue quartz", "eye agate", "hematite", "lapis lazuli", "malachite", "moss agate",
    "obsidian", "tiger eye",
    /* 50 gp */
    "bloodstone", "carnelian", "chalcedony", "chrysoprase", "citrine", "jasper", "moonstone", "onyx", "rock crystal",
    "zircon",
    /* 100 gp */
    "amber", "amethyst", "chrysoberyl", "coral", "garnet", "jade", "jet", "pearl", "spinel", "tourmaline",
    /* 500 gp */
    "alexandrite", "aquamarine", "black pearl", "blue spinel", "peridot", "topaz", "golden beryl", "violet garnet",
    "star garnet", "rose pearl",
    /* 1,000 gp */
    "black opal", "blue sapphire", "emerald", "fire opal", "opal", "star ruby", "star sapphire", "yellow sapphire",
    "harlequin opal", "cat's-eye chrysoberyl",
    /* 5,000 gp */
    "black sapphire", "diamond", "jacinth", "ruby", "blue diamond", "pink diamond", "yellow diamond",
    "pigeon's-blood ruby", "imperial jade", "flawless emerald",
};
const char *const dg__art_names[] = {
    /* 25 gp */
    "silver ewer", "carved bone statuette", "cloth-of-gold vestment", "brass hand mirror with a horn handle",
    "pewter tankard with a hinged lid", "silver-tipped drinking horn", "painted wooden icon of a saint",
    "copper brooch shaped like a hare", "set of ivory gaming pieces", "silver thimble in a needle case",
    /* 250 gp */
    "gold ring set with bloodstones", "carved ivory statuette", "bronze crown", "silver censer on a fine chain",
    "lacquered box inlaid with mother-of-pearl", "prayer book with jewelled clasps", "silver-chased hunting horn",
    "tapestry of a stag hunt", "obsidian knife with a gold hilt", "amber-beaded silver girdle",
    /* 750 gp */
    "silver chalice set with moonstones", "gold bird cage", "embroidered silk robe", "jade figurine of a crouching tiger",
    "gold-hilted ceremonial dagger", "harp of dark wood with ivory pegs", "platinum signet ring",
    "ivory chess set inlaid with gold", "enamelled gold snuffbox", "silk fan with jade ribs",
    /* 2,500 gp */
    "jewelled gold bracelet", "painted gold war mask", "silver necklace with a gem pendant",
    "gold chalice set with emeralds", "jewelled platinum hair comb", "electrum idol with sapphire eyes",
    "ruby-studded gold goblet", "jewelled silver reliquary", "gilded astrolabe set with pearls",
    "crystal decanter with a gold stopper",
    /* 7,500 gp */
    "jewelled gold crown", "gold music box", "painting by an old master", "jewelled platinum sceptre",
    "emerald-eyed gold idol", "ceremonial gold shield set with rubies", "jewelled platinum orrery",
    "gold and diamond tiara", "star-sapphire signet of a forgotten king", "gold reliquary of a saint's hand",
};
_Static_assert(DG_COUNT(dg__gem_names) == DG__GEM_TIERS * DG__VALUABLE_NAMES, "every gem tier has its names");
_Static_assert(DG_COUNT(dg__art_names) == DG__ART_TIERS * DG__VALUABLE_NAMES, "every art tier has its names");
