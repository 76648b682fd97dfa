/* test_stock.c -- dg_contents_stock as a whole (stock/stock.c): parameter
 * errors name their key, the map is never touched, the same parameters
 * give the same contents, depths nest, and the coherence rules hold over
 * 1,200 maps of every family: the entrance is the up stair, the deadliest
 * encounter and the largest hoard are in the lair (the biggest of the rooms
 * farthest by path), and a
 * locked door's key lies where the party can reach without that door. */
#include "stock_fixture.h"

#define SEEDS 1200

static void expect_refused(dg_stock_params p, const char *key, const char *value)
{
    dg_error e;
    dg_error_clear(&e);
    dg_contents *c = (dg_contents *)1;
    dg_dungeon *d = sf_map(1);
    cr_assert_eq(dg_contents_stock(d, &p, &c, &e), DG_EINVAL, "%s=%s accepted", key, value);
    cr_assert_null(c);
    cr_assert_str_eq(e.param, key);
    /* the value as received, cut to the record's size */
    cr_assert_eq(strncmp(e.value, value, sizeof e.value - 1), 0, "%s: value '%s'", key, e.value);
    cr_assert_neq(e.allowed[0], '\0', "%s: no allowed values", key);
    cr_assert_neq(e.msg[0], '\0');
    dg_dungeon_free(d);
}

Test(stock, refuses_out_of_range_parameters_naming_the_key)
{
    dg_stock_params p;
    dg_stock_params_init(&p, 1);
    p.level = 0;
    expect_refused(p, "level", "0");
    p.level = 21;
    expect_refused(p, "level", "21");
    dg_stock_params_init(&p, 1);
    p.party = 0;
    expect_refused(p, "party", "0");
    p.party = 11;
    expect_refused(p, "party", "11");
    dg_stock_params_init(&p, 1);
    p.motif = DG_MOTIF_COUNT;
    expect_refused(p, "motif", "14");
    dg_stock_params_init(&p, 1);
    p.floor = -1;
    expect_refused(p, "floor", "-1");
    dg_stock_params_init(&p, 1);
    p.depth = DG_DEPTH_COUNT;
    expect_refused(p, "contents", "3");
    dg_stock_params_init(&p, 1);
    char long_name[82];
    memset(long_name, 'a', 81);
    long_name[81] = '\0';
    p.name = long_name;
    expect_refused(p, "name", long_name);
    p.name = "Line\nbreak";
    expect_refused(p, "name", "Line\nbreak");
    p.name = "Tab\there";
    expect_refused(p, "name", "Tab\there");
    p.name = "bad \xC3 byte";
    expect_refused(p, "name", "bad \xC3 byte");
    p.name = "";
    expect_refused(p, "name", "");
}

Test(stock, accepts_eighty_characters_of_any_script)
{
    char name[DG_STOCK_NAME_BYTES];
    size_t n = 0;
    for (int k = 0; k < 80; k++) n += (size_t)snprintf(name + n, sizeof name - n, "%s", k % 2 ? "\xC3\xA9" : "\xE2\x82\xAC");
    dg_stock_params p;
    dg_stock_params_init(&p, 5);
    p.name = name;
    dg_dungeon *d = sf_map(5);
    dg_contents *c = sf_stock(d, &p);
    char back[DG_STOCK_NAME_BYTES];
    cr_assert_eq(dg_contents_name(c, back, sizeof back), strlen(name));
    cr_assert_str_eq(back, name);
    dg_contents_free(c);
    dg_dungeon_free(d);
}

Test(stock, a_name_that_names_a_creature_names_the_boss)
{
    int named = 0;
    for (uint64_t s = 1; s <= 200; s++) {
        dg_dungeon *d = sf_map(s);
        dg_stock_params p = sf_params(s);
        dg_contents *c = sf_stock(d, &p);
        char a[160];
        dg_contents_name(c, a, sizeof a);
        cr_assert(strncmp(a, "The ", 4) == 0, "%s", a);
        for (size_t m = 0; m < dg_monster_count(); m++) {
            const char *n = dg_monster_info((int)m)->name;
            size_t nl = strlen(n), al = strlen(a);
            if (al > nl + 8 && strcmp(a + al - nl, n) == 0 && strncmp(a + al - nl - 8, " of the ", 8) == 0) {
                cr_assert_eq(c->boss, (int)m, "seed %llu: %s names no boss of this dungeon", (unsigned long long)s, a);
                named++;
            }
        }
        dg_contents_free(c);
        dg_dungeon_free(d);
    }
    cr_assert_gt(named, 20);
}

