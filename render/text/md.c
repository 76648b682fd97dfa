/* md.c -- format=md: the dungeon's whole key as Markdown, readable as it
 * is and pasteable into Homebrewery or a notes app: the name, the party it
 * is stocked for, its details and history, the wandering monsters, a
 * section per room (what it was, what is in it, its doors), the corridor
 * features, then the stat blocks of every creature kind the key names on
 * any floor (once per dungeon, by name; bestiary.c), then the SRD
 * attribution. A dungeon of several floors has all
 * of that but the name and party per floor ("## Floor k", its headings a
 * level down) with its stairs and where they lead: the key is every floor's,
 * whatever `floor` says. The phrases are key_text.c's; the map
 * itself is the other formats'. */
#include <stdio.h>
#include <string.h>

#include "md_int.h"

/* Coin kinds, gems and art objects listed in a treasure. */
static int valuables(const dg_treasure *t)
{
    int n = t->n_gems + t->n_art;
    for (int k = 0; k < DG_COIN_COUNT; k++) n += t->coins[k] > 0;
    return n;
}

static const char *word(dg_words w, int i) { return i >= 0 ? dg_contents_word(w, i) : ""; }


/* The name and who the dungeon is for: once, for every floor. */
static void put_title(md *m, const dg_dungeon *d, const dg_contents *c, int floors)
{
    char name[DG_STOCK_NAME_BYTES + 64];
    dg_contents_name(c, name, sizeof name);
    PUTF(m, "# %s\n\n", name);
    PUTF(m, "*A dungeon for %d level-%d character%s", c->party, c->level, c->party == 1 ? "" : "s");
    if (c->motif != DG_MOTIF_NONE) PUTF(m, ", %s", dg_motif_name(c->motif));
    /* 2014 unsaid (its attribution names SRD 5.1): keys made before the
     * rules key keep their bytes */
    if (c->rules != DG_RULES_2014) PUTF(m, ", by the %s rules (SRD 5.2.1)", dg_rules_name((int)c->rules));
    if (floors > 1)
        PUTF(m, ". %d floors linked by stairs, each a %d x %d map (one square is %d ft). Seed %llu, generator %s.*\n\n",
             floors, d->width, d->height, dg_cell_feet(&d->opts), (unsigned long long)d->opts.seed, DG_GENERATOR_VERSION);
    else
        PUTF(m, ". %d room%s on a %d x %d map (one square is %d ft). Seed %llu, generator %s.*\n\n", (int)d->n_rooms,
             d->n_rooms == 1 ? "" : "s", d->width, d->height, dg_cell_feet(&d->opts), (unsigned long long)d->opts.seed,
             DG_GENERATOR_VERSION);
}

/* The history, factions and details: each floor has its own. */
static void put_about(md *m, const dg_contents *c)
{
    if (c->depth != DG_DEPTH_FULL) return;
    put_sentence(m, word(DG_WORDS_HISTORY, c->history));
    put(m, ".");
    /* the concept's own (the adventure's splinter or guardians are its section's) */
    for (int f = 0; f < c->n_factions && c->factions[f].role <= DG_FACTION_RIVALS; f++)
    {
        const char *kind = word(DG_WORDS_FACTION, c->factions[f].kind);
        bool has_article = !strncmp(kind, "a ", 2) || !strncmp(kind, "an ", 3) || !strncmp(kind, "the ", 4);
        PUTF(m, "%s%s, %s%s%s", f ? "; and by " : " It is held by ", word(DG_WORDS_FACTION_NAME, c->factions[f].name),
             has_article ? "" : dr__key_article(kind), has_article ? "" : " ", kind);
    }
    put(m, c->n_factions ? "." : "");
    const dg_monster *boss = dg_monster_info(c->boss);
    if (boss && c->floor == 0) PUTF(m, " Its master is %s %s, in room %d.", dr__key_article(boss->name), boss->name, c->farthest_room);
    put(m, "\n\n");
    const dg_details *t = &c->details;
    put(m, "| Floor | Walls | Temperature | Illumination |\n|---|---|---|---|\n");
    PUTF(m, "| %s | %s | %s | %s |\n\n", word(DG_WORDS_FLOOR, t->floor), word(DG_WORDS_WALLS, t->walls),
         word(DG_WORDS_TEMPERATURE, t->temperature), word(DG_WORDS_ILLUMINATION, t->illumination));
    if (t->special >= 0) PUTF(m, "**Special.** %s.\n\n", word(DG_WORDS_SPECIAL, t->special));
}

