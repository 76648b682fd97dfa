/* finish.c -- turns the builder into a finished dg_dungeon: working bits
 * cleared, rooms that lost every cell dropped and the rest renumbered 1..n,
 * walls re-ringed, room numbers written as labels, outlines traced for shaped
 * rooms, and door/stair/exit lists checked against the cells. */
#include <stdlib.h>
#include <string.h>

#include "dg_int.h"
#ifdef DG__AVX2
#include <immintrin.h>
#endif

/* ---------------------------------------------------------------- outline */

/* The boundary of room `id`'s cells as a clockwise polygon of cell corners,
 * corners only. Traced from the top-left corner of its first cell, turning
 * right first where two cells meet at a point, so the loop stays simple. */
dg_status dg__trace_outline(const dg_dungeon *d, const dg_room *rm, dg_point **out,
                            size_t *n_out, dg_error *err)
{
    int x0 = rm->x, y0 = rm->y, w = rm->width, h = rm->height;
    int vw = w + 1;
    size_t nv = (size_t)vw * (size_t)(h + 1);
    /* per vertex: bit set per outgoing edge direction (N, S, W, E) */
    unsigned char *edge = dg__calloc(nv, 1);
    size_t cap = 64, n = 0;
    dg_point *pts = dg__malloc(cap * sizeof *pts);
    if (!edge || !pts) {
        dg__free(edge);
        dg__free(pts);
        return dg__nomem(err, "tracing rooms");
    }
    /* open cells with the id: a room's floor, or a cave chamber's (corridor
     * cells that carry its id); door cells carry none */
#define IN(x, y) (dg__room_id(dg_cell(d, x0 + (x), y0 + (y))) == rm->id && \
                  (dg_cell(d, x0 + (x), y0 + (y)) & DG_OPENSPACE))
#define V(x, y) ((size_t)(y) * (size_t)vw + (size_t)(x))
    int sx = -1, sy = -1;
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            if (!IN(x, y)) continue;
            if (sx < 0) {
                sx = x;
                sy = y;
            }
            if (!IN(x, y - 1)) edge[V(x, y)] |= 1u << DG_DIR_EAST;
            if (!IN(x + 1, y)) edge[V(x + 1, y)] |= 1u << DG_DIR_SOUTH;
            if (!IN(x, y + 1)) edge[V(x + 1, y + 1)] |= 1u << DG_DIR_WEST;
            if (!IN(x - 1, y)) edge[V(x, y + 1)] |= 1u << DG_DIR_NORTH;
        }
    }
#undef IN
    /* right turn of each heading: N->E, S->W, W->N, E->S */
    static const dg_dir right[4] = {DG_DIR_EAST, DG_DIR_WEST, DG_DIR_NORTH, DG_DIR_SOUTH};
    int x = sx, y = sy;
    dg_dir heading = DG_DIR_EAST;
    dg_status rc = DG_OK;
    while (sx >= 0) {
        dg_dir options[3] = {right[heading], heading, dg_dir_opposite(right[heading])};
        int k;
        for (k = 0; k < 3; k++)
            if (edge[V(x, y)] & (1u << options[k])) break;
        if (k == 3) break; /* back at the start: every edge used */
        dg_dir next = options[k];
        edge[V(x, y)] &= (unsigned char)~(1u << next);
        if (n == 0 || next != heading) {
            if (n == cap && (rc = dg__grow((void **)&pts, &cap, n + 1, sizeof *pts, "tracing rooms", err)) != DG_OK)
                break;
            pts[n++] = (dg_point){x0 + x, y0 + y};
        }
        heading = next;
        x += dg_dir_dx(next);
        y += dg_dir_dy(next);
    }
#undef V
    dg__free(edge);
    if (rc != DG_OK) {
        dg__free(pts);
        return rc;
    }
    *out = pts;
    *n_out = n;
    return DG_OK;
}

/* ------------------------------------------------------------------ labels */

static bool fits(const dg_dungeon *d, const dg_room *rm, int x, int y, int len)
{
    for (int k = 0; k < len; k++) {
        uint32_t w = dg_cell(d, x + k, y);
        if (!(w & DG_ROOM) || dg__room_id(w) != rm->id) return false;
    }
    return true;
}

