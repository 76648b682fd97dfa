/* loops_rock.c -- what each cell may be to a loop's dig (rock to dig
 * through, a corridor's mouth, a room's wall a door fits) and every place
 * a loop may start; loops_dig.c digs, loops.c chooses. */
#include "loops_int.h"

/* Open neighbours of (r, c), a cell inside the map's rim (its four
 * neighbours on the map); *all_plain: every one is plain corridor (or
 * cave floor); *one: the last one (north, south, west, east). */
static int open_around(const dg__build *b, int r, int c, bool *all_plain, int32_t *one)
{
    int32_t at = dg__loop_at(b, r, c), nb[4] = {at - b->cols, at + b->cols, at - 1, at + 1};
    int n = 0;
    *all_plain = true;
    for (int d = 0; d < 4; d++) {
        uint32_t w = b->cell[nb[d]];
        if (!(w & DG_OPENSPACE)) continue;
        n++;
        *all_plain = *all_plain && w == DG_CORRIDOR;
        if (one) *one = nb[d];
    }
    return n;
}

/* Plain rock that may be dug through: no open side. */
static bool diggable(const dg__build *b, int r, int c)
{
    if (!dg__loop_inside(b, r, c) || dg__get(b, r, c) != DG_NOTHING || dg__loop_between_corners(b, r, c)) return false;
    bool p;
    return open_around(b, r, c, &p, NULL) == 0;
}

/* Rock beside plain corridor and nothing else open: where a corridor or
 * tunnel may join one. Cave floor may touch it on several sides; a
 * corridor only on one (no corridor widens). */
bool dg__loop_mouth(const dg__build *b, int r, int c, int32_t *attach)
{
    if (!dg__loop_inside(b, r, c) || dg__get(b, r, c) != DG_NOTHING || dg__loop_between_corners(b, r, c)) return false;
    bool p;
    int n = open_around(b, r, c, &p, attach);
    if (n == 0 || !p) return false;
    return n == 1 || (b->cave && b->cave[*attach]);
}

/* A door may go in the wall cell beyond (r, c) towards d: a room's straight
 * wall (its floor behind, closed cells on both sides). Returns the room. */
int dg__loop_door_beyond(const dg__build *b, int r, int c, dg_dir d)
{
    int dr = dg_dir_dy(d), dc = dg_dir_dx(d), wr = r + dr, wc = c + dc;
    if ((dg__get(b, wr, wc) & ~(uint32_t)DG_ENTRANCE) != DG_PERIMETER) return 0;
    uint32_t behind = dg__get(b, wr + dr, wc + dc);
    if (!(behind & DG_ROOM)) return 0;
    if ((dg__get(b, wr + dc, wc + dr) & DG_OPENSPACE) || (dg__get(b, wr - dc, wc - dr) & DG_OPENSPACE)) return 0;
    return dg__room_id(behind);
}

/* A cell that opens two open cells to each other across it: rock between
 * two corridors, or a room's wall between its floor and a corridor or
 * another room. Fills s; false when (r, c) is none. */
