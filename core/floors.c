/* floors.c -- linked floors: each floor below the top is a whole map of its
 * own family, made on a stream of its own (seed, floor number, try). Its
 * family's up stairs go (they would lead nowhere) and one is put on
 * exactly each cell of the floor above's down stairs: on rock, joined to
 * the open space by a corridor dug through rock (through a door where it
 * meets a room's straight wall); on a corridor's dead end as it is; on a
 * corridor open on more sides, by closing all but one of them where the
 * map stays whole. A cell no stair can take (room floor, wall, door) means
 * another try. Every cell word stays one dg.h allows: the stair a dead end
 * off a plain corridor, doors walled on both sides, no corridor widened.
 * Nothing here knows a family: it works on any builder its family has
 * finished. dg_generate (generate.c) calls dg__floor_make once per floor,
 * top first; stocking each floor is generate.c's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dg_int.h"

/* Maps tried for one floor before giving up: a try fails when a cell the
 * stairs above land on cannot take one (a room, a wall, a door). With the
 * stairs a default map has the first few tries nearly always fit (1 to 3
 * on average); only very many stairs on a small map run out. Big maps get
 * fewer tries, so a refusal never costs more than about 2^26 cells of
 * generation a floor (4001 x 4001: 8 tries). */
#define FLOOR_ATTEMPTS 256
#define FLOOR_MIN_ATTEMPTS 8
#define FLOOR_TRY_CELLS (1L << 26)

static int attempts_for(const dg_options *o)
{
    long cells = (long)o->rows * o->cols, n = FLOOR_TRY_CELLS / (cells > 0 ? cells : 1);
    return n > FLOOR_ATTEMPTS ? FLOOR_ATTEMPTS : n < FLOOR_MIN_ATTEMPTS ? FLOOR_MIN_ATTEMPTS : (int)n;
}

/* A 64-bit value out of (seed, floor, n, what), the same on every machine:
 * the numbers are hashed as little-endian bytes. */
static uint64_t floor_seed(uint64_t seed, int floor, int n, const char *what)
{
    unsigned char bytes[16];
    uint64_t v[2] = {seed, (uint64_t)(uint32_t)floor << 32 | (uint32_t)n};
    for (int k = 0; k < 16; k++) bytes[k] = (unsigned char)(v[k / 8] >> (8 * (k % 8)));
    return dg_hash64(bytes, sizeof bytes, dg_hash64(what, strlen(what), 0));
}

uint64_t dg__floor_contents_seed(uint64_t seed, int floor)
{
    return floor == 1 ? seed : floor_seed(seed, floor, 0, "floor-contents");
}

/* ----------------------------------------------------------- digging */

static bool inside(const dg__build *b, int r, int c)
{
    return r >= 1 && c >= 1 && r <= b->rows - 2 && c <= b->cols - 2;
}

/* Open orthogonal neighbours of (r, c), and in *way the last one's
 * direction. */
static int open_sides(const dg__build *b, int r, int c, int *way)
{
    int n = 0;
    for (int d = 0; d < 4; d++)
        if (dg__get(b, r + dg_dir_dy((dg_dir)d), c + dg_dir_dx((dg_dir)d)) & DG_OPENSPACE) {
            n++;
            if (way) *way = d;
        }
    return n;
}

/* Whether a stair may stand on (r, c) as it is: plain rock inside the map's
 * edge with at most one open side, and that one a plain corridor (so the
 * stair is a dead end and nothing else gains an opening: no door's side, no
 * other stair, no room floor). */
static bool stair_spot(const dg__build *b, int r, int c)
{
    if (!inside(b, r, c) || dg__get(b, r, c) != DG_NOTHING) return false;
    int way = -1, n = open_sides(b, r, c, &way);
    return n == 0 || (n == 1 && dg__get(b, r + dg_dir_dy((dg_dir)way), c + dg_dir_dx((dg_dir)way)) == DG_CORRIDOR);
}

