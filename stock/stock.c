/* stock.c -- dg_contents_stock(): checks the parameters (stock_params.c;
 * dg_generate's own call skips that, its options already checked), then
 * stocks a map in passes, each from its own stream: the concept (stock_concept.c: who
 * built it, how it fell, who holds it, the details and name words), the
 * paths (entrance, distances), every room (the lair's boss first; then as
 * the DMG's chamber contents go: creatures, a trap, a hazard, treasure, or
 * nothing; dressing and a purpose at depth full), the treasure by the
 * DMG's tables (stock_treasure.c), doors (locks, traps, secret ways,
 * keys), wandering monsters and corridor features; last the features the map draws (stock_features.c). The rules are written down in docs/stocking.md. */
#include "stock_band.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ lookups */

/* At depth none the concept is drawn only when the name is asked for:
 * most maps made without contents never print a name, and drawing it
 * (every theme weighed for the party) cost a map made alone a tenth of
 * its time. The draw is the one stocking would have made, from the same
 * parameters, so the name is the same. */
static void name_concept(const dg_contents *c, dg_contents *t)
{
    *t = *c;
    dg_stock_params p;
    dg_stock_params_init(&p, c->concept_seed);
    p.depth = c->depth;
    p.level = c->level;
    p.party = c->party;
    p.motif = c->motif;
    p.natural = c->natural;
    p.danger = c->danger;
    dg__concept_draw(t, &p);
    t->name_boss = -1;
}

size_t dg_contents_name(const dg_contents *c, char *buf, size_t cap)
{
    dg_contents drawn;
    if (!c->name_given && c->depth == DG_DEPTH_NONE) {
        name_concept(c, &drawn);
        c = &drawn;
    }
    int n;
    const dg_monster *boss = dg_monster_info(c->name_boss);
    if (c->name_given) n = snprintf(buf, cap, "%s", c->name_text);
    else
        n = snprintf(buf, cap, "The %s %s of %s%s", dg_contents_word(DG_WORDS_NAME_ADJECTIVE, c->name_words[0]),
                     dg_contents_word(DG_WORDS_NAME_PLACE, c->name_words[1]), boss ? "the " : "",
                     boss ? boss->name : dg_contents_word(DG_WORDS_NAME_OF, c->name_words[2]));
    return n < 0 ? 0 : (size_t)n;
}

bool dg_encounter_led_by_master(const dg_contents *c, const dg_encounter *e)
{
    return e->boss && e->n_groups > 0 && c->floor == 0;
}

/* Whether a creature can be a dungeon's master, named in its history and
 * its name: one with a mind to rule (Intelligence 5 or more: an ogre, not a
 * shark, a shrieker or a remorhaz) and a will of its own (no construct, ooze or
 * plant: a flesh golem guards an order of mages, it does not lead one).
 * Any of them may still lead the lair's fight. */
#define MASTER_MIN_INT 5
static bool can_rule(int monster)
{
    const dg_monster *m = dg_monster_info(monster);
    if (m && (m->type == DG_TYPE_CONSTRUCT || m->type == DG_TYPE_OOZE || m->type == DG_TYPE_PLANT)) return false;
    const dg_statblock *sb = dg_monster_statblock(monster);
    return !sb || sb->scores[3] >= MASTER_MIN_INT;
}

/* Door materials: AC, hit points, DC to break (DMG-style object figures). */
static const struct { int ac, hp, break_dc; } material[] = {{15, 18, 15}, {17, 27, 20}, {19, 45, 25}};

/* The key's room: one nearer the entrance than the door (so reached
 * without it), drawn among them, never a room the door opens from; 0 when
 * no other room comes before the door. */
static int key_room(dg_rng *r, const dg_contents *c, const dg_door *o, int door_dist)
{
    int n = 0, n_away = 0;
    for (size_t i = 0; i < c->n_rooms; i++) {
        bool before = c->rooms[i].distance >= 0 && c->rooms[i].distance < door_dist;
        n += before;
        n_away += before && (int)i + 1 != o->room && (int)i + 1 != o->other;
    }
    /* only the door's own rooms come first: no key (a key in the very room
     * its door belongs to is no search at all); the lock is picked */
    if (n == 0 || n_away == 0) return 0;
    int k = (int)dg__rng_below(r, (uint32_t)n_away);
    for (size_t i = 0; i < c->n_rooms; i++) {
        bool before = c->rooms[i].distance >= 0 && c->rooms[i].distance < door_dist;
        if (before && (int)i + 1 != o->room && (int)i + 1 != o->other && k-- == 0) return (int)i + 1;
    }
    return 0;
}

