/* test_vtt.c -- the VTT exports (render/vtt/vtt.c, render/walls.c) and the walls
 * of the native JSON, against our own oracle written from the importers'
 * published conversion: a point (x, y) lands on pixel (x * pixels_per_grid,
 * y * pixels_per_grid) of the image, y down, so a point is a cell-corner
 * coordinate. The oracle never calls the tracer: it reads the documents back
 * and checks them against the cell words --
 *   every wall on a walkable/solid boundary, every boundary edge under
 *   exactly one wall (no duplicates, no overlaps, no zero lengths), walls
 *   maximal (two collinear walls touch only at a door's end), pillars as
 *   objects, one portal per door across the middle of its cell, the image
 *   exactly map_size x ppg pixels and aligned with the PNG, and the walkable
 *   region recovered from the walls alone by even-odd rasterisation --
 * over many seeds, option sets, every algorithm family built so far, and
 * both views. Maps with caves are held to the drawn outline instead, at
 * sub-cell resolution (vtt_cave_oracle.h). */
#define _GNU_SOURCE /* dladdr, for oom_paths.h */
#include "enc_fixture.h"
#include "oom_jansson.h"
#include "oom_paths.h"
#include "png_int.h"
#include "vtt_oracle.h"
#include "sanitized.h"

/* Under AddressSanitizer (the test command's clang stage runs the unit
 * tests so) the many-seed tests below take a third of their seeds:
 * the oracle's read-back of every document costs most there, each path of
 * the encoders is still taken, and the release pass keeps every seed. */
#define SEEDS(n) DG_UNDER_ASAN((n), ((n) + 2) / 3)

/* ----------------------------------------------------------- hand-built */

Test(vtt, fixture_every_door_type_both_views)
{
    dg_dungeon *d = fx_new();
    d->rooms[2].shape = DG_SHAPE_POLYGON; /* cell walls, so the portal probe below reads half cells */
    check_uvtt(d, false, 20, true, "fixture gm");
    check_uvtt(d, true, 20, true, "fixture player");
    check_foundry(d, 70, "fixture");
    check_json_walls(d, "fixture");
    /* the secret door at (6,2): a portal for the gm, rock with walls for players */
    world w = gm_world(d, 20);
    bool found = false;
    for (size_t i = 0; i < w.nd; i++) found |= (w.doors[i].x0 + w.doors[i].x1) / 4 == 6 && (w.doors[i].y0 + w.doors[i].y1) / 4 == 2;
    cr_assert(found, "gm: no portal on the secret door");
    world_free(&w);
    cr_assert_eq(expected_portals(d, true), expected_portals(d, false) - 1);
    fx_free(d);
}

/* A round room's walls follow its circle: short slanted walls around room 1
 * (a circle about 7.6 cells across: 14 of them today, within 1.5/16 cell
 * of the drawn outline), where its cells alone would give only straight
 * ones. */
Test(vtt, round_rooms_have_round_walls)
{
    dg_dungeon *d = make("seed=1&size=large&polymorph=many");
    cr_assert_not_null(d);
    const dg_room *r = &d->rooms[0];
    cr_assert_eq(r->shape, DG_SHAPE_CIRCLE);
    dr__walls w;
    cr_assert_eq(dr__walls_segments(d, false, &w, NULL), DG_OK);
    cr_assert_gt(w.den, 2);
    size_t slanted = 0;
    for (size_t i = 0; i < w.n_walls; i++) {
        const dr__wall *s = &w.walls[i];
        double mx = (s->x0 + s->x1) / 2.0 / w.den, my = (s->y0 + s->y1) / 2.0 / w.den;
        bool near = mx > r->x - 1 && mx < r->x + r->width + 1 && my > r->y - 1 && my < r->y + r->height + 1;
        if (near && s->x0 != s->x1 && s->y0 != s->y1) slanted++;
    }
    cr_assert_geq(slanted, 12, "%zu slanted walls around room 1", slanted);
    dr__walls_fini(&w);
    dg_dungeon_free(d);
}

/* A 9x9 room with a one-cell pillar and two rock cells touching corner to
 * corner: objects, and walls that run straight through the shared corner. */
