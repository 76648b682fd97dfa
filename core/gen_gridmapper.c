/* gen_gridmapper.c -- algorithm=gridmapper (seed 002) from its plan
 * (gen_gridmapper_plan.c): one room per planned section, each holding its
 * section's centre row and column, so rooms joined along a section row or
 * column meet on one straight line -- a door where their walls touch, else
 * a corridor with a door at each end. caves=yes grows each room as a cave
 * instead, pillars=yes sets pillars into the walls of larger rooms. Room 1
 * holds the up stair; the room farthest from it the down stair. Exits run
 * from rooms on the layout's rim straight out to the map edge. */
#include <stdlib.h>

#include "family_int.h"
#include "gen_gridmapper.h"

/* A planned room: its section and that section's centre cell. */
typedef struct {
    int cr, cc;
    int sec_row, sec_col;
} spot;

typedef struct {
    int a, z;                /* room ids */
} join;

typedef struct {
    dg__build *b;
    dg__gm_plan plan;
    spot *at;                /* at[id] */
    join *joins;
    int n_joins;
} gm;

static const uint32_t room_word_mask = DG_ROOM | DG_ROOM_ID;

static uint32_t room_word(int id) { return DG_ROOM | ((uint32_t)id << DG_ROOM_ID_SHIFT); }

static bool is_room(const dg__build *b, int r, int c, int id)
{
    return (dg__get(b, r, c) & room_word_mask) == room_word(id);
}

/* ----------------------------------------------------------------- rooms */

/* A cave room: cells grown at random from the centre cross until they
 * cover 55-80% of the box, then holes filled, so the outline is one loop. */
static dg_status grow_cave(dg__build *b, int id, const dg__room *rm, const spot *s, dg_error *err)
{
    int w = rm->c2 - rm->c1 + 1, h = rm->r2 - rm->r1 + 1;
    size_t n = (size_t)w * (size_t)h;
    unsigned char *in = dg__calloc(n, 1);
    uint32_t *list = dg__malloc(n * sizeof *list);
    if (!in || !list) {
        dg__free(in);
        dg__free(list);
        return dg__nomem(err, "growing caves");
    }
    enum { OUT = 0, ROOM = 1, QUEUED = 2, RIM = 3 };
    size_t target = n * (55 + dg_rng_below(&b->rng, 26)) / 100, count = 0, nf = 0;
#define IDX(r, c) ((size_t)((r) - rm->r1) * (size_t)w + (size_t)((c) - rm->c1))
#define INBOX(r, c) ((r) >= rm->r1 && (r) <= rm->r2 && (c) >= rm->c1 && (c) <= rm->c2)
    /* the centre and its four neighbours always: joins leave from there */
    for (int d = -1; d < 4; d++) {
        int r = s->cr + (d < 0 ? 0 : dg_dir_dy((dg_dir)d)), c = s->cc + (d < 0 ? 0 : dg_dir_dx((dg_dir)d));
        if (INBOX(r, c) && in[IDX(r, c)] != ROOM) {
            in[IDX(r, c)] = ROOM;
            count++;
        }
    }
    for (int r = rm->r1; r <= rm->r2; r++)
        for (int c = rm->c1; c <= rm->c2; c++) {
            if (in[IDX(r, c)] != ROOM) continue;
            for (int d = 0; d < 4; d++) {
                int rr = r + dg_dir_dy((dg_dir)d), cc = c + dg_dir_dx((dg_dir)d);
                if (INBOX(rr, cc) && in[IDX(rr, cc)] == OUT) {
                    in[IDX(rr, cc)] = QUEUED;
                    list[nf++] = (uint32_t)IDX(rr, cc);
                }
            }
        }
    while (count < target && nf > 0) {
        size_t pick = dg_rng_below(&b->rng, (uint32_t)nf);
        uint32_t at = list[pick];
        list[pick] = list[--nf];
        in[at] = ROOM;
        count++;
        int r = rm->r1 + (int)(at / (uint32_t)w), c = rm->c1 + (int)(at % (uint32_t)w);
        for (int d = 0; d < 4; d++) {
            int rr = r + dg_dir_dy((dg_dir)d), cc = c + dg_dir_dx((dg_dir)d);
            if (INBOX(rr, cc) && in[IDX(rr, cc)] == OUT) {
                in[IDX(rr, cc)] = QUEUED;
                list[nf++] = (uint32_t)IDX(rr, cc);
            }
        }
    }
    /* rock reachable from the box's rim stays rock; the rest is a hole */
    nf = 0;
    for (size_t k = 0; k < n; k++) {
        if (in[k] == QUEUED) in[k] = OUT;
        int r = (int)(k / (size_t)w), c = (int)(k % (size_t)w);
        if (in[k] == OUT && (r == 0 || c == 0 || r == h - 1 || c == w - 1)) {
            in[k] = RIM;
            list[nf++] = (uint32_t)k;
        }
    }
    while (nf > 0) {
        uint32_t at = list[--nf];
        int r = rm->r1 + (int)(at / (uint32_t)w), c = rm->c1 + (int)(at % (uint32_t)w);
        for (int d = 0; d < 4; d++) {
            int rr = r + dg_dir_dy((dg_dir)d), cc = c + dg_dir_dx((dg_dir)d);
            if (INBOX(rr, cc) && in[IDX(rr, cc)] == OUT) {
                in[IDX(rr, cc)] = RIM;
                list[nf++] = (uint32_t)IDX(rr, cc);
            }
        }
    }
    for (int r = rm->r1; r <= rm->r2; r++)
        for (int c = rm->c1; c <= rm->c2; c++)
            if (in[IDX(r, c)] != RIM) *dg__at(b, r, c) = room_word(id);
#undef IDX
#undef INBOX
    dg__free(in);
    dg__free(list);
    return DG_OK;
}

