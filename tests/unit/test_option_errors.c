/* test_option_errors.c -- bad input to the option parser (core/options.c)
 * and its errors (core/error.c): every bad key or value named with what is
 * allowed, duplicate and unknown keys, null and empty input, over-long
 * input cut safely, and the deployment's limits. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include <stdio.h>
#include <string.h>

#include "dg.h"
#include "query_fixture.h"

/* ------------------------------------------------------- bad key/values */

#define A10 "aaaaaaaaaa"
#define A100 A10 A10 A10 A10 A10 A10 A10 A10 A10 A10
#define SEED201 A100 A100 "a"

/* Arrays, not pointers: criterion may run each case in a fresh process image,
 * where the table's pointers would not hold. */
struct bad {
    char key[16], value[256];
    dg_status code;
    bool has_allowed;
};

ParameterizedTestParameters(options, rejects_bad_pairs)
{
    static struct bad table[] = {
        { "rows", "abc", DG_EINVAL, true },
        { "rows", "5", DG_ELIMIT, true },
        { "rows", "4002", DG_ELIMIT, true },
        { "rows", "99999999999999999999", DG_ELIMIT, true },
        { "rows", "-7", DG_ELIMIT, true },
        { "rows", "7.5", DG_EINVAL, true },
        { "rows", " 27", DG_EINVAL, true },
        { "rows", "27 ", DG_EINVAL, true },
        { "rows", "+27", DG_EINVAL, true },
        { "ROWS", "abc", DG_EINVAL, true },
        { "cols", "0x1f", DG_EINVAL, true },
        { "cols", "1", DG_ELIMIT, true },
        { "cols", "", DG_EINVAL, true },
        { "size", "enormous", DG_EINVAL, true },
        { "size", "", DG_EINVAL, true },
        { "size", "medium&rows=9", DG_EINVAL, true },
        { "layout", "circle", DG_EINVAL, true },
        { "Layout", "square\n", DG_EINVAL, true },
        { "rooms", "packed", DG_EINVAL, true },
        { "rooms", "scattered\t", DG_EINVAL, true },
        { "room_size", "tiny", DG_EINVAL, true },
        { "room_min", "1", DG_EINVAL, true },
        { "room_min", "101", DG_EINVAL, true },
        { "room_max", "x", DG_EINVAL, true },
        { "room_max", "0", DG_EINVAL, true },
        { "polymorph", "maybe", DG_EINVAL, true },
        { "doors", "open", DG_EINVAL, true },
        { "doors", "standard,basic", DG_EINVAL, true },
        { "corridors", "curvy", DG_EINVAL, true },
        { "deadends", "101", DG_EINVAL, true },
        { "deadends", "-1", DG_EINVAL, true },
        { "deadends", "half", DG_EINVAL, true },
        { "deadends", "5O", DG_EINVAL, true },
        { "stairs", "65", DG_EINVAL, true },
        { "stairs", "lots", DG_EINVAL, true },
        { "stairs", "2.0", DG_EINVAL, true },
        { "egress", "tunnel", DG_EINVAL, true },
        { "algorithm", "bsp", DG_EINVAL, true },
        { "format", "gif", DG_EINVAL, true },
        { "style", "neon", DG_EINVAL, true },
        { "grid", "triangle", DG_EINVAL, true },
        { "grid", "Square ", DG_EINVAL, true },
        { "cell", "3", DG_ELIMIT, true },
        { "cell", "65", DG_ELIMIT, true },
        { "cell", "18px", DG_EINVAL, true },
        { "view", "god", DG_EINVAL, true },
        { "seed", "", DG_EINVAL, true },
        { "seed", " 7", DG_EINVAL, true },
        { "seed", "7\n", DG_EINVAL, true },
        { "seed", SEED201, DG_EINVAL, true },
        { "sizes", "medium", DG_EINVAL, false },
        { "foo", "bar", DG_EINVAL, false },
    };
    return cr_make_param_array(struct bad, table, sizeof table / sizeof table[0]);
}

