/* estimate.c -- what a map should cost to make, in microseconds and peak
 * bytes, from its options alone: it decides whether a map is small enough
 * to make on the I/O thread (inline_us in the config) or goes to a worker
 * and the queue, and what it holds against the memory budget. Arithmetic
 * over the rows: a family's figures (generation, stocking, its cave
 * predicate) are core/families.c's, a format's (encoding per cell and per
 * pixel, lights, WebP, what it holds per floor) core/formats.c's; only the
 * figures every map shares live here. No format or family is named below. */
#include <math.h>
#include <string.h>

#include "srv.h"

/* What any map costs, in microseconds. */
#define BASE_US 5.0
/* A floor below the top costs about two and a half tops to make: its map
 * is drawn again until one takes the stairs from above (one to three tries
 * mostly), plus the digging. Measured generating 200 seeds of 27-row maps
 * per family: 10 floors cost 10 (caverns) to 28 (donjon) single floors. */
#define LOWER_FLOOR_FACTOR 2.5
/* More stairs than the default 2 take more tries a floor (every stair from
 * above must land on a cell that takes it): about twice as many for two
 * stairs more, up to the tries core/floors.c allows (256 on small maps,
 * 2^26 cells of tries on big ones). 41x41 floors=10 stairs=8 made 50-100 ms
 * on the HTTP thread when estimated at 1 ms (issue 23). */
#define STAIR_TRIES_DOUBLE 2.0
#define FLOOR_MAX_TRIES 256.0
#define FLOOR_TRY_CELLS 67108864.0
/* Peak bytes per cell of each floor: the grid and the finished map's
 * records, the stocked contents; what an encoder holds beside them is its
 * row's cell_bytes. Measured (issue 39) as the CLI's peak RSS over a 21x21
 * map's: 9-11 bytes a cell a floor as Markdown or txt for every family at
 * 401x401x3 (caves the same: their traced outlines are the outline's
 * figures below, and JSON's row), so 14 keeps a margin for maps with many
 * small rooms. It was 60 (80 for caves) with every format's output folded
 * in: Markdown of 10 floors came out 6.5x its peak, JSON 2.4-3x. */
#define CELL_BYTES 14
/* ... and a floor's own, whatever its size: on small maps its records and
 * contents weigh more a cell (cells at 151x151x3: 23 bytes a cell a floor
 * in all, against 6 for donjon's 1001x1001x10). */
#define FLOOR_BYTES 256e3
#define CAVE_CELL_BYTES 24
/* The organic outline render/cave_draw.c refines for caves and round rooms
 * (the family row's round_rooms) when a format draws or traces it (its row
 * costs caves more than plain walls): up to 16x16 sub-cells a cell, at most
 * 2^24 of them (its pick_sub), three working planes of a byte each and the
 * result. bench_estimate: cells 151x151 JSON peaked 13.6 MB and 87 ms where
 * 1.4 MB and 2 ms were estimated; any such map at 501 or 1001, about 50 MB.
 * Caves' time is in their formats' cave_cell_ns already; round rooms'
 * images cost a pixel what caves' do (abstract 99x99 small areas as uvtt:
 * 0.54 s, 11 ns a pixel). */
#define OUTLINE_SUB2 256.0
#define OUTLINE_MAX 16777216.0
#define OUTLINE_BYTES 3.3
#define OUTLINE_NS 16.0
/* What any map holds beyond its cells: measured as the CLI's peak RSS over
 * its idle baseline, a default 37x27 map: 0.1 MB as JSON, 0.36 MB as PNG;
 * half a megabyte leaves room for the response and libmicrohttpd's copy.
 * (It was 4 MB, a guess: with 256 maps queued that alone was the whole
 * default budget, and the soak's 503s came from it, not from memory.) */
#define FIXED_BYTES 512e3

static const dg_format_cost *format_cost(const dg_options *o)
{
    const dg_format_info *f = dg_format_info_of(o->format);
    return &(f ? f : dg_format_info_of(DG_FMT_JSON))->cost;
}

static const dg_family_cost *family_cost(const dg_options *o)
{
    const dg_family_info *f = dg_family_info_of(o->algorithm);
    return &(f ? f : dg_family_info_of(DG_ALGO_DONJON))->cost;
}

/* The image is WebP (a row whose image key chooses its picture). */
static bool webp(const dg_options *o) { return format_cost(o)->image_key && o->image == DG_IMAGE_WEBP; }

/* style=sketch where the row has figures for it (cairo's drawing, issue 41) */
static bool sketch(const dg_options *o) { return o->style == DG_STYLE_SKETCH && format_cost(o)->sketch_px_ns > 0; }

