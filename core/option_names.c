/* option_names.c -- the value names behind the option rows (the X-macro
 * lists of dg.h as arrays, size and room presets) and the text helpers the
 * parser uses; also the model's name lookups (directions, door types,
 * shapes). The keys are option_keys.c's rows; parsing is options.c's. */
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
const char *const dg__cell_ft_names[] = { DG_CELL_FEET(NAME_OF) };
const char *const dg__image_names[] = { DG_IMAGES(NAME_OF) };
const char *const dg__paper_names[] = { DG_PAPERS(NAME_OF) };
const char *const dg__style_names[] = { DG_STYLES(NAME_OF) };
const char *const dg__connect_names[] = { DG_CONNECTS(NAME_OF) };
const char *const dg__contents_names[] = { DG_DEPTHS(NAME_OF) };
const char *const dg__motif_names[] = { DG_MOTIFS(NAME_OF) };
const char *const dg__danger_names[] = { DG_DANGERS(NAME_OF) };
const char *const dg__rules_names[] = { DG_RULESETS(NAME_OF) };
const char *const dg__loops_names[] = { DG_LOOPS(NAME_OF) };
#undef NAME_OF

int dg_cell_feet(const dg_options *o) { return o && o->cell_ft == DG_FEET_5 ? 5 : 10; }

/* Map sizes on donjon's scale, in rows; columns follow from the layout. */
const char *const dg__size_names[] = { "fine", "diminutive", "tiny", "small", "medium",
                                          "large", "huge", "gargantuan", "colossal" };
const int dg__size_rows[] = { 11, 13, 17, 21, 27, 35, 43, 55, 71 };

const char *const dg__room_size_names[] = { "small", "medium", "large",
                                               "huge", "gargantuan", "colossal" };
const int dg__room_size_min[] = { 3, 3, 5, 7, 9, 11 };
const int dg__room_size_max[] = { 5, 9, 13, 17, 21, 27 };

/* -------------------------------------------------------- small helpers */

/* ASCII only: the host's locale must not change what a key means. */
static int lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

bool dg__same_word(const char *a, const char *b)
{
    while (*a && lower((unsigned char)*a) == lower((unsigned char)*b)) {
        a++;
        b++;
    }
    return *a == '\0' && *b == '\0';
}

int dg__find_name(const char *const *names, size_t n, const char *v)
{
    for (size_t i = 0; i < n; i++)
        if (dg__same_word(names[i], v)) return (int)i;
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

const char *dg_algorithm_name(dg_algorithm v) { return name_of(dg__algorithm_names, DG_COUNT(dg__algorithm_names), (int)v); }
const char *dg_layout_name(dg_layout v) { return name_of(dg__layout_names, DG_COUNT(dg__layout_names), (int)v); }
const char *dg_room_layout_name(dg_room_layout v) { return name_of(dg__room_layout_names, DG_COUNT(dg__room_layout_names), (int)v); }
const char *dg_polymorph_name(dg_polymorph v) { return name_of(dg__polymorph_names, DG_COUNT(dg__polymorph_names), (int)v); }
const char *dg_door_set_name(dg_door_set v) { return name_of(dg__door_set_names, DG_COUNT(dg__door_set_names), (int)v); }
const char *dg_corridor_style_name(dg_corridor_style v) { return name_of(dg__corridor_names, DG_COUNT(dg__corridor_names), (int)v); }
const char *dg_egress_name(dg_egress v) { return name_of(dg__egress_names, DG_COUNT(dg__egress_names), (int)v); }
const char *dg_format_name(dg_format v) { return name_of(dg__format_names, DG_COUNT(dg__format_names), (int)v); }
const char *dg_grid_name(dg_grid v) { return name_of(dg__grid_names, DG_COUNT(dg__grid_names), (int)v); }
const char *dg_view_name(dg_view v) { return name_of(dg__view_names, DG_COUNT(dg__view_names), (int)v); }
const char *dg_style_name(dg_style v) { return name_of(dg__style_names, DG_COUNT(dg__style_names), (int)v); }
const char *dg_connect_name(dg_connect v) { return name_of(dg__connect_names, DG_COUNT(dg__connect_names), (int)v); }

const char *dg_size_name(int size)
{
    return size < 0 ? "custom" : name_of(dg__size_names, DG_COUNT(dg__size_names), size);
}

const char *dg_room_size_name(int room_size)
{
    return room_size < 0 ? "custom" : name_of(dg__room_size_names, DG_COUNT(dg__room_size_names), room_size);
}

static const char *const dir_names[] = { "north", "south", "west", "east" };

const char *dg_dir_name(dg_dir d) { return name_of(dir_names, DG_COUNT(dir_names), (int)d); }

#define DOOR_NAME(code, name, bit) name,
#define DOOR_BIT(code, name, bit) bit,
static const char *const door_type_names[] = { DG_DOOR_TYPES(DOOR_NAME) };
static const uint32_t door_type_bits[] = { DG_DOOR_TYPES(DOOR_BIT) };
#undef DOOR_NAME
#undef DOOR_BIT

const char *dg_door_type_name(dg_door_type t)
{
    return name_of(door_type_names, DG_COUNT(door_type_names), (int)t);
}

uint32_t dg_door_type_bit(dg_door_type t)
{
    return (int)t >= 0 && (size_t)t < DG_COUNT(door_type_bits) ? door_type_bits[t] : 0u;
}

static const char *const shape_names[] = { "rect", "circle", "polygon", "composite" };

const char *dg_shape_name(dg_shape s) { return name_of(shape_names, DG_COUNT(shape_names), (int)s); }

static const char *const room_kind_names[] = { "room", "chamber" };

const char *dg_room_kind_name(dg_room_kind k) { return name_of(room_kind_names, DG_COUNT(room_kind_names), (int)k); }
