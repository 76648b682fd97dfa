/* vtt_light_oracle.h -- the lights of the VTT documents (test_vtt.c,
 * test_lights.c, through vtt_oracle.h), checked against the illumination
 * the key names: uvtt's lights on walkable floor, Foundry's the same
 * lights at the same places. */
#ifndef VTT_LIGHT_ORACLE_H
#define VTT_LIGHT_ORACLE_H

#include "vtt_oracle_base.h"

/* The lighting d's illumination word means; NULL when not stocked. */
static const dg_lighting *lighting(const dg_dungeon *d)
{
    const dg_contents *c = d->contents;
    return c && c->depth != DG_DEPTH_NONE ? dg_lighting_of(c->details.illumination) : NULL;
}

/* A light stands on floor one can walk: open, not a doorway, not a stair. */
static bool light_floor(const dg_dungeon *d, int x, int y)
{
    uint32_t c = dg_cell(d, x, y);
    return dg_cell_open(c) && !(c & (DG_DOORSPACE | DG_STAIRS));
}

/* uvtt's environment and lights against the illumination word: every
 * field importers read, each light on walkable floor at a cell's middle,
 * none when dark, no two within spacing - 1 squares unless the room lattice
 * put them there; returns the count and the cells (x, y pairs, malloc'd)
 * for the Foundry check. */
static size_t check_uvtt_lights(const dg_dungeon *d, json_t *j, int **cells, const char *what)
{
    const dg_lighting *k = lighting(d);
    json_t *env = json_object_get(j, "environment");
    static const char *const env_keys[] = {"baked_lighting", "ambient_light"};
    keys_are(env, env_keys, 2);
    const char *amb = json_string_value(json_object_get(env, "ambient_light"));
    cr_assert(amb && strlen(amb) == 8 && strspn(amb, "0123456789abcdef") == 8, "%s: ambient %s", what, amb);
    cr_assert(!strncmp(amb, "ff", 2), "%s: ambient is opaque", what);
    if (!k) {
        cr_assert(json_is_true(json_object_get(env, "baked_lighting")), "%s: unknown light stays baked", what);
        cr_assert_str_eq(amb, "ffffffff");
    } else {
        cr_assert(json_is_false(json_object_get(env, "baked_lighting")), "%s: the importer lights it", what);
        unsigned v = (unsigned)strtoul(amb + 6, NULL, 16);
        cr_assert_leq(abs((int)v - 255 * (100 - k->darkness_pct) / 100), 1, "%s: ambient %s for darkness %d", what,
                      amb, k->darkness_pct);
    }
    json_t *ls = json_object_get(j, "lights");
    size_t n = json_array_size(ls), i;
    cr_assert(json_is_array(ls));
    if (!k || !k->spacing_ft) cr_assert_eq(n, 0, "%s: %zu lights in a dark dungeon", what, n);
    *cells = malloc((2 * n + 1) * sizeof **cells);
    json_t *l;
    static const char *const keys[] = {"position", "range", "intensity", "color", "shadows"};
    json_array_foreach(ls, i, l) {
        keys_are(l, keys, 5);
        json_t *p = json_object_get(l, "position");
        double x = json_number_value(json_object_get(p, "x")), y = json_number_value(json_object_get(p, "y"));
        cr_assert(x - floor(x) == 0.5 && y - floor(y) == 0.5, "%s: light at %g,%g off a cell's middle", what, x, y);
        int cx = (int)floor(x), cy = (int)floor(y);
        cr_assert(light_floor(d, cx, cy), "%s: light on %d,%d, not walkable floor", what, cx, cy);
        cr_assert_float_eq(json_number_value(json_object_get(l, "range")),
                           (double)k->dim_ft / dg_cell_feet(&d->opts), 1e-9, "%s: range in squares", what);
        double in = json_number_value(json_object_get(l, "intensity"));
        cr_assert(in > 0 && in <= 1, "%s: intensity %g", what, in);
        const char *c = json_string_value(json_object_get(l, "color"));
        char want[9];
        snprintf(want, sizeof want, "%08x", (unsigned)k->color);
        cr_assert_str_eq(c, want, "%s: color is AARRGGBB", what);
        cr_assert(json_is_true(json_object_get(l, "shadows")));
        (*cells)[2 * i] = cx;
        (*cells)[2 * i + 1] = cy;
        for (size_t o = 0; o < i; o++)
            cr_assert((*cells)[2 * o] != cx || (*cells)[2 * o + 1] != cy, "%s: two lights on %d,%d", what, cx, cy);
    }
    return n;
}

