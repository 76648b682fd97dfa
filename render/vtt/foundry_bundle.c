/* foundry_bundle.c -- format=foundry-bundle: the whole dungeon as a Foundry
 * VTT module (a zip) whose compendium holds one Adventure. Importing an
 * Adventure is the one Foundry path that keeps document ids
 * (Adventure#importContent creates with keepId), so map notes stay linked
 * to their journal entries; a scene's or journal's "Import Data" keeps
 * the id of the document it overwrites instead, and every note's entryId
 * would dangle. The README gives the GM's steps.
 *
 * The archive (entries in this order, one top folder named by the module
 * id, so unzipping into Data/modules installs it):
 *   <id>/module.json               id, title, compatibility 11..13, one pack
 *                                  of type Adventure at packs/dungeon
 *   <id>/packs/dungeon/CURRENT     the pack: a LevelDB database, the format
 *   <id>/packs/dungeon/MANIFEST-000002  Foundry 11 and later read (13 no
 *   <id>/packs/dungeon/000003.log       longer reads the older NeDB .db),
 *                                  one key "!adventures!<adventure id>"
 *                                  (leveldb_write.c)
 *   <id>/floor-<k>.png             each floor's map, cols*ppg x rows*ppg
 *                                  px: exactly the scene's size; the
 *                                  players' view unless view=gm is given
 *                                  (the walls and notes keep every secret)
 *
 * The Adventure: name, img (floor 1), caption, description (the key's
 * head), folders (one for the journal, sorted by hand so room 10 follows
 * room 9, one for the scenes), and
 *   scenes   one per floor: format=foundry's scene (foundry_scene.c, called, never
 *            copied: its walls are that export's walls) with an _id, the
 *            background in the module, and notes: one per room on the
 *            room cell nearest its box centre (where the PNG prints its
 *            number, always inside the outline) linked to the room's entry
 *            and page; one per stair linked to the floor's "Stairs" page,
 *            saying where it leads ("Floor 2", or up out of the dungeon /
 *            deeper on the first and last floors)
 *   journal  per floor, an entry for the dungeon (pages: overview,
 *            wandering monsters, corridor features, stairs, attribution --
 *            the ones there are) and an entry per room (one page: the
 *            room's key), all as HTML from format=md's words (bundle_key.c);
 *            and one "Bestiary" entry after the floors' with a page per
 *            creature kind the key names on any floor (by name), its
 *            stat block as HTML from the Markdown md.c prints (bestiary.c)
 *   actors   one dnd5e "npc" per creature kind, in a folder of their own,
 *            linked to the dnd5e SRD compendium's entry (bundle_actors.c);
 *            each scene's tokens are its rooms' encounters, hidden, on free
 *            floor of their rooms (bundle_tokens.c)
 *   tables   per floor with wandering monsters, a RollTable of its d6 rows
 *            as the key words them (bundle_tokens.c)
 * Ids are 16 letters and digits hashed from the canonical options, so the
 * same options give the same ids (and bytes), and two different dungeons
 * imported into one world do not overwrite each other. Documents carry
 * _stats.coreVersion 11.315 (the shape they are written in), so later
 * Foundry versions migrate them as their own data from that version.
 *
 * Floors: the code walks an array of floors; dg_foundry_bundle_encode
 * passes the dungeon's chain, top floor first. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle_int.h"
#include "json_write.h"
#include "png_int.h"

#define CORE_VERSION DG_BUNDLE_CORE_VERSION
#define ROOM_ICON "icons/svg/book.svg"
#define STAIR_ICON "icons/svg/cave.svg"


/* ----------------------------------------------------------------- scene */

