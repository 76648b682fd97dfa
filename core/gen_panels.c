/* gen_panels.c -- the panels family (seed 001, after Chocobo's Dungeon): the
 * map is cut into panels by straight corridors, every panel holds one room,
 * each room sends a short corridor to every dividing line beside it, and the
 * corridor graph is then pruned: dead-end branches go, and every loop that
 * leads from a room back to the same room through corridors alone is cut,
 * as are rings of corridor, until none is left. Loops through two or more
 * rooms stay. Exits and stairs come from the shared passes. Our own code
 * from the seed's description; no recursion, and nothing quadratic in cells
 * (only in panels, which are at most DG_MAX_ROOMS). */
#include <stdlib.h>

#include "family_int.h"

/* A panel: the cells between its dividing lines (or the map's edge row),
 * inclusive; the room inside it, once placed. */
typedef struct {
    int r1, c1, r2, c2;
    int id;                  /* room id, 0 before rooms are placed */
} panel;

/* ------------------------------------------------------------ dividing */

/* Odd positions for a line across lo..hi that leave both parts at least
 * `min` cells: lines sit on odd rows/columns so that every junction is on
 * the donjon node lattice (two junctions are never next to each other, and
 * exits dug from odd edge positions meet them head on). */
static int split_first(int lo, int min) { return (lo + min) | 1; }
static int split_count(int lo, int hi, int min)
{
    int a = split_first(lo, min), z = hi - min;
    return a > z ? 0 : (z - a) / 2 + 1;
}

static void draw_line(dg__build *b, int r1, int c1, int r2, int c2)
{
    for (int r = r1; r <= r2; r++)
        for (int c = c1; c <= c2; c++) *dg__at(b, r, c) = DG_CORRIDOR;
}

/* Splits the largest panel that still divides, across its longer side, until
 * none does or there is a panel per possible room. Largest first keeps the
 * panels even in size when the room cap stops the division early. */
static dg_status divide(dg__build *b, panel **out, size_t *n_out, dg_error *err)
{
    int min = b->o->panel_size_min;
    size_t cap = 64, n = 1;
    panel *p = dg__malloc(cap * sizeof *p);
    if (!p) return dg__nomem(err, "dividing panels");
    p[0] = (panel){1, 1, b->rows - 2, b->cols - 2, 0};
    while (n < DG_MAX_ROOMS) {
        size_t best = n;
        long best_area = -1;
        for (size_t k = 0; k < n; k++) {
            if (!split_count(p[k].r1, p[k].r2, min) && !split_count(p[k].c1, p[k].c2, min)) continue;
            long area = (long)(p[k].r2 - p[k].r1 + 1) * (p[k].c2 - p[k].c1 + 1);
            if (area > best_area) {
                best_area = area;
                best = k;
            }
        }
        if (best == n) break;
        if (n == cap && dg__grow((void **)&p, &cap, n + 1, sizeof *p, "dividing panels", err) != DG_OK) {
            dg__free(p);
            return DG_ENOMEM;
        }
        panel *q = &p[best];
        int h = q->r2 - q->r1 + 1, w = q->c2 - q->c1 + 1;
        int nr = split_count(q->r1, q->r2, min), nc = split_count(q->c1, q->c2, min);
        /* the line runs parallel to the shorter side */
        bool across = nr && (!nc || h > w || (h == w && dg_rng_below(&b->rng, 2)));
        if (across) {
            int at = split_first(q->r1, min) + 2 * (int)dg_rng_below(&b->rng, (uint32_t)nr);
            draw_line(b, at, q->c1, at, q->c2);
            p[n] = (panel){at + 1, q->c1, q->r2, q->c2, 0};
            q->r2 = at - 1;
        } else {
            int at = split_first(q->c1, min) + 2 * (int)dg_rng_below(&b->rng, (uint32_t)nc);
            draw_line(b, q->r1, at, q->r2, at);
            p[n] = (panel){q->r1, at + 1, q->r2, q->c2, 0};
            q->c2 = at - 1;
        }
        n++;
    }
    *out = p;
    *n_out = n;
    return DG_OK;
}

/* ---------------------------------------------------------------- rooms */