static void stock_doors(dg_contents *c, const dg_dungeon *d, uint64_t seed, const int *door_dist)
{
    for (size_t i = 0; i < d->n_doors; i++) {
        const dg_door *o = &d->doors[i];
        dg_door_contents *dc = &c->doors[i];
        /* keyed by the cell: a door recorded under both its rooms says the same */
        dg_rng r = dg__stock_stream(seed, DG__STREAM_DOOR, (uint64_t)o->y * (uint64_t)d->width + (uint64_t)o->x);
        int m = (int)dg__rng_below(&r, (uint32_t)DG_COUNT(material));
        if (dg_door_gate(d, o)) m = (int)DG_COUNT(material) - 1; /* a cave's gate is iron bars, not planks */
        dc->material = m;
        dc->ac = material[m].ac;
        dc->hp = material[m].hp;
        dc->break_dc = o->type == DG_DOOR_ARCH ? 0 : material[m].break_dc;
        dc->secret = -1;
        if (o->type == DG_DOOR_LOCKED) {
            dc->lock_dc = 10 + 5 * (1 + (int)dg__rng_below(&r, 3));
            dc->key_room = key_room(&r, c, o, door_dist[i]);
            if (dc->key_room) c->rooms[dc->key_room - 1].n_keys++;
        } else if (o->type == DG_DOOR_TRAPPED) {
            dc->trapped = true;
            dg__stock_trap(&r, c, true, -1, &dc->trap);
        } else if (o->type == DG_DOOR_SECRET) {
            dc->secret = (int)dg__rng_below(&r, DG__SECRETS_DRAWN); /* fitted to its rooms at the end */
            dc->secret_dc = 10 + 5 * (1 + (int)dg__rng_below(&r, 2));
        } else if (o->type == DG_DOOR_PORTC) {
            dc->break_dc = 20 + 5 * (int)dg__rng_below(&r, 2);
        }
    }
}

/* Whether two encounters are the same kinds of creature, whatever their
 * numbers. */
static bool same_kinds(const dg_encounter *a, const dg_encounter *b)
{
    if (a->n_groups != b->n_groups) return false;
    for (int g = 0; g < a->n_groups; g++)
        if (a->groups[g].monster != b->groups[g].monster) return false;
    return true;
}

/* A row the table already has, when another may be drawn: a d6 whose 1
 * and 2 read the same is a table of five. The same creatures doing
 * something else count as another meeting once; a third row of them (six
 * chuuls, then eight, then seven with the same water elementals) reads as
 * the table having nothing else. */
#define WANDER_REDRAWS 3

static bool repeats(const dg_contents *c, int k)
{
    int same = 0;
    for (int j = 0; j < k; j++)
        if (same_kinds(&c->wandering[j].encounter, &c->wandering[k].encounter) &&
            (c->wandering[j].activity == c->wandering[k].activity || ++same >= 2))
            return true;
    return false;
}

static void stock_wandering(dg_contents *c, uint64_t seed)
{
    for (int k = 0; k < DG_WANDERING_ROWS; k++) {
        dg_rng r = dg__stock_stream(seed, DG__STREAM_WANDER, (uint64_t)k);
        dg_wandering *w = &c->wandering[k];
        for (int t = 0; t <= WANDER_REDRAWS && (t == 0 || repeats(c, k)); t++) {
            int faction = dg__stock_faction(&r, c);
            /* wanderers walk the corridors: nothing bigger than Large */
            dg__stock_encounter(&r, c, faction, k < 4 ? DG_DIFF_EASY : DG_DIFF_MEDIUM, false, false, DG_SIZE_LARGE, 0,
                                &w->encounter);
            if (!w->encounter.n_groups) /* a cast of giants still wanders */
                dg__stock_encounter(&r, c, faction, k < 4 ? DG_DIFF_EASY : DG_DIFF_MEDIUM, false, false, DG_SIZE_GARGANTUAN,
                                    0, &w->encounter);
            w->activity = w->encounter.n_groups ? dg__activity_pick(&r, w->encounter.groups[0].monster,
                                                                    dg__encounter_count(&w->encounter))
                                                : 0;
        }
    }
    c->n_wandering = DG_WANDERING_ROWS;
}

