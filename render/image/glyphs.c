/* glyphs.c -- door, stair and room-number glyphs, drawn over the filled and
 * walled image, only in the cells that carry them. Cell words are the truth
 * (door and stair bits, room ids); the door/stair lists only settle an
 * orientation the neighbours leave open. Text uses gd's built-in bitmap
 * fonts, scaled by whole pixels, so no font file is read at run time.
 *
 * Door glyphs, in a frame where u runs along the wall and v along the
 * passage (so every glyph turns with its wall):
 *   arch        jambs only: two wall stubs narrow the opening
 *   door        jambs and a hollow leaf across the opening
 *   locked      the leaf with a solid bolt block through its middle
 *   trapped     the leaf with a trap-coloured spike along the passage (GM)
 *   secret      wall across the opening with a trap-coloured S (GM); the
 *               player view never gets here, the cell is rock to it
 *   portcullis  jambs and a row of bars */
#include <gdfontg.h>
#include <gdfontmb.h>
#include <gdfonts.h>
#include <gdfontt.h>
#include <stdio.h>
#include <string.h>

#include "png_int.h"
#include "render_int.h"

/* A cell seen in its glyph's own frame. ew: the passage runs east-west
 * (the wall is vertical); flip: v counts from the far side. */
typedef struct {
    dr__canvas *cv;
    int x0, y0, c;
    bool ew, flip;
} frame;

static void fbox(const frame *f, int u0, int v0, int u1, int v1, unsigned char ink)
{
    if (f->flip) {
        int t = f->c - v0;
        v0 = f->c - v1;
        v1 = t;
    }
    if (f->ew) dr__canvas_box(f->cv, f->x0 + v0, f->y0 + u0, f->x0 + v1, f->y0 + u1, ink);
    else dr__canvas_box(f->cv, f->x0 + u0, f->y0 + v0, f->x0 + u1, f->y0 + v1, ink);
}

/* ------------------------------------------------------------------ text */

typedef struct {
    gdFontPtr font;
    int k; /* every font pixel becomes k x k */
} typeface;

static typeface face_for(int cell)
{
    typeface t = {NULL, 1};
    if (cell < 8) t.font = gdFontGetTiny();
    else if (cell < 12) t.font = gdFontGetSmall();
    else if (cell < 16) t.font = gdFontGetMediumBold();
    else {
        t.font = gdFontGetGiant(); /* 9 x 15: a digit about 0.8 cell tall at 18 px */
        t.k = (cell + 4) / 18;      /* keep that ratio roughly for big cells */
    }
    return t;
}

/* The biggest face whose letter, with its one-step halo, fits inside one
 * cell (a door's S must not spill into the rooms beside it); .font NULL
 * when none does (cells under 10 px). */
static typeface face_in_cell(int cell)
{
    gdFontPtr fonts[] = {gdFontGetGiant(), gdFontGetMediumBold(), gdFontGetTiny()};
    typeface t = {NULL, 1};
    for (int k = (cell - 2) / 15; k >= 1 && !t.font; k--) /* Giant, scaled as face_for does */
        if (15 * k + 2 * k <= cell - 1 && k <= (cell + 4) / 18) t = (typeface){fonts[0], k};
    for (int i = 1; i < 3 && !t.font; i++)
        if (fonts[i]->h + 2 <= cell - 1) t = (typeface){fonts[i], 1};
    return t;
}

/* Every set font pixel of s as a k x k block grown by `grow` px, in ink;
 * a run of set pixels along a font row is one box (the same pixels). */
static void text_pass(dr__canvas *cv, const typeface *tf, const char *s, int left, int top,
                      int grow, unsigned char ink)
{
    gdFontPtr f = tf->font;
    int k = tf->k;
    for (int i = 0; s[i]; i++) {
        int ch = (unsigned char)s[i];
        if (ch < f->offset || ch >= f->offset + f->nchars) continue;
        const char *bits = f->data + (size_t)(ch - f->offset) * (size_t)(f->w * f->h);
        for (int y = 0; y < f->h; y++) {
            const char *row = bits + y * f->w;
            for (int x = 0; x < f->w; x++) {
                if (!row[x]) continue;
                int e = x;
                while (e + 1 < f->w && row[e + 1]) e++;
                int px0 = left + (i * f->w + x) * k, px1 = left + (i * f->w + e) * k, py = top + y * k;
                dr__canvas_box(cv, px0 - grow, py - grow, px1 + k - 1 + grow, py + k - 1 + grow, ink);
                x = e;
            }
        }
    }
}

