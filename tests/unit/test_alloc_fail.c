/* test_alloc_fail.c -- allocation failure in core and render: for one small,
 * fully stocked map of each family in each format (and a bigger map of each,
 * whose arrays grow), counts the allocations a successful generation (the
 * option parse included) makes through dg_replace_allocator's hook, then
 * those of each format's encoding of that dungeon, and fails each one in
 * turn (the Nth call only; later ones succeed). Every run must
 * return DG_ENOMEM with no dungeon and no bytes -- or DG_OK with the very
 * bytes of the good run, where code can do without the block -- give back
 * every block (counted here, and asked of LeakSanitizer in the sanitizer
 * build), and never crash. Memory of libgd, libpng, zlib and jansson stays
 * on their own allocators (oom_jansson.h fails jansson's). */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <execinfo.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"

#include "sanitized.h"

#if DG_TEST_SANITIZED
#include <sanitizer/lsan_interface.h>
#endif

/* ------------------------------------------------- the failing allocator */

static long calls;     /* malloc, calloc and realloc calls so far */
static long fail_at;   /* the call that fails (1-based); 0: none */
static long live;      /* blocks handed out and not yet freed */
static uint64_t *path_of; /* when recording: call i+1's call path */
static long paths_cap;

/* The return addresses from the hook outward, hashed: the call path by
 * which the code reached the allocator. The whole path, not the caller
 * only: one dg__malloc site serves many callers (a growable array's push),
 * and inlining differs between builds. */
static uint64_t path_here(void)
{
    void *f[64];
    int n = backtrace(f, 64);
    uint64_t h = 14695981039346656037u;
    for (int i = 1; i < n; i++) h = (h ^ (uint64_t)(uintptr_t)f[i]) * 1099511628211u;
    return h;
}

static bool fails_now(void)
{
    if (path_of) {
        if (calls == paths_cap) {
            paths_cap = paths_cap ? 2 * paths_cap : 4096;
            path_of = realloc(path_of, (size_t)paths_cap * sizeof *path_of);
            cr_assert_not_null(path_of);
        }
        path_of[calls] = path_here();
    }
    return ++calls == fail_at;
}

static void *t_malloc(size_t n)
{
    if (fails_now()) return NULL;
    void *p = malloc(n);
    if (p) live++;
    return p;
}

static void *t_calloc(size_t n, size_t size)
{
    if (fails_now()) return NULL;
    void *p = calloc(n, size);
    if (p) live++;
    return p;
}

static void *t_realloc(void *old, size_t n)
{
    if (fails_now()) return NULL;
    void *p = realloc(old, n);
    if (p && !old) live++;
    return p;
}

static void t_free(void *p)
{
    if (p) live--;
    free(p);
}

static void install(void)
{
    cr_assert_eq(dg_replace_allocator(t_malloc, t_calloc, t_realloc, t_free), DG_OK);
}

TestSuite(alloc_fail, .init = install);

/* ------------------------------------------------------------ the maps */

/* One small map of each family with its features on, stocked in full so
 * the contents pass runs; styles, grids and views vary so the PNG and SVG
 * paths differ from family to family. */
typedef struct {
    const char *name;
    const char *kv[16];
    bool big; /* big: skips the formats skipped_when_big() names */
} map_case;

static const map_case maps[] = {
    {"donjon", {"algorithm=donjon", "rows=15", "cols=15", "polymorph=many", "doors=deathtrap",
                "stairs=yes", "egress=yes", "style=crosshatch", "grid=hex", NULL}, false},
    {"donjon cavernous", {"algorithm=donjon", "layout=cavernous", "rows=15", "cols=15",
                          "stairs=yes", "egress=yes", "style=marble", "grid=vhex", NULL}, false},
    {"caverns", {"algorithm=caverns", "rows=15", "cols=15", "stairs=yes", "egress=yes",
                 "style=parchment", "grid=square", NULL}, false},
    {"panels", {"algorithm=panels", "rows=15", "cols=15", "doors=deathtrap", "stairs=yes",
                "egress=yes", "style=ink", "grid=square", "view=player", NULL}, false},
    {"gridmapper", {"algorithm=gridmapper", "room_count=5", "pillars=yes", "doors=deathtrap",
                    "stairs=yes", "egress=yes", "style=classic", NULL}, false},
    {"gridmapper caves", {"algorithm=gridmapper", "room_count=5", "caves=yes", "stairs=yes",
                          "style=aquatic", NULL}, false},
    {"abstract", {"algorithm=abstract", "rows=15", "cols=15", "doors=deathtrap", "stairs=yes",
                  "egress=yes", "style=graph", "view=player", NULL}, false},
    {"cells", {"algorithm=cells", "rows=15", "cols=15", "doors=deathtrap", "stairs=yes",
               "egress=yes", "style=infernal", "grid=hex", NULL}, false},
    /* linked floors: the lower floor's stairs dug in, every floor stocked,
     * native JSON, md and the Foundry module writing them all */
    {"donjon 3 floors", {"algorithm=donjon", "rows=15", "cols=15", "stairs=yes", "floors=3", "floor=2",
                         NULL}, false},
    {"caverns 2 floors", {"algorithm=caverns", "rows=15", "cols=15", "stairs=yes", "floors=2", NULL}, false},
    /* loops dug in (donjon's lattice: its ways and sources grow) and the
     * lock-and-key cycle they design */
    {"donjon loops", {"algorithm=donjon", "rows=25", "cols=25", "stairs=yes", "loops=many", NULL}, true},
    /* bigger maps, whose room, door and wall arrays outgrow their first
     * blocks, so the growing paths fail too */
    {"donjon 45x45", {"algorithm=donjon", "rows=45", "cols=45", "rooms=dense", "room_size=small",
                      "polymorph=yes", "doors=deathtrap", "stairs=many", "egress=many", NULL}, true},
    {"caverns 45x45", {"algorithm=caverns", "rows=45", "cols=45", "stairs=many", "egress=many", NULL}, true},
    {"panels 45x45", {"algorithm=panels", "rows=45", "cols=45", "stairs=many", "egress=many", NULL}, true},
    {"gridmapper 40 rooms", {"algorithm=gridmapper", "room_count=40", "pillars=yes", "stairs=many",
                             "egress=many", NULL}, true},
    {"abstract 45x45", {"algorithm=abstract", "rows=45", "cols=45", "stairs=many", "egress=many", NULL}, true},
    {"cells 45x45", {"algorithm=cells", "rows=45", "cols=45", "stairs=many", "egress=many", NULL}, true},
};
#define N_MAPS (sizeof maps / sizeof maps[0])

