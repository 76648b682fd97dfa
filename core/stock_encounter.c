/* stock_encounter.c -- one encounter: a group of SRD monsters (and now and
 * then a leader with it) whose adjusted XP falls in the band of the drawn
 * difficulty for the party's level and size, steered by the motif and the
 * room's faction. Which difficulty, and which rooms, is stock.c's call. */
#include "stock_int.h"

#define MAX_COUNT 12          /* monsters of one kind in a group */
#define LEADER_PERCENT 25     /* medium and harder: a second group leads the first */
#define LEADER_TRIES 24

/* First monster (XP order) whose xp * need2 reaches target2. */
static int first_reaching(long target2, long need2)
{
    int lo = 0, hi = DG__MONSTER_COUNT;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if ((long)dg__monsters[mid].xp * need2 < target2) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

static long adjusted(long xp_sum, int count, int party)
{
    return xp_sum * dg__multiplier2(count, party) / 2;
}

typedef struct {
    int level, party, max_cr8;
    long lo, hi;
    dg_motif motif;
    unsigned types;           /* faction's creature types; 0 any */
    long times2[MAX_COUNT + 1]; /* n x multiplier x 2 for n monsters */
} want;

static bool fits(const want *w, const dg_monster *m)
{
    if (m->cr8 > w->max_cr8 || m->xp <= 0) return false;
    if (w->types && !(w->types & (1u << m->type))) return false;
    return dg_motif_fits(w->motif, m);
}

/* How many of monster m make a group in the band: a count drawn among
 * those that do, or 0. Adjusted XP grows with the count, so the counts
 * that fit are a run [first, last]. */
static int count_for(dg_rng *r, const want *w, const dg_monster *m)
{
    int first = 0, last = 0;
    for (int n = 1; n <= MAX_COUNT; n++) {
        long a = m->xp * w->times2[n] / 2;
        if (a >= w->hi) break;
        if (a >= w->lo) {
            if (!first) first = n;
            last = n;
        }
    }
    if (!first) return 0;
    return first + (int)dg__rng_below(r, (uint32_t)(last - first + 1));
}

/* A single group: from a random place in the XP window, the first monster
 * that fits, scanning round the window once. */
static bool single_group(dg_rng *r, const want *w, int a, int b, dg_group *g)
{
    if (b <= a) return false;
    int span = b - a, start = (int)dg__rng_below(r, (uint32_t)span);
    for (int k = 0; k < span; k++) {
        int i = a + (start + k) % span;
        const dg_monster *m = &dg__monsters[i];
        if (!fits(w, m)) continue;
        int n = count_for(r, w, m);
        if (n) {
            g->monster = i;
            g->count = n;
            return true;
        }
    }
    return false;
}

/* A leader for group g: a tougher monster of the same steer; the
 * followers thin out until the whole stays in the band. */
static bool add_leader(dg_rng *r, const want *w, int b, dg_encounter *e)
{
    dg_group *g = &e->groups[0];
    int a = g->monster + 1;
    if (b <= a) return false;
    for (int k = 0; k < LEADER_TRIES; k++) {
        int i = a + (int)dg__rng_below(r, (uint32_t)(b - a));
        const dg_monster *lead = &dg__monsters[i];
        if (!fits(w, lead) || lead->xp <= dg__monsters[g->monster].xp) continue;
        for (int n = g->count; n >= 1; n--) {
            long sum = lead->xp + (long)dg__monsters[g->monster].xp * n;
            long adj = adjusted(sum, n + 1, w->party);
            if (adj >= w->lo && adj < w->hi) {
                e->groups[1] = *g;
                e->groups[1].count = n;
                e->groups[0].monster = i;
                e->groups[0].count = 1;
                e->n_groups = 2;
                return true;
            }
        }
    }
    return false;
}

bool dg__encounter_build(dg_rng *r, int level, int party, dg_motif motif,
                         const dg_faction *faction, int faction_index,
                         dg_difficulty d, dg_encounter *out)
{
    want w = {.level = level, .party = party, .max_cr8 = dg__max_cr8(level), .motif = motif};
    dg__xp_band(level, party, d, &w.lo, &w.hi);
    for (int n = 1; n <= MAX_COUNT; n++) w.times2[n] = (long)n * dg__multiplier2(n, party);
    /* the XP window: monsters that could fill the band alone, from MAX_COUNT
     * of them (the smallest multiplier step that many reach) to one */
    int a = first_reaching(2 * w.lo, (long)MAX_COUNT * dg__multiplier2(MAX_COUNT, party));
    int b = first_reaching(2 * w.hi, dg__multiplier2(1, party));
    out->n_groups = 0;
    out->difficulty = d;
    out->faction = -1;
    out->xp = out->adjusted_xp = 0;
    /* steer: faction within motif, motif alone, anything */
    bool found = false;
    if (faction) {
        w.types = faction->types;
        found = single_group(r, &w, a, b, &out->groups[0]);
        if (found) out->faction = faction_index;
        w.types = found ? w.types : 0;
    }
    if (!found && motif != DG_MOTIF_NONE) found = single_group(r, &w, a, b, &out->groups[0]);
    if (!found) {
        w.motif = DG_MOTIF_NONE;
        w.types = 0;
        found = single_group(r, &w, a, b, &out->groups[0]);
    }
    if (!found) return false;
    out->n_groups = 1;
    if (d >= DG_DIFF_MEDIUM && dg__rng_percent(r, LEADER_PERCENT)) add_leader(r, &w, b, out);
    int count = 0;
    for (int k = 0; k < out->n_groups; k++) {
        out->xp += (long)dg__monsters[out->groups[k].monster].xp * out->groups[k].count;
        count += out->groups[k].count;
    }
    out->adjusted_xp = adjusted(out->xp, count, party);
    return true;
}
