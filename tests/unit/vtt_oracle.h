/* vtt_oracle.h -- the oracle of the VTT tests (test_vtt.c), written from the
 * importers' published conversion -- a point (x, y) lands on pixel
 * (x * pixels_per_grid, y * ppg), y down -- and never from the tracer: it
 * reads the uvtt, foundry and native JSON documents back and checks them
 * against the cell words. Coordinates are held in half cells. Maps with
 * caves are checked against the drawn outline instead (vtt_cave_oracle.h).
 * The helpers every oracle reads by are vtt_oracle_base.h's, the lights'
 * checks vtt_light_oracle.h's. */
#ifndef VTT_ORACLE_H
#define VTT_ORACLE_H

#include <criterion/criterion.h>
#include <jansson.h>
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "encode_fixture.h"
#include "render.h"
#include "vtt_light_oracle.h"
#include "vtt_oracle_base.h"

/* ---------------------------------------------------------- the oracle */

typedef struct {
    const dg_dungeon *d;
    bool player;
    seg *walls; size_t n; bool *obj;
    seg *doors; size_t nd;              /* portal bounds */
    unsigned char *hcov, *vcov;         /* half-edge cover counts */
} world;

static unsigned char *hc(const world *w, int line, int k) { return &w->hcov[(size_t)line * (size_t)(2 * w->d->width) + (size_t)k]; }
static unsigned char *vc(const world *w, int line, int k) { return &w->vcov[(size_t)line * (size_t)(2 * w->d->height) + (size_t)k]; }

static bool is_door_end(const world *w, int x, int y)
{
    for (size_t i = 0; i < w->nd; i++)
        if ((w->doors[i].x0 == x && w->doors[i].y0 == y) || (w->doors[i].x1 == x && w->doors[i].y1 == y))
            return true;
    return false;
}

/* Structural solid, by repeated sweeps (not the tracer's flood): solid
 * 8-connected to the outside, or to walkable cells that are not room floor.
 * What is left are pillars. */
static unsigned char *structural_solid(const dg_dungeon *d, bool player)
{
    int W = d->width, H = d->height;
    unsigned char *a = calloc((size_t)W * H, 1);
    int *label = malloc((size_t)W * H * sizeof *label);
    for (int i = 0; i < W * H; i++) label[i] = i;
    for (bool changed = true; changed;) {
        changed = false;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                if (walkable(d, player, x, y)) continue;
                int i = y * W + x;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++) {
                        int nx = x + dx, ny = y + dy;
                        bool out = nx < 0 || ny < 0 || nx >= W || ny >= H;
                        if (out && !a[i]) {
                            a[i] = 1;
                            changed = true;
                        }
                        if (out || walkable(d, player, nx, ny)) continue;
                        int j = ny * W + nx;
                        if (a[j] && !a[i]) {
                            a[i] = 1;
                            changed = true;
                        }
                        if (label[j] < label[i]) {
                            label[i] = label[j];
                            changed = true;
                        }
                    }
                /* beside a corridor, a door or a stair: structure */
                static const int ex[4] = {0, 0, -1, 1}, ey[4] = {-1, 1, 0, 0};
                for (int k = 0; k < 4; k++)
                    if (walkable(d, player, x + ex[k], y + ey[k]) &&
                        !(dg_cell(d, x + ex[k], y + ey[k]) & DG_ROOM) && !a[i]) {
                        a[i] = 1;
                        changed = true;
                    }
            }
    }
    /* a piece is structure when any of its cells is */
    unsigned char *bad = calloc((size_t)W * H, 1);
    for (int i = 0; i < W * H; i++)
        if (a[i] && !walkable(d, player, i % W, i / W)) bad[label[i]] = 1;
    for (int i = 0; i < W * H; i++)
        if (!walkable(d, player, i % W, i / W) && bad[label[i]]) a[i] = 1;
    free(label);
    free(bad);
    return a;
}

