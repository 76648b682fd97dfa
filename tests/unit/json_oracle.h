/* json_oracle.h -- the native (format=json) and donjon (format=donjon)
 * documents of a map built as jansson trees, the straightforward way: the
 * oracle the streaming writer's bytes are held to (test_json_oracle.c).
 * The shape of each document (keys, nesting, which members are optional,
 * how doors are filed under rooms) is restated here from json.c's and
 * donjon.c's header comments, independently of their code; the words
 * (donjon's invented names and contents, which option values are numbers)
 * come from the same helpers the encoders use, since they are facts of the
 * map rather than of JSON. New on success (json_decref); NULL when out of
 * memory or when d's walls cannot be traced. */
#ifndef JSON_ORACLE_H
#define JSON_ORACLE_H

#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_oracle_contents.h"
#include "render_int.h"

/* v / den cells: an integer when whole, else the exact binary fraction. */
static inline json_t *oracle_unit(long v, int den)
{
    return v % den == 0 ? json_integer(v / den) : json_real((double)v / den);
}

static inline json_t *oracle_wall(const dr__wall *g, int den, const char *kind)
{
    return json_pack("{s:o,s:o,s:o,s:o,s:s}", "x0", oracle_unit(g->x0, den), "y0",
                     oracle_unit(g->y0, den), "x1", oracle_unit(g->x1, den), "y1",
                     oracle_unit(g->y1, den), "kind", kind);
}

static inline json_t *oracle_cells(const dg_dungeon *d)
{
    json_t *rows = json_array();
    for (int y = 0; y < d->height; y++) {
        json_t *row = json_array();
        for (int x = 0; x < d->width; x++) json_array_append_new(row, json_integer(dg_cell(d, x, y)));
        json_array_append_new(rows, row);
    }
    return rows;
}

/* Door i appended to list (an array of door indices, or of donjon door
 * objects with "row"/"col") unless the last one listed is at its cell. */
static inline bool oracle_listed_last(const dg_dungeon *d, json_t *list, size_t i, bool donjon)
{
    size_t n = json_array_size(list);
    if (!n) return false;
    json_t *last = json_array_get(list, n - 1);
    int x, y;
    if (donjon) {
        x = (int)json_integer_value(json_object_get(last, "col"));
        y = (int)json_integer_value(json_object_get(last, "row"));
    } else {
        const dg_door *o = &d->doors[json_integer_value(last)];
        x = o->x;
        y = o->y;
    }
    return x == d->doors[i].x && y == d->doors[i].y;
}

