/* bench_estimate.c -- the daemon's cost estimate (server/estimate.c) beside
 * what a map really costs: every family (with the variants that cost more:
 * donjon's cavernous layout, gridmapper's caves, abstract's minimal areas)
 * x every format (and uvtt's WebP image) x floors 1 and 3 over a grid of
 * sizes up to the daemon's max_dim (21, 151, 501, 1001), each made in a child process of its
 * own: peak RSS over the child's RSS just before (VmHWM) against
 * srv_estimate_bytes, CPU time (the child's user + system) against
 * srv_estimate_us, and both ratios estimate/measured. An image past the
 * options' limits at the default cell (18) and ppg (70) is made at cell 8
 * and ppg 20, and a VTT at 819 cells a side (what it allows). A map the
 * memory budget refuses up front (estimate over BENCH_BUDGET, default
 * three quarters of the daemon's 1 GiB: the big maps' share) is not made,
 * nor one estimated past BENCH_MAX_S seconds (default 1): the daemon would
 * not make the first, and the second would take the run past about five
 * minutes. The worst ratios are named at the end:
 * a memory ratio under 1 is a map whose peak the estimate does not cover.
 * Prints figures; asserts nothing.
 * --largest: one row per format and per key that costs memory (legend and
 * ruler, WebP, every style, many floors) at the largest square map the
 * estimate admits under BENCH_BUDGET (up to the daemon's max_dim 1001):
 * the table of estimate/peak that admission rests on (each between 1 and
 * 2.5 is the aim: under 1 passes the budget, far over refuses what fits),
 * and of the time estimate over the CPU time (BENCH_FORMAT filters rows).
 *   bench_estimate [--quick | --dry | --largest]   (--quick: sizes up to 151; --dry:
 *   the CPU time the maps to make are estimated at, nothing made);
 *   BENCH_ONLY=caves: only the variants whose options contain it (or,
 *   starting algorithm=, are it); BENCH_FORMAT=foundry-bundle: only the
 *   formats whose options contain it */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "render.h"
#include "srv.h"

static const char *const variants[] = {
    "algorithm=donjon", "algorithm=donjon&layout=cavernous", "algorithm=caverns", "algorithm=panels",
    "algorithm=gridmapper", "algorithm=gridmapper&caves=yes", "algorithm=abstract",
    "algorithm=abstract&area_width_min=3&area_height_min=3&area_size_min=9", "algorithm=cells",
};

/* every format, and uvtt's image as WebP */
static const char *const formats[] = {
    "format=json", "format=donjon", "format=txt", "format=png", "format=uvtt", "format=uvtt&image=webp",
    "format=foundry", "format=md", "format=svg", "format=foundry-bundle",
};

/* "k=v&k=v..." -> o; false (said on stderr unless quiet) when refused. */
static bool parse_line(char *buf, dg_options *o, bool quiet)
{
    const char *keys[16], *values[16];
    size_t n = 0;
    for (char *p = strtok(buf, "&"); p && n < 16; p = strtok(NULL, "&")) {
        char *eq = strchr(p, '=');
        *eq = '\0';
        keys[n] = p;
        values[n++] = eq + 1;
    }
    dg_error err;
    dg_error_clear(&err);
    if (dg_options_parse(o, n, keys, values, NULL, &err) != DG_OK) {
        if (!quiet) fprintf(stderr, "%s\n", err.msg);
        return false;
    }
    return true;
}

static bool parse(const char *variant, const char *format, const char *raster, int dim, int floors, dg_options *o,
                  bool quiet)
{
    char buf[320];
    snprintf(buf, sizeof buf, "%s&%s%s&rows=%d&cols=%d&floors=%d&seed=1", variant, format, raster, dim, dim, floors);
    return parse_line(buf, o, quiet);
}

/* A line of /proc/self/status in bytes (VmRSS, VmHWM). */
static double status_kb(const char *name)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    double v = -1;
    size_t n = strlen(name);
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, name, n) && line[n] == ':') v = atof(line + n + 1) * 1024;
    if (f) fclose(f);
    return v;
}

