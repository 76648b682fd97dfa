/* gen_abstract.c -- algorithm=abstract (seed 003) painted from its plan
 * (gen_abstract_plan.c). Each area is filled by its painter, which only ever
 * touches the area's inside and makes sure the cell inside each of its
 * gateways is open and joined to the rest; then the gateway cells are
 * opened (a door where a room meets them), so a gateway is never walled.
 * The up stair stands in a corner of the entrance area, the down stair in
 * one of the exit area; the plan keeps every gateway off those corners. */
#include <stdlib.h>
#include <string.h>

#include "family_int.h"
#include "gen_abstract_int.h"

typedef struct {
    dg__build *b;
    const dg__ab_plan *p;
    unsigned char *now, *next;   /* cave cells: 1 floor, 0 rock */
    unsigned char *fixed;        /* cave cells: 1 always floor, 2 always rock */
    uint32_t *queue;
} painter;

/* The cell just inside area a from gateway g, and the side of a it is on. */
static dg_point inside_of(const dg__ab_area *a, const dg__ab_gate *g, dg_dir *side)
{
    if (g->x == a->x1) *side = DG_DIR_WEST;
    else if (g->x == a->x2) *side = DG_DIR_EAST;
    else if (g->y == a->y1) *side = DG_DIR_NORTH;
    else *side = DG_DIR_SOUTH;
    return (dg_point){g->x - dg_dir_dx(*side), g->y - dg_dir_dy(*side)};
}

/* ----------------------------------------------------------------- paths */

typedef void (*put_fn)(painter *pt, const dg__ab_area *a, int x, int y);

static void put_corridor(painter *pt, const dg__ab_area *a, int x, int y)
{
    (void)a;
    uint32_t *w = dg__at(pt->b, y, x);
    if (*w == DG_NOTHING) *w = DG_CORRIDOR;
}

static void put_fixed(painter *pt, const dg__ab_area *a, int x, int y)
{
    size_t k = (size_t)(y - a->y1 - 1) * (size_t)(a->x2 - a->x1 - 1) + (size_t)(x - a->x1 - 1);
    if (pt->fixed[k] != 2) pt->fixed[k] = 1;
}

static void step_to(painter *pt, const dg__ab_area *a, put_fn put, int *x, int *y, int tx, int ty)
{
    while (*x != tx || *y != ty) {
        *x += (tx > *x) - (tx < *x);
        *y += (ty > *y) - (ty < *y);
        put(pt, a, *x, *y);
    }
}

/* A path from `from` to `to` in three straight legs: along x (or y, when
 * !x_first) to `bend`, across all the way, then on to the end. With the bend
 * at either end it is an L. Never leaves the box of its ends. */
static void path(painter *pt, const dg__ab_area *a, put_fn put, dg_point from, dg_point to, bool x_first, int bend)
{
    int x = from.x, y = from.y;
    put(pt, a, x, y);
    if (x_first) {
        step_to(pt, a, put, &x, &y, bend, y);
        step_to(pt, a, put, &x, &y, x, to.y);
    } else {
        step_to(pt, a, put, &x, &y, x, bend);
        step_to(pt, a, put, &x, &y, to.x, y);
    }
    step_to(pt, a, put, &x, &y, to.x, to.y);
}

static void line(painter *pt, const dg__ab_area *a, dg_point from, dg_point to)
{
    int x = from.x, y = from.y;
    put_corridor(pt, a, x, y);
    step_to(pt, a, put_corridor, &x, &y, to.x, to.y);
}

/* A path with a random first leg and bend: tunnels that wander a little. */
static void random_path(painter *pt, const dg__ab_area *a, put_fn put, dg_point from, dg_point to)
{
    bool x_first = dg_rng_below(&pt->b->rng, 2) == 0;
    int lo = x_first ? from.x : from.y, hi = x_first ? to.x : to.y;
    if (lo > hi) {
        int t = lo;
        lo = hi;
        hi = t;
    }
    path(pt, a, put, from, to, x_first, lo + (int)dg_rng_below(&pt->b->rng, (uint32_t)(hi - lo + 1)));
}

