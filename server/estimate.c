/* estimate.c -- what a map should cost to make, in microseconds and peak
 * bytes, from its options alone: it decides whether a map is small enough
 * to make on the I/O thread (inline_us in the config) or goes to a worker
 * and the queue, and what it holds against the memory budget. Arithmetic
 * over the rows: a family's figures (generation, stocking, its cave
 * predicate) are core/families.c's, a format's (encoding per cell and per
 * pixel, lights, WebP, what it holds per floor) core/formats.c's; only the
 * figures every map shares live here. No format or family is named below. */
#include <string.h>

#include "srv.h"

/* What any map costs, in microseconds. */
#define BASE_US 5.0
/* A floor below the top costs about two and a half tops to make: its map
 * is drawn again until one takes the stairs from above (one to three tries
 * mostly), plus the digging. Measured generating 200 seeds of 27-row maps
 * per family: 10 floors cost 10 (caverns) to 28 (donjon) single floors. */
#define LOWER_FLOOR_FACTOR 2.5
/* Peak bytes per cell of each floor: the grid and the finished map's
 * records; caves' traced outlines about double it. Measured as the CLI's
 * peak RSS: 1001x1001 JSON 35 MB, caverns 75 MB; PNG at cell 8 77 MB, at
 * cell 16 (parchment) 281 MB. */
#define CELL_BYTES 40
#define CAVE_CELL_BYTES 80
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

double srv_estimate_us(const dg_options *o)
{
    double cells = (double)o->rows * o->cols;
    const dg_format_cost *fc = format_cost(o);
    const dg_family_cost *gc = family_cost(o);
    double px = raster_px(o, cells);
    bool cave = dg_options_caves(o), stocked_map = o->contents != DG_DEPTH_NONE;
    /* every floor is made and stocked; per_floor rows write them all, the
     * other formats one */
    double lower = o->floors > 1 ? o->floors - 1 : 0;
    double made = 1 + LOWER_FLOOR_FACTOR * lower, stocked = 1 + lower;
    double written = fc->per_floor ? 1 + lower : 1;
    double gen_ns = dg_options_cost_variant(o) ? gc->variant_gen_ns : gc->gen_ns;
    double ns = cells * (gen_ns * made + (cave ? fc->cave_cell_ns : fc->cell_ns) * written +
                         (stocked_map ? gc->stock_ns * stocked : 0) + (stocked_map ? fc->light_ns : 0))
                + px * ((cave ? fc->cave_px_ns : fc->px_ns) + (webp(o) ? fc->webp_px_ns : 0));
    return BASE_US + ns / 1000.0;
}

/* Peak bytes: a fixed part, the grid and records of every floor (each is
 * held until the answer is written), the stocked map's lights, what the
 * format holds per floor, and the raster. */
size_t srv_estimate_bytes(const dg_options *o)
{
    const dg_format_cost *fc = format_cost(o);
    double cells = (double)o->rows * o->cols, px = raster_px(o, cells);
    double floors = o->floors > 1 ? o->floors : 1;
    double held = floors * cells * fc->floor_cell_bytes;
    return (size_t)(FIXED_BYTES +
                    cells * (floors * (dg_options_caves(o) ? CAVE_CELL_BYTES : CELL_BYTES) +
                             (o->contents != DG_DEPTH_NONE ? fc->light_bytes : 0)) +
                    held + px * (webp(o) ? fc->webp_px_bytes : fc->px_bytes));
}