static void check_walls(world *w, const char *what)
{
    const dg_dungeon *d = w->d;
    int W = d->width, H = d->height;
    w->hcov = calloc((size_t)(H + 1) * (size_t)(2 * W), 1);
    w->vcov = calloc((size_t)(W + 1) * (size_t)(2 * H), 1);
    unsigned char *att = structural_solid(d, w->player);
    for (size_t i = 0; i < w->n; i++) {
        seg s = w->walls[i];
        bool hor = s.y0 == s.y1;
        cr_assert(hor || s.x0 == s.x1, "%s: wall %zu is not axis-aligned", what, i);
        cr_assert(hor ? s.x1 > s.x0 : s.y1 > s.y0, "%s: wall %zu has zero length", what, i);
        cr_assert((hor ? s.y0 : s.x0) % 2 == 0, "%s: wall %zu is off the cell lines", what, i);
        int line = (hor ? s.y0 : s.x0) / 2;
        cr_assert(s.x0 >= 0 && s.y0 >= 0 && s.x1 <= 2 * W && s.y1 <= 2 * H, "%s: wall %zu off the map", what, i);
        for (int k = hor ? s.x0 : s.y0; k < (hor ? s.x1 : s.y1); k++) {
            unsigned char *c = hor ? hc(w, line, k) : vc(w, line, k);
            cr_assert_eq(*c, 0, "%s: wall %zu overlaps another", what, i);
            *c = 1;
        }
        /* its solid side: a pillar or the mass reaching the map edge */
        int ax = hor ? s.x0 / 2 : line - 1, ay = hor ? line - 1 : s.y0 / 2;
        int bx = hor ? s.x0 / 2 : line, by = hor ? line : s.y0 / 2;
        int sx = walkable(d, w->player, ax, ay) ? bx : ax, sy = walkable(d, w->player, ax, ay) ? by : ay;
        bool out = sx < 0 || sy < 0 || sx >= W || sy >= H;
        cr_assert_eq(w->obj[i], !out && !att[sy * W + sx], "%s: wall %zu object flag", what, i);
    }
    free(att);
    /* exactly the boundary edges are covered, both halves */
    for (int y = 0; y <= H; y++)
        for (int k = 0; k < 2 * W; k++) {
            bool b = walkable(d, w->player, k / 2, y - 1) != walkable(d, w->player, k / 2, y);
            cr_assert_eq(*hc(w, y, k), b, "%s: horizontal edge (%d,%d) %s", what, k / 2, y,
                         b ? "is a boundary without a wall" : "has a wall but no boundary");
        }
    for (int x = 0; x <= W; x++)
        for (int k = 0; k < 2 * H; k++) {
            bool b = walkable(d, w->player, x - 1, k / 2) != walkable(d, w->player, x, k / 2);
            cr_assert_eq(*vc(w, x, k), b, "%s: vertical edge (%d,%d) %s", what, x, k / 2,
                         b ? "is a boundary without a wall" : "has a wall but no boundary");
        }
    /* maximal: collinear walls touch only where a door ends */
    seg *s = malloc((w->n + 1) * sizeof *s);
    memcpy(s, w->walls, w->n * sizeof *s);
    qsort(s, w->n, sizeof *s, cmp_seg);
    for (size_t i = 0; i < w->n; i++)
        for (size_t j = 0; j < w->n; j++) {
            bool hor = s[i].y0 == s[i].y1, hor2 = s[j].y0 == s[j].y1;
            if (hor != hor2 || i == j) continue;
            if (hor && s[i].y0 == s[j].y0 && s[i].x1 == s[j].x0)
                cr_assert(is_door_end(w, s[i].x1, s[i].y0), "%s: walls end to end at (%g,%g) could be one",
                          what, s[i].x1 / 2.0, s[i].y0 / 2.0);
            if (!hor && s[i].x0 == s[j].x0 && s[i].y1 == s[j].y0)
                cr_assert(is_door_end(w, s[i].x0, s[i].y1), "%s: walls end to end at (%g,%g) could be one",
                          what, s[i].x0 / 2.0, s[i].y1 / 2.0);
        }
    free(s);
}

/* Round trip: the walkable region from the walls alone, even-odd, by rows
 * (vertical walls) and by columns (horizontal walls). */
static void check_round_trip(const world *w, const char *what)
{
    const dg_dungeon *d = w->d;
    for (int y = 0; y < d->height; y++) {
        bool in = false;
        for (int x = 0; x < d->width; x++) {
            if (*vc(w, x, 2 * y)) in = !in;
            cr_assert_eq(in, walkable(d, w->player, x, y), "%s: row scan at (%d,%d)", what, x, y);
        }
    }
    for (int x = 0; x < d->width; x++) {
        bool in = false;
        for (int y = 0; y < d->height; y++) {
            if (*hc(w, y, 2 * x)) in = !in;
            cr_assert_eq(in, walkable(d, w->player, x, y), "%s: column scan at (%d,%d)", what, x, y);
        }
    }
}

