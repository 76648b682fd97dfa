/* png_write.c -- the finished palette rows -> PNG bytes. libpng frames the
 * file (signature, IHDR, PLTE, the IDAT and IEND chunks and their CRCs);
 * zlib compresses the pixel rows; what this file adds is the choice of what
 * zlib has to look at. Drawing is png.c's.
 *
 * Why not png_write_row: a map image is mostly rows equal to the row above
 * (a cell is `cell` px tall and only its boundary and glyph rows differ),
 * and through libpng zlib is handed every byte of every row (filtering,
 * hashing, window sliding, adler32 on each), which was two thirds of a
 * render. Here every row that differs from the one above is packed (4, 2 or
 * 1 bits a pixel), filtered (new_row says how) and compressed as it comes;
 * a repeated row is filter Up (byte minus the byte above, PNG filter 2), so
 * zeros, fed from a block of such rows whose adler32 is combined, not
 * recomputed. A long run of repeats (big cells, the uvtt image at 70 px) is not compressed again but
 * copied from deflate output made once per render for that run length,
 * after a Z_FULL_FLUSH of the main stream (zlib's documented restart point:
 * nothing after it refers back, so a self-contained piece can be spliced in
 * there -- what pigz does to compress in parallel). A flush closes a
 * deflate block, so only runs over splice_min bytes are spliced.
 *
 * The zlib stream is therefore raw deflate from zlib with the two header
 * bytes and the adler32 trailer (zlib's adler32/adler32_combine) put round
 * it here, and it reaches the file through png_write_chunk("IDAT"), 64 KB
 * a chunk, then png_write_chunk("IEND"). */
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "png_int.h"

/* A run of repeated rows is spliced when it holds at least this many
 * filtered bytes: below it the flush costs more than zlib's pass over the
 * zeros. Matching (level 2) takes a zero row in two long matches, Z_RLE
 * scans it, so the break-even differs (measured on the default map at 18
 * and 40 px, 45x23, 101x101 and 301x301 at 8 px). */
#define SPLICE_MIN_RLE 3000
#define SPLICE_MIN_MATCH 12000
/* Spliced runs are made once per length up to this many rows; longer runs
 * are whole pieces of it plus one shorter piece. */
#define SPLICE_ROWS 32
/* The main stream is also fully flushed before this many bytes have gone
 * in since its last flush: zlib slides its 64 KB window near the end of it
 * (the hash tables rewritten, ~40k instructions a slide, used or not by
 * Z_RLE), and a full flush on an empty lookahead starts the window over
 * instead, for the price of closing a block. Textured rock, where every row
 * is new, was spending an eighth of its render on slides. */
#define FEED_MAX 60000
/* IDAT chunk size: bounds the buffer whatever the image size. */
#define IDAT_CAP (64 * 1024)
/* zlib for the rows: level 1 with Z_RLE only looks for byte runs, which is
 * what Up filtered rows of flat or flecked rock hold; strokes across the
 * rock (hatching, ripples) and grid over rock repeat at other distances,
 * and there level 2 matching costs less and packs tighter (per style,
 * measured on the default map: style.c's rle). memLevel sets both the hash
 * table zlib clears at every full flush and the symbols a deflate block
 * holds (each block builds its Huffman trees): 4 where over a third of the
 * rows repeat (few symbols, small clears: plain rock, 41-70% of rows), 6
 * where nearly all are new (textured rock, 0-13%),
 * measured on the default map and 101x101, standard, crosshatch and
 * parchment. */
#define Z_LEVEL_RLE 1
#define Z_LEVEL_MATCH 2
#define Z_LEVEL_PIECE 1
#define Z_MEM_REPEATS 4
#define Z_MEM_NEW_ROWS 6

