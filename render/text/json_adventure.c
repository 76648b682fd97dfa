/* json_adventure.c -- the adventure in the native JSON document (the top
 * floor's "adventure" member; null on the floors below and below depth
 * full): hook, goal, factions, rumours, alarm and chapters, each creature
 * it names as {name, room, floor}. The layout is listed with the rest of
 * the contents in json_contents.c's head. */
#include <stdio.h>
#include <string.h>

#include "json_write.h"
#include "render_int.h"

/* {name, room, floor} of a creature the adventure names. */
static void who_json(dr__jw *w, const char *key, const dg_adv_who *who)
{
    const dg_monster *m = dg_monster_info(who->monster);
    dr__jw_key(w, key);
    dr__jw_object_begin(w);
    if (m) dr__jw_key_string(w, "name", m->name);
    else dr__jw_key_null(w, "name");
    dr__jw_key_int(w, "room", who->room);
    dr__jw_key_int(w, "floor", who->floor);
    dr__jw_object_end(w);
}

/* The adventure (the top floor's; null on the floors below and below
 * depth full): hook, goal, factions, rumours, alarm, chapters. */
void dr__json_adventure(dr__jw *w, const dg_contents *c)
{
    const dg_adventure *a = c ? c->adventure : NULL;
    dr__jw_key(w, "adventure");
    if (!a) {
        dr__jw_null(w);
        return;
    }
    char t[1024];
    dr__jw_object_begin(w);
    dr__jw_key(w, "hook");
    dr__jw_object_begin(w);
    dg_adventure_text(c, DG_ADV_HOOK, 0, t, sizeof t);
    dr__jw_key_string(w, "text", t);
    dg_adventure_text(c, DG_ADV_PATRON, 0, t, sizeof t);
    dr__jw_key_string(w, "patron", t);
    dr__jw_key_int(w, "reward_gp", a->reward_gp);
    dr__jw_object_end(w);
    dr__jw_key(w, "goal");
    dr__jw_object_begin(w);
    dg_adventure_text(c, DG_ADV_GOAL, 0, t, sizeof t);
    dr__jw_key_string(w, "text", t);
    dr__jw_key_int(w, "room", a->goal.room);
    dr__jw_key_int(w, "floor", a->goal.floor);
    dr__jw_object_end(w);
    dr__jw_key(w, "factions");
    dr__jw_array_begin(w);
    for (int f = 0; f < a->n_factions; f++) {
        const dg_adv_faction *af = &a->factions[f];
        dr__jw_object_begin(w);
        dg_adventure_text(c, DG_ADV_FACTION_NAME, f, t, sizeof t);
        dr__jw_key_string(w, "name", t);
        dg_adventure_text(c, DG_ADV_FACTION_KIND, f, t, sizeof t);
        dr__jw_key_string(w, "kind", t);
        who_json(w, "leader", &af->leader);
        /* whether the leader leads ("Led by"), or is only the faction's
         * strongest (a clay golem holding its lair) */
        dr__jw_key(w, "led");
        dr__jw_bool(w, af->led);
        dg_adventure_text(c, DG_ADV_WANT, f, t, sizeof t);
        dr__jw_key_string(w, "want", t);
        dr__jw_key_string(w, "attitude", dg_attitude_name(af->attitude));
        dr__jw_key(w, "rival");
        if (af->rival >= 0) {
            dr__jw_object_begin(w);
            dg_adventure_text(c, DG_ADV_FACTION_NAME, af->rival, t, sizeof t);
            dr__jw_key_string(w, "name", t);
            dg_adventure_text(c, DG_ADV_RIVALRY, f, t, sizeof t);
            dr__jw_key_string(w, "reason", t);
            dr__jw_object_end(w);
        } else {
            dr__jw_null(w);
        }
        dr__jw_object_end(w);
    }
    dr__jw_array_end(w);
    dr__jw_key(w, "rumours");
    dr__jw_array_begin(w);
    for (int i = 0; i < DG_ADV_RUMOURS; i++) {
        const dg_adv_rumour *ru = &a->rumours[i];
        dr__jw_object_begin(w);
        dr__jw_key_int(w, "roll", i + 1);
        dg_adventure_text(c, DG_ADV_RUMOUR, i, t, sizeof t);
        dr__jw_key_string(w, "text", t);
        dr__jw_key(w, "true");
        dr__jw_bool(w, ru->truth);
        /* for the GM: "true" alone cannot tell a lie from a half-truth */
        dr__jw_key_string(w, "truth", ru->truth ? "true" : ru->half ? "half" : "false");
        dr__jw_key_int_or_null(w, "room", ru->about.room);
        dr__jw_key_int_or_null(w, "floor", ru->about.room ? ru->about.floor : 0);
        dr__jw_object_end(w);
    }
    dr__jw_array_end(w);
    dr__jw_key(w, "alarm");
    dr__jw_object_begin(w);
    dg_adventure_text(c, DG_ADV_ALARM, 0, t, sizeof t);
    dr__jw_key_string(w, "trigger", t);
    dr__jw_key(w, "responders");
    dr__jw_array_begin(w);
    for (int i = 0; i < a->n_responders; i++) {
        dr__jw_object_begin(w);
        dr__jw_key_int(w, "room", a->responders[i].who.room);
        dr__jw_key_int(w, "floor", a->responders[i].who.floor);
        dr__jw_key_int(w, "rounds", a->responders[i].rounds);
        /* whether the group's head gives orders ("led by"), or only runs
         * at the front (a flying sword) */
        dr__jw_key(w, "led");
        dr__jw_bool(w, dg_monster_gives_orders(a->responders[i].who.monster));
        dr__jw_object_end(w);
    }
    dr__jw_array_end(w);
    dr__jw_object_end(w);
    dr__jw_key(w, "chapters");
    dr__jw_array_begin(w);
    for (int i = 0; i < a->n_chapters; i++) {
        dr__jw_object_begin(w);
        dr__jw_key_int(w, "floor", a->chapters[i].floor);
        dg_adventure_text(c, DG_ADV_CHAPTER, i, t, sizeof t);
        dr__jw_key_string(w, "text", t);
        dr__jw_key(w, "boss");
        dr__jw_object_begin(w);
        const dg_monster *m = dg_monster_info(a->chapters[i].boss.monster);
        dr__jw_key_string(w, "name", m ? m->name : "");
        dr__jw_key_int(w, "room", a->chapters[i].boss.room);
        dr__jw_object_end(w);
        dr__jw_object_end(w);
    }
    dr__jw_array_end(w);
    dr__jw_object_end(w);
}
