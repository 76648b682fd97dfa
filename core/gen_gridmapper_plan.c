/* gen_gridmapper_plan.c -- the planning half of algorithm=gridmapper (seed 002):
 * the table of named shapes, how many 3x3 blocks of five or seven rooms a
 * room count takes, where the blocks go, which shape each gets (turned and
 * mirrored), and which rooms join blocks together. Geometry and cells are
 * left to gen_gridmapper.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_gridmapper.h"


/* Seed 002's drawings, one row per drawn variant; sections are row * 3 +
 * col inside the drawing's own box (some shapes use only two rows or
 * columns of the block and are placed at a random offset). */
static const dg__gm_shape shapes[] = {
    {"Railroad", 5, 4, {6, 7, 8, 5, 2}, {{1, 2}, {2, 3}, {3, 4}, {4, 5}}},
    {"Railroad", 5, 4, {6, 7, 4, 5, 2}, {{1, 2}, {2, 3}, {3, 4}, {4, 5}}},
    {"Railroad", 5, 4, {6, 7, 4, 1, 2}, {{1, 2}, {2, 3}, {3, 4}, {4, 5}}},
    {"Railroad", 5, 4, {3, 4, 5, 2, 1}, {{1, 2}, {2, 3}, {3, 4}, {4, 5}}},
    {"Railroad", 5, 4, {6, 7, 4, 1, 0}, {{1, 2}, {2, 3}, {3, 4}, {4, 5}}},
    {"Foglio's Snail", 5, 4, {3, 4, 5, 2, 1}, {{1, 2}, {2, 3}, {2, 5}, {3, 4}}},
    {"Fauchard Fork", 5, 4, {6, 7, 4, 5, 1}, {{1, 2}, {2, 3}, {3, 4}, {3, 5}}},
    {"Fauchard Fork", 5, 4, {6, 7, 4, 3, 1}, {{1, 2}, {2, 3}, {3, 4}, {3, 5}}},
    {"Fauchard Fork", 5, 4, {3, 4, 1, 2, 0}, {{1, 2}, {2, 3}, {3, 4}, {3, 5}}},
    {"Moose", 5, 4, {3, 4, 5, 2, 0}, {{1, 2}, {1, 5}, {2, 3}, {3, 4}}},
    {"Moose", 5, 4, {6, 7, 4, 1, 3}, {{1, 2}, {1, 5}, {2, 3}, {3, 4}}},
    {"Paw", 5, 4, {7, 4, 3, 5, 1}, {{1, 2}, {2, 3}, {2, 4}, {2, 5}}},
    {"Arrow", 5, 4, {7, 4, 1, 8, 6}, {{1, 2}, {1, 4}, {1, 5}, {2, 3}}},
    {"Cross", 5, 4, {4, 7, 3, 5, 1}, {{1, 2}, {1, 3}, {1, 4}, {1, 5}}},
    {"Nose Ring", 5, 5, {3, 4, 5, 2, 1}, {{1, 2}, {2, 3}, {2, 5}, {3, 4}, {4, 5}}},
    {"Nose Ring", 5, 5, {3, 0, 1, 2, 4}, {{1, 2}, {1, 5}, {2, 3}, {3, 4}, {3, 5}}},
    {"Snake", 7, 6, {6, 7, 8, 5, 2, 1, 0}, {{1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}}},
    {"Snake", 7, 6, {6, 7, 4, 5, 2, 1, 0}, {{1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}}},
    {"Snake", 7, 6, {6, 7, 4, 1, 2, 5, 8}, {{1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}}},
    {"Snake", 7, 6, {6, 7, 8, 5, 4, 3, 0}, {{1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}}},
    {"Fork", 7, 6, {6, 7, 8, 5, 2, 4, 1}, {{1, 2}, {2, 3}, {2, 6}, {3, 4}, {4, 5}, {6, 7}}},
    {"Fork", 7, 6, {6, 7, 8, 5, 2, 3, 0}, {{1, 2}, {1, 6}, {2, 3}, {3, 4}, {4, 5}, {6, 7}}},
    {"Fork", 7, 7, {6, 7, 8, 5, 2, 3, 0}, {{1, 2}, {1, 6}, {2, 3}, {3, 4}, {4, 5}, {5, 7}, {6, 7}}},
    {"Sidequest", 7, 6, {6, 7, 4, 5, 1, 0, 3}, {{1, 2}, {2, 3}, {3, 4}, {3, 5}, {5, 6}, {6, 7}}},
    {"Sidequest", 7, 6, {6, 7, 4, 3, 1, 2, 5}, {{1, 2}, {2, 3}, {3, 4}, {3, 5}, {5, 6}, {6, 7}}},
    {"Sidequest", 7, 6, {6, 7, 4, 5, 2, 3, 0}, {{1, 2}, {2, 3}, {3, 4}, {3, 6}, {4, 5}, {6, 7}}},
    {"Sidequest", 7, 7, {6, 7, 4, 5, 1, 0, 3}, {{1, 2}, {1, 7}, {2, 3}, {3, 4}, {3, 5}, {5, 6}, {6, 7}}},
    {"Sidequest", 7, 7, {6, 7, 4, 3, 1, 2, 5}, {{1, 2}, {1, 4}, {2, 3}, {3, 4}, {3, 5}, {5, 6}, {6, 7}}},
    {"Sidequest", 7, 7, {6, 7, 4, 5, 2, 3, 0}, {{1, 2}, {1, 6}, {2, 3}, {3, 4}, {3, 6}, {4, 5}, {6, 7}}},
    {"Unbalanced Fork", 7, 6, {6, 7, 8, 5, 2, 3, 0}, {{1, 2}, {1, 6}, {2, 3}, {3, 4}, {4, 5}, {6, 7}}},
    {"Unbalanced Fork", 7, 6, {6, 7, 4, 1, 2, 3, 0}, {{1, 2}, {1, 6}, {2, 3}, {3, 4}, {4, 5}, {6, 7}}},
    {"Unbalanced Fork", 7, 6, {6, 7, 4, 5, 2, 3, 0}, {{1, 2}, {1, 6}, {2, 3}, {3, 4}, {4, 5}, {6, 7}}},
    {"Unbalanced Fork", 7, 6, {6, 7, 4, 5, 8, 3, 0}, {{1, 2}, {1, 6}, {2, 3}, {3, 4}, {4, 5}, {6, 7}}},
    {"Unbalanced Fork", 7, 7, {6, 7, 4, 1, 2, 3, 0}, {{1, 2}, {1, 6}, {2, 3}, {3, 4}, {3, 6}, {4, 5}, {6, 7}}},
    {"Unbalanced Fork", 7, 7, {6, 7, 4, 5, 2, 3, 0}, {{1, 2}, {1, 6}, {2, 3}, {3, 4}, {3, 6}, {4, 5}, {6, 7}}},
    {"Unbalanced Fork", 7, 7, {6, 7, 4, 5, 8, 3, 0}, {{1, 2}, {1, 6}, {2, 3}, {3, 4}, {3, 6}, {4, 5}, {6, 7}}},
    {"Triplet", 7, 6, {7, 4, 3, 0, 1, 5, 2}, {{1, 2}, {2, 3}, {2, 5}, {2, 6}, {3, 4}, {6, 7}}},
    {"Triplet", 7, 6, {7, 4, 3, 6, 1, 5, 2}, {{1, 2}, {2, 3}, {2, 5}, {2, 6}, {3, 4}, {6, 7}}},
    {"Triplet", 7, 6, {7, 4, 3, 6, 1, 5, 8}, {{1, 2}, {2, 3}, {2, 5}, {2, 6}, {3, 4}, {6, 7}}},
    {"Triplet", 7, 7, {7, 4, 3, 0, 1, 5, 2}, {{1, 2}, {2, 3}, {2, 5}, {2, 6}, {3, 4}, {4, 5}, {6, 7}}},
    {"Triplet", 7, 7, {7, 4, 3, 6, 1, 5, 2}, {{1, 2}, {1, 4}, {2, 3}, {2, 5}, {2, 6}, {3, 4}, {6, 7}}},
    {"Triplet", 7, 7, {7, 4, 3, 6, 1, 5, 8}, {{1, 2}, {1, 4}, {2, 3}, {2, 5}, {2, 6}, {3, 4}, {6, 7}}},
    {"Fake Fork", 7, 6, {7, 4, 1, 8, 6, 3, 0}, {{1, 2}, {1, 4}, {1, 5}, {2, 3}, {5, 6}, {6, 7}}},
    {"Fake Fork", 7, 6, {7, 4, 5, 8, 6, 3, 0}, {{1, 2}, {1, 4}, {1, 5}, {2, 3}, {5, 6}, {6, 7}}},
    {"Fake Fork", 7, 7, {7, 4, 1, 8, 6, 3, 0}, {{1, 2}, {1, 4}, {1, 5}, {2, 3}, {2, 6}, {5, 6}, {6, 7}}},
    {"Fake Fork", 7, 7, {7, 4, 5, 8, 6, 3, 0}, {{1, 2}, {1, 4}, {1, 5}, {2, 3}, {2, 6}, {5, 6}, {6, 7}}},
    {"Shuriken", 7, 6, {4, 7, 6, 3, 0, 1, 2}, {{1, 2}, {1, 4}, {1, 6}, {2, 3}, {4, 5}, {6, 7}}},
    {"Shuriken", 7, 6, {4, 7, 8, 3, 0, 1, 2}, {{1, 2}, {1, 4}, {1, 6}, {2, 3}, {4, 5}, {6, 7}}},
    {"Shuriken", 7, 6, {4, 7, 6, 3, 0, 1, 5}, {{1, 2}, {1, 4}, {1, 7}, {2, 3}, {4, 5}, {5, 6}}},
    {"Shuriken", 7, 7, {4, 7, 6, 3, 0, 1, 2}, {{1, 2}, {1, 4}, {1, 6}, {2, 3}, {4, 5}, {5, 6}, {6, 7}}},
    {"Shuriken", 7, 7, {4, 7, 8, 3, 0, 1, 2}, {{1, 2}, {1, 4}, {1, 6}, {2, 3}, {4, 5}, {5, 6}, {6, 7}}},
    {"Shuriken", 7, 7, {4, 7, 6, 3, 0, 1, 5}, {{1, 2}, {1, 4}, {1, 7}, {2, 3}, {3, 4}, {4, 5}, {5, 6}}},
    {"Noose", 7, 7, {6, 7, 8, 5, 2, 1, 4}, {{1, 2}, {2, 3}, {2, 7}, {3, 4}, {4, 5}, {5, 6}, {6, 7}}},
    {"Noose", 7, 7, {6, 3, 0, 1, 4, 7, 8}, {{1, 2}, {1, 6}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}}},
    {"Noose", 7, 7, {6, 3, 0, 1, 4, 7, 5}, {{1, 2}, {1, 6}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {5, 7}}},
};