typedef struct {
    png_structp p;
    z_stream z;        /* the image stream: raw deflate, flushed before splices */
    size_t fed;        /* bytes into z since its last full flush */
    z_stream zz;       /* makes the spliced runs (plain matches a row apart); reset for each */
    bool z_open, zz_open;
    int mem;           /* zlib memLevel of both streams */
    size_t splice_min; /* SPLICE_MIN_RLE or _MATCH */
    uLong adler;       /* of every filtered byte so far */
    size_t rb;         /* bytes a packed row */
    int depth;         /* bits a pixel: 4, or 2 / 1 when the style has that few colours */
    bool unfiltered;   /* new rows go as they are (filter None): see new_row */
    int n_colours;     /* palette entries written */
    png_color pal[DG_PAL_COUNT];
    unsigned char code[16];            /* role -> palette entry (depth < 4) */
    unsigned char *rep; /* per row: equal to the row above */
    unsigned char *prev, *cur, *filt; /* packed rows; filter byte + row */
    unsigned char *zero; /* zero_rows repeats (Up: filter byte 2, zeros) back to back */
    int zero_rows;
    uLong zero_adler[SPLICE_ROWS + 1]; /* adler32 of k repeats, k <= adler_rows made so far */
    int adler_rows;
    unsigned char *out; /* IDAT_CAP bytes of pending chunk data */
    size_t out_len;
    unsigned char *spl; /* spliced pieces, one after another */
    size_t spl_len, spl_cap;
    size_t spl_at[SPLICE_ROWS + 1], spl_n[SPLICE_ROWS + 1]; /* offset, length; n = 0: not made */
} writer;

typedef struct {
    dg_buf *out;
    dg_error *err;
    dg_status rc;
} sink;

/* Out of memory inside libpng's frame: the error says so, then libpng
 * unwinds to write_png's setjmp. */
static void oom(writer *w)
{
    sink *s = png_get_error_ptr(w->p);
    if (s->rc == DG_OK) s->rc = dg__nomem(s->err, "for the png writer");
    png_error(w->p, "out of memory");
}

static void emit(writer *w)
{
    if (w->out_len) png_write_chunk(w->p, (png_const_bytep) "IDAT", w->out, w->out_len);
    w->out_len = 0;
}

static void put(writer *w, const unsigned char *data, size_t n)
{
    while (n) {
        if (w->out_len == IDAT_CAP) emit(w);
        size_t k = IDAT_CAP - w->out_len < n ? IDAT_CAP - w->out_len : n;
        memcpy(w->out + w->out_len, data, k);
        w->out_len += k;
        data += k;
        n -= k;
    }
}

/* Runs deflate until it has taken all of in and, for a flush, finished it
 * (zlib: call again while it leaves avail_out at 0). Output into the
 * pending chunk, or with spl into the splice store. */
static void zrun(writer *w, z_stream *z, const unsigned char *in, size_t n, int flush, bool spl)
{
    z->next_in = (Bytef *)(uintptr_t)in;
    z->avail_in = (uInt)n;
    for (;;) {
        unsigned char *buf = spl ? w->spl : w->out;
        size_t *len = spl ? &w->spl_len : &w->out_len, cap = spl ? w->spl_cap : IDAT_CAP;
        if (cap - *len < 64) { /* zlib asks for > 6 bytes free at a flush */
            if (!spl) {
                emit(w);
                continue;
            }
            unsigned char *grown = dg__realloc(w->spl, 2 * cap);
            if (!grown) oom(w);
            w->spl = grown;
            w->spl_cap = 2 * cap;
            continue;
        }
        z->next_out = buf + *len;
        z->avail_out = (uInt)(cap - *len);
        int rc = deflate(z, flush);
        *len = cap - z->avail_out;
        if (rc == Z_STREAM_ERROR) png_error(w->p, "deflate failed");
        if (z->avail_out != 0 && z->avail_in == 0) return;
    }
}

/* n filtered bytes into the main stream. */
static void feed(writer *w, const unsigned char *in, size_t n)
{
    if (w->fed + n > FEED_MAX) {
        zrun(w, &w->z, NULL, 0, Z_FULL_FLUSH, false);
        w->fed = 0;
    }
    zrun(w, &w->z, in, n, Z_NO_FLUSH, false);
    w->fed += n;
}

