/* png_runs.c -- an 8-bit palette PNG deflated here, not by zlib: the only
 * matches looked for are to the pixel before (a run) and to the pixel
 * above (the same filtered byte one row back), then each block's symbols
 * in its own Huffman codes. The anti-aliased sketch (sketch_png.c) is
 * 400,000-odd pixels at the default map, mostly paper and floor in long
 * runs, rows equal to the row above across the floors, hatching between;
 * zlib's level 1 spent 24 M instructions on it (its hash of every byte,
 * the chains, the bit output a symbol at a time through _tr_tally), as
 * much as the whole drawing, for 95 KB. Runs and the row above find most
 * of what it found: 113 KB, a fifth more, in under a fifth of the
 * instructions (the figures in CHANGELOG). Everything is integer and the
 * block boundaries fixed, so the bytes are the same on any machine; zlib
 * still gives the adler32 and the chunks' crc32.
 *
 * The stream is plain RFC 1950/1951 (any inflater reads it): header 78 01,
 * dynamic-Huffman blocks of at most BLOCK_TOKENS symbols, adler32. */
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "png_int.h"

#define BLOCK_TOKENS 32768 /* symbols a block: its codes follow the picture's parts */
#define MAX_MATCH 258
#define N_LITLEN 286
#define N_DIST 30

/* A token: a literal byte (< 256), or a match MATCH | length << 8 | which
 * distance (0: one back, 1: one row back). */
#define MATCH 0x80000000u

typedef struct {
    unsigned char *p;
    size_t len, cap;
    uint64_t acc; /* bits not yet whole bytes, the first in bit 0 */
    int n;        /* how many */
    bool oom;
} bits;

static bool room(bits *b, size_t more)
{
    if (b->len + more <= b->cap) return true;
    size_t cap = b->cap ? b->cap : 1 << 16;
    while (cap < b->len + more) cap *= 2;
    unsigned char *np = dg__realloc(b->p, cap);
    if (!np) {
        b->oom = true;
        return false;
    }
    b->p = np;
    b->cap = cap;
    return true;
}

/* v's low n bits (n <= 32), first bit first; room() was asked beforehand */
static inline void put(bits *b, uint32_t v, int n)
{
    b->acc |= (uint64_t)v << b->n;
    b->n += n;
    if (b->n >= 32) {
        uint32_t w = (uint32_t)b->acc;
        b->p[b->len++] = (unsigned char)w;
        b->p[b->len++] = (unsigned char)(w >> 8);
        b->p[b->len++] = (unsigned char)(w >> 16);
        b->p[b->len++] = (unsigned char)(w >> 24);
        b->acc >>= 32;
        b->n -= 32;
    }
}

static void flush_bytes(bits *b)
{
    while (b->n > 0) {
        b->p[b->len++] = (unsigned char)b->acc;
        b->acc >>= 8;
        b->n -= 8;
    }
    b->n = 0;
    b->acc = 0;
}

/* ---------------------------------------------------- Huffman codes */

/* Code lengths (<= limit) for freq[0..n), 0 for an unused symbol; at least
 * two symbols get a code (a lone one is given a partner), as inflaters
 * expect of the literal and distance codes. Huffman's merge on (frequency,
 * symbol) order, so ties break the same everywhere; over the limit, the
 * frequencies are halved (kept non-zero) and the tree made again. */
