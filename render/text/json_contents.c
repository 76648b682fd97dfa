/* json_contents.c -- the stocked dungeon (stock/dg_contents.h) in the native
 * JSON document: the members json.c places at the top level, each room's
 * "contents" and each door's "lock". Structured numbers for scripts and
 * VTT modules, words from the model's tables; the prose is md.c's.
 *
 *   name, level, party, motif, contents (depth)      top level
 *   entrance {x, y, room}, lair (room id)             top level
 *   details {floor, walls, temperature, illumination, special|null,
 *            history, factions [{name, kind}]}        top level; null below full
 *   adventure {hook {text, patron, reward_gp}, goal {text, room, floor},
 *            factions [{name, kind, leader {name, room, floor}, led, want, attitude,
 *            rival {name, reason}|null}], rumours [{roll, text, true, truth, room|null,
 *            floor|null}], alarm {trigger, responders [{room, floor, rounds, led}]},
 *            chapters [{floor, text, boss {name, room}}]}   top floor; else null
 *   wandering_monsters [{roll 1..6, activity, encounter}]
 *   corridor_features [{key "a".., feature, cells [{x, y}]}]
 *   rules "2024"                                       top level, after danger; absent at 2014
 *   attribution                                        SRD 5.1 or 5.2.1, CC BY 4.0
 *   room.contents  null (contents=none) or {summary, distance, purpose|null,
 *            features [..], sound|null, smell|null, encounter|null, traps [..],
 *            treasure|null, hidden [{feature, dc}], keys [door index..],
 *            clues [{text, room, floor}], keys_held [{door, held_by|null, hidden_in|null}],
 *            marks [{kind, x, y}]}
 *   encounter {difficulty, xp, adjusted_xp, faction|null,
 *              monsters [{name, count, cr, xp, ac, hp, type, size, bestiary,
 *              [arrives_round]}], [reinforcements {round, text}]}
 *            (bestiary: the id of the creature's entry in "bestiary";
 *            arrives_round and reinforcements only where a wave joins the
 *            fight later: the groups with arrives_round, and the GM's line)
 *   bestiary [{id, name, size, type, subtype, alignment, ac, armor, hp,
 *             hit_dice, speed, abilities {str..cha}, saving_throws, skills,
 *             damage_vulnerabilities, damage_resistances, damage_immunities,
 *             condition_immunities, senses, languages, cr, xp,
 *             proficiency_bonus, [initiative, gear: 2024 only,] traits,
 *             actions, bonus_actions, reactions,
 *             legendary_actions [{name, text}]}]   top level, every floor's
 *            kinds once, by name; texts as the SRD prints them, "" none
 *   trap     {name, severity, trigger, find_dc, disable_dc, save|null,
 *             save_dc|null, attack_bonus|null, damage "4d10", damage_type, effect}
 *   treasure {value_gp, coins {cp..pp}, gems [{name, count, value_gp}],
 *             art [{name, count, value_gp}], magic_items [{name, rarity, category, srd_name}],
 *             container|null, lock_dc|null, trap|null, hidden}
 *   door.lock null (contents=none, archways) or {material|null, ac, hp,
 *             break_dc, lock_dc|null, key_room|null, trap|null, secret|null}
 *             secret {how, dc} */
#include <stdio.h>
#include <string.h>

#include "json_write.h"
#include "render_int.h"

static void key_word(dr__jw *w, const char *key, dg_words list, int i)
{
    if (i >= 0) dr__jw_key_string(w, key, dg_contents_word(list, i));
    else dr__jw_key_null(w, key);
}

