/* gen_abstract_areas.c -- the steps of algorithm=abstract's plan (seed 003)
 * that only look at areas: subdivision into areas, finding neighbours, and
 * the A* route between entrance and exit. gen_abstract_plan.c strings them
 * together with painters and gateways. Iterative throughout, O(areas log
 * areas), so 4001x4001 maps with hundreds of thousands of areas are fine. */
#include <stdlib.h>
#include <string.h>

#include "gen_abstract_int.h"

/* ------------------------------------------------------------ subdivision */

typedef struct {
    int x1, y1, x2, y2;
    bool final;
} rect;

static dg_status add_area(dg__ab_plan *p, size_t *cap, rect r, dg_error *err)
{
    dg_status rc = dg__grow((void **)&p->area, cap, p->n_area + 1, sizeof *p->area, "cutting areas", err);
    if (rc != DG_OK) return rc;
    p->area[p->n_area++] = (dg__ab_area){.x1 = r.x1, .y1 = r.y1, .x2 = r.x2, .y2 = r.y2,
                                         .painter = DG__AB_ROCK, .stair = -1};
    return DG_OK;
}

/* Seed 003's subdivision: halve areas at a random place (nearer the middle
 * than the ends) until the minimum width, height or size stops it; now and
 * then stop early so sizes vary, or cut three strips, or a 3x3 grid of
 * equal areas that stay as they are. Sizes count one border: an area's
 * width is x2 - x1. */
dg_status dg__ab_subdivide(dg_rng *rng, const dg_options *o, dg__ab_plan *p, dg_error *err)
{
    int wmin = o->area_width_min, hmin = o->area_height_min, smin = o->area_size_min;
    size_t cap = 0, n = 0, scap = 0;
    rect *stack = NULL;
    dg_status rc = DG_OK;
    if (dg__grow((void **)&stack, &scap, 1, sizeof *stack, "cutting areas", err) != DG_OK) return DG_ENOMEM;
    stack[n++] = (rect){0, 0, o->cols - 1, o->rows - 1, false};
    while (n > 0 && rc == DG_OK) {
        rect a = stack[--n];
        int w = a.x2 - a.x1, h = a.y2 - a.y1;
        /* the narrowest part a cut may leave on each side */
        int pv = (smin + h - 1) / h, ph = (smin + w - 1) / w;
        if (pv < wmin) pv = wmin;
        if (ph < hmin) ph = hmin;
        bool can_v = !a.final && w >= 2 * pv, can_h = !a.final && h >= 2 * ph;
        if ((!can_v && !can_h) || ((long)w * h < 4L * smin && dg_rng_percent(rng, 20))) {
            rc = add_area(p, &cap, a, err);
            continue;
        }
        if ((rc = dg__grow((void **)&stack, &scap, n + 9, sizeof *stack, "cutting areas", err)) != DG_OK)
            break;
        int roll = (int)dg_rng_below(rng, 100);
        if (roll < 4 && w / 3 >= wmin && h / 3 >= hmin && (long)(w / 3) * (h / 3) >= smin) {
            /* a 3x3 grid of equal areas, kept whole */
            int xs[4] = {a.x1, a.x1 + w / 3, a.x1 + 2 * (w / 3), a.x2};
            int ys[4] = {a.y1, a.y1 + h / 3, a.y1 + 2 * (h / 3), a.y2};
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++) stack[n++] = (rect){xs[j], ys[i], xs[j + 1], ys[i + 1], true};
            continue;
        }
        bool v = can_v && can_h ? dg_rng_percent(rng, w > h ? 80 : w < h ? 20 : 50) : can_v;
        int len = v ? w : h, part = v ? pv : ph;
        if (roll < 12 && len >= 3 * part) {
            /* three strips across the longer way, cut further as usual */
            int c1 = len / 3, c2 = 2 * (len / 3);
            for (int k = 0; k < 3; k++) {
                int lo = k == 0 ? 0 : k == 1 ? c1 : c2, hi = k == 0 ? c1 : k == 1 ? c2 : len;
                stack[n++] = v ? (rect){a.x1 + lo, a.y1, a.x1 + hi, a.y2, false}
                               : (rect){a.x1, a.y1 + lo, a.x2, a.y1 + hi, false};
            }
            continue;
        }
        uint32_t span = (uint32_t)(len - 2 * part + 1);
        int cut = part + (int)((dg_rng_below(rng, span) + dg_rng_below(rng, span)) / 2);
        if (v) {
            stack[n++] = (rect){a.x1, a.y1, a.x1 + cut, a.y2, false};
            stack[n++] = (rect){a.x1 + cut, a.y1, a.x2, a.y2, false};
        } else {
            stack[n++] = (rect){a.x1, a.y1, a.x2, a.y1 + cut, false};
            stack[n++] = (rect){a.x1, a.y1 + cut, a.x2, a.y2, false};
        }
    }
    dg__free(stack);
    return rc;
}

