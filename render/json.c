/* json.c -- the native JSON document (format=json) for VTT integrators and
 * scripts; donjon's own export layout is left to donjon.c, pixels to png.c,
 * wall geometry to walls.c.
 *
 * One object, keys always in this order:
 *   generator_version  string, DG_GENERATOR_VERSION
 *   seed               STRING of the decimal 64-bit seed: JavaScript numbers
 *                      are doubles and silently round integers above 2^53,
 *                      which would hand back a different map
 *   options            every key of the canonical option string -> value;
 *                      numbers as numbers, names as strings, seed as string
 *   permalink          "/?" + canonical option string
 *   width, height      in cells
 *   rooms    [{id, x, y, width, height (bounding box, cells), area (floor
 *              cells), shape (rect|circle|polygon|composite), sides (polygons only),
 *              outline (non-rectangles only: [[x,y],...] cell-corner points,
 *              clockwise, first point not repeated),
 *              doors: {north:[i,...], south:[...], west:[...], east:[...]}}]
 *            where each i indexes the top-level "doors" array and the side is
 *            the room's wall the door is in; a door between two rooms is
 *            listed by both (on opposite sides)
 *   doors    [{x, y, type, orientation, dir, room, leads_to}]
 *            type: arch|door|locked|trapped|secret|portcullis;
 *            orientation "horizontal" when the door sits in a horizontal wall
 *            (one walks through it north-south), else "vertical";
 *            dir: from `room` outward; leads_to: a room id or "corridor"
 *   stairs   [{x, y, kind: up|down, dir, next: {x, y}}]
 *   exits    [{x, y, dir}]
 *   walls    [{x0, y0, x1, y1, kind: wall|object|door, door (doors only)}]:
 *            segments in cell units (x.5 where a door splits them), the same
 *            as the uvtt and foundry exports (vtt.c, walls.c), gm view, ppg:
 *              wall    a maximal straight run of boundary between walkable
 *                      (room or corridor) and solid cells; the map edge is
 *                      solid, so it is walled even at an exit. On a map with
 *                      caves, cave walls follow the outline the PNG draws,
 *                      at any angle, in sixteenths of a cell (x.0625;
 *                      coarser on maps of over 65536 cells)
 *              object  the same around solid standing in room floor only
 *                      (a pillar)
 *              door    the doorway across the middle of a door cell, one
 *                      per door except archways (openings); `door` indexes
 *                      the top-level "doors" array
 *            walls first (horizontal by y then x, then vertical by x then
 *            y, then slanted by x0, y0), then doors in "doors" order
 *   cells    cells[y][x]: the words exactly as in the dungeon (donjon's bit
 *            layout, see dg.h)
 * x is the column (east +1), y the row (south +1), both from 0. */
#include "render_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The leaves one document shares. A map repeats a few names ("east",
 * "door", "rect") and small numbers over and over; a jansson value is a
 * malloc, a free and a refcount, so each distinct one is made once per
 * encode and set with json_object_set_nocheck (a reference), which dumps
 * the same bytes. Names are static strings, found by address. */
enum { SMALL_INTS = 128, NAMES = 24 };
typedef struct {
    json_t *ints[SMALL_INTS];                  /* 0..SMALL_INTS-1, made on first use */
    const char *name_of[NAMES];
    json_t *name[NAMES];
    size_t n_names;
    json_t *empty;                             /* [] for every door side without doors */
} leaves;

static void leaves_fini(leaves *l)
{
    for (size_t i = 0; i < SMALL_INTS; i++) json_decref(l->ints[i]);
    for (size_t i = 0; i < l->n_names; i++) json_decref(l->name[i]);
    json_decref(l->empty);
}

/* A new reference to the integer v; NULL when out of memory. */
static json_t *leaf_int(leaves *l, json_int_t v)
{
    if (v < 0 || v >= SMALL_INTS) return json_integer(v);
    if (!l->ints[v]) l->ints[v] = json_integer(v);
    return json_incref(l->ints[v]);
}

