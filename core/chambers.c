/* chambers.c -- splits a finished map's caves into chambers and passages,
 * so a cave is keyed like rooms: each chamber joins the room list (kind
 * chamber, its id in its cells' ROOM_ID bits, an outline and a label cell)
 * and each passage is listed with the rooms it joins; a door opening onto a
 * chamber leads into it (dg_door.other). Walls and floors do not move: only
 * the ROOM_ID and LABEL bits of chamber floor cells change.
 *
 * The rule (docs/chambers.md says it for users):
 *  1. Cave floor is every open cell of the cave mask that is neither a
 *     room's nor a door; stairs and exits on it count as floor.
 *  2. A chamfer (3-4) distance to rock is taken over it. Core cells are
 *     those at 6 or more -- all eight neighbours floor, so no passage one
 *     or two cells wide holds one.
 *  3. Each 4-connected run of core cells seeds a chamber, which then grows
 *     one ring (8 neighbours) into the floor around it, breadth first. A
 *     cell two seeds reach in the same ring is a passage cell (the
 *     watershed line), and where two chambers still touch side by side the
 *     cell of the higher-numbered one becomes passage.
 *  4. A chamber under MIN_CHAMBER cells is no chamber: a widening of the
 *     passage it lies in. On huge maps where the 1023 room ids would not
 *     suffice, the smallest chambers are dropped likewise until they do.
 *  5. The floor left over splits into 4-connected passages. One that leads
 *     to a single chamber and nothing else (an alcove, a dead-end tunnel, a
 *     stair's nook) is part of that chamber; one that touches nothing
 *     (a cave all narrow) is a chamber of its own; the rest are passages.
 *  A huge cavern stays one chamber if nothing narrows it to two cells.
 * Chambers are numbered after the map's rooms in the row-major order of
 * their first cell; each one's label cell is its cell farthest from rock.
 * Integer maths, explicit queues, linear in the map's cells. */
#include <string.h>

#include "dg_int.h"

/* Fewer cells than this is a widening of a passage, not a chamber: a core
 * of one cell and its ring is nine cells, a 3x4 nook twelve. */
#define MIN_CHAMBER 16
/* Chamfer distances (dg_int.h): a step along a row or column, a diagonal one. */
#define ORTHO DG__CHAMFER_ORTHO
#define DIAG DG__CHAMFER_DIAG
#define CORE (2 * ORTHO)

/* Per-cell labels while working: ROCK for everything that is not cave
 * floor, FREE for floor no chamber holds yet, chamber numbers above. */
enum { ROCK = -1, FREE = 0 };

typedef struct {
    dg_dungeon *d;
    int w, h;
    size_t n;
    int32_t *lab;            /* n: ROCK, FREE or a chamber number */
    uint16_t *dist;          /* n: chamfer distance to rock */
    uint32_t *queue;         /* n: breadth-first queue, one slot per cell */
    unsigned char *ring;     /* n: 1 where the growth reached a cell this ring */
    int n_ch;                /* chamber numbers 1..n_ch in use */
    int32_t *area;           /* n_ch + 1 */
    int32_t *renum;          /* n_ch + 1 */
    /* rule 5's touch sets: keys met by the current run, and per key the
     * last run that met it; chamber numbers index stamp directly, room r
     * at rooms_at + r */
    int *keys;
    int32_t *stamp;
    size_t rooms_at;
    int32_t run;
    /* rule 5's passage runs: cells in queue[from, from + len), the keys
     * they touch in refs[key_from, key_from + n_keys) */
    struct run { uint32_t from, len, key_from, n_keys; } *runs;
    size_t n_runs, cap_runs;
    int *refs;
    size_t n_refs, cap_refs;
} work;

static bool floor_cell(const dg_dungeon *d, size_t s)
{
    uint32_t c = d->cells[s];
    return d->cave[s] && (c & DG_CORRIDOR) && !(c & (DG_ROOM | DG_DOORSPACE));
}

