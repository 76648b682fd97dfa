/* cycles_ringed.c -- the walks of the lock search on a stocked map
 * (cycles.c: the walk from the entrance, the walks with the locks shut,
 * the cut test) in the form a map ringed with rock allows: each cell's
 * byte in a copy of open[] (w->unmet) says "open, not shut, not met yet"
 * and is cleared as the walk meets the cell, so a side is one test of one
 * byte, not a test of the cell's side bit, then of its dist and shut
 * byte: fewer branches the walk's order makes unpredictable. The same
 * cells in the same order as the walks of cycles.c (their dist, parents,
 * queue, rooms' steps, answers), which stay for the map layer's walks
 * (they dig and wall up: open[] goes stale) and for maps not ringed. */
#include "cycles_int.h"

/* Whether no open cell lies on the map's west or east edge, nor the
 * entrance: then no cell the walk enters has a side that wraps to the
 * next row in memory (north and south of the map are w->open's padding,
 * closed). donjon's maps are ringed with rock. */
static bool ringed(const dg_dungeon *d, const cyc_work *w, int32_t from)
{
    size_t wd = (size_t)d->width, h = (size_t)d->height;
    const unsigned char *open = w->open + wd + 1;
    size_t x = (size_t)from % wd;
    if (wd < 3 || x == 0 || x == wd - 1) return false;
    unsigned char edge = 0;
    for (size_t y = 0; y < h; y++) edge |= open[y * wd] | open[y * wd + wd - 1];
    return !edge;
}

/* w->unmet for a walk from `from` on a ringed map (w->ringed): open[],
 * less the cells shut[] (may be NULL) closes, less `from`; false where
 * `from` is on the west or east edge (not open: the entrance on a stair),
 * whose sides would wrap: dg__cyc_walk's then. */
static bool unmet_for(const dg_dungeon *d, cyc_work *w, int32_t from, const unsigned char *shut)
{
    size_t wd = (size_t)d->width, cells = wd * (size_t)d->height, x = (size_t)from % wd;
    if (x == 0 || x == wd - 1) return false;
    memcpy(w->unmet, w->open, cells + 2 * (wd + 1) + 8);
    unsigned char *unmet = w->unmet + wd + 1;
    size_t k = 0;
    /* eight cells a step: open and shut bytes are 0 or 1 */
    for (; shut && k + 8 <= cells; k += 8) {
        uint64_t o, c;
        memcpy(&o, unmet + k, 8);
        memcpy(&c, shut + k, 8);
        o &= ~c;
        memcpy(unmet + k, &o, 8);
    }
    for (; shut && k < cells; k++) unmet[k] &= (unsigned char)~shut[k];
    unmet[from] = 0;
    return true;
}

/* Cell n met from a ringed walk's cell, without a branch: it goes into
 * the queue's next slot whatever it is, and the queue grows by its unmet
 * byte (0 or 1), cleared as it is met. The queue's new tail. The walks
 * meet a cell's four sides so, in their order: west, east, north, south. */
static inline __attribute__((always_inline)) size_t meet(unsigned char *restrict unmet, int32_t *restrict queue,
                                                        size_t tail, int32_t n)
{
    unsigned char u = unmet[n];
    unmet[n] = 0;
    queue[tail] = n;
    return tail + u;
}

/* Each room's steps from a walk whose dist holds every cell (-1: not
 * met): the least over the room's open cells, read a row of its box at a
 * time (a room's cells lie in its box; a cell of another room there is
 * passed over), a loop gcc vectorises. The first cell a walk meets of a
 * room is one of its nearest, so the same steps as the queue read back
 * (ringed_in's), over the boxes' cells (a 45x23 map's rooms are about half
 * its open cells) without a look-up of each cell the queue names. */
DG__VECTORISED static void box_steps(const dg_dungeon *d, const int32_t *dist, int32_t *steps)
{
    for (size_t i = 0; i < d->n_rooms; i++) {
        const dg_room *r = &d->rooms[i];
        uint32_t least = UINT32_MAX; /* -1 read unsigned: never the least but alone */
        const uint32_t want = (uint32_t)r->id << DG_ROOM_ID_SHIFT;
        for (int y = r->y; y < r->y + r->height; y++) {
            const uint32_t *c = d->cells + (size_t)y * (size_t)d->width + (size_t)r->x;
            const int32_t *s = dist + (size_t)y * (size_t)d->width + (size_t)r->x;
            for (int x = 0; x < r->width; x++) {
                uint32_t v = ((c[x] & DG_ROOM_ID) == want && (c[x] & DG_OPENSPACE)) ? (uint32_t)s[x] : UINT32_MAX;
                least = v < least ? v : least;
            }
        }
        steps[i + 1] = (int32_t)least;
    }
}

