/* stock.c -- dg_contents_stock(): checks the parameters, then stocks a map
 * in passes, each from its own stream: the dungeon (details, history,
 * factions), the paths (entrance, distances), every room (encounter, traps,
 * dressing at depth full), the coherence rules (deadliest encounter in
 * the farthest room), treasure (stock_treasure.c), doors (locks, traps,
 * secret ways, keys), wandering monsters and corridor features. The rules
 * themselves are written down in docs/stocking.md. */
#include "stock_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* Rooms: chance of an encounter, a trap, a hidden feature; the farthest
 * room always has its deadly encounter (treasure: stock_treasure.c). */
#define INHABITED_PERCENT 55
#define TRAP_PERCENT 15
#define SECOND_TRAP_PERCENT 20
#define HIDDEN_PERCENT 20
/* difficulty mix on a d100 (plus FLOOR_STEP per floor below the first):
 * easy up to 20, medium up to 60, hard up to 90, deadly above */
static const int mix_upto[DG_DIFF_COUNT - 1] = {20, 60, 90};
#define FLOOR_STEP 10

/* ------------------------------------------------------------ params */

void dg_stock_params_init(dg_stock_params *p, uint64_t seed)
{
    *p = (dg_stock_params){.seed = seed, .depth = DG_DEPTH_FULL, .level = 1, .party = 4,
                           .motif = DG_MOTIF_NONE, .name = NULL, .floor = 0};
}

/* A stocking parameter that is an option key is checked as the parser
 * checks that key (dg_options_set on scratch options): its row in
 * option_keys.c holds the range, options.c the text rules, so the two
 * never disagree and their errors read the same. */
static dg_status check_int_key(dg_options *scratch, const char *key, int v, dg_error *err)
{
    char value[24];
    snprintf(value, sizeof value, "%d", v);
    return dg_options_set(scratch, key, value, NULL, err);
}

/* An enum parameter: an index into its key row's values. */
static dg_status check_value_index(const char *key, int v, dg_error *err)
{
    const dg_option_def *d = dg_option_def_find(key);
    if (v >= 0 && (size_t)v < d->n_names) return DG_OK;
    char value[24], allowed[200];
    snprintf(value, sizeof value, "%d", v);
    dg_option_allowed(key, allowed, sizeof allowed);
    return dg_error_set(err, DG_EINVAL, key, value, allowed, "%s must be one of %s", key, allowed);
}

dg_status dg_stock_params_check(const dg_stock_params *p, dg_error *err)
{
    dg_options scratch;
    dg_options_init(&scratch);
    dg_status rc = check_value_index("contents", (int)p->depth, err);
    if (rc == DG_OK) rc = check_int_key(&scratch, "level", p->level, err);
    if (rc == DG_OK) rc = check_int_key(&scratch, "party", p->party, err);
    if (rc == DG_OK) rc = check_value_index("motif", (int)p->motif, err);
    if (rc != DG_OK) return rc;
    /* the floor is no option of its own: a floor of a several-floor map */
    if (p->floor < 0 || p->floor > DG_STOCK_FLOOR_MAX) {
        char value[24];
        snprintf(value, sizeof value, "%d", p->floor);
        return dg_error_set(err, DG_EINVAL, "floor", value, "0..99", "floor %d is out of range: 0..99", p->floor);
    }
    return p->name ? dg_options_set(&scratch, "name", p->name, NULL, err) : DG_OK;
}

/* ------------------------------------------------------------ lookups */

size_t dg_contents_name(const dg_contents *c, char *buf, size_t cap)
{
    int n;
    if (c->name_given) n = snprintf(buf, cap, "%s", c->name_text);
    else
        n = snprintf(buf, cap, "The %s %s of %s", dg_contents_word(DG_WORDS_NAME_ADJECTIVE, c->name_words[0]),
                     dg_contents_word(DG_WORDS_NAME_PLACE, c->name_words[1]),
                     dg_contents_word(DG_WORDS_NAME_OF, c->name_words[2]));
    return n < 0 ? 0 : (size_t)n;
}

const dg_room_contents *dg_contents_room(const dg_contents *c, int id)
{
    return c && id >= 1 && (size_t)id <= c->n_rooms ? &c->rooms[id - 1] : NULL;
}

void dg_contents_free(dg_contents *c) { dg__free(c); }

/* ------------------------------------------------------------ passes */

static dg_rng stream(uint64_t seed, uint64_t base, uint64_t index)
{
    dg_rng r;
    dg_rng_seed(&r, seed, base + index);
    return r;
}