/* Cells a room reaches from its section's centre, of at most `most`: at
 * least a third of it, for caves two thirds (a cave needs room to be round). */
static int extent(dg__build *b, int most)
{
    int least = b->o->caves ? 2 * most / 3 : most / 3;
    return least + (int)dg_rng_below(&b->rng, (uint32_t)(most - least + 1));
}

/* Each planned room: a box around its section's centre. */
static dg_status build_rooms(gm *g, dg_error *err)
{
    dg__build *b = g->b;
    const dg__gm_plan *p = &g->plan;
    int px = p->pitch_x, py = p->pitch_y;
    int left = px / 2 - 1, right = px - 1 - px / 2, up = py / 2 - 1, down = py - 1 - py / 2;
    for (int id = 1; id <= p->n_room; id++) {
        spot *s = &g->at[id];
        s->cc = p->x0 + s->sec_col * px + px / 2;
        s->cr = p->y0 + s->sec_row * py + py / 2;
        int a = extent(b, left), z = extent(b, right), u = extent(b, up), d = extent(b, down);
        if (id == 1 && b->o->stairs > 0) {
            /* room 1 holds the stairs: on a side no join leaves by, it
             * stops two cells short of its section's wall, which leaves
             * space for the stair's alcove */
            int *ext[4] = {&u, &d, &a, &z}, most[4] = {up, down, left, right}, free_sides[4], n = 0;
            for (int side = 0; side < 4; side++) {
                bool used = false;
                for (int j = 0; j < g->n_joins && !used; j++) {
                    int o = g->joins[j].a == 1 ? g->joins[j].z : g->joins[j].z == 1 ? g->joins[j].a : 0;
                    if (!o) continue;
                    int dr = g->at[o].sec_row - s->sec_row, dc = g->at[o].sec_col - s->sec_col;
                    used = (side == DG_DIR_NORTH && dr < 0) || (side == DG_DIR_SOUTH && dr > 0) ||
                           (side == DG_DIR_WEST && dc < 0) || (side == DG_DIR_EAST && dc > 0);
                }
                if (!used && most[side] >= 2) free_sides[n++] = side;
            }
            if (n > 0) {
                int side = free_sides[dg_rng_below(&b->rng, (uint32_t)n)];
                if (*ext[side] > most[side] - 2) *ext[side] = most[side] - 2;
            }
        }
        dg__room rm = {s->cr - u, s->cc - a, s->cr + d, s->cc + z, DG_SHAPE_RECT, 0, false, true};
        dg_status rc = dg__add_room(b, &rm, err);
        if (rc != DG_OK) return rc;
        if (b->o->caves) {
            if ((rc = grow_cave(b, id, &rm, s, err)) != DG_OK) return rc;
            continue;
        }
        for (int r = rm.r1 - 1; r <= rm.r2 + 1; r++)
            for (int c = rm.c1 - 1; c <= rm.c2 + 1; c++) {
                bool inside = r >= rm.r1 && r <= rm.r2 && c >= rm.c1 && c <= rm.c2;
                uint32_t *w = dg__at(b, r, c);
                if (inside) *w = room_word(id);
                else if (*w == DG_NOTHING) *w = DG_PERIMETER;
            }
    }
    return DG_OK;
}

