/* chrono-otf2-tracks.c — what a metric lane shows is settled once every
 * sample is read: a counter declared accumulated is drawn as its rate only
 * if it never goes down; one that does (Score-P plugin counters declared so
 * by mistake read "−401 /s" as a rate) is drawn as recorded, with one
 * warning.  Both readings are kept (read lazily: both summaries, and each
 * decoded window both signals), the user may switch.  Samples that came
 * earlier than the one before were skipped; they are told here, once per
 * lane. */
#include <glib/gi18n-lib.h>

#include <inttypes.h>

#include "chrono-otf2-private.h"

void
chrono_otf2_track_free (gpointer data)
{
  MetricTrack *track = data;
  g_clear_pointer (&track->recorded, chrono_signal_free);
  g_clear_pointer (&track->recorded_summary, chrono_summary_free);
  g_free (track);
}

static const char *
member_name (ChronoOtf2Reader *r, guint32 member_ref)
{
  MetricMember *member = g_hash_table_lookup (r->metric_members, GUINT_TO_POINTER (member_ref));
  return member != NULL ? chrono_otf2_string (r, member->name) : "";
}

/* The decoder builds the windows of a counter the index shows as recorded
 * in the same order: its rate, then switched to its recorded values. */
static void
note_recorded (Location *location, MetricTrack *track)
{
  track->as_recorded = TRUE;
  if (location->recorded_members == NULL)
    location->recorded_members = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_array_append_val (location->recorded_members, track->member);
}

/* A whole read keeps both readings of a counter, the user may switch: its
 * rate, or its values as recorded when it went down. */
static void
keep_both_readings (ChronoOtf2Reader *r, Location *location, MetricTrack *track)
{
  chrono_signal_close_steps (track->recorded, location->last_time);
  chrono_lane_set_other_signal (track->lane, g_steal_pointer (&track->recorded), member_name (r, track->member));
  if (track->went_down)
    {
      chrono_lane_swap_signals (track->lane);
      track->as_recorded = TRUE;
    }
}

/* So does an index pass, as the summaries of both; the decoded windows
 * carry both readings and show the one the lane shows. */
static void
keep_both_summaries (ChronoOtf2Reader *r, Location *location, MetricTrack *track)
{
  chrono_otf2_summary (r, track->lane); /* none yet when its samples all came at one time */
  /* the last value holds to the location's last event, as a whole read draws it */
  if (track->have_last)
    chrono_summary_add_value (track->recorded_summary, track->last_time, MAX (location->last_time, track->last_time),
                              track->last_value);
  chrono_lane_set_other_summary (track->lane, g_steal_pointer (&track->recorded_summary),
                                 member_name (r, track->member));
  if (track->went_down)
    {
      chrono_lane_swap_signals (track->lane);
      note_recorded (location, track);
    }
}

static void
finish_track (ChronoOtf2Reader *r, Location *location, MetricTrack *track)
{
  const char *name = member_name (r, track->member);
  if (track->n_back > 0)
    chrono_warnings_add (r->warnings, 0, "metric time goes back",
                         g_dngettext (GETTEXT_PACKAGE,
                                      "location %" PRIu64 ": %" PRIu64 " sample of “%s” earlier than the one "
                                      "before it (at %" PRIu64 "), skipped",
                                      "location %" PRIu64 ": %" PRIu64 " samples of “%s” earlier than the one "
                                      "before them (the first at %" PRIu64 "), skipped",
                                      track->n_back),
                         location->id, track->n_back, name, track->first_back);
  if (track->went_down)
    chrono_warnings_add (r->warnings, 0, "counter goes down",
                         _ ("location %" PRIu64 ": “%s” is declared accumulated but goes down at %" PRId64
                            ": shown as recorded, not as a rate"),
                         location->id, name, track->first_down);
  if (track->recorded != NULL && chrono_lane_get_signal (track->lane) != NULL)
    keep_both_readings (r, location, track);
  else if (track->recorded_summary != NULL)
    keep_both_summaries (r, location, track);
  g_clear_pointer (&track->recorded, chrono_signal_free);
  g_clear_pointer (&track->recorded_summary, chrono_summary_free);
}

static gint
compare_tracks (gconstpointer a, gconstpointer b)
{
  guint32 x = ((const MetricTrack *) a)->member, y = ((const MetricTrack *) b)->member;
  return x < y ? -1 : x > y;
}

void
chrono_otf2_finish_tracks (ChronoOtf2Reader *r, GPtrArray *locations)
{
  for (guint i = 0; i < locations->len; i++)
    {
      Location *location = g_ptr_array_index (locations, i);
      g_autoptr (GList) tracks = g_hash_table_get_values (location->tracks);
      /* in member order: the warnings come in the same order every time */
      tracks = g_list_sort (tracks, compare_tracks);
      for (GList *t = tracks; t != NULL; t = t->next)
        finish_track (r, location, t->data);
    }
}

void
chrono_otf2_finish_window_tracks (ChronoOtf2Reader *r, GPtrArray *locations, gint64 end)
{
  for (guint i = 0; i < locations->len; i++)
    {
      Location *location = g_ptr_array_index (locations, i);
      gint64 at = end == G_MININT64 ? location->last_time : end;
      GHashTableIter iter;
      gpointer value;
      g_hash_table_iter_init (&iter, location->tracks);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        {
          MetricTrack *track = value;
          if (track->recorded == NULL)
            continue;
          chrono_signal_close_steps (track->recorded, at);
          /* a window without samples of it has a rate of none, but a lane to switch */
          chrono_lane_ensure_signal (track->lane, (gint64) MAX (r->resolution, 1));
          chrono_lane_set_other_signal (track->lane, g_steal_pointer (&track->recorded),
                                        member_name (r, track->member));
          if (track->index_recorded)
            chrono_lane_swap_signals (track->lane);
        }
    }
}