/* A new reference to the string of the static ASCII name s. */
static json_t *leaf_name(leaves *l, const char *s)
{
    for (size_t i = 0; i < l->n_names; i++)
        if (l->name_of[i] == s) return json_incref(l->name[i]);
    json_t *v = json_string_nocheck(s);
    if (!v || l->n_names == NAMES) return v;
    l->name_of[l->n_names] = s;
    l->name[l->n_names++] = v;
    return json_incref(v);
}

/* Fixed ASCII keys and names: set without jansson's UTF-8 check or a
 * json_pack format to parse -- these run per room and door on every
 * request. A NULL value (out of memory) fails the set, so callers check
 * once at the end. */
static bool set_int(leaves *l, json_t *o, const char *key, json_int_t v)
{
    return json_object_set_new_nocheck(o, key, leaf_int(l, v)) == 0;
}

static bool set_name(leaves *l, json_t *o, const char *key, const char *name)
{
    return json_object_set_new_nocheck(o, key, leaf_name(l, name)) == 0;
}

/* The string of n bytes at v: unchecked when they are ASCII (valid UTF-8,
 * and a plain loop is far cheaper than jansson's decoder), else checked --
 * a text seed carries the user's bytes. */
static json_t *text(const char *v, size_t n)
{
    unsigned char any = 0;
    for (size_t i = 0; i < n; i++) any |= (unsigned char)v[i];
    return any < 0x80 ? json_stringn_nocheck(v, n) : json_stringn(v, n);
}

/* A canonical value becomes a JSON number only when it is plain decimal
 * digits short enough to survive a double; anything else stays a string. */
static json_t *option_value(leaves *l, const char *key, size_t kn, const char *v, size_t n)
{
    bool digits = n > 0 && n <= 15;
    for (size_t i = 0; i < n && digits; i++) digits = v[i] >= '0' && v[i] <= '9';
    if (digits && !(kn == 4 && memcmp(key, "seed", 4) == 0)) {
        json_int_t x = 0;
        for (size_t i = 0; i < n; i++) x = x * 10 + (v[i] - '0');
        return leaf_int(l, x);
    }
    return text(v, n);
}

/* "k=v&k=v..." -> {"k": v, ...} in the string's order. Keys are the option
 * table's ASCII names (set unchecked); values in the canonical string are
 * names and numbers, never escaped, but a text seed is the user's bytes
 * (see text()). */
static json_t *options_object(leaves *l, const char *canon)
{
    json_t *o = json_object();
    const char *p = canon;
    while (o && *p) {
        const char *amp = strchr(p, '&');
        size_t n = amp ? (size_t)(amp - p) : strlen(p);
        const char *eq = memchr(p, '=', n);
        if (eq) {
            size_t kn = (size_t)(eq - p);
            if (json_object_setn_new_nocheck(o, p, kn,
                                             option_value(l, p, kn, eq + 1, n - kn - 1)) != 0) {
                json_decref(o);
                return NULL;
            }
        }
        p += n;
        if (*p == '&') p++;
    }
    return o;
}

/* [[x,y],...] of a room outline. */
static json_t *outline_json(leaves *l, const dg_room *r)
{
    json_t *pts = json_array();
    for (size_t k = 0; pts && k < r->n_outline; k++) {
        json_t *pt = json_array();
        if (pt && (json_array_append_new(pt, leaf_int(l, r->outline[k].x)) ||
                   json_array_append_new(pt, leaf_int(l, r->outline[k].y)))) {
            json_decref(pt);
            pt = NULL;
        }
        if (json_array_append_new(pts, pt)) {
            json_decref(pts);
            pts = NULL;
        }
    }
    return pts;
}

/* side[0..4): the room's door index arrays (north, south, west, east),
 * NULL for a side without doors. */