/* ----------------------------------------------------------------- joins */

static dg_status put_door(dg__build *b, int r, int c, dg_dir dir, int room, int other, dg_error *err)
{
    dg__door d = {r, c, dir, room, other, dg__door_type(&b->rng, b->o->doors)};
    *dg__at(b, r, c) = DG_CORRIDOR | dg_door_type_bit(d.type);
    return dg__add_door(b, &d, err);
}

/* Rooms a and z on one section row (across) or column: a door where their
 * walls meet, else a corridor between a door in each wall. Caves: open
 * floor along the centre line from cave to cave. */
static dg_status carve_join(gm *g, int a, int z, dg_error *err)
{
    dg__build *b = g->b;
    bool across = g->at[a].sec_row == g->at[z].sec_row;
    if (across ? g->at[a].cc > g->at[z].cc : g->at[a].cr > g->at[z].cr) {
        int t = a;
        a = z;
        z = t;
    }
    const spot *sa = &g->at[a], *sz = &g->at[z];
    if (b->o->caves) {
        for (int k = across ? sa->cc : sa->cr; k <= (across ? sz->cc : sz->cr); k++) {
            uint32_t *w = across ? dg__at(b, sa->cr, k) : dg__at(b, k, sa->cc);
            if (!(*w & DG_ROOM)) *w = DG_CORRIDOR;
        }
        return DG_OK;
    }
    const dg__room *ra = &b->room[a - 1], *rz = &b->room[z - 1];
    int wa = across ? ra->c2 + 1 : ra->r2 + 1, wz = across ? rz->c1 - 1 : rz->r1 - 1;
    int line = across ? sa->cr : sa->cc;
    dg_dir out = across ? DG_DIR_EAST : DG_DIR_SOUTH;
#define CELL_R(k) (across ? line : (k))
#define CELL_C(k) (across ? (k) : line)
    if (wa == wz) return put_door(b, CELL_R(wa), CELL_C(wa), out, a, z, err);
    dg_status rc = put_door(b, CELL_R(wa), CELL_C(wa), out, a, 0, err);
    if (rc == DG_OK) rc = put_door(b, CELL_R(wz), CELL_C(wz), dg_dir_opposite(out), z, 0, err);
    for (int k = wa + 1; k < wz; k++) *dg__at(b, CELL_R(k), CELL_C(k)) = DG_CORRIDOR;
#undef CELL_R
#undef CELL_C
    return rc;
}

/* ----------------------------------------------------------------- exits */

typedef struct {
    dg_dir edge;
    int line;                /* section column (north, south) or row */
} rim_room;

/* Section (r, c) of the k-th step in from `edge` along section line `line`. */
static size_t rim_step(const dg__gm_plan *p, dg_dir edge, int line, int k)
{
    int r, c;
    switch (edge) {
    case DG_DIR_NORTH: r = k; c = line; break;
    case DG_DIR_SOUTH: r = p->sec_rows - 1 - k; c = line; break;
    case DG_DIR_WEST:  r = line; c = k; break;
    default:           r = line; c = p->sec_cols - 1 - k; break;
    }
    return (size_t)r * DG__GM_MAX_SECS + (size_t)c;
}

/* The room met walking in from `edge` along section line `line` over
 * empty sections (*passed of them, when not NULL); 0 when a passage is met
 * first. */
