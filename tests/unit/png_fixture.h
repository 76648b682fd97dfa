/* png_fixture.h -- hand-built maps for the PNG renderer's tests and glyph
 * sheet, independent of the generator: a gallery with every door type in
 * both orientations and stairs facing all four ways, and an L-shaped room.
 * Free with pf_free(), not dg_dungeon_free().
 *
 * Gallery, 19 x 13 cells (x right, y down):
 *   room 1      x 1..11, y 1..3     doors in its south wall (y 4) at
 *               x 1,3,5,7,9,11: arch door locked trapped secret portcullis,
 *               passages running north-south
 *   room 2      x 15..17, y 1..11   doors in its west wall (x 14) at
 *               y 1,3,5,7,9,11, same type order, passages running east-west
 *   corridors   y 5: x 1..13; x 13: y 0..11; y 9: x 5..13; x 5: y 10;
 *               y 11: x 2..8; stubs (2,6) (4,6) (8,8) (10,8)
 *   stairs      (2,7) down and (4,7) up, walking off north;
 *               (8,7) down and (10,7) up, walking off south;
 *               (1,11) down walking off east, (9,11) up walking off west
 *   exit        (13,0), leaving through the north edge */
#ifndef PNG_FIXTURE_H
#define PNG_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "enc_fixture.h"
#include "render.h"

#define PF_W 19
#define PF_H 13

static const dg_door_type pf_types[DG_DOOR_TYPE_COUNT] = {
    DG_DOOR_ARCH, DG_DOOR_OPEN, DG_DOOR_LOCKED, DG_DOOR_TRAPPED, DG_DOOR_SECRET, DG_DOOR_PORTC};

/* Cells and rooms are set with the encoder fixture's helpers (fx_set,
 * fx_room): one way to build a dungeon by hand. */
static inline void pf_room(dg_dungeon *d, int id, int x, int y, int w, int h)
{
    memset(&d->rooms[id - 1], 0, sizeof d->rooms[id - 1]);
    fx_room(d, id, x, y, w, h, DG_SHAPE_RECT, 0);
}

/* Render keys as a client gives them: style, grid, cell, view; seed 42. */
static inline dg_dungeon *pf_alloc(int w, int h, size_t rooms, size_t doors, size_t stairs,
                                   const char *style, const char *grid, const char *cell,
                                   const char *view)
{
    dg_dungeon *d = calloc(1, sizeof *d);
    const char *keys[] = {"seed", "style", "grid", "cell", "view"};
    const char *vals[] = {"42", style, grid, cell, view};
    dg_error err;
    dg_error_clear(&err);
    if (dg_options_parse(&d->opts, 5, keys, vals, NULL, &err) != DG_OK) {
        fprintf(stderr, "png_fixture: %s=%s: %s\n", err.param, err.value, err.msg);
        abort();
    }
    d->width = w;
    d->height = h;
    d->cells = calloc((size_t)w * (size_t)h, sizeof *d->cells);
    d->n_rooms = rooms;
    d->rooms = calloc(rooms ? rooms : 1, sizeof *d->rooms);
    d->n_doors = doors;
    d->doors = calloc(doors ? doors : 1, sizeof *d->doors);
    d->n_stairs = stairs;
    d->stairs = calloc(stairs ? stairs : 1, sizeof *d->stairs);
    return d;
}

static inline void pf_corr(dg_dungeon *d, int x0, int y0, int x1, int y1)
{
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) fx_set(d, x, y, DG_CORRIDOR);
}