static dg_dungeon *pillared(void)
{
    dg_dungeon *d = fx_new();
    free(d->cells);
    for (size_t i = 0; i < d->n_rooms; i++) free(d->rooms[i].outline);
    d->width = d->height = 9;
    d->opts.rows = d->opts.cols = 9;
    d->cells = calloc(81, sizeof *d->cells);
    d->n_rooms = 1;
    d->rooms[0] = (dg_room){1, 1, 1, 7, 7, 46, DG_SHAPE_RECT, 0, NULL, 0, DG_ROOM_KIND_ROOM, 0, 0};
    d->n_doors = d->n_stairs = d->n_exits = 0;
    for (int y = 1; y < 8; y++)
        for (int x = 1; x < 8; x++) d->cells[y * 9 + x] = DG_ROOM | (1u << DG_ROOM_ID_SHIFT);
    d->cells[2 * 9 + 2] = d->cells[3 * 9 + 3] = d->cells[5 * 9 + 5] = 0;
    return d;
}

Test(vtt, pillars_are_objects_and_runs_cross_corner_contacts)
{
    dg_dungeon *d = pillared();
    cr_assert_eq(check_uvtt(d, false, 20, true, "pillars"), 4 + 6 + 4);
    json_t *j = encode_json(d, dg_uvtt_encode);
    cr_assert_eq(json_array_size(json_object_get(j, "line_of_sight")), 1);
    json_t *objs = json_object_get(j, "objects_line_of_sight");
    cr_assert_eq(json_array_size(objs), 2);
    /* the corner pair is one loop of 6 walls crossing itself at (3,3) */
    cr_assert_eq(json_array_size(json_array_get(objs, 0)), 7);
    cr_assert_eq(json_array_size(json_array_get(objs, 1)), 5);
    json_decref(j);
    check_foundry(d, 64, "pillars");
    check_json_walls(d, "pillars");
    fx_free(d);
}

Test(vtt, solid_touching_the_walls_at_a_corner_is_structure)
{
    /* a notch at (1,1) touches the ring; the corner pair touches the notch
     * corner to corner only, so it is wall, not a pillar: 8-connected */
    dg_dungeon *d = pillared();
    d->cells[1 * 9 + 1] = 0;
    d->rooms[0].area--;
    check_uvtt(d, false, 20, false, "notched");
    check_uvtt(d, true, 20, false, "notched player");
    json_t *j = encode_json(d, dg_uvtt_encode);
    cr_assert_eq(json_array_size(json_object_get(j, "objects_line_of_sight")), 1);
    cr_assert_eq(json_array_size(json_array_get(json_object_get(j, "objects_line_of_sight"), 0)), 5);
    json_decref(j);
    /* a corridor beside rock makes it structure too (pillars stand in rooms) */
    d->cells[5 * 9 + 4] = DG_CORRIDOR;
    check_uvtt(d, false, 20, false, "corridor beside the pillar");
    j = encode_json(d, dg_uvtt_encode);
    cr_assert_eq(json_array_size(json_object_get(j, "objects_line_of_sight")), 0);
    json_decref(j);
    fx_free(d);
}

Test(vtt, image_is_the_png_at_ppg_cut_to_the_grid)
{
    dg_dungeon *d = fx_new();
    d->opts.ppg = 32;
    d->opts.style = DG_STYLE_PARCHMENT;
    d->opts.grid = DG_GRID_HEX;
    json_t *j = encode_json(d, dg_uvtt_encode);
    unsigned char *png;
    size_t len;
    b64_decode(json_string_value(json_object_get(j, "image")), &png, &len);
    int w, h, pw, ph;
    unsigned char *a = png_rgb(png, len, &w, &h);
    /* the same options through the public PNG at cell = ppg: one more column
     * and row; in the players' view, which a uvtt image is without view=gm */
    d->opts.cell = 32;
    d->opts.view = DG_VIEW_PLAYER;
    dg_buf b;
    dg_buf_init(&b);
    cr_assert_eq(dg_png_encode(d, &b, NULL), DG_OK);
    unsigned char *p = png_rgb(b.data, b.len, &pw, &ph);
    cr_assert(w == FX_W * 32 && h == FX_H * 32 && pw == w + 1 && ph == h + 1);
    for (int y = 0; y < h; y++)
        cr_assert(!memcmp(a + (size_t)y * w * 3, p + (size_t)y * pw * 3, (size_t)w * 3), "row %d differs", y);
    free(a);
    free(p);
    free(png);
    dg_buf_fini(&b);
    json_decref(j);
    fx_free(d);
}

