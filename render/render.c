/* render.c -- picks the encoder for a format and names its MIME type, route
 * extension and download extension; the encoding itself is left to json.c,
 * donjon.c, text.c, png.c, vtt.c and svg.c. */
#include "render.h"

#include <stdio.h>

typedef dg_status (*encoder)(const dg_dungeon *, dg_buf *, dg_error *);

/* download: the file name extension importers look for, when it is not ext
 * (Universal VTT files are saved as .dd2vtt, Dungeondraft's name for them,
 * which every importer accepts). */
static const struct {
    encoder enc;
    const char *mime, *ext, *download;
} formats[DG_FMT_COUNT] = {
    [DG_FMT_JSON] = {dg_json_encode, "application/json", "json", NULL},
    [DG_FMT_DONJON] = {dg_donjon_encode, "application/json", "donjon.json", NULL},
    [DG_FMT_TXT] = {dg_text_encode, "text/plain; charset=utf-8", "txt", NULL},
    [DG_FMT_PNG] = {dg_png_encode, "image/png", "png", NULL},
    [DG_FMT_UVTT] = {dg_uvtt_encode, "application/json", "uvtt", "dd2vtt"},
    [DG_FMT_FOUNDRY] = {dg_foundry_encode, "application/json", "foundry.json", NULL},
    [DG_FMT_SVG] = {dg_svg_encode, "image/svg+xml", "svg", NULL},
};

static bool known(dg_format fmt)
{
    return (int)fmt >= 0 && fmt < DG_FMT_COUNT && formats[fmt].enc != NULL;
}

dg_status dg_render(const dg_dungeon *d, dg_format fmt, dg_buf *out, dg_error *err)
{
    if (!known(fmt)) {
        char v[16];
        snprintf(v, sizeof v, "%d", (int)fmt);
        return dg_error_set(err, DG_EINVAL, "format", v, "json|donjon|txt|png|uvtt|foundry|svg",
                            "this build cannot write that format");
    }
    if (!d || !d->cells || d->width < 1 || d->height < 1)
        return dg_error_set(err, DG_EINVAL, "", "", "", "no dungeon to render");
    return formats[fmt].enc(d, out, err);
}

const char *dg_format_mime(dg_format fmt)
{
    return known(fmt) ? formats[fmt].mime : "application/octet-stream";
}

const char *dg_format_ext(dg_format fmt)
{
    return known(fmt) ? formats[fmt].ext : "bin";
}

const char *dg_format_download_ext(dg_format fmt)
{
    if (!known(fmt)) return "bin";
    return formats[fmt].download ? formats[fmt].download : formats[fmt].ext;
}