/* A room extent inside lo..hi keeping `margin` cells clear on both sides
 * (its wall plus corridor_margin cells of corridor). A side without a line
 * never needs the corridor, so on maps too small for the margin it shrinks;
 * a side with a line always fits, by the panel_size_min rule. */
static void place_span(dg_rng *rng, int lo, int hi, int margin, int smin, int smax, int *a, int *z)
{
    int size = hi - lo + 1, m = margin;
    if (size - 2 * m < smin) m = (size - smin) / 2 > 1 ? (size - smin) / 2 : 1;
    int room = size - 2 * m;
    int s_lo = smin < room ? smin : room, s_hi = smax < room ? smax : room;
    int s = s_lo + (int)dg_rng_below(rng, (uint32_t)(s_hi - s_lo + 1));
    *a = lo + m + (int)dg_rng_below(rng, (uint32_t)(room - s + 1));
    *z = *a + s - 1;
}

/* A random odd position in lo..hi; lo - 1 when there is none. */
static int pick_odd(dg_rng *rng, int lo, int hi)
{
    int a = lo | 1;
    if (a > hi) return lo - 1;
    return a + 2 * (int)dg_rng_below(rng, (uint32_t)((hi - a) / 2 + 1));
}

/* Where a stub leaves the room side lo..hi: wall_margin clear of each
 * corner when the side is long enough, always on an odd cell. */
static int stub_at(dg__build *b, int lo, int hi)
{
    int wm = b->o->wall_margin;
    int at = pick_odd(&b->rng, lo + wm, hi - wm);
    return at >= lo + wm ? at : pick_odd(&b->rng, lo, hi);
}

typedef struct {
    int r, c;
    dg_dir dir;
    int room;
} gate;

static dg_status add_gate(gate **g, size_t *n, size_t *cap, gate v, dg_error *err)
{
    dg_status rc = dg__grow((void **)g, cap, *n + 1, sizeof **g, "placing rooms", err);
    if (rc != DG_OK) return rc;
    (*g)[(*n)++] = v;
    return DG_OK;
}

/* One room per panel, walled, and a stub from it to each line beside the
 * panel: inner panels get four, side panels three, corner panels two. Gates
 * (the door cells) are marked CORRIDOR | ENTRANCE while the graph is cut. */
static dg_status place_rooms(dg__build *b, panel *p, size_t n, gate **gates, size_t *n_gates,
                             dg_error *err)
{
    const dg_options *o = b->o;
    int margin = o->corridor_margin + 1;
    size_t cap = 64;
    *n_gates = 0;
    *gates = dg__malloc(cap * sizeof **gates);
    if (!*gates) return dg__nomem(err, "placing rooms");
    for (size_t k = 0; k < n; k++) {
        panel *q = &p[k];
        dg__room rm = {0};
        place_span(&b->rng, q->r1, q->r2, margin, o->panel_room_min, o->panel_room_max, &rm.r1, &rm.r2);
        place_span(&b->rng, q->c1, q->c2, margin, o->panel_room_min, o->panel_room_max, &rm.c1, &rm.c2);
        rm.shape = DG_SHAPE_RECT;
        rm.alive = true;
        dg_status rc = dg__add_room(b, &rm, err);
        if (rc != DG_OK) return rc;
        q->id = (int)b->n_room;
        uint32_t word = DG_ROOM | ((uint32_t)q->id << DG_ROOM_ID_SHIFT);
        for (int r = rm.r1 - 1; r <= rm.r2 + 1; r++)
            for (int c = rm.c1 - 1; c <= rm.c2 + 1; c++)
                *dg__at(b, r, c) = (r < rm.r1 || r > rm.r2 || c < rm.c1 || c > rm.c2) ? DG_PERIMETER : word;
        gate g[4];
        int ng = 0;
        if (q->r1 > 1) g[ng++] = (gate){rm.r1 - 1, stub_at(b, rm.c1, rm.c2), DG_DIR_NORTH, q->id};
        if (q->r2 < b->rows - 2) g[ng++] = (gate){rm.r2 + 1, stub_at(b, rm.c1, rm.c2), DG_DIR_SOUTH, q->id};
        if (q->c1 > 1) g[ng++] = (gate){stub_at(b, rm.r1, rm.r2), rm.c1 - 1, DG_DIR_WEST, q->id};
        if (q->c2 < b->cols - 2) g[ng++] = (gate){stub_at(b, rm.r1, rm.r2), rm.c2 + 1, DG_DIR_EAST, q->id};
        for (int k2 = 0; k2 < ng; k2++) {
            int dr = dg_dir_dy(g[k2].dir), dc = dg_dir_dx(g[k2].dir);
            *dg__at(b, g[k2].r, g[k2].c) = DG_CORRIDOR | DG_ENTRANCE;
            /* out to the line: the first cell outside the panel */
            for (int r = g[k2].r + dr, c = g[k2].c + dc; r >= q->r1 && r <= q->r2 && c >= q->c1 && c <= q->c2;
                 r += dr, c += dc)
                *dg__at(b, r, c) = DG_CORRIDOR;
            if ((rc = add_gate(gates, n_gates, &cap, g[k2], err)) != DG_OK) return rc;
        }
    }
    return DG_OK;
}

