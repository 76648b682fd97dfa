/* stock_features.c -- the physical features the map draws: what the key
 * already says stands in a room, put on its squares. A room's dressing is
 * read for the things a map shows (an altar, a sarcophagus, statues, a
 * throne, braziers, cages, rubble, columns, a pool), its water floods most
 * of its floor, its treasure's chest or sarcophagus stands where the
 * treasure lies (unless the treasure is hidden: hidden things are the key's
 * alone), and pillars=yes sets rows of pillars in large rooms.
 *
 * The squares come from a stream of their own (DG__STREAM_FEATURE + room
 * id), drawn after everything else, so the rest of the key and the map are
 * what they were. Features keep off the squares the map already writes on
 * (the room's number, the GM's marks), off doorways' and stairs' next
 * squares, and never touch a wall or a door. */
#include "stock_int.h"

#include <string.h>

static const char *const names[] = {
#define DG_X(code, name) name,
    DG_FEATURE_KINDS(DG_X)
#undef DG_X
};

const char *dg_feature_name(int kind)
{
    return kind >= 0 && kind < DG_FEATURE_COUNT ? names[kind] : "";
}

/* What the key's words put on the map: a cue found in a dressing line
 * places `count` of kind (COLONNADE: rows of pillars; POOL: a pool in the
 * room's middle), against a wall or out in the room. First cue of a kind
 * wins; the words are core's own (stock_origins.c, stock_words.c,
 * stock_themes.c), so a new line that names one of these things is drawn. */
enum { COLONNADE = -1, POOL = -2 };
static const struct {
    const char *cue;
    dg_feature_kind kind;
    int count;
    bool wall;
} cues[] = {
    {"altar", DG_FEATURE_ALTAR, 1, false},
    {"sarcophag", DG_FEATURE_SARCOPHAGUS, 1, false},
    {"coffin", DG_FEATURE_SARCOPHAGUS, 3, true},
    {"statue", DG_FEATURE_STATUE, 1, false},
    {"stone guardians", DG_FEATURE_STATUE, 4, true},
    {"throne", DG_FEATURE_THRONE, 1, true},
    {"high seat", DG_FEATURE_THRONE, 1, true},
    {"brazier", DG_FEATURE_BRAZIER, 1, false},
    {"firepit", DG_FEATURE_BRAZIER, 1, false},
    {"cinders", DG_FEATURE_BRAZIER, 2, true},
    {"cage", DG_FEATURE_CAGE, 3, true},
    {"row of cells", DG_FEATURE_CAGE, 3, true},
    {"rubble", DG_FEATURE_RUBBLE, 3, true},
    {"rockfall", DG_FEATURE_RUBBLE, 4, true},
    {"fallen rock", DG_FEATURE_RUBBLE, 3, true},
    {"collapsed", DG_FEATURE_RUBBLE, 2, true},
    {"column", DG_FEATURE_PILLAR, COLONNADE, false},
    {"pillar", DG_FEATURE_PILLAR, COLONNADE, false},
    {"stalagmite", DG_FEATURE_PILLAR, 3, false},
    {"pool", DG_FEATURE_WATER, POOL, false},
    {"still water", DG_FEATURE_WATER, POOL, false},
    {"puddle", DG_FEATURE_WATER, POOL, false},
};
#define N_CUES (sizeof cues / sizeof cues[0])
_Static_assert(N_CUES <= 32, "a room's cues are a 32-bit set");

/* pillars=yes: rooms at least this long and this wide get colonnades */
#define PILLARS_MIN_LONG 5
#define PILLARS_MIN_SHORT 3

/* One room's squares while it is furnished. */
typedef struct {
    dg_point *at;            /* the room's floor squares, row-major */
    unsigned char *flag;     /* per square: F_* */
    int *idx;                /* per square of the room's box: its index in at, or -1 */
    int n;
    int bx, by, bw, bh;      /* the box idx covers */
    int free_at[2];          /* free squares (not blocked nor used) out in the room, by a wall; */
    bool counted;            /* ...counted at the room's first draw, kept as squares are used */
} squares;
enum { F_EDGE = 1, F_BLOCKED = 2, F_USED = 4 };

