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
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- leaves */

/* The leaves documents share. A map repeats a few names ("east", "door",
 * "rect") and small numbers over and over; a jansson value is a malloc, a
 * free and a refcount, so each distinct one is made once per thread and
 * referenced. Names are static strings, found by address. */
/* NAMES: every static name a document can hold, for the thread's life --
 * generator version, 4 shapes, 6 door types, 2 orientations, 4 directions,
 * "corridor", "up", "down": 20 -- with room to spare, since a full table
 * fails the document. */
enum { SMALL_INTS = 128, NAMES = 64 };
typedef struct {
    json_t *ints[SMALL_INTS];                  /* 0..SMALL_INTS-1, made on first use */
    const char *name_of[NAMES];
    json_t *name[NAMES];
    size_t n_names;
} leaves;

static void leaves_fini(leaves *l)
{
    for (size_t i = 0; i < SMALL_INTS; i++) json_decref(l->ints[i]);
    for (size_t i = 0; i < l->n_names; i++) json_decref(l->name[i]);
}

/* A new reference to the integer v; NULL when out of memory. */
static json_t *leaf_int(leaves *l, json_int_t v)
{
    if (v < 0 || v >= SMALL_INTS) return json_integer(v);
    if (!l->ints[v]) l->ints[v] = json_integer(v);
    return json_incref(l->ints[v]);
}

/* The string of the static ASCII name s, borrowed from l (NULL when out of
 * memory, or when l is full: see NAMES). */
static json_t *leaf_name(leaves *l, const char *s)
{
    for (size_t i = 0; i < l->n_names; i++)
        if (l->name_of[i] == s) return l->name[i];
    if (l->n_names == NAMES) return NULL;
    json_t *v = json_string_nocheck(s);
    if (!v) return NULL;
    l->name_of[l->n_names] = s;
    l->name[l->n_names++] = v;
    return v;
}

/* Key k of r holds the new reference v, which is given up either way. */
static bool put_new(dg__rec *r, size_t k, json_t *v)
{
    bool ok = dg__rec_put(r, k, v);
    json_decref(v);
    return ok;
}

/* --------------------------------------------------------- the records */

/* Every object a document holds per room, door, stair and exit is a record
 * (json_record.c) kept per thread from one document to the next: a new map
 * only sets values. Up to KEEP of each kind stay between documents; a
 * bigger map's extra records are freed when its document is done. */
enum { KEEP = 256 };

enum { D_X, D_Y, D_TYPE, D_ORIENT, D_DIR, D_ROOM, D_LEADS, DOOR_KEYS };
static const char *const door_keys[DOOR_KEYS] = {"x", "y", "type", "orientation", "dir", "room", "leads_to"};
enum { S_X, S_Y, S_KIND, S_DIR, S_NEXT, STAIR_KEYS };
static const char *const stair_keys[STAIR_KEYS] = {"x", "y", "kind", "dir", "next"};
static const char *const xy_keys[2] = {"x", "y"};
enum { E_X, E_Y, E_DIR, EXIT_KEYS };
static const char *const exit_keys[EXIT_KEYS] = {"x", "y", "dir"};
static const char *const side_keys[4] = {"north", "south", "west", "east"}; /* dg_dir order */
enum { T_VERSION, T_SEED, T_OPTIONS, T_PERMALINK, T_WIDTH, T_HEIGHT, T_ROOMS, T_DOORS, T_STAIRS,
       T_EXITS, T_WALLS, T_CELLS, ROOT_KEYS };
static const char *const root_keys[ROOT_KEYS] = {"generator_version", "seed", "options", "permalink",
                                                 "width", "height", "rooms", "doors", "stairs",
                                                 "exits", "walls", "cells"};

/* A room's keys: the box, then "sides" for polygons and "outline" for
 * other shapes that have one, then its doors by side. Which of the two
 * optional keys it has is its record's class. */
enum { R_ID, R_X, R_Y, R_W, R_H, R_AREA, R_SHAPE, ROOM_FIXED_KEYS, ROOM_KEYS_MAX = ROOM_FIXED_KEYS + 3 };
enum { HAS_SIDES = 1, HAS_OUTLINE = 2 };
static int room_class(const dg_room *r)
{
    return (r->shape == DG_SHAPE_POLYGON ? HAS_SIDES : 0) |
           (r->shape != DG_SHAPE_RECT && r->n_outline ? HAS_OUTLINE : 0);
}

typedef struct {
    dg__rec rec;   /* the room */
    dg__rec sides; /* its "doors": an array per side, the room's own */
    int cls;
} room_rec;

typedef struct {
    dg__rec rec, next;
} stair_rec;

