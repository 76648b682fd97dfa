/* donjon.c -- format=donjon: the JSON layout of donjon's own export, for the
 * tools that already read it (donjon_to_homebrewery, donjon2uvtt, Foundry's
 * donjon-map-importer). Our native document is left to json.c.
 *
 * What those tools read, and what we write for it:
 *   cell_bit   donjon's bit table under donjon's names (nothing, block, room,
 *              corridor, perimeter, aperture, room_id, arch, door, locked,
 *              trapped, secret, portcullis, stair_down, stair_up, label)
 *   cells      cells[row][col], our words as they are: they already follow
 *              donjon's strict layout (doors exactly CORRIDOR|type bit, stairs
 *              exactly CORRIDOR|STAIR_*, solid only 0 or PERIMETER), which the
 *              importers compare against literal numbers
 *   rooms      rooms[0] is null and rooms[id] the room, as donjon numbers them:
 *              id, row, col, north, south, west, east (cells), width and height
 *              in FEET (cell_ft per cell, donjon's 10 by default), area in square feet of floor, shape
 *              (square|circle|polygon|composite, polygon adds `polygon`: sides),
 *              size, contents {summary, inhabited when creatures live there,
 *              detail {room_features, trap} when there is something to say},
 *              doors {north|south|west|east: [{row, col, type, key, desc,
 *              out_id when it opens into another room, secret for secret
 *              doors, trap for trapped ones}]} -- sides without doors omitted.
 *              `type` is the word donjon's current export uses and the tools
 *              test (arch|door|locked|trapped|secret|portcullis); `key` is
 *              dungeon.pl's short word (arch|open|lock|trap|secret|portc);
 *              `desc` the printable name ("Archway", "Secret Door", ...)
 *   stairs     [{row, col, dir, key: up|down, next_row, next_col}]
 *   egress     [{row, col, dir, depth: 0, type: "corridor"}], absent without
 *              exits (a reader counts the entries to say "one entrance")
 *   settings   donjon's keys with donjon's capitalised values; seed is the
 *              decimal 64-bit seed as a STRING (doubles round above 2^53)
 *   details    floor, walls, temperature, illumination, special: null
 *   corridor_features  {} (we mark none)
 * Keys are sorted (by strcmp, as jansson's JSON_SORT_KEYS sorts), as in
 * donjon's files: each object below writes its keys in that order. Names,
 * contents, door and dungeon details are invented here, deterministically:
 * each comes from its own dg_rng stream seeded from (seed, what it
 * describes), never from the map's stream, so flavour text can change
 * without moving a wall. The words are worked out apart from the writing
 * (dr__donjon_*_of, render_int.h), so the test's jansson oracle of this
 * document uses the very same words. */
#include "json_write.h"
#include "render_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>


/* ------------------------------------------------------------- flavour */

static const char *const detail_floor[] = {
    "Smooth Stone", "Uneven Flagstone", "Packed Earth", "Cracked Tiles",
    "Rough Stone", "Worn Cobbles",
};
static const char *const detail_walls[] = {
    "Masonry", "Rough Hewn Rock", "Superior Masonry", "Crumbling Brick",
    "Reinforced Masonry", "Natural Cave Wall",
};
static const char *const detail_temperature[] = {
    "Cold", "Cool", "Warm", "Damp and Cool", "Dry and Warm", "Freezing",
};
static const char *const detail_illumination[] = {
    "Dark", "Shadowy (guttering torches every 40 ft.)",
    "Bright (lanterns every 20 ft.)", "Dim (glowing moss on the walls)",
};

/* Words for the doors of a map with contents=none (nothing stocked). */
static const char *const traps[] = {
    "Pit Trap", "Poison Needle", "Falling Block", "Scything Blade", "Poison Gas",
    "Collapsing Ceiling", "Arrow Trap", "Fire Glyph",
};
static const char *const secrets[] = {
    "The door is hidden behind a loose stone panel",
    "The door is concealed behind a tapestry",
    "The door opens when a wall sconce is turned",
    "The door is disguised as part of a bookcase",
    "A section of the wall pivots on a hidden hinge",
};

