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
 *   doors    [{x, y, type, orientation, dir, room, leads_to, lock, gate (a
 *            cave's gate across a tunnel, core/cave_gate.c: true, else
 *            absent)}]
 *            type: arch|door|locked|trapped|secret|portcullis;
 *            orientation "horizontal" when the door sits in a horizontal wall
 *            (one walks through it north-south), else "vertical";
 *            dir: from `room` outward; leads_to: a room id or "corridor"
 *   stairs   [{x, y, kind: up|down, dir, next: {x, y}}]
 *   exits    [{x, y, dir}]
 *   name, level, party, motif, contents (after permalink); entrance, lair,
 *            details, wandering_monsters, corridor_features, attribution
 *            (after exits); rooms[].contents and doors[].lock: the stocked
 *            dungeon, see json_contents.c
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
 *   bestiary the stat block of every creature kind the key names on any
 *            floor, once, by name (json_contents.c); top level only
 *   below    floors > 1 only: the floors under this one (which is floor 1,
 *            the top), in order, each {floor (2, 3, ...), width, height,
 *            rooms, doors, stairs, exits, entrance, lair, details,
 *            wandering_monsters, corridor_features, attribution, walls,
 *            cells} as above; floor k+1's up stairs stand on the cells of
 *            floor k's down stairs
 * x is the column (east +1), y the row (south +1), both from 0. */
#include "json_write.h"
#include "render_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* [[x, y], ...]: an outline's corners or a passage's cells. */
static void points_json(dr__jw *w, const dg_point *pts, size_t n)
{
    dr__jw_array_begin(w);
    for (size_t k = 0; k < n; k++) {
        dr__jw_array_begin(w);
        dr__jw_int(w, pts[k].x);
        dr__jw_int(w, pts[k].y);
        dr__jw_array_end(w);
    }
    dr__jw_array_end(w);
}

static int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

bool dr__json_option_number(const char *key, size_t kn, const char *v, size_t n, int64_t *out)
{
    bool digits = n > 0 && n <= 15 && !(kn == 4 && memcmp(key, "seed", 4) == 0);
    for (size_t i = 0; i < n && digits; i++) digits = v[i] >= '0' && v[i] <= '9';
    if (!digits) return false;
    int64_t x = 0;
    for (size_t i = 0; i < n; i++) x = x * 10 + (v[i] - '0');
    *out = x;
    return true;
}

/* A text key's canonical value (percent-encoded: canonical.c) decoded into
 * buf; (size_t)-1 when key is not a text key. */
size_t dr__option_text(const char *key, size_t kn, const char *v, size_t n, char *buf, size_t cap)
{
    char name[32];
    if (kn >= sizeof name) return (size_t)-1;
    memcpy(name, key, kn);
    name[kn] = '\0';
    const dg_option_def *def = dg_option_def_find(name);
    if (!def || def->kind != DG_KIND_TEXT) return (size_t)-1;
    size_t o = 0;
    for (size_t i = 0; i < n && o + 1 < cap; i++) {
        int hi, lo;
        if (v[i] == '%' && i + 2 < n &&
            (hi = hexval(v[i + 1])) >= 0 && (lo = hexval(v[i + 2])) >= 0) {
            buf[o++] = (char)(hi * 16 + lo);
            i += 2;
        } else {
            buf[o++] = v[i];
        }
    }
    return o;
}

/* "k=v&k=v..." -> {"k": v, ...} in the string's order; text keys (a
 * dungeon's name) are decoded and always strings. */
static void options_object(dr__jw *w, const char *canon)
{
    dr__jw_object_begin(w);
    for (const char *q = canon; *q;) {
        size_t kn = strcspn(q, "=&"), all = strcspn(q, "&");
        if (q[kn] == '=') {
            const char *v = q + kn + 1;
            size_t n = all - kn - 1;
            int64_t x;
            dr__jw_keyn(w, q, kn);
            /* only a value with an escape or all digits reads differently
             * as text: the rest go as they are, without looking their key
             * up (a lookup by name for each of ~20 keys was a tenth of the
             * map's document) */
            bool number = dr__json_option_number(q, kn, v, n, &x);
            char text[3 * DG_STOCK_NAME_BYTES];
            size_t tn = number || memchr(v, '%', n) ? dr__option_text(q, kn, v, n, text, sizeof text) : (size_t)-1;
            if (tn != (size_t)-1) dr__jw_stringn(w, text, tn);
            else if (number) dr__jw_int(w, x);
            else dr__jw_stringn(w, v, n);
        }
        q += all;
        if (*q == '&') q++;
    }
    dr__jw_object_end(w);
}

