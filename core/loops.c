/* loops.c -- loops=some|many: ways round dug into a family's map after its
 * stairs stand (floors.c calls it last, before the map is finished), on a
 * stream of its own, so everything the family made stays as loops=none
 * makes it. Jaquays's rule is what it serves: a choice at a junction, a way
 * round a fight. A loop is only made where the walk it saves is long, and
 * only where it adds a way round between rooms and corridor systems (the
 * room graph), not a second door into the same corridor:
 *   - a corridor through rock from a door in one room's free wall to a
 *     door in another's, or to a corridor system the room has no door to
 *     (rooms' families: donjon, panels, gridmapper, cells);
 *   - a door in a wall between a room and a corridor system (or, on
 *     donjon's maze, a room) it has no way into yet: donjon's mazes leave
 *     no rock to dig through;
 *   - where the map is cave, a tunnel from cave floor to cave floor (drawn
 *     as cave; core/chambers.c later keys it as a passage).
 * Nothing a loop digs touches anything on its way (no corridor widens, no
 * door or stair gains a side), doors are drawn from the doors key's mix as
 * the family draws them (an arch into a cave room), and on donjon's node
 * lattice a corridor runs node to node as donjon's own do. On a maze
 * (donjon's lattice) the dead-end corridors go first, as the family's
 * deadends=all would take them: they add no way round and hold the rock
 * loops are dug through. The lair (the room farthest on foot once the
 * loops stand) keeps one way in (cycles.c walls up the others, for the
 * lock-and-key cycle): the loops lost with them are dug again elsewhere. */
#include "dg_int.h"

/* How far through rock a loop may run (cells from where it starts), the
 * walk it must save (LOOP_RATIO times its own length, at least
 * LOOP_MIN_WALK cells), and how many places are tried a loop wanted. */
#define LOOP_REACH_MIN 8
#define LOOP_REACH_MAX 24
#define LOOP_RATIO 3
#define LOOP_MIN_WALK 18
#define LOOP_TRIES 40
#define LOOP_ENDS 6
#define LOOP_MIN_LEN 3
/* Rounds of tries: a round after one that moved the lair (see below). */
#define LOOP_ROUNDS 3
/* More loops are never wanted than this a floor: each costs a walk. */
#define LOOP_MOST 96

enum { SPOT_DOOR, SPOT_MOUTH, SPOT_BRIDGE };

typedef struct {
    int kind;
    int32_t front;   /* the first cell dug; a bridge: the wall or rock cell opened */
    int32_t wall;    /* SPOT_DOOR: the door cell in the room's wall; else -1 */
    int32_t attach;  /* the open cell it leaves from (room floor, corridor, cave floor) */
    int32_t other;   /* SPOT_BRIDGE: the open cell on the far side */
    int room;        /* SPOT_DOOR: the room; SPOT_BRIDGE: the room of attach, 0 none */
} spot;

typedef struct {
    int32_t last;    /* the last cell dug (a box index) */
    int32_t wall;    /* door cell (map index), -1 for a mouth */
    int32_t attach;  /* the open cell beyond */
    int room;
    int len;         /* rock cells dug */
} loop_end;

typedef struct {
    dg__build *b;
    dg_rng rng;
    int reach;
    /* the dig's search box, (2 reach + 1)^2 cells */
    int32_t *prev, *queue, *len;
    uint32_t *box_stamp, box_now; /* box cells seen this search */
    signed char *how; /* the direction a box cell was entered by */
    /* the walk: a stamp per map cell, so nothing is cleared between walks */
    uint32_t *stamp, now;
    int32_t *wq, *depth;
    size_t reached;   /* cells the last walk queued */
    /* corridor systems: a label per open cell that is neither room nor door,
     * merged by union-find as loops join them; 0 for other cells */
    int32_t *label, *parent;
    size_t n_labels, cap_labels;
    int lair;         /* the room farthest on foot once a round of loops stood:
                       * no later loop enters it; 0 in the first round */
    int32_t *room_step; /* far_room's: each room's nearest cell's steps */
    /* what each cell may be to a dig (CLS_ bits), kept as loops are dug:
     * the box search reads it instead of testing each cell's neighbours;
     * dirty: the box of cells dug since it was last brought up to date */
    unsigned char *cls;
    int dirty_r0, dirty_c0, dirty_r1, dirty_c1;
    bool relaxed;     /* the second half of the tries: shorter ways round do */
} digger;

static bool inside(const dg__build *b, int r, int c) { return r >= 1 && c >= 1 && r <= b->rows - 2 && c <= b->cols - 2; }
static int32_t at_of(const dg__build *b, int r, int c) { return (int32_t)(r * b->cols + c); }
static bool between_corners(const dg__build *b, int r, int c) { return b->lattice && !(r & 1) && !(c & 1); }

/* Open neighbours of (r, c), a cell inside the map's rim (its four
 * neighbours on the map); *all_plain: every one is plain corridor (or
 * cave floor); *one: the last one (north, south, west, east). */
static int open_around(const dg__build *b, int r, int c, bool *all_plain, int32_t *one)
{
    int32_t at = at_of(b, r, c), nb[4] = {at - b->cols, at + b->cols, at - 1, at + 1};
    int n = 0;
    *all_plain = true;
    for (int d = 0; d < 4; d++) {
        uint32_t w = b->cell[nb[d]];
        if (!(w & DG_OPENSPACE)) continue;
        n++;
        *all_plain = *all_plain && w == DG_CORRIDOR;
        if (one) *one = nb[d];
    }
    return n;
}

