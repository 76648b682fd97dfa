/* test_golden.c -- every tests/golden/<algo>-<seed>.txt is the text dump of
 * that algorithm and seed with default options; generating it again must give
 * the same bytes. A difference means an existing map changed: if that is
 * intended, bump DG_GENERATOR_VERSION and rewrite the files with
 *   DG_UPDATE_GOLDEN=1 ctest -L golden
 * The actual output of a failing case is left in <build>/golden-actual/. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "render.h"
#include "../slurp.h"

#define GOLDEN_DIR DG_SOURCE_DIR "/tests/golden"
#define ACTUAL_DIR DG_BUILD_DIR "/golden-actual"

static void spill(const char *path, const dg_buf *b)
{
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f, "cannot write %s: %s", path, strerror(errno));
    cr_assert_eq(fwrite(b->data, 1, b->len, f), b->len);
    cr_assert_eq(fclose(f), 0);
}

/* "donjon-1234.txt" -> algo "donjon", seed "1234"; false for other names. */
static bool split_name(const char *name, char *algo, size_t acap, char *seed, size_t scap)
{
    size_t n = strlen(name);
    const char *dash = strrchr(name, '-');
    if (n < 5 || strcmp(name + n - 4, ".txt") != 0 || !dash || dash == name) return false;
    size_t al = (size_t)(dash - name), sl = (size_t)(name + n - 4 - dash - 1);
    if (al >= acap || sl == 0 || sl >= scap) return false;
    memcpy(algo, name, al);
    algo[al] = '\0';
    memcpy(seed, dash + 1, sl);
    seed[sl] = '\0';
    return true;
}

static void render_case(const char *algo, const char *seed, dg_buf *out)
{
    const char *keys[] = {"algorithm", "seed"};
    const char *vals[] = {algo, seed};
    dg_options o;
    dg_error err;
    dg_error_clear(&err);
    cr_assert_eq(dg_options_parse(&o, 2, keys, vals, NULL, &err), DG_OK, "%s-%s: %s", algo,
                 seed, err.msg);
    dg_dungeon *d = NULL;
    cr_assert_eq(dg_generate(&o, &d, &err), DG_OK, "%s-%s: %s", algo, seed, err.msg);
    cr_assert_eq(dg_text_encode(d, out, &err), DG_OK, "%s", err.msg);
    dg_dungeon_free(d);
}

Test(golden, every_dump_regenerates_byte_for_byte)
{
    DIR *dp = opendir(GOLDEN_DIR);
    cr_assert_not_null(dp, "no %s", GOLDEN_DIR);
    bool update = getenv("DG_UPDATE_GOLDEN") && strcmp(getenv("DG_UPDATE_GOLDEN"), "1") == 0;
    int cases = 0, failed = 0;
    struct dirent *e;
    while ((e = readdir(dp))) {
        char algo[32], seed[32], path[512];
        if (!split_name(e->d_name, algo, sizeof algo, seed, sizeof seed)) continue;
        snprintf(path, sizeof path, "%s/%s", GOLDEN_DIR, e->d_name);
        dg_buf b;
        dg_buf_init(&b);
        render_case(algo, seed, &b);
        cases++;
        if (update) {
            spill(path, &b);
        } else {
            size_t n;
            char *want = slurp(path, &n);
            cr_assert_not_null(want);
            if (n != b.len || memcmp(want, b.data, n) != 0) {
                size_t i = 0, line = 1;
                while (i < n && i < b.len && want[i] == (char)b.data[i]) line += want[i++] == '\n';
                char actual[512];
                mkdir(ACTUAL_DIR, 0777);
                snprintf(actual, sizeof actual, "%s/%s", ACTUAL_DIR, e->d_name);
                spill(actual, &b);
                cr_log_error("%s differs from line %zu; actual output in %s", e->d_name, line,
                             actual);
                failed++;
            }
            free(want);
        }
        dg_buf_fini(&b);
    }
    closedir(dp);
    cr_assert_gt(cases, 0, "no golden files in %s", GOLDEN_DIR);
    cr_assert_eq(failed, 0,
                 "%d of %d maps changed; if intended, bump DG_GENERATOR_VERSION and run "
                 "DG_UPDATE_GOLDEN=1 ctest -L golden",
                 failed, cases);
}

/* The dumps are only worth keeping if the generator itself is repeatable. */
Test(golden, the_same_seed_twice_gives_the_same_dump)
{
    dg_buf a, b;
    dg_buf_init(&a);
    dg_buf_init(&b);
    render_case("donjon", "20260101", &a);
    render_case("donjon", "20260101", &b);
    cr_assert(a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
    dg_buf_fini(&a);
    dg_buf_fini(&b);
}