const dg__gm_shape *dg__gm_shapes(size_t *n)
{
    if (n) *n = DG_COUNT(shapes);
    return shapes;
}

/* ------------------------------------------------------------ one block */

/* Shape room k's (row, col) after `turn`, inside the turned shape's box;
 * *rows, *cols get that box. */
static void turned(const dg__gm_shape *s, int turn, int r[7], int c[7], int *rows, int *cols)
{
    int nr = 0, nc = 0;
    for (int k = 0; k < s->rooms; k++) {
        if (s->at[k] / 3 + 1 > nr) nr = s->at[k] / 3 + 1;
        if (s->at[k] % 3 + 1 > nc) nc = s->at[k] % 3 + 1;
    }
    if (turn & 4) {
        int t = nr;
        nr = nc;
        nc = t;
    }
    for (int k = 0; k < s->rooms; k++) {
        int rr = s->at[k] / 3, cc = s->at[k] % 3;
        if (turn & 4) {
            int t = rr;
            rr = cc;
            cc = t;
        }
        if (turn & 1) cc = nc - 1 - cc;
        if (turn & 2) rr = nr - 1 - rr;
        r[k] = rr;
        c[k] = cc;
    }
    *rows = nr;
    *cols = nc;
}

static bool joined(const dg__gm_shape *s, int a, int b)
{
    for (int e = 0; e < s->n_edges; e++)
        if ((s->edge[e][0] == a && s->edge[e][1] == b) || (s->edge[e][0] == b && s->edge[e][1] == a))
            return true;
    return false;
}