/* Two passes of the 3-4 chamfer; off the map is rock. */
static void distances(work *k)
{
    const int w = k->w, h = k->h;
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            size_t s = (size_t)y * (size_t)w + (size_t)x;
            if (k->lab[s] == ROCK) {
                k->dist[s] = 0;
                continue;
            }
            unsigned v = ORTHO; /* an edge cell's rock lies just off the map */
            if (x > 0 && y > 0 && x < w - 1 && y < h - 1) {
                unsigned a = k->dist[s - 1] + ORTHO, b = k->dist[s - (size_t)w] + ORTHO;
                unsigned c = k->dist[s - (size_t)w - 1] + DIAG, e = k->dist[s - (size_t)w + 1] + DIAG;
                v = a < b ? a : b;
                v = v < c ? v : c;
                v = v < e ? v : e;
            }
            k->dist[s] = (uint16_t)(v > 65535u ? 65535u : v);
        }
    }
    for (int y = h - 1; y >= 0; y--) {
        for (int x = w - 1; x >= 0; x--) {
            size_t s = (size_t)y * (size_t)w + (size_t)x;
            if (k->lab[s] == ROCK || x == 0 || x == w - 1 || y == h - 1) continue;
            unsigned v = k->dist[s];
            unsigned a = k->dist[s + 1] + ORTHO, b = k->dist[s + (size_t)w] + ORTHO;
            unsigned c = k->dist[s + (size_t)w + 1] + DIAG, e = k->dist[s + (size_t)w - 1] + DIAG;
            v = v < a ? v : a;
            v = v < b ? v : b;
            v = v < c ? v : c;
            v = v < e ? v : e;
            k->dist[s] = (uint16_t)v;
        }
    }
}

/* Rule 3's seeds: 4-connected runs of core cells, numbered in row-major
 * order of their first cell. */
static void seed_cores(work *k)
{
    const int w = k->w;
    int id = 0;
    for (size_t s = 0; s < k->n; s++) {
        if (k->lab[s] != FREE || k->dist[s] < CORE) continue;
        id++;
        size_t head = 0, tail = 0;
        k->lab[s] = id;
        k->queue[tail++] = (uint32_t)s;
        while (head < tail) {
            size_t at = k->queue[head++];
            /* core cells never lie on the edge (edge cells are at ORTHO:
             * rock lies just off the map), so their four neighbours are on it */
            size_t nb[4] = {at - 1, at + 1, at - (size_t)w, at + (size_t)w};
            for (int j = 0; j < 4; j++) {
                size_t t = nb[j];
                if (k->lab[t] == FREE && k->dist[t] >= CORE) {
                    k->lab[t] = id;
                    k->queue[tail++] = (uint32_t)t;
                }
            }
        }
    }
    k->n_ch = id;
}

/* Rule 3's ring: every chamber takes the free floor among its core's
 * eight neighbours; a cell claimed by two chambers is passage. */
static void grow_ring(work *k)
{
    const int w = k->w, h = k->h;
    size_t tail = 0;
    for (size_t s = 0; s < k->n; s++) {
        if (k->lab[s] <= FREE || k->dist[s] < CORE) continue;
        int x = (int)((uint32_t)s % (uint32_t)w), y = (int)((uint32_t)s / (uint32_t)w);
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int nx = x + dx, ny = y + dy;
                if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
                size_t t = (size_t)ny * (size_t)w + (size_t)nx;
                if (k->dist[t] >= CORE) continue;
                if (k->lab[t] == FREE) {
                    k->lab[t] = k->lab[s];
                    k->ring[t] = 1;
                    k->queue[tail++] = (uint32_t)t;
                } else if (k->ring[t] == 1 && k->lab[t] != k->lab[s]) {
                    k->ring[t] = 2; /* contested: the watershed line */
                }
            }
    }
    for (size_t q = 0; q < tail; q++) {
        size_t t = k->queue[q];
        if (k->ring[t] == 2) k->lab[t] = FREE;
        k->ring[t] = 0;
    }
    /* chambers side by side: the higher-numbered one's cell gives way */
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            size_t s = (size_t)y * (size_t)w + (size_t)x;
            int a = k->lab[s];
            if (a <= FREE) continue;
            if (x + 1 < w && k->lab[s + 1] > FREE && k->lab[s + 1] != a) {
                if (a > k->lab[s + 1]) { k->lab[s] = FREE; continue; }
                k->lab[s + 1] = FREE;
            }
            if (y + 1 < h && k->lab[s + (size_t)w] > FREE && k->lab[s + (size_t)w] != a) {
                if (a > k->lab[s + (size_t)w]) k->lab[s] = FREE;
                else k->lab[s + (size_t)w] = FREE;
            }
        }
}