static bool plain_corridor(const dg_dungeon *d, int x, int y) { return dg_cell(d, x, y) == DG_CORRIDOR; }

static void stock_corridors(dg_contents *c, dg__stocker *st, const dg_dungeon *d, uint64_t seed)
{
    dg_rng r = dg__stock_stream(seed, DG__STREAM_CORRIDOR, 0);
    int want = 1 + (int)(d->n_rooms / 3);
    if (want > DG_CORRIDOR_MAX_FEATURES) want = DG_CORRIDOR_MAX_FEATURES;
    for (int tries = 0; tries < 8 * want && c->n_corridor_features < want; tries++) {
        int x = (int)dg__rng_below(&r, (uint32_t)d->width), y = (int)dg__rng_below(&r, (uint32_t)d->height);
        if (!plain_corridor(d, x, y)) continue;
        bool taken = false;
        for (int k = 0; k < c->n_corridor_features && !taken; k++)
            for (int j = 0; j < c->corridor_features[k].n_cells; j++)
                taken |= c->corridor_features[k].cells[j].x == x && c->corridor_features[k].cells[j].y == y;
        if (taken) continue;
        dg_corridor_feature *f = &c->corridor_features[c->n_corridor_features++];
        f->kind = dg__word_deal(&st->deck, &r, DG_WORDS_CORRIDOR, c->theme, dg__origins[c->origin].natural);
        f->n_cells = 1;
        f->cells[0] = (dg_point){x, y};
        /* a feature runs on along the corridor for up to two more cells */
        dg_dir dir = (dg_dir)dg__rng_below(&r, 4);
        int more = (int)dg__rng_below(&r, DG_CORRIDOR_MAX_CELLS);
        for (int k = 0; k < more; k++) {
            int nx = x + dg_dir_dx(dir) * (k + 1), ny = y + dg_dir_dy(dir) * (k + 1);
            if (!plain_corridor(d, nx, ny)) break;
            f->cells[f->n_cells++] = (dg_point){nx, ny};
        }
    }
}

/* A room holds one deadly trap at most for a party of level 1-4 (two are
 * a death sentence at those levels): a second is one severity milder, its
 * numbers drawn from a stream of its own so no other draw moves. */
static void settle_traps(const dg_contents *c, uint64_t seed, dg_room_contents *rc, int variant)
{
    if (c->level > 4 || rc->n_traps < 2) return;
    int deadly = 0;
    for (int k = 0; k < rc->n_traps; k++) {
        if (rc->traps[k].severity != DG_SEV_DEADLY) continue;
        if (deadly++) {
            dg_rng r = dg__stock_stream(seed, DG__STREAM_TRAP, dg__stock_variant(rc->id, variant));
            dg__trap_milder(&r, c->level, c->rules, &rc->traps[k]);
        }
    }
}

/* A room whose purpose's furnishing the dungeon has already shown (a
 * burial chamber on every floor, the second storeroom) gets another: the
 * purpose's own other furnishings first, else a line dealt from the deck
 * that nothing in the dungeon has shown and that echoes nothing else in the
 * room (a few tries, from a stream of its own so no other draw moves). A
 * line dealt besides that the dungeon already shows (the deck starts again
 * once spent, on a floor of many rooms) is left out: a room says less
 * rather than repeat another. `shown` (bit per DRESSING entry) is the
 * dungeon's so far, and gets the room's. */
/* Whether phrase w echoes one of the room's lines besides its first (or is one). */
static bool echoes(const dg_room_contents *rc, int w)
{
    const dg__stems *mine = dg__dressing_stems(w);
    for (int k = 1; k < rc->n_dressing; k++) {
        if (w == rc->dressing[k]) return true;
        if (dg__stems_meet(mine, dg__dressing_stems(rc->dressing[k]))) return true;
    }
    return false;
}

