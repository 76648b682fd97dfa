/* form.c -- fills in web/index.html's no-JavaScript form from the
 * vocabulary (the document GET /options serves, under this deployment's
 * limits) once at start, so the page types no value list, range or
 * default of its own. What to show and how to word it (which keys the
 * plain form has, labels, value texts) stays in index.html; what is valid
 * comes from core's tables through here.
 *
 * A placeholder is a comment naming what to write:
 *   <!--values:KEY v="Text" ...-->  an <option> per value, the default selected
 *   <!--radios:KEY v="Text" ...-->  a radio button and its label per value
 *   <!--number:KEY-->               min, max, step (odd keys) and value
 *                                   attributes, inside an <input> tag
 *   <!--downloads f="Label" ...-->  a submit button per format, to its route
 * A value's text is its name with a capital unless the placeholder gives
 * one; downloads list the formats named first, in that order, then any
 * other, labelled by its name in capitals. A placeholder naming an
 * unknown key, value or format is an error: the daemon does not start
 * with a form that lies. */
#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "srv.h"

#define PH_OPEN "<!--"
#define PH_CLOSE "-->"

/* One placeholder, split: its word, key and the texts it gives. */
typedef struct {
    char word[16], key[64];
    struct { char name[64], text[128]; } given[24];
    size_t n_given;
} placeholder;

/* The first needle in [s, end), or NULL. */
static const char *find(const char *s, const char *end, const char *needle)
{
    size_t n = strlen(needle);
    for (; (size_t)(end - s) >= n; s++) {
        s = memchr(s, needle[0], (size_t)(end - s) - n + 1);
        if (!s) return NULL;
        if (!memcmp(s, needle, n)) return s;
    }
    return NULL;
}

static const char *const words[] = {"values", "radios", "number", "downloads"};

/* Parses the inside of a comment ("values:grid vhex=\"Vertical hex\"");
 * false when it is an ordinary comment, an error when it is a placeholder
 * that makes no sense. */
static bool parse(const char *s, size_t n, placeholder *p, bool *bad)
{
    *bad = false;
    memset(p, 0, sizeof *p);
    size_t w = 0;
    while (w < n && (isalpha((unsigned char)s[w]))) w++;
    bool known = false;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (w == strlen(words[i]) && !memcmp(s, words[i], w)) known = true;
    if (!known) return false;
    memcpy(p->word, s, w);
    size_t i = w;
    if (i < n && s[i] == ':') {
        size_t k = ++i;
        while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_')) i++;
        if (i - k == 0 || i - k >= sizeof p->key) { *bad = true; return true; }
        memcpy(p->key, s + k, i - k);
    }
    for (;;) {
        while (i < n && isspace((unsigned char)s[i])) i++;
        if (i == n) break;
        size_t k = i;
        /* names of values and formats: letters, digits, '_' and '-' (foundry-bundle) */
        while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '-')) i++;
        size_t kn = i - k;
        if (!kn || kn >= sizeof p->given[0].name || i + 1 >= n || s[i] != '=' || s[i + 1] != '"'
            || p->n_given == sizeof p->given / sizeof p->given[0]) {
            *bad = true;
            return true;
        }
        i += 2;
        size_t t = i;
        while (i < n && s[i] != '"') i++;
        if (i == n || i - t >= sizeof p->given[0].text) { *bad = true; return true; }
        memcpy(p->given[p->n_given].name, s + k, kn);
        memcpy(p->given[p->n_given].text, s + t, i - t);
        p->n_given++;
        i++;
    }
    return true;
}

static const char *given_text(const placeholder *p, const char *name)
{
    for (size_t i = 0; i < p->n_given; i++)
        if (!strcmp(p->given[i].name, name)) return p->given[i].text;
    return NULL;
}

/* Text into HTML, attribute-safe. */
static dg_status put_escaped(dg_buf *b, const char *s, dg_error *err)
{
    dg_status rc = DG_OK;
    for (; *s && rc == DG_OK; s++) {
        const char *e = *s == '&' ? "&amp;" : *s == '<' ? "&lt;" : *s == '>' ? "&gt;" : *s == '"' ? "&quot;" : NULL;
        rc = e ? dg_buf_puts(b, e, err) : dg_buf_append(b, s, 1, err);
    }
    return rc;
}

