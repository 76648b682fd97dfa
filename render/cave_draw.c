/* cave_draw.c -- organic caves. Where the map marks cells as cave
 * (d->cave), the open/solid grid is refined towards display resolution the
 * way the caverns themselves were grown: each level splits every cell in
 * 2 x 2, roughens the boundary a little and re-runs the majority automaton,
 * so cave walls come out as curves instead of cell steps. Then png.c fills
 * cave pixels by this fine mask, and the wall pass here traces its edges.
 *
 * What the map says stays true: the middle half of every cave cell keeps
 * its cell's value at every level, and so does a band of that width on to
 * each neighbour of the same kind (a one-cell passage stays at least half a
 * cell wide and joined, a one-cell wall stays closed); where two cells meet
 * only corner to corner, the corner between them stays rock, so caves the
 * map keeps apart never touch. Cells that carry glyphs (doors, stairs),
 * their neighbours, and cave cells touching non-cave cells keep their
 * square shape, so straight corridors meet caves cleanly. The noise
 * comes from a stream seeded by (seed, "cave"): not the map's stream, and
 * the same cave outline in every style. */
#include <stdlib.h>
#include <string.h>

#include "png_int.h"

/* Fine grid size: sub-cells per cell side, a power of two up to 16 and the
 * cell size, halved while the grid would pass 16 M sub-cells. */
static int pick_sub(const dg_canvas *cv)
{
    int sub = 1;
    while (sub * 2 <= cv->cell && sub < 16) sub *= 2;
    while (sub > 1 && (long long)cv->d->width * cv->d->height * sub * sub > (1LL << 24)) sub /= 2;
    return sub;
}

static bool is_cave(const dg_dungeon *d, int x, int y)
{
    if (x < 0 || y < 0 || x >= d->width || y >= d->height) return true; /* the edge does not pin */
    return d->cave[(size_t)y * (size_t)d->width + (size_t)x] != 0;
}

static bool cell_open(const dg_canvas *cv, int x, int y)
{
    if (x < 0 || y < 0 || x >= cv->d->width || y >= cv->d->height) return false;
    return cv->cls[(size_t)y * (size_t)cv->d->width + (size_t)x] == DG_CLS_OPEN;
}

/* What each cell's sub-cells must keep, as flags: the whole square shape,
 * bands towards neighbours of the same kind (open or solid), and corners
 * where the cell and its diagonal neighbour are one kind and the two beside
 * them the other (a checkerboard: the map does not join the diagonal). */
enum {
    KEEP_SQUARE = 1,
    SAME_N = 1 << 1, SAME_S = 1 << 2, SAME_W = 1 << 3, SAME_E = 1 << 4,
    CHECK_NW = 1 << 5, CHECK_NE = 1 << 6, CHECK_SW = 1 << 7, CHECK_SE = 1 << 8,
};

static uint16_t *pin_cells(const dg_canvas *cv)
{
    const dg_dungeon *d = cv->d;
    uint16_t *pin = calloc((size_t)d->width * (size_t)d->height, sizeof *pin);
    if (!pin) return NULL;
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++) {
            bool p = !is_cave(d, x, y);
            for (int dy = -1; dy <= 1 && !p; dy++)
                for (int dx = -1; dx <= 1 && !p; dx++) {
                    if (!is_cave(d, x + dx, y + dy)) p = true;
                    if (dg_cell(d, x + dx, y + dy) & (DG_DOORSPACE | DG_STAIRS)) p = true;
                }
            bool me = cell_open(cv, x, y);
            unsigned f = p ? KEEP_SQUARE : 0;
            f |= (cell_open(cv, x, y - 1) == me ? SAME_N : 0) | (cell_open(cv, x, y + 1) == me ? SAME_S : 0);
            f |= (cell_open(cv, x - 1, y) == me ? SAME_W : 0) | (cell_open(cv, x + 1, y) == me ? SAME_E : 0);
            for (int k = 0; k < 4; k++) {
                int dx = k & 1 ? 1 : -1, dy = k & 2 ? 1 : -1;
                if (cell_open(cv, x + dx, y + dy) == me && cell_open(cv, x + dx, y) != me &&
                    cell_open(cv, x, y + dy) != me)
                    f |= (unsigned)CHECK_NW << k;
            }
            pin[(size_t)y * (size_t)d->width + (size_t)x] = (uint16_t)f;
        }
    return pin;
}

typedef struct {
    const dg_canvas *cv;
    const uint16_t *pin;
    int s, fw, fh; /* sub-cells per cell, fine grid size */
} level;

/* Sub-cells that must hold a value at this level: all of a square cell;
 * otherwise the middle half, the bands to same-kind neighbours, and at a
 * checkerboard corner rock -- a solid cell's whole quadrant there, an open
 * cell's corner cut off -- so the diagonal pair never touches. */