/* Shape rooms (1-based) in breadth-first order from room 1, lower numbers
 * first: dropping a tail of this order never cuts the rest apart. */
static void bfs_order(const dg__gm_shape *s, int order[7])
{
    bool seen[8] = {false};
    int n = 1;
    order[0] = 1;
    seen[1] = true;
    for (int h = 0; h < n; h++)
        for (int v = 1; v <= s->rooms; v++)
            if (!seen[v] && joined(s, order[h], v)) {
                seen[v] = true;
                order[n++] = v;
            }
}

/* A shape drawn with `rooms` rooms: a name first (so shapes drawn in many
 * variants are not favoured), then one of its variants. */
static int pick_shape(dg_rng *rng, int rooms)
{
    const char *names[16];
    int n_names = 0;
    for (size_t k = 0; k < DG_COUNT(shapes); k++) {
        if (shapes[k].rooms != rooms) continue;
        bool known = false;
        for (int j = 0; j < n_names && !known; j++) known = !strcmp(names[j], shapes[k].name);
        if (!known && n_names < 16) names[n_names++] = shapes[k].name;
    }
    const char *name = names[dg_rng_below(rng, (uint32_t)n_names)];
    int variants = 0;
    for (size_t k = 0; k < DG_COUNT(shapes); k++) variants += !strcmp(shapes[k].name, name);
    int want = (int)dg_rng_below(rng, (uint32_t)variants);
    for (size_t k = 0; k < DG_COUNT(shapes); k++)
        if (!strcmp(shapes[k].name, name) && want-- == 0) return (int)k;
    return 0;
}

