/* test_buf.c -- dg_buf: appends, growth, reset, steal, fini. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"

static dg_buf b;
static void setup(void) { dg_buf_init(&b); }
static void teardown(void) { dg_buf_fini(&b); }
TestSuite(buf, .init = setup, .fini = teardown);

Test(buf, starts_empty)
{
    cr_assert_eq(b.len, 0);
    cr_assert_null(b.data);
}

Test(buf, appends_in_order_across_growth)
{
    char chunk[1000];
    for (int i = 0; i < 300; i++) {
        memset(chunk, 'a' + i % 26, sizeof chunk);
        cr_assert_eq(dg_buf_append(&b, chunk, sizeof chunk, NULL), DG_OK);
    }
    cr_assert_eq(b.len, 300000u);
    cr_assert_geq(b.cap, b.len);
    for (int i = 0; i < 300; i++) cr_assert_eq(b.data[i * 1000 + 999], 'a' + i % 26);
}

Test(buf, puts_appends_without_the_terminator_but_keeps_one_after_data)
{
    cr_assert_eq(dg_buf_puts(&b, "abc", NULL), DG_OK);
    cr_assert_eq(dg_buf_puts(&b, "", NULL), DG_OK);
    cr_assert_eq(dg_buf_puts(&b, "de", NULL), DG_OK);
    cr_assert_eq(b.len, 5);
    cr_assert_str_eq((const char *)b.data, "abcde");
}

Test(buf, reset_keeps_storage)
{
    cr_assert_eq(dg_buf_puts(&b, "hello", NULL), DG_OK);
    unsigned char *p = b.data;
    dg_buf_reset(&b);
    cr_assert_eq(b.len, 0);
    cr_assert_eq(b.data, p);
    cr_assert_eq(dg_buf_puts(&b, "x", NULL), DG_OK);
    cr_assert_str_eq((const char *)b.data, "x");
}

Test(buf, steal_hands_over_the_bytes_and_empties)
{
    cr_assert_eq(dg_buf_puts(&b, "map", NULL), DG_OK);
    size_t n = 0;
    unsigned char *p = dg_buf_steal(&b, &n);
    cr_assert_eq(n, 3);
    cr_assert_eq(memcmp(p, "map", 3), 0);
    cr_assert_eq(b.len, 0);
    cr_assert_null(b.data);
    free(p);
    cr_assert_eq(dg_buf_puts(&b, "again", NULL), DG_OK);
    cr_assert_eq(b.len, 5);
}

Test(buf, an_impossible_size_is_enomem_not_a_crash)
{
    dg_error err;
    dg_error_clear(&err);
    cr_assert_eq(dg_buf_puts(&b, "x", NULL), DG_OK);
    cr_assert_eq(dg_buf_append(&b, "y", SIZE_MAX, &err), DG_ENOMEM);
    cr_assert_eq(err.code, DG_ENOMEM);
    cr_assert_eq(b.len, 1);
}

/* One overflow rule for every printf into a buffer (key text, SVG, the
 * daemon's form and metrics): the buffer grows, nothing is ever cut. */
Test(buf, printf_grows_and_never_cuts)
{
    char long_word[1001];
    memset(long_word, 'w', 1000);
    long_word[1000] = '\0';
    cr_assert_eq(dg_buf_printf(&b, NULL, "%d:", 7), DG_OK);
    cr_assert_eq(dg_buf_printf(&b, NULL, "<%s>", long_word), DG_OK);
    cr_assert_eq(b.len, 2 + 1002);
    cr_assert_eq(memcmp(b.data, "7:<w", 4), 0);
    cr_assert_eq(b.data[b.len - 1], '>');
    cr_assert_eq(b.data[b.len], '\0');
}
