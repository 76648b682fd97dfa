/* gen_abstract_plan.c -- the plan of algorithm=abstract (seed 003): areas and
 * neighbours (gen_abstract_areas.c), entrance and exit far apart, the A* route
 * between them shaped by influence points, every other area attached, a
 * painter per area, stair corners and gateway cells. Nothing here touches
 * a cell; gen_abstract.c paints the plan. */
#include <stdlib.h>
#include <string.h>

#include "gen_abstract_int.h"

/* ------------------------------------------------------------- painters */

static bool is_tunnel(dg__ab_painter t) { return t == DG__AB_TUNNEL || t == DG__AB_MULTI || t == DG__AB_CIRCLE; }

static dg__ab_painter room_kind(dg_rng *rng, const dg__ab_area *a)
{
    if (dg__ab_inside_w(a) >= 7 && dg__ab_inside_h(a) >= 7 && dg_rng_percent(rng, 40)) return DG__AB_INSET;
    return DG__AB_ROOM;
}

static dg__ab_painter tunnel_kind(dg_rng *rng, const dg__ab_area *a)
{
    if (a->degree >= 3) return (dg__ab_painter)(DG__AB_TUNNEL + (int)dg_rng_below(rng, 3));
    if (a->degree == 2) return dg_rng_below(rng, 2) ? DG__AB_MULTI : DG__AB_TUNNEL;
    return DG__AB_TUNNEL;
}

/* One theme per map, from seed 003's examples: tunnels along the route and
 * rooms off it; rooms at dead ends and tunnels where ways meet; a cave
 * quarter among rooms; or everything mixed. */
static void assign_painters(dg_rng *rng, const dg_options *o, dg__ab_plan *p)
{
    int theme = (int)dg_rng_below(rng, 4);
    dg_point zone = {(int)dg_rng_below(rng, (uint32_t)o->cols), (int)dg_rng_below(rng, (uint32_t)o->rows)};
    int radius = (o->rows + o->cols) / 6;
    for (size_t i = 0; i < p->n_area; i++) {
        dg__ab_area *a = &p->area[i];
        if (!a->main) continue;
        switch (theme) {
        case 0:
            a->painter = a->route ? tunnel_kind(rng, a) : room_kind(rng, a);
            break;
        case 1:
            a->painter = a->degree <= 1 || dg_rng_percent(rng, 20) ? room_kind(rng, a) : tunnel_kind(rng, a);
            break;
        case 2:
            if (dg__ab_abs(dg__ab_cx(a) - zone.x) + dg__ab_abs(dg__ab_cy(a) - zone.y) <= radius) a->painter = DG__AB_CAVE;
            else a->painter = dg_rng_percent(rng, 70) ? room_kind(rng, a) : tunnel_kind(rng, a);
            break;
        default: {
            int r = (int)dg_rng_below(rng, 100);
            a->painter = r < 55 ? room_kind(rng, a) : r < 80 ? tunnel_kind(rng, a) : DG__AB_CAVE;
            break;
        }
        }
    }
}

/* ------------------------------------------------------------- stairs */

dg__ab_stair dg__ab_stair_cells(const dg__ab_area *a, int cfg)
{
    int sx = (cfg & 1) ? -1 : 1, sy = (cfg & 2) ? -1 : 1;
    dg__ab_stair t;
    t.s = (dg_point){sx > 0 ? a->x1 + 1 : a->x2 - 1, sy > 0 ? a->y1 + 1 : a->y2 - 1};
    dg_point ux = {sx, 0}, uy = {0, sy};
    t.in_a = (cfg & 4) ? uy : ux;
    t.in_b = (cfg & 4) ? ux : uy;
    t.l = (dg_point){t.s.x + t.in_a.x, t.s.y + t.in_a.y};
    t.r = (dg_point){t.s.x + t.in_b.x, t.s.y + t.in_b.y};
    t.forbidden[0] = (dg_point){t.s.x - t.in_a.x, t.s.y - t.in_a.y};
    t.forbidden[1] = (dg_point){t.s.x - t.in_b.x, t.s.y - t.in_b.y};
    t.forbidden[2] = (dg_point){t.s.x + t.in_b.x - t.in_a.x, t.s.y + t.in_b.y - t.in_a.y};
    return t;
}

