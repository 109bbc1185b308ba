// The C edge of Bezel's drawing: cairo (2D raster), Pango (text layout and shaping through
// HarfBuzz) and fontconfig (font discovery). Only BezelCairo imports this module.
//
// Pango and GLib are declared here, the part Bezel calls, instead of included: their headers
// need pkg-config's -I flags, and glib's pkg-config also gives -pthread, a flag SwiftPM
// refuses for any package that depends on Bezel (a warning in each of its builds). The
// declarations are Pango 1.44+'s and GLib 2's stable ABI (Debian 12 ships Pango 1.50).
#ifndef BEZEL_CCAIRO_SHIM_H
#define BEZEL_CCAIRO_SHIM_H

#include <stdint.h>
#include <cairo/cairo.h>
#include <fontconfig/fontconfig.h>

// GLib
typedef int gboolean;
typedef unsigned short guint16;
typedef unsigned int guint32;
typedef guint32 GQuark;
typedef struct _GError { GQuark domain; int code; char *message; } GError;
void g_error_free(GError *error);
void g_object_unref(void *object);
void g_free(void *memory);

// Pango types
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoLayoutIter PangoLayoutIter;
typedef struct _PangoLayoutLine PangoLayoutLine;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct _PangoAttrList PangoAttrList;
typedef struct _PangoAttrClass PangoAttrClass;
typedef struct _PangoCairoFontMap PangoCairoFontMap;
typedef struct _PangoAttribute { const PangoAttrClass *klass; unsigned int start_index; unsigned int end_index; } PangoAttribute;
typedef struct _PangoRectangle { int x; int y; int width; int height; } PangoRectangle;

typedef enum { PANGO_WEIGHT_THIN = 100, PANGO_WEIGHT_NORMAL = 400, PANGO_WEIGHT_MEDIUM = 500,
               PANGO_WEIGHT_SEMIBOLD = 600, PANGO_WEIGHT_BOLD = 700, PANGO_WEIGHT_ULTRAHEAVY = 1000 } PangoWeight;
typedef enum { PANGO_ALIGN_LEFT, PANGO_ALIGN_CENTER, PANGO_ALIGN_RIGHT } PangoAlignment;
typedef enum { PANGO_WRAP_WORD, PANGO_WRAP_CHAR, PANGO_WRAP_WORD_CHAR } PangoWrapMode;
typedef enum { PANGO_ELLIPSIZE_NONE, PANGO_ELLIPSIZE_START, PANGO_ELLIPSIZE_MIDDLE, PANGO_ELLIPSIZE_END } PangoEllipsizeMode;
typedef enum { PANGO_UNDERLINE_NONE, PANGO_UNDERLINE_SINGLE, PANGO_UNDERLINE_DOUBLE, PANGO_UNDERLINE_LOW,
               PANGO_UNDERLINE_ERROR } PangoUnderline;

// Attributes
PangoAttribute *pango_attr_background_alpha_new(guint16 alpha);
PangoAttribute *pango_attr_background_new(guint16 red, guint16 green, guint16 blue);
PangoAttribute *pango_attr_family_new(const char *family);
PangoAttribute *pango_attr_foreground_alpha_new(guint16 alpha);
PangoAttribute *pango_attr_foreground_new(guint16 red, guint16 green, guint16 blue);
PangoAttribute *pango_attr_insert_hyphens_new(gboolean insert_hyphens);
PangoAttribute *pango_attr_letter_spacing_new(int letter_spacing);
PangoAttribute *pango_attr_rise_new(int rise);
PangoAttribute *pango_attr_size_new_absolute(int size);
PangoAttribute *pango_attr_strikethrough_color_new(guint16 red, guint16 green, guint16 blue);
PangoAttribute *pango_attr_strikethrough_new(gboolean strikethrough);
PangoAttribute *pango_attr_underline_color_new(guint16 red, guint16 green, guint16 blue);
PangoAttribute *pango_attr_underline_new(PangoUnderline underline);
PangoAttribute *pango_attr_weight_new(PangoWeight weight);
PangoAttrList *pango_attr_list_new(void);
void pango_attr_list_insert(PangoAttrList *list, PangoAttribute *attr);
void pango_attr_list_unref(PangoAttrList *list);

