/* enc_fixture.h -- a small dungeon built by hand for the encoder tests, so they
 * do not depend on the generator: 15x13 cells, four rooms (rect, rect,
 * circle, hexagon), every door type once (one door shared by two rooms),
 * both stairs and one exit. Freed with fx_free(), not dg_dungeon_free(). */
#ifndef ENC_FIXTURE_H
#define ENC_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include "render.h"

#define FX_W 15
#define FX_H 13

static inline void fx_set(dg_dungeon *d, int x, int y, uint32_t v)
{
    d->cells[y * d->width + x] = v;
}

/* Room cells carry ROOM|id; the ring around them becomes PERIMETER unless
 * something (a door) is already there. */
static inline void fx_room(dg_dungeon *d, int id, int x, int y, int w, int h, dg_shape shape,
                           int sides)
{
    dg_room *r = &d->rooms[id - 1];
    r->id = id;
    r->x = x;
    r->y = y;
    r->width = w;
    r->height = h;
    r->area = w * h;
    r->shape = shape;
    r->sides = sides;
    for (int j = y - 1; j <= y + h; j++)
        for (int i = x - 1; i <= x + w; i++) {
            bool inside = i >= x && i < x + w && j >= y && j < y + h;
            uint32_t *c = &d->cells[j * d->width + i];
            if (inside) *c = DG_ROOM | ((uint32_t)id << DG_ROOM_ID_SHIFT);
            else if (*c == 0) *c = DG_PERIMETER;
        }
    if (shape != DG_SHAPE_RECT) {
        /* the bounding box as the outline: enough for an encoder, which
         * copies points and never interprets them */
        r->n_outline = 4;
        r->outline = malloc(4 * sizeof *r->outline);
        r->outline[0] = (dg_point){x, y};
        r->outline[1] = (dg_point){x + w, y};
        r->outline[2] = (dg_point){x + w, y + h};
        r->outline[3] = (dg_point){x, y + h};
    }
}

static inline void fx_door(dg_dungeon *d, size_t i, int x, int y, dg_door_type t, dg_dir dir,
                           int room, int other)
{
    d->doors[i] = (dg_door){x, y, t, dir, room, other};
    fx_set(d, x, y, DG_CORRIDOR | dg_door_type_bit(t));
}

/* Options as a client would give them; seed 42 unless said otherwise. */
static inline dg_dungeon *fx_new_seeded(const char *seed)
{
    dg_dungeon *d = calloc(1, sizeof *d);
    const char *keys[] = {"seed", "rows", "cols"};
    const char *vals[] = {seed, "13", "15"};
    dg_error err;
    dg_error_clear(&err);
    if (dg_options_parse(&d->opts, 3, keys, vals, NULL, &err) != DG_OK) abort();
    d->width = FX_W;
    d->height = FX_H;
    d->cells = calloc(FX_W * FX_H, sizeof *d->cells);
    d->n_rooms = 4;
    d->rooms = calloc(4, sizeof *d->rooms);
    d->n_doors = 6;
    d->doors = calloc(6, sizeof *d->doors);
    d->n_stairs = 2;
    d->stairs = calloc(2, sizeof *d->stairs);
    d->n_exits = 1;
    d->exits = calloc(1, sizeof *d->exits);

    /* doors first, so the rooms' rings leave them alone; row-major order */
    fx_door(d, 0, 4, 2, DG_DOOR_ARCH, DG_DIR_EAST, 1, 0);
    fx_door(d, 1, 6, 2, DG_DOOR_SECRET, DG_DIR_WEST, 2, 0);
    fx_door(d, 2, 9, 4, DG_DOOR_TRAPPED, DG_DIR_SOUTH, 2, 0);
    fx_door(d, 3, 4, 8, DG_DOOR_PORTC, DG_DIR_NORTH, 3, 0);
    fx_door(d, 4, 8, 8, DG_DOOR_LOCKED, DG_DIR_NORTH, 4, 0);
    fx_door(d, 5, 6, 10, DG_DOOR_OPEN, DG_DIR_EAST, 3, 4);

    fx_room(d, 1, 1, 1, 3, 3, DG_SHAPE_RECT, 0);
    fx_room(d, 2, 7, 1, 5, 3, DG_SHAPE_RECT, 0);
    fx_room(d, 3, 3, 9, 3, 3, DG_SHAPE_CIRCLE, 0);
    fx_room(d, 4, 7, 9, 3, 3, DG_SHAPE_POLYGON, 6);
    /* room 1's number label sits on its centre cell */
    fx_set(d, 2, 2, DG_ROOM | (1u << DG_ROOM_ID_SHIFT) | ((uint32_t)'1' << DG_LABEL_SHIFT));

    /* corridors: room 1 <-> room 2 with a branch to the north edge, and a
     * row-7 corridor from room 2 down to rooms 3 and 4, stairs at its ends */
    fx_set(d, 5, 0, DG_CORRIDOR);
    fx_set(d, 5, 1, DG_CORRIDOR);
    fx_set(d, 5, 2, DG_CORRIDOR);
    fx_set(d, 9, 5, DG_CORRIDOR);
    fx_set(d, 9, 6, DG_CORRIDOR);
    for (int x = 2; x <= 12; x++) fx_set(d, x, 7, DG_CORRIDOR);
    fx_set(d, 1, 7, DG_CORRIDOR | DG_STAIR_DN);
    fx_set(d, 13, 7, DG_CORRIDOR | DG_STAIR_UP);
    d->stairs[0] = (dg_stair){1, 7, true, DG_DIR_EAST, 2, 7};
    d->stairs[1] = (dg_stair){13, 7, false, DG_DIR_WEST, 12, 7};
    d->exits[0] = (dg_exit){5, 0, DG_DIR_NORTH};
    /* stocked as dg_generate stocks a map, so the encoders' contents show */
    dg_stock_params p;
    dg_stock_params_init(&p, d->opts.seed);
    d->contents_free = dg_contents_free;
    if (dg_contents_stock(d, &p, &d->contents, &err) != DG_OK) abort();
    return d;
}

static inline dg_dungeon *fx_new(void) { return fx_new_seeded("42"); }

/* Pixels of colour c (0xRRGGBB) inside the cells of d's secret doors, in
 * an RGB image of w px a row at `cell` px a cell: the red S of the GM's
 * picture (DG_PAL_TRAP), none in the players'. *n_secret: such doors. */
static inline long secret_door_pixels(const dg_dungeon *d, const unsigned char *rgb, int w,
                                      int cell, uint32_t c, size_t *n_secret)
{
    long n = 0;
    *n_secret = 0;
    for (size_t i = 0; i < d->n_doors; i++) {
        if (d->doors[i].type != DG_DOOR_SECRET) continue;
        ++*n_secret;
        for (int y = d->doors[i].y * cell; y < (d->doors[i].y + 1) * cell; y++)
            for (int x = d->doors[i].x * cell; x < (d->doors[i].x + 1) * cell; x++) {
                const unsigned char *p = rgb + 3 * ((size_t)y * (size_t)w + (size_t)x);
                n += ((uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2]) == c;
            }
    }
    return n;
}

/* Fixtures allocate like the library, so the library frees them. */
static inline void fx_free(dg_dungeon *d) { dg_dungeon_free(d); }

#endif