/* The room cell nearest r's box centre (where the PNG prints its number). */
static bool room_spot(const dg_dungeon *d, const dg_room *r, int *cx, int *cy)
{
    if (r->kind == DG_ROOM_KIND_CHAMBER) { /* a cave chamber's, chosen by core */
        *cx = r->label_x;
        *cy = r->label_y;
        return true;
    }
    int bx2 = 2 * r->x + r->width, by2 = 2 * r->y + r->height;
    long best = -1;
    for (int y = r->y; y < r->y + r->height; y++)
        for (int x = r->x; x < r->x + r->width; x++) {
            uint32_t c = dg_cell(d, x, y);
            if (!(c & DG_ROOM) || (int)((c & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT) != r->id) continue;
            long dx = 2 * x + 1 - bx2, dy = 2 * y + 1 - by2, dd = dx * dx + dy * dy;
            if (best < 0 || dd < best) {
                best = dd;
                *cx = x;
                *cy = y;
            }
        }
    return best >= 0;
}

static json_t *note(dr__bundle *b, int floor, int k, int cx, int cy, int entry_idx, int page_idx, const char *icon,
                    const char *text)
{
    const dg_dungeon *d = b->floors[floor];
    int ppg = d->opts.ppg;
    char id[17], entry_id[17], page_id[17];
    dr__bundle_make_id(b, "note", floor, k, id);
    dr__bundle_make_id(b, "entry", floor, entry_idx, entry_id);
    dr__bundle_make_id(b, "page", floor * (DG_MAX_ROOMS + 2) + entry_idx, page_idx, page_id);
    json_t *n = json_pack("{s:s,s:s,s:s,s:i,s:i,s:i,s:{s:s},s:s,s:i,s:i,s:b,s:{}}", "_id", id, "entryId",
                          entry_id, "pageId", page_id, "x", cx * ppg + ppg / 2, "y", cy * ppg + ppg / 2,
                          "iconSize", ppg * 3 / 5 > 32 ? ppg * 3 / 5 : 32, "texture", "src", icon, "text", text,
                          "fontSize", 24, "textAnchor", 1, "global", 0, "flags");
    /* 14: on its floor's level */
    if (n && b->v14 && json_object_set_new(n, "levels", json_pack("[s]", b->level_ids[floor]))) {
        json_decref(n);
        n = NULL;
    }
    if (!n) dr__bundle_oom(b);
    return n;
}

/* Floor `floor`'s notes appended to a. */
static void notes(dr__bundle *b, int floor, json_t *a)
{
    const dg_dungeon *d = b->floors[floor];
    int k = 0;
    for (size_t i = 0; i < d->n_rooms && b->rc == DG_OK; i++) {
        int cx, cy;
        char text[32];
        if (!room_spot(d, &d->rooms[i], &cx, &cy)) continue;
        snprintf(text, sizeof text, "Room %d", d->rooms[i].id);
        dr__bundle_push(b, a, note(b, floor, k++, cx, cy, (int)i + 1, 0, ROOM_ICON, text));
    }
    for (size_t i = 0; i < d->n_stairs && b->rc == DG_OK; i++) {
        char words[64];
        dr__bundle_stair_words(b, floor, &d->stairs[i], words, sizeof words);
        char *colon = strchr(words, ':');
        if (colon) *colon = '\0'; /* the pin's label: "Stairs down" */
        dr__bundle_push(b, a, note(b, floor, k++, d->stairs[i].x, d->stairs[i].y, ENTRY_DUNGEON, PAGE_STAIRS, STAIR_ICON, words));
    }
}

/* The scene of floor c->floor (13) or of every floor (14, floor 0),
 * appended to out (a dr__jw splice: ctx is its scene_ctx): format=foundry's
 * (foundry_scene.c's dr__foundry_scene, called, never copied), given an id, its place
 * in the module and the notes and tokens, rewritten into the bundle's text
 * as it is made (bundle_scene.c): its walls are never a jansson tree. */
typedef struct {
    dr__bundle *b;
    int floor;
} scene_ctx;

static dg_status put_scene(const dg_dungeon *d, const void *ctx, dg_buf *out, dg_error *err)
{
    (void)d;
    const scene_ctx *c = ctx;
    dr__bundle *b = c->b;
    int floor = c->floor;
    char id[17], name[sizeof b->name + 32], nav[24];
    dr__bundle_make_id(b, "scene", floor, 0, id);
    if (b->v14) {
        snprintf(name, sizeof name, "%s", b->name);
        snprintf(nav, sizeof nav, "%s", b->n > 1 ? "Dungeon" : "Floor 1");
    } else {
        snprintf(nav, sizeof nav, "Floor %d", floor + 1);
        dr__bundle_floor_name(b, floor, b->name, name, sizeof name);
    }
    enum { ID, NAME, FOLDER, SORT, NAVIGATION, NAV_ORDER, NAV_NAME, NOTES, STATS, TOKENS, N_VALUES };
    json_t *v[N_VALUES] = {
        [ID] = json_string(id),
        [NAME] = json_string(name),
        [FOLDER] = json_string(b->scene_folder),
        [SORT] = json_integer((json_int_t)(floor + 1) * DG_BUNDLE_SORT_STEP),
        [NAVIGATION] = json_true(),
        [NAV_ORDER] = json_integer(floor + 1),
        [NAV_NAME] = json_string(nav),
        [NOTES] = json_array(),
        [STATS] = dr__bundle_stats(false),
        [TOKENS] = json_array(),
    };
    dg_status rc = b->rc;
    for (int i = 0; i < N_VALUES && rc == DG_OK; i++)
        if (!v[i]) rc = dg__nomem(err, "building the foundry bundle");
    int from = b->v14 ? 0 : floor, to = b->v14 ? (int)b->n : floor + 1;
    for (int k = from; k < to && rc == DG_OK; k++) {
        notes(b, k, v[NOTES]);
        json_t *t = NULL;
        rc = b->rc;
        if (rc == DG_OK) rc = dr__bundle_tokens(b->base, b->floors[k], k, b->v14 ? b->level_ids[k] : NULL, &t, err);
        if (rc == DG_OK && json_array_extend(v[TOKENS], t)) rc = dg__nomem(err, "building the foundry bundle");
        json_decref(t);
    }
    if (rc == DG_OK) {
        /* in the order the bundle has always set them, so the keys the
         * scene lacks follow its own in that order */
        const dr__scene_set sets[] = {
            {"_id", v[ID], NULL, 0},         {"name", v[NAME], NULL, 0},
            {"folder", v[FOLDER], NULL, 0},
            {"sort", v[SORT], NULL, 0},      {"navigation", v[NAVIGATION], NULL, 0},
            {"navOrder", v[NAV_ORDER], NULL, 0}, {"navName", v[NAV_NAME], NULL, 0},
            {"notes", v[NOTES], NULL, 0},    {"tokens", v[TOKENS], NULL, 0},
            {"_stats", v[STATS], NULL, 0},
        };
        char srcs[DG_MAX_FLOORS][80]; /* room for any size_t: gcc checks the bound */
        const char *src_p[DG_MAX_FLOORS], *name_p[DG_MAX_FLOORS];
        char names[DG_MAX_FLOORS][32];
        for (size_t k = 0; k < b->n; k++) {
            snprintf(srcs[k], sizeof srcs[k], "modules/%s/floor-%zu.png", b->module, k + 1);
            snprintf(names[k], sizeof names[k], "Floor %zu", k + 1);
            src_p[k] = srcs[k];
            name_p[k] = names[k];
        }
        dr__foundry_plan p = {b->floors, b->n, floor, b->v14, src_p, name_p,
                              (const char(*)[17])b->level_ids, (const char(*)[17])b->scene_ids};
        rc = dr__bundle_scene(&p, sets, sizeof sets / sizeof sets[0], out, err);
    }
    for (int i = 0; i < N_VALUES; i++) json_decref(v[i]);
    return rc;
}

/* --------------------------------------------------------------- archive */

static json_t *folder(dr__bundle *b, const char *id, const char *type)
{
    json_t *f = json_pack("{s:s,s:s,s:s,s:n,s:s,s:i,s:n,s:{},s:o}", "_id", id, "name", b->name, "type", type,
                          "folder", "sorting", "m", "sort", 0, "color", "flags", "_stats", dr__bundle_stats(false));
    if (!f) dr__bundle_oom(b);
    return f;
}

/* The whole dungeon's permalink: the module holds every floor, so which
 * floor the request named is left out (one dungeon, one module id). As
 * this format's, whatever format the options were parsed for: the string
 * leaves an absent view out for it, so the ids are the same either way. */
static char *permalink_of(const dg_dungeon *d)
{
    dg_options o = d->opts;
    o.floor = 1;
    o.format = DG_FMT_FOUNDRY_BUNDLE;
    size_t n = dg_options_canonical(&o, NULL, 0);
    char *p = dg__malloc(n + 3);
    if (!p) return NULL;
    memcpy(p, "/?", 2);
    dg_options_canonical(&o, p + 2, n + 1);
    return p;
}

/* A jansson value into the adventure's text (a dr__jw splice, ctx the
 * value): the small documents (journal, actors, tables, folders) are
 * built with jansson and dumped where they go. */
static dg_status put_json(const dg_dungeon *d, const void *ctx, dg_buf *out, dg_error *err);

static void empty_array(dr__jw *w, const char *key)
{
    dr__jw_key(w, key);
    dr__jw_array_begin(w);
    dr__jw_array_end(w);
}

/* The Adventure, written straight into out (after what it holds: the
 * pack's room for its record head) with the streaming writer, the floors'
 * scenes made one at a time into it. Takes journal, actors and tables. */
static void adventure(dr__bundle *b, json_t *journal, json_t *actors, json_t *tables, const dg_buf *description,
                      const char *permalink, dg_buf *out)
{
    char img[64], seed[24], caption[160];
    snprintf(img, sizeof img, "modules/%s/floor-1.png", b->module);
    snprintf(seed, sizeof seed, "%" PRIu64, b->floors[0]->opts.seed);
    size_t rooms = 0;
    for (size_t k = 0; k < b->n; k++) rooms += b->floors[k]->n_rooms;
    snprintf(caption, sizeof caption, "%zu floor%s, %zu room%s: seed %s of dungeond", b->n, b->n == 1 ? "" : "s",
             rooms, rooms == 1 ? "" : "s", seed);
    /* the actors' and tables' folders only when they hold something */
    json_t *folders = json_pack("[oo]", folder(b, b->journal_folder, "JournalEntry"), folder(b, b->scene_folder, "Scene"));
    if (!folders) dr__bundle_oom(b);
    if (folders && json_array_size(actors) && json_array_append_new(folders, folder(b, b->actor_folder, "Actor")))
        dr__bundle_oom(b);
    if (folders && json_array_size(tables) && json_array_append_new(folders, folder(b, b->table_folder, "RollTable")))
        dr__bundle_oom(b);
    if (b->rc == DG_OK) {
        dr__jw w;
        dr__jw_init(&w, out, b->err);
        dr__jw_object_begin(&w);
        dr__jw_key_string(&w, "_id", b->adventure);
        dr__jw_key_string(&w, "name", b->name);
        dr__jw_key_string(&w, "img", img);
        dr__jw_key_string(&w, "caption", caption);
        dr__jw_key(&w, "description");
        dr__jw_stringn(&w, description->data ? (const char *)description->data : "", description->len);
        dr__jw_key(&w, "actors");
        dr__jw_splice(&w, put_json, NULL, actors);
        empty_array(&w, "combats");
        empty_array(&w, "items");
        dr__jw_key(&w, "journal");
        dr__jw_splice(&w, put_json, NULL, journal);
        json_decref(journal); /* its pages' words are in the text now */
        journal = NULL;
        dr__jw_key(&w, "scenes");
        dr__jw_array_begin(&w);
        for (size_t k = 0; k < (b->v14 ? 1 : b->n); k++) {
            scene_ctx c = {b, (int)k};
            dr__jw_splice(&w, put_scene, b->floors[k], &c);
        }
        dr__jw_array_end(&w);
        dr__jw_key(&w, "tables");
        dr__jw_splice(&w, put_json, NULL, tables);
        empty_array(&w, "macros");
        empty_array(&w, "cards");
        empty_array(&w, "playlists");
        dr__jw_key(&w, "folders");
        dr__jw_splice(&w, put_json, NULL, folders);
        dr__jw_key_int(&w, "sort", 0);
        dr__jw_key(&w, "flags");
        dr__jw_object_begin(&w);
        dr__jw_key(&w, "dungeond");
        dr__jw_object_begin(&w);
        dr__jw_key_string(&w, "generator_version", DG_GENERATOR_VERSION);
        dr__jw_key_string(&w, "seed", seed);
        dr__jw_key_string(&w, "permalink", permalink);
        dr__jw_object_end(&w);
        dr__jw_object_end(&w);
        dr__jw_key(&w, "_stats");
        dr__jw_object_begin(&w);
        dr__jw_key_string(&w, "coreVersion", CORE_VERSION);
        dr__jw_object_end(&w);
        dr__jw_object_end(&w);
        b->rc = dr__jw_finish(&w);
    }
    json_decref(folders);
    json_decref(journal);
    json_decref(actors);
    json_decref(tables);
}

/* module.json: the target's core versions, and the dnd5e system the
 * actors are written for (5.x: activities; 5.3.3 the release their ids,
 * art and shape are read from). */
static json_t *manifest(dr__bundle *b, const char *permalink)
{
    char title[sizeof b->name + 16], seed[24];
    snprintf(title, sizeof title, "%s (dungeond)", b->name);
    snprintf(seed, sizeof seed, "%" PRIu64, b->floors[0]->opts.seed);
    const char *core = b->v14 ? "14" : "13";
    json_t *m = json_pack("{s:s,s:s,s:s,s:s,s:[{s:s}],s:{s:s,s:s},s:{s:[{s:s,s:s,s:{s:s,s:s}}]},"
                          "s:[{s:s,s:s,s:s,s:s,s:s,s:{s:s,s:s}}],s:{s:{s:s,s:s,s:s,s:s}}}",
                          "id", b->module, "title", title, "description",
                          "A dungeon from dungeond: open the compendium and import the adventure.", "version",
                          DG_GENERATOR_VERSION, "authors", "name", "dungeond", "compatibility", "minimum", core,
                          "verified", core, "relationships", "systems", "id", "dnd5e", "type", "system",
                          "compatibility", "minimum", "5.0.0", "verified", DG_BUNDLE_DND5E_VERSION, "packs", "name",
                          "dungeon", "label", b->name, "path", "packs/dungeon", "type", "Adventure", "system", "dnd5e",
                          "ownership", "PLAYER", "NONE", "ASSISTANT", "OWNER", "flags", "dungeond",
                          "generator_version", DG_GENERATOR_VERSION, "seed", seed, "permalink", permalink,
                          "foundry", core);
    if (!m) dr__bundle_oom(b);
    return m;
}

/* jansson ignores a failed write of an object's key and carries on, so a
 * failure must stick: once an append fails, every later one fails too. */
typedef struct {
    dg_buf *out;
    bool failed;
} dump_sink;

static int dump_to_buf(const char *s, size_t n, void *data)
{
    dump_sink *k = data;
    if (!k->failed && dg_buf_append(k->out, s, n, NULL) != DG_OK) k->failed = true;
    return k->failed ? -1 : 0;
}

/* doc as compact JSON, keys in insertion order, into out (a dg_buf, not
 * json_dumps: its string would come from jansson's allocator). Reals to
 * 15 digits, as bundle_scene.c writes the scenes': a 0.9 at 17 would come
 * out "0.90000000000000002", which Foundry's own CLI (and any JavaScript)
 * rewrites as 0.9 -- a pack it would not repack unchanged. */
static void dump(dr__bundle *b, json_t *doc, dg_buf *out)
{
    if (b->rc != DG_OK) return;
    dump_sink k = {out, false};
    if (json_dump_callback(doc, dump_to_buf, &k, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15)) || k.failed) dr__bundle_oom(b);
}

