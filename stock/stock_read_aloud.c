/* stock_read_aloud.c -- the text a GM reads out as the party enters a room:
 * what they notice first comes first (who is there, then water and
 * hazards in plain sight, then the furnishings, then sounds and smells).
 * Built from the model on demand, so every encoder says the same words;
 * secrets (traps, hidden features, treasure in containers) are never in it. */
#include "stock_int.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    char *buf;
    size_t cap, len;         /* len counts what would have been written */
} text;

static void add(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = t->len < t->cap ? t->cap - t->len : 0;
    int n = vsnprintf(room ? t->buf + t->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0) t->len += (size_t)n;
}

static bool vowel_sound(const char *w)
{
    char c = (char)tolower((unsigned char)w[0]);
    if (strncmp(w, "one", 3) == 0 || strncmp(w, "uni", 3) == 0 || strncmp(w, "use", 3) == 0) return false;
    return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u';
}

/* words that are their own plural */
static bool uncounted(const char *word, size_t n)
{
    static const char *const same[] = {"Drow", "Duergar", "Lizardfolk", "Merfolk", "Sahuagin", "Spawn", "Deer",
                                       "Erinyes", "Infantry", "Oni", "Armor", "Kraken", "Elk", "Sheep"};
    for (size_t k = 0; k < DG_COUNT(same); k++)
        if (strlen(same[k]) == n && strncmp(word, same[k], n) == 0) return true;
    return false;
}

/* Plurals no rule makes (lower case, as creatures() writes them). */
static const char *irregular(const char *word, size_t n)
{
    static const struct { const char *one, *many; } words[] = {
        {"fungus", "fungi"},     {"homunculus", "homunculi"}, {"cyclops", "cyclopes"},
        {"succubus", "succubi"}, {"incubus", "incubi"},       {"remorhaz", "remorhazes"},
        {"efreeti", "efreet"},   {"djinni", "djinn"},
    };
    for (size_t k = 0; k < DG_COUNT(words); k++)
        if (strlen(words[k].one) == n && strncmp(word, words[k].one, n) == 0) return words[k].many;
    return NULL;
}

/* "goblin", "two wolves", "three swarms of rats", in lower case: count
 * of the thing named. */
static void counted(text *t, const char *name, int count)
{
    static const char *const numbers[] = {"", "one", "two", "three", "four", "five", "six", "seven", "eight"};
    char lower[64];
    size_t n = 0;
    for (; name[n] && n + 1 < sizeof lower; n++) lower[n] = (char)tolower((unsigned char)name[n]);
    lower[n] = '\0';
    if (count == 1) {
        add(t, "%s %s", vowel_sound(lower) ? "an" : "a", lower);
        return;
    }
    add(t, "%s ", count < (int)DG_COUNT(numbers) ? numbers[count] : "many");
    /* the noun to inflect: before " of " (swarms of rats) or " (" */
    const char *end = strstr(lower, " of ");
    if (!end) end = strstr(lower, " (");
    size_t head = end ? (size_t)(end - lower) : n;
    const char *word = lower;
    for (const char *s = lower; s < lower + head; s++)
        if (*s == ' ') word = s + 1;
    size_t wl = (size_t)(lower + head - word);
    char cap_word[32];
    snprintf(cap_word, sizeof cap_word, "%c%.*s", toupper((unsigned char)word[0]), (int)(wl ? wl - 1 : 0), word + 1);
    const char *many = irregular(word, wl);
    if (many) {
        add(t, "%.*s%s%s", (int)(word - lower), lower, many, lower + head);
        return;
    }
    add(t, "%.*s", (int)head, lower);
    if (!uncounted(cap_word, wl) && wl > 0) {
        char last = word[wl - 1], before = wl > 1 ? word[wl - 2] : ' ';
        if (last == 'f' && before != 'f') {
            t->len--; /* wolf -> wolves: the f goes */
            if (t->len < t->cap) t->buf[t->len] = '\0';
            add(t, "ves");
        } else if (last == 's' || last == 'x' || (last == 'h' && (before == 'c' || before == 's'))) add(t, "es");
        else if (last == 'y' && !strchr("aeiou", before)) {
            t->len--;
            if (t->len < t->cap) t->buf[t->len] = '\0';
            add(t, "ies");
        } else add(t, "s");
    }
    add(t, "%s", lower + head);
}

