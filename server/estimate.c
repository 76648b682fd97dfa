/* estimate.c -- what a map should cost to make, in microseconds, from its
 * options alone: it decides whether a map is small enough to make on the
 * I/O thread (inline_us in the config) or goes to a worker and the queue.
 * One table of figures, measured, not derived; a family's row can move
 * into the core's family table as it is. */
#include <math.h>
#include <string.h>

#include "srv.h"

/* Nanoseconds per cell to generate, by family (with the variants that
 * cost several times more: caves and small abstract areas), and per cell
 * and per image pixel to encode, by format, with organic cave outlines
 * apart (their walls are traced for JSON, Foundry and the images). From
 * bench/bench_estimate: CPU time, best of 3-7 seeds, 99x99 maps at the
 * default cell (18 px) and ppg (70), RelWithDebInfo on the 2-core build
 * machine; middle figures across families and sizes 21..99, generation
 * rounded up by 10%, then moved where bench_estimate's grid (21..1001,
 * every family, format and 1 or 3 floors, each map in a process of its
 * own) measured more: its maps estimated at 50 ms or more are within
 * 0.19x..5.8x of their CPU time, and no peak RSS passes its memory
 * estimate (1.11x at least; docs/scaling.md). BASE_US is what any map
 * costs. */
#define BASE_US 5.0
/* Stocking a map (contents other than none): its walk from the entrance
 * over every open cell and the rooms' contents, per cell of the map
 * (donjon 501x501: about 20 ms more than contents=none, under load);
 * caverns have no rooms to stock. */
#define STOCK_NS 30.0
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
/* A uvtt image as lossless WebP instead of PNG, per pixel: libwebp's time
 * and its working planes (ARGB and more), from the CLI on 201x201 at ppg 70
 * (198 Mpx: about 2.8 s and 1.6 GB peak, against 0.6 s and 160 MB as PNG). */
#define WEBP_PX_NS 14.0
#define WEBP_PX_BYTES 9.0   /* bench_estimate: caverns 101x101 peaked 432 MB on 427 MB at 8.5 */
static bool webp(const dg_options *o) { return o->format == DG_FMT_UVTT && o->image == DG_IMAGE_WEBP; }
/* The VTT exports' lights, per cell of a stocked map. The illumination is
 * the seed's, unknown from the options: time is a middle figure (dark maps
 * have none; lanterns every 20 ft, a light every 2 squares, cost about 2x
 * this: CPU time from the CLI on 401x401 at ppg 40, 35k lights, about 40 ms
 * more than the same map unlit), memory the densest (13 MB more for that
 * Foundry scene). */
#define LIGHT_NS 100.0
#define LIGHT_BYTES 110.0
static bool lit(const dg_options *o)
{
    return (o->format == DG_FMT_UVTT || o->format == DG_FMT_FOUNDRY) && o->contents != DG_DEPTH_NONE;
}

/* Pixels of the raster the format draws: its row's raster key (cell for
 * PNG and SVG's frame, ppg for the uvtt image), 0 for text formats and a
 * uvtt without its image. */
static double raster_px(const dg_options *o, double cells)
{
    const char *key = dg_format_info_of(o->format)->raster_key;
    if (!key || (o->format == DG_FMT_UVTT && o->image == DG_IMAGE_NONE)) return 0;
    double px = !strcmp(key, "ppg") ? o->ppg : o->cell;
    return o->format == DG_FMT_SVG ? 0 : cells * px * px; /* SVG draws no pixels */
}

typedef struct {
    double gen_ns;           /* per cell */
} family_cost;

enum { V_DONJON, V_DONJON_CAVERNOUS, V_CAVERNS, V_PANELS, V_GRIDMAPPER, V_GRIDMAPPER_CAVES,
       V_ABSTRACT, V_ABSTRACT_SMALL_AREAS, V_CELLS, V_COUNT };

