/* test_adventure_words.c -- the adventure's words as a GM reads them
 * (stock/adventure*.c, render/text/md.c), each check one laugh found
 * reading whole dungeons aloud: no person called "it" nor a key round a
 * bodiless creature's neck, the thing sought reads in one breath, a patron
 * can pay the reward, a cave's key is hidden the caves' way, keys in one
 * room are kept together, no floor repeats another's chapter, the captive
 * is in the read-aloud, who cannot speak gives no orders, a faction of
 * beasts wants what beasts want, a keys line names each door once. Over
 * adventure_dungeons.h's dungeons and seeds of their own. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adventure_dungeons.h"
#include "dg_contents.h"
#include "render.h"

/* Whether the creature has no body (the SRD's Incorporeal Movement). */
static bool bodiless(int monster)
{
    const dg_statblock *sb = dg_monster_statblock(monster);
    int n = 0;
    const dg_statblock_entry *t = sb ? dg_statblock_section(sb, DG_SB_TRAITS, &n) : NULL;
    for (int k = 0; k < n; k++)
        if (t[k].name && strstr(t[k].name, "Incorporeal")) return true;
    return false;
}

Test(adventure, words_a_gm_would_not_laugh_at, .timeout = 120)
{
    /* what a GM reading aloud stumbled on, written down here: a person
     * called "it", proof of a wraith's death, the undead "dead", a noble's
     * apprentice, a key hidden "in a lever" */
    static const char *const never[] = {
        "and it never leaves", "seen it swear", "obey it out of fear", "take its place", "bides its time",
        "on its belt", "round its neck", "with its other valuables", "the patron's apprentice",
        "owes it tribute", "get out alive with the loot", ", the room's hidden feature",
        /* one carrier is not "their": "the frost giant carries it on a cord round their neck" */
        "round their neck", "on their belt", "with their other valuables",
        /* one commander's signet ring has one owner: "its owners' family" */
        "its owners' family",
    };
    int slain = 0, bodiless_goals = 0, undead_goals = 0, checked = 0;
    for (uint64_t s = 1; s <= 700; s++) {
        dg_dungeon *top = make(s * 3 + 1, NULL);
        const dg_contents *c = top->contents;
        const dg_adventure *a = c->adventure;
        if (!a) {
            dg_dungeon_free(top);
            continue;
        }
        char t[2048], all[16384] = "";
        size_t len = 0;
#define ADD(part, i)                                                                                    \
    do {                                                                                                \
        dg_adventure_text(c, part, i, t, sizeof t);                                                     \
        len += (size_t)snprintf(all + len, len < sizeof all ? sizeof all - len : 0, "%s\n", t);         \
    } while (0)
        ADD(DG_ADV_HOOK, 0);
        ADD(DG_ADV_GOAL, 0);
        for (int f = 0; f < a->n_factions; f++) {
            ADD(DG_ADV_WANT, f);
            ADD(DG_ADV_RIVALRY, f);
        }
        for (int i = 0; i < DG_ADV_RUMOURS; i++) ADD(DG_ADV_RUMOUR, i);
        for (int i = 0; i < a->n_chapters; i++) ADD(DG_ADV_CHAPTER, i);
        for (const dg_dungeon *d = top; d; d = d->below)
            for (size_t i = 0; i < d->contents->n_doors; i++)
                if (dg_key_holder_text(d->contents, i, t, sizeof t))
                    len += (size_t)snprintf(all + len, len < sizeof all ? sizeof all - len : 0, "%s\n", t);
#undef ADD
        for (size_t k = 0; k < sizeof never / sizeof never[0]; k++)
            cr_assert(!strstr(all, never[k]), "seed %llu says \"%s\":\n%s", (unsigned long long)(s * 3 + 1), never[k],
                      all);
        char goal[1024], hook[1024];
        dg_adventure_text(c, DG_ADV_GOAL, 0, goal, sizeof goal);
        dg_adventure_text(c, DG_ADV_HOOK, 0, hook, sizeof hook);
        if (a->goal_kind == 0 && a->goal.monster >= 0) {
            slain++;
            const dg_monster *m = dg_monster_info(a->goal.monster);
            if (bodiless(a->goal.monster)) {
                bodiless_goals++;
                cr_assert(!strstr(goal, "bring back proof") && !strstr(goal, "skull"), "%s", goal);
            }
            if (m->type == DG_TYPE_UNDEAD || m->type == DG_TYPE_CONSTRUCT) {
                undead_goals++;
                cr_assert(!strncmp(goal, "Destroy", 7) && !strstr(hook, " dead.") && !strstr(hook, " killed."),
                          "%s / %s", hook, goal);
            }
        }
        /* the master of a wight's tomb is not rumoured "dead a year" */
        if (c->boss >= 0 && dg_monster_info(c->boss)->type == DG_TYPE_UNDEAD) cr_assert(!strstr(all, "dead a year"));
        checked++;
        dg_dungeon_free(top);
    }
    printf("words: %d adventures read, %d to slay (%d bodiless, %d undead or made)\n", checked, slain, bodiless_goals,
           undead_goals);
    cr_assert_gt(undead_goals, 0, "no undead or construct to slay in the sample: the check saw nothing");
}

