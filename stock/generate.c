/* generate.c -- dg_generate(): the one place that joins the two layers.
 * core makes the map (dg_map_generate: every floor, stacked on its
 * stairs), then each floor is stocked, top first, by stock.c, which reads
 * the map and never changes it. dg_generate_until asks its caller before
 * each floor is made and before each is stocked whether to go on. */
#include <stddef.h>
#include <string.h>

#include "stock_int.h"

/* The finished map's contents, from the options' contents keys. Stocked
 * even at contents=none: the model then holds the dungeon's name alone.
 * Each floor draws from a stream of its own seed and floor number, and is
 * stocked harder the deeper it is (p.floor, docs/stocking.md); every floor
 * carries the top's name, since they are one dungeon. */
static dg_status stock(const dg_options *o, dg_dungeon *d, const dg_dungeon *top, dg__so_far *above,
                       dg_error *err)
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
    /* a lower floor's lair answers to the master met on the top floor */
    p.master = top && top != d && top->contents ? top->contents->boss : -1;
    /* cave maps are natural rock (the family row's cave predicate) */
    p.natural = dg_options_caves(o);
    /* the dungeon frees what stocking made through this hook: dungeon.c
     * (the map model) knows nothing of stocking */
    d->contents_free = dg_contents_free;
    /* the options were checked: stock without checking again */
    dg_status rc = dg__contents_stock(d, &p, above, &d->contents, err);
    /* one dungeon: what this floor holds and says, the floors below do not again */
    if (rc == DG_OK) dg__so_far_add(above, d->contents);
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

dg_status dg_generate_until(const dg_options *o, dg_stop_fn stop, void *arg, dg_dungeon **out, dg_error *err)
{
    if (out) *out = NULL;
    if (!out) return dg_error_set(err, DG_EINVAL, "", "", "", "no options given");
    dg_dungeon *top = NULL;
    dg_status rc = dg_map_generate_until(o, stop, arg, &top, err);
    /* on the stack: a heap block here cost the map alone (contents=none)
     * a malloc and a free per map, 1% of its time */
    dg__so_far above;
    memset(&above, 0, offsetof(dg__so_far, lairs)); /* the lairs are read up to n_lairs */
    above.n_lairs = 0;
    for (dg_dungeon *d = top; d && rc == DG_OK; d = d->below) {
        if (stop && stop(arg)) rc = dg_error_set(err, DG_EBUSY, "", "", "", "stopped before the map was finished");
        else rc = stock(o, d, top, &above, err);
    }
    /* the adventure spans the floors: built once all are stocked */
    if (rc == DG_OK) {
        const dg_dungeon *maps[DG_MAX_FLOORS];
        dg_contents *floors[DG_MAX_FLOORS];
        int n = 0;
        for (dg_dungeon *d = top; d && n < DG_MAX_FLOORS; d = d->below, n++) {
            maps[n] = d;
            floors[n] = d->contents;
        }
        rc = dg__adventure_build(maps, floors, n, err);
    }
    if (rc != DG_OK) {
        dg_dungeon_free(top);
        top = NULL;
    }
    *out = top;
    return rc;
}
