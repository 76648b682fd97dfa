/* test_stock_prose.c -- what a GM reading the key aloud would still fix
 * by hand before play, held to lists this file writes down itself, over
 * the dungeons of climax_facts.h:
 *  - the read-aloud never names a creature that hides: False Appearance,
 *    Invisibility (or Invisible Passage), a camouflage or ambush trait,
 *    Transparent (a gelatinous cube),
 *    read from ../shared's stat-block facts (a 2024 creature by its own
 *    block and its SRD 5.1 one of the same name);
 *  - no bedding for a room of creatures none of whom sleeps, no books or
 *    pulpits for one none of whom reads (types and Intelligence here);
 *  - no smell of fur where nobody has fur, no breath of the breathless,
 *    no silence where someone is; no daylight on a floor dug under
 *    another; no key or purse hidden in a place that holds nothing; a
 *    secret door by a bookcase, a tapestry or a hearth in a room that
 *    shows one; no clue of burning by a door whose trap does not burn;
 *    nothing dry or dusty in a flooded room; a captive watched by one
 *    creature is behind "it";
 *    no room called bare ("and nothing else") and no word of this file's
 *    list said twice in one read-aloud.
 * The fights themselves are test_stock_climax.c's. The figures print to
 * stderr for the closing notes. */
#include "climax_facts.h"

typedef struct {
    long named_hiders, hiders, bedding, reading;
    long fur_smells, fur_unfurred;
    long silent_held; /* "You hear silence" where the party meets someone */
    long daylit_below; /* floors below the top lit by daylight */
    long held_by_nothing; /* keys or purses "hidden" in a spyhole or a scratched message */
    long hidden_purses, bulky_hidden; /* treasure in a hiding place; in a sarcophagus, a chest... */
    long breathless_breathing; /* "something breathes" where the unseen do not breathe */
    long furnished_secrets, unfurnished_secrets; /* secret doors by a bookcase...; in rooms without one */
    long clues_burning, clues_burning_unburnt; /* clues of burning; pointing at no door that burns */
    long claims_bare;  /* "nothing else", "an empty room" in a room that shows more */
    long said_twice;   /* one of this test's words twice in one read-aloud */
    long flooded, dry_flooded; /* flooded rooms; those furnished with something dry or dusty */
    long lone_captors, lone_them; /* a captive watched by one creature; read as "them" */
} tally;