static void put_wandering(md *m, const dg_contents *c)
{
    if (!c->n_wandering) return;
    PUTF(m, "%s## Wandering monsters\n\nRoll", m->sub);
    put(m, " a d6 when the party lingers or makes noise.\n\n| d6 | Encounter |\n|---|---|\n");
    for (int i = 0; i < c->n_wandering && m->rc == DG_OK; i++) {
        PUTF(m, "| %d | ", i + 1);
        if (m->rc == DG_OK) m->rc = dr__key_encounter_read(m->b, &c->wandering[i].encounter, m->err);
        PUTF(m, ", %s |\n", word(DG_WORDS_ACTIVITY, c->wandering[i].activity));
    }
    put(m, "\n");
}

static void put_doors(md *m, const dg_dungeon *d, const dg_contents *c, int id)
{
    bool any = false;
    for (size_t i = 0; i < d->n_doors && m->rc == DG_OK; i++) {
        const dg_door *door = &d->doors[i];
        if (door->room != id && door->other != id) continue;
        dg_dir side = door->room == id ? door->dir : dg_dir_opposite(door->dir);
        int beyond = door->room == id ? door->other : door->room;
        put(m, any ? "\n- " : "**Exits.**\n\n- ");
        any = true;
        put(m, "*");
        put_sentence(m, dg_dir_name(side));
        if (beyond) PUTF(m, ", to room %d:* ", beyond);
        else put(m, dg_door_gate(d, door) ? ", to a tunnel:* " : ", to a corridor:* ");
        if (c && i < c->n_doors) {
            if (m->rc == DG_OK) m->rc = dr__key_door(m->b, door, dg_door_gate(d, door), &c->doors[i], m->err);
        } else {
            put_sentence(m, dg_door_type_name(door->type));
        }
        /* a trap's effect already ends its sentence */
        if (!m->b->len || m->b->data[m->b->len - 1] != '.') put(m, ".");
    }
    if (any) put(m, "\n\n");
}

/* Whether room is the goal's, on floor d. */
static bool goal_here(const md *m, const dg_dungeon *d, int room)
{
    const dg_adventure *a = m->top ? m->top->adventure : NULL;
    return a && a->goal.room == room && (a->goal.floor > 0 ? a->goal.floor : 1) == (d->floor > 0 ? d->floor : 1);
}

/* The goal's own room says so, where the GM runs it: what the hook sent
 * the party for is here. */
static void put_goal(md *m, const dg_dungeon *d, int room)
{
    if (!goal_here(m, d, room)) return;
    char t[512];
    dg_adventure_text(m->top, DG_ADV_GOAL, 0, t, sizeof t);
    PUTF(m, "**Goal.** What the party came for is here. %s\n\n", t);
}

/* The clues found in a room, each pointing at another. */
static void put_clues(md *m, const dg_contents *c, const dg_room_contents *rc)
{
    for (int k = 0; k < rc->n_clues; k++) {
        char t[512];
        dg_clue_text(c, rc, k, t, sizeof t);
        PUTF(m, "**Clue.** %s\n\n", t);
    }
}

/* The adventure, before the floors: hook, goal, factions, rumours, alarm;
 * a single floor's chapter too (several floors carry theirs in their
 * headings). */