/* Draws s centred on (cx, cy). Grid lines under the text box turn to floor
 * first so digits never collide with them; walls and other ink stay. With a
 * halo (>= 0) every stroke gets a one-step rim of that colour, for text that
 * sits on wall. */
static void text_centred(dr__canvas *cv, const typeface *tf, const char *s, int cx, int cy,
                         unsigned char ink, int halo)
{
    gdFontPtr f = tf->font;
    int k = tf->k, len = (int)strlen(s);
    int tw = len * f->w * k, th = f->h * k;
    int left = cx - tw / 2, top = cy - th / 2;
    for (int y = top - k; y < top + th + k; y++) {
        if (y < 0 || y >= cv->h) continue;
        unsigned char *row = NULL; /* claimed only where there is grid to clear */
        for (int x = left - k; x < left + tw + k; x++)
            if (x >= 0 && x < cv->w && cv->rows[y][x] == DG_PAL_GRID) {
                if (!row) row = dr__canvas_row(cv, y);
                row[x] = DG_PAL_FLOOR;
            }
    }
    if (halo >= 0) text_pass(cv, tf, s, left, top, k, (unsigned char)halo);
    text_pass(cv, tf, s, left, top, 0, ink);
}

/* ----------------------------------------------------------------- doors */

bool dr__door_runs_ew(const dr__canvas *cv, int x, int y)
{
    bool we = dr__canvas_open(cv, x - 1, y) && dr__canvas_open(cv, x + 1, y);
    bool ns = dr__canvas_open(cv, x, y - 1) && dr__canvas_open(cv, x, y + 1);
    if (we != ns) return we;
    /* Both or neither: the door list (row-major, dg.h) knows which way its
     * wall runs; binary search, so a big map with many such doors stays fast. */
    const dg_dungeon *d = cv->d;
    size_t lo = 0, hi = d->doors ? d->n_doors : 0;
    long key = (long)y * d->width + x;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        long k = (long)d->doors[mid].y * d->width + d->doors[mid].x;
        if (k == key) return d->doors[mid].dir == DG_DIR_WEST || d->doors[mid].dir == DG_DIR_EAST;
        if (k < key) lo = mid + 1;
        else hi = mid;
    }
    return dr__canvas_open(cv, x - 1, y) || dr__canvas_open(cv, x + 1, y);
}

static void door(dr__canvas *cv, int x, int y, uint32_t bits)
{
    int c = cv->cell, m = c / 2;
    frame f = {cv, x * c, y * c, c, dr__door_runs_ew(cv, x, y), false};
    int a = c / 4;                   /* jamb length along the wall */
    int hj = c >= 12 ? c / 6 : 1;    /* jamb half thickness */
    int hl = c >= 12 ? c / 9 : 1;    /* leaf half thickness */
    int o = c >= 36 ? 2 : 1;         /* outline weight */
    int u0 = a + 1, u1 = c - a - 1;  /* the opening between the jambs */

    if (bits & DG_SECRET) { /* player view never gets here: the cell is rock */
        typeface sf = face_in_cell(c);
        if (!sf.font) { /* no letter fits: the wall itself in the mark's colour */
            fbox(&f, 0, m - hj, c, m + hj, DG_PAL_TRAP);
            return;
        }
        fbox(&f, 0, m - hj, c, m + hj, DG_PAL_WALL);
        text_centred(cv, &sf, "S", x * c + m + 1, y * c + m + 1, DG_PAL_TRAP, DG_PAL_FLOOR);
        return;
    }
    /* Jambs only where the wall goes on beside the doorway: two doorways
     * side by side leave no lone pillar between them. An arch's are as thin
     * as the wall (an opening, not a door); a door's stand out. */
    int ax = f.ew ? 0 : 1, ay = f.ew ? 1 : 0;
    if (bits & DG_ARCH) hj = (cv->wall + 1) / 2;
    if (!dr__canvas_open(cv, x - ax, y - ay)) fbox(&f, 0, m - hj, a, m + hj, DG_PAL_WALL);
    if (!dr__canvas_open(cv, x + ax, y + ay)) fbox(&f, c - a, m - hj, c, m + hj, DG_PAL_WALL);
    if (bits & DG_ARCH) return;
    if (bits & DG_PORTC) { /* posts on a bar */
        int q = c >= 16 ? c / 8 : 1;
        fbox(&f, u0, m, u1, m + (c >= 16), DG_PAL_DOOR);
        for (int u = u0; u <= u1; u += 2 * q)
            fbox(&f, u, m - 2 * q + 1, u + q - 1 < u1 ? u + q - 1 : u1, m + 2 * q - (q == 1), DG_PAL_DOOR);
        return;
    }
    /* door, locked, trapped: a hollow leaf between the jambs */
    fbox(&f, u0, m - hl, u1, m + hl, DG_PAL_DOOR);
    fbox(&f, u0 + o, m - hl + o, u1 - o, m + hl - o, DG_PAL_DOOR_FILL);
    if (bits & DG_LOCKED) { /* a lock block standing out of both faces */
        int b = c >= 12 ? c / 9 : 1;
        fbox(&f, m - b, m - hl - b - 1, m + b, m + hl + b + 1, DG_PAL_DOOR);
    } else if ((bits & DG_TRAPPED) && !cv->player) { /* a spike along the passage */
        int s = c / 3 + 1, k = c >= 24 ? c / 12 : 1;
        fbox(&f, m - k / 2, m - s, m + k / 2, m + s, DG_PAL_TRAP);
        fbox(&f, m - k / 2 - 2 * k, m - s, m + k / 2 + 2 * k, m - s + k - 1, DG_PAL_TRAP);
        fbox(&f, m - k / 2 - 2 * k, m + s - k + 1, m + k / 2 + 2 * k, m + s, DG_PAL_TRAP);
    }
}

