/* cave_gate_cut.c -- the last move a loops=some cave takes for its gate
 * (cave_gate.c tries it where cave_gate_moves.c's moves left none): the
 * cave cut across at a cell of the way to the lair. The cell's two sides
 * fall (the tunnel there one cell wide, a gate's), and so does the floor
 * on the lair's side that touches the entrance's side anywhere else (a
 * rockfall along the seam), so the cell alone joins the two: the lair and
 * what lies beyond it behind the gate, the entrance and its loops before
 * it. Why: of the 552 small caves (test_loops, 31x31) with no gate, 409
 * had a cell on the way that cut the lair off, none of them one cell wide
 * at a chamber's mouth; and where one was, the gate stood at the lair's
 * mouth, the farthest place on the map, so no room lay 1.5 times as far
 * round (the best 0.8 times on average). A cut nearer the entrance
 * shortens the walk to the gate, and a loop on the entrance's side is far
 * enough round for the key. Each cut is asked on the cut map (one region,
 * the same lair, cut off by the cell; the room farthest round) and ranked;
 * the driver keys the cave again after each and lets the cycle's own
 * search (cave_gate.c's place) decide. Changes nothing itself. */
#include "cave_gate_int.h"

/* Cells of the way tried as the cut's cell (each a few walks of the map). */
#define CUT_CELLS 64

/* Ways out of each chamber (the passages it opens on), as cycles.c counts
 * a dead end, on the cave as it is keyed now. */
static void chamber_ways(const dg_dungeon *d, int *ways)
{
    for (size_t i = 0; i <= d->n_rooms; i++) ways[i] = 0;
    for (size_t p = 0; p < d->n_passages; p++)
        for (size_t j = 0; j < d->passages[p].n_rooms; j++) ways[d->passages[p].rooms[j]]++;
}

/* The fills that cut the cave at cell c (up its entrance side, down the
 * lair's) into fill[] (their count), -1 where no cut fits: the lair or the
 * entrance on the wrong side, a cell that cannot fall, too many. dn and df
 * are scratch. */
static int cut_at(dg_dungeon *d, cyc_work *w, int32_t from, int lair, int32_t c, int32_t up, int32_t down,
                  int32_t *fill)
{
    size_t cells = (size_t)d->width * (size_t)d->height;
    int32_t *dn = w->seen, *df = w->back;
    w->shut[c] = 1;
    dg__cyc_walk(d, w, up, w->shut, dn, NULL, w->queue, NULL);
    dg__cyc_walk(d, w, down, w->shut, df, NULL, w->queue, NULL);
    w->shut[c] = 0;
    if (dn[from] < 0 || (df[from] >= 0 && df[from] < dn[from])) return -1;
    int n = 0;
    /* the cell's sides, across the way */
    int32_t across = (up - c == 1 || c - up == 1) ? d->width : 1;
    for (int s = -1; s <= 1; s += 2) {
        int32_t k = c + s * across;
        if (!dg_cell_open(d->cells[k])) continue;
        if (!dg__gate_fillable(d, k) || dg__room_id(d->cells[k]) == lair) return -1;
        fill[n++] = k;
    }
    /* the far side's floor beside the near side's */
    for (size_t k = 0; k < cells; k++) {
        if (!dg_cell_open(d->cells[k]) || (int32_t)k == c) continue;
        int seam = dg__gate_seam(d, w, c, dn, df, lair, k);
        if (seam < 0) return -1;
        if (!seam) continue;
        bool known = false;
        for (int j = 0; j < n; j++) known |= fill[j] == (int32_t)k;
        if (known) continue;
        if ((int32_t)k == down || !dg__gate_fillable(d, (int32_t)k) || n == MOST_CUT) return -1;
        fill[n++] = (int32_t)k;
    }
    return n;
}

/* Whether a gate fits cell c once its sides fall: a chamber's mouth as
 * the cave is keyed now (a cut in the middle of a passage leaves no
 * chamber for a gate there to close, a third of the cuts tried; the cut
 * may still make a gate of a mouth nearer the lair). */
static bool fits_once_cut(dg_dungeon *d, cyc_work *w, int32_t c, int32_t up, int32_t down)
{
    int32_t across = (up - c == 1 || c - up == 1) ? d->width : 1;
    uint32_t was[2] = {d->cells[c - across], d->cells[c + across]};
    unsigned char sides = w->sides[c];
    d->cells[c - across] = d->cells[c + across] = DG_NOTHING;
    w->sides[c] = dg__cyc_sides_of(d, (size_t)c);
    dg_door g;
    bool fits = dg__gate_fits(d, w, c, up, down, &g);
    d->cells[c - across] = was[0];
    d->cells[c + across] = was[1];
    w->sides[c] = sides;
    return fits;
}

/* margin_of's answer where the cut map is no cut: two regions, another
 * lair, or the lair still reached round the cell. */
#define NO_CUT (-2L)

/* The cut map asked (the fills fallen, put back after): one region, the
 * same lair, cut off by cell c, and the best key room's margin (2 round -
 * 3 door, -1 none: no room with two ways out, not the cell's own nor the
 * lair, is reached with c shut). */
