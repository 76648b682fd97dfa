/* sketch_int.h -- private to the sketch drawing (sketch.c and its parts:
 * sketch_hatch.c, sketch_floor.c, sketch_glyphs.c, sketch_font.c,
 * sketch_frame.c) and its outputs (sketch_out.c: PNG, SVG; pdf.c). One
 * drawing, said once to a cairo context; which surface it lands on (image,
 * SVG, PDF) is the output's choice, so the three cannot drift. */
#ifndef DG_SKETCH_INT_H
#define DG_SKETCH_INT_H

#include <cairo.h>

#include "dg_contents.h"
#include "render.h"
#include "render_int.h"
#include "sketch.h"

/* The ink and paper of the style, 0xRRGGBB. */
#define DR_SK_PAPER 0xF4EFE3u    /* the sheet, rock included */
#define DR_SK_FLOOR 0xFFFFFFu    /* floors: a shade lighter, so rooms read in grey-scale */
#define DR_SK_INK 0x1E1A16u      /* walls, glyphs, numbers */
#define DR_SK_HATCH 0x3A352Eu    /* the band of strokes along the walls */
#define DR_SK_GRID 0xD2CBBEu     /* the floor grid */
#define DR_SK_WATER 0xCFDDE0u    /* pools */
#define DR_SK_RIPPLE 0x4F6E78u   /* their ripples */
#define DR_SK_TRAP 0x9E1B12u     /* the GM's marks */
#define DR_SK_SENTINEL 0x00FF00u /* the PNG's floors before their white (sketch_floor.c): no ink or blend of the sketch is this */

/* Measures of the drawing, in cells. */
#define DR_SK_GRID_W 0.035     /* the floor grid's line */
#define DR_SK_TITLE_BAND 2.6   /* the band above the map: cartouche, compass */
#define DR_SK_FOOT_BAND 1.8    /* the band below it: scale bar */
#define DR_SK_LEGEND_ROW 1.25  /* the legend's rows */
#define DR_SK_LEGEND_COL 6.5   /* and columns */

/* Where the map sits on the drawing, in cells: the crop (the open cells'
 * box with a margin) and the bands above (title, compass) and below
 * (scale bar). The drawing is w x h cells; cell (x, y)'s corner is at
 * (x - x0 + left, y - y0 + top). */
typedef struct {
    int x0, y0, x1, y1;   /* crop, cells, inclusive..exclusive */
    double left, top;     /* cells before the crop's first column and row */
    double w, h;          /* the whole drawing, cells */
} dr__sketch_box;

/* The layout of d's drawing (legend: the PDF's band of samples under it). */
void dr__sketch_layout(const dg_dungeon *d, bool legend, dr__sketch_box *b);

/* Draws d on cr, one cell = one user unit, the drawing's top-left corner
 * at the user origin (the caller scales). player: the players' view.
 * legend: the band of samples and words under the map. DG_ENOMEM only. */
dg_status dr__sketch_draw(cairo_t *cr, const dg_dungeon *d, const dr__sketch_box *b, bool player,
                          bool legend, dg_error *err);

/* sketch_floor.c: the pools of the water squares (wet: w x h flags, NULL
 * for none), then the grid, over the floors; the caller keeps them there. */
void dr__sketch_floor_marks(cairo_t *cr, const dg_dungeon *d, const dr__sketch_box *b, const unsigned char *wet);
/* sketch_floor.c: on the PNG's image, floors the caller filled with
 * DR_SK_SENTINEL (no anti-aliasing) made white with their pools and grid;
 * false (nothing done) when cr is not such an image. */
bool dr__sketch_floor_image(cairo_t *cr, const dg_dungeon *d, const dr__sketch_box *b, const unsigned char *wet);

/* sketch_frame.c: the cartouche, compass and scale bar round the map, and
 * with_legend the legend under them; the legend's entries (its rows are
 * the layout's). */
void dr__sketch_frame(cairo_t *cr, const dg_dungeon *d, const dr__sketch_box *b, bool player, bool with_legend);
int dr__sketch_legend_count(const dg_dungeon *d);

/* sketch_png.c: s (an RGB24 image surface holding the drawing) as an
 * 8-bit palette PNG appended to out; s's pixels are used up (the PNG's
 * rows are written over them). DG_ENOMEM. */
dg_status dr__sketch_png_write(cairo_surface_t *s, dg_buf *out, dg_error *err);

