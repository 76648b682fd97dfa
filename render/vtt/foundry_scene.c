/* foundry_scene.c -- the Foundry VTT scene: format=foundry, and each scene
 * of the module (foundry_bundle.c calls dr__foundry_scene, never copies
 * it). As Foundry 14 reads it (foundry=14, the default): one scene with a
 * Level per floor (its id, name, an elevation band DG_FOUNDRY_LEVEL_FT
 * high stacked without overlap, its floor's image as background), every
 * wall, light and region on its floor's level, and a region with the
 * change-level behaviour on each stair pair. As Foundry 13 reads it
 * (foundry=13): a scene per floor, the floor's image as the scene's
 * background, its stairs joined by teleporting regions.
 *
 * In both, in this order: name "Dungeon <seed>" (", floor k of n" for
 * 13's linked floors), width cols*ppg, height rows*ppg, grid {type 1
 * (square), size ppg, distance cell_ft, units "ft"}, padding 0,
 * tokenVision, environment {darknessLevel (0..1, from the illumination),
 * globalLight {enabled false}}, fog (14: {mode 1}; 13: {exploration}),
 * levels (14), flags {dungeond {generator_version, seed (string),
 * permalink, water [[x, y]...] when the map has water}}, walls [{_id, c
 * [x0, y0, x1, y1] (whole pixels), move, sight, light, sound, dir, door,
 * ds}] (doors as vtt.c's table says), lights [AmbientLight, radii in feet,
 * lights.c placing them], regions: water squares with the movement-cost
 * behaviour (vtt_water.c), the key's traps as GM-only regions, the stair
 * regions. Field names are those of Foundry's API documentation, which
 * tests/unit/foundry_schema.h types in and checks every document against;
 * the PNG of the same options is the background at any cell size (Foundry
 * stretches it over width x height). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "png_int.h"
#include "render_int.h"

/* Foundry's constants (CONST.WALL_*): sense and movement NONE 0, NORMAL 20;
 * door NONE 0, DOOR 1, SECRET 2; door state CLOSED 0, LOCKED 2.
 * CONST.REGION_VISIBILITY: LAYER 0, GAMEMASTER 1, ALWAYS 2.
 * CONST.FOG_EXPLORATION_MODES (14): INDIVIDUAL 1. */
enum { F_NONE = 0, F_NORMAL = 20, F_DOOR = 1, F_SECRET = 2, F_LOCKED = 2 };
enum { F_VIS_LAYER = 0, F_VIS_GM = 1 };

#include "dg_contents.h"

int dr__foundry_level_bottom(int k, int n) { return (n - 1 - k) * DG_FOUNDRY_LEVEL_FT; }

/* prefix and v's last digits (v >= 0: a floor, stair or trap's place),
 * zero-padded to 16 characters in all: a Foundry id. Written digit by
 * digit: gcc's sanitizer build could not bound a "%s%0*ld" into 16. */
static void id16(char out[17], const char *prefix, long v)
{
    size_t p = strlen(prefix);
    memcpy(out, prefix, p);
    for (size_t i = 16; i > p; i--) {
        out[i - 1] = (char)('0' + v % 10);
        v /= 10;
    }
    out[16] = '\0';
}

void dr__foundry_level_id(int k, char out[17]) { id16(out, "dgLevel", k); }

/* One floor's walls and lights, and the level they stand on ("" none). */
typedef struct {
    dr__walls w;
    dr__lights l;
    int ppg;
    char level[40]; /* ",\"levels\":[\"<id>\"]" or "" */
} foundry_floor;

typedef struct {
    foundry_floor *f;
    size_t n;
} foundry_ctx;

/* Whole pixels: Foundry refuses fractional wall coordinates. A half cell at
 * an odd ppg, or a cave point between pixels, rounds down, the same way
 * wherever the point appears; den <= 16 < ppg keeps distinct points apart. */
static long px(int v, const foundry_floor *f) { return (long)v * f->ppg / f->w.den; }

static dg_status put_wall(dg_buf *out, size_t n, int x0, int y0, int x1, int y1, const foundry_floor *f, int sense,
                          int door, int ds, dg_error *err)
{
    char s[320];
    int len = snprintf(s, sizeof s,
                       "%s{\"_id\":\"dgWall%010zu\",\"c\":[%ld,%ld,%ld,%ld],\"move\":%d,"
                       "\"sight\":%d,\"light\":%d,\"sound\":%d,\"dir\":0,\"door\":%d,\"ds\":%d%s}",
                       n ? "," : "", n + 1, px(x0, f), px(y0, f), px(x1, f), px(y1, f), F_NORMAL, sense, sense,
                       sense, door, ds, f->level);
    return dg_buf_append(out, s, (size_t)len, err);
}

