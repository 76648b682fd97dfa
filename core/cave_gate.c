/* cave_gate.c -- loops maps' lock for a cave. A cave's chambers have no
 * doors (core/chambers.c keys them by where the rock narrows), so the
 * lock-and-key cycle (cycles.c) found nothing to lock there: here a gate
 * goes across a tunnel one cell wide at the mouth of a chamber, where the
 * cycle asks for it. The candidates are the cells of the shortest way to
 * the lair (a cell that cuts the lair off lies on every way to it, so on
 * the shortest) that a gate fits: a passage's floor, rock on either side,
 * a chamber's floor on one end. cycles.c's own search picks among them as
 * it picks among doors (nearest the lair, its key the far end of the long
 * way round), so the gate keeps every promise a designed door keeps; then
 * it is a door record like any other, a locked one (its key is the
 * fiction's, stock/stock_locks.c), whose room is the chamber it closes,
 * and its cell leaves its passage. Only loops maps get one (floors.c):
 * without loops a cave is what it was. No cell opens or closes: the gate
 * stands on floor that was there. */
#include "cycles_int.h"

/* Tries a search makes at most (each a few walks of the whole map): all
 * of `most` up to this many cells, fewer beyond (a 1001x1001 cave two or
 * three), so a big map pays about what a small one does for its gate. */
#define TRY_CELLS 40000L
static int tries_for(const dg_dungeon *d, int most)
{
    long cells = (long)d->width * d->height, n = cells <= TRY_CELLS ? most : most * TRY_CELLS / cells;
    return n < 2 ? 2 : (int)n;
}

/* Dead-end chambers far enough round for a key a floor's tunnels try. */
#define MOST_DEAD 4

/* Candidates tried a floor at most: the way to the lair crosses few
 * chamber mouths one cell wide (a 31x31 cave four or five). */
#define MOST_GATES 64

/* Whether open cell k is some chamber's floor (id > 0, not a room's). */
static int chamber_at(const dg_dungeon *d, int32_t k)
{
    uint32_t c = d->cells[k];
    int id = dg__room_id(c);
    if (!(c & DG_CORRIDOR) || (c & (DG_DOORSPACE | DG_STAIRS)) || id <= 0 || (size_t)id > d->n_rooms) return 0;
    return d->rooms[id - 1].kind == DG_ROOM_KIND_CHAMBER ? id : 0;
}

/* The side of cell `from` that cell `to` lies on. */
static dg_dir dir_to(int32_t from, int32_t to)
{
    if (to == from - 1) return DG_DIR_WEST;
    if (to == from + 1) return DG_DIR_EAST;
    return to < from ? DG_DIR_NORTH : DG_DIR_SOUTH;
}

/* The passage holding cell (x, y) and its index there; false when none
 * does (or it is the passage's first cell, from which the list is
 * ordered: a gate there would leave the list unordered). */
static bool passage_of(const dg_dungeon *d, int x, int y, size_t *p, size_t *at)
{
    for (size_t i = 0; i < d->n_passages; i++)
        for (size_t j = 0; j < d->passages[i].n_cells; j++)
            if (d->passages[i].cells[j].x == x && d->passages[i].cells[j].y == y) {
                *p = i;
                *at = j;
                return j > 0 || d->passages[i].n_cells == 1;
            }
    return false;
}

/* Whether a gate fits cell k of the way, `up` the cell before it (towards
 * the entrance) and `down` the one after: plain cave floor of a passage
 * off the map's rim, open on exactly those two sides, which face each
 * other (rock either side: the gate spans the tunnel), one of them a
 * chamber's floor (its mouth; the goal's side first), neither a door or a
 * stair. *g: the gate's record, the chamber its room. */
static bool fits(const dg_dungeon *d, const cyc_work *w, int32_t k, int32_t up, int32_t down, dg_door *g)
{
    int x = k % d->width, y = k / d->width;
    if (d->cells[k] != DG_CORRIDOR || !d->cave[k] || x < 1 || y < 1 || x > d->width - 2 || y > d->height - 2)
        return false;
    unsigned m = w->sides[k];
    if (m != 3u && m != 12u) return false; /* west and east, or north and south */
    if ((d->cells[up] | d->cells[down]) & (DG_DOORSPACE | DG_STAIRS)) return false;
    int inner = chamber_at(d, down), outer = chamber_at(d, up);
    if (!inner && !outer) return false;
    size_t p, at;
    if (!passage_of(d, x, y, &p, &at)) return false;
    /* the chamber it closes is its room; the door opens from it outwards */
    int32_t far_side = inner ? up : down;
    *g = (dg_door){.x = x, .y = y, .type = DG_DOOR_LOCKED, .dir = dir_to(k, far_side),
                   .room = inner ? inner : outer, .other = dg__room_id(d->cells[far_side])};
    return true;
}

/* Cell (x, y) leaves its passage; a passage left with no cell goes, the
 * later ones numbered down. */
