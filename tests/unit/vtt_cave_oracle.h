/* vtt_cave_oracle.h -- vtt_oracle.h's checks for maps with caves, whose
 * walls follow the outline the PNG draws rather than the cell edges. The
 * outline is a grid of sub-cells (dr__cave_grid_build, the renderer's own
 * refinement), and the first thing checked is that this grid IS the image
 * the uvtt file embeds, pixel by pixel. Against that grid, never against
 * the tracer:
 *   every wall lies within CAVE_TOL sub-cells of the open/rock boundary and
 *   every boundary edge within CAVE_TOL of a wall; walls are nonzero, on the
 *   map, never duplicated, and maximal (collinear walls touch only at a door's
 *   end); where neither cell is shaped by the outline the cell edge is walled
 *   exactly; objects are rock touching neither the map edge nor structure;
 *   the open region comes back from the walls alone by even-odd
 *   rasterisation at sub-cell resolution, wrong only within CAVE_TOL of a
 *   wall; portals as in the cell oracle.
 * Foundry and the native JSON must give the uvtt walls (Foundry in whole
 * pixels, rounded down). Units here: 1/sub cell, the lattice of the grid. */
#ifndef VTT_CAVE_ORACLE_H
#define VTT_CAVE_ORACLE_H

#include "png_int.h"
#include "render_int.h"
#include "marks_fixture.h"

/* The tracer's tolerance is 1.5 sub-cells; the rest is slack for a staircase
 * that doubles back a little past the end of its wall. */
#define CAVE_TOL 2.0

/* Caves or round rooms: both are drawn from the sub-cell outline. */
static bool has_caves(const dg_dungeon *d)
{
    for (int i = 0; d->cave && i < d->width * d->height; i++)
        if (d->cave[i]) return true;
    dr__circle circ;
    for (size_t i = 0; d->rooms && i < d->n_rooms; i++)
        if (dr__room_circle(d, &d->rooms[i], 1, &circ)) return true;
    return false;
}

typedef struct {
    world w;                 /* walls and portal bounds in 1/s cells */
    dr__cave_grid g;
    int s, fw, fh;
    unsigned char *near;     /* per lattice point: within CAVE_TOL of a wall */
} cave_world;

static bool fopen_at(const cave_world *c, int fx, int fy)
{
    if (fx < 0 || fy < 0 || fx >= c->fw || fy >= c->fh) return false;
    return c->g.open[(size_t)(fy + 1) * c->g.stride + (size_t)(fx + 1)] != 0;
}

static unsigned char *near_at(const cave_world *c, int x, int y)
{
    return &c->near[(size_t)y * (size_t)(c->fw + 1) + (size_t)x];
}

static double seg_dist(seg s, double x, double y)
{
    double ux = s.x1 - s.x0, uy = s.y1 - s.y0, vx = x - s.x0, vy = y - s.y0;
    double t = (ux * vx + uy * vy) / (ux * ux + uy * uy);
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    double dx = vx - t * ux, dy = vy - t * uy;
    return sqrt(dx * dx + dy * dy);
}

static cave_world cave_read(dg_dungeon *d, bool player, int ppg, bool image, json_t **doc,
                            const char *what)
{
    d->opts.view = player ? DG_VIEW_PLAYER : DG_VIEW_GM;
    d->opts.given |= oracle_view_bit();
    d->opts.ppg = ppg;
    cave_world c = {.w = {.d = d, .player = player}};
    cr_assert_eq(dr__cave_grid_build(d, ppg, player, true, &c.g, NULL), DG_OK);
    cr_assert_geq(c.g.sub, 2, "%s: no sub-cells to follow", what);
    c.s = c.g.sub;
    c.fw = d->width * c.s;
    c.fh = d->height * c.s;
    *doc = encode_json(d, dg_uvtt_encode);
    read_uvtt(&c.w, *doc, ppg, image, c.s, what);
    c.near = calloc((size_t)(c.fw + 1) * (size_t)(c.fh + 1), 1);
    int r = (int)ceil(CAVE_TOL);
    for (size_t i = 0; i < c.w.n; i++) {
        seg s = c.w.walls[i];
        int x0 = s.x0 - r, x1 = s.x1 + r, y0 = (s.y0 < s.y1 ? s.y0 : s.y1) - r, y1 = (s.y0 < s.y1 ? s.y1 : s.y0) + r;
        for (int y = y0 < 0 ? 0 : y0; y <= y1 && y <= c.fh; y++)
            for (int x = x0 < 0 ? 0 : x0; x <= x1 && x <= c.fw; x++)
                if (seg_dist(s, x, y) <= CAVE_TOL) *near_at(&c, x, y) = 1;
    }
    return c;
}

