/* test_srv_cache.c -- the response cache: LRU under a byte cap, reference
 * counted entries, coalescing of concurrent misses, gzip forms. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "srv.h"

static srv_entry *entry(const char *key, size_t len, dg_format fmt, bool gz)
{
    unsigned char *body = malloc(len);
    for (size_t i = 0; i < len; i++) body[i] = (unsigned char)("dungeon "[i % 8]);
    srv_entry *e = srv_entry_take(strdup(key), body, len, fmt, 7, gz);
    cr_assert_not_null(e);
    return e;
}

static void noop(void *arg) { (void)arg; }

typedef struct { int calls; srv_entry *e; dg_error err; } waited;
static void on_done(void *arg, srv_entry *e, const dg_error *err)
{
    waited *w = arg;
    w->calls++;
    w->e = e;
    if (err) w->err = *err;
}

/* Stores e under its key as a generating request would. */
static void put(srv_cache *c, srv_entry *e)
{
    srv_entry *hit = NULL;
    cr_assert_eq(srv_cache_lookup(c, e->key, &hit, noop, on_done, NULL), SRV_CACHE_OWNER);
    srv_cache_fulfil(c, e->key, e, NULL);
}

static bool cached(srv_cache *c, const char *key)
{
    srv_entry *hit = NULL;
    srv_lookup l = srv_cache_lookup(c, key, &hit, noop, on_done, NULL);
    if (l == SRV_CACHE_HIT) { srv_entry_unref(hit); return true; }
    srv_cache_fulfil(c, key, NULL, NULL);   /* give up the ownership taken */
    return false;
}

Test(srv_cache, a_stored_answer_is_a_hit_with_the_same_bytes)
{
    srv_cache *c = NULL;
    cr_assert_eq(srv_cache_new(1 << 20, &c, NULL), DG_OK);
    srv_entry *e = entry("1 json seed=7", 1000, DG_FMT_JSON, false);
    put(c, e);
    srv_entry *hit = NULL;
    cr_assert_eq(srv_cache_lookup(c, "1 json seed=7", &hit, noop, on_done, NULL), SRV_CACHE_HIT);
    cr_assert_eq(hit, e);
    srv_entry_unref(hit);
    srv_entry_unref(e);
    srv_cache_free(c);
}

Test(srv_cache, the_least_recently_used_goes_first_when_over_the_cap)
{
    srv_cache *c = NULL;
    /* room for about three 10 KB entries */
    cr_assert_eq(srv_cache_new(35000, &c, NULL), DG_OK);
    const char *keys[] = {"a", "b", "c", "d"};
    for (int i = 0; i < 3; i++) {
        srv_entry *e = entry(keys[i], 10000, DG_FMT_PNG, false);
        put(c, e);
        srv_entry_unref(e);
    }
    cr_assert(cached(c, "a"));              /* a is now the newest */
    srv_entry *e = entry("d", 10000, DG_FMT_PNG, false);
    put(c, e);
    srv_entry_unref(e);
    cr_assert(!cached(c, "b"), "b was the oldest and should be gone");
    cr_assert(cached(c, "a"));
    cr_assert(cached(c, "c"));
    cr_assert(cached(c, "d"));
    size_t bytes = 0, n = 0;
    srv_cache_stats(c, &bytes, &n);
    cr_assert_eq(n, 3);
    cr_assert_leq(bytes, 35000);
    srv_cache_free(c);
}

Test(srv_cache, an_answer_bigger_than_the_cap_is_not_stored)
{
    srv_cache *c = NULL;
    cr_assert_eq(srv_cache_new(4096, &c, NULL), DG_OK);
    srv_entry *e = entry("big", 8192, DG_FMT_PNG, false);
    put(c, e);
    srv_entry_unref(e);
    cr_assert(!cached(c, "big"));
    srv_cache_free(c);
}

Test(srv_cache, an_evicted_entry_lives_while_a_response_holds_it)
{
    srv_cache *c = NULL;
    cr_assert_eq(srv_cache_new(12000, &c, NULL), DG_OK);
    srv_entry *a = entry("a", 10000, DG_FMT_PNG, false);
    put(c, a);                               /* cache and we both hold a */
    srv_entry *b = entry("b", 10000, DG_FMT_PNG, false);
    put(c, b);                               /* evicts a from the cache */
    cr_assert(!cached(c, "a"));
    cr_assert_eq(a->body[1], 'u');           /* still ours, still intact */
    srv_entry_unref(a);
    srv_entry_unref(b);
    srv_cache_free(c);
}

