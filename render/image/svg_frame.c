/* svg_frame.c -- legend=yes and ruler=yes in the SVG: the margins frame.c
 * lays out, as the PNG draws them. The map keeps its coordinates (a square
 * is still x * cell, y * cell); the viewBox grows to take the margins in
 * (negative left and top), so nothing is drawn over the map. */
#include <stdio.h>
#include <string.h>

#include "dg_contents.h"
#include "svg_int.h"

void dr__svg_frame_open(dr__svg *s, const dr__frame *f)
{
    char fl[8];
    dr__svg_hex(fl, s->st->rgb[DG_PAL_FLOOR]);
    dr__svg_put(s, "<rect class=\"frame\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", -f->left, -f->top,
                s->w + f->left + f->right, s->h + f->top + f->bottom, fl);
}

static void sample(dr__svg *s, const dr__legend_entry *in, const dr__frame *f, int size)
{
    dr__legend_entry at = *in, *e = &at; /* frame.c's image px -> the map's coordinates */
    at.x -= f->left;
    at.y -= f->top;
    int n, letter_role;
    const char *letter;
    const dr__shape *p = dr__legend_shapes(e->kind, &n, &letter, &letter_role);
    bool feature = e->kind > DG_LEG_FEATURE;
    char col[8], a[24], b[24], w[24], h[24];
    double u = size / 32.0;
    for (int k = 0; k < n; k++) {
        int role = feature ? (p[k].ink ? DG_PAL_DOOR_FILL : DG_PAL_WALL) : p[k].ink;
        dr__svg_hex(col, s->st->rgb[role]);
        if (p[k].op == 'R')
            dr__svg_put(s, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\"/>",
                        dr__svg_num(a, e->x + p[k].a * u), dr__svg_num(b, e->y + p[k].b * u),
                        dr__svg_num(w, (p[k].c - p[k].a) * u), dr__svg_num(h, (p[k].d - p[k].b) * u), col);
        else
            dr__svg_put(s, "<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"%s\"/>", dr__svg_num(a, e->x + p[k].a * u),
                        dr__svg_num(b, e->y + p[k].b * u), dr__svg_num(w, p[k].c * u), col);
    }
    if (*letter) {
        dr__svg_hex(col, s->st->rgb[letter_role]);
        dr__svg_put(s, "<text x=\"%s\" y=\"%s\" fill=\"%s\" text-anchor=\"middle\">%s</text>",
                    dr__svg_num(a, e->x + size / 2.0), dr__svg_num(b, e->y + size * 0.8), col,
                    letter[0] == '?' ? "?" : letter);
    }
}

void dr__svg_frame_close(dr__svg *s, const dr__frame *f)
{
    char lab[8], fs[24], a[24], b[24];
    dr__svg_hex(lab, s->st->rgb[DG_PAL_LABEL]);
    int c = s->c;
    dr__svg_put(s, "<g class=\"frame\" fill=\"%s\" font-family=\"monospace\" font-weight=\"bold\" font-size=\"%s\">\n",
                lab, dr__svg_num(fs, f->ch * 0.95 < f->cw / 0.62 ? f->ch * 0.95 : f->cw / 0.62)); /* a monospace
                                                         * face's 0.6 em advance fits the PNG's character box */
    if (f->step) {
        dr__svg_put(s, "<g class=\"ruler\" text-anchor=\"middle\">");
        for (int x = 0; x < s->d->width; x += f->step) {
            dr__svg_num(a, x * c + c / 2.0 + 0.5);
            dr__svg_put(s, "<text class=\"col\" data-x=\"%d\" x=\"%s\" y=\"%s\">%d</text>", x, a,
                        dr__svg_num(b, -f->top + f->ch * 0.85 + 4), x);
            dr__svg_put(s, "<text class=\"col\" data-x=\"%d\" x=\"%s\" y=\"%s\">%d</text>", x, a,
                        dr__svg_num(b, s->h + f->ch * 0.85 + 4), x);
        }
        for (int y = 0; y < s->d->height; y += f->step) {
            dr__svg_num(b, y * c + c / 2.0 + f->ch * 0.35);
            dr__svg_put(s, "<text class=\"row\" data-y=\"%d\" x=\"%d\" y=\"%s\" text-anchor=\"end\">%d</text>", y, -4, b, y);
            dr__svg_put(s, "<text class=\"row\" data-y=\"%d\" x=\"%d\" y=\"%s\" text-anchor=\"start\">%d</text>", y,
                        s->w + 4, b, y);
        }
        dr__svg_put(s, "</g>\n");
    }
    if (f->n) {
        dr__svg_put(s, "<g class=\"legend\">");
        for (int i = 0; i < f->n; i++) {
            const dr__legend_entry *e = &f->e[i];
            sample(s, e, f, c);
            dr__svg_put(s, "<text x=\"%d\" y=\"%s\">%s</text>", e->x - f->left + c + 4,
                        dr__svg_num(b, e->y - f->top + c / 2.0 + f->ch * 0.35),
                        e->text);
        }
        dr__svg_put(s, "</g>\n");
    }
    dr__svg_put(s, "</g>\n");
}
