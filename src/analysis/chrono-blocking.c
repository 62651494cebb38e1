/* chrono-blocking.c — the requests of a trace's semaphores gathered from
 * their lanes' access tables and put in file order. */
#include "chrono-blocking.h"

#include <glib/gi18n-lib.h>

#include "chrono-instance-life.h"

#include <stdlib.h>
#include <string.h>

struct _ChronoBlocking {
  ChronoTrace *trace; /* borrowed: the waits point into its lanes */
  GArray *waits; /* ChronoBlockingWait */
  GHashTable *instances; /* "process\x1fnumber" -> InstanceAt, made on the first look-up */
  GHashTable *waits_by_instance; /* "process\x1fnumber" -> GPtrArray of its waits, made on the first look-up */
};

typedef struct {
  ChronoLane *lane;
  guint index;
} InstanceAt;

static gint
compare_holders (gconstpointer a, gconstpointer b)
{
  const ChronoBlockingHolder *x = a, *y = b;
  int by_name = strcmp (x->process, y->process);
  if (by_name != 0)
    return by_name;
  return (x->instance > y->instance) - (x->instance < y->instance);
}

/* Requests in the order of their lines; a table's rows are in file order
 * already, so rows of one semaphore keep theirs. */
static gint
compare_waits (gconstpointer a, gconstpointer b)
{
  const ChronoBlockingWait *x = a, *y = b;
  return (x->access->line > y->access->line) - (x->access->line < y->access->line);
}

static void
add_semaphore_waits (ChronoBlocking *blocking, ChronoTrace *trace, ChronoLane *lane)
{
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  ChronoAccesses *accesses = chrono_lane_get_accesses (lane);
  for (guint i = 0; i < chrono_accesses_get_n (accesses); i++)
    {
      const ChronoAccess *access = chrono_accesses_get (accesses, i);
      if (access->requested == CHRONO_ACCESS_NEVER)
        continue; /* held since before the trace began: it asked for nothing in it */
      guint n;
      const guint32 *holders = chrono_accesses_get_holders (accesses, i, &n);
      ChronoBlockingWait wait = { lane, access, g_new (ChronoBlockingHolder, MAX (n, 1)), n };
      for (guint h = 0; h < n; h++)
        {
          const ChronoAccess *holder = chrono_accesses_get (accesses, holders[h]);
          wait.held_by[h] = (ChronoBlockingHolder){ chrono_strings_get (strings, holder->process), holder->instance,
                                                    holder->released };
        }
      qsort (wait.held_by, n, sizeof *wait.held_by, compare_holders);
      g_array_append_val (blocking->waits, wait);
    }
}

ChronoBlocking *
chrono_blocking_new (ChronoTrace *trace)
{
  ChronoBlocking *blocking = g_new0 (ChronoBlocking, 1);
  blocking->trace = trace;
  blocking->waits = g_array_new (FALSE, FALSE, sizeof (ChronoBlockingWait));
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    if (chrono_lane_get_accesses (g_ptr_array_index (lanes, i)) != NULL)
      add_semaphore_waits (blocking, trace, g_ptr_array_index (lanes, i));
  g_array_sort (blocking->waits, compare_waits);
  return blocking;
}

void
chrono_blocking_free (ChronoBlocking *blocking)
{
  if (blocking == NULL)
    return;
  for (guint i = 0; i < blocking->waits->len; i++)
    g_free (g_array_index (blocking->waits, ChronoBlockingWait, i).held_by);
  g_array_unref (blocking->waits);
  g_clear_pointer (&blocking->instances, g_hash_table_unref);
  g_clear_pointer (&blocking->waits_by_instance, g_hash_table_unref);
  g_free (blocking);
}

guint
chrono_blocking_get_n_waits (ChronoBlocking *blocking)
{
  return blocking->waits->len;
}

const ChronoBlockingWait *
chrono_blocking_get_wait (ChronoBlocking *blocking, guint index)
{
  g_return_val_if_fail (index < blocking->waits->len, NULL);
  return &g_array_index (blocking->waits, ChronoBlockingWait, index);
}

gint64
chrono_blocking_wait_ticks (const ChronoBlockingWait *wait)
{
  if (wait->access->assigned == CHRONO_ACCESS_NEVER)
    return -1;
  return wait->access->assigned - wait->access->requested;
}

