/* png_canvas.c -- the PNG renderer's pixel rows, where a row equal to the
 * one above is not a copy but the same storage. What goes in the rows is
 * png.c's and the glyph passes'; turning them into PNG bytes png_write.c's.
 *
 * Why: a cell is `cell` px tall and only its boundary line and glyphs make
 * its rows differ, so most rows repeat the one above. The fill pass draws
 * each distinct row once and lets the rows below show it; boxes (walls,
 * glyph strokes) paint once per run of rows showing the same storage; the
 * writer sees shared rows as repeats without comparing them.
 *
 * Storage: row y's own storage is pix + y * w. rows[y] points at the own
 * storage of some row a <= y, its owner, and the rows showing a's storage
 * are exactly a..last[a]. Every write goes through dr__canvas_row or
 * dr__canvas_box, which first split a run so that only the rows written
 * show the storage written, copying the old pixels to the rows that keep
 * them (a memcpy of one row per split). */
#include <stdlib.h>
#include <string.h>

#include "png_int.h"

static unsigned char *own(const dr__canvas *cv, int y)
{
    return cv->pix + (size_t)y * (size_t)cv->w;
}

static int owner(const dr__canvas *cv, int y)
{
    return (int)((size_t)(cv->rows[y] - cv->pix) / (size_t)cv->w);
}

/* Rows from..to (all showing a's storage, a <= from) move to from's own
 * storage, which gets a copy of a's pixels. */
static void move_run(dr__canvas *cv, int a, int from, int to)
{
    unsigned char *dst = own(cv, from);
    memcpy(dst, own(cv, a), (size_t)cv->w);
    for (int y = from; y <= to; y++) cv->rows[y] = dst;
    cv->last[from] = to;
}

/* Makes rows y..e (e <= the last row of y's run) the whole run of y's own
 * storage, rows after e keeping the old pixels in storage of their own. */
static unsigned char *claim(dr__canvas *cv, int y, int e)
{
    int a = owner(cv, y), b = cv->last[a];
    if (e < b) move_run(cv, a, e + 1, b);
    if (a < y) {
        move_run(cv, a, y, e);
        cv->last[a] = y - 1;
    }
    cv->last[y] = e;
    return own(cv, y);
}

dg_status dr__canvas_alloc(dr__canvas *cv, dg_error *err)
{
    cv->pix = dg__malloc((size_t)cv->w * (size_t)cv->h);
    cv->rows = dg__malloc((size_t)cv->h * sizeof *cv->rows);
    cv->last = dg__malloc((size_t)cv->h * sizeof *cv->last);
    if (!cv->pix || !cv->rows || !cv->last)
        return dg_error_set(err, DG_ENOMEM, "", "", "", "no memory for a %dx%d image", cv->w, cv->h);
    return DG_OK;
}

void dr__canvas_free(dr__canvas *cv)
{
    dg__free(cv->pix);
    dg__free(cv->rows);
    dg__free(cv->last);
}

unsigned char *dr__canvas_fresh(dr__canvas *cv, int y)
{
    cv->rows[y] = own(cv, y);
    cv->last[y] = y;
    return cv->rows[y];
}

void dr__canvas_repeat(dr__canvas *cv, int y)
{
    cv->rows[y] = cv->rows[y - 1];
    cv->last[owner(cv, y)] = y;
}

unsigned char *dr__canvas_row(dr__canvas *cv, int y)
{
    return claim(cv, y, y);
}

/* Inclusive box, clipped; the one primitive walls and glyphs share. Rows
 * showing the same storage get the same pixels, so one memset serves a
 * run of them. */
void dr__canvas_box(dr__canvas *cv, int x0, int y0, int x1, int y1, unsigned char ink)
{
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 >= cv->w) x1 = cv->w - 1;
    if (y1 >= cv->h) y1 = cv->h - 1;
    if (x0 > x1) return;
    for (int y = y0; y <= y1;) {
        int e = cv->last[owner(cv, y)];
        if (e > y1) e = y1;
        memset(claim(cv, y, e) + x0, ink, (size_t)(x1 - x0 + 1));
        y = e + 1;
    }
}
