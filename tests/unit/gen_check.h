/* gen_check.h -- the invariants every finished map must satisfy, shared by
 * the generator tests of every family. Each check names the seed and what
 * failed, so a red test says which map to look at. */
#ifndef GEN_CHECK_H
#define GEN_CHECK_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "dg_contents.h"

/* Parses "key=value" strings into o; seed 1 when none is given. */
static inline dg_status gc_parse(dg_options *o, const char *const *kv, size_t n, dg_error *e)
{
    const char *keys[32], *vals[32];
    char buf[32][64];
    cr_assert(n <= 32, "too many options");
    for (size_t k = 0; k < n; k++) {
        snprintf(buf[k], sizeof buf[k], "%s", kv[k]);
        char *eq = strchr(buf[k], '=');
        cr_assert_not_null(eq, "'%s' is not key=value", kv[k]);
        *eq = 0;
        keys[k] = buf[k];
        vals[k] = eq + 1;
    }
    dg_status rc = dg_options_parse(o, n, keys, vals, NULL, e);
    if (rc == DG_OK && !o->seed_given) dg_options_set_seed(o, 1);
    return rc;
}

/* Parse and generate; the parser's or the generator's status. o may be
 * NULL; *d is NULL on failure. */
static inline dg_status gc_try_make(const char *const *kv, size_t n, dg_options *o, dg_dungeon **d,
                                    dg_error *e)
{
    dg_options own;
    if (!o) o = &own;
    *d = NULL;
    dg_error_clear(e);
    dg_status rc = gc_parse(o, kv, n, e);
    return rc != DG_OK ? rc : dg_generate(o, d, e);
}

/* Parse and generate, asserting both succeed. */
static inline dg_dungeon *gc_make(const char *const *kv, size_t n)
{
    dg_dungeon *d = NULL;
    dg_error e = {0};
    cr_assert_eq(gc_try_make(kv, n, NULL, &d, &e), DG_OK, "%s=%s: %s", e.param, e.value, e.msg);
    return d;
}

/* The option sets the varied-map tests build: n "key=value" texts in kv.
 * Points p[k] at kv[k] (what gc_make takes) and writes them, space-separated,
 * into what, the label a failing assertion shows. */
static inline void gc_pairs(char kv[][48], size_t n, const char **p, char *what, size_t cap)
{
    size_t len = 0;
    if (cap) what[0] = '\0';
    for (size_t k = 0; k < n; k++) {
        p[k] = kv[k];
        int w = snprintf(len < cap ? what + len : NULL, len < cap ? cap - len : 0, "%s%s", k ? " " : "", kv[k]);
        if (w > 0) len += (size_t)w;
    }
}

#define GC_MAKE(...)                                                                          \
    gc_make((const char *const[]){__VA_ARGS__},                                               \
            sizeof((const char *const[]){__VA_ARGS__}) / sizeof(const char *))

static inline int gc_id(uint32_t w) { return (int)((w & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT); }

static inline bool gc_one_bit(uint32_t v) { return v && !(v & (v - 1)); }

/* Only the words dg.h promises appear in a finished map. */
static inline void gc_cell_words(const dg_dungeon *d, const char *what)
{
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++) {
            uint32_t w = dg_cell(d, x, y);
            bool ok;
            if (w & DG_ROOM)
                ok = (w & ~(DG_ROOM | DG_ROOM_ID | DG_LABEL)) == 0 && gc_id(w) >= 1 &&
                     (size_t)gc_id(w) <= d->n_rooms;
            else if (w & DG_CORRIDOR) {
                /* a cave chamber's floor carries its id and label digits
                 * (core/chambers.c); a door never does */
                int id = gc_id(w);
                bool chamber = id >= 1 && (size_t)id <= d->n_rooms && d->rooms[id - 1].kind == DG_ROOM_KIND_CHAMBER;
                uint32_t extra = w & ~(DG_CORRIDOR | (chamber ? DG_ROOM_ID | DG_LABEL : 0u));
                ok = (id == 0 || chamber) &&
                     (extra == 0 || (gc_one_bit(extra) && (extra & (chamber ? DG_STAIRS : DG_DOORSPACE | DG_STAIRS))));
                ok = ok && (id != 0 || !(w & DG_LABEL));
            } else
                ok = w == DG_NOTHING || w == DG_PERIMETER;
            cr_assert(ok, "%s: cell (%d,%d) holds 0x%08x", what, x, y, w);
        }
}

