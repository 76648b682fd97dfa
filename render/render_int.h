/* render_int.h -- helpers shared by the JSON encoders inside libdg_render;
 * never installed, never included by clients. Prefix: render's private
 * names are dr__ (DR__ for macros), so a name tells which library owns it;
 * the dg__ names render calls (dg__nomem, dg__grow, ...) are core's. */
#ifndef DG_RENDER_INT_H
#define DG_RENDER_INT_H

#include <jansson.h>

#include "dg_common.h"
#include "render.h"

/* Room in b for n more bytes (and its NUL) at once: an encoder that knows
 * roughly how much it will write saves the doublings and their copies. */
dg_status dr__buf_reserve(dg_buf *b, size_t n, dg_error *err);

/* DG_EINVAL unless d is a finished-looking map: cells present, counts backed
 * by arrays, every room/door/stair/exit inside the grid and of a known kind.
 * Encoders call it first so a broken dungeon is an error, never a crash. */
dg_status dr__render_check(const dg_dungeon *d, dg_error *err);
/* A VTT scene's ppg: in its range, and cols*ppg x rows*ppg within the
 * DG_VTT_MAX_SIDE importers load (a 400 naming the largest ppg that fits).
 * vtt.c's; the Foundry module checks its floors with it too. */
dg_status dr__vtt_check_ppg(const dg_dungeon *d, dg_error *err);

/* A top-level value of a jansson document (vtt.c's and foundry_scene.c's)
 * written by hand in place of its json_null() placeholder: big arrays
 * would cost a jansson value per number. */
typedef struct {
    const char *key;
    dg_status (*write)(const dg_dungeon *d, const void *ctx, dg_buf *out, dg_error *err);
    const void *ctx;
} dr__json_splice;
/* Dumps root (compact, plus the given jansson flags) into out, with the n
 * splices written where their placeholders are, which must come in
 * document order. root is borrowed. */
dg_status dr__json_emit_splices(json_t *root, const dr__json_splice *sp, size_t n, size_t flags,
                                const dg_dungeon *d, dg_buf *out, dg_error *err);
/* Decimal digits of v at p, unterminated; returns how many (at most 10). */
size_t dr__u32_text(char *p, uint32_t v);
/* "00" "01" ... "99": the two digits of i at dr__digit_pairs + 2 * i. */
extern const char dr__digit_pairs[201];
/* The splice writer of the native document's walls: ctx is the
 * dr__walls of d (json_walls.c). */
dg_status dr__json_put_walls(const dg_dungeon *d, const void *ctx, dg_buf *out, dg_error *err);
/* The splice writer of d's cell rows, cells[y][x] as stored (ctx unused):
 * a jansson value per cell would cost ~40 bytes and a call per cell on a
 * 4001x4001 map. */
dg_status dr__json_put_cells(const dg_dungeon *d, const void *ctx, dg_buf *out, dg_error *err);

/* The doors of every room by the wall they are in, for the documents that
 * list them per room and side: room i (0-based), side s (dg_dir order:
 * north, south, west, east) holds count[4i+s] door indices, ascending, at
 * door[first[4i+s]..]. A door between two rooms is under both, on opposite
 * sides; a generator that records one door per room (the same cell twice
 * in a row) has it listed once. d must pass dr__render_check. DG_ENOMEM
 * only; free with dr__door_sides_fini (also fine after a failure). */
typedef struct {
    size_t *first, *count, *door;
} dr__door_sides;
dg_status dr__door_sides_build(const dg_dungeon *d, dr__door_sides *s, dg_error *err);
void dr__door_sides_fini(dr__door_sides *s);

/* json.c: an option's canonical value v[0..n) of key[0..kn) is a JSON
 * number (*out) when it is plain decimal digits short enough to survive a
 * double -- never the seed, which stays a string (see json.c). */
bool dr__json_option_number(const char *key, size_t kn, const char *v, size_t n, int64_t *out);

/* ------------------------------------------------------------ donjon.c
 * The words of format=donjon, worked out apart from the writing so the
 * test's jansson oracle of the document uses the very same ones. */

/* What the document says of the map as a whole: settings in donjon's
 * capitalised words, the invented name and details, the rooms' size word. */