Test(srv_cache, concurrent_misses_wait_for_one_generation)
{
    srv_cache *c = NULL;
    cr_assert_eq(srv_cache_new(1 << 20, &c, NULL), DG_OK);
    srv_entry *hit = NULL;
    waited w1 = {0}, w2 = {0};
    cr_assert_eq(srv_cache_lookup(c, "k", &hit, noop, on_done, NULL), SRV_CACHE_OWNER);
    cr_assert_eq(srv_cache_lookup(c, "k", &hit, noop, on_done, &w1), SRV_CACHE_WAIT);
    cr_assert_eq(srv_cache_lookup(c, "k", &hit, noop, on_done, &w2), SRV_CACHE_WAIT);
    cr_assert_eq(w1.calls, 0);
    srv_entry *e = entry("k", 500, DG_FMT_TXT, false);
    srv_cache_fulfil(c, "k", e, NULL);
    cr_assert_eq(w1.calls, 1);
    cr_assert_eq(w2.calls, 1);
    cr_assert_eq(w1.e, e);
    cr_assert_eq(w2.e, e);
    srv_entry_unref(w1.e);
    srv_entry_unref(w2.e);
    srv_entry_unref(e);
    cr_assert(cached(c, "k"));
    srv_cache_free(c);
}

Test(srv_cache, a_failed_generation_tells_every_waiter_and_stores_nothing)
{
    srv_cache *c = NULL;
    cr_assert_eq(srv_cache_new(1 << 20, &c, NULL), DG_OK);
    srv_entry *hit = NULL;
    waited w = {0};
    cr_assert_eq(srv_cache_lookup(c, "k", &hit, noop, on_done, NULL), SRV_CACHE_OWNER);
    cr_assert_eq(srv_cache_lookup(c, "k", &hit, noop, on_done, &w), SRV_CACHE_WAIT);
    dg_error err;
    dg_error_clear(&err);
    dg_error_set(&err, DG_EBUSY, "", "", "", "queue full");
    srv_cache_fulfil(c, "k", NULL, &err);
    cr_assert_eq(w.calls, 1);
    cr_assert_null(w.e);
    cr_assert_eq(w.err.code, DG_EBUSY);
    /* the next request tries again */
    cr_assert_eq(srv_cache_lookup(c, "k", &hit, noop, on_done, NULL), SRV_CACHE_OWNER);
    srv_cache_fulfil(c, "k", NULL, &err);
    srv_cache_free(c);
}

Test(srv_cache, cap_zero_stores_nothing_and_never_waits)
{
    srv_cache *c = NULL;
    cr_assert_eq(srv_cache_new(0, &c, NULL), DG_OK);
    srv_entry *hit = NULL;
    cr_assert_eq(srv_cache_lookup(c, "k", &hit, noop, on_done, NULL), SRV_CACHE_OWNER);
    cr_assert_eq(srv_cache_lookup(c, "k", &hit, noop, on_done, NULL), SRV_CACHE_OWNER);
    srv_entry *e = entry("k", 100, DG_FMT_TXT, false);
    srv_cache_fulfil(c, "k", e, NULL);
    srv_cache_fulfil(c, "k", e, NULL);
    srv_entry_unref(e);
    cr_assert(!cached(c, "k"));
    srv_cache_free(c);
}

Test(srv_cache, many_keys_grow_the_table_and_stay_findable)
{
    srv_cache *c = NULL;
    cr_assert_eq(srv_cache_new(1 << 24, &c, NULL), DG_OK);
    char key[32];
    for (int i = 0; i < 1000; i++) {
        snprintf(key, sizeof key, "1 json seed=%d", i);
        srv_entry *e = entry(key, 64, DG_FMT_JSON, false);
        put(c, e);
        srv_entry_unref(e);
    }
    for (int i = 0; i < 1000; i += 37) {
        snprintf(key, sizeof key, "1 json seed=%d", i);
        cr_assert(cached(c, key), "%s lost", key);
    }
    srv_cache_free(c);
}

Test(srv_entry, gzip_form_inflates_to_the_body_and_only_for_text)
{
    srv_entry *j = entry("j", 5000, DG_FMT_JSON, true);
    cr_assert_not_null(j->gz);
    cr_assert_lt(j->gz_len, j->len);
    unsigned char out[5000];
    uLongf n = sizeof out;
    z_stream z;
    memset(&z, 0, sizeof z);
    cr_assert_eq(inflateInit2(&z, 15 + 16), Z_OK);
    z.next_in = j->gz;
    z.avail_in = (uInt)j->gz_len;
    z.next_out = out;
    z.avail_out = (uInt)n;
    cr_assert_eq(inflate(&z, Z_FINISH), Z_STREAM_END);
    cr_assert_eq(z.total_out, 5000);
    inflateEnd(&z);
    cr_assert(!memcmp(out, j->body, 5000));
    /* same input, same bytes: no time stamp in the gzip header */
    srv_entry *j2 = entry("j", 5000, DG_FMT_JSON, true);
    cr_assert_eq(j2->gz_len, j->gz_len);
    cr_assert(!memcmp(j2->gz, j->gz, j->gz_len));
    srv_entry *p = entry("p", 5000, DG_FMT_PNG, true), *small = entry("s", 100, DG_FMT_TXT, true),
              *no = entry("n", 5000, DG_FMT_TXT, false);
    cr_assert_null(p->gz);
    cr_assert_null(small->gz);
    cr_assert_null(no->gz);
    srv_entry_unref(j);
    srv_entry_unref(j2);
    srv_entry_unref(p);
    srv_entry_unref(small);
    srv_entry_unref(no);
}

