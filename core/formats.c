/* formats.c -- one row per output format (its name is dg.h's DG_FORMATS
 * list): its route and download names,
 * media type, whether gzip pays, which option sizes its image, whether
 * importers cap its sides, whether the seed travels inside the bytes,
 * whether its picture is the players' (a VTT scene's: view=player unless
 * view is given), whether it carries every floor, the media ranges that
 * choose it in Accept negotiation, and what it costs to write (the
 * daemon's estimate). The daemon's routes and headers, the CLI's
 * file-name guess, the image-size check and GET /options read these rows;
 * the encoders are render/'s (render.c binds dg_<id>_encode by the list). */
#include "options_int.h"

/* Cost figures (dg_format_cost, dg.h): ns per cell to encode (plain, cave
 * outlines), ns per image pixel (plain, caves), peak bytes per pixel, the
 * VTT lights per stocked cell, WebP per pixel, bytes per cell per floor
 * held, bytes per cell the encoder holds, bytes per pixel of a frame.
 * Peak bytes from bench_estimate --largest (issue 39; the map's own 14
 * bytes a cell a floor are estimate.c's): JSON 20 a cell a floor beyond
 * them (23 MB at 1001x1001, 80 MB at 561x561x10), Markdown about none
 * (29 MB at 561x561x10), PNG 1.0 a pixel in every style (crosshatch the
 * most, 1.19) and as much again while legend or ruler frames it (314 MB
 * against 157 MB at 391x391 cell 32), WebP 12.1 a pixel (232 MB at
 * 219x219 ppg 20; 9 was 1.16-1.28x short). */