static void leave_passage(dg_dungeon *d, int x, int y)
{
    size_t p, at;
    if (!passage_of(d, x, y, &p, &at)) return;
    dg_passage *ps = &d->passages[p];
    memmove(ps->cells + at, ps->cells + at + 1, (ps->n_cells - at - 1) * sizeof *ps->cells);
    if (--ps->n_cells > 0) return;
    memmove(d->passages + p, d->passages + p + 1, (d->n_passages - p - 1) * sizeof *d->passages);
    d->n_passages--;
    for (size_t i = p; i < d->n_passages; i++) d->passages[i].id = (int)i + 1;
}

static int cmp_cell(const dg_door *a, const dg_door *b)
{
    return a->y != b->y ? (a->y < b->y ? -1 : 1) : (a->x > b->x) - (a->x < b->x);
}


/* What place() learnt where it placed no gate: the dead-end chambers
 * that would be a key's if a tunnel made them no dead end, farthest round
 * first (dead[2 j], n_dead of them), and the gate cell nearest the lair
 * that cuts it off (-1 none) with its near side. */
typedef struct {
    int dead[2 * MOST_DEAD], n_dead;
    int32_t gate, near;
} missed;

/* The gate, where the cycle finds a key for one (*placed); else *m. */
static dg_status place(dg_dungeon *d, bool *placed, missed *ms, dg_error *err)
{
    *placed = false;
    ms->n_dead = 0;
    ms->gate = ms->near = -1;
    int *dead = ms->dead, *n_dead = &ms->n_dead;
    dg_point in;
    if (!dg__map_entrance(d, &in)) return DG_OK;
    cyc_work w;
    if (!dg__cyc_work_new(d, &w)) return dg__nomem(err, "placing a cave's gate");
    dg__cyc_sides_all(d, &w);
    int32_t from = (int32_t)(in.y * d->width + in.x);
    dg__cyc_walk(d, &w, from, w.shut, w.dist, w.parent, w.queue, w.steps);
    int lair = dg__lair_room(d, w.steps + 1);
    dg_door *all = NULL, *saved = d->doors;
    size_t n_saved = d->n_doors;
    dg_status rc = DG_OK;
    if (!lair || d->rooms[lair - 1].kind != DG_ROOM_KIND_CHAMBER) goto done;
    /* the way back from the lair's nearest cell: its gate cells */
    dg_door gates[MOST_GATES];
    int n = 0;
    size_t cells = (size_t)d->width * (size_t)d->height;
    int32_t at = -1;
    for (size_t k = 0; k < cells && at < 0; k++)
        if (dg__room_id(d->cells[k]) == lair && dg_cell_open(d->cells[k]) && w.dist[k] == w.steps[lair])
            at = (int32_t)k;
    for (int32_t child = -1; at >= 0 && n < MOST_GATES; child = at, at = w.parent[at])
        if (child >= 0 && w.parent[at] >= 0 && fits(d, &w, at, w.parent[at], child, &gates[n])) n++;
    if (!n) goto done;
    /* the map's doors and the gates in one row-major list, the gates
     * standing on their cells as doors for the search (no room of their
     * own while it runs: a chamber's ways out are its passages, and a
     * chamber beside a gate is never far enough round for its key) */
    all = dg__malloc((n_saved + (size_t)n) * sizeof *all);
    if (!all) {
        rc = dg__nomem(err, "placing a cave's gate");
        goto done;
    }
    size_t m = 0, i = 0;
    for (int g = n - 1; g >= 0 || i < n_saved;) { /* the way was walked back: the gates' order reversed */
        bool gate = g >= 0 && (i == n_saved || cmp_cell(&gates[g], &saved[i]) < 0);
        all[m] = gate ? gates[g] : saved[i];
        if (gate) {
            all[m].room = all[m].other = 0;
            all[m].type = DG_DOOR_OPEN;
            d->cells[(size_t)gates[g].y * (size_t)d->width + (size_t)gates[g].x] = DG_CORRIDOR | DG_DOOR;
            g--;
        } else
            i++;
        m++;
    }
    /* gates met walking back may not be row-major among themselves: sort */
    for (size_t a = 1; a < m; a++)
        for (size_t b = a; b > 0 && cmp_cell(&all[b], &all[b - 1]) < 0; b--) {
            dg_door t = all[b];
            all[b] = all[b - 1];
            all[b - 1] = t;
        }
    d->doors = all;
    d->n_doors = m;
    dg__lock_cycle c;
    w.dead = dead;
    w.most_dead = MOST_DEAD;
    dg__cyc_find_cycle(d, lair, NULL, &w, true, &c);
    *n_dead = c.door < 0 ? w.n_dead : 0;
    for (int g = 0; g < n && c.door < 0 && ms->gate < 0; g++) {
        int32_t k = gates[g].y * d->width + gates[g].x, child = -1;
        for (int q = 0; q < 4; q++)
            if (((w.sides[k] >> q) & 1) && w.parent[k + w.step[q]] == k) child = k + w.step[q];
        if (child >= 0 && !dg__cyc_meets_entrance(d, &w, k, child)) {
            ms->gate = k;
            ms->near = w.parent[k];
        }
    }
    d->doors = saved;
    d->n_doors = n_saved;
    for (int g = 0; g < n; g++) d->cells[(size_t)gates[g].y * (size_t)d->width + (size_t)gates[g].x] = DG_CORRIDOR;
    if (c.door < 0 || all[c.door].room != 0) goto done; /* no cycle, or a door the map had */
    const dg_door *pick = NULL;
    for (int g = 0; g < n; g++)
        if (gates[g].x == all[c.door].x && gates[g].y == all[c.door].y) pick = &gates[g];
    if (!pick || c.key_room == pick->room || c.key_room == pick->other) goto done;
    /* the gate joins the doors in its row-major place (finish.c left a
     * slot for it) and leaves its passage */
    size_t put = 0;
    while (put < d->n_doors && cmp_cell(&d->doors[put], pick) < 0) put++;
    memmove(d->doors + put + 1, d->doors + put, (d->n_doors - put) * sizeof *d->doors);
    d->doors[put] = *pick;
    d->n_doors++;
    d->cells[(size_t)pick->y * (size_t)d->width + (size_t)pick->x] = DG_CORRIDOR | DG_LOCKED;
    leave_passage(d, pick->x, pick->y);
    *placed = true;
done:
    dg__free(all);
    dg__cyc_work_free(&w);
    return rc;
}

