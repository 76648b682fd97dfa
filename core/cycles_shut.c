/* cycles_shut.c -- the walk from the entrance with a few door cells shut,
 * made from the walk with nothing shut (its parents) rather than anew:
 * cycles.c's lock search asks it once a door it tries (on loops=many
 * maps, the lair's doors all shut at once), where a whole walk was a
 * sixteenth of a 45x23 donjon map's instructions and this is half as
 * much (the cut-off part is most often the lair and what lies beyond
 * it). The steps are the whole walk's, to the step. */
#include "cycles_int.h"

/* At most this many cells where the cut-off part meets the rest (and
 * this share of the map cut off): beyond, the whole walk is as cheap. */
#define SHUT_SEEDS 32

/* Rooms' steps (shut_steps, as dg__cyc_walk's steps) from the entrance
 * `from` with the cells shut[0..n_shut) closed, given w->dist and
 * w->parent, the walk from `from` with nothing closed on the map as it
 * stands. A cell whose way back to the entrance (its parents) crosses no
 * shut cell keeps its steps: that way stands, and shutting cells makes
 * no way shorter. The others (the shut cells' part of the walk's tree)
 * are walked again from where they meet the rest, the nearest first.
 * Writes w->seen (cut-off cells' steps), w->back (their list) and
 * w->unmet (which cells they are); false
 * when it would not be cheaper (nothing written but those): the caller
 * walks anew. */
bool dg__cyc_walk_shut(const dg_dungeon *d, cyc_work *w, int32_t from, const int32_t *shut, int n_shut,
                       int32_t *shut_steps)
{
    size_t cells = (size_t)d->width * (size_t)d->height;
    const int32_t *dist = w->dist, *parent = w->parent;
    int32_t *seen = w->seen, *cut = w->back, *queue = w->queue;
    for (int s = 0; s < n_shut; s++)
        if (shut[s] == from) return false;
    /* the cut-off cells marked a byte each in w->unmet (the ringed walks'
     * scratch, set afresh by each of them), cleared here: a map's bytes
     * cleared cost less than the first stamp in w->mark, whose clearing
     * (four bytes a cell) the lock of a loops=many map paid here */
    unsigned char *mark = w->unmet;
    const unsigned char now = 1;
    memset(mark, 0, cells);
    /* w's sides and steps in locals, the four sides written out in the
     * walk's order (west, east, north, south): read through w and in a
     * loop over the side bits, gcc read w->step again after every store
     * (int32_t, as seen[] and cut[] are) and the loop's end was one more
     * branch a cell */
    const unsigned char *sides = w->sides;
    const int32_t west = w->step[0], east = w->step[1], north = w->step[2], south = w->step[3];
    /* the cut-off part: the shut cells and every cell below them in the
     * walk's tree (a cell's children are its open sides that name it
     * their parent) */
    size_t n_cut = 0;
    for (int s = 0; s < n_shut; s++)
        if (dist[shut[s]] >= 0 && mark[shut[s]] != now) {
            mark[shut[s]] = now;
            seen[shut[s]] = -2; /* shut: never entered */
            cut[n_cut++] = shut[s];
        }
    for (size_t i = 0; i < n_cut; i++) {
        int32_t u = cut[i];
        unsigned m = sides[u];
#define CHILD(bit, step)                                                                                               \
    if (m & (bit)) {                                                                                                   \
        int32_t n = u + (step);                                                                                        \
        if (mark[n] != now && dist[n] >= 0 && parent[n] == u) {                                                        \
            mark[n] = now;                                                                                             \
            seen[n] = -1;                                                                                              \
            cut[n_cut++] = n;                                                                                          \
        }                                                                                                              \
    }
        CHILD(1u, west)
        CHILD(2u, east)
        CHILD(4u, north)
        CHILD(8u, south)
#undef CHILD
        if (4 * n_cut > cells) return false;
    }
    /* where it meets the rest: each cut-off cell beside a kept one, its
     * steps one more than the nearest such neighbour's; nearest first */
    struct {
        int32_t at, steps;
    } seed[SHUT_SEEDS];
    int n_seed = 0;
    for (size_t i = 0; i < n_cut; i++) {
        int32_t u = cut[i], best = -1;
        if (seen[u] == -2) continue;
        unsigned m = sides[u];
#define NEAR(bit, step)                                                                                                \
    if (m & (bit)) {                                                                                                   \
        int32_t n = u + (step);                                                                                        \
        if (mark[n] != now && dist[n] >= 0 && (best < 0 || dist[n] + 1 < best)) best = dist[n] + 1;                    \
    }
        NEAR(1u, west)
        NEAR(2u, east)
        NEAR(4u, north)
        NEAR(8u, south)
#undef NEAR
        if (best < 0) continue;
        if (n_seed == SHUT_SEEDS) return false;
        int j = n_seed++;
        while (j > 0 && seed[j - 1].steps > best) {
            seed[j] = seed[j - 1];
            j--;
        }
        seed[j].at = u;
        seed[j].steps = best;
    }
    /* the cut-off part walked from those, a level at a time: the next
     * cell taken is the nearest of the seeds' and the queue's (both in
     * order of steps), so each gets its steps when first met */
    size_t head = 0, tail = 0;
    int next_seed = 0;
    while (next_seed < n_seed || head < tail) {
        int32_t u;
        if (next_seed < n_seed && (head == tail || seed[next_seed].steps <= seen[queue[head]])) {
            u = seed[next_seed].at;
            int32_t s = seed[next_seed++].steps;
            if (seen[u] >= 0) continue; /* met sooner from the queue */
            seen[u] = s;
        } else
            u = queue[head++];
        unsigned m = sides[u];
        int32_t next = seen[u] + 1;
#define AGAIN(bit, step)                                                                                               \
    if (m & (bit)) {                                                                                                   \
        int32_t n = u + (step);                                                                                        \
        if (mark[n] == now && seen[n] == -1) {                                                                         \
            seen[n] = next;                                                                                            \
            queue[tail++] = n;                                                                                         \
        }                                                                                                              \
    }
        AGAIN(1u, west)
        AGAIN(2u, east)
        AGAIN(4u, north)
        AGAIN(8u, south)
#undef AGAIN
    }
    /* rooms' steps: the whole walk's where no cell of the room is cut
     * off; a room with one is read again over its bounding box, where its
     * cells lie (key_head, free where no keys are given, says which) */
    int *again = w->key_head;
    bool any = false;
    for (size_t r = 0; r <= d->n_rooms; r++) {
        shut_steps[r] = w->steps[r];
        again[r] = 0;
    }
    for (size_t i = 0; i < n_cut; i++) {
        uint32_t c = d->cells[cut[i]];
        int id = dg__room_id(c);
        if (id && (size_t)id <= d->n_rooms && (c & DG_OPENSPACE) && !again[id]) {
            again[id] = 1;
            shut_steps[id] = -1;
            any = true;
        }
    }
    for (size_t r = 1; any && r <= d->n_rooms; r++) {
        if (!again[r]) continue;
        const dg_room *o = &d->rooms[r - 1];
        for (int y = o->y; y < o->y + o->height; y++)
            for (int x = o->x; x < o->x + o->width; x++) {
                size_t k = (size_t)y * (size_t)d->width + (size_t)x;
                uint32_t c = d->cells[k];
                if (dg__room_id(c) != (int)r || !(c & DG_OPENSPACE)) continue;
                int32_t v = mark[k] == now ? seen[k] : dist[k];
                if (v >= 0 && (shut_steps[r] < 0 || v < shut_steps[r])) shut_steps[r] = v;
            }
    }
    return true;
}
