/* families.c -- one row per algorithm family: its entry point, whether it
 * places stairs, and its own rules on which keys mean something (beyond the
 * families each key row names) with the sentence that refuses the others.
 * dg_generate runs the entry point; options_finish.c and canonical.c ask
 * dg__key_applies; the daemon's estimate reads its cost figures and cave
 * predicate; nothing else knows a family's rules. */
#include <stdio.h>
#include <string.h>

#include "dg_int.h"
#include "options_int.h"

typedef struct {
    dg_family_info info;
    dg_status (*generate)(dg__build *b, dg_error *err);
    /* Whether key k, which the key's row lets through for this family,
     * still means nothing under o's other keys; NULL: every such key applies. */
    bool (*key_applies)(const dg_options *o, key_id k);
    /* The refusal of a given key that key_applies leaves out. */
    dg_status (*refuse)(const dg_options *o, key_id k, const char *value, dg_error *err);
    /* Whether o's map has organic cave outlines; NULL: never. */
    bool (*caves)(const dg_options *o);
    /* Whether o's map costs info.cost.variant_gen_ns; NULL: never. */
    bool (*cost_variant)(const dg_options *o);
} family;

static bool always(const dg_options *o) { (void)o; return true; }
static bool donjon_caves(const dg_options *o) { return o->layout == DG_LAYOUT_CAVERNOUS; }
static bool gridmapper_caves(const dg_options *o) { return o->caves; }
/* small minimal areas make many more, smaller areas to plan */
static bool abstract_small_areas(const dg_options *o)
{
    return o->area_size_min < 36 || o->area_width_min < 5 || o->area_height_min < 5;
}

/* donjon: the cave keys shape only the cavernous layout, and corridors
 * mean nothing there, since its caves grow where the maze would be dug. */
static bool donjon_applies(const dg_options *o, key_id k)
{
    if (k == K_CAVE_FILL || k == K_CAVE_STEPS) return o->layout == DG_LAYOUT_CAVERNOUS;
    if (k == K_CORRIDORS) return o->layout != DG_LAYOUT_CAVERNOUS;
    return true;
}

/* "layout=a|b": the layouts of o's algorithm that key k applies to. */
static void layouts_of(const dg_options *o, key_id k, char *buf, size_t cap)
{
    dg_options t = *o;
    const char *names[DG_LAYOUT_COUNT];
    size_t n = 0;
    for (int l = 0; l < DG_LAYOUT_COUNT; l++) {
        t.layout = (dg_layout)l;
        if (donjon_applies(&t, k)) names[n++] = dg__layout_names[l];
    }
    int w = snprintf(buf, cap, "layout=");
    if (w < 0 || (size_t)w >= cap) {
        if (cap) buf[0] = '\0';
        return;
    }
    dg__join(buf + w, cap - (size_t)w, names, n, "|");
}

static dg_status donjon_refuse(const dg_options *o, key_id k, const char *value, dg_error *err)
{
    char fits[sizeof err->allowed];
    layouts_of(o, k, fits, sizeof fits);
    return dg_error_set(err, DG_EINVAL, dg__keys[k].name, value, fits,
                        "%s does not apply to layout=%s (only to %s%s)", dg__keys[k].name,
                        dg__layout_names[o->layout], fits,
                        dg__keys[k].families & ALGO(DG_ALGO_CAVERNS) ? ", or to algorithm=caverns" : "");
}

/* gridmapper's caves are joined by open passages and have no straight
 * walls to set doors or pillars in. */
static bool gridmapper_applies(const dg_options *o, key_id k)
{
    return !((k == K_DOORS || k == K_PILLARS) && o->caves);
}

static dg_status gridmapper_refuse(const dg_options *o, key_id k, const char *value, dg_error *err)
{
    (void)o;
    return dg_error_set(err, DG_EINVAL, dg__keys[k].name, value, "caves=no",
                        "%s does not apply to caves=yes (gridmapper's caves are joined by open "
                        "passages, without doors or pillars)", dg__keys[k].name);
}

/* Cost figures: ns per cell (dg_family_cost), from bench/bench_estimate
 * (see dg.h); the variants cost several times more. Caves keyed as
 * chambers, abstract's many areas past 501 and panels past 501 cost more a
 * cell than at 99: bench_estimate's txt at 501 and 1001 (caverns 220 ns a
 * cell, cavernous 230, abstract 115-135, its small areas 216, panels 170),
 * met halfway so 99x99 stays within 2x. */
static const family families[DG_ALGO_COUNT] = {
    [DG_ALGO_DONJON] = {{"rooms and winding corridors on donjon's odd grid", true, {13, 120, 30, false}},
                        dg__gen_donjon, donjon_applies, donjon_refuse, donjon_caves, donjon_caves},
    [DG_ALGO_CAVERNS] = {{"natural caves grown by a cellular automaton", true, {90, 0, 0, false}},
                         dg__gen_caverns, NULL, NULL, always, NULL},
    [DG_ALGO_PANELS] = {{"a sheet cut into panels, one room each, joined across the cuts", true, {60, 0, 30, false}},
                        dg__gen_panels, NULL, NULL, NULL, NULL},
    [DG_ALGO_GRIDMAPPER] = {{"Gridmapper's room shapes in 3x3 blocks", true, {7, 33, 30, false}},
                            dg__gen_gridmapper, gridmapper_applies, gridmapper_refuse, gridmapper_caves,
                            gridmapper_caves},
    [DG_ALGO_ABSTRACT] = {{"areas of an abstract plan from entrance to exit", true, {25, 60, 30, true}},
                          dg__gen_abstract, NULL, NULL, NULL, abstract_small_areas},
    [DG_ALGO_CELLS] = {{"one room per block of a grid, joined by a rule", true, {30, 0, 30, true}},
                       dg__gen_cells, NULL, NULL, NULL, NULL},
};

static const family *family_of(dg_algorithm a)
{
    return (unsigned)a < DG_ALGO_COUNT && families[a].generate ? &families[a] : NULL;
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
