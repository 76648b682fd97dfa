/* stock_locks.c -- the lock-and-key cycle by design (Dormans's cyclic
 * generation; docs/stocking.md): where a loop passes the way to the lair,
 * the locked door on the short way keeps its lock and its key lies at the
 * far end of the long way round, so the party meets the door, walks round,
 * finds the key and comes back. Which door and which room are the map's
 * fact (core/cycles.c); this file only lays the key there. The map is
 * never changed: on maps made without loops a cycle is designed only
 * around a door the map already locks (loops maps lock the door the design
 * needs as they are made). Who in the room holds the key is the
 * adventure's. On loops=many maps the lock is every door of the lair,
 * keyed alike (core/cycles.c): one key, held as the designed door's. */
#include "stock_int.h"

dg_status dg__stock_locks(dg_contents *c, const dg_dungeon *d, dg__entrance_walk *w, dg_error *err)
{
    if (!c->n_doors || !c->farthest_room) return DG_OK;
    /* the stack's for a floor of the common sizes: an allocator's visit a
     * floor otherwise */
    int local[64];
    int *keys = c->n_doors <= DG_COUNT(local) ? local : dg__malloc(c->n_doors * sizeof *keys);
    if (!keys) return dg__nomem(err, "designing the lock-and-key cycle");
    for (size_t i = 0; i < c->n_doors; i++) keys[i] = c->doors[i].key_room;
    dg__lock_cycle cyc;
    dg__lock_cycle_find_walked(d, w, c->farthest_room, keys, &cyc);
    if (keys != local) dg__free(keys);
    if (cyc.door < 0) return DG_OK;
    dg_door_contents *dc = &c->doors[cyc.door];
    if (dc->key_room) c->rooms[dc->key_room - 1].n_keys--;
    dc->key_room = cyc.key_room;
    c->rooms[cyc.key_room - 1].n_keys++;
    dc->designed = true;
    /* loops=many: the lair's other doors are the same lock (core locked
     * them all): the one key opens them, so no other key of theirs lies
     * anywhere */
    for (size_t i = 0; cyc.all_doors && i < c->n_doors && i < d->n_doors; i++) {
        const dg_door *o = &d->doors[i];
        if ((int)i == cyc.door || o->type != DG_DOOR_LOCKED || (o->room != cyc.goal && o->other != cyc.goal)) continue;
        if (c->doors[i].key_room) c->rooms[c->doors[i].key_room - 1].n_keys--;
        c->doors[i].key_room = cyc.key_room;
        c->doors[i].lock_dc = dc->lock_dc; /* one lock, one key: picked alike */
        c->doors[i].same_key = true;
    }
    return DG_OK;
}