/* Doors that should have a portal: not archways, open to this view, one per cell. */
static size_t expected_portals(const dg_dungeon *d, bool player)
{
    size_t n = 0;
    for (size_t i = 0; i < d->n_doors; i++) {
        const dg_door *o = &d->doors[i];
        bool dup = false;
        for (size_t j = 0; j < i; j++) dup |= d->doors[j].x == o->x && d->doors[j].y == o->y;
        if (!dup && o->type != DG_DOOR_ARCH && walkable(d, player, o->x, o->y)) n++;
    }
    return n;
}

static bool wall_ends_at(const world *w, int x, int y)
{
    size_t n = 0;
    for (size_t i = 0; i < w->n; i++)
        n += (w->walls[i].x0 == x && w->walls[i].y0 == y) + (w->walls[i].x1 == x && w->walls[i].y1 == y);
    return n == 2;
}

/* A portal across the middle of a door cell, its ends on the walls of a
 * passage that is walled on both sides, where walls break. */
static void check_portal(const world *w, seg b, const char *what)
{
    const dg_dungeon *d = w->d;
    bool vert = b.x0 == b.x1;
    cr_assert(vert ? b.y1 - b.y0 == 2 : (b.y0 == b.y1 && b.x1 - b.x0 == 2), "%s: portal is not one cell across", what);
    int cx = (b.x0 + b.x1) / 2, cy = (b.y0 + b.y1) / 2;
    cr_assert(cx % 2 == 1 && cy % 2 == 1, "%s: portal is not centred on a cell", what);
    int x = cx / 2, y = cy / 2;
    uint32_t c = dg_cell(d, x, y);
    cr_assert(c & DG_DOORSPACE && !(c & DG_ARCH), "%s: portal on (%d,%d), not a door cell", what, x, y);
    cr_assert(walkable(d, w->player, x, y), "%s: portal on a cell this view cannot walk", what);
    bool sa = vert ? walkable(d, w->player, x, y - 1) : walkable(d, w->player, x - 1, y);
    bool sb = vert ? walkable(d, w->player, x, y + 1) : walkable(d, w->player, x + 1, y);
    if (!sa) { /* the end touches a wall, and walls break there */
        cr_assert(vert ? *hc(w, y, 2 * x) && *hc(w, y, 2 * x + 1) : *vc(w, x, 2 * y) && *vc(w, x, 2 * y + 1),
                  "%s: portal end at (%d,%d) not on a wall", what, x, y);
        cr_assert(wall_ends_at(w, b.x0, b.y0), "%s: no wall ends at the door (%d,%d)", what, x, y);
    }
    if (!sb) {
        cr_assert(vert ? *hc(w, y + 1, 2 * x) && *hc(w, y + 1, 2 * x + 1)
                       : *vc(w, x + 1, 2 * y) && *vc(w, x + 1, 2 * y + 1),
                  "%s: portal end at (%d,%d) not on a wall", what, x, y);
        cr_assert(wall_ends_at(w, b.x1, b.y1), "%s: no wall ends at the door (%d,%d)", what, x, y);
    }
    /* and it stands between the two open cells of the passage */
    cr_assert(vert ? dg_cell_open(dg_cell(d, x - 1, y)) && dg_cell_open(dg_cell(d, x + 1, y))
                   : dg_cell_open(dg_cell(d, x, y - 1)) && dg_cell_open(dg_cell(d, x, y + 1)),
              "%s: portal at (%d,%d) does not cross its passage", what, x, y);
}

/* --------------------------------------------------------- uvtt reading */

static void b64_decode(const char *s, unsigned char **out, size_t *len)
{
    size_t n = strlen(s);
    cr_assert(n % 4 == 0, "base64 length %zu", n);
    unsigned char *p = malloc(n / 4 * 3 + 1);
    size_t k = 0;
    for (size_t i = 0; i < n; i += 4) {
        uint32_t v = 0;
        int pad = 0;
        for (int j = 0; j < 4; j++) {
            char c = s[i + j];
            const char *abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
            const char *at = c == '=' ? NULL : strchr(abc, c);
            cr_assert(c == '=' || (c && at), "bad base64 character");
            if (c == '=') pad++;
            v = v << 6 | (at ? (uint32_t)(at - abc) : 0);
        }
        p[k++] = (unsigned char)(v >> 16);
        if (pad < 2) p[k++] = (unsigned char)(v >> 8);
        if (pad < 1) p[k++] = (unsigned char)v;
    }
    *out = p;
    *len = k;
}

