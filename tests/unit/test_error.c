/* test_error.c -- dg_error (core/error.c): the first error stays, NULL is
 * allowed, long text is cut on character boundaries, status names. */
#include <criterion/criterion.h>

#include <stdbool.h>
#include <string.h>

#include "dg.h"

Test(error, keeps_the_first_error)
{
    dg_error err = { 0 };
    cr_assert_eq(dg_error_set(&err, DG_ELIMIT, "rows", "9999", "7..4001", "rows %s", "first"),
                 DG_ELIMIT);
    cr_assert_eq(dg_error_set(&err, DG_EINVAL, "cols", "x", "", "second"), DG_EINVAL);
    cr_assert_eq(err.code, DG_ELIMIT);
    cr_assert_str_eq(err.param, "rows");
    cr_assert_str_eq(err.value, "9999");
    cr_assert_str_eq(err.allowed, "7..4001");
    cr_assert_str_eq(err.msg, "rows first");
    dg_error_clear(&err);
    cr_assert_eq(err.code, DG_OK);
    cr_assert_str_eq(err.msg, "");
    dg_error_set(&err, DG_EIO, NULL, NULL, NULL, NULL);
    cr_assert_eq(err.code, DG_EIO);
    cr_assert_str_eq(err.param, "");
    cr_assert_str_eq(err.msg, "");
}

Test(error, allows_null_and_ok)
{
    cr_assert_eq(dg_error_set(NULL, DG_ENOMEM, "a", "b", "c", "d"), DG_ENOMEM);
    dg_error_clear(NULL);
    dg_error err = { 0 };
    cr_assert_eq(dg_error_set(&err, DG_OK, "a", "b", "c", "d"), DG_OK);
    cr_assert_eq(err.code, DG_OK, "DG_OK is not an error to keep");
    cr_assert_str_eq(err.param, "");
}

Test(error, status_names)
{
    cr_assert_str_eq(dg_status_name(DG_OK), "ok");
    cr_assert_str_eq(dg_status_name(DG_EINVAL), "invalid");
    cr_assert_str_eq(dg_status_name(DG_ELIMIT), "limit");
    cr_assert_str_eq(dg_status_name(DG_ENOMEM), "nomem");
    cr_assert_str_eq(dg_status_name(DG_EBUSY), "busy");
    cr_assert_str_eq(dg_status_name(DG_EIO), "io");
    cr_assert_not_null(dg_status_name((dg_status)99));
}

/* A character cut in half would make the JSON error body unencodable. */
static bool valid_utf8(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int n = *p < 0x80 ? 0 : (*p & 0xE0) == 0xC0 ? 1 : (*p & 0xF0) == 0xE0 ? 2
              : (*p & 0xF8) == 0xF0 ? 3 : -1;
        if (n < 0) return false;
        p++;
        for (int i = 0; i < n; i++, p++)
            if ((*p & 0xC0) != 0x80) return false;
    }
    return true;
}

Test(error, cuts_long_text_on_character_boundaries)
{
    /* 2-, 3- and 4-byte characters at every alignment against the cut */
    const char *chars[] = { "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x90\x89" };
    for (int c = 0; c < 3; c++) {
        for (int pad = 0; pad < 4; pad++) {
            char text[600] = "";
            for (int i = 0; i < pad; i++) strcat(text, "x");
            while (strlen(text) + 4 < sizeof text) strcat(text, chars[c]);
            dg_error err = { 0 };
            dg_error_set(&err, DG_EINVAL, text, text, text, "%s", text);
            cr_assert(valid_utf8(err.param) && valid_utf8(err.value) && valid_utf8(err.allowed)
                      && valid_utf8(err.msg), "char %d pad %d", c, pad);
            cr_assert_geq(strlen(err.value), sizeof err.value - 4);
            cr_assert_eq(strncmp(err.value, text, strlen(err.value)), 0);
            cr_assert_geq(strlen(err.msg), sizeof err.msg - 4);
        }
    }
}
