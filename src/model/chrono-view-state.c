/* chrono-view-state.c — see the header.  JSON goes through json-glib both
 * ways; a short scan before the parser refuses what json-glib would take
 * badly: integers past gint64 (which it wraps) and deep nesting (which it
 * recurses into without end). */
#include "chrono-view-state.h"

#include <errno.h>
#include <inttypes.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "chrono-output-file.h"
#include "chrono-side-file.h"

#define KEY_SEPARATOR '\x1f' /* between the names of a lane key, as chrono_lane_dup_key joins them */

struct _ChronoViewState {
  GObject parent_instance;
  char *trace_name;
  gint64 ticks_per_second;
  gboolean has_range;
  gint64 begin, end;
  gboolean has_absolute_time, absolute_time;
  gboolean has_marker[2];
  gint64 marker[2];
  GPtrArray *hidden, *collapsed; /* lane keys */
  GArray *bookmarks; /* ChronoBookmark */
  GArray *notes; /* ChronoNote */
};

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ChronoViewState, chrono_view_state, G_TYPE_OBJECT)

static void
clear_bookmark (gpointer data)
{
  ChronoBookmark *bookmark = data;
  g_free (bookmark->name);
}

static void
clear_note (gpointer data)
{
  ChronoNote *note = data;
  g_free (note->text);
  g_free (note->lane_key);
}

static void
chrono_view_state_finalize (GObject *object)
{
  ChronoViewState *self = CHRONO_VIEW_STATE (object);
  g_free (self->trace_name);
  g_ptr_array_unref (self->hidden);
  g_ptr_array_unref (self->collapsed);
  g_array_unref (self->bookmarks);
  g_array_unref (self->notes);
  G_OBJECT_CLASS (chrono_view_state_parent_class)->finalize (object);
}

