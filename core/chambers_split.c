/* chambers_split.c -- cuts chambers over DG__CHAMBER_MAX cells at their
 * narrows, for chambers.c: a 101x101 cavern otherwise keeps halls of 400
 * cells under one number, which no key can describe as one room. Only the
 * labels move: a cut is a line of chamber cells handed back as free floor,
 * which chambers.c's rule 5 then lists as the passage (an opening, never a
 * door) joining the parts. Walls and floors stay where they are.
 *
 * The rule (docs/chambers.md says it for users):
 *  1. Inside the chamber each cell gets its chamfer (3-4) distance to the
 *     nearest cell outside it: the chamber is eroded layer by layer.
 *  2. At the lowest level where the cells still standing fall apart into
 *     two or more 8-connected pieces at least a layer deep, each such piece
 *     seeds a part; the parts grow back over the chamber one ring of eight
 *     neighbours at a time. A cell two parts reach in the same ring is cut,
 *     and where two parts would touch side by side the higher-numbered
 *     part's cell is cut: the cut runs along the middle of the narrows.
 *     The split stands only if every part has at least DG__CHAMBER_MIN_PART
 *     cells; else the next level is tried.
 *  3. A chamber that never falls apart (a round hall, a long even tunnel)
 *     is bisected instead: the parts grow from its two ends (the cell
 *     farthest from its deepest cell, and the cell farthest from that).
 *  4. Parts still over the limit are split again; the first part keeps the
 *     chamber's number, the others take new numbers while ids last.
 * Integer maths, explicit stacks and queues; each split works in the
 * chamber's bounding box, so a map's work is its chambers' boxes times the
 * levels tried. */
#include <string.h>

#include "dg_int.h"

enum { ROCK = -1, FREE = 0 };
/* chamfer steps (dg_int.h) */
#define ORTHO DG__CHAMFER_ORTHO
#define DIAG DG__CHAMFER_DIAG
/* At most this many parts from one level: a level that crumbles into more
 * is a ragged one, and the next level up is tried. */
#define SPLIT_MAX 8

typedef struct {
    int32_t *lab;
    int w, h;
    int n_ch, max_ch;
    uint32_t *cells;   /* every chamber cell, grouped by chamber */
    uint32_t *from;    /* max_ch + 1: a chamber's first slot in cells */
    uint32_t *len;     /* max_ch + 1: its cell count */
    int32_t *stack;    /* max_ch + 1: chambers left to check */
    /* the box of the chamber at hand, grown as needed */
    int bx, by, bw, bh;
    size_t cap;
    uint16_t *dist;    /* box: distance to the chamber's outside; 0 outside */
    int32_t *part;     /* box: part number, 0 none, -1 cut */
    uint32_t *queue;   /* box: flood and growth queue */
    unsigned char *ring; /* box: the ring a cell was reached in, mod 256 */
    int32_t *seed_of;  /* box: the seed piece a standing cell belongs to */
} splitter;

static size_t at(const splitter *k, int x, int y) { return (size_t)(y - k->by) * (size_t)k->bw + (size_t)(x - k->bx); }

