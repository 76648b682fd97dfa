/* json_walls.c -- the "walls" array of the native JSON document (json.c),
 * written by hand from the segments walls.c traces: a big map has hundreds
 * of thousands of them, and jansson would spend a value on every number.
 * What a segment means is json.c's header comment. */
#include <string.h>

#include "render_int.h"

/* v / den cells after p as dr__unit_text writes it; returns the end. The
 * usual den 2 (half cells) inline, since every wall has four of these. */
static char *unit_text(char *p, int v, int den)
{
    if (den != 2) return p + dr__unit_text(p, v, den);
    uint32_t whole = (uint32_t)v >> 1; /* v >= 0 */
    if (whole < 10) {
        *p++ = (char)('0' + whole);
    } else if (whole < 100) {
        memcpy(p, dr__digit_pairs + 2 * whole, 2);
        p += 2;
    } else {
        p += dr__u32_text(p, whole);
    }
    if (v & 1) {
        memcpy(p, ".5", 2);
        p += 2;
    }
    return p;
}

/* What ends a wall's text after its coordinates: the kind (a door's index
 * follows "door"), padded to a fixed copy of TAIL bytes. */
enum { TAIL = 24 };
static const char tail_wall[TAIL] = ",\"kind\":\"wall\"}";
static const char tail_object[TAIL] = ",\"kind\":\"object\"}";
static const char tail_door[TAIL] = ",\"kind\":\"door\",\"door\":";

/* {"x0":..,"y0":..,"x1":..,"y1":..,"kind":"..."[,"door":i]} at p; returns
 * the length (under 128; p has TAIL bytes more). Formatted by hand, not
 * with snprintf: a big map has hundreds of thousands of these, and the
 * digits are the same. Fixed-size copies, which compile to a few moves. */
static size_t wall_text(char *p, int x0, int y0, int x1, int y1, int den, const char *tail,
                        size_t tail_len, long door)
{
    char *q = p;
    memcpy(q, "{\"x0\":", 6);
    q = unit_text(q + 6, x0, den);
    memcpy(q, ",\"y0\":", 6);
    q = unit_text(q + 6, y0, den);
    memcpy(q, ",\"x1\":", 6);
    q = unit_text(q + 6, x1, den);
    memcpy(q, ",\"y1\":", 6);
    q = unit_text(q + 6, y1, den);
    memcpy(q, tail, TAIL);
    q += tail_len;
    if (door >= 0) {
        q += dr__u32_text(q, (uint32_t)door);
        *q++ = '}';
    }
    return (size_t)(q - p);
}

/* The walls splice: written by hand, since a big map has hundreds of
 * thousands of segments and jansson would spend a value on every number.
 * Gathered in a stack chunk and appended a few kilobytes at a time. */
dg_status dr__json_put_walls(const dg_dungeon *d, const void *ctx, dg_buf *out, dg_error *err)
{
    const dr__walls *w = ctx;
    (void)d;
    char s[4096];
    size_t len = 0, n = 0;
    dg_status rc = DG_OK;
    s[len++] = '[';
    for (size_t i = 0; i < w->n_walls + w->n_portals && rc == DG_OK; i++, n++) {
        if (len > sizeof s - 160) { /* one more wall always fits below this */
            rc = dg_buf_append(out, s, len, err);
            len = 0;
        }
        if (n) s[len++] = ',';
        if (i < w->n_walls) {
            const dr__wall *g = &w->walls[i];
            len += g->object ? wall_text(s + len, g->x0, g->y0, g->x1, g->y1, w->den, tail_object,
                                         strlen(tail_object), -1)
                             : wall_text(s + len, g->x0, g->y0, g->x1, g->y1, w->den, tail_wall,
                                         strlen(tail_wall), -1);
        } else {
            const dr__portal *p = &w->portals[i - w->n_walls];
            len += wall_text(s + len, p->x0, p->y0, p->x1, p->y1, w->den, tail_door,
                             strlen(tail_door), (long)p->door);
        }
    }
    s[len++] = ']';
    if (rc == DG_OK) rc = dg_buf_append(out, s, len, err);
    return rc;
}
