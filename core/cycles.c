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

/* Buffers every walk of a search shares, allocated once. */
typedef struct {
    int32_t *dist, *parent, *queue, *seen, *back;
    int32_t *steps, *shut_steps, *back_steps;
    int *ways;
    unsigned char *shut, *alone;
    /* near(): a stamp per cell, so nothing is cleared between searches */
    uint32_t *mark, now;
    /* per cell, its open neighbours: bit 0 west, 1 east, 2 north, 3 south
     * (the walk's order); read instead of the map's bounds and words */
    unsigned char *sides;
    int32_t step[4];
} cyc_work;

static void work_free(cyc_work *w)
{
    dg__free(w->dist);
    dg__free(w->parent);
    dg__free(w->queue);
    dg__free(w->seen);
    dg__free(w->back);
    dg__free(w->steps);
    dg__free(w->shut_steps);
    dg__free(w->back_steps);
    dg__free(w->ways);
    dg__free(w->shut);
    dg__free(w->alone);
    dg__free(w->mark);
    dg__free(w->sides);
}

static bool work_new(const dg_dungeon *d, cyc_work *w)
{
    size_t cells = (size_t)d->width * (size_t)d->height, rooms = d->n_rooms + 1;
    *w = (cyc_work){0};
    w->dist = dg__malloc(cells * sizeof *w->dist);
    w->parent = dg__malloc(cells * sizeof *w->parent);
    w->queue = dg__malloc(cells * sizeof *w->queue);
    w->seen = dg__malloc(cells * sizeof *w->seen);
    w->back = dg__malloc(cells * sizeof *w->back);
    w->steps = dg__malloc(rooms * sizeof *w->steps);
    w->shut_steps = dg__malloc(rooms * sizeof *w->shut_steps);
    w->back_steps = dg__malloc(rooms * sizeof *w->back_steps);
    w->ways = dg__malloc(rooms * sizeof *w->ways);
    w->shut = dg__calloc(cells, 1);
    w->alone = dg__calloc(cells, 1);
    w->mark = dg__calloc(cells, sizeof *w->mark);
    w->sides = dg__malloc(cells);
    if (w->sides && w->mark && w->dist && w->parent && w->queue && w->seen && w->back && w->steps && w->shut_steps && w->back_steps &&
        w->ways && w->shut && w->alone)
        return true;
    work_free(w);
    return false;
}

/* w->sides of cell k, from the map as it stands. */
static unsigned char sides_of(const dg_dungeon *d, size_t k)
{
    int x = (int)(k % (size_t)d->width), y = (int)(k / (size_t)d->width);
    return (unsigned char)((x > 0 && (d->cells[k - 1] & DG_OPENSPACE) ? 1 : 0) |
                           (x < d->width - 1 && (d->cells[k + 1] & DG_OPENSPACE) ? 2 : 0) |
                           (y > 0 && (d->cells[k - (size_t)d->width] & DG_OPENSPACE) ? 4 : 0) |
                           (y < d->height - 1 && (d->cells[k + (size_t)d->width] & DG_OPENSPACE) ? 8 : 0));
}

static void sides_all(const dg_dungeon *d, cyc_work *w)
{
    size_t cells = (size_t)d->width * (size_t)d->height;
    for (size_t k = 0; k < cells; k++) w->sides[k] = sides_of(d, k);
    w->step[0] = -1;
    w->step[1] = 1;
    w->step[2] = -d->width;
    w->step[3] = d->width;
}

/* Open neighbours of cell at (a door with two is a cell the walk passes
 * straight through). */
static int open_sides(const dg_dungeon *d, int32_t at)
{
    int x = at % d->width, y = at / d->width, n = 0;
    for (int q = 0; q < 4; q++) n += dg_cell_open(dg_cell(d, x + dg_dir_dx((dg_dir)q), y + dg_dir_dy((dg_dir)q))) != 0;
    return n;
}