/* The options every map shares: the seed, the whole key, a party. */
static const char *const common[] = {"seed=7", "contents=full", "level=5", "party=4",
                                     "motif=undead", "name=The Failing Vault", "cell=8",
                                     "ppg=20"};
#define N_COMMON (sizeof common / sizeof common[0])

/* Parses map m's options (the shared ones first) into o. */
static dg_status parse(const map_case *m, dg_options *o, dg_error *err)
{
    const char *keys[32], *values[32];
    char pairs[32][64];
    size_t n = 0;
    for (size_t k = 0; k < N_COMMON + 16 && n < 32; k++) {
        const char *kv = k < N_COMMON ? common[k] : m->kv[k - N_COMMON];
        if (!kv) break;
        snprintf(pairs[n], sizeof pairs[n], "%s", kv);
        char *eq = strchr(pairs[n], '=');
        cr_assert_not_null(eq, "%s", kv);
        *eq = '\0';
        keys[n] = pairs[n];
        values[n] = eq + 1;
        n++;
    }
    return dg_options_parse(o, n, keys, values, NULL, err);
}

/* Parses map m's options and generates it into *d, which the caller frees.
 * A failed generation must leave *d NULL, whatever it held. */
static dg_status generate(const map_case *m, dg_dungeon **d, dg_error *err)
{
    dg_options o;
    dg_status rc = parse(m, &o, err);
    cr_assert_eq(rc, DG_OK, "%s: %s=%s: %s", m->name, err->param, err->value, err->msg);
    static char not_a_dungeon;
    *d = (dg_dungeon *)(void *)&not_a_dungeon;
    rc = dg_generate(&o, d, err);
    if (rc != DG_OK) cr_assert_null(*d, "%s: a failed dg_generate left its out pointer set", m->name);
    return rc;
}

/* One stage whose allocations fail in turn: the generation of map m (what
 * == NULL), or the encoding of the good dungeon `good` in `fmt`. */
typedef struct {
    const map_case *m;
    const dg_dungeon *good; /* NULL: the stage is the generation */
    dg_format fmt;
} stage;

/* Runs the stage once; out gets the bytes (the generation's: none). */
static dg_status run(const stage *s, dg_buf *out, dg_error *err)
{
    if (s->good) return dg_render(s->good, s->fmt, out, err);
    dg_dungeon *d;
    dg_status rc = generate(s->m, &d, err);
    dg_dungeon_free(d);
    return rc;
}

/* Runs stage s once with no failure, then once for every allocation it
 * made, failing that one; asserts the rules of the file's heading. The
 * generation is its own stage, walked once a map: its allocations are the
 * same whatever the format, and walking them again before every format's
 * encoding cost the test most of its time. */