static void label_room(dg_dungeon *d, const dg_room *rm)
{
    char text[8];
    int len = 0;
    for (int v = rm->id; v > 0 && len < 7; v /= 10) text[len++] = (char)('0' + v % 10);
    /* centre of the box, or for a composite room the room node nearest it */
    int cy = rm->y + rm->height / 2, cx = rm->x + rm->width / 2;
    if (dg__room_id(dg_cell(d, cx, cy)) != rm->id || !(dg_cell(d, cx, cy) & DG_ROOM)) {
        long best = -1;
        for (int y = rm->y; y < rm->y + rm->height; y++)
            for (int x = rm->x; x < rm->x + rm->width; x++) {
                uint32_t w = dg_cell(d, x, y);
                if (!(w & DG_ROOM) || dg__room_id(w) != rm->id) continue;
                long dist = (long)(x - cx) * (x - cx) + (long)(y - cy) * (y - cy);
                if (best < 0 || dist < best) {
                    best = dist;
                    cy = y;
                    cx = x;
                }
            }
    }
    int start = cx - len / 2;
    /* shift sideways until every digit lands on this room's floor */
    for (int shift = 0; shift <= len; shift++) {
        if (fits(d, rm, start - shift, cy, len)) { start -= shift; break; }
        if (fits(d, rm, start + shift, cy, len)) { start += shift; break; }
    }
    for (int k = 0; k < len; k++) {
        int x = start + k;
        uint32_t w = dg_cell(d, x, cy);
        if (!(w & DG_ROOM) || dg__room_id(w) != rm->id) continue; /* too narrow: cut */
        d->cells[(size_t)cy * (size_t)d->width + (size_t)x] =
            (w & ~DG_LABEL) | ((uint32_t)(unsigned char)text[len - 1 - k] << DG_LABEL_SHIFT);
    }
}

/* ------------------------------------------------------------------ finish */

/* Cell words as clients see them, room ids as built: rooms keep ROOM and
 * their id, corridors their door and stair bits, the rest only PERIMETER.
 * Written without branches so the compiler can do it a vector at a time.
 * Returns how many room cells there are. */
static size_t clean_plain(uint32_t *cell, size_t n)
{
    _Static_assert(DG_ROOM == 2u && DG_CORRIDOR == 4u, "bit positions below");
    uint32_t rooms = 0; /* 32-bit lanes vectorise; a map has < 2^32 cells */
    for (size_t s = 0; s < n; s++) {
        uint32_t w = cell[s];
        uint32_t room = 0u - (w >> 1 & 1u), corr = 0u - (w >> 2 & 1u);
        uint32_t keep = DG_PERIMETER ^ (corr & ((DG_CORRIDOR | DG_DOORSPACE | DG_STAIRS) ^ DG_PERIMETER));
        keep ^= room & ((DG_ROOM | DG_ROOM_ID) ^ keep);
        cell[s] = w & keep;
        rooms += w >> 1 & 1u;
    }
    return rooms;
}

#ifdef DG__AVX2
/* clean_plain() eight cells a step where the CPU has AVX2: the bits to
 * keep are looked up by the ROOM and CORRIDOR bits in one lane permute
 * (vpermd), half the work of building them from masks. Without AVX2 the
 * permute has no instruction, so the others keep clean_plain(). */
