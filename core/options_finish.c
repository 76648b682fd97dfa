/* options_finish.c -- dg_options_finish(): what needs every key first.
 * Presets against explicit values (size vs rows/cols, room_size vs
 * room_min/room_max), keys that do not apply to the algorithm or layout,
 * and images too big for their map (PNG cell, uvtt ppg) or for the VTTs
 * that load them (a side over DG_VTT_MAX_SIDE), all before a map is made.
 * dg_options_init and dg_options_parse (a whole set: defaults or pairs,
 * then this) are here too, so that options.c, parsing one pair at a time,
 * is the base this file and canonical.c build on and calls neither. */
#include <stdio.h>
#include <string.h>

#include "dg_int.h"
#include "options_int.h"

/* Sizes whose preset fits the limit, for the allowed list of a size error. */
static void sizes_within(char *buf, size_t cap, dg_layout layout, int max_dim)
{
    const char *fit[DG_COUNT(dg__size_names)];
    size_t n = 0;
    for (size_t i = 0; i < DG_COUNT(dg__size_names); i++)
        if (dg__preset_cols(dg__size_rows[i], layout) <= max_dim && dg__size_rows[i] <= max_dim)
            fit[n++] = dg__size_names[i];
    dg__join(buf, cap, fit, n, "|");
}

/* Explicit rows/cols beat the size preset whatever the key order, so the
 * preset is resolved only here. A default preset over a small deployment
 * limit shrinks to the limit (a bare request must work); an explicit one is
 * an error. Calling this again changes nothing. */
static dg_status finish_dims(dg_options *o, dg__lim l, dg_error *err)
{
    bool rows_given = o->given & GIVEN(K_ROWS), cols_given = o->given & GIVEN(K_COLS);
    if (o->size >= 0 && (size_t)o->size < DG_COUNT(dg__size_rows)) {
        int rows = dg__size_rows[o->size], cols = dg__preset_cols(rows, o->layout);
        if ((!rows_given && rows > l.max_dim) || (!cols_given && cols > l.max_dim)) {
            if (o->given & GIVEN(K_SIZE)) {
                char fit[sizeof err->allowed];
                sizes_within(fit, sizeof fit, o->layout, l.max_dim);
                return dg_error_set(err, DG_ELIMIT, "size", dg__size_names[o->size], fit,
                                    "size %s is %dx%d cells, over the limit of %d",
                                    dg__size_names[o->size], rows, cols, l.max_dim);
            }
            if (rows > l.max_dim) rows = l.max_dim;
            if (cols > l.max_dim) cols = l.max_dim;
        }
        o->rows = rows;
        o->cols = cols;
    }
    if (rows_given) o->rows = o->raw_rows;
    if (cols_given) o->cols = o->raw_cols;
    if (rows_given || cols_given) o->size = -1;
    return DG_OK;
}

/* Same precedence for room bounds: explicit room_min/room_max beat the
 * room_size preset. Rooms larger than the map are the generator's to clamp. */
static dg_status finish_rooms(dg_options *o, dg_error *err)
{
    bool min_given = o->given & GIVEN(K_ROOM_MIN), max_given = o->given & GIVEN(K_ROOM_MAX);
    int preset = o->room_size;
    if (preset >= 0 && (size_t)preset < DG_COUNT(dg__room_size_min)) {
        o->room_min = dg__room_size_min[preset];
        o->room_max = dg__room_size_max[preset];
    }
    if (min_given) o->room_min = o->raw_room_min;
    if (max_given) o->room_max = o->raw_room_max;
    if (min_given || max_given) o->room_size = -1;
    if (o->room_min <= o->room_max) return DG_OK;

    char value[16], allowed[32];
    snprintf(value, sizeof value, "%d", o->room_min);
    snprintf(allowed, sizeof allowed, "%d..%d", ROOM_DIM_MIN, o->room_max);
    if (max_given || preset < 0 || (size_t)preset >= DG_COUNT(dg__room_size_max))
        return dg_error_set(err, DG_EINVAL, "room_min", value, allowed,
                            "room_min (%d) must not be larger than room_max (%d)",
                            o->room_min, o->room_max);
    return dg_error_set(err, DG_EINVAL, "room_min", value, allowed,
                        "room_min (%d) must not be larger than room_max (%d, from room_size %s)",
                        o->room_min, o->room_max, dg__room_size_names[preset]);
}