static dg_status put_json(const dg_dungeon *d, const void *ctx, dg_buf *out, dg_error *err)
{
    (void)d;
    dump_sink k = {out, false};
    if (json_dump_callback(ctx, dump_to_buf, &k, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15)) ||
        k.failed)
        return dg__nomem(err, "building the foundry bundle");
    return DG_OK;
}

static void add_json(dr__bundle *b, dr__zip *z, const char *path, json_t *doc)
{
    dg_buf text;
    dg_buf_init(&text);
    dump(b, doc, &text);
    if (b->rc == DG_OK) b->rc = dr__zip_add(z, path, text.data, text.len, true, b->err);
    dg_buf_fini(&text);
}

static void add_file(dr__bundle *b, dr__zip *z, const char *rel, const void *p, size_t n, bool deflate)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", b->module, rel);
    if (b->rc == DG_OK) b->rc = dr__zip_add(z, path, p, n, deflate, b->err);
}

/* The same with f's bytes taken, not copied (the pack's log, the PNGs:
 * the module's big files); f is left empty. */
static void take_file(dr__bundle *b, dr__zip *z, const char *rel, dg_buf *f, bool deflate)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", b->module, rel);
    if (b->rc != DG_OK) return;
    size_t n;
    unsigned char *p = dg_buf_steal(f, &n);
    b->rc = dr__zip_add_take(z, path, p, n, deflate, b->err);
}