/* The box of chamber c, its scratch grown to fit, and rule 1's distances. */
static dg_status prepare(splitter *k, int c, dg_error *err)
{
    const uint32_t w = (uint32_t)k->w;
    int x0 = k->w, y0 = k->h, x1 = -1, y1 = -1;
    for (uint32_t q = k->from[c]; q < k->from[c] + k->len[c]; q++) {
        int x = (int)(k->cells[q] % w), y = (int)(k->cells[q] / w);
        if (x < x0) x0 = x;
        if (y < y0) y0 = y;
        if (x > x1) x1 = x;
        if (y > y1) y1 = y;
    }
    /* a ring of outside cells round the box: the distance needs no edge test */
    k->bx = x0 - 1;
    k->by = y0 - 1;
    k->bw = x1 - x0 + 3;
    k->bh = y1 - y0 + 3;
    size_t n = (size_t)k->bw * (size_t)k->bh;
    if (n > k->cap) {
        size_t per = sizeof *k->dist + sizeof *k->part + sizeof *k->queue + 1 + sizeof *k->seed_of;
        dg__free(k->part);
        /* one block, the 4-byte arrays first so each stays aligned */
        k->part = dg__malloc(n * per);
        if (!k->part) {
            k->cap = 0;
            return dg__nomem(err, "splitting caves");
        }
        k->cap = n;
        k->seed_of = k->part + n;
        k->queue = (uint32_t *)(void *)(k->seed_of + n);
        k->dist = (uint16_t *)(void *)(k->queue + n);
        k->ring = (unsigned char *)(k->dist + n);
    }
    memset(k->dist, 0, n * sizeof *k->dist);
    for (uint32_t q = k->from[c]; q < k->from[c] + k->len[c]; q++)
        k->dist[at(k, (int)(k->cells[q] % w), (int)(k->cells[q] / w))] = 1;
    const size_t bw = (size_t)k->bw;
    for (int y = 1; y < k->bh - 1; y++)
        for (int x = 1; x < k->bw - 1; x++) {
            size_t s = (size_t)y * bw + (size_t)x;
            if (!k->dist[s]) continue;
            unsigned v = k->dist[s - 1] + ORTHO, b = k->dist[s - bw] + ORTHO;
            unsigned p = k->dist[s - bw - 1] + DIAG, e = k->dist[s - bw + 1] + DIAG;
            v = v < b ? v : b;
            v = v < p ? v : p;
            v = v < e ? v : e;
            k->dist[s] = (uint16_t)v; /* never 0 inside: the outside counts 0 */
        }
    for (int y = k->bh - 2; y >= 1; y--)
        for (int x = k->bw - 2; x >= 1; x--) {
            size_t s = (size_t)y * bw + (size_t)x;
            if (!k->dist[s]) continue;
            unsigned v = k->dist[s];
            unsigned a = k->dist[s + 1] + ORTHO, b = k->dist[s + bw] + ORTHO;
            unsigned p = k->dist[s + bw + 1] + DIAG, e = k->dist[s + bw - 1] + DIAG;
            v = v < a ? v : a;
            v = v < b ? v : b;
            v = v < p ? v : p;
            v = v < e ? v : e;
            k->dist[s] = (uint16_t)v;
        }
    /* the outside reads 0, so the first pass gave edge cells 1 + ORTHO at
     * most; cells beside the outside are ORTHO or DIAG from it */
    return DG_OK;
}

/* Rule 2's pieces at level t: 8-connected runs of cells at t or deeper,
 * numbered 1.. in seed_of (0 elsewhere); those whose deepest cell is under
 * t + ORTHO are dropped. Returns the pieces kept. */
static int pieces(splitter *k, int c, unsigned t)
{
    const uint32_t w = (uint32_t)k->w;
    const size_t n = (size_t)k->bw * (size_t)k->bh;
    memset(k->seed_of, 0, n * sizeof *k->seed_of);
    int kept = 0;
    for (uint32_t q = k->from[c]; q < k->from[c] + k->len[c]; q++) {
        size_t s = at(k, (int)(k->cells[q] % w), (int)(k->cells[q] / w));
        if (k->seed_of[s] || k->dist[s] < t) continue;
        int id = kept + 1;
        size_t head = 0, tail = 0;
        unsigned deepest = 0;
        k->seed_of[s] = id;
        k->queue[tail++] = (uint32_t)s;
        while (head < tail) {
            size_t u = k->queue[head++];
            if (k->dist[u] > deepest) deepest = k->dist[u];
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    size_t v = (size_t)((ptrdiff_t)u + dy * (ptrdiff_t)k->bw + dx); /* the box's ring is outside */
                    if (k->dist[v] >= t && !k->seed_of[v]) {
                        k->seed_of[v] = id;
                        k->queue[tail++] = (uint32_t)v;
                    }
                }
        }
        if (deepest >= t + ORTHO) {
            kept++;
        } else {
            for (size_t j = 0; j < tail; j++) k->seed_of[k->queue[j]] = -1; /* stood, but no seed */
        }
    }
    return kept;
}

/* Rule 2's growth from the pieces in seed_of (1..n_seeds) over the
 * chamber: part[] gets 1..n_seeds, or -1 for a cut cell. Writes each
 * part's area to areas[1..n_seeds]. */