/* One kind's records: `made` of them initialised, room for cap. */
typedef struct {
    void *at;
    size_t made, cap;
} recs;

/* The kinds, in the order of their arrays among the root's keys. */
enum { K_ROOM, K_DOOR, K_STAIR, K_EXIT, KINDS };

typedef struct {
    leaves l;
    dg__rec root, options;
    char option_keys[256]; /* the keys the options record was made with, each NUL-ended */
    recs kind[KINDS];
} pool;

static void room_rec_fini(room_rec *r)
{
    dg__rec_fini(&r->sides);
    dg__rec_fini(&r->rec);
}

static void stair_rec_fini(stair_rec *r)
{
    dg__rec_fini(&r->next);
    dg__rec_fini(&r->rec);
}

/* Frees the records of kind k from `from` on; their array in the root
 * lets go of them first. */
static void recs_trim(pool *p, int k, size_t from)
{
    recs *s = &p->kind[k];
    json_t *a = json_object_iter_value(p->root.it[T_ROOMS + (size_t)k]);
    while (json_array_size(a) > from) json_array_remove(a, json_array_size(a) - 1);
    for (size_t i = from; i < s->made; i++) {
        if (k == K_ROOM) room_rec_fini((room_rec *)s->at + i);
        else if (k == K_STAIR) stair_rec_fini((stair_rec *)s->at + i);
        else dg__rec_fini((dg__rec *)s->at + i);
    }
    if (s->made > from) s->made = from;
}

static void pool_free(void *v)
{
    pool *p = v;
    if (!p) return;
    for (int k = 0; k < KINDS; k++) {
        if (p->root.obj) recs_trim(p, k, 0);
        free(p->kind[k].at);
    }
    dg__rec_fini(&p->options);
    dg__rec_fini(&p->root);
    leaves_fini(&p->l);
    free(p);
}

/* Room for n records of `size` bytes in s, the new ones zeroed. */
static bool recs_reserve(recs *s, size_t n, size_t size)
{
    if (n <= s->cap) return true;
    size_t cap = s->cap ? 2 * s->cap : 16;
    if (cap < n) cap = n;
    void *grown = realloc(s->at, cap * size);
    if (!grown) return false;
    memset((char *)grown + s->cap * size, 0, (cap - s->cap) * size);
    s->at = grown;
    s->cap = cap;
    return true;
}

/* ----------------------------------------------------- the thread's pool */

static pthread_key_t pool_key;
static pthread_once_t pool_once = PTHREAD_ONCE_INIT;
static bool pool_key_ok;

/* Frees the calling thread's pool. Also run at exit, for the thread that
 * exits (thread destructors do not run for it), so a leak checker sees
 * every record freed. */
static void pool_release(void)
{
    pool *p = pthread_getspecific(pool_key);
    pthread_setspecific(pool_key, NULL);
    pool_free(p);
}

static void pool_key_make(void)
{
    pool_key_ok = pthread_key_create(&pool_key, pool_free) == 0;
    if (pool_key_ok) atexit(pool_release);
}

void dg_render_thread_release(void)
{
    pthread_once(&pool_once, pool_key_make);
    if (pool_key_ok) pool_release();
}

/* This thread's pool, made with the root object and its four arrays on
 * first use; NULL when out of memory. */
static pool *pool_get(dg_error *err)
{
    pthread_once(&pool_once, pool_key_make);
    pool *p = pool_key_ok ? pthread_getspecific(pool_key) : NULL;
    if (p) return p;
    p = calloc(1, sizeof *p);
    bool ok = p && dg__rec_init(&p->root, root_keys, ROOT_KEYS, err) == DG_OK &&
              dg__rec_put(&p->root, T_VERSION, leaf_name(&p->l, DG_GENERATOR_VERSION));
    for (size_t k = T_ROOMS; ok && k <= T_EXITS; k++) ok = put_new(&p->root, k, json_array());
    if (ok && pool_key_ok && pthread_setspecific(pool_key, p) == 0) return p;
    pool_free(p);
    dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory building JSON");
    return NULL;
}

/* ------------------------------------------------------------- options */

/* A canonical value becomes a JSON number only when it is plain decimal
 * digits short enough to survive a double; anything else stays a string
 * (the seed always: see the header). */
static bool option_value(dg__rec *r, size_t k, const char *key, size_t kn, const char *v, size_t n)
{
    bool digits = n > 0 && n <= 15 && !(kn == 4 && memcmp(key, "seed", 4) == 0);
    for (size_t i = 0; i < n && digits; i++) digits = v[i] >= '0' && v[i] <= '9';
    if (!digits) return dg__rec_text(r, k, v, n);
    json_int_t x = 0;
    for (size_t i = 0; i < n; i++) x = x * 10 + (v[i] - '0');
    return dg__rec_int(r, k, x);
}

