/* test_bundle_scene.c -- the foundry bundle's streamed pieces against what
 * they replaced: bundle_scene.c's in-place rewrite of a scene against
 * jansson reading the text back, turning whole reals into integers,
 * setting the bundle's members and dumping it (what foundry_bundle.c did
 * until the scenes' trees cost hundreds of megabytes), and leveldb_write.c's
 * log made in the value's own buffer against the log written from a copy. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "bundle_int.h"
#include "query_fixture.h"
#include "render.h"

#define FLAGS (JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15))

/* foundry_bundle.c's whole_reals, as it was */
static void whole_reals(json_t *v)
{
    const char *key;
    json_t *x;
    size_t i;
    if (json_is_object(v)) {
        json_object_foreach(v, key, x) {
            double r = json_is_real(x) ? json_real_value(x) : 0.5;
            if (r == (double)(json_int_t)r) json_object_set_new(v, key, json_integer((json_int_t)r));
            else whole_reals(x);
        }
    } else if (json_is_array(v)) {
        json_array_foreach(v, i, x) {
            double r = json_is_real(x) ? json_real_value(x) : 0.5;
            if (r == (double)(json_int_t)r) json_array_set_new(v, i, json_integer((json_int_t)r));
            else whole_reals(x);
        }
    }
}

/* The sets of a scene as foundry_bundle.c sets them, and as jansson did. */
static json_t *v_id, *v_name, *v_src, *v_sort, *v_notes, *v_stats;
static dr__scene_set src_set, sets[6];

static void setup(void)
{
    v_id = json_string("abcdefABCDEF0123");
    v_name = json_string("Floor 2, The \"Sunken\" Halls \xc3\xa9");
    v_src = json_string("modules/dungeond-0123456789abcdef/floor-2.png");
    v_sort = json_integer(200000);
    v_notes = json_pack("[{s:s,s:i,s:f}]", "_id", "n1", "x", 35, "r", 0.25);
    v_stats = json_pack("{s:s}", "coreVersion", "11.315");
    src_set = (dr__scene_set){"src", v_src, NULL, 0};
    sets[0] = (dr__scene_set){"_id", v_id, NULL, 0};
    sets[1] = (dr__scene_set){"name", v_name, NULL, 0};
    sets[2] = (dr__scene_set){"background", NULL, &src_set, 1};
    sets[3] = (dr__scene_set){"sort", v_sort, NULL, 0};
    sets[4] = (dr__scene_set){"notes", v_notes, NULL, 0};
    sets[5] = (dr__scene_set){"_stats", v_stats, NULL, 0};
}

static void teardown(void)
{
    json_t *all[] = {v_id, v_name, v_src, v_sort, v_notes, v_stats};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) json_decref(all[i]);
}

TestSuite(bundle_scene, .init = setup, .fini = teardown);

static char *by_jansson(const char *text)
{
    json_error_t je;
    json_t *s = json_loads(text, 0, &je);
    cr_assert(json_is_object(s), "%s: %s", text, je.text);
    whole_reals(s);
    json_object_set(s, "_id", v_id);
    json_object_set(s, "name", v_name);
    json_t *bg = json_object_get(s, "background");
    if (!json_is_object(bg)) {
        bg = json_object();
        json_object_set_new(s, "background", bg);
    }
    json_object_set(bg, "src", v_src);
    json_object_set(s, "sort", v_sort);
    json_object_set(s, "notes", v_notes);
    json_object_set(s, "_stats", v_stats);
    char *out = json_dumps(s, FLAGS);
    json_decref(s);
    return out;
}

/* text rewritten in a buffer holding `before` first, written from `gap`
 * bytes before the text (0: over the text itself). */
