/* ends.c -- passes shared by every generator family at corridors' ends:
 * stairs at dead ends (or nooks beside a corridor) and dead-end removal.
 * Lattice maps may hand them the maze walk's possible dead ends
 * (dg__build.ends); joining regions and exits are passes.c's. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dg_int.h"

/* Open orthogonal neighbours of the interior cell at w. */
static inline int open_around(const uint32_t *w, ptrdiff_t cols)
{
    return ((w[-1] & DG_OPENSPACE) != 0) + ((w[1] & DG_OPENSPACE) != 0) +
           ((w[-cols] & DG_OPENSPACE) != 0) + ((w[cols] & DG_OPENSPACE) != 0);
}

/* ---------------------------------------------------------------- stairs */

/* The direction in which node (r, c) is the closed end of a plain corridor
 * at least three cells long, walled all round otherwise; -1 if it isn't. */
static int stair_way(const dg__build *b, size_t at);
static int corridor_way(const dg__build *b, size_t at);

static int stair_heading(const dg__build *b, int r, int c)
{
    if (r < 1 || c < 1 || r > b->rows - 2 || c > b->cols - 2) return -1;
    return stair_way(b, (size_t)r * (size_t)b->cols + (size_t)c);
}

/* stair_heading() of the interior cell `at`. The cheap tests come first and
 * the cell's row and column (a division) only when all of them pass. */
static int stair_way(const dg__build *b, size_t at)
{
    const uint32_t *w = b->cell + at;
    /* most cells fail here: not a plain corridor with one way out */
    if (w[0] != DG_CORRIDOR || open_around(w, b->cols) != 1) return -1;
    return corridor_way(b, at);
}

/* stair_way() of a plain corridor cell `at` with one way out: the rest of
 * the tests, apart so stair_node() does not repeat its own first test. */
static int corridor_way(const dg__build *b, size_t at)
{
    const ptrdiff_t cols = b->cols;
    const uint32_t *w = b->cell + at;
    /* the one open side is the only heading whose 3x3 can be walled: the
     * other three sides are closed already, so only the diagonals remain */
    int d = (w[-cols] & DG_OPENSPACE) ? DG_DIR_NORTH : (w[cols] & DG_OPENSPACE) ? DG_DIR_SOUTH
            : (w[-1] & DG_OPENSPACE) ? DG_DIR_WEST : DG_DIR_EAST;
    int dr = dg_dir_dy((dg_dir)d), dc = dg_dir_dx((dg_dir)d);
    if (w[dr * cols + dc] != DG_CORRIDOR) return -1;
    if ((w[-cols - 1] | w[-cols + 1] | w[cols - 1] | w[cols + 1]) & DG_OPENSPACE) return -1;
    int r = (int)(at / (size_t)cols), c = (int)(at % (size_t)cols);
    return dg__get(b, r + 2 * dr, c + 2 * dc) == DG_CORRIDOR ? d : -1;
}

/* A nook for a stair: solid rock (not a room's wall, not masked) inside the
 * map's edge, open on exactly one side to a plain corridor or cave floor
 * cell, with the rest of its 3x3 closed but for that side's row. */
static int nook_heading(const dg__build *b, int r, int c)
{
    if (r < 1 || c < 1 || r > b->rows - 2 || c > b->cols - 2) return -1;
    if (dg__get(b, r, c) != DG_NOTHING) return -1;
    int heading = -1;
    for (int d = 0; d < 4; d++) {
        uint32_t w = dg__get(b, r + dg_dir_dy((dg_dir)d), c + dg_dir_dx((dg_dir)d));
        if (!(w & DG_OPENSPACE)) continue;
        if (w != DG_CORRIDOR || heading >= 0) return -1;
        heading = d;
    }
    if (heading < 0) return -1;
    /* the diagonals behind the nook stay rock, so it reads as a dead end */
    int dr = dg_dir_dy((dg_dir)heading), dc = dg_dir_dx((dg_dir)heading);
    if ((dg__get(b, r - dr + dc, c - dc + dr) & DG_OPENSPACE) ||
        (dg__get(b, r - dr - dc, c - dc - dr) & DG_OPENSPACE))
        return -1;
    return heading;
}

/* Appends cell index `at` to the growable list; false when out of memory. */
static bool push_end(uint32_t **ends, size_t *n, size_t *cap, uint32_t *local, uint32_t at)
{
    if (*n == *cap) {
        /* the first growth leaves the stack buffer for the heap */
        uint32_t *g = *ends == local ? NULL : *ends;
        if (dg__grow((void **)&g, cap, *n + 1, sizeof *g, NULL, NULL) != DG_OK) return false;
        if (*ends == local) memcpy(g, local, *n * sizeof *g);
        *ends = g;
    }
    (*ends)[(*n)++] = at;
    return true;
}

