/* svg_int.h -- shared by svg.c (the document, floors, grid, rooms) and
 * svg_glyphs.c (door and stair symbols); never installed. */
#ifndef DG_SVG_INT_H
#define DG_SVG_INT_H

#include "png_int.h"
#include "render_int.h"

/* One SVG document in progress: the map, its style, the output and the
 * first error (every writer does nothing once rc is set). */
typedef struct {
    const dg_dungeon *d;
    const dr__png_style *st;
    dg_buf *out;
    dg_error *err;
    dg_status rc;
    int c, wall, w, h;          /* px per cell, wall px, image px */
    dr__canvas cv;               /* only d, player: for dr__canvas_open */
    unsigned char *open;        /* per cell: open in this view */
    unsigned char *wet;         /* per cell: a water square (pools' bars) */
    dr__cave_grid cave;         /* the PNG's cave outline at this cell size */
    bool caves;                 /* the map has caves the outline shapes */
    int *run_x0, *run_x1, *run_y0; /* merge state of the rectangle writer */
} dr__svg;

/* Appends printf-style text to s->out; a no-op after an error. */
void dr__svg_put(dr__svg *s, const char *fmt, ...);
/* v as a decimal of at most 2 places, trailing zeros dropped ("3", "2.5"),
 * written at buf (24 bytes); returns buf. */
const char *dr__svg_num(char *buf, double v);
/* n bytes of p as they are (no format). */
void dr__svg_raw(dr__svg *s, const char *p, size_t n);
/* "#RRGGBB" at buf (8 bytes). */
void dr__svg_hex(char *buf, uint32_t rgb);
/* Index of cell (x, y) in the map's per-cell arrays. */
size_t dr__svg_at(const dr__svg *s, int x, int y);
/* svg_glyphs.c: the door and stair symbols the map uses, defined once,
 * then one <use> per door and stair, turned with its wall or corridor. */
void dr__svg_glyphs(dr__svg *s);
/* svg_features.c: the water pattern, the pools' clip (the floors) and the
 * glyphs' symbols (in <defs>, after the floors' shapes), then in each
 * room's group its pools and features (both views). */
/* svg_texture.c: the rock's texture as the PNG draws it (texture.c's
 * tiles and picks), after the rock and before the floors. */
void dr__svg_texture(dr__svg *s);
/* svg_frame.c: the frame's background (first, under everything) and its
 * ruler and legend (last); f from dr__frame_layout. */
void dr__svg_frame_open(dr__svg *s, const dr__frame *f);
void dr__svg_frame_close(dr__svg *s, const dr__frame *f);
void dr__svg_feature_defs(dr__svg *s);
void dr__svg_room_features(dr__svg *s, int room);

#endif
