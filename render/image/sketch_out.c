/* sketch_out.c -- the sketch drawing (sketch.c) on cairo's image surface,
 * written as a palette PNG (sketch_png.c, png_write.c: fixed palette,
 * filter and zlib level, so the bytes are zlib's alone -- cairo's own PNG
 * writer would choose for us), and on cairo's SVG surface in px units, so the
 * SVG rasterised at its own size is the PNG's picture. legend=yes adds
 * the legend band the PDF always has; ruler is not drawn (the sketch is
 * cropped, so the key's cell numbers would not start at the edge). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cairo-svg.h>

#include "png_int.h"
#include "sketch_int.h"

/* The drawing's size at d's cell, in px; DG_ELIMIT past the image limit. */
static dg_status size_of(const dg_dungeon *d, const dr__sketch_box *b, int *w, int *h, dg_error *err)
{
    int cell = d->opts.cell;
    *w = (int)ceil(b->w * cell);
    *h = (int)ceil(b->h * cell);
    if ((long long)*w * *h > (long long)DG_PNG_MAX_PIXELS || *w > 32767 || *h > 32767) {
        char v[16];
        snprintf(v, sizeof v, "%d", cell);
        return dg_error_set(err, DG_ELIMIT, "cell", v, "", "the sketch at %d px is over the image limit; use a smaller cell",
                            cell);
    }
    return DG_OK;
}

dg_status dr__sketch_png(const dg_dungeon *d, dg_buf *out, dg_error *err)
{
    dr__sketch_box b;
    dr__sketch_layout(d, d->opts.legend, &b);
    int w, h;
    dg_status rc = size_of(d, &b, &w, &h, err);
    if (rc != DG_OK) return rc;
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
    cairo_t *cr = cairo_create(s);
    if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
        rc = dg__nomem(err, "for the sketch's image");
        goto done;
    }
    cairo_scale(cr, d->opts.cell, d->opts.cell);
    bool player = dg_options_image_view(&d->opts, DG_FMT_PNG) == DG_VIEW_PLAYER;
    if ((rc = dr__sketch_draw(cr, d, &b, player, d->opts.legend, err)) != DG_OK) goto done;
    rc = dr__sketch_png_write(s, out, err);
done:
    cairo_destroy(cr);
    cairo_surface_destroy(s);
    return rc;
}

typedef struct {
    dg_buf *out;
    dg_error *err;
    dg_status rc;
} stream;

static cairo_status_t on_bytes(void *closure, const unsigned char *data, unsigned int n)
{
    stream *st = closure;
    if (st->rc != DG_OK) return CAIRO_STATUS_WRITE_ERROR;
    st->rc = dg_buf_append(st->out, data, n, st->err);
    return st->rc == DG_OK ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

dg_status dr__sketch_svg(const dg_dungeon *d, dg_buf *out, dg_error *err)
{
    dr__sketch_box b;
    dr__sketch_layout(d, d->opts.legend, &b);
    int w, h;
    dg_status rc = size_of(d, &b, &w, &h, err);
    if (rc != DG_OK) return rc;
    stream st = {out, err, DG_OK};
    cairo_surface_t *s = cairo_svg_surface_create_for_stream(on_bytes, &st, w, h);
    cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
    cairo_t *cr = cairo_create(s);
    if (cairo_status(cr) == CAIRO_STATUS_SUCCESS) {
        cairo_scale(cr, d->opts.cell, d->opts.cell);
        bool player = dg_options_image_view(&d->opts, DG_FMT_SVG) == DG_VIEW_PLAYER;
        rc = dr__sketch_draw(cr, d, &b, player, d->opts.legend, err);
    } else {
        rc = dg__nomem(err, "for the sketch's SVG");
    }
    cairo_destroy(cr);
    cairo_surface_finish(s);
    if (rc == DG_OK && st.rc != DG_OK) rc = st.rc;
    if (rc == DG_OK && cairo_surface_status(s) != CAIRO_STATUS_SUCCESS)
        rc = dg_error_set(err, DG_EIO, "", "", "", "svg: %s", cairo_status_to_string(cairo_surface_status(s)));
    cairo_surface_destroy(s);
    return rc;
}
