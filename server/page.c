/* page.c -- the page at a permalink ("/?seed=7&rooms=dense"): the form
 * (web/index.html, filled in by form.c) with OpenGraph and Twitter-card
 * tags in its <head>, so that a link pasted into a chat client unfurls as
 * the dungeon's name, a one-line summary and its map. Written by the
 * daemon, not the script: chat services fetch the page without running
 * JavaScript.
 *
 * The name and the room count are the dungeon's own, so the map is
 * generated (never rendered) -- but only when it is small enough to be
 * made on the HTTP thread without holding others up: the rule the map
 * routes follow (inline_us in the config, against the estimate of its
 * JSON, which costs more than generating alone); a bigger one gets a
 * title and summary from its options alone ("Dungeon of seed 7"), never a
 * worker's time or a share of the memory budget. The image is the
 * map's PNG route at a cell size that makes it about OG_IMAGE_PX wide
 * (chat services shrink or refuse bigger ones; a map too wide for the
 * smallest cell stays as wide as that makes it). URLs are absolute, as
 * OpenGraph wants: the request's Host header when it is a plain host name
 * or address (anything else and the page carries no tags: a forged Host
 * must not land in the page), https when a proxy in front says so
 * (X-Forwarded-Proto), else http. What the page itself says, and any query
 * that does not parse (the script names the error beside its field), stay
 * as they were: no tags then. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http_int.h"
#include "dg_contents.h"

#define OG_IMAGE_PX 1200

typedef struct {
    srv_kv *kv;
    bool failed;
} pairs;

static enum MHD_Result pair(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                            const char *value, size_t value_size)
{
    pairs *p = cls;
    (void)kind;
    if (srv_kv_add_query(p->kv, key, key_size, value, value_size, NULL) != DG_OK) {
        p->failed = true;
        return MHD_NO;
    }
    return MHD_YES;
}

/* A Host header worth writing into a page: a name or address and a port. */
static bool host_ok(const char *h)
{
    size_t n = h ? strlen(h) : 0;
    if (!n || n > 255) return false;
    for (const char *s = h; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '.' ||
              *s == '-' || *s == ':' || *s == '[' || *s == ']'))
            return false;
    return true;
}

static dg_status esc(dg_buf *b, const char *s, dg_error *err)
{
    dg_status rc = DG_OK;
    for (; *s && rc == DG_OK; s++) {
        const char *e = *s == '&' ? "&amp;" : *s == '<' ? "&lt;" : *s == '>' ? "&gt;" : *s == '"' ? "&quot;" : NULL;
        rc = e ? dg_buf_puts(b, e, err) : dg_buf_append(b, s, 1, err);
    }
    return rc;
}

/* <meta property|name="key" content="value"> */
static dg_status meta(dg_buf *b, const char *attr, const char *key, const char *value, dg_error *err)
{
    dg_status rc = dg_buf_puts(b, "<meta ", err);
    if (rc == DG_OK) rc = dg_buf_puts(b, attr, err);
    if (rc == DG_OK) rc = dg_buf_puts(b, "=\"", err);
    if (rc == DG_OK) rc = dg_buf_puts(b, key, err);
    if (rc == DG_OK) rc = dg_buf_puts(b, "\" content=\"", err);
    if (rc == DG_OK) rc = esc(b, value, err);
    if (rc == DG_OK) rc = dg_buf_puts(b, "\">\n", err);
    return rc;
}

/* New (free()): o's canonical string. */
static char *canonical(const dg_options *o)
{
    size_t n = dg_options_canonical(o, NULL, 0);
    char *s = malloc(n + 1);
    if (s) dg_options_canonical(o, s, n + 1);
    return s;
}