/* ---------------------------------------------------------------- graph */

/* Nodes are the corridor cells where paths meet or end (junctions) and the
 * gates; edges are the corridor runs between them. */
typedef struct {
    uint32_t cell;
    int room;                /* gate: its room; junction: 0 */
    int deg;                 /* live edges */
} node;

typedef struct {
    int32_t a, z;
    uint8_t dir;             /* first step from a */
    bool alive;
} edge;

typedef struct {
    dg__build *b;
    node *node;  size_t n_node;
    edge *edge;  size_t n_edge;
    int32_t *first, *adj;    /* edges of node k: adj[first[k] .. first[k+1]) */
    int32_t *queue, *from, *src;
    uint32_t *seen, stamp;
} graph;

static int corridor_degree(const dg__build *b, int r, int c)
{
    int n = 0;
    for (int d = 0; d < 4; d++)
        n += (dg__get(b, r + dg_dir_dy((dg_dir)d), c + dg_dir_dx((dg_dir)d)) & DG_CORRIDOR) != 0;
    return n;
}

static bool is_node(const dg__build *b, int r, int c)
{
    uint32_t w = dg__get(b, r, c);
    return (w & DG_CORRIDOR) && ((w & DG_ENTRANCE) || corridor_degree(b, r, c) != 2);
}

static int32_t find_node(const graph *g, uint32_t cell)
{
    size_t lo = 0, hi = g->n_node;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (g->node[mid].cell < cell) lo = mid + 1;
        else hi = mid;
    }
    return lo < g->n_node && g->node[lo].cell == cell ? (int32_t)lo : -1;
}

/* Follows the run from node cell (r, c) heading d. With stop == UINT32_MAX
 * it ends at the first node and returns that node's cell; otherwise it
 * clears every cell up to the node at cell `stop` (a node may have been left
 * with two runs by earlier cuts, so the cells alone cannot tell). */
static uint32_t walk(dg__build *b, int r, int c, dg_dir d, uint32_t stop)
{
    for (;;) {
        r += dg_dir_dy(d);
        c += dg_dir_dx(d);
        uint32_t at = (uint32_t)r * (uint32_t)b->cols + (uint32_t)c;
        if (stop == UINT32_MAX ? is_node(b, r, c) : at == stop) return at;
        /* a run may bend: continue to its one other corridor neighbour */
        dg_dir next = d;
        for (int k = 0; k < 4; k++) {
            if (k == (int)dg_dir_opposite(d)) continue;
            if (dg__get(b, r + dg_dir_dy((dg_dir)k), c + dg_dir_dx((dg_dir)k)) & DG_CORRIDOR) {
                next = (dg_dir)k;
                break;
            }
        }
        if (stop != UINT32_MAX) *dg__at(b, r, c) = DG_NOTHING;
        d = next;
    }
}