static void lengths(const uint32_t *freq_in, int n, int limit, unsigned char *len)
{
    uint32_t freq[N_LITLEN];
    int sym[N_LITLEN], m = 0;
    for (int i = 0; i < n; i++) {
        freq[i] = freq_in[i];
        len[i] = 0;
    }
    for (int i = 0; i < n && m < 2; i++)
        if (freq[i]) m++;
    for (int i = 0; m < 2 && i < n; i++)
        if (!freq[i]) freq[i] = 1, m++;
    for (;;) {
        m = 0;
        for (int i = 0; i < n; i++)
            if (freq[i]) sym[m++] = i;
        /* sort the leaves by (freq, symbol): n <= 286, insertion */
        for (int i = 1; i < m; i++) {
            int s = sym[i], j = i;
            while (j > 0 && (freq[sym[j - 1]] > freq[s] || (freq[sym[j - 1]] == freq[s] && sym[j - 1] > s))) {
                sym[j] = sym[j - 1];
                j--;
            }
            sym[j] = s;
        }
        /* two queues: leaves in order, internal nodes as made (already in
         * order); parent[] of node k: leaves 0..m-1, internal m.. */
        uint32_t w[2 * N_LITLEN];
        int parent[2 * N_LITLEN];
        for (int i = 0; i < m; i++) w[i] = freq[sym[i]];
        int li = 0, ii = m, made = m;
        while (made < 2 * m - 1) {
            int pick[2];
            for (int k = 0; k < 2; k++)
                pick[k] = (li < m && (ii >= made || w[li] <= w[ii])) ? li++ : ii++;
            w[made] = w[pick[0]] + w[pick[1]];
            parent[pick[0]] = parent[pick[1]] = made;
            made++;
        }
        int depth[2 * N_LITLEN], worst = 0;
        depth[2 * m - 2] = 0;
        for (int k = 2 * m - 3; k >= 0; k--) depth[k] = depth[parent[k]] + 1;
        for (int i = 0; i < m; i++)
            if (depth[i] > worst) worst = depth[i];
        if (worst <= limit) {
            for (int i = 0; i < m; i++) len[sym[i]] = (unsigned char)depth[i];
            return;
        }
        for (int i = 0; i < n; i++)
            if (freq[i]) freq[i] = (freq[i] >> 1) | 1;
    }
}

/* Canonical codes for len[0..n), bit-reversed (deflate sends a code's
 * first bit first, and put() writes from bit 0). */
static void codes(const unsigned char *len, int n, uint32_t *code)
{
    int count[16] = {0};
    uint32_t next[16];
    for (int i = 0; i < n; i++) count[len[i]]++;
    count[0] = 0;
    uint32_t c = 0;
    for (int b = 1; b < 16; b++) {
        c = (c + (uint32_t)count[b - 1]) << 1;
        next[b] = c;
    }
    for (int i = 0; i < n; i++) {
        if (!len[i]) continue;
        uint32_t v = next[len[i]]++, r = 0;
        for (int k = 0; k < len[i]; k++) r |= ((v >> k) & 1u) << (len[i] - 1 - k);
        code[i] = r;
    }
}

/* ------------------------------------------------------- the symbols */

static const unsigned short len_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                            31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const unsigned char len_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                            2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const unsigned dist_base[30] = {1,    2,    3,    4,    5,    7,     9,     13,    17,  25,
                                       33,   49,   65,   97,   129,  193,   257,   385,   513, 769,
                                       1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};

/* length 3..258 -> its code - 257, made each render (a few hundred
 * instructions; no static table to race over) */
static void tables(unsigned char *len_sym)
{
    for (int s = 0; s < 29; s++) {
        int top = s + 1 < 29 ? len_base[s + 1] - 1 : MAX_MATCH;
        if (s == 27) top = 257; /* 258 has its own code */
        for (int l = len_base[s]; l <= top && l <= MAX_MATCH; l++) len_sym[l] = (unsigned char)s;
    }
}

static int dist_sym(unsigned d)
{
    int s = 0;
    while (s + 1 < 30 && dist_base[s + 1] <= d) s++;
    return s;
}

/* How far a[0..) equals b[0..), at most max. */
static inline int same(const unsigned char *a, const unsigned char *b, int max)
{
    int k = 0;
    while (k + 8 <= max) {
        uint64_t x, y;
        memcpy(&x, a + k, 8);
        memcpy(&y, b + k, 8);
        if (x != y) {
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            return k + (__builtin_ctzll(x ^ y) >> 3); /* the first byte that differs */
#else
            break;
#endif
        }
        k += 8;
    }
    while (k < max && a[k] == b[k]) k++;
    return k;
}

