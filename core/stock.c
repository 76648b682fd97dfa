/* stock.c -- dg_contents_stock(): checks the parameters, then stocks a map
 * in passes, each from its own stream: the concept (stock_concept.c: who
 * built it, how it fell, who holds it, the details and name words), the
 * paths (entrance, distances), every room (the lair's boss first; then as
 * the DMG's chamber contents go: creatures, a trap, a hazard, treasure, or
 * nothing; dressing and a purpose at depth full), the treasure by the
 * DMG's tables (stock_treasure.c), doors (locks, traps, secret ways,
 * keys), wandering monsters and corridor features; last the features the map draws (stock_features.c). The rules are written down in docs/stocking.md. */
#include "stock_int.h"

#include "options_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* Rooms, on a d100 as the DMG's chamber contents run: creatures up to
 * 45, a trap up to 60, a hazard up to 70, treasure alone up to 80, else
 * empty (a fifth at most: a room whose creatures cannot be cast holds a
 * hazard instead). Treasure with creatures, a trap or a hazard at the
 * percentages below (what it is, and the hoards, are stock_treasure.c's
 * business); a hidden feature at HIDDEN_PERCENT; the lair (the farthest
 * room) always holds the boss's deadly encounter and the richest hoard. */
#define CREATURES_UPTO 45
#define TRAP_UPTO 60
#define HAZARD_UPTO 70
#define TREASURE_UPTO 80
#define SECOND_TRAP_PERCENT 20
#define TREASURE_GUARDED_PERCENT 60
#define TREASURE_BESIDE_PERCENT 30
#define HIDDEN_PERCENT 20
#define WATER_PERCENT 35      /* aquatic and cistern dungeons: a pool anyway */
/* difficulty mix on a d100 (plus FLOOR_STEP per floor below the first and
 * the danger's step): easy up to 20, medium up to 60, hard up to 90,
 * deadly above */
static const int mix_upto[DG_DIFF_DEADLY] = {20, 60, 90};
/* rules=2024's three on the same roll: low up to 30, moderate up to 75,
 * high above (so danger and floors shift them as they shift 2014's; the
 * lair is high, 2014's deadly) */
static const int mix_upto_2024[2] = {30, 75};
#define FLOOR_STEP 10
static const int danger_step[DG_DANGER_COUNT] = {-15, 0, 15, 30};

/* ------------------------------------------------------------ params */

void dg_stock_params_init(dg_stock_params *p, uint64_t seed)
{
    *p = (dg_stock_params){.seed = seed, .depth = DG_DEPTH_FULL, .level = 1, .party = 4,
                           .motif = DG_MOTIF_NONE, .name = NULL, .floor = 0,
                           .concept_seed = seed, .natural = false, .danger = DG_DANGER_STANDARD};
}

/* A stocking parameter that is an option key is checked against its key
 * row (option_keys.c holds the range and the names), and one out of range
 * is refused by the parser itself (dg_options_set on scratch options), so
 * the two never disagree and their errors read the same. The rows are read
 * by key id, not looked up by name: every map is stocked, even at
 * contents=none, and a lookup by name here cost more than its concept. */
static dg_status check_as_parser(key_id k, const char *value, dg_error *err)
{
    dg_options scratch;
    dg_options_init(&scratch);
    return dg_options_set(&scratch, dg__keys[k].name, value, NULL, err);
}

static dg_status check_int_key(key_id k, int v, dg_error *err)
{
    if (v >= dg__keys[k].lo && v <= dg__keys[k].hi) return DG_OK;
    char value[24];
    snprintf(value, sizeof value, "%d", v);
    return check_as_parser(k, value, err);
}

/* An enum parameter: an index into its key row's values. */
static dg_status check_value_index(key_id k, int v, dg_error *err)
{
    const dg_option_def *d = &dg__keys[k];
    if (v >= 0 && (size_t)v < d->n_names) return DG_OK;
    char value[24], allowed[200];
    snprintf(value, sizeof value, "%d", v);
    dg_option_allowed(d->name, allowed, sizeof allowed);
    return dg_error_set(err, DG_EINVAL, d->name, value, allowed, "%s must be one of %s", d->name, allowed);
}