/* The uvtt file is the table's: without view its image is the players'
 * (no red S on a secret door, no trap marked anywhere) and so are its
 * walls -- every secret door walled up, no portal floating on rock for a
 * player to click; view=gm draws the S and keeps a portal on every secret
 * door; view=player is the default's file. */
Test(vtt, image_is_the_players_unless_view_gm_is_given)
{
    static const struct { const char *q; bool marks; } cases[] = {
        {"seed=7&format=uvtt&ppg=20", false},
        {"seed=7&format=uvtt&ppg=20&view=gm", true},
        {"seed=7&format=uvtt&ppg=20&view=player", false},
    };
    size_t portals[3];
    for (size_t i = 0; i < 3; i++) {
        dg_dungeon *d = make(cases[i].q);
        cr_assert_not_null(d);
        uint32_t red = dr__style_get(d->opts.style)->rgb[DG_PAL_TRAP];
        json_t *j = encode_json(d, dg_uvtt_encode);
        unsigned char *png;
        size_t len, secret;
        b64_decode(json_string_value(json_object_get(j, "image")), &png, &len);
        int w, h;
        unsigned char *rgb = png_rgb(png, len, &w, &h);
        long marks = secret_door_pixels(d, rgb, w, 20, red, &secret);
        cr_assert_gt(secret, 0, "seed 7 has a secret door to look at");
        if (cases[i].marks) {
            cr_assert_gt(marks, 10 * (long)secret, "%s: %ld red S pixels", cases[i].q, marks);
        } else {
            long all = 0;
            for (long p = 0; p < (long)w * h; p++)
                all += ((uint32_t)rgb[3 * p] << 16 | (uint32_t)rgb[3 * p + 1] << 8 | rgb[3 * p + 2]) == red;
            cr_assert_eq(all, 0, "%s: %ld GM-only pixels", cases[i].q, all);
        }
        portals[i] = json_array_size(json_object_get(j, "portals"));
        if (i == 1) cr_assert_eq(portals[1], portals[0] + secret, "view=gm keeps a portal on each secret door");
        free(rgb);
        free(png);
        json_decref(j);
        dg_dungeon_free(d);
    }
    cr_assert_eq(portals[0], portals[2], "the default file is the players'");
}

/* The map: 52 portals for the GM, 39 for the players, and the
 * default file is the players' (it kept all 52 before). */
Test(vtt, default_file_walls_secret_doors_up)
{
    static const char *qs[] = {"seed=11&rows=61&cols=61&doors=deathtrap&format=uvtt&image=none",
                               "seed=11&rows=61&cols=61&doors=deathtrap&format=uvtt&image=none&view=player",
                               "seed=11&rows=61&cols=61&doors=deathtrap&format=uvtt&image=none&view=gm"};
    size_t n[3];
    for (size_t i = 0; i < 3; i++) {
        dg_dungeon *d = make(qs[i]);
        cr_assert_not_null(d);
        json_t *j = encode_json(d, dg_uvtt_encode);
        n[i] = json_array_size(json_object_get(j, "portals"));
        json_decref(j);
        dg_dungeon_free(d);
    }
    cr_assert_eq(n[0], n[1], "default %zu portals, view=player %zu", n[0], n[1]);
    cr_assert_lt(n[1], n[2], "view=player %zu portals, view=gm %zu", n[1], n[2]);
}

Test(vtt, foundry_pixels_are_whole_at_an_odd_ppg)
{
    dg_dungeon *d = fx_new();
    d->opts.ppg = 71;
    d->rooms[2].shape = DG_SHAPE_POLYGON; /* not round: every wall on the half-cell lattice */
    json_t *j = encode_json(d, dg_foundry_encode);
    json_t *walls = json_object_get(j, "walls");
    cr_assert_gt(json_array_size(walls), 0);
    size_t i;
    json_t *wl;
    json_array_foreach(walls, i, wl) {
        json_t *c = json_object_get(wl, "c");
        for (int k = 0; k < 4; k++) {
            cr_assert(json_is_integer(json_array_get(c, k)));
            /* a whole cell lands exactly; half a cell rounds down */
            json_int_t v = json_integer_value(json_array_get(c, k));
            cr_assert(v % 71 == 0 || v % 71 == 35, "pixel %lld", (long long)v);
        }
    }
    json_decref(j);
    fx_free(d);
}

