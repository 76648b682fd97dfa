/* stock_stems.c -- which phrases of a room echo one another: a phrase's
 * stems (the first four letters of each word of four or more, less the
 * words of prose every phrase has), and whether two phrases share one.
 * The read-aloud (stock_read_aloud.c) says a thing once, and the dressing
 * (stock.c, stock_word_facts.c) does not repeat what a room shows. */
#include "stock_int.h"

#include <string.h>

/* Four letters packed as a stem is (the first in the low byte). */
#define PACK4(a, b, c, d) ((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 | (uint32_t)(d) << 24)

/* Whether w (n letters, its first four known alike) is word. */
static bool rest_is(const char *w, size_t n, const char *word)
{
    size_t len = strlen(word);
    return n == len && !memcmp(w + 4, word + 4, n - 4);
}

/* Words of prose that do not make two phrases echo: w, n letters (at
 * least four), whose first four are `stem` packed. Each word of each
 * phrase asks, so the packed four letters choose the one or two words it
 * can be (a walk of the list comparing strings was a third of a
 * stocking's word work). */
static bool prose_word(const char *w, size_t n, uint32_t stem)
{
    switch (stem) {
    case PACK4('w', 'i', 't', 'h'): return rest_is(w, n, "with");
    case PACK4('f', 'r', 'o', 'm'): return rest_is(w, n, "from");
    case PACK4('i', 'n', 't', 'o'): return rest_is(w, n, "into");
    case PACK4('o', 'v', 'e', 'r'): return rest_is(w, n, "over");
    case PACK4('h', 'a', 'l', 'f'): return rest_is(w, n, "half");
    case PACK4('e', 'v', 'e', 'r'): return rest_is(w, n, "every");
    case PACK4('w', 'a', 'l', 'l'): return rest_is(w, n, "wall") || rest_is(w, n, "walls");
    case PACK4('f', 'l', 'o', 'o'): return rest_is(w, n, "floor");
    case PACK4('s', 't', 'o', 'n'): return rest_is(w, n, "stone") || rest_is(w, n, "stones");
    case PACK4('i', 'r', 'o', 'n'): return rest_is(w, n, "iron");
    case PACK4('w', 'o', 'o', 'd'): return rest_is(w, n, "wooden");
    case PACK4('a', 'g', 'a', 'i'): return rest_is(w, n, "against");
    case PACK4('a', 'l', 'o', 'n'): return rest_is(w, n, "along");
    case PACK4('a', 'c', 'r', 'o'): return rest_is(w, n, "across");
    case PACK4('t', 'h', 'e', 'i'): return rest_is(w, n, "their");
    case PACK4('t', 'h', 'e', 'r'): return rest_is(w, n, "there");
    case PACK4('t', 'h', 'a', 't'): return rest_is(w, n, "that");
    case PACK4('t', 'h', 'i', 's'): return rest_is(w, n, "this");
    case PACK4('u', 'n', 'd', 'e'): return rest_is(w, n, "under");
    case PACK4('s', 'o', 'm', 'e'): return rest_is(w, n, "some");
    case PACK4('l', 'o', 'n', 'g'): return rest_is(w, n, "long");
    case PACK4('t', 'h', 'r', 'o'): return rest_is(w, n, "through");
    default: return false;
    }
}

/* A letter of the words' ASCII: isalpha() in the C locale, which no
 * program of the project leaves, without a table look-up per byte. */
static bool letter(char c) { return (unsigned)((unsigned char)c | 32u) - 'a' < 26u; }

/* A stem's bit of dg__stems' `some`: its top six bits once mixed. */
static uint64_t stem_bit(uint32_t stem) { return (uint64_t)1 << ((stem * 0x9E3779B1u) >> 26); }

void dg__word_stems(const char *phrase, dg__stems *out)
{
    out->n = 0;
    out->some = 0;
    for (const char *p = phrase; *p && out->n < DG__STEMS_MAX;) {
        while (*p && !letter(*p)) p++;
        const char *w = p;
        while (letter(*p)) p++;
        size_t n = (size_t)(p - w);
        if (n < 4) continue;
        uint32_t stem = PACK4((unsigned char)w[0], (unsigned char)w[1], (unsigned char)w[2], (unsigned char)w[3]);
        if (prose_word(w, n, stem)) continue;
        out->stem[out->n++] = stem;
        out->some |= stem_bit(stem);
    }
}

bool dg__stems_share(const dg__stems *a, const dg__stems *b)
{
    for (int i = 0; i < a->n; i++)
        for (int j = 0; j < b->n; j++)
            if (a->stem[i] == b->stem[j]) return true;
    return false;
}