typedef struct {
    char dungeon_size[32], dungeon_layout[32], room_layout[32], room_size[32],
        room_polymorph[32], door_set[32], corridor_layout[32], map_style[32],
        peripheral_egress[16], remove_deadends[16], seed[24], name[DG_STOCK_NAME_BYTES + 64], motif[32];
    const char *add_stairs, *grid;
    const char *size;        /* every room's "size": the room_size name or "" */
    const char *floor, *walls, *temperature, *illumination; /* "details" */
    const char *special;     /* NULL: none */
    const char *infest;      /* "dnd_5e" when stocked (donjon's rule-set name), else "None" */
} dr__donjon_words;
void dr__donjon_words_of(const dg_dungeon *d, dr__donjon_words *s);

/* donjon_key.c: a room's contents in donjon's words, from the stocked
 * dungeon. summary always; the others empty when there is nothing to say.
 * monster, trap and hidden_treasure are lists, each line ended by '\n'
 * ("--" lines between the parts of one entry, as donjon prints them). */
typedef struct {
    dg_buf summary, inhabited, monster, trap, room_features, hidden_treasure;
} dr__donjon_key;
void dr__donjon_key_init(dr__donjon_key *k);
void dr__donjon_key_fini(dr__donjon_key *k);
dg_status dr__donjon_key_of(const dg_dungeon *d, int room_id, dr__donjon_key *k, dg_error *err);
/* Wandering-monster row i (0-based): "2 x Skeleton (cr 1/4); easy, 100 xp (patrolling)". */
dg_status dr__donjon_wandering_line(const dg_contents *c, int i, dg_buf *out, dg_error *err);
/* Door i's make, lock, trap and secret in words; empty when not stocked. */
dg_status dr__donjon_door_lock_line(const dg_dungeon *d, size_t i, dg_buf *out, dg_error *err);

/* Door `index` of the map in donjon's words; secret and trap "" unless
 * it is a secret or trapped door. DG_ENOMEM only (a stocked trap's words). */
typedef struct {
    const char *type, *key, *desc;
    char secret[192], trap[448]; /* "" unless a secret / trapped door */
} dr__donjon_door;
dg_status dr__donjon_door_of(const dg_dungeon *d, size_t index, dr__donjon_door *w, dg_error *err);
/* "square" for rectangles, else dg_shape_name. */
const char *dr__donjon_shape_word(dg_shape s);

/* circle.c: the circle, in px at `cell` px a cell, that round room r is
 * drawn as: it holds the centre of every cell of r and of no other cell.
 * False when r is not round (or its cells are no disc): draw its cells. */
typedef struct { double cx, cy, r; } dr__circle;
bool dr__room_circle(const dg_dungeon *d, const dg_room *r, int cell, dr__circle *out);

/* ------------------------------------------------------- cave_draw.c */

/* The organic cave outline png.c draws for d at `cell` px a cell in one
 * view, computed without drawing: the same refinement, sub-cell for
 * sub-cell. open: 1 open, 0 rock per sub-cell, sub x sub a cell, sub-cell
 * (fx, fy) at open[(fy + 1) * stride + fx + 1] (a rock border all round);
 * free_cells: width * height bytes, 1 where the refinement shapes the cell
 * (a cave cell not kept square), so everywhere else the sub-cells are the
 * cell's own value. All zero/NULL when d has no caves. DG_ENOMEM only; free
 * with dr__cave_grid_fini (also fine after a failure). circles: round
 * rooms drawn in as the PNG draws them (free_cells then marks their box and
 * the ring around it); the SVG, which draws true circles itself, leaves
 * them out. All zero/NULL too when d has neither caves nor round rooms. */
typedef struct {
    unsigned char *open;
    unsigned char *free_cells;
    int sub;
    size_t stride;
} dr__cave_grid;
dg_status dr__cave_grid_build(const dg_dungeon *d, int cell, bool player, bool circles, dr__cave_grid *g,
                              dg_error *err);
void dr__cave_grid_fini(dr__cave_grid *g);

/* ----------------------------------------------------------- walls.c
 * Wall and door geometry for the VTT-facing encoders, in units of 1/den
 * cell: den 2 (half cells: door midpoints are whole numbers too) unless the
 * map has caves, then den = the cave grid's sub (16 at any usual size), so
 * cave walls can sit on the sub-cell lattice of the drawn outline. */

/* A maximal straight run of boundary between walkable and solid; (x0, y0)
 * before (x1, y1) by x, then y. Axis-aligned (x0 <= x1, y0 <= y1, one pair
 * equal) except cave walls, which may run at any angle. */
typedef struct {
    int x0, y0, x1, y1;
    bool object;             /* borders free-standing solid (a pillar) */
} dr__wall;