/* The adler32 of k (1..zero_rows) repeated rows, made as first needed. */
static uLong repeats_adler(writer *w, int k)
{
    z_off_t n = (z_off_t)(w->rb + 1);
    for (; w->adler_rows < k; w->adler_rows++)
        w->zero_adler[w->adler_rows + 1] = adler32_combine(w->zero_adler[w->adler_rows], w->zero_adler[1], n);
    return w->zero_adler[k];
}

/* Filter byte 2 (Up) and zeros: k rows equal to the one above, handed to
 * zlib and the checksum zero_rows at a time (one deflate call, one
 * adler32_combine for each batch rather than for each row). */
static void repeat_rows(writer *w, int k)
{
    size_t n = w->rb + 1;
    for (int left = k; left > 0; left -= w->zero_rows) {
        int m = left < w->zero_rows ? left : w->zero_rows;
        w->adler = adler32_combine(w->adler, repeats_adler(w, m), (z_off_t)((size_t)m * n));
    }
    if ((size_t)k * n < w->splice_min) {
        for (int left = k; left > 0; left -= w->zero_rows)
            feed(w, w->zero, (size_t)(left < w->zero_rows ? left : w->zero_rows) * n);
        return;
    }
    zrun(w, &w->z, NULL, 0, Z_FULL_FLUSH, false);
    w->fed = 0;
    while (k > 0) {
        int piece = k > SPLICE_ROWS ? SPLICE_ROWS : k;
        if (!w->spl_n[piece]) {
            /* the stream for pieces is made at the first splice: most images have none */
            if (!w->zz_open) {
                w->zz_open = deflateInit2(&w->zz, Z_LEVEL_PIECE, Z_DEFLATED, -15, w->mem,
                                          Z_DEFAULT_STRATEGY) == Z_OK;
                if (!w->zz_open) oom(w);
            }
            if (deflateReset(&w->zz) != Z_OK) png_error(w->p, "deflate failed");
            size_t at = w->spl_len;
            for (int left = piece; left > 0; left -= w->zero_rows) {
                int m = left < w->zero_rows ? left : w->zero_rows;
                zrun(w, &w->zz, w->zero, (size_t)m * n, left > m ? Z_NO_FLUSH : Z_FULL_FLUSH, true);
            }
            w->spl_at[piece] = at;
            w->spl_n[piece] = w->spl_len - at;
        }
        put(w, w->spl + w->spl_at[piece], w->spl_n[piece]);
        k -= piece;
    }
}

/* Two palette indices (< 16) a byte, high nibble first: 32 pixels a step
 * with SSE2 (every x86-64 has it), else 8 with 64-bit lane arithmetic
 * (little-endian load order); both give the bytes of the plain loop. */
static void pack4(const unsigned char *src, unsigned char *dst, int w)
{
    int i = 0;
#if defined(__SSE2__)
    const __m128i lo = _mm_set1_epi16(0x000F);
    for (; i + 32 <= w; i += 32) {
        __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(src + i));
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(src + i + 16));
        /* 16-bit lanes b0 | b1 << 8 -> b0 << 4 | b1, then packed to bytes */
        a = _mm_or_si128(_mm_slli_epi16(_mm_and_si128(a, lo), 4), _mm_srli_epi16(a, 8));
        b = _mm_or_si128(_mm_slli_epi16(_mm_and_si128(b, lo), 4), _mm_srli_epi16(b, 8));
        _mm_storeu_si128((__m128i *)(void *)(dst + i / 2), _mm_packus_epi16(a, b));
    }
#endif
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; i + 8 <= w; i += 8) {
        uint64_t v, lo8 = 0x000F000F000F000FULL;
        memcpy(&v, src + i, 8);
        v = ((v & lo8) << 4) | ((v >> 8) & lo8);           /* 16-bit lanes: b0<<4|b1 */
        v = (v | (v >> 8)) & 0x0000FFFF0000FFFFULL;        /* 32-bit lanes: 2 bytes */
        v = (v | (v >> 16)) & 0x00000000FFFFFFFFULL;       /* 4 bytes */
        uint32_t out = (uint32_t)v;
        memcpy(dst + i / 2, &out, 4);
    }