/* The block's symbols tok[0..nt) with its own codes; last: BFINAL. */
/* lf, df: the block's symbol counts (the tokeniser keeps them) */
static void block(bits *b, const uint32_t *tok, size_t nt, uint32_t *lf, uint32_t *df, const unsigned char *len_sym,
                  const int dsym[2], const unsigned dext[2], const int dbits[2], bool last)
{
    lf[256] = 1;
    unsigned char ll[N_LITLEN + N_DIST], *dl = ll + N_LITLEN;
    uint32_t lc[N_LITLEN], dc[N_DIST];
    lengths(lf, N_LITLEN, 15, ll);
    lengths(df, N_DIST, 15, dl);
    codes(ll, N_LITLEN, lc);
    codes(dl, N_DIST, dc);
    int nl = N_LITLEN, nd = N_DIST;
    while (nl > 257 && !ll[nl - 1]) nl--;
    while (nd > 1 && !dl[nd - 1]) nd--;
    /* the lengths, run-length coded (16: repeat the last 3-6 times, 17:
     * 3-10 zeros, 18: 11-138 zeros), over the literal and distance lists
     * as one sequence */
    unsigned char seq[N_LITLEN + N_DIST];
    memcpy(seq, ll, (size_t)nl);
    memcpy(seq + nl, dl, (size_t)nd);
    int ns = nl + nd;
    unsigned short rl[N_LITLEN + N_DIST]; /* symbol | extra << 5 */
    int nr = 0;
    uint32_t cf[19] = {0};
    for (int i = 0; i < ns;) {
        int v = seq[i], run = 1;
        while (i + run < ns && seq[i + run] == v) run++;
        if (v == 0 && run >= 3) {
            int k = run > 138 ? 138 : run;
            rl[nr++] = k >= 11 ? (unsigned short)(18 | (k - 11) << 5) : (unsigned short)(17 | (k - 3) << 5);
            cf[k >= 11 ? 18 : 17]++;
            i += k;
        } else if (v != 0 && run >= 4) {
            int k = run - 1 > 6 ? 6 : run - 1;
            rl[nr++] = (unsigned short)v;
            cf[v]++;
            rl[nr++] = (unsigned short)(16 | (k - 3) << 5);
            cf[16]++;
            i += 1 + k;
        } else {
            rl[nr++] = (unsigned short)v;
            cf[v]++;
            i++;
        }
    }
    unsigned char cl[19];
    uint32_t cc[19];
    lengths(cf, 19, 7, cl);
    codes(cl, 19, cc);
    static const unsigned char order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    int nc = 19;
    while (nc > 4 && !cl[order[nc - 1]]) nc--;
    /* the most this block can take: a symbol, its extra bits, a distance
     * and its extra bits are at most 48 bits; the header under 2,000 */
    if (!room(b, nt * 6 + 1024)) return;
    put(b, last ? 1u : 0u, 1);
    put(b, 2, 2);
    put(b, (uint32_t)(nl - 257), 5);
    put(b, (uint32_t)(nd - 1), 5);
    put(b, (uint32_t)(nc - 4), 4);
    for (int i = 0; i < nc; i++) put(b, cl[order[i]], 3);
    static const int rl_extra[3] = {2, 3, 7};
    for (int i = 0; i < nr; i++) {
        int s = rl[i] & 31;
        put(b, cc[s], cl[s]);
        if (s >= 16) put(b, rl[i] >> 5, rl_extra[s - 16]);
    }
    for (size_t i = 0; i < nt; i++) {
        uint32_t t = tok[i];
        if (t & MATCH) {
            int l = (int)((t >> 8) & 511), s = len_sym[l], w = t & 1;
            put(b, lc[257 + s], ll[257 + s]);
            if (len_extra[s]) put(b, (uint32_t)(l - len_base[s]), len_extra[s]);
            put(b, dc[dsym[w]], dl[dsym[w]]);
            if (dbits[w]) put(b, dext[w], dbits[w]);
        } else {
            put(b, lc[t], ll[t]);
        }
    }
    put(b, lc[256], ll[256]);
}