static json_t *key_of(const json_t *doc, const char *name)
{
    size_t i;
    json_t *k;
    json_array_foreach(json_object_get(doc, "keys"), i, k)
        if (!strcmp(json_string_value(json_object_get(k, "name")), name)) return k;
    return NULL;
}

/* A key's default as one of its value names ("some" for deadends' 50),
 * or "" when it has none. */
static const char *default_name(const json_t *k)
{
    const json_t *d = json_object_get(k, "default");
    if (json_is_string(d)) return json_string_value(d);
    const char *name;
    json_t *amount;
    if (json_is_integer(d))
        json_object_foreach((json_t *)json_object_get(k, "amounts"), name, amount)
            if (json_integer_value(amount) == json_integer_value(d)) return name;
    return "";
}

static bool lists(const json_t *array, const char *name, const char *field)
{
    size_t i;
    json_t *v;
    json_array_foreach(array, i, v) {
        const json_t *s = field ? json_object_get(v, field) : v;
        if (json_is_string(s) && !strcmp(json_string_value(s), name)) return true;
    }
    return false;
}

static dg_status refuse(dg_error *err, const placeholder *p, const char *what)
{
    return dg_error_set(err, DG_EINVAL, "index.html", p->key, "", "index.html: placeholder %s:%s %s",
                        p->word, p->key, what);
}

/* Every name a placeholder gives a text for must be one it writes. */
static dg_status check_given(const placeholder *p, const json_t *list, const char *field, dg_error *err)
{
    for (size_t i = 0; i < p->n_given; i++)
        if (!lists(list, p->given[i].name, field)) {
            char what[160];
            snprintf(what, sizeof what, "gives a text for '%s', which is not one of its values",
                     p->given[i].name);
            return refuse(err, p, what);
        }
    return DG_OK;
}

static dg_status put_choices(dg_buf *b, const placeholder *p, const json_t *k, bool radios, dg_error *err)
{
    const json_t *values = json_object_get(k, "values");
    if (!json_array_size(values)) return refuse(err, p, "names a key without a list of values");
    dg_status rc = check_given(p, values, NULL, err);
    const char *def = default_name(k);
    size_t i;
    json_t *v;
    json_array_foreach(values, i, v) {
        const char *name = json_string_value(v), *text = given_text(p, name);
        char capital[64];
        if (!text) {
            snprintf(capital, sizeof capital, "%s", name);
            capital[0] = (char)toupper((unsigned char)capital[0]);
            text = capital;
        }
        bool on = !strcmp(name, def);
        if (rc != DG_OK) break;
        if (radios)
            rc = dg_buf_printf(b, err, "%s<input type=\"radio\" id=\"f-%s-%s\" name=\"%s\" value=\"%s\"%s>"
                      "<label for=\"f-%s-%s\">", i ? "\n        " : "", p->key, name, p->key, name, on ? " checked" : "",
                      p->key, name);
        else
            rc = dg_buf_printf(b, err, "\n        <option value=\"%s\"%s>", name, on ? " selected" : "");
        if (rc == DG_OK) rc = put_escaped(b, text, err);
        if (rc == DG_OK) rc = dg_buf_puts(b, radios ? "</label>" : "</option>", err);
    }
    if (rc == DG_OK && !radios) rc = dg_buf_puts(b, "\n      ", err);
    return rc;
}

static dg_status put_number(dg_buf *b, const placeholder *p, const json_t *k, dg_error *err)
{
    const json_t *lo = json_object_get(k, "min"), *hi = json_object_get(k, "max"),
                 *def = json_object_get(k, "default");
    if (!json_is_integer(lo) || !json_is_integer(hi)) return refuse(err, p, "names a key without a range");
    if (p->n_given) return refuse(err, p, "takes no texts");
    dg_status rc = dg_buf_printf(b, err, "min=\"%lld\" max=\"%lld\"", (long long)json_integer_value(lo),
                        (long long)json_integer_value(hi));
    /* an even value counts as the next odd one: the arrows step by two */
    if (rc == DG_OK && json_is_true(json_object_get(k, "odd"))) rc = dg_buf_puts(b, " step=\"2\"", err);
    if (rc == DG_OK && json_is_integer(def))
        rc = dg_buf_printf(b, err, " value=\"%lld\"", (long long)json_integer_value(def));
    return rc;
}

