/* cycles_work.c -- the walks' workspace (core/cycles.c, cycles_shut.c,
 * the cave gate): one block holding every buffer a lock-and-key search
 * needs, sized to the map, and each cell's open sides (w->sides), the
 * table every walk steps by, worked out for the whole map at once. */
#include "dg_int.h"
#include "cycles_int.h"

void dg__cyc_work_free(cyc_work *w) { dg__free(w->block); }

/* The next n items of `size` bytes at *off in block (NULL: only counts),
 * each part 8-byte aligned. */
static void *carve(char *block, size_t *off, size_t n, size_t size)
{
    void *p = block ? block + *off : NULL;
    *off += (n * size + 7u) & ~(size_t)7u;
    return p;
}

/* Points w's buffers into block (NULL: only counts); the bytes it takes,
 * the first `*zeroed` of them to be cleared (shut, alone; mark is cleared
 * by its first search, dg__cyc_meets_entrance: most walks never stamp). */
static size_t lay_out(const dg_dungeon *d, cyc_work *w, char *block, size_t *zeroed)
{
    size_t cells = (size_t)d->width * (size_t)d->height, rooms = d->n_rooms + 1,
           doors = d->n_doors ? d->n_doors : 1, off = 0;
    w->shut = carve(block, &off, cells, 1);
    w->alone = carve(block, &off, cells, 1);
    *zeroed = off;
    w->mark = carve(block, &off, cells, sizeof *w->mark);
    w->dist = carve(block, &off, cells, sizeof *w->dist);
    w->parent = carve(block, &off, cells, sizeof *w->parent);
    /* slots past the last cell: the walks without branches write the
     * queue's next slot whatever it holds, and the ringed walk from the
     * entrance the next four of seen[] (the cells met from) */
    w->queue = carve(block, &off, cells + 1, sizeof *w->queue);
    w->seen = carve(block, &off, cells + 4, sizeof *w->seen);
    w->back = carve(block, &off, cells, sizeof *w->back);
    w->steps = carve(block, &off, rooms, sizeof *w->steps);
    w->shut_steps = carve(block, &off, rooms, sizeof *w->shut_steps);
    w->back_steps = carve(block, &off, rooms, sizeof *w->back_steps);
    w->ways = carve(block, &off, rooms, sizeof *w->ways);
    w->key_head = carve(block, &off, rooms, sizeof *w->key_head);
    w->key_next = carve(block, &off, doors, sizeof *w->key_next);
    w->sides = carve(block, &off, cells, 1);
    w->open = carve(block, &off, cells + 2 * ((size_t)d->width + 1) + 8, 1);
    w->unmet = carve(block, &off, cells + 2 * ((size_t)d->width + 1) + 8, 1);
    return off;
}

bool dg__cyc_work_new(const dg_dungeon *d, cyc_work *w)
{
    *w = (cyc_work){0};
    size_t zeroed, bytes = lay_out(d, w, NULL, &zeroed);
    w->block = dg__malloc(bytes);
    if (!w->block) return false;
    lay_out(d, w, w->block, &zeroed);
    memset(w->block, 0, zeroed);
    w->now = UINT32_MAX; /* the first stamp wraps to 0 and clears mark */
    return true;
}

/* w->sides of cell k, from the map as it stands. */
unsigned char dg__cyc_sides_of(const dg_dungeon *d, size_t k)
{
    int x = (int)(k % (size_t)d->width), y = (int)(k / (size_t)d->width);
    return (unsigned char)((x > 0 && (d->cells[k - 1] & DG_OPENSPACE) ? 1 : 0) |
                           (x < d->width - 1 && (d->cells[k + 1] & DG_OPENSPACE) ? 2 : 0) |
                           (y > 0 && (d->cells[k - (size_t)d->width] & DG_OPENSPACE) ? 4 : 0) |
                           (y < d->height - 1 && (d->cells[k + (size_t)d->width] & DG_OPENSPACE) ? 8 : 0));
}

/* Each cell open (1) or not (0): a loop gcc does sixteen cells at a time
 * when let (at -O2 it went cell by cell: a quarter of the walk's
 * instructions on a 45x23 map; DG__VECTORISED, dg_int.h). */
static inline __attribute__((always_inline)) void open_run(const uint32_t *restrict cells,
                                                          unsigned char *restrict open, size_t n)
{
    for (size_t c = 0; c < n; c++) open[c] = (cells[c] & DG_OPENSPACE) != 0;
}

DG__VECTORISED static void open_plain(const uint32_t *restrict cells, unsigned char *restrict open, size_t n)
{
    open_run(cells, open, n);
}

#ifdef DG__AVX2
/* eight cells a step where the CPU has AVX2 (chosen at run time) */
DG__AVX2 DG__VECTORISED static void open_wide(const uint32_t *restrict cells, unsigned char *restrict open, size_t n)
{
    open_run(cells, open, n);
}
#endif

void dg__cyc_sides_all(const dg_dungeon *d, cyc_work *w)
{
    /* sides_of for every cell, eight at a time: each cell's open byte (0
     * or 1) shifted to its side's bit, a 64-bit word holding eight cells'
     * (a byte never carries into the next); the row before and after
     * padded with closed cells, and on the west and east edges, where a
     * row's neighbour in memory is none on the map, that side cleared. It was
     * a tenth of a stocked 45x23 map's instructions cell by cell. */
    size_t wd = (size_t)d->width, h = (size_t)d->height, cells = wd * h, k = 0;
    unsigned char *open = w->open + wd + 1, *out = w->sides;
    memset(w->open, 0, wd + 1);
    memset(open + cells, 0, wd + 1 + 8);
    DG__BY_CPU(open, d->cells, open, cells);
    for (; k + 8 <= cells; k += 8) {
        uint64_t we, ea, no, so;
        memcpy(&we, open + k - 1, 8);
        memcpy(&ea, open + k + 1, 8);
        memcpy(&no, open + k - wd, 8);
        memcpy(&so, open + k + wd, 8);
        uint64_t v = we | ea << 1 | no << 2 | so << 3;
        memcpy(out + k, &v, 8);
    }
    for (; k < cells; k++)
        out[k] = (unsigned char)(open[k - 1] | open[k + 1] << 1 | open[k - wd] << 2 | open[k + wd] << 3);
    /* the west and east edges: the neighbour in memory across the edge
     * (the row before's last cell, the row after's first) is none on the
     * map; north and south are right already (the padding) */
    for (size_t y = 0; y < h; y++) {
        out[y * wd] &= (unsigned char)~1u;
        out[y * wd + wd - 1] &= (unsigned char)~2u;
    }
    w->step[0] = -1;
    w->step[1] = 1;
    w->step[2] = -d->width;
    w->step[3] = d->width;
}