/* The generated name: the same stream and draws as dg_contents_default_name. */
static void name_words(uint64_t seed, int out[3])
{
    static const char what[] = "donjon-name";
    dg_rng r;
    dg_rng_seed(&r, seed, dg_hash64(what, sizeof what - 1, 0));
    out[0] = (int)dg__rng_below(&r, (uint32_t)dg_contents_word_count(DG_WORDS_NAME_ADJECTIVE));
    out[1] = (int)dg__rng_below(&r, (uint32_t)dg_contents_word_count(DG_WORDS_NAME_PLACE));
    out[2] = (int)dg__rng_below(&r, (uint32_t)dg_contents_word_count(DG_WORDS_NAME_OF));
}

static int pick(dg_rng *r, dg_words w) { return (int)dg__rng_below(r, (uint32_t)dg_contents_word_count(w)); }

static int bits(unsigned mask)
{
    int n = 0;
    for (; mask; mask &= mask - 1) n++;
    return n;
}

/* A random set bit of mask (nonzero). */
static int pick_bit(dg_rng *r, unsigned mask)
{
    int n = bits(mask), k = (int)dg__rng_below(r, (uint32_t)n);
    for (int b = 0;; b++)
        if ((mask >> b) & 1u) {
            if (k-- == 0) return b;
        }
}

static void stock_dungeon(dg_contents *c, uint64_t seed)
{
    dg_rng r = stream(seed, DG__STREAM_DUNGEON, 0);
    c->details.floor = pick(&r, DG_WORDS_FLOOR);
    c->details.walls = pick(&r, DG_WORDS_WALLS);
    c->details.temperature = pick(&r, DG_WORDS_TEMPERATURE);
    c->details.illumination = pick(&r, DG_WORDS_ILLUMINATION);
    bool special = dg__rng_percent(&r, 50);
    int which = dg__word_pick(&r, DG_WORDS_SPECIAL, c->motif);
    c->details.special = special ? which : -1;
    /* a history whose factions suit the motif, then one or two of them */
    unsigned suit = dg__motif_factions(c->motif), fits = 0;
    for (int tries = 0; tries < 32 && !fits; tries++) {
        c->history = pick(&r, DG_WORDS_HISTORY);
        fits = dg__history_factions(c->history) & suit;
    }
    if (!fits) fits = suit;
    c->n_factions = bits(fits) > 1 && dg__rng_percent(&r, 50) ? 2 : 1;
    for (int k = 0; k < c->n_factions; k++) {
        int f = pick_bit(&r, fits);
        fits &= ~(1u << f);
        c->factions[k].kind = f;
        c->factions[k].types = dg__faction_types(f);
        do c->factions[k].name = pick(&r, DG_WORDS_FACTION_NAME);
        while (k == 1 && c->factions[1].name == c->factions[0].name);
    }
}

static dg_difficulty draw_difficulty(dg_rng *r, int floor)
{
    int roll = 1 + (int)dg__rng_below(r, 100) + FLOOR_STEP * floor;
    int d = 0;
    while (d < DG_DIFF_COUNT - 1 && roll > mix_upto[d]) d++;
    return (dg_difficulty)d;
}

/* The room's faction: the first most of the time, the second some of it. */
static int draw_faction(dg_rng *r, const dg_contents *c)
{
    int roll = (int)dg__rng_below(r, 100);
    if (roll < 60) return 0;
    if (c->n_factions > 1 && roll < 85) return 1;
    return -1;
}

/* An encounter of difficulty d, or the hardest easier one the tables allow. */
static void encounter(dg_rng *r, const dg_contents *c, int faction, dg_difficulty d, dg_encounter *e)
{
    const dg_faction *f = faction >= 0 ? &c->factions[faction] : NULL;
    for (int k = (int)d; k >= 0; k--)
        if (dg__encounter_build(r, c->level, c->party, c->motif, f, faction, (dg_difficulty)k, e)) return;
    e->n_groups = 0;
}

static void trap(dg_rng *r, const dg_contents *c, bool on_container, dg_trap *t)
{
    t->kind = dg__trap_pick(r, c->motif, on_container);
    t->trigger = dg__trap_trigger(r, t->kind, on_container);
    /* severity: setback up to 50, dangerous up to 85, deadly above, on a
     * d100 that deeper floors raise like the difficulty's */
    int roll = 1 + (int)dg__rng_below(r, 100) + FLOOR_STEP * c->floor;
    dg_severity s = roll <= 50 ? DG_SEV_SETBACK : roll <= 85 ? DG_SEV_DANGEROUS : DG_SEV_DEADLY;
    dg__trap_numbers(r, c->level, s, dg_trap_kind_info(t->kind)->attack, t);
}

