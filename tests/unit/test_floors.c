/* test_floors.c -- linked floors (floors.c): over many seeds, every family
 * and every floor count, the floors stack on their stairs, each floor keeps
 * every invariant of a finished map (gen_check.h: connected, stairs at dead
 * ends, doors walled), a floor added below leaves the floors above as they
 * were, and the same options give the same floors. Small maps, contents=none
 * except where stocking is the point, so the sweep takes seconds. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_check.h"
#include "gen_graph.h"
#include "render.h"

#define SEEDS 500

static dg_dungeon *make(const char *family, unsigned seed, int floors, int stairs)
{
    char kv[6][48];
    snprintf(kv[0], sizeof kv[0], "algorithm=%s", family);
    snprintf(kv[1], sizeof kv[1], "seed=%u", seed);
    snprintf(kv[2], sizeof kv[2], "floors=%d", floors);
    snprintf(kv[3], sizeof kv[3], "stairs=%d", stairs);
    snprintf(kv[4], sizeof kv[4], "rows=%d", 21 + 2 * (int)(seed % 5));
    snprintf(kv[5], sizeof kv[5], "contents=none");
    const char *p[6];
    char what[320];
    gc_pairs(kv, 6, p, what, sizeof what);
    dg_dungeon *d = NULL;
    dg_error e = {0};
    cr_assert_eq(gc_try_make(p, 6, NULL, &d, &e), DG_OK, "%s: %s=%s: %s", what, e.param, e.value, e.msg);
    return d;
}

static size_t count_stairs(const dg_dungeon *d, bool down)
{
    size_t n = 0;
    for (size_t k = 0; k < d->n_stairs; k++) n += d->stairs[k].down == down;
    return n;
}

/* Floor k's down stairs are exactly floor k+1's up stairs, cell for cell. */
static void stacked(const dg_dungeon *upper, const dg_dungeon *lower, const char *what)
{
    cr_assert_eq(count_stairs(upper, true), count_stairs(lower, false),
                 "%s: floor %d has %zu down stairs, floor %d %zu up stairs", what, upper->floor,
                 count_stairs(upper, true), lower->floor, count_stairs(lower, false));
    for (size_t k = 0; k < upper->n_stairs; k++) {
        const dg_stair *s = &upper->stairs[k];
        if (!s->down) continue;
        /* (a stair in a cave chamber carries the chamber's id too) */
        cr_assert_eq(dg_cell(lower, s->x, s->y) & ~(DG_ROOM_ID | DG_LABEL), DG_CORRIDOR | DG_STAIR_UP,
                     "%s: floor %d's down stair (%d,%d) has no up stair under it on floor %d", what,
                     upper->floor, s->x, s->y, lower->floor);
    }
}

static const char *const families[] = {"donjon", "caverns", "panels", "gridmapper", "abstract", "cells"};

/* Every family that places stairs, 500 seeds each, floors 2..10 in turn
 * (each count about 55 seeds a family), stairs 1, 2 (the default) and 4
 * (many) in turn, heights 21..29. */
ParameterizedTestParameters(floors, stack_on_their_stairs_and_keep_every_invariant)
{
    static int family[6] = {0, 1, 2, 3, 4, 5};
    return cr_make_param_array(int, family, 6);
}