static bool bridge(const dg__build *b, int r, int c, spot *s)
{
    if (!dg__loop_inside(b, r, c)) return false;
    int32_t at = dg__loop_at(b, r, c);
    uint32_t w = b->cell[at];
    bool wall = (w & ~(uint32_t)DG_ENTRANCE) == DG_PERIMETER;
    if (w != DG_NOTHING && !wall) return false;
    /* inside the rim: the four neighbours are on the map; open on both
     * sides along one of them, or no bridge (most walls and rock) */
    const uint32_t *cl = b->cell;
    int32_t W = b->cols;
    if (!((cl[at - W] & DG_OPENSPACE) && (cl[at + W] & DG_OPENSPACE)) &&
        !((cl[at - 1] & DG_OPENSPACE) && (cl[at + 1] & DG_OPENSPACE)))
        return false;
    for (int axis = 0; axis < 2; axis++) {
        int32_t along = axis ? 1 : b->cols, across = axis ? b->cols : 1; /* south, else east */
        if ((b->cell[at + across] & DG_OPENSPACE) || (b->cell[at - across] & DG_OPENSPACE)) continue;
        int32_t a = at - along, z = at + along;
        uint32_t p = b->cell[a], q = b->cell[z];
        if (!(p & DG_OPENSPACE) || !(q & DG_OPENSPACE)) continue;
        /* rock joins corridor to corridor; a wall has a room on one side */
        bool pr = (p & DG_ROOM) != 0, qr = (q & DG_ROOM) != 0;
        if (!wall && (pr || qr || p != DG_CORRIDOR || q != DG_CORRIDOR)) continue;
        if (wall && !pr && !qr) continue;
        /* a door in the wall two rooms share reads as a doorway, not as a
         * way round (gridmapper's rooms wall to wall): a corridor is dug
         * instead; donjon's maze leaves nothing else */
        if (wall && pr && qr && !b->lattice) continue;
        if (wall && ((!pr && p != DG_CORRIDOR) || (!qr && q != DG_CORRIDOR))) continue;
        if (!pr && qr) { /* the room's side first */
            int32_t t = a;
            a = z;
            z = t;
        }
        *s = (spot){SPOT_BRIDGE, at, wall ? at : -1, a, z, wall ? dg__room_id(b->cell[a]) : 0};
        return true;
    }
    return false;
}


bool dg__loop_bridge(const dg__build *b, int r, int c, spot *s) { return bridge(b, r, c, s); }

static unsigned char cls_of(const dg__build *b, int r, int c)
{
    /* the box search reads a cell's bits only where it is rock inside the
     * rim and off the lattice's corners (a cell it may dig or start from) */
    if (!dg__loop_inside(b, r, c) || dg__loop_between_corners(b, r, c)) return 0;
    int32_t at = dg__loop_at(b, r, c);
    if (b->cell[at] != DG_NOTHING) return 0;
    bool p;
    int32_t one;
    int n = open_around(b, r, c, &p, &one);
    unsigned char k = n == 0 ? CLS_DIG : p && (n == 1 || (b->cave && b->cave[one])) ? CLS_MOUTH : 0;
    /* a door needs a wall beside: most rock has none, and is done here */
    int32_t nb[4] = {at - b->cols, at + b->cols, at - 1, at + 1};
    for (int d = 0; d < 4; d++)
        if ((b->cell[nb[d]] & ~(uint32_t)DG_ENTRANCE) == DG_PERIMETER && dg__loop_door_beyond(b, r, c, (dg_dir)d))
            k |= (unsigned char)(CLS_DOOR << d);
    return k;
}

/* Brings g->cls up to date on the rows r0..r1, columns c0..c1 and the
 * cells two steps round them (what a cell may be reads that far). */
void dg__loop_reclass(digger *g, int r0, int c0, int r1, int c1)
{
    const dg__build *b = g->b;
    r0 = r0 - 2 < 0 ? 0 : r0 - 2;
    c0 = c0 - 2 < 0 ? 0 : c0 - 2;
    r1 = r1 + 2 > b->rows - 1 ? b->rows - 1 : r1 + 2;
    c1 = c1 + 2 > b->cols - 1 ? b->cols - 1 : c1 + 2;
    for (int r = r0; r <= r1; r++) {
        const uint32_t *row = b->cell + (size_t)r * (size_t)b->cols;
        unsigned char *out = g->cls + (size_t)r * (size_t)b->cols;
        for (int c = c0; c <= c1; c++) out[c] = row[c] == DG_NOTHING ? cls_of(b, r, c) : 0;
    }
}

