/* families.c -- every question about an algorithm family, answered from
 * its row (family_int.h): its entry point, whether it places stairs, its
 * cost figures and cave predicate, and its own rules on which keys mean
 * something (beyond the families each key row names) with the sentence
 * that refuses the others. The rows live in the families' gen files
 * (dg__family_<id>); this table gathers them by dg.h's DG_ALGORITHM_IDS.
 * dg_generate runs the entry point; options_finish.c and canonical.c ask
 * dg__key_applies; the daemon's estimate reads the cost figures and cave
 * predicate; nothing else knows a family's rules. */
#include <stdio.h>
#include <string.h>

#include "family_int.h"

typedef dg__family family;

#define FAMILY_ROW(code, id) [code] = &dg__family_##id,
static const family *const families[DG_ALGO_COUNT] = {DG_ALGORITHM_IDS(FAMILY_ROW)};
#undef FAMILY_ROW

static const family *family_of(dg_algorithm a)
{
    return (unsigned)a < DG_ALGO_COUNT && families[a]->generate ? families[a] : NULL;
}

const dg_family_info *dg_family_info_of(dg_algorithm a)
{
    const family *f = family_of(a);
    return f ? &f->info : NULL;
}

bool dg_options_caves(const dg_options *o)
{
    const family *f = family_of(o->algorithm);
    return f && f->caves && f->caves(o);
}

bool dg_options_cost_variant(const dg_options *o)
{
    const family *f = family_of(o->algorithm);
    return f && f->cost_variant && f->cost_variant(o);
}

bool dg__key_applies(const dg_options *o, key_id k)
{
    unsigned mask = dg__keys[k].families;
    if (mask && !(mask & ALGO(o->algorithm))) return false;
    const family *f = family_of(o->algorithm);
    return !f || !f->key_applies || f->key_applies(o, k);
}

/* Names of the algorithms a key applies to, for the error sentence. */
static void algos_of(key_id k, char *buf, size_t cap)
{
    const char *names[DG_ALGO_COUNT];
    size_t n = 0;
    for (int a = 0; a < DG_ALGO_COUNT; a++)
        if (!dg__keys[k].families || (dg__keys[k].families & ALGO(a))) names[n++] = dg__algorithm_names[a];
    dg__join(buf, cap, names, n, "|");
}

dg_status dg__family_refuse(const dg_options *o, key_id k, const char *value, dg_error *err)
{
    unsigned mask = dg__keys[k].families;
    if (mask && !(mask & ALGO(o->algorithm))) {
        char fits[sizeof err->allowed];
        algos_of(k, fits, sizeof fits);
        return dg_error_set(err, DG_EINVAL, dg__keys[k].name, value, fits,
                            "%s does not apply to algorithm=%s (only to %s)", dg__keys[k].name,
                            dg__algorithm_names[o->algorithm], fits);
    }
    const family *f = family_of(o->algorithm);
    if (f && f->refuse) return f->refuse(o, k, value, err);
    return dg_error_set(err, DG_EINVAL, dg__keys[k].name, value, "", "%s does not apply here",
                        dg__keys[k].name);
}

dg_status dg__family_generate(dg__build *b, dg_error *err)
{
    const family *f = family_of(b->o->algorithm);
    if (!f)
        return dg_error_set(err, DG_EINVAL, "algorithm", dg_algorithm_name(b->o->algorithm), "",
                            "unknown algorithm");
    return f->generate(b, err);
}
