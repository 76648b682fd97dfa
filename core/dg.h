/* dg.h -- the public interface of libdg_core: options, the dungeon model,
 * generation and errors. Pure C11; no I/O, no third-party headers, and no
 * globals but the allocator dg_replace_allocator sets once.
 * Encoders (render/) and the daemon (server/) only ever read a dg_dungeon. */
#ifndef DG_H
#define DG_H

/* errors, allocator and rng (dg_base.h), the options and their vocabulary
 * (dg_options.h), then the family and format rows that are indexed by the
 * options' enums (dg_rows.h) */
#include "dg_options.h"
#include "dg_rows.h"

/* ----------------------------------------------------------------- model */

/* Cell words, donjon's bit layout. Finished maps hold only these values:
 *   solid      0, or DG_PERIMETER (a room's wall ring)
 *   room       DG_ROOM | id << DG_ROOM_ID_SHIFT, plus DG_LABEL bits on the
 *              cells carrying the room number's digits
 *   corridor   DG_CORRIDOR exactly
 *   door       DG_CORRIDOR | exactly one of the six door bits
 *   stair      DG_CORRIDOR | DG_STAIR_DN or DG_STAIR_UP
 *   chamber    a corridor or stair word of cave floor, plus its chamber's
 *              id << DG_ROOM_ID_SHIFT and maybe DG_LABEL bits (chambers.c)
 * BLOCKED and ENTRANCE are working bits of generation, cleared at the end. */
#define DG_NOTHING   0x00000000u
#define DG_BLOCKED   0x00000001u
#define DG_ROOM      0x00000002u
#define DG_CORRIDOR  0x00000004u
#define DG_PERIMETER 0x00000010u
#define DG_ENTRANCE  0x00000020u
#define DG_ROOM_ID   0x0000FFC0u
#define DG_ROOM_ID_SHIFT 6
#define DG_ARCH      0x00010000u
#define DG_DOOR      0x00020000u
#define DG_LOCKED    0x00040000u
#define DG_TRAPPED   0x00080000u
#define DG_SECRET    0x00100000u
#define DG_PORTC     0x00200000u
#define DG_STAIR_DN  0x00400000u
#define DG_STAIR_UP  0x00800000u
#define DG_LABEL     0xFF000000u
#define DG_LABEL_SHIFT 24
#define DG_OPENSPACE (DG_ROOM | DG_CORRIDOR)
#define DG_DOORSPACE (DG_ARCH | DG_DOOR | DG_LOCKED | DG_TRAPPED | DG_SECRET | DG_PORTC)
#define DG_STAIRS    (DG_STAIR_DN | DG_STAIR_UP)
/* Room ids fit the 10-bit ROOM_ID field: DG_MAX_ROOMS (dg_limits.h). */

typedef enum { DG_DIR_NORTH, DG_DIR_SOUTH, DG_DIR_WEST, DG_DIR_EAST } dg_dir;
/* "north", ...; dx/dy: x is the column (east +1), y the row (south +1).
 * Inline: every pass walks neighbours with them. */
const char *dg_dir_name(dg_dir d);
/* north <-> south, west <-> east */
static inline dg_dir dg_dir_opposite(dg_dir d) { return (dg_dir)(d ^ 1); }
static inline int dg_dir_dx(dg_dir d) { return d == DG_DIR_WEST ? -1 : d == DG_DIR_EAST ? 1 : 0; }
static inline int dg_dir_dy(dg_dir d) { return d == DG_DIR_NORTH ? -1 : d == DG_DIR_SOUTH ? 1 : 0; }

#define DG_DOOR_TYPES(X)                                                      \
    X(DG_DOOR_ARCH, "arch", DG_ARCH) X(DG_DOOR_OPEN, "door", DG_DOOR)         \
    X(DG_DOOR_LOCKED, "locked", DG_LOCKED)                                    \
    X(DG_DOOR_TRAPPED, "trapped", DG_TRAPPED)                                 \
    X(DG_DOOR_SECRET, "secret", DG_SECRET)                                    \
    X(DG_DOOR_PORTC, "portcullis", DG_PORTC)
