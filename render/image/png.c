/* png.c -- dg_png_encode: a finished dungeon -> an indexed PNG. Sets up the
 * palette image, fills rock and floor, draws the walls and hands the pixel
 * rows to libpng; the style table is style.c's, grid patterns grid_draw.c's,
 * rock texture texture.c's, organic cave outlines cave_draw.c's,
 * door/stair/label glyphs glyphs.c's. gd memory never leaves this renderer.
 *
 * Geometry: cell c (px) = d->opts.cell; the image is (width * c + 1) x
 * (height * c + 1) pixels (dr__png_render can drop the extra column and
 * row for formats that want exactly width * c x height * c). Pixel column
 * x * c is the boundary line west of cell column x (and row y * c the line
 * north of cell row y), so every cell owns the (c - 1) x (c - 1) interior
 * between two lines and the map's last east/south boundary still has its
 * own pixel column/row. Walls are drawn on the boundary line and thicken
 * into the solid side only, so floors keep their full interior.
 *
 * Speed: nothing here calls gd per pixel. Floor and rock are copied as
 * whole spans from pre-drawn grid rows straight into the palette rows
 * (gdImage->pixels), walls are memset strips, glyphs touch only their cells.
 * png_write.c turns the finished rows into PNG bytes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "png_int.h"
#include "render_int.h"
#include "sketch.h"

/* ---------------------------------------------------------------- checks */

/* The image limit is dg.h's DG_PNG_MAX_PIXELS, tested as dg_options_finish
 * tests it, so a map whose options passed is never refused here. */

dg_status dr__png_check(const dg_dungeon *d, int cell, int max_cell, dg_error *err)
{
    char v[32];
    if (!d || !d->cells || d->width < 1 || d->height < 1)
        return dg_error_set(err, DG_EINVAL, "", "", "", "no dungeon to render");
    const dg_options *o = &d->opts;
    if (cell < DG_MIN_CELL_PX || cell > max_cell) {
        snprintf(v, sizeof v, "%d", cell);
        char allowed[32];
        snprintf(allowed, sizeof allowed, "%d..%d", DG_MIN_CELL_PX, max_cell);
        return dg_error_set(err, DG_EINVAL, "cell", v, allowed, "cell size out of range");
    }
    if ((int)o->style < 0 || o->style >= DG_STYLE_COUNT) {
        snprintf(v, sizeof v, "%d", (int)o->style);
        return dg_error_set(err, DG_EINVAL, "style", v, "", "unknown map style");
    }
    if ((int)o->grid < 0 || o->grid >= DG_GRID_COUNT) {
        snprintf(v, sizeof v, "%d", (int)o->grid);
        return dg_error_set(err, DG_EINVAL, "grid", v, "none|square|hex|vhex", "unknown grid");
    }
    if ((int)o->view < 0 || o->view >= DG_VIEW_COUNT) {
        snprintf(v, sizeof v, "%d", (int)o->view);
        return dg_error_set(err, DG_EINVAL, "view", v, "gm|player", "unknown view");
    }
    if (dg_raster_too_big(d->height, d->width, cell)) {
        int fit = dg_raster_fit(d->height, d->width, DG_MIN_CELL_PX, max_cell);
        char allowed[32] = "";
        if (fit >= DG_MIN_CELL_PX) snprintf(allowed, sizeof allowed, "%d..%d", DG_MIN_CELL_PX, fit);
        snprintf(v, sizeof v, "%d", cell);
        return dg_error_set(err, DG_ELIMIT, "cell", v, allowed,
                            "a %dx%d map at %d px is over the %lld pixel image limit%s", d->width,
                            d->height, cell, (long long)DG_PNG_MAX_PIXELS,
                            fit >= DG_MIN_CELL_PX ? "; use a smaller cell" : " at any cell size");
    }
    return DG_OK;
}

/* ---------------------------------------------------------------- canvas */

static dg_status canvas_open(dr__canvas *cv, const dg_dungeon *d, int cell, dg_format as,
                             dg_error *err)
{
    memset(cv, 0, sizeof *cv);
    cv->d = d;
    cv->st = dr__style_get(d->opts.style);
    cv->cell = cell;
    cv->w = d->width * cv->cell + 1;
    cv->h = d->height * cv->cell + 1;
    cv->wall = (cv->cell * cv->st->wall_64 + 32) / 64;
    if (cv->wall < 1) cv->wall = 1;
    cv->player = dg_options_image_view(&d->opts, as) == DG_VIEW_PLAYER;
    /* The style stream: (seed, style name), never the map's own stream. */
    const char *name = cv->st->name;
    dg_rng_seed(&cv->rng, dg_hash64(name, strlen(name), d->opts.seed), 0x706e67u);

    size_t ncell = (size_t)d->width * (size_t)d->height;
    cv->cls = dg__malloc(ncell);
    if (!cv->cls) return dg__nomem(err, "for the cell classes");
    dg_status rc = dr__canvas_alloc(cv, err);
    if (rc != DG_OK) return rc;
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++)
            cv->cls[(size_t)y * (size_t)d->width + (size_t)x] =
                dr__canvas_open(cv, x, y) ? DG_CLS_OPEN : DG_CLS_ROCK;
    return DG_OK;
}