/* Everything a client can read of the map, copied. */
typedef struct {
    uint32_t *cells;
    dg_room rooms[64];
    dg_door doors[256];
    dg_stair stairs[16];
    size_t n_rooms, n_doors, n_stairs;
} snapshot;

static void snap(const dg_dungeon *d, snapshot *s)
{
    size_t n = (size_t)d->width * (size_t)d->height;
    s->cells = malloc(n * sizeof *s->cells);
    memcpy(s->cells, d->cells, n * sizeof *s->cells);
    cr_assert(d->n_rooms <= 64 && d->n_doors <= 256 && d->n_stairs <= 16);
    memcpy(s->rooms, d->rooms, d->n_rooms * sizeof *d->rooms);
    memcpy(s->doors, d->doors, d->n_doors * sizeof *d->doors);
    memcpy(s->stairs, d->stairs, d->n_stairs * sizeof *d->stairs);
    s->n_rooms = d->n_rooms;
    s->n_doors = d->n_doors;
    s->n_stairs = d->n_stairs;
}

static bool same_model(const dg_contents *a, const dg_contents *b)
{
    dg_contents x = *a, y = *b;
    x.rooms = y.rooms = NULL;
    x.doors = y.doors = NULL;
    x.features = y.features = NULL;
    x.adventure = y.adventure = NULL; /* the adventure by value, below */
    if (!a->adventure != !b->adventure ||
        (a->adventure && memcmp(a->adventure, b->adventure, sizeof *a->adventure) != 0))
        return false;
    return memcmp(&x, &y, sizeof x) == 0 &&
           (a->n_features == 0 || memcmp(a->features, b->features, a->n_features * sizeof *a->features) == 0) && a->n_rooms == b->n_rooms && a->n_doors == b->n_doors &&
           (a->n_rooms == 0 || memcmp(a->rooms, b->rooms, a->n_rooms * sizeof *a->rooms) == 0) &&
           (a->n_doors == 0 || memcmp(a->doors, b->doors, a->n_doors * sizeof *a->doors) == 0);
}

Test(stock, never_changes_the_map_and_repeats_itself)
{
    for (uint64_t s = 1; s <= 120; s++) {
        dg_dungeon *d = sf_map(s);
        snapshot before;
        snap(d, &before);
        dg_stock_params p = sf_params(s);
        p.motif = (dg_motif)(s % DG_MOTIF_COUNT);
        p.depth = (dg_depth)(s % DG_DEPTH_COUNT);
        p.name = s % 3 ? NULL : "The Test Pit";
        dg_contents *a = sf_stock(d, &p), *b = sf_stock(d, &p);
        cr_assert(same_model(a, b), "seed %llu: two stockings differ", (unsigned long long)s);
        size_t n = (size_t)d->width * (size_t)d->height;
        cr_assert(memcmp(before.cells, d->cells, n * sizeof *d->cells) == 0, "seed %llu: cells changed", (unsigned long long)s);
        /* field by field: the structs' padding is never written */
        for (size_t i = 0; i < d->n_rooms; i++) {
            const dg_room *x = &before.rooms[i], *y = &d->rooms[i];
            cr_assert(x->id == y->id && x->x == y->x && x->y == y->y && x->width == y->width && x->height == y->height &&
                      x->area == y->area && x->shape == y->shape && x->sides == y->sides && x->n_outline == y->n_outline);
        }
        for (size_t i = 0; i < d->n_doors; i++) {
            const dg_door *x = &before.doors[i], *y = &d->doors[i];
            cr_assert(x->x == y->x && x->y == y->y && x->type == y->type && x->dir == y->dir && x->room == y->room &&
                      x->other == y->other);
        }
        for (size_t i = 0; i < d->n_stairs; i++) {
            const dg_stair *x = &before.stairs[i], *y = &d->stairs[i];
            cr_assert(x->x == y->x && x->y == y->y && x->down == y->down && x->dir == y->dir);
        }
        cr_assert_eq(before.n_rooms, d->n_rooms);
        dg_contents_free(a);
        dg_contents_free(b);
        free(before.cells);
        dg_dungeon_free(d);
    }
}