static json_t *room_json(leaves *l, const dg_room *r, json_t *const *side)
{
    json_t *j = json_object();
    bool ok = j && set_int(l, j, "id", r->id) && set_int(l, j, "x", r->x) &&
              set_int(l, j, "y", r->y) && set_int(l, j, "width", r->width) &&
              set_int(l, j, "height", r->height) && set_int(l, j, "area", r->area) &&
              set_name(l, j, "shape", dg_shape_name(r->shape));
    if (ok && r->shape == DG_SHAPE_POLYGON) ok = set_int(l, j, "sides", r->sides);
    if (ok && r->shape != DG_SHAPE_RECT && r->n_outline)
        ok = json_object_set_new_nocheck(j, "outline", outline_json(l, r)) == 0;
    if (ok) {
        json_t *doors = json_object();
        static const char *const name[4] = {"north", "south", "west", "east"};
        for (int k = 0; k < 4 && doors; k++)
            if (json_object_set_nocheck(doors, name[k], side[k] ? side[k] : l->empty)) {
                json_decref(doors);
                doors = NULL;
            }
        ok = json_object_set_new_nocheck(j, "doors", doors) == 0;
    }
    if (!ok) {
        json_decref(j);
        return NULL;
    }
    return j;
}

/* The side arrays of every room (4 a room, in room_json's order), each
 * door index filed under the wall it sits in; NULL where a side has none.
 * False when out of memory. */
static bool door_sides(leaves *l, const dg_dungeon *d, json_t **side)
{
    for (size_t i = 0; i < d->n_doors; i++) {
        const dg_door *o = &d->doors[i];
        int ids[2] = {o->room, o->other};
        dg_dir dirs[2] = {o->dir, dg__dir_opposite(o->dir)};
        for (int k = 0; k < 2; k++) {
            if (ids[k] < 1) continue;
            /* the side order north, south, west, east is dg_dir's */
            json_t **a = &side[((size_t)ids[k] - 1) * 4 + (size_t)dirs[k]];
            size_t n = json_array_size(*a);
            if (n) { /* a generator may record one door per room: list it once */
                json_int_t last = json_integer_value(json_array_get(*a, n - 1));
                if (d->doors[last].x == o->x && d->doors[last].y == o->y) continue;
            }
            if (!*a && !(*a = json_array())) return false;
            if (json_array_append_new(*a, leaf_int(l, (json_int_t)i))) return false;
        }
    }
    return true;
}

/* The rooms array, with each door index filed under the wall it sits in. */
static json_t *rooms_json(leaves *l, const dg_dungeon *d)
{
    json_t *rooms = json_array();
    json_t **side = calloc(d->n_rooms * 4 + 1, sizeof *side);
    bool ok = rooms && side && (l->empty || (l->empty = json_array())) && door_sides(l, d, side);
    for (size_t i = 0; ok && i < d->n_rooms; i++)
        ok = json_array_append_new(rooms, room_json(l, &d->rooms[i], side + 4 * i)) == 0;
    for (size_t i = 0; side && i < d->n_rooms * 4; i++) json_decref(side[i]);
    free(side);
    if (ok) return rooms;
    json_decref(rooms);
    return NULL;
}

/* Appends j to array a when it was built whole (ok); otherwise frees it.
 * False when nothing was appended: the caller gives up on a. */
static bool push_built(json_t *a, json_t *j, bool ok)
{
    if (!ok) {
        json_decref(j);
        return false;
    }
    return json_array_append_new(a, j) == 0;
}

