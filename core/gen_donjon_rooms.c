/* gen_donjon_rooms.c -- room placement for the donjon family: the five room layouts
 * (sparse, scattered, dense, symmetric, complex) and polymorph shapes.
 * Rooms sit on nodes, so their boxes are odd-sized on odd coordinates; a
 * node-level reservation map keeps boxes disjoint, which leaves at least one
 * wall cell between any two rooms. Doors and corridors are left to others. */
#include <stdlib.h>
#include <string.h>

#include "dg_int.h"

/* Regular polygons, 4..8 sides, stretched to fill a [-4096, 4096] box
 * (x, y; y down). Fixed integers: every machine agrees on every cell. */
static const int poly_v[5][8][2] = {
    {{0, -4096}, {4096, 0}, {0, 4096}, {-4096, 0}},
    {{0, -4096}, {4096, -967}, {2531, 4096}, {-2531, 4096}, {-4096, -967}},
    {{2048, -4096}, {4096, 0}, {2048, 4096}, {-2048, 4096}, {-4096, 0}, {-2048, -4096}},
    {{0, -4096}, {3285, -2473}, {4096, 1172}, {1823, 4096}, {-1823, 4096}, {-4096, 1172},
     {-3285, -2473}},
    {{1697, -4096}, {4096, -1697}, {4096, 1697}, {1697, 4096}, {-1697, 4096}, {-4096, 1697},
     {-4096, -1697}, {-1697, -4096}},
};

bool dg__shape_contains(const dg__room *rm, int r, int c)
{
    int w = rm->c2 - rm->c1 + 1, h = rm->r2 - rm->r1 + 1;
    int x = c - rm->c1, y = r - rm->r1;
    if (x < 0 || y < 0 || x >= w || y >= h) return false;
    if (rm->shape == DG_SHAPE_RECT || rm->shape == DG_SHAPE_COMPOSITE) return true;
    if (rm->mirrored) x = w - 1 - x;
    /* the middle row and column always belong: the box stays tight and odd,
     * and every part of the shape reaches the centre */
    if (2 * x + 1 == w || 2 * y + 1 == h) return true;
    /* doubled offsets from the centre, so half cells stay integers */
    long dx = 2L * x + 1 - w, dy = 2L * y + 1 - h;
    if (rm->shape == DG_SHAPE_CIRCLE)
        return dx * dx * h * h + dy * dy * w * w <= (long)w * w * h * h + (long)w * h * (w > h ? w : h);
    /* polygon, inflated by half a cell so the edges reach the box */
    const int (*v)[2] = poly_v[rm->sides - 4];
    long px = dx * 4096, py = dy * 4096;
    for (int k = 0; k < rm->sides; k++) {
        int k2 = (k + 1) % rm->sides;
        long ax = (long)v[k][0] * (w + 1), ay = (long)v[k][1] * (h + 1);
        long bx = (long)v[k2][0] * (w + 1), by = (long)v[k2][1] * (h + 1);
        long ex = bx - ax, ey = by - ay;
        long side_p = ex * (py - ay) - ey * (px - ax);
        long side_o = ex * (0 - ay) - ey * (0 - ax);
        if ((side_p < 0 && side_o > 0) || (side_p > 0 && side_o < 0)) return false;
    }
    return true;
}

/* ------------------------------------------------------------ placement */

typedef struct {
    dg__build *b;
    uint16_t *resv;          /* node -> room id whose box holds it, 0 free */
    int base, radix;         /* room side in nodes: base + below(radix) */
} placer;

typedef struct {
    int i, j, hn, wn;        /* node box */
    dg_shape shape;
    int sides;
    bool mirrored;
} proto;

/* Room rows are a few cells and a box a few nodes wide: a plain loop per
 * row beats gcc's vectorised one, whose set-up costs more than the stores
 * it saves (45x23: 1.3k of a map's instructions). */
#if defined(__GNUC__) && !defined(__clang__)
#define DG__SHORT_ROWS __attribute__((optimize("no-tree-vectorize")))
#else
#define DG__SHORT_ROWS
#endif

/* Owner `id` into every node of pr's box, room word `word` into every cell
 * of the cell box r1..r2, c1..c2 (a new rectangle: bare rock until now). */