#define SEC(p, r, c) ((size_t)(r) * DG__GM_MAX_SECS + (size_t)(c))

/* Puts shape `shape` turned `turn` at offset (dr, dc) into block bl's
 * sections, keeping bl->kept rooms; ids from p->n_room + 1. */
static void put_shape(dg__gm_plan *p, dg__gm_block *bl, int shape, int turn, int dr, int dc)
{
    const dg__gm_shape *s = &shapes[shape];
    int r[7], c[7], nr, nc, order[7];
    turned(s, turn, r, c, &nr, &nc);
    bfs_order(s, order);
    bl->shape = shape;
    bl->turn = turn;
    bl->rooms = s->rooms;
    bool keep[8] = {false};
    for (int k = 0; k < bl->kept; k++) keep[order[k]] = true;
    int id = p->n_room;
    for (int k = 0; k < s->rooms; k++) {
        bl->sec_row[k] = bl->slot_row * 3 + dr + r[k];
        bl->sec_col[k] = bl->slot_col * 3 + dc + c[k];
        bl->room[k] = keep[k + 1] ? ++id : 0;
        if (!bl->room[k]) continue;
        p->sec[SEC(p, bl->sec_row[k], bl->sec_col[k])] = DG__GM_ROOM;
        p->sec_room[SEC(p, bl->sec_row[k], bl->sec_col[k])] = (unsigned char)bl->room[k];
    }
    /* a join two sections long runs through the empty section between */
    for (int e = 0; e < s->n_edges; e++) {
        int a = s->edge[e][0] - 1, z = s->edge[e][1] - 1;
        if (!bl->room[a] || !bl->room[z]) continue;
        int span = abs(bl->sec_row[a] - bl->sec_row[z]) + abs(bl->sec_col[a] - bl->sec_col[z]);
        if (span != 2) continue;
        int mr = (bl->sec_row[a] + bl->sec_row[z]) / 2, mc = (bl->sec_col[a] + bl->sec_col[z]) / 2;
        p->sec[SEC(p, mr, mc)] = bl->sec_row[a] == bl->sec_row[z] ? DG__GM_PASS_H : DG__GM_PASS_V;
    }
}

static void clear_block(dg__gm_plan *p, const dg__gm_block *bl)
{
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++) {
            p->sec[SEC(p, bl->slot_row * 3 + r, bl->slot_col * 3 + c)] = DG__GM_EMPTY;
            p->sec_room[SEC(p, bl->slot_row * 3 + r, bl->slot_col * 3 + c)] = 0;
        }
}

/* A join across a block boundary: rooms a and z facing each other along
 * section row (or column) `line`, with only empty sections between. */
typedef struct {
    int a, z;
    bool across;             /* true: along a section row (east-west) */
    int line, from, to;      /* sections strictly between from and to are passed */
} cross_join;