/* ------------------------------------------------------------ rockfall */

/* Rock cells a rockfall may fill at most: the lair's other mouths and the
 * sides of the one kept (a 31x31 cave's lair has two to four mouths, one
 * or two cells each). */
#define MOST_FILLS 12

/* Undoes chambers.c's keying: the chambers (rooms past the family's
 * `rooms`) and their ids and labels on the floor, the passages, the doors'
 * ways into chambers; so the caves can be keyed again. */
static void unkey(dg_dungeon *d, size_t rooms)
{
    size_t cells = (size_t)d->width * (size_t)d->height;
    for (size_t k = 0; k < cells; k++) {
        uint32_t c = d->cells[k];
        if ((c & DG_CORRIDOR) && !(c & DG_ROOM) && (size_t)dg__room_id(c) > rooms) d->cells[k] = c & ~(DG_ROOM_ID | DG_LABEL);
    }
    for (size_t k = rooms; k < d->n_rooms; k++) dg__free(d->rooms[k].outline);
    d->n_rooms = rooms;
    dg__free(d->passages);
    d->passages = NULL;
    d->n_passages = 0;
    for (size_t i = 0; i < d->n_doors; i++)
        if ((size_t)d->doors[i].other > rooms) d->doors[i].other = 0;
}

/* Independent loops of a cave's room graph (chambers and passages, each
 * passage joined to the chambers it lists): edges minus nodes plus one. */
static long cave_loops(const dg_dungeon *d)
{
    long e = 0;
    for (size_t p = 0; p < d->n_passages; p++) e += (long)d->passages[p].n_rooms;
    return e - (long)d->n_rooms - (long)d->n_passages + 1;
}


/* Whether floor cell k may go to rock in a rockfall: cave floor (a
 * passage's or a chamber's), no door, stair or exit. */
static bool fillable(const dg_dungeon *d, int32_t k)
{
    int x = k % d->width, y = k / d->width;
    uint32_t c = d->cells[k];
    return (c & DG_CORRIDOR) && !(c & (DG_ROOM | DG_DOORSPACE | DG_STAIRS)) && d->cave[k] && x > 0 && y > 0 &&
           x < d->width - 1 && y < d->height - 1;
}

/* Whether every open cell is reached from the entrance. */
static bool one_region(const dg_dungeon *d, cyc_work *w)
{
    dg_point in;
    if (!dg__map_entrance(d, &in)) return false;
    size_t cells = (size_t)d->width * (size_t)d->height, open = 0;
    for (size_t k = 0; k < cells; k++) open += dg_cell_open(d->cells[k]);
    dg__cyc_sides_all(d, w);
    int32_t from = (int32_t)(in.y * d->width + in.x);
    return dg__cyc_walk(d, w, from, w->shut, w->dist, NULL, w->queue, NULL) == open;
}

/* Mouths of the lair a rockfall tries keeping, at most. */
#define MOUTH_TRIES 8

/* The rockfall that leaves the lair one way in, a tunnel one cell wide
 * at its mouth for a gate: of the floor cells beside the lair on the
 * entrance's side (what lies beyond a lair the way passes through keeps
 * its ways), one that a gate fits once its sides are rock (the lair on one
 * side, floor straight on beyond it) is kept, nearest the entrance first,
 * and every other goes to rock with the kept one's sides, where the cave
 * stays one region. The cells filled (their count in fill[]; 0 none fits), the
 * kept mouth, its near side and the lair; the map as it was. */