static const family_cost family_costs[V_COUNT] = {
    /* caves keyed as chambers, abstract's many areas past 501 and panels
     * past 501 cost more a cell than at 99: bench_estimate's txt at 501 and
     * 1001 (caverns 220 ns a cell, cavernous 230, abstract 115-135, its
     * small areas 216, panels 170), met halfway so 99x99 stays within 2x */
    [V_DONJON] = {13},
    [V_DONJON_CAVERNOUS] = {120},
    [V_CAVERNS] = {90},
    [V_PANELS] = {60},
    [V_GRIDMAPPER] = {7},
    [V_GRIDMAPPER_CAVES] = {33},
    [V_ABSTRACT] = {25},
    [V_ABSTRACT_SMALL_AREAS] = {60},
    [V_CELLS] = {30},
};

typedef struct {
    double cell_ns, cave_cell_ns;   /* per cell: plain walls, organic cave outlines */
    double px_ns, cave_px_ns;       /* per image pixel (PNG; the uvtt image) */
} format_cost;

static const format_cost format_costs[DG_FMT_COUNT] = {
    [DG_FMT_JSON] = {30, 2100, 0, 0},
    [DG_FMT_DONJON] = {50, 50, 0, 0},
    [DG_FMT_TXT] = {2, 2, 0, 0},
    /* per pixel: perf stat's task-clock over a 21x21 txt's process,
     * donjon 99x99 PNG 7.4 ms, panels 6 ms (3.2 Mpx), 151x151 at cell 8
     * 6.3 ms (estimated 1.7 ms at 0.5 ns a pixel, so made on the HTTP
     * thread); bench_estimate's donjon uvtt 151x151 87 ms (112 Mpx);
     * caves: caverns 45x45 PNG 11.6 ms, 151x151 130 ms, uvtt 1.36 s */
    [DG_FMT_PNG] = {0, 0, 1.5, 15.0},
    [DG_FMT_UVTT] = {0, 0, 0.8, 12.0},
    [DG_FMT_FOUNDRY] = {50, 2200, 0, 0},
    /* the key's words per room, and the vector map's paths per cell: from
     * the CLI on 301x301 maps, rounded up; a cave's outline traced for
     * SVG: bench_estimate's cavernous 151x151 157 ms, 501x501 572 ms */
    [DG_FMT_MD] = {30, 30, 0, 0},
    [DG_FMT_SVG] = {60, 3000, 0, 0},
    /* the uvtt's image at ppg, the foundry scene read back and written
     * again with its notes, the key as journal pages, the pack deflated:
     * bench_estimate's donjon 21..201 gave 3.6 ms at 21x21, 326 ms at
     * 201x201: 6 us a cell over the image */
    [DG_FMT_FOUNDRY_BUNDLE] = {6000, 6000, 0.8, 12.0},
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

/* The organic outline render/cave_draw.c refines for caves and round rooms
 * (cells and abstract draw round rooms) when a format draws or traces it:
 * up to 16x16 sub-cells a cell, at most 2^24 of them (its pick_sub), three
 * working planes of a byte each and the result. bench_estimate: cells
 * 151x151 JSON peaked 13.6 MB and 87 ms where 1.4 MB and 2 ms were
 * estimated; any such map at 501 or 1001, about 50 MB. Caves' time is in
 * their formats' cave_cell_ns already; round rooms' images cost a pixel
 * what caves' do (abstract 99x99 small areas as uvtt: 0.54 s, 11 ns a
 * pixel). */
static bool round_rooms(const dg_options *o)
{
    return o->algorithm == DG_ALGO_CELLS || o->algorithm == DG_ALGO_ABSTRACT;
}
#define OUTLINE_SUB2 256.0
#define OUTLINE_MAX 16777216.0
#define OUTLINE_BYTES 3.3
#define OUTLINE_NS 16.0
static double outline_subcells(const dg_options *o, double cells)
{
    const format_cost *fc = &format_costs[o->format];
    bool traced = fc->cave_cell_ns > fc->cell_ns || fc->cave_px_ns > fc->px_ns;
    return traced && (round_rooms(o) || caves(o)) ? fmin(cells * OUTLINE_SUB2, OUTLINE_MAX) : 0;
}

double srv_estimate_us(const dg_options *o)
{
    double cells = (double)o->rows * o->cols;
    const format_cost *fc = &format_costs[o->format];
    double px = raster_px(o, cells);
    bool cave = caves(o);
    /* every floor is made and stocked; native JSON and the Foundry module
     * (a scene and its image a floor: bench_estimate's 201x201 donjon took
     * 326 ms for one floor, 930 ms for three) write them all, the other
     * formats one */
    double lower = o->floors > 1 ? o->floors - 1 : 0;
    double tries = LOWER_FLOOR_FACTOR * pow(2, (o->stairs > 2 ? o->stairs - 2 : 0) / STAIR_TRIES_DOUBLE);
    double max_tries = fmax(8, fmin(FLOOR_MAX_TRIES, FLOOR_TRY_CELLS / cells));
    double made = 1 + fmin(tries, max_tries) * lower, stocked = 1 + lower;
    bool all = o->format == DG_FMT_JSON || o->format == DG_FMT_FOUNDRY_BUNDLE;
    double written = all ? 1 + lower : 1;
    double ns = cells * (family_costs[variant(o)].gen_ns * made + (cave ? fc->cave_cell_ns : fc->cell_ns) * written +
                         (o->contents != DG_DEPTH_NONE && o->algorithm != DG_ALGO_CAVERNS ? STOCK_NS * stocked : 0) +
                         (lit(o) ? LIGHT_NS : 0))
                + px * ((cave || round_rooms(o) ? fc->cave_px_ns : fc->px_ns) + (webp(o) ? WEBP_PX_NS : 0))
                      * (o->format == DG_FMT_FOUNDRY_BUNDLE ? written : 1)
                + (cave ? 0 : outline_subcells(o, cells) * OUTLINE_NS * written);
    return BASE_US + ns / 1000.0;
}

/* Peak bytes: a fixed part, the grid and the finished map's records per
 * cell (60 bytes a floor: bench_estimate's abstract with small areas, many
 * rooms, peaked 3.5 MB as md at 151x151 over 3 floors, 51 bytes a cell a
 * floor; caves' traced outlines about double it), and the raster (libgd's
 * palette image, a byte a pixel) with the PNG encoder's buffers. Measured
 * as the CLI's peak RSS: 1001x1001 JSON 35 MB, caverns 75 MB; PNG at cell
 * 8 77 MB, at cell 16 (parchment) 281 MB. Floors each hold their grid and
 * records. */
/* What any map holds beyond its cells: measured as the CLI's peak RSS over
 * its idle baseline, a default 37x27 map: 0.1 MB as JSON, 0.36 MB as PNG;
 * half a megabyte leaves room for the response and libmicrohttpd's copy.
 * (It was 4 MB, a guess: with 256 maps queued that alone was the whole
 * default budget, and the soak's 503s came from it, not from memory.) */
#define FIXED_BYTES 512e3

size_t srv_estimate_bytes(const dg_options *o)
{
    double cells = (double)o->rows * o->cols, px = raster_px(o, cells);
    double floors = o->floors > 1 ? o->floors : 1; /* every floor is held until the answer is written */
    /* the Foundry module holds its scene, journal and pack as JSON at once,
     * and the pack's LevelDB log beside them: the CLI's peak RSS at ppg 20
     * was 85 MB for 201x201 over 3 floors and 83 MB for 301x301, and the
     * probe of issue 23 saw 6.4-10 GB for 819x819 over 10 floors, three
     * times what 320 bytes a cell a floor said; 960 bytes covers them all
     * (121 MB, 105 MB and 7.3 GB), so a deployment's budget refuses such a
     * bundle up front rather than letting it past the pod's limit */
    double bundle = o->format == DG_FMT_FOUNDRY_BUNDLE ? floors * cells * 960 : 0;
    return (size_t)(FIXED_BYTES + cells * (floors * (caves(o) ? 80 : 60) + (lit(o) ? LIGHT_BYTES : 0)) + bundle +
                    px * (webp(o) ? WEBP_PX_BYTES : 1.2) + outline_subcells(o, cells) * OUTLINE_BYTES);
}