static bool make(const dg_options *o)
{
    dg_error err;
    dg_error_clear(&err);
    dg_dungeon *d = NULL;
    dg_buf b;
    dg_buf_init(&b);
    bool ok = dg_generate(o, &d, &err) == DG_OK && dg_render(d, o->format, &b, &err) == DG_OK;
    dg_dungeon_free(d);
    dg_buf_fini(&b);
    return ok;
}

static double cpu_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

/* Makes the map in a child of its own: its peak RSS over the child's RSS
 * just before, in bytes, and its CPU time in microseconds; false when it
 * failed. The child first makes the same map at 21x21, so the code's pages
 * and the allocator's arenas are in before the baseline, as in a running
 * daemon; the peak is VmHWM after clear_refs reset it to the baseline. */
static bool run(const dg_options *o, double *peak, double *us)
{
    int fds[2];
    if (pipe(fds)) return false;
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) return false;
    if (pid == 0) {
        close(fds[0]);
        dg_options small = *o;
        small.rows = small.cols = 21;
        (void)make(&small);
        double fig[2] = {-1, 0};
        double base = status_kb("VmRSS");
        FILE *c = fopen("/proc/self/clear_refs", "w");
        if (c) {
            fputs("5", c);   /* VmHWM back to VmRSS */
            fclose(c);
        }
        double t0 = cpu_us();
        if (make(o)) {
            fig[1] = cpu_us() - t0;
            fig[0] = status_kb("VmHWM") - base;
        }
        ssize_t w = write(fds[1], fig, sizeof fig);
        _exit(w == (ssize_t)sizeof fig && fig[0] >= 0 ? 0 : 3);
    }
    close(fds[1]);
    double fig[2] = {-1, 0};
    ssize_t got = read(fds[0], fig, sizeof fig);
    close(fds[0]);
    int st = 0;
    if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0 || got != (ssize_t)sizeof fig) return false;
    *peak = fig[0] > 0 ? fig[0] : 0;
    *us = fig[1];
    return true;
}

#define INLINE_US 2000.0   /* the daemon's default inline_us */

typedef struct {
    char what[160];
    double mem_ratio, time_ratio, peak, est_bytes, us, est_us;
} result;

static int by_mem(const void *a, const void *b)
{
    double x = ((const result *)a)->mem_ratio, y = ((const result *)b)->mem_ratio;
    return (x > y) - (x < y);
}

static int by_time(const void *a, const void *b)
{
    double x = ((const result *)a)->time_ratio, y = ((const result *)b)->time_ratio;
    return (x > y) - (x < y);
}

static void worst(result *rs, size_t n, int (*cmp)(const void *, const void *), const char *title, bool mem)
{
    qsort(rs, n, sizeof *rs, cmp);
    printf("\n%s (estimate/measured, lowest first):\n", title);
    for (size_t i = 0; i < n && i < 8; i++)
        printf("  %6.2f  %s  (%.1f MB est %.1f MB; %.0f ms est %.0f ms)\n", mem ? rs[i].mem_ratio : rs[i].time_ratio,
               rs[i].what, rs[i].peak / 1e6, rs[i].est_bytes / 1e6, rs[i].us / 1e3, rs[i].est_us / 1e3);
    size_t top = n - 1;
    while (!mem && top > 0 && rs[top].time_ratio >= 1e9) top--;   /* inline both ways */
    printf("  highest: %.2f  %s\n", mem ? rs[top].mem_ratio : rs[top].time_ratio, rs[top].what);
}

