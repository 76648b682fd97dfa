/* test_json.c -- the native JSON encoder: key order, seed as text, options and
 * permalink, and every listed room, door, stair and exit agreeing with the
 * cell grid it ships with. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>

#include "enc_fixture.h"
#include "encode_fixture.h"
#include "gen_check.h"

static uint32_t cell_of(json_t *cells, int x, int y)
{
    return (uint32_t)json_integer_value(json_array_get(json_array_get(cells, (size_t)y), (size_t)x));
}

/* Everything the document lists must be what its own cells say; only the
 * JSON is consulted, so a client can rely on exactly these checks. */
static void check_consistent(json_t *j)
{
    int w = json_int_of(j, "width"), h = json_int_of(j, "height");
    json_t *cells = json_object_get(j, "cells");
    cr_assert_eq(json_array_size(cells), (size_t)h);
    for (int y = 0; y < h; y++) {
        json_t *row = json_array_get(cells, (size_t)y);
        cr_assert_eq(json_array_size(row), (size_t)w, "row %d", y);
        for (int x = 0; x < w; x++)
            cr_assert(json_is_integer(json_array_get(row, (size_t)x)));
    }

    json_t *rooms = json_object_get(j, "rooms"), *doors = json_object_get(j, "doors");
    size_t i;
    json_t *r;
    json_array_foreach(rooms, i, r) {
        int id = json_int_of(r, "id"), rx = json_int_of(r, "x"), ry = json_int_of(r, "y");
        int rw = json_int_of(r, "width"), rh = json_int_of(r, "height");
        cr_assert_eq(id, (int)i + 1);
        int count = 0;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                uint32_t c = cell_of(cells, x, y);
                if (!(c & DG_ROOM) || ((c & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT) != (uint32_t)id)
                    continue;
                count++;
                cr_assert(x >= rx && x < rx + rw && y >= ry && y < ry + rh,
                          "room %d cell (%d,%d) outside its box", id, x, y);
            }
        cr_assert_eq(count, json_int_of(r, "area"), "room %d area", id);
        const char *shape = json_text_of(r, "shape");
        cr_assert_eq(json_object_get(r, "sides") != NULL, strcmp(shape, "polygon") == 0);
        cr_assert_eq(json_object_get(r, "outline") != NULL, strcmp(shape, "rect") != 0);
        json_t *sides = json_object_get(r, "doors");
        static const char *const names[] = {"north", "south", "west", "east"};
        static const int dx[] = {0, 0, -1, 1}, dy[] = {-1, 1, 0, 0};
        for (int s = 0; s < 4; s++) {
            json_t *list = json_object_get(sides, names[s]), *v;
            size_t k;
            cr_assert(json_is_array(list), "room %d lacks doors.%s", id, names[s]);
            json_array_foreach(list, k, v) {
                json_t *door = json_array_get(doors, (size_t)json_integer_value(v));
                cr_assert_not_null(door);
                /* stepping back from the door into the room lands on it */
                int bx = json_int_of(door, "x") - dx[s], by = json_int_of(door, "y") - dy[s];
                uint32_t c = cell_of(cells, bx, by);
                cr_assert(c & DG_ROOM, "door of room %d on %s not against it", id, names[s]);
                cr_assert_eq((c & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT, (uint32_t)id);
            }
        }
    }

    json_t *o;
    json_array_foreach(doors, i, o) {
        uint32_t c = cell_of(cells, json_int_of(o, "x"), json_int_of(o, "y"));
        const char *type = json_text_of(o, "type");
        uint32_t bit = 0;
        for (int t = 0; t < DG_DOOR_TYPE_COUNT; t++)
            if (strcmp(type, dg_door_type_name((dg_door_type)t)) == 0)
                bit = dg_door_type_bit((dg_door_type)t);
        cr_assert_neq(bit, 0u, "unknown door type %s", type);
        cr_assert_eq(c, DG_CORRIDOR | bit, "door %zu cell %u", i, c);
        const char *dir = json_text_of(o, "dir"), *orient = json_text_of(o, "orientation");
        bool ns = strcmp(dir, "north") == 0 || strcmp(dir, "south") == 0;
        cr_assert_str_eq(orient, ns ? "horizontal" : "vertical");
        json_t *to = json_object_get(o, "leads_to");
        cr_assert(json_is_integer(to) || (json_is_string(to) &&
                                           strcmp(json_string_value(to), "corridor") == 0));
        int room = json_int_of(o, "room");
        cr_assert(room >= 1 && (size_t)room <= json_array_size(rooms));
    }

    json_array_foreach(json_object_get(j, "stairs"), i, o) {
        uint32_t c = cell_of(cells, json_int_of(o, "x"), json_int_of(o, "y"));
        bool down = strcmp(json_text_of(o, "kind"), "down") == 0;
        cr_assert_eq(c, DG_CORRIDOR | (down ? DG_STAIR_DN : DG_STAIR_UP));
        json_t *next = json_object_get(o, "next");
        int nx = json_int_of(next, "x"), ny = json_int_of(next, "y");
        cr_assert_eq(abs(nx - json_int_of(o, "x")) + abs(ny - json_int_of(o, "y")), 1);
        cr_assert(cell_of(cells, nx, ny) & DG_OPENSPACE);
    }
    json_array_foreach(json_object_get(j, "exits"), i, o) {
        int x = json_int_of(o, "x"), y = json_int_of(o, "y");
        cr_assert(cell_of(cells, x, y) & DG_OPENSPACE);
        cr_assert(x == 0 || y == 0 || x == w - 1 || y == h - 1, "exit not on the edge");
    }
}

static dg_dungeon *d;
static void setup(void) { d = fx_new(); }
static void teardown(void) { fx_free(d); }
TestSuite(json, .init = setup, .fini = teardown);

Test(json, keys_come_in_the_documented_order)
{
    static const char *const want[] = {"generator_version", "seed", "options", "permalink",
                                       "name", "level", "party", "motif", "contents", "danger",
                                       "width", "height", "rooms", "doors", "stairs",
                                       "exits", "entrance", "lair", "details", "adventure", "wandering_monsters",
                                       "corridor_features", "map_features", "attribution", "bestiary", "walls", "cells"};
    json_t *j = encode_json(d, dg_json_encode);
    size_t n = 0;
    for (void *it = json_object_iter(j); it; it = json_object_iter_next(j, it), n++) {
        cr_assert_lt(n, sizeof want / sizeof *want);
        cr_assert_str_eq(json_object_iter_key(it), want[n]);
    }
    cr_assert_eq(n, sizeof want / sizeof *want);
    json_decref(j);
}

Test(json, seed_is_a_string_and_survives_beyond_2_to_the_53)
{
    fx_free(d);
    d = fx_new_seeded("18446744073709551615");
    json_t *j = encode_json(d, dg_json_encode);
    cr_assert_str_eq(json_text_of(j, "seed"), "18446744073709551615");
    cr_assert_str_eq(json_text_of(json_object_get(j, "options"), "seed"), "18446744073709551615");
    cr_assert_str_eq(json_text_of(j, "generator_version"), DG_GENERATOR_VERSION);
    json_decref(j);
}

Test(json, options_mirror_the_canonical_string)
{
    json_t *j = encode_json(d, dg_json_encode);
    char canon[512];
    dg_options_canonical(&d->opts, canon, sizeof canon);
    char want[520];
    snprintf(want, sizeof want, "/?%s", canon);
    cr_assert_str_eq(json_text_of(j, "permalink"), want);
    json_t *o = json_object_get(j, "options");
    cr_assert_eq(json_int_of(o, "rows"), 13);
    cr_assert_eq(json_int_of(o, "cols"), 15);
    cr_assert_str_eq(json_text_of(o, "seed"), "42");
    cr_assert_str_eq(json_text_of(o, "algorithm"), "donjon");
    /* one entry per canonical pair */
    size_t pairs = 1;
    for (const char *p = canon; *p; p++) pairs += *p == '&';
    cr_assert_eq(json_object_size(o), pairs);
    json_decref(j);
}

Test(json, everything_listed_agrees_with_the_cells)
{
    json_t *j = encode_json(d, dg_json_encode);
    check_consistent(j);
    json_t *cells = json_object_get(j, "cells");
    for (int y = 0; y < FX_H; y++)
        for (int x = 0; x < FX_W; x++)
            cr_assert_eq(cell_of(cells, x, y), dg_cell(d, x, y), "(%d,%d)", x, y);
    cr_assert_eq(json_array_size(json_object_get(j, "doors")), 6);
    cr_assert_eq(json_array_size(json_object_get(j, "stairs")), 2);
    cr_assert_eq(json_array_size(json_object_get(j, "exits")), 1);
    json_decref(j);
}

Test(json, a_door_between_rooms_is_filed_under_both)
{
    json_t *j = encode_json(d, dg_json_encode);
    json_t *rooms = json_object_get(j, "rooms");
    json_t *r3 = json_object_get(json_array_get(rooms, 2), "doors");
    json_t *r4 = json_object_get(json_array_get(rooms, 3), "doors");
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(r3, "east"), 0)), 5);
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(r4, "west"), 0)), 5);
    json_t *door = json_array_get(json_object_get(j, "doors"), 5);
    cr_assert_eq(json_int_of(door, "leads_to"), 4);
    cr_assert_str_eq(json_text_of(door, "orientation"), "vertical");
    json_t *arch = json_array_get(json_object_get(j, "doors"), 0);
    cr_assert_str_eq(json_text_of(arch, "leads_to"), "corridor");
    json_t *trapped = json_array_get(json_object_get(j, "doors"), 2);
    cr_assert_str_eq(json_text_of(trapped, "orientation"), "horizontal");
    json_decref(j);
}