Test(stock, depths_nest)
{
    for (uint64_t s = 1; s <= 120; s++) {
        dg_dungeon *d = sf_map(s);
        dg_stock_params p = sf_params(s);
        p.depth = DG_DEPTH_NONE;
        dg_contents *none = sf_stock(d, &p);
        p.depth = DG_DEPTH_BASIC;
        dg_contents *basic = sf_stock(d, &p);
        p.depth = DG_DEPTH_FULL;
        dg_contents *full = sf_stock(d, &p);
        cr_assert_eq(none->n_rooms, 0);
        cr_assert_eq(none->n_doors, 0);
        cr_assert_eq(basic->n_rooms, d->n_rooms);
        cr_assert_eq(basic->n_wandering, 0);
        cr_assert_eq(basic->n_corridor_features, 0);
        cr_assert_eq(full->n_wandering, DG_WANDERING_ROWS);
        for (size_t i = 0; i < d->n_rooms; i++) {
            const dg_room_contents *b = &basic->rooms[i], *f = &full->rooms[i];
            cr_assert_eq(b->purpose, -1);
            cr_assert_eq(b->n_dressing, 0);
            cr_assert_geq(f->purpose, 0);
            cr_assert(memcmp(&b->encounter, &f->encounter, sizeof b->encounter) == 0, "seed %llu room %zu", (unsigned long long)s, i + 1);
            cr_assert_eq(b->n_traps, f->n_traps);
            cr_assert_eq(b->has_treasure, f->has_treasure);
            cr_assert_eq(dg_treasure_value_gp(&b->treasure), dg_treasure_value_gp(&f->treasure));
        }
        dg_contents_free(none);
        dg_contents_free(basic);
        dg_contents_free(full);
        dg_dungeon_free(d);
    }
}

static void check_word(dg_words w, int i, const char *what, uint64_t s)
{
    cr_assert(i >= 0 && (size_t)i < dg_contents_word_count(w), "seed %llu: %s index %d out of its list",
              (unsigned long long)s, what, i);
    cr_assert_neq(dg_contents_word(w, i)[0], '\0', "%s %d is empty", what, i);
}

static void check_encounter_names(const dg_encounter *e, uint64_t s)
{
    for (int g = 0; g < e->n_groups; g++) {
        const dg_monster *m = dg_monster_info(e->groups[g].monster);
        cr_assert_not_null(m, "seed %llu: monster %d not in the table", (unsigned long long)s, e->groups[g].monster);
        cr_assert_neq(m->name[0], '\0');
    }
}

static void check_trap(const dg_trap *t, uint64_t s)
{
    const dg_trap_kind *k = dg_trap_kind_info(t->kind);
    cr_assert_not_null(k, "seed %llu: trap kind %d", (unsigned long long)s, t->kind);
    cr_assert_neq(dg_trigger_name(t->trigger)[0], '\0');
    cr_assert_neq(dg_severity_name(t->severity)[0], '\0');
    cr_assert_eq(t->save_dc == 0, k->attack, "a trap has a save DC exactly when it does not attack");
    /* a pit's damage is its fall, 1d6 a 10 ft; every other trap's d10s */
    if (t->fall_ft) cr_assert(t->die == 6 && t->dice == (t->fall_ft > 200 ? 200 : t->fall_ft) / 10);
    else cr_assert(t->dice >= 1 && t->die == 10);
}

