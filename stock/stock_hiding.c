/* stock_hiding.c -- what each hiding place of a room (stock_words.c's
 * list, DG_WORDS_HIDDEN, in its order) is to the rest of the key: what
 * anyone sees of it, the thing it is by and that thing said alone, whether
 * it holds a key or a purse, and what the map draws on its square. */
#include "stock_int.h"

/* What anyone sees of each hiding place (same order; NULL: nothing until
 * found): the read-aloud names the statue, so "a hollow statue" in the
 * key is a statue the party has already been told of. */
static const char *const hidden_seen[] = {
    "a boulder against the wall", "a cairn of stones", NULL,
    "a heap of rubble", "a rockfall in one corner",
    "a chest of drawers", "a statue in an alcove", "a tapestry",
    "a bench", NULL, "iron sconces",
    NULL, "a shelf",
};
/* The thing each shown hiding place is by (same order), the start of its
 * word, looked for in the furnishings' words: one of them already shows
 * it ("shelves of empty jars" for "a shelf"). Stems were too short: "a
 * cold hearth heaped with grey ash" hid "a heap of rubble", "trays of
 * crushed rock" a rockfall. */
static const char *const hidden_thing[] = {
    "boulder", "cairn", NULL,
    "rubble", "rockfall",
    "drawer", "statue", "tapestr",
    "bench", NULL, "sconce",
    NULL, "shel",
};
/* ... and the thing as a sentence of its own, for a room whose
 * furnishings' words its phrase would echo in the same list ("a heap of
 * mouldering straw and a heap of rubble") */
static const char *const hidden_alone[] = {
    "A boulder stands against the wall.", "A cairn of stones rises in one corner.", NULL,
    "Broken rubble lies piled in one corner.", "A rockfall half fills one corner.",
    "A chest of drawers stands by the wall.", "A statue stands in an alcove.", "A tapestry hangs on one wall.",
    "A bench stands against one wall.", NULL, "Iron sconces line the walls.",
    NULL, "A shelf runs along one wall.",
};
/* Whether each hiding place can hold a key or a purse (same order): a
 * message scratched under a bench, a spyhole and a lever hold nothing */
static const bool hidden_holds[] = {
    true, true, true,
    true, true,
    true, true, true,
    false, false, false,
    true, true,
};
/* What the map draws on each hiding place's square (same order; -1:
 * nothing a glyph says, or nothing on the floor): the thing everyone sees,
 * so the statue the read-aloud names stands where the key's ? is. */
static const int hidden_object[] = {
    DG_FEATURE_RUBBLE, DG_FEATURE_RUBBLE, -1,
    DG_FEATURE_RUBBLE, DG_FEATURE_RUBBLE,
    DG_FEATURE_CHEST, DG_FEATURE_STATUE, -1,
    -1, -1, -1,
    -1, -1,
};

const char *dg__hidden_seen(int i)
{
    _Static_assert(DG_COUNT(hidden_seen) == DG__HIDING_PLACES, "a seen phrase (or NULL) per hiding place");
    return i >= 0 && (size_t)i < DG_COUNT(hidden_seen) ? hidden_seen[i] : NULL;
}

const char *dg__hidden_thing(int i)
{
    _Static_assert(DG_COUNT(hidden_thing) == DG__HIDING_PLACES, "a thing (or NULL) per hiding place");
    return i >= 0 && (size_t)i < DG_COUNT(hidden_thing) ? hidden_thing[i] : NULL;
}

const char *dg__hidden_alone(int i)
{
    _Static_assert(DG_COUNT(hidden_alone) == DG__HIDING_PLACES, "a sentence (or NULL) per hiding place");
    return i >= 0 && (size_t)i < DG_COUNT(hidden_alone) ? hidden_alone[i] : NULL;
}

bool dg__hidden_holds(int i)
{
    _Static_assert(DG_COUNT(hidden_holds) == DG__HIDING_PLACES, "whether it holds, per hiding place");
    return i >= 0 && (size_t)i < DG_COUNT(hidden_holds) && hidden_holds[i];
}

int dg_hidden_object(int kind)
{
    _Static_assert(DG_COUNT(hidden_object) == DG__HIDING_PLACES, "an object (or -1) per hiding place");
    return kind >= 0 && (size_t)kind < DG_COUNT(hidden_object) ? hidden_object[kind] : -1;
}
