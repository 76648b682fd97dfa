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

/* A canonical value becomes a JSON number only when it is plain decimal
 * digits short enough to survive a double; anything else stays a string. */
static json_t *option_value(const char *key, const char *v, size_t n)
{
    bool digits = n > 0 && n <= 15;
    for (size_t i = 0; i < n && digits; i++) digits = v[i] >= '0' && v[i] <= '9';
    if (digits && strcmp(key, "seed") != 0) {
        json_int_t x = 0;
        for (size_t i = 0; i < n; i++) x = x * 10 + (v[i] - '0');
        return json_integer(x);
    }
    return json_stringn(v, n);
}

/* "k=v&k=v..." -> {"k": v, ...} in the string's order. Values in the
 * canonical string are names and numbers, never escaped. */
static json_t *options_object(const char *canon)
{
    json_t *o = json_object();
    const char *p = canon;
    while (o && *p) {
        const char *amp = strchr(p, '&');
        size_t n = amp ? (size_t)(amp - p) : strlen(p);
        const char *eq = memchr(p, '=', n);
        if (eq) {
            char key[64];
            size_t kn = (size_t)(eq - p);
            if (kn >= sizeof key) kn = sizeof key - 1;
            memcpy(key, p, kn);
            key[kn] = '\0';
            if (json_object_set_new(o, key, option_value(key, eq + 1, n - kn - 1)) != 0) {
                json_decref(o);
                return NULL;
            }
        }
        p += n;
        if (*p == '&') p++;
    }
    return o;
}

/* Fixed ASCII keys and names: set without jansson's UTF-8 check or a
 * json_pack format to parse -- these run per room and door on every
 * request. A NULL value (out of memory) fails the set and poisons the
 * object, so callers check once at the end. */
static bool set_int(json_t *o, const char *key, json_int_t v)
{
    return json_object_set_new_nocheck(o, key, json_integer(v)) == 0;
}

static bool set_name(json_t *o, const char *key, const char *name)
{
    return json_object_set_new_nocheck(o, key, json_string_nocheck(name)) == 0;
}