static dg_status put_download(dg_buf *b, const json_t *f, const char *label, bool first, dg_error *err)
{
    dg_status rc = dg_buf_puts(b, first ? "" : "\n    ", err);
    if (rc == DG_OK) rc = dg_buf_puts(b, "<button type=\"submit\" formaction=\"", err);
    if (rc == DG_OK) rc = put_escaped(b, json_string_value(json_object_get(f, "route")), err);
    if (rc == DG_OK) rc = dg_buf_puts(b, "\" name=\"download\" value=\"1\">", err);
    if (rc == DG_OK) rc = put_escaped(b, label, err);
    if (rc == DG_OK) rc = dg_buf_puts(b, "</button>", err);
    return rc;
}

static const json_t *format_of(const json_t *doc, const char *name)
{
    size_t i;
    json_t *f;
    json_array_foreach(json_object_get(doc, "formats"), i, f)
        if (!strcmp(json_string_value(json_object_get(f, "name")), name)) return f;
    return NULL;
}

static dg_status put_downloads(dg_buf *b, const placeholder *p, const json_t *doc, dg_error *err)
{
    const json_t *formats = json_object_get(doc, "formats");
    dg_status rc = check_given(p, formats, "name", err);
    for (size_t i = 0; rc == DG_OK && i < p->n_given; i++)
        rc = put_download(b, format_of(doc, p->given[i].name), p->given[i].text, i == 0, err);
    size_t i;
    json_t *f;
    json_array_foreach(formats, i, f) {
        const char *name = json_string_value(json_object_get(f, "name"));
        if (rc != DG_OK) break;
        if (given_text(p, name)) continue;
        char label[64];
        snprintf(label, sizeof label, "%s", name);
        for (char *c = label; *c; c++) *c = (char)toupper((unsigned char)*c);
        rc = put_download(b, f, label, i == 0 && !p->n_given, err);
    }
    return rc;
}

static dg_status expand_one(dg_buf *b, const placeholder *p, const json_t *doc, dg_error *err)
{
    if (!strcmp(p->word, "downloads")) {
        if (p->key[0]) return refuse(err, p, "takes no key");
        return put_downloads(b, p, doc, err);
    }
    const json_t *k = key_of(doc, p->key);
    if (!k) return refuse(err, p, "names no key of GET /options");
    if (!strcmp(p->word, "number")) return put_number(b, p, k, err);
    return put_choices(b, p, k, !strcmp(p->word, "radios"), err);
}

dg_status srv_form_expand(const unsigned char *in, size_t len, const dg_limits *lim,
                          unsigned char **out, size_t *out_len, dg_error *err)
{
    *out = NULL;
    *out_len = 0;
    json_t *doc = srv_vocabulary_document(lim);
    if (!doc) return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory for the form");
    dg_buf b;
    dg_buf_init(&b);
    const char *s = (const char *)in, *end = s + len;
    dg_status rc = DG_OK;
    while (rc == DG_OK && s < end) {
        const char *open = find(s, end, PH_OPEN);
        if (!open) {
            rc = dg_buf_append(&b, s, (size_t)(end - s), err);
            break;
        }
        const char *inner = open + strlen(PH_OPEN);
        const char *close = find(inner, end, PH_CLOSE);
        if (!close) {
            rc = dg_buf_append(&b, s, (size_t)(end - s), err);
            break;
        }
        const char *after = close + strlen(PH_CLOSE);
        placeholder p;
        bool bad;
        if (!parse(inner, (size_t)(close - inner), &p, &bad)) {
            rc = dg_buf_append(&b, s, (size_t)(after - s), err); /* an ordinary comment */
        } else if (bad) {
            rc = dg_error_set(err, DG_EINVAL, "index.html", "", "", "index.html: the placeholder %.*s is malformed",
                              (int)(after - open > 80 ? 80 : after - open), open);
        } else {
            rc = dg_buf_append(&b, s, (size_t)(open - s), err);
            if (rc == DG_OK) rc = expand_one(&b, &p, doc, err);
        }
        s = after;
    }
    json_decref(doc);
    if (rc != DG_OK) {
        dg_buf_fini(&b);
        return rc;
    }
    *out = dg_buf_steal(&b, out_len);
    return DG_OK;
}
