/* json_oracle_contents.h -- the stocked dungeon's members of the native
 * document built as jansson trees, restated from json_contents.c's header
 * comment: the oracle's half for contents (json_oracle.h includes it). */
#ifndef JSON_ORACLE_CONTENTS_H
#define JSON_ORACLE_CONTENTS_H

#include <jansson.h>
#include <stdio.h>

#include "render_int.h"

static inline json_t *oc_word(dg_words list, int i)
{
    return i >= 0 ? json_string(dg_contents_word(list, i)) : json_null();
}

static inline json_t *oc_int_or_null(int v) { return v ? json_integer(v) : json_null(); }

static inline json_t *oc_encounter(const dg_contents *c, const dg_encounter *e, int room)
{
    if (!e->n_groups) return json_null();
    json_t *monsters = json_array();
    for (int g = 0; g < e->n_groups; g++) {
        const dg_monster *m = dg_monster_info(e->groups[g].monster);
        char id[96];
        dr__bestiary_id(e->groups[g].monster, id, sizeof id);
        json_array_append_new(monsters, json_pack("{s:s,s:i,s:s,s:i,s:i,s:i,s:s,s:s,s:s}", "name", m->name, "count",
                                                  e->groups[g].count, "cr", m->cr, "xp", m->xp, "ac", m->ac, "hp",
                                                  m->hp, "type", dg_creature_type_name(m->type), "size",
                                                  dg_creature_size_name(m->size), "bestiary", id));
        if (e->groups[g].arrives)
            json_object_set_new(json_array_get(monsters, json_array_size(monsters) - 1), "arrives_round",
                                json_integer(e->groups[g].arrives));
    }
    json_t *faction = e->faction >= 0 && e->faction < c->n_factions
                          ? oc_word(DG_WORDS_FACTION_NAME, c->factions[e->faction].name)
                          : json_null();
    json_t *out = json_pack("{s:s,s:I,s:I,s:o,s:b,s:o}", "difficulty", dg_difficulty_name(e->difficulty), "xp",
                            (json_int_t)e->xp, "adjusted_xp", (json_int_t)e->adjusted_xp, "faction", faction, "boss",
                            e->boss && c->floor == 0, "monsters", monsters);
    char text[320];
    int round;
    if (room && dg_contents_reinforcements(c, room, &round, text, sizeof text))
        json_object_set_new(out, "reinforcements", json_pack("{s:i,s:s}", "round", round, "text", text));
    return out;
}

static inline json_t *oc_trap(const dg_trap *t)
{
    const dg_trap_kind *k = dg_trap_kind_info(t->kind);
    char dmg[24], effect[160];
    snprintf(dmg, sizeof dmg, "%dd%d", t->dice, t->die);
    dg_trap_effect(t, effect, sizeof effect);
    return json_pack("{s:s,s:s,s:s,s:i,s:i,s:o,s:o,s:o,s:s,s:s,s:s}", "name", k->name, "severity",
                     dg_severity_name(t->severity), "trigger", dg_trigger_name(t->trigger), "find_dc", t->find_dc,
                     "disable_dc", t->disable_dc, "save", k->attack ? json_null() : json_string(k->save), "save_dc",
                     k->attack ? json_null() : json_integer(t->save_dc), "attack_bonus",
                     k->attack ? json_integer(t->attack_bonus) : json_null(), "damage", dmg, "damage_type",
                     k->damage_type, "effect", effect);
}

static inline json_t *oc_treasure(const dg_treasure *t)
{
    json_t *coins = json_object(), *gems = json_array(), *art = json_array(), *items = json_array();
    for (int c = 0; c < DG_COIN_COUNT; c++) json_object_set_new(coins, dg_coin_name(c), json_integer(t->coins[c]));
    for (int i = 0; i < t->n_gems; i++)
        json_array_append_new(gems, json_pack("{s:s,s:i,s:i}", "name", dg_contents_word(DG_WORDS_GEM, t->gems[i].kind),
                                              "count", t->gems[i].count, "value_gp", t->gems[i].value_gp));
    for (int i = 0; i < t->n_art; i++)
        json_array_append_new(art, json_pack("{s:s,s:i,s:i}", "name", dg_contents_word(DG_WORDS_ART, t->art[i].kind),
                                             "count", t->art[i].count, "value_gp", t->art[i].value_gp));
    for (int i = 0; i < t->n_items; i++) {
        const dg_magic_item *m = dg_magic_item_info(t->items[i]);
        json_array_append_new(
            items, json_pack("{s:s,s:s,s:s,s:s}", "name", dg_magic_item_found_name(t->items[i], t->item_grades[i]),
                             "rarity", dg_rarity_name(dg_magic_item_found_rarity(t->items[i], t->item_grades[i])),
                             "category", m->category, "srd_name", m->name));
    }
    return json_pack("{s:I,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:b}", "value_gp", (json_int_t)dg_treasure_value_gp(t),
                     "coins", coins, "gems", gems, "art", art, "magic_items", items, "container",
                     oc_word(DG_WORDS_CONTAINER, t->container), "lock_dc", oc_int_or_null(t->lock_dc), "trap",
                     t->trapped ? oc_trap(&t->trap) : json_null(), "hidden", t->hidden);
}

