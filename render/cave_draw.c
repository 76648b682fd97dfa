/* cave_draw.c -- organic caves. Where the map marks cells as cave
 * (d->cave), the open/solid grid is refined towards display resolution the
 * way the caverns themselves were grown: each level splits every cell in
 * 2 x 2, roughens the boundary a little and re-runs the majority automaton,
 * so cave walls come out as curves instead of cell steps. png.c fills cave
 * pixels from this fine mask (dr__cave_fill_row) and the wall pass here
 * traces its edges.
 *
 * What the map says stays true: the middle half of every cave cell keeps
 * its cell's value at every level, and so does a band of that width on to
 * each neighbour of the same kind (a one-cell passage stays at least half a
 * cell wide and joined, a one-cell wall stays closed); where two cells meet
 * only corner to corner, the corner between them stays rock, so caves the
 * map keeps apart never touch (tests/unit/test_cave_render.c). Doors and
 * their neighbours, and cave cells touching non-cave cells keep their
 * square shape, so straight corridors meet caves cleanly; a stair keeps its
 * cell, with the dead end's corners rounded clear of its glyph, and the cave flows
 * round it (a square stair cell stuck out of the outline like a tab). The noise
 * comes from a stream seeded by (seed, "cave"): not the map's stream, and
 * the same cave outline in every style. dr__cave_grid_build hands the same
 * refinement, without drawing, to walls.c, so VTT walls follow the outline
 * of the image they come with.
 *
 * Speed: the fine grid has a one-sub-cell rock border so neighbour reads
 * need no bounds checks, loops walk cells and sub-cells without division,
 * and the 3 x 3 majority is a sum of three row sums. */
#include <stdlib.h>
#include <string.h>

#include "png_int.h"
#include "render_int.h"

/* Sub-cells per cell side: a power of two up to 16 and the cell size,
 * halved while the grid would pass 16 M sub-cells. */
static int pick_sub(const dr__canvas *cv)
{
    int sub = 1;
    while (sub * 2 <= cv->cell && sub < 16) sub *= 2;
    while (sub > 1 && (long long)cv->d->width * cv->d->height * sub * sub > (1LL << 24)) sub /= 2;
    return sub;
}

static bool is_cave(const dg_dungeon *d, int x, int y)
{
    if (x < 0 || y < 0 || x >= d->width || y >= d->height) return true; /* the edge does not pin */
    return d->cave && d->cave[(size_t)y * (size_t)d->width + (size_t)x] != 0;
}

/* ---------------------------------------------------------- cave stairs */

static bool cell_open(const dr__canvas *cv, int x, int y);

/* A stair in a cave: its cell stays open (the glyph needs it), but the
 * two corners at its dead end are rounded, a quarter cell in radius, so
 * the stair sits in a rounded alcove. Only a stair with one open neighbour
 * has a dead end to round. A half disc there cut the ends of the treads
 * and rails off (issue 41: stairs never cut by the cave wall); the ladder
 * glyph (glyphs.c) leaves a sixth of the cell each side and 2 px at the
 * end, which the quarter-cell corners clear at every cell size from 12 px
 * (test_cave_chambers); under that the glyph fills the cell, which stays
 * square. */
