/* loops_lattice.c -- loops on donjon's lattice (its maze with the dead
 * ends gone), found in one pass over the rock rather than by a search
 * from each place a loop may start (loops_dig.c, the other families).
 * Every rock node outside a room's straight wall (where a door fits)
 * starts a walk through rock at once, node to node as donjon's own
 * corridors run, up to the digger's reach: where walks from two rooms
 * meet, the way from one room's wall to the other's is a loop's corridor;
 * where a walk comes head on to a corridor system its room has no door
 * onto (most often a loop's corridor dug before it), a corridor joining
 * it is one. A wall between two rooms, or between a room and such a
 * system, is a loop by a door alone. The ways are tried in an order drawn
 * from the loops stream, each still free (no loop dug across or beside
 * it since), adding a way round and saving a long enough walk
 * (loops_dig.c's rule, relaxed tier by tier); the ways are looked for
 * again once loops stand, and the lair's rounds are loops.c's. */
#include "loops_int.h"

typedef struct {
    int32_t a, z;       /* the two walks' meeting nodes; OPENING: the open cells on
                         * either side; MOUTH: the walk's last node, the corridor met */
    int32_t mid;        /* the cell between them: rock, or the wall a door opens */
    int16_t len;        /* cells dug */
    int16_t known;      /* the walk last measured between its ends, -1 none: walks
                         * only shorten as loops are dug, so one known too short stays so */
    uint8_t kind;       /* 0: two walks met; OPENING; MOUTH */
    uint8_t state;      /* WAIT, USED, DEAD */
    uint8_t adds;       /* dg__loop_adds_loop's answer when last asked */
    uint16_t asked;     /* the lattice's digs + 1 then (0: never): the map
                         * changes only by a dig, so until the next one the
                         * way is still free and its answer stands */
} way;

enum { WAIT, USED, DEAD };
enum { LATTICE_ASKED = 16 };
enum { OPENING = 1, MOUTH = 2 };

/* The lattice's walk through rock, by node cell (odd row and column),
 * indexed by cell (a division a look less than by node): the walk a node
 * belongs to (a source index + 1, 0 none) and the node cell before it
 * (-1 at the source); from is read only where own is set. The walk's cells from its source's node (that node 1) are kept
 * in the digger's walk buffer (depth) while the ways are found. */
typedef struct {
    int32_t *own, *from;
    int32_t *src;        /* per source: its door cell, its room */
    size_t n_src, cap_src;
    way *ways;
    size_t n_ways, cap_ways;
    unsigned char *free; /* by cell: rock_free, kept as loops are dug */
    unsigned char *seed; /* by cell, on node rows: free rock beside a wall
                          * (find_ways' sources are among them); then the
                          * walls open on two opposite sides (find_bridges');
                          * 8 bytes past the map */
    /* the doors of each room while the ways are found: room i's are
     * by_room[first[i] .. first[i + 1]) (indices into b->door) */
    int32_t *first, *by_room;
    size_t cap_first, cap_by_room;
    unsigned digs;       /* ways dug so far */
    /* the last walks asked (walk): ways from one source to another often
     * share both ends, and until a dig the map, and so each answer, stands */
    struct {
        int32_t a, z;
        int most, steps;
        unsigned digs;
    } asked[LATTICE_ASKED];
    unsigned n_asked;
} lattice;

#define OWN(at) L->own[(at)]
#define FROM(at) L->from[(at)]

static inline bool rock_free(const dg__build *b, int32_t at)
{
    const uint32_t *cl = b->cell;
    int W = b->cols, r = at / W, c = at - r * W;
    if (!dg__loop_inside(b, r, c) || cl[at] != DG_NOTHING || dg__loop_between_corners(b, r, c)) return false;
    return !(cl[at - W] & DG_OPENSPACE) && !(cl[at + W] & DG_OPENSPACE) && !(cl[at - 1] & DG_OPENSPACE) &&
           !(cl[at + 1] & DG_OPENSPACE);
}

/* Rock between rock node u and plain corridor v (m = their middle): where
 * a walk from u may join v's corridor head on, touching nothing else. */
static bool mouth(const dg__build *b, int32_t m, int32_t v)
{
    const uint32_t *cl = b->cell;
    int W = b->cols, r = m / W, c = m - r * W;
    if (!dg__loop_inside(b, r, c) || cl[m] != DG_NOTHING || cl[v] != DG_CORRIDOR) return false;
    int32_t nb[4] = {m - W, m + W, m - 1, m + 1};
    for (int d = 0; d < 4; d++)
        if (nb[d] != v && (cl[nb[d]] & DG_OPENSPACE)) return false;
    return true;
}