/* ---- what ran instead of the holders -------------------------------------- */

static char *
instance_key (const char *process, gint64 number)
{
  return g_strdup_printf ("%s\x1f%" G_GINT64_FORMAT, process, number);
}

/* Every process instance by name and number, once: holders are looked up
 * per wait, and a trace of many waits and many instances made that
 * quadratic. */
static GHashTable *
index_instances (ChronoTrace *trace)
{
  GHashTable *index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      ChronoInstances *instances = chrono_lane_get_instances (lane);
      if (chrono_lane_get_kind (lane) != CHRONO_LANE_PROCESS || instances == NULL)
        continue;
      for (guint k = 0; k < chrono_instances_get_n (instances); k++)
        {
          gint64 number = chrono_instances_get (instances, k)->number;
          g_autofree char *key = instance_key (chrono_lane_get_name (lane), number);
          if (number == G_MININT64 || g_hash_table_contains (index, key))
            continue; /* the first of a name and number, as a search would find */
          InstanceAt *at = g_new (InstanceAt, 1);
          *at = (InstanceAt){ lane, k };
          g_hash_table_insert (index, g_steal_pointer (&key), at);
        }
    }
  return index;
}

gboolean
chrono_blocking_find_instance (ChronoBlocking *blocking, const char *process, gint64 number, ChronoLane **out_lane,
                               guint *out_index)
{
  if (number == G_MININT64)
    return FALSE;
  if (blocking->instances == NULL)
    blocking->instances = index_instances (blocking->trace);
  g_autofree char *key = instance_key (process, number);
  const InstanceAt *at = g_hash_table_lookup (blocking->instances, key);
  if (at == NULL)
    return FALSE;
  *out_lane = at->lane;
  *out_index = at->index;
  return TRUE;
}

static GPtrArray *
ran_instead_in (ChronoTrace *trace, GHashTable *instances, const ChronoBlockingHolder *holder, gint64 from, gint64 to)
{
  g_autofree char *key = instance_key (holder->process, holder->instance);
  const InstanceAt *at = holder->instance != G_MININT64 ? g_hash_table_lookup (instances, key) : NULL;
  if (at == NULL)
    return chrono_life_occupants_new ();
  g_autoptr (ChronoInstanceLife) life = chrono_instance_life_new (trace, at->lane, at->index);
  return chrono_instance_life_ran_instead (life, trace, at->lane, from, to);
}

/* A lazily read trace has its instances only in its decoded chunks, each
 * knowing the states from its own start: what ran instead of the holder
 * is added up over the chunks [from, to) lies in, each for its part. */
static GPtrArray *
ran_instead_lazily (ChronoBlocking *blocking, const ChronoBlockingHolder *holder, gint64 from, gint64 to)
{
  ChronoTrace *trace = blocking->trace;
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (trace);
  GPtrArray *ran = chrono_life_occupants_new ();
  g_autoptr (GArray) chunks = chrono_trace_find_chunks (trace, from, to);
  for (guint i = 0; i < chunks->len; i++)
    {
      guint chunk = g_array_index (chunks, guint, i);
      gint64 begin, end;
      chrono_trace_get_chunk_span (trace, chunk, &begin, &end);
      begin = MAX (begin, from);
      end = MIN (end, to);
      ChronoTrace *decoded = end > begin ? chrono_chunk_cache_decode (cache, chunk, NULL) : NULL;
      if (decoded == NULL)
        continue;
      g_object_ref (decoded); /* the cache may drop it while others are decoded */
      g_autoptr (GHashTable) instances = index_instances (decoded);
      g_autoptr (GPtrArray) part = ran_instead_in (decoded, instances, holder, begin, end);
      chrono_life_occupants_merge (ran, part);
      g_object_unref (decoded);
    }
  return ran;
}

static GPtrArray *
holder_ran_instead (ChronoBlocking *blocking, const ChronoBlockingHolder *holder, gint64 from, gint64 to)
{
  if (chrono_trace_is_lazy (blocking->trace))
    return ran_instead_lazily (blocking, holder, from, to);
  if (blocking->instances == NULL)
    blocking->instances = index_instances (blocking->trace);
  return ran_instead_in (blocking->trace, blocking->instances, holder, from, to);
}

