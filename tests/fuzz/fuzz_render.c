/* fuzz_render.c -- libFuzzer target for the whole path a map request
 * takes after the daemon's parsing: an option string through the core's
 * parser, dg_generate, dg_analyse and an encoder. The first input byte
 * picks the encoder (so every format meets every family whatever the
 * options say) and whether the map is made twice to compare bytes; the
 * rest is "key=value" pairs split on '&' or newline. Maps are kept small
 * (rows and cols <= 31, cell <= 12 px, VTT images <= 640 px a side) so a
 * run does thousands of maps a second. Checked: a refusal is a
 * well-formed dg_error; an accepted option set always generates, analyses
 * to a map with open cells, and encodes to some bytes; twice the same
 * options give the same bytes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dg.h"
#include "fuzz_pairs.h"
#include "render.h"
#define MAX_VTT_SIDE 640

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(int ok)
{
    if (!ok) abort(); /* libFuzzer reports the input that got here */
}

static void check_error(const dg_error *err, dg_status rc)
{
    check(rc != DG_OK && err->code == rc);
    check(memchr(err->param, 0, sizeof err->param) && memchr(err->value, 0, sizeof err->value));
    check(memchr(err->allowed, 0, sizeof err->allowed) && memchr(err->msg, 0, sizeof err->msg));
    check(err->msg[0] != '\0');
}

/* Generates and encodes; the bytes into out. */
static void make(const dg_options *o, dg_format fmt, dg_buf *out, bool analyse)
{
    dg_dungeon *d = NULL;
    dg_error err = { 0 };
    dg_status rc = dg_generate(o, &d, &err);
    if (rc != DG_OK) check_error(&err, rc);
    check(rc == DG_OK && d != NULL);
    if (analyse) {
        dg_stats st;
        check(dg_analyse(d, &st, &err) == DG_OK);
        check(st.open_cells > 0 && st.room_cells + st.corridor_cells <= st.open_cells);
    }
    rc = dg_render(d, fmt, out, &err);
    if (rc != DG_OK) check_error(&err, rc);
    check(rc == DG_OK && out->len > 0);
    dg_dungeon_free(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const dg_limits limits = { 31, 12 };
    if (size == 0) return 0;
    dg_format fmt = (dg_format)(data[0] % DG_FMT_COUNT);
    bool twice = data[0] & 0x80;
    data++;
    size--;

    const char *keys[MAX_PAIRS], *values[MAX_PAIRS];
    size_t n;
    char *buf = fuzz_pairs(data, size, keys, values, &n);
    if (!buf) return 0;

    dg_options o;
    dg_error err = { 0 };
    dg_status rc = dg_options_parse(&o, n, keys, values, &limits, &err);
    if (rc != DG_OK) {
        check_error(&err, rc);
        free(buf);
        return 0;
    }
    if (!o.seed_given) dg_options_set_seed(&o, 1);
    /* a VTT file carries an image at ppg pixels a cell: keep it small */
    bool vtt = fmt == DG_FMT_UVTT || fmt == DG_FMT_FOUNDRY || fmt == DG_FMT_FOUNDRY_BUNDLE;
    if (vtt && (o.rows > MAX_VTT_SIDE / o.ppg || o.cols > MAX_VTT_SIDE / o.ppg)) fmt = DG_FMT_TXT;
    /* a PDF (cairo setting the whole key in type) costs a hundred maps
     * under the sanitizers: one input in four of those that pick it, made
     * once (test_sketch holds its bytes to themselves), so the seed corpus
     * still runs in seconds */
    if (fmt == DG_FMT_PDF) {
        if (!(data[-1] & 0x40)) fmt = DG_FMT_TXT;
        twice = false;
    }

    dg_buf a, b;
    dg_buf_init(&a);
    dg_buf_init(&b);
    make(&o, fmt, &a, true);
    if (twice) {
        make(&o, fmt, &b, false);
        check(a.len == b.len && !memcmp(a.data, b.data, a.len));
    }
    dg_buf_fini(&a);
    dg_buf_fini(&b);
    free(buf);
    return 0;
}
