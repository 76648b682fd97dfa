/* loops_dig.c -- one try from one place: the search through rock for
 * ends (a mouth, a room's wall), the checks (a way round, a walk saved),
 * and the dig (corridor cells, doors as the family hangs them, labels);
 * loops.c draws the places. */
#include "loops_int.h"

/* A door in wall cell `wall` of the room whose floor is `room_at`, leading
 * to `other` (a room id, 0 corridor). */
dg_status dg__loop_hang_door(digger *g, int32_t wall, int32_t room_at, int other, dg_error *err)
{
    dg__build *b = g->b;
    int wr = wall / b->cols, wc = wall % b->cols, rr = room_at / b->cols, rcol = room_at % b->cols;
    dg_dir out = wr < rr ? DG_DIR_NORTH : wr > rr ? DG_DIR_SOUTH : wc < rcol ? DG_DIR_WEST : DG_DIR_EAST;
    dg_door_type t = b->cave && b->cave[room_at] ? DG_DOOR_ARCH : dg__door_type(&g->rng, b->o->doors);
    dg__door door = {wr, wc, out, dg__room_id(b->cell[room_at]), other, t};
    *dg__at(b, wr, wc) = DG_CORRIDOR | dg__door_bit(t);
    dg__loop_changed(g, wall);
    /* a record left of a door the family closed back to wall goes: the
     * cell has one door */
    size_t kept = 0;
    for (size_t k = 0; k < b->n_door; k++)
        if (b->door[k].r != wr || b->door[k].c != wc) b->door[kept++] = b->door[k];
    b->n_door = kept;
    return dg__add_door(b, &door, err);
}

/* Opens a bridge spot: a door in a wall, or rock made corridor. */
dg_status dg__loop_open_bridge(digger *g, const spot *s, dg_error *err)
{
    dg__build *b = g->b;
    if (s->wall >= 0) {
        int other = (b->cell[s->other] & DG_ROOM) ? dg__room_id(b->cell[s->other]) : 0;
        return dg__loop_hang_door(g, s->wall, s->attach, other, err);
    }
    int32_t l = dg__loop_system_of(g, s->attach), m = dg__loop_system_of(g, s->other);
    b->cell[s->front] = DG_CORRIDOR;
    dg__loop_changed(g, s->front);
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
    if (s->wall < 0) l = dg__loop_system_of(g, s->attach);
    if (e->wall < 0) {
        int32_t m = dg__loop_system_of(g, e->attach);
        if (l && m != l) g->parent[m] = l;
        else l = m;
    }
    dg_status rc = DG_OK;
    if (!l && (rc = dg__loop_new_label(g, &l, err)) != DG_OK) return rc;
    for (int32_t k = e->last; k >= 0; k = g->prev[k]) {
        int32_t at = dg__loop_at(b, box_r0 + k / box_w, box_c0 + k % box_w);
        b->cell[at] = DG_CORRIDOR;
        dg__loop_changed(g, at);
        if (cave) b->cave[at] = 1;
        g->label[at] = l;
    }
    if (s->wall >= 0 && (rc = dg__loop_hang_door(g, s->wall, s->attach, 0, err)) != DG_OK) return rc;
    if (e->wall >= 0 && (rc = dg__loop_hang_door(g, e->wall, e->attach, 0, err)) != DG_OK) return rc;
    return DG_OK;
}

/* The walk a loop of `len` dug cells must save; less once the first half
 * of the tries found too few (a small or crowded map), and at loops=many
 * less again in the last quarter: the old way at least as long as the new
 * one (two ways of a length are Jaquays's loop, not a shortcut), never
 * under half LOOP_MIN_WALK, so a door a few steps from another way in
 * stays a wall. Panels' maps need it (71 -> 89% of floors with two loops). */
int dg__loop_saves(const digger *g, int len)
{
    static const int ratio[3] = {LOOP_RATIO, LOOP_RATIO - 1, 1};
    int most = ratio[g->relaxed] * (len + 2), least = g->relaxed ? LOOP_MIN_WALK / 2 : LOOP_MIN_WALK;
    return most < least ? least : most;
}

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