static void canvas_close(dr__canvas *cv)
{
    dr__canvas_free(cv);
    dg__free(cv->cls);
    dg__free(cv->tex);
    dg__free(cv->fine);
    dg__free(cv->shaped);
}

/* ------------------------------------------------------------------ fill */

/* One pixel row of a cave cell: floor or rock per pixel by the outline. */
static void cave_cell(const dr__canvas *cv, unsigned char *dst, const unsigned char *cls, int x,
                      const unsigned char *floor_row, const unsigned char *rock_row, int ty)
{
    int c = cv->cell;
    int y = (int)((size_t)(cls - cv->cls) / (size_t)cv->d->width);
    unsigned char k = cls[x];
    const unsigned char *tile = NULL;
    if (k >= DG_CLS_TEX && ty < c)
        tile = cv->tex + (size_t)c * (size_t)c * (size_t)(k - DG_CLS_TEX) + (size_t)ty * (size_t)c;
    dr__cave_fill_row(cv, dst, x, y, ty, floor_row, rock_row, tile);
}

/* Copies one pixel row of floor, rock or texture under every cell of cell
 * row r, a run of equal classes at a time. ty: the row inside the cell. */
static void fill_row(const dr__canvas *cv, unsigned char *dst, const unsigned char *cls,
                     const unsigned char *floor_row, const unsigned char *rock_row, int ty)
{
    int n = cv->d->width, c = cv->cell;
    size_t tsz = (size_t)c * (size_t)c;
    int x = 0;
    while (x < n) {
        if (cv->fine && cv->shaped[(size_t)(cls - cv->cls) + (size_t)x]) {
            cave_cell(cv, dst, cls, x, floor_row, rock_row, ty);
            x++;
            continue;
        }
        unsigned char k = cls[x];
        if (k >= DG_CLS_TEX && ty >= c) k = DG_CLS_ROCK; /* bottom boundary row */
        if (k >= DG_CLS_TEX) { /* tiles are per cell */
            memcpy(dst + (size_t)x * (size_t)c,
                   cv->tex + tsz * (size_t)(k - DG_CLS_TEX) + (size_t)ty * (size_t)c, (size_t)c);
            x++;
            continue;
        }
        int e = x + 1;
        while (e < n && (cls[e] == k || (k == DG_CLS_ROCK && ty >= c && cls[e] >= DG_CLS_TEX)) &&
               !(cv->fine && cv->shaped[(size_t)(cls - cv->cls) + (size_t)e]))
            e++;
        size_t a = (size_t)x * (size_t)c, len = (size_t)(e - x) * (size_t)c;
        memcpy(dst + a, (k == DG_CLS_OPEN ? floor_row : rock_row) + a, len);
        x = e;
    }
    /* the last boundary column belongs to the last cell */
    size_t last = (size_t)cv->w - 1;
    int py = (int)((size_t)(cls - cv->cls) / (size_t)n) * c + ty;
    dst[last] = (dr__canvas_fine_open(cv, (int)last, py) ? floor_row : rock_row)[last];
}

/* rep[j]: row j of a period of p rows of w bytes equals the row before it
 * (row p - 1 before row 0). */
static void repeats(const unsigned char *rows, int p, size_t w, unsigned char *rep)
{
    for (int j = 0; j < p; j++)
        rep[j] = !memcmp(rows + (size_t)j * w, rows + (size_t)((j + p - 1) % p) * w, w);
}

/* Every pixel row from the grid rows, tiles and cave outline. A row inside
 * a cell row differs from the one above only if its grid row, one of its
 * tiles' rows or its cave sub-cell row does; otherwise it is not drawn but
 * shares the storage of the row above (png_canvas.c), which is most rows. */