/* Rule 4: small chambers, and on huge maps the smallest past the ids
 * left, go back to free floor. */
static void drop_small(work *k, int ids_left)
{
    for (int c = 0; c <= k->n_ch; c++) k->area[c] = 0;
    for (size_t s = 0; s < k->n; s++)
        if (k->lab[s] > FREE) k->area[k->lab[s]]++;
    int least = MIN_CHAMBER, kept = 0;
    for (int c = 1; c <= k->n_ch; c++) kept += k->area[c] >= least;
    if (kept > ids_left) {
        /* the smallest size that keeps at most ids_left: counting sort of
         * the areas would need their range; a doubling search then a
         * bisection over the size needs only counts */
        int lo = least, hi = least;
        for (;;) {
            int n = 0;
            for (int c = 1; c <= k->n_ch; c++) n += k->area[c] >= hi;
            if (n <= ids_left) break;
            lo = hi;
            hi *= 2;
        }
        while (lo + 1 < hi) {
            int mid = lo + (hi - lo) / 2, n = 0;
            for (int c = 1; c <= k->n_ch; c++) n += k->area[c] >= mid;
            if (n <= ids_left) hi = mid;
            else lo = mid;
        }
        least = hi;
    }
    int id = 0;
    k->renum[0] = 0;
    for (int c = 1; c <= k->n_ch; c++) k->renum[c] = k->area[c] >= least ? ++id : 0;
    for (size_t s = 0; s < k->n; s++)
        if (k->lab[s] > FREE) k->lab[s] = k->renum[k->lab[s]];
    k->n_ch = id;
}

/* What a run of free floor touches: its distinct keys (chamber numbers,
 * and rooms as -id, doors counting as their room) in work's keys, and
 * whether it touches anything that is no chamber (a room, a door, other
 * open ground, the map's edge). Each key is stamped with the run's number
 * when first met, so a run of any length lists each once. */
typedef struct {
    int n;
    bool other;
} touch;

static void touch_add(work *k, touch *t, int key)
{
    size_t at = key > 0 ? (size_t)key : k->rooms_at + (size_t)-key;
    if (k->stamp[at] == k->run) return;
    k->stamp[at] = k->run;
    k->keys[t->n++] = key;
}

/* The room behind the door at (x, y): doors are sorted row-major. */
static int door_room(const dg_dungeon *d, int x, int y)
{
    size_t lo = 0, hi = d->n_doors;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const dg_door *o = &d->doors[mid];
        if (o->y < y || (o->y == y && o->x < x)) lo = mid + 1;
        else hi = mid;
    }
    return lo < d->n_doors && d->doors[lo].x == x && d->doors[lo].y == y ? d->doors[lo].room : 0;
}

static void touch_cell(work *k, touch *t, int x, int y)
{
    const dg_dungeon *d = k->d;
    if (x < 0 || y < 0 || x >= k->w || y >= k->h) {
        t->other = true;
        return;
    }
    size_t s = (size_t)y * (size_t)k->w + (size_t)x;
    if (k->lab[s] > FREE) {
        touch_add(k, t, k->lab[s]);
        return;
    }
    if (k->lab[s] == FREE) return;
    uint32_t c = d->cells[s];
    if (!(c & DG_OPENSPACE)) return;
    t->other = true;
    if (c & DG_ROOM) {
        touch_add(k, t, -dg__room_id(c));
    } else if (c & DG_DOORSPACE) {
        int r = door_room(d, x, y);
        if (r > 0) touch_add(k, t, -r);
    }
}

/* Rule 5. Free floor is walked in 4-connected runs, each appended to the
 * queue (a cell is queued once in all). Passage runs are marked PASSAGE and
 * recorded with the keys they touch for list_passages. A run of nothing but
 * narrow floor for which no chamber id is left stays a passage. Without
 * `record`, only alcoves and narrow caves become chambers (so the split
 * weighs chambers whole) and the rest is left free. */