static dg_status add_source(lattice *L, int32_t wall, int room, dg_error *err)
{
    if (2 * L->n_src + 2 > L->cap_src &&
        dg__grow((void **)&L->src, &L->cap_src, 2 * L->n_src + 2, sizeof *L->src, "digging loops", err) != DG_OK)
        return DG_ENOMEM;
    L->src[2 * L->n_src] = wall;
    L->src[2 * L->n_src + 1] = room;
    L->n_src++;
    return DG_OK;
}

static dg_status add_way(lattice *L, way w, dg_error *err)
{
    if (L->n_ways == L->cap_ways &&
        dg__grow((void **)&L->ways, &L->cap_ways, L->n_ways + 1, sizeof *L->ways, "digging loops", err) != DG_OK)
        return DG_ENOMEM;
    L->ways[L->n_ways++] = w;
    return DG_OK;
}

/* The room floor behind door cell `wall` seen from node `node`. */
static int32_t floor_behind(int32_t node, int32_t wall) { return wall + (wall - node); }

/* Sorts the doors by their room (L->first, L->by_room), so that whether
 * a room meets a system asks its own doors only (a big map has
 * thousands). */
static dg_status doors_by_room(const dg__build *b, lattice *L, dg_error *err)
{
    size_t n = b->n_room + 2;
    if ((L->cap_first < n && dg__grow((void **)&L->first, &L->cap_first, n, sizeof *L->first, "digging loops", err)) ||
        (L->cap_by_room < b->n_door + 1 &&
         dg__grow((void **)&L->by_room, &L->cap_by_room, b->n_door + 1, sizeof *L->by_room, "digging loops", err)))
        return DG_ENOMEM;
    memset(L->first, 0, n * sizeof *L->first);
    for (size_t k = 0; k < b->n_door; k++) L->first[b->door[k].room + 1]++;
    for (size_t i = 1; i < n; i++) L->first[i] += L->first[i - 1];
    for (size_t k = 0; k < b->n_door; k++) L->by_room[L->first[b->door[k].room]++] = (int32_t)k;
    for (size_t i = n - 1; i > 0; i--) L->first[i] = L->first[i - 1]; /* back to each room's first */
    L->first[0] = 0;
    return DG_OK;
}

/* dg__loop_room_meets over the room's own doors (the same answer), the
 * last system asked of each room remembered (in far_room's buffer, free
 * while the ways are found): most of donjon's maps have one system. */
static bool meets(digger *g, const lattice *L, int room, int32_t sys)
{
    const dg__build *b = g->b;
    int32_t *last = g->room_step;
    if (last[room] >= 0 && last[room] >> 1 == sys) return last[room] & 1;
    bool m = false;
    for (int32_t i = L->first[room]; i < L->first[room + 1] && !m; i++) {
        const dg__door *d = &b->door[L->by_room[i]];
        int r = d->r + dg_dir_dy(d->dir), c = d->c + dg_dir_dx(d->dir);
        m = dg__in(b, r, c) && dg__loop_system_of(g, dg__loop_at(b, r, c)) == sys;
    }
    last[room] = sys << 1 | m;
    return m;
}

/* Every walk from every door place at once, a level at a time; meetings
 * of walks from two rooms are the ways. The nodes tried as sources are
 * those L->seed marks, read eight cells at a time (the nodes' bytes of
 * them): tested node by node, free rock and a wall beside were branches
 * the map made unpredictable; the same nodes in the same order. */
