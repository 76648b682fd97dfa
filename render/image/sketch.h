/* sketch.h -- the sketch's two image outputs, as the rest of render calls
 * them (png.c, svg.c) without cairo's headers: the drawing itself is
 * sketch_int.h's, and the CLI's lean library stands in for it
 * (build_lean.c). */
#ifndef DG_SKETCH_H
#define DG_SKETCH_H

#include "render.h"

/* sketch_out.c: d's sketch as a PNG (RGB, our libpng writer) or an SVG
 * (cairo's SVG surface), appended to out. */
dg_status dr__sketch_png(const dg_dungeon *d, dg_buf *out, dg_error *err);
dg_status dr__sketch_svg(const dg_dungeon *d, dg_buf *out, dg_error *err);

#endif