/* room: the room's id (its reinforcements' words), 0 a wandering row */
static void encounter_json(dr__jw *w, const dg_contents *c, const dg_encounter *e, int room)
{
    if (!e->n_groups) {
        dr__jw_null(w);
        return;
    }
    dr__jw_object_begin(w);
    dr__jw_key_string(w, "difficulty", dg_difficulty_name(e->difficulty));
    dr__jw_key_int(w, "xp", e->xp);
    dr__jw_key_int(w, "adjusted_xp", e->adjusted_xp);
    if (e->faction >= 0 && e->faction < c->n_factions)
        key_word(w, "faction", DG_WORDS_FACTION_NAME, c->factions[e->faction].name);
    else
        dr__jw_key_null(w, "faction");
    dr__jw_key(w, "boss");
    dr__jw_bool(w, dg_encounter_led_by_master(c, e));
    dr__jw_key(w, "monsters");
    dr__jw_array_begin(w);
    for (int g = 0; g < e->n_groups; g++) {
        const dg_monster *m = dg_monster_info(e->groups[g].monster);
        dr__jw_object_begin(w);
        dr__jw_key_string(w, "name", m->name);
        dr__jw_key_int(w, "count", e->groups[g].count);
        dr__jw_key_string(w, "cr", m->cr);
        dr__jw_key_int(w, "xp", m->xp);
        dr__jw_key_int(w, "ac", m->ac);
        dr__jw_key_int(w, "hp", m->hp);
        dr__jw_key_string(w, "type", dg_creature_type_name(m->type));
        dr__jw_key_string(w, "size", dg_creature_size_name(m->size));
        char id[96];
        dr__bestiary_id(e->groups[g].monster, id, sizeof id);
        dr__jw_key_string(w, "bestiary", id);
        if (e->groups[g].arrives) dr__jw_key_int(w, "arrives_round", e->groups[g].arrives);
        dr__jw_object_end(w);
    }
    dr__jw_array_end(w);
    char text[320];
    int round;
    if (room && dg_contents_reinforcements(c, room, &round, text, sizeof text)) {
        dr__jw_key(w, "reinforcements");
        dr__jw_object_begin(w);
        dr__jw_key_int(w, "round", round);
        dr__jw_key_string(w, "text", text);
        dr__jw_object_end(w);
    }
    dr__jw_object_end(w);
}

static void trap_json(dr__jw *w, const dg_trap *t)
{
    const dg_trap_kind *k = dg_trap_kind_info(t->kind);
    char dmg[24];
    snprintf(dmg, sizeof dmg, "%dd%d", t->dice, t->die);
    dr__jw_object_begin(w);
    dr__jw_key_string(w, "name", k->name);
    dr__jw_key_string(w, "severity", dg_severity_name(t->severity));
    dr__jw_key_string(w, "trigger", dg_trigger_name(t->trigger));
    dr__jw_key_int(w, "find_dc", t->find_dc);
    dr__jw_key_int(w, "disable_dc", t->disable_dc);
    if (k->attack) {
        dr__jw_key_null(w, "save");
        dr__jw_key_null(w, "save_dc");
        dr__jw_key_int(w, "attack_bonus", t->attack_bonus);
    } else {
        dr__jw_key_string(w, "save", k->save);
        dr__jw_key_int(w, "save_dc", t->save_dc);
        dr__jw_key_null(w, "attack_bonus");
    }
    dr__jw_key_string(w, "damage", dmg);
    dr__jw_key_string(w, "damage_type", k->damage_type);
    char effect[160];
    dg_trap_effect(t, effect, sizeof effect);
    dr__jw_key_string(w, "effect", effect);
    dr__jw_object_end(w);
}

/* Gems or art objects: a lot a line, its name, count and value each. */
static void valuables(dr__jw *w, const char *key, dg_words words, const dg_valuable *v, int n)
{
    dr__jw_key(w, key);
    dr__jw_array_begin(w);
    for (int i = 0; i < n; i++) {
        dr__jw_object_begin(w);
        dr__jw_key_string(w, "name", dg_contents_word(words, v[i].kind));
        dr__jw_key_int(w, "count", v[i].count);
        dr__jw_key_int(w, "value_gp", v[i].value_gp);
        dr__jw_object_end(w);
    }
    dr__jw_array_end(w);
}