static dg_status build_graph(graph *g, dg__build *b, dg_error *err)
{
    g->b = b;
    size_t cap = 256, ecap = 256;
    g->node = dg__malloc(cap * sizeof *g->node);
    g->edge = dg__malloc(ecap * sizeof *g->edge);
    if (!g->node || !g->edge) goto oom;
    for (int r = 0; r < b->rows; r++)
        for (int c = 0; c < b->cols; c++) {
            if (!is_node(b, r, c)) continue;
            if (g->n_node == cap &&
                dg__grow((void **)&g->node, &cap, g->n_node + 1, sizeof *g->node, NULL, NULL) != DG_OK)
                goto oom;
            g->node[g->n_node++] = (node){(uint32_t)r * (uint32_t)b->cols + (uint32_t)c, 0, 0};
        }
    for (size_t k = 0; k < g->n_node; k++) {
        int r = (int)(g->node[k].cell / (uint32_t)b->cols), c = (int)(g->node[k].cell % (uint32_t)b->cols);
        for (int d = 0; d < 4; d++) {
            if (!(dg__get(b, r + dg_dir_dy((dg_dir)d), c + dg_dir_dx((dg_dir)d)) & DG_CORRIDOR)) continue;
            int32_t z = find_node(g, walk(b, r, c, (dg_dir)d, UINT32_MAX));
            if (z <= (int32_t)k) continue; /* each run once, from its lower end */
            if (g->n_edge == ecap &&
                dg__grow((void **)&g->edge, &ecap, g->n_edge + 1, sizeof *g->edge, NULL, NULL) != DG_OK)
                goto oom;
            g->edge[g->n_edge++] = (edge){(int32_t)k, z, (uint8_t)d, true};
        }
    }
    size_t nn = g->n_node;
    g->first = dg__calloc(nn + 1, sizeof *g->first);
    g->adj = dg__malloc((2 * g->n_edge + 1) * sizeof *g->adj);
    g->queue = dg__malloc((nn + 1) * sizeof *g->queue);
    g->from = dg__malloc((nn + 1) * sizeof *g->from);
    g->src = dg__malloc((nn + 1) * sizeof *g->src);
    g->seen = dg__calloc(nn + 1, sizeof *g->seen);
    if (!g->first || !g->adj || !g->queue || !g->from || !g->src || !g->seen) goto oom;
    for (size_t e = 0; e < g->n_edge; e++) {
        g->first[g->edge[e].a + 1]++;
        g->first[g->edge[e].z + 1]++;
        g->node[g->edge[e].a].deg++;
        g->node[g->edge[e].z].deg++;
    }
    for (size_t k = 0; k < nn; k++) g->first[k + 1] += g->first[k];
    int32_t *fill = g->from; /* borrowed as a cursor until the searches */
    for (size_t k = 0; k < nn; k++) fill[k] = g->first[k];
    for (size_t e = 0; e < g->n_edge; e++) {
        g->adj[fill[g->edge[e].a]++] = (int32_t)e;
        g->adj[fill[g->edge[e].z]++] = (int32_t)e;
    }
    return DG_OK;
oom:
    return dg__nomem(err, "building the corridor graph");
}

static void free_graph(graph *g)
{
    dg__free(g->node);
    dg__free(g->edge);
    dg__free(g->first);
    dg__free(g->adj);
    dg__free(g->queue);
    dg__free(g->from);
    dg__free(g->src);
    dg__free(g->seen);
}

static void node_rc(const graph *g, int32_t k, int *r, int *c)
{
    *r = (int)(g->node[k].cell / (uint32_t)g->b->cols);
    *c = (int)(g->node[k].cell % (uint32_t)g->b->cols);
}

/* Node k lost its last edge: a junction's cell goes back to rock, a gate's
 * to its room's wall. */
static void drop_node(graph *g, int32_t k)
{
    int r, c;
    node_rc(g, k, &r, &c);
    *dg__at(g->b, r, c) = g->node[k].room ? DG_PERIMETER : DG_NOTHING;
}

/* Removes edge e's cells; junctions left with one edge are pruned after, as
 * the dead ends they now are (explicit queue). */