static json_t *room_json(const dg_room *r)
{
    json_t *j = json_object();
    bool ok = j && set_int(j, "id", r->id) && set_int(j, "x", r->x) && set_int(j, "y", r->y) &&
              set_int(j, "width", r->width) && set_int(j, "height", r->height) &&
              set_int(j, "area", r->area) && set_name(j, "shape", dg_shape_name(r->shape));
    if (ok && r->shape == DG_SHAPE_POLYGON) ok = set_int(j, "sides", r->sides);
    if (ok && r->shape != DG_SHAPE_RECT && r->n_outline) {
        json_t *pts = json_array();
        for (size_t k = 0; pts && k < r->n_outline; k++) {
            json_t *pt = json_array();
            if (pt && (json_array_append_new(pt, json_integer(r->outline[k].x)) ||
                       json_array_append_new(pt, json_integer(r->outline[k].y)))) {
                json_decref(pt);
                pt = NULL;
            }
            if (json_array_append_new(pts, pt)) {
                json_decref(pts);
                pts = NULL;
            }
        }
        ok = json_object_set_new_nocheck(j, "outline", pts) == 0;
    }
    if (ok) {
        json_t *doors = json_object();
        static const char *const side[4] = {"north", "south", "west", "east"};
        for (int k = 0; k < 4 && doors; k++)
            if (json_object_set_new_nocheck(doors, side[k], json_array())) {
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

/* The rooms array, with each door index filed under the wall it sits in. */
static json_t *rooms_json(const dg_dungeon *d)
{
    json_t *rooms = json_array();
    for (size_t i = 0; rooms && i < d->n_rooms; i++)
        if (json_array_append_new(rooms, room_json(&d->rooms[i]))) {
            json_decref(rooms);
            return NULL;
        }
    for (size_t i = 0; rooms && i < d->n_doors; i++) {
        const dg_door *o = &d->doors[i];
        int ids[2] = {o->room, o->other};
        dg_dir sides[2] = {o->dir, dg__dir_opposite(o->dir)};
        for (int k = 0; k < 2; k++) {
            if (ids[k] < 1) continue;
            json_t *doors = json_object_get(json_array_get(rooms, (size_t)ids[k] - 1), "doors");
            json_t *side = json_object_get(doors, dg_dir_name(sides[k]));
            json_t *idx = json_integer((json_int_t)i);
            /* a generator may record one door per room: list it once */
            bool dup = false;
            size_t n = json_array_size(side);
            if (n) {
                json_int_t last = json_integer_value(json_array_get(side, n - 1));
                dup = d->doors[last].x == o->x && d->doors[last].y == o->y;
            }
            if (dup) {
                json_decref(idx);
            } else if (json_array_append_new(side, idx)) {
                json_decref(rooms);
                return NULL;
            }
        }
    }
    return rooms;
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
static json_t *doors_json(const dg_dungeon *d)
{
    json_t *a = json_array();
    for (size_t i = 0; a && i < d->n_doors; i++) {
        const dg_door *o = &d->doors[i];
        bool ns = o->dir == DG_DIR_NORTH || o->dir == DG_DIR_SOUTH;
        json_t *j = json_object();
        bool ok = j && set_int(j, "x", o->x) && set_int(j, "y", o->y) &&
                  set_name(j, "type", dg_door_type_name(o->type)) &&
                  set_name(j, "orientation", ns ? "horizontal" : "vertical") &&
                  set_name(j, "dir", dg_dir_name(o->dir)) && set_int(j, "room", o->room) &&
                  (o->other > 0 ? set_int(j, "leads_to", o->other)
                                : set_name(j, "leads_to", "corridor"));
        if (!push_built(a, j, ok)) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

static json_t *stairs_json(const dg_dungeon *d)
{
    json_t *a = json_array();
    for (size_t i = 0; a && i < d->n_stairs; i++) {
        const dg_stair *s = &d->stairs[i];
        json_t *j = json_object(), *next = json_object();
        bool ok = j && next && set_int(next, "x", s->next_x) && set_int(next, "y", s->next_y) &&
                  set_int(j, "x", s->x) && set_int(j, "y", s->y) &&
                  set_name(j, "kind", s->down ? "down" : "up") &&
                  set_name(j, "dir", dg_dir_name(s->dir)) &&
                  json_object_set_nocheck(j, "next", next) == 0;
        json_decref(next);
        if (!push_built(a, j, ok)) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

static json_t *exits_json(const dg_dungeon *d)
{
    json_t *a = json_array();
    for (size_t i = 0; a && i < d->n_exits; i++) {
        const dg_exit *e = &d->exits[i];
        json_t *j = json_object();
        bool ok = j && set_int(j, "x", e->x) && set_int(j, "y", e->y) &&
                  set_name(j, "dir", dg_dir_name(e->dir));
        if (!push_built(a, j, ok)) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

/* v / den cells at p as dg__unit_text writes it; the usual den 2 (half
 * cells) inline, since every wall has four of these. */
static size_t unit_text(char *p, int v, int den)
{
    if (den != 2) return dg__unit_text(p, v, den);
    unsigned whole = (unsigned)v >> 1; /* v >= 0 */
    size_t n;
    if (whole < 10) {
        p[0] = (char)('0' + whole);
        n = 1;
    } else if (whole < 100) {
        p[0] = (char)('0' + whole / 10);
        p[1] = (char)('0' + whole % 10);
        n = 2;
    } else {
        n = dg__half_text(p, (long)whole * 2);
    }
    if (v & 1) {
        p[n++] = '.';
        p[n++] = '5';
    }
    return n;
}

/* {"x0":..,"y0":..,"x1":..,"y1":..,"kind":"..."[,"door":i]} at p; returns
 * the length (under 128). Formatted by hand, not with snprintf: a big map
 * has hundreds of thousands of these, and the digits are the same. */
static size_t wall_text(char *p, int x0, int y0, int x1, int y1, int den, const char *kind,
                        size_t kind_len, long door)
{
    static const char *const key[4] = {"{\"x0\":", ",\"y0\":", ",\"x1\":", ",\"y1\":"};
    const int v[4] = {x0, y0, x1, y1};
    size_t n = 0;
    for (int i = 0; i < 4; i++) {
        memcpy(p + n, key[i], 6); /* each key is 6 bytes */
        n += 6;
        n += unit_text(p + n, v[i], den);
    }
    static const char kind_key[] = ",\"kind\":\"";
    memcpy(p + n, kind_key, sizeof kind_key - 1);
    n += sizeof kind_key - 1;
    memcpy(p + n, kind, kind_len);
    n += kind_len;
    p[n++] = '"';
    if (door >= 0) {
        static const char door_key[] = ",\"door\":";
        memcpy(p + n, door_key, sizeof door_key - 1);
        n += sizeof door_key - 1;
        n += dg__half_text(p + n, 2 * door);
    }
    p[n++] = '}';
    return n;
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
            len += g->object ? wall_text(s + len, g->x0, g->y0, g->x1, g->y1, w->den, "object", 6, -1)
                             : wall_text(s + len, g->x0, g->y0, g->x1, g->y1, w->den, "wall", 4, -1);
        } else {
            const dg__portal *p = &w->portals[i - w->n_walls];
            len += wall_text(s + len, p->x0, p->y0, p->x1, p->y1, w->den, "door", 4, (long)p->door);
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
    json_t *root = NULL;
    if (permalink) {
        memcpy(permalink, "/?", 2);
        memcpy(permalink + 2, canon, n + 1);
        /* "o" steals each value even when packing fails, so nothing leaks */
        root = json_pack("{s:s,s:s,s:o,s:s,s:i,s:i,s:o,s:o,s:o,s:o,s:n,s:n}", "generator_version",
                         DG_GENERATOR_VERSION, "seed", seed, "options", options_object(canon),
                         "permalink", permalink, "width", d->width, "height", d->height,
                         "rooms", rooms_json(d), "doors", doors_json(d), "stairs",
                         stairs_json(d), "exits", exits_json(d), "walls", "cells");
    }
    dg__walls w;
    memset(&w, 0, sizeof w);
    if (!root)
        rc = dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory building JSON");
    else if ((rc = dg__walls_segments(d, false, &w, err)) == DG_OK) {
        dg__json_splice sp[2] = {{"walls", put_walls, &w}, {"cells", dg__json_put_cells, NULL}};
        rc = dg__json_emit_splices(root, sp, 2, JSON_PRESERVE_ORDER, d, out, err);
    }
    dg__walls_fini(&w);
    json_decref(root);
    free(permalink);
    if (canon != small) free(canon);
    return rc;
}