static void creatures(text *t, const dg_group *g) { counted(t, dg_monster_info(g->monster)->name, g->count); }

static void sentence_start(text *t, size_t at)
{
    if (at < t->cap && t->buf[at]) t->buf[at] = (char)toupper((unsigned char)t->buf[at]);
}

/* "A, B and C"; ", and" before the last when a part has an "and" of its
 * own ("bunks in rows and footlockers kicked open, and a brazier"), so the
 * list does not run "A and B and C", or a comma ("a great iron brazier,
 * still warm, and a rockfall": without it the brazier and the rockfall
 * were still warm together). */
static void list_words(text *t, const char *const *part, int n)
{
    bool inner = false;
    for (int k = 0; k < n; k++) inner |= strstr(part[k], " and ") != NULL || strchr(part[k], ',') != NULL;
    const char *last = inner ? ", and " : " and ";
    for (int k = 0; k < n; k++) add(t, "%s%s", k == 0 ? "" : k == n - 1 ? last : ", ", part[k]);
}

/* How the room's creatures meet the party, by the first group's nature:
 * the made (constructs, whatever their wits) stir as machines do,
 * elementals rise as weather does, the
 * mindless (undead, oozes and plants of Intelligence 3 or less) lurch or
 * stir, beasts rouse, the rest take notice (a golem never "falls silent"). Chosen by room
 * number, not drawn, so no draw moves and a dungeon does not say "turn
 * toward you" in every room. [k][0] for one creature, [k][1] for many. */
static const char *reaction(int monster, bool many, int room)
{
    static const char *const mindless[][2] = {
        {"lurches toward you", "lurch toward you"}, {"stirs as you enter", "stir as you enter"},
        {"turns toward the sound of you", "turn toward the sound of you"}};
    static const char *const made[][2] = {
        {"grinds into motion", "grind into motion"}, {"steps forward to bar the way", "step forward to bar the way"},
        {"stands motionless, watching", "stand motionless, watching"}};
    static const char *const elements[][2] = {
        {"rises up at your approach", "rise up at your approach"},
        {"churns restlessly as you enter", "churn restlessly as you enter"}};
    static const char *const beasts[][2] = {
        {"raises its head", "raise their heads"}, {"rises from its rest", "rise from their rest"},
        {"catches your scent", "catch your scent"}, {"turns toward you", "turn toward you"}};
    static const char *const minds[][2] = {
        {"turns toward you", "turn toward you"}, {"looks up as you enter", "look up as you enter"},
        {"falls silent as you come in", "fall silent as you come in"}, {"spins to face you", "spin to face you"}};
    const dg_monster *m = dg_monster_info(monster);
    const dg_statblock *sb = dg_monster_statblock(monster);
    int mind = sb ? sb->scores[3] : 10;
    dg_creature_type ty = m ? m->type : DG_TYPE_HUMANOID;
    size_t r = (size_t)(room > 0 ? room : 0);
    if (ty == DG_TYPE_CONSTRUCT) return made[r % DG_COUNT(made)][many];
    if (ty == DG_TYPE_ELEMENTAL) return elements[r % DG_COUNT(elements)][many];
    if (mind <= 3 && (ty == DG_TYPE_UNDEAD || ty == DG_TYPE_SWARM_UNDEAD || ty == DG_TYPE_OOZE || ty == DG_TYPE_PLANT))
        return mindless[r % DG_COUNT(mindless)][many];
    if (mind <= 3 || ty == DG_TYPE_BEAST || ty == DG_TYPE_SWARM) return beasts[r % DG_COUNT(beasts)][many];
    return minds[r % DG_COUNT(minds)][many];
}