static void cave_free(cave_world *c)
{
    world_free(&c->w);
    dr__cave_grid_fini(&c->g);
    free(c->near);
}

/* The sub-cell grid is the embedded image: away from cell lines (where
 * straight walls are inked over floor) and glyph cells, a floor-coloured
 * pixel is an open sub-cell and a rock-coloured one a rock sub-cell. Room
 * numbers sit anywhere in a room, so their colour counts as neither; the
 * classic style keeps it apart from rock (standard draws both black). */
static void cave_image_is_the_grid(const cave_world *c, int ppg, const char *what)
{
    dg_dungeon *d = (dg_dungeon *)c->w.d;
    dg_style style = d->opts.style;
    d->opts.style = DG_STYLE_CLASSIC;
    json_t *doc = encode_json(d, dg_uvtt_encode);
    d->opts.style = style;
    const dr__png_style *st = dr__style_get(DG_STYLE_CLASSIC);
    static const int floors[] = {DG_PAL_FLOOR, DG_PAL_GRID};
    static const int rocks[] = {DG_PAL_ROCK, DG_PAL_ROCK_GRID, DG_PAL_TEX1, DG_PAL_TEX2, DG_PAL_WALL};
    uint32_t label = st->rgb[DG_PAL_LABEL];
    for (size_t a = 0; a < 2; a++)
        for (size_t b = 0; b < 5; b++)
            cr_assert_neq(st->rgb[floors[a]], st->rgb[rocks[b]], "%s: style mixes floor and rock colours", what);
    unsigned char *png;
    size_t len;
    b64_decode(json_string_value(json_object_get(doc, "image")), &png, &len);
    int iw, ih;
    unsigned char *rgb = png_rgb(png, len, &iw, &ih);
    size_t checked[2] = {0, 0};
    for (int py = 0; py < ih; py++) {
        if (py % ppg == 0) continue;
        for (int px = 0; px < iw; px++) {
            int x = px / ppg, y = py / ppg;
            if (px % ppg == 0 || (dg_cell(d, x, y) & (DG_STAIRS | DG_DOORSPACE | DG_LABEL)) || mf_marked(d, x, y))
                continue; /* glyphs, marks and features are ink on purpose */
            bool exit = false;
            for (size_t k = 0; k < d->n_exits; k++) exit |= d->exits[k].x == x && d->exits[k].y == y;
            if (exit) continue;
            const unsigned char *p = rgb + 3 * ((size_t)py * (size_t)iw + (size_t)px);
            uint32_t v = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
            if (v == label) continue;
            bool fl = v == st->rgb[DG_PAL_FLOOR] || v == st->rgb[DG_PAL_GRID], rk = false;
            for (size_t b = 0; b < 5; b++) rk |= v == st->rgb[rocks[b]];
            if (!fl && !rk) continue;
            int fx = x * c->s + (px % ppg) * c->s / ppg, fy = y * c->s + (py % ppg) * c->s / ppg;
            cr_assert_eq(fopen_at(c, fx, fy), fl, "%s: pixel (%d,%d) is %s, sub-cell (%d,%d) is not", what, px,
                         py, fl ? "floor" : "rock", fx, fy);
            checked[fl]++;
        }
    }
    cr_assert(checked[0] > 0 && checked[1] > 0, "%s: no pixels compared", what);
    free(rgb);
    free(png);
    json_decref(doc);
}