ParameterizedTest(struct bad *t, options, rejects_bad_pairs)
{
    dg_options o;
    dg_options_init(&o);
    dg_error err = { 0 };
    dg_status rc = dg_options_set(&o, t->key, t->value, NULL, &err);
    cr_assert_eq(rc, t->code, "%s=%s: got %s (%s)", t->key, t->value, dg_status_name(rc), err.msg);
    cr_assert_eq(err.code, t->code);

    char key[64];
    size_t i = 0;
    for (; t->key[i] && i + 1 < sizeof key; i++)
        key[i] = (char)(t->key[i] >= 'A' && t->key[i] <= 'Z' ? t->key[i] + 32 : t->key[i]);
    key[i] = '\0';
    cr_assert_str_eq(err.param, key, "param names the key in lower case");

    /* the value as received, cut to fit */
    size_t len = strlen(t->value), shown = strlen(err.value);
    cr_assert_eq(shown, len < sizeof err.value ? len : sizeof err.value - 1);
    cr_assert_eq(strncmp(err.value, t->value, shown), 0, "value echoes the input");

    if (t->has_allowed) cr_assert_neq(err.allowed[0], '\0', "allowed is filled");
    cr_assert_neq(err.msg[0], '\0', "msg is filled");
}

/* ------------------------------------------------- duplicates and nulls */

Test(options, duplicate_keys)
{
    dg_options o;
    dg_error err = { 0 };
    cr_assert_eq(parse_query(&o, "seed=1&rooms=dense&seed=2", NULL, &err), DG_EINVAL);
    cr_assert_str_eq(err.param, "seed");
    cr_assert_str_eq(err.value, "2");
    cr_assert_str_eq(err.msg, "option 'seed' given twice");
    dg_error_clear(&err);
    cr_assert_eq(parse_query(&o, "rows=9&ROWS=9", NULL, &err), DG_EINVAL);
    cr_assert_str_eq(err.param, "rows");
    cr_assert_not_null(strstr(err.msg, "twice"));
}

Test(options, unknown_keys)
{
    dg_options o;
    dg_options_init(&o);
    dg_error err = { 0 };
    cr_assert_eq(dg_options_set(&o, "qux", "1", NULL, &err), DG_EINVAL);
    cr_assert_str_eq(err.param, "qux");
    cr_assert_str_eq(err.msg, "unknown option 'qux'");
    dg_error_clear(&err);
    cr_assert_eq(dg_options_set(&o, "Corridor", "bent", NULL, &err), DG_EINVAL);
    cr_assert_str_eq(err.param, "Corridor", "unknown keys are echoed as given");
    cr_assert_str_eq(err.msg, "unknown option 'Corridor' (did you mean 'corridors'?)");
}

Test(options, null_and_empty_input)
{
    dg_options o;
    dg_options_init(&o);
    dg_error err = { 0 };
    cr_assert_eq(dg_options_set(&o, "rows", NULL, NULL, &err), DG_EINVAL);
    cr_assert_str_eq(err.param, "rows");
    cr_assert_str_eq(err.value, "");
    cr_assert_str_eq(err.msg, "option 'rows' needs a value");
    cr_assert_str_eq(err.allowed, "7..4001");
    dg_error_clear(&err);
    cr_assert_eq(dg_options_set(&o, NULL, "1", NULL, &err), DG_EINVAL);
    cr_assert_neq(err.msg[0], '\0');
    dg_error_clear(&err);
    cr_assert_eq(dg_options_set(&o, "", "1", NULL, &err), DG_EINVAL);
    cr_assert_eq(dg_options_set(NULL, "rows", "9", NULL, NULL), DG_EINVAL);
    cr_assert_eq(dg_options_finish(NULL, NULL, NULL), DG_EINVAL);
    cr_assert_eq(dg_options_parse(&o, 2, NULL, NULL, NULL, NULL), DG_EINVAL);
    cr_assert_eq(dg_options_parse(NULL, 0, NULL, NULL, NULL, NULL), DG_EINVAL);
    /* a failed set leaves the key free and the options untouched */
    dg_options_init(&o);
    cr_assert_eq(dg_options_set(&o, "rows", "x", NULL, NULL), DG_EINVAL);
    cr_assert_eq(dg_options_set(&o, "rows", "11", NULL, NULL), DG_OK);
}