/* Plain rock that may be dug through: no open side. */
static bool diggable(const dg__build *b, int r, int c)
{
    if (!inside(b, r, c) || dg__get(b, r, c) != DG_NOTHING || between_corners(b, r, c)) return false;
    bool p;
    return open_around(b, r, c, &p, NULL) == 0;
}

/* Rock beside plain corridor and nothing else open: where a corridor or
 * tunnel may join one. Cave floor may touch it on several sides; a
 * corridor only on one (no corridor widens). */
static bool mouth(const dg__build *b, int r, int c, int32_t *attach)
{
    if (!inside(b, r, c) || dg__get(b, r, c) != DG_NOTHING || between_corners(b, r, c)) return false;
    bool p;
    int n = open_around(b, r, c, &p, attach);
    if (n == 0 || !p) return false;
    return n == 1 || (b->cave && b->cave[*attach]);
}

/* A door may go in the wall cell beyond (r, c) towards d: a room's straight
 * wall (its floor behind, closed cells on both sides). Returns the room. */
static int door_beyond(const dg__build *b, int r, int c, dg_dir d)
{
    int dr = dg_dir_dy(d), dc = dg_dir_dx(d), wr = r + dr, wc = c + dc;
    if ((dg__get(b, wr, wc) & ~(uint32_t)DG_ENTRANCE) != DG_PERIMETER) return 0;
    uint32_t behind = dg__get(b, wr + dr, wc + dc);
    if (!(behind & DG_ROOM)) return 0;
    if ((dg__get(b, wr + dc, wc + dr) & DG_OPENSPACE) || (dg__get(b, wr - dc, wc - dr) & DG_OPENSPACE)) return 0;
    return dg__room_id(behind);
}

/* A cell that opens two open cells to each other across it: rock between
 * two corridors, or a room's wall between its floor and a corridor or
 * another room. Fills s; false when (r, c) is none. */
static bool bridge(const dg__build *b, int r, int c, spot *s)
{
    if (!inside(b, r, c)) return false;
    int32_t at = at_of(b, r, c);
    uint32_t w = b->cell[at];
    bool wall = (w & ~(uint32_t)DG_ENTRANCE) == DG_PERIMETER;
    if (w != DG_NOTHING && !wall) return false;
    /* inside the rim: the four neighbours are on the map */
    for (int axis = 0; axis < 2; axis++) {
        int32_t along = axis ? 1 : b->cols, across = axis ? b->cols : 1; /* south, else east */
        if ((b->cell[at + across] & DG_OPENSPACE) || (b->cell[at - across] & DG_OPENSPACE)) continue;
        int32_t a = at - along, z = at + along;
        uint32_t p = b->cell[a], q = b->cell[z];
        if (!(p & DG_OPENSPACE) || !(q & DG_OPENSPACE)) continue;
        /* rock joins corridor to corridor; a wall has a room on one side */
        bool pr = (p & DG_ROOM) != 0, qr = (q & DG_ROOM) != 0;
        if (!wall && (pr || qr || p != DG_CORRIDOR || q != DG_CORRIDOR)) continue;
        if (wall && !pr && !qr) continue;
        /* a door in the wall two rooms share reads as a doorway, not as a
         * way round (gridmapper's rooms wall to wall): a corridor is dug
         * instead; donjon's maze leaves nothing else */
        if (wall && pr && qr && !b->lattice) continue;
        if (wall && ((!pr && p != DG_CORRIDOR) || (!qr && q != DG_CORRIDOR))) continue;
        if (!pr && qr) { /* the room's side first */
            int32_t t = a;
            a = z;
            z = t;
        }
        *s = (spot){SPOT_BRIDGE, at, wall ? at : -1, a, z, wall ? dg__room_id(b->cell[a]) : 0};
        return true;
    }
    return false;
}

enum { CLS_DIG = 1, CLS_MOUTH = 2, CLS_DOOR = 4 /* << direction: door_beyond that way */ };

static unsigned char cls_of(const dg__build *b, int r, int c)
{
    /* the box search reads a cell's bits only where it is rock inside the
     * rim and off the lattice's corners (a cell it may dig or start from) */
    if (!inside(b, r, c) || between_corners(b, r, c)) return 0;
    int32_t at = at_of(b, r, c);
    if (b->cell[at] != DG_NOTHING) return 0;
    bool p;
    int32_t one;
    int n = open_around(b, r, c, &p, &one);
    unsigned char k = n == 0 ? CLS_DIG : p && (n == 1 || (b->cave && b->cave[one])) ? CLS_MOUTH : 0;
    /* a door needs a wall beside: most rock has none, and is done here */
    int32_t nb[4] = {at - b->cols, at + b->cols, at - 1, at + 1};
    for (int d = 0; d < 4; d++)
        if ((b->cell[nb[d]] & ~(uint32_t)DG_ENTRANCE) == DG_PERIMETER && door_beyond(b, r, c, (dg_dir)d))
            k |= (unsigned char)(CLS_DOOR << d);
    return k;
}

/* Brings g->cls up to date on the rows r0..r1, columns c0..c1 and the
 * cells two steps round them (what a cell may be reads that far). */