static void cave_check_walls(const cave_world *c, const char *what)
{
    const world *w = &c->w;
    int s = c->s;
    /* nonzero, on the map, no duplicates */
    seg *srt = malloc((w->n + 1) * sizeof *srt);
    memcpy(srt, w->walls, w->n * sizeof *srt);
    qsort(srt, w->n, sizeof *srt, cmp_seg);
    for (size_t i = 0; i < w->n; i++) {
        seg t = srt[i];
        cr_assert(t.x0 != t.x1 || t.y0 != t.y1, "%s: zero-length wall", what);
        cr_assert(t.x0 >= 0 && t.x1 <= c->fw && t.y0 >= 0 && t.y0 <= c->fh && t.y1 >= 0 && t.y1 <= c->fh,
                  "%s: wall off the map", what);
        cr_assert(i == 0 || cmp_seg(&srt[i - 1], &t), "%s: duplicate wall (%g,%g)-(%g,%g)", what,
                  (double)t.x0 / s, (double)t.y0 / s, (double)t.x1 / s, (double)t.y1 / s);
    }
    free(srt);
    /* every wall near the boundary: both kinds of sub-cell within CAVE_TOL
     * of every point along it */
    int r = (int)ceil(CAVE_TOL);
    for (size_t i = 0; i < w->n; i++) {
        seg t = w->walls[i];
        double len = hypot(t.x1 - t.x0, t.y1 - t.y0);
        int steps = (int)ceil(len * 2);
        for (int k = 0; k <= steps; k++) {
            double x = t.x0 + (t.x1 - t.x0) * (double)k / steps, y = t.y0 + (t.y1 - t.y0) * (double)k / steps;
            bool op = false, rk = false;
            for (int fy = (int)floor(y) - r; fy < (int)ceil(y) + r; fy++)
                for (int fx = (int)floor(x) - r; fx < (int)ceil(x) + r; fx++) {
                    if (fabs(fx + 0.5 - x) > CAVE_TOL + 0.5 || fabs(fy + 0.5 - y) > CAVE_TOL + 0.5) continue;
                    if (fopen_at(c, fx, fy)) op = true;
                    else rk = true;
                }
            cr_assert(op && rk, "%s: wall (%g,%g)-(%g,%g) strays from the outline at (%g,%g)", what,
                      (double)t.x0 / s, (double)t.y0 / s, (double)t.x1 / s, (double)t.y1 / s, x / s, y / s);
        }
    }
    /* every boundary edge near a wall */
    for (int y = 0; y <= c->fh; y++)
        for (int x = 0; x < c->fw; x++)
            if (fopen_at(c, x, y - 1) != fopen_at(c, x, y))
                cr_assert(*near_at(c, x, y) && *near_at(c, x + 1, y), "%s: boundary at (%g,%g) has no wall near",
                          what, (double)x / s, (double)y / s);
    for (int x = 0; x <= c->fw; x++)
        for (int y = 0; y < c->fh; y++)
            if (fopen_at(c, x - 1, y) != fopen_at(c, x, y))
                cr_assert(*near_at(c, x, y) && *near_at(c, x, y + 1), "%s: boundary at (%g,%g) has no wall near",
                          what, (double)x / s, (double)y / s);
    /* maximal: collinear walls touch end to end only at a door's end */
    for (size_t i = 0; i < w->n; i++)
        for (size_t j = i + 1; j < w->n; j++) {
            seg a = w->walls[i], b = w->walls[j];
            int pts[4][2] = {{a.x0, a.y0}, {a.x1, a.y1}, {b.x0, b.y0}, {b.x1, b.y1}};
            for (int ea = 0; ea < 2; ea++)
                for (int eb = 2; eb < 4; eb++) {
                    if (pts[ea][0] != pts[eb][0] || pts[ea][1] != pts[eb][1]) continue;
                    long ux = pts[1 - ea][0] - pts[ea][0], uy = pts[1 - ea][1] - pts[ea][1];
                    long vx = pts[5 - eb][0] - pts[ea][0], vy = pts[5 - eb][1] - pts[ea][1];
                    if (ux * vy - uy * vx != 0 || ux * vx + uy * vy >= 0) continue;
                    cr_assert(is_door_end(w, pts[ea][0], pts[ea][1]), "%s: walls end to end at (%g,%g) could be one",
                              what, (double)pts[ea][0] / s, (double)pts[ea][1] / s);
                }
        }
}

