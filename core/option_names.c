/* option_names.c -- the option vocabulary as data: value names, size and
 * room presets, the key list with the families each key applies to, and the
 * text helpers the parser uses; also the model's name lookups (directions,
 * door types, shapes). Parsing itself is options.c's. */
#include <stdio.h>
#include <string.h>

#include "options_int.h"

/* ------------------------------------------------------------ value names */

#define NAME_OF(code, name) name,
const char *const dg__algorithm_names[] = { DG_ALGORITHMS(NAME_OF) };
const char *const dg__layout_names[] = { DG_LAYOUTS(NAME_OF) };
const char *const dg__room_layout_names[] = { DG_ROOM_LAYOUTS(NAME_OF) };
const char *const dg__polymorph_names[] = { DG_POLYMORPHS(NAME_OF) };
const char *const dg__door_set_names[] = { DG_DOOR_SETS(NAME_OF) };
const char *const dg__corridor_names[] = { DG_CORRIDOR_STYLES(NAME_OF) };
const char *const dg__egress_names[] = { DG_EGRESSES(NAME_OF) };
const char *const dg__format_names[] = { DG_FORMATS(NAME_OF) };
const char *const dg__grid_names[] = { DG_GRIDS(NAME_OF) };
const char *const dg__view_names[] = { DG_VIEWS(NAME_OF) };
const char *const dg__style_names[] = { DG_STYLES(NAME_OF) };
const char *const dg__connect_names[] = { DG_CONNECTS(NAME_OF) };
#undef NAME_OF

/* "bent" is donjon's own word for errant corridors; accepted on input,
 * printed back as "errant" so both spellings share one canonical string. */
const char *const dg__corridor_accepted[] = { "labyrinth", "errant", "straight", "bent" };
const int dg__corridor_accepted_value[] = { DG_CORR_LABYRINTH, DG_CORR_ERRANT,
                                               DG_CORR_STRAIGHT, DG_CORR_ERRANT };

/* Map sizes on donjon's scale, in rows; columns follow from the layout. */
const char *const dg__size_names[] = { "fine", "diminutive", "tiny", "small", "medium",
                                          "large", "huge", "gargantuan", "colossal" };
const int dg__size_rows[] = { 11, 13, 17, 21, 27, 35, 43, 55, 71 };

const char *const dg__room_size_names[] = { "small", "medium", "large",
                                               "huge", "gargantuan", "colossal" };
const int dg__room_size_min[] = { 3, 3, 5, 7, 9, 11 };
const int dg__room_size_max[] = { 5, 9, 13, 17, 21, 27 };

/* Explicit room bounds; bigger rooms than the map are not refused here, the
 * generator clamps them to what fits. */

/* Number-or-name options. "many" stairs is 4: twice donjon's usual pair. */
const char *const dg__deadend_names[] = { "none", "some", "all" };
const int dg__deadend_values[] = { 0, 50, 100 };
const char *const dg__stair_names[] = { "no", "yes", "many" };
const int dg__stair_values[] = { 0, 2, 4 };

/* VTT pixels per grid cell: Roll20's own cell size. */

/* ------------------------------------------------------------------ keys */

const char *const dg__key_names[K_COUNT] = {
    "seed", "algorithm", "size", "rows", "cols", "layout", "rooms", "room_size",
    "room_min", "room_max", "polymorph", "doors", "corridors", "deadends",
    "stairs", "egress", "format", "style", "grid", "cell", "view", "ppg",
    "cave_fill", "cave_steps", "panel_size_min", "room_size_min", "room_size_max",
    "corridor_margin", "wall_margin", "room_count", "pillars", "caves",
    "area_width_min", "area_height_min", "area_size_min", "block_size", "connect",
};

/* Which algorithms a key means something for; 0 = every one. A key given
 * for another family is an error, and the canonical string leaves it out
 * (dg__key_applies adds donjon's layout rules: the cave keys only with
 * layout=cavernous, corridors only without it; and gridmapper's: doors and
 * pillars only without caves). Each "does not apply" was checked by maps
 * that came out identical for every value of the key. */
