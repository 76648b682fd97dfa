/* marks.c -- the marks that tie the GM's map to the key: a letter on each
 * corridor feature's first square (the key's a, b, c...), T on each room
 * trap's trigger, K where a room's keys lie, ? on a hidden feature; every
 * one on the square the key names. The player view has none (nor does a
 * map without contents). Trapped and secret doors carry their own glyphs
 * (glyphs.c). One enumeration here; png (glyphs.c) and svg draw it.
 * Also the one list of the things drawn on squares (features and the
 * objects hiding places lie in), which every image output walks. */
#include "render_int.h"

static void room_marks(const dg_room_contents *rc, void (*fn)(void *, const dr__mark *), void *ctx)
{
    for (int t = 0; t < rc->n_traps; t++)
        fn(ctx, &(dr__mark){DR__MARK_TRAP, rc->trap_cells[t].x, rc->trap_cells[t].y, "T"});
    if (rc->n_keys) fn(ctx, &(dr__mark){DR__MARK_KEY, rc->key_cell.x, rc->key_cell.y, "K"});
    if (rc->n_hidden) fn(ctx, &(dr__mark){DR__MARK_HIDDEN, rc->hidden_cell.x, rc->hidden_cell.y, "?"});
}

void dr__map_marks(const dg_dungeon *d, bool player, void (*fn)(void *ctx, const dr__mark *m), void *ctx)
{
    const dg_contents *c = d->contents;
    if (!c || c->depth == DG_DEPTH_NONE || player) return;
    for (int i = 0; i < c->n_corridor_features; i++) {
        const dg_corridor_feature *f = &c->corridor_features[i];
        if (f->n_cells < 1) continue;
        dr__mark m = {DR__MARK_FEATURE, f->cells[0].x, f->cells[0].y, {(char)('a' + i), '\0'}};
        fn(ctx, &m);
    }
    for (size_t i = 0; i < c->n_rooms; i++) room_marks(&c->rooms[i], fn, ctx);
}

size_t dr__objects_count(const dg_dungeon *d)
{
    const dg_contents *c = d->contents;
    return c ? c->n_features + c->n_rooms : 0;
}

bool dr__object(const dg_dungeon *d, size_t i, dg_map_feature *f)
{
    const dg_contents *c = d->contents;
    if (!c) return false;
    if (i < c->n_features) {
        *f = c->features[i];
    } else {
        const dg_room_contents *rc = i - c->n_features < c->n_rooms ? &c->rooms[i - c->n_features] : NULL;
        int kind = rc && rc->n_hidden ? dg_hidden_object(rc->hidden[0].kind) : -1;
        if (kind < 0) return false;
        *f = (dg_map_feature){(dg_feature_kind)kind, rc->id, rc->hidden_cell};
    }
    return f->at.x >= 0 && f->at.y >= 0 && f->at.x < d->width && f->at.y < d->height;
}