/* Where neither cell is shaped by the outline, a boundary cell edge is under
 * walls along its own line, sub-cell edge by sub-cell edge. */
static void cave_check_square_edges(const cave_world *c, const char *what)
{
    const world *w = &c->w;
    const dg_dungeon *d = w->d;
    int s = c->s, W = d->width, H = d->height;
    unsigned char *hcov = calloc((size_t)(H + 1) * (size_t)c->fw, 1), *vcov = calloc((size_t)(W + 1) * (size_t)c->fh, 1);
    for (size_t i = 0; i < w->n; i++) {
        seg t = w->walls[i];
        if (t.y0 == t.y1 && t.y0 % s == 0)
            for (int k = t.x0; k < t.x1; k++) hcov[(size_t)(t.y0 / s) * (size_t)c->fw + (size_t)k] = 1;
        if (t.x0 == t.x1 && t.x0 % s == 0)
            for (int k = t.y0; k < t.y1; k++) vcov[(size_t)(t.x0 / s) * (size_t)c->fh + (size_t)k] = 1;
    }
#define SHAPED(x, y) ((x) >= 0 && (y) >= 0 && (x) < W && (y) < H && c->g.free_cells[(y) * W + (x)])
    size_t edges = 0;
    for (int y = 0; y <= H; y++)
        for (int x = 0; x < W; x++) {
            if (SHAPED(x, y - 1) || SHAPED(x, y)) continue;
            if (walkable(d, w->player, x, y - 1) == walkable(d, w->player, x, y)) continue;
            edges++;
            for (int k = x * s; k < (x + 1) * s; k++)
                cr_assert(hcov[(size_t)y * (size_t)c->fw + (size_t)k], "%s: square edge under (%d,%d) not walled exactly",
                          what, x, y);
        }
    for (int x = 0; x <= W; x++)
        for (int y = 0; y < H; y++) {
            if (SHAPED(x - 1, y) || SHAPED(x, y)) continue;
            if (walkable(d, w->player, x - 1, y) == walkable(d, w->player, x, y)) continue;
            edges++;
            for (int k = y * s; k < (y + 1) * s; k++)
                cr_assert(vcov[(size_t)x * (size_t)c->fh + (size_t)k], "%s: square edge west of (%d,%d) not walled exactly",
                          what, x, y);
        }
#undef SHAPED
    /* a map with open cells outside its caves (rooms, corridors) has square
     * edges to check; an all-cave map (caverns: its stairs are rounded
     * too) may have none */
    bool outside = false;
    for (int i = 0; i < W * H && !outside; i++)
        outside = walkable(d, w->player, i % W, i / W) && !(d->cave && d->cave[i]);
    if (outside) cr_assert_gt(edges, 0, "%s: no square edges at all", what);
    free(hcov);
    free(vcov);
}

/* Round trip: even-odd along every sub-cell row gives the open sub-cells,
 * except within CAVE_TOL of a wall. Returns how many sub-cells differ. */
