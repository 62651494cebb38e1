/* chrono-cli-export.c — `chronoscope-cli export`: the timeline of one
 * trace or several as PNG, SVG or PDF, drawn by the viewer's renderer with
 * the viewer's overlays (markers, a saved view, requirement marks, a chain's
 * path, the critical path). */
#include "chrono-config.h"

#include <glib/gi18n.h>

#include "chrono-cli-args.h"
#include "chrono-cli-commands.h"
#include "chrono-cli-requirements.h"
#include "chrono-critical-path.h"
#include "chrono-export.h"
#include "chrono-layout.h"
#include "chrono-output-file.h"
#include "chrono-renderer.h"
#include "chrono-view-state.h"
#include "chrono-viewport.h"

static struct {
  char *output, *range, *size, *marker_a, *marker_b, *align, *view;
  char **shifts;
  gboolean dark, critical, with_name, force, no_arrows;
  char *label_by, *requirements, *chain_path, *arrows;
} given;

const GOptionEntry chrono_cli_export_options[] = {
  { "no-arrows", 0, 0, G_OPTION_ARG_NONE, &given.no_arrows, N_ ("Draw no arrows (messages, dependencies)"), NULL },
  { "arrows", 0, 0, G_OPTION_ARG_STRING, &given.arrows,
    N_ ("Draw only the messages (OTF2) of this communicator, tag and least size"),
    N_ ("communicator=NAME,tag=N,min-bytes=N") },
  { "requirements", 0, 0, G_OPTION_ARG_FILENAME, &given.requirements,
    N_ ("Mark every violation of the timing requirements in REQ on its lane"), N_ ("REQ") },
  { "chain-path", 0, 0, G_OPTION_ARG_STRING, &given.chain_path,
    N_ ("Draw the path of an instance of a chain REQ defines: the worst (default) or the Nth measured, by "
        "latency (default) or data_age; without --range the picture spans it"),
    N_ ("NAME[:MEASURE][@worst|@N]") },
  { "label-by", 0, 0, G_OPTION_ARG_STRING, &given.label_by, N_ ("TRACE: attribute whose value labels claims"),
    N_ ("KEY") },
  { "critical-path", 0, 0, G_OPTION_ARG_NONE, &given.critical, N_ ("TRACE: outline the critical path"), NULL },
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &given.output, N_ ("Picture to write: .png, .svg or .pdf"), N_ ("OUT") },
  { "force", 0, 0, G_OPTION_ARG_NONE, &given.force, N_ ("Replace OUT when it exists"), NULL },
  { "range", 0, 0, G_OPTION_ARG_STRING, &given.range, N_ ("Time range from the trace start, e.g. 10ms..30ms"),
    N_ ("BEGIN..END") },
  { "size", 0, 0, G_OPTION_ARG_STRING, &given.size, N_ ("Picture size in pixels (height 0: fit all lanes)"),
    N_ ("WxH") },
  { "dark", 0, 0, G_OPTION_ARG_NONE, &given.dark, N_ ("Dark colours"), NULL },
  { "name", 0, 0, G_OPTION_ARG_NONE, &given.with_name, N_ ("The trace's file name in the picture's corner"), NULL },
  { "marker-a", 0, 0, G_OPTION_ARG_STRING, &given.marker_a,
    N_ ("Marker A at this time from the trace start, e.g. 12ms"), N_ ("TIME") },
  { "marker-b", 0, 0, G_OPTION_ARG_STRING, &given.marker_b, N_ ("Marker B at this time from the trace start"),
    N_ ("TIME") },
  { "align", 0, 0, G_OPTION_ARG_STRING, &given.align,
    N_ ("Several traces: line them up by their starts (default), their wall clocks, or their timestamps as they "
        "are (one clock)"),
    N_ ("start|wallclock|timestamps") },
  { "shift", 0, 0, G_OPTION_ARG_STRING_ARRAY, &given.shifts,
    N_ ("Several traces: move trace N (2, 3, …) by TIME of the first trace's clock (repeatable)"), N_ ("N=TIME") },
  { "view", 0, 0, G_OPTION_ARG_FILENAME, &given.view,
    N_ ("A view saved by the viewer (TRACE.chronoscope.json): its range, markers, hidden and folded lanes, "
        "bookmarks and notes; --range and --marker-a/b still win"),
    N_ ("FILE") },
  { NULL },
};

/* A lazily read trace exports what the viewer would show: the chunks of the
 * range in detail when they fit the memory budget, the summaries otherwise. */