static void treasure_json(dr__jw *w, const dg_treasure *t)
{
    dr__jw_object_begin(w);
    dr__jw_key_int(w, "value_gp", dg_treasure_value_gp(t));
    dr__jw_key(w, "coins");
    dr__jw_object_begin(w);
    for (int c = 0; c < DG_COIN_COUNT; c++) dr__jw_key_int(w, dg_coin_name(c), t->coins[c]);
    dr__jw_object_end(w);
    valuables(w, "gems", DG_WORDS_GEM, t->gems, t->n_gems);
    valuables(w, "art", DG_WORDS_ART, t->art, t->n_art);
    dr__jw_key(w, "magic_items");
    dr__jw_array_begin(w);
    for (int i = 0; i < t->n_items; i++) {
        const dg_magic_item *m = dg_magic_item_info(t->items[i]);
        dr__jw_object_begin(w);
        dr__jw_key_string(w, "name", dg_magic_item_found_name(t->items[i], t->item_grades[i]));
        dr__jw_key_string(w, "rarity", dg_rarity_name(dg_magic_item_found_rarity(t->items[i], t->item_grades[i])));
        dr__jw_key_string(w, "category", m->category);
        dr__jw_key_string(w, "srd_name", m->name);
        dr__jw_object_end(w);
    }
    dr__jw_array_end(w);
    key_word(w, "container", DG_WORDS_CONTAINER, t->container);
    dr__jw_key_int_or_null(w, "lock_dc", t->lock_dc);
    dr__jw_key(w, "trap");
    if (t->trapped) trap_json(w, &t->trap);
    else dr__jw_null(w);
    dr__jw_key(w, "hidden");
    dr__jw_bool(w, t->hidden);
    dr__jw_object_end(w);
}

/* A square the map marks for the GM: {kind, x, y}. */
static void mark_json(dr__jw *w, const char *kind, dg_point at)
{
    dr__jw_object_begin(w);
    dr__jw_key_string(w, "kind", kind);
    dr__jw_key_int(w, "x", at.x);
    dr__jw_key_int(w, "y", at.y);
    dr__jw_object_end(w);
}

/* The one line contents=basic promises: donjon's summary words. */
static void summary_json(dr__jw *w, const dg_room_contents *r, dg_buf *scratch, dg_error *err)
{
    dg_buf_reset(scratch);
    dg_status rc = dr__key_summary(scratch, r, err);
    if (rc == DG_OK) dr__jw_stringn(w, (const char *)scratch->data, scratch->len);
    else dr__jw_fail(w, rc);
}

void dr__json_room_contents(dr__jw *w, const dg_dungeon *d, int id, dg_buf *scratch, dg_error *err)
{
    const dg_contents *c = d->contents;
    const dg_room_contents *r = c && c->depth != DG_DEPTH_NONE ? dg_contents_room(c, id) : NULL;
    if (!r) {
        dr__jw_null(w);
        return;
    }
    dr__jw_object_begin(w);
    dr__jw_key(w, "summary");
    summary_json(w, r, scratch, err);
    dr__jw_key_int(w, "distance", r->distance);
    key_word(w, "purpose", DG_WORDS_PURPOSE, r->purpose);
    dr__jw_key(w, "features");
    dr__jw_array_begin(w);
    for (int i = 0; i < r->n_dressing; i++) dr__jw_string(w, dg_contents_word(DG_WORDS_DRESSING, r->dressing[i]));
    dr__jw_array_end(w);
    key_word(w, "sound", DG_WORDS_SOUND, r->sound);
    key_word(w, "smell", DG_WORDS_SMELL, r->smell);
    char aloud[1024];
    dg_contents_read_aloud(c, id, aloud, sizeof aloud);
    dr__jw_key_string(w, "read_aloud", aloud);
    dr__jw_key(w, "water");
    dr__jw_bool(w, r->water);
    key_word(w, "hazard", DG_WORDS_HAZARD, r->hazard);
    dr__jw_key(w, "encounter");
    encounter_json(w, c, &r->encounter, id);
    dr__jw_key(w, "traps");
    dr__jw_array_begin(w);
    for (int i = 0; i < r->n_traps; i++) trap_json(w, &r->traps[i]);
    dr__jw_array_end(w);
    dr__jw_key(w, "treasure");
    if (r->has_treasure) treasure_json(w, &r->treasure);
    else dr__jw_null(w);
    dr__jw_key(w, "hidden");
    dr__jw_array_begin(w);
    for (int i = 0; i < r->n_hidden; i++) {
        dr__jw_object_begin(w);
        dr__jw_key_string(w, "feature", dg_contents_word(DG_WORDS_HIDDEN, r->hidden[i].kind));
        dr__jw_key_int(w, "dc", r->hidden[i].dc);
        dr__jw_object_end(w);
    }
    dr__jw_array_end(w);
    dr__jw_key(w, "keys");
    dr__jw_array_begin(w);
    for (size_t i = 0; i < c->n_doors; i++)
        if (c->doors[i].key_room == id) dr__jw_int(w, (int64_t)i);
    dr__jw_array_end(w);
    /* the adventure's: what points elsewhere, and who holds the keys here */
    dr__jw_key(w, "clues");
    dr__jw_array_begin(w);
    for (int k = 0; k < r->n_clues; k++) {
        char t[512];
        dg_clue_text(c, r, k, t, sizeof t);
        dr__jw_object_begin(w);
        dr__jw_key_string(w, "text", t);
        dr__jw_key_int(w, "room", r->clues[k].room);
        dr__jw_key_int(w, "floor", r->clues[k].floor);
        dr__jw_object_end(w);
    }
    dr__jw_array_end(w);
    dr__jw_key(w, "keys_held");
    dr__jw_array_begin(w);
    for (size_t i = 0; i < c->n_doors; i++) {
        if (c->doors[i].key_room != id) continue;
        const char *by = dg_key_held_by(c, i), *in = dg_key_hidden_in(c, i);
        dr__jw_object_begin(w);
        dr__jw_key_int(w, "door", (int64_t)i);
        if (by) dr__jw_key_string(w, "held_by", by);
        else dr__jw_key_null(w, "held_by");
        if (in) dr__jw_key_string(w, "hidden_in", in);
        else dr__jw_key_null(w, "hidden_in");
        dr__jw_object_end(w);
    }
    dr__jw_array_end(w);
    dr__jw_key(w, "marks");
    dr__jw_array_begin(w);
    for (int i = 0; i < r->n_traps; i++) mark_json(w, "trap", r->trap_cells[i]);
    if (r->n_keys) mark_json(w, "key", r->key_cell);
    if (r->n_hidden) mark_json(w, "hidden", r->hidden_cell);
    dr__jw_array_end(w);
    dr__jw_object_end(w);
}

