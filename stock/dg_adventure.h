/* dg_adventure.h -- the adventure of a stocked dungeon: the model of
 * stock/adventure*.c and the accessors of its words. Part of the public
 * stocking interface: dg_contents.h includes it after the model it names
 * (dg_contents, dg_room_contents), and nothing else should. */
#ifndef DG_ADVENTURE_H
#define DG_ADVENTURE_H

/* What makes the key an adventure (stock/adventure*.c): a patron's hook and
 * a goal in a room, the factions' leaders and wants, a rumour table, an
 * alarm and who answers it, a chapter per floor. Drawn from the concept
 * and the stocked floors, from streams of its own after every other draw,
 * so no room, door or wall moves for it. Every room and creature it names
 * is one of the key's (floor 1 the top). Words come from the accessors
 * below: the model holds indices. */
#define DG_ADV_RUMOURS 6         /* a d6 table */
#define DG_ADV_MAX_RESPONDERS (2 * DG_MAX_FLOORS)
#define DG_ATTITUDES(X)                                                       \
    X(DG_ATTITUDE_HOSTILE, "hostile") X(DG_ATTITUDE_WARY, "wary")             \
    X(DG_ATTITUDE_BARGAINING, "bargaining") X(DG_ATTITUDE_DESPERATE, "desperate")
#define DG_X(code, name) code,
typedef enum { DG_ATTITUDES(DG_X) DG_ATTITUDE_COUNT } dg_attitude;
#undef DG_X
/* "hostile", ...; "" out of range. */
const char *dg_attitude_name(int v);

typedef struct {
    int monster;             /* the creature (an id), -1 none */
    int room, floor;         /* where it stands; room 0 none */
    int purpose;             /* what that room was built for (DG_WORDS_PURPOSE), -1 */
} dg_adv_who;

typedef struct {
    int faction;             /* index into the top floor's factions */
    dg_adv_who leader;       /* a group there from the start in a room of that faction */
    /* whether the leader leads ("Led by"): gives orders, or is the
     * dungeon's master, who rules by fear; else only the strongest (a
     * clay golem holding its lair, flying swords) */
    bool led;
    int want;                /* phrase */
    dg_attitude attitude;
    int rival;               /* another entry of the list, -1 none */
    int reason;              /* why they are rivals: phrase, -1 none */
} dg_adv_faction;

typedef struct {
    int text;                /* phrase */
    bool truth, half;        /* true; half-true (truth false) */
    dg_adv_who about;        /* the room (and creature) it points at, room 0 none */
} dg_adv_rumour;

typedef struct {
    dg_adv_who who;          /* the group's leader and its room */
    int rounds;              /* after how many rounds they arrive */
} dg_adv_responder;

typedef struct {
    int floor;               /* 1 the top */
    int text;                /* how the floor ties to the history: phrase */
    dg_adv_who boss;         /* standing in the floor's lair */
} dg_adv_chapter;

typedef struct dg_adventure {
    int patron, stake;       /* phrases: who asks the party in, and why */
    int goal_kind;           /* phrase: slay, recover, rescue, end */
    int goal_object;         /* phrase: what is recovered or ended, -1 */
    long reward_gp;
    dg_adv_who goal;         /* the goal's room (and creature) */
    bool goal_keyed;         /* behind a keyed door rather than the lair */
    int n_factions;
    dg_adv_faction factions[DG_MAX_FACTIONS];
    dg_adv_rumour rumours[DG_ADV_RUMOURS];
    int alarm;               /* what raises it: phrase */
    int n_responders;
    dg_adv_responder responders[DG_ADV_MAX_RESPONDERS];
    int n_chapters;
    dg_adv_chapter chapters[DG_MAX_FLOORS];
} dg_adventure;

/* The adventure's words, snprintf semantics ("" when out of range or no
 * adventure): the hook (patron, stake and reward in one paragraph), the
 * goal, faction f's name, kind, want and rivalry, rumour i, the alarm, the
 * chapter of floor index i, a responder line. c is the top floor's. */
typedef enum {
    DG_ADV_HOOK, DG_ADV_PATRON, DG_ADV_GOAL, DG_ADV_FACTION_NAME, DG_ADV_FACTION_KIND, DG_ADV_WANT,
    DG_ADV_RIVALRY, DG_ADV_RUMOUR, DG_ADV_ALARM, DG_ADV_CHAPTER, DG_ADV_PART_COUNT
} dg_adv_part;
size_t dg_adventure_text(const dg_contents *c, dg_adv_part part, int i, char *buf, size_t cap);
/* Clue k of room rc of floor c, as the GM reads it. */
size_t dg_clue_text(const dg_contents *c, const dg_room_contents *rc, int k, char *buf, size_t cap);
/* Where a key is hidden (dg_door_contents.key_hidden); "" out of range. */
const char *dg_key_hiding_place(int i);
/* Locked door i's key: the name of the creature that carries it, or the
 * place of its room it is hidden in (the room's hidden feature, or a
 * hiding place); NULL for neither. Borrowed, static. */
const char *dg_key_held_by(const dg_contents *c, size_t door);
const char *dg_key_hidden_in(const dg_contents *c, size_t door);
/* Faction f of c's name: "" out of range. */
const char *dg_faction_name(const dg_contents *c, int f);
/* Who holds locked door i's key, as a sentence for the GM ("The hobgoblin
 * wears it on a cord at the throat."); "" when it lies in the open. */
size_t dg_key_holder_text(const dg_contents *c, size_t door, char *buf, size_t cap);

#endif
