/* bench_floor.c -- where the CPU of a cache-off request for the bench's two
 * URLs (/dungeon.json?seed=7, /dungeon.png?seed=7) goes, next to the least
 * the fixed libraries need for the same bytes:
 *   json  our whole encode (json_write.c's streaming writer), and jansson's
 *         json_dump_callback of the same document minus its "walls" and
 *         "cells" arrays: the rooms, doors, stairs, exits, options and
 *         scalars, dumped from a tree parsed out of our own output -- what
 *         serialising just those records through jansson would cost, even
 *         with the tree already built;
 *   png   our whole render (drawing and writing), and zlib's deflate of the
 *         very bytes our IDAT holds (inflated back out of it), at the
 *         writer's settings and the others that keep the file small.
 * One core, thread CPU time, best of ROUNDS runs of N; the dungeon is made
 * once (its generation is timed on its own). bench_http.sh gives the HTTP
 * side: req/s against nginx and dungeond's CPU per request. Prints figures,
 * never asserts on them.
 *
 * usage: bench_floor [N (default 1000)] */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#include "render.h"

enum { ROUNDS = 9 }; /* the machine is shared: the least of several runs is the cost */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void die(const char *what, const dg_error *err)
{
    fprintf(stderr, "bench_floor: %s%s%s\n", what, err ? ": " : "", err ? err->msg : "");
    exit(1);
}

/* The bench's request: seed=7, every other option at its default. */
static dg_dungeon *request_map(double *gen_us, int n)
{
    const char *keys[] = {"seed"}, *vals[] = {"7"};
    dg_options o;
    dg_error err;
    dg_error_clear(&err);
    if (dg_options_parse(&o, 1, keys, vals, NULL, &err) != DG_OK) die("options", &err);
    dg_dungeon *d = NULL;
    double best = 1e9;
    for (int r = 0; r < ROUNDS; r++) {
        double t0 = now();
        for (int i = 0; i < n; i++) {
            dg_dungeon_free(d);
            if (dg_generate(&o, &d, &err) != DG_OK) die("generate", &err);
        }
        double t = (now() - t0) / n;
        if (t < best) best = t;
    }
    *gen_us = best * 1e6;
    return d;
}

/* Microseconds per dg_render of d as fmt, best of ROUNDS; out keeps the bytes. */
static double time_render(const dg_dungeon *d, dg_format fmt, int n, dg_buf *out)
{
    dg_error err;
    dg_error_clear(&err);
    double best = 1e9;
    for (int r = 0; r < ROUNDS; r++) {
        double t0 = now();
        for (int i = 0; i < n; i++) {
            dg_buf_reset(out);
            if (dg_render(d, fmt, out, &err) != DG_OK) die("render", &err);
        }
        double t = (now() - t0) / n;
        if (t < best) best = t;
    }
    return best * 1e6;
}

static int count_sink(const char *buf, size_t size, void *data)
{
    (void)buf;
    *(size_t *)data += size;
    return 0;
}

static void json_floor(const dg_dungeon *d, int n)
{
    dg_buf b;
    dg_buf_init(&b);
    double ours = time_render(d, DG_FMT_JSON, n, &b);
    json_error_t jerr;
    json_t *doc = json_loadb((const char *)b.data, b.len, 0, &jerr);
    if (!doc) die(jerr.text, NULL);
    json_object_del(doc, "walls");
    json_object_del(doc, "cells");
    size_t bytes = 0;
    double best = 1e9;
    for (int r = 0; r < ROUNDS; r++) {
        double t0 = now();
        for (int i = 0; i < n; i++) {
            bytes = 0;
            if (json_dump_callback(doc, count_sink, &bytes, JSON_COMPACT) != 0) die("json_dump_callback", NULL);
        }
        double t = (now() - t0) / n;
        if (t < best) best = t;
    }
    printf("json  our encode                        %8.1f us  %6zu bytes\n", ours, b.len);
    printf("json  jansson dump, walls/cells aside   %8.1f us  %6zu bytes\n", best * 1e6, bytes);
    json_decref(doc);
    dg_buf_fini(&b);
}

/* The zlib stream of a PNG: its IDAT chunks' data, in order. A bench's own
 * reading of the chunk layout (length, type, data, CRC after the 8-byte
 * signature), to get at bytes libpng only hands back already inflated. */
static unsigned char *idat_stream(const dg_buf *png, size_t *len)
{
    unsigned char *z = malloc(png->len);
    if (!z) die("out of memory", NULL);
    *len = 0;
    for (size_t at = 8; at + 12 <= png->len;) {
        const unsigned char *c = png->data + at;
        size_t n = (size_t)c[0] << 24 | (size_t)c[1] << 16 | (size_t)c[2] << 8 | c[3];
        if (at + 12 + n > png->len) die("truncated PNG", NULL);
        if (memcmp(c + 4, "IDAT", 4) == 0) {
            memcpy(z + *len, c + 8, n);
            *len += n;
        }
        at += 12 + n;
    }
    return z;
}

