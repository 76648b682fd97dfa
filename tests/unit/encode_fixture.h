/* encode_fixture.h -- the unit tests' one way to run an encoder: its bytes
 * into a buffer (a failure names the key), parsed as JSON, or a PNG decoded
 * to RGB pixels. Header-only like the other fixtures, since each test is a
 * single source file. */
#ifndef ENCODE_FIXTURE_H
#define ENCODE_FIXTURE_H

#include <criterion/criterion.h>
#include <jansson.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"

typedef dg_status (*encoder)(const dg_dungeon *, dg_buf *, dg_error *);

/* An RGB image, 3 bytes a pixel, row after row; free(rgb). */
typedef struct {
    int w, h;
    unsigned char *rgb;
} img;

/* Caller storage *out (dg_buf_fini it): enc's bytes for d, with a NUL
 * past len so a text format reads as a C string. */
static inline void encode(const dg_dungeon *d, encoder enc, dg_buf *out)
{
    dg_error err;
    dg_error_clear(&err);
    dg_buf_init(out);
    cr_assert_eq(enc(d, out, &err), DG_OK, "encode: %s (%s=%s)", err.msg, err.param, err.value);
    cr_assert_eq(dg_buf_append(out, "", 1, &err), DG_OK);
    out->len--;
}

/* New reference (json_decref): enc's output for d, parsed; a key given
 * twice fails the test. */
static inline json_t *encode_json(const dg_dungeon *d, encoder enc)
{
    dg_buf b;
    encode(d, enc, &b);
    json_error_t je;
    json_t *j = json_loadb((const char *)b.data, b.len, JSON_REJECT_DUPLICATES, &je);
    cr_assert_not_null(j, "not JSON: %s at %d", je.text, je.position);
    dg_buf_fini(&b);
    return j;
}

/* Member k of object o, which must be an integer. */
static inline int json_int_of(json_t *o, const char *k)
{
    json_t *v = json_object_get(o, k);
    cr_assert(json_is_integer(v), "%s is not an integer", k);
    return (int)json_integer_value(v);
}

/* Member k of object o, which must be a string; borrowed from o. */
static inline const char *json_text_of(json_t *o, const char *k)
{
    json_t *v = json_object_get(o, k);
    cr_assert(json_is_string(v), "%s is not a string", k);
    return json_string_value(v);
}

/* New (free): the PNG data[0..len) as RGB, its size in *w and *h. */
static inline unsigned char *png_rgb(const unsigned char *data, size_t len, int *w, int *h)
{
    png_image pi;
    memset(&pi, 0, sizeof pi);
    pi.version = PNG_IMAGE_VERSION;
    cr_assert(png_image_begin_read_from_memory(&pi, data, len), "not a PNG: %s", pi.message);
    pi.format = PNG_FORMAT_RGB;
    unsigned char *rgb = malloc(PNG_IMAGE_SIZE(pi));
    cr_assert_not_null(rgb);
    cr_assert(png_image_finish_read(&pi, NULL, rgb, 0, NULL), "decode: %s", pi.message);
    *w = (int)pi.width;
    *h = (int)pi.height;
    return rgb;
}

/* The PNG in b, decoded. */
static inline img png_img(const dg_buf *b)
{
    img im;
    im.rgb = png_rgb(b->data, b->len, &im.w, &im.h);
    return im;
}

/* d's PNG (dg_png_encode), decoded. */
static inline img encode_img(const dg_dungeon *d)
{
    dg_buf b;
    encode(d, dg_png_encode, &b);
    img im = png_img(&b);
    dg_buf_fini(&b);
    return im;
}

#endif
