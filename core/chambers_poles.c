/* chambers_poles.c -- where a chamber's (or a cave room's) number goes:
 * its pole of inaccessibility, the cell deepest inside its own region, so
 * the number reads clear of every edge, a split's cut included; and the
 * number's digits written on the map's cells there. chambers.c calls both
 * once the chambers are settled. */
#include <string.h>

#include "dg_int.h"

/* Chamfer steps (dg_int.h), as chambers.c's distance to rock. */
#define ORTHO DG__CHAMFER_ORTHO
#define DIAG DG__CHAMFER_DIAG
/* lab's values that are no region (chambers.c's ROCK and FREE). */
#define NO_REGION 0

/* The number's digits on the chamber's cells, centred on its label cell,
 * as finish.c writes rooms' (the donjon export reads them). */
void dg__chamber_label(dg_dungeon *d, const dg_room *rm)
{
    char text[8];
    int len = 0;
    for (int v = rm->id; v > 0 && len < 7; v /= 10) text[len++] = (char)('0' + v % 10);
    int y = rm->label_y, start = rm->label_x - len / 2;
    for (int j = 0; j < len; j++) {
        int x = start + j;
        uint32_t c = dg_cell(d, x, y);
        if (!(c & DG_CORRIDOR) || dg__room_id(c) != rm->id) continue;
        d->cells[(size_t)y * (size_t)d->width + (size_t)x] =
            (c & ~DG_LABEL) | ((uint32_t)(unsigned char)text[len - 1 - j] << DG_LABEL_SHIFT);
    }
}

/* The chamfer distance of every chamber cell to the nearest cell outside
 * its own chamber (rock, passage, another chamber, off the map): the
 * deepest cell is the chamber's pole of inaccessibility, where its number
 * reads clear of every edge, a cut's included. */
static void inner_distances(const int32_t *lab, uint16_t *dist, int w, int h)
{
    const int dx[4] = {-1, 0, -1, 1}, dy[4] = {0, -1, -1, -1}, step[4] = {ORTHO, ORTHO, DIAG, DIAG};
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < h; i++)
            for (int j = 0; j < w; j++) {
                int y = pass ? h - 1 - i : i, x = pass ? w - 1 - j : j, sg = pass ? -1 : 1;
                size_t s = (size_t)y * (size_t)w + (size_t)x;
                int me = lab[s];
                if (me <= NO_REGION) {
                    dist[s] = 0;
                    continue;
                }
                unsigned v = pass ? dist[s] : 65535u;
                for (int q = 0; q < 4; q++) {
                    int nx = x + sg * dx[q], ny = y + sg * dy[q];
                    unsigned t = 0;
                    if (nx >= 0 && ny >= 0 && nx < w && ny < h && lab[(size_t)ny * (size_t)w + (size_t)nx] == me)
                        t = dist[(size_t)ny * (size_t)w + (size_t)nx];
                    t += (unsigned)step[q];
                    if (t < v) v = t;
                }
                dist[s] = (uint16_t)(v > 65535u ? 65535u : v);
            }
}

/* Each labelled region's number on its pole of inaccessibility: lab
 * 1..n names region base[lab - 1]; the deepest cell by inner_distances,
 * of equals the one nearest the region's centroid, then the first in
 * row-major order; never a stair, whose glyph has the cell. */
dg_status dg__chamber_poles(const dg_dungeon *d, const int32_t *lab, uint16_t *dist, int32_t *best,
                           dg_room *base, dg_error *err)
{
    const int w = d->width, h = d->height;
    const size_t cells = (size_t)w * (size_t)h;
    int n = 0;
    for (size_t s = 0; s < cells; s++)
        if (lab[s] > n) n = lab[s];
    if (n == 0) return DG_OK;
    /* per region: cells, the sums of their x and y, and the best cell's
     * distance from the centroid, in 16ths of a cell */
    int64_t *cnt = dg__calloc(4 * ((size_t)n + 1), sizeof *cnt);
    if (!cnt) return dg__nomem(err, "keying caves");
    int64_t *sx = cnt + n + 1, *sy = sx + n + 1, *near = sy + n + 1;
    inner_distances(lab, dist, w, h);
    for (size_t s = 0; s < cells; s++) {
        int c = lab[s];
        if (c <= NO_REGION) continue;
        cnt[c]++;
        sx[c] += (int64_t)(s % (size_t)w);
        sy[c] += (int64_t)(s / (size_t)w);
    }
    for (int c = 0; c <= n; c++) best[c] = -1; /* the best depth seen */
    for (size_t s = 0; s < cells; s++) {
        int c = lab[s];
        if (c <= NO_REGION || (d->cells[s] & DG_STAIRS) || (int)dist[s] < best[c]) continue;
        int x = (int)(s % (size_t)w), y = (int)(s / (size_t)w);
        int64_t ex = 16 * (int64_t)x + 8 - (16 * sx[c] + 8 * cnt[c]) / cnt[c];
        int64_t ey = 16 * (int64_t)y + 8 - (16 * sy[c] + 8 * cnt[c]) / cnt[c];
        int64_t e = ex * ex + ey * ey;
        if ((int)dist[s] == best[c] && e >= near[c]) continue;
        best[c] = dist[s];
        near[c] = e;
        base[c - 1].label_x = x;
        base[c - 1].label_y = y;
    }
    dg__free(cnt);
    return DG_OK;
}
