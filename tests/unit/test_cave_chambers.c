/* test_cave_chambers.c -- issue 41's caves, over 200 caverns maps (100 at
 * the default size, 60 at size=large, 40 at 101x101): at least 95% of
 * chambers hold 150 cells or fewer (big caverns are split at their
 * narrows); each chamber's number stands on its pole of inaccessibility
 * (the test measures true Euclidean depth itself: the label is within the
 * 3-4 chamfer's error of the deepest cell). Hand-built caves: a dumbbell
 * is cut at its neck without moving a wall, a round hall is bisected. And
 * over 100 maps with stairs, no cave wall cuts a stair's glyph. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dg_int.h" /* dg__chambers on hand-built caves */
#include "gen_check.h"
#include "render_int.h" /* the refined cave grid the renderers share */

#define LIMIT 150 /* the chamber size */

static int id_of(uint32_t w) { return (int)((w & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT); }

static bool in_chamber(const dg_dungeon *d, int x, int y, int id)
{
    if (x < 0 || y < 0 || x >= d->width || y >= d->height) return false;
    uint32_t w = dg_cell(d, x, y);
    return (w & DG_OPENSPACE) && id_of(w) == id;
}

/* Squared Euclidean distance from (x, y) to the nearest cell outside
 * chamber id (off the map counts as outside), centre to centre. */
static long depth2(const dg_dungeon *d, int x, int y, int id)
{
    long best = -1;
    for (int r = 1; best < 0 || (long)(r - 1) * (r - 1) < best; r++)
        for (int dy = -r; dy <= r; dy++)
            for (int dx = -r; dx <= r; dx++) {
                if (abs(dx) != r && abs(dy) != r) continue; /* the ring at r only */
                if (in_chamber(d, x + dx, y + dy, id)) continue;
                long e = (long)dx * dx + (long)dy * dy;
                if (best < 0 || e < best) best = e;
            }
    return best;
}

typedef struct {
    long chambers, small, worst;
} tally;

static void check_map(const dg_dungeon *d, const char *what, tally *t)
{
    for (size_t i = 0; i < d->n_rooms; i++) {
        const dg_room *r = &d->rooms[i];
        if (r->kind != DG_ROOM_KIND_CHAMBER) continue;
        t->chambers++;
        t->small += r->area <= LIMIT;
        if (r->area > t->worst) t->worst = r->area;
        /* the pole: the deepest cell that is no stair */
        long deepest = 0;
        for (int y = r->y; y < r->y + r->height; y++)
            for (int x = r->x; x < r->x + r->width; x++) {
                if (!in_chamber(d, x, y, r->id) || (dg_cell(d, x, y) & DG_STAIRS)) continue;
                long e = depth2(d, x, y, r->id);
                if (e > deepest) deepest = e;
            }
        cr_assert(in_chamber(d, r->label_x, r->label_y, r->id), "%s: chamber %d's number off it", what, r->id);
        cr_assert(!(dg_cell(d, r->label_x, r->label_y) & DG_STAIRS), "%s: chamber %d's number on a stair", what, r->id);
        double got = sqrt((double)depth2(d, r->label_x, r->label_y, r->id)), best = sqrt((double)deepest);
        /* the chamfer is within 8% of Euclid; a cell of rounding besides */
        cr_assert(got >= 0.85 * best - 1e-9 || got >= best - 0.6,
                  "%s: chamber %d (%d cells) numbered at (%d,%d), %.2f cells deep; its deepest is %.2f", what, r->id,
                  r->area, r->label_x, r->label_y, got, best);
    }
}

static dg_dungeon *make(const char *size_a, const char *size_b, unsigned seed, char *what, size_t cap)
{
    char s[32];
    snprintf(s, sizeof s, "seed=%u", seed);
    snprintf(what, cap, "algorithm=caverns %s %s %s", size_a ? size_a : "", size_b ? size_b : "", s);
    if (size_b) return GC_MAKE("algorithm=caverns", size_a, size_b, s);
    if (size_a) return GC_MAKE("algorithm=caverns", size_a, s);
    return GC_MAKE("algorithm=caverns", s);
}

Test(cave_chambers, at_most_150_cells_in_95_percent_and_numbers_at_the_pole)
{
    static const struct { const char *a, *b; int maps; } sizes[] = {
        {NULL, NULL, 100}, {"size=large", NULL, 60}, {"rows=101", "cols=101", 40}};
    char what[160];
    tally all = {0};
    for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
        tally t = {0};
        for (int s = 1; s <= sizes[z].maps; s++) {
            dg_dungeon *d = make(sizes[z].a, sizes[z].b, (unsigned)s, what, sizeof what);
            check_map(d, what, &t);
            dg_dungeon_free(d);
        }
        cr_assert_gt(t.chambers, 0);
        cr_assert_geq(100 * t.small, 95 * t.chambers, "%s %s: %ld of %ld chambers at most %d cells (largest %ld)",
                      sizes[z].a ? sizes[z].a : "default", sizes[z].b ? sizes[z].b : "", t.small, t.chambers, LIMIT,
                      t.worst);
        all.chambers += t.chambers;
        all.small += t.small;
    }
    cr_log_info("cave chambers: %ld of %ld at most %d cells over 200 caverns maps", all.small, all.chambers, LIMIT);
}

