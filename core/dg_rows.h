/* dg_rows.h -- the row types of the family and format tables (core/
 * families.c with the gen files' rows, core/formats.c): what a family and a
 * format are to the rest of the product, their cost figures included (the
 * daemon's estimate is arithmetic over these), and the lookups by enum.
 * Part of the public interface: included by dg.h, after the option types
 * these rows are indexed by (dg_options.h); include dg.h, not this file. */
#ifndef DG_ROWS_H
#define DG_ROWS_H

#include "dg_options.h"

/* What a family's maps cost to make, per cell of the map, in nanoseconds of
 * CPU: the daemon's estimate (server/estimate.c) multiplies these, which
 * bench/bench_estimate measures (99x99 maps, RelWithDebInfo, the 2-core
 * build machine; generation rounded up by 10%). One field per figure. */
typedef struct {
    double gen_ns;         /* to generate a map of the family's usual kind */
    double variant_gen_ns; /* ... when its costly variant holds (dg_options_cost_variant:
                            * donjon's cavernous layout, gridmapper's caves, abstract's
                            * small areas); 0 for a family without one */
    double stock_ns;       /* to stock it (contents other than none): the walk from the
                            * entrance over every open cell and the rooms' contents (donjon
                            * 501x501: about 20 ms more than contents=none, under load);
                            * 0: no rooms to stock (caverns) */
    bool round_rooms;      /* it draws round rooms, whose organic outline render/cave_draw.c
                            * refines as it does caves' (cells, abstract) */
    double variant_floor_bytes; /* peak bytes a floor more when its costly variant holds,
                            * whatever the floor's size (abstract's small areas: many
                            * rooms, their records and contents up to the room cap);
                            * the map's bytes per cell are server/estimate.c's */
    double loops_ns;       /* to dig loops=some or many into each floor made (core/loops.c,
                            * and the lock-and-key cycle it designs): measured as the CLI's
                            * user time of loops=many over none at 501x501 and 1001x1001
                            * (seeds 1-5, contents=none), the larger of the two, +10%;
                            * digging costs more a cell than most families' generation */
} dg_family_cost;

/* One row per algorithm family (each its gen file's, gathered by
 * core/families.c); names are DG_ALGORITHMS'. */
typedef struct {
    const char *help;
    bool places_stairs; /* up and down stairs that floors can line up on */
    dg_family_cost cost;
} dg_family_info;
/* Row of algorithm a, NULL when out of range. */
const dg_family_info *dg_family_info_of(dg_algorithm a);
/* Whether o's map has organic cave outlines (its family row's predicate):
 * caverns, donjon's cavernous layout, gridmapper's caves. */
bool dg_options_caves(const dg_options *o);
/* Whether o's map costs its family's variant_gen_ns to make. */
bool dg_options_cost_variant(const dg_options *o);

/* What writing a map in a format costs, per cell and per image pixel (the
 * raster its raster_key sizes): the daemon's estimate (server/estimate.c)
 * multiplies these. From bench/bench_estimate (CPU time, best of 3-7 seeds,
 * 99x99 maps at the default cell and ppg, RelWithDebInfo on the 2-core
 * build machine) unless a field says otherwise. One field per figure. */
typedef struct {
    double cell_ns;       /* ns per cell to encode, plain walls */
    double cave_cell_ns;  /* ... organic cave outlines (traced for JSON, Foundry) */
    double px_ns;         /* ns per image pixel to draw and encode */
    double cave_px_ns;    /* ... with cave outlines */
    double px_bytes;      /* peak bytes per image pixel: libgd's palette image, a byte a
                           * pixel, and the PNG encoder's buffers; 0: no raster held */
    double light_ns;      /* ns per cell of a stocked map for the scene's lights (a middle
                           * figure: 401x401 at ppg 40, 35k lights, 40 ms more than unlit) */
    double light_bytes;   /* peak bytes per cell for them (the densest: 13 MB more for
                           * that Foundry scene) */
    double webp_px_ns;    /* ns per pixel more when image=webp (image_key rows): libwebp's
                           * time, from the CLI on 201x201 at ppg 70 (198 Mpx: 2.8 s) */
    double webp_px_bytes; /* peak bytes per pixel then, instead of px_bytes: its working
                           * planes (1.6 GB for those 198 Mpx, against 160 MB as PNG) */
    double floor_cell_bytes; /* peak bytes per cell per floor held beside the map (the
                           * Foundry module's scene, journal and pack at once) */
    double cell_bytes;    /* peak bytes per cell the encoder holds beyond the map (its
                           * output and working records), per floor written */
    double frame_px_bytes; /* peak bytes per pixel more with legend=yes or ruler=yes: the
                           * map's canvas copied into a framed one while both are held
                           * (render/frame.c); 0: the format frames no raster */
    double sketch_px_ns;  /* style=sketch (cairo's anti-aliased drawing, render/image/sketch.c):
                           * ns per image pixel instead of px_ns and cave_px_ns; 0: the
                           * style costs this format nothing more */
    double sketch_px_bytes; /* ... and peak bytes per pixel instead of px_bytes */
    bool per_floor;       /* the encoding figures count once per floor (native JSON
                           * writes each); else once, as measured */
    bool image_key;       /* the image key picks its picture: none draws no pixels,
                           * webp takes the webp figures */
} dg_format_cost;

/* One row per output format (core/formats.c); names are DG_FORMATS', the
 * encoders render/'s. */
typedef struct {
    const char *ext;          /* route: GET /dungeon.<ext> */
    const char *media_type;   /* Content-Type */
    const char *download;     /* a saved file's extension (importers' names) */
    bool compressible;        /* worth gzip on the wire */
    const char *raster_key;   /* the option sizing its image ("cell", "ppg"), NULL */
    bool vtt_side;            /* a VTT scene of cols*ppg x rows*ppg px: no side over
                               * DG_VTT_MAX_SIDE */
    bool carries_seed;        /* the seed is inside the bytes (else only beside them) */
    const char *help;
    bool table_image;         /* its picture goes before the players (a VTT scene's
                               * background): view defaults to player there */
    bool all_floors;          /* it carries every floor; else the one the options name */
    bool foundry_target;      /* the foundry key (14|13) shapes it; elsewhere the key is
                               * taken and left out of the canonical string */
    const char *accept;       /* media ranges that choose it in GET /dungeon's Accept
                               * negotiation, space-separated, the first its own; NULL:
                               * reached only by name */
    dg_format_cost cost;
} dg_format_info;
/* Row of format f, NULL when out of range. */
const dg_format_info *dg_format_info_of(dg_format f);
/* The row's media type, route extension and download extension, or
 * "application/octet-stream" / "bin" for an unknown format. */
const char *dg_format_mime(dg_format f);
const char *dg_format_ext(dg_format f);
const char *dg_format_download_ext(dg_format f);

#endif
