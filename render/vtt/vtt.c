/* vtt.c -- Universal VTT (format=uvtt: the .dd2vtt file Dungeondraft
 * writes and Foundry's Universal Battlemap Importer, Roll20's
 * UniversalVTTImporter, Owlbear Rodeo, MapTool, Fantasy Grounds Unity and
 * AboveVTT read), and what the VTT exports share: the ppg check, the door
 * table below, the cave walls' note. The Foundry scene is
 * foundry_scene.c's. Wall and door geometry is walls.c's, the image
 * png.c's, the splicing of big arrays json_common.c's.
 *
 * Units: importers place a point at (x * pixels_per_grid, y * ppg) pixels
 * from the image's top-left corner, y down; cells are one grid unit, so a
 * point here is its cell coordinate. ppg is the `ppg` option (default 70,
 * Roll20's own cell size). Points are whole or half cells, except on a map
 * with caves: there walls follow the drawn cave outline (walls_cave.c) and
 * points are multiples of 1/16 cell (1/8 or coarser on maps of over 65536
 * cells), exact binary fractions.
 *
 * uvtt, keys always present, in this order:
 *   format                 0.3
 *   resolution             {map_origin {x 0, y 0}, map_size {x cols, y rows},
 *                           pixels_per_grid ppg}
 *   line_of_sight          closed polylines [[{x, y}, ...], ...] (first point
 *                          repeated last) of the walls: maximal straight runs,
 *                          at any angle along a cave outline
 *   objects_line_of_sight  the same around solid standing in room floor only
 *                          (pillars); rock ringed by corridors stays in
 *                          line_of_sight, since importers may skip objects
 *   portals                [{position {x, y} (midpoint), bounds [{x, y}, {x, y}],
 *                           rotation (radians, atan2 of bounds[1] - bounds[0]:
 *                           0 or pi/2), closed, freestanding false}]
 *   environment            {baked_lighting, ambient_light "AARRGGBB"}: the
 *                          image is drawn unlit, so with the illumination
 *                          known baked_lighting is false and ambient_light
 *                          the darkness past the lights (ff000000 dark);
 *                          unknown (contents=none): true, "ffffffff"
 *   lights                 [{position {x, y} (a cell's middle), range (dim
 *                          radius in grid cells), intensity 0..1, color
 *                          "AARRGGBB", shadows true}] (lights.c places them)
 *   water                  only when the map has water: [[x, y]...] grid
 *                          squares of difficult terrain (vtt_water.c; uvtt
 *                          has no terrain field, importers skip the key)
 *   image                  base64 PNG or lossless WebP (image=webp; no
 *                          "data:" prefix), exactly cols*ppg x rows*ppg
 *                          pixels, in the map's style and grid, in the
 *                          players' view unless view=gm is asked for (it is
 *                          the table's picture; dg_options_image_view); no
 *                          key at all with image=none
 * (Foundry stretches its background over the scene, so the PNG of the same
 * options at any cell size fits; the UVTT image is the pixel-exact one.)
 *
 * What importers read, from their published code and documentation:
 * Foundry's Universal Battlemap Importer (moo-man/FVTT-DD-Import) scales
 * points by pixels_per_grid, makes a portal a door that blocks sight when
 * closed and a plain wall that blocks only movement when not (so a
 * portcullis is closed false), makes each light an AmbientLight of dim
 * range x grid distance, bright half that, tint "#" + color minus its alpha
 * byte, tint alpha from intensity, and tells PNG from WebP by the image's
 * first bytes (RIFF). Foundry's AmbientLight and Wall fields are those of
 * its API documentation (AmbientLightData, LightData, CONST.WALL_*).
 *
 * Doors (UVTT has one kind of portal; Foundry has door types and states):
 *   arch        an opening: no portal, no wall
 *   door        portal / door 1, ds 0 (closed)
 *   trapped     portal / door 1, ds 0 (the trap is the GM's to know)
 *   locked      portal / door 1, ds 2 (locked)
 *   portcullis  portal closed false (it does not block light) / door 1
 *               with sight, light and sound 0: bars stop feet, not eyes
 *   secret      view=gm: a closed portal (UVTT has no secret kind);
 *               view=player or absent (the players' file, as its image):
 *               the cell is rock to players (as the player PNG draws it),
 *               so walls close it and no portal gives it away. Foundry: door 2 (secret) in every view -- Foundry
 *               itself hides secret doors from players -- with the walls of
 *               the gm geometry, so the GM can open it.
 * Walls block everything (move, sight, light, sound 20); dir 0 (both).
 *
 * Caves: png.c draws cave outlines as curves on a grid of sub-cells
 * (cave_draw.c); the walls follow that same grid -- the one this uvtt image
 * is drawn from, at cell = ppg -- simplified into straight walls that keep
 * every corner of it within 1.5 sub-cells (3/32 cell at 16 sub-cells a
 * cell), about 350 walls on a 45x23 caverns map where cell edges gave 150.
 * Where caves meet rooms and corridors the cave cells stay square, so the
 * outline joins the cell-edge walls at cell corners. Foundry's background
 * is the PNG at whatever cell size: its outline is the same at any cell of
 * 16 px or more (sub-cells stop at 16), a different, coarser one below. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "png_int.h"
#include "render_int.h"

#define UVTT_FORMAT 0.3
#define HALF_PI 1.5707963267948966

/* ---------------------------------------------------------------- checks */

