/* test_md.c -- the Markdown key's own words, as a GM reads them: a
 * corridor feature on one square says "square", on more "squares" ("A
 * skeletal hand still clutching a torch (squares 4,7)" read as a slip);
 * a one-room map is "1 room" ("1 rooms on a 23 x 17 map" stood over a
 * quarter of tiny caves); a lone creature is no "they" ("Half-Dragon (CR
 * 5, ...). They belong to the Cast-Outs" reads "One of the Cast-Outs"),
 * nor its XP adjusted "for their number" (a party of one or two, or six and more, adjusts it). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "query_fixture.h"

/* The dungeon of `query`, and its key as Markdown in *b (a C string). */
static dg_dungeon *key_of(const char *query, dg_buf *b)
{
    dg_options o;
    dg_error err;
    cr_assert_eq(parse_query(&o, query, NULL, &err), DG_OK, "%s: %s", query, err.msg);
    dg_dungeon *d = NULL;
    cr_assert_eq(dg_generate(&o, &d, &err), DG_OK, "%s: %s", query, err.msg);
    dg_buf_init(b);
    cr_assert_eq(dg_md_encode(d, b, &err), DG_OK);
    cr_assert_eq(dg_buf_append(b, "", 1, &err), DG_OK);
    return d;
}

/* Over 150 dungeons of six families, 1-3 floors. */
Test(md, a_corridor_feature_counts_its_squares)
{
    static const char *const families[] = {"donjon", "caverns", "panels", "gridmapper", "abstract", "cells"};
    int one = 0, more = 0;
    for (int s = 1; s <= 150; s++) {
        char query[160];
        snprintf(query, sizeof query, "seed=%d&algorithm=%s&floors=%d", s, families[s % 6], 1 + s % 3);
        dg_buf b;
        dg_dungeon *d = key_of(query, &b);
        const char *md = (const char *)b.data;
        for (const char *p = md; (p = strstr(p, "\n- **")); p++) {
            const char *end = strchr(p + 1, '\n'), *open = strstr(p, " (square");
            if (!open || (end && open > end) || !strstr(p, ").") || !(p[5] >= 'a' && p[5] <= 'z' && p[6] == '.'))
                continue;
            const char *close = strchr(open, ')');
            bool several = memchr(open, ';', (size_t)(close - open)) != NULL;
            bool says_several = !strncmp(open, " (squares ", 10);
            cr_assert_eq(says_several, several, "%s: %.*s", query, (int)(end ? end - p - 1 : 80), p + 1);
            *(several ? &more : &one) += 1;
        }
        dg_buf_fini(&b);
        dg_dungeon_free(d);
    }
    fprintf(stderr, "corridor features: %d on one square, %d on more\n", one, more);
    cr_assert_gt(one, 20);
    cr_assert_gt(more, 20);
}

/* Over 40 tiny caves, a quarter of them one room. */
Test(md, one_room_is_not_rooms)
{
    int ones = 0;
    for (int s = 1; s <= 40; s++) {
        char query[64];
        snprintf(query, sizeof query, "seed=%d&algorithm=caverns&size=tiny", s);
        dg_buf b;
        dg_dungeon *d = key_of(query, &b);
        const char *text = (const char *)b.data, *rooms = strstr(text, ". 1 rooms ");
        cr_assert_null(rooms, "%s: '%.120s'", query, rooms);
        ones += d->n_rooms == 1 && strstr(text, ". 1 room on a ") != NULL;
        dg_buf_fini(&b);
        dg_dungeon_free(d);
    }
    cr_assert_geq(ones, 3, "only %d one-room maps read", ones);
}

/* Over 300 dungeons of six families, parties of 1-8, both rules. */
Test(md, a_lone_creature_is_no_they)
{
    static const char *const families[] = {"donjon", "caverns", "panels", "gridmapper", "abstract", "cells"};
    int lone = 0, adjusted = 0;
    for (int s = 1; s <= 300; s++) {
        char query[160];
        snprintf(query, sizeof query, "seed=%d&algorithm=%s&party=%d&level=%d&rules=%s", s, families[s % 6],
                 1 + s % 8, 1 + s % 20, s % 3 ? "2014" : "2024");
        dg_buf b;
        dg_dungeon *d = key_of(query, &b);
        for (const char *p = (const char *)b.data; (p = strstr(p, "\n**Monsters.** ")); p++) {
            const char *end = strchr(p + 1, '\n');
            size_t n = end ? (size_t)(end - p) : strlen(p);
            char line[1024];
            snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), p + 1);
            /* one group of one: no "3 x " count, no second group after ";" */
            if (strstr(line, " x ") || strchr(line, ';')) continue;
            lone++;
            adjusted += strstr(line, "adjusted") != NULL;
            cr_assert(!strstr(line, "They belong") && !strstr(line, "their number"), "%s: %s", query, line);
        }
        dg_buf_fini(&b);
        dg_dungeon_free(d);
    }
    fprintf(stderr, "lone creatures: %d, %d of them with their XP adjusted\n", lone, adjusted);
    cr_assert_gt(lone, 20);
    cr_assert_gt(adjusted, 5);
}

/* A key's door is one door: "The key to the north door of room 18" of a
 * room with two north doors, their keys in rooms 7 and 12 (seed=555
 * level=5 motif=undead rows=61 cols=61), sent the party to either. A
 * door named alone in a keys line ("the <wall> door of room <n>") whose
 * room has another door in that wall says which: " at square x,y". Over
 * 60 big maps of the families with doors. */
Test(md, a_keys_door_is_one_door)
{
    static const char *const families[] = {"donjon", "panels", "gridmapper", "abstract", "cells"};
    static const char *const walls[] = {"north", "east", "south", "west"};
    int named = 0, shared = 0;
    for (int s = 1; s <= 60; s++) {
        char query[160];
        snprintf(query, sizeof query, "seed=%d&algorithm=%s&rows=61&cols=61&level=%d", s, families[s % 5], 1 + s % 20);
        dg_buf b;
        dg_dungeon *d = key_of(query, &b);
        for (const char *p = (const char *)b.data; (p = strstr(p, "\n**Key")); p++) {
            const char *end = strchr(p + 1, '\n');
            for (const char *q = p; (q = strstr(q, " door of room ")) && (!end || q < end); q++) {
                /* the wall's word just before " door" */
                const char *w = q;
                while (w > p && w[-1] != ' ') w--;
                int wall = -1;
                for (int k = 0; k < 4; k++)
                    if (!strncmp(w, walls[k], strlen(walls[k])) && w + strlen(walls[k]) == q) wall = k;
                int room = atoi(q + strlen(" door of room "));
                if (wall < 0 || room <= 0) continue;
                int in_wall = 0;
                for (const dg_dungeon *f = d; f; f = f->below)
                    for (size_t i = 0; f == d && i < f->n_doors; i++)
                        in_wall += f->doors[i].room == room && !strcmp(dg_dir_name(f->doors[i].dir), walls[wall]);
                named++;
                if (in_wall < 2) continue;
                shared++;
                const char *after = q + strlen(" door of room ");
                while (*after >= '0' && *after <= '9') after++;
                cr_assert(!strncmp(after, " at square ", 11), "%s: room %d has %d %s doors: %.*s", query, room,
                          in_wall, walls[wall], (int)(end ? end - p - 1 : 160), p + 1);
            }
        }
        dg_buf_fini(&b);
        dg_dungeon_free(d);
    }
    fprintf(stderr, "keys lines' doors: %d named, %d of them in a wall with another\n", named, shared);
    cr_assert_gt(named, 100);
    cr_assert_gt(shared, 5);
}