DG__AVX2 static size_t clean_wide(uint32_t *cell, size_t n)
{
    const uint32_t room = DG_ROOM | DG_ROOM_ID, corr = DG_CORRIDOR | DG_DOORSPACE | DG_STAIRS;
    const __m256i keep = _mm256_setr_epi32(DG_PERIMETER, (int)room, (int)corr, (int)room, 0, 0, 0, 0); /* by bits 2..1 */
    const __m256i three = _mm256_set1_epi32(3), one = _mm256_set1_epi32(1);
    __m256i rooms = _mm256_setzero_si256();
    size_t s = 0;
    for (; s + 8 <= n; s += 8) {
        __m256i w = _mm256_loadu_si256((const __m256i *)(cell + s));
        __m256i kind = _mm256_and_si256(_mm256_srli_epi32(w, 1), three);
        w = _mm256_and_si256(w, _mm256_permutevar8x32_epi32(keep, kind));
        rooms = _mm256_add_epi32(rooms, _mm256_and_si256(kind, one));
        _mm256_storeu_si256((__m256i *)(cell + s), w);
    }
    uint32_t lanes[8];
    _mm256_storeu_si256((__m256i *)lanes, rooms);
    size_t total = clean_plain(cell + s, n - s);
    for (int k = 0; k < 8; k++) total += lanes[k];
    return total;
}
#endif

long dg__room_box_cells(const dg__build *b, int id)
{
    const dg__room *rm = &b->room[id - 1];
    int r1 = rm->r1 > 0 ? rm->r1 : 0, r2 = rm->r2 < b->rows - 1 ? rm->r2 : b->rows - 1;
    int c1 = rm->c1 > 0 ? rm->c1 : 0, c2 = rm->c2 < b->cols - 1 ? rm->c2 : b->cols - 1;
    uint32_t want = DG_ROOM | ((uint32_t)id << DG_ROOM_ID_SHIFT);
    long n = 0;
    for (int r = r1; r <= r2; r++) {
        const uint32_t *row = b->cell + (size_t)r * (size_t)b->cols;
        for (int c = c1; c <= c2; c++) n += (row[c] & (DG_ROOM | DG_ROOM_ID)) == want;
    }
    return n;
}

/* Cells of each room, count[1..n]. A room's cells normally lie in its box,
 * so only boxes are read; when the boxes do not account for every room
 * cell (a family drew outside one), every cell is counted instead. On the
 * donjon lattice no room ever has a cell outside its box, so a rectangle
 * that kept its whole box need not be read at all: if the room cells add up
 * to every rectangle's box plus what the other rooms hold, none lost any. */
static void count_room_cells(const dg__build *b, size_t room_cells, long *count)
{
    size_t seen = 0;
    for (int pass = b->lattice ? 0 : 1; pass < 2; pass++) {
        seen = 0;
        for (size_t k = 1; k <= b->n_room; k++) {
            const dg__room *rm = &b->room[k - 1];
            if (pass == 0 && rm->shape == DG_SHAPE_RECT) {
                count[k] = (long)(rm->r2 - rm->r1 + 1) * (rm->c2 - rm->c1 + 1);
                seen += (size_t)count[k];
                continue;
            }
            long n = dg__room_box_cells(b, (int)k);
            count[k] = n;
            seen += (size_t)n;
        }
        if (seen == room_cells) return;
    }
    size_t cells = (size_t)b->rows * (size_t)b->cols;
    for (size_t k = 0; k <= b->n_room; k++) count[k] = 0;
    for (size_t s = 0; s < cells; s++)
        if (b->cell[s] & DG_ROOM) count[dg__room_id(b->cell[s])]++;
}

/* Row-major order, stable (equal cells keep their order, as the merge sort
 * behind glibc's qsort did): insertion sort for the few doors of a small
 * map, runs of 32 merged bottom-up for big ones. */
/* Row-major order as one compare of (row, column) packed in 64 bits:
 * coordinates are never negative, and the two-field compare's first
 * branch is near random while doors are unsorted. */
static inline uint64_t door_key(const dg_door *x)
{
    return (uint64_t)(uint32_t)x->y << 32 | (uint32_t)x->x;
}
static bool door_before(const dg_door *x, const dg_door *y)
{
    return door_key(x) < door_key(y);
}

static void insertion_sort(dg_door *a, size_t n)
{
    for (size_t k = 1; k < n; k++) {
        dg_door t = a[k];
        size_t at = k;
        for (; at > 0 && door_before(&t, &a[at - 1]); at--) a[at] = a[at - 1];
        a[at] = t;
    }
}

