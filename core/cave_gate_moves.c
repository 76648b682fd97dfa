/* cave_gate_moves.c -- the changes a loops=some cave takes for its gate
 * (cave_gate.c tries them in turn), the cave's own ways, as the rooms'
 * maps take walls and loops for theirs (cycles_dig.c): rockfalls (floor
 * to rock: the lair's other mouths, a tunnel beside the way, the seam of
 * a cave parted in two) and tunnels through rock (a dead-end chamber's
 * second way out, a long way round), each only where the cave stays one
 * region. Each finds its cells on the map as it stands and changes
 * nothing itself (the caller fills or digs them, then keys the cave
 * again); their walks use the caller's buffers. */
#include "cave_gate_int.h"

/* Mouths of the lair a rockfall tries keeping, at most. */
#define MOUTH_TRIES 8

/* The walk a long way round must add at least (steps round, beyond the
 * tunnel's own). */
#define LEAST_ROUND 8
/* Floor this near the gate's near side (steps) may start the tunnel. */
#define NEAR_GATE 4

/* Tunnel cells beside the way a rockfall may close, tried at most. */
#define BESIDE_TRIES 96

/* Gate cells a split tries at most. */
#define SPLIT_TRIES 24

/* Whether floor cell k may go to rock in a rockfall: cave floor (a
 * passage's or a chamber's), no door, stair or exit. */
bool dg__gate_fillable(const dg_dungeon *d, int32_t k)
{
    int x = k % d->width, y = k / d->width;
    uint32_t c = d->cells[k];
    return (c & DG_CORRIDOR) && !(c & (DG_ROOM | DG_DOORSPACE | DG_STAIRS)) && d->cave[k] && x > 0 && y > 0 &&
           x < d->width - 1 && y < d->height - 1;
}

/* Whether every open cell is reached from the entrance. */
bool dg__gate_one_region(const dg_dungeon *d, cyc_work *w)
{
    dg_point in;
    if (!dg__map_entrance(d, &in)) return false;
    size_t cells = (size_t)d->width * (size_t)d->height, open = 0;
    for (size_t k = 0; k < cells; k++) open += dg_cell_open(d->cells[k]);
    dg__cyc_sides_all(d, w);
    int32_t from = (int32_t)(in.y * d->width + in.x);
    return dg__cyc_walk(d, w, from, w->shut, w->dist, NULL, w->queue, NULL) == open;
}

/* The walk from d's entrance (w->dist, w->parent, w->steps) and the lair
 * it finds: the lair's id when it is a cave chamber, else 0 (no entrance,
 * or a lair no gate serves); *from the entrance's cell. */
int dg__gate_lair(dg_dungeon *d, cyc_work *w, int32_t *from)
{
    dg_point in;
    if (!dg__map_entrance(d, &in)) return 0;
    *from = (int32_t)(in.y * d->width + in.x);
    dg__cyc_sides_all(d, w);
    dg__cyc_walk(d, w, *from, w->shut, w->dist, w->parent, w->queue, w->steps);
    int lair = dg__lair_room(d, w->steps + 1);
    return lair && d->rooms[lair - 1].kind == DG_ROOM_KIND_CHAMBER ? lair : 0;
}

/* The rockfall that leaves the lair one way in, a tunnel one cell wide
 * at its mouth for a gate: of the floor cells beside the lair on the
 * entrance's side (what lies beyond a lair the way passes through keeps
 * its ways), one that a gate fits once its sides are rock (the lair on one
 * side, floor straight on beyond it) is kept, nearest the entrance first,
 * and every other goes to rock with the kept one's sides, where the cave
 * stays one region. The cells filled (their count in fill[]; 0 none fits), the
 * kept mouth, its near side and the lair; the map as it was. */
