/* test_foundry_bundle.c -- format=foundry-bundle (render/vtt/foundry_bundle.c)
 * read back the way Foundry reads it: the zip opened with libzip, the
 * compendium pack opened with LevelDB itself (Debian's libleveldb, the
 * library classic-level wraps) with paranoid checks and checksums on, the
 * Adventure parsed with jansson. Over several families and seeds: every
 * note's entryId and pageId exist in the journal, every room has a note
 * inside its outline linked to its own entry, the background file is in the
 * archive at the scene's width x height, the walls are format=foundry's,
 * stair notes say where they lead, and the same options give the same
 * bytes. */
#define _GNU_SOURCE /* dladdr */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <dlfcn.h>
#include <execinfo.h>
#include <jansson.h>
#include <leveldb/c.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>

#include "bundle_int.h"
#include "png_int.h"
#include "enc_fixture.h"
#include "oom_jansson.h"
#include "oom_paths.h"
#include "query_fixture.h"
#include "render.h"
#include "foundry_schema.h"
#include "sanitized.h"

/* foundry=13's bundle unless the query names the target: a scene per
 * floor, which these checks walk floor by floor; test_foundry_schema
 * checks 14's one levelled scene. */
static dg_dungeon *make(const char *query)
{
    dg_options o;
    dg_error err;
    char q[512];
    snprintf(q, sizeof q, "%s%s", query, strstr(query, "foundry=") ? "" : "&foundry=13");
    query = q;
    cr_assert_eq(parse_query(&o, query, NULL, &err), DG_OK, "%s: %s", query, err.msg);
    dg_dungeon *d = NULL;
    cr_assert_eq(dg_generate(&o, &d, &err), DG_OK, "%s: %s", query, err.msg);
    return d;
}

/* ------------------------------------------------------ reading it back */

typedef struct {
    zip_t *za;
    char module[64];          /* the top folder */
    json_t *manifest, *adventure;
} bundle;

static dg_buf *read_entry(zip_t *za, const char *name)
{
    zip_stat_t st;
    if (zip_stat(za, name, 0, &st) != 0) return NULL;
    zip_file_t *f = zip_fopen(za, name, 0);
    cr_assert_not_null(f, "%s", name);
    dg_buf *b = malloc(sizeof *b);
    dg_buf_init(b);
    cr_assert_eq(dr__buf_reserve(b, (size_t)st.size, NULL), DG_OK);
    cr_assert_eq(zip_fread(f, b->data, st.size), (zip_int64_t)st.size);
    b->len = (size_t)st.size;
    zip_fclose(f);
    return b;
}

static void free_entry(dg_buf *b)
{
    if (!b) return;
    dg_buf_fini(b);
    free(b);
}

/* The pack's files written to a fresh folder and opened with LevelDB: the
 * one key's value, parsed. */
static json_t *read_pack(zip_t *za, const char *module, char *key_out, size_t cap)
{
    char dir[] = "/tmp/dg-bundle-XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    const char *files[] = {"CURRENT", DG_LEVELDB_MANIFEST, DG_LEVELDB_LOG};
    for (size_t i = 0; i < 3; i++) {
        char name[256], path[256];
        snprintf(name, sizeof name, "%s/packs/dungeon/%s", module, files[i]);
        dg_buf *b = read_entry(za, name);
        cr_assert_not_null(b, "no %s in the archive", name);
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        FILE *f = fopen(path, "wb");
        cr_assert_not_null(f);
        cr_assert_eq(fwrite(b->data, 1, b->len, f), b->len);
        fclose(f);
        free_entry(b);
    }
    char *err = NULL;
    leveldb_options_t *o = leveldb_options_create();
    leveldb_options_set_paranoid_checks(o, 1);
    leveldb_t *db = leveldb_open(o, dir, &err);
    cr_assert_null(err, "LevelDB refuses the pack: %s", err);
    leveldb_readoptions_t *ro = leveldb_readoptions_create();
    leveldb_readoptions_set_verify_checksums(ro, 1);
    leveldb_iterator_t *it = leveldb_create_iterator(db, ro);
    json_t *doc = NULL;
    size_t keys = 0;
    for (leveldb_iter_seek_to_first(it); leveldb_iter_valid(it); leveldb_iter_next(it), keys++) {
        size_t kl, vl;
        const char *k = leveldb_iter_key(it, &kl), *v = leveldb_iter_value(it, &vl);
        cr_assert_lt(kl, cap);
        memcpy(key_out, k, kl);
        key_out[kl] = '\0';
        json_error_t je;
        doc = json_loadb(v, vl, 0, &je);
        cr_assert_not_null(doc, "the adventure is no JSON: %s", je.text);
    }
    leveldb_iter_get_error(it, &err);
    cr_assert_null(err, "%s", err);
    cr_assert_eq(keys, 1, "one adventure in the pack, not %zu keys", keys);
    leveldb_iter_destroy(it);
    leveldb_readoptions_destroy(ro);
    leveldb_close(db);
    leveldb_options_destroy(o);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
    return doc;
}

static bundle open_bundle(const dg_buf *zipped)
{
    bundle b = {0};
    zip_error_t ze;
    zip_error_init(&ze);
    zip_source_t *src = zip_source_buffer_create(zipped->data, zipped->len, 0, &ze);
    cr_assert_not_null(src);
    b.za = zip_open_from_source(src, ZIP_RDONLY | ZIP_CHECKCONS, &ze);
    cr_assert_not_null(b.za, "not a zip: %s", zip_error_strerror(&ze));
    const char *first = zip_get_name(b.za, 0, 0);
    cr_assert_not_null(first);
    const char *slash = strchr(first, '/');
    cr_assert_not_null(slash, "every entry under one folder");
    snprintf(b.module, sizeof b.module, "%.*s", (int)(slash - first), first);
    for (zip_int64_t i = 0; i < zip_get_num_entries(b.za, 0); i++)
        cr_assert(!strncmp(zip_get_name(b.za, (zip_uint64_t)i, 0), b.module, strlen(b.module)));
    char name[128];
    snprintf(name, sizeof name, "%s/module.json", b.module);
    dg_buf *m = read_entry(b.za, name);
    cr_assert_not_null(m, "no module.json");
    b.manifest = json_loadb((const char *)m->data, m->len, 0, NULL);
    free_entry(m);
    cr_assert_not_null(b.manifest);
    cr_assert_str_eq(json_string_value(json_object_get(b.manifest, "id")), b.module,
                     "the folder is the module id, so unzipping into Data/modules installs it");
    json_t *pack = json_array_get(json_object_get(b.manifest, "packs"), 0);
    cr_assert_str_eq(json_string_value(json_object_get(pack, "type")), "Adventure");
    cr_assert_str_eq(json_string_value(json_object_get(pack, "path")), "packs/dungeon");
    char key[128];
    b.adventure = read_pack(b.za, b.module, key, sizeof key);
    char want[64];
    snprintf(want, sizeof want, "!adventures!%s", json_string_value(json_object_get(b.adventure, "_id")));
    cr_assert_str_eq(key, want);
    return b;
}

static void close_bundle(bundle *b)
{
    json_decref(b->manifest);
    json_decref(b->adventure);
    zip_close(b->za);
}

