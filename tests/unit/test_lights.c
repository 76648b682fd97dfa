/* test_lights.c -- the VTT exports at the table: lights from the dungeon's
 * illumination (uvtt `lights` and Foundry AmbientLights, the oracle's
 * checks in vtt_oracle.h), one scale (cell_ft) in the key and the Foundry
 * grid, and uvtt's image as PNG, lossless WebP or none. */
#define _GNU_SOURCE /* memmem */
#include <webp/decode.h>

#include "oom_jansson.h"
#include "render_int.h"
#include "vtt_oracle.h"

static const char *illumination(const dg_dungeon *d)
{
    return dg_contents_word(DG_WORDS_ILLUMINATION, d->contents->details.illumination);
}

static size_t uvtt_lights(dg_dungeon *d)
{
    d->opts.image = DG_IMAGE_NONE;
    json_t *j = encode_json(d, dg_uvtt_encode);
    int *cells;
    size_t n = check_uvtt_lights(d, j, &cells, "lights");
    free(cells);
    json_decref(j);
    d->opts.image = DG_IMAGE_PNG;
    return n;
}

/* Every family, 40 seeds each: each light on walkable floor with every
 * field (the oracle), the Foundry scene's the same; lit dungeons have
 * lights, dark ones none; and every illumination word turns up. */
Test(lights, every_light_on_walkable_floor_none_in_the_dark)
{
    static const char *const families[] = {"donjon", "caverns", "panels", "gridmapper", "abstract", "cells"};
    unsigned seen = 0;
    size_t lit = 0, dark = 0;
    for (size_t f = 0; f < sizeof families / sizeof *families; f++)
        for (int seed = 1; seed <= 40; seed++) {
            char q[128];
            snprintf(q, sizeof q, "seed=%d&algorithm=%s&rows=23&cols=31", seed * 7919, families[f]);
            dg_dungeon *d = make(q);
            cr_assert_not_null(d, "%s", q);
            const dg_lighting *k = dg_lighting_of(d->contents->details.illumination);
            seen |= 1u << d->contents->details.illumination;
            size_t n = uvtt_lights(d);
            if (k->spacing_ft) {
                cr_assert_gt(n, 0, "%s: %s, no lights", q, illumination(d));
                lit++;
            } else {
                cr_assert_eq(n, 0, "%s: %s, %zu lights", q, illumination(d), n);
                dark++;
            }
            if (seed <= 4) {
                /* and every check the VTT exports had before lights:
                 * walls on boundaries, portals on doors, the image's size */
                check_uvtt(d, seed % 2, 24, seed == 1, q);
                check_foundry(d, 70, q);
            }
            dg_dungeon_free(d);
        }
    cr_assert_eq(seen, (1u << dg_contents_word_count(DG_WORDS_ILLUMINATION)) - 1, "every word turns up");
    cr_assert(lit > 40 && dark > 40, "%zu lit, %zu dark", lit, dark);
}

/* Torches every 40 ft: along a straight corridor one every 4 squares at
 * 10 ft a square, every 8 at 5 ft; the room lattice never leaves a room
 * unlit when its middle is floor. */
Test(lights, spacing_follows_the_word_and_the_scale)
{
    for (int ft = 5; ft <= 10; ft += 5) {
        char q[96];
        snprintf(q, sizeof q, "seed=11&cell_ft=%d", ft); /* seed 11: guttering torches */
        dg_dungeon *d = make(q);
        cr_assert_str_eq(illumination(d), "Shadowy (guttering torches every 40 ft.)");
        dr__lights l;
        cr_assert_eq(dr__lights_place(d, &l, NULL), DG_OK);
        cr_assert_eq(l.spacing, 40 / ft);
        for (size_t i = 0; i < d->n_rooms; i++) {
            const dg_room *r = &d->rooms[i];
            bool in = false;
            for (size_t k = 0; k < l.n; k++)
                in |= l.at[k].x >= r->x && l.at[k].x < r->x + r->width && l.at[k].y >= r->y &&
                      l.at[k].y < r->y + r->height;
            cr_assert(in, "room %d unlit", r->id);
        }
        /* outside rooms, no two lights closer than the spacing either way */
        for (size_t a = 0; a < l.n; a++)
            for (size_t b = a + 1; b < l.n; b++) {
                bool room_a = dg_cell(d, l.at[a].x, l.at[a].y) & DG_ROOM, room_b = dg_cell(d, l.at[b].x, l.at[b].y) & DG_ROOM;
                if (room_a || room_b) continue;
                int dx = abs(l.at[a].x - l.at[b].x), dy = abs(l.at[a].y - l.at[b].y);
                cr_assert_geq(dx > dy ? dx : dy, l.spacing);
            }
        dr__lights_fini(&l);
        dg_dungeon_free(d);
    }
}

