/* bundle_scene.c -- a floor's Foundry scene for format=foundry-bundle,
 * written into the bundle's JSON without ever being a jansson tree: the
 * scene format=foundry writes (foundry_scene.c, called, never copied) is appended to
 * the bundle's buffer and rewritten in place, token by token, into what
 * the bundle used to get from reading it back with jansson, setting its
 * own members and dumping it: compact, reals to 15 digits, every whole
 * real an integer (as JavaScript writes it, so Foundry's CLI repacks the
 * scene unchanged), the bundle's members set as json_object_set_new sets
 * them. A 401x401 scene's walls as a jansson tree took some 250 MB for
 * 19 MB of text; rewritten in place they take the text alone.
 *
 * The rewrite writes behind where it reads (a gap of GAP bytes between):
 * dropping whitespace and dumping a token the way jansson would never
 * lengthens it, so only a set value can use up the gap, and then the rest
 * of the text moves up to make more. Tokens jansson writes differently
 * from how they may come (a real, a string with an escape or a byte past
 * ASCII, an integer that is not plain) go through jansson itself, one
 * token at a time, so its bytes are jansson's by construction; the rest
 * (integers, plain strings, punctuation: nearly all of a scene) are
 * copied. What the bundle sets is left to foundry_bundle.c. */
#include <assert.h>
#include <string.h>

#include "bundle_int.h"

#define GAP 4096
#define MAX_DEPTH 32 /* a scene nests 5 deep */
#define DUMP_FLAGS (JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15) | JSON_ENCODE_ANY)

typedef struct {
    dg_buf *out;
    size_t w;    /* where the next output byte goes */
    size_t r;    /* the next byte of text to read; w <= r */
    size_t end;  /* the end of the text (out->len while rewriting) */
    dg_error *err;
    dg_status rc;
} rewrite;

typedef struct {
    bool object;
    bool any;                  /* a member or item is written: the next needs ',' */
    const dr__scene_set *sets; /* an object's members to set, or NULL */
    size_t n_sets;
    uint32_t done;             /* bit i: sets[i] is written */
} frame;

static dg_status nomem(rewrite *x)
{
    if (x->rc == DG_OK) x->rc = dg__nomem(x->err, "writing the foundry bundle's scene");
    return x->rc;
}

static dg_status bad(rewrite *x)
{
    if (x->rc == DG_OK)
        x->rc = dg_error_set(x->err, DG_EINVAL, "", "", "", "the foundry scene is not the JSON it should be");
    return x->rc;
}

/* At least n bytes between w and r: else the unread text moves up. */
static bool make_room(rewrite *x, size_t n)
{
    if (x->rc != DG_OK) return false;
    if (x->r - x->w >= n) return true;
    size_t more = n - (x->r - x->w) + GAP;
    dg_buf *b = x->out;
    if (dr__buf_reserve(b, more, x->err) != DG_OK) return nomem(x), false;
    memmove(b->data + x->r + more, b->data + x->r, x->end - x->r);
    x->r += more;
    x->end += more;
    b->len = x->end;
    return true;
}

static void put(rewrite *x, const void *p, size_t n)
{
    if (!make_room(x, n)) return;
    memcpy(x->out->data + x->w, p, n);
    x->w += n;
}

/* The next n bytes of text, as they are. */
static void copy(rewrite *x, size_t n)
{
    if (x->rc != DG_OK) return;
    memmove(x->out->data + x->w, x->out->data + x->r, n);
    x->w += n;
    x->r += n;
}

static int dump_cb(const char *s, size_t n, void *data)
{
    rewrite *x = data;
    put(x, s, n);
    return x->rc == DG_OK ? 0 : -1;
}

/* v as the bundle's dump writes it. */
static void dump(rewrite *x, const json_t *v)
{
    if (x->rc != DG_OK) return;
    if (json_dump_callback(v, dump_cb, x, DUMP_FLAGS) && x->rc == DG_OK) nomem(x);
}

static const char *text(const rewrite *x) { return (const char *)x->out->data; }

static void skip_ws(rewrite *x)
{
    const char *t = text(x);
    while (x->r < x->end && (t[x->r] == ' ' || t[x->r] == '\n' || t[x->r] == '\t' || t[x->r] == '\r')) x->r++;
}

/* The length of the string token at r (quotes included), 0 if it does not
 * end; *plain: no escape, nothing but printable ASCII. */
static size_t string_len(const rewrite *x, bool *plain)
{
    const unsigned char *t = x->out->data;
    *plain = true;
    for (size_t i = x->r + 1; i < x->end; i++) {
        if (t[i] == '"') return i + 1 - x->r;
        if (t[i] == '\\') {
            *plain = false;
            i++;
        } else if (t[i] < 0x20 || t[i] >= 0x80) {
            *plain = false;
        }
    }
    return 0;
}

