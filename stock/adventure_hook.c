/* adventure_hook.c -- the dungeon's adventure as a whole, once every
 * floor is stocked: who asks the party in (a patron, a stake, a reward in
 * gp scaled to the party's level and size), the goal (the master to slay
 * in the top floor's lair, or a thing or a person in the deepest lair or
 * behind a keyed door), a chapter per floor (each floor's boss standing
 * in its lair and how it ties to the history), the factions' leaders
 * (adventure_factions.c), the rumours (adventure_rumours.c) and the alarm
 * (what raises it; on each floor the nearest groups that answer, and
 * after how many rounds). From the top floor's seed alone. */
#include "stock_int.h"

#include <string.h>

#define PART_BUILD 0x3000000
#define SLAY_PERCENT 40
#define KEYED_GOAL_PERCENT 40
#define RESPONDERS_PER_FLOOR 2
#define BIG_FLOOR_CELLS 1000000 /* no walk for keyed-off rooms beyond this */

static int below(dg_rng *r, int n) { return n > 0 ? (int)dg__rng_below(r, (uint32_t)n) : 0; }

/* The runs of mask m (a row of nw words, cell x at bit x % 64 of word
 * x / 64) that hold a bit of x, into x: upward (toward higher bits) by
 * one addition a word, which carries a run's lowest seed through the rest
 * of the run, then downward by doubling shifts. A run that crosses into
 * the next word seeds it. */
static void fill_runs(uint64_t *x, const uint64_t *m, int nw)
{
    uint64_t carry = 0;
    for (int k = 0; k < nw; k++) {
        uint64_t s = (x[k] | carry) & m[k];
        s |= ((m[k] + s) ^ m[k]) & m[k];
        carry = s >> 63;
        x[k] = s;
    }
    carry = 0;
    for (int k = nw - 1; k >= 0; k--) {
        uint64_t s = (x[k] | carry << 63) & m[k], run = m[k];
        for (int step = 1; step < 64; step *= 2) {
            s |= (s >> step) & run;
            run &= run >> step;
        }
        carry = s & 1;
        x[k] = s;
    }
}

/* Whether row r (nw words) has a bit in columns [x0, x1). */
static bool row_meets(const uint64_t *r, int x0, int x1)
{
    uint64_t any = 0;
    for (int k = x0 >> 6; k <= (x1 - 1) >> 6; k++) {
        int lo = x0 > 64 * k ? x0 - 64 * k : 0, hi = x1 < 64 * k + 64 ? x1 - 64 * k : 64;
        uint64_t mask = (hi - lo == 64 ? ~UINT64_C(0) : (UINT64_C(1) << (hi - lo)) - 1) << lo;
        any |= r[k] & mask;
    }
    return any != 0;
}

/* Rooms of d no walk from the entrance reaches without opening a locked
 * door whose key lies on this floor: keyed[id - 1]; -1 out of memory. */
