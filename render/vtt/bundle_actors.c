/* bundle_actors.c -- the Foundry module's creatures: one Actor per creature
 * kind the key names (bestiary.c's list), an "npc" as the dnd5e 5.x
 * system's own SRD packs give one: its `system` (bundle_npc.c) with the
 * same keys at every depth as the pack of its rules (dnd5e.monsters for
 * 2014, dnd5e.actors24 for 2024), filled from the product's stat-block
 * table (data/srd_statblocks*.c) with the whole stat block as the
 * biography; each trait, action, bonus action, reaction and legendary
 * action an item of type "feat" with an attack or save activity when it
 * rolls one (bundle_items.c); the dnd5e system's token art where it has
 * the creature. Each actor names its entry in the dnd5e SRD compendium
 * (dnd5e_monster_ids.c) as _stats.compendiumSource, so a GM can swap to
 * the system's own actor; a creature the pack lacks names none. What is
 * not here: spell items (the biography lists the spells), the pack's
 * "weapon" items (a feat's attack activity rolls the same). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bundle_int.h"

static json_t *str_of(const dg_buf *b) { return json_stringn(b->data ? (const char *)b->data : "", b->len); }

/* The Actor of one monster. */
static json_t *actor(dr__jb *j, uint64_t base, const char *folder_id, int monster, int sort)
{
    const dg_monster *m = dg_monster_info(monster);
    const dg_statblock *sb = dg_monster_statblock(monster);
    if (!m || !sb) return NULL;
    char id[17];
    dr__bundle_id(base, "actor", monster, 0, id);
    dg_buf md, html;
    dg_buf_init(&md);
    dg_buf_init(&html);
    json_t *a = NULL, *items = dr__jb_array(j);
    if (j->rc == DG_OK) j->rc = dr__key_statblock(&md, monster, NULL, j->err);
    if (j->rc == DG_OK) j->rc = dr__md_to_html((const char *)md.data, md.len, 0, &html, j->err);
    int k = 0;
    for (int s = 0; s < DG_SB_SECTIONS && j->rc == DG_OK; s++) {
        int n;
        const dg_statblock_entry *e = dg_statblock_section(sb, s, &n);
        for (int i = 0; i < n && j->rc == DG_OK; i++, k++) dr__jb_push(j, items, dr__bundle_feat(j, base, monster, k, s, &e[i], &md));
    }
    if (j->rc != DG_OK) goto done;

    double squares = dr__bundle_token_size(monster);
    a = json_pack("{s:s,s:s,s:s,s:s}", "_id", id, "name", m->name, "type", "npc", "img", dr__bundle_token_art(monster));
    if (!a) dr__jb_fail(j);
    dr__jb_set(j, a, "system", dr__bundle_npc_system(j, monster, str_of(&html)));
    dr__jb_set(j, a, "prototypeToken",
               json_pack("{s:s,s:i,s:b,s:o,s:o,s:i,s:i,s:{s:s},s:{s:s},s:{s:b},s:b}", "name", m->name,
                         "displayName", 20, "actorLink", 0, "width", dr__bundle_number(squares), "height",
                         dr__bundle_number(squares), "disposition", -1,
                         "displayBars", 40, "bar1", "attribute", "attributes.hp", "texture", "src", dr__bundle_token_art(monster),
                         "sight", "enabled", 0, "appendNumber", 1));
    dr__jb_set(j, a, "items", items);
    items = NULL;
    dr__jb_set(j, a, "effects", json_array());
    dr__jb_set(j, a, "folder", json_string(folder_id));
    dr__jb_set(j, a, "sort", json_integer(sort));
    dr__jb_set(j, a, "ownership", json_pack("{s:i}", "default", 0));
    json_t *st = dr__bundle_stats(true), *flags = dr__jb_object(j);
    const char *pack, *src = dr__bundle_compendium_id(monster, &pack);
    if (src) {
        char uuid[64];
        snprintf(uuid, sizeof uuid, "Compendium.dnd5e.%s.Actor.%s", pack, src);
        dr__jb_set(j, st, "compendiumSource", json_string(uuid));
    }
    dr__jb_set(j, a, "flags", flags);
    dr__jb_set(j, a, "_stats", st);
done:
    json_decref(items);
    dg_buf_fini(&md);
    dg_buf_fini(&html);
    if (j->rc != DG_OK) {
        json_decref(a);
        a = NULL;
    }
    return a;
}

dg_status dr__bundle_actors(uint64_t base, const char *folder_id, const dr__bestiary *kinds, json_t **out, dg_error *err)
{
    dr__jb j = {err, DG_OK};
    json_t *a = dr__jb_array(&j);
    for (int i = 0; i < kinds->n && j.rc == DG_OK; i++) {
        json_t *v = actor(&j, base, folder_id, kinds->monster[i], (i + 1) * 100000);
        if (v) dr__jb_push(&j, a, v);
    }
    if (j.rc != DG_OK) {
        json_decref(a);
        a = NULL;
    }
    *out = a;
    return j.rc;
}
