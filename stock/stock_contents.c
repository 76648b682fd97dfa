/* stock_contents.c -- the stocked key's own lookups: a room's contents by
 * its id and the key's release. The base the stocking passes
 * (stock_features.c, stock_read_aloud.c) and stock.c, which runs them,
 * build on, so a pass reads the key without reaching back into the file
 * that calls it. */
#include "stock_int.h"

const dg_room_contents *dg_contents_room(const dg_contents *c, int id)
{
    return c && id >= 1 && (size_t)id <= c->n_rooms ? &c->rooms[id - 1] : NULL;
}

void dg_contents_free(dg_contents *c)
{
    if (c) {
        dg__free(c->features);
        dg__free(c->adventure);
    }
    dg__free(c);
}