#endif
    for (; i + 1 < w; i += 2) dst[i / 2] = (unsigned char)(src[i] << 4 | src[i + 1]);
    if (i < w) dst[i / 2] = (unsigned char)(src[i] << 4);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <tmmintrin.h>
#define HAVE_SSSE3_PATH 1
/* 16 pixels a step: pshufb looks their codes up, two multiply-adds put
 * four 2-bit codes side by side (first pixel highest), two packs gather
 * the four bytes. */
__attribute__((target("ssse3"))) static int pack2_ssse3(const unsigned char *px, int width,
                                                      const unsigned char *code, unsigned char *out)
{
    const __m128i table = _mm_loadu_si128((const __m128i *)(const void *)code);
    const __m128i pairs = _mm_set1_epi16(0x0104), quads = _mm_set1_epi32(0x00010010);
    int x = 0;
    for (; x + 16 <= width; x += 16) {
        __m128i v = _mm_shuffle_epi8(table, _mm_loadu_si128((const __m128i *)(const void *)(px + x)));
        __m128i two = _mm_maddubs_epi16(v, pairs);  /* c0 * 4 + c1 */
        __m128i four = _mm_madd_epi16(two, quads);  /* (c0 c1) * 16 + (c2 c3) */
        four = _mm_packus_epi16(_mm_packs_epi32(four, four), four);
        uint32_t bytes = (uint32_t)_mm_cvtsi128_si32(four);
        memcpy(out + x / 4, &bytes, 4);
    }
    return x;
}
#endif

void dr__png_pack_codes(const unsigned char *px, int width, int depth, const unsigned char *code, bool simd,
                        unsigned char *out)
{
    int x = 0;
#ifdef HAVE_SSSE3_PATH
    if (simd && depth == 2 && __builtin_cpu_supports("ssse3")) x = pack2_ssse3(px, width, code, out);
#else
    (void)simd;
#endif
    /* the rest a pixel at a time; x is a whole number of bytes in */
    unsigned acc = 0;
    int bits = 0;
    out += (size_t)x * (size_t)depth / 8;
    for (; x < width; x++) {
        acc = acc << depth | code[px[x]];
        if ((bits += depth) == 8) {
            *out++ = (unsigned char)acc;
            acc = 0;
            bits = 0;
        }
    }
    if (bits) *out = (unsigned char)(acc << (8 - bits));
}

/* A row that differs from the one above, compressed as it comes: Up
 * against it (byte minus the byte above; None for the first row), which
 * keeps what rows share as zeros at any width -- except where few colours
 * meet short rows: when a cell row's pixel rows (period of them) take at
 * most UNFILTERED_REACH bytes, zlib at this level still finds a new row
 * the cell row above, and the row as it is (None) packs tighter and costs
 * less than its difference from the row above (standard, 45x23 at 8 or 18
 * px and 101x101 at 8 px: 8-20% fewer bytes, 5% fewer instructions;
 * beyond the reach Up wins, 2.4x at 301x301 and 32 px). */
#define UNFILTERED_REACH 4096
static void new_row(writer *w, const unsigned char *px, int width, bool first)
{
    size_t rb = w->rb;
    unsigned char *restrict f = w->filt + 1;
    if (w->unfiltered) {
        w->filt[0] = 0;
        dr__png_pack_codes(px, width, w->depth, w->code, true, f);
    } else {
        if (w->depth == 4) pack4(px, w->cur, width);
        else dr__png_pack_codes(px, width, w->depth, w->code, true, w->cur);
        const unsigned char *restrict c = w->cur, *restrict p = w->prev;
        w->filt[0] = first ? 0 : 2;
        if (first) memcpy(f, c, rb);
        else
            for (size_t i = 0; i < rb; i++) f[i] = (unsigned char)(c[i] - p[i]);
        unsigned char *t = w->prev; /* this row is the next one's "above" */
        w->prev = w->cur;
        w->cur = t;
    }
    w->adler = adler32(w->adler, w->filt, (uInt)(rb + 1));
    feed(w, w->filt, rb + 1);
}