const unsigned dg__key_algos[K_COUNT] = {
    [K_LAYOUT] = ALGO(DG_ALGO_DONJON),
    [K_ROOMS] = ALGO(DG_ALGO_DONJON),
    [K_ROOM_SIZE] = ALGO(DG_ALGO_DONJON),
    [K_ROOM_MIN] = ALGO(DG_ALGO_DONJON),
    [K_ROOM_MAX] = ALGO(DG_ALGO_DONJON),
    [K_POLYMORPH] = ALGO(DG_ALGO_DONJON),
    [K_CORRIDORS] = ALGO(DG_ALGO_DONJON),
    /* caverns have no rooms, so no doors */
    [K_DOORS] = ~ALGO(DG_ALGO_CAVERNS) & ((1u << DG_ALGO_COUNT) - 1),
    /* panels always prunes every dead end, and gridmapper's corridors each
     * join two rooms, so never end: the key has nothing to say there */
    [K_DEADENDS] = ~(ALGO(DG_ALGO_PANELS) | ALGO(DG_ALGO_GRIDMAPPER)) & ((1u << DG_ALGO_COUNT) - 1),
    [K_CAVE_FILL] = ALGO(DG_ALGO_DONJON) | ALGO(DG_ALGO_CAVERNS),
    [K_CAVE_STEPS] = ALGO(DG_ALGO_DONJON) | ALGO(DG_ALGO_CAVERNS),
    [K_PANEL_SIZE_MIN] = ALGO(DG_ALGO_PANELS),
    [K_ROOM_SIZE_MIN] = ALGO(DG_ALGO_PANELS),
    [K_ROOM_SIZE_MAX] = ALGO(DG_ALGO_PANELS),
    [K_CORRIDOR_MARGIN] = ALGO(DG_ALGO_PANELS),
    [K_WALL_MARGIN] = ALGO(DG_ALGO_PANELS),
    [K_ROOM_COUNT] = ALGO(DG_ALGO_GRIDMAPPER),
    [K_PILLARS] = ALGO(DG_ALGO_GRIDMAPPER),
    [K_CAVES] = ALGO(DG_ALGO_GRIDMAPPER),
    [K_AREA_WIDTH_MIN] = ALGO(DG_ALGO_ABSTRACT),
    [K_AREA_HEIGHT_MIN] = ALGO(DG_ALGO_ABSTRACT),
    [K_AREA_SIZE_MIN] = ALGO(DG_ALGO_ABSTRACT),
    [K_BLOCK_SIZE] = ALGO(DG_ALGO_CELLS),
    [K_CONNECT] = ALGO(DG_ALGO_CELLS),
};

bool dg__key_applies(const dg_options *o, key_id k)
{
    if (dg__key_algos[k] && !(dg__key_algos[k] & ALGO(o->algorithm))) return false;
    if ((k == K_CAVE_FILL || k == K_CAVE_STEPS) && o->algorithm == DG_ALGO_DONJON)
        return o->layout == DG_LAYOUT_CAVERNOUS;
    /* the cavernous layout grows caves where the maze would be dug */
    if (k == K_CORRIDORS && o->algorithm == DG_ALGO_DONJON) return o->layout != DG_LAYOUT_CAVERNOUS;
    /* gridmapper's caves are joined by open passages and have no straight
     * walls to set pillars in */
    if ((k == K_DOORS || k == K_PILLARS) && o->algorithm == DG_ALGO_GRIDMAPPER) return !o->caves;
    return true;
}