/* Steps from `from` to every open cell (-1 unreached) with the cells
 * shut[] closed; parent[] (may be NULL) the cell each was reached from;
 * steps[] (may be NULL) each room's (and chamber's) steps, its nearest
 * cell's, -1 unreached: the walk meets a room's nearest cell first.
 * Returns the cells reached; queue[] holds them in the order met. */
static size_t walk(const dg_dungeon *d, const cyc_work *w, int32_t from, const unsigned char *shut, int32_t *dist,
                   int32_t *parent, int32_t *queue, int32_t *steps)
{
    size_t cells = (size_t)d->width * (size_t)d->height;
    memset(dist, 0xff, cells * sizeof *dist); /* every cell -1 */
    if (steps)
        for (size_t i = 0; i <= d->n_rooms; i++) steps[i] = -1;
    size_t head = 0, tail = 0;
    queue[tail++] = from;
    dist[from] = 0;
    if (parent) parent[from] = -1;
    const uint32_t *cell = d->cells;
    while (head < tail) {
        int32_t at = queue[head++];
        if (steps) {
            int id = dg__room_id(cell[at]);
            if (id && (size_t)id <= d->n_rooms && (cell[at] & DG_OPENSPACE) && steps[id] < 0) steps[id] = dist[at];
        }
        unsigned m = w->sides[at];
        for (int k = 0; m; k++, m >>= 1) {
            if (!(m & 1)) continue;
            int32_t n = at + w->step[k];
            if (dist[n] >= 0 || shut[n]) continue;
            dist[n] = dist[at] + 1;
            if (parent) parent[n] = at;
            queue[tail++] = n;
        }
    }
    return tail;
}

/* Whether a walk from `from` with the cells shut[] closed reaches room
 * goal: walk()'s search, stopped at goal's first cell (the answer the
 * whole walk would give, for a fraction of the cells). */