Test(vtt, bad_ppg_and_too_big_images_name_ppg)
{
    dg_dungeon *d = fx_new();
    dg_buf b;
    dg_buf_init(&b);
    dg_error err;
    d->opts.ppg = DG_MIN_PPG - 1;
    dg_error_clear(&err);
    cr_assert_eq(dg_uvtt_encode(d, &b, &err), DG_EINVAL);
    cr_assert_str_eq(err.param, "ppg");
    dg_error_clear(&err);
    cr_assert_eq(dg_render(d, DG_FMT_FOUNDRY, &b, &err), DG_EINVAL);
    cr_assert_str_eq(err.param, "ppg");
    cr_assert_eq(b.len, 0);
    fx_free(d);

    /* 1001 x 1001 rock at 256 px a cell is 65 G pixels */
    dg_dungeon big = {0};
    dg_options_init(&big.opts);
    dg_options_set_seed(&big.opts, 1);
    big.opts.ppg = DG_MAX_PPG;
    big.width = big.height = 1001;
    big.cells = calloc(1001 * 1001, sizeof *big.cells);
    dg_error_clear(&err);
    cr_assert_eq(dg_uvtt_encode(&big, &b, &err), DG_ELIMIT);
    cr_assert_str_eq(err.param, "ppg");
    cr_assert_eq(b.len, 0);
    free(big.cells);
    dg_buf_fini(&b);
}

Test(vtt, ppg_is_an_option_with_a_range_and_a_default)
{
    dg_options o;
    dg_error err;
    dg_options_init(&o);
    cr_assert_eq(o.ppg, 70);
    dg_options_set_seed(&o, 7);
    char c[512];
    dg_options_canonical(&o, c, sizeof c);
    cr_assert(strstr(c, "&ppg=70"), "%s", c);
    const char *k[] = {"ppg", "format"}, *v[] = {"256", "uvtt"};
    cr_assert_eq(dg_options_parse(&o, 2, k, v, NULL, &err), DG_OK);
    cr_assert(o.ppg == 256 && o.format == DG_FMT_UVTT);
    v[0] = "19";
    dg_error_clear(&err);
    cr_assert_eq(dg_options_parse(&o, 1, k, v, NULL, &err), DG_ELIMIT);
    cr_assert_str_eq(err.param, "ppg");
    cr_assert_str_eq(err.allowed, "20..256");
    v[0] = "7O";
    dg_error_clear(&err);
    cr_assert_eq(dg_options_parse(&o, 1, k, v, NULL, &err), DG_EINVAL);
    cr_assert_str_eq(err.param, "ppg");
    k[0] = "format";
    v[0] = "foundry";
    cr_assert_eq(dg_options_parse(&o, 1, k, v, NULL, &err), DG_OK);
    cr_assert_eq(o.format, DG_FMT_FOUNDRY);
}

Test(vtt, same_map_same_bytes_and_dg_render_agrees)
{
    dg_dungeon *d = make("seed=99&rooms=dense&doors=deathtrap");
    cr_assert_not_null(d);
    d->opts.ppg = 24;
    dg_format f[] = {DG_FMT_UVTT, DG_FMT_FOUNDRY, DG_FMT_JSON};
    dg_status (*enc[])(const dg_dungeon *, dg_buf *, dg_error *) = {dg_uvtt_encode, dg_foundry_encode, dg_json_encode};
    for (int i = 0; i < 3; i++) {
        dg_buf a, b;
        dg_buf_init(&a);
        dg_buf_init(&b);
        cr_assert_eq(dg_render(d, f[i], &a, NULL), DG_OK);
        cr_assert_eq(enc[i](d, &b, NULL), DG_OK);
        cr_assert(a.len == b.len && !memcmp(a.data, b.data, a.len), "%s differs", dg_format_name(f[i]));
        dg_buf_fini(&a);
        dg_buf_fini(&b);
    }
    dg_dungeon_free(d);
}

/* ------------------------------------------------------------- sweeps */

/* Boundary unit edges of a view: what one-wall-per-cell-edge would emit. */
static size_t boundary_edges(const dg_dungeon *d)
{
    size_t n = 0;
    for (int y = 0; y <= d->height; y++)
        for (int x = 0; x < d->width; x++) n += walkable(d, false, x, y - 1) != walkable(d, false, x, y);
    for (int x = 0; x <= d->width; x++)
        for (int y = 0; y < d->height; y++) n += walkable(d, false, x - 1, y) != walkable(d, false, x, y);
    return n;
}

