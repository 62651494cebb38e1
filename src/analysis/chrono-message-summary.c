/* chrono-message-summary.c — one pass over the messages into a table keyed
 * by the bin's smallest size, the tag or the communicator's string id, then
 * sorted. */
#include "chrono-message-summary.h"

#include <string.h>

#include "chrono-comm.h"

static const char *const grouping_names[] = { "size", "tag", "communicator" };

const char *
chrono_message_grouping_name (ChronoMessageGrouping by)
{
  g_return_val_if_fail (by < CHRONO_N_MESSAGE_GROUPINGS, NULL);
  return grouping_names[by];
}

gboolean
chrono_message_grouping_parse (const char *name, ChronoMessageGrouping *out)
{
  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (grouping_names); i++)
    if (g_str_equal (name, grouping_names[i]))
      {
        *out = (ChronoMessageGrouping) i;
        return TRUE;
      }
  return FALSE;
}

/* The bin of a size: 0, or [2^k, 2^(k+1) − 1] for the k of its highest bit. */
static void
size_bin (guint64 bytes, guint64 *smallest, guint64 *largest)
{
  if (bytes == 0)
    {
      *smallest = *largest = 0;
      return;
    }
  guint k = 63 - (guint) __builtin_clzll (bytes);
  *smallest = G_GUINT64_CONSTANT (1) << k;
  *largest = k == 63 ? G_MAXUINT64 : (*smallest << 1) - 1;
}

static int
by_communicator_name (gconstpointer a, gconstpointer b)
{
  return strcmp (((const ChronoMessageGroup *) a)->communicator, ((const ChronoMessageGroup *) b)->communicator);
}

static int
by_smallest (gconstpointer a, gconstpointer b)
{
  guint64 x = ((const ChronoMessageGroup *) a)->smallest, y = ((const ChronoMessageGroup *) b)->smallest;
  return x < y ? -1 : (x > y);
}

GArray *
chrono_message_summary (ChronoTrace *trace, ChronoMessageGrouping by, const char *communicator)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace) && by < CHRONO_N_MESSAGE_GROUPINGS, NULL);
  if (!chrono_comm_applies (trace))
    return NULL;
  ChronoMessages *messages = chrono_trace_get_messages (trace);
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  GArray *groups = g_array_new (FALSE, FALSE, sizeof (ChronoMessageGroup));
  g_autoptr (GHashTable) index = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  for (guint i = 0; messages != NULL && i < chrono_messages_get_n (messages); i++)
    {
      const ChronoMessage *m = chrono_messages_get (messages, i);
      const char *name = chrono_strings_get (strings, m->communicator);
      if (communicator != NULL && g_strcmp0 (name, communicator) != 0)
        continue;
      ChronoMessageGroup group = { 0 };
      if (by == CHRONO_MESSAGES_BY_SIZE)
        size_bin (m->bytes, &group.smallest, &group.largest);
      else if (by == CHRONO_MESSAGES_BY_TAG)
        group.smallest = group.largest = m->tag;
      else
        group.communicator = name;
      gint64 key = by == CHRONO_MESSAGES_BY_COMMUNICATOR ? (gint64) m->communicator : (gint64) group.smallest;
      gpointer at;
      if (!g_hash_table_lookup_extended (index, &key, NULL, &at))
        {
          g_array_append_val (groups, group);
          at = GUINT_TO_POINTER (groups->len);
          g_hash_table_insert (index, g_memdup2 (&key, sizeof key), at);
        }
      ChronoMessageGroup *g = &g_array_index (groups, ChronoMessageGroup, GPOINTER_TO_UINT (at) - 1);
      g->count++;
      g->bytes += m->bytes;
      g->late_sender += chrono_message_late_sender (m);
    }
  g_array_sort (groups, by == CHRONO_MESSAGES_BY_COMMUNICATOR ? by_communicator_name : by_smallest);
  return groups;
}