/* Whether border cell (x, y) may not be a gateway: it would open onto the
 * stair of area a or the cell beside it that must stay solid. */
static bool stair_blocks(const dg__ab_plan *p, int a, int x, int y)
{
    if (a < 0 || p->area[a].stair < 0) return false;
    dg__ab_stair t = dg__ab_stair_cells(&p->area[a], p->area[a].stair);
    for (int k = 0; k < 3; k++)
        if (t.forbidden[k].x == x && t.forbidden[k].y == y) return true;
    return false;
}

static void pair_cell(const dg__ab_pair *q, int at, int *x, int *y)
{
    *x = q->across ? q->line : at;
    *y = q->across ? at : q->line;
}

static int allowed_cells(const dg__ab_plan *p, const dg__ab_pair *q)
{
    int n = 0;
    for (int at = q->lo; at <= q->hi; at++) {
        int x, y;
        pair_cell(q, at, &x, &y);
        n += !stair_blocks(p, q->a, x, y) && !stair_blocks(p, q->b, x, y);
    }
    return n;
}

/* A corner for area a's stair where every join keeps a gateway cell. */
static void pick_stair(dg_rng *rng, dg__ab_plan *p, const dg__ab_adjacency *g, int a)
{
    int start = (int)dg_rng_below(rng, 8);
    for (int t = 0; t < 8; t++) {
        p->area[a].stair = (start + t) % 8;
        bool ok = true;
        for (int k = g->start[a]; k < g->start[a + 1] && ok; k++) {
            const dg__ab_pair *q = &p->pair[g->at[k]];
            ok = !q->joined || allowed_cells(p, q) > 0;
        }
        if (ok) return;
    }
    p->area[a].stair = -1;
}

/* -------------------------------------------------------------- gateways */

static dg_status add_gate(dg__ab_plan *p, size_t *cap, dg__ab_gate gt, dg_error *err)
{
    dg_status rc = dg__grow((void **)&p->gate, cap, p->n_gate + 1, sizeof *p->gate, "placing gateways", err);
    if (rc != DG_OK) return rc;
    p->gate[p->n_gate++] = gt;
    return DG_OK;
}

/* Seed 003's rule of thumb: caves meeting caves open the whole border,
 * tunnels meeting tunnels one cell or sometimes two (a round trip), any
 * other meeting one cell -- a door when a room is on either side. */
static dg_status place_gates(dg_rng *rng, dg__ab_plan *p, size_t *cap, dg_error *err)
{
    dg_status rc = DG_OK;
    for (size_t i = 0; i < p->n_pair && rc == DG_OK; i++) {
        const dg__ab_pair *q = &p->pair[i];
        if (!q->joined) continue;
        dg__ab_painter ta = p->area[q->a].painter, tb = p->area[q->b].painter;
        int n = allowed_cells(p, q);
        bool whole = ta == DG__AB_CAVE && tb == DG__AB_CAVE;
        bool two = is_tunnel(ta) && is_tunnel(tb) && dg_rng_percent(rng, 25);
        int pick = whole ? 0 : (int)dg_rng_below(rng, (uint32_t)n);
        int seen = 0, taken = 0;
        for (int at = q->lo; at <= q->hi && rc == DG_OK; at++) {
            int x, y;
            pair_cell(q, at, &x, &y);
            if (stair_blocks(p, q->a, x, y) || stair_blocks(p, q->b, x, y)) {
                if (taken) break; /* a round trip needs two cells side by side */
                continue;
            }
            bool take = whole || seen == pick || (two && taken == 1);
            seen++;
            if (!take) continue;
            rc = add_gate(p, cap, (dg__ab_gate){x, y, q->a, q->b}, err);
            taken++;
            if (!whole && taken == (two ? 2 : 1)) break;
        }
    }
    return rc;
}