/* walk_in on a ringed map (w->ringed, the stocked map's; after unmet_for):
 * each cell's byte in w->unmet says "open, not shut, not met yet" and is
 * cleared as the walk meets the cell. A side met is written without a
 * branch: the cell goes into the queue's next slot whatever it is, and the
 * queue grows by its unmet byte (0 or 1), so a slot a met cell took is
 * taken again by the next; its dist and parent are written as it leaves
 * the queue (the walk's layer, and the cell it was met from, kept beside
 * the queue in `from_of`). Which side of a cell is met is as unpredictable
 * as the map: as branches they were missed about one time in three, and
 * the walk from the entrance was a seventh of a stocking's time. The same
 * sides in the same order as walk_in's (cycles.c), so the same dist,
 * parent, queue and steps, cell for cell (no side of a cell met wraps:
 * ringed; the queue and from_of have a slot past the map's last cell,
 * cycles_work.c). */
static inline __attribute__((always_inline)) size_t
ringed_in(const dg_dungeon *d, cyc_work *w, int32_t from, int32_t *restrict dist, int32_t *restrict parent,
          int32_t *restrict from_of, int32_t *restrict queue, int32_t *restrict steps, bool clear)
{
    size_t cells = (size_t)d->width * (size_t)d->height, n_rooms = d->n_rooms;
    unsigned char *restrict unmet = w->unmet + (size_t)d->width + 1;
    /* the walk itself reads dist only of cells it met (unmet[] says which
     * are met): every cell -1 first only where the caller reads the rest */
    if (clear) memset(dist, 0xff, cells * sizeof *dist);
    for (size_t i = 0; i <= n_rooms; i++) steps[i] = -1;
    size_t head = 0, tail = 0, layer_end = 1;
    int32_t layer = 0;
    queue[tail] = from;
    if (parent) from_of[tail] = -1;
    tail++;
    const uint32_t *cell = d->cells;
    const int32_t west = w->step[0], east = w->step[1], north = w->step[2], south = w->step[3];
    while (head < tail) {
        if (head == layer_end) { /* the next layer: the cells the last one met */
            layer++;
            layer_end = tail;
        }
        int32_t at = queue[head];
        dist[at] = layer;
        if (parent) parent[at] = from_of[head];
        head++;
        /* the cells at meets take the queue's next four slots at most:
         * each slot's cell met from at, written at once (one store of
         * four, not one a side) */
        if (parent) from_of[tail] = from_of[tail + 1] = from_of[tail + 2] = from_of[tail + 3] = at;
        tail = meet(unmet, queue, tail, at + west);
        tail = meet(unmet, queue, tail, at + east);
        tail = meet(unmet, queue, tail, at + north);
        tail = meet(unmet, queue, tail, at + south);
    }
    if (clear) { /* dist holds every cell: the rooms' boxes read */
        box_steps(d, dist, steps);
        return tail;
    }
    /* a room's steps are its first cell's: the queue read backwards, each
     * cell's written over its room's, the first met is the last written
     * (no read of steps[], which a test of each had chained cell to cell);
     * a cell of no room writes steps[0], set back after */
    for (size_t q = tail; q-- > 0;) {
        int32_t at = queue[q];
        uint32_t c = cell[at];
        size_t id = (size_t)dg__room_id(c);
        steps[id <= n_rooms && (c & DG_OPENSPACE) ? id : 0] = dist[at];
    }
    steps[0] = -1;
    return tail;
}

bool dg__cyc_ringed_entrance(const dg_dungeon *d, cyc_work *w, int32_t from)
{
    w->ringed = ringed(d, w, from);
    if (!w->ringed || !unmet_for(d, w, from, NULL)) return false;
    int32_t *parent = w->parent, *steps = w->steps;
    if (!parent || !steps) __builtin_unreachable(); /* gcc drops ringed_in's tests of them */
    ringed_in(d, w, from, w->dist, parent, w->seen, w->queue, steps, true); /* seen: free in a new walk */
    return true;
}

size_t dg__cyc_walk_steps(const dg_dungeon *d, cyc_work *w, int32_t from, const unsigned char *shut, int32_t *dist,
                          int32_t *queue, int32_t *steps)
{
    if (!steps) __builtin_unreachable();
    if (w->ringed && unmet_for(d, w, from, shut)) return ringed_in(d, w, from, dist, NULL, NULL, queue, steps, false);
    return dg__cyc_walk(d, w, from, shut, dist, NULL, queue, steps);
}

/* The search stops at the first cell of dg__cyc_meets_entrance's test,
 * the cells met in its order (start and gone marked at once). */
