/* bundle_int.h -- the pieces of format=foundry-bundle (foundry_bundle.c):
 * a LevelDB pack written by hand, a zip written by libzip, the key's
 * Markdown cut into journal pages as HTML. Never installed. */
#ifndef DG_BUNDLE_INT_H
#define DG_BUNDLE_INT_H

#include "render_int.h"

/* The bundle of floors[0..n) (floor k + 1 below floor k; each a finished
 * map), as dg_foundry_bundle_encode writes one floor's. */
dg_status dg__foundry_bundle(const dg_dungeon *const *floors, size_t n, dg_buf *out, dg_error *err);

/* ------------------------------------------------------ leveldb_write.c */

/* The descriptor CURRENT names; the log file is DG_LEVELDB_LOG. */
#define DG_LEVELDB_MANIFEST "MANIFEST-000002"
#define DG_LEVELDB_LOG "000003.log"

typedef struct {
    const char *key;          /* NUL-terminated */
    const void *value;
    size_t n_value;
} dg__kv;

/* The three files of a LevelDB database holding the n pairs (keys
 * distinct): CURRENT, DG_LEVELDB_MANIFEST and DG_LEVELDB_LOG. Caller
 * storage: init, write once, fini (also after a failure). DG_ENOMEM only. */
typedef struct {
    dg_buf current, manifest, log;
} dg__leveldb;
void dg__leveldb_init(dg__leveldb *db);
dg_status dg__leveldb_write(const dg__kv *kv, size_t n, dg__leveldb *db, dg_error *err);
void dg__leveldb_fini(dg__leveldb *db);

/* --------------------------------------------------------- zip_write.c */

/* A zip archive built in memory with libzip, the same bytes for the same
 * files: fixed timestamps, Unix mode 0644, entries in the order added.
 * New on success (add files, then finish or discard). */
typedef struct dg__zip dg__zip;
dg_status dg__zip_new(dg__zip **out, dg_error *err);
/* Copies n bytes at p as entry `name`; deflate: compressed (level 6), else
 * stored (a PNG gains nothing). */
dg_status dg__zip_add(dg__zip *z, const char *name, const void *p, size_t n, bool deflate, dg_error *err);
/* Appends the archive to out and frees z, whatever happens. */
dg_status dg__zip_finish(dg__zip *z, dg_buf *out, dg_error *err);
/* Frees z unwritten; NULL is a no-op. */
void dg__zip_discard(dg__zip *z);

/* ------------------------------------------------------- bundle_key.c */

/* The key of one floor (format=md's Markdown, md.c) cut at its headings:
 * the head (name, party, details, history), "Wandering monsters", one
 * section per room in room order, "Corridor features" and the closing
 * attribution, each converted to HTML for a journal page. Sections the
 * key does not have are empty. Caller storage: init, build, fini. */
typedef struct {
    dg_buf head, wandering, corridors, attribution;
    dg_buf *room;            /* n_rooms of them, room id i + 1 at [i] */
    char **room_title;       /* "Room 3: kitchen", the room's heading */
    size_t n_rooms;
} dg__bundle_key;
void dg__bundle_key_init(dg__bundle_key *k);
dg_status dg__bundle_key_build(const dg_dungeon *d, dg__bundle_key *k, dg_error *err);
void dg__bundle_key_fini(dg__bundle_key *k);
/* Markdown of the kind md.c writes (headings, paragraphs, **bold**,
 * *italic*, "- " lists, pipe tables, "---") as HTML appended to out; text
 * is escaped, so a name with '<' stays text. Headings drop one level per
 * `demote` (a page title is the page's own heading). */
dg_status dg__md_to_html(const char *md, size_t n, int demote, dg_buf *out, dg_error *err);

#endif
