/* bundle_journal.c -- the Foundry module's journal (foundry_bundle.c):
 * per floor an entry for the dungeon (pages: overview, the adventure on
 * the top floor, the floor's chapter, wandering monsters, corridor
 * features, stairs, attribution -- the ones there are) and an entry per
 * room (one page: its key), all as HTML from format=md's words
 * (bundle_key.c); and one "Bestiary" entry after the floors' with a page
 * per creature kind, its stat block as HTML from the Markdown md.c prints.
 * Every "room 4" (or "room 4 on floor 2") a page names is a link to that
 * room's page, Foundry's @UUID[JournalEntry.<id>.JournalEntryPage.<id>]
 * {room 4}: the Adventure's import keeps the documents' ids, so the link
 * holds in the world. Sorted by hand so room 10 follows room 9. */
#include <stdio.h>
#include <string.h>

#include "bundle_int.h"

/* --------------------------------------------------------------- journal */

/* The ids of room `room` of floor `floor` (0 the top)'s entry and page. */
static void room_ids(const dr__bundle *b, int floor, int room, char entry[17], char page[17])
{
    dr__bundle_make_id(b, "entry", floor, room, entry);
    dr__bundle_make_id(b, "page", floor * (DG_MAX_ROOMS + 2) + room, 0, page);
}

static bool digit(char c) { return c >= '0' && c <= '9'; }

/* A number of at most four digits at s[*i] (moved past it); 0 none. */
static int number_at(const char *s, size_t n, size_t *i)
{
    int v = 0, k = 0;
    while (*i < n && digit(s[*i]) && k < 5) v = v * 10 + (s[(*i)++] - '0'), k++;
    return k && k < 5 ? v : 0;
}

/* html with every "room N" (this floor's room N) and "room N on floor K"
 * or "room N of floor K" that names a room of the bundle made a link to
 * that room's page, appended to out; the room's own page (self, 0 none)
 * does not link itself. md.c and the adventure's words write rooms so. */
static dg_status link_rooms(const dr__bundle *b, int floor, int self, const dg_buf *html, dg_buf *out, dg_error *err)
{
    const char *s = html->data ? (const char *)html->data : "";
    size_t n = html->len, done = 0;
    dg_status rc = DG_OK;
    for (size_t i = 0; i + 6 < n && rc == DG_OK; i++) {
        if (memcmp(s + i, "room ", 5) || (i && ((s[i - 1] >= 'a' && s[i - 1] <= 'z') || (s[i - 1] >= 'A' && s[i - 1] <= 'Z'))))
            continue;
        size_t j = i + 5;
        int room = number_at(s, n, &j), fl = floor;
        if (!room || (j < n && digit(s[j]))) continue;
        size_t k = j;
        if (k + 10 < n && (!memcmp(s + k, " on floor ", 10) || !memcmp(s + k, " of floor ", 10))) {
            k += 10;
            int named = number_at(s, n, &k);
            if (named) fl = named - 1, j = k;
        }
        if (fl < 0 || (size_t)fl >= b->n || (size_t)room > b->floors[fl]->n_rooms || (fl == floor && room == self))
            continue;
        char entry[17], page[17];
        room_ids(b, fl, room, entry, page);
        rc = dg_buf_append(out, s + done, i - done, err);
        if (rc == DG_OK)
            rc = dg_buf_printf(out, err, "@UUID[JournalEntry.%s.JournalEntryPage.%s]{%.*s}", entry, page, (int)(j - i),
                               s + i);
        done = i = j;
        i--;
    }
    if (rc == DG_OK) rc = dg_buf_append(out, s + done, n - done, err);
    return rc;
}

/* A text page; sort its place among the entry's pages (1 first). Its
 * rooms are links (link_rooms; self: the room the page is, 0 none). */
static json_t *page_at(dr__bundle *b, int floor, int entry, int k, int sort, const char *name, const dg_buf *html)
{
    char id[17];
    dr__bundle_make_id(b, "page", floor * (DG_MAX_ROOMS + 2) + entry, k, id);
    dg_buf linked;
    dg_buf_init(&linked);
    if (b->rc == DG_OK) b->rc = link_rooms(b, floor, entry, html, &linked, b->err);
    json_t *p = b->rc == DG_OK
                    ? json_pack("{s:s,s:s,s:s,s:{s:b,s:i},s:{s:s%,s:i},s:i,s:{s:i},s:{}}", "_id", id, "name", name,
                                "type", "text", "title", "show", 1, "level", 1, "text", "content",
                                linked.data ? (const char *)linked.data : "", linked.len, "format", 1, "sort", sort,
                                "ownership", "default", -1, "flags")
                    : NULL;
    dg_buf_fini(&linked);
    if (!p && b->rc == DG_OK) dr__bundle_oom(b);
    return p;
}