/* The way to a stair area's landing: first along the landing's own axis to
 * its line, then straight in. Such a path never touches the stair or the
 * cell that must stay solid beside it (see dg__ab_stair_cells). */
static void landing_path(painter *pt, const dg__ab_area *a, put_fn put, dg_point from, const dg__ab_stair *st)
{
    bool x_first = st->in_a.x != 0;
    path(pt, a, put, from, st->l, x_first, x_first ? st->l.x : st->l.y);
}

static dg_point centre(const dg__ab_area *a) { return (dg_point){(a->x1 + a->x2) / 2, (a->y1 + a->y2) / 2}; }

/* ------------------------------------------------------------- painters */

static uint32_t room_word(int id) { return DG_ROOM | ((uint32_t)id << DG_ROOM_ID_SHIFT); }

static void fill_room(dg__build *b, int id, int x1, int y1, int x2, int y2)
{
    for (int y = y1 - 1; y <= y2 + 1; y++)
        for (int x = x1 - 1; x <= x2 + 1; x++) {
            uint32_t *w = dg__at(b, y, x);
            if (x >= x1 && x <= x2 && y >= y1 && y <= y2) *w = room_word(id);
            else if (*w == DG_NOTHING) *w = DG_PERIMETER;
        }
}

/* Seed 003's remark: rooms smaller than their area, with a corridor from
 * each gateway round to a door. From the cell inside the gateway the
 * corridor goes straight towards the room as far as the ring just outside
 * its wall, along the ring to the nearest point level with the room, and
 * in through a door. Doors one cell apart would not be walled, so such a
 * corridor uses its neighbour's door. */
static dg_status paint_inset(painter *pt, const dg__ab_area *a, dg_error *err)
{
    dg__build *b = pt->b;
    fill_room(b, a->room, a->rx1, a->ry1, a->rx2, a->ry2);
    int n = a->n_gates + (a->stair >= 0);
    dg_status rc = DG_OK;
    for (int k = 0; k < n && rc == DG_OK; k++) {
        dg_point from;
        dg_dir side;
        if (k < a->n_gates) {
            from = inside_of(a, &pt->p->gate[pt->p->gate_of[a->first_gate + k]], &side);
        } else {
            dg__ab_stair st = dg__ab_stair_cells(a, a->stair);
            from = st.l;
            side = st.in_b.x > 0 ? DG_DIR_WEST : st.in_b.x < 0 ? DG_DIR_EAST : st.in_b.y > 0 ? DG_DIR_NORTH : DG_DIR_SOUTH;
        }
        bool row_wall = side == DG_DIR_NORTH || side == DG_DIR_SOUTH;
        int ring = side == DG_DIR_NORTH ? a->ry1 - 2 : side == DG_DIR_SOUTH ? a->ry2 + 2
                 : side == DG_DIR_WEST ? a->rx1 - 2 : a->rx2 + 2;
        int along = row_wall ? from.x : from.y;
        int lo = row_wall ? a->rx1 : a->ry1, hi = row_wall ? a->rx2 : a->ry2;
        int t = along < lo ? lo : along > hi ? hi : along;
        int wall = side == DG_DIR_NORTH ? a->ry1 - 1 : side == DG_DIR_SOUTH ? a->ry2 + 1
                 : side == DG_DIR_WEST ? a->rx1 - 1 : a->rx2 + 1;
        for (int d = -1; d <= 1; d++) {
            uint32_t w = row_wall ? dg__get(b, wall, t + d) : dg__get(b, t + d, wall);
            if (w & DG_DOORSPACE) {
                t += d;
                break;
            }
        }
        dg_point bend = row_wall ? (dg_point){from.x, ring} : (dg_point){ring, from.y};
        dg_point end = row_wall ? (dg_point){t, ring} : (dg_point){ring, t};
        line(pt, a, from, bend);
        line(pt, a, bend, end);
        int dx = row_wall ? t : wall, dy = row_wall ? wall : t;
        if (dg__get(b, dy, dx) & DG_DOORSPACE) continue;
        dg__door door = {dy, dx, side, a->room, 0, dg__door_type(&b->rng, b->o->doors)};
        *dg__at(b, dy, dx) = DG_CORRIDOR | dg_door_type_bit(door.type);
        rc = dg__add_door(b, &door, err);
    }
    return rc;
}