/* Whether anyone in the room has hands and wits to bind a prisoner: not
 * beasts, swarms, oozes and plants, nor anything of an animal's wits (a
 * giant spider and two giant wasps held a prisoner "bound and gagged"). */
#define BINDER_MIN_INT 4
static bool binders(const dg_encounter *e)
{
    for (int g = 0; g < e->n_groups; g++) {
        if (e->groups[g].arrives) continue;
        const dg_monster *m = dg_monster_info(e->groups[g].monster);
        const dg_statblock *sb = dg_monster_statblock(e->groups[g].monster);
        if (!m || m->type == DG_TYPE_BEAST || m->type == DG_TYPE_SWARM || m->type == DG_TYPE_OOZE ||
            m->type == DG_TYPE_PLANT)
            continue;
        if (!sb || sb->scores[3] >= BINDER_MIN_INT) return true;
    }
    return e->n_groups == 0; /* held by nobody in sight: its keepers bound them */
}

/* The adventure's captive as the party finds them: among their captors
 * ("behind them": watched, more than one in sight) or alone; in a nest of things without hands, dragged there,
 * not bound. By room number; nobody lies trussed, a sack over the head,
 * on a flooded floor ("... lies trussed on the floor, a sack over their
 * head. The floor lies under a hand's depth of cold water."). */
static const char *captive_line(const dg_encounter *e, bool water, bool watched, int room)
{
    static const char *const bound[2][4] = {
        {"A prisoner sits bound and gagged against the far wall, eyes wide above the gag. ",
         "Someone lies trussed in the corner, a sack over their head, and goes still at your step. ",
         "A prisoner hangs in chains from the wall, too weak to call out. ",
         "A figure kneels by the wall, wrists bound to an iron ring, and flinches from your light. "},
        {"Behind them a prisoner sits bound and gagged against the wall. ",
         "Among them a prisoner kneels with bound wrists, watching you. ",
         "A prisoner hangs in chains behind them, too weak to call out. ",
         "Behind them someone lies trussed on the floor, a sack over their head. "}};
    static const char *const dragged[2][4] = {
        {"A survivor clings to a ledge by the far wall, too weak to call out. ",
         "Someone is pinned under a heap of refuse and bones by the wall, still breathing, and stirs at your light. ",
         "Someone is wedged in a crack in the wall, too weak to climb out, and flinches from your light. ",
         "A figure huddles among the bones by the wall, bitten and feverish, and stirs at your step. "},
        {"Behind them a survivor clings to a ledge by the wall, too weak to call out. ",
         "Among them someone is pinned under a heap of refuse and bones, still breathing. ",
         "Behind them someone is wedged in a crack in the wall, too weak to climb out. ",
         "Among the bones behind them someone stirs, bitten and feverish, and watches you. "}};
    const char *const *said = binders(e) ? bound[watched] : dragged[watched];
    size_t k = (size_t)(room > 0 ? room : 0) % 4;
    if (water && strstr(said[k], "lies trussed")) k = (k + 1) % 4;
    return said[k];
}

