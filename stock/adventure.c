/* adventure.c -- the adventure over a stocked dungeon: the per-floor pass
 * (the third faction, keys in hands, clues) and the dungeon's (hook and
 * goal, faction leaders, rumours, the alarm, a chapter per floor), and the
 * accessors that say them in words by filling adventure_words.c's
 * phrases. Draws from DG__STREAM_ADVENTURE streams only, after every
 * other pass, so no wall, room or door the rest of stocking drew moves. */
#include "stock_int.h"

#include <stdio.h>
#include <string.h>

#define DG_X(code, name) name,
static const char *const attitude_names[] = {DG_ATTITUDES(DG_X)};
#undef DG_X

const char *dg_attitude_name(int v) { return v >= 0 && v < DG_ATTITUDE_COUNT ? attitude_names[v] : ""; }

/* stream parts of DG__STREAM_ADVENTURE */
#define PART_BUILD 0x0
#define PART_KEYS 0x1000000
#define PART_CLUES 0x2000000

void dg__adv_lower(const char *name, char *buf, size_t cap)
{
    size_t i = 0;
    for (; name && name[i] && i + 1 < cap; i++)
        buf[i] = name[i] >= 'A' && name[i] <= 'Z' ? (char)(name[i] - 'A' + 'a') : name[i];
    if (cap) buf[i < cap ? i : cap - 1] = '\0';
}

/* ------------------------------------------------------- the filler */

static const char *const place_nouns[DG__ORIGIN_COUNT] = {
    "tomb", "temple", "mine", "keep", "gaol", "cistern", "sanctum", "vault", "cavern", "den",
};

typedef struct {
    char *buf;
    size_t cap, len;
} out;

static void emit(out *o, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++, o->len++)
        if (o->len + 1 < o->cap) o->buf[o->len] = s[i];
    if (o->cap) o->buf[o->len + 1 < o->cap ? o->len : o->cap - 1] = '\0';
}

static void emits(out *o, const char *s) { emit(o, s, strlen(s)); }

static void article_of(out *o, const char *lower)
{
    emits(o, strchr("aeiou", lower[0]) && lower[0] ? "an " : "a ");
    emits(o, lower);
}

static void monster_word(out *o, int monster, bool article)
{
    char low[96];
    const dg_monster *m = dg_monster_info(monster);
    dg__adv_lower(m ? m->name : "chief", low, sizeof low);
    if (article) article_of(o, low);
    else emits(o, low);
}

static void object_word(out *o, const dg_adventure *a)
{
    if (!a || a->goal_object < 0) return;
    const char *w = dg__adv_table(a->goal_kind == 2 ? DG__ADV_T_CAPTIVE : DG__ADV_T_OBJECT, a->goal_object);
    emits(o, !strcmp(w, "{household}") ? dg__adv_household(a->patron % DG__ADV_PATRON_ROLES) : w);
}

/* What is killed and what is destroyed: the dead, the made, oozes and
 * elementals are destroyed ("wants the wraith destroyed", not "dead"). */
static bool destroyed(int monster)
{
    const dg_monster *m = dg_monster_info(monster);
    return m && (m->type == DG_TYPE_UNDEAD || m->type == DG_TYPE_SWARM_UNDEAD || m->type == DG_TYPE_CONSTRUCT ||
                 m->type == DG_TYPE_OOZE || m->type == DG_TYPE_ELEMENTAL);
}

/* Whether a creature has no body to bring back (a wraith, a ghost, a
 * specter: the SRD's Incorporeal Movement trait). */
static bool incorporeal(int monster)
{
    const dg_statblock *sb = dg_monster_statblock(monster);
    int n = 0;
    const dg_statblock_entry *t = sb ? dg_statblock_section(sb, DG_SB_TRAITS, &n) : NULL;
    for (int k = 0; k < n; k++)
        if (t[k].name && !strncmp(t[k].name, "Incorporeal", 11)) return true;
    return false;
}

/* The end of a slay goal: what proof a patron can be given of that death.
 * A wraith leaves no body, an ooze nothing to carry; a golem leaves a
 * piece of itself. Ends the sentence. */
