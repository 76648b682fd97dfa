/* main.c -- build/dungeon, the command-line generator: the same key=value
 * options as the HTTP query string, the same encoders, to stdout or a file.
 * Option meaning is left to core/options.c, bytes to render/.
 *
 * Exit status: 0 done, 1 I/O or resources, 2 bad arguments or options. */
#include "render.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef DG_PROJECT_VERSION
#define DG_PROJECT_VERSION "unknown"
#endif

enum { EXIT_IO = 1, EXIT_USAGE = 2 };

static const char usage[] =
    "usage: dungeon [-o FILE] [--help] [--version] key=value ...\n"
    "\n"
    "Generates one dungeon map and writes it to stdout, or to FILE with -o\n"
    "(written whole or not at all; -o - is stdout). Without format=, FILE's name\n"
    "picks it by the extensions listed below (else JSON). Keys are those of the\n"
    "HTTP query string (listed below). Without seed= a random seed is chosen;\n"
    "formats that do not carry it inside the file get it printed on stderr.\n"
    "Exit status: 0 ok, 1 I/O error, 2 bad arguments.\n"
    "Example: dungeon seed=7 rooms=dense format=txt\n";

/* The formats and every key the parser knows, what it accepts and, for a
 * family's own key, the algorithms it belongs to: from the tables
 * themselves, so it cannot drift. */
static void print_keys(FILE *f)
{
    fputs("\nformats (format=NAME, file extension):\n", f);
    for (int i = 0; i < DG_FMT_COUNT; i++) {
        const dg_format_info *fi = dg_format_info_of((dg_format)i);
        fprintf(f, "  %-16s .%-13s %s%s\n", dg_format_name((dg_format)i), fi->download, fi->help,
                fi->carries_seed ? "" : " (seed on stderr)");
    }
    fputs("\nkeys:\n", f);
    for (size_t i = 0; dg_option_key(i); i++) {
        const dg_option_def *def = dg_option_def_at(i);
        char allowed[sizeof ((dg_error *)0)->allowed], only[96] = "";
        dg_option_allowed(def->name, allowed, sizeof allowed);
        if (def->families) {
            size_t len = 0;
            for (int a = 0; a < DG_ALGO_COUNT && len < sizeof only; a++)
                if (def->families & (1u << a))
                    len += (size_t)snprintf(only + len, sizeof only - len, "%s%s", len ? "," : " (", dg_algorithm_name((dg_algorithm)a));
            if (len < sizeof only - 1) strcat(only, ")");
        }
        fprintf(f, "  %-16s %s%s\n  %-16s   %s\n", def->name, allowed, only, "", def->help);
    }
}

/* "dungeon: <msg> (param=..., value=..., allowed=...)", empty parts left out. */
static void report(const dg_error *e)
{
    fprintf(stderr, "dungeon: %s", e->msg[0] ? e->msg : dg_status_name(e->code));
    if (e->param[0]) {
        fprintf(stderr, " (param=%s, value=%s", e->param, e->value);
        if (e->allowed[0]) fprintf(stderr, ", allowed=%s", e->allowed);
        fputc(')', stderr);
    }
    fputc('\n', stderr);
}

static int exit_code(dg_status rc)
{
    return rc == DG_EINVAL || rc == DG_ELIMIT ? EXIT_USAGE : EXIT_IO;
}

static int write_all(int fd, const unsigned char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Writes straight into what path already names when that is no regular
 * file (/dev/null, a pipe, a terminal): replacing it would break it for
 * everyone, and there is no whole-or-nothing to keep there. */
static int write_in_place(const char *path, const dg_buf *b)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    int rc = fd < 0 || write_all(fd, b->data, b->len) != 0 ? -1 : 0;
    if (fd >= 0 && close(fd) != 0) rc = -1;
    if (rc != 0) fprintf(stderr, "dungeon: cannot write %s: %s\n", path, strerror(errno));
    return rc == 0 ? 0 : EXIT_IO;
}

/* Writes to a temporary file beside the file, then renames it over it, so a
 * failed run never leaves half a map where a whole one was expected. A
 * symbolic link is followed, so the file it names is replaced and the link
 * kept; a file already there keeps its permissions. */
static int write_file(const char *path, const dg_buf *b)
{
    struct stat st;
    bool exists = stat(path, &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) return write_in_place(path, b);
    char *target = exists ? realpath(path, NULL) : strdup(path);
    if (!target) {
        fprintf(stderr, "dungeon: cannot write %s: %s\n", path, strerror(errno));
        return EXIT_IO;
    }
    size_t n = strlen(target);
    char *tmp = malloc(n + 16);
    if (!tmp) {
        free(target);
        fprintf(stderr, "dungeon: out of memory\n");
        return EXIT_IO;
    }
    memcpy(tmp, target, n);
    memcpy(tmp + n, ".tmp.XXXXXX", 12);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int e = errno;
        free(tmp);
        free(target);
        /* a name within a byte or ten of the limit has no room for the
         * temporary's suffix: the file itself is still writable */
        if (e == ENAMETOOLONG) return write_in_place(path, b);
        fprintf(stderr, "dungeon: cannot write %s: %s\n", path, strerror(e));
        return EXIT_IO;
    }
    /* mkstemp makes 0600: keep the mode of the file replaced, or give the
     * one a plain open would */
    mode_t mask = umask(0);
    umask(mask);
    mode_t mode = exists ? st.st_mode & 07777 : 0666 & ~mask;
    int rc = 0;
    if (fchmod(fd, mode) != 0 || write_all(fd, b->data, b->len) != 0 || fsync(fd) != 0) rc = -1;
    if (close(fd) != 0) rc = -1;
    if (rc == 0 && rename(tmp, target) != 0) rc = -1;
    if (rc != 0) {
        fprintf(stderr, "dungeon: cannot write %s: %s\n", path, strerror(errno));
        unlink(tmp);
    }
    free(tmp);
    free(target);
    return rc == 0 ? 0 : EXIT_IO;
}

