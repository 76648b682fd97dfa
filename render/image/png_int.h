/* png_int.h -- private to the PNG renderer (png.c, style.c, grid_draw.c,
 * glyphs.c, texture.c): the style record, the canvas every pass draws on and
 * the passes themselves. Never installed; gd types stay behind this header. */
#ifndef DG_PNG_INT_H
#define DG_PNG_INT_H

#include <gd.h>

#include "dg_common.h"
#include "render.h"
#include "render_int.h"

/* Palette roles. A style gives one colour per role; the canvas holds role
 * indices. At 4 bits a pixel the image palette is exactly this list in this
 * order, so a role's index is its pixel value; a style of at most four
 * distinct colours is written at 2 bits, one palette entry per colour, and
 * png_write.c maps each role to its colour's entry. */
#define DG_PAL_ROLES(X)                                                       \
    X(DG_PAL_ROCK, "rock")           /* solid rock, the image background */   \
    X(DG_PAL_FLOOR, "floor")         /* open cells */                         \
    X(DG_PAL_WALL, "wall")           /* every open/solid boundary */          \
    X(DG_PAL_GRID, "grid")           /* grid lines over floor */              \
    X(DG_PAL_ROCK_GRID, "rock_grid") /* grid lines over rock */               \
    X(DG_PAL_LABEL, "label")         /* room numbers */                       \
    X(DG_PAL_DOOR, "door")           /* door outlines, portcullis bars */     \
    X(DG_PAL_DOOR_FILL, "door_fill") /* inside of a door leaf */              \
    X(DG_PAL_TRAP, "trap")           /* GM-only marks: traps, secret S */     \
    X(DG_PAL_STAIR, "stair")         /* stair treads */                       \
    X(DG_PAL_TEX1, "tex1")           /* texture ink, strong */                \
    X(DG_PAL_TEX2, "tex2")           /* texture ink, faint */                 \
    X(DG_PAL_WATER, "water")         /* water on the floor (features) */      \
    X(DG_PAL_WATER_INK, "water_ink") /* its ripples */
#define DG_X(code, name) code,
typedef enum { DG_PAL_ROLES(DG_X) DG_PAL_COUNT } dr__pal_role;
#undef DG_X
_Static_assert(DG_PAL_COUNT <= 16, "the PNG is written at most 4 bits a pixel");
/* A role colour with this bit set: the role does not occur in the image,
 * and the palette leaves it out (a map without water keeps the palette it
 * had before water had roles). */
#define DG_PAL_ABSENT 0x1000000u

/* Procedural decoration of rock; every draw comes from the style stream. */
typedef enum {
    DG_TEX_NONE,    /* flat colour (plus rock grid if the style has one) */
    DG_TEX_HATCH,   /* pen hatching in the rock along the walls */
    DG_TEX_SPECKLE, /* ink flecks and stains, all rock */
    DG_TEX_STONE,   /* solid stone, flecked and veined, no joints */
    DG_TEX_WAVES,   /* ripples, all rock */
    DG_TEX_EMBERS,  /* cracks and embers, all rock */
} dr__texture;

typedef struct {
    const char *name;              /* == dg_style_name() of its dg_style */
    const char *help;              /* one line for GET /options and the form */
    uint32_t rgb[DG_PAL_COUNT];    /* 0xRRGGBB per role */
    int wall_64;                   /* wall thickness in 64ths of a cell, >= 1 px */
    bool rock_grid;                /* draw the grid over rock too */
    dr__texture texture;
    bool rle;                      /* png_write.c: zlib looks for runs only (see there) */
} dr__png_style;

/* Cell size the renderer itself accepts (dr__png_render); the option's own
 * range, DG_MIN_CELL_PX..DG_MAX_CELL_PX, is what dg_png_encode takes. */
#define DG_PNG_MAX_CELL 256

/* For encoders that embed the map image (a VTT file's pixels_per_grid):
 * renders d with d->opts' style and grid, in the view format `as` draws
 * (dg_options_image_view: a VTT scene's is the players' unless view is
 * given), at `cell` px per cell
 * (DG_MIN_CELL_PX..DG_PNG_MAX_CELL), appending the PNG to out. exact: the
 * image is width*cell x height*cell, dropping the last boundary column and
 * row; else width*cell+1 x height*cell+1 like dg_png_encode. Errors as
 * dg_png_encode's: DG_EINVAL naming the key, DG_ELIMIT for too many pixels. */
dg_status dr__png_render(const dg_dungeon *d, int cell, bool exact, dg_format as, dg_buf *out,
                         dg_error *err);
/* dr__png_render, written as `kind` (DG_IMAGE_PNG or DG_IMAGE_WEBP): the
 * same pixels either way. */
