/* zip_write.c -- zip archives in memory through libzip (Debian's
 * libzip-dev), made reproducible: every entry carries one fixed DOS
 * timestamp (set as DOS time, not through localtime, so the time zone
 * cannot reach the bytes), Unix mode 0644 and the compression asked for;
 * entries keep the order they were added in. libzip memory stays in this
 * file. What goes into an archive is the encoders' business. */
#include <stdlib.h>
#include <string.h>
#include <zip.h>

#include "bundle_int.h"

/* 2024-01-01 00:00:00, as DOS date and time words */
#define DOS_DATE ((2024 - 1980) << 9 | 1 << 5 | 1)
#define DOS_TIME 0

struct dr__zip {
    zip_source_t *src; /* the archive's bytes, kept past zip_close */
    zip_t *za;
    /* Each entry's bytes, ours until the archive is written: libzip would
     * free them with free(), not through the allocator hook. */
    void **copies;
    size_t n_copies, cap_copies;
};

static void free_zip(dr__zip *z)
{
    for (size_t i = 0; i < z->n_copies; i++) dg__free(z->copies[i]);
    dg__free(z->copies);
    dg__free(z);
}

static dg_status zip_fail(dg_error *err, zip_error_t *ze, const char *what)
{
    dg_status code = zip_error_code_zip(ze) == ZIP_ER_MEMORY ? DG_ENOMEM : DG_EIO;
    return dg_error_set(err, code, "", "", "", "cannot %s the zip archive: %s", what, zip_error_strerror(ze));
}

dg_status dr__zip_new(dr__zip **out, dg_error *err)
{
    *out = NULL;
    dr__zip *z = dg__calloc(1, sizeof *z);
    if (!z) return dg__nomem(err, "writing the zip archive");
    zip_error_t ze;
    zip_error_init(&ze);
    z->src = zip_source_buffer_create(NULL, 0, 0, &ze);
    if (z->src) {
        z->za = zip_open_from_source(z->src, ZIP_TRUNCATE, &ze);
        if (!z->za) zip_source_free(z->src);
    }
    if (!z->src || !z->za) {
        dg_status rc = zip_fail(err, &ze, "start");
        zip_error_fini(&ze);
        dg__free(z);
        return rc;
    }
    zip_error_fini(&ze);
    zip_source_keep(z->src); /* so the bytes outlive zip_close */
    *out = z;
    return DG_OK;
}

dg_status dr__zip_add(dr__zip *z, const char *name, const void *p, size_t n, bool deflate, dg_error *err)
{
    void *copy = dg__malloc(n ? n : 1);
    if (!copy) return dg__nomem(err, "writing the zip archive");
    memcpy(copy, p, n);
    return dr__zip_add_take(z, name, copy, n, deflate, err);
}

dg_status dr__zip_add_take(dr__zip *z, const char *name, void *copy, size_t n, bool deflate, dg_error *err)
{
    dg_status rc = dg__grow((void **)&z->copies, &z->cap_copies, z->n_copies + 1, sizeof *z->copies,
                            "writing the zip archive", err);
    if (rc != DG_OK) {
        dg__free(copy);
        return rc;
    }
    z->copies[z->n_copies++] = copy;
    zip_source_t *s = zip_source_buffer(z->za, copy, n, 0);
    if (!s) return zip_fail(err, zip_get_error(z->za), "fill");
    zip_int64_t i = zip_file_add(z->za, name, s, ZIP_FL_ENC_UTF_8);
    if (i < 0) {
        zip_source_free(s);
        return zip_fail(err, zip_get_error(z->za), "fill");
    }
    zip_uint64_t idx = (zip_uint64_t)i;
    if (zip_set_file_compression(z->za, idx, deflate ? ZIP_CM_DEFLATE : ZIP_CM_STORE, deflate ? 6 : 0) ||
        zip_file_set_dostime(z->za, idx, DOS_TIME, DOS_DATE, 0) ||
        zip_file_set_external_attributes(z->za, idx, 0, ZIP_OPSYS_UNIX, 0100644u << 16))
        return zip_fail(err, zip_get_error(z->za), "fill");
    return DG_OK;
}

void dr__zip_discard(dr__zip *z)
{
    if (!z) return;
    zip_discard(z->za);
    zip_source_free(z->src);
    free_zip(z);
}

dg_status dr__zip_finish(dr__zip *z, dg_buf *out, dg_error *err)
{
    dg_status rc = DG_OK;
    if (zip_close(z->za) < 0) {
        rc = zip_fail(err, zip_get_error(z->za), "write");
        zip_discard(z->za);
        zip_source_free(z->src);
        free_zip(z);
        return rc;
    }
    zip_stat_t st;
    zip_stat_init(&st);
    if (zip_source_stat(z->src, &st) < 0 || zip_source_open(z->src) < 0) {
        rc = zip_fail(err, zip_source_error(z->src), "read back");
    } else {
        size_t start = out->len;
        rc = dr__buf_reserve(out, (size_t)st.size, err);
        zip_int64_t got = rc == DG_OK ? zip_source_read(z->src, out->data + start, st.size) : -1;
        if (rc == DG_OK && (got < 0 || (zip_uint64_t)got != st.size))
            rc = zip_fail(err, zip_source_error(z->src), "read back");
        if (rc == DG_OK) out->len = start + (size_t)st.size;
        zip_source_close(z->src);
    }
    zip_source_free(z->src);
    free_zip(z);
    return rc;
}
