/* pdf.c -- dg_pdf_encode: a handout to print. Page one is the sketch
 * drawing (sketch.c) with its legend, fitted to the paper (paper=a4 or
 * letter); the pages after it are the key as a GM prints it: the Markdown
 * key's own words (md.c), set in two columns in DejaVu, headings bold, so
 * the words are the key's and a reader can search and copy them. cairo's
 * PDF surface writes it (the key begins under the map when there is room); its creation date is fixed (the bytes may not
 * carry the clock) and the producer is cairo's version string. */
#include <stdio.h>
#include <string.h>

#include <cairo-pdf.h>

#include "sketch_int.h"

#define MARGIN 36.0
#define GUTTER 18.0
#define FACE "DejaVu Sans"

typedef struct {
    cairo_t *cr;
    double pw, ph;      /* page, pt */
    double colw;        /* a column's width */
    int col;            /* 0 or 1 */
    double y;           /* baseline of the next line */
    double top;         /* where this page's columns start (under the map on page one) */
    bool fresh;         /* nothing on this page yet */
} page;

static void new_page(page *p)
{
    cairo_show_page(p->cr);
    p->col = 0;
    p->y = p->top = MARGIN;
    p->fresh = true;
}

/* Room for h more points in this column, else the next column or page. */
static void need(page *p, double h)
{
    if (p->y + h <= p->ph - MARGIN) return;
    if (p->col == 0) {
        p->col = 1;
        p->y = p->top;
    } else {
        new_page(p);
    }
}

