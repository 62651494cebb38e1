/* chrono-cli-blocking-json.c — the document of `blocking --json`: every
 * request of a semaphore in file order, its wait and its holders.  Part of
 * the JSON writer the CLI and libchronoscope-1 share. */
#include "chrono-cli-documents.h"

#include "chrono-cli-json.h"

static void
add_wait_json (JsonBuilder *b, ChronoTrace *trace, const ChronoBlockingWait *wait)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  const ChronoAccess *access = wait->access;
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "process");
  json_builder_add_string_value (b, chrono_strings_get (chrono_trace_get_strings (trace), access->process));
  chrono_cli_json_add_instance (b, access->instance);
  json_builder_set_member_name (b, "semaphore");
  json_builder_add_string_value (b, chrono_lane_get_name (wait->semaphore));
  chrono_cli_json_add_seconds (b, "requested", clock, TRUE, access->requested);
  chrono_cli_json_add_seconds (b, "assigned", clock, access->assigned != CHRONO_ACCESS_NEVER, access->assigned);
  gint64 ticks = chrono_blocking_wait_ticks (wait);
  chrono_cli_json_add_seconds (b, "wait", clock, ticks >= 0, ticks);
  json_builder_set_member_name (b, "held_by");
  json_builder_begin_array (b);
  for (guint h = 0; h < wait->n_held_by; h++)
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "process");
      json_builder_add_string_value (b, wait->held_by[h].process);
      chrono_cli_json_add_instance (b, wait->held_by[h].instance);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

char *
chrono_cli_blocking_json (ChronoTrace *trace, ChronoBlocking *blocking)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, chrono_trace_get_format (trace));
  json_builder_set_member_name (b, "waits");
  json_builder_begin_array (b);
  for (guint i = 0; i < chrono_blocking_get_n_waits (blocking); i++)
    add_wait_json (b, trace, chrono_blocking_get_wait (blocking, i));
  json_builder_end_array (b);
  json_builder_end_object (b);
  g_autoptr (JsonNode) root = json_builder_get_root (b);
  return chrono_cli_json_text (root);
}