/* Per door type: donjon's export word, dungeon.pl's key, the printable name. */
static const struct { const char *type, *key, *desc; } door_words[DG_DOOR_TYPE_COUNT] = {
    [DG_DOOR_ARCH] = {"arch", "arch", "Archway"},
    [DG_DOOR_OPEN] = {"door", "open", "Unlocked Door"},
    [DG_DOOR_LOCKED] = {"locked", "lock", "Locked Door"},
    [DG_DOOR_TRAPPED] = {"trapped", "trap", "Trapped Door"},
    [DG_DOOR_SECRET] = {"secret", "secret", "Secret Door"},
    [DG_DOOR_PORTC] = {"portcullis", "portc", "Portcullis"},
};

/* A stream of its own for each thing described, so that (seed, room 7) says
 * the same whatever else the map or this file draws. */
static dg_rng stream(uint64_t seed, const char *what, uint64_t index)
{
    dg_rng r;
    dg_rng_seed(&r, seed, dg_hash64(what, strlen(what), index));
    return r;
}

#define PICK(r, table) (table)[dg_rng_below((r), (uint32_t)DG_COUNT(table))]

/* -------------------------------------------------------------- settings */

/* "medium" -> "Medium"; donjon abbreviates two of its size words. */
static void capital(char *out, size_t cap, const char *name)
{
    if (strcmp(name, "diminutive") == 0) name = "dimin";
    if (strcmp(name, "gargantuan") == 0) name = "gargant";
    snprintf(out, cap, "%s", name);
    if (out[0] >= 'a' && out[0] <= 'z') out[0] = (char)(out[0] - 'a' + 'A');
}

void dr__donjon_words_of(const dg_dungeon *d, dr__donjon_words *s)
{
    const dg_options *o = &d->opts;
    capital(s->dungeon_size, sizeof s->dungeon_size, dg_size_name(o->size));
    capital(s->dungeon_layout, sizeof s->dungeon_layout, dg_layout_name(o->layout));
    capital(s->room_layout, sizeof s->room_layout, dg_room_layout_name(o->rooms));
    capital(s->room_size, sizeof s->room_size, dg_room_size_name(o->room_size));
    capital(s->room_polymorph, sizeof s->room_polymorph, dg_polymorph_name(o->polymorph));
    capital(s->door_set, sizeof s->door_set, dg_door_set_name(o->doors));
    capital(s->corridor_layout, sizeof s->corridor_layout, dg_corridor_style_name(o->corridors));
    capital(s->map_style, sizeof s->map_style, dg_style_name(o->style));
    /* donjon leaves peripheral_egress empty for "no" */
    if (o->egress == DG_EGRESS_NO) s->peripheral_egress[0] = '\0';
    else capital(s->peripheral_egress, sizeof s->peripheral_egress, dg_egress_name(o->egress));
    if (o->deadends == 0) snprintf(s->remove_deadends, sizeof s->remove_deadends, "None");
    else if (o->deadends == 50) snprintf(s->remove_deadends, sizeof s->remove_deadends, "Some");
    else if (o->deadends == 100) snprintf(s->remove_deadends, sizeof s->remove_deadends, "All");
    else snprintf(s->remove_deadends, sizeof s->remove_deadends, "%d", o->deadends);
    s->add_stairs = o->stairs == 0 ? "No" : o->stairs <= 2 ? "Yes" : "Many";
    s->grid = o->grid == DG_GRID_SQUARE ? "Square" : o->grid == DG_GRID_HEX ? "Hex"
            : o->grid == DG_GRID_VHEX   ? "VertHex" : "None";
    snprintf(s->seed, sizeof s->seed, "%" PRIu64, o->seed);
    const dg_contents *c = d->contents;
    if (c) dg_contents_name(c, s->name, sizeof s->name); /* given, or core's rule */
    else dg_contents_default_name(o->seed, s->name, sizeof s->name);
    s->size = o->room_size < 0 ? "" : dg_room_size_name(o->room_size);
    /* donjon leaves motif empty for none */
    if (o->motif == DG_MOTIF_NONE) s->motif[0] = '\0';
    else capital(s->motif, sizeof s->motif, dg_motif_name((int)o->motif));
    /* donjon names the rule set its stocking follows, and its 5e consumers
     * (donjon_to_homebrewery) take their 5e path on "dnd_5e": a stocked
     * dungeon here is 5e's, by either SRD */
    s->infest = o->contents == DG_DEPTH_NONE ? "None" : "dnd_5e";
    s->special = NULL;
    if (c && c->depth == DG_DEPTH_FULL) { /* the stocked dungeon's own */
        s->floor = dg_contents_word(DG_WORDS_FLOOR, c->details.floor);
        s->walls = dg_contents_word(DG_WORDS_WALLS, c->details.walls);
        s->temperature = dg_contents_word(DG_WORDS_TEMPERATURE, c->details.temperature);
        s->illumination = dg_contents_word(DG_WORDS_ILLUMINATION, c->details.illumination);
        if (c->details.special >= 0) s->special = dg_contents_word(DG_WORDS_SPECIAL, c->details.special);
        return;
    }
    dg_rng r = stream(o->seed, "donjon-details", 0);
    s->floor = PICK(&r, detail_floor);
    s->walls = PICK(&r, detail_walls);
    s->temperature = PICK(&r, detail_temperature);
    s->illumination = PICK(&r, detail_illumination);
}