static void fresh_furnishing(const dg_contents *c, dg__deck *deck, uint64_t *shown, uint64_t seed,
                             dg_room_contents *rc, int variant)
{
    if (rc->n_dressing < 1) return;
#define SHOWN(i) ((shown[(i) >> 6] >> ((i) & 63)) & 1u)
    /* a purpose's own line that says dry (a baptistery's "dry font", a
     * den's "dry hollow") is replaced in a flooded room as a shown one is */
#define AWAY(i) (SHOWN(i) || (rc->water && dg__dressing_dry(i)))
    int w = rc->dressing[0];
    for (int k = 0; AWAY(w) && k < 2 && rc->purpose >= 0; k++) {
        int again = dg__word_purpose_again(rc->purpose, k);
        if (again >= 0 && !echoes(rc, again)) w = again;
    }
    if (AWAY(w)) {
        /* dealt from what the dungeon has not shown (a deck of its own:
         * the floor's starts again once spent) */
        dg_rng r = dg__stock_stream(seed, DG__STREAM_FURNISH, dg__stock_variant(rc->id, variant));
        dg__deck fresh = {0};
        memcpy(fresh.used[DG_WORDS_DRESSING], shown, sizeof fresh.used[DG_WORDS_DRESSING]);
        for (int tries = 0; tries < 4; tries++) {
            int d = dg__word_deal(&fresh, &r, DG_WORDS_DRESSING, c->theme, dg__origins[c->origin].natural);
            deck->used[DG_WORDS_DRESSING][d >> 6] |= 1ull << (d & 63);
            if (!SHOWN(d) && !echoes(rc, d) && dg__dressing_fits(rc, d)) {
                w = d;
                break;
            }
        }
    }
    /* nothing fresh left: a room with other things to show says those
     * (a flooded one says less rather than something dry) */
    int kept = 0;
    if (!AWAY(w) || (rc->n_dressing == 1 && !(rc->water && dg__dressing_dry(w)))) {
        rc->dressing[kept++] = w;
        shown[w >> 6] |= 1ull << (w & 63);
    }
    for (int k = 1; k < rc->n_dressing; k++) {
        int d = rc->dressing[k];
        if (SHOWN(d) && (kept || k + 1 < rc->n_dressing)) continue;
        shown[d >> 6] |= 1ull << (d & 63);
        rc->dressing[kept++] = d;
    }
    rc->n_dressing = kept;
#undef AWAY
#undef SHOWN
}

/* ---------------------------------------------------------- rerolls */

/* Marks in deck every word the dungeon uses outside room `except`. */
static void deck_of_others(const dg_contents *c, int except, dg__deck *deck)
{
#define USE(w, i) ((i) >= 0 ? (void)(deck->used[w][(i) >> 6] |= 1ull << ((i) & 63)) : (void)0)
    for (size_t i = 0; i < c->n_rooms; i++) {
        const dg_room_contents *rc = &c->rooms[i];
        if (rc->id == except) continue;
        for (int k = 0; k < rc->n_dressing; k++) USE(DG_WORDS_DRESSING, rc->dressing[k]);
        USE(DG_WORDS_SOUND, rc->sound);
        USE(DG_WORDS_SMELL, rc->smell);
        if (rc->n_hidden) USE(DG_WORDS_HIDDEN, rc->hidden[0].kind);
    }
    for (int k = 0; k < c->n_corridor_features; k++) USE(DG_WORDS_CORRIDOR, c->corridor_features[k].kind);
#undef USE
}

/* The reroll key's rooms on this floor: each room's contents drawn again
 * from its variant stream, every other room untouched. What the room was
 * built for stays; the lair keeps the boss and its hoard; its keys stay
 * (they follow the doors); a new treasure richer than the lair's hoard is
 * drawn again, and dropped after a few tries, so the lair stays the
 * richest room; words
 * used elsewhere in the dungeon are not dealt again. */
