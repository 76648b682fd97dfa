/* passes.c -- passes shared by every generator family: joining separate
 * open regions and exits through the map edge (stairs and dead ends are
 * ends.c's). All iterative (explicit queues), so map size never meets the C
 * stack. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dg_int.h"

/* -------------------------------------------------------- joining regions */

/* Labels 4-connected open regions 1..n into lab (0 = solid). Returns n, or
 * -1 when out of memory. */
static long label_regions(const dg__build *b, int32_t *lab, size_t **sizes)
{
    size_t cells = (size_t)b->rows * (size_t)b->cols;
    uint32_t *queue = dg__malloc(cells * sizeof *queue);
    size_t cap = 16, *sz = dg__calloc(cap, sizeof *sz);
    if (!queue || !sz) {
        dg__free(queue);
        dg__free(sz);
        return -1;
    }
    long n = 0;
    for (size_t s = 0; s < cells; s++) {
        if (lab[s] || !(b->cell[s] & DG_OPENSPACE)) continue;
        n++;
        if ((size_t)n >= cap) {
            size_t old = cap;
            if (dg__grow((void **)&sz, &cap, old + 1, sizeof *sz, NULL, NULL) != DG_OK) {
                dg__free(queue);
                dg__free(sz);
                return -1;
            }
            for (size_t k = old; k < cap; k++) sz[k] = 0;
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
    dg__free(queue);
    *sizes = sz;
    return n;
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
    if (!room_back) door = (dg__door){r, c, dg_dir_opposite(d), room_ahead, 0, 0};
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
    int32_t *lab = dg__calloc(cells, sizeof *lab);
    size_t *sizes = NULL;
    if (!lab) return dg__nomem(err, "joining regions");
    long n = label_regions(b, lab, &sizes);
    if (n < 0) {
        dg__free(lab);
        return dg__nomem(err, "joining regions");
    }
    dg_status rc = DG_OK;
    knock *cand = NULL;
    join *joins = NULL;
    int32_t *parent = NULL, *degree = NULL, *head = NULL, *queue = NULL;
    unsigned char *anchored = NULL, *gone = NULL;
    if (n <= 1) goto done;

    /* every wall cell between two open cells of different regions */
    size_t nc = 0, cap = 256, nj = 0;
    cand = dg__malloc(cap * sizeof *cand);
    parent = dg__malloc((size_t)(n + 1) * sizeof *parent);
    degree = dg__calloc((size_t)(n + 1), sizeof *degree);
    head = dg__malloc((size_t)(n + 1) * sizeof *head);
    queue = dg__malloc((size_t)(n + 1) * sizeof *queue);
    anchored = dg__calloc((size_t)(n + 1), 1);
    gone = dg__calloc((size_t)(n + 1), 1);
    joins = dg__malloc((size_t)n * sizeof *joins);
    if (!cand || !parent || !degree || !head || !queue || !anchored || !gone || !joins) goto oom;
    bool any_room = false;
    for (size_t s = 0; s < cells; s++)
        if (lab[s] && (b->cell[s] & DG_ROOM)) {
            anchored[lab[s]] = 1;
            any_room = true;
        }
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
                if (nc == cap && dg__grow((void **)&cand, &cap, nc + 1, sizeof *cand, NULL, NULL) != DG_OK)
                    goto oom;
                cand[nc++] = (knock){(uint32_t)((size_t)r * (size_t)b->cols + (size_t)c), (uint8_t)d};
            }
        }
    }
    for (long k = 0; k <= n; k++) {
        parent[k] = (int32_t)k;
        head[k] = -1;
    }
    /* random order, so the joins are spread over the map, Kruskal-style */
    dg__shuffle(&b->rng, cand, nc, sizeof *cand);
    for (size_t k = 0; k < nc && rc == DG_OK; k++) {
        int r = (int)(cand[k].at / (uint32_t)b->cols), c = (int)(cand[k].at % (uint32_t)b->cols);
        dg_dir d = (dg_dir)cand[k].dir;
        size_t a = (size_t)(r - dg_dir_dy(d)) * (size_t)b->cols + (size_t)(c - dg_dir_dx(d));
        size_t z = (size_t)(r + dg_dir_dy(d)) * (size_t)b->cols + (size_t)(c + dg_dir_dx(d));
        int32_t ra = dg__uf_find(parent, lab[a]), rz = dg__uf_find(parent, lab[z]);
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
        int32_t root = dg__uf_find(parent, (int32_t)k);
        if (best < 0 || sizes[root] > sizes[best]) best = root;
    }
    for (size_t s = 0; s < cells; s++) {
        if (!lab[s] || (!gone[lab[s]] && dg__uf_find(parent, lab[s]) == best)) continue;
        b->cell[s] &= ~(DG_OPENSPACE | DG_ROOM_ID | DG_DOORSPACE | DG_ENTRANCE);
    }
    goto done;
oom:
    rc = dg__nomem(err, "joining regions");
done:
    dg__free(cand);
    dg__free(joins);
    dg__free(parent);
    dg__free(degree);
    dg__free(head);
    dg__free(queue);
    dg__free(anchored);
    dg__free(gone);
    dg__free(sizes);
    dg__free(lab);
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
            if (paired && !exit_depth(b, dg_dir_opposite(edge), at)) continue;
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
                rc = dig_exit(b, dg_dir_opposite(edge), at, err);
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