static const char *proof_of(int monster)
{
    const dg_monster *m = dg_monster_info(monster);
    if (!m) return " and bring back proof.";
    if (incorporeal(monster))
        return ". It leaves no body to carry back: the patron will take the party's word once the haunting stops.";
    if (m->type == DG_TYPE_OOZE || m->type == DG_TYPE_ELEMENTAL || m->type == DG_TYPE_SWARM ||
        m->type == DG_TYPE_SWARM_UNDEAD)
        return ". Nothing of it will be left to carry back: the patron will send someone to look.";
    if (m->type == DG_TYPE_CONSTRUCT) return " and bring back a piece of it as proof.";
    if (m->type == DG_TYPE_UNDEAD) return " and bring back its skull as proof.";
    return " and bring back proof.";
}

size_t dg__adv_fill(char *buf, size_t cap, const char *tmpl, const dg__adv_ctx *x)
{
    out o = {buf, cap, 0};
    if (cap) buf[0] = '\0';
    size_t start = 0;
    const dg_contents *c = x->c;
    for (const char *p = tmpl; *p;) {
        if (*p != '{') {
            const char *q = strchr(p, '{');
            size_t n = q ? (size_t)(q - p) : strlen(p);
            emit(&o, p, n);
            p += n;
            continue;
        }
        const char *end = strchr(p, '}');
        if (!end) break;
        char slot[24];
        size_t n = (size_t)(end - p - 1) < sizeof slot - 1 ? (size_t)(end - p - 1) : sizeof slot - 1;
        memcpy(slot, p + 1, n);
        slot[n] = '\0';
        p = end + 1;
        size_t at = o.len;
        bool cap_it = false;
        if (!strcmp(slot, "who") || !strcmp(slot, "a_who") || !strcmp(slot, "a_who_cap")) {
            monster_word(&o, x->who ? x->who->monster : -1, slot[0] == 'a');
            cap_it = !strcmp(slot, "a_who_cap");
        } else if (!strcmp(slot, "room")) {
            char t[48];
            int room = x->who ? x->who->room : 0, floor = x->who ? x->who->floor : 1;
            if (floor > 1) snprintf(t, sizeof t, "room %d on floor %d", room, floor);
            else snprintf(t, sizeof t, "room %d", room);
            emits(&o, t);
        } else if (!strcmp(slot, "purpose")) {
            int pu = x->who ? x->who->purpose : -1;
            emits(&o, pu >= 0 ? dg_contents_word(DG_WORDS_PURPOSE, pu) : "chamber");
        } else if (!strcmp(slot, "place")) {
            emits(&o, c && c->origin >= 0 && c->origin < DG__ORIGIN_COUNT ? place_nouns[c->origin] : "dungeon");
        } else if (!strcmp(slot, "holders")) {
            emits(&o, dg_faction_name(c, 0));
        } else if (!strcmp(slot, "faction")) {
            emits(&o, dg_faction_name(c, x->faction >= 0 ? x->faction : 0));
        } else if (!strcmp(slot, "other")) {
            emits(&o, dg_faction_name(c, x->other));
        } else if (!strcmp(slot, "master") || !strcmp(slot, "a_master")) {
            int boss = c && c->boss >= 0 ? c->boss : x->a ? x->a->goal.monster : -1;
            /* a faction of the holders' cast led by the master's own kind
             * says which: "Led by an Otyugh ... They want to be rid of the
             * other otyugh" (not "of the otyugh", their own leader) */
            bool other = false;
            for (int f = 0; slot[0] != 'a' && x->a && x->faction > 0 && boss >= 0 && f < x->a->n_factions; f++) {
                const dg_adv_who *l = &x->a->factions[f].leader;
                other |= x->a->factions[f].faction == x->faction && l->monster == boss &&
                         !(l->floor == 1 && c && l->room == c->farthest_room); /* not the master itself */
            }
            if (other) emits(&o, "other ");
            monster_word(&o, boss, slot[0] == 'a');
        } else if (!strcmp(slot, "object") || !strcmp(slot, "object_cap")) {
            object_word(&o, x->a);
            cap_it = slot[6] == '_';
        } else if (!strcmp(slot, "kill") || !strcmp(slot, "kill_cap") || !strcmp(slot, "killed") ||
                   !strcmp(slot, "dead") || !strcmp(slot, "proof")) {
            /* the one to be slain: who the sentence is about, else the master */
            int t = x->who && x->who->monster >= 0 ? x->who->monster : c && c->boss >= 0 ? c->boss : -1;
            bool d = destroyed(t);
            emits(&o, !strcmp(slot, "proof") ? proof_of(t)
                      : slot[0] == 'k' && slot[4] != 'e' ? (d ? "destroy" : "kill")
                      : slot[0] == 'k'                   ? (d ? "destroyed" : "killed")
                                                         : (d ? "destroyed" : "dead"));
            cap_it = !strcmp(slot, "kill_cap");
        } else if (!strcmp(slot, "that") || !strcmp(slot, "whatever")) {
            /* a person is "who", a beast "that" */
            bool person = x->who && x->who->monster >= 0 && dg__adv_talks(x->who->monster);
            emits(&o, slot[0] == 't' ? (person ? "who" : "that") : (person ? "whoever" : "whatever"));
        } else if (!strcmp(slot, "gp")) {
            char t[32], g[40];
            long gp = x->a ? x->a->reward_gp : 0;
            snprintf(t, sizeof t, "%ld", gp);
            size_t tl = strlen(t), k = 0;
            for (size_t i = 0; i < tl; i++) {
                if (i && (tl - i) % 3 == 0) g[k++] = ',';
                g[k++] = t[i];
            }
            g[k] = '\0';
            emits(&o, g);
        } else if (!strcmp(slot, "patron_title")) {
            if (x->a) emits(&o, dg__adv_patron_title(x->a->patron % DG__ADV_PATRON_ROLES));
        } else if (!strcmp(slot, "patron")) {
            if (x->a) {
                emits(&o, dg__adv_table(DG__ADV_T_PATRON_NAME, x->a->patron / DG__ADV_PATRON_ROLES));
                emits(&o, ", ");
                emits(&o, dg__adv_table(DG__ADV_T_PATRON_ROLE, x->a->patron % DG__ADV_PATRON_ROLES));
                emits(&o, ",");
            }
        }
        if (cap_it && at < cap && buf[at] >= 'a' && buf[at] <= 'z') buf[at] = (char)(buf[at] - 'a' + 'A');
    }
    /* a sentence begins with a capital, whatever its first slot */
    if (x->sentence && cap > start && buf[start] >= 'a' && buf[start] <= 'z') buf[start] = (char)(buf[start] - 'a' + 'A');
    return o.len;
}