/* One door as a closed doorway across the middle of its cell. */
typedef struct {
    size_t door;             /* index into d->doors */
    dg_door_type type;
    int x0, y0, x1, y1;      /* the two bounds; x0 <= x1, y0 <= y1 */
    bool across_ew;          /* passage runs east-west (bounds are vertical) */
} dr__portal;

typedef struct {
    int den;                                /* units per cell: 2, or the cave sub */
    dr__wall *walls;     size_t n_walls;    /* horizontal by (y, x), then vertical by (x, y),
                                               then any others by (x0, y0, x1, y1) */
    dg_point *pts;       size_t n_pts;      /* every polyline's points, concatenated */
    size_t *line_end;    size_t n_lines;    /* polyline i: pts[line_end[i-1] (or 0) .. line_end[i]) */
    bool *line_object;                      /* per polyline: around a pillar */
    dr__portal *portals; size_t n_portals;  /* door list order */
} dr__walls;

/* Traces d's walls for a view: player makes secret doors solid (as the PNG
 * draws them) and gives them no portal. Caves follow the outline the PNG
 * draws at cell = d->opts.ppg (the image a uvtt file embeds). Polylines are
 * the walls chained into closed loops, first point repeated last. DG_ENOMEM
 * only; w is empty then. Free with dr__walls_fini (also fine after a
 * failure). */
dg_status dr__walls_trace(const dg_dungeon *d, bool player, dr__walls *w, dg_error *err);
/* dr__walls_trace without the polylines (pts, line_end, line_object stay
 * empty): for documents that list segments only. */
dg_status dr__walls_segments(const dg_dungeon *d, bool player, dr__walls *w, dg_error *err);
void dr__walls_fini(dr__walls *w);
/* v half-cells as a decimal in cell units ("7", "7.5") at p, unterminated;
 * returns the length (at most 12). v >= 0. */
size_t dr__half_text(char *p, long v);
/* v / den cells (den a power of two up to 16) as an exact decimal ("7",
 * "7.5", "7.0625") at p, unterminated; returns the length (at most 16).
 * v >= 0. With den 2 the same text as dr__half_text. */
size_t dr__unit_text(char *p, long v, int den);

/* ----------------------------------------------------------- lights.c
 * The dungeon's lights for the VTT exports, as one pure function of the map
 * and its illumination (see lights.c for the placement rule). */

/* The light d's illumination word means; NULL when d has no stocked
 * contents (contents=none, hand-built maps): no lights, lighting unknown. */
const dg_lighting *dr__lighting_of(const dg_dungeon *d);
typedef struct {
    const dg_lighting *kind; /* dr__lighting_of(d); NULL: unknown */
    int spacing;             /* squares between lights; 0 when none */
    dg_point *at;            /* each light's cell (it stands at the cell's middle) */
    size_t n;
} dr__lights;
/* Places d's lights into l (empty when dark or unknown). DG_ENOMEM only;
 * l is empty then. Free with dr__lights_fini (also fine after a failure). */
dg_status dr__lights_place(const dg_dungeon *d, dr__lights *l, dg_error *err);
void dr__lights_fini(dr__lights *l);

/* walls_cave.c: the walls of a map with caves, for dr__walls_trace. Traces
 * every walkable/solid boundary of the cave grid g (sub >= 2) -- which is
 * the cell boundary wherever the refinement keeps cells square -- into
 * walls in 1/sub cell units: straight runs along cell edges, the drawn
 * outline simplified to within 1.5 sub-cells elsewhere; broken at w's portal
 * ends (already in those units), collinear touching walls merged. Cells
 * whose cls byte (width * height) has wall_bit are structural solid (see
 * walls.c); rock touching none of them or the map edge is an object. Sets
 * w->walls, w->n_walls; false when out of memory. */
bool dr__walls_cave(const dg_dungeon *d, const dr__cave_grid *g, const unsigned char *cls,
                    unsigned char wall_bit, dr__walls *w);

/* north <-> south, west <-> east. */
static inline dg_dir dr__dir_opposite(dg_dir d)
{
    switch (d) {
    case DG_DIR_NORTH: return DG_DIR_SOUTH;
    case DG_DIR_SOUTH: return DG_DIR_NORTH;
    case DG_DIR_WEST: return DG_DIR_EAST;
    default: return DG_DIR_WEST;
    }
}


/* ------------------------------------------------------- key_text.c */

/* "a" or "an" before w, by its first letter (the key's words have no
 * silent h or long u to trip on). */
