/* test_cli.c -- the built dungeon binary, run as a user would: exit status 2
 * and a message naming the key for bad arguments, 1 for I/O failures, -o
 * writing a whole file (or none), never replacing a pipe, a device or a link,
 * its format from the file name, --version and --help. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dg.h"
#include "../slurp.h"

static char dir[64];
static char out_path[128], err_path[128];

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/dg_cli_XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    snprintf(out_path, sizeof out_path, "%s/.stdout", dir);
    snprintf(err_path, sizeof err_path, "%s/.stderr", dir);
}

static void teardown(void)
{
    DIR *dp = opendir(dir);
    struct dirent *e;
    char p[512];
    while (dp && (e = readdir(dp))) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        unlink(p);
    }
    if (dp) closedir(dp);
    rmdir(dir);
}
TestSuite(cli, .init = setup, .fini = teardown);

/* Runs build/dungeon with args (NULL-terminated); returns its exit status,
 * stdout and stderr land in out_path and err_path. */
static int run(const char *const *args)
{
    char bin[512];
    snprintf(bin, sizeof bin, "%s/dungeon", DG_BUILD_DIR);
    const char *argv[32] = {bin};
    size_t n = 1;
    while (args[n - 1] && n < 31) {
        argv[n] = args[n - 1];
        n++;
    }
    argv[n] = NULL;
    pid_t pid = fork();
    cr_assert_neq(pid, -1);
    if (pid == 0) {
        if (!freopen(out_path, "w", stdout) || !freopen(err_path, "w", stderr)) _exit(99);
        execv(bin, (char *const *)argv);
        _exit(98);
    }
    int st;
    cr_assert_eq(waitpid(pid, &st, 0), pid);
    cr_assert(WIFEXITED(st), "dungeon died");
    return WEXITSTATUS(st);
}

static void assert_stderr_has(const char *what)
{
    char *e = slurp(err_path, NULL);
    cr_assert_not_null(e);
    cr_assert(strncmp(e, "dungeon: ", 9) == 0, "stderr: %s", e);
    cr_assert(strstr(e, what) != NULL, "stderr lacks \"%s\": %s", what, e);
    free(e);
}

/* Files in the temp dir other than the captured streams. */
static int files_in_dir(void)
{
    DIR *dp = opendir(dir);
    struct dirent *e;
    int n = 0;
    while ((e = readdir(dp)))
        if (e->d_name[0] != '.') n++;
    closedir(dp);
    return n;
}

Test(cli, a_bad_value_exits_2_naming_the_key)
{
    cr_assert_eq(run((const char *[]){"seed=1", "rooms=crowded", NULL}), 2);
    assert_stderr_has("param=rooms");
    assert_stderr_has("value=crowded");
    assert_stderr_has("allowed=");
}

Test(cli, an_unknown_key_exits_2_naming_it)
{
    cr_assert_eq(run((const char *[]){"colour=red", NULL}), 2);
    assert_stderr_has("colour");
}

Test(cli, a_value_over_the_limit_exits_2)
{
    cr_assert_eq(run((const char *[]){"rows=999999", NULL}), 2);
    assert_stderr_has("param=rows");
}

Test(cli, malformed_arguments_exit_2)
{
    cr_assert_eq(run((const char *[]){"--frobnicate", NULL}), 2);
    assert_stderr_has("--frobnicate");
    cr_assert_eq(run((const char *[]){"seed", NULL}), 2);
    assert_stderr_has("key=value");
    cr_assert_eq(run((const char *[]){"-o", NULL}), 2);
}

Test(cli, version_and_help)
{
    cr_assert_eq(run((const char *[]){"--version", NULL}), 0);
    char *o = slurp(out_path, NULL);
    cr_assert_str_eq(o, "dungeon 0.1.0 (generator " DG_GENERATOR_VERSION ")\n");
    free(o);
    cr_assert_eq(run((const char *[]){"--help", NULL}), 0);
    o = slurp(out_path, NULL);
    cr_assert(strstr(o, "usage: dungeon") != NULL);
    /* the key table comes from the parser: every key, with what it takes */
    for (size_t i = 0; dg_option_key(i); i++) {
        char line[64];
        snprintf(line, sizeof line, "\n  %s ", dg_option_key(i));
        cr_assert(strstr(o, line) != NULL, "--help does not list %s", dg_option_key(i));
    }
    cr_assert(strstr(o, "  pillars          yes|no (donjon,panels,gridmapper,abstract,cells)\n") != NULL, "%s", o);
    free(o);
}

