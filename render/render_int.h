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

/* A top-level value written by hand in place of its json_null() placeholder:
 * big arrays would cost a jansson value per number. */
typedef struct {
    const char *key;
    dg_status (*write)(const dg_dungeon *d, const void *ctx, dg_buf *out, dg_error *err);
    const void *ctx;
} dg__json_splice;
/* dg__json_emit with n splices, which must come in document order. */
dg_status dg__json_emit_splices(json_t *root, const dg__json_splice *sp, size_t n, size_t flags,
                                const dg_dungeon *d, dg_buf *out, dg_error *err);
/* The splice writer of d's cell rows (ctx unused). */
dg_status dg__json_put_cells(const dg_dungeon *d, const void *ctx, dg_buf *out, dg_error *err);

/* ----------------------------------------------------------- walls.c
 * Wall and door geometry for the VTT-facing encoders, in half-cell units
 * (2 x cell coordinates: door midpoints are whole numbers too). */

/* A maximal straight run of boundary between walkable and solid cells;
 * x0 <= x1, y0 <= y1, one of the two pairs equal. */
typedef struct {
    int x0, y0, x1, y1;
    bool object;             /* borders free-standing solid (a pillar) */
} dg__wall;

/* One door as a closed doorway across the middle of its cell. */
typedef struct {
    size_t door;             /* index into d->doors */
    dg_door_type type;
    int x0, y0, x1, y1;      /* the two bounds; x0 <= x1, y0 <= y1 */
    bool across_ew;          /* passage runs east-west (bounds are vertical) */
} dg__portal;

typedef struct {
    dg__wall *walls;     size_t n_walls;    /* horizontal by (y, x), then vertical by (x, y) */
    dg_point *pts;       size_t n_pts;      /* every polyline's points, concatenated */
    size_t *line_end;    size_t n_lines;    /* polyline i: pts[line_end[i-1] (or 0) .. line_end[i]) */
    bool *line_object;                      /* per polyline: around a pillar */
    dg__portal *portals; size_t n_portals;  /* door list order */
} dg__walls;

/* Traces d's walls for a view: player makes secret doors solid (as the PNG
 * draws them) and gives them no portal. Polylines are the walls chained into
 * closed loops, first point repeated last. DG_ENOMEM only; w is empty then.
 * Free with dg__walls_fini (also fine after a failure). */
dg_status dg__walls_trace(const dg_dungeon *d, bool player, dg__walls *w, dg_error *err);
void dg__walls_fini(dg__walls *w);
/* v half-cells as a decimal in cell units ("7", "7.5") at p, unterminated;
 * returns the length (at most 12). v >= 0. */
size_t dg__half_text(char *p, long v);

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
