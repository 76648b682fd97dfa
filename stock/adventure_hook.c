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

/* Rooms of d no walk from the entrance reaches without opening a locked
 * door whose key lies on this floor: keyed[id - 1]; -1 out of memory. */
static int keyed_off(const dg_dungeon *d, const dg_contents *c, bool *keyed)
{
    size_t cells = (size_t)d->width * (size_t)d->height;
    bool any_key = false;
    for (size_t i = 0; i < c->n_doors; i++) any_key |= c->doors[i].key_room > 0;
    if (!any_key || cells > BIG_FLOOR_CELLS || !c->entrance_room) return 0;
    unsigned char *seen = dg__calloc(cells, 1);
    /* seeds: a cell is seeded at most once from the run above it and once
     * from the run below, and the entrance seeds its four sides */
    int *stack = dg__malloc((2 * cells + 4) * sizeof *stack);
    int n = 0;
    if (!seen || !stack) {
        n = -1;
        goto done;
    }
    /* Only the set reached matters, so it is filled a row's run at a
     * time (the walkable cells either side of a seed, then a seed at the
     * first cell of each run above and below): the set a walk cell by cell
     * reaches, for a third of its work. The entrance is met whatever it
     * is; its sides are walked from it. */
    /* the cells' pointer in a local: every store to seen (bytes, which
     * may alias anything) would otherwise have it read again */
    const uint32_t *const map = d->cells;
#define WALKS(i) (dg_cell_open(map[i]) && !(map[i] & DG_LOCKED))
    const int w = d->width, h = d->height;
    size_t top = 0;
    int from = c->entrance.y * w + c->entrance.x;
    if (WALKS(from)) stack[top++] = from;
    else {
        seen[from] = 1;
        if (c->entrance.x > 0 && WALKS(from - 1)) stack[top++] = from - 1;
        if (c->entrance.x < w - 1 && WALKS(from + 1)) stack[top++] = from + 1;
        if (c->entrance.y > 0 && WALKS(from - w)) stack[top++] = from - w;
        if (c->entrance.y < h - 1 && WALKS(from + w)) stack[top++] = from + w;
    }
    while (top) {
        int at = stack[--top];
        if (seen[at]) continue;
        int y = at / w, row = y * w, x0 = at - row, x1 = x0;
        while (x0 > 0 && !seen[row + x0 - 1] && WALKS(row + x0 - 1)) x0--;
        while (x1 < w - 1 && !seen[row + x1 + 1] && WALKS(row + x1 + 1)) x1++;
        memset(seen + row + x0, 1, (size_t)(x1 - x0 + 1));
        for (int ny = y - 1; ny <= y + 1; ny += 2) {
            if (ny < 0 || ny >= h) continue;
            bool run = false;
            for (int x = x0; x <= x1; x++) {
                int i = ny * w + x;
                bool walks = !seen[i] && WALKS(i);
                if (walks && !run) stack[top++] = i;
                run = walks;
            }
        }
    }
#undef WALKS
    for (size_t i = 0; i < d->n_rooms && i < c->n_rooms; i++) {
        const dg_room *room = &d->rooms[i];
        bool reached = false;
        for (int y = room->y; y < room->y + room->height && !reached; y++)
            for (int x = room->x; x < room->x + room->width && !reached; x++)
                reached = seen[y * d->width + x];
        keyed[i] = !reached && c->rooms[i].distance >= 0;
        n += keyed[i];
    }
done:
    dg__free(seen);
    dg__free(stack);
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
        bool *keyed = dg__calloc(floors[fl]->n_rooms + 1, sizeof *keyed);
        if (!keyed) return dg__nomem(err, "finding the goal");
        int off = keyed_off(maps[fl], floors[fl], keyed);
        if (off < 0) {
            dg__free(keyed);
            return dg__nomem(err, "finding the goal");
        }
        if (off)
            for (size_t i = 0; i < floors[fl]->n_rooms && total < 64; i++)
                if (keyed[i]) fls[total] = fl, ids[total++] = (int)i + 1;
        dg__free(keyed);
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
        /* a third floor does not repeat the second's words */
        static const int deeper[17] = {-1, -1, 9, 8, -1, 10, 11, 12, -1, -1, -1, -1, -1, 14, -1, 16, -1};
        if (a->n_chapters >= 2 && ch[-1].floor == fl && ch[-1].text == ch->text && deeper[ch->text] >= 0)
            ch->text = deeper[ch->text];
    }
}

/* Each floor's nearest groups to its entrance, beyond the entrance room,
 * answer (the lair's last), each led by one who can leave its room. */
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
    a->patron = below(&r, dg__adv_table_count(DG__ADV_T_PATRON_NAME) * DG__ADV_PATRON_ROLES);
    a->stake = below(&r, DG__ADV_STAKES);
    a->reward_gp = reward(top, &r);
    dg_status rc = goal_of(a, maps, floors, n, &r, err);
    /* beasts send no word and no ransom note: those stakes want holders
     * whose chief talks (the lair's head, the master) */
    int chief = top->boss >= 0 ? top->boss : a->goal.monster;
    if (rc == DG_OK && !dg__adv_talks(chief) &&
        ((a->goal_kind == 0 && a->stake == 2) || (a->goal_kind == 2 && a->stake == 1)))
        a->stake = 0;
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
