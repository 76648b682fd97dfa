/* stock_paths.c -- where the party comes in, and how far each room and
 * each locked door lies from there by path: what the coherence rules (the
 * deadliest room is the farthest, a key lies on the near side of its door)
 * are judged by. Read from core's walk from the entrance
 * (dg__entrance_walk, cycles.c), the one breadth-first walk the floor's
 * lock cycle is measured by too: one walk a floor, not two. A room nearer
 * than a door is reachable without crossing it: a path through the door
 * is longer than the door's own distance. */
#include "stock_int.h"

void dg__paths_find(const dg_dungeon *d, const dg__entrance_walk *w, dg__paths *p)
{
    for (size_t i = 0; i < d->n_doors; i++) p->door_dist[i] = -1;
    p->entrance_room = 0;
    p->entrance = (dg_point){0, 0};
    for (size_t i = 0; i < d->n_rooms; i++) p->dist[i] = -1;
    if (!dg__entrance_walk_entrance(w, &p->entrance)) return;
    size_t width = (size_t)d->width, from = (size_t)p->entrance.y * width + (size_t)p->entrance.x;
    /* the walk counts a room from its open cells; the entrance itself is
     * met at step 0 whatever it is */
    int from_room = dg_cell_open(d->cells[from]) ? 0 : dg__room_id(d->cells[from]);
    int best = -1;
    for (size_t i = 0; i < d->n_rooms; i++) {
        p->dist[i] = (int)i + 1 == from_room ? 0 : dg__entrance_walk_room(w, (int)i + 1);
        if (p->dist[i] >= 0 && (best < 0 || p->dist[i] < best)) {
            best = p->dist[i];
            p->entrance_room = (int)i + 1;
        }
    }
    for (size_t i = 0; i < d->n_doors; i++) {
        if (d->doors[i].type != DG_DOOR_LOCKED) continue;
        size_t at = (size_t)d->doors[i].y * width + (size_t)d->doors[i].x;
        if (d->cells[at] & DG_LOCKED) p->door_dist[i] = dg__entrance_walk_steps(w, at);
    }
}