Test(cli, dash_o_writes_the_same_bytes_as_stdout_and_no_leftovers)
{
    char file[192];
    snprintf(file, sizeof file, "%s/map.txt", dir);
    cr_assert_eq(run((const char *[]){"seed=5", "format=txt", NULL}), 0);
    size_t n1 = 0, n2 = 0;
    char *a = slurp(out_path, &n1);
    cr_assert_not_null(a);
    cr_assert_eq(run((const char *[]){"-o", file, "seed=5", "format=txt", NULL}), 0);
    char *b = slurp(file, &n2);
    cr_assert_not_null(b);
    cr_assert_gt(n1, 0);
    cr_assert_eq(n1, n2);
    cr_assert_eq(memcmp(a, b, n1), 0);
    cr_assert_eq(files_in_dir(), 1, "temporary file left behind");
    struct stat st;
    cr_assert_eq(stat(file, &st), 0);
    cr_assert(st.st_mode & S_IRUSR);
    free(a);
    free(b);
}

Test(cli, a_failed_run_leaves_an_existing_file_alone)
{
    char file[192];
    snprintf(file, sizeof file, "%s/map.json", dir);
    FILE *f = fopen(file, "w");
    fputs("old", f);
    fclose(f);
    cr_assert_eq(run((const char *[]){"-o", file, "doors=many", NULL}), 2);
    char *b = slurp(file, NULL);
    cr_assert_str_eq(b, "old");
    free(b);
    cr_assert_eq(files_in_dir(), 1);
}

Test(cli, an_unwritable_destination_exits_1)
{
    cr_assert_eq(run((const char *[]){"-o", "/nonexistent-dir/map.json", "seed=1", NULL}), 1);
    assert_stderr_has("/nonexistent-dir/map.json");
}

Test(cli, without_a_seed_one_is_picked_and_echoed)
{
    cr_assert_eq(run((const char *[]){"rows=11", "cols=11", NULL}), 0);
    char *o = slurp(out_path, NULL);
    json_t *j = json_loads(o, 0, NULL);
    cr_assert_not_null(j);
    const char *seed = json_string_value(json_object_get(j, "seed"));
    cr_assert_not_null(seed);
    char want[64];
    snprintf(want, sizeof want, "/?seed=%s&", seed);
    cr_assert(strncmp(json_string_value(json_object_get(j, "permalink")), want,
                      strlen(want)) == 0);
    /* the echoed seed regenerates the same document */
    char arg[48];
    snprintf(arg, sizeof arg, "seed=%s", seed);
    cr_assert_eq(run((const char *[]){arg, "rows=11", "cols=11", NULL}), 0);
    char *again = slurp(out_path, NULL);
    cr_assert_str_eq(again, o);
    json_decref(j);
    free(o);
    free(again);
    cr_assert_eq(run((const char *[]){"rows=11", "cols=11", "format=txt", NULL}), 0);
    assert_stderr_has("seed=");
}

Test(cli, every_format_comes_out)
{
    cr_assert_eq(run((const char *[]){"seed=9", "format=donjon", NULL}), 0);
    char *o = slurp(out_path, NULL);
    json_t *j = json_loads(o, 0, NULL);
    cr_assert(json_is_object(json_object_get(j, "cell_bit")));
    json_decref(j);
    free(o);
    cr_assert_eq(run((const char *[]){"seed=9", "format=png", NULL}), 0);
    size_t n;
    o = slurp(out_path, &n);
    cr_assert_gt(n, 8);
    cr_assert_eq(memcmp(o, "\x89PNG\r\n\x1a\n", 8), 0);
    free(o);
}

/* What -o names and is no regular file is written into, never replaced:
 * -o /dev/null once turned the device into a plain file for everyone. */
Test(cli, dash_o_writes_into_a_pipe_and_leaves_it_a_pipe)
{
    char fifo[192];
    snprintf(fifo, sizeof fifo, "%s/pipe", dir);
    cr_assert_eq(mkfifo(fifo, 0600), 0);
    int rd = open(fifo, O_RDONLY | O_NONBLOCK); /* a reader, so the writer does not block */
    cr_assert_geq(rd, 0);
    cr_assert_eq(run((const char *[]){"-o", fifo, "seed=5", "rows=9", "cols=9", "format=txt", NULL}), 0);
    char got[256];
    ssize_t n = read(rd, got, sizeof got);
    close(rd);
    cr_assert_eq(n, 9 * 10, "the map did not come through the pipe");
    struct stat st;
    cr_assert_eq(lstat(fifo, &st), 0);
    cr_assert(S_ISFIFO(st.st_mode), "the pipe was replaced");
    cr_assert_eq(files_in_dir(), 1);
}

