/* bundle_reader.h -- a format=foundry-bundle read back the way Foundry
 * reads it, for test_foundry_bundle.c, test_foundry_creatures.c and
 * test_foundry_schema.c: the zip opened with libzip, the compendium pack
 * opened with LevelDB itself (Debian's libleveldb, the library
 * classic-level wraps) with paranoid checks and checksums on, the
 * Adventure parsed with jansson; and the dungeon each reads (make).
 * Header-only, as ../slurp.h: each test is one source. */
#ifndef DG_TEST_BUNDLE_READER_H
#define DG_TEST_BUNDLE_READER_H

#include <criterion/criterion.h>
#include <jansson.h>
#include <leveldb/c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>

#include "bundle_int.h"
#include "query_fixture.h"
#include "render.h"

/* foundry=13's bundle unless the query names the target: a scene per
 * floor, which these checks walk floor by floor; test_foundry_schema.c
 * checks 14's one levelled scene. */
static inline dg_dungeon *make(const char *query)
{
    dg_options o;
    dg_error err;
    char q[512];
    snprintf(q, sizeof q, "%s%s", query, strstr(query, "foundry=") ? "" : "&foundry=13");
    query = q;
    cr_assert_eq(parse_query(&o, query, NULL, &err), DG_OK, "%s: %s", query, err.msg);
    dg_dungeon *d = NULL;
    cr_assert_eq(dg_generate(&o, &d, &err), DG_OK, "%s: %s", query, err.msg);
    return d;
}

/* ------------------------------------------------------ reading it back */

typedef struct {
    zip_t *za;
    char module[64];          /* the top folder */
    json_t *manifest, *adventure;
} bundle;

static inline dg_buf *read_entry(zip_t *za, const char *name)
{
    zip_stat_t st;
    if (zip_stat(za, name, 0, &st) != 0) return NULL;
    zip_file_t *f = zip_fopen(za, name, 0);
    cr_assert_not_null(f, "%s", name);
    dg_buf *b = malloc(sizeof *b);
    dg_buf_init(b);
    cr_assert_eq(dr__buf_reserve(b, (size_t)st.size, NULL), DG_OK);
    cr_assert_eq(zip_fread(f, b->data, st.size), (zip_int64_t)st.size);
    b->len = (size_t)st.size;
    zip_fclose(f);
    return b;
}

static inline void free_entry(dg_buf *b)
{
    if (!b) return;
    dg_buf_fini(b);
    free(b);
}

/* The pack's files written to a fresh folder and opened with LevelDB: the
 * one key's value, parsed. */
static inline json_t *read_pack(zip_t *za, const char *module, char *key_out, size_t cap)
{
    char dir[] = "/tmp/dg-bundle-XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    const char *files[] = {"CURRENT", DG_LEVELDB_MANIFEST, DG_LEVELDB_LOG};
    for (size_t i = 0; i < 3; i++) {
        char name[256], path[256];
        snprintf(name, sizeof name, "%s/packs/dungeon/%s", module, files[i]);
        dg_buf *b = read_entry(za, name);
        cr_assert_not_null(b, "no %s in the archive", name);
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        FILE *f = fopen(path, "wb");
        cr_assert_not_null(f);
        cr_assert_eq(fwrite(b->data, 1, b->len, f), b->len);
        fclose(f);
        free_entry(b);
    }
    char *err = NULL;
    leveldb_options_t *o = leveldb_options_create();
    leveldb_options_set_paranoid_checks(o, 1);
    leveldb_t *db = leveldb_open(o, dir, &err);
    cr_assert_null(err, "LevelDB refuses the pack: %s", err);
    leveldb_readoptions_t *ro = leveldb_readoptions_create();
    leveldb_readoptions_set_verify_checksums(ro, 1);
    leveldb_iterator_t *it = leveldb_create_iterator(db, ro);
    json_t *doc = NULL;
    size_t keys = 0;
    for (leveldb_iter_seek_to_first(it); leveldb_iter_valid(it); leveldb_iter_next(it), keys++) {
        size_t kl, vl;
        const char *k = leveldb_iter_key(it, &kl), *v = leveldb_iter_value(it, &vl);
        cr_assert_lt(kl, cap);
        memcpy(key_out, k, kl);
        key_out[kl] = '\0';
        json_error_t je;
        doc = json_loadb(v, vl, 0, &je);
        cr_assert_not_null(doc, "the adventure is no JSON: %s", je.text);
    }
    leveldb_iter_get_error(it, &err);
    cr_assert_null(err, "%s", err);
    cr_assert_eq(keys, 1, "one adventure in the pack, not %zu keys", keys);
    leveldb_iter_destroy(it);
    leveldb_readoptions_destroy(ro);
    leveldb_close(db);
    leveldb_options_destroy(o);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
    return doc;
}