/* contents=none knows no illumination: no lights, the image stands as
 * drawn (baked, white), as before lights existed. */
Test(lights, unstocked_dungeons_keep_the_image_as_drawn)
{
    dg_dungeon *d = make("seed=1&contents=none");
    d->opts.image = DG_IMAGE_NONE;
    json_t *j = encode_json(d, dg_uvtt_encode);
    cr_assert(json_is_true(json_object_get(json_object_get(j, "environment"), "baked_lighting")));
    cr_assert_eq(json_array_size(json_object_get(j, "lights")), 0);
    json_decref(j);
    check_foundry(d, 70, "contents=none");
    dg_dungeon_free(d);
}

/* Same options, same lights, byte for byte. */
Test(lights, the_same_map_gives_the_same_bytes)
{
    dg_buf a, b;
    dg_buf_init(&a);
    dg_buf_init(&b);
    for (int i = 0; i < 2; i++) {
        dg_dungeon *d = make("seed=10&image=none"); /* lanterns every 20 ft */
        cr_assert_eq(dg_uvtt_encode(d, i ? &b : &a, NULL), DG_OK);
        cr_assert_eq(dg_foundry_encode(d, i ? &b : &a, NULL), DG_OK);
        dg_dungeon_free(d);
    }
    cr_assert(a.len == b.len && !memcmp(a.data, b.data, a.len));
    dg_buf_fini(&a);
    dg_buf_fini(&b);
}

/* cell_ft=5: the key's sizes, donjon's rooms and the Foundry grid all say
 * 5 ft a square, so a distance measured in Foundry is the key's. */
Test(lights, cell_ft_makes_the_key_and_the_foundry_grid_agree)
{
    for (int ft = 5; ft <= 10; ft += 5) {
        char q[64];
        snprintf(q, sizeof q, "seed=3&cell_ft=%d", ft);
        dg_dungeon *d = make(q);
        cr_assert_eq(dg_cell_feet(&d->opts), ft);
        json_t *f = encode_json(d, dg_foundry_encode);
        cr_assert_eq(json_integer_value(json_object_get(json_object_get(f, "grid"), "distance")), ft);
        json_decref(f);
        dg_buf md;
        dg_buf_init(&md);
        cr_assert_eq(dg_render(d, DG_FMT_MD, &md, NULL), DG_OK);
        char want[64];
        snprintf(want, sizeof want, "(one square is %d ft)", ft);
        cr_assert_not_null(memmem(md.data, md.len, want, strlen(want)), "md: %s", want);
        const dg_room *r = &d->rooms[0];
        snprintf(want, sizeof want, "*%d x %d ft", r->width * ft, r->height * ft);
        cr_assert_not_null(memmem(md.data, md.len, want, strlen(want)), "md: %s", want);
        dg_buf_fini(&md);
        json_t *dj = encode_json(d, dg_donjon_encode);
        json_t *room = json_array_get(json_object_get(dj, "rooms"), 1);
        cr_assert_eq(json_integer_value(json_object_get(room, "width")), r->width * ft);
        cr_assert_eq(json_integer_value(json_object_get(room, "area")), (json_int_t)r->area * ft * ft);
        json_decref(dj);
        check_foundry(d, 70, q);
        check_json_walls(d, q);
        dg_dungeon_free(d);
    }
}

/* The new keys print only away from their defaults: permalinks made before
 * them keep their bytes. */
