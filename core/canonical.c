/* canonical.c -- the canonical option string: defaults filled, fixed key
 * order, only the keys that mean something for the chosen algorithm. Same
 * map <=> same string: the permalink and the cache key. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "options_int.h"

/* Appends "&key=value" (no '&' first) into buf, snprintf-style: len keeps
 * counting past cap so the caller learns the full length. Plain copies, no
 * printf: the daemon builds this string twice a request (cache key and
 * permalink), and formatting 19 pairs through snprintf cost more than
 * generating a small map's corridors. */
static void put_raw(char *buf, size_t cap, size_t *len, const char *s, size_t n)
{
    if (*len < cap) {
        size_t room = cap - *len - 1;   /* keep the terminator's byte */
        size_t k = n < room ? n : room;
        memcpy(buf + *len, s, k);
        buf[*len + k] = '\0';
    }
    *len += n;
}

static void put(char *buf, size_t cap, size_t *len, const char *key, const char *value)
{
    if (*len) put_raw(buf, cap, len, "&", 1);
    put_raw(buf, cap, len, key, strlen(key));
    put_raw(buf, cap, len, "=", 1);
    put_raw(buf, cap, len, value, strlen(value));
}

/* A text value, percent-encoded (RFC 3986: all but the unreserved
 * characters), so the string is a query string as it stands; left out
 * when empty (its default then follows from the other keys). */
static void put_text(char *buf, size_t cap, size_t *len, const char *key, const char *v)
{
    if (!*v) return;
    static const char hex[] = "0123456789ABCDEF";
    if (*len) put_raw(buf, cap, len, "&", 1);
    put_raw(buf, cap, len, key, strlen(key));
    put_raw(buf, cap, len, "=", 1);
    for (const unsigned char *p = (const unsigned char *)v; *p; p++) {
        unsigned char c = *p;
        bool plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                     c == '-' || c == '.' || c == '_' || c == '~';
        char esc[3] = {'%', hex[c >> 4], hex[c & 15]};
        if (plain) put_raw(buf, cap, len, (const char *)p, 1);
        else put_raw(buf, cap, len, esc, 3);
    }
}

static void put_u64(char *buf, size_t cap, size_t *len, const char *key, uint64_t v)
{
    char text[24], *p = text + sizeof text;
    *--p = '\0';
    do *--p = (char)('0' + v % 10); while ((v /= 10) != 0);
    put(buf, cap, len, key, p);
}

static void put_int(char *buf, size_t cap, size_t *len, const char *key, int v)
{
    if (v >= 0) {
        put_u64(buf, cap, len, key, (uint64_t)v);
        return;
    }
    char text[16];
    snprintf(text, sizeof text, "%d", v);   /* no option is negative; kept exact anyway */
    put(buf, cap, len, key, text);
}

/* Whether key k holds its default (a bool field is a bool, not an int). */
static bool at_default(const dg_options *o, key_id k)
{
    const dg_option_def *d = &dg__keys[k];
    if (d->kind == DG_KIND_BOOL) return *(const bool *)(const void *)((const char *)o + d->field) == (d->def != 0);
    return *dg__key_int((dg_options *)o, k) == d->def;
}

/* Callers set a seed first (dg_options_set_seed when none was given): a
 * permalink without its seed names no map. Without one, debug builds stop
 * here and release builds print seed=0. The rows marked canonical, group by
 * group (the map's shape, the family's keys, then drawing) in row order;
 * keys that mean nothing for the algorithm are left out, so equal maps share
 * one string. view is left out where it was not given and the format draws
 * its picture in the players' view while its walls stay the GM's
 * (dg_options_image_view): neither view=gm nor view=player makes those
 * bytes, and the absent key, read back, makes them again. */
size_t dg_options_canonical(const dg_options *o, char *buf, size_t cap)
{
    assert(o && o->seed_given);
    size_t len = 0;
    if (cap) buf[0] = '\0';
    for (int g = 0; g < DG_GROUP_COUNT; g++)
        for (int k = 0; k < K_COUNT; k++) {
            const dg_option_def *d = &dg__keys[k];
            if ((int)d->group != g || !d->canonical || !dg__key_applies(o, (key_id)k)) continue;
            /* pillars was gridmapper's before the other families took it:
             * gridmapper's permalinks keep printing it */
            if (d->omit_default && at_default(o, (key_id)k) && !(k == K_PILLARS && o->algorithm == DG_ALGO_GRIDMAPPER))
                continue;
            if (k == K_VIEW && dg_options_image_view(o, o->format) != o->view) continue; /* see below */
            if (k == K_FOUNDRY && !(dg_format_info_of(o->format) && dg_format_info_of(o->format)->foundry_target))
                continue; /* the Foundry generation means nothing to other formats' bytes */
            switch (d->kind) {
            case DG_KIND_SEED: put_u64(buf, cap, &len, d->name, o->seed_given ? o->seed : 0); break;
            case DG_KIND_TEXT: put_text(buf, cap, &len, d->name, (const char *)o + d->field); break;
            case DG_KIND_INT:
            case DG_KIND_AMOUNT: put_int(buf, cap, &len, d->name, *dg__key_int((dg_options *)o, (key_id)k)); break;
            /* names and yes/no straight from their rows: dg__key_print's
             * snprintf was half of this string's cost */
            case DG_KIND_NAME:
                put(buf, cap, &len, d->name, dg_option_value_name(d, *dg__key_int((dg_options *)o, (key_id)k)));
                break;
            case DG_KIND_BOOL:
                put(buf, cap, &len, d->name, *(const bool *)(const void *)((const char *)o + d->field) ? "yes" : "no");
                break;
            }
        }
    return len;
}

bool dg_option_applies(const char *key, dg_algorithm a)
{
    int k = key ? dg__key_id(key) : -1;
    if (k < 0 || (unsigned)a >= DG_ALGO_COUNT) return false;
    return !dg__keys[k].families || (dg__keys[k].families & ALGO(a));
}

bool dg_options_key_applies(const dg_options *o, const char *key)
{
    int k = key && o ? dg__key_id(key) : -1;
    return k >= 0 && dg__key_applies(o, (key_id)k);
}