/* How a dig ends: joining a plain corridor beside its last cell, or through
 * a door in the wall of the room beyond it. */
enum { END_NONE, END_JOIN, END_DOOR };

/* Breadth-first from (r, c) over rock within `radius` cells of it (the
 * whole map when radius < 0) for the nearest way into the map's open space.
 * Every cell dug has no open side but the ones on its path (so no door's
 * side opens, no corridor widens, no stair gains a second way); the last
 * one has exactly one, a plain corridor, or faces a room's straight wall,
 * where a door goes. Fills path[] from the stair outwards (its length in
 * *n, the door cell last when *end is END_DOOR). */
static dg_status find_way(dg__build *b, int r, int c, int radius, int **path, size_t *n, int *end,
                          dg_error *err)
{
    int r0 = 0, r1 = b->rows - 1, c0 = 0, c1 = b->cols - 1;
    if (radius >= 0) {
        r0 = r - radius > 0 ? r - radius : 0;
        c0 = c - radius > 0 ? c - radius : 0;
        r1 = r + radius < b->rows - 1 ? r + radius : b->rows - 1;
        c1 = c + radius < b->cols - 1 ? c + radius : b->cols - 1;
    }
    int w = c1 - c0 + 1, h = r1 - r0 + 1;
    size_t cells = (size_t)w * (size_t)h;
    int32_t *prev = dg__malloc(cells * sizeof *prev);
    int32_t *queue = dg__malloc(cells * sizeof *queue);
    if (!prev || !queue) {
        dg__free(prev);
        dg__free(queue);
        return dg__nomem(err, "linking floors");
    }
    for (size_t k = 0; k < cells; k++) prev[k] = -2;
#define AT(rr, cc) ((int32_t)(((rr) - r0) * w + ((cc) - c0)))
    int32_t start = AT(r, c), found = -1;
    prev[start] = -1;
    size_t head = 0, tail = 0;
    queue[tail++] = start;
    *end = END_NONE;
    while (head < tail && found < 0) {
        int32_t at = queue[head++];
        int ar = r0 + at / w, ac = c0 + at % w;
        for (int d = 0; d < 4 && found < 0; d++) {
            int dr = dg_dir_dy((dg_dir)d), dc = dg_dir_dx((dg_dir)d);
            int xr = ar + dr, xc = ac + dc;
            if (xr < r0 || xr > r1 || xc < c0 || xc > c1 || !inside(b, xr, xc)) continue;
            int32_t x = AT(xr, xc);
            if (prev[x] != -2) continue;
            uint32_t wx = dg__get(b, xr, xc);
            if (wx == DG_NOTHING) {
                int way = -1, open = open_sides(b, xr, xc, &way);
                if (open == 0) {
                    prev[x] = at;
                    queue[tail++] = x;
                } else if (open == 1 &&
                           dg__get(b, xr + dg_dir_dy((dg_dir)way), xc + dg_dir_dx((dg_dir)way)) == DG_CORRIDOR) {
                    prev[x] = at;
                    found = x;
                    *end = END_JOIN;
                }
                continue;
            }
            /* a room's straight wall, met head on from a dug cell: a door
             * (never straight off the stair: its next cell is corridor) */
            if (at == start || (wx & ~(uint32_t)DG_ENTRANCE) != DG_PERIMETER) continue;
            if (!(dg__get(b, xr + dr, xc + dc) & DG_ROOM)) continue;
            if ((dg__get(b, xr + dc, xc + dr) & DG_OPENSPACE) || (dg__get(b, xr - dc, xc - dr) & DG_OPENSPACE))
                continue;
            prev[x] = at;
            found = x;
            *end = END_DOOR;
        }
    }
    *n = 0;
    *path = NULL;
    if (found >= 0) {
        size_t len = 0;
        for (int32_t k = found; k != start; k = prev[k]) len++;
        int *p = dg__malloc(len * 2 * sizeof *p);
        if (!p) {
            dg__free(prev);
            dg__free(queue);
            return dg__nomem(err, "linking floors");
        }
        size_t i = len;
        for (int32_t k = found; k != start; k = prev[k]) {
            i--;
            p[2 * i] = r0 + k / w;
            p[2 * i + 1] = c0 + k % w;
        }
        *path = p;
        *n = len;
    }
#undef AT
    dg__free(prev);
    dg__free(queue);
    return DG_OK;
}