static int rim_room_on(const dg__gm_plan *p, dg_dir edge, int line, int *passed)
{
    int n = (edge == DG_DIR_NORTH || edge == DG_DIR_SOUTH) ? p->sec_rows : p->sec_cols;
    for (int k = 0; k < n; k++) {
        size_t s = rim_step(p, edge, line, k);
        if (passed) *passed = k;
        if (p->sec[s] == DG__GM_ROOM) return p->sec_room[s];
        if (p->sec[s] != DG__GM_EMPTY) return 0;
    }
    return 0;
}

/* Straight out from room `id` through `edge`: a door in its wall (none for
 * caves), corridor to the edge, the edge cell kept as the exit. The empty
 * sections passed are marked, so no later exit crosses this one. */
static dg_status dig_exit(gm *g, dg_dir edge, int line, dg_error *err)
{
    dg__build *b = g->b;
    int id = rim_room_on(&g->plan, edge, line, NULL);
    if (!id) return DG_OK;
    for (int k = 0; g->plan.sec[rim_step(&g->plan, edge, line, k)] == DG__GM_EMPTY; k++)
        g->plan.sec[rim_step(&g->plan, edge, line, k)] =
            edge == DG_DIR_NORTH || edge == DG_DIR_SOUTH ? DG__GM_PASS_V : DG__GM_PASS_H;
    const spot *s = &g->at[id];
    int dr = dg_dir_dy(edge), dc = dg_dir_dx(edge); /* outwards */
    int r = s->cr, c = s->cc;
    while (is_room(b, r + dr, c + dc, id)) {
        r += dr;
        c += dc;
    }
    r += dr;
    c += dc; /* the wall (or rock, for caves) just outside */
    dg_status rc = DG_OK;
    bool on_edge = r == 0 || c == 0 || r == b->rows - 1 || c == b->cols - 1;
    if (!b->o->caves && !on_edge) {
        rc = put_door(b, r, c, edge, id, 0, err);
        r += dr;
        c += dc;
    }
    for (;; r += dr, c += dc) {
        uint32_t *w = dg__at(b, r, c);
        if (!(*w & DG_ROOM)) *w = DG_CORRIDOR;
        if (r == 0 || c == 0 || r == b->rows - 1 || c == b->cols - 1) break;
    }
    *dg__at(b, r, c) |= DG__KEEP;
    dg_exit e = {c, r, edge};
    if (rc == DG_OK) rc = dg__add_exit(b, &e, err);
    return rc;
}

static dg_status place_exits(gm *g, dg_error *err)
{
    dg__build *b = g->b;
    const dg__gm_plan *p = &g->plan;
    if (b->o->egress == DG_EGRESS_NO) return DG_OK;
    dg_status rc = DG_OK;
    if (b->o->egress == DG_EGRESS_TILING) {
        /* tiles meet edge to edge: an exit and its twin on the opposite
         * edge share a line, one pair per 40 cells of edge */
        for (int axis = 0; axis < 2 && rc == DG_OK; axis++) {
            dg_dir edge = axis ? DG_DIR_WEST : DG_DIR_NORTH;
            int want = 1 + (axis ? b->rows : b->cols) / 40;
            int lines = axis ? p->sec_rows : p->sec_cols;
            int both[DG__GM_MAX_SECS], nb = 0;
            for (int k = 0; k < lines; k++)
                if (rim_room_on(p, edge, k, NULL) && rim_room_on(p, dg_dir_opposite(edge), k, NULL)) both[nb++] = k;
            for (int t = 0; t < want && nb > 0 && rc == DG_OK;) {
                int pick = (int)dg_rng_below(&b->rng, (uint32_t)nb), k = both[pick];
                both[pick] = both[--nb];
                /* an exit dug since may cross this line */
                if (!rim_room_on(p, edge, k, NULL) || !rim_room_on(p, dg_dir_opposite(edge), k, NULL)) continue;
                rc = dig_exit(g, edge, k, err);
                if (rc == DG_OK) rc = dig_exit(g, dg_dir_opposite(edge), k, err);
                t++;
            }
        }
        return rc;
    }
    /* rooms nearest the edge first: an exit never crosses an empty block */
    int want = b->o->egress == DG_EGRESS_YES ? 1 : 2 + (int)dg_rng_below(&b->rng, 3);
    bool used[4][DG__GM_MAX_SECS] = {{false}};
    for (int t = 0; t < want && rc == DG_OK; t++) {
        rim_room list[4 * DG__GM_MAX_SECS];
        int n = 0, least = DG__GM_MAX_SECS;
        for (int e = 0; e < 4; e++) {
            int lines = (e == DG_DIR_NORTH || e == DG_DIR_SOUTH) ? p->sec_cols : p->sec_rows;
            for (int k = 0; k < lines; k++) {
                int passed;
                if (used[e][k] || !rim_room_on(p, (dg_dir)e, k, &passed) || passed > least) continue;
                if (passed < least) {
                    n = 0;
                    least = passed;
                }
                list[n++] = (rim_room){(dg_dir)e, k};
            }
        }
        if (n == 0) break;
        rim_room x = list[dg_rng_below(&b->rng, (uint32_t)n)];
        used[x.edge][x.line] = true;
        rc = dig_exit(g, x.edge, x.line, err);
    }
    return rc;
}