/* Border cells of the map's edge where an exit from a main area may open:
 * inside one area's stretch of the edge, clear of stair corners. */
static bool exit_ok(const dg__ab_plan *p, int a, int x, int y)
{
    const dg__ab_area *r = &p->area[a];
    if (!r->main || stair_blocks(p, a, x, y)) return false;
    if (y == r->y1 || y == r->y2) return x > r->x1 && x < r->x2;
    return y > r->y1 && y < r->y2;
}

static int edge_area_at(const dg__ab_plan *p, const int *list, int n, dg_dir edge, int at)
{
    /* list: the areas along that edge in order; few enough to scan */
    for (int k = 0; k < n; k++) {
        const dg__ab_area *a = &p->area[list[k]];
        int lo = (edge == DG_DIR_NORTH || edge == DG_DIR_SOUTH) ? a->x1 : a->y1;
        int hi = (edge == DG_DIR_NORTH || edge == DG_DIR_SOUTH) ? a->x2 : a->y2;
        if (at > lo && at < hi) return list[k];
    }
    return -1;
}

static void edge_cell(const dg_options *o, dg_dir edge, int at, int *x, int *y)
{
    switch (edge) {
    case DG_DIR_NORTH: *x = at; *y = 0; break;
    case DG_DIR_SOUTH: *x = at; *y = o->rows - 1; break;
    case DG_DIR_WEST:  *x = 0; *y = at; break;
    default:           *x = o->cols - 1; *y = at; break;
    }
}