size_t dg_contents_read_aloud(const dg_contents *c, int id, char *buf, size_t cap)
{
    text t = {buf, cap, 0};
    if (cap) buf[0] = '\0';
    const dg_room_contents *rc = dg_contents_room(c, id);
    if (!rc || c->depth != DG_DEPTH_FULL) return 0;
    const dg_encounter *e = &rc->encounter;
    /* who the party sees: a creature that hides (dg_monster_hiding) is
     * never named; what passes for an object is among the furnishings as
     * what it looks like, and the unseen leave a sign the GM can play on */
    const dg_group *shown[DG_ENC_MAX_GROUPS];
    char objects[DG_ENC_MAX_GROUPS][96], looks[DG_ENC_MAX_GROUPS][64];
    int looks_count[DG_ENC_MAX_GROUPS];
    int n_shown = 0, n_objects = 0, total = 0;
    bool unseen = false, lurking = false, breathless = false, clear = false;
    for (int g = 0; g < e->n_groups; g++) {
        if (e->groups[g].arrives) continue; /* reinforcements have not come yet */
        dg_hiding how = dg_monster_hiding(e->groups[g].monster);
        if (how == DG_HIDING_NONE) {
            shown[n_shown++] = &e->groups[g];
            total += e->groups[g].count;
        } else if (how == DG_HIDING_OBJECT) {
            dg_monster_looks_like(e->groups[g].monster, looks[n_objects], sizeof looks[0]);
            looks_count[n_objects] = e->groups[g].count;
            /* things that look alike are counted as one lot (a roper's
             * stalagmite and a darkmantle's stalactites: "five stalagmites") */
            dg__stems a, b;
            dg__word_stems(looks[n_objects], &a);
            int same = -1;
            for (int j = 0; j < n_objects && same < 0; j++) {
                dg__word_stems(looks[j], &b);
                if (dg__stems_meet(&a, &b)) same = j;
            }
            if (same >= 0) looks_count[same] += e->groups[g].count;
            else n_objects++;
        } else if (how == DG_HIDING_INVISIBLE) {
            unseen = true;
            /* a will-o'-wisp, an invisible stalker or a ghost draws no breath */
            int ty = dg_monster_info(e->groups[g].monster)->type;
            breathless |= ty == DG_TYPE_UNDEAD || ty == DG_TYPE_CONSTRUCT || ty == DG_TYPE_ELEMENTAL ||
                          ty == DG_TYPE_OOZE || ty == DG_TYPE_SWARM_UNDEAD;
        } else if (how == DG_HIDING_TRANSPARENT) {
            clear = true;
        } else {
            lurking = true;
        }
    }
    for (int k = 0; k < n_objects; k++) {
        text o = {objects[k], sizeof objects[0], 0};
        counted(&o, looks[k], looks_count[k]);
    }
    if (n_shown) {
        size_t at = t.len;
        for (int g = 0; g < n_shown; g++) {
            add(&t, "%s", g == 0 ? "" : g == n_shown - 1 ? " and " : ", ");
            creatures(&t, shown[g]);
        }
        add(&t, " %s. ", reaction(shown[0]->monster, total > 1, id));
        sentence_start(&t, at);
    }
    if (unseen) {
        static const char *const signs[] = {"The air stirs as if something moved through it, though nothing is there. ",
                                            "Dust on the floor shifts under no foot you can see. ",
                                            "Something cold brushes your arm, but no one is there. ",
                                            "Something breathes nearby, though you see no one. ",
                                            "The air beside you seems to press close, then ease. ",
                                            "Your light wavers as if something passed in front of it. "};
        size_t k = (size_t)id % DG_COUNT(signs);
        if (breathless && strstr(signs[k], "breathes")) k = (k + 1) % DG_COUNT(signs);
        add(&t, "%s", signs[k]);
    }
    if (lurking) {
        static const char *const signs[] = {"Something shifts at the edge of your light and is still. ",
                                            "You have the uneasy sense of being watched. ",
                                            "A pebble clicks somewhere in the shadows, then nothing. ",
                                            "The shadows along the walls seem oddly lumpy. ",
                                            "For a moment you are sure something moved, and then you are not. ",
                                            "The stillness here feels held, as if something is waiting. "};
        add(&t, "%s", signs[(size_t)id % DG_COUNT(signs)]);
    }
    /* a gelatinous cube is seen by looking for it (its Transparent
     * trait): "A gelatinous cube and two swarms of bats turn toward the
     * sound of you" gave it away; what it has swallowed shows */
    if (clear) {
        static const char *const signs[] = {"The far side of the room wavers, as if seen through water. ",
                                            "A helmet and a few bones hang in the air at knee height, quite still. ",
                                            "The floor ahead glistens, and there is a sharp smell of acid. "};
        add(&t, "%s", signs[(size_t)id % DG_COUNT(signs)]);
    }
    /* the adventure's captive, not named (the party has only the patron's
     * word for who they are); by room number, like the water below */
    if (rc->captive) add(&t, "%s", captive_line(e, rc->water, total > 1, id));
    if (rc->water) {
        /* chosen by room number, not drawn: a flooded floor read four times
         * in one dungeon should not read the same four times; deep enough
         * to swim in where something lives in it */
        static const char *const flooded[] = {
            "Dark water covers much of the floor. ", "Black water stands knee-deep across the room. ",
            "Murky water fills the low side of the room. ", "The floor lies under a hand's depth of cold water. ",
            "Water seeps up through the floor and pools in every hollow. "};
        static const char *const deep[] = {
            "Dark water fills most of the room, too deep to wade. ", "A black pool fills the room, its bottom lost in the murk. ",
            "Deep water covers the floor but for a ledge along the walls. ",
            "The floor drops away into still, green-black water. ", "Most of the room is a flooded pit, its water unmoving. ",
            "A narrow walkway skirts water that swallows the light. "};
        bool dwellers = false;
        for (int g = 0; g < rc->encounter.n_groups; g++) dwellers |= dg_monster_lives_in_water(rc->encounter.groups[g].monster);
        if (dwellers) add(&t, "%s", deep[(size_t)rc->id % DG_COUNT(deep)]);
        else add(&t, "%s", flooded[(size_t)rc->id % DG_COUNT(flooded)]);
    }
    if (rc->hazard >= 0) {
        size_t at = t.len;
        add(&t, "%s. ", dg__hazard_seen(rc->hazard));
        sentence_start(&t, at);
    }
    /* the furnishings, and what anyone sees of a hiding place (its secret
     * is the key's, never read out) */
    const char *seen[DG_ENC_MAX_GROUPS + DG_ROOM_MAX_DRESSING + 1];
    int n_seen = 0;
    for (int k = 0; k < n_objects; k++) seen[n_seen++] = objects[k];
    /* a furnishing that echoes what a creature passes for is left out:
     * the statue that is a gargoyle is the room's statue */
    dg__stems obj[DG_ENC_MAX_GROUPS];
    for (int k = 0; k < n_objects; k++) dg__word_stems(looks[k], &obj[k]);
    for (int k = 0; k < rc->n_dressing; k++) {
        const char *w = dg_contents_word(DG_WORDS_DRESSING, rc->dressing[k]);
        dg__stems ws;
        dg__word_stems(w, &ws);
        bool echo = false;
        for (int j = 0; j < n_objects && !echo; j++) echo = dg__stems_meet(&ws, &obj[j]);
        if (!echo) seen[n_seen++] = w;
    }
    /* a hiding place's shelf among the shelves is one of them: not said
     * twice (its thing's own word looked for); a thing whose phrase would
     * echo another of the list ("a heap of mouldering straw and a heap of
     * rubble") is a sentence of its own after it */
    int kind = rc->n_hidden ? rc->hidden[0].kind : -1;
    const char *hid = dg__hidden_seen(kind), *thing = dg__hidden_thing(kind), *alone = NULL;
    for (int k = 0; hid && thing && k < n_seen; k++)
        if (strstr(seen[k], thing)) hid = NULL;
    if (hid) {
        dg__stems h, d;
        dg__word_stems(hid, &h);
        for (int k = 0; hid && k < n_seen; k++) {
            dg__word_stems(seen[k], &d);
            if (dg__stems_meet(&h, &d)) alone = dg__hidden_alone(kind), hid = NULL;
        }
    }
    if (hid) seen[n_seen++] = hid;
    if (n_seen) {
        add(&t, "You see ");
        list_words(&t, seen, n_seen);
        add(&t, ". ");
    }
    if (alone) add(&t, "%s ", alone);
    if (rc->sound >= 0) add(&t, "You hear %s. ", dg_contents_word(DG_WORDS_SOUND, rc->sound));
    if (rc->smell >= 0) add(&t, "The air smells of %s. ", dg_contents_word(DG_WORDS_SMELL, rc->smell));
    if (t.len && t.len <= cap) buf[--t.len] = '\0'; /* the last space */
    return t.len;
}