static void rooms_array(dr__jw *w, const dg_dungeon *d, const dr__door_sides *sides, dg_buf *scratch,
                        dg_error *err)
{
    static const char *const side_keys[4] = {"north", "south", "west", "east"}; /* dg_dir order */
    dr__jw_array_begin(w);
    for (size_t i = 0; i < d->n_rooms; i++) {
        const dg_room *r = &d->rooms[i];
        dr__jw_object_begin(w);
        dr__jw_key_int(w, "id", r->id);
        dr__jw_key_int(w, "x", r->x);
        dr__jw_key_int(w, "y", r->y);
        dr__jw_key_int(w, "width", r->width);
        dr__jw_key_int(w, "height", r->height);
        dr__jw_key_int(w, "area", r->area);
        dr__jw_key_string(w, "shape", dg_shape_name(r->shape));
        dr__jw_key_string(w, "kind", dg_room_kind_name(r->kind));
        if (r->kind == DG_ROOM_KIND_CHAMBER) {
            dr__jw_key(w, "label");
            dr__jw_array_begin(w);
            dr__jw_int(w, r->label_x);
            dr__jw_int(w, r->label_y);
            dr__jw_array_end(w);
        }
        if (r->shape == DG_SHAPE_POLYGON) dr__jw_key_int(w, "sides", r->sides);
        if (r->shape != DG_SHAPE_RECT && r->n_outline) {
            dr__jw_key(w, "outline");
            points_json(w, r->outline, r->n_outline);
        }
        dr__jw_key(w, "doors");
        dr__jw_object_begin(w);
        for (int s = 0; s < 4; s++) {
            size_t slot = 4 * i + (size_t)s;
            dr__jw_key(w, side_keys[s]);
            dr__jw_array_begin(w);
            for (size_t k = 0; k < sides->count[slot]; k++)
                dr__jw_int(w, (int64_t)sides->door[sides->first[slot] + k]);
            dr__jw_array_end(w);
        }
        dr__jw_object_end(w);
        dr__jw_key(w, "contents");
        dr__json_room_contents(w, d, r->id, scratch, err);
        dr__jw_object_end(w);
    }
    dr__jw_array_end(w);
}

/* Cave passages (core/chambers.c): the chambers and rooms each joins, and
 * its cells. Only maps with caves have the key. */
static void passages_array(dr__jw *w, const dg_dungeon *d)
{
    dr__jw_array_begin(w);
    for (size_t i = 0; i < d->n_passages; i++) {
        const dg_passage *p = &d->passages[i];
        dr__jw_object_begin(w);
        dr__jw_key_int(w, "id", p->id);
        dr__jw_key(w, "rooms");
        dr__jw_array_begin(w);
        for (size_t k = 0; k < p->n_rooms; k++) dr__jw_int(w, p->rooms[k]);
        dr__jw_array_end(w);
        dr__jw_key(w, "cells");
        points_json(w, p->cells, p->n_cells);
        dr__jw_object_end(w);
    }
    dr__jw_array_end(w);
}

static void doors_array(dr__jw *w, const dg_dungeon *d)
{
    dr__jw_array_begin(w);
    for (size_t i = 0; i < d->n_doors; i++) {
        const dg_door *o = &d->doors[i];
        bool ns = o->dir == DG_DIR_NORTH || o->dir == DG_DIR_SOUTH;
        dr__jw_object_begin(w);
        dr__jw_key_int(w, "x", o->x);
        dr__jw_key_int(w, "y", o->y);
        dr__jw_key_string(w, "type", dg_door_type_name(o->type));
        dr__jw_key_string(w, "orientation", ns ? "horizontal" : "vertical");
        dr__jw_key_string(w, "dir", dg_dir_name(o->dir));
        dr__jw_key_int(w, "room", o->room);
        if (o->other > 0) dr__jw_key_int(w, "leads_to", o->other);
        else dr__jw_key_string(w, "leads_to", "corridor");
        dr__jw_key(w, "lock");
        dr__json_door_lock(w, d, i);
        /* a cave's gate (loops maps): said only where true, so no other
         * map's bytes move */
        if (dg_door_gate(d, o)) {
            dr__jw_key(w, "gate");
            dr__jw_bool(w, true);
        }
        dr__jw_object_end(w);
    }
    dr__jw_array_end(w);
}

static void stairs_array(dr__jw *w, const dg_dungeon *d)
{
    dr__jw_array_begin(w);
    for (size_t i = 0; i < d->n_stairs; i++) {
        const dg_stair *s = &d->stairs[i];
        dr__jw_object_begin(w);
        dr__jw_key_int(w, "x", s->x);
        dr__jw_key_int(w, "y", s->y);
        dr__jw_key_string(w, "kind", s->down ? "down" : "up");
        dr__jw_key_string(w, "dir", dg_dir_name(s->dir));
        dr__jw_key(w, "next");
        dr__jw_object_begin(w);
        dr__jw_key_int(w, "x", s->next_x);
        dr__jw_key_int(w, "y", s->next_y);
        dr__jw_object_end(w);
        dr__jw_object_end(w);
    }
    dr__jw_array_end(w);
}