/* Keys given for another family, or against a family's own rule
 * (dg__key_applies, families.c). Every key that would be left out of the
 * canonical string is refused alike, named with the rule it broke: nothing
 * given is silently dropped. */
static dg_status finish_family(dg_options *o, dg_error *err)
{
    for (int k = 0; k < K_COUNT; k++) {
        if (!(o->given & GIVEN(k)) || dg__key_applies(o, (key_id)k)) continue;
        char value[sizeof err->value];
        dg__option_recall(o, (key_id)k, value, sizeof value);
        return dg__family_refuse(o, (key_id)k, value, err);
    }
    if (o->algorithm == DG_ALGO_PANELS) {
        char v[16], allowed[32];
        if (o->panel_room_min > o->panel_room_max) {
            snprintf(v, sizeof v, "%d", o->panel_room_min);
            snprintf(allowed, sizeof allowed, "3..%d", o->panel_room_max);
            return dg_error_set(err, DG_EINVAL, "room_size_min", v, allowed,
                                "room_size_min (%d) must not be larger than room_size_max (%d)",
                                o->panel_room_min, o->panel_room_max);
        }
        /* seed 001: a panel must hold the smallest room plus a corridor
         * margin on both sides and the dividing line */
        int need = o->panel_room_min + 2 * o->corridor_margin + 1;
        if (o->panel_size_min <= need) {
            snprintf(v, sizeof v, "%d", o->panel_size_min);
            snprintf(allowed, sizeof allowed, "%d..99", need + 1);
            return dg_error_set(err, DG_EINVAL, "panel_size_min", v, allowed,
                                "panel_size_min (%d) must be larger than room_size_min + "
                                "2 x corridor_margin + 1 (%d)",
                                o->panel_size_min, need);
        }
    }
    return DG_OK;
}

/* Floors stack on stairs: floor k+1's up stairs stand under floor k's down
 * stairs, so more than one floor needs a family that places stairs and
 * stairs to place; the floor shown must be one of them. */
static dg_status finish_floors(const dg_options *o, dg_error *err)
{
    char value[16], allowed[sizeof err->allowed];
    if (o->floors > 1) {
        const dg_family_info *f = dg_family_info_of(o->algorithm);
        if (f && !f->places_stairs) {
            snprintf(value, sizeof value, "%d", o->floors);
            return dg_error_set(err, DG_EINVAL, "floors", value, "1",
                                "floors=%d needs stairs between the floors, and algorithm=%s places none",
                                o->floors, dg__algorithm_names[o->algorithm]);
        }
        if (o->stairs < 1) {
            snprintf(value, sizeof value, "%d", o->floors);
            snprintf(allowed, sizeof allowed, "1 (or stairs=1..%d)", dg__keys[K_STAIRS].hi);
            return dg_error_set(err, DG_EINVAL, "floors", value, allowed,
                                "floors=%d needs stairs between the floors, and stairs=0 places none",
                                o->floors);
        }
    }
    if (o->floor > o->floors) {
        snprintf(value, sizeof value, "%d", o->floor);
        snprintf(allowed, sizeof allowed, "1..%d", o->floors);
        return dg_error_set(err, DG_EINVAL, "floor", value, allowed,
                            "floor=%d is not one of the dungeon's floors (floors=%d: 1..%d)", o->floor,
                            o->floors, o->floors);
    }
    return DG_OK;
}

/* The raster is drawn with one boundary pixel past the last cell each way;
 * png.c asks the same question, so both agree on every size. */
bool dg_raster_too_big(int rows, int cols, int px)
{
    long long w = (long long)cols * px + 1, h = (long long)rows * px + 1;
    return w * h > DG_PNG_MAX_PIXELS;
}

int dg_raster_fit(int rows, int cols, int lo, int hi)
{
    int fit = hi;
    while (fit >= lo && dg_raster_too_big(rows, cols, fit)) fit--;
    return fit < lo ? lo - 1 : fit;
}

