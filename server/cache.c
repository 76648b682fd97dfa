/* cache.c -- encoded responses keyed by format + canonical options: an LRU
 * with a byte cap, and coalescing, so N requests for one uncached map start
 * one generation and N - 1 wait for it. Entries are reference counted so a
 * response being sent survives its eviction. Making the bytes is http.c's. */
#include <malloc.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "srv.h"

/* ---------------------------------------------------------------- entries */

/* The shortest time between two malloc_trim calls (fulfil): bench_http's
 * cold case, a full 4 MB cache at 0% hits, faulted 21 pages an answer
 * trimming at every eighth turned over, 6-13 at most once a second (cache
 * off: 36, each body's buffers new). */
#define TRIM_EVERY_NS 1000000000ull

/* Below this, gzip's header costs more than it saves. */
#define GZ_MIN 256


/* p shrunk to n bytes (or left as is when realloc cannot): a cached body
 * must not keep the slack of the buffer it was built in -- deflateBound's
 * worst case for gzip, up to twice the length for an encoder's dg_buf --
 * or the cache holds several times what it counts. */
static unsigned char *fit(unsigned char *p, size_t n)
{
    unsigned char *q = realloc(p, n ? n : 1);
    return q ? q : p;
}

/* Big maps: speed over the last per cent (srv_gzip's bytes are fixed by
 * the level, so the same body always gives the same gzip). */
static unsigned char *gzip(const unsigned char *in, size_t len, size_t *out_len)
{
    return srv_gzip(in, len, len > (1u << 20) ? 1 : 6, out_len);
}

/* Worth a gzip form at all: text formats of a size zlib can take in one
 * call (bodies over 4 GiB go uncompressed). */
static bool gz_eligible(const srv_entry *e)
{
    return dg_format_info_of(e->format)->compressible && e->len >= GZ_MIN && e->len < (1ull << 32);
}

const unsigned char *srv_entry_gz(const srv_entry *e, size_t *len)
{
    unsigned char *gz = __atomic_load_n(&e->gz, __ATOMIC_ACQUIRE);
    *len = gz ? e->gz_len : 0;
    return gz;
}

