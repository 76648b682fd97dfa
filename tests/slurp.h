/* slurp.h -- a whole file read into memory, for tests that compare bytes
 * with a file on disk (golden dumps, CLI output, embedded web assets) or
 * read ../shared's facts (a TSV row split into its columns). */
#ifndef TESTS_SLURP_H
#define TESTS_SLURP_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The file at path, NUL-terminated (caller frees); NULL when it cannot be
 * opened. *len (when len is not NULL) is its size in bytes. */
static inline char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    cr_assert_geq(n, 0, "%s: cannot tell its size", path);
    char *p = malloc((size_t)n + 1);
    cr_assert(p, "%s: out of memory", path);
    cr_assert_eq(fread(p, 1, (size_t)n, f), (size_t)n, "%s: short read", path);
    p[n] = '\0';
    fclose(f);
    if (len) *len = (size_t)n;
    return p;
}

/* A TSV line split in place at its tabs: col[0..) its columns, at most
 * `most`; how many. */
static inline int tsv_split(char *line, char **col, int most)
{
    int n = 0;
    for (char *p = line; n < most;) {
        col[n++] = p;
        char *tab = strchr(p, '\t');
        if (!tab) break;
        *tab = '\0';
        p = tab + 1;
    }
    return n;
}

#endif
