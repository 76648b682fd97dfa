/* render_int.h -- helpers shared by the JSON encoders inside libdg_render;
 * never installed, never included by clients. */
#ifndef DG_RENDER_INT_H
#define DG_RENDER_INT_H

#include <jansson.h>

#include "render.h"

/* Room in b for n more bytes (and its NUL) at once: an encoder that knows
 * roughly how much it will write saves the doublings and their copies. */
dg_status dg__buf_reserve(dg_buf *b, size_t n, dg_error *err);

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
/* Decimal digits of v at p, unterminated; returns how many (at most 10). */
size_t dg__u32_text(char *p, uint32_t v);
/* "00" "01" ... "99": the two digits of i at dg__digit_pairs + 2 * i. */
extern const char dg__digit_pairs[201];
/* The splice writer of the native document's walls: ctx is the
 * dg__walls of d (json_walls.c). */
dg_status dg__json_put_walls(const dg_dungeon *d, const void *ctx, dg_buf *out, dg_error *err);
/* The splice writer of d's cell rows (ctx unused). */
dg_status dg__json_put_cells(const dg_dungeon *d, const void *ctx, dg_buf *out, dg_error *err);

/* ------------------------------------------------------ json_record.c */

/* A jansson object with a fixed list of keys whose values are replaced in
 * place, for objects a document rebuilds every time (json.c reuses them
 * from one document to the next). The object is r->obj (owned); key k's
 * slot is r->it[k]; r->num[k] is the integer the record owns for it. */
typedef struct {
    json_t *obj;
    void **it;
    json_t **num;
    size_t n;
} dg__rec;
/* The object with keys[0..n) in that order, each null. DG_ENOMEM only;
 * then r is zeroed (dg__rec_fini on it is a no-op). */
dg_status dg__rec_init(dg__rec *r, const char *const *keys, size_t n, dg_error *err);
void dg__rec_fini(dg__rec *r);
/* Key k holds v (a reference is taken; nothing happens when it already
 * holds v). False when v is NULL or out of memory: callers check once. */
bool dg__rec_put(dg__rec *r, size_t k, json_t *v);
/* Key k holds the record's own integer for it, set to v. */
bool dg__rec_int(dg__rec *r, size_t k, json_int_t v);
/* Key k holds the string of n bytes at s (kept when it already does). */
bool dg__rec_text(dg__rec *r, size_t k, const char *s, size_t n);
/* Array a holds exactly item(ctx, 0..n) in order, each a borrowed value
 * (a is given references); items already in place are left alone. */
bool dg__array_fill(json_t *a, size_t n, json_t *(*item)(void *ctx, size_t i), void *ctx);

/* circle.c: the circle, in px at `cell` px a cell, that round room r is
 * drawn as: it holds the centre of every cell of r and of no other cell.
 * False when r is not round (or its cells are no disc): draw its cells. */
typedef struct { double cx, cy, r; } dg__circle;
bool dg__room_circle(const dg_dungeon *d, const dg_room *r, int cell, dg__circle *out);

/* ------------------------------------------------------- cave_draw.c */

/* The organic cave outline png.c draws for d at `cell` px a cell in one
 * view, computed without drawing: the same refinement, sub-cell for
 * sub-cell. open: 1 open, 0 rock per sub-cell, sub x sub a cell, sub-cell
 * (fx, fy) at open[(fy + 1) * stride + fx + 1] (a rock border all round);
 * free_cells: width * height bytes, 1 where the refinement shapes the cell
 * (a cave cell not kept square), so everywhere else the sub-cells are the
 * cell's own value. All zero/NULL when d has no caves. DG_ENOMEM only; free
 * with dg__cave_grid_fini (also fine after a failure). circles: round
 * rooms drawn in as the PNG draws them (free_cells then marks their box and
 * the ring around it); the SVG, which draws true circles itself, leaves
 * them out. All zero/NULL too when d has neither caves nor round rooms. */
typedef struct {
    unsigned char *open;
    unsigned char *free_cells;
    int sub;
    size_t stride;
} dg__cave_grid;
dg_status dg__cave_grid_build(const dg_dungeon *d, int cell, bool player, bool circles, dg__cave_grid *g,
                              dg_error *err);
void dg__cave_grid_fini(dg__cave_grid *g);

/* ----------------------------------------------------------- walls.c
 * Wall and door geometry for the VTT-facing encoders, in units of 1/den
 * cell: den 2 (half cells: door midpoints are whole numbers too) unless the
 * map has caves, then den = the cave grid's sub (16 at any usual size), so
 * cave walls can sit on the sub-cell lattice of the drawn outline. */

/* A maximal straight run of boundary between walkable and solid; (x0, y0)
 * before (x1, y1) by x, then y. Axis-aligned (x0 <= x1, y0 <= y1, one pair
 * equal) except cave walls, which may run at any angle. */
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
    int den;                                /* units per cell: 2, or the cave sub */
    dg__wall *walls;     size_t n_walls;    /* horizontal by (y, x), then vertical by (x, y),
                                               then any others by (x0, y0, x1, y1) */
    dg_point *pts;       size_t n_pts;      /* every polyline's points, concatenated */
    size_t *line_end;    size_t n_lines;    /* polyline i: pts[line_end[i-1] (or 0) .. line_end[i]) */
    bool *line_object;                      /* per polyline: around a pillar */
    dg__portal *portals; size_t n_portals;  /* door list order */
} dg__walls;

/* Traces d's walls for a view: player makes secret doors solid (as the PNG
 * draws them) and gives them no portal. Caves follow the outline the PNG
 * draws at cell = d->opts.ppg (the image a uvtt file embeds). Polylines are
 * the walls chained into closed loops, first point repeated last. DG_ENOMEM
 * only; w is empty then. Free with dg__walls_fini (also fine after a
 * failure). */
dg_status dg__walls_trace(const dg_dungeon *d, bool player, dg__walls *w, dg_error *err);
/* dg__walls_trace without the polylines (pts, line_end, line_object stay
 * empty): for documents that list segments only. */
dg_status dg__walls_segments(const dg_dungeon *d, bool player, dg__walls *w, dg_error *err);
void dg__walls_fini(dg__walls *w);
/* Doubles *cap (from 64) until n + 1 items of size sz fit in *p; false
 * when out of memory (*p is then unchanged). */
bool dg__grow(void **p, size_t *cap, size_t n, size_t sz);
/* v half-cells as a decimal in cell units ("7", "7.5") at p, unterminated;
 * returns the length (at most 12). v >= 0. */
size_t dg__half_text(char *p, long v);
/* v / den cells (den a power of two up to 16) as an exact decimal ("7",
 * "7.5", "7.0625") at p, unterminated; returns the length (at most 16).
 * v >= 0. With den 2 the same text as dg__half_text. */
size_t dg__unit_text(char *p, long v, int den);

/* walls_cave.c: the walls of a map with caves, for dg__walls_trace. Traces
 * every walkable/solid boundary of the cave grid g (sub >= 2) -- which is
 * the cell boundary wherever the refinement keeps cells square -- into
 * walls in 1/sub cell units: straight runs along cell edges, the drawn
 * outline simplified to within 1.5 sub-cells elsewhere; broken at w's portal
 * ends (already in those units), collinear touching walls merged. Cells
 * whose cls byte (width * height) has wall_bit are structural solid (see
 * walls.c); rock touching none of them or the map edge is an object. Sets
 * w->walls, w->n_walls; false when out of memory. */
bool dg__walls_cave(const dg_dungeon *d, const dg__cave_grid *g, const unsigned char *cls,
                    unsigned char wall_bit, dg__walls *w);

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