static gboolean
decode_visible_chunks (ChronoTrace *trace, const ChronoRenderOptions *o, GError **error)
{
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (trace);
  if (cache == NULL)
    return TRUE;
  g_autoptr (GArray) chunks = chrono_trace_find_chunks (trace, o->begin, o->end);
  if (chunks->len > chrono_chunk_cache_get_capacity (cache))
    return TRUE;
  for (guint i = 0; i < chunks->len; i++)
    if (chrono_chunk_cache_decode (cache, g_array_index (chunks, guint, i), error) == NULL)
      return FALSE;
  return TRUE;
}

/* Several traces on the first one's clock: aligned by their starts or
 * wall clocks, then each moved by its --shift. */
static ChronoTraceSet *
make_trace_set (GPtrArray *traces, const char *align, char **shifts, GError **error)
{
  ChronoAlignment alignment = CHRONO_ALIGN_START;
  if (align != NULL && g_str_equal (align, "wallclock"))
    alignment = CHRONO_ALIGN_WALL_CLOCK;
  else if (align != NULL && g_str_equal (align, "timestamps"))
    alignment = CHRONO_ALIGN_TIMESTAMPS;
  else if (align != NULL && !g_str_equal (align, "start"))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _ ("--align takes start, wallclock or timestamps"));
      return NULL;
    }
  g_autoptr (ChronoTraceSet) set = chrono_trace_set_new (g_ptr_array_index (traces, 0));
  for (guint i = 1; i < traces->len; i++)
    if (!chrono_trace_set_add (set, g_ptr_array_index (traces, i), alignment, error))
      return NULL;
  for (guint k = 0; shifts != NULL && shifts[k] != NULL; k++)
    {
      guint index;
      gint64 ticks;
      if (!chrono_cli_parse_shift (shifts[k], g_ptr_array_index (traces, 0), &index, &ticks, error))
        return NULL;
      if (index > traces->len)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _ ("shift “%s”: there are only %u traces"),
                       shifts[k], traces->len);
          return NULL;
        }
      if (!chrono_trace_set_set_shift (set, index - 1, ticks))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _ ("shift “%s” moves the trace past the times the clock can count"), shifts[k]);
          return NULL;
        }
    }
  return g_steal_pointer (&set);
}

static int
export_failed (GError *error)
{
  g_printerr ("chronoscope-cli export: %s\n", error->message);
  return CHRONO_CLI_EXIT_FAILED;
}

/* The marks of a requirements file on the first trace, read whole. */
static gboolean
export_marks (ChronoTrace *trace, guint n_traces, const char *path, const char *chain_path, ChronoCliMarks *marks,
              GError **error)
{
  if (n_traces > 1)
    {
      g_set_error_literal (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                           _ ("--requirements marks one trace; give one file"));
      return FALSE;
    }
  if (chrono_trace_is_lazy (trace))
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                   _ ("%s: read lazily, requirements cannot be checked (--lazy=never reads it whole)"),
                   chrono_trace_get_path (trace));
      return FALSE;
    }
  g_autofree char *text = NULL;
  if (!g_file_get_contents (path, &text, NULL, error))
    return FALSE;
  return chrono_cli_marks_compute (trace, path, text, chain_path, marks, error);
}

/* The names of the traces shown, as the window's title gives them (told apart when their files share a name). */
static char *
export_title (GPtrArray *traces, ChronoTraceSet *set)
{
  g_autoptr (GString) title = g_string_new (NULL);
  for (guint i = 0; i < traces->len; i++)
    {
      g_autofree char *name = set != NULL ? chrono_trace_set_dup_name (set, i)
                                          : g_path_get_basename (chrono_trace_get_path (g_ptr_array_index (traces, i)));
      g_autofree char *valid = chrono_utf8_dup (name);
      if (i > 0)
        g_string_append (title, " + ");
      g_string_append (title, valid);
    }
  return g_string_free (g_steal_pointer (&title), FALSE);
}

/* The picture's name is checked, and the rule for outputs, before anything is read. */
static gboolean
output_allowed (const char *output, int argc, char **argv)
{
  ChronoExportFormat format;
  if (!chrono_export_format_from_path (output, &format))
    {
      g_printerr ("chronoscope-cli export: %s\n", _ ("the output must end in .png, .svg or .pdf"));
      return FALSE;
    }
  for (int i = 1; i < argc; i++)
    {
      const char *one[] = { argv[i], NULL };
      if (chrono_output_file_is_any_of (output, one))
        {
          g_printerr (
              _ ("chronoscope-cli export: %s is the trace being read (%s); the picture needs a name of its own\n"),
              output, argv[i]);
          return FALSE;
        }
    }
  return chrono_cli_check_output ("export", output, given.force);
}