dg_status dr__image_render(const dg_dungeon *d, int cell, bool exact, dg_format as, dg_image kind,
                           dg_buf *out, dg_error *err);

/* DG_OK when d can be drawn at `cell` px (DG_MIN_CELL_PX..max_cell) in its
 * style, grid and view within the image limit; else the error naming the
 * key, as the option parser would. png.c's, shared with svg.c. */
dg_status dr__png_check(const dg_dungeon *d, int cell, int max_cell, dg_error *err);

/* png_write.c: rows[y][x] (a palette role index, x < width, y < height)
 * as a palette PNG with the roles' colours rgb[DG_PAL_COUNT] (4 bits a
 * pixel; 2 when they hold at most four distinct colours, 1 for two),
 * appended to out; rle: compress for runs (the style's rle); period: pixel
 * rows a cell is tall (0 if none), which decides how new rows are filtered
 * (png_write.c's new_row). DG_ENOMEM, or DG_EIO for a libpng failure. */
dg_status dr__png_write(unsigned char *const *rows, int width, int height, const uint32_t *rgb,
                        bool rle, int period, dg_buf *out, dg_error *err);

/* png_write.c: an 8-bit palette PNG width x height with the colours
 * rgb[n] (0xRRGGBB, n <= 256), appended to out (the anti-aliased sketch
 * style, sketch_png.c); row(ctx, y, dst) writes row y's width palette
 * indices (each < n) into dst just before libpng takes it, top to bottom.
 * DG_ENOMEM or DG_EIO. */
typedef void (*dr__png_row_fn)(void *ctx, int y, unsigned char *dst);
dg_status dr__png_write_indexed(dr__png_row_fn row, void *ctx, int width, int height, const uint32_t *rgb, int n,
                                dg_buf *out, dg_error *err);

/* webp_write.c: rows as dr__png_write takes them, as a lossless WebP of
 * the same pixels appended to out. DG_ENOMEM, or DG_EIO for a libwebp
 * failure. */
dg_status dr__webp_write(unsigned char *const *rows, int width, int height, const uint32_t *rgb,
                         dg_buf *out, dg_error *err);

/* png_write.c: the roles px[0..width) as palette entries code[role] (code
 * has 16 entries), `depth` (1 or 2) bits a pixel, first pixel highest, the
 * bits past the last pixel zero: (width * depth + 7) / 8 bytes at out.
 * simd: 16 pixels a step with SSSE3 where the CPU has it (the same bytes;
 * false is for tests that compare the two). */
void dr__png_pack_codes(const unsigned char *px, int width, int depth, const unsigned char *code, bool simd,
                        unsigned char *out);

/* The style record for s; never NULL (out-of-range s gives "standard"). */
const dr__png_style *dr__style_get(dg_style s);

/* Per-cell class the fill pass reads. Texture variants are >= DG_CLS_TEX. */
enum { DG_CLS_ROCK = 0, DG_CLS_OPEN = 1, DG_CLS_TEX = 2 };
#define DG_TEX_VARIANTS 12

/* One render in progress. Pixels are palette role indices, one byte each;
 * rows[y] is row y, read directly; writes go through dr__canvas_row and
 * dr__canvas_box, since rows equal to the one above share its storage
 * (png_canvas.c). */
typedef struct {
    const dg_dungeon *d;
    const dr__png_style *st;
    unsigned char *pix;        /* h rows of w bytes: each row's own storage */
    unsigned char **rows;      /* what row y shows: its own storage or a row above's */
    int *last;                 /* per row showing its own storage: the last row sharing it */
    int cell;                  /* px per cell */
    int w, h;                  /* image px: width * cell + 1, height * cell + 1 */
    int wall;                  /* wall thickness px */
    bool player;               /* view=player: hide GM-only marks */
    unsigned char *cls;        /* d->width * d->height DG_CLS_* */
    dg_rng rng;                /* the style stream: (seed, style name) */
    /* texture tiles: DG_TEX_VARIANTS of cell*cell bytes, NULL for flat rock */
    unsigned char *tex;
    /* organic caves (cave_draw.c): open (1) / rock (0) per sub-cell, sub x
     * sub of them a cell, row-major over the whole map; NULL without caves */
    unsigned char *fine;
    /* width * height bytes, 1 where cells are drawn from fine: caves, and
     * round rooms with the ring of cells around them; NULL without either */
    unsigned char *shaped;
    int sub;
    size_t fine_stride;        /* width * sub + 2: a rock border all round */
    unsigned char sub_at[DG_PNG_MAX_CELL + 1]; /* px i inside a cell -> sub-cell i * sub / cell */
} dr__canvas;