#define DG_X(code, name, bit) code,
typedef enum { DG_DOOR_TYPES(DG_X) DG_DOOR_TYPE_COUNT } dg_door_type;
#undef DG_X
const char *dg_door_type_name(dg_door_type t);
uint32_t dg_door_type_bit(dg_door_type t);

typedef enum { DG_SHAPE_RECT, DG_SHAPE_CIRCLE, DG_SHAPE_POLYGON, DG_SHAPE_COMPOSITE } dg_shape;
/* "rect", "circle", "polygon", "composite". */
const char *dg_shape_name(dg_shape s);

typedef struct { int x, y; } dg_point;

/* What a room is: one the family built, or a chamber of a cave, found by
 * core/chambers.c where the cave narrows. Chambers' floor cells stay
 * DG_CORRIDOR (their walls and floors are the cave's) but carry the
 * chamber's id in their ROOM_ID bits. */
typedef enum { DG_ROOM_KIND_ROOM, DG_ROOM_KIND_CHAMBER } dg_room_kind;
/* "room", "chamber". */
const char *dg_room_kind_name(dg_room_kind k);

typedef struct {
    int id;                  /* 1-based; the ROOM_ID in its cells */
    int x, y;                /* bounding box top-left cell (odd) */
    int width, height;       /* bounding box in cells (odd) */
    int area;                /* room cells */
    dg_shape shape;
    int sides;               /* DG_SHAPE_POLYGON: 4..8; else 0 */
    /* Non-rectangular rooms: the boundary of their cells as a closed polygon
     * of cell-corner points (x, y in cell units, clockwise on screen, first
     * point not repeated); NULL / 0 for rectangles. Owned by the dungeon. */
    dg_point *outline;
    size_t n_outline;
    dg_room_kind kind;
    /* Chambers: the cell their number is written on, the one farthest from
     * rock (first in row-major order among equals); 0, 0 for rooms, whose
     * renderers centre the number themselves. */
    int label_x, label_y;
} dg_room;

/* A cave passage (core/chambers.c): a 4-connected run of cave floor, one
 * or two cells wide, that no chamber holds. Every open cave cell that is
 * not a room's lies in exactly one chamber or one passage. */
typedef struct {
    int id;                  /* 1-based, in the order of their first cell */
    dg_point *cells;         /* from its first cell (row-major) outwards, breadth
                              * first; owned by the dungeon */
    size_t n_cells;
    int *rooms;              /* the chambers and rooms it joins (through a door
                              * or side by side), ascending ids */
    size_t n_rooms;
} dg_passage;

typedef struct {
    int x, y;
    dg_door_type type;
    dg_dir dir;              /* from `room` outwards through the door */
    int room;                /* the room whose wall holds the door */
    int other;               /* room or cave chamber on the far side, 0 for a corridor */
} dg_door;

typedef struct {
    int x, y;
    bool down;
    dg_dir dir;              /* the way one walks off the stair into its corridor */
    int next_x, next_y;      /* the corridor cell in that direction */
} dg_stair;

typedef struct {
    int x, y;                /* the open cell on the map edge */
    dg_dir dir;              /* the edge it leaves through */
} dg_exit;

/* A finished map. Read-only for clients; freed with dg_dungeon_free(). */
typedef struct dg_dungeon {
    dg_options opts;         /* as generated, seed filled in */
    int width, height;       /* cols, rows */
    uint32_t *cells;         /* height * width words, row-major: cells[y * width + x] */
    dg_room *rooms;   size_t n_rooms;   /* rooms[i].id == i + 1 */
    dg_door *doors;   size_t n_doors;   /* row-major order */
    dg_stair *stairs; size_t n_stairs;
    dg_exit *exits;   size_t n_exits;
    /* Caves (caverns, layout=cavernous, cave rooms and areas): width*height
     * bytes, 1 where a cell belongs to a cave -- its floor and the rock
     * around it -- so renderers can draw those parts organically. NULL when
     * the map has no caves. */
    unsigned char *cave;
    /* Cave passages between chambers (chambers.c); NULL / 0 without caves.
     * One allocation with their cells and room lists. */
    dg_passage *passages; size_t n_passages;
    /* What the dungeon holds (dg_contents.h): stocked by dg_generate from
     * the options' contents keys on a stream of its own after the map is
     * finished; NULL in hand-built dungeons. Freed with the dungeon,
     * through contents_free: set by whoever stocked it (dg_generate sets
     * dg_contents_free), so the map model does not call into stocking. */
    struct dg_contents *contents;
    void (*contents_free)(struct dg_contents *);
    /* Floors (the floors key): this map is floor `floor` (1 = the top);
     * `below` is the next floor down, NULL at the bottom. Floor k+1's up
     * stairs stand on exactly the cells of floor k's down stairs. Owned by
     * this dungeon: dg_dungeon_free frees the whole chain below it. */
    int floor;
    struct dg_dungeon *below;
    /* Set by the generator: rooms, doors, stairs and exits share the
     * struct's own allocation, so dg_dungeon_free() frees them with it.
     * Hand-built dungeons (calloc'd, so false) own each array separately,
     * allocated like the struct with the allocator dg_dungeon_free uses. */
    bool packed;
    /* The rooms array is an allocation of its own even in a packed dungeon:
     * chambers.c grew it past the block. */
    bool rooms_apart;
} dg_dungeon;