/* ------------------------------------------------------- accessors */

/* Whose creature who is, when it stands on the top floor (the master in
 * its lair): a tomb's mummy lord is its own guardians', not the robbers'
 * who dig around it ("A mummy lord rules the vault ..., and the Sand
 * Jackals obey out of fear" beside "They belong to the Sworn Dead");
 * -1 unknown (the holders are said). */
static int master_faction(const dg_contents *c, const dg_adv_who *who)
{
    if (!who || who->floor != 1) return -1;
    const dg_room_contents *rc = dg_contents_room(c, who->room);
    return rc && rc->encounter.n_groups ? rc->encounter.faction : -1;
}

const char *dg_faction_name(const dg_contents *c, int f)
{
    if (!c || f < 0 || f >= c->n_factions) return "";
    return dg_contents_word(DG_WORDS_FACTION_NAME, c->factions[f].name);
}

static const char *phrase(int code) { return dg__adv_table(code / DG__ADV_TABLE_STEP, code % DG__ADV_TABLE_STEP); }

/* Appends the filled template to buf at *len. */
static void say(char *buf, size_t cap, size_t *len, const char *tmpl, const dg__adv_ctx *x)
{
    size_t at = *len < cap ? *len : cap;
    size_t n = dg__adv_fill(at < cap ? buf + at : NULL, at < cap ? cap - at : 0, tmpl, x);
    *len += n;
}