/* "k=v&k=v..." -> {"k": v, ...} in the string's order. The record is made
 * again only when the keys differ from the last document's (another
 * algorithm); then only values are set. The option table's few dozen short
 * names always fit the key buffer; were it ever outgrown, the document
 * fails with an error rather than drop a key. */
enum { OPTION_KEYS_MAX = 64 };
static dg_status options_object(pool *p, const char *canon, dg_error *err)
{
    char keys[sizeof p->option_keys] = {0}; /* each key NUL-ended, one after another */
    const char *names[OPTION_KEYS_MAX];
    size_t n = 0, len = 0;
    for (const char *q = canon; *q;) {
        size_t kn = strcspn(q, "=&");
        if (q[kn] == '=') {
            if (n == OPTION_KEYS_MAX || len + kn + 1 >= sizeof keys)
                return dg_error_set(err, DG_ELIMIT, "", "", "", "more option keys than the JSON encoder holds");
            memcpy(keys + len, q, kn);
            names[n++] = keys + len;
            len += kn + 1;
        }
        q += strcspn(q, "&");
        if (*q == '&') q++;
    }
    if (!p->options.obj || memcmp(keys, p->option_keys, sizeof keys) != 0) {
        dg__rec_fini(&p->options);
        memset(p->option_keys, 0, sizeof p->option_keys);
        dg_status rc = dg__rec_init(&p->options, names, n, err);
        if (rc != DG_OK) return rc;
        memcpy(p->option_keys, keys, sizeof keys);
    }
    size_t k = 0;
    bool ok = true;
    for (const char *q = canon; ok && *q && k < n;) {
        size_t kn = strcspn(q, "=&"), all = strcspn(q, "&");
        if (q[kn] == '=') ok = option_value(&p->options, k++, q, kn, q + kn + 1, all - kn - 1);
        q += all;
        if (*q == '&') q++;
    }
    if (ok && dg__rec_put(&p->root, T_OPTIONS, p->options.obj)) return DG_OK;
    return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory building JSON");
}

/* -------------------------------------------------------------- rooms */

/* [[x,y],...] of a room outline: made anew (shaped rooms are few). */
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

/* Record i made for room r's class (again when its class changed). */
static bool room_make(pool *p, size_t i, const dg_room *r, dg_error *err)
{
    room_rec *rr = (room_rec *)p->kind[K_ROOM].at + i;
    int cls = room_class(r);
    if (i < p->kind[K_ROOM].made && rr->cls == cls) return true;
    const char *keys[ROOM_KEYS_MAX] = {"id", "x", "y", "width", "height", "area", "shape"};
    size_t n = ROOM_FIXED_KEYS;
    if (cls & HAS_SIDES) keys[n++] = "sides";
    if (cls & HAS_OUTLINE) keys[n++] = "outline";
    keys[n++] = "doors";
    room_rec made = {0};
    bool ok = dg__rec_init(&made.rec, keys, n, err) == DG_OK &&
              dg__rec_init(&made.sides, side_keys, 4, err) == DG_OK;
    for (size_t k = 0; ok && k < 4; k++) ok = put_new(&made.sides, k, json_array());
    ok = ok && dg__rec_put(&made.rec, n - 1, made.sides.obj);
    if (!ok) {
        room_rec_fini(&made);
        dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory building JSON");
        return false;
    }
    made.cls = cls;
    if (i < p->kind[K_ROOM].made) room_rec_fini(rr); /* the rooms array keeps the old one until filled */
    else p->kind[K_ROOM].made++;
    *rr = made;
    return true;
}

static bool room_values(pool *p, room_rec *rr, const dg_room *r)
{
    dg__rec *j = &rr->rec;
    size_t k = ROOM_FIXED_KEYS;
    bool ok = dg__rec_int(j, R_ID, r->id) && dg__rec_int(j, R_X, r->x) && dg__rec_int(j, R_Y, r->y) &&
              dg__rec_int(j, R_W, r->width) && dg__rec_int(j, R_H, r->height) &&
              dg__rec_int(j, R_AREA, r->area) &&
              dg__rec_put(j, R_SHAPE, leaf_name(&p->l, dg_shape_name(r->shape)));
    if (ok && (rr->cls & HAS_SIDES)) ok = dg__rec_int(j, k++, r->sides);
    if (ok && (rr->cls & HAS_OUTLINE)) ok = put_new(j, k++, outline_json(&p->l, r));
    for (size_t s = 0; ok && s < 4; s++) ok = json_array_clear(json_object_iter_value(rr->sides.it[s])) == 0;
    return ok;
}