dg_status dg_stock_params_check(const dg_stock_params *p, dg_error *err)
{
    dg_status rc = check_value_index(K_CONTENTS, (int)p->depth, err);
    if (rc == DG_OK) rc = check_int_key(K_LEVEL, p->level, err);
    if (rc == DG_OK) rc = check_int_key(K_PARTY, p->party, err);
    if (rc == DG_OK) rc = check_value_index(K_MOTIF, (int)p->motif, err);
    if (rc == DG_OK) rc = check_value_index(K_DANGER, (int)p->danger, err);
    if (rc == DG_OK) rc = check_value_index(K_RULES, (int)p->rules, err);
    if (rc != DG_OK) return rc;
    /* the floor is no option of its own: a floor of a several-floor map */
    if (p->floor < 0 || p->floor > DG_STOCK_FLOOR_MAX) {
        char value[24];
        snprintf(value, sizeof value, "%d", p->floor);
        return dg_error_set(err, DG_EINVAL, "floor", value, "0..99", "floor %d is out of range: 0..99", p->floor);
    }
    return p->name ? check_as_parser(K_NAME, p->name, err) : DG_OK;
}

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

const dg_room_contents *dg_contents_room(const dg_contents *c, int id)
{
    return c && id >= 1 && (size_t)id <= c->n_rooms ? &c->rooms[id - 1] : NULL;
}

void dg_contents_free(dg_contents *c)
{
    if (c) dg__free(c->features);
    dg__free(c);
}

/* ------------------------------------------------------------ passes */

static dg_rng stream(uint64_t seed, uint64_t base, uint64_t index)
{
    dg_rng r;
    dg_rng_seed(&r, seed, base + index);
    return r;
}

static int pick(dg_rng *r, dg_words w) { return (int)dg__rng_below(r, (uint32_t)dg_contents_word_count(w)); }

/* What stocking carries from room to room: the word decks, the origin's
 * rooms already given, the map's square size. */
typedef struct {
    dg__deck deck;
    unsigned purposes_used;  /* bit k: the origin's purpose k is taken */
    int fillers;
    int cell_ft;
} stocker;

static int harder(const dg_contents *c) { return FLOOR_STEP * c->floor + danger_step[c->danger]; }

static dg_difficulty draw_difficulty(dg_rng *r, const dg_contents *c)
{
    int roll = 1 + (int)dg__rng_below(r, 100) + harder(c);
    int d = 0;
    if (c->rules == DG_RULES_2024) {
        while (d < 2 && roll > mix_upto_2024[d]) d++;
        return (dg_difficulty)(DG_DIFF_LOW + d);
    }
    while (d < DG_DIFF_DEADLY && roll > mix_upto[d]) d++;
    return (dg_difficulty)d;
}

/* Whether a creature can be a dungeon's master, named in its history and
 * its name: one with a mind (Intelligence 4 or more), not a shark or a
 * shrieker, which may still lead the lair's fight. */
#define MASTER_MIN_INT 4
static bool can_rule(int monster)
{
    const dg_statblock *sb = dg_monster_statblock(monster);
    return !sb || sb->scores[3] >= MASTER_MIN_INT;
}

static int encounter_count(const dg_encounter *e)
{
    int n = 0;
    for (int g = 0; g < e->n_groups; g++) n += e->groups[g].count;
    return n;
}

/* The room's faction: the first most of the time, the second some of it. */
static int draw_faction(dg_rng *r, const dg_contents *c)
{
    int roll = (int)dg__rng_below(r, 100);
    if (roll < 60) return 0;
    if (c->n_factions > 1 && roll < 85) return 1;
    return -1;
}

/* An encounter of difficulty d from the faction's cast (the first's when
 * none), or the hardest easier one the cast allows; none when it cannot.
 * At rules=2024 a 2014 difficulty asked for (the wanderers' easy and
 * medium) is the 2024 one in its place: low, moderate. */
