// libvips opened at run time (see include/CVips.h). Each function is found with dlsym into a
// pointer whose type is the one <vips/vips.h> declares (`__typeof__`), so the compiler checks
// every call against libvips' own header although nothing is linked; variadic functions are
// called through their pointers as they are directly.
#include "CVips.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vips/vips.h>

/// Every function of libvips (and of GLib, reached through libvips' handle) that Cellar calls.
#define CELLAR_VIPS_FUNCTIONS(X) \
    X(vips_init) X(vips_cache_set_max) X(vips_cache_set_max_mem) X(vips_concurrency_set) \
    X(vips_block_untrusted_set) X(vips_version_string) X(vips_error_buffer_copy) \
    X(vips_image_new_from_file) X(vips_foreign_find_load) X(vips_image_get_width) X(vips_image_get_height) \
    X(vips_image_get_page_height) X(vips_image_get_n_pages) X(vips_image_get_orientation_swap) \
    X(vips_thumbnail) X(vips_thumbnail_image) X(vips_image_copy_memory) X(vips_copy) X(vips_image_remove) \
    X(vips_image_get_fields) X(vips_jpegsave) X(vips_webpsave) X(vips_heifsave) X(vips_colourspace) \
    X(vips_extract_band) X(vips_avg) X(vips_image_get_typeof) X(vips_image_get_blob) X(vips_image_get_as_string) \
    X(g_object_unref) X(g_free) X(g_strfreev)

#define CELLAR_VIPS_POINTER(name) __typeof__(name) *name;
/// The functions found; written once, under `load_lock`, before `loaded` is set.
static struct { CELLAR_VIPS_FUNCTIONS(CELLAR_VIPS_POINTER) } lib;
#undef CELLAR_VIPS_POINTER

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int loaded;

