/* bundle_key.c -- the room key as Foundry journal pages: format=md's
 * Markdown of a floor (md.c, whose words are key_text.c's) cut at its
 * headings into the parts a journal shows apart -- the head, the wandering
 * monsters, each room, the corridor features, the attribution, the
 * adventure (from the Markdown of every floor) -- and each
 * part turned into the HTML a JournalEntryPage of type "text" holds. The
 * key is written once, by md.c; this file only reframes it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle_int.h"

/* ------------------------------------------------------ Markdown -> HTML */

typedef struct {
    dg_buf *b;
    dg_error *err;
    dg_status rc;
} html;

static void put(html *h, const char *s, size_t n)
{
    if (h->rc == DG_OK) h->rc = dg_buf_append(h->b, s, n, h->err);
}
static void puts_(html *h, const char *s) { put(h, s, strlen(s)); }

/* Text with **strong** and *em*; everything else escaped. */
static void inline_text(html *h, const char *s, size_t n)
{
    bool strong = false, em = false;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '*' && i + 1 < n && s[i + 1] == '*') {
            puts_(h, strong ? "</strong>" : "<strong>");
            strong = !strong;
            i++;
        } else if (c == '*') {
            puts_(h, em ? "</em>" : "<em>");
            em = !em;
        } else if (c == '&') {
            puts_(h, "&amp;");
        } else if (c == '<') {
            puts_(h, "&lt;");
        } else if (c == '>') {
            puts_(h, "&gt;");
        } else if (c == '"') {
            puts_(h, "&quot;");
        } else {
            put(h, &c, 1);
        }
    }
    if (em) puts_(h, "</em>");
    if (strong) puts_(h, "</strong>");
}

static size_t trim_end(const char *s, size_t n)
{
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\r')) n--;
    return n;
}

/* One table row "| a | b |" as <tr> of cells `tag`. */
static void table_row(html *h, const char *s, size_t n, const char *tag)
{
    puts_(h, "<tr>");
    size_t i = s[0] == '|' ? 1 : 0;
    n = trim_end(s, n);
    if (n && s[n - 1] == '|') n--;
    while (i <= n && h->rc == DG_OK) {
        size_t j = i;
        while (j < n && s[j] != '|') j++;
        size_t a = i, z = j;
        while (a < z && s[a] == ' ') a++;
        while (z > a && s[z - 1] == ' ') z--;
        put(h, "<", 1);
        puts_(h, tag);
        put(h, ">", 1);
        inline_text(h, s + a, z - a);
        puts_(h, "</");
        puts_(h, tag);
        put(h, ">", 1);
        i = j + 1;
    }
    puts_(h, "</tr>");
}