static inline void gc_rooms(const dg_dungeon *d, const char *what)
{
    long *area = calloc(d->n_rooms + 1, sizeof *area);
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++) {
            uint32_t w = dg_cell(d, x, y);
            if (!(w & DG_OPENSPACE) || !gc_id(w)) continue; /* rooms' and chambers' floor */
            const dg_room *rm = &d->rooms[gc_id(w) - 1];
            cr_assert(x >= rm->x && x < rm->x + rm->width && y >= rm->y && y < rm->y + rm->height,
                      "%s: room %d cell (%d,%d) outside its box", what, rm->id, x, y);
            area[rm->id]++;
        }
    for (size_t k = 0; k < d->n_rooms; k++) {
        const dg_room *rm = &d->rooms[k];
        cr_assert_eq(rm->id, (int)k + 1, "%s: room ids not 1..n", what);
        /* the donjon family keeps rooms on its odd lattice */
        if (d->opts.algorithm == DG_ALGO_DONJON && d->opts.layout != DG_LAYOUT_CAVERNOUS)
            cr_assert(rm->x % 2 == 1 && rm->y % 2 == 1 && rm->width % 2 == 1 && rm->height % 2 == 1,
                      "%s: room %d box %d,%d %dx%d not odd", what, rm->id, rm->x, rm->y, rm->width,
                      rm->height);
        /* a chamber may hold an exit on the map's edge */
        int rim = rm->kind == DG_ROOM_KIND_CHAMBER ? 0 : 1;
        cr_assert(rm->x >= rim && rm->y >= rim && rm->x + rm->width <= d->width - rim &&
                      rm->y + rm->height <= d->height - rim,
                  "%s: room %d leaves the map", what, rm->id);
        cr_assert_eq(area[rm->id], rm->area, "%s: room %d area %ld vs %d", what, rm->id,
                     area[rm->id], rm->area);
        if (rm->shape == DG_SHAPE_RECT) {
            cr_assert_eq(rm->area, rm->width * rm->height, "%s: rect room %d not full", what, rm->id);
            cr_assert_null(rm->outline);
            continue;
        }
        /* the outline encloses exactly the room's cells: shoelace area */
        cr_assert(rm->n_outline >= 4, "%s: room %d outline too short", what, rm->id);
        long twice = 0;
        for (size_t i = 0; i < rm->n_outline; i++) {
            dg_point a = rm->outline[i], b = rm->outline[(i + 1) % rm->n_outline];
            cr_assert(a.x >= rm->x && a.x <= rm->x + rm->width && a.y >= rm->y &&
                          a.y <= rm->y + rm->height,
                      "%s: room %d outline point off its box", what, rm->id);
            cr_assert(a.x == b.x || a.y == b.y, "%s: outline edge not axis-aligned", what);
            twice += (long)a.x * b.y - (long)b.x * a.y;
        }
        /* a chamber's outline is its outer edge: rock pillars inside add to it */
        long enclosed = twice / 2 < 0 ? -twice / 2 : twice / 2;
        if (rm->kind == DG_ROOM_KIND_CHAMBER)
            cr_assert_geq(enclosed, rm->area, "%s: chamber %d outline area %ld vs %d cells", what, rm->id, enclosed,
                          rm->area);
        else
            cr_assert_eq(enclosed, rm->area, "%s: room %d outline area %ld vs %d cells", what, rm->id, twice / 2,
                         rm->area);
    }
    free(area);
}

/* Doors: exactly the door cells, in a wall between the room and open space,
 * walled on both sides. */
static inline void gc_doors(const dg_dungeon *d, const char *what)
{
    size_t door_cells = 0;
    for (size_t s = 0; s < (size_t)d->width * (size_t)d->height; s++)
        if (d->cells[s] & DG_DOORSPACE) door_cells++;
    cr_assert_eq(door_cells, d->n_doors, "%s: %zu door cells, %zu doors listed", what,
                 door_cells, d->n_doors);
    for (size_t k = 0; k < d->n_doors; k++) {
        const dg_door *dr = &d->doors[k];
        int dx = dg_dir_dx(dr->dir), dy = dg_dir_dy(dr->dir);
        uint32_t w = dg_cell(d, dr->x, dr->y);
        cr_assert_eq(w, DG_CORRIDOR | dg_door_type_bit(dr->type), "%s: door (%d,%d) word 0x%x",
                     what, dr->x, dr->y, w);
        uint32_t in = dg_cell(d, dr->x - dx, dr->y - dy), out = dg_cell(d, dr->x + dx, dr->y + dy);
        /* a room's wall, or a cave chamber's mouth (a loops map's gate,
         * core/cave_gate.c: its floor a corridor word with the id) */
        bool chamber = !(in & DG_ROOM) && dg_cell_open(in) && gc_id(in) >= 1 && (size_t)gc_id(in) <= d->n_rooms &&
                       d->rooms[gc_id(in) - 1].kind == DG_ROOM_KIND_CHAMBER;
        cr_assert(((in & DG_ROOM) || chamber) && gc_id(in) == dr->room, "%s: door (%d,%d) not in room %d's wall",
                  what, dr->x, dr->y, dr->room);
        cr_assert(dg_cell_open(out), "%s: door (%d,%d) opens onto rock", what, dr->x, dr->y);
        /* beyond: a room, a cave chamber (its id on corridor floor) or a corridor */
        cr_assert_eq(dr->other, gc_id(out), "%s: door (%d,%d) joins wrong room", what, dr->x, dr->y);
        cr_assert(!dg_cell_open(dg_cell(d, dr->x + dy, dr->y + dx)) &&
                      !dg_cell_open(dg_cell(d, dr->x - dy, dr->y - dx)),
                  "%s: door (%d,%d) not walled on both sides", what, dr->x, dr->y);
        if (k > 0) {
            const dg_door *p = &d->doors[k - 1];
            cr_assert(p->y < dr->y || (p->y == dr->y && p->x < dr->x), "%s: doors not row-major", what);
        }
    }
}