static void stock_room(dg_contents *c, uint64_t seed, dg_room_contents *rc, bool lair)
{
    dg_rng r = stream(seed, DG__STREAM_ROOM, (uint64_t)rc->id);
    if (lair || dg__rng_percent(&r, INHABITED_PERCENT)) {
        dg_difficulty d = draw_difficulty(&r, c->floor);
        int faction = draw_faction(&r, c);
        encounter(&r, c, faction, lair ? DG_DIFF_DEADLY : d, &rc->encounter);
    }
    if (dg__rng_percent(&r, TRAP_PERCENT)) {
        trap(&r, c, false, &rc->traps[rc->n_traps++]);
        if (dg__rng_percent(&r, SECOND_TRAP_PERCENT)) trap(&r, c, false, &rc->traps[rc->n_traps++]);
    }
}

static void dress_room(dg_contents *c, uint64_t seed, dg_room_contents *rc)
{
    dg_rng r = stream(seed, DG__STREAM_DRESS, (uint64_t)rc->id);
    rc->purpose = pick(&r, DG_WORDS_PURPOSE);
    rc->n_dressing = 1 + (int)dg__rng_below(&r, DG_ROOM_MAX_DRESSING);
    for (int k = 0; k < rc->n_dressing; k++) {
        int w;
        do w = dg__word_pick(&r, DG_WORDS_DRESSING, c->motif);
        while (k > 0 && w == rc->dressing[k - 1]);
        rc->dressing[k] = w;
    }
    rc->sound = dg__rng_percent(&r, 50) ? dg__word_pick(&r, DG_WORDS_SOUND, c->motif) : -1;
    rc->smell = dg__rng_percent(&r, 50) ? dg__word_pick(&r, DG_WORDS_SMELL, c->motif) : -1;
    if (dg__rng_percent(&r, HIDDEN_PERCENT)) {
        rc->n_hidden = 1;
        rc->hidden[0].kind = pick(&r, DG_WORDS_HIDDEN);
        rc->hidden[0].dc = 10 + 5 * (1 + (int)dg__rng_below(&r, 2));
        /* half the treasure of a room with a hiding place is in it */
        rc->treasure.hidden = rc->has_treasure && dg__rng_percent(&r, 50);
    }
}

/* The deadliest encounter moves to the lair (the farthest room), trading
 * places with what it had; the treasure follows the encounters after. */
static void gather_to_lair(dg_contents *c, int lair)
{
    dg_room_contents *l = &c->rooms[lair - 1];
    size_t most = (size_t)lair - 1;
    for (size_t i = 0; i < c->n_rooms; i++)
        if (c->rooms[i].encounter.adjusted_xp > c->rooms[most].encounter.adjusted_xp) most = i;
    if (most != (size_t)lair - 1) {
        dg_encounter e = l->encounter;
        l->encounter = c->rooms[most].encounter;
        c->rooms[most].encounter = e;
    }
}

/* Door materials: AC, hit points, DC to break (DMG-style object figures). */
static const struct { int ac, hp, break_dc; } material[] = {{15, 18, 15}, {17, 27, 20}, {19, 45, 25}};

/* The key's room: one nearer the entrance than the door (so reached
 * without it), drawn among them; 0 when the door comes before every room. */
static int key_room(dg_rng *r, const dg_contents *c, int door_dist)
{
    int n = 0;
    for (size_t i = 0; i < c->n_rooms; i++) n += c->rooms[i].distance >= 0 && c->rooms[i].distance < door_dist;
    if (n == 0) return 0;
    int k = (int)dg__rng_below(r, (uint32_t)n);
    for (size_t i = 0; i < c->n_rooms; i++)
        if (c->rooms[i].distance >= 0 && c->rooms[i].distance < door_dist && k-- == 0) return (int)i + 1;
    return 0;
}

static void stock_doors(dg_contents *c, const dg_dungeon *d, uint64_t seed, const int *door_dist)
{
    for (size_t i = 0; i < d->n_doors; i++) {
        const dg_door *o = &d->doors[i];
        dg_door_contents *dc = &c->doors[i];
        /* keyed by the cell: a door recorded under both its rooms says the same */
        dg_rng r = stream(seed, DG__STREAM_DOOR, (uint64_t)o->y * (uint64_t)d->width + (uint64_t)o->x);
        int m = (int)dg__rng_below(&r, (uint32_t)DG_COUNT(material));
        dc->material = m;
        dc->ac = material[m].ac;
        dc->hp = material[m].hp;
        dc->break_dc = o->type == DG_DOOR_ARCH ? 0 : material[m].break_dc;
        dc->secret = -1;
        if (o->type == DG_DOOR_LOCKED) {
            dc->lock_dc = 10 + 5 * (1 + (int)dg__rng_below(&r, 3));
            dc->key_room = key_room(&r, c, door_dist[i]);
            if (dc->key_room) c->rooms[dc->key_room - 1].n_keys++;
        } else if (o->type == DG_DOOR_TRAPPED) {
            dc->trapped = true;
            trap(&r, c, true, &dc->trap);
        } else if (o->type == DG_DOOR_SECRET) {
            dc->secret = pick(&r, DG_WORDS_SECRET);
            dc->secret_dc = 10 + 5 * (1 + (int)dg__rng_below(&r, 2));
        } else if (o->type == DG_DOOR_PORTC) {
            dc->break_dc = 20 + 5 * (int)dg__rng_below(&r, 2);
        }
    }
}