static void reclass(digger *g, int r0, int c0, int r1, int c1)
{
    const dg__build *b = g->b;
    r0 = r0 - 2 < 0 ? 0 : r0 - 2;
    c0 = c0 - 2 < 0 ? 0 : c0 - 2;
    r1 = r1 + 2 > b->rows - 1 ? b->rows - 1 : r1 + 2;
    c1 = c1 + 2 > b->cols - 1 ? b->cols - 1 : c1 + 2;
    for (int r = r0; r <= r1; r++) {
        const uint32_t *row = b->cell + (size_t)r * (size_t)b->cols;
        unsigned char *out = g->cls + (size_t)r * (size_t)b->cols;
        for (int c = c0; c <= c1; c++) out[c] = row[c] == DG_NOTHING ? cls_of(b, r, c) : 0;
    }
}

/* Cell at was changed by a dig: g->cls is out of date round it. */
static void changed(digger *g, int32_t at)
{
    int r = at / g->b->cols, c = at % g->b->cols;
    if (g->dirty_r0 > g->dirty_r1) {
        g->dirty_r0 = g->dirty_r1 = r;
        g->dirty_c0 = g->dirty_c1 = c;
        return;
    }
    if (r < g->dirty_r0) g->dirty_r0 = r;
    if (r > g->dirty_r1) g->dirty_r1 = r;
    if (c < g->dirty_c0) g->dirty_c0 = c;
    if (c > g->dirty_c1) g->dirty_c1 = c;
}

/* Whether spot s can still be used (an earlier loop may have dug beside it). */
static bool spot_ok(const dg__build *b, const spot *s)
{
    int r = s->front / b->cols, c = s->front % b->cols;
    if (s->kind == SPOT_BRIDGE) {
        spot now;
        return bridge(b, r, c, &now) && now.attach == s->attach && now.other == s->other;
    }
    if (s->kind == SPOT_MOUTH) {
        int32_t a;
        return mouth(b, r, c, &a);
    }
    if (!diggable(b, r, c)) return false;
    int wr = s->wall / b->cols, wc = s->wall % b->cols;
    dg_dir d = wr < r ? DG_DIR_NORTH : wr > r ? DG_DIR_SOUTH : wc < c ? DG_DIR_WEST : DG_DIR_EAST;
    return door_beyond(b, r, c, d) == s->room;
}

/* Every place a loop may start, in row-major order; cls is up to date
 * (rock with no open side can be no bridge nor mouth: its bits say it). */
static dg_status find_spots(const dg__build *b, const unsigned char *cls, spot **out, size_t *n_out, dg_error *err)
{
    size_t cap = 0, n = 0;
    spot *v = NULL;
    for (int r = 1; r < b->rows - 1; r++)
        for (int c = 1; c < b->cols - 1; c++) {
            uint32_t w = b->cell[(size_t)r * (size_t)b->cols + (size_t)c];
            if (w != DG_NOTHING && (w & ~(uint32_t)DG_ENTRANCE) != DG_PERIMETER) continue; /* no spot: saves the tests */
            spot s = {SPOT_MOUTH, at_of(b, r, c), -1, -1, -1, 0};
            int32_t a = -1;
            bool node = !b->lattice || ((r & 1) && (c & 1));
            unsigned char k = cls[s.front];
            if (k & CLS_DIG) {
                if (!node || !(k & (CLS_DOOR * 15))) continue;
                int d = 0;
                while (!(k & (CLS_DOOR << d))) d++;
                s.kind = SPOT_DOOR;
                s.room = door_beyond(b, r, c, (dg_dir)d);
                s.wall = at_of(b, r + dg_dir_dy((dg_dir)d), c + dg_dir_dx((dg_dir)d));
                s.attach = at_of(b, r + 2 * dg_dir_dy((dg_dir)d), c + 2 * dg_dir_dx((dg_dir)d));
            } else if (bridge(b, r, c, &s)) {
                /* kept */
            } else if (node && mouth(b, r, c, &a)) {
                s.attach = a;
            } else if (node && diggable(b, r, c)) {
                for (int d = 0; d < 4 && !s.room; d++) {
                    int room = door_beyond(b, r, c, (dg_dir)d);
                    if (!room) continue;
                    s.kind = SPOT_DOOR;
                    s.room = room;
                    s.wall = at_of(b, r + dg_dir_dy((dg_dir)d), c + dg_dir_dx((dg_dir)d));
                    s.attach = at_of(b, r + 2 * dg_dir_dy((dg_dir)d), c + 2 * dg_dir_dx((dg_dir)d));
                }
                if (!s.room) continue;
            } else
                continue;
            if (n == cap && dg__grow((void **)&v, &cap, n + 1, sizeof *v, "digging loops", err) != DG_OK) {
                dg__free(v);
                return DG_ENOMEM;
            }
            v[n++] = s;
        }
    *out = v;
    *n_out = n;
    return DG_OK;
}

/* ------------------------------------------------- the room graph */

static int32_t system_of(digger *g, int32_t at)
{
    int32_t l = g->label[at];
    return l ? dg__uf_find(g->parent, l) : 0;
}

