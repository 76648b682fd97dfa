/* adventure_factions.c -- who wants what. Each floor gets a third faction
 * beside the concept's one or two (the same on every floor, drawn from
 * the concept's seed): the place's own guardians, when the holders' cast
 * mixes the living who came to loot with the dead or the made who keep
 * the place (a tomb's mummies are never one faction with its robbers), or
 * else a splinter: the holders' cast that answers to no one (the rooms
 * stocking left without a faction). Then, over every floor, each faction
 * with anyone in a room gets a leader (the master for the holders, else
 * its strongest leader), a want, an attitude to the party and a rival
 * with a reason. */
#include "stock_int.h"

#define PART_NAME 0x5000000
#define WARY_PERCENT 35        /* holders whose chief talks: wary, not hostile */
#define BARGAIN_PERCENT 70     /* rivals and splinters that talk: ready to deal */

/* Whether the theme's cast holds both the living (humanoids) and keepers
 * (undead, constructs), in a place built to be kept (a tomb, temple or
 * vault); the order of mages made its constructs, so they are its own. */
static bool splits(const dg_contents *c)
{
    if (c->theme == DG_MOTIF_ARCANE - 1) return false;
    if (c->origin != DG__ORIGIN_TOMB && c->origin != DG__ORIGIN_TEMPLE && c->origin != DG__ORIGIN_VAULT) return false;
    const dg__theme *t = dg__theme_of(c->theme);
    const dg__srd *s = dg__srd_of(DG_RULES_2014);
    bool living = false, keepers = false;
    for (int role = DG__ROLE_LEADER; role <= DG__ROLE_BEAST; role++)
        for (int k = 0; k < DG__CAST_MAX && t->cast[role][k]; k++) {
            int id = dg__srd_cast(s, t->cast[role][k]);
            const dg_monster *m = dg_monster_info(id);
            if (!m) continue;
            living |= m->type == DG_TYPE_HUMANOID && role != DG__ROLE_BEAST;
            keepers |= dg__adv_guardian(id);
        }
    return living && keepers;
}

/* Which faction an encounter is in, once the third is known. */
static void mark(dg_encounter *e, bool guardians)
{
    if (!e->n_groups) return;
    if (guardians) {
        if (e->faction >= 0 && dg__adv_guardian(e->groups[0].monster)) e->faction = 2;
    } else if (e->faction < 0) {
        e->faction = 2;
    }
}

void dg__adventure_factions_mark(dg_contents *c)
{
    c->factions[0].role = DG_FACTION_HOLDERS;
    if (c->n_factions > 1) c->factions[1].role = DG_FACTION_RIVALS;
    if (c->n_factions >= DG_MAX_FACTIONS) return;
    bool guardians = splits(c);
    dg_rng r = dg__stock_stream(c->concept_seed, DG__STREAM_ADVENTURE, PART_NAME);
    int k = (int)dg__rng_below(&r, DG__ADV_FACTION_NAMES / 2) + (guardians ? DG__ADV_FACTION_NAMES / 2 : 0);
    dg_faction *f = &c->factions[c->n_factions];
    f->kind = c->theme;
    f->name = DG__THEME_COUNT * DG__THEME_NAMES + k;
    f->role = guardians ? DG_FACTION_GUARDIANS : DG_FACTION_SPLINTER;
    int third = c->n_factions++;
    for (size_t i = 0; i < c->n_rooms; i++) {
        dg_encounter *e = &c->rooms[i].encounter;
        mark(e, guardians);
        if (e->faction == 2) e->faction = third;
    }
    for (int w = 0; w < c->n_wandering; w++) {
        dg_encounter *e = &c->wandering[w].encounter;
        mark(e, guardians);
        if (e->faction == 2) e->faction = third;
    }
}

/* The faction's leader: the master in the top floor's lair for the
 * holders, else the mightiest of its rooms' creatures, one who gives
 * orders before one who cannot. */
static bool leader_of(dg_contents *const *floors, int n, int f, dg_adv_who *who)
{
    const dg_contents *top = floors[0];
    if (f == 0 && top->farthest_room) {
        const dg_room_contents *rc = &top->rooms[top->farthest_room - 1];
        if (rc->encounter.n_groups && rc->encounter.faction == 0) {
            *who = (dg_adv_who){rc->encounter.groups[0].monster, rc->id, 1, rc->purpose};
            return true;
        }
    }
    long best = -1;
    for (int fl = 0; fl < n; fl++)
        for (size_t i = 0; i < floors[fl]->n_rooms; i++) {
            const dg_room_contents *rc = &floors[fl]->rooms[i];
            const dg_encounter *e = &rc->encounter;
            if (!e->n_groups || e->faction != f) continue;
            /* one who can give orders first: a golem leads nobody, nor
             * does a rug of smothering where quasits lie beside it (any
             * group there from the start, not only the room's head) */
            for (int g = 0; g < e->n_groups; g++) {
                if (e->groups[g].arrives) continue;
                int m = e->groups[g].monster;
                long xp = dg_monster_info(m)->xp + (dg__adv_talks(m) ? 1000000L : 0);
                if (xp > best) {
                    best = xp;
                    *who = (dg_adv_who){m, rc->id, fl + 1, rc->purpose};
                }
            }
        }
    return best >= 0;
}

