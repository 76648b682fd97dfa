/* bundle_tokens.c -- each room's encounter as hidden tokens on its floor's
 * scene, and each floor's wandering monsters as a RollTable, for the
 * Foundry module (foundry_bundle.c). A token's actor is the Adventure's
 * Actor of its kind (bundle_actors.c), so importing the Adventure, which
 * keeps ids, links them.
 *
 * Where tokens stand: on the room's own floor cells (its id in the cell),
 * never a door, a stair, a trap's trigger cell, rock or a wall, each on a
 * cell of its own; nearest the room's box centre first (the leader, then
 * the rest around it), bigger creatures placed before smaller ones so that
 * a Large one still finds its 2x2 of free floor. Everything is read from
 * the finished dungeon and its contents, so the same dungeon places the
 * same tokens and nothing is drawn from any stream.
 * When a creature cannot have what it should: a big one that no free
 * square of its size fits (a 3x3 room holding an ogre and its pack) stands
 * on the best free cell anyway, its token overlapping the room's walls on
 * screen; a room with more creatures than free cells (it does not happen
 * in the generators' rooms today, see test_foundry_bundle) puts the rest
 * on the cells again in the same order, tokens stacked. The counts always
 * equal the encounter's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle_int.h"

enum { FREE = 1, TAKEN = 2 };

/* Whether cell (x, y) of room r is floor a token may stand on. */
static bool standable(const dg_dungeon *d, const dg_room_contents *rc, const dg_room *r, int x, int y)
{
    uint32_t c = dg_cell(d, x, y);
    if (!(c & DG_OPENSPACE) || (c & (DG_DOORSPACE | DG_STAIRS | DG_BLOCKED | DG_PERIMETER))) return false;
    if ((int)((c & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT) != r->id) return false;
    for (int t = 0; rc && t < rc->n_traps && t < DG_ROOM_MAX_TRAPS; t++)
        if (rc->trap_cells[t].x == x && rc->trap_cells[t].y == y) return false;
    return true;
}

typedef struct {
    int x, y;
    long dist;
} spot;

static int by_distance(const void *a, const void *b)
{
    const spot *p = a, *q = b;
    if (p->dist != q->dist) return p->dist < q->dist ? -1 : 1;
    if (p->y != q->y) return p->y < q->y ? -1 : 1;
    return (p->x > q->x) - (p->x < q->x);
}

typedef struct {
    int monster, side;       /* side: cells a token covers across (1 for tiny) */
    int arrives;             /* its group's dg_group.arrives: 0, or a wave's round */
} creature;

static int by_size(const void *a, const void *b)
{
    const creature *p = a, *q = b;
    if (p->arrives != q->arrives) return p->arrives - q->arrives; /* a wave after those there: the room's edges */
    return q->side - p->side; /* qsort is not stable: ties keep order below */
}

/* One token. */
static json_t *token(dr__jb *j, uint64_t base, int floor, int room, int k, const creature *who, int x, int y,
                     int ppg, const char *level)
{
    int monster = who->monster;
    char id[17], actor[17];
    dr__bundle_id(base, "token", floor * (DG_MAX_ROOMS + 2) + room, k, id);
    dr__bundle_id(base, "actor", monster, 0, actor);
    double squares = dr__bundle_token_size(monster);
    /* a tiny token (half a square) sits in the middle of its cell */
    int inset = squares < 1 ? ppg / 4 : 0;
    json_t *t = json_pack("{s:s,s:s,s:i,s:s,s:b,s:o,s:o,s:{s:s},s:i,s:i,s:i,s:b,s:i,s:i,s:b,s:i,s:i,s:{s:s},"
                          "s:{s:b},s:{}}",
                          "_id", id, "name", dg_monster_info(monster)->name, "displayName", 20, "actorId", actor,
                          "actorLink", 0, "width", dr__bundle_number(squares), "height",
                          dr__bundle_number(squares), "texture", "src",
                          dr__bundle_token_art(monster), "x", x * ppg + inset, "y", y * ppg + inset, "elevation", 0,
                          "lockRotation", 0, "rotation", 0, "alpha", 1, "hidden", 1, "disposition", -1,
                          "displayBars", 40, "bar1", "attribute", "attributes.hp", "sight", "enabled", 0, "flags");
    /* 14: on its floor's level */
    if (t && level && json_object_set_new(t, "level", json_string(level))) {
        json_decref(t);
        t = NULL;
    }
    /* reinforcements stand in the room, hidden like the rest, and say the
     * round the GM reveals them in (the key's "Round 2." line) */
    if (t && who->arrives &&
        json_object_set_new(json_object_get(t, "flags"), "dungeond", json_pack("{s:i}", "arrives_round", who->arrives))) {
        json_decref(t);
        t = NULL;
    }
    if (!t) dr__jb_fail(j);
    return t;
}

/* Room i's tokens appended to a. */
static void room_tokens(dr__jb *j, uint64_t base, const dg_dungeon *d, int floor, const char *level, size_t i,
                        json_t *a)
{
    const dg_room *r = &d->rooms[i];
    const dg_room_contents *rc = d->contents && i < d->contents->n_rooms ? &d->contents->rooms[i] : NULL;
    if (!rc || !rc->encounter.n_groups) return;
    const dg_encounter *e = &rc->encounter;
    size_t box = (size_t)r->width * (size_t)r->height;
    unsigned char *state = dg__calloc(box ? box : 1, 1);
    spot *spots = dg__calloc(box ? box : 1, sizeof *spots);
    creature who[DG_ENC_MAX_GROUPS * DG_ENC_MAX_OF_A_KIND];
    int n_who = 0, n_spots = 0;
    if (!state || !spots) {
        dr__jb_fail(j);
        goto done;
    }
    int bx2 = 2 * r->x + r->width, by2 = 2 * r->y + r->height;
    for (int y = r->y; y < r->y + r->height; y++)
        for (int x = r->x; x < r->x + r->width; x++)
            if (standable(d, rc, r, x, y)) {
                long dx = 2 * x + 1 - bx2, dy = 2 * y + 1 - by2;
                state[(size_t)(y - r->y) * (size_t)r->width + (size_t)(x - r->x)] = FREE;
                spots[n_spots++] = (spot){x, y, dx * dx + dy * dy};
            }
    if (!n_spots) goto done; /* no floor at all: nothing to stand on (never in a generated room) */
    qsort(spots, (size_t)n_spots, sizeof *spots, by_distance);
    for (int g = 0; g < e->n_groups && g < DG_ENC_MAX_GROUPS; g++)
        for (int c = 0; c < e->groups[g].count && n_who < (int)(sizeof who / sizeof who[0]); c++) {
            double sq = dr__bundle_token_size(e->groups[g].monster);
            who[n_who++] = (creature){e->groups[g].monster, sq < 1 ? 1 : (int)sq, e->groups[g].arrives};
        }
    /* biggest first; among equals the encounter's order (insertion sort: stable) */
    for (int p = 1; p < n_who; p++)
        for (int q = p; q > 0 && by_size(&who[q - 1], &who[q]) > 0; q--) {
            creature t = who[q];
            who[q] = who[q - 1];
            who[q - 1] = t;
        }
    int again = 0; /* the next spot reused once every cell is taken */
    for (int k = 0; k < n_who && j->rc == DG_OK; k++) {
        int s = who[k].side, at = -1;
        for (int p = 0; p < n_spots && at < 0; p++) {
            bool fits = true;
            for (int yy = 0; yy < s && fits; yy++)
                for (int xx = 0; xx < s && fits; xx++) {
                    int cx = spots[p].x + xx - r->x, cy = spots[p].y + yy - r->y;
                    fits = cx < r->width && cy < r->height &&
                           state[(size_t)cy * (size_t)r->width + (size_t)cx] == FREE;
                }
            if (fits) at = p;
        }
        if (at < 0) /* too big for any free square: the best free cell */
            for (int p = 0; p < n_spots && at < 0; p++)
                if (state[(size_t)(spots[p].y - r->y) * (size_t)r->width + (size_t)(spots[p].x - r->x)] == FREE)
                    at = p;
        if (at < 0) at = again++ % n_spots; /* more creatures than cells: stacked */
        for (int yy = 0; yy < s; yy++)
            for (int xx = 0; xx < s; xx++) {
                int cx = spots[at].x + xx - r->x, cy = spots[at].y + yy - r->y;
                if (cx < r->width && cy < r->height) state[(size_t)cy * (size_t)r->width + (size_t)cx] = TAKEN;
            }
        dr__jb_push(j, a, token(j, base, floor, (int)i + 1, k, &who[k], spots[at].x, spots[at].y, d->opts.ppg,
                                  level));
    }
done:
    dg__free(state);
    dg__free(spots);
}

dg_status dr__bundle_tokens(uint64_t base, const dg_dungeon *d, int floor, const char *level, json_t **out,
                            dg_error *err)
{
    dr__jb j = {err, DG_OK};
    json_t *a = dr__jb_array(&j);
    for (size_t i = 0; i < d->n_rooms && j.rc == DG_OK; i++) room_tokens(&j, base, d, floor, level, i, a);
    if (j.rc != DG_OK) {
        json_decref(a);
        a = NULL;
    }
    *out = a;
    return j.rc;
}

/* ---------------------------------------------------------- roll tables */

dg_status dr__bundle_wandering_text(const dg_contents *c, int row, dg_buf *out, dg_error *err)
{
    dg_status rc = dr__key_encounter_read(out, &c->wandering[row].encounter, err);
    if (rc == DG_OK) rc = dg_buf_printf(out, err, ", %s", dg_contents_word(DG_WORDS_ACTIVITY, c->wandering[row].activity));
    return rc;
}

/* Floor k's table, or NULL (and no failure) when it has no wandering monsters. */
static json_t *table(dr__jb *j, uint64_t base, const char *folder_id, const dg_dungeon *d, int floor, size_t n_floors)
{
    const dg_contents *c = d->contents;
    if (!c || c->n_wandering <= 0) return NULL;
    int rows = c->n_wandering < DG_WANDERING_ROWS ? c->n_wandering : DG_WANDERING_ROWS;
    char id[17], name[48], formula[16];
    dr__bundle_id(base, "table", floor, 0, id);
    if (n_floors > 1) snprintf(name, sizeof name, "Floor %d, Wandering monsters", floor + 1);
    else snprintf(name, sizeof name, "Wandering monsters");
    snprintf(formula, sizeof formula, "1d%d", rows);
    json_t *t = json_pack("{s:s,s:s,s:s,s:s,s:s,s:b,s:b,s:s,s:i,s:{s:i},s:{}}", "_id", id, "name", name, "img",
                          "icons/svg/d20-grey.svg", "description",
                          "Roll when the party lingers or makes noise.", "formula", formula, "replacement", 1,
                          "displayRoll", 1, "folder", folder_id, "sort", (floor + 1) * 100000, "ownership", "default",
                          0, "flags");
    json_t *results = dr__jb_array(j);
    if (!t) dr__jb_fail(j);
    dr__jb_set(j, t, "results", results);
    dg_buf text;
    dg_buf_init(&text);
    for (int i = 0; i < rows && j->rc == DG_OK; i++) {
        dg_buf_reset(&text);
        j->rc = dr__bundle_wandering_text(c, i, &text, j->err);
        char rid[17];
        dr__bundle_id(base, "table-result", floor, i, rid);
        /* CONST.TABLE_RESULT_TYPES.TEXT, a string since Foundry 12; a
         * text result names no document */
        if (j->rc == DG_OK)
            dr__jb_push(j, results,
                        json_pack("{s:s,s:s,s:s%,s:s,s:i,s:[ii],s:b,s:{}}", "_id", rid, "type", "text", "text",
                                  (const char *)text.data, text.len, "img", "icons/svg/d20-black.svg", "weight", 1,
                                  "range", i + 1, i + 1, "drawn", 0, "flags"));
    }
    dg_buf_fini(&text);
    dr__jb_set(j, t, "_stats", dr__bundle_stats(false));
    if (j->rc != DG_OK) {
        json_decref(t);
        t = NULL;
    }
    return t;
}

dg_status dr__bundle_tables(uint64_t base, const char *folder_id, const dg_dungeon *const *floors, size_t n,
                            json_t **out, dg_error *err)
{
    dr__jb j = {err, DG_OK};
    json_t *a = dr__jb_array(&j);
    for (size_t k = 0; k < n && j.rc == DG_OK; k++) {
        json_t *t = table(&j, base, folder_id, floors[k], (int)k, n);
        if (t) dr__jb_push(&j, a, t);
    }
    if (j.rc != DG_OK) {
        json_decref(a);
        a = NULL;
    }
    *out = a;
    return j.rc;
}