/* Integer family keys: field, range, default (seed 001's table for panels). */
const dg__int_key dg__int_keys[DG__N_INT_KEYS] = {
    /* caves: at 45 the halls run together, full of pillars; 50 winds */
    {K_CAVE_FILL, offsetof(dg_options, cave_fill), 35, 65, 50, false},
    {K_CAVE_STEPS, offsetof(dg_options, cave_steps), 1, 10, 4, false},
    {K_PANEL_SIZE_MIN, offsetof(dg_options, panel_size_min), 8, 99, 12, false},
    {K_ROOM_SIZE_MIN, offsetof(dg_options, panel_room_min), 3, 97, 5, false},
    {K_ROOM_SIZE_MAX, offsetof(dg_options, panel_room_max), 3, 97, 10, false},
    {K_CORRIDOR_MARGIN, offsetof(dg_options, corridor_margin), 1, 10, 2, false},
    {K_WALL_MARGIN, offsetof(dg_options, wall_margin), 0, 10, 1, false},
    {K_ROOM_COUNT, offsetof(dg_options, room_count), 2, 63, 7, false},
    {K_AREA_WIDTH_MIN, offsetof(dg_options, area_width_min), 3, 99, 5, false},
    {K_AREA_HEIGHT_MIN, offsetof(dg_options, area_height_min), 3, 99, 5, false},
    {K_AREA_SIZE_MIN, offsetof(dg_options, area_size_min), 9, 9801, 36, false},
    /* gen_cells.c lays blocks block_size & ~1 apart: 8 and 9 make one map,
     * so both print as 9 and share one permalink */
    {K_BLOCK_SIZE, offsetof(dg_options, block_size), 7, 31, 9, true},
};

int *dg__int_field(dg_options *o, size_t i) { return (int *)(void *)((char *)o + dg__int_keys[i].off); }

int dg__int_key_index(key_id k)
{
    for (size_t i = 0; i < COUNT(dg__int_keys); i++)
        if (dg__int_keys[i].k == k) return (int)i;
    return -1;
}

/* -------------------------------------------------------- small helpers */

/* ASCII only: the host's locale must not change what a key means. */
static int lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

static bool same_word(const char *a, const char *b)
{
    while (*a && lower((unsigned char)*a) == lower((unsigned char)*b)) a++, b++;
    return *a == '\0' && *b == '\0';
}

int dg__find_name(const char *const *names, size_t n, const char *v)
{
    for (size_t i = 0; i < n; i++)
        if (same_word(names[i], v)) return (int)i;
    return -1;
}

static const char *name_of(const char *const *names, size_t n, int v)
{
    return v >= 0 && (size_t)v < n ? names[v] : "";
}

bool dg__is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Writes names joined by sep into buf (always terminated, cut if needed). */
void dg__join(char *buf, size_t cap, const char *const *names, size_t n, const char *sep)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && len < cap; i++) {
        int w = snprintf(buf + len, cap - len, "%s%s", i ? sep : "", names[i]);
        if (w < 0) break;
        len += (size_t)w;
    }
}

/* Strict decimal integer: optional '-', then digits only. Saturates far
 * above every range here, so "99999999999999999999" is a (too big) integer
 * rather than garbage. */
bool dg__parse_int(const char *s, long long *out)
{
    bool neg = *s == '-';
    if (neg) s++;
    if (*s == '\0') return false;
    long long v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return false;
        if (v < 1000000000000LL) v = v * 10 + (*s - '0');
    }
    *out = neg ? -v : v;
    return true;
}

/* Digits only, no sign, and the number must fit 64 bits. */
bool dg__parse_u64(const char *s, uint64_t *out)
{
    if (*s == '\0') return false;
    uint64_t v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return false;
        unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10u) return false;
        v = v * 10u + d;
    }
    *out = v;
    return true;
}

/* Length of s cut to at most max bytes without splitting a UTF-8 sequence. */
size_t dg__utf8_cut(const char *s, size_t max)
{
    size_t n = strnlen(s, max + 1);
    if (n <= max) return n;
    n = max;
    while (n > 0 && ((unsigned char)s[n] & 0xC0u) == 0x80u && max - n < 3) n--;
    return ((unsigned char)s[n] & 0xC0u) == 0xC0u ? n : max;
}

