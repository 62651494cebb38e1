/* chrono-otf2-merge-properties.c — the anchor's trace properties
 * ("OTF2::MPI_COMMUNICATION_COMPLETE" = "true", …): promises about the
 * whole trace, so the merged archive makes one only when every input
 * makes it with the same value. */
#include <stdlib.h>

#include "chrono-otf2-merge-private.h"

void
chrono_otf2_merge_read_properties (MergeInput *in, OTF2_Reader *otf2)
{
  uint32_t n = 0;
  char **names = NULL;
  if (OTF2_Reader_GetPropertyNames (otf2, &n, &names) != OTF2_SUCCESS)
    return;
  for (uint32_t i = 0; i < n; i++)
    {
      char *value = NULL;
      if (OTF2_Reader_GetProperty (otf2, names[i], &value) == OTF2_SUCCESS && value != NULL)
        g_hash_table_insert (in->properties, g_strdup (names[i]), g_strdup (value));
      free (value);
    }
  free (names); /* one allocation, the names with it (OTF2_Reader.h) */
}

gboolean
chrono_otf2_merge_write_properties (ChronoOtf2Merge *m)
{
  GHashTableIter iter;
  gpointer name, value;
  g_hash_table_iter_init (&iter, m->inputs[0].properties);
  while (g_hash_table_iter_next (&iter, &name, &value))
    {
      gboolean shared = TRUE;
      for (guint k = 1; shared && k < m->n_inputs; k++)
        shared = g_strcmp0 (g_hash_table_lookup (m->inputs[k].properties, name), value) == 0;
      if (shared && OTF2_Archive_SetProperty (m->archive, name, value, false) != OTF2_SUCCESS)
        return FALSE;
    }
  return TRUE;
}