/* ---------------------------------------------------------------- stairs */

/* Room cell (r, c) with its wall cell in direction d opened into an alcove
 * and the stair beyond: the stair must have the alcove as its only open
 * neighbour, the alcove be walled at its sides. */
static bool alcove_fits(const dg__build *b, int r, int c, dg_dir d)
{
    int dr = dg_dir_dy(d), dc = dg_dir_dx(d);
    int wr = r + dr, wc = c + dc, sr = r + 2 * dr, sc = c + 2 * dc;
    if (sr < 1 || sc < 1 || sr > b->rows - 2 || sc > b->cols - 2) return false;
    uint32_t w = dg__get(b, wr, wc);
    if ((w & (DG_OPENSPACE | DG__KEEP)) || dg__get(b, sr, sc) != DG_NOTHING) return false;
    if (dg_cell_open(dg__get(b, wr + dc, wc + dr)) || dg_cell_open(dg__get(b, wr - dc, wc - dr))) return false;
    for (int q = 0; q < 4; q++) {
        int rr = sr + dg_dir_dy((dg_dir)q), cc = sc + dg_dir_dx((dg_dir)q);
        if ((rr != wr || cc != wc) && dg_cell_open(dg__get(b, rr, cc))) return false;
    }
    return true;
}

/* A stair in an alcove of room id, at a random place that fits; false when
 * none does. */
static dg_status stair_in_room(dg__build *b, int id, bool down, bool *done, dg_error *err)
{
    const dg__room *rm = &b->room[id - 1];
    *done = false;
    long n = 0;
    for (int pass = 0; pass < 2; pass++) {
        long want = pass ? (long)dg_rng_below(&b->rng, (uint32_t)n) : -1, seen = 0;
        for (int r = rm->r1; r <= rm->r2; r++)
            for (int c = rm->c1; c <= rm->c2; c++) {
                if (!is_room(b, r, c, id)) continue;
                for (int d = 0; d < 4; d++) {
                    if (!alcove_fits(b, r, c, (dg_dir)d)) continue;
                    if (pass == 0) {
                        n++;
                        continue;
                    }
                    if (seen++ != want) continue;
                    int dr = dg_dir_dy((dg_dir)d), dc = dg_dir_dx((dg_dir)d);
                    *dg__at(b, r + dr, c + dc) = DG_CORRIDOR;
                    *dg__at(b, r + 2 * dr, c + 2 * dc) = DG_CORRIDOR | DG__KEEP | (down ? DG_STAIR_DN : DG_STAIR_UP);
                    dg_stair s = {c + 2 * dc, r + 2 * dr, down, dg_dir_opposite((dg_dir)d), c + dc, r + dr};
                    *done = true;
                    return dg__add_stair(b, &s, err);
                }
            }
        if (n == 0) return DG_OK;
    }
    return DG_OK;
}

