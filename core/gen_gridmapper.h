/* gen_gridmapper.h -- core-private: the plan behind algorithm=gridmapper (seed
 * 002): the named five- and seven-room shapes, and which shape, turn and
 * place each 3x3 block of sections got for a map. gen_gridmapper.c builds
 * the map from the plan; tests read the plan to check the map against the
 * shapes. Never installed. */
#ifndef DG_GRIDMAPPER_H
#define DG_GRIDMAPPER_H

#include "dg_int.h"

/* One shape as drawn in seed 002: rooms 1..n at sections of a 3x3 block
 * (row * 3 + col, before any turn), and the pairs of rooms joined. Every
 * join is between rooms in one section row or column; at most one section
 * lies between them. */
typedef struct {
    const char *name;        /* "Railroad", "Foglio's Snail", ... */
    int rooms;               /* 5 or 7 */
    int n_edges;
    unsigned char at[7];
    unsigned char edge[8][2]; /* 1-based room numbers */
} dg__gm_shape;

/* The shape table, every drawn variant; the turns are applied on top. */
const dg__gm_shape *dg__gm_shapes(size_t *n);

#define DG__GM_MAX_BLOCKS 9  /* room_count <= 63 = 9 blocks of seven */
#define DG__GM_MAX_SECS 27   /* sections per row or column of the plan */

/* Section states in dg__gm_plan.sec */
enum { DG__GM_EMPTY, DG__GM_ROOM, DG__GM_PASS_H, DG__GM_PASS_V };

typedef struct {
    int shape;               /* index into dg__gm_shapes() */
    int turn;                /* bit 2: transpose first; bit 0: mirror columns; bit 1: rows */
    int slot_row, slot_col;  /* place in the grid of blocks */
    int rooms;               /* the shape's rooms (5 or 7) */
    int kept;                /* rooms built: extra rooms of the last block are dropped */
    int sec_row[7], sec_col[7]; /* each shape room's section, whole-map section grid */
    int room[7];             /* the room id built for shape room k+1; 0 when dropped */
} dg__gm_block;

/* A join between rooms of two blocks (room ids). */
typedef struct { int a, b; } dg__gm_link;

typedef struct {
    int block_rows, block_cols;  /* grid of blocks */
    int sec_rows, sec_cols;      /* = 3 x the above */
    int pitch_x, pitch_y;        /* cells from one section's wall line to the next */
    int x0, y0;                  /* the first wall lines (the layout is centred) */
    int n_block, n_link, n_room;
    dg__gm_block block[DG__GM_MAX_BLOCKS];
    dg__gm_link link[DG__GM_MAX_BLOCKS];
    unsigned char sec[DG__GM_MAX_SECS * DG__GM_MAX_SECS];      /* DG__GM_* per section */
    unsigned char sec_room[DG__GM_MAX_SECS * DG__GM_MAX_SECS]; /* room id, 0 if none */
} dg__gm_plan;

/* The plan dg_generate() follows for options o (algorithm=gridmapper): the
 * same draws from the same stream. DG_ELIMIT naming room_count when the map
 * cannot hold that many rooms. */
dg_status dg__gm_plan_for(const dg_options *o, dg__gm_plan *plan, dg_error *err);
/* The same from the builder's own stream: the first draws of a map. */
dg_status dg__gm_plan_build(dg__build *b, dg__gm_plan *plan, dg_error *err);

#endif