/* The Foundry scene's lights: AmbientLight documents at the uvtt lights'
 * cells (their middles, whole pixels), radii in the grid's feet, the
 * darkness of the illumination. */
static void check_foundry_lights(const dg_dungeon *d, json_t *j, const int *cells, size_t n, int ppg,
                                 const char *what)
{
    const dg_lighting *k = lighting(d);
    /* v12 and later: the scene's lighting in environment */
    json_t *env = json_object_get(j, "environment");
    cr_assert_float_eq(json_number_value(json_object_get(env, "darknessLevel")), k ? k->darkness_pct / 100.0 : 0.0,
                       1e-9, "%s: darkness", what);
    cr_assert(json_is_false(json_object_get(json_object_get(env, "globalLight"), "enabled")));
    json_t *ls = json_object_get(j, "lights");
    cr_assert_eq(json_array_size(ls), n, "%s: %zu Foundry lights, %zu uvtt lights", what,
                 json_array_size(ls), n);
    static const char *const keys[] = {"_id", "x", "y", "rotation", "walls", "vision", "config", "hidden", "levels"};
    static const char *const config_keys[] = {"alpha", "angle", "bright", "color", "coloration", "dim",
                                              "attenuation", "luminosity", "saturation", "contrast",
                                              "shadows", "animation", "darkness"};
    size_t i;
    json_t *l;
    json_array_foreach(ls, i, l) {
        keys_are(l, keys, json_object_get(j, "levels") ? 9 : 8);
        const char *id = json_string_value(json_object_get(l, "_id"));
        cr_assert(id && strlen(id) == 16 && strspn(id, "dgLiht0123456789") == 16, "%s: _id %s", what, id);
        cr_assert_eq(json_integer_value(json_object_get(l, "x")), (2 * cells[2 * i] + 1) * ppg / 2);
        cr_assert_eq(json_integer_value(json_object_get(l, "y")), (2 * cells[2 * i + 1] + 1) * ppg / 2);
        cr_assert(json_is_true(json_object_get(l, "walls")) && json_is_false(json_object_get(l, "vision")));
        json_t *c = json_object_get(l, "config");
        keys_are(c, config_keys, 13);
        cr_assert_eq(json_integer_value(json_object_get(c, "bright")), k->bright_ft);
        cr_assert_eq(json_integer_value(json_object_get(c, "dim")), k->dim_ft);
        cr_assert_eq(json_integer_value(json_object_get(c, "angle")), 360);
        char want[8];
        snprintf(want, sizeof want, "#%06x", (unsigned)(k->color & 0xffffff));
        cr_assert_str_eq(json_string_value(json_object_get(c, "color")), want, "%s: Foundry's #rrggbb", what);
        json_t *a = json_object_get(c, "animation");
        cr_assert(k->torch ? !strcmp(json_string_value(json_object_get(a, "type")), "torch")
                           : json_is_null(json_object_get(a, "type")));
    }
}

/* The Foundry scene j of d has the lights of d's uvtt document. */
static void check_foundry_against_uvtt_lights(dg_dungeon *d, json_t *j, int ppg, const char *what)
{
    dg_image image = d->opts.image;
    d->opts.image = DG_IMAGE_NONE;
    int *cells;
    json_t *u = encode_json(d, dg_uvtt_encode);
    size_t n = check_uvtt_lights(d, u, &cells, what);
    check_foundry_lights(d, j, cells, n, ppg, what);
    free(cells);
    json_decref(u);
    d->opts.image = image;
}

#endif