/* The h rows of len bytes (a filter byte, the pixels) at rows, pitch
 * apart, as a zlib stream in b. A match stays in its row (rows need not
 * lie one after another: sketch_png.c writes them over the image's own
 * pixels); the row above is len bytes back in the stream, so it is one
 * distance code. */
static void deflate_rows(bits *b, const unsigned char *rows, size_t pitch, size_t len, int h)
{
    unsigned char len_sym[MAX_MATCH + 1];
    tables(len_sym);
    uint32_t *tok = dg__malloc(BLOCK_TOKENS * sizeof *tok);
    if (!tok || !room(b, 2)) {
        dg__free(tok);
        b->oom = true;
        return;
    }
    b->p[b->len++] = 0x78;
    b->p[b->len++] = 0x01;
    int dsym[2] = {0, dist_sym((unsigned)len)};
    unsigned dext[2] = {0, (unsigned)len - dist_base[dsym[1]]};
    int dbits[2] = {0, dsym[1] < 4 ? 0 : dsym[1] / 2 - 1};
    size_t nt = 0;
    uint32_t lf[N_LITLEN] = {0}, df[N_DIST] = {0};
    const uint32_t probe = 0x01020304u;
    unsigned char lo;
    memcpy(&lo, &probe, 1);
    const uint32_t first3 = lo == 0x04 ? 0x00FFFFFFu : 0xFFFFFF00u;
    uLong adler = adler32(0L, Z_NULL, 0);
    for (int y = 0; y < h && !b->oom; y++) {
        const unsigned char *row = rows + (size_t)y * pitch, *above = y ? row - pitch : NULL;
        adler = adler32_z(adler, row, len);
        for (size_t j = 0; j < len;) {
            /* most places match neither for three bytes (a quarter of
             * the pixels are literals, hatch and edges): a word each says
             * so (the first three bytes' bits: the low ones on a
             * little-endian machine, so the same matches are found on
             * any), and the byte is a literal at once */
            if (j >= 1 && j + 4 <= len) {
                uint32_t here, up4, before;
                memcpy(&here, row + j, 4);
                memcpy(&before, row + j - 1, 4);
                if (above) memcpy(&up4, above + j, 4);
                else up4 = ~here;
                if (((here ^ before) & first3) != 0 && ((here ^ up4) & first3) != 0) {
                    unsigned char c = row[j++];
                    lf[c]++;
                    tok[nt++] = c;
                    if (nt == BLOCK_TOKENS) {
                        block(b, tok, nt, lf, df, len_sym, dsym, dext, dbits, false);
                        nt = 0;
                        memset(lf, 0, sizeof lf);
                        memset(df, 0, sizeof df);
                        if (b->oom) break;
                    }
                    continue;
                }
            }
            int max = len - j < MAX_MATCH ? (int)(len - j) : MAX_MATCH;
            int up = 0, run = 0;
            if (above && row[j] == above[j]) up = same(row + j, above + j, max);
            if (up < max && j >= 1 && row[j] == row[j - 1]) run = same(row + j, row + j - 1, max);
            if (up >= 3 && up >= run) {
                tok[nt++] = MATCH | (uint32_t)up << 8 | 1u;
                lf[257 + len_sym[up]]++;
                df[dsym[1]]++;
                j += (size_t)up;
            } else if (run >= 3) {
                tok[nt++] = MATCH | (uint32_t)run << 8;
                lf[257 + len_sym[run]]++;
                df[0]++;
                j += (size_t)run;
            } else {
                lf[row[j]]++;
                tok[nt++] = row[j++];
            }
            if (nt == BLOCK_TOKENS) {
                block(b, tok, nt, lf, df, len_sym, dsym, dext, dbits, false);
                nt = 0;
                memset(lf, 0, sizeof lf);
                memset(df, 0, sizeof df);
                if (b->oom) break;
            }
        }
    }
    if (!b->oom) /* the rest (none at all: an empty block) is the last */
        block(b, tok, nt, lf, df, len_sym, dsym, dext, dbits, true);
    dg__free(tok);
    if (b->oom || !room(b, 16)) {
        b->oom = true;
        return;
    }
    flush_bytes(b);
    for (int k = 3; k >= 0; k--) b->p[b->len++] = (unsigned char)(adler >> (8 * k));
}