static int keyed_off(const dg_dungeon *d, const dg_contents *c, bool *keyed)
{
    size_t cells = (size_t)d->width * (size_t)d->height;
    bool any_key = false;
    for (size_t i = 0; i < c->n_doors; i++) any_key |= c->doors[i].key_room > 0;
    if (!any_key || cells > BIG_FLOOR_CELLS || !c->entrance_room) return 0;
    /* Only the set reached matters, so it is grown a row at a time, as
     * bits: each row's walkable cells (walks) and those reached (reached);
     * a row's reached grows to the whole runs of walkable cells that touch
     * a reached cell in it, above or below it, and the rows beside one that
     * grew are grown again, until none grows. A walk cell by cell tested
     * each cell's sides one by one, in no order a branch predictor learns:
     * it cost several times this. */
    const int w = d->width, h = d->height, nw = (w + 63) / 64;
    const size_t words = (size_t)nw * (size_t)h;
    /* the stack's for a map of some thousands of cells, each part an
     * array of its own type; else one block from the heap (allocated
     * storage takes each part's type as it is written; a uint64_t array
     * read as int would not) */
    uint64_t local[512];
    int local_todo[128];
    unsigned char local_queued[128];
    const size_t words_all = 2 * words + (size_t)nw;
    const bool small = words_all <= DG_COUNT(local) && (size_t)h <= DG_COUNT(local_todo);
    const size_t need = small ? words_all : words_all + ((size_t)h * (sizeof(int) + 1) + 7) / 8;
    uint64_t *block = small ? local : dg__malloc(need * sizeof *block);
    if (!block) return -1;
    memset(block, 0, need * sizeof *block);
    uint64_t *walks = block, *reached = walks + words, *grown = reached + words;
    int *todo = small ? local_todo : (int *)(grown + nw);
    unsigned char *queued = small ? local_queued : (unsigned char *)(todo + h);
    if (small) memset(local_queued, 0, (size_t)h);
    int n = 0;
    const uint32_t *const map = d->cells;
    /* a word's bits gathered in a register: ORed into memory cell by
     * cell, each cell's store waited on the last */
    for (int y = 0; y < h; y++) {
        const uint32_t *cell = map + (size_t)y * (size_t)w;
        for (int k = 0; k < nw; k++) {
            uint64_t bits = 0;
            for (int x = 64 * k, end = w < 64 * k + 64 ? w : 64 * k + 64; x < end; x++)
                bits |= (uint64_t)(dg_cell_open(cell[x]) & !(cell[x] & DG_LOCKED)) << (x & 63);
            walks[(size_t)y * (size_t)nw + (size_t)k] = bits;
        }
    }
#define AT(y, x) ((size_t)(y) * (size_t)nw + (size_t)((x) >> 6))
#define BIT(x) (UINT64_C(1) << ((x) & 63))
    /* the entrance is met whatever it is; its sides are walked from it */
    const int ex = c->entrance.x, ey = c->entrance.y;
    if (walks[AT(ey, ex)] & BIT(ex)) {
        reached[AT(ey, ex)] |= BIT(ex);
    } else {
        if (ex > 0) reached[AT(ey, ex - 1)] |= walks[AT(ey, ex - 1)] & BIT(ex - 1);
        if (ex < w - 1) reached[AT(ey, ex + 1)] |= walks[AT(ey, ex + 1)] & BIT(ex + 1);
        if (ey > 0) reached[AT(ey - 1, ex)] |= walks[AT(ey - 1, ex)] & BIT(ex);
        if (ey < h - 1) reached[AT(ey + 1, ex)] |= walks[AT(ey + 1, ex)] & BIT(ex);
    }
#undef AT
#undef BIT
    /* the seeds' rows grown along themselves, and with the rows beside
     * them queued: from here each row's reached is whole runs, so a row
     * none of whose walkable cells under or over a reached one is new to
     * it has nothing to grow (most of the times a row is met again) */
    for (int y = ey - 1; y <= ey + 1; y++)
        if (y >= 0 && y < h) fill_runs(reached + (size_t)y * (size_t)nw, walks + (size_t)y * (size_t)nw, nw);
    int top = 0;
    for (int y = ey - 2; y <= ey + 2; y++)
        if (y >= 0 && y < h) todo[top++] = y, queued[y] = 1;
    while (top) {
        int y = todo[--top];
        queued[y] = 0;
        uint64_t *r = reached + (size_t)y * (size_t)nw, fresh = 0;
        const uint64_t *m = walks + (size_t)y * (size_t)nw;
        for (int k = 0; k < nw; k++) {
            grown[k] = ((y > 0 ? r[k - nw] : 0) | (y < h - 1 ? r[k + nw] : 0)) & m[k] & ~r[k];
            fresh |= grown[k];
        }
        if (!fresh) continue;
        fill_runs(grown, m, nw);
        for (int k = 0; k < nw; k++) r[k] |= grown[k];
        if (y > 0 && !queued[y - 1]) todo[top++] = y - 1, queued[y - 1] = 1;
        if (y < h - 1 && !queued[y + 1]) todo[top++] = y + 1, queued[y + 1] = 1;
    }
    for (size_t i = 0; i < d->n_rooms && i < c->n_rooms; i++) {
        const dg_room *room = &d->rooms[i];
        bool met = ex >= room->x && ex < room->x + room->width && ey >= room->y && ey < room->y + room->height;
        for (int y = room->y; y < room->y + room->height && !met && room->width > 0; y++)
            met = row_meets(reached + (size_t)y * (size_t)nw, room->x, room->x + room->width);
        keyed[i] = !met && c->rooms[i].distance >= 0;
        n += keyed[i];
    }
    if (block != local) dg__free(block);
    return n;
}