static inline json_t *oracle_room_contents(const dg_dungeon *d, int id)
{
    const dg_contents *c = d->contents;
    const dg_room_contents *r = c && c->depth != DG_DEPTH_NONE ? dg_contents_room(c, id) : NULL;
    if (!r) return json_null();
    dg_buf line;
    dg_buf_init(&line);
    if (dr__key_summary(&line, r, NULL) != DG_OK) return NULL;
    json_t *summary = json_stringn((const char *)line.data, line.len);
    dg_buf_fini(&line);
    json_t *features = json_array(), *traps = json_array(), *hidden = json_array(), *keys = json_array();
    for (int i = 0; i < r->n_dressing; i++)
        json_array_append_new(features, json_string(dg_contents_word(DG_WORDS_DRESSING, r->dressing[i])));
    for (int i = 0; i < r->n_traps; i++) json_array_append_new(traps, oc_trap(&r->traps[i]));
    for (int i = 0; i < r->n_hidden; i++)
        json_array_append_new(hidden, json_pack("{s:s,s:i}", "feature",
                                                dg_contents_word(DG_WORDS_HIDDEN, r->hidden[i].kind), "dc",
                                                r->hidden[i].dc));
    for (size_t i = 0; i < c->n_doors; i++)
        if (c->doors[i].key_room == id) json_array_append_new(keys, json_integer((json_int_t)i));
    json_t *clues = json_array(), *held = json_array();
    for (int k = 0; k < r->n_clues; k++) {
        char t[512];
        dg_clue_text(c, r, k, t, sizeof t);
        json_array_append_new(clues, json_pack("{s:s,s:i,s:i}", "text", t, "room", r->clues[k].room, "floor",
                                               r->clues[k].floor));
    }
    for (size_t i = 0; i < c->n_doors; i++) {
        if (c->doors[i].key_room != id) continue;
        const char *by = dg_key_held_by(c, i), *in = dg_key_hidden_in(c, i);
        json_array_append_new(held, json_pack("{s:I,s:o,s:o}", "door", (json_int_t)i, "held_by",
                                              by ? json_string(by) : json_null(), "hidden_in",
                                              in ? json_string(in) : json_null()));
    }
    json_t *marks = json_array();
    for (int i = 0; i < r->n_traps; i++)
        json_array_append_new(marks, json_pack("{s:s,s:i,s:i}", "kind", "trap", "x", r->trap_cells[i].x, "y",
                                               r->trap_cells[i].y));
    if (r->n_keys)
        json_array_append_new(marks, json_pack("{s:s,s:i,s:i}", "kind", "key", "x", r->key_cell.x, "y", r->key_cell.y));
    if (r->n_hidden)
        json_array_append_new(marks, json_pack("{s:s,s:i,s:i}", "kind", "hidden", "x", r->hidden_cell.x, "y",
                                               r->hidden_cell.y));
    char aloud[1024];
    dg_contents_read_aloud(c, id, aloud, sizeof aloud);
    return json_pack("{s:o,s:i,s:o,s:o,s:o,s:o,s:s,s:b,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o}", "summary", summary, "distance",
                     r->distance, "purpose", oc_word(DG_WORDS_PURPOSE, r->purpose), "features", features, "sound",
                     oc_word(DG_WORDS_SOUND, r->sound), "smell", oc_word(DG_WORDS_SMELL, r->smell), "read_aloud",
                     aloud, "water", r->water, "hazard", oc_word(DG_WORDS_HAZARD, r->hazard), "encounter",
                     oc_encounter(c, &r->encounter, id), "traps", traps, "treasure",
                     r->has_treasure ? oc_treasure(&r->treasure) : json_null(), "hidden", hidden, "keys", keys, "clues", clues, "keys_held", held,
                     "marks", marks);
}

