/* md_int.h -- what format=md's files share (md.c, the key; md_keys.c, a
 * room's keys line): the writer and its put helpers. */
#ifndef DG_MD_INT_H
#define DG_MD_INT_H

#include "render_int.h"

typedef struct {
    dg_buf *b;
    dg_error *err;
    dg_status rc;
    const char *sub;         /* "#" pushes a floor's headings one level down */
    const dg_contents *top;  /* the top floor's contents: the adventure */
} md;

static inline void put(md *m, const char *s)
{
    if (m->rc == DG_OK) m->rc = dg_buf_puts(m->b, s, m->err);
}

#define PUTF(m, ...) ((m)->rc == DG_OK ? (void)((m)->rc = dg_buf_printf((m)->b, (m)->err, __VA_ARGS__)) : (void)0)

/* A sentence from a phrase: its first letter capitalised. */
static inline void put_sentence(md *m, const char *s)
{
    if (!*s) return;
    char first[2] = {s[0] >= 'a' && s[0] <= 'z' ? (char)(s[0] - 'a' + 'A') : s[0], '\0'};
    put(m, first);
    put(m, s + 1);
}

/* md_keys.c: the keys in room id, as one sentence, and who holds them. */
void dr__md_keys(md *m, const dg_dungeon *d, const dg_contents *c, int id);

#endif
