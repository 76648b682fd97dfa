/* bundle_int.h -- the pieces of format=foundry-bundle (foundry_bundle.c):
 * a LevelDB pack written by hand, a zip written by libzip, the key's
 * Markdown cut into journal pages as HTML. Never installed. */
#ifndef DG_BUNDLE_INT_H
#define DG_BUNDLE_INT_H

#include "render_int.h"

/* The bundle of floors[0..n) (floor k + 1 below floor k; each a finished
 * map), as dg_foundry_bundle_encode writes one floor's. */
dg_status dr__foundry_bundle(const dg_dungeon *const *floors, size_t n, dg_buf *out, dg_error *err);

/* ------------------------------------------------------ leveldb_write.c */

/* The descriptor CURRENT names; the log file is DG_LEVELDB_LOG. */
#define DG_LEVELDB_MANIFEST "MANIFEST-000002"
#define DG_LEVELDB_LOG "000003.log"

typedef struct {
    const char *key;          /* NUL-terminated */
    const void *value;
    size_t n_value;
} dr__kv;

/* The three files of a LevelDB database holding the n pairs (keys
 * distinct): CURRENT, DG_LEVELDB_MANIFEST and DG_LEVELDB_LOG. Caller
 * storage: init, write once, fini (also after a failure). DG_ENOMEM only. */
typedef struct {
    dg_buf current, manifest, log;
} dr__leveldb;
void dr__leveldb_init(dr__leveldb *db);
dg_status dr__leveldb_write(const dr__kv *kv, size_t n, dr__leveldb *db, dg_error *err);
void dr__leveldb_fini(dr__leveldb *db);
/* The same files for one pair whose value is written straight into a
 * buffer, its log made in that buffer's storage (no copy of a value tens
 * of megabytes long): leave dr__leveldb_room(key) bytes at the start of
 * value, write the value after them, then take: value's storage becomes
 * db->log and value is left empty, also on failure. */
size_t dr__leveldb_room(const char *key);
dg_status dr__leveldb_take(const char *key, dg_buf *value, dr__leveldb *db, dg_error *err);

/* --------------------------------------------------------- zip_write.c */

/* A zip archive built in memory with libzip, the same bytes for the same
 * files: fixed timestamps, Unix mode 0644, entries in the order added.
 * New on success (add files, then finish or discard). */
typedef struct dr__zip dr__zip;
dg_status dr__zip_new(dr__zip **out, dg_error *err);
/* Copies n bytes at p as entry `name`; deflate: compressed (level 6), else
 * stored (a PNG gains nothing). */
dg_status dr__zip_add(dr__zip *z, const char *name, const void *p, size_t n, bool deflate, dg_error *err);
/* The same with the n bytes at p (from dg__malloc) taken, not copied:
 * freed with the archive, or at once on failure. */
dg_status dr__zip_add_take(dr__zip *z, const char *name, void *p, size_t n, bool deflate, dg_error *err);
/* Appends the archive to out and frees z, whatever happens. */
dg_status dr__zip_finish(dr__zip *z, dg_buf *out, dg_error *err);
/* Frees z unwritten; NULL is a no-op. */
void dr__zip_discard(dr__zip *z);

/* ------------------------------------------------------ bundle_scene.c */

/* A member the bundle sets on a floor's scene, as json_object_set_new
 * sets one: a key the scene has keeps its place with the new value, a
 * missing one follows the scene's own members, in the order of the sets.
 * sub instead of value: set into the scene's object under key the same
 * way (a new object of them if it has none). Values borrowed. */
typedef struct dr__scene_set {
    const char *key;           /* plain ASCII */
    const json_t *value;
    const struct dr__scene_set *sub;
    size_t n_sub;
} dr__scene_set;
/* The scene p plans, as format=foundry writes it (at most 32 sets a level), appended to out
 * as the bundle writes it: as jansson would read it back, set the sets
 * and dump it compact, keys in order, reals to 15 digits, whole reals as
 * integers; never a jansson tree. DG_ENOMEM (or the encoder's error), out
 * as it was on failure. */
dg_status dr__bundle_scene(const dr__foundry_plan *p, const dr__scene_set *sets, size_t n_sets, dg_buf *out,
                           dg_error *err);
/* The rewrite itself: the JSON object in out from `from` to its end
 * rewritten so into out from `to` (<= from) on; out ends there. On
 * failure out is cut back to `to`. */
dg_status dr__scene_rewrite(dg_buf *out, size_t to, size_t from, const dr__scene_set *sets, size_t n_sets,
                            dg_error *err);

