/* test_bestiary.c -- every creature kind a dungeon's key names, on any
 * floor, in rooms or among the wandering monsters, has its stat block
 * exactly once: in format=md's "## Stat blocks" appendix (a "### Name"
 * each, nothing else there) and in the native JSON's "bestiary" (an entry
 * each); every encounter's monster points at its entry. The kinds are
 * gathered here from the contents, apart from render's bestiary.c. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "render_int.h"
#include "query_fixture.h"

static const char *const dungeons[] = {
    "seed=7",
    "seed=9&level=20&party=6",
    "seed=The Bestiary&floors=3&level=11",
    "seed=42&algorithm=caverns&floors=2&level=5&danger=deadly",
    "seed=3&algorithm=gridmapper&motif=undead&level=17",
    "seed=5&contents=basic",
};

static dg_dungeon *make(const char *query)
{
    dg_options o;
    dg_error err;
    cr_assert_eq(parse_query(&o, query, NULL, &err), DG_OK, "%s: %s", query, err.msg);
    dg_dungeon *d = NULL;
    cr_assert_eq(dg_generate(&o, &d, &err), DG_OK, "%s: %s", query, err.msg);
    return d;
}

/* kinds[m] set for every monster the key names, on every floor */
static int kinds_of(const dg_dungeon *d, bool *kinds)
{
    memset(kinds, 0, dg_monster_count() * sizeof *kinds);
    int n = 0;
    for (const dg_dungeon *f = d; f; f = f->below) {
        const dg_contents *c = f->contents;
        if (!c) continue;
        const dg_encounter *es[512];
        size_t ne = 0;
        for (size_t i = 0; i < c->n_rooms && ne < 500; i++) es[ne++] = &c->rooms[i].encounter;
        for (int i = 0; i < c->n_wandering; i++) es[ne++] = &c->wandering[i].encounter;
        for (size_t k = 0; k < ne; k++)
            for (int g = 0; g < es[k]->n_groups; g++)
                if (!kinds[es[k]->groups[g].monster]) {
                    kinds[es[k]->groups[g].monster] = true;
                    n++;
                }
    }
    return n;
}

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle)) n++;
    return n;
}

Test(bestiary, md_has_one_stat_block_per_kind)
{
    bool kinds[400];
    cr_assert_lt(dg_monster_count(), 400u);
    for (size_t q = 0; q < sizeof dungeons / sizeof *dungeons; q++) {
        dg_dungeon *d = make(dungeons[q]);
        int n = kinds_of(d, kinds);
        cr_assert_gt(n, 0, "%s: nobody home", dungeons[q]);
        dg_buf b;
        dg_buf_init(&b);
        dg_error err;
        cr_assert_eq(dg_md_encode(d, &b, &err), DG_OK);
        cr_assert_eq(dg_buf_append(&b, "", 1, &err), DG_OK); /* a C string */
        char *md = (char *)b.data;
        cr_assert_eq(count(md, "\n## Stat blocks\n"), 1, "%s", dungeons[q]);
        char *app = strstr(md, "\n## Stat blocks\n");
        char *end = strstr(app, "\n---\n");
        cr_assert(end, "%s: the attribution follows the stat blocks", dungeons[q]);
        *end = '\0';
        cr_assert_eq(count(app, "\n### "), (size_t)n, "%s: %d kinds", dungeons[q], n);
        cr_assert_null(strstr(app, "\n## Floor"), "%s: the appendix comes after every floor", dungeons[q]);
        char prev[160] = "", line[160];
        for (const char *p = app; (p = strstr(p, "\n### ")); p += 5) {
            snprintf(line, sizeof line, "%.*s", (int)strcspn(p + 5, "\n"), p + 5);
            cr_assert_gt(strcmp(line, prev), 0, "%s: %s after %s", dungeons[q], line, prev);
            bool found = false;
            for (size_t m = 0; m < dg_monster_count(); m++)
                if (kinds[m] && strcmp(dg_monster_info((int)m)->name, line) == 0) found = true;
            cr_assert(found, "%s: stat block of %s, who is not in the key", dungeons[q], line);
            memcpy(prev, line, sizeof prev);
        }
        /* each block carries the GM's lines */
        cr_assert_eq(count(app, "- **Armor Class** "), (size_t)n);
        cr_assert_eq(count(app, "- **Challenge** "), (size_t)n);
        cr_assert_eq(count(app, "| STR | DEX | CON | INT | WIS | CHA |"), (size_t)n);
        dg_buf_fini(&b);
        dg_dungeon_free(d);
    }
}

