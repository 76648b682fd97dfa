/* test_foundry_bundle.c -- format=foundry-bundle (render/vtt/foundry_bundle.c)
 * read back the way Foundry reads it (bundle_reader.h: libzip, LevelDB
 * itself, jansson). Over several families and seeds: every note's entryId
 * and pageId exist in the journal, every room has a note inside its
 * outline linked to its own entry, the background file is in the archive
 * at the scene's width x height, the walls are format=foundry's, stair
 * notes say where they lead, the same options give the same bytes, and an
 * allocation failure anywhere is an error with nothing leaked. The
 * creatures over many dungeons are test_foundry_creatures.c's; the Foundry
 * 14 schemas test_foundry_schema.c's. */
#define _GNU_SOURCE /* dladdr */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <dlfcn.h>
#include <execinfo.h>
#include <png.h>

#include "bundle_creatures.h"
#include "bundle_int.h"
#include "enc_fixture.h"
#include "oom_jansson.h"
#include "oom_paths.h"
#include "png_int.h"
#include "sanitized.h"

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