ParameterizedTest(int *family, floors, stack_on_their_stairs_and_keep_every_invariant)
{
    const char *name = families[*family];
    cr_assert(dg_family_info_of((dg_algorithm)*family)->places_stairs);
    for (unsigned seed = 1; seed <= SEEDS; seed++) {
        int floors = 2 + (int)(seed % 9), stairs = seed % 3 == 0 ? 1 : seed % 3 == 1 ? 2 : 4;
        dg_dungeon *top = make(name, seed, floors, stairs);
        int k = 0;
        for (const dg_dungeon *d = top; d; d = d->below) {
            k++;
            char what[96];
            snprintf(what, sizeof what, "%s seed=%u floors=%d stairs=%d floor %d", name, seed, floors, stairs, k);
            cr_assert_eq(d->floor, k, "%s: numbered %d", what, d->floor);
            cr_assert_eq(dg_dungeon_floor(top, k), d, "%s: dg_dungeon_floor", what);
            gc_all(d, what);
            /* the families' own promises hold on every floor: corridors
             * meet rooms only through doors and never run two wide
             * (panels, cells), panels keeps no dead end */
            if (*family == DG_ALGO_PANELS || *family == DG_ALGO_CELLS) {
                gg_rooms_sealed(d, what);
                gg_no_wide_corridor(d, what);
            }
            if (*family == DG_ALGO_PANELS) {
                dg_stats st;
                cr_assert_eq(dg_analyse(d, &st, NULL), DG_OK);
                cr_assert_eq(st.dead_ends, 0, "%s: %zu dead ends", what, st.dead_ends);
            }
            if (d->below) {
                cr_assert_gt(count_stairs(d, true), 0, "%s: no way down", what);
                stacked(d, d->below, what);
            }
        }
        cr_assert_eq(k, floors, "%s seed=%u: %d floors made of %d", name, seed, k, floors);
        cr_assert_null(dg_dungeon_floor(top, floors + 1));
        dg_dungeon_free(top);
    }
}

/* Two floors' maps alike: cells, rooms, doors and stairs. */
static bool same_map(const dg_dungeon *a, const dg_dungeon *b)
{
    if (a->width != b->width || a->height != b->height || a->n_rooms != b->n_rooms ||
        a->n_doors != b->n_doors || a->n_stairs != b->n_stairs || a->n_exits != b->n_exits)
        return false;
    if (memcmp(a->cells, b->cells, (size_t)a->width * (size_t)a->height * sizeof *a->cells)) return false;
    for (size_t k = 0; k < a->n_rooms; k++)
        if (a->rooms[k].x != b->rooms[k].x || a->rooms[k].y != b->rooms[k].y || a->rooms[k].area != b->rooms[k].area)
            return false;
    for (size_t k = 0; k < a->n_stairs; k++) {
        const dg_stair *s = &a->stairs[k], *t = &b->stairs[k];
        if (s->x != t->x || s->y != t->y || s->down != t->down || s->dir != t->dir) return false;
    }
    for (size_t k = 0; k < a->n_exits; k++)
        if (a->exits[k].x != b->exits[k].x || a->exits[k].y != b->exits[k].y) return false;
    return !memcmp(a->doors, b->doors, a->n_doors * sizeof *a->doors);
}

/* Floors 1..n-1 of an n-floor dungeon are those of the (n-1)-floor one;
 * the old bottom floor changes only when it had no down stair of its own
 * (then it gains one and nothing else moves). Same options, same floors. */
Test(floors, a_floor_added_below_leaves_the_floors_above_alone)
{
    size_t gained = 0;
    for (int f = 0; f < 6; f++)
        for (unsigned seed = 1; seed <= 60; seed++) {
            int floors = 2 + (int)(seed % 9), stairs = seed % 3 == 0 ? 1 : 2;
            dg_dungeon *shorter = make(families[f], seed, floors - 1, stairs);
            dg_dungeon *longer = make(families[f], seed, floors, stairs);
            dg_dungeon *again = make(families[f], seed, floors, stairs);
            for (int k = 1; k <= floors; k++)
                cr_assert(same_map(dg_dungeon_floor(longer, k), dg_dungeon_floor(again, k)),
                          "%s seed=%u floors=%d: floor %d differs from one run to the next", families[f],
                          seed, floors, k);
            for (int k = 1; k < floors; k++) {
                const dg_dungeon *a = dg_dungeon_floor(shorter, k), *b = dg_dungeon_floor(longer, k);
                if (same_map(a, b)) continue;
                cr_assert_eq(k, floors - 1, "%s seed=%u floors=%d: floor %d changed", families[f], seed,
                             floors, k);
                cr_assert_eq(count_stairs(a, true), 0, "%s seed=%u: the old bottom floor changed though it had "
                             "a down stair", families[f], seed);
                cr_assert_eq(count_stairs(b, true), 1, "%s seed=%u", families[f], seed);
                gained++;
            }
            dg_dungeon_free(shorter);
            dg_dungeon_free(longer);
            dg_dungeon_free(again);
        }
    cr_log_info("old bottom floors that gained a down stair: %zu of 360", gained);
}