/* The stair on (r, c), its way off towards `way`. */
static dg_status put_stair(dg__build *b, int r, int c, bool down, int way, bool *placed, dg_error *err)
{
    *dg__at(b, r, c) = DG_CORRIDOR | (down ? DG_STAIR_DN : DG_STAIR_UP) | DG__KEEP;
    dg_stair s = {c, r, down, (dg_dir)way, c + dg_dir_dx((dg_dir)way), r + dg_dir_dy((dg_dir)way)};
    b->ends = NULL;
    *placed = true;
    return dg__add_stair(b, &s, err);
}

/* A door in the dug way: any record left of an earlier door on that cell
 * (closed back to wall with a dead end) goes, so the cell has one. */
static dg_status add_door(dg__build *b, const dg__door *door, dg_error *err)
{
    size_t kept = 0;
    for (size_t k = 0; k < b->n_door; k++)
        if (b->door[k].r != door->r || b->door[k].c != door->c) b->door[kept++] = b->door[k];
    b->n_door = kept;
    return dg__add_door(b, door, err);
}

/* Whether, with the n cells shut[] closed, open cell `from` still reaches
 * open cell `to`. When it does not, *pocket says whether what it reaches is
 * bare corridor (no room, door, stair or exit), which then goes. */
static dg_status reaches(dg__build *b, size_t from, size_t to, const size_t *shut, int n, bool *yes,
                         bool *pocket, dg_error *err)
{
    size_t cells = (size_t)b->rows * (size_t)b->cols, cols = (size_t)b->cols;
    unsigned char *seen = dg__calloc(cells, 1);
    uint32_t *queue = dg__malloc(cells * sizeof *queue);
    if (!seen || !queue) {
        dg__free(seen);
        dg__free(queue);
        return dg__nomem(err, "linking floors");
    }
    for (int k = 0; k < n; k++) seen[shut[k]] = 1;
    size_t head = 0, tail = 0;
    queue[tail++] = (uint32_t)from;
    seen[from] = 1;
    *yes = from == to;
    *pocket = true;
    while (head < tail && !*yes) {
        size_t at = queue[head++];
        if (b->cell[at] != DG_CORRIDOR) *pocket = false;
        int r = (int)(at / cols), c = (int)(at % cols);
        for (int d = 0; d < 4; d++) {
            int rr = r + dg_dir_dy((dg_dir)d), cc = c + dg_dir_dx((dg_dir)d);
            if (!dg__in(b, rr, cc)) continue;
            size_t k = (size_t)rr * cols + (size_t)cc;
            if (seen[k] || !(b->cell[k] & DG_OPENSPACE)) continue;
            if (k == to) *yes = true;
            seen[k] = 1;
            queue[tail++] = (uint32_t)k;
        }
    }
    if (!*yes && *pocket)
        for (size_t k = 0; k < tail; k++) b->cell[queue[k]] = DG_NOTHING; /* bare corridor: goes */
    dg__free(seen);
    dg__free(queue);
    return DG_OK;
}

/* A stair on plain corridor cell (r, c) open on two or more sides (a
 * corridor running on, a crossing, open cave floor): it leads off towards
 * q, and its other open neighbours close, so it is a dead end. Whatever
 * they led to must still reach q some other way, or be bare corridor that
 * can go; the dead ends they leave close back. A failed cut leaves the
 * builder spoiled: its try is dropped. */