static size_t lines_to_walls(json_t *lines, bool object, seg *out, bool *obj, size_t n, int den,
                             const char *what)
{
    cr_assert(json_is_array(lines), "%s: polylines missing", what);
    size_t i;
    json_t *line;
    json_array_foreach(lines, i, line) {
        size_t np = json_array_size(line);
        cr_assert_geq(np, 5, "%s: a closed polyline needs at least 5 points", what);
        json_t *a = json_array_get(line, 0), *z = json_array_get(line, np - 1);
        cr_assert(coord(json_object_get(a, "x"), den) == coord(json_object_get(z, "x"), den) &&
                  coord(json_object_get(a, "y"), den) == coord(json_object_get(z, "y"), den),
                  "%s: polyline not closed", what);
        for (size_t k = 0; k + 1 < np; k++) {
            json_t *p = json_array_get(line, k), *q = json_array_get(line, k + 1);
            out[n] = norm(coord(json_object_get(p, "x"), den), coord(json_object_get(p, "y"), den),
                          coord(json_object_get(q, "x"), den), coord(json_object_get(q, "y"), den));
            obj[n++] = object;
        }
    }
    return n;
}

/* Reads a uvtt document into w (walls, portals; in 1/den cells) and checks
 * its frame. */
static void read_uvtt(world *w, json_t *j, int ppg, bool image, int den, const char *what)
{
    static const char *const keys[] = {"format", "resolution", "line_of_sight", "objects_line_of_sight",
                                       "portals", "environment", "lights", "water", "image"};
    /* water only when the map has some; image unless image=none */
    bool wet = vo_water_listed(w->d, json_object_get(j, "water"));
    const char *want[9];
    size_t nk = 0;
    for (size_t k = 0; k < 9; k++)
        if ((k != 7 || wet) && (k != 8 || w->d->opts.image != DG_IMAGE_NONE)) want[nk++] = keys[k];
    keys_are(j, want, nk);
    cr_assert_float_eq(json_real_value(json_object_get(j, "format")), 0.3, 1e-12);
    json_t *r = json_object_get(j, "resolution");
    cr_assert_eq(json_integer_value(json_object_get(json_object_get(r, "map_origin"), "x")), 0);
    cr_assert_eq(json_integer_value(json_object_get(json_object_get(r, "map_origin"), "y")), 0);
    cr_assert_eq(json_integer_value(json_object_get(json_object_get(r, "map_size"), "x")), w->d->width);
    cr_assert_eq(json_integer_value(json_object_get(json_object_get(r, "map_size"), "y")), w->d->height);
    cr_assert_eq(json_integer_value(json_object_get(r, "pixels_per_grid")), ppg);
    int *cells;
    check_uvtt_lights(w->d, j, &cells, what);
    free(cells);
    size_t cap = 16;
    json_t *los = json_object_get(j, "line_of_sight"), *objs = json_object_get(j, "objects_line_of_sight");
    size_t i;
    json_t *l;
    json_array_foreach(los, i, l) cap += json_array_size(l);
    json_array_foreach(objs, i, l) cap += json_array_size(l);
    w->walls = malloc(cap * sizeof *w->walls);
    w->obj = malloc(cap * sizeof *w->obj);
    w->n = lines_to_walls(los, false, w->walls, w->obj, 0, den, what);
    w->n = lines_to_walls(objs, true, w->walls, w->obj, w->n, den, what);
    json_t *ps = json_object_get(j, "portals");
    w->nd = json_array_size(ps);
    w->doors = malloc((w->nd + 1) * sizeof *w->doors);
    json_t *p;
    json_array_foreach(ps, i, p) {
        json_t *b = json_object_get(p, "bounds");
        cr_assert_eq(json_array_size(b), 2, "%s: bounds are two points", what);
        int x0 = coord(json_object_get(json_array_get(b, 0), "x"), den), y0 = coord(json_object_get(json_array_get(b, 0), "y"), den);
        int x1 = coord(json_object_get(json_array_get(b, 1), "x"), den), y1 = coord(json_object_get(json_array_get(b, 1), "y"), den);
        w->doors[i] = norm(x0, y0, x1, y1);
        json_t *pos = json_object_get(p, "position");
        cr_assert_eq(coord(json_object_get(pos, "x"), den) * 2, x0 + x1, "%s: position is the midpoint", what);
        cr_assert_eq(coord(json_object_get(pos, "y"), den) * 2, y0 + y1, "%s: position is the midpoint", what);
        cr_assert_float_eq(json_number_value(json_object_get(p, "rotation")), atan2(y1 - y0, x1 - x0), 1e-6);
        /* closed is Dungeondraft's "blocks light": bars (a portcullis) do not,
         * so importers make it a wall for feet, not eyes */
        bool bars = (dg_cell(w->d, (x0 + x1) / 2 / den, (y0 + y1) / 2 / den) & DG_PORTC) != 0;
        cr_assert(json_is_boolean(json_object_get(p, "closed")) &&
                      json_is_true(json_object_get(p, "closed")) == !bars,
                  "%s: closed on a %s", what, bars ? "portcullis" : "door");
        cr_assert(json_is_false(json_object_get(p, "freestanding")));
    }
    if (!image) return;
    const char *b64 = json_string_value(json_object_get(j, "image"));
    cr_assert(b64 && strncmp(b64, "data:", 5) != 0, "%s: image is bare base64", what);
    unsigned char *png;
    size_t len;
    b64_decode(b64, &png, &len);
    int iw, ih;
    free(png_rgb(png, len, &iw, &ih));
    cr_assert_eq(iw, w->d->width * ppg, "%s: image width %d", what, iw);
    cr_assert_eq(ih, w->d->height * ppg, "%s: image height %d", what, ih);
    free(png);
}

