/* chrono-cli-life.c — `chronoscope-cli life`: the life of one task or ISR
 * instance (activation, start, preemptions and who ran then, end), as the
 * viewer's inspector shows it. */
#include "chrono-config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "chrono-cli-commands.h"
#include "chrono-blocking.h"
#include "chrono-cli-json.h"
#include "chrono-instance-life.h"

static struct {
  gboolean json;
} given;

const GOptionEntry chrono_cli_life_options[] = {
  { "json", 0, 0, G_OPTION_ARG_NONE, &given.json, N_ ("Print JSON"), NULL },
  { NULL },
};

static void
add_preemptions_json (JsonBuilder *b, const ChronoInstanceLife *life, const ChronoClock *clock)
{
  json_builder_set_member_name (b, "preemptions");
  json_builder_begin_array (b);
  for (guint i = 0; i < life->preemptions->len; i++)
    {
      const ChronoLifePreemption *p = g_ptr_array_index (life->preemptions, i);
      json_builder_begin_object (b);
      chrono_cli_json_add_seconds (b, "at", clock, TRUE, p->time);
      json_builder_set_member_name (b, "core");
      if (p->core != NULL)
        json_builder_add_string_value (b, p->core);
      else
        json_builder_add_null_value (b);
      chrono_cli_json_add_seconds (b, "duration", clock, TRUE, p->duration);
      json_builder_set_member_name (b, "ran");
      json_builder_begin_array (b);
      for (guint k = 0; k < p->ran->len; k++)
        {
          const ChronoLifeOccupant *o = g_ptr_array_index (p->ran, k);
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "entity");
          json_builder_add_string_value (b, o->process);
          json_builder_set_member_name (b, "instance");
          if (o->number != G_MININT64)
            json_builder_add_int_value (b, o->number);
          else
            json_builder_add_null_value (b);
          chrono_cli_json_add_seconds (b, "time", clock, TRUE, o->time);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* A holder, and who had its core while it was preempted in the wait. */
static void
add_holder_json (JsonBuilder *b, const ChronoClock *clock, const ChronoBlockingHolder *holder, GPtrArray *ran)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "process");
  json_builder_add_string_value (b, holder->process);
  chrono_cli_json_add_instance (b, holder->instance);
  json_builder_set_member_name (b, "holder_preempted_by");
  json_builder_begin_array (b);
  for (guint i = 0; i < ran->len; i++)
    {
      const ChronoLifeOccupant *o = g_ptr_array_index (ran, i);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "process");
      json_builder_add_string_value (b, o->process);
      chrono_cli_json_add_instance (b, o->number);
      chrono_cli_json_add_seconds (b, "time", clock, TRUE, o->time);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

/* "waits": each access of the instance, its holders and what ran instead of them. */
static void
add_waits_json (JsonBuilder *b, ChronoTrace *trace, ChronoBlocking *blocking, GPtrArray *waits)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  json_builder_set_member_name (b, "waits");
  json_builder_begin_array (b);
  for (guint i = 0; i < waits->len; i++)
    {
      const ChronoBlockingWait *wait = g_ptr_array_index (waits, i);
      g_autoptr (ChronoBlockingCause) cause = chrono_blocking_cause_new (blocking, wait);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "semaphore");
      json_builder_add_string_value (b, chrono_lane_get_name (wait->semaphore));
      chrono_cli_json_add_seconds (b, "requested", clock, TRUE, wait->access->requested);
      chrono_cli_json_add_seconds (b, "assigned", clock, wait->access->assigned != CHRONO_ACCESS_NEVER,
                                   wait->access->assigned);
      gint64 ticks = chrono_blocking_wait_ticks (wait);
      chrono_cli_json_add_seconds (b, "wait", clock, ticks >= 0, ticks);
      json_builder_set_member_name (b, "held_by");
      json_builder_begin_array (b);
      for (guint h = 0; h < wait->n_held_by; h++)
        add_holder_json (b, clock, &wait->held_by[h], g_ptr_array_index (cause->ran_instead, h));
      json_builder_end_array (b);
      json_builder_set_member_name (b, "inversion");
      json_builder_add_boolean_value (b, cause->inversion);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static char *
life_json (const ChronoInstanceLife *life, ChronoTrace *trace, ChronoBlocking *blocking, GPtrArray *waits)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  g_autoptr (JsonBuilder) b = json_builder_new ();
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "entity");
  json_builder_add_string_value (b, life->process);
  json_builder_set_member_name (b, "instance");
  json_builder_add_int_value (b, life->number != G_MININT64 ? life->number : life->index);
  chrono_cli_json_add_seconds (b, "activated", clock, life->activated, life->begin);
  chrono_cli_json_add_seconds (b, "started", clock, life->first_start != G_MININT64, life->first_start);
  chrono_cli_json_add_seconds (b, "terminated", clock, life->terminated, life->end);
  chrono_cli_json_add_seconds (b, "response_time", clock, life->response_time >= 0, life->response_time);
  json_builder_set_member_name (b, "states");
  json_builder_begin_object (b);
  for (guint s = CHRONO_STATE_NONE + 1; s < CHRONO_N_STATES; s++)
    if (life->time_in_state[s] > 0)
      {
        json_builder_set_member_name (b, chrono_state_get_label (s));
        json_builder_add_double_value (b, chrono_clock_to_seconds (clock, life->time_in_state[s]));
      }
  json_builder_end_object (b);
  add_preemptions_json (b, life, clock);
  add_waits_json (b, trace, blocking, waits);
  json_builder_end_object (b);
  g_autoptr (JsonNode) root = json_builder_get_root (b);
  return chrono_cli_json_text (root);
}