/* Every trace given, or NULL when one cannot be read. */
static GPtrArray *
load_traces (int argc, char **argv)
{
  g_autoptr (GPtrArray) traces = g_ptr_array_new_with_free_func (g_object_unref);
  for (int i = 1; i < argc; i++)
    {
      ChronoTrace *trace = chrono_cli_load (argv[i]);
      if (trace == NULL)
        return NULL;
      g_ptr_array_add (traces, trace);
    }
  return g_steal_pointer (&traces);
}

/* The saved view's range, markers and notes. */
static void
apply_view (ChronoViewState *state, ChronoTrace *trace, ChronoRenderOptions *options, ChronoRenderOverlays *overlays)
{
  g_autofree char *mismatch = chrono_view_state_check_trace (state, trace);
  if (mismatch != NULL)
    g_printerr ("chronoscope-cli export: %s: %s\n", given.view, mismatch);
  /* the viewer's viewport takes the view, so range and markers are held to the trace as they are there */
  g_autoptr (ChronoViewport) viewport = chrono_viewport_new (options->begin, options->end);
  chrono_viewport_apply_view_state (viewport, state);
  options->begin = chrono_viewport_get_begin (viewport);
  options->end = chrono_viewport_get_end (viewport);
  options->origin = chrono_viewport_get_origin (viewport);
  overlays->has_marker_a = chrono_viewport_get_marker (viewport, CHRONO_MARKER_A, &overlays->marker_a);
  overlays->has_marker_b = chrono_viewport_get_marker (viewport, CHRONO_MARKER_B, &overlays->marker_b);
  overlays->annotations = state;
}

/* --view FILE read, or NULL with error (or with the message said, error
 * unset, when the picture would overwrite it). */
static ChronoViewState *
load_view (GError **error)
{
  const char *inputs[] = { given.view, NULL };
  if (chrono_output_file_is_any_of (given.output, inputs))
    {
      g_printerr (_ ("chronoscope-cli export: %s is the view being read; the picture needs a name of its own\n"),
                  given.output);
      return NULL;
    }
  return chrono_view_state_load (given.view, error);
}

/* The requirements' marks and the chain's path; without --range the
 * picture spans the path, with room around it and for its label. */
static gboolean
apply_marks (ChronoTrace *trace, guint n_traces, ChronoCliMarks *marks, ChronoRenderOptions *options,
             ChronoRenderOverlays *overlays, GError **error)
{
  if (given.chain_path != NULL && given.requirements == NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _ ("--chain-path names a chain of the --requirements file"));
      return FALSE;
    }
  if (given.requirements != NULL && !export_marks (trace, n_traces, given.requirements, given.chain_path, marks, error))
    return FALSE;
  if (marks->ranges != NULL)
    {
      overlays->ranges = (const ChronoRenderRange *) marks->ranges->data;
      overlays->n_ranges = marks->ranges->len;
      overlays->path = (const ChronoRenderPathStep *) marks->steps->data;
      overlays->n_path = marks->steps->len;
      overlays->path_label = marks->label;
    }
  if (overlays->n_path > 0 && given.range == NULL)
    {
      /* as the viewer shows it */
      gint64 margin = MAX ((gint64) ((double) (marks->path_end - marks->path_begin) * 0.15), 1);
      options->begin = marks->path_begin - margin;
      options->end = marks->path_end + 3 * margin;
    }
  return TRUE;
}

/* --range and the markers, which win over a view's. */
static gboolean
apply_times (ChronoTrace *trace, ChronoRenderOptions *options, ChronoRenderOverlays *overlays, GError **error)
{
  return (given.range == NULL
          || chrono_cli_parse_range_from (given.range, trace, options->origin, &options->begin, &options->end, error))
         && chrono_cli_parse_marker_from (given.marker_a, trace, options->origin, &overlays->has_marker_a,
                                          &overlays->marker_a, error)
         && chrono_cli_parse_marker_from (given.marker_b, trace, options->origin, &overlays->has_marker_b,
                                          &overlays->marker_b, error);
}

/* The view's hidden and folded lanes; those the trace lacks are said and skipped. */
static void
apply_view_lanes (ChronoLayout *layout, ChronoViewState *state)
{
  g_autoptr (GPtrArray) unknown = g_ptr_array_new_with_free_func (g_free);
  chrono_layout_apply_view_state (layout, state, unknown);
  for (guint i = 0; i < unknown->len; i++)
    {
      g_autofree char *lane = chrono_view_state_describe_lane (g_ptr_array_index (unknown, i));
      g_printerr (_ ("chronoscope-cli export: %s: the trace has no lane “%s”; skipped\n"), given.view, lane);
    }
}