static void
chrono_view_state_class_init (ChronoViewStateClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = chrono_view_state_finalize;
  /* The bookmarks or the notes changed: lists and overlays re-query them. */
  signals[CHANGED] =
      g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
chrono_view_state_init (ChronoViewState *self)
{
  self->hidden = g_ptr_array_new_with_free_func (g_free);
  self->collapsed = g_ptr_array_new_with_free_func (g_free);
  self->bookmarks = g_array_new (FALSE, FALSE, sizeof (ChronoBookmark));
  g_array_set_clear_func (self->bookmarks, clear_bookmark);
  self->notes = g_array_new (FALSE, FALSE, sizeof (ChronoNote));
  g_array_set_clear_func (self->notes, clear_note);
}

ChronoViewState *
chrono_view_state_new (void)
{
  return g_object_new (CHRONO_TYPE_VIEW_STATE, NULL);
}

char *
chrono_view_state_path_for (const char *trace_path)
{
  g_return_val_if_fail (trace_path != NULL, NULL);
  return g_strconcat (trace_path, CHRONO_VIEW_STATE_SUFFIX, NULL);
}

void
chrono_view_state_set_trace (ChronoViewState *self, const char *name, gint64 ticks_per_second)
{
  g_return_if_fail (CHRONO_IS_VIEW_STATE (self));
  g_free (self->trace_name);
  self->trace_name = name != NULL ? g_utf8_make_valid (name, -1) : NULL;
  self->ticks_per_second = MAX (ticks_per_second, 0);
}

const char *
chrono_view_state_get_trace_name (ChronoViewState *self)
{
  g_return_val_if_fail (CHRONO_IS_VIEW_STATE (self), NULL);
  return self->trace_name;
}

gint64
chrono_view_state_get_ticks_per_second (ChronoViewState *self)
{
  g_return_val_if_fail (CHRONO_IS_VIEW_STATE (self), 0);
  return self->ticks_per_second;
}

void
chrono_view_state_set_range (ChronoViewState *self, gint64 begin, gint64 end)
{
  g_return_if_fail (CHRONO_IS_VIEW_STATE (self) && begin < end);
  self->has_range = TRUE;
  self->begin = begin;
  self->end = end;
}

gboolean
chrono_view_state_get_range (ChronoViewState *self, gint64 *out_begin, gint64 *out_end)
{
  g_return_val_if_fail (CHRONO_IS_VIEW_STATE (self), FALSE);
  if (self->has_range)
    {
      *out_begin = self->begin;
      *out_end = self->end;
    }
  return self->has_range;
}

void
chrono_view_state_set_absolute_time (ChronoViewState *self, gboolean absolute)
{
  g_return_if_fail (CHRONO_IS_VIEW_STATE (self));
  self->has_absolute_time = TRUE;
  self->absolute_time = absolute;
}

gboolean
chrono_view_state_get_absolute_time (ChronoViewState *self, gboolean *out_absolute)
{
  g_return_val_if_fail (CHRONO_IS_VIEW_STATE (self), FALSE);
  if (self->has_absolute_time)
    *out_absolute = self->absolute_time;
  return self->has_absolute_time;
}

void
chrono_view_state_set_marker (ChronoViewState *self, guint marker, gboolean has, gint64 time)
{
  g_return_if_fail (CHRONO_IS_VIEW_STATE (self) && marker < 2);
  self->has_marker[marker] = has;
  self->marker[marker] = has ? time : 0;
}

gboolean
chrono_view_state_get_marker (ChronoViewState *self, guint marker, gint64 *out_time)
{
  g_return_val_if_fail (CHRONO_IS_VIEW_STATE (self) && marker < 2, FALSE);
  if (self->has_marker[marker])
    *out_time = self->marker[marker];
  return self->has_marker[marker];
}

void
chrono_view_state_clear_lanes (ChronoViewState *self)
{
  g_return_if_fail (CHRONO_IS_VIEW_STATE (self));
  g_ptr_array_set_size (self->hidden, 0);
  g_ptr_array_set_size (self->collapsed, 0);
}

void
chrono_view_state_add_hidden (ChronoViewState *self, const char *lane_key)
{
  g_return_if_fail (CHRONO_IS_VIEW_STATE (self) && lane_key != NULL);
  g_ptr_array_add (self->hidden, g_strdup (lane_key));
}

void
chrono_view_state_add_collapsed (ChronoViewState *self, const char *lane_key)
{
  g_return_if_fail (CHRONO_IS_VIEW_STATE (self) && lane_key != NULL);
  g_ptr_array_add (self->collapsed, g_strdup (lane_key));
}

GPtrArray *
chrono_view_state_get_hidden (ChronoViewState *self)
{
  g_return_val_if_fail (CHRONO_IS_VIEW_STATE (self), NULL);
  return self->hidden;
}

GPtrArray *
chrono_view_state_get_collapsed (ChronoViewState *self)
{
  g_return_val_if_fail (CHRONO_IS_VIEW_STATE (self), NULL);
  return self->collapsed;
}

/* ---- bookmarks and notes ------------------------------------------------- */

guint
chrono_view_state_get_n_bookmarks (ChronoViewState *self)
{
  g_return_val_if_fail (CHRONO_IS_VIEW_STATE (self), 0);
  return self->bookmarks->len;
}

const ChronoBookmark *
chrono_view_state_get_bookmark (ChronoViewState *self, guint index)
{
  g_return_val_if_fail (CHRONO_IS_VIEW_STATE (self) && index < self->bookmarks->len, NULL);
  return &g_array_index (self->bookmarks, ChronoBookmark, index);
}

static guint
append_bookmark (ChronoViewState *self, const char *name, gint64 begin, gint64 end)
{
  ChronoBookmark bookmark = { g_utf8_make_valid (name, -1), begin, end };
  g_array_append_val (self->bookmarks, bookmark);
  return self->bookmarks->len - 1;
}

guint
chrono_view_state_add_bookmark (ChronoViewState *self, const char *name, gint64 begin, gint64 end)
{
  g_return_val_if_fail (CHRONO_IS_VIEW_STATE (self) && name != NULL && begin < end, 0);
  guint index = append_bookmark (self, name, begin, end);
  g_signal_emit (self, signals[CHANGED], 0);
  return index;
}

void
chrono_view_state_rename_bookmark (ChronoViewState *self, guint index, const char *name)
{
  g_return_if_fail (CHRONO_IS_VIEW_STATE (self) && index < self->bookmarks->len && name != NULL);
  ChronoBookmark *bookmark = &g_array_index (self->bookmarks, ChronoBookmark, index);
  g_free (bookmark->name);
  bookmark->name = g_utf8_make_valid (name, -1);
  g_signal_emit (self, signals[CHANGED], 0);
}

void
chrono_view_state_remove_bookmark (ChronoViewState *self, guint index)
{
  g_return_if_fail (CHRONO_IS_VIEW_STATE (self) && index < self->bookmarks->len);
  g_array_remove_index (self->bookmarks, index);
  g_signal_emit (self, signals[CHANGED], 0);
}

guint
chrono_view_state_get_n_notes (ChronoViewState *self)
{
  g_return_val_if_fail (CHRONO_IS_VIEW_STATE (self), 0);
  return self->notes->len;
}

const ChronoNote *
chrono_view_state_get_note (ChronoViewState *self, guint index)
{
  g_return_val_if_fail (CHRONO_IS_VIEW_STATE (self) && index < self->notes->len, NULL);
  return &g_array_index (self->notes, ChronoNote, index);
}

int
chrono_view_state_find_note (ChronoViewState *self, const char *lane_key, gint64 begin, gint64 end)
{
  g_return_val_if_fail (CHRONO_IS_VIEW_STATE (self), -1);
  for (guint i = 0; i < self->notes->len; i++)
    {
      const ChronoNote *note = &g_array_index (self->notes, ChronoNote, i);
      if (note->begin == begin && note->end == end && g_strcmp0 (note->lane_key, lane_key) == 0)
        return (int) i;
    }
  return -1;
}

static guint
put_note (ChronoViewState *self, const char *lane_key, gint64 begin, gint64 end, const char *text)
{
  int found = chrono_view_state_find_note (self, lane_key, begin, end);
  if (found >= 0)
    {
      ChronoNote *note = &g_array_index (self->notes, ChronoNote, found);
      g_free (note->text);
      note->text = g_utf8_make_valid (text, -1);
      return (guint) found;
    }
  ChronoNote note = { g_utf8_make_valid (text, -1), g_strdup (lane_key), begin, end };
  g_array_append_val (self->notes, note);
  return self->notes->len - 1;
}

guint
chrono_view_state_set_note (ChronoViewState *self, const char *lane_key, gint64 begin, gint64 end, const char *text)
{
  g_return_val_if_fail (CHRONO_IS_VIEW_STATE (self) && text != NULL && begin <= end, 0);
  guint index = put_note (self, lane_key, begin, end, text);
  g_signal_emit (self, signals[CHANGED], 0);
  return index;
}

void
chrono_view_state_remove_note (ChronoViewState *self, guint index)
{
  g_return_if_fail (CHRONO_IS_VIEW_STATE (self) && index < self->notes->len);
  g_array_remove_index (self->notes, index);
  g_signal_emit (self, signals[CHANGED], 0);
}

ChronoLane *
chrono_view_state_find_lane (ChronoTrace *trace, const char *lane_key)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace) && lane_key != NULL, NULL);
  g_auto (GStrv) names = g_strsplit (lane_key, (const char[]){ KEY_SEPARATOR, 0 }, -1);
  GListModel *level = chrono_trace_get_lanes (trace);
  ChronoLane *found = NULL;
  for (guint depth = 0; names[depth] != NULL; depth++)
    {
      found = NULL;
      guint n = g_list_model_get_n_items (level);
      for (guint i = 0; i < n && found == NULL; i++)
        {
          g_autoptr (ChronoLane) lane = g_list_model_get_item (level, i);
          if (g_strcmp0 (chrono_lane_get_name (lane), names[depth]) == 0)
            found = lane;
        }
      if (found == NULL)
        return NULL;
      level = chrono_lane_get_children (found);
    }
  return found;
}