static inline json_t *oracle_door_lock(const dg_dungeon *d, size_t i)
{
    const dg_contents *c = d->contents;
    const dg_door *door = &d->doors[i];
    if (!c || c->depth == DG_DEPTH_NONE || i >= c->n_doors || door->type == DG_DOOR_ARCH) return json_null();
    const dg_door_contents *l = &c->doors[i];
    json_t *secret = l->secret >= 0 ? json_pack("{s:s,s:i}", "how", dg_contents_word(DG_WORDS_SECRET, l->secret),
                                                "dc", l->secret_dc)
                                    : json_null();
    json_t *lock = json_pack("{s:o,s:i,s:i,s:i,s:o,s:o,s:o,s:o}", "material",
                     door->type == DG_DOOR_PORTC ? json_null()
                                                 : json_string(dg_contents_word(DG_WORDS_DOOR_MATERIAL, l->material)),
                     "ac", l->ac, "hp", l->hp, "break_dc", l->break_dc, "lock_dc", oc_int_or_null(l->lock_dc),
                     "key_room", oc_int_or_null(l->key_room), "trap", l->trapped ? oc_trap(&l->trap) : json_null(),
                     "secret", secret);
    if (l->designed) json_object_set_new(lock, "designed", json_true()); /* the designed lock alone */
    if (l->same_key) json_object_set_new(lock, "same_key", json_true()); /* the lair's other doors, loops=many */
    return lock;
}

/* The top-level members, set on root: those after the permalink, then
 * those after the exits. */
static inline void oracle_contents_head(const dg_dungeon *d, json_t *root)
{
    const dg_contents *c = d->contents;
    char name[DG_STOCK_NAME_BYTES + 64];
    if (c) dg_contents_name(c, name, sizeof name);
    else dg_contents_default_name(d->opts.seed, name, sizeof name);
    json_object_set_new(root, "name", json_string(name));
    json_object_set_new(root, "level", json_integer(d->opts.level));
    json_object_set_new(root, "party", json_integer(d->opts.party));
    json_object_set_new(root, "motif", json_string(dg_motif_name((int)d->opts.motif)));
    json_object_set_new(root, "contents", json_string(dg_depth_name((int)d->opts.contents)));
    static const char *const dangers[] = {"easy", "standard", "hard", "deadly"};
    json_object_set_new(root, "danger", json_string(dangers[d->opts.danger]));
    if (d->opts.rules == DG_RULES_2024) json_object_set_new(root, "rules", json_string("2024")); /* 2014 unsaid */
}

static inline json_t *oc_who(const dg_adv_who *w)
{
    const dg_monster *m = dg_monster_info(w->monster);
    return json_pack("{s:o,s:i,s:i}", "name", m ? json_string(m->name) : json_null(), "room", w->room, "floor", w->floor);
}