/* The cell word at column x, row y; 0 (solid) outside the map. */
static inline uint32_t dg_cell(const dg_dungeon *d, int x, int y)
{
    if (x < 0 || y < 0 || x >= d->width || y >= d->height) return 0;
    return d->cells[(size_t)y * (size_t)d->width + (size_t)x];
}
static inline bool dg_cell_open(uint32_t c) { return (c & DG_OPENSPACE) != 0; }
/* Whether door o is a cave's gate (core/cave_gate.c, loops maps): a
 * locked gate across a tunnel at a cave chamber's mouth, its room the
 * chamber, whose floor behind it is cave floor, not a room's (a cave room
 * a family grew has its doors in its wall); the key says "gate" and
 * "tunnel" where a room's door has "door" and "wall". */
static inline bool dg_door_gate(const dg_dungeon *d, const dg_door *o)
{
    uint32_t in = dg_cell(d, o->x - dg_dir_dx(o->dir), o->y - dg_dir_dy(o->dir));
    return o->room >= 1 && (size_t)o->room <= d->n_rooms && d->rooms[o->room - 1].kind == DG_ROOM_KIND_CHAMBER &&
           dg_cell_open(in) && !(in & DG_ROOM);
}

/* Generates the map o describes, unstocked (contents NULL): the map alone.
 * o must be finished and have a seed. New on success (free with
 * dg_dungeon_free); *out is NULL on failure. With floors > 1 the result is
 * the top floor, the others hang below it. dg_generate (stock/, the
 * fiction's public header dg_contents.h) makes the map and stocks it. */
dg_status dg_map_generate(const dg_options *o, dg_dungeon **out, dg_error *err);
/* The same, asking stop(arg) before each floor is made: when it says
 * true nothing more is made, *out is NULL and the result DG_EBUSY
 * ("stopped"). A daemon's way to drop a map nobody waits for any longer;
 * stop NULL never stops. The map, when made, is the same. */
typedef bool (*dg_stop_fn)(void *arg);
dg_status dg_map_generate_until(const dg_options *o, dg_stop_fn stop, void *arg, dg_dungeon **out, dg_error *err);
/* NULL is a no-op, like free(). Frees the floors below d too. */
void dg_dungeon_free(dg_dungeon *d);
/* Floor k (1-based) of the chain that starts at top; NULL when there is no
 * such floor. Borrowed: valid until top is freed. */
const dg_dungeon *dg_dungeon_floor(const dg_dungeon *top, int k);

/* -------------------------------------------------------------- analysis */

/* Figures over a finished map, used by tests, benchmarks and /stats. */
typedef struct {
    size_t open_cells, room_cells, corridor_cells, door_cells;
    size_t doors_by_type[DG_DOOR_TYPE_COUNT];
    size_t dead_ends;        /* corridor cells with one open neighbour, not stairs or exits */
    size_t components;       /* 4-connected open regions (1 = all reachable) */
    size_t rooms, stairs;
} dg_stats;
/* Never fails for a finished map except on allocation (DG_ENOMEM). */
dg_status dg_analyse(const dg_dungeon *d, dg_stats *out, dg_error *err);

#endif
