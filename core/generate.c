/* generate.c -- dg_generate(): checks the options, runs the chosen family
 * on a fresh builder and finishes the map. Families join in the table. */
#include "dg_int.h"

typedef dg_status (*family_fn)(dg__build *b, dg_error *err);

static const family_fn families[DG_ALGO_COUNT] = {
    [DG_ALGO_DONJON] = dg__gen_donjon,
    [DG_ALGO_GRIDMAPPER] = dg__gen_gridmapper,
    [DG_ALGO_ABSTRACT] = dg__gen_abstract,
    [DG_ALGO_PANELS] = dg__gen_panels,
    [DG_ALGO_CELLS] = dg__gen_cells,
    [DG_ALGO_CAVERNS] = dg__gen_caverns,
};

dg_status dg_generate(const dg_options *o, dg_dungeon **out, dg_error *err)
{
    if (out) *out = NULL;
    if (!o || !out) return dg_error_set(err, DG_EINVAL, "", "", "", "no options given");
    if (!o->seed_given)
        return dg_error_set(err, DG_EINVAL, "seed", "", "", "a seed must be chosen before generating");
    if (o->rows < DG_MIN_DIM || o->cols < DG_MIN_DIM || o->rows > DG_MAX_DIM ||
        o->cols > DG_MAX_DIM || !(o->rows & 1) || !(o->cols & 1))
        return dg_error_set(err, DG_ELIMIT, "rows", "", "7..4001", "map size %dx%d is out of range",
                            o->cols, o->rows);
    if ((unsigned)o->algorithm >= DG_ALGO_COUNT || !families[o->algorithm])
        return dg_error_set(err, DG_EINVAL, "algorithm", dg_algorithm_name(o->algorithm), "",
                            "unknown algorithm");
    dg__build b;
    dg_status rc = dg__build_init(&b, o, err);
    if (rc == DG_OK) rc = families[o->algorithm](&b, err);
    if (rc == DG_OK) rc = dg__finish(&b, out, err);
    dg__build_fini(&b);
    return rc;
}