static void encounter(dg_rng *r, const dg_contents *c, int faction, dg_difficulty d, bool lair,
                      dg_size max_size, int room_squares, dg_encounter *e)
{
    dg__enc_want w = {.level = c->level, .party = c->party, .lair = lair, .max_size = max_size,
                      .room_squares = room_squares,
                      .theme = c->factions[faction < 0 ? 0 : faction].kind, .boss = lair ? c->boss : -1,
                      .master = c->boss, .rules = c->rules};
    const dg__srd *s = dg__srd_of(c->rules);
    if (d < s->easiest) d = (dg_difficulty)(s->easiest + (int)d);
    if (d > s->hardest) d = s->hardest;
    /* easier first; a cast too strong for even the easy band (undead for
     * one level-1 character) sends its weakest, harder than drawn */
    for (int k = (int)d; k >= (int)s->easiest; k--)
        if (dg__encounter_build(r, &w, (dg_difficulty)k, e)) {
            e->faction = faction;
            return;
        }
    for (int k = (int)d + 1; k <= (int)s->hardest; k++)
        if (dg__encounter_build(r, &w, (dg_difficulty)k, e)) {
            e->faction = faction;
            return;
        }
    /* a wandering row is never empty: the mighty in numbers rather than
     * nothing (a cast of legendary creatures for a big high-level party) */
    if (!room_squares) {
        w.uncapped = true;
        for (int k = (int)d; k <= (int)s->hardest; k++)
            if (dg__encounter_build(r, &w, (dg_difficulty)k, e)) {
                e->faction = faction;
                return;
            }
    }
    e->n_groups = 0;
    e->faction = -1;
}

/* The largest creature a room holds: Huge needs 30 ft and Gargantuan
 * 40 ft on its narrower side (its space and room to fight). */
static dg_size room_holds(const dg_room *room, int cell_ft)
{
    int side = (room->width < room->height ? room->width : room->height) * cell_ft;
    return side >= 40 ? DG_SIZE_GARGANTUAN : side >= 30 ? DG_SIZE_HUGE : DG_SIZE_LARGE;
}

static int room_squares(const dg_room *room, int cell_ft)
{
    int per = cell_ft / 5;
    return room->width * per * room->height * per;
}

static bool swimmers(const dg__srd *s, const dg_encounter *e)
{
    for (int g = 0; g < e->n_groups; g++)
        if (dg_monster_lives_in_water(e->groups[g].monster)) return true;
    return false;
}

static void trap(dg_rng *r, const dg_contents *c, bool on_container, dg_trap *t)
{
    t->kind = dg__trap_pick(r, c->motif, on_container);
    t->trigger = dg__trap_trigger(r, t->kind, on_container);
    /* severity: setback up to 50, dangerous up to 85, deadly above, on a
     * d100 that deeper floors raise like the difficulty's */
    int roll = 1 + (int)dg__rng_below(r, 100) + harder(c);
    dg_severity s = roll <= 50 ? DG_SEV_SETBACK : roll <= 85 ? DG_SEV_DANGEROUS : DG_SEV_DEADLY;
    dg__trap_numbers(r, c->level, s, dg_trap_kind_info(t->kind)->attack, t);
}

/* Variant v of room id's stream: 0 the room as first stocked, 1.. its
 * rerolls (the reroll key), each a stream no other room draws from. */
static uint64_t variant_index(int id, int v) { return (uint64_t)id + ((uint64_t)v << 32); }