static dg_status reroll_rooms(dg_contents *c, const dg_dungeon *d, const dg_stock_params *p, const dg__so_far *above,
                              dg_error *err)
{
    dg_reroll items[DG_REROLL_MAX];
    int n;
    char why[sizeof err->msg];
    if (!dg__reroll_parse(p->reroll, items, &n, why, sizeof why))
        return dg_error_set(err, DG_EINVAL, "reroll", p->reroll, "ROOM:VARIANT,...", "%s", why);
    dg__stocker stocker = {0}, *st = &stocker; /* under a kilobyte: the stack's, not the heap's */
    st->cell_ft = dg_cell_feet(&d->opts);
    dg_status rc = DG_OK;
    for (int k = 0; k < n && rc == DG_OK; k++) {
        if (items[k].floor != p->floor + 1) continue;
        if ((size_t)items[k].room > c->n_rooms) {
            char value[32];
            snprintf(value, sizeof value, "%d:%d", items[k].room, items[k].variant);
            rc = dg_error_set(err, DG_EINVAL, "reroll", value, "", "reroll names room %d, and floor %d has %zu room%s",
                              items[k].room, items[k].floor, c->n_rooms, c->n_rooms == 1 ? "" : "s");
            break;
        }
        dg_room_contents *r = &c->rooms[items[k].room - 1];
        bool lair = r->id == c->farthest_room;
        long hoard = c->farthest_room && !lair && c->rooms[c->farthest_room - 1].has_treasure
                         ? dg_treasure_value_gp(&c->rooms[c->farthest_room - 1].treasure)
                         : -1;
        dg_room_contents kept = *r;
        for (int v = items[k].variant, tries = 0;; v += DG_REROLL_VARIANTS, tries++) {
            *r = (dg_room_contents){.id = kept.id, .distance = kept.distance, .purpose = kept.purpose,
                                    .n_keys = kept.n_keys, .sound = -1, .smell = -1, .hazard = -1};
            r->encounter.faction = -1;
            r->treasure.container = -1;
            dg__stock_room(c, &d->rooms[r->id - 1], st->cell_ft, p->seed, r, lair, v);
            settle_traps(c, p->seed, r, v);
            if (lair) { /* the dungeon's richest hoard stays where it is */
                r->treasure = kept.treasure;
                r->has_treasure = kept.has_treasure;
                break;
            }
            /* no permanent item the rest of the dungeon holds, the
             * floor's hoard share spent by the others first */
            dg__so_far taken = *above;
            dg__so_far_items(&taken, c, r->id);
            dg__treasure_room(c, p->seed, dg__stock_variant(r->id, v), r, kept.treasure.hoard, &taken);
            dg__treasure_fit(c, r, d->opts.floors);
            if (hoard < 0 || !r->has_treasure || dg_treasure_value_gp(&r->treasure) <= hoard) break;
            if (tries == 4) {
                r->has_treasure = false;
                break;
            }
        }
        if (p->depth == DG_DEPTH_FULL) {
            st->deck = above->deck;
            deck_of_others(c, r->id, &st->deck);
            uint64_t shown[4];
            memcpy(shown, st->deck.used[DG_WORDS_DRESSING], sizeof shown);
            dg__stock_dress(c, st, p->seed, r, items[k].variant);
            fresh_furnishing(c, &st->deck, shown, p->seed, r, items[k].variant);
        }
        dg__stock_marks(d, p->seed, r, items[k].variant);
    }
    return rc;
}

/* ---------------------------------------------------------- entry */

dg_status dg_contents_stock(const dg_dungeon *d, const dg_stock_params *p, dg_contents **out,
                            dg_error *err)
{
    *out = NULL;
    dg_status rc = dg_stock_params_check(p, err);
    if (rc == DG_OK) rc = dg__contents_stock(d, p, NULL, out, err);
    /* one floor stocked alone is a dungeon of its own: its adventure too */
    if (rc == DG_OK && (rc = dg__adventure_build(&d, out, 1, err)) != DG_OK) {
        dg_contents_free(*out);
        *out = NULL;
    }
    return rc;
}

void dg__so_far_add(dg__so_far *f, const dg_contents *c)
{
    dg__so_far_items(f, c, 0);
    deck_of_others(c, 0, &f->deck);
    if (c->farthest_room > 0 && (size_t)c->farthest_room <= c->n_rooms && f->n_lairs < DG_MAX_FLOORS)
        f->lairs[f->n_lairs++] = c->rooms[c->farthest_room - 1].encounter;
}