/* Rooms in breadth-first order over the joins from room 1. */
static dg_status room_order(gm *g, int *order, dg_error *err)
{
    int n = g->plan.n_room;
    bool *seen = dg__calloc((size_t)n + 1, sizeof *seen);
    if (!seen) return dg__nomem(err, "placing stairs");
    int len = 1;
    order[0] = 1;
    seen[1] = true;
    for (int h = 0; h < len; h++)
        for (int j = 0; j < g->n_joins; j++) {
            int x = g->joins[j].a == order[h] ? g->joins[j].z : g->joins[j].z == order[h] ? g->joins[j].a : 0;
            if (x && !seen[x]) {
                seen[x] = true;
                order[len++] = x;
            }
        }
    dg__free(seen);
    return DG_OK;
}

/* Up stair in room 1 (the first room holds the stairs), down stair in the
 * room farthest from it, any more in rooms at random; each falls back to
 * the next room that has space. */
static dg_status place_stairs(gm *g, dg_error *err)
{
    dg__build *b = g->b;
    int n = g->plan.n_room, count = b->o->stairs;
    if (count <= 0) return DG_OK;
    int *order = dg__malloc((size_t)n * sizeof *order);
    if (!order) return dg__nomem(err, "placing stairs");
    dg_status rc = room_order(g, order, err);
    for (int k = 0; k < count && rc == DG_OK; k++) {
        int start = k == 0 ? 0 : k == 1 ? n - 1 : (int)dg_rng_below(&b->rng, (uint32_t)n);
        bool down = k == 0 ? false : k == 1 ? true : dg_rng_below(&b->rng, 2) == 0;
        bool done = false;
        for (int t = 0; t < n && !done && rc == DG_OK; t++) {
            /* the up stair looks outwards from room 1, the down stair
             * inwards from the far end */
            int at = k == 1 ? n - 1 - t : (start + t) % n;
            rc = stair_in_room(b, order[at], down, &done, err);
        }
    }
    dg__free(order);
    return rc;
}

/* --------------------------------------------------------------- pillars */

/* Pillars set into the walls of rooms seven cells or more each way, every
 * other cell from the second off each corner; never behind an opening. The
 * room stays one piece: its inner rows and columns are untouched. (Free-
 * standing pillars would be holes, which a room's one outline cannot
 * describe.) */
static void set_pillars(dg__build *b)
{
    for (size_t k = 0; k < b->n_room; k++) {
        const dg__room *rm = &b->room[k];
        int id = (int)k + 1;
        /* at least two a wall, and a wall's pillars never meet the far wall's */
        if (rm->c2 - rm->c1 < 6 || rm->r2 - rm->r1 < 6 || !dg_rng_percent(&b->rng, 60)) continue;
        for (int side = 0; side < 4; side++) {
            bool along_row = side < 2; /* north and south walls */
            int len = along_row ? rm->c2 - rm->c1 + 1 : rm->r2 - rm->r1 + 1;
            dg_dir out = (dg_dir)side;
            for (int t = 2; t <= len - 3; t += 2) {
                int r = along_row ? (out == DG_DIR_NORTH ? rm->r1 : rm->r2) : rm->r1 + t;
                int c = along_row ? rm->c1 + t : (out == DG_DIR_WEST ? rm->c1 : rm->c2);
                if (!is_room(b, r, c, id)) continue;
                if (dg_cell_open(dg__get(b, r + dg_dir_dy(out), c + dg_dir_dx(out)))) continue;
                *dg__at(b, r, c) = DG_PERIMETER;
            }
        }
    }
}

/* ---------------------------------------------------------------- family */

/* A cave grows inside its room's box and rarely reaches every side: the
 * box becomes the cells' own bounds, so a room's x, y, width and height
 * are those of the floor drawn, like every other family's. */
static void fit_cave_rooms(dg__build *b)
{
    for (size_t i = 0; i < b->n_room; i++) {
        dg__room *rm = &b->room[i];
        int r1 = rm->r2, c1 = rm->c2, r2 = rm->r1, c2 = rm->c1;
        for (int r = rm->r1; r <= rm->r2; r++)
            for (int c = rm->c1; c <= rm->c2; c++) {
                uint32_t w = *dg__at(b, r, c);
                if (!(w & DG_ROOM) || dg__room_id(w) != (int)i + 1) continue;
                if (r < r1) r1 = r;
                if (r > r2) r2 = r;
                if (c < c1) c1 = c;
                if (c > c2) c2 = c;
            }
        if (r1 <= r2 && c1 <= c2) {
            rm->r1 = r1;
            rm->c1 = c1;
            rm->r2 = r2;
            rm->c2 = c2;
        }
    }
}

