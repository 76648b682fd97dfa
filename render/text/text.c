/* text.c -- the plain-text dump: one character per cell, one line per row,
 * every line ending in "\n". It is also the golden-file format, so the legend
 * below is frozen: changing a character changes every golden file.
 *
 *   #   solid: rock (0) or a room's wall ring (PERIMETER); never a space, so
 *       diffs and editors keep trailing cells
 *   .   room floor (label bits are ignored: one character per cell)
 *   ,   corridor
 *   '   archway          +   door            L   locked door
 *   T   trapped door     S   secret door     P   portcullis
 *   >   stair down       <   stair up       (roguelike convention)
 *   ?   any word outside donjon's layout (a generator bug made visible)
 *
 * Stairs and doors win over the open bits they sit on. In the player view
 * (view=player) a secret door is the rock it passes for, '#', and a
 * trapped door a plain '+', as png.c draws them. Rendering colours, labels
 * and grids is left to png.c. */
#include "dg_common.h"
#include "render.h"

#include <stdlib.h>

static char glyph(uint32_t c)
{
    if (c & DG_STAIR_DN) return '>';
    if (c & DG_STAIR_UP) return '<';
    if (c & DG_DOORSPACE) {
        /* finished maps carry exactly one door bit; the order only
         * matters for broken words, where the most hidden kind shows */
        if (c & DG_SECRET) return 'S';
        if (c & DG_TRAPPED) return 'T';
        if (c & DG_LOCKED) return 'L';
        if (c & DG_PORTC) return 'P';
        if (c & DG_DOOR) return '+';
        return '\'';
    }
    if (c & DG_ROOM) return '.';
    if (c & DG_CORRIDOR) return ',';
    if (c == DG_NOTHING || c == DG_PERIMETER) return '#';
    return '?';
}

/* What a player may see of word c: a secret door is rock, a trap unseen. */
static char player_glyph(uint32_t c)
{
    if ((c & DG_DOORSPACE) && (c & DG_SECRET)) return '#';
    if ((c & DG_DOORSPACE) && (c & DG_TRAPPED)) return '+';
    return glyph(c);
}

dg_status dg_text_encode(const dg_dungeon *d, dg_buf *out, dg_error *err)
{
    if (!d || !d->cells || d->width < 1 || d->height < 1)
        return dg_error_set(err, DG_EINVAL, "", "", "", "no dungeon to render");
    char (*look)(uint32_t) = d->opts.view == DG_VIEW_PLAYER ? player_glyph : glyph;
    size_t w = (size_t)d->width;
    char *row = dg__malloc(w + 1);
    if (!row) return dg__nomem(err, NULL);
    dg_status rc = DG_OK;
    for (size_t y = 0; y < (size_t)d->height && rc == DG_OK; y++) {
        const uint32_t *cells = d->cells + y * w;
        for (size_t x = 0; x < w; x++) row[x] = look(cells[x]);
        row[w] = '\n';
        rc = dg_buf_append(out, row, w + 1, err);
    }
    dg__free(row);
    return rc;
}
