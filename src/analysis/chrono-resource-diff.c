/* chrono-resource-diff.c — both runs' resources sorted by name, then
 * merged as the other runs' items are (chrono_diff_merge). */
#include "chrono-resource-diff.h"

#include "chrono-diff.h"

static const char *const figure_names[CHRONO_N_RESOURCE_FIGURES] = { "claims", "usage", "utilisation" };

const char *
chrono_resource_figure_get_name (ChronoResourceFigure figure)
{
  g_return_val_if_fail (figure < CHRONO_N_RESOURCE_FIGURES, NULL);
  return figure_names[figure];
}

gboolean
chrono_resource_figure_from_name (const char *name, ChronoResourceFigure *out)
{
  for (guint f = 0; f < CHRONO_N_RESOURCE_FIGURES; f++)
    if (g_strcmp0 (name, figure_names[f]) == 0)
      {
        *out = (ChronoResourceFigure) f;
        return TRUE;
      }
  return FALSE;
}

const char *
chrono_resource_name (ChronoTrace *trace, const ChronoResourceStats *r)
{
  const char *name = chrono_attrs_lookup (chrono_trace_get_attrs (trace), chrono_lane_get_attrs (r->lane), "name");
  return name != NULL && *name != '\0' ? name : chrono_lane_get_name (r->lane);
}

double
chrono_resource_figure (ChronoTrace *trace, const ChronoResourceStats *r, ChronoResourceFigure figure)
{
  if (figure == CHRONO_RESOURCE_CLAIMS)
    return (double) r->claims;
  if (figure == CHRONO_RESOURCE_USAGE)
    return r->usage;
  double length = chrono_clock_to_seconds (chrono_trace_get_clock (trace),
                                           chrono_trace_get_end (trace) - chrono_trace_get_begin (trace));
  double capacity = chrono_lane_get_capacity (r->lane);
  return capacity > 0 && length > 0 ? r->usage / (capacity * length) : 0.0;
}

typedef struct {
  const char *name;
  const ChronoResourceStats *stats;
} Named;

static int
by_name (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (((const Named *) a)->name, ((const Named *) b)->name);
}

static GArray *
named (ChronoTrace *trace, GArray *resources)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (Named));
  for (guint i = 0; i < resources->len; i++)
    {
      const ChronoResourceStats *r = &g_array_index (resources, ChronoResourceStats, i);
      Named n = { chrono_resource_name (trace, r), r };
      g_array_append_val (out, n);
    }
  g_array_sort (out, by_name);
  return out;
}

ChronoResourceDiff *
chrono_resource_diff_new (ChronoTrace *a, GArray *resources_a, ChronoTrace *b, GArray *resources_b)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (a) && CHRONO_IS_TRACE (b) && resources_a != NULL && resources_b != NULL, NULL);
  ChronoResourceDiff *diff = g_new0 (ChronoResourceDiff, 1);
  diff->both = g_array_new (FALSE, FALSE, sizeof (ChronoResourcePair));
  diff->only_a = g_ptr_array_new ();
  diff->only_b = g_ptr_array_new ();
  g_autoptr (GArray) sa = named (a, resources_a), sb = named (b, resources_b);
  g_autoptr (GPtrArray) pa = chrono_diff_pointers (sa), pb = chrono_diff_pointers (sb);
  g_autoptr (GPtrArray) pairs = g_ptr_array_new (), only_a = g_ptr_array_new (), only_b = g_ptr_array_new ();
  chrono_diff_merge (pa->pdata, pa->len, pb->pdata, pb->len, by_name, pairs, only_a, only_b);
  for (guint k = 0; k < pairs->len; k += 2)
    {
      const Named *x = pairs->pdata[k], *y = pairs->pdata[k + 1];
      ChronoResourcePair pair = { x->name, x->stats, y->stats };
      g_array_append_val (diff->both, pair);
    }
  for (guint i = 0; i < only_a->len; i++)
    g_ptr_array_add (diff->only_a, (gpointer) ((const Named *) only_a->pdata[i])->name);
  for (guint i = 0; i < only_b->len; i++)
    g_ptr_array_add (diff->only_b, (gpointer) ((const Named *) only_b->pdata[i])->name);
  return diff;
}

void
chrono_resource_diff_free (ChronoResourceDiff *diff)
{
  if (diff == NULL)
    return;
  g_array_unref (diff->both);
  g_ptr_array_unref (diff->only_a);
  g_ptr_array_unref (diff->only_b);
  g_free (diff);
}
