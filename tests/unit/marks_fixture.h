/* marks_fixture.h -- whether a square carries one of the GM's marks (a
 * corridor feature's letter, a room trap's T, K, ?) or one of the map's
 * features (water, a pillar, an altar..., the statue a hiding place lies
 * in), for the tests that probe cell
 * centres for floor: a mark or a feature is ink there on purpose. */
#ifndef MARKS_FIXTURE_H
#define MARKS_FIXTURE_H

#include "dg_contents.h"

static inline bool mf_marked(const dg_dungeon *d, int x, int y)
{
    const dg_contents *c = d->contents;
    for (size_t i = 0; c && i < c->n_features; i++) /* in either view */
        if (c->features[i].at.x == x && c->features[i].at.y == y) return true;
    for (size_t r = 0; c && r < c->n_rooms; r++) /* the thing a hiding place lies in: either view */
        if (c->rooms[r].n_hidden && dg_hidden_object(c->rooms[r].hidden[0].kind) >= 0 &&
            c->rooms[r].hidden_cell.x == x && c->rooms[r].hidden_cell.y == y)
            return true;
    if (!c || c->depth == DG_DEPTH_NONE || d->opts.view == DG_VIEW_PLAYER) return false;
    for (int i = 0; i < c->n_corridor_features; i++)
        if (c->corridor_features[i].cells[0].x == x && c->corridor_features[i].cells[0].y == y) return true;
    for (size_t r = 0; r < c->n_rooms; r++) {
        const dg_room_contents *rc = &c->rooms[r];
        for (int t = 0; t < rc->n_traps; t++)
            if (rc->trap_cells[t].x == x && rc->trap_cells[t].y == y) return true;
        if (rc->n_keys && rc->key_cell.x == x && rc->key_cell.y == y) return true;
        if (rc->n_hidden && rc->hidden_cell.x == x && rc->hidden_cell.y == y) return true;
    }
    return false;
}

#endif