/* ------------------------------------------------------- bundle_key.c */

/* The key of one floor (format=md's Markdown, md.c) cut at its headings:
 * the head (name, party, details, history), "Wandering monsters", one
 * section per room in room order, "Corridor features" and the closing
 * attribution, each converted to HTML for a journal page; and on the top
 * floor the adventure (hook, goal, factions, rumours, alarm), cut from
 * the Markdown of every floor, whose words say which floor a room is on.
 * Sections the key does not have are empty. Caller storage: init, build,
 * fini. */
typedef struct {
    dg_buf head, wandering, corridors, attribution, adventure;
    dg_buf *room;            /* n_rooms of them, room id i + 1 at [i] */
    char **room_title;       /* "Room 3: kitchen", the room's heading */
    size_t n_rooms;
} dr__bundle_key;
void dr__bundle_key_init(dr__bundle_key *k);
dg_status dr__bundle_key_build(const dg_dungeon *d, dr__bundle_key *k, dg_error *err);
void dr__bundle_key_fini(dr__bundle_key *k);
/* Markdown of the kind md.c writes (headings, paragraphs, **bold**,
 * *italic*, "- " lists, pipe tables, "---") as HTML appended to out; text
 * is escaped, so a name with '<' stays text. Headings drop one level per
 * `demote` (a page title is the page's own heading). */
dg_status dr__md_to_html(const char *md, size_t n, int demote, dg_buf *out, dg_error *err);

/* ------------------------------------------- bundle_actors.c, _tokens.c */

/* The shapes the Adventure's documents are written in: Foundry 13.347's
 * (dnd5e 5.x's minimum core; 14 reads them and its own additions, Levels,
 * beside them), and for actors the dnd5e system's 5.3.3 (its pack sources
 * the ids, token art and actor shape are read from). */
#define DG_BUNDLE_CORE_VERSION "13.347"
#define DG_BUNDLE_DND5E_VERSION "5.3.3"

/* A Foundry id: 16 of [0-9A-Za-z], hashed from (kind, a, c) under base
 * (the bundle's hash of the canonical options). */
void dr__bundle_id(uint64_t base, const char *kind, int a, int c, char out[17]);
/* New: {coreVersion} (and dnd5e's systemId, systemVersion); NULL: no memory. */
json_t *dr__bundle_stats(bool dnd5e);

/* bundle_json.c, the base of the module's files (with the _stats block,
 * the number, size, compendium and token-art helpers below). A document
 * built with jansson, failures sticky as json_write.h's: the
 * first one is kept, later calls only let go of the value they were given
 * (jansson's own rule for a value it cannot set), so an object is filled
 * without a check per member. Each returns whether it took v. */
typedef struct {
    dg_error *err;
    dg_status rc;
} dr__jb;
bool dr__jb_fail(dr__jb *j); /* DG_ENOMEM kept; returns false */
bool dr__jb_set(dr__jb *j, json_t *o, const char *key, json_t *v);
bool dr__jb_push(dr__jb *j, json_t *a, json_t *v);
json_t *dr__jb_object(dr__jb *j);
json_t *dr__jb_array(dr__jb *j);

/* dnd5e_monster_ids.c (tools/dnd5e_monster_ids.pl): 2014 monster i's id in
 * the dnd5e SRD 5.1 pack (dnd5e.monsters), 2024 monster
 * DG_MONSTER_ID_2024 + i's in the SRD 5.2 one (dnd5e.actors24), NULL when
 * the pack has none. dr__bundle_compendium_id takes either rules' id and
 * says the pack's name in *pack ("monsters", "actors24"). */
extern const char *const dr__dnd5e_monster_ids[];
extern const size_t dr__dnd5e_monster_id_count;
extern const char *const dr__dnd5e_monster_ids_2024[];
extern const size_t dr__dnd5e_monster_id_count_2024;
const char *dr__bundle_compendium_id(int monster, const char **pack);
extern const char *const dr__dnd5e_token_art[];
extern const char *const dr__dnd5e_token_art_2024[];
/* The dnd5e system's token art for monster (a path into the system, its
 * Forgotten Adventures art: json/fa-token-mapping.json), the mystery-man
 * icon for a creature the system has none of. */