#define PASSAGE (-2)
static dg_status settle_runs(work *k, int ids_left, bool record, dg_error *err)
{
    const uint32_t w = (uint32_t)k->w, h = (uint32_t)k->h;
    size_t tail = 0;
    for (size_t s = 0; s < k->n; s++) {
        if (k->lab[s] != FREE) continue;
        size_t from = tail, head = tail;
        k->lab[s] = PASSAGE;
        k->queue[tail++] = (uint32_t)s;
        touch t = {.n = 0};
        k->run++;
        while (head < tail) {
            uint32_t at = k->queue[head++];
            int x = (int)(at % w), y = (int)(at / w);
            static const int dx[4] = {-1, 1, 0, 0}, dy[4] = {0, 0, -1, 1};
            for (int j = 0; j < 4; j++) {
                int nx = x + dx[j], ny = y + dy[j];
                if (nx >= 0 && ny >= 0 && (uint32_t)nx < w && (uint32_t)ny < h) {
                    size_t u = (size_t)ny * w + (size_t)nx;
                    if (k->lab[u] == FREE) {
                        k->lab[u] = PASSAGE;
                        k->queue[tail++] = (uint32_t)u;
                        continue;
                    }
                    if (k->lab[u] == PASSAGE) continue;
                }
                touch_cell(k, &t, nx, ny);
            }
        }
        int to = 0;
        if (t.n == 1 && !t.other && k->keys[0] > 0) to = k->keys[0]; /* an alcove */
        else if (t.n == 0 && !t.other && k->n_ch < ids_left) to = ++k->n_ch; /* narrow all through */
        if (to) {
            for (size_t q = from; q < tail; q++) k->lab[k->queue[q]] = to;
            continue;
        }
        if (!record) continue;
        dg_status rc;
        if (k->n_runs == k->cap_runs &&
            (rc = dg__grow((void **)&k->runs, &k->cap_runs, k->n_runs + 1, sizeof *k->runs, "keying caves", err)) != DG_OK)
            return rc;
        if (k->n_refs + (size_t)t.n > k->cap_refs &&
            (rc = dg__grow((void **)&k->refs, &k->cap_refs, k->n_refs + (size_t)t.n, sizeof *k->refs, "keying caves",
                           err)) != DG_OK)
            return rc;
        k->runs[k->n_runs++] = (struct run){(uint32_t)from, (uint32_t)(tail - from), (uint32_t)k->n_refs, (uint32_t)t.n};
        if (t.n) memcpy(k->refs + k->n_refs, k->keys, (size_t)t.n * sizeof *k->refs); /* refs NULL before any */
        k->n_refs += (size_t)t.n;
    }
    if (!record) /* a first look: the passages are settled after the split */
        for (size_t s = 0; s < k->n; s++)
            if (k->lab[s] == PASSAGE) k->lab[s] = FREE;
    return DG_OK;
}

/* Chamber numbers in row-major order of first cell (runs of rule 5 made
 * chambers out of order); renum keeps old -> new for the runs' keys. */
static void order_chambers(work *k)
{
    for (int c = 0; c <= k->n_ch; c++) k->renum[c] = 0;
    int id = 0;
    for (size_t s = 0; s < k->n; s++)
        if (k->lab[s] > FREE && !k->renum[k->lab[s]]) k->renum[k->lab[s]] = ++id;
    for (size_t s = 0; s < k->n; s++)
        if (k->lab[s] > FREE) k->lab[s] = k->renum[k->lab[s]];
}

