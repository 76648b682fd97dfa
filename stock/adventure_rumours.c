/* adventure_rumours.c -- the d6 rumour table the party hears before going
 * in: four true rumours, each pointing at a room (and the creature in it)
 * of this key -- the master, a faction's leader, the goal, the hoard, a
 * key, a deeper floor's boss, a trap, a secret door, whoever lives in a
 * room -- and two that are false or half-true, marked for the GM. A false
 * rumour never happens to be true (no dragon rumour in a dragon's lair, no
 * silver rumour where silver matters). */
#include "stock_int.h"

#include <string.h>

#define TRUE_RUMOURS 4
#define MAX_CANDIDATES 96

enum { R_MASTER = 0, R_LEADER = 2, R_HOARD, R_KEY, R_CHAPTER, R_TRAP, R_SECRET, R_GOAL, R_CREATURES,
       R_EMPTIED, R_DRAGON, R_HANDFUL, R_SILVER, R_LOOT_HALF, R_SICK, R_COIN, R_EMPTY, R_HAZARD, R_HOARD_LIGHT };

/* "more than a cart could carry": a cart's 500 lb of coins, 50 to the
 * pound; a lighter hoard is only the richest pickings */
#define CARTLOAD_COINS (500L * 50)

typedef struct { int text; dg_adv_who about; } cand;

static dg_adv_who who_in(const dg_contents *c, int fl, int room)
{
    const dg_room_contents *rc = dg_contents_room(c, room);
    int m = rc && rc->encounter.n_groups ? rc->encounter.groups[0].monster : -1;
    return (dg_adv_who){m, room, fl + 1, rc ? rc->purpose : -1};
}

static bool any_dragon(dg_contents *const *floors, int n)
{
    for (int fl = 0; fl < n; fl++)
        for (size_t i = 0; i < floors[fl]->n_rooms; i++) {
            const dg_encounter *e = &floors[fl]->rooms[i].encounter;
            for (int g = 0; g < e->n_groups; g++)
                if (dg_monster_info(e->groups[g].monster)->type == DG_TYPE_DRAGON) return true;
        }
    return false;
}