void dr__json_door_lock(dr__jw *w, const dg_dungeon *d, size_t i)
{
    const dg_contents *c = d->contents;
    const dg_door *door = &d->doors[i];
    if (!c || c->depth == DG_DEPTH_NONE || i >= c->n_doors || door->type == DG_DOOR_ARCH) {
        dr__jw_null(w);
        return;
    }
    const dg_door_contents *l = &c->doors[i];
    dr__jw_object_begin(w);
    if (door->type == DG_DOOR_PORTC) dr__jw_key_null(w, "material");
    else dr__jw_key_string(w, "material", dg_contents_word(DG_WORDS_DOOR_MATERIAL, l->material));
    dr__jw_key_int(w, "ac", l->ac);
    dr__jw_key_int(w, "hp", l->hp);
    dr__jw_key_int(w, "break_dc", l->break_dc);
    dr__jw_key_int_or_null(w, "lock_dc", l->lock_dc);
    dr__jw_key_int_or_null(w, "key_room", l->key_room);
    dr__jw_key(w, "trap");
    if (l->trapped) trap_json(w, &l->trap);
    else dr__jw_null(w);
    dr__jw_key(w, "secret");
    if (l->secret >= 0) {
        dr__jw_object_begin(w);
        dr__jw_key_string(w, "how", dg_contents_word(DG_WORDS_SECRET, l->secret));
        dr__jw_key_int(w, "dc", l->secret_dc);
        dr__jw_object_end(w);
    } else {
        dr__jw_null(w);
    }
    /* last, and only on the designed lock: other doors' JSON keeps its bytes */
    if (l->designed) {
        dr__jw_key(w, "designed");
        dr__jw_bool(w, true);
    }
    /* loops=many: another of the lair's doors, opened by the designed one's key */
    if (l->same_key) {
        dr__jw_key(w, "same_key");
        dr__jw_bool(w, true);
    }
    dr__jw_object_end(w);
}

void dr__json_contents_head(dr__jw *w, const dg_dungeon *d)
{
    const dg_contents *c = d->contents;
    char name[DG_STOCK_NAME_BYTES + 64];
    if (c) dg_contents_name(c, name, sizeof name);
    else dg_contents_default_name(d->opts.seed, name, sizeof name);
    dr__jw_key_string(w, "name", name);
    dr__jw_key_int(w, "level", d->opts.level);
    dr__jw_key_int(w, "party", d->opts.party);
    dr__jw_key_string(w, "motif", dg_motif_name((int)d->opts.motif));
    dr__jw_key_string(w, "contents", dg_depth_name((int)d->opts.contents));
    dr__jw_key_string(w, "danger", dg_option_value_name(dg_option_def_find("danger"), (int)d->opts.danger));
    /* the default unsaid, so documents made before the key keep their
     * bytes; the attribution names the SRD either way */
    if (d->opts.rules != DG_RULES_2014) dr__jw_key_string(w, "rules", dg_rules_name((int)d->opts.rules));
}