const char *dr__bundle_token_art(int monster);
/* dnd5e's size key (CONFIG.DND5E.actorSizes: "sm", "med", ...) of a dg_size. */
const char *dr__bundle_size_key(int size);
/* bundle_npc.c: monster's Actor `system` in the dnd5e 5.x shape of its
 * rules' pack (dnd5e.monsters for 2014, dnd5e.actors24 for 2024), the
 * stat block's figures in it and biography (a string, taken) as its
 * biography. New; NULL when j has failed or fails here (or monster is none). */
json_t *dr__bundle_npc_system(dr__jb *j, int monster, json_t *biography);
/* bundle_items.c: the item of entry e (section DG_SB_*, the actor's k-th
 * entry) of monster's stat block: a "feat" in its rules' dnd5e pack shape,
 * with an attack or save activity when the words roll one. html is
 * scratch. New; NULL when j has failed or fails here. */
json_t *dr__bundle_feat(dr__jb *j, uint64_t base, int monster, int k, int section, const dg_statblock_entry *e,
                        dg_buf *html);
/* New: v as JSON, an integer when it is whole (as JavaScript writes it). */
json_t *dr__bundle_number(double v);
/* Grid squares a monster's token covers across: 0.5 tiny, 1, 2 large, 3, 4. */
double dr__bundle_token_size(int monster);

/* New arrays in *out (NULL on failure): the Actors of kinds, in folder;
 * floor k's hidden tokens (d is that floor); a RollTable per floor with
 * wandering monsters, in folder. Ids hashed under base. DG_ENOMEM only. */
dg_status dr__bundle_actors(uint64_t base, const char *folder, const dr__bestiary *kinds, json_t **out,
                            dg_error *err);
dg_status dr__bundle_tokens(uint64_t base, const dg_dungeon *d, int floor, const char *level, json_t **out,
                            dg_error *err);
dg_status dr__bundle_tables(uint64_t base, const char *folder, const dg_dungeon *const *floors, size_t n,
                            json_t **out, dg_error *err);
/* Wandering row `row` (0-based) of c as the key's table cell says it:
 * "2 x Goblin (cr 1/4); easy, 100 xp, patrolling". */
dg_status dr__bundle_wandering_text(const dg_contents *c, int row, dg_buf *out, dg_error *err);

/* ----------------------------------------------- foundry_bundle.c, shared */

#define DG_BUNDLE_SORT_STEP 100000 /* Foundry's CONST.SORT_INTEGER_DENSITY */

/* One bundle in the making: its ids and names, the floors, and the first
 * failure (b->rc; every step after one does nothing). */
typedef struct {
    uint64_t base;            /* hash of the canonical options */
    char module[32];          /* "dungeond-<16 hex>" */
    char name[DG_STOCK_NAME_BYTES + 64];
    char adventure[17], journal_folder[17], scene_folder[17], actor_folder[17], table_folder[17];
    const dg_dungeon *const *floors;
    size_t n;
    bool v14;                 /* foundry=14: one scene, a Level per floor */
    char level_ids[DG_MAX_FLOORS][17], scene_ids[DG_MAX_FLOORS][17];
    dg_error *err;
    dg_status rc;
} dr__bundle;

/* A Foundry id from (kind, a, c) under b->base. */
void dr__bundle_make_id(const dr__bundle *b, const char *kind, int a, int c, char out[17]);
/* Sets b->rc to DG_ENOMEM (once); false. */
bool dr__bundle_oom(dr__bundle *b);
/* Appends v to array a (stealing it); false (and b->rc set) on failure. */
bool dr__bundle_push(dr__bundle *b, json_t *a, json_t *v);

/* The entry numbers of floor k: 0 the dungeon's entry, i + 1 room i's;
 * the dungeon entry's pages (those there are, in this order). */
enum { ENTRY_DUNGEON = 0 };
enum { PAGE_OVERVIEW, PAGE_WANDERING, PAGE_CORRIDORS, PAGE_STAIRS, PAGE_ATTRIBUTION, PAGE_ADVENTURE, PAGE_CHAPTER };

/* bundle_journal.c: where stair s of floor k leads, in words ("Stairs down
 * to Floor 2"); "Floor 2, <name>" when there is more than one floor;
 * floor k's entries (its key in key) and the Bestiary appended to journal. */
void dr__bundle_stair_words(const dr__bundle *b, int floor, const dg_stair *s, char *out, size_t cap);
void dr__bundle_floor_name(const dr__bundle *b, int floor, const char *name, char *out, size_t cap);
void dr__bundle_floor_journal(dr__bundle *b, int floor, const dr__bundle_key *key, json_t *journal);
void dr__bundle_bestiary_journal(dr__bundle *b, json_t *journal);

#endif