Test(json, shapes_carry_sides_and_outline_only_when_meaningful)
{
    json_t *j = encode_json(d, dg_json_encode);
    json_t *rooms = json_object_get(j, "rooms");
    cr_assert_null(json_object_get(json_array_get(rooms, 0), "outline"));
    cr_assert_str_eq(json_text_of(json_array_get(rooms, 2), "shape"), "circle");
    cr_assert_eq(json_array_size(json_object_get(json_array_get(rooms, 2), "outline")), 4);
    cr_assert_eq(json_int_of(json_array_get(rooms, 3), "sides"), 6);
    json_t *pt = json_array_get(json_object_get(json_array_get(rooms, 3), "outline"), 2);
    cr_assert_eq(json_integer_value(json_array_get(pt, 0)), 10);
    cr_assert_eq(json_integer_value(json_array_get(pt, 1)), 12);
    json_decref(j);
}

Test(json, same_dungeon_same_bytes)
{
    dg_buf a, b;
    dg_buf_init(&a);
    dg_buf_init(&b);
    cr_assert_eq(dg_json_encode(d, &a, NULL), DG_OK);
    cr_assert_eq(dg_json_encode(d, &b, NULL), DG_OK);
    cr_assert_eq(a.len, b.len);
    cr_assert_eq(memcmp(a.data, b.data, a.len), 0);
    dg_buf_fini(&a);
    dg_buf_fini(&b);
}

