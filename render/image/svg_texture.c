/* svg_texture.c -- the rock's texture in the SVG (and so the page's map),
 * the PNG's own: texture.c draws the same DG_TEX_VARIANTS cell-sized tiles
 * from the same style stream, (seed, style name), and picks one per rock
 * cell in the same order; each tile becomes a group of its ink's runs,
 * defined once, and each rock cell a <use> of its tile. So the pattern
 * never repeats as a tile would, and the SVG's rock is the PNG's pixel for
 * pixel. Floors are drawn over it. Crosshatch's band is svg.c's. */
#include <stdlib.h>
#include <string.h>

#include "svg_int.h"

/* Tile v's pixels of role `ink` as one path of horizontal runs. */
static bool runs(dr__svg *s, const unsigned char *tile, int n, unsigned char ink)
{
    bool any = false;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            if (tile[y * n + x] != ink) continue;
            int e = x;
            while (e + 1 < n && tile[y * n + e + 1] == ink) e++;
            dr__svg_put(s, "M%d %dh%dv1h-%dz", x, y, e - x + 1, e - x + 1);
            any = true;
            x = e;
        }
    return any;
}

void dr__svg_texture(dr__svg *s)
{
    dr__texture kind = s->st->texture;
    if (kind == DG_TEX_NONE || kind == DG_TEX_HATCH || s->rc != DG_OK) return;
    const dg_dungeon *d = s->d;
    dr__canvas cv;
    memset(&cv, 0, sizeof cv);
    cv.d = d;
    cv.st = s->st;
    cv.cell = s->c;
    cv.player = s->cv.player;
    const char *name = s->st->name; /* png.c's style stream */
    dg_rng_seed(&cv.rng, dg_hash64(name, strlen(name), d->opts.seed), 0x706e67u);
    size_t ncell = (size_t)d->width * (size_t)d->height;
    cv.cls = dg__malloc(ncell);
    if (!cv.cls) {
        s->rc = dg__nomem(s->err, "for the rock texture");
        return;
    }
    for (size_t k = 0; k < ncell; k++) cv.cls[k] = s->open[k] ? DG_CLS_OPEN : DG_CLS_ROCK;
    dg_status rc = dr__texture_prepare(&cv, s->err);
    if (rc != DG_OK) {
        s->rc = rc;
        dg__free(cv.cls);
        return;
    }
    int n = s->c;
    size_t tsz = (size_t)n * (size_t)n;
    bool used[DG_TEX_VARIANTS] = {false};
    char ink1[8], ink2[8];
    dr__svg_hex(ink1, s->st->rgb[DG_PAL_TEX1]);
    dr__svg_hex(ink2, s->st->rgb[DG_PAL_TEX2]);
    dr__svg_put(s, "<defs class=\"texture\">");
    for (int v = 0; v < DG_TEX_VARIANTS; v++) {
        const unsigned char *t = cv.tex + tsz * (size_t)v;
        size_t mark = s->out->len;
        dr__svg_put(s, "<g id=\"tex-%d\"><path fill=\"%s\" d=\"", v, ink1);
        bool a = runs(s, t, n, DG_PAL_TEX1);
        dr__svg_put(s, "\"/><path fill=\"%s\" d=\"", ink2);
        bool b = runs(s, t, n, DG_PAL_TEX2);
        dr__svg_put(s, "\"/></g>");
        if (s->rc == DG_OK && !a && !b) s->out->len = mark; /* a plain tile: nothing to use */
        used[v] = a || b;
    }
    dr__svg_put(s, "</defs>\n<g class=\"texture\">");
    for (int y = 0; y < d->height; y++)
        for (int x = 0; x < d->width; x++) {
            unsigned char k = cv.cls[(size_t)y * (size_t)d->width + (size_t)x];
            if (k < DG_CLS_TEX || !used[k - DG_CLS_TEX]) continue;
            dr__svg_put(s, "<use xlink:href=\"#tex-%d\" x=\"%d\" y=\"%d\"/>", k - DG_CLS_TEX, x * n, y * n);
        }
    dr__svg_put(s, "</g>\n");
    dg__free(cv.tex);
    dg__free(cv.cls);
}
