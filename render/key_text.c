/* key_text.c -- the room key in words: the phrases every encoder that
 * prints contents shares (format=md, format=donjon's detail lines), built
 * from the stocking model (stock/dg_contents.h). Which phrases an output
 * shows, and how it frames them, is the encoder's business; the words
 * themselves are the model's tables. */
#include <stdio.h>
#include <string.h>

#include "render_int.h"

const char *dr__key_article(const char *w)
{
    char c = w[0] >= 'A' && w[0] <= 'Z' ? (char)(w[0] - 'A' + 'a') : w[0];
    return c && strchr("aeiou", c) ? "an" : "a";
}

/* donjon's way with a group list, which its tools parse: the first group
 * "Name" (one) or "N x Name", every later one "N x Name", even for one. */
dg_status dr__key_inhabited(dg_buf *b, const dg_encounter *e, bool with_cr, dg_error *err)
{
    dg_status rc = DG_OK;
    for (int g = 0; g < e->n_groups && rc == DG_OK; g++) {
        const dg_monster *m = dg_monster_info(e->groups[g].monster);
        int n = e->groups[g].count;
        if (g) rc = dg_buf_puts(b, " and ", err);
        if (rc == DG_OK && (g || n > 1)) rc = dg_buf_printf(b, err, "%d x ", n);
        if (rc == DG_OK) rc = dg_buf_puts(b, m->name, err);
        /* donjon's 5e monster string: its challenge and its source book (ours the SRD) */
        if (rc == DG_OK && with_cr) rc = dg_buf_printf(b, err, " (cr %s, srd)", m->cr);
    }
    return rc;
}

dg_status dr__key_encounter(dg_buf *b, const dg_encounter *e, dg_error *err)
{
    dg_status rc = dr__key_inhabited(b, e, true, err);
    if (rc == DG_OK)
        rc = dg_buf_printf(b, err, "; %s, %ld xp", dg_difficulty_name(e->difficulty), e->xp);
    return rc;
}

dg_status dr__key_encounter_read(dg_buf *b, const dg_encounter *e, dg_error *err)
{
    dg_status rc = DG_OK;
    for (int g = 0; g < e->n_groups && rc == DG_OK; g++) {
        const dg_monster *m = dg_monster_info(e->groups[g].monster);
        int n = e->groups[g].count;
        if (g) rc = dg_buf_puts(b, g + 1 < e->n_groups ? ", " : " and ", err);
        if (rc == DG_OK && n > 1) rc = dg_buf_printf(b, err, "%d x ", n);
        if (rc == DG_OK) rc = dg_buf_printf(b, err, "%s (CR %s)", m->name, m->cr);
    }
    if (rc == DG_OK)
        rc = dg_buf_printf(b, err, "; %s, %ld XP", dg_difficulty_name(e->difficulty), e->xp);
    return rc;
}

dg_status dr__key_trap(dg_buf *b, const dg_trap *t, dg_error *err)
{
    const dg_trap_kind *k = dg_trap_kind_info(t->kind);
    dg_status rc = dg_buf_printf(b, err, "%s (%s): %s; DC %d to find, DC %d to disable; ", k->name,
                                  dg_severity_name(t->severity), dg_trigger_name(t->trigger), t->find_dc,
                                  t->disable_dc);
    if (rc != DG_OK) return rc;
    if (k->attack)
        rc = dg_buf_printf(b, err, "+%d to hit, %dd%d %s damage. ", t->attack_bonus, t->dice, t->die,
                            k->damage_type);
    else
        rc = dg_buf_printf(b, err, "DC %d %s save or %dd%d %s damage. ", t->save_dc, k->save, t->dice,
                            t->die, k->damage_type);
    char effect[160];
    dg_trap_effect(t, effect, sizeof effect);
    if (rc == DG_OK) rc = dg_buf_puts(b, effect, err);
    return rc;
}

/* A count as a GM writes it in a key, in groups of three: "1,084",
 * "25,779", "380" (the purses are rolled per creature and summed, so
 * their counts are rarely round; the web form shows the same grouping). */
static const char *grouped(long v, char buf[32])
{
    char digits[24];
    int n = snprintf(digits, sizeof digits, "%ld", v < 0 ? -v : v), at = 0;
    if (v < 0) buf[at++] = '-';
    for (int i = 0; i < n; i++) {
        if (i && (n - i) % 3 == 0) buf[at++] = ',';
        buf[at++] = digits[i];
    }
    buf[at] = '\0';
    return buf;
}

/* A lot of gems or art: "2 x jade (100 gp each)", "silver ewer (25 gp)". */
static dg_status lot(dg_buf *b, const char *sep, dg_words w, const dg_valuable *v, dg_error *err)
{
    char gp[32];
    if (v->count == 1)
        return dg_buf_printf(b, err, "%s%s (%s gp)", sep, dg_contents_word(w, v->kind), grouped(v->value_gp, gp));
    return dg_buf_printf(b, err, "%s%d x %s (%s gp each)", sep, v->count, dg_contents_word(w, v->kind),
                          grouped(v->value_gp, gp));
}

