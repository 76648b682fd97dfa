/* fuzz_srv_json.c -- libFuzzer target for POST /dungeon bodies: the body
 * goes through srv_kv_from_json() and then srv_map_req_parse() with the
 * format the Accept header picked (first input byte). Checked against
 * jansson's own reading of the same bytes: every non-null member becomes
 * one pair in order, strings unchanged, integers and reals as text that
 * reads back to the same number, booleans as yes/no; arrays, objects,
 * non-objects and invalid JSON (bad UTF-8, NUL, duplicate keys, huge
 * numbers) are well-formed refusals naming a parameter, and so are
 * members of a type their key cannot take (seed -1, rooms 7), naming it. An accepted body
 * parses the same twice and takes its format from "format", else Accept. */
#include <math.h>
#include <strings.h>

#include <jansson.h>

#include "fuzz_srv.h"

/* The pairs must be exactly the scalar members of root, in order. */
static void check_pairs(const srv_kv *kv, json_t *root)
{
    size_t i = 0;
    const char *key;
    json_t *v;
    json_object_foreach(root, key, v) {
        if (json_is_null(v)) continue;
        check(json_is_string(v) || json_is_number(v) || json_is_boolean(v));
        check(i < kv->n && !strcmp(kv->keys[i], key));
        const char *s = kv->values[i];
        char *end = NULL;
        switch (json_typeof(v)) {
        case JSON_STRING: check(!strcmp(s, json_string_value(v))); break;
        case JSON_INTEGER: check(strtoll(s, &end, 10) == json_integer_value(v) && !*end); break;
        case JSON_REAL: {
            double d = strtod(s, &end);
            check(!*end && (d == json_real_value(v) || (isnan(d) && isnan(json_real_value(v)))));
            break;
        }
        case JSON_TRUE: check(!strcmp(s, "yes")); break;
        case JSON_FALSE: check(!strcmp(s, "no")); break;
        default: check(0);
        }
        i++;
    }
    check(i == kv->n);
}

/* A member of root named key in any case (errors name keys as the core
 * spells them: "seed" for "Seed"). */
static bool has_key(json_t *root, const char *key)
{
    const char *k;
    json_t *v;
    json_object_foreach(root, k, v) if (!strcasecmp(k, key)) return true;
    return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0) return 0;
    dg_format accept = (dg_format)(data[0] % DG_FMT_COUNT);
    data++;
    size--;

    srv_kv kv;
    srv_kv_init(&kv);
    dg_error err = { 0 };
    dg_status rc = srv_kv_from_json(&kv, (const char *)data, size, NULL, &err);
    json_t *root = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES, NULL);
    if (rc != DG_OK) {
        check_error_key(&err, rc, root && json_is_object(root) && json_object_get(root, ""));
        /* refused: not a JSON object, a non-scalar member, too many, or
         * a member of a type its key cannot take (named: it is in root) */
        if (root && json_is_object(root) && rc != DG_ELIMIT) {
            bool nested = false;
            const char *k;
            json_t *v;
            json_object_foreach(root, k, v) nested |= json_is_array(v) || json_is_object(v);
            check(nested || has_key(root, err.param));
        }
    } else {
        check(root && json_is_object(root));
        check_pairs(&kv, root);

        srv_map_req a, b;
        dg_error ea = { 0 }, eb = { 0 };
        dg_status ra = srv_map_req_parse(&a, &kv, -1, accept, NULL, &ea);
        dg_status rb = srv_map_req_parse(&b, &kv, -1, accept, NULL, &eb);
        check(ra == rb);
        if (ra != DG_OK) {
            check_error_key(&ea, ra, kv_has_empty_key(&kv));
            check(!memcmp(&ea, &eb, sizeof ea));
        } else {
            const char *named = NULL;
            for (size_t i = 0; i < kv.n; i++)
                if (!strcasecmp(kv.keys[i], "format")) named = kv.values[i];
            if (!named) check(a.o.format == accept);
            check(a.o.format == b.o.format && a.seed_named == b.seed_named && a.download == b.download);
            if (a.seed_named) check(!strcmp(a.key, b.key));
        }
        srv_map_req_fini(&a);
        srv_map_req_fini(&b);
    }
    json_decref(root);
    srv_kv_fini(&kv);
    return 0;
}
