/* adventure_keys.c -- keys in hands: who in its room holds each locked
 * door's key (the room is whatever placed it: stock.c's draw, or a
 * designed cycle's), read from the model. A creature of the room's
 * encounter that can keep a key (one that talks: a hand and a mind to
 * guard it) carries it most of the time; else it is hidden in the room's
 * own hidden feature, or in a hiding place of ours. Drawn per key room
 * (the first door whose key lies there draws; its other keys follow it),
 * so a room's reroll moves only its own keys' holders, and two keys in one
 * room are never one on a belt and the other in a boot. */
#include "stock_int.h"

#define PART_KEYS 0x1000000
#define CARRIED_PERCENT 75

void dg__adventure_keys(dg_contents *c, const dg_dungeon *d, uint64_t seed)
{
    (void)d;
    bool natural = dg__origins[c->origin].natural || c->natural;
    int all = dg__adv_hiding_count(false), nat = dg__adv_hiding_count(true);
    for (size_t i = 0; i < c->n_doors; i++) {
        dg_door_contents *dc = &c->doors[i];
        dc->key_holder = dc->key_hidden = -1;
        const dg_room_contents *rc = dg_contents_room(c, dc->key_room);
        if (!rc) continue;
        const dg_door_contents *first = NULL;
        for (size_t j = 0; j < i && !first; j++)
            if (c->doors[j].key_room == dc->key_room) first = &c->doors[j];
        if (first) {
            dc->key_holder = first->key_holder;
            dc->key_hidden = first->key_hidden;
            continue;
        }
        dg_rng r = dg__stock_stream(seed, DG__STREAM_ADVENTURE, PART_KEYS + i);
        int carrier = -1;
        /* the one at the head of a group first: a leader keeps the key
         * (one there from the start: reinforcements bring none) */
        for (int g = 0; g < rc->encounter.n_groups && carrier < 0; g++)
            if (!rc->encounter.groups[g].arrives && dg__adv_talks(rc->encounter.groups[g].monster)) carrier = g;
        if (carrier >= 0 && dg__rng_percent(&r, CARRIED_PERCENT)) {
            dc->key_holder = carrier;
        } else if (rc->n_hidden && dg__hidden_holds(rc->hidden[0].kind) && dg__rng_percent(&r, 50)) {
            dc->key_hidden = DG__KEY_IN_FEATURE;
        } else {
            int k = (int)dg__rng_below(&r, (uint32_t)(natural ? nat : all));
            dc->key_hidden = natural ? all - nat + k : k;
        }
    }
    /* the lair's other doors on loops=many maps take the designed door's
     * key: one key, with whoever holds that one */
    const dg_door_contents *designed = NULL;
    for (size_t i = 0; i < c->n_doors && !designed; i++)
        if (c->doors[i].designed) designed = &c->doors[i];
    for (size_t i = 0; designed && i < c->n_doors; i++)
        if (c->doors[i].same_key) {
            c->doors[i].key_holder = designed->key_holder;
            c->doors[i].key_hidden = designed->key_hidden;
        }
}