/* What deflate is handed: the filtered rows, inflated back out of the file. */
static unsigned char *filtered_rows(const dg_buf *png, size_t *len)
{
    size_t zlen;
    unsigned char *z = idat_stream(png, &zlen);
    size_t cap = 64 * zlen + 4096, got = 0;
    unsigned char *raw = NULL;
    for (;;) {
        raw = realloc(raw, cap);
        if (!raw) die("out of memory", NULL);
        uLongf have = (uLongf)cap;
        int rc = uncompress(raw, &have, z, (uLong)zlen);
        if (rc == Z_OK) {
            got = have;
            break;
        }
        if (rc != Z_BUF_ERROR) die("IDAT does not inflate", NULL);
        cap *= 2;
    }
    free(z);
    *len = got;
    return raw;
}

/* Microseconds for one raw deflate of in (full flush every 60000 bytes, as
 * the writer does to keep zlib from sliding its window), best of ROUNDS;
 * *out_len gets the compressed size. */
static double time_deflate(const unsigned char *in, size_t len, int level, int mem, int strategy, int n,
                           size_t *out_len)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, level, Z_DEFLATED, -15, mem, strategy) != Z_OK) die("deflateInit2", NULL);
    size_t cap = deflateBound(&z, (uLong)len) + 64 * (len / 60000 + 1);
    unsigned char *out = malloc(cap);
    if (!out) die("out of memory", NULL);
    double best = 1e9;
    for (int r = 0; r < ROUNDS; r++) {
        double t0 = now();
        for (int i = 0; i < n; i++) {
            deflateReset(&z);
            z.next_out = out;
            z.avail_out = (uInt)cap;
            for (size_t at = 0; at < len; at += 60000) {
                size_t k = len - at < 60000 ? len - at : 60000;
                z.next_in = (Bytef *)(uintptr_t)(in + at);
                z.avail_in = (uInt)k;
                deflate(&z, at + k < len ? Z_FULL_FLUSH : Z_FINISH);
            }
        }
        double t = (now() - t0) / n;
        if (t < best) best = t;
    }
    *out_len = cap - z.avail_out;
    deflateEnd(&z);
    free(out);
    return best * 1e6;
}

static void png_floor(const dg_dungeon *d, int n)
{
    dg_buf b;
    dg_buf_init(&b);
    double ours = time_render(d, DG_FMT_PNG, n, &b);
    size_t len;
    unsigned char *raw = filtered_rows(&b, &len);
    printf("png   our render (drawing and writing)  %8.1f us  %6zu bytes\n", ours, b.len);
    printf("png   zlib deflate of its %zu filtered bytes:\n", len);
    static const struct { const char *name; int level, mem, strategy; } runs[] = {
        {"level 2, memLevel 4 (the writer's)", 2, 4, Z_DEFAULT_STRATEGY},
        {"level 1, memLevel 4", 1, 4, Z_DEFAULT_STRATEGY},
        {"level 1, memLevel 8", 1, 8, Z_DEFAULT_STRATEGY},
        {"level 3, memLevel 8", 3, 8, Z_DEFAULT_STRATEGY},
        {"level 6, memLevel 8", 6, 8, Z_DEFAULT_STRATEGY},
        {"level 1, Z_RLE", 1, 8, Z_RLE},
        {"Huffman only", 1, 8, Z_HUFFMAN_ONLY},
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        size_t zlen;
        double t = time_deflate(raw, len, runs[i].level, runs[i].mem, runs[i].strategy, n, &zlen);
        printf("        %-36s %8.1f us  %6zu bytes\n", runs[i].name, t, zlen);
    }
    double best = 1e9;
    volatile uLong sum; /* kept, so the calls are too */
    for (int r = 0; r < ROUNDS; r++) {
        double t0 = now();
        for (int i = 0; i < n; i++) sum = adler32(adler32(0, NULL, 0), raw, (uInt)len);
        double t = (now() - t0) / n;
        if (t < best) best = t;
    }
    (void)sum;
    printf("        %-36s %8.1f us\n", "adler32 of all of them", best * 1e6);
    free(raw);
    dg_buf_fini(&b);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    if (n < 1) n = 1000;
    double gen_us;
    dg_dungeon *d = request_map(&gen_us, n);
    printf("seed=7 (default options, %dx%d cells); thread CPU, best of %d x %d\n", d->width, d->height, ROUNDS, n);
    printf("generate                                %8.1f us\n", gen_us);
    json_floor(d, n);
    png_floor(d, n / 4 ? n / 4 : 1);
    dg_dungeon_free(d);
    return 0;
}
