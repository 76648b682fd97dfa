/* gen_caverns.c -- the caverns family (seed 000, "Caverns") and the donjon
 * family's layout=cavernous: caves grown by the automaton in gen_caverns_automaton.c, small
 * pockets filled, the remaining systems counted and joined by the shortest
 * cuts, then the shared passes (exits, stairs in nooks, dead ends).
 * layout=cavernous first places donjon's rooms and lets the caves grow
 * around them, with doors from each room onto the cave floor. Drawing the
 * caves organically is the renderer's part (render/cave_draw.c); here every
 * cave cell is marked in the cave mask for it. */
#include <stdlib.h>

#include "family_int.h"
#include "gen_caverns.h"

/* Pockets smaller than this are filled rather than joined: a cut to a
 * three-cell bubble reads as a stray tunnel, not a cave. */
#define MIN_SYSTEM 8

/* Grow, fill pockets, make sure there is floor, join. */
static dg_status caves(dg__build *b, dg_error *err)
{
    dg_status rc;
    if ((rc = dg__cave_grow(b, b->o->cave_fill, b->o->cave_steps, err)) != DG_OK) return rc;
    if ((rc = dg__cave_count(b, MIN_SYSTEM, NULL, err)) != DG_OK) return rc;
    dg__cave_ensure_chamber(b);
    return DG_OK;
}

/* Every cell but rooms, their walls and their doors belongs to the cave:
 * the renderer redraws all of it. */
static dg_status mark_caves(dg__build *b, dg_error *err)
{
    unsigned char *mask = dg__cave_mask(b);
    if (!mask) return dg__nomem(err, "marking caves");
    size_t cells = (size_t)b->rows * (size_t)b->cols;
    for (size_t s = 0; s < cells; s++)
        mask[s] = !(b->cell[s] & (DG_ROOM | DG_PERIMETER | DG_DOORSPACE));
    return DG_OK;
}

static dg_status finish_passes(dg__build *b, dg_error *err)
{
    dg_status rc;
    if ((rc = dg__place_exits(b, err)) != DG_OK) return rc;
    /* caves have few lattice dead ends: stairs mostly go into nooks */
    if ((rc = dg__place_stairs(b, b->o->stairs, err)) != DG_OK) return rc;
    dg__remove_deadends(b, b->o->deadends);
    return mark_caves(b, err);
}

dg_status dg__gen_caverns(dg__build *b, dg_error *err)
{
    dg_status rc;
    if ((rc = caves(b, err)) != DG_OK) return rc;
    if ((rc = dg__cave_join(b, NULL, NULL, err)) != DG_OK) return rc;
    return finish_passes(b, err);
}

/* ------------------------------------------------------------- cavernous */

/* What lies beyond a room's wall cell. */
enum { BEYOND_CAVE, BEYOND_ROCK, BEYOND_ROOM, BEYOND_KINDS };

typedef struct {
    int r, c;                /* the wall cell */
    dg_dir dir;              /* from the room outwards */
    int other;               /* room beyond, for BEYOND_ROOM */
} sill;

/* Whether the wall cell (r, c) can take a door leading dir from room id,
 * and what it would lead to; -1 when it cannot. */
static int sill_kind(const dg__build *b, int id, int r, int c, dg_dir dir, int *other)
{
    int dr = dg_dir_dy(dir), dc = dg_dir_dx(dir);
    uint32_t w = dg__get(b, r, c);
    if (!(w & DG_PERIMETER) || (w & (DG_ROOM | DG_CORRIDOR | DG_BLOCKED))) return -1;
    /* walled on both sides, so the door reads as one and a shaped room's
     * floor never opens sideways into it */
    uint32_t s1 = dg__get(b, r + dc, c + dr), s2 = dg__get(b, r - dc, c - dr);
    if ((s1 & DG_OPENSPACE) || (s2 & DG_OPENSPACE)) return -1;
    int br = r + dr, bc = c + dc;
    if (br < 1 || bc < 1 || br > b->rows - 2 || bc > b->cols - 2) return -1;
    uint32_t beyond = dg__get(b, br, bc);
    if (beyond == DG_CORRIDOR) return BEYOND_CAVE;
    if (beyond == DG_NOTHING) return BEYOND_ROCK;
    if ((beyond & DG_ROOM) && dg__room_id(beyond) != id) {
        *other = dg__room_id(beyond);
        return BEYOND_ROOM;
    }
    return -1;
}