/* Open as this view shows it: player view turns secret doors into wall. */
static inline bool dr__canvas_open(const dr__canvas *cv, int x, int y)
{
    uint32_t c = dg_cell(cv->d, x, y);
    if (!dg_cell_open(c)) return false;
    return !(cv->player && (c & DG_SECRET));
}

static inline bool dr__canvas_in_cave(const dr__canvas *cv, int x, int y)
{
    return cv->fine && cv->shaped[(size_t)y * (size_t)cv->d->width + (size_t)x];
}

/* Whether pixel (px, py) shows floor: the cell's class, or in a cave the
 * refined outline. Outside the image: rock. */
static inline bool dr__canvas_fine_open(const dr__canvas *cv, int px, int py)
{
    if (px < 0 || py < 0 || px >= cv->w || py >= cv->h) return false;
    int c = cv->cell, x = px / c, y = py / c;
    if (x >= cv->d->width) x = cv->d->width - 1; /* the last boundary column/row */
    if (y >= cv->d->height) y = cv->d->height - 1;
    if (!dr__canvas_in_cave(cv, x, y))
        return cv->cls[(size_t)y * (size_t)cv->d->width + (size_t)x] == DG_CLS_OPEN;
    int i = px - x * c, j = py - y * c, s = cv->sub;
    if (i >= c) i = c - 1;
    if (j >= c) j = c - 1;
    return cv->fine[(size_t)(y * s + j * s / c + 1) * cv->fine_stride + 1 + (size_t)(x * s + i * s / c)] != 0;
}

/* cave_draw.c: refines caves into cv->fine and draws round rooms into it
 * as circles (nothing without either), and traces their walls after the
 * fill. DG_ENOMEM only. */
dg_status dr__cave_prepare(dr__canvas *cv, dg_error *err);
dg_status dr__cave_walls(dr__canvas *cv, dg_error *err);
/* One pixel row (ty inside the cell) of cave cell (x, y) into dst: floor
 * where the outline is open, else the rock tile row (NULL: rock_row). */
void dr__cave_fill_row(const dr__canvas *cv, unsigned char *dst, int x, int y, int ty,
                       const unsigned char *floor_row, const unsigned char *rock_row,
                       const unsigned char *tile);

/* png_canvas.c: the row storage (DG_ENOMEM only) and its writers. fresh:
 * row y, filled top-down, gets storage of its own to be written whole;
 * repeat: row y shows what row y - 1 shows; row: row y, writable without
 * touching any other row; box: fills the inclusive box x0..x1, y0..y1
 * (clipped) with ink. */
dg_status dr__canvas_alloc(dr__canvas *cv, dg_error *err);
void dr__canvas_free(dr__canvas *cv);
unsigned char *dr__canvas_fresh(dr__canvas *cv, int y);
void dr__canvas_repeat(dr__canvas *cv, int y);
unsigned char *dr__canvas_row(dr__canvas *cv, int y);
void dr__canvas_box(dr__canvas *cv, int x0, int y0, int x1, int y1, unsigned char ink);

/* grid_draw.c: fills `rows` (period_y rows of cv->w bytes) with one period
 * of the grid over a `base` background in `line` colour; *period_y is at
 * most 2 * cell + 2 rows. Caller storage of (2 * cell + 2) * cv->w bytes. */
void dr__grid_rows(const dr__canvas *cv, dg_grid grid, unsigned char base,
                   unsigned char line, unsigned char *rows, int *period_y);

/* texture.c: builds cv->tex and marks textured rock cells in cv->cls.
 * DG_ENOMEM only. */
dg_status dr__texture_prepare(dr__canvas *cv, dg_error *err);

/* hatch.c: crosshatch's band of pen strokes along the walls, on the rock
 * pixels of the filled image (before the walls); draws from cv->rng.
 * DG_ENOMEM only. */
dg_status dr__hatch_draw(dr__canvas *cv, dg_error *err);
/* hatch.c: the hatch's one description, which the PNG samples pixel by
 * pixel and the SVG writes as polygons: a jittered lattice of cluster
 * points, each with its strokes' normal (x 4096) and phase; pixel (px, py)
 * belongs to the nearest point of the 3 x 3 around its lattice square and
 * is ink when that point is on and (px * nx + py * ny + phase) mod
 * (pitch * 4096) < pen * 4096. */
