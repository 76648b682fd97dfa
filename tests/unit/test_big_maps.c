/* test_big_maps.c -- a bounded property run at the sizes the daemon allows.
 * The fuzz targets keep maps at 31x31 so they run thousands a second; what
 * breaks only on big maps (an area past room 1023 turning into a tunnel, a
 * buffer sized from the first thousand rooms) never reaches them. Here
 * option sets are drawn from a fixed stream over the vocabulary (the keys
 * and valid values are listed in this file, not read from the tables under
 * test) with rows and cols up to 1001 (the default max-dim), every family,
 * floors 1..2 and stocked contents; each must generate, stock and encode
 * to text and JSON (and the Markdown key up to 301x301), or be refused
 * with a well-formed error. Labelled bigmap, not unit: the test command
 * runs it in the release build and once under AddressSanitizer +
 * UndefinedBehaviorSanitizer (the clang stage, tools/test-fuzz.sh), which
 * is where an overflow shows. The reproducers that aborted the daemon are
 * kept as cases of their own. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dg.h"
#include "render.h"

#define MAX_DIM 1001
#define DRAWS_PER_FAMILY 2

typedef struct {
    const char *key;
    const char *values[8];
} key_values;

static const char *const families[] = {"donjon", "caverns", "panels", "gridmapper", "abstract", "cells"};

/* Keys any family takes, then each family's own (valid values only: the
 * refusals are test_option_sets' business). */
static const key_values common[] = {
    {"motif", {"none", "undead", "aquatic", "giant", "underdark", "fire", "cold", "aberrant"}},
    {"level", {"1", "3", "5", "9", "13", "17", "20"}},
    {"party", {"1", "4", "6", "8"}},
    {"stairs", {"yes", "many", "3", "8"}},
};
static const key_values per_family[][4] = {
    {{"rooms", {"sparse", "scattered", "dense", "symmetric", "complex"}},
     {"layout", {"rectangle", "box", "cross", "keep", "hexagon", "round", "cavernous"}},
     {"room_size", {"small", "medium", "large", "huge", "colossal"}},
     {"polymorph", {"no", "yes", "many"}}},
    {{"cave_fill", {"35", "45", "50", "58", "65"}}, {"cave_steps", {"1", "4", "7", "10"}}},
    {{"panel_size_min", {"12", "20", "40"}}, {"room_size_min", {"3", "5"}}, {"room_size_max", {"7", "10"}}},
    {{"room_count", {"2", "7", "20", "63"}}, {"caves", {"no", "yes"}}},
    {{"area_width_min", {"3", "4", "5", "9"}}, {"area_height_min", {"3", "4", "5", "9"}}, {"area_size_min", {"9", "16", "36"}}},
    {{"block_size", {"7", "9", "15", "31"}}, {"connect", {"previous", "fan", "tree"}}},
};

static uint64_t draw_state = 0x9e3779b97f4a7c15u;
static uint32_t draw(uint32_t n)
{
    draw_state = draw_state * 6364136223846793005u + 1442695040888963407u;
    return (uint32_t)(draw_state >> 33) % n;
}

static size_t count_values(const key_values *kv)
{
    size_t n = 0;
    while (n < 8 && kv->values[n]) n++;
    return n;
}

static void pick(const key_values *kv, const char **keys, const char **values, size_t *n)
{
    if (!kv->key || draw(3) == 0) return; /* sometimes the default */
    keys[*n] = kv->key;
    values[(*n)++] = kv->values[draw((uint32_t)count_values(kv))];
}