static void set_font(page *p, double size, bool bold, bool italic)
{
    cairo_select_font_face(p->cr, FACE, italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
                           bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(p->cr, size);
}

static double width_of(page *p, const char *s, size_t n)
{
    char tmp[1024];
    if (n >= sizeof tmp) n = sizeof tmp - 1;
    memcpy(tmp, s, n);
    tmp[n] = '\0';
    cairo_text_extents_t e;
    cairo_text_extents(p->cr, tmp, &e);
    return e.x_advance;
}

static void show(page *p, const char *s, size_t n, double x)
{
    char tmp[1024];
    if (n >= sizeof tmp) n = sizeof tmp - 1;
    memcpy(tmp, s, n);
    tmp[n] = '\0';
    cairo_move_to(p->cr, x, p->y);
    cairo_show_text(p->cr, tmp);
}

/* One paragraph s, wrapped to the column, `indent` pt in. */
static void paragraph(page *p, const char *s, double size, bool bold, bool italic, double indent, double after)
{
    set_font(p, size, bold, italic);
    double lead = size * 1.2, room = p->colw - indent;
    size_t n = strlen(s), at = 0;
    while (at < n) {
        size_t end = at, last_fit = at;
        while (end <= n) { /* longest run of whole words that fits */
            size_t next = end;
            while (next < n && s[next] != ' ') next++;
            if (width_of(p, s + at, next - at) > room && last_fit > at) break;
            last_fit = next;
            if (next >= n) break;
            end = next + 1;
        }
        if (last_fit == at) last_fit = n; /* one word longer than the column */
        need(p, lead);
        p->y += size;
        show(p, s + at, last_fit - at, MARGIN + p->col * (p->colw + GUTTER) + indent);
        p->y += lead - size;
        p->fresh = false;
        at = last_fit;
        while (at < n && s[at] == ' ') at++;
    }
    p->y += after;
}

/* Markdown's marks off a line: emphasis stars, table pipes as gaps. */
static void plain(const char *in, size_t n, char *out, size_t cap)
{
    size_t o = 0;
    for (size_t i = 0; i < n && o + 4 < cap; i++) {
        char ch = in[i];
        if (ch == '*' || ch == '`') continue;
        if (ch == '|') {
            if (i == 0 || i + 1 == n) continue;
            memcpy(out + o, " \xc2\xb7 ", 4); /* a middle dot between cells */
            o += 4;
            continue;
        }
        out[o++] = ch;
    }
    while (o && out[o - 1] == ' ') o--;
    size_t s = 0;
    while (s < o && out[s] == ' ') s++;
    memmove(out, out + s, o - s);
    out[o - s] = '\0';
}

static void key_pages(page *p, const char *md)
{
    char line[4096];
    double body = 8; /* the stat blocks after the rooms are a reference: smaller */
    for (const char *at = md; *at;) {
        const char *nl = strchr(at, '\n');
        size_t n = nl ? (size_t)(nl - at) : strlen(at);
        const char *s = at;
        at = nl ? nl + 1 : at + n;
        if (n == 0 || (n >= 3 && !strncmp(s, "---", 3)) || (n >= 4 && !strncmp(s, "|---", 4))) continue;
        int h = 0;
        while (h < (int)n && s[h] == '#') h++;
        if (h && h < (int)n && s[h] == ' ') {
            plain(s + h + 1, n - (size_t)h - 1, line, sizeof line);
            if (h == 2) body = strcmp(line, "Stat blocks") ? 8 : 7;
            static const double sizes[5] = {0, 16, 12.5, 10.5, 9};
            double size = sizes[h > 4 ? 4 : h];
            need(p, size * 3.5); /* a heading keeps a line of its text with it */
            if (!p->fresh) p->y += size * 0.5;
            paragraph(p, line, size, true, false, 0, size * 0.25);
            continue;
        }
        if (n >= 2 && s[0] == '>' && s[1] == ' ') {
            plain(s + 2, n - 2, line, sizeof line);
            paragraph(p, line, body, false, true, 8, 2.5);
            continue;
        }
        if (n >= 2 && s[0] == '-' && s[1] == ' ') {
            line[0] = '\0';
            strcpy(line, "\xe2\x80\xa2 ");
            plain(s + 2, n - 2, line + 4, sizeof line - 4);
            paragraph(p, line, body, false, false, 6, 0.5);
            continue;
        }
        bool row = s[0] == '|';
        plain(s, n, line, sizeof line);
        paragraph(p, line, body, false, s[0] == '*' && s[n - 1] == '*', 0, row ? 1 : body * 0.35);
    }
}

/* cairo's bytes into a buffer; a failed append keeps its own status
 * (out of memory), which cairo would only call a write error */
typedef struct {
    dg_buf *b;
    dg_error *err;
    dg_status rc;
} stream;

static cairo_status_t on_bytes(void *closure, const unsigned char *data, unsigned int n)
{
    stream *st = closure;
    if (st->rc == DG_OK) st->rc = dg_buf_append(st->b, data, n, st->err);
    return st->rc == DG_OK ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

dg_status dg_pdf_encode(const dg_dungeon *d, dg_buf *out, dg_error *err)
{
    dg_status rc = dr__render_check(d, err);
    if (rc != DG_OK) return rc;
    if (!out) return dg_error_set(err, DG_EINVAL, "", "", "", "no output buffer");
    dg_buf md, pdf;
    dg_buf_init(&md);
    dg_buf_init(&pdf);
    if ((rc = dg_md_encode(d, &md, err)) != DG_OK || (rc = dg_buf_append(&md, "", 1, err)) != DG_OK) {
        dg_buf_fini(&md);
        return rc;
    }
    bool letter = d->opts.paper == DG_PAPER_LETTER;
    page p = {.pw = letter ? 612.0 : 595.276, .ph = letter ? 792.0 : 841.89, .y = MARGIN, .fresh = true};
    p.colw = (p.pw - 2 * MARGIN - GUTTER) / 2;
    stream st = {&pdf, err, DG_OK};
    cairo_surface_t *s = cairo_pdf_surface_create_for_stream(on_bytes, &st, p.pw, p.ph);
    cairo_pdf_surface_restrict_to_version(s, CAIRO_PDF_VERSION_1_5);
    /* no clock in the bytes: a fixed date, the generator's name */
    cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z");
    cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR, "dungeond");
    char title[DG_STOCK_NAME_BYTES + 64];
    if (d->contents) dg_contents_name(d->contents, title, sizeof title);
    else snprintf(title, sizeof title, "Dungeon %llu", (unsigned long long)d->opts.seed);
    cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE, title);
    p.cr = cairo_create(s);

    /* page one: the map and its legend, as large as the page allows */
    dr__sketch_box b;
    dr__sketch_layout(d, true, &b);
    double k = (p.pw - 2 * MARGIN) / b.w, kh = (p.ph - 2 * MARGIN) / b.h;
    if (kh < k) k = kh;
    cairo_save(p.cr);
    cairo_translate(p.cr, (p.pw - b.w * k) / 2, MARGIN);
    cairo_scale(p.cr, k, k);
    cairo_rectangle(p.cr, 0, 0, b.w, b.h);
    cairo_clip(p.cr);
    bool player = dg_options_image_view(&d->opts, DG_FMT_PDF) == DG_VIEW_PLAYER;
    rc = dr__sketch_draw(p.cr, d, &b, player, true, err);
    cairo_restore(p.cr);
    if (rc == DG_OK) { /* the key starts under the map when a few lines fit there */
        p.y = p.top = MARGIN + b.h * k + 24;
        if (p.y > p.ph - MARGIN - 120) new_page(&p);
        cairo_set_source_rgb(p.cr, 0, 0, 0);
        key_pages(&p, (const char *)md.data);
        cairo_show_page(p.cr);
    }
    cairo_status_t cs = cairo_status(p.cr);
    cairo_destroy(p.cr);
    cairo_surface_finish(s);
    if (rc == DG_OK && st.rc != DG_OK) rc = st.rc;
    if (rc == DG_OK && (cs != CAIRO_STATUS_SUCCESS || cairo_surface_status(s) != CAIRO_STATUS_SUCCESS))
        rc = dg_error_set(err, cs == CAIRO_STATUS_NO_MEMORY ? DG_ENOMEM : DG_EIO, "", "", "", "pdf: %s",
                          cairo_status_to_string(cs != CAIRO_STATUS_SUCCESS ? cs : cairo_surface_status(s)));
    cairo_surface_destroy(s);
    if (rc == DG_OK) rc = dg_buf_append(out, pdf.data, pdf.len, err);
    dg_buf_fini(&pdf);
    dg_buf_fini(&md);
    return rc;
}
