/* gen_caverns_automaton.c -- cellular-automaton caves (seed 000, "Caverns"): growing them,
 * counting the separate systems and joining those with the shortest cuts
 * through rock. Rooms, doors, exits and stairs are the families' and the
 * shared passes' business. Everything is O(cells) with explicit queues, so
 * a 4001 x 4001 map costs time and memory, never stack. */
#include <stdlib.h>
#include <string.h>

#include "gen_caverns.h"

/* ------------------------------------------------------------------ grow */

/* Padding around the automaton's grid: the 5x5 rule reads two cells past
 * the map, which count as rock. */
#define PAD 2

dg_status dg__cave_grow(dg__build *b, int fill, int steps, dg_error *err)
{
    int rows = b->rows, cols = b->cols;
    size_t w = (size_t)cols + 2 * PAD, h = (size_t)rows + 2 * PAD;
    /* rock 1 / floor 0 per cell, and which cells the automaton must leave
     * alone; separate byte planes so the inner loops are plain sums */
    unsigned char *cur = dg__malloc(w * h), *nxt = dg__malloc(w * h), *hold = dg__malloc(w * h);
    unsigned char *v3 = dg__malloc(w), *v5 = dg__malloc(w);
    if (!cur || !nxt || !hold || !v3 || !v5) {
        dg__free(cur);
        dg__free(nxt);
        dg__free(hold);
        dg__free(v3);
        dg__free(v5);
        return dg__nomem(err, "growing caves");
    }
    memset(cur, 1, w * h);
    memset(hold, 1, w * h);
    for (int r = 1; r < rows - 1; r++)
        for (int c = 1; c < cols - 1; c++) {
            if (*dg__at(b, r, c) != DG_NOTHING) continue;
            size_t k = (size_t)(r + PAD) * w + (size_t)(c + PAD);
            hold[k] = 0;
            cur[k] = dg_rng_percent(&b->rng, fill) ? 1 : 0;
        }
    memcpy(nxt, cur, w * h);
    for (int g = 0; g < steps; g++) {
        /* Babcock's rule: rock where five of the nine cells around are rock;
         * in the first half of the generations also where the 5x5 around
         * holds almost no rock, which breaks up wide open halls */
        bool wide = g < steps / 2;
        for (size_t y = PAD; y < h - PAD; y++) {
            const unsigned char *up2 = cur + (y - 2) * w, *up = cur + (y - 1) * w, *mid = cur + y * w;
            const unsigned char *dn = cur + (y + 1) * w, *dn2 = cur + (y + 2) * w;
            const unsigned char *keep = hold + y * w;
            unsigned char *out = nxt + y * w;
            for (size_t x = 0; x < w; x++) v3[x] = (unsigned char)(up[x] + mid[x] + dn[x]);
            if (wide) {
                for (size_t x = 0; x < w; x++) v5[x] = (unsigned char)(v3[x] + up2[x] + dn2[x]);
                for (size_t x = PAD; x < w - PAD; x++) {
                    int r1 = v3[x - 1] + v3[x] + v3[x + 1];
                    int r2 = v5[x - 2] + v5[x - 1] + v5[x] + v5[x + 1] + v5[x + 2];
                    unsigned char rock = (unsigned char)((r1 >= 5) | (r2 <= 2));
                    out[x] = keep[x] ? mid[x] : rock;
                }
            } else {
                for (size_t x = PAD; x < w - PAD; x++) {
                    unsigned char rock = (unsigned char)(v3[x - 1] + v3[x] + v3[x + 1] >= 5);
                    out[x] = keep[x] ? mid[x] : rock;
                }
            }
        }
        unsigned char *t = cur;
        cur = nxt;
        nxt = t;
    }
    for (int r = 1; r < rows - 1; r++)
        for (int c = 1; c < cols - 1; c++) {
            size_t k = (size_t)(r + PAD) * w + (size_t)(c + PAD);
            if (!hold[k] && !cur[k]) *dg__at(b, r, c) = DG_CORRIDOR;
        }
    dg__free(cur);
    dg__free(nxt);
    dg__free(hold);
    dg__free(v3);
    dg__free(v5);
    return DG_OK;
}

/* --------------------------------------------------------------- systems */

/* Per-system facts from labelling. */
typedef struct {
    size_t cells;
    bool room;               /* holds room cells: never filled as too small */
} sys_info;