/* The walls splice: every floor's walls, then its doors, as Foundry wall
 * documents (on the floor's level when the scene has levels). */
static dg_status put_foundry_walls(const dg_dungeon *d, const void *ctx, dg_buf *out, dg_error *err)
{
    (void)d;
    const foundry_ctx *c = ctx;
    dg_status rc = dg_buf_append(out, "[", 1, err);
    size_t n = 0;
    for (size_t k = 0; k < c->n; k++) {
        const foundry_floor *f = &c->f[k];
        const dr__walls *w = &f->w;
        for (size_t i = 0; i < w->n_walls && rc == DG_OK; i++, n++) {
            const dr__wall *s = &w->walls[i];
            rc = put_wall(out, n, s->x0, s->y0, s->x1, s->y1, f, F_NORMAL, 0, 0, err);
        }
        for (size_t i = 0; i < w->n_portals && rc == DG_OK; i++, n++) {
            const dr__portal *p = &w->portals[i];
            int sense = p->type == DG_DOOR_PORTC ? F_NONE : F_NORMAL;
            int door = p->type == DG_DOOR_SECRET ? F_SECRET : F_DOOR;
            int ds = p->type == DG_DOOR_LOCKED ? F_LOCKED : 0;
            rc = put_wall(out, n, p->x0, p->y0, p->x1, p->y1, f, sense, door, ds, err);
        }
    }
    if (rc == DG_OK) rc = dg_buf_append(out, "]", 1, err);
    return rc;
}

/* The lights splice: AmbientLight documents (v10+ fields, radii in the
 * grid's units, feet here), at the middle of their cells in whole pixels;
 * walls stop them; no vision of their own; torches flicker. */
static dg_status put_foundry_lights(const dg_dungeon *d, const void *ctx, dg_buf *out, dg_error *err)
{
    (void)d;
    const foundry_ctx *c = ctx;
    dg_status rc = dg_buf_append(out, "[", 1, err);
    size_t n = 0;
    for (size_t f = 0; f < c->n; f++) {
        const dr__lights *l = &c->f[f].l;
        long ppg = c->f[f].ppg;
        for (size_t i = 0; i < l->n && rc == DG_OK; i++, n++) {
            const dg_lighting *k = l->kind;
            char s[576];
            int len = snprintf(
                s, sizeof s,
                "%s{\"_id\":\"dgLight%09zu\",\"x\":%ld,\"y\":%ld,\"rotation\":0,\"walls\":true,"
                "\"vision\":false,\"config\":{\"alpha\":%.2f,\"angle\":360,\"bright\":%d,"
                "\"color\":\"#%06x\",\"coloration\":1,\"dim\":%d,\"attenuation\":0.5,"
                "\"luminosity\":0.5,\"saturation\":0,\"contrast\":0,\"shadows\":0,"
                "\"animation\":{\"type\":%s,\"speed\":5,\"intensity\":5,\"reverse\":false},"
                "\"darkness\":{\"min\":0,\"max\":1}},\"hidden\":false%s}",
                n ? "," : "", n + 1, (2L * l->at[i].x + 1) * ppg / 2, (2L * l->at[i].y + 1) * ppg / 2,
                k->intensity_pct / 200.0, k->bright_ft, (unsigned)(k->color & 0xffffffu), k->dim_ft,
                k->torch ? "\"torch\"" : "null", c->f[f].level);
            rc = dg_buf_append(out, s, (size_t)len, err);
        }
    }
    if (rc == DG_OK) rc = dg_buf_append(out, "]", 1, err);
    return rc;
}

/* The index of floor b's stair at (x, y) going the way `down` says, -1. */
static int stair_at(const dg_dungeon *b, int x, int y, bool down)
{
    for (size_t j = 0; j < b->n_stairs; j++)
        if (b->stairs[j].x == x && b->stairs[j].y == y && b->stairs[j].down == down) return (int)j;
    return -1;
}

static void stair_region_id(int floor, int stair, char out[17])
{
    id16(out, "dgStair", floor * 1000L + stair);
}

