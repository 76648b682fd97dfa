/* cycles.c -- the map's lock-and-key cycle (Dormans's cyclic generation):
 * a door on the short way to a goal room that cuts the goal off when shut,
 * and a room at the far end of the long way round, reached with that door
 * shut (other locks picked, or opened by keys found without it), no dead
 * end, and the walk from the
 * entrance to it and back to the door at least 1.5 times the walk from the
 * entrance to the door (docs/shared ADVENTURE's measure: the party sees
 * the door, walks round, finds the key, comes back). A fact of the map alone, asked twice: by loops.c's
 * caller, which on loops maps locks the door the design needs, and by the
 * fiction (stock/stock_locks.c), which lays the key there. Also the map's
 * entrance, the cell every walk of the key counts from. Reads the map. */
#include "dg_int.h"

bool dg__map_entrance(const dg_dungeon *d, dg_point *at)
{
    for (size_t i = 0; i < d->n_stairs; i++)
        if (!d->stairs[i].down) {
            *at = (dg_point){d->stairs[i].x, d->stairs[i].y};
            return true;
        }
    if (d->n_exits) {
        *at = (dg_point){d->exits[0].x, d->exits[0].y};
        return true;
    }
    if (d->n_rooms) {
        const dg_room *r = &d->rooms[0];
        for (int y = r->y; y < r->y + r->height; y++)
            for (int x = r->x; x < r->x + r->width; x++)
                if ((dg_cell(d, x, y) & DG_ROOM) && dg__room_id(dg_cell(d, x, y)) == 1) {
                    *at = (dg_point){x, y};
                    return true;
                }
    }
    return false;
}

/* Steps from `from` to every open cell (-1 unreached) with the cells
 * shut[] closed; parent[] (may be NULL) the cell each was reached from. */
static void walk(const dg_dungeon *d, int32_t from, const unsigned char *shut, int32_t *dist, int32_t *parent,
                 int32_t *queue)
{
    size_t cells = (size_t)d->width * (size_t)d->height;
    for (size_t k = 0; k < cells; k++) dist[k] = -1;
    size_t head = 0, tail = 0;
    queue[tail++] = from;
    dist[from] = 0;
    if (parent) parent[from] = -1;
    const int w = d->width, h = d->height;
    while (head < tail) {
        int32_t at = queue[head++];
        int x = at % w, y = at / w;
        /* the four neighbours on the map, as cell indices */
        int32_t nb[4] = {x > 0 ? at - 1 : -1, x < w - 1 ? at + 1 : -1, y > 0 ? at - w : -1, y < h - 1 ? at + w : -1};
        for (int k = 0; k < 4; k++) {
            int32_t n = nb[k];
            if (n < 0 || dist[n] >= 0 || shut[n] || !(d->cells[n] & DG_OPENSPACE)) continue;
            dist[n] = dist[at] + 1;
            if (parent) parent[n] = at;
            queue[tail++] = n;
        }
    }
}

/* Whether a walk from `from` with the cells shut[] closed reaches room
 * goal: walk()'s search, stopped at goal's first cell (the answer the
 * whole walk and room_steps would give, for a fraction of the cells). */
static bool reaches(const dg_dungeon *d, int32_t from, const unsigned char *shut, int goal, int32_t *seen,
                    int32_t *queue)
{
    size_t cells = (size_t)d->width * (size_t)d->height;
    for (size_t k = 0; k < cells; k++) seen[k] = -1;
    size_t head = 0, tail = 0;
    queue[tail++] = from;
    seen[from] = 0;
    const int w = d->width, h = d->height;
    while (head < tail) {
        int32_t at = queue[head++];
        if (dg__room_id(d->cells[at]) == goal && (d->cells[at] & DG_OPENSPACE)) return true;
        int x = at % w, y = at / w;
        int32_t nb[4] = {x > 0 ? at - 1 : -1, x < w - 1 ? at + 1 : -1, y > 0 ? at - w : -1, y < h - 1 ? at + w : -1};
        for (int k = 0; k < 4; k++) {
            int32_t n = nb[k];
            if (n < 0 || seen[n] >= 0 || shut[n] || !(d->cells[n] & DG_OPENSPACE)) continue;
            seen[n] = 0;
            queue[tail++] = n;
        }
    }
    return false;
}

