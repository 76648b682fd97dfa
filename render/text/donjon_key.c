/* donjon_key.c -- the stocked dungeon in donjon's words, for format=donjon
 * (donjon.c writes them; the test's jansson oracle reads the same ones).
 * donjon's tools read a room's "inhabited" as groups joined by " and ", the
 * first "Name" or "N x Name", every later one "N x Name"; its detail lines
 * are plain strings, "--" between the parts of one entry. */
#include <stdio.h>
#include <string.h>

#include "render_int.h"

void dr__donjon_key_init(dr__donjon_key *k)
{
    dg_buf *all[] = {&k->summary, &k->inhabited, &k->monster, &k->trap, &k->room_features, &k->hidden_treasure};
    for (size_t i = 0; i < DG_COUNT(all); i++) dg_buf_init(all[i]);
}

void dr__donjon_key_fini(dr__donjon_key *k)
{
    dg_buf *all[] = {&k->summary, &k->inhabited, &k->monster, &k->trap, &k->room_features, &k->hidden_treasure};
    for (size_t i = 0; i < DG_COUNT(all); i++) dg_buf_fini(all[i]);
}

/* Ends a line of a '\n'-separated list. */
static dg_status end_line(dg_buf *b, dg_error *err) { return dg_buf_puts(b, "\n", err); }

/* The treasure line donjon prints: "Treasure: 6 gp; 17 cp". */
static dg_status treasure_line(dg_buf *b, const dg_treasure *t, dg_error *err)
{
    dg_status rc = dg_buf_puts(b, "Treasure: ", err);
    if (rc == DG_OK) rc = dr__key_treasure(b, t, err);
    if (rc == DG_OK) rc = end_line(b, err);
    return rc;
}

dg_status dr__donjon_key_of(const dg_dungeon *d, int room_id, dr__donjon_key *k, dg_error *err)
{
    dg_buf *all[] = {&k->summary, &k->inhabited, &k->monster, &k->trap, &k->room_features, &k->hidden_treasure};
    for (size_t i = 0; i < DG_COUNT(all); i++) dg_buf_reset(all[i]);
    const dg_contents *c = d->contents;
    const dg_room_contents *r = c && c->depth != DG_DEPTH_NONE ? dg_contents_room(c, room_id) : NULL;
    if (!r) return dg_buf_puts(&k->summary, "Empty", err);
    dg_status rc = dr__key_summary(&k->summary, r, err);
    if (rc == DG_OK) rc = dr__key_inhabited(&k->inhabited, &r->encounter, false, err);
    const dg_treasure *t = &r->treasure;
    /* kept apart when it must be found, picked or disarmed first */
    bool apart = r->has_treasure && (t->hidden || t->lock_dc || t->trapped);
    if (rc == DG_OK && r->encounter.n_groups) {
        rc = dr__key_encounter(&k->monster, &r->encounter, err);
        if (rc == DG_OK) rc = end_line(&k->monster, err);
    }
    if (rc == DG_OK && r->has_treasure && !apart) {
        if (k->monster.len) rc = dg_buf_puts(&k->monster, "--\n", err);
        if (rc == DG_OK) rc = treasure_line(&k->monster, t, err);
    }
    if (rc == DG_OK && apart) {
        if (t->container >= 0) {
            const char *w = dg_contents_word(DG_WORDS_CONTAINER, t->container);
            char first[2] = {w[0] >= 'a' && w[0] <= 'z' ? (char)(w[0] - 'a' + 'A') : w[0], '\0'};
            rc = dg_buf_puts(&k->hidden_treasure, first, err);
            if (rc == DG_OK) rc = dg_buf_puts(&k->hidden_treasure, w + 1, err);
            if (rc == DG_OK && t->lock_dc) rc = dg_buf_printf(&k->hidden_treasure, err, " (locked, DC %d to pick)", t->lock_dc);
            if (rc == DG_OK) rc = end_line(&k->hidden_treasure, err);
        }
        if (rc == DG_OK && t->trapped) {
            if (k->hidden_treasure.len) rc = dg_buf_puts(&k->hidden_treasure, "--\n", err);
            if (rc == DG_OK) rc = dg_buf_puts(&k->hidden_treasure, "Trapped: ", err);
            if (rc == DG_OK) rc = dr__key_trap(&k->hidden_treasure, &t->trap, err);
            if (rc == DG_OK) rc = end_line(&k->hidden_treasure, err);
        }
        if (rc == DG_OK && k->hidden_treasure.len) rc = dg_buf_puts(&k->hidden_treasure, "--\n", err);
        if (rc == DG_OK) rc = treasure_line(&k->hidden_treasure, t, err);
    }
    for (int i = 0; i < r->n_traps && rc == DG_OK; i++) {
        rc = dr__key_trap(&k->trap, &r->traps[i], err);
        if (rc == DG_OK) rc = end_line(&k->trap, err);
    }
    /* one paragraph: what the room was, what is in it, what one notices */
    if (rc == DG_OK && r->purpose >= 0) {
        const char *p = dg_contents_word(DG_WORDS_PURPOSE, r->purpose);
        rc = dg_buf_printf(&k->room_features, err, "Once %s %s. ", dr__key_article(p), p);
    }
    for (int i = 0; i < r->n_dressing && rc == DG_OK; i++) {
        const char *w = dg_contents_word(DG_WORDS_DRESSING, r->dressing[i]);
        rc = dg_buf_printf(&k->room_features, err, "%c%s. ", w[0] >= 'a' && w[0] <= 'z' ? w[0] - 'a' + 'A' : w[0], w + 1);
    }
    if (rc == DG_OK && r->sound >= 0)
        rc = dg_buf_printf(&k->room_features, err, "You hear %s. ", dg_contents_word(DG_WORDS_SOUND, r->sound));
    if (rc == DG_OK && r->smell >= 0)
        rc = dg_buf_printf(&k->room_features, err, "It smells of %s. ", dg_contents_word(DG_WORDS_SMELL, r->smell));
    for (int i = 0; i < r->n_hidden && rc == DG_OK; i++)
        rc = dg_buf_printf(&k->room_features, err, "Hidden: %s (DC %d to notice). ",
                            dg_contents_word(DG_WORDS_HIDDEN, r->hidden[i].kind), r->hidden[i].dc);
    if (rc == DG_OK && k->room_features.len) k->room_features.data[--k->room_features.len] = '\0';
    return rc;
}

dg_status dr__donjon_wandering_line(const dg_contents *c, int i, dg_buf *out, dg_error *err)
{
    dg_buf_reset(out);
    dg_status rc = dr__key_encounter(out, &c->wandering[i].encounter, err);
    if (rc == DG_OK)
        rc = dg_buf_printf(out, err, " (%s)", dg_contents_word(DG_WORDS_ACTIVITY, c->wandering[i].activity));
    return rc;
}

dg_status dr__donjon_door_lock_line(const dg_dungeon *d, size_t i, dg_buf *out, dg_error *err)
{
    dg_buf_reset(out);
    const dg_contents *c = d->contents;
    if (!c || c->depth == DG_DEPTH_NONE || i >= c->n_doors) return DG_OK;
    return dr__key_door(out, &d->doors[i], dg_door_gate(d, &d->doors[i]), &c->doors[i], err);
}