const char *dr__key_article(const char *w);
/* The room key's phrases are appended with dg_buf_printf (render.h). */
/* donjon's "Bugbear and 1 x Goblin" (with_cr: "Bugbear (cr 1) and ..."). */
dg_status dr__key_inhabited(dg_buf *b, const dg_encounter *e, bool with_cr, dg_error *err);
/* "Bugbear (cr 1) and 1 x Goblin (cr 1/4); medium, 250 xp" */
dg_status dr__key_encounter(dg_buf *b, const dg_encounter *e, dg_error *err);
/* The same as a GM reads it (md, the Foundry module's roll tables): "Ghast
 * (CR 2), 8 x Ogre Zombie (CR 2) and Shadow (CR 1/2); easy, 1700 XP". */
dg_status dr__key_encounter_read(dg_buf *b, const dg_encounter *e, dg_error *err);
dg_status dr__key_trap(dg_buf *b, const dg_trap *t, dg_error *err);
/* A treasure's coins, gems and art (what its worth counts); its magic
 * items; both, as donjon lists them; its exact worth ("71.3 gp"). */
dg_status dr__key_valuables(dg_buf *b, const dg_treasure *t, dg_error *err);
dg_status dr__key_magic_items(dg_buf *b, const dg_treasure *t, dg_error *err);
dg_status dr__key_treasure(dg_buf *b, const dg_treasure *t, dg_error *err);
dg_status dr__key_worth(dg_buf *b, const dg_treasure *t, dg_error *err);
dg_status dr__key_container(dg_buf *b, const dg_treasure *t, dg_error *err);
dg_status dr__key_door(dg_buf *b, const dg_door *d, bool gate, const dg_door_contents *c, dg_error *err);
/* How many doors one key opens, in words: "both", "all three" (n >= 2). */
const char *dr__key_all_of(int n);
/* The floor's designed lock-and-key cycle in one sentence ("The short way
 * to the lair (room 12) is barred by ... the long way round."); nothing
 * when no door of c is designed. */
dg_status dr__key_cycle(dg_buf *b, const dg_dungeon *d, const dg_contents *c, dg_error *err);

/* bestiary.c: the creature kinds of d and every floor below it (rooms and
 * wandering monsters), each once, sorted by name. */
#define DR__BESTIARY_MAX 400 /* > dg_monster_count() (test_srd_tables) */
#define DR__BESTIARY_IDS (DG_MONSTER_ID_2024 + DR__BESTIARY_MAX) /* ids of either rules' table */
typedef struct {
    int n;
    int monster[DR__BESTIARY_MAX]; /* dg_monster_info ids */
} dr__bestiary;
void dr__bestiary_of(const dg_dungeon *d, dr__bestiary *b);
/* The same over floors[0..n) (the Foundry bundle's floors). */
void dr__bestiary_of_floors(const dg_dungeon *const *floors, size_t n, dr__bestiary *b);
/* The kind's id: its name as a slug ("giant-rat-diseased"). */
void dr__bestiary_id(int monster, char *out, size_t cap);
/* The monster's stat block as Markdown, under "<hashes> Name" (no heading
 * when hashes is NULL), its sections a level below. */
dg_status dr__key_statblock(dg_buf *b, int monster, const char *hashes, dg_error *err);


/* ---------------------------------------------------- json_contents.c */

struct dr__jw;
/* The stocked dungeon's members in the native document (json.c's order):
 * name, level, party, motif, contents after the permalink; entrance, lair,
 * details, wandering monsters, corridor features, attribution after exits;
 * a room's "contents" value and a door's "lock" value. */
void dr__json_contents_head(struct dr__jw *w, const dg_dungeon *d);
void dr__json_contents_tail(struct dr__jw *w, const dg_dungeon *d, dg_buf *scratch, dg_error *err);
/* "bestiary": the stat blocks of d's creature kinds, every floor's. */
void dr__json_bestiary(struct dr__jw *w, const dg_dungeon *d);
void dr__json_room_contents(struct dr__jw *w, const dg_dungeon *d, int id, dg_buf *scratch, dg_error *err);
void dr__json_door_lock(struct dr__jw *w, const dg_dungeon *d, size_t i);
/* json_adventure.c: the "adventure" member, null without c or its adventure. */
void dr__json_adventure(struct dr__jw *w, const dg_contents *c);
/* json.c: a text key's canonical value decoded into buf, (size_t)-1 when
 * key is not a text key (the oracle reads options the same way). */
size_t dr__option_text(const char *key, size_t kn, const char *v, size_t n, char *buf, size_t cap);
/* key_text.c: a room's one line, donjon's summary: "Bugbear and 1 x
 * Goblin, Scything Blade, Treasure", or "Empty". */
