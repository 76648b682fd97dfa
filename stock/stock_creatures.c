/* stock_creatures.c -- what the encounter builder reads of each creature,
 * packed once a process (stock_band.h's dg__crea): its XP, challenge and
 * size, whether it roams and hunts in packs, its traits (legendary, a
 * wyrmling, a dragon's colour word) and how many of it one group holds
 * (the caps). A build reads these of the same few creatures hundreds of
 * times, through the SRD rows (64 bytes each, a cache line a creature)
 * and the stat blocks (larger still): each read a load chained to a
 * random draw, the builder's costliest lines in time. Packed, one rules
 * edition's table is 16 bytes a creature. The tables are static data, the
 * same in every stocking and every thread: call_once fills them the first
 * time a memo is made, and nothing writes them after (the traits and caps
 * were a stocking's memo's, read afresh each stocking, before). */
#include "stock_band.h"

#include <string.h>
#include <threads.h>

static once_flag once = ONCE_FLAG_INIT;
static dg__crea crea[2][CAP_IDS];

/* The colour word of a chromatic or metallic dragon ("Red" of "Young Red
 * Dragon" and "Red Dragon Wyrmling"), its length in *len; NULL for every
 * other creature ("Dragon Turtle" has no colour). */
static const char *dragon_colour(const char *name, size_t *len)
{
    const char *d = strstr(name, " Dragon");
    if (!d) return NULL;
    const char *w = d;
    while (w > name && w[-1] != ' ') w--;
    *len = (size_t)(d - w);
    return w;
}

/* Only dragons and humanoids (the half-red dragon veteran) are named for a
 * dragon's colour or as wyrmlings, in either SRD (test_stock_encounter
 * reads both tables to say so): every other creature's traits are its
 * stat block's alone, no name searched. */
static bool named_for_dragons(const dg_monster *m)
{
    return m->type == DG_TYPE_DRAGON || m->type == DG_TYPE_HUMANOID;
}

/* Hags gather in covens of three (SRD 5.1's "Hags" and 5.2.1's Coven
 * Magic trait, "within 30 feet of at least two hag allies"): eight sea
 * hags repairing a trap read as a mistake. Both SRDs name every hag so. */
#define COVEN 3
static bool coven(const dg_monster *m)
{
    if (m->type != DG_TYPE_FEY && m->type != DG_TYPE_FIEND) return false;
    size_t n = strlen(m->name);
    return n > 4 && !strcmp(m->name + n - 4, " Hag");
}

/* How many of one kind a group holds at most: the mighty come alone or in
 * pairs (eight aboleths, seven young dragons or five mummy lords in one
 * room read as a mistake; a pack of ghouls does not, and six fire giants
 * in a mine shaft read as a list). A creature with legendary actions is
 * one of a kind; a true dragon or anything of challenge 10 and up comes at
 * most two together (out of a lair's war band, which takes up to four of a
 * kind from challenge 10 up), anything of challenge 5 and up, and
 * wyrmlings (a clutch, not eight of a young dragon's brood), at most four;
 * the budget buys a leader and lesser followers instead. CAP_NONE: no cap.
 * A wave's caps are stock_encounter.c's dg__band_cap (these, halved for a
 * kind already in the fight). */
static int kept_cap(const dg_monster *mon, const dg__crea *t, bool war)
{
    bool dragon = (t->bits & T_COLOUR) && !(t->bits & T_WYRMLING);
    return t->bits & T_LEGENDARY                                      ? 1
           : coven(mon)                                               ? COVEN
           : dragon || (mon->cr8 >= 10 * 8 && !war)                   ? 2
           : mon->cr8 >= MIGHTY_CR * 8 || (t->bits & T_WYRMLING)     ? MIGHTY_MOST
                                                                      : CAP_NONE;
}

/* The caps lifted (dg__enc_want's uncapped: a wandering row nothing else
 * fills, a row is never empty); for a lair nothing else fills only the one
 * or two of the mightiest: a room never holds more than four of a kind of
 * challenge 5 and up, nor a second legendary creature (four aboleths in
 * one cistern read as a mistake, whatever else fills it). */
static int lifted_cap(const dg_monster *mon, const dg__crea *t, bool lair)
{
    if (lair && (t->bits & T_LEGENDARY)) return 1;
    return lair && mon->cr8 >= MIGHTY_CR * 8 ? MIGHTY_MOST : CAP_NONE;
}

static void read_one(const dg__srd *s, int at, dg__crea *t)
{
    const dg_monster *mon = &s->monsters[at];
    *t = (dg__crea){.xp = mon->xp, .cr8 = (unsigned short)mon->cr8, .size = (unsigned char)mon->size};
    if (dg__adv_talks_read(s->monster_base + at)) t->bits |= T_TALKS;
    if (dg__lives_in_water_read(s->monster_base + at)) t->bits |= T_WATER;
    if (s->statblocks && s->statblocks[at].count[DG_SB_LEGENDARY]) t->bits |= T_LEGENDARY;
    if (dg__monster_roams(mon)) t->bits |= T_ROAMS;
    if (mon->type == DG_TYPE_BEAST || mon->type == DG_TYPE_SWARM) t->bits |= T_PACK;
    if (named_for_dragons(mon)) {
        size_t len;
        const char *c = dragon_colour(mon->name, &len);
        if (c) {
            t->bits |= T_COLOUR;
            t->colour_at = (unsigned char)(c - mon->name);
            t->colour_len = (unsigned char)len;
        }
        if (strstr(mon->name, "Wyrmling")) t->bits |= T_WYRMLING;
    }
    for (int war = 0; war < 2; war++) t->cap[CAP_KEPT + war] = (unsigned char)kept_cap(mon, t, war);
    for (int lair = 0; lair < 2; lair++) t->cap[CAP_LIFTED + lair] = (unsigned char)lifted_cap(mon, t, lair);
}

static void read_all(void)
{
    for (int y = 0; y < 2; y++) {
        const dg__srd *s = dg__srd_of(y ? DG_RULES_2024 : DG_RULES_2014);
        for (int at = 0; at < s->n_monsters && at < CAP_IDS; at++) read_one(s, at, &crea[y][at]);
    }
}

const dg__crea *dg__creatures(dg_rules rules)
{
    call_once(&once, read_all);
    return crea[rules == DG_RULES_2024];
}

/* What the adventure and the dressing ask of a creature, from its packed
 * bits: stock_rules.c's reads, once a process. */
static unsigned creature_bits(int monster)
{
    if (monster < 0) return 0;
    dg_rules rules = monster >= DG_MONSTER_ID_2024 ? DG_RULES_2024 : DG_RULES_2014;
    const dg__srd *s = dg__srd_of(rules);
    int at = monster - s->monster_base;
    if (at < 0 || at >= s->n_monsters) return 0;
    /* every row is packed (CAP_IDS is the larger table's count) */
    return dg__creatures(rules)[at].bits;
}

bool dg__adv_talks(int monster) { return (creature_bits(monster) & T_TALKS) != 0; }
bool dg_monster_lives_in_water(int monster) { return (creature_bits(monster) & T_WATER) != 0; }
