/* test_json_write.c -- the streaming JSON writer (json_write.c) against
 * jansson's compact dump, value by value: strings with every ASCII byte
 * and UTF-8 of every length, integers at their limits, containers and
 * their commas; strings that are not UTF-8 refused the way jansson refuses
 * them, and a failed document leaving the buffer as it was. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <string.h>

#include "json_write.h"

/* What jansson's compact dump writes for v (taken). */
static char *jansson_text(json_t *v)
{
    cr_assert_not_null(v);
    char *s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_PRESERVE_ORDER);
    json_decref(v);
    cr_assert_not_null(s);
    return s;
}

static void expect_string(const char *s, size_t n)
{
    dg_buf b;
    dg_buf_init(&b);
    dr__jw w;
    dr__jw_init(&w, &b, NULL);
    dr__jw_stringn(&w, s, n);
    cr_assert_eq(dr__jw_finish(&w), DG_OK);
    char *want = jansson_text(json_stringn(s, n));
    cr_assert_str_eq((const char *)b.data, want, "string of %zu bytes, first 0x%02x", n,
                     n ? (unsigned char)s[0] : 0);
    free(want);
    dg_buf_fini(&b);
}

Test(json_write, every_ascii_byte_is_escaped_as_jansson_escapes_it)
{
    for (int c = 0; c < 0x80; c++) {
        char s[3] = {'a', (char)c, 'z'};
        expect_string(s, 3);
        expect_string(s + 1, 1);
    }
    expect_string("", 0);
    expect_string("/?seed=7&rooms=dense \"quoted\" back\\slash", 41);
}

Test(json_write, utf8_of_every_length_passes_as_it_is)
{
    static const char *const samples[] = {
        "caf\xc3\xa9",                  /* 2 bytes */
        "\xe2\x82\xac and \xe2\x80\xa8", /* 3 bytes, U+2028 too */
        "\xf0\x9f\x90\x89 dragon",      /* 4 bytes */
        "\xc2\x80\xdf\xbf\xe0\xa0\x80\xef\xbf\xbf\xf0\x90\x80\x80\xf4\x8f\xbf\xbf", /* the bounds */
        "\x7f",
    };
    for (size_t i = 0; i < sizeof samples / sizeof *samples; i++) expect_string(samples[i], strlen(samples[i]));
}

Test(json_write, what_jansson_refuses_as_utf8_is_an_error_and_leaves_the_buffer)
{
    static const char *const bad[] = {
        "\x80", "\xc0\xaf", "\xc1\xbf", "\xe0\x9f\xbf", "\xed\xa0\x80", "\xf0\x8f\xbf\xbf",
        "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xff", "ok \xc3", "\xe2\x82", "\xc3\x28",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        cr_assert_null(json_string(bad[i]), "jansson takes sample %zu", i);
        dg_buf b;
        dg_buf_init(&b);
        dg_buf_puts(&b, "before", NULL);
        dr__jw w;
        dg_error err;
        dg_error_clear(&err);
        dr__jw_init(&w, &b, &err);
        dr__jw_object_begin(&w);
        dr__jw_key_int(&w, "a", 1);
        dr__jw_key_string(&w, "b", bad[i]);
        dr__jw_key_int(&w, "c", 2); /* ignored: the writer has failed */
        dr__jw_object_end(&w);
        cr_assert_eq(dr__jw_finish(&w), DG_EINVAL, "sample %zu", i);
        cr_assert(strstr(err.msg, "UTF-8") != NULL, "%s", err.msg);
        cr_assert_str_eq((const char *)b.data, "before");
        dg_buf_fini(&b);
    }
}

Test(json_write, integers_at_their_limits)
{
    static const int64_t v[] = {0, 1, -1, 9, 10, 99, 100, 4294967295LL, 4294967296LL, -4294967296LL,
                                INT64_MAX, INT64_MIN, INT64_MIN + 1};
    for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
        dg_buf b;
        dg_buf_init(&b);
        dr__jw w;
        dr__jw_init(&w, &b, NULL);
        dr__jw_int(&w, v[i]);
        cr_assert_eq(dr__jw_finish(&w), DG_OK);
        char *want = jansson_text(json_integer(v[i]));
        cr_assert_str_eq((const char *)b.data, want);
        free(want);
        dg_buf_fini(&b);
    }
}