/* Each door index filed under the wall it sits in, in its room's side
 * arrays (cleared by room_values). False when out of memory. */
static bool door_sides(pool *p, const dg_dungeon *d)
{
    room_rec *rooms = p->kind[K_ROOM].at;
    for (size_t i = 0; i < d->n_doors; i++) {
        const dg_door *o = &d->doors[i];
        int ids[2] = {o->room, o->other};
        dg_dir dirs[2] = {o->dir, dg__dir_opposite(o->dir)};
        for (int k = 0; k < 2; k++) {
            if (ids[k] < 1) continue;
            /* the side order north, south, west, east is dg_dir's */
            json_t *a = json_object_iter_value(rooms[ids[k] - 1].sides.it[dirs[k]]);
            size_t n = json_array_size(a);
            if (n) { /* a generator may record one door per room: list it once */
                json_int_t last = json_integer_value(json_array_get(a, n - 1));
                if (d->doors[last].x == o->x && d->doors[last].y == o->y) continue;
            }
            if (json_array_append_new(a, leaf_int(&p->l, (json_int_t)i))) return false;
        }
    }
    return true;
}

/* Item i of a kind's records (each begins with its dg__rec), for
 * dg__array_fill. */
typedef struct {
    const char *at;
    size_t size;
} rec_list;
static json_t *rec_item(void *ctx, size_t i)
{
    const rec_list *l = ctx;
    return ((const dg__rec *)(const void *)(l->at + i * l->size))->obj;
}

/* The root's array of kind k holds the first n records of that kind. */
static bool fill_kind(pool *p, int k, size_t n, size_t size)
{
    rec_list l = {p->kind[k].at, size};
    return dg__array_fill(json_object_iter_value(p->root.it[T_ROOMS + (size_t)k]), n, rec_item, &l);
}

static bool rooms_json(pool *p, const dg_dungeon *d, dg_error *err)
{
    if (!recs_reserve(&p->kind[K_ROOM], d->n_rooms, sizeof(room_rec))) return false;
    bool ok = true;
    for (size_t i = 0; ok && i < d->n_rooms; i++)
        ok = room_make(p, i, &d->rooms[i], err) &&
             room_values(p, (room_rec *)p->kind[K_ROOM].at + i, &d->rooms[i]);
    return ok && door_sides(p, d) && fill_kind(p, K_ROOM, d->n_rooms, sizeof(room_rec));
}

/* ------------------------------------------------ doors, stairs, exits */

/* What a kind needs to be listed: its record's size, how one is made,
 * and how record i gets the values of d's i-th door, stair or exit. */
typedef struct {
    int kind;
    size_t size;
    bool (*init)(void *rec, dg_error *err);
    bool (*values)(pool *p, void *rec, const dg_dungeon *d, size_t i);
} kind_def;

/* The root's array of k->kind: records made up to n (kept ones reused),
 * values set, listed in order. */
static bool list_kind(pool *p, const kind_def *k, const dg_dungeon *d, size_t n, dg_error *err)
{
    recs *s = &p->kind[k->kind];
    if (!recs_reserve(s, n, k->size)) return false;
    for (; s->made < n; s->made++)
        if (!k->init((char *)s->at + s->made * k->size, err)) return false;
    for (size_t i = 0; i < n; i++)
        if (!k->values(p, (char *)s->at + i * k->size, d, i)) return false;
    return fill_kind(p, k->kind, n, k->size);
}

static bool door_init(void *r, dg_error *err) { return dg__rec_init(r, door_keys, DOOR_KEYS, err) == DG_OK; }
static bool exit_init(void *r, dg_error *err) { return dg__rec_init(r, exit_keys, EXIT_KEYS, err) == DG_OK; }
static bool stair_init(void *v, dg_error *err)
{
    stair_rec *r = v;
    if (dg__rec_init(&r->rec, stair_keys, STAIR_KEYS, err) != DG_OK) return false;
    if (dg__rec_init(&r->next, xy_keys, 2, err) == DG_OK && dg__rec_put(&r->rec, S_NEXT, r->next.obj)) return true;
    stair_rec_fini(r);
    return false;
}