/* A one-cell region at (x, y) of ppg px squares; behaviour b (stolen), or
 * none when NULL. */
static json_t *cell_region(const char *id, const char *name, const char *color, int x, int y, int ppg, int bottom,
                           int top, json_t *behaviors, int visibility)
{
    if (!behaviors) return NULL; /* its own allocation failed */
    return json_pack("{s:s,s:s,s:s,s:[{s:s,s:I,s:I,s:i,s:i,s:i,s:b}],s:{s:i,s:i},s:o,s:i,s:b,s:{}}", "_id", id,
                     "name", name, "color", color, "shapes", "type", "rectangle", "x", (json_int_t)x * ppg, "y",
                     (json_int_t)y * ppg, "width", ppg, "height", ppg, "rotation", 0, "hole", 0, "elevation",
                     "bottom", bottom, "top", top, "behaviors", behaviors, "visibility",
                     visibility, "locked", 1, "flags");
}

static bool push(json_t *a, json_t *v) { return v && !json_array_append_new(a, v); }

/* Sets o's levels; on failure o is let go. */
static bool set_levels(json_t *o, const char *a, const char *b)
{
    if (!json_object_set_new(o, "levels", b ? json_pack("[s,s]", a, b) : json_pack("[s]", a))) return true;
    json_decref(o);
    return false;
}

/* The stairs between floor k and k + 1 (k's down, k + 1's up at the same
 * cell): v14 one changeLevel region spanning both levels; v13, on the
 * scene of floor `only`, a teleportToken region per end. */
static bool stair_regions(const dr__foundry_plan *p, json_t *regions)
{
    int n = (int)p->n;
    for (int k = 0; k + 1 < n; k++) {
        const dg_dungeon *a = p->floors[k], *b = p->floors[k + 1];
        for (size_t i = 0; i < a->n_stairs; i++) {
            const dg_stair *s = &a->stairs[i];
            int j = s->down ? stair_at(b, s->x, s->y, false) : -1;
            if (j < 0) continue;
            char id[17], name[96], bid[17];
            if (p->v14) {
                stair_region_id(k, (int)i, id);
                id16(bid, "dgStairB", k * 1000L + (long)i);
                snprintf(name, sizeof name, "Stairs: %s / %s", p->names[k], p->names[k + 1]);
                json_t *beh = json_pack("[{s:s,s:s,s:s,s:{},s:b,s:{}}]", "_id", bid, "name", "Change Level", "type",
                                        "changeLevel", "system", "disabled", 0, "flags");
                json_t *r = cell_region(id, name, "#28c9cc", s->x, s->y, a->opts.ppg, dr__foundry_level_bottom(k + 1, n),
                                        dr__foundry_level_bottom(k, n) + DG_FOUNDRY_LEVEL_FT, beh, F_VIS_LAYER);
                if (!r || !set_levels(r, p->level_ids[k], p->level_ids[k + 1]) || !push(regions, r)) return false;
                continue;
            }
            if (!p->scene_ids || (p->floor != k && p->floor != k + 1)) continue;
            /* v13: this scene's end teleports to the other scene's end */
            bool upper = p->floor == k;
            int here = upper ? k : k + 1, there = upper ? k + 1 : k;
            int si = upper ? (int)i : j, sj = upper ? j : (int)i;
            char dest[80], there_id[17];
            stair_region_id(here, si, id);
            stair_region_id(there, sj, there_id);
            id16(bid, "dgStairB", here * 1000L + si);
            snprintf(dest, sizeof dest, "Scene.%s.Region.%s", p->scene_ids[there], there_id);
            snprintf(name, sizeof name, "Stairs %s to Floor %d", upper ? "down" : "up", there + 1);
            json_t *beh = json_pack("[{s:s,s:s,s:s,s:{s:s,s:b},s:b,s:{}}]", "_id", bid, "name", name, "type",
                                    "teleportToken", "system", "destination", dest, "choice", 0, "disabled", 0,
                                    "flags");
            json_t *r = cell_region(id, name, "#28c9cc", s->x, s->y, a->opts.ppg, 0, DG_FOUNDRY_LEVEL_FT, beh,
                                    F_VIS_LAYER);
            if (!push(regions, r)) return false;
        }
    }
    return true;
}

/* The key's traps (each trigger's cell), GM-only regions with no
 * behaviour: the GM hooks them to what the key says they do. */