/* Through a symbolic link the file it names is replaced, whole, and keeps
 * its permissions; the link stays a link. */
Test(cli, dash_o_follows_a_link_and_keeps_the_file_mode)
{
    char file[192], link[192];
    snprintf(file, sizeof file, "%s/private.txt", dir);
    snprintf(link, sizeof link, "%s/map.txt", dir);
    FILE *f = fopen(file, "w");
    fputs("old", f);
    fclose(f);
    cr_assert_eq(chmod(file, 0600), 0);
    cr_assert_eq(symlink("private.txt", link), 0);
    cr_assert_eq(run((const char *[]){"-o", link, "seed=5", "rows=9", "cols=9", NULL}), 0);
    struct stat st;
    cr_assert_eq(lstat(link, &st), 0);
    cr_assert(S_ISLNK(st.st_mode), "the link was replaced by a file");
    cr_assert_eq(stat(file, &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0600, "mode %o", st.st_mode & 0777);
    size_t n = 0;
    char *b = slurp(file, &n);
    cr_assert_eq(n, 9 * 10, "the file the link names does not hold the map");
    free(b);
    cr_assert_eq(files_in_dir(), 2, "temporary file left behind");
}

/* -o map.png is a PNG unless format= says otherwise; -o - is stdout; a
 * second -o is refused like a key given twice. */
Test(cli, dash_o_names_the_format_unless_format_is_given)
{
    char png[192], txt[192];
    snprintf(png, sizeof png, "%s/map.PNG", dir);
    snprintf(txt, sizeof txt, "%s/map.png.txt", dir);
    cr_assert_eq(run((const char *[]){"-o", png, "seed=5", "rows=9", "cols=9", NULL}), 0);
    char *b = slurp(png, NULL);
    cr_assert_eq(memcmp(b, "\x89PNG", 4), 0, "not a PNG");
    free(b);
    cr_assert_eq(run((const char *[]){"-o", png, "format=txt", "seed=5", "rows=9", "cols=9", NULL}), 0);
    b = slurp(png, NULL);
    cr_assert_eq(b[0], '#', "format= lost to the name");
    free(b);
    cr_assert_eq(run((const char *[]){"-o", txt, "seed=5", "rows=9", "cols=9", NULL}), 0);
    b = slurp(txt, NULL);
    cr_assert_eq(b[0], '#');
    free(b);
    cr_assert_eq(run((const char *[]){"-o", "-", "seed=5", "rows=9", "cols=9", "format=txt", NULL}), 0);
    size_t n = 0;
    b = slurp(out_path, &n);
    cr_assert_eq(n, 9 * 10);
    free(b);
    cr_assert_eq(run((const char *[]){"-o", png, "-o", txt, "seed=5", NULL}), 2);
    assert_stderr_has("given twice");
    /* the longest extension wins: .foundry.zip is the module, no other */
    char zip[192];
    snprintf(zip, sizeof zip, "%s/x.foundry.zip", dir);
    cr_assert_eq(run((const char *[]){"-o", zip, "seed=5", "rows=9", "cols=9", NULL}), 0);
    b = slurp(zip, &n);
    cr_assert(n > 4 && !memcmp(b, "PK\x03\x04", 4), "not a zip");
    free(b);
}

/* floor=2 of a three-floor dungeon prints the second floor, not the top,
 * and floor past floors exits 2 naming floor. */
Test(cli, floor_picks_the_floor_printed)
{
    cr_assert_eq(run((const char *[]){"seed=7", "floors=3", "format=txt", NULL}), 0);
    char *top = slurp(out_path, NULL);
    cr_assert_not_null(top);
    cr_assert_eq(run((const char *[]){"seed=7", "floors=3", "floor=2", "format=txt", NULL}), 0);
    char *second = slurp(out_path, NULL);
    cr_assert_not_null(second);
    cr_assert_eq(strlen(top), strlen(second), "same map size on every floor");
    cr_assert_str_neq(top, second);
    cr_assert_neq(strchr(second, '<'), NULL, "floor 2 has its up stair");
    free(top);
    free(second);
    cr_assert_eq(run((const char *[]){"seed=7", "floors=3", "floor=4", NULL}), 2);
    assert_stderr_has("param=floor");
    assert_stderr_has("allowed=1..3");
}