/* ppg in its range, and the scene within the side importers load:
 * dg_options_finish refuses both before a map is made; this is for options
 * built some other way. */
dg_status dr__vtt_check_ppg(const dg_dungeon *d, dg_error *err)
{
    int ppg = d->opts.ppg;
    char v[16], allowed[16];
    snprintf(v, sizeof v, "%d", ppg);
    int cells = d->width > d->height ? d->width : d->height;
    int fit = DG_VTT_MAX_SIDE / (cells > 0 ? cells : 1);
    if (ppg >= DG_MIN_PPG && ppg <= DG_MAX_PPG && (long long)cells * ppg > DG_VTT_MAX_SIDE) {
        if (fit < DG_MIN_PPG)
            return dg_error_set(err, DG_ELIMIT, "ppg", v, "",
                                "a %dx%d map is too big for VTTs at any ppg (over the %d px a side "
                                "they load even at ppg=%d); make a smaller map",
                                d->width, d->height, DG_VTT_MAX_SIDE, DG_MIN_PPG);
        snprintf(allowed, sizeof allowed, "%d..%d", DG_MIN_PPG, fit);
        return dg_error_set(err, DG_ELIMIT, "ppg", v, allowed,
                            "a %dx%d map at ppg=%d is over the %d px a side VTTs load; use ppg %d "
                            "or less",
                            d->width, d->height, ppg, DG_VTT_MAX_SIDE, fit);
    }
    if (ppg >= DG_MIN_PPG && ppg <= DG_MAX_PPG) return DG_OK;
    snprintf(allowed, sizeof allowed, "%d..%d", DG_MIN_PPG, DG_MAX_PPG);
    return dg_error_set(err, DG_EINVAL, "ppg", v, allowed, "ppg must be an integer from %d to %d",
                        DG_MIN_PPG, DG_MAX_PPG);
}

/* --------------------------------------------------------------- uvtt */

/* A coordinate of 1/den cell in grid units: whole numbers stay integers;
 * den is a power of two, so the rest are exact binary fractions. */
static json_t *unit(int v, int den)
{
    return v % den ? json_real((double)v / den) : json_integer(v / den);
}

static json_t *point(int x, int y, int den)
{
    json_t *p = json_object();
    if (p && (json_object_set_new(p, "x", unit(x, den)) || json_object_set_new(p, "y", unit(y, den)))) {
        json_decref(p);
        return NULL;
    }
    return p;
}

/* [[{x, y}, ...], ...] of the polylines whose object flag is `object`. */
static json_t *polylines(const dr__walls *w, bool object)
{
    json_t *all = json_array();
    size_t from = 0;
    for (size_t i = 0; all && i < w->n_lines; from = w->line_end[i++]) {
        if (w->line_object[i] != object) continue;
        json_t *line = json_array();
        for (size_t k = from; line && k < w->line_end[i]; k++)
            if (json_array_append_new(line, point(w->pts[k].x, w->pts[k].y, w->den))) {
                json_decref(line);
                line = NULL;
            }
        if (json_array_append_new(all, line)) {
            json_decref(all);
            all = NULL;
        }
    }
    return all;
}

static json_t *portals(const dr__walls *w)
{
    json_t *a = json_array();
    for (size_t i = 0; a && i < w->n_portals; i++) {
        const dr__portal *p = &w->portals[i];
        json_t *o = json_pack("{s:o,s:[oo],s:f,s:b,s:b}", "position",
                              point((p->x0 + p->x1) / 2, (p->y0 + p->y1) / 2, w->den),
                              "bounds", point(p->x0, p->y0, w->den),
                              point(p->x1, p->y1, w->den), "rotation",
                              p->across_ew ? HALF_PI : 0.0, "closed", p->type != DG_DOOR_PORTC,
                              "freestanding", 0);
        if (json_array_append_new(a, o)) {
            json_decref(a);
            a = NULL;
        }
    }
    return a;
}