char *
chrono_view_state_describe_lane (const char *lane_key)
{
  g_return_val_if_fail (lane_key != NULL, NULL);
  g_autofree char *path = g_strdup (lane_key);
  g_strdelimit (path, (const char[]){ KEY_SEPARATOR, 0 }, '/');
  return g_utf8_make_valid (path, -1);
}

char *
chrono_view_state_check_trace (ChronoViewState *self, ChronoTrace *trace)
{
  g_return_val_if_fail (CHRONO_IS_VIEW_STATE (self) && CHRONO_IS_TRACE (trace), NULL);
  gint64 ticks_per_second = chrono_trace_get_clock (trace)->ticks_per_second;
  if (self->ticks_per_second > 0 && self->ticks_per_second != ticks_per_second)
    return g_strdup_printf (
        _ ("the view counts %" PRId64 " ticks per second, the trace %" PRId64 "; its times may be off"),
        self->ticks_per_second, ticks_per_second);
  g_autofree char *base = g_path_get_basename (chrono_trace_get_path (trace));
  g_autofree char *shown = g_utf8_make_valid (base, -1);
  if (self->trace_name != NULL && strcmp (self->trace_name, shown) != 0)
    return g_strdup_printf (_ ("the view was saved for %s, not %s"), self->trace_name, shown);
  return NULL;
}