/* "6 gp; 17 cp; 2 x jade (100 gp each); silver ewer (25 gp)", highest
 * coins first: what the treasure's worth counts. */
dg_status dr__key_valuables(dg_buf *b, const dg_treasure *t, dg_error *err)
{
    dg_status rc = DG_OK;
    const char *sep = "";
    for (int c = DG_COIN_COUNT - 1; c >= 0 && rc == DG_OK; c--)
        if (t->coins[c]) {
            char n[32];
            rc = dg_buf_printf(b, err, "%s%s %s", sep, grouped(t->coins[c], n), dg_coin_name(c));
            sep = "; ";
        }
    for (int i = 0; i < t->n_gems && rc == DG_OK; i++, sep = "; ") rc = lot(b, sep, DG_WORDS_GEM, &t->gems[i], err);
    for (int i = 0; i < t->n_art && rc == DG_OK; i++, sep = "; ") rc = lot(b, sep, DG_WORDS_ART, &t->art[i], err);
    return rc;
}

/* "2 x Spell Scroll, 1st level (common); Bag of Holding (uncommon)": the same item
 * drawn twice is said once, where it first comes; "" for none. */
dg_status dr__key_magic_items(dg_buf *b, const dg_treasure *t, dg_error *err)
{
    dg_status rc = DG_OK;
    const char *sep = "";
    for (int i = 0; i < t->n_items && rc == DG_OK; i++) {
        int n = 0, seen = 0;
        for (int j = 0; j < t->n_items; j++) {
            bool same = t->items[j] == t->items[i] && t->item_grades[j] == t->item_grades[i];
            n += same;
            seen += j < i && same;
        }
        if (seen) continue;
        const char *name = dg_magic_item_found_name(t->items[i], t->item_grades[i]);
        const char *rarity = dg_rarity_name(dg_magic_item_found_rarity(t->items[i], t->item_grades[i]));
        rc = n > 1 ? dg_buf_printf(b, err, "%s%d x %s (%s)", sep, n, name, rarity)
                   : dg_buf_printf(b, err, "%s%s (%s)", sep, name, rarity);
        sep = "; ";
    }
    return rc;
}

/* Both, valuables first: "6 gp; 17 cp; Potion of Healing (common)". */
dg_status dr__key_treasure(dg_buf *b, const dg_treasure *t, dg_error *err)
{
    size_t from = b->len;
    dg_status rc = dr__key_valuables(b, t, err);
    if (rc == DG_OK && t->n_items && b->len > from) rc = dg_buf_puts(b, "; ", err);
    if (rc == DG_OK) rc = dr__key_magic_items(b, t, err);
    return rc;
}

/* The exact worth: "380 gp", "71 gp 3 sp", "1 sp 7 cp", "25,779 gp". */
dg_status dr__key_worth(dg_buf *b, const dg_treasure *t, dg_error *err)
{
    /* in coins as a GM counts them ("53 gp 6 sp 8 cp"), not "53.68 gp" */
    long cp = dg_treasure_value_cp(t);
    char gp[32];
    grouped(cp / 100, gp);
    dg_status rc = DG_OK;
    const char *sep = "";
    if (cp >= 100 || cp == 0) {
        rc = dg_buf_printf(b, err, "%s gp", gp);
        sep = " ";
    }
    if (rc == DG_OK && cp % 100 / 10) {
        rc = dg_buf_printf(b, err, "%s%ld sp", sep, cp % 100 / 10);
        sep = " ";
    }
    if (rc == DG_OK && cp % 10) rc = dg_buf_printf(b, err, "%s%ld cp", sep, cp % 10);
    return rc;
}

/* Where the treasure is kept: "in a locked strongbox (DC 15 to pick; trapped: ...)". */
dg_status dr__key_container(dg_buf *b, const dg_treasure *t, dg_error *err)
{
    if (t->container < 0) return DG_OK;
    const char *what = dg_contents_word(DG_WORDS_CONTAINER, t->container);
    dg_status rc = dg_buf_printf(b, err, "in %s %s", dr__key_article(what), what);
    if (rc == DG_OK && (t->lock_dc || t->trapped)) rc = dg_buf_puts(b, " (", err);
    if (rc == DG_OK && t->lock_dc) rc = dg_buf_printf(b, err, "locked, DC %d to pick", t->lock_dc);
    if (rc == DG_OK && t->trapped) rc = dg_buf_puts(b, t->lock_dc ? "; trapped: " : "trapped: ", err);
    if (rc == DG_OK && t->trapped) rc = dr__key_trap(b, &t->trap, err);
    /* the trap's text ends its own sentence: "...breathe them)", not ".)." */
    if (rc == DG_OK && t->trapped && b->len && b->data[b->len - 1] == '.') b->len--;
    if (rc == DG_OK && (t->lock_dc || t->trapped)) rc = dg_buf_puts(b, ")", err);
    return rc;
}

