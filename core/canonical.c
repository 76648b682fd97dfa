/* canonical.c -- the canonical option string: defaults filled, fixed key
 * order, only the keys that mean something for the chosen algorithm. Same
 * map <=> same string: the permalink and the cache key. */
#include <assert.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "options_int.h"

/* Appends "&key=value" (no '&' first) into buf, snprintf-style: len keeps
 * counting past cap so the caller learns the full length. */
static void put(char *buf, size_t cap, size_t *len, const char *key, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
static void put(char *buf, size_t cap, size_t *len, const char *key, const char *fmt, ...)
{
    char value[32];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(value, sizeof value, fmt, ap);
    va_end(ap);
    int n = snprintf(*len < cap ? buf + *len : NULL, *len < cap ? cap - *len : 0, "%s%s=%s",
                     *len ? "&" : "", key, value);
    if (n > 0) *len += (size_t)n;
}

/* Callers set a seed first (dg_options_set_seed when none was given): a
 * permalink without its seed names no map. Without one, debug builds stop
 * here and release builds print seed=0. Keys that mean nothing for the
 * algorithm are left out, so equal maps share one string. */
size_t dg_options_canonical(const dg_options *o, char *buf, size_t cap)
{
    assert(o && o->seed_given);
    size_t len = 0;
    unsigned me = ALGO(o->algorithm);
#define APPLIES(k) (!dg__key_algos[k] || (dg__key_algos[k] & me))
    if (cap) buf[0] = '\0';
    put(buf, cap, &len, "seed", "%" PRIu64, o->seed_given ? o->seed : 0);
    put(buf, cap, &len, "algorithm", "%s", dg_algorithm_name(o->algorithm));
    put(buf, cap, &len, "rows", "%d", o->rows);
    put(buf, cap, &len, "cols", "%d", o->cols);
    if (APPLIES(K_LAYOUT)) put(buf, cap, &len, "layout", "%s", dg_layout_name(o->layout));
    if (APPLIES(K_ROOMS)) put(buf, cap, &len, "rooms", "%s", dg_room_layout_name(o->rooms));
    if (APPLIES(K_ROOM_MIN)) put(buf, cap, &len, "room_min", "%d", o->room_min);
    if (APPLIES(K_ROOM_MAX)) put(buf, cap, &len, "room_max", "%d", o->room_max);
    if (APPLIES(K_POLYMORPH)) put(buf, cap, &len, "polymorph", "%s", dg_polymorph_name(o->polymorph));
    put(buf, cap, &len, "doors", "%s", dg_door_set_name(o->doors));
    if (APPLIES(K_CORRIDORS)) put(buf, cap, &len, "corridors", "%s", dg_corridor_style_name(o->corridors));
    if (APPLIES(K_DEADENDS)) put(buf, cap, &len, "deadends", "%d", o->deadends);
    put(buf, cap, &len, "stairs", "%d", o->stairs);
    put(buf, cap, &len, "egress", "%s", dg_egress_name(o->egress));
    /* family keys: caves only matter to donjon when its layout is cavernous */
    for (int k = K_CAVE_FILL; k < K_COUNT; k++) {
        if (!APPLIES(k)) continue;
        if (o->algorithm == DG_ALGO_DONJON && o->layout != DG_LAYOUT_CAVERNOUS) continue;
        int i = dg__int_key_index((key_id)k);
        if (i >= 0) put(buf, cap, &len, dg__key_names[k], "%d", *dg__int_field((dg_options *)o, (size_t)i));
        else if (k == K_PILLARS) put(buf, cap, &len, dg__key_names[k], "%s", o->pillars ? "yes" : "no");
        else if (k == K_CAVES) put(buf, cap, &len, dg__key_names[k], "%s", o->caves ? "yes" : "no");
        else if (k == K_CONNECT) put(buf, cap, &len, dg__key_names[k], "%s", dg_connect_name(o->connect));
    }
    put(buf, cap, &len, "style", "%s", dg_style_name(o->style));
    put(buf, cap, &len, "grid", "%s", dg_grid_name(o->grid));
    put(buf, cap, &len, "cell", "%d", o->cell);
    put(buf, cap, &len, "view", "%s", dg_view_name(o->view));
    put(buf, cap, &len, "ppg", "%d", o->ppg);
#undef APPLIES
    return len;
}

bool dg_option_applies(const char *key, dg_algorithm a)
{
    int k = key ? dg__find_name(dg__key_names, K_COUNT, key) : -1;
    if (k < 0 || (unsigned)a >= DG_ALGO_COUNT) return false;
    return !dg__key_algos[k] || (dg__key_algos[k] & ALGO(a));
}