static size_t cave_round_trip(const cave_world *c, const char *what)
{
    const world *w = &c->w;
    double *xs = malloc((w->n + 1) * sizeof *xs);
    size_t wrong = 0;
    for (int fy = 0; fy < c->fh; fy++) {
        double yr = fy + 0.5;
        size_t n = 0;
        for (size_t i = 0; i < w->n; i++) {
            seg t = w->walls[i];
            if ((t.y0 < yr) == (t.y1 < yr)) continue;
            xs[n++] = t.x0 + (yr - t.y0) * (t.x1 - t.x0) / (t.y1 - t.y0);
        }
        /* insertion sort: a row crosses few walls */
        for (size_t i = 1; i < n; i++)
            for (size_t j = i; j > 0 && xs[j - 1] > xs[j]; j--) {
                double tmp = xs[j];
                xs[j] = xs[j - 1];
                xs[j - 1] = tmp;
            }
        size_t k = 0;
        for (int fx = 0; fx < c->fw; fx++) {
            while (k < n && xs[k] < fx + 0.5) k++;
            bool in = k % 2 == 1;
            if (in == fopen_at(c, fx, fy)) continue;
            wrong++;
            cr_assert(*near_at(c, fx, fy) || *near_at(c, fx + 1, fy) || *near_at(c, fx, fy + 1) ||
                          *near_at(c, fx + 1, fy + 1),
                      "%s: sub-cell (%g,%g) is %s but the walls say otherwise, far from any wall", what,
                      (double)fx / c->s, (double)fy / c->s, in ? "rock" : "open");
        }
    }
    free(xs);
    return wrong;
}

/* Objects: rock (8-connected sub-cells) touching neither the map edge nor a
 * structural solid cell. Checked where one rock piece alone is near a wall. */
static void cave_check_objects(const cave_world *c, const char *what)
{
    const world *w = &c->w;
    const dg_dungeon *d = w->d;
    int fw = c->fw, fh = c->fh, s = c->s;
    unsigned char *att = structural_solid(d, w->player);
    int *lab = calloc((size_t)fw * (size_t)fh, sizeof *lab);
    int *stack = malloc((size_t)fw * (size_t)fh * sizeof *stack);
    unsigned char *structure = calloc((size_t)fw * (size_t)fh + 1, 1);
    int n = 0;
    for (int i = 0; i < fw * fh; i++) {
        if (lab[i] || fopen_at(c, i % fw, i / fw)) continue;
        lab[i] = ++n;
        int top = 0;
        stack[top++] = i;
        while (top) {
            int q = stack[--top], x = q % fw, y = q / fw;
            int cell = (y / s) * d->width + x / s;
            if (x == 0 || y == 0 || x == fw - 1 || y == fh - 1 || (!walkable(d, w->player, x / s, y / s) && att[cell]))
                structure[n] = 1;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int nx = x + dx, ny = y + dy;
                    if (nx < 0 || ny < 0 || nx >= fw || ny >= fh || lab[ny * fw + nx] || fopen_at(c, nx, ny)) continue;
                    lab[ny * fw + nx] = n;
                    stack[top++] = ny * fw + nx;
                }
        }
    }
    size_t checked = 0;
    for (size_t i = 0; i < w->n; i++) {
        seg t = w->walls[i];
        double mx = (t.x0 + t.x1) / 2.0, my = (t.y0 + t.y1) / 2.0;
        int one = 0;
        bool many = false;
        for (int fy = (int)floor(my) - 2; fy < (int)ceil(my) + 2; fy++)
            for (int fx = (int)floor(mx) - 2; fx < (int)ceil(mx) + 2; fx++) {
                if (fx < 0 || fy < 0 || fx >= fw || fy >= fh) continue; /* outside: the map edge's piece */
                int l = lab[fy * fw + fx];
                if (!l) continue;
                if (one && l != one) many = true;
                one = l;
            }
        if (!one || many) continue;
        checked++;
        cr_assert_eq(w->obj[i], !structure[one], "%s: wall (%g,%g)-(%g,%g) object flag", what, (double)t.x0 / s,
                     (double)t.y0 / s, (double)t.x1 / s, (double)t.y1 / s);
    }
    cr_assert_gt(checked, w->n / 2, "%s: object flags checked on only %zu of %zu walls", what, checked, w->n);
    free(att);
    free(lab);
    free(stack);
    free(structure);
}