int dg__gate_rockfall(dg_dungeon *d, cyc_work *w, int32_t *fill, int32_t *kept, int32_t *near, int *lair_at)
{
    int32_t from;
    int lair = dg__gate_lair(d, w, &from);
    if (!lair) return 0;
    size_t cells = (size_t)d->width * (size_t)d->height;
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
            if (!dg__gate_fillable(d, s) || n_contact == MOST_FILLS) return 0; /* a door, a stair: it stays */
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
    for (int t = 0, most = dg__gate_tries(d, MOUTH_TRIES); t < n_contact && t < most; t++) {
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
            if (!dg__gate_fillable(d, s) || n == MOST_FILLS) ok = false;
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
        ok = dg__gate_one_region(d, w);
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
int dg__gate_long_way(const dg_dungeon *d, cyc_work *w, int32_t mouth, int32_t out, int32_t *cut)
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
int dg__gate_way_out(const dg_dungeon *d, cyc_work *w, int room, int32_t gate, int32_t near, int32_t *cut)
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

/* With the lair's one way in through the gate at `mouth` (near side
 * `out`), every room near the way to it: a rockfall across a tunnel one
 * or two cells wide beside the way (cycles_dig.c's walled-up door, the cave's way), so
 * the rooms behind it come back to the way the long way round, the
 * farthest of them round a key's room. The cave stays one region and its
 * lair stays. The cells whose fall makes the longest walk round (1.5
 * times the walk to the gate at least) in cut[] (their count; 0 none). */
int dg__gate_beside(dg_dungeon *d, cyc_work *w, int32_t mouth, int32_t out, int lair, int32_t *cut)
{
    dg_point in;
    if (!dg__map_entrance(d, &in)) return 0;
    size_t cells = (size_t)d->width * (size_t)d->height;
    int32_t from = (int32_t)(in.y * d->width + in.x);
    long best_score = -1;
    int tries = 0, best_n = 0;
    int own = dg__room_id(d->cells[out]);
    int most = dg__gate_tries(d, BESIDE_TRIES);
    for (size_t k = 0; k < cells && tries < most; k++) {
        /* a cross-section of floor one or two cells wide, rock at both
         * its ends: across a row (axis 0) or a column (axis 1) */
        for (int axis = 0; axis < 2 && tries < most; axis++)
            for (int wide = 1; wide <= 2 && tries < most; wide++) {
                int32_t step = axis ? w->step[3] : w->step[1], f[2] = {(int32_t)k, (int32_t)k + step};
                int32_t before = (int32_t)k - step, after = (int32_t)k + wide * step;
                if (before < 0 || (size_t)after >= cells || dg_cell_open(d->cells[before]) ||
                    dg_cell_open(d->cells[after]))
                    continue;
                if (!axis && (k % (size_t)d->width == 0 || (k + (size_t)wide) % (size_t)d->width == 0)) continue;
                bool ok = true;
                for (int j = 0; j < wide && ok; j++) {
                    ok = dg__gate_fillable(d, f[j]) && f[j] != mouth && f[j] != out && dg__room_id(d->cells[f[j]]) != lair;
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
                if (dg__gate_one_region(d, w)) {
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
int dg__gate_split(dg_dungeon *d, cyc_work *w, int32_t *fill)
{
    int32_t from;
    int lair = dg__gate_lair(d, w, &from);
    if (!lair) return 0;
    size_t cells = (size_t)d->width * (size_t)d->height;
    /* the gate cells (fits()'s) anywhere: the split makes one the way */
    int32_t gate[SPLIT_TRIES], up[SPLIT_TRIES], down[SPLIT_TRIES];
    int n_gate = 0;
    int most = dg__gate_tries(d, SPLIT_TRIES);
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
        if (!dg__gate_fits(d, w, (int32_t)k, a, b, &g)) continue;
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
            int seam = dg__gate_seam(d, w, c, dn, df, lair, k);
            if (seam < 0) ok = false;
            if (seam <= 0) continue;
            if ((int32_t)k == down[t] || !dg__gate_fillable(d, (int32_t)k) || n == MOST_SPLIT) ok = false;
            else try_fill[n++] = (int32_t)k;
        }
        if (!ok || !n) continue;
        /* the split map, asked: one region, and a key room far enough */
        for (int j = 0; j < n; j++) {
            was[j] = d->cells[try_fill[j]];
            d->cells[try_fill[j]] = DG_NOTHING;
        }
        long score = -1;
        if (dg__gate_one_region(d, w)) {
            w->shut[c] = 1;
            dg__cyc_walk(d, w, from, w->shut, dn, NULL, queue, in_steps);
            int32_t door = dn[up[t]] + 1;
            dg__cyc_walk(d, w, up[t], w->shut, df, NULL, queue, near_steps);
            w->shut[c] = 0;
            int own = dg__room_id(d->cells[down[t]]), own2 = dg__room_id(d->cells[up[t]]);
            for (size_t r = 1; r <= d->n_rooms; r++) {
                if ((int)r == lair || (int)r == own || (int)r == own2 || in_steps[r] < 0 || near_steps[r] < 0) continue;
                long round = (long)in_steps[r] + near_steps[r] + 1;
                long margin = 2 * round - 3 * (long)door;
                if (margin >= 0 && margin > score) score = margin;
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