static void put_adventure(md *m, const dg_contents *c, int floors)
{
    const dg_adventure *a = c->adventure;
    if (!a) return;
    char t[1024];
    put(m, "## The adventure\n\n");
    dg_adventure_text(c, DG_ADV_HOOK, 0, t, sizeof t);
    PUTF(m, "**Hook.** %s\n\n", t);
    dg_adventure_text(c, DG_ADV_GOAL, 0, t, sizeof t);
    PUTF(m, "**Goal.** %s\n\n", t);
    if (a->n_factions) put(m, "**Factions.**\n\n");
    for (int f = 0; f < a->n_factions; f++) {
        const dg_adv_faction *af = &a->factions[f];
        char name[128], kind[160], who[96];
        dg_adventure_text(c, DG_ADV_FACTION_NAME, f, name, sizeof name);
        dg_adventure_text(c, DG_ADV_FACTION_KIND, f, kind, sizeof kind);
        const dg_monster *lm = dg_monster_info(af->leader.monster);
        snprintf(who, sizeof who, "%s", lm ? lm->name : "");
        put(m, "- **");
        put_sentence(m, name);
        /* "Led by" one who leads; a clay golem holding the lair is only
         * the strongest (dg_adv_faction's led, JSON's) */
        PUTF(m, "** (%s; %s). %s %s %s in room %d", kind, dg_attitude_name(af->attitude),
             af->led ? "Led by" : "No leader; its strongest is", dr__key_article(who), who, af->leader.room);
        if (floors > 1) PUTF(m, " of floor %d", af->leader.floor);
        dg_adventure_text(c, DG_ADV_WANT, f, t, sizeof t);
        PUTF(m, ". They want %s.", t);
        if (af->rival >= 0 && dg_adventure_text(c, DG_ADV_RIVALRY, f, t, sizeof t)) {
            char other[128];
            dg_adventure_text(c, DG_ADV_FACTION_NAME, af->rival, other, sizeof other);
            PUTF(m, " Rivals of %s: %s.", other, t);
        }
        put(m, "\n");
    }
    if (a->n_factions) put(m, "\n");
    put(m, "**Rumours.** Roll a d6 for each character who asks around before the party sets out.\n\n| d6 | Rumour | For the GM |\n|---|---|---|\n");
    for (int i = 0; i < DG_ADV_RUMOURS; i++) {
        dg_adventure_text(c, DG_ADV_RUMOUR, i, t, sizeof t);
        const dg_adv_rumour *ru = &a->rumours[i];
        PUTF(m, "| %d | %s | %s |\n", i + 1, t, ru->truth ? "true" : ru->half ? "half-true" : "false");
    }
    dg_adventure_text(c, DG_ADV_ALARM, 0, t, sizeof t);
    /* each floor's groups run to that floor's way in: on several floors,
     * the floor where the alarm goes up answers, so they are listed by
     * floor, not as one muster */
    /* the room the party comes in by is not called: a dungeon whose only
     * group stands there has nobody to answer */
    PUTF(m, "\n**Alarm.** The alarm goes up on %s. %s\n\n", t,
         !a->n_responders ? "Nobody else is near enough to answer it."
         : floors > 1     ? "The floor where it goes up answers; each group reaches that floor's way in after the rounds given:"
                          : "Then these come, each reaching the entrance after the rounds given:");
    for (int fl = 1; fl <= floors; fl++) {
        bool first = true;
        for (int i = 0; i < a->n_responders; i++) {
            const dg_adv_responder *rs = &a->responders[i];
            if (rs->who.floor != fl) continue;
            const dg_monster *mo = dg_monster_info(rs->who.monster);
            if (floors == 1) PUTF(m, "- From room %d", rs->who.room);
            else if (first) PUTF(m, "- Floor %d: from room %d", fl, rs->who.room);
            else PUTF(m, "; from room %d", rs->who.room);
            /* "led by" a head that gives orders; a flying sword or a
             * wolf runs at the front */
            if (mo && dg_monster_gives_orders(rs->who.monster))
                PUTF(m, ", led by %s %s", dr__key_article(mo->name), mo->name);
            else if (mo)
                PUTF(m, ", %s %s at the front", dr__key_article(mo->name), mo->name);
            PUTF(m, ", after %d round%s", rs->rounds, rs->rounds == 1 ? "" : "s");
            if (floors == 1) put(m, ".\n");
            first = false;
        }
        if (floors > 1 && !first) put(m, ".\n");
    }
    put(m, "\n");
    if (floors == 1 && a->n_chapters) {
        dg_adventure_text(c, DG_ADV_CHAPTER, 0, t, sizeof t);
        PUTF(m, "**Chapter.** %s\n\n", t);
    }
}