/* Two 12x12 halls joined by a neck three cells wide and four long: one
 * chamber of 300 cells before the split. The cut runs across the neck, so
 * each hall keeps its number, joined to the other by one passage. */
Test(cave_chambers, a_dumbbell_is_cut_at_its_neck)
{
    enum { W = 30, H = 14 };
    dg_dungeon *d = calloc(1, sizeof *d);
    d->width = W;
    d->height = H;
    d->cells = malloc(W * H * sizeof *d->cells);
    d->cave = malloc(W * H);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool hall = y >= 1 && y <= 12 && ((x >= 1 && x <= 12) || (x >= 17 && x <= 28));
            bool neck = x >= 13 && x <= 16 && y >= 6 && y <= 8;
            d->cells[y * W + x] = hall || neck ? DG_CORRIDOR : DG_NOTHING;
            d->cave[y * W + x] = 1;
        }
    uint32_t *before = malloc(W * H * sizeof *before);
    memcpy(before, d->cells, W * H * sizeof *before);
    cr_assert_eq(dg__chambers(d, NULL), DG_OK);
    for (int s = 0; s < W * H; s++)
        cr_assert_eq(d->cells[s] & ~(DG_ROOM_ID | DG_LABEL), before[s], "cell %d's walls or floor moved", s);
    cr_assert_eq(d->n_rooms, 2, "%zu chambers", d->n_rooms);
    cr_assert_eq(d->n_passages, 1);
    cr_assert_eq(d->passages[0].n_rooms, 2);
    for (size_t k = 0; k < d->passages[0].n_cells; k++) {
        dg_point p = d->passages[0].cells[k];
        cr_assert(p.x >= 12 && p.x <= 17 && p.y >= 5 && p.y <= 9, "passage cell (%d,%d) off the neck", p.x, p.y);
    }
    for (size_t i = 0; i < 2; i++) {
        const dg_room *r = &d->rooms[i];
        cr_assert(r->area >= 144 && r->area <= 150, "chamber %d: %d cells", r->id, r->area);
        /* a hall's pole: one of its four middle cells */
        int mx = i == 0 ? 6 : 22;
        cr_assert(r->label_x >= mx && r->label_x <= mx + 1 && r->label_y >= 6 && r->label_y <= 7,
                  "chamber %d numbered at (%d,%d)", r->id, r->label_x, r->label_y);
    }
    free(before);
    dg_dungeon_free(d);
}

/* A round hall with no narrows (a disc of radius 8, about 200 cells) is
 * bisected: two parts, each at most 150 cells and at least a fifth of it. */
Test(cave_chambers, a_round_hall_is_bisected)
{
    enum { W = 19, H = 19 };
    dg_dungeon *d = calloc(1, sizeof *d);
    d->width = W;
    d->height = H;
    d->cells = malloc(W * H * sizeof *d->cells);
    d->cave = malloc(W * H);
    int open = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool in = (x - 9) * (x - 9) + (y - 9) * (y - 9) <= 64;
            d->cells[y * W + x] = in ? DG_CORRIDOR : DG_NOTHING;
            d->cave[y * W + x] = 1;
            open += in;
        }
    cr_assert_gt(open, 150);
    cr_assert_eq(dg__chambers(d, NULL), DG_OK);
    cr_assert_eq(d->n_rooms, 2, "%zu chambers", d->n_rooms);
    for (size_t i = 0; i < d->n_rooms; i++) {
        cr_assert_leq(d->rooms[i].area, 150);
        cr_assert_geq(d->rooms[i].area * 5, open, "chamber %zu: %d of %d cells", i + 1, d->rooms[i].area, open);
    }
    dg_dungeon_free(d);
}

/* ------------------------------------------------------------- stairs */