/* Words of b->ends: one bit per node byte of the padded node grid. */
static size_t end_words(const dg__build *b)
{
    return ((size_t)(b->ni + 2) * (size_t)b->cols + 63) / 64;
}

/* The next node bit of b->ends (`words` long) at or after *n, in row-major
 * order (bits set behind the caller's back, further on, are seen); false
 * past the last. */
static bool next_end(const dg__build *b, size_t words, size_t *n)
{
    size_t k = *n / 64;
    if (k >= words) return false;
    uint64_t w = b->ends[k] & (~(uint64_t)0 << (*n % 64));
    while (!w) {
        if (++k == words) return false;
        w = b->ends[k];
    }
    *n = k * 64 + dg__ctz64(w);
    return true;
}

/* Whether lattice node cell `at` is the closed end of a corridor a stair
 * fits. Most nodes are corridor and few are dead ends, so the first test is
 * one expression with no branch on the corridor test, whose outcome is near
 * random from node to node. */
static bool stair_node(const dg__build *b, size_t at)
{
    const uint32_t *w = b->cell + at;
    return (w[0] == DG_CORRIDOR) & (open_around(w, b->cols) == 1) && corridor_way(b, at) >= 0;
}

/* Puts stair number k (the first goes down, the second up, the rest either
 * way) at cell `at` if it is still a spot for one -- a neighbouring stair
 * may have taken its corridor -- and says in *placed whether it did. */
static dg_status place_stair(dg__build *b, uint32_t at, int k, bool *placed, dg_error *err)
{
    int r = (int)(at / (uint32_t)b->cols), c = (int)(at % (uint32_t)b->cols);
    int d = stair_heading(b, r, c);
    if (d < 0 && (d = nook_heading(b, r, c)) >= 0) *dg__at(b, r, c) = DG_CORRIDOR;
    *placed = d >= 0;
    if (d < 0) return DG_OK;
    bool down = k == 0 ? true : k == 1 ? false : dg__rng_below(&b->rng, 2) == 0;
    *dg__at(b, r, c) |= (down ? DG_STAIR_DN : DG_STAIR_UP) | DG__KEEP;
    dg_stair s = {c, r, down, (dg_dir)d, c + dg_dir_dx((dg_dir)d), r + dg_dir_dy((dg_dir)d)};
    return dg__add_stair(b, &s, err);
}

/* Draws spots from ends[*good..*n) (the walk's possible dead ends not
 * tested yet), uniformly, testing each as drawn: one that is a spot moves
 * to ends[*good] and *good grows, any other is dropped. Stops once `want`
 * spots are found or none is left. Drawn in a random order, the first
 * spots found are as random a choice as drawing from the list of every
 * spot, and a map keeps two stairs of a few dozen possible dead ends:
 * testing them all was most of the stairs' cost. */
static void draw_spots(dg__build *b, uint32_t *ends, size_t *good, size_t *n, size_t want)
{
    while (*good < want && *good < *n) {
        size_t pick = *good + dg__rng_below(&b->rng, (uint32_t)(*n - *good));
        uint32_t at = ends[pick];
        if (stair_node(b, at)) {
            ends[pick] = ends[*good];
            ends[(*good)++] = at;
        } else {
            ends[pick] = ends[--*n];
        }
    }
}