static int code(int table, int i) { return table * DG__ADV_TABLE_STEP + i; }

/* Themes whose want is a beast's already (a brood's nests, a swarm's
 * breeding, gnolls' hunger): said whoever leads. */
static bool beasts_theme(int kind)
{
    return kind == DG_MOTIF_ABANDONED - 1 || kind == DG_MOTIF_VERMIN - 1 || kind == DG__THEME_GNOLLS;
}

void dg__adventure_leaders(dg_adventure *a, dg_contents *const *floors, int n, dg_rng *r)
{
    const dg_contents *top = floors[0];
    a->n_factions = 0;
    for (int f = 0; f < top->n_factions; f++) {
        dg_adv_faction *af = &a->factions[a->n_factions];
        if (!leader_of(floors, n, f, &af->leader)) continue;
        af->faction = f;
        af->rival = af->reason = -1;
        bool talks = dg__adv_talks(af->leader.monster);
        /* the holders' leader is the master in the lair where there is
         * one (leader_of), who rules by fear whether it speaks or not (an
         * ettercap, an ogre: the chapter says so) */
        af->led = talks || (f == 0 && top->boss >= 0 && af->leader.monster == top->boss);
        switch (top->factions[f].role) {
        case DG_FACTION_HOLDERS:
        case DG_FACTION_RIVALS:
            /* a people's want needs a people: with nobody to lead or
             * speak for them (a drowned tribe of giant crabs), a beast's
             * (chosen by theme, not drawn: no later draw moves) */
            af->want = !af->led && !beasts_theme(top->factions[f].kind)
                           ? code(DG__ADV_T_SPLINTER_WANT, 4 + top->factions[f].kind % 2)
                           : code(DG__ADV_T_THEME_WANT, top->factions[f].kind);
            af->attitude = !talks ? DG_ATTITUDE_HOSTILE
                           : top->factions[f].role == DG_FACTION_RIVALS
                               ? (dg__rng_percent(r, BARGAIN_PERCENT) ? DG_ATTITUDE_BARGAINING : DG_ATTITUDE_WARY)
                               : (dg__rng_percent(r, WARY_PERCENT) ? DG_ATTITUDE_WARY : DG_ATTITUDE_HOSTILE);
            break;
        case DG_FACTION_SPLINTER:
            af->want = code(DG__ADV_T_SPLINTER_WANT, (talks ? 0 : 2) + (int)dg__rng_below(r, 2));
            af->attitude = !talks ? DG_ATTITUDE_HOSTILE
                           : dg__rng_percent(r, BARGAIN_PERCENT) ? DG_ATTITUDE_BARGAINING : DG_ATTITUDE_DESPERATE;
            break;
        default:
            af->want = code(DG__ADV_T_GUARDIAN_WANT, (int)dg__rng_below(r, 2));
            af->attitude = talks ? DG_ATTITUDE_WARY : DG_ATTITUDE_HOSTILE;
            break;
        }
        a->n_factions++;
    }
    /* rivals: the holders and the first other; every later one against the holders */
    if (a->n_factions < 2 || a->factions[0].faction != 0) {
        if (a->n_factions >= 2) { /* no holders in any room: the two others fall out */
            a->factions[0].rival = 1;
            a->factions[1].rival = 0;
            a->factions[0].reason = a->factions[1].reason = (int)dg__rng_below(r, 3);
        }
        return;
    }
    for (int k = 1; k < a->n_factions; k++) {
        dg_faction_role role = top->factions[a->factions[k].faction].role;
        a->factions[k].rival = 0;
        int pick = (int)dg__rng_below(r, 2);
        /* a splinter with no master to hate quarrelled over spoils */
        if (role == DG_FACTION_SPLINTER && top->boss < 0) pick = 0;
        a->factions[k].reason = role == DG_FACTION_RIVALS    ? (int)dg__rng_below(r, 3)
                                : role == DG_FACTION_SPLINTER ? 4 + pick
                                                              : 6 + pick;
        /* golems and oozes that broke away quarrelled over no spoils and
         * had no chief to lose: they went their own way, and are hunted */
        bool mute = role == DG_FACTION_SPLINTER && !dg__adv_talks(a->factions[k].leader.monster);
        if (mute) a->factions[k].reason = 12;
        if (k == 1) {
            a->factions[0].rival = 1;
            a->factions[0].reason = role == DG_FACTION_RIVALS    ? a->factions[1].reason
                                    : mute                        ? 13
                                    : role == DG_FACTION_SPLINTER ? 8 + pick
                                                                  : 10 + pick;
        }
    }
}
