/* json_write.h -- the streaming JSON writer of libdg_render: the native
 * document (json.c) and donjon's layout (donjon.c) are written through it,
 * value by value, straight into a dg_buf; no tree is built. Never
 * installed. jansson still reads every JSON input, and is the oracle
 * tests/unit/test_json_oracle.c holds this writer's output to.
 *
 * The text is what jansson's compact dump (JSON_COMPACT) writes for the
 * same values in the same order: no spaces; "," between members and items,
 * ":" after a key; integers in plain decimal; strings as RFC 8259 has them,
 * escaped exactly as jansson does -- \" and \\, \b \f \n \r \t, every other
 * byte below 0x20 as \u00XX (upper-case hex), everything else (0x7f, '/',
 * UTF-8 beyond ASCII) as it is. Keys come in the order they are written:
 * a caller wanting sorted keys (donjon's files) writes them sorted.
 *
 * Usage: a document is a sequence of calls on one dr__jw; commas and
 * colons are the writer's business, nesting the caller's.
 *     dr__jw w;
 *     dr__jw_init(&w, out, err);
 *     dr__jw_object_begin(&w);
 *     dr__jw_key_int(&w, "x", 3);                  // "x":3
 *     dr__jw_key(&w, "doors");                     // then any one value:
 *     dr__jw_array_begin(&w); dr__jw_int(&w, 5); dr__jw_array_end(&w);
 *     dr__jw_object_end(&w);
 *     return dr__jw_finish(&w);   // DG_OK, or the first failure
 * Errors are sticky: the first failure (out of memory, a string that is not
 * UTF-8) is kept in the writer, every later call does nothing, and
 * dr__jw_finish returns it with out cut back to what it held before
 * dr__jw_init -- so a document is written without a check per call.
 * Misnesting (a key in an array, a value without its key in an object, an
 * end that does not match) is a programming error, caught by assert. */
#ifndef DG_JSON_WRITE_H
#define DG_JSON_WRITE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "render.h"

enum { DR__JW_MAX_DEPTH = 32 };

typedef struct dr__jw {
    dg_buf *out;          /* borrowed; written from its len on */
    dg_error *err;        /* borrowed, may be NULL */
    dg_status rc;         /* the first failure, DG_OK until then */
    size_t from;          /* out->len at init: a failed document is cut back to it */
    bool comma;           /* the open container holds a value: the next needs ',' */
    bool after_key;       /* a key was written, its value is due */
    unsigned depth;       /* open containers */
    uint32_t in_object;   /* bit i: container i (from the outside in) is an object */
} dr__jw;

/* Starts a document at the end of out. Owns nothing: no _fini. */
void dr__jw_init(dr__jw *w, dg_buf *out, dg_error *err);
/* Ends it: DG_OK with every container closed, else the first failure (out
 * is then as before init). out stays NUL-ended after its bytes. */
dg_status dr__jw_finish(dr__jw *w);

/* A failure met outside the writer (a phrase built in a scratch buffer for
 * a value), kept as the writer's own: the document then fails with rc. */
void dr__jw_fail(dr__jw *w, dg_status rc);

/* Containers; nesting is at most DR__JW_MAX_DEPTH deep (deeper: DG_ELIMIT). */
void dr__jw_object_begin(dr__jw *w);
void dr__jw_object_end(dr__jw *w);
void dr__jw_array_begin(dr__jw *w);
void dr__jw_array_end(dr__jw *w);

/* A member's key inside an object; exactly one value follows. keyn: the
 * n bytes at key (a name cut out of a longer string). */
void dr__jw_keyn(dr__jw *w, const char *key, size_t n);

/* Values: an item in an array, a member's value after dr__jw_key, or the
 * document itself. Strings must be UTF-8 (else DG_EINVAL naming them);
 * stringn may hold NUL bytes (written \u0000). */
void dr__jw_stringn(dr__jw *w, const char *s, size_t n);
void dr__jw_int(dr__jw *w, int64_t v);
void dr__jw_bool(dr__jw *w, bool v);
void dr__jw_null(dr__jw *w);
/* n bytes that already are one JSON value in the text above (written by
 * hand elsewhere), copied as they are. */
void dr__jw_raw(dr__jw *w, const char *json, size_t n);
/* One value appended to the writer's buffer by write(d, ctx, out, err),
 * for big arrays written by hand (json_common.c's cells, json_walls.c's
 * walls): it must append exactly one JSON value, and return its status. */
void dr__jw_splice(dr__jw *w,
                   dg_status (*write)(const dg_dungeon *d, const void *ctx, dg_buf *out, dg_error *err),
                   const dg_dungeon *d, const void *ctx);

/* NUL-ended keys and strings, and a key with its value in one call (most
 * members are just that). Inline, so a literal's length is known when
 * compiling: documents name hundreds of keys. */
static inline void dr__jw_key(dr__jw *w, const char *key) { dr__jw_keyn(w, key, strlen(key)); }
static inline void dr__jw_string(dr__jw *w, const char *s) { dr__jw_stringn(w, s, strlen(s)); }
static inline void dr__jw_key_string(dr__jw *w, const char *key, const char *s)
{
    dr__jw_key(w, key);
    dr__jw_string(w, s);
}
static inline void dr__jw_key_int(dr__jw *w, const char *key, int64_t v)
{
    dr__jw_key(w, key);
    dr__jw_int(w, v);
}
static inline void dr__jw_key_null(dr__jw *w, const char *key)
{
    dr__jw_key(w, key);
    dr__jw_null(w);
}
/* A number whose 0 means none (a room, a floor, a DC): null then. */
static inline void dr__jw_key_int_or_null(dr__jw *w, const char *key, int v)
{
    if (v) dr__jw_key_int(w, key, v);
    else dr__jw_key_null(w, key);
}

#endif
