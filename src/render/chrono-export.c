/* chrono-export.c — the same renderer on an image or vector surface.
 *
 * Files are written through g_file_replace, so a failed export never leaves
 * half a picture in place of an older good one, and I/O errors arrive as
 * GErrors with their reason ("Permission denied") rather than a bare cairo
 * status. */
#include "chrono-export.h"
#include "chrono-output-file.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n-lib.h>
#include <math.h>

#define DEFAULT_WIDTH 1600

gboolean
chrono_export_format_from_path (const char *path, ChronoExportFormat *out)
{
  static const struct {
    const char *suffix;
    ChronoExportFormat format;
  } suffixes[] = { { ".png", CHRONO_EXPORT_PNG }, { ".svg", CHRONO_EXPORT_SVG }, { ".pdf", CHRONO_EXPORT_PDF } };
  g_return_val_if_fail (path != NULL, FALSE);
  g_autofree char *lower = g_ascii_strdown (path, -1);
  for (gsize i = 0; i < G_N_ELEMENTS (suffixes); i++)
    if (g_str_has_suffix (lower, suffixes[i].suffix))
      {
        if (out != NULL)
          *out = suffixes[i].format;
        return TRUE;
      }
  return FALSE;
}

/* The options an export really uses: with height <= 0 the picture grows to
 * hold every row (ruler + all lanes + legend) from the top. */
void
chrono_export_fit_options (ChronoRenderer *renderer, const ChronoRenderOptions *o, ChronoRenderOptions *out)
{
  g_return_if_fail (CHRONO_IS_RENDERER (renderer));
  g_return_if_fail (o != NULL && out != NULL);
  *out = *o;
  /* rows as tall as the range exported needs, before the height is known */
  chrono_layout_set_time_range (chrono_renderer_get_layout (renderer), o->begin, o->end);
  if (out->width <= 0)
    out->width = DEFAULT_WIDTH;
  if (out->height <= 0)
    {
      double lanes = chrono_layout_get_total_height (chrono_renderer_get_layout (renderer));
      out->height = MAX (out->ruler_height, 0) + (int) ceil (lanes) + MAX (out->legend_height, 0);
      out->height = MAX (out->height, 1);
      out->scroll_y = 0.0;
    }
}

typedef struct {
  ChronoOutputFile *file;
  GError *error; /* the first write error; later writes are refused */
} Sink;

static cairo_status_t
write_to_sink (void *closure, const unsigned char *data, unsigned int length)
{
  Sink *sink = closure;
  if (sink->error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (!chrono_output_file_write (sink->file, data, length, &sink->error))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

static cairo_surface_t *
create_surface (ChronoExportFormat format, const ChronoRenderOptions *o, Sink *sink, ChronoTrace *trace)
{
  cairo_surface_t *surface = NULL;
  switch (format)
    {
    case CHRONO_EXPORT_PNG:
      /* opaque: the renderer paints its own background, white or dark */
      return cairo_image_surface_create (CAIRO_FORMAT_RGB24, o->width, o->height);
    case CHRONO_EXPORT_SVG: surface = cairo_svg_surface_create_for_stream (write_to_sink, sink, o->width, o->height);
#if CAIRO_VERSION >= CAIRO_VERSION_ENCODE(1, 16, 0)
      /* the same size as the PNG in a browser, not 4/3 larger */
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
#endif
      return surface;
    case CHRONO_EXPORT_PDF: surface = cairo_pdf_surface_create_for_stream (write_to_sink, sink, o->width, o->height);
#if CAIRO_VERSION >= CAIRO_VERSION_ENCODE(1, 16, 0)
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Chronoscope");
      {
        const char *path = chrono_trace_get_path (trace);
        g_autofree char *title = path != NULL && *path != '\0' ? g_path_get_basename (path) : NULL;
        if (title != NULL)
          cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, title);
      }
#endif
      return surface;
    }
  g_return_val_if_reached (NULL);
}

/* Draws and, for PNG, encodes; the vector surfaces stream while finishing. */
static cairo_status_t
render_to_surface (ChronoRenderer *renderer, ChronoExportFormat format, const ChronoRenderOptions *o,
                   cairo_surface_t *surface, Sink *sink)
{
  cairo_t *cr = cairo_create (surface);
  chrono_renderer_draw (renderer, cr, o);
  if (o->overlays != NULL)
    chrono_renderer_draw_overlays (renderer, cr, o, o->overlays);
  cairo_status_t status = cairo_status (cr);
  cairo_destroy (cr);
  if (status == CAIRO_STATUS_SUCCESS && format == CHRONO_EXPORT_PNG)
    status = cairo_surface_write_to_png_stream (surface, write_to_sink, sink);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  return status;
}

static gboolean
check_size (ChronoExportFormat format, const ChronoRenderOptions *o, const char *path, GError **error)
{
  if (format != CHRONO_EXPORT_PNG
      || (o->width <= CHRONO_EXPORT_MAX_PNG_SIZE && o->height <= CHRONO_EXPORT_MAX_PNG_SIZE))
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
               _ ("Cannot export to “%s”: a PNG can be at most %d pixels wide and high, this picture is %d × %d; "
                  "export SVG or PDF, or show fewer lanes"),
               path, CHRONO_EXPORT_MAX_PNG_SIZE, o->width, o->height);
  return FALSE;
}

gboolean
chrono_export_to_file (ChronoRenderer *renderer, const ChronoRenderOptions *o, const char *path, GError **error)
{
  g_return_val_if_fail (CHRONO_IS_RENDERER (renderer), FALSE);
  g_return_val_if_fail (o != NULL && path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (o->end <= o->begin)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _ ("Cannot export to “%s”: the range to show is empty"), path);
      return FALSE;
    }
  ChronoExportFormat format;
  if (!chrono_export_format_from_path (path, &format))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _ ("Cannot export to “%s”: unknown file type (use a name ending in .png, .svg or .pdf)"), path);
      return FALSE;
    }
  ChronoRenderOptions fitted;
  chrono_export_fit_options (renderer, o, &fitted);
  if (!check_size (format, &fitted, path, error))
    return FALSE;

  /* written whole or not at all: a failed or killed export leaves no part of a picture */
  g_autoptr (ChronoOutputFile) file = chrono_output_file_new (path, error);
  if (file == NULL)
    return FALSE;
  Sink sink = { file, NULL };
  cairo_surface_t *surface = create_surface (format, &fitted, &sink, chrono_renderer_get_trace (renderer));
  cairo_status_t status = render_to_surface (renderer, format, &fitted, surface, &sink);
  cairo_surface_destroy (surface);

  if (sink.error != NULL || status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, sink.error != NULL ? sink.error->code : G_IO_ERROR_FAILED,
                   _ ("Cannot export to “%s”: %s"), path,
                   sink.error != NULL ? sink.error->message : cairo_status_to_string (status));
      g_clear_error (&sink.error);
      return FALSE;
    }
  return chrono_output_file_commit (g_steal_pointer (&file), error);
}