static const dg_format_info formats[DG_FMT_COUNT] = {
    [DG_FMT_JSON] = {"json", "application/json", "json", true, NULL, false, true,
                     "the map as data: rooms, doors, stairs, exits, walls and the cell grid", false,
                     .all_floors = true, .accept = "application/json application/* */*",
                     .cost = {.cell_ns = 30, .cave_cell_ns = 2100, .px_ns = 0, .cave_px_ns = 0, .px_bytes = 0,
                              .light_ns = 0, .light_bytes = 0, .webp_px_ns = 0, .webp_px_bytes = 0,
                              .floor_cell_bytes = 0,
                              .cell_bytes = 24, .frame_px_bytes = 0, .per_floor = true, .image_key = false}},
    [DG_FMT_DONJON] = {"donjon.json", "application/json", "donjon.json", true, NULL, false, true,
                       "donjon's own JSON export, for the tools that read it", false,
                       .all_floors = false, .accept = NULL,
                       .cost = {.cell_ns = 50, .cave_cell_ns = 50, .px_ns = 0, .cave_px_ns = 0, .px_bytes = 0,
                                .light_ns = 0, .light_bytes = 0, .webp_px_ns = 0, .webp_px_bytes = 0,
                                .floor_cell_bytes = 0,
                                .cell_bytes = 0, .frame_px_bytes = 0, .per_floor = false, .image_key = false}},
    [DG_FMT_TXT] = {"txt", "text/plain; charset=utf-8", "txt", true, NULL, false, false,
                    "the map as text, one character a cell", false,
                    .all_floors = false, .accept = "text/plain text/*",
                    .cost = {.cell_ns = 2, .cave_cell_ns = 2, .px_ns = 0, .cave_px_ns = 0, .px_bytes = 0,
                             .light_ns = 0, .light_bytes = 0, .webp_px_ns = 0, .webp_px_bytes = 0,
                             .floor_cell_bytes = 0,
                             .cell_bytes = 0, .frame_px_bytes = 0, .per_floor = false, .image_key = false}},
    /* per pixel: perf stat's task-clock over a 21x21 txt's process, donjon
     * 99x99 PNG 7.4 ms, panels 6 ms (3.2 Mpx), 151x151 at cell 8 6.3 ms
     * (estimated 1.7 ms at 0.5 ns a pixel, so made on the HTTP thread);
     * bench_estimate's donjon uvtt 151x151 87 ms (112 Mpx); caves: caverns
     * 45x45 PNG 11.6 ms, 151x151 130 ms, uvtt 1.36 s; SVG caves' outline:
     * cavernous 151x151 157 ms, 501x501 572 ms */
    /* sketch: the CLI at 201x201, cell 18 (13.5 Mpx cropped and framed):
     * 0.31 s user on a loaded machine (1.17 s before the speed passes),
     * 76 MB peak (128 with the floors' image-sized group: now cairo's
     * 4-byte surface, the walls' coverage byte, the pools' groups; the
     * palette rows are written over the surface): 40 ns and 6 bytes a
     * pixel (50 ns and 10 bytes before) */
    [DG_FMT_PNG] = {"png", "image/png", "png", false, "cell", false, false,
                    "the map as an image, in a style and grid", false,
                    .all_floors = false, .accept = "image/png image/*",
                    .cost = {.cell_ns = 0, .cave_cell_ns = 0, .px_ns = 1.5, .cave_px_ns = 15.0, .px_bytes = 1.2,
                             .light_ns = 0, .light_bytes = 0, .webp_px_ns = 0, .webp_px_bytes = 0,
                             .floor_cell_bytes = 0, .sketch_px_ns = 40, .sketch_px_bytes = 6,
                             .cell_bytes = 0, .frame_px_bytes = 1.1, .per_floor = false, .image_key = false}},
    /* saved as .dd2vtt, Dungeondraft's name, which every importer accepts */
    [DG_FMT_UVTT] = {"uvtt", "application/json", "dd2vtt", true, "ppg", true, false,
                     "Universal VTT (.dd2vtt): image, walls and doors for Foundry, Roll20, Owlbear and others",
                     true, .all_floors = false, .accept = NULL,
                     .cost = {.cell_ns = 0, .cave_cell_ns = 0, .px_ns = 0.8, .cave_px_ns = 12.0, .px_bytes = 1.2,
                              .light_ns = 100, .light_bytes = 110, .webp_px_ns = 14.0, .webp_px_bytes = 13.5,
                              .floor_cell_bytes = 0,
                              .cell_bytes = 0, .frame_px_bytes = 0, .per_floor = false, .image_key = true}},
    /* lights: 100 bytes a stocked cell (uvtt's 110 put the largest scene
     * importers take, 233x233, at 2.5x its 3 MB peak) */
    [DG_FMT_FOUNDRY] = {"foundry.json", "application/json", "foundry.json", true, NULL, true, true,
                        "a Foundry VTT scene with its walls, doors, lights and regions (foundry=14: on a Level; 13: v13's fields)", true,
                        .all_floors = false, .foundry_target = true, .accept = NULL,
                        .cost = {.cell_ns = 50, .cave_cell_ns = 2200, .px_ns = 0, .cave_px_ns = 0, .px_bytes = 0,
                                 .light_ns = 100, .light_bytes = 100, .webp_px_ns = 0, .webp_px_bytes = 0,
                                 .floor_cell_bytes = 0,
                                 .cell_bytes = 0, .frame_px_bytes = 0, .per_floor = false, .image_key = false}},
    /* cost: the key's words per room, from the CLI on 301x301 maps, rounded up */
    [DG_FMT_MD] = {"md", "text/markdown; charset=utf-8", "md", true, NULL, false, true,
                   "the dungeon's key as Markdown: details, wandering monsters, every room's contents and doors", false,
                   .all_floors = true, .accept = NULL,
                   .cost = {.cell_ns = 30, .cave_cell_ns = 30, .px_ns = 0, .cave_px_ns = 0, .px_bytes = 0,
                            .light_ns = 0, .light_bytes = 0, .webp_px_ns = 0, .webp_px_bytes = 0,
                            .floor_cell_bytes = 0,
                            .cell_bytes = 0, .frame_px_bytes = 0, .per_floor = false, .image_key = false}},
    /* cost: the vector map's paths per cell (it draws no pixels), from the
     * CLI on 301x301 maps, rounded up */
    /* sketch: cairo's SVG surface, 201x201 at cell 18: 0.50 s user, 54 MB
     * peak (the 15.7 MB document twice over): 40 ns and 4 bytes per pixel
     * of the PNG it matches */
    [DG_FMT_SVG] = {"svg", "image/svg+xml", "svg", true, "cell", false, false,
                    "the map as vector: the PNG's look, rooms as groups room-N, doors and stairs as symbols", false,
                    .all_floors = false, .accept = NULL,
                    .cost = {.cell_ns = 60, .cave_cell_ns = 3000, .px_ns = 0, .cave_px_ns = 0, .px_bytes = 0,
                             .light_ns = 0, .light_bytes = 0, .webp_px_ns = 0, .webp_px_bytes = 0,
                             .floor_cell_bytes = 0, .sketch_px_ns = 40, .sketch_px_bytes = 4,
                             .cell_bytes = 0, .frame_px_bytes = 0, .per_floor = false, .image_key = false}},
    /* a zip of PNGs and a LevelDB pack: deflate has already been spent.
     * cost: the uvtt's image at ppg, the foundry scene read back and written
     * again with its notes, the key as journal pages, the pack deflated,
     * every floor: bench_estimate's donjon 21..201 gave 3.6 ms at 21x21,
     * 326 ms at 201x201 (930 ms over three floors): 6 us a cell over the image;
     * the module holds its scene, journal and pack as JSON at once, and the
     * pack's LevelDB log beside them: the CLI's peak RSS at ppg 20 was 85 MB
     * for 201x201 over 3 floors and 83 MB for 301x301, and the probe of
     * issue 23 saw 6.4-10 GB for 819x819 over 10 floors, three times what
     * 320 bytes a cell a floor said; 960 bytes covers them all (121 MB,
     * 105 MB and 7.3 GB), so a deployment's budget refuses such a bundle up
     * front rather than letting it past the pod's limit. Since the scenes
     * are written as text, never a jansson tree (bundle_scene.c), the peak
     * is the bigger of a floor's canvas (px_bytes) and the pack's log
     * (about 100 bytes a cell a floor, 120 with lights) with a third more:
     * 44 MB for 201x201x3, 76 MB for 401x401, 251 MB for 819x819 and 267
     * MB for 819x819x3 (a 208 MB log); 320 bytes bounded them twice over,
 * too far: a 601x601 module of 10 floors at ppg 20 was refused as 1.5 GB
 * and peaks at 214 MB (issue 39). bench_estimate --largest and the CLI at
 * ppg 20: 38.6 MB at 179x179x10, 86 MB at 301x301x10, 214 MB at
 * 601x601x10, 80 MB at 459x459x1, 305 MB at 779x779x10: the canvas and
 * 56 bytes a cell a floor beside the map's own 14 cover them at 1.1-2.4x */
    [DG_FMT_FOUNDRY_BUNDLE] = {"foundry.zip", "application/zip", "foundry.zip", false, "ppg", true, true,
                               "a Foundry VTT module: import its adventure for the scenes with walls, the map, "
                               "a journal entry per room and notes on the map linked to them", true,
                               .all_floors = true, .foundry_target = true, .accept = NULL,
                               .cost = {.cell_ns = 6000, .cave_cell_ns = 6000, .px_ns = 0.8, .cave_px_ns = 12.0,
                                        .px_bytes = 1.2, .light_ns = 0, .light_bytes = 0, .webp_px_ns = 0,
                                        .webp_px_bytes = 0, .floor_cell_bytes = 56, .cell_bytes = 0,
                                        .frame_px_bytes = 0,
                                        .per_floor = true,
                                        .image_key = false}},
    /* the sketch drawing (render/image/sketch.c) on the first page, the
     * key after it: cairo's PDF surface. cost: the CLI, user time and peak
     * RSS, map and key together: 201x201 1.42 s, 37 MB (3.6 MB file);
     * 401x401 5.7 s, 95 MB (13.7 MB): 36 us and 600 bytes a cell */
    [DG_FMT_PDF] = {"pdf", "application/pdf", "pdf", false, NULL, false, false,
                    "a handout to print (paper=a4|letter): the map in the sketch style with its legend, then the key",
                    false, .all_floors = false, .accept = "application/pdf",
                    .cost = {.cell_ns = 36000, .cave_cell_ns = 36000, .px_ns = 0, .cave_px_ns = 0, .px_bytes = 0,
                             .light_ns = 0, .light_bytes = 0, .webp_px_ns = 0, .webp_px_bytes = 0,
                             .floor_cell_bytes = 600, .per_floor = false, .image_key = false}},
};

const dg_format_info *dg_format_info_of(dg_format f)
{
    return (unsigned)f < DG_FMT_COUNT && formats[f].ext ? &formats[f] : NULL;
}

const char *dg_format_mime(dg_format f)
{
    const dg_format_info *i = dg_format_info_of(f);
    return i ? i->media_type : "application/octet-stream";
}

const char *dg_format_ext(dg_format f)
{
    const dg_format_info *i = dg_format_info_of(f);
    return i ? i->ext : "bin";
}

const char *dg_format_download_ext(dg_format f)
{
    const dg_format_info *i = dg_format_info_of(f);
    return i ? i->download : "bin";
}

/* A VTT scene's picture is what the table sees, so a GM who asked for no
 * view gets the one that gives nothing away; the walls and doors beside it
 * still follow view (gm), so the GM keeps every secret door to open. */
dg_view dg_options_image_view(const dg_options *o, dg_format as)
{
    const dg_format_info *f = dg_format_info_of(as);
    if (!(o->given & GIVEN(K_VIEW)) && f && f->table_image) return DG_VIEW_PLAYER;
    return o->view;
}
