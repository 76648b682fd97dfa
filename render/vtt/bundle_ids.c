/* bundle_ids.c -- what every piece of the Foundry module (foundry_bundle.c,
 * bundle_actors.c, bundle_journal.c, bundle_tokens.c, bundle_scene.c)
 * builds on: document ids drawn from the dungeon's seed, never from a
 * clock or an address, so the same options give the same module; and the
 * module's one way of failing out of memory. */
#include <stdio.h>

#include "bundle_int.h"

/* A 16-character Foundry id (base 62) from (kind, a, c) under base. */
void dr__bundle_id(uint64_t base, const char *kind, int a, int c, char out[17])
{
    static const char abc[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    char text[64];
    int n = snprintf(text, sizeof text, "%s:%d:%d", kind, a, c);
    uint64_t h[2] = {dg_hash64(text, (size_t)n, base), dg_hash64(text, (size_t)n, ~base)};
    for (int i = 0; i < 16; i++) {
        out[i] = abc[h[i / 8] % 62];
        h[i / 8] /= 62;
    }
    out[16] = '\0';
}

/* A Foundry id from (kind, a, c) under b->base. */
void dr__bundle_make_id(const dr__bundle *b, const char *kind, int a, int c, char out[17])
{
    dr__bundle_id(b->base, kind, a, c, out);
}

bool dr__bundle_oom(dr__bundle *b)
{
    if (b->rc == DG_OK)
        b->rc = dg__nomem(b->err, "building the foundry bundle");
    return false;
}

/* Appends v to array a (stealing it); false (and b->rc set) on failure. */
bool dr__bundle_push(dr__bundle *b, json_t *a, json_t *v)
{
    if (!v || json_array_append_new(a, v)) return dr__bundle_oom(b);
    return true;
}
