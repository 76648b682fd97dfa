/* test_srv_form.c -- index.html's placeholders filled from the vocabulary:
 * what each writes, under the deployment's limits, and the refusals that
 * keep a daemon with a wrong form from starting. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "srv.h"

static char *out;
static dg_error err;

static void teardown(void) { free(out); out = NULL; }
TestSuite(srv_form, .fini = teardown);

/* in filled under lim (NULL: the defaults); NULL and err set on refusal */
static const char *fill(const char *in, const dg_limits *lim)
{
    dg_limits def = dg_limits_default();
    unsigned char *o = NULL;
    size_t n = 0;
    memset(&err, 0, sizeof err);
    free(out);
    out = NULL;
    if (srv_form_expand((const unsigned char *)in, strlen(in), lim ? lim : &def, &o, &n, &err) != DG_OK)
        return NULL;
    out = malloc(n + 1);
    cr_assert_not_null(out);
    memcpy(out, o, n);
    out[n] = '\0';
    free(o);
    return out;
}

Test(srv_form, values_are_options_with_the_default_selected)
{
    const char *s = fill("<select><!--values:deadends--></select>", NULL);
    cr_assert_not_null(s, "%s", err.msg);
    /* an amount's default (50) is selected by its name */
    cr_assert_str_eq(s, "<select>\n        <option value=\"none\">None</option>"
                        "\n        <option value=\"some\" selected>Some</option>"
                        "\n        <option value=\"all\">All</option>\n      </select>");
    s = fill("<!--values:grid vhex=\"Vertical hex\"-->", NULL);
    cr_assert(strstr(s, "<option value=\"vhex\">Vertical hex</option>"), "%s", s);
    cr_assert(strstr(s, "<option value=\"square\" selected>Square</option>"), "%s", s);
}

Test(srv_form, radios_number_and_downloads)
{
    const char *s = fill("<!--radios:view gm=\"GM\"-->", NULL);
    cr_assert_str_eq(s, "<input type=\"radio\" id=\"f-view-gm\" name=\"view\" value=\"gm\" checked>"
                        "<label for=\"f-view-gm\">GM</label>\n        "
                        "<input type=\"radio\" id=\"f-view-player\" name=\"view\" value=\"player\">"
                        "<label for=\"f-view-player\">Player</label>");
    /* the range is this deployment's */
    dg_limits lim = dg_limits_default();
    lim.max_cell = 40;
    lim.max_dim = 501;
    cr_assert_str_eq(fill("<input <!--number:cell-->>", &lim), "<input min=\"4\" max=\"40\" value=\"18\">");
    cr_assert_str_eq(fill("<input <!--number:rows-->>", &lim), "<input min=\"7\" max=\"501\" step=\"2\">");
    s = fill("<!--downloads txt=\"Text\" png=\"Picture\"-->", NULL);
    cr_assert(!strncmp(s, "<button type=\"submit\" formaction=\"/dungeon.txt\" name=\"download\" value=\"1\">Text</button>"
                          "\n    <button type=\"submit\" formaction=\"/dungeon.png\" name=\"download\" value=\"1\">Picture</button>",
                       strlen("<button type=\"submit\" formaction=\"/dungeon.txt\" name=\"download\" value=\"1\">Text</button>"
                              "\n    <button type=\"submit\" formaction=\"/dungeon.png\" name=\"download\" value=\"1\">Picture</button>")), "%s", s);
    /* the formats not named follow, by name */
    cr_assert(strstr(s, "formaction=\"/dungeon.uvtt\" name=\"download\" value=\"1\">UVTT</button>"), "%s", s);
    cr_assert_null(strstr(s, ">TXT<"), "%s", s);
    /* a format name with a hyphen is named like any other */
    s = fill("<!--downloads foundry-bundle=\"Foundry module\"-->", NULL);
    cr_assert(!strncmp(s, "<button type=\"submit\" formaction=\"/dungeon.foundry.zip\" name=\"download\" value=\"1\">Foundry module</button>",
                       strlen("<button type=\"submit\" formaction=\"/dungeon.foundry.zip\" name=\"download\" value=\"1\">Foundry module</button>")), "%s", s);
}

Test(srv_form, other_text_stays_byte_for_byte)
{
    static const char page[] = "<!doctype html>\n<!-- values are filled in: not here -->\n<p>a <!-- b --> c</p><!--";
    cr_assert_str_eq(fill(page, NULL), page);
}

Test(srv_form, refuses_what_the_vocabulary_lacks)
{
    static const struct { const char *in, *says; } bad[] = {
        {"<!--values:colour-->", "names no key"},
        {"<!--values:grid hexagonal=\"Hex\"-->", "'hexagonal'"},
        {"<!--values:cell-->", "without a list of values"},
        {"<!--number:layout-->", "without a range"},
        {"<!--downloads epub=\"EPUB\"-->", "'epub'"},
        {"<!--values:grid vhex=Vertical-->", "malformed"},
        {"<!--values:-->", "malformed"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cr_assert_null(fill(bad[i].in, NULL), "%s was filled", bad[i].in);
        cr_assert_eq(err.code, DG_EINVAL, "%s", bad[i].in);
        cr_assert(strstr(err.msg, bad[i].says), "%s: %s", bad[i].in, err.msg);
    }
}

Test(srv_form, the_served_page_has_no_placeholder_left)
{
    dg_limits lim = dg_limits_default();
    lim.max_cell = 24;
    cr_assert_eq(srv_static_init(&lim, NULL), DG_OK);
    const srv_asset *a = srv_static_find("/", "/");
    char *page = strndup((const char *)a->data, a->len);
    cr_assert_null(strstr(page, "<!--values:"));
    cr_assert_null(strstr(page, "<!--number:"));
    cr_assert(strstr(page, "<option value=\"medium\" selected>Medium</option>"));
    cr_assert(strstr(page, "min=\"4\" max=\"24\" value=\"18\""));
    free(page);
    srv_static_fini();
}