/* Whether group g's kind is met in an earlier group (a wave bringing more
 * of a kind already there), and whether group g's kind comes again later. */
static bool again(const dg_encounter *e, int g)
{
    for (int j = 0; j < g; j++)
        if (e->groups[j].monster == e->groups[g].monster) return true;
    return false;
}
static bool in_both(const dg_encounter *e, int g)
{
    for (int j = g + 1; j < e->n_groups; j++)
        if (e->groups[j].monster == e->groups[g].monster) return true;
    return false;
}

/* "remorhazes": the plural with no number before it. */
static void counted_plural(text *t, const char *name)
{
    char two[96];
    text w = {two, sizeof two, 0};
    counted(&w, name, 2);
    add(t, "%s", w.len < sizeof two ? two + 4 : name); /* past "two " */
}

void dg__creature_plural(const char *name, char *buf, size_t cap)
{
    text t = {buf, cap, 0};
    if (cap) buf[0] = '\0';
    counted_plural(&t, name);
}

size_t dg_contents_allies(const dg_contents *c, int id, char *buf, size_t cap)
{
    text t = {buf, cap, 0};
    if (cap) buf[0] = '\0';
    const dg_room_contents *rc = dg_contents_room(c, id);
    if (!rc || !c->n_factions) return 0;
    const dg_encounter *e = &rc->encounter;
    int theme = c->factions[0].kind;
    const dg__theme *th = dg__theme_of(theme);
    int n = 0, many = 0, last = -1;
    for (int g = 0; g < e->n_groups; g++)
        if (dg_theme_allies(theme, e->groups[g].monster)) {
            many += e->groups[g].count;
            if (again(e, g)) continue;
            n++, last = g;
        }
    if (!th || !n) return 0;
    /* "The four remorhazes are no part of the swarming nest: they came
     * up through the deep earth ..., and the rest obey them now." */
    for (int g = 0, k = 0; g < e->n_groups; g++) {
        if (!dg_theme_allies(theme, e->groups[g].monster) || again(e, g)) continue;
        add(&t, "%s", k == 0 ? "The " : g == last ? " and the " : ", the ");
        k++;
        if (in_both(e, g)) { /* "the remorhazes": four now and two in round 2 */
            counted_plural(&t, dg_monster_info(e->groups[g].monster)->name);
            continue;
        }
        if (e->groups[g].count > 1) {
            creatures(&t, &e->groups[g]);
            continue;
        }
        const char *name = dg_monster_info(e->groups[g].monster)->name;
        for (size_t j = 0; name[j]; j++) add(&t, "%c", tolower((unsigned char)name[j]));
    }
    add(&t, " %s no part of the %s: %s %s", many > 1 ? "are" : "is", th->kind, many > 1 ? "they" : "it",
        th->allies_from);
    /* an ally at the head: the cast obeys it (the master, when it rules);
     * one with a beast's wits (a remorhaz, a hydra: Intelligence 5 or
     * less) gives no orders, and the rest keep out of its way */
    if (dg_theme_allies(theme, e->groups[0].monster) && n < e->n_groups) {
        const dg_statblock *sb = dg_monster_statblock(e->groups[0].monster);
        bool beast = sb && sb->scores[3] <= 5;
        add(&t, beast ? ", and the rest keep out of " : ", and the rest obey ");
        if (e->groups[0].count > 1) add(&t, beast ? "their way" : "them");
        else {
            const char *name = dg_monster_info(e->groups[0].monster)->name;
            add(&t, many > 1 ? "the " : beast ? "its way" : "it");
            for (size_t j = 0; many > 1 && name[j]; j++) add(&t, "%c", tolower((unsigned char)name[j]));
            if (many > 1 && beast) add(&t, "'s way");
        }
        add(&t, " now");
    }
    add(&t, ".");
    return t.len;
}

