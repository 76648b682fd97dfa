/* test_srv_messages.c -- refusals are read whole: each message of a table
 * of bad inputs ends as written here (dg_error's msg was 160 bytes and cut
 * the longest mid-word: "use fewer stairs (about 7", issue 39), through
 * the daemon's own parse (srv_map_req_parse under its limits) and, for
 * the refusals that only making the map finds, dg_generate. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "http_int.h"

typedef struct {
    const char *query;
    bool generate;           /* the refusal comes from making the map */
    const char *ends;        /* the message's last words, as written */
} bad;

static dg_status refuse(const bad *b, dg_error *err)
{
    srv_kv kv;
    srv_kv_init(&kv);
    char buf[512];
    snprintf(buf, sizeof buf, "%s", b->query);
    for (char *p = strtok(buf, "&"); p; p = strtok(NULL, "&")) {
        char *eq = strchr(p, '=');
        if (eq) *eq++ = '\0';
        cr_assert_eq(srv_kv_add(&kv, p, eq ? eq : "", err), DG_OK);
    }
    srv_config c;
    srv_config_init(&c);
    dg_limits lim = srv_config_limits(&c);
    srv_map_req r;
    memset(&r, 0, sizeof r);
    dg_status rc = srv_map_req_parse(&r, &kv, -1, DG_FMT_JSON, &lim, err);
    if (rc == DG_OK && b->generate) {
        dg_dungeon *d = NULL;
        rc = dg_generate(&r.o, &d, err);
        dg_dungeon_free(d);
    }
    srv_map_req_fini(&r);
    srv_kv_fini(&kv);
    return rc;
}

Test(srv_messages, every_refusal_in_the_table_ends_as_written)
{
    static const bad table[] = {
        {"seed=1&rows=501&cols=501&floors=10&stairs=20&format=txt", true,
         "use fewer stairs (about 7), a bigger map or fewer floors"},
        {"seed=1&rows=201&cols=201&floors=10&stairs=12&format=txt", true,
         "use fewer stairs (about 8), a bigger map or fewer floors"},
        {"seed=1&rows=101&cols=101&floors=10&stairs=10&format=txt", true, "a bigger map or fewer floors"},
        {"seed=1&rows=1001&cols=1001&format=png&cell=30", false, "use a smaller cell"},
        {"seed=1&rows=1001&cols=1001&format=png&cell=40", false, "cell must be an integer from 4 to 32"},
        {"seed=1&rows=1001&cols=1001&format=uvtt&ppg=200", false, "make rows and cols at most 819"},
        {"seed=1&rooms=lots", false, NULL},
        {"seed=1&rows=4001", false, NULL},
        {"seed=1&style=neon", false, NULL},
    };
    for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
        dg_error err;
        dg_error_clear(&err);
        cr_assert_neq(refuse(&table[i], &err), DG_OK, "%s was not refused", table[i].query);
        size_t n = strlen(err.msg);
        /* room to spare: a message that fills the buffer was cut */
        cr_expect_lt(n, sizeof err.msg - 1, "%s: %zu bytes, the buffer's all: %s", table[i].query, n, err.msg);
        if (table[i].ends) {
            size_t e = strlen(table[i].ends);
            cr_expect(n >= e && !strcmp(err.msg + n - e, table[i].ends), "%s: ends \"%s\", not \"%s\"",
                      table[i].query, err.msg, table[i].ends);
        }
    }
}

/* The budget's refusal, the longest the daemon writes itself, fits too. */
Test(srv_messages, the_memory_budget_refusal_is_whole)
{
    srv_http h;
    memset(&h, 0, sizeof h);
    h.cfg.memory_budget = (size_t)256 << 20;
    dg_options o;
    dg_error err;
    dg_error_clear(&err);
    const char *keys[] = {"seed", "rows", "cols", "floors", "format", "ppg"};
    const char *values[] = {"1", "819", "819", "10", "foundry-bundle", "20"};
    cr_assert_eq(dg_options_parse(&o, 6, keys, values, NULL, &err), DG_OK, "%s", err.msg);
    cr_assert(srv_budget_too_big(&h, srv_estimate_bytes(&o), &o, &err));
    const char *end = "fewer cells, a smaller ppg or cell, or fewer floors";
    size_t n = strlen(err.msg), e = strlen(end);
    cr_assert(n >= e && !strcmp(err.msg + n - e, end), "%s", err.msg);
}