static void grow(splitter *k, int c, int n_seeds, uint32_t *areas)
{
    const uint32_t w = (uint32_t)k->w;
    const size_t n = (size_t)k->bw * (size_t)k->bh;
    memset(k->part, 0, n * sizeof *k->part);
    size_t tail = 0;
    for (uint32_t q = k->from[c]; q < k->from[c] + k->len[c]; q++) {
        size_t s = at(k, (int)(k->cells[q] % w), (int)(k->cells[q] / w));
        if (k->seed_of[s] > 0) {
            k->part[s] = k->seed_of[s];
            k->ring[s] = 0;
            k->queue[tail++] = (uint32_t)s;
        }
    }
    size_t head = 0;
    for (unsigned r = 1; head < tail; r++) {
        size_t end = tail;
        for (; head < end; head++) {
            size_t u = k->queue[head];
            if (k->part[u] < 0) continue; /* cut last ring: grows no further */
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    size_t v = (size_t)((ptrdiff_t)u + dy * (ptrdiff_t)k->bw + dx);
                    if (!k->dist[v]) continue;
                    if (k->part[v] == 0) {
                        k->part[v] = k->part[u];
                        k->ring[v] = (unsigned char)r;
                        k->queue[tail++] = (uint32_t)v;
                    } else if (k->part[v] > 0 && k->part[v] != k->part[u] && k->ring[v] == (unsigned char)r) {
                        k->part[v] = -1; /* two parts in one ring: the watershed */
                    }
                }
        }
    }
    /* parts side by side: the higher-numbered one's cell is cut */
    for (int y = 1; y < k->bh - 1; y++)
        for (int x = 1; x < k->bw - 1; x++) {
            size_t s = (size_t)y * (size_t)k->bw + (size_t)x;
            int a = k->part[s];
            if (a <= 0) continue;
            size_t nb[2] = {s + 1, s + (size_t)k->bw};
            for (int j = 0; j < 2 && k->part[s] > 0; j++) {
                int b = k->part[nb[j]];
                if (b <= 0 || b == a) continue;
                if (a > b) k->part[s] = -1;
                else k->part[nb[j]] = -1;
            }
        }
    /* a part is one piece side by side (its outline is traced round one):
     * of the 4-connected pieces the growth left it, the largest stays (the
     * first of equals) and the rest are cut; seed_of is free to number them */
    memset(k->seed_of, 0, n * sizeof *k->seed_of);
    int32_t best[SPLIT_MAX + 1] = {0}, pieces = 0;
    for (int p = 0; p <= n_seeds; p++) areas[p] = 0;
    for (uint32_t q = k->from[c]; q < k->from[c] + k->len[c]; q++) {
        size_t s = at(k, (int)(k->cells[q] % w), (int)(k->cells[q] / w));
        int p = k->part[s];
        if (p <= 0 || k->seed_of[s]) continue;
        size_t h0 = 0, t0 = 0;
        k->seed_of[s] = ++pieces;
        k->queue[t0++] = (uint32_t)s;
        while (h0 < t0) {
            size_t u = k->queue[h0++];
            size_t nb[4] = {u - 1, u + 1, u - (size_t)k->bw, u + (size_t)k->bw};
            for (int j = 0; j < 4; j++)
                if (k->part[nb[j]] == p && !k->seed_of[nb[j]]) {
                    k->seed_of[nb[j]] = pieces;
                    k->queue[t0++] = (uint32_t)nb[j];
                }
        }
        if (t0 > areas[p]) {
            areas[p] = (uint32_t)t0;
            best[p] = pieces;
        }
    }
    for (uint32_t q = k->from[c]; q < k->from[c] + k->len[c]; q++) {
        size_t s = at(k, (int)(k->cells[q] % w), (int)(k->cells[q] / w));
        if (k->part[s] > 0 && k->seed_of[s] != best[k->part[s]]) k->part[s] = -1;
    }
}

/* Rule 3's two ends: the chamber cell farthest (in rings of eight
 * neighbours) from `from`, the first such in the chamber's cell order. */
static size_t farthest(splitter *k, size_t from)
{
    const size_t n = (size_t)k->bw * (size_t)k->bh;
    memset(k->part, 0, n * sizeof *k->part);
    size_t head = 0, tail = 0, last = from;
    k->part[from] = 1;
    k->queue[tail++] = (uint32_t)from;
    while (head < tail) {
        size_t end = tail;
        last = k->queue[head]; /* the ring's first: any cell of the last ring will do */
        for (; head < end; head++) {
            size_t u = k->queue[head];
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    size_t v = (size_t)((ptrdiff_t)u + dy * (ptrdiff_t)k->bw + dx);
                    if (k->dist[v] && !k->part[v]) {
                        k->part[v] = 1;
                        k->queue[tail++] = (uint32_t)v;
                    }
                }
        }
    }
    return last;
}

/* Splits chamber c if it can (rules 2 and 3); the parts' cells regrouped
 * in cells[], new chambers pushed for another look. Returns whether it
 * split. */
