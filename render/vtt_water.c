/* vtt_water.c -- the map's water squares for the VTT exports, which have
 * no terrain of their own: Universal VTT has no field for it, and the
 * Foundry scene this project writes targets v10-v11, before Regions. So
 * both carry the squares as data an importer or a macro can read (uvtt a
 * top-level "water", Foundry the scene's flags.dungeond.water): [x, y] grid
 * squares, column and row, the key's numbering; each is difficult terrain
 * (a pool or flooded floor, still walkable). The images show the water. */
#include <jansson.h>

#include "dg_contents.h"
#include "render_int.h"

json_t *dg__vtt_water(const dg_dungeon *d)
{
    const dg_contents *c = d->contents;
    if (!dg__map_has_water(d)) return NULL;
    json_t *a = json_array();
    for (size_t i = 0; a && i < c->n_features; i++) {
        const dg_map_feature *f = &c->features[i];
        if (f->kind != DG_FEATURE_WATER) continue;
        if (json_array_append_new(a, json_pack("[i,i]", f->at.x, f->at.y))) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}