char *cellar_vips_load(const char *library) {
    // Opened every time (dlopen counts references), so a name that cannot be opened always says
    // so; the functions are found once, from the first library that opens.
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *text = dlerror();
        return strdup(text ? text : library);
    }
    pthread_mutex_lock(&load_lock);
    char *problem = NULL;
    if (atomic_load(&loaded)) {
        dlclose(handle);
    } else {
        const char *missing = NULL;
#define CELLAR_VIPS_FIND(name) \
        if (!missing && !(lib.name = (__typeof__(name) *)dlsym(handle, #name))) missing = #name;
        CELLAR_VIPS_FUNCTIONS(CELLAR_VIPS_FIND)
#undef CELLAR_VIPS_FIND
        if (missing) {
            size_t size = strlen(library) + strlen(missing) + 64;
            problem = malloc(size);
            if (problem) snprintf(problem, size, "%s has no function %s (libvips 8.14 or later is needed)", library, missing);
            memset(&lib, 0, sizeof lib);
            dlclose(handle);
        } else {
            atomic_store(&loaded, 1);
        }
    }
    pthread_mutex_unlock(&load_lock);
    return problem;
}

int cellar_vips_is_loaded(void) { return atomic_load(&loaded); }

int cellar_vips_start(const char *program) {
    if (lib.vips_init(program)) return -1;
    lib.vips_cache_set_max(0);
    lib.vips_cache_set_max_mem(0);
    lib.vips_concurrency_set(1);
    lib.vips_block_untrusted_set(TRUE);
    return 0;
}

const char *cellar_vips_version(void) { return lib.vips_version_string(); }

char *cellar_vips_error(void) { return atomic_load(&loaded) ? lib.vips_error_buffer_copy() : NULL; }

VipsImage *cellar_vips_open(const char *path) {
    return lib.vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
}

const char *cellar_vips_loader(const char *path) { return lib.vips_foreign_find_load(path); }

int cellar_vips_width(VipsImage *image) { return lib.vips_image_get_width(image); }
int cellar_vips_height(VipsImage *image) { return lib.vips_image_get_height(image); }
int cellar_vips_page_height(VipsImage *image) { return lib.vips_image_get_page_height(image); }
int cellar_vips_pages(VipsImage *image) { return lib.vips_image_get_n_pages(image); }
int cellar_vips_orientation_swaps(VipsImage *image) { return lib.vips_image_get_orientation_swap(image); }

VipsImage *cellar_vips_thumbnail_file(const char *path, int width) {
    VipsImage *out = NULL;
    if (lib.vips_thumbnail(path, &out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
                           "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL)) return NULL;
    VipsImage *memory = lib.vips_image_copy_memory(out);
    lib.g_object_unref(out);
    return memory;
}

VipsImage *cellar_vips_thumbnail_image(VipsImage *image, int width) {
    VipsImage *out = NULL;
    if (lib.vips_thumbnail_image(image, &out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
                                 "no_rotate", TRUE, NULL)) return NULL;
    return out;
}

VipsImage *cellar_vips_copy(VipsImage *image) {
    VipsImage *out = NULL;
    if (lib.vips_copy(image, &out, NULL)) return NULL;
    return out;
}

VipsImage *cellar_vips_without_profile(VipsImage *image) {
    VipsImage *out = cellar_vips_copy(image);
    if (out) lib.vips_image_remove(out, VIPS_META_ICC_NAME);
    return out;
}

/// Whether `name` starts with `prefix`.
static int starts_with(const char *name, const char *prefix) { return strncmp(name, prefix, strlen(prefix)) == 0; }

VipsImage *cellar_vips_without_metadata(VipsImage *image) {
    VipsImage *out = cellar_vips_copy(image);
    if (!out) return NULL;
    char **names = lib.vips_image_get_fields(out);
    for (int i = 0; names && names[i]; i++) {
        if (starts_with(names[i], "exif-") || starts_with(names[i], "xmp-") || starts_with(names[i], "iptc-")
            || strcmp(names[i], VIPS_META_ORIENTATION) == 0) {
            lib.vips_image_remove(out, names[i]);
        }
    }
    lib.g_strfreev(names);
    return out;
}

int cellar_vips_save_jpeg(VipsImage *image, const char *path, int quality, int strip) {
    return lib.vips_jpegsave(image, path, "Q", quality, "strip", strip, "optimize_coding", TRUE, "interlace", TRUE, NULL);
}

int cellar_vips_save_webp(VipsImage *image, const char *path, int quality, int strip) {
    return lib.vips_webpsave(image, path, "Q", quality, "strip", strip, "effort", 2, NULL);
}

int cellar_vips_save_avif(VipsImage *image, const char *path, int quality, int strip, int effort) {
    return lib.vips_heifsave(image, path, "Q", quality, "strip", strip, "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1,
                             "effort", effort, NULL);
}

int cellar_vips_mean_colour(VipsImage *image, double *red, double *green, double *blue) {
    VipsImage *srgb = NULL;
    if (lib.vips_colourspace(image, &srgb, VIPS_INTERPRETATION_sRGB, NULL)) return -1;
    double *values[3] = {red, green, blue};
    for (int band = 0; band < 3; band++) {
        VipsImage *one = NULL;
        int which = band < srgb->Bands ? band : 0;
        if (lib.vips_extract_band(srgb, &one, which, NULL)) { lib.g_object_unref(srgb); return -1; }
        int failed = lib.vips_avg(one, values[band], NULL);
        lib.g_object_unref(one);
        if (failed) { lib.g_object_unref(srgb); return -1; }
    }
    lib.g_object_unref(srgb);
    return 0;
}

size_t cellar_vips_profile_size(VipsImage *image) {
    const void *data = NULL;
    size_t length = 0;
    if (!lib.vips_image_get_typeof(image, VIPS_META_ICC_NAME)) return 0;
    if (lib.vips_image_get_blob(image, VIPS_META_ICC_NAME, &data, &length)) return 0;
    return length;
}

char *cellar_vips_string(VipsImage *image, const char *name) {
    if (!lib.vips_image_get_typeof(image, name)) return NULL;
    char *text = NULL;
    if (lib.vips_image_get_as_string(image, name, &text)) return NULL;
    return text;
}

char **cellar_vips_field_names(VipsImage *image) { return lib.vips_image_get_fields(image); }

void cellar_vips_unref(VipsImage *image) { if (image) lib.g_object_unref(image); }
void cellar_vips_free(void *pointer) { lib.g_free(pointer); }
void cellar_vips_free_names(char **names) { lib.g_strfreev(names); }