dg_status dr__md_to_html(const char *md, size_t n, int demote, dg_buf *out, dg_error *err)
{
    html h = {out, err, DG_OK};
    enum { NONE, PARA, LIST, TABLE, QUOTE } open = NONE;
    int table_rows = 0;
    static const char *const closers[] = {"", "</p>", "</ul>", "</tbody></table>", "</p></blockquote>"};
    for (size_t at = 0; at < n && h.rc == DG_OK;) {
        const char *line = md + at;
        const char *nl = memchr(line, '\n', n - at);
        size_t len = nl ? (size_t)(nl - line) : n - at;
        at += len + (nl ? 1 : 0);
        len = trim_end(line, len);
        /* "> " is the read-aloud text: a blockquote, as Foundry styles it */
        int kind = len == 0 ? NONE : line[0] == '|' ? TABLE : len > 1 && line[0] == '-' && line[1] == ' ' ? LIST
                   : len > 1 && line[0] == '>' && line[1] == ' ' ? QUOTE
                   : line[0] == '#' || (len == 3 && !memcmp(line, "---", 3)) ? -1 : PARA;
        if (open != NONE && kind != (int)open) {
            puts_(&h, closers[open]);
            open = NONE;
        }
        if (kind == NONE) continue;
        if (kind == -1 && line[0] == '-') {
            puts_(&h, "<hr>");
        } else if (kind == -1) {
            int level = 0;
            while ((size_t)level < len && line[level] == '#') level++;
            size_t skip = (size_t)level + ((size_t)level < len && line[level] == ' ');
            level += demote;
            char tag[4] = {'h', (char)('0' + (level > 6 ? 6 : level < 1 ? 1 : level)), '>', '\0'};
            puts_(&h, "<");
            puts_(&h, tag);
            inline_text(&h, line + skip, len - skip);
            puts_(&h, "</");
            puts_(&h, tag);
        } else if (kind == QUOTE) {
            puts_(&h, open == QUOTE ? " " : "<blockquote><p>");
            open = QUOTE;
            inline_text(&h, line + 2, len - 2);
        } else if (kind == LIST) {
            puts_(&h, open == LIST ? "<li>" : "<ul><li>");
            open = LIST;
            inline_text(&h, line + 2, len - 2);
            puts_(&h, "</li>");
        } else if (kind == TABLE) {
            if (open != TABLE) table_rows = 0;
            bool rule = strspn(line, "|-: ") == len;
            if (open != TABLE) puts_(&h, "<table><thead>");
            open = TABLE;
            if (rule) {
                puts_(&h, "</thead><tbody>");
            } else {
                table_row(&h, line, len, table_rows ? "td" : "th");
                table_rows++;
            }
        } else {
            puts_(&h, open == PARA ? " " : "<p>");
            open = PARA;
            inline_text(&h, line, len);
        }
    }
    if (open != NONE) puts_(&h, closers[open]);
    return h.rc;
}

/* ---------------------------------------------------------- the key cut */

void dr__bundle_key_init(dr__bundle_key *k)
{
    memset(k, 0, sizeof *k);
    dg_buf_init(&k->head);
    dg_buf_init(&k->wandering);
    dg_buf_init(&k->corridors);
    dg_buf_init(&k->attribution);
    dg_buf_init(&k->adventure);
}

void dr__bundle_key_fini(dr__bundle_key *k)
{
    dg_buf_fini(&k->head);
    dg_buf_fini(&k->wandering);
    dg_buf_fini(&k->corridors);
    dg_buf_fini(&k->attribution);
    dg_buf_fini(&k->adventure);
    for (size_t i = 0; i < k->n_rooms; i++) {
        if (k->room) dg_buf_fini(&k->room[i]);
        if (k->room_title) dg__free(k->room_title[i]);
    }
    dg__free(k->room);
    dg__free(k->room_title);
    dr__bundle_key_init(k);
}

static bool starts(const char *s, size_t n, const char *p)
{
    size_t m = strlen(p);
    return n >= m && !memcmp(s, p, m);
}

/* A section's Markdown into HTML in dst. */
static dg_status convert(const char *md, size_t a, size_t z, dg_buf *dst, dg_error *err)
{
    return z > a ? dr__md_to_html(md + a, z - a, 0, dst, err) : DG_OK;
}

/* The adventure's section ("## The adventure" up to the next "## ") of the
 * Markdown of d and every floor below it: a floor's own key says "room 4"
 * where the adventure means "room 4 of floor 2". Nothing when d tells no
 * adventure. */
static dg_status adventure_cut(const dg_dungeon *d, dg_buf *dst, dg_error *err)
{
    if (!d->contents || !d->contents->adventure) return DG_OK;
    dg_buf md;
    dg_buf_init(&md);
    dg_status rc = dg_md_encode(d, &md, err);
    const char *s = (const char *)md.data;
    size_t from = 0, to = 0;
    for (size_t at = 0; rc == DG_OK && at < md.len;) {
        const char *nl = memchr(s + at, '\n', md.len - at);
        size_t len = nl ? (size_t)(nl - (s + at)) : md.len - at;
        if (starts(s + at, len, "## ")) {
            if (from) {
                to = at;
                break;
            }
            if (starts(s + at, len, "## The adventure")) from = at + len + 1;
        }
        at += len + 1;
    }
    if (rc == DG_OK && from && !to) to = md.len;
    if (rc == DG_OK && from) rc = convert(s, from, to, dst, err);
    dg_buf_fini(&md);
    return rc;
}

