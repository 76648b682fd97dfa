/* svg_write.c -- the SVG document's writing helpers, the base every SVG
 * file builds on (svg.c, svg_features.c, svg_frame.c, svg_glyphs.c,
 * svg_texture.c): formatted text into the document, numbers of at most
 * two places written the same on every machine, colours, and a square's
 * index. Nothing here knows what is drawn. */
#include <stdarg.h>
#include <stdio.h>

#include "svg_int.h"

void dr__svg_put(dr__svg *s, const char *fmt, ...)
{
    if (s->rc != DG_OK) return;
    va_list ap;
    va_start(ap, fmt);
    s->rc = dg_buf_vprintf(s->out, s->err, fmt, ap);
    va_end(ap);
}

void dr__svg_raw(dr__svg *s, const char *p, size_t n)
{
    if (s->rc != DG_OK) return;
    s->rc = dg_buf_append(s->out, p, n, s->err);
}

/* v as a decimal of at most 2 places, trailing zeros dropped ("3", "2.5").
 * Digits by hand, not sprintf: crosshatch's SVG writes some 200,000 of
 * them and sprintf's machinery was half its time. */
const char *dr__svg_num(char *buf, double v)
{
    long k = (long)(v * 100.0 + (v < 0 ? -0.5 : 0.5));
    char *p = buf;
    if (k < 0) {
        *p++ = '-';
        k = -k;
    }
    char digits[24];
    int n = 0;
    long whole = k / 100, frac = k % 100;
    do digits[n++] = (char)('0' + whole % 10);
    while ((whole /= 10) > 0);
    while (n) *p++ = digits[--n];
    if (frac) {
        *p++ = '.';
        *p++ = (char)('0' + frac / 10);
        if (frac % 10) *p++ = (char)('0' + frac % 10);
    }
    *p = '\0';
    return buf;
}

void dr__svg_hex(char *buf, uint32_t rgb) { sprintf(buf, "#%06X", (unsigned)(rgb & 0xFFFFFF)); }

/* Index of square (x, y) in the map's cell arrays. */
size_t dr__svg_at(const dr__svg *s, int x, int y) { return (size_t)y * (size_t)s->d->width + (size_t)x; }