/* The format a file name asks for when format= is not given: map.png is a
 * PNG, not JSON under a PNG's name. The longest route or download
 * extension that ends the name wins (.donjon.json over .json); NULL keeps
 * the default (JSON). */
static const char *format_of_name(const char *path)
{
    size_t n = strlen(path), best_len = 0;
    const char *best = NULL;
    for (int i = 0; i < DG_FMT_COUNT; i++) {
        const dg_format_info *fi = dg_format_info_of((dg_format)i);
        const char *ends[] = {fi->ext, fi->download};
        for (size_t j = 0; j < 2; j++) {
            size_t e = strlen(ends[j]);
            if (n > e + 1 && e > best_len && path[n - e - 1] == '.' && !strcasecmp(path + n - e, ends[j])) {
                best = dg_format_name((dg_format)i);
                best_len = e;
            }
        }
    }
    return best;
}

static int write_stdout(const dg_buf *b)
{
    if (write_all(STDOUT_FILENO, b->data, b->len) != 0) {
        fprintf(stderr, "dungeon: cannot write to stdout: %s\n", strerror(errno));
        return EXIT_IO;
    }
    return 0;
}

/* This program over the lean render library leaves out what needs cairo or
 * libzip (render/build_lean.c: they cost three quarters of every start);
 * dungeon-full, built from this file over the whole library and installed
 * beside it, writes those, given the same arguments. */
static int run_full(char **argv)
{
    char path[4096];
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 16);
    if (n > 0) path[n] = '\0';
    char *slash = n > 0 ? strrchr(path, '/') : NULL;
    if (slash) {
        strcpy(slash + 1, "dungeon-full");
        execv(path, argv);
    } else {
        strcpy(path, "dungeon-full (beside /proc/self/exe)");
    }
    fprintf(stderr, "dungeon: this output is written by %s, which cannot run: %s\n", path, strerror(errno));
    return EXIT_IO;
}

int main(int argc, char **argv)
{
    const char *out_path = NULL;
    bool format_given = false;
    dg_options o;
    dg_error err;
    dg_error_clear(&err);
    dg_options_init(&o);

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage, stdout);
            print_keys(stdout);
            return 0;
        }
        if (strcmp(a, "--version") == 0) {
            printf("dungeon %s (generator %s)\n", DG_PROJECT_VERSION, DG_GENERATOR_VERSION);
            return 0;
        }
        if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0) {
            if (i + 1 >= argc || argv[i + 1][0] == '\0') {
                fprintf(stderr, "dungeon: %s needs a file name (try --help)\n", a);
                return EXIT_USAGE;
            }
            if (out_path) {
                fprintf(stderr, "dungeon: %s given twice (%s, then %s)\n", a, out_path, argv[i + 1]);
                return EXIT_USAGE;
            }
            out_path = argv[++i];
            continue;
        }
        if (a[0] == '-') {
            fprintf(stderr, "dungeon: unknown flag %s (try --help)\n", a);
            return EXIT_USAGE;
        }
        const char *eq = strchr(a, '=');
        if (!eq || eq == a) {
            fprintf(stderr, "dungeon: expected key=value, got \"%s\" (try --help)\n", a);
            return EXIT_USAGE;
        }
        char key[64];
        size_t kn = (size_t)(eq - a);
        if (kn >= sizeof key) kn = sizeof key - 1; /* too long to be a key: still reported */
        memcpy(key, a, kn);
        key[kn] = '\0';
        if (!strcasecmp(key, "format")) format_given = true;
        if (dg_options_set(&o, key, eq + 1, NULL, &err) != DG_OK) {
            report(&err);
            return exit_code(err.code);
        }
    }
    if (out_path && !strcmp(out_path, "-")) out_path = NULL; /* "-o -": stdout, as usual */
    const char *implied = out_path && !format_given ? format_of_name(out_path) : NULL;
    if (implied && dg_options_set(&o, "format", implied, NULL, &err) != DG_OK) {
        report(&err);
        return exit_code(err.code);
    }
    if (dg_options_finish(&o, NULL, &err) != DG_OK) {
        report(&err);
        return exit_code(err.code);
    }
    if (!dg_render_here(&o)) return run_full(argv);
    bool picked = !o.seed_given;
    if (picked) {
        uint64_t seed;
        if (getrandom(&seed, sizeof seed, 0) != (ssize_t)sizeof seed) {
            fprintf(stderr, "dungeon: no random seed available: %s\n", strerror(errno));
            return EXIT_IO;
        }
        dg_options_set_seed(&o, seed);
    }

    dg_dungeon *d = NULL;
    dg_buf buf;
    dg_buf_init(&buf);
    int status = 0;
    dg_status rc = dg_generate(&o, &d, &err);
    if (rc == DG_OK) rc = dg_render(d, o.format, &buf, &err);
    if (rc != DG_OK) {
        report(&err);
        status = exit_code(rc);
        goto done;
    }
    /* a random map whose bytes do not carry its seed could never be made again */
    if (picked && !dg_format_info_of(o.format)->carries_seed)
        fprintf(stderr, "dungeon: seed=%" PRIu64 "\n", o.seed);
    status = out_path ? write_file(out_path, &buf) : write_stdout(&buf);
done:
    dg_buf_fini(&buf);
    dg_dungeon_free(d);
    return status;
}
