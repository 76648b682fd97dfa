/* estimate.c -- what a map should cost to make, in microseconds, from its
 * options alone: it decides whether a map is small enough to make on the
 * I/O thread (inline_us in the config) or goes to a worker and the queue.
 * One table of figures, measured, not derived; a family's row can move
 * into the core's family table as it is. */
#include <string.h>

#include "srv.h"

/* Nanoseconds per cell to generate, by family (with the variants that
 * cost several times more: caves and small abstract areas), and per cell
 * and per image pixel to encode, by format, with organic cave outlines
 * apart (their walls are traced for JSON, Foundry and the images). From
 * bench/bench_estimate: CPU time, best of 3-7 seeds, 99x99 maps at the
 * default cell (18 px) and ppg (70), RelWithDebInfo on the 2-core build
 * machine; middle figures across families and sizes 21..99, generation
 * rounded up by 10%. Every map of bench_estimate --quick is then within 2x
 * of its estimate except the smallest VTT images (which are cheap either
 * way). BASE_US is what any map costs. */
#define BASE_US 5.0
/* Stocking a map (contents other than none): its walk from the entrance
 * over every open cell and the rooms' contents, per cell of the map
 * (donjon 501x501: about 20 ms more than contents=none, under load);
 * caverns have no rooms to stock. */
#define STOCK_NS 30.0

/* Pixels of the raster the format draws: its row's raster key (cell for
 * PNG and SVG's frame, ppg for the uvtt image), 0 for text formats. */
static double raster_px(const dg_options *o, double cells)
{
    const char *key = dg_format_info_of(o->format)->raster_key;
    if (!key) return 0;
    double px = !strcmp(key, "ppg") ? o->ppg : o->cell;
    return o->format == DG_FMT_SVG ? 0 : cells * px * px; /* SVG draws no pixels */
}

typedef struct {
    double gen_ns;           /* per cell */
} family_cost;

enum { V_DONJON, V_DONJON_CAVERNOUS, V_CAVERNS, V_PANELS, V_GRIDMAPPER, V_GRIDMAPPER_CAVES,
       V_ABSTRACT, V_ABSTRACT_SMALL_AREAS, V_CELLS, V_COUNT };

static const family_cost family_costs[V_COUNT] = {
    [V_DONJON] = {13},
    [V_DONJON_CAVERNOUS] = {70},
    [V_CAVERNS] = {62},
    [V_PANELS] = {30},
    [V_GRIDMAPPER] = {7},
    [V_GRIDMAPPER_CAVES] = {33},
    [V_ABSTRACT] = {13},
    [V_ABSTRACT_SMALL_AREAS] = {15},
    [V_CELLS] = {17},
};

typedef struct {
    double cell_ns, cave_cell_ns;   /* per cell: plain walls, organic cave outlines */
    double px_ns, cave_px_ns;       /* per image pixel (PNG; the uvtt image) */
} format_cost;

static const format_cost format_costs[DG_FMT_COUNT] = {
    [DG_FMT_JSON] = {30, 2100, 0, 0},
    [DG_FMT_DONJON] = {50, 50, 0, 0},
    [DG_FMT_TXT] = {2, 2, 0, 0},
    [DG_FMT_PNG] = {0, 0, 0.5, 7.0},
    [DG_FMT_UVTT] = {0, 0, 0.35, 6.5},
    [DG_FMT_FOUNDRY] = {50, 2200, 0, 0},
    /* the key's words per room, and the vector map's paths per cell: from
     * the CLI on 301x301 maps, rounded up */
    [DG_FMT_MD] = {30, 30, 0, 0},
    [DG_FMT_SVG] = {60, 300, 0, 0},
    /* the uvtt's image at ppg, the foundry scene read back and written
     * again with its notes, the key as journal pages, the pack deflated:
     * bench_estimate's donjon 21..201 gave 1.7..2.5 us a cell over uvtt */
    [DG_FMT_FOUNDRY_BUNDLE] = {2000, 4200, 0.35, 6.5},
};

static int variant(const dg_options *o)
{
    switch (o->algorithm) {
    case DG_ALGO_DONJON: return o->layout == DG_LAYOUT_CAVERNOUS ? V_DONJON_CAVERNOUS : V_DONJON;
    case DG_ALGO_CAVERNS: return V_CAVERNS;
    case DG_ALGO_PANELS: return V_PANELS;
    case DG_ALGO_GRIDMAPPER: return o->caves ? V_GRIDMAPPER_CAVES : V_GRIDMAPPER;
    case DG_ALGO_ABSTRACT:
        /* small minimal areas make many more, smaller areas to plan */
        return o->area_size_min < 36 || o->area_width_min < 5 || o->area_height_min < 5 ? V_ABSTRACT_SMALL_AREAS
                                                                                        : V_ABSTRACT;
    case DG_ALGO_CELLS: return V_CELLS;
    default: return V_DONJON;
    }
}

static bool caves(const dg_options *o)
{
    return o->algorithm == DG_ALGO_CAVERNS || o->layout == DG_LAYOUT_CAVERNOUS
           || (o->algorithm == DG_ALGO_GRIDMAPPER && o->caves);
}

double srv_estimate_us(const dg_options *o)
{
    double cells = (double)o->rows * o->cols;
    const format_cost *fc = &format_costs[o->format];
    double px = raster_px(o, cells);
    bool cave = caves(o);
    double ns = cells * (family_costs[variant(o)].gen_ns + (cave ? fc->cave_cell_ns : fc->cell_ns) +
                         (o->contents != DG_DEPTH_NONE && o->algorithm != DG_ALGO_CAVERNS ? STOCK_NS : 0))
                + px * (cave ? fc->cave_px_ns : fc->px_ns);
    return BASE_US + ns / 1000.0;
}

/* Peak bytes: a fixed part, the grid and the finished map's records per
 * cell (caves' traced outlines about double it), and the raster (libgd's
 * palette image, a byte a pixel) with the PNG encoder's buffers. Measured
 * as the CLI's peak RSS: 1001x1001 JSON 35 MB, caverns 75 MB; PNG at cell
 * 8 77 MB, at cell 16 (parchment) 281 MB. */
size_t srv_estimate_bytes(const dg_options *o)
{
    double cells = (double)o->rows * o->cols, px = raster_px(o, cells);
    /* the Foundry module holds its scene, journal and pack as JSON at once:
     * 815x815 donjon at ppg 20 peaked at 449 MB against the uvtt's 242 MB */
    double bundle = o->format == DG_FMT_FOUNDRY_BUNDLE ? cells * 320 : 0;
    return (size_t)(4e6 + cells * (caves(o) ? 80 : 40) + bundle + px * 1.2);
}
