/* stock_room.c -- one room's contents: on a d100 as the DMG's chamber
 * contents run, creatures (an encounter of the faction's cast), a trap, a
 * hazard, treasure or nothing; then, at depth full, what the room was for
 * and what lies about it; last the squares the key's marks stand on.
 * Each room draws from streams of its own (room id and reroll variant),
 * so the order rooms are stocked in moves no draw. stock.c runs the passes
 * over the rooms, doors, wanderers and corridors. */
#include "stock_int.h"


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
#define SAME_BAND_REDRAWS 3   /* a fight that outguns the lair: draws again in its band */
#define REPEAT_REDRAWS 4      /* a fight another room of the floor holds already: draws again */
static const int danger_step[DG_DANGER_COUNT] = {-15, 0, 15, 30};

static int pick(dg_rng *r, dg_words w) { return (int)dg__rng_below(r, (uint32_t)dg_contents_word_count(w)); }

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

/* The hardest fight the entrance room holds: medium (2014), moderate (2024). */
static dg_difficulty entrance_most(const dg_contents *c)
{
    return c->rules == DG_RULES_2024 ? DG_DIFF_MODERATE : DG_DIFF_MEDIUM;
}

int dg__encounter_count(const dg_encounter *e)
{
    int n = 0;
    for (int g = 0; g < e->n_groups; g++) n += e->groups[g].count;
    return n;
}

/* The room's faction: the first most of the time, the second some of it. */
int dg__stock_faction(dg_rng *r, const dg_contents *c)
{
    int roll = (int)dg__rng_below(r, 100);
    if (roll < 60) return 0;
    if (c->n_factions > 1 && roll < 85) return 1;
    return -1;
}

/* The first encounter built over the bands from..to (either way, both
 * included), its faction set; false when none is. */
static bool bands(dg_rng *r, const dg__enc_want *w, int from, int to, int faction, dg_encounter *e)
{
    for (int k = from, step = from <= to ? 1 : -1;; k += step) {
        if (dg__encounter_build(r, w, (dg_difficulty)k, e)) {
            e->faction = faction;
            return true;
        }
        if (k == to) return false;
    }
}

/* Band d, then the easier ones down to the easiest, then the harder ones. */
static bool near_band(dg_rng *r, const dg__enc_want *w, const dg__srd *s, dg_difficulty d, int faction,
                      dg_encounter *e)
{
    return bands(r, w, (int)d, (int)s->easiest, faction, e) ||
           ((int)d < (int)s->hardest && bands(r, w, (int)d + 1, (int)s->hardest, faction, e));
}

/* An encounter of difficulty d from the faction's cast (the first's when
 * none), or the hardest easier one the cast allows; none when it cannot.
 * At rules=2024 a 2014 difficulty asked for (the wanderers' easy and
 * medium) is the 2024 one in its place: low, moderate. */
/* Nobody outside the master's own lair outranks the master (no pit fiend
 * in the stable of an ice devil's legion): the lair is stocked first, so
 * every other room and row knows whom it answers to. */
/* The master's own kind stands in and near its lair; every other room
 * and the wandering table draw on the rest of the cast first (seed=5029
 * level=17 danger=deadly rules=2024 had two ice devils in each of its
 * rooms and on every wandering row). */
