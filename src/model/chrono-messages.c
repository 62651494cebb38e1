/* chrono-messages.c — a plain array of rows. */
#include "chrono-messages.h"

struct _ChronoMessages {
  GArray *rows; /* ChronoMessage */
};

ChronoMessages *
chrono_messages_new (void)
{
  ChronoMessages *messages = g_new0 (ChronoMessages, 1);
  messages->rows = g_array_new (FALSE, FALSE, sizeof (ChronoMessage));
  return messages;
}

void
chrono_messages_free (ChronoMessages *messages)
{
  if (messages == NULL)
    return;
  g_array_unref (messages->rows);
  g_free (messages);
}

void
chrono_messages_add (ChronoMessages *messages, const ChronoMessage *message)
{
  g_array_append_vals (messages->rows, message, 1);
}

guint
chrono_messages_get_n (ChronoMessages *messages)
{
  return messages->rows->len;
}

const ChronoMessage *
chrono_messages_get (ChronoMessages *messages, guint index)
{
  g_return_val_if_fail (index < messages->rows->len, NULL);
  return &g_array_index (messages->rows, ChronoMessage, index);
}
