/* test_zip_write.c -- render/vtt/zip_write.c against libzip: for the same files
 * added the same way (the calls render made when libzip wrote its
 * archives: a buffer source, UTF-8 names, deflate at level 6 or stored, one
 * DOS time, Unix mode 0644), the two archives are the same bytes. Over files
 * this test writes down (empty, tiny, compressible, random, many, a
 * non-ASCII name) and over real Foundry modules, whose every entry is added
 * to libzip again as the module stored it. libzip also opens ours with its
 * consistency checks on. An empty archive is left out: libzip writes no
 * bytes for one, and render never writes one. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zip.h>

#include "bundle_int.h"
#include "query_fixture.h"
#include "render.h"

typedef struct {
    const char *name;
    const unsigned char *data;
    size_t len;
    bool deflate;
} file;

/* The archive as libzip writes it, the way render used to call it. */
static dg_buf libzip_archive(const file *f, size_t n)
{
    zip_error_t ze;
    zip_error_init(&ze);
    zip_source_t *src = zip_source_buffer_create(NULL, 0, 0, &ze);
    cr_assert_not_null(src);
    zip_t *za = zip_open_from_source(src, ZIP_TRUNCATE, &ze);
    cr_assert_not_null(za, "%s", zip_error_strerror(&ze));
    zip_source_keep(src);
    for (size_t i = 0; i < n; i++) {
        zip_source_t *s = zip_source_buffer(za, f[i].data, f[i].len, 0);
        cr_assert_not_null(s);
        zip_int64_t k = zip_file_add(za, f[i].name, s, ZIP_FL_ENC_UTF_8);
        cr_assert_geq(k, 0, "%s", zip_strerror(za));
        zip_uint64_t idx = (zip_uint64_t)k;
        cr_assert_eq(zip_set_file_compression(za, idx, f[i].deflate ? ZIP_CM_DEFLATE : ZIP_CM_STORE,
                                              f[i].deflate ? 6 : 0), 0);
        cr_assert_eq(zip_file_set_dostime(za, idx, 0, (2024 - 1980) << 9 | 1 << 5 | 1, 0), 0);
        cr_assert_eq(zip_file_set_external_attributes(za, idx, 0, ZIP_OPSYS_UNIX, 0100644u << 16), 0);
    }
    cr_assert_eq(zip_close(za), 0, "%s", zip_strerror(za));
    zip_stat_t st;
    zip_stat_init(&st);
    cr_assert_eq(zip_source_stat(src, &st), 0);
    cr_assert_eq(zip_source_open(src), 0);
    dg_buf b;
    dg_buf_init(&b);
    b.data = malloc(st.size + 1);
    cr_assert_eq(zip_source_read(src, b.data, st.size), (zip_int64_t)st.size);
    b.len = b.cap = st.size;
    zip_source_close(src);
    zip_source_free(src);
    zip_error_fini(&ze);
    return b;
}

static dg_buf our_archive(const file *f, size_t n)
{
    dg_error err;
    dg_error_clear(&err);
    dr__zip *z;
    cr_assert_eq(dr__zip_new(&z, &err), DG_OK);
    for (size_t i = 0; i < n; i++)
        cr_assert_eq(dr__zip_add(z, f[i].name, f[i].data, f[i].len, f[i].deflate, &err), DG_OK, "%s", err.msg);
    dg_buf out;
    dg_buf_init(&out);
    cr_assert_eq(dr__zip_finish(z, &out, &err), DG_OK, "%s", err.msg);
    return out;
}

/* Both archives of files f, compared byte for byte; ours opened by libzip. */
static void same_bytes(const char *what, const file *f, size_t n)
{
    dg_buf ours = our_archive(f, n), theirs = libzip_archive(f, n);
    size_t at = 0;
    while (at < ours.len && at < theirs.len && ours.data[at] == theirs.data[at]) at++;
    cr_assert(at == ours.len && at == theirs.len, "%s: the archives differ at byte %zu (ours %zu bytes, libzip's %zu)",
              what, at, ours.len, theirs.len);
    zip_error_t ze;
    zip_error_init(&ze);
    zip_source_t *src = zip_source_buffer_create(ours.data, ours.len, 0, &ze);
    zip_t *za = zip_open_from_source(src, ZIP_RDONLY | ZIP_CHECKCONS, &ze);
    cr_assert_not_null(za, "%s: libzip refuses ours: %s", what, zip_error_strerror(&ze));
    cr_assert_eq(zip_get_num_entries(za, 0), (zip_int64_t)n);
    zip_close(za);
    zip_error_fini(&ze);
    dg_buf_fini(&ours);
    free(theirs.data);
}

static unsigned char *pseudo_random(size_t n, uint32_t seed)
{
    unsigned char *p = malloc(n ? n : 1);
    for (size_t i = 0; i < n; i++) {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        p[i] = (unsigned char)seed;
    }
    return p;
}

static unsigned char *wordy(size_t n)
{
    unsigned char *p = malloc(n + 32);
    size_t at = 0;
    for (int i = 0; at < n; i++) at += (size_t)snprintf((char *)p + at, 32, "{\"room\": %d, \"gp\": %d},\n", i, i * 37 % 1000);
    return p;
}