static int rockfall(dg_dungeon *d, cyc_work *w, int32_t *fill, int32_t *kept, int32_t *near, int *lair_at)
{
    dg_point in;
    if (!dg__map_entrance(d, &in)) return 0;
    size_t cells = (size_t)d->width * (size_t)d->height;
    int32_t from = (int32_t)(in.y * d->width + in.x);
    dg__cyc_sides_all(d, w);
    dg__cyc_walk(d, w, from, w->shut, w->dist, w->parent, w->queue, w->steps);
    int lair = dg__lair_room(d, w->steps + 1);
    if (!lair || d->rooms[lair - 1].kind != DG_ROOM_KIND_CHAMBER) return 0;
    /* the entrance's side: what is reached without the lair (the floor
     * beyond a lair the way passes through stays its own) */
    for (size_t k = 0; k < cells; k++) w->shut[k] = dg__room_id(d->cells[k]) == lair && dg_cell_open(d->cells[k]);
    dg__cyc_walk(d, w, from, w->shut, w->back, NULL, w->queue, NULL);
    memset(w->shut, 0, cells);
    /* the floor beside the lair on that side: every cell of it must be
     * able to fall */
    int32_t contact[MOST_FILLS + 1];
    int n_contact = 0;
    for (size_t k = 0; k < cells; k++) {
        if (dg__room_id(d->cells[k]) != lair || !dg_cell_open(d->cells[k])) continue;
        for (int q = 0; q < 4; q++) {
            if (!((w->sides[k] >> q) & 1)) continue;
            int32_t s = (int32_t)k + w->step[q];
            if (dg__room_id(d->cells[s]) == lair || w->back[s] < 0) continue;
            bool known = false;
            for (int j = 0; j < n_contact; j++) known |= contact[j] == s;
            if (known) continue;
            if (!fillable(d, s) || n_contact == MOST_FILLS) return 0; /* a door, a stair: it stays */
            contact[n_contact++] = s;
        }
    }
    /* the mouths, nearest the entrance first */
    for (int i = 1; i < n_contact; i++)
        for (int j = i; j > 0 && w->dist[contact[j]] < w->dist[contact[j - 1]]; j--) {
            int32_t t = contact[j];
            contact[j] = contact[j - 1];
            contact[j - 1] = t;
        }
    for (int t = 0, most = tries_for(d, MOUTH_TRIES); t < n_contact && t < most; t++) {
        int32_t m = contact[t], at = -1;
        int lairs = 0;
        for (int q = 0; q < 4; q++) {
            int32_t s = m + w->step[q];
            if (dg_cell_open(d->cells[s]) && dg__room_id(d->cells[s]) == lair) {
                lairs++;
                at = s;
            }
        }
        int32_t out = 2 * m - at;
        if (lairs != 1 || !dg_cell_open(d->cells[out]) || dg__room_id(d->cells[out]) == lair ||
            (d->cells[out] & (DG_DOORSPACE | DG_STAIRS)))
            continue;
        int n = 0;
        bool ok = true;
        for (int j = 0; j < n_contact; j++)
            if (contact[j] != m) fill[n++] = contact[j];
        for (int q = 0; q < 4 && ok; q++) {
            int32_t s = m + w->step[q];
            if (s == at || s == out || !dg_cell_open(d->cells[s])) continue;
            bool known = false;
            for (int j = 0; j < n; j++) known |= fill[j] == s;
            if (known) continue;
            if (!fillable(d, s) || n == MOST_FILLS) ok = false;
            else fill[n++] = s;
        }
        if (!ok) continue;
        if (!n) { /* one way in already, a gate fits its mouth */
            *kept = m;
            *near = out;
            *lair_at = lair;
            return 0;
        }
        uint32_t was[MOST_FILLS];
        for (int j = 0; j < n; j++) {
            was[j] = d->cells[fill[j]];
            d->cells[fill[j]] = DG_NOTHING;
        }
        ok = one_region(d, w);
        for (int j = 0; j < n; j++) d->cells[fill[j]] = was[j];
        dg__cyc_sides_all(d, w);
        if (!ok) continue;
        *kept = m;
        *near = out;
        *lair_at = lair;
        return n;
    }
    return 0;
}

/* Tunnel cells dug for the long way round at most, and the walk it must
 * add at least (steps round, beyond the tunnel's own). */
#define MOST_TUNNEL 10
#define LEAST_ROUND 8
/* Floor this near the gate's near side (steps) may start the tunnel. */
#define NEAR_GATE 4

/* Whether rock cell k may be dug: in the cave, off the rim, no door or
 * stair beside it (a stair stays at its dead end). */
static bool diggable(const dg_dungeon *d, const cyc_work *w, int32_t k)
{
    int x = k % d->width, y = k / d->width;
    if (d->cells[k] != DG_NOTHING || !d->cave[k] || x < 1 || y < 1 || x > d->width - 2 || y > d->height - 2)
        return false;
    for (int q = 0; q < 4; q++)
        if (d->cells[k + w->step[q]] & (DG_DOORSPACE | DG_STAIRS)) return false;
    return true;
}

/* The long way round for the gate at `mouth` (its near side `out`): a
 * tunnel through rock, at most MOST_TUNNEL cells, from floor by the near
 * side to floor that is far from it on foot with the gate shut, touching
 * nothing on its way: a loop the loops' own way (loops.c: a tunnel between
 * caves), whose far end is a key's room. The tunnel that adds the longest
 * walk round, its cells in cut[] (their count; 0 none). */