static void round_stairs(const dr__canvas *cv, unsigned char *fine, int s, size_t fw, unsigned char *free_cells)
{
    const dg_dungeon *d = cv->d;
    if (!d->cave || s < 4 || cv->cell < 12) return;
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++) {
            if (!(dg_cell(d, x, y) & DG_STAIRS) || !d->cave[(size_t)y * (size_t)d->width + (size_t)x] ||
                !cell_open(cv, x, y))
                continue;
            int n = 0, wx = 0, wy = 0;
            static const int dx[4] = {0, 0, -1, 1}, dy[4] = {-1, 1, 0, 0};
            for (int k = 0; k < 4; k++)
                if (cell_open(cv, x + dx[k], y + dy[k])) {
                    n++;
                    wx = dx[k];
                    wy = dy[k];
                }
            if (n != 1) continue;
            if (free_cells) free_cells[(size_t)y * (size_t)d->width + (size_t)x] = 1;
            /* a corner is rounded only where the refined rock just past it
             * (behind the cell, beside it and diagonally, over the corner's
             * span) is all rock: the sliver cut off then joins that rock,
             * never an island of its own (a wall loop of three points) */
            int r = s / 2;
            unsigned char *base = fine + (size_t)(y * s + 1) * fw + 1 + (size_t)x * (size_t)s;
            bool round[2];
            for (int side = 0; side < 2; side++) {
                round[side] = true;
                for (int k = -1; k <= r && round[side]; k++) {
                    /* (t, u): t into the cell from its back edge, u across */
                    int tu[2][2] = {{-1, side ? s - 1 - k : k}, {k, side ? s : -1}};
                    for (int q = 0; q < 2; q++) {
                        int t = tu[q][0], u = tu[q][1];
                        int i = wx > 0 ? t : wx < 0 ? s - 1 - t : u, j = wy > 0 ? t : wy < 0 ? s - 1 - t : u;
                        if (base[(ptrdiff_t)j * (ptrdiff_t)fw + i]) round[side] = false;
                    }
                }
            }
            /* doubled sub-cell offsets from the centre: integers; the
             * cell spans -s..s, a corner's circle of radius s / 2 (a
             * quarter cell) is centred s / 2 in from both edges */
            long rr = r, r2 = rr * rr;
            for (int j = 0; j < s; j++) {
                unsigned char *row = base + (size_t)j * fw;
                for (int i = 0; i < s; i++) {
                    long ox = 2L * i + 1 - s, oy = 2L * j + 1 - s, across = wx ? oy : ox;
                    if (!round[across > 0]) {
                        row[i] = 1;
                        continue;
                    }
                    long back = -(ox * wx + oy * wy), side = across < 0 ? -across : across;
                    long a = back - (s - rr), b = side - (s - rr); /* past the corner circle's centre */
                    row[i] = (unsigned char)(a <= 0 || b <= 0 || a * a + b * b <= r2);
                }
            }
        }
}

/* ---------------------------------------------------------- round rooms */

/* cv->shaped: the caves, and every round room's box with a ring of one
 * cell around it (so the straight wall pass leaves the whole outline to
 * the traced one). NULL, and DG_OK, when the map has neither. */
static dg_status shape_mask(dr__canvas *cv, bool circles, dg_error *err)
{
    const dg_dungeon *d = cv->d;
    size_t n = (size_t)d->width * (size_t)d->height;
    bool any = false;
    for (size_t i = 0; d->cave && i < n && !any; i++) any = d->cave[i] != 0;
    dr__circle circ;
    for (size_t i = 0; circles && d->rooms && i < d->n_rooms && !any; i++)
        any = dr__room_circle(d, &d->rooms[i], cv->cell, &circ);
    if (!any) return DG_OK;
    cv->shaped = dg__calloc(n, 1);
    if (!cv->shaped) return dg__nomem(err, "for the cave outline");
    if (d->cave) memcpy(cv->shaped, d->cave, n);
    for (size_t i = 0; circles && d->rooms && i < d->n_rooms; i++) {
        const dg_room *r = &d->rooms[i];
        if (!dr__room_circle(d, r, cv->cell, &circ)) continue;
        for (int y = r->y - 1; y <= r->y + r->height; y++)
            for (int x = r->x - 1; x <= r->x + r->width; x++)
                if (x >= 0 && y >= 0 && x < d->width && y < d->height)
                    cv->shaped[(size_t)y * (size_t)d->width + (size_t)x] = 1;
    }
    return DG_OK;
}