/* Perimeter order of a gateway's inside cell, clockwise from the top-left
 * corner: the circular painter joins each gateway to the next this way. */
static long perimeter_at(const dg__ab_area *a, dg_point c, dg_dir side)
{
    long w = a->x2 - a->x1, h = a->y2 - a->y1;
    switch (side) {
    case DG_DIR_NORTH: return c.x - a->x1;
    case DG_DIR_EAST:  return w + (c.y - a->y1);
    case DG_DIR_SOUTH: return w + h + (a->x2 - c.x);
    default:           return 2 * w + h + (a->y2 - c.y);
    }
}

/* ----------------------------------------------------------- tidy tunnels */

static bool open_at(const dg__build *b, const dg__ab_area *a, int x, int y)
{
    if (x <= a->x1 || y <= a->y1 || x >= a->x2 || y >= a->y2) return false;
    return *dg__at((dg__build *)b, y, x) != DG_NOTHING;
}

/* Whether corridor (x, y) can go without cutting any way through: it sits
 * in a 2 x 2 block of open cells (so it is not the only way), and its open
 * 4-neighbours stay joined to each other through its other open
 * 8-neighbours, side to side. */
static bool redundant(const dg__build *b, const dg__ab_area *a, int x, int y)
{
    bool o[3][3];
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 3; i++) o[j][i] = (i != 1 || j != 1) && open_at(b, a, x + i - 1, y + j - 1);
    bool block = (o[0][0] && o[0][1] && o[1][0]) || (o[0][2] && o[0][1] && o[1][2]) ||
                 (o[2][0] && o[2][1] && o[1][0]) || (o[2][2] && o[2][1] && o[1][2]);
    if (!block) return false;
    /* the ring of 8 neighbours in order; open 4-neighbours must all lie on
     * one run of open ring cells (runs join side to side: a corner joins
     * its two edge cells) */
    static const int ring[8][2] = {{0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2}, {1, 2}, {0, 2}, {0, 1}};
    int start = -1;
    for (int k = 0; k < 8 && start < 0; k++)
        if (!o[ring[k][1]][ring[k][0]]) start = k;
    if (start < 0) return true; /* all open round it */
    int runs_with_edge = 0;
    for (int n = 1; n <= 8; n++) {
        int k = (start + n) % 8;
        if (!o[ring[k][1]][ring[k][0]]) continue;
        bool edge = false;
        int m = 0;
        while (m < 8 && o[ring[(k + m) % 8][1]][ring[(k + m) % 8][0]]) {
            edge = edge || ((k + m) % 2 == 1); /* odd ring places are the 4-neighbours */
            m++;
        }
        runs_with_edge += edge;
        n += m - 1;
    }
    return runs_with_edge == 1;
}

/* Tunnels read as corridors: rock the paths closed round is filled when it
 * is a sliver (one cell thick, however long: two paths side by side) or at
 * most three cells, then corridors that are not the only way through are
 * thinned away, top-down and left to right until none is left, so blobs
 * two cells wide and small loops become single corridors. The gateways'
 * inside cells and the hub stay. Deterministic: no draws. */
