/* json_common.c -- what the JSON encoders share: the sanity check of a
 * dungeon before encoding, the cell grid written by hand, the doors of each
 * room by side, and the splicing of hand-written arrays into a jansson dump
 * (for vtt.c's documents, still built with jansson). The documents
 * themselves are left to json.c, donjon.c and vtt.c; the streaming writer
 * json.c and donjon.c write through is json_write.c. */
#include "render_int.h"

#include <stdlib.h>
#include <string.h>

static bool in_grid(const dg_dungeon *d, int x, int y)
{
    return x >= 0 && y >= 0 && x < d->width && y < d->height;
}

static bool dir_ok(dg_dir dir)
{
    return (int)dir >= DG_DIR_NORTH && (int)dir <= DG_DIR_EAST;
}

dg_status dr__render_check(const dg_dungeon *d, dg_error *err)
{
    if (!d || !d->cells || d->width < 1 || d->height < 1 || d->width > DG_MAX_DIM ||
        d->height > DG_MAX_DIM)
        return dg_error_set(err, DG_EINVAL, "", "", "", "no dungeon to render");
    if ((d->n_rooms && !d->rooms) || (d->n_doors && !d->doors) ||
        (d->n_stairs && !d->stairs) || (d->n_exits && !d->exits) ||
        d->n_rooms > DG_MAX_ROOMS)
        return dg_error_set(err, DG_EINVAL, "", "", "", "dungeon lists are inconsistent");
    int n_rooms = (int)d->n_rooms;
    for (size_t i = 0; i < d->n_rooms; i++) {
        const dg_room *r = &d->rooms[i];
        /* rooms are looked up by id everywhere, so ids must be positions */
        if (r->id != (int)i + 1 || (r->n_outline && !r->outline) ||
            !in_grid(d, r->x, r->y) || r->width < 1 || r->height < 1 ||
            !in_grid(d, r->x + r->width - 1, r->y + r->height - 1))
            return dg_error_set(err, DG_EINVAL, "", "", "", "room %zu is malformed", i + 1);
    }
    for (size_t i = 0; i < d->n_doors; i++) {
        const dg_door *o = &d->doors[i];
        if (!in_grid(d, o->x, o->y) || !dir_ok(o->dir) || (int)o->type < 0 ||
            o->type >= DG_DOOR_TYPE_COUNT || o->room < 1 || o->room > n_rooms ||
            o->other < 0 || o->other > n_rooms)
            return dg_error_set(err, DG_EINVAL, "", "", "", "door %zu is malformed", i);
    }
    for (size_t i = 0; i < d->n_stairs; i++) {
        const dg_stair *s = &d->stairs[i];
        if (!in_grid(d, s->x, s->y) || !dir_ok(s->dir))
            return dg_error_set(err, DG_EINVAL, "", "", "", "stair %zu is malformed", i);
    }
    for (size_t i = 0; i < d->n_exits; i++) {
        const dg_exit *e = &d->exits[i];
        if (!in_grid(d, e->x, e->y) || !dir_ok(e->dir))
            return dg_error_set(err, DG_EINVAL, "", "", "", "exit %zu is malformed", i);
    }
    return DG_OK;
}

/* Decimal digits of v at p; returns how many. The length first, then two
 * digits a step from a table, written in place: every cell of every map
 * goes through here, and most are a single digit. */
const char dr__digit_pairs[201] = "00010203040506070809101112131415161718192021222324"
                                 "25262728293031323334353637383940414243444546474849"
                                 "50515253545556575859606162636465666768697071727374"
                                 "75767778798081828384858687888990919293949596979899";

size_t dr__u32_text(char *p, uint32_t v)
{
    const char *pairs = dr__digit_pairs;
    if (v < 10) {
        p[0] = (char)('0' + v);
        return 1;
    }
    size_t n = 2;
    for (uint32_t lim = 100; n < 10 && v >= lim; lim *= 10) n++;
    char *q = p + n;
    while (v >= 100) {
        uint32_t r = v % 100u;
        v /= 100u;
        q -= 2;
        memcpy(q, pairs + 2 * r, 2);
    }
    if (v >= 10) memcpy(q - 2, pairs + 2 * v, 2);
    else q[-1] = (char)('0' + v);
    return n;
}

/* "[[c,c,...],[...]]": rows of cells[y][x], the words exactly as stored. */
static dg_status put_cells(const dg_dungeon *d, dg_buf *out, dg_error *err)
{
    size_t w = (size_t)d->width, h = (size_t)d->height;
    /* one row at a time: "," + "[" + w * (10 digits + ",") + "]" */
    char *row = dg__malloc(w * 11u + 3u);
    if (!row) return dg__nomem(err, NULL);
    dg_status rc = dg_buf_append(out, "[", 1, err);
    for (size_t y = 0; y < h && rc == DG_OK; y++) {
        const uint32_t *c = d->cells + y * w;
        char *p = row;
        if (y) *p++ = ',';
        *p++ = '[';
        for (size_t x = 0; x < w; x++) {
            if (x) *p++ = ',';
            if (c[x] < 10) *p++ = (char)('0' + c[x]); /* most cells: no call */
            else p += dr__u32_text(p, c[x]);
        }
        *p++ = ']';
        rc = dg_buf_append(out, row, (size_t)(p - row), err);
    }
    dg__free(row);
    if (rc == DG_OK) rc = dg_buf_append(out, "]", 1, err);
    return rc;
}

/* The state of one dump: jansson's chunks go straight into out (no
 * json_dumps text to copy and search afterwards), and each splice's writer
 * runs where its placeholder would have been written. */