/* Labels the 4-connected open systems 1..n into lab (zeroed by the caller)
 * in row-major order of their first cell. Two row-major passes with
 * union-find rather than a flood: sequential memory, few branches to
 * mispredict. *info gets n + 1 entries (free it). Returns n, or -1 when out
 * of memory. */
static long label_systems(const dg__build *b, int32_t *lab, sys_info **info)
{
    size_t cols = (size_t)b->cols, cells = (size_t)b->rows * cols, cap = 1024;
    int32_t *parent = dg__malloc(cap * sizeof *parent), next = 1;
    if (!parent) return -1;
    parent[0] = 0;
    /* open cells never lie on the map's edge here (exits come later), but
     * the first row and column are still read as having no neighbours */
    for (size_t s = 0; s < cells; s++) {
        if (!(b->cell[s] & DG_OPENSPACE)) continue;
        int32_t w = s >= 1 ? lab[s - 1] : 0, n = s >= cols ? lab[s - cols] : 0;
        if (w && s % cols == 0) w = 0;
        if (w && n) {
            int32_t a = dg__uf_find(parent, w), z = dg__uf_find(parent, n);
            if (a < z) parent[z] = a;
            else parent[a] = z;
            lab[s] = a < z ? a : z;
        } else if (w || n) {
            lab[s] = w ? w : n;
        } else {
            if ((size_t)next == cap &&
                dg__grow((void **)&parent, &cap, cap + 1, sizeof *parent, NULL, NULL) != DG_OK) {
                dg__free(parent);
                return -1;
            }
            parent[next] = next;
            lab[s] = next++;
        }
    }
    /* final ids in order of first appearance; parent[] of a root becomes
     * -id once numbered */
    size_t icap = 16;
    sys_info *in = dg__calloc(icap, sizeof *in);
    long n = 0;
    if (!in) {
        dg__free(parent);
        return -1;
    }
    for (size_t s = 0; s < cells; s++) {
        if (!lab[s]) continue;
        int32_t x = lab[s];
        while (parent[x] >= 0 && parent[x] != x) x = parent[x];
        if (parent[x] == x) {
            if ((size_t)++n >= icap) {
                size_t old = icap;
                if (dg__grow((void **)&in, &icap, old + 1, sizeof *in, NULL, NULL) != DG_OK) {
                    dg__free(in);
                    dg__free(parent);
                    return -1;
                }
                for (size_t k = old; k < icap; k++) in[k] = (sys_info){0, false};
            }
            parent[x] = (int32_t)-n;
        }
        int32_t id = -parent[x];
        /* shorten the path for the next cell of this provisional label */
        if (lab[s] != x) parent[lab[s]] = x;
        lab[s] = id;
        in[id].cells++;
        if (b->cell[s] & DG_ROOM) in[id].room = true;
    }
    dg__free(parent);
    *info = in;
    return n;
}

dg_status dg__cave_count(dg__build *b, size_t min_cells, size_t *systems, dg_error *err)
{
    size_t cells = (size_t)b->rows * (size_t)b->cols;
    int32_t *lab = dg__calloc(cells, sizeof *lab);
    sys_info *info = NULL;
    long n = lab ? label_systems(b, lab, &info) : -1;
    if (n < 0) {
        dg__free(lab);
        return dg__nomem(err, "counting caves");
    }
    long largest = 0;
    for (long s = 1; s <= n; s++)
        if (!largest || info[s].cells > info[largest].cells) largest = s;
    size_t left = (size_t)n;
    for (long s = 1; s <= n; s++) {
        /* reuse the room flag as the verdict: kept systems are marked */
        bool keep = s == largest || info[s].room || info[s].cells >= min_cells;
        if (!keep) left--;
        info[s].room = keep;
    }
    if (left < (size_t)n)
        for (size_t s = 0; s < cells; s++)
            if (lab[s] && !info[lab[s]].room) b->cell[s] = DG_NOTHING;
    if (systems) *systems = left;
    dg__free(info);
    dg__free(lab);
    return DG_OK;
}