static void world_free(world *w)
{
    free(w->walls);
    free(w->obj);
    free(w->doors);
    free(w->hcov);
    free(w->vcov);
}

/* vtt_cave_oracle.h: the same checks for maps with caves. */
static bool has_caves(const dg_dungeon *d);
static size_t cave_check_uvtt(dg_dungeon *d, bool player, int ppg, bool image, const char *what);
static void cave_check_foundry(dg_dungeon *d, int ppg, const char *what);
static void cave_check_json_walls(dg_dungeon *d, const char *what);

/* The bit dg_options.given holds for view: a view the oracle sets is a
 * view given, so the walls follow it (without one, a uvtt's are the
 * players', like its image). */
static inline uint64_t oracle_view_bit(void)
{
    dg_options o;
    dg_options_init(&o);
    cr_assert_eq(dg_options_set(&o, "view", "gm", NULL, NULL), DG_OK);
    return o.given;
}

/* Everything the oracle knows about one map in one view; returns the wall count. */
static size_t check_uvtt(dg_dungeon *d, bool player, int ppg, bool image, const char *what)
{
    if (has_caves(d)) return cave_check_uvtt(d, player, ppg, image, what);
    d->opts.view = player ? DG_VIEW_PLAYER : DG_VIEW_GM;
    d->opts.given |= oracle_view_bit();
    d->opts.ppg = ppg;
    world w = {.d = d, .player = player};
    json_t *j = encode_json(d, dg_uvtt_encode);
    read_uvtt(&w, j, ppg, image, 2, what);
    check_walls(&w, what);
    check_round_trip(&w, what);
    cr_assert_eq(w.nd, expected_portals(d, player), "%s: %zu portals, want %zu", what, w.nd,
                 expected_portals(d, player));
    for (size_t i = 0; i < w.nd; i++) check_portal(&w, w.doors[i], what);
    size_t n = w.n;
    json_decref(j);
    world_free(&w);
    return n;
}

/* The walls and doors of the gm view, read from a uvtt document. */
static world gm_world(dg_dungeon *d, int ppg)
{
    d->opts.view = DG_VIEW_GM;
    d->opts.given |= oracle_view_bit();
    d->opts.ppg = ppg;
    world w = {.d = d, .player = false};
    json_t *j = encode_json(d, dg_uvtt_encode);
    read_uvtt(&w, j, ppg, false, 2, "gm");
    json_decref(j);
    return w;
}

static int door_at(const dg_dungeon *d, int x, int y)
{
    for (size_t i = 0; i < d->n_doors; i++)
        if (d->doors[i].x == x && d->doors[i].y == y) return (int)i;
    return -1;
}