static json_t *doors_json(leaves *l, const dg_dungeon *d)
{
    json_t *a = json_array();
    for (size_t i = 0; a && i < d->n_doors; i++) {
        const dg_door *o = &d->doors[i];
        bool ns = o->dir == DG_DIR_NORTH || o->dir == DG_DIR_SOUTH;
        json_t *j = json_object();
        bool ok = j && set_int(l, j, "x", o->x) && set_int(l, j, "y", o->y) &&
                  set_name(l, j, "type", dg_door_type_name(o->type)) &&
                  set_name(l, j, "orientation", ns ? "horizontal" : "vertical") &&
                  set_name(l, j, "dir", dg_dir_name(o->dir)) && set_int(l, j, "room", o->room) &&
                  (o->other > 0 ? set_int(l, j, "leads_to", o->other)
                                : set_name(l, j, "leads_to", "corridor"));
        if (!push_built(a, j, ok)) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

static json_t *stairs_json(leaves *l, const dg_dungeon *d)
{
    json_t *a = json_array();
    for (size_t i = 0; a && i < d->n_stairs; i++) {
        const dg_stair *s = &d->stairs[i];
        json_t *j = json_object(), *next = json_object();
        bool ok = j && next && set_int(l, next, "x", s->next_x) &&
                  set_int(l, next, "y", s->next_y) && set_int(l, j, "x", s->x) &&
                  set_int(l, j, "y", s->y) && set_name(l, j, "kind", s->down ? "down" : "up") &&
                  set_name(l, j, "dir", dg_dir_name(s->dir)) &&
                  json_object_set_nocheck(j, "next", next) == 0;
        json_decref(next);
        if (!push_built(a, j, ok)) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

static json_t *exits_json(leaves *l, const dg_dungeon *d)
{
    json_t *a = json_array();
    for (size_t i = 0; a && i < d->n_exits; i++) {
        const dg_exit *e = &d->exits[i];
        json_t *j = json_object();
        bool ok = j && set_int(l, j, "x", e->x) && set_int(l, j, "y", e->y) &&
                  set_name(l, j, "dir", dg_dir_name(e->dir));
        if (!push_built(a, j, ok)) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

/* v / den cells after p as dg__unit_text writes it; returns the end. The
 * usual den 2 (half cells) inline, since every wall has four of these. */
static char *unit_text(char *p, int v, int den)
{
    if (den != 2) return p + dg__unit_text(p, v, den);
    uint32_t whole = (uint32_t)v >> 1; /* v >= 0 */
    if (whole < 10) {
        *p++ = (char)('0' + whole);
    } else if (whole < 100) {
        memcpy(p, dg__digit_pairs + 2 * whole, 2);
        p += 2;
    } else {
        p += dg__u32_text(p, whole);
    }
    if (v & 1) {
        memcpy(p, ".5", 2);
        p += 2;
    }
    return p;
}

/* What ends a wall's text after its coordinates: the kind (a door's index
 * follows "door"), padded to a fixed copy of TAIL bytes. */
enum { TAIL = 24 };
static const char tail_wall[TAIL] = ",\"kind\":\"wall\"}";
static const char tail_object[TAIL] = ",\"kind\":\"object\"}";
static const char tail_door[TAIL] = ",\"kind\":\"door\",\"door\":";

/* {"x0":..,"y0":..,"x1":..,"y1":..,"kind":"..."[,"door":i]} at p; returns
 * the length (under 128; p has TAIL bytes more). Formatted by hand, not
 * with snprintf: a big map has hundreds of thousands of these, and the
 * digits are the same. Fixed-size copies, which compile to a few moves. */
static size_t wall_text(char *p, int x0, int y0, int x1, int y1, int den, const char *tail,
                        size_t tail_len, long door)
{
    char *q = p;
    memcpy(q, "{\"x0\":", 6);
    q = unit_text(q + 6, x0, den);
    memcpy(q, ",\"y0\":", 6);
    q = unit_text(q + 6, y0, den);
    memcpy(q, ",\"x1\":", 6);
    q = unit_text(q + 6, x1, den);
    memcpy(q, ",\"y1\":", 6);
    q = unit_text(q + 6, y1, den);
    memcpy(q, tail, TAIL);
    q += tail_len;
    if (door >= 0) {
        q += dg__u32_text(q, (uint32_t)door);
        *q++ = '}';
    }
    return (size_t)(q - p);
}

/* The walls splice: written by hand, since a big map has hundreds of
 * thousands of segments and jansson would spend a value on every number.
 * Gathered in a stack chunk and appended a few kilobytes at a time. */
static dg_status put_walls(const dg_dungeon *d, const void *ctx, dg_buf *out, dg_error *err)
{
    const dg__walls *w = ctx;
    (void)d;
    char s[4096];
    size_t len = 0, n = 0;
    dg_status rc = DG_OK;
    s[len++] = '[';
    for (size_t i = 0; i < w->n_walls + w->n_portals && rc == DG_OK; i++, n++) {
        if (len > sizeof s - 160) { /* one more wall always fits below this */
            rc = dg_buf_append(out, s, len, err);
            len = 0;
        }
        if (n) s[len++] = ',';
        if (i < w->n_walls) {
            const dg__wall *g = &w->walls[i];
            len += g->object ? wall_text(s + len, g->x0, g->y0, g->x1, g->y1, w->den, tail_object,
                                         strlen(tail_object), -1)
                             : wall_text(s + len, g->x0, g->y0, g->x1, g->y1, w->den, tail_wall,
                                         strlen(tail_wall), -1);
        } else {
            const dg__portal *p = &w->portals[i - w->n_walls];
            len += wall_text(s + len, p->x0, p->y0, p->x1, p->y1, w->den, tail_door,
                             strlen(tail_door), (long)p->door);
        }
    }
    s[len++] = ']';
    if (rc == DG_OK) rc = dg_buf_append(out, s, len, err);
    return rc;
}

dg_status dg_json_encode(const dg_dungeon *d, dg_buf *out, dg_error *err)
{
    dg_status rc = dg__render_check(d, err);
    if (rc != DG_OK) return rc;

    char seed[24], small[512], *canon = small;
    snprintf(seed, sizeof seed, "%" PRIu64, d->opts.seed);
    size_t n = dg_options_canonical(&d->opts, small, sizeof small);
    if (n >= sizeof small) {
        if (!(canon = malloc(n + 1)))
            return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory");
        dg_options_canonical(&d->opts, canon, n + 1);
    }
    char *permalink = malloc(n + 3);
    leaves l;
    memset(&l, 0, sizeof l);
    json_t *root = NULL;
    if (permalink) {
        memcpy(permalink, "/?", 2);
        memcpy(permalink + 2, canon, n + 1);
        /* set one by one, unchecked: keys are fixed names, values checked
         * where they carry the user's bytes (a text seed) */
        root = json_object();
        bool ok = root && set_name(&l, root, "generator_version", DG_GENERATOR_VERSION) &&
                  json_object_set_new_nocheck(root, "seed", json_string_nocheck(seed)) == 0 &&
                  json_object_set_new_nocheck(root, "options", options_object(&l, canon)) == 0 &&
                  json_object_set_new_nocheck(root, "permalink", text(permalink, n + 2)) == 0 &&
                  set_int(&l, root, "width", d->width) && set_int(&l, root, "height", d->height) &&
                  json_object_set_new_nocheck(root, "rooms", rooms_json(&l, d)) == 0 &&
                  json_object_set_new_nocheck(root, "doors", doors_json(&l, d)) == 0 &&
                  json_object_set_new_nocheck(root, "stairs", stairs_json(&l, d)) == 0 &&
                  json_object_set_new_nocheck(root, "exits", exits_json(&l, d)) == 0 &&
                  json_object_set_new_nocheck(root, "walls", json_null()) == 0 &&
                  json_object_set_new_nocheck(root, "cells", json_null()) == 0;
        if (!ok) {
            json_decref(root);
            root = NULL;
        }
    }
    dg__walls w;
    memset(&w, 0, sizeof w);
    if (!root)
        rc = dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory building JSON");
    else if ((rc = dg__walls_segments(d, false, &w, err)) == DG_OK &&
             /* about what a map takes: a few kilobytes of rooms and doors,
              * a digit or three a cell, ~50 bytes a wall */
             (rc = dg__buf_reserve(out, 4096 + 3 * (size_t)d->width * (size_t)d->height +
                                           56 * (w.n_walls + w.n_portals),
                                   err)) == DG_OK) {
        dg__json_splice sp[2] = {{"walls", put_walls, &w}, {"cells", dg__json_put_cells, NULL}};
        rc = dg__json_emit_splices(root, sp, 2, JSON_PRESERVE_ORDER, d, out, err);
    }
    dg__walls_fini(&w);
    json_decref(root);
    leaves_fini(&l);
    free(permalink);
    if (canon != small) free(canon);
    return rc;
}