static json_t *page(dr__bundle *b, int floor, int entry, int k, const char *name, const dg_buf *html)
{
    return page_at(b, floor, entry, k, (k + 1) * DG_BUNDLE_SORT_STEP, name, html);
}

/* Floor k's chapter (the top floor's when the dungeon has more than one;
 * a single floor's is in its adventure page) as a page's HTML. */
static dg_status chapter_html(const dr__bundle *b, int floor, dg_buf *out, dg_error *err)
{
    const dg_contents *top = b->floors[0]->contents;
    const dg_adventure *a = top ? top->adventure : NULL;
    for (int i = 0; a && b->n > 1 && i < a->n_chapters; i++) {
        if (a->chapters[i].floor != floor + 1) continue;
        char t[1024], md[1100];
        dg_adventure_text(top, DG_ADV_CHAPTER, i, t, sizeof t);
        int len = snprintf(md, sizeof md, "*%s*\n", t);
        return dr__md_to_html(md, len < (int)sizeof md ? (size_t)len : sizeof md - 1, 0, out, err);
    }
    return DG_OK;
}

static json_t *entry(dr__bundle *b, int floor, int idx, const char *name, int sort, json_t *pages)
{
    char id[17];
    dr__bundle_make_id(b, "entry", floor, idx, id);
    json_t *e = json_pack("{s:s,s:s,s:s,s:i,s:{s:i},s:{},s:o,s:o}", "_id", id, "name", name, "folder",
                          b->journal_folder, "sort", sort, "ownership", "default", 0, "flags", "pages",
                          pages, "_stats", dr__bundle_stats(false));
    if (!e) dr__bundle_oom(b);
    return e;
}

/* "Floor 2, " before a name when there is more than one floor. */
void dr__bundle_floor_name(const dr__bundle *b, int floor, const char *name, char *out, size_t cap)
{
    if (b->n > 1) snprintf(out, cap, "Floor %d, %s", floor + 1, name);
    else snprintf(out, cap, "%s", name);
}

/* Where stair s of floor k leads, in words. */
void dr__bundle_stair_words(const dr__bundle *b, int floor, const dg_stair *s, char *out, size_t cap)
{
    if (s->down && (size_t)floor + 1 < b->n) snprintf(out, cap, "Stairs down to Floor %d", floor + 2);
    else if (s->down) snprintf(out, cap, "Stairs down: they lead deeper");
    else if (floor > 0) snprintf(out, cap, "Stairs up to Floor %d", floor);
    else snprintf(out, cap, "Stairs up: they lead up out of the dungeon");
}

/* The floor's stairs as a page's HTML: where each stands and leads. */
static dg_status stairs_html(const dr__bundle *b, int floor, dg_buf *out, dg_error *err)
{
    const dg_dungeon *d = b->floors[floor];
    dg_status rc = d->n_stairs ? dg_buf_puts(out, "<ul>", err) : DG_OK;
    for (size_t i = 0; i < d->n_stairs && rc == DG_OK; i++) {
        char words[64];
        dr__bundle_stair_words(b, floor, &d->stairs[i], words, sizeof words);
        rc = dg_buf_printf(out, err, "<li><strong>%s</strong> (square %d,%d).</li>", words, d->stairs[i].x,
                            d->stairs[i].y);
    }
    if (rc == DG_OK && d->n_stairs) rc = dg_buf_puts(out, "</ul>", err);
    return rc;
}