dg_status dg__place_stairs(dg__build *b, int count, dg_error *err)
{
    if (count <= 0) return DG_OK;
    /* the spots: on the stack for all but big maps */
    enum { LOCAL_ENDS = 256 };
    uint32_t local[LOCAL_ENDS];
    size_t n = 0, cap = LOCAL_ENDS, cols = (size_t)b->cols;
    uint32_t *ends = local;
    bool ok = true;
    dg_status rc = DG_OK;
    if (b->ends) {
        /* the walk's possible dead ends, listed untested; spots are found
         * among them as drawn (draw_spots). While `count` of them are
         * spots, stairs go to the first found, in turn, and to more drawn
         * the same way when a neighbouring stair has spoiled one; fewer,
         * and every one has been tested: the nooks below join them. */
        for (size_t k = 0, words = end_words(b); next_end(b, words, &k) && ok; k++)
            ok = push_end(&ends, &n, &cap, local, (uint32_t)dg__node_cell(b, k));
        size_t good = 0;
        if (ok) draw_spots(b, ends, &good, &n, (size_t)count);
        if (ok && good == (size_t)count) {
            for (int k = 0; k < count && rc == DG_OK;) {
                draw_spots(b, ends, &good, &n, (size_t)k + 1);
                if ((size_t)k >= good) break;
                bool placed;
                rc = place_stair(b, ends[k], k, &placed, err);
                if (placed) {
                    k++;
                } else {
                    /* spoiled: the spot goes, the next one drawn takes its place */
                    ends[k] = ends[--good];
                    ends[good] = ends[--n];
                }
            }
            if (ends != local) dg__free(ends);
            return rc;
        }
    } else {
        for (int r = 1; r < b->rows - 1 && ok; r += 2)
            for (int c = 1; c < b->cols - 1 && ok; c += 2)
                if (stair_node(b, (size_t)r * cols + (size_t)c)) ok = push_end(&ends, &n, &cap, local, (uint32_t)((size_t)r * cols + (size_t)c));
    }
    /* pass 1 (only when those are too few): nooks anywhere */
    if (n < (size_t)count)
        for (int r = 0; r < b->rows && ok; r++)
            for (int c = 0; c < b->cols && ok; c++)
                if (nook_heading(b, r, c) >= 0) ok = push_end(&ends, &n, &cap, local, (uint32_t)((size_t)r * cols + (size_t)c));
    if (!ok) {
        if (ends != local) dg__free(ends);
        return dg__nomem(err, "placing stairs");
    }
    /* k counts stairs placed: a spot a neighbouring stair has just spoiled
     * is dropped without using up one of the stairs asked for */
    for (int k = 0; k < count && n > 0 && rc == DG_OK;) {
        size_t pick = dg__rng_below(&b->rng, (uint32_t)n);
        uint32_t at = ends[pick];
        ends[pick] = ends[--n];
        bool placed;
        rc = place_stair(b, at, k, &placed, err);
        k += placed;
    }
    if (ends != local) dg__free(ends);
    return rc;
}

/* ------------------------------------------------------------- dead ends */

/* A closed corridor cell: rock again, or wall again where it was a door. */
static inline uint32_t closed(uint32_t w)
{
    return (w & DG_DOORSPACE) ? DG_PERIMETER : DG_NOTHING;
}

/* Closes the corridor back from dead end (r, c) to the nearest junction,
 * room or kept cell. A closed door goes back to being wall. Returns the
 * cell it stopped at when that cell is left a new dead end -- its only way
 * out a stair's or exit's landing -- else SIZE_MAX. That is the one way a
 * collapse makes a dead end: every cell it closes has at most one open
 * side, the cell it moves to, and any other stop keeps two or more. Any
 * cell layout; lattice maps use collapse_nodes(). */
static size_t collapse(dg__build *b, int r, int c)
{
    /* the map's size in locals: the cell stores below could alias them */
    const int rows = b->rows, cols = b->cols;
    const ptrdiff_t step[4] = {[DG_DIR_NORTH] = -(ptrdiff_t)cols, [DG_DIR_SOUTH] = cols,
                               [DG_DIR_WEST] = -1, [DG_DIR_EAST] = 1};
    static const int8_t dy[4] = {-1, 1, 0, 0}, dx[4] = {0, 0, -1, 1};
    uint32_t *w = dg__at(b, r, c);
    for (int first = 1;; first = 0) {
        if ((*w & (DG_ROOM | DG__KEEP | DG_CORRIDOR)) != DG_CORRIDOR) return SIZE_MAX;
        /* open sides, and the last of them: inside the map's edge straight
         * from the row, on it through the bounds-checked reads (one
         * unsigned compare an axis: r - 1 wraps round when r is 0) */
        unsigned open = 0; /* bit per open side */
        if ((unsigned)(r - 1) < (unsigned)(rows - 2) && (unsigned)(c - 1) < (unsigned)(cols - 2)) {
            for (int k = 0; k < 4; k++) open |= (unsigned)((w[step[k]] & DG_OPENSPACE) != 0) << k;
        } else {
            for (int k = 0; k < 4; k++)
                open |= (unsigned)((dg__get(b, r + dy[k], c + dx[k]) & DG_OPENSPACE) != 0) << k;
        }
        if (open & (open - 1)) return SIZE_MAX; /* two or more */
        int d = open ? (int)dg__ctz32(open) : -1;
        /* a stair or exit keeps its landing, even when nothing else is left
         * to lead to (a map too small for rooms) */
        if (d >= 0 && (w[step[d]] & DG__KEEP)) return first ? SIZE_MAX : (size_t)r * (size_t)cols + (size_t)c;
        *w = closed(*w);
        if (d < 0) return SIZE_MAX;
        w += step[d];
        r += dy[d];
        c += dx[d];
    }
}

