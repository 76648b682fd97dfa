/* reroll.c -- the reroll key: which rooms draw their contents again, and
 * from which variant of their own stream. Items are "ROOM:VARIANT" (a room
 * of the top floor) or "FLOOR.ROOM:VARIANT", comma separated: "7:2,12:1",
 * "2.5:3". Rooms 1..DG_MAX_ROOMS, variants 1..DG_REROLL_VARIANTS, floors
 * 1..DG_MAX_FLOORS, each room at most once, at most DG_REROLL_MAX items.
 * The options keep the items sorted (floor, room), so one set of rerolls
 * has one permalink; whether a room exists is stocking's check, since
 * only the map knows. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dg_int.h"

static bool number(const char **p, int lo, int hi, int *out)
{
    const char *s = *p;
    long v = 0;
    int digits = 0;
    while (*s >= '0' && *s <= '9' && digits < 6) v = v * 10 + (*s++ - '0'), digits++;
    if (!digits || v < lo || v > hi) return false;
    *out = (int)v;
    *p = s;
    return true;
}

static int by_place(const void *a, const void *b)
{
    const dg_reroll *x = a, *y = b;
    return x->floor != y->floor ? x->floor - y->floor : x->room - y->room;
}

bool dg__reroll_parse(const char *text, dg_reroll *out, int *n, char *why, size_t cap)
{
    *n = 0;
    for (const char *p = text; *p;) {
        if (*n == DG_REROLL_MAX) {
            snprintf(why, cap, "reroll names at most %d rooms", DG_REROLL_MAX);
            return false;
        }
        dg_reroll r = {1, 0, 0};
        int first;
        if (!number(&p, 1, DG_MAX_ROOMS, &first)) {
            snprintf(why, cap, "reroll items are ROOM:VARIANT or FLOOR.ROOM:VARIANT, rooms 1..%d", DG_MAX_ROOMS);
            return false;
        }
        r.room = first;
        if (*p == '.') {
            p++;
            if (first > DG_MAX_FLOORS || !number(&p, 1, DG_MAX_ROOMS, &r.room)) {
                snprintf(why, cap, "reroll's FLOOR.ROOM: floors 1..%d, rooms 1..%d", DG_MAX_FLOORS, DG_MAX_ROOMS);
                return false;
            }
            r.floor = first;
        }
        if (*p++ != ':' || !number(&p, 1, DG_REROLL_VARIANTS, &r.variant)) {
            snprintf(why, cap, "each reroll item ends :VARIANT, a variant 1..%d", DG_REROLL_VARIANTS);
            return false;
        }
        if (*p && *p++ != ',') {
            snprintf(why, cap, "reroll items are separated by commas");
            return false;
        }
        for (int k = 0; k < *n; k++)
            if (out[k].floor == r.floor && out[k].room == r.room) {
                snprintf(why, cap, "reroll names room %d of floor %d twice", r.room, r.floor);
                return false;
            }
        out[(*n)++] = r;
    }
    qsort(out, (size_t)*n, sizeof *out, by_place);
    return true;
}

void dg__reroll_format(const dg_reroll *r, int n, char *buf, size_t cap)
{
    size_t len = 0;
    if (cap) buf[0] = '\0';
    for (int k = 0; k < n && len < cap; k++) {
        int w = r[k].floor > 1 ? snprintf(buf + len, cap - len, "%s%d.%d:%d", k ? "," : "", r[k].floor, r[k].room,
                                          r[k].variant)
                               : snprintf(buf + len, cap - len, "%s%d:%d", k ? "," : "", r[k].room, r[k].variant);
        if (w < 0) break;
        len += (size_t)w;
    }
}