/* Edit dg__distance of two short words, ASCII case folded; caps at 9. */
int dg__distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 24 || lb > 24) return 9;
    int row[25];
    for (size_t j = 0; j <= lb; j++) row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j];
            int sub = diag + (lower((unsigned char)a[i - 1]) != lower((unsigned char)b[j - 1]));
            int best = up + 1 < row[j - 1] + 1 ? up + 1 : row[j - 1] + 1;
            row[j] = sub < best ? sub : best;
            diag = up;
        }
    }
    return row[lb] > 9 ? 9 : row[lb];
}

dg_limits dg_limits_default(void)
{
    dg_limits l = { DG_MAX_DIM, DG_MAX_CELL_PX };
    return l;
}

/* ----------------------------------------------------------- name lookup */

const char *dg_algorithm_name(dg_algorithm v) { return name_of(dg__algorithm_names, COUNT(dg__algorithm_names), (int)v); }
const char *dg_layout_name(dg_layout v) { return name_of(dg__layout_names, COUNT(dg__layout_names), (int)v); }
const char *dg_room_layout_name(dg_room_layout v) { return name_of(dg__room_layout_names, COUNT(dg__room_layout_names), (int)v); }
const char *dg_polymorph_name(dg_polymorph v) { return name_of(dg__polymorph_names, COUNT(dg__polymorph_names), (int)v); }
const char *dg_door_set_name(dg_door_set v) { return name_of(dg__door_set_names, COUNT(dg__door_set_names), (int)v); }
const char *dg_corridor_style_name(dg_corridor_style v) { return name_of(dg__corridor_names, COUNT(dg__corridor_names), (int)v); }
const char *dg_egress_name(dg_egress v) { return name_of(dg__egress_names, COUNT(dg__egress_names), (int)v); }
const char *dg_format_name(dg_format v) { return name_of(dg__format_names, COUNT(dg__format_names), (int)v); }
const char *dg_grid_name(dg_grid v) { return name_of(dg__grid_names, COUNT(dg__grid_names), (int)v); }
const char *dg_view_name(dg_view v) { return name_of(dg__view_names, COUNT(dg__view_names), (int)v); }
const char *dg_style_name(dg_style v) { return name_of(dg__style_names, COUNT(dg__style_names), (int)v); }
const char *dg_connect_name(dg_connect v) { return name_of(dg__connect_names, COUNT(dg__connect_names), (int)v); }

const char *dg_size_name(int size)
{
    return size < 0 ? "custom" : name_of(dg__size_names, COUNT(dg__size_names), size);
}

const char *dg_room_size_name(int room_size)
{
    return room_size < 0 ? "custom" : name_of(dg__room_size_names, COUNT(dg__room_size_names), room_size);
}

static const char *const dir_names[] = { "north", "south", "west", "east" };

const char *dg_dir_name(dg_dir d) { return name_of(dir_names, COUNT(dir_names), (int)d); }

#define DOOR_NAME(code, name, bit) name,
#define DOOR_BIT(code, name, bit) bit,
static const char *const door_type_names[] = { DG_DOOR_TYPES(DOOR_NAME) };
static const uint32_t door_type_bits[] = { DG_DOOR_TYPES(DOOR_BIT) };
#undef DOOR_NAME
#undef DOOR_BIT

const char *dg_door_type_name(dg_door_type t)
{
    return name_of(door_type_names, COUNT(door_type_names), (int)t);
}

uint32_t dg_door_type_bit(dg_door_type t)
{
    return (int)t >= 0 && (size_t)t < COUNT(door_type_bits) ? door_type_bits[t] : 0u;
}

static const char *const shape_names[] = { "rect", "circle", "polygon", "composite" };

const char *dg_shape_name(dg_shape s) { return name_of(shape_names, COUNT(shape_names), (int)s); }