bool dg__cyc_meets(const dg_dungeon *d, cyc_work *w, int32_t gone, int32_t start)
{
    if (!w->ringed || !unmet_for(d, w, start, NULL)) return dg__cyc_meets_entrance(d, w, gone, start);
    unsigned char *restrict unmet = w->unmet + (size_t)d->width + 1;
    int32_t *restrict queue = w->queue;
    const int32_t *dist = w->dist, *parent = w->parent;
    const int32_t west = w->step[0], east = w->step[1], north = w->step[2], south = w->step[3];
    int32_t bar = dist[gone];
    size_t head = 0, tail = 0;
    queue[tail++] = start;
    unmet[gone] = 0;
    while (head < tail) {
        int32_t at = queue[head++];
        int32_t da = dist[at];
        if (da >= 0 && (da <= bar || (da == bar + 1 && parent[at] != gone))) return true;
        tail = meet(unmet, queue, tail, at + west);
        tail = meet(unmet, queue, tail, at + east);
        tail = meet(unmet, queue, tail, at + north);
        tail = meet(unmet, queue, tail, at + south);
    }
    return false;
}

/* A cell's byte in the key flood's w->unmet: open and not met yet, shut
 * and not met yet, shut and met (waiting for its key); 0: met or closed. */
enum { K_OPEN = 1, K_SHUT = 2, K_WAITING = 4 };

/* open_with_keys (cycles.c) on a ringed map, its flood written as the
 * ringed walks are: each cell's byte in w->unmet is one of K_*, a side met
 * is written without a branch (the queue grows by K_OPEN's bit; a shut
 * cell met becomes waiting: the byte's K_SHUT bit moved up), and a cell's
 * steps are its layer's. The same rooms' steps, the same doors opened
 * (shut[] cleared as their keys are reached) and the same answer; the key
 * lists in w->key_head and key_next (open_with_keys made them). The
 * flood's tests of each side were a branch the map's order made
 * unpredictable, a third of the lock search's own time. False: `from` is
 * on the west or east edge, not flooded (open_with_keys' own then). */
bool dg__cyc_ringed_keys(const dg_dungeon *d, cyc_work *w, int32_t from, unsigned char *shut, int32_t *queue,
                         int32_t *steps, bool *walk)
{
    size_t wd = (size_t)d->width, cells = wd * (size_t)d->height, n_rooms = d->n_rooms;
    if (!w->ringed || from % (int32_t)wd == 0 || from % (int32_t)wd == (int32_t)wd - 1) return false;
    /* the bytes: open plus open and shut (0, 1 or 2), eight cells a step */
    memcpy(w->unmet, w->open, cells + 2 * (wd + 1) + 8);
    unsigned char *restrict st = w->unmet + wd + 1;
    size_t k = 0;
    for (; k + 8 <= cells; k += 8) {
        uint64_t o, s;
        memcpy(&o, st + k, 8);
        memcpy(&s, shut + k, 8);
        o += o & s;
        memcpy(st + k, &o, 8);
    }
    for (; k < cells; k++) st[k] = (unsigned char)(st[k] + (st[k] & shut[k]));
    st[from] = 0;
    const int *next = w->key_next;
    int *head = w->key_head;
    const uint32_t *cell = d->cells;
    const int32_t west = w->step[0], east = w->step[1], north = w->step[2], south = w->step[3];
    bool walked = true;
    size_t qhead = 0, tail = 0, layer_end = 1;
    int32_t layer = 0;
    queue[tail++] = from;
    while (qhead < tail) {
        if (qhead == layer_end) {
            layer++;
            layer_end = tail;
        }
        int32_t at = queue[qhead++];
        uint32_t c = cell[at];
        size_t id = (size_t)dg__room_id(c);
        id = id <= n_rooms && (c & DG_OPENSPACE) ? id : 0;
        /* a room's first cell: its steps, and its keys open their doors,
         * one already met joining the flood (one step on), the rest open
         * to it when it comes (steps[0], no room's, is set back after) */
        if (steps[id] < 0) {
            steps[id] = layer;
            for (int j = head[id]; j >= 0; j = next[j]) {
                int32_t door = (int32_t)((size_t)d->doors[j].y * wd + (size_t)d->doors[j].x);
                shut[door] = 0;
                if (st[door] == K_WAITING) {
                    st[door] = 0;
                    queue[tail++] = door;
                    walked = false;
                } else if (st[door] == K_SHUT)
                    st[door] = K_OPEN;
            }
            head[id] = -1;
        }
#define KEY_MEET(n)                                                                                                    \
    do {                                                                                                               \
        int32_t m_ = (n);                                                                                              \
        unsigned u_ = st[m_];                                                                                          \
        st[m_] = (unsigned char)((u_ | u_ << 1) & K_WAITING);                                                          \
        queue[tail] = m_;                                                                                              \
        tail += u_ & K_OPEN;                                                                                           \
    } while (0)
        KEY_MEET(at + west);
        KEY_MEET(at + east);
        KEY_MEET(at + north);
        KEY_MEET(at + south);
#undef KEY_MEET
    }
    steps[0] = -1;
    *walk = walked;
    return true;
}
