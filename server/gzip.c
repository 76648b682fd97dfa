/* gzip.c -- the daemon's one gzip writer: deterministic bytes (zlib leaves
 * mtime 0 and OS "unix"), the caller's level, and NULL when compressing
 * would not save anything, so callers keep only the identity form then. */
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "srv.h"

unsigned char *srv_gzip(const unsigned char *in, size_t len, int level, size_t *out_len)
{
    *out_len = 0;
    if (len >= ((size_t)1 << 32)) return NULL; /* zlib's counters are 32-bit */
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) return NULL;
    uLong bound = deflateBound(&z, (uLong)len);
    unsigned char *out = malloc(bound);
    if (!out) {
        deflateEnd(&z);
        return NULL;
    }
    z.next_in = (Bytef *)(uintptr_t)in;
    z.avail_in = (uInt)len;
    z.next_out = out;
    z.avail_out = (uInt)bound;
    int rc = deflate(&z, Z_FINISH);
    size_t n = z.total_out;
    deflateEnd(&z);
    if (rc != Z_STREAM_END || n >= len) {
        free(out);
        return NULL;
    }
    /* keep what is used, not deflateBound's worst case */
    unsigned char *fit = realloc(out, n);
    *out_len = n;
    return fit ? fit : out;
}
