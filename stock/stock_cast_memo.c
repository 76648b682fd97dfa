/* stock_cast_memo.c -- the cast as the encounter builder reads it: each
 * theme's roles turned into the rules' table ids, once a process (the
 * casts and the SRD tables are static data, the same in every stocking
 * and every thread: call_once reads them the first time a build asks,
 * and nothing writes them after; read once a stocking before, they were
 * a hundredth of a stocked 45x23 map's instructions), and the memo a
 * stocking keeps (stock_band.h's dg__cast_memo; the fits it keeps are
 * filled by stock_encounter.c as they are first asked). A
 * stocking makes one (stock.c) and hands it to every build through its
 * contents; a build without one makes its own. */
#include "stock_band.h"

#include <string.h>
#include <threads.h>

static once_flag once = ONCE_FLAG_INIT;
/* by rules (2014, 2024), theme and role */
static pool cast_ids[2][DG__THEME_COUNT][DG__ROLE_COUNT];
/* the memo's multipliers by count for each party the table holds (the
 * party option's 1-10 among them): dg__multiplier2 asked for every count
 * at every stocking was a fiftieth of the builder's time */
#define PARTIES_KEPT 16
static int mult2_of[PARTIES_KEPT + 1][CROWD_MOST + 1];

static void read_casts(void);

void dg__cast_memo_init(dg__cast_memo *m, dg_rules rules, int party)
{
    call_once(&once, read_casts);
    m->rules = rules;
    m->party = party;
    m->s = dg__srd_of(rules);
    if (rules == DG_RULES_2024)
        for (int n = 0; n <= CROWD_MOST; n++) m->mult2[n] = 2;
    else if (party >= 0 && party <= PARTIES_KEPT)
        memcpy(m->mult2, mult2_of[party], sizeof m->mult2);
    else
        for (int n = 0; n <= CROWD_MOST; n++) m->mult2[n] = n ? dg__multiplier2(n, party) : 2;
    m->crea = dg__creatures(rules);
    m->n_fits = m->next_fit = m->last_fit = 0;
}

/* The role's cast as table ids, each once (5.2.1 folds some 5.1
 * creatures into one: the insect swarms), none the rules lack. */
static void role_ids(const dg__srd *s, const dg__theme *t, dg__role role, pool *p)
{
    p->n = 0;
    for (int k = 0; k < DG__CAST_MAX && t->cast[role][k]; k++) {
        int i = dg__srd_cast(s, t->cast[role][k]);
        bool dup = false;
        for (int j = 0; j < p->n; j++) dup |= p->idx[j] == i;
        if (i >= 0 && !dup) p->idx[p->n++] = i;
    }
}

static void read_casts(void)
{
    for (int party = 0; party <= PARTIES_KEPT; party++)
        for (int n = 0; n <= CROWD_MOST; n++) mult2_of[party][n] = n ? dg__multiplier2(n, party) : 2;
    for (int y = 0; y < 2; y++)
        for (int theme = 0; theme < DG__THEME_COUNT; theme++)
            for (int role = 0; role < DG__ROLE_COUNT; role++)
                role_ids(dg__srd_of(y ? DG_RULES_2024 : DG_RULES_2014), &dg__themes[theme], (dg__role)role,
                         &cast_ids[y][theme][role]);
}

const pool *dg__cast_memo_roles(dg__cast_memo *m, int theme)
{
    call_once(&once, read_casts);
    return cast_ids[m->rules == DG_RULES_2024][theme];
}