static dg_status stock_floor(const dg_dungeon *d, const dg_stock_params *p, const dg__so_far *above,
                             dg__cast_memo *memo, dg_contents **out, dg_error *err);

/* The floor stocked over one read of its cast (the memo lives while it
 * stocks: the encounters of its rooms, rerolls and wanderers share it;
 * the magic items' rows are stock_treasure.c's, listed once a process). */
dg_status dg__contents_stock(const dg_dungeon *d, const dg_stock_params *p, const dg__so_far *above,
                             dg_contents **out, dg_error *err)
{
    *out = NULL;
    /* the memo (7 KB) lives while the floor is stocked: the stack's, not
     * a malloc of more than glibc's per-thread cache serves a floor */
    dg__cast_memo cast, *memo = NULL;
    if (p->depth != DG_DEPTH_NONE) {
        memo = &cast;
        dg__cast_memo_init(memo, p->rules, p->party);
    }
    dg_status rc = stock_floor(d, p, above, memo, out, err);
    if (*out) (*out)->cast_memo = NULL, (*out)->above = NULL;
    return rc;
}

static dg_status stock_floor(const dg_dungeon *d, const dg_stock_params *p, const dg__so_far *above,
                             dg__cast_memo *memo, dg_contents **out, dg_error *err)
{
    *out = NULL;
    static const dg__so_far nothing_above;
    if (!above) above = &nothing_above;
    dg_status rc = DG_OK;
    size_t n_rooms = p->depth == DG_DEPTH_NONE ? 0 : d->n_rooms;
    size_t n_doors = p->depth == DG_DEPTH_NONE ? 0 : d->n_doors;
    size_t bytes = sizeof(dg_contents) + n_rooms * sizeof(dg_room_contents) + n_doors * sizeof(dg_door_contents);
    dg_contents *c = dg__calloc(1, bytes);
    if (!c) return dg__nomem(err, "stocking the dungeon");
    c->rooms = n_rooms ? (dg_room_contents *)(c + 1) : NULL;
    c->doors = n_doors ? (dg_door_contents *)((char *)(c + 1) + n_rooms * sizeof(dg_room_contents)) : NULL;
    c->n_rooms = n_rooms;
    c->n_doors = n_doors;
    c->cast_memo = memo;
    c->above = above;
    c->depth = p->depth;
    c->level = p->level;
    c->party = p->party;
    c->floor = p->floor;
    c->motif = p->motif;
    c->danger = p->danger;
    c->rules = p->rules;
    c->boss = -1;
    if (p->name) {
        c->name_given = true;
        snprintf(c->name_text, sizeof c->name_text, "%s", p->name);
    }
    c->concept_seed = p->concept_seed;
    c->natural = p->natural;
    if (p->depth == DG_DEPTH_NONE) { /* the name alone, drawn when asked (name_concept) */
        c->name_boss = -1;
        goto features;
    }
    dg__concept_draw(c, p);

    /* paths: the walk from the entrance (the lock cycle's too), the
     * distances and the key rooms */
    dg__entrance_walk *walk = NULL;
    int *scratch = dg__malloc((n_rooms + n_doors + 1) * sizeof(int));
    if (!scratch) rc = dg__nomem(err, "stocking the dungeon");
    else rc = dg__entrance_walk_new(d, &walk, err);
    if (rc != DG_OK) {
        dg__free(scratch);
        dg__free(c);
        return rc;
    }
    dg__paths paths;
    paths.dist = scratch;
    paths.door_dist = paths.dist + n_rooms;
    dg__paths_find(d, walk, &paths);
    c->entrance = paths.entrance;
    c->entrance_room = paths.entrance_room;
    for (size_t i = 0; i < n_rooms; i++) {
        c->rooms[i].id = (int)i + 1;
        c->rooms[i].distance = paths.dist[i];
        c->rooms[i].purpose = c->rooms[i].sound = c->rooms[i].smell = -1;
        c->rooms[i].encounter.faction = -1;
        c->rooms[i].hazard = -1;
        c->rooms[i].treasure.container = -1;
    }
    /* the lair: the biggest of the rooms farthest on foot (core's rule,
     * which the loops and the lock cycle read too) */
    int lair = dg__lair_room(d, paths.dist);
    c->farthest_room = lair;

    /* under a kilobyte: the stack's, not the heap's. The floors above
     * dealt their words: this one deals others first (the deck copied
     * in, field by field: an initializer zeroed the whole deck first) */
    dg__stocker stocker, *st = &stocker;
    st->deck = above->deck;
    st->purposes_used = 0;
    st->fillers = 0;
    st->cell_ft = dg_cell_feet(&d->opts);
    /* the lair first: its boss is the dungeon's master, whom every other
     * room's cast then answers to (each room draws from its own stream,
     * so the order changes no draw) */
    /* a lower floor answers to the master met on the top floor: its lair
     * is led by someone who does not outrank it (dg__stock_encounter) */
    if (p->floor > 0 && p->master >= 0) c->boss = p->master;
    if (lair) {
        dg__stock_room(c, &d->rooms[lair - 1], st->cell_ft, p->seed, &c->rooms[lair - 1], true, 0);
        settle_traps(c, p->seed, &c->rooms[lair - 1], 0);
        const dg_encounter *e = &c->rooms[lair - 1].encounter;
        /* a master only when the boss role leads the lair: a lair that
         * could field only a pack (four hyenas, seven ghosts) has none */
        if (c->boss < 0 && e->n_groups && e->boss && can_rule(e->groups[0].monster)) c->boss = e->groups[0].monster;
        /* a lair the cast could not fill at the top band is filled now,
         * before the other rooms are held under it (its own stream: no
         * other draw moves; no master is drawn from it) */
        dg__adventure_fill_lair(c, d, p->seed);
    }
    for (size_t i = 0; i < n_rooms; i++)
        if ((int)i + 1 != lair) {
            dg__stock_room(c, &d->rooms[i], st->cell_ft, p->seed, &c->rooms[i], false, 0);
            settle_traps(c, p->seed, &c->rooms[i], 0);
        }
    dg__so_far taken = *above;
    dg__treasure_stock(c, p->seed, lair, d->opts.floors, &taken);
    c->name_boss = c->name_boss == -2 ? c->boss : -1;
    stock_doors(c, d, p->seed, paths.door_dist);
    dg__free(scratch);
    rc = dg__stock_locks(c, d, walk, err);
    dg__entrance_walk_free(walk);
    if (rc != DG_OK) {
        dg__free(c);
        return rc;
    }
    if (p->depth == DG_DEPTH_FULL) {
        uint64_t shown[4];
        memcpy(shown, above->deck.used[DG_WORDS_DRESSING], sizeof shown);
        for (size_t i = 0; i < n_rooms; i++) {
            dg__stock_dress(c, st, p->seed, &c->rooms[i], 0);
            fresh_furnishing(c, &st->deck, shown, p->seed, &c->rooms[i], 0);
        }
        stock_wandering(c, p->seed);
        stock_corridors(c, st, d, p->seed);
    }
    for (size_t i = 0; i < n_rooms; i++) dg__stock_marks(d, p->seed, &c->rooms[i], 0);
    if (p->reroll && (rc = reroll_rooms(c, d, p, above, err)) != DG_OK) {
        dg__free(c);
        return rc;
    }
    /* a secret door's bookcase, tapestry or hearth only where its room
     * shows one, once the rooms are dressed and final */
    for (size_t i = 0; i < d->n_doors; i++)
        if (c->doors[i].secret >= 0)
            c->doors[i].secret = dg__secret_in(c->doors[i].secret, dg_contents_room(c, d->doors[i].room),
                                               dg_contents_room(c, d->doors[i].other));
    /* the adventure's part of the floor, once the rooms are final */
    dg__adventure_floor(c, d, p->seed); /* basic too: its encounters are full's */
features: /* last, from a stream of its own: what the map draws of the key */
    if ((rc = dg__features_place(c, d, p->seed, err)) != DG_OK) {
        dg_contents_free(c);
        return rc;
    }
    *out = c;
    return DG_OK;
}
