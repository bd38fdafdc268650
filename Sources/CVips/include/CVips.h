// libvips (Debian libvips42 at run time, libvips-dev to build) for CellarImages, the only module
// that imports this one. libvips is not linked: CVips.c opens it with dlopen the first time an
// image must be processed (`cellar_vips_load`), so a site without photos never maps it and the
// ~100 libraries it brings. The varargs API cannot be called from Swift: each call Cellar makes is
// a small function with fixed arguments, calling libvips through the pointers the loader found.
// Every function below but the loader's own needs `cellar_vips_load` to have succeeded.
#ifndef CELLAR_CVIPS_H
#define CELLAR_CVIPS_H
#include <stddef.h>

/// The library opened at run time: its versioned name, as the runtime package installs it.
/// (macOS, never run here: dlopen's fallback path has /usr/local/lib, Intel Homebrew's folder,
/// but not /opt/homebrew/lib, Apple silicon's.)
#ifdef __APPLE__
#define CELLAR_VIPS_LIBRARY "libvips.42.dylib"
#else
#define CELLAR_VIPS_LIBRARY "libvips.so.42"
#endif

/// An image of libvips, opaque here (CVips.c sees libvips' own definition).
typedef struct _VipsImage VipsImage;

/// Opens `library` and, the first time one opens, finds every function Cellar calls in it; safe
/// from several threads. NULL when it opened, else why not (dlerror's text, or the function
/// missing), which the caller frees with `free`. A failure changes nothing: a library already
/// loaded stays loaded. It does not start libvips: `cellar_vips_start` does.
char *cellar_vips_load(const char *library);
/// Whether `cellar_vips_load` has succeeded in this process.
int cellar_vips_is_loaded(void);
/// vips_init and Cellar's settings: no operation cache (each image is read once), one thread per
/// image (the build runs one image per core), the loaders libvips marks untrusted blocked.
/// 0 on success. Call once, after `cellar_vips_load`.
int cellar_vips_start(const char *program);
/// libvips' version, `8.14.1`.
const char *cellar_vips_version(void);

/// libvips' error text since the last call, which is cleared; free it with `cellar_vips_free`.
/// NULL when it has none, or is not loaded.
char *cellar_vips_error(void);

/// Opens the header only (decoding happens when pixels are asked for); truncated data fails then.
VipsImage *cellar_vips_open(const char *path);
/// The class name of the loader that reads `path` (`VipsForeignLoadJpegFile`), or NULL.
const char *cellar_vips_loader(const char *path);

int cellar_vips_width(VipsImage *image);
int cellar_vips_height(VipsImage *image);
/// The height of one page of a multi-page image (0 or the height when there is one page).
int cellar_vips_page_height(VipsImage *image);
int cellar_vips_pages(VipsImage *image);
/// Whether the EXIF orientation turns the image a quarter (width and height swap).
int cellar_vips_orientation_swaps(VipsImage *image);

/// Decodes `path` shrunk to at most `width` pixels wide (never enlarged), turned upright by its
/// EXIF orientation, into memory.
VipsImage *cellar_vips_thumbnail_file(const char *path, int width);
/// `image` (already upright) shrunk to at most `width` pixels wide.
VipsImage *cellar_vips_thumbnail_image(VipsImage *image, int width);
/// A new reference to `image` (a copy of its header, sharing its pixels).
VipsImage *cellar_vips_copy(VipsImage *image);
/// `image` without its ICC profile (a profile over the limit is not trusted).
VipsImage *cellar_vips_without_profile(VipsImage *image);
/// A copy of `image` without EXIF, XMP and IPTC metadata (libvips 8.14's savers keep EXIF even
/// when told to strip). The ICC profile stays: the colours depend on it.
VipsImage *cellar_vips_without_metadata(VipsImage *image);

int cellar_vips_save_jpeg(VipsImage *image, const char *path, int quality, int strip);
int cellar_vips_save_webp(VipsImage *image, const char *path, int quality, int strip);
int cellar_vips_save_avif(VipsImage *image, const char *path, int quality, int strip, int effort);

/// The mean of each of the first three bands in sRGB (a 1-band image repeats its one).
int cellar_vips_mean_colour(VipsImage *image, double *red, double *green, double *blue);
/// The ICC profile's size in bytes (0: none).
size_t cellar_vips_profile_size(VipsImage *image);
/// A metadata string (`exif-ifd0-Make`), or NULL; the caller frees it with `cellar_vips_free`.
char *cellar_vips_string(VipsImage *image, const char *name);
/// The names of every metadata field, NULL-terminated; free with `cellar_vips_free_names`.
char **cellar_vips_field_names(VipsImage *image);

void cellar_vips_unref(VipsImage *image);
void cellar_vips_free(void *pointer);
void cellar_vips_free_names(char **names);

#endif