/* Each room's (and chamber's) steps: its nearest cell's; -1 unreached. */
static void room_steps(const dg_dungeon *d, const int32_t *dist, int32_t *steps)
{
    for (size_t i = 0; i <= d->n_rooms; i++) steps[i] = -1;
    size_t cells = (size_t)d->width * (size_t)d->height;
    for (size_t k = 0; k < cells; k++) {
        int id = dg__room_id(d->cells[k]);
        if (!id || !(d->cells[k] & DG_OPENSPACE) || dist[k] < 0) continue;
        if (steps[id] < 0 || dist[k] < steps[id]) steps[id] = dist[k];
    }
}

/* Ways out of each room: its doors, and for a chamber the passages it
 * opens on; a room with one is a dead end. */
static void room_ways(const dg_dungeon *d, int *ways)
{
    for (size_t i = 0; i <= d->n_rooms; i++) ways[i] = 0;
    for (size_t k = 0; k < d->n_doors; k++) {
        if (d->doors[k].room > 0) ways[d->doors[k].room]++;
        if (d->doors[k].other > 0) ways[d->doors[k].other]++;
    }
    for (size_t p = 0; p < d->n_passages; p++)
        for (size_t j = 0; j < d->passages[p].n_rooms; j++) ways[d->passages[p].rooms[j]]++;
}

/* Opens, one after another, the locked doors of shut[] (but `door`) whose
 * key's room the walk from `from` reaches, walking again after each round;
 * keys[i] is door i's key room. Leaves dist[] the last walk's. */
static void open_with_keys(const dg_dungeon *d, int32_t from, unsigned char *shut, const int *keys, size_t door,
                           int32_t *dist, int32_t *steps, int32_t *queue)
{
    for (bool opened = true; opened;) {
        opened = false;
        walk(d, from, shut, dist, NULL, queue);
        room_steps(d, dist, steps);
        for (size_t k = 0; k < d->n_doors; k++) {
            size_t at = (size_t)d->doors[k].y * (size_t)d->width + (size_t)d->doors[k].x;
            if (k == door || !shut[at] || keys[k] <= 0 || (size_t)keys[k] > d->n_rooms || steps[keys[k]] < 0) continue;
            shut[at] = 0;
            opened = true;
        }
    }
}