dg_status dr__bundle_key_build(const dg_dungeon *d, dr__bundle_key *k, dg_error *err)
{
    /* this floor's key alone: md writes every floor of a chain */
    dg_dungeon one = *d;
    one.below = NULL;
    dg_buf md;
    dg_buf_init(&md);
    dg_status rc = dg_md_encode(&one, &md, err);
    k->n_rooms = d->n_rooms;
    if (rc == DG_OK && k->n_rooms &&
        (!(k->room = dg__calloc(k->n_rooms, sizeof *k->room)) ||
         !(k->room_title = dg__calloc(k->n_rooms, sizeof *k->room_title))))
        rc = dg__nomem(err, "cutting the key into pages");
    const char *s = (const char *)md.data;
    /* the section being read: its Markdown starts at `from`, goes to dst */
    dg_buf *dst = &k->head;
    dg_buf skipped; /* the stat blocks: the bundle's bestiary entry has them */
    dg_buf_init(&skipped);
    size_t from = 0;
    for (size_t at = 0; rc == DG_OK && at <= md.len;) {
        const char *line = s + at;
        const char *nl = at < md.len ? memchr(line, '\n', md.len - at) : NULL;
        size_t len = at < md.len ? (nl ? (size_t)(nl - line) : md.len - at) : 0;
        size_t next = at + len + 1;
        dg_buf *to = NULL; /* set at a heading that starts a section */
        bool keep_line = false;
        int room = 0;
        if (at == md.len) {
            to = dst; /* the end: flush the last section */
        } else if (starts(line, len, "# ")) {
            to = &k->head; /* the dungeon's name is the journal entry's */
        } else if (starts(line, len, "## Wandering monsters")) {
            to = &k->wandering;
        } else if (starts(line, len, "## Stat blocks") || starts(line, len, "## The adventure")) {
            to = &skipped; /* the adventure: adventure_cut's, a page of its own */
        } else if (starts(line, len, "## Corridor features")) {
            to = &k->corridors;
        } else if (starts(line, len, "## Rooms")) {
            to = &k->head;
        } else if (starts(line, len, "### Room ") && (room = atoi(line + 9)) >= 1 && (size_t)room <= k->n_rooms) {
            to = &k->room[room - 1];
            char *title = dg__malloc(len - 4 + 1);
            if (title) {
                memcpy(title, line + 4, len - 4);
                title[len - 4] = '\0';
            } else {
                rc = dg__nomem(err, "cutting the key into pages");
            }
            dg__free(k->room_title[room - 1]);
            k->room_title[room - 1] = title;
        } else if (len == 3 && !memcmp(line, "---", 3)) {
            to = &k->attribution;
        } else if (starts(line, len, "## ")) {
            to = &k->head; /* a part this cut does not know: the head shows it */
            keep_line = true;
        }
        if (to) {
            if (rc == DG_OK) rc = convert(s, from, at, dst, err);
            dst = to;
            from = keep_line || at == md.len ? at : (next < md.len ? next : md.len);
            /* "## Rooms" opens no section of its own: what follows it is rooms */
        }
        if (at == md.len) break;
        at = next;
    }
    for (size_t i = 0; rc == DG_OK && i < k->n_rooms; i++)
        if (!k->room_title[i]) {
            char t[32];
            snprintf(t, sizeof t, "Room %zu", i + 1);
            if (!(k->room_title[i] = dg__strdup(t))) rc = dg__nomem(err, "cutting the key into pages");
        }
    dg_buf_fini(&skipped);
    dg_buf_fini(&md);
    if (rc == DG_OK) rc = adventure_cut(d, &k->adventure, err);
    return rc;
}