/* The adventure, restated from json_contents.c's comment. */
static inline json_t *oc_adventure(const dg_contents *c)
{
    const dg_adventure *a = c ? c->adventure : NULL;
    if (!a) return json_null();
    char t[1024], u[1024];
    dg_adventure_text(c, DG_ADV_HOOK, 0, t, sizeof t);
    dg_adventure_text(c, DG_ADV_PATRON, 0, u, sizeof u);
    json_t *hook = json_pack("{s:s,s:s,s:I}", "text", t, "patron", u, "reward_gp", (json_int_t)a->reward_gp);
    dg_adventure_text(c, DG_ADV_GOAL, 0, t, sizeof t);
    json_t *goal = json_pack("{s:s,s:i,s:i}", "text", t, "room", a->goal.room, "floor", a->goal.floor);
    json_t *factions = json_array(), *rumours = json_array(), *responders = json_array(), *chapters = json_array();
    for (int f = 0; f < a->n_factions; f++) {
        const dg_adv_faction *af = &a->factions[f];
        json_t *rival = json_null();
        if (af->rival >= 0) {
            dg_adventure_text(c, DG_ADV_FACTION_NAME, af->rival, t, sizeof t);
            dg_adventure_text(c, DG_ADV_RIVALRY, f, u, sizeof u);
            rival = json_pack("{s:s,s:s}", "name", t, "reason", u);
        }
        char name[256], kind[256], want[512];
        dg_adventure_text(c, DG_ADV_FACTION_NAME, f, name, sizeof name);
        dg_adventure_text(c, DG_ADV_FACTION_KIND, f, kind, sizeof kind);
        dg_adventure_text(c, DG_ADV_WANT, f, want, sizeof want);
        json_array_append_new(factions, json_pack("{s:s,s:s,s:o,s:b,s:s,s:s,s:o}", "name", name, "kind", kind, "leader",
                                                  oc_who(&af->leader), "led", af->led,
                                                  "want", want, "attitude",
                                                  dg_attitude_name(af->attitude), "rival", rival));
    }
    for (int i = 0; i < DG_ADV_RUMOURS; i++) {
        const dg_adv_rumour *r = &a->rumours[i];
        dg_adventure_text(c, DG_ADV_RUMOUR, i, t, sizeof t);
        json_array_append_new(rumours, json_pack("{s:i,s:s,s:b,s:s,s:o,s:o}", "roll", i + 1, "text", t, "true", r->truth,
                                                 "truth", r->truth ? "true" : r->half ? "half" : "false", "room", oc_int_or_null(r->about.room), "floor",
                                                 oc_int_or_null(r->about.room ? r->about.floor : 0)));
    }
    for (int i = 0; i < a->n_responders; i++)
        json_array_append_new(responders, json_pack("{s:i,s:i,s:i,s:b}", "room", a->responders[i].who.room, "floor",
                                                    a->responders[i].who.floor, "rounds", a->responders[i].rounds,
                                                    "led", dg_monster_gives_orders(a->responders[i].who.monster)));
    dg_adventure_text(c, DG_ADV_ALARM, 0, t, sizeof t);
    json_t *alarm = json_pack("{s:s,s:o}", "trigger", t, "responders", responders);
    for (int i = 0; i < a->n_chapters; i++) {
        const dg_monster *m = dg_monster_info(a->chapters[i].boss.monster);
        dg_adventure_text(c, DG_ADV_CHAPTER, i, t, sizeof t);
        json_array_append_new(chapters, json_pack("{s:i,s:s,s:{s:s,s:i}}", "floor", a->chapters[i].floor, "text", t,
                                                  "boss", "name", m ? m->name : "", "room",
                                                  a->chapters[i].boss.room));
    }
    return json_pack("{s:o,s:o,s:o,s:o,s:o,s:o}", "hook", hook, "goal", goal, "factions", factions, "rumours",
                     rumours, "alarm", alarm, "chapters", chapters);
}

static inline void oracle_contents_tail(const dg_dungeon *d, json_t *root)
{
    const dg_contents *c = d->contents;
    bool stocked = c && c->depth != DG_DEPTH_NONE, full = stocked && c->depth == DG_DEPTH_FULL;
    json_object_set_new(root, "entrance", stocked ? json_pack("{s:i,s:i,s:o}", "x", c->entrance.x, "y", c->entrance.y,
                                                              "room", oc_int_or_null(c->entrance_room))
                                                  : json_null());
    json_object_set_new(root, "lair", stocked && c->farthest_room ? json_integer(c->farthest_room) : json_null());
    json_t *details = json_null();
    if (full) {
        json_t *factions = json_array();
        for (int f = 0; f < c->n_factions; f++)
            json_array_append_new(factions, json_pack("{s:s,s:s}", "name",
                                                      dg_contents_word(DG_WORDS_FACTION_NAME, c->factions[f].name),
                                                      "kind", dg_contents_word(DG_WORDS_FACTION, c->factions[f].kind)));
        const dg_details *t = &c->details;
        const dg_monster *boss = c->floor == 0 ? dg_monster_info(c->boss) : NULL;
        details = json_pack("{s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o}", "floor", oc_word(DG_WORDS_FLOOR, t->floor),
                            "walls", oc_word(DG_WORDS_WALLS, t->walls), "temperature",
                            oc_word(DG_WORDS_TEMPERATURE, t->temperature), "illumination",
                            oc_word(DG_WORDS_ILLUMINATION, t->illumination), "special",
                            oc_word(DG_WORDS_SPECIAL, t->special), "history", oc_word(DG_WORDS_HISTORY, c->history),
                            "origin", oc_word(DG_WORDS_ORIGIN, c->origin), "boss",
                            boss ? json_pack("{s:s,s:i}", "name", boss->name, "room", c->farthest_room) : json_null(),
                            "factions", factions);
    }
    json_object_set_new(root, "details", details);
    json_object_set_new(root, "adventure", oc_adventure(c));
    json_t *wandering = json_array(), *features = json_array();
    for (int i = 0; stocked && i < c->n_wandering; i++)
        json_array_append_new(wandering, json_pack("{s:i,s:s,s:o}", "roll", i + 1, "activity",
                                                   dg_contents_word(DG_WORDS_ACTIVITY, c->wandering[i].activity),
                                                   "encounter", oc_encounter(c, &c->wandering[i].encounter, 0)));
    for (int i = 0; stocked && i < c->n_corridor_features; i++) {
        const dg_corridor_feature *f = &c->corridor_features[i];
        json_t *cells = json_array();
        for (int k = 0; k < f->n_cells; k++)
            json_array_append_new(cells, json_pack("{s:i,s:i}", "x", f->cells[k].x, "y", f->cells[k].y));
        char key[2] = {(char)('a' + i), '\0'};
        json_array_append_new(features, json_pack("{s:s,s:s,s:o}", "key", key, "feature",
                                                  dg_contents_word(DG_WORDS_CORRIDOR, f->kind), "cells", cells));
    }
    json_object_set_new(root, "wandering_monsters", wandering);
    json_object_set_new(root, "corridor_features", features);
    json_t *drawn = json_array(); /* the map's features, water a square an entry, at any depth */
    for (size_t i = 0; c && i < c->n_features; i++)
        json_array_append_new(drawn, json_pack("{s:s,s:i,s:i,s:i}", "kind", dg_feature_name((int)c->features[i].kind),
                                               "room", c->features[i].room, "x", c->features[i].at.x, "y",
                                               c->features[i].at.y));
    json_object_set_new(root, "map_features", drawn);
    json_object_set_new(root, "attribution", json_string(d->opts.rules == DG_RULES_2024 ? DG_SRD_ATTRIBUTION_2024
                                                                                        : DG_SRD_ATTRIBUTION));
}

