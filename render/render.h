/* render.h -- libdg_render: a finished dg_dungeon -> bytes for a client.
 * Encoders never draw from the map's RNG; same dungeon, same bytes. */
#ifndef DG_RENDER_H
#define DG_RENDER_H

#include "dg.h"

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
/* Hands the bytes to the caller (free() them); b is left empty. */
unsigned char *dg_buf_steal(dg_buf *b, size_t *len);

/* Encodes d in format fmt, appending to out. Render keys (style, grid, cell,
 * view) come from d->opts. DG_EINVAL for a format this build cannot write. */
dg_status dg_render(const dg_dungeon *d, dg_format fmt, dg_buf *out, dg_error *err);

/* "application/json", "image/png", "text/plain; charset=utf-8", ... */
const char *dg_format_mime(dg_format fmt);
/* File name extension without the dot: "json", "donjon.json", "txt", "png",
 * "uvtt", "foundry.json", "svg"; the daemon's route is "/dungeon.<ext>". */
const char *dg_format_ext(dg_format fmt);
/* The extension a downloaded file gets: dg_format_ext, except "dd2vtt" for
 * uvtt (the name importers expect). */
const char *dg_format_download_ext(dg_format fmt);

/* The individual encoders, for callers that know what they want. */
/* Keeps the objects of its last document per thread and reuses them for
 * the next (see dg_render_thread_release). */
dg_status dg_json_encode(const dg_dungeon *d, dg_buf *out, dg_error *err);
/* Frees what this thread's encoders keep between documents; the next
 * encode starts afresh. Done by itself when a thread ends (and for the
 * thread that calls exit()); for callers that want the memory back
 * sooner, and for leak accounting in tests. */
void dg_render_thread_release(void);
dg_status dg_donjon_encode(const dg_dungeon *d, dg_buf *out, dg_error *err);
dg_status dg_text_encode(const dg_dungeon *d, dg_buf *out, dg_error *err);
dg_status dg_png_encode(const dg_dungeon *d, dg_buf *out, dg_error *err);
/* The PNG's map as SVG, the same size and look: rooms are groups with ids
 * room-1..., doors and stairs <symbol>s; see svg.c for the document. */
dg_status dg_svg_encode(const dg_dungeon *d, dg_buf *out, dg_error *err);
/* Universal VTT (.dd2vtt) and Foundry VTT scene JSON: walls and doors placed,
 * at d->opts.ppg pixels per cell; see vtt.c for the documents. */
dg_status dg_uvtt_encode(const dg_dungeon *d, dg_buf *out, dg_error *err);
dg_status dg_foundry_encode(const dg_dungeon *d, dg_buf *out, dg_error *err);

#endif
