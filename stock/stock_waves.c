/* stock_waves.c -- reinforcements: a lair whose cast cannot reach its band
 * in one breath (at most four of a kind from challenge 5, under 2024 two
 * creatures a character, the room's floor and the largest size it holds)
 * fields a second group of the cast that joins the fight in round 2 or 3,
 * as a GM does when one room cannot hold the fight ("two more remorhazes
 * burst out of the walls"). Its XP counts in the fight's total (2024: the
 * sum; 2014: the DMG counts monsters that join the same fight, the
 * multiplier on the whole number) and the difficulty is the whole's.
 *
 * The horde rule holds per wave: no group, whenever it comes, lists more
 * than four of a kind from challenge 5 (what the GM reads in one breath
 * and puts on the board at once), so a kind met in both waves is eight at
 * most in all, never eight in one list; a creature with legendary actions
 * is one of a kind in the whole fight and never comes as reinforcement.
 * Under 2024 the two creatures a character count the whole fight: the
 * wave buys what the first group left of them. No wave outranks the
 * lair's leader. Asked only where a lair falls short of its band, so
 * every other fight draws as before; the words are stock_read_aloud.c's
 * (dg_contents_reinforcements). */
#include "stock_int.h"

#define WAVE_FIRST_ROUND 2 /* round 2 or 3: the first group has met the party */

/* A wave for those there (e), lifting the whole to band k; false when
 * none is. */
static bool wave_for(dg_rng *r, const dg__enc_want *lair, dg_encounter *e, int k)
{
    dg__enc_want w = *lair;
    w.joins = e;
    w.lair = false;     /* no second boss: a leader of the rank and file at most */
    w.boss = -1;
    w.shun = -1;        /* the master's own kind may come ("two more remorhazes") */
    w.war = true;       /* lieutenants and followers before one kind alone */
    w.allies = true;    /* the theme's allies answer the noise too */
    w.crowd = true;     /* it comes as the first group falls: the room's whole floor */
    w.most_cr8 = dg_monster_info(e->groups[0].monster)->cr8;
    dg_encounter wave;
    if (!dg__encounter_build(r, &w, (dg_difficulty)k, &wave)) return false;
    if (e->n_groups + wave.n_groups > DG_ENC_MAX_GROUPS) return false;
    int round = WAVE_FIRST_ROUND + (int)dg__rng_below(r, 2);
    for (int g = 0; g < wave.n_groups; g++) {
        e->groups[e->n_groups] = wave.groups[g];
        e->groups[e->n_groups++].arrives = round;
    }
    e->xp += wave.xp;
    e->adjusted_xp = wave.adjusted_xp; /* the whole fight's, as the band judged it */
    e->difficulty = (dg_difficulty)k;
    return true;
}

bool dg__stock_wave(dg_rng *r, const dg__enc_want *lair, dg_difficulty want, dg_encounter *e)
{
    if (!e->n_groups || (int)e->difficulty >= (int)want) return false;
    /* the lair's band first, then each easier one above what it holds;
     * then the same with its last group sent away (seven giant centipedes
     * take the places two more remorhazes need under 2024's two creatures
     * a character), the leader always staying */
    for (int keep = e->n_groups; keep >= 1; keep--) {
        dg_encounter there = *e;
        there.n_groups = keep;
        there.xp = 0;
        for (int g = 0; g < keep; g++) there.xp += (long)dg_monster_info(there.groups[g].monster)->xp * there.groups[g].count;
        for (int k = (int)want; k > (int)e->difficulty; k--)
            if (wave_for(r, lair, &there, k)) {
                *e = there;
                return true;
            }
    }
    return false;
}