static dg_status add_rooms(work *k, dg_error *err)
{
    dg_dungeon *d = k->d;
    if (k->n_ch == 0) return DG_OK;
    size_t first = d->n_rooms, total = first + (size_t)k->n_ch;
    dg_room *rooms = dg__malloc(total * sizeof *rooms);
    if (!rooms) return dg__nomem(err, "keying caves");
    if (first) memcpy(rooms, d->rooms, first * sizeof *rooms);
    if (d->rooms_apart || !d->packed) dg__free(d->rooms);
    d->rooms = rooms;
    d->rooms_apart = true;
    for (int c = 1; c <= k->n_ch; c++) {
        dg_room *rm = &rooms[first + (size_t)c - 1];
        *rm = (dg_room){.id = (int)first + c, .x = k->w, .y = k->h, .width = -1, .height = -1,
                        .shape = DG_SHAPE_COMPOSITE, .kind = DG_ROOM_KIND_CHAMBER};
    }
    d->n_rooms = total;
    for (size_t s = 0; s < k->n; s++) {
        int c = k->lab[s];
        if (c <= FREE) continue;
        dg_room *rm = &rooms[first + (size_t)c - 1];
        int x = (int)((uint32_t)s % (uint32_t)k->w), y = (int)((uint32_t)s / (uint32_t)k->w);
        if (x < rm->x) rm->x = x;
        if (y < rm->y) rm->y = y;
        if (x > rm->width) rm->width = x;   /* the last column, for now */
        if (y > rm->height) rm->height = y; /* the last row */
        if (rm->area++ == 0) { /* the first cell, until a better one */
            rm->label_x = x;
            rm->label_y = y;
        }
        d->cells[s] = (d->cells[s] & ~(DG_ROOM_ID | DG_LABEL)) | ((uint32_t)rm->id << DG_ROOM_ID_SHIFT);
    }
    dg_status rc = dg__chamber_poles(d, k->lab, k->dist, k->area, rooms + first, err);
    if (rc != DG_OK) return rc;
    /* a door opening onto a chamber leads into it, as one between rooms */
    for (size_t i = 0; i < d->n_doors; i++) {
        dg_door *o = &d->doors[i];
        uint32_t beyond = dg_cell(d, o->x + dg_dir_dx(o->dir), o->y + dg_dir_dy(o->dir));
        if (o->other == 0 && !(beyond & DG_ROOM) && dg__room_id(beyond) > (int)first) o->other = dg__room_id(beyond);
    }
    for (int c = 1; c <= k->n_ch && rc == DG_OK; c++) {
        dg_room *rm = &rooms[first + (size_t)c - 1];
        rm->width = rm->width - rm->x + 1;
        rm->height = rm->height - rm->y + 1;
        rc = dg__trace_outline(d, rm, &rm->outline, &rm->n_outline, err);
        dg__chamber_label(d, rm);
    }
    return rc;
}

/* The passages, one block: the array, then every passage's cells, then
 * their room lists (chambers by their ids on the map, after the rooms). */
static dg_status list_passages(work *k, dg_error *err)
{
    dg_dungeon *d = k->d;
    if (k->n_runs == 0) return DG_OK;
    size_t n_cells = 0;
    for (size_t i = 0; i < k->n_runs; i++) n_cells += k->runs[i].len;
    size_t bytes = k->n_runs * sizeof(dg_passage) + n_cells * sizeof(dg_point) + k->n_refs * sizeof(int);
    dg_passage *p = dg__malloc(bytes);
    if (!p) return dg__nomem(err, "keying caves");
    dg_point *cells = (dg_point *)(void *)(p + k->n_runs);
    int *refs = (int *)(void *)(cells + n_cells);
    d->passages = p;
    d->n_passages = k->n_runs;
    const uint32_t w = (uint32_t)k->w;
    const int first = (int)d->n_rooms;
    for (size_t i = 0; i < k->n_runs; i++) {
        const struct run *r = &k->runs[i];
        p[i] = (dg_passage){.id = (int)i + 1, .cells = cells, .n_cells = r->len, .rooms = refs, .n_rooms = r->n_keys};
        for (uint32_t q = r->from; q < r->from + r->len; q++)
            *cells++ = (dg_point){(int)(k->queue[q] % w), (int)(k->queue[q] / w)};
        /* ascending ids; every key is distinct, rooms below chambers */
        for (uint32_t j = 0; j < r->n_keys; j++) {
            int key = k->refs[r->key_from + j];
            int id = key > 0 ? first + k->renum[key] : -key;
            uint32_t at = j;
            for (; at > 0 && refs[at - 1] > id; at--) refs[at] = refs[at - 1];
            refs[at] = id;
        }
        refs += r->n_keys;
    }
    return DG_OK;
}

/* Rooms a family grew as caves (gridmapper's caves=yes): every cell in the
 * cave mask. They are chambers already, numbered with the rooms; they only
 * take the kind and a label cell, their pole as a chamber's. */