/* ----------------------------------------------------------------- rooms */

dg_status dr__donjon_door_of(const dg_dungeon *d, size_t index, dr__donjon_door *w, dg_error *err)
{
    const dg_door *o = &d->doors[index];
    w->type = door_words[o->type].type;
    w->key = door_words[o->type].key;
    w->desc = door_words[o->type].desc;
    w->secret[0] = w->trap[0] = '\0';
    const dg_contents *c = d->contents;
    if (c && c->depth != DG_DEPTH_NONE && index < c->n_doors) { /* the stocked door */
        const dg_door_contents *l = &c->doors[index];
        if (o->type == DG_DOOR_SECRET && l->secret >= 0) {
            const char *how = dg_contents_word(DG_WORDS_SECRET, l->secret);
            snprintf(w->secret, sizeof w->secret, "%c%s (DC %d Wisdom (Perception) to find)",
                     how[0] >= 'a' && how[0] <= 'z' ? how[0] - 'a' + 'A' : how[0], how + 1, l->secret_dc);
        }
        if (o->type == DG_DOOR_TRAPPED && l->trapped) {
            dg_buf b;
            dg_buf_init(&b);
            dg_status rc = dr__key_trap(&b, &l->trap, err);
            if (rc == DG_OK)
                snprintf(w->trap, sizeof w->trap, "%.*s", (int)b.len, (const char *)b.data); /* ASCII words */
            dg_buf_fini(&b);
            return rc;
        }
        return DG_OK;
    }
    /* nothing stocked: words of their own, keyed by the door so both rooms
     * of a shared door see the same */
    dg_rng r = stream(d->opts.seed, "donjon-door", (uint64_t)index);
    if (o->type == DG_DOOR_SECRET) snprintf(w->secret, sizeof w->secret, "%s", PICK(&r, secrets));
    if (o->type == DG_DOOR_TRAPPED) snprintf(w->trap, sizeof w->trap, "%s", PICK(&r, traps));
    return DG_OK;
}

const char *dr__donjon_shape_word(dg_shape s)
{
    return s == DG_SHAPE_RECT ? "square" : dg_shape_name(s);
}

/* --------------------------------------------------------------- writing */

/* A '\n'-ended list of lines as a JSON array of strings. */
static void write_lines(dr__jw *w, const dg_buf *b)
{
    dr__jw_array_begin(w);
    for (size_t at = 0; at < b->len;) {
        const char *line = (const char *)b->data + at, *end = memchr(line, '\n', b->len - at);
        size_t n = end ? (size_t)(end - line) : b->len - at;
        dr__jw_stringn(w, line, n);
        at += n + 1;
    }
    dr__jw_array_end(w);
}

static void write_contents(dr__jw *w, const dr__donjon_key *k)
{
    dr__jw_object_begin(w);
    if (k->monster.len || k->trap.len || k->room_features.len || k->hidden_treasure.len) {
        dr__jw_key(w, "detail");
        dr__jw_object_begin(w);
        if (k->hidden_treasure.len) {
            dr__jw_key(w, "hidden_treasure");
            write_lines(w, &k->hidden_treasure);
        }
        if (k->monster.len) {
            dr__jw_key(w, "monster");
            write_lines(w, &k->monster);
        }
        if (k->room_features.len) {
            dr__jw_key(w, "room_features");
            dr__jw_stringn(w, (const char *)k->room_features.data, k->room_features.len);
        }
        if (k->trap.len) {
            dr__jw_key(w, "trap");
            write_lines(w, &k->trap);
        }
        dr__jw_object_end(w);
    }
    if (k->inhabited.len) {
        dr__jw_key(w, "inhabited");
        dr__jw_stringn(w, (const char *)k->inhabited.data, k->inhabited.len);
    }
    dr__jw_key(w, "summary");
    dr__jw_stringn(w, (const char *)k->summary.data, k->summary.len);
    dr__jw_object_end(w);
}