static dg_buf render_bundle(const dg_dungeon *d)
{
    dg_buf out;
    dg_buf_init(&out);
    dg_error err;
    dg_error_clear(&err);
    cr_assert_eq(dg_render(d, DG_FMT_FOUNDRY_BUNDLE, &out, &err), DG_OK, "%s", err.msg);
    return out;
}

/* ------------------------------------------------------------- checks */

static bool valid_id(const char *s)
{
    if (!s || strlen(s) != 16) return false;
    for (; *s; s++)
        if (!((*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z'))) return false;
    return true;
}

static json_t *find_by_id(json_t *array, const char *id)
{
    size_t i;
    json_t *v;
    json_array_foreach(array, i, v) if (!strcmp(json_string_value(json_object_get(v, "_id")), id)) return v;
    return NULL;
}

/* PNG width and height from its IHDR. */
static void png_size(const dg_buf *b, long *w, long *h)
{
    cr_assert_gt(b->len, 24);
    cr_assert(!memcmp(b->data, "\x89PNG\r\n\x1a\n", 8));
    const unsigned char *p = b->data + 16;
    *w = (long)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
    *h = (long)p[4] << 24 | p[5] << 16 | p[6] << 8 | p[7];
}

/* ------------------------------------------- actors, tokens and tables */

/* Whether a token may stand on cell (x, y) of room `id`: its floor, no
 * door, stair, trap trigger, rock or wall. */
static bool standable(const dg_dungeon *d, int id, int x, int y)
{
    uint32_t c = dg_cell(d, x, y);
    if (!(c & DG_OPENSPACE) || (c & (DG_DOORSPACE | DG_STAIRS | DG_BLOCKED | DG_PERIMETER))) return false;
    if ((int)((c & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT) != id) return false;
    const dg_room_contents *rc = &d->contents->rooms[id - 1];
    for (int t = 0; t < rc->n_traps; t++)
        if (rc->trap_cells[t].x == x && rc->trap_cells[t].y == y) return false;
    return true;
}

static int room_cells(const dg_dungeon *d, int id)
{
    const dg_room *r = &d->rooms[id - 1];
    int n = 0;
    for (int y = r->y; y < r->y + r->height; y++)
        for (int x = r->x; x < r->x + r->width; x++) n += standable(d, id, x, y);
    return n;
}

/* Stats over a sweep, for the messages. */
static long tokens_seen, big_unfit, stacked_rooms;
/* Actors with a compendium source in dnd5e.monsters [0], dnd5e.actors24 [1]. */
static long sources_in[2];

/* The promises: an Actor per creature kind (dnd5e npc, its figures
 * the stat block's, its compendium source the dnd5e pack's); every token's
 * actor in the Adventure, each token hidden on a standable cell of its
 * room, a cell of its own, the counts per room the encounter's; a RollTable
 * per floor with wandering monsters, d6, its rows the key's. */
static void check_creatures(const dg_dungeon *const *floors, size_t n, json_t *adv, const char *what)
{
    json_t *actors = json_object_get(adv, "actors"), *tables = json_object_get(adv, "tables");
    dr__bestiary kinds;
    dr__bestiary_of_floors(floors, n, &kinds);
    cr_assert_eq(json_array_size(actors), (size_t)kinds.n, "%s: %zu actors for %d kinds", what,
                 json_array_size(actors), kinds.n);
    for (int k = 0; k < kinds.n; k++) {
        json_t *a = json_array_get(actors, (size_t)k);
        const dg_monster *m = dg_monster_info(kinds.monster[k]);
        const dg_statblock *sb = dg_monster_statblock(kinds.monster[k]);
        cr_assert(valid_id(json_string_value(json_object_get(a, "_id"))));
        cr_assert_str_eq(json_string_value(json_object_get(a, "name")), m->name);
        cr_assert_str_eq(json_string_value(json_object_get(a, "type")), "npc");
        json_t *sys = json_object_get(a, "system"), *attr = json_object_get(sys, "attributes");
        cr_assert_eq(json_integer_value(json_object_get(json_object_get(attr, "hp"), "max")), m->hp, "%s", m->name);
        cr_assert_eq(json_integer_value(json_object_get(json_object_get(attr, "ac"), "flat")), m->ac, "%s", m->name);
        cr_assert_str_eq(json_string_value(json_object_get(json_object_get(attr, "hp"), "formula")), sb->hit_dice);
        cr_assert_eq(json_integer_value(json_object_get(json_object_get(json_object_get(sys, "abilities"), "dex"),
                                                        "value")),
                     sb->scores[1]);
        cr_assert_float_eq(json_number_value(json_object_get(json_object_get(sys, "details"), "cr")), m->cr8 / 8.0, 1e-9);
        json_t *mv = json_object_get(attr, "movement");
        long moves = 0;
        const char *modes[] = {"walk", "fly", "swim", "climb", "burrow"};
        /* dnd5e's 2024 pack writes speeds as strings and senses in ranges */
        bool v2024 = kinds.monster[k] >= DG_MONSTER_ID_2024;
        for (int i = 0; i < 5; i++) {
            json_t *v = json_object_get(mv, modes[i]);
            moves += v2024 ? (v ? atol(json_string_value(v)) : 0) : json_integer_value(v);
        }
        cr_assert(moves > 0 || !strncmp(sb->speed, "0 ft", 4), "%s: no movement from \"%s\"", m->name, sb->speed);
        json_t *senses = json_object_get(attr, "senses");
        if (v2024) senses = json_object_get(senses, "ranges");
        if (strcasestr(sb->senses, "darkvision"))
            cr_assert_gt(json_integer_value(json_object_get(senses, "darkvision")), 0, "%s: %s", m->name, sb->senses);
        const char *bio = json_string_value(
            json_object_get(json_object_get(json_object_get(sys, "details"), "biography"), "value"));
        cr_assert(bio && strstr(bio, "<strong>Armor Class</strong>"), "%s: biography", m->name);
        int entries = 0;
        for (int s = 0; s < DG_SB_SECTIONS; s++) {
            int c;
            dg_statblock_section(sb, s, &c);
            entries += c;
        }
        cr_assert_eq(json_array_size(json_object_get(a, "items")), (size_t)entries, "%s: an item per entry", m->name);
        const char *src = json_string_value(json_object_get(json_object_get(a, "_stats"), "compendiumSource"));
        const char *pack, *id = dr__bundle_compendium_id(kinds.monster[k], &pack);
        /* a 2024 creature is SRD 5.2's, in dnd5e's pack of those */
        cr_assert_str_eq(pack, kinds.monster[k] >= DG_MONSTER_ID_2024 ? "actors24" : "monsters", "%s", m->name);
        if (id) {
            char want[64];
            snprintf(want, sizeof want, "Compendium.dnd5e.%s.Actor.%s", pack, id);
            cr_assert(src && !strcmp(src, want), "%s: compendiumSource %s", m->name, src ? src : "(none)");
            sources_in[!strcmp(pack, "actors24")]++;
        } else {
            cr_assert_null(src, "%s: a source the pack does not have", m->name);
        }
    }

    size_t n_tables = 0;
    for (size_t k = 0; k < n; k++) {
        const dg_dungeon *d = floors[k];
        json_t *scene = json_array_get(json_object_get(adv, "scenes"), k), *tok;
        json_t *tokens = json_object_get(scene, "tokens");
        cr_assert(json_is_array(tokens), "%s: no tokens array", what);
        int ppg = d->opts.ppg;
        long *count = calloc(d->n_rooms + 1, sizeof *count);
        unsigned char *taken = calloc((size_t)d->width * (size_t)d->height, 1);
        size_t i;
        json_array_foreach(tokens, i, tok) {
            const char *actor = json_string_value(json_object_get(tok, "actorId"));
            json_t *a = find_by_id(actors, actor);
            cr_assert_not_null(a, "%s: token %zu's actor %s is not in the Adventure", what, i, actor);
            cr_assert_str_eq(json_string_value(json_object_get(tok, "name")),
                             json_string_value(json_object_get(a, "name")));
            cr_assert(json_is_true(json_object_get(tok, "hidden")), "%s: token %zu shows", what, i);
            cr_assert(valid_id(json_string_value(json_object_get(tok, "_id"))));
            long x = (long)json_integer_value(json_object_get(tok, "x")) / ppg;
            long y = (long)json_integer_value(json_object_get(tok, "y")) / ppg;
            uint32_t c = dg_cell(d, (int)x, (int)y);
            int id = (int)((c & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT);
            cr_assert(id >= 1 && (size_t)id <= d->n_rooms && standable(d, id, (int)x, (int)y),
                      "%s: token %zu (%s) on cell %ld,%ld: not a room's free floor", what, i,
                      json_string_value(json_object_get(tok, "name")), x, y);
            count[id]++;
            tokens_seen++;
            /* its size: what its actor's prototype says */
            double w = json_number_value(json_object_get(tok, "width"));
            cr_assert_float_eq(w, json_number_value(json_object_get(json_object_get(a, "prototypeToken"), "width")),
                               1e-9);
            int side = w < 1 ? 1 : (int)w;
            bool fits = true;
            for (int yy = 0; yy < side; yy++)
                for (int xx = 0; xx < side; xx++) fits &= standable(d, id, (int)x + xx, (int)y + yy);
            big_unfit += !fits;
            /* a cell of its own, unless the room's floor is less than its
             * creatures cover (a Large one covers 4 cells) */
            size_t at = (size_t)y * (size_t)d->width + (size_t)x;
            if (taken[at]) {
                int need = 0;
                const dg_encounter *e = &d->contents->rooms[id - 1].encounter;
                for (int g = 0; g < e->n_groups; g++) {
                    double sq = dr__bundle_token_size(e->groups[g].monster);
                    int s = sq < 1 ? 1 : (int)sq;
                    need += e->groups[g].count * s * s;
                }
                cr_assert_gt(need, room_cells(d, id), "%s: two tokens on cell %ld,%ld of room %d", what, x, y, id);
                stacked_rooms++;
            }
            taken[at] = 1;
        }
        for (size_t r = 0; r < d->n_rooms; r++) {
            long want = 0;
            const dg_encounter *e = d->contents && r < d->contents->n_rooms ? &d->contents->rooms[r].encounter : NULL;
            for (int g = 0; e && g < e->n_groups; g++) want += e->groups[g].count;
            cr_assert_eq(count[r + 1], want, "%s: room %zu has %ld tokens for %ld creatures", what, r + 1,
                         count[r + 1], want);
        }
        free(count);
        free(taken);

        const dg_contents *c = d->contents;
        if (!c || !c->n_wandering) continue;
        json_t *t = json_array_get(tables, n_tables++);
        cr_assert_not_null(t, "%s: floor %zu has wandering monsters and no table", what, k + 1);
        cr_assert_str_eq(json_string_value(json_object_get(t, "formula")), "1d6");
        json_t *results = json_object_get(t, "results");
        cr_assert_eq(json_array_size(results), 6, "%s: six rows", what);
        /* the rows are the key's: format=md's table of this floor */
        dg_dungeon one = *d;
        one.below = NULL;
        dg_buf md;
        dg_buf_init(&md);
        cr_assert_eq(dg_md_encode(&one, &md, NULL), DG_OK);
        for (size_t r = 0; r < 6; r++) {
            json_t *row = json_array_get(results, r), *range = json_object_get(row, "range");
            cr_assert(json_integer_value(json_array_get(range, 0)) == (json_int_t)r + 1 &&
                      json_integer_value(json_array_get(range, 1)) == (json_int_t)r + 1,
                      "%s: row %zu's range", what, r + 1);
            char line[1024];
            snprintf(line, sizeof line, "\n| %zu | %s |\n", r + 1, json_string_value(json_object_get(row, "text")));
            cr_assert(strstr((const char *)md.data, line), "%s: row %zu is not the key's: %s", what, r + 1, line);
        }
        dg_buf_fini(&md);
    }
    cr_assert_eq(json_array_size(tables), n_tables, "%s: a table per floor with wandering monsters", what);
}

/* Every Foundry link of every page, @UUID[JournalEntry.<entry>.
 * JournalEntryPage.<page>]{room N...}, names an entry of the journal and
 * a page of that entry, one that is a room's ("Room N" heads it, of the
 * floor the words name, else the page's own); returns how many. */
static int check_links(json_t *journal, size_t floors, const char *what)
{
    int links = 0;
    size_t i, k;
    json_t *e, *pg;
    json_array_foreach(journal, i, e) json_array_foreach(json_object_get(e, "pages"), k, pg)
    {
        const char *html = json_string_value(json_object_get(json_object_get(pg, "text"), "content"));
        int here = 1; /* "room 4" alone is a room of the page's own floor */
        if (sscanf(json_string_value(json_object_get(e, "name")), "Floor %d, ", &here) != 1) here = 1;
        for (const char *at = strstr(html, "@UUID["); at; at = strstr(at + 1, "@UUID[")) {
            char entry[17], page[17], words[64];
            cr_assert_eq(sscanf(at, "@UUID[JournalEntry.%16[0-9A-Za-z].JournalEntryPage.%16[0-9A-Za-z]]{%63[^}]}",
                                entry, page, words),
                         3, "%s: a link that is not an entry's page: %.80s", what, at);
            json_t *to = find_by_id(journal, entry);
            cr_assert_not_null(to, "%s: link to entry %s, not in the journal", what, entry);
            cr_assert_not_null(find_by_id(json_object_get(to, "pages"), page), "%s: link to page %s, not in %s", what,
                               page, entry);
            int room = 0, floor = here, used = 0;
            cr_assert(sscanf(words, "room %d%n", &room, &used) == 1, "%s: link words %s", what, words);
            if (words[used]) cr_assert(sscanf(words + used, " on floor %d", &floor) == 1 ||
                                           sscanf(words + used, " of floor %d", &floor) == 1,
                                       "%s: link words %s", what, words);
            char head[48];
            if (floors > 1) snprintf(head, sizeof head, "Floor %d, Room %d", floor, room);
            else snprintf(head, sizeof head, "Room %d", room);
            const char *name = json_string_value(json_object_get(to, "name"));
            cr_assert(!strncmp(name, head, strlen(head)) && (name[strlen(head)] == ':' || !name[strlen(head)]),
                      "%s: \"%s\" links to \"%s\"", what, words, name);
            links++;
        }
    }
    return links;
}

/* Everything the issue asks of the bundle of floors[0..n). */
static void check_bundle(const dg_dungeon *const *floors, size_t n, const dg_buf *zipped, const char *what)
{
    bundle b = open_bundle(zipped);
    json_t *journal = json_object_get(b.adventure, "journal"), *scenes = json_object_get(b.adventure, "scenes");
    cr_assert_eq(json_array_size(scenes), n, "%s: a scene per floor", what);
    size_t rooms = 0;
    for (size_t k = 0; k < n; k++) rooms += floors[k]->n_rooms;
    /* and the bestiary: a page per creature kind of any floor, by name,
     * the stat blocks the floors' pages leave out */
    dr__bestiary kinds;
    dr__bestiary_of_floors(floors, n, &kinds);
    cr_assert_eq(json_array_size(journal), rooms + n + (kinds.n > 0), "%s: an entry per room and one per floor", what);
    if (kinds.n) {
        json_t *best = json_array_get(journal, json_array_size(journal) - 1);
        cr_assert_str_eq(json_string_value(json_object_get(best, "name")), "Bestiary");
        json_t *pages = json_object_get(best, "pages");
        cr_assert_eq(json_array_size(pages), (size_t)kinds.n, "%s: a page per creature kind", what);
        for (int k = 0; k < kinds.n; k++) {
            json_t *pg = json_array_get(pages, (size_t)k);
            cr_assert_str_eq(json_string_value(json_object_get(pg, "name")), dg_monster_info(kinds.monster[k])->name);
            const char *html = json_string_value(json_object_get(json_object_get(pg, "text"), "content"));
            cr_assert(html && strstr(html, "<strong>Armor Class</strong>") && strstr(html, "<th>STR</th>"),
                      "%s: %s's page", what, dg_monster_info(kinds.monster[k])->name);
        }
    }
    size_t i;
    json_t *e;
    json_array_foreach(journal, i, e) {
        cr_assert(valid_id(json_string_value(json_object_get(e, "_id"))), "%s: entry id", what);
        cr_assert_gt(json_array_size(json_object_get(e, "pages")), 0, "%s: entry %zu has no page", what, i);
        if (strcmp(json_string_value(json_object_get(e, "name")), "Bestiary") != 0) {
            size_t k;
            json_t *pg;
            json_array_foreach(json_object_get(e, "pages"), k, pg) {
                const char *html = json_string_value(json_object_get(json_object_get(pg, "text"), "content"));
                cr_assert(!strstr(html, "Armor Class") && !strstr(html, "Stat blocks"),
                          "%s: a stat block outside the bestiary", what);
            }
        }
    }
    for (size_t k = 0; k < n; k++) {
        const dg_dungeon *d = floors[k];
        json_t *scene = json_array_get(scenes, k);
        cr_assert(valid_id(json_string_value(json_object_get(scene, "_id"))));
        long width = (long)json_integer_value(json_object_get(scene, "width"));
        long height = (long)json_integer_value(json_object_get(scene, "height"));

        /* the background is in the archive, at the scene's size */
        const char *src = json_string_value(json_object_get(json_object_get(scene, "background"), "src"));
        char prefix[80];
        snprintf(prefix, sizeof prefix, "modules/%s/", b.module);
        cr_assert(src && !strncmp(src, prefix, strlen(prefix)), "%s: background %s", what, src);
        char name[128];
        snprintf(name, sizeof name, "%s/%s", b.module, src + strlen(prefix));
        dg_buf *png = read_entry(b.za, name);
        cr_assert_not_null(png, "%s: %s is not in the archive", what, name);
        long pw, ph;
        png_size(png, &pw, &ph);
        cr_assert(pw == width && ph == height, "%s: image %ldx%ld, scene %ldx%ld", what, pw, ph, width, height);
        free_entry(png);

        /* the walls are format=foundry's, unchanged */
        dg_buf f;
        dg_buf_init(&f);
        cr_assert_eq(dg_foundry_encode(d, &f, NULL), DG_OK);
        json_t *alone = json_loadb((const char *)f.data, f.len, 0, NULL);
        cr_assert_not_null(alone);
        cr_assert(json_equal(json_object_get(alone, "walls"), json_object_get(scene, "walls")),
                  "%s: the walls differ from format=foundry's", what);
        cr_assert(json_equal(json_object_get(alone, "grid"), json_object_get(scene, "grid")));
        json_decref(alone);
        dg_buf_fini(&f);

        /* every note links to an entry and a page of it */
        json_t *notes = json_object_get(scene, "notes"), *note;
        cr_assert_eq(json_array_size(notes), d->n_rooms + d->n_stairs, "%s: a note per room and stair", what);
        int ppg = d->opts.ppg;
        size_t stair_notes = 0;
        bool *room_seen = calloc(d->n_rooms + 1, 1);
        json_array_foreach(notes, i, note) {
            const char *entry_id = json_string_value(json_object_get(note, "entryId"));
            json_t *entry = find_by_id(journal, entry_id);
            cr_assert_not_null(entry, "%s: note %zu's entry %s does not exist", what, i, entry_id);
            const char *page_id = json_string_value(json_object_get(note, "pageId"));
            cr_assert_not_null(find_by_id(json_object_get(entry, "pages"), page_id),
                               "%s: note %zu's page %s is not in its entry", what, i, page_id);
            long x = (long)json_integer_value(json_object_get(note, "x"));
            long y = (long)json_integer_value(json_object_get(note, "y"));
            cr_assert(x >= 0 && y >= 0 && x < width && y < height, "%s: note %zu off the scene", what, i);
            uint32_t c = dg_cell(d, (int)(x / ppg), (int)(y / ppg));
            const char *text = json_string_value(json_object_get(note, "text"));
            /* a room's or a cave chamber's floor (a stair in a chamber is the stair's) */
            if ((c & DG_OPENSPACE) && (c & DG_ROOM_ID) && !(c & DG_STAIRS)) {
                int id = (int)((c & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT);
                char want[32];
                snprintf(want, sizeof want, "Room %d", id);
                cr_assert_str_eq(text, want, "%s: the note on room %d", what, id);
                const char *entry_name = json_string_value(json_object_get(entry, "name"));
                char head[48];
                if (n > 1) snprintf(head, sizeof head, "Floor %zu, Room %d", k + 1, id);
                else snprintf(head, sizeof head, "Room %d", id);
                cr_assert(!strncmp(entry_name, head, strlen(head)) &&
                              (entry_name[strlen(head)] == ':' || !entry_name[strlen(head)]),
                          "%s: room %d's note opens \"%s\"", what, id, entry_name);
                /* the page holds the room's key, format=md's words as HTML */
                json_t *pg = find_by_id(json_object_get(entry, "pages"), page_id);
                const char *html = json_string_value(json_object_get(json_object_get(pg, "text"), "content"));
                cr_assert(html && !strncmp(html, "<p><em>", 7) && strstr(html, " ft"),
                          "%s: room %d's page: %.80s", what, id, html);
                room_seen[id] = true;
            } else {
                cr_assert(c & DG_STAIRS, "%s: note %zu (%s) stands on neither a room nor a stair", what, i, text);
                bool down = c & DG_STAIR_DN;
                stair_notes++;
                const char *want = down ? (k + 1 < n ? NULL : "Stairs down") : (k > 0 ? NULL : "Stairs up");
                char floor_words[32];
                if (!want) {
                    snprintf(floor_words, sizeof floor_words, "Stairs %s to Floor %zu", down ? "down" : "up",
                             down ? k + 2 : k);
                    want = floor_words;
                }
                cr_assert_str_eq(text, want, "%s: stair note", what);
            }
        }
        for (size_t r = 1; r <= d->n_rooms; r++) cr_assert(room_seen[r], "%s: room %zu has no note", what, r);
        cr_assert_eq(stair_notes, d->n_stairs);
        free(room_seen);
    }
    check_creatures(floors, n, b.adventure, what);
    check_links(journal, n, what);
    close_bundle(&b);
}

/* ------------------------------------------------------------------ tests */

/* Families, shapes, contents depths, a view and a ppg; an index into
 * this table is the parameter (criterion copies parameters between
 * processes, so no pointers). */
static const char *const queries[] = {
    "seed=7",
    "seed=42&size=large&rooms=dense&polymorph=many&contents=full",
    "seed=3&algorithm=gridmapper&caves=yes",
    "seed=5&algorithm=cells&contents=basic",
    "seed=11&algorithm=abstract",
    "seed=13&algorithm=panels",
    "seed=17&algorithm=caverns",
    "seed=19&layout=cavernous&view=player&ppg=33",
    "seed=23&contents=none&style=crosshatch",
};

ParameterizedTestParameters(foundry_bundle, notes_entries_image_and_walls)
{
    static int index[sizeof queries / sizeof queries[0]];
    for (size_t i = 0; i < sizeof index / sizeof index[0]; i++) index[i] = (int)i;
    return cr_make_param_array(int, index, sizeof index / sizeof index[0]);
}
ParameterizedTest(int *index, foundry_bundle, notes_entries_image_and_walls)
{
    const char *query = queries[*index];
    dg_dungeon *d = make(query);
    dg_buf z = render_bundle(d);
    const dg_dungeon *floors[1] = {d};
    check_bundle(floors, 1, &z, query);
    dg_buf_fini(&z);
    dg_dungeon_free(d);
}

Test(foundry_bundle, same_options_same_bytes)
{
    dg_dungeon *a = make("seed=99&size=medium"), *b = make("seed=99&size=medium");
    dg_buf x = render_bundle(a), y = render_bundle(b), z = render_bundle(a);
    cr_assert(x.len == y.len && !memcmp(x.data, y.data, x.len), "two maps of the same options differ");
    cr_assert(x.len == z.len && !memcmp(x.data, z.data, x.len), "two renders of one map differ");
    dg_buf_fini(&x);
    dg_buf_fini(&y);
    dg_buf_fini(&z);
    dg_dungeon_free(a);
    dg_dungeon_free(b);
}

/* Different options, different module and document ids: importing both
 * into one world overwrites nothing. */
Test(foundry_bundle, two_dungeons_share_no_ids)
{
    dg_dungeon *a = make("seed=1"), *c = make("seed=1&rooms=dense");
    dg_buf x = render_bundle(a), y = render_bundle(c);
    bundle p = open_bundle(&x), q = open_bundle(&y);
    cr_assert_str_neq(p.module, q.module);
    json_t *e;
    size_t i;
    json_array_foreach(json_object_get(p.adventure, "journal"), i, e)
        cr_assert_null(find_by_id(json_object_get(q.adventure, "journal"), json_string_value(json_object_get(e, "_id"))));
    close_bundle(&p);
    close_bundle(&q);
    dg_buf_fini(&x);
    dg_buf_fini(&y);
    dg_dungeon_free(a);
    dg_dungeon_free(c);
}

/* The floors walk: two maps as floors 1 and 2 -- stairs name the floor
 * they lead to, every entry and scene is the floor's own. */
Test(foundry_bundle, floors_name_where_stairs_lead)
{
    dg_dungeon *a = make("seed=7&stairs=3"), *c = make("seed=8&stairs=3");
    const dg_dungeon *floors[2] = {a, c};
    dg_buf z;
    dg_buf_init(&z);
    dg_error err;
    dg_error_clear(&err);
    cr_assert_eq(dr__foundry_bundle(floors, 2, &z, &err), DG_OK, "%s", err.msg);
    check_bundle(floors, 2, &z, "two floors");
    dg_buf_fini(&z);
    dg_dungeon_free(a);
    dg_dungeon_free(c);
}

/* The adventure in the journal: the top floor's entry has a page of it
 * (hook, goal, factions, the rumour table marked for the GM, the alarm),
 * each lower floor's a page of its chapter; every room those pages and
 * the rooms' name is a link to that room's page. */
Test(foundry_bundle, the_adventure_is_a_page_and_pages_link_the_rooms_they_name)
{
    static const char *const queries3[] = {"seed=11&floors=3&rows=21&cols=31", "seed=4&floors=2&motif=undead",
                                           "seed=9&level=12"};
    for (size_t q = 0; q < sizeof queries3 / sizeof queries3[0]; q++) {
        dg_dungeon *d = make(queries3[q]);
        const dg_dungeon *floors[DG_MAX_FLOORS];
        size_t n = 0;
        for (const dg_dungeon *f = d; f && n < DG_MAX_FLOORS; f = f->below) floors[n++] = f;
        dg_buf z = render_bundle(d);
        check_bundle(floors, n, &z, queries3[q]);
        bundle b = open_bundle(&z);
        json_t *journal = json_object_get(b.adventure, "journal");
        const dg_adventure *a = d->contents->adventure;
        cr_assert_not_null(a);
        char hook[1024];
        dg_adventure_text(d->contents, DG_ADV_HOOK, 0, hook, sizeof hook);
        json_t *top = json_array_get(journal, 0), *adv = NULL, *pg;
        size_t k;
        json_array_foreach(json_object_get(top, "pages"), k, pg)
        if (!strcmp(json_string_value(json_object_get(pg, "name")), "The adventure")) adv = pg;
        cr_assert_not_null(adv, "%s: no adventure page", queries3[q]);
        const char *html = json_string_value(json_object_get(json_object_get(adv, "text"), "content"));
        hook[strcspn(hook, "\"&<>")] = '\0'; /* up to what HTML escapes */
        cr_assert(strlen(hook) > 20 && strstr(html, hook), "%s: the hook", queries3[q]);
        cr_assert(strstr(html, "<th>For the GM</th>") && strstr(html, "<strong>Alarm.</strong>"), "%s", queries3[q]);
        int marks = 0;
        for (const char *m = html; (m = strstr(m, "</td><td>")); m++)
            marks += !strncmp(m + 9, "true<", 5) || !strncmp(m + 9, "false<", 6) || !strncmp(m + 9, "half-true<", 10);
        cr_assert_eq(marks, DG_ADV_RUMOURS, "%s: every rumour marked for the GM", queries3[q]);
        cr_assert(strstr(html, "@UUID[JournalEntry."), "%s: the adventure links no room", queries3[q]);
        /* each lower floor's entry: its chapter */
        for (size_t f = 1; f < n; f++) {
            json_t *entry = NULL, *e;
            size_t i;
            char want[64];
            snprintf(want, sizeof want, "Floor %zu, ", f + 1);
            json_array_foreach(journal, i, e)
            if (!entry && !strncmp(json_string_value(json_object_get(e, "name")), want, strlen(want))) entry = e;
            cr_assert_not_null(entry);
            bool chapter = false;
            json_array_foreach(json_object_get(entry, "pages"), k, pg)
            chapter |= !strcmp(json_string_value(json_object_get(pg, "name")), "Chapter");
            cr_assert(chapter, "%s: floor %zu has no chapter page", queries3[q], f + 1);
        }
        cr_assert_gt(check_links(journal, n, queries3[q]), 5, "%s", queries3[q]);
        close_bundle(&b);
        dg_buf_fini(&z);
        dg_dungeon_free(d);
    }
}

/* New (free): PNG b as RGB, its width in *w. */
static unsigned char *rgb_of(const dg_buf *b, int *w)
{
    png_image pi;
    memset(&pi, 0, sizeof pi);
    pi.version = PNG_IMAGE_VERSION;
    cr_assert(png_image_begin_read_from_memory(&pi, b->data, b->len), "not a PNG: %s", pi.message);
    pi.format = PNG_FORMAT_RGB;
    unsigned char *rgb = malloc(PNG_IMAGE_SIZE(pi));
    cr_assert(rgb && png_image_finish_read(&pi, NULL, rgb, 0, NULL), "decode: %s", pi.message);
    *w = (int)pi.width;
    return rgb;
}

/* Each floor's background is the players' picture unless view=gm is
 * given: no red S on any floor's secret doors, while the scenes' walls
 * keep them as Foundry's secret doors (door 2) in both. */
Test(foundry_bundle, backgrounds_are_the_players_unless_view_gm_is_given)
{
    static const struct { const char *q; bool marks; } cases[] = {
        {"seed=7&floors=2&ppg=20", false},
        {"seed=7&floors=2&ppg=20&view=gm", true},
    };
    for (size_t i = 0; i < 2; i++) {
        dg_dungeon *d = make(cases[i].q);
        dg_buf z = render_bundle(d);
        bundle b = open_bundle(&z);
        size_t k = 0, secret_walls = 0, all_secret = 0;
        for (const dg_dungeon *f = d; f; f = f->below, k++) {
            char name[128];
            snprintf(name, sizeof name, "%s/floor-%zu.png", b.module, k + 1);
            dg_buf *png = read_entry(b.za, name);
            cr_assert_not_null(png, "%s: no %s", cases[i].q, name);
            int w;
            size_t secret;
            unsigned char *rgb = rgb_of(png, &w);
            long marks = secret_door_pixels(f, rgb, w, 20, dr__style_get(f->opts.style)->rgb[DG_PAL_TRAP], &secret);
            all_secret += secret;
            if (cases[i].marks)
                cr_assert_geq(marks, 10 * (long)secret, "%s floor %zu: %ld red S pixels", cases[i].q, k + 1, marks);
            else
                cr_assert_eq(marks, 0, "%s floor %zu: %ld red S pixels", cases[i].q, k + 1, marks);
            free(rgb);
            free_entry(png);
            json_t *wl;
            size_t n;
            json_array_foreach(json_object_get(json_array_get(json_object_get(b.adventure, "scenes"), k), "walls"), n, wl)
                secret_walls += json_integer_value(json_object_get(wl, "door")) == 2;
        }
        cr_assert_eq(k, 2);
        cr_assert_gt(all_secret, 0, "seed 7's floors have a secret door to look at");
        cr_assert_eq(secret_walls, all_secret, "%s: every secret door a Foundry secret door", cases[i].q);
        close_bundle(&b);
        dg_buf_fini(&z);
        dg_dungeon_free(d);
    }
}

/* GPUs and importers stop at 16384 px a side: refused, naming a ppg that fits. */
Test(foundry_bundle, refuses_a_side_over_16384_px_naming_a_ppg_that_fits)
{
    dg_dungeon *d = make("seed=1&rows=41&cols=301&ppg=70");
    dg_buf z;
    dg_buf_init(&z);
    dg_error err;
    dg_error_clear(&err);
    cr_assert_eq(dg_render(d, DG_FMT_FOUNDRY_BUNDLE, &z, &err), DG_ELIMIT);
    cr_assert_str_eq(err.param, "ppg");
    cr_assert_str_eq(err.value, "70");
    cr_assert_str_eq(err.allowed, "20..54"); /* 301 * 54 = 16254 */
    cr_assert_eq(z.len, 0);
    dg_buf_fini(&z);
    dg_dungeon_free(d);
}

Test(foundry_bundle, markdown_becomes_escaped_html)
{
    const char md[] = "# A <b> & \"c\"\n\n*thin* and **bold**\nstill the paragraph\n\n- one\n- two\n\n"
                      "| a | b |\n|---|---|\n| 1 | 2 |\n\n---\n";
    dg_buf out;
    dg_buf_init(&out);
    cr_assert_eq(dr__md_to_html(md, strlen(md), 1, &out, NULL), DG_OK);
    cr_assert_str_eq((const char *)out.data,
                     "<h2>A &lt;b&gt; &amp; &quot;c&quot;</h2>"
                     "<p><em>thin</em> and <strong>bold</strong> still the paragraph</p>"
                     "<ul><li>one</li><li>two</li></ul>"
                     "<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr>"
                     "</tbody></table><hr>");
    dg_buf_fini(&out);
}

/* A log record longer than LevelDB's 32 KiB block is cut into FIRST,
 * MIDDLE and LAST fragments; LevelDB reads it whole. */
Test(foundry_bundle, a_big_map_spans_log_blocks)
{
    dg_dungeon *d = make("seed=2&size=colossal&ppg=20&contents=full");
    dg_buf z = render_bundle(d);
    bundle b = open_bundle(&z);
    char name[128];
    snprintf(name, sizeof name, "%s/packs/dungeon/" DG_LEVELDB_LOG, b.module);
    dg_buf *log = read_entry(b.za, name);
    cr_assert_gt(log->len, 3 * 32768, "a log of %zu bytes spans no blocks", log->len);
    free_entry(log);
    cr_assert_gt(json_array_size(json_object_get(b.adventure, "journal")), 20);
    close_bundle(&b);
    dg_buf_fini(&z);
    dg_dungeon_free(d);
}

/* The allocation-failure walks fail jansson at every step-th allocation
 * and besides at the first allocation of each kind: each call path by
 * which our code reaches jansson's allocator (oom_paths.h), so no kind of
 * failure point is left out however wide the step. A walk's cost grows with
 * its points times the allocations before each, and under AddressSanitizer
 * (CI runs the unit tests again so) the two walks at the release build's
 * steps made this test take two to three and a half minutes: there they
 * step ten times wider (half a minute), the kinds still all failed. The
 * release steps are twelve and twenty-eight: the adventure's pages and the
 * actors' dnd5e shapes doubled the bundle's allocations, and every third
 * and seventh made the test 42 s; at six and fourteen the two walks were
 * still 7,445 points and most of the release build's 34 s, where each
 * path's first failure is 1,403 of them. */
enum { OOM_WIDER = DG_UNDER_ASAN(1, 10) };

/* The walk (oom_paths.h): its points, the run past the last one counted. */
static long oom_walk(const dg_dungeon *d, long step, long *kinds)
{
    return oom_walk_paths(dg_foundry_bundle_encode, d, step, kinds) + 1;
}

/* jansson failing at one allocation after another (every twelfth, and each
 * kind's first): DG_ENOMEM or DG_OK, never a leak or a crash, nothing left
 * in the caller's buffer on failure. */
Test(foundry_bundle, out_of_memory_anywhere_is_an_error_and_no_leak)
{
    dg_dungeon *d = fx_new();
    d->opts.ppg = DG_MIN_PPG;
    long kinds, points = oom_walk(d, 12 * OOM_WIDER, &kinds);
    cr_assert_gt(points, 50 / OOM_WIDER, "only %ld failure points: the test no longer reaches the bundle", points);
    cr_assert_gt(kinds, 100, "only %ld kinds of failure point: is backtrace(3) working?", kinds);
    fx_free(d);
}

/* Creatures over many dungeons: every motif, levels 1 to 20, all five
 * families, some on two floors, a quarter stocked by the 2024 rules (whose
 * actors name dnd5e.actors24 as their source); the checks of
 * check_creatures. */
Test(foundry_bundle, creatures_tokens_and_tables_over_motifs_and_levels, .timeout = 600)
{
    static const char *const families[] = {"donjon", "gridmapper", "cells", "caverns", "panels", "abstract"};
    int bundles = 0;
    for (int m = 0; m < DG_MOTIF_COUNT; m++)
        for (int i = 0; i < 4; i++) {
            int level = 1 + (m * 7 + i * 5) % 20;
            char q[200];
            snprintf(q, sizeof q, "seed=%d&motif=%s&level=%d&algorithm=%s&contents=full&ppg=20%s%s",
                     1000 + m * 10 + i, dg_motif_name(m), level, families[(m + i) % 6], i == 3 ? "&floors=2" : "",
                     i == 1 ? "&rules=2024" : "");
            dg_dungeon *d = make(q);
            dg_buf z = render_bundle(d);
            const dg_dungeon *floors[DG_MAX_FLOORS];
            size_t n = 0;
            for (const dg_dungeon *f = d; f && n < DG_MAX_FLOORS; f = f->below) floors[n++] = f;
            bundle b = open_bundle(&z);
            check_creatures(floors, n, b.adventure, q);
            close_bundle(&b);
            dg_buf_fini(&z);
            dg_dungeon_free(d);
            bundles++;
        }
    cr_log_info("%d bundles, %ld tokens, %ld big ones on a square not all free floor, %ld stacked", bundles,
                tokens_seen, big_unfit, stacked_rooms);
    cr_assert_gt(tokens_seen, 500, "the sweep places few tokens: %ld", tokens_seen);
    cr_log_info("actors linked to dnd5e.monsters: %ld, to dnd5e.actors24: %ld", sources_in[0], sources_in[1]);
    cr_assert_gt(sources_in[0], 100, "few actors linked to dnd5e.monsters: %ld", sources_in[0]);
    cr_assert_gt(sources_in[1], 30, "few actors linked to dnd5e.actors24: %ld", sources_in[1]);
}

/* The generated id tables (tools/dnd5e_monster_ids.pl) cover the monster
 * tables: one slot per monster of either rules, each id Foundry's 16
 * letters and digits, and dr__bundle_compendium_id finds it by the
 * monster's id. */
Test(foundry_bundle, every_monster_has_a_slot_in_the_dnd5e_id_table)
{
    static const struct {
        dg_rules rules;
        const char *const *ids;
        const size_t *count;
        const char *pack;
    } tables[] = {
        {DG_RULES_2014, dr__dnd5e_monster_ids, &dr__dnd5e_monster_id_count, "monsters"},
        {DG_RULES_2024, dr__dnd5e_monster_ids_2024, &dr__dnd5e_monster_id_count_2024, "actors24"},
    };
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++) {
        size_t n = dg_rules_monster_count(tables[t].rules);
        int base = dg_rules_monster_base(tables[t].rules);
        cr_assert_eq(*tables[t].count, n, "regenerate render/vtt/dnd5e_monster_ids.c (%s)", tables[t].pack);
        size_t with = 0;
        for (size_t i = 0; i < n; i++) {
            const char *pack, *id = dr__bundle_compendium_id(base + (int)i, &pack);
            cr_assert_eq(id, tables[t].ids[i]);
            cr_assert_str_eq(pack, tables[t].pack);
            if (id) {
                cr_assert(valid_id(id), "%s", dg_monster_info(base + (int)i)->name);
                with++;
            }
        }
        cr_log_info("%zu of %zu monsters in dnd5e.%s", with, n, tables[t].pack);
        cr_assert_geq(with, n - 2, "only %zu of %zu monsters in dnd5e.%s", with, n, tables[t].pack);
    }
}

/* The same walk over a small stocked map, so the actors, tokens and
 * roll tables fail at every kind of point too (every twenty-eighth, and each
 * kind's first). */
Test(foundry_bundle, out_of_memory_in_the_creatures_is_an_error_and_no_leak, .timeout = 300)
{
    dg_dungeon *d = make("seed=7&rows=15&cols=15&ppg=20&contents=full&motif=giant&level=9");
    cr_assert_not_null(d->contents);
    long kinds, points = oom_walk(d, 28 * OOM_WIDER, &kinds);
    cr_assert_gt(points, 100 / OOM_WIDER, "only %ld failure points", points);
    cr_assert_gt(kinds, 100, "only %ld kinds of failure point: is backtrace(3) working?", kinds);
    dg_dungeon_free(d);
}

/* ------------------------------------------- the Foundry 14 data schemas */

/* Every key of o is one the schema lists. */
static void keys_in(json_t *o, const char *const *schema, const char *doc, const char *what)
{
    cr_assert(json_is_object(o), "%s: %s is no object", what, doc);
    const char *k;
    json_t *v;
    json_object_foreach(o, k, v) cr_assert(fs_has(schema, k), "%s: %s has %s, which its schema has not", what, doc, k);
}

static void region_in_schema(json_t *r, const char *const *level_ids, size_t n_levels, const char *what)
{
    keys_in(r, fs_region, "a region", what);
    size_t i;
    json_t *v;
    json_array_foreach(json_object_get(r, "shapes"), i, v) keys_in(v, fs_rect, "a region's rectangle", what);
    json_array_foreach(json_object_get(r, "behaviors"), i, v) {
        keys_in(v, fs_behavior, "a region behaviour", what);
        const char *type = json_string_value(json_object_get(v, "type"));
        cr_assert(type && fs_has(fs_behavior_types, type), "%s: behaviour type %s", what, type ? type : "(none)");
        json_t *sys = json_object_get(v, "system");
        if (!strcmp(type, "teleportToken")) keys_in(sys, fs_teleport, "teleportToken's system", what);
        if (!strcmp(type, "modifyMovementCost")) {
            keys_in(sys, fs_movement_cost, "modifyMovementCost's system", what);
            keys_in(json_object_get(sys, "difficulties"), fs_movement_actions, "its difficulties", what);
        }
    }
    json_array_foreach(json_object_get(r, "levels"), i, v) {
        bool known = false;
        for (size_t k = 0; k < n_levels; k++) known |= !strcmp(json_string_value(v), level_ids[k]);
        cr_assert(known, "%s: region %s on an unknown level", what, json_string_value(json_object_get(r, "_id")));
    }
}

/* Every scene document, its Levels, regions and behaviours, walls, lights,
 * notes and tokens, and every roll table result, within the target's
 * schema; foundry=14: one scene, a Level per floor in stacked bands, every
 * placeable on one of them, a changeLevel region at each stair pair. */
static void check_schema(const char *query, int floors, bool v14)
{
    dg_dungeon *d = make(query);
    dg_buf z = render_bundle(d);
    bundle b = open_bundle(&z);
    json_t *scenes = json_object_get(b.adventure, "scenes");
    cr_assert_eq(json_array_size(scenes), v14 ? 1 : (size_t)floors, "%s: scenes", query);
    const char *compat = json_string_value(json_object_get(json_object_get(b.manifest, "compatibility"), "verified"));
    cr_assert_str_eq(compat, v14 ? "14" : "13", "%s: module.json verified", query);
    json_t *sys = json_array_get(json_object_get(json_object_get(b.manifest, "relationships"), "systems"), 0);
    cr_assert_str_eq(json_string_value(json_object_get(sys, "id")), "dnd5e");
    size_t i, k;
    json_t *s, *v;
    json_array_foreach(scenes, i, s) {
        keys_in(s, v14 ? fs_scene : fs_scene13, "the scene", query);
        keys_in(json_object_get(s, "environment"), fs_environment, "environment", query);
        keys_in(json_object_get(s, "fog"), v14 ? fs_fog14 : fs_fog13, "fog", query);
        const char *ids[DG_MAX_FLOORS];
        size_t n_levels = json_array_size(json_object_get(s, "levels"));
        cr_assert_eq(n_levels, v14 ? (size_t)floors : 0, "%s: levels", query);
        json_array_foreach(json_object_get(s, "levels"), k, v) {
            keys_in(v, fs_level, "a level", query);
            ids[k] = json_string_value(json_object_get(v, "_id"));
            cr_assert(valid_id(ids[k]));
            json_t *el = json_object_get(v, "elevation");
            if (k) /* stacked: this band right under the last */
                cr_assert_eq(json_integer_value(json_object_get(el, "top")),
                             json_integer_value(json_object_get(json_object_get(json_array_get(json_object_get(s, "levels"), k - 1), "elevation"), "bottom")));
        }
        static const struct { const char *key; const char *const *schema; } kinds[] = {
            {"walls", fs_wall}, {"lights", fs_light}, {"notes", fs_note}, {"tokens", fs_token}};
        for (size_t t = 0; t < 4; t++) {
            json_array_foreach(json_object_get(s, kinds[t].key), k, v) {
                keys_in(v, kinds[t].schema, kinds[t].key, query);
                if (!v14) continue;
                const char *on = t == 3 ? json_string_value(json_object_get(v, "level"))
                                        : json_string_value(json_array_get(json_object_get(v, "levels"), 0));
                bool known = false;
                for (size_t l = 0; on && l < n_levels; l++) known |= !strcmp(on, ids[l]);
                cr_assert(known, "%s: a %s document on no level", query, kinds[t].key);
            }
        }
        size_t changes = 0;
        json_array_foreach(json_object_get(s, "regions"), k, v) {
            region_in_schema(v, ids, n_levels, query);
            const char *type = json_string_value(json_object_get(json_array_get(json_object_get(v, "behaviors"), 0), "type"));
            changes += type && !strcmp(type, "changeLevel");
        }
        if (v14) { /* each floor's down stairs over the next one's up stairs */
            size_t pairs = 0;
            const dg_dungeon *f = d;
            for (; f && f->below; f = f->below)
                for (size_t st = 0; st < f->n_stairs; st++)
                    for (size_t u = 0; u < f->below->n_stairs; u++)
                        pairs += f->stairs[st].down && !f->below->stairs[u].down &&
                                 f->stairs[st].x == f->below->stairs[u].x && f->stairs[st].y == f->below->stairs[u].y;
            cr_assert_eq(changes, pairs, "%s: %zu changeLevel regions for %zu stair pairs", query, changes, pairs);
            cr_assert(floors < 2 || pairs > 0);
        }
    }
    json_array_foreach(json_object_get(b.adventure, "tables"), i, v) {
        json_array_foreach(json_object_get(v, "results"), k, s) {
            keys_in(s, fs_table_result, "a table result", query);
            cr_assert_str_eq(json_string_value(json_object_get(s, "type")), "text");
        }
    }
    close_bundle(&b);
    dg_buf_fini(&z);
    dg_dungeon_free(d);
}

Test(foundry_bundle, every_document_is_in_the_targets_schema)
{
    check_schema("seed=9&floors=3&motif=undead&level=5&ppg=20&foundry=14", 3, true);
    check_schema("seed=21&floors=3&motif=aquatic&level=5&ppg=20&rules=2024&foundry=14", 3, true);
    check_schema("seed=9&floors=3&motif=undead&level=5&ppg=20&foundry=13", 3, false);
    check_schema("seed=5&algorithm=caverns&ppg=20&foundry=14", 1, true);
}

/* A lair joined by reinforcements (stock_waves.c): every creature has its
 * actor and its token, hidden like the rest, and the wave's tokens say
 * the round the GM reveals them in (flags.dungeond.arrives_round); those
 * there from the start say none. */
Test(foundry_bundle, a_wave_of_reinforcements_has_tokens_flagged_with_its_round)
{
    const char *q = "seed=5898838&algorithm=cells&level=20&party=8&motif=vermin&rules=2024&danger=deadly&ppg=20";
    dg_dungeon *d = make(q);
    dg_buf z = render_bundle(d);
    const dg_dungeon *floors[1] = {d};
    bundle b = open_bundle(&z);
    check_creatures(floors, 1, b.adventure, q);
    long want = 0, flagged = 0, unflagged = 0, there = 0;
    const dg_encounter *e = &d->contents->rooms[d->contents->farthest_room - 1].encounter;
    for (int g = 0; g < e->n_groups; g++) *(e->groups[g].arrives == 3 ? &want : &there) += e->groups[g].count;
    cr_assert_gt(want, 0, "no wave in the lair: the seed no longer shows one");
    json_t *tokens = json_object_get(json_array_get(json_object_get(b.adventure, "scenes"), 0), "tokens"), *tok;
    size_t i;
    json_array_foreach(tokens, i, tok) {
        json_t *round = json_object_get(json_object_get(json_object_get(tok, "flags"), "dungeond"), "arrives_round");
        if (round) {
            cr_assert_eq(json_integer_value(round), 3);
            cr_assert(json_is_true(json_object_get(tok, "hidden")));
            flagged++;
        } else {
            unflagged++;
        }
    }
    cr_assert_eq(flagged, want, "%ld tokens flagged for a wave of %ld", flagged, want);
    cr_assert_geq(unflagged, there);
    close_bundle(&b);
    dg_buf_fini(&z);
    dg_dungeon_free(d);
}
