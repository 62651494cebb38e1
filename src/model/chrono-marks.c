#include "chrono-marks.h"

#include <stdlib.h>

struct _ChronoMarks {
  GArray *rows; /* ChronoMark; marks are few and read together, so rows suffice */
  gboolean sealed;
};

ChronoMarks *
chrono_marks_new (void)
{
  ChronoMarks *marks = g_new0 (ChronoMarks, 1);
  marks->rows = g_array_new (FALSE, FALSE, sizeof (ChronoMark));
  return marks;
}

void
chrono_marks_free (ChronoMarks *marks)
{
  if (marks == NULL)
    return;
  g_array_unref (marks->rows);
  g_free (marks);
}

void
chrono_marks_append (ChronoMarks *marks, const ChronoMark *mark)
{
  g_array_append_val (marks->rows, *mark);
  marks->sealed = FALSE;
}

typedef struct {
  ChronoMark mark;
  guint order;
} Keyed;

static int
compare_keyed (gconstpointer a, gconstpointer b)
{
  const Keyed *ka = a, *kb = b;
  if (ka->mark.time != kb->mark.time)
    return ka->mark.time < kb->mark.time ? -1 : 1;
  return ka->order < kb->order ? -1 : (ka->order > kb->order);
}

/* Stable sort by time: marks at one time keep file order. */
void
chrono_marks_seal (ChronoMarks *marks)
{
  if (marks->sealed)
    return;
  gboolean sorted = TRUE;
  for (guint i = 1; i < marks->rows->len && sorted; i++)
    sorted = g_array_index (marks->rows, ChronoMark, i).time >= g_array_index (marks->rows, ChronoMark, i - 1).time;
  if (!sorted)
    {
      guint n = marks->rows->len;
      g_autofree Keyed *keyed = g_new (Keyed, n);
      for (guint i = 0; i < n; i++)
        keyed[i] = (Keyed){ g_array_index (marks->rows, ChronoMark, i), i };
      qsort (keyed, n, sizeof *keyed, compare_keyed);
      for (guint i = 0; i < n; i++)
        g_array_index (marks->rows, ChronoMark, i) = keyed[i].mark;
    }
  marks->sealed = TRUE;
}

guint
chrono_marks_get_n (ChronoMarks *marks)
{
  return marks->rows->len;
}

void
chrono_marks_get (ChronoMarks *marks, guint index, ChronoMark *out)
{
  g_return_if_fail (index < marks->rows->len);
  *out = g_array_index (marks->rows, ChronoMark, index);
}

gint64
chrono_marks_get_time (ChronoMarks *marks, guint index)
{
  return g_array_index (marks->rows, ChronoMark, index).time;
}

guint
chrono_marks_first_at_or_after (ChronoMarks *marks, gint64 time)
{
  guint lo = 0, hi = marks->rows->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (g_array_index (marks->rows, ChronoMark, mid).time >= time)
        hi = mid;
      else
        lo = mid + 1;
    }
  return lo;
}