/* ------------------------------------------------------------ neighbours */

typedef struct {
    int line, from, id;      /* the border line, the start along it, the area */
} key;

static int cmp_key(const void *x, const void *y)
{
    const key *a = x, *b = y;
    if (a->line != b->line) return a->line < b->line ? -1 : 1;
    return (a->from > b->from) - (a->from < b->from);
}

/* Pairs of areas sharing at least two cells of border: for each area, the
 * areas whose west (north) border is its east (south) border, found by
 * binary search in areas sorted by that border -- seed 003's "abscissas and
 * ordinates" index. Corner contact shares no cell, so never counts. */
dg_status dg__ab_find_pairs(dg__ab_plan *p, dg_error *err)
{
    size_t n = p->n_area, cap = 0;
    key *k = dg__malloc((n ? n : 1) * sizeof *k);
    if (!k) return dg__nomem(err, "finding neighbours");
    dg_status rc = DG_OK;
    for (int across = 1; across >= 0 && rc == DG_OK; across--) {
        for (size_t i = 0; i < n; i++) {
            const dg__ab_area *a = &p->area[i];
            k[i] = across ? (key){a->x1, a->y1, (int)i} : (key){a->y1, a->x1, (int)i};
        }
        qsort(k, n, sizeof *k, cmp_key);
        for (size_t i = 0; i < n && rc == DG_OK; i++) {
            const dg__ab_area *a = &p->area[i];
            int line = across ? a->x2 : a->y2, lo = across ? a->y1 : a->x1, hi = across ? a->y2 : a->x2;
            /* first area on `line` ending past lo (areas on one line are
             * disjoint, so their ends grow with their starts) */
            size_t l = 0, r = n;
            while (l < r) {
                size_t m = (l + r) / 2;
                const dg__ab_area *b = &p->area[k[m].id];
                int end = across ? b->y2 : b->x2;
                if (k[m].line < line || (k[m].line == line && end <= lo)) l = m + 1;
                else r = m;
            }
            for (; l < n && k[l].line == line && k[l].from < hi; l++) {
                const dg__ab_area *b = &p->area[k[l].id];
                int blo = across ? b->y1 : b->x1, bhi = across ? b->y2 : b->x2;
                int from = (lo > blo ? lo : blo) + 1, to = (hi < bhi ? hi : bhi) - 1;
                if (to - from + 1 < 2) continue;
                if ((rc = dg__grow((void **)&p->pair, &cap, p->n_pair + 1, sizeof *p->pair, "finding neighbours",
                                   err)) != DG_OK)
                    break;
                p->pair[p->n_pair++] = (dg__ab_pair){(int)i, k[l].id, across != 0, line, from, to, false};
            }
        }
    }
    dg__free(k);
    return rc;
}

/* ----------------------------------------------------------------- graph */

dg_status dg__ab_adjacency_build(const dg__ab_plan *p, dg__ab_adjacency *g, dg_error *err)
{
    g->start = dg__calloc(p->n_area + 1, sizeof *g->start);
    g->at = dg__malloc((2 * p->n_pair + 1) * sizeof *g->at);
    if (!g->start || !g->at) return dg__nomem(err, "joining areas");
    for (size_t i = 0; i < p->n_pair; i++) {
        g->start[p->pair[i].a + 1]++;
        g->start[p->pair[i].b + 1]++;
    }
    for (size_t i = 0; i < p->n_area; i++) g->start[i + 1] += g->start[i];
    int *fill = dg__malloc((p->n_area + 1) * sizeof *fill);
    if (!fill) return dg__nomem(err, "joining areas");
    memcpy(fill, g->start, (p->n_area + 1) * sizeof *fill);
    for (size_t i = 0; i < p->n_pair; i++) {
        g->at[fill[p->pair[i].a]++] = (int)i;
        g->at[fill[p->pair[i].b]++] = (int)i;
    }
    dg__free(fill);
    return DG_OK;
}

/* Breadth-first from `from` over all pairs (joined or not): hop counts into
 * dist (-1 unreached); returns the last area reached (a farthest one) and
 * the number reached in *count. queue holds n_area ints. */