/* sketch_ink.c: path (lines only) stroked width wide with round joins and
 * caps in rgb, worked out per pixel when cr draws on an RGB24 image at a
 * plain scale; false (nothing drawn) otherwise, or out of memory: the
 * caller strokes it with cairo. */
bool dr__sketch_ink_stroke(cairo_t *cr, const cairo_path_t *path, double width, uint32_t rgb);
/* The image cr draws on, when pixels can be worked out on it directly (the
 * PNG's RGB24 image under a uniform scale, no rotation): the surface, the
 * scale, where user (0, 0) falls in its pixels, its size. false for any
 * other target (the SVG, the PDF): the caller strokes with cairo. */
typedef struct {
    cairo_surface_t *s;
    double scale, tx, ty;
    int w, h;
} dr__sketch_target;
bool dr__sketch_target_of(cairo_t *cr, dr__sketch_target *t);

/* sketch_hatch.c: the band of hatching along the walls, on the paper. */
dg_status dr__sketch_hatch(cairo_t *cr, const dg_dungeon *d, bool player, const dr__sketch_box *b, dg_error *err);

/* Cell (x, y) is open (off the map: not); in the players' view a secret
 * door's cell is rock. */
static inline bool dr__sketch_open(const dg_dungeon *d, int x, int y, bool player)
{
    if (x < 0 || y < 0 || x >= d->width || y >= d->height) return false;
    uint32_t c = dg_cell(d, x, y);
    return dg_cell_open(c) && !(player && (c & DG_SECRET));
}

/* sketch_glyphs.c: one door, stair or feature at cell (x, y) in user
 * units (the cell's corner), ew: its passage runs east-west. */
void dr__sketch_door(cairo_t *cr, double x, double y, dg_door_type t, bool ew, bool player);
void dr__sketch_stair(cairo_t *cr, double x, double y, bool down, dg_dir dir);
void dr__sketch_feature(cairo_t *cr, double x, double y, int kind);

/* sketch_font.c: s in the pen font, centred on cx, top at `top`, `size`
 * tall, strokes `pen` wide; halo (0: none) a paper rim under it. */
void dr__sketch_text(cairo_t *cr, const char *s, double cx, double top, double size, double pen,
                     uint32_t ink, uint32_t halo);
double dr__sketch_text_width(const char *s, double size);
void dr__sketch_text_path(cairo_t *cr, const char *s, double x, double y, double size);

static inline void dr__sketch_rgb(cairo_t *cr, uint32_t rgb)
{
    cairo_set_source_rgb(cr, ((rgb >> 16) & 255) / 255.0, ((rgb >> 8) & 255) / 255.0, (rgb & 255) / 255.0);
}

/* A number in [0, 1) from (seed, a, b, salt): the hand's wobble and the
 * hatching's choices, the same for the same seed and place whatever order
 * they are drawn in. */
double dr__sketch_noise(uint64_t seed, int64_t a, int64_t b, uint32_t salt);

/* Ink over a pixel, k (0..256) 256ths of the way: the per-pixel inkers'
 * blend (sketch_hatch.c, sketch_floor.c, sketch_ink.c), the pixel's top
 * byte set as cairo's RGB24 has it. */
static inline uint32_t dr__sketch_blend(uint32_t was, uint32_t ink, int k)
{
    int r0 = (int)(was >> 16) & 255, g0 = (int)(was >> 8) & 255, b0 = (int)was & 255;
    r0 += (((int)(ink >> 16 & 255) - r0) * k) >> 8;
    g0 += (((int)(ink >> 8 & 255) - g0) * k) >> 8;
    b0 += (((int)(ink & 255) - b0) * k) >> 8;
    return 0xFF000000u | (uint32_t)r0 << 16 | (uint32_t)g0 << 8 | (uint32_t)b0;
}

/* The blend over one ground (the paper, the floors: most pixels an inker
 * meets), tabulated per k: the same words, a look-up instead of the
 * arithmetic. */
typedef struct {
    uint32_t ground; /* 0xRRGGBB */
    uint32_t to[257];
} dr__sketch_over;

static inline void dr__sketch_over_init(dr__sketch_over *t, uint32_t ground, uint32_t ink)
{
    t->ground = ground;
    for (int k = 0; k <= 256; k++) t->to[k] = dr__sketch_blend(ground, ink, k);
}

static inline uint32_t dr__sketch_over_px(const dr__sketch_over *t, uint32_t was, uint32_t ink, int k)
{
    return (was & 0xFFFFFFu) == t->ground ? t->to[k] : dr__sketch_blend(was, ink, k);
}

#endif