static void tidy_tunnels(painter *pt, const dg__ab_area *a, const dg_point *keep, int n_keep)
{
    dg__build *b = pt->b;
    int w = a->x2 - a->x1 - 1, h = a->y2 - a->y1 - 1;
    if (w < 2 || h < 2) return;
    unsigned char *seen = pt->now; /* max_inside bytes, free while tunnels are painted */
    uint32_t *queue = pt->queue;
    memset(seen, 0, (size_t)w * (size_t)h);
    for (int y0 = 0; y0 < h; y0++)
        for (int x0 = 0; x0 < w; x0++) {
            if (seen[y0 * w + x0] || open_at(b, a, a->x1 + 1 + x0, a->y1 + 1 + y0)) continue;
            /* one rock component, 4-connected; enclosed if it never meets
             * the inside's border */
            size_t head = 0, tail = 0;
            bool border = false;
            int lx = x0, hx = x0, ly = y0, hy = y0;
            queue[tail++] = (uint32_t)(y0 * w + x0);
            seen[y0 * w + x0] = 1;
            while (head < tail) {
                int k = (int)queue[head++], x = k % w, y = k / w;
                border = border || x == 0 || y == 0 || x == w - 1 || y == h - 1;
                lx = x < lx ? x : lx;
                hx = x > hx ? x : hx;
                ly = y < ly ? y : ly;
                hy = y > hy ? y : hy;
                static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
                for (int i = 0; i < 4; i++) {
                    int xx = x + dx[i], yy = y + dy[i];
                    if (xx < 0 || yy < 0 || xx >= w || yy >= h || seen[yy * w + xx]) continue;
                    if (open_at(b, a, a->x1 + 1 + xx, a->y1 + 1 + yy)) continue;
                    seen[yy * w + xx] = 1;
                    queue[tail++] = (uint32_t)(yy * w + xx);
                }
            }
            if (border || (tail > 3 && lx != hx && ly != hy)) continue; /* a hole, not a sliver */
            for (size_t i = 0; i < tail; i++)
                *dg__at(b, a->y1 + 1 + (int)(queue[i] / (uint32_t)w), a->x1 + 1 + (int)(queue[i] % (uint32_t)w)) =
                    DG_CORRIDOR;
        }
    for (bool changed = true; changed;) {
        changed = false;
        for (int y = a->y1 + 1; y < a->y2; y++)
            for (int x = a->x1 + 1; x < a->x2; x++) {
                if (*dg__at(b, y, x) != DG_CORRIDOR) continue;
                bool kept = false;
                for (int k = 0; k < n_keep && !kept; k++) kept = keep[k].x == x && keep[k].y == y;
                if (kept || !redundant(b, a, x, y)) continue;
                *dg__at(b, y, x) = DG_NOTHING;
                changed = true;
            }
    }
}

/* The three tunnel painters: solid, then tunnels from each gateway to the
 * centre (simple), from each gateway to every other (multi), or from each
 * to the next round the area (circular). A stair area's tunnels all lead
 * to the stair's landing instead. */
static dg_status paint_tunnels(painter *pt, const dg__ab_area *a, dg_error *err)
{
    const dg__ab_plan *p = pt->p;
    int n = a->n_gates;
    dg_point *in = dg__malloc((size_t)(n + 1) * sizeof *in); /* and the centre, for tidying */
    long *order = dg__malloc((size_t)(n ? n : 1) * sizeof *order);
    if (!in || !order) {
        dg__free(in);
        dg__free(order);
        return dg__nomem(err, "painting tunnels");
    }
    for (int k = 0; k < n; k++) {
        dg_dir side;
        in[k] = inside_of(a, &p->gate[p->gate_of[a->first_gate + k]], &side);
        order[k] = perimeter_at(a, in[k], side);
    }
    dg__ab_painter kind = a->painter;
    if (a->stair >= 0 || n <= 1) kind = DG__AB_TUNNEL;
    if (kind == DG__AB_CIRCLE && n <= 2) kind = DG__AB_MULTI;
    if (kind == DG__AB_TUNNEL) {
        dg__ab_stair st = dg__ab_stair_cells(a, a->stair >= 0 ? a->stair : 0);
        dg_point hub = a->stair >= 0 ? st.l : centre(a);
        put_corridor(pt, a, hub.x, hub.y);
        for (int k = 0; k < n; k++) {
            if (a->stair >= 0) landing_path(pt, a, put_corridor, in[k], &st);
            else random_path(pt, a, put_corridor, in[k], hub);
        }
    } else if (kind == DG__AB_MULTI) {
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) random_path(pt, a, put_corridor, in[i], in[j]);
    } else {
        /* insertion sort by perimeter place: n is small */
        for (int i = 1; i < n; i++)
            for (int j = i; j > 0 && order[j - 1] > order[j]; j--) {
                long t = order[j];
                order[j] = order[j - 1];
                order[j - 1] = t;
                dg_point q = in[j];
                in[j] = in[j - 1];
                in[j - 1] = q;
            }
        for (int i = 0; i < n; i++) random_path(pt, a, put_corridor, in[i], in[(i + 1) % n]);
    }
    if (a->stair < 0) { /* a stair area's tunnels meet at its landing: left as drawn */
        in[n] = centre(a);
        tidy_tunnels(pt, a, in, kind == DG__AB_TUNNEL ? n + 1 : n);
    }
    dg__free(in);
    dg__free(order);
    return DG_OK;
}