static void exits_array(dr__jw *w, const dg_dungeon *d)
{
    dr__jw_array_begin(w);
    for (size_t i = 0; i < d->n_exits; i++) {
        const dg_exit *e = &d->exits[i];
        dr__jw_object_begin(w);
        dr__jw_key_int(w, "x", e->x);
        dr__jw_key_int(w, "y", e->y);
        dr__jw_key_string(w, "dir", dg_dir_name(e->dir));
        dr__jw_object_end(w);
    }
    dr__jw_array_end(w);
}

/* One floor's map, as members of the object being written: width and
 * height, rooms, doors, stairs, exits, the stocked floor's tail, walls and
 * cells. */
static dg_status floor_members(dr__jw *j, const dg_dungeon *d, bool top, dg_buf *out, dg_buf *scratch, dg_error *err)
{
    dr__walls w;
    dr__door_sides sides;
    memset(&w, 0, sizeof w);
    memset(&sides, 0, sizeof sides);
    dg_status rc;
    if ((rc = dr__door_sides_build(d, &sides, err)) == DG_OK &&
        (rc = dr__walls_segments(d, false, &w, err)) == DG_OK &&
        /* about what a map takes: a few kilobytes of rooms and doors, a
         * digit or three a cell, ~50 bytes a wall */
        (rc = dr__buf_reserve(out, 4096 + 3 * (size_t)d->width * (size_t)d->height +
                                      56 * (w.n_walls + w.n_portals),
                              err)) == DG_OK) {
        dr__jw_key_int(j, "width", d->width);
        dr__jw_key_int(j, "height", d->height);
        dr__jw_key(j, "rooms");
        rooms_array(j, d, &sides, scratch, err);
        dr__jw_key(j, "doors");
        doors_array(j, d);
        dr__jw_key(j, "stairs");
        stairs_array(j, d);
        dr__jw_key(j, "exits");
        exits_array(j, d);
        if (d->cave) {
            dr__jw_key(j, "passages");
            passages_array(j, d);
        }
        dr__json_contents_tail(j, d, scratch, err);
        if (top) dr__json_bestiary(j, d); /* every floor's creatures, once */
        dr__jw_key(j, "walls");
        dr__jw_splice(j, dr__json_put_walls, d, &w);
        dr__jw_key(j, "cells");
        dr__jw_splice(j, dr__json_put_cells, d, NULL);
    }
    dr__walls_fini(&w);
    dr__door_sides_fini(&sides);
    return rc;
}

dg_status dg_json_encode(const dg_dungeon *d, dg_buf *out, dg_error *err)
{
    dg_status rc = dr__render_check(d, err);
    if (rc != DG_OK) return rc;
    char seed[24], small[512], *canon = small;
    snprintf(seed, sizeof seed, "%" PRIu64, d->opts.seed);
    size_t n = dg_options_canonical(&d->opts, small + 2, sizeof small - 2);
    if (n + 2 >= sizeof small) {
        if (!(canon = dg__malloc(n + 3))) return dg__nomem(err, NULL);
        dg_options_canonical(&d->opts, canon + 2, n + 1);
    }
    memcpy(canon, "/?", 2); /* the permalink; the options are what follows */
    dg_buf scratch; /* one room's summary at a time */
    dg_buf_init(&scratch);
    dr__jw j;
    dr__jw_init(&j, out, err);
    dr__jw_object_begin(&j);
    dr__jw_key_string(&j, "generator_version", DG_GENERATOR_VERSION);
    dr__jw_key_string(&j, "seed", seed);
    dr__jw_key(&j, "options");
    options_object(&j, canon + 2);
    dr__jw_key(&j, "permalink");
    dr__jw_stringn(&j, canon, n + 2);
    dr__json_contents_head(&j, d);
    rc = floor_members(&j, d, true, out, &scratch, err);
    /* the floors below the top, each a map of its own (floors > 1 only,
     * so a single floor's document is as it always was) */
    if (rc == DG_OK && d->below) {
        dr__jw_key(&j, "below");
        dr__jw_array_begin(&j);
        for (const dg_dungeon *f = d->below; f && rc == DG_OK; f = f->below) {
            dr__jw_object_begin(&j);
            dr__jw_key_int(&j, "floor", f->floor);
            rc = floor_members(&j, f, false, out, &scratch, err);
            dr__jw_object_end(&j);
        }
        dr__jw_array_end(&j);
    }
    if (rc == DG_OK) {
        dr__jw_object_end(&j);
        rc = dr__jw_finish(&j);
    } else {
        out->len = j.from; /* what the writer had added goes */
    }
    dg_buf_fini(&scratch);
    if (canon != small) dg__free(canon);
    return rc;
}
