/* chrono-btf-semaphores.c — semaphores, signals and instant events. */
#include "chrono-btf-machine-private.h"

#include <inttypes.h>

/* ---- semaphores --------------------------------------------------------- */

static ChronoState
semaphore_state_for (const char *event)
{
  static const struct {
    const char *event;
    ChronoState state;
  } table[] = {
    { "ready", CHRONO_STATE_SEM_FREE },        { "free", CHRONO_STATE_SEM_FREE },
    { "unlock", CHRONO_STATE_SEM_FREE },       { "used", CHRONO_STATE_SEM_USED },
    { "unlock_full", CHRONO_STATE_SEM_USED },  { "lock", CHRONO_STATE_SEM_FULL },
    { "lock_used", CHRONO_STATE_SEM_FULL },    { "full", CHRONO_STATE_SEM_FULL },
    { "overfull", CHRONO_STATE_SEM_OVERFULL },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (table); i++)
    if (names_equal (event, table[i].event))
      return table[i].state;
  return CHRONO_STATE_NONE;
}

static void
free_access (gpointer data)
{
  g_free (data);
}

Access *
chrono_btf_ensure_access (Entity *sem, const char *process)
{
  if (sem->accesses == NULL)
    sem->accesses = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, free_access);
  Access *access = g_hash_table_lookup (sem->accesses, process);
  if (access != NULL)
    return access;
  access = g_new0 (Access, 1);
  g_autoptr (ChronoLane) lane = chrono_lane_new (process, CHRONO_LANE_ACCESS, "SEM");
  chrono_lane_append_child (sem->lane, lane);
  access->lane = lane;
  g_hash_table_insert (sem->accesses, g_strdup (process), access);
  return access;
}

static void
access_set_state (ChronoBtfMachine *m, Access *access, gint64 time, ChronoState state)
{
  if (access->state == state)
    return;
  chrono_btf_add_span (m, access->lane, access->since, time, access->state, 0);
  access->state = state;
  access->since = time;
}

/* ---- the semaphore's table of accesses ---------------------------------- */

/* Who holds or asks for a semaphore: a process (its name's id in the
 * trace's strings) and its instance. */
typedef struct {
  guint32 process;
  gint64 instance;
} AccessKey;

/* The rows a key has open, oldest first (a counting semaphore may be taken
 * again before it is given back); the table's key is the one inside. */
typedef struct {
  AccessKey key;
  GArray *rows; /* guint */
} OpenRows;

static guint
access_key_hash (gconstpointer data)
{
  const AccessKey *key = data;
  guint64 h = ((guint64) key->process << 32) ^ (guint64) key->instance;
  h *= G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  return (guint) (h >> 32);
}

static gboolean
access_key_equal (gconstpointer a, gconstpointer b)
{
  const AccessKey *x = a, *y = b;
  return x->process == y->process && x->instance == y->instance;
}

static void
open_rows_free (gpointer data)
{
  OpenRows *open = data;
  g_array_unref (open->rows);
  g_free (open);
}

/* A process no request named: no key of the table has it. */
#define UNKNOWN_PROCESS G_MAXUINT32

/* The event's key; a request's process is interned, an assignment's or a
 * release's only looked up (a name the trace never asked with adds none). */
static AccessKey
access_key (ChronoBtfMachine *m, const ChronoBtfEvent *ev, gboolean request)
{
  if (request || *ev->source == '\0')
    return (AccessKey){ chrono_strings_intern (m->strings, ev->source), ev->source_instance };
  guint32 id = chrono_strings_lookup_interned (m->strings, ev->source);
  return (AccessKey){ id != CHRONO_STRING_NONE ? id : UNKNOWN_PROCESS, ev->source_instance };
}

/* The open rows of this event's (process, instance), oldest first, or NULL. */
static GArray *
open_rows (Entity *sem, const AccessKey *key)
{
  OpenRows *open = sem->open_accesses ? g_hash_table_lookup (sem->open_accesses, key) : NULL;
  return open ? open->rows : NULL;
}