bool srv_entry_make_gz(srv_entry *e)
{
    if (!gz_eligible(e) || __atomic_load_n(&e->gz_tried, __ATOMIC_ACQUIRE)) return false;
    size_t n = 0;
    unsigned char *z = gzip(e->body, e->len, &n);
    bool won = false;
    if (z) {
        /* two threads may race here: the same level gives the same bytes,
         * so either copy is the answer; the loser frees its own */
        unsigned char *none = NULL;
        __atomic_store_n(&e->gz_len, n, __ATOMIC_RELAXED);
        won = __atomic_compare_exchange_n(&e->gz, &none, z, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
        if (!won) free(z);
    }
    /* not smaller, or no memory now: plain bodies from here on */
    __atomic_store_n(&e->gz_tried, true, __ATOMIC_RELEASE);
    return won;
}

srv_entry *srv_entry_take(char *key, unsigned char *body, size_t len, dg_format fmt,
                          uint64_t seed, bool want_gz)
{
    srv_entry *e = calloc(1, sizeof *e);
    if (!e) { free(key); free(body); return NULL; }
    e->key = key;
    e->body = fit(body, len);
    e->len = len;
    e->format = fmt;
    e->seed = seed;
    e->refs = 1;
    srv_etag(key, false, e->etag);
    if (want_gz) (void)srv_entry_make_gz(e);
    return e;
}

srv_entry *srv_entry_ref(srv_entry *e)
{
    if (e) __atomic_fetch_add(&e->refs, 1, __ATOMIC_RELAXED);
    return e;
}

void srv_entry_unref(srv_entry *e)
{
    if (!e || __atomic_sub_fetch(&e->refs, 1, __ATOMIC_ACQ_REL) != 0) return;
    for (int i = 0; i < 2; i++)
        if (e->shared[i]) e->drop_shared(e->shared[i]);
    free(e->key);
    free(e->body);
    free(e->gz);
    free(e);
}

/* What an entry really holds on the heap, allocator rounding included,
 * so cache_bytes caps memory rather than lengths. The two shared response
 * objects and the node are the 256. */
static size_t entry_bytes(const srv_entry *e)
{
    size_t gz_len;
    const unsigned char *gz = srv_entry_gz(e, &gz_len);
    return malloc_usable_size(e->body) + malloc_usable_size((void *)gz) + malloc_usable_size(e->key)
           + malloc_usable_size((void *)e) + 256;
}

/* ------------------------------------------------------------------ cache */

typedef struct waiter {
    srv_wait_fn done;
    void *arg;
    struct waiter *next;
} waiter;

typedef struct node {
    char *key;
    uint64_t hash;
    srv_entry *entry;          /* NULL while its generation is running */
    size_t bytes;              /* entry_bytes(entry) as counted in c->bytes */
    waiter *waiters;
    struct node *chain;        /* hash bucket */
    struct node *prev, *next;  /* LRU, stored entries only; head = newest */
} node;

/* request target -> what its parse gave, so a repeated URL skips option
 * parsing; the entry itself is still looked up by key */
typedef struct {
    char *target, *key;
    dg_format format;
    uint64_t seed;
    bool download;
} alias;
#define NALIASES 4096          /* power of two; ~1 MB at most */
#define ALIAS_MAX 512          /* longer targets are not remembered */

struct srv_cache {
    pthread_mutex_t mu;
    size_t cap, bytes, entries, count;
    size_t evicted;            /* bytes dropped since the last malloc_trim */
    uint64_t trimmed_at;       /* srv_now_ns of that trim */
    node **buckets;
    size_t nbuckets;           /* power of two */
    node *head, *tail;
    alias *aliases;            /* NALIASES slots */
};

dg_status srv_cache_new(size_t cap, srv_cache **out, dg_error *err)
{
    *out = NULL;
    srv_cache *c = calloc(1, sizeof *c);
    if (c) c->buckets = calloc(64, sizeof *c->buckets);
    if (!c || !c->buckets) {
        free(c);
        return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory for the cache");
    }
    c->nbuckets = 64;
    c->cap = cap;
    /* without it the cache still works, it only parses every time */
    if (cap) c->aliases = calloc(NALIASES, sizeof *c->aliases);
    pthread_mutex_init(&c->mu, NULL);
    *out = c;
    return DG_OK;
}

static void lru_unlink(srv_cache *c, node *n)
{
    if (n->prev) n->prev->next = n->next; else c->head = n->next;
    if (n->next) n->next->prev = n->prev; else c->tail = n->prev;
    n->prev = n->next = NULL;
}

static void lru_front(srv_cache *c, node *n)
{
    n->prev = NULL;
    n->next = c->head;
    if (c->head) c->head->prev = n;
    c->head = n;
    if (!c->tail) c->tail = n;
}

static node **slot(srv_cache *c, const char *key, uint64_t h)
{
    node **pp = &c->buckets[h & (c->nbuckets - 1)];
    while (*pp && ((*pp)->hash != h || strcmp((*pp)->key, key))) pp = &(*pp)->chain;
    return pp;
}

static void grow(srv_cache *c)
{
    size_t nb = c->nbuckets * 2;
    node **b = calloc(nb, sizeof *b);
    if (!b) return;                    /* longer chains, still correct */
    for (size_t i = 0; i < c->nbuckets; i++)
        for (node *n = c->buckets[i], *next; n; n = next) {
            next = n->chain;
            n->chain = b[n->hash & (nb - 1)];
            b[n->hash & (nb - 1)] = n;
        }
    free(c->buckets);
    c->buckets = b;
    c->nbuckets = nb;
}

/* Unlinks n from its bucket and the LRU and frees it (not its waiters). */
static void drop(srv_cache *c, node *n)
{
    node **pp = slot(c, n->key, n->hash);
    if (*pp == n) *pp = n->chain;
    if (n->entry) {
        lru_unlink(c, n);
        c->bytes -= n->bytes;
        c->evicted += n->bytes;
        c->entries--;
        srv_entry_unref(n->entry);
    }
    c->count--;
    free(n->key);
    free(n);
}

srv_lookup srv_cache_lookup(srv_cache *c, const char *key, srv_entry **hit,
                            void (*before_wait)(void *arg), srv_wait_fn done, void *arg)
{
    *hit = NULL;
    if (c->cap == 0) return SRV_CACHE_OWNER;
    uint64_t h = dg_hash64(key, strlen(key), 0);
    pthread_mutex_lock(&c->mu);
    node *n = *slot(c, key, h);
    if (n && n->entry) {
        lru_unlink(c, n);
        lru_front(c, n);
        *hit = srv_entry_ref(n->entry);
        pthread_mutex_unlock(&c->mu);
        return SRV_CACHE_HIT;
    }
    if (n) {
        waiter *w = malloc(sizeof *w);
        if (w) {
            /* under the lock: fulfil cannot tell us before we are ready */
            before_wait(arg);
            *w = (waiter){done, arg, n->waiters};
            n->waiters = w;
            pthread_mutex_unlock(&c->mu);
            return SRV_CACHE_WAIT;
        }
        pthread_mutex_unlock(&c->mu);
        return SRV_CACHE_OWNER;        /* no memory to wait: generate alone */
    }
    n = calloc(1, sizeof *n);
    if (n && !(n->key = strdup(key))) { free(n); n = NULL; }
    if (n) {
        n->hash = h;
        node **pp = &c->buckets[h & (c->nbuckets - 1)];
        n->chain = *pp;
        *pp = n;
        if (++c->count > c->nbuckets) grow(c);
    }
    pthread_mutex_unlock(&c->mu);
    return SRV_CACHE_OWNER;
}

bool srv_cache_waited(srv_cache *c, const char *key)
{
    if (c->cap == 0) return false;
    uint64_t h = dg_hash64(key, strlen(key), 0);
    pthread_mutex_lock(&c->mu);
    node *n = *slot(c, key, h);
    bool waited = n && !n->entry && n->waiters;
    pthread_mutex_unlock(&c->mu);
    return waited;
}

void srv_cache_fulfil(srv_cache *c, const char *key, srv_entry *e, const dg_error *err)
{
    if (c->cap == 0) return;
    uint64_t h = dg_hash64(key, strlen(key), 0);
    pthread_mutex_lock(&c->mu);
    node *n = *slot(c, key, h);
    waiter *ws = NULL;
    if (n && !n->entry) {
        ws = n->waiters;
        n->waiters = NULL;
        if (e && entry_bytes(e) <= c->cap) {
            n->entry = srv_entry_ref(e);
            n->bytes = entry_bytes(e);
            c->bytes += n->bytes;
            c->entries++;
            lru_front(c, n);
            while (c->bytes > c->cap && c->tail != n) drop(c, c->tail);
        } else {
            drop(c, n);
        }
    }
    /* Evicted bodies free chunks between live ones, in the arena of the
     * thread that made them; glibc keeps such holes resident. Once an
     * eighth of the cap has turned over, give their pages back -- but at
     * most every TRIM_EVERY_NS: a cache that misses every time (0% hits)
     * turns an eighth over in well under a second, and trimming then only
     * hands back the pages the next bodies fault in again (60,000 faults
     * in 5 s, 52-77% of cache-off throughput: issue 39). Between trims the
     * evicted bodies' memory is the next ones'; once a second still keeps
     * a full cache within half its cap again of RSS (test_http_memory). */
    uint64_t now = srv_now_ns();
    bool trim = c->evicted > c->cap / 8 && now - c->trimmed_at >= TRIM_EVERY_NS;
    if (trim) {
        c->evicted = 0;
        c->trimmed_at = now;
    }
    pthread_mutex_unlock(&c->mu);
    if (trim) malloc_trim(0);
    /* outside the lock: done() resumes connections, which takes MHD's */
    while (ws) {
        waiter *next = ws->next;
        ws->done(ws->arg, srv_entry_ref(e), err);
        free(ws);
        ws = next;
    }
}

void srv_cache_entry_grew(srv_cache *c, srv_entry *e)
{
    if (c->cap == 0) return;
    uint64_t h = dg_hash64(e->key, strlen(e->key), 0);
    pthread_mutex_lock(&c->mu);
    node *n = *slot(c, e->key, h);
    /* evicted meanwhile, or replaced by another entry: nothing to count */
    if (n && n->entry == e) {
        size_t now = entry_bytes(e);
        c->bytes += now - n->bytes;
        n->bytes = now;
        while (c->bytes > c->cap && c->tail && c->tail != n) drop(c, c->tail);
        if (c->bytes > c->cap) drop(c, n);
    }
    pthread_mutex_unlock(&c->mu);
}

void srv_cache_stats(srv_cache *c, size_t *bytes, size_t *entries)
{
    pthread_mutex_lock(&c->mu);
    *bytes = c->bytes;
    *entries = c->entries;
    pthread_mutex_unlock(&c->mu);
}

void srv_cache_remember_target(srv_cache *c, const char *target, const char *key, dg_format fmt,
                               uint64_t seed, bool download)
{
    if (!c->aliases) return;
    size_t tlen = strlen(target);
    if (tlen > ALIAS_MAX) return;
    alias *a = &c->aliases[dg_hash64(target, tlen, 1) & (NALIASES - 1)];
    char *t = strdup(target), *k = strdup(key);
    if (!t || !k) { free(t); free(k); return; }
    pthread_mutex_lock(&c->mu);
    char *old_t = a->target, *old_k = a->key;
    *a = (alias){t, k, fmt, seed, download};
    pthread_mutex_unlock(&c->mu);
    free(old_t);
    free(old_k);
}

bool srv_cache_recall_target(srv_cache *c, const char *target, char **key, dg_format *fmt,
                             uint64_t *seed, bool *download)
{
    *key = NULL;
    if (!c->aliases) return false;
    size_t tlen = strlen(target);
    if (tlen > ALIAS_MAX) return false;
    alias *a = &c->aliases[dg_hash64(target, tlen, 1) & (NALIASES - 1)];
    pthread_mutex_lock(&c->mu);
    if (a->target && !strcmp(a->target, target) && (*key = strdup(a->key))) {
        *fmt = a->format;
        *seed = a->seed;
        *download = a->download;
    }
    pthread_mutex_unlock(&c->mu);
    return *key != NULL;
}

void srv_cache_free(srv_cache *c)
{
    if (!c) return;
    for (size_t i = 0; c->aliases && i < NALIASES; i++) {
        free(c->aliases[i].target);
        free(c->aliases[i].key);
    }
    free(c->aliases);
    for (size_t i = 0; i < c->nbuckets; i++)
        while (c->buckets[i]) {
            node *n = c->buckets[i];
            /* waiters only exist while a worker runs; the pool is joined
             * before the cache goes, so there are none left to tell */
            for (waiter *w = n->waiters, *next; w; w = next) { next = w->next; free(w); }
            drop(c, n);
        }
    free(c->buckets);
    pthread_mutex_destroy(&c->mu);
    free(c);
}