static dg_status sort_doors(dg_door *a, size_t n, dg_error *err)
{
    const size_t run = 32;
    for (size_t k = 0; k < n; k += run) insertion_sort(a + k, n - k < run ? n - k : run);
    if (n <= run) return DG_OK;
    dg_door *tmp = dg__malloc(n * sizeof *tmp), *src = a, *dst = tmp;
    if (!tmp) return dg__nomem(err, "sorting doors");
    for (size_t width = run; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, o = lo;
            while (i < mid && j < hi) dst[o++] = door_before(&src[j], &src[i]) ? src[j++] : src[i++];
            while (i < mid) dst[o++] = src[i++];
            while (j < hi) dst[o++] = src[j++];
        }
        dg_door *t = src;
        src = dst;
        dst = t;
    }
    if (src != a) memcpy(a, src, n * sizeof *a);
    dg__free(tmp);
    return DG_OK;
}

/* The dungeon with its room, door, stair and exit arrays (room for `rooms`
 * ... `exits` of them, at least one each so no array is NULL) in one block,
 * arrays by falling alignment: one allocation per map where there were
 * five, and one free. Zeroed as far as the counts; the arrays are filled
 * by the caller. */
static dg_dungeon *new_packed(size_t rooms, size_t doors, size_t stairs, size_t exits)
{
    _Static_assert(_Alignof(dg_room) <= _Alignof(dg_dungeon) && _Alignof(dg_door) <= _Alignof(dg_room) &&
                       _Alignof(dg_stair) <= _Alignof(dg_door) && _Alignof(dg_exit) <= _Alignof(dg_stair),
                   "each array of the block is aligned by the one before");
    rooms += !rooms;
    doors += !doors;
    stairs += !stairs;
    exits += !exits;
    dg_dungeon *d = dg__malloc(sizeof *d + rooms * sizeof *d->rooms + doors * sizeof *d->doors +
                           stairs * sizeof *d->stairs + exits * sizeof *d->exits);
    if (!d) return NULL;
    memset(d, 0, sizeof *d);
    d->packed = true;
    d->rooms = (dg_room *)(d + 1);
    d->doors = (dg_door *)(d->rooms + rooms);
    d->stairs = (dg_stair *)(d->doors + doors);
    d->exits = (dg_exit *)(d->stairs + stairs);
    return d;
}