static dg_adv_who who_in(const dg_contents *c, int fl, int room)
{
    const dg_room_contents *rc = dg_contents_room(c, room);
    int m = rc && rc->encounter.n_groups ? rc->encounter.groups[0].monster : -1;
    return (dg_adv_who){m, room, fl + 1, rc ? rc->purpose : -1};
}

static dg_status goal_of(dg_adventure *a, const dg_dungeon *const *maps, dg_contents *const *floors, int n,
                         dg_rng *r, dg_error *err)
{
    const dg_contents *top = floors[0];
    bool master = top->boss >= 0 && top->farthest_room &&
                  top->rooms[top->farthest_room - 1].encounter.n_groups &&
                  top->rooms[top->farthest_room - 1].encounter.groups[0].monster == top->boss;
    int roll = below(r, 100);
    a->goal_kind = master && roll < SLAY_PERCENT ? 0 : 1 + below(r, 2);
    a->goal_object = a->goal_kind == 2 ? below(r, dg__adv_table_count(DG__ADV_T_CAPTIVE))
                                       : top->origin * 3 + below(r, 3);
    int keyed_pick = below(r, 100);
    if (a->goal_kind == 0) {
        a->goal_object = -1;
        a->goal = who_in(top, 0, top->farthest_room);
        return DG_OK;
    }
    /* a keyed-off room of any floor, else the deepest lair */
    int deepest = n - 1;
    while (deepest > 0 && !floors[deepest]->farthest_room) deepest--;
    a->goal = who_in(floors[deepest], deepest, floors[deepest]->farthest_room);
    if (keyed_pick >= KEYED_GOAL_PERCENT) return DG_OK;
    int total = 0, fls[64], ids[64];
    for (int fl = 0; fl < n; fl++) {
        bool local[128]; /* the stack's for the common sizes */
        const size_t n_keyed = floors[fl]->n_rooms + 1;
        bool *keyed =
            n_keyed <= DG_COUNT(local) ? memset(local, 0, n_keyed * sizeof *local) : dg__calloc(n_keyed, sizeof *local);
        if (!keyed) return dg__nomem(err, "finding the goal");
        int off = keyed_off(maps[fl], floors[fl], keyed);
        if (off < 0) {
            if (keyed != local) dg__free(keyed);
            return dg__nomem(err, "finding the goal");
        }
        if (off)
            for (size_t i = 0; i < floors[fl]->n_rooms && total < 64; i++)
                if (keyed[i]) fls[total] = fl, ids[total++] = (int)i + 1;
        if (keyed != local) dg__free(keyed);
    }
    if (!total) return DG_OK;
    int k = below(r, total);
    a->goal = who_in(floors[fls[k]], fls[k], ids[k]);
    a->goal_keyed = true;
    return DG_OK;
}

/* Whether a lower floor's lair holds anyone above the master's challenge
 * (stock_room.c: a lair its band reaches no other way): its chapter says
 * why the master leaves that floor alone. */
static bool above_master(const dg_contents *top, const dg_contents *c)
{
    if (top->boss < 0 || !c->farthest_room) return false;
    const dg_encounter *e = &c->rooms[c->farthest_room - 1].encounter;
    for (int g = 0; g < e->n_groups; g++)
        if (dg_monster_info(e->groups[g].monster)->cr8 > dg_monster_info(top->boss)->cr8) return true;
    return false;
}

