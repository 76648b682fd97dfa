/* stock_traps.c -- the trap kinds (our own descriptions of SRD 5.1's
 * mechanical and magic traps and a few more in their spirit), which motifs
 * they suit and where they can sit; traps.md's numbers are stock_rules.c's. */
#include "stock_int.h"

#include <stdio.h>

#define M(x) (1u << DG_MOTIF_##x)

typedef struct {
    dg_trap_kind k;
    unsigned motifs;          /* bit per dg_motif it suits (0: any dungeon) */
    bool container;           /* fits a chest's lid or a door's handle */
    bool bound;               /* only where it suits the motif: hellfire, a grave's
                               * sigil or a mind's whisper says who set it */
    bool lock_only;           /* sits only in a lock or a lid (a needle) */
    const char *pit;          /* a pit: its effect with the depth (%d feet); NULL none */
} trap_row;

static const trap_row traps[] = {
    {{"Hidden Pit", "A floor slab tips open over a pit; whoever stands on it falls.",
      false, false, "Dexterity", "bludgeoning"}, 0, false, false, false,
     "A floor slab tips open over a %d-foot drop; whoever stands on it falls."},
    {{"Spiked Pit", "The false floor gives way over a pit lined with sharpened stakes.",
      false, false, "Dexterity", "piercing"}, M(ABANDONED) | M(GIANT), false, false, false,
     "The false floor gives way over a %d-foot drop onto rows of sharpened stakes."},
    {{"Poison Darts", "Tubes hidden in the walls spit a volley of tipped darts.",
      false, true, "", "poison"}, M(UNDERDARK), false, false, false, NULL},
    {{"Poison Needle", "A needle springs from the lock and pricks the hand that works it.",
      false, false, "Constitution", "poison"}, M(VERMIN), true, false, true, NULL},
    {{"Collapsing Roof", "Wedged beams give way and the ceiling comes down in a rush of stone.",
      false, false, "Dexterity", "bludgeoning"}, M(ABANDONED) | M(GIANT) | M(DESERT), false, false, false, NULL},
    /* no falling net: a net restrains and deals no damage, and every kind
     * here deals its severity's dice */
    {{"Closing Walls", "Two walls grind toward each other; only strong backs hold them apart.",
      false, false, "Strength", "bludgeoning"}, M(GIANT) | M(ABANDONED), false, false, false, NULL},
    {{"Fire-Breathing Statue", "A carved head breathes a cone of flame across the room.",
      true, false, "Dexterity", "fire"}, M(FIRE) | M(INFERNAL) | M(ARCANE), false, false, false, NULL},
    {{"Scything Blade", "A crescent blade swings out of a slot in the wall at waist height.",
      false, true, "", "slashing"}, M(GIANT), true, false, false, NULL},
    {{"Rolling Stone", "A boulder breaks loose from a hidden niche and rolls the length of the room.",
      false, false, "Dexterity", "bludgeoning"}, M(DESERT) | M(GIANT), false, false, false, NULL},
    {{"Frost Rune", "A rune flares white and a burst of killing cold fills the air.",
      true, false, "Constitution", "cold"}, M(COLD) | M(ARCANE), true, true, false, NULL},
    {{"Lightning Arc", "Copper studs in the floor throw a crackling arc between them.",
      true, false, "Dexterity", "lightning"}, M(ARCANE) | M(DESERT), true, false, false, NULL},
    {{"Grave Sigil", "A sigil of withering draws the warmth out of the living nearby.",
      true, false, "Constitution", "necrotic"}, M(UNDEAD) | M(ABANDONED), true, true, false, NULL},
    {{"Flooding Chamber", "Sluice gates open and the room fills with churning water.",
      false, false, "Strength", "bludgeoning"}, M(AQUATIC), false, false, false, NULL},
    {{"Acid Spray", "A bladder bursts and sprays acid over everyone close by.",
      false, false, "Dexterity", "acid"}, M(ABERRANT) | M(VERMIN), true, false, false, NULL},
    {{"Brimstone Glyph", "A glyph opens onto a furnace below and hellfire gushes out.",
      true, false, "Dexterity", "fire"}, M(INFERNAL) | M(ABYSSAL) | M(FIRE), true, true, false, NULL},
    {{"Choking Spores", "A burst of grey spores fills the lungs of those who breathe them.",
      false, false, "Constitution", "poison"}, M(UNDERDARK) | M(ABERRANT) | M(VERMIN), true, false, false, NULL},
    {{"Mind Spike", "A whisper in the stone drives a needle of thought behind the eyes.",
      true, false, "Intelligence", "psychic"}, M(ABERRANT) | M(ABYSSAL), false, true, false, NULL},
};