/* One floor's members (width ... cells) set on obj; false when walls fail. */
static inline bool oracle_floor(const dg_dungeon *d, bool top, json_t *obj)
{
    json_t *rooms = json_array();
    for (size_t i = 0; i < d->n_rooms; i++) {
        const dg_room *r = &d->rooms[i];
        json_t *o = json_pack("{s:i,s:i,s:i,s:i,s:i,s:i,s:s}", "id", r->id, "x", r->x, "y", r->y,
                              "width", r->width, "height", r->height, "area", r->area, "shape",
                              dg_shape_name(r->shape));
        json_object_set_new(o, "kind", json_string(dg_room_kind_name(r->kind)));
        if (r->kind == DG_ROOM_KIND_CHAMBER)
            json_object_set_new(o, "label", json_pack("[i,i]", r->label_x, r->label_y));
        if (r->shape == DG_SHAPE_POLYGON) json_object_set_new(o, "sides", json_integer(r->sides));
        if (r->shape != DG_SHAPE_RECT && r->n_outline) {
            json_t *pts = json_array();
            for (size_t k = 0; k < r->n_outline; k++)
                json_array_append_new(pts, json_pack("[i,i]", r->outline[k].x, r->outline[k].y));
            json_object_set_new(o, "outline", pts);
        }
        json_object_set_new(o, "doors", json_pack("{s:[],s:[],s:[],s:[]}", "north", "south", "west", "east"));
        json_object_set_new(o, "contents", oracle_room_contents(d, r->id));
        json_array_append_new(rooms, o);
    }
    json_t *doors = json_array();
    for (size_t i = 0; i < d->n_doors; i++) {
        const dg_door *o = &d->doors[i];
        bool ns = o->dir == DG_DIR_NORTH || o->dir == DG_DIR_SOUTH;
        json_array_append_new(
            doors, json_pack("{s:i,s:i,s:s,s:s,s:s,s:i,s:o,s:o}", "x", o->x, "y", o->y, "type",
                             dg_door_type_name(o->type), "orientation", ns ? "horizontal" : "vertical",
                             "dir", dg_dir_name(o->dir), "room", o->room, "leads_to",
                             o->other > 0 ? json_integer(o->other) : json_string("corridor"), "lock",
                             oracle_door_lock(d, i)));
        if (dg_door_gate(d, o)) json_object_set_new(json_array_get(doors, i), "gate", json_true());
        int ids[2] = {o->room, o->other};
        dg_dir sides[2] = {o->dir, dr__dir_opposite(o->dir)};
        for (int k = 0; k < 2; k++) {
            if (ids[k] < 1) continue;
            json_t *list = json_object_get(json_object_get(json_array_get(rooms, (size_t)ids[k] - 1), "doors"),
                                           dg_dir_name(sides[k]));
            if (!oracle_listed_last(d, list, i, false)) json_array_append_new(list, json_integer((json_int_t)i));
        }
    }
    json_t *stairs = json_array();
    for (size_t i = 0; i < d->n_stairs; i++) {
        const dg_stair *s = &d->stairs[i];
        json_array_append_new(stairs, json_pack("{s:i,s:i,s:s,s:s,s:{s:i,s:i}}", "x", s->x, "y", s->y, "kind",
                                                s->down ? "down" : "up", "dir", dg_dir_name(s->dir), "next",
                                                "x", s->next_x, "y", s->next_y));
    }
    json_t *exits = json_array();
    for (size_t i = 0; i < d->n_exits; i++)
        json_array_append_new(exits, json_pack("{s:i,s:i,s:s}", "x", d->exits[i].x, "y", d->exits[i].y, "dir",
                                               dg_dir_name(d->exits[i].dir)));

    dr__walls w;
    memset(&w, 0, sizeof w);
    if (dr__walls_segments(d, false, &w, NULL) != DG_OK) return false;
    json_t *walls = json_array();
    for (size_t i = 0; i < w.n_walls; i++)
        json_array_append_new(walls, oracle_wall(&w.walls[i], w.den, w.walls[i].object ? "object" : "wall"));
    for (size_t i = 0; i < w.n_portals; i++) {
        const dr__portal *p = &w.portals[i];
        dr__wall g = {p->x0, p->y0, p->x1, p->y1, false};
        json_t *o = oracle_wall(&g, w.den, "door");
        json_object_set_new(o, "door", json_integer((json_int_t)p->door));
        json_array_append_new(walls, o);
    }
    dr__walls_fini(&w);

    json_object_set_new(obj, "width", json_integer(d->width));
    json_object_set_new(obj, "height", json_integer(d->height));
    json_object_set_new(obj, "rooms", rooms);
    json_object_set_new(obj, "doors", doors);
    json_object_set_new(obj, "stairs", stairs);
    json_object_set_new(obj, "exits", exits);
    if (d->cave) {
        json_t *passages = json_array();
        for (size_t i = 0; i < d->n_passages; i++) {
            const dg_passage *p = &d->passages[i];
            json_t *ids = json_array(), *cells = json_array();
            for (size_t k = 0; k < p->n_rooms; k++) json_array_append_new(ids, json_integer(p->rooms[k]));
            for (size_t k = 0; k < p->n_cells; k++)
                json_array_append_new(cells, json_pack("[i,i]", p->cells[k].x, p->cells[k].y));
            json_array_append_new(passages, json_pack("{s:i,s:o,s:o}", "id", p->id, "rooms", ids, "cells", cells));
        }
        json_object_set_new(obj, "passages", passages);
    }
    oracle_contents_tail(d, obj);
    if (top) json_object_set_new(obj, "bestiary", oracle_bestiary(d)); /* every floor's kinds */
    json_object_set_new(obj, "walls", walls);
    json_object_set_new(obj, "cells", oracle_cells(d));
    return true;
}