static bool reaches(const dg_dungeon *d, const cyc_work *w, int32_t from, const unsigned char *shut, int goal,
                    int32_t *seen, int32_t *queue)
{
    size_t cells = (size_t)d->width * (size_t)d->height;
    memset(seen, 0xff, cells * sizeof *seen);
    size_t head = 0, tail = 0;
    queue[tail++] = from;
    seen[from] = 0;
    while (head < tail) {
        int32_t at = queue[head++];
        if (dg__room_id(d->cells[at]) == goal && (d->cells[at] & DG_OPENSPACE)) return true;
        unsigned m = w->sides[at];
        for (int k = 0; m; k++, m >>= 1) {
            if (!(m & 1)) continue;
            int32_t n = at + w->step[k];
            if (seen[n] >= 0 || shut[n]) continue;
            seen[n] = 0;
            queue[tail++] = n;
        }
    }
    return false;
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
static void open_with_keys(const dg_dungeon *d, const cyc_work *w, int32_t from, unsigned char *shut, const int *keys, size_t door,
                           int32_t *dist, int32_t *steps, int32_t *queue)
{
    for (bool opened = true; opened;) {
        opened = false;
        walk(d, w, from, shut, dist, NULL, queue, steps);
        for (size_t k = 0; k < d->n_doors; k++) {
            size_t at = (size_t)d->doors[k].y * (size_t)d->width + (size_t)d->doors[k].x;
            if (k == door || !shut[at] || keys[k] <= 0 || (size_t)keys[k] > d->n_rooms || steps[keys[k]] < 0) continue;
            shut[at] = 0;
            opened = true;
        }
    }
}


/* Whether open cell `start` still meets the entrance with cell `gone`
 * shut, w->dist being the walk from the entrance with nothing shut: a
 * cell nearer than `gone` is met on a walk that never crossed it, and the
 * entrance itself is such a cell, so the search stops at the first one.
 * Where `gone` cuts start off, the search sees only the cut-off part (the
 * lair's end of the map, small); else it stops once round `gone`. */
static bool meets_entrance(const dg_dungeon *d, cyc_work *w, int32_t gone, int32_t start)
{
    if (++w->now == 0) {
        memset(w->mark, 0, (size_t)d->width * (size_t)d->height * sizeof *w->mark);
        w->now = 1;
    }
    int32_t bar = w->dist[gone], *queue = w->queue;
    size_t head = 0, tail = 0;
    queue[tail++] = start;
    w->mark[start] = w->now;
    w->mark[gone] = w->now;
    while (head < tail) {
        int32_t at = queue[head++];
        if (w->dist[at] >= 0 && w->dist[at] < bar) return true;
        unsigned m = w->sides[at];
        for (int k = 0; m; k++, m >>= 1) {
            if (!(m & 1)) continue;
            int32_t n = at + w->step[k];
            if (w->mark[n] == w->now) continue;
            w->mark[n] = w->now;
            queue[tail++] = n;
        }
    }
    return false;
}

/* dg__lock_cycle_find over w's buffers; `walked`: w->dist, parent and
 * steps already hold the walk from the entrance with nothing shut. */
static void find_cycle(const dg_dungeon *d, int goal, const int *keys, cyc_work *w, bool walked,
                       dg__lock_cycle *out)
{
    bool locked_only = keys != NULL;
    *out = (dg__lock_cycle){-1, 0, 0, 0, 0};
    dg_point in;
    if (!d->n_doors || !d->n_rooms || !dg__map_entrance(d, &in)) return;
    bool any = !locked_only;
    for (size_t k = 0; k < d->n_doors && !any; k++) any = d->doors[k].type == DG_DOOR_LOCKED;
    if (!any) return; /* nothing to re-key: no walk */
    size_t cells = (size_t)d->width * (size_t)d->height;
    int32_t *dist = w->dist, *parent = w->parent, *queue = w->queue, *steps = w->steps;
    unsigned char *shut = w->shut, *alone = w->alone;
    int32_t from = (int32_t)(in.y * d->width + in.x);
    if (!walked) walk(d, w, from, shut, dist, parent, queue, steps);
    if (goal <= 0) /* the room farthest on foot, the first of equals: the lair */
        for (size_t i = 1; i <= d->n_rooms; i++)
            if (steps[i] >= 0 && (goal <= 0 || steps[i] > steps[goal])) goal = (int)i;
    if (goal <= 0 || (size_t)goal > d->n_rooms || steps[goal] < 0) return;
    room_ways(d, w->ways);
    /* a door that cuts the goal off lies on every way to it, so on the
     * shortest: walked back from the goal's nearest cell, nearest the goal
     * first (the lock stands by the goal) */
    int32_t at = -1;
    for (size_t k = 0; k < cells && at < 0; k++)
        if (dg__room_id(d->cells[k]) == goal && (d->cells[k] & DG_OPENSPACE) && dist[k] == steps[goal]) at = (int32_t)k;
    /* the other locks: open (the map alone knows no keys: a lock is
     * picked), or, given the keys, shut where they have one, each opening
     * once its key's room is reached */
    size_t keyed = 0, a_keyed = d->n_doors;
    for (size_t k = 0; keys && k < d->n_doors; k++)
        if (d->doors[k].type == DG_DOOR_LOCKED && keys[k] > 0) {
            shut[(size_t)d->doors[k].y * (size_t)d->width + (size_t)d->doors[k].x] = 1;
            keyed++;
            a_keyed = k;
        }
    bool stale = false; /* alone[] holds a door cell of no door besides the one tried */
    for (int32_t child = -1; at >= 0 && out->door < 0; child = at, at = parent[at]) {
        if (!(d->cells[at] & DG_DOORSPACE)) continue;
        alone[at] = 1;
        size_t i = 0;
        while (i < d->n_doors && (size_t)d->doors[i].y * (size_t)d->width + (size_t)d->doors[i].x != (size_t)at) i++;
        if (i == d->n_doors) {
            stale = true;
            continue;
        }
        const dg_door *o = &d->doors[i];
        if (locked_only ? o->type != DG_DOOR_LOCKED : o->type == DG_DOOR_SECRET) {
            alone[at] = 0;
            continue;
        }
        /* the door alone shut must cut the goal off (a way round it is no
         * lock); then the key is sought with every lock shut besides */
        bool round_it = stale ? reaches(d, w, from, alone, goal, w->seen, queue) : meets_entrance(d, w, at, child);
        alone[at] = 0;
        if (round_it) continue;
        /* the door's near side: the cell the walk came to it from */
        int32_t near = parent[at];
        int32_t *shut_steps = w->shut_steps, *back_steps = w->back_steps;
        if (!stale && open_sides(d, at) == 2 && (keyed == 0 || (keyed == 1 && a_keyed == i))) {
            /* nothing else shut, and the door a cell the walk only passes
             * through: no shortest walk to a cell on the near side crosses
             * it (it would come back through it), so the walk with it shut
             * is the first walk on the cells the walk back from the near
             * side meets */
            alone[at] = 1;
            size_t met = walk(d, w, near, alone, w->back, NULL, queue, back_steps);
            alone[at] = 0;
            for (size_t r = 0; r <= d->n_rooms; r++) shut_steps[r] = -1;
            for (size_t q = 0; q < met; q++) {
                int32_t c = queue[q];
                int id = dg__room_id(d->cells[c]);
                if (id && (size_t)id <= d->n_rooms && (d->cells[c] & DG_OPENSPACE) &&
                    (shut_steps[id] < 0 || dist[c] < shut_steps[id]))
                    shut_steps[id] = dist[c];
            }
        } else {
            memcpy(alone, shut, cells); /* alone: free again, now the locks' working copy */
            alone[at] = 1;
            if (keys) open_with_keys(d, w, from, alone, keys, i, w->seen, shut_steps, queue);
            walk(d, w, from, alone, w->seen, NULL, queue, shut_steps);
            walk(d, w, near, alone, w->back, NULL, queue, back_steps);
            memset(alone, 0, cells);
            stale = false;
        }
        int key = 0;
        long best = 0;
        for (size_t k = 1; k <= d->n_rooms; k++) {
            if (shut_steps[k] < 0 || back_steps[k] < 0) continue;
            if ((int)k == o->room || (int)k == o->other || (int)k == goal || w->ways[k] < 2) continue;
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
}

dg_status dg__lock_cycle_find(const dg_dungeon *d, int goal, const int *keys, dg__lock_cycle *out, dg_error *err)
{
    *out = (dg__lock_cycle){-1, 0, 0, 0, 0};
    cyc_work w;
    if (!work_new(d, &w)) return dg__nomem(err, "finding the lock-and-key cycle");
    sides_all(d, &w);
    find_cycle(d, goal, keys, &w, false, out);
    work_free(&w);
    return DG_OK;
}

/* The lair (the room farthest on foot) keeps one way in: the door the
 * walk reaches first; each other door of it is walled up where the map
 * stays one region without it (a corridor that only led there would be
 * cut off: that door stays). A lair with one door is what a lock can bar,
 * and what loops, dug without knowing the lair, may have undone. Rooms
 * only: a cave chamber's openings are its rock's. *walked: w's dist,
 * parent and steps still hold the walk from the entrance of the map as
 * it is left. */
static void one_way_in(dg_dungeon *d, cyc_work *w, bool *walked)
{
    dg_point in;
    *walked = false;
    if (!d->n_doors || !d->n_rooms || !dg__map_entrance(d, &in)) return;
    size_t cells = (size_t)d->width * (size_t)d->height;
    int32_t *dist = w->dist, *queue = w->queue, *steps = w->steps;
    unsigned char *shut = w->shut;
    int32_t from = (int32_t)(in.y * d->width + in.x);
    size_t reached = walk(d, w, from, shut, dist, w->parent, queue, steps) - !dg_cell_open(d->cells[from]);
    *walked = true;
    int lair = 0;
    for (size_t i = 1; i <= d->n_rooms; i++)
        if (steps[i] >= 0 && (lair <= 0 || steps[i] > steps[lair])) lair = (int)i;
    if (!lair || d->rooms[lair - 1].kind != DG_ROOM_KIND_ROOM) return;
    size_t first = d->n_doors;
    for (size_t k = 0; k < d->n_doors; k++) {
        const dg_door *o = &d->doors[k];
        if (o->room != lair && o->other != lair) continue;
        int32_t at = (int32_t)((size_t)o->y * (size_t)d->width + (size_t)o->x);
        if (dist[at] >= 0 && (first == d->n_doors ||
                              dist[at] < dist[(size_t)d->doors[first].y * (size_t)d->width + (size_t)d->doors[first].x]))
            first = k;
    }
    size_t all = 0, kept = 0; /* open cells, counted when first needed */
    for (size_t k = 0; k < d->n_doors; k++) {
        const dg_door *o = &d->doors[k];
        size_t at = (size_t)o->y * (size_t)d->width + (size_t)o->x;
        /* never one of two doors back to back: the other would open on wall */
        bool pair = false;
        for (int q = 0; q < 4; q++)
            pair |= (dg_cell(d, o->x + dg_dir_dx((dg_dir)q), o->y + dg_dir_dy((dg_dir)q)) & DG_DOORSPACE) != 0;
        if (k != first && !pair && (o->room == lair || o->other == lair)) {
            if (!all)
                for (size_t c = 0; c < cells; c++) all += dg_cell_open(d->cells[c]);
            if (!*walked) { /* a door walled up: the walk anew */
                reached = walk(d, w, from, shut, dist, w->parent, queue, steps) - !dg_cell_open(d->cells[from]);
                *walked = true;
            }
            /* the map stays one region without the door when it is one
             * region now and every open side of the door meets the
             * entrance without it */
            bool whole = reached == all;
            unsigned m = w->sides[at];
            for (int q = 0; whole && m; q++, m >>= 1)
                if (m & 1) whole = meets_entrance(d, w, (int32_t)at, (int32_t)at + w->step[q]);
            if (whole) {
                d->cells[at] = DG_PERIMETER; /* walled up */
                w->sides[at] = sides_of(d, at);
                for (int q = 0; q < 4; q++) {
                    int nx = o->x + dg_dir_dx((dg_dir)q), ny = o->y + dg_dir_dy((dg_dir)q);
                    if (nx >= 0 && ny >= 0 && nx < d->width && ny < d->height)
                        w->sides[(size_t)ny * (size_t)d->width + (size_t)nx] =
                            sides_of(d, (size_t)ny * (size_t)d->width + (size_t)nx);
                }
                all--;
                *walked = false;
                continue;
            }
        }
        d->doors[kept++] = d->doors[k];
    }
    d->n_doors = kept;
}

dg_status dg__lock_for_cycle(dg_dungeon *d, dg_error *err)
{
    cyc_work w;
    if (!work_new(d, &w)) return dg__nomem(err, "finding the lock-and-key cycle");
    sides_all(d, &w);
    dg__lock_cycle c;
    bool walked;
    one_way_in(d, &w, &walked);
    find_cycle(d, 0, NULL, &w, walked, &c);
    work_free(&w);
    if (c.door < 0) return DG_OK;
    dg_door *o = &d->doors[c.door];
    o->type = DG_DOOR_LOCKED;
    d->cells[(size_t)o->y * (size_t)d->width + (size_t)o->x] = DG_CORRIDOR | DG_LOCKED;
    return DG_OK;
}