Test(vtt, a_45x23_map_has_about_a_third_as_many_walls_as_cell_edges)
{
    size_t edges = 0, walls = 0;
    for (int seed = 1; seed <= 20; seed++) {
        char q[64];
        snprintf(q, sizeof q, "seed=%d&rows=23&cols=45", seed);
        dg_dungeon *d = make(q);
        cr_assert_not_null(d);
        edges += boundary_edges(d);
        walls += check_uvtt(d, false, 20, false, q);
        dg_dungeon_free(d);
    }
    double ratio = (double)edges / (double)walls;
    cr_log_info("45x23: %zu boundary edges, %zu walls, ratio %.2f", edges, walls, ratio);
    cr_assert_geq(ratio, 3.0, "only %.2f cell edges per wall", ratio);
}

static const char *const option_sets[] = {
    "",
    "rooms=dense&polymorph=yes",
    "rooms=complex&polymorph=many",
    "rooms=symmetric&layout=cross",
    "layout=box&doors=deathtrap",
    "layout=round&egress=many",
    "layout=hexagon&corridors=labyrinth&deadends=none",
    "layout=keep&doors=secure&size=small",
    "layout=saltire&polymorph=many&doors=deathtrap",
    "layout=dagger&egress=tiling&corridors=straight",
    "layout=cavernous",
    "size=large&rooms=scattered&room_size=large",
};

Test(vtt, donjon_option_sets_many_seeds_both_views)
{
    size_t maps = 0;
    for (size_t s = 0; s < sizeof option_sets / sizeof *option_sets; s++)
        for (int seed = 1; seed <= SEEDS(12); seed++) {
            char q[256], what[300];
            snprintf(q, sizeof q, "seed=%d%s%s", seed, *option_sets[s] ? "&" : "", option_sets[s]);
            dg_dungeon *d = make(q);
            if (!d) continue; /* an option set this build does not know yet */
            snprintf(what, sizeof what, "%s gm", q);
            check_uvtt(d, false, 20, seed == 1, what);
            snprintf(what, sizeof what, "%s player", q);
            check_uvtt(d, true, 20, false, what);
            if (seed <= 3) {
                check_foundry(d, 50, q);
                check_json_walls(d, q);
            }
            dg_dungeon_free(d);
            maps++;
        }
    cr_assert_geq(maps, SEEDS(100), "only %zu maps generated", maps);
}

Test(vtt, every_algorithm_family_built_so_far)
{
    size_t families = 0;
    for (int a = 0; a < DG_ALGO_COUNT; a++) {
        size_t maps = 0;
        for (int seed = 1; seed <= SEEDS(8); seed++) {
            char q[256];
            snprintf(q, sizeof q, "seed=%d&algorithm=%s%s", seed, dg_algorithm_name((dg_algorithm)a),
                     dg_option_applies("pillars", (dg_algorithm)a) && seed % 2 ? "&pillars=yes" : "");
            dg_dungeon *d = make(q);
            if (!d) break; /* not built yet */
            check_uvtt(d, false, 20, seed == 1, q);
            check_uvtt(d, true, 20, false, q);
            if (seed <= 2) {
                check_foundry(d, 40, q);
                check_json_walls(d, q);
            }
            dg_dungeon_free(d);
            maps++;
        }
        if (maps) families++;
        cr_log_info("algorithm=%s: %zu maps", dg_algorithm_name((dg_algorithm)a), maps);
    }
    cr_assert_geq(families, 1);
}


/* ---------------------------------------------------------------- caves */

static bool diagonal(const seg *s) { return s->x0 != s->x1 && s->y0 != s->y1; }

/* Every family that makes caves, at 45x23: walls on the drawn outline
 * (the cave oracle), some of them at an angle, and a modest number. */