static int long_way_round(const dg_dungeon *d, cyc_work *w, int32_t mouth, int32_t out, int32_t *cut)
{
    dg_point in;
    if (!dg__map_entrance(d, &in)) return 0;
    size_t cells = (size_t)d->width * (size_t)d->height;
    int32_t *back = w->back, *len = w->seen, *prev = w->parent, *queue = w->queue;
    int32_t *from_in = w->dist;
    w->shut[mouth] = 1;
    dg__cyc_walk(d, w, out, w->shut, back, NULL, queue, NULL);
    dg__cyc_walk(d, w, (int32_t)(in.y * d->width + in.x), w->shut, from_in, NULL, queue, NULL);
    w->shut[mouth] = 0;
    long door = from_in[out] + 1; /* the walk to the gate */
    memset(len, 0xff, cells * sizeof *len);
    size_t head = 0, tail = 0;
    for (size_t k = 0; k < cells; k++) {
        if (!diggable(d, w, (int32_t)k)) continue;
        bool near = false, other = false;
        for (int q = 0; q < 4; q++) {
            int32_t s = (int32_t)k + w->step[q];
            if (!dg_cell_open(d->cells[s])) continue;
            if (back[s] >= 0 && back[s] <= NEAR_GATE) near = true;
            else other = true;
        }
        if (!near || other) continue;
        len[k] = 1;
        prev[k] = -1;
        queue[tail++] = (int32_t)k;
    }
    int32_t best = -1;
    long best_round = 0;
    while (head < tail) {
        int32_t at = queue[head++];
        for (int q = 0; q < 4; q++) {
            int32_t nb = at + w->step[q];
            if (len[nb] >= 0 || !diggable(d, w, nb)) continue;
            /* open beside it: nothing (the tunnel goes on), or floor far
             * from the gate's near side (its end) */
            long round = -1;
            bool touches = false, near = false;
            for (int r = 0; r < 4; r++) {
                int32_t s = nb + w->step[r];
                if (s == at || !dg_cell_open(d->cells[s])) continue;
                touches = true;
                if (back[s] < 0 || from_in[s] < 0 || back[s] <= NEAR_GATE + len[at] + 1) {
                    near = true;
                    continue;
                }
                /* there from the entrance, back through the tunnel */
                long there = from_in[s], again = NEAR_GATE + len[at] + 1;
                if (round < 0 || there + again < round) round = there + again;
                /* no shortcut to the gate: the walk to it stays */
                if (there + again < door) near = true;
            }
            len[nb] = len[at] + 1;
            prev[nb] = at;
            if (touches) {
                if (!near && round > best_round && 2 * round >= 3 * door + LEAST_ROUND) {
                    best = nb;
                    best_round = round;
                }
                continue;
            }
            if (len[nb] < MOST_TUNNEL) queue[tail++] = nb;
        }
    }
    int n = 0;
    for (int32_t c = best; c >= 0; c = prev[c]) cut[n++] = c;
    return n;
}

/* A tunnel from dead-end chamber `room` (far enough round for a key but
 * a dead end) through rock to other floor, at most MOST_TUNNEL cells,
 * touching nothing on its way, so the chamber has a second way out; its
 * far end never nearer the entrance or the gate on foot (the gate shut)
 * than the chamber is, so the walk round it stays as long. Its cells in
 * cut[] (their count; 0 none). */