static dg_status new_label(digger *g, int32_t *out, dg_error *err)
{
    if (g->n_labels == g->cap_labels &&
        dg__grow((void **)&g->parent, &g->cap_labels, g->n_labels + 1, sizeof *g->parent, "digging loops", err) != DG_OK)
        return DG_ENOMEM;
    *out = (int32_t)g->n_labels;
    g->parent[g->n_labels] = (int32_t)g->n_labels;
    g->n_labels++;
    return DG_OK;
}

/* Labels every corridor system (open cells that are neither room nor door). */
static dg_status label_systems(digger *g, dg_error *err)
{
    dg__build *b = g->b;
    size_t cells = (size_t)b->rows * (size_t)b->cols;
    int32_t zero;
    dg_status rc = new_label(g, &zero, err); /* label 0: no system */
    for (size_t s = 0; s < cells && rc == DG_OK; s++) {
        uint32_t w = b->cell[s];
        if (g->label[s] || !(w & DG_CORRIDOR) || (w & DG_DOORSPACE)) continue;
        int32_t l;
        if ((rc = new_label(g, &l, err)) != DG_OK) break;
        size_t head = 0, tail = 0;
        g->wq[tail++] = (int32_t)s;
        g->label[s] = l;
        while (head < tail) {
            int32_t at = g->wq[head++];
            int r = at / b->cols, c = at % b->cols;
            for (int d = 0; d < 4; d++) {
                int rr = r + dg_dir_dy((dg_dir)d), cc = c + dg_dir_dx((dg_dir)d);
                if (!dg__in(b, rr, cc)) continue;
                int32_t k = at_of(b, rr, cc);
                uint32_t x = b->cell[k];
                if (g->label[k] || !(x & DG_CORRIDOR) || (x & DG_DOORSPACE)) continue;
                g->label[k] = l;
                g->wq[tail++] = k;
            }
        }
    }
    return rc;
}

/* Whether room `room` already has a way into system sys (a door onto it). */
static bool room_meets(digger *g, int room, int32_t sys)
{
    dg__build *b = g->b;
    for (size_t k = 0; k < b->n_door; k++) {
        const dg__door *d = &b->door[k];
        if (d->room != room) continue;
        int r = d->r + dg_dir_dy(d->dir), c = d->c + dg_dir_dx(d->dir);
        if (dg__in(b, r, c) && system_of(g, at_of(b, r, c)) == sys) return true;
    }
    return false;
}

static bool rooms_meet(const dg__build *b, int a, int z)
{
    for (size_t k = 0; k < b->n_door; k++)
        if ((b->door[k].room == a && b->door[k].other == z) || (b->door[k].room == z && b->door[k].other == a))
            return true;
    return false;
}

/* Whether joining open cells a and z (room floor or corridor) adds an
 * independent way round to the room graph: two rooms always (a new
 * corridor is a node of its own) unless `direct` and they already meet;
 * a room and a system it has no door to; two systems only in caves,
 * whose chambers are keyed later. */
static bool adds_loop(digger *g, int32_t a, int32_t z, bool direct)
{
    dg__build *b = g->b;
    if (g->lair && (((b->cell[a] & DG_ROOM) && dg__room_id(b->cell[a]) == g->lair) ||
                    ((b->cell[z] & DG_ROOM) && dg__room_id(b->cell[z]) == g->lair)))
        return false; /* the lair keeps one way in */
    bool ar = (b->cell[a] & DG_ROOM) != 0, zr = (b->cell[z] & DG_ROOM) != 0;
    if (ar && zr) {
        int ra = dg__room_id(b->cell[a]), rz = dg__room_id(b->cell[z]);
        return ra != rz && !(direct && rooms_meet(b, ra, rz));
    }
    if (ar || zr) {
        int room = dg__room_id(b->cell[ar ? a : z]);
        return !room_meets(g, room, system_of(g, ar ? z : a));
    }
    return b->cave && b->cave[a] && b->cave[z];
}

/* ------------------------------------------------- walking and digging */

/* Steps on foot from open cell a to open cell z, or -1 when more than
 * `most` (the walk stops there: the loop saves enough). The walk ends at
 * the first cell `most` steps away, so z as far as that is found only
 * when the walk meets it first of those (full_walk keeps that rule). */
static int full_walk(digger *g, int32_t a, int32_t z, int most)
{
    dg__build *b = g->b;
    if (++g->now == 0) { /* the stamps wrapped: start them afresh */
        memset(g->stamp, 0, (size_t)b->rows * (size_t)b->cols * sizeof *g->stamp);
        g->now = 1;
    }
    size_t head = 0, tail = 0;
    g->wq[tail] = a;
    g->depth[tail++] = 0;
    g->stamp[a] = g->now;
    const uint32_t *cell = b->cell;
    uint32_t *stamp = g->stamp, now = g->now;
    const int W = b->cols, H = b->rows;
    while (head < tail) {
        int32_t at = g->wq[head];
        int dep = g->depth[head++];
        g->reached = tail;
        if (at == z) return dep;
        if (dep >= most) return -1;
        int r = at / W, c = at - r * W;
        /* north, south, west, east: the order the walk meets cells in is
         * the order far_room reads */
        int32_t nb[4] = {r > 0 ? at - W : -1, r < H - 1 ? at + W : -1, c > 0 ? at - 1 : -1, c < W - 1 ? at + 1 : -1};
        for (int d = 0; d < 4; d++) {
            int32_t k = nb[d];
            if (k < 0 || !(cell[k] & DG_OPENSPACE) || stamp[k] == now) continue;
            stamp[k] = now;
            g->wq[tail] = k;
            g->depth[tail++] = dep + 1;
        }
    }
    g->reached = tail;
    return -1;
}

