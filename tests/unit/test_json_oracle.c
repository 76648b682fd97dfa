/* test_json_oracle.c -- the rule that lets JSON output skip jansson
 * (DESIGN.md): for every map, the bytes our streaming writer gives for
 * format=json and format=donjon parse (json_loads) to a document json_equal
 * to the one jansson builds for the same map (json_oracle.h) -- and are
 * exactly what jansson's own compact dump of it writes (same key order,
 * same escaping, same numbers). Over 10,000 small maps of every algorithm
 * family with options drawn from the option table (layouts, sizes,
 * polymorph, doors, egress, view, and every other key that applies),
 * plus the hand-built encoder fixture. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "enc_fixture.h"
#include "json_oracle.h"
#include "sanitized.h"

/* How many maps of a family, and how big at most: 10,000 in all, each in
 * both formats. Caverns have fewer and smaller ones: tracing a cave's
 * organic walls (twice, for the encoder and the oracle) costs more than
 * everything else a map takes. */
typedef struct {
    dg_algorithm algorithm;
    uint32_t maps, max_dim;
} family_sweep;
static const family_sweep sweeps[] = {
    {DG_ALGO_DONJON, 1800, 29}, {DG_ALGO_CAVERNS, 1000, 21}, {DG_ALGO_PANELS, 1800, 29},
    {DG_ALGO_GRIDMAPPER, 1800, 29}, {DG_ALGO_ABSTRACT, 1800, 29}, {DG_ALGO_CELLS, 1800, 29}};
/* Under AddressSanitizer (CI runs the unit tests again so) every tenth
 * map: the sanitizer is there for memory errors, and the full sweep of
 * stocked documents (stat blocks and all) would cost it minutes. */
enum { SWEEP_STEP = DG_UNDER_ASAN(1, 10) };

/* Our bytes for d in fmt next to the oracle: json_equal after json_loads,
 * and byte for byte what jansson dumps. */
static void check_format(const dg_dungeon *d, dg_format fmt, const char *what)
{
    dg_buf b;
    dg_buf_init(&b);
    dg_error err;
    dg_error_clear(&err);
    dg_status rc = fmt == DG_FMT_JSON ? dg_json_encode(d, &b, &err) : dg_donjon_encode(d, &b, &err);
    cr_assert_eq(rc, DG_OK, "%s: %s", what, err.msg);
    json_error_t je;
    json_t *ours = json_loads((const char *)b.data, 0, &je);
    cr_assert_not_null(ours, "%s: our output does not parse: %s at %d", what, je.text, je.position);
    json_t *want = fmt == DG_FMT_JSON ? oracle_native(d) : oracle_donjon(d);
    cr_assert_not_null(want, "%s: the oracle failed", what);
    cr_assert(json_equal(ours, want), "%s: %s differs from jansson's document", what, dg_format_name(fmt));
    char *dumped = json_dumps(want, JSON_COMPACT | (fmt == DG_FMT_JSON ? JSON_PRESERVE_ORDER : JSON_SORT_KEYS));
    cr_assert_not_null(dumped);
    cr_assert(strlen(dumped) == b.len && memcmp(dumped, b.data, b.len) == 0,
              "%s: %s bytes differ from jansson's dump of the same document", what, dg_format_name(fmt));
    free(dumped);
    json_decref(want);
    json_decref(ours);
    dg_buf_fini(&b);
}

/* One value for key: a name from "a|b|c" or a number from "lo..hi" (the
 * allowed text of the option table), chosen by r. Wide ranges are kept
 * near their low end: the maps stay small and most choices valid. */
static void pick_value(dg_rng *r, const char *allowed, char *out, size_t cap)
{
    const char *alt[16];
    size_t n = 0, len[16];
    for (const char *p = allowed; *p && n < 16;) {
        alt[n] = p;
        len[n] = strcspn(p, "|");
        p += len[n] + (p[len[n]] == '|');
        n++;
    }
    size_t k = dg_rng_below(r, (uint32_t)n);
    const char *dots = strstr(alt[k], "..");
    if (dots && dots < alt[k] + len[k]) {
        long lo = strtol(alt[k], NULL, 10), hi = strtol(dots + 2, NULL, 10);
        if (hi > lo + 40) hi = lo + 40;
        snprintf(out, cap, "%ld", lo + (long)dg_rng_below(r, (uint32_t)(hi - lo + 1)));
    } else {
        snprintf(out, cap, "%.*s", (int)len[k], alt[k]);
    }
}

/* Map i of family a: a seed, a small size (up to max_dim cells a side), and each other key that applies
 * with a chance of one in three (floors as 2). A key the options refuse in combination
 * (a corridor style on a cavernous layout, room_min above room_max) is
 * dropped (the key named, or the last one drawn when a rule between keys
 * fails) and the rest parsed again. NULL when the generator refuses the
 * map (too small for what was asked), which the caller skips. */