/* How many times "the <noun>" (a whole word, "the temple's" too) stands
 * in text. */
static int the_noun(const char *text, const char *noun)
{
    char want[64];
    snprintf(want, sizeof want, "the %s", noun);
    int n = 0;
    for (const char *p = text; (p = strstr(p, want)); p += strlen(want)) {
        char next = p[strlen(want)];
        n += !((next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z'));
    }
    return n;
}

/* The thing sought reads in one breath: no comma inside the object the
 * goal names ("Bring back a geode the size of a head, full of violet
 * crystal from the great den"), no sentence of the hook names its place
 * twice ("recover the temple's silver reliquary from the temple", "the
 * deed to the mine brought out of the mine"), and the alarm never "goes
 * up on fire". The place nouns are written down here. */
Test(adventure, the_thing_sought_reads_in_one_breath)
{
    static const char *const places[] = {"tomb", "temple", "mine", "keep", "gaol", "cistern", "sanctum", "vault",
                                         "cavern", "den"};
    int objects = 0, lawsuits = 0;
    for (uint64_t s = 1; s <= DUNGEONS; s++) {
        dg_dungeon *top = make(s, NULL);
        const dg_contents *c = top->contents;
        if (!c->adventure) {
            dg_dungeon_free(top);
            continue;
        }
        char goal[1024], hook[1024], alarm[256];
        dg_adventure_text(c, DG_ADV_GOAL, 0, goal, sizeof goal);
        dg_adventure_text(c, DG_ADV_HOOK, 0, hook, sizeof hook);
        dg_adventure_text(c, DG_ADV_ALARM, 0, alarm, sizeof alarm);
        const char *from = strstr(goal, " from the ");
        const char *start = !strncmp(goal, "Bring back ", 11) ? goal + 11 : !strncmp(goal, "Bring ", 6) ? goal + 6 : NULL;
        if (start && from) {
            objects++;
            for (const char *p = start; p < from; p++)
                cr_assert(*p != ',', "seed %llu: a comma in the thing sought: %s", (unsigned long long)s, goal);
        }
        char *save = NULL;
        for (char *p = strtok_r(hook, ".", &save); p; p = strtok_r(NULL, ".", &save))
            for (size_t k = 0; k < sizeof places / sizeof *places; k++)
                cr_assert(the_noun(p, places[k]) <= 1, "seed %llu: \"the %s\" twice in \"%s\"", (unsigned long long)s,
                          places[k], p);
        cr_assert(strncmp(alarm, "fire", 4), "seed %llu: the alarm goes up on %s", (unsigned long long)s, alarm);
        /* a lawsuit turns on papers (this test's words for them), not on
         * "the staff its master left behind" */
        dg_adventure_text(c, DG_ADV_HOOK, 0, hook, sizeof hook);
        if (strstr(hook, "a lawsuit is lost")) {
            static const char *const papers[] = {"deed", "ledger", "seal", "signet", "book of names", "confession",
                                                 "pardon", "plans", "journal"};
            bool paper = false;
            for (size_t k = 0; k < sizeof papers / sizeof *papers; k++) paper |= strstr(goal, papers[k]) != NULL;
            cr_assert(paper, "seed %llu: %s / %s", (unsigned long long)s, hook, goal);
            lawsuits++;
        }
        dg_dungeon_free(top);
    }
    cr_assert_gt(objects, 300, "things to bring back read: %d", objects);
    cr_assert_gt(lawsuits, 5, "lawsuits read: %d", lawsuits);
}

/* Who pays the reward can afford it: over 2,500 gp no humble patron,
 * listed here, offers it ("Hedda Quill, the innkeeper at the crossroads
 * ... The reward is 135,000 gp", "a young noble deep in debt ... offers
 * 9,800 gp"); below, the humble still hire. */
Test(adventure, a_patron_can_pay_the_reward)
{
    static const char *const humble[] = {"the reeve of", "a miner's heir", "a one-handed adventurer",
                                         "a caravan master", "a young noble deep in debt", "the captain of the town watch",
                                         "the innkeeper at the crossroads"};
    int high = 0, low_humble = 0;
    for (uint64_t s = 1; s <= DUNGEONS; s++) {
        dg_dungeon *top = make(s, NULL);
        const dg_contents *c = top->contents;
        char hook[1024];
        if (c->adventure && dg_adventure_text(c, DG_ADV_HOOK, 0, hook, sizeof hook)) {
            char *first = strchr(hook, '.'); /* the patron is named in the first sentence */
            if (first) *first = '\0';
            bool poor = false;
            for (size_t k = 0; k < sizeof humble / sizeof *humble; k++) poor |= strstr(hook, humble[k]) != NULL;
            if (c->adventure->reward_gp > 2500) {
                high++;
                cr_assert(!poor, "seed %llu level %d: %s, for %ld gp", (unsigned long long)s, c->level, hook,
                          c->adventure->reward_gp);
            } else {
                low_humble += poor;
            }
        }
        dg_dungeon_free(top);
    }
    cr_assert_gt(high, 500, "hooks over 2,500 gp read: %d", high);
    cr_assert_gt(low_humble, 100, "the humble still hire for 2,500 gp or less: %d", low_humble);
}

/* A dungeon of the n options given, seed s. */
static dg_dungeon *make_with(int n, const char **keys, const char **vals, uint64_t s)
{
    dg_options o;
    dg_error e = {0};
    cr_assert_eq(dg_options_parse(&o, n, keys, vals, NULL, &e), DG_OK, "%s", e.msg);
    dg_options_set_seed(&o, s);
    dg_dungeon *d = NULL;
    cr_assert_eq(dg_generate(&o, &d, &e), DG_OK, "seed %llu: %s", (unsigned long long)s, e.msg);
    return d;
}

/* A cave has no doors, flagstones or lost boots to hide a key by: the
 * gates' keys of 300 caverns maps with loops (where caves have locks) */
Test(adventure, a_caves_key_is_hidden_the_caves_way)
{
    static const char *const built[] = {"door", "flagstone", "boot", "jar", "oilcloth", "rubbish"};
    int hidden = 0;
    for (uint64_t s = 1; s <= 300; s++) {
        const char *keys[] = {"algorithm", "rows", "cols", "loops"};
        const char *vals[] = {"caverns", "31", "31", s % 2 ? "some" : "many"};
        dg_dungeon *d = make_with(4, keys, vals, s);
        for (size_t i = 0; i < d->contents->n_doors; i++) {
            /* a hiding place, not the room's own hidden feature (a
             * trapdoor someone built under the rubble is the feature's) */
            const char *in = dg_key_hidden_in(d->contents, i);
            if (in && strcmp(in, dg_key_hiding_place(d->contents->doors[i].key_hidden))) in = NULL;
            hidden += in != NULL;
            for (size_t b = 0; in && b < sizeof built / sizeof *built; b++)
                cr_assert(!strstr(in, built[b]), "caverns seed %llu: a gate's key hidden \"%s\"", (unsigned long long)s,
                          in);
        }
        dg_dungeon_free(d);
    }
    cr_assert_geq(hidden, 20, "only %d caves' keys hidden", hidden);
}

/* Two keys at one marked square are kept together: by the same creature
 * the same way, or in the same hiding place. A GM laughed at one room's
 * two keys, "one on the gnoll's belt, the other on its key ring", and at
 * two keys at one square, one in an old boot and one on a ledge. */
Test(adventure, keys_in_one_room_are_kept_together)
{
    int pairs = 0;
    for (uint64_t s = 1; s <= 400; s++) {
        const char *keys[] = {"algorithm", "loops", "floors"};
        const char *vals[] = {dg_algorithm_name((dg_algorithm)(s % DG_ALGO_COUNT)), s % 3 ? "some" : "many", "2"};
        dg_dungeon *top = make_with(3, keys, vals, s);
        for (const dg_dungeon *d = top; d; d = d->below) {
            const dg_contents *c = d->contents;
            for (size_t i = 0; i < c->n_doors; i++)
                for (size_t j = i + 1; c->doors[i].key_room && j < c->n_doors; j++) {
                    if (c->doors[j].key_room != c->doors[i].key_room) continue;
                    char a[256], b[256];
                    dg_key_holder_text(c, i, a, sizeof a);
                    dg_key_holder_text(c, j, b, sizeof b);
                    cr_assert_str_eq(a, b, "seed %llu floor %d room %d: \"%s\" and \"%s\"", (unsigned long long)s,
                                     d->floor, c->doors[i].key_room, a, b);
                    pairs++;
                }
        }
        dg_dungeon_free(top);
    }
    cr_assert_geq(pairs, 20, "only %d pairs of keys in one room: the check saw little", pairs);
}

/* Each floor's chapter says its own words: on four and five floors the
 * second and the fourth both read "A second sea hag, who bows to the sea
 * hag above only in public", and the third of five kept "the deepest
 * floor". The words of each kind of chapter are this test's list. */
Test(adventure, no_floor_repeats_another)
{
    static const char *const kinds[] = {"who bows to", "'s lieutenant", "oldest servant", "Below them both",
                                        "answers to no one above", "too dull to give orders", "as dull and as strong",
                                        "broke into something older", "never meant to find", "own guardian still",
                                        "a second guardian", "is not the strongest", "Deeper still waits",
                                        "last prisoners", "Further down,", "Lower still lies", "One more flight down"};
    int chapters = 0;
    for (uint64_t s = 1; s <= 160; s++) {
        char floors[8], level[8];
        snprintf(floors, sizeof floors, "%d", 4 + (int)(s % 2));
        snprintf(level, sizeof level, "%d", 1 + (int)(s * 7 % 20));
        const char *keys[] = {"algorithm", "rows", "cols", "motif", "level", "floors"};
        const char *vals[] = {dg_algorithm_name((dg_algorithm)(s % DG_ALGO_COUNT)), "21", "31",
                              dg_motif_name((int)(s % DG_MOTIF_COUNT)), level, floors};
        dg_dungeon *top = make_with(6, keys, vals, s);
        const dg_contents *c = top->contents;
        const dg_adventure *a = c->adventure;
        int n = 0;
        for (const dg_dungeon *d = top; d; d = d->below) n++;
        int said[sizeof kinds / sizeof *kinds] = {0};
        for (int k = 0; a && k < a->n_chapters; k++) {
            char t[512];
            dg_adventure_text(c, DG_ADV_CHAPTER, k, t, sizeof t);
            chapters++;
            for (size_t q = 0; q < sizeof kinds / sizeof *kinds; q++)
                if (strstr(t, kinds[q]))
                    cr_assert(!said[q]++, "seed %llu floors %d: \"%s\" twice (floor %d)", (unsigned long long)s, n,
                              kinds[q], a->chapters[k].floor);
            cr_assert(!strstr(t, "deepest floor") || a->chapters[k].floor == n, "seed %llu: floor %d of %d: %s",
                      (unsigned long long)s, a->chapters[k].floor, n, t);
        }
        dg_dungeon_free(top);
    }
    cr_assert_gt(chapters, 400, "chapters read: %d", chapters);
}

/* The captive the hook sends the party for is seen where they are held:
 * a GM read "Empty." over the room the goal names. */
Test(adventure, the_captive_is_in_the_read_aloud)
{
    int captives = 0, wet_captives = 0, nest_captives = 0;
    for (uint64_t s = 1; s <= DUNGEONS; s++) {
        dg_dungeon *top = make(s * 7 + 3, NULL);
        const dg_adventure *a = top->contents->adventure;
        if (a && a->goal_kind == 2) {
            const dg_dungeon *d = top;
            while (d && d->floor != a->goal.floor) d = d->below;
            cr_assert(d, "seed %llu: no floor %d", (unsigned long long)(s * 7 + 3), a->goal.floor);
            char aloud[2048];
            dg_contents_read_aloud(d->contents, a->goal.room, aloud, sizeof aloud);
            static const char *const held[] = {"prisoner", "trussed", "bound", "chains", "survivor", "pinned",
                                               "wedged", "huddles", "feverish"};
            bool seen = false;
            for (size_t k = 0; k < sizeof held / sizeof *held; k++) seen |= strstr(aloud, held[k]) != NULL;
            cr_assert(seen, "seed %llu floor %d room %d: '%s'", (unsigned long long)(s * 7 + 3), d->floor, a->goal.room,
                      aloud);
            /* beasts, swarms, oozes and plants (this test's list) tie no
             * knots: "A giant spider and two giant wasps raise their
             * heads. Behind them a prisoner sits bound and gagged" */
            const dg_encounter *e = &dg_contents_room(d->contents, a->goal.room)->encounter;
            bool hands = false;
            for (int g = 0; g < e->n_groups; g++) {
                static const dg_creature_type handless[] = {DG_TYPE_BEAST, DG_TYPE_SWARM, DG_TYPE_OOZE, DG_TYPE_PLANT};
                bool without = e->groups[g].arrives;
                for (size_t k = 0; k < sizeof handless / sizeof *handless; k++)
                    without |= dg_monster_info(e->groups[g].monster)->type == handless[k];
                hands |= !without;
            }
            /* one captor is no "them" ("A dire wolf catches your scent.
             * Behind them someone ...") */
            int present = 0;
            for (int g = 0; g < e->n_groups; g++) present += e->groups[g].arrives ? 0 : e->groups[g].count;
            if (present == 1)
                cr_assert(!strstr(aloud, "ehind them") && !strstr(aloud, "mong them"),
                          "seed %llu floor %d room %d: '%s'", (unsigned long long)(s * 7 + 3), d->floor, a->goal.room,
                          aloud);
            if (e->n_groups && !hands) {
                nest_captives++;
                static const char *const knots[] = {"bound and gagged", "bound wrists", "wrists bound", "in chains",
                                                    "trussed"};
                for (size_t k = 0; k < sizeof knots / sizeof *knots; k++)
                    cr_assert(!strstr(aloud, knots[k]), "seed %llu floor %d room %d, held by %s: '%s'",
                              (unsigned long long)(s * 7 + 3), d->floor, a->goal.room,
                              dg_monster_info(e->groups[0].monster)->name, aloud);
            }
            /* nobody lies trussed, a sack over the head, in a room whose
             * floor is under water */
            bool flooded = dg_contents_room(d->contents, a->goal.room)->water;
            wet_captives += flooded;
            cr_assert(!flooded || !strstr(aloud, "lies trussed"), "seed %llu floor %d room %d: '%s'",
                      (unsigned long long)(s * 7 + 3), d->floor, a->goal.room, aloud);
            captives++;
        }
        dg_dungeon_free(top);
    }
    /* flooded rooms are an aquatic key's: 300 of them, at the default size */
    for (uint64_t s = 1; s <= 300; s++) {
        char level[8], floors[8];
        snprintf(level, sizeof level, "%d", 1 + (int)(s % 20));
        snprintf(floors, sizeof floors, "%d", 1 + (int)(s % 3));
        const char *keys[] = {"motif", "level", "floors"}, *vals[] = {"aquatic", level, floors};
        dg_dungeon *top = make_with(3, keys, vals, s);
        const dg_adventure *a = top->contents->adventure;
        const dg_dungeon *d = top;
        while (a && a->goal_kind == 2 && d && d->floor != a->goal.floor) d = d->below;
        if (a && a->goal_kind == 2 && d && dg_contents_room(d->contents, a->goal.room)->water) {
            char aloud[2048];
            dg_contents_read_aloud(d->contents, a->goal.room, aloud, sizeof aloud);
            wet_captives++;
            cr_assert(!strstr(aloud, "lies trussed"), "aquatic seed %llu floor %d room %d: '%s'", (unsigned long long)s,
                      d->floor, a->goal.room, aloud);
        }
        dg_dungeon_free(top);
    }
    fprintf(stderr, "captives: %d, %d in water, %d held by things without hands\n", captives, wet_captives,
            nest_captives);
    cr_assert_geq(captives, 20, "only %d captives met", captives);
    cr_assert_geq(wet_captives, 10, "only %d captives in water met", wet_captives);
}

/* Who cannot speak gives no orders, whichever rules' stat block says so:
 * "understands Infernal but can't speak it" (SRD 5.1) and "Understands
 * Infernal but can't speak" (SRD 5.2.1); a 2024 hell hound led the alarm
 * and a splinter faction. */
Test(adventure, who_cannot_speak_gives_no_orders)
{
    int mute = 0;
    for (int rules = 0; rules < 2; rules++) {
        int base = dg_rules_monster_base((dg_rules)rules);
        for (size_t i = 0; i < dg_rules_monster_count((dg_rules)rules); i++) {
            const dg_statblock *sb = dg_monster_statblock(base + (int)i);
            if (!sb || !sb->languages || strncasecmp(sb->languages, "understands", 11)) continue;
            mute++;
            cr_assert(!dg_monster_gives_orders(base + (int)i), "%s (%s) gives orders",
                      dg_monster_info(base + (int)i)->name, sb->languages);
        }
    }
    cr_assert_geq(mute, 20, "only %d creatures that understand but cannot speak", mute);
}

/* A people's want needs a people: a faction with nobody to lead it or
 * speak for it (its strongest gives no orders) wants what beasts want,
 * not what this test lists as the wants of those who talk ("The Black
 * Tide (drowned tribe). No leader; its strongest is a Giant Crab ... They
 * want to drown the lower halls and call their god up through the
 * water", seed=1234 algorithm=cells level=1 party=2 motif=aquatic). */
Test(adventure, a_faction_of_beasts_wants_what_beasts_want)
{
    static const char *const spoken[] = {"god", "tribute", "rule the", "contract", "rite", "smuggling", "chief",
                                         "river town", "winter", "demon lord", "masters below", "builders",
                                         "every coin", "praised", "number", "surface", "firstborn", "warm-bloods"};
    int mute = 0;
    for (uint64_t s = 1; s <= DUNGEONS; s++) {
        dg_dungeon *top = make(s, NULL);
        const dg_contents *c = top->contents;
        const dg_adventure *a = c->adventure;
        for (int f = 0; a && f < a->n_factions; f++) {
            if (a->factions[f].led || dg_monster_gives_orders(a->factions[f].leader.monster)) continue;
            dg_faction_role role = c->factions[a->factions[f].faction].role;
            if (role != DG_FACTION_HOLDERS && role != DG_FACTION_RIVALS) continue;
            char want[512];
            dg_adventure_text(c, DG_ADV_WANT, f, want, sizeof want);
            mute++;
            for (size_t k = 0; k < sizeof spoken / sizeof *spoken; k++)
                cr_assert(!strstr(want, spoken[k]), "seed %llu: led by no one, its strongest a %s: %s",
                          (unsigned long long)s, dg_monster_info(a->factions[f].leader.monster)->name, want);
        }
        dg_dungeon_free(top);
    }
    fprintf(stderr, "factions with nobody to speak for them: %d\n", mute);
    cr_assert_geq(mute, 20, "only %d factions with nobody to speak for them", mute);
}

/* A room's keys name each door once: two doors in one wall whose keys lie
 * together are "both east doors of room 1", never "the east door of room
 * 1 and the east door of room 1" (seed=1234 level=2 party=3
 * motif=aquatic), which leaves the GM guessing. Read in the md of 300
 * dungeons of the families with doors, many of them with every door
 * locked. */
Test(adventure, a_keys_line_names_each_door_once)
{
    int lines = 0, twins = 0;
    for (uint64_t s = 1; s <= 300; s++) {
        const char *keys[] = {"algorithm", "doors", "floors"};
        static const char *const fams[] = {"donjon", "panels", "gridmapper", "abstract", "cells"};
        const char *vals[] = {fams[s % 5], s % 3 ? "standard" : "deathtrap", s % 2 ? "1" : "2"};
        dg_dungeon *d = make_with(3, keys, vals, s);
        dg_buf md;
        dg_buf_init(&md);
        dg_error e = {0};
        cr_assert_eq(dg_render(d, DG_FMT_MD, &md, &e), DG_OK, "%s", e.msg);
        cr_assert_eq(dg_buf_append(&md, "", 1, &e), DG_OK);
        for (const char *line = strstr((const char *)md.data, "**Keys."); line; line = strstr(line + 1, "**Keys.")) {
            const char *end = strstr(line, " here (marked K");
            cr_assert_not_null(end);
            lines++;
            twins += strstr(line, "both ") && strstr(line, "both ") < end;
            /* each "<wall> door of room <n>" of the line, once */
            char said[32][48];
            int n = 0;
            for (const char *p = line; (p = strstr(p, " door of room ")) && p < end; p++) {
                const char *w = p;
                while (w > line && w[-1] != ' ') w--;
                char one[48];
                snprintf(one, sizeof one, "%.*s %d", (int)(p - w), w, atoi(p + strlen(" door of room ")));
                for (int k = 0; k < n; k++)
                    cr_assert_str_neq(said[k], one, "seed %llu: '%.*s'", (unsigned long long)s, (int)(end - line), line);
                if (n < 32) snprintf(said[n++], sizeof said[0], "%s", one);
            }
        }
        dg_buf_fini(&md);
        dg_dungeon_free(d);
    }
    printf("keys lines: %d, naming two or more doors of one wall together: %d\n", lines, twins);
    cr_assert_geq(lines, 50, "only %d keys lines read", lines);
}