/* The sills of room id of each kind, listed into lists[kind] (cap each). */
static void list_sills(const dg__build *b, int id, sill *lists[BEYOND_KINDS], size_t n[BEYOND_KINDS],
                       size_t cap)
{
    const dg__room *rm = &b->room[id - 1];
    for (int k = 0; k < BEYOND_KINDS; k++) n[k] = 0;
    for (int r = rm->r1; r <= rm->r2; r++) {
        for (int c = rm->c1; c <= rm->c2; c++) {
            uint32_t w = dg__get(b, r, c);
            if (!(w & DG_ROOM) || dg__room_id(w) != id) continue;
            for (int d = 0; d < 4; d++) {
                int wr = r + dg_dir_dy((dg_dir)d), wc = c + dg_dir_dx((dg_dir)d), other = 0;
                int kind = sill_kind(b, id, wr, wc, (dg_dir)d, &other);
                if (kind < 0 || n[kind] >= cap) continue;
                lists[kind][n[kind]++] = (sill){wr, wc, (dg_dir)d, other};
            }
        }
    }
}

/* Opens the sill as a door (and the rock beyond it as floor). */
static dg_status open_sill(dg__build *b, int id, const sill *s, dg_error *err)
{
    int br = s->r + dg_dir_dy(s->dir), bc = s->c + dg_dir_dx(s->dir);
    if (*dg__at(b, br, bc) == DG_NOTHING) *dg__at(b, br, bc) = DG_CORRIDOR;
    dg__door d = {s->r, s->c, s->dir, id, s->other, dg__door_type(&b->rng, b->o->doors)};
    *dg__at(b, s->r, s->c) = DG_CORRIDOR | dg_door_type_bit(d.type);
    return dg__add_door(b, &d, err);
}

/* Doors from every room onto the caves: more for bigger rooms, as donjon
 * opens its rooms. A room no cave touches gets one door onto rock (the
 * joining digs a cut to it) or, walled in by rooms, one into a neighbour. */
static dg_status open_rooms(dg__build *b, dg_error *err)
{
    /* a room's sills are bounded by twice its box's perimeter */
    size_t cap = 0;
    for (size_t k = 0; k < b->n_room; k++) {
        const dg__room *rm = &b->room[k];
        size_t p = 2 * (size_t)(rm->r2 - rm->r1 + rm->c2 - rm->c1 + 2);
        if (p > cap) cap = p;
    }
    if (cap == 0) return DG_OK;
    sill *buf = dg__malloc(BEYOND_KINDS * cap * sizeof *buf);
    if (!buf) return dg__nomem(err, "opening rooms");
    sill *lists[BEYOND_KINDS] = {buf, buf + cap, buf + 2 * cap};
    dg_status rc = DG_OK;
    for (int id = 1; id <= (int)b->n_room && rc == DG_OK; id++) {
        size_t n[BEYOND_KINDS];
        list_sills(b, id, lists, n, cap);
        const dg__room *rm = &b->room[id - 1];
        int flumph = dg__isqrt((long)(rm->r2 - rm->r1 + 2) * (rm->c2 - rm->c1 + 2) / 4);
        if (flumph < 1) flumph = 1;
        int want = flumph + (int)dg_rng_below(&b->rng, (uint32_t)flumph), opened = 0;
        for (int kind = 0; kind < BEYOND_KINDS && rc == DG_OK; kind++) {
            /* rock and rooms only when nothing better took a door */
            if (kind > BEYOND_CAVE && opened > 0) break;
            int limit = kind == BEYOND_CAVE ? want : 1;
            while (opened < limit && n[kind] > 0 && rc == DG_OK) {
                size_t pick = dg_rng_below(&b->rng, (uint32_t)n[kind]);
                sill s = lists[kind][pick];
                lists[kind][pick] = lists[kind][--n[kind]];
                int other = 0;
                /* an earlier door may have taken a neighbouring wall cell */
                if (sill_kind(b, id, s.r, s.c, s.dir, &other) != kind) continue;
                rc = open_sill(b, id, &s, err);
                opened++;
            }
        }
    }
    dg__free(buf);
    return rc;
}

dg_status dg__gen_cavernous(dg__build *b, dg_error *err)
{
    dg_status rc;
    if ((rc = dg__place_rooms(b, err)) != DG_OK) return rc;
    if ((rc = caves(b, err)) != DG_OK) return rc;
    if ((rc = open_rooms(b, err)) != DG_OK) return rc;
    if ((rc = dg__cave_join(b, NULL, NULL, err)) != DG_OK) return rc;
    return finish_passes(b, err);
}

static bool always(const dg_options *o) { (void)o; return true; }

/* cost: 220 ns a cell at 501 and 1001 in bench_estimate's txt (its caves
 * keyed as chambers); no rooms to stock */
const dg__family dg__family_caverns = {
    {"natural caves grown by a cellular automaton", true, {90, 0, 0, false, 0, 150}},
    dg__gen_caverns, NULL, NULL, always, NULL};