static dg_status fill(dr__canvas *cv, dg_error *err)
{
    int c = cv->cell, n = cv->d->width, per_rows = 2 * c + 2;
    size_t per = (size_t)per_rows * (size_t)cv->w;
    unsigned char *floor_rows = dg__malloc(per), *rock_rows = dg__malloc(per);
    unsigned char *rep = dg__malloc(2 * (size_t)per_rows + (size_t)c);
    if (!floor_rows || !rock_rows || !rep) {
        dg__free(floor_rows);
        dg__free(rock_rows);
        dg__free(rep);
        return dg__nomem(err, "for the grid rows");
    }
    dg_grid grid = cv->d->opts.grid;
    int fp, rp;
    dr__grid_rows(cv, grid, DG_PAL_FLOOR, DG_PAL_GRID, floor_rows, &fp);
    dr__grid_rows(cv, cv->st->rock_grid ? grid : DG_GRID_NONE, DG_PAL_ROCK, DG_PAL_ROCK_GRID,
                  rock_rows, &rp);
    unsigned char *frep = rep, *rrep = rep + per_rows, *trep = rep + 2 * per_rows;
    repeats(floor_rows, fp, (size_t)cv->w, frep);
    repeats(rock_rows, rp, (size_t)cv->w, rrep);
    size_t tsz = (size_t)c * (size_t)c;
    for (int ty = 1; ty < c; ty++) { /* trep[ty]: no tile changes from row ty - 1 to ty */
        trep[ty] = 1;
        for (int v = 0; cv->tex && v < DG_TEX_VARIANTS && trep[ty]; v++) {
            const unsigned char *t = cv->tex + tsz * (size_t)v + (size_t)ty * (size_t)c;
            trep[ty] = !memcmp(t, t - c, (size_t)c);
        }
    }

    bool tex = false, cave = false;
    for (int y = 0; y < cv->h; y++) {
        int r = y / c;
        if (r >= cv->d->height) r = cv->d->height - 1; /* the bottom boundary row */
        int ty = y - r * c;
        const unsigned char *cls = cv->cls + (size_t)r * (size_t)n;
        if (ty == 0) {
            tex = cave = false;
            for (int x = 0; x < n; x++) {
                tex = tex || cls[x] >= DG_CLS_TEX;
                cave = cave || dr__canvas_in_cave(cv, x, r);
            }
        }
        bool same = ty >= 1 && ty < c && frep[y % fp] && rrep[y % rp] && (!tex || trep[ty]) &&
                    (!cave || ty * cv->sub / c == (ty - 1) * cv->sub / c);
        if (same) {
            dr__canvas_repeat(cv, y);
            continue;
        }
        fill_row(cv, dr__canvas_fresh(cv, y), cls, floor_rows + (size_t)(y % fp) * (size_t)cv->w,
                 rock_rows + (size_t)(y % rp) * (size_t)cv->w, ty);
    }
    dg__free(floor_rows);
    dg__free(rock_rows);
    dg__free(rep);
    return DG_OK;
}

/* ----------------------------------------------------------------- walls */

/* An open edge cell whose outward side is a listed exit keeps that side open. */
static bool exit_side(const dr__canvas *cv, int x, int y, dg_dir dir)
{
    const dg_dungeon *d = cv->d;
    if (!d->exits) return false;
    for (size_t i = 0; i < d->n_exits; i++)
        if (d->exits[i].x == x && d->exits[i].y == y && d->exits[i].dir == dir) return true;
    return false;
}

static bool opn(const dr__canvas *cv, int x, int y)
{
    if (x < 0 || y < 0 || x >= cv->d->width || y >= cv->d->height) return false;
    return cv->cls[(size_t)y * (size_t)cv->d->width + (size_t)x] == DG_CLS_OPEN;
}

/* Each open cell draws the boundary line on every side that faces solid,
 * thickened (t - 1) px into the solid cell; on a convex corner the strip also
 * covers the corner square so thick walls meet without a notch. */