void dg__cave_ensure_chamber(dg__build *b)
{
    /* any 2 x 2 of open cells will do: none of its cells is a dead end */
    for (int r = 1; r + 1 < b->rows; r++)
        for (int c = 1; c + 1 < b->cols; c++)
            if ((dg__get(b, r, c) & DG_OPENSPACE) && (dg__get(b, r, c + 1) & DG_OPENSPACE) &&
                (dg__get(b, r + 1, c) & DG_OPENSPACE) && (dg__get(b, r + 1, c + 1) & DG_OPENSPACE))
                return;
    /* a 3 x 3 chamber in the middle; the joining links it to the rest, and
     * the middles of its sides leave nooks for stairs */
    int r0 = b->rows / 2, c0 = b->cols / 2;
    for (int r = r0 - 1; r <= r0 + 1; r++)
        for (int c = c0 - 1; c <= c0 + 1; c++)
            if (*dg__at(b, r, c) == DG_NOTHING) *dg__at(b, r, c) = DG_CORRIDOR;
}

/* ------------------------------------------------------------------ join */

/* A meeting of two searches: rock cell (or floor) u and its neighbour
 * towards dir, which the other system reached; len = rock cells to dig. */
typedef struct {
    uint32_t u;
    uint32_t len;
    uint8_t dir;
} meet;

/* Search state per cell, one byte: bit 7 reached, bits 2-3 the distance
 * from its system mod 3, bits 0-1 the direction back towards the system.
 * Neighbouring cells differ in distance by at most one, so mod 3 is enough
 * to recover a neighbour's distance from one's own. */
#define REACHED 0x80u

typedef struct {
    dg__build *b;
    int32_t *lab, *parent;
    unsigned char *aux;
    size_t cuts, dug;
} joiner;

/* Opens the search path from cell at back to its system. Cells already
 * open (the system, or an earlier cut) end it: their way back is open. */
static void dig_back(joiner *j, uint32_t at)
{
    size_t cols = (size_t)j->b->cols;
    while (!(j->b->cell[at] & DG_OPENSPACE)) {
        j->b->cell[at] = DG_CORRIDOR;
        j->dug++;
        dg_dir d = (dg_dir)(j->aux[at] & 3u);
        at = (uint32_t)((long)at + dg_dir_dy(d) * (long)cols + dg_dir_dx(d));
    }
}

/* Takes the pending meetings of length lo..hi, shortest first and in the
 * order they were found, joining systems still apart; keeps the rest. */
static size_t take_meetings(joiner *j, meet *pend, size_t n, uint32_t lo, uint32_t hi, long *merges)
{
    size_t cols = (size_t)j->b->cols;
    for (uint32_t want = lo; want <= hi; want++) {
        for (size_t k = 0; k < n; k++) {
            if (pend[k].len != want) continue;
            uint32_t u = pend[k].u;
            dg_dir d = (dg_dir)pend[k].dir;
            uint32_t v = (uint32_t)((long)u + dg_dir_dy(d) * (long)cols + dg_dir_dx(d));
            int32_t a = dg__uf_find(j->parent, j->lab[u]), z = dg__uf_find(j->parent, j->lab[v]);
            if (a == z) continue;
            if (a < z) j->parent[z] = a;
            else j->parent[a] = z;
            dig_back(j, u);
            dig_back(j, v);
            j->cuts++;
            (*merges)++;
        }
    }
    size_t kept = 0;
    for (size_t k = 0; k < n; k++)
        if (pend[k].len > hi) pend[kept++] = pend[k];
    return kept;
}