Test(vtt, cave_walls_follow_the_drawn_outline)
{
    static const char *const kinds[] = {"algorithm=caverns", "layout=cavernous",
                                        "algorithm=gridmapper&caves=yes", "algorithm=abstract"};
    for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
        size_t maps = 0, walls = 0, most = 0;
        for (int seed = 1; seed <= SEEDS(6); seed++) {
            char q[128];
            snprintf(q, sizeof q, "seed=%d&rows=23&cols=45&%s", seed, kinds[k]);
            dg_dungeon *d = make(q);
            cr_assert_not_null(d, "%s", q);
            if (!has_caves(d)) {
                dg_dungeon_free(d);
                continue;
            }
            size_t n = check_uvtt(d, false, 40, seed == 1, q);
            check_uvtt(d, true, 40, false, q);
            if (seed <= 2) {
                check_foundry(d, 70, q);
                check_json_walls(d, q);
            }
            json_t *doc;
            cave_world c = cave_read(d, false, 40, false, &doc, q);
            size_t diag = 0;
            for (size_t i = 0; i < c.w.n; i++) diag += diagonal(&c.w.walls[i]);
            cr_assert_gt(diag, 0, "%s: no wall leaves the cell lattice", q);
            json_decref(doc);
            cave_free(&c);
            walls += n;
            most = n > most ? n : most;
            maps++;
            dg_dungeon_free(d);
        }
        cr_assert_geq(maps, k == 3 ? 1 : SEEDS(6), "%s: only %zu maps with caves", kinds[k], maps);
        cr_log_info("%s 45x23: %zu maps, %zu walls each on average, at most %zu", kinds[k], maps,
                    walls / maps, most);
        cr_assert_leq(most, 500, "%s: %zu walls on one 45x23 map", kinds[k], most);
    }
}

/* A cave's gate (loops maps, core/cave_gate.c) is a door like any other
 * in both files: a closed uvtt portal across its tunnel, the cave's walls
 * meeting both its ends (the cave oracle's portal rules), and a locked
 * Foundry door there; the json walls hold it too. Caverns loops=some
 * maps, the first SEEDS(6) with a gate. */
Test(vtt, a_cave_gate_is_a_closed_door_across_its_tunnel)
{
    size_t gates = 0;
    for (int seed = 1; seed <= 60 && gates < (size_t)SEEDS(6); seed++) {
        char q[128];
        snprintf(q, sizeof q, "seed=%d&rows=31&cols=31&algorithm=caverns&loops=some", seed);
        dg_dungeon *d = make(q);
        cr_assert_not_null(d, "%s", q);
        size_t g = 0;
        while (g < d->n_doors && !dg_door_gate(d, &d->doors[g])) g++;
        if (g == d->n_doors) {
            dg_dungeon_free(d);
            continue;
        }
        gates++;
        cr_assert_eq(d->doors[g].type, DG_DOOR_LOCKED, "%s: the gate is not locked", q);
        check_uvtt(d, false, 40, false, q);
        check_uvtt(d, true, 40, false, q);
        check_foundry(d, 70, q);
        check_json_walls(d, q);
        /* the portal: across the tunnel at the gate's cell, closed */
        json_t *doc;
        cave_world c = cave_read(d, false, 40, false, &doc, q);
        bool found = false;
        const dg_door *o = &d->doors[g];
        int h = c.s / 2; /* the oracle's units: half cells of h */
        for (size_t i = 0; i < c.w.nd; i++) {
            const seg *b = &c.w.doors[i];
            found |= (b->x0 + b->x1) / 2 / h / 2 == o->x && (b->y0 + b->y1) / 2 / h / 2 == o->y;
        }
        cr_assert(found, "%s: no portal at the gate (%d,%d)", q, o->x, o->y);
        json_t *portals = json_object_get(doc, "portals");
        for (size_t i = 0; i < json_array_size(portals); i++)
            cr_assert(json_is_true(json_object_get(json_array_get(portals, i), "closed")), "%s: the gate stands open", q);
        json_decref(doc);
        cave_free(&c);
        dg_dungeon_free(d);
    }
    cr_assert_geq(gates, (size_t)SEEDS(6), "only %zu caverns loops=some maps of 60 with a gate", gates);
}

Test(vtt, cave_walls_are_the_same_bytes_every_time)
{
    dg_dungeon *d = make("seed=77&algorithm=caverns&rows=23&cols=45");
    cr_assert_not_null(d);
    d->opts.ppg = 24;
    dg_format f[] = {DG_FMT_UVTT, DG_FMT_FOUNDRY, DG_FMT_JSON};
    for (int i = 0; i < 3; i++) {
        dg_buf a, b;
        dg_buf_init(&a);
        dg_buf_init(&b);
        cr_assert_eq(dg_render(d, f[i], &a, NULL), DG_OK);
        cr_assert_eq(dg_render(d, f[i], &b, NULL), DG_OK);
        cr_assert(a.len == b.len && !memcmp(a.data, b.data, a.len), "%s differs", dg_format_name(f[i]));
        dg_buf_fini(&a);
        dg_buf_fini(&b);
    }
    dg_dungeon_free(d);
}