/* A door's own description: "Iron door (AC 19, 45 hp, DC 25 to break);
 * locked, DC 20 to pick, its key in room 3". */
dg_status dr__key_door(dg_buf *b, const dg_door *d, bool gate, const dg_door_contents *c, dg_error *err)
{
    const char *material = dg_contents_word(DG_WORDS_DOOR_MATERIAL, c->material);
    dg_status rc;
    switch (d->type) {
    case DG_DOOR_ARCH: return dg_buf_puts(b, "Archway", err);
    case DG_DOOR_PORTC:
        return dg_buf_printf(b, err, "Portcullis (DC %d Strength to lift)", c->break_dc);
    default: break;
    }
    rc = dg_buf_printf(b, err, "%s %s (AC %d, %d hp, DC %d to break)", material, gate ? "gate" : "door", c->ac, c->hp,
                       c->break_dc);
    if (rc == DG_OK && c->lock_dc) {
        rc = dg_buf_printf(b, err, "; locked, DC %d to pick", c->lock_dc);
        if (rc == DG_OK && c->key_room) rc = dg_buf_printf(b, err, ", its key in room %d", c->key_room);
    }
    if (rc == DG_OK && c->trapped) {
        rc = dg_buf_puts(b, "; trapped: ", err);
        if (rc == DG_OK) rc = dr__key_trap(b, &c->trap, err);
    }
    if (rc == DG_OK && c->secret >= 0)
        rc = dg_buf_printf(b, err, "; secret: %s (DC %d Wisdom (Perception) to find)",
                            dg_contents_word(DG_WORDS_SECRET, c->secret), c->secret_dc);
    return rc;
}

const char *dr__key_all_of(int n)
{
    static const char *const word[] = {"both", "all three", "all four", "all five", "all six"};
    return n >= 2 && n <= 6 ? word[n - 2] : "all of them";
}

/* The cycle's words before where its key is, on loops=many maps, whose
 * lair keeps every door, all locked alike: "the lair's other doors, in
 * the north and south walls and from room 7, are locked too, and one key
 * opens all four: it ". The lair's own doors are named by their walls
 * (two in one wall counted: "two in the west wall"), a room's door into
 * the lair by that room. */
static dg_status lair_doors(dg_buf *b, const dg_dungeon *d, const dg_contents *c, const dg_door *designed,
                            int others, dg_error *err)
{
    static const char *const number[] = {"", "one", "two", "three", "four", "five", "six"};
    int walls[4] = {0}, n_walls = 0, twice = 0, from = 0;
    for (size_t i = 0; i < d->n_doors && i < c->n_doors; i++) {
        if (!c->doors[i].same_key) continue;
        if (d->doors[i].room != c->farthest_room) {
            from++;
            continue;
        }
        int q = (int)d->doors[i].dir;
        n_walls += walls[q]++ == 0;
        twice |= walls[q] > 1;
    }
    dg_status rc = dg_buf_printf(b, err, "the lair's other door%s, ", others > 1 ? "s" : "");
    /* the parts joined "A, B and C": the walls together (or each wall's
     * count), then each room */
    int parts = (twice ? n_walls : n_walls > 0) + from, k = 0;
    if (rc == DG_OK && n_walls && !twice) {
        /* one more in the designed door's own wall: "also in the west wall" */
        bool also = others == 1 && designed->room == c->farthest_room && walls[designed->dir];
        rc = dg_buf_puts(b, also ? "also in the " : "in the ", err);
        int w = 0;
        for (int q = 0; q < 4 && rc == DG_OK; q++) {
            if (!walls[q]) continue;
            rc = dg_buf_printf(b, err, "%s%s", w == 0 ? "" : w == n_walls - 1 ? " and " : ", ", dg_dir_name((dg_dir)q));
            w++;
        }
        if (rc == DG_OK) rc = dg_buf_puts(b, n_walls > 1 ? " walls" : " wall", err);
        k = 1;
    }
    for (int q = 0; twice && q < 4 && rc == DG_OK; q++) {
        if (!walls[q]) continue;
        rc = dg_buf_printf(b, err, "%s%s in the %s wall", k == 0 ? "" : k == parts - 1 ? " and " : ", ",
                           number[walls[q] < 7 ? walls[q] : 0], dg_dir_name((dg_dir)q));
        k++;
    }
    for (size_t i = 0; i < d->n_doors && i < c->n_doors && rc == DG_OK; i++) {
        if (!c->doors[i].same_key || d->doors[i].room == c->farthest_room) continue;
        rc = dg_buf_printf(b, err, "%sfrom room %d", k == 0 ? "" : k == parts - 1 ? " and " : ", ", d->doors[i].room);
        k++;
    }
    if (rc == DG_OK)
        rc = dg_buf_printf(b, err, ", %s locked too, and one key opens %s: it ", others > 1 ? "are" : "is",
                           dr__key_all_of(others + 1));
    return rc;
}