static void check_refs(const char *what, json_t *encounter, json_t *ids, int *refs)
{
    if (json_is_null(encounter)) return;
    size_t i;
    json_t *m;
    json_array_foreach(json_object_get(encounter, "monsters"), i, m) {
        const char *ref = json_string_value(json_object_get(m, "bestiary"));
        cr_assert(ref, "%s: a monster without its bestiary id", what);
        json_t *entry = json_object_get(ids, ref);
        cr_assert(entry, "%s: %s not in the bestiary", what, ref);
        cr_assert_str_eq(json_string_value(json_object_get(entry, "name")),
                         json_string_value(json_object_get(m, "name")));
        (*refs)++;
    }
}

static void check_floor(const char *what, json_t *floor, json_t *ids, int *refs)
{
    size_t i;
    json_t *v;
    json_array_foreach(json_object_get(floor, "rooms"), i, v) {
        json_t *c = json_object_get(v, "contents");
        if (json_is_object(c)) check_refs(what, json_object_get(c, "encounter"), ids, refs);
    }
    json_array_foreach(json_object_get(floor, "wandering_monsters"), i, v)
        check_refs(what, json_object_get(v, "encounter"), ids, refs);
}

Test(bestiary, json_has_one_entry_per_kind_and_every_reference_resolves)
{
    bool kinds[400];
    for (size_t q = 0; q < sizeof dungeons / sizeof *dungeons; q++) {
        dg_dungeon *d = make(dungeons[q]);
        int n = kinds_of(d, kinds);
        dg_buf b;
        dg_buf_init(&b);
        dg_error err;
        cr_assert_eq(dg_json_encode(d, &b, &err), DG_OK);
        json_error_t je;
        json_t *doc = json_loadb((const char *)b.data, b.len, 0, &je);
        cr_assert(doc, "%s", je.text);
        json_t *best = json_object_get(doc, "bestiary"), *ids = json_object();
        cr_assert(json_is_array(best));
        cr_assert_eq(json_array_size(best), (size_t)n, "%s", dungeons[q]);
        size_t i;
        json_t *e;
        json_array_foreach(best, i, e) {
            const char *id = json_string_value(json_object_get(e, "id"));
            cr_assert(id && !json_object_get(ids, id), "%s: id %s twice", dungeons[q], id);
            json_object_set(ids, id, e);
            bool found = false;
            for (size_t m = 0; m < dg_monster_count(); m++)
                if (kinds[m] && strcmp(dg_monster_info((int)m)->name, json_string_value(json_object_get(e, "name"))) == 0)
                    found = true;
            cr_assert(found);
            cr_assert(json_array_size(json_object_get(e, "actions")) + json_array_size(json_object_get(e, "traits")) > 0);
            cr_assert(json_is_integer(json_object_get(json_object_get(e, "abilities"), "cha")));
        }
        int refs = 0;
        check_floor(dungeons[q], doc, ids, &refs);
        json_t *f;
        json_array_foreach(json_object_get(doc, "below"), i, f) {
            cr_assert_null(json_object_get(f, "bestiary"), "the bestiary is the dungeon's, not a floor's");
            check_floor(dungeons[q], f, ids, &refs);
        }
        cr_assert_gt(refs, 0);
        json_decref(ids);
        json_decref(doc);
        dg_buf_fini(&b);
        dg_dungeon_free(d);
    }
}

/* Ids are slugs, one per monster: no two kinds may share one. */
Test(bestiary, ids_are_distinct_slugs)
{
    json_t *seen = json_object();
    for (size_t m = 0; m < dg_monster_count(); m++) {
        char id[96];
        dr__bestiary_id((int)m, id, sizeof id);
        cr_assert(id[0] && strspn(id, "abcdefghijklmnopqrstuvwxyz0123456789-") == strlen(id), "%s", id);
        cr_assert_null(json_object_get(seen, id), "%s: id %s taken", dg_monster_info((int)m)->name, id);
        json_object_set_new(seen, id, json_true());
    }
    char id[96];
    dr__bestiary_id(36, id, sizeof id);
    cr_assert_str_eq(dg_monster_info(36)->name, "Giant Rat (Diseased)");
    cr_assert_str_eq(id, "giant-rat-diseased");
    json_decref(seen);
}
