#include "chrono-instances.h"

#include "chrono-clock.h"

struct _ChronoInstances {
  GArray *rows;
  GArray *released; /* guint: rows free for reuse */
  ChronoInstanceTotals totals;
};

ChronoInstances *
chrono_instances_new (void)
{
  ChronoInstances *instances = g_new0 (ChronoInstances, 1);
  instances->rows = g_array_new (FALSE, FALSE, sizeof (ChronoInstance));
  return instances;
}

void
chrono_instances_free (ChronoInstances *instances)
{
  if (instances == NULL)
    return;
  g_array_unref (instances->rows);
  if (instances->released)
    g_array_unref (instances->released);
  g_free (instances);
}

guint
chrono_instances_add (ChronoInstances *instances, const ChronoInstance *instance)
{
  if (instances->released != NULL && instances->released->len > 0)
    {
      guint index = g_array_index (instances->released, guint, instances->released->len - 1);
      g_array_set_size (instances->released, instances->released->len - 1);
      g_array_index (instances->rows, ChronoInstance, index) = *instance;
      return index;
    }
  g_array_append_val (instances->rows, *instance);
  return instances->rows->len - 1;
}

void
chrono_instances_release (ChronoInstances *instances, guint index)
{
  g_return_if_fail (index < instances->rows->len);
  if (instances->released == NULL)
    instances->released = g_array_new (FALSE, FALSE, sizeof (guint));
  g_array_append_val (instances->released, index);

  const ChronoInstance *row = &g_array_index (instances->rows, ChronoInstance, index);
  ChronoInstanceTotals *t = &instances->totals;
  t->n++;
  t->activated += (row->flags & CHRONO_INSTANCE_ACTIVATED) != 0;
  t->activations += row->activations;
  t->preemptions += row->preemptions;
  guint32 complete = CHRONO_INSTANCE_ACTIVATED | CHRONO_INSTANCE_TERMINATED;
  if ((row->flags & complete) == complete)
    {
      guint64 response = chrono_ticks_between (row->begin, row->end);
      t->response_min = t->response_count ? MIN (t->response_min, response) : response;
      t->response_max = t->response_count ? MAX (t->response_max, response) : response;
      t->response_sum = chrono_ticks_add (t->response_sum, response);
      t->response_count++;
    }
}

const ChronoInstanceTotals *
chrono_instances_get_released_totals (ChronoInstances *instances)
{
  return &instances->totals;
}

/* The pointer is valid until the next add. */
ChronoInstance *
chrono_instances_get (ChronoInstances *instances, guint index)
{
  g_return_val_if_fail (index < instances->rows->len, NULL);
  return &g_array_index (instances->rows, ChronoInstance, index);
}

guint
chrono_instances_get_n (ChronoInstances *instances)
{
  return instances->rows->len;
}