static dg_status cut_through(dg__build *b, int r, int c, int q, bool down, bool *placed, dg_error *err)
{
    *placed = false;
    size_t cols = (size_t)b->cols, shut[5];
    int n = 0;
    shut[n++] = (size_t)r * cols + (size_t)c;
    for (int d = 0; d < 4; d++) {
        int orow = r + dg_dir_dy((dg_dir)d), ocol = c + dg_dir_dx((dg_dir)d);
        if (d != q && (dg__get(b, orow, ocol) & DG_OPENSPACE)) shut[n++] = (size_t)orow * cols + (size_t)ocol;
    }
    size_t qat = (size_t)(r + dg_dir_dy((dg_dir)q)) * cols + (size_t)(c + dg_dir_dx((dg_dir)q));
    /* what the closing cells open onto: plain corridor only (closing them
     * must not leave a door opening onto rock or a stair without its
     * landing), and still joined to q */
    for (int pass = 0; pass < 2; pass++)
        for (int k = 1; k < n; k++) {
            int orow = (int)(shut[k] / cols), ocol = (int)(shut[k] % cols);
            for (int d = 0; d < 4; d++) {
                int nr = orow + dg_dir_dy((dg_dir)d), nc = ocol + dg_dir_dx((dg_dir)d);
                size_t at = (size_t)nr * cols + (size_t)nc;
                uint32_t w = dg__get(b, nr, nc);
                bool shut_too = false;
                for (int j = 0; j < n; j++) shut_too |= dg__in(b, nr, nc) && shut[j] == at;
                if (shut_too || !(w & DG_OPENSPACE)) continue;
                if (pass == 0) {
                    if (w != DG_CORRIDOR) return DG_OK;
                    continue;
                }
                bool yes = false, pocket = false;
                dg_status rc = reaches(b, at, qat, shut, n, &yes, &pocket, err);
                if (rc != DG_OK) return rc;
                if (!yes && !pocket) return DG_OK;
            }
        }
    /* the stair first: kept, it stops the dead ends closing back into it */
    dg_status rc = put_stair(b, r, c, down, q, placed, err);
    for (int k = 1; k < n; k++) b->cell[shut[k]] = DG_NOTHING;
    for (int k = 1; k < n; k++) {
        int orow = (int)(shut[k] / cols), ocol = (int)(shut[k] % cols);
        for (int d = 0; d < 4; d++) {
            int nr = orow + dg_dir_dy((dg_dir)d), nc = ocol + dg_dir_dx((dg_dir)d);
            if (dg__get(b, nr, nc) == DG_CORRIDOR && open_sides(b, nr, nc, NULL) <= 1) dg__close_dead_end(b, nr, nc);
        }
    }
    return rc;
}

/* Puts a stair (down or up) on (r, c) and joins it to the open space, or
 * says in *placed that it cannot: the cell is taken, or no way leads from
 * it. Searches near the stair first: the way is nearly always short. */