ChronoBlockingCause *
chrono_blocking_cause_new (ChronoBlocking *blocking, const ChronoBlockingWait *wait)
{
  ChronoTrace *trace = blocking->trace;
  ChronoBlockingCause *cause = g_new0 (ChronoBlockingCause, 1);
  cause->ran_instead = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  gint64 from = wait->access->requested;
  gint64 to = wait->access->assigned != CHRONO_ACCESS_NEVER ? wait->access->assigned : chrono_trace_get_end (trace);
  const char *waiter = chrono_strings_get (chrono_trace_get_strings (trace), wait->access->process);
  for (guint h = 0; h < wait->n_held_by; h++)
    {
      /* once the holder let go, what took its core no longer kept the waiter waiting */
      gint64 held_until = wait->held_by[h].released != CHRONO_ACCESS_NEVER ? MIN (to, wait->held_by[h].released) : to;
      GPtrArray *ran = holder_ran_instead (blocking, &wait->held_by[h], from, held_until);
      for (guint i = 0; i < ran->len; i++)
        {
          const ChronoLifeOccupant *o = g_ptr_array_index (ran, i);
          if (!g_str_equal (o->process, waiter)) /* the waiter's own process is no third party */
            cause->others_ran += o->time;
        }
      g_ptr_array_add (cause->ran_instead, ran);
    }
  cause->inversion = cause->others_ran > 0;
  return cause;
}

void
chrono_blocking_cause_free (ChronoBlockingCause *cause)
{
  if (cause == NULL)
    return;
  g_ptr_array_unref (cause->ran_instead);
  g_free (cause);
}

/* Every instance's waits, once: a page listing each instance of a task
 * asks for them all (a scan per instance was waits × instances). */
static GHashTable *
index_waits (ChronoBlocking *blocking)
{
  GHashTable *index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  ChronoStrings *strings = chrono_trace_get_strings (blocking->trace);
  for (guint i = 0; i < blocking->waits->len; i++)
    {
      ChronoBlockingWait *wait = &g_array_index (blocking->waits, ChronoBlockingWait, i);
      char *key = instance_key (chrono_strings_get (strings, wait->access->process), wait->access->instance);
      GPtrArray *waits = g_hash_table_lookup (index, key);
      if (waits == NULL)
        g_hash_table_insert (index, key, waits = g_ptr_array_new ());
      else
        g_free (key);
      g_ptr_array_add (waits, wait);
    }
  return index;
}

GPtrArray *
chrono_blocking_waits_of (ChronoBlocking *blocking, ChronoTrace *trace, const char *process, gint64 instance)
{
  g_return_val_if_fail (trace == blocking->trace, g_ptr_array_new ());
  if (blocking->waits_by_instance == NULL)
    blocking->waits_by_instance = index_waits (blocking);
  g_autofree char *key = instance_key (process, instance);
  GPtrArray *waits = g_hash_table_lookup (blocking->waits_by_instance, key);
  return waits != NULL ? g_ptr_array_copy (waits, NULL, NULL) : g_ptr_array_new ();
}

static void
append_instance (GString *out, const char *process, gint64 number)
{
  g_string_append (out, process);
  if (number != G_MININT64)
    g_string_append_printf (out, " #%" G_GINT64_FORMAT, number);
}

/* "which Task_Mid #2 preempted for 4.2 ms": the others that had the holder's core, longest first. */
static void
append_preempters (GString *out, const ChronoClock *clock, GPtrArray *ran, const char *waiter)
{
  g_autoptr (GPtrArray) others = g_ptr_array_new ();
  for (guint i = 0; i < ran->len; i++)
    {
      const ChronoLifeOccupant *o = g_ptr_array_index (ran, i);
      if (!g_str_equal (o->process, waiter))
        g_ptr_array_add (others, (gpointer) o);
    }
  for (guint i = 0; i < others->len; i++)
    {
      const ChronoLifeOccupant *o = g_ptr_array_index (others, i);
      g_autofree char *length = chrono_clock_format_duration (clock, (guint64) o->time, 3);
      g_string_append (out, i == 0 ? _ (", which ") : _ (" and "));
      append_instance (out, o->process, o->number);
      if (i + 1 == others->len)
        g_string_append_printf (out, _ (" preempted for %s"), length);
      else
        g_string_append_printf (out, _ (" (%s)"), length);
    }
}