/* Door i as room `from` sees it; out_id names the room beyond, if any. */
static void write_door(dr__jw *w, const dg_dungeon *d, size_t i, int from)
{
    const dg_door *o = &d->doors[i];
    int out_id = from == o->room ? o->other : o->room;
    dr__donjon_door words;
    dg_status rc = dr__donjon_door_of(d, i, &words, w->err);
    if (rc != DG_OK) { /* out of memory: the document fails with it */
        dr__jw_fail(w, rc);
        return;
    }
    dr__jw_object_begin(w);
    dr__jw_key_int(w, "col", o->x);
    dr__jw_key_string(w, "desc", words.desc);
    dr__jw_key_string(w, "key", words.key);
    if (out_id > 0) dr__jw_key_int(w, "out_id", out_id);
    dr__jw_key_int(w, "row", o->y);
    if (words.secret[0]) dr__jw_key_string(w, "secret", words.secret);
    if (words.trap[0]) dr__jw_key_string(w, "trap", words.trap);
    dr__jw_key_string(w, "type", words.type);
    dr__jw_object_end(w);
}

static void write_room(dr__jw *w, const dg_dungeon *d, const dr__donjon_words *s,
                       const dr__door_sides *sides, const dg_room *rm, dr__donjon_key *key)
{
    /* the sides in key order: east, north, south, west */
    static const dg_dir sorted_sides[4] = {DG_DIR_EAST, DG_DIR_NORTH, DG_DIR_SOUTH, DG_DIR_WEST};
    size_t i = (size_t)rm->id - 1;
    int64_t ft = dg_cell_feet(&d->opts);
    dr__jw_object_begin(w);
    dr__jw_key_int(w, "area", rm->area * ft * ft);
    dr__jw_key_int(w, "col", rm->x);
    dr__jw_key(w, "contents");
    dg_status krc = dr__donjon_key_of(d, rm->id, key, w->err);
    if (krc == DG_OK) {
        write_contents(w, key);
    } else { /* out of memory: the document fails with it */
        dr__jw_null(w);
        dr__jw_fail(w, krc);
    }
    dr__jw_key(w, "doors");
    dr__jw_object_begin(w);
    for (int k = 0; k < 4; k++) {
        size_t slot = 4 * i + sorted_sides[k], n = sides->count[slot];
        if (!n) continue;
        dr__jw_key(w, dg_dir_name(sorted_sides[k]));
        dr__jw_array_begin(w);
        for (size_t j = 0; j < n; j++) write_door(w, d, sides->door[sides->first[slot] + j], rm->id);
        dr__jw_array_end(w);
    }
    dr__jw_object_end(w);
    dr__jw_key_int(w, "east", rm->x + rm->width - 1);
    dr__jw_key_int(w, "height", rm->height * ft);
    dr__jw_key_int(w, "id", rm->id);
    dr__jw_key_int(w, "north", rm->y);
    if (rm->shape == DG_SHAPE_POLYGON) dr__jw_key_int(w, "polygon", rm->sides);
    dr__jw_key_int(w, "row", rm->y);
    dr__jw_key_string(w, "shape", dr__donjon_shape_word(rm->shape));
    dr__jw_key_string(w, "size", s->size);
    dr__jw_key_int(w, "south", rm->y + rm->height - 1);
    dr__jw_key_int(w, "west", rm->x);
    dr__jw_key_int(w, "width", rm->width * ft);
    dr__jw_object_end(w);
}