static dg_status link_stair(dg__build *b, int r, int c, bool down, bool *placed, dg_error *err)
{
    *placed = false;
    int way = -1;
    if (inside(b, r, c) && dg__get(b, r, c) == DG_CORRIDOR && open_sides(b, r, c, &way) == 1 &&
        dg__get(b, r + dg_dir_dy((dg_dir)way), c + dg_dir_dx((dg_dir)way)) == DG_CORRIDOR)
        return put_stair(b, r, c, down, way, placed, err); /* a corridor's dead end */
    if (inside(b, r, c) && dg__get(b, r, c) == DG_CORRIDOR) {
        /* open on several sides, all plain corridor: the way off is drawn
         * among them, so no side is favoured */
        int ways[4], n = 0;
        for (int d = 0; d < 4; d++) {
            uint32_t w = dg__get(b, r + dg_dir_dy((dg_dir)d), c + dg_dir_dx((dg_dir)d));
            if (!(w & DG_OPENSPACE)) continue;
            if (w != DG_CORRIDOR) return DG_OK;
            ways[n++] = d;
        }
        return cut_through(b, r, c, ways[dg__rng_below(&b->rng, (uint32_t)n)], down, placed, err);
    }
    if (!stair_spot(b, r, c)) return DG_OK;
    int *path = NULL;
    size_t n = 0;
    int end = END_NONE;
    if (open_sides(b, r, c, &way) == 0) {
        static const int radii[] = {16, 96, -1};
        for (size_t k = 0; k < sizeof radii / sizeof radii[0] && end == END_NONE; k++) {
            dg_status rc = find_way(b, r, c, radii[k], &path, &n, &end, err);
            if (rc != DG_OK) return rc;
            if (radii[k] < 0 || ((radii[k] >= b->rows && radii[k] >= b->cols))) break;
        }
        if (end == END_NONE) return DG_OK;
        size_t dug = end == END_DOOR ? n - 1 : n;
        for (size_t k = 0; k < dug; k++) *dg__at(b, path[2 * k], path[2 * k + 1]) = DG_CORRIDOR;
        dg_status rc = DG_OK;
        if (end == END_DOOR) {
            int dr = path[2 * (n - 1)], dc = path[2 * (n - 1) + 1];
            int fr = path[2 * (n - 2)], fc = path[2 * (n - 2) + 1]; /* the dug cell before it */
            dg_dir out = fr < dr ? DG_DIR_NORTH : fr > dr ? DG_DIR_SOUTH : fc < dc ? DG_DIR_WEST : DG_DIR_EAST;
            uint32_t inner = dg__get(b, dr - dg_dir_dy(out), dc - dg_dir_dx(out));
            dg__door door = {dr, dc, out, dg__room_id(inner), 0, dg__door_type(&b->rng, b->o->doors)};
            *dg__at(b, dr, dc) = DG_CORRIDOR | dg__door_bit(door.type);
            rc = add_door(b, &door, err);
        }
        int qr = path[0], qc = path[1];
        way = qr < r ? DG_DIR_NORTH : qr > r ? DG_DIR_SOUTH : qc < c ? DG_DIR_WEST : DG_DIR_EAST;
        dg__free(path);
        if (rc != DG_OK) return rc;
    }
    return put_stair(b, r, c, down, way, placed, err);
}

static bool has_down(const dg__build *b)
{
    for (size_t k = 0; k < b->n_stair; k++)
        if (dg__get(b, b->stair[k].y, b->stair[k].x) & DG_STAIR_DN) return true;
    return false;
}

/* A floor with a floor below but no down stair of its own (its family found
 * no spot) gains one: a random cell where a stair may stand and a way
 * leads from. The only change a new floor below makes to the one above. */
static dg_status gain_down(dg__build *b, bool *placed, dg_error *err)
{
    *placed = false;
    size_t n = 0;
    for (int r = 1; r < b->rows - 1; r++)
        for (int c = 1; c < b->cols - 1; c++) n += stair_spot(b, r, c);
    for (int tries = 0; tries < 32 && n > 0 && !*placed; tries++) {
        size_t pick = dg__rng_below(&b->rng, (uint32_t)n), seen = 0;
        for (int r = 1; r < b->rows - 1 && !*placed; r++)
            for (int c = 1; c < b->cols - 1; c++) {
                if (!stair_spot(b, r, c) || seen++ != pick) continue;
                dg_status rc = link_stair(b, r, c, true, placed, err);
                if (rc != DG_OK) return rc;
                break;
            }
    }
    return DG_OK;
}

/* ---------------------------------------------------------- one floor */

/* Floor f's up stairs are the floor above's down stairs: the family's own
 * (which would lead nowhere) go, each corridor collapsing back to where it
 * branched, and one is put under every down stair above. A try that fails
 * still tries the rest (the try is dropped, so nothing it does is kept):
 * *landed of *asked says how many would have taken, the odds
 * dg__floor_make reads to give up early. */
