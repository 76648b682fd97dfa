/* generate.c -- dg_map_generate(): checks the options and makes each floor
 * (the chosen family, families.c's row, on a fresh builder, finished;
 * floors.c stacks the floors on their stairs). The map alone: stocking it
 * is the fiction's (stock/generate.c's dg_generate), which reads the map
 * and never changes it. */
#include "dg_int.h"

#define STR(x) #x
#define XSTR(x) STR(x)

dg_status dg_map_generate(const dg_options *o, dg_dungeon **out, dg_error *err)
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
        rc = dg__floor_make(o, f, last, &d, err);
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