typedef struct {
    int x, y;          /* px */
    int nx, ny;        /* stroke normal, x 4096 */
    int phase;         /* offset of the strokes along the normal, x 4096 */
    bool on;           /* its point lies in the band: drawn */
} dr__hatch_point;
typedef struct {
    int g, pitch, pen;          /* lattice spacing, stroke spacing, stroke width, px */
    int gw, gh;                 /* lattice points across and down, from (-1, -1) */
    dr__hatch_point *pts;       /* gw * gh, row by row */
    unsigned char *band;        /* dr__hatch_band's */
} dr__hatch;
/* Caller storage *ht (dr__hatch_fini, also after a failure): the lattice
 * for a w x h px image at c px a cell; two draws from rng. DG_ENOMEM only. */
dg_status dr__hatch_init(dr__hatch *ht, const dg_dungeon *d, const unsigned char *cls, int c, int w, int h,
                         dg_rng *rng, dg_error *err);
void dr__hatch_fini(dr__hatch *ht);
/* hatch.c: width * height bytes, 1 for the cells the band covers: rock
 * with an open 8-neighbour, and rock the band cuts off from the map's
 * edge; cls[k] == DG_CLS_OPEN marks open cells. New (dg__free()); NULL when
 * out of memory. */
unsigned char *dr__hatch_band(const dg_dungeon *d, const unsigned char *cls);

/* glyphs.c: doors, stairs, room numbers, exits, drawn over fill and walls. */
void dr__glyph_doors(dr__canvas *cv);
void dr__glyph_stairs(dr__canvas *cv);
void dr__glyph_labels(dr__canvas *cv);
void dr__glyph_marks(dr__canvas *cv);   /* the GM's marks (marks.c), over everything */
/* feature_glyphs.c: water under the walls (before them), the features'
 * glyphs over doors and stairs; both in either view (they are physical). */
dg_status dr__glyph_water(dr__canvas *cv, dg_error *err);
void dr__glyph_features(dr__canvas *cv);
/* glyphs.c: the margins' text (ruler numbers, legend words), one face per
 * cell size: its character box in *cw x *ch px; s drawn from (left, top). */
void dr__frame_font(int cell, int *cw, int *ch);
void dr__frame_text(dr__canvas *cv, int cell, const char *s, int left, int top, unsigned char ink);

/* frame.c: legend=yes and ruler=yes, margins around the map (never over
 * it): the ruler's column numbers above and below, row numbers left and
 * right, every `step` squares, the key's numbering (from 0); the legend a
 * band under the map of samples and words (what this view shows: door
 * kinds, stairs, the GM's marks, the features; one square in feet). The
 * layout is the PNG's and the SVG's alike. */
#define DG_FRAME_MAX_ENTRIES 32
typedef enum {
    DG_LEG_DOOR, DG_LEG_LOCKED, DG_LEG_TRAPPED, DG_LEG_SECRET, DG_LEG_PORTC, DG_LEG_ARCH,
    DG_LEG_UP, DG_LEG_DOWN, DG_LEG_MARK_TRAP, DG_LEG_MARK_KEY, DG_LEG_MARK_HIDDEN, DG_LEG_MARK_FEATURE,
    DG_LEG_SCALE, DG_LEG_FEATURE /* + dg_feature_kind */
} dr__legend_kind;
typedef struct {
    int kind;                  /* dr__legend_kind */
    int x, y;                  /* the sample's box (cell px square), image px */
    char text[40];             /* the words, left at x + cell + gap */
} dr__legend_entry;
typedef struct {
    int left, top, right, bottom; /* margins, px */
    int step;                  /* ruler: a number every step squares; 0 none */
    int cw, ch;                /* the margins' character box */
    int n;                     /* legend entries */
    dr__legend_entry e[DG_FRAME_MAX_ENTRIES];
} dr__frame;
/* The frame of d at `cell` px in the view drawn (player); all zero when
 * neither key is set. map_w, map_h: the map's own image size. */
void dr__frame_layout(const dg_dungeon *d, int cell, bool player, int map_w, int map_h, dr__frame *f);
/* A legend sample's shapes (dr__shape boxes and discs, ink = a palette
 * role) and its letter ("" none, in role *letter_role). */
const dr__shape *dr__legend_shapes(int kind, int *n, const char **letter, int *letter_role);
/* The PNG with its frame: a new canvas of the map's rows at (left, top),
 * margins in the floor colour, ruler and legend drawn; replaces *cv's rows
 * (frees the old). DG_ENOMEM only. */
dg_status dr__frame_png(dr__canvas *cv, const dr__frame *f, dg_error *err);
/* glyphs.c, also for svg_glyphs.c: whether the door at (x, y) lets a
 * passage run east-west (its wall is then north-south), by its open
 * neighbours or else the door list; and the way one walks off the stair at
 * (x, y). Both read only cv->d and cv->player. */
bool dr__door_runs_ew(const dr__canvas *cv, int x, int y);
dg_dir dr__stair_dir(const dr__canvas *cv, int x, int y);

#endif