static dg_status place_exits(dg_rng *rng, const dg_options *o, dg__ab_plan *p, size_t *cap, dg_error *err)
{
    if (o->egress == DG_EGRESS_NO) return DG_OK;
    int *edge_list[4] = {NULL};
    int edge_n[4] = {0};
    dg_status rc = DG_OK;
    for (int e = 0; e < 4 && rc == DG_OK; e++) {
        edge_list[e] = dg__malloc((p->n_area + 1) * sizeof(int));
        if (!edge_list[e]) rc = dg__nomem(err, "placing exits");
    }
    for (size_t i = 0; i < p->n_area && rc == DG_OK; i++) {
        const dg__ab_area *a = &p->area[i];
        if (a->y1 == 0) edge_list[DG_DIR_NORTH][edge_n[DG_DIR_NORTH]++] = (int)i;
        if (a->y2 == o->rows - 1) edge_list[DG_DIR_SOUTH][edge_n[DG_DIR_SOUTH]++] = (int)i;
        if (a->x1 == 0) edge_list[DG_DIR_WEST][edge_n[DG_DIR_WEST]++] = (int)i;
        if (a->x2 == o->cols - 1) edge_list[DG_DIR_EAST][edge_n[DG_DIR_EAST]++] = (int)i;
    }
    if (rc == DG_OK && o->egress == DG_EGRESS_TILING) {
        /* twins at the same place on opposite edges, one pair per 40 cells */
        int len_max = o->rows > o->cols ? o->rows : o->cols;
        int *spots = dg__malloc((size_t)len_max * sizeof *spots);
        if (!spots) rc = dg__nomem(err, "placing exits");
        for (int axis = 0; axis < 2 && rc == DG_OK; axis++) {
            dg_dir e1 = axis ? DG_DIR_WEST : DG_DIR_NORTH, e2 = dg_dir_opposite(e1);
            int len = axis ? o->rows : o->cols, n = 0;
            for (int at = 1; at < len - 1; at++) {
                int a1 = edge_area_at(p, edge_list[e1], edge_n[e1], e1, at);
                int a2 = edge_area_at(p, edge_list[e2], edge_n[e2], e2, at);
                int x1, y1, x2, y2;
                edge_cell(o, e1, at, &x1, &y1);
                edge_cell(o, e2, at, &x2, &y2);
                if (a1 >= 0 && a2 >= 0 && exit_ok(p, a1, x1, y1) && exit_ok(p, a2, x2, y2)) spots[n++] = at;
            }
            int want = 1 + len / 40;
            for (int t = 0; t < want && n > 0 && rc == DG_OK; t++) {
                int k = (int)dg_rng_below(rng, (uint32_t)n), at = spots[k], x, y;
                spots[k] = spots[--n];
                edge_cell(o, e1, at, &x, &y);
                rc = add_gate(p, cap, (dg__ab_gate){x, y, edge_area_at(p, edge_list[e1], edge_n[e1], e1, at), -1}, err);
                edge_cell(o, e2, at, &x, &y);
                if (rc == DG_OK)
                    rc = add_gate(p, cap, (dg__ab_gate){x, y, edge_area_at(p, edge_list[e2], edge_n[e2], e2, at), -1}, err);
            }
        }
        dg__free(spots);
    } else if (rc == DG_OK) {
        /* out of areas that are not whole rooms when there are any (a
         * corridor leads out better than a hole in a room's wall), one exit
         * per area and edge */
        int want = o->egress == DG_EGRESS_YES ? 1 : 2 + (int)dg_rng_below(rng, 3);
        for (int t = 0; t < want && rc == DG_OK; t++) {
            int count[2] = {0, 0};
            for (int e = 0; e < 4; e++)
                for (int k = 0; k < edge_n[e]; k++) {
                    const dg__ab_area *a = &p->area[edge_list[e][k]];
                    count[0] += a->main && a->painter != DG__AB_ROOM;
                    count[1] += a->main;
                }
            int any = count[0] == 0;
            if (count[any] == 0) break;
            int pick = (int)dg_rng_below(rng, (uint32_t)count[any]), e, k = 0;
            for (e = 0; e < 4; e++) {
                for (k = 0; k < edge_n[e]; k++) {
                    const dg__ab_area *a = &p->area[edge_list[e][k]];
                    if (a->main && (any || a->painter != DG__AB_ROOM) && pick-- == 0) break;
                }
                if (k < edge_n[e]) break;
            }
            int id = edge_list[e][k];
            edge_list[e][k] = edge_list[e][--edge_n[e]];
            const dg__ab_area *a = &p->area[id];
            int lo = (e == DG_DIR_NORTH || e == DG_DIR_SOUTH) ? a->x1 : a->y1;
            int hi = (e == DG_DIR_NORTH || e == DG_DIR_SOUTH) ? a->x2 : a->y2;
            int at = lo + 1 + (int)dg_rng_below(rng, (uint32_t)(hi - lo - 1)), x, y;
            /* from there along the stretch to the first cell clear of a stair */
            for (int s = 0; s < hi - lo - 1; s++, at = at + 1 < hi ? at + 1 : lo + 1) {
                edge_cell(o, (dg_dir)e, at, &x, &y);
                if (!exit_ok(p, id, x, y)) continue;
                rc = add_gate(p, cap, (dg__ab_gate){x, y, id, -1}, err);
                break;
            }
        }
    }
    for (int e = 0; e < 4; e++) dg__free(edge_list[e]);
    return rc;
}

/* ------------------------------------------------------------------ plan */

/* The biggest group of neighbours holds the dungeon; areas cut off from
 * it (all their borders too short) stay rock. Marks the group main and
 * leaves its areas in queue[0..*n_main). */
static dg_status mark_main(dg__ab_plan *p, const dg__ab_adjacency *g, int *dist, int *queue,
                           size_t *n_main, dg_error *err)
{
    size_t n = p->n_area, best = 0;
    int root = 0;
    unsigned char *seen = dg__calloc(n, 1);
    if (!seen) return dg__nomem(err, "joining areas");
    for (size_t i = 0; i < n; i++) {
        if (seen[i]) continue;
        size_t count;
        dg__ab_bfs(p, g, (int)i, dist, queue, &count);
        for (size_t k = 0; k < count; k++) seen[queue[k]] = 1;
        if (count > best) {
            best = count;
            root = (int)i;
        }
    }
    dg__free(seen);
    dg__ab_bfs(p, g, root, dist, queue, n_main);
    for (size_t k = 0; k < *n_main; k++) p->area[queue[k]].main = true;
    return DG_OK;
}