DG__SHORT_ROWS static void fill_box(placer *p, const proto *pr, uint16_t id, const dg__room *rm, uint32_t word)
{
    dg__build *b = p->b;
    for (int i = pr->i; i < pr->i + pr->hn; i++) {
        uint16_t *owners = p->resv + (size_t)i * (size_t)b->nj;
        for (int j = pr->j; j < pr->j + pr->wn; j++) owners[j] = id;
    }
    if (!word) return;
    /* two cells a store (both halves are the same word, so byte order does
     * not matter); rows are an odd number of cells, so one is left over */
    const uint64_t two = (uint64_t)word << 32 | word;
    const int width = rm->c2 - rm->c1 + 1;
    for (int r = rm->r1; r <= rm->r2; r++) {
        uint32_t *row = dg__at(b, r, rm->c1);
        int k = 0;
        for (; k + 1 < width; k += 2) memcpy(row + k, &two, sizeof two);
        if (k < width) row[k] = word;
    }
}

/* Room id placed (>0), or 0 when the box is off the map, blocked or taken.
 * join > 0: the box must overlap room `join` (and nothing else) and its
 * cells are added to that room. */
static int try_place(placer *p, const proto *pr, int join, dg_error *err, dg_status *rc)
{
    dg__build *b = p->b;
    if (pr->hn < 1 || pr->wn < 1 || pr->i < 0 || pr->j < 0 || pr->i + pr->hn > b->ni ||
        pr->j + pr->wn > b->nj)
        return 0;
    /* the box is on the map (tested above), so rows are read directly; an
     * open layout blocks nothing */
    bool touches = false, masked = b->o->layout != DG_LAYOUT_SQUARE && b->o->layout != DG_LAYOUT_RECTANGLE;
    if (!masked && !join) {
        /* the common case (a new room on an open layout): any owner at
         * all refuses the box, one test a node that stops at the first */
        for (int i = pr->i; i < pr->i + pr->hn; i++) {
            const uint16_t *owners = p->resv + (size_t)i * (size_t)b->nj;
            for (int j = pr->j; j < pr->j + pr->wn; j++)
                if (owners[j]) return 0;
        }
    } else {
        for (int i = pr->i; i < pr->i + pr->hn; i++) {
            const uint16_t *owners = p->resv + (size_t)i * (size_t)b->nj;
            const uint32_t *row = b->cell + (size_t)(2 * i + 1) * (size_t)b->cols + 1;
            for (int j = pr->j; j < pr->j + pr->wn; j++) {
                if (masked && (row[2 * j] & DG_BLOCKED)) return 0;
                if (owners[j] && owners[j] != join) return 0;
                touches |= owners[j] && owners[j] == join;
            }
        }
    }
    if (join && !touches) return 0;
    if (!join && b->n_room >= DG_MAX_ROOMS) return 0;

    int id = join;
    dg__room rm = {
        .r1 = 2 * pr->i + 1, .c1 = 2 * pr->j + 1,
        .r2 = 2 * (pr->i + pr->hn) - 1, .c2 = 2 * (pr->j + pr->wn) - 1,
        .shape = pr->shape, .sides = pr->sides, .mirrored = pr->mirrored, .alive = true,
    };
    if (!join) {
        if ((*rc = dg__add_room(b, &rm, err)) != DG_OK) return 0;
        id = (int)b->n_room;
    } else {
        dg__room *host = &b->room[id - 1];
        host->shape = DG_SHAPE_COMPOSITE;
        if (rm.r1 < host->r1) host->r1 = rm.r1;
        if (rm.c1 < host->c1) host->c1 = rm.c1;
        if (rm.r2 > host->r2) host->r2 = rm.r2;
        if (rm.c2 > host->c2) host->c2 = rm.c2;
    }
    uint32_t word = DG_ROOM | ((uint32_t)id << DG_ROOM_ID_SHIFT);
    bool full = rm.shape == DG_SHAPE_RECT || rm.shape == DG_SHAPE_COMPOSITE;
    /* a new full room's box is bare rock: the reservation kept every other
     * room out of it and walls come later */
    fill_box(p, pr, (uint16_t)id, &rm, full && !join ? word : 0u);
    for (int r = rm.r1; r <= rm.r2 && !(full && !join); r++) {
        uint32_t *row = dg__at(b, r, 0);
        if (full) {
            for (int c = rm.c1; c <= rm.c2; c++) row[c] = (row[c] & ~DG_ROOM_ID) | word;
            continue;
        }
        for (int c = rm.c1; c <= rm.c2; c++)
            if (dg__shape_contains(&rm, r, c)) row[c] = (row[c] & ~DG_ROOM_ID) | word;
    }
    return id;
}