/* collapse() on the node lattice, from the dead-end node cell `at`, a node
 * and the wall cell beyond it a step (a corridor closes node by node, and
 * per cell the four-side test cost most of the pass). Every cell it meets
 * is inside the map's edge: corridors run node to node, and the only edge
 * cells opened, exits' mouths, are kept. A wall cell between two nodes is
 * open to at most the two of them: its other two neighbours are corners of
 * the lattice, which only a room's floor opens, and a wall cell beside a
 * room's floor is that room's or its ring's. So once the node behind it is
 * closed, a corridor wall cell's one way on is the node ahead; when that
 * is kept, the wall cell it stops at is no node, so no new dead end. */
static size_t collapse_nodes(dg__build *b, size_t at)
{
    const ptrdiff_t cols = b->cols;
    uint32_t *w = b->cell + at;
    for (int first = 1;; first = 0) {
        if ((*w & (DG_ROOM | DG__KEEP | DG_CORRIDOR)) != DG_CORRIDOR) return SIZE_MAX;
        unsigned open = (unsigned)((w[-cols] & DG_OPENSPACE) != 0) << DG_DIR_NORTH |
                        (unsigned)((w[cols] & DG_OPENSPACE) != 0) << DG_DIR_SOUTH |
                        (unsigned)((w[-1] & DG_OPENSPACE) != 0) << DG_DIR_WEST |
                        (unsigned)((w[1] & DG_OPENSPACE) != 0) << DG_DIR_EAST;
        if (open & (open - 1)) return SIZE_MAX; /* two or more */
        if (!open) {
            *w = closed(*w);
            return SIZE_MAX;
        }
        int d = (int)dg__ctz32(open);
        ptrdiff_t s = (d & 2) ? ((d & 1) ? 1 : -1) : ((d & 1) ? cols : -cols);
        uint32_t *wall = w + s, *ahead = wall + s;
        if (*wall & DG__KEEP) return first ? SIZE_MAX : (size_t)(w - b->cell);
        *w = closed(*w);
        if ((*wall & (DG_ROOM | DG_CORRIDOR)) != DG_CORRIDOR) return SIZE_MAX;
        if (!(*ahead & DG_OPENSPACE)) {
            *wall = closed(*wall);
            return SIZE_MAX;
        }
        if (*ahead & DG__KEEP) return SIZE_MAX;
        *wall = closed(*wall);
        w = ahead;
    }
}

void dg__close_dead_end(dg__build *b, int r, int c)
{
    b->ends = NULL;
    (void)collapse(b, r, c);
}

void dg__drop_stair(dg__build *b, int r, int c)
{
    *dg__at(b, r, c) &= ~(DG_STAIRS | DG__KEEP);
    b->ends = NULL; /* cells close: any node may be a dead end */
    (void)collapse(b, r, c);
}

/* Whether interior cell `at` is a dead end to consider: a plain corridor,
 * not kept, with at most one open side. One branch-free expression: whether
 * a cell is corridor is near random from one node to the next, whether it
 * is a dead end rarely true. */
static bool dead_end(const dg__build *b, size_t at)
{
    const uint32_t *w = b->cell + at;
    return ((w[0] & (DG_CORRIDOR | DG_ROOM | DG__KEEP)) == DG_CORRIDOR) & (open_around(w, b->cols) <= 1);
}

void dg__remove_deadends(dg__build *b, int percent)
{
    if (percent <= 0) return;
    size_t cols = (size_t)b->cols;
    if (b->ends) {
        /* the walk's possible dead ends, in the order a scan meets them; a
         * node a collapse leaves as a new dead end further on is added, as
         * a scan would come to it */
        for (size_t n = 0, words = end_words(b); next_end(b, words, &n); n++) {
            size_t at = dg__node_cell(b, n);
            if (!dead_end(b, at) || (percent < 100 && !dg__rng_percent(&b->rng, percent))) continue;
            size_t left = collapse_nodes(b, at);
            if (left == SIZE_MAX || (left / cols) % 2 == 0 || (left % cols) % 2 == 0) continue;
            size_t node = (left / cols / 2 + 1) * cols + (left % cols) / 2 + 1;
            if (node > n) b->ends[node / 64] |= (uint64_t)1 << (node % 64);
        }
        return;
    }
    /* edge cells are rock or kept exits: only the interior can start a
     * chain; on a node lattice only nodes can be dead ends */
    int step = b->lattice ? 2 : 1;
    for (int r = 1; r < b->rows - 1; r += step)
        for (int c = 1; c < b->cols - 1; c += step) {
            size_t at = (size_t)r * cols + (size_t)c;
            if (!dead_end(b, at) || (percent < 100 && !dg__rng_percent(&b->rng, percent))) continue;
            if (b->lattice)
                collapse_nodes(b, at);
            else
                collapse(b, r, c);
        }
}