Test(json_write, containers_commas_and_every_kind_of_value)
{
    dg_buf b;
    dg_buf_init(&b);
    dg_buf_puts(&b, "kept:", NULL);
    dr__jw w;
    dr__jw_init(&w, &b, NULL);
    dr__jw_object_begin(&w);
    dr__jw_key(&w, "empty");
    dr__jw_object_begin(&w);
    dr__jw_object_end(&w);
    dr__jw_key(&w, "list");
    dr__jw_array_begin(&w);
    dr__jw_int(&w, 1);
    dr__jw_array_begin(&w);
    dr__jw_array_end(&w);
    dr__jw_string(&w, "two");
    dr__jw_bool(&w, true);
    dr__jw_bool(&w, false);
    dr__jw_null(&w);
    dr__jw_raw(&w, "[3,4.5]", 7);
    dr__jw_array_end(&w);
    dr__jw_key_null(&w, "nothing");
    dr__jw_keyn(&w, "key=value", 3);
    dr__jw_int(&w, -7);
    dr__jw_object_end(&w);
    cr_assert_eq(dr__jw_finish(&w), DG_OK);
    json_t *want = json_pack("{s:{},s:[i,[],s,b,b,n,[i,f]],s:n,s:i}", "empty", "list", 1, "two", 1, 0, 3, 4.5,
                             "nothing", "key", -7);
    char *text = jansson_text(want);
    cr_assert_str_eq((const char *)b.data + 5, text);
    cr_assert_eq(memcmp(b.data, "kept:", 5), 0, "what the buffer held stays");
    free(text);
    dg_buf_fini(&b);
}

static dg_status write_pair(const dg_dungeon *d, const void *ctx, dg_buf *out, dg_error *err)
{
    (void)d;
    return dg_buf_puts(out, ctx, err);
}

static dg_status refuse(const dg_dungeon *d, const void *ctx, dg_buf *out, dg_error *err)
{
    (void)d;
    (void)ctx;
    dg_buf_puts(out, "[1,", NULL); /* half a value, then a failure */
    return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory");
}

Test(json_write, a_splice_is_one_value_and_its_failure_the_documents)
{
    dg_buf b;
    dg_buf_init(&b);
    dr__jw w;
    dr__jw_init(&w, &b, NULL);
    dr__jw_array_begin(&w);
    dr__jw_int(&w, 0);
    dr__jw_splice(&w, write_pair, NULL, "[1,2]");
    dr__jw_splice(&w, write_pair, NULL, "{}");
    dr__jw_array_end(&w);
    cr_assert_eq(dr__jw_finish(&w), DG_OK);
    cr_assert_str_eq((const char *)b.data, "[0,[1,2],{}]");

    dg_buf_reset(&b);
    dg_error err;
    dg_error_clear(&err);
    dr__jw_init(&w, &b, &err);
    dr__jw_array_begin(&w);
    dr__jw_splice(&w, refuse, NULL, NULL);
    dr__jw_array_end(&w);
    cr_assert_eq(dr__jw_finish(&w), DG_ENOMEM);
    cr_assert_eq(b.len, 0);
    cr_assert_str_eq((const char *)b.data, "");
    dg_buf_fini(&b);
}

Test(json_write, a_long_document_grows_the_buffer_from_nothing)
{
    dg_buf b;
    dg_buf_init(&b);
    dr__jw w;
    dr__jw_init(&w, &b, NULL);
    json_t *want = json_array();
    dr__jw_array_begin(&w);
    for (int i = 0; i < 20000; i++) {
        char s[32];
        snprintf(s, sizeof s, "item \"%d\"\n", i);
        dr__jw_string(&w, s);
        dr__jw_int(&w, (int64_t)i * 7919 - 50000);
        json_array_append_new(want, json_string(s));
        json_array_append_new(want, json_integer((json_int_t)i * 7919 - 50000));
    }
    dr__jw_array_end(&w);
    cr_assert_eq(dr__jw_finish(&w), DG_OK);
    char *text = jansson_text(want);
    cr_assert_eq(strlen(text), b.len);
    cr_assert_str_eq((const char *)b.data, text);
    free(text);
    dg_buf_fini(&b);
}

Test(json_write, nesting_deeper_than_the_writer_holds_is_an_error)
{
    dg_buf b;
    dg_buf_init(&b);
    dr__jw w;
    dg_error err;
    dg_error_clear(&err);
    dr__jw_init(&w, &b, &err);
    for (int i = 0; i <= DR__JW_MAX_DEPTH; i++) dr__jw_array_begin(&w);
    for (int i = 0; i <= DR__JW_MAX_DEPTH; i++) dr__jw_array_end(&w);
    cr_assert_eq(dr__jw_finish(&w), DG_ELIMIT);
    cr_assert(strstr(err.msg, "deep") != NULL, "%s", err.msg);
    cr_assert_eq(b.len, 0);
    dg_buf_fini(&b);
}