/* Entrance and exit far apart (the far end of a walk from a random main
 * area, then the far end from there), and the A* route between them bent
 * by influence points: one between entrance and exit, so the route does
 * not run straight, and a few more anywhere. queue holds the main areas. */
static dg_status route_ends(dg_rng *rng, const dg_options *o, dg__ab_plan *p, const dg__ab_adjacency *g,
                            int *dist, int *queue, size_t n_main, dg_error *err)
{
    int start = queue[dg_rng_below(rng, (uint32_t)n_main)];
    p->entrance = dg__ab_bfs(p, g, start, dist, queue, NULL);
    p->exit = dg__ab_bfs(p, g, p->entrance, dist, queue, NULL);

    const dg__ab_area *en = &p->area[p->entrance], *ex = &p->area[p->exit];
    p->influence[p->n_influence++] = (dg_point){(dg__ab_cx(en) + dg__ab_cx(ex)) / 2, (dg__ab_cy(en) + dg__ab_cy(ex)) / 2};
    size_t extra = n_main / 60 < 5 ? n_main / 60 : 5;
    for (size_t k = 0; k < extra; k++)
        p->influence[p->n_influence++] = (dg_point){(int)dg_rng_below(rng, (uint32_t)o->cols),
                                                    (int)dg_rng_below(rng, (uint32_t)o->rows)};
    int reach = (o->rows + o->cols) / 10 > 4 ? (o->rows + o->cols) / 10 : 4;
    return dg__ab_route(p, g, reach, (o->rows + o->cols) / 3, err);
}

/* The route's joins, then every other main area attached to one already
 * joined, picked at random (a random spanning tree), then a few extra
 * joins for round trips; each area's degree counts its joins. */
static dg_status join_areas(dg_rng *rng, dg__ab_plan *p, const dg__ab_adjacency *g, dg_error *err)
{
    unsigned char *joined = dg__calloc(p->n_area, 1);
    int *cand = dg__malloc((2 * p->n_pair + 1) * sizeof *cand);
    if (!joined || !cand) {
        dg__free(joined);
        dg__free(cand);
        return dg__nomem(err, "joining areas");
    }
    for (size_t r = 0; r < p->n_route; r++) {
        p->area[p->route[r]].route = true;
        joined[p->route[r]] = 1;
        if (r == 0) continue;
        int a = p->route[r - 1], b = p->route[r];
        for (int k = g->start[a]; k < g->start[a + 1]; k++)
            if (dg__ab_other_end(&p->pair[g->at[k]], a) == b) {
                p->pair[g->at[k]].joined = true;
                break;
            }
    }
    size_t nc = 0;
    for (size_t r = 0; r < p->n_route; r++) {
        int a = p->route[r];
        for (int k = g->start[a]; k < g->start[a + 1]; k++)
            if (!joined[dg__ab_other_end(&p->pair[g->at[k]], a)]) cand[nc++] = g->at[k];
    }
    while (nc > 0) {
        size_t pick = dg_rng_below(rng, (uint32_t)nc);
        dg__ab_pair *q = &p->pair[cand[pick]];
        cand[pick] = cand[--nc];
        if (joined[q->a] && joined[q->b]) continue;
        int fresh = joined[q->a] ? q->b : q->a;
        q->joined = true;
        joined[fresh] = 1;
        for (int k = g->start[fresh]; k < g->start[fresh + 1]; k++)
            if (!joined[dg__ab_other_end(&p->pair[g->at[k]], fresh)]) cand[nc++] = g->at[k];
    }
    int loops = 3 + (int)dg_rng_below(rng, 6);
    for (size_t i = 0; i < p->n_pair; i++) {
        dg__ab_pair *q = &p->pair[i];
        if (!q->joined && p->area[q->a].main && dg_rng_percent(rng, loops)) q->joined = true;
    }
    dg__free(joined);
    dg__free(cand);
    for (size_t i = 0; i < p->n_pair; i++) {
        if (!p->pair[i].joined) continue;
        p->area[p->pair[i].a].degree++;
        p->area[p->pair[i].b].degree++;
    }
    return DG_OK;
}