static dg_status key_cave_rooms(work *k, dg_error *err)
{
    dg_dungeon *d = k->d;
    bool any = false;
    /* a room is a cave room unless one of its cells lies outside the mask:
     * mark such rooms in renum (sized n_rooms + 1 here) */
    for (size_t i = 0; i <= d->n_rooms; i++) k->renum[i] = 0;
    for (size_t s = 0; s < k->n; s++) {
        uint32_t c = d->cells[s];
        if (c & DG_ROOM) k->renum[dg__room_id(c)] |= d->cave[s] ? 1 : 2;
    }
    for (size_t s = 0; s < k->n; s++) {
        uint32_t c = d->cells[s];
        bool cave_room = (c & DG_ROOM) && k->renum[dg__room_id(c)] == 1;
        any |= cave_room;
        k->lab[s] = cave_room ? dg__room_id(c) : ROCK;
    }
    if (!any) return DG_OK;
    for (size_t i = 1; i <= d->n_rooms; i++)
        if (k->renum[i] == 1) d->rooms[i - 1].kind = DG_ROOM_KIND_CHAMBER;
    return dg__chamber_poles(d, k->lab, k->dist, k->area, d->rooms, err);
}

dg_status dg__chambers(dg_dungeon *d, dg_error *err)
{
    if (!d->cave || d->width < 1 || d->height < 1) return DG_OK;
    work k = {.d = d, .w = d->width, .h = d->height};
    k.n = (size_t)k.w * (size_t)k.h;
    int ids_left = DG_MAX_ROOMS - (int)d->n_rooms;
    if (ids_left < 0) ids_left = 0;
    /* one block: labels, queue, distances, ring marks */
    size_t bytes = k.n * (sizeof *k.lab + sizeof *k.queue + sizeof *k.dist + 1);
    void *block = dg__malloc(bytes);
    if (!block) return dg__nomem(err, "keying caves");
    k.lab = block;
    k.queue = (uint32_t *)(k.lab + k.n);
    k.dist = (uint16_t *)(k.queue + k.n);
    k.ring = (unsigned char *)(k.dist + k.n);
    memset(k.ring, 0, k.n);
    dg_status rc = DG_OK;
    if (d->n_rooms) {
        k.area = dg__malloc(2 * (d->n_rooms + 1) * sizeof *k.area);
        if (!k.area) {
            rc = dg__nomem(err, "keying caves");
            goto done;
        }
        k.renum = k.area + d->n_rooms + 1;
        rc = key_cave_rooms(&k, err);
        dg__free(k.area);
        k.area = NULL;
        if (rc != DG_OK) goto done;
    }
    size_t floor_cells = 0;
    for (size_t s = 0; s < k.n; s++) {
        bool f = floor_cell(d, s);
        k.lab[s] = f ? FREE : ROCK;
        floor_cells += f;
    }
    if (floor_cells == 0) goto done;
    distances(&k);
    seed_cores(&k);
    /* ids_left + 1 slots: rule 5 may add chambers up to ids_left */
    size_t slots = (size_t)(k.n_ch > ids_left ? k.n_ch : ids_left) + 1;
    k.area = dg__malloc(2 * slots * sizeof *k.area);
    if (!k.area) {
        rc = dg__nomem(err, "keying caves");
        goto done;
    }
    k.renum = k.area + slots;
    /* positive keys stay under n_rooms + slots (list_passages numbers
     * chambers after the rooms) */
    k.rooms_at = d->n_rooms + slots;
    size_t n_keys = k.rooms_at + d->n_rooms + 1;
    k.keys = dg__malloc(n_keys * sizeof *k.keys);
    k.stamp = dg__calloc(n_keys, sizeof *k.stamp);
    if (!k.keys || !k.stamp) {
        rc = dg__nomem(err, "keying caves");
        goto done;
    }
    grow_ring(&k);
    drop_small(&k, ids_left);
    /* big chambers split while ids last (a 1001x1001 map's budget is
     * spent by then), weighed with their alcoves */
    if (k.n_ch < ids_left) {
        if ((rc = settle_runs(&k, ids_left, false, err)) != DG_OK) goto done;
        if ((rc = dg__chambers_split(k.lab, k.w, k.h, &k.n_ch, ids_left, err)) != DG_OK) goto done;
    }
    if ((rc = settle_runs(&k, ids_left, true, err)) != DG_OK) goto done;
    order_chambers(&k);
    if ((rc = list_passages(&k, err)) != DG_OK) goto done;
    rc = add_rooms(&k, err);
done:
    dg__free(k.area);
    dg__free(k.keys);
    dg__free(k.stamp);
    dg__free(k.runs);
    dg__free(k.refs);
    dg__free(block);
    return rc;
}
