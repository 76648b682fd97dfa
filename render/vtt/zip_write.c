/* zip_write.c -- zip archives in memory, written on zlib (which the PNG
 * encoder links already) and reproducible: every entry carries one fixed
 * DOS timestamp, Unix mode 0644 and the compression asked for; entries keep
 * the order they were added in. The bytes are those libzip 1.7 writes for
 * the same files (test_zip_write compares the two): a local header, the
 * data, then the central directory and its end record; no data
 * descriptors, no extra fields, "made by" 6.3 on Unix, deflate at level 6
 * with zlib's largest memory level. libzip wrote them before; it loaded
 * libcrypto and libbz2 into every process that links render, about half
 * of the CLI's start-up, for archives that need neither. No zip64: an
 * entry or archive over 2 GiB, or over 65534 entries, is refused (a
 * bundle holds a few files and a PNG a floor). What goes into an archive
 * is the encoders' business. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "bundle_int.h"

/* 2024-01-01 00:00:00, as DOS date and time words */
#define DOS_DATE ((2024 - 1980) << 9 | 1 << 5 | 1)
#define DOS_TIME 0
#define MADE_BY (3 << 8 | 63) /* Unix, spec version 6.3: libzip's */
#define UNIX_MODE (0100644u << 16)
#define UTF8_NAME (1u << 11)  /* general purpose flag: the name is UTF-8 */
#define LEVEL 6
#define MEM_LEVEL 9           /* MAX_MEM_LEVEL, as libzip asks zlib */
#define LOCAL_HEADER 30
#define CENTRAL_HEADER 46
#define END_RECORD 22

typedef struct {
    char *name;
    size_t name_len;
    uint32_t crc, csize, usize, offset;
    uint16_t method, flags; /* 8 deflate, 0 stored */
} entry;

struct dr__zip {
    dg_buf bytes; /* local headers and data so far */
    entry *entries;
    size_t n, cap;
};

static unsigned char *put16(unsigned char *p, unsigned v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    return p + 2;
}

static unsigned char *put32(unsigned char *p, uint32_t v)
{
    p = put16(p, v & 0xFFFFu);
    return put16(p, v >> 16);
}

static dg_status too_big(dg_error *err, const char *what)
{
    return dg_error_set(err, DG_ELIMIT, "", "", "", "the zip archive cannot hold %s (no zip64)", what);
}

dg_status dr__zip_new(dr__zip **out, dg_error *err)
{
    *out = dg__calloc(1, sizeof **out);
    if (!*out) return dg__nomem(err, "writing the zip archive");
    dg_buf_init(&(*out)->bytes);
    return DG_OK;
}

/* Writes entry e's local header at p; returns the end. */
static unsigned char *local_header(unsigned char *p, const entry *e)
{
    p = put32(p, 0x04034b50u);
    p = put16(p, e->method ? 20 : 10); /* version needed: 2.0 to inflate */
    p = put16(p, e->flags);
    p = put16(p, e->method);
    p = put16(p, DOS_TIME);
    p = put16(p, DOS_DATE);
    p = put32(p, e->crc);
    p = put32(p, e->csize);
    p = put32(p, e->usize);
    p = put16(p, (unsigned)e->name_len);
    p = put16(p, 0); /* no extra field */
    memcpy(p, e->name, e->name_len);
    return p + e->name_len;
}

/* Deflates n bytes at src into dst (room for cap); the length written, or
 * (size_t)-1 when zlib fails (memory). */
static size_t deflate_into(unsigned char *dst, size_t cap, const void *src, size_t n)
{
    z_stream s;
    memset(&s, 0, sizeof s);
    if (deflateInit2(&s, LEVEL, Z_DEFLATED, -MAX_WBITS, MEM_LEVEL, Z_DEFAULT_STRATEGY) != Z_OK) return (size_t)-1;
    s.next_in = (Bytef *)(uintptr_t)src; /* zlib's API is not const; it only reads */
    s.avail_in = (uInt)n;
    s.next_out = dst;
    s.avail_out = (uInt)cap;
    int rc = deflate(&s, Z_FINISH);
    size_t len = cap - s.avail_out;
    deflateEnd(&s);
    return rc == Z_STREAM_END ? len : (size_t)-1;
}