dg_status dr__foundry_bundle(const dg_dungeon *const *floors, size_t n, dg_buf *out, dg_error *err)
{
    if (!floors || n < 1 || !out) return dg_error_set(err, DG_EINVAL, "", "", "", "no dungeon to bundle");
    dg_status rc = DG_OK;
    for (size_t k = 0; k < n && rc == DG_OK; k++) {
        if (!floors[k]) return dg_error_set(err, DG_EINVAL, "", "", "", "no dungeon to bundle");
        rc = dr__render_check(floors[k], err);
        if (rc == DG_OK) rc = dr__vtt_check_ppg(floors[k], err);
    }
    if (rc != DG_OK) return rc;

    dr__bundle b = {.floors = floors, .n = n, .err = err, .rc = DG_OK};
    const dg_dungeon *d0 = floors[0];
    char *permalink = permalink_of(d0);
    if (!permalink) return dg__nomem(err, "building the foundry bundle");
    b.base = dg_hash64(permalink, strlen(permalink), 0x62756e646c65ull /* "bundle" */);
    snprintf(b.module, sizeof b.module, "dungeond-%016" PRIx64, b.base);
    if (d0->contents) dg_contents_name(d0->contents, b.name, sizeof b.name);
    else snprintf(b.name, sizeof b.name, "Dungeon %" PRIu64, d0->opts.seed);
    dr__bundle_make_id(&b, "adventure", 0, 0, b.adventure);
    dr__bundle_make_id(&b, "folder", 0, 0, b.journal_folder);
    dr__bundle_make_id(&b, "folder", 1, 0, b.scene_folder);
    dr__bundle_make_id(&b, "folder", 2, 0, b.actor_folder);
    dr__bundle_make_id(&b, "folder", 3, 0, b.table_folder);
    b.v14 = d0->opts.foundry == DG_FOUNDRY_14;
    for (size_t k = 0; k < n; k++) {
        dr__foundry_level_id((int)k, b.level_ids[k]);
        dr__bundle_make_id(&b, "scene", (int)k, 0, b.scene_ids[k]);
    }

    json_t *journal = json_array(), *actors = NULL, *tables = NULL, *mod = NULL;
    dg_buf description, value, *pngs = dg__calloc(n, sizeof *pngs);
    dg_buf_init(&description);
    dg_buf_init(&value);
    dr__leveldb db;
    dr__leveldb_init(&db);
    dr__zip *z = NULL;
    if (!journal || !pngs) dr__bundle_oom(&b);
    /* the floors' images first: each canvas (cols*ppg x rows*ppg bytes)
     * is the biggest block the bundle asks for, and made before the
     * journal's thousands of small ones it is not kept from the heap's
     * top by them (201x201 over 3 floors at ppg 20: 44 MB, not 61) */
    for (size_t k = 0; k < n && b.rc == DG_OK; k++)
        b.rc = dr__png_render(floors[k], floors[k]->opts.ppg, true, DG_FMT_FOUNDRY_BUNDLE, &pngs[k], err);
    for (size_t k = 0; k < n && b.rc == DG_OK; k++) {
        dr__bundle_key key;
        dr__bundle_key_init(&key);
        b.rc = dr__bundle_key_build(floors[k], &key, err);
        if (b.rc == DG_OK && k == 0) b.rc = dg_buf_append(&description, key.head.data, key.head.len, err);
        if (b.rc == DG_OK) dr__bundle_floor_journal(&b, (int)k, &key, journal);
        dr__bundle_key_fini(&key);
    }
    if (b.rc == DG_OK) dr__bundle_bestiary_journal(&b, journal);
    if (b.rc == DG_OK) {
        dr__bestiary kinds;
        dr__bestiary_of_floors(floors, n, &kinds);
        b.rc = dr__bundle_actors(b.base, b.actor_folder, &kinds, &actors, err);
    }
    if (b.rc == DG_OK) b.rc = dr__bundle_tables(b.base, b.table_folder, floors, n, &tables, err);
    /* the pack's one pair, its value written after room for the record's
     * head and made into the log where it lies */
    char key[32];
    snprintf(key, sizeof key, "!adventures!%s", b.adventure);
    size_t room = dr__leveldb_room(key);
    if (b.rc == DG_OK && (b.rc = dr__buf_reserve(&value, room, err)) == DG_OK) {
        memset(value.data, 0, room);
        value.len = room;
    }
    if (b.rc == DG_OK) {
        adventure(&b, journal, actors, tables, &description, permalink, &value);
        journal = actors = tables = NULL; /* the adventure took them */
    }
    if (b.rc == DG_OK) b.rc = dr__leveldb_take(key, &value, &db, err);
    if (b.rc == DG_OK) mod = manifest(&b, permalink);
    if (b.rc == DG_OK) b.rc = dr__zip_new(&z, err);
    if (b.rc == DG_OK) {
        char path[64];
        snprintf(path, sizeof path, "%s/module.json", b.module);
        add_json(&b, z, path, mod);
    }
    add_file(&b, z, "packs/dungeon/CURRENT", db.current.data, db.current.len, false);
    add_file(&b, z, "packs/dungeon/" DG_LEVELDB_MANIFEST, db.manifest.data, db.manifest.len, false);
    take_file(&b, z, "packs/dungeon/" DG_LEVELDB_LOG, &db.log, true);
    for (size_t k = 0; k < n && b.rc == DG_OK; k++) {
        char rel[32];
        snprintf(rel, sizeof rel, "floor-%zu.png", k + 1);
        take_file(&b, z, rel, &pngs[k], false);
    }
    if (b.rc == DG_OK) {
        size_t start = out->len;
        b.rc = dr__zip_finish(z, out, err);
        if (b.rc != DG_OK) out->len = start;
        z = NULL;
    }
    dr__zip_discard(z);
    dg_buf_fini(&value);
    json_decref(mod);
    json_decref(journal);
    json_decref(actors);
    json_decref(tables);
    for (size_t k = 0; pngs && k < n; k++) dg_buf_fini(&pngs[k]);
    dg__free(pngs);
    dg_buf_fini(&description);
    dr__leveldb_fini(&db);
    dg__free(permalink);
    return b.rc;
}

dg_status dg_foundry_bundle_encode(const dg_dungeon *d, dg_buf *out, dg_error *err)
{
    const dg_dungeon *floors[DG_MAX_FLOORS];
    size_t n = 0;
    for (const dg_dungeon *f = d; f && n < DG_MAX_FLOORS; f = f->below) floors[n++] = f;
    return dr__foundry_bundle(floors, n, out, err);
}