/* The floor's designed lock-and-key cycle as one sentence for the GM, or
 * nothing when it has none: "The short way to the lair (room 12) is barred
 * by the locked iron door in the east wall of room 4; its key is with the
 * ogre in room 9, the long way round." Who holds the key is the
 * adventure's holder, as the key room's Key line says. */
dg_status dr__key_cycle(dg_buf *b, const dg_dungeon *d, const dg_contents *c, dg_error *err)
{
    size_t i = 0;
    while (i < d->n_doors && i < c->n_doors && !c->doors[i].designed) i++;
    if (i >= d->n_doors || i >= c->n_doors || !c->doors[i].key_room) return DG_OK;
    const dg_door *door = &d->doors[i];
    const dg_door_contents *l = &c->doors[i];
    char material[16];
    snprintf(material, sizeof material, "%s", dg_contents_word(DG_WORDS_DOOR_MATERIAL, l->material));
    for (char *p = material; *p; p++) *p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    dg_status rc;
    if (dg_door_gate(d, door) && door->room == c->farthest_room) /* a cave's gate: bars across a tunnel */
        rc = dg_buf_printf(b, err, "The short way to the lair (room %d) is barred by a locked %s gate across its %s "
                           "tunnel; ", c->farthest_room, material, dg_dir_name(door->dir));
    else if (dg_door_gate(d, door))
        rc = dg_buf_printf(b, err, "The short way to the lair (room %d) is barred by a locked %s gate across the %s "
                           "tunnel of room %d; ", c->farthest_room, material, dg_dir_name(door->dir), door->room);
    else if (door->room == c->farthest_room) /* the lair's own door */
        rc = dg_buf_printf(b, err, "The short way to the lair (room %d) is barred by its locked %s door in the %s wall; ",
                           c->farthest_room, material, dg_dir_name(door->dir));
    else
        rc = dg_buf_printf(b, err, "The short way to the lair (room %d) is barred by the locked %s door in the %s "
                           "wall of room %d; ", c->farthest_room, material, dg_dir_name(door->dir), door->room);
    /* loops=many: the lair's other doors are locked alike (one key) */
    int others = 0;
    for (size_t k = 0; k < d->n_doors && k < c->n_doors; k++) others += c->doors[k].same_key;
    if (rc == DG_OK) rc = others ? lair_doors(b, d, c, door, others, err) : dg_buf_puts(b, "its key ", err);
    /* who holds it is the adventure's (stock/adventure_keys.c), as the key
     * room's own Key line says: a creature of its encounter, else hidden */
    const dg_room_contents *k = dg_contents_room(c, l->key_room);
    const dg_monster *holder = k && l->key_holder >= 0 && l->key_holder < k->encounter.n_groups
                                   ? dg_monster_info(k->encounter.groups[l->key_holder].monster)
                                   : NULL;
    if (rc == DG_OK && holder) {
        char name[64];
        snprintf(name, sizeof name, "%s", holder->name);
        for (char *p = name; *p; p++) *p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
        /* one of several: "one of the kobold band" would need plurals the
         * key does not keep; the group's head holds it (a leader keeps the
         * key, as adventure_keys.c picks) */
        if (k->encounter.groups[l->key_holder].count > 1)
            rc = dg_buf_printf(b, err, "is with the leading %s in room %d", name, l->key_room);
        else
            rc = dg_buf_printf(b, err, "is with the %s in room %d", name, l->key_room);
    } else if (rc == DG_OK) {
        rc = dg_buf_printf(b, err, "lies %sin room %d", l->key_hidden >= 0 ? "hidden " : "", l->key_room);
    }
    if (rc == DG_OK) rc = dg_buf_puts(b, ", the long way round.", err);
    return rc;
}

dg_status dr__key_summary(dg_buf *b, const dg_room_contents *r, dg_error *err)
{
    size_t from = b->len;
    dg_status rc = dr__key_inhabited(b, &r->encounter, false, err);
    for (int t = 0; t < r->n_traps && rc == DG_OK; t++)
        rc = dg_buf_printf(b, err, "%s%s", b->len > from ? ", " : "", dg_trap_kind_info(r->traps[t].kind)->name);
    if (rc == DG_OK && r->has_treasure) rc = dg_buf_puts(b, b->len > from ? ", Treasure" : "Treasure", err);
    if (rc == DG_OK && b->len == from) rc = dg_buf_puts(b, "Empty", err);
    return rc;
}