static bool door_values(pool *p, void *rec, const dg_dungeon *d, size_t i)
{
    const dg_door *o = &d->doors[i];
    dg__rec *j = rec;
    bool ns = o->dir == DG_DIR_NORTH || o->dir == DG_DIR_SOUTH;
    return dg__rec_int(j, D_X, o->x) && dg__rec_int(j, D_Y, o->y) &&
           dg__rec_put(j, D_TYPE, leaf_name(&p->l, dg_door_type_name(o->type))) &&
           dg__rec_put(j, D_ORIENT, leaf_name(&p->l, ns ? "horizontal" : "vertical")) &&
           dg__rec_put(j, D_DIR, leaf_name(&p->l, dg_dir_name(o->dir))) && dg__rec_int(j, D_ROOM, o->room) &&
           (o->other > 0 ? dg__rec_int(j, D_LEADS, o->other) : dg__rec_put(j, D_LEADS, leaf_name(&p->l, "corridor")));
}

static bool stair_values(pool *p, void *rec, const dg_dungeon *d, size_t i)
{
    const dg_stair *s = &d->stairs[i];
    stair_rec *j = rec;
    return dg__rec_int(&j->next, 0, s->next_x) && dg__rec_int(&j->next, 1, s->next_y) &&
           dg__rec_int(&j->rec, S_X, s->x) && dg__rec_int(&j->rec, S_Y, s->y) &&
           dg__rec_put(&j->rec, S_KIND, leaf_name(&p->l, s->down ? "down" : "up")) &&
           dg__rec_put(&j->rec, S_DIR, leaf_name(&p->l, dg_dir_name(s->dir)));
}

static bool exit_values(pool *p, void *rec, const dg_dungeon *d, size_t i)
{
    const dg_exit *e = &d->exits[i];
    dg__rec *j = rec;
    return dg__rec_int(j, E_X, e->x) && dg__rec_int(j, E_Y, e->y) &&
           dg__rec_put(j, E_DIR, leaf_name(&p->l, dg_dir_name(e->dir)));
}

static const kind_def doors_def = {K_DOOR, sizeof(dg__rec), door_init, door_values};
static const kind_def stairs_def = {K_STAIR, sizeof(stair_rec), stair_init, stair_values};
static const kind_def exits_def = {K_EXIT, sizeof(dg__rec), exit_init, exit_values};

dg_status dg_json_encode(const dg_dungeon *d, dg_buf *out, dg_error *err)
{
    dg_status rc = dg__render_check(d, err);
    if (rc != DG_OK) return rc;
    pool *p = pool_get(err);
    if (!p) return DG_ENOMEM;

    char seed[24], small[512], *canon = small;
    int seed_len = snprintf(seed, sizeof seed, "%" PRIu64, d->opts.seed);
    size_t n = dg_options_canonical(&d->opts, small + 2, sizeof small - 2);
    if (n + 2 >= sizeof small) {
        if (!(canon = malloc(n + 3))) return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory");
        dg_options_canonical(&d->opts, canon + 2, n + 1);
    }
    memcpy(canon, "/?", 2); /* the permalink; the options are what follows */
    rc = options_object(p, canon + 2, err);
    bool ok = rc == DG_OK && dg__rec_text(&p->root, T_SEED, seed, (size_t)seed_len) &&
              dg__rec_text(&p->root, T_PERMALINK, canon, n + 2) && dg__rec_int(&p->root, T_WIDTH, d->width) &&
              dg__rec_int(&p->root, T_HEIGHT, d->height) && rooms_json(p, d, err) &&
              list_kind(p, &doors_def, d, d->n_doors, err) && list_kind(p, &stairs_def, d, d->n_stairs, err) &&
              list_kind(p, &exits_def, d, d->n_exits, err);
    if (canon != small) free(canon);
    dg__walls w;
    memset(&w, 0, sizeof w);
    if (!ok)
        rc = rc != DG_OK ? rc : dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory building JSON");
    else if ((rc = dg__walls_segments(d, false, &w, err)) == DG_OK &&
             /* about what a map takes: a few kilobytes of rooms and doors,
              * a digit or three a cell, ~50 bytes a wall */
             (rc = dg__buf_reserve(out, 4096 + 3 * (size_t)d->width * (size_t)d->height +
                                           56 * (w.n_walls + w.n_portals),
                                   err)) == DG_OK) {
        dg__json_splice sp[2] = {{"walls", dg__json_put_walls, &w}, {"cells", dg__json_put_cells, NULL}};
        rc = dg__json_emit_splices(p->root.obj, sp, 2, JSON_PRESERVE_ORDER, d, out, err);
    }
    dg__walls_fini(&w);
    /* a big map's records beyond KEEP go now, not with the thread */
    for (int k = 0; k < KINDS; k++)
        if (p->kind[k].made > KEEP) recs_trim(p, k, KEEP);
    return rc;
}