void dr__glyph_doors(dr__canvas *cv)
{
    const dg_dungeon *d = cv->d;
    for (int y = 0; y < d->height; y++) {
        const uint32_t *row = d->cells + (size_t)y * (size_t)d->width;
        for (int x = 0; x < d->width; x++) {
            uint32_t w = row[x];
            if (!(w & DG_DOORSPACE) || !dr__canvas_open(cv, x, y)) continue;
            door(cv, x, y, w);
        }
    }
}

/* ---------------------------------------------------------------- stairs */

/* The way one walks off the stair: its only open neighbour, else what the
 * stair list says, else north. */
dg_dir dr__stair_dir(const dr__canvas *cv, int x, int y)
{
    static const dg_dir all[4] = {DG_DIR_NORTH, DG_DIR_SOUTH, DG_DIR_WEST, DG_DIR_EAST};
    int found = 0;
    dg_dir dir = DG_DIR_NORTH;
    for (int i = 0; i < 4; i++)
        if (dr__canvas_open(cv, x + dg_dir_dx(all[i]), y + dg_dir_dy(all[i]))) {
            found++;
            dir = all[i];
        }
    if (found == 1) return dir;
    const dg_dungeon *d = cv->d;
    for (size_t i = 0; d->stairs && i < d->n_stairs; i++)
        if (d->stairs[i].x == x && d->stairs[i].y == y) return d->stairs[i].dir;
    return dir;
}

/* Treads across the corridor. Up: a ladder of equal treads. Down: treads
 * shrink towards the dead end, a wedge pointing down into the map. */
static void stair(dr__canvas *cv, int x, int y, bool down)
{
    int c = cv->cell;
    dg_dir dir = dr__stair_dir(cv, x, y);
    /* v = 0 at the dead end, v = c on the corridor side */
    frame f = {cv, x * c, y * c, c, dir == DG_DIR_WEST || dir == DG_DIR_EAST,
               dir == DG_DIR_NORTH || dir == DG_DIR_WEST};
    int m = c / 2, half = c / 2 - (c + 3) / 6;
    if (half < 1) half = 1;
    int step = c >= 12 ? c / 6 : 2, k = c >= 36 ? 2 : 1;
    int first = 1 + (c >= 12), last = c - 1 - (c >= 12);
    for (int v = first; v + k - 1 <= last; v += step) {
        int l = half;
        if (down) l = 1 + (half - 1) * (v - first) / (last - first > 0 ? last - first : 1);
        fbox(&f, m - l, v, m + l - (c % 2 == 0), v + k - 1, DG_PAL_STAIR);
    }
    if (!down) { /* rails make the ladder read as "up" even at small sizes */
        fbox(&f, m - half, first, m - half, last, DG_PAL_STAIR);
        fbox(&f, m + half - (c % 2 == 0), first, m + half - (c % 2 == 0), last, DG_PAL_STAIR);
    }
}

void dr__glyph_stairs(dr__canvas *cv)
{
    const dg_dungeon *d = cv->d;
    for (int y = 0; y < d->height; y++) {
        const uint32_t *row = d->cells + (size_t)y * (size_t)d->width;
        for (int x = 0; x < d->width; x++)
            if ((row[x] & DG_STAIRS) && dr__canvas_open(cv, x, y))
                stair(cv, x, y, (row[x] & DG_STAIR_DN) != 0);
    }
}

/* ---------------------------------------------------------------- labels */