dg_status dg__lock_cycle_find(const dg_dungeon *d, int goal, const int *keys, dg__lock_cycle *out, dg_error *err)
{
    bool locked_only = keys != NULL;
    *out = (dg__lock_cycle){-1, 0, 0, 0, 0};
    dg_point in;
    if (!d->n_doors || !d->n_rooms || !dg__map_entrance(d, &in)) return DG_OK;
    bool any = !locked_only;
    for (size_t k = 0; k < d->n_doors && !any; k++) any = d->doors[k].type == DG_DOOR_LOCKED;
    if (!any) return DG_OK; /* nothing to re-key: no walk */
    size_t cells = (size_t)d->width * (size_t)d->height;
    int32_t *dist = dg__malloc(cells * sizeof *dist), *parent = dg__malloc(cells * sizeof *parent);
    int32_t *queue = dg__malloc(cells * sizeof *queue), *shut_dist = dg__malloc(cells * sizeof *shut_dist);
    int32_t *back_dist = dg__malloc(cells * sizeof *back_dist);
    int32_t *back_steps = dg__malloc((d->n_rooms + 1) * sizeof *back_steps);
    int32_t *steps = dg__malloc((d->n_rooms + 1) * sizeof *steps);
    int32_t *shut_steps = dg__malloc((d->n_rooms + 1) * sizeof *shut_steps);
    int *ways = dg__malloc((d->n_rooms + 1) * sizeof *ways);
    unsigned char *shut = dg__calloc(cells, 1), *alone = dg__calloc(cells, 1);
    dg_status rc = DG_OK;
    if (!alone || !back_dist || !back_steps || !dist || !parent || !queue || !shut_dist || !steps || !shut_steps || !ways || !shut) {
        rc = dg__nomem(err, "finding the lock-and-key cycle");
        goto done;
    }
    int32_t from = (int32_t)(in.y * d->width + in.x);
    walk(d, from, shut, dist, parent, queue);
    room_steps(d, dist, steps);
    if (goal <= 0) /* the room farthest on foot, the first of equals: the lair */
        for (size_t i = 1; i <= d->n_rooms; i++)
            if (steps[i] >= 0 && (goal <= 0 || steps[i] > steps[goal])) goal = (int)i;
    if (goal <= 0 || (size_t)goal > d->n_rooms || steps[goal] < 0) goto done;
    room_ways(d, ways);
    /* a door that cuts the goal off lies on every way to it, so on the
     * shortest: walked back from the goal's nearest cell, nearest the goal
     * first (the lock stands by the goal) */
    int32_t at = -1;
    for (size_t k = 0; k < cells && at < 0; k++)
        if (dg__room_id(d->cells[k]) == goal && (d->cells[k] & DG_OPENSPACE) && dist[k] == steps[goal]) at = (int32_t)k;
    /* the other locks: open (the map alone knows no keys: a lock is
     * picked), or, given the keys, shut where they have one, each opening
     * once its key's room is reached */
    for (size_t k = 0; keys && k < d->n_doors; k++)
        if (d->doors[k].type == DG_DOOR_LOCKED && keys[k] > 0)
            shut[(size_t)d->doors[k].y * (size_t)d->width + (size_t)d->doors[k].x] = 1;
    for (; at >= 0 && out->door < 0; at = parent[at]) {
        if (!(d->cells[at] & DG_DOORSPACE)) continue;
        alone[at] = 1;
        size_t i = 0;
        while (i < d->n_doors && (size_t)d->doors[i].y * (size_t)d->width + (size_t)d->doors[i].x != (size_t)at) i++;
        if (i == d->n_doors) continue;
        const dg_door *o = &d->doors[i];
        if (locked_only ? o->type != DG_DOOR_LOCKED : o->type == DG_DOOR_SECRET) {
            alone[at] = 0;
            continue;
        }
        /* the door alone shut must cut the goal off (a way round it is no
         * lock); then the key is sought with every lock shut besides */
        bool round_it = reaches(d, from, alone, goal, shut_dist, queue);
        alone[at] = 0;
        if (round_it) continue;
        /* the door's near side: the cell the walk came to it from */
        int32_t near = parent[at];
        memcpy(alone, shut, cells); /* alone: free again, now the locks' working copy */
        alone[at] = 1;
        if (keys) open_with_keys(d, from, alone, keys, i, shut_dist, shut_steps, queue);
        walk(d, from, alone, shut_dist, NULL, queue);
        room_steps(d, shut_dist, shut_steps);
        walk(d, near, alone, back_dist, NULL, queue);
        room_steps(d, back_dist, back_steps);
        memset(alone, 0, cells);
        int key = 0;
        long best = 0;
        for (size_t k = 1; k <= d->n_rooms; k++) {
            if (shut_steps[k] < 0 || back_steps[k] < 0) continue;
            if ((int)k == o->room || (int)k == o->other || (int)k == goal || ways[k] < 2) continue;
            /* the walk round: to the key, then back to the door's near side */
            long round = (long)shut_steps[k] + back_steps[k] + 1;
            if (2 * round < 3 * (long)dist[at]) continue; /* no detour: the key lies on the short way */
            if (!key || round > best) {
                key = (int)k;
                best = round;
            }
        }
        if (key) *out = (dg__lock_cycle){(int)i, key, goal, dist[at], (int)best};
    }
done:
    dg__free(dist);
    dg__free(parent);
    dg__free(queue);
    dg__free(shut_dist);
    dg__free(steps);
    dg__free(shut_steps);
    dg__free(ways);
    dg__free(shut);
    dg__free(alone);
    dg__free(back_dist);
    dg__free(back_steps);
    return rc;
}