static void rows_out(writer *w, unsigned char *const *rows, int width, int height)
{
    static const unsigned char zlib_header[2] = {0x78, 0x01}; /* deflate, 32 KB window */
    put(w, zlib_header, 2);
    for (int y = 0; y < height;) {
        int k = 0;
        while (y + k < height && w->rep[y + k]) k++;
        if (k) {
            repeat_rows(w, k);
            y += k;
        } else {
            new_row(w, rows[y], width, y == 0);
            y++;
        }
    }
    zrun(w, &w->z, NULL, 0, Z_FINISH, false);
    unsigned char trailer[4] = {(unsigned char)(w->adler >> 24), (unsigned char)(w->adler >> 16),
                                (unsigned char)(w->adler >> 8), (unsigned char)w->adler};
    put(w, trailer, 4);
    emit(w);
}

static void on_write(png_structp p, png_bytep data, png_size_t n)
{
    sink *s = png_get_io_ptr(p);
    if (dg_buf_append(s->out, data, n, s->err) != DG_OK) {
        s->rc = DG_ENOMEM;
        png_error(p, "out of memory");
    }
}

static void on_flush(png_structp p) { (void)p; }

static void on_error(png_structp p, png_const_charp msg)
{
    sink *s = png_get_error_ptr(p);
    /* libpng's own allocations fail with "Out of memory" (png_malloc) or
     * "Insufficient memory..." (its zlib stream): a 503, not a fault */
    bool nomem = msg && (strstr(msg, "memory") || strstr(msg, "Memory"));
    if (s->rc == DG_OK)
        s->rc = dg_error_set(s->err, nomem ? DG_ENOMEM : DG_EIO, "", "", "", "png: %s", msg ? msg : "error");
    png_longjmp(p, 1);
}

static void on_warning(png_structp p, png_const_charp msg) { (void)p; (void)msg; }

static void writer_fini(writer *w)
{
    if (w->z_open) deflateEnd(&w->z);
    if (w->zz_open) deflateEnd(&w->zz);
    dg__free(w->prev);
    dg__free(w->cur);
    dg__free(w->filt);
    dg__free(w->zero);
    dg__free(w->out);
    dg__free(w->spl);
    dg__free(w->rep);
}

/* The palette: with more than four distinct colours among the roles, one
 * entry a role, 4 bits a pixel, as drawn. With four or fewer (the
 * standard style: black, white, grey, red) one entry a colour and 2 bits a
 * pixel (1 for two): the same pixels in half the bytes, so zlib, adler32
 * and the filter have half the work and the file is smaller (standard at
 * the default size: 4503 -> 3195 bytes). */
static void palette(writer *w, const uint32_t *rgb)
{
    uint32_t seen[DG_PAL_COUNT];
    int n = 0;
    memset(w->code, 0, sizeof w->code); /* roles past the palette never occur; 16 for pshufb */
    for (int r = 0; r < DG_PAL_COUNT; r++) {
        if (rgb[r] & DG_PAL_ABSENT) continue; /* never drawn: no entry */
        int k = 0;
        while (k < n && seen[k] != rgb[r]) k++;
        if (k == n) seen[n++] = rgb[r];
        w->code[r] = (unsigned char)k;
    }
    w->depth = n <= 2 ? 1 : n <= 4 ? 2 : 4;
    if (w->depth == 4) { /* as drawn: entry r is role r */
        n = DG_PAL_COUNT;
        while (n > 1 && (rgb[n - 1] & DG_PAL_ABSENT)) n--; /* absent roles sit last */
        for (int r = 0; r < n; r++) seen[r] = rgb[r] & 0xFFFFFFu;
    }
    for (int k = 0; k < n; k++)
        w->pal[k] = (png_color){(png_byte)(seen[k] >> 16), (png_byte)(seen[k] >> 8), (png_byte)seen[k]};
    w->n_colours = n;
}