static void write_settings(dr__jw *w, const dg_dungeon *d, const dr__donjon_words *s)
{
    int n_rooms = (int)d->n_rooms;
    dr__jw_object_begin(w);
    dr__jw_key_string(w, "add_stairs", s->add_stairs);
    dr__jw_key_int(w, "cell_size", d->opts.cell);
    dr__jw_key_string(w, "corridor_layout", s->corridor_layout);
    dr__jw_key_string(w, "door_set", s->door_set);
    dr__jw_key_string(w, "dungeon_layout", s->dungeon_layout);
    dr__jw_key_string(w, "dungeon_size", s->dungeon_size);
    dr__jw_key_string(w, "generator_version", DG_GENERATOR_VERSION);
    dr__jw_key_string(w, "grid", s->grid);
    dr__jw_key_string(w, "infest", s->infest);
    dr__jw_key_int(w, "last_room_id", n_rooms);
    dr__jw_key_int(w, "level", d->opts.level);
    dr__jw_key_string(w, "map_style", s->map_style);
    dr__jw_key_int(w, "max_col", d->width - 1);
    dr__jw_key_int(w, "max_row", d->height - 1);
    dr__jw_key_string(w, "motif", s->motif);
    dr__jw_key_int(w, "n_cols", d->width);
    dr__jw_key_int(w, "n_pc", d->opts.party);
    dr__jw_key_int(w, "n_rooms", n_rooms);
    dr__jw_key_int(w, "n_rows", d->height);
    dr__jw_key_string(w, "name", s->name);
    dr__jw_key_string(w, "peripheral_egress", s->peripheral_egress);
    dr__jw_key_string(w, "remove_deadends", s->remove_deadends);
    dr__jw_key_string(w, "room_layout", s->room_layout);
    dr__jw_key_string(w, "room_polymorph", s->room_polymorph);
    dr__jw_key_string(w, "room_size", s->room_size);
    /* not donjon's key (donjon is 2014 only); written at 2024 alone, so
     * 2014 files keep their bytes */
    if (d->opts.rules != DG_RULES_2014) dr__jw_key_string(w, "rules", dg_rules_name((int)d->opts.rules));
    dr__jw_key_string(w, "seed", s->seed);
    dr__jw_object_end(w);
}

static void write_cell_bits(dr__jw *w)
{
    dr__jw_object_begin(w);
    dr__jw_key_int(w, "aperture", DG_ENTRANCE);
    dr__jw_key_int(w, "arch", DG_ARCH);
    dr__jw_key_int(w, "block", DG_BLOCKED);
    dr__jw_key_int(w, "corridor", DG_CORRIDOR);
    dr__jw_key_int(w, "door", DG_DOOR);
    dr__jw_key_int(w, "label", DG_LABEL);
    dr__jw_key_int(w, "locked", DG_LOCKED);
    dr__jw_key_int(w, "nothing", DG_NOTHING);
    dr__jw_key_int(w, "perimeter", DG_PERIMETER);
    dr__jw_key_int(w, "portcullis", DG_PORTC);
    dr__jw_key_int(w, "room", DG_ROOM);
    dr__jw_key_int(w, "room_id", DG_ROOM_ID);
    dr__jw_key_int(w, "secret", DG_SECRET);
    dr__jw_key_int(w, "stair_down", DG_STAIR_DN);
    dr__jw_key_int(w, "stair_up", DG_STAIR_UP);
    dr__jw_key_int(w, "trapped", DG_TRAPPED);
    dr__jw_object_end(w);
}

static void write_details(dr__jw *w, const dr__donjon_words *s)
{
    dr__jw_object_begin(w);
    dr__jw_key_string(w, "floor", s->floor);
    dr__jw_key_string(w, "illumination", s->illumination);
    if (s->special) dr__jw_key_string(w, "special", s->special);
    else dr__jw_key_null(w, "special");
    dr__jw_key_string(w, "temperature", s->temperature);
    dr__jw_key_string(w, "walls", s->walls);
    dr__jw_object_end(w);
}

static void write_stairs(dr__jw *w, const dg_dungeon *d)
{
    dr__jw_array_begin(w);
    for (size_t i = 0; i < d->n_stairs; i++) {
        const dg_stair *st = &d->stairs[i];
        dr__jw_object_begin(w);
        dr__jw_key_int(w, "col", st->x);
        dr__jw_key_string(w, "dir", dg_dir_name(st->dir));
        dr__jw_key_string(w, "key", st->down ? "down" : "up");
        dr__jw_key_int(w, "next_col", st->next_x);
        dr__jw_key_int(w, "next_row", st->next_y);
        dr__jw_key_int(w, "row", st->y);
        dr__jw_object_end(w);
    }
    dr__jw_array_end(w);
}