static dg_status find_ways(digger *g, lattice *L, dg_error *err)
{
    dg__build *b = g->b;
    const int W = b->cols;
    const int32_t step[4] = {-W, W, -1, 1}; /* north, south, west, east: dg_dir's order */
    int32_t *q = g->wq, *dist = g->depth; /* dist by cell */
    size_t head = 0, tail = 0;
    dg_status rc;
    for (int r = 1; r < b->rows - 1; r += 2) {
        size_t row = (size_t)r * (size_t)W;
        dg__lattice_seed_row(b->cell + row + 1 - W, b->cell + row + 1, b->cell + row + 1 + W, L->free + row + 1,
                   L->seed + row + 1, W - 2);
    }
    for (int r = 1; r < b->rows - 1; r += 2)
        for (int c0 = 0; c0 < W - 1; c0 += 8) {
            size_t row = (size_t)r * (size_t)W;
            uint64_t m;
            memcpy(&m, L->seed + row + (size_t)c0, 8);
            m &= UINT64_C(0xff00ff00ff00ff00); /* odd columns: the nodes (c0 is even) */
            if (W - 1 - c0 < 8) m &= (UINT64_C(1) << (8 * (W - 1 - c0))) - 1; /* columns 1 .. W - 2 */
            for (; m; m &= m - 1) {
                int c = c0 + (int)(dg__ctz64(m) >> 3);
                int32_t at = dg__loop_at(b, r, c);
                for (int d = 0; d < 4; d++) {
                    /* most rock has no wall beside it */
                    if ((b->cell[at + step[d]] & ~(uint32_t)DG_ENTRANCE) != DG_PERIMETER) continue;
                    int room = dg__loop_door_beyond(b, r, c, (dg_dir)d);
                    if (!room) continue;
                    if (!OWN(at)) {
                        if ((rc = add_source(L, at + step[d], room, err)) != DG_OK) return rc;
                        OWN(at) = (int32_t)L->n_src;
                        FROM(at) = -1;
                        dist[at] = 1;
                        q[tail++] = at;
                    }
                    /* a node between two rooms' walls is no way: a door facing
                     * a door across one cell */
                }
            }
        }
    while (head < tail) {
        int32_t u = q[head++];
        int32_t ou = OWN(u);
        for (int d = 0; d < 4; d++) {
            int32_t m = u + step[d], v = m + step[d];
            if (!L->free[m]) {
                /* a corridor beyond: the walk may join it there, when its
                 * room has no door onto that corridor yet */
                if (mouth(b, m, v) && !meets(g, L, L->src[2 * (ou - 1) + 1], dg__loop_system_of(g, v)) &&
                    (rc = add_way(L, (way){u, v, m, (int16_t)(dist[u] + 1), -1, MOUTH, WAIT, 0, 0}, err)) != DG_OK)
                    return rc;
                continue;
            }
            if (!L->free[v]) continue;
            int32_t ov = OWN(v);
            if (!ov) {
                if (dist[u] >= g->reach) continue; /* walks end at reach: a loop is no long haul */
                OWN(v) = ou;
                FROM(v) = u;
                dist[v] = dist[u] + 2;
                q[tail++] = v;
            } else if (ov > ou && L->src[2 * (ov - 1) + 1] != L->src[2 * (ou - 1) + 1]) {
                /* every node looks round (reach stops only its claims), so
                 * the later of two looks this way: met once, from the
                 * lower walk's side */
                int len = dist[u] + 1 + dist[v];
                if ((rc = add_way(L, (way){u, v, m, (int16_t)len, -1, 0, WAIT, 0, 0}, err)) != DG_OK) return rc;
            }
        }
    }
    return DG_OK;
}

/* The one-cell openings: walls between two rooms, or a room and plain
 * corridor (dg__loop_bridge's rule); at: a cell inside the rim. */
static dg_status bridge_at(digger *g, lattice *L, int32_t at, dg_error *err)
{
    const dg__build *b = g->b;
    const int W = b->cols;
    const uint32_t *cl = b->cell;
    if ((cl[at] & ~(uint32_t)DG_ENTRANCE) != DG_PERIMETER) return DG_OK;
    if (!((cl[at - W] & DG_OPENSPACE) && (cl[at + W] & DG_OPENSPACE)) &&
        !((cl[at - 1] & DG_OPENSPACE) && (cl[at + 1] & DG_OPENSPACE)))
        return DG_OK; /* open on no two opposite sides: most walls */
    spot s;
    if (!dg__loop_bridge(b, at / W, at % W, &s)) return DG_OK;
    /* one that joins nothing new never will: joins only ever turns false
     * as loops are dug */
    bool both = (cl[s.other] & DG_ROOM) != 0;
    if (both ? !dg__loop_joins(g, s.attach, s.other, true)
             : meets(g, L, dg__room_id(cl[s.attach]), dg__loop_system_of(g, s.other)))
        return DG_OK;
    return add_way(L, (way){s.attach, s.other, at, 0, -1, OPENING, WAIT, 0, 0}, err);
}

/* Every opening on the map, wall by wall in row order: the walls open on
 * two opposite sides found all at once (the rows inside the rim as one
 * run, a byte a cell in L->seed, free again once find_ways has its
 * sources; the rim's columns, which the run reads across, cleared), then
 * read eight at a time. Most walls are open on no two sides: tested wall
 * by wall from a list of them, that was a branch the map made
 * unpredictable (a sixth of the lattice's own time with the list's). */
