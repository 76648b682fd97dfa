/* cycles_dig.c -- loops=some: the loops serve the lock-and-key cycle
 * (cycles.c). The lock stands by the lair, the room farthest on foot, so
 * its key must lie on a branch whose round trip is 1.5 times the whole
 * walk to it; many far rooms are dead ends (no key there: ADVENTURE.md's
 * measure), and on a small or crowded map every room lies near the way to
 * the lair. Where the loops as dug leave no key room, in turn until one
 * does: the lair keeps another of its doors as its one way in; a dead-end
 * room far enough round gets one more loop, dug the family's way from one
 * of its walls (loops_dig.c's try, the same rules as every loop; a few a
 * floor at most); a door beside the way to the lair is walled up. On
 * donjon's maze (one corridor system meeting every room, so no loop from
 * a dead end adds a way round the room graph) a far dead-end room gets a
 * second way onto the maze, and where every room lies near the way to
 * the lair a stretch of the maze is cut, as its dead-end pass would take
 * one, so the rooms it led to are reached the long way round (test_loops:
 * donjon's 25x35 floors with a designed cycle 64.6 -> 80.1%). Asked
 * on the map under construction, seen as the finished map it becomes (the
 * same cells and doors, room ids before any renumbering), so cycles.c
 * answers as it will when the map is done; its walling up of the lair's
 * other doors (one_way_in) is done here already, as it would be then. */
#include <stdlib.h>

#include "loops_int.h"

/* Dead-end rooms tried a floor, and loops dug for the design at most. */
#define DESIGN_ROOMS 4
#define DESIGN_DIGS 3
/* Doors beside the way to the lair tried for walling up. */
#define DESIGN_WALLS 12
/* Branches of donjon's maze beside the way to the lair tried for a cut. */
#define DESIGN_CUTS 12
/* Stretches of the maze cut at most a floor: DESIGN_CUT_CELLS cells'
 * worth of tries (each a few walks over the map), at least a few. */
#define DESIGN_CUT_TRIES 64
#define DESIGN_CUT_CELLS 2000000
/* Cells a cut may take (the stretch and what led only to it): a maze
 * corridor that wound over a quarter of a small map is no stretch to cut
 * (seed 1, 25x35, lost 97 of its 203: a hollow where the maze was); with
 * no bound 80.8% of 25x35 floors get the cycle, with 32 80.1%. */
#define DESIGN_CUT_MOST 32

typedef struct {
    dg_dungeon d;
    dg_room *rooms;
    dg_door *doors;
} view;

static void view_free(view *v)
{
    dg__free(v->rooms);
    dg__free(v->doors);
}

/* The finished map b becomes, over b's own cells: rooms by their build
 * ids (a dropped room has no cells), the doors finish.c keeps. */
static dg_status view_of(dg__build *b, view *v, dg_error *err)
{
    *v = (view){0};
    size_t cells = (size_t)b->rows * (size_t)b->cols;
    v->rooms = dg__calloc(b->n_room + 1, sizeof *v->rooms);
    v->doors = dg__calloc(b->n_door + 1, sizeof *v->doors);
    if (!v->rooms || !v->doors) {
        view_free(v);
        return dg__nomem(err, "designing the lock-and-key cycle");
    }
    for (size_t k = 0; k < b->n_room; k++) {
        const dg__room *r = &b->room[k];
        v->rooms[k] = (dg_room){.id = (int)k + 1, .x = r->c1, .y = r->r1, .width = r->c2 - r->c1 + 1,
                                .height = r->r2 - r->r1 + 1, .shape = r->shape, .kind = DG_ROOM_KIND_ROOM};
    }
    for (size_t s = 0; s < cells; s++)
        if (b->cell[s] & DG_ROOM) {
            int id = dg__room_id(b->cell[s]);
            if (id > 0 && (size_t)id <= b->n_room) v->rooms[id - 1].area++;
        }
    size_t n = 0;
    for (size_t k = 0; k < b->n_door; k++) {
        const dg__door *o = &b->door[k];
        if (b->cell[(size_t)o->r * (size_t)b->cols + (size_t)o->c] != (DG_CORRIDOR | dg__door_bit(o->type))) continue;
        uint32_t beyond = dg__get(b, o->r + dg_dir_dy(o->dir), o->c + dg_dir_dx(o->dir));
        v->doors[n++] = (dg_door){.x = o->c, .y = o->r, .type = o->type, .dir = o->dir, .room = o->room,
                                  .other = (beyond & DG_ROOM) ? dg__room_id(beyond) : 0};
    }
    dg_dungeon *d = &v->d;
    d->opts = *b->o;
    d->width = b->cols;
    d->height = b->rows;
    d->cells = b->cell;
    d->rooms = v->rooms;
    d->n_rooms = b->n_room;
    d->doors = v->doors;
    d->n_doors = n;
    d->stairs = b->stair;
    d->n_stairs = b->n_stair;
    d->exits = b->exit;
    d->n_exits = b->n_exit;
    d->cave = b->cave;
    return DG_OK;
}