static bool room_cell(const dg_dungeon *d, int x, int y, int id)
{
    uint32_t c = dg_cell(d, x, y);
    return (c & DG_ROOM) && (int)((c & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT) == id;
}

/* Round room r into the finished fine grid (s sub-cells a cell, stride
 * fw): in its box and the ring around it (the circle may bulge past the
 * box by a fraction of a cell), open where the circle is, and the whole
 * square of a room cell a door or corridor joins from the side, so the
 * doorway stays a full cell wide. Other open cells keep their squares. */
static void stamp_circle(const dr__canvas *cv, const dg_room *r, const dr__circle *k, unsigned char *fine,
                         int s, size_t fw, unsigned char *free_cells)
{
    const dg_dungeon *d = cv->d;
    double c = cv->cell, r2 = k->r * k->r;
    for (int y = r->y - 1; y <= r->y + r->height; y++)
        for (int x = r->x - 1; x <= r->x + r->width; x++) {
            if (x < 0 || y < 0 || x >= d->width || y >= d->height) continue;
            bool mine = room_cell(d, x, y, r->id);
            bool open = cell_open(cv, x, y);
            if (open && !mine) continue; /* not the room's: its own square */
            bool joined = false;
            for (int k4 = 0; mine && k4 < 4; k4++) {
                int nx = x + (k4 == 2) - (k4 == 3), ny = y + (k4 == 0) - (k4 == 1);
                joined = joined || (cell_open(cv, nx, ny) && !room_cell(d, nx, ny, r->id));
            }
            if (free_cells) free_cells[(size_t)y * (size_t)d->width + (size_t)x] = 1;
            for (int j = 0; j < s; j++) {
                unsigned char *row = fine + (size_t)(y * s + j + 1) * fw + 1 + (size_t)x * (size_t)s;
                double py = (y * s + j + 0.5) * c / s - k->cy;
                for (int i = 0; i < s; i++) {
                    double px = (x * s + i + 0.5) * c / s - k->cx;
                    row[i] = (unsigned char)(joined || px * px + py * py < r2);
                }
            }
        }
}

static bool cell_open(const dr__canvas *cv, int x, int y)
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
    IS_OPEN = 1 << 9, FLAG_VALUES = 1 << 10,
};