/* "bestiary": restated from json_contents.c's comment. */
static inline json_t *oracle_bestiary(const dg_dungeon *d)
{
    static const char *const sections[DG_SB_SECTIONS] = {"traits", "actions", "bonus_actions", "reactions",
                                                         "legendary_actions"};
    dr__bestiary b;
    dr__bestiary_of(d, &b);
    json_t *out = json_array();
    for (int i = 0; i < b.n; i++) {
        const dg_monster *m = dg_monster_info(b.monster[i]);
        const dg_statblock *sb = dg_monster_statblock(b.monster[i]);
        char id[96];
        dr__bestiary_id(b.monster[i], id, sizeof id);
        json_t *o = json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:i,s:s,s:i,s:s,s:s}", "id", id, "name", m->name, "size",
                              dg_creature_size_name(m->size), "type", dg_creature_type_name(m->type), "subtype",
                              m->subtype, "alignment", sb->alignment, "ac", m->ac, "armor", sb->armor, "hp", m->hp,
                              "hit_dice", sb->hit_dice, "speed", sb->speed);
        json_object_set_new(o, "abilities",
                            json_pack("{s:i,s:i,s:i,s:i,s:i,s:i}", "str", sb->scores[0], "dex", sb->scores[1], "con",
                                      sb->scores[2], "int", sb->scores[3], "wis", sb->scores[4], "cha",
                                      sb->scores[5]));
        json_t *rest = json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:i,s:i}", "saving_throws", sb->saves,
                                        "skills", sb->skills, "damage_vulnerabilities", sb->vulnerabilities,
                                        "damage_resistances", sb->resistances, "damage_immunities", sb->immunities,
                                        "condition_immunities", sb->condition_immunities, "senses", sb->senses,
                                        "languages", sb->languages, "cr", m->cr, "xp", m->xp, "proficiency_bonus",
                                        sb->proficiency);
        json_object_update(o, rest);
        json_decref(rest);
        if (sb->has_initiative) { /* 2024 stat blocks */
            json_object_set_new(o, "initiative", json_integer(sb->initiative));
            json_object_set_new(o, "gear", json_string(sb->gear));
        }
        for (int s = 0; s < DG_SB_SECTIONS; s++) {
            int n;
            const dg_statblock_entry *e = dg_statblock_section(sb, s, &n);
            json_t *a = json_array();
            for (int k = 0; k < n; k++)
                json_array_append_new(a, json_pack("{s:s,s:s}", "name", e[k].name, "text", e[k].text));
            json_object_set_new(o, sections[s], a);
        }
        json_array_append_new(out, o);
    }
    return out;
}

#endif
