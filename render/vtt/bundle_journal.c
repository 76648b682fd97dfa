/* bundle_journal.c -- the Foundry module's journal (foundry_bundle.c):
 * per floor an entry for the dungeon (pages: overview, wandering monsters,
 * corridor features, stairs, attribution -- the ones there are) and an
 * entry per room (one page: its key), all as HTML from format=md's words
 * (bundle_key.c); and one "Bestiary" entry after the floors' with a page
 * per creature kind, its stat block as HTML from the Markdown md.c prints.
 * Sorted by hand so room 10 follows room 9. */
#include <stdio.h>

#include "bundle_int.h"

/* --------------------------------------------------------------- journal */

static json_t *page(dr__bundle *b, int floor, int entry, int k, const char *name, const dg_buf *html)
{
    char id[17];
    dr__bundle_make_id(b, "page", floor * (DG_MAX_ROOMS + 2) + entry, k, id);
    json_t *p = json_pack("{s:s,s:s,s:s,s:{s:b,s:i},s:{s:s%,s:i},s:i,s:{s:i},s:{}}", "_id", id, "name", name,
                          "type", "text", "title", "show", 1, "level", 1, "text", "content",
                          html->data ? (const char *)html->data : "", html->len, "format", 1, "sort",
                          (k + 1) * DG_BUNDLE_SORT_STEP, "ownership", "default", -1, "flags");
    if (!p) dr__bundle_oom(b);
    return p;
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
    dg_buf stairs;
    dg_buf_init(&stairs);
    if (b->rc == DG_OK) b->rc = stairs_html(b, floor, &stairs, b->err);
    json_t *pages = json_array();
    if (!pages) dr__bundle_oom(b);
    struct { const char *name; const dg_buf *html; } parts[] = {
        [PAGE_OVERVIEW] = {"Overview", &key->head},
        [PAGE_WANDERING] = {"Wandering monsters", &key->wandering},
        [PAGE_CORRIDORS] = {"Corridor features", &key->corridors},
        [PAGE_STAIRS] = {"Stairs", &stairs},
        [PAGE_ATTRIBUTION] = {"Attribution", &key->attribution},
    };
    for (int k = 0; k < (int)(sizeof parts / sizeof parts[0]) && b->rc == DG_OK; k++)
        if (parts[k].html->len || k == PAGE_OVERVIEW)
            dr__bundle_push(b, pages, page(b, floor, ENTRY_DUNGEON, k, parts[k].name, parts[k].html));
    char name[sizeof b->name + 32];
    dr__bundle_floor_name(b, floor, b->name, name, sizeof name);
    if (b->rc == DG_OK) dr__bundle_push(b, journal, entry(b, floor, ENTRY_DUNGEON, name, sort + DG_BUNDLE_SORT_STEP, pages));
    else json_decref(pages);
    dg_buf_fini(&stairs);

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