/* Whether every open cell of d is reached from `from` (d one region). */
static bool whole(const dg_dungeon *d, int32_t from, const unsigned char *shut, int32_t *dist, int32_t *queue)
{
    walk(d, from, shut, dist, NULL, queue);
    size_t cells = (size_t)d->width * (size_t)d->height;
    for (size_t k = 0; k < cells; k++)
        if (dg_cell_open(d->cells[k]) && !shut[k] && dist[k] < 0) return false;
    return true;
}

/* The lair (the room farthest on foot) keeps one way in: the door the
 * walk reaches first; each other door of it is walled up where the map
 * stays one region without it (a corridor that only led there would be
 * cut off: that door stays). A lair with one door is what a lock can bar,
 * and what loops, dug without knowing the lair, may have undone. Rooms
 * only: a cave chamber's openings are its rock's. */
static dg_status one_way_in(dg_dungeon *d, dg_error *err)
{
    dg_point in;
    if (!d->n_doors || !d->n_rooms || !dg__map_entrance(d, &in)) return DG_OK;
    size_t cells = (size_t)d->width * (size_t)d->height;
    int32_t *dist = dg__malloc(cells * sizeof *dist), *queue = dg__malloc(cells * sizeof *queue);
    int32_t *steps = dg__malloc((d->n_rooms + 1) * sizeof *steps);
    unsigned char *shut = dg__calloc(cells, 1);
    dg_status rc = DG_OK;
    if (!dist || !queue || !steps || !shut) {
        rc = dg__nomem(err, "walling up the lair");
        goto done;
    }
    int32_t from = (int32_t)(in.y * d->width + in.x);
    walk(d, from, shut, dist, NULL, queue);
    room_steps(d, dist, steps);
    int lair = 0;
    for (size_t i = 1; i <= d->n_rooms; i++)
        if (steps[i] >= 0 && (lair <= 0 || steps[i] > steps[lair])) lair = (int)i;
    if (!lair || d->rooms[lair - 1].kind != DG_ROOM_KIND_ROOM) goto done;
    size_t first = d->n_doors;
    for (size_t k = 0; k < d->n_doors; k++) {
        const dg_door *o = &d->doors[k];
        if (o->room != lair && o->other != lair) continue;
        int32_t at = (int32_t)((size_t)o->y * (size_t)d->width + (size_t)o->x);
        if (dist[at] >= 0 && (first == d->n_doors ||
                              dist[at] < dist[(size_t)d->doors[first].y * (size_t)d->width + (size_t)d->doors[first].x]))
            first = k;
    }
    size_t kept = 0;
    for (size_t k = 0; k < d->n_doors; k++) {
        const dg_door *o = &d->doors[k];
        size_t at = (size_t)o->y * (size_t)d->width + (size_t)o->x;
        /* never one of two doors back to back: the other would open on wall */
        bool pair = false;
        for (int q = 0; q < 4; q++)
            pair |= (dg_cell(d, o->x + dg_dir_dx((dg_dir)q), o->y + dg_dir_dy((dg_dir)q)) & DG_DOORSPACE) != 0;
        if (k != first && !pair && (o->room == lair || o->other == lair)) {
            shut[at] = 1;
            if (whole(d, from, shut, dist, queue)) {
                d->cells[at] = DG_PERIMETER; /* walled up */
                shut[at] = 0;
                continue;
            }
            shut[at] = 0;
        }
        d->doors[kept++] = d->doors[k];
    }
    d->n_doors = kept;
done:
    dg__free(dist);
    dg__free(queue);
    dg__free(steps);
    dg__free(shut);
    return rc;
}

dg_status dg__lock_for_cycle(dg_dungeon *d, dg_error *err)
{
    dg__lock_cycle c;
    dg_status rc = one_way_in(d, err);
    if (rc == DG_OK) rc = dg__lock_cycle_find(d, 0, NULL, &c, err);
    if (rc != DG_OK || c.door < 0) return rc;
    dg_door *o = &d->doors[c.door];
    o->type = DG_DOOR_LOCKED;
    d->cells[(size_t)o->y * (size_t)d->width + (size_t)o->x] = DG_CORRIDOR | DG_LOCKED;
    return DG_OK;
}
