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

/* v as a decimal of at most 2 places, trailing zeros dropped ("3", "2.5"). */
const char *dr__svg_num(char *buf, double v)
{
    long k = (long)(v * 100.0 + (v < 0 ? -0.5 : 0.5));
    char *p = buf;
    if (k < 0) {
        *p++ = '-';
        k = -k;
    }
    p += sprintf(p, "%ld", k / 100);
    if (k % 100) {
        p += sprintf(p, ".%02ld", k % 100);
        if (p[-1] == '0') *--p = '\0';
    }
    return buf;
}

void dr__svg_hex(char *buf, uint32_t rgb) { sprintf(buf, "#%06X", (unsigned)(rgb & 0xFFFFFF)); }

/* Index of square (x, y) in the map's cell arrays. */
size_t dr__svg_at(const dr__svg *s, int x, int y) { return (size_t)y * (size_t)s->d->width + (size_t)x; }