/* The raster a png, svg or uvtt answer needs, checked before any map is made
 * (a big cavernous map takes half a second to be refused otherwise). The
 * advice is always one the parser accepts: a smaller cell or ppg when one
 * fits, else a smaller map. */
/* reroll: well formed, no floor past floors, kept sorted (one permalink
 * per set of rerolls). */
static dg_status finish_reroll(dg_options *o, dg__lim l, dg_error *err)
{
    if (!o->reroll[0]) return DG_OK;
    dg_reroll r[DG_REROLL_MAX];
    int n;
    char why[sizeof err->msg];
    if (!dg__reroll_parse(o->reroll, r, &n, why, sizeof why))
        return dg__option_fail(err, DG_EINVAL, K_REROLL, o->reroll, l, "%s", why);
    for (int k = 0; k < n; k++)
        if (r[k].floor > o->floors)
            return dg__option_fail(err, DG_EINVAL, K_REROLL, o->reroll, l,
                                   "reroll names floor %d of a dungeon of %d floor%s", r[k].floor, o->floors,
                                   o->floors == 1 ? "" : "s");
    dg__reroll_format(r, n, o->reroll, sizeof o->reroll);
    return DG_OK;
}

static dg_status finish_image(const dg_options *o, dg__lim l, dg_error *err)
{
    const dg_format_info *f = dg_format_info_of(o->format);
    int raster = f && f->raster_key ? dg__key_id(f->raster_key) : -1;
    if (raster < 0) return DG_OK;
    key_id k = (key_id)raster;
    const dg_option_def *d = &dg__keys[k];
    int px = *dg__key_int((dg_options *)o, k), lo = d->lo;
    int hi = d->limit == DG_LIMIT_CELL ? l.max_cell : d->hi;
    if (!dg_raster_too_big(o->rows, o->cols, px)) return DG_OK;

    char value[sizeof err->value], allowed[sizeof err->allowed];
    int fit = dg_raster_fit(o->rows, o->cols, lo, px - 1 < hi ? px - 1 : hi);
    if (fit >= lo) {
        dg__option_recall(o, k, value, sizeof value);
        snprintf(allowed, sizeof allowed, "%d..%d", lo, fit);
        if (k == K_CELL) /* png.c's words, so either check reads the same */
            return dg_error_set(err, DG_ELIMIT, "cell", value, allowed,
                                "a %dx%d map at %d px is over the %lld pixel image limit; use a "
                                "smaller cell",
                                o->cols, o->rows, px, (long long)DG_PNG_MAX_PIXELS);
        return dg_error_set(err, DG_ELIMIT, "ppg", value, allowed,
                            "a %dx%d map at ppg=%d makes an image over the %lld pixel limit; "
                            "use ppg %d or less",
                            o->cols, o->rows, px, (long long)DG_PNG_MAX_PIXELS, fit);
    }
    /* no cell or ppg fits: the longer side is the one to cut, to what fits
     * with the other side at the smallest px */
    bool cut_cols = o->cols >= o->rows;
    int other = cut_cols ? o->rows : o->cols, most = l.max_dim;
    while (most >= DG_MIN_DIM &&
           dg_raster_too_big(cut_cols ? other : most, cut_cols ? most : other, lo))
        most -= 2;
    key_id side = cut_cols ? K_COLS : K_ROWS;
    dg__option_recall(o, side, value, sizeof value);
    if (most >= DG_MIN_DIM) snprintf(allowed, sizeof allowed, "%d..%d", DG_MIN_DIM, most);
    else allowed[0] = '\0';
    return dg_error_set(err, DG_ELIMIT, dg__keys[side].name, value, allowed,
                        "a %dx%d map is too big for %s at any %s (over the %lld pixel image "
                        "limit even at %s=%d); make %s at most %d",
                        o->cols, o->rows, dg__format_names[o->format], d->name,
                        (long long)DG_PNG_MAX_PIXELS, d->name, lo,
                        dg__keys[side].name, most);
}

/* uvtt's image and Foundry's scene are cols*ppg x rows*ppg pixels, and
 * importers load no texture over DG_VTT_MAX_SIDE a side (the commonest
 * import failure), so such a scene is refused with the largest ppg that
 * fits, or when none does, the longest side that fits at the smallest. */