static bool trap_regions(const dg_dungeon *d, int floor, const char *level, int bottom, int top, json_t *regions)
{
    const dg_contents *c = d->contents;
    int k = 0;
    for (size_t i = 0; c && i < c->n_rooms; i++) {
        const dg_room_contents *rc = &c->rooms[i];
        for (int t = 0; t < rc->n_traps; t++, k++) {
            const dg_trap_kind *tk = dg_trap_kind_info(rc->traps[t].kind);
            char id[17], name[128];
            id16(id, "dgTrap", floor * 10000L + k);
            snprintf(name, sizeof name, "Room %d: trap (%s)", rc->id, tk ? tk->name : "trap");
            json_t *r = cell_region(id, name, "#d03030", rc->trap_cells[t].x, rc->trap_cells[t].y, d->opts.ppg,
                                    bottom, top, json_array(), F_VIS_GM);
            if (!r || (level && !set_levels(r, level, NULL)) || !push(regions, r)) return false;
        }
    }
    return true;
}

dg_status dr__foundry_scene(const dr__foundry_plan *p, dg_buf *out, dg_error *err)
{
    size_t first = p->v14 ? 0 : (size_t)p->floor, last = p->v14 ? p->n : (size_t)p->floor + 1;
    const dg_dungeon *d = p->floors[first];
    dg_status rc = DG_OK;
    for (size_t k = first; k < last && rc == DG_OK; k++) {
        rc = dr__render_check(p->floors[k], err);
        if (rc == DG_OK) rc = dr__vtt_check_ppg(p->floors[k], err);
    }
    if (rc != DG_OK) return rc;
    if (!out) return dg_error_set(err, DG_EINVAL, "", "", "", "no output buffer");

    char seed[24], name[64], small[512], *canon = small, *permalink = NULL;
    snprintf(seed, sizeof seed, "%" PRIu64, d->opts.seed);
    if (d->opts.floors > 1 && !p->v14) /* which of the linked floors this scene is */
        snprintf(name, sizeof name, "Dungeon %s, floor %d of %d", seed, d->floor, d->opts.floors);
    else
        snprintf(name, sizeof name, "Dungeon %s", seed);
    /* as this format's, whatever format the options were parsed for: an
     * absent view is left out of a VTT format's string */
    dg_options as = d->opts;
    as.format = DG_FMT_FOUNDRY;
    size_t n = dg_options_canonical(&as, small, sizeof small);
    if (n >= sizeof small && !(canon = dg__malloc(n + 1))) return dg__nomem(err, NULL);
    if (canon != small) dg_options_canonical(&as, canon, n + 1);

    size_t nf = last - first;
    foundry_floor *ff = dg__calloc(nf, sizeof *ff);
    size_t traced = 0;
    json_t *root = NULL, *regions = json_array(), *levels = p->v14 ? json_array() : NULL;
    if (!ff || !regions || (p->v14 && !levels)) {
        rc = dg__nomem(err, "building the foundry scene");
        goto done;
    }
    for (size_t k = first; k < last && rc == DG_OK; k++, traced++) {
        foundry_floor *f = &ff[k - first];
        f->ppg = p->floors[k]->opts.ppg;
        if (p->v14) snprintf(f->level, sizeof f->level, ",\"levels\":[\"%s\"]", p->level_ids[k]);
        if ((rc = dr__walls_trace(p->floors[k], false, &f->w, err)) != DG_OK) break;
        rc = dr__lights_place(p->floors[k], &f->l, err);
    }
    if (rc != DG_OK) goto done;
    if (!(permalink = dg__malloc(n + 3))) {
        rc = dg__nomem(err, NULL);
        goto done;
    }
    memcpy(permalink, "/?", 2);
    memcpy(permalink + 2, canon, n + 1);
    bool ok = true;
    for (size_t k = first; k < last && ok; k++) {
        const dg_dungeon *f = p->floors[k];
        int bottom = p->v14 ? dr__foundry_level_bottom((int)k, (int)p->n) : 0, top = bottom + DG_FOUNDRY_LEVEL_FT;
        const char *level = p->v14 ? p->level_ids[k] : NULL;
        ok = dr__vtt_water_regions(f, (int)k, level, bottom, top, regions) &&
             trap_regions(f, (int)k, level, bottom, top, regions);
        if (ok && p->v14)
            ok = push(levels, json_pack("{s:s,s:s,s:{s:i,s:i},s:{s:s},s:i,s:{}}", "_id", p->level_ids[k], "name",
                                        p->names[k], "elevation", "bottom", bottom, "top", top, "background", "src",
                                        p->srcs[k], "sort", (int)k, "flags"));
    }
    if (ok) ok = stair_regions(p, regions);
    long width = (long)d->width * d->opts.ppg, height = (long)d->height * d->opts.ppg;
    double darkness = ff[0].l.kind ? ff[0].l.kind->darkness_pct / 100.0 : 0.0;
    json_t *water = dr__map_has_water(d) ? dr__vtt_water(d) : NULL;
    if (ok && !(dr__map_has_water(d) && !water))
        root = json_pack("{s:s,s:I,s:I,s:{s:i,s:i,s:i,s:s},s:i,s:b}", "name", name, "width", (json_int_t)width,
                         "height", (json_int_t)height, "grid", "type", 1, "size", d->opts.ppg, "distance",
                         dg_cell_feet(&d->opts), "units", "ft", "padding", 0, "tokenVision", 1);
    /* v13 paints the scene's own background; 14 paints each Level's */
    if (root && !p->v14 && json_object_set_new(root, "background", json_pack("{s:s}", "src", p->srcs[p->floor])))
        ok = false;
    if (root && json_object_set_new(root, "environment",
                                    json_pack("{s:o,s:{s:b}}", "darknessLevel", json_real(darkness), "globalLight",
                                              "enabled", 0)))
        ok = false;
    if (root && json_object_set_new(root, "fog", p->v14 ? json_pack("{s:i}", "mode", 1)
                                                         : json_pack("{s:b}", "exploration", 1)))
        ok = false;
    if (root && p->v14) {
        if (json_object_set_new(root, "levels", levels)) ok = false;
        levels = NULL;
    }
    json_t *flags = root ? json_pack("{s:{s:s,s:s,s:s}}", "dungeond", "generator_version", DG_GENERATOR_VERSION,
                                     "seed", seed, "permalink", permalink)
                         : NULL;
    if (flags && water) { /* set_new lets water go either way */
        if (json_object_set_new(json_object_get(flags, "dungeond"), "water", water)) ok = false;
        water = NULL;
    }
    if (root && (!flags || json_object_set_new(root, "flags", flags))) ok = false;
    if (root && (json_object_set_new(root, "walls", json_null()) || json_object_set_new(root, "lights", json_null())))
        ok = false;
    if (root) { /* set_new lets regions go either way */
        if (json_object_set_new(root, "regions", regions)) ok = false;
        regions = NULL;
    }
    json_decref(water);
    if (!ok || !root) {
        rc = dg__nomem(err, "building the foundry scene");
        goto done;
    }
    foundry_ctx fc = {ff, nf};
    dr__json_splice sp[] = {{"walls", put_foundry_walls, &fc}, {"lights", put_foundry_lights, &fc}};
    size_t start = out->len;
    rc = dr__json_emit_splices(root, sp, 2, JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10), d, out, err);
    if (rc != DG_OK) out->len = start;