/* The inspector's text, and a sentence for each wait on a semaphore. */
static char *
life_text (ChronoInstanceLife *life, ChronoTrace *trace, ChronoBlocking *blocking, GPtrArray *waits)
{
  g_autofree char *text = chrono_instance_life_to_text (life, chrono_trace_get_clock (trace));
  GString *out = g_string_new (text);
  for (guint i = 0; i < waits->len; i++)
    {
      if (chrono_blocking_wait_ticks (g_ptr_array_index (waits, i)) == 0)
        continue; /* assigned at once: not blocked */
      g_autoptr (ChronoBlockingCause) cause = chrono_blocking_cause_new (blocking, g_ptr_array_index (waits, i));
      g_autofree char *sentence = chrono_blocking_describe (trace, g_ptr_array_index (waits, i), cause);
      /* TRANSLATORS: a line of an instance's life: why it waited on a semaphore */
      g_string_append_printf (out, _ ("Blocked: %s\n"), sentence);
    }
  return g_string_free (out, FALSE);
}

/* "Task_A#3": the process lane named Task_A and its instance numbered 3 by the producer. */
static gboolean
find_instance (ChronoTrace *trace, const char *spec, ChronoLane **out_lane, guint *out_index, GError **error)
{
  const char *hash = strrchr (spec, '#');
  char *end = NULL;
  gint64 number = hash ? g_ascii_strtoll (hash + 1, &end, 10) : 0;
  if (hash == NULL || end == hash + 1 || *end != '\0')
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("“%s” must be ENTITY#N: a task or ISR and its instance number, e.g. Task_A#3"), spec);
      return FALSE;
    }
  g_autofree char *name = g_strndup (spec, hash - spec);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      ChronoInstances *instances = chrono_lane_get_instances (lane);
      if (instances == NULL || !g_str_equal (chrono_lane_get_name (lane), name))
        continue;
      for (guint k = 0; k < chrono_instances_get_n (instances); k++)
        if (chrono_instances_get (instances, k)->number == number)
          {
            *out_lane = lane;
            *out_index = k;
            return TRUE;
          }
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _ ("%s has no instance #%" PRId64), name, number);
      return FALSE;
    }
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _ ("no task or ISR named “%s”"), name);
  return FALSE;
}

int
chrono_cli_life (const ChronoCliCommand *command, int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  if (!chrono_cli_parse_options (command,
                                 _ ("FILE ENTITY#N — the life of a task or ISR instance, as the inspector shows it"),
                                 &argc, &argv, &error)
      || argc != 3)
    {
      g_printerr ("chronoscope-cli life: %s\n", error ? error->message : _ ("give one file and ENTITY#N"));
      return CHRONO_CLI_EXIT_FAILED;
    }
  /* the life needs every span of the instance: the whole file is read */
  g_autoptr (ChronoTrace) trace = chrono_cli_load_with (argv[1], "never");
  if (trace == NULL)
    return CHRONO_CLI_EXIT_FAILED;
  ChronoLane *lane;
  guint index;
  if (!find_instance (trace, argv[2], &lane, &index, &error))
    {
      g_printerr ("chronoscope-cli life: %s: %s\n", argv[1], error->message);
      return CHRONO_CLI_EXIT_FAILED;
    }
  g_autoptr (ChronoInstanceLife) life = chrono_instance_life_new (trace, lane, index);
  g_autoptr (ChronoBlocking) blocking = chrono_blocking_new (trace);
  g_autoptr (GPtrArray) waits = chrono_blocking_waits_of (blocking, trace, life->process, life->number);
  g_autofree char *text =
      given.json ? life_json (life, trace, blocking, waits) : life_text (life, trace, blocking, waits);
  fputs (text, stdout);
  return CHRONO_CLI_EXIT_OK;
}