/* 0xAARRGGBB as importers read a uvtt colour: eight hex digits, alpha
 * first, no '#'. */
static void argb_text(char out[9], uint32_t c)
{
    static const char hex[] = "0123456789abcdef";
    for (int i = 0; i < 8; i++) out[i] = hex[c >> (28 - 4 * i) & 15];
    out[8] = '\0';
}

/* The rest of the dungeon, past its lights: black at darkness 100, white at
 * 0, opaque. */
static uint32_t ambient(const dg_lighting *k)
{
    uint32_t v = (uint32_t)(255 * (100 - k->darkness_pct) + 50) / 100;
    return 0xff000000u | v << 16 | v << 8 | v;
}

/* {baked_lighting, ambient_light}: the image is drawn unlit, so when the
 * dungeon's light is known (contents stocked) the importer is told to light
 * it -- baked_lighting false, the ambient of the illumination -- and when it
 * is not, the image stands as drawn: baked, full white. */
static json_t *environment(const dr__lights *l)
{
    char amb[9];
    argb_text(amb, l->kind ? ambient(l->kind) : 0xffffffffu);
    return json_pack("{s:b,s:s}", "baked_lighting", !l->kind, "ambient_light", amb);
}

/* A real as jansson writes one: up to 10 significant digits, ".0" on a
 * whole number, so it stays a real to readers that type numbers. */
static int real_text(char *p, size_t cap, double v)
{
    int n = snprintf(p, cap, "%.10g", v);
    if (!strpbrk(p, ".e")) n += snprintf(p + n, cap - (size_t)n, ".0");
    return n;
}

/* The lights splice (a jansson value per number would be most of the
 * document on a lantern-lit map): [{position, range, intensity, color,
 * shadows}], position at the cell's middle (grid units), range the dim
 * radius in grid units (importers scale it by their grid's distance),
 * intensity 0..1, color AARRGGBB, shadows: walls cast them. */
static dg_status put_uvtt_lights(const dg_dungeon *d, const void *ctx, dg_buf *out, dg_error *err)
{
    const dr__lights *l = ctx;
    dg_status rc = dg_buf_append(out, "[", 1, err);
    if (!l->n) return rc == DG_OK ? dg_buf_append(out, "]", 1, err) : rc;
    char color[9], range[32], intensity[32];
    argb_text(color, l->kind->color);
    real_text(range, sizeof range, (double)l->kind->dim_ft / dg_cell_feet(&d->opts));
    real_text(intensity, sizeof intensity, l->kind->intensity_pct / 100.0);
    for (size_t i = 0; i < l->n && rc == DG_OK; i++) {
        char x[16], y[16], s[256];
        x[dr__half_text(x, 2L * l->at[i].x + 1)] = '\0';
        y[dr__half_text(y, 2L * l->at[i].y + 1)] = '\0';
        int len = snprintf(s, sizeof s,
                           "%s{\"position\":{\"x\":%s,\"y\":%s},\"range\":%s,\"intensity\":%s,"
                           "\"color\":\"%s\",\"shadows\":true}",
                           i ? "," : "", x, y, range, intensity, color);
        rc = dg_buf_append(out, s, (size_t)len, err);
    }
    if (rc == DG_OK) rc = dg_buf_append(out, "]", 1, err);
    return rc;
}

/* The image splice: the PNG in ctx as a base64 JSON string. */
static dg_status put_base64(const dg_dungeon *d, const void *ctx, dg_buf *out, dg_error *err)
{
    (void)d;
    static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const dg_buf *png = ctx;
    const unsigned char *s = png->data;
    size_t n = png->len;
    dg_status rc = dg_buf_append(out, "\"", 1, err);
    char chunk[4096];
    size_t k = 0;
    for (size_t i = 0; i < n && rc == DG_OK; i += 3) {
        uint32_t v = (uint32_t)s[i] << 16;
        if (i + 1 < n) v |= (uint32_t)s[i + 1] << 8;
        if (i + 2 < n) v |= s[i + 2];
        chunk[k++] = abc[v >> 18 & 63];
        chunk[k++] = abc[v >> 12 & 63];
        chunk[k++] = i + 1 < n ? abc[v >> 6 & 63] : '=';
        chunk[k++] = i + 2 < n ? abc[v & 63] : '=';
        if (k == sizeof chunk) {
            rc = dg_buf_append(out, chunk, k, err);
            k = 0;
        }
    }
    if (rc == DG_OK && k) rc = dg_buf_append(out, chunk, k, err);
    if (rc == DG_OK) rc = dg_buf_append(out, "\"", 1, err);
    return rc;
}