/* How a part of a wave comes in, by what all of it can do (the groups
 * whose bit is set in part; a room's water only for swimmers, and only
 * when it has some), chosen by room number, not drawn: [k][0] for one
 * creature, [k][1] for many. */
static const char *arrival(const dg_room_contents *rc, const dg_encounter *e, unsigned part, bool many)
{
    static const char *const burrow[][2] = {{"bursts out of the walls", "burst out of the walls"},
                                            {"breaks up through the floor", "break up through the floor"}};
    static const char *const fly[][2] = {{"flies in over the party's heads from the way it came",
                                          "fly in over the party's heads from the way it came"},
                                         {"swoops down out of the dark above", "swoop down out of the dark above"}};
    static const char *const swim[][2] = {{"surges up out of the water", "surge up out of the water"}};
    static const char *const walk[][2] = {
        {"comes in at the noise, by the way the party came", "come in at the noise, by the way the party came"},
        {"arrives from the passages beyond, drawn by the fighting", "arrive from the passages beyond, drawn by the fighting"},
        {"pushes in behind the party from the corridor", "push in behind the party from the corridor"}};
    unsigned all = ~0u;
    for (int g = 0; g < e->n_groups; g++)
        if (part >> g & 1u) all &= dg_monster_info(e->groups[g].monster)->speeds;
    size_t r = (size_t)rc->id;
    if (all & DG_SPEED_BURROW) return burrow[r % DG_COUNT(burrow)][many];
    if (rc->water && (all & DG_SPEED_SWIM)) return swim[r % DG_COUNT(swim)][many];
    if (all & DG_SPEED_FLY) return fly[r % DG_COUNT(fly)][many];
    return walk[r % DG_COUNT(walk)][many];
}