/* by_pair's side: the 26 letters, then PAIR_NONE for any other byte */
enum { PAIR_NONE = 26, PAIR_SIDE };

typedef struct {
    dg_contents *c;
    const dg_dungeon *d;
    dg_status rc;
    dg_error *err;
    size_t cap;
    uint32_t things;         /* the cues that place something (count != 0) */
    uint32_t counted;        /* ...a number of things (count > 0) */
    uint32_t pools, colonnades; /* ...a pool, a colonnade */
} out;

static void add(out *o, dg_feature_kind kind, int room, dg_point at)
{
    dg_contents *c = o->c;
    if (o->rc != DG_OK) return;
    if (c->n_features == o->cap) {
        size_t cap = o->cap ? 2 * o->cap : 32;
        dg_map_feature *f = dg__realloc(c->features, cap * sizeof *f);
        if (!f) {
            o->rc = dg__nomem(o->err, "placing the map's features");
            return;
        }
        c->features = f;
        o->cap = cap;
    }
    c->features[c->n_features++] = (dg_map_feature){kind, room, at};
}

/* A floor square of room (or cave chamber) id, never a door or a stair. */
static bool in_room(const dg_dungeon *d, int x, int y, int id)
{
    if (x < 0 || y < 0 || x >= d->width || y >= d->height) return false;
    uint32_t cell = dg_cell(d, x, y);
    return dg_cell_open(cell) && !(cell & (DG_DOORSPACE | DG_STAIRS)) &&
           (int)((cell & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT) == id;
}

static bool door_or_stair(const dg_dungeon *d, int x, int y)
{
    if (x < 0 || y < 0 || x >= d->width || y >= d->height) return false;
    return (dg_cell(d, x, y) & (DG_DOORSPACE | DG_STAIRS)) != 0;
}

/* The index of the room square at (x, y), or -1: one look-up in the
 * box's table rather than a walk of the room's squares (pillars, labels
 * and marks each ask). */
static int find(const squares *s, int x, int y)
{
    x -= s->bx;
    y -= s->by;
    if (x < 0 || y < 0 || x >= s->bw || y >= s->bh) return -1;
    return s->idx[(size_t)y * (size_t)s->bw + (size_t)x];
}

static void block(squares *s, int x, int y)
{
    int k = find(s, x, y);
    if (k >= 0) s->flag[k] |= F_BLOCKED;
}

/* The squares the room's number is written on: around the box's centre
 * for a rectangle, else around the room square nearest it (glyphs.c's
 * label_at), the chamber's own square for a chamber. */
static void block_label(squares *s, const dg_room *r)
{
    if (r->kind == DG_ROOM_KIND_CHAMBER) {
        for (int dx = -1; dx <= 1; dx++) block(s, r->label_x + dx, r->label_y);
        return;
    }
    int cx2 = 2 * r->x + r->width, cy2 = 2 * r->y + r->height;
    if (r->shape == DG_SHAPE_RECT && !r->outline) {
        /* the squares whose middles lie within a square and a half across
         * and one down of the centre: at most three by two of them, found
         * in the box rather than by a walk of every square */
        for (int y = cy2 / 2 - 1; y <= cy2 / 2; y++)
            for (int x = cx2 / 2 - 2; x <= cx2 / 2 + 1; x++) {
                int dx = 2 * x + 1 - cx2, dy = 2 * y + 1 - cy2;
                if (dx >= -2 && dx <= 2 && dy >= -1 && dy <= 1) block(s, x, y);
            }
        return;
    }
    long best = -1;
    int bx = 0, by = 0;
    for (int k = 0; k < s->n; k++) {
        long dx = 2 * s->at[k].x + 1 - cx2, dy = 2 * s->at[k].y + 1 - cy2, dd = dx * dx + dy * dy;
        if (best < 0 || dd < best) {
            best = dd;
            bx = s->at[k].x;
            by = s->at[k].y;
        }
    }
    if (best >= 0)
        for (int dx = -1; dx <= 1; dx++) block(s, bx + dx, by);
}

/* F_EDGE and F_BLOCKED for the square at (x, y) on the map's rim (or
 * anywhere: every read bounds-checked), -1 when it is not room id's. */
static int rim_flags(const dg_dungeon *d, int x, int y, int id)
{
    if (!in_room(d, x, y, id)) return -1;
    int f = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            if (!dx && !dy) continue;
            uint32_t n = dg_cell(d, x + dx, y + dy);
            if (!dg_cell_open(n)) f |= F_EDGE;
            if ((!dx || !dy) && door_or_stair(d, x + dx, y + dy)) f |= F_BLOCKED;
        }
    return f;
}