static dg_status stack_under(dg__build *b, const dg_dungeon *above, bool *fits, int *asked, int *landed,
                             dg_error *err)
{
    *fits = true;
    *asked = *landed = 0;
    size_t kept = 0;
    for (size_t k = 0; k < b->n_stair; k++) {
        dg_stair s = b->stair[k];
        if (dg__get(b, s.y, s.x) & DG_STAIR_UP) dg__drop_stair(b, s.y, s.x);
        else b->stair[kept++] = s; /* a dropped one's cell may take a stair from above */
    }
    b->n_stair = kept;
    for (size_t k = 0; k < above->n_stairs; k++) {
        const dg_stair *s = &above->stairs[k];
        if (!s->down) continue;
        bool placed = false;
        dg_status rc = link_stair(b, s->y, s->x, false, &placed, err);
        if (rc != DG_OK) return rc;
        (*asked)++;
        *landed += placed;
        *fits = *fits && placed;
    }
    return DG_OK;
}

/* The chance that every floor from f down stacks, from the stairs that
 * landed in the tries so far (a stair lands or not about independently of
 * the others: each is a cell of a fresh map): p a stair, p^n a try, and
 * a floor has `left` tries (this one) or `attempts` (those below). */
static double stack_odds(double landed, double asked, int n, int left, int attempts, int floors_below)
{
    /* products, not pow(): the same verdict from any libm */
    double p = (landed + 0.5) / (asked + 1.0), try_p = 1, miss_here = 1, miss_below = 1;
    for (int k = 0; k < n; k++) try_p *= p;
    for (int k = 0; k < attempts; k++) {
        if (k < left) miss_here *= 1 - try_p;
        miss_below *= 1 - try_p;
    }
    double here = 1 - miss_here, below = 1 - miss_below;
    for (int k = 0; k < floors_below; k++) here *= below;
    return here;
}

/* Given up early: under this chance that the floors still to make all
 * stack, the rest of the tries (seconds on a big cave map: issue 23's
 * caverns 1001x1001 floors=10 stairs=64 ran 12 s to a refusal) would most
 * likely be spent for the same refusal. Read after STACK_PROBE failed
 * tries (a few dozen stairs' landings); deterministic, as the tries are. */
#define STACK_GIVE_UP 0.1
#define STACK_PROBE 2
/* ... and only when the tries left would cost more than this many cells of
 * generation: the odds take the stairs as independent, and on small maps
 * they are not (a try lands most or few), so there the tries run out as
 * before (41x41 floors=10 stairs=8 stacks, in a tenth of a second) */
#define STACK_WORTH ((double)(1L << 24))

/* The refusal when the odds say no: the stairs a floor that would most
 * likely stack (even odds for every floor left), in the option's units. */
static dg_status stairs_refused(const dg_options *o, int f, double landed, double asked, int n, int attempts,
                                dg_error *err)
{
    int fit = n;
    while (fit > 0 && stack_odds(landed, asked, fit, attempts, attempts, o->floors - f) < 0.5) fit--;
    int stairs = n > 0 ? o->stairs * fit / n : 0;
    if (stairs < 1) stairs = 1;
    char value[16], allowed[16];
    snprintf(value, sizeof value, "%d", o->stairs);
    snprintf(allowed, sizeof allowed, "1..%d", stairs);
    return dg_error_set(err, DG_ELIMIT, "stairs", value, allowed,
                        "floor %d of this %dx%d map takes only %.0f%% of floor %d's stairs a try, so %d floors "
                        "with %d stairs each would most likely not stack; use fewer stairs (about %d), a bigger "
                        "map or fewer floors",
                        f, o->cols, o->rows, 100 * (landed + 0.5) / (asked + 1.0), f - 1, o->floors, o->stairs,
                        stairs);
}