static void cut(graph *g, int32_t e)
{
    edge *ed = &g->edge[e];
    if (!ed->alive) return;
    int r, c;
    node_rc(g, ed->a, &r, &c);
    walk(g->b, r, c, (dg_dir)ed->dir, g->node[ed->z].cell);
    ed->alive = false;
    size_t qn = 0;
    int32_t ends[2] = {ed->a, ed->z};
    for (int k = 0; k < 2; k++) {
        node *nd = &g->node[ends[k]];
        if (--nd->deg == 0) drop_node(g, ends[k]);
        else if (nd->deg == 1 && !nd->room) g->queue[qn++] = ends[k];
    }
    while (qn > 0) {
        int32_t k = g->queue[--qn];
        if (g->node[k].deg != 1) continue;
        for (int32_t i = g->first[k]; i < g->first[k + 1]; i++) {
            edge *x = &g->edge[g->adj[i]];
            if (!x->alive) continue;
            int32_t other = x->a == k ? x->z : x->a;
            /* clear from the leaf's side: walk() stops at the far node */
            int lr, lc;
            node_rc(g, x->a, &lr, &lc);
            walk(g->b, lr, lc, (dg_dir)x->dir, g->node[x->z].cell);
            x->alive = false;
            g->node[k].deg = 0;
            drop_node(g, k);
            node *o = &g->node[other];
            if (--o->deg == 0) drop_node(g, other);
            else if (o->deg == 1 && !o->room) g->queue[qn++] = other;
            break;
        }
    }
}

static void prune_all(graph *g)
{
    for (size_t k = 0; k < g->n_node; k++) {
        if (g->node[k].room || g->node[k].deg != 1) continue;
        for (int32_t i = g->first[k]; i < g->first[k + 1]; i++)
            if (g->edge[g->adj[i]].alive) {
                cut(g, g->adj[i]);
                break;
            }
    }
}

/* A loop from room `room` back to itself through corridors alone: a search
 * from all of its gates at once; where two searches meet, the edges back to
 * both gates form the loop. Returns how many edges were written to path. */
static size_t find_loop(graph *g, const int32_t *gates, size_t n_gates, int32_t *path)
{
    g->stamp++;
    size_t head = 0, tail = 0;
    for (size_t k = 0; k < n_gates; k++) {
        int32_t s = gates[k];
        if (g->node[s].deg == 0) continue;
        g->seen[s] = g->stamp;
        g->src[s] = s;
        g->from[s] = -1;
        g->queue[tail++] = s;
    }
    while (head < tail) {
        int32_t u = g->queue[head++];
        for (int32_t i = g->first[u]; i < g->first[u + 1]; i++) {
            int32_t e = g->adj[i];
            if (!g->edge[e].alive || e == g->from[u]) continue;
            int32_t v = g->edge[e].a == u ? g->edge[e].z : g->edge[e].a;
            if (g->seen[v] == g->stamp) {
                if (g->src[v] == g->src[u]) continue;
                /* two searches met: the loop is u..gate, e, v..gate */
                size_t n = 0;
                path[n++] = e;
                for (int32_t x = u; g->from[x] >= 0;) {
                    int32_t f = g->from[x];
                    path[n++] = f;
                    x = g->edge[f].a == x ? g->edge[f].z : g->edge[f].a;
                }
                for (int32_t x = v; g->from[x] >= 0;) {
                    int32_t f = g->from[x];
                    path[n++] = f;
                    x = g->edge[f].a == x ? g->edge[f].z : g->edge[f].a;
                }
                return n;
            }
            /* another room's gate: rooms are not walked through */
            if (g->node[v].room) continue;
            g->seen[v] = g->stamp;
            g->src[v] = g->src[u];
            g->from[v] = e;
            g->queue[tail++] = v;
        }
    }
    return 0;
}

/* Cuts every room-to-same-room loop (a random edge of each, rooms in random
 * order), then every ring of plain corridor, pruning the dead ends each cut
 * leaves. No cut can disconnect the map: each edge cut lies on a loop. */
