/* test_srd_tables.c -- the committed SRD tables (core/srd_tables.c) are
 * what tools/srd_tables.pl makes of ../shared's facts today (skipped
 * without them or perl), and hold together: sorted by XP, each CR's XP as
 * encounters.md gives it, every name once. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dg.h"

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    *len = n;
    return buf;
}

/* Runs the generator (with `flag`) and compares with the committed file. */
static void matches_generated(const char *flag, const char *committed)
{
    const char *facts = DG_SOURCE_DIR "/../shared/data/srd-5.1";
    if (access(facts, R_OK) != 0 || system("perl -e1 >/dev/null 2>&1") != 0)
        cr_skip_test("no ../shared or perl");
    char out[] = "/tmp/srd_tables_XXXXXX";
    int fd = mkstemp(out);
    cr_assert_geq(fd, 0);
    close(fd);
    char cmd[1024], path[512];
    snprintf(cmd, sizeof cmd, "perl %s/tools/srd_tables.pl %s %s > %s 2>/dev/null", DG_SOURCE_DIR, flag, facts, out);
    cr_assert_eq(system(cmd), 0, "tools/srd_tables.pl failed");
    snprintf(path, sizeof path, "%s/%s", DG_SOURCE_DIR, committed);
    size_t a_len = 0, b_len = 0;
    char *a = slurp(out, &a_len), *b = slurp(path, &b_len);
    unlink(out);
    cr_assert(a && b);
    cr_assert(a_len == b_len && memcmp(a, b, a_len) == 0,
              "%s is stale: run perl tools/srd_tables.pl %s > %s", committed, flag, committed);
    free(a);
    free(b);
}

Test(srd_tables, committed_table_matches_the_facts) { matches_generated("", "core/srd_tables.c"); }
Test(srd_tables, committed_monster_ids_match_the_facts) { matches_generated("--ids", "core/srd_monster_ids.h"); }

Test(srd_tables, monsters_hold_together)
{
    static const struct { const char *cr; int xp; } cr_xp[] = {
        {"0", 10}, {"1/8", 25}, {"1/4", 50}, {"1/2", 100}, {"1", 200}, {"2", 450}, {"3", 700},
        {"4", 1100}, {"5", 1800}, {"6", 2300}, {"7", 2900}, {"8", 3900}, {"9", 5000}, {"10", 5900},
        {"11", 7200}, {"12", 8400}, {"13", 10000}, {"14", 11500}, {"15", 13000}, {"16", 15000},
        {"17", 18000}, {"18", 20000}, {"19", 22000}, {"20", 25000}, {"21", 33000}, {"22", 41000},
        {"23", 50000}, {"24", 62000}, {"30", 155000},
    };
    size_t n = dg_monster_count();
    cr_assert_eq(n, 322, "334 SRD rows, the 12 extra forms of lycanthropes and the vampire folded");
    cr_assert_null(dg_monster_info((int)n));
    for (size_t i = 0; i < n; i++) {
        const dg_monster *m = dg_monster_info((int)i);
        if (i) cr_assert_geq(m->xp, dg_monster_info((int)i - 1)->xp, "%s out of XP order", m->name);
        bool known = false;
        for (size_t k = 0; k < sizeof cr_xp / sizeof cr_xp[0]; k++)
            if (strcmp(cr_xp[k].cr, m->cr) == 0) {
                known = true;
                /* CR 0 creatures give 0 or 10 XP */
                cr_assert(m->xp == cr_xp[k].xp || (m->cr8 == 0 && m->xp == 0), "%s: cr %s, %d xp", m->name, m->cr, m->xp);
            }
        cr_assert(known, "%s: unknown cr %s", m->name, m->cr);
        cr_assert(m->ac > 0 && m->hp > 0, "%s", m->name);
        cr_assert_neq(dg_creature_type_name(m->type)[0], '\0');
        cr_assert_neq(dg_creature_size_name(m->size)[0], '\0');
        for (size_t j = 0; j < i; j++) cr_assert_str_neq(m->name, dg_monster_info((int)j)->name);
    }
    cr_assert_eq(dg_magic_item_count(), 239);
    for (size_t i = 0; i < dg_magic_item_count(); i++)
        cr_assert_neq(dg_rarity_name(dg_magic_item_info((int)i)->rarity)[0], '\0');
}
