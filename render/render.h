/* render.h -- libdg_render: a finished dg_dungeon -> bytes for a client.
 * Encoders never draw from the map's RNG; same dungeon, same bytes. */
#ifndef DG_RENDER_H
#define DG_RENDER_H

#include <stdarg.h>

#include "dg_contents.h" /* the map (dg.h) and its fiction: render draws both */

/* A growable byte buffer every encoder appends to. Caller storage. */
typedef struct {
    unsigned char *data;
    size_t len, cap;
} dg_buf;

void dg_buf_init(dg_buf *b);
void dg_buf_fini(dg_buf *b);          /* frees data; b is empty and reusable */
void dg_buf_reset(dg_buf *b);         /* len = 0, keeps the storage */
dg_status dg_buf_append(dg_buf *b, const void *p, size_t n, dg_error *err);
dg_status dg_buf_puts(dg_buf *b, const char *s, dg_error *err);
/* Appends printf-style text. One overflow rule for every caller: b grows
 * to hold the whole text, never cut; fails only out of memory (DG_ENOMEM)
 * or on a format vsnprintf cannot write (DG_EINVAL), b then as it was. */
dg_status dg_buf_printf(dg_buf *b, dg_error *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
dg_status dg_buf_vprintf(dg_buf *b, dg_error *err, const char *fmt, va_list ap);
/* Hands the bytes to the caller (dg_free() them: free() unless
 * dg_replace_allocator changed it); b is left empty. */
unsigned char *dg_buf_steal(dg_buf *b, size_t *len);

/* Encodes d in format fmt, appending to out. Render keys (style, grid, cell,
 * view) come from d->opts. DG_EINVAL for a format this build cannot write;
 * on any failure out holds what it held before. */
dg_status dg_render(const dg_dungeon *d, dg_format fmt, dg_buf *out, dg_error *err);

/* Whether this build can write what o asks for: always in the whole
 * library (build_full.c); the lean one the CLI links leaves out what needs
 * cairo or libzip (build_lean.c), and the CLI then runs dungeon-full. */
bool dg_render_here(const dg_options *o);

/* Media types and extensions are the format table's (dg.h, core/formats.c). */

/* A style's one-line description ("" when out of range). */
const char *dg_style_help(dg_style s);

/* The individual encoders, for callers that know what they want: one per
 * format, dg_<id>_encode for each DG_FORMAT_IDS row of dg.h (declared from
 * that list, so a new format's encoder needs no line here), appending d's
 * bytes to out:
 *   dg_json_encode, dg_donjon_encode (donjon's JSON), dg_text_encode,
 *   dg_png_encode;
 *   dg_md_encode: the whole key as Markdown (md.c);
 *   dg_svg_encode: the PNG's map as SVG, the same size and look: rooms are
 *     groups with ids room-1..., doors and stairs <symbol>s (svg.c);
 *   dg_uvtt_encode, dg_foundry_encode: Universal VTT (.dd2vtt) and Foundry
 *     VTT scene JSON, walls and doors placed, at d->opts.ppg pixels per
 *     cell (vtt.c, foundry_scene.c);
 *   dg_foundry_bundle_encode: a Foundry VTT module as a zip, whose
 *     compendium holds one Adventure (scenes with walls and notes, a journal
 *     entry per room; foundry_bundle.c). */
#define DG_ENCODER_DECL(code, id) dg_status dg_##id##_encode(const dg_dungeon *d, dg_buf *out, dg_error *err);
DG_FORMAT_IDS(DG_ENCODER_DECL)
#undef DG_ENCODER_DECL

#endif