/* The chapter of floor `floor` (1 the top), under its heading. */
static void put_chapter(md *m, const dg_contents *top, int floor)
{
    const dg_adventure *a = top->adventure;
    for (int k = 0; a && k < a->n_chapters; k++) {
        if (a->chapters[k].floor != floor) continue;
        char t[512];
        dg_adventure_text(top, DG_ADV_CHAPTER, k, t, sizeof t);
        PUTF(m, "*%s*\n\n", t);
    }
}

static void put_room(md *m, const dg_dungeon *d, const dg_contents *c, const dg_room *r)
{
    const dg_room_contents *rc = c ? dg_contents_room(c, r->id) : NULL;
    PUTF(m, "%s### Room %d", m->sub, r->id);
    if (rc && rc->purpose >= 0) PUTF(m, ": %s", word(DG_WORDS_PURPOSE, rc->purpose));
    int ft = dg_cell_feet(&d->opts);
    PUTF(m, "\n\n*%d x %d ft", r->width * ft, r->height * ft);
    if (rc && c->farthest_room == r->id) put(m, "; the lair");
    if (rc && c->entrance_room == r->id) put(m, "; the party comes in here");
    put(m, ".*\n\n");
    if (rc) {
        char aloud[1024];
        if (dg_contents_read_aloud(c, r->id, aloud, sizeof aloud)) PUTF(m, "> %s\n\n", aloud);
        if (rc->water) put(m, "**Water.** A pool or flooded floor: difficult terrain, and swimmers fight from it.\n\n");
        if (rc->hazard >= 0) PUTF(m, "**Hazard.** %s.\n\n", word(DG_WORDS_HAZARD, rc->hazard));
        const dg_encounter *e = &rc->encounter;
        if (e->n_groups) {
            put(m, "**Monsters.** ");
            for (int g = 0; g < e->n_groups; g++) {
                const dg_monster *mo = dg_monster_info(e->groups[g].monster);
                /* reinforcements after those there from the start: "...; in
                 * round 2, 4 x Remorhaz (...)" */
                if (e->groups[g].arrives && (!g || !e->groups[g - 1].arrives))
                    PUTF(m, "%sin round %d, ", g ? "; " : "", e->groups[g].arrives);
                else if (g) put(m, "; ");
                if (e->groups[g].count > 1) PUTF(m, "%d x ", e->groups[g].count);
                /* of several, one is the boss ("4 x Behir, one of them the
                 * boss", not four bosses) */
                bool many = e->groups[g].count > 1;
                const char *role = g || !e->boss                     ? ""
                                   : dg_encounter_led_by_master(c, e) ? (many ? ", one of them the boss" : ", the boss")
                                   : many                             ? ", one of whom holds this floor"
                                                                      : ", who holds this floor";
                PUTF(m, "%s%s (CR %s, AC %d, %d hp)", mo->name, role, mo->cr, mo->ac,
                     mo->hp);
            }
            const char *diff = dg_difficulty_name(e->difficulty);
            /* a lone creature is no "they", and only the party's size
             * adjusts its XP (the DMG's multiplier for one is x1) */
            bool lone = e->n_groups == 1 && e->groups[0].count == 1;
            if (c->rules == DG_RULES_2024) /* the 2024 budget has no multiplier */
                PUTF(m, ". %s %s encounter by the 2024 XP budget: %ld XP.", dr__key_article(diff)[1] ? "An" : "A",
                     diff, e->xp);
            else if (e->adjusted_xp != e->xp) /* the DMG's multiplier for their number */
                PUTF(m, ". %s %s encounter: %ld XP (%ld adjusted for %s).", dr__key_article(diff)[1] ? "An" : "A",
                     diff, e->xp, e->adjusted_xp, lone ? "the party's size" : "their number");
            else
                PUTF(m, ". %s %s encounter: %ld XP.", dr__key_article(diff)[1] ? "An" : "A", diff, e->xp);
            if (e->faction >= 0 && e->faction < c->n_factions) {
                const char *faction = word(DG_WORDS_FACTION_NAME, c->factions[e->faction].name);
                if (lone) PUTF(m, " One of %s.", faction); /* "it" would call a mage a thing */
                else PUTF(m, " They belong to %s.", faction);
            }
            char allies[320];
            if (dg_contents_allies(c, r->id, allies, sizeof allies)) PUTF(m, " %s", allies);
            put(m, "\n\n");
            int round;
            if (dg_contents_reinforcements(c, r->id, &round, allies, sizeof allies))
                PUTF(m, "**Round %d.** %s\n\n", round, allies);
        } else if (!rc->n_traps && !rc->has_treasure && rc->hazard < 0 && !goal_here(m, d, r->id)) {
            /* the goal's room is not empty: what the party came for is there */
            put(m, "**Empty.**\n\n");
        }
        for (int t = 0; t < rc->n_traps && m->rc == DG_OK; t++) {
            put(m, "**Trap.** ");
            if (m->rc == DG_OK) m->rc = dr__key_trap(m->b, &rc->traps[t], m->err);
            PUTF(m, " Marked T at square %d,%d.\n\n", rc->trap_cells[t].x, rc->trap_cells[t].y);
        }
        if (rc->has_treasure) {
            put(m, "**Treasure.** ");
            if (m->rc == DG_OK) m->rc = dr__key_valuables(m->b, &rc->treasure, m->err);
            if (rc->treasure.container >= 0) put(m, ", ");
            if (m->rc == DG_OK) m->rc = dr__key_container(m->b, &rc->treasure, m->err);
            if (rc->treasure.hidden && rc->n_hidden) put(m, ", hidden in the feature below");
            /* the worth is the sum of what is listed before it, said when
             * there is something to sum (not "9 gp. Worth 9 gp"); magic
             * items have no price (docs/stocking.md) and come after */
            if (valuables(&rc->treasure) > 1) {
                put(m, ". Worth ");
                if (m->rc == DG_OK) m->rc = dr__key_worth(m->b, &rc->treasure, m->err);
                if (rc->treasure.n_items) put(m, ", besides the magic items: ");
            } else if (rc->treasure.n_items) {
                put(m, "; and the magic items: ");
            }
            if (m->rc == DG_OK) m->rc = dr__key_magic_items(m->b, &rc->treasure, m->err);
            put(m, ".\n\n");
        }
        for (int h = 0; h < rc->n_hidden; h++) {
            put(m, "**Hidden.** ");
            put_sentence(m, word(DG_WORDS_HIDDEN, rc->hidden[h].kind));
            PUTF(m, " (DC %d Wisdom (Perception) to notice; marked ? at square %d,%d).\n\n", rc->hidden[h].dc,
                 rc->hidden_cell.x, rc->hidden_cell.y);
        }
        dr__md_keys(m, d, c, r->id);
        put_clues(m, c, rc);
        put_goal(m, d, r->id);
    }
    put_doors(m, d, c, r->id);
}

