#include "chrono-instances.h"

struct _ChronoInstances {
  GArray *rows;
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
  g_free (instances);
}

guint
chrono_instances_add (ChronoInstances *instances, const ChronoInstance *instance)
{
  g_array_append_val (instances->rows, *instance);
  return instances->rows->len - 1;
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