/* The doors as they stand (records, and the word of each one's cell),
 * to try the lair's other doors as its one way in and go back. */
typedef struct {
    dg__door *doors;
    uint32_t *words;
    size_t n;
} doors_kept;

static dg_status doors_save(const dg__build *b, doors_kept *k, dg_error *err)
{
    k->n = b->n_door;
    k->doors = dg__malloc((k->n + 1) * sizeof *k->doors);
    k->words = dg__malloc((k->n + 1) * sizeof *k->words);
    if (!k->doors || !k->words) return dg__nomem(err, "designing the lock-and-key cycle");
    for (size_t i = 0; i < k->n; i++) {
        k->doors[i] = b->door[i];
        k->words[i] = b->cell[(size_t)b->door[i].r * (size_t)b->cols + (size_t)b->door[i].c];
    }
    return DG_OK;
}

static void doors_restore(digger *g, const doors_kept *k)
{
    dg__build *b = g->b;
    for (size_t i = 0; i < k->n; i++) {
        int32_t at = dg__loop_at(b, k->doors[i].r, k->doors[i].c);
        if (b->cell[at] == k->words[i]) continue;
        b->cell[at] = k->words[i];
        dg__loop_changed(g, at);
    }
    memcpy(b->door, k->doors, k->n * sizeof *k->doors);
    b->n_door = k->n;
    if (g->dirty_r0 <= g->dirty_r1) {
        dg__loop_reclass(g, g->dirty_r0, g->dirty_c0, g->dirty_r1, g->dirty_c1);
        g->dirty_r0 = 1;
        g->dirty_r1 = 0;
    }
}

/* What cycles.c's plan says of the map as it stands. */
typedef struct {
    dg__lock_cycle c;
    int ways;                      /* the lair's doors */
    int dead[2 * DESIGN_ROOMS], n_dead;
    int32_t beside[DESIGN_WALLS];  /* door cells beside the way to the lair */
    int n_beside;
    int32_t cut[DESIGN_CUTS];      /* plain corridor cells where a branch leaves it */
    int n_cut;
} design;

/* cycles.c's plan on the map as it stands, the lair keeping the keep-th
 * door reached; the doors it walls up leave b's records and the digger's
 * classes as a dig's would. */