static long margin_of(dg_dungeon *d, cyc_work *w, int32_t from, int lair, int32_t c, int32_t up, int32_t down,
                      const int32_t *fill, int n, const int *ways, long *dead)
{
    *dead = -1;
    size_t cells = (size_t)d->width * (size_t)d->height, open = 0;
    uint32_t was[MOST_CUT];
    for (int j = 0; j < n; j++) {
        was[j] = d->cells[fill[j]];
        d->cells[fill[j]] = DG_NOTHING;
    }
    for (size_t k = 0; k < cells; k++) open += dg_cell_open(d->cells[k]);
    dg__cyc_sides_all(d, w);
    long best = NO_CUT;
    if (dg__cyc_walk(d, w, from, NULL, w->dist, NULL, w->queue, w->steps) == open &&
        dg__lair_room(d, w->steps + 1) == lair) {
        best = -1;
        int32_t *in_steps = w->shut_steps, *near_steps = w->back_steps;
        w->shut[c] = 1;
        dg__cyc_walk(d, w, from, w->shut, w->dist, NULL, w->queue, in_steps);
        long door = (long)w->dist[up] + 1;
        dg__cyc_walk(d, w, up, w->shut, w->seen, NULL, w->queue, near_steps);
        w->shut[c] = 0;
        int own = dg__room_id(d->cells[up]), own2 = dg__room_id(d->cells[down]);
        if (in_steps[lair] >= 0) best = NO_CUT;
        else
            for (size_t r = 1; r <= d->n_rooms; r++) {
                if ((int)r == lair || (int)r == own || (int)r == own2 || in_steps[r] < 0 || near_steps[r] < 0)
                    continue;
                long m = 2 * ((long)in_steps[r] + near_steps[r] + 1) - 3 * door;
                if (m < 0) continue;
                if (ways[r] >= 2 && m > best) best = m;
                if (ways[r] < 2 && m > *dead) *dead = m;
            }
    }
    for (int j = 0; j < n; j++) d->cells[fill[j]] = was[j];
    dg__cyc_sides_all(d, w);
    return best;
}

int dg__gate_cuts(dg_dungeon *d, cyc_work *w, dg__gate_cut *best, int most)
{
    int32_t from;
    int lair = dg__gate_lair(d, w, &from);
    if (!lair) return 0;
    size_t cells = (size_t)d->width * (size_t)d->height;
    /* the way, from the lair's nearest cell back to the entrance: the
     * walk's parents, read before any other walk (none keeps them) */
    int32_t at = -1;
    for (size_t k = 0; k < cells && at < 0; k++)
        if (dg__room_id(d->cells[k]) == lair && dg_cell_open(d->cells[k]) && w->dist[k] == w->steps[lair])
            at = (int32_t)k;
    if (at < 0) return 0;
    size_t n_way = (size_t)w->dist[at] + 1, i = 0;
    int32_t *way = dg__malloc(n_way * sizeof *way);
    if (!way) return 0; /* no cut tried: the cave stays as it is */
    for (int32_t k = at; k >= 0 && i < n_way; k = w->parent[k]) way[i++] = k;
    chamber_ways(d, w->ways);
    int n_best = 0, tries = 0, most_tries = dg__gate_tries(d, CUT_CELLS);
    int32_t fill[MOST_CUT];
    for (i = 1; i + 1 < n_way && tries < most_tries; i++) {
        int32_t c = way[i], down = way[i - 1], up = way[i + 1];
        /* straight through a cell of cave floor before the lair, no door
         * or stair either end */
        if (up - c != c - down || dg__room_id(d->cells[c]) == lair || !dg__gate_fillable(d, c) ||
            ((d->cells[up] | d->cells[down]) & (DG_DOORSPACE | DG_STAIRS)))
            continue;
        tries++;
        int n = cut_at(d, w, from, lair, c, up, down, fill);
        if (n < 0) continue;
        long dead, m = margin_of(d, w, from, lair, c, up, down, fill, n, w->ways, &dead);
        if (m == NO_CUT) continue;
        /* by tiers, best first: a gate fits the cell; a key room with two
         * ways out (else a dead end far enough, given its second way out
         * after the cut; else none, given a long way round); in a tier the
         * fewest cells fallen, then the farthest key; of equals the cut
         * nearest the lair (met first) */
        int tier = (fits_once_cut(d, w, c, up, down) ? 0 : 1) + (m >= 0 ? 0 : dead >= 0 ? 2 : 4);
        int rank = tier * (MOST_CUT + 1) + n;
        if (m < 0) m = dead;
        int j = n_best < most ? n_best++ : most;
        while (j > 0 && (best[j - 1].rank > rank || (best[j - 1].rank == rank && best[j - 1].margin < m))) {
            if (j < most) best[j] = best[j - 1];
            j--;
        }
        if (j < most) {
            best[j].n = n;
            best[j].rank = rank;
            best[j].margin = m;
            memcpy(best[j].fill, fill, (size_t)n * sizeof *fill);
        }
    }
    dg__free(way);
    return n_best;
}