static inline json_t *oracle_native(const dg_dungeon *d)
{
    char seed[24], canon[4096], permalink[4100];
    snprintf(seed, sizeof seed, "%" PRIu64, d->opts.seed);
    dg_options_canonical(&d->opts, canon, sizeof canon);
    snprintf(permalink, sizeof permalink, "/?%s", canon);

    json_t *options = json_object();
    for (char *q = canon; *q;) {
        size_t kn = strcspn(q, "="), all = strcspn(q, "&");
        char key[64];
        snprintf(key, sizeof key, "%.*s", (int)kn, q);
        int64_t x;
        char text[1024];
        size_t tn = dr__option_text(q, kn, q + kn + 1, all - kn - 1, text, sizeof text);
        json_object_set_new(options, key,
                            tn != (size_t)-1 ? json_stringn(text, tn)
                            : dr__json_option_number(q, kn, q + kn + 1, all - kn - 1, &x)
                                ? json_integer(x)
                                : json_stringn(q + kn + 1, all - kn - 1));
        q += all + (q[all] == '&');
    }

    json_t *root = json_pack("{s:s,s:s,s:o,s:s}", "generator_version", DG_GENERATOR_VERSION, "seed", seed,
                             "options", options, "permalink", permalink);
    oracle_contents_head(d, root);
    if (!oracle_floor(d, true, root)) return NULL;
    /* floors below the top: {floor, then the same members}, in order */
    if (d->below) {
        json_t *below = json_array();
        for (const dg_dungeon *f = d->below; f; f = f->below) {
            json_t *o = json_pack("{s:i}", "floor", f->floor);
            if (!oracle_floor(f, false, o)) return NULL;
            json_array_append_new(below, o);
        }
        json_object_set_new(root, "below", below);
    }
    return root;
}

static inline json_t *oracle_donjon_door(const dg_dungeon *d, size_t i, int out_id)
{
    const dg_door *o = &d->doors[i];
    dr__donjon_door w;
    cr_assert_eq(dr__donjon_door_of(d, i, &w, NULL), DG_OK);
    json_t *j = json_pack("{s:i,s:i,s:s,s:s,s:s}", "row", o->y, "col", o->x, "type", w.type, "key", w.key,
                          "desc", w.desc);
    if (out_id > 0) json_object_set_new(j, "out_id", json_integer(out_id));
    if (w.secret[0]) json_object_set_new(j, "secret", json_string(w.secret));
    if (w.trap[0]) json_object_set_new(j, "trap", json_string(w.trap));
    return j;
}

/* A '\n'-ended list of lines as an array of strings. */
static inline json_t *oracle_lines(const dg_buf *b)
{
    json_t *a = json_array();
    for (size_t at = 0; at < b->len;) {
        const char *line = (const char *)b->data + at, *end = memchr(line, '\n', b->len - at);
        size_t n = end ? (size_t)(end - line) : b->len - at;
        json_array_append_new(a, json_stringn(line, n));
        at += n + 1;
    }
    return a;
}

/* {summary, inhabited when creatures live there, detail {hidden_treasure,
 * monster, room_features, trap} with what there is to say}. */