Test(floors, one_floor_is_the_map_as_it_always_was)
{
    dg_dungeon *one = GC_MAKE("seed=7", "contents=none");
    dg_dungeon *three = GC_MAKE("seed=7", "contents=none", "floors=3");
    cr_assert(same_map(one, three), "floor 1 of three differs from the single map");
    cr_assert_null(one->below);
    cr_assert_eq(one->floor, 1);
    cr_assert_not_null(three->below);
    dg_dungeon_free(one);
    dg_dungeon_free(three);
}

/* Each floor is stocked from its own stream, deeper harder; all share the
 * dungeon's name. */
Test(floors, each_floor_has_its_own_contents_under_one_name)
{
    dg_dungeon *top = GC_MAKE("seed=11", "floors=4", "contents=full");
    char first[128], name[128];
    dg_contents_name(top->contents, first, sizeof first);
    for (const dg_dungeon *d = top; d; d = d->below) {
        cr_assert_not_null(d->contents);
        cr_assert_eq(d->contents->floor, d->floor - 1);
        dg_contents_name(d->contents, name, sizeof name);
        cr_assert_str_eq(name, first);
        cr_assert_eq(d->contents->n_rooms, d->n_rooms);
    }
    dg_dungeon_free(top);
}

static void refused(const char *const *kv, size_t n, const char *param, const char *says)
{
    dg_dungeon *d = NULL;
    dg_error e = {0};
    cr_assert_neq(gc_try_make(kv, n, NULL, &d, &e), DG_OK, "accepted");
    cr_assert_null(d);
    cr_assert_str_eq(e.param, param);
    cr_assert(strstr(e.msg, says), "'%s' does not say '%s'", e.msg, says);
    cr_assert_gt(strlen(e.allowed), 0);
}

Test(floors, bad_values_are_refused_naming_the_key)
{
    refused((const char *const[]){"floors=11"}, 1, "floors", "from 1 to 10");
    refused((const char *const[]){"floors=0"}, 1, "floors", "from 1 to 10");
    refused((const char *const[]){"floor=2"}, 1, "floor", "floors=1");
    refused((const char *const[]){"floors=3", "floor=4"}, 2, "floor", "1..3");
    refused((const char *const[]){"floor=0"}, 1, "floor", "from 1 to 10");
    refused((const char *const[]){"floors=3", "stairs=0"}, 2, "floors", "stairs=0");
    /* eight stairs a floor on a 15x15 map: floor 4 finds no map that
     * takes floor 3's; the floors that did stack are what is allowed */
    dg_dungeon *d = NULL;
    dg_error e = {0};
    const char *const kv[] = {"seed=3", "algorithm=gridmapper", "rows=15", "cols=15", "floors=4", "stairs=8"};
    cr_assert_eq(gc_try_make(kv, 6, NULL, &d, &e), DG_ELIMIT);
    cr_assert_null(d);
    cr_assert_str_eq(e.param, "floors");
    cr_assert_str_eq(e.allowed, "1..3");
    cr_assert(strstr(e.msg, "could not stack floor 4"), "%s", e.msg);
}

/* Issue 23's stair stacking reproducers answer quickly: 41x41 with eight
 * stairs on ten floors stacks (in a tenth of a second; the daemon's
 * estimate sends it to a worker), and caverns 1001x1001 with 64 stairs on
 * ten floors, which ran 12 s of tries to a refusal, is refused after two
 * tries of floor 2 (the odds of all nine floors below stacking are under a
 * tenth), naming stairs and how many would stack. */
Test(floors, hopeless_stair_stacking_is_refused_early)
{
    dg_dungeon *d = NULL;
    dg_error e = {0};
    const char *const small[] = {"seed=1", "rows=41", "cols=41", "floors=10", "stairs=8"};
    cr_assert_eq(gc_try_make(small, 5, NULL, &d, &e), DG_OK, "%s", e.msg);
    dg_dungeon_free(d);
    d = NULL;
    const char *const caves[] = {"seed=1", "algorithm=caverns", "rows=1001", "cols=1001", "floors=10", "stairs=64"};
    cr_assert_eq(gc_try_make(caves, 6, NULL, &d, &e), DG_ELIMIT);
    cr_assert_null(d);
    cr_assert_str_eq(e.param, "stairs");
    cr_assert_str_eq(e.value, "64");
    cr_assert(!strncmp(e.allowed, "1..", 3), "%s", e.allowed);
    cr_assert(atoi(e.allowed + 3) >= 1 && atoi(e.allowed + 3) < 64, "%s", e.allowed);
    cr_assert(strstr(e.msg, "fewer stairs"), "%s", e.msg);
}