/* Seed 003's cave painter: open, with fixed tunnels from the gateways to
 * the centre (or the stair's landing), then stone grown in from the
 * borders -- likelier near them -- and smoothed by a few generations of the
 * usual cave automaton; fixed cells never change. Floor cut off from the
 * fixed tunnels goes back to rock, so the cave stays one piece. */
static void paint_cave(painter *pt, const dg__ab_area *a)
{
    dg__build *b = pt->b;
    const dg__ab_plan *p = pt->p;
    int w = a->x2 - a->x1 - 1, h = a->y2 - a->y1 - 1;
    size_t n = (size_t)w * (size_t)h;
    for (size_t k = 0; k < n; k++) pt->fixed[k] = 0;
#define AT(x, y) ((size_t)((y) - a->y1 - 1) * (size_t)w + (size_t)((x) - a->x1 - 1))
#define INSIDE(x, y) ((x) > a->x1 && (x) < a->x2 && (y) > a->y1 && (y) < a->y2)
    dg__ab_stair st = dg__ab_stair_cells(a, a->stair >= 0 ? a->stair : 0);
    dg_point hub = a->stair >= 0 ? st.l : centre(a);
    if (a->stair >= 0) {
        pt->fixed[AT(st.s.x, st.s.y)] = 2;
        pt->fixed[AT(st.r.x, st.r.y)] = 2;
        /* the landing opens on into the cave, never a dead end */
        dg_point more[2] = {{st.l.x + st.in_a.x, st.l.y + st.in_a.y}, {st.l.x + st.in_b.x, st.l.y + st.in_b.y}};
        for (int k = 0; k < 2; k++)
            if (INSIDE(more[k].x, more[k].y)) put_fixed(pt, a, more[k].x, more[k].y);
    }
    put_fixed(pt, a, hub.x, hub.y);
    for (int k = 0; k < a->n_gates; k++) {
        dg_dir side;
        dg_point from = inside_of(a, &p->gate[p->gate_of[a->first_gate + k]], &side);
        if (a->stair >= 0) landing_path(pt, a, put_fixed, from, &st);
        else random_path(pt, a, put_fixed, from, hub);
    }
    for (int y = a->y1 + 1; y < a->y2; y++)
        for (int x = a->x1 + 1; x < a->x2; x++) {
            size_t k = AT(x, y);
            int d = x - a->x1 - 1;
            if (a->x2 - 1 - x < d) d = a->x2 - 1 - x;
            if (y - a->y1 - 1 < d) d = y - a->y1 - 1;
            if (a->y2 - 1 - y < d) d = a->y2 - 1 - y;
            int rock = d == 0 ? 70 : d == 1 ? 50 : d == 2 ? 30 : 15;
            pt->now[k] = pt->fixed[k] == 1 ? 1 : pt->fixed[k] == 2 ? 0 : !dg_rng_percent(&b->rng, rock);
        }
    for (int gen = 0; gen < 3; gen++) {
        for (int y = a->y1 + 1; y < a->y2; y++)
            for (int x = a->x1 + 1; x < a->x2; x++) {
                size_t k = AT(x, y);
                int rock = 0;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++)
                        if ((dx || dy) && (!INSIDE(x + dx, y + dy) || !pt->now[AT(x + dx, y + dy)])) rock++;
                pt->next[k] = pt->fixed[k] ? pt->now[k] : rock >= 5 ? 0 : rock <= 3 ? 1 : pt->now[k];
            }
        unsigned char *t = pt->now;
        pt->now = pt->next;
        pt->next = t;
    }
    /* keep the floor joined to the hub */
    size_t head = 0, tail = 0;
    pt->queue[tail++] = (uint32_t)AT(hub.x, hub.y);
    pt->now[AT(hub.x, hub.y)] = 2;
    while (head < tail) {
        uint32_t k = pt->queue[head++];
        int x = a->x1 + 1 + (int)(k % (uint32_t)w), y = a->y1 + 1 + (int)(k / (uint32_t)w);
        for (int d = 0; d < 4; d++) {
            int xx = x + dg_dir_dx((dg_dir)d), yy = y + dg_dir_dy((dg_dir)d);
            if (!INSIDE(xx, yy) || pt->now[AT(xx, yy)] != 1) continue;
            pt->now[AT(xx, yy)] = 2;
            pt->queue[tail++] = (uint32_t)AT(xx, yy);
        }
    }
    for (int y = a->y1 + 1; y < a->y2; y++)
        for (int x = a->x1 + 1; x < a->x2; x++)
            if (pt->now[AT(x, y)] == 2) *dg__at(b, y, x) = DG_CORRIDOR;
    unsigned char *m = dg__cave_mask(b);
    if (m)
        for (int y = a->y1; y <= a->y2; y++)
            for (int x = a->x1; x <= a->x2; x++) m[(size_t)y * (size_t)b->cols + (size_t)x] = 1;
