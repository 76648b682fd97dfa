/* vocabulary.c -- GET /options: core's option, family and format rows and
 * render's styles as one JSON document, built once when the daemon starts
 * (with its own limits: rows up to max_dim, cell up to max_cell), so the
 * form, bots and the docs read the vocabulary instead of copying it.
 *
 * Which keys apply when is not restated here either: for each family and
 * key, the document says under which values of the family's other name
 * keys the key means something ("when"), found by asking the core's own
 * rule (dg_options_key_applies) for every such value. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "http_int.h"
#include "render.h"

static const char *const kind_names[] = {
    [DG_KIND_SEED] = "seed", [DG_KIND_NAME] = "name", [DG_KIND_INT] = "integer",
    [DG_KIND_AMOUNT] = "amount", [DG_KIND_BOOL] = "bool", [DG_KIND_TEXT] = "text",
};
static const char *const group_names[] = {
    [DG_GROUP_MAP] = "map", [DG_GROUP_FAMILY] = "family", [DG_GROUP_CONTENTS] = "contents",
    [DG_GROUP_DRAW] = "draw",
};

static json_t *names_array(const char *const *names, size_t n)
{
    json_t *a = json_array();
    for (size_t i = 0; a && i < n; i++) json_array_append_new(a, json_string(names[i]));
    return a;
}

/* Options with the family set and one other key's value; false when the
 * parser refuses the pair (it never does for listed values). */
static bool probe(dg_options *o, dg_algorithm a, const char *key, const char *value)
{
    dg_options_init(o);
    if (dg_options_set(o, "algorithm", dg_algorithm_name(a), NULL, NULL) != DG_OK) return false;
    return !key || dg_options_set(o, key, value, NULL, NULL) == DG_OK;
}

/* The values of the name keys that decide whether `key` applies to family
 * a: {"layout": ["cavernous"]}; NULL when no such value matters. */
static json_t *when_of(dg_algorithm a, const dg_option_def *key)
{
    json_t *when = NULL;
    dg_options o;
    for (size_t i = 0; dg_option_def_at(i); i++) {
        const dg_option_def *other = dg_option_def_at(i);
        if (other == key || (other->kind != DG_KIND_NAME && other->kind != DG_KIND_BOOL)) continue;
        if (!strcmp(other->name, "algorithm")) continue;
        if (!dg_option_applies(other->name, a) || other->group == DG_GROUP_DRAW) continue;
        static const char *const yes_no[] = {"yes", "no"};
        const char *const *vals = other->kind == DG_KIND_BOOL ? yes_no : other->names;
        size_t n = other->kind == DG_KIND_BOOL ? 2 : other->n_names, fits = 0;
        json_t *list = json_array();
        for (size_t v = 0; list && v < n; v++)
            if (probe(&o, a, other->name, vals[v]) && dg_options_key_applies(&o, key->name)) {
                json_array_append_new(list, json_string(vals[v]));
                fits++;
            }
        /* every value, or none (the key is off for another key's default,
         * e.g. cave_fill under layout=rectangle): this key does not decide */
        if (fits == n || fits == 0 || !list) {
            json_decref(list);
            continue;
        }
        if (!when) when = json_object();
        json_object_set_new(when, other->name, list);
    }
    return when;
}