/* ---- writing ------------------------------------------------------------- */

/* A lane key as the array of its names; FALSE when a name is not UTF-8 (JSON cannot hold it). */
static gboolean
add_lane (JsonBuilder *builder, const char *lane_key)
{
  if (!g_utf8_validate (lane_key, -1, NULL))
    return FALSE;
  g_auto (GStrv) names = g_strsplit (lane_key, (const char[]){ KEY_SEPARATOR, 0 }, -1);
  json_builder_begin_array (builder);
  for (guint i = 0; names[i] != NULL; i++)
    json_builder_add_string_value (builder, names[i]);
  json_builder_end_array (builder);
  return TRUE;
}

static void
add_lanes (JsonBuilder *builder, const char *member, GPtrArray *keys)
{
  json_builder_set_member_name (builder, member);
  json_builder_begin_array (builder);
  for (guint i = 0; i < keys->len; i++)
    add_lane (builder, g_ptr_array_index (keys, i));
  json_builder_end_array (builder);
}

static void
add_int (JsonBuilder *builder, const char *member, gint64 value)
{
  json_builder_set_member_name (builder, member);
  json_builder_add_int_value (builder, value);
}

char *
chrono_view_state_to_json (ChronoViewState *self, gsize *out_length)
{
  g_return_val_if_fail (CHRONO_IS_VIEW_STATE (self), NULL);
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  json_builder_begin_object (builder);
  add_int (builder, "chronoscope_view", CHRONO_VIEW_STATE_VERSION);
  if (self->trace_name != NULL)
    {
      json_builder_set_member_name (builder, "trace");
      json_builder_add_string_value (builder, self->trace_name);
    }
  if (self->ticks_per_second > 0)
    add_int (builder, "ticks_per_second", self->ticks_per_second);
  if (self->has_range)
    {
      json_builder_set_member_name (builder, "range");
      json_builder_begin_object (builder);
      add_int (builder, "begin", self->begin);
      add_int (builder, "end", self->end);
      json_builder_end_object (builder);
    }
  if (self->has_absolute_time)
    {
      json_builder_set_member_name (builder, "absolute_time");
      json_builder_add_boolean_value (builder, self->absolute_time);
    }
  json_builder_set_member_name (builder, "markers");
  json_builder_begin_object (builder);
  for (guint m = 0; m < 2; m++)
    if (self->has_marker[m])
      add_int (builder, m == 0 ? "a" : "b", self->marker[m]);
  json_builder_end_object (builder);
  add_lanes (builder, "hidden", self->hidden);
  add_lanes (builder, "collapsed", self->collapsed);
  json_builder_set_member_name (builder, "bookmarks");
  json_builder_begin_array (builder);
  for (guint i = 0; i < self->bookmarks->len; i++)
    {
      const ChronoBookmark *bookmark = &g_array_index (self->bookmarks, ChronoBookmark, i);
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, bookmark->name);
      add_int (builder, "begin", bookmark->begin);
      add_int (builder, "end", bookmark->end);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "notes");
  json_builder_begin_array (builder);
  for (guint i = 0; i < self->notes->len; i++)
    {
      const ChronoNote *note = &g_array_index (self->notes, ChronoNote, i);
      if (note->lane_key != NULL && !g_utf8_validate (note->lane_key, -1, NULL))
        continue; /* its lane could not be named: the note would land on the range */
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "text");
      json_builder_add_string_value (builder, note->text);
      if (note->lane_key != NULL)
        {
          json_builder_set_member_name (builder, "lane");
          add_lane (builder, note->lane_key);
        }
      add_int (builder, "begin", note->begin);
      add_int (builder, "end", note->end);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  gsize length = 0;
  char *text = json_generator_to_data (generator, &length);
  /* a text file ends in a newline */
  char *with_newline = g_strconcat (text, "\n", NULL);
  g_free (text);
  if (out_length != NULL)
    *out_length = length + 1;
  return with_newline;
}

