/* stock_fixture.h -- what the stocking tests share: small maps of every
 * family for a seed, the parameters spread over seeds (level = 1 + seed %
 * 20, party = 1 + seed / 20 % 8), and a walk of our own over the cells
 * (independent of stock/stock_paths.c) to check distances and keys by. */
#ifndef STOCK_FIXTURE_H
#define STOCK_FIXTURE_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dg_contents.h"

/* Seed s's map: family s % 6, 25 x 35 cells. */
static inline dg_dungeon *sf_map(uint64_t s)
{
    dg_options o;
    dg_error e = {0};
    const char *keys[] = {"algorithm", "rows", "cols"};
    const char *vals[] = {dg_algorithm_name((dg_algorithm)(s % DG_ALGO_COUNT)), "25", "35"};
    cr_assert_eq(dg_options_parse(&o, 3, keys, vals, NULL, &e), DG_OK, "%s", e.msg);
    dg_options_set_seed(&o, s);
    dg_dungeon *d = NULL;
    cr_assert_eq(dg_generate(&o, &d, &e), DG_OK, "seed %llu: %s", (unsigned long long)s, e.msg);
    return d;
}

static inline dg_stock_params sf_params(uint64_t s)
{
    dg_stock_params p;
    dg_stock_params_init(&p, s);
    p.level = 1 + (int)(s % 20);
    p.party = 1 + (int)(s / 20 % 8);
    return p;
}

static inline dg_contents *sf_stock(const dg_dungeon *d, const dg_stock_params *p)
{
    dg_contents *c = NULL;
    dg_error e = {0};
    cr_assert_eq(dg_contents_stock(d, p, &c, &e), DG_OK, "seed %llu: %s", (unsigned long long)p->seed, e.msg);
    cr_assert_not_null(c);
    return c;
}

/* Steps from `from` to every cell over open cells, never entering `shut`
 * (x, y; -1 for none) nor, with shut_locked, any locked door.
 * dist[y * w + x], -1 unreached; caller frees. */
static inline int *sf_walk_shut(const dg_dungeon *d, dg_point from, int shut_x, int shut_y, bool shut_locked)
{
    size_t n = (size_t)d->width * (size_t)d->height;
    int *dist = malloc(n * sizeof *dist), *queue = malloc(n * sizeof *queue);
    cr_assert(dist && queue);
    for (size_t i = 0; i < n; i++) dist[i] = -1;
    size_t head = 0, tail = 0;
    dist[from.y * d->width + from.x] = 0;
    queue[tail++] = from.y * d->width + from.x;
    while (head < tail) {
        int at = queue[head++], x = at % d->width, y = at / d->width;
        static const int dx[] = {1, -1, 0, 0}, dy[] = {0, 0, 1, -1};
        for (int k = 0; k < 4; k++) {
            int nx = x + dx[k], ny = y + dy[k];
            if (!dg_cell_open(dg_cell(d, nx, ny)) || (nx == shut_x && ny == shut_y)) continue;
            if (shut_locked && (dg_cell(d, nx, ny) & DG_LOCKED)) continue;
            int i = ny * d->width + nx;
            if (dist[i] >= 0) continue;
            dist[i] = dist[at] + 1;
            queue[tail++] = i;
        }
    }
    free(queue);
    return dist;
}

static inline int *sf_walk(const dg_dungeon *d, dg_point from, int shut_x, int shut_y)
{
    return sf_walk_shut(d, from, shut_x, shut_y, false);
}

/* The nearest cell of room id in a walk's distances, -1 when unreached. */
static inline int sf_room_distance(const dg_dungeon *d, const int *dist, int id)
{
    int best = -1;
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++) {
            uint32_t w = dg_cell(d, x, y);
            /* a room's floor, or a cave chamber's (corridor cells with its id) */
            if (!(w & DG_OPENSPACE) || (int)((w & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT) != id) continue;
            int v = dist[y * d->width + x];
            if (v >= 0 && (best < 0 || v < best)) best = v;
        }
    return best;
}

#endif
