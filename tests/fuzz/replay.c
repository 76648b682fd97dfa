/* replay.c -- runs a fuzz target's LLVMFuzzerTestOneInput over files and
 * directories of inputs once each, without libFuzzer: the seed corpora and
 * every crash reproducer ever kept become a regression test in any build
 * (gcc, ASan, valgrind), not only in the clang fuzz build. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    size_t cap = 4096, len = 0;
    uint8_t *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap) {
            uint8_t *more = realloc(buf, cap *= 2);
            if (!more) free(buf);
            buf = more;
        }
    }
    fclose(f);
    if (!buf) {
        fprintf(stderr, "%s: out of memory\n", path);
        return 1;
    }
    /* an exact-size copy, so ASan sees a read past the input's end */
    uint8_t *exact = malloc(len ? len : 1);
    if (!exact) {
        free(buf);
        return 1;
    }
    memcpy(exact, buf, len);
    free(buf);
    LLVMFuzzerTestOneInput(exact, len);   /* a broken contract aborts */
    free(exact);
    return 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A directory's files in name order (a failure reproduces the same way). */
static int run_dir(const char *dir, size_t *count)
{
    DIR *d = opendir(dir);
    if (!d) {
        perror(dir);
        return 1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    int bad = 0;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;   /* ., .., .gitkeep */
        if (n == cap) {
            char **more = realloc(names, (cap = cap ? 2 * cap : 64) * sizeof *names);
            if (!more) { bad = 1; break; }
            names = more;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        if (!(names[n] = malloc(len))) { bad = 1; break; }
        snprintf(names[n++], len, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, cmp_names);
    for (size_t i = 0; i < n; i++) {
        if (!bad) bad = run_file(names[i]);
        free(names[i]);
    }
    free(names);
    *count += n;
    return bad;
}

int main(int argc, char **argv)
{
    size_t count = 0;
    int bad = 0;
    for (int i = 1; i < argc && !bad; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            return 1;
        }
        if (S_ISDIR(st.st_mode)) bad = run_dir(argv[i], &count);
        else if (!(bad = run_file(argv[i]))) count++;
    }
    if (!bad) printf("replayed %zu inputs\n", count);
    return bad;
}
