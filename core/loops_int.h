/* loops_int.h -- what the loops files share (core/loops.c and its parts):
 * the digger's state, where a loop may start, and the steps between:
 *   loops_rock.c   what each cell may be to a dig; where loops may start
 *   loops_graph.c  the room graph (corridor systems, who meets whom) and walks
 *   loops_dig.c    a try from one place: the search through rock, the dig
 *   loops_lattice.c  donjon's lattice: every way found in one pass
 *   loops_stub.c   a corridor that led only to a closed cell back to rock
 *   loops.c        rounds of tries, the lair, how many loops a floor gets
 * Core-private; never installed. */
#ifndef DG_LOOPS_INT_H
#define DG_LOOPS_INT_H

#include "dg_int.h"


/* How far through rock a loop may run (cells from where it starts), the
 * walk it must save (LOOP_RATIO times its own length, at least
 * LOOP_MIN_WALK cells), and how many places are tried a loop wanted. */
#define LOOP_REACH_MIN 8
#define LOOP_REACH_MAX 24
#define LOOP_RATIO 3
#define LOOP_MIN_WALK 18
#define LOOP_TRIES 40
#define LOOP_FEW 16      /* loops wanted on a small map: loops=many tries twice as often */
#define LOOP_ENDS 6
#define LOOP_MIN_LEN 3
/* Rounds of tries: a round after one that moved the lair (see below). */
#define LOOP_ROUNDS 3
/* loops=many on donjon's lattice: a floor with this many after one look
 * of the rock is not looked at again (two loops on nine floors in ten,
 * three on half, the issue asks). */
#define LOOP_MANY_ENOUGH 3
/* More loops are never wanted than this a floor: each costs a walk. */
#define LOOP_MOST 96

enum { SPOT_DOOR, SPOT_MOUTH, SPOT_BRIDGE };

typedef struct {
    int kind;
    int32_t front;   /* the first cell dug; a bridge: the wall or rock cell opened */
    int32_t wall;    /* SPOT_DOOR: the door cell in the room's wall; else -1 */
    int32_t attach;  /* the open cell it leaves from (room floor, corridor, cave floor) */
    int32_t other;   /* SPOT_BRIDGE: the open cell on the far side */
    int room;        /* SPOT_DOOR: the room; SPOT_BRIDGE: the room of attach, 0 none */
} spot;

typedef struct {
    int32_t last;    /* the last cell dug (a box index) */
    int32_t wall;    /* door cell (map index), -1 for a mouth */
    int32_t attach;  /* the open cell beyond */
    int room;
    int len;         /* rock cells dug */
} loop_end;

typedef struct {
    dg__build *b;
    dg_rng rng;
    int reach;
    /* the dig's search box, (2 reach + 1)^2 cells */
    int32_t *prev, *queue, *len;
    uint32_t *box_stamp, box_now; /* box cells seen this search */
    signed char *how; /* the direction a box cell was entered by */
    /* the walk: a stamp per map cell, so nothing is cleared between walks */
    uint32_t *stamp, now;
    int32_t *wq, *depth;
    size_t reached;   /* cells the last walk queued */
    /* corridor systems: a label per open cell that is neither room nor door,
     * merged by union-find as loops join them; 0 for other cells */
    int32_t *label, *parent;
    size_t n_labels, cap_labels;
    int lair;         /* the lair (lair.c) once a round of loops stood:
                       * no later loop enters it; 0 in the first round */
    int32_t *room_step; /* far_room's: each room's nearest cell's steps */
    /* what each cell may be to a dig (CLS_ bits), kept as loops are dug:
     * the box search reads it instead of testing each cell's neighbours;
     * dirty: the box of cells dug since it was last brought up to date */
    unsigned char *cls;
    int dirty_r0, dirty_c0, dirty_r1, dirty_c1;
    int relaxed;      /* 1: the second half of the tries, shorter ways round do;
                       * 2: loops=many's last quarter, shorter still */
    bool rim_open;    /* an open cell on the map's rim (dg__dig_loops looks
                       * once: digging never opens one) */
    bool through;     /* cycles_dig.c's: a second way between a room and the
                       * system it opens on counts (the walk saved decides) */
} digger;

enum { CLS_DIG = 1, CLS_MOUTH = 2, CLS_DOOR = 4 /* << direction: door_beyond that way */ };

/* What a spot's dig found last (whether it can be used, its box's ends),
 * kept until a loop is dug near it: the box holds what it held, and so do
 * the ends. known: the walk last measured to each end (-1 none): walks
 * only shorten as loops are dug, so a walk known shorter than a loop must
 * save stays so. */
typedef struct {
    loop_end ends[LOOP_ENDS];
    int32_t known[LOOP_ENDS];
    signed char n_ends;
    bool ok;    /* the spot can still be used (dg__loop_spot_ok) */
    bool valid;
} spot_memo;

static inline bool dg__loop_inside(const dg__build *b, int r, int c)
{
    return r >= 1 && c >= 1 && r <= b->rows - 2 && c <= b->cols - 2;
}
static inline int32_t dg__loop_at(const dg__build *b, int r, int c) { return (int32_t)(r * b->cols + c); }
/* donjon's lattice: cells between four corridor nodes are never dug */
static inline bool dg__loop_between_corners(const dg__build *b, int r, int c)
{
    return b->lattice && !(r & 1) && !(c & 1);
}