void dr__json_contents_tail(dr__jw *w, const dg_dungeon *d, dg_buf *scratch, dg_error *err)
{
    const dg_contents *c = d->contents;
    bool stocked = c && c->depth != DG_DEPTH_NONE, full = stocked && c->depth == DG_DEPTH_FULL;
    dr__jw_key(w, "entrance");
    if (stocked) {
        dr__jw_object_begin(w);
        dr__jw_key_int(w, "x", c->entrance.x);
        dr__jw_key_int(w, "y", c->entrance.y);
        dr__jw_key_int_or_null(w, "room", c->entrance_room);
        dr__jw_object_end(w);
    } else {
        dr__jw_null(w);
    }
    dr__jw_key(w, "lair");
    if (stocked && c->farthest_room) dr__jw_int(w, c->farthest_room);
    else dr__jw_null(w);
    dr__jw_key(w, "details");
    if (full) {
        const dg_details *t = &c->details;
        dr__jw_object_begin(w);
        key_word(w, "floor", DG_WORDS_FLOOR, t->floor);
        key_word(w, "walls", DG_WORDS_WALLS, t->walls);
        key_word(w, "temperature", DG_WORDS_TEMPERATURE, t->temperature);
        key_word(w, "illumination", DG_WORDS_ILLUMINATION, t->illumination);
        key_word(w, "special", DG_WORDS_SPECIAL, t->special);
        key_word(w, "history", DG_WORDS_HISTORY, c->history);
        key_word(w, "origin", DG_WORDS_ORIGIN, c->origin);
        dr__jw_key(w, "boss");
        const dg_monster *boss = c->floor == 0 ? dg_monster_info(c->boss) : NULL;
        if (boss) {
            dr__jw_object_begin(w);
            dr__jw_key_string(w, "name", boss->name);
            dr__jw_key_int(w, "room", c->farthest_room);
            dr__jw_object_end(w);
        } else {
            dr__jw_null(w);
        }
        dr__jw_key(w, "factions");
        dr__jw_array_begin(w);
        for (int f = 0; f < c->n_factions; f++) {
            dr__jw_object_begin(w);
            dr__jw_key_string(w, "name", dg_contents_word(DG_WORDS_FACTION_NAME, c->factions[f].name));
            dr__jw_key_string(w, "kind", dg_contents_word(DG_WORDS_FACTION, c->factions[f].kind));
            dr__jw_object_end(w);
        }
        dr__jw_array_end(w);
        dr__jw_object_end(w);
    } else {
        dr__jw_null(w);
    }
    dr__json_adventure(w, c);
    dr__jw_key(w, "wandering_monsters");
    dr__jw_array_begin(w);
    for (int i = 0; stocked && i < c->n_wandering; i++) {
        dr__jw_object_begin(w);
        dr__jw_key_int(w, "roll", i + 1);
        dr__jw_key_string(w, "activity", dg_contents_word(DG_WORDS_ACTIVITY, c->wandering[i].activity));
        dr__jw_key(w, "encounter");
        encounter_json(w, c, &c->wandering[i].encounter, 0);
        dr__jw_object_end(w);
    }
    dr__jw_array_end(w);
    dr__jw_key(w, "corridor_features");
    dr__jw_array_begin(w);
    for (int i = 0; stocked && i < c->n_corridor_features; i++) {
        const dg_corridor_feature *f = &c->corridor_features[i];
        char key[4] = {(char)('a' + i), '\0'};
        dr__jw_object_begin(w);
        dr__jw_key_string(w, "key", key);
        dr__jw_key_string(w, "feature", dg_contents_word(DG_WORDS_CORRIDOR, f->kind));
        dr__jw_key(w, "cells");
        dr__jw_array_begin(w);
        for (int k = 0; k < f->n_cells; k++) {
            dr__jw_object_begin(w);
            dr__jw_key_int(w, "x", f->cells[k].x);
            dr__jw_key_int(w, "y", f->cells[k].y);
            dr__jw_object_end(w);
        }
        dr__jw_array_end(w);
        dr__jw_object_end(w);
    }
    dr__jw_array_end(w);
    /* what the map draws (water a square an entry), any depth: pillars=yes
     * needs no key */
    dr__jw_key(w, "map_features");
    dr__jw_array_begin(w);
    for (size_t i = 0; c && i < c->n_features; i++) {
        const dg_map_feature *f = &c->features[i];
        dr__jw_object_begin(w);
        dr__jw_key_string(w, "kind", dg_feature_name((int)f->kind));
        dr__jw_key_int(w, "room", f->room);
        dr__jw_key_int(w, "x", f->at.x);
        dr__jw_key_int(w, "y", f->at.y);
        dr__jw_object_end(w);
    }
    dr__jw_array_end(w);
    (void)scratch;
    (void)err;
    dr__jw_key_string(w, "attribution", dg_rules_attribution(d->opts.rules));
}

