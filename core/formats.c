/* formats.c -- one row per output format (its name is dg.h's DG_FORMATS
 * list): its route and download names,
 * media type, whether gzip pays, which option sizes its image, whether
 * importers cap its sides, whether the seed travels inside the bytes,
 * whether its picture is the players' (a VTT scene's: view=player unless
 * view is given). The daemon's routes and headers, the CLI's
 * file-name guess, the image-size check and GET /options read these rows;
 * the encoders are render/'s (render.c binds one per format). */
#include "options_int.h"

static const dg_format_info formats[DG_FMT_COUNT] = {
    [DG_FMT_JSON] = {"json", "application/json", "json", true, NULL, false, true,
                     "the map as data: rooms, doors, stairs, exits, walls and the cell grid", false},
    [DG_FMT_DONJON] = {"donjon.json", "application/json", "donjon.json", true, NULL, false, true,
                       "donjon's own JSON export, for the tools that read it", false},
    [DG_FMT_TXT] = {"txt", "text/plain; charset=utf-8", "txt", true, NULL, false, false,
                    "the map as text, one character a cell", false},
    [DG_FMT_PNG] = {"png", "image/png", "png", false, "cell", false, false,
                    "the map as an image, in a style and grid", false},
    /* saved as .dd2vtt, Dungeondraft's name, which every importer accepts */
    [DG_FMT_UVTT] = {"uvtt", "application/json", "dd2vtt", true, "ppg", true, false,
                     "Universal VTT (.dd2vtt): image, walls and doors for Foundry, Roll20, Owlbear and others",
                     true},
    [DG_FMT_FOUNDRY] = {"foundry.json", "application/json", "foundry.json", true, NULL, true, true,
                        "a Foundry VTT scene with its walls and doors", true},
    [DG_FMT_MD] = {"md", "text/markdown; charset=utf-8", "md", true, NULL, false, true,
                   "the dungeon's key as Markdown: details, wandering monsters, every room's contents and doors", false},
    [DG_FMT_SVG] = {"svg", "image/svg+xml", "svg", true, "cell", false, false,
                    "the map as vector: the PNG's look, rooms as groups room-N, doors and stairs as symbols", false},
    /* a zip of PNGs and a LevelDB pack: deflate has already been spent */
    [DG_FMT_FOUNDRY_BUNDLE] = {"foundry.zip", "application/zip", "foundry.zip", false, "ppg", true, true,
                               "a Foundry VTT module: import its adventure for the scenes with walls, the map, "
                               "a journal entry per room and notes on the map linked to them", true},
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
