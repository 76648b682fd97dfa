/* family_int.h -- a family's row, the one record of what an algorithm
 * family is: its entry point, its description and cost figures, and its
 * own rules on which keys mean something. Each family's gen file defines
 * its row as dg__family_<id> (the id of dg.h's DG_ALGORITHM_LIST), beside
 * the code it describes; families.c gathers the rows into one table from
 * that list and answers every question about a family from them, so a new
 * family is its line in the list, its gen file and its docs. Core-private. */
#ifndef DG_FAMILY_INT_H
#define DG_FAMILY_INT_H

#include "dg_int.h"
#include "options_int.h"

typedef struct {
    dg_family_info info; /* help, stairs, cost figures (dg.h) */
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
} dg__family;

/* Cost figures (dg_family_cost): ns per cell from bench/bench_estimate
 * (see dg.h), met halfway between 99x99 and the largest maps measured, so
 * 99x99 stays within 2x of them; a row's note says where it differs. */
#define DG__FAMILY_DECL(code, id) extern const dg__family dg__family_##id;
DG_ALGORITHM_IDS(DG__FAMILY_DECL)
#undef DG__FAMILY_DECL

#endif
