/* generate.c -- dg_generate(): checks the options, makes each floor (the
 * chosen family, families.c's row, on a fresh builder, finished; floors.c
 * stacks the floors on their stairs), then stocks it (stock.c), which reads
 * the map and never changes it. dg_generate_until asks its caller between
 * these phases whether to go on. */
#include <string.h>

#include "dg_int.h"

#define STR(x) #x
#define XSTR(x) STR(x)

/* The finished map's contents, from the options' contents keys. Stocked
 * even at contents=none: the model then holds the dungeon's name alone.
 * Each floor draws from a stream of its own seed and floor number, and is
 * stocked harder the deeper it is (p.floor, docs/stocking.md); every floor
 * carries the top's name, since they are one dungeon. */
static dg_status stock(const dg_options *o, dg_dungeon *d, const dg_dungeon *top, dg_error *err)
{
    dg_stock_params p;
    dg_stock_params_init(&p, dg__floor_contents_seed(o->seed, d->floor));
    p.depth = o->contents;
    p.level = o->level;
    p.party = o->party;
    p.motif = o->motif;
    p.name = o->name[0] ? o->name : NULL;
    p.floor = d->floor - 1;
    p.concept_seed = o->seed;
    p.danger = o->danger;
    p.rules = o->rules;
    p.reroll = o->reroll[0] ? o->reroll : NULL;
    /* cave maps are natural rock (the family row's cave predicate) */
    p.natural = dg_options_caves(o);
    /* the dungeon frees what stocking made through this hook: dungeon.c
     * (the map model) knows nothing of stocking */
    d->contents_free = dg_contents_free;
    /* the options were checked: stock without checking again */
    dg_status rc = dg__contents_stock(d, &p, &d->contents, err);
    if (rc == DG_OK && top && top != d) {
        /* one dungeon: the top floor's name and boss stand for every floor */
        dg_contents *c = d->contents;
        const dg_contents *t = top->contents;
        c->name_given = t->name_given;
        memcpy(c->name_text, t->name_text, sizeof c->name_text);
        memcpy(c->name_words, t->name_words, sizeof c->name_words);
        c->name_boss = t->name_boss;
        c->boss = t->boss;
    }
    return rc;
}

dg_status dg_generate(const dg_options *o, dg_dungeon **out, dg_error *err)
{
    return dg_generate_until(o, NULL, NULL, out, err);
}

static dg_status stopped(dg_stop_fn stop, void *arg, dg_error *err)
{
    if (!stop || !stop(arg)) return DG_OK;
    return dg_error_set(err, DG_EBUSY, "", "", "", "stopped before the map was finished");
}

dg_status dg_generate_until(const dg_options *o, dg_stop_fn stop, void *arg, dg_dungeon **out, dg_error *err)
{
    if (out) *out = NULL;
    if (!o || !out) return dg_error_set(err, DG_EINVAL, "", "", "", "no options given");
    if (!o->seed_given)
        return dg_error_set(err, DG_EINVAL, "seed", "", "", "a seed must be chosen before generating");
    if (o->rows < DG_MIN_DIM || o->cols < DG_MIN_DIM || o->rows > DG_MAX_DIM ||
        o->cols > DG_MAX_DIM || !(o->rows & 1) || !(o->cols & 1))
        return dg_error_set(err, DG_ELIMIT, "rows", "", XSTR(DG_MIN_DIM) ".." XSTR(DG_MAX_DIM),
                            "map size %dx%d is out of range", o->cols, o->rows);
    if (!dg_family_info_of(o->algorithm))
        return dg_error_set(err, DG_EINVAL, "algorithm", dg_algorithm_name(o->algorithm), "",
                            "unknown algorithm");
    if (o->floors < 1 || o->floors > DG_MAX_FLOORS || o->floor < 1 || o->floor > o->floors)
        return dg_error_set(err, DG_EINVAL, "floor", "", "1..floors", "floor %d of %d floors is out of range",
                            o->floor, o->floors);
    dg_status rc = DG_OK;
    dg_dungeon *top = NULL, *last = NULL;
    for (int f = 1; f <= o->floors && rc == DG_OK; f++) {
        dg_dungeon *d = NULL;
        rc = stopped(stop, arg, err);
        if (rc == DG_OK) rc = dg__floor_make(o, f, last, &d, err);
        if (rc == DG_OK) rc = stopped(stop, arg, err);
        if (rc == DG_OK) rc = stock(o, d, top, err);
        if (d) {
            if (last) last->below = d;
            else top = d;
            last = d;
        }
    }
    if (rc != DG_OK) {
        dg_dungeon_free(top);
        top = NULL;
    }
    *out = top;
    return rc;
}