static dg_status find_bridges(digger *g, lattice *L, dg_error *err)
{
    const dg__build *b = g->b;
    const int W = b->cols, H = b->rows;
    if (H < 3 || W < 3) return DG_OK;
    size_t first = (size_t)W + 1, n = (size_t)(H - 2) * (size_t)W - 2; /* cells first .. first + n */
    unsigned char *is = L->seed;
    dg__lattice_bridge_row(b->cell + first - W, b->cell + first, b->cell + first + W, is, (int)n);
    memset(is + n, 0, 8);
    for (int r = 1; r < H - 2; r++) { /* the last column of row r, the first of r + 1 */
        size_t k = (size_t)r * (size_t)W + (size_t)W - 1 - first;
        is[k] = is[k + 1] = 0;
    }
    dg_status rc = DG_OK;
    for (size_t c = 0; c < n && rc == DG_OK; c += 8) {
        uint64_t m;
        memcpy(&m, is + c, 8);
        for (; m && rc == DG_OK; m &= m - 1) rc = bridge_at(g, L, (int32_t)(first + c + (dg__ctz64(m) >> 3)), err);
    }
    return rc;
}

/* A way's two ends: the door cells (-1: none, an opening's or a mouth's
 * far end) and the open cells beyond them. */
static void ends_of(const dg__build *b, const lattice *L, const way *w, int32_t wall[2], int32_t open[2])
{
    if (w->kind == OPENING) {
        wall[0] = wall[1] = -1;
        open[0] = w->a;
        open[1] = w->z;
        return;
    }
    for (int k = 0; k < (w->kind == MOUTH ? 1 : 2); k++) {
        int32_t n = k ? w->z : w->a;
        int32_t s = OWN(n) - 1, root = n;
        while (FROM(root) >= 0) root = FROM(root);
        wall[k] = L->src[2 * s];
        open[k] = floor_behind(root, wall[k]);
    }
    if (w->kind == MOUTH) {
        wall[1] = -1;
        open[1] = w->z;
    }
}

/* Whether a way can still be dug as it was found: its rock still free,
 * its doors' walls still straight (no loop dug beside them since). */
static bool still_free(const dg__build *b, const lattice *L, const way *w, const int32_t wall[2])
{
    int W = b->cols;
    if (w->kind == OPENING) {
        spot s;
        return dg__loop_bridge(b, w->mid / W, w->mid % W, &s) && s.attach == w->a && s.other == w->z;
    }
    int32_t n[2] = {w->a, w->z};
    for (int k = 0; k < (w->kind == MOUTH ? 1 : 2); k++) {
        int32_t root = n[k];
        for (int32_t at = n[k]; at >= 0; at = FROM(at)) {
            if (!rock_free(b, at)) return false;
            int32_t next = FROM(at);
            if (next >= 0 && !rock_free(b, (at + next) / 2)) return false;
            root = at;
        }
        int wr = wall[k] / W, wc = wall[k] % W, rr = root / W, rc = root % W;
        dg_dir d = wr < rr ? DG_DIR_NORTH : wr > rr ? DG_DIR_SOUTH : wc < rc ? DG_DIR_WEST : DG_DIR_EAST;
        if (!dg__loop_door_beyond(b, rr, rc, d)) return false;
    }
    return w->kind == MOUTH ? mouth(b, w->mid, w->z) : rock_free(b, w->mid);
}

/* Cell at was opened: neither it nor the cells beside it are free rock. */
static void opened(lattice *L, const dg__build *b, int32_t at)
{
    L->free[at] = 0;
    L->free[at - b->cols] = L->free[at + b->cols] = L->free[at - 1] = L->free[at + 1] = 0;
}