static void check_floor(const dg_dungeon *top, const dg_dungeon *d, void *tv, uint64_t i)
{
    (void)top;
    tally *t = tv;
    const dg_contents *c = d->contents;
    char aloud[2048];
    /* a key or a purse hidden in a room's hiding place: one that holds
     * something (this test's list of those that hold nothing) */
    static const char *const holds_nothing[] = {"message", "spyhole", "lever"};
    for (size_t r = 0; r < c->n_rooms; r++) {
        const dg_room_contents *rc = &c->rooms[r];
        if (!rc->n_hidden) continue;
        const char *place = dg_contents_word(DG_WORDS_HIDDEN, rc->hidden[0].kind);
        bool empty_handed = false;
        for (size_t k = 0; k < sizeof holds_nothing / sizeof *holds_nothing; k++)
            empty_handed |= strstr(place, holds_nothing[k]) != NULL;
        bool key_in = false;
        for (size_t k = 0; k < c->n_doors; k++) {
            const char *in = dg_key_hidden_in(c, k);
            key_in |= c->doors[k].key_room == rc->id && in && !strcmp(in, place);
        }
        /* nor a treasure in something too big to hide ("in a stone
         * sarcophagus, hidden in a cache under a floor tile"): this
         * test's list of the bulky */
        static const char *const bulky[] = {"sarcophag", "chest", "barrel", "crate", "coffin"};
        if (rc->has_treasure && rc->treasure.hidden) {
            t->hidden_purses++;
            const char *box = rc->treasure.container >= 0 ? dg_contents_word(DG_WORDS_CONTAINER, rc->treasure.container) : "";
            for (size_t k = 0; k < sizeof bulky / sizeof *bulky; k++)
                if (strstr(box, bulky[k])) {
                    t->bulky_hidden++;
                    note_bad("dungeon %llu floor %d room %zu: treasure in a %s hidden in %s", (unsigned long long)i,
                             d->floor, r + 1, box, place);
                }
        }
        if (empty_handed && (key_in || (rc->has_treasure && rc->treasure.hidden))) {
            t->held_by_nothing++;
            note_bad("dungeon %llu floor %d room %zu: %s holds a %s", (unsigned long long)i, d->floor, r + 1, place,
                     key_in ? "key" : "purse");
        }
    }
    /* no daylight through cracks on a floor dug under another */
    if (d->floor > 1 && strstr(dg_contents_word(DG_WORDS_ILLUMINATION, c->details.illumination), "daylight")) {
        t->daylit_below++;
        note_bad("dungeon %llu floor %d: lit by daylight", (unsigned long long)i, d->floor);
    }
    /* a room is not called bare where the read-aloud shows anything
     * more ("You see a cracked floor and nothing else, and soot stains
     * above every sconce"; "Four fire giants ... You see an empty room
     * with a single bench"), nor does one read-aloud say the same word
     * twice ("A faint weight seems to shift the air beside you ... You
     * hear something large shifting its weight"; "droppings in every
     * corner ... The air smells of droppings"): the words listed here */
    static const char *const bare[] = {"nothing else", "an empty room", "a bare room"};
    static const char *const once[] = {"weight", "breath", "draught", "dropping", "mould"};
    for (size_t r = 0; r < c->n_rooms; r++) {
        dg_contents_read_aloud(c, c->rooms[r].id, aloud, sizeof aloud);
        if (any_of(aloud, bare, sizeof bare / sizeof *bare)) {
            t->claims_bare++;
            note_bad("dungeon %llu floor %d room %zu: '%s' calls itself bare", (unsigned long long)i, d->floor, r + 1,
                     aloud);
        }
        /* a furnishing with a comma of its own ends its part of a list
         * with one: "a great iron brazier, still warm, and a rockfall",
         * not "..., still warm and a rockfall" */
        for (int k = 0; k < c->rooms[r].n_dressing; k++) {
            const char *w = dg_contents_word(DG_WORDS_DRESSING, c->rooms[r].dressing[k]);
            char run_on[256];
            snprintf(run_on, sizeof run_on, "%s and ", w);
            if (strchr(w, ',') && strstr(aloud, run_on)) {
                t->said_twice++;
                note_bad("dungeon %llu floor %d room %zu: '%s' runs '%s' on into the next", (unsigned long long)i,
                         d->floor, r + 1, aloud, w);
            }
        }
        for (size_t k = 0; k < sizeof once / sizeof *once; k++) {
            const char *first = strstr(aloud, once[k]);
            if (first && strstr(first + 1, once[k])) {
                t->said_twice++;
                note_bad("dungeon %llu floor %d room %zu: '%s' says %s twice", (unsigned long long)i, d->floor, r + 1,
                         aloud, once[k]);
            }
        }
    }
    /* a hiding place by a thing shows the thing ("a trapdoor under the
     * rubble" in a room that showed no rubble: "a cold hearth heaped with
     * grey ash" had passed for "a heap of rubble"): this test's list of
     * the things, the word the read-aloud says of each */
    static const char *const by[][2] = {{"rubble", "rubble"}, {"rockfall", "rockfall"}, {"statue", "statue"},
                                        {"tapestry", "tapestr"}, {"bench", "bench"}, {"sconce", "sconce"},
                                        {"shelf", "shel"}, {"drawer", "drawer"}, {"boulder", "boulder"},
                                        {"cairn", "cairn"}};
    for (size_t r = 0; r < c->n_rooms; r++) {
        const dg_room_contents *rc = &c->rooms[r];
        if (!rc->n_hidden) continue;
        const char *place = dg_contents_word(DG_WORDS_HIDDEN, rc->hidden[0].kind);
        dg_contents_read_aloud(c, rc->id, aloud, sizeof aloud);
        for (size_t k = 0; k < sizeof by / sizeof *by; k++)
            if (strstr(place, by[k][0]) && !strstr(aloud, by[k][1])) {
                t->said_twice++;
                note_bad("dungeon %llu floor %d room %zu: %s, where the room shows none: '%s'", (unsigned long long)i,
                         d->floor, r + 1, place, aloud);
            }
    }
    /* a room's two traps are of two kinds: "Rolling Stone ... rolls the
     * length of the room" twice in one room read as the table repeating */
    for (size_t r = 0; r < c->n_rooms; r++)
        if (c->rooms[r].n_traps == 2 && c->rooms[r].traps[0].kind == c->rooms[r].traps[1].kind) {
            t->said_twice++;
            note_bad("dungeon %llu floor %d room %zu: two traps of one kind", (unsigned long long)i, d->floor, r + 1);
        }
    /* a flooded room shows nothing this test lists as dry ("Water seeps
     * up through the floor ... You see a dry font carved with fish") */
    static const char *const dry[] = {"dry font", "dry fountain", "dry hollow", "dust", "dead leaves"};
    for (size_t r = 0; r < c->n_rooms; r++) {
        const dg_room_contents *rc = &c->rooms[r];
        for (int k = 0; rc->water && k < rc->n_dressing; k++) {
            const char *w = dg_contents_word(DG_WORDS_DRESSING, rc->dressing[k]);
            t->flooded += k == 0;
            if (!any_of(w, dry, sizeof dry / sizeof *dry)) continue;
            t->dry_flooded++;
            note_bad("dungeon %llu floor %d room %zu: flooded, shows %s", (unsigned long long)i, d->floor, r + 1, w);
        }
    }
    /* a captive watched by a lone creature is behind it, not "them" ("A
     * giant scorpion rises from its rest. Among them a prisoner ...") */
    static const char *const them[] = {"Behind them", "Among them", "behind them"};
    for (size_t r = 0; r < c->n_rooms; r++) {
        const dg_room_contents *rc = &c->rooms[r];
        int seen = 0;
        for (int g = 0; g < rc->encounter.n_groups; g++) {
            const dg_group *gr = &rc->encounter.groups[g];
            if (!gr->arrives && dg_monster_hiding(gr->monster) == DG_HIDING_NONE) seen += gr->count;
        }
        if (!rc->captive || seen != 1) continue;
        t->lone_captors++;
        dg_contents_read_aloud(c, rc->id, aloud, sizeof aloud);
        if (any_of(aloud, them, sizeof them / sizeof *them)) {
            t->lone_them++;
            note_bad("dungeon %llu floor %d room %zu: '%s'", (unsigned long long)i, d->floor, r + 1, aloud);
        }
    }
    /* the read-aloud and the furnishings, room by room */
    static const char *const bedding[] = {" bed", "bedding", "bunk", "bedroll", "hammock", " cots"};
    static const char *const reading[] = {"book", "pulpit", "library", "ink pot", "notes", "sentences"};
    for (size_t r = 0; r < c->n_rooms; r++) {
        const dg_room_contents *rc = &c->rooms[r];
        const dg_encounter *e = &rc->encounter;
        if (!e->n_groups) continue;
        dg_contents_read_aloud(c, rc->id, aloud, sizeof aloud);
        bool sleeper = false, reader = false, furred = false;
        /* who has fur, or wears it (this test's list of types): the smell
         * of wet fur or wet dog only where one of them lives */
        for (int g = 0; g < e->n_groups; g++) {
            static const int fur[] = {DG_TYPE_BEAST, DG_TYPE_SWARM, DG_TYPE_HUMANOID, DG_TYPE_GIANT};
            for (size_t k = 0; k < sizeof fur / sizeof *fur; k++)
                furred |= !e->groups[g].arrives && (int)dg_monster_info(e->groups[g].monster)->type == fur[k];
        }
        if (rc->smell >= 0) {
            const char *sm = dg_contents_word(DG_WORDS_SMELL, rc->smell);
            if (strstr(sm, "fur") || strstr(sm, "wet dog")) {
                t->fur_smells++;
                if (!furred) {
                    t->fur_unfurred++;
                    note_bad("dungeon %llu floor %d room %zu: smells of %s, held by %s", (unsigned long long)i,
                             d->floor, r + 1, sm, dg_monster_info(e->groups[0].monster)->name);
                }
            }
        }
        /* "Something breathes nearby" only where whoever is unseen breathes
         * (this test's list of the breathless: undead, constructs,
         * elementals, oozes) */
        if (strstr(aloud, "breathes")) {
            bool breathless = false;
            for (int g = 0; g < e->n_groups; g++) {
                int ty = (int)dg_monster_info(e->groups[g].monster)->type;
                breathless |= !e->groups[g].arrives && dg_monster_hiding(e->groups[g].monster) == DG_HIDING_INVISIBLE &&
                              (ty == DG_TYPE_UNDEAD || ty == DG_TYPE_CONSTRUCT || ty == DG_TYPE_ELEMENTAL ||
                               ty == DG_TYPE_OOZE);
            }
            if (breathless) {
                t->breathless_breathing++;
                note_bad("dungeon %llu floor %d room %zu: '%s'", (unsigned long long)i, d->floor, r + 1, aloud);
            }
        }
        if (strstr(aloud, "hear silence")) {
            t->silent_held++;
            note_bad("dungeon %llu floor %d room %zu: '%s' is silent, held by %s", (unsigned long long)i, d->floor, r + 1,
                     aloud, dg_monster_info(e->groups[0].monster)->name);
        }
        for (int g = 0; g < e->n_groups; g++) {
            const dg_monster *m = dg_monster_info(e->groups[g].monster);
            const fact *f = fact_of(e->groups[g].monster);
            if (f->hides) {
                t->hiders++;
                if (names(aloud, m->name)) {
                    t->named_hiders++;
                    note_bad("dungeon %llu floor %d room %zu: '%s' names the hiding %s", (unsigned long long)i,
                                   d->floor, r + 1, aloud, m->name);
                }
            }
            /* who lies down to sleep, and who reads: types and wits typed here */
            int ty = m->type;
            sleeper |= ty != DG_TYPE_CONSTRUCT && ty != DG_TYPE_ELEMENTAL && ty != DG_TYPE_FIEND && ty != DG_TYPE_OOZE &&
                       ty != DG_TYPE_PLANT && ty != DG_TYPE_SWARM && ty != DG_TYPE_UNDEAD && ty != DG_TYPE_SWARM_UNDEAD;
            reader |= ty != DG_TYPE_BEAST && ty != DG_TYPE_SWARM && f->intelligence >= 6;
        }
        for (int k = 0; k < rc->n_dressing; k++) {
            const char *w = dg_contents_word(DG_WORDS_DRESSING, rc->dressing[k]);
            if (!sleeper && any_of(w, bedding, sizeof bedding / sizeof *bedding)) {
                t->bedding++;
                note_bad("dungeon %llu floor %d room %zu: %s for %s", (unsigned long long)i, d->floor, r + 1, w,
                               dg_monster_info(e->groups[0].monster)->name);
            }
            if (!reader && any_of(w, reading, sizeof reading / sizeof *reading)) {
                t->reading++;
                note_bad("dungeon %llu floor %d room %zu: %s for %s", (unsigned long long)i, d->floor, r + 1, w,
                               dg_monster_info(e->groups[0].monster)->name);
            }
        }
    }
    /* a clue that speaks of burning points at a door whose trap burns
     * (every clue of "a dead rat, burned black" had stood by a poison
     * needle or a blade as often as by fire) */
    static const char *const burning[] = {"burn", "scorch", "charred", "singed"};
    for (size_t r = 0; r < c->n_rooms; r++)
        for (int k = 0; k < c->rooms[r].n_clues; k++) {
            char text[512];
            dg_clue_text(c, &c->rooms[r], k, text, sizeof text);
            if (!any_of(text, burning, sizeof burning / sizeof *burning)) continue;
            int at = c->rooms[r].clues[k].room;
            bool fire = false;
            for (size_t q = 0; q < d->n_doors && q < c->n_doors; q++)
                fire |= c->doors[q].trapped && (d->doors[q].room == at || d->doors[q].other == at) &&
                        !strcmp(dg_trap_kind_info(c->doors[q].trap.kind)->damage_type, "fire");
            t->clues_burning++;
            if (!fire) {
                t->clues_burning_unburnt++;
                note_bad("dungeon %llu floor %d room %zu: '%s', no door there burns", (unsigned long long)i, d->floor,
                         r + 1, text);
            }
        }
    /* a secret door opened by a bookcase, a tapestry or a hearth is in a
     * room whose read-aloud shows one (no bookcase in a sewer) */
    static const struct { const char *mechanism, *shown[3]; } furniture[] = {
        {"bookcase", {"shel", "book", "librar"}}, {"tapestry", {"tapestr", "hanging", "banner"}},
        {"hearth", {"hearth", "fireplace", "stove"}}};
    for (size_t k = 0; k < d->n_doors && k < c->n_doors; k++) {
        if (c->doors[k].secret < 0) continue;
        const char *how = dg_contents_word(DG_WORDS_SECRET, c->doors[k].secret);
        for (size_t f = 0; f < sizeof furniture / sizeof *furniture; f++) {
            if (!strstr(how, furniture[f].mechanism)) continue;
            t->furnished_secrets++;
            char sides[2][2048] = {"", ""};
            int ids[2] = {d->doors[k].room, d->doors[k].other};
            bool seen = false;
            for (int j = 0; j < 2; j++) {
                if (ids[j] > 0) dg_contents_read_aloud(c, ids[j], sides[j], sizeof sides[j]);
                for (int q = 0; q < 3; q++) seen |= strstr(sides[j], furniture[f].shown[q]) != NULL;
            }
            if (!seen) {
                t->unfurnished_secrets++;
                note_bad("dungeon %llu floor %d: a secret door by %s in room %d: '%s'", (unsigned long long)i, d->floor,
                         how, d->doors[k].room, sides[0]);
            }
        }
    }
}