dg_status dg__cave_join(dg__build *b, size_t *cuts, size_t *dug, dg_error *err)
{
    size_t cells = (size_t)b->rows * (size_t)b->cols;
    int32_t *lab = dg__calloc(cells, sizeof *lab);
    uint32_t *queue = dg__malloc(cells * sizeof *queue);
    unsigned char *aux = dg__calloc(cells, 1);
    sys_info *info = NULL;
    int32_t *parent = NULL;
    size_t pcap = 256, np = 0;
    meet *pend = dg__malloc(pcap * sizeof *pend);
    joiner j = {b, lab, NULL, aux, 0, 0};
    dg_status rc = DG_OK;
    long n = (lab && queue && aux && pend) ? label_systems(b, lab, &info) : -1;
    if (n < 0) goto oom;
    if (n > 1) {
        if (!(parent = dg__malloc((size_t)(n + 1) * sizeof *parent))) goto oom;
        for (long s = 0; s <= n; s++) parent[s] = (int32_t)s;
        j.parent = parent;
        size_t head = 0, tail = 0;
        /* every open cell is reached at distance 0, but only those beside
         * diggable rock can lead anywhere: only they start the search */
        size_t cols = (size_t)b->cols;
        for (size_t s = 0; s < cells; s++) {
            if (!(b->cell[s] & DG_OPENSPACE)) continue;
            aux[s] = REACHED;
            int r = (int)(s / cols), c = (int)(s % cols);
            bool edge = false;
            for (int d = 0; d < 4 && !edge; d++) {
                int rr = r + dg_dir_dy((dg_dir)d), cc = c + dg_dir_dx((dg_dir)d);
                edge = rr >= 1 && cc >= 1 && rr <= b->rows - 2 && cc <= b->cols - 2 &&
                       *dg__at(b, rr, cc) == DG_NOTHING;
            }
            if (edge) queue[tail++] = (uint32_t)s;
        }
        long merges = 0;
        uint32_t dist = 0;
        while (head < tail && merges < n - 1) {
            size_t end = tail;
            for (; head < end; head++) {
                uint32_t u = queue[head];
                int r = (int)(u / (uint32_t)b->cols), c = (int)(u % (uint32_t)b->cols);
                int32_t lu = lab[u];
                for (int d = 0; d < 4; d++) {
                    int rr = r + dg_dir_dy((dg_dir)d), cc = c + dg_dir_dx((dg_dir)d);
                    if (!dg__in(b, rr, cc)) continue;
                    uint32_t v = (uint32_t)rr * (uint32_t)b->cols + (uint32_t)cc;
                    if (!(aux[v] & REACHED)) {
                        /* only plain rock inside the edge is dug: room
                         * walls, doors and the map's rim stay */
                        if (b->cell[v] != DG_NOTHING || rr < 1 || cc < 1 || rr > b->rows - 2 ||
                            cc > b->cols - 2)
                            continue;
                        lab[v] = lu;
                        aux[v] = (unsigned char)(REACHED | (((dist + 1) % 3) << 2) |
                                                 (unsigned)dg_dir_opposite((dg_dir)d));
                        queue[tail++] = v;
                        continue;
                    }
                    if (lab[v] == lu || dg__uf_find(parent, lab[v]) == dg__uf_find(parent, lu)) continue;
                    uint32_t step = ((aux[v] >> 2) & 3u) + 3u - dist % 3u;
                    uint32_t dv = dist + (step % 3u == 1u) - (step % 3u == 2u);
                    if (np == pcap && dg__grow((void **)&pend, &pcap, np + 1, sizeof *pend, NULL, NULL) != DG_OK)
                        goto oom;
                    pend[np++] = (meet){u, dist + dv, (uint8_t)d};
                }
            }
            /* every meeting found later is at least 2 dist + 1 long, so
             * those up to 2 dist are final now */
            np = take_meetings(&j, pend, np, dist > 0 ? 2 * dist - 1 : 0, 2 * dist, &merges);
            dist++;
        }
        np = take_meetings(&j, pend, np, 0, 2 * dist + 2, &merges);

        if (merges < n - 1) {
            /* parts no cut could reach: keep the biggest, fill the rest */
            size_t *size = dg__calloc((size_t)n + 1, sizeof *size);
            if (!size) goto oom;
            int32_t best = 0;
            for (size_t s = 0; s < cells; s++)
                if ((b->cell[s] & DG_OPENSPACE) && lab[s]) size[dg__uf_find(parent, lab[s])]++;
            for (long s = 1; s <= n; s++)
                if (!best || size[s] > size[best]) best = (int32_t)s;
            for (size_t s = 0; s < cells; s++)
                if ((b->cell[s] & DG_OPENSPACE) && dg__uf_find(parent, lab[s]) != best)
                    b->cell[s] = DG_NOTHING;
            dg__free(size);
        }
    }
    if (cuts) *cuts = j.cuts;
    if (dug) *dug = j.dug;
    goto done;
oom:
    rc = dg__nomem(err, "joining caves");
done:
    dg__free(info);
    dg__free(parent);
    dg__free(pend);
    dg__free(lab);
    dg__free(queue);
    dg__free(aux);
    return rc;
}