static void stock_wandering(dg_contents *c, uint64_t seed)
{
    for (int k = 0; k < DG_WANDERING_ROWS; k++) {
        dg_rng r = stream(seed, DG__STREAM_WANDER, (uint64_t)k);
        dg_wandering *w = &c->wandering[k];
        int faction = draw_faction(&r, c);
        encounter(&r, c, faction, k < 4 ? DG_DIFF_EASY : DG_DIFF_MEDIUM, &w->encounter);
        w->activity = pick(&r, DG_WORDS_ACTIVITY);
    }
    c->n_wandering = DG_WANDERING_ROWS;
}

static bool plain_corridor(const dg_dungeon *d, int x, int y) { return dg_cell(d, x, y) == DG_CORRIDOR; }

static void stock_corridors(dg_contents *c, const dg_dungeon *d, uint64_t seed)
{
    dg_rng r = stream(seed, DG__STREAM_CORRIDOR, 0);
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
        f->kind = dg__word_pick(&r, DG_WORDS_CORRIDOR, c->motif);
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

/* ---------------------------------------------------------- entry */

dg_status dg_contents_stock(const dg_dungeon *d, const dg_stock_params *p, dg_contents **out,
                            dg_error *err)
{
    *out = NULL;
    dg_status rc = dg_stock_params_check(p, err);
    if (rc != DG_OK) return rc;
    size_t n_rooms = p->depth == DG_DEPTH_NONE ? 0 : d->n_rooms;
    size_t n_doors = p->depth == DG_DEPTH_NONE ? 0 : d->n_doors;
    size_t bytes = sizeof(dg_contents) + n_rooms * sizeof(dg_room_contents) + n_doors * sizeof(dg_door_contents);
    dg_contents *c = dg__calloc(1, bytes);
    if (!c) return dg__nomem(err, "stocking the dungeon");
    c->rooms = n_rooms ? (dg_room_contents *)(c + 1) : NULL;
    c->doors = n_doors ? (dg_door_contents *)((char *)(c + 1) + n_rooms * sizeof(dg_room_contents)) : NULL;
    c->n_rooms = n_rooms;
    c->n_doors = n_doors;
    c->depth = p->depth;
    c->level = p->level;
    c->party = p->party;
    c->floor = p->floor;
    c->motif = p->motif;
    if (p->name) {
        c->name_given = true;
        snprintf(c->name_text, sizeof c->name_text, "%s", p->name);
    } else {
        name_words(p->seed, c->name_words);
    }
    c->details.special = -1;
    if (p->depth == DG_DEPTH_NONE) {
        *out = c;
        return DG_OK;
    }
    stock_dungeon(c, p->seed);

    /* paths: scratch for the walks, the distances and the key rooms */
    size_t walk_bytes = dg__paths_scratch_bytes(d);
    size_t extra = (n_rooms + n_doors) * sizeof(int);
    void *scratch = dg__malloc(walk_bytes + extra);
    if (!scratch) {
        dg__free(c);
        return dg__nomem(err, "stocking the dungeon");
    }
    dg__paths paths;
    paths.dist = (int *)((char *)scratch + walk_bytes);
    paths.door_dist = paths.dist + n_rooms;
    dg__paths_find(d, scratch, &paths);
    c->entrance = paths.entrance;
    c->entrance_room = paths.entrance_room;
    int lair = 0;
    for (size_t i = 0; i < n_rooms; i++) {
        c->rooms[i].id = (int)i + 1;
        c->rooms[i].distance = paths.dist[i];
        c->rooms[i].purpose = c->rooms[i].sound = c->rooms[i].smell = -1;
        c->rooms[i].encounter.faction = -1;
        c->rooms[i].treasure.container = -1;
        if (paths.dist[i] >= 0 && (lair == 0 || paths.dist[i] > paths.dist[lair - 1])) lair = (int)i + 1;
    }
    c->farthest_room = lair;

    for (size_t i = 0; i < n_rooms; i++) stock_room(c, p->seed, &c->rooms[i], (int)i + 1 == lair);
    if (lair) gather_to_lair(c, lair);
    dg__treasure_stock(c, p->seed, lair);
    stock_doors(c, d, p->seed, paths.door_dist);
    dg__free(scratch);
    if (p->depth == DG_DEPTH_FULL) {
        for (size_t i = 0; i < n_rooms; i++) dress_room(c, p->seed, &c->rooms[i]);
        stock_wandering(c, p->seed);
        stock_corridors(c, d, p->seed);
    }
    *out = c;
    return DG_OK;
}