/* full_walk's answer for a z on the map, walking only the cells a way of
 * `most` steps or fewer can pass (those no farther from a and z together,
 * counted square by square, than that): the answers agree but for z
 * exactly `most` steps away, where the full walk is asked. */
static int walk(digger *g, int32_t a, int32_t z, int most)
{
    dg__build *b = g->b;
    if (z < 0 || most == INT32_MAX) return full_walk(g, a, z, most);
    if (++g->now == 0) {
        memset(g->stamp, 0, (size_t)b->rows * (size_t)b->cols * sizeof *g->stamp);
        g->now = 1;
    }
    size_t head = 0, tail = 0;
    g->wq[tail] = a;
    g->depth[tail++] = 0;
    g->stamp[a] = g->now;
    const uint32_t *cell = b->cell;
    uint32_t *stamp = g->stamp, now = g->now;
    const int W = b->cols, H = b->rows;
    const int zr = z / W, zc = z - zr * W;
    while (head < tail) {
        int32_t at = g->wq[head];
        int dep = g->depth[head++];
        if (at == z) return dep < most ? dep : full_walk(g, a, z, most);
        int r = at / W, c = at - r * W;
        int32_t nb[4] = {r > 0 ? at - W : -1, r < H - 1 ? at + W : -1, c > 0 ? at - 1 : -1, c < W - 1 ? at + 1 : -1};
        for (int d = 0; d < 4; d++) {
            int32_t k = nb[d];
            if (k < 0 || !(cell[k] & DG_OPENSPACE) || stamp[k] == now) continue;
            int kr = k / W, kc = k - kr * W;
            int left = (kr > zr ? kr - zr : zr - kr) + (kc > zc ? kc - zc : zc - kc);
            if (dep + 1 + left > most) continue;
            stamp[k] = now;
            g->wq[tail] = k;
            g->depth[tail++] = dep + 1;
        }
    }
    return -1;
}

/* A door in wall cell `wall` of the room whose floor is `room_at`, leading
 * to `other` (a room id, 0 corridor). */
static dg_status hang_door(digger *g, int32_t wall, int32_t room_at, int other, dg_error *err)
{
    dg__build *b = g->b;
    int wr = wall / b->cols, wc = wall % b->cols, rr = room_at / b->cols, rcol = room_at % b->cols;
    dg_dir out = wr < rr ? DG_DIR_NORTH : wr > rr ? DG_DIR_SOUTH : wc < rcol ? DG_DIR_WEST : DG_DIR_EAST;
    dg_door_type t = b->cave && b->cave[room_at] ? DG_DOOR_ARCH : dg__door_type(&g->rng, b->o->doors);
    dg__door door = {wr, wc, out, dg__room_id(b->cell[room_at]), other, t};
    *dg__at(b, wr, wc) = DG_CORRIDOR | dg__door_bit(t);
    changed(g, wall);
    /* a record left of a door the family closed back to wall goes: the
     * cell has one door */
    size_t kept = 0;
    for (size_t k = 0; k < b->n_door; k++)
        if (b->door[k].r != wr || b->door[k].c != wc) b->door[kept++] = b->door[k];
    b->n_door = kept;
    return dg__add_door(b, &door, err);
}

/* Opens a bridge spot: a door in a wall, or rock made corridor. */
static dg_status open_bridge(digger *g, const spot *s, dg_error *err)
{
    dg__build *b = g->b;
    if (s->wall >= 0) {
        int other = (b->cell[s->other] & DG_ROOM) ? dg__room_id(b->cell[s->other]) : 0;
        return hang_door(g, s->wall, s->attach, other, err);
    }
    int32_t l = system_of(g, s->attach), m = system_of(g, s->other);
    b->cell[s->front] = DG_CORRIDOR;
    changed(g, s->front);
    if (b->cave && b->cave[s->attach]) b->cave[s->front] = 1;
    g->label[s->front] = l;
    if (l != m) g->parent[m] = l;
    return DG_OK;
}

/* Digs the corridor from spot s to end e: corridor cells (cave where it
 * meets cave), doors at the rooms' walls, labels for the room graph. */
static dg_status dig(digger *g, const spot *s, const loop_end *e, int box_r0, int box_c0, int box_w, dg_error *err)
{
    dg__build *b = g->b;
    bool cave = b->cave && ((s->wall < 0 && b->cave[s->attach]) || (e->wall < 0 && b->cave[e->attach]));
    int32_t l = 0;
    if (s->wall < 0) l = system_of(g, s->attach);
    if (e->wall < 0) {
        int32_t m = system_of(g, e->attach);
        if (l && m != l) g->parent[m] = l;
        else l = m;
    }
    dg_status rc = DG_OK;
    if (!l && (rc = new_label(g, &l, err)) != DG_OK) return rc;
    for (int32_t k = e->last; k >= 0; k = g->prev[k]) {
        int32_t at = at_of(b, box_r0 + k / box_w, box_c0 + k % box_w);
        b->cell[at] = DG_CORRIDOR;
        changed(g, at);
        if (cave) b->cave[at] = 1;
        g->label[at] = l;
    }
    if (s->wall >= 0 && (rc = hang_door(g, s->wall, s->attach, 0, err)) != DG_OK) return rc;
    if (e->wall >= 0 && (rc = hang_door(g, e->wall, e->attach, 0, err)) != DG_OK) return rc;
    return DG_OK;
}