static inline bundle open_bundle(const dg_buf *zipped)
{
    bundle b = {0};
    zip_error_t ze;
    zip_error_init(&ze);
    zip_source_t *src = zip_source_buffer_create(zipped->data, zipped->len, 0, &ze);
    cr_assert_not_null(src);
    b.za = zip_open_from_source(src, ZIP_RDONLY | ZIP_CHECKCONS, &ze);
    cr_assert_not_null(b.za, "not a zip: %s", zip_error_strerror(&ze));
    const char *first = zip_get_name(b.za, 0, 0);
    cr_assert_not_null(first);
    const char *slash = strchr(first, '/');
    cr_assert_not_null(slash, "every entry under one folder");
    snprintf(b.module, sizeof b.module, "%.*s", (int)(slash - first), first);
    for (zip_int64_t i = 0; i < zip_get_num_entries(b.za, 0); i++)
        cr_assert(!strncmp(zip_get_name(b.za, (zip_uint64_t)i, 0), b.module, strlen(b.module)));
    char name[128];
    snprintf(name, sizeof name, "%s/module.json", b.module);
    dg_buf *m = read_entry(b.za, name);
    cr_assert_not_null(m, "no module.json");
    b.manifest = json_loadb((const char *)m->data, m->len, 0, NULL);
    free_entry(m);
    cr_assert_not_null(b.manifest);
    cr_assert_str_eq(json_string_value(json_object_get(b.manifest, "id")), b.module,
                     "the folder is the module id, so unzipping into Data/modules installs it");
    json_t *pack = json_array_get(json_object_get(b.manifest, "packs"), 0);
    cr_assert_str_eq(json_string_value(json_object_get(pack, "type")), "Adventure");
    cr_assert_str_eq(json_string_value(json_object_get(pack, "path")), "packs/dungeon");
    char key[128];
    b.adventure = read_pack(b.za, b.module, key, sizeof key);
    char want[64];
    snprintf(want, sizeof want, "!adventures!%s", json_string_value(json_object_get(b.adventure, "_id")));
    cr_assert_str_eq(key, want);
    return b;
}

static inline void close_bundle(bundle *b)
{
    json_decref(b->manifest);
    json_decref(b->adventure);
    zip_close(b->za);
}

static inline dg_buf render_bundle(const dg_dungeon *d)
{
    dg_buf out;
    dg_buf_init(&out);
    dg_error err;
    dg_error_clear(&err);
    cr_assert_eq(dg_render(d, DG_FMT_FOUNDRY_BUNDLE, &out, &err), DG_OK, "%s", err.msg);
    return out;
}

/* ------------------------------------------------------------- checks */

static inline bool valid_id(const char *s)
{
    if (!s || strlen(s) != 16) return false;
    for (; *s; s++)
        if (!((*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z'))) return false;
    return true;
}

static inline json_t *find_by_id(json_t *array, const char *id)
{
    size_t i;
    json_t *v;
    json_array_foreach(array, i, v) if (!strcmp(json_string_value(json_object_get(v, "_id")), id)) return v;
    return NULL;
}

/* PNG width and height from its IHDR. */
static inline void png_size(const dg_buf *b, long *w, long *h)
{
    cr_assert_gt(b->len, 24);
    cr_assert(!memcmp(b->data, "\x89PNG\r\n\x1a\n", 8));
    const unsigned char *p = b->data + 16;
    *w = (long)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
    *h = (long)p[4] << 24 | p[5] << 16 | p[6] << 8 | p[7];
}

#endif