static inline void gc_stairs(const dg_dungeon *d, const char *what)
{
    size_t stair_cells = 0;
    for (size_t s = 0; s < (size_t)d->width * (size_t)d->height; s++)
        if (d->cells[s] & DG_STAIRS) stair_cells++;
    cr_assert_eq(stair_cells, d->n_stairs, "%s: stair cells vs list", what);
    for (size_t k = 0; k < d->n_stairs; k++) {
        const dg_stair *st = &d->stairs[k];
        /* a stair in a cave chamber carries the chamber's id as well */
        uint32_t w = dg_cell(d, st->x, st->y) & ~(DG_ROOM_ID | DG_LABEL);
        cr_assert_eq(w, DG_CORRIDOR | (st->down ? DG_STAIR_DN : DG_STAIR_UP), "%s: stair word", what);
        cr_assert(st->next_x == st->x + dg_dir_dx(st->dir) && st->next_y == st->y + dg_dir_dy(st->dir),
                  "%s: stair next cell not in its direction", what);
        int open = 0;
        for (int q = 0; q < 4; q++)
            open += dg_cell_open(dg_cell(d, st->x + dg_dir_dx((dg_dir)q), st->y + dg_dir_dy((dg_dir)q)));
        cr_assert_eq(open, 1, "%s: stair (%d,%d) not at a dead end", what, st->x, st->y);
        cr_assert_eq(dg_cell(d, st->next_x, st->next_y) & ~(DG_ROOM_ID | DG_LABEL), DG_CORRIDOR,
                     "%s: stair leads off corridor", what);
    }
}

static inline void gc_exits(const dg_dungeon *d, const char *what)
{
    for (size_t k = 0; k < d->n_exits; k++) {
        const dg_exit *e = &d->exits[k];
        cr_assert(dg_cell_open(dg_cell(d, e->x, e->y)), "%s: exit closed", what);
        bool edge = (e->dir == DG_DIR_NORTH && e->y == 0) || (e->dir == DG_DIR_SOUTH && e->y == d->height - 1) ||
                    (e->dir == DG_DIR_WEST && e->x == 0) || (e->dir == DG_DIR_EAST && e->x == d->width - 1);
        cr_assert(edge, "%s: exit (%d,%d) not on its edge", what, e->x, e->y);
    }
    /* nothing else is open on the map's edge */
    size_t open_edge = 0;
    for (int x = 0; x < d->width; x++)
        open_edge += dg_cell_open(dg_cell(d, x, 0)) + dg_cell_open(dg_cell(d, x, d->height - 1));
    for (int y = 1; y < d->height - 1; y++)
        open_edge += dg_cell_open(dg_cell(d, 0, y)) + dg_cell_open(dg_cell(d, d->width - 1, y));
    cr_assert_eq(open_edge, d->n_exits, "%s: %zu open edge cells, %zu exits", what, open_edge, d->n_exits);
}

/* Everything a finished map promises, whatever the family. */
static inline void gc_all(const dg_dungeon *d, const char *what)
{
    dg_stats st;
    cr_assert_eq(dg_analyse(d, &st, NULL), DG_OK);
    cr_assert(st.components <= 1, "%s: %zu separate regions", what, st.components);
    gc_cell_words(d, what);
    gc_rooms(d, what);
    gc_doors(d, what);
    gc_stairs(d, what);
    gc_exits(d, what);
    if (d->opts.deadends == 100) cr_assert_eq(st.dead_ends, 0, "%s: %zu dead ends left", what, st.dead_ends);
}

#endif