Test(zip_write, small_and_empty_files_stored_or_deflated_are_libzips_bytes)
{
    const unsigned char *hi = (const unsigned char *)"hello, hello, hello, dungeon\n";
    file f[] = {
        {"a/module.json", hi, strlen((const char *)hi), true},
        {"a/CURRENT", hi, 16, false},
        {"a/empty-stored", hi, 0, false},
        {"a/empty-deflated", hi, 0, true},
        {"a/one", hi, 1, true},
    };
    same_bytes("small", f, sizeof f / sizeof *f);
    for (size_t i = 0; i < sizeof f / sizeof *f; i++) same_bytes(f[i].name, &f[i], 1);
}

Test(zip_write, big_compressible_and_random_files_are_libzips_bytes)
{
    unsigned char *words = wordy(300000), *noise = pseudo_random(70001, 7);
    file f[] = {
        {"d/000003.log", words, 300000, true},
        {"d/floor-1.png", noise, 70001, false},
        {"d/noise-deflated", noise, 70001, true}, /* deflate gains nothing: kept as asked */
        {"d/words-stored", words, 300000, false},
    };
    same_bytes("big", f, sizeof f / sizeof *f);
    free(words);
    free(noise);
}

Test(zip_write, many_entries_and_a_utf8_name_are_libzips_bytes)
{
    enum { N = 300 };
    static file f[N + 1];
    static char names[N][32];
    unsigned char *words = wordy(4000 + N); /* entry i: bytes i .. i + 4000 at most */
    for (int i = 0; i < N; i++) {
        snprintf(names[i], sizeof names[i], "m/packs/entry-%03d.json", i);
        f[i] = (file){names[i], words + i, (size_t)(i * 13 % 4000), i % 3 != 0};
    }
    f[N] = (file){"m/carte-\xc3\xa9t\xc3\xa9-\xe5\x9c\xb0\xe5\x9b\xb3.png", words, 500, false};
    same_bytes("many", f, N + 1);
    same_bytes("utf-8 name", &f[N], 1);
    free(words);
}

/* Every entry of a real module added to libzip again as the module holds it. */
static void module_is_libzips(const char *query)
{
    dg_options o;
    dg_error err;
    cr_assert_eq(parse_query(&o, query, NULL, &err), DG_OK, "%s: %s", query, err.msg);
    dg_dungeon *d = NULL;
    cr_assert_eq(dg_generate(&o, &d, &err), DG_OK, "%s: %s", query, err.msg);
    dg_buf ours;
    dg_buf_init(&ours);
    cr_assert_eq(dg_render(d, DG_FMT_FOUNDRY_BUNDLE, &ours, &err), DG_OK, "%s", err.msg);
    zip_error_t ze;
    zip_error_init(&ze);
    zip_t *za = zip_open_from_source(zip_source_buffer_create(ours.data, ours.len, 0, &ze), ZIP_RDONLY | ZIP_CHECKCONS,
                                     &ze);
    cr_assert_not_null(za, "%s: %s", query, zip_error_strerror(&ze));
    size_t n = (size_t)zip_get_num_entries(za, 0);
    file *f = calloc(n, sizeof *f);
    for (size_t i = 0; i < n; i++) {
        zip_stat_t st;
        cr_assert_eq(zip_stat_index(za, i, 0, &st), 0);
        unsigned char *p = malloc(st.size + 1);
        zip_file_t *zf = zip_fopen_index(za, i, 0);
        cr_assert_eq(zip_fread(zf, p, st.size), (zip_int64_t)st.size);
        zip_fclose(zf);
        f[i] = (file){strdup(st.name), p, st.size, st.comp_method == ZIP_CM_DEFLATE};
    }
    dg_buf theirs = libzip_archive(f, n);
    cr_assert(theirs.len == ours.len && !memcmp(theirs.data, ours.data, ours.len),
              "%s: the module (%zu bytes) is not libzip's archive of its files (%zu bytes)", query, ours.len,
              theirs.len);
    for (size_t i = 0; i < n; i++) {
        free((void *)f[i].name);
        free((void *)f[i].data);
    }
    free(f);
    free(theirs.data);
    zip_close(za);
    zip_error_fini(&ze);
    dg_buf_fini(&ours);
    dg_dungeon_free(d);
}

Test(zip_write, foundry_modules_are_libzips_archives_of_their_files)
{
    module_is_libzips("seed=7");
    module_is_libzips("seed=42&floors=3&motif=undead&level=9&rows=21&cols=27");
    module_is_libzips("seed=5&algorithm=caverns&contents=none&ppg=20");
}

Test(zip_write, a_name_over_65535_bytes_is_refused_and_a_taken_buffer_freed)
{
    char *name = malloc(70000);
    memset(name, 'x', 69999);
    name[69999] = '\0';
    dg_error err;
    dg_error_clear(&err);
    dr__zip *z;
    cr_assert_eq(dr__zip_new(&z, &err), DG_OK);
    void *p = dg__malloc(10); /* freed by the call, as its header promises: ASan would see a leak */
    memset(p, 1, 10);
    cr_assert_eq(dr__zip_add_take(z, name, p, 10, true, &err), DG_EINVAL);
    cr_assert(strstr(err.msg, "65535"), "%s", err.msg);
    dr__zip_discard(z);
    free(name);
}