/* Each trace's chunks of the range decoded, and its critical path marked when asked. */
static gboolean
prepare_traces (ChronoRenderer *renderer, const ChronoRenderOptions *options, GPtrArray *traces, GError **error)
{
  for (guint m = 0; m < traces->len; m++)
    {
      ChronoTrace *trace = g_ptr_array_index (traces, m);
      ChronoRenderOptions mapped;
      chrono_renderer_get_member_options (renderer, options, m, &mapped);
      if (!decode_visible_chunks (trace, &mapped, error))
        return FALSE;
      if (given.critical && chrono_trace_is_lazy (trace))
        {
          g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                       _ ("%s: read lazily, the critical path cannot be drawn (--lazy=never reads it whole)"),
                       chrono_trace_get_path (trace));
          return FALSE;
        }
      if (given.critical)
        chrono_critical_path_mark (trace, FALSE);
    }
  return TRUE;
}

/* The renderer of the traces as the options and overlays say, the path's
 * rows shown rather than folded into their tasks'. */
static ChronoRenderer *
make_renderer (ChronoTrace *trace, ChronoTraceSet *set, ChronoViewState *state, const ChronoRenderOverlays *overlays)
{
  g_autoptr (ChronoLayout) layout = chrono_layout_new (trace);
  if (set != NULL)
    chrono_layout_set_trace_set (layout, set);
  if (state != NULL)
    apply_view_lanes (layout, state);
  ChronoRenderer *renderer = chrono_renderer_new (trace, layout);
  for (guint i = 0; i < overlays->n_path; i++)
    for (ChronoLane *parent = chrono_lane_get_parent (overlays->path[i].lane); parent != NULL;
         parent = chrono_lane_get_parent (parent))
      chrono_layout_set_expanded (layout, parent, TRUE);
  return renderer;
}

/* The options every trace's picture starts from: several traces span them all. */
static gboolean
init_options (ChronoRenderOptions *options, ChronoTrace *trace, ChronoTraceSet *set, int width, int height,
              GError **error)
{
  chrono_render_options_init (options, trace, width, height);
  if (set != NULL && chrono_trace_set_get_range (set, &options->begin, &options->end))
    {
      chrono_time_range_at_least_a_tick (&options->begin, &options->end);
      options->origin = options->begin;
    }
  options->dark = given.dark;
  options->label_attribute = given.label_by;
  options->links.hidden = given.no_arrows;
  return given.arrows == NULL || chrono_link_filter_parse (&options->links, given.arrows, error);
}

int
chrono_cli_export (const ChronoCliCommand *command, int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  if (!chrono_cli_parse_options (command, _ ("FILE… -o OUT.png|svg|pdf — export the timeline of one trace or several"),
                                 &argc, &argv, &error))
    return export_failed (error);
  if (argc < 2 || given.output == NULL)
    {
      g_printerr ("chronoscope-cli export: %s\n",
                  _ ("usage: export FILE… -o OUT.png|svg|pdf [--range BEGIN..END] [--size WxH]"));
      return CHRONO_CLI_EXIT_FAILED;
    }
  if (!output_allowed (given.output, argc, argv))
    return CHRONO_CLI_EXIT_FAILED;
  int width = 1600, height = 0;
  if (given.size && !chrono_cli_parse_size (given.size, &width, &height, &error))
    return export_failed (error);
  g_autoptr (GPtrArray) traces = load_traces (argc, argv);
  if (traces == NULL)
    return CHRONO_CLI_EXIT_FAILED;
  ChronoTrace *trace = g_ptr_array_index (traces, 0);
  g_autoptr (ChronoTraceSet) set = NULL;
  if (traces->len > 1 && (set = make_trace_set (traces, given.align, given.shifts, &error)) == NULL)
    return export_failed (error);
  ChronoRenderOptions options;
  ChronoRenderOverlays overlays;
  chrono_render_overlays_init (&overlays);
  if (!init_options (&options, trace, set, width, height, &error))
    return export_failed (error);
  g_autofree char *title = given.with_name ? export_title (traces, set) : NULL;
  options.title = title;
  options.overlays = &overlays;
  g_autoptr (ChronoViewState) state = NULL;
  if (given.view != NULL && (state = load_view (&error)) == NULL)
    return error ? export_failed (error) : CHRONO_CLI_EXIT_FAILED;
  if (state != NULL)
    apply_view (state, trace, &options, &overlays);
  g_auto (ChronoCliMarks) marks = { 0 };
  if (!apply_marks (trace, traces->len, &marks, &options, &overlays, &error)
      || !apply_times (trace, &options, &overlays, &error))
    return export_failed (error);
  g_autoptr (ChronoRenderer) renderer = make_renderer (trace, set, state, &overlays);
  if (!prepare_traces (renderer, &options, traces, &error)
      || !chrono_export_to_file (renderer, &options, given.output, &error))
    return export_failed (error);
  return CHRONO_CLI_EXIT_OK;
}