static bool room_cell(const dg_dungeon *d, int x, int y, int id)
{
    uint32_t c = dg_cell(d, x, y);
    return (c & DG_ROOM) && (int)((c & DG_ROOM_ID) >> DG_ROOM_ID_SHIFT) == id;
}

/* Label point in px: the bounding-box centre for a rectangle, else the
 * centre of the room cell nearest to it (a ring or an L has no cell at its
 * box centre). */
static bool label_at(const dr__canvas *cv, const dg_room *r, int *px, int *py)
{
    const dg_dungeon *d = cv->d;
    int c = cv->cell;
    if (r->width < 1 || r->height < 1 || r->x < 0 || r->y < 0 || r->x + r->width > d->width ||
        r->y + r->height > d->height)
        return false;
    if (r->kind == DG_ROOM_KIND_CHAMBER) { /* core chose the cell farthest from rock */
        *px = r->label_x * c + c / 2 + 1;
        *py = r->label_y * c + c / 2 + 1;
        return true;
    }
    int cx2 = 2 * r->x + r->width, cy2 = 2 * r->y + r->height; /* centre, in half cells */
    if (r->shape == DG_SHAPE_RECT && !r->outline) {
        *px = cx2 * c / 2 + 1;
        *py = cy2 * c / 2 + 1;
        return true;
    }
    long best = -1;
    for (int y = r->y; y < r->y + r->height; y++)
        for (int x = r->x; x < r->x + r->width; x++) {
            if (!room_cell(d, x, y, r->id)) continue;
            long dx = 2 * x + 1 - cx2, dy = 2 * y + 1 - cy2, dd = dx * dx + dy * dy;
            if (best < 0 || dd < best) {
                best = dd;
                *px = x * c + c / 2 + 1;
                *py = y * c + c / 2 + 1;
            }
        }
    return best >= 0;
}

/* The GM's marks: the letter fitted inside its square, traps and hidden
 * things in the trap colour, letters and keys in the label colour; too
 * small to read under 10 px a cell, so left out. */
typedef struct {
    dr__canvas *cv;
    typeface tf;
} marks_ctx;

static void draw_mark(void *ctx, const dr__mark *m)
{
    marks_ctx *k = ctx;
    int c = k->cv->cell;
    unsigned char ink = m->kind == DR__MARK_TRAP || m->kind == DR__MARK_HIDDEN ? DG_PAL_TRAP : DG_PAL_LABEL;
    /* no halo: a cave cell's corners may be rock, and a halo would paint
     * them floor; but the ? over the thing a hiding place lies in (a
     * statue's disc, rubble) gets one, or the two inks merge */
    int halo = -1;
    dg_map_feature f;
    for (size_t i = 0, n = m->kind == DR__MARK_HIDDEN ? dr__objects_count(k->cv->d) : 0; i < n && halo < 0; i++)
        if (dr__object(k->cv->d, i, &f) && f.at.x == m->x && f.at.y == m->y) halo = DG_PAL_FLOOR;
    text_centred(k->cv, &k->tf, m->text, m->x * c + c / 2 + 1, m->y * c + c / 2 + 1, ink, halo);
}

void dr__glyph_marks(dr__canvas *cv)
{
    marks_ctx k = {cv, face_in_cell(cv->cell)};
    if (!k.tf.font) return;
    dr__map_marks(cv->d, cv->player, draw_mark, &k);
}

void dr__glyph_labels(dr__canvas *cv)
{
    const dg_dungeon *d = cv->d;
    if (!d->rooms) return;
    typeface tf = face_for(cv->cell);
    for (size_t i = 0; i < d->n_rooms; i++) {
        const dg_room *r = &d->rooms[i];
        int px, py;
        if (r->id < 1 || !label_at(cv, r, &px, &py)) continue;
        char s[16];
        snprintf(s, sizeof s, "%d", r->id);
        text_centred(cv, &tf, s, px, py, DG_PAL_LABEL, -1);
    }
}

/* ----------------------------------------------------------- frame text */

void dr__frame_font(int cell, int *cw, int *ch)
{
    gdFontPtr f = cell < 16 ? gdFontGetSmall() : cell < 28 ? gdFontGetMediumBold() : gdFontGetGiant();
    *cw = f->w;
    *ch = f->h;
}

void dr__frame_text(dr__canvas *cv, int cell, const char *s, int left, int top, unsigned char ink)
{
    typeface tf = {cell < 16 ? gdFontGetSmall() : cell < 28 ? gdFontGetMediumBold() : gdFontGetGiant(), 1};
    text_pass(cv, &tf, s, left, top, 0, ink);
}
