/* test_option_sets.c -- the option vocabulary's whole behaviour as one
 * number: 20,000 option sets drawn from a fixed stream (valid values, values
 * just outside their ranges, junk, misspelt and repeated keys, family keys
 * with the wrong family, two deployment limits) go through
 * dg_options_parse; the transcript of every outcome (status, the error's
 * param, value, allowed and message, the canonical string, and the text map
 * of every small map) is hashed, and the hash must equal
 * tests/golden/option-sets.hash. A refactoring of the option tables that
 * changes any error message, permalink or map shows up here.
 *
 * The keys and values are listed here, not read from the tables under
 * test, so the sets drawn never depend on the code they check. A change
 * that is meant to alter outcomes (a new key, a new default) rewrites the
 * hash with DG_UPDATE_GOLDEN=1 and says so in CHANGELOG.md; the
 * transcript of a failing run is left in <build>/option-sets.txt to diff. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "../slurp.h"

#define HASH_FILE DG_SOURCE_DIR "/tests/golden/option-sets.hash"
#define TRANSCRIPT DG_BUILD_DIR "/option-sets.txt"
#define SETS 20000

typedef struct {
    const char *key;
    const char *values[12];
} key_values;

#define LONG_TEXT                                                                                  \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
    "aaaaaaaaaaaaaa"

static const key_values pool[] = {
    {"seed", {"7", "0", "18446744073709551615", "18446744073709551616", "The Dungeon", "", " 7", LONG_TEXT}},
    {"algorithm", {"donjon", "caverns", "panels", "gridmapper", "abstract", "cells", "DONJON", "bogus"}},
    {"size", {"fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan", "colossal", "Huge", "mega"}},
    {"rows", {"7", "8", "21", "45", "4001", "4003", "5", "-3", "x", "99999999999999999999", "101", "103"}},
    {"cols", {"7", "8", "21", "45", "4001", "4003", "5", "-3", "x", "99999999999999999999", "101", "103"}},
    {"layout", {"square", "rectangle", "box", "cross", "dagger", "saltire", "keep", "hexagon", "round", "cavernous", "bogus"}},
    {"rooms", {"sparse", "scattered", "dense", "symmetric", "complex", "bogus"}},
    {"room_size", {"small", "medium", "large", "huge", "gargantuan", "colossal", "bogus"}},
    {"room_min", {"3", "4", "9", "99", "100", "1", "x"}},
    {"room_max", {"3", "4", "9", "99", "100", "1", "x"}},
    {"polymorph", {"no", "yes", "many", "x"}},
    {"doors", {"none", "basic", "secure", "standard", "deathtrap", "x"}},
    {"corridors", {"labyrinth", "errant", "straight", "bent", "BENT", "x"}},
    {"deadends", {"none", "some", "all", "0", "37", "100", "101", "-1", "x"}},
    {"stairs", {"no", "yes", "many", "0", "3", "64", "65", "x"}},
    {"egress", {"no", "yes", "many", "tiling", "x"}},
    {"format", {"json", "donjon", "txt", "png", "uvtt", "foundry", "x"}},
    {"style", {"standard", "classic", "graph", "parchment", "crosshatch", "marble", "aquatic", "infernal", "x"}},
    {"grid", {"none", "square", "hex", "vhex", "x"}},
    {"cell", {"4", "18", "64", "65", "3", "x", "33"}},
    {"view", {"gm", "player", "x"}},
    {"ppg", {"20", "70", "256", "257", "19", "x"}},
    {"cave_fill", {"35", "50", "65", "34", "66", "x"}},
    {"cave_steps", {"1", "4", "10", "0", "11"}},
    {"panel_size_min", {"8", "12", "99", "7", "100", "20"}},
    {"room_size_min", {"3", "5", "10", "97", "98", "2"}},
    {"room_size_max", {"3", "5", "10", "97", "98", "2"}},
    {"corridor_margin", {"1", "2", "10", "0", "11"}},
    {"wall_margin", {"0", "1", "10", "11", "-1"}},
    {"room_count", {"2", "7", "63", "1", "64"}},
    {"pillars", {"yes", "no", "true", "0", "maybe"}},
    {"caves", {"yes", "no", "true", "0", "maybe"}},
    {"area_width_min", {"3", "5", "99", "2", "100"}},
    {"area_height_min", {"3", "5", "99", "2", "100"}},
    {"area_size_min", {"9", "36", "9801", "8", "9802"}},
    {"block_size", {"7", "8", "9", "31", "32", "6"}},
    {"connect", {"previous", "fan", "tree", "x"}},
    {"colour", {"red"}},
    {"sead", {"7"}},
    {"room_sise", {"large"}},
    {"ROWS", {"21"}},
    {"Style", {"marble"}},
    {"", {"7"}},
};
#define POOL_N (sizeof pool / sizeof pool[0])

static size_t values_of(const key_values *kv)
{
    size_t n = 0;
    while (n < 12 && kv->values[n]) n++;
    return n;
}

static void out_text(dg_buf *t, const char *s) { cr_assert_eq(dg_buf_append(t, s, strlen(s), NULL), DG_OK); }

static void one_set(dg_rng *rng, dg_buf *t, dg_buf *map)
{
    const char *keys[8], *vals[8];
    size_t n = 0;
    if (dg_rng_below(rng, 2)) { /* half the sets pick their family first */
        keys[n] = "algorithm";
        vals[n++] = pool[1].values[dg_rng_below(rng, 6)];
    }
    size_t more = 1 + dg_rng_below(rng, 5);
    for (size_t i = 0; i < more; i++) {
        /* the unknown keys at the pool's end come up less often */
        const key_values *kv = &pool[dg_rng_below(rng, dg_rng_below(rng, 8) ? POOL_N - 7 : POOL_N)];
        /* mostly the first few values of a key, which are valid */
        uint32_t nv = (uint32_t)values_of(kv);
        keys[n] = kv->key;
        vals[n++] = kv->values[dg_rng_below(rng, dg_rng_below(rng, 10) < 7 && nv > 3 ? 3 : nv)];
    }
    dg_limits small = {101, 32};
    const dg_limits *lim = dg_rng_below(rng, 4) == 0 ? &small : NULL;

    char line[2048];
    out_text(t, lim ? "[lim]" : "[core]");
    for (size_t i = 0; i < n; i++) {
        snprintf(line, sizeof line, " %s=%s", keys[i], vals[i]);
        out_text(t, line);
    }
    dg_options o;
    dg_error err;
    dg_error_clear(&err);
    dg_status rc = dg_options_parse(&o, n, keys, vals, lim, &err);
    if (rc != DG_OK) {
        snprintf(line, sizeof line, "\n  %s param=%s value=%s allowed=%s msg=%s\n",
                 dg_status_name(rc), err.param, err.value, err.allowed, err.msg);
        out_text(t, line);
        return;
    }
    if (!o.seed_given) dg_options_set_seed(&o, 42);
    char canon[1024];
    dg_options_canonical(&o, canon, sizeof canon);
    snprintf(line, sizeof line, "\n  ok format=%s size=%s room_size=%s %s\n", dg_format_name(o.format),
             dg_size_name(o.size), dg_room_size_name(o.room_size), canon);
    out_text(t, line);
    if (o.rows * o.cols > 41 * 41) return;
    dg_dungeon *d = NULL;
    rc = dg_generate(&o, &d, &err);
    map->len = 0;
    if (rc == DG_OK) rc = dg_text_encode(d, map, &err);
    dg_dungeon_free(d);
    if (rc == DG_OK)
        snprintf(line, sizeof line, "  map %016llx\n", (unsigned long long)dg_hash64(map->data, map->len, 0));
    else
        snprintf(line, sizeof line, "  map %s %s %s\n", dg_status_name(rc), err.param, err.msg);
    out_text(t, line);
}

Test(option_sets, twenty_thousand_outcomes_hash_to_the_golden_value, .timeout = 300)
{
    dg_rng rng;
    dg_rng_seed(&rng, 20261124, 13);
    dg_buf t, map;
    dg_buf_init(&t);
    dg_buf_init(&map);
    for (int i = 0; i < SETS; i++) one_set(&rng, &t, &map);

    char got[32];
    snprintf(got, sizeof got, "%016llx\n", (unsigned long long)dg_hash64(t.data, t.len, 0));
    FILE *f = fopen(TRANSCRIPT, "wb");
    if (f) {
        fwrite(t.data, 1, t.len, f);
        fclose(f);
    }
    if (getenv("DG_UPDATE_GOLDEN")) {
        f = fopen(HASH_FILE, "wb");
        cr_assert_not_null(f);
        fputs(got, f);
        fclose(f);
    }
    size_t len = 0;
    char *want = slurp(HASH_FILE, &len);
    cr_assert_not_null(want, "missing %s (DG_UPDATE_GOLDEN=1 writes it)", HASH_FILE);
    cr_expect_str_eq(got, want, "option outcomes changed; transcript in %s", TRANSCRIPT);
    free(want);
    dg_buf_fini(&t);
    dg_buf_fini(&map);
}