char *
chrono_blocking_describe (ChronoTrace *trace, const ChronoBlockingWait *wait, const ChronoBlockingCause *cause)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  const char *waiter = chrono_strings_get (chrono_trace_get_strings (trace), wait->access->process);
  GString *out = g_string_new (NULL);
  gint64 ticks = chrono_blocking_wait_ticks (wait);
  if (ticks >= 0)
    {
      g_autofree char *length = chrono_clock_format_duration (clock, (guint64) ticks, 3);
      g_string_append_printf (out, _ ("waited %s on %s"), length, chrono_lane_get_name (wait->semaphore));
    }
  else
    g_string_append_printf (out, _ ("waited on %s until the trace ended,"), chrono_lane_get_name (wait->semaphore));
  for (guint h = 0; h < wait->n_held_by; h++)
    {
      g_string_append (out, h == 0 ? _ (" held by ") : _ (" and "));
      append_instance (out, wait->held_by[h].process, wait->held_by[h].instance);
      append_preempters (out, clock, g_ptr_array_index (cause->ran_instead, h), waiter);
    }
  if (wait->n_held_by == 0)
    g_string_append (out,
                     ticks >= 0 ? _ (", which nobody held when it asked") : _ (" which nobody held when it asked"));
  if (cause->inversion)
    g_string_append (out, _ (" — priority inversion"));
  return g_string_free (out, FALSE);
}

/* ---- per instance: what it waited, held, and how often it was inverted --- */

static void
add_lane_totals (GHashTable *totals, ChronoStrings *strings, ChronoAccesses *accesses)
{
  for (guint i = 0; i < chrono_accesses_get_n (accesses); i++)
    {
      const ChronoAccess *a = chrono_accesses_get (accesses, i);
      g_autofree char *key = instance_key (chrono_strings_get (strings, a->process), a->instance);
      ChronoBlockingTotals *t = g_hash_table_lookup (totals, key);
      if (t == NULL)
        g_hash_table_insert (totals, g_steal_pointer (&key), t = g_new0 (ChronoBlockingTotals, 1));
      if (a->requested != CHRONO_ACCESS_NEVER && a->assigned != CHRONO_ACCESS_NEVER)
        t->wait += a->assigned - a->requested;
      if (a->assigned != CHRONO_ACCESS_NEVER && a->released != CHRONO_ACCESS_NEVER)
        t->hold += a->released - a->assigned;
    }
}

/* A wait that found the semaphore held is an inversion when another
 * process took a holder's core meanwhile: counted for the waiter. */
static void
add_inversions (GHashTable *totals, ChronoTrace *trace)
{
  g_autoptr (ChronoBlocking) blocking = chrono_blocking_new (trace);
  for (guint i = 0; i < blocking->waits->len; i++)
    {
      const ChronoBlockingWait *wait = &g_array_index (blocking->waits, ChronoBlockingWait, i);
      if (wait->n_held_by == 0)
        continue;
      g_autoptr (ChronoBlockingCause) cause = chrono_blocking_cause_new (blocking, wait);
      const char *process = chrono_strings_get (chrono_trace_get_strings (trace), wait->access->process);
      g_autofree char *key = instance_key (process, wait->access->instance);
      ChronoBlockingTotals *t = g_hash_table_lookup (totals, key);
      if (t != NULL && cause->inversion)
        t->inversions++;
    }
}

GHashTable *
chrono_blocking_totals_new (ChronoTrace *trace)
{
  GHashTable *totals = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoAccesses *accesses = chrono_lane_get_accesses (g_ptr_array_index (lanes, i));
      if (accesses != NULL)
        add_lane_totals (totals, chrono_trace_get_strings (trace), accesses);
    }
  if (g_hash_table_size (totals) > 0)
    add_inversions (totals, trace);
  return totals;
}