static int chapter_text(const dg_contents *top, const dg_contents *c, int fl, int boss)
{
    if (fl == 0) return top->boss >= 0 && boss == top->boss ? 0 : 1;
    if (above_master(top, c)) return 13;
    if (top->origin == DG__ORIGIN_PRISON && fl == 1) return 4;
    if (top->origin == DG__ORIGIN_TOMB && dg__adv_guardian(boss)) return 5;
    if (!dg__adv_talks(boss)) return dg_theme_casts(top->theme, boss) ? 15 : 3;
    /* one of another faction than the master's is nobody's lieutenant
     * (a tomb robbers' young blue dragon under the tomb's own mummy lord) */
    const dg_encounter *mine = c->farthest_room ? &c->rooms[c->farthest_room - 1].encounter : NULL,
                       *his = top->farthest_room ? &top->rooms[top->farthest_room - 1].encounter : NULL;
    if (top->boss >= 0 && mine && his && his->n_groups && mine->faction != his->faction) return 6;
    if (boss == top->boss) return 7; /* not "the mage's lieutenant, a mage" */
    return top->boss >= 0 ? 2 : 6;
}

static void chapters_of(dg_adventure *a, dg_contents *const *floors, int n)
{
    const dg_contents *top = floors[0];
    a->n_chapters = 0;
    for (int fl = 0; fl < n && fl < DG_MAX_FLOORS; fl++) {
        const dg_contents *c = floors[fl];
        if (!c->farthest_room) continue;
        const dg_room_contents *lair = &c->rooms[c->farthest_room - 1];
        if (!lair->encounter.n_groups) continue;
        dg_adv_chapter *ch = &a->chapters[a->n_chapters++];
        ch->floor = fl + 1;
        ch->boss = who_in(c, fl, c->farthest_room);
        ch->text = chapter_text(top, c, fl, ch->boss.monster);
        /* no floor repeats another's words (the second and the fourth
         * each "A second sea hag, who bows to the sea hag above"): the
         * words for a floor below one that said the same, else the two
         * that fit any chief */
        static const int deeper[19] = {-1, -1, 9, 8, -1, 10, 11, 12, -1, -1, -1, -1, -1, 14, -1, 16, -1, -1, -1};
        const int tries[] = {ch->text, deeper[ch->text], 6, 11, 17, 18};
        for (size_t t = 0; t < sizeof tries / sizeof *tries; t++) {
            bool used = tries[t] < 0;
            for (int k = 0; k + 1 < a->n_chapters && !used; k++) used = a->chapters[k].text == tries[t];
            if (!used) {
                ch->text = tries[t];
                break;
            }
        }
    }
}

/* Each floor's nearest groups of the holders to its entrance, beyond the
 * entrance room, answer (the lair's last), each led by one who can leave
 * its room. */