/* The groups in part, listed ("two more remorhazes and four bulettes"),
 * and how they come. */
static void wave_part(text *t, const dg_room_contents *rc, const dg_encounter *e, unsigned part)
{
    int last = -1, n = 0;
    for (int g = 0; g < e->n_groups; g++)
        if (part >> g & 1u) last = g, n += e->groups[g].count;
    for (int g = 0, k = 0; g < e->n_groups; g++) {
        if (!(part >> g & 1u)) continue;
        add(t, "%s", k++ == 0 ? "" : g == last ? " and " : ", ");
        const dg_group *w = &e->groups[g];
        if (!again(e, g)) {
            creatures(t, w);
            continue;
        }
        /* "another remorhaz", "two more remorhazes": counted()'s words
         * past the article or the number */
        char said[96];
        text m = {said, sizeof said, 0};
        creatures(&m, w);
        const char *sp = strchr(said, ' ');
        if (m.len >= sizeof said || !sp) add(t, "%s", said);
        else if (w->count == 1) add(t, "another%s", sp);
        else add(t, "%.*s more%s", (int)(sp - said), said, sp);
    }
    add(t, " %s", arrival(rc, e, part, n > 1));
}

size_t dg_contents_reinforcements(const dg_contents *c, int id, int *round, char *buf, size_t cap)
{
    text t = {buf, cap, 0};
    if (cap) buf[0] = '\0';
    if (round) *round = 0;
    const dg_room_contents *rc = dg_contents_room(c, id);
    if (!rc) return 0;
    const dg_encounter *e = &rc->encounter;
    /* the burrowers come through the rock, the rest by the passages:
     * "Two more remorhazes and four bulettes burst out of the walls, and
     * three phase spiders push in behind the party from the corridor." */
    unsigned wave = 0, dig = 0;
    for (int g = 0; g < e->n_groups; g++)
        if (e->groups[g].arrives) {
            if (!wave && round) *round = e->groups[g].arrives;
            wave |= 1u << g;
            if (dg_monster_info(e->groups[g].monster)->speeds & DG_SPEED_BURROW) dig |= 1u << g;
        }
    if (!wave) return 0;
    if (dig && dig != wave) {
        wave_part(&t, rc, e, dig);
        add(&t, ", and ");
        wave_part(&t, rc, e, wave & ~dig);
    } else {
        wave_part(&t, rc, e, wave);
    }
    add(&t, ".");
    sentence_start(&t, 0);
    return t.len;
}
