/* frame.c -- legend=yes and ruler=yes: margins around the map, in the
 * style's colours (floor as the paper, label and wall as the ink), never
 * over the map. The ruler numbers columns above and below the map and rows
 * left and right of it from 0, the key's "square x,y", every `step`
 * squares so the numbers fit. The legend is a band under the map: a sample
 * of each door kind, stair, mark and feature this view shows, drawn with
 * the map's own shapes at the map's cell size, and one square's feet. The
 * layout is computed once here for the PNG (drawn here) and the SVG
 * (svg_frame.c) alike. */
#include <stdio.h>
#include <string.h>

#include "dg_contents.h"
#include "png_int.h"

#define GAP 4

/* ------------------------------------------------------------- samples */

#define JAMBS {'R', DG_PAL_WALL, 13, 0, 19, 8}, {'R', DG_PAL_WALL, 13, 24, 19, 32}
#define LEAF {'R', DG_PAL_DOOR, 11, 8, 21, 24}, {'R', DG_PAL_DOOR_FILL, 13, 10, 19, 22}
static const dr__shape door[] = {JAMBS, LEAF};
static const dr__shape locked[] = {JAMBS, LEAF, {'R', DG_PAL_DOOR, 13, 13, 19, 19}};
static const dr__shape trapped[] = {JAMBS, LEAF, {'R', DG_PAL_TRAP, 3, 15, 29, 17}};
static const dr__shape secret[] = {{'R', DG_PAL_WALL, 13, 0, 19, 32}};
static const dr__shape portc[] = {JAMBS, {'R', DG_PAL_DOOR, 14, 9, 18, 12}, {'R', DG_PAL_DOOR, 14, 14, 18, 18},
                                  {'R', DG_PAL_DOOR, 14, 20, 18, 23}};
static const dr__shape arch[] = {JAMBS};
static const dr__shape up[] = {{'R', DG_PAL_STAIR, 6, 4, 8, 28},   {'R', DG_PAL_STAIR, 24, 4, 26, 28},
                               {'R', DG_PAL_STAIR, 6, 6, 26, 8},   {'R', DG_PAL_STAIR, 6, 12, 26, 14},
                               {'R', DG_PAL_STAIR, 6, 18, 26, 20}, {'R', DG_PAL_STAIR, 6, 24, 26, 26}};
static const dr__shape down[] = {{'R', DG_PAL_STAIR, 4, 4, 28, 6},   {'R', DG_PAL_STAIR, 7, 10, 25, 12},
                                 {'R', DG_PAL_STAIR, 10, 16, 22, 18}, {'R', DG_PAL_STAIR, 13, 22, 19, 24},
                                 {'R', DG_PAL_STAIR, 15, 27, 17, 29}};
static const dr__shape scale[] = {{'R', DG_PAL_WALL, 0, 15, 32, 18}, {'R', DG_PAL_WALL, 0, 9, 2, 24},
                                  {'R', DG_PAL_WALL, 30, 9, 32, 24}};
static const dr__shape water[] = {{'R', DG_PAL_WATER, 1, 1, 31, 31},    {'R', DG_PAL_WATER_INK, 4, 9, 8, 11},
                                  {'R', DG_PAL_WATER_INK, 8, 7, 12, 9},   {'R', DG_PAL_WATER_INK, 12, 9, 16, 11},
                                  {'R', DG_PAL_WATER_INK, 16, 21, 20, 23}, {'R', DG_PAL_WATER_INK, 20, 19, 24, 21},
                                  {'R', DG_PAL_WATER_INK, 24, 21, 28, 23}};

const dr__shape *dr__legend_shapes(int kind, int *n, const char **letter, int *letter_role)
{
    *letter = "";
    *letter_role = DG_PAL_LABEL;
#define SH(a) (*n = (int)(sizeof(a) / sizeof((a)[0])), a)
    switch (kind) {
    case DG_LEG_DOOR: return SH(door);
    case DG_LEG_LOCKED: return SH(locked);
    case DG_LEG_TRAPPED: return SH(trapped);
    case DG_LEG_SECRET: *letter = "S"; *letter_role = DG_PAL_TRAP; return SH(secret);
    case DG_LEG_PORTC: return SH(portc);
    case DG_LEG_ARCH: return SH(arch);
    case DG_LEG_UP: return SH(up);
    case DG_LEG_DOWN: return SH(down);
    case DG_LEG_MARK_TRAP: *letter = "T"; *letter_role = DG_PAL_TRAP; *n = 0; return NULL;
    case DG_LEG_MARK_KEY: *letter = "K"; *n = 0; return NULL;
    case DG_LEG_MARK_HIDDEN: *letter = "?"; *letter_role = DG_PAL_TRAP; *n = 0; return NULL;
    case DG_LEG_MARK_FEATURE: *letter = "a"; *n = 0; return NULL;
    case DG_LEG_SCALE: return SH(scale);
    case DG_LEG_FEATURE + DG_FEATURE_WATER: return SH(water);
    default: break;
    }
#undef SH
    if (kind > DG_LEG_FEATURE && kind < DG_LEG_FEATURE + DG_FEATURE_COUNT) {
        /* the map's own glyph: ink 0 wall, 1 door fill (feature_shapes.c) */
        return dr__feature_shapes(kind - DG_LEG_FEATURE, n);
    }
    *n = 0;
    return NULL;
}