/* The walk a loop of `len` dug cells must save; less once the first half
 * of the tries found too few (a small or crowded map). */
static int saves(const digger *g, int len)
{
    int most = (g->relaxed ? LOOP_RATIO - 1 : LOOP_RATIO) * (len + 2), least = g->relaxed ? LOOP_MIN_WALK / 2 : LOOP_MIN_WALK;
    return most < least ? least : most;
}

/* Doors into room id. */
static int ways_in(const dg__build *b, int id)
{
    int n = 0;
    for (size_t k = 0; k < b->n_door; k++) n += b->door[k].room == id || b->door[k].other == id;
    return n;
}

/* What a spot's dig found last (its box's ends), kept until a loop is dug
 * near it: the box holds what it held, and so do the ends. known: the
 * walk last measured to each end (-1 none): walks only shorten as loops
 * are dug, so a walk known shorter than a loop must save stays so. */
typedef struct {
    loop_end ends[LOOP_ENDS];
    int32_t known[LOOP_ENDS];
    signed char n_ends;
    bool valid;
} spot_memo;

/* The box round spot s: its rows r0.., columns c0.., w cells a side. */
static void box_of(const digger *g, const spot *s, int *r0, int *c0, int *w)
{
    const dg__build *b = g->b;
    int r = s->front / b->cols, c = s->front % b->cols, R = g->reach;
    while (R > 2 && (r - R < 0 || c - R < 0 || r + R >= b->rows || c + R >= b->cols)) R--;
    *r0 = r - R;
    *c0 = c - R;
    *w = 2 * R + 1;
}

/* The dig's search from spot s through rock, nearest first, straight on
 * before turning: up to LOOP_ENDS ends (a corridor's mouth, a room's wall
 * a door fits), each with the way back to s in g->prev. */
static int search_box(digger *g, const spot *s, loop_end *ends)
{
    dg__build *b = g->b;
    int r = s->front / b->cols, c = s->front % b->cols, r0, c0, w;
    box_of(g, s, &r0, &c0, &w);
    int R = (w - 1) / 2;
#define BOX(rr, cc) ((int32_t)(((rr) - r0) * w + ((cc) - c0)))
    /* a box cell is unseen unless stamped this search (no clearing) */
    if (++g->box_now == 0) {
        memset(g->box_stamp, 0, (size_t)(2 * g->reach + 1) * (size_t)(2 * g->reach + 1) * sizeof *g->box_stamp);
        g->box_now = 1;
    }
    uint32_t *seen = g->box_stamp, bnow = g->box_now;
    size_t head = 0, tail = 0;
    int32_t start = BOX(r, c);
    g->prev[start] = -1;
    seen[start] = bnow;
    g->how[start] = -1;
    g->len[start] = 1;
    g->queue[tail++] = start;
    int n_ends = 0;
    while (head < tail && n_ends < LOOP_ENDS) {
        int32_t at = g->queue[head++];
        int ar = r0 + at / w, ac = c0 + at % w;
        bool node = !b->lattice || ((ar & 1) && (ac & 1));
        /* a mouth other than the start is an end, and leads no further */
        int32_t attach = -1;
        unsigned char k = g->cls[at_of(b, ar, ac)];
        if (at != start && (k & CLS_MOUTH) && mouth(b, ar, ac, &attach)) {
            if (node) ends[n_ends++] = (loop_end){at, -1, attach, 0, g->len[at]};
            continue;
        }
        /* straight on first, so the corridor runs in long legs */
        dg_dir order[4] = {DG_DIR_NORTH, DG_DIR_SOUTH, DG_DIR_WEST, DG_DIR_EAST};
        if (g->how[at] >= 0) {
            order[0] = (dg_dir)g->how[at];
            order[g->how[at]] = DG_DIR_NORTH;
        }
        for (int i = 0; i < 4 && n_ends < LOOP_ENDS; i++) {
            dg_dir d = order[i];
            if (!node && (int)d != g->how[at]) continue; /* lattice: turns only at nodes */
            int room = node && (k & (CLS_DOOR << d)) ? door_beyond(b, ar, ac, d) : 0;
            if (room && room != s->room) {
                int wr = ar + dg_dir_dy(d), wc = ac + dg_dir_dx(d);
                ends[n_ends++] = (loop_end){at, at_of(b, wr, wc), at_of(b, wr + dg_dir_dy(d), wc + dg_dir_dx(d)), room,
                                            g->len[at]};
                continue;
            }
            int xr = ar + dg_dir_dy(d), xc = ac + dg_dir_dx(d);
            if (xr < r0 || xr > r + R || xc < c0 || xc > c + R) continue;
            int32_t x = BOX(xr, xc);
            if (seen[x] == bnow) continue;
            if (!(g->cls[at_of(b, xr, xc)] & (CLS_DIG | CLS_MOUTH))) continue;
            g->prev[x] = at;
            seen[x] = bnow;
            g->how[x] = (signed char)d;
            g->len[x] = g->len[at] + 1;
            g->queue[tail++] = x;
        }
    }
#undef BOX
    return n_ends;
}