Test(stock, every_name_is_in_the_tables)
{
    for (uint64_t s = 1; s <= SEEDS; s++) {
        dg_dungeon *d = sf_map(s);
        dg_stock_params p = sf_params(s);
        p.motif = (dg_motif)(s % DG_MOTIF_COUNT);
        dg_contents *c = sf_stock(d, &p);
        check_word(DG_WORDS_FLOOR, c->details.floor, "floor", s);
        check_word(DG_WORDS_WALLS, c->details.walls, "walls", s);
        check_word(DG_WORDS_TEMPERATURE, c->details.temperature, "temperature", s);
        check_word(DG_WORDS_ILLUMINATION, c->details.illumination, "illumination", s);
        if (c->details.special >= 0) check_word(DG_WORDS_SPECIAL, c->details.special, "special", s);
        check_word(DG_WORDS_HISTORY, c->history, "history", s);
        cr_assert(c->n_factions >= 1 && c->n_factions <= DG_MAX_FACTIONS);
        for (int f = 0; f < c->n_factions; f++) {
            check_word(DG_WORDS_FACTION, c->factions[f].kind, "faction", s);
            check_word(DG_WORDS_FACTION_NAME, c->factions[f].name, "faction name", s);
        }
        for (int k = 0; k < 3; k++)
            check_word((dg_words)(DG_WORDS_NAME_ADJECTIVE + k), c->name_words[k], "name", s);
        for (size_t i = 0; i < c->n_rooms; i++) {
            const dg_room_contents *r = &c->rooms[i];
            check_word(DG_WORDS_PURPOSE, r->purpose, "purpose", s);
            for (int k = 0; k < r->n_dressing; k++) check_word(DG_WORDS_DRESSING, r->dressing[k], "dressing", s);
            if (r->sound >= 0) check_word(DG_WORDS_SOUND, r->sound, "sound", s);
            if (r->smell >= 0) check_word(DG_WORDS_SMELL, r->smell, "smell", s);
            for (int k = 0; k < r->n_hidden; k++) check_word(DG_WORDS_HIDDEN, r->hidden[k].kind, "hidden", s);
            check_encounter_names(&r->encounter, s);
            for (int k = 0; k < r->n_traps; k++) check_trap(&r->traps[k], s);
            const dg_treasure *t = &r->treasure;
            if (!r->has_treasure) continue;
            for (int k = 0; k < t->n_items; k++) cr_assert_not_null(dg_magic_item_info(t->items[k]));
            for (int k = 0; k < t->n_gems; k++) check_word(DG_WORDS_GEM, t->gems[k].kind, "gem", s);
            for (int k = 0; k < t->n_art; k++) check_word(DG_WORDS_ART, t->art[k].kind, "art", s);
            if (t->container >= 0) check_word(DG_WORDS_CONTAINER, t->container, "container", s);
            if (t->trapped) check_trap(&t->trap, s);
        }
        for (size_t i = 0; i < c->n_doors; i++) {
            const dg_door_contents *o = &c->doors[i];
            check_word(DG_WORDS_DOOR_MATERIAL, o->material, "door material", s);
            if (d->doors[i].type == DG_DOOR_SECRET) check_word(DG_WORDS_SECRET, o->secret, "secret", s);
            else cr_assert_eq(o->secret, -1);
            cr_assert_eq(o->trapped, d->doors[i].type == DG_DOOR_TRAPPED);
            if (o->trapped) check_trap(&o->trap, s);
            cr_assert_eq(o->lock_dc > 0, d->doors[i].type == DG_DOOR_LOCKED);
        }
        for (int k = 0; k < c->n_wandering; k++) {
            cr_assert_geq(c->wandering[k].encounter.n_groups, 1, "seed %llu: empty wandering row", (unsigned long long)s);
            check_encounter_names(&c->wandering[k].encounter, s);
            check_word(DG_WORDS_ACTIVITY, c->wandering[k].activity, "activity", s);
        }
        for (int k = 0; k < c->n_corridor_features; k++) {
            const dg_corridor_feature *f = &c->corridor_features[k];
            check_word(DG_WORDS_CORRIDOR, f->kind, "corridor feature", s);
            for (int j = 0; j < f->n_cells; j++)
                cr_assert_eq(dg_cell(d, f->cells[j].x, f->cells[j].y), DG_CORRIDOR, "seed %llu: feature off the corridor",
                             (unsigned long long)s);
        }
        dg_contents_free(c);
        dg_dungeon_free(d);
    }
}

Test(stock, the_entrance_is_the_up_stair)
{
    for (uint64_t s = 1; s <= 120; s++) {
        dg_dungeon *d = sf_map(s);
        dg_stock_params p = sf_params(s);
        dg_contents *c = sf_stock(d, &p);
        const dg_stair *up = NULL;
        for (size_t i = 0; i < d->n_stairs && !up; i++)
            if (!d->stairs[i].down) up = &d->stairs[i];
        cr_assert_not_null(up, "seed %llu: no up stair", (unsigned long long)s);
        cr_assert(c->entrance.x == up->x && c->entrance.y == up->y);
        dg_contents_free(c);
        dg_dungeon_free(d);
    }
}


/* A construct, ooze or plant rules nothing, however it fights (an ogre's
 * Intelligence of 5 rules a clan; a remorhaz's 4 does not). */