/* The rows of --largest: options beside rows/cols (donjon, seed 1). */
static const char *const largest_cases[] = {
    "format=png&cell=18", "format=png&cell=32", "format=png&cell=32&legend=yes", "format=png&cell=32&ruler=yes",
    "format=png&cell=32&legend=yes&ruler=yes", "format=png&cell=18&style=classic", "format=png&cell=18&style=graph",
    "format=png&cell=18&style=parchment", "format=png&cell=18&style=crosshatch", "format=png&cell=18&style=marble",
    "format=png&cell=18&style=aquatic", "format=png&cell=18&style=infernal", "format=png&cell=18&style=ink",
    "format=png&cell=18&style=parchment&legend=yes&ruler=yes", "format=png&cell=18&style=sketch",
    "format=png&cell=18&style=sketch&legend=yes", "format=svg&style=sketch", "format=uvtt&ppg=20", "format=uvtt&ppg=20&image=webp",
    "format=uvtt&ppg=20&style=parchment", "format=foundry", "format=foundry&ppg=20", "format=foundry&ppg=20&floors=3",
    "format=foundry&ppg=20&foundry=13", "format=foundry-bundle&ppg=20&floors=10", "format=foundry-bundle&ppg=20",
    "format=foundry-bundle&ppg=20&floors=3", "format=foundry-bundle&ppg=20&floors=3&foundry=13", "format=json", "format=json&floors=10", "format=md&floors=10",
    "format=svg&legend=yes&ruler=yes", "format=donjon", "format=txt",
    "algorithm=caverns&format=json&floors=10", "algorithm=caverns&format=png&cell=18",
    /* loops cost more a cell than generating most families (dg_family_cost.loops_ns) */
    "format=json&loops=many", "format=json&floors=3&loops=many", "algorithm=abstract&format=json&loops=many",
};

/* The largest odd side whose map c admits under budget (0: none). */
static int largest_dim(const char *c, double budget, dg_options *o)
{
    int lo = 0;
    for (int hi = 1001; hi >= 21; hi -= 2) {
        char buf[320];
        snprintf(buf, sizeof buf, "%s&rows=%d&cols=%d&seed=1", c, hi, hi);
        if (!parse_line(buf, o, true)) continue;
        if ((double)srv_estimate_bytes(o) <= budget) { lo = hi; break; }
        hi -= hi > 101 ? 38 : 0;   /* coarse steps down from the top: 40 a time */
    }
    return lo;
}

static int run_largest(double budget, const char *only_format)
{
    printf("largest admitted under %.0f MB (donjon, seed 1; peak = VmHWM over the RSS before)\n", budget / 1e6);
    printf("%-58s %5s %9s %9s %6s %9s %9s %6s\n", "case", "dim", "peak MB", "est MB", "est/pk", "cpu s", "est s",
           "est/cpu");
    for (size_t i = 0; i < sizeof largest_cases / sizeof *largest_cases; i++) {
        if (only_format && !strstr(largest_cases[i], only_format)) continue;
        dg_options o;
        int dim = largest_dim(largest_cases[i], budget, &o);
        if (!dim) {
            printf("%-58s  nothing admitted\n", largest_cases[i]);
            continue;
        }
        double est = (double)srv_estimate_bytes(&o), est_us = srv_estimate_us(&o), peak = 0, us = 0;
        if (!run(&o, &peak, &us)) {
            printf("%-58s %5d  failed\n", largest_cases[i], dim);
            continue;
        }
        printf("%-58s %5d %9.1f %9.1f %6.2f %9.1f %9.1f %6.2f\n", largest_cases[i], dim, peak / 1e6, est / 1e6,
               est / (peak > 64e3 ? peak : 64e3), us / 1e6, est_us / 1e6, us > 0 ? est_us / us : 0);
    }
    return 0;
}