static void fail_each(const stage *s)
{
    const char *f = s->good ? dg_format_name(s->fmt) : "generation";
    const map_case *m = s->m;
    dg_error err = {0};
    dg_buf good;
    dg_buf_init(&good);
    /* the big maps' stocked keys (stat blocks, every room's words) make
     * thousands of allocations and each failure re-runs the stage, so they
     * are sampled: each call path's first allocation fails, and every
     * step-th one besides, so no kind of failure point is left out. The
     * release build fails every allocation of the small maps and every
     * third of the big ones (whose extra points are the small maps' paths
     * again, deeper into growing arrays); the sanitizers, where a run costs
     * most, every fourth and every twentieth. Every run counts what its
     * failure leaks. */
    long step = m->big ? DG_UNDER_ASAN(3, 20) : DG_UNDER_ASAN(1, 4);
    calls = fail_at = live = 0;
    paths_cap = 0;
    path_of = step > 1 ? malloc(sizeof *path_of) : NULL;
    cr_assert_eq(run(s, &good, &err), DG_OK, "%s %s: %s", m->name, f, err.msg);
    long total = calls;
    cr_assert_gt(total, 0, "%s %s: no allocation went through the hook", m->name, f);
    uint64_t *paths = path_of, *seen = step > 1 ? malloc((size_t)total * sizeof *seen) : NULL;
    path_of = NULL;
    long n_seen = 0, points = 0;

    long survived = 0;
    for (long n = 1; n <= total; n++) {
        if (step > 1) {
            /* a path's first allocation, or a step-th one */
            bool fresh = true;
            for (long k = 0; k < n_seen && fresh; k++) fresh = seen[k] != paths[n - 1];
            if (fresh) seen[n_seen++] = paths[n - 1];
            if (!fresh && (n - 1) % step) continue;
        }
        points++;
        calls = live = 0;
        fail_at = n;
        dg_error e = {0};
        dg_buf out;
        dg_buf_init(&out);
        dg_status rc = run(s, &out, &e);
        if (rc == DG_OK) {
            /* a failure some code can do without (a fast path's table)
             * must not change a byte */
            cr_assert(out.len == good.len && !memcmp(out.data, good.data, good.len),
                      "%s %s, allocation %ld of %ld failed: DG_OK with other bytes", m->name, f,
                      n, total);
            survived++;
        } else {
            cr_assert_eq(rc, DG_ENOMEM, "%s %s, allocation %ld of %ld failed: status %d (%s)",
                         m->name, f, n, total, (int)rc, e.msg);
            cr_assert_eq(e.code, DG_ENOMEM, "%s %s, allocation %ld: error record says %d",
                         m->name, f, n, (int)e.code);
            cr_assert(strstr(e.msg, "memory") != NULL, "%s %s, allocation %ld: message '%s'",
                      m->name, f, n, e.msg);
            cr_assert_eq(out.len, 0, "%s %s, allocation %ld: %zu bytes left in the buffer",
                         m->name, f, n, out.len);
        }
        dg_buf_fini(&out);
        /* the good dungeon's own blocks were handed out before the count */
        cr_assert_eq(live, 0, "%s %s, allocation %ld of %ld failed: %ld blocks leaked", m->name,
                     f, n, total, live);
    }
    fail_at = 0;
    dg_buf_fini(&good);
    free(paths);
    free(seen);
    cr_log_info("%s %s: %ld of %ld allocations failed in turn (%ld call paths), %ld done without", m->name, f,
                points, total, n_seen, survived);
#if DG_TEST_SANITIZED
    /* leaks outside the hook (libgd, libpng, jansson on an error path)
     * asked for here, so the failure names the map and format */
    cr_assert_eq(__lsan_do_recoverable_leak_check(), 0, "%s %s: LeakSanitizer found leaks (above)",
                 m->name, f);
#endif
}

/* The formats a big map skips: uvtt, whose image is a small map's, only
 * costlier; and under the sanitizers the Foundry bundle, the dearest
 * format to re-run (a PNG, a zip and a LevelDB pack each time), whose
 * paths on a big map are the small maps' again deeper into growing arrays
 * (the release build walks it on every map). */
static bool skipped_when_big(dg_format fmt)
{
    return fmt == DG_FMT_UVTT || (DG_TEST_SANITIZED && fmt == DG_FMT_FOUNDRY_BUNDLE);
}

ParameterizedTestParameters(alloc_fail, every_allocation_of_every_format)
{
    static size_t which[N_MAPS];
    for (size_t i = 0; i < N_MAPS; i++) which[i] = i;
    return cr_make_param_array(size_t, which, N_MAPS);
}

ParameterizedTest(size_t *which, alloc_fail, every_allocation_of_every_format)
{
    const map_case *m = &maps[*which];
    fail_each(&(stage){m, NULL, 0});
    dg_dungeon *d;
    dg_error err = {0};
    cr_assert_eq(generate(m, &d, &err), DG_OK, "%s: %s", m->name, err.msg);
    for (int fmt = 0; fmt < DG_FMT_COUNT; fmt++)
        if (!m->big || !skipped_when_big((dg_format)fmt)) fail_each(&(stage){m, d, (dg_format)fmt});
    dg_dungeon_free(d);
}

/* Parsing, finishing and printing options allocate nothing, so they cannot
 * fail for want of memory (were that to change, this says to cover them). */
Test(alloc_fail, options_allocate_nothing)
{
    calls = fail_at = live = 0;
    char canon[2048];
    for (size_t i = 0; i < N_MAPS; i++) {
        dg_options o;
        dg_error err = {0};
        cr_assert_eq(parse(&maps[i], &o, &err), DG_OK, "%s: %s", maps[i].name, err.msg);
        cr_assert_lt(dg_options_canonical(&o, canon, sizeof canon), sizeof canon);
    }
    cr_assert_eq(calls, 0, "%ld allocations", calls);
}
