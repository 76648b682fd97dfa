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
 * entrance, the cell every walk of the key counts from. Reads the map;
 * cycles_lair.c is what changes it (the lair's one way in, the lock);
 * cycles_work.c holds the walks' buffers and each cell's open sides;
 * cycles_ringed.c the walks in the form a stocked map allows. */
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
#include "cycles_int.h"

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
static inline __attribute__((always_inline)) size_t
walk_in(const dg_dungeon *d, const cyc_work *w, int32_t from, const unsigned char *shut, int32_t *dist,
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
    const unsigned char *sides = w->sides;
    const int32_t west = w->step[0], east = w->step[1], north = w->step[2], south = w->step[3];
    size_t n_rooms = d->n_rooms;
    while (head < tail) {
        int32_t at = queue[head++], next = dist[at] + 1;
        if (steps) {
            int id = dg__room_id(cell[at]);
            if (id && (size_t)id <= n_rooms && (cell[at] & DG_OPENSPACE) && steps[id] < 0) steps[id] = dist[at];
        }
        /* the four sides in the walk's order, west, east, north, south */
        unsigned m = sides[at];
#define VISIT(bit, step)                                                              if (m & (bit)) {                                                                  int32_t n = at + (step);                                                      if (dist[n] < 0 && (!shut || !shut[n])) {                                                    dist[n] = next;                                                               if (parent) parent[n] = at;                                                   queue[tail++] = n;                                                        }                                                                         }
        VISIT(1u, west)
        VISIT(2u, east)
        VISIT(4u, north)
        VISIT(8u, south)
#undef VISIT
    }
    return tail;
}

/* walk_in, made apart for the calls a loops map's lock makes most (the
 * walk from the entrance, with parents and rooms' steps; the walks with
 * a door shut, with steps and without), where what is not asked for costs
 * no test a cell (a sixth of the walk's instructions), and once for any
 * shut[], parent[] and steps[] */
size_t dg__cyc_walk(const dg_dungeon *d, const cyc_work *w, int32_t from, const unsigned char *shut, int32_t *dist,
                    int32_t *parent, int32_t *queue, int32_t *steps)
{
    if (shut && parent && steps) return walk_in(d, w, from, shut, dist, parent, queue, steps);
    if (shut && !parent && steps) return walk_in(d, w, from, shut, dist, NULL, queue, steps);
    if (shut && !parent && !steps) return walk_in(d, w, from, shut, dist, NULL, queue, NULL);
    return walk_in(d, w, from, shut, dist, parent, queue, steps);
}

/* walk_in from the entrance with nothing shut (shut NULL), made apart: a
 * stocked map's one walk every time, for the fiction's distances (a tenth
 * of a stocked 45x23 map's time with the checks the others need). parent
 * and steps are never NULL here: said so, gcc drops walk_in's tests of
 * them from every cell (it kept them, not knowing) */
static size_t walk_open(const dg_dungeon *d, const cyc_work *w, int32_t from, int32_t *dist, int32_t *parent,
                        int32_t *queue, int32_t *steps)
{
    if (!parent || !steps) __builtin_unreachable();
    return walk_in(d, w, from, NULL, dist, parent, queue, steps);
}

/* Whether a walk from `from` with the cells shut[] closed reaches room
 * goal: dg__cyc_walk()'s search, stopped at goal's first cell (the answer the
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

/* Opens the locked doors of shut[] (but `door`) whose key's room a walk
 * from `from` reaches, each as soon as its key's room is: one flood, whose
 * reach only grows, so it opens exactly what walking again after each
 * round of opening would (the least set closed under "its key's room is
 * reached"), for one walk's cost, not one a round (at 501x501, four walks
 * of seven). keys[i] is door i's key room; seen[] is scratch. goal_doors:
 * the goal's doors are the lock with `door` (dg__cyc_lair_doors), shut.
 * The flood is a walk (first in, first out; west, east, north, south) and
 * counts its steps: true when no door opened after the flood had met it
 * shut, for then it met every cell as dg__cyc_walk from `from` with what
 * it left shut would, in the same order (a door shut when met stayed shut;
 * one opened before it was met is met as an open cell), and seen[] and
 * steps[] are that walk's dist and rooms' steps: the lock search's walk
 * with the other locks shut, not walked again. */
static bool open_with_keys(const dg_dungeon *d, cyc_work *w, int32_t from, unsigned char *shut, const int *keys,
                           size_t door, bool goal_doors, int32_t *seen, int32_t *queue, int32_t *steps)
{
    enum { UNSEEN = -1, WAITING = -2 }; /* WAITING: a shut cell beside a met one; met: its steps */
    size_t cells = (size_t)d->width * (size_t)d->height;
    int *head = w->key_head, *next = w->key_next;
    bool walk = true;
    for (size_t r = 0; r <= d->n_rooms; r++) head[r] = steps[r] = -1;
    for (size_t k = d->n_doors; k-- > 0;) {
        size_t at = (size_t)d->doors[k].y * (size_t)d->width + (size_t)d->doors[k].x;
        if (k == door || !shut[at] || keys[k] <= 0 || (size_t)keys[k] > d->n_rooms) continue;
        if (goal_doors && dg__cyc_goal_door(d, k, w->goal)) continue; /* the lock's own: its key is sought */
        next[k] = head[keys[k]];
        head[keys[k]] = (int)k;
    }
    bool ringed_walk;
    if (dg__cyc_ringed_keys(d, w, from, shut, queue, steps, &ringed_walk)) return ringed_walk;
    memset(seen, 0xff, cells * sizeof *seen);
    size_t qhead = 0, tail = 0;
    queue[tail++] = from;
    seen[from] = 0;
    const uint32_t *cell = d->cells;
    /* w's sides and steps in locals: gcc read w->step again after every
     * store to seen[] or queue[] (int32_t, as the steps are) */
    const unsigned char *sides = w->sides;
    const int32_t west = w->step[0], east = w->step[1], north = w->step[2], south = w->step[3];
    while (qhead < tail) {
        int32_t at = queue[qhead++], here = seen[at];
        int id = dg__room_id(cell[at]);
        if (id && (size_t)id <= d->n_rooms && (cell[at] & DG_OPENSPACE)) {
            if (steps[id] < 0) steps[id] = here;
            /* the room's keys open their doors: one already beside the
             * flood joins it (no walk's order now), the rest open to it
             * when it comes */
            for (int k = head[id]; k >= 0; k = next[k]) {
                int32_t c = (int32_t)((size_t)d->doors[k].y * (size_t)d->width + (size_t)d->doors[k].x);
                shut[c] = 0;
                if (seen[c] == WAITING) {
                    seen[c] = here + 1;
                    queue[tail++] = c;
                    walk = false;
                }
            }
            head[id] = -1;
        }
        unsigned m = sides[at];
#define FLOOD(bit, step)                                                                                               \
    if (m & (bit)) {                                                                                                   \
        int32_t n = at + (step);                                                                                       \
        if (seen[n] == UNSEEN) {                                                                                       \
            if (shut[n])                                                                                               \
                seen[n] = WAITING;                                                                                     \
            else {                                                                                                     \
                seen[n] = here + 1;                                                                                    \
                queue[tail++] = n;                                                                                     \
            }                                                                                                          \
        }                                                                                                              \
    }
        FLOOD(1u, west)
        FLOOD(2u, east)
        FLOOD(4u, north)
        FLOOD(8u, south)
#undef FLOOD
    }
    return walk;
}


/* Whether open cell `start` still meets the entrance with cell `gone`
 * shut, w->dist and w->parent being the walk from the entrance with
 * nothing shut: a cell whose way back misses `gone` is met on a walk that
 * never crossed it, and the entrance itself is such a cell, so the
 * search stops at the first one.
 * Where `gone` cuts start off, the search sees only the cut-off part (the
 * lair's end of the map, small); else it stops once round `gone`. */
bool dg__cyc_meets_entrance(const dg_dungeon *d, cyc_work *w, int32_t gone, int32_t start)
{
    if (++w->now == 0) {
        memset(w->mark, 0, (size_t)d->width * (size_t)d->height * sizeof *w->mark);
        w->now = 1;
    }
    /* w's fields in locals: a store to queue[] or mark[] may be one to
     * w->now or w->step as far as C knows (int32_t and uint32_t alias),
     * so gcc read them again after every cell met */
    const uint32_t now = w->now;
    uint32_t *restrict mark = w->mark;
    int32_t *restrict queue = w->queue;
    const int32_t *dist = w->dist, *parent = w->parent;
    const unsigned char *sides = w->sides;
    const int32_t west = w->step[0], east = w->step[1], north = w->step[2], south = w->step[3];
    int32_t bar = dist[gone];
    size_t head = 0, tail = 0;
    queue[tail++] = start;
    mark[start] = now;
    mark[gone] = now;
    while (head < tail) {
        int32_t at = queue[head++];
        /* a cell whose way back in the walk's tree misses `gone`: one no
         * farther than it (the way back only nears the entrance, and
         * meets gone's distance at most at the cell itself), or one step
         * farther with another parent */
        int32_t da = dist[at];
        if (da >= 0 && (da <= bar || (da == bar + 1 && parent[at] != gone))) return true;
        unsigned m = sides[at];
#define MEET(bit, step)                                                                                                \
    if (m & (bit)) {                                                                                                   \
        int32_t n = at + (step);                                                                                       \
        if (mark[n] != now) {                                                                                          \
            mark[n] = now;                                                                                             \
            queue[tail++] = n;                                                                                         \
        }                                                                                                              \
    }
        MEET(1u, west)
        MEET(2u, east)
        MEET(4u, north)
        MEET(8u, south)
#undef MEET
    }
    return false;
}

/* dg__lock_cycle_plan's: the door cells beside cell at of the way to the
 * goal (child and up: its neighbours on the way), and the doors of the
 * room it is in, when the way meets the room here first; where asked,
 * the plain corridor cells beside it (a branch of the maze leaving). */
static void beside_way(const dg_dungeon *d, cyc_work *w, int32_t at, int32_t child, int32_t up)
{
    int32_t found[4];
    int n = 0;
    for (unsigned m = w->sides[at], q = 0; m; q++, m >>= 1) {
        int32_t c = at + w->step[q];
        if ((m & 1) && c != child && c != up && (d->cells[c] & DG_DOORSPACE)) found[n++] = c;
    }
    for (unsigned m = w->sides[at], q = 0; w->cut && m; q++, m >>= 1) {
        int32_t c = at + w->step[q];
        if (!(m & 1) || c == child || c == up || d->cells[c] != DG_CORRIDOR) continue;
        bool known = false;
        for (int i = 0; i < w->n_cut; i++) known |= w->cut[i] == c;
        if (!known && w->n_cut < w->most_cut) w->cut[w->n_cut++] = c;
    }
    int id = dg__room_id(d->cells[at]);
    bool room = (d->cells[at] & DG_ROOM) && id > 0 && id != w->goal &&
                (up < 0 || dg__room_id(d->cells[up]) != id || !(d->cells[up] & DG_ROOM));
    for (int j = 0; j < n; j++) {
        bool known = false;
        for (int i = 0; i < w->n_beside; i++) known |= w->beside[i] == found[j];
        if (!known && w->n_beside < w->most_beside) w->beside[w->n_beside++] = found[j];
    }
    if (!room) return;
    for (size_t k = 0; k < d->n_doors; k++) {
        if (d->doors[k].room != id && d->doors[k].other != id) continue;
        int32_t c = (int32_t)((size_t)d->doors[k].y * (size_t)d->width + (size_t)d->doors[k].x);
        if (c == child) continue;
        bool known = false;
        for (int i = 0; i < w->n_beside; i++) known |= w->beside[i] == c;
        if (!known && w->n_beside < w->most_beside) w->beside[w->n_beside++] = c;
    }
}

bool dg__cyc_lair_doors(const dg_dungeon *d, int goal)
{
    return d->opts.loops == DG_LOOPS_MANY && goal > 0 && (size_t)goal <= d->n_rooms &&
           d->rooms[goal - 1].kind == DG_ROOM_KIND_ROOM;
}

/* The goal's doors shut (1) or open again (0) in shut[]. */
static void shut_goal_doors(const dg_dungeon *d, int goal, unsigned char *shut, unsigned char v)
{
    for (size_t k = 0; k < d->n_doors; k++)
        if (dg__cyc_goal_door(d, k, goal)) shut[(size_t)d->doors[k].y * (size_t)d->width + (size_t)d->doors[k].x] = v;
}

/* Whether room id lies beyond one of the goal's doors (its key may not:
 * no key lies in its door's room). */
static bool beyond_goal_door(const dg_dungeon *d, int goal, int id)
{
    for (size_t k = 0; k < d->n_doors; k++)
        if (dg__cyc_goal_door(d, k, goal) && (d->doors[k].room == id || d->doors[k].other == id)) return true;
    return false;
}

/* Rooms' steps from the entrance with door cell at shut, and the goal's
 * doors with it (goal > 0), from the walk with nothing shut
 * (cycles_shut.c); false: walk anew. */
static bool shut_walk(const dg_dungeon *d, cyc_work *w, int32_t from, int32_t at, int goal, int32_t *shut_steps)
{
    int32_t cell[16];
    int n = 0;
    cell[n++] = at;
    for (size_t k = 0; goal > 0 && k < d->n_doors; k++) {
        if (!dg__cyc_goal_door(d, k, goal)) continue;
        if (n == 16) return false;
        cell[n++] = (int32_t)((size_t)d->doors[k].y * (size_t)d->width + (size_t)d->doors[k].x);
    }
    return dg__cyc_walk_shut(d, w, from, cell, n, shut_steps);
}

/* dg__lock_cycle_find over w's buffers; `walked`: w->dist, parent and
 * steps already hold the walk from the entrance with nothing shut. */
void dg__cyc_find_cycle(const dg_dungeon *d, int goal, const int *keys, cyc_work *w, bool walked,
                        dg__lock_cycle *out)
{
    bool locked_only = keys != NULL;
    *out = (dg__lock_cycle){-1, 0, 0, 0, 0, false};
    dg_point in;
    if (!d->n_doors || !d->n_rooms || !dg__map_entrance(d, &in)) return;
    bool any = !locked_only;
    for (size_t k = 0; k < d->n_doors && !any; k++) any = d->doors[k].type == DG_DOOR_LOCKED;
    if (!any) return; /* nothing to re-key: no walk */
    size_t cells = (size_t)d->width * (size_t)d->height;
    int32_t *dist = w->dist, *parent = w->parent, *queue = w->queue, *steps = w->steps;
    unsigned char *shut = w->shut, *alone = w->alone;
    int32_t from = (int32_t)(in.y * d->width + in.x);
    /* a walk anew: the ringed walk's where the map allows (w->open is the
     * map's: nothing digs between dg__cyc_sides_all and here, and
     * cycles_lair.c's close_cell keeps it so), the same dist, parent,
     * queue and steps, and with it ringed's walks and cut tests below;
     * the loops=many map's lock was a fifth of its time in these walks */
    if (!walked && !dg__cyc_ringed_entrance(d, w, from)) dg__cyc_walk(d, w, from, shut, dist, parent, queue, steps);
    if (goal <= 0) goal = dg__lair_room(d, steps + 1); /* the lair (lair.c's rule) */
    if (goal <= 0 || (size_t)goal > d->n_rooms || steps[goal] < 0) return;
    room_ways(d, w->ways);
    w->goal = goal;
    w->goal_doors = dg__cyc_lair_doors(d, goal);
    /* a door that cuts the goal off lies on every way to it, so on the
     * shortest: walked back from the goal's nearest cell, nearest the goal
     * first (the lock stands by the goal) */
    int32_t at = -1;
    /* the first such cell in the map's order: a room's cells lie in its
     * box, so its rows are all that is read, not the whole map */
    const dg_room *g = &d->rooms[goal - 1];
    for (int y = g->y; y < g->y + g->height && at < 0; y++)
        for (int x = g->x; x < g->x + g->width && at < 0; x++) {
            size_t k = (size_t)y * (size_t)d->width + (size_t)x;
            if (dg__room_id(d->cells[k]) == goal && (d->cells[k] & DG_OPENSPACE) && dist[k] == steps[goal])
                at = (int32_t)k;
        }
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
        if (w->beside) beside_way(d, w, at, child, parent[at]);
        if (!(d->cells[at] & DG_DOORSPACE)) continue;
        alone[at] = 1;
        size_t i = 0;
        while (i < d->n_doors && (size_t)d->doors[i].y * (size_t)d->width + (size_t)d->doors[i].x != (size_t)at) i++;
        if (i == d->n_doors) {
            stale = true;
            continue;
        }
        const dg_door *o = &d->doors[i];
        if (locked_only ? o->type != DG_DOOR_LOCKED : (o->type == DG_DOOR_SECRET && !w->secret_lock)) {
            alone[at] = 0;
            continue;
        }
        /* the door alone shut must cut the goal off (a way round it is no
         * lock); then the key is sought with every lock shut besides. On
         * loops=many maps one of the goal's doors shuts them all: they
         * are one lock, keyed alike */
        bool set = w->goal_doors && dg__cyc_goal_door(d, i, goal);
        /* given the keys, the lock is the map's: every one of the goal's
         * doors locked (the map layer locked them all), or no set */
        for (size_t k = 0; set && locked_only && k < d->n_doors; k++)
            set = !dg__cyc_goal_door(d, k, goal) || d->doors[k].type == DG_DOOR_LOCKED;
        /* with nothing else shut (no keys, no stale cell) the walk from the
         * entrance the key is sought by says whether they cut the goal off:
         * one walk of the whole map, not two (the map layer's lock) */
        bool by_walk = set && !stale && !keys, round_it = false;
        if (set && !by_walk) shut_goal_doors(d, goal, alone, 1);
        if (!by_walk)
            round_it = stale || set ? reaches(d, w, from, alone, goal, w->seen, queue)
                                    : dg__cyc_meets(d, w, at, child);
        if (set && !by_walk) shut_goal_doors(d, goal, alone, 0);
        alone[at] = 0;
        if (round_it) continue;
        /* the door's near side: the cell the walk came to it from */
        int32_t near = parent[at];
        int32_t *shut_steps = w->shut_steps, *back_steps = w->back_steps;
        if (!stale && !set && open_sides(d, at) == 2 && (keyed == 0 || (keyed == 1 && a_keyed == i))) {
            /* nothing else shut, and the door a cell the walk only passes
             * through: no shortest walk to a cell on the near side crosses
             * it (it would come back through it), so the walk with it shut
             * is the first walk on the cells the walk back from the near
             * side meets */
            alone[at] = 1;
            size_t met = dg__cyc_walk_steps(d, w, near, alone, w->back, queue, back_steps);
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
            if (set) shut_goal_doors(d, goal, alone, 1);
            /* given keys, the flood that opens the locks is most often the
             * walk with what it left shut; no keys: the walk from the
             * entrance with nothing shut is the walk this one differs from
             * only beyond the door */
            bool walked_shut = keys && open_with_keys(d, w, from, alone, keys, i, set, w->seen, queue, shut_steps);
            if (!walked_shut && (keys || keyed || !shut_walk(d, w, from, (int32_t)at, set ? goal : 0, shut_steps)))
                dg__cyc_walk_steps(d, w, from, alone, w->seen, queue, shut_steps);
            round_it = by_walk && shut_steps[goal] >= 0;
            if (!round_it) dg__cyc_walk_steps(d, w, near, alone, w->back, queue, back_steps);
            memset(alone, 0, cells);
            stale = false;
            if (round_it) continue;
        }
        int key = 0;
        long best = 0;
        for (size_t k = 1; k <= d->n_rooms; k++) {
            if (shut_steps[k] < 0 || back_steps[k] < 0) continue;
            if ((int)k == o->room || (int)k == o->other || (int)k == goal) continue;
            if (set && beyond_goal_door(d, goal, (int)k)) continue;
            /* the walk round: to the key, then back to the door's near side */
            long round = (long)shut_steps[k] + back_steps[k] + 1;
            if (2 * round < 3 * (long)dist[at]) continue; /* no detour: the key lies on the short way */
            if (w->ways[k] < 2) {
                /* a dead end far enough round: what a loop from it would
                 * make a key room (cycles_dig.c), farthest round first */
                int n = w->n_dead;
                bool known = false; /* met already round another door */
                for (int j = 0; j < n && w->dead; j++) known |= w->dead[2 * j] == (int)k;
                if (w->dead && !known && (n < w->most_dead || round > (long)w->dead[2 * n - 1])) {
                    if (n == w->most_dead) n--;
                    while (n > 0 && (long)w->dead[2 * n - 1] < round) {
                        w->dead[2 * n] = w->dead[2 * n - 2];
                        w->dead[2 * n + 1] = w->dead[2 * n - 1];
                        n--;
                    }
                    w->dead[2 * n] = (int)k;
                    w->dead[2 * n + 1] = (int)round;
                    if (w->n_dead < w->most_dead) w->n_dead++;
                }
                continue;
            }
            if (!key || round > best) {
                key = (int)k;
                best = round;
            }
        }
        if (key) *out = (dg__lock_cycle){(int)i, key, goal, dist[at], (int)best, set};
    }
}

