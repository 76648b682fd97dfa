/* passes.c -- passes shared by every generator family: joining separate
 * open regions, exits through the map edge, stairs at dead ends and dead-end
 * removal. All iterative (explicit queues), so map size never meets the C
 * stack. */
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

/* -------------------------------------------------------- joining regions */

/* Labels 4-connected open regions 1..n into lab (0 = solid). Returns n, or
 * -1 when out of memory. */
static long label_regions(const dg__build *b, int32_t *lab, size_t **sizes)
{
    size_t cells = (size_t)b->rows * (size_t)b->cols;
    uint32_t *queue = malloc(cells * sizeof *queue);
    size_t cap = 16, *sz = calloc(cap, sizeof *sz);
    if (!queue || !sz) {
        free(queue);
        free(sz);
        return -1;
    }
    long n = 0;
    for (size_t s = 0; s < cells; s++) {
        if (lab[s] || !(b->cell[s] & DG_OPENSPACE)) continue;
        n++;
        if ((size_t)n >= cap) {
            size_t *g = realloc(sz, 2 * cap * sizeof *sz);
            if (!g) {
                free(queue);
                free(sz);
                return -1;
            }
            for (size_t k = cap; k < 2 * cap; k++) g[k] = 0;
            sz = g;
            cap *= 2;
        }
        size_t head = 0, tail = 0;
        queue[tail++] = (uint32_t)s;
        lab[s] = (int32_t)n;
        while (head < tail) {
            uint32_t at = queue[head++];
            sz[n]++;
            int r = (int)(at / (uint32_t)b->cols), c = (int)(at % (uint32_t)b->cols);
            for (int d = 0; d < 4; d++) {
                int rr = r + dg_dir_dy((dg_dir)d), cc = c + dg_dir_dx((dg_dir)d);
                if (!dg__in(b, rr, cc)) continue;
                size_t k = (size_t)rr * (size_t)b->cols + (size_t)cc;
                if (lab[k] || !(b->cell[k] & DG_OPENSPACE)) continue;
                lab[k] = (int32_t)n;
                queue[tail++] = (uint32_t)k;
            }
        }
    }
    free(queue);
    *sizes = sz;
    return n;
}