/* Generates and encodes one option set; a refusal must name its key. */
static void run_set(size_t n, const char **keys, const char **values, const char *what)
{
    static const dg_limits limits = {MAX_DIM, 64};
    dg_options o;
    dg_error err = {0};
    dg_status rc = dg_options_parse(&o, n, keys, values, &limits, &err);
    if (rc == DG_OK) {
        dg_dungeon *d = NULL;
        rc = dg_generate(&o, &d, &err);
        if (rc == DG_OK) {
            /* the Markdown key of thousands of rooms is the slow part
             * under the sanitizers; it is held to the smaller maps */
            static const dg_format formats[] = {DG_FMT_TXT, DG_FMT_JSON, DG_FMT_MD};
            size_t n_formats = o.rows * o.cols <= 301 * 301 ? 3 : 2;
            for (size_t f = 0; f < n_formats; f++) {
                dg_buf out;
                dg_buf_init(&out);
                dg_status r = dg_render(d, formats[f], &out, &err);
                cr_assert_eq(r, DG_OK, "%s: format %d: %s", what, (int)formats[f], err.msg);
                cr_assert_gt(out.len, 0, "%s", what);
                dg_buf_fini(&out);
            }
            dg_dungeon_free(d);
            return;
        }
    }
    /* only a limit may refuse a valid set (a map too small for its stairs,
     * too many rooms for gridmapper's blocks), and it says which key */
    cr_assert(rc == DG_ELIMIT || rc == DG_EINVAL, "%s: status %d", what, (int)rc);
    cr_assert_neq(err.param[0], '\0', "%s: refused without naming a key: %s", what, err.msg);
    cr_assert_neq(err.msg[0], '\0', "%s", what);
}

Test(big_maps, the_reproducers_that_aborted_the_daemon_answer)
{
    /* abstract 1001x1001: past room 1023 an area became a tunnel whose
     * inside was not counted, and tidying it wrote past the buffer */
    const char *k1[] = {"seed", "algorithm", "rows", "cols"};
    const char *v1[] = {"5", "abstract", "1001", "1001"};
    run_set(4, k1, v1, "seed=5 abstract 1001x1001");
    const char *k2[] = {"seed", "algorithm", "rows", "cols", "area_width_min", "area_height_min"};
    for (int seed = 1; seed <= 2; seed++) {
        char s[16];
        snprintf(s, sizeof s, "%d", seed);
        const char *v2[] = {s, "abstract", "1001", "1001", "3", "3"};
        run_set(6, k2, v2, "abstract 1001x1001 area 3x3");
    }
}

/* By hand, for a long run: BIG_MAPS_SEED starts the draws elsewhere and
 * BIG_MAPS_DRAWS sets the draws a family (the test command keeps both). */
static int draws_per_family(void)
{
    const char *seed = getenv("BIG_MAPS_SEED"), *draws = getenv("BIG_MAPS_DRAWS");
    if (seed) draw_state ^= strtoull(seed, NULL, 10) * 0x9e3779b97f4a7c15u;
    return draws ? atoi(draws) : DRAWS_PER_FAMILY;
}

Test(big_maps, option_sets_at_every_size_generate_or_are_refused_by_name, .timeout = 600)
{
    int draws = draws_per_family();
    for (size_t f = 0; f < sizeof families / sizeof *families; f++) {
        for (int i = 0; i < draws; i++) {
            const char *keys[16], *values[16];
            char seed[24], rows[16], cols[16], floors[16], what[96];
            size_t n = 0;
            snprintf(seed, sizeof seed, "%u", draw(1000000));
            /* half the draws at the cap's end, the rest anywhere above 31 */
            int r = draw(2) ? MAX_DIM - 2 * (int)draw(80) : 33 + 2 * (int)draw((MAX_DIM - 33) / 2);
            int c = draw(2) ? MAX_DIM - 2 * (int)draw(80) : 33 + 2 * (int)draw((MAX_DIM - 33) / 2);
            snprintf(rows, sizeof rows, "%d", r);
            snprintf(cols, sizeof cols, "%d", c);
            snprintf(floors, sizeof floors, "%u", 1 + draw(2));
            keys[n] = "seed", values[n++] = seed;
            keys[n] = "algorithm", values[n++] = families[f];
            keys[n] = "rows", values[n++] = rows;
            keys[n] = "cols", values[n++] = cols;
            keys[n] = "floors", values[n++] = floors;
            for (size_t k = 0; k < sizeof common / sizeof *common; k++) pick(&common[k], keys, values, &n);
            for (size_t k = 0; k < 4; k++) pick(&per_family[f][k], keys, values, &n);
            snprintf(what, sizeof what, "%s seed=%s %sx%s floors=%s", families[f], seed, rows, cols, floors);
            run_set(n, keys, values, what);
        }
    }
}