int dg__ab_bfs(const dg__ab_plan *p, const dg__ab_adjacency *g, int from, int *dist, int *queue, size_t *count)
{
    for (size_t i = 0; i < p->n_area; i++) dist[i] = -1;
    size_t head = 0, tail = 0;
    queue[tail++] = from;
    dist[from] = 0;
    while (head < tail) {
        int a = queue[head++];
        for (int k = g->start[a]; k < g->start[a + 1]; k++) {
            int b = dg__ab_other_end(&p->pair[g->at[k]], a);
            if (dist[b] < 0) {
                dist[b] = dist[a] + 1;
                queue[tail++] = b;
            }
        }
    }
    if (count) *count = tail;
    return queue[tail - 1];
}

/* ------------------------------------------------------------------- A* */

typedef struct {
    int64_t f;
    int id;
} hnode;

static bool hless(hnode a, hnode b) { return a.f < b.f || (a.f == b.f && a.id < b.id); }

static void hpush(hnode *h, size_t *n, hnode x)
{
    size_t i = (*n)++;
    while (i > 0 && hless(x, h[(i - 1) / 2])) {
        h[i] = h[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h[i] = x;
}

static hnode hpop(hnode *h, size_t *n)
{
    hnode top = h[0], last = h[--(*n)];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= *n) break;
        if (c + 1 < *n && hless(h[c + 1], h[c])) c++;
        if (!hless(h[c], last)) break;
        h[i] = h[c];
        i = c;
    }
    if (*n > 0) h[i] = last;
    return top;
}

/* What visiting area a costs beyond the walk: every influence point adds
 * more the nearer a lies (seed 003: "costs for visiting an area by distance
 * to itself"), so the route bends round them. */
static int64_t influence(const dg__ab_plan *p, const dg__ab_area *a, int reach, int strength)
{
    int64_t cost = 0;
    for (size_t k = 0; k < p->n_influence; k++) {
        int d = dg__ab_abs(dg__ab_cx(a) - p->influence[k].x) + dg__ab_abs(dg__ab_cy(a) - p->influence[k].y);
        cost += (int64_t)strength * reach / (reach + d);
    }
    return cost;
}

/* The cheapest walk from entrance to exit over neighbour pairs: a step
 * costs the distance between area centres plus the influence on the area
 * stepped into; the heuristic (distance to the exit's centre) never
 * overestimates, so the walk found is the cheapest. Fills p->route. */
dg_status dg__ab_route(dg__ab_plan *p, const dg__ab_adjacency *g, int reach, int strength, dg_error *err)
{
    size_t n = p->n_area;
    int64_t *cost = dg__malloc(n * sizeof *cost);
    int *from = dg__malloc(n * sizeof *from);
    unsigned char *done = dg__calloc(n, 1);
    hnode *heap = dg__malloc((2 * p->n_pair + 2) * sizeof *heap);
    dg_status rc = DG_OK;
    if (!cost || !from || !done || !heap) {
        rc = dg__nomem(err, "routing");
        goto out;
    }
    for (size_t i = 0; i < n; i++) {
        cost[i] = INT64_MAX;
        from[i] = -1;
    }
    const dg__ab_area *goal = &p->area[p->exit];
    size_t hn = 0;
    cost[p->entrance] = 0;
    hpush(heap, &hn, (hnode){0, p->entrance});
    while (hn > 0) {
        hnode x = hpop(heap, &hn);
        if (done[x.id]) continue;
        done[x.id] = 1;
        if (x.id == p->exit) break;
        const dg__ab_area *a = &p->area[x.id];
        for (int k = g->start[x.id]; k < g->start[x.id + 1]; k++) {
            int y = dg__ab_other_end(&p->pair[g->at[k]], x.id);
            if (done[y]) continue;
            const dg__ab_area *b = &p->area[y];
            int64_t c = cost[x.id] + dg__ab_abs(dg__ab_cx(a) - dg__ab_cx(b)) + dg__ab_abs(dg__ab_cy(a) - dg__ab_cy(b)) +
                        influence(p, b, reach, strength);
            if (c >= cost[y]) continue;
            cost[y] = c;
            from[y] = x.id;
            int64_t h = dg__ab_abs(dg__ab_cx(b) - dg__ab_cx(goal)) + dg__ab_abs(dg__ab_cy(b) - dg__ab_cy(goal));
            hpush(heap, &hn, (hnode){c + h, y});
        }
    }
    size_t len = 0;
    for (int a = p->exit; a >= 0; a = from[a]) len++;
    p->route = dg__malloc(len * sizeof *p->route);
    if (!p->route) {
        rc = dg__nomem(err, "routing");
        goto out;
    }
    p->n_route = len;
    for (int a = p->exit; a >= 0; a = from[a]) p->route[--len] = a;
out:
    dg__free(cost);
    dg__free(from);
    dg__free(done);
    dg__free(heap);
    return rc;
}