static const char *const ability_keys[6] = {"str", "dex", "con", "int", "wis", "cha"};
static const char *const section_keys[DG_SB_SECTIONS] = {"traits", "actions", "bonus_actions", "reactions",
                                                         "legendary_actions"};

static void statblock_json(dr__jw *w, int monster)
{
    const dg_monster *m = dg_monster_info(monster);
    const dg_statblock *sb = dg_monster_statblock(monster);
    char id[96];
    dr__bestiary_id(monster, id, sizeof id);
    dr__jw_object_begin(w);
    dr__jw_key_string(w, "id", id);
    dr__jw_key_string(w, "name", m->name);
    dr__jw_key_string(w, "size", dg_creature_size_name(m->size));
    dr__jw_key_string(w, "type", dg_creature_type_name(m->type));
    dr__jw_key_string(w, "subtype", m->subtype);
    dr__jw_key_string(w, "alignment", sb->alignment);
    dr__jw_key_int(w, "ac", m->ac);
    dr__jw_key_string(w, "armor", sb->armor);
    dr__jw_key_int(w, "hp", m->hp);
    dr__jw_key_string(w, "hit_dice", sb->hit_dice);
    dr__jw_key_string(w, "speed", sb->speed);
    dr__jw_key(w, "abilities");
    dr__jw_object_begin(w);
    for (int a = 0; a < 6; a++) dr__jw_key_int(w, ability_keys[a], sb->scores[a]);
    dr__jw_object_end(w);
    dr__jw_key_string(w, "saving_throws", sb->saves);
    dr__jw_key_string(w, "skills", sb->skills);
    dr__jw_key_string(w, "damage_vulnerabilities", sb->vulnerabilities);
    dr__jw_key_string(w, "damage_resistances", sb->resistances);
    dr__jw_key_string(w, "damage_immunities", sb->immunities);
    dr__jw_key_string(w, "condition_immunities", sb->condition_immunities);
    dr__jw_key_string(w, "senses", sb->senses);
    dr__jw_key_string(w, "languages", sb->languages);
    dr__jw_key_string(w, "cr", m->cr);
    dr__jw_key_int(w, "xp", m->xp);
    dr__jw_key_int(w, "proficiency_bonus", sb->proficiency);
    if (sb->has_initiative) { /* 2024 stat blocks only: 2014 documents keep their bytes */
        dr__jw_key_int(w, "initiative", sb->initiative);
        dr__jw_key_string(w, "gear", sb->gear);
    }
    for (int s = 0; s < DG_SB_SECTIONS; s++) {
        int n;
        const dg_statblock_entry *e = dg_statblock_section(sb, s, &n);
        dr__jw_key(w, section_keys[s]);
        dr__jw_array_begin(w);
        for (int k = 0; k < n; k++) {
            dr__jw_object_begin(w);
            dr__jw_key_string(w, "name", e[k].name);
            dr__jw_key_string(w, "text", e[k].text);
            dr__jw_object_end(w);
        }
        dr__jw_array_end(w);
    }
    dr__jw_object_end(w);
}

void dr__json_bestiary(dr__jw *w, const dg_dungeon *d)
{
    dr__bestiary b;
    dr__bestiary_of(d, &b);
    dr__jw_key(w, "bestiary");
    dr__jw_array_begin(w);
    for (int i = 0; i < b.n; i++) statblock_json(w, b.monster[i]);
    dr__jw_array_end(w);
}