static const char *const triggers[DG_TRIGGER_COUNT] = {
    [DG_TRIGGER_PLATE] = "a pressure plate", [DG_TRIGGER_WIRE] = "a trip wire",
    [DG_TRIGGER_OPEN] = "opening it", [DG_TRIGGER_TOUCH] = "touching it",
    [DG_TRIGGER_ENTER] = "entering the area",
};

size_t dg_trap_kind_count(void) { return DG_COUNT(traps); }
bool dg__trap_kind_pit(int k) { return k >= 0 && (size_t)k < DG_COUNT(traps) && traps[k].pit; }

size_t dg_trap_effect(const dg_trap *t, char *buf, size_t cap)
{
    const dg_trap_kind *k = dg_trap_kind_info(t->kind);
    int n = !k ? snprintf(buf, cap, "%s", "")
            : t->fall_ft && traps[t->kind].pit ? snprintf(buf, cap, traps[t->kind].pit, t->fall_ft)
                                              : snprintf(buf, cap, "%s", k->effect);
    return n < 0 ? 0 : (size_t)n;
}
const dg_trap_kind *dg_trap_kind_info(int i)
{
    return i >= 0 && (size_t)i < DG_COUNT(traps) ? &traps[i].k : NULL;
}
const char *dg_trigger_name(int t) { return t >= 0 && t < DG_TRIGGER_COUNT ? triggers[t] : ""; }

/* Half the time a kind that suits the motif (a few tries), else any that
 * fits the place and is not bound to another motif (no hellfire glyph in a
 * rat-infested sewer); containers and doors take only those that can sit
 * in a lid or handle. */
int dg__trap_pick(dg_rng *r, dg_motif motif, bool on_container, int avoid)
{
    bool lean = motif != DG_MOTIF_NONE && dg__rng_percent(r, 50);
    for (int tries = 0; tries < 16; tries++) {
        int i = (int)dg__rng_below(r, (uint32_t)DG_COUNT(traps));
        if (on_container ? !traps[i].container : traps[i].lock_only) continue;
        if (i == avoid) continue;
        bool suits = (traps[i].motifs >> motif) & 1u;
        if (traps[i].bound && !suits) continue;
        if (lean && tries < 12 && !suits) continue;
        return i;
    }
    int fallback = on_container ? 3 : 0; /* poison needle, hidden pit */
    for (int i = 0; fallback == avoid && i < (int)DG_COUNT(traps); i++)
        if (i != avoid && !traps[i].bound && (on_container ? traps[i].container : !traps[i].lock_only)) fallback = i;
    return fallback;
}

dg_trigger dg__trap_trigger(dg_rng *r, int kind, bool on_container)
{
    if (on_container) return dg__rng_percent(r, 75) ? DG_TRIGGER_OPEN : DG_TRIGGER_TOUCH;
    if (traps[kind].k.magic) return dg__rng_percent(r, 50) ? DG_TRIGGER_ENTER : DG_TRIGGER_TOUCH;
    return dg__rng_percent(r, 60) ? DG_TRIGGER_PLATE : DG_TRIGGER_WIRE;
}