/* Whether cell word c is open, as its bit 1 (DG_ROOM's place): ANDed
 * over several cells without a branch each. */
#define OPEN_BIT(c) (((c) | (c) >> 1) & DG_ROOM)
_Static_assert(DG_ROOM == 2u && DG_CORRIDOR == 4u, "OPEN_BIT folds DG_CORRIDOR onto DG_ROOM");

/* The room's squares, flagged: edge (beside a wall), blocked (beside a
 * doorway or stair, under the number or one of the GM's marks). */
static void gather(squares *s, const dg_dungeon *d, const dg_contents *c, const dg_room *r,
                   const dg_room_contents *rc)
{
    const int w = d->width, h = d->height;
    const uint32_t *cells = d->cells;
    s->n = 0;
    s->bx = r->x;
    s->by = r->y;
    s->bw = r->width;
    s->bh = r->height;
    s->counted = false;
    /* the room's box and the squares' arrays in locals: stores through
     * the arrays would otherwise have every read of r and s made again */
    const int x_lo = r->x, x_hi = r->x + r->width, id = r->id;
    int *idx = s->idx, n = 0;
    dg_point *at = s->at;
    unsigned char *flag = s->flag;
    for (int y = r->y; y < r->y + r->height; y++) {
        if (y <= 0 || y >= h - 1) {
            for (int x = x_lo; x < x_hi; x++, idx++) {
                int f = rim_flags(d, x, y, id);
                *idx = f < 0 ? -1 : n;
                if (f < 0) continue;
                at[n] = (dg_point){x, y};
                flag[n++] = (unsigned char)f;
            }
            continue;
        }
        /* Inside the rim's rows a square's eight neighbours are read as
         * three columns of three, each column once for the three squares
         * beside it: the square is by a wall unless the columns either
         * side and its own are open (its own middle is the square itself,
         * open when it is the room's). Most squares inside a room are
         * open all round, those by its walls not, in no order a branch
         * predictor learns: the reads are ANDed, not tested one by one. */
        const uint32_t *up = cells + (size_t)(y - 1) * (size_t)w, *mid = up + w, *down = mid + w;
#define COLUMN_OPEN(cx) (OPEN_BIT(up[cx]) & OPEN_BIT(mid[cx]) & OPEN_BIT(down[cx]))
        uint32_t left = x_lo > 0 ? COLUMN_OPEN(x_lo - 1) : 0, here = x_lo < w ? COLUMN_OPEN(x_lo) : 0, right;
        for (int x = x_lo; x < x_hi; x++, idx++, left = here, here = right) {
            right = x + 1 < w ? COLUMN_OPEN(x + 1) : 0;
            if (x > 0 && x < w - 1) {
                /* in_room's test, without its bounds; the square is
                 * written whatever it is and kept by counting it (a cave's
                 * box is half rock, in no order a branch learns) */
                uint32_t p = mid[x];
                bool mine = dg_cell_open(p) & !(p & (DG_DOORSPACE | DG_STAIRS)) &
                            ((int)((p & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT) == id);
                unsigned f = (left & here & right) ? 0 : F_EDGE;
                f |= ((up[x] | down[x] | mid[x - 1] | mid[x + 1]) & (DG_DOORSPACE | DG_STAIRS)) ? F_BLOCKED : 0;
                *idx = mine ? n : -1;
                at[n] = (dg_point){x, y};
                flag[n] = (unsigned char)f;
                n += mine;
                continue;
            }
            int f = rim_flags(d, x, y, id);
            *idx = f < 0 ? -1 : n;
            if (f < 0) continue;
            at[n] = (dg_point){x, y};
            flag[n++] = (unsigned char)f;
        }
#undef COLUMN_OPEN
    }
    s->n = n;
    block_label(s, r);
    if (rc) {
        for (int t = 0; t < rc->n_traps; t++) block(s, rc->trap_cells[t].x, rc->trap_cells[t].y);
        if (rc->n_keys) block(s, rc->key_cell.x, rc->key_cell.y);
        if (rc->n_hidden) block(s, rc->hidden_cell.x, rc->hidden_cell.y);
    }
    for (int i = 0; i < c->n_corridor_features; i++)
        if (c->corridor_features[i].n_cells > 0)
            block(s, c->corridor_features[i].cells[0].x, c->corridor_features[i].cells[0].y);
}

/* Marks square k used, keeping the free counts once they are kept. */
static void use(squares *s, int k)
{
    if (s->counted && !(s->flag[k] & (F_BLOCKED | F_USED))) s->free_at[(s->flag[k] & F_EDGE) != 0]--;
    s->flag[k] |= F_USED;
}

/* Draws a free square: by the wall (wall) or out in the room, else any
 * free one; -1 when none is left. The free squares are counted once a
 * room (then kept by use()), not once a draw; the k-th is found without
 * a branch a square. */
static int draw_square(dg_rng *r, squares *s, bool wall)
{
    if (!s->counted) {
        s->free_at[0] = s->free_at[1] = 0;
        for (int k = 0; k < s->n; k++)
            s->free_at[(s->flag[k] & F_EDGE) != 0] += !(s->flag[k] & (F_BLOCKED | F_USED));
        s->counted = true;
    }
    for (int pass = 0; pass < 2; pass++) {
        int n = pass ? s->free_at[0] + s->free_at[1] : s->free_at[wall];
        if (n == 0) continue;
        int pick = (int)dg__rng_below(r, (uint32_t)n);
        unsigned edge_want = wall ? F_EDGE : 0, edge_mask = pass ? 0 : F_EDGE;
        for (int k = 0; k < s->n; k++) {
            unsigned f = s->flag[k];
            pick -= !(f & (F_BLOCKED | F_USED)) & ((f & edge_mask) == (edge_want & edge_mask));
            if (pick < 0) return k;
        }
    }
    return -1;
}

static void place(out *o, dg_rng *r, squares *s, int room, dg_feature_kind kind, int count, bool wall)
{
    for (int i = 0; i < count; i++) {
        int k = draw_square(r, s, wall);
        if (k < 0) return;
        use(s, k);
        add(o, kind, room, s->at[k]);
    }
}

/* Pillars a square in from the long walls, every other square: two rows
 * in a room five or more across, one down the middle of a narrower one
 * (a nave). The colonnade a hall is drawn with; no draw. */
static void colonnade(out *o, squares *s, const dg_room *r)
{
    bool wide = r->width >= r->height;
    int len = wide ? r->width : r->height, across = wide ? r->height : r->width;
    if (len < PILLARS_MIN_LONG || across < PILLARS_MIN_SHORT) return;
    for (int side = 0; side < 2; side++) {
        int v = across >= 5 ? (side ? across - 2 : 1) : across / 2;
        for (int u = 1; u <= len - 2; u += 2) {
            int x = r->x + (wide ? u : v), y = r->y + (wide ? v : u);
            int k = find(s, x, y);
            if (k < 0 || (s->flag[k] & (F_BLOCKED | F_USED))) continue;
            use(s, k);
            add(o, DG_FEATURE_PILLAR, r->id, s->at[k]);
        }
    }
}

/* Water: the room's water covers the floor but its rim (all of it in a
 * room with no inner squares); a pool, the middle half each way. */
static void water(out *o, const squares *s, const dg_room *r, bool flooded)
{
    int inner = 0;
    for (int k = 0; k < s->n; k++) inner += !(s->flag[k] & F_EDGE);
    int cx2 = 2 * r->x + r->width, cy2 = 2 * r->y + r->height;
    int added = 0;
    for (int k = 0; k < s->n; k++) {
        bool wet;
        if (flooded) {
            wet = inner == 0 || !(s->flag[k] & F_EDGE);
        } else {
            int dx = 2 * s->at[k].x + 1 - cx2, dy = 2 * s->at[k].y + 1 - cy2;
            wet = dx * 2 <= r->width && -dx * 2 <= r->width && dy * 2 <= r->height && -dy * 2 <= r->height &&
                  !(s->flag[k] & F_EDGE);
        }
        if (wet) {
            add(o, DG_FEATURE_WATER, r->id, s->at[k]);
            added++;
        }
    }
    if (!added && !flooded) /* too small for a middle: its one inner square, or none */
        for (int k = 0; k < s->n && !added; k++)
            if (!(s->flag[k] & F_EDGE)) {
                add(o, DG_FEATURE_WATER, r->id, s->at[k]);
                added++;
            }
}

/* The cues (a bit per row of cues[]) text names: one walk of the line,
 * each pair of letters tried only against the cues that start with it
 * (by_pair), rather than a search of the line per cue. Anything but a
 * lower-case letter reads as PAIR_NONE, whose row and column are empty:
 * a test per byte whether it was a letter went wrong at every space. */
static uint32_t cues_in(const uint32_t by_pair[PAIR_SIDE][PAIR_SIDE], const char *text)
{
    uint32_t found = 0;
    for (const char *p = text; p && *p; p++) {
        unsigned a = (unsigned char)p[0] - 'a', b = (unsigned char)p[1] - 'a';
        a = a < PAIR_NONE ? a : PAIR_NONE;
        b = b < PAIR_NONE ? b : PAIR_NONE;
        for (uint32_t m = by_pair[a][b] & ~found; m; m &= m - 1) {
            int q = __builtin_ctz(m);
            /* its first two letters are the pair's: the rest, stopping at
             * the first that differs (the line's end differs from any) */
            const char *u = cues[q].cue + 2, *t = p + 2;
            while (*u && *u == *t) u++, t++;
            if (!*u) found |= 1u << q;
        }
    }
    return found;
}

void dg__feature_cues_all(uint32_t *found, size_t n)
{
    uint32_t by_pair[PAIR_SIDE][PAIR_SIDE] = {{0}};
    for (size_t q = 0; q < N_CUES; q++) by_pair[cues[q].cue[0] - 'a'][cues[q].cue[1] - 'a'] |= 1u << q;
    for (size_t i = 0; i < n; i++)
        found[i] = cues_in((const uint32_t(*)[PAIR_SIDE])by_pair, dg_contents_word(DG_WORDS_DRESSING, (int)i));
}

/* The cues room r's dressing names (a bit per row of cues[], each
 * phrase's read once a process: stock_word_facts.c); *any set when
 * furnish would place anything at all (else the room's squares are never
 * gathered: most rooms name nothing the map draws). */
static uint32_t cues_of(const out *o, const dg_room *r, const dg_room_contents *rc, bool *any)
{
    uint32_t found = 0;
    for (int k = 0; rc && k < rc->n_dressing; k++) found |= dg__dressing_cues(rc->dressing[k]);
    bool things = (found & o->things) != 0;
    *any = things || (rc && rc->water) || (o->d->opts.pillars && r->kind == DG_ROOM_KIND_ROOM) ||
           (rc && rc->has_treasure && !rc->treasure.hidden && rc->treasure.container >= 0);
    return found;
}

static void furnish(out *o, squares *s, const dg_room *r, const dg_room_contents *rc, uint64_t seed, uint32_t found)
{
    const dg_dungeon *d = o->d;
    dg_rng rng;
    dg_rng_seed(&rng, seed, DG__STREAM_FEATURE + (uint64_t)r->id);
    /* the cues as sets (found is empty without rc): a test per cue of
     * whether the room names it went one way or the other at random */
    bool pool = found & o->pools, pillars = found & o->colonnades;
    bool flooded = rc && rc->water;
    if (flooded || pool) water(o, s, r, flooded);
    if (pillars || (d->opts.pillars && r->kind == DG_ROOM_KIND_ROOM)) colonnade(o, s, r);
    /* things, in the cue table's order (one draw sequence per room), the
     * first cue of a kind placing it */
    bool placed[DG_FEATURE_COUNT] = {false};
    for (uint32_t m = found & o->counted; m; m &= m - 1) {
        int q = __builtin_ctz(m);
        if (placed[cues[q].kind]) continue;
        placed[cues[q].kind] = true;
        place(o, &rng, s, r->id, cues[q].kind, cues[q].count, cues[q].wall);
    }
    /* where the treasure lies, unless hidden */
    if (rc && rc->has_treasure && !rc->treasure.hidden && rc->treasure.container >= 0) {
        bool sarc = dg__container_sarcophagus(rc->treasure.container);
        if (!(sarc && placed[DG_FEATURE_SARCOPHAGUS]))
            place(o, &rng, s, r->id, sarc ? DG_FEATURE_SARCOPHAGUS : DG_FEATURE_CHEST, 1, true);
    }
}

dg_status dg__features_place(dg_contents *c, const dg_dungeon *d, uint64_t seed, dg_error *err)
{
    bool any = d->opts.pillars || (c->depth != DG_DEPTH_NONE && c->n_rooms);
    if (!any || !d->rooms || !d->n_rooms) return DG_OK;
    out o = {c, d, DG_OK, err, 0, 0, 0, 0, 0};
    for (size_t q = 0; q < N_CUES; q++) {
        o.things |= (uint32_t)(cues[q].count != 0) << q;
        o.counted |= (uint32_t)(cues[q].count > 0) << q;
        o.pools |= (uint32_t)(cues[q].count == POOL) << q;
        o.colonnades |= (uint32_t)(cues[q].count == COLONNADE) << q;
    }
    size_t most = 0;
    for (size_t i = 0; i < d->n_rooms; i++) {
        size_t a = (size_t)d->rooms[i].width * (size_t)d->rooms[i].height;
        if (a > most) most = a;
    }
    squares s;
    /* the stack's where the largest room fits (every room of the common
     * sizes): an allocator's visit a floor otherwise */
    dg_point local[256];
    const size_t bytes = most * (sizeof *s.at + sizeof *s.idx + 1) + 1;
    s.at = bytes <= sizeof local ? local : dg__malloc(bytes);
    if (!s.at) return dg__nomem(err, "placing the map's features");
    s.idx = (int *)(s.at + most);
    s.flag = (unsigned char *)(s.idx + most);
    for (size_t i = 0; i < d->n_rooms && o.rc == DG_OK; i++) {
        const dg_room *r = &d->rooms[i];
        const dg_room_contents *rc = c->depth != DG_DEPTH_NONE ? dg_contents_room(c, r->id) : NULL;
        if (r->width < 1 || r->height < 1) continue;
        bool placing;
        uint32_t found = cues_of(&o, r, rc, &placing);
        if (!placing) continue;
        gather(&s, d, c, r, rc);
        if (s.n) furnish(&o, &s, r, rc, seed, found);
    }
    if (s.at != local) dg__free(s.at);
    return o.rc;
}