/* Whether the walk from a to z is shorter than `most` would make it (the
 * loop saves too little), from what m knows of end k when it can. */
static bool walk_short(digger *g, spot_memo *m, int k, int32_t a, int32_t z, int most)
{
    if (m->known[k] >= 0 && m->known[k] < most) return true;
    int steps = walk(g, a, z, most);
    if (steps >= 0) m->known[k] = steps;
    return steps >= 0;
}

/* Tries one loop from spot s (m: what its last try found). *dug says
 * whether one was made. */
static dg_status try_spot(digger *g, const spot *s, spot_memo *m, bool *dug, dg_error *err)
{
    dg__build *b = g->b;
    *dug = false;
    if (!m->valid) {
        m->n_ends = s->kind == SPOT_BRIDGE ? 1 : (signed char)search_box(g, s, m->ends);
        for (int k = 0; k < LOOP_ENDS; k++) m->known[k] = -1;
        m->valid = true;
    }
    if (s->kind == SPOT_BRIDGE) {
        if (!adds_loop(g, s->attach, s->other, true) || walk_short(g, m, 0, s->attach, s->other, saves(g, 0)))
            return DG_OK;
        *dug = true;
        return open_bridge(g, s, err);
    }
    for (int k = 0; k < m->n_ends && !*dug; k++) {
        const loop_end *e = &m->ends[k];
        /* a corridor of a cell or two between two doors reads as a
         * doorway: off donjon's lattice (whose cells come two by two) a
         * loop runs at least LOOP_MIN_LEN cells */
        if (!b->lattice && e->len < LOOP_MIN_LEN) continue;
        if (!adds_loop(g, s->attach, e->attach, false)) continue;
        if (walk_short(g, m, k, s->attach, e->attach, saves(g, e->len))) continue;
        /* the search again, for its ways back (it finds what it found) */
        loop_end again[LOOP_ENDS];
        search_box(g, s, again);
        int r0, c0, w;
        box_of(g, s, &r0, &c0, &w);
        dg_status rc = dig(g, s, e, r0, c0, w, err);
        if (rc != DG_OK) return rc;
        *dug = true;
    }
    return DG_OK;
}

/* The room farthest on foot from where the party comes in (the first up
 * stair, else the first exit, else room 1: cycles.c's entrance), each
 * room's steps its nearest cell's, the first of equals: cycles.c's lair,
 * which keeps the one way in a lock can bar (cycles.c walls up others). */
static int far_room(digger *g)
{
    dg__build *b = g->b;
    int32_t from = -1;
    for (size_t k = 0; k < b->n_stair && from < 0; k++)
        if (dg__get(b, b->stair[k].y, b->stair[k].x) & DG_STAIR_UP) from = at_of(b, b->stair[k].y, b->stair[k].x);
    if (from < 0 && b->n_exit) from = at_of(b, b->exit[0].y, b->exit[0].x);
    size_t cells = (size_t)b->rows * (size_t)b->cols;
    for (size_t k = 0; k < cells && from < 0; k++)
        if ((b->cell[k] & DG_ROOM) && dg__room_id(b->cell[k]) == 1) from = (int32_t)k;
    if (from < 0) return 0;
    walk(g, from, -1, INT32_MAX);
    for (size_t i = 0; i <= b->n_room; i++) g->room_step[i] = -1;
    /* the walk meets a room's nearest cell first */
    for (size_t k = 0; k < g->reached; k++) {
        int32_t at = g->wq[k];
        if (!(b->cell[at] & DG_ROOM)) continue;
        int id = dg__room_id(b->cell[at]);
        if (id > 0 && (size_t)id <= b->n_room && g->room_step[id] < 0) g->room_step[id] = g->depth[k];
    }
    int lair = 0;
    for (size_t i = 1; i <= b->n_room; i++)
        if (g->room_step[i] >= 0 && (!lair || g->room_step[i] > g->room_step[lair])) lair = (int)i;
    return lair;
}

/* A loop was dug (g's dirty box): the spots that failed near it are
 * tried again. One farther off fails again: its dig's box holds what it
 * held, a dig only shortens walks, and joins systems rather than parting
 * them, so each end it found is refused again as it was. */
static void retry_near(const digger *g, const spot *spots, size_t n, uint32_t *failed, spot_memo *memo,
                       uint32_t epoch)
{
    /* the box reaches `reach` cells, reads a wall and the floor behind it
     * beyond, and the classes read two cells round what changed */
    int m = g->reach + 4, W = g->b->cols;
    int r0 = g->dirty_r0 - m, r1 = g->dirty_r1 + m, c0 = g->dirty_c0 - m, c1 = g->dirty_c1 + m;
    for (size_t k = 0; k < n; k++) {
        int r = spots[k].front / W, c = spots[k].front % W;
        if (r < r0 || r > r1 || c < c0 || c > c1) continue;
        memo[k].valid = false;
        if (failed[k] == epoch) failed[k] = 0;
    }
}

/* How many loops a floor gets: some a few, many more, by the map's size. */
static int loops_wanted(const dg__build *b)
{
    long cells = (long)b->rows * b->cols;
    long n = b->o->loops == DG_LOOPS_SOME ? 2 + cells / 2000 : 5 + cells / 500;
    return n > LOOP_MOST ? LOOP_MOST : (int)n;
}

