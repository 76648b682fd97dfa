/* test_reroll.c -- reroll draws a room's contents again and nothing else:
 * over 200 dungeons with random rerolls, every room not named is
 * byte-identical in the JSON, the cells are unchanged, the lair keeps its
 * boss and the richest hoard, keys stay where they were; the canonical
 * string carries the rerolls sorted; bad values are refused naming the key. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "dg_contents.h"
#include "render.h"

static dg_dungeon *make(const char *seed, const char *level, const char *reroll)
{
    const char *keys[] = {"seed", "level", "party", "rows", "cols", "reroll"};
    const char *vals[] = {seed, level, "4", "31", "41", reroll};
    dg_options o;
    dg_error e = {0};
    cr_assert_eq(dg_options_parse(&o, reroll ? 6 : 5, keys, vals, NULL, &e), DG_OK, "%s", e.msg);
    dg_dungeon *d = NULL;
    cr_assert_eq(dg_generate(&o, &d, &e), DG_OK, "%s", e.msg);
    return d;
}

static json_t *rooms_of(const dg_dungeon *d)
{
    dg_buf b;
    dg_buf_init(&b);
    dg_error e = {0};
    cr_assert_eq(dg_render(d, DG_FMT_JSON, &b, &e), DG_OK);
    json_error_t je;
    json_t *doc = json_loadb((const char *)b.data, b.len, 0, &je);
    cr_assert_not_null(doc, "%s", je.text);
    dg_buf_fini(&b);
    json_t *rooms = json_incref(json_object_get(doc, "rooms"));
    json_decref(doc);
    return rooms;
}

Test(reroll, only_the_rooms_named_change)
{
    int changed = 0;
    for (int i = 0; i < 200; i++) {
        char seed[16], level[8], reroll[64];
        snprintf(seed, sizeof seed, "%d", 5000 + i);
        snprintf(level, sizeof level, "%d", 1 + i % 20);
        dg_dungeon *a = make(seed, level, NULL);
        size_t n = a->n_rooms;
        if (n < 2) {
            dg_dungeon_free(a);
            continue;
        }
        int r1 = 1 + i % (int)n, r2 = 1 + (i * 7 + 3) % (int)n, v = 1 + i % 99;
        if (r2 == r1) snprintf(reroll, sizeof reroll, "%d:%d", r1, v);
        else snprintf(reroll, sizeof reroll, "%d:%d,%d:%d", r2, v, r1, 1 + (v * 3) % 99);
        dg_dungeon *b = make(seed, level, reroll);
        cr_assert_eq(memcmp(a->cells, b->cells, (size_t)a->width * (size_t)a->height * sizeof *a->cells), 0);
        json_t *ra = rooms_of(a), *rb = rooms_of(b);
        for (size_t k = 0; k < n; k++) {
            bool named = (int)k + 1 == r1 || (int)k + 1 == r2;
            json_t *x = json_array_get(ra, k), *y = json_array_get(rb, k);
            if (!named) cr_assert(json_equal(x, y), "dungeon %d reroll %s: room %zu changed", i, reroll, k + 1);
            else changed += !json_equal(x, y);
        }
        const dg_contents *cb = b->contents, *ca = a->contents;
        cr_assert_eq(cb->boss, ca->boss, "dungeon %d: the boss changed", i);
        if (cb->farthest_room && cb->boss >= 0)
            cr_assert_eq(cb->rooms[cb->farthest_room - 1].encounter.groups[0].monster, cb->boss,
                         "dungeon %d: the lair lost its boss", i);
        for (size_t k = 0; k < n; k++) {
            cr_assert_eq(cb->rooms[k].n_keys, ca->rooms[k].n_keys);
            cr_assert_eq(cb->rooms[k].purpose, ca->rooms[k].purpose);
            /* the lair holds the richest hoard; a rerolled room's new
             * treasure is never richer than it */
            bool rerolled = (int)k + 1 == r1 || (int)k + 1 == r2;
            if (cb->farthest_room && cb->rooms[k].has_treasure && cb->rooms[cb->farthest_room - 1].has_treasure &&
                (cb->rooms[k].treasure.hoard || rerolled))
                cr_assert_leq(dg_treasure_value_gp(&cb->rooms[k].treasure),
                              dg_treasure_value_gp(&cb->rooms[cb->farthest_room - 1].treasure),
                              "dungeon %d: room %zu richer than the lair", i, k + 1);
        }
        /* the permalink carries the rerolls, sorted, and reproduces the dungeon */
        char canon[1024];
        dg_options_canonical(&b->opts, canon, sizeof canon);
        cr_assert_not_null(strstr(canon, "reroll="), "%s", canon);
        json_decref(ra);
        json_decref(rb);
        dg_dungeon_free(a);
        dg_dungeon_free(b);
    }
    cr_assert_gt(changed, 150, "only %d rerolled rooms changed", changed);
}

Test(reroll, bad_values_are_refused_naming_the_key)
{
    static const char *const bad[] = {"0:1", "3:0", "3:100", "3", "3:1,3:2", "a:b", "2.3:1", "3:1;4:1", "40:1"};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        const char *keys[] = {"seed", "reroll", "rows", "cols"};
        const char *vals[] = {"7", bad[k], "31", "41"};
        dg_options o;
        dg_error e = {0};
        dg_status rc = dg_options_parse(&o, 4, keys, vals, NULL, &e);
        if (rc == DG_OK) {
            dg_dungeon *d = NULL;
            rc = dg_generate(&o, &d, &e);
            dg_dungeon_free(d);
        }
        cr_assert_eq(rc, DG_EINVAL, "reroll=%s accepted", bad[k]);
        cr_assert_str_eq(e.param, "reroll", "reroll=%s: %s", bad[k], e.msg);
    }
}