/* Digs way w: its cells corridor (a system of its own), its doors hung. */
static dg_status dig_way(digger *g, lattice *L, const way *w, const int32_t wall[2], const int32_t open[2],
                         dg_error *err)
{
    dg__build *b = g->b;
    if (w->kind == OPENING) {
        spot s = {SPOT_BRIDGE, w->mid, w->mid, w->a, w->z, dg__room_id(b->cell[w->a])};
        opened(L, b, w->mid);
        return dg__loop_open_bridge(g, &s, err);
    }
    int32_t l = w->kind == MOUTH ? dg__loop_system_of(g, w->z) : 0;
    dg_status rc = l ? DG_OK : dg__loop_new_label(g, &l, err);
    if (rc != DG_OK) return rc;
    int32_t n[2] = {w->a, w->kind == MOUTH ? -1 : w->z};
    for (int k = 0; k < 2; k++)
        for (int32_t at = n[k]; at >= 0; at = FROM(at)) {
            int32_t next = FROM(at);
            b->cell[at] = DG_CORRIDOR;
            g->label[at] = l;
            opened(L, b, at);
            if (next >= 0) {
                b->cell[(at + next) / 2] = DG_CORRIDOR;
                g->label[(at + next) / 2] = l;
                opened(L, b, (at + next) / 2);
            }
        }
    b->cell[w->mid] = DG_CORRIDOR;
    g->label[w->mid] = l;
    opened(L, b, w->mid);
    for (int k = 0; k < 2; k++) {
        if (wall[k] < 0) continue;
        opened(L, b, wall[k]);
        if ((rc = dg__loop_hang_door(g, wall[k], open[k], 0, err)) != DG_OK) return rc;
    }
    return DG_OK;
}

/* dg__loop_walk(g, a, z, most), its answer known where a walk between the
 * same ends since the last dig says it: one that found the steps (all of
 * them: fewer than its most, or as many and the walk from a met z first
 * of those) answers for any most but those steps, where the walk from a
 * decides; one that found none within its most, for a most no greater. */
static int walk(digger *g, lattice *L, int32_t a, int32_t z, int most)
{
    unsigned n = L->n_asked < LATTICE_ASKED ? L->n_asked : LATTICE_ASKED;
    for (unsigned i = 0; i < n; i++) {
        if (L->asked[i].a != a || L->asked[i].z != z || L->asked[i].digs != L->digs) continue;
        int steps = L->asked[i].steps;
        if (steps >= 0 && steps != most) return steps < most ? steps : -1;
        if (steps < 0 && most <= L->asked[i].most) return -1;
    }
    int steps = dg__loop_walk(g, a, z, most);
    unsigned k = L->n_asked++ % LATTICE_ASKED;
    L->asked[k].a = a;
    L->asked[k].z = z;
    L->asked[k].most = most;
    L->asked[k].steps = steps;
    L->asked[k].digs = L->digs;
    return steps;
}

/* Tries the ways in their order, the walk rule `tier` (loops_dig.c's
 * saves), until `want` loops stand; *made counts them. */
static dg_status pass(digger *g, lattice *L, const uint32_t *order, int tier, int want, int *made, dg_error *err)
{
    dg__build *b = g->b;
    g->relaxed = tier;
    for (size_t i = 0; i < L->n_ways && *made < want; i++) {
        way *w = &L->ways[order[i]];
        if (w->state != WAIT) continue;
        int32_t wall[2], open[2];
        bool ended = false;
        if (w->asked != L->digs + 1) { /* a dig since it was last asked */
            ends_of(b, L, w, wall, open);
            ended = true;
            if (!still_free(b, L, w, wall)) {
                w->state = DEAD;
                continue;
            }
            w->adds = dg__loop_adds_loop(g, open[0], open[1], w->kind == OPENING);
            w->asked = (uint16_t)(L->digs + 1);
        }
        if (!w->adds) continue; /* the lair's, or joined */
        int most = dg__loop_saves(g, w->len);
        if (w->known >= 0 && w->known <= most) continue;
        if (!ended) ends_of(b, L, w, wall, open);
        int steps = walk(g, L, open[0], open[1], most);
        if (steps >= 0) { /* too short a way round: a later tier may take it */
            w->known = (int16_t)steps;
            continue;
        }
        dg_status rc = dig_way(g, L, w, wall, open, err);
        if (rc != DG_OK) return rc;
        w->state = USED;
        L->digs++;
        ++*made;
    }
    return DG_OK;
}

/* Free rock (rock_free) everywhere inside the rim, from the map as it
 * stands (once: digging keeps it as it goes): the rows inside the rim as
 * one run of cells (a row's tail alone would be done cell by cell, a
 * third of the run), the rim's columns cleared after; on even rows the
 * cells between four corridor nodes are never dug. */