static int32_t uf_find(int32_t *parent, int32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* A wall cell that would join two regions: between two open cells in line. */
typedef struct {
    uint32_t at;
    uint8_t dir;             /* from the first open cell through the wall */
} knock;

static dg_status knock_through(dg__build *b, int r, int c, dg_dir d, dg_error *err)
{
    /* (r, c) is the wall; the open cells are behind (-d) and ahead (+d) */
    uint32_t *w = dg__at(b, r, c);
    uint32_t back = dg__get(b, r - dg_dir_dy(d), c - dg_dir_dx(d));
    uint32_t ahead = dg__get(b, r + dg_dir_dy(d), c + dg_dir_dx(d));
    bool wall = (*w & (DG_PERIMETER | DG_ENTRANCE)) != 0;
    int room_back = (back & DG_ROOM) ? dg__room_id(back) : 0;
    int room_ahead = (ahead & DG_ROOM) ? dg__room_id(ahead) : 0;
    *w = (*w & ~(DG_PERIMETER | DG_ENTRANCE)) | DG_CORRIDOR;
    if (!wall || (!room_back && !room_ahead)) {
        *w &= ~DG_DOORSPACE;
        return DG_OK;
    }
    /* crossing a room's wall makes a door, owned by the room behind it if
     * there is one */
    dg__door door = {r, c, d, room_back, room_ahead, 0};
    if (!room_back) door = (dg__door){r, c, dg__opposite(d), room_ahead, 0, 0};
    door.type = dg__door_type(&b->rng, b->o->doors);
    *w = (*w & ~DG_DOORSPACE) | dg_door_type_bit(door.type);
    return dg__add_door(b, &door, err);
}

/* A join made: the wall cell as it was, and the two regions it joined. */
typedef struct {
    uint32_t at, was;
    int32_t a, z;
    int32_t next_a, next_z;  /* next join touching a / z (-1 ends) */
} join;

/* Undoes joins to corridor-only regions that hang off the join tree as
 * leaves (pockets between rooms that donjon leaves as rock), repeatedly, so
 * only regions that hold rooms or bridge them remain. Marks them in gone. */
static void prune_pockets(dg__build *b, join *joins, size_t nj, long n, const unsigned char *anchored,
                          int32_t *degree, int32_t *head, unsigned char *gone, int32_t *queue)
{
    size_t qn = 0;
    for (long r = 1; r <= n; r++)
        if (!anchored[r] && degree[r] <= 1) queue[qn++] = (int32_t)r;
    while (qn > 0) {
        int32_t r = queue[--qn];
        if (gone[r]) continue;
        gone[r] = 1;
        for (int32_t k = head[r]; k >= 0;) {
            join *j = &joins[k];
            int32_t next = j->a == r ? j->next_a : j->next_z;
            if (j->was != UINT32_MAX) {
                b->cell[j->at] = j->was;
                j->was = UINT32_MAX;
                int32_t other = j->a == r ? j->z : j->a;
                degree[other]--;
                if (!anchored[other] && !gone[other] && degree[other] <= 1) queue[qn++] = other;
            }
            k = next;
        }
    }
    (void)nj;
}

dg_status dg__connect_regions(dg__build *b, dg_error *err)
{
    b->ends = NULL; /* pruned joins and filled regions close cells: any node may be a dead end */
    size_t cells = (size_t)b->rows * (size_t)b->cols;
    int32_t *lab = calloc(cells, sizeof *lab);
    size_t *sizes = NULL;
    if (!lab) return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory joining regions");
    long n = label_regions(b, lab, &sizes);
    if (n < 0) {
        free(lab);
        return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory joining regions");
    }
    dg_status rc = DG_OK;
    knock *cand = NULL;
    join *joins = NULL;
    int32_t *parent = NULL, *degree = NULL, *head = NULL, *queue = NULL;
    unsigned char *anchored = NULL, *gone = NULL;
    if (n <= 1) goto done;

    /* every wall cell between two open cells of different regions */
    size_t nc = 0, cap = 256, nj = 0;
    cand = malloc(cap * sizeof *cand);
    parent = malloc((size_t)(n + 1) * sizeof *parent);
    degree = calloc((size_t)(n + 1), sizeof *degree);
    head = malloc((size_t)(n + 1) * sizeof *head);
    queue = malloc((size_t)(n + 1) * sizeof *queue);
    anchored = calloc((size_t)(n + 1), 1);
    gone = calloc((size_t)(n + 1), 1);
    joins = malloc((size_t)n * sizeof *joins);
    if (!cand || !parent || !degree || !head || !queue || !anchored || !gone || !joins) goto oom;
    bool any_room = false;
    for (size_t s = 0; s < cells; s++)
        if (lab[s] && (b->cell[s] & DG_ROOM)) anchored[lab[s]] = 1, any_room = true;
    for (int r = 1; r < b->rows - 1; r++) {
        for (int c = 1; c < b->cols - 1; c++) {
            uint32_t w = *dg__at(b, r, c);
            if (w & (DG_OPENSPACE | DG_BLOCKED)) continue;
            for (int d = DG_DIR_SOUTH; d <= DG_DIR_EAST; d += 2) { /* south, east */
                int dr = dg_dir_dy((dg_dir)d), dc = dg_dir_dx((dg_dir)d);
                /* only the wall between two lattice nodes: a corner cell
                 * would put a doorway beside another opening */
                if (((r - dr) & 1) == 0 || ((c - dc) & 1) == 0) continue;
                size_t a = (size_t)(r - dr) * (size_t)b->cols + (size_t)(c - dc);
                size_t z = (size_t)(r + dr) * (size_t)b->cols + (size_t)(c + dc);
                if (!lab[a] || !lab[z] || lab[a] == lab[z]) continue;
                /* a doorway must not open sideways into a room */
                if ((w & (DG_PERIMETER | DG_ENTRANCE)) && ((dg__get(b, r + dc, c + dr) & DG_OPENSPACE) ||
                                           (dg__get(b, r - dc, c - dr) & DG_OPENSPACE)))
                    continue;
                if (nc == cap) {
                    knock *g = realloc(cand, 2 * cap * sizeof *cand);
                    if (!g) goto oom;
                    cand = g;
                    cap *= 2;
                }
                cand[nc++] = (knock){(uint32_t)((size_t)r * (size_t)b->cols + (size_t)c), (uint8_t)d};
            }
        }
    }
    for (long k = 0; k <= n; k++) parent[k] = (int32_t)k, head[k] = -1;
    /* random order, so the joins are spread over the map, Kruskal-style */
    for (size_t k = nc; k > 1; k--) {
        size_t x = dg__rng_below(&b->rng, (uint32_t)k);
        knock t = cand[k - 1];
        cand[k - 1] = cand[x];
        cand[x] = t;
    }
    for (size_t k = 0; k < nc && rc == DG_OK; k++) {
        int r = (int)(cand[k].at / (uint32_t)b->cols), c = (int)(cand[k].at % (uint32_t)b->cols);
        dg_dir d = (dg_dir)cand[k].dir;
        size_t a = (size_t)(r - dg_dir_dy(d)) * (size_t)b->cols + (size_t)(c - dg_dir_dx(d));
        size_t z = (size_t)(r + dg_dir_dy(d)) * (size_t)b->cols + (size_t)(c + dg_dir_dx(d));
        int32_t ra = uf_find(parent, lab[a]), rz = uf_find(parent, lab[z]);
        if (ra == rz) continue;
        parent[ra] = rz;
        sizes[rz] += sizes[ra];
        joins[nj] = (join){cand[k].at, b->cell[cand[k].at], lab[a], lab[z], head[lab[a]], head[lab[z]]};
        head[lab[a]] = head[lab[z]] = (int32_t)nj;
        degree[lab[a]]++;
        degree[lab[z]]++;
        nj++;
        rc = knock_through(b, r, c, d, err);
    }
    if (rc != DG_OK) goto done;
    if (any_room) prune_pockets(b, joins, nj, n, anchored, degree, head, gone, queue);

    /* whatever still stands apart (walled off by the layout) is filled in:
     * keep the biggest joined region that holds a room */
    int32_t best = -1;
    for (long k = 1; k <= n; k++) {
        if (gone[k] || (any_room && !anchored[k])) continue;
        int32_t root = uf_find(parent, (int32_t)k);
        if (best < 0 || sizes[root] > sizes[best]) best = root;
    }
    for (size_t s = 0; s < cells; s++) {
        if (!lab[s] || (!gone[lab[s]] && uf_find(parent, lab[s]) == best)) continue;
        b->cell[s] &= ~(DG_OPENSPACE | DG_ROOM_ID | DG_DOORSPACE | DG_ENTRANCE);
    }
    goto done;
oom:
    rc = dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory joining regions");
done:
    free(cand);
    free(joins);
    free(parent);
    free(degree);
    free(head);
    free(queue);
    free(anchored);
    free(gone);
    free(sizes);
    free(lab);
    return rc;
}

/* ----------------------------------------------------------------- exits */

/* The cell `t` steps in from position `at` on map edge `edge`. */
static void edge_cell(const dg__build *b, dg_dir edge, int at, int t, int *r, int *c)
{
    switch (edge) {
    case DG_DIR_NORTH: *r = t; *c = at; break;
    case DG_DIR_SOUTH: *r = b->rows - 1 - t; *c = at; break;
    case DG_DIR_WEST:  *r = at; *c = t; break;
    default:           *r = at; *c = b->cols - 1 - t; break;
    }
}

/* Cells from edge position `at` on edge d inwards to the first plain
 * corridor; 0 when the way is barred by a room, its wall or a door. */
static int exit_depth(const dg__build *b, dg_dir edge, int at)
{
    int limit = (edge == DG_DIR_NORTH || edge == DG_DIR_SOUTH ? b->rows : b->cols) / 2;
    for (int t = 0; t < limit; t++) {
        int r, c;
        edge_cell(b, edge, at, t, &r, &c);
        uint32_t w = dg__get(b, r, c);
        if (w & (DG_ROOM | DG_PERIMETER | DG_DOORSPACE | DG__KEEP)) return 0;
        if (w & DG_CORRIDOR) return t > 0 ? t : 0;
    }
    return 0;
}

static dg_status dig_exit(dg__build *b, dg_dir edge, int at, dg_error *err)
{
    int depth = exit_depth(b, edge, at);
    dg_exit e = {0};
    for (int t = 0; t < depth; t++) {
        int r, c;
        edge_cell(b, edge, at, t, &r, &c);
        uint32_t *w = dg__at(b, r, c);
        *w = (*w & ~DG_BLOCKED) | DG_CORRIDOR | (t == 0 ? DG__KEEP : 0);
        if (t == 0) e = (dg_exit){c, r, edge};
    }
    return dg__add_exit(b, &e, err);
}

/* A random odd position on `edge` (and on the opposite edge too, if
 * `paired`) where an exit can be dug; -1 when there is none. */
static int pick_exit(dg__build *b, dg_dir edge, bool paired)
{
    int n = (edge == DG_DIR_NORTH || edge == DG_DIR_SOUTH) ? b->nj : b->ni;
    int count = 0;
    for (int pass = 0; pass < 2; pass++) {
        int want = pass ? (int)dg__rng_below(&b->rng, (uint32_t)count) : -1;
        int seen = 0;
        for (int k = 0; k < n; k++) {
            int at = 2 * k + 1;
            if (!exit_depth(b, edge, at)) continue;
            if (paired && !exit_depth(b, dg__opposite(edge), at)) continue;
            if (pass == 0) count++;
            else if (seen++ == want) return at;
        }
        if (count == 0) return -1;
    }
    return -1;
}

dg_status dg__place_exits(dg__build *b, dg_error *err)
{
    dg_status rc = DG_OK;
    switch (b->o->egress) {
    case DG_EGRESS_NO:
        return DG_OK;
    case DG_EGRESS_TILING: {
        /* tiles meet edge to edge: every exit has a twin on the opposite edge
         * at the same position, one pair per 40 cells of edge */
        int pairs_ns = 1 + b->cols / 40, pairs_we = 1 + b->rows / 40;
        for (int k = 0; k < pairs_ns + pairs_we && rc == DG_OK; k++) {
            dg_dir edge = k < pairs_ns ? DG_DIR_NORTH : DG_DIR_WEST;
            int at = pick_exit(b, edge, true);
            if (at < 0) continue;
            if ((rc = dig_exit(b, edge, at, err)) == DG_OK)
                rc = dig_exit(b, dg__opposite(edge), at, err);
        }
        return rc;
    }
    case DG_EGRESS_YES:
    case DG_EGRESS_MANY:
    default: {
        int want = b->o->egress == DG_EGRESS_YES ? 1 : 2 + (int)dg__rng_below(&b->rng, 3);
        for (int k = 0, tries = 0; k < want && tries < 16 && rc == DG_OK; tries++) {
            dg_dir edge = (dg_dir)dg__rng_below(&b->rng, 4);
            int at = pick_exit(b, edge, false);
            if (at < 0) continue;
            rc = dig_exit(b, edge, at, err);
            k++;
        }
        return rc;
    }
    }
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
        uint32_t *g = realloc(*ends == local ? NULL : *ends, 2 * *cap * sizeof *g);
        if (!g) return false;
        if (*ends == local) memcpy(g, local, *n * sizeof *g);
        *ends = g;
        *cap *= 2;
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

dg_status dg__place_stairs(dg__build *b, int count, dg_error *err)
{
    if (count <= 0) return DG_OK;
    /* the spots: on the stack for all but big maps */
    enum { LOCAL_ENDS = 256 };
    uint32_t local[LOCAL_ENDS];
    size_t n = 0, cap = LOCAL_ENDS, cols = (size_t)b->cols;
    uint32_t *ends = local;
    bool ok = true;
    /* pass 0: dead ends on the node lattice, only among the nodes the maze
     * walk left as possible ones when it did */
    if (b->ends) {
        for (size_t k = 0, words = end_words(b); next_end(b, words, &k) && ok; k++)
            if (stair_node(b, dg__node_cell(b, k))) ok = push_end(&ends, &n, &cap, local, (uint32_t)dg__node_cell(b, k));
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
        if (ends != local) free(ends);
        return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory placing stairs");
    }
    dg_status rc = DG_OK;
    /* k counts stairs placed: a spot a neighbouring stair has just spoiled
     * is dropped without using up one of the stairs asked for */
    for (int k = 0; k < count && n > 0 && rc == DG_OK;) {
        size_t pick = dg__rng_below(&b->rng, (uint32_t)n);
        uint32_t at = ends[pick];
        ends[pick] = ends[--n];
        int r = (int)(at / (uint32_t)b->cols), c = (int)(at % (uint32_t)b->cols);
        int d = stair_heading(b, r, c);
        if (d < 0 && (d = nook_heading(b, r, c)) >= 0) *dg__at(b, r, c) = DG_CORRIDOR;
        if (d < 0) continue; /* a neighbouring stair took its corridor */
        /* the first goes down, the second up, the rest either way */
        bool down = k == 0 ? true : k == 1 ? false : dg__rng_below(&b->rng, 2) == 0;
        *dg__at(b, r, c) |= (down ? DG_STAIR_DN : DG_STAIR_UP) | DG__KEEP;
        dg_stair s = {c, r, down, (dg_dir)d, c + dg_dir_dx((dg_dir)d), r + dg_dir_dy((dg_dir)d)};
        rc = dg__add_stair(b, &s, err);
        k++;
    }
    if (ends != local) free(ends);
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