#undef AT
#undef INSIDE
}

/* -------------------------------------------------------------- gateways */

/* Opens every gateway: an exit through the map's edge, a door owned by a
 * whole-area room on either side, else plain floor. */
static dg_status open_gates(dg__build *b, const dg__ab_plan *p, dg_error *err)
{
    dg_status rc = DG_OK;
    for (size_t k = 0; k < p->n_gate && rc == DG_OK; k++) {
        const dg__ab_gate *g = &p->gate[k];
        const dg__ab_area *a = &p->area[g->a];
        dg_dir side;
        if (g->b < 0) {
            inside_of(a, g, &side);
            *dg__at(b, g->y, g->x) = DG_CORRIDOR | DG__KEEP;
            dg_exit e = {g->x, g->y, side};
            rc = dg__add_exit(b, &e, err);
            continue;
        }
        const dg__ab_area *z = &p->area[g->b];
        const dg__ab_area *owner = a->painter == DG__AB_ROOM ? a : z->painter == DG__AB_ROOM ? z : NULL;
        if (!owner) {
            *dg__at(b, g->y, g->x) = DG_CORRIDOR;
            continue;
        }
        const dg__ab_area *far = owner == a ? z : a;
        inside_of(owner, g, &side);
        dg__door d = {g->y, g->x, side, owner->room, far->painter == DG__AB_ROOM ? far->room : 0,
                      dg__door_type(&b->rng, b->o->doors)};
        *dg__at(b, g->y, g->x) = DG_CORRIDOR | dg_door_type_bit(d.type);
        rc = dg__add_door(b, &d, err);
    }
    return rc;
}