/* Portals: the cell oracle's rules on a door cell, in half cells, and walls
 * break at every end that meets one. */
static void cave_check_portals(const cave_world *c, const char *what)
{
    const world *w = &c->w;
    const dg_dungeon *d = w->d;
    int h = c->s / 2;
    cr_assert_eq(w->nd, expected_portals(d, w->player), "%s: %zu portals, want %zu", what, w->nd,
                 expected_portals(d, w->player));
    for (size_t i = 0; i < w->nd; i++) {
        seg b = w->doors[i];
        cr_assert(b.x0 % h == 0 && b.y0 % h == 0 && b.x1 % h == 0 && b.y1 % h == 0, "%s: portal off the half cells", what);
        bool vert = b.x0 == b.x1;
        cr_assert(vert ? b.y1 - b.y0 == 2 * h : (b.y0 == b.y1 && b.x1 - b.x0 == 2 * h), "%s: portal is not one cell across",
                  what);
        int cx = (b.x0 + b.x1) / 2 / h, cy = (b.y0 + b.y1) / 2 / h;
        cr_assert(cx % 2 == 1 && cy % 2 == 1, "%s: portal is not centred on a cell", what);
        int x = cx / 2, y = cy / 2;
        uint32_t cl = dg_cell(d, x, y);
        cr_assert(cl & DG_DOORSPACE && !(cl & DG_ARCH), "%s: portal on (%d,%d), not a door cell", what, x, y);
        cr_assert(walkable(d, w->player, x, y), "%s: portal on a cell this view cannot walk", what);
        cr_assert(vert ? dg_cell_open(dg_cell(d, x - 1, y)) && dg_cell_open(dg_cell(d, x + 1, y))
                       : dg_cell_open(dg_cell(d, x, y - 1)) && dg_cell_open(dg_cell(d, x, y + 1)),
                  "%s: portal at (%d,%d) does not cross its passage", what, x, y);
        bool sa = vert ? walkable(d, w->player, x, y - 1) : walkable(d, w->player, x - 1, y);
        bool sb = vert ? walkable(d, w->player, x, y + 1) : walkable(d, w->player, x + 1, y);
        if (!sa) cr_assert(wall_ends_at(w, b.x0, b.y0), "%s: no wall ends at the door (%d,%d)", what, x, y);
        if (!sb) cr_assert(wall_ends_at(w, b.x1, b.y1), "%s: no wall ends at the door (%d,%d)", what, x, y);
    }
}

static size_t cave_check_uvtt(dg_dungeon *d, bool player, int ppg, bool image, const char *what)
{
    json_t *doc;
    cave_world c = cave_read(d, player, ppg, image, &doc, what);
    if (image) cave_image_is_the_grid(&c, ppg, what);
    cave_check_walls(&c, what);
    cave_check_square_edges(&c, what);
    cave_check_objects(&c, what);
    cave_check_portals(&c, what);
    size_t wrong = cave_round_trip(&c, what);
    cr_log_info("%s: %zu walls, %zu of %d sub-cells differ within %.1f of a wall", what, c.w.n, wrong,
                c.fw * c.fh, CAVE_TOL);
    size_t n = c.w.n;
    json_decref(doc);
    cave_free(&c);
    return n;
}

