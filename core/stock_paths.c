/* stock_paths.c -- where the party comes in and how far each room lies
 * from there by path, and which rooms it can reach with every locked door
 * still shut: what the coherence rules (the deadliest room is the farthest,
 * a key lies on the near side of its door) are judged by. Two breadth-first
 * walks over open cells with an explicit queue; they read the map only. */
#include "stock_int.h"

#include <string.h>

size_t dg__paths_scratch_bytes(const dg_dungeon *d)
{
    size_t cells = (size_t)d->width * (size_t)d->height;
    return cells * (sizeof(uint32_t) + 1);
}

/* The entrance: the first up stair (the way in from the floor above), else
 * the first exit on the map's edge, else a cell of room 1. */
static bool entrance_cell(const dg_dungeon *d, dg_point *at)
{
    for (size_t i = 0; i < d->n_stairs; i++) {
        if (!d->stairs[i].down) {
            *at = (dg_point){d->stairs[i].x, d->stairs[i].y};
            return true;
        }
    }
    if (d->n_exits) {
        *at = (dg_point){d->exits[0].x, d->exits[0].y};
        return true;
    }
    if (d->n_rooms) {
        const dg_room *r = &d->rooms[0];
        for (int y = r->y; y < r->y + r->height; y++)
            for (int x = r->x; x < r->x + r->width; x++)
                if ((dg_cell(d, x, y) & DG_ROOM) && ((dg_cell(d, x, y) & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT) == 1u) {
                    *at = (dg_point){x, y};
                    return true;
                }
    }
    return false;
}

/* One walk from `from`. seen[] holds `mark` for cells this walk reached;
 * cells whose word has any `shut` bit are not entered. Each room's first
 * reached cell gives its distance (dist) or marks it reachable (reach).
 * Queue entries are (y << 16 | x): no division per cell (maps are at most
 * 4001 wide and high). */
static void walk(const dg_dungeon *d, dg_point from, uint32_t *queue, unsigned char *seen,
                 unsigned char mark, uint32_t shut, int *dist, unsigned char *reach)
{
    const int w = d->width, h = d->height;
    const uint32_t *cells = d->cells;
    size_t head = 0, tail = 0, layer_end;
    int depth = 0;
    queue[tail++] = (uint32_t)from.y << 16 | (uint32_t)from.x;
    seen[(size_t)from.y * (size_t)w + (size_t)from.x] = mark;
    layer_end = tail;
    while (head < tail) {
        if (head == layer_end) {
            depth++;
            layer_end = tail;
        }
        uint32_t q = queue[head++];
        int x = (int)(q & 0xFFFFu), y = (int)(q >> 16);
        size_t at = (size_t)y * (size_t)w + (size_t)x;
        uint32_t word = cells[at];
        if (word & DG_ROOM) {
            size_t id = (word & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT;
            if (id >= 1 && id <= d->n_rooms) {
                if (dist && dist[id - 1] < 0) dist[id - 1] = depth;
                if (reach) reach[id - 1] = 1;
            }
        }
#define STEP(cond, off, nq)                                                   \
        if (cond) {                                                           \
            size_t c = at + (off);                                            \
            if (seen[c] != mark && (cells[c] & DG_OPENSPACE) && !(cells[c] & shut)) { \
                seen[c] = mark;                                               \
                queue[tail++] = (nq);                                         \
            }                                                                 \
        }
        STEP(x > 0, (size_t)-1, q - 1)
        STEP(x < w - 1, 1, q + 1)
        STEP(y > 0, (size_t)0 - (size_t)w, q - (1u << 16))
        STEP(y < h - 1, (size_t)w, q + (1u << 16))
#undef STEP
    }
}

void dg__paths_find(const dg_dungeon *d, void *scratch, dg__paths *p)
{
    for (size_t i = 0; i < d->n_rooms; i++) {
        p->dist[i] = -1;
        p->free_reach[i] = 0;
    }
    p->entrance_room = 0;
    p->entrance = (dg_point){0, 0};
    if (!entrance_cell(d, &p->entrance)) return;
    size_t cells = (size_t)d->width * (size_t)d->height;
    uint32_t *queue = scratch;
    unsigned char *seen = (unsigned char *)(queue + cells);
    memset(seen, 0, cells);
    /* every door open, then (when the map has locked doors) those shut:
     * marks 1 then 2, so the second walk needs no clearing */
    walk(d, p->entrance, queue, seen, 1, 0, p->dist, p->free_reach);
    bool locked = false;
    for (size_t i = 0; i < d->n_doors && !locked; i++) locked = d->doors[i].type == DG_DOOR_LOCKED;
    if (locked) {
        memset(p->free_reach, 0, d->n_rooms);
        walk(d, p->entrance, queue, seen, 2, DG_LOCKED, NULL, p->free_reach);
    }
    int best = -1;
    for (size_t i = 0; i < d->n_rooms; i++) {
        if (p->dist[i] >= 0 && (best < 0 || p->dist[i] < best)) {
            best = p->dist[i];
            p->entrance_room = (int)i + 1;
        }
    }
}