static dg_status put_stair(dg__build *b, const dg__ab_area *a, bool down, int *placed, dg_error *err)
{
    if (a->stair < 0) return DG_OK;
    dg__ab_stair st = dg__ab_stair_cells(a, a->stair);
    *dg__at(b, st.s.y, st.s.x) = DG_CORRIDOR | DG__KEEP | (down ? DG_STAIR_DN : DG_STAIR_UP);
    dg_dir dir = st.in_a.x > 0 ? DG_DIR_EAST : st.in_a.x < 0 ? DG_DIR_WEST : st.in_a.y > 0 ? DG_DIR_SOUTH : DG_DIR_NORTH;
    dg_stair s = {st.s.x, st.s.y, down, dir, st.l.x, st.l.y};
    (*placed)++;
    return dg__add_stair(b, &s, err);
}

/* ---------------------------------------------------------------- family */

dg_status dg__gen_abstract(dg__build *b, dg_error *err)
{
    dg__ab_plan p;
    dg_status rc = dg__ab_plan_build(b, &p, err);
    if (rc != DG_OK) return rc;
    size_t most = p.max_inside > 0 ? (size_t)p.max_inside : 1;
    painter pt = {b, &p, dg__malloc(most), dg__malloc(most), dg__malloc(most), dg__malloc(most * sizeof(uint32_t))};
    if (!pt.now || !pt.next || !pt.fixed || !pt.queue) {
        rc = dg__nomem(err, "painting areas");
        goto done;
    }
    for (size_t i = 0; i < p.n_area && rc == DG_OK; i++) {
        const dg__ab_area *a = &p.area[i];
        switch (a->painter) {
        case DG__AB_ROOM:  fill_room(b, a->room, a->x1 + 1, a->y1 + 1, a->x2 - 1, a->y2 - 1); break;
        case DG__AB_INSET: rc = paint_inset(&pt, a, err); break;
        case DG__AB_CAVE:  paint_cave(&pt, a); break;
        case DG__AB_TUNNEL:
        case DG__AB_MULTI:
        case DG__AB_CIRCLE: rc = paint_tunnels(&pt, a, err); break;
        default: break;
        }
        if (a->room && rc == DG_OK) {
            bool inset = a->painter == DG__AB_INSET;
            dg__room rm = {inset ? a->ry1 : a->y1 + 1, inset ? a->rx1 : a->x1 + 1,
                           inset ? a->ry2 : a->y2 - 1, inset ? a->rx2 : a->x2 - 1,
                           DG_SHAPE_RECT, 0, false, true};
            rc = dg__add_room(b, &rm, err);
        }
    }
    if (rc == DG_OK) rc = open_gates(b, &p, err);
    int placed = 0;
    for (size_t k = 0; k < p.n_stair_areas && rc == DG_OK; k++)
        rc = put_stair(b, &p.area[p.stair_area[k]], p.stair_down[k], &placed, err);
    if (rc == DG_OK && b->o->stairs > placed) rc = dg__place_stairs(b, b->o->stairs - placed, err);
    if (rc != DG_OK) goto done;
    dg__remove_deadends(b, b->o->deadends);
    if (b->cave == NULL)
        for (size_t i = 0; i < p.n_area; i++)
            if (p.area[i].painter == DG__AB_CAVE) {
                rc = dg__nomem(err, "marking caves");
                break;
            }
done:
    dg__free(pt.now);
    dg__free(pt.next);
    dg__free(pt.fixed);
    dg__free(pt.queue);
    dg__ab_plan_free(&p);
    return rc;
}

/* Small minimal areas make many more, smaller areas to plan. */
static bool small_areas(const dg_options *o)
{
    return o->area_size_min < 36 || o->area_width_min < 5 || o->area_height_min < 5;
}

/* cost: 115-135 ns a cell at 501 and 1001 in bench_estimate's txt, its
 * small areas 216; their rooms' records and contents peaked 1.2 MB a
 * floor more at 151x151 (bench_estimate --quick, 3.7 MB as md for 3
 * floors), whatever the size past that (the room cap) */
const dg__family dg__family_abstract = {
    {"areas of an abstract plan from entrance to exit", true, {25, 60, 30, true, 1.6e6, 250}},
    dg__gen_abstract, NULL, NULL, NULL, small_areas};