static void add_stair_area(dg__ab_plan *p, int area, bool down)
{
    p->stair_area[p->n_stair_areas] = area;
    p->stair_down[p->n_stair_areas++] = down;
}

/* Stairs: up at the entrance, down at the exit, any more in areas that
 * have corridor for them; a stair area needs corridor to stand in. Its
 * corner is picked once rooms are known. queue is scratch of n_area. */
static void choose_stair_areas(dg_rng *rng, const dg_options *o, dg__ab_plan *p, int *queue)
{
    if (o->stairs >= 1) add_stair_area(p, p->entrance, false);
    if (o->stairs >= 2 && p->exit != p->entrance) add_stair_area(p, p->exit, true);
    for (size_t k = 0; k < p->n_stair_areas; k++) {
        dg__ab_area *a = &p->area[p->stair_area[k]];
        bool big = dg__ab_inside_w(a) >= 7 && dg__ab_inside_h(a) >= 7;
        if (a->degree == 0) a->painter = big ? DG__AB_INSET : DG__AB_CAVE;
        else if (a->painter == DG__AB_ROOM) a->painter = big ? DG__AB_INSET : DG__AB_TUNNEL;
        a->stair = 0; /* taken; the corner is picked below */
    }
    if (p->n_stair_areas >= (size_t)o->stairs) return;
    size_t n_cand = 0;
    for (size_t i = 0; i < p->n_area; i++) {
        const dg__ab_area *a = &p->area[i];
        if (a->main && a->stair < 0 && a->degree > 0 && a->painter != DG__AB_ROOM) queue[n_cand++] = (int)i;
    }
    while (p->n_stair_areas < (size_t)o->stairs && n_cand > 0) {
        size_t pick = dg_rng_below(rng, (uint32_t)n_cand);
        add_stair_area(p, queue[pick], dg_rng_below(rng, 2) == 0);
        p->area[queue[pick]].stair = 0;
        queue[pick] = queue[--n_cand];
    }
}

/* Rooms numbered in area order (past DG_MAX_ROOMS an area becomes a
 * tunnel), each inset room's inner box drawn, the largest inside noted. */
static void number_rooms(dg_rng *rng, dg__ab_plan *p)
{
    int rooms = 0;
    for (size_t i = 0; i < p->n_area; i++) {
        dg__ab_area *a = &p->area[i];
        if (a->painter == DG__AB_ROOM || a->painter == DG__AB_INSET) {
            /* no continue here: a tunnel's inside still bounds the
             * tidy buffer sized from max_inside below */
            if (rooms >= DG_MAX_ROOMS)
                a->painter = DG__AB_TUNNEL;
            else
                a->room = ++rooms;
        }
        if (a->painter == DG__AB_INSET) {
            /* at least two cells all round: a ring to walk, then the wall */
            int w = dg__ab_inside_w(a), h = dg__ab_inside_h(a);
            int rw = (w - 4) / 2 > 3 ? (w - 4) / 2 : 3, rh = (h - 4) / 2 > 3 ? (h - 4) / 2 : 3;
            rw += (int)dg_rng_below(rng, (uint32_t)(w - 4 - rw + 1));
            rh += (int)dg_rng_below(rng, (uint32_t)(h - 4 - rh + 1));
            a->rx1 = a->x1 + 1 + 2 + (int)dg_rng_below(rng, (uint32_t)(w - rw - 4 + 1));
            a->ry1 = a->y1 + 1 + 2 + (int)dg_rng_below(rng, (uint32_t)(h - rh - 4 + 1));
            a->rx2 = a->rx1 + rw - 1;
            a->ry2 = a->ry1 + rh - 1;
        }
        int inside = dg__ab_inside_w(a) * dg__ab_inside_h(a);
        if (inside > p->max_inside) p->max_inside = inside;
    }
}

/* Each area's gateways, for its painter: gate_of[first_gate ..
 * first_gate + n_gates) of an area index p->gate. */
