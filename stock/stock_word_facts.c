/* stock_word_facts.c -- what the stocking reads of its own dressing
 * phrases, worked out once a process rather than once a stocking: each
 * phrase's stems (the echo test, stock_words.c's dg__word_stems) and the
 * map features its words cue (stock_features.c's cue table). A stocked
 * 45x23 map read the same twenty phrases letter by letter twice over,
 * 14k of its 221k instructions and a sixteenth of its mispredicted
 * branches. The phrases are static text, so the facts are the same in
 * every stocking and every thread: call_once fills them the first time a
 * stocking asks, and nothing writes them after. */
#include "stock_int.h"

#include <threads.h>

/* DG_WORDS_DRESSING's size has room to spare (stock_words.c asserts it
 * fits; the dungeon's word decks hold it in 256 bits too) */
#define PHRASES 256

static once_flag once = ONCE_FLAG_INIT;
static dg__stems stems[PHRASES];
static uint32_t cues[PHRASES];

static void work_out(void)
{
    size_t n = dg_contents_word_count(DG_WORDS_DRESSING);
    for (size_t i = 0; i < n && i < PHRASES; i++) dg__word_stems(dg_contents_word(DG_WORDS_DRESSING, (int)i), &stems[i]);
    dg__feature_cues_all(cues, n < PHRASES ? n : PHRASES);
}

const dg__stems *dg__dressing_stems(int i)
{
    call_once(&once, work_out);
    return &stems[i];
}

uint32_t dg__dressing_cues(int i)
{
    call_once(&once, work_out);
    return cues[i];
}