done:
    json_decref(root);
    json_decref(regions);
    json_decref(levels);
    dg__free(permalink);
    if (canon != small) dg__free(canon);
    for (size_t k = 0; ff && k < traced; k++) {
        dr__lights_fini(&ff[k].l);
        dr__walls_fini(&ff[k].w);
    }
    dg__free(ff);
    return rc;
}

/* format=foundry: the floor the options name, on a Level of its own (14)
 * or as v13's scene; the background the PNG beside it. */
dg_status dg_foundry_encode(const dg_dungeon *d, dg_buf *out, dg_error *err)
{
    if (!d) return dr__render_check(d, err);
    char src[48], level_id[1][17], fname[40];
    snprintf(src, sizeof src, "dungeon-%" PRIu64 ".png", d->opts.seed);
    snprintf(fname, sizeof fname, "Floor %d", d->floor > 0 ? d->floor : 1);
    dr__foundry_level_id(0, level_id[0]);
    const char *srcs[1] = {src}, *names[1] = {fname};
    const dg_dungeon *floors[1] = {d};
    dr__foundry_plan p = {floors, 1, 0, d->opts.foundry == DG_FOUNDRY_14, srcs, names,
                          (const char(*)[17])level_id, NULL};
    return dr__foundry_scene(&p, out, err);
}