size_t dg_adventure_text(const dg_contents *c, dg_adv_part part, int i, char *buf, size_t cap)
{
    if (cap) buf[0] = '\0';
    const dg_adventure *a = c ? c->adventure : NULL;
    if (!a) return 0;
    dg__adv_ctx x = {c, a, NULL, -1, -1, false};
    size_t len = 0;
    switch (part) {
    case DG_ADV_HOOK: {
        x.sentence = true;
        x.who = &a->goal;
        say(buf, cap, &len, dg__adv_table(DG__ADV_T_ASK, a->goal_kind * 3 + a->patron % 3), &x);
        say(buf, cap, &len, " ", &x);
        say(buf, cap, &len, dg__adv_table(DG__ADV_T_STAKE, a->goal_kind * DG__ADV_STAKES + a->stake), &x);
        say(buf, cap, &len, " ", &x);
        say(buf, cap, &len, dg__adv_table(DG__ADV_T_REWARD, a->patron / 3 % 3), &x);
        return len;
    }
    case DG_ADV_PATRON:
        say(buf, cap, &len, "{patron}", &x);
        if (len && len <= cap) buf[--len] = '\0'; /* its trailing comma */
        return len;
    case DG_ADV_GOAL:
        x.sentence = true;
        x.who = &a->goal;
        say(buf, cap, &len, dg__adv_table(DG__ADV_T_GOAL, a->goal_kind), &x);
        return len;
    case DG_ADV_FACTION_NAME:
        if (i < 0 || i >= a->n_factions) return 0;
        say(buf, cap, &len, dg_faction_name(c, a->factions[i].faction), &x);
        return len;
    case DG_ADV_FACTION_KIND: {
        if (i < 0 || i >= a->n_factions) return 0;
        const dg_faction *f = &c->factions[a->factions[i].faction];
        const char *kind = dg_contents_word(DG_WORDS_FACTION, f->kind);
        char t[160];
        if (f->role == DG_FACTION_SPLINTER) snprintf(t, sizeof t, "splinter of the %s", kind);
        else if (f->role == DG_FACTION_GUARDIANS) snprintf(t, sizeof t, "the %s's own guardians", place_nouns[c->origin]);
        else snprintf(t, sizeof t, "%s", kind);
        emits(&(out){buf, cap, 0}, t);
        return strlen(t);
    }
    case DG_ADV_WANT:
        if (i < 0 || i >= a->n_factions) return 0;
        x.faction = a->factions[i].faction;
        x.who = &a->factions[i].leader;
        say(buf, cap, &len, phrase(a->factions[i].want), &x);
        return len;
    case DG_ADV_RIVALRY: {
        if (i < 0 || i >= a->n_factions || a->factions[i].rival < 0) return 0;
        x.faction = a->factions[i].faction;
        x.other = a->factions[a->factions[i].rival].faction;
        say(buf, cap, &len, dg__adv_table(DG__ADV_T_REASON, a->factions[i].reason), &x);
        return len;
    }
    case DG_ADV_RUMOUR:
        if (i < 0 || i >= DG_ADV_RUMOURS) return 0;
        x.sentence = true;
        x.who = &a->rumours[i].about;
        for (int f = 0; f < a->n_factions; f++) /* a leader's rumour names its faction */
            if (a->factions[f].leader.room == x.who->room && a->factions[f].leader.floor == x.who->floor)
                x.faction = a->factions[f].faction;
        x.faction = x.faction >= 0 ? x.faction : master_faction(c, x.who);
        say(buf, cap, &len, dg__adv_table(DG__ADV_T_RUMOUR, a->rumours[i].text), &x);
        return len;
    case DG_ADV_ALARM:
        say(buf, cap, &len, dg__adv_table(DG__ADV_T_ALARM, a->alarm), &x);
        return len;
    case DG_ADV_CHAPTER:
        if (i < 0 || i >= a->n_chapters) return 0;
        x.sentence = true;
        x.who = &a->chapters[i].boss;
        x.faction = master_faction(c, x.who);
        say(buf, cap, &len, dg__adv_table(DG__ADV_T_CHAPTER, a->chapters[i].text), &x);
        return len;
    default: return 0;
    }
}

size_t dg_clue_text(const dg_contents *c, const dg_room_contents *rc, int k, char *buf, size_t cap)
{
    if (cap) buf[0] = '\0';
    if (!c || !rc || k < 0 || k >= rc->n_clues) return 0;
    const dg_clue *cl = &rc->clues[k];
    const dg_room_contents *to = dg_contents_room(c, cl->room);
    dg_adv_who who = {-1, cl->room, cl->floor, to ? to->purpose : -1};
    dg__adv_ctx x = {c, NULL, &who, -1, -1, true};
    return dg__adv_fill(buf, cap, dg__adv_clue_phrase(cl->kind), &x);
}

const char *dg_key_held_by(const dg_contents *c, size_t door)
{
    if (!c || door >= c->n_doors || !c->doors[door].key_room || c->doors[door].key_holder < 0) return NULL;
    const dg_room_contents *rc = dg_contents_room(c, c->doors[door].key_room);
    if (!rc || c->doors[door].key_holder >= rc->encounter.n_groups) return NULL;
    return dg_monster_info(rc->encounter.groups[c->doors[door].key_holder].monster)->name;
}