static dg_status plan(digger *g, int keep, design *p, dg_error *err)
{
    dg__build *b = g->b;
    view v;
    dg_status rc = view_of(b, &v, err);
    if (rc != DG_OK) return rc;
    size_t before = v.d.n_doors;
    dg_door *was = dg__malloc((before + 1) * sizeof *was);
    if (!was) {
        view_free(&v);
        return dg__nomem(err, "designing the lock-and-key cycle");
    }
    memcpy(was, v.doors, before * sizeof *was);
    rc = dg__lock_cycle_plan(&v.d, keep, &p->c, &p->ways, p->dead, DESIGN_ROOMS, &p->n_dead, p->beside, DESIGN_WALLS,
                             &p->n_beside, p->cut, DESIGN_CUTS, &p->n_cut, err);
    bool walled = false;
    for (size_t k = 0; k < before; k++) {
        int32_t at = dg__loop_at(b, was[k].y, was[k].x);
        if (b->cell[at] & DG_DOORSPACE) continue;
        dg__loop_changed(g, at);
        walled = true;
    }
    if (walled) { /* a walled-up door's record goes, as finish.c would drop it */
        size_t kept = 0;
        for (size_t k = 0; k < b->n_door; k++) {
            const dg__door *o = &b->door[k];
            if (b->cell[(size_t)o->r * (size_t)b->cols + (size_t)o->c] == DG_PERIMETER) continue;
            b->door[kept++] = *o;
        }
        b->n_door = kept;
        dg__loop_reclass(g, g->dirty_r0, g->dirty_c0, g->dirty_r1, g->dirty_c1);
        g->dirty_r0 = 1;
        g->dirty_r1 = 0;
    }
    dg__free(was);
    view_free(&v);
    return rc;
}

/* The lair keeps the first door the walk reaches; where that leaves no
 * key room, another of its doors may: the way in from the far side makes
 * the loop through the lair's other door the long way round. The first
 * such door kept whose cycle holds once the map is asked as cycles.c will
 * ask it (the first door reached, now the only one). */
static dg_status choose_way_in(digger *g, design *p, dg_error *err)
{
    doors_kept k = {0};
    dg_status rc = doors_save(g->b, &k, err);
    if (rc == DG_OK) rc = plan(g, 0, p, err);
    int ways = p->ways;
    bool tried = false;
    for (int j = 1; rc == DG_OK && p->c.door < 0 && j < ways; j++) {
        doors_restore(g, &k);
        tried = true;
        if ((rc = plan(g, j, p, err)) != DG_OK || p->c.door < 0) continue;
        rc = plan(g, 0, p, err);
    }
    if (rc == DG_OK && tried && p->c.door < 0) { /* none did: the first, as before */
        doors_restore(g, &k);
        rc = plan(g, 0, p, err);
    }
    dg__free(k.doors);
    dg__free(k.words);
    return rc;
}