/* loops_rock.c */
/* The room whose straight wall lies beyond rock (r, c) towards d (a door
 * fits there), else 0. */
int dg__loop_door_beyond(const dg__build *b, int r, int c, dg_dir d);
/* Rock a corridor or tunnel may join plain corridor at; *attach: that corridor. */
bool dg__loop_mouth(const dg__build *b, int r, int c, int32_t *attach);
/* g->cls up to date on rows r0..r1, columns c0..c1 and two cells round. */
void dg__loop_reclass(digger *g, int r0, int c0, int r1, int c1);
/* Cell at was changed by a dig: g->cls is out of date round it. */
void dg__loop_changed(digger *g, int32_t at);
/* Whether spot s can still be used (an earlier loop may have dug beside it). */
bool dg__loop_spot_ok(const dg__build *b, const spot *s);
/* Whether (r, c) is a cell that opens two open cells to each other (rock
 * between corridors, a room's wall); fills s (SPOT_BRIDGE). */
bool dg__loop_bridge(const dg__build *b, int r, int c, spot *s);
/* Every place a loop may start, row by row (new: free with dg__free). */
dg_status dg__loop_find_spots(const dg__build *b, const unsigned char *cls, spot **out, size_t *n_out, dg_error *err);

/* loops_graph.c */
/* The corridor system of open cell at (0: none). */
int32_t dg__loop_system_of(digger *g, int32_t at);
dg_status dg__loop_new_label(digger *g, int32_t *out, dg_error *err);
/* Labels every corridor system (open cells that are neither room nor door);
 * clears the walks' stamps (g->stamp) on the way. */
dg_status dg__loop_label_systems(digger *g, dg_error *err);
/* Whether joining open cells a and z adds a way round to the room graph
 * (and keeps out of the lair). */
bool dg__loop_adds_loop(digger *g, int32_t a, int32_t z, bool direct);
/* The same but for the lair: what the map's own shape allows. Only ever
 * turns false as loops are dug (systems join, rooms gain doors). */
bool dg__loop_joins(digger *g, int32_t a, int32_t z, bool direct);
/* Steps on foot from a to z, -1 when more than `most` (z < 0: walks all). */
int dg__loop_walk(digger *g, int32_t a, int32_t z, int most);
/* The lair (lair.c's rule) seen from the entrance, as cycles.c will see it; 0 none. */
int dg__loop_far_room(digger *g);
/* Doors into room id. */
int dg__loop_ways_in(const dg__build *b, int id);
/* Whether room `room` has a door onto corridor system sys. */
bool dg__loop_room_meets(digger *g, int room, int32_t sys);
/* How many corridor systems rooms a and z both have a door onto: 0, 1,
 * or 2 for two or more. */
int dg__loop_rooms_shared_systems(digger *g, int a, int z);

/* loops_dig.c */
/* Tries one loop from spot s (m: what its last try found); *dug says
 * whether one was made. */
dg_status dg__loop_try_spot(digger *g, const spot *s, spot_memo *m, bool *dug, dg_error *err);
/* A door in wall cell `wall` of the room whose floor is room_at, leading
 * to `other` (a room id, 0 corridor), of the family's kind. */
dg_status dg__loop_hang_door(digger *g, int32_t wall, int32_t room_at, int other, dg_error *err);
/* Opens a bridge spot: a door in a wall, or rock made corridor. */
dg_status dg__loop_open_bridge(digger *g, const spot *s, dg_error *err);
/* The walk a loop of `len` dug cells must save at g->relaxed's tier. */
int dg__loop_saves(const digger *g, int len);

/* loops_stub.c */
/* After cell `at` is closed: the plain corridor that led only to it back
 * to rock, and a door at its end that opened on nothing else walled up
 * (its record stays: the caller drops it). Cells closed. */
size_t dg__loop_fill_stub(digger *g, int32_t at);

/* loops_lattice.c */
/* Digs up to `want` loops into a lattice map (g's walk buffers and
 * labels ready), the lair's rounds included. */
dg_status dg__loop_lattice(digger *g, int want, dg_error *err);

/* loops_rows.c: for n cells of a row run (mid, with the runs above and
 * below it, mid[-1] and mid[n] read), a byte each in out: free rock fr[]
 * beside a wall (where a walk may start); a wall open on two opposite
 * sides (where an opening may be); rock with no open cell beside it. */
void dg__lattice_seed_row(const uint32_t *up, const uint32_t *mid, const uint32_t *down, const unsigned char *fr,
                          unsigned char *out, int n);
void dg__lattice_bridge_row(const uint32_t *up, const uint32_t *mid, const uint32_t *down, unsigned char *out, int n);
void dg__lattice_free_row(const uint32_t *up, const uint32_t *mid, const uint32_t *down, unsigned char *out, int n);

/* cycles_dig.c */
/* loops=some: where the lock-and-key cycle (cycles.c) finds no key room,
 * the lair kept to another door, loops dug from dead-end rooms far enough
 * round (from spots[], loops.c's) or a door beside the way to the lair
 * walled up, until it does; the lair's other doors walled up as cycles.c
 * will. */
dg_status dg__loops_for_design(digger *g, const spot *spots, size_t n_spots, dg_error *err);

#endif