/* --------------------------------------------------------------- foundry */

static void check_foundry(dg_dungeon *d, int ppg, const char *what)
{
    if (has_caves(d)) {
        cave_check_foundry(d, ppg, what);
        return;
    }
    world w = gm_world(d, ppg);
    json_t *j = encode_json(d, dg_foundry_encode);
    /* foundry=14 (the default): the picture on the scene's one Level;
     * regions (water, traps: test_features) in both */
    static const char *const keys[] = {"name", "width", "height", "grid", "padding", "tokenVision", "environment",
                                       "fog", "levels", "flags", "walls", "lights", "regions"};
    vo_water_listed(d, json_object_get(json_object_get(json_object_get(j, "flags"), "dungeond"), "water"));
    keys_are(j, keys, 13);
    check_foundry_against_uvtt_lights(d, j, ppg, what);
    char want[64];
    snprintf(want, sizeof want, "Dungeon %llu", (unsigned long long)d->opts.seed);
    cr_assert_str_eq(json_string_value(json_object_get(j, "name")), want);
    snprintf(want, sizeof want, "dungeon-%llu.png", (unsigned long long)d->opts.seed);
    json_t *level = json_array_get(json_object_get(j, "levels"), 0);
    cr_assert_eq(json_array_size(json_object_get(j, "levels")), 1);
    cr_assert_str_eq(json_string_value(json_object_get(json_object_get(level, "background"), "src")), want);
    cr_assert_eq(json_integer_value(json_object_get(j, "width")), d->width * ppg);
    cr_assert_eq(json_integer_value(json_object_get(j, "height")), d->height * ppg);
    cr_assert_eq(json_integer_value(json_object_get(j, "padding")), 0);
    json_t *g = json_object_get(j, "grid");
    cr_assert_eq(json_integer_value(json_object_get(g, "type")), 1);
    cr_assert_eq(json_integer_value(json_object_get(g, "size")), ppg);
    /* the key's scale: a square of the grid is as many feet as the key says */
    cr_assert_eq(json_integer_value(json_object_get(g, "distance")), dg_cell_feet(&d->opts));
    cr_assert_str_eq(json_string_value(json_object_get(g, "units")), "ft");

    json_t *walls = json_object_get(j, "walls");
    size_t n = json_array_size(walls), nw = 0, ndoor = 0;
    seg *s = malloc((n + 1) * sizeof *s);
    char (*ids)[17] = calloc(n + 1, sizeof *ids);
    size_t i;
    json_t *wl;
    json_array_foreach(walls, i, wl) {
        const char *id = json_string_value(json_object_get(wl, "_id"));
        cr_assert(id && strlen(id) == 16, "%s: _id must be 16 characters", what);
        for (int k = 0; k < 16; k++)
            cr_assert((id[k] >= '0' && id[k] <= '9') || (id[k] >= 'a' && id[k] <= 'z') || (id[k] >= 'A' && id[k] <= 'Z'));
        for (size_t k = 0; k < i; k++) cr_assert_str_neq(ids[k], id, "%s: duplicate _id", what);
        memcpy(ids[i], id, 17);
        json_t *c = json_object_get(wl, "c");
        cr_assert_eq(json_array_size(c), 4);
        int v[4];
        for (int k = 0; k < 4; k++) {
            cr_assert(json_is_integer(json_array_get(c, k)), "%s: Foundry wants whole pixels", what);
            v[k] = (int)json_integer_value(json_array_get(c, k));
            /* ppg is even here, so every point is exact: x * ppg, x a half */
            cr_assert_eq(v[k] * 2 % ppg, 0, "%s: pixel %d is off the half-cell lattice", what, v[k]);
        }
        cr_assert(v[0] != v[2] || v[1] != v[3], "%s: zero-length Foundry wall", what);
        cr_assert_eq(json_integer_value(json_object_get(wl, "move")), 20);
        cr_assert_eq(json_integer_value(json_object_get(wl, "dir")), 0);
        int door = (int)json_integer_value(json_object_get(wl, "door"));
        int ds = (int)json_integer_value(json_object_get(wl, "ds"));
        int sight = (int)json_integer_value(json_object_get(wl, "sight"));
        cr_assert_eq(json_integer_value(json_object_get(wl, "light")), sight);
        cr_assert_eq(json_integer_value(json_object_get(wl, "sound")), sight);
        if (door == 0) {
            cr_assert(ds == 0 && sight == 20);
            /* the importers' conversion, backwards: pixels / ppg (ppg even here) */
            s[nw++] = norm(v[0] * 2 / ppg, v[1] * 2 / ppg, v[2] * 2 / ppg, v[3] * 2 / ppg);
            continue;
        }
        ndoor++;
        int cx = (v[0] + v[2]) / 2 / ppg, cy = (v[1] + v[3]) / 2 / ppg;
        int k = door_at(d, cx, cy);
        cr_assert_geq(k, 0, "%s: Foundry door off any door cell", what);
        dg_door_type t = d->doors[k].type;
        cr_assert_neq(t, DG_DOOR_ARCH, "%s: an archway became a door", what);
        cr_assert_eq(door, t == DG_DOOR_SECRET ? 2 : 1, "%s: door type of a %s", what, dg_door_type_name(t));
        cr_assert_eq(ds, t == DG_DOOR_LOCKED ? 2 : 0, "%s: door state of a %s", what, dg_door_type_name(t));
        cr_assert_eq(sight, t == DG_DOOR_PORTC ? 0 : 20, "%s: sight through a %s", what, dg_door_type_name(t));
    }
    cr_assert_eq(nw, w.n, "%s: %zu Foundry walls, %zu uvtt walls", what, nw, w.n);
    cr_assert_eq(ndoor, expected_portals(d, false));
    qsort(s, nw, sizeof *s, cmp_seg);
    qsort(w.walls, w.n, sizeof *w.walls, cmp_seg);
    cr_assert(!memcmp(s, w.walls, nw * sizeof *s), "%s: Foundry and uvtt walls differ", what);
    free(s);
    free(ids);
    json_decref(j);
    world_free(&w);
}