static int way_out(const dg_dungeon *d, cyc_work *w, int room, int32_t gate, int32_t near, int32_t *cut)
{
    dg_point in;
    if (!dg__map_entrance(d, &in) || room < 1 || (size_t)room > d->n_rooms) return 0;
    size_t cells = (size_t)d->width * (size_t)d->height;
    int32_t *to_in = w->dist, *to_gate = w->back, *len = w->seen, *prev = w->parent, *queue = w->queue;
    dg__cyc_sides_all(d, w);
    w->shut[gate < 0 ? 0 : gate] = gate >= 0;
    dg__cyc_walk(d, w, (int32_t)(in.y * d->width + in.x), w->shut, to_in, NULL, queue, w->steps);
    int32_t room_in = w->steps[room];
    int32_t room_gate = -1;
    if (near >= 0) {
        dg__cyc_walk(d, w, near, w->shut, to_gate, NULL, queue, w->shut_steps);
        room_gate = w->shut_steps[room];
    }
    if (gate >= 0) w->shut[gate] = 0;
    if (room_in < 0) return 0;
    /* the floor of the passages it opens on now: a tunnel there is no
     * second way out (w->alone marks them, cleared after) */
    unsigned char *own = w->alone;
    for (size_t p = 0; p < d->n_passages; p++) {
        bool its = false;
        for (size_t j = 0; j < d->passages[p].n_rooms; j++) its |= d->passages[p].rooms[j] == room;
        for (size_t j = 0; its && j < d->passages[p].n_cells; j++)
            own[(size_t)d->passages[p].cells[j].y * (size_t)d->width + (size_t)d->passages[p].cells[j].x] = 1;
    }
    int found = 0;
    memset(len, 0xff, cells * sizeof *len);
    size_t head = 0, tail = 0;
    for (size_t k = 0; k < cells; k++) {
        if (!diggable(d, w, (int32_t)k)) continue;
        bool mine = false, other = false;
        for (int q = 0; q < 4; q++) {
            uint32_t c = d->cells[(int32_t)k + w->step[q]];
            if (!dg_cell_open(c)) continue;
            if (dg__room_id(c) == room) mine = true;
            else other = true;
        }
        if (!mine || other) continue;
        len[k] = 1;
        prev[k] = -1;
        queue[tail++] = (int32_t)k;
    }
    while (head < tail) {
        int32_t at = queue[head++];
        for (int q = 0; q < 4; q++) {
            int32_t nb = at + w->step[q];
            if (len[nb] >= 0 || !diggable(d, w, nb)) continue;
            bool touches = false, ok = true;
            for (int r = 0; r < 4; r++) {
                int32_t s2 = nb + w->step[r];
                uint32_t c = d->cells[s2];
                if (s2 == at || !dg_cell_open(c)) continue;
                touches = true;
                /* other floor, no nearer than the chamber on foot */
                ok = ok && dg__room_id(c) != room && !own[s2] && to_in[s2] >= 0 && to_in[s2] + len[at] + 2 >= room_in &&
                     (room_gate < 0 || (to_gate[s2] >= 0 && to_gate[s2] + len[at] + 2 >= room_gate));
            }
            len[nb] = len[at] + 1;
            prev[nb] = at;
            if (touches) {
                if (!ok) continue;
                for (int32_t c = nb; c >= 0; c = prev[c]) cut[found++] = c;
                head = tail;
                break;
            }
            if (len[nb] < MOST_TUNNEL) queue[tail++] = nb;
        }
    }
    memset(own, 0, cells);
    return found;
}

/* Tunnel cells beside the way a rockfall may close, tried at most. */
#define BESIDE_TRIES 96

/* With the lair's one way in through the gate at `mouth` (near side
 * `out`), every room near the way to it: a rockfall across a tunnel one
 * or two cells wide beside the way (cycles_dig.c's walled-up door, the cave's way), so
 * the rooms behind it come back to the way the long way round, the
 * farthest of them round a key's room. The cave stays one region and its
 * lair stays. The cells whose fall makes the longest walk round (1.5
 * times the walk to the gate at least) in cut[] (their count; 0 none). */
static int beside(dg_dungeon *d, cyc_work *w, int32_t mouth, int32_t out, int lair, int32_t *cut)
{
    dg_point in;
    if (!dg__map_entrance(d, &in)) return 0;
    size_t cells = (size_t)d->width * (size_t)d->height;
    int32_t from = (int32_t)(in.y * d->width + in.x);
    long best_score = -1;
    int tries = 0, best_n = 0;
    int own = dg__room_id(d->cells[out]);
    int most = tries_for(d, BESIDE_TRIES);
    for (size_t k = 0; k < cells && tries < most; k++) {
        /* a cross-section of floor one or two cells wide, rock at both
         * its ends: across a row (axis 0) or a column (axis 1) */
        for (int axis = 0; axis < 2 && tries < most; axis++)
            for (int wide = 1; wide <= 2 && tries < most; wide++) {
                int32_t step = axis ? w->step[3] : w->step[1], f[2] = {(int32_t)k, (int32_t)k + step};
                int32_t before = (int32_t)k - step, after = (int32_t)k + wide * step;
                if (before < 0 || (size_t)after >= cells || dg_cell_open(d->cells[before]) || dg_cell_open(d->cells[after]))
                    continue;
                if (!axis && (k % (size_t)d->width == 0 || (k + (size_t)wide) % (size_t)d->width == 0)) continue;
                bool ok = true;
                for (int j = 0; j < wide && ok; j++) {
                    ok = fillable(d, f[j]) && f[j] != mouth && f[j] != out && dg__room_id(d->cells[f[j]]) != lair;
                    for (int q = 0; q < 4 && ok; q++) ok = f[j] + w->step[q] != mouth;
                }
                if (!ok) continue;
                tries++;
                uint32_t was[2];
                for (int j = 0; j < wide; j++) {
                    was[j] = d->cells[f[j]];
                    d->cells[f[j]] = DG_NOTHING;
                }
                long score = -1;
                if (one_region(d, w)) {
                    dg__cyc_walk(d, w, from, w->shut, w->dist, NULL, w->queue, w->steps);
                    if (dg__lair_room(d, w->steps + 1) == lair) {
                        w->shut[mouth] = 1;
                        dg__cyc_walk(d, w, from, w->shut, w->dist, NULL, w->queue, w->steps);
                        long door = w->dist[out] + 1;
                        dg__cyc_walk(d, w, out, w->shut, w->back, NULL, w->queue, w->shut_steps);
                        w->shut[mouth] = 0;
                        for (size_t r = 1; r <= d->n_rooms; r++) {
                            if ((int)r == lair || (int)r == own || w->steps[r] < 0 || w->shut_steps[r] < 0) continue;
                            long round = (long)w->steps[r] + w->shut_steps[r] + 1;
                            if (2 * round - 3 * door > score) score = 2 * round - 3 * door;
                        }
                    }
                }
                for (int j = 0; j < wide; j++) d->cells[f[j]] = was[j];
                dg__cyc_sides_all(d, w);
                if (score > best_score) {
                    best_score = score;
                    best_n = wide;
                    cut[0] = f[0];
                    cut[1] = f[1];
                }
            }
    }
    return best_n;
}

