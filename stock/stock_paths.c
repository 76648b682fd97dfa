/* stock_paths.c -- where the party comes in, and how far each room and
 * each locked door lies from there by path: what the coherence rules (the
 * deadliest room is the farthest, a key lies on the near side of its door)
 * are judged by. One breadth-first walk over open cells with an explicit
 * queue; it reads the map only. A room nearer than a door is reachable
 * without crossing it: a path through the door is longer than the door's
 * own distance. */
#include "stock_int.h"

#include <string.h>

/* The scratch block, in this order, each part a multiple of 8 bytes long
 * so the next stays aligned: the queue (one word per cell, each queued
 * once, plus the tail slot a refused neighbour is written to), seen bytes,
 * room depths (slot 0 for corridors), locked door cells and depths. */
#define ROUND8(n) (((n) + 7u) & ~(size_t)7u)
static size_t queue_bytes(size_t cells) { return ROUND8((cells + 1) * sizeof(uint32_t)); }

size_t dg__paths_scratch_bytes(const dg_dungeon *d)
{
    size_t cells = (size_t)d->width * (size_t)d->height;
    return queue_bytes(cells) + ROUND8(cells) + ROUND8((d->n_rooms + 1) * sizeof(int)) +
           2 * ROUND8((d->n_doors + 1) * sizeof(int));
}

/* The entrance is core's (dg__map_entrance, cycles.c): the lock-and-key
 * cycle a loops map locks is measured from the same cell. */
static bool entrance_cell(const dg_dungeon *d, dg_point *at) { return dg__map_entrance(d, at); }

/* The walk from `from`: seen[] starts 1 on closed cells and 0 on open
 * ones; each visited cell is set to 1. Branch-free where it matters: a
 * neighbour is always written to the queue's tail, and the tail moves on
 * only when that neighbour was open and unseen; a room's distance is the
 * depth at which the walk first pops one of its cells (walk order is
 * depth order), kept with a conditional move, slot 0 taking corridors.
 * Locked door cells popped are listed with their depth. `checked`: some
 * cell on the map's edge is open, so steps off the map must be tested. */
static void walk(const dg_dungeon *d, dg_point from, uint32_t *queue, unsigned char *seen, bool checked,
                 int *room_depth, uint32_t *locked_at, int *locked_depth, size_t *n_locked)
{
    const int w = d->width, h = d->height;
    const uint32_t *cells = d->cells;
    size_t head = 0, tail = 0, layer_end, nl = 0;
    int depth = 0;
    uint32_t start = (uint32_t)from.y * (uint32_t)w + (uint32_t)from.x;
    queue[tail++] = start;
    seen[start] = 1;
    layer_end = tail;
    while (head < tail) {
        if (head == layer_end) {
            depth++;
            layer_end = tail;
        }
        uint32_t at = queue[head++];
        uint32_t word = cells[at];
        size_t id = (word & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT;
        int known = room_depth[id];
        room_depth[id] = known >= 0 ? known : depth;
        locked_at[nl] = at;
        locked_depth[nl] = depth;
        nl += (word & DG_LOCKED) != 0;
        if (checked) {
            int x = (int)(at % (uint32_t)w), y = (int)(at / (uint32_t)w);
#define STEP(cond, c)                                                         \
            if (cond) {                                                       \
                uint32_t n_ = (c);                                            \
                queue[tail] = n_;                                             \
                tail += !seen[n_];                                            \
                seen[n_] = 1;                                                 \
            }
            STEP(x > 0, at - 1)
            STEP(x < w - 1, at + 1)
            STEP(y > 0, at - (uint32_t)w)
            STEP(y < h - 1, at + (uint32_t)w)
#undef STEP
        } else {
            /* four distinct cells: read all, then mark all */
            uint32_t a0 = at - 1, a1 = at + 1, a2 = at - (uint32_t)w, a3 = at + (uint32_t)w;
            unsigned s0 = seen[a0], s1 = seen[a1], s2 = seen[a2], s3 = seen[a3];
            seen[a0] = 1;
            seen[a1] = 1;
            seen[a2] = 1;
            seen[a3] = 1;
            queue[tail] = a0;
            tail += !s0;
            queue[tail] = a1;
            tail += !s1;
            queue[tail] = a2;
            tail += !s2;
            queue[tail] = a3;
            tail += !s3;
        }
    }
    *n_locked = nl;
}

void dg__paths_find(const dg_dungeon *d, void *scratch, dg__paths *p)
{
    for (size_t i = 0; i < d->n_doors; i++) p->door_dist[i] = -1;
    p->entrance_room = 0;
    p->entrance = (dg_point){0, 0};
    for (size_t i = 0; i < d->n_rooms; i++) p->dist[i] = -1;
    if (!entrance_cell(d, &p->entrance)) return;
    const int w = d->width, h = d->height;
    size_t cells = (size_t)w * (size_t)h;
    uint32_t *queue = scratch;
    unsigned char *seen = (unsigned char *)scratch + queue_bytes(cells);
    int *room_depth = (int *)(void *)(seen + ROUND8(cells));
    int *locked_depth = (int *)(void *)((char *)room_depth + ROUND8((d->n_rooms + 1) * sizeof(int)));
    uint32_t *locked_at = (uint32_t *)(void *)((char *)locked_depth + ROUND8((d->n_doors + 1) * sizeof(int)));
    for (size_t i = 0; i < cells; i++) seen[i] = !(d->cells[i] & DG_OPENSPACE);
    bool checked = false;
    for (int x = 0; x < w; x++) checked |= !seen[x] || !seen[(size_t)(h - 1) * (size_t)w + (size_t)x];
    for (int y = 0; y < h; y++) checked |= !seen[(size_t)y * (size_t)w] || !seen[(size_t)y * (size_t)w + (size_t)(w - 1)];
    for (size_t i = 0; i <= d->n_rooms; i++) room_depth[i] = -1;
    size_t n_locked = 0;
    walk(d, p->entrance, queue, seen, checked, room_depth, locked_at, locked_depth, &n_locked);
    int best = -1;
    for (size_t i = 0; i < d->n_rooms; i++) {
        p->dist[i] = room_depth[i + 1];
        if (p->dist[i] >= 0 && (best < 0 || p->dist[i] < best)) {
            best = p->dist[i];
            p->entrance_room = (int)i + 1;
        }
    }
    for (size_t i = 0; i < d->n_doors; i++) {
        if (d->doors[i].type != DG_DOOR_LOCKED) continue;
        uint32_t at = (uint32_t)d->doors[i].y * (uint32_t)w + (uint32_t)d->doors[i].x;
        for (size_t k = 0; k < n_locked; k++)
            if (locked_at[k] == at) p->door_dist[i] = locked_depth[k];
    }
}