void dg__stock_encounter(dg_rng *r, const dg_contents *c, int faction, dg_difficulty d, bool lair, bool guard,
                      dg_size max_size, int room_squares, dg_encounter *e)
{
    dg__enc_want w = {.level = c->level, .party = c->party, .lair = lair, .max_size = max_size,
                      .room_squares = room_squares,
                      .theme = c->factions[faction < 0 ? 0 : faction].kind,
                      .boss = lair && c->floor == 0 ? c->boss : -1, .master = c->boss, .rules = c->rules,
                      .most_cr8 = c->boss >= 0 && (c->floor > 0 || !lair) ? dg_monster_info(c->boss)->cr8 : 0,
                      .shun = lair || guard ? -1 : c->boss, .memo = c->cast_memo};
    const dg__srd *s = dg__srd_of(c->rules);
    if (d < s->easiest) d = (dg_difficulty)(s->easiest + (int)d);
    if (d > s->hardest) d = s->hardest;
    /* away from the lair, the rest of the cast at the band or one easier
     * before the master's own kind at any */
    if (w.shun >= 0) {
        if (bands(r, &w, (int)d, (int)d > (int)s->easiest ? (int)d - 1 : (int)d, faction, e)) return;
        w.shun = -1;
    }
    /* a lair its band's creatures cannot reach on half its floor, in three
     * groups, crowds them in (stock_int.h's crowd) rather than fall to an
     * easier band: the party fights its way in from the door */
    if (lair) {
        if (bands(r, &w, (int)d, (int)d, faction, e)) return;
        w.crowd = true;
        /* a lower floor's lair held under the master's challenge that
         * still cannot reach its band (an aboleth's hive for four level-20
         * characters: nine of the hive's own, challenge 10 at most, buy
         * 24,600 XP of the 25,601 even a moderate fight asks) holds
         * something mightier than the master instead of an easier fight:
         * its floor's chapter says so (adventure_hook.c: the master does
         * not go down). The floor's other rooms still answer to the master. */
        if (c->floor > 0 && w.most_cr8) {
            dg_rng keep = *r; /* none of it reached: the easier bands draw as before */
            if (bands(r, &w, (int)d, (int)d, faction, e)) return;
            dg__enc_want over = w;
            over.most_cr8 = 0;
            over.crowd = false;
            if (bands(r, &over, (int)d, (int)d, faction, e)) return;
            over.crowd = true;
            if (bands(r, &over, (int)d, (int)d, faction, e)) return;
            *r = keep;
        }
    }
    /* easier first; a cast too strong for even the easy band (undead for
     * one level-1 character) sends its weakest, harder than drawn. A lair
     * so left short of its band is joined by reinforcements in round 2 or
     * 3 (stock_waves.c) rather than stay an easier fight */
    if (near_band(r, &w, s, d, faction, e)) {
        if (lair) dg__stock_wave(r, &w, d, e);
        return;
    }
    /* a wandering row is never empty: the mighty in numbers rather than
     * nothing (a cast of legendary creatures for a big high-level party) */
    if (!room_squares) {
        /* a war band of the master's own, then the caps lifted, each
         * easier bands first as above (two dragon turtles on the wandering
         * table of a sewer whose lair is a low fight read as a mistake, a
         * low band of the master's own does not) */
        w.war = true;
        if (bands(r, &w, (int)d, (int)s->easiest, faction, e)) return;
        w.uncapped = true;
        if (near_band(r, &w, s, d, faction, e)) return;
        /* and, last, something the master does not command: a wererat's
         * den at level 12 has nothing of its own rank that a party meets
         * in the corridors, but a wandering ettercap comes from outside */
        w.most_cr8 = 0;
        if (near_band(r, &w, s, d, faction, e)) return;
        /* the allies that came to the lair roam too, before a row is left
         * empty */
        w.allies = true;
        if (bands(r, &w, (int)s->easiest, (int)s->hardest, faction, e)) return;
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

void dg__stock_trap(dg_rng *r, const dg_contents *c, bool on_container, int avoid, dg_trap *t)
{
    t->kind = dg__trap_pick(r, c->motif, on_container, avoid);
    t->trigger = dg__trap_trigger(r, t->kind, on_container);
    /* severity: setback up to 50, dangerous up to 85, deadly above, on a
     * d100 that deeper floors raise like the difficulty's */
    int roll = 1 + (int)dg__rng_below(r, 100) + harder(c);
    dg_severity s = roll <= 50 ? DG_SEV_SETBACK : roll <= 85 ? DG_SEV_DANGEROUS : DG_SEV_DEADLY;
    dg__trap_numbers(r, c->level, c->rules, s, t);
}

/* Whether encounters a and b are the same groups, kinds and counts (in
 * any order). */
static bool same_fight(const dg_encounter *a, const dg_encounter *b)
{
    if (!a->n_groups || a->n_groups != b->n_groups) return false;
    for (int g = 0; g < a->n_groups; g++) {
        bool found = false;
        for (int h = 0; h < b->n_groups && !found; h++)
            found = b->groups[h].monster == a->groups[g].monster && b->groups[h].count == a->groups[g].count &&
                    b->groups[h].arrives == a->groups[g].arrives;
        if (!found) return false;
    }
    return true;
}

/* Whether encounter e is another room's of the floor already stocked (a
 * room not stocked yet holds nobody, so matches nothing); for the lair,
 * a floor above's lair's (c->above, while it stocks). */
static bool held_elsewhere(const dg_contents *c, int id, bool lair, const dg_encounter *e)
{
    if (lair) {
        for (int f = 0; c->above && f < c->above->n_lairs; f++)
            if (same_fight(e, &c->above->lairs[f])) return true;
        return false;
    }
    for (size_t i = 0; i < c->n_rooms; i++)
        if (c->rooms[i].id != id && same_fight(e, &c->rooms[i].encounter)) return true;
    return false;
}

void dg__stock_room(dg_contents *c, const dg_room *room, int cell_ft, uint64_t seed, dg_room_contents *rc,
                       bool lair, int variant)
{
    dg_rng r = dg__stock_stream(seed, DG__STREAM_ROOM, dg__stock_variant(rc->id, variant));
    dg_size holds = room_holds(room, cell_ft);
    int roll = lair ? 1 : 1 + (int)dg__rng_below(&r, 100);
    if (roll <= CREATURES_UPTO) {
        /* the lair: the hardest difficulty the rules have (2014 deadly, 2024 high) */
        dg_difficulty d = lair ? dg__srd_of(c->rules)->hardest : draw_difficulty(&r, c);
        int faction = lair ? 0 : dg__stock_faction(&r, c);
        /* the room the party enters is a skirmish at most */
        if (!lair && rc->id == c->entrance_room && d > entrance_most(c)) d = entrance_most(c);
        /* a room as far as the lair's approach (three quarters of its
         * walk) is the master's guard post: its own kind may stand there */
        int lair_walk = c->farthest_room ? c->rooms[c->farthest_room - 1].distance : -1;
        bool guard = lair_walk >= 0 && rc->distance >= 0 && 4 * rc->distance >= 3 * lair_walk;
        dg__stock_encounter(&r, c, faction, d, lair, guard, holds, room_squares(room, cell_ft), &rc->encounter);
        /* the lair (stocked first) is the floor's biggest fight: a room
         * that would outgun it is given an easier one, or none */
        long top = !lair && c->farthest_room ? c->rooms[c->farthest_room - 1].encounter.adjusted_xp : 0;
        /* (first the same band again, a few draws, then easier bands) */
        for (int k = (int)d, again = 0; top > 0 && rc->encounter.adjusted_xp >= top; again++) {
            if (again == SAME_BAND_REDRAWS) k--, again = 0;
            if (k < (int)dg__srd_of(c->rules)->easiest) {
                rc->encounter.n_groups = 0;
                rc->encounter.xp = rc->encounter.adjusted_xp = 0;
                break;
            }
            dg__stock_encounter(&r, c, faction, (dg_difficulty)k, false, guard, holds, room_squares(room, cell_ft),
                                &rc->encounter);
        }
        /* the same fight room after room reads as a machine's ("a
         * salamander, eight azers and four hell hounds" ten times over a
         * 61x61 floor, "an orc and a wolf" five): a fight another room
         * holds already is drawn again in its band, kept only when it
         * differs and does not outgun the lair; a cast with one mix keeps
         * it */
        /* a lower floor's lair, likewise, against the floors above (their
         * lairs the same fight on all three floors read as a machine's) */
        for (int again = 0; again < REPEAT_REDRAWS && held_elsewhere(c, rc->id, lair, &rc->encounter); again++) {
            dg_encounter drawn = rc->encounter;
            dg__stock_encounter(&r, c, faction, drawn.difficulty, lair, guard, holds, room_squares(room, cell_ft),
                                &rc->encounter);
            if (rc->encounter.n_groups == 0 || (top > 0 && rc->encounter.adjusted_xp >= top)) rc->encounter = drawn;
        }
        if (rc->encounter.n_groups == 0) roll = HAZARD_UPTO; /* nothing of the cast fits here */
        else if (lair || dg__rng_percent(&r, TREASURE_GUARDED_PERCENT)) rc->has_treasure = true;
    }
    if (roll > CREATURES_UPTO && roll <= TRAP_UPTO) {
        dg__stock_trap(&r, c, false, -1, &rc->traps[rc->n_traps++]);
        /* a second of another kind: two rolling stones "rolling the length
         * of the room" in one room read as the table repeating itself */
        if (dg__rng_percent(&r, SECOND_TRAP_PERCENT))
            dg__stock_trap(&r, c, false, rc->traps[0].kind, &rc->traps[rc->n_traps++]);
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
    dg_rng pool = dg__stock_stream(seed, DG__STREAM_POOL, (uint64_t)rc->id);
    bool pooled = (c->motif == DG_MOTIF_AQUATIC || c->origin == DG__ORIGIN_CISTERN) && dg__rng_percent(&pool, WATER_PERCENT);
    rc->water = pooled || swimmers(dg__srd_of(c->rules), &rc->encounter);
}

/* Whether a room of purpose k of origin o suits its occupants: no bunks
 * for golems, no library for a pack of wolves (an empty room suits any).
 * Each of the two questions (do they sleep, do they read) is asked of the
 * encounter once a room, not once a purpose (-1: not asked yet). */
typedef struct {
    const dg_encounter *e;
    signed char sleep, read;
} occupants;

static bool suits(occupants *oc, int o, int k)
{
    unsigned needs = dg__origins[o].purposes[k].needs;
    if (!oc->e->n_groups) return true;
    if (needs & DG__FOR_SLEEPERS) {
        if (oc->sleep < 0) oc->sleep = dg__occupants_sleep(oc->e);
        if (!oc->sleep) return false;
    }
    if (needs & DG__FOR_READERS) {
        if (oc->read < 0) oc->read = dg__occupants_read(oc->e);
        if (!oc->read) return false;
    }
    return true;
}

/* The room's purpose: the lair's and the rank and file's quarters are the
 * floor's origin's first two (dg__floor_origin: a lower floor was built
 * as something else); the rest drawn once each among those that suit the
 * occupants, then the fillers. */
static int purpose_of(dg_rng *r, dg__stocker *st, const dg_contents *c, const dg_room_contents *rc)
{
    int o = dg__floor_origin(c->origin, c->floor);
    if (rc->id == c->farthest_room) return dg__word_purpose(o, 0);
    occupants oc = {&rc->encounter, -1, -1};
    bool troops = rc->encounter.n_groups > 0 && !rc->encounter.boss;
    if (troops && !(st->purposes_used & 2u) && suits(&oc, o, 1)) {
        st->purposes_used |= 2u;
        return dg__word_purpose(o, 1);
    }
    unsigned fit = 0; /* the purposes left that suit them, a bit each */
    int free = 0;
    for (int k = 2; k < DG__ORIGIN_PURPOSES; k++)
        if (!((st->purposes_used >> k) & 1u) && suits(&oc, o, k)) {
            fit |= 1u << k;
            free++;
        }
    if (free == 0) return dg__word_purpose(o, DG__ORIGIN_PURPOSES + st->fillers++);
    int pick_k = (int)dg__rng_below(r, (uint32_t)free);
    for (int k = 2; k < DG__ORIGIN_PURPOSES; k++)
        if (((fit >> k) & 1u) && pick_k-- == 0) {
            st->purposes_used |= 1u << k;
            return dg__word_purpose(o, k);
        }
    return dg__word_purpose(o, DG__ORIGIN_PURPOSES);
}

/* Furnishings that ask for sleepers (a bed frame, bedrolls), dealt to a
 * room whose occupants never sleep, are left out; so are dry ones in a
 * flooded room ("Water seeps up through the floor ... a dry fountain
 * choked with dead leaves"). */
bool dg__dressing_fits(const dg_room_contents *rc, int w)
{
    if (rc->water && dg__dressing_dry(w)) return false;
    return !rc->encounter.n_groups || dg__occupants_sleep(&rc->encounter) || !dg__dressing_bedding(w);
}

/* A smell of fur (wet fur, wet dog) is left out of a room whose
 * occupants have none (dg__occupants_furred). */
bool dg__smell_fits(const dg_room_contents *rc, int w)
{
    return !dg__smell_furry(w) || dg__occupants_furred(&rc->encounter);
}

void dg__stock_dress(dg_contents *c, dg__stocker *st, uint64_t seed, dg_room_contents *rc, int variant)
{
    dg_rng r = dg__stock_stream(seed, DG__STREAM_DRESS, dg__stock_variant(rc->id, variant));
    if (!variant) rc->purpose = purpose_of(&r, st, c, rc); /* a reroll keeps what the room was built for */
    bool natural = dg__origins[c->origin].natural;
    /* what the room was for first, then what lies about */
    rc->dressing[0] = dg__word_purpose_dressing(rc->purpose);
    /* as many deals as drawn (no later draw moves); a phrase that echoes
     * one already there is left out */
    int deals = (int)dg__rng_below(&r, DG_ROOM_MAX_DRESSING);
    const dg__stems *kept[DG_ROOM_MAX_DRESSING];
    kept[0] = dg__dressing_stems(rc->dressing[0]);
    rc->n_dressing = 1;
    for (int k = 0; k < deals; k++) {
        int w = dg__word_deal(&st->deck, &r, DG_WORDS_DRESSING, c->theme, natural);
        const dg__stems *mine = dg__dressing_stems(w);
        kept[rc->n_dressing] = mine;
        bool echo = false;
        for (int j = 0; j < rc->n_dressing && !echo; j++) echo = dg__stems_meet(mine, kept[j]);
        if (!echo && dg__dressing_fits(rc, w)) rc->dressing[rc->n_dressing++] = w;
    }
    rc->sound = dg__rng_percent(&r, 50) ? dg__word_deal(&st->deck, &r, DG_WORDS_SOUND, c->theme, natural) : -1;
    rc->smell = dg__rng_percent(&r, 50) ? dg__word_deal(&st->deck, &r, DG_WORDS_SMELL, c->theme, natural) : -1;
    /* a flooded room does not smell of dust, nor a remorhaz's or a white
     * dragon's of wet fur (dropped, not redrawn: no draw moves) */
    if (rc->water && rc->smell >= 0 && rc->smell == dg__smell_dust()) rc->smell = -1;
    if (rc->smell >= 0 && !dg__smell_fits(rc, rc->smell)) rc->smell = -1;
    /* nor says a furnishing's word again ("droppings in every corner ...
     * The air smells of droppings", "chains hanging from hooks ... You
     * hear rattling chains"): dropped, as above */
    dg__stems own;
    for (int j = 0; rc->smell >= 0 && j < rc->n_dressing; j++)
        if (dg__stems_meet(dg__smell_stems(rc->smell, &own), kept[j])) rc->smell = -1;
    for (int j = 0; rc->sound >= 0 && j < rc->n_dressing; j++)
        if (dg__stems_meet(dg__sound_stems(rc->sound, &own), kept[j])) rc->sound = -1;
    /* "silence, deep and total" is no sound of a hall where a hill giant
     * and two orcs spin to face the party: only where nobody lives */
    if (rc->sound >= 0 && rc->encounter.n_groups && rc->sound == dg__sound_silence())
        rc->sound = -1;
    if (dg__rng_percent(&r, HIDDEN_PERCENT)) {
        rc->n_hidden = 1;
        rc->hidden[0].kind = dg__word_deal(&st->deck, &r, DG_WORDS_HIDDEN, -1, natural);
        rc->hidden[0].dc = 10 + 5 * (1 + (int)dg__rng_below(&r, 2));
        /* half the treasure of a room with a hiding place is in it, if
         * it fits (no sarcophagus under a floor tile; tested after the
         * draw, which is made as before) */
        rc->treasure.hidden = rc->has_treasure && dg__rng_percent(&r, 50) && dg__hidden_holds(rc->hidden[0].kind) &&
                              dg__container_hides(rc->treasure.container);
    }
}

/* A floor cell of room (or cave chamber) id, never a door or a stair. */
static bool in_room(uint32_t cell, int id)
{
    return dg_cell_open(cell) && !(cell & (DG_DOORSPACE | DG_STAIRS)) &&
           (int)((cell & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT) == id;
}

#define MARKS_LISTED 256

/* The cells the key's marks stand on: distinct room cells of room rc,
 * drawn from a stream of their own (so placing them moves no other draw). */
void dg__stock_marks(const dg_dungeon *d, uint64_t seed, dg_room_contents *rc, int variant)
{
    int want = rc->n_traps + (rc->n_keys > 0) + rc->n_hidden;
    if (!want) return;
    const dg_room *room = &d->rooms[rc->id - 1];
    /* the room number stands on its middle cell (a chamber's on its own
     * label square, core's pole): keep marks off it when the room has
     * cells to spare */
    int mid_x = room->x + room->width / 2, mid_y = room->y + room->height / 2, mid = -1;
    if (room->kind == DG_ROOM_KIND_CHAMBER) {
        mid_x = room->label_x;
        mid_y = room->label_y;
    }
    /* the room's cells in row-major order, met once: listed when few (a
     * room of a 45x23 map), else found again for each mark */
    dg_point list[MARKS_LISTED];
    int n = 0;
    /* the box cut to the map (a cell outside it is solid, never the
     * room's) and read a row at a time, the room's id in a local */
    const int id = rc->id, w = d->width;
    const int x_lo = room->x > 0 ? room->x : 0, x_hi = room->x + room->width < w ? room->x + room->width : w;
    const int y_lo = room->y > 0 ? room->y : 0, y_hi = room->y + room->height < d->height ? room->y + room->height : d->height;
    for (int y = y_lo; y < y_hi; y++) {
        const uint32_t *row = d->cells + (size_t)y * (size_t)w;
        for (int x = x_lo; x < x_hi; x++) {
            if (!in_room(row[x], id)) continue;
            if (x == mid_x && y == mid_y) mid = n;
            if (n < MARKS_LISTED) list[n] = (dg_point){x, y};
            n++;
        }
    }
    if (n == 0) return;
    dg_rng r = dg__stock_stream(seed, DG__STREAM_PLACE, dg__stock_variant(rc->id, variant));
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
        if (n <= MARKS_LISTED) {
            got[k] = list[pick_k];
            continue;
        }
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