/* Left out of the canonical string at their defaults: single-floor
 * permalinks and cache keys are what they were. */
Test(floors, canonical_string_names_floors_only_when_more_than_one)
{
    dg_options o;
    dg_error e = {0};
    char buf[512];
    cr_assert_eq(gc_parse(&o, (const char *const[]){"seed=7"}, 1, &e), DG_OK);
    dg_options_canonical(&o, buf, sizeof buf);
    cr_assert_null(strstr(buf, "floor"), "%s", buf);
    cr_assert_eq(gc_parse(&o, (const char *const[]){"seed=7", "floors=3", "floor=2"}, 3, &e), DG_OK);
    dg_options_canonical(&o, buf, sizeof buf);
    cr_assert_not_null(strstr(buf, "&egress=no&floors=3&"), "%s", buf);
    cr_assert_not_null(strstr(buf, "&floor=2"), "%s", buf);
}

/* The renderers: a single-map format shows the floor the options name
 * (its encoder on that floor), the Markdown key every floor whatever
 * floor says, a section each with the stairs saying where they lead. */
Test(floors, formats_show_the_floor_named_and_the_key_every_floor)
{
    dg_dungeon *two = GC_MAKE("seed=7", "floors=3", "floor=2", "contents=basic");
    dg_dungeon *one = GC_MAKE("seed=7", "floors=3", "contents=basic");
    dg_buf a, b;
    dg_buf_init(&a);
    dg_buf_init(&b);
    cr_assert_eq(dg_render(two, DG_FMT_TXT, &a, NULL), DG_OK);
    cr_assert_eq(dg_text_encode(dg_dungeon_floor(two, 2), &b, NULL), DG_OK);
    cr_assert(a.len == b.len && !memcmp(a.data, b.data, a.len), "txt at floor=2 is not floor 2's");
    a.len = b.len = 0;
    cr_assert_eq(dg_render(two, DG_FMT_MD, &a, NULL), DG_OK);
    cr_assert_eq(dg_render(one, DG_FMT_MD, &b, NULL), DG_OK);
    cr_assert(a.len == b.len && !memcmp(a.data, b.data, a.len), "the key depends on floor");
    const char *md = (const char *)a.data;
    cr_assert_not_null(strstr(md, "\n## Floor 1\n"));
    cr_assert_not_null(strstr(md, "\n## Floor 3\n"));
    cr_assert_null(strstr(md, "\n## Floor 4\n"));
    cr_assert_not_null(strstr(md, ", to floor 2."));
    cr_assert_not_null(strstr(md, ", to floor 1."));
    cr_assert_not_null(strstr(md, "\n#### Room 1"));
    /* every stair says where it goes: the top floor's first up stair is
     * the way in (where the party comes in), the deepest floor's down
     * stairs lead off the key; no down stair ends a line bare */
    const char *way_in = strstr(md, ", the way in.\n");
    cr_assert_not_null(way_in, "the top floor's way in is not said");
    cr_assert_null(strstr(way_in + 1, ", the way in."), "two ways in");
    cr_assert(way_in < strstr(md, "\n## Floor 2\n"), "the way in is not on floor 1");
    for (const char *p = strstr(md, "\n- Down at square "); p; p = strstr(p + 1, "\n- Down at square ")) {
        char line[128];
        size_t len = strcspn(p + 1, "\n");
        snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), p + 1);
        cr_assert(strstr(line, ", to floor ") || strstr(line, ", to depths this key does not map."),
                  "a down stair that says nothing of where it goes: %s", line);
    }
    dg_buf_fini(&a);
    dg_buf_fini(&b);
    dg_dungeon_free(one);
    dg_dungeon_free(two);
}
