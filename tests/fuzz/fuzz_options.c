/* fuzz_options.c -- libFuzzer target for the option parser: the input is
 * split into key=value pairs ('&' or newline between pairs) and parsed with
 * dg_options_parse(); any accepted option set must be valid and round-trip
 * through its canonical string, any refusal must be a well-formed dg_error.
 * Built only with -DDG_FUZZ=ON and clang (tests/fuzz/tests.cmake). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dg.h"
#include "fuzz_pairs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(int ok)
{
    if (!ok) abort(); /* libFuzzer reports the input that got here */
}

static void check_error(const dg_error *err, dg_status rc)
{
    check(rc != DG_OK && err->code == rc);
    check(strlen(err->param) < sizeof err->param && strlen(err->value) < sizeof err->value);
    check(strlen(err->allowed) < sizeof err->allowed && strlen(err->msg) < sizeof err->msg);
    check(err->msg[0] != '\0');
}

/* Splits canonical "k=v&k=v" in place and parses it again. */
static void round_trip(const dg_options *o, const dg_limits *lim)
{
    char c1[512], c2[512], work[512];
    size_t n = dg_options_canonical(o, c1, sizeof c1);
    check(n < sizeof c1);
    memcpy(work, c1, n + 1);
    const char *keys[MAX_PAIRS], *values[MAX_PAIRS];
    size_t k = 0;
    for (char *p = work; p && k < MAX_PAIRS;) {
        char *amp = strchr(p, '&');
        if (amp) *amp = '\0';
        char *eq = strchr(p, '=');
        check(eq != NULL);
        *eq = '\0';
        keys[k] = p;
        values[k++] = eq + 1;
        p = amp ? amp + 1 : NULL;
    }
    dg_options again;
    dg_error err = { 0 };
    check(dg_options_parse(&again, k, keys, values, lim, &err) == DG_OK);
    check(dg_options_canonical(&again, c2, sizeof c2) == n);
    check(strcmp(c1, c2) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const dg_limits limits[] = { { 51, 24 }, { 20, 10 }, { DG_MAX_DIM, DG_MAX_CELL_PX } };
    if (size == 0) return 0;
    /* First byte: which deployment limits (or none) to parse under. */
    const dg_limits *lim = data[0] % 4 == 3 ? NULL : &limits[data[0] % 4];
    data++;
    size--;

    const char *keys[MAX_PAIRS], *values[MAX_PAIRS];
    size_t n;
    char *buf = fuzz_pairs(data, size, keys, values, &n);
    if (!buf) return 0;

    dg_options o;
    dg_error err = { 0 };
    dg_status rc = dg_options_parse(&o, n, keys, values, lim, &err);
    if (rc == DG_OK) {
        dg_limits l = lim ? *lim : dg_limits_default();
        check(o.rows % 2 == 1 && o.cols % 2 == 1);
        check(o.rows >= DG_MIN_DIM && o.rows <= l.max_dim);
        check(o.cols >= DG_MIN_DIM && o.cols <= l.max_dim);
        check(o.room_min % 2 == 1 && o.room_min >= 3 && o.room_min <= o.room_max);
        check(o.deadends >= 0 && o.deadends <= 100 && o.stairs >= 0);
        check(o.cell >= DG_MIN_CELL_PX && o.cell <= l.max_cell);
        if (!o.seed_given) dg_options_set_seed(&o, 1);
        round_trip(&o, lim);
    } else {
        check_error(&err, rc);
    }

    if (n > 0) {
        bool b;
        dg_error berr = { 0 };
        if (dg_options_parse_bool(keys[0], values[0], &b, &berr) != DG_OK)
            check_error(&berr, DG_EINVAL);
    }
    (void)dg_seed_from_text(buf);
    free(buf);
    return 0;
}