/* -------------------------------------------------------------- layout */

typedef struct {
    bool want[DG_LEG_FEATURE + DG_FEATURE_COUNT];
} wants;

static void mark_seen(void *ctx, const dr__mark *m)
{
    static const int of[] = {[DR__MARK_FEATURE] = DG_LEG_MARK_FEATURE, [DR__MARK_TRAP] = DG_LEG_MARK_TRAP,
                             [DR__MARK_KEY] = DG_LEG_MARK_KEY, [DR__MARK_HIDDEN] = DG_LEG_MARK_HIDDEN};
    ((wants *)ctx)->want[of[m->kind]] = true;
}

static const char *words(const dg_dungeon *d, int kind, char *buf, size_t cap)
{
    static const char *const fixed[] = {
        [DG_LEG_DOOR] = "door", [DG_LEG_LOCKED] = "locked door", [DG_LEG_TRAPPED] = "trapped door",
        [DG_LEG_SECRET] = "secret door", [DG_LEG_PORTC] = "portcullis", [DG_LEG_ARCH] = "archway",
        [DG_LEG_UP] = "stairs up", [DG_LEG_DOWN] = "stairs down", [DG_LEG_MARK_TRAP] = "trap",
        [DG_LEG_MARK_KEY] = "key", [DG_LEG_MARK_HIDDEN] = "hidden", [DG_LEG_MARK_FEATURE] = "corridor feature",
    };
    if (kind == DG_LEG_SCALE) snprintf(buf, cap, "1 square = %d ft", dg_cell_feet(&d->opts));
    else if (kind >= DG_LEG_FEATURE) snprintf(buf, cap, "%s", dg_feature_name(kind - DG_LEG_FEATURE));
    else snprintf(buf, cap, "%s", fixed[kind]);
    return buf;
}

static int digits(int v)
{
    int n = 1;
    while (v >= 10) {
        v /= 10;
        n++;
    }
    return n;
}

void dr__frame_layout(const dg_dungeon *d, int cell, bool player, int map_w, int map_h, dr__frame *f)
{
    memset(f, 0, sizeof *f);
    if (!d->opts.legend && !d->opts.ruler) return;
    dr__frame_font(cell, &f->cw, &f->ch);
    if (d->opts.ruler) {
        static const int steps[] = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};
        int most = d->width > d->height ? d->width : d->height, wide = digits(most - 1) * f->cw;
        f->step = 1000;
        for (size_t i = 0; i < sizeof steps / sizeof *steps; i++)
            if (wide + 2 <= steps[i] * cell && f->ch <= steps[i] * cell) {
                f->step = steps[i];
                break;
            }
        f->top = f->bottom = f->ch + 2 * GAP;
        f->left = f->right = wide + 2 * GAP;
    }
    if (!d->opts.legend) return;
    wants w;
    memset(&w, 0, sizeof w);
    for (size_t i = 0; d->doors && i < d->n_doors; i++) {
        dg_door_type t = d->doors[i].type;
        if (player && t == DG_DOOR_SECRET) continue;                  /* the players see wall */
        w.want[t == DG_DOOR_OPEN      ? DG_LEG_DOOR
               : t == DG_DOOR_LOCKED  ? DG_LEG_LOCKED
               : t == DG_DOOR_TRAPPED ? (player ? DG_LEG_DOOR : DG_LEG_TRAPPED)
               : t == DG_DOOR_SECRET  ? DG_LEG_SECRET
               : t == DG_DOOR_PORTC   ? DG_LEG_PORTC
                                      : DG_LEG_ARCH] = true;
    }
    for (size_t i = 0; d->stairs && i < d->n_stairs; i++) w.want[d->stairs[i].down ? DG_LEG_DOWN : DG_LEG_UP] = true;
    dr__map_marks(d, player, mark_seen, &w);
    for (size_t i = 0, n = dr__objects_count(d); i < n; i++) {
        dg_map_feature o;
        if (dr__object(d, i, &o)) w.want[DG_LEG_FEATURE + (int)o.kind] = true;
    }
    w.want[DG_LEG_SCALE] = true;
    /* entries left to right, wrapping at the image's width */
    int width = map_w + f->left + f->right, row_h = (cell > f->ch ? cell : f->ch) + GAP;
    int x = f->left + GAP, y = f->top + map_h + f->bottom + GAP, rows = 1;
    for (int k = 0; k < DG_LEG_FEATURE + DG_FEATURE_COUNT && f->n < DG_FRAME_MAX_ENTRIES; k++) {
        if (!w.want[k]) continue;
        dr__legend_entry *e = &f->e[f->n];
        words(d, k, e->text, sizeof e->text);
        int ew = cell + GAP + (int)strlen(e->text) * f->cw + 3 * GAP;
        if (x > f->left + GAP && x + ew > width - GAP) {
            x = f->left + GAP;
            y += row_h;
            rows++;
        }
        e->kind = k;
        e->x = x;
        e->y = y;
        x += ew;
        f->n++;
    }
    f->bottom += rows * row_h + 2 * GAP;
}