static inline json_t *oracle_donjon_contents(const dg_dungeon *d, int id)
{
    dr__donjon_key k;
    dr__donjon_key_init(&k);
    if (dr__donjon_key_of(d, id, &k, NULL) != DG_OK) return NULL;
    json_t *c = json_pack("{s:s%}", "summary", (const char *)k.summary.data, k.summary.len);
    if (k.inhabited.len) json_object_set_new(c, "inhabited", json_stringn((const char *)k.inhabited.data, k.inhabited.len));
    json_t *detail = json_object();
    if (k.hidden_treasure.len) json_object_set_new(detail, "hidden_treasure", oracle_lines(&k.hidden_treasure));
    if (k.monster.len) json_object_set_new(detail, "monster", oracle_lines(&k.monster));
    if (k.room_features.len)
        json_object_set_new(detail, "room_features", json_stringn((const char *)k.room_features.data, k.room_features.len));
    if (k.trap.len) json_object_set_new(detail, "trap", oracle_lines(&k.trap));
    if (json_object_size(detail)) json_object_set_new(c, "detail", detail);
    else json_decref(detail);
    dr__donjon_key_fini(&k);
    return c;
}

static inline json_t *oracle_donjon_features(const dg_dungeon *d)
{
    json_t *o = json_object();
    const dg_contents *c = d->contents;
    for (int i = 0; c && c->depth != DG_DEPTH_NONE && i < c->n_corridor_features; i++) {
        const dg_corridor_feature *f = &c->corridor_features[i];
        char key[2] = {(char)('a' + i), '\0'}, detail[160];
        const char *what = dg_contents_word(DG_WORDS_CORRIDOR, f->kind);
        snprintf(detail, sizeof detail, "%c%s", what[0] >= 'a' && what[0] <= 'z' ? what[0] - 'a' + 'A' : what[0],
                 what + 1);
        json_t *marks = json_array();
        for (int k = 0; k < f->n_cells; k++)
            json_array_append_new(marks, json_pack("{s:i,s:i}", "col", f->cells[k].x, "row", f->cells[k].y));
        json_object_set_new(o, key, json_pack("{s:s,s:s,s:o}", "detail", detail, "key", key, "marks", marks));
    }
    return o;
}

static inline json_t *oracle_donjon_wandering(const dg_dungeon *d)
{
    json_t *o = json_object();
    const dg_contents *c = d->contents;
    dg_buf line;
    dg_buf_init(&line);
    for (int i = 0; c && c->depth != DG_DEPTH_NONE && i < c->n_wandering; i++) {
        char key[2] = {(char)('1' + i), '\0'};
        if (dr__donjon_wandering_line(c, i, &line, NULL) != DG_OK) break;
        json_object_set_new(o, key, json_stringn((const char *)line.data, line.len));
    }
    dg_buf_fini(&line);
    return o;
}