Test(options, over_long_input_is_cut_safely)
{
    static char big[20000];
    memset(big, 'k', sizeof big - 1);
    dg_options o;
    dg_options_init(&o);
    dg_error err = { 0 };
    cr_assert_eq(dg_options_set(&o, big, big, NULL, &err), DG_EINVAL);
    cr_assert_eq(strlen(err.param), sizeof err.param - 1);
    cr_assert_eq(strlen(err.value), sizeof err.value - 1);
    cr_assert_lt(strlen(err.msg), sizeof err.msg);
    cr_assert_not_null(strstr(err.msg, "..."), "a cut key says so: %s", err.msg);

    static const char *keys[] = { "seed", "rows", "layout", "deadends", "cell", "style" };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        dg_error_clear(&err);
        cr_assert_eq(dg_options_set(&o, keys[i], big, NULL, &err), DG_EINVAL, "%s", keys[i]);
        cr_assert_str_eq(err.param, keys[i]);
        cr_assert_eq(strlen(err.value), sizeof err.value - 1);
    }
    /* a huge number is still a number, just out of range */
    memset(big, '9', sizeof big - 1);
    dg_error_clear(&err);
    cr_assert_eq(dg_options_set(&o, "rows", big, NULL, &err), DG_ELIMIT);
    dg_error_clear(&err);
    cr_assert_eq(dg_options_set(&o, "seed", big, NULL, &err), DG_EINVAL, "seed text cap");
}

/* ---------------------------------------------------------------- limits */

Test(options, deployment_limits)
{
    dg_limits lim = { .max_dim = 51, .max_cell = 24 };
    dg_options o;
    dg_error err = { 0 };
    cr_assert_eq(parse_query(&o, "rows=53", &lim, &err), DG_ELIMIT);
    cr_assert_str_eq(err.allowed, "7..51");
    cr_assert_str_eq(err.msg, "rows must be an integer from 7 to 51");

    dg_error_clear(&err);
    cr_assert_eq(parse_query(&o, "size=colossal", &lim, &err), DG_ELIMIT);
    cr_assert_str_eq(err.param, "size");
    cr_assert_str_eq(err.value, "colossal");
    cr_assert_str_eq(err.allowed, "fine|diminutive|tiny|small|medium|large");
    dg_error_clear(&err);
    cr_assert_eq(parse_query(&o, "size=huge&layout=square", &lim, &err), DG_OK, "%s", err.msg);
    cr_assert_eq(parse_query(&o, "size=colossal&rows=51&cols=51", &lim, &err), DG_OK,
                 "explicit dims leave the preset unused");

    dg_error_clear(&err);
    cr_assert_eq(parse_query(&o, "cell=25", &lim, &err), DG_ELIMIT);
    cr_assert_str_eq(err.allowed, "4..24");

    /* a bare request still works under small limits */
    dg_limits tiny = { .max_dim = 20, .max_cell = 10 };
    cr_assert_eq(parse_query(&o, "seed=1", &tiny, NULL), DG_OK);
    cr_assert_eq(o.rows, 19, "even limit rounds down to odd");
    cr_assert_eq(o.cols, 19);
    cr_assert_eq(o.cell, 10);

    dg_limits d = dg_limits_default();
    cr_assert_eq(d.max_dim, DG_MAX_DIM);
    cr_assert_eq(d.max_cell, DG_MAX_CELL_PX);
}
