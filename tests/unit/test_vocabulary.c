/* test_vocabulary.c -- the option vocabulary's tables (core/option_keys.c,
 * families.c, formats.c): every key, family and format has a whole row;
 * and the contents keys (level, party, motif, contents, name) that stock a
 * map: their refusals, the name's limits, their canonical string. Parsing
 * in general is test_options.c's. */
#include <criterion/criterion.h>

#include <stdio.h>
#include <string.h>

#include "dg.h"
#include "dg_contents.h"

/* ---------------------------------------------------------- the tables */

/* The rows are designated by key id: a key without its row would leave a
 * zero row behind, which this finds. */
Test(vocabulary, every_key_family_and_format_has_a_whole_row)
{
    size_t n = 0;
    for (const dg_option_def *d; (d = dg_option_def_at(n)) != NULL; n++) {
        cr_assert(d->name && *d->name, "row %zu has no name", n);
        cr_assert(d->help && *d->help, "%s has no description", d->name);
        cr_assert_eq(dg_option_def_find(d->name), d, "%s is not found by name", d->name);
        if (d->kind == DG_KIND_NAME || d->kind == DG_KIND_AMOUNT)
            cr_assert_gt(d->n_names, 0, "%s lists no values", d->name);
        if (d->kind == DG_KIND_NAME)
            cr_assert_lt(d->def, (int)d->n_names, "%s's default is not a value", d->name);
        if (d->kind == DG_KIND_INT && !d->def_note)
            cr_assert(d->def >= d->lo && (d->limit || d->def <= d->hi), "%s's default is out of range", d->name);
        cr_assert_str_eq(dg_option_key(n), d->name);
    }
    cr_assert_gt(n, 30);
    for (int a = 0; a < DG_ALGO_COUNT; a++) {
        const dg_family_info *f = dg_family_info_of((dg_algorithm)a);
        cr_assert_not_null(f, "family %d has no row", a);
        cr_assert(f->help && *f->help);
    }
    for (int i = 0; i < DG_FMT_COUNT; i++) {
        const dg_format_info *f = dg_format_info_of((dg_format)i);
        cr_assert_not_null(f, "format %d has no row", i);
        cr_assert(f->ext && f->media_type && f->download && f->help);
        if (f->raster_key) cr_assert_not_null(dg_option_def_find(f->raster_key));
    }
    cr_assert_null(dg_family_info_of(DG_ALGO_COUNT));
    cr_assert_null(dg_format_info_of(DG_FMT_COUNT));
}

/* ------------------------------------------------------------- contents */

static void refused(const char *key, const char *value, const char *says)
{
    dg_options o;
    dg_error err;
    dg_error_clear(&err);
    dg_options_init(&o);
    cr_assert_eq(dg_options_set(&o, key, value, NULL, &err), DG_EINVAL, "%s=%s accepted", key, value);
    cr_assert_str_eq(err.param, key);
    cr_assert(strstr(err.msg, says), "%s=%s: '%s' does not say '%s'", key, value, err.msg, says);
    cr_assert_gt(strlen(err.allowed), 0);
}

Test(contents_keys, bad_values_are_refused_naming_the_key)
{
    refused("level", "0", "from 1 to 20");
    refused("level", "21", "from 1 to 20");
    refused("party", "11", "from 1 to 10");
    refused("party", "0", "from 1 to 10");
    refused("motif", "spooky", "infernal");
    refused("contents", "lots", "none, basic, full");
    char long_name[82];
    memset(long_name, 'a', 81);
    long_name[81] = '\0';
    refused("name", long_name, "at most 80 characters");
    refused("name", "bad\x01name", "control characters");
    refused("name", "tab\there", "control characters");
    refused("name", "bad\xc2\x85name", "control characters"); /* NEL, a C1 control */
    refused("name", "bad\xff", "UTF-8");
    refused("name", "over\xc0\xaflong", "UTF-8");
    refused("name", "cut\xe2\x82", "UTF-8");
}

Test(contents_keys, a_name_of_eighty_characters_fits_whatever_their_bytes)
{
    char name[80 * 3 + 1] = "";
    for (int i = 0; i < 80; i++) strcat(name, "\xe2\x82\xac"); /* the euro sign, three bytes */
    dg_options o;
    dg_error err;
    dg_error_clear(&err);
    dg_options_init(&o);
    cr_assert_eq(dg_options_set(&o, "name", name, NULL, &err), DG_OK, "%s", err.msg);
    cr_assert_str_eq(o.name, name);
}

Test(contents_keys, the_canonical_string_carries_them_and_a_name_percent_encoded)
{
    char buf[1024];
    const char *keys[] = {"seed", "level", "party", "motif", "contents", "name"};
    const char *vals[] = {"7", "5", "6", "undead", "basic", "Tomb of \xc3\x9cr&"};
    dg_options o;
    dg_error err;
    cr_assert_eq(dg_options_parse(&o, 6, keys, vals, NULL, &err), DG_OK, "%s", err.msg);
    dg_options_canonical(&o, buf, sizeof buf);
    cr_assert(strstr(buf, "&contents=basic&level=5&party=6&motif=undead&name=Tomb%20of%20%C3%9Cr%26&style="),
              "%s", buf);
    cr_assert_eq(dg_options_parse(&o, 1, keys, vals, NULL, &err), DG_OK, "%s", err.msg);
    dg_options_canonical(&o, buf, sizeof buf);
    cr_assert_null(strstr(buf, "name="), "an absent name stays out: %s", buf);
}

/* Stocking reads the same rows: a parameter out of range is refused with
 * the option parser's own words. */
static void same_refusal(const char *key, const char *value, dg_stock_params p)
{
    dg_options o;
    dg_error by_option, by_stock;
    dg_error_clear(&by_option);
    dg_error_clear(&by_stock);
    dg_options_init(&o);
    cr_assert_eq(dg_options_set(&o, key, value, NULL, &by_option), DG_EINVAL, "%s=%s accepted", key, value);
    cr_assert_eq(dg_stock_params_check(&p, &by_stock), DG_EINVAL, "stocking took %s=%s", key, value);
    cr_assert_str_eq(by_stock.param, by_option.param);
    cr_assert_str_eq(by_stock.value, by_option.value);
    cr_assert_str_eq(by_stock.allowed, by_option.allowed);
    cr_assert_str_eq(by_stock.msg, by_option.msg);
}

Test(contents_keys, stocking_refuses_what_the_parser_refuses_in_its_words)
{
    dg_stock_params p;
    const int levels[] = {0, 21}, parties[] = {0, 11};
    for (int i = 0; i < 2; i++) {
        char v[8];
        dg_stock_params_init(&p, 1);
        p.level = levels[i];
        snprintf(v, sizeof v, "%d", levels[i]);
        same_refusal("level", v, p);
        dg_stock_params_init(&p, 1);
        p.party = parties[i];
        snprintf(v, sizeof v, "%d", parties[i]);
        same_refusal("party", v, p);
    }
    const char *names[] = {"bad\x01name", "bad\xff", "over\xc0\xaflong", " padded", ""};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        dg_stock_params_init(&p, 1);
        p.name = names[i];
        same_refusal("name", names[i], p);
    }
    dg_stock_params_init(&p, 1);
    p.motif = DG_MOTIF_COUNT;
    dg_error e;
    dg_error_clear(&e);
    cr_assert_eq(dg_stock_params_check(&p, &e), DG_EINVAL);
    char allowed[200];
    dg_option_allowed("motif", allowed, sizeof allowed);
    cr_assert_str_eq(e.allowed, allowed);
}