/* Whether an end `len` cells from spot s, at open cell attach, could
 * ever make a loop: one that cannot takes no place among the few ends a
 * search keeps (panels' rooms have their own corridor's mouths nearest,
 * which would fill them). */
static bool useful(digger *g, const spot *s, int32_t attach, int len)
{
    /* a corridor of a cell or two between two doors reads as a doorway:
     * off donjon's lattice (whose cells come two by two) a loop runs at
     * least LOOP_MIN_LEN cells */
    if (!g->b->lattice && len < LOOP_MIN_LEN) return false;
    return dg__loop_joins(g, s->attach, attach, false);
}

/* The dig's search from spot s through rock, nearest first, straight on
 * before turning: up to LOOP_ENDS ends that could make a loop (a
 * corridor's mouth, a room's wall a door fits), each with the way back to
 * s in g->prev. */
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
        unsigned char k = g->cls[dg__loop_at(b, ar, ac)];
        if (at != start && (k & CLS_MOUTH) && dg__loop_mouth(b, ar, ac, &attach)) {
            if (node && useful(g, s, attach, g->len[at])) ends[n_ends++] = (loop_end){at, -1, attach, 0, g->len[at]};
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
            int room = node && (k & (CLS_DOOR << d)) ? dg__loop_door_beyond(b, ar, ac, d) : 0;
            if (room && room != s->room) {
                int wr = ar + dg_dir_dy(d), wc = ac + dg_dir_dx(d);
                int32_t beyond = dg__loop_at(b, wr + dg_dir_dy(d), wc + dg_dir_dx(d));
                if (useful(g, s, beyond, g->len[at]))
                    ends[n_ends++] = (loop_end){at, dg__loop_at(b, wr, wc), beyond, room, g->len[at]};
                continue;
            }
            int xr = ar + dg_dir_dy(d), xc = ac + dg_dir_dx(d);
            if (xr < r0 || xr > r + R || xc < c0 || xc > c + R) continue;
            int32_t x = BOX(xr, xc);
            if (seen[x] == bnow) continue;
            if (!(g->cls[dg__loop_at(b, xr, xc)] & (CLS_DIG | CLS_MOUTH))) continue;
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
    int steps = dg__loop_walk(g, a, z, most);
    if (steps >= 0) m->known[k] = steps;
    return steps >= 0;
}

/* Tries one loop from spot s (m: what its last try found). *dug says
 * whether one was made. */
dg_status dg__loop_try_spot(digger *g, const spot *s, spot_memo *m, bool *dug, dg_error *err)
{
    dg__build *b = g->b;
    *dug = false;
    if (!m->valid) {
        m->ok = dg__loop_spot_ok(b, s);
        m->n_ends = !m->ok ? 0 : s->kind == SPOT_BRIDGE ? 1 : (signed char)search_box(g, s, m->ends);
        for (int k = 0; k < LOOP_ENDS; k++) m->known[k] = -1;
        m->valid = true;
    }
    if (!m->ok) return DG_OK;
    if (s->kind == SPOT_BRIDGE) {
        if (!dg__loop_adds_loop(g, s->attach, s->other, true) ||
            walk_short(g, m, 0, s->attach, s->other, dg__loop_saves(g, 0)))
            return DG_OK;
        *dug = true;
        return dg__loop_open_bridge(g, s, err);
    }
    for (int k = 0; k < m->n_ends && !*dug; k++) {
        const loop_end *e = &m->ends[k];
        if (!dg__loop_adds_loop(g, s->attach, e->attach, false)) continue;
        /* the last tier takes ways round no longer than the old one: not
         * a third way between two rooms that two corridors already join,
         * which would only run beside them (panels' two rooms got three
         * corridors side by side) */
        if (g->relaxed == 2 && (b->cell[s->attach] & DG_ROOM) && (b->cell[e->attach] & DG_ROOM) &&
            dg__loop_rooms_shared_systems(g, dg__room_id(b->cell[s->attach]), dg__room_id(b->cell[e->attach])) > 1)
            continue;
        if (walk_short(g, m, k, s->attach, e->attach, dg__loop_saves(g, e->len))) continue;
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