static guint
add_access (ChronoBtfMachine *m, Entity *sem, const ChronoBtfEvent *ev, const AccessKey *key, gint64 requested)
{
  if (sem->open_accesses == NULL)
    {
      sem->open_accesses = g_hash_table_new_full (access_key_hash, access_key_equal, NULL, open_rows_free);
      sem->holding = g_array_new (FALSE, FALSE, sizeof (guint));
    }
  AccessKey known = *key;
  if (known.process == UNKNOWN_PROCESS)
    known.process = chrono_strings_intern (m->strings, ev->source);
  key = &known;
  ChronoAccess access = {
    .process = key->process,
    .instance = ev->source_instance,
    .requested = requested,
    .assigned = CHRONO_ACCESS_NEVER,
    .released = CHRONO_ACCESS_NEVER,
    .line = m->line,
  };
  ChronoAccesses *table = chrono_lane_ensure_accesses (sem->lane);
  guint row = chrono_accesses_add (table, &access, (const guint *) sem->holding->data, sem->holding->len);
  g_assert (row != G_MAXUINT); /* holders are rows already in the table */
  GArray *rows = open_rows (sem, key);
  if (rows == NULL)
    {
      OpenRows *open = g_new (OpenRows, 1);
      open->key = *key;
      open->rows = rows = g_array_new (FALSE, FALSE, sizeof (guint));
      g_hash_table_insert (sem->open_accesses, &open->key, open);
    }
  g_array_append_val (rows, row);
  return row;
}

static void
stop_holding (Entity *sem, guint row)
{
  for (guint i = 0; i < sem->holding->len; i++)
    if (g_array_index (sem->holding, guint, i) == row)
      {
        g_array_remove_index (sem->holding, i);
        return;
      }
}

/* The latest open row that is (assigned) or is not yet assigned; G_MAXUINT when none. */
static guint
latest_open (ChronoAccesses *table, GArray *rows, gboolean assigned, guint *at)
{
  for (guint i = rows ? rows->len : 0; i-- > 0;)
    {
      guint row = g_array_index (rows, guint, i);
      if ((chrono_accesses_get (table, row)->assigned != CHRONO_ACCESS_NEVER) == assigned)
        {
          *at = i;
          return row;
        }
    }
  return G_MAXUINT;
}

static void
note_assigned (ChronoBtfMachine *m, Entity *sem, const ChronoBtfEvent *ev, const AccessKey *key)
{
  ChronoAccesses *table = chrono_lane_ensure_accesses (sem->lane);
  guint at, row = latest_open (table, open_rows (sem, key), FALSE, &at);
  if (row == G_MAXUINT) /* held since before the trace began, or a duplicate assignment */
    {
      if (latest_open (table, open_rows (sem, key), TRUE, &at) != G_MAXUINT)
        return;
      row = add_access (m, sem, ev, key, CHRONO_ACCESS_NEVER);
    }
  chrono_accesses_get (table, row)->assigned = ev->time;
  g_array_append_val (sem->holding, row);
}

/* A release closes the latest access it holds (else the latest it asked for). */
static void
note_released (ChronoBtfMachine *m, Entity *sem, const ChronoBtfEvent *ev, const AccessKey *key)
{
  GArray *rows = open_rows (sem, key);
  ChronoAccesses *table = chrono_lane_get_accesses (sem->lane);
  guint at = 0, row = table ? latest_open (table, rows, TRUE, &at) : G_MAXUINT;
  if (row == G_MAXUINT && table != NULL)
    row = latest_open (table, rows, FALSE, &at);
  if (row == G_MAXUINT)
    {
      chrono_warnings_add (m->warnings, m->line, "released without a request",
                           _ ("%s (instance %" PRId64 ") releases %s, which it did not request in the trace "
                              "(it may have held it since before the trace began)"),
                           ev->source, ev->source_instance, sem->name);
      return;
    }
  chrono_accesses_get (table, row)->released = ev->time;
  stop_holding (sem, row);
  g_array_remove_index (rows, at);
  if (rows->len == 0)
    g_hash_table_remove (sem->open_accesses, key);
}

/* requestsemaphore (exclusivesemaphore before BTF 2.2), assigned and
 * released, by (process, instance): a request opens a row with the holders
 * of the moment, an assignment makes it a holder, a release closes it.
 * The index pass keeps the table whole; a decoded chunk does not (its
 * checkpoint holds no accesses). */
static void
note_access (ChronoBtfMachine *m, Entity *sem, const ChronoBtfEvent *ev)
{
  if (m->decoding_chunk)
    return;
  gboolean request = names_equal (ev->event, "requestsemaphore") || names_equal (ev->event, "exclusivesemaphore");
  AccessKey key = access_key (m, ev, request);
  if (request)
    add_access (m, sem, ev, &key, ev->time);
  else if (names_equal (ev->event, "assigned"))
    note_assigned (m, sem, ev, &key);
  else
    note_released (m, sem, ev, &key);
}