dg_status dg__finish(dg__build *b, dg_dungeon **out, dg_error *err)
{
    *out = NULL;
    /* renumbering and room cell counts: on the stack for all but huge maps */
    enum { LOCAL_ROOMS = 128 };
    int renum_local[LOCAL_ROOMS + 1];
    long count_local[LOCAL_ROOMS + 1];
    bool local = b->n_room <= LOCAL_ROOMS;
    int *renum = local ? renum_local : dg__calloc(b->n_room + 1, sizeof *renum);
    long *count = local ? count_local : dg__calloc(b->n_room + 1, sizeof *count);
    if (!renum || !count) {
        if (!local) {
            dg__free(renum);
            dg__free(count);
        }
        return dg__nomem(err, "finishing the map");
    }
    size_t cells = (size_t)b->rows * (size_t)b->cols;

    /* rooms that kept cells, in id order */
    count_room_cells(b, DG__BY_CPU(clean, b->cell, cells), count);
    int alive = 0;
    renum[0] = 0;
    for (size_t k = 1; k <= b->n_room; k++) renum[k] = count[k] > 0 ? ++alive : 0;
    /* a loops map's cave may take a gate after it is keyed (cave_gate.c):
     * a door slot for it */
    size_t gate = b->cave && b->o->loops != DG_LOOPS_NONE;
    dg_dungeon *d = new_packed((size_t)alive, b->n_door + gate, b->n_stair, b->n_exit);
    if (!d) {
        if (!local) {
            dg__free(renum);
            dg__free(count);
        }
        return dg__nomem(err, "finishing the map");
    }
    d->opts = *b->o;
    d->width = b->cols;
    d->height = b->rows;

    /* Walls already ring every room. When a room was dropped (its region
     * could not be joined), rooms are renumbered and walls are cleared and
     * drawn again round the rooms that stay. */
    bool rering = alive < (int)b->n_room;
    if (rering) {
        for (size_t s = 0; s < cells; s++) {
            uint32_t w = b->cell[s];
            if (w & DG_ROOM)
                b->cell[s] = DG_ROOM | ((uint32_t)renum[dg__room_id(w)] << DG_ROOM_ID_SHIFT);
            else if (!(w & DG_CORRIDOR))
                b->cell[s] = DG_NOTHING;
        }
    }
    d->cells = b->cell;
    b->cell = NULL;

    dg_status rc = DG_OK;
    for (size_t k = 1; k <= b->n_room; k++) {
        if (!renum[k]) continue;
        const dg__room *src = &b->room[k - 1];
        dg_room *rm = &d->rooms[d->n_rooms++];
        *rm = (dg_room){.id = renum[k], .x = src->c1, .y = src->r1,
                        .width = src->c2 - src->c1 + 1, .height = src->r2 - src->r1 + 1,
                        .area = (int)count[k], .shape = src->shape, .sides = src->sides};
        if (!rering) continue;
        for (int y = rm->y - 1; y <= rm->y + rm->height; y++)
            for (int x = rm->x - 1; x <= rm->x + rm->width; x++) {
                if (dg_cell(d, x, y) != DG_NOTHING) continue;
                if (x < 0 || y < 0 || x >= d->width || y >= d->height) continue;
                bool near = false;
                for (int dy = -1; dy <= 1 && !near; dy++)
                    for (int dx = -1; dx <= 1 && !near; dx++)
                        near = (dg_cell(d, x + dx, y + dy) & DG_ROOM) != 0;
                if (near) d->cells[(size_t)y * (size_t)d->width + (size_t)x] = DG_PERIMETER;
            }
    }
    for (size_t k = 0; k < d->n_rooms && rc == DG_OK; k++) {
        dg_room *rm = &d->rooms[k];
        if (rm->shape != DG_SHAPE_RECT || (long)rm->area != (long)rm->width * rm->height) {
            if (rm->shape == DG_SHAPE_RECT) rm->shape = DG_SHAPE_COMPOSITE;
            rc = dg__trace_outline(d, rm, &rm->outline, &rm->n_outline, err);
        }
    }
    if (rc != DG_OK) goto fail;
    for (size_t k = 0; k < d->n_rooms; k++) label_room(d, &d->rooms[k]);

    /* doors that a corridor actually passes through */
    for (size_t k = 0; k < b->n_door; k++) {
        const dg__door *src = &b->door[k];
        /* a door's own cell is on the map (its generator wrote the door
         * bit there), so it is read straight; the cell beyond may not be */
        uint32_t w = d->cells[(size_t)src->r * (size_t)d->width + (size_t)src->c];
        if (w != (DG_CORRIDOR | dg__door_bit(src->type)) || !renum[src->room]) continue;
        uint32_t beyond = dg_cell(d, src->c + dg_dir_dx(src->dir), src->r + dg_dir_dy(src->dir));
        d->doors[d->n_doors++] = (dg_door){
            .x = src->c, .y = src->r, .type = src->type, .dir = src->dir,
            .room = renum[src->room],
            .other = (beyond & DG_ROOM) ? dg__room_id(beyond) : 0,
        };
    }
    if ((rc = sort_doors(d->doors, d->n_doors, err)) != DG_OK) goto fail;

    for (size_t k = 0; k < b->n_stair; k++)
        if (dg_cell(d, b->stair[k].x, b->stair[k].y) & DG_STAIRS) d->stairs[d->n_stairs++] = b->stair[k];
    for (size_t k = 0; k < b->n_exit; k++)
        if (dg_cell(d, b->exit[k].x, b->exit[k].y) & DG_CORRIDOR) d->exits[d->n_exits++] = b->exit[k];

    d->cave = b->cave;
    b->cave = NULL;
    if (!local) {
        dg__free(renum);
        dg__free(count);
    }
    *out = d;
    return DG_OK;
fail:
    if (!local) {
        dg__free(renum);
        dg__free(count);
    }
    dg_dungeon_free(d);
    return rc;
}
