/* bench_start.c -- what the CLI costs to start: the whole process of
 * `dungeon seed=7 format=txt` (a 0.1 ms map) against /bin/true, started in
 * turn (A B A B ...) so that drift in the machine's load hits both alike;
 * each run's CPU is the kernel's own account of the reaped child (wait4:
 * user + system). Prints the median CPU of each and the median of the
 * pairs' ratios, and the shared objects the CLI loads (the dynamic
 * loader's own list, LD_TRACE_LOADED_OBJECTS). A benchmark: it reports,
 * it never fails on a number. The CLI once loaded 60 libraries through
 * libgd.so and libzip (18x /bin/true); render takes libgd's fonts from
 * libgd.a, and the CLI links the lean render library, without cairo and
 * libzip (render/build_lean.c; dungeon-full has them: give it as DUNGEON to
 * see what they cost).
 *
 * usage: bench_start [RUNS] [DUNGEON]   (default 51, the dungeon beside it) */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/* Runs argv with stdout and stderr to /dev/null; its CPU seconds. */
static double run(char *const argv[])
{
    pid_t pid = fork();
    if (pid < 0) { perror("fork"); exit(1); }
    if (pid == 0) {
        int fd = open("/dev/null", O_WRONLY);
        if (fd >= 0) { dup2(fd, 1); dup2(fd, 2); }
        execv(argv[0], argv);
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0) { perror("wait4"); exit(1); }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "bench_start: %s failed (status %d)\n", argv[0], status);
        exit(1);
    }
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec +
           ((double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_usec) / 1e6;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 51;
    char self[4096], cli[4200];
    if (argc > 2) {
        snprintf(cli, sizeof cli, "%s", argv[2]);
    } else { /* the dungeon beside this program (both land in the build directory's top) */
        ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
        if (n < 0) { perror("readlink"); return 1; }
        self[n] = '\0';
        char *slash = strrchr(self, '/');
        *slash = '\0';
        snprintf(cli, sizeof cli, "%s/dungeon", self);
    }
    if (runs < 3 || access(cli, X_OK) != 0) {
        fprintf(stderr, "usage: bench_start [RUNS >= 3] [DUNGEON]  (%s not found?)\n", cli);
        return 2;
    }
    char *a[] = {cli, "seed=7", "format=txt", NULL}, *b[] = {"/bin/true", NULL};
    double *ta = calloc((size_t)runs, sizeof *ta), *tb = calloc((size_t)runs, sizeof *tb),
           *ratio = calloc((size_t)runs, sizeof *ratio);
    run(a), run(b); /* warm-up: page cache */
    int nr = 0;
    for (int i = 0; i < runs; i++) {
        ta[i] = run(a);
        tb[i] = run(b);
        if (tb[i] > 0) ratio[nr++] = ta[i] / tb[i];
    }
    /* the loader's list: what ldd prints, without running main */
    char cmd[4300];
    snprintf(cmd, sizeof cmd, "LD_TRACE_LOADED_OBJECTS=1 '%s' | wc -l", cli);
    FILE *p = popen(cmd, "r");
    int libs = -1;
    if (p && fscanf(p, "%d", &libs) != 1) libs = -1;
    if (p) pclose(p);
    double ma = median(ta, runs), mb = median(tb, runs);
    printf("%-34s %12s %14s\n", "whole process, paired runs", "median CPU", "");
    printf("%-34s %9.3f ms\n", "dungeon seed=7 format=txt", ma * 1e3);
    printf("%-34s %9.3f ms\n", "/bin/true", mb * 1e3);
    if (nr) printf("%-34s %9.2fx   (median of %d pairs)\n", "ratio", median(ratio, nr), nr);
    else printf("%-34s %12s   (/bin/true's CPU read 0 in every pair)\n", "ratio", "n/a");
    printf("%-34s %9d\n", "shared objects loaded", libs);
    free(ta), free(tb), free(ratio);
    return 0;
}