dg_status dr__key_summary(dg_buf *b, const dg_room_contents *r, dg_error *err);

/* marks.c: the GM's marks (the key's corridor letters, T for a room trap,
 * K for keys, ? for a hidden feature), each on the square the key names;
 * fn is called once per mark, none in the player view. */
typedef enum { DR__MARK_FEATURE, DR__MARK_TRAP, DR__MARK_KEY, DR__MARK_HIDDEN } dr__mark_kind;
typedef struct {
    dr__mark_kind kind;
    int x, y;
    char text[4];
} dr__mark;
/* player: the view being drawn (a VTT image's may differ from d->opts.view). */
void dr__map_marks(const dg_dungeon *d, bool player, void (*fn)(void *ctx, const dr__mark *m), void *ctx);
/* marks.c: the things the map draws on squares, in both views: the
 * stock's features (c->features), then the object each room's hiding
 * place lies in (dg_hidden_object: the rubble over a trapdoor, a hollow
 * statue) on its hidden_cell. Object i of dr__objects_count(d): false
 * when i is a hiding place with nothing to draw. */
size_t dr__objects_count(const dg_dungeon *d);
bool dr__object(const dg_dungeon *d, size_t i, dg_map_feature *f);

/* feature_shapes.c: each map feature's glyph as a few shapes in a 32 x 32
 * box (the cell's interior), so the PNG and the SVG draw the same thing.
 * 'R': the box [a, c) x [b, d); 'C': the disc at (a, b) of radius c; ink:
 * 0 the style's wall colour, 1 its door fill. Water is no glyph (a fill
 * and ripples): *n is 0 for it. */
typedef struct {
    char op;
    unsigned char ink;
    signed char a, b, c, d;
} dr__shape;
const dr__shape *dr__feature_shapes(int kind, int *n);
/* The ripples of water square (x, y): 'R' shapes as above, in the water's
 * ink; two strokes, set apart square by square so a pool never tiles. */
const dr__shape *dr__water_ripples(int x, int y, int *n);
/* Whether d's contents place any water (the palette's water roles). */
bool dr__map_has_water(const dg_dungeon *d);
/* vtt_water.c: d's water squares as a JSON array of [x, y], NULL when it
 * has none (or out of memory: callers check dr__map_has_water). */
struct json_t;
struct json_t *dr__vtt_water(const dg_dungeon *d);
/* vtt_water.c: Foundry Drawing documents over d's water squares at ppg px
 * a square (a few rectangles a pool), NULL when it has none (or out of
 * memory: callers check dr__map_has_water). */
struct json_t *dr__vtt_water_drawings(const dg_dungeon *d, int ppg);
/* vtt_water.c: d's water as Foundry Region documents appended to regions
 * (one a room, its rectangles as shapes, a modifyMovementCost behaviour
 * doubling walking, seen by everyone), ids "dgWater" + 9 digits from
 * floor; level: the Level id the regions stand on (v14), NULL for v13's
 * (no levels key). false: no memory. */
bool dr__vtt_water_regions(const dg_dungeon *d, int floor, const char *level, int bottom, int top,
                           struct json_t *regions);

/* foundry_scene.c: a Foundry scene as format=foundry and the module write it. v14:
 * floors[0..n) on one scene, a Level each (level_ids, names, srcs), their
 * stairs joined by changeLevel regions; v13 (dg_foundry): floors[floor]
 * alone, its background srcs[floor], its stairs teleportToken regions to
 * the neighbours' (scene_ids[k]: floor k's scene id; NULL: no stair
 * regions). Both: water and trap regions, lights in environment. */
typedef struct {
    const dg_dungeon *const *floors;
    size_t n;
    int floor;                     /* v13: the scene's floor */
    bool v14;
    const char *const *srcs;       /* n background images */
    const char *const *names;      /* n level names (v14) */
    const char (*level_ids)[17];   /* n level ids (v14) */
    const char (*scene_ids)[17];   /* n scene ids (v13 stairs), or NULL */
} dr__foundry_plan;
dg_status dr__foundry_scene(const dr__foundry_plan *p, dg_buf *out, dg_error *err);
/* The elevation band of floor k of n on a levelled scene: floor 0 the top;
 * DG_FOUNDRY_LEVEL_FT feet high, stacked, the lowest from 0. */
#define DG_FOUNDRY_LEVEL_FT 20
int dr__foundry_level_bottom(int k, int n);
/* Level k's id: "dgLevel" and 9 digits (Foundry's 16 letters and digits). */
void dr__foundry_level_id(int k, char out[17]);

#endif