/* Finds the repeated rows (shared storage, else compared), then sets up
 * zlib for what they are. */
static bool writer_init(writer *w, unsigned char *const *rows, int width, int height, const uint32_t *rgb,
                        bool rle, int period)
{
    memset(w, 0, sizeof *w);
    palette(w, rgb);
    w->rb = ((size_t)width * (size_t)w->depth + 7) / 8;
    w->unfiltered = w->depth < 4 && period > 0 && (size_t)period * (w->rb + 1) <= UNFILTERED_REACH;
    w->prev = dg__malloc(w->rb + 8);
    w->cur = dg__malloc(w->rb + 8);
    w->filt = dg__malloc(w->rb + 1);
    /* repeats in batches of up to SPLICE_ROWS, a batch under half of
     * FEED_MAX so feeding one never slides zlib's window by itself */
    size_t n = w->rb + 1;
    w->zero_rows = (int)(FEED_MAX / 2 / n);
    if (w->zero_rows > SPLICE_ROWS) w->zero_rows = SPLICE_ROWS;
    if (w->zero_rows < 1) w->zero_rows = 1;
    w->zero = dg__calloc((size_t)w->zero_rows * n, 1);
    w->out = dg__malloc(IDAT_CAP);
    w->spl_cap = 4096;
    w->spl = dg__malloc(w->spl_cap);
    w->rep = dg__malloc((size_t)height);
    if (!w->prev || !w->cur || !w->filt || !w->zero || !w->out || !w->spl || !w->rep) return false;
    w->splice_min = rle ? SPLICE_MIN_RLE : SPLICE_MIN_MATCH;
    int repeats = 0;
    for (int y = 0; y < height; y++) {
        w->rep[y] = y > 0 && (rows[y] == rows[y - 1] || !memcmp(rows[y], rows[y - 1], (size_t)width));
        repeats += w->rep[y];
    }
    for (int i = 0; i < w->zero_rows; i++) w->zero[(size_t)i * n] = 2;
    w->zero_adler[0] = adler32(0, NULL, 0);
    w->zero_adler[1] = adler32(w->zero_adler[0], w->zero, (uInt)n);
    w->adler_rows = 1;
    w->adler = adler32(0, NULL, 0);
    int mem = w->mem = 3 * repeats > height ? Z_MEM_REPEATS : Z_MEM_NEW_ROWS;
    w->z_open = deflateInit2(&w->z, rle ? Z_LEVEL_RLE : Z_LEVEL_MATCH, Z_DEFLATED, -15, mem,
                             rle ? Z_RLE : Z_DEFAULT_STRATEGY) == Z_OK;
    return w->z_open;
}

/* After setjmp this only reads locals set before it; the sink and the
 * writer the libpng callbacks use live in the caller's frame. */