static json_t *key_json(const dg_option_def *d, const dg_limits *lim)
{
    json_t *k = json_object();
    json_object_set_new(k, "name", json_string(d->name));
    json_object_set_new(k, "kind", json_string(kind_names[d->kind]));
    json_object_set_new(k, "group", json_string(group_names[d->group]));
    if (d->kind == DG_KIND_NAME || d->kind == DG_KIND_AMOUNT)
        json_object_set_new(k, "values", names_array(d->names, d->n_names));
    if (d->kind == DG_KIND_BOOL) {
        static const char *const yes_no[] = {"no", "yes"};
        json_object_set_new(k, "values", names_array(yes_no, 2));
    }
    if (d->n_aliases) {
        json_t *al = json_object();
        for (size_t i = 0; i < d->n_aliases; i++)
            json_object_set_new(al, d->aliases[i], json_string(d->names[d->alias_values[i]]));
        json_object_set_new(k, "aliases", al);
    }
    if (d->kind == DG_KIND_AMOUNT) {
        json_t *am = json_object();
        for (size_t i = 0; i < d->n_names; i++) json_object_set_new(am, d->names[i], json_integer(d->amounts[i]));
        json_object_set_new(k, "amounts", am);
    }
    if (d->kind == DG_KIND_INT || d->kind == DG_KIND_AMOUNT) {
        int hi = d->limit == DG_LIMIT_DIM ? lim->max_dim : d->limit == DG_LIMIT_CELL ? lim->max_cell : d->hi;
        json_object_set_new(k, "min", json_integer(d->lo));
        json_object_set_new(k, "max", json_integer(hi));
        /* a deployment limit: the most any deployment may allow */
        if (d->limit) json_object_set_new(k, "cap", json_integer(d->limit == DG_LIMIT_DIM ? DG_MAX_DIM : DG_MAX_CELL_PX));
        if (d->odd) json_object_set_new(k, "odd", json_true());
    }
    if (d->kind == DG_KIND_SEED) json_object_set_new(k, "max_bytes", json_integer(d->hi));
    if (d->kind == DG_KIND_TEXT) json_object_set_new(k, "max_chars", json_integer(d->hi));
    /* the default as the key's own value, or the sentence saying where it comes from */
    json_t *def;
    if (d->def_note) def = json_null();
    else if (d->kind == DG_KIND_NAME) def = json_string(dg_option_value_name(d, d->def));
    else if (d->kind == DG_KIND_BOOL) def = json_string(d->def ? "yes" : "no");
    else if (d->kind == DG_KIND_INT || d->kind == DG_KIND_AMOUNT) def = json_integer(d->def);
    else def = json_null();
    json_object_set_new(k, "default", def);
    if (d->def_note) json_object_set_new(k, "default_from", json_string(d->def_note));
    json_t *fams = json_array();
    for (int a = 0; a < DG_ALGO_COUNT; a++)
        if (dg_option_applies(d->name, (dg_algorithm)a))
            json_array_append_new(fams, json_string(dg_algorithm_name((dg_algorithm)a)));
    json_object_set_new(k, "families", fams);
    json_t *when = json_object();
    for (int a = 0; a < DG_ALGO_COUNT; a++) {
        if (!dg_option_applies(d->name, (dg_algorithm)a)) continue;
        json_t *w = when_of((dg_algorithm)a, d);
        if (w) json_object_set_new(when, dg_algorithm_name((dg_algorithm)a), w);
    }
    if (json_object_size(when)) json_object_set_new(k, "when", when);
    else json_decref(when);
    json_object_set_new(k, "description", json_string(d->help));
    return k;
}

/* The size presets: rows, and columns for each layout. */
static json_t *presets_json(void)
{
    json_t *p = json_object(), *sizes = json_object(), *rooms = json_object();
    const dg_option_def *size = dg_option_def_find("size"), *room_size = dg_option_def_find("room_size");
    dg_options o;
    for (size_t i = 0; i < size->n_names; i++) {
        json_t *s = json_object(), *cols = json_object();
        for (int l = 0; l < DG_LAYOUT_COUNT; l++) {
            dg_options_init(&o);
            dg_options_set(&o, "size", size->names[i], NULL, NULL);
            dg_options_set(&o, "layout", dg_layout_name((dg_layout)l), NULL, NULL);
            dg_options_finish(&o, NULL, NULL);
            if (l == 0) json_object_set_new(s, "rows", json_integer(o.rows));
            json_object_set_new(cols, dg_layout_name((dg_layout)l), json_integer(o.cols));
        }
        json_object_set_new(s, "cols", cols);
        json_object_set_new(sizes, size->names[i], s);
    }
    for (size_t i = 0; i < room_size->n_names; i++) {
        dg_options_init(&o);
        dg_options_set(&o, "room_size", room_size->names[i], NULL, NULL);
        dg_options_finish(&o, NULL, NULL);
        json_object_set_new(rooms, room_size->names[i],
                            json_pack("{s:i, s:i}", "room_min", o.room_min, "room_max", o.room_max));
    }
    json_object_set_new(p, "size", sizes);
    json_object_set_new(p, "room_size", rooms);
    return p;
}