/* Cell at was changed by a dig: g->cls is out of date round it. */
void dg__loop_changed(digger *g, int32_t at)
{
    int r = at / g->b->cols, c = at % g->b->cols;
    if (g->dirty_r0 > g->dirty_r1) {
        g->dirty_r0 = g->dirty_r1 = r;
        g->dirty_c0 = g->dirty_c1 = c;
        return;
    }
    if (r < g->dirty_r0) g->dirty_r0 = r;
    if (r > g->dirty_r1) g->dirty_r1 = r;
    if (c < g->dirty_c0) g->dirty_c0 = c;
    if (c > g->dirty_c1) g->dirty_c1 = c;
}

/* Whether spot s can still be used (an earlier loop may have dug beside it). */
bool dg__loop_spot_ok(const dg__build *b, const spot *s)
{
    int r = s->front / b->cols, c = s->front % b->cols;
    if (s->kind == SPOT_BRIDGE) {
        spot now;
        return bridge(b, r, c, &now) && now.attach == s->attach && now.other == s->other;
    }
    if (s->kind == SPOT_MOUTH) {
        int32_t a;
        return dg__loop_mouth(b, r, c, &a);
    }
    if (!diggable(b, r, c)) return false;
    int wr = s->wall / b->cols, wc = s->wall % b->cols;
    dg_dir d = wr < r ? DG_DIR_NORTH : wr > r ? DG_DIR_SOUTH : wc < c ? DG_DIR_WEST : DG_DIR_EAST;
    return dg__loop_door_beyond(b, r, c, d) == s->room;
}

/* Every place a loop may start, in row-major order; cls is up to date
 * (rock with no open side can be no bridge nor mouth: its bits say it). */
dg_status dg__loop_find_spots(const dg__build *b, const unsigned char *cls, spot **out, size_t *n_out, dg_error *err)
{
    size_t cap = 0, n = 0;
    spot *v = NULL;
    for (int r = 1; r < b->rows - 1; r++)
        for (int c = 1; c < b->cols - 1; c++) {
            uint32_t w = b->cell[(size_t)r * (size_t)b->cols + (size_t)c];
            if (w != DG_NOTHING && (w & ~(uint32_t)DG_ENTRANCE) != DG_PERIMETER) continue; /* no spot: saves the tests */
            spot s = {SPOT_MOUTH, dg__loop_at(b, r, c), -1, -1, -1, 0};
            int32_t a = -1;
            bool node = !b->lattice || ((r & 1) && (c & 1));
            unsigned char k = cls[s.front];
            if (k & CLS_DIG) {
                if (!node || !(k & (CLS_DOOR * 15))) continue;
                int d = 0;
                while (!(k & (CLS_DOOR << d))) d++;
                s.kind = SPOT_DOOR;
                s.room = dg__loop_door_beyond(b, r, c, (dg_dir)d);
                s.wall = dg__loop_at(b, r + dg_dir_dy((dg_dir)d), c + dg_dir_dx((dg_dir)d));
                s.attach = dg__loop_at(b, r + 2 * dg_dir_dy((dg_dir)d), c + 2 * dg_dir_dx((dg_dir)d));
            } else if (bridge(b, r, c, &s)) {
                /* kept */
            } else if (node && dg__loop_mouth(b, r, c, &a)) {
                s.attach = a;
            } else if (node && diggable(b, r, c)) {
                for (int d = 0; d < 4 && !s.room; d++) {
                    int room = dg__loop_door_beyond(b, r, c, (dg_dir)d);
                    if (!room) continue;
                    s.kind = SPOT_DOOR;
                    s.room = room;
                    s.wall = dg__loop_at(b, r + dg_dir_dy((dg_dir)d), c + dg_dir_dx((dg_dir)d));
                    s.attach = dg__loop_at(b, r + 2 * dg_dir_dy((dg_dir)d), c + 2 * dg_dir_dx((dg_dir)d));
                }
                if (!s.room) continue;
            } else
                continue;
            if (n == cap && dg__grow((void **)&v, &cap, n + 1, sizeof *v, "digging loops", err) != DG_OK) {
                dg__free(v);
                return DG_ENOMEM;
            }
            v[n++] = s;
        }
    *out = v;
    *n_out = n;
    return DG_OK;
}
