/* query_fixture.h -- option tests write their input as a query string:
 * "k=v&k=v" (test input only: no escaping) parsed into dg_options. */
#ifndef TEST_QUERY_FIXTURE_H
#define TEST_QUERY_FIXTURE_H

#include <criterion/criterion.h>
#include <string.h>

#include "dg.h"

/* lim may be NULL (the built-in limits); err is filled on failure. */
static inline dg_status parse_query(dg_options *o, const char *query, const dg_limits *lim, dg_error *err)
{
    char buf[4096];
    const char *keys[64], *values[64];
    size_t n = 0;
    cr_assert_lt(strlen(query), sizeof buf);
    strcpy(buf, query);
    for (char *save = NULL, *pair = strtok_r(buf, "&", &save); pair;
         pair = strtok_r(NULL, "&", &save)) {
        char *eq = strchr(pair, '=');
        cr_assert_not_null(eq, "test query pair without '=': %s", pair);
        *eq = '\0';
        cr_assert_lt(n, 64u);
        keys[n] = pair;
        values[n++] = eq + 1;
    }
    dg_error_clear(err);
    return dg_options_parse(o, n, keys, values, lim, err);
}

#endif