static dg_status untangle(graph *g, size_t n_rooms, dg_error *err)
{
    dg__build *b = g->b;
    size_t nn = g->n_node;
    int32_t *gfirst = dg__calloc(n_rooms + 2, sizeof *gfirst);
    int32_t *cursor = dg__malloc((n_rooms + 2) * sizeof *cursor);
    int32_t *glist = dg__malloc((nn + 1) * sizeof *glist);
    int32_t *order = dg__malloc((n_rooms + 1) * sizeof *order);
    int32_t *path = dg__malloc((g->n_edge + 1) * sizeof *path);
    int32_t *parent = dg__malloc((nn + 1) * sizeof *parent);
    int32_t *eorder = dg__malloc((g->n_edge + 1) * sizeof *eorder);
    dg_status rc = DG_OK;
    if (!gfirst || !cursor || !glist || !order || !path || !parent || !eorder) {
        rc = dg__nomem(err, "cutting loops");
        goto done;
    }
    /* gates grouped by room */
    for (size_t k = 0; k < nn; k++)
        if (g->node[k].room) gfirst[g->node[k].room + 1]++;
    for (size_t r = 0; r <= n_rooms; r++) gfirst[r + 1] += gfirst[r];
    for (size_t r = 0; r <= n_rooms; r++) cursor[r] = gfirst[r];
    for (size_t k = 0; k < nn; k++)
        if (g->node[k].room) glist[cursor[g->node[k].room]++] = (int32_t)k;

    prune_all(g);
    for (size_t r = 0; r < n_rooms; r++) order[r] = (int32_t)r + 1;
    dg__shuffle(&b->rng, order, n_rooms, sizeof *order);
    for (size_t k = 0; k < n_rooms; k++) {
        int32_t room = order[k];
        const int32_t *gates = glist + gfirst[room];
        size_t n_gates = (size_t)(gfirst[room + 1] - gfirst[room]);
        if (n_gates < 2) continue;
        size_t len;
        while ((len = find_loop(g, gates, n_gates, path)) > 0)
            cut(g, path[dg_rng_below(&b->rng, (uint32_t)len)]);
    }

    /* rings of corridor: Kruskal over junction-to-junction runs */
    for (size_t k = 0; k < nn; k++) parent[k] = (int32_t)k;
    size_t ne = 0;
    for (size_t e = 0; e < g->n_edge; e++)
        if (g->edge[e].alive && !g->node[g->edge[e].a].room && !g->node[g->edge[e].z].room)
            eorder[ne++] = (int32_t)e;
    dg__shuffle(&b->rng, eorder, ne, sizeof *eorder);
    for (size_t k = 0; k < ne; k++) {
        edge *e = &g->edge[eorder[k]];
        if (!e->alive) continue;
        int32_t ra = dg__uf_find(parent, e->a), rz = dg__uf_find(parent, e->z);
        if (ra == rz) cut(g, eorder[k]);
        else parent[ra] = rz;
    }
done:
    dg__free(gfirst);
    dg__free(cursor);
    dg__free(glist);
    dg__free(order);
    dg__free(path);
    dg__free(parent);
    dg__free(eorder);
    return rc;
}

/* ---------------------------------------------------------------- entry */

dg_status dg__gen_panels(dg__build *b, dg_error *err)
{
    panel *p = NULL;
    gate *gates = NULL;
    size_t n = 0, n_gates = 0;
    graph g = {0};
    dg_status rc = divide(b, &p, &n, err);
    if (rc == DG_OK) rc = place_rooms(b, p, n, &gates, &n_gates, err);
    if (rc == DG_OK) rc = build_graph(&g, b, err);
    if (rc == DG_OK) {
        for (size_t k = 0; k < n_gates; k++) {
            uint32_t cell = (uint32_t)gates[k].r * (uint32_t)b->cols + (uint32_t)gates[k].c;
            g.node[find_node(&g, cell)].room = gates[k].room;
        }
        rc = untangle(&g, n, err);
    }
    /* the gates that kept their stub become doors */
    for (size_t k = 0; k < n_gates && rc == DG_OK; k++) {
        uint32_t *w = dg__at(b, gates[k].r, gates[k].c);
        if (!(*w & DG_CORRIDOR)) continue;
        dg__door d = {gates[k].r, gates[k].c, gates[k].dir, gates[k].room, 0,
                      dg__door_type(&b->rng, b->o->doors)};
        *w = DG_CORRIDOR | dg_door_type_bit(d.type);
        rc = dg__add_door(b, &d, err);
    }
    free_graph(&g);
    dg__free(p);
    dg__free(gates);
    if (rc != DG_OK) return rc;
    if ((rc = dg__place_exits(b, err)) != DG_OK) return rc;
    /* no dead ends to put them in: stairs go in nooks beside the corridors */
    return dg__place_stairs(b, b->o->stairs, err);
}

/* cost: 170 ns a cell at 501 and 1001 in bench_estimate's txt */
const dg__family dg__family_panels = {
    {"a sheet cut into panels, one room each, joined across the cuts", true, {60, 0, 30, false, 0, 260}},
    dg__gen_panels, NULL, NULL, NULL, NULL};
