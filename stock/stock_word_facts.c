/* stock_word_facts.c -- what the stocking reads of its own dressing
 * phrases, worked out once a process rather than once a stocking: each
 * phrase's stems (the echo test, stock_words.c's dg__word_stems) and the
 * map features its words cue (stock_features.c's cue table), whether it
 * is bedding (stock_room.c keeps beds from those who never sleep) or
 * says the room is dry (none in a flooded room) and
 * which of stock_words.c's furnished secret doors it shows the furniture
 * of (a bookcase, a tapestry, a hearth); which container is a sarcophagus;
 * which smells are of fur, which is dust's, and which sound is silence;
 * each smell's and sound's stems (a room that shows droppings does not
 * smell of droppings too). A stocked
 * 45x23 map read the same twenty phrases letter by letter twice over,
 * 14k of its 221k instructions and a sixteenth of its mispredicted
 * branches. The phrases are static text, so the facts are the same in
 * every stocking and every thread: call_once fills them the first time a
 * stocking asks, and nothing writes them after. */
#include "stock_int.h"

#include <string.h>
#include <threads.h>

/* DG_WORDS_DRESSING's size has room to spare (stock_words.c asserts it
 * fits; the dungeon's word decks hold it in 256 bits too) */
#define PHRASES 256

static once_flag once = ONCE_FLAG_INIT;
static dg__stems stems[PHRASES], smell_stems[PHRASES], sound_stems[PHRASES];
static uint32_t cues[PHRASES];
static unsigned char secrets[PHRASES]; /* stock_words.c's furnished secrets each phrase shows */
static uint64_t bedding[PHRASES / 64], furry[PHRASES / 64]; /* a bit a dressing phrase, a bit a smell */
static uint64_t dry[PHRASES / 64];                             /* a bit a dressing phrase */
static uint64_t sarcophagi[PHRASES / 64];                      /* a bit a container */
static int dust = 0, silence = -1;

static bool says_bedding(const char *w)
{
    return strstr(w, " bed") || strstr(w, "bedroll") || strstr(w, "bedding") || strstr(w, "bunk") || strstr(w, "hammock");
}

/* "a dry font", "a dry fountain choked with dead leaves", "furniture thick
 * with undisturbed dust": not "pallets on a dry ledge above the channel",
 * which stands above the water */
static bool says_dry(const char *w)
{
    return !strncmp(w, "a dry ", 6) || strstr(w, "dust") || strstr(w, "dead leaves");
}

static bool says_fur(const char *s) { return strstr(s, "fur") || strstr(s, "wet dog"); }

/* a sarcophagus is stock_features.c's drawn sarcophagus, not a chest */
static bool says_sarcophagus(const char *s) { return strstr(s, "sarcophag") != NULL; }

static void work_out(void)
{
    size_t n = dg_contents_word_count(DG_WORDS_DRESSING);
    for (size_t i = 0; i < n && i < PHRASES; i++) {
        const char *w = dg_contents_word(DG_WORDS_DRESSING, (int)i);
        dg__word_stems(w, &stems[i]);
        if (says_bedding(w)) bedding[i / 64] |= 1ull << (i % 64);
        if (says_dry(w)) dry[i / 64] |= 1ull << (i % 64);
        secrets[i] = (unsigned char)dg__secret_furniture(w);
    }
    dg__feature_cues_all(cues, n < PHRASES ? n : PHRASES);
    size_t smells = dg_contents_word_count(DG_WORDS_SMELL);
    for (size_t i = 0; i < smells && i < PHRASES; i++) {
        if (says_fur(dg_contents_word(DG_WORDS_SMELL, (int)i))) furry[i / 64] |= 1ull << (i % 64);
        dg__word_stems(dg_contents_word(DG_WORDS_SMELL, (int)i), &smell_stems[i]);
    }
    size_t sounds = dg_contents_word_count(DG_WORDS_SOUND);
    for (size_t i = 0; i < sounds && i < PHRASES; i++)
        dg__word_stems(dg_contents_word(DG_WORDS_SOUND, (int)i), &sound_stems[i]);
    size_t containers = dg_contents_word_count(DG_WORDS_CONTAINER);
    for (size_t i = 0; i < containers && i < PHRASES; i++)
        if (says_sarcophagus(dg_contents_word(DG_WORDS_CONTAINER, (int)i))) sarcophagi[i / 64] |= 1ull << (i % 64);
    dust = dg__word_by_text(DG_WORDS_SMELL, "dust");
    silence = dg__word_by_text(DG_WORDS_SOUND, "silence, deep and total");
}

static bool in_set(const uint64_t *set, int i) { return i >= 0 && i < PHRASES && ((set[i / 64] >> (i % 64)) & 1u); }

/* (a list grown past PHRASES is read as before, phrase by phrase) */
bool dg__dressing_bedding(int i)
{
    if (i >= PHRASES) return says_bedding(dg_contents_word(DG_WORDS_DRESSING, i));
    call_once(&once, work_out);
    return in_set(bedding, i);
}

bool dg__dressing_dry(int i)
{
    if (i >= PHRASES) return says_dry(dg_contents_word(DG_WORDS_DRESSING, i));
    call_once(&once, work_out);
    return in_set(dry, i);
}

bool dg__smell_furry(int i)
{
    if (i >= PHRASES) return says_fur(dg_contents_word(DG_WORDS_SMELL, i));
    call_once(&once, work_out);
    return in_set(furry, i);
}

bool dg__container_sarcophagus(int i)
{
    if (i >= PHRASES) return says_sarcophagus(dg_contents_word(DG_WORDS_CONTAINER, i));
    call_once(&once, work_out);
    return in_set(sarcophagi, i);
}

int dg__smell_dust(void)
{
    call_once(&once, work_out);
    return dust;
}

int dg__sound_silence(void)
{
    call_once(&once, work_out);
    return silence;
}

const dg__stems *dg__dressing_stems(int i)
{
    call_once(&once, work_out);
    return &stems[i];
}

/* (a list grown past PHRASES has its stems made each time; out is the
 * caller's) */
const dg__stems *dg__smell_stems(int i, dg__stems *out)
{
    if (i >= PHRASES) return dg__word_stems(dg_contents_word(DG_WORDS_SMELL, i), out), out;
    call_once(&once, work_out);
    return &smell_stems[i];
}

const dg__stems *dg__sound_stems(int i, dg__stems *out)
{
    if (i >= PHRASES) return dg__word_stems(dg_contents_word(DG_WORDS_SOUND, i), out), out;
    call_once(&once, work_out);
    return &sound_stems[i];
}

uint32_t dg__dressing_secrets(int i)
{
    if (i < 0 || i >= PHRASES) return dg__secret_furniture(dg_contents_word(DG_WORDS_DRESSING, i));
    call_once(&once, work_out);
    return secrets[i];
}

uint32_t dg__dressing_cues(int i)
{
    call_once(&once, work_out);
    return cues[i];
}