typedef struct {
    const dr__json_splice *sp;
    size_t n, next;
    size_t from;                 /* out->len when the dump began */
    const dg_dungeon *d;
    dg_buf *out;
    dg_error *err;
    dg_status rc;
} dumper;

/* jansson writes a null as the one chunk "null", straight after its key and
 * ':'. Inside a string every '"' is escaped and "null" is never a chunk of
 * its own, so `,"key":` or `{"key":` then "null" is a key with a null value;
 * splices come in document order, and the first such key is the
 * placeholder (the documents hold no other null under those names). */
static bool at_placeholder(const dumper *c, const char *buf, size_t size)
{
    if (c->next >= c->n || size != 4 || memcmp(buf, "null", 4) != 0) return false;
    const char *key = c->sp[c->next].key;
    size_t klen = strlen(key), have = c->out->len - c->from;
    if (have < klen + 4) return false;
    const char *t = (const char *)c->out->data + c->out->len - (klen + 4);
    return (t[0] == ',' || t[0] == '{') && t[1] == '"' && memcmp(t + 2, key, klen) == 0 &&
           t[klen + 2] == '"' && t[klen + 3] == ':';
}

/* The rare chunks: a placeholder to splice, or one that needs the buffer
 * to grow. Kept out of line so dump_chunk stays a leaf function without
 * registers to save. */
__attribute__((noinline)) static int dump_slow(dumper *c, const char *buf, size_t size)
{
    /* jansson goes on after a failed chunk in places (an object's keys):
     * the first failure stays, and the bytes after it are dropped */
    if (c->rc != DG_OK) return -1;
    if (at_placeholder(c, buf, size)) {
        const dr__json_splice *sp = &c->sp[c->next++];
        c->rc = sp->write(c->d, sp->ctx, c->out, c->err);
    } else {
        c->rc = dg_buf_append(c->out, buf, size, c->err);
    }
    return c->rc == DG_OK ? 0 : -1;
}

/* jansson calls this for every key, quote, comma and number (over a
 * thousand times a document), so the usual case is kept to a copy: most
 * chunks are one byte, and the NUL dg_buf keeps after its bytes is written
 * once, when the dump ends (len < cap leaves room for it). */
static int dump_chunk(const char *buf, size_t size, void *data)
{
    dumper *c = data;
    dg_buf *b = c->out;
    if ((size != 4 || memcmp(buf, "null", 4) != 0) && b->len + size < b->cap) {
        if (size == 1) b->data[b->len] = (unsigned char)buf[0];
        else memcpy(b->data + b->len, buf, size);
        b->len += size;
        return 0;
    }
    return dump_slow(c, buf, size);
}

dg_status dr__json_emit_splices(json_t *root, const dr__json_splice *sp, size_t n, size_t flags,
                                const dg_dungeon *d, dg_buf *out, dg_error *err)
{
    dumper c = {sp, n, 0, out->len, d, out, err, DG_OK};
    if (json_dump_callback(root, dump_chunk, &c, flags | JSON_COMPACT) != 0 && c.rc == DG_OK)
        c.rc = dg__nomem(err, "encoding JSON");
    else if (c.rc == DG_OK && c.next < n)
        c.rc = dg_error_set(err, DG_EINVAL, "", "", "", "no %s placeholder in the document",
                            sp[c.next].key);
    if (c.rc != DG_OK) out->len = c.from; /* a failed encode leaves out as it was */
    if (out->data) out->data[out->len] = '\0';
    return c.rc;
}

dg_status dr__json_put_cells(const dg_dungeon *d, const void *ctx, dg_buf *out, dg_error *err)
{
    (void)ctx;
    return put_cells(d, out, err);
}

dg_status dr__door_sides_build(const dg_dungeon *d, dr__door_sides *s, dg_error *err)
{
    size_t slots = 4 * d->n_rooms;
    /* first[] one longer while counting; every door under at most two rooms */
    size_t *m = dg__calloc(2 * slots + 1 + 2 * d->n_doors + 1, sizeof *m);
    s->first = m;
    s->count = m ? m + slots + 1 : NULL;
    s->door = m ? s->count + slots : NULL;
    if (!m) return dg__nomem(err, NULL);
    for (size_t i = 0; i < d->n_doors; i++) {
        const dg_door *o = &d->doors[i];
        if (o->room > 0) s->first[4 * (size_t)(o->room - 1) + o->dir + 1]++;
        if (o->other > 0) s->first[4 * (size_t)(o->other - 1) + dr__dir_opposite(o->dir) + 1]++;
    }
    for (size_t k = 1; k <= slots; k++) s->first[k] += s->first[k - 1];
    for (size_t i = 0; i < d->n_doors; i++) {
        const dg_door *o = &d->doors[i];
        int ids[2] = {o->room, o->other};
        dg_dir dirs[2] = {o->dir, dr__dir_opposite(o->dir)};
        for (int k = 0; k < 2; k++) {
            if (ids[k] < 1) continue;
            size_t slot = 4 * (size_t)(ids[k] - 1) + dirs[k], n = s->count[slot];
            size_t *list = s->door + s->first[slot];
            if (n && d->doors[list[n - 1]].x == o->x && d->doors[list[n - 1]].y == o->y) continue;
            list[n] = i;
            s->count[slot] = n + 1;
        }
    }
    return DG_OK;
}

void dr__door_sides_fini(dr__door_sides *s)
{
    dg__free(s->first);
    memset(s, 0, sizeof *s);
}
