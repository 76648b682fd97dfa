/* render.c -- binds each format (core/formats.c's rows) to its encoder,
 * dg_<id>_encode by dg.h's DG_FORMAT_IDS; the encoding itself is left to
 * json.c, donjon.c, text.c, md.c, png.c, svg.c, vtt.c, foundry_scene.c and
 * foundry_bundle.c.
 * A format shows one floor, the one the options name, unless its row
 * carries every floor (all_floors). */
#include "render.h"

#include <stdio.h>

typedef dg_status (*encoder)(const dg_dungeon *, dg_buf *, dg_error *);

/* one per format, dg_<id>_encode by dg.h's list: a format without its
 * encoder does not link */
#define ENCODER_ROW(code, id) [code] = dg_##id##_encode,
static const encoder encoders[DG_FMT_COUNT] = {DG_FORMAT_IDS(ENCODER_ROW)};
#undef ENCODER_ROW

dg_status dg_render(const dg_dungeon *d, dg_format fmt, dg_buf *out, dg_error *err)
{
    if ((unsigned)fmt >= DG_FMT_COUNT || !encoders[fmt]) {
        char v[16], allowed[sizeof err->allowed];
        snprintf(v, sizeof v, "%d", (int)fmt);
        dg_option_allowed("format", allowed, sizeof allowed);
        return dg_error_set(err, DG_EINVAL, "format", v, allowed, "this build cannot write that format");
    }
    if (!d || !d->cells || d->width < 1 || d->height < 1)
        return dg_error_set(err, DG_EINVAL, "", "", "", "no dungeon to render");
    if (!out) return dg_error_set(err, DG_EINVAL, "", "", "", "no output buffer");
    /* a format whose row carries every floor gets them all; the others
     * show the floor the options name (hand-built dungeons have one floor,
     * number 0) */
    const dg_format_info *row = dg_format_info_of(fmt);
    if (!(row && row->all_floors) && d->opts.floor > 1) {
        const dg_dungeon *f = dg_dungeon_floor(d, d->opts.floor);
        if (!f) return dg_error_set(err, DG_EINVAL, "floor", "", "", "the dungeon has no such floor");
        d = f;
    }
    size_t from = out->len;
    dg_status rc = encoders[fmt](d, out, err);
    if (rc != DG_OK && out->len != from) { /* a failed encode leaves out as it was */
        out->len = from;
        out->data[from] = '\0';
    }
    return rc;
}
