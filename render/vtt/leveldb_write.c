/* leveldb_write.c -- a LevelDB database written as files, without the
 * library: what Foundry VTT (11 and later) reads a compendium pack from.
 * Foundry opens a pack folder with classic-level (LevelDB 1.x); a
 * database whose writes still sit in its log, never compacted into tables,
 * is one LevelDB itself leaves after a clean close, and every LevelDB
 * replays such a log when it opens. So a pack is three small files:
 *
 *   CURRENT           "MANIFEST-000002\n": which descriptor is live
 *   MANIFEST-000002   a log holding one VersionEdit: the bytewise
 *                     comparator, log number 3, next file 4, last sequence 0
 *   000003.log        a log holding one WriteBatch (sequence 1) that puts
 *                     every key/value pair, in the order given
 *
 * Formats (LevelDB's doc/log_format.md, db/version_edit.cc,
 * db/write_batch.cc): a log is 32 KiB blocks of records, each a 7-byte
 * header (masked CRC-32C of type and data, little-endian length, type FULL,
 * FIRST, MIDDLE or LAST) and its data; a block's tail shorter than a header
 * is zeros. Integers are varints or fixed little-endian words. Nothing here
 * depends on time or the machine: same pairs, same bytes. The pack's
 * documents themselves are foundry_bundle.c's. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "bundle_int.h"

#define BLOCK 32768
#define HEADER 7
enum { FULL = 1, FIRST = 2, MIDDLE = 3, LAST = 4 };

/* CRC-32C (Castagnoli, reflected 0x82F63B78) a byte at a time through a
 * table each write builds for itself (2 KiB of work; bit at a time was 7%
 * of a 99x99 bundle), so there is no shared state to initialise. */
typedef struct { uint32_t t[256]; } crc_table;

static void crc_init(crc_table *c)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t v = i;
        for (int k = 0; k < 8; k++) v = (v >> 1) ^ (0x82F63B78u & (0u - (v & 1u)));
        c->t[i] = v;
    }
}