dg_status dg__dig_loops(dg__build *b, dg_rng rng, dg_error *err)
{
    if (b->o->loops == DG_LOOPS_NONE) return DG_OK;
    digger g = {.b = b, .rng = rng};
    int side = b->rows < b->cols ? b->rows : b->cols;
    g.reach = side / 3;
    if (g.reach < LOOP_REACH_MIN) g.reach = LOOP_REACH_MIN;
    if (g.reach > LOOP_REACH_MAX) g.reach = LOOP_REACH_MAX;
    size_t box = (size_t)(2 * g.reach + 1) * (size_t)(2 * g.reach + 1);
    size_t cells = (size_t)b->rows * (size_t)b->cols;
    /* the family's dead-end corridors go first (its own deadends pass, all
     * of them): they add no way round, and on a maze they hold the rock a
     * loop is dug through */
    if (b->lattice) dg__remove_deadends(b, 100);
    spot *spots = NULL;
    size_t n_spots = 0;
    dg_status rc = DG_OK;
    uint32_t *failed = NULL;
    spot_memo *memo = NULL;
    g.prev = dg__malloc(box * sizeof *g.prev);
    g.queue = dg__malloc(box * sizeof *g.queue);
    g.len = dg__malloc(box * sizeof *g.len);
    g.how = dg__malloc(box);
    g.box_stamp = dg__calloc(box, sizeof *g.box_stamp);
    g.stamp = dg__calloc(cells, sizeof *g.stamp);
    g.label = dg__calloc(cells, sizeof *g.label);
    g.wq = dg__malloc(cells * sizeof *g.wq);
    g.depth = dg__malloc(cells * sizeof *g.depth);
    g.room_step = dg__malloc((b->n_room + 1) * sizeof *g.room_step);
    g.cls = dg__malloc(cells);
    if (!g.cls || !g.room_step || !g.prev || !g.box_stamp || !g.queue || !g.len || !g.how || !g.stamp || !g.label || !g.wq || !g.depth) {
        rc = dg__nomem(err, "digging loops");
        goto done;
    }
    if ((rc = label_systems(&g, err)) != DG_OK) goto done;
    reclass(&g, 0, 0, b->rows - 1, b->cols - 1);
    if ((rc = find_spots(b, g.cls, &spots, &n_spots, err)) != DG_OK) goto done;
    failed = dg__calloc(n_spots ? n_spots : 1, sizeof *failed);
    memo = dg__malloc((n_spots ? n_spots : 1) * sizeof *memo);
    if (!failed || !memo) {
        rc = dg__nomem(err, "digging loops");
        goto done;
    }
    for (size_t k = 0; k < n_spots; k++) memo[k].valid = false;
    g.dirty_r0 = 1; /* nothing dirty */
    g.dirty_r1 = 0;
    /* no lair yet: the first round's loops may go anywhere (a lair fixed
     * before them was most often not the lair after them) */
    g.lair = 0;
    int want = loops_wanted(b), made = 0, budget = LOOP_TRIES * want;
    /* a spot that failed fails again until a loop is dug near it or the
     * rule is relaxed (a try draws nothing from the stream unless it
     * digs): the draw is kept, the try is not made again */
    uint32_t epoch = 1;
    for (int round = 0; round < LOOP_ROUNDS && n_spots > 0; round++) {
        g.relaxed = false;
        epoch++;
        for (int tries = 0; tries < budget && made < want; tries++) {
            bool relaxed = tries >= budget / 2;
            if (relaxed != g.relaxed) epoch++;
            g.relaxed = relaxed;
            uint32_t k = dg__rng_below(&g.rng, (uint32_t)n_spots);
            if (failed[k] == epoch) continue;
            const spot *s = &spots[k];
            bool dug = false;
            if (spot_ok(b, s) && (rc = try_spot(&g, s, &memo[k], &dug, err)) != DG_OK) goto done;
            made += dug;
            if (dug) {
                retry_near(&g, spots, n_spots, failed, memo, epoch);
                reclass(&g, g.dirty_r0, g.dirty_c0, g.dirty_r1, g.dirty_c1);
                g.dirty_r0 = 1;
                g.dirty_r1 = 0;
            } else
                failed[k] = epoch;
        }
        /* the room farthest once the loops stand is the lair: cycles.c
         * walls up its other ways in, and the loops through them with
         * them; that many more are dug in another round, which keeps out
         * of it */
        int far = far_room(&g);
        if (!far || far == g.lair) break;
        int lost = ways_in(b, far) - 1;
        g.lair = far;
        if (lost <= 0) break;
        made = made > lost ? made - lost : 0;
        budget = LOOP_TRIES * (want - made);
    }
    b->ends = NULL; /* new corridor ends stand where the lattice's did not */
done:
    dg__free(spots);
    dg__free(failed);
    dg__free(memo);
    dg__free(g.prev);
    dg__free(g.box_stamp);
    dg__free(g.queue);
    dg__free(g.len);
    dg__free(g.how);
    dg__free(g.stamp);
    dg__free(g.label);
    dg__free(g.parent);
    dg__free(g.wq);
    dg__free(g.depth);
    dg__free(g.room_step);
    dg__free(g.cls);
    return rc;
}