static inline json_t *oracle_donjon(const dg_dungeon *d)
{
    const int FT = dg_cell_feet(&d->opts); /* feet per cell */
    dr__donjon_words s;
    dr__donjon_words_of(d, &s);
    int n_rooms = (int)d->n_rooms;
    int level = d->opts.level, n_pc = d->opts.party;
    json_t *settings = json_pack(
        "{s:s,s:i,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:i,s:i,s:s,s:i,s:i,s:s,s:i,s:i,s:i,s:s,s:i,s:s,s:s,s:s,s:s,"
        "s:s,s:s}",
        "add_stairs", s.add_stairs, "cell_size", d->opts.cell, "corridor_layout", s.corridor_layout, "door_set",
        s.door_set, "dungeon_layout", s.dungeon_layout, "dungeon_size", s.dungeon_size, "generator_version",
        DG_GENERATOR_VERSION, "grid", s.grid, "infest", s.infest, "last_room_id", n_rooms, "level", level,
        "map_style", s.map_style, "max_col", d->width - 1, "max_row", d->height - 1, "motif", s.motif, "n_cols",
        d->width, "n_pc", n_pc, "n_rooms", n_rooms, "name", s.name, "n_rows", d->height, "peripheral_egress",
        s.peripheral_egress, "remove_deadends", s.remove_deadends, "room_layout", s.room_layout,
        "room_polymorph", s.room_polymorph, "room_size", s.room_size, "seed", s.seed);
    if (d->opts.rules == DG_RULES_2024) json_object_set_new(settings, "rules", json_string("2024")); /* 2014 unsaid */
    json_t *details = json_pack("{s:s,s:s,s:s,s:s,s:o}", "floor", s.floor, "walls", s.walls, "temperature",
                                s.temperature, "illumination", s.illumination, "special",
                                s.special ? json_string(s.special) : json_null());

    json_t *rooms = json_pack("[n]");
    for (size_t i = 0; i < d->n_rooms; i++) {
        const dg_room *r = &d->rooms[i];
        json_t *contents = oracle_donjon_contents(d, r->id);
        json_t *o = json_pack("{s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:s,s:s,s:o,s:{}}", "id", r->id, "row",
                              r->y, "col", r->x, "north", r->y, "south", r->y + r->height - 1, "west", r->x,
                              "east", r->x + r->width - 1, "width", r->width * FT, "height", r->height * FT,
                              "area", r->area * FT * FT, "shape", dr__donjon_shape_word(r->shape), "size",
                              s.size, "contents", contents, "doors");
        if (r->shape == DG_SHAPE_POLYGON) json_object_set_new(o, "polygon", json_integer(r->sides));
        json_array_append_new(rooms, o);
    }
    for (size_t i = 0; i < d->n_doors; i++) {
        const dg_door *o = &d->doors[i];
        int ids[2] = {o->room, o->other}, beyond[2] = {o->other, o->room};
        dg_dir sides[2] = {o->dir, dr__dir_opposite(o->dir)};
        for (int k = 0; k < 2; k++) {
            if (ids[k] < 1) continue;
            json_t *by_side = json_object_get(json_array_get(rooms, (size_t)ids[k]), "doors");
            const char *side = dg_dir_name(sides[k]);
            json_t *list = json_object_get(by_side, side);
            if (!list) json_object_set_new(by_side, side, list = json_array());
            if (!oracle_listed_last(d, list, i, true))
                json_array_append_new(list, oracle_donjon_door(d, i, beyond[k]));
        }
    }
    json_t *stairs = json_array();
    for (size_t i = 0; i < d->n_stairs; i++) {
        const dg_stair *st = &d->stairs[i];
        json_array_append_new(stairs, json_pack("{s:i,s:i,s:s,s:s,s:i,s:i}", "row", st->y, "col", st->x, "dir",
                                                dg_dir_name(st->dir), "key", st->down ? "down" : "up",
                                                "next_row", st->next_y, "next_col", st->next_x));
    }
    json_t *bits = json_pack("{s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I}", "nothing",
                             (json_int_t)DG_NOTHING, "block", (json_int_t)DG_BLOCKED, "room", (json_int_t)DG_ROOM,
                             "corridor", (json_int_t)DG_CORRIDOR, "perimeter", (json_int_t)DG_PERIMETER,
                             "aperture", (json_int_t)DG_ENTRANCE, "room_id", (json_int_t)DG_ROOM_ID, "arch",
                             (json_int_t)DG_ARCH, "door", (json_int_t)DG_DOOR, "locked", (json_int_t)DG_LOCKED,
                             "trapped", (json_int_t)DG_TRAPPED, "secret", (json_int_t)DG_SECRET, "portcullis",
                             (json_int_t)DG_PORTC, "stair_down", (json_int_t)DG_STAIR_DN, "stair_up",
                             (json_int_t)DG_STAIR_UP, "label", (json_int_t)DG_LABEL);
    json_t *root = json_pack("{s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o}", "cell_bit", bits, "cells", oracle_cells(d),
                             "corridor_features", oracle_donjon_features(d), "details", details, "rooms", rooms,
                             "settings", settings, "stairs", stairs, "wandering_monsters",
                             oracle_donjon_wandering(d));
    if (d->n_exits) {
        json_t *egress = json_array();
        for (size_t i = 0; i < d->n_exits; i++)
            json_array_append_new(egress, json_pack("{s:i,s:i,s:s,s:i,s:s}", "row", d->exits[i].y, "col",
                                                    d->exits[i].x, "dir", dg_dir_name(d->exits[i].dir), "depth",
                                                    0, "type", "corridor"));
        json_object_set_new(root, "egress", egress);
    }
    return root;
}

#endif