/* Floor k's entries appended to journal; its key in key. */
void dr__bundle_floor_journal(dr__bundle *b, int floor, const dr__bundle_key *key, json_t *journal)
{
    const dg_dungeon *d = b->floors[floor];
    int sort = floor * (DG_MAX_ROOMS + 2) * DG_BUNDLE_SORT_STEP;
    dg_buf stairs, chapter;
    dg_buf_init(&stairs);
    dg_buf_init(&chapter);
    if (b->rc == DG_OK) b->rc = stairs_html(b, floor, &stairs, b->err);
    if (b->rc == DG_OK) b->rc = chapter_html(b, floor, &chapter, b->err);
    json_t *pages = json_array();
    if (!pages) dr__bundle_oom(b);
    /* the pages in reading order; an id's number (its k) stays what it
     * was when the adventure's pages came, after the others */
    struct { int k; const char *name; const dg_buf *html; } parts[] = {
        {PAGE_OVERVIEW, "Overview", &key->head},
        {PAGE_ADVENTURE, "The adventure", &key->adventure},
        {PAGE_CHAPTER, "Chapter", &chapter},
        {PAGE_WANDERING, "Wandering monsters", &key->wandering},
        {PAGE_CORRIDORS, "Corridor features", &key->corridors},
        {PAGE_STAIRS, "Stairs", &stairs},
        {PAGE_ATTRIBUTION, "Attribution", &key->attribution},
    };
    for (int i = 0; i < (int)(sizeof parts / sizeof parts[0]) && b->rc == DG_OK; i++)
        if (parts[i].html->len || parts[i].k == PAGE_OVERVIEW)
            dr__bundle_push(b, pages, page_at(b, floor, ENTRY_DUNGEON, parts[i].k, (i + 1) * DG_BUNDLE_SORT_STEP,
                                              parts[i].name, parts[i].html));
    char name[sizeof b->name + 32];
    dr__bundle_floor_name(b, floor, b->name, name, sizeof name);
    if (b->rc == DG_OK) dr__bundle_push(b, journal, entry(b, floor, ENTRY_DUNGEON, name, sort + DG_BUNDLE_SORT_STEP, pages));
    else json_decref(pages);
    dg_buf_fini(&stairs);
    dg_buf_fini(&chapter);

    for (size_t i = 0; i < d->n_rooms && b->rc == DG_OK; i++) {
        pages = json_array();
        if (!pages) {
            dr__bundle_oom(b);
            break;
        }
        const char *title = key->room_title[i];
        dr__bundle_push(b, pages, page(b, floor, (int)i + 1, 0, title, &key->room[i]));
        dr__bundle_floor_name(b, floor, title, name, sizeof name);
        if (b->rc == DG_OK) dr__bundle_push(b, journal, entry(b, floor, (int)i + 1, name, sort + (int)(i + 2) * DG_BUNDLE_SORT_STEP, pages));
        else json_decref(pages);
    }
}

/* The "Bestiary" entry: a page per creature kind of every floor, by name,
 * each the stat block md.c prints, as HTML. None when nobody lives here. */
void dr__bundle_bestiary_journal(dr__bundle *b, json_t *journal)
{
    dr__bestiary kinds;
    dr__bestiary_of_floors(b->floors, b->n, &kinds);
    if (!kinds.n || b->rc != DG_OK) return;
    json_t *pages = json_array();
    if (!pages) {
        dr__bundle_oom(b);
        return;
    }
    dg_buf md, html;
    dg_buf_init(&md);
    dg_buf_init(&html);
    for (int i = 0; i < kinds.n && b->rc == DG_OK; i++) {
        dg_buf_reset(&md);
        dg_buf_reset(&html);
        b->rc = dr__key_statblock(&md, kinds.monster[i], NULL, b->err);
        if (b->rc == DG_OK) b->rc = dr__md_to_html((const char *)md.data, md.len, 0, &html, b->err);
        char id[17];
        dr__bundle_make_id(b, "bestiary-page", kinds.monster[i], 0, id);
        json_t *p = b->rc == DG_OK ? json_pack("{s:s,s:s,s:s,s:{s:b,s:i},s:{s:s%,s:i},s:i,s:{s:i},s:{}}", "_id", id,
                                               "name", dg_monster_info(kinds.monster[i])->name, "type", "text",
                                               "title", "show", 1, "level", 1, "text", "content",
                                               html.data ? (const char *)html.data : "", html.len, "format", 1,
                                               "sort", (i + 1) * DG_BUNDLE_SORT_STEP, "ownership", "default", -1, "flags")
                                   : NULL;
        if (b->rc == DG_OK) dr__bundle_push(b, pages, p);
    }
    dg_buf_fini(&md);
    dg_buf_fini(&html);
    char id[17];
    dr__bundle_make_id(b, "bestiary", 0, 0, id);
    json_t *e = b->rc == DG_OK ? json_pack("{s:s,s:s,s:s,s:i,s:{s:i},s:{},s:o,s:o}", "_id", id, "name", "Bestiary",
                                           "folder", b->journal_folder, "sort",
                                           (int)b->n * (DG_MAX_ROOMS + 2) * DG_BUNDLE_SORT_STEP + DG_BUNDLE_SORT_STEP, "ownership",
                                           "default", 0, "flags", "pages", pages, "_stats", dr__bundle_stats(false))
                               : NULL;
    if (e) dr__bundle_push(b, journal, e); /* e has pages */
    else if (b->rc == DG_OK) dr__bundle_oom(b); /* json_pack's "o" took pages even so */
    else json_decref(pages);
}