static bool fixed(const level *L, int fx, int fy, unsigned char *val)
{
    int s = L->s, x = fx / s, y = fy / s, i = fx % s, j = fy % s;
    size_t c = (size_t)y * (size_t)L->cv->d->width + (size_t)x;
    unsigned f = L->pin[c];
    *val = L->cv->cls[c] == DG_CLS_OPEN;
    if (f & KEEP_SQUARE) return true;
    int lo = s / 4, hi = s - s / 4;
    bool west = i < s / 2, north = j < s / 2;
    unsigned corner = (unsigned)CHECK_NW << ((west ? 0 : 1) + (north ? 0 : 2));
    if (f & corner) {
        if (!*val) return true;
        int di = west ? i : s - 1 - i, dj = north ? j : s - 1 - j;
        if (di + dj < lo) {
            *val = 0;
            return true;
        }
    }
    bool mi = i >= lo && i < hi, mj = j >= lo && j < hi;
    if (mi && mj) return true;
    if (mi && ((j < lo && (f & SAME_N)) || (j >= hi && (f & SAME_S)))) return true;
    return mj && ((i < lo && (f & SAME_W)) || (i >= hi && (f & SAME_E)));
}

static unsigned char at(const level *L, const unsigned char *g, int fx, int fy)
{
    if (fx < 0 || fy < 0 || fx >= L->fw || fy >= L->fh) return 0;
    return g[(size_t)fy * (size_t)L->fw + (size_t)fx];
}

dg_status dg__cave_prepare(dg_canvas *cv, dg_error *err)
{
    const dg_dungeon *d = cv->d;
    if (!d->cave) return DG_OK;
    int target = pick_sub(cv);
    size_t n = (size_t)d->width * (size_t)d->height * (size_t)target * (size_t)target;
    uint16_t *pin = pin_cells(cv);
    unsigned char *a = malloc(n), *b = malloc(n);
    if (!pin || !a || !b) {
        free(pin);
        free(a);
        free(b);
        return dg_error_set(err, DG_ENOMEM, "", "", "", "no memory for the cave outline");
    }
    dg_rng rng;
    dg_rng_seed(&rng, dg_hash64("cave", 4, d->opts.seed), 0x63617665u);

    for (size_t i = 0; i < (size_t)d->width * (size_t)d->height; i++) a[i] = cv->cls[i] == DG_CLS_OPEN;
    for (int s = 2; s <= target; s *= 2) {
        level L = {cv, pin, s, d->width * s, d->height * s};
        int pw = d->width * (s / 2);
        /* split: b = a upsampled */
        for (int fy = 0; fy < L.fh; fy++)
            for (int fx = 0; fx < L.fw; fx++)
                b[(size_t)fy * (size_t)L.fw + (size_t)fx] = a[(size_t)(fy / 2) * (size_t)pw + (size_t)(fx / 2)];
        /* roughen: flip a quarter of the free boundary sub-cells (row-major
         * draws, one per boundary sub-cell: the draw order is the output);
         * only while sub-cells are coarse -- finer levels only smooth, so
         * the outline is wobbly at cell scale and clean at pixel scale */
        bool rough = s <= 8 && s * 2 <= target;
        size_t nf = (size_t)L.fw * (size_t)L.fh;
        if (rough) {
            memset(a, 0xFF, nf); /* a: the flip decisions, 0xFF = none */
            for (int fy = 0; fy < L.fh; fy++)
                for (int fx = 0; fx < L.fw; fx++) {
                    size_t k = (size_t)fy * (size_t)L.fw + (size_t)fx;
                    unsigned char v, cur = b[k];
                    if (fixed(&L, fx, fy, &v)) continue;
                    if (at(&L, b, fx - 1, fy) == cur && at(&L, b, fx + 1, fy) == cur &&
                        at(&L, b, fx, fy - 1) == cur && at(&L, b, fx, fy + 1) == cur)
                        continue;
                    a[k] = dg_rng_below(&rng, 4) == 0 ? !cur : cur;
                }
            for (size_t k = 0; k < nf; k++)
                if (a[k] != 0xFF) b[k] = a[k];
        }
        /* smooth: majority of the 3 x 3 block, fixed sub-cells pinned */
        for (int fy = 0; fy < L.fh; fy++)
            for (int fx = 0; fx < L.fw; fx++) {
                unsigned char v;
                size_t k = (size_t)fy * (size_t)L.fw + (size_t)fx;
                if (fixed(&L, fx, fy, &v)) {
                    a[k] = v;
                    continue;
                }
                int open = 0;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++) open += at(&L, b, fx + dx, fy + dy);
                a[k] = open >= 5;
            }
    }
    free(pin);
    free(b);
    cv->fine = a;
    cv->sub = target;
    return DG_OK;
}

/* Wall ink on every rock pixel of a cave cell within the wall thickness of
 * a floor pixel (4-neighbour steps), so traced walls match the straight
 * ones: on the rock side, cv->wall px wide. */
void dg__cave_walls(dg_canvas *cv)
{
    const dg_dungeon *d = cv->d;
    if (!cv->fine) return;
    int c = cv->cell, t = cv->wall;
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++) {
            if (!d->cave[(size_t)y * (size_t)d->width + (size_t)x]) continue;
            int x0 = x * c, y0 = y * c;
            int x1 = x0 + c + (x == d->width - 1), y1 = y0 + c + (y == d->height - 1);
            for (int py = y0; py < y1; py++)
                for (int px = x0; px < x1; px++) {
                    if (dg__canvas_fine_open(cv, px, py)) continue;
                    bool near = false;
                    for (int k = 1; k <= t && !near; k++)
                        near = dg__canvas_fine_open(cv, px - k, py) || dg__canvas_fine_open(cv, px + k, py) ||
                               dg__canvas_fine_open(cv, px, py - k) || dg__canvas_fine_open(cv, px, py + k);
                    if (near) cv->im->pixels[py][px] = DG_PAL_WALL;
                }
        }
}