dg_status dg__floor_make(const dg_options *o, int f, const dg_dungeon *above, dg_dungeon **out, dg_error *err)
{
    *out = NULL;
    /* the top floor is made once, as a single map always was; a floor below
     * tries maps until one takes the stairs from above */
    int attempts = above ? attempts_for(o) : 1;
    double landed = 0, asked = 0, cells = (double)o->rows * o->cols;
    for (int a = 0; a < attempts; a++) {
        dg__build b;
        dg_status rc = dg__build_init(&b, o, err);
        if (rc == DG_OK && above)
            dg_rng_seed(&b.rng, floor_seed(o->seed, f, a, "floor-map"), 0x6467u + (uint64_t)o->algorithm);
        if (rc == DG_OK) rc = dg__family_generate(&b, err);
        bool fits = true;
        int n = 0, l = 0;
        if (rc == DG_OK && above) rc = stack_under(&b, above, &fits, &n, &l, err);
        if (rc == DG_OK && fits && f < o->floors && !has_down(&b)) rc = gain_down(&b, &fits, err);
        /* loops last, on a stream of their own: the stairs stand, and
         * everything the family made is as loops=none makes it */
        if (rc == DG_OK && fits && o->loops != DG_LOOPS_NONE) {
            dg_rng lr;
            dg_rng_seed(&lr, floor_seed(o->seed, f, a, "loops"), 0x6c6f6f70u);
            rc = dg__dig_loops(&b, lr, err);
        }
        if (rc == DG_OK && fits) rc = dg__finish(&b, out, err);
        dg__build_fini(&b);
        /* caves keyed as chambers once the map is final: walls do not move */
        size_t rooms = rc == DG_OK && fits ? (*out)->n_rooms : 0;
        if (rc == DG_OK && fits) rc = dg__chambers(*out, err);
        /* a loops map locks the door its lock-and-key cycle needs (the
         * fiction lays the key: stock/stock_locks.c) */
        if (rc == DG_OK && fits && o->loops != DG_LOOPS_NONE) rc = dg__cave_gate(*out, rooms, err);
        if (rc == DG_OK && fits && o->loops != DG_LOOPS_NONE) rc = dg__lock_for_cycle(*out, err);
        if (rc != DG_OK && *out) {
            dg_dungeon_free(*out);
            *out = NULL;
        }
        if (rc != DG_OK) return rc;
        if (fits) {
            (*out)->floor = f;
            return DG_OK;
        }
        if (!above) break; /* the top floor found no down stair: nothing to try */
        asked += n;
        landed += l;
        if (a + 1 >= STACK_PROBE && n > 0 && (double)cells * (attempts - a - 1) * (o->floors - f + 1) > STACK_WORTH
            && stack_odds(landed, asked, n, attempts - a - 1, attempts, o->floors - f) < STACK_GIVE_UP)
            return stairs_refused(o, f, landed, asked, n, attempts, err);
    }
    /* the floors that did stack are the ones that can be had */
    char value[16], allowed[16];
    snprintf(value, sizeof value, "%d", o->floors);
    if (f > 2) snprintf(allowed, sizeof allowed, "1..%d", f - 1);
    else snprintf(allowed, sizeof allowed, "1");
    if (!above)
        return dg_error_set(err, DG_ELIMIT, "floors", value, allowed,
                            "floor 1 of this %dx%d map has no room for a down stair to floor 2; "
                            "use a bigger map or one floor",
                            o->cols, o->rows);
    return dg_error_set(err, DG_ELIMIT, "floors", value, allowed,
                        "could not stack floor %d under floor %d's stairs on a %dx%d map in %d tries; "
                        "use fewer stairs, a bigger map or fewer floors",
                        f, f - 1, o->cols, o->rows, attempts);
}

const dg_dungeon *dg_dungeon_floor(const dg_dungeon *top, int k)
{
    if (k < 1) return NULL;
    const dg_dungeon *d = top;
    for (int i = 1; d && i < k; i++) d = d->below;
    return d;
}