void
chrono_btf_semaphore_event (ChronoBtfMachine *m, Entity *sem, const ChronoBtfEvent *ev)
{
  if (strcmp (ev->source, sem->name) == 0)
    {
      ChronoState state = semaphore_state_for (ev->event);
      if (state == CHRONO_STATE_NONE)
        {
          chrono_btf_add_mark (m, sem->lane, ev);
          return;
        }
      if (state != sem->sem_state)
        {
          chrono_btf_add_span (m, sem->lane, sem->sem_since, ev->time, sem->sem_state, 0);
          sem->sem_state = state;
          sem->sem_since = ev->time;
        }
      return;
    }

  Access *access = chrono_btf_ensure_access (sem, ev->source);
  if (names_equal (ev->event, "requestsemaphore") || names_equal (ev->event, "exclusivesemaphore")
      || names_equal (ev->event, "assigned") || names_equal (ev->event, "released"))
    note_access (m, sem, ev);
  if (names_equal (ev->event, "requestsemaphore") || names_equal (ev->event, "exclusivesemaphore")
      || names_equal (ev->event, "waiting"))
    access_set_state (m, access, ev->time, CHRONO_STATE_SEM_REQUESTED);
  else if (names_equal (ev->event, "assigned"))
    access_set_state (m, access, ev->time, CHRONO_STATE_SEM_HOLDING);
  else if (names_equal (ev->event, "released"))
    access_set_state (m, access, ev->time, CHRONO_STATE_NONE);
  else
    chrono_btf_add_mark (m, access->lane, ev);
}

/* ---- signals and instant events ----------------------------------------- */

static gboolean
parse_value (const char *text, double *out)
{
  if (text == NULL || *text == '\0')
    return FALSE;
  char *end = NULL;
  *out = g_ascii_strtod (text, &end);
  if (end != text && *end == '\0')
    return TRUE;
  /* hexadecimal values are common in embedded traces */
  if (g_str_has_prefix (text, "0x") || g_str_has_prefix (text, "0X"))
    {
      guint64 value = g_ascii_strtoull (text + 2, &end, 16);
      if (end != text + 2 && *end == '\0')
        {
          *out = (double) value;
          return TRUE;
        }
    }
  return FALSE;
}

/* A signal holds its value until the next write (an index pass keeps only
 * each bucket's range of values). */
void
chrono_btf_signal_step (ChronoBtfMachine *m, Entity *sig, gint64 time, double value)
{
  if (m->summary_buckets > 0)
    {
      if (sig->have_value)
        chrono_summary_add_value (chrono_btf_lane_summary (m, sig->lane), sig->value_since, time, sig->value);
    }
  else
    {
      const ChronoClock *clock = chrono_trace_get_clock (m->trace);
      chrono_signal_append_step (chrono_lane_ensure_signal (sig->lane, clock->ticks_per_second), time, value);
    }
  sig->have_value = TRUE;
  sig->value = value;
  sig->value_since = time;
}

void
chrono_btf_signal_event (ChronoBtfMachine *m, Entity *sig, const ChronoBtfEvent *ev)
{
  double value;
  if (names_equal (ev->event, "write") && parse_value (ev->note, &value))
    {
      chrono_btf_signal_step (m, sig, ev->time, value);
      return;
    }
  chrono_btf_add_mark (m, sig->lane, ev);
}

void
chrono_btf_simulation_event (ChronoBtfMachine *m, Entity *sim, const ChronoBtfEvent *ev)
{
  /* 2.1.5 tags describe the platform: "CORE_INIT" names a core as the source;
   * "SIG_INIT_VALUE,<v>" gives a signal's value before any write. */
  if (ev->note && g_ascii_strcasecmp (ev->note, "CORE_INIT") == 0)
    {
      chrono_btf_ensure_entity (m, BTF_C, ev->source, "C");
      return;
    }
  if (ev->note && g_ascii_strncasecmp (ev->note, "SIG_INIT_VALUE,", 15) == 0)
    {
      double value;
      if (parse_value (ev->note + 15, &value))
        {
          chrono_btf_signal_step (m, chrono_btf_ensure_entity (m, BTF_SIG, ev->source, "SIG"), ev->time, value);
          return;
        }
    }
  chrono_btf_add_mark (m, sim->lane, ev);
}