/* The tags for options o (parsed from the query, a named seed). */
static dg_status tags(const dg_options *o, const char *base, const dg_limits *lim, double inline_us, dg_buf *b,
                      dg_error *err)
{
    char title[DG_STOCK_NAME_BYTES + 64], desc[512], num[24];
    size_t rooms = 0, floors = 0;
    bool made = false;
    int cols = o->cols, rows = o->rows;
    snprintf(title, sizeof title, "Dungeon of seed %llu", (unsigned long long)o->seed);
    if (srv_estimate_us(o) < inline_us) {
        dg_dungeon *d = NULL;
        dg_error gerr;
        dg_error_clear(&gerr);
        if (dg_generate(o, &d, &gerr) == DG_OK) {
            made = true;
            if (d->contents) dg_contents_name(d->contents, title, sizeof title);
            cols = d->width;
            rows = d->height;
            for (const dg_dungeon *f = d; f; f = f->below, floors++) rooms += f->n_rooms;
        }
        dg_dungeon_free(d);
    }
    int n = snprintf(desc, sizeof desc, "A %s dungeon of %dx%d squares", dg_algorithm_name(o->algorithm), cols, rows);
    if (made && floors > 1) n += snprintf(desc + n, sizeof desc - (size_t)n, " on %zu floors", floors);
    if (made) n += snprintf(desc + n, sizeof desc - (size_t)n, ", %zu room%s", rooms, rooms == 1 ? "" : "s");
    if (o->contents != DG_DEPTH_NONE)
        n += snprintf(desc + n, sizeof desc - (size_t)n, ", for level %d", o->level);
    if (o->motif != DG_MOTIF_NONE)
        n += snprintf(desc + n, sizeof desc - (size_t)n, ", %s motif", dg_motif_name(o->motif));
    snprintf(desc + n, sizeof desc - (size_t)n, ". Rolled by dungeond: same seed, same map.");

    /* the image: about OG_IMAGE_PX across, never past what this daemon draws */
    dg_options png = *o;
    int side = cols > rows ? cols : rows;
    int cell = side > 0 ? OG_IMAGE_PX / side : DG_MIN_CELL_PX;
    int max_cell = lim && lim->max_cell ? lim->max_cell : DG_MAX_CELL_PX;
    png.cell = cell < DG_MIN_CELL_PX ? DG_MIN_CELL_PX : cell > max_cell ? max_cell : cell;
    png.format = DG_FMT_PNG;
    png.view = DG_VIEW_PLAYER; /* a link in a chat is seen by players: no secret doors */
    char *page = canonical(o), *image = canonical(&png);
    dg_buf url;
    dg_buf_init(&url);
    dg_status rc = page && image ? DG_OK : dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory for the page");
#define TAG(attr, k, v) (rc == DG_OK ? (void)(rc = meta(b, attr, k, v, err)) : (void)0)
    TAG("property", "og:type", "website");
    TAG("property", "og:site_name", "dungeond");
    TAG("property", "og:title", title);
    TAG("property", "og:description", desc);
    if (rc == DG_OK) rc = dg_buf_puts(&url, base, err);
    if (rc == DG_OK) rc = dg_buf_puts(&url, "/?", err);
    if (rc == DG_OK) rc = dg_buf_puts(&url, page, err);
    TAG("property", "og:url", (const char *)url.data);
    dg_buf_reset(&url);
    if (rc == DG_OK) rc = dg_buf_puts(&url, base, err);
    if (rc == DG_OK) rc = dg_buf_puts(&url, "/dungeon.png?", err);
    if (rc == DG_OK) rc = dg_buf_puts(&url, image, err);
    TAG("property", "og:image", (const char *)url.data);
    TAG("property", "og:image:type", "image/png");
    if (made) { /* the PNG is cols x rows cells plus its one-pixel closing line */
        snprintf(num, sizeof num, "%d", cols * png.cell + 1);
        TAG("property", "og:image:width", num);
        snprintf(num, sizeof num, "%d", rows * png.cell + 1);
        TAG("property", "og:image:height", num);
    }
    TAG("property", "og:image:alt", title);
    TAG("name", "twitter:card", "summary_large_image");
    TAG("name", "twitter:title", title);
    TAG("name", "twitter:description", desc);
    TAG("name", "twitter:image", (const char *)url.data);
#undef TAG
    dg_buf_fini(&url);
    free(page);
    free(image);
    return rc;
}

bool srv_page_with_head(srv_req *r, const char *url, const srv_asset *a, unsigned char **out, size_t *len)
{
    if (!a || strcmp(a->path, "/index.html") || (strcmp(url, "/") && strcmp(url, "/index.html"))) return false;
    const char *q = r->raw ? strchr(r->raw, '?') : NULL;
    if (!q || !q[1]) return false;
    const char *host = MHD_lookup_connection_value(r->conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST);
    const char *proto = MHD_lookup_connection_value(r->conn, MHD_HEADER_KIND, "X-Forwarded-Proto");
    if (!host_ok(host)) return false;
    const unsigned char *at = NULL;
    for (size_t i = 0; i + 7 <= a->len && !at; i++)
        if (a->data[i] == '<' && !memcmp(a->data + i, "</head>", 7)) at = a->data + i;
    if (!at) return false;

    srv_kv kv;
    srv_kv_init(&kv);
    pairs p = {&kv, false};
    MHD_get_connection_values_n(r->conn, MHD_GET_ARGUMENT_KIND, pair, &p);
    srv_map_req mr;
    memset(&mr, 0, sizeof mr);
    dg_error err;
    dg_error_clear(&err);
    bool ok = !p.failed && srv_map_req_parse(&mr, &kv, DG_FMT_JSON, DG_FMT_JSON, &r->h->lim, &err) == DG_OK &&
              mr.seed_named; /* a seed the daemon picks is no permalink */
    srv_kv_fini(&kv);
    dg_buf b;
    dg_buf_init(&b);
    char base[300];
    snprintf(base, sizeof base, "%s://%s", proto && !strcmp(proto, "https") ? "https" : "http", host);
    size_t head = (size_t)(at - a->data);
    if (ok) ok = dg_buf_append(&b, a->data, head, NULL) == DG_OK;
    double inline_us = (double)__atomic_load_n(&r->h->cfg.inline_us, __ATOMIC_RELAXED);
    if (ok) ok = tags(&mr.o, base, &r->h->lim, inline_us, &b, NULL) == DG_OK;
    if (ok) ok = dg_buf_append(&b, a->data + head, a->len - head, NULL) == DG_OK;
    srv_map_req_fini(&mr);
    if (!ok) {
        dg_buf_fini(&b);
        return false;
    }
    *out = dg_buf_steal(&b, len);
    return true;
}
