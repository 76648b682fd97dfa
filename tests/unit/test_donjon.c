/* test_donjon.c -- format=donjon as the existing importers read it: donjon's
 * bit table and words, strict cell words, rooms numbered from 1 with sizes in
 * feet, contents on every room, descriptions on secret doors. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>

#include "enc_fixture.h"
#include "encode_fixture.h"
#include "gen_check.h"

/* A cell word an importer comparing against literals understands. */
static bool strict_word(uint32_t c)
{
    if (c == 0 || c == DG_PERIMETER || c == DG_CORRIDOR) return true;
    if (c == (DG_CORRIDOR | DG_STAIR_DN) || c == (DG_CORRIDOR | DG_STAIR_UP)) return true;
    for (int t = 0; t < DG_DOOR_TYPE_COUNT; t++)
        if (c == (DG_CORRIDOR | dg_door_type_bit((dg_door_type)t))) return true;
    uint32_t id = (c & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT;
    return (c & ~(DG_ROOM_ID | DG_LABEL)) == DG_ROOM && id > 0;
}

static uint32_t word_at(json_t *cells, int x, int y)
{
    json_t *v = json_array_get(json_array_get(cells, (size_t)y), (size_t)x);
    return v ? (uint32_t)json_integer_value(v) : 0; /* off the map reads as rock */
}

static bool open_at(json_t *cells, int x, int y)
{
    return x >= 0 && y >= 0 && (word_at(cells, x, y) & DG_OPENSPACE);
}

/* Rules that hold for any dungeon we write in donjon's layout. */
static void check_strict(json_t *j)
{
    json_t *settings = json_object_get(j, "settings");
    int w = json_int_of(settings, "n_cols"), h = json_int_of(settings, "n_rows");
    json_t *cells = json_object_get(j, "cells"), *row, *v;
    size_t y, x;
    cr_assert_eq(json_array_size(cells), (size_t)h);
    json_array_foreach(cells, y, row) {
        cr_assert_eq(json_array_size(row), (size_t)w);
        json_array_foreach(row, x, v) {
            cr_assert(strict_word((uint32_t)json_integer_value(v)), "cell (%zu,%zu) = %lld", x,
                      y, (long long)json_integer_value(v));
        }
    }

    /* Foundry's donjon-map-importer turns each door cell into a wall segment
     * across the open cells on either side; a door with open space on
     * neither axis makes it throw. */
    for (int yy = 0; yy < h; yy++)
        for (int xx = 0; xx < w; xx++) {
            uint32_t c = word_at(cells, xx, yy);
            if (!(c & DG_DOORSPACE)) continue;
            bool ew = open_at(cells, xx - 1, yy) && open_at(cells, xx + 1, yy);
            bool ns = open_at(cells, xx, yy - 1) && open_at(cells, xx, yy + 1);
            cr_assert(ew || ns, "door (%d,%d) has no open cells on either axis", xx, yy);
        }

    json_t *rooms = json_object_get(j, "rooms"), *r;
    cr_assert(json_is_null(json_array_get(rooms, 0)), "rooms[0] must be null");
    cr_assert_eq(json_int_of(settings, "n_rooms"), (int)json_array_size(rooms) - 1);
    size_t i;
    json_array_foreach(rooms, i, r) {
        if (i == 0) continue;
        cr_assert_eq(json_int_of(r, "id"), (int)i);
        int cols = json_int_of(r, "east") - json_int_of(r, "west") + 1;
        int rows = json_int_of(r, "south") - json_int_of(r, "north") + 1;
        cr_assert_eq(json_int_of(r, "width"), cols * 10, "room %zu width in feet", i);
        cr_assert_eq(json_int_of(r, "height"), rows * 10, "room %zu height in feet", i);
        cr_assert_eq(json_int_of(r, "row"), json_int_of(r, "north"));
        cr_assert_eq(json_int_of(r, "col"), json_int_of(r, "west"));
        json_t *contents = json_object_get(r, "contents");
        cr_assert_gt(strlen(json_text_of(contents, "summary")), 0, "room %zu summary", i);
        json_t *inh = json_object_get(contents, "inhabited");
        if (inh) cr_assert(strstr(json_text_of(contents, "summary"), json_string_value(inh)));
        const char *side;
        json_t *list;
        json_object_foreach(json_object_get(r, "doors"), side, list) {
            cr_assert(strcmp(side, "north") == 0 || strcmp(side, "south") == 0 ||
                      strcmp(side, "west") == 0 || strcmp(side, "east") == 0);
            cr_assert_gt(json_array_size(list), 0, "empty sides are left out");
            size_t k;
            json_t *door;
            json_array_foreach(list, k, door) {
                const char *type = json_text_of(door, "type");
                uint32_t c = (uint32_t)json_integer_value(json_array_get(
                    json_array_get(cells, (size_t)json_int_of(door, "row")), (size_t)json_int_of(door, "col")));
                static const struct { const char *type; uint32_t bit; } words[] = {
                    {"arch", DG_ARCH}, {"door", DG_DOOR}, {"locked", DG_LOCKED},
                    {"trapped", DG_TRAPPED}, {"secret", DG_SECRET}, {"portcullis", DG_PORTC}};
                uint32_t bit = 0;
                for (size_t t = 0; t < 6; t++)
                    if (strcmp(type, words[t].type) == 0) bit = words[t].bit;
                cr_assert_neq(bit, 0u, "unknown door type %s", type);
                cr_assert_eq(c, DG_CORRIDOR | bit);
                cr_assert_gt(strlen(json_text_of(door, "desc")), 0);
                json_text_of(door, "key");
                if (bit == DG_SECRET) cr_assert_gt(strlen(json_text_of(door, "secret")), 0);
                if (bit == DG_TRAPPED) cr_assert_gt(strlen(json_text_of(door, "trap")), 0);
                json_t *out = json_object_get(door, "out_id");
                if (out) cr_assert(json_int_of(door, "out_id") >= 1 &&
                                   (size_t)json_int_of(door, "out_id") < json_array_size(rooms));
            }
        }
    }

    json_array_foreach(json_object_get(j, "stairs"), i, v) {
        uint32_t c = (uint32_t)json_integer_value(json_array_get(
            json_array_get(cells, (size_t)json_int_of(v, "row")), (size_t)json_int_of(v, "col")));
        bool down = strcmp(json_text_of(v, "key"), "down") == 0;
        cr_assert_eq(c, DG_CORRIDOR | (down ? DG_STAIR_DN : DG_STAIR_UP));
        json_text_of(v, "dir");
        json_int_of(v, "next_row");
        json_int_of(v, "next_col");
    }
    static const char *const keys[] = {
        "infest", "name", "level", "n_pc", "motif", "seed", "dungeon_size", "dungeon_layout",
        "peripheral_egress", "room_layout", "room_size", "room_polymorph", "door_set",
        "corridor_layout", "remove_deadends", "add_stairs", "map_style", "grid", "cell_size"};
    for (size_t k = 0; k < sizeof keys / sizeof *keys; k++)
        cr_assert_not_null(json_object_get(settings, keys[k]), "settings.%s missing", keys[k]);
    json_t *details = json_object_get(j, "details");
    json_text_of(details, "floor");
    json_text_of(details, "walls");
    json_text_of(details, "temperature");
    json_text_of(details, "illumination");
    cr_assert(json_is_object(json_object_get(j, "corridor_features")));
}

static dg_dungeon *d;
static void setup(void) { d = fx_new(); }
static void teardown(void) { fx_free(d); }
TestSuite(donjon, .init = setup, .fini = teardown);

Test(donjon, bit_table_uses_donjons_names_and_values)
{
    json_t *j = encode_json(d, dg_donjon_encode);
    json_t *bits = json_object_get(j, "cell_bit");
    static const struct { const char *name; long long v; } want[] = {
        {"nothing", 0}, {"block", 1}, {"room", 2}, {"corridor", 4}, {"perimeter", 16},
        {"aperture", 32}, {"room_id", 65472}, {"arch", 65536}, {"door", 131072},
        {"locked", 262144}, {"trapped", 524288}, {"secret", 1048576}, {"portcullis", 2097152},
        {"stair_down", 4194304}, {"stair_up", 8388608}, {"label", 4278190080LL}};
    cr_assert_eq(json_object_size(bits), sizeof want / sizeof *want);
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        cr_assert_eq(json_integer_value(json_object_get(bits, want[i].name)), want[i].v, "%s",
                     want[i].name);
    json_decref(j);
}

Test(donjon, output_follows_the_strict_rules)
{
    json_t *j = encode_json(d, dg_donjon_encode);
    check_strict(j);
    json_t *cells = json_object_get(j, "cells");
    for (int y = 0; y < FX_H; y++)
        for (int x = 0; x < FX_W; x++)
            cr_assert_eq(json_integer_value(json_array_get(json_array_get(cells, (size_t)y),
                                                           (size_t)x)),
                         (json_int_t)dg_cell(d, x, y));
    json_decref(j);
}

Test(donjon, rooms_are_numbered_from_one_and_sized_in_feet)
{
    json_t *j = encode_json(d, dg_donjon_encode);
    json_t *r2 = json_array_get(json_object_get(j, "rooms"), 2);
    cr_assert_eq(json_int_of(r2, "id"), 2);
    cr_assert_eq(json_int_of(r2, "row"), 1);
    cr_assert_eq(json_int_of(r2, "col"), 7);
    cr_assert_eq(json_int_of(r2, "east"), 11);
    cr_assert_eq(json_int_of(r2, "south"), 3);
    cr_assert_eq(json_int_of(r2, "width"), 50);
    cr_assert_eq(json_int_of(r2, "height"), 30);
    cr_assert_eq(json_int_of(r2, "area"), 1500);
    cr_assert_str_eq(json_text_of(r2, "shape"), "square");
    json_t *r4 = json_array_get(json_object_get(j, "rooms"), 4);
    cr_assert_str_eq(json_text_of(r4, "shape"), "polygon");
    cr_assert_eq(json_int_of(r4, "polygon"), 6);
    json_decref(j);
}

Test(donjon, doors_carry_the_words_importers_test)
{
    json_t *j = encode_json(d, dg_donjon_encode);
    json_t *rooms = json_object_get(j, "rooms");
    json_t *secret = json_array_get(json_object_get(json_object_get(json_array_get(rooms, 2),
                                                                    "doors"), "west"), 0);
    cr_assert_str_eq(json_text_of(secret, "type"), "secret");
    cr_assert_str_eq(json_text_of(secret, "key"), "secret");
    cr_assert_str_eq(json_text_of(secret, "desc"), "Secret Door");
    cr_assert_eq(json_int_of(secret, "row"), 2);
    cr_assert_eq(json_int_of(secret, "col"), 6);
    cr_assert_null(json_object_get(secret, "out_id"), "a corridor door has no out_id");
    /* the shared door: east wall of room 3, west wall of room 4 */
    json_t *d3 = json_array_get(json_object_get(json_object_get(json_array_get(rooms, 3),
                                                                "doors"), "east"), 0);
    json_t *d4 = json_array_get(json_object_get(json_object_get(json_array_get(rooms, 4),
                                                                "doors"), "west"), 0);
    cr_assert_eq(json_int_of(d3, "out_id"), 4);
    cr_assert_eq(json_int_of(d4, "out_id"), 3);
    cr_assert_str_eq(json_text_of(d3, "type"), "door");
    cr_assert_str_eq(json_text_of(d3, "key"), "open");
    json_t *portc = json_array_get(json_object_get(json_object_get(json_array_get(rooms, 3),
                                                                   "doors"), "north"), 0);
    cr_assert_str_eq(json_text_of(portc, "type"), "portcullis");
    cr_assert_str_eq(json_text_of(portc, "key"), "portc");
    json_decref(j);
}

Test(donjon, settings_speak_donjons_words)
{
    json_t *j = encode_json(d, dg_donjon_encode);
    json_t *s = json_object_get(j, "settings");
    cr_assert_str_eq(json_text_of(s, "seed"), "42");
    cr_assert_str_eq(json_text_of(s, "corridor_layout"), "Errant");
    cr_assert_str_eq(json_text_of(s, "room_layout"), "Scattered");
    cr_assert_str_eq(json_text_of(s, "remove_deadends"), "Some");
    cr_assert_str_eq(json_text_of(s, "add_stairs"), "Yes");
    cr_assert_str_eq(json_text_of(s, "peripheral_egress"), "");
    cr_assert_eq(json_int_of(s, "n_rows"), FX_H);
    cr_assert_eq(json_int_of(s, "n_cols"), FX_W);
    cr_assert_eq(strncmp(json_text_of(s, "name"), "The ", 4), 0);
    json_t *eg = json_object_get(j, "egress");
    cr_assert_eq(json_array_size(eg), 1);
    cr_assert_eq(json_int_of(json_array_get(eg, 0), "row"), 0);
    cr_assert_eq(json_int_of(json_array_get(eg, 0), "col"), 5);
    cr_assert_str_eq(json_text_of(json_array_get(eg, 0), "dir"), "north");
    json_decref(j);
}

Test(donjon, no_exits_means_no_egress_key)
{
    d->n_exits = 0;
    json_t *j = encode_json(d, dg_donjon_encode);
    cr_assert_null(json_object_get(j, "egress"));
    json_decref(j);
}

Test(donjon, keys_are_sorted_like_donjons_files)
{
    json_t *j = encode_json(d, dg_donjon_encode);
    const char *prev = "";
    for (void *it = json_object_iter(j); it; it = json_object_iter_next(j, it)) {
        cr_assert_lt(strcmp(prev, json_object_iter_key(it)), 0);
        prev = json_object_iter_key(it);
    }
    json_decref(j);
}

/* Flavour comes from the seed alone: the same seed says the same, and over
 * a handful of seeds names and contents actually vary. */
Test(donjon, flavour_is_deterministic_and_varies_with_the_seed)
{
    dg_buf a, b;
    dg_buf_init(&a);
    dg_buf_init(&b);
    cr_assert_eq(dg_donjon_encode(d, &a, NULL), DG_OK);
    cr_assert_eq(dg_donjon_encode(d, &b, NULL), DG_OK);
    cr_assert(a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
    dg_buf_fini(&a);
    dg_buf_fini(&b);

    char names[8][128], summaries[8][256];
    for (int s = 0; s < 8; s++) {
        char seed[16];
        snprintf(seed, sizeof seed, "%d", s + 1);
        dg_dungeon *e = fx_new_seeded(seed);
        json_t *j = encode_json(e, dg_donjon_encode);
        check_strict(j);
        snprintf(names[s], sizeof names[s], "%s", json_text_of(json_object_get(j, "settings"), "name"));
        json_t *rooms = json_object_get(j, "rooms");
        summaries[s][0] = '\0';
        for (size_t i = 1; i < json_array_size(rooms); i++) {
            size_t n = strlen(summaries[s]);
            snprintf(summaries[s] + n, sizeof summaries[s] - n, "%s|",
                     json_text_of(json_object_get(json_array_get(rooms, i), "contents"), "summary"));
        }
        json_decref(j);
        fx_free(e);
    }
    int distinct_names = 0, distinct_contents = 0;
    for (int s = 0; s < 8; s++) {
        bool seen_n = false, seen_c = false;
        for (int t = 0; t < s; t++) {
            seen_n |= strcmp(names[s], names[t]) == 0;
            seen_c |= strcmp(summaries[s], summaries[t]) == 0;
        }
        distinct_names += !seen_n;
        distinct_contents += !seen_c;
    }
    cr_assert_geq(distinct_names, 5);
    cr_assert_geq(distinct_contents, 3);
}

/* Generated maps must satisfy the same strict rules as the fixture. */
Test(donjon, generated_maps_follow_the_strict_rules)
{
    static const char *const cases[][2] = {
        {"seed", "3"}, {"rooms", "dense"}, {"polymorph", "many"}, {"egress", "many"},
        {"corridors", "labyrinth"}, {"doors", "deathtrap"}, {"layout", "round"},
        {"rooms", "symmetric"}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        /* seed 11 unless the case names its own seed */
        char seed[32], kv[64];
        snprintf(seed, sizeof seed, "seed=%s", strcmp(cases[i][0], "seed") == 0 ? cases[i][1] : "11");
        snprintf(kv, sizeof kv, "%s=%s", cases[i][0], cases[i][1]);
        const char *pairs[] = {seed, kv};
        dg_dungeon *g = gc_make(pairs, strcmp(cases[i][0], "seed") == 0 ? 1 : 2);
        json_t *j = encode_json(g, dg_donjon_encode);
        check_strict(j);
        cr_assert_eq(json_object_get(j, "egress") != NULL, g->n_exits > 0);
        json_decref(j);
        dg_dungeon_free(g);
    }
}



/* donjon's tools split "inhabited" on " and ": the first group is "Name" or
 * "N x Name", every later one "N x Name" (even for one), and no creature
 * comes twice ("4 x Orc and Orc" broke donjon-map-importer). Over many
 * stocked maps of every family and level. */
Test(donjon, inhabited_reads_as_donjon_writes_it)
{
    static const char *const algos[] = {"donjon", "caverns", "panels", "gridmapper", "abstract", "cells"};
    int checked = 0, second_groups = 0;
    for (int s = 0; s < 240; s++) {
        char seed[16], level[8];
        snprintf(seed, sizeof seed, "%d", s);
        snprintf(level, sizeof level, "%d", 1 + s % 20);
        const char *keys[] = {"seed", "algorithm", "size", "level", "format"};
        const char *vals[] = {seed, algos[s % 6], "small", level, "donjon"};
        dg_options o;
        dg_error err;
        cr_assert_eq(dg_options_parse(&o, 5, keys, vals, NULL, &err), DG_OK, "%s", err.msg);
        dg_dungeon *m = NULL;
        cr_assert_eq(dg_generate(&o, &m, &err), DG_OK, "%s", err.msg);
        json_t *j = encode_json(m, dg_donjon_encode);
        json_t *rooms = json_object_get(j, "rooms");
        for (size_t i = 1; i < json_array_size(rooms); i++) {
            json_t *c = json_object_get(json_object_get(json_array_get(rooms, i), "contents"), "inhabited");
            if (!c) continue;
            char text[512], *save = NULL, seen[8][128];
            int n_seen = 0;
            snprintf(text, sizeof text, "%s", json_string_value(c));
            int g = 0;
            for (char *part = strtok_r(text, "\x01", &save); part; part = NULL) {
                /* split on " and " by hand: names may hold spaces */
                char *rest = part;
                while (rest) {
                    char *and = strstr(rest, " and ");
                    if (and) *and = '\0';
                    int count = 0;
                    char name[128] = "";
                    if (sscanf(rest, "%d x %127[^\n]", &count, name) != 2) {
                        cr_assert_eq(g, 0, "seed %d room %zu: later group '%s' lacks 'N x '", s, i, rest);
                        snprintf(name, sizeof name, "%s", rest);
                    } else {
                        cr_assert_geq(count, 1);
                        cr_assert(g > 0 || count > 1, "seed %d room %zu: a lone first creature is written 'Name'", s, i);
                    }
                    for (int k = 0; k < n_seen; k++)
                        cr_assert_str_neq(seen[k], name, "seed %d room %zu lists %s twice", s, i, name);
                    if (n_seen < 8) snprintf(seen[n_seen++], sizeof seen[0], "%s", name);
                    second_groups += g > 0;
                    g++;
                    checked++;
                    rest = and ? and + 5 : NULL;
                }
            }
        }
        json_decref(j);
        dg_dungeon_free(m);
    }
    cr_assert_gt(checked, 300, "only %d groups seen", checked);
    cr_assert_gt(second_groups, 5, "mixed groups never came up (%d)", second_groups);
}