json_t *srv_vocabulary_document(const dg_limits *lim)
{
    json_t *doc = json_object(), *keys = json_array(), *fams = json_array(), *fmts = json_array(),
           *styles = json_array();
    json_object_set_new(doc, "generator_version", json_string(DG_GENERATOR_VERSION));
    for (size_t i = 0; dg_option_def_at(i); i++) json_array_append_new(keys, key_json(dg_option_def_at(i), lim));
    for (int a = 0; a < DG_ALGO_COUNT; a++) {
        const dg_family_info *f = dg_family_info_of((dg_algorithm)a);
        json_t *own = json_array(); /* every key it reads */
        for (size_t i = 0; dg_option_def_at(i); i++) {
            const dg_option_def *d = dg_option_def_at(i);
            if (dg_option_applies(d->name, (dg_algorithm)a)) json_array_append_new(own, json_string(d->name));
        }
        json_array_append_new(fams, json_pack("{s:s, s:s, s:b, s:o}", "name", dg_algorithm_name((dg_algorithm)a),
                                              "description", f->help, "places_stairs", f->places_stairs,
                                              "keys", own));
    }
    for (int i = 0; i < DG_FMT_COUNT; i++) {
        const dg_format_info *f = dg_format_info_of((dg_format)i);
        char route[64];
        snprintf(route, sizeof route, "/dungeon.%s", f->ext);
        json_array_append_new(fmts, json_pack("{s:s, s:s, s:s, s:s, s:b, s:s?, s:b, s:b, s:s}", "name",
                                              dg_format_name((dg_format)i), "route", route, "media_type",
                                              f->media_type, "download", f->download, "compressible",
                                              f->compressible, "raster_key", f->raster_key,
                                              "carries_seed", f->carries_seed, "table_image",
                                              f->table_image, "description", f->help));
    }
    for (int s = 0; s < DG_STYLE_COUNT; s++)
        json_array_append_new(styles, json_pack("{s:s, s:s}", "name", dg_style_name((dg_style)s),
                                                "description", dg_style_help((dg_style)s)));
    json_object_set_new(doc, "keys", keys);
    json_object_set_new(doc, "families", fams);
    json_object_set_new(doc, "formats", fmts);
    json_object_set_new(doc, "styles", styles);
    json_object_set_new(doc, "presets", presets_json());
    return doc;
}

dg_status srv_vocabulary_build(srv_asset *a, const dg_limits *lim, dg_error *err)
{
    memset(a, 0, sizeof *a);
    json_t *doc = srv_vocabulary_document(lim);
    char *text = doc ? json_dumps(doc, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    json_decref(doc);
    if (!text) return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory for GET /options");
    a->path = "/options";
    a->data = (const unsigned char *)text;
    a->len = strlen(text);
    a->mime = "application/json";
    snprintf(a->etag, sizeof a->etag, "\"%016llx\"", (unsigned long long)dg_hash64(a->data, a->len, 0x0971095));
    a->gz = srv_gzip(a->data, a->len, 9, &a->gz_len);
    return DG_OK;
}

void srv_vocabulary_free(srv_asset *a)
{
    free((void *)a->data);
    free((void *)a->gz);
    memset(a, 0, sizeof *a);
}