static void write_egress(dr__jw *w, const dg_dungeon *d)
{
    dr__jw_array_begin(w);
    for (size_t i = 0; i < d->n_exits; i++) {
        const dg_exit *e = &d->exits[i];
        dr__jw_object_begin(w);
        dr__jw_key_int(w, "col", e->x);
        dr__jw_key_int(w, "depth", 0);
        dr__jw_key_string(w, "dir", dg_dir_name(e->dir));
        dr__jw_key_int(w, "row", e->y);
        dr__jw_key_string(w, "type", "corridor");
        dr__jw_object_end(w);
    }
    dr__jw_array_end(w);
}

/* {"a": {detail, key, marks [{col, row}]}, ...}: the stocked features. */
static void write_corridor_features(dr__jw *w, const dg_contents *c)
{
    dr__jw_object_begin(w);
    for (int i = 0; c && c->depth != DG_DEPTH_NONE && i < c->n_corridor_features; i++) {
        const dg_corridor_feature *f = &c->corridor_features[i];
        const char *what = dg_contents_word(DG_WORDS_CORRIDOR, f->kind);
        char key[2] = {(char)('a' + i), '\0'}, detail[160];
        snprintf(detail, sizeof detail, "%c%s", what[0] >= 'a' && what[0] <= 'z' ? what[0] - 'a' + 'A' : what[0],
                 what + 1);
        dr__jw_key(w, key);
        dr__jw_object_begin(w);
        dr__jw_key_string(w, "detail", detail);
        dr__jw_key_string(w, "key", key);
        dr__jw_key(w, "marks");
        dr__jw_array_begin(w);
        for (int k = 0; k < f->n_cells; k++) {
            dr__jw_object_begin(w);
            dr__jw_key_int(w, "col", f->cells[k].x);
            dr__jw_key_int(w, "row", f->cells[k].y);
            dr__jw_object_end(w);
        }
        dr__jw_array_end(w);
        dr__jw_object_end(w);
    }
    dr__jw_object_end(w);
}

/* {"1": "2 x Skeleton (cr 1/4); easy, 100 xp (patrolling)", ...}: donjon's d6. */
static void write_wandering(dr__jw *w, const dg_contents *c, dg_buf *line)
{
    dr__jw_object_begin(w);
    for (int i = 0; c && c->depth != DG_DEPTH_NONE && i < c->n_wandering; i++) {
        char key[2] = {(char)('1' + i), '\0'}; /* d6: 1..6 */
        dr__jw_key(w, key);
        dg_status rc = dr__donjon_wandering_line(c, i, line, w->err);
        if (rc != DG_OK && w->rc == DG_OK) w->rc = rc;
        dr__jw_stringn(w, (const char *)line->data, line->len);
    }
    dr__jw_object_end(w);
}

dg_status dg_donjon_encode(const dg_dungeon *d, dg_buf *out, dg_error *err)
{
    dg_status rc = dr__render_check(d, err);
    if (rc != DG_OK) return rc;
    dr__door_sides sides;
    if ((rc = dr__door_sides_build(d, &sides, err)) != DG_OK) return rc;
    dr__donjon_words s;
    dr__donjon_words_of(d, &s);
    dr__jw w;
    dr__jw_init(&w, out, err);
    dr__jw_object_begin(&w);
    dr__jw_key(&w, "cell_bit");
    write_cell_bits(&w);
    dr__jw_key(&w, "cells");
    dr__jw_splice(&w, dr__json_put_cells, d, NULL);
    dr__jw_key(&w, "corridor_features");
    write_corridor_features(&w, d->contents);
    dr__jw_key(&w, "details");
    write_details(&w, &s);
    if (d->n_exits) { /* absent without exits: see the header */
        dr__jw_key(&w, "egress");
        write_egress(&w, d);
    }
    dr__donjon_key k;
    dr__donjon_key_init(&k);
    dr__jw_key(&w, "rooms");
    dr__jw_array_begin(&w);
    dr__jw_null(&w); /* donjon numbers rooms from 1 */
    for (size_t i = 0; i < d->n_rooms; i++) write_room(&w, d, &s, &sides, &d->rooms[i], &k);
    dr__jw_array_end(&w);
    dr__jw_key(&w, "settings");
    write_settings(&w, d, &s);
    dr__jw_key(&w, "stairs");
    write_stairs(&w, d);
    dr__jw_key(&w, "wandering_monsters");
    write_wandering(&w, d->contents, &k.summary);
    dr__jw_object_end(&w);
    rc = dr__jw_finish(&w);
    dr__donjon_key_fini(&k);
    dr__door_sides_fini(&sides);
    return rc;
}