static void mark_caves(dg__build *b)
{
    unsigned char *m = dg__cave_mask(b);
    if (!m) return;
    for (int r = 0; r < b->rows; r++)
        for (int c = 0; c < b->cols; c++) {
            if (!dg_cell_open(*dg__at(b, r, c))) continue;
            for (int y = r - 1; y <= r + 1; y++)
                for (int x = c - 1; x <= c + 1; x++)
                    if (dg__in(b, y, x)) m[(size_t)y * (size_t)b->cols + (size_t)x] = 1;
        }
}

dg_status dg__gen_gridmapper(dg__build *b, dg_error *err)
{
    gm g = {.b = b};
    dg_status rc = dg__gm_plan_build(b, &g.plan, err);
    if (rc != DG_OK) return rc;
    const dg__gm_plan *p = &g.plan;
    g.at = dg__calloc((size_t)p->n_room + 1, sizeof *g.at);
    g.joins = dg__malloc((size_t)(p->n_block * 8 + p->n_link + 1) * sizeof *g.joins); /* <= 8 joins a shape */
    if (!g.at || !g.joins) {
        rc = dg__nomem(err, "building rooms");
        goto done;
    }
    size_t n_shapes;
    const dg__gm_shape *shapes = dg__gm_shapes(&n_shapes);
    for (int i = 0; i < p->n_block; i++) {
        const dg__gm_block *bl = &p->block[i];
        const dg__gm_shape *s = &shapes[bl->shape];
        for (int k = 0; k < bl->rooms; k++)
            if (bl->room[k]) g.at[bl->room[k]] = (spot){0, 0, bl->sec_row[k], bl->sec_col[k]};
        for (int e = 0; e < s->n_edges; e++) {
            int a = bl->room[s->edge[e][0] - 1], z = bl->room[s->edge[e][1] - 1];
            if (a && z) g.joins[g.n_joins++] = (join){a, z};
        }
    }
    for (int l = 0; l < p->n_link; l++) g.joins[g.n_joins++] = (join){p->link[l].a, p->link[l].b};

    if ((rc = build_rooms(&g, err)) != DG_OK) goto done;
    for (int j = 0; j < g.n_joins && rc == DG_OK; j++) rc = carve_join(&g, g.joins[j].a, g.joins[j].z, err);
    if (rc == DG_OK) rc = place_exits(&g, err);
    if (rc == DG_OK) rc = place_stairs(&g, err);
    if (rc != DG_OK) goto done;
    if (b->o->pillars && !b->o->caves) set_pillars(b);
    dg__remove_deadends(b, b->o->deadends);
    if (b->o->caves) {
        fit_cave_rooms(b);
        mark_caves(b);
    }
    if (b->o->caves && !b->cave) rc = dg__nomem(err, "marking caves");
done:
    dg__free(g.at);
    dg__free(g.joins);
    return rc;
}

/* ------------------------------------------------------ the family's row */

static bool gridmapper_caves(const dg_options *o) { return o->caves; }

/* Its caves are joined by open passages and have no straight walls to set
 * doors or pillars in. */
static bool gridmapper_applies(const dg_options *o, key_id k)
{
    return !((k == K_DOORS || k == K_PILLARS) && o->caves);
}

static dg_status gridmapper_refuse(const dg_options *o, key_id k, const char *value, dg_error *err)
{
    (void)o;
    return dg_error_set(err, DG_EINVAL, dg__keys[k].name, value, "caves=no",
                        "%s does not apply to caves=yes (gridmapper's caves are joined by open "
                        "passages, without doors or pillars)", dg__keys[k].name);
}

const dg__family dg__family_gridmapper = {
    {"Gridmapper's room shapes in 3x3 blocks", true, {7, 33, 30, false, 0, 350}},
    dg__gen_gridmapper, gridmapper_applies, gridmapper_refuse, gridmapper_caves, gridmapper_caves};
