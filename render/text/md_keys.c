/* md_keys.c -- format=md's keys line: which locked doors the keys in a
 * room open, each door said once ("the west and east doors of room 1",
 * "both east doors of room 1"), then who holds them. */
#include <stdio.h>
#include <string.h>

#include "md_int.h"

/* A holder's sentence for one key said of several: its first "it" (the
 * key) becomes "them", "It is" "They are". False when it names no key. */
static bool plural_held(char *t, size_t cap)
{
    char out[256];
    const char *at = NULL, *with = NULL;
    size_t skip = 0;
    if (!strncmp(t, "It is ", 6)) {
        at = t, with = "They are ", skip = 6;
    } else {
        for (const char *p = strstr(t, " it"); p && !at; p = strstr(p + 1, " it"))
            if (p[3] == ' ' || p[3] == '.' || p[3] == ',') at = p, with = " them", skip = 3;
    }
    if (!at) return false;
    int len = snprintf(out, sizeof out, "%.*s%s%s", (int)(at - t), t, with, at + skip);
    if (len < 0 || (size_t)len >= sizeof out || (size_t)len >= cap) return false;
    memcpy(t, out, (size_t)len + 1);
    return true;
}

/* How many doors of door i's room stand in its wall (i among them). */
static int in_wall(const dg_dungeon *d, size_t i)
{
    int n = 0;
    for (size_t j = 0; j < d->n_doors; j++)
        n += d->doors[j].room == d->doors[i].room && d->doors[j].dir == d->doors[i].dir;
    return n;
}

/* " at square x,y" after a door named alone whose wall holds another: "the
 * key to the north door of room 18" of a room with two north doors sent
 * the party to either (seed=555 level=5 motif=undead rows=61 cols=61) */
static void which_door(md *m, const dg_dungeon *d, size_t i)
{
    if (in_wall(d, i) > 1) PUTF(m, " at square %d,%d", d->doors[i].x, d->doors[i].y);
}

/* Door i's key lies in room id and is one of its own (not the designed
 * door's, which opens the lair's other doors). */
static bool key_here(const dg_contents *c, int id, size_t i) { return c->doors[i].key_room == id && !c->doors[i].same_key; }

/* A keyed door said with its room's others ("the west and east doors of
 * room 1"), unless it needs words of its own: a gate, a door into another
 * room ("(into room 5)"), the designed door that opens the lair's others,
 * or a second door in the same wall ("the west and west doors"). */
static bool key_door_plain(const dg_dungeon *d, const dg_contents *c, size_t i, int shared)
{
    const dg_door *door = &d->doors[i];
    return !dg_door_gate(d, door) && !door->other && !(c->doors[i].designed && shared) && in_wall(d, i) == 1;
}

/* Door j is a plain door of door i's room whose key lies in room id too. */
static bool key_door_with(const dg_dungeon *d, const dg_contents *c, int id, size_t i, size_t j, int shared)
{
    return key_here(c, id, j) && d->doors[j].room == d->doors[i].room && key_door_plain(d, c, j, shared);
}

/* Door j is another door in door i's wall whose key lies in room id too,
 * neither a gate, into a room or the designed door that opens the lair's:
 * said together ("both east doors of room 1"), not as the same words
 * twice ("the east door of room 1 and the east door of room 1"). */
static bool key_door_twin(const dg_dungeon *d, const dg_contents *c, int id, size_t i, size_t j, int shared)
{
    const dg_door *a = &d->doors[i], *b = &d->doors[j];
    return j != i && key_here(c, id, j) && b->room == a->room && b->dir == a->dir && !dg_door_gate(d, a) &&
           in_wall(d, i) == 2 && /* "both": the wall's two, no third */
           !dg_door_gate(d, b) && !a->other && !b->other && !(shared && (c->doors[i].designed || c->doors[j].designed));
}

/* Door i was said already, with an earlier plain door of its room or an
 * earlier door in its wall. */
static bool key_door_said(const dg_dungeon *d, const dg_contents *c, int id, size_t i, int shared)
{
    for (size_t j = 0; j < i; j++)
        if ((key_door_plain(d, c, i, shared) && key_door_with(d, c, id, i, j, shared)) ||
            key_door_twin(d, c, id, i, j, shared))
            return true;
    return false;
}

/* The keys in room id: which locked door each one opens, as one sentence,
 * a room's plain doors together ("The keys to the west and east doors of
 * room 1 and the north door of room 4 are here"), then who holds them:
 * "is here", not "lies here", since a key a creature wears does not lie
 * anywhere. */
