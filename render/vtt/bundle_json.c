/* bundle_json.c -- what every part of the Foundry module builds with: the
 * jansson calls that remember the first failure (dr__jb_*, bundle_int.h),
 * the _stats block, a number as Foundry's CLI writes it, dnd5e's size keys
 * and the squares a token covers, and a creature's entry in the dnd5e SRD
 * compendium and its token art. The module's files (actors, items, npc,
 * scene, tokens, journal, key) stand on this one; it stands on none of them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle_int.h"

/* the token of a creature the dnd5e system has no art for */
#define ACTOR_IMG "icons/svg/mystery-man.svg"

bool dr__jb_fail(dr__jb *j)
{
    if (j->rc == DG_OK) j->rc = dg__nomem(j->err, "building the foundry bundle's actors");
    return false;
}

/* After a failure o may be gone already (dropped with its parent): only v
 * is let go. jansson drops v itself when it cannot set it. */
bool dr__jb_set(dr__jb *j, json_t *o, const char *key, json_t *v)
{
    if (j->rc != DG_OK) {
        json_decref(v);
        return false;
    }
    if (!v || json_object_set_new(o, key, v)) return dr__jb_fail(j);
    return true;
}

bool dr__jb_push(dr__jb *j, json_t *a, json_t *v)
{
    if (j->rc != DG_OK) {
        json_decref(v);
        return false;
    }
    if (!v || json_array_append_new(a, v)) return dr__jb_fail(j);
    return true;
}

json_t *dr__jb_object(dr__jb *j)
{
    json_t *o = json_object();
    if (!o) dr__jb_fail(j);
    return o;
}

json_t *dr__jb_array(dr__jb *j)
{
    json_t *a = json_array();
    if (!a) dr__jb_fail(j);
    return a;
}

json_t *dr__bundle_stats(bool dnd5e)
{
    json_t *s = json_pack("{s:s}", "coreVersion", DG_BUNDLE_CORE_VERSION);
    if (s && dnd5e &&
        (json_object_set_new(s, "systemId", json_string("dnd5e")) ||
         json_object_set_new(s, "systemVersion", json_string(DG_BUNDLE_DND5E_VERSION)))) {
        json_decref(s);
        s = NULL;
    }
    return s;
}

/* dnd5e's size keys (CONFIG.DND5E.actorSizes) and the grid squares a token
 * of that size covers (its token width and height: tiny takes half). */
static const struct { const char *key; double squares; } sizes[DG_SIZE_COUNT] = {
    [DG_SIZE_TINY] = {"tiny", 0.5}, [DG_SIZE_SMALL] = {"sm", 1},   [DG_SIZE_MEDIUM] = {"med", 1},
    [DG_SIZE_LARGE] = {"lg", 2},    [DG_SIZE_HUGE] = {"huge", 3}, [DG_SIZE_GARGANTUAN] = {"grg", 4},
};

json_t *dr__bundle_number(double v)
{
    /* jansson writes a real 2 as "2.0", JavaScript as "2": Foundry's CLI
     * would rewrite every whole number, so those are integers */
    return v == (double)(json_int_t)v ? json_integer((json_int_t)v) : json_real(v);
}

const char *dr__bundle_size_key(int size)
{
    return size >= 0 && size < DG_SIZE_COUNT ? sizes[size].key : "med";
}

double dr__bundle_token_size(int monster)
{
    const dg_monster *m = dg_monster_info(monster);
    return m && m->size < DG_SIZE_COUNT ? sizes[m->size].squares : 1;
}

const char *dr__bundle_compendium_id(int monster, const char **pack)
{
    *pack = "monsters";
    if (monster >= 0 && (size_t)monster < dr__dnd5e_monster_id_count) return dr__dnd5e_monster_ids[monster];
    /* the 2024 creatures are SRD 5.2's, which dnd5e keeps in a pack of
     * their own (module-registration.mjs redirects the Monster Manual's
     * actors there; the pack's items name their owners
     * "Compendium.dnd5e.actors24.Actor.<id>") */
    *pack = "actors24";
    int i = monster - DG_MONSTER_ID_2024;
    if (i >= 0 && (size_t)i < dr__dnd5e_monster_id_count_2024) return dr__dnd5e_monster_ids_2024[i];
    return NULL;
}

const char *dr__bundle_token_art(int monster)
{
    const char *art = NULL;
    if (monster >= 0 && (size_t)monster < dr__dnd5e_monster_id_count) art = dr__dnd5e_token_art[monster];
    int i = monster - DG_MONSTER_ID_2024;
    if (i >= 0 && (size_t)i < dr__dnd5e_monster_id_count_2024) art = dr__dnd5e_token_art_2024[i];
    return art ? art : ACTOR_IMG;
}

