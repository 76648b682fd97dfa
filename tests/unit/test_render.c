/* test_render.c -- dg_render's dispatch by format, MIME types, extensions. */
#include <criterion/criterion.h>

#include "enc_fixture.h"

static dg_dungeon *d;
static void setup(void) { d = fx_new(); }
static void teardown(void) { fx_free(d); }
TestSuite(render, .init = setup, .fini = teardown);

typedef dg_status (*encoder)(const dg_dungeon *, dg_buf *, dg_error *);

Test(render, dispatches_each_text_format_to_its_encoder)
{
    static const struct { dg_format fmt; encoder enc; } cases[] = {
        {DG_FMT_JSON, dg_json_encode}, {DG_FMT_DONJON, dg_donjon_encode},
        {DG_FMT_TXT, dg_text_encode}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        dg_buf a, b;
        dg_buf_init(&a);
        dg_buf_init(&b);
        cr_assert_eq(dg_render(d, cases[i].fmt, &a, NULL), DG_OK);
        cr_assert_eq(cases[i].enc(d, &b, NULL), DG_OK);
        cr_assert_eq(a.len, b.len);
        cr_assert_eq(memcmp(a.data, b.data, a.len), 0, "format %d", (int)cases[i].fmt);
        dg_buf_fini(&a);
        dg_buf_fini(&b);
    }
}

Test(render, appends_rather_than_overwrites)
{
    dg_buf b;
    dg_buf_init(&b);
    cr_assert_eq(dg_buf_puts(&b, "head:", NULL), DG_OK);
    cr_assert_eq(dg_render(d, DG_FMT_TXT, &b, NULL), DG_OK);
    cr_assert_eq(memcmp(b.data, "head:#", 6), 0);
    cr_assert_eq(b.len, 5 + (size_t)(FX_W + 1) * FX_H);
    dg_buf_fini(&b);
}

Test(render, an_unknown_format_names_the_parameter)
{
    dg_buf b;
    dg_buf_init(&b);
    dg_error err;
    dg_error_clear(&err);
    cr_assert_eq(dg_render(d, DG_FMT_COUNT, &b, &err), DG_EINVAL);
    cr_assert_str_eq(err.param, "format");
    cr_assert_eq(b.len, 0);
    dg_error_clear(&err);
    cr_assert_eq(dg_render(NULL, DG_FMT_JSON, &b, &err), DG_EINVAL);
    dg_buf_fini(&b);
}

Test(render, mime_types_and_extensions)
{
    cr_assert_str_eq(dg_format_mime(DG_FMT_JSON), "application/json");
    cr_assert_str_eq(dg_format_mime(DG_FMT_DONJON), "application/json");
    cr_assert_str_eq(dg_format_mime(DG_FMT_TXT), "text/plain; charset=utf-8");
    cr_assert_str_eq(dg_format_mime(DG_FMT_PNG), "image/png");
    cr_assert_str_eq(dg_format_ext(DG_FMT_JSON), "json");
    cr_assert_str_eq(dg_format_ext(DG_FMT_DONJON), "donjon.json");
    cr_assert_str_eq(dg_format_ext(DG_FMT_TXT), "txt");
    cr_assert_str_eq(dg_format_ext(DG_FMT_PNG), "png");
    cr_assert_str_eq(dg_format_mime(DG_FMT_UVTT), "application/json");
    cr_assert_str_eq(dg_format_mime(DG_FMT_FOUNDRY), "application/json");
    cr_assert_str_eq(dg_format_ext(DG_FMT_UVTT), "uvtt");
    cr_assert_str_eq(dg_format_ext(DG_FMT_FOUNDRY), "foundry.json");
    cr_assert_str_eq(dg_format_download_ext(DG_FMT_UVTT), "dd2vtt");
    cr_assert_str_eq(dg_format_download_ext(DG_FMT_FOUNDRY), "foundry.json");
    cr_assert_str_eq(dg_format_download_ext(DG_FMT_PNG), "png");
    cr_assert_str_eq(dg_format_ext((dg_format)-1), "bin");
}
