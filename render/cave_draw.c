/* cave_draw.c -- organic caves. Where the map marks cells as cave
 * (d->cave), the open/solid grid is refined towards display resolution the
 * way the caverns themselves were grown: each level splits every cell in
 * 2 x 2, roughens the boundary a little and re-runs the majority automaton,
 * so cave walls come out as curves instead of cell steps. png.c fills cave
 * pixels from this fine mask (dg__cave_fill_row) and the wall pass here
 * traces its edges.
 *
 * What the map says stays true: the middle half of every cave cell keeps
 * its cell's value at every level (a one-cell passage stays at least half a
 * cell wide, a one-cell pillar stays), and cells that carry glyphs (doors,
 * stairs), their neighbours, and cave cells touching non-cave cells keep
 * their square shape, so straight corridors meet caves cleanly. The noise
 * comes from a stream seeded by (seed, "cave"): not the map's stream, and
 * the same cave outline in every style.
 *
 * Speed: the fine grid has a one-sub-cell rock border so neighbour reads
 * need no bounds checks, loops walk cells and sub-cells without division,
 * and the 3 x 3 majority is a sum of three row sums. */
#include <stdlib.h>
#include <string.h>

#include "png_int.h"

/* Sub-cells per cell side: a power of two up to 16 and the cell size,
 * halved while the grid would pass 16 M sub-cells. */
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

/* Per cell: 0 free (a cave cell whose ring may move), 1 pinned whole. */
static unsigned char *pin_cells(const dg_canvas *cv)
{
    const dg_dungeon *d = cv->d;
    unsigned char *pin = calloc((size_t)d->width * (size_t)d->height, 1);
    if (!pin) return NULL;
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++) {
            bool p = !is_cave(d, x, y);
            for (int dy = -1; dy <= 1 && !p; dy++)
                for (int dx = -1; dx <= 1 && !p; dx++)
                    p = !is_cave(d, x + dx, y + dy) ||
                        (dg_cell(d, x + dx, y + dy) & (DG_DOORSPACE | DG_STAIRS)) != 0;
            pin[(size_t)y * (size_t)d->width + (size_t)x] = p;
        }
    return pin;
}

typedef struct {
    const dg_canvas *cv;
    const unsigned char *pin;
    int s;      /* sub-cells per cell at this level */
    size_t fw;  /* row stride: width * s + 2 (border) */
} level;

static unsigned char *sub_row(const level *L, unsigned char *g, int fy)
{
    return g + (size_t)(fy + 1) * L->fw + 1; /* fx = 0 of fine row fy */
}

/* Runs BODY with p on every free sub-cell of grid g at this level (the ring
 * of a free cave cell), row-major; pinned cells and cores get their cell's
 * value instead. */
#define FOR_FREE_SUBCELLS(L, g, BODY)                                                    \
    do {                                                                                 \
        const dg_dungeon *d_ = (L)->cv->d;                                               \
        int s_ = (L)->s, lo_ = s_ / 4, hi_ = s_ - s_ / 4;                                \
        for (int y_ = 0; y_ < d_->height; y_++)                                          \
            for (int j_ = 0; j_ < s_; j_++) {                                            \
                unsigned char *row_ = sub_row((L), (g), y_ * s_ + j_);                   \
                size_t c0_ = (size_t)y_ * (size_t)d_->width;                             \
                bool jcore_ = j_ >= lo_ && j_ < hi_;                                     \
                for (int x_ = 0; x_ < d_->width; x_++) {                                 \
                    unsigned char val_ = (L)->cv->cls[c0_ + (size_t)x_] == DG_CLS_OPEN;  \
                    unsigned char *cell_ = row_ + (size_t)x_ * (size_t)s_;               \
                    if ((L)->pin[c0_ + (size_t)x_]) {                                    \
                        memset(cell_, val_, (size_t)s_);                                 \
                        continue;                                                        \
                    }                                                                    \
                    for (int i_ = 0; i_ < s_; i_++) {                                    \
                        unsigned char *p = cell_ + i_;                                   \
                        if (jcore_ && i_ >= lo_ && i_ < hi_) {                           \
                            *p = val_;                                                   \
                            continue;                                                    \
                        }                                                                \
                        BODY                                                             \
                    }                                                                    \
                }                                                                        \
            }                                                                            \
    } while (0)

