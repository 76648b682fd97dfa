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
 * without loops a cave is what it was. Where none fits, a loops=some
 * caverns map is changed for one, the cave's way (cave_gate_moves.c:
 * rockfalls and tunnels; then cave_gate_cut.c: the cave cut across at a
 * cell of the way to the lair), keyed again after each change and back to
 * what it was where no gate stands in the end. */
#include "cave_gate_int.h"

/* dg__gate_tries: all of `most` up to this many cells. */
#define TRY_CELLS 40000L
int dg__gate_tries(const dg_dungeon *d, int most)
{
    long cells = (long)d->width * d->height, n = cells <= TRY_CELLS ? most : most * TRY_CELLS / cells;
    return n < 2 ? 2 : (int)n;
}

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
 * does. A gate on a passage's first cell leaves the list starting at its
 * second, a cell of the same passage (the gate stands at its end: a
 * chamber's mouth); refusing it cost a fifth of the cut caves their gate
 * (cave_gate_cut.c). */
static bool passage_of(const dg_dungeon *d, int x, int y, size_t *p, size_t *at)
{
    for (size_t i = 0; i < d->n_passages; i++)
        for (size_t j = 0; j < d->passages[i].n_cells; j++)
            if (d->passages[i].cells[j].x == x && d->passages[i].cells[j].y == y) {
                *p = i;
                *at = j;
                return true;
            }
    return false;
}

/* The gate fits cell k: plain cave floor of a passage off the map's rim,
 * open on exactly `up` and `down`, which face each other (rock either
 * side: the gate spans the tunnel), one of them a chamber's floor (its
 * mouth; the goal's side first), neither a door or a stair. */
bool dg__gate_fits(const dg_dungeon *d, const cyc_work *w, int32_t k, int32_t up, int32_t down, dg_door *g)
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
        if (child >= 0 && w.parent[at] >= 0 && dg__gate_fits(d, &w, at, w.parent[at], child, &gates[n])) n++;
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

/* ------------------------------------------------------ keying again */

/* Undoes chambers.c's keying: the chambers (rooms past the family's
 * `rooms`) and their ids and labels on the floor, the passages, the doors'
 * ways into chambers; so the caves can be keyed again. */
static void unkey(dg_dungeon *d, size_t rooms)
{
    size_t cells = (size_t)d->width * (size_t)d->height;
    for (size_t k = 0; k < cells; k++) {
        uint32_t c = d->cells[k];
        if ((c & DG_CORRIDOR) && !(c & DG_ROOM) && (size_t)dg__room_id(c) > rooms)
            d->cells[k] = c & ~(DG_ROOM_ID | DG_LABEL);
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

/* The moves after a cut, at most: a second way out of a dead-end chamber
 * far enough round, or a long way round. */
#define MOST_AFTER_CUT 2

/* The cave as `was` holds it (keyed as it was), then cut across by the
 * best few cuts in turn, each followed, where the cycle's search found a
 * gate that cuts the lair off but no key, by the moves that make one: a
 * tunnel out of a dead-end chamber far enough round, else a long way
 * round from the gate's near side (the first pass, on the cave uncut,
 * tries them where the earlier moves' rockfalls had not changed it). The
 * cave as it was where no gate stands in the end. */
static dg_status cut_for_gate(dg_dungeon *d, size_t rooms, const uint32_t *was, cyc_work *w, bool *placed,
                              dg_error *err)
{
    size_t cells = (size_t)d->width * (size_t)d->height;
    dg__gate_cut cuts[CUT_TRIES];
    int n_cuts = dg__gate_cuts(d, w, cuts, dg__gate_tries(d, CUT_TRIES));
    dg_status rc = DG_OK;
    missed ms;
    for (int t = -1; t < n_cuts && rc == DG_OK && !*placed; t++) {
        memcpy(d->cells, was, cells * sizeof *was);
        for (int j = 0; t >= 0 && j < cuts[t].n; j++) d->cells[cuts[t].fill[j]] = DG_NOTHING;
        for (int after = 0; after <= MOST_AFTER_CUT && rc == DG_OK && !*placed; after++) {
            int32_t dig[MOST_TUNNEL];
            int n = 0;
            if (after > 0) { /* the cut stands and the gate cuts the lair off: the key's way */
                if (ms.gate < 0) break;
                dg__cyc_sides_all(d, w);
                for (int j = 0; j < ms.n_dead && !n; j++)
                    n = dg__gate_way_out(d, w, ms.dead[2 * j], ms.gate, ms.near, dig);
                if (!n) n = dg__gate_long_way(d, w, ms.gate, ms.near, dig);
                if (!n) break;
                for (int j = 0; j < n; j++) d->cells[dig[j]] = DG_CORRIDOR;
            }
            unkey(d, rooms);
            if ((rc = dg__chambers(d, err)) == DG_OK) rc = place(d, placed, &ms, err);
            if (*placed && cave_loops(d) < 1) { /* the gate costs the cave its loop: none */
                *placed = false;
                d->n_doors = 0;
            }
        }
    }
    if (rc == DG_OK && !*placed) { /* as it was, keyed again */
        unkey(d, rooms);
        memcpy(d->cells, was, cells * sizeof *was);
        rc = dg__chambers(d, err);
    }
    return rc;
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
     * (a loop through the key's room) whenever the search met one; a
     * rockfall that leaves the lair one way in; the cave parted at a gate
     * cell; rockfalls beside the way; a tunnel that makes a long way
     * round. The cave is keyed again after each; it stays one region with
     * a loop, and goes back to what it was where no gate stands in the
     * end. */
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
        for (int j = 0; j < ms.n_dead && !n && ms.gate >= 0; j++)
            n = dg__gate_way_out(d, &w, ms.dead[2 * j], ms.gate, ms.near, cut);
        if (n) to = DG_CORRIDOR;
        if (!n && !fell) {
            fell = true;
            n = dg__gate_rockfall(d, &w, cut, &mouth, &out, &lair);
        }
        if (!n && !split_tried) {
            split_tried = true;
            n = dg__gate_split(d, &w, cut);
        }
        if (!n && mouth >= 0 && besides < 2) {
            besides++;
            n = dg__gate_beside(d, &w, mouth, out, lair, cut);
        }
        if (!n && mouth >= 0 && !long_tried) {
            long_tried = true;
            n = dg__gate_long_way(d, &w, mouth, out, cut);
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
    /* none stands: the cave cut across at a cell of the way to the lair
     * (cave_gate_cut.c), on the cave as it was */
    if (rc == DG_OK && !placed) rc = cut_for_gate(d, rooms, was, &w, &placed, err);
    dg__cyc_work_free(&w);
    dg__free(was);
    return rc;
}