static dg_dungeon *random_map(dg_algorithm a, uint32_t max_dim, uint32_t i, char *desc, size_t desc_cap)
{
    enum { KEYS = 48 };
    char vals[KEYS][80];
    const char *keys[KEYS], *vp[KEYS];
    size_t n = 0;
    dg_rng r;
    dg_rng_seed(&r, 17, (uint64_t)a * 100000u + i);
    keys[n] = "seed";
    if (i % 7 == 0) snprintf(vals[n], sizeof vals[n], "text seed %u", i);
    else if (i % 11 == 0) snprintf(vals[n], sizeof vals[n], "18446744073709551615");
    else snprintf(vals[n], sizeof vals[n], "%u", dg_rng_next(&r));
    n++;
    keys[n] = "algorithm";
    snprintf(vals[n], sizeof vals[n], "%s", dg_algorithm_name(a));
    n++;
    if (dg_rng_below(&r, 4) == 0) {
        static const char *const small[] = {"fine", "diminutive", "tiny"};
        keys[n] = "size";
        snprintf(vals[n], sizeof vals[n], "%s", small[dg_rng_below(&r, 3)]);
        n++;
    } else {
        keys[n] = "rows";
        snprintf(vals[n], sizeof vals[n], "%u", 7 + dg_rng_below(&r, max_dim - 6));
        n++;
        keys[n] = "cols";
        snprintf(vals[n], sizeof vals[n], "%u", 7 + dg_rng_below(&r, max_dim - 6));
        n++;
    }
    for (size_t k = 0; dg_option_key(k) && n < KEYS; k++) {
        const char *key = dg_option_key(k);
        static const char *const set[] = {"seed", "algorithm", "size", "rows", "cols", "format"};
        bool skip = !dg_option_applies(key, a);
        for (size_t s = 0; s < sizeof set / sizeof *set; s++) skip |= strcmp(key, set[s]) == 0;
        if (skip || dg_rng_below(&r, 3) != 0) continue;
        char allowed[256];
        dg_option_allowed(key, allowed, sizeof allowed);
        /* a second floor is enough to check 'below' (each floor is one
         * more map to trace, and the sweep must stay quick); which floor
         * the images show means nothing to JSON */
        if (!strcmp(key, "floors")) snprintf(allowed, sizeof allowed, "2..2");
        if (!strcmp(key, "floor")) continue;
        keys[n] = key;
        pick_value(&r, allowed, vals[n], sizeof vals[n]);
        n++;
    }
    for (size_t k = 0; k < n; k++) vp[k] = vals[k];
    dg_options o;
    dg_error err;
    for (;;) {
        dg_error_clear(&err);
        if (dg_options_parse(&o, n, keys, vp, NULL, &err) == DG_OK) break;
        /* the key named, else (a rule between two keys) the last one drawn */
        size_t k = 2;
        while (k < n && strcmp(keys[k], err.param) != 0) k++;
        if (k == n) k = n - 1;
        cr_assert_geq(k, 2, "options refused: %s", err.msg);
        keys[k] = keys[n - 1];
        vp[k] = vp[n - 1];
        n--;
    }
    size_t len = 0;
    for (size_t k = 0; k < n && len < desc_cap; k++)
        len += (size_t)snprintf(desc + len, desc_cap - len, "%s%s=%s", k ? "&" : "", keys[k], vp[k]);
    dg_dungeon *d = NULL;
    dg_error_clear(&err);
    return dg_generate(&o, &d, &err) == DG_OK ? d : NULL;
}

ParameterizedTestParameters(json_oracle, every_map_of_a_family_is_janssons_document)
{
    _Static_assert(sizeof sweeps / sizeof *sweeps == DG_ALGO_COUNT, "a sweep per family");
    return cr_make_param_array(family_sweep, (family_sweep *)sweeps, DG_ALGO_COUNT);
}

ParameterizedTest(family_sweep *f, json_oracle, every_map_of_a_family_is_janssons_document)
{
    size_t made = 0, refused = 0;
    for (uint32_t i = 0; made < f->maps / SWEEP_STEP; i++) {
        char desc[1024];
        dg_dungeon *d = random_map(f->algorithm, f->max_dim, i, desc, sizeof desc);
        if (!d) {
            cr_assert_lt(++refused, f->maps, "more maps refused than made (%s)", desc);
            continue;
        }
        check_format(d, DG_FMT_JSON, desc);
        check_format(d, DG_FMT_DONJON, desc);
        dg_dungeon_free(d);
        made++;
    }
}

/* The hand-built fixture: every door type, shared doors, shaped rooms,
 * both stairs, an exit. */
Test(json_oracle, the_encoder_fixture_is_janssons_document)
{
    dg_dungeon *d = fx_new();
    check_format(d, DG_FMT_JSON, "fixture");
    check_format(d, DG_FMT_DONJON, "fixture");
    fx_free(d);
}

/* A lair joined by reinforcements in round 3 (stock_waves.c): the wave's
 * groups carry arrives_round and the encounter its reinforcements line,
 * in jansson's document too. */
Test(json_oracle, a_wave_of_reinforcements_is_janssons_document)
{
    const char *keys[] = {"seed", "algorithm", "level", "party", "motif", "rules", "danger"};
    const char *vals[] = {"5898838", "cells", "20", "8", "vermin", "2024", "deadly"};
    dg_options o;
    dg_error err;
    dg_error_clear(&err);
    cr_assert_eq(dg_options_parse(&o, 7, keys, vals, NULL, &err), DG_OK, "%s", err.msg);
    dg_dungeon *d = NULL;
    cr_assert_eq(dg_generate(&o, &d, &err), DG_OK, "%s", err.msg);
    check_format(d, DG_FMT_JSON, "the wave");
    dg_buf b;
    dg_buf_init(&b);
    cr_assert_eq(dg_json_encode(d, &b, &err), DG_OK);
    dg_buf_append(&b, "", 1, &err); /* a C string to search */
    cr_assert(strstr((const char *)b.data, "\"arrives_round\":3"), "no wave in the lair");
    cr_assert(strstr((const char *)b.data, "\"reinforcements\":{\"round\":3,\"text\":\"Two more remorhazes"),
              "no reinforcements line");
    dg_buf_fini(&b);
    dg_dungeon_free(d);
}
