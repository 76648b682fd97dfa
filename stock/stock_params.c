/* stock_params.c -- stocking's parameters: their defaults, and the check
 * dg_contents_stock makes for a caller with parameters of its own (the
 * library's users; dg_generate fills them from options it has checked,
 * and so stocks through dg__contents_stock without this). */
#include "stock_int.h"

#include "options_int.h"

#include <stdio.h>

void dg_stock_params_init(dg_stock_params *p, uint64_t seed)
{
    *p = (dg_stock_params){.seed = seed, .depth = DG_DEPTH_FULL, .level = 1, .party = 4,
                           .motif = DG_MOTIF_NONE, .name = NULL, .floor = 0,
                           .concept_seed = seed, .natural = false, .danger = DG_DANGER_STANDARD,
                           .master = -1};
}

/* A stocking parameter that is an option key is checked against its key
 * row (option_keys.c holds the range and the names), and one out of range
 * is refused by the parser itself (dg_options_set on scratch options), so
 * the two never disagree and their errors read the same. The rows are read
 * by key id, not looked up by name: every map is stocked, even at
 * contents=none, and a lookup by name here cost more than its concept. */
static dg_status check_as_parser(key_id k, const char *value, dg_error *err)
{
    dg_options scratch;
    dg_options_init(&scratch);
    return dg_options_set(&scratch, dg__keys[k].name, value, NULL, err);
}

static dg_status check_int_key(key_id k, int v, dg_error *err)
{
    if (v >= dg__keys[k].lo && v <= dg__keys[k].hi) return DG_OK;
    char value[24];
    snprintf(value, sizeof value, "%d", v);
    return check_as_parser(k, value, err);
}

/* An enum parameter: an index into its key row's values. */
static dg_status check_value_index(key_id k, int v, dg_error *err)
{
    const dg_option_def *d = &dg__keys[k];
    if (v >= 0 && (size_t)v < d->n_names) return DG_OK;
    char value[24], allowed[200];
    snprintf(value, sizeof value, "%d", v);
    dg_option_allowed(d->name, allowed, sizeof allowed);
    return dg_error_set(err, DG_EINVAL, d->name, value, allowed, "%s must be one of %s", d->name, allowed);
}

dg_status dg_stock_params_check(const dg_stock_params *p, dg_error *err)
{
    dg_status rc = check_value_index(K_CONTENTS, (int)p->depth, err);
    if (rc == DG_OK) rc = check_int_key(K_LEVEL, p->level, err);
    if (rc == DG_OK) rc = check_int_key(K_PARTY, p->party, err);
    if (rc == DG_OK) rc = check_value_index(K_MOTIF, (int)p->motif, err);
    if (rc == DG_OK) rc = check_value_index(K_DANGER, (int)p->danger, err);
    if (rc == DG_OK) rc = check_value_index(K_RULES, (int)p->rules, err);
    if (rc != DG_OK) return rc;
    if (p->master != -1 && !dg_monster_info(p->master)) {
        char value[24];
        snprintf(value, sizeof value, "%d", p->master);
        return dg_error_set(err, DG_EINVAL, "master", value, "-1 or a monster id",
                            "master %d is no monster: -1 (none) or a dg_monster_info id", p->master);
    }
    /* the floor is no option of its own: a floor of a several-floor map */
    if (p->floor < 0 || p->floor > DG_STOCK_FLOOR_MAX) {
        char value[24];
        snprintf(value, sizeof value, "%d", p->floor);
        return dg_error_set(err, DG_EINVAL, "floor", value, "0..99", "floor %d is out of range: 0..99", p->floor);
    }
    return p->name ? check_as_parser(K_NAME, p->name, err) : DG_OK;
}