static void scan_rock(const dg__build *b, lattice *L)
{
    const int W = b->cols, H = b->rows;
    if (H < 3 || W < 3) return;
    size_t first = (size_t)W + 1, last = (size_t)(H - 2) * (size_t)W + (size_t)W - 1; /* [first, last) */
    dg__lattice_free_row(b->cell + first - W, b->cell + first, b->cell + first + W, L->free + first, (int)(last - first));
    for (int r = 1; r <= H - 2; r++) {
        unsigned char *out = L->free + (size_t)r * (size_t)W;
        out[0] = out[W - 1] = 0;
        if (b->lattice && !(r & 1))
            for (int c = 2; c <= W - 2; c += 2) out[c] = 0;
    }
}

/* Finds the ways afresh (the map as it stands) and draws their order. */
static dg_status look(digger *g, lattice *L, uint32_t **order, dg_error *err)
{
    /* own is read at node cells only (odd row, odd column): those cleared,
     * not the whole map (a quarter of its cells) */
    const dg__build *b = g->b;
    for (int r = 1; r < b->rows - 1; r += 2) {
        int32_t *own = L->own + (size_t)r * (size_t)b->cols;
        for (int c = 1; c < b->cols - 1; c += 2) own[c] = 0;
    }
    L->n_src = L->n_ways = 0;
    dg_status rc;
    for (size_t i = 0; i <= g->b->n_room; i++) g->room_step[i] = -1; /* meets' answers */
    if ((rc = doors_by_room(g->b, L, err)) != DG_OK || (rc = find_ways(g, L, err)) != DG_OK ||
        (rc = find_bridges(g, L, err)) != DG_OK)
        return rc;
    dg__free(*order);
    *order = dg__malloc((L->n_ways ? L->n_ways : 1) * sizeof **order);
    if (!*order) return dg__nomem(err, "digging loops");
    for (size_t i = 0; i < L->n_ways; i++) (*order)[i] = (uint32_t)i;
    for (size_t i = L->n_ways; i > 1; i--) {
        uint32_t j = dg__rng_below(&g->rng, (uint32_t)i), t = (*order)[i - 1];
        (*order)[i - 1] = (*order)[j];
        (*order)[j] = t;
    }
    return DG_OK;
}

dg_status dg__loop_lattice(digger *g, int want, dg_error *err)
{
    dg__build *b = g->b;
    lattice L = {0};
    uint32_t *order = NULL;
    dg_status rc = DG_OK;
    /* own and from, a cell each, and free and seed, a byte a cell: one
     * block */
    size_t cells = (size_t)b->rows * (size_t)b->cols;
    L.own = dg__malloc(2 * cells * sizeof *L.own + 2 * cells + 8);
    if (!L.own) {
        rc = dg__nomem(err, "digging loops");
        goto done;
    }
    L.from = L.own + cells;
    L.free = (unsigned char *)(L.from + cells);
    L.seed = L.free + cells;
    memset(L.free, 0, cells);
    scan_rock(b, &L);
    int tiers = b->o->loops == DG_LOOPS_MANY ? 3 : 2, made = 0;
    g->lair = 0;
    for (int round = 0; round < LOOP_ROUNDS; round++) {
        int before = made;
        /* a second look once loops stand: their corridors are systems a
         * room may have no door onto yet */
        for (int again = 0; again < 2 && made < want; again++) {
            /* loops=many: a second look (a whole walk of the rock again)
             * only for a floor still short of three loops */
            if (again && b->o->loops == DG_LOOPS_MANY && made >= LOOP_MANY_ENOUGH) break;
            int had = made;
            if ((rc = look(g, &L, &order, err)) != DG_OK) goto done;
            for (int t = 0; t < tiers && made < want && rc == DG_OK; t++) rc = pass(g, &L, order, t, want, &made, err);
            if (rc != DG_OK) goto done;
            if (made == had) break;
        }
        if (made == before) break; /* nothing dug: the lair stands where it stood */
        if (b->o->loops == DG_LOOPS_MANY) break; /* the lair keeps its doors: nothing lost */
        /* the lair as loops.c's rounds: the lair (lair.c's) once the
         * loops stand; as many loops as it has ways in but one are dug
         * again elsewhere, keeping out of it */
        int far = dg__loop_far_room(g);
        if (!far || far == g->lair) break;
        int lost = dg__loop_ways_in(b, far) - 1;
        g->lair = far;
        if (lost <= 0) break;
        made = made > lost ? made - lost : 0;
    }
done:
    dg__free(order);
    dg__free(L.own); /* and from, free, seed */
    dg__free(L.first);
    dg__free(L.by_room);
    dg__free(L.src);
    dg__free(L.ways);
    return rc;
}
