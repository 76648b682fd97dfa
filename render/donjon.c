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
 *              in FEET (10 per cell), area in square feet of floor, shape
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
 * Keys are sorted, as in donjon's files. Names, contents, door and dungeon
 * details are invented here, deterministically: each comes from its own
 * dg_rng stream seeded from (seed, what it describes), never from the map's
 * stream, so flavour text can change without moving a wall. */
#include "render_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define FEET_PER_CELL 10

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

/* Creatures and how many of them at most turn up together. */
static const struct { const char *name; int most; } monsters[] = {
    {"Goblin", 6}, {"Kobold", 8}, {"Orc", 4}, {"Skeleton", 6}, {"Zombie", 4},
    {"Giant Rat", 8}, {"Bugbear", 2}, {"Hobgoblin", 4}, {"Ogre", 1},
    {"Gelatinous Cube", 1}, {"Giant Spider", 2}, {"Ghoul", 3}, {"Troll", 1},
    {"Cultist", 6}, {"Stirge", 6}, {"Gnoll", 4},
};
static const char *const traps[] = {
    "Pit Trap", "Poison Needle", "Falling Block", "Scything Blade", "Poison Gas",
    "Collapsing Ceiling", "Arrow Trap", "Fire Glyph",
};
static const char *const features[] = {
    "A faded mural covers the north wall", "Broken furniture is piled in a corner",
    "A shallow pool of dark water fills the centre of the room",
    "Rusted chains hang from the ceiling", "The floor is littered with old bones",
    "A cold draught blows through the room", "Claw marks score the walls",
    "An overturned altar lies in the middle of the room",
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

#define PICK(r, table) (table)[dg_rng_below((r), (uint32_t)COUNT(table))]

/* -------------------------------------------------------------- settings */

/* "medium" -> "Medium"; donjon abbreviates two of its size words. */
static void capital(char *out, size_t cap, const char *name)
{
    if (strcmp(name, "diminutive") == 0) name = "dimin";
    if (strcmp(name, "gargantuan") == 0) name = "gargant";
    snprintf(out, cap, "%s", name);
    if (out[0] >= 'a' && out[0] <= 'z') out[0] = (char)(out[0] - 'a' + 'A');
}

static json_t *settings_json(const dg_dungeon *d, const char *name)
{
    const dg_options *o = &d->opts;
    char size[32], layout[32], rooms[32], room_size[32], poly[32], doors[32],
        corr[32], style[32], deadends[16], egress[16], seed[24];
    capital(size, sizeof size, dg_size_name(o->size));
    capital(layout, sizeof layout, dg_layout_name(o->layout));
    capital(rooms, sizeof rooms, dg_room_layout_name(o->rooms));
    capital(room_size, sizeof room_size, dg_room_size_name(o->room_size));
    capital(poly, sizeof poly, dg_polymorph_name(o->polymorph));
    capital(doors, sizeof doors, dg_door_set_name(o->doors));
    capital(corr, sizeof corr, dg_corridor_style_name(o->corridors));
    capital(style, sizeof style, dg_style_name(o->style));
    /* donjon leaves peripheral_egress empty for "no" */
    if (o->egress == DG_EGRESS_NO) egress[0] = '\0';
    else capital(egress, sizeof egress, dg_egress_name(o->egress));
    if (o->deadends == 0) snprintf(deadends, sizeof deadends, "None");
    else if (o->deadends == 50) snprintf(deadends, sizeof deadends, "Some");
    else if (o->deadends == 100) snprintf(deadends, sizeof deadends, "All");
    else snprintf(deadends, sizeof deadends, "%d", o->deadends);
    const char *stairs = o->stairs == 0 ? "No" : o->stairs <= 2 ? "Yes" : "Many";
    const char *grid = o->grid == DG_GRID_SQUARE ? "Square" : o->grid == DG_GRID_HEX ? "Hex"
                     : o->grid == DG_GRID_VHEX   ? "VertHex" : "None";
    snprintf(seed, sizeof seed, "%" PRIu64, o->seed);
    return json_pack("{s:s,s:i,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:i,s:i,s:s,s:i,s:i,s:s,s:i,"
                     "s:i,s:i,s:s,s:i,s:s,s:s,s:s,s:s,s:s,s:s}",
                     "add_stairs", stairs, "cell_size", o->cell, "corridor_layout", corr,
                     "door_set", doors, "dungeon_layout", layout, "dungeon_size", size,
                     "generator_version", DG_GENERATOR_VERSION, "grid", grid, "infest", "Basic",
                     "last_room_id", (int)d->n_rooms, "level", 1, "map_style", style,
                     "max_col", d->width - 1, "max_row", d->height - 1, "motif", "",
                     "n_cols", d->width, "n_pc", 4, "n_rooms", (int)d->n_rooms, "name",
                     name, "n_rows", d->height, "peripheral_egress", egress,
                     "remove_deadends", deadends, "room_layout", rooms, "room_polymorph", poly,
                     "room_size", room_size, "seed", seed);
}

static json_t *details_json(uint64_t seed)
{
    dg_rng r = stream(seed, "donjon-details", 0);
    const char *floor = PICK(&r, detail_floor);
    const char *walls = PICK(&r, detail_walls);
    const char *temp = PICK(&r, detail_temperature);
    const char *light = PICK(&r, detail_illumination);
    return json_pack("{s:s,s:s,s:s,s:s,s:n}", "floor", floor, "walls", walls, "temperature",
                     temp, "illumination", light, "special");
}

/* ----------------------------------------------------------------- rooms */

/* "Goblin", "3 x Goblin" */
static void creatures(char *out, size_t cap, dg_rng *r)
{
    int k = (int)dg_rng_below(r, (uint32_t)COUNT(monsters));
    int n = 1 + (int)dg_rng_below(r, (uint32_t)monsters[k].most);
    if (n == 1) snprintf(out, cap, "%s", monsters[k].name);
    else snprintf(out, cap, "%d x %s", n, monsters[k].name);
}

/* Draw order is part of the output: monster?, who, second group?, who,
 * trap?, which, treasure?, feature?, which. */
static json_t *contents_json(uint64_t seed, int room_id)
{
    dg_rng r = stream(seed, "donjon-contents", (uint64_t)room_id);
    char who[96] = "", second[48], summary[192] = "";
    if (dg_rng_percent(&r, 35)) {
        creatures(who, sizeof who, &r);
        if (dg_rng_percent(&r, 25)) {
            creatures(second, sizeof second, &r);
            size_t n = strlen(who);
            snprintf(who + n, sizeof who - n, " and %s", second);
        }
    }
    const char *trap = dg_rng_percent(&r, 12) ? PICK(&r, traps) : NULL;
    bool treasure = dg_rng_percent(&r, who[0] ? 50 : 15);
    const char *feature = dg_rng_percent(&r, 50) ? PICK(&r, features) : NULL;

    size_t n = 0;
    if (who[0]) n += (size_t)snprintf(summary + n, sizeof summary - n, "%s", who);
    if (trap) n += (size_t)snprintf(summary + n, sizeof summary - n, "%s%s", n ? ", " : "", trap);
    if (treasure && n < sizeof summary)
        n += (size_t)snprintf(summary + n, sizeof summary - n, "%sTreasure", n ? ", " : "");
    if (n == 0) snprintf(summary, sizeof summary, "Empty");

    json_t *c = json_pack("{s:s}", "summary", summary);
    if (c && who[0] && json_object_set_new(c, "inhabited", json_string(who))) goto fail;
    if (c && (trap || feature)) {
        json_t *detail = json_object();
        if (json_object_set_new(c, "detail", detail)) goto fail;
        if (feature && json_object_set_new(detail, "room_features", json_string(feature)))
            goto fail;
        if (trap && json_object_set_new(detail, "trap", json_pack("[s]", trap))) goto fail;
    }
    return c;
fail:
    json_decref(c);
    return NULL;
}

/* One door as room `from` sees it; out_id names the room beyond, if any. */
static json_t *door_json(uint64_t seed, const dg_door *o, size_t index, int out_id)
{
    json_t *j = json_pack("{s:i,s:i,s:s,s:s,s:s}", "row", o->y, "col", o->x, "type",
                          door_words[o->type].type, "key", door_words[o->type].key, "desc",
                          door_words[o->type].desc);
    /* both rooms of a shared door see the same words: keyed by the door */
    dg_rng r = stream(seed, "donjon-door", (uint64_t)index);
    if (j && out_id > 0 && json_object_set_new(j, "out_id", json_integer(out_id))) goto fail;
    if (j && o->type == DG_DOOR_SECRET &&
        json_object_set_new(j, "secret", json_string(PICK(&r, secrets))))
        goto fail;
    if (j && o->type == DG_DOOR_TRAPPED &&
        json_object_set_new(j, "trap", json_string(PICK(&r, traps))))
        goto fail;
    return j;
fail:
    json_decref(j);
    return NULL;
}

static const char *shape_word(dg_shape s)
{
    return s == DG_SHAPE_RECT ? "square" : dg_shape_name(s);
}

static json_t *room_json(const dg_dungeon *d, const dg_room *rm)
{
    const char *size = d->opts.room_size < 0 ? "" : dg_room_size_name(d->opts.room_size);
    json_t *j = json_pack(
        "{s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:s,s:s,s:o,s:{}}", "id", rm->id, "row",
        rm->y, "col", rm->x, "north", rm->y, "south", rm->y + rm->height - 1, "west", rm->x,
        "east", rm->x + rm->width - 1, "width", rm->width * FEET_PER_CELL, "height",
        rm->height * FEET_PER_CELL, "area", rm->area * FEET_PER_CELL * FEET_PER_CELL, "shape",
        shape_word(rm->shape), "size", size, "contents", contents_json(d->opts.seed, rm->id),
        "doors");
    if (j && rm->shape == DG_SHAPE_POLYGON &&
        json_object_set_new(j, "polygon", json_integer(rm->sides))) {
        json_decref(j);
        return NULL;
    }
    return j;
}

/* Files door i under each room whose wall holds it; a generator that records
 * a shared door once per room gives the same cell twice in a row, kept once. */
static int file_door(const dg_dungeon *d, json_t *rooms, size_t i)
{
    const dg_door *o = &d->doors[i];
    int ids[2] = {o->room, o->other}, out[2] = {o->other, o->room};
    dg_dir sides[2] = {o->dir, dg__dir_opposite(o->dir)};
    for (int k = 0; k < 2; k++) {
        if (ids[k] < 1) continue;
        json_t *doors = json_object_get(json_array_get(rooms, (size_t)ids[k]), "doors");
        const char *side = dg_dir_name(sides[k]);
        json_t *list = json_object_get(doors, side);
        if (!list) {
            if (json_object_set_new(doors, side, list = json_array())) return -1;
        }
        size_t n = json_array_size(list);
        json_t *last = n ? json_array_get(list, n - 1) : NULL;
        if (last && json_integer_value(json_object_get(last, "row")) == o->y &&
            json_integer_value(json_object_get(last, "col")) == o->x)
            continue;
        if (json_array_append_new(list, door_json(d->opts.seed, o, i, out[k]))) return -1;
    }
    return 0;
}

static json_t *rooms_json(const dg_dungeon *d)
{
    json_t *rooms = json_pack("[n]"); /* donjon numbers rooms from 1 */
    for (size_t i = 0; rooms && i < d->n_rooms; i++)
        if (json_array_append_new(rooms, room_json(d, &d->rooms[i]))) goto fail;
    for (size_t i = 0; rooms && i < d->n_doors; i++)
        if (file_door(d, rooms, i)) goto fail;
    return rooms;
fail:
    json_decref(rooms);
    return NULL;
}

/* ------------------------------------------------------- stairs, egress */

static json_t *stairs_json(const dg_dungeon *d)
{
    json_t *a = json_array();
    for (size_t i = 0; a && i < d->n_stairs; i++) {
        const dg_stair *s = &d->stairs[i];
        if (json_array_append_new(
                a, json_pack("{s:i,s:i,s:s,s:s,s:i,s:i}", "row", s->y, "col", s->x, "dir",
                             dg_dir_name(s->dir), "key", s->down ? "down" : "up", "next_row",
                             s->next_y, "next_col", s->next_x))) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

static json_t *egress_json(const dg_dungeon *d)
{
    json_t *a = json_array();
    for (size_t i = 0; a && i < d->n_exits; i++) {
        const dg_exit *e = &d->exits[i];
        if (json_array_append_new(a, json_pack("{s:i,s:i,s:s,s:i,s:s}", "row", e->y, "col",
                                               e->x, "dir", dg_dir_name(e->dir), "depth", 0,
                                               "type", "corridor"))) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

static json_t *cell_bits_json(void)
{
    return json_pack("{s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I}",
                     "nothing", (int)DG_NOTHING, "block", (int)DG_BLOCKED, "room", (int)DG_ROOM,
                     "corridor", (int)DG_CORRIDOR, "perimeter", (int)DG_PERIMETER, "aperture",
                     (int)DG_ENTRANCE, "room_id", (int)DG_ROOM_ID, "arch", (json_int_t)DG_ARCH,
                     "door", (json_int_t)DG_DOOR, "locked", (json_int_t)DG_LOCKED, "trapped",
                     (json_int_t)DG_TRAPPED, "secret", (json_int_t)DG_SECRET, "portcullis",
                     (json_int_t)DG_PORTC, "stair_down", (json_int_t)DG_STAIR_DN, "stair_up",
                     (json_int_t)DG_STAIR_UP, "label", (json_int_t)DG_LABEL);
}

dg_status dg_donjon_encode(const dg_dungeon *d, dg_buf *out, dg_error *err)
{
    dg_status rc = dg__render_check(d, err);
    if (rc != DG_OK) return rc;
    char name[128];
    dg_contents_default_name(d->opts.seed, name, sizeof name); /* core's rule */
    json_t *root = json_pack("{s:o,s:n,s:{},s:o,s:o,s:o,s:o}", "cell_bit", cell_bits_json(),
                             "cells", "corridor_features", "details",
                             details_json(d->opts.seed), "rooms", rooms_json(d), "settings",
                             settings_json(d, name), "stairs", stairs_json(d));
    if (root && d->n_exits && json_object_set_new(root, "egress", egress_json(d))) {
        json_decref(root);
        root = NULL;
    }
    if (!root) return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory building JSON");
    rc = dg__json_emit(root, "cells", JSON_SORT_KEYS, d, out, err);
    json_decref(root);
    return rc;
}
