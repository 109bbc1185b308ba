// The C edge of Bezel's drawing: cairo (2D raster), Pango (text layout and shaping through
// HarfBuzz) and fontconfig (font discovery). Only BezelCairo imports this module.
#ifndef BEZEL_CCAIRO_SHIM_H
#define BEZEL_CCAIRO_SHIM_H

#include <cairo.h>
#include <pango/pangocairo.h>
#include <fontconfig/fontconfig.h>

// Function-like macros do not import into Swift: re-exported as functions.
static inline int bezel_pango_units_from_double(double d) { return pango_units_from_double(d); }
static inline double bezel_pango_units_to_double(int i) { return pango_units_to_double(i); }
static inline int bezel_pango_scale(void) { return PANGO_SCALE; }

#endif