static uint32_t crc32c(const crc_table *c, uint32_t crc, const unsigned char *p, size_t n)
{
    crc = ~crc;
    for (size_t i = 0; i < n; i++) crc = c->t[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
    return ~crc;
}

/* LevelDB stores CRCs masked, so a CRC of data holding CRCs stays sound. */
static uint32_t masked(uint32_t crc) { return ((crc >> 15) | (crc << 17)) + 0xa282ead8u; }

static dg_status put_fixed(dg_buf *b, uint64_t v, int bytes, dg_error *err)
{
    unsigned char s[8];
    for (int i = 0; i < bytes; i++) s[i] = (unsigned char)(v >> (8 * i));
    return dg_buf_append(b, s, (size_t)bytes, err);
}

static dg_status put_varint(dg_buf *b, uint64_t v, dg_error *err)
{
    unsigned char s[10];
    size_t n = 0;
    for (; v >= 0x80; v >>= 7) s[n++] = (unsigned char)(v | 0x80);
    s[n++] = (unsigned char)v;
    return dg_buf_append(b, s, n, err);
}

static dg_status put_slice(dg_buf *b, const void *p, size_t n, dg_error *err)
{
    dg_status rc = put_varint(b, n, err);
    return rc == DG_OK ? dg_buf_append(b, p, n, err) : rc;
}

/* One logical record into log file `log`, cut into physical records at
 * block boundaries as LevelDB's log::Writer cuts them. */
static dg_status log_record(const crc_table *c, dg_buf *log, const unsigned char *p, size_t n, dg_error *err)
{
    static const unsigned char zeros[HEADER];
    dg_status rc = DG_OK;
    bool begin = true;
    do {
        size_t offset = log->len % BLOCK, left = BLOCK - offset;
        if (left < HEADER) {
            rc = dg_buf_append(log, zeros, left, err);
            offset = 0;
        }
        size_t avail = BLOCK - offset - HEADER, frag = n < avail ? n : avail;
        bool end = frag == n;
        unsigned char type = begin && end ? FULL : begin ? FIRST : end ? LAST : MIDDLE;
        uint32_t crc = masked(crc32c(c, crc32c(c, 0, &type, 1), p, frag));
        unsigned char h[HEADER] = {(unsigned char)crc, (unsigned char)(crc >> 8), (unsigned char)(crc >> 16),
                                   (unsigned char)(crc >> 24), (unsigned char)frag, (unsigned char)(frag >> 8),
                                   type};
        if (rc == DG_OK) rc = dg_buf_append(log, h, HEADER, err);
        if (rc == DG_OK) rc = dg_buf_append(log, p, frag, err);
        p += frag;
        n -= frag;
        begin = false;
    } while (n > 0 && rc == DG_OK);
    return rc;
}

void dr__leveldb_init(dr__leveldb *db)
{
    dg_buf_init(&db->current);
    dg_buf_init(&db->manifest);
    dg_buf_init(&db->log);
}

void dr__leveldb_fini(dr__leveldb *db)
{
    dg_buf_fini(&db->current);
    dg_buf_fini(&db->manifest);
    dg_buf_fini(&db->log);
}

enum { TYPE_VALUE = 1 };

/* CURRENT and the descriptor: enough for VersionSet::Recover, which wants
 * the comparator's name, the log number, the next file and last sequence. */
static dg_status descriptor(const crc_table *crc, dr__leveldb *db, dg_error *err)
{
    static const char comparator[] = "leveldb.BytewiseComparator";
    enum { TAG_COMPARATOR = 1, TAG_LOG_NUMBER = 2, TAG_NEXT_FILE = 3, TAG_LAST_SEQUENCE = 4 };
    dg_buf rec;
    dg_buf_init(&rec);
    dg_status rc = dg_buf_puts(&db->current, DG_LEVELDB_MANIFEST "\n", err);
    if (rc == DG_OK) rc = put_varint(&rec, TAG_COMPARATOR, err);
    if (rc == DG_OK) rc = put_slice(&rec, comparator, sizeof comparator - 1, err);
    if (rc == DG_OK) rc = put_varint(&rec, TAG_LOG_NUMBER, err);
    if (rc == DG_OK) rc = put_varint(&rec, 3, err);
    if (rc == DG_OK) rc = put_varint(&rec, TAG_NEXT_FILE, err);
    if (rc == DG_OK) rc = put_varint(&rec, 4, err);
    if (rc == DG_OK) rc = put_varint(&rec, TAG_LAST_SEQUENCE, err);
    if (rc == DG_OK) rc = put_varint(&rec, 0, err);
    if (rc == DG_OK) rc = log_record(crc, &db->manifest, rec.data, rec.len, err);
    dg_buf_fini(&rec);
    return rc;
}

dg_status dr__leveldb_write(const dr__kv *kv, size_t n, dr__leveldb *db, dg_error *err)
{
    crc_table crc;
    crc_init(&crc);
    dg_buf rec;
    dg_buf_init(&rec);
    dg_status rc = descriptor(&crc, db, err);
    /* the batch: sequence 1, the count, then each put */
    if (rc == DG_OK) rc = put_fixed(&rec, 1, 8, err);
    if (rc == DG_OK) rc = put_fixed(&rec, n, 4, err);
    for (size_t i = 0; i < n && rc == DG_OK; i++) {
        unsigned char t = TYPE_VALUE;
        rc = dg_buf_append(&rec, &t, 1, err);
        if (rc == DG_OK) rc = put_slice(&rec, kv[i].key, strlen(kv[i].key), err);
        if (rc == DG_OK) rc = put_slice(&rec, kv[i].value, kv[i].n_value, err);
    }
    if (rc == DG_OK) rc = log_record(&crc, &db->log, rec.data, rec.len, err);
    dg_buf_fini(&rec);
    if (rc != DG_OK) {
        dr__leveldb_fini(db);
        dr__leveldb_init(db);
    }
    return rc;
}

/* ------------------------------------------------- one pair, in place */

static size_t varint_len(uint64_t v)
{
    size_t n = 1;
    for (; v >= 0x80; v >>= 7) n++;
    return n;
}

enum { MAX_VARINT = 10 };

/* The batch's head before the value: sequence, count 1, the put's type,
 * its key as a slice; the value's length (a varint) comes after it. */
size_t dr__leveldb_room(const char *key)
{
    size_t k = strlen(key);
    return 8 + 4 + 1 + varint_len(k) + k + MAX_VARINT;
}

/* The batch [0, n) of b cut into a log's records in place, as log_record
 * cuts it: record i's data moves up to i * BLOCK + HEADER, its header
 * goes before it; from the last record back, so each moves over bytes
 * already moved. The log is one record, so no block tail is padded. */
static dg_status frame_in_place(const crc_table *c, dg_buf *b, dg_error *err)
{
    size_t n = b->len, avail = BLOCK - HEADER, frags = n ? (n + avail - 1) / avail : 1;
    if (frags > (SIZE_MAX - n) / HEADER) return dg__nomem(err, "writing the leveldb log");
    dg_status rc = dr__buf_reserve(b, frags * HEADER, err);
    if (rc != DG_OK) return rc;
    for (size_t i = frags; i-- > 0;) {
        size_t from = i * avail, len = n - from < avail ? n - from : avail;
        unsigned char *at = b->data + i * BLOCK;
        memmove(at + HEADER, b->data + from, len);
        unsigned char type = frags == 1 ? FULL : i == 0 ? FIRST : i + 1 == frags ? LAST : MIDDLE;
        uint32_t crc = masked(crc32c(c, crc32c(c, 0, &type, 1), at + HEADER, len));
        unsigned char h[HEADER] = {(unsigned char)crc, (unsigned char)(crc >> 8), (unsigned char)(crc >> 16),
                                   (unsigned char)(crc >> 24), (unsigned char)len, (unsigned char)(len >> 8),
                                   type};
        memcpy(at, h, HEADER);
    }
    b->len = n + frags * HEADER;
    b->data[b->len] = '\0';
    return DG_OK;
}

dg_status dr__leveldb_take(const char *key, dg_buf *value, dr__leveldb *db, dg_error *err)
{
    crc_table crc;
    crc_init(&crc);
    size_t room = dr__leveldb_room(key), k = strlen(key);
    assert(value->len >= room);
    size_t n = value->len - room, head = room - MAX_VARINT + varint_len(n);
    dg_status rc = descriptor(&crc, db, err);
    if (rc == DG_OK) {
        /* the head written just before the value, then the batch moved
         * down to the buffer's start */
        unsigned char *p = value->data + room - head;
        for (int i = 0; i < 8; i++) *p++ = (unsigned char)(i == 0); /* sequence 1 */
        for (int i = 0; i < 4; i++) *p++ = (unsigned char)(i == 0); /* count 1 */
        *p++ = TYPE_VALUE;
        for (uint64_t v = k; ; v >>= 7) {
            *p++ = (unsigned char)(v >= 0x80 ? (v & 0x7f) | 0x80 : v);
            if (v < 0x80) break;
        }
        memcpy(p, key, k);
        p += k;
        for (uint64_t v = n; ; v >>= 7) {
            *p++ = (unsigned char)(v >= 0x80 ? (v & 0x7f) | 0x80 : v);
            if (v < 0x80) break;
        }
        memmove(value->data, value->data + room - head, head + n);
        value->len = head + n;
        rc = frame_in_place(&crc, value, err);
    }
    if (rc == DG_OK) {
        db->log = *value;
        dg_buf_init(value);
    } else {
        dg_buf_fini(value);
        dr__leveldb_fini(db);
        dr__leveldb_init(db);
    }
    return rc;
}