void dr__md_keys(md *m, const dg_dungeon *d, const dg_contents *c, int id)
{
    /* a door that shares the designed door's key (loops=many's lair) is
     * no key of its own: the designed door's says it opens them all */
    int n = 0, items = 0, k = 0, shared = 0;
    for (size_t i = 0; i < d->n_doors && i < c->n_doors; i++)
        shared += c->doors[i].same_key;
    for (size_t i = 0; i < d->n_doors && i < c->n_doors; i++)
        if (key_here(c, id, i)) {
            n++;
            items += !key_door_said(d, c, id, i, shared);
        }
    if (!n) return;
    put(m, n == 1 ? "**Key.** The key to" : "**Keys.** The keys to");
    for (size_t i = 0; i < d->n_doors && i < c->n_doors; i++) {
        if (!key_here(c, id, i) || key_door_said(d, c, id, i, shared)) continue;
        const dg_door *door = &d->doors[i];
        const char *sep = k == 0 ? "" : k == items - 1 ? " and" : ",";
        k++;
        if (key_door_plain(d, c, i, shared)) {
            /* this room's later plain doors with keys here: "the west, north and east doors" */
            int w = 0;
            for (size_t j = i + 1; j < d->n_doors && j < c->n_doors; j++)
                w += key_door_with(d, c, id, i, j, shared);
            if (w) {
                PUTF(m, "%s the %s", sep, dg_dir_name(door->dir));
                for (size_t j = i + 1, q = 0; j < d->n_doors && j < c->n_doors; j++)
                    if (key_door_with(d, c, id, i, j, shared))
                        PUTF(m, "%s %s", (int)++q == w ? " and" : ",", dg_dir_name(d->doors[j].dir));
                PUTF(m, " doors of room %d", door->room);
                continue;
            }
        }
        int twins = 0;
        for (size_t j = i + 1; j < d->n_doors && j < c->n_doors; j++) twins += key_door_twin(d, c, id, i, j, shared);
        if (twins) {
            PUTF(m, "%s %s %s doors of room %d", sep, dr__key_all_of(twins + 1), dg_dir_name(door->dir), door->room);
            continue;
        }
        PUTF(m, dg_door_gate(d, door) ? "%s the gate across the %s tunnel of room %d" : "%s the %s door of room %d",
             sep, dg_dir_name(door->dir), door->room);
        if (!dg_door_gate(d, door)) which_door(m, d, i);
        if (door->other) PUTF(m, " (into room %d)", door->other);
        if (c->doors[i].designed && shared) PUTF(m, ", which opens %s of the lair's doors,", dr__key_all_of(shared + 1));
    }
    const dg_room_contents *rc = dg_contents_room(c, id);
    PUTF(m, " %s here (marked K at square %d,%d).", n == 1 ? "is" : "are", rc->key_cell.x, rc->key_cell.y);
    /* who holds each (the adventure's): "The bugbear keeps it on its belt."
     * Several keys kept alike are said once: "The gnoll keeps them at the
     * belt", not the same sentence a door */
    char first[256] = "";
    bool alike = n > 1;
    for (size_t i = 0; alike && i < d->n_doors && i < c->n_doors; i++) {
        char held[256];
        if (c->doors[i].key_room != id || c->doors[i].same_key) continue;
        if (!dg_key_holder_text(c, i, held, sizeof held)) alike = false;
        else if (!first[0]) memcpy(first, held, sizeof held);
        else alike = !strcmp(first, held);
    }
    if (alike && plural_held(first, sizeof first)) {
        PUTF(m, " %s\n\n", first);
        return;
    }
    for (size_t i = 0; i < d->n_doors && i < c->n_doors; i++) {
        char held[256];
        if (c->doors[i].key_room != id || c->doors[i].same_key || !dg_key_holder_text(c, i, held, sizeof held))
            continue;
        if (n > 1) { /* "For the west door of room 4, the thug ..." */
            PUTF(m, dg_door_gate(d, &d->doors[i]) ? " For the gate across the %s tunnel of room %d"
                                                   : " For the %s door of room %d",
                 dg_dir_name(d->doors[i].dir), d->doors[i].room);
            if (!dg_door_gate(d, &d->doors[i])) which_door(m, d, i);
            put(m, ", ");
            if (held[0] >= 'A' && held[0] <= 'Z') held[0] = (char)(held[0] - 'A' + 'a');
        } else {
            put(m, " ");
        }
        put(m, held);
    }
    put(m, "\n\n");
}