dg_status dg__lock_cycle_find(const dg_dungeon *d, int goal, const int *keys, dg__lock_cycle *out, dg_error *err)
{
    *out = (dg__lock_cycle){-1, 0, 0, 0, 0, false};
    cyc_work w;
    if (!dg__cyc_work_new(d, &w)) return dg__nomem(err, "finding the lock-and-key cycle");
    dg__cyc_sides_all(d, &w);
    dg__cyc_find_cycle(d, goal, keys, &w, false, out);
    dg__cyc_work_free(&w);
    return DG_OK;
}

dg_status dg__entrance_walk_new(const dg_dungeon *d, dg__entrance_walk **out, dg_error *err)
{
    *out = NULL;
    cyc_work *w = dg__malloc(sizeof *w);
    if (!w || !dg__cyc_work_new(d, w)) {
        dg__free(w);
        return dg__nomem(err, "walking the map from its entrance");
    }
    dg__cyc_sides_all(d, w);
    w->entered = dg__map_entrance(d, &w->in);
    int32_t from = (int32_t)(w->in.y * d->width + w->in.x);
    if (w->entered && !dg__cyc_ringed_entrance(d, w, from))
        walk_open(d, w, from, w->dist, w->parent, w->queue, w->steps);
    *out = w;
    return DG_OK;
}

void dg__entrance_walk_free(dg__entrance_walk *w)
{
    if (!w) return;
    dg__cyc_work_free(w);
    dg__free(w);
}

bool dg__entrance_walk_entrance(const dg__entrance_walk *w, dg_point *at)
{
    if (w->entered) *at = w->in;
    return w->entered;
}

int dg__entrance_walk_steps(const dg__entrance_walk *w, size_t cell) { return w->entered ? w->dist[cell] : -1; }

int dg__entrance_walk_room(const dg__entrance_walk *w, int id) { return w->entered ? w->steps[id] : -1; }

void dg__lock_cycle_find_walked(const dg_dungeon *d, dg__entrance_walk *w, int goal, const int *keys,
                                dg__lock_cycle *out)
{
    dg__cyc_find_cycle(d, goal, keys, w, w->entered, out);
}