static dg_status write_png(unsigned char *const *rows, int width, int height, sink *s, writer *w)
{
    dg_buf *out = s->out;
    dg_error *err = s->err;
    size_t start = out->len;
    png_structp p = png_create_write_struct(PNG_LIBPNG_VER_STRING, s, on_error, on_warning);
    png_infop info = p ? png_create_info_struct(p) : NULL;
    if (!p || !info) {
        png_destroy_write_struct(&p, NULL);
        return dg__nomem(err, "for the png writer");
    }
    w->p = p;
    if (setjmp(png_jmpbuf(p))) {
        png_destroy_write_struct(&p, &info);
        out->len = start;
        return s->rc != DG_OK ? s->rc : dg_error_set(err, DG_EIO, "", "", "", "png encoding failed");
    }
    png_set_write_fn(p, s, on_write, on_flush);
    png_set_IHDR(p, info, (png_uint_32)width, (png_uint_32)height, w->depth, PNG_COLOR_TYPE_PALETTE,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_PLTE(p, info, w->pal, w->n_colours);
    png_write_info(p, info);
    rows_out(w, rows, width, height);
    png_write_chunk(p, (png_const_bytep) "IEND", NULL, 0);
    png_destroy_write_struct(&p, &info);
    return DG_OK;
}

dg_status dr__png_write(unsigned char *const *rows, int width, int height, const uint32_t *rgb,
                        bool rle, int period, dg_buf *out, dg_error *err)
{
    writer w;
    if (!writer_init(&w, rows, width, height, rgb, rle, period)) {
        writer_fini(&w);
        return dg__nomem(err, "for the png writer");
    }
    sink s = {out, err, DG_OK};
    dg_status rc = write_png(rows, width, height, &s, &w);
    writer_fini(&w);
    return rc;
}
/* The anti-aliased styles' pixels (sketch_png.c): 8-bit palette rows,
 * through libpng's own row writer, with a fixed filter and zlib level and
 * strategy, so the bytes are zlib's alone, the same on any machine. */
static dg_status write_indexed(dr__png_row_fn row, void *ctx, unsigned char *buf, int width, int height,
                               const png_color *pal, int n, sink *s)
{
    dg_buf *out = s->out;
    dg_error *err = s->err;
    size_t start = out->len;
    png_structp p = png_create_write_struct(PNG_LIBPNG_VER_STRING, s, on_error, on_warning);
    png_infop info = p ? png_create_info_struct(p) : NULL;
    if (!p || !info) {
        png_destroy_write_struct(&p, NULL);
        return dg__nomem(err, "for the png writer");
    }
    if (setjmp(png_jmpbuf(p))) {
        png_destroy_write_struct(&p, &info);
        out->len = start;
        return s->rc != DG_OK ? s->rc : dg_error_set(err, DG_EIO, "", "", "", "png encoding failed");
    }
    png_set_write_fn(p, s, on_write, on_flush);
    png_set_IHDR(p, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_PALETTE, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_PLTE(p, info, pal, n);
    /* no filter, level 1, zlib's default matching: on the default map
     * 93 KB in 3.7 ms, where Sub took 4.2 ms for 104 KB, Up 6.8 ms for
     * 120 KB, Paeth 5.9 ms; Z_RLE 3.0 ms but 114 KB; level 2 88 KB in
     * 3.9 ms, level 3 84 KB in 5.1 ms (the paper's runs and the hatch's
     * repeats are what zlib finds; a difference from a neighbour makes
     * them fresh bytes) */
    png_set_filter(p, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_compression_level(p, 1);
    png_set_compression_strategy(p, Z_DEFAULT_STRATEGY);
    /* libpng checks every pixel's entry against the palette as the row
     * goes by (2.5 M instructions, about 1 ms, on the default map): ours
     * are all below n by construction (sketch_png.c's nearest entry) */
    png_set_check_for_invalid_index(p, 0);
    png_write_info(p, info);
    for (int y = 0; y < height; y++) { /* each row made as it is taken: one row's bytes, warm in the cache */
        row(ctx, y, buf);
        png_write_row(p, buf);
    }
    png_write_end(p, info);
    png_destroy_write_struct(&p, &info);
    return DG_OK;
}

dg_status dr__png_write_indexed(dr__png_row_fn row, void *ctx, int width, int height, const uint32_t *rgb, int n,
                                dg_buf *out, dg_error *err)
{
    png_color pal[256];
    for (int i = 0; i < n && i < 256; i++)
        pal[i] = (png_color){(png_byte)(rgb[i] >> 16), (png_byte)(rgb[i] >> 8), (png_byte)rgb[i]};
    unsigned char *buf = dg__malloc(width > 0 ? (size_t)width : 1);
    if (!buf) return dg__nomem(err, "for the png's row");
    sink s = {out, err, DG_OK};
    dg_status rc = write_indexed(row, ctx, buf, width, height, pal, n < 256 ? n : 256, &s);
    dg__free(buf);
    return rc;
}
