/* gen_donjon_layout.c -- the dungeon's outline: which nodes the layout (box, cross,
 * round, ...) leaves open. Everything else is BLOCKED. Masks are decided per
 * node and widened to cells, so two open neighbouring nodes always have an
 * open wall cell between them: the open area stays one connected piece.
 * Also the donjon family's row (family_int.h), whose rules are the layout's:
 * the cave keys mean something only in the cavernous layout. */
#include <stdio.h>

#include "family_int.h"

static long labs_(long v) { return v < 0 ? -v : v; }

/* Whether node (i, j) lies inside the layout; ni x nj nodes. Integer maths
 * only, so every machine agrees. */
static bool node_open(dg_layout layout, int i, int j, int ni, int nj)
{
    /* thirds of the cell span, as donjon's 3x3 masks cut the map: node i
     * sits on cell row 2i+1 of 2ni */
    bool mid_i = (3 * (2 * i + 1)) / (2 * ni) == 1;
    bool mid_j = (3 * (2 * j + 1)) / (2 * nj) == 1;
    /* doubled offsets from the centre: -(n-1)..(n-1) */
    long di = labs_(2L * i - (ni - 1)), dj = labs_(2L * j - (nj - 1));
    long hi = ni - 1 > 0 ? ni - 1 : 1, hj = nj - 1 > 0 ? nj - 1 : 1;

    switch (layout) {
    case DG_LAYOUT_BOX:
        return !(mid_i && mid_j);
    case DG_LAYOUT_CROSS:
        return mid_i || mid_j;
    case DG_LAYOUT_DAGGER: {
        /* a cross whose lower arm is longer: the cross bar sits in the upper
         * quarter to half of the map */
        bool bar = (4 * (2 * i + 1)) / (2 * ni) == 1;
        return mid_j || bar;
    }
    case DG_LAYOUT_SALTIRE: {
        /* two diagonal bands; half-width at least one node so the band is
         * joined edge to edge, not just at corners */
        long a = labs_((long)i * nj - (long)j * ni);
        long b = labs_((long)i * nj + (long)j * ni - (long)(ni - 1) * nj);
        long w = (ni > nj ? ni : nj) + (long)ni * nj / 8;
        return a <= w || b <= w;
    }
    case DG_LAYOUT_KEEP: {
        /* a square keep with a tower on each corner */
        int bi = ni / 6 > 0 ? ni / 6 : 1, bj = nj / 6 > 0 ? nj / 6 : 1;
        bool inner = i >= bi && i < ni - bi && j >= bj && j < nj - bj;
        bool tower_i = i < 3 * bi || i >= ni - 3 * bi;
        bool tower_j = j < 3 * bj || j >= nj - 3 * bj;
        return inner || (tower_i && tower_j);
    }
    case DG_LAYOUT_HEXAGON:
        /* flat-topped: full width at the middle row, half at top and bottom */
        return dj * hi * 2 + di * hj <= 2 * hi * hj;
    case DG_LAYOUT_ROUND:
        /* ellipse through the middle of each edge */
        return di * di * hj * hj + dj * dj * hi * hi <= hi * hi * hj * hj;
    case DG_LAYOUT_SQUARE:
    case DG_LAYOUT_RECTANGLE:
    default:
        return true;
    }
}

/* The nodes a cell touches: one for a node cell, two for a wall cell between
 * nodes, up to four for a corner cell. */
static void node_span(int x, int n, int *lo, int *hi)
{
    if (x & 1) {
        *lo = *hi = (x - 1) / 2;
    } else {
        *lo = x / 2 - 1;
        *hi = x / 2;
        if (*lo < 0) *lo = 0;
        if (*hi > n - 1) *hi = n - 1;
    }
}

void dg__apply_layout(dg__build *b)
{
    dg_layout layout = b->o->layout;
    if (layout == DG_LAYOUT_SQUARE || layout == DG_LAYOUT_RECTANGLE) return;

    /* one row of node verdicts at a time keeps this O(cells) without a
     * second full-size array */
    for (int r = 0; r < b->rows; r++) {
        int i0, i1;
        node_span(r, b->ni, &i0, &i1);
        for (int c = 0; c < b->cols; c++) {
            int j0, j1;
            node_span(c, b->nj, &j0, &j1);
            bool open = true;
            for (int i = i0; i <= i1 && open; i++)
                for (int j = j0; j <= j1 && open; j++)
                    open = node_open(layout, i, j, b->ni, b->nj);
            if (!open) *dg__at(b, r, c) |= DG_BLOCKED;
        }
    }
}

/* ------------------------------------------------------ the family's row */

static bool cavernous(const dg_options *o) { return o->layout == DG_LAYOUT_CAVERNOUS; }

/* The cave keys shape only the cavernous layout, and corridors mean
 * nothing there, since its caves grow where the maze would be dug. */
static bool donjon_applies(const dg_options *o, key_id k)
{
    if (k == K_CAVE_FILL || k == K_CAVE_STEPS) return o->layout == DG_LAYOUT_CAVERNOUS;
    if (k == K_CORRIDORS) return o->layout != DG_LAYOUT_CAVERNOUS;
    return true;
}

/* "layout=a|b": the layouts of o's algorithm that key k applies to. */
static void layouts_of(const dg_options *o, key_id k, char *buf, size_t cap)
{
    dg_options t = *o;
    const char *names[DG_LAYOUT_COUNT];
    size_t n = 0;
    for (int l = 0; l < DG_LAYOUT_COUNT; l++) {
        t.layout = (dg_layout)l;
        if (donjon_applies(&t, k)) names[n++] = dg__layout_names[l];
    }
    int w = snprintf(buf, cap, "layout=");
    if (w < 0 || (size_t)w >= cap) {
        if (cap) buf[0] = '\0';
        return;
    }
    dg__join(buf + w, cap - (size_t)w, names, n, "|");
}

static dg_status donjon_refuse(const dg_options *o, key_id k, const char *value, dg_error *err)
{
    char fits[sizeof err->allowed];
    layouts_of(o, k, fits, sizeof fits);
    return dg_error_set(err, DG_EINVAL, dg__keys[k].name, value, fits,
                        "%s does not apply to layout=%s (only to %s%s)", dg__keys[k].name,
                        dg__layout_names[o->layout], fits,
                        dg__keys[k].families & ALGO(DG_ALGO_CAVERNS) ? ", or to algorithm=caverns" : "");
}

/* cost: the cavernous layout (its caves keyed as chambers) 230 ns a cell
 * at 501 and 1001 in bench_estimate's txt; loops=many (loops_lattice.c
 * and the cycle lock) 112 ns a cell over none at 501 (108 at 1001),
 * seeds 1-20, map alone: 125 with the 10% */
const dg__family dg__family_donjon = {
    {"rooms and winding corridors on donjon's odd grid", true, {13, 120, 30, false, 0, 125}},
    dg__gen_donjon, donjon_applies, donjon_refuse, cavernous, cavernous};