/* Side length in nodes; `room` caps it to what fits from node `at` on, as
 * the dense layout does when it walks the map. */
static int draw_side(placer *p, int n, int at)
{
    int radix = p->radix;
    if (at >= 0) {
        int room = n - p->base - at;
        if (room < 0) room = 0;
        if (room < radix) radix = room;
    }
    return p->base + (int)dg__rng_below(&p->b->rng, (uint32_t)radix);
}

/* Polymorph: some rooms become circles or 4..8-sided polygons. Shapes need
 * at least 3 nodes (5 cells) a side to read as shapes at all. */
static void draw_shape(placer *p, proto *pr)
{
    static const int share[DG_POLY_COUNT] = {0, 30, 75};
    int pct = share[p->b->o->polymorph];
    pr->shape = DG_SHAPE_RECT;
    pr->sides = 0;
    if (pct == 0 || !dg__rng_percent(&p->b->rng, pct)) return;
    if (pr->hn < 3 || pr->wn < 3) return;
    uint32_t pick = dg__rng_below(&p->b->rng, 6);
    if (pick < 2) {
        pr->shape = DG_SHAPE_CIRCLE;
        if (pr->wn > pr->hn) pr->wn = pr->hn; /* circles are round */
        else pr->hn = pr->wn;
    } else {
        pr->shape = DG_SHAPE_POLYGON;
        pr->sides = 4 + (int)dg__rng_below(&p->b->rng, 5);
    }
}

static dg_status scatter(placer *p, long attempts, bool mirror, dg_error *err)
{
    dg__build *b = p->b;
    dg_status rc = DG_OK;
    for (long k = 0; k < attempts && rc == DG_OK; k++) {
        proto pr = {0};
        pr.hn = draw_side(p, b->ni, -1);
        pr.wn = draw_side(p, b->nj, -1);
        draw_shape(p, &pr);
        if (b->ni - pr.hn <= 0 || b->nj - pr.wn <= 0) continue;
        pr.i = (int)dg__rng_below(&b->rng, (uint32_t)(b->ni - pr.hn));
        pr.j = (int)dg__rng_below(&b->rng, (uint32_t)(b->nj - pr.wn));
        if (!mirror) {
            try_place(p, &pr, 0, err, &rc);
            continue;
        }
        /* symmetric: the room and its mirror image across the vertical axis,
         * both or neither; a room that meets its mirror becomes one room */
        proto mi = pr;
        mi.j = b->nj - pr.j - pr.wn;
        mi.mirrored = !pr.mirrored;
        if (mi.j < pr.j + pr.wn && pr.j < mi.j + mi.wn) {
            proto one = pr;
            one.j = pr.j < mi.j ? pr.j : mi.j;
            one.wn = b->nj - 2 * one.j;
            if (one.shape == DG_SHAPE_CIRCLE && one.wn != one.hn) one.shape = DG_SHAPE_RECT;
            try_place(p, &one, 0, err, &rc);
            continue;
        }
        /* both boxes must be free before either is taken */
        size_t before = b->n_room;
        if (try_place(p, &pr, 0, err, &rc) && rc == DG_OK && !try_place(p, &mi, 0, err, &rc)) {
            /* undo the first: clear its cells and reservation */
            dg__room *rm = &b->room[before];
            for (int r = rm->r1; r <= rm->r2; r++)
                for (int c = rm->c1; c <= rm->c2; c++)
                    if (dg__room_id(*dg__at(b, r, c)) == (int)before + 1)
                        *dg__at(b, r, c) &= ~(DG_ROOM | DG_ROOM_ID);
            for (int i = pr.i; i < pr.i + pr.hn; i++)
                for (int j = pr.j; j < pr.j + pr.wn; j++)
                    p->resv[(size_t)i * (size_t)b->nj + (size_t)j] = 0;
            b->n_room = before;
        }
    }
    return rc;
}