// Pango and cairo
PangoLayout *pango_cairo_create_layout(cairo_t *cr);
void pango_cairo_font_map_set_default(PangoCairoFontMap *fontmap);
void pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout);
void pango_cairo_update_layout(cairo_t *cr, PangoLayout *layout);
typedef struct _PangoContext PangoContext;
typedef struct _PangoMatrix { double xx; double xy; double yx; double yy; double x0; double y0; } PangoMatrix;
PangoContext *pango_layout_get_context(PangoLayout *layout);
const PangoMatrix *pango_context_get_matrix(PangoContext *context);

// Fonts
PangoFontDescription *pango_font_description_new(void);
void pango_font_description_free(PangoFontDescription *desc);
void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size);
void pango_font_description_set_family(PangoFontDescription *desc, const char *family);
void pango_font_description_set_weight(PangoFontDescription *desc, PangoWeight weight);

// Layouts
void pango_layout_get_cursor_pos(PangoLayout *layout, int index_, PangoRectangle *strong_pos, PangoRectangle *weak_pos);
void pango_layout_move_cursor_visually(PangoLayout *layout, gboolean strong, int old_index, int old_trailing, int direction, int *new_index, int *new_trailing);
PangoLayoutIter *pango_layout_get_iter(PangoLayout *layout);
PangoLayoutLine *pango_layout_iter_get_line_readonly(PangoLayoutIter *iter);
void pango_layout_line_get_x_ranges(PangoLayoutLine *line, int start_index, int end_index, int **ranges, int *n_ranges);
int pango_layout_get_line_count(PangoLayout *layout);
void pango_layout_get_pixel_size(PangoLayout *layout, int *width, int *height);
void pango_layout_get_pixel_extents(PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
void pango_layout_get_extents(PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
void pango_layout_iter_free(PangoLayoutIter *iter);
void pango_layout_iter_get_line_yrange(PangoLayoutIter *iter, int *y0_, int *y1_);
int pango_layout_iter_get_baseline(PangoLayoutIter *iter);
int pango_layout_get_baseline(PangoLayout *layout);
int pango_layout_get_unknown_glyphs_count(PangoLayout *layout);
// The language text is shaped for (from the locale): part of what a stored text image depends on.
typedef struct _PangoLanguage PangoLanguage;
PangoLanguage *pango_language_get_default(void);
const char *pango_language_to_string(PangoLanguage *language);
gboolean pango_layout_iter_next_line(PangoLayoutIter *iter);
void pango_layout_set_alignment(PangoLayout *layout, PangoAlignment alignment);
void pango_layout_set_justify(PangoLayout *layout, gboolean justify);
void pango_layout_set_attributes(PangoLayout *layout, PangoAttrList *attrs);
void pango_layout_set_ellipsize(PangoLayout *layout, PangoEllipsizeMode ellipsize);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc);
void pango_layout_set_height(PangoLayout *layout, int height);
void pango_layout_set_spacing(PangoLayout *layout, int spacing);
void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
void pango_layout_set_width(PangoLayout *layout, int width);
void pango_layout_set_wrap(PangoLayout *layout, PangoWrapMode wrap);
gboolean pango_layout_xy_to_index(PangoLayout *layout, int x, int y, int *index_, int *trailing);
int pango_units_from_double(double d);
double pango_units_to_double(int i);

// Pango's units: 1/1024 of a point (PANGO_SCALE).
static inline int bezel_pango_units_from_double(double d) { return pango_units_from_double(d); }
static inline double bezel_pango_units_to_double(int i) { return pango_units_to_double(i); }
static inline int bezel_pango_scale(void) { return 1024; }

// pixman, the rasterizer under cairo: Bezel blits its cached shapes with it directly (cairo's
// path, clip and compositor set-up cost ~20 K instructions a call; issue 17). Declared, not
// included: pixman.h includes <pixman-version.h> from a directory only pkg-config names.
// pixman 0.40+'s stable ABI (Debian 12 ships 0.42).
typedef struct pixman_image pixman_image_t;
typedef int pixman_bool_t;
typedef enum { PIXMAN_OP_SRC = 1, PIXMAN_OP_OVER = 3 } pixman_op_t;
// PIXMAN_FORMAT(32, PIXMAN_TYPE_ARGB, a, 8, 8, 8): cairo's ARGB32 and RGB24.
static const unsigned int bezel_pixman_a8r8g8b8 = 0x20028888;
static const unsigned int bezel_pixman_x8r8g8b8 = 0x20020888;
pixman_image_t *pixman_image_create_bits(unsigned int format, int width, int height, uint32_t *bits, int rowstride_bytes);
pixman_bool_t pixman_image_unref(pixman_image_t *image);
void pixman_image_composite32(pixman_op_t op, pixman_image_t *src, pixman_image_t *mask, pixman_image_t *dest,
                              int32_t src_x, int32_t src_y, int32_t mask_x, int32_t mask_y,
                              int32_t dest_x, int32_t dest_y, int32_t width, int32_t height);
pixman_bool_t pixman_fill(uint32_t *bits, int stride, int bpp, int x, int y, int width, int height, uint32_t filler);
// A solid colour source (pixman_color_t: 16-bit premultiplied channels).
typedef struct { uint16_t red, green, blue, alpha; } pixman_color_t;
pixman_image_t *pixman_image_create_solid_fill(const pixman_color_t *color);
// Regions (sets of boxes, kept in y-x bands): a background less what covers it.
typedef struct { int32_t x1, y1, x2, y2; } pixman_box32_t;
typedef struct { pixman_box32_t extents; void *data; } pixman_region32_t;
void pixman_region32_init_rect(pixman_region32_t *region, int x, int y, unsigned int width, unsigned int height);
pixman_bool_t pixman_region32_init_rects(pixman_region32_t *region, const pixman_box32_t *boxes, int count);
void pixman_region32_fini(pixman_region32_t *region);
pixman_bool_t pixman_region32_subtract(pixman_region32_t *reg_d, pixman_region32_t *reg_m, pixman_region32_t *reg_s);
pixman_box32_t *pixman_region32_rectangles(pixman_region32_t *region, int *n_rects);

// Copies `rows` rows of `bytes` bytes with non-temporal stores: the destination's cache lines
// are not read first (no read-for-ownership) nor kept, as for scanout memory, which the CPU
// writes and the display reads (on a Pi it is write-combined: never read back). x86's
// MOVNTDQ, AArch64's STNP, through clang's builtin; an unaligned head and the tail are plain
// stores. Ends with a store fence so the rows are visible before the commit that shows them.
// Measured: 34 rows of 3,200 bytes into a cold 4 MB buffer, 6.5 us against memcpy's 7.0-7.9
// (this machine, 2026-12-03; ScrollPlaneContent's copies).
typedef unsigned int bezel_v4u __attribute__((vector_size(16)));
static inline void bezel_copy_rows_streaming(uint8_t *to, long toStride, const uint8_t *from, long fromStride, long bytes, long rows) {
    for (long r = 0; r < rows; r++) {
        uint8_t *d = to + r * toStride;
        const uint8_t *s = from + r * fromStride;
        long n = bytes;
        while (((uintptr_t)d & 15) && n > 0) { *d++ = *s++; n--; }
        long i = 0;
        for (; i + 64 <= n; i += 64) {
            bezel_v4u a, b, c, e;
            __builtin_memcpy(&a, s + i, 16); __builtin_memcpy(&b, s + i + 16, 16);
            __builtin_memcpy(&c, s + i + 32, 16); __builtin_memcpy(&e, s + i + 48, 16);
            __builtin_nontemporal_store(a, (bezel_v4u *)(d + i)); __builtin_nontemporal_store(b, (bezel_v4u *)(d + i + 16));
            __builtin_nontemporal_store(c, (bezel_v4u *)(d + i + 32)); __builtin_nontemporal_store(e, (bezel_v4u *)(d + i + 48));
        }
        if (i < n) __builtin_memcpy(d + i, s + i, (size_t)(n - i));
    }
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

// cairo_surface_write_to_png_stream into a growing byte array the Swift side owns
// (ImageBuffer.pngData): the callback appends each piece cairo writes.
typedef void (*bezel_png_sink)(void *context, const unsigned char *data, unsigned int length);
struct bezel_png_writer { bezel_png_sink sink; void *context; };
static cairo_status_t bezel_png_write(void *closure, const unsigned char *data, unsigned int length) {
    struct bezel_png_writer *writer = closure;
    writer->sink(writer->context, data, length);
    return CAIRO_STATUS_SUCCESS;
}
static inline cairo_status_t bezel_write_png(cairo_surface_t *surface, bezel_png_sink sink, void *context) {
    struct bezel_png_writer writer = { sink, context };
    return cairo_surface_write_to_png_stream(surface, bezel_png_write, &writer);
}

#endif