Test(json, a_malformed_dungeon_is_an_error_not_a_crash)
{
    dg_buf b;
    dg_buf_init(&b);
    dg_error err;
    d->doors[2].room = 99;
    dg_error_clear(&err);
    cr_assert_eq(dg_json_encode(d, &b, &err), DG_EINVAL);
    cr_assert(strstr(err.msg, "door 2") != NULL, "%s", err.msg);
    d->doors[2].room = 2;
    d->n_exits = 3;
    free(d->exits);
    d->exits = NULL;
    dg_error_clear(&err);
    cr_assert_eq(dg_json_encode(d, &b, &err), DG_EINVAL);
    d->n_exits = 0;
    d->stairs[0].x = FX_W;
    dg_error_clear(&err);
    cr_assert_eq(dg_json_encode(d, &b, &err), DG_EINVAL);
    cr_assert_eq(dg_json_encode(NULL, &b, NULL), DG_EINVAL);
    dg_buf_fini(&b);
}

/* The same checks over generated maps: whatever the generator does, the
 * document must describe its own cells. */
static const char *const generated[][2] = {
    {"seed", "1"}, {"seed", "2"}, {"rooms", "dense"}, {"polymorph", "many"},
    {"egress", "many"}, {"corridors", "labyrinth"}, {"layout", "cross"},
    {"doors", "deathtrap"}, {"size", "large"}, {"rooms", "symmetric"}};

Test(json, generated_maps_describe_their_own_cells)
{
    for (size_t i = 0; i < sizeof generated / sizeof *generated; i++) {
        /* seed 7 unless the case names its own seed */
        char seed[32], kv[64];
        snprintf(seed, sizeof seed, "seed=%s", strcmp(generated[i][0], "seed") == 0 ? generated[i][1] : "7");
        snprintf(kv, sizeof kv, "%s=%s", generated[i][0], generated[i][1]);
        const char *pairs[] = {seed, kv};
        dg_dungeon *g = gc_make(pairs, strcmp(generated[i][0], "seed") == 0 ? 1 : 2);
        json_t *j = encode_json(g, dg_json_encode);
        check_consistent(j);
        cr_assert_eq(json_array_size(json_object_get(j, "rooms")), g->n_rooms);
        cr_assert_eq(json_array_size(json_object_get(j, "doors")), g->n_doors);
        json_decref(j);
        dg_dungeon_free(g);
    }
}