static dg_status pack(placer *p, dg_error *err)
{
    dg__build *b = p->b;
    dg_status rc = DG_OK;
    for (int i = 0; i < b->ni && rc == DG_OK; i++) {
        for (int j = 0; j < b->nj && rc == DG_OK; j++) {
            if (p->resv[(size_t)i * (size_t)b->nj + (size_t)j]) continue;
            /* ragged edges: skip half the first row and column */
            if ((i == 0 || j == 0) && dg__rng_below(&b->rng, 2)) continue;
            proto pr = {.i = i, .j = j};
            pr.hn = draw_side(p, b->ni, i);
            pr.wn = draw_side(p, b->nj, j);
            draw_shape(p, &pr);
            try_place(p, &pr, 0, err, &rc);
        }
    }
    return rc;
}

/* Complex rooms: a small centre room, then small rooms thrown ever further
 * around it; those that overlap the complex join it. */
static dg_status complexes(placer *p, long count, dg_error *err)
{
    dg__build *b = p->b;
    dg_status rc = DG_OK;
    int avg = p->base + (p->radix - 1) / 2;
    int parts = 2 + (avg * avg) / 3;
    for (long k = 0; k < count && rc == DG_OK; k++) {
        proto core = {.shape = DG_SHAPE_RECT};
        core.hn = 2 + (int)dg__rng_below(&b->rng, 2);
        core.wn = 2 + (int)dg__rng_below(&b->rng, 2);
        if (b->ni - core.hn <= 0 || b->nj - core.wn <= 0) continue;
        core.i = (int)dg__rng_below(&b->rng, (uint32_t)(b->ni - core.hn));
        core.j = (int)dg__rng_below(&b->rng, (uint32_t)(b->nj - core.wn));
        int id = try_place(p, &core, 0, err, &rc);
        if (!id) continue;
        int ci = core.i + core.hn / 2, cj = core.j + core.wn / 2;
        int joined = 0;
        for (int t = 0; t < parts * 4 && joined < parts && rc == DG_OK; t++) {
            int spread = 1 + t / 3;
            if (spread > avg) spread = avg;
            proto part = {.shape = DG_SHAPE_RECT};
            part.hn = 2 + (int)dg__rng_below(&b->rng, 2);
            part.wn = 2 + (int)dg__rng_below(&b->rng, 2);
            part.i = ci - part.hn / 2 + (int)dg__rng_below(&b->rng, (uint32_t)(2 * spread + 1)) - spread;
            part.j = cj - part.wn / 2 + (int)dg__rng_below(&b->rng, (uint32_t)(2 * spread + 1)) - spread;
            if (try_place(p, &part, id, err, &rc)) joined++;
        }
    }
    return rc;
}

/* Parts of a complex can enclose wall cells between them; those become
 * floor, so each room is one piece with one outline and no holes. */
static dg_status fill_holes(dg__build *b, int id, dg_error *err)
{
    const dg__room *rm = &b->room[id - 1];
    int h = rm->r2 - rm->r1 + 3, w = rm->c2 - rm->c1 + 3;
    unsigned char *out = dg__calloc((size_t)h * (size_t)w, 1);
    int *queue = dg__malloc((size_t)h * (size_t)w * sizeof *queue);
    if (!out || !queue) {
        dg__free(out);
        dg__free(queue);
        return dg__nomem(err, "placing rooms");
    }
    /* flood the box's margin inwards through everything not this room */
    size_t head = 0, tail = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (y == 0 || x == 0 || y == h - 1 || x == w - 1) {
                out[y * w + x] = 1;
                queue[tail++] = y * w + x;
            }
    while (head < tail) {
        int at = queue[head++], y = at / w, x = at % w;
        for (int d = 0; d < 4; d++) {
            int ny = y + dg_dir_dy((dg_dir)d), nx = x + dg_dir_dx((dg_dir)d);
            if (ny < 0 || nx < 0 || ny >= h || nx >= w || out[ny * w + nx]) continue;
            uint32_t c = dg__get(b, rm->r1 - 1 + ny, rm->c1 - 1 + nx);
            if ((c & DG_ROOM) && dg__room_id(c) == id) continue;
            out[ny * w + nx] = 1;
            queue[tail++] = ny * w + nx;
        }
    }
    for (int y = 1; y < h - 1; y++)
        for (int x = 1; x < w - 1; x++)
            if (!out[y * w + x])
                *dg__at(b, rm->r1 - 1 + y, rm->c1 - 1 + x) =
                    DG_ROOM | ((uint32_t)id << DG_ROOM_ID_SHIFT);
    dg__free(out);
    dg__free(queue);
    return DG_OK;
}