static bool made_or_mindless(const dg_monster *m)
{
    return m->type == DG_TYPE_CONSTRUCT || m->type == DG_TYPE_OOZE || m->type == DG_TYPE_PLANT;
}
Test(stock, the_boss_and_the_richest_hoard_in_the_farthest_room_and_keys_on_the_near_side)
{
    int lairs = 0, keys = 0, all_locked = 0, empty_lairs = 0;
    for (uint64_t s = 1; s <= SEEDS; s++) {
        dg_dungeon *d = sf_map(s);
        dg_stock_params p = sf_params(s);
        p.floor = (int)(s % 3);
        dg_contents *c = sf_stock(d, &p);
        int *dist = sf_walk(d, c->entrance, -1, -1);
        int far = 0, far_dist = -1;
        for (size_t i = 0; i < d->n_rooms; i++) {
            int v = sf_room_distance(d, dist, (int)i + 1);
            cr_assert_eq(c->rooms[i].distance, v, "seed %llu: room %zu at %d, walked %d", (unsigned long long)s, i + 1,
                         c->rooms[i].distance, v);
            if (v > far_dist) far_dist = v;
        }
        /* the lair: the biggest of the rooms at least three quarters as
         * far as the farthest; of equals the farther, then the first */
        for (size_t i = 0; far_dist >= 0 && i < d->n_rooms; i++) {
            int v = c->rooms[i].distance;
            if (v < 0 || 4 * v < 3 * far_dist) continue;
            if (!far || d->rooms[i].area > d->rooms[far - 1].area ||
                (d->rooms[i].area == d->rooms[far - 1].area && v > c->rooms[far - 1].distance))
                far = (int)i + 1;
        }
        cr_assert_eq(c->farthest_room, far, "seed %llu", (unsigned long long)s);
        if (far) {
            lairs++;
            const dg_room_contents *l = &c->rooms[far - 1];
            /* a lair too small for every creature strong enough is left
             * to its hoard (rare: counted below) */
            if (l->encounter.n_groups == 0) {
                cr_assert_eq(c->boss, -1);
                empty_lairs++;
            } else if (l->encounter.boss && dg_monster_statblock(l->encounter.groups[0].monster)->scores[3] >= 5 &&
                       !made_or_mindless(dg_monster_info(l->encounter.groups[0].monster))) {
                cr_assert_eq(c->boss, l->encounter.groups[0].monster, "seed %llu: the boss is not in the lair",
                             (unsigned long long)s);
            } else { /* a pack and no master */
                cr_assert_eq(c->boss, -1, "seed %llu: a master who does not lead the lair", (unsigned long long)s);
            }
            cr_assert(l->has_treasure || l->encounter.n_groups == 0);
            long hoard = l->has_treasure ? dg_treasure_value_gp(&l->treasure) : 0;
            /* the richest hoard: a band's purses, one a creature, may hold more */
            for (size_t i = 0; i < c->n_rooms; i++) {
                if (c->rooms[i].has_treasure && c->rooms[i].treasure.hoard)
                    cr_assert_geq(hoard, dg_treasure_value_gp(&c->rooms[i].treasure),
                                  "seed %llu: room %zu is richer than the lair", (unsigned long long)s, i + 1);
            }
        }
        int held = 0;
        for (size_t i = 0; i < c->n_rooms; i++) held += c->rooms[i].n_keys;
        int locked = 0;
        for (size_t i = 0; i < d->n_doors; i++) {
            if (d->doors[i].type != DG_DOOR_LOCKED) {
                cr_assert_eq(c->doors[i].key_room, 0);
                continue;
            }
            locked++;
            int k = c->doors[i].key_room;
            if (!k) continue;
            keys++;
            int *shut = sf_walk(d, c->entrance, d->doors[i].x, d->doors[i].y);
            cr_assert_geq(sf_room_distance(d, shut, k), 0, "seed %llu: key of door %zu in room %d behind it",
                          (unsigned long long)s, i, k);
            free(shut);
        }
        int placed = 0;
        for (size_t i = 0; i < d->n_doors; i++) placed += c->doors[i].key_room > 0;
        cr_assert_eq(held, placed, "seed %llu: keys held %d, keys placed %d", (unsigned long long)s, held, placed);
        all_locked += locked;
        free(dist);
        dg_contents_free(c);
        dg_dungeon_free(d);
    }
    cr_assert_gt(lairs, SEEDS / 2);
    fprintf(stderr, "empty lairs: %d of %d\n", empty_lairs, lairs);
    cr_assert_leq(empty_lairs * 50, lairs, "empty lairs: %d of %d", empty_lairs, lairs);
    /* a door nearer the entrance than every room has no key */
    cr_assert_gt(keys, SEEDS / 2, "only %d keys placed: the test proves little", keys);
    cr_assert_gt(keys, all_locked * 8 / 10, "%d keys for %d locked doors", keys, all_locked);
}