static uint16_t *pin_cells(const dr__canvas *cv)
{
    const dg_dungeon *d = cv->d;
    uint16_t *pin = dg__calloc((size_t)d->width * (size_t)d->height, sizeof *pin);
    if (!pin) return NULL;
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++) {
            bool p = !is_cave(d, x, y);
            for (int dy = -1; dy <= 1 && !p; dy++)
                for (int dx = -1; dx <= 1 && !p; dx++)
                    p = !is_cave(d, x + dx, y + dy) ||
                        (dg_cell(d, x + dx, y + dy) & DG_DOORSPACE) != 0 ||
                        (dx == 0 && dy == 0 && (dg_cell(d, x, y) & DG_STAIRS));
            bool me = cell_open(cv, x, y);
            unsigned f = (p ? KEEP_SQUARE : 0) | (me ? IS_OPEN : 0);
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

/* The value sub-cell (i, j) of an s x s cell with flags f must hold, or -1
 * when it is free: the middle half, the bands to same-kind neighbours, and
 * at a checkerboard corner rock -- a solid cell's whole quadrant there, an
 * open cell's corner cut off -- so the diagonal pair never touches. */
static int held(unsigned f, int s, int i, int j)
{
    int open = (f & IS_OPEN) != 0;
    int lo = s / 4, hi = s - lo;
    bool west = i < s / 2, north = j < s / 2;
    if (f & ((unsigned)CHECK_NW << ((west ? 0 : 1) + (north ? 0 : 2)))) {
        if (!open) return 0;
        int di = west ? i : s - 1 - i, dj = north ? j : s - 1 - j;
        if (di + dj < lo) return 0;
    }
    bool mi = i >= lo && i < hi, mj = j >= lo && j < hi;
    if (mi && (mj || (j < lo && (f & SAME_N)) || (j >= hi && (f & SAME_S)))) return open;
    if (mj && ((i < lo && (f & SAME_W)) || (i >= hi && (f & SAME_E)))) return open;
    return -1;
}

typedef struct {
    const dr__canvas *cv;
    const uint16_t *pin;
    int s;      /* sub-cells per cell at this level */
    size_t fw;  /* row stride: width * s + 2 (border) */
    /* held() for every flag value in use, [flags][j][i]: one table read per
     * sub-cell instead of the corner and band tests */
    const signed char *held;
} level;

static unsigned char *sub_row(const level *L, unsigned char *g, int fy)
{
    return g + (size_t)(fy + 1) * L->fw + 1; /* fx = 0 of fine row fy */
}

/* Runs BODY with p on every free sub-cell of grid g at this level (the ring
 * of a free cave cell), row-major; pinned cells and held sub-cells (see
 * held()) get their value instead. */
#define FOR_FREE_SUBCELLS(L, g, BODY)                                                    \
    do {                                                                                 \
        const dg_dungeon *d_ = (L)->cv->d;                                               \
        int s_ = (L)->s;                                                                 \
        for (int y_ = 0; y_ < d_->height; y_++)                                          \
            for (int j_ = 0; j_ < s_; j_++) {                                            \
                unsigned char *row_ = sub_row((L), (g), y_ * s_ + j_);                   \
                size_t c0_ = (size_t)y_ * (size_t)d_->width;                             \
                for (int x_ = 0; x_ < d_->width; x_++) {                                 \
                    unsigned char val_ = (L)->cv->cls[c0_ + (size_t)x_] == DG_CLS_OPEN;  \
                    unsigned char *cell_ = row_ + (size_t)x_ * (size_t)s_;               \
                    unsigned f_ = (L)->pin[c0_ + (size_t)x_];                            \
                    if (f_ & KEEP_SQUARE) {                                              \
                        memset(cell_, val_, (size_t)s_);                                 \
                        continue;                                                        \
                    }                                                                    \
                    for (int i_ = 0; i_ < s_; i_++) {                                    \
                        unsigned char *p = cell_ + i_;                                   \
                        int v_ = (L)->held[((size_t)f_ * (size_t)s_ + (size_t)j_) *      \
                                           (size_t)s_ + (size_t)i_];                     \
                        if (v_ >= 0) {                                                   \
                            *p = (unsigned char)v_;                                      \
                            continue;                                                    \
                        }                                                                \
                        BODY                                                             \
                    }                                                                    \
                }                                                                        \
            }                                                                            \
    } while (0)

/* Refines cv's caves into cv->fine, and with `circles` draws round rooms
 * into it; with free_cells (width * height bytes), also says which cells
 * the refinement shapes (cave cells not kept square). */
static dg_status refine(dr__canvas *cv, bool circles, unsigned char *free_cells, dg_error *err)
{
    const dg_dungeon *d = cv->d;
    dg_status rc = shape_mask(cv, circles, err);
    if (rc != DG_OK || !cv->shaped) return rc;
    int target = pick_sub(cv);
    size_t fw_max = (size_t)d->width * (size_t)target + 2;
    size_t n = fw_max * ((size_t)d->height * (size_t)target + 2);
    uint16_t *pin = pin_cells(cv);
    unsigned char *a = dg__calloc(n, 1), *b = dg__calloc(n, 1);
    unsigned char *flip = dg__malloc(n), *sums = dg__malloc(3 * fw_max), *used = dg__calloc(FLAG_VALUES, 1);
    signed char *tmpl = dg__malloc((size_t)FLAG_VALUES * (size_t)target * (size_t)target);
    if (!pin || !a || !b || !flip || !sums || !used || !tmpl) {
        dg__free(pin);
        dg__free(a);
        dg__free(b);
        dg__free(flip);
        dg__free(sums);
        dg__free(used);
        dg__free(tmpl);
        return dg__nomem(err, "for the cave outline");
    }
    for (size_t k = 0; k < (size_t)d->width * (size_t)d->height; k++) {
        used[pin[k]] = 1;
        if (free_cells) free_cells[k] = !(pin[k] & KEEP_SQUARE);
    }
    dg_rng rng;
    dg_rng_seed(&rng, dg_hash64("cave", 4, d->opts.seed), 0x63617665u);

    /* level 1: the cells themselves */
    level L = {cv, pin, 1, (size_t)d->width + 2, tmpl};
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++)
            sub_row(&L, a, y)[x] = cv->cls[(size_t)y * (size_t)d->width + (size_t)x] == DG_CLS_OPEN;

    for (int s = 2; s <= target; s *= 2) {
        level P = L;
        L.s = s;
        L.fw = (size_t)d->width * (size_t)s + 2;
        int fh = d->height * s, fwid = d->width * s;
        for (unsigned f = 0; f < FLAG_VALUES; f++)
            for (int j = 0; j < s && used[f]; j++)
                for (int i = 0; i < s; i++)
                    tmpl[((size_t)f * (size_t)s + (size_t)j) * (size_t)s + (size_t)i] =
                        (signed char)held(f, s, i, j);
        /* split: b = a upsampled, with a clean rock border */
        memset(b, 0, L.fw * (size_t)(fh + 2));
        for (int fy = 0; fy < fh; fy++) {
            const unsigned char *src = sub_row(&P, a, fy / 2);
            unsigned char *dst = sub_row(&L, b, fy);
            if (fy & 1) { /* the same coarse row as the one above */
                memcpy(dst, dst - L.fw, (size_t)fwid);
                continue;
            }
            for (int fx = 0; fx < fwid / 2; fx++) { /* pairs: no division, vectorised */
                dst[2 * fx] = src[fx];
                dst[2 * fx + 1] = src[fx];
            }
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
    round_stairs(cv, a, target, L.fw, free_cells);
    dr__circle circ;
    for (size_t i = 0; circles && d->rooms && i < d->n_rooms; i++)
        if (dr__room_circle(d, &d->rooms[i], cv->cell, &circ))
            stamp_circle(cv, &d->rooms[i], &circ, a, target, L.fw, free_cells);
    dg__free(pin);
    dg__free(b);
    dg__free(flip);
    dg__free(sums);
    dg__free(used);
    dg__free(tmpl);
    cv->fine = a;
    cv->sub = target;
    for (int i = 0; i < cv->cell && i <= DG_PNG_MAX_CELL; i++)
        cv->sub_at[i] = (unsigned char)(i * target / cv->cell);
    cv->fine_stride = L.fw;
    return DG_OK;
}

dg_status dr__cave_prepare(dr__canvas *cv, dg_error *err) { return refine(cv, true, NULL, err); }

dg_status dr__cave_grid_build(const dg_dungeon *d, int cell, bool player, bool circles, dr__cave_grid *g,
                              dg_error *err)
{
    memset(g, 0, sizeof *g);
    size_t n = (size_t)d->width * (size_t)d->height;
    /* only what refine() reads: the map, the cell size and the open cells
     * of this view, exactly as png.c's canvas_open sets them */
    dr__canvas cv;
    memset(&cv, 0, sizeof cv);
    cv.d = d;
    cv.cell = cell;
    cv.player = player;
    cv.cls = dg__malloc(n);
    g->free_cells = dg__malloc(n);
    dg_status rc = DG_OK;
    if (!cv.cls || !g->free_cells) {
        rc = dg__nomem(err, "for the cave outline");
    } else {
        for (int y = 0; y < d->height; y++)
            for (int x = 0; x < d->width; x++)
                cv.cls[(size_t)y * (size_t)d->width + (size_t)x] =
                    dr__canvas_open(&cv, x, y) ? DG_CLS_OPEN : DG_CLS_ROCK;
        rc = refine(&cv, circles, g->free_cells, err);
    }
    dg__free(cv.cls);
    dg__free(cv.shaped);
    if (rc != DG_OK || !cv.fine) {
        dr__cave_grid_fini(g);
        return rc;
    }
    g->open = cv.fine;
    g->sub = cv.sub;
    g->stride = cv.fine_stride;
    return DG_OK;
}

void dr__cave_grid_fini(dr__cave_grid *g)
{
    if (!g) return;
    dg__free(g->open);
    dg__free(g->free_cells);
    memset(g, 0, sizeof *g);
}

void dr__cave_fill_row(const dr__canvas *cv, unsigned char *dst, int x, int y, int ty,
                       const unsigned char *floor_row, const unsigned char *rock_row,
                       const unsigned char *tile)
{
    int c = cv->cell;
    if (ty >= c) ty = c - 1;
    const unsigned char *f = cv->fine + (size_t)(y * cv->sub + cv->sub_at[ty] + 1) * cv->fine_stride + 1 +
                             (size_t)x * (size_t)cv->sub;
    const unsigned char *at = cv->sub_at;
    int x0 = x * c;
    unsigned char *d = dst + x0;
    const unsigned char *fl = floor_row + x0, *rk = tile ? tile : rock_row + x0;
    for (int i = 0; i < c; i++) d[i] = f[at[i]] ? fl[i] : rk[i];
}

/* Floor, its grid, and the pools on it (feature_glyphs.c): a pool's edge
 * is no wall (a wall there framed every water square). */
static bool floorish(unsigned char v)
{
    return v == DG_PAL_FLOOR || v == DG_PAL_GRID || v == DG_PAL_WATER || v == DG_PAL_WATER_INK;
}

/* Wall ink on cave rock within the wall thickness of cave floor, along
 * rows and columns: traced walls sit on the rock side, cv->wall px wide,
 * like the straight ones. Reads the filled image: before any glyph but
 * the pools, floor pixels are exactly the FLOOR, GRID and water indices. Wall is not floorish, so
 * marking as we go changes no later test: the row pass works a floor run
 * at a time, the column pass is a branch-free loop the compiler vectorises,
 * and cell rows without cave are skipped (their rows stay shared). */
dg_status dr__cave_walls(dr__canvas *cv, dg_error *err)
{
    const dg_dungeon *d = cv->d;
    if (!cv->fine) return DG_OK;
    int c = cv->cell, t = cv->wall, w = cv->w;
    unsigned char *in = dg__malloc((size_t)w), *rock = dg__calloc((size_t)w, 1); /* rock: outside the image */
    if (!in || !rock) { /* caves without their rim would be other bytes */
        dg__free(in);
        dg__free(rock);
        return dg__nomem(err, "tracing cave walls");
    }
    for (int y = 0; y < cv->h; y++) {
        int r = y / c < d->height ? y / c : d->height - 1;
        const unsigned char *cave = cv->shaped + (size_t)r * (size_t)d->width;
        bool any = false;
        for (int x = 0; x < d->width; x++) {
            memset(in + (size_t)x * (size_t)c, cave[x], (size_t)c);
            any = any || cave[x];
        }
        if (!any) continue;
        in[w - 1] = cave[d->width - 1];
        unsigned char *restrict row = dr__canvas_row(cv, y);
        /* along the row: t px each side of every floor run */
        for (int x = 0; x < w;) {
            if (!floorish(row[x])) {
                x++;
                continue;
            }
            int e = x + 1;
            while (e < w && floorish(row[e])) e++;
            for (int k = 1; k <= t; k++) {
                int a = x - k, b = e - 1 + k;
                if (a >= 0 && in[a] && !floorish(row[a])) row[a] = DG_PAL_WALL;
                if (b < w && in[b] && !floorish(row[b])) row[b] = DG_PAL_WALL;
            }
            x = e;
        }
        /* down the columns: rows within t above or below hold floor */
        for (int k = 1; k <= t; k++) {
            const unsigned char *restrict up = y - k >= 0 ? cv->rows[y - k] : rock;
            const unsigned char *restrict dn = y + k < cv->h ? cv->rows[y + k] : rock;
            const unsigned char *restrict inx = in;
            for (int x = 0; x < w; x++) {
                unsigned char v = row[x], u = up[x], b = dn[x];
                int hit = (inx[x] != 0) & (v != DG_PAL_FLOOR) & (v != DG_PAL_GRID) & (v != DG_PAL_WATER) &
                          (v != DG_PAL_WATER_INK) &
                          ((u == DG_PAL_FLOOR) | (u == DG_PAL_GRID) | (u == DG_PAL_WATER) | (u == DG_PAL_WATER_INK) |
                           (b == DG_PAL_FLOOR) | (b == DG_PAL_GRID) | (b == DG_PAL_WATER) | (b == DG_PAL_WATER_INK));
                row[x] = hit ? (unsigned char)DG_PAL_WALL : v;
            }
        }
    }
    dg__free(in);
    dg__free(rock);
    return DG_OK;
}