Test(srv_entry, a_gzip_form_made_later_is_the_same_bytes_and_made_once)
{
    srv_entry *now = entry("j", 5000, DG_FMT_JSON, true), *later = entry("j", 5000, DG_FMT_JSON, false);
    size_t n = 0;
    cr_assert_null(srv_entry_gz(later, &n), "stored without gzip, yet it has one");
    cr_assert(srv_entry_make_gz(later));
    const unsigned char *z = srv_entry_gz(later, &n);
    cr_assert_not_null(z);
    cr_assert_eq(n, now->gz_len);
    cr_assert(!memcmp(z, now->gz, n), "the lazy gzip differs from the eager one");
    cr_assert(!srv_entry_make_gz(later), "made twice");
    cr_assert_eq(srv_entry_gz(later, &n), z);
    /* PNG never gets one */
    srv_entry *p = entry("p", 5000, DG_FMT_PNG, false);
    cr_assert(!srv_entry_make_gz(p));
    cr_assert_null(srv_entry_gz(p, &n));
    srv_entry_unref(now);
    srv_entry_unref(later);
    srv_entry_unref(p);
}

Test(srv_cache, a_gzip_form_added_to_a_stored_entry_is_counted)
{
    srv_cache *c = NULL;
    cr_assert_eq(srv_cache_new(1 << 20, &c, NULL), DG_OK);
    /* text that does not squeeze to nothing: the gzip form has some size */
    unsigned char *body = malloc(50000);
    for (size_t i = 0; i < 50000; i++) body[i] = (unsigned char)('a' + (i * 2654435761u >> 13) % 26);
    srv_entry *e = srv_entry_take(strdup("t"), body, 50000, DG_FMT_TXT, 7, false);
    put(c, e);
    size_t before = 0, after = 0, entries = 0;
    srv_cache_stats(c, &before, &entries);
    cr_assert(srv_entry_make_gz(e));
    srv_cache_entry_grew(c, e);
    srv_cache_stats(c, &after, &entries);
    size_t n = 0;
    cr_assert_not_null(srv_entry_gz(e, &n));
    cr_assert_geq(after, before + n, "gzip of %zu bytes not counted: %zu -> %zu", n, before, after);
    cr_assert_eq(entries, 1);
    srv_entry_unref(e);
    srv_cache_free(c);   /* drop takes away what was counted: no underflow */
}

Test(srv_cache, a_remembered_target_gives_its_parse_back)
{
    srv_cache *c = NULL;
    cr_assert_eq(srv_cache_new(12000, &c, NULL), DG_OK);
    char *key = NULL;
    dg_format fmt = DG_FMT_JSON;
    uint64_t seed = 0;
    bool dl = false;
    cr_assert(!srv_cache_recall_target(c, "/dungeon.png?seed=7&download=1", &key, &fmt, &seed, &dl));
    cr_assert_null(key);
    srv_cache_remember_target(c, "/dungeon.png?seed=7&download=1", "k7", DG_FMT_PNG, 7, true);
    /* only the parse is kept: recalled whether or not an entry is stored */
    cr_assert(srv_cache_recall_target(c, "/dungeon.png?seed=7&download=1", &key, &fmt, &seed, &dl));
    cr_assert_str_eq(key, "k7");
    cr_assert_eq(fmt, DG_FMT_PNG);
    cr_assert_eq(seed, 7);
    cr_assert(dl);
    free(key);
    cr_assert(!srv_cache_recall_target(c, "/dungeon.png?seed=7", &key, &fmt, &seed, &dl));
    /* the entry is then found by key, the one lookup */
    srv_entry *e = entry("k7", 10000, DG_FMT_PNG, false);
    put(c, e);
    srv_entry *hit = NULL;
    cr_assert_eq(srv_cache_lookup(c, "k7", &hit, NULL, NULL, NULL), SRV_CACHE_HIT);
    cr_assert_eq(hit, e);
    srv_entry_unref(hit);
    char want[32];
    srv_etag("k7", false, want);
    cr_assert_str_eq(e->etag, want);
    srv_entry_unref(e);
    srv_cache_free(c);
}