dg_status dg__cave_prepare(dg_canvas *cv, dg_error *err)
{
    const dg_dungeon *d = cv->d;
    if (!d->cave) return DG_OK;
    int target = pick_sub(cv);
    size_t fw_max = (size_t)d->width * (size_t)target + 2;
    size_t n = fw_max * ((size_t)d->height * (size_t)target + 2);
    unsigned char *pin = pin_cells(cv), *a = calloc(n, 1), *b = calloc(n, 1);
    unsigned char *flip = malloc(n), *sums = malloc(3 * fw_max);
    if (!pin || !a || !b || !flip || !sums) {
        free(pin);
        free(a);
        free(b);
        free(flip);
        free(sums);
        return dg_error_set(err, DG_ENOMEM, "", "", "", "no memory for the cave outline");
    }
    dg_rng rng;
    dg_rng_seed(&rng, dg_hash64("cave", 4, d->opts.seed), 0x63617665u);

    /* level 1: the cells themselves */
    level L = {cv, pin, 1, (size_t)d->width + 2};
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++)
            sub_row(&L, a, y)[x] = cv->cls[(size_t)y * (size_t)d->width + (size_t)x] == DG_CLS_OPEN;

    for (int s = 2; s <= target; s *= 2) {
        level P = L;
        L.s = s;
        L.fw = (size_t)d->width * (size_t)s + 2;
        int fh = d->height * s, fwid = d->width * s;
        /* split: b = a upsampled, with a clean rock border */
        memset(b, 0, L.fw * (size_t)(fh + 2));
        for (int fy = 0; fy < fh; fy++) {
            const unsigned char *src = sub_row(&P, a, fy / 2);
            unsigned char *dst = sub_row(&L, b, fy);
            for (int fx = 0; fx < fwid; fx++) dst[fx] = src[fx / 2];
        }
        /* roughen: a quarter of the free boundary sub-cells flip, one draw
         * per such sub-cell in row-major order (the draw order is output);
         * only while sub-cells are coarse, so the outline wobbles at cell
         * scale and finer levels only smooth it */
        if (s <= 8 && s * 2 <= target) {
            memset(flip, 0, L.fw * (size_t)(fh + 2));
            FOR_FREE_SUBCELLS(&L, b, {
                unsigned char cur = *p;
                if (p[-1] != cur || p[1] != cur || p[-(ptrdiff_t)L.fw] != cur || p[L.fw] != cur)
                    flip[p - b] = dg_rng_below(&rng, 4) == 0;
            });
            for (size_t k = 0; k < L.fw * (size_t)(fh + 2); k++) b[k] ^= flip[k];
        }
        /* smooth: 3 x 3 majority into a; fixed sub-cells take their value */
        memset(a, 0, L.fw * (size_t)(fh + 2));
        for (int fy = 0; fy < fh; fy++) {
            unsigned char *h[3] = {sums, sums + fw_max, sums + 2 * fw_max};
            for (int k = 0; k < 3; k++) {
                const unsigned char *r = sub_row(&L, b, fy - 1 + k);
                for (int fx = 0; fx < fwid; fx++) h[k][fx] = (unsigned char)(r[fx - 1] + r[fx] + r[fx + 1]);
            }
            unsigned char *dst = sub_row(&L, a, fy);
            for (int fx = 0; fx < fwid; fx++) dst[fx] = h[0][fx] + h[1][fx] + h[2][fx] >= 5;
        }
        FOR_FREE_SUBCELLS(&L, a, { (void)p; });
    }
    free(pin);
    free(b);
    free(flip);
    free(sums);
    cv->fine = a;
    cv->sub = target;
    cv->fine_stride = L.fw;
    return DG_OK;
}

void dg__cave_fill_row(const dg_canvas *cv, unsigned char *dst, int x, int y, int ty,
                       const unsigned char *floor_row, const unsigned char *rock_row,
                       const unsigned char *tile)
{
    int c = cv->cell, s = cv->sub;
    if (ty >= c) ty = c - 1;
    const unsigned char *f = cv->fine + (size_t)(y * s + ty * s / c + 1) * cv->fine_stride + 1 +
                             (size_t)x * (size_t)s;
    int x0 = x * c;
    for (int i = 0; i < c; i++) {
        int px = x0 + i;
        dst[px] = f[i * s / c] ? floor_row[px] : tile ? tile[i] : rock_row[px];
    }
}

static bool floorish(unsigned char v) { return v == DG_PAL_FLOOR || v == DG_PAL_GRID; }

/* Wall ink on cave rock within the wall thickness of cave floor, along
 * rows and columns: traced walls sit on the rock side, cv->wall px wide,
 * like the straight ones. Reads the filled image: before any glyph, floor
 * pixels are exactly the FLOOR and GRID indices. */
void dg__cave_walls(dg_canvas *cv)
{
    const dg_dungeon *d = cv->d;
    if (!cv->fine) return;
    int c = cv->cell, t = cv->wall, w = cv->w;
    unsigned char *in = malloc((size_t)w);
    if (!in) return; /* cosmetic pass: without memory the caves keep no rim */
    for (int y = 0; y < cv->h; y++) {
        int r = y / c < d->height ? y / c : d->height - 1;
        const unsigned char *cave = d->cave + (size_t)r * (size_t)d->width;
        for (int x = 0; x < d->width; x++) memset(in + (size_t)x * (size_t)c, cave[x], (size_t)c);
        in[w - 1] = cave[d->width - 1];
        unsigned char *row = cv->im->pixels[y];
        /* along the row: t px each side of every floor run */
        for (int x = 0; x < w; x++) {
            if (!floorish(row[x])) continue;
            for (int k = 1; k <= t; k++) {
                if (x - k >= 0 && in[x - k] && !floorish(row[x - k])) row[x - k] = DG_PAL_WALL;
                if (x + k < w && in[x + k] && !floorish(row[x + k])) row[x + k] = DG_PAL_WALL;
            }
        }
        /* down the columns: rows within t above or below hold floor */
        for (int k = 1; k <= t; k++) {
            const unsigned char *up = y - k >= 0 ? cv->im->pixels[y - k] : NULL;
            const unsigned char *dn = y + k < cv->h ? cv->im->pixels[y + k] : NULL;
            for (int x = 0; x < w; x++)
                if (in[x] && !floorish(row[x]) &&
                    ((up && floorish(up[x])) || (dn && floorish(dn[x]))))
                    row[x] = DG_PAL_WALL;
        }
    }
    free(in);
}
