// M4's floor (issue 17 item 3): the standard scene (design.md §5) drawn with cairo + Pango from
// C, no Swift and no Bezel, then its peak resident set size. The rendering stack design.md
// prescribes costs this much before any code of ours runs; `deploy/dev.sh bench` builds and runs
// it in the same run as `bezel-bench --rss-probe` and prints
//   RESULT M4_stack_floor_rss_kib=… anonymous_kib=… file_kib=…
// Font: the family the scene asks for, found through the system's fontconfig configuration.
// With --load-only it returns as soon as main runs: the dynamic loader has mapped and relocated
// cairo, Pango and their libraries, nothing else is done. That is the floor of a kiosk's start
// on this stack (issue 36 item 1), which `bezel-bench --start-up --floor THIS` times beside
// Bezel's own start to its first frame.
#include <cairo.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long status_field(const char *name) {
    FILE *file = fopen("/proc/self/status", "r");
    char line[256];
    long value = -1;
    if (!file) return -1;
    while (fgets(line, sizeof line, file))
        if (strncmp(line, name, strlen(name)) == 0) value = strtol(line + strlen(name), NULL, 10);
    fclose(file);
    return value;
}

static void rounded_rectangle(cairo_t *cr, double x, double y, double w, double h, double r) {
    const double quarter = 1.5707963267948966;
    cairo_new_path(cr);
    cairo_arc(cr, x + r, y + r, r, 2 * quarter, 3 * quarter);
    cairo_arc(cr, x + w - r, y + r, r, 3 * quarter, 4 * quarter);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, quarter);
    cairo_arc(cr, x + r, y + h - r, r, quarter, 2 * quarter);
    cairo_close_path(cr);
}

static void centred_text(cairo_t *cr, PangoLayout *layout, const char *text, double x, double y, double w, double h) {
    int width, height;
    pango_layout_set_text(layout, text, -1);
    pango_layout_get_pixel_size(layout, &width, &height);
    cairo_move_to(cr, x + (w - width) / 2, y + (h - height) / 2);
    pango_cairo_show_layout(cr, layout);
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--load-only") == 0) {
        // Referenced, so that the linker keeps the libraries (--as-needed drops unused ones).
        return cairo_version() > 0 && pango_version() > 0 ? 0 : 1;
    }
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 800, 480);
    cairo_t *cr = cairo_create(surface);
    PangoLayout *layout = pango_cairo_create_layout(cr);
    PangoFontDescription *title = pango_font_description_from_string("DejaVu Sans 28px");
    PangoFontDescription *label = pango_font_description_from_string("DejaVu Sans 18px");
    char text[16];

    cairo_set_source_rgb(cr, 0x20 / 255.0, 0x28 / 255.0, 0x30 / 255.0);
    cairo_paint(cr);
    cairo_set_source_rgb(cr, 0x2E / 255.0, 0x86 / 255.0, 0xDE / 255.0);
    cairo_rectangle(cr, 0, 0, 800, 60);
    cairo_fill(cr);
    pango_layout_set_font_description(layout, title);
    cairo_set_source_rgb(cr, 1, 1, 1);
    centred_text(cr, layout, "Kiosk", 0, 0, 800, 60);

    pango_layout_set_font_description(layout, label);
    for (int i = 0; i < 24; i++) {
        double x = 16 + (i % 6) * 132, y = 76 + (i / 6) * 92;
        rounded_rectangle(cr, x, y, 120, 80, 8);
        cairo_set_source_rgb(cr, 0x34 / 255.0, 0x49 / 255.0, 0x5E / 255.0);
        cairo_fill(cr);
        rounded_rectangle(cr, x + 0.5, y + 0.5, 119, 79, 7.5);
        cairo_set_source_rgba(cr, 1, 1, 1, 0.25);
        cairo_set_line_width(cr, 1);
        cairo_stroke(cr);
        snprintf(text, sizeof text, "Item %d", i + 1);
        cairo_set_source_rgb(cr, 1, 1, 1);
        centred_text(cr, layout, text, x, y, 120, 80);
    }
    // The slider's track, fill and knob; the switch's track and knob.
    rounded_rectangle(cr, 16, 450, 600, 4, 2);
    cairo_set_source_rgb(cr, 0.5, 0.5, 0.5);
    cairo_fill(cr);
    cairo_arc(cr, 16 + 0.4 * 600, 452, 12, 0, 6.283185307179586);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_fill(cr);
    rounded_rectangle(cr, 680, 432, 80, 40, 20);
    cairo_set_source_rgb(cr, 0.2, 0.78, 0.35);
    cairo_fill(cr);
    cairo_arc(cr, 740, 452, 18, 0, 6.283185307179586);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_fill(cr);
    cairo_surface_flush(surface);

    printf("RESULT M4_stack_floor_rss_kib=%ld anonymous_kib=%ld file_kib=%ld "
           "(the standard scene drawn once with cairo + Pango from C: no Swift, no Bezel)\n",
           status_field("VmHWM:"), status_field("RssAnon:"), status_field("RssFile:"));
    pango_font_description_free(label);
    pango_font_description_free(title);
    g_object_unref(layout);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return 0;
}
