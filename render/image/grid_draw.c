/* grid_draw.c -- the square, hex (flat-top), vhex (pointy-top) and none grid
 * overlays, drawn once per render as one vertical period of full-width pixel
 * rows; png.c copies those rows under every open (and, in some styles, every
 * rock) span. Where the grid shows and in which colours is the caller's call.
 *
 * Hexes keep the square cell model underneath (like donjon's overlay) but are
 * locked to it: a flat-top hex is exactly one cell tall and every other hex
 * column sits on the cell rows, with its top and bottom edges on the cell
 * boundaries; a pointy-top hex is exactly one cell wide and every other hex
 * row sits on the cell columns. The other spacing is round(cell * sqrt(3)/2)
 * whole pixels, so the pattern repeats exactly and adjacent hexes share their
 * corner pixels (every corner is rounded once, from exact sixths). */
#include <string.h>

#include "png_int.h"

typedef struct {
    unsigned char *rows;
    int w, period;
    unsigned char ink;
} plot;

/* Bresenham; x clipped to the image, y wrapped into the period. */
static void seg(const plot *p, int x0, int y0, int x1, int y1)
{
    int dx = x1 > x0 ? x1 - x0 : x0 - x1, sx = x0 < x1 ? 1 : -1;
    int dy = y1 > y0 ? y0 - y1 : y1 - y0, sy = y0 < y1 ? 1 : -1;
    int e = dx + dy;
    for (;;) {
        if (x0 >= 0 && x0 < p->w) {
            int y = y0 % p->period;
            if (y < 0) y += p->period;
            p->rows[(size_t)y * (size_t)p->w + (size_t)x0] = p->ink;
        }
        if (x0 == x1 && y0 == y1) break;
        int e2 = 2 * e;
        if (e2 >= dy) { e += dy; x0 += sx; }
        if (e2 <= dx) { e += dx; y0 += sy; }
    }
}

/* Exact n/den rounded half up, for any sign (floor division). */
static int rnd(long n, long den)
{
    long q = n + den / 2;
    return (int)(q >= 0 ? q / den : -((-q + den - 1) / den));
}

static int hex_spacing(int cell)
{
    return (cell * 866 + 500) / 1000; /* sqrt(3)/2, whole pixels */
}

/* Flat-top: column i centre x = i*s + cell/2; row centre y = cell/2 plus half
 * a cell on odd columns. x in sixths, y in halves. Each hex draws its top,
 * upper-right and lower-right edges; the neighbours draw the rest. */
static void hex_flat(const plot *p, int cell)
{
    int s = hex_spacing(cell);
    for (int i = -1; i * s <= p->w + s; i++) {
        long cx6 = 6L * i * s + 3L * cell;
        long cy2 = (long)cell + ((i & 1) ? cell : 0);
        int xl = rnd(cx6 - 2L * s, 6), xr = rnd(cx6 + 2L * s, 6);
        int xR = rnd(cx6 + 4L * s, 6);
        int yt = rnd(cy2 - cell, 2), yc = rnd(cy2, 2), yb = rnd(cy2 + cell, 2);
        seg(p, xl, yt, xr, yt);
        seg(p, xr, yt, xR, yc);
        seg(p, xR, yc, xr, yb);
    }
}

/* Pointy-top: row j centre y = j*s + 2s/3 (top corner of row 0 on y = 0);
 * column centre x = cell/2 plus half a cell on odd rows. x in halves, y in
 * sixths. Each hex draws its upper-right, right and lower-right edges. */
static void hex_pointy(const plot *p, int cell)
{
    int s = hex_spacing(cell);
    for (int j = 0; j < 2; j++) {
        long cy6 = 6L * j * s + 4L * s;
        int yT = rnd(cy6 - 4L * s, 6), yu = rnd(cy6 - 2L * s, 6);
        int yl = rnd(cy6 + 2L * s, 6), yB = rnd(cy6 + 4L * s, 6);
        for (int i = -1; i * cell <= p->w + cell; i++) {
            long cx2 = 2L * i * cell + cell + ((j & 1) ? cell : 0);
            int xc = rnd(cx2, 2), xr = rnd(cx2 + cell, 2);
            seg(p, xc, yT, xr, yu);
            seg(p, xr, yu, xr, yl);
            seg(p, xr, yl, xc, yB);
        }
    }
}

void dr__grid_rows(const dr__canvas *cv, dg_grid grid, unsigned char base,
                   unsigned char line, unsigned char *rows, int *period_y)
{
    int w = cv->w, cell = cv->cell;
    plot p = {rows, w, 1, line};
    switch (grid) {
    case DG_GRID_SQUARE:
        p.period = cell;
        memset(rows, line, (size_t)w);
        for (int y = 1; y < cell; y++) {
            unsigned char *r = rows + (size_t)y * (size_t)w;
            memset(r, base, (size_t)w);
            for (int x = 0; x < w; x += cell) r[x] = line;
        }
        break;
    case DG_GRID_HEX:
        p.period = cell;
        memset(rows, base, (size_t)p.period * (size_t)w);
        hex_flat(&p, cell);
        break;
    case DG_GRID_VHEX:
        p.period = 2 * hex_spacing(cell);
        memset(rows, base, (size_t)p.period * (size_t)w);
        hex_pointy(&p, cell);
        break;
    default:
        memset(rows, base, (size_t)w);
        break;
    }
    *period_y = p.period;
}
