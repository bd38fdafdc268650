// libvips (Debian libvips-dev) for CellarImages, the only module that imports it. The varargs API
// cannot be called from Swift: each call Cellar makes is a small function with fixed arguments.
#ifndef CELLAR_CVIPS_SHIM_H
#define CELLAR_CVIPS_SHIM_H
#include <vips/vips.h>

/// Opens the header only (decoding happens when pixels are asked for); truncated data fails then.
static inline VipsImage *cellar_vips_open(const char *path) {
    return vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
}

/// Decodes `path` shrunk to at most `width` pixels wide (never enlarged), turned upright by its
/// EXIF orientation, into memory.
static inline VipsImage *cellar_vips_thumbnail_file(const char *path, int width) {
    VipsImage *out = NULL;
    if (vips_thumbnail(path, &out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
                       "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL)) return NULL;
    VipsImage *memory = vips_image_copy_memory(out);
    g_object_unref(out);
    return memory;
}

/// `image` (already upright) shrunk to at most `width` pixels wide.
static inline VipsImage *cellar_vips_thumbnail_image(VipsImage *image, int width) {
    VipsImage *out = NULL;
    if (vips_thumbnail_image(image, &out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
                             "no_rotate", TRUE, NULL)) return NULL;
    return out;
}

/// A new reference to `image` (a copy of its header, sharing its pixels).
static inline VipsImage *cellar_vips_copy(VipsImage *image) {
    VipsImage *out = NULL;
    if (vips_copy(image, &out, NULL)) return NULL;
    return out;
}

/// `image` without its ICC profile (a profile over the limit is not trusted).
static inline VipsImage *cellar_vips_without_profile(VipsImage *image) {
    VipsImage *out = NULL;
    if (vips_copy(image, &out, NULL)) return NULL;
    vips_image_remove(out, VIPS_META_ICC_NAME);
    return out;
}

/// A copy of `image` without EXIF, XMP and IPTC metadata (libvips 8.14's savers keep EXIF even when told
/// to strip). The ICC profile stays: the colours depend on it.
static inline VipsImage *cellar_vips_without_metadata(VipsImage *image) {
    VipsImage *out = NULL;
    if (vips_copy(image, &out, NULL)) return NULL;
    char **names = vips_image_get_fields(out);
    for (int i = 0; names && names[i]; i++) {
        if (g_str_has_prefix(names[i], "exif-") || g_str_has_prefix(names[i], "xmp-") || g_str_has_prefix(names[i], "iptc-")
            || g_str_equal(names[i], VIPS_META_ORIENTATION)) {
            vips_image_remove(out, names[i]);
        }
    }
    g_strfreev(names);
    return out;
}

static inline int cellar_vips_save_jpeg(VipsImage *image, const char *path, int quality, int strip) {
    return vips_jpegsave(image, path, "Q", quality, "strip", strip, "optimize_coding", TRUE, "interlace", TRUE, NULL);
}

static inline int cellar_vips_save_webp(VipsImage *image, const char *path, int quality, int strip) {
    return vips_webpsave(image, path, "Q", quality, "strip", strip, "effort", 2, NULL);
}

static inline int cellar_vips_save_avif(VipsImage *image, const char *path, int quality, int strip, int effort) {
    return vips_heifsave(image, path, "Q", quality, "strip", strip, "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1,
                         "effort", effort, NULL);
}

/// The mean of each of the first three bands in sRGB (a 1-band image repeats its one).
static inline int cellar_vips_mean_colour(VipsImage *image, double *red, double *green, double *blue) {
    VipsImage *srgb = NULL;
    if (vips_colourspace(image, &srgb, VIPS_INTERPRETATION_sRGB, NULL)) return -1;
    double *values[3] = {red, green, blue};
    for (int band = 0; band < 3; band++) {
        VipsImage *one = NULL;
        int which = band < srgb->Bands ? band : 0;
        if (vips_extract_band(srgb, &one, which, NULL)) { g_object_unref(srgb); return -1; }
        int failed = vips_avg(one, values[band], NULL);
        g_object_unref(one);
        if (failed) { g_object_unref(srgb); return -1; }
    }
    g_object_unref(srgb);
    return 0;
}

/// The ICC profile's size in bytes (0: none).
static inline size_t cellar_vips_profile_size(VipsImage *image) {
    const void *data = NULL;
    size_t length = 0;
    if (!vips_image_get_typeof(image, VIPS_META_ICC_NAME)) return 0;
    if (vips_image_get_blob(image, VIPS_META_ICC_NAME, &data, &length)) return 0;
    return length;
}

/// A metadata string (`exif-ifd0-Make`), or NULL; the caller frees it with g_free.
static inline char *cellar_vips_string(VipsImage *image, const char *name) {
    if (!vips_image_get_typeof(image, name)) return NULL;
    char *text = NULL;
    if (vips_image_get_as_string(image, name, &text)) return NULL;
    return text;
}

static inline void cellar_vips_unref(VipsImage *image) { if (image) g_object_unref(image); }
static inline void cellar_vips_free(void *pointer) { g_free(pointer); }

/// The names of every metadata field, NULL-terminated; free with g_strfreev.
static inline char **cellar_vips_field_names(VipsImage *image) { return vips_image_get_fields(image); }
static inline void cellar_vips_free_names(char **names) { g_strfreev(names); }

#endif
