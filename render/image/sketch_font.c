/* sketch_font.c -- the sketch style's lettering: a pen font of our own,
 * strokes on a 4 x 6 grid, so the map's numbers and title are the same
 * paths on every machine whatever fonts it has (cairo's text would ask
 * fontconfig), and they look drawn with the walls' pen. Capitals, digits
 * and a little punctuation; lower case is written as capitals, anything
 * else as a space. The PDF's key, which must be text a reader can copy,
 * is set in a real font by pdf.c. */
#include <ctype.h>
#include <string.h>

#include "sketch_int.h"

/* Each glyph: points as two digits (x 0..4, y 0..6, y down), a space
 * between points of one stroke, '|' lifting the pen. */
static const char *glyph(int ch)
{
    static const char *const digits[10] = {
        "10 30 41 45 36 16 05 01 10", "11 20 26|16 36", "01 10 30 41 42 06 46",
        "01 10 30 41 42 33 13|33 44 45 36 16 05", "36 30 04 44", "40 00 03 33 44 45 36 06",
        "31 20 10 01 05 16 36 45 44 33 03", "00 40 16",
        "10 30 41 42 33 13 02 01 10|13 04 05 16 36 45 44 33", "43 13 02 01 10 30 41 45 36 16",
    };
    static const char *const letters[26] = {
        "06 20 46|14 34", "00 06 36 45 44 33 03|33 42 41 30 00", "41 30 10 01 05 16 36 45",
        "00 06 26 44 42 20 00", "40 00 06 46|03 33", "40 00 06|03 33", "41 30 10 01 05 16 36 45 43 23",
        "00 06|40 46|03 43", "10 30|20 26|16 36", "40 45 36 16 05", "00 06|40 13 03|13 46", "00 06 46",
        "06 00 23 40 46", "06 00 46 40", "10 30 41 45 36 16 05 01 10", "06 00 30 41 42 33 03",
        "10 30 41 45 36 16 05 01 10|24 46", "06 00 30 41 42 33 03|23 46",
        "41 30 10 01 02 13 33 44 45 36 16 05", "00 40|20 26", "00 05 16 36 45 40", "00 26 40",
        "00 16 23 36 40", "00 46|40 06", "00 23 40|23 26", "00 40 06 46",
    };
    if (ch >= '0' && ch <= '9') return digits[ch - '0'];
    if (ch >= 'A' && ch <= 'Z') return letters[ch - 'A'];
    switch (ch) {
    case '-': return "03 33";
    case '.': return "25 26";
    case ',': return "25 17";
    case '\'': return "20 21";
    case ':': return "21 22|24 25";
    case '/': return "06 40";
    case '=': return "02 32|04 34";
    case '?': return "01 10 30 41 42 23 24|26 26"; /* the GM's mark for a hiding place */
    default: return NULL;
    }
}

/* Advance of one character, in grid units. */
#define ADVANCE 5.6
#define SPACE 4.0

static double advance_of(int ch)
{
    ch = toupper((unsigned char)ch);
    if (ch == ' ' || !glyph(ch)) return SPACE;
    if (ch == '.' || ch == ',' || ch == '\'' || ch == ':') return 3.0;
    if (ch == '1' || ch == 'I') return 4.6;
    return ADVANCE;
}

double dr__sketch_text_width(const char *s, double size)
{
    double u = 0;
    size_t n = strlen(s);
    for (size_t i = 0; i < n; i++) u += advance_of(s[i]);
    if (n) u -= ADVANCE - 4.0; /* no gap after the last letter */
    return u * size / 6.0;
}

void dr__sketch_text_path(cairo_t *cr, const char *s, double x, double y, double size)
{
    double k = size / 6.0, pen = 0;
    for (const char *p = s; *p; p++) {
        int ch = toupper((unsigned char)*p);
        const char *g = glyph(ch);
        for (bool first = true; g && *g;) {
            if (*g == '|') {
                first = true;
                g++;
                continue;
            }
            if (*g == ' ') {
                g++;
                continue;
            }
            double gx = (g[0] - '0'), gy = (g[1] - '0');
            double px = x + (pen + gx) * k, py = y + gy * k;
            if (first) cairo_move_to(cr, px, py);
            else cairo_line_to(cr, px, py);
            first = false;
            g += 2;
        }
        pen += advance_of(ch);
    }
}

void dr__sketch_text(cairo_t *cr, const char *s, double cx, double top, double size, double pen,
                     uint32_t ink, uint32_t halo)
{
    double w = dr__sketch_text_width(s, size), x = cx - w / 2;
    cairo_save(cr);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_new_path(cr);
    dr__sketch_text_path(cr, s, x, top, size);
    /* on the PNG's image, the pen's strokes worked out per pixel as the
     * walls are (sketch_ink.c): cairo's stroker was a fifteenth of the
     * default map's render for its forty words and numbers */
    cairo_path_t *p = cairo_copy_path(cr);
    bool done = p && p->status == CAIRO_STATUS_SUCCESS && (!halo || dr__sketch_ink_stroke(cr, p, pen * 4.5, halo)) &&
                dr__sketch_ink_stroke(cr, p, pen, ink);
    cairo_path_destroy(p);
    if (!done) { /* a vector surface (or no memory for the image's way) */
        if (halo) {
            dr__sketch_rgb(cr, halo);
            cairo_set_line_width(cr, pen * 4.5);
            cairo_stroke_preserve(cr);
        }
        dr__sketch_rgb(cr, ink);
        cairo_set_line_width(cr, pen);
        cairo_stroke(cr);
    }
    cairo_new_path(cr);
    cairo_restore(cr);
}
