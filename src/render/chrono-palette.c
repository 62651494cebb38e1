/* chrono-palette.c — two themes and a name → colour hash.  The state
 * colours come from the model's state table (chrono-state.c), so a format
 * that adds a state brings its colours along. */
#include "chrono-palette.h"

#define HEX(v)                                                                 \
  {                                                                            \
    ((v) >> 16 & 0xff) / 255.0, ((v) >> 8 & 0xff) / 255.0, ((v) &0xff) / 255.0 \
  }

static ChronoPalette light_palette = {
  .dark = FALSE,
  .background = HEX (0xffffff),
  .alternate_row = HEX (0xf4f6f8),
  .heading = HEX (0xe4e8ee),
  .label_background = HEX (0xf8f9fa),
  .chrome = HEX (0xeef0f3),
  .separator = HEX (0xc3c9d1),
  .grid = HEX (0xe2e5e9),
  .text = HEX (0x1f2328),
  .dim_text = HEX (0x67707b),
  .mark = HEX (0x464c55),
  .signal_line = HEX (0x2b6cb0),
  .signal_mean = HEX (0xc05a00),
  .references = { HEX (0x1f5fbf), HEX (0xc8321e), HEX (0x23913a), HEX (0x6b7280) },
};

static ChronoPalette dark_palette = {
  .dark = TRUE,
  .background = HEX (0x1d1f23),
  .alternate_row = HEX (0x23262b),
  .heading = HEX (0x2d3138),
  .label_background = HEX (0x202327),
  .chrome = HEX (0x272a30),
  .separator = HEX (0x40454d),
  .grid = HEX (0x30343a),
  .text = HEX (0xe3e6ea),
  .dim_text = HEX (0x9aa1ab),
  .mark = HEX (0xc8ccd2),
  .signal_line = HEX (0x6aa8f0),
  .signal_mean = HEX (0xffa64d),
  .references = { HEX (0x5b9bff), HEX (0xff6a4d), HEX (0x4fd46a), HEX (0xa3a9b3) },
};

static void
rgb_from_hex (guint32 hex, ChronoRgb *out)
{
  out->red = (hex >> 16 & 0xff) / 255.0;
  out->green = (hex >> 8 & 0xff) / 255.0;
  out->blue = (hex & 0xff) / 255.0;
}

const ChronoPalette *
chrono_palette_get (gboolean dark)
{
  static gsize filled = 0;
  if (g_once_init_enter (&filled))
    {
      for (guint s = 0; s < CHRONO_N_STATES; s++)
        {
          rgb_from_hex (chrono_state_get_rgb (s, FALSE), &light_palette.states[s]);
          rgb_from_hex (chrono_state_get_rgb (s, TRUE), &dark_palette.states[s]);
        }
      g_once_init_leave (&filled, 1);
    }
  return dark ? &dark_palette : &light_palette;
}

/* A 32-bit finaliser: g_str_hash alone gives "TASK_1" and "TASK_2" nearby
 * values, and nearby hues would make neighbouring processes look alike. */
static guint32
mix_bits (guint32 h)
{
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}

static double
hue_to_channel (double p, double q, double t)
{
  if (t < 0.0)
    t += 1.0;
  if (t > 1.0)
    t -= 1.0;
  if (t < 1.0 / 6.0)
    return p + (q - p) * 6.0 * t;
  if (t < 0.5)
    return q;
  if (t < 2.0 / 3.0)
    return p + (q - p) * (2.0 / 3.0 - t) * 6.0;
  return p;
}

void
chrono_rgb_from_hsl (double h, double s, double l, ChronoRgb *out)
{
  double q = l < 0.5 ? l * (1.0 + s) : l + s - l * s;
  double p = 2.0 * l - q;
  out->red = hue_to_channel (p, q, h + 1.0 / 3.0);
  out->green = hue_to_channel (p, q, h);
  out->blue = hue_to_channel (p, q, h - 1.0 / 3.0);
}

/* The same name gets the same colour in every picture and every run. */
void
chrono_palette_get_name_color (const ChronoPalette *palette, const char *name, ChronoRgb *out)
{
  guint32 h = mix_bits (g_str_hash (name ? name : ""));
  double hue = (h % 3600u) / 3600.0;
  double saturation = 0.45 + ((h >> 12) % 20u) / 100.0;
  double lightness = (palette->dark ? 0.42 : 0.62) + ((h >> 20) % 12u) / 100.0;
  chrono_rgb_from_hsl (hue, saturation, lightness, out);
}

/* Back-filled spans are faded towards the background so they read as "assumed". */
void
chrono_palette_get_inferred_color (const ChronoPalette *palette, const ChronoRgb *color, ChronoRgb *out)
{
  chrono_rgb_mix (color, &palette->background, 0.55, out);
}

static double
relative_luminance (const ChronoRgb *c)
{
  return 0.2126 * c->red + 0.7152 * c->green + 0.0722 * c->blue;
}

/* Black or white text, whichever reads better on the fill. */
void
chrono_palette_get_text_on (const ChronoRgb *fill, ChronoRgb *out)
{
  double v = relative_luminance (fill) > 0.55 ? 0.10 : 1.0;
  *out = (ChronoRgb){ v, v, v };
}

void
chrono_rgb_mix (const ChronoRgb *a, const ChronoRgb *b, double amount_of_b, ChronoRgb *out)
{
  double k = CLAMP (amount_of_b, 0.0, 1.0);
  *out = (ChronoRgb){ a->red + (b->red - a->red) * k, a->green + (b->green - a->green) * k,
                      a->blue + (b->blue - a->blue) * k };
}

void
chrono_rgb_set_source (cairo_t *cr, const ChronoRgb *color)
{
  cairo_set_source_rgb (cr, color->red, color->green, color->blue);
}

void
chrono_rgb_set_source_alpha (cairo_t *cr, const ChronoRgb *color, double alpha)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, alpha);
}