/* ----------------------------------------------------------------- PNG */

static void sample(dr__canvas *cv, const dr__legend_entry *e, int cell)
{
    int n, letter_role;
    const char *letter;
    const dr__shape *s = dr__legend_shapes(e->kind, &n, &letter, &letter_role);
    bool feature = e->kind > DG_LEG_FEATURE;
    for (int k = 0; k < n; k++) {
        unsigned char ink = feature ? (s[k].ink ? DG_PAL_DOOR_FILL : DG_PAL_WALL) : s[k].ink;
        int x0 = e->x + s[k].a * cell / 32, y0 = e->y + s[k].b * cell / 32;
        if (s[k].op == 'R') {
            int x1 = e->x + s[k].c * cell / 32 - 1, y1 = e->y + s[k].d * cell / 32 - 1;
            dr__canvas_box(cv, x0, y0, x1 < x0 ? x0 : x1, y1 < y0 ? y0 : y1, ink);
            continue;
        }
        long long r = (long long)s[k].c * cell, cx = (long long)s[k].a * cell, cy = (long long)s[k].b * cell;
        for (int j = 0; j < cell; j++)
            for (int i = 0; i < cell; i++) {
                long long dx = (2LL * i + 1) * 16 - cx, dy = (2LL * j + 1) * 16 - cy;
                if (dx * dx + dy * dy <= r * r) dr__canvas_box(cv, e->x + i, e->y + j, e->x + i, e->y + j, ink);
            }
    }
    if (*letter) {
        int cw, ch;
        dr__frame_font(cell, &cw, &ch);
        dr__frame_text(cv, cell, letter, e->x + (cell - cw) / 2, e->y + (cell - ch) / 2, (unsigned char)letter_role);
    }
}

dg_status dr__frame_png(dr__canvas *cv, const dr__frame *f, dg_error *err)
{
    dr__canvas big = *cv;
    big.pix = NULL;
    big.rows = NULL;
    big.last = NULL;
    big.w = cv->w + f->left + f->right;
    big.h = cv->h + f->top + f->bottom;
    dg_status rc = dr__canvas_alloc(&big, err);
    if (rc != DG_OK) {
        dr__canvas_free(&big);
        return rc;
    }
    for (int y = 0; y < big.h; y++) {
        unsigned char *row = dr__canvas_fresh(&big, y);
        memset(row, DG_PAL_FLOOR, (size_t)big.w);
        if (y >= f->top && y < f->top + cv->h) memcpy(row + f->left, cv->rows[y - f->top], (size_t)cv->w);
    }
    int c = cv->cell;
    char s[16];
    if (f->step) {
        for (int x = 0; x < cv->d->width; x += f->step) {
            snprintf(s, sizeof s, "%d", x);
            int left = f->left + x * c + c / 2 + 1 - (int)strlen(s) * f->cw / 2;
            dr__frame_text(&big, c, s, left, GAP, DG_PAL_LABEL);
            dr__frame_text(&big, c, s, left, f->top + cv->h + GAP, DG_PAL_LABEL);
        }
        for (int y = 0; y < cv->d->height; y += f->step) {
            snprintf(s, sizeof s, "%d", y);
            int top = f->top + y * c + c / 2 + 1 - f->ch / 2;
            dr__frame_text(&big, c, s, f->left - GAP - (int)strlen(s) * f->cw, top, DG_PAL_LABEL);
            dr__frame_text(&big, c, s, f->left + cv->w + GAP, top, DG_PAL_LABEL);
        }
    }
    for (int i = 0; i < f->n; i++) {
        sample(&big, &f->e[i], c);
        dr__frame_text(&big, c, f->e[i].text, f->e[i].x + c + GAP, f->e[i].y + (c - f->ch) / 2, DG_PAL_LABEL);
    }
    dr__canvas_free(cv);
    cv->pix = big.pix;
    cv->rows = big.rows;
    cv->last = big.last;
    cv->w = big.w;
    cv->h = big.h;
    return DG_OK;
}
