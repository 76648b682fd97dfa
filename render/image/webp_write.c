/* webp_write.c -- the map image as lossless WebP (format=uvtt&image=webp),
 * through libwebp: the only file that includes it. Takes the canvas png.c
 * draws (palette role indices and the roles' colours) and leaves drawing
 * to png.c.
 *
 * Lossless and exact: every pixel decodes to the PNG's colour. The bytes
 * are libwebp's; libwebp picks its transforms by estimated cost, so another
 * libwebp release may write other bytes for the same pixels -- the pixels
 * are the promise (test_vtt decodes and compares them). */
#include <webp/encode.h>

#include "png_int.h"

dg_status dr__webp_write(unsigned char *const *rows, int width, int height, const uint32_t *rgb,
                         dg_buf *out, dg_error *err)
{
    WebPConfig config;
    WebPPicture pic;
    WebPMemoryWriter mem;
    /* level 1 of 0..9: within 1% of level 3's size at half its time, and a
     * third of level 0's size (measured on 37x27 maps at ppg 70) */
    if (!WebPConfigInit(&config) || !WebPConfigLosslessPreset(&config, 1) || !WebPPictureInit(&pic))
        return dg_error_set(err, DG_EIO, "", "", "", "libwebp refused its own settings");
    config.exact = 1;
    pic.use_argb = 1;
    pic.width = width;
    pic.height = height;
    /* the pixels go straight into libwebp's ARGB plane: no RGB copy first */
    if (!WebPPictureAlloc(&pic))
        return dg__nomem(err, "for the WebP image");
    for (int y = 0; y < height; y++) {
        uint32_t *p = pic.argb + (size_t)pic.argb_stride * (size_t)y;
        for (int x = 0; x < width; x++) p[x] = 0xff000000u | rgb[rows[y][x]];
    }
    WebPMemoryWriterInit(&mem);
    pic.writer = WebPMemoryWrite;
    pic.custom_ptr = &mem;
    dg_status rc = DG_OK;
    if (!WebPEncode(&config, &pic))
        /* either of libwebp's two out-of-memory codes is a 503, not a fault */
        rc = pic.error_code == VP8_ENC_ERROR_OUT_OF_MEMORY || pic.error_code == VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY
                 ? dg__nomem(err, "encoding WebP")
                 : dg_error_set(err, DG_EIO, "", "", "", "libwebp could not encode the image (error %d)",
                                (int)pic.error_code);
    if (rc == DG_OK) rc = dg_buf_append(out, mem.mem, mem.size, err);
    WebPPictureFree(&pic);
    WebPMemoryWriterClear(&mem);
    return rc;
}