/* ------------------------------------------------------------ the file */

static dg_status chunk(dg_buf *out, const char *type, const unsigned char *data, size_t n, dg_error *err)
{
    unsigned char head[8] = {(unsigned char)(n >> 24), (unsigned char)(n >> 16), (unsigned char)(n >> 8),
                             (unsigned char)n};
    memcpy(head + 4, type, 4);
    uLong c = crc32(crc32(0L, Z_NULL, 0), head + 4, 4);
    if (n) c = crc32(c, data, (uInt)n);
    unsigned char tail[4] = {(unsigned char)(c >> 24), (unsigned char)(c >> 16), (unsigned char)(c >> 8),
                             (unsigned char)c};
    dg_status rc = dg_buf_append(out, head, 8, err);
    if (rc == DG_OK && n) rc = dg_buf_append(out, data, n, err);
    if (rc == DG_OK) rc = dg_buf_append(out, tail, 4, err);
    return rc;
}

dg_status dr__png_write_runs(const unsigned char *rows, size_t pitch, int width, int height, const uint32_t *rgb,
                             int n, dg_buf *out, dg_error *err)
{
    static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (n < 1) n = 1;
    if (n > 256) n = 256;
    size_t start = out->len;
    unsigned char ihdr[13] = {(unsigned char)(width >> 24),  (unsigned char)(width >> 16),
                              (unsigned char)(width >> 8),   (unsigned char)width,
                              (unsigned char)(height >> 24), (unsigned char)(height >> 16),
                              (unsigned char)(height >> 8),  (unsigned char)height,
                              8, 3, 0, 0, 0}; /* 8 bits, palette, deflate, filter set 0, no interlace */
    unsigned char plte[3 * 256];
    for (int i = 0; i < n; i++) {
        plte[3 * i] = (unsigned char)(rgb[i] >> 16);
        plte[3 * i + 1] = (unsigned char)(rgb[i] >> 8);
        plte[3 * i + 2] = (unsigned char)rgb[i];
    }
    bits b = {0};
    deflate_rows(&b, rows, pitch, (size_t)width + 1, height);
    dg_status rc = b.oom ? dg__nomem(err, "for the sketch's PNG") : DG_OK;
    if (rc == DG_OK) rc = dg_buf_append(out, sig, sizeof sig, err);
    if (rc == DG_OK) rc = chunk(out, "IHDR", ihdr, sizeof ihdr, err);
    if (rc == DG_OK) rc = chunk(out, "PLTE", plte, 3 * (size_t)n, err);
    /* IDAT chunks of at most 1 MB: any size is valid, this bounds what a
     * reader has to hold for one */
    for (size_t at = 0; rc == DG_OK && at < b.len; at += 1u << 20) {
        size_t k = b.len - at < (1u << 20) ? b.len - at : (1u << 20);
        rc = chunk(out, "IDAT", b.p + at, k, err);
    }
    if (rc == DG_OK) rc = chunk(out, "IEND", NULL, 0, err);
    dg__free(b.p);
    if (rc != DG_OK) out->len = start;
    return rc;
}