static inline dg_dungeon *pf_gallery(const char *style, const char *grid, const char *cell,
                                     const char *view)
{
    dg_dungeon *d = pf_alloc(PF_W, PF_H, 2, 12, 6, style, grid, cell, view);
    d->n_exits = 1;
    d->exits = calloc(1, sizeof *d->exits);
    d->exits[0] = (dg_exit){13, 0, DG_DIR_NORTH};
    /* doors first so the perimeter rings leave them alone; the list is in
     * row-major order as dg.h promises: rows 1 and 3 (room 2), row 4 (room
     * 1), rows 5..11 (room 2) */
    struct pf_door { int x, y, t; dg_dir dir; int room; } list[12];
    int k = 0;
    list[k++] = (struct pf_door){14, 1, 0, DG_DIR_WEST, 2};
    list[k++] = (struct pf_door){14, 3, 1, DG_DIR_WEST, 2};
    for (int i = 0; i < 6; i++) list[k++] = (struct pf_door){1 + 2 * i, 4, i, DG_DIR_SOUTH, 1};
    for (int i = 2; i < 6; i++) list[k++] = (struct pf_door){14, 1 + 2 * i, i, DG_DIR_WEST, 2};
    size_t n;
    for (n = 0; n < 12; n++) {
        dg_door_type t = pf_types[list[n].t];
        d->doors[n] = (dg_door){list[n].x, list[n].y, t, list[n].dir, list[n].room, 0};
        fx_set(d, list[n].x, list[n].y, DG_CORRIDOR | dg_door_type_bit(t));
    }
    pf_room(d, 1, 1, 1, 11, 3);
    pf_room(d, 2, 15, 1, 3, 11);
    pf_corr(d, 1, 5, 13, 5);
    pf_corr(d, 13, 0, 13, 11);
    pf_corr(d, 5, 9, 13, 9);
    pf_corr(d, 5, 10, 5, 10);
    pf_corr(d, 2, 11, 8, 11);
    pf_corr(d, 2, 6, 2, 6);
    pf_corr(d, 4, 6, 4, 6);
    pf_corr(d, 8, 8, 8, 8);
    pf_corr(d, 10, 8, 10, 8);
    static const struct { int x, y; bool down; dg_dir dir; } st[6] = {
        {2, 7, true, DG_DIR_NORTH},  {4, 7, false, DG_DIR_NORTH}, {8, 7, true, DG_DIR_SOUTH},
        {10, 7, false, DG_DIR_SOUTH}, {1, 11, true, DG_DIR_EAST}, {9, 11, false, DG_DIR_WEST}};
    for (int i = 0; i < 6; i++) {
        int nx = st[i].x + dg_dir_dx(st[i].dir), ny = st[i].y + dg_dir_dy(st[i].dir);
        d->stairs[i] = (dg_stair){st[i].x, st[i].y, st[i].down, st[i].dir, nx, ny};
        fx_set(d, st[i].x, st[i].y, DG_CORRIDOR | (st[i].down ? DG_STAIR_DN : DG_STAIR_UP));
    }
    return d;
}

/* 11 x 11, one L-shaped room whose bounding-box centre is rock: cells
 * x 2..4, y 2..8 and x 5..8, y 6..8; outline given clockwise. */
static inline dg_dungeon *pf_lroom(const char *style, const char *grid, const char *cell,
                                   const char *view)
{
    dg_dungeon *d = pf_alloc(11, 11, 1, 0, 0, style, grid, cell, view);
    for (int y = 2; y <= 8; y++)
        for (int x = 2; x <= 8; x++)
            if (x <= 4 || y >= 6) fx_set(d, x, y, DG_ROOM | (1u << DG_ROOM_ID_SHIFT));
    dg_room *r = &d->rooms[0];
    *r = (dg_room){.id = 1, .x = 2, .y = 2, .width = 7, .height = 7, .area = 33,
                   .shape = DG_SHAPE_COMPOSITE};
    static const dg_point pts[6] = {{2, 2}, {5, 2}, {5, 6}, {9, 6}, {9, 9}, {2, 9}};
    r->n_outline = 6;
    r->outline = malloc(sizeof pts);
    memcpy(r->outline, pts, sizeof pts);
    return d;
}

/* 25 x 17, a cave: an elliptic hall (centre (14, 8), radii 8 and 5) with
 * two one-cell pillars at (14, 8) and (16, 6), entered from the west by a
 * plain corridor (1..5, 8) and with a stair nook at (23, 8) (down, walking
 * off west); d->cave covers the hall, the pillars and the rock around them,
 * not the corridor. */
static inline dg_dungeon *pf_cave(const char *style, const char *grid, const char *cell,
                                  const char *view)
{
    dg_dungeon *d = pf_alloc(25, 17, 0, 0, 1, style, grid, cell, view);
    d->cave = calloc(25 * 17, 1);
    for (int y = 0; y < 17; y++)
        for (int x = 0; x < 25; x++) {
            int dx = x - 14, dy = y - 8;
            if (dx * dx * 25 + dy * dy * 64 <= 1600) fx_set(d, x, y, DG_CORRIDOR);
        }
    fx_set(d, 14, 8, 0);
    fx_set(d, 16, 6, 0);
    pf_corr(d, 1, 8, 5, 8);
    fx_set(d, 23, 8, DG_CORRIDOR | DG_STAIR_DN);
    d->stairs[0] = (dg_stair){23, 8, true, DG_DIR_WEST, 22, 8};
    for (int y = 0; y < 17; y++)
        for (int x = 6; x < 25; x++) {
            bool near = false;
            for (int j = -1; j <= 1; j++)
                for (int i = -1; i <= 1; i++) {
                    int xx = x + i, yy = y + j;
                    if (xx >= 6 && yy >= 0 && xx < 25 && yy < 17 && dg_cell_open(d->cells[yy * 25 + xx]))
                        near = true;
                }
            if (near) d->cave[y * 25 + x] = 1;
        }
    return d;
}

/* Fixtures allocate like the library, so the library frees them. */
static inline void pf_free(dg_dungeon *d) { dg_dungeon_free(d); }

#endif