/* Every non-room cell touching a room (8 ways) becomes that room's wall. */
static void ring_rooms(dg__build *b)
{
    for (size_t k = 0; k < b->n_room; k++) {
        const dg__room *rm = &b->room[k];
        if (rm->shape == DG_SHAPE_RECT) {
            /* a full box: its ring is exactly the border around it, clipped
             * to the map once rather than tested cell by cell; PERIMETER
             * where not ROOM, without a branch */
            _Static_assert(DG_PERIMETER == DG_ROOM << 3, "room bit shifts onto the wall bit");
            int c1 = rm->c1 - 1 > 0 ? rm->c1 - 1 : 0, c2 = rm->c2 + 1 < b->cols - 1 ? rm->c2 + 1 : b->cols - 1;
            bool west = rm->c1 - 1 >= 0, east = rm->c2 + 1 <= b->cols - 1;
            for (int r = rm->r1 - 1; r <= rm->r2 + 1; r += rm->r2 - rm->r1 + 2) {
                if (r < 0 || r > b->rows - 1) continue;
                uint32_t *row = dg__at(b, r, 0);
                for (int c = c1; c <= c2; c++) row[c] |= DG_PERIMETER & ~(row[c] << 3);
            }
            for (int r = rm->r1 > 0 ? rm->r1 : 0; r <= rm->r2 && r < b->rows; r++) {
                uint32_t *row = dg__at(b, r, 0);
                if (west) row[c1] |= DG_PERIMETER & ~(row[c1] << 3);
                if (east) row[c2] |= DG_PERIMETER & ~(row[c2] << 3);
            }
            continue;
        }
        for (int r = rm->r1 - 1; r <= rm->r2 + 1; r++) {
            for (int c = rm->c1 - 1; c <= rm->c2 + 1; c++) {
                if (!dg__in(b, r, c) || (*dg__at(b, r, c) & DG_ROOM)) continue;
                bool near = false;
                for (int dr = -1; dr <= 1 && !near; dr++)
                    for (int dc = -1; dc <= 1 && !near; dc++)
                        near = (dg__get(b, r + dr, c + dc) & DG_ROOM) != 0;
                if (near) *dg__at(b, r, c) |= DG_PERIMETER;
            }
        }
    }
}

dg_status dg__place_rooms(dg__build *b, dg_error *err)
{
    const dg_options *o = b->o;
    placer p = {.b = b};
    /* rooms larger than the map shrink to fit rather than fail */
    int fit = 2 * (b->ni < b->nj ? b->ni : b->nj) - 1;
    int max = o->room_max < fit ? o->room_max : fit;
    int min = o->room_min < max ? o->room_min : max;
    p.base = (min + 1) / 2;
    p.radix = (max - min) / 2 + 1;
    size_t nodes = (size_t)b->ni * (size_t)b->nj;
    p.resv = dg__scratch(b, nodes * sizeof *p.resv);
    if (!p.resv) return dg__nomem(err, "placing rooms");
    memset(p.resv, 0, nodes * sizeof *p.resv);

    long area = (long)(b->rows - 1) * (b->cols - 1);
    long n = area / ((long)max * max);
    dg_status rc;
    switch (o->rooms) {
    case DG_ROOMS_SPARSE:    rc = scatter(&p, n / 4 > 2 ? n / 4 : 2, false, err); break;
    case DG_ROOMS_DENSE:     rc = pack(&p, err); break;
    case DG_ROOMS_SYMMETRIC: rc = scatter(&p, n / 2 > 1 ? n / 2 : 1, true, err); break;
    case DG_ROOMS_COMPLEX:   rc = complexes(&p, n > 1 ? n : 1, err); break;
    case DG_ROOMS_SCATTERED:
    default:                 rc = scatter(&p, n > 1 ? n : 1, false, err); break;
    }
    for (size_t k = 0; k < b->n_room && rc == DG_OK; k++)
        if (b->room[k].shape == DG_SHAPE_COMPOSITE) rc = fill_holes(b, (int)k + 1, err);
    if (rc == DG_OK) ring_rooms(b);
    return rc;
}