/* Floor cells a split may fill at most, and gate cells it tries. */
#define MOST_SPLIT 10
#define SPLIT_TRIES 24


/* The cave split in two at a gate cell of the way to the lair: each side
 * of the gate takes the floor nearer it on foot (the gate shut), and the
 * far side's floor beside the near side's goes to rock, so the gate alone
 * joins them: the lair and what lies beyond behind it, the entrance and
 * the loops on its side before it. Where the gate stands nearer the
 * entrance than the lair's own mouth, the walk to it is shorter and a
 * loop on the near side makes the long way round more often. Of the gate
 * cells tried, the one whose best key room lies farthest round (1.5 times
 * the walk to the gate at least, counted on the split map); its fills in
 * fill[] (their count, 0 none). */
static int split(dg_dungeon *d, cyc_work *w, int32_t *fill)
{
    dg_point in;
    if (!dg__map_entrance(d, &in)) return 0;
    size_t cells = (size_t)d->width * (size_t)d->height;
    int32_t from = (int32_t)(in.y * d->width + in.x);
    dg__cyc_sides_all(d, w);
    dg__cyc_walk(d, w, from, w->shut, w->dist, w->parent, w->queue, w->steps);
    int lair = dg__lair_room(d, w->steps + 1);
    if (!lair || d->rooms[lair - 1].kind != DG_ROOM_KIND_CHAMBER) return 0;
    int32_t at = -1;
    for (size_t k = 0; k < cells && at < 0; k++)
        if (dg__room_id(d->cells[k]) == lair && dg_cell_open(d->cells[k]) && w->dist[k] == w->steps[lair])
            at = (int32_t)k;
    /* the gate cells (fits()'s) anywhere: the split makes one the way */
    (void)at;
    int32_t gate[SPLIT_TRIES], up[SPLIT_TRIES], down[SPLIT_TRIES];
    int n_gate = 0;
    int most = tries_for(d, SPLIT_TRIES);
    for (size_t k = 0; k < cells && n_gate < most; k++) {
        unsigned m = w->sides[k];
        if (d->cells[k] != DG_CORRIDOR || (m != 3u && m != 12u) || w->dist[k] < 0) continue;
        int32_t a = (int32_t)k + w->step[m == 3u ? 0 : 2], b = (int32_t)k + w->step[m == 3u ? 1 : 3];
        if (w->dist[b] < w->dist[a]) {
            int32_t t = a;
            a = b;
            b = t;
        }
        dg_door g;
        if (!fits(d, w, (int32_t)k, a, b, &g)) continue;
        gate[n_gate] = (int32_t)k;
        up[n_gate] = a;
        down[n_gate++] = b;
    }
    int32_t *dn = w->back, *df = w->seen, *queue = w->queue;
    int32_t *near_steps = w->shut_steps, *in_steps = w->back_steps;
    int32_t try_fill[MOST_SPLIT];
    uint32_t was[MOST_SPLIT];
    int best_n = 0;
    long best = -1;
    for (int t = 0; t < n_gate; t++) {
        int32_t c = gate[t];
        w->shut[c] = 1;
        dg__cyc_walk(d, w, up[t], w->shut, dn, NULL, queue, NULL);
        dg__cyc_walk(d, w, down[t], w->shut, df, NULL, queue, NULL);
        w->shut[c] = 0;
        /* far: nearer the gate's far side; the lair and beyond must be */
        int n = 0;
        bool ok = dn[from] >= 0 && (df[from] < 0 || dn[from] <= df[from]);
        for (size_t k = 0; k < cells && ok; k++) {
            if (!dg_cell_open(d->cells[k]) || (int32_t)k == c) continue;
            bool far = df[k] >= 0 && (dn[k] < 0 || df[k] < dn[k]);
            if (!far) {
                if (dg__room_id(d->cells[k]) == lair) ok = false;
                continue;
            }
            bool beside = false;
            for (int q = 0; q < 4 && !beside; q++) {
                if (!((w->sides[k] >> q) & 1)) continue;
                int32_t j = (int32_t)k + w->step[q];
                beside = j != c && dn[j] >= 0 && (df[j] < 0 || dn[j] <= df[j]);
            }
            if (!beside) continue;
            if ((int32_t)k == down[t] || !fillable(d, (int32_t)k) || n == MOST_SPLIT) ok = false;
            else try_fill[n++] = (int32_t)k;
        }
        if (!ok || !n) continue;
        /* the split map, asked: one region, and a key room far enough */
        for (int j = 0; j < n; j++) {
            was[j] = d->cells[try_fill[j]];
            d->cells[try_fill[j]] = DG_NOTHING;
        }
        long score = -1;
        if (one_region(d, w)) {
            w->shut[c] = 1;
            dg__cyc_walk(d, w, from, w->shut, dn, NULL, queue, in_steps);
            int32_t door = dn[up[t]] + 1;
            dg__cyc_walk(d, w, up[t], w->shut, df, NULL, queue, near_steps);
            w->shut[c] = 0;
            int own = dg__room_id(d->cells[down[t]]), own2 = dg__room_id(d->cells[up[t]]);
            for (size_t r = 1; r <= d->n_rooms; r++) {
                if ((int)r == lair || (int)r == own || (int)r == own2 || in_steps[r] < 0 || near_steps[r] < 0) continue;
                long round = (long)in_steps[r] + near_steps[r] + 1;
                if (2 * round >= 3 * (long)door && 2 * round - 3 * (long)door > score) score = 2 * round - 3 * (long)door;
            }
        }
        for (int j = 0; j < n; j++) d->cells[try_fill[j]] = was[j];
        if (score > best) {
            best = score;
            best_n = n;
            memcpy(fill, try_fill, (size_t)n * sizeof *fill);
        }
    }
    dg__cyc_sides_all(d, w);
    return best_n;
}

