/* build_lean.c -- what the lean render library (libdg_render_lean, linked by
 * the `dungeon` CLI) leaves out, and the one place that says so.
 *
 * The anti-aliased sketch (PNG, SVG), the PDF handout (cairo) and the
 * Foundry module's zip (libzip) are the only outputs that need those two
 * libraries, and the libraries are what a process pays for at every start:
 * cairo loads pixman, fontconfig, freetype and eight X11 libraries, libzip
 * loads libcrypto (16,900 relocations), together about three quarters of
 * the CLI's start-up when it asked for none of them. So the CLI links this
 * file in their place and, before it generates anything, asks
 * dg_render_here() whether it can write the request; when not, it runs
 * `dungeon-full` (the same main.c over the whole library) with the same
 * arguments. The daemon, the tests and dungeon-full link the whole library
 * (build_full.c). The stubs below are never reached through the CLI; they
 * fail cleanly should anything else link them. */
#include "render_int.h"
#include "bundle_int.h"
#include "sketch.h"

bool dg_render_here(const dg_options *o)
{
    return o->style != DG_STYLE_SKETCH && o->format != DG_FMT_PDF && o->format != DG_FMT_FOUNDRY_BUNDLE;
}

static dg_status elsewhere(const char *what, dg_error *err)
{
    return dg_error_set(err, DG_EINVAL, "", "", "", "%s is drawn by dungeon-full, not this lean build", what);
}

dg_status dr__sketch_png(const dg_dungeon *d, dg_buf *out, dg_error *err)
{
    (void)d, (void)out;
    return elsewhere("style=sketch", err);
}

dg_status dr__sketch_svg(const dg_dungeon *d, dg_buf *out, dg_error *err)
{
    (void)d, (void)out;
    return elsewhere("style=sketch", err);
}

dg_status dg_pdf_encode(const dg_dungeon *d, dg_buf *out, dg_error *err)
{
    (void)d, (void)out;
    return elsewhere("format=pdf", err);
}

dg_status dr__zip_new(dr__zip **out, dg_error *err)
{
    *out = NULL;
    return elsewhere("format=foundry-bundle", err);
}

dg_status dr__zip_add(dr__zip *z, const char *name, const void *p, size_t n, bool deflate, dg_error *err)
{
    (void)z, (void)name, (void)p, (void)n, (void)deflate;
    return elsewhere("format=foundry-bundle", err);
}

dg_status dr__zip_add_take(dr__zip *z, const char *name, void *p, size_t n, bool deflate, dg_error *err)
{
    (void)z, (void)name, (void)n, (void)deflate;
    dg__free(p); /* taken, as the contract says, even on failure */
    return elsewhere("format=foundry-bundle", err);
}

dg_status dr__zip_finish(dr__zip *z, dg_buf *out, dg_error *err)
{
    (void)z, (void)out;
    return elsewhere("format=foundry-bundle", err);
}

void dr__zip_discard(dr__zip *z)
{
    (void)z;
}