static void put_corridors(md *m, const dg_contents *c)
{
    if (!c->n_corridor_features) return;
    PUTF(m, "%s## Corridor features\n\n", m->sub);
    for (int i = 0; i < c->n_corridor_features; i++) {
        const dg_corridor_feature *f = &c->corridor_features[i];
        PUTF(m, "- **%c.** ", 'a' + i);
        put_sentence(m, word(DG_WORDS_CORRIDOR, f->kind));
        put(m, f->n_cells == 1 ? " (square" : " (squares");
        for (int k = 0; k < f->n_cells; k++) PUTF(m, "%s %d,%d", k ? ";" : "", f->cells[k].x, f->cells[k].y);
        put(m, ").\n");
    }
    put(m, "\n");
}

/* The floor's lock-and-key cycle, a line of its own before the rooms, so
 * the GM knows the shape of the way to the lair (nothing without one). */
static void put_cycle(md *m, const dg_dungeon *d, const dg_contents *c)
{
    size_t at = m->b->len;
    put(m, "**Lock and key.** ");
    size_t body = m->b->len;
    if (m->rc == DG_OK) m->rc = dr__key_cycle(m->b, d, c, m->err);
    if (m->rc == DG_OK && m->b->len == body) m->b->len = at;
    else put(m, "\n\n");
}