static dg_status split_one(splitter *k, int c, int32_t *top, bool *split, dg_error *err)
{
    *split = false;
    dg_status rc = prepare(k, c, err);
    if (rc != DG_OK) return rc;
    const uint32_t w = (uint32_t)k->w;
    uint32_t areas[SPLIT_MAX + 1];
    int n_seeds = 0;
    /* rule 2: levels from the shallowest up */
    unsigned deepest = 0;
    size_t deep_at = 0;
    for (uint32_t q = k->from[c]; q < k->from[c] + k->len[c]; q++) {
        size_t s = at(k, (int)(k->cells[q] % w), (int)(k->cells[q] / w));
        if (k->dist[s] > deepest) {
            deepest = k->dist[s];
            deep_at = s;
        }
    }
    for (unsigned t = ORTHO + 1; t + ORTHO <= deepest && !n_seeds; t++) {
        int got = pieces(k, c, t);
        if (got < 2 || got > SPLIT_MAX) continue;
        grow(k, c, got, areas);
        bool ok = true;
        for (int p = 1; p <= got; p++) ok = ok && areas[p] >= DG__CHAMBER_MIN_PART;
        if (ok) n_seeds = got;
    }
    if (!n_seeds) { /* rule 3 */
        size_t a = farthest(k, deep_at), b = farthest(k, a);
        if (a == b) return DG_OK;
        memset(k->seed_of, 0, (size_t)k->bw * (size_t)k->bh * sizeof *k->seed_of);
        k->seed_of[a] = 1;
        k->seed_of[b] = 2;
        grow(k, c, 2, areas);
        if (areas[1] < DG__CHAMBER_MIN_PART || areas[2] < DG__CHAMBER_MIN_PART) return DG_OK;
        n_seeds = 2;
    }
    if (k->n_ch + n_seeds - 1 > k->max_ch) return DG_OK; /* no ids left for the parts */
    /* regroup c's cells: part 1 first (keeps c), then the others in turn
     * under new numbers; cut cells go back to free floor */
    int32_t id_of[SPLIT_MAX + 1];
    id_of[1] = c;
    for (int p = 2; p <= n_seeds; p++) id_of[p] = ++k->n_ch;
    uint32_t *slot = k->queue; /* the box's queue is free now and holds the chamber */
    uint32_t start = k->from[c], all = k->len[c], m = 0;
    for (int p = 1; p <= n_seeds; p++) {
        uint32_t first = m;
        for (uint32_t q = start; q < start + all; q++) {
            uint32_t s = k->cells[q];
            if (k->part[at(k, (int)(s % w), (int)(s / w))] == p) {
                slot[m++] = s;
                k->lab[s] = id_of[p];
            }
        }
        k->from[id_of[p]] = start + first;
        k->len[id_of[p]] = m - first;
    }
    for (uint32_t q = start; q < start + all; q++) {
        uint32_t s = k->cells[q];
        if (k->part[at(k, (int)(s % w), (int)(s / w))] <= 0) k->lab[s] = FREE;
    }
    memcpy(k->cells + start, slot, m * sizeof *slot);
    for (int p = n_seeds; p >= 1; p--)
        if (k->len[id_of[p]] > DG__CHAMBER_MAX) k->stack[(*top)++] = id_of[p];
    *split = true;
    return DG_OK;
}

dg_status dg__chambers_split(int32_t *lab, int w, int h, int *n_ch, int max_ch, dg_error *err)
{
    splitter k = {.lab = lab, .w = w, .h = h, .n_ch = *n_ch, .max_ch = max_ch};
    size_t n = (size_t)w * (size_t)h, slots = (size_t)(max_ch > *n_ch ? max_ch : *n_ch) + 1;
    bool any = false;
    k.len = dg__calloc(3 * slots, sizeof *k.len);
    if (!k.len) return dg__nomem(err, "splitting caves");
    k.from = k.len + slots;
    k.stack = (int32_t *)(void *)(k.from + slots);
    for (size_t s = 0; s < n; s++)
        if (lab[s] > FREE) k.len[lab[s]]++;
    for (int c = 1; c <= k.n_ch && !any; c++) any = k.len[c] > DG__CHAMBER_MAX;
    dg_status rc = DG_OK;
    if (!any) goto done;
    k.cells = dg__malloc(n * sizeof *k.cells);
    if (!k.cells) {
        rc = dg__nomem(err, "splitting caves");
        goto done;
    }
    /* counting sort: each chamber's cells in row-major order */
    uint32_t total = 0;
    for (int c = 1; c <= k.n_ch; c++) {
        k.from[c] = total;
        total += k.len[c];
    }
    for (int c = 1; c <= k.n_ch; c++) k.len[c] = 0;
    for (size_t s = 0; s < n; s++)
        if (lab[s] > FREE) k.cells[k.from[lab[s]] + k.len[lab[s]]++] = (uint32_t)s;
    int32_t top = 0;
    for (int c = k.n_ch; c >= 1; c--)
        if (k.len[c] > DG__CHAMBER_MAX) k.stack[top++] = c;
    /* the stack holds each chamber at most once: a chamber is pushed when
     * found big, popped, then its parts (disjoint, each smaller) pushed */
    while (top > 0 && rc == DG_OK && k.n_ch < k.max_ch) {
        int c = k.stack[--top];
        bool split;
        rc = split_one(&k, c, &top, &split, err);
    }
    *n_ch = k.n_ch;
done:
    dg__free(k.len);
    dg__free(k.cells);
    dg__free(k.part);
    return rc;
}