const char *dg_key_hidden_in(const dg_contents *c, size_t door)
{
    if (!c || door >= c->n_doors || !c->doors[door].key_room || c->doors[door].key_hidden < 0) return NULL;
    const dg_door_contents *dc = &c->doors[door];
    const dg_room_contents *rc = dg_contents_room(c, dc->key_room);
    if (dc->key_hidden >= DG__KEY_IN_FEATURE) return rc && rc->n_hidden ? dg_contents_word(DG_WORDS_HIDDEN, rc->hidden[0].kind) : NULL;
    return dg_key_hiding_place(dc->key_hidden);
}

size_t dg_key_holder_text(const dg_contents *c, size_t door, char *buf, size_t cap)
{
    if (cap) buf[0] = '\0';
    if (!c || door >= c->n_doors || !c->doors[door].key_room) return 0;
    const dg_door_contents *dc = &c->doors[door];
    const dg_room_contents *rc = dg_contents_room(c, dc->key_room);
    out o = {buf, cap, 0};
    if (dc->key_holder >= 0 && rc && dc->key_holder < rc->encounter.n_groups) {
        const dg_group *g = &rc->encounter.groups[dc->key_holder];
        char low[96];
        /* the read-aloud's plural: "One of the mummies", not "mummys" */
        if (g->count > 1) dg__creature_plural(dg_monster_info(g->monster)->name, low, sizeof low);
        else dg__adv_lower(dg_monster_info(g->monster)->name, low, sizeof low);
        emits(&o, g->count > 1 ? "One of the " : "The ");
        emits(&o, low);
        emits(&o, " ");
        /* belts, pouches and key rings are for those who wear gear; an
         * invisible stalker or a golem keeps a key another way */
        static const char *const ungeared[4] = {
            "will not give it up without a fight", "guards it more jealously than its own life",
            "was set to guard it and never strays far from its post", "keeps it where it rests, within reach",
        };
        const dg_monster *m = dg_monster_info(g->monster);
        /* an imp or a pixie wears no belt: the geared are Small and up */
        bool geared = m && m->size >= DG_SIZE_SMALL &&
                      (m->type == DG_TYPE_HUMANOID || m->type == DG_TYPE_GIANT || m->type == DG_TYPE_FIEND ||
                       m->type == DG_TYPE_CELESTIAL || m->type == DG_TYPE_FEY);
        /* the phrase is the room's first key's, so keys kept together are
         * kept alike: md says them once ("keeps them at the belt") */
        size_t first = door;
        for (size_t j = 0; j < door && first == door; j++)
            if (c->doors[j].key_room == dc->key_room) first = j;
        char how[96];
        if (geared) dg__adv_lower(dg__adv_table(DG__ADV_T_CARRY, (int)(first % 4)), how, sizeof how);
        else snprintf(how, sizeof how, "%s", ungeared[first % 4]);
        emits(&o, how);
        emits(&o, ".");
    } else if (dc->key_hidden >= 0) {
        emits(&o, "It is hidden ");
        if (dc->key_hidden >= DG__KEY_IN_FEATURE && rc && rc->n_hidden) {
            /* "in a lever behind a sconce" reads as a joke: with it */
            emits(&o, "with the room's hidden feature, ");
            emits(&o, dg_contents_word(DG_WORDS_HIDDEN, rc->hidden[0].kind));
        } else {
            emits(&o, dg_key_hiding_place(dc->key_hidden));
        }
        emits(&o, ".");
    }
    return o.len;
}

/* ------------------------------------------------------- the passes */

/* A lair the cast could not fill at the rules' hardest still gets its
 * floor's chief when any band of the cast fits the room: every chapter's
 * boss stands in its lair. From a stream of the adventure's own; only such
 * lairs change. (A lair no band fits at all gets the cast's mightiest
 * it holds, alone: lone_chief.) */
#define PART_LAIR 0x4000000

/* A lair too small for any band of its cast at the party's level (a
 * 10-ft-wide den for five level-18 characters: half its floor holds two
 * giant spiders, not the hundreds of XP a band asks) still has its
 * floor's chief: the mightiest of the cast the room holds, alone, below
 * the band. Bosses first, then leaders, then any role; never above what
 * the level allows, nor the dungeon's one-of-a-kind master. No draw: the
 * pick is the cast's order's. */