/* The room met walking from section (r, c) in steps (dr, dc) over empty
 * sections, at most `steps` sections; 0 when a passage or nothing is met.
 * *at gets the room's position along the walk. */
static int walk_to_room(const dg__gm_plan *p, int r, int c, int dr, int dc, int steps, int *at)
{
    for (int k = 0; k < steps; k++, r += dr, c += dc) {
        unsigned char st = p->sec[SEC(p, r, c)];
        if (st == DG__GM_ROOM) {
            *at = dr ? r : c;
            return p->sec_room[SEC(p, r, c)];
        }
        if (st != DG__GM_EMPTY) return 0;
    }
    return 0;
}

/* Every join block `nb` (just placed) could make to a block placed before. */
static int list_cross_joins(const dg__gm_plan *p, int nb, cross_join *out)
{
    const dg__gm_block *n = &p->block[nb];
    int count = 0;
    for (int ob = 0; ob < nb; ob++) {
        const dg__gm_block *o = &p->block[ob];
        int drow = n->slot_row - o->slot_row, dcol = n->slot_col - o->slot_col;
        if (abs(drow) + abs(dcol) != 1) continue;
        for (int k = 0; k < 3; k++) {
            cross_join j;
            int at_o = 0, at_n = 0;
            if (drow == 0) {
                /* side by side: walk each block's row k from the shared boundary */
                const dg__gm_block *l = dcol > 0 ? o : n, *r = dcol > 0 ? n : o;
                int row = l->slot_row * 3 + k;
                j.a = walk_to_room(p, row, l->slot_col * 3 + 2, 0, -1, 3, &at_o);
                j.z = walk_to_room(p, row, r->slot_col * 3, 0, 1, 3, &at_n);
                j.across = true;
                j.line = row;
            } else {
                const dg__gm_block *t = drow > 0 ? o : n, *bo = drow > 0 ? n : o;
                int col = t->slot_col * 3 + k;
                j.a = walk_to_room(p, t->slot_row * 3 + 2, col, -1, 0, 3, &at_o);
                j.z = walk_to_room(p, bo->slot_row * 3, col, 1, 0, 3, &at_n);
                j.across = false;
                j.line = col;
            }
            if (!j.a || !j.z) continue;
            j.from = at_o;
            j.to = at_n;
            out[count++] = j;
        }
    }
    return count;
}

/* ------------------------------------------------------------------ plan */

/* Blocks side by side and above each other for k blocks: the arrangement
 * giving the biggest sections, then the fewest empty slots. */
static bool pick_grid(const dg_options *o, int k, int *gw, int *gh)
{
    int best = -1, best_waste = 0;
    for (int w = 1; w <= k; w++) {
        int h = (k + w - 1) / w;
        int px = (o->cols - 1) / (3 * w), py = (o->rows - 1) / (3 * h);
        if (px < 2 || py < 2 || 3 * w > DG__GM_MAX_SECS || 3 * h > DG__GM_MAX_SECS) continue;
        int score = px < py ? px : py, waste = w * h - k;
        if (score > best || (score == best && waste < best_waste)) {
            best = score;
            best_waste = waste;
            *gw = w;
            *gh = h;
        }
    }
    return best >= 0;
}

static int most_rooms(const dg_options *o)
{
    int most = 0;
    for (int k = 1; k <= DG__GM_MAX_BLOCKS; k++) {
        int gw, gh;
        if (pick_grid(o, k, &gw, &gh)) most = 7 * k;
    }
    return most;
}