static void check(const char *text, size_t gap)
{
    static const char before[] = "[1,";
    char *want = by_jansson(text);
    dg_buf b;
    dg_buf_init(&b);
    cr_assert_eq(dg_buf_puts(&b, before, NULL), DG_OK);
    for (size_t i = 0; i < gap; i++) cr_assert_eq(dg_buf_append(&b, "#", 1, NULL), DG_OK);
    cr_assert_eq(dg_buf_puts(&b, text, NULL), DG_OK);
    dg_error err;
    dg_error_clear(&err);
    size_t at = sizeof before - 1;
    cr_assert_eq(dr__scene_rewrite(&b, at, at + gap, sets, 6, &err), DG_OK, "%s: %s", text, err.msg);
    cr_assert_eq(b.len, at + strlen(want), "%s:\n got %s\nwant %s", text, (char *)b.data + at, want);
    cr_assert(memcmp(b.data, before, at) == 0);
    cr_assert_str_eq((char *)b.data + at, want, "%s", text);
    dg_buf_fini(&b);
    free(want);
}

static const char *const texts[] = {
    /* format=foundry's shape: jansson's spaced dump, hand-written arrays */
    "{\"name\": \"Dungeon 3\", \"width\": 900, \"height\": 460, \"grid\": {\"type\": 1, \"size\": 20, "
    "\"distance\": 5, \"units\": \"ft\"}, \"padding\": 0, \"background\": {\"src\": \"dungeon-3.png\"}, "
    "\"darkness\": 1.0, \"globalLight\": false, \"flags\": {\"dungeond\": {\"generator_version\": \"9\", "
    "\"seed\": \"3\", \"permalink\": \"/?seed=3&a=\\\"b\\\"\", \"water\": [[1, 2], [3, 4]]}}, "
    "\"walls\": [{\"_id\":\"dgWall0000000001\",\"c\":[0,20,40,-20],\"move\":20,\"dir\":0}], "
    "\"lights\": [{\"config\":{\"alpha\":0.50,\"attenuation\":0.5,\"bright\":20,\"x\":1.00,"
    "\"animation\":{\"type\":null,\"reverse\":false},\"darkness\":{\"min\":0,\"max\":1}}}]}",
    /* reals: 15 digits, whole ones as integers, exponents, signs */
    "{\"a\": [0.1, 2.50, -0.0, 1e3, 1.5e-7, 123456789.125, 0.3333333333, -7.0, 1E2, 2e+1]}",
    /* integers jansson writes differently: -0; plain ones as they are */
    "{\"i\": [-0, 0, -12, 123456789012345678, 9007199254740993]}",
    /* strings: escapes jansson writes otherwise, UTF-8, \u escapes */
    "{\"s\": [\"a\\/b\", \"\\u00e9\\u0041\", \"tab\\tnl\\n\", \"\\ud83d\\ude00\", \"caf\xc3\xa9\", \"\"], "
    "\"k\\u0065y\": 1}",
    /* no background, no name: appended after _id in the sets' order */
    "{\"width\": 1}",
    /* a background that is not an object is replaced by a new one */
    "{\"background\": \"x.png\", \"name\": 5}",
    /* a background without src gains one at its end; sets already there
     * keep their places; deep nesting and empty containers */
    "{\"_stats\": {\"old\": 1}, \"background\": {\"offsetX\": 0.0, \"tint\": null}, \"x\": [[], {}, [[[{}]]]], "
    "\"notes\": [1, 2, 3], \"sort\": {\"a\": [1, {\"b\": 2.0}]}}",
    /* whitespace of every kind */
    " \n{\t\"a\" :\r\n[ 1 , 2.0 ] ,\"name\" : \"n\" } \n",
    "{}",
};

Test(bundle_scene, rewrites_a_scene_as_jansson_read_set_and_dumped_it)
{
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        check(texts[i], 0);  /* the gap made as it is needed */
        check(texts[i], 5);
        check(texts[i], 4096);
    }
}

/* Real scenes: format=foundry's text of a few maps (lights with reals,
 * water, caves' fractional walls) rewritten as the bundle does. */