int main(int argc, char **argv)
{
    bool quick = argc > 1 && !strcmp(argv[1], "--quick"), dry = argc > 1 && !strcmp(argv[1], "--dry");
    double dry_us = 0;
    static const int dims[] = {21, 151, 501, 1001};
    static const int floors[] = {1, 3};
    int ndims = quick ? 2 : 4;
    const char *b = getenv("BENCH_BUDGET"), *m = getenv("BENCH_MAX_S");
    double budget = b ? atof(b) : 1073741824.0 / 4 * 3, max_us = (m ? atof(m) : 1) * 1e6;
    if (argc > 1 && !strcmp(argv[1], "--largest")) return run_largest(budget, getenv("BENCH_FORMAT"));
    size_t cap = sizeof variants / sizeof variants[0] * (sizeof formats / sizeof formats[0]) * 4 * 2, n = 0;
    result *rs = calloc(cap, sizeof *rs);
    if (!rs) return 1;
    printf("%-34s %-24s %5s %2s %9s %9s %6s %9s %9s %6s\n", "family", "format", "dim", "fl", "peak MB", "est MB",
           "mem", "cpu ms", "est ms", "time");
    const char *only = getenv("BENCH_ONLY");   /* a part of the variant, e.g. caverns, or all of it */
    const char *only_format = getenv("BENCH_FORMAT");
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++)
        for (size_t f = 0; f < sizeof formats / sizeof formats[0] && (!only || (!strncmp(only, "algorithm=", 10) ? !strcmp(variants[v], only) : !!strstr(variants[v], only))); f++)
            for (int di = 0; di < ndims; di++)
                for (int fi = 0; fi < 2 && (!only_format || strstr(formats[f], only_format)); fi++) {
                    /* an image past the options' limits at the default
                     * cell and ppg: the smallest cell and ppg, and a VTT at
                     * the 819 cells a side it allows at ppg 20 */
                    dg_options o;
                    int dim = dims[di];
                    const char *raster = "";
                    if (!parse(variants[v], formats[f], raster, dim, floors[fi], &o, true)) {
                        raster = "&cell=8&ppg=20";
                        if (!parse(variants[v], formats[f], raster, dim, floors[fi], &o, true)) dim = 819;
                        if (dim != dims[di] && !parse(variants[v], formats[f], raster, dim, floors[fi], &o, false))
                            continue;
                    }
                    char fmt[64];
                    snprintf(fmt, sizeof fmt, "%s%s", formats[f] + strlen("format="), *raster ? " cell8/ppg20" : "");
                    double est_b = (double)srv_estimate_bytes(&o), est_us = srv_estimate_us(&o);
                    const char *fam = variants[v] + strlen("algorithm=");
                    if (est_b > budget || est_us > max_us) {
                        printf("%-34.34s %-24s %5d %2d %9s %9.1f %6s %9s %9.0f  skipped (%s)\n", fam, fmt, dim,
                               floors[fi], "-", est_b / 1e6, "-", "-", est_us / 1e3,
                               est_b > budget ? "over the budget: refused" : "estimated too long");
                        continue;
                    }
                    if (dry) {
                        dry_us += est_us;
                        continue;
                    }
                    double peak = 0, us = 0;
                    if (!run(&o, &peak, &us)) {
                        printf("%-34.34s %-24s %5d %2d  refused or failed\n", fam, fmt, dim, floors[fi]);
                        continue;
                    }
                    result *r = &rs[n++];
                    snprintf(r->what, sizeof r->what, "%s %s %dx%d floors=%d", fam, fmt, dim, dim,
                             floors[fi]);
                    r->peak = peak;
                    r->est_bytes = est_b;
                    r->us = us;
                    r->est_us = est_us;
                    /* an idle-sized peak is within a page or two of 0: the
                     * fixed part alone answers for it */
                    r->mem_ratio = est_b / (peak > 64e3 ? peak : 64e3);
                    /* the time estimate decides the HTTP thread or a
                     * worker (inline_us, 2 ms by default): a map both
                     * made and estimated under that is rightly inline,
                     * whatever the ratio of two tiny figures */
                    bool inline_both = us < INLINE_US && est_us < INLINE_US;
                    r->time_ratio = inline_both ? 1e9 : est_us / us;
                    char tr[16];
                    if (inline_both) snprintf(tr, sizeof tr, "inline");
                    else snprintf(tr, sizeof tr, "%6.2f", r->time_ratio);
                    printf("%-34.34s %-24s %5d %2d %9.1f %9.1f %6.2f %9.1f %9.1f %6s\n", fam, fmt, dim,
                           floors[fi], peak / 1e6, est_b / 1e6, r->mem_ratio, us / 1e3, est_us / 1e3, tr);
                }
    if (dry) printf("the maps to make are estimated at %.0f s of CPU\n", dry_us / 1e6);
    if (!n) return dry ? 0 : 1;
    worst(rs, n, by_mem, "memory: peak RSS over the RSS before the map", true);
    worst(rs, n, by_time, "time: CPU of generate + encode (maps made and estimated under 2 ms left out: inline either way)", false);
    size_t under = 0;
    for (size_t i = 0; i < n; i++) under += rs[i].mem_ratio < 1;
    printf("\n%zu maps made; %zu with a peak over the estimate\n", n, under);
    free(rs);
    return 0;
}
