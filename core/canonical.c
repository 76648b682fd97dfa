/* canonical.c -- the canonical option string: defaults filled, fixed key
 * order, only the keys that mean something for the chosen algorithm. Same
 * map <=> same string: the permalink and the cache key. */
#include <assert.h>
#include <inttypes.h>
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

/* Callers set a seed first (dg_options_set_seed when none was given): a
 * permalink without its seed names no map. Without one, debug builds stop
 * here and release builds print seed=0. Keys that mean nothing for the
 * algorithm are left out, so equal maps share one string. */
size_t dg_options_canonical(const dg_options *o, char *buf, size_t cap)
{
    assert(o && o->seed_given);
    size_t len = 0;
#define APPLIES(k) dg__key_applies(o, (key_id)(k))
    if (cap) buf[0] = '\0';
    put_u64(buf, cap, &len, "seed", o->seed_given ? o->seed : 0);
    put(buf, cap, &len, "algorithm", dg_algorithm_name(o->algorithm));
    put_int(buf, cap, &len, "rows", o->rows);
    put_int(buf, cap, &len, "cols", o->cols);
    if (APPLIES(K_LAYOUT)) put(buf, cap, &len, "layout", dg_layout_name(o->layout));
    if (APPLIES(K_ROOMS)) put(buf, cap, &len, "rooms", dg_room_layout_name(o->rooms));
    if (APPLIES(K_ROOM_MIN)) put_int(buf, cap, &len, "room_min", o->room_min);
    if (APPLIES(K_ROOM_MAX)) put_int(buf, cap, &len, "room_max", o->room_max);
    if (APPLIES(K_POLYMORPH)) put(buf, cap, &len, "polymorph", dg_polymorph_name(o->polymorph));
    if (APPLIES(K_DOORS)) put(buf, cap, &len, "doors", dg_door_set_name(o->doors));
    if (APPLIES(K_CORRIDORS)) put(buf, cap, &len, "corridors", dg_corridor_style_name(o->corridors));
    if (APPLIES(K_DEADENDS)) put_int(buf, cap, &len, "deadends", o->deadends);
    put_int(buf, cap, &len, "stairs", o->stairs);
    put(buf, cap, &len, "egress", dg_egress_name(o->egress));
    /* family keys, where they apply (dg__key_applies) */
    for (int k = K_CAVE_FILL; k < K_COUNT; k++) {
        if (!APPLIES(k)) continue;
        int i = dg__int_key_index((key_id)k);
        if (i >= 0) put_int(buf, cap, &len, dg__key_names[k], *dg__int_field((dg_options *)o, (size_t)i));
        else if (k == K_PILLARS) put(buf, cap, &len, dg__key_names[k], o->pillars ? "yes" : "no");
        else if (k == K_CAVES) put(buf, cap, &len, dg__key_names[k], o->caves ? "yes" : "no");
        else if (k == K_CONNECT) put(buf, cap, &len, dg__key_names[k], dg_connect_name(o->connect));
    }
    put(buf, cap, &len, "style", dg_style_name(o->style));
    put(buf, cap, &len, "grid", dg_grid_name(o->grid));
    put_int(buf, cap, &len, "cell", o->cell);
    put(buf, cap, &len, "view", dg_view_name(o->view));
    put_int(buf, cap, &len, "ppg", o->ppg);
#undef APPLIES
    return len;
}

bool dg_option_applies(const char *key, dg_algorithm a)
{
    int k = key ? dg__find_name(dg__key_names, K_COUNT, key) : -1;
    if (k < 0 || (unsigned)a >= DG_ALGO_COUNT) return false;
    return !dg__key_algos[k] || (dg__key_algos[k] & ALGO(a));
}