static int cmp_pair(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

/* Independent loops of the room graph (rooms and corridor systems, a door
 * an edge, each pair once: edges minus nodes plus one, the map being one
 * region), as test_loops counts them, in *out (less than 0 where the
 * doors alone part the map). A cave's chambers and passages are keyed
 * later: there it counts low. */
static dg_status graph_loops(digger *g, long *out, dg_error *err)
{
    dg__build *b = g->b;
    int64_t *pair = dg__malloc((b->n_door + 1) * sizeof *pair);
    int64_t *node = dg__malloc((2 * b->n_door + 1) * sizeof *node);
    *out = 0;
    if (!pair || !node) {
        dg__free(pair);
        dg__free(node);
        return dg__nomem(err, "designing the lock-and-key cycle");
    }
    size_t n = 0, m = 0;
    int64_t rooms = (int64_t)b->n_room + 1;
    for (size_t k = 0; k < b->n_door; k++) {
        const dg__door *o = &b->door[k];
        if (b->cell[(size_t)o->r * (size_t)b->cols + (size_t)o->c] != (DG_CORRIDOR | dg__door_bit(o->type))) continue;
        int r = o->r + dg_dir_dy(o->dir), c = o->c + dg_dir_dx(o->dir);
        uint32_t w = dg__get(b, r, c);
        int64_t beyond = -1;
        if (w & DG_ROOM) beyond = dg__room_id(w);
        else if (w & DG_DOORSPACE) { /* doors back to back: the room beyond the other */
            for (size_t j = 0; j < b->n_door && beyond < 0; j++)
                if (b->door[j].r == r && b->door[j].c == c) beyond = b->door[j].room;
        } else if (w & DG_OPENSPACE)
            beyond = rooms + dg__loop_system_of(g, dg__loop_at(b, r, c));
        if (beyond < 0) continue;
        int64_t a = o->room, z = beyond;
        pair[n++] = a < z ? a * (rooms + (int64_t)g->n_labels + 1) + z : z * (rooms + (int64_t)g->n_labels + 1) + a;
        node[m++] = a;
        node[m++] = z;
    }
    qsort(pair, n, sizeof *pair, cmp_pair);
    qsort(node, m, sizeof *node, cmp_pair);
    long e = 0, v = 0;
    for (size_t k = 0; k < n; k++) e += !k || pair[k] != pair[k - 1];
    for (size_t k = 0; k < m; k++) v += !k || node[k] != node[k - 1];
    dg__free(pair);
    dg__free(node);
    *out = v ? e - v + 1 : 0;
    return DG_OK;
}

/* The corridor systems labelled afresh (a cut may part one in two, and
 * graph_loops counts them); every cell is written. */
static dg_status relabel(digger *g, dg_error *err) { return dg__loop_label_systems(g, err); }

/* The map as it stands (cells and door records), to go back to. */
typedef struct {
    uint32_t *cells;
    doors_kept doors;
} kept_map;

static void kept_free(kept_map *k)
{
    dg__free(k->cells);
    dg__free(k->doors.doors);
    dg__free(k->doors.words);
}

static dg_status keep_map(const dg__build *b, kept_map *k, dg_error *err)
{
    size_t cells = (size_t)b->rows * (size_t)b->cols;
    *k = (kept_map){0};
    k->cells = dg__malloc(cells * sizeof *k->cells);
    dg_status rc = k->cells ? doors_save(b, &k->doors, err) : dg__nomem(err, "designing the lock-and-key cycle");
    if (rc == DG_OK) memcpy(k->cells, b->cell, cells * sizeof *k->cells);
    return rc;
}

/* Back to the map k holds; tried[] (may be NULL) marks the plain
 * corridor cells the try had closed. */
static dg_status back_to(digger *g, const kept_map *k, unsigned char *tried, dg_error *err)
{
    dg__build *b = g->b;
    size_t cells = (size_t)b->rows * (size_t)b->cols;
    for (size_t q = 0; q < cells; q++)
        if (b->cell[q] != k->cells[q]) {
            if (tried && k->cells[q] == DG_CORRIDOR) tried[q] = 1; /* the same branch cut elsewhere */
            b->cell[q] = k->cells[q];
            dg__loop_changed(g, (int32_t)q);
        }
    doors_restore(g, &k->doors);
    return relabel(g, err);
}

/* loops=some on donjon's maze: a dead-end room far enough round (its
 * walk round 1.5 times the walk to the door), where no loop from it adds
 * a way round the room graph (the maze is one corridor system: every way
 * from its walls meets the system it already opens on), gets a second
 * way onto that maze, as donjon's own rooms have several: a door where
 * its wall parts its floor from the maze, or a corridor dug from its
 * free wall to the maze node to node (loops_dig.c's search). The room is
 * then a way through, no dead end, and the key's; only where the walk it
 * saves between its two ends is a loop's (loops_dig.c's rule at the
 * relaxed tier), so no door opens a step from the first. */
static dg_status door_again(digger *g, const spot *spots, size_t n_spots, design *p, dg_error *err)
{
    dg__build *b = g->b;
    dg_status rc = DG_OK;
    g->lair = p->c.goal; /* no way into the lair: it keeps its one way in */
    int dead[2 * DESIGN_ROOMS], n_dead = p->n_dead;
    memcpy(dead, p->dead, sizeof dead);
    for (int j = 0; j < n_dead && rc == DG_OK && p->c.door < 0; j++)
        for (size_t k = 0; k < n_spots && rc == DG_OK && p->c.door < 0; k++) {
            const spot *s = &spots[k];
            if (s->room != dead[2 * j] || !dg__loop_spot_ok(b, s)) continue;
            if (s->kind == SPOT_BRIDGE) {
                if (s->wall < 0 || b->cell[s->other] != DG_CORRIDOR) continue; /* the maze, not another room */
                if (dg__loop_walk(g, s->attach, s->other, dg__loop_saves(g, 0)) >= 0) continue; /* a step round */
            } else if (s->kind != SPOT_DOOR)
                continue;
            kept_map was;
            bool dug = false;
            if ((rc = keep_map(b, &was, err)) == DG_OK) {
                if (s->kind == SPOT_BRIDGE) {
                    rc = dg__loop_open_bridge(g, s, err);
                    dug = true;
                } else {
                    spot_memo m;
                    m.valid = false;
                    g->through = true;
                    rc = dg__loop_try_spot(g, s, &m, &dug, err);
                    g->through = false;
                }
                dg__loop_reclass(g, g->dirty_r0, g->dirty_c0, g->dirty_r1, g->dirty_c1);
                g->dirty_r0 = 1;
                g->dirty_r1 = 0;
                if (rc == DG_OK && dug && (rc = relabel(g, err)) == DG_OK) rc = plan(g, 0, p, err);
                if (rc == DG_OK && dug && p->c.door < 0) rc = back_to(g, &was, NULL, err); /* no cycle with it */
            }
            kept_free(&was);
        }
    return rc;
}

/* The loops' node of the map's entrance (*entered false: none). */
static dg_status entrance_node(dg__build *b, int32_t *from, bool *entered, dg_error *err)
{
    view v;
    dg_status rc = view_of(b, &v, err);
    if (rc != DG_OK) return rc;
    dg_point in;
    *entered = dg__map_entrance(&v.d, &in);
    view_free(&v);
    if (*entered) *from = dg__loop_at(b, in.y, in.x);
    return DG_OK;
}

/* loops=some: where every room lies near the way to the lair (a small or
 * crowded map), a door beside that way walled up (one at most, the
 * nearest the lair that makes the cycle, the map staying one region with
 * a loop left, never one of two doors back to back): the rooms behind it
 * then come back to the way the long way round, and one of them is the
 * key's. */
static dg_status wall_beside(digger *g, const spot *spots, size_t n_spots, design *p, dg_error *err)
{
    dg__build *b = g->b;
    int32_t from;
    bool entered;
    dg_status rc = entrance_node(b, &from, &entered, err);
    if (rc != DG_OK || !entered) return rc;
    size_t cells = (size_t)b->rows * (size_t)b->cols;
    int32_t tries[DESIGN_WALLS];
    int n = p->n_beside;
    memcpy(tries, p->beside, (size_t)n * sizeof *tries);
    for (int t = 0; t < n && rc == DG_OK && p->c.door < 0; t++) {
        int32_t at = tries[t];
        int r = at / b->cols, c = at % b->cols;
        if (!(b->cell[at] & DG_DOORSPACE)) continue;
        bool pair = false;
        for (int q = 0; q < 4; q++) pair |= (dg__get(b, r + dg_dir_dy((dg_dir)q), c + dg_dir_dx((dg_dir)q)) & DG_DOORSPACE) != 0;
        if (pair) continue;
        kept_map was;
        if ((rc = keep_map(b, &was, err)) != DG_OK) {
            kept_free(&was);
            break;
        }
        b->cell[at] = DG_PERIMETER;
        dg__loop_changed(g, at);
        size_t kept = 0;
        for (size_t j = 0; j < b->n_door; j++)
            if (b->door[j].r != r || b->door[j].c != c) b->door[kept++] = b->door[j];
        b->n_door = kept;
        /* the floor keeps a loop (what some asks) */
        long left = 0;
        rc = graph_loops(g, &left, err);
        if (rc == DG_OK && left >= 1) {
            dg__loop_reclass(g, g->dirty_r0, g->dirty_c0, g->dirty_r1, g->dirty_c1);
            g->dirty_r0 = 1;
            g->dirty_r1 = 0;
            rc = plan(g, 0, p, err);
            /* donjon's maze: the room the wall made a dead end far round
             * may take a second way (door_again) */
            if (rc == DG_OK && p->c.door < 0 && p->n_dead > 0 && b->lattice) rc = door_again(g, spots, n_spots, p, err);
        }
        if (rc == DG_OK && p->c.door >= 0) {
            /* the map one region without it (asked only of a wall that
             * makes the cycle: most make none); the plan may have walled
             * up the lair's other doors too */
            size_t open = 0;
            for (size_t q = 0; q < cells; q++) open += (b->cell[q] & DG_OPENSPACE) != 0;
            dg__loop_walk(g, from, -1, INT32_MAX);
            if (g->reached != open) p->c.door = -1;
        }
        if (rc == DG_OK && p->c.door < 0) rc = back_to(g, &was, NULL, err);
        kept_free(&was);
    }
    return rc;
}

/* Whether a walk from cell from meets every open cell. */
static bool one_region(digger *g, int32_t from)
{
    const dg__build *b = g->b;
    size_t cells = (size_t)b->rows * (size_t)b->cols, open = 0;
    for (size_t q = 0; q < cells; q++) open += (b->cell[q] & DG_OPENSPACE) != 0;
    dg__loop_walk(g, from, -1, INT32_MAX);
    return g->reached == open;
}

/* loops=some on donjon's maze, where every room lies near the way to the
 * lair (walling a door up makes its room a dead end): a branch of the
 * maze where it leaves that way cut, and the corridor left leading
 * nowhere gone back to rock as donjon's dead-end pass takes it (one cut
 * at most, nearest the lair first, the map one region with a loop left):
 * the rooms the branch led to are then reached the long way round, and
 * one of them, its doors all kept, is the key's. */
static dg_status cut_beside(digger *g, const spot *spots, size_t n_spots, design *p, dg_error *err)
{
    dg__build *b = g->b;
    int32_t from;
    bool entered;
    dg_status rc = entrance_node(b, &from, &entered, err);
    if (rc != DG_OK || !entered) return rc;
    size_t cells = (size_t)b->rows * (size_t)b->cols;
    unsigned char *tried = dg__calloc(cells, 1);
    if (!tried) return dg__nomem(err, "designing the lock-and-key cycle");
    /* the branches beside the way first, then every other stretch of the
     * maze in the map's order (a stretch tried is tried once: its cells
     * are marked) */
    int32_t tries[DESIGN_CUTS];
    int n = p->n_cut, made = 0;
    memcpy(tries, p->cut, (size_t)n * sizeof *tries);
    size_t next = 0, most = DESIGN_CUT_CELLS / cells;
    if (most > DESIGN_CUT_TRIES) most = DESIGN_CUT_TRIES;
    if (most < 4) most = 4;
    for (int t = 0; rc == DG_OK && p->c.door < 0 && (size_t)made < most; t++) {
        int32_t at;
        if (t < n) at = tries[t];
        else {
            while (next < cells && (b->cell[next] != DG_CORRIDOR || tried[next])) next++;
            if (next == cells) break;
            at = (int32_t)next++;
        }
        if (b->cell[at] != DG_CORRIDOR || tried[at]) continue; /* an earlier try's stub, or no longer plain */
        made++;
        tried[at] = 1;
        kept_map was;
        if ((rc = keep_map(b, &was, err)) != DG_OK) {
            kept_free(&was);
            break;
        }
        b->cell[at] = DG_NOTHING;
        dg__loop_changed(g, at);
        int32_t nb[4] = {at - 1, at + 1, at - b->cols, at + b->cols};
        for (int q = 0; q < 4; q++)
            if ((b->cell[nb[q]] & DG_DOORSPACE) && !(b->cell[nb[q]] & (DG_STAIR_DN | DG_STAIR_UP))) {
                b->cell[nb[q]] = DG_PERIMETER; /* a door onto the cut: walled up, as fill_stub walls one */
                dg__loop_changed(g, nb[q]);
            }
        dg__loop_fill_stub(g, at);
        size_t kept = 0; /* doors fill_stub walled up go */
        for (size_t j = 0; j < b->n_door; j++) {
            const dg__door *o = &b->door[j];
            if (b->cell[dg__loop_at(b, o->r, o->c)] == (DG_CORRIDOR | dg__door_bit(o->type))) b->door[kept++] = *o;
        }
        b->n_door = kept;
        dg__loop_reclass(g, g->dirty_r0, g->dirty_c0, g->dirty_r1, g->dirty_c1);
        g->dirty_r0 = 1;
        g->dirty_r1 = 0;
        size_t gone = 0; /* corridor cells the cut took */
        for (size_t q = 0; q < cells; q++) gone += (was.cells[q] & DG_OPENSPACE) && !(b->cell[q] & DG_OPENSPACE);
        long left = 0;
        if (gone > DESIGN_CUT_MOST) left = -1; /* a long stretch: no hollow in the maze */
        else if ((rc = relabel(g, err)) == DG_OK) rc = graph_loops(g, &left, err);
        /* a loop left (what some asks), the map one region, then the plan
         * (and a far dead end's second way, which the cut may make) */
        if (rc == DG_OK && left >= 1 && one_region(g, from)) {
            rc = plan(g, 0, p, err);
            if (rc == DG_OK && p->c.door < 0 && p->n_dead > 0) rc = door_again(g, spots, n_spots, p, err);
            /* the plan may have walled up the lair's other doors */
            if (rc == DG_OK && p->c.door >= 0 && !one_region(g, from)) p->c.door = -1;
        }
        if (rc == DG_OK && p->c.door < 0) rc = back_to(g, &was, tried, err); /* no cycle: the maze as it was */
        kept_free(&was);
    }
    dg__free(tried);
    return rc;
}

dg_status dg__loops_for_design(digger *g, const spot *spots, size_t n_spots, dg_error *err)
{
    /* loops=some only, where the issue asks for the cycle: on many's maps
     * it would double the loops' cost (donjon 45x23: 0.63M -> 1.3M
     * instructions a map above the plain map's) for 7-12 points more */
    if (g->b->o->loops != DG_LOOPS_SOME) return DG_OK;
    design p;
    int digs = 0;
    dg_status rc = choose_way_in(g, &p, err);
    int was_relaxed = g->relaxed;
    g->relaxed = 1; /* a way round for the key: the shorter ways round do */
    while (rc == DG_OK && p.c.door < 0 && p.n_dead > 0 && digs < DESIGN_DIGS) {
        g->lair = p.c.goal; /* no loop into the lair: it keeps its one way in */
        bool dug = false;
        for (int j = 0; j < p.n_dead && !dug && rc == DG_OK; j++)
            for (size_t k = 0; k < n_spots && !dug && rc == DG_OK; k++) {
                const spot *s = &spots[k];
                if (s->room != p.dead[2 * j] || (s->kind != SPOT_DOOR && s->kind != SPOT_BRIDGE)) continue;
                spot_memo m;
                m.valid = false;
                rc = dg__loop_try_spot(g, s, &m, &dug, err);
            }
        if (rc != DG_OK || !dug) break;
        digs++;
        dg__loop_reclass(g, g->dirty_r0, g->dirty_c0, g->dirty_r1, g->dirty_c1);
        g->dirty_r0 = 1;
        g->dirty_r1 = 0;
        rc = plan(g, 0, &p, err);
    }
    /* donjon's maze: a far dead end's second way, else a branch cut */
    if (rc == DG_OK && p.c.door < 0 && p.n_dead > 0 && g->b->lattice) rc = door_again(g, spots, n_spots, &p, err);
    if (rc == DG_OK && p.c.door < 0 && p.n_beside > 0) rc = wall_beside(g, spots, n_spots, &p, err);
    if (rc == DG_OK && p.c.door < 0 && g->b->lattice) rc = cut_beside(g, spots, n_spots, &p, err);
    g->relaxed = was_relaxed;
    return rc;
}