static dg_status add(dr__zip *z, const char *name, const void *p, size_t n, bool deflate, dg_error *err)
{
    size_t name_len = strlen(name), at = z->bytes.len;
    if (n > UINT32_MAX / 2 || at > UINT32_MAX / 2) return too_big(err, "an entry or the archive over 2 GiB");
    if (z->n >= 0xFFFF) return too_big(err, "over 65534 entries");
    if (name_len > 0xFFFF) return dg_error_set(err, DG_EINVAL, "", "", "", "a zip entry name over 65535 bytes");
    dg_status rc = dg__grow((void **)&z->entries, &z->cap, z->n + 1, sizeof *z->entries, "writing the zip archive", err);
    if (rc != DG_OK) return rc;
    entry e = {.name_len = name_len, .offset = (uint32_t)at, .usize = (uint32_t)n, .method = deflate ? 8 : 0};
    for (size_t i = 0; i < name_len; i++)
        if ((unsigned char)name[i] >= 0x80) e.flags = UTF8_NAME;
    e.crc = (uint32_t)crc32(0L, p, (uInt)n);
    size_t room = deflate ? (size_t)deflateBound(NULL, (uLong)n) : n;
    if (!(e.name = dg__malloc(name_len + 1))) return dg__nomem(err, "writing the zip archive");
    memcpy(e.name, name, name_len + 1);
    if ((rc = dr__buf_reserve(&z->bytes, LOCAL_HEADER + name_len + room, err)) != DG_OK) {
        dg__free(e.name);
        return rc;
    }
    unsigned char *data = z->bytes.data + at + LOCAL_HEADER + name_len;
    size_t len = n;
    if (deflate) len = deflate_into(data, room, p, n);
    else if (n) memcpy(data, p, n);
    if (len == (size_t)-1) {
        dg__free(e.name);
        return dg__nomem(err, "deflating a zip entry");
    }
    e.csize = (uint32_t)len;
    local_header(z->bytes.data + at, &e); /* now that the sizes are known */
    z->bytes.len = at + LOCAL_HEADER + name_len + len;
    z->entries[z->n++] = e;
    return DG_OK;
}

dg_status dr__zip_add(dr__zip *z, const char *name, const void *p, size_t n, bool deflate, dg_error *err)
{
    return add(z, name, p, n, deflate, err);
}

dg_status dr__zip_add_take(dr__zip *z, const char *name, void *p, size_t n, bool deflate, dg_error *err)
{
    dg_status rc = add(z, name, p, n, deflate, err);
    dg__free(p);
    return rc;
}

void dr__zip_discard(dr__zip *z)
{
    if (!z) return;
    for (size_t i = 0; i < z->n; i++) dg__free(z->entries[i].name);
    dg__free(z->entries);
    dg_buf_fini(&z->bytes);
    dg__free(z);
}

dg_status dr__zip_finish(dr__zip *z, dg_buf *out, dg_error *err)
{
    size_t dir = 0;
    for (size_t i = 0; i < z->n; i++) dir += CENTRAL_HEADER + z->entries[i].name_len;
    dg_status rc = z->bytes.len + dir > UINT32_MAX / 2 ? too_big(err, "an archive over 2 GiB")
                                                        : dr__buf_reserve(out, z->bytes.len + dir + END_RECORD, err);
    if (rc != DG_OK) {
        dr__zip_discard(z);
        return rc;
    }
    unsigned char *p = out->data + out->len;
    if (z->bytes.len) memcpy(p, z->bytes.data, z->bytes.len);
    p += z->bytes.len;
    for (size_t i = 0; i < z->n; i++) {
        const entry *e = &z->entries[i];
        p = put32(p, 0x02014b50u);
        p = put16(p, MADE_BY);
        p = put16(p, e->method ? 20 : 10);
        p = put16(p, e->flags);
        p = put16(p, e->method);
        p = put16(p, DOS_TIME);
        p = put16(p, DOS_DATE);
        p = put32(p, e->crc);
        p = put32(p, e->csize);
        p = put32(p, e->usize);
        p = put16(p, (unsigned)e->name_len);
        p = put16(p, 0); /* extra field */
        p = put16(p, 0); /* comment */
        p = put16(p, 0); /* disk */
        p = put16(p, 0); /* internal attributes */
        p = put32(p, UNIX_MODE);
        p = put32(p, e->offset);
        memcpy(p, e->name, e->name_len);
        p += e->name_len;
    }
    p = put32(p, 0x06054b50u);
    p = put16(p, 0); /* this disk */
    p = put16(p, 0); /* the directory's disk */
    p = put16(p, (unsigned)z->n);
    p = put16(p, (unsigned)z->n);
    p = put32(p, (uint32_t)dir);
    p = put32(p, (uint32_t)z->bytes.len);
    put16(p, 0); /* no comment */
    out->len += z->bytes.len + dir + END_RECORD;
    dr__zip_discard(z);
    return DG_OK;
}