static void cave_check_foundry(dg_dungeon *d, int ppg, const char *what)
{
    json_t *doc;
    cave_world c = cave_read(d, false, ppg, false, &doc, what);
    json_decref(doc);
    json_t *j = encode_json(d, dg_foundry_encode);
    check_foundry_against_uvtt_lights(d, j, ppg, what);
    json_t *walls = json_object_get(j, "walls");
    size_t n = json_array_size(walls), nw = 0, ndoor = 0;
    seg *f = malloc((n + 1) * sizeof *f), *u = malloc((c.w.n + 1) * sizeof *u);
    size_t i;
    json_t *wl;
    json_array_foreach(walls, i, wl) {
        json_t *cc = json_object_get(wl, "c");
        int v[4];
        for (int k = 0; k < 4; k++) {
            cr_assert(json_is_integer(json_array_get(cc, k)), "%s: Foundry wants whole pixels", what);
            v[k] = (int)json_integer_value(json_array_get(cc, k));
        }
        cr_assert(v[0] != v[2] || v[1] != v[3], "%s: zero-length Foundry wall", what);
        int door = (int)json_integer_value(json_object_get(wl, "door"));
        if (door == 0) {
            f[nw++] = norm(v[0], v[1], v[2], v[3]);
            continue;
        }
        ndoor++;
        int k = door_at(d, (v[0] + v[2]) / 2 / ppg, (v[1] + v[3]) / 2 / ppg);
        cr_assert_geq(k, 0, "%s: Foundry door off any door cell", what);
        cr_assert_eq(door, d->doors[k].type == DG_DOOR_SECRET ? 2 : 1, "%s: door type", what);
    }
    cr_assert_eq(nw, c.w.n, "%s: %zu Foundry walls, %zu uvtt walls", what, nw, c.w.n);
    cr_assert_eq(ndoor, expected_portals(d, false));
    /* the importers' conversion, rounded down to whole pixels */
    for (size_t k = 0; k < c.w.n; k++) {
        seg t = c.w.walls[k];
        u[k] = norm((int)((long)t.x0 * ppg / c.s), (int)((long)t.y0 * ppg / c.s), (int)((long)t.x1 * ppg / c.s),
                    (int)((long)t.y1 * ppg / c.s));
    }
    qsort(f, nw, sizeof *f, cmp_seg);
    qsort(u, nw, sizeof *u, cmp_seg);
    cr_assert(!memcmp(f, u, nw * sizeof *f), "%s: Foundry and uvtt walls differ", what);
    free(f);
    free(u);
    json_decref(j);
    cave_free(&c);
}

static void cave_check_json_walls(dg_dungeon *d, const char *what)
{
    json_t *doc;
    cave_world c = cave_read(d, false, 20, false, &doc, what);
    json_decref(doc);
    json_t *j = encode_json(d, dg_json_encode);
    json_t *walls = json_object_get(j, "walls");
    size_t n = json_array_size(walls), nw = 0, nd = 0;
    seg *s = malloc((n + 1) * sizeof *s), *doors = malloc((n + 1) * sizeof *doors);
    bool *obj = malloc(n + 1);
    size_t i;
    json_t *e;
    json_array_foreach(walls, i, e) {
        seg g = norm(coord(json_object_get(e, "x0"), c.s), coord(json_object_get(e, "y0"), c.s),
                     coord(json_object_get(e, "x1"), c.s), coord(json_object_get(e, "y1"), c.s));
        const char *kind = json_string_value(json_object_get(e, "kind"));
        cr_assert_not_null(kind);
        if (!strcmp(kind, "door")) {
            doors[nd++] = g;
            continue;
        }
        obj[nw] = !strcmp(kind, "object");
        s[nw++] = g;
    }
    cr_assert_eq(nw, c.w.n, "%s: %zu JSON walls, %zu uvtt walls", what, nw, c.w.n);
    cr_assert_eq(nd, c.w.nd);
    for (size_t a = 0; a < nw; a++) {
        size_t b = 0;
        while (b < c.w.n && cmp_seg(&s[a], &c.w.walls[b])) b++;
        cr_assert_lt(b, c.w.n, "%s: JSON wall not in the uvtt walls", what);
        cr_assert_eq(obj[a], c.w.obj[b]);
    }
    qsort(doors, nd, sizeof *doors, cmp_seg);
    qsort(c.w.doors, c.w.nd, sizeof *c.w.doors, cmp_seg);
    cr_assert(!memcmp(doors, c.w.doors, nd * sizeof *doors), "%s: JSON doors differ from portals", what);
    free(s);
    free(doors);
    free(obj);
    json_decref(j);
    cave_free(&c);
}

#endif