/* The map image at ppg, cols*ppg x rows*ppg; the renderer's errors about
 * its cell size are about ppg here. dg_options_finish refuses such a ppg
 * before a map is made; this is for options built some other way, and its
 * advice must still be one that can be followed. */
static dg_status image(const dg_dungeon *d, dg_buf *png, dg_error *err)
{
    dg_error e;
    dg_error_clear(&e);
    dg_status rc = dr__image_render(d, d->opts.ppg, true, DG_FMT_UVTT, d->opts.image, png, &e);
    if (rc == DG_OK) return DG_OK;
    if (strcmp(e.param, "cell") != 0) {
        if (err && err->code == DG_OK) *err = e;
        return rc;
    }
    int fit = dg_raster_fit(d->height, d->width, DG_MIN_PPG, d->opts.ppg - 1);
    if (fit < DG_MIN_PPG)
        return dg_error_set(err, rc, "ppg", e.value, "",
                            "a %dx%d map is too big for uvtt at any ppg (over %lld pixels even "
                            "at ppg=%d); make a smaller map",
                            d->width, d->height, (long long)DG_PNG_MAX_PIXELS, DG_MIN_PPG);
    char allowed[32];
    snprintf(allowed, sizeof allowed, "%d..%d", DG_MIN_PPG, fit);
    return dg_error_set(err, rc, "ppg", e.value, allowed,
                        "a %dx%d map at ppg=%d makes an image over the %lld pixel limit; use "
                        "ppg %d or less",
                        d->width, d->height, d->opts.ppg, (long long)DG_PNG_MAX_PIXELS, fit);
}

dg_status dg_uvtt_encode(const dg_dungeon *d, dg_buf *out, dg_error *err)
{
    dg_status rc = dr__render_check(d, err);
    if (rc == DG_OK) rc = dr__vtt_check_ppg(d, err);
    if (rc != DG_OK) return rc;
    if (!out) return dg_error_set(err, DG_EINVAL, "", "", "", "no output buffer");

    dr__walls w;
    dr__lights l = {0};
    dg_buf png;
    dg_buf_init(&png);
    json_t *root = NULL;
    bool with_image = d->opts.image != DG_IMAGE_NONE;
    /* the walls are the image's: the players' unless view=gm is asked for,
     * so a default file shows no door control floating on rock */
    bool player = dg_options_image_view(&d->opts, DG_FMT_UVTT) == DG_VIEW_PLAYER;
    if ((rc = dr__walls_trace(d, player, &w, err)) != DG_OK) goto done;
    if ((rc = dr__lights_place(d, &l, err)) != DG_OK) goto done;
    if (with_image && (rc = image(d, &png, err)) != DG_OK) goto done;
    /* "o" steals each value even when packing fails, so nothing leaks */
    root = json_pack("{s:f,s:{s:{s:i,s:i},s:{s:i,s:i},s:i},s:o,s:o,s:o,s:o,s:n}",
                     "format", UVTT_FORMAT, "resolution", "map_origin", "x", 0, "y", 0,
                     "map_size", "x", d->width, "y", d->height, "pixels_per_grid", d->opts.ppg,
                     "line_of_sight", polylines(&w, false), "objects_line_of_sight",
                     polylines(&w, true), "portals", portals(&w), "environment", environment(&l),
                     "lights");
    if (root && dr__map_has_water(d) && json_object_set_new(root, "water", dr__vtt_water(d))) {
        json_decref(root);
        root = NULL;
    }
    if (root && with_image && json_object_set_new(root, "image", json_null())) {
        json_decref(root);
        root = NULL;
    }
    if (!root) {
        rc = dg__nomem(err, "building the uvtt document");
        goto done;
    }
    dr__json_splice sp[] = {{"lights", put_uvtt_lights, &l}, {"image", put_base64, &png}};
    size_t start = out->len;
    rc = dr__json_emit_splices(root, sp, with_image ? 2 : 1,
                               JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10), d, out, err);
    if (rc != DG_OK) out->len = start;
done:
    json_decref(root);
    dg_buf_fini(&png);
    dr__lights_fini(&l);
    dr__walls_fini(&w);
    return rc;
}

