/* dg_limits.h -- every limit that is a fact of the product, in one place,
 * each with why it is what it is (SQLite's sqliteLimit.h is the model).
 * A deployment's own limits (config/dungeond.conf: max_dim, max_cell,
 * body_limit, connections, queue, memory) stay at or below these; the
 * option rows (core/option_keys.c) and the daemon read them from here.
 * Shapes of the stocked model (encounter groups, traps a room, ...) are
 * dg_contents.h's, beside the records they size. Included by dg.h. */
#ifndef DG_LIMITS_H
#define DG_LIMITS_H

/* ------------------------------------------------------------ the map */

/* Rows and cols: odd (donjon's grid: rooms and corridors on odd lines),
 * from 7 to 4001. 4001x4001 is the largest map the reference script was
 * measured making (81 s, 1.8 GB; DESIGN.md) and the largest the tests and
 * bench_generate make here (its grid alone is 64 MB of cell words); every
 * pass over it runs on explicit stacks, and nothing past it is promised.
 * A build may lower the cap (config's max_dim stays below it). */
#ifndef DG_MAX_DIM
#define DG_MAX_DIM 4001
#endif
#ifndef DG_MIN_DIM
#define DG_MIN_DIM 7
#endif
#if DG_MAX_DIM > 4001 || DG_MAX_DIM < DG_MIN_DIM || (DG_MAX_DIM % 2) == 0
#error "DG_MAX_DIM must be odd and between DG_MIN_DIM and 4001"
#endif
/* Room ids fit the cell word's 10-bit ROOM_ID field (dg.h's bit layout). */
#define DG_MAX_ROOMS 1023
/* A room's side, in cells (the room_min and room_max keys' top). */
#define DG_ROOM_DIM_MAX 99
/* Stairs a map may ask for (the stairs key's count): each is placed on a
 * dead end or a room's wall, searched for one by one. */
#define DG_STAIRS_MAX 64
/* Floors a dungeon may have (the floors key): every floor is held until the
 * answer is written, and one below the top costs about 2.5 tops to make
 * (server/estimate.c), so ten floors are already 24 maps' work. */
#define DG_MAX_FLOORS 10
/* The stocking parameters' floor (0-based, dg_stock_params.floor), which
 * callers of dg_contents_stock may set beyond the floors key: deeper is
 * harder by a step a floor (docs/stocking.md). */
#define DG_STOCK_FLOOR_MAX 99

/* ------------------------------------------------------------- text */

/* A text seed, in bytes: it hashes to 64 bits, so more text adds nothing
 * but a longer cache key and permalink. */
#define DG_SEED_TEXT_MAX 200
/* A dungeon's name, in characters (UTF-8 code points): a title line on the
 * map and the key. */
#define DG_NAME_MAX 80
/* Items of the reroll key (floor.room or room, each with a variant number
 * up to DG_REROLL_VARIANTS): a GM redraws a few rooms, not a map. */
#define DG_REROLL_MAX 16
#define DG_REROLL_VARIANTS 99

/* ------------------------------------------------------------ images */

/* Pixels per cell of the PNG and SVG (the cell key's range; config's
 * max_cell stays within it). The renderer itself takes up to
 * render/image/png_int.h's DG_PNG_MAX_CELL, for the VTT images at ppg. */
#define DG_MIN_CELL_PX 4
#define DG_MAX_CELL_PX 64
/* Pixels per grid cell of the VTT exports (uvtt image, foundry grid; the
 * ppg key's range): with DG_VTT_MAX_SIDE it bounds the scene's size. */
#define DG_MIN_PPG 20
#define DG_MAX_PPG 256
/* The biggest raster an encoder builds, in pixels: a PNG or a uvtt image
 * of cols x rows cells at c px is (cols*c + 1) x (rows*c + 1) at most.
 * dg_options_finish refuses a cell or ppg over it before any map is made;
 * 4001 x 4001 cells at 4 px still fit; deployment limits sit well below. */
#define DG_PNG_MAX_PIXELS (1LL << 28)
/* The longest image side, in pixels, that VTT importers load: GPUs cap a
 * texture at 16384 px a side, so uvtt (cols*ppg x rows*ppg) and Foundry's
 * scene (its background stretched to the same size) stay within it. */
#define DG_VTT_MAX_SIDE 16384

/* ------------------------------------------------------------ requests */

/* Keys one request may name: every option key once with room to spare; the
 * parser keeps them in a fixed array (server/request.c). */
#define SRV_MAX_KEYS 64
/* '&'-separated slots (empty ones too) a request target may carry: four
 * times the keys any request may name. libmicrohttpd 0.9.75 lists every
 * slot in its per-connection memory and, near 500, runs out: it then can
 * neither list them nor send its own 431, and the client waits for the
 * idle timeout. Targets past this are refused before it lists them. */
#define SRV_MAX_QUERY_SLOTS 256

#endif