Test(bundle_scene, rewrites_real_scenes_as_jansson_did)
{
    static const char *const queries[] = {
        "seed=3&rows=41&cols=41&contents=full&format=foundry",
        "seed=5&algorithm=caverns&rows=45&cols=45&ppg=35&format=foundry",
        "seed=9&motif=aquatic&rows=61&cols=61&contents=full&floors=2&format=foundry",
        "seed=11&algorithm=gridmapper&caves=yes&rows=41&cols=41&ppg=21&format=foundry",
    };
    for (size_t q = 0; q < sizeof queries / sizeof queries[0]; q++) {
        dg_options o;
        dg_error err;
        cr_assert_eq(parse_query(&o, queries[q], NULL, &err), DG_OK, "%s", err.msg);
        dg_dungeon *d = NULL;
        cr_assert_eq(dg_generate(&o, &d, &err), DG_OK, "%s", err.msg);
        dg_buf text;
        dg_buf_init(&text);
        cr_assert_eq(dg_foundry_encode(d, &text, &err), DG_OK, "%s", err.msg);
        check((const char *)text.data, 64);
        dg_buf_fini(&text);
        dg_dungeon_free(d);
    }
}

Test(bundle_scene, refuses_text_that_is_not_one_object)
{
    static const char *const bad[] = {"[1]", "{\"a\": 1", "{\"a\": 1} x", "{\"a\" 1}", "{\"a\": tru}", "{1: 2}", ""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        dg_buf b;
        dg_buf_init(&b);
        cr_assert_eq(dg_buf_puts(&b, "ab", NULL), DG_OK);
        cr_assert_eq(dg_buf_puts(&b, bad[i], NULL), DG_OK);
        dg_error err;
        dg_error_clear(&err);
        cr_assert_neq(dr__scene_rewrite(&b, 2, 2, sets, 6, &err), DG_OK, "%s", bad[i]);
        cr_assert_eq(b.len, 2, "%s", bad[i]);
        dg_buf_fini(&b);
    }
}

/* ------------------------------------------------------------ leveldb */

static void same_log(size_t n)
{
    static const char key[] = "!adventures!abcdefABCDEF0123";
    unsigned char *value = malloc(n + 1);
    cr_assert_not_null(value);
    for (size_t i = 0; i < n; i++) value[i] = (unsigned char)(i * 131 + (i >> 9));
    dr__leveldb a, b;
    dr__leveldb_init(&a);
    dr__leveldb_init(&b);
    dr__kv kv = {key, value, n};
    cr_assert_eq(dr__leveldb_write(&kv, 1, &a, NULL), DG_OK);
    dg_buf v;
    dg_buf_init(&v);
    size_t room = dr__leveldb_room(key);
    for (size_t i = 0; i < room; i++) cr_assert_eq(dg_buf_append(&v, "?", 1, NULL), DG_OK);
    cr_assert_eq(dg_buf_append(&v, value, n, NULL), DG_OK);
    cr_assert_eq(dr__leveldb_take(key, &v, &b, NULL), DG_OK);
    cr_assert_eq(v.len, 0);
    cr_assert_eq(a.log.len, b.log.len, "value of %zu bytes: log %zu bytes, taken %zu", n, a.log.len, b.log.len);
    cr_assert(memcmp(a.log.data, b.log.data, a.log.len) == 0, "value of %zu bytes: logs differ", n);
    cr_assert_eq(a.manifest.len, b.manifest.len);
    cr_assert(memcmp(a.manifest.data, b.manifest.data, a.manifest.len) == 0);
    cr_assert_eq(a.current.len, b.current.len);
    dr__leveldb_fini(&a);
    dr__leveldb_fini(&b);
    dg_buf_fini(&v);
    free(value);
}

/* Values ending just before, at and after a block's end, over one and
 * several blocks, and with a value length of 1 to 4 varint bytes. */
Test(leveldb_take, makes_the_log_the_copy_made)
{
    size_t head = 8 + 4 + 1 + 1 + 28; /* the batch's bytes before the value's length */
    size_t block = 32768 - 7;
    size_t sizes[] = {0, 1, 127, 128, 16383, 16384, 40000, 2 * 32768, 3 * 32768 + 5, 2097152 + 3};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) same_log(sizes[i]);
    for (int k = 1; k <= 3; k++)
        for (int d = -9; d <= 9; d++) {
            long n = (long)(k * block) - (long)head - 3 + d;
            if (n >= 0) same_log((size_t)n);
        }
}