static void stock_room(dg_contents *c, const dg_room *room, int cell_ft, uint64_t seed, dg_room_contents *rc,
                       bool lair, int variant)
{
    dg_rng r = stream(seed, DG__STREAM_ROOM, variant_index(rc->id, variant));
    dg_size holds = room_holds(room, cell_ft);
    int roll = lair ? 1 : 1 + (int)dg__rng_below(&r, 100);
    if (roll <= CREATURES_UPTO) {
        /* the lair: the hardest difficulty the rules have (2014 deadly, 2024 high) */
        dg_difficulty d = lair ? dg__srd_of(c->rules)->hardest : draw_difficulty(&r, c);
        int faction = lair ? 0 : draw_faction(&r, c);
        encounter(&r, c, faction, d, lair, holds, room_squares(room, cell_ft), &rc->encounter);
        if (rc->encounter.n_groups == 0) roll = HAZARD_UPTO; /* nothing of the cast fits here */
        else if (lair || dg__rng_percent(&r, TREASURE_GUARDED_PERCENT)) rc->has_treasure = true;
    }
    if (roll > CREATURES_UPTO && roll <= TRAP_UPTO) {
        trap(&r, c, false, &rc->traps[rc->n_traps++]);
        if (dg__rng_percent(&r, SECOND_TRAP_PERCENT)) trap(&r, c, false, &rc->traps[rc->n_traps++]);
    } else if (roll > TRAP_UPTO && roll <= HAZARD_UPTO) {
        rc->hazard = pick(&r, DG_WORDS_HAZARD);
    } else if (roll > HAZARD_UPTO && roll <= TREASURE_UPTO) {
        rc->has_treasure = true;
    }
    if (roll > CREATURES_UPTO && roll <= HAZARD_UPTO && dg__rng_percent(&r, TREASURE_BESIDE_PERCENT))
        rc->has_treasure = true;
    /* a pool is the place's, not its tenants': drawn from a stream of its
     * own, so the same room is flooded under either rules and after a
     * reroll; swimmers flood any room they are put in */
    dg_rng pool = stream(seed, DG__STREAM_POOL, (uint64_t)rc->id);
    bool pooled = (c->motif == DG_MOTIF_AQUATIC || c->origin == DG__ORIGIN_CISTERN) && dg__rng_percent(&pool, WATER_PERCENT);
    rc->water = pooled || swimmers(dg__srd_of(c->rules), &rc->encounter);
}

/* The room's purpose: the lair's and the rank and file's quarters are the
 * origin's first two; the rest drawn once each, then the fillers. */
static int purpose_of(dg_rng *r, stocker *st, const dg_contents *c, const dg_room_contents *rc)
{
    if (rc->id == c->farthest_room) return dg__word_purpose(c->origin, 0);
    bool troops = rc->encounter.n_groups > 0 && !rc->encounter.boss;
    if (troops && !(st->purposes_used & 2u)) {
        st->purposes_used |= 2u;
        return dg__word_purpose(c->origin, 1);
    }
    int free = 0;
    for (int k = 2; k < DG__ORIGIN_PURPOSES; k++) free += !((st->purposes_used >> k) & 1u);
    if (free == 0) return dg__word_purpose(c->origin, DG__ORIGIN_PURPOSES + st->fillers++);
    int pick_k = (int)dg__rng_below(r, (uint32_t)free);
    for (int k = 2; k < DG__ORIGIN_PURPOSES; k++)
        if (!((st->purposes_used >> k) & 1u) && pick_k-- == 0) {
            st->purposes_used |= 1u << k;
            return dg__word_purpose(c->origin, k);
        }
    return dg__word_purpose(c->origin, DG__ORIGIN_PURPOSES);
}

static void dress_room(dg_contents *c, stocker *st, uint64_t seed, dg_room_contents *rc, int variant)
{
    dg_rng r = stream(seed, DG__STREAM_DRESS, variant_index(rc->id, variant));
    if (!variant) rc->purpose = purpose_of(&r, st, c, rc); /* a reroll keeps what the room was built for */
    bool natural = dg__origins[c->origin].natural;
    /* what the room was for first, then what lies about */
    rc->dressing[0] = dg__word_purpose_dressing(rc->purpose);
    rc->n_dressing = 1 + (int)dg__rng_below(&r, DG_ROOM_MAX_DRESSING);
    for (int k = 1; k < rc->n_dressing; k++) rc->dressing[k] = dg__word_deal(&st->deck, &r, DG_WORDS_DRESSING, c->theme, natural);
    rc->sound = dg__rng_percent(&r, 50) ? dg__word_deal(&st->deck, &r, DG_WORDS_SOUND, c->theme, natural) : -1;
    rc->smell = dg__rng_percent(&r, 50) ? dg__word_deal(&st->deck, &r, DG_WORDS_SMELL, c->theme, natural) : -1;
    if (dg__rng_percent(&r, HIDDEN_PERCENT)) {
        rc->n_hidden = 1;
        rc->hidden[0].kind = dg__word_deal(&st->deck, &r, DG_WORDS_HIDDEN, -1, natural);
        rc->hidden[0].dc = 10 + 5 * (1 + (int)dg__rng_below(&r, 2));
        /* half the treasure of a room with a hiding place is in it */
        rc->treasure.hidden = rc->has_treasure && dg__rng_percent(&r, 50);
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
            dc->secret = (int)dg__rng_below(&r, (uint32_t)dg_contents_word_count(DG_WORDS_SECRET));
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
        /* wanderers walk the corridors: nothing bigger than Large */
        encounter(&r, c, faction, k < 4 ? DG_DIFF_EASY : DG_DIFF_MEDIUM, false, DG_SIZE_LARGE, 0, &w->encounter);
        if (!w->encounter.n_groups) /* a cast of giants still wanders */
            encounter(&r, c, faction, k < 4 ? DG_DIFF_EASY : DG_DIFF_MEDIUM, false, DG_SIZE_GARGANTUAN, 0, &w->encounter);
        w->activity = w->encounter.n_groups
                          ? dg__activity_pick(&r, w->encounter.groups[0].monster, encounter_count(&w->encounter))
                          : 0;
    }
    c->n_wandering = DG_WANDERING_ROWS;
}