Test(stock_prose, the_key_reads_aloud_without_fixing, .timeout = 600)
{
    read_facts();
    tally t = {0};
    long dungeons = each_floor(check_floor, &t);
    fprintf(stderr,
            "prose: %ld dungeons; hiding creatures %ld, named in read-aloud %ld; bedding for non-sleepers %ld, books "
            "for non-readers %ld; smells of fur %ld, in rooms of nobody with fur %ld; secret doors by furniture %ld, "
            "in rooms not showing it %ld\n",
            dungeons, t.hiders, t.named_hiders, t.bedding, t.reading, t.fur_smells, t.fur_unfurred, t.furnished_secrets,
            t.unfurnished_secrets);
    for (int k = 0; k < n_bad; k++) fprintf(stderr, "prose: broken: %s\n", bad[k]);
    cr_assert_geq(dungeons, 2000);
    cr_assert_eq(t.named_hiders + t.reading, 0, "rules broken (first: %s)", n_bad ? bad[0] : "");
    cr_assert_eq(t.bedding, 0, "bedding %ld (first broken: %s)", t.bedding, n_bad ? bad[0] : "");
    cr_assert_geq(t.hiders, 50, "too few hiding creatures met (%ld) to judge the read-aloud by", t.hiders);
    cr_assert_eq(t.unfurnished_secrets, 0, "%ld of %ld secret doors by furniture the room does not show (first: %s)",
                 t.unfurnished_secrets, t.furnished_secrets, n_bad ? bad[0] : "");
    cr_assert_eq(t.breathless_breathing, 0, "%ld rooms hear the breath of the breathless (first: %s)", t.breathless_breathing,
                 n_bad ? bad[0] : "");
    cr_assert_eq(t.held_by_nothing, 0, "%ld keys or purses hidden in a place that holds nothing (first: %s)",
                 t.held_by_nothing, n_bad ? bad[0] : "");
    cr_assert_geq(t.hidden_purses, 50, "too few hidden treasures met (%ld) to judge", t.hidden_purses);
    cr_assert_eq(t.bulky_hidden, 0, "%ld of %ld hidden treasures in something too big to hide (first: %s)",
                 t.bulky_hidden, t.hidden_purses, n_bad ? bad[0] : "");
    cr_assert_eq(t.daylit_below, 0, "%ld lower floors lit by daylight (first: %s)", t.daylit_below,
                 n_bad ? bad[0] : "");
    cr_assert_eq(t.silent_held, 0, "%ld rooms with someone in them read \"You hear silence\" (first: %s)", t.silent_held,
                 n_bad ? bad[0] : "");
    cr_assert_eq(t.fur_unfurred, 0, "%ld smells of fur without fur (first: %s)", t.fur_unfurred, n_bad ? bad[0] : "");
    cr_assert_geq(t.fur_smells, 1, "no smell of fur met: the rule goes unchecked");
    cr_assert_eq(t.claims_bare, 0, "%ld rooms called bare that show more (first: %s)", t.claims_bare,
                 n_bad ? bad[0] : "");
    cr_assert_eq(t.dry_flooded, 0, "%ld of %ld flooded rooms show something dry (first: %s)", t.dry_flooded, t.flooded,
                 n_bad ? bad[0] : "");
    cr_assert_geq(t.flooded, 50, "too few flooded rooms met (%ld) to judge", t.flooded);
    cr_assert_eq(t.lone_them, 0, "%ld of %ld captives by a lone creature read \"them\" (first: %s)", t.lone_them,
                 t.lone_captors, n_bad ? bad[0] : "");
    cr_assert_geq(t.lone_captors, 3, "too few captives of a lone creature met (%ld) to judge", t.lone_captors);
    cr_assert_eq(t.said_twice, 0, "%ld read-alouds say a word twice (first: %s)", t.said_twice, n_bad ? bad[0] : "");
    cr_assert_eq(t.clues_burning_unburnt, 0, "%ld of %ld clues of burning point at no door that burns (first: %s)",
                 t.clues_burning_unburnt, t.clues_burning, n_bad ? bad[0] : "");
}