gboolean
chrono_view_state_save (ChronoViewState *self, const char *path, const char *const *inputs, GError **error)
{
  g_return_val_if_fail (CHRONO_IS_VIEW_STATE (self) && path != NULL, FALSE);
  if (inputs != NULL && chrono_output_file_is_any_of (path, inputs))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS, _ ("%s is the trace itself: the view is never written there"),
                   path);
      return FALSE;
    }
  gsize length = 0;
  g_autofree char *text = chrono_view_state_to_json (self, &length);
  ChronoOutputFile *file = chrono_output_file_new (path, error);
  if (file == NULL)
    return FALSE;
  if (!chrono_output_file_write (file, text, length, error))
    {
      chrono_output_file_abandon (file);
      return FALSE;
    }
  return chrono_output_file_commit (file, error);
}

/* ---- reading ------------------------------------------------------------- */

typedef struct {
  const char *name; /* the file, for messages */
  GError **error;
} Reader;

static gboolean invalid (Reader *r, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
invalid (Reader *r, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  g_autofree char *what = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (r->error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: %s", r->name, what);
  return FALSE;
}

/* What json-glib would take badly, refused before it parses: nesting deeper
 * than CHRONO_VIEW_STATE_MAX_DEPTH and integers outside gint64 (it wraps
 * them).  Strings are skipped, escapes and all; the parser checks the rest. */
static gboolean
prescan (Reader *r, const char *data, gsize length)
{
  guint depth = 0;
  for (gsize i = 0; i < length; i++)
    {
      char c = data[i];
      if (c == '"')
        {
          for (i++; i < length && data[i] != '"'; i++)
            if (data[i] == '\\')
              i++;
          continue;
        }
      if (c == '[' || c == '{')
        {
          if (++depth > CHRONO_VIEW_STATE_MAX_DEPTH)
            return invalid (r, _ ("arrays and objects nest deeper than %u"), CHRONO_VIEW_STATE_MAX_DEPTH);
        }
      else if (c == ']' || c == '}')
        depth -= depth > 0;
      else if (c == '-' || g_ascii_isdigit (c))
        {
          gsize start = i;
          gboolean integer = TRUE;
          while (i + 1 < length && (g_ascii_isdigit (data[i + 1]) || strchr ("+-.eE", data[i + 1]) != NULL))
            {
              integer &= g_ascii_isdigit (data[i + 1]);
              i++;
            }
          if (!integer)
            continue; /* a fraction or an exponent: a double, refused where an integer is wanted */
          g_autofree char *number = g_strndup (data + start, i + 1 - start);
          gint64 value;
          if (!g_ascii_string_to_signed (number, 10, G_MININT64, G_MAXINT64, &value, NULL))
            return invalid (r, _ ("the number %.40s is out of range"), number);
        }
    }
  return TRUE;
}

static gboolean
get_int (Reader *r, JsonObject *object, const char *key, const char *where, gboolean required, gboolean *out_has,
         gint64 *out_value)
{
  JsonNode *node = json_object_get_member (object, key);
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    {
      if (out_has != NULL)
        *out_has = FALSE;
      return required ? invalid (r, _ ("“%s%s” is missing"), where, key) : TRUE;
    }
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return invalid (r, _ ("“%s%s” must be an integer (ticks)"), where, key);
  *out_value = json_node_get_int (node);
  if (out_has != NULL)
    *out_has = TRUE;
  return TRUE;
}

static gboolean
get_string (Reader *r, JsonObject *object, const char *key, const char *where, const char **out_value)
{
  JsonNode *node = json_object_get_member (object, key);
  *out_value = NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return invalid (r, _ ("“%s%s” must be a string"), where, key);
  *out_value = json_node_get_string (node);
  if (!g_utf8_validate (*out_value, -1, NULL))
    return invalid (r, _ ("“%s%s” is not UTF-8"), where, key);
  if (strlen (*out_value) > CHRONO_VIEW_STATE_MAX_TEXT)
    return invalid (r, _ ("“%s%s” is longer than %u bytes"), where, key, CHRONO_VIEW_STATE_MAX_TEXT);
  return TRUE;
}

static gboolean
get_object (Reader *r, JsonObject *object, const char *key, JsonObject **out_object)
{
  JsonNode *node = json_object_get_member (object, key);
  *out_object = NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return invalid (r, _ ("“%s” must be an object"), key);
  *out_object = json_node_get_object (node);
  return TRUE;
}

static gboolean
get_array (Reader *r, JsonObject *object, const char *key, JsonArray **out_array)
{
  JsonNode *node = json_object_get_member (object, key);
  *out_array = NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return invalid (r, _ ("“%s” must be an array"), key);
  *out_array = json_node_get_array (node);
  if (json_array_get_length (*out_array) > CHRONO_VIEW_STATE_MAX_ITEMS)
    return invalid (r, _ ("“%s” holds more than %u entries"), key, CHRONO_VIEW_STATE_MAX_ITEMS);
  return TRUE;
}

/* ["Tasks", "T1"] → the lane key "Tasks␟T1". */
static char *
read_lane (Reader *r, JsonNode *node, const char *where)
{
  if (!JSON_NODE_HOLDS_ARRAY (node) || json_array_get_length (json_node_get_array (node)) == 0)
    {
      invalid (r, _ ("%s must be a lane: an array of names from the top"), where);
      return NULL;
    }
  JsonArray *names = json_node_get_array (node);
  GString *key = g_string_new (NULL);
  for (guint i = 0; i < json_array_get_length (names); i++)
    {
      JsonNode *name = json_array_get_element (names, i);
      const char *text = JSON_NODE_HOLDS_VALUE (name) && json_node_get_value_type (name) == G_TYPE_STRING
                             ? json_node_get_string (name)
                             : NULL;
      if (text == NULL || !g_utf8_validate (text, -1, NULL) || strchr (text, KEY_SEPARATOR) != NULL)
        {
          g_string_free (key, TRUE);
          invalid (r, _ ("%s must be a lane: an array of names from the top"), where);
          return NULL;
        }
      if (i > 0)
        g_string_append_c (key, KEY_SEPARATOR);
      g_string_append (key, text);
    }
  return g_string_free (key, FALSE);
}

static gboolean
read_lanes (Reader *r, JsonObject *root, const char *member, ChronoViewState *state, gboolean hidden)
{
  JsonArray *lanes;
  if (!get_array (r, root, member, &lanes))
    return FALSE;
  for (guint i = 0; lanes != NULL && i < json_array_get_length (lanes); i++)
    {
      g_autofree char *where = g_strdup_printf ("“%s[%u]”", member, i);
      g_autofree char *key = read_lane (r, json_array_get_element (lanes, i), where);
      if (key == NULL)
        return FALSE;
      g_ptr_array_add (hidden ? state->hidden : state->collapsed, g_steal_pointer (&key));
    }
  return TRUE;
}

static JsonObject *
element_object (Reader *r, JsonArray *array, guint index, const char *member)
{
  JsonNode *node = json_array_get_element (array, index);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      invalid (r, _ ("“%s[%u]” must be an object"), member, index);
      return NULL;
    }
  return json_node_get_object (node);
}

static gboolean
read_bookmarks (Reader *r, JsonObject *root, ChronoViewState *state)
{
  JsonArray *bookmarks;
  if (!get_array (r, root, "bookmarks", &bookmarks))
    return FALSE;
  for (guint i = 0; bookmarks != NULL && i < json_array_get_length (bookmarks); i++)
    {
      JsonObject *object = element_object (r, bookmarks, i, "bookmarks");
      g_autofree char *where = g_strdup_printf ("bookmarks[%u].", i);
      const char *name;
      gint64 begin, end;
      if (object == NULL || !get_string (r, object, "name", where, &name)
          || !get_int (r, object, "begin", where, TRUE, NULL, &begin)
          || !get_int (r, object, "end", where, TRUE, NULL, &end))
        return FALSE;
      if (name == NULL)
        return invalid (r, _ ("“%s%s” is missing"), where, "name");
      if (end <= begin)
        return invalid (r, _ ("“%send” must be after its begin"), where);
      append_bookmark (state, name, begin, end);
    }
  return TRUE;
}

static gboolean
read_notes (Reader *r, JsonObject *root, ChronoViewState *state)
{
  JsonArray *notes;
  if (!get_array (r, root, "notes", &notes))
    return FALSE;
  for (guint i = 0; notes != NULL && i < json_array_get_length (notes); i++)
    {
      JsonObject *object = element_object (r, notes, i, "notes");
      g_autofree char *where = g_strdup_printf ("notes[%u].", i);
      const char *text;
      gint64 begin, end;
      if (object == NULL || !get_string (r, object, "text", where, &text)
          || !get_int (r, object, "begin", where, TRUE, NULL, &begin)
          || !get_int (r, object, "end", where, TRUE, NULL, &end))
        return FALSE;
      if (text == NULL)
        return invalid (r, _ ("“%s%s” is missing"), where, "text");
      if (end < begin)
        return invalid (r, _ ("“%send” must not be before its begin"), where);
      g_autofree char *lane_key = NULL;
      JsonNode *lane = json_object_get_member (object, "lane");
      if (lane != NULL && !JSON_NODE_HOLDS_NULL (lane))
        {
          g_autofree char *lane_where = g_strdup_printf ("“%slane”", where);
          if ((lane_key = read_lane (r, lane, lane_where)) == NULL)
            return FALSE;
        }
      put_note (state, lane_key, begin, end, text);
    }
  return TRUE;
}

static gboolean
read_root (Reader *r, JsonNode *root_node, ChronoViewState *state)
{
  if (root_node == NULL || !JSON_NODE_HOLDS_OBJECT (root_node))
    return invalid (r, _ ("not a Chronoscope view: the file holds no JSON object"));
  JsonObject *root = json_node_get_object (root_node);
  gint64 version;
  gboolean has_version;
  if (!get_int (r, root, "chronoscope_view", "", FALSE, &has_version, &version))
    return FALSE;
  if (!has_version)
    return invalid (r, _ ("not a Chronoscope view: “chronoscope_view” is missing"));
  if (version < 1 || version > CHRONO_VIEW_STATE_VERSION)
    return invalid (r, _ ("view version %" PRId64 " is not one this Chronoscope reads (up to %d)"), version,
                    CHRONO_VIEW_STATE_VERSION);
  const char *trace_name;
  gint64 ticks_per_second = 0;
  gboolean has;
  if (!get_string (r, root, "trace", "", &trace_name)
      || !get_int (r, root, "ticks_per_second", "", FALSE, &has, &ticks_per_second))
    return FALSE;
  if (has && ticks_per_second <= 0)
    return invalid (r, _ ("“ticks_per_second” must be positive"));
  chrono_view_state_set_trace (state, trace_name, ticks_per_second);

  JsonObject *range, *markers;
  if (!get_object (r, root, "range", &range) || !get_object (r, root, "markers", &markers))
    return FALSE;
  if (range != NULL)
    {
      gint64 begin, end;
      if (!get_int (r, range, "begin", "range.", TRUE, NULL, &begin)
          || !get_int (r, range, "end", "range.", TRUE, NULL, &end))
        return FALSE;
      if (end <= begin)
        return invalid (r, _ ("“range.end” must be after “range.begin”"));
      chrono_view_state_set_range (state, begin, end);
    }
  JsonNode *absolute = json_object_get_member (root, "absolute_time");
  if (absolute != NULL && !JSON_NODE_HOLDS_NULL (absolute))
    {
      if (!JSON_NODE_HOLDS_VALUE (absolute) || json_node_get_value_type (absolute) != G_TYPE_BOOLEAN)
        return invalid (r, _ ("“absolute_time” must be true or false"));
      chrono_view_state_set_absolute_time (state, json_node_get_boolean (absolute));
    }
  for (guint m = 0; markers != NULL && m < 2; m++)
    {
      gint64 time;
      if (!get_int (r, markers, m == 0 ? "a" : "b", "markers.", FALSE, &has, &time))
        return FALSE;
      chrono_view_state_set_marker (state, m, has, time);
    }
  return read_lanes (r, root, "hidden", state, TRUE) && read_lanes (r, root, "collapsed", state, FALSE)
         && read_bookmarks (r, root, state) && read_notes (r, root, state);
}

ChronoViewState *
chrono_view_state_new_from_json (const char *data, gsize length, const char *name, GError **error)
{
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  Reader r = { name != NULL ? name : "view", error };
  if (!g_utf8_validate_len (data, length, NULL))
    {
      invalid (&r, _ ("not UTF-8"));
      return NULL;
    }
  if (!prescan (&r, data, length))
    return NULL;
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (GError) parse_error = NULL;
  if (!json_parser_load_from_data (parser, data, (gssize) length, &parse_error))
    {
      invalid (&r, "%s", parse_error->message);
      return NULL;
    }
  g_autoptr (ChronoViewState) state = chrono_view_state_new ();
  if (!read_root (&r, json_parser_get_root (parser), state))
    return NULL;
  return g_steal_pointer (&state);
}

ChronoViewState *
chrono_view_state_load (const char *path, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_autofree char *contents = NULL;
  gsize length = 0;
  if (!chrono_read_side_file (path, CHRONO_VIEW_STATE_MAX_SIZE, &contents, &length, error))
    return NULL;
  return chrono_view_state_new_from_json (contents, length, path, error);
}