/* Pixels of the raster the format draws: its row's raster key (cell or
 * ppg), 0 for text formats and an image_key row without its image. A row
 * that draws none (SVG's frame) has no pixel figures. */
static double raster_px(const dg_options *o, double cells)
{
    const char *key = dg_format_info_of(o->format)->raster_key;
    if (!key || (format_cost(o)->image_key && o->image == DG_IMAGE_NONE)) return 0;
    double px = !strcmp(key, "ppg") ? o->ppg : o->cell;
    return cells * px * px;
}

/* Sub-cells of the organic outline the format traces for the map's caves
 * or round rooms; 0 when it traces none. */
static double outline_subcells(const dg_options *o, double cells)
{
    const dg_format_cost *fc = format_cost(o);
    bool traced = fc->cave_cell_ns > fc->cell_ns || fc->cave_px_ns > fc->px_ns;
    bool organic = dg_options_caves(o) || family_cost(o)->round_rooms;
    return traced && organic ? fmin(cells * OUTLINE_SUB2, OUTLINE_MAX) : 0;
}

double srv_estimate_us(const dg_options *o)
{
    double cells = (double)o->rows * o->cols;
    const dg_format_cost *fc = format_cost(o);
    const dg_family_cost *gc = family_cost(o);
    double px = raster_px(o, cells);
    bool cave = dg_options_caves(o), stocked_map = o->contents != DG_DEPTH_NONE;
    /* every floor is made and stocked, each lower one after its tries at
     * the stairs; per_floor rows write them all (cells and pixels), the
     * other formats one */
    double lower = o->floors > 1 ? o->floors - 1 : 0;
    double tries = LOWER_FLOOR_FACTOR * pow(2, (o->stairs > 2 ? o->stairs - 2 : 0) / STAIR_TRIES_DOUBLE);
    double max_tries = fmax(8, fmin(FLOOR_MAX_TRIES, FLOOR_TRY_CELLS / cells));
    double made = 1 + fmin(tries, max_tries) * lower, stocked = 1 + lower;
    double written = fc->per_floor ? 1 + lower : 1;
    double gen_ns = dg_options_cost_variant(o) ? gc->variant_gen_ns : gc->gen_ns;
    bool organic_px = cave || gc->round_rooms;
    /* loops are dug into every floor made, the tries at the stairs too */
    double loops_ns = o->loops != DG_LOOPS_NONE ? gc->loops_ns : 0;
    double ns = cells * ((gen_ns + loops_ns) * made + (cave ? fc->cave_cell_ns : fc->cell_ns) * written +
                         (stocked_map ? gc->stock_ns * stocked : 0) + (stocked_map ? fc->light_ns : 0))
                + px * ((sketch(o) ? fc->sketch_px_ns : organic_px ? fc->cave_px_ns : fc->px_ns) +
                        (webp(o) ? fc->webp_px_ns : 0)) * written
                + (cave ? 0 : outline_subcells(o, cells) * OUTLINE_NS * written);
    return BASE_US + ns / 1000.0;
}

/* Peak bytes: a fixed part, the grid and records of every floor (each is
 * held until the answer is written), the stocked map's lights, what the
 * format holds per floor and per cell written, the raster (twice, near
 * enough, while legend or ruler frames it) and the organic outline's
 * planes. Every style draws into the same palette canvas, so the format's
 * px_bytes covers them all (bench_estimate --largest: crosshatch, the
 * dearest, at 1.19 a pixel). */
size_t srv_estimate_bytes(const dg_options *o)
{
    const dg_format_cost *fc = format_cost(o);
    double cells = (double)o->rows * o->cols, px = raster_px(o, cells);
    double floors = o->floors > 1 ? o->floors : 1;
    double written = fc->per_floor ? floors : 1;
    double held = floors * cells * fc->floor_cell_bytes;
    double px_bytes = webp(o) ? fc->webp_px_bytes : sketch(o) ? fc->sketch_px_bytes : fc->px_bytes;
    if (o->legend || o->ruler) px_bytes += fc->frame_px_bytes;
    double variant = dg_options_cost_variant(o) ? family_cost(o)->variant_floor_bytes * floors : 0;
    return (size_t)(FIXED_BYTES + floors * FLOOR_BYTES + variant +
                    cells * (floors * (dg_options_caves(o) ? CAVE_CELL_BYTES : CELL_BYTES) +
                             written * fc->cell_bytes +
                             (o->contents != DG_DEPTH_NONE ? fc->light_bytes : 0)) +
                    held + px * px_bytes + outline_subcells(o, cells) * OUTLINE_BYTES);
}