const ChronoBlockingTotals *
chrono_blocking_totals_lookup (GHashTable *totals, const char *process, gint64 number)
{
  if (totals == NULL || g_hash_table_size (totals) == 0 || number == G_MININT64)
    return NULL;
  g_autofree char *key = instance_key (process, number);
  return g_hash_table_lookup (totals, key);
}

/* ---- where the response time went ----------------------------------------- */

const char *
chrono_breakdown_part_get_label (ChronoBreakdownPart part)
{
  switch (part)
    {
    case CHRONO_BREAKDOWN_RUNNING: return _ ("Running");
    case CHRONO_BREAKDOWN_READY: return _ ("Ready (preempted)");
    case CHRONO_BREAKDOWN_SEMAPHORE: return _ ("Waiting on a semaphore");
    case CHRONO_BREAKDOWN_OS_EVENT: return _ ("Waiting on an OS event");
    case CHRONO_BREAKDOWN_POLLING: return _ ("Polling");
    case CHRONO_BREAKDOWN_PARKING: return _ ("Parking");
    default: g_return_val_if_reached ("");
    }
}

ChronoState
chrono_breakdown_part_get_state (ChronoBreakdownPart part)
{
  static const ChronoState states[CHRONO_N_BREAKDOWN] = {
    CHRONO_STATE_RUNNING, CHRONO_STATE_READY,   CHRONO_STATE_SEM_REQUESTED,
    CHRONO_STATE_WAITING, CHRONO_STATE_POLLING, CHRONO_STATE_PARKING,
  };
  g_return_val_if_fail (part < CHRONO_N_BREAKDOWN, CHRONO_STATE_NONE);
  return states[part];
}

/* Ticks of [begin, end) inside the waits' windows (which do not overlap:
 * an instance asks for one semaphore at a time). */
static gint64
ticks_in_waits (GPtrArray *waits, gint64 begin, gint64 end)
{
  gint64 inside = 0;
  for (guint i = 0; i < waits->len; i++)
    {
      const ChronoBlockingWait *wait = g_ptr_array_index (waits, i);
      gint64 until = wait->access->assigned != CHRONO_ACCESS_NEVER ? wait->access->assigned : G_MAXINT64;
      gint64 from = MAX (begin, wait->access->requested), to = MIN (end, until);
      if (to > from)
        inside += to - from;
    }
  return inside;
}

void
chrono_blocking_breakdown (GArray *states, GPtrArray *waits, gint64 ticks[CHRONO_N_BREAKDOWN])
{
  memset (ticks, 0, CHRONO_N_BREAKDOWN * sizeof ticks[0]);
  for (guint i = 0; i < states->len; i++)
    {
      const ChronoLifeState *s = &g_array_index (states, ChronoLifeState, i);
      gint64 length = s->end - s->begin;
      switch (s->state)
        {
        case CHRONO_STATE_RUNNING: ticks[CHRONO_BREAKDOWN_RUNNING] += length; continue;
        case CHRONO_STATE_READY:
        case CHRONO_STATE_ACTIVE: ticks[CHRONO_BREAKDOWN_READY] += length; continue;
        case CHRONO_STATE_WAITING:
        case CHRONO_STATE_POLLING:
        case CHRONO_STATE_PARKING: break;
        default: continue;
        }
      gint64 blocked = ticks_in_waits (waits, s->begin, s->end);
      ticks[CHRONO_BREAKDOWN_SEMAPHORE] += blocked;
      ChronoBreakdownPart rest = s->state == CHRONO_STATE_WAITING   ? CHRONO_BREAKDOWN_OS_EVENT
                                 : s->state == CHRONO_STATE_POLLING ? CHRONO_BREAKDOWN_POLLING
                                                                    : CHRONO_BREAKDOWN_PARKING;
      ticks[rest] += length - blocked;
    }
}

void
chrono_blocking_instance_breakdown (ChronoBlocking *blocking, ChronoLane *process_lane, guint instance_index,
                                    gint64 ticks[CHRONO_N_BREAKDOWN])
{
  g_autoptr (ChronoInstanceLife) life = chrono_instance_life_new (blocking->trace, process_lane, instance_index);
  g_autoptr (GPtrArray) waits = chrono_blocking_waits_of (blocking, blocking->trace, life->process, life->number);
  chrono_blocking_breakdown (life->states, waits, ticks);
}
