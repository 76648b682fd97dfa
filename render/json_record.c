/* json_record.c -- a jansson object with fixed keys whose values are set
 * again and again: the rooms, doors and stairs of one JSON document after
 * another reuse the same objects instead of building and freeing them.
 * Which documents hold them, and for how long, is json.c's business.
 *
 * Why: building an object is a malloc for it, one for its hash table and
 * one for every key (copied and hashed), and freeing it all again after the
 * dump; that was a third of a small map's JSON. A record keeps, per key,
 * jansson's iterator (its slot in the object: a value is replaced without
 * looking the key up) and its own integer (set in place, no allocation).
 * The text jansson dumps is the same: keys in the order given, compact. */
#include <stdlib.h>
#include <string.h>

#include "render_int.h"

dg_status dg__rec_init(dg__rec *r, const char *const *keys, size_t n, dg_error *err)
{
    memset(r, 0, sizeof *r);
    r->obj = json_object();
    r->it = calloc(n ? n : 1, sizeof *r->it);
    r->num = calloc(n ? n : 1, sizeof *r->num);
    bool ok = r->obj && r->it && r->num;
    /* every key at once, in order, holding null until it is set */
    for (size_t k = 0; ok && k < n; k++)
        ok = json_object_set_new_nocheck(r->obj, keys[k], json_null()) == 0 &&
             (r->it[k] = json_object_iter_at(r->obj, keys[k])) != NULL;
    r->n = n;
    if (ok) return DG_OK;
    dg__rec_fini(r);
    return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory building JSON");
}

void dg__rec_fini(dg__rec *r)
{
    for (size_t k = 0; r->num && k < r->n; k++) json_decref(r->num[k]);
    json_decref(r->obj);
    free(r->it);
    free(r->num);
    memset(r, 0, sizeof *r);
}

bool dg__rec_put(dg__rec *r, size_t k, json_t *v)
{
    if (!v) return false;
    if (json_object_iter_value(r->it[k]) == v) return true; /* no refcount traffic */
    return json_object_iter_set_new(r->obj, r->it[k], json_incref(v)) == 0;
}

bool dg__rec_int(dg__rec *r, size_t k, json_int_t v)
{
    if (!r->num[k] && !(r->num[k] = json_integer(v))) return false;
    json_integer_set(r->num[k], v);
    return dg__rec_put(r, k, r->num[k]);
}

bool dg__rec_text(dg__rec *r, size_t k, const char *s, size_t n)
{
    json_t *cur = json_object_iter_value(r->it[k]);
    if (json_is_string(cur) && json_string_length(cur) == n && memcmp(json_string_value(cur), s, n) == 0)
        return true;
    /* unchecked only when ASCII (valid UTF-8, and a plain loop is far
     * cheaper than jansson's decoder): a text seed carries the user's bytes */
    unsigned char any = 0;
    for (size_t i = 0; i < n; i++) any |= (unsigned char)s[i];
    json_t *v = any < 0x80 ? json_stringn_nocheck(s, n) : json_stringn(s, n);
    return v && json_object_iter_set_new(r->obj, r->it[k], v) == 0;
}

bool dg__array_fill(json_t *a, size_t n, json_t *(*item)(void *ctx, size_t i), void *ctx)
{
    size_t have = json_array_size(a);
    while (have > n) json_array_remove(a, --have);
    for (size_t i = 0; i < n; i++) {
        json_t *v = item(ctx, i);
        if (!v) return false;
        if (i < have) {
            if (json_array_get(a, i) != v && json_array_set(a, i, v) != 0) return false;
        } else if (json_array_append(a, v) != 0) {
            return false;
        }
    }
    return true;
}