static dg_status finish_vtt_side(const dg_options *o, dg_error *err)
{
    const dg_format_info *f = dg_format_info_of(o->format);
    int cells = o->cols > o->rows ? o->cols : o->rows;
    if (!f || !f->vtt_side || (long long)cells * o->ppg <= DG_VTT_MAX_SIDE) return DG_OK;
    char value[sizeof err->value], allowed[sizeof err->allowed];
    int fit = DG_VTT_MAX_SIDE / cells;
    if (fit >= DG_MIN_PPG) {
        dg__option_recall(o, K_PPG, value, sizeof value);
        snprintf(allowed, sizeof allowed, "%d..%d", DG_MIN_PPG, fit);
        return dg_error_set(err, DG_ELIMIT, "ppg", value, allowed,
                            "a %dx%d map at ppg=%d is %lld px across, over the %d px a side "
                            "VTTs load; use ppg %d or less",
                            o->cols, o->rows, o->ppg, (long long)cells * o->ppg,
                            DG_VTT_MAX_SIDE, fit);
    }
    /* each side on its own: the longer is named, the message says when the
     * other must shrink too */
    int most = DG_VTT_MAX_SIDE / DG_MIN_PPG;
    if (most % 2 == 0) most--;
    key_id side = o->cols >= o->rows ? K_COLS : K_ROWS;
    bool both = o->cols > most && o->rows > most;
    dg__option_recall(o, side, value, sizeof value);
    snprintf(allowed, sizeof allowed, "%d..%d", DG_MIN_DIM, most);
    return dg_error_set(err, DG_ELIMIT, dg__keys[side].name, value, allowed,
                        "a %dx%d map is over the %d px a side VTTs load at any ppg (ppg=%d at "
                        "least); make %s at most %d",
                        o->cols, o->rows, DG_VTT_MAX_SIDE, DG_MIN_PPG,
                        both ? "rows and cols" : dg__keys[side].name, most);
}

dg_status dg_options_finish(dg_options *o, const dg_limits *lim, dg_error *err)
{
    if (!o) return dg_error_set(err, DG_EINVAL, "", "", "", "no options to finish");
    dg__lim l = dg__limits_of(lim);
    dg_status rc = finish_family(o, err);
    if (rc != DG_OK) return rc;
    rc = finish_dims(o, l, err);
    if (rc != DG_OK) return rc;
    if ((rc = finish_rooms(o, err)) != DG_OK) return rc;
    if ((rc = finish_floors(o, err)) != DG_OK) return rc;
    if ((rc = finish_reroll(o, l, err)) != DG_OK) return rc;
    if (!(o->given & GIVEN(K_CELL)) && o->cell > l.max_cell) o->cell = l.max_cell;
    if ((rc = finish_vtt_side(o, err)) != DG_OK) return rc;
    return finish_image(o, l, err);
}

/* ------------------------------------------- a whole set: init and parse */

void dg_options_init(dg_options *o)
{
    memset(o, 0, sizeof *o);
    for (int k = 0; k < K_COUNT; k++) {
        const dg_option_def *d = &dg__keys[k];
        if (d->kind == DG_KIND_BOOL) *(bool *)(void *)((char *)o + d->field) = d->def != 0;
        else if (d->kind != DG_KIND_SEED && d->kind != DG_KIND_TEXT) *dg__key_int(o, (key_id)k) = d->def;
    }
    /* Never fails without limits and without explicit keys. */
    (void)dg_options_finish(o, NULL, NULL);
}


dg_status dg_options_parse(dg_options *o, size_t n, const char *const keys[],
                           const char *const values[], const dg_limits *lim,
                           dg_error *err)
{
    if (!o) return dg_error_set(err, DG_EINVAL, "", "", "", "no options to parse");
    dg_options_init(o);
    if (n > 0 && (!keys || !values))
        return dg_error_set(err, DG_EINVAL, "", "", "", "option list is missing");
    for (size_t i = 0; i < n; i++) {
        dg_status rc = dg_options_set(o, keys[i], values[i], lim, err);
        if (rc != DG_OK) return rc;
    }
    return dg_options_finish(o, lim, err);
}

