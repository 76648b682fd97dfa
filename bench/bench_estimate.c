/* bench_estimate.c -- the daemon's cost estimate (server/estimate.c) beside
 * the measured time of generate + encode, for every family (and the
 * variants that cost more: donjon's cavernous layout, gridmapper's caves,
 * abstract's minimal areas) at several sizes and in every format, with the
 * ratio estimate/measured. The estimate's table is calibrated from this
 * program's "gen ns/cell" and "enc" columns. Prints figures; asserts
 * nothing (the estimate only has to be within about 2x either way: it
 * decides whether a map is made on the I/O thread).
 *   bench_estimate [--quick] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "render.h"
#include "srv.h"

/* This thread's CPU time, the cost an I/O thread would pay. */
static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);   /* CPU time: a loaded machine does not inflate it */
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static const char *const variants[] = {
    "algorithm=donjon", "algorithm=donjon&layout=cavernous", "algorithm=caverns", "algorithm=panels",
    "algorithm=gridmapper", "algorithm=gridmapper&caves=yes", "algorithm=abstract",
    "algorithm=abstract&area_width_min=3&area_height_min=3&area_size_min=9", "algorithm=cells",
};

static bool parse(const char *query, int dim, dg_format fmt, dg_options *o)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s&rows=%d&cols=%d&format=%s&seed=1", query, dim, dim, dg_format_name(fmt));
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
        fprintf(stderr, "%s: %s\n", query, err.msg);
        return false;
    }
    return true;
}

/* Best of `runs` (seeds 1..runs) of generate + encode, in microseconds. */
static double measure(const dg_options *base, int runs)
{
    double best = 1e18;
    for (int i = 0; i < runs; i++) {
        dg_options o = *base;
        dg_options_set_seed(&o, (uint64_t)i + 1);
        dg_buf b;
        dg_buf_init(&b);
        dg_error err;
        dg_error_clear(&err);
        dg_dungeon *d = NULL;
        double t0 = now_us();
        if (dg_generate(&o, &d, &err) == DG_OK) dg_render(d, o.format, &b, &err);
        double t = now_us() - t0;
        dg_dungeon_free(d);
        dg_buf_fini(&b);
        if (t < best) best = t;
    }
    return best;
}

int main(int argc, char **argv)
{
    bool quick = argc > 1 && !strcmp(argv[1], "--quick");
    static const int dims[] = {21, 45, 99, 201};
    int ndims = quick ? 3 : 4;
    double worst_lo = 1e9, worst_hi = 0;
    printf("%-70s %5s %-8s %10s %10s %6s\n", "options", "dim", "format", "measured", "estimate", "ratio");
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++)
        for (int di = 0; di < ndims; di++)
            for (int f = 0; f < DG_FMT_COUNT; f++) {
                dg_options o;
                if (!parse(variants[v], dims[di], (dg_format)f, &o)) continue;
                int runs = dims[di] > 100 ? 3 : 7;
                double us = measure(&o, runs), est = srv_estimate_us(&o);
                double ratio = est / us;
                if (ratio < worst_lo) worst_lo = ratio;
                if (ratio > worst_hi) worst_hi = ratio;
                printf("%-70s %5d %-8s %8.0f us %8.0f us %6.2f\n", variants[v], dims[di],
                       dg_format_name((dg_format)f), us, est, ratio);
            }
    printf("estimate/measured: %.2f .. %.2f\n", worst_lo, worst_hi);
    return 0;
}