static void walls(dr__canvas *cv)
{
    const dg_dungeon *d = cv->d;
    int c = cv->cell, t = cv->wall - 1;
    unsigned char ink = DG_PAL_WALL;
    for (int y = 0; y < d->height; y++) {
        for (int x = 0; x < d->width; x++) {
            if (!opn(cv, x, y)) continue;
            int x0 = x * c, y0 = y * c, x1 = x0 + c, y1 = y0 + c;
            bool n = opn(cv, x, y - 1), s = opn(cv, x, y + 1);
            bool w = opn(cv, x - 1, y), e = opn(cv, x + 1, y);
            if (dr__canvas_in_cave(cv, x, y)) { /* cave-to-cave edges are traced */
                n = n || (y > 0 && dr__canvas_in_cave(cv, x, y - 1));
                s = s || (y < d->height - 1 && dr__canvas_in_cave(cv, x, y + 1));
                w = w || (x > 0 && dr__canvas_in_cave(cv, x - 1, y));
                e = e || (x < d->width - 1 && dr__canvas_in_cave(cv, x + 1, y));
            }
            bool edge = x == 0 || y == 0 || x == d->width - 1 || y == d->height - 1;
            if (edge) { /* an exit leaves the map through an open side */
                if (y == 0 && exit_side(cv, x, y, DG_DIR_NORTH)) n = true;
                if (y == d->height - 1 && exit_side(cv, x, y, DG_DIR_SOUTH)) s = true;
                if (x == 0 && exit_side(cv, x, y, DG_DIR_WEST)) w = true;
                if (x == d->width - 1 && exit_side(cv, x, y, DG_DIR_EAST)) e = true;
            }
            if (!n) {
                int l = !w && !opn(cv, x - 1, y - 1) ? t : 0;
                int r = !e && !opn(cv, x + 1, y - 1) ? t : 0;
                dr__canvas_box(cv, x0 - l, y0 - t, x1 + r, y0, ink);
            }
            if (!s) {
                int l = !w && !opn(cv, x - 1, y + 1) ? t : 0;
                int r = !e && !opn(cv, x + 1, y + 1) ? t : 0;
                dr__canvas_box(cv, x0 - l, y1, x1 + r, y1 + t, ink);
            }
            if (!w) dr__canvas_box(cv, x0 - t, y0, x0, y1, ink);
            if (!e) dr__canvas_box(cv, x1, y0, x1 + t, y1, ink);
        }
    }
}

/* ------------------------------------------------------------------ entry */

dg_status dr__png_render(const dg_dungeon *d, int cell, bool exact, dg_format as, dg_buf *out,
                         dg_error *err)
{
    return dr__image_render(d, cell, exact, as, DG_IMAGE_PNG, out, err);
}

dg_status dr__image_render(const dg_dungeon *d, int cell, bool exact, dg_format as, dg_image kind,
                           dg_buf *out, dg_error *err)
{
    dg_status rc = dr__png_check(d, cell, DG_PNG_MAX_CELL, err);
    if (rc != DG_OK) return rc;
    if (!out) return dg_error_set(err, DG_EINVAL, "", "", "", "no output buffer");
    dr__canvas cv;
    if ((rc = canvas_open(&cv, d, cell, as, err)) != DG_OK) goto done;
    if ((rc = dr__texture_prepare(&cv, err)) != DG_OK) goto done;
    if ((rc = dr__cave_prepare(&cv, err)) != DG_OK) goto done;
    if ((rc = fill(&cv, err)) != DG_OK) goto done;
    if (cv.st->texture == DG_TEX_HATCH && (rc = dr__hatch_draw(&cv, err)) != DG_OK) goto done;
    if ((rc = dr__glyph_water(&cv, err)) != DG_OK) goto done;
    walls(&cv);
    if ((rc = dr__cave_walls(&cv, err)) != DG_OK) goto done;
    dr__glyph_doors(&cv);
    dr__glyph_stairs(&cv);
    dr__glyph_features(&cv);
    dr__glyph_labels(&cv);
    dr__glyph_marks(&cv);
    if (as == DG_FMT_PNG) { /* a VTT's image is the map alone, pixel for square */
        dr__frame f;
        dr__frame_layout(d, cell, cv.player, cv.w, cv.h, &f);
        if ((f.step || f.n) && (rc = dr__frame_png(&cv, &f, err)) != DG_OK) goto done;
    }
    /* a map without water keeps the palette it had before water had roles */
    uint32_t rgb[DG_PAL_COUNT];
    memcpy(rgb, cv.st->rgb, sizeof rgb);
    if (!dr__map_has_water(d)) rgb[DG_PAL_WATER] = rgb[DG_PAL_WATER_INK] = DG_PAL_ABSENT;
    /* exact: drop the last boundary column and row */
    if (kind == DG_IMAGE_WEBP)
        rc = dr__webp_write(cv.rows, cv.w - exact, cv.h - exact, rgb, out, err);
    else
        rc = dr__png_write(cv.rows, cv.w - exact, cv.h - exact, rgb, cv.st->rle, cell, out, err);
done:
    canvas_close(&cv);
    return rc;
}

dg_status dg_png_encode(const dg_dungeon *d, dg_buf *out, dg_error *err)
{
    /* the public format keeps to the option's own range */
    dg_status rc = dr__png_check(d, d ? d->opts.cell : 0, DG_MAX_CELL_PX, err);
    if (rc != DG_OK) return rc;
    if (d->opts.style == DG_STYLE_SKETCH) { /* anti-aliased: cairo's drawing, sketch.c */
        if ((rc = dr__render_check(d, err)) != DG_OK) return rc;
        if (!out) return dg_error_set(err, DG_EINVAL, "", "", "", "no output buffer");
        return dr__sketch_png(d, out, err);
    }
    return dr__png_render(d, d->opts.cell, false, DG_FMT_PNG, out, err);
}
