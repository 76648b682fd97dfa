/* render_int.h -- helpers shared by the JSON encoders inside libdg_render;
 * never installed, never included by clients. */
#ifndef DG_RENDER_INT_H
#define DG_RENDER_INT_H

#include <jansson.h>

#include "render.h"

/* DG_EINVAL unless d is a finished-looking map: cells present, counts backed
 * by arrays, every room/door/stair/exit inside the grid and of a known kind.
 * Encoders call it first so a broken dungeon is an error, never a crash. */
dg_status dg__render_check(const dg_dungeon *d, dg_error *err);

/* Dumps root (compact, plus the given jansson flags) into out, with the
 * value of its top-level key `cells_key` -- which must be json_null(), a
 * placeholder -- replaced by d's cell words as an array of rows. The rows
 * are written by hand: a jansson value per cell costs ~40 bytes and a call
 * per cell on a 4001x4001 map. root is borrowed. */
dg_status dg__json_emit(json_t *root, const char *cells_key, size_t flags,
                        const dg_dungeon *d, dg_buf *out, dg_error *err);

/* north <-> south, west <-> east. */
static inline dg_dir dg__dir_opposite(dg_dir d)
{
    switch (d) {
    case DG_DIR_NORTH: return DG_DIR_SOUTH;
    case DG_DIR_SOUTH: return DG_DIR_NORTH;
    case DG_DIR_WEST: return DG_DIR_EAST;
    default: return DG_DIR_WEST;
    }
}

#endif
