/* gen_caverns.h -- core-private: cellular-automaton caves, shared by the caverns
 * family and the donjon family's layout=cavernous. Growing, counting and
 * joining are separate steps so each family can put its own work (rooms,
 * doors) in between. Never installed. */
#ifndef DG_CAVE_H
#define DG_CAVE_H

#include "dg_int.h"

/* Grows caves over every cell that is plain rock (word 0) inside the map's
 * edge: fill percent of those cells start as rock, the rest as floor, then
 * `steps` generations of the automaton. Every other cell (rooms, walls, the
 * edge) stays as it is and counts as rock. Floor becomes DG_CORRIDOR. Draws
 * one number per free cell from b->rng. DG_ENOMEM only. */
dg_status dg__cave_grow(dg__build *b, int fill, int steps, dg_error *err);

/* Counts the separate open systems (4-connected), after filling in cave-only
 * systems of fewer than min_cells cells -- never the largest one. *systems
 * gets the count left. DG_ENOMEM only. */
dg_status dg__cave_count(dg__build *b, size_t min_cells, size_t *systems, dg_error *err);

/* Joins every open system into one by digging the shortest cuts through
 * plain rock (word 0, inside the map's edge): a breadth-first search from
 * all systems at once meets between neighbours, and the meetings are taken
 * shortest first while they join two systems still apart (Kruskal). Systems
 * no cut can reach are filled in, keeping the biggest part. *cuts (may be
 * NULL) gets the number of cuts dug, *dug the rock cells opened. Draws
 * nothing from the rng. DG_ENOMEM only. */
dg_status dg__cave_join(dg__build *b, size_t *cuts, size_t *dug, dg_error *err);

/* When no 2 x 2 block of cells is open anywhere, opens a 3 x 3 chamber in
 * the middle of the map (plain rock only): thin caves can be eaten whole by
 * dead-end removal, a chamber cannot, so every map keeps somewhere to stand.
 * Call before dg__cave_join, which links the chamber to the rest. */
void dg__cave_ensure_chamber(dg__build *b);

#endif