static void lone_chief(const dg_contents *c, dg_size holds, dg_room_contents *lair)
{
    const dg__srd *s = dg__srd_of(c->rules);
    const dg__theme *t = &dg__themes[c->factions[0].kind];
    static const dg__role order[] = {DG__ROLE_BOSS, DG__ROLE_LEADER, DG__ROLE_TROOP, DG__ROLE_BEAST};
    int max_cr8 = dg__max_cr8(c->level), best = -1;
    /* a lower floor's chief never outranks the master */
    int most_cr8 = c->floor > 0 && c->boss >= 0 ? dg_monster_info(c->boss)->cr8 : max_cr8;
    for (size_t o = 0; o < sizeof order / sizeof order[0] && best < 0; o++)
        for (int k = 0; k < DG__CAST_MAX && t->cast[order[o]][k]; k++) {
            int i = dg__srd_cast(s, t->cast[order[o]][k]);
            if (i < 0 || i == c->boss) continue;
            const dg_monster *m = DG__SRD_MONSTER(s, i);
            if (m->xp <= 0 || m->cr8 > max_cr8 || m->size > holds || m->cr8 > most_cr8) continue;
            if (best < 0 || m->xp > DG__SRD_MONSTER(s, best)->xp) best = i;
        }
    dg_encounter *e = &lair->encounter;
    e->n_groups = 0;
    if (best < 0) return;
    e->groups[0].monster = best;
    e->groups[0].count = 1;
    e->groups[0].arrives = 0;
    e->n_groups = 1;
    e->difficulty = s->easiest;
    e->boss = false; /* the floor's chief, not a master the concept named */
    e->xp = DG__SRD_MONSTER(s, best)->xp;
    /* one creature: x1 under 2024; under 2014 x1, a step up for a party
     * of one or two, down for six or more */
    e->adjusted_xp = c->rules == DG_RULES_2024 ? e->xp : e->xp * dg__multiplier2(1, c->party) / 2;
    e->faction = 0;
}
void dg__adventure_fill_lair(dg_contents *c, const dg_dungeon *d, uint64_t seed)
{
    dg_room_contents *lair = c->farthest_room ? &c->rooms[c->farthest_room - 1] : NULL;
    if (!lair || lair->encounter.n_groups) return;
    /* the room's size bounds its creatures' as stock_room.c's rule does */
    const dg_room *room = &d->rooms[lair->id - 1];
    int side = (room->width < room->height ? room->width : room->height) * dg_cell_feet(&d->opts);
    dg_size holds = side >= 40 ? DG_SIZE_GARGANTUAN : side >= 30 ? DG_SIZE_HUGE : DG_SIZE_LARGE;
    int per = dg_cell_feet(&d->opts) / 5, squares = room->width * per * room->height * per;
    dg_rng r = dg__stock_stream(seed, DG__STREAM_ADVENTURE, PART_LAIR);
    dg__stock_encounter(&r, c, 0, dg__srd_of(c->rules)->hardest, true, true, holds, squares, &lair->encounter);
    if (lair->encounter.n_groups) return;
    /* the caps on the mighty's numbers lifted, as for a wandering row, the
     * room's floor still bounding how many stand in it */
    const dg__srd *s = dg__srd_of(c->rules);
    dg__enc_want w = {.level = c->level, .party = c->party, .lair = true, .max_size = holds, .room_squares = squares,
                      .theme = c->factions[0].kind, .boss = -1, .master = c->boss, .rules = c->rules, .uncapped = true, .shun = -1,
                      .most_cr8 = c->floor > 0 && c->boss >= 0 ? dg_monster_info(c->boss)->cr8 : 0,
                      .memo = c->cast_memo};
    for (int k = (int)s->hardest; k >= (int)s->easiest; k--)
        if (dg__encounter_build(&r, &w, (dg_difficulty)k, &lair->encounter)) {
            lair->encounter.faction = 0;
            return;
        }
    /* a low fight under 2024 has no floor in the SRD (ours, half the
     * budget, keeps rooms worth a fight): a lair still gets the mightiest
     * the cast puts in its room, the floor stepped down, rather than a
     * hoard with nobody by it */
    for (int pct = 40; c->rules == DG_RULES_2024 && pct > 0; pct -= 10) {
        w.low_floor_percent = pct == 10 ? 1 : pct;
        if (dg__encounter_build(&r, &w, s->easiest, &lair->encounter)) {
            lair->encounter.faction = 0;
            return;
        }
    }
    lone_chief(c, holds, lair);
}

void dg__adventure_floor(dg_contents *c, const dg_dungeon *d, uint64_t seed)
{
    dg__adventure_fill_lair(c, d, seed); /* a rerolled lair left empty */
    dg__adventure_factions_mark(c);
    dg__adventure_keys(c, d, seed);
    dg__adventure_clues(c, d, seed);
}