/* Whether sub-cell (i, j) of cell (x, y) is floor in the refined grid. */
static bool fine_open(const dr__cave_grid *g, int x, int y, int i, int j)
{
    return g->open[(size_t)(y * g->sub + j + 1) * g->stride + 1 + (size_t)x * (size_t)g->sub + (size_t)i] != 0;
}

/* Every sub-cell of stair (x, y) whose centre lies in the box [u0, u1]
 * across and [v0, v1] along (cells, v = 0 at the dead end, towards the
 * one open neighbour (wx, wy)) is floor. */
static void box_open(const dr__cave_grid *g, int x, int y, int wx, int wy, double u0, double u1, double v0, double v1,
                     const char *what)
{
    int s = g->sub;
    for (int j = 0; j < s; j++)
        for (int i = 0; i < s; i++) {
            double fx = (i + 0.5) / s, fy = (j + 0.5) / s;
            double v = wx > 0 ? fx : wx < 0 ? 1 - fx : wy > 0 ? fy : 1 - fy;
            double u = wx ? fy : fx;
            if (u < u0 || u > u1 || v < v0 || v > v1) continue;
            cr_assert(fine_open(g, x, y, i, j), "%s: the wall cuts stair (%d,%d) at sub-cell (%d,%d) of %d", what, x,
                      y, i, j, s);
        }
}

/* Stairs never cut by the cave wall: over 100 caverns maps with four
 * stairs each, at 12, 18 and 40 px a cell, the refined cave grid (what the
 * PNG fills, the SVG and the VTT walls trace, the sketch strokes) is floor
 * under the whole ladder glyph as glyphs.c draws it (a sixth of the cell
 * and a pixel each side, 2 px at the ends; written down here), and under
 * the sketch's glyph widened by the reach of its wall stroke into the
 * floor (0.29 of a cell each side of the middle plus the tread's half
 * width and 0.105, back to 0.115 of the cell from the dead end). A stair
 * with no dead end keeps its whole cell. */
Test(cave_chambers, stairs_are_never_cut_by_the_cave_wall)
{
    static const int cells[] = {12, 18, 40};
    char what[160];
    long stairs = 0;
    for (unsigned seed = 1; seed <= 100; seed++) {
        char s[32];
        snprintf(s, sizeof s, "seed=%u", seed);
        dg_dungeon *d = GC_MAKE("algorithm=caverns", "stairs=4", s);
        for (size_t z = 0; z < sizeof cells / sizeof *cells; z++) {
            int c = cells[z];
            snprintf(what, sizeof what, "algorithm=caverns stairs=4 seed=%u cell=%d", seed, c);
            dr__cave_grid g;
            cr_assert_eq(dr__cave_grid_build(d, c, false, true, &g, NULL), DG_OK, "%s", what);
            cr_assert_not_null(g.open, "%s: no cave grid", what);
            for (int y = 0; y < d->height; y++)
                for (int x = 0; x < d->width; x++) {
                    if (!(dg_cell(d, x, y) & DG_STAIRS) || !d->cave[(size_t)y * (size_t)d->width + (size_t)x]) continue;
                    stairs += z == 0;
                    int n = 0, wx = 0, wy = 0;
                    static const int dx[4] = {0, 0, -1, 1}, dy[4] = {-1, 1, 0, 0};
                    for (int k = 0; k < 4; k++)
                        if (dg_cell_open(dg_cell(d, x + dx[k], y + dy[k]))) {
                            n++;
                            wx = dx[k];
                            wy = dy[k];
                        }
                    if (n != 1) { /* no dead end: the whole square */
                        box_open(&g, x, y, 1, 0, 0, 1, 0, 1, what);
                        continue;
                    }
                    /* the PNG's ladder, in pixels: across m - half .. m + half,
                     * along first .. last, each pixel its whole width */
                    int m = c / 2, half = c / 2 - (c + 3) / 6, first = 1 + (c >= 12), last = c - 1 - (c >= 12);
                    if (half < 1) half = 1;
                    box_open(&g, x, y, wx, wy, (double)(m - half) / c, (double)(m + half + 1) / c, (double)first / c,
                             (double)(last + 1) / c, what);
                    /* the sketch's, with the stroke's reach */
                    box_open(&g, x, y, wx, wy, 0.5 - 0.415, 0.5 + 0.415, 0.115, 1, what);
                }
            dr__cave_grid_fini(&g);
        }
        dg_dungeon_free(d);
    }
    cr_assert_gt(stairs, 200, "only %ld cave stairs", stairs);
}