dg_status dg__adventure_rumours(dg_adventure *a, const dg_dungeon *const *maps, dg_contents *const *floors, int n,
                                dg_rng *r, dg_error *err)
{
    (void)maps;
    const dg_contents *top = floors[0];
    (void)err; /* nothing here fails now: the candidates (2 KB) are the stack's, not a malloc a dungeon */
    cand cs[MAX_CANDIDATES];
    int nc = 0;
#define ADD(t, w) (nc < MAX_CANDIDATES ? (void)(cs[nc++] = (cand){(t), (w)}) : (void)0)
    long best = -1, hoard_coins = 0;
    dg_adv_who hoard = {-1, 0, 1, -1}, loot = {-1, 0, 1, -1};
    for (int fl = 0; fl < n; fl++) {
        const dg_contents *c = floors[fl];
        for (size_t i = 0; i < c->n_rooms; i++) {
            const dg_room_contents *rc = &c->rooms[i];
            if (rc->distance < 0) continue;
            if (rc->has_treasure) {
                long v = dg_treasure_value_gp(&rc->treasure);
                if (v > best) {
                    if (hoard.room) loot = hoard;
                    best = v;
                    hoard = who_in(c, fl, rc->id);
                    hoard_coins = 0;
                    for (int k = 0; k < DG_COIN_COUNT; k++) hoard_coins += rc->treasure.coins[k];
                } else if (!loot.room) {
                    loot = who_in(c, fl, rc->id);
                }
            }
            if (rc->n_traps) ADD(R_TRAP, who_in(c, fl, rc->id));
            if (rc->has_treasure) ADD(R_COIN, who_in(c, fl, rc->id));
            if (rc->hazard >= 0 && !rc->encounter.n_groups) ADD(R_HAZARD, who_in(c, fl, rc->id));
            if (!rc->encounter.n_groups && !rc->n_traps && !rc->has_treasure && rc->hazard < 0)
                ADD(R_EMPTY, who_in(c, fl, rc->id));
            if (rc->encounter.n_groups && (rc->id != c->farthest_room || fl > 0 || top->boss < 0))
                ADD(R_CREATURES, who_in(c, fl, rc->id));
        }
        for (size_t i = 0; i < c->n_doors && i < maps[fl]->n_doors; i++) {
            const dg_door *o = &maps[fl]->doors[i];
            if (c->doors[i].secret >= 0 && o->room) ADD(R_SECRET, ((dg_adv_who){-1, o->room, fl + 1, c->rooms[o->room - 1].purpose}));
            /* the key that "matters more than the rest" opens the way to
             * the lair or the goal (the lock of the floor's cycle among
             * them), not any cupboard's: the rumour sent the party to
             * room 1 for the key to a cell while the lair's lay in room 3
             * (seed=606 level=15 motif=abyssal floors=2 algorithm=gridmapper) */
            int goal = a->goal.floor == fl + 1 ? a->goal.room : 0;
            bool matters = c->doors[i].designed || c->doors[i].same_key ||
                           (o->room && (o->room == c->farthest_room || o->room == goal)) ||
                           (o->other && (o->other == c->farthest_room || o->other == goal));
            if (c->doors[i].key_room && matters) {
                dg_adv_who w = who_in(c, fl, c->doors[i].key_room);
                if (c->doors[i].key_holder < 0) w.monster = -1;
                else w.monster = c->rooms[c->doors[i].key_room - 1].encounter.groups[c->doors[i].key_holder].monster;
                ADD(R_KEY, w);
            }
        }
    }
    if (hoard.room) ADD(hoard_coins >= CARTLOAD_COINS ? R_HOARD : R_HOARD_LIGHT, hoard);
    for (int k = 1; k < a->n_chapters; k++) ADD(R_CHAPTER, a->chapters[k].boss);
    for (int f = 0; f < a->n_factions; f++)
        /* "take their orders from" one who gives them: a faction with no
         * leader (its strongest a phase spider) is rumoured by its room */
        if (top->factions[a->factions[f].faction].role != DG_FACTION_HOLDERS && a->factions[f].led)
            ADD(R_LEADER, a->factions[f].leader);
    int first = 0;
    dg_adv_rumour *out = a->rumours;
    int made = 0;
    /* the master and the goal are always rumoured; the rest drawn, a kind once while others are left */
    if (top->boss >= 0 && a->n_chapters && a->chapters[0].boss.monster == top->boss)
        out[made++] = (dg_adv_rumour){R_MASTER + (int)dg__rng_below(r, 2), true, false, a->chapters[0].boss};
    if (a->goal_kind != 0 && a->goal.room) out[made++] = (dg_adv_rumour){R_GOAL, true, false, a->goal};
    unsigned used = 0;
    for (int pass = 0; pass < 2 && made < TRUE_RUMOURS; pass++) {
        for (int k = nc - 1; k > first; k--) { /* a drawn order */
            int j = first + (int)dg__rng_below(r, (uint32_t)(k - first + 1));
            cand s = cs[k];
            cs[k] = cs[j];
            cs[j] = s;
        }
        for (int k = 0; k < nc && made < TRUE_RUMOURS; k++) {
            if (cs[k].text < 0 || (pass == 0 && (used >> cs[k].text & 1u))) continue;
            bool same_room = false;
            for (int j = 0; j < made; j++)
                same_room |= out[j].about.room == cs[k].about.room && out[j].about.floor == cs[k].about.floor;
            if (same_room && pass == 0) continue;
            used |= 1u << cs[k].text;
            out[made++] = (dg_adv_rumour){cs[k].text, true, false, cs[k].about};
            cs[k].text = -1;
        }
    }
    /* false and half-true: what is not so here */
    int falses[6], nf = 0;
    falses[nf++] = R_EMPTIED;
    if (!any_dragon(floors, n)) falses[nf++] = R_DRAGON;
    falses[nf++] = R_HANDFUL;
    if (top->theme != DG__THEME_WERERATS && top->theme != DG_MOTIF_UNDEAD - 1) falses[nf++] = R_SILVER;
    /* "dead a year" of a wight or a golem says nothing */
    if (top->boss >= 0 && !dg__adv_guardian(top->boss)) falses[nf++] = R_SICK;
    while (made < DG_ADV_RUMOURS) {
        if (loot.room && made == DG_ADV_RUMOURS - 1 && dg__rng_percent(r, 60)) {
            out[made++] = (dg_adv_rumour){R_LOOT_HALF, false, true, loot};
            continue;
        }
        int k = (int)dg__rng_below(r, (uint32_t)nf);
        out[made++] = (dg_adv_rumour){falses[k], false, false, {-1, 0, 1, -1}};
        falses[k] = falses[--nf > 0 ? nf : 0];
        if (nf == 0) nf = 1, falses[0] = R_EMPTIED;
    }
    /* the table in a drawn order: the true ones are not all at the top */
    for (int k = DG_ADV_RUMOURS - 1; k > 0; k--) {
        int j = (int)dg__rng_below(r, (uint32_t)(k + 1));
        dg_adv_rumour s = out[k];
        out[k] = out[j];
        out[j] = s;
    }
#undef ADD
    return DG_OK;
}
