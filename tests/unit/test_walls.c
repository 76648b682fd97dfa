/* test_walls.c -- the wall tracer (render/walls.c) on maps wider and taller
 * than one 64-cell word. The tracer reads the cells as bit rows and
 * transposed bit columns, so runs, rock pieces and pillars straddling word
 * boundaries are held to the oracle of test_vtt.c (vtt_oracle.h), which
 * reads the documents back and never calls the tracer. */
#include "enc_fixture.h"
#include "vtt_oracle.h"
#include "sanitized.h"

/* w x h: one room over the inside of a ring of rock, sprinkled from a fixed
 * sequence with rock (about 1 in 8) and corridor cells (1 in 8), and
 * single-cell pillars, ringed with floor, on both sides of each word
 * boundary, in rows straddling one too. */
static dg_dungeon *wide(int w, int h, uint32_t salt)
{
    dg_dungeon *d = fx_new();
    free(d->cells);
    for (size_t i = 0; i < d->n_rooms; i++) free(d->rooms[i].outline);
    d->width = w;
    d->height = h;
    d->opts.rows = h;
    d->opts.cols = w;
    d->cells = calloc((size_t)w * (size_t)h, sizeof *d->cells);
    d->n_doors = d->n_stairs = d->n_exits = 0;
    const uint32_t room = DG_ROOM | (1u << DG_ROOM_ID_SHIFT);
    uint32_t r = salt;
    for (int y = 1; y < h - 1; y++)
        for (int x = 1; x < w - 1; x++) {
            r = r * 1103515245u + 12345u;
            unsigned k = (r >> 16) % 16;
            d->cells[y * w + x] = k < 2 ? 0 : k < 4 ? DG_CORRIDOR : room;
        }
    static const int at[] = {3, 62, 63, 64, 65, 126, 127, 128, 129, 191, 192};
    for (size_t i = 0; i < sizeof at / sizeof *at; i++)
        for (size_t j = 0; j < sizeof at / sizeof *at; j++) {
            int px = at[i], py = at[j];
            if (px + 2 >= w || py + 2 >= h) continue;
            for (int y = py - 1; y <= py + 1; y++)
                for (int x = px - 1; x <= px + 1; x++) d->cells[y * w + x] = room;
            d->cells[py * w + px] = 0;
        }
    int area = 0;
    for (size_t i = 0; i < (size_t)w * (size_t)h; i++) area += (d->cells[i] & DG_ROOM) != 0;
    d->n_rooms = 1;
    d->rooms[0] = (dg_room){1, 1, 1, w - 2, h - 2, area, DG_SHAPE_RECT, 0, NULL, 0, DG_ROOM_KIND_ROOM, 0, 0};
    return d;
}

/* How many walls of the native JSON are objects. */
static size_t json_objects(const dg_dungeon *d)
{
    json_t *j = encode_json(d, dg_json_encode);
    size_t n = 0, i;
    json_t *e;
    json_array_foreach(json_object_get(j, "walls"), i, e)
        n += !strcmp(json_string_value(json_object_get(e, "kind")), "object");
    json_decref(j);
    return n;
}

/* Under AddressSanitizer (the test command's clang stage) one salt a size:
 * every word boundary is still crossed at every size; the release pass
 * keeps both salts. */
#define SALTS DG_UNDER_ASAN(2, 1)

Test(walls, runs_pieces_and_pillars_across_word_boundaries)
{
    static const struct { int w, h; } size[] = {{63, 9}, {64, 64}, {65, 66}, {130, 70}, {200, 131}};
    for (size_t i = 0; i < sizeof size / sizeof *size; i++)
        for (uint32_t salt = 1; salt <= SALTS; salt++) {
            dg_dungeon *d = wide(size[i].w, size[i].h, salt);
            char what[64];
            snprintf(what, sizeof what, "%dx%d salt %u", size[i].w, size[i].h, (unsigned)salt);
            check_uvtt(d, false, 20, false, what);
            check_uvtt(d, true, 20, false, what);
            check_json_walls(d, what);
            check_foundry(d, 70, what);
            /* the planted pillars at least, four walls each */
            cr_assert_geq(json_objects(d), 4, "%s: no pillars", what);
            fx_free(d);
        }
}

/* Rock ringed by room floor is a pillar however far it reaches, unless any
 * cell of it has a corridor beside it -- here across two word boundaries. */
Test(walls, a_long_rock_piece_is_one_piece)
{
    dg_dungeon *d = wide(200, 7, 3);
    const uint32_t room = DG_ROOM | (1u << DG_ROOM_ID_SHIFT);
    for (int y = 1; y < 6; y++)
        for (int x = 1; x < 199; x++) d->cells[y * 200 + x] = room;
    for (int x = 5; x < 190; x++) d->cells[3 * 200 + x] = 0;
    d->rooms[0].area = 5 * 198 - 185;
    cr_assert_eq(json_objects(d), 4, "one long pillar: four walls");
    check_json_walls(d, "long pillar");
    d->cells[2 * 200 + 170] = DG_CORRIDOR; /* beside the piece, past two boundaries */
    cr_assert_eq(json_objects(d), 0, "a corridor beside it: structure");
    check_uvtt(d, false, 20, false, "long rock beside a corridor");
    fx_free(d);
}

/* Generated maps past a word a row, every family without caves, both views. */
Test(walls, generated_wide_maps)
{
    static const char *const q[] = {
        "seed=6&rows=201&cols=201&rooms=dense&polymorph=many",
        "seed=11&algorithm=panels&rows=101&cols=151&egress=yes",
        "seed=25&algorithm=gridmapper&room_count=40&rows=121&cols=121&pillars=yes",
        "seed=16&algorithm=abstract&rows=151&cols=121",
        "seed=18&algorithm=cells&connect=tree&rows=131&cols=131",
    };
    for (size_t i = 0; i < sizeof q / sizeof *q; i++) {
        dg_dungeon *d = make(q[i]);
        cr_assert_not_null(d, "%s", q[i]);
        check_uvtt(d, false, 20, false, q[i]);
        check_uvtt(d, true, 20, false, q[i]);
        check_json_walls(d, q[i]);
        dg_dungeon_free(d);
    }
}