static dg_status make_plan(dg_rng *rng, const dg_options *o, dg__gm_plan *p, dg_error *err)
{
    memset(p, 0, sizeof *p);
    int n = o->room_count;
    int k = (n + 6) / 7;
    int gw = 0, gh = 0;
    if (k > DG__GM_MAX_BLOCKS || !pick_grid(o, k, &gw, &gh)) {
        char v[16], allowed[32];
        int most = most_rooms(o);
        snprintf(v, sizeof v, "%d", n);
        snprintf(allowed, sizeof allowed, "2..%d", most);
        return dg_error_set(err, DG_ELIMIT, "room_count", v, allowed,
                            "a %dx%d map holds at most %d gridmapper rooms; ask for fewer or a "
                            "bigger map",
                            o->cols, o->rows, most);
    }
    p->block_rows = gh;
    p->block_cols = gw;
    p->sec_rows = 3 * gh;
    p->sec_cols = 3 * gw;
    p->pitch_x = (o->cols - 1) / p->sec_cols;
    p->pitch_y = (o->rows - 1) / p->sec_rows;
    p->x0 = (o->cols - 1 - p->pitch_x * p->sec_cols) / 2;
    p->y0 = (o->rows - 1 - p->pitch_y * p->sec_rows) / 2;

    /* the fewest blocks, then as few seven-room blocks as reach n; the
     * last block placed drops what is over */
    int sevens = n > 5 * k ? (n - 5 * k + 1) / 2 : 0;
    int size[DG__GM_MAX_BLOCKS];
    for (int i = 0; i < k; i++) size[i] = i < sevens ? 7 : 5;
    dg__shuffle(rng, size, (size_t)k, sizeof *size);
    int over = 5 * k + 2 * sevens - n;
    bool flip_r = dg_rng_below(rng, 2), flip_c = dg_rng_below(rng, 2);

    for (int i = 0; i < k; i++) {
        dg__gm_block *bl = &p->block[i];
        /* blocks snake through the grid, so each touches the one before */
        int row = i / gw, col = i % gw;
        if (row & 1) col = gw - 1 - col;
        bl->slot_row = flip_r ? gh - 1 - row : row;
        bl->slot_col = flip_c ? gw - 1 - col : col;
        bl->kept = size[i] - (i == k - 1 ? over : 0);
        cross_join joins[12];
        int n_joins = 0;
        /* random shapes first; then every shape, turn and offset in order,
         * so a block that can be joined always is */
        size_t n_shapes = DG_COUNT(shapes);
        long tries = 0, systematic = (long)n_shapes * 8 * 9;
        for (;; tries++) {
            int shape, turn, dr, dc, r[7], c[7], nr, nc;
            if (tries < 64) {
                shape = pick_shape(rng, size[i]);
                turn = (int)dg_rng_below(rng, 8);
                turned(&shapes[shape], turn, r, c, &nr, &nc);
                dr = (int)dg_rng_below(rng, (uint32_t)(4 - nr));
                dc = (int)dg_rng_below(rng, (uint32_t)(4 - nc));
            } else if (tries - 64 < systematic) {
                long t = tries - 64;
                shape = (int)(t / 72);
                turn = (int)(t / 9 % 8);
                dr = (int)(t % 9 / 3);
                dc = (int)(t % 3);
                if (shapes[shape].rooms != size[i]) continue;
                turned(&shapes[shape], turn, r, c, &nr, &nc);
                if (dr + nr > 3 || dc + nc > 3) continue;
            } else {
                return dg_error_set(err, DG_ELIMIT, "room_count", "", "",
                                    "could not join gridmapper block %d to the others", i + 1);
            }
            put_shape(p, bl, shape, turn, dr, dc);
            if (i == 0 || (n_joins = list_cross_joins(p, i, joins)) > 0) break;
            clear_block(p, bl);
        }
        p->n_room += bl->kept;
        if (i == 0) continue;
        cross_join j = joins[dg_rng_below(rng, (uint32_t)n_joins)];
        int lo = j.from < j.to ? j.from : j.to, hi = j.from < j.to ? j.to : j.from;
        for (int s = lo + 1; s < hi; s++)
            p->sec[j.across ? SEC(p, j.line, s) : SEC(p, s, j.line)] =
                j.across ? DG__GM_PASS_H : DG__GM_PASS_V;
        p->link[p->n_link++] = (dg__gm_link){j.a, j.z};
    }
    p->n_block = k;
    return DG_OK;
}

dg_status dg__gm_plan_build(dg__build *b, dg__gm_plan *plan, dg_error *err)
{
    return make_plan(&b->rng, b->o, plan, err);
}

dg_status dg__gm_plan_for(const dg_options *o, dg__gm_plan *plan, dg_error *err)
{
    /* a builder of its own, so the stream is seeded exactly as dg_generate
     * seeds it */
    dg__build b;
    dg_status rc = dg__build_init(&b, o, err);
    if (rc == DG_OK) rc = make_plan(&b.rng, o, plan, err);
    dg__build_fini(&b);
    return rc;
}