/* A map big enough that the outline has 8 sub-cells a cell, not 16: the
 * units follow (eighths in the documents). */
Test(vtt, cave_walls_at_eight_sub_cells_a_cell)
{
    dg_dungeon *d = make("seed=5&algorithm=caverns&rows=261&cols=261");
    cr_assert_not_null(d);
    dr__cave_grid g;
    cr_assert_eq(dr__cave_grid_build(d, 20, false, true, &g, NULL), DG_OK);
    cr_assert_eq(g.sub, 8);
    dr__cave_grid_fini(&g);
    check_uvtt(d, false, 20, false, "261x261");
    check_json_walls(d, "261x261");
    dg_dungeon_free(d);
}

/* So big the outline is not refined at all: the cell edges are the outline
 * and the walls stay in half cells. */
Test(vtt, unrefined_caves_keep_cell_edge_walls)
{
    dg_dungeon *d = fx_new();
    free(d->cells);
    for (size_t i = 0; i < d->n_rooms; i++) free(d->rooms[i].outline);
    d->n_rooms = d->n_doors = d->n_stairs = d->n_exits = 0;
    d->width = d->height = 2100;
    d->opts.rows = d->opts.cols = 2100;
    d->opts.ppg = 20;
    d->cells = calloc((size_t)2100 * 2100, sizeof *d->cells);
    d->cave = calloc((size_t)2100 * 2100, 1);
    for (int y = 10; y < 20; y++)
        for (int x = 10; x < 20; x++) {
            d->cells[y * 2100 + x] = (x + y) % 7 ? DG_CORRIDOR : 0;
            d->cave[y * 2100 + x] = 1;
        }
    dr__walls w;
    cr_assert_eq(dr__walls_trace(d, false, &w, NULL), DG_OK);
    cr_assert_eq(w.den, 2);
    cr_assert_gt(w.n_walls, 0);
    for (size_t i = 0; i < w.n_walls; i++) cr_assert(w.walls[i].x0 == w.walls[i].x1 || w.walls[i].y0 == w.walls[i].y1);
    dr__walls_fini(&w);
    free(d->cave);
    d->cave = NULL;
    fx_free(d);
}

Test(vtt, unit_text_is_exact)
{
    char p[32];
    static const struct { long v; int den; const char *want; } cases[] = {
        {0, 16, "0"}, {16, 16, "1"}, {17, 16, "1.0625"}, {24, 16, "1.5"}, {15, 16, "0.9375"},
        {64015, 16, "4000.9375"}, {25, 8, "3.125"}, {6, 4, "1.5"}, {7, 2, "3.5"}, {8, 2, "4"}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        size_t n = dr__unit_text(p, cases[i].v, cases[i].den);
        p[n] = '\0';
        cr_assert_str_eq(p, cases[i].want, "%ld/%d", cases[i].v, cases[i].den);
    }
    for (long v = 0; v < 5000; v += 7) {
        char q[32];
        size_t a = dr__unit_text(p, v, 2), b = dr__half_text(q, v);
        cr_assert(a == b && !memcmp(p, q, a), "half cells %ld", v);
    }
}

/* jansson allocation failures in both documents (oom_jansson.h). Each
 * failure re-runs the whole encode, PNG and all (the fixture's documents
 * make 679 and 75 allocations): the release build fails every one; under
 * AddressSanitizer, by call path (oom_paths.h), the first allocation of
 * each of the 81 and 32 paths and every fifth besides (242 runs, not 756;
 * 4 s of CPU, not 14). */
#define STEP DG_UNDER_ASAN(1, 5)
Test(vtt, running_out_of_memory_anywhere_is_enomem_and_leaks_nothing)
{
    dg_dungeon *d = fx_new();
    d->opts.ppg = 20;
    static const struct { const char *name; oom_encoder encode; } docs[] = {
        {"uvtt", dg_uvtt_encode}, {"foundry", dg_foundry_encode}};
    for (size_t k = 0; k < 2; k++) {
        long paths, points = oom_walk_paths(docs[k].encode, d, STEP, &paths);
        /* the fixture's documents: each kind of JSON value, arrays that grow */
        cr_assert_gt(paths, 10, "%s: only %ld call paths: is backtrace(3) working?", docs[k].name, paths);
        cr_assert_gt(points, paths, "%s: %ld points", docs[k].name, points);
    }
    fx_free(d);
}