/* Moves the driver makes on a loops=some cave, at most, each followed by
 * keying the cave again and asking for the gate. */
#define MOST_MOVES 6

dg_status dg__cave_gate(dg_dungeon *d, size_t rooms, dg_error *err)
{
    if (!d->cave || !d->n_rooms || !d->n_passages) return DG_OK;
    bool placed;
    missed ms;
    dg_status rc = place(d, &placed, &ms, err);
    /* loops=some's caves (the caverns family's: chambers and passages
     * alone), as cycles_dig.c serves the rooms' families: in turn, until
     * the gate stands, a tunnel out of a dead-end chamber far enough round
     * (a loop through the key's room); the cave split at a gate cell; a
     * rockfall that leaves the lair one way in, then others beside the
     * way; a tunnel that makes a long way round. The cave is keyed again
     * after each; it stays one region with a loop, and goes back to what
     * it was where no gate stands in the end. */
    if (rc != DG_OK || placed || d->opts.loops != DG_LOOPS_SOME || d->opts.algorithm != DG_ALGO_CAVERNS || d->n_doors)
        return rc;
    size_t cells = (size_t)d->width * (size_t)d->height;
    uint32_t *was = dg__malloc(cells * sizeof *was);
    cyc_work w;
    if (!was || !dg__cyc_work_new(d, &w)) {
        dg__free(was);
        return dg__nomem(err, "placing a cave's gate");
    }
    memcpy(was, d->cells, cells * sizeof *was);
    bool split_tried = false, fell = false, long_tried = false, changed = false;
    int32_t mouth = -1, out = -1;
    int lair = 0, besides = 0;
    for (int move = 0; move < MOST_MOVES && rc == DG_OK && !placed && d->n_passages; move++) {
        dg__cyc_sides_all(d, &w);
        int32_t cut[MOST_TUNNEL + MOST_SPLIT + MOST_FILLS];
        int n = 0;
        uint32_t to = DG_NOTHING;
        for (int j = 0; j < ms.n_dead && !n && ms.gate >= 0; j++) n = way_out(d, &w, ms.dead[2 * j], ms.gate, ms.near, cut);
        if (n) to = DG_CORRIDOR;
        if (!n && !fell) {
            fell = true;
            n = rockfall(d, &w, cut, &mouth, &out, &lair);
        }
        if (!n && !split_tried) {
            split_tried = true;
            n = split(d, &w, cut);
        }
        if (!n && mouth >= 0 && besides < 2) {
            besides++;
            n = beside(d, &w, mouth, out, lair, cut);
        }
        if (!n && mouth >= 0 && !long_tried) {
            long_tried = true;
            n = long_way_round(d, &w, mouth, out, cut);
            if (n) to = DG_CORRIDOR;
        }
        if (!n) break;
        for (int j = 0; j < n; j++) d->cells[cut[j]] = to;
        changed = true;
        unkey(d, rooms);
        if ((rc = dg__chambers(d, err)) == DG_OK) rc = place(d, &placed, &ms, err);
        if (placed && cave_loops(d) < 1) { /* the gate costs the cave its loop: none */
            placed = false;
            break;
        }
    }
    if (rc == DG_OK && changed && !placed) { /* as it was, keyed again */
        d->n_doors = 0; /* a gate placed on the changed cave */
        unkey(d, rooms);
        memcpy(d->cells, was, cells * sizeof *was);
        rc = dg__chambers(d, err);
    }
    dg__cyc_work_free(&w);
    dg__free(was);
    return rc;
}