static bool plain_corridor(const dg_dungeon *d, int x, int y) { return dg_cell(d, x, y) == DG_CORRIDOR; }

static void stock_corridors(dg_contents *c, stocker *st, const dg_dungeon *d, uint64_t seed)
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

/* A floor cell of room (or cave chamber) id, never a door or a stair. */
static bool in_room(uint32_t cell, int id)
{
    return dg_cell_open(cell) && !(cell & (DG_DOORSPACE | DG_STAIRS)) &&
           (int)((cell & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT) == id;
}

/* The cells the key's marks stand on: distinct room cells of room rc,
 * drawn from a stream of their own (so placing them moves no other draw). */
static void place_marks(const dg_dungeon *d, uint64_t seed, dg_room_contents *rc, int variant)
{
    int want = rc->n_traps + (rc->n_keys > 0) + rc->n_hidden;
    if (!want) return;
    const dg_room *room = &d->rooms[rc->id - 1];
    int n = 0;
    for (int y = room->y; y < room->y + room->height; y++)
        for (int x = room->x; x < room->x + room->width; x++) {
            uint32_t cell = dg_cell(d, x, y);
            n += in_room(cell, rc->id);
        }
    if (n == 0) return;
    /* the room's number stands on its middle cell: keep marks off it when
     * the room has cells to spare */
    int mid_x = room->x + room->width / 2, mid_y = room->y + room->height / 2, mid = -1, seen_mid = 0;
    for (int y = room->y; y < room->y + room->height && mid < 0; y++)
        for (int x = room->x; x < room->x + room->width; x++) {
            uint32_t cell = dg_cell(d, x, y);
            if (!in_room(cell, rc->id)) continue;
            if (x == mid_x && y == mid_y) mid = seen_mid;
            seen_mid++;
        }
    dg_rng r = stream(seed, DG__STREAM_PLACE, variant_index(rc->id, variant));
    dg_point got[DG_ROOM_MAX_TRAPS + 2];
    int taken[DG_ROOM_MAX_TRAPS + 2];
    for (int k = 0; k < want; k++) {
        int pick_k;
        bool again;
        do {
            pick_k = (int)dg__rng_below(&r, (uint32_t)n);
            again = false;
            for (int j = 0; j < k && n > want; j++) again |= taken[j] == pick_k;
            again |= pick_k == mid && n > want + 1;
        } while (again);
        taken[k] = pick_k;
        int seen = 0;
        for (int y = room->y; y < room->y + room->height; y++)
            for (int x = room->x; x < room->x + room->width; x++) {
                uint32_t cell = dg_cell(d, x, y);
                if (!in_room(cell, rc->id)) continue;
                if (seen++ == pick_k) got[k] = (dg_point){x, y};
            }
    }
    int k = 0;
    for (int t = 0; t < rc->n_traps; t++) rc->trap_cells[t] = got[k++];
    if (rc->n_keys) rc->key_cell = got[k++];
    if (rc->n_hidden) rc->hidden_cell = got[k++];
}

/* ---------------------------------------------------------- rerolls */

/* Marks in deck every word the dungeon uses outside room `except`. */
static void deck_of_others(const dg_contents *c, int except, dg__deck *deck)
{
    memset(deck, 0, sizeof *deck);
#define USE(w, i) ((i) >= 0 ? (void)(deck->used[w][(i) >> 6] |= 1ull << ((i) & 63)) : (void)0)
    for (size_t i = 0; i < c->n_rooms; i++) {
        const dg_room_contents *rc = &c->rooms[i];
        if (rc->id == except) continue;
        for (int k = 1; k < rc->n_dressing; k++) USE(DG_WORDS_DRESSING, rc->dressing[k]);
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
static dg_status reroll_rooms(dg_contents *c, const dg_dungeon *d, const dg_stock_params *p, dg_error *err)
{
    dg_reroll items[DG_REROLL_MAX];
    int n;
    char why[sizeof err->msg];
    if (!dg__reroll_parse(p->reroll, items, &n, why, sizeof why))
        return dg_error_set(err, DG_EINVAL, "reroll", p->reroll, "ROOM:VARIANT,...", "%s", why);
    stocker *st = dg__calloc(1, sizeof *st);
    if (!st) return dg__nomem(err, "rerolling rooms");
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
            stock_room(c, &d->rooms[r->id - 1], st->cell_ft, p->seed, r, lair, v);
            if (lair) { /* the dungeon's richest hoard stays where it is */
                r->treasure = kept.treasure;
                r->has_treasure = kept.has_treasure;
                break;
            }
            dg__treasure_room(c, p->seed, variant_index(r->id, v), r, kept.treasure.hoard);
            if (hoard < 0 || !r->has_treasure || dg_treasure_value_gp(&r->treasure) <= hoard) break;
            if (tries == 4) {
                r->has_treasure = false;
                break;
            }
        }
        if (p->depth == DG_DEPTH_FULL) {
            deck_of_others(c, r->id, &st->deck);
            dress_room(c, st, p->seed, r, items[k].variant);
        }
        place_marks(d, p->seed, r, items[k].variant);
    }
    dg__free(st);
    return rc;
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
        c->rooms[i].hazard = -1;
        c->rooms[i].treasure.container = -1;
        if (paths.dist[i] >= 0 && (lair == 0 || paths.dist[i] > paths.dist[lair - 1])) lair = (int)i + 1;
    }
    c->farthest_room = lair;

    stocker *st = dg__calloc(1, sizeof *st);
    if (!st) {
        dg__free(scratch);
        dg__free(c);
        return dg__nomem(err, "stocking the dungeon");
    }
    st->cell_ft = dg_cell_feet(&d->opts);
    /* the lair first: its boss is the dungeon's master, whom every other
     * room's cast then answers to (each room draws from its own stream,
     * so the order changes no draw) */
    if (lair) {
        stock_room(c, &d->rooms[lair - 1], st->cell_ft, p->seed, &c->rooms[lair - 1], true, 0);
        const dg_encounter *e = &c->rooms[lair - 1].encounter;
        /* a master only when the boss role leads the lair: a lair that
         * could field only a pack (four hyenas, seven ghosts) has none */
        if (e->n_groups && e->boss && can_rule(e->groups[0].monster)) c->boss = e->groups[0].monster;
    }
    for (size_t i = 0; i < n_rooms; i++)
        if ((int)i + 1 != lair) stock_room(c, &d->rooms[i], st->cell_ft, p->seed, &c->rooms[i], false, 0);
    dg__treasure_stock(c, p->seed, lair);
    c->name_boss = c->name_boss == -2 ? c->boss : -1;
    stock_doors(c, d, p->seed, paths.door_dist);
    dg__free(scratch);
    if (p->depth == DG_DEPTH_FULL) {
        for (size_t i = 0; i < n_rooms; i++) dress_room(c, st, p->seed, &c->rooms[i], 0);
        stock_wandering(c, p->seed);
        stock_corridors(c, st, d, p->seed);
    }
    dg__free(st);
    for (size_t i = 0; i < n_rooms; i++) place_marks(d, p->seed, &c->rooms[i], 0);
    if (p->reroll && (rc = reroll_rooms(c, d, p, err)) != DG_OK) {
        dg__free(c);
        return rc;
    }
features: /* last, from a stream of its own: what the map draws of the key */
    if ((rc = dg__features_place(c, d, p->seed, err)) != DG_OK) {
        dg_contents_free(c);
        return rc;
    }
    *out = c;
    return DG_OK;
}
