/* bench_render.c -- encoder throughput: renders per second and bytes per
 * output for 45x23 @ 18 px, the default 37x27 @ 18 px, 101x101 @ 18 px and
 * 1001x1001 @ 8 px, one core (thread CPU time), maps generated once up front
 * (generation is not timed). PNG in every style by default; -fjson or
 * -fdonjon times that JSON encoder instead (style does not change a JSON
 * document's work, so one style unless styles are named), -fpdf the
 * handout (sketch drawing and key). Beside each style's ms: its CPU per map
 * as a multiple of standard's on the same map and format (standard runs
 * first; issue 41: sketch at most 4x standard's PNG on the default map).
 * Prints figures; never asserts on them.
 *
 * usage: bench_render [seconds-per-case (default 0.5)] [-cN] [-fFORMAT] [style ...]
 * -cN: only the first N map sizes (for profiling the small case). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "render.h"

/* CPU time of this thread: the machine is shared, and the target is "on one
 * core", so time spent waiting for a core is not the renderer's. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static dg_dungeon *make(const char *rows, const char *cols, const char *cell, const char *style,
                        const char *algo)
{
    const char *keys[] = {"seed", "rows", "cols", "cell", "style", "grid", "algorithm"};
    const char *vals[] = {"7", rows, cols, cell, style, "square", algo};
    dg_options o;
    dg_error err;
    dg_error_clear(&err);
    dg_dungeon *d = NULL;
    if (dg_options_parse(&o, 7, keys, vals, NULL, &err) != DG_OK ||
        dg_generate(&o, &d, &err) != DG_OK) {
        fprintf(stderr, "bench_render: %s (%s=%s)\n", err.msg, err.param, err.value);
        exit(1);
    }
    return d;
}

int main(int argc, char **argv)
{
    double budget = argc > 1 ? atof(argv[1]) : 0.5;
    if (budget <= 0) budget = 0.5;
    /* the sizes of the issues (37x27 is the daemon's default map), then
     * caverns (organic outline) for scale */
    static const struct { const char *rows, *cols, *cell, *algo; } cases[] = {
        {"23", "45", "18", "donjon"}, {"27", "37", "18", "donjon"}, {"101", "101", "18", "donjon"},
        {"1001", "1001", "8", "donjon"}, {"23", "45", "18", "caverns"}};
    const char *all[DG_STYLE_COUNT];
    int n_styles = 0;
    size_t n_cases = sizeof cases / sizeof cases[0];
    dg_format fmt = DG_FMT_PNG;
    bool one_fmt = false; /* -f given: that format alone (-fpng too) */
    for (int i = 2; i < argc && n_styles < DG_STYLE_COUNT; i++) {
        if (strncmp(argv[i], "-f", 2) == 0) {
            one_fmt = true;
            if (strcmp(argv[i] + 2, "json") == 0) fmt = DG_FMT_JSON;
            else if (strcmp(argv[i] + 2, "donjon") == 0) fmt = DG_FMT_DONJON;
            else if (strcmp(argv[i] + 2, "pdf") == 0) fmt = DG_FMT_PDF;
            else if (strcmp(argv[i] + 2, "png") != 0) {
                fprintf(stderr, "bench_render: -f takes png, pdf, json or donjon\n");
                return 2;
            }
        } else if (strncmp(argv[i], "-c", 2) == 0) {
            size_t k = (size_t)atoi(argv[i] + 2);
            if (k >= 1 && k < n_cases) n_cases = k;
        } else {
            all[n_styles++] = argv[i];
        }
    }
    if (!n_styles && one_fmt && fmt != DG_FMT_PNG) all[n_styles++] = "standard";
    if (!n_styles)
        for (int s = 0; s < DG_STYLE_COUNT; s++) all[n_styles++] = dg_style_name((dg_style)s);

    /* PNG beside SVG by default; -f picks one format alone */
    dg_format fmts[2] = {DG_FMT_PNG, DG_FMT_SVG};
    int n_fmts = 2;
    if (one_fmt) {
        fmts[0] = fmt;
        n_fmts = 1;
    }
    printf("%-12s %-13s", "style", "map");
    for (int e = 0; e < n_fmts; e++) {
        const char *f = dg_format_name(fmts[e]);
        char h[4][24];
        snprintf(h[0], sizeof h[0], "%s/s", f);
        snprintf(h[1], sizeof h[1], "%s ms", f);
        snprintf(h[2], sizeof h[2], "x std");
        snprintf(h[3], sizeof h[3], "%s bytes", f);
        printf(" %10s %10s %6s %10s", h[0], h[1], h[2], h[3]);
    }
    printf("\n");
    for (size_t c = 0; c < n_cases; c++) {
        double std_ms[2] = {0, 0}; /* standard's, this map, per format */
        for (int s = 0; s < n_styles; s++) {
            dg_dungeon *d = make(cases[c].rows, cases[c].cols, cases[c].cell, all[s], cases[c].algo);
            char map[32];
            snprintf(map, sizeof map, "%sx%s@%s%s", cases[c].cols, cases[c].rows, cases[c].cell,
                     strcmp(cases[c].algo, "donjon") ? " cave" : "");
            printf("%-12s %-13s", all[s], map);
            for (int e = 0; e < n_fmts; e++) {
                dg_buf b;
                dg_buf_init(&b);
                dg_error err;
                dg_error_clear(&err);
                long n = 0;
                double t0 = now(), t;
                do {
                    dg_buf_reset(&b);
                    if (dg_render(d, fmts[e], &b, &err) != DG_OK) {
                        fprintf(stderr, "bench_render: %s\n", err.msg);
                        return 1;
                    }
                    n++;
                    t = now() - t0;
                } while (t < budget);
                double ms = 1e3 * t / (double)n;
                if (!strcmp(all[s], "standard")) std_ms[e] = ms;
                if (std_ms[e] > 0) printf(" %10.1f %10.3f %6.2f %10zu", (double)n / t, ms, ms / std_ms[e], b.len);
                else printf(" %10.1f %10.3f %6s %10zu", (double)n / t, ms, "-", b.len);
                dg_buf_fini(&b);
            }
            printf("\n");
            fflush(stdout);
            dg_dungeon_free(d);
        }
    }
    return 0;
}