static dg_status index_gates(dg__ab_plan *p, dg_error *err)
{
    p->gate_of = dg__malloc((2 * p->n_gate + 1) * sizeof *p->gate_of);
    if (!p->gate_of) return dg__nomem(err, "placing gateways");
    for (size_t k = 0; k < p->n_gate; k++) {
        p->area[p->gate[k].a].n_gates++;
        if (p->gate[k].b >= 0) p->area[p->gate[k].b].n_gates++;
    }
    int at = 0;
    for (size_t i = 0; i < p->n_area; i++) {
        p->area[i].first_gate = at;
        at += p->area[i].n_gates;
        p->area[i].n_gates = 0;
    }
    for (size_t k = 0; k < p->n_gate; k++) {
        dg__ab_area *a = &p->area[p->gate[k].a];
        p->gate_of[a->first_gate + a->n_gates++] = (int)k;
        if (p->gate[k].b < 0) continue;
        a = &p->area[p->gate[k].b];
        p->gate_of[a->first_gate + a->n_gates++] = (int)k;
    }
    return DG_OK;
}

/* The plan's phases in draw order (the order is the map): areas and their
 * neighbours, the main group, the route, the joins, painters and stairs,
 * rooms, then gateways and exits. */
static dg_status make_plan(dg_rng *rng, const dg_options *o, dg__ab_plan *p, dg_error *err)
{
    memset(p, 0, sizeof *p);
    p->entrance = p->exit = -1;
    dg__ab_adjacency g = {NULL, NULL};
    int *dist = NULL, *queue = NULL;
    size_t n_main = 0, gcap = 0;
    dg_status rc = dg__ab_subdivide(rng, o, p, err);
    if (rc == DG_OK) rc = dg__ab_find_pairs(p, err);
    if (rc == DG_OK) rc = dg__ab_adjacency_build(p, &g, err);
    if (rc == DG_OK) {
        dist = dg__malloc(p->n_area * sizeof *dist);
        queue = dg__malloc(p->n_area * sizeof *queue);
        if (!dist || !queue) rc = dg__nomem(err, "joining areas");
    }
    if (rc == DG_OK) rc = mark_main(p, &g, dist, queue, &n_main, err);
    if (rc == DG_OK) rc = route_ends(rng, o, p, &g, dist, queue, n_main, err);
    if (rc == DG_OK) rc = join_areas(rng, p, &g, err);
    if (rc == DG_OK) {
        assign_painters(rng, o, p);
        if (n_main == 1 && p->area[p->entrance].painter != DG__AB_CAVE)
            p->area[p->entrance].painter = DG__AB_ROOM; /* a lone area: a room, not a stub */
        choose_stair_areas(rng, o, p, queue);
        number_rooms(rng, p);
        for (size_t k = 0; k < p->n_stair_areas; k++) pick_stair(rng, p, &g, p->stair_area[k]);
        rc = place_gates(rng, p, &gcap, err);
    }
    if (rc == DG_OK) rc = place_exits(rng, o, p, &gcap, err);
    if (rc == DG_OK) rc = index_gates(p, err);
    dg__free(g.start);
    dg__free(g.at);
    dg__free(dist);
    dg__free(queue);
    if (rc != DG_OK) dg__ab_plan_free(p);
    return rc;
}

void dg__ab_plan_free(dg__ab_plan *p)
{
    dg__free(p->area);
    dg__free(p->pair);
    dg__free(p->gate);
    dg__free(p->gate_of);
    dg__free(p->route);
    memset(p, 0, sizeof *p);
}

dg_status dg__ab_plan_build(dg__build *b, dg__ab_plan *plan, dg_error *err)
{
    return make_plan(&b->rng, b->o, plan, err);
}

dg_status dg__ab_plan_for(const dg_options *o, dg__ab_plan *plan, dg_error *err)
{
    dg__build b;
    dg_status rc = dg__build_init(&b, o, err);
    if (rc == DG_OK) rc = make_plan(&b.rng, o, plan, err);
    else memset(plan, 0, sizeof *plan);
    dg__build_fini(&b);
    return rc;
}