/* ------------------------------------------------------------ native json */

static void check_json_walls(dg_dungeon *d, const char *what)
{
    if (has_caves(d)) {
        cave_check_json_walls(d, what);
        return;
    }
    world w = gm_world(d, 20);
    json_t *j = encode_json(d, dg_json_encode);
    json_t *walls = json_object_get(j, "walls");
    cr_assert(json_is_array(walls), "%s: no walls array", what);
    size_t n = json_array_size(walls), nw = 0, nd = 0;
    seg *s = malloc((n + 1) * sizeof *s), *doors = malloc((n + 1) * sizeof *doors);
    bool *obj = malloc(n + 1);
    size_t i;
    json_t *e;
    json_array_foreach(walls, i, e) {
        seg g = norm(half(json_object_get(e, "x0")), half(json_object_get(e, "y0")),
                     half(json_object_get(e, "x1")), half(json_object_get(e, "y1")));
        const char *kind = json_string_value(json_object_get(e, "kind"));
        cr_assert_not_null(kind);
        if (!strcmp(kind, "door")) {
            json_int_t k = json_integer_value(json_object_get(e, "door"));
            cr_assert(k >= 0 && (size_t)k < d->n_doors, "%s: door index", what);
            cr_assert_eq((g.x0 + g.x1) / 4, d->doors[k].x, "%s: door segment off its door", what);
            cr_assert_eq((g.y0 + g.y1) / 4, d->doors[k].y, "%s: door segment off its door", what);
            doors[nd++] = g;
            continue;
        }
        cr_assert(!strcmp(kind, "wall") || !strcmp(kind, "object"), "%s: kind %s", what, kind);
        obj[nw] = !strcmp(kind, "object");
        s[nw++] = g;
    }
    cr_assert_eq(nw, w.n);
    cr_assert_eq(nd, w.nd);
    /* the same walls with the same object flags, and the same doors */
    for (size_t a = 0; a < nw; a++) {
        size_t b = 0;
        while (b < w.n && cmp_seg(&s[a], &w.walls[b])) b++;
        cr_assert_lt(b, w.n, "%s: JSON wall not in the uvtt walls", what);
        cr_assert_eq(obj[a], w.obj[b]);
    }
    qsort(doors, nd, sizeof *doors, cmp_seg);
    qsort(w.doors, w.nd, sizeof *w.doors, cmp_seg);
    cr_assert(!memcmp(doors, w.doors, nd * sizeof *doors), "%s: JSON doors differ from portals", what);
    free(s);
    free(doors);
    free(obj);
    json_decref(j);
    world_free(&w);
}

#include "vtt_cave_oracle.h"

#endif