/* The length of the number token at r; *plain: an integer jansson writes
 * back as it is (no sign on a zero, no leading zero, at most 18 digits). */
static size_t number_len(const rewrite *x, bool *plain)
{
    const char *t = text(x);
    size_t i = x->r, digits = 0;
    bool other = false;
    if (i < x->end && t[i] == '-') i++;
    size_t first = i;
    for (; i < x->end; i++) {
        char c = t[i];
        if (c >= '0' && c <= '9') digits++;
        else if (c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') other = true;
        else break;
    }
    *plain = !other && digits >= 1 && digits <= 18 && (t[first] != '0' || digits == 1) &&
             !(t[first] == '0' && first > x->r);
    return i - x->r;
}

/* A token jansson reads (n bytes at r) and writes itself, a whole real
 * as an integer. */
static json_t *load_token(rewrite *x, size_t n)
{
    json_error_t je;
    json_t *v = json_loadb(text(x) + x->r, n, JSON_DECODE_ANY, &je);
    if (!v) {
        /* our own encoder's text always parses: what fails is jansson's
         * memory (its error text may then be anything or nothing) */
        nomem(x);
        return NULL;
    }
    x->r += n;
    if (json_is_real(v)) {
        double r = json_real_value(v);
        if (r == (double)(json_int_t)r) {
            json_decref(v);
            if (!(v = json_integer((json_int_t)r))) nomem(x);
        }
    }
    return v;
}

static void scalar(rewrite *x)
{
    const char *t = text(x);
    char c = t[x->r];
    bool plain;
    size_t n;
    if (c == '"') {
        if (!(n = string_len(x, &plain))) return (void)bad(x);
    } else if (c == '-' || (c >= '0' && c <= '9')) {
        n = number_len(x, &plain);
    } else {
        static const char *const words[] = {"true", "false", "null"};
        for (size_t i = 0; i < 3; i++) {
            size_t k = strlen(words[i]);
            if (x->end - x->r >= k && memcmp(t + x->r, words[i], k) == 0) return copy(x, k);
        }
        return (void)bad(x);
    }
    if (plain) return copy(x, n);
    json_t *v = load_token(x, n);
    dump(x, v);
    json_decref(v);
}

/* Past the value at r, writing nothing (a member the bundle replaces). */
static void skip_value(rewrite *x)
{
    const char *t = text(x);
    bool plain;
    skip_ws(x);
    size_t depth = 0;
    do {
        if (x->r >= x->end) return (void)bad(x);
        char c = t[x->r];
        if (c == '"') {
            size_t n = string_len(x, &plain);
            if (!n) return (void)bad(x);
            x->r += n;
            continue;
        }
        if (c == '{' || c == '[') {
            depth++;
        } else if (c == '}' || c == ']') {
            if (!depth) return (void)bad(x);
            depth--;
        } else if (!depth) { /* a number or a word: to the next delimiter */
            while (x->r < x->end && !strchr(",}] \t\r\n", t[x->r])) x->r++;
            return;
        }
        x->r++;
    } while (depth > 0);
}

static void put_key(rewrite *x, const char *key)
{
    put(x, "\"", 1);
    put(x, key, strlen(key)); /* the bundle's keys are plain ASCII */
    put(x, "\":", 2);
}

/* A set's value: its json, or a new object of its own sets. */
static void put_set_value(rewrite *x, const dr__scene_set *s)
{
    if (!s->sub) return dump(x, s->value);
    put(x, "{", 1);
    for (size_t i = 0; i < s->n_sub; i++) {
        if (i) put(x, ",", 1);
        put_key(x, s->sub[i].key);
        put_set_value(x, &s->sub[i]);
    }
    put(x, "}", 1);
}

/* The key at r of an object in f: written (with its ',' and ':'); the set
 * it names, or NULL. */
static const dr__scene_set *key(rewrite *x, frame *f)
{
    bool plain;
    size_t n = text(x)[x->r] == '"' ? string_len(x, &plain) : 0;
    if (!n) return bad(x), NULL;
    if (f->any) put(x, ",", 1);
    f->any = true;
    const char *name;
    size_t len;
    json_t *v = NULL;
    size_t at = x->w;
    if (plain) {
        copy(x, n);
        name = text(x) + at + 1;
        len = n - 2;
    } else {
        v = load_token(x, n);
        dump(x, v);
        name = v ? json_string_value(v) : "";
        len = v ? json_string_length(v) : 0;
    }
    const dr__scene_set *hit = NULL;
    for (size_t i = 0; i < f->n_sets && x->rc == DG_OK; i++)
        if (!(f->done >> i & 1) && strlen(f->sets[i].key) == len && memcmp(f->sets[i].key, name, len) == 0) {
            f->done |= 1u << i;
            hit = &f->sets[i];
        }
    json_decref(v);
    skip_ws(x);
    if (x->rc == DG_OK && (x->r >= x->end || text(x)[x->r] != ':')) bad(x);
    if (x->rc == DG_OK) copy(x, 1);
    return x->rc == DG_OK ? hit : NULL;
}

/* An object's end: the sets it did not have, in their order, then '}'. */
static void close_object(rewrite *x, frame *f)
{
    for (size_t i = 0; i < f->n_sets; i++) {
        if (f->done >> i & 1) continue;
        if (f->any) put(x, ",", 1);
        f->any = true;
        put_key(x, f->sets[i].key);
        put_set_value(x, &f->sets[i]);
    }
    put(x, "}", 1);
}

/* The rewrite: one value at r, the top one an object taking sets. An
 * explicit stack, as deep as the scene's nesting. */
static void run(rewrite *x, const dr__scene_set *sets, size_t n_sets)
{
    frame stack[MAX_DEPTH];
    size_t depth = 0;
    enum { VALUE, FIRST, NEXT, AFTER } want = VALUE;
    const dr__scene_set *into = NULL; /* the set whose object opens next */
    skip_ws(x);
    if (x->r >= x->end || text(x)[x->r] != '{') return (void)bad(x);
    while (x->rc == DG_OK) {
        skip_ws(x);
        if (x->r >= x->end) return (void)bad(x);
        char c = text(x)[x->r];
        frame *f = depth ? &stack[depth - 1] : NULL;
        char close = f && f->object ? '}' : ']';
        if (want == AFTER || (want == FIRST && c == close)) {
            if (want == AFTER && c == ',') {
                x->r++;
                want = NEXT;
                continue;
            }
            if (c != close) return (void)bad(x);
            x->r++;
            if (f->object) close_object(x, f);
            else put(x, "]", 1);
            if (!--depth) {
                skip_ws(x);
                if (x->r != x->end) bad(x); /* text after the scene */
                return;
            }
            want = AFTER;
            continue;
        }
        if (f && f->object && want != VALUE) {
            const dr__scene_set *s = key(x, f);
            want = VALUE;
            if (!s || x->rc != DG_OK) continue;
            skip_ws(x);
            if (s->sub && x->r < x->end && text(x)[x->r] == '{') {
                into = s; /* its object stays, the set's members set into it */
            } else {
                skip_value(x);
                put_set_value(x, s);
                want = AFTER;
            }
            continue;
        }
        if (f && !f->object) {
            if (f->any) put(x, ",", 1);
            f->any = true;
        }
        if (c == '{' || c == '[') {
            if (depth == MAX_DEPTH) {
                x->rc = dg_error_set(x->err, DG_ELIMIT, "", "", "", "the foundry scene is nested too deep");
                return;
            }
            copy(x, 1);
            frame *g = &stack[depth++];
            *g = (frame){.object = c == '{'};
            if (depth == 1) {
                g->sets = sets;
                g->n_sets = n_sets;
            } else if (into && g->object) {
                g->sets = into->sub;
                g->n_sets = into->n_sub;
            }
            into = NULL;
            want = FIRST;
        } else {
            scalar(x);
            want = AFTER;
        }
    }
}

dg_status dr__scene_rewrite(dg_buf *out, size_t to, size_t from, const dr__scene_set *sets, size_t n_sets,
                            dg_error *err)
{
    assert(to <= from && from <= out->len && n_sets <= 32);
    for (size_t i = 0; i < n_sets; i++) assert(!sets[i].sub || sets[i].n_sub <= 32);
    rewrite x = {out, to, from, out->len, err, DG_OK};
    run(&x, sets, n_sets);
    out->len = x.rc == DG_OK ? x.w : to;
    if (out->data) out->data[out->len] = '\0';
    return x.rc;
}

dg_status dr__bundle_scene(const dr__foundry_plan *p, const dr__scene_set *sets, size_t n_sets, dg_buf *out,
                           dg_error *err)
{
    size_t start = out->len;
    dg_status rc = dr__buf_reserve(out, GAP, err);
    if (rc != DG_OK) return rc;
    out->len = start + GAP; /* the scene's text goes after the gap */
    if ((rc = dr__foundry_scene(p, out, err)) != DG_OK) {
        out->len = start;
        return rc;
    }
    return dr__scene_rewrite(out, start, start + GAP, sets, n_sets, err);
}