static void alarm_of(dg_adventure *a, const dg_dungeon *const *maps, dg_contents *const *floors, int n, dg_rng *r)
{
    a->alarm = below(r, dg__adv_table_count(DG__ADV_T_ALARM));
    a->n_responders = 0;
    for (int fl = 0; fl < n && a->n_responders < DG_ADV_MAX_RESPONDERS; fl++) {
        const dg_contents *c = floors[fl];
        int ft = dg_cell_feet(&maps[fl]->opts), got = 0;
        int picked[RESPONDERS_PER_FLOOR] = {0};
        for (int pass = 0; pass < 2 && got < RESPONDERS_PER_FLOOR; pass++) {
            while (got < RESPONDERS_PER_FLOOR) {
                int best = 0;
                for (size_t i = 0; i < c->n_rooms; i++) {
                    const dg_room_contents *rc = &c->rooms[i];
                    bool lair = rc->id == c->farthest_room;
                    /* the room the party comes in by is met at once: its
                     * group answers nothing */
                    if (!rc->encounter.n_groups || rc->distance < 0 || rc->id == c->entrance_room ||
                        lair != (pass == 1))
                        continue;
                    /* who leads them runs the corridors: no hunter shark
                     * comes "at the front" out of its pool */
                    if (!dg__roams(rc->encounter.groups[0].monster)) continue;
                    /* the holders' alarm brings the holders: a splinter
                     * that wants their master gone, a rival band or the
                     * place's own guardians do not run to defend them
                     * (seed=101 level=14 motif=giant floors=3: the
                     * Forsworn, "walked out after a quarrel", came first) */
                    if (rc->encounter.faction != 0) continue;
                    if (rc->id == picked[0] || rc->id == picked[1]) continue;
                    if (!best || rc->distance < c->rooms[best - 1].distance) best = rc->id;
                }
                if (!best || a->n_responders >= DG_ADV_MAX_RESPONDERS) break;
                picked[got++] = best;
                /* they run (60 ft a round) from their room to the entrance */
                int rounds = 1 + c->rooms[best - 1].distance * ft / 60;
                a->responders[a->n_responders++] = (dg_adv_responder){who_in(c, fl, best), rounds};
            }
            if (got) break; /* the lair comes only when nobody else can */
        }
    }
}

static long reward(const dg_contents *top, dg_rng *r)
{
    long per = 25L * top->level * top->level * (4 + below(r, 9)) / 4;
    long gp = per * top->party;
    long step = gp >= 10000 ? 500 : gp >= 1000 ? 50 : 10;
    gp = (gp + step / 2) / step * step;
    return gp < step ? step : gp;
}

dg_status dg__adventure_build(const dg_dungeon *const *maps, dg_contents *const *floors, int n, dg_error *err)
{
    dg_contents *top = floors[0];
    dg__free(top->adventure);
    top->adventure = NULL;
    if (top->depth != DG_DEPTH_FULL || !top->n_rooms) return DG_OK;
    dg_adventure *a = dg__calloc(1, sizeof *a);
    if (!a) return dg__nomem(err, "writing the adventure");
    dg_rng r = dg__stock_stream(top->concept_seed, DG__STREAM_ADVENTURE, PART_BUILD);
    int patron = below(&r, dg__adv_table_count(DG__ADV_T_PATRON_NAME) * DG__ADV_PATRON_ROLES);
    a->stake = below(&r, DG__ADV_STAKES);
    a->reward_gp = reward(top, &r);
    a->patron = dg__adv_patron_for(patron, a->reward_gp); /* who can pay it */
    dg_status rc = goal_of(a, maps, floors, n, &r, err);
    /* beasts send no word and no ransom note: those stakes want holders
     * whose chief talks (the lair's head, the master) */
    int chief = top->boss >= 0 ? top->boss : a->goal.monster;
    if (rc == DG_OK && !dg__adv_talks(chief) &&
        ((a->goal_kind == 0 && a->stake == 2) || (a->goal_kind == 2 && a->stake == 1)))
        a->stake = 0;
    /* a lawsuit turns on papers, not on a bell or a staff: the other
     * thing sought has its patron's good name at stake instead */
    if (rc == DG_OK && a->goal_kind == 1 && a->stake == 3 && !dg__adv_object_papers(a->goal_object)) a->stake = 4;
    /* the captive is in their room for the party to see, not "Empty" */
    if (rc == DG_OK && a->goal_kind == 2 && a->goal.floor >= 1 && a->goal.floor <= n && a->goal.room >= 1 &&
        (size_t)a->goal.room <= floors[a->goal.floor - 1]->n_rooms)
        floors[a->goal.floor - 1]->rooms[a->goal.room - 1].captive = true;
    if (rc == DG_OK) {
        chapters_of(a, floors, n);
        dg__adventure_leaders(a, floors, n, &r);
        alarm_of(a, maps, floors, n, &r);
        rc = dg__adventure_rumours(a, maps, floors, n, &r, err);
    }
    if (rc != DG_OK) {
        dg__free(a);
        return rc;
    }
    top->adventure = a;
    return DG_OK;
}