Test(lights, new_keys_stay_out_of_the_canonical_string_at_their_defaults)
{
    char buf[512];
    dg_dungeon *d = make("seed=3&cell_ft=10&image=png");
    dg_options_canonical(&d->opts, buf, sizeof buf);
    cr_assert_null(strstr(buf, "cell_ft"), "%s", buf);
    cr_assert_null(strstr(buf, "image"), "%s", buf);
    dg_dungeon_free(d);
    d = make("seed=3&cell_ft=5&image=webp");
    dg_options_canonical(&d->opts, buf, sizeof buf);
    cr_assert_not_null(strstr(buf, "&cell_ft=5"), "%s", buf);
    cr_assert_not_null(strstr(buf, "&image=webp"), "%s", buf);
    dg_dungeon_free(d);
    dg_options o;
    dg_error e;
    dg_error_clear(&e);
    const char *k[] = {"cell_ft"}, *v[] = {"7"};
    cr_assert_eq(dg_options_parse(&o, 1, k, v, NULL, &e), DG_EINVAL);
    cr_assert_str_eq(e.param, "cell_ft");
    cr_assert_str_eq(e.allowed, "5|10");
}

static unsigned char *uvtt_pixels(dg_dungeon *d, dg_image kind, int *w, int *h)
{
    d->opts.image = kind;
    json_t *j = encode_json(d, dg_uvtt_encode);
    unsigned char *data, *rgb;
    size_t len;
    b64_decode(json_string_value(json_object_get(j, "image")), &data, &len);
    if (kind == DG_IMAGE_WEBP) {
        cr_assert(len > 12 && !memcmp(data, "RIFF", 4) && !memcmp(data + 8, "WEBPVP8L", 8),
                  "a lossless WebP (what importers sniff: RIFF)");
        rgb = WebPDecodeRGB(data, len, w, h);
        cr_assert_not_null(rgb, "libwebp decodes it");
        unsigned char *copy = malloc((size_t)*w * (size_t)*h * 3);
        memcpy(copy, rgb, (size_t)*w * (size_t)*h * 3);
        WebPFree(rgb);
        rgb = copy;
    } else {
        rgb = png_rgb(data, len, w, h);
    }
    free(data);
    json_decref(j);
    return rgb;
}

/* image=webp: the very pixels of the PNG (lossless, exact colours), in a
 * style with texture and a hex grid; image=none: no image key at all. */
Test(lights, webp_decodes_to_the_pngs_pixels_and_none_leaves_it_out)
{
    static const char *const queries[] = {"seed=5&ppg=40&style=parchment&grid=hex",
                                          "seed=9&algorithm=caverns&rows=21&cols=27&ppg=33&style=crosshatch"};
    for (size_t i = 0; i < 2; i++) {
        dg_dungeon *d = make(queries[i]);
        int pw, ph, ww, wh;
        unsigned char *p = uvtt_pixels(d, DG_IMAGE_PNG, &pw, &ph);
        unsigned char *w = uvtt_pixels(d, DG_IMAGE_WEBP, &ww, &wh);
        cr_assert(pw == ww && ph == wh && pw == d->width * d->opts.ppg, "%s: %dx%d vs %dx%d", queries[i], pw, ph, ww, wh);
        cr_assert(!memcmp(p, w, (size_t)pw * (size_t)ph * 3), "%s: WebP pixels differ from the PNG's", queries[i]);
        free(p);
        free(w);
        d->opts.image = DG_IMAGE_NONE;
        json_t *j = encode_json(d, dg_uvtt_encode);
        cr_assert_null(json_object_get(j, "image"));
        json_decref(j);
        dg_dungeon_free(d);
    }
}

/* The lights' documents under jansson failing at every allocation in turn:
 * ENOMEM or the whole document, nothing leaked. */
Test(lights, running_out_of_memory_while_writing_lights_leaks_nothing)
{
    dg_dungeon *d = make("seed=10&rows=11&cols=15&ppg=20&image=none"); /* lanterns */
    cr_assert_gt(uvtt_lights(d), 0);
    d->opts.image = DG_IMAGE_NONE;
    oom_check_encoder(dg_uvtt_encode, d, 20000, 1);
    oom_check_encoder(dg_foundry_encode, d, 20000, 1);
    dg_dungeon_free(d);
}
