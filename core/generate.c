/* generate.c -- dg_generate(): checks the options, runs the chosen family
 * (families.c's row) on a fresh builder, finishes the map, then stocks it
 * (stock.c), which reads the map and never changes it. */
#include "dg_int.h"

#define STR(x) #x
#define XSTR(x) STR(x)

/* The finished map's contents, from the options' contents keys. Stocked
 * even at contents=none: the model then holds the dungeon's name alone. */
static dg_status stock(const dg_options *o, dg_dungeon *d, dg_error *err)
{
    dg_stock_params p;
    dg_stock_params_init(&p, o->seed);
    p.depth = o->contents;
    p.level = o->level;
    p.party = o->party;
    p.motif = o->motif;
    p.name = o->name[0] ? o->name : NULL;
    return dg_contents_stock(d, &p, &d->contents, err);
}

dg_status dg_generate(const dg_options *o, dg_dungeon **out, dg_error *err)
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
    dg__build b;
    dg_status rc = dg__build_init(&b, o, err);
    if (rc == DG_OK) rc = dg__family_generate(&b, err);
    if (rc == DG_OK) rc = dg__finish(&b, out, err);
    dg__build_fini(&b);
    if (rc == DG_OK) rc = stock(o, *out, err);
    if (rc != DG_OK) {
        dg_dungeon_free(*out);
        *out = NULL;
    }
    return rc;
}
