/* cave_gate_int.h -- what cave_gate.c (where a cave's gate fits, placing
 * it, the moves in turn), cave_gate_moves.c (the rockfalls and tunnels a
 * loops=some cave takes for it) and cave_gate_cut.c (the cave cut across
 * for it) share. Core-private. */
#ifndef DG_CAVE_GATE_INT_H
#define DG_CAVE_GATE_INT_H

#include "cycles_int.h"

/* Dead-end chambers far enough round for a key a floor's tunnels try. */
#define MOST_DEAD 4
/* Rock cells a rockfall may fill at most: the lair's other mouths and the
 * sides of the one kept (a 31x31 cave's lair has two to four mouths, one
 * or two cells each). */
#define MOST_FILLS 12
/* Tunnel cells dug at most (a long way round, a dead end's second way
 * out: as far as loops.c's own tunnels reach, LOOP_REACH_MAX; 10 left 5
 * points of the 31x31 caves' designed cycles undug), and floor cells a
 * split may fill. */
#define MOST_TUNNEL 24
#define MOST_SPLIT 10

/* Tries a search makes at most (each a few walks of the whole map): all
 * of `most` on a small map, fewer on a big one (a 1001x1001 cave two or
 * three), so a big map pays about what a small one does for its gate. */
int dg__gate_tries(const dg_dungeon *d, int most);
/* Whether a gate fits cell k of a way, `up` the cell before it (towards
 * the entrance) and `down` the one after; *g its record, the chamber it
 * closes its room. */
bool dg__gate_fits(const dg_dungeon *d, const cyc_work *w, int32_t k, int32_t up, int32_t down, dg_door *g);
/* Whether every open cell is reached from the entrance (w->sides made anew). */
bool dg__gate_one_region(const dg_dungeon *d, cyc_work *w);

/* Whether floor cell k may go to rock in a rockfall (cave floor off the
 * rim, no door, stair or exit). */
bool dg__gate_fillable(const dg_dungeon *d, int32_t k);
/* Where floor cell k stands when cell c is shut, by the walks from c's two
 * sides (dn from the entrance's side, df from the lair's): -1 the lair on
 * the entrance's side (no cut or split holds), 0 nothing to fill (the
 * entrance's side, or the far side away from the seam), 1 the far side's
 * floor touching the entrance's side: what must fall for c alone to join
 * the two. */
static inline int dg__gate_seam(const dg_dungeon *d, const cyc_work *w, int32_t c, const int32_t *dn,
                                const int32_t *df, int lair, size_t k)
{
    bool far = df[k] >= 0 && (dn[k] < 0 || df[k] < dn[k]);
    if (!far) return dg__room_id(d->cells[k]) == lair ? -1 : 0;
    for (int q = 0; q < 4; q++) {
        if (!((w->sides[k] >> q) & 1)) continue;
        int32_t j = (int32_t)k + w->step[q];
        if (j != c && dn[j] >= 0 && (df[j] < 0 || dn[j] <= df[j])) return 1;
    }
    return 0;
}
/* The walk from d's entrance (w->dist, w->parent, w->steps, *from its
 * cell) and the lair's id when it is a cave chamber, else 0. */
int dg__gate_lair(dg_dungeon *d, cyc_work *w, int32_t *from);

/* The moves: the cells each would fill (rockfalls) or dig (tunnels), in
 * fill[] or cut[], their count (0 none). */
/* The lair left one way in, a gate fitting its mouth (*kept, *near its
 * near side, *lair_at the lair; these set, 0 cells when it has one way
 * in already). */
int dg__gate_rockfall(dg_dungeon *d, cyc_work *w, int32_t *fill, int32_t *kept, int32_t *near, int *lair_at);
/* A tunnel from floor by the gate's near side to floor far from it. */
int dg__gate_long_way(const dg_dungeon *d, cyc_work *w, int32_t mouth, int32_t out, int32_t *cut);
/* A tunnel out of dead-end chamber `room`, onto another passage's floor. */
int dg__gate_way_out(const dg_dungeon *d, cyc_work *w, int room, int32_t gate, int32_t near, int32_t *cut);
/* A rockfall across a tunnel beside the way to the gate at `mouth`. */
int dg__gate_beside(dg_dungeon *d, cyc_work *w, int32_t mouth, int32_t out, int lair, int32_t *cut);
/* The cave parted at a gate cell, the gate alone joining the two sides. */
int dg__gate_split(dg_dungeon *d, cyc_work *w, int32_t *fill);

/* cave_gate_cut.c: the cave cut across at a cell of the way to the lair,
 * the cell left a tunnel one cell wide for the gate. Cells a cut fills at
 * most, and cuts the driver tries a floor (on a map up to 200x200; fewer
 * on a bigger one, dg__gate_tries). */
#define MOST_CUT 20
#define CUT_TRIES 16
typedef struct {
    int32_t fill[MOST_CUT];
    int n, rank;  /* the cells, the cut's rank (cave_gate_cut.c's tiers) */
    long margin;  /* twice the best key room's walk round less three times the door's */
} dg__gate_cut;
/* The best cuts, best first (their count, at most `most`). */
int dg__gate_cuts(dg_dungeon *d, cyc_work *w, dg__gate_cut *best, int most);

#endif