/* One floor's key: its history and details, wandering monsters, rooms and
 * corridor features. */
static void put_floor(md *m, const dg_dungeon *d, const dg_contents *c)
{
    put_about(m, c);
    put_cycle(m, d, c);
    put_wandering(m, c);
    if (d->n_rooms) PUTF(m, "%s## Rooms\n\n", m->sub);
    for (size_t i = 0; i < d->n_rooms && m->rc == DG_OK; i++)
        put_room(m, d, c->n_rooms ? c : NULL, &d->rooms[i]);
    put_corridors(m, c);
}

/* A floor's stairs and the floor each leads to (several floors only);
 * the top floor's first up stair is the way in (the map's entrance, core's
 * dg__map_entrance), and a down stair on the deepest floor leads off the
 * key: "Down at square 35,25." left the GM asking where to. */
static void put_stairs(md *m, const dg_dungeon *d, int floors)
{
    if (!d->n_stairs) return;
    put(m, "### Stairs\n\n");
    bool way_in = d->floor == 1;
    for (size_t i = 0; i < d->n_stairs; i++) {
        const dg_stair *s = &d->stairs[i];
        int to = s->down ? d->floor + 1 : d->floor - 1;
        PUTF(m, "- %s at square %d,%d", s->down ? "Down" : "Up", s->x, s->y);
        if (to >= 1 && to <= floors) PUTF(m, ", to floor %d", to);
        else if (s->down) put(m, ", to depths this key does not map");
        else if (way_in) put(m, ", the way in");
        if (!s->down && to < 1) way_in = false;
        put(m, ".\n");
    }
    put(m, "\n");
}

/* The appendix: every creature kind of every floor, once, by name. */
static void put_statblocks(md *m, const dg_dungeon *d)
{
    dr__bestiary b;
    dr__bestiary_of(d, &b);
    if (!b.n) return;
    put(m, "## Stat blocks\n\n");
    for (int i = 0; i < b.n && m->rc == DG_OK; i++) m->rc = dr__key_statblock(m->b, b.monster[i], "###", m->err);
}

dg_status dg_md_encode(const dg_dungeon *d, dg_buf *out, dg_error *err)
{
    md m = {out, err, DG_OK, "", d->contents};
    const dg_contents *c = d->contents;
    dg_contents empty;
    if (!c) { /* a hand-built map: its name and rooms, nothing in them */
        memset(&empty, 0, sizeof empty);
        empty.depth = DG_DEPTH_NONE;
        empty.level = 1;
        empty.party = 4;
        c = &empty;
    }
    int floors = 0;
    for (const dg_dungeon *f = d; f; f = f->below) floors++;
    put_title(&m, d, c, floors);
    put_adventure(&m, c, floors);
    if (floors == 1) {
        put_floor(&m, d, c);
    } else {
        /* a section a floor, each with its own rooms and contents, the
         * stairs saying where they lead */
        m.sub = "#";
        for (const dg_dungeon *f = d; f && m.rc == DG_OK; f = f->below) {
            PUTF(&m, "## Floor %d\n\n", f->floor);
            put_chapter(&m, c, f->floor);
            put_floor(&m, f, f->contents ? f->contents : c);
            put_stairs(&m, f, floors);
        }
    }
    put_statblocks(&m, d);
    put(&m, "---\n\n*");
    put(&m, dg_rules_attribution(c->rules));
    put(&m, "*\n");
    return m.rc;
}
