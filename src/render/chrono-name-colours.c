/* chrono-name-colours.c — n names get H = ⌈n / L⌉ hues, evenly spaced, in
 * L lightness levels (L = 1 up to 12 names, else 3).  Rank r takes hue
 * (r · s) mod H, with s coprime to H near H / 2.6 so that names next to each
 * other in order ("TASK_1", "TASK_2") are far apart on the wheel, and level
 * r div H: every rank has its own pair, so two names differ by at least a
 * hue step or a level.  MPI's names (MPI_Send, "Bcast (collective)") are
 * ranked apart in the red family, as HPC users know them from other
 * viewers; the other names then keep off the reds. */
#include "chrono-name-colours.h"

#include <math.h>

#define FEW_NAMES 12 /* up to this many: one lightness, hues alone apart */
#define LEVELS 3

#define MPI_RANK 0x80000000u /* in a rank: one of the MPI names, ranked among them */

struct _ChronoNameColours {
  GHashTable *rank; /* name (owned) → rank + 1, with MPI_RANK for an MPI name */
  GPtrArray *names; /* until sealed */
  guint hues, levels, stride;
  gboolean has_mpi; /* MPI names take the reds: the others keep off them */
  gboolean sealed;
};

static gboolean
is_mpi_name (const char *name)
{
  return g_str_has_prefix (name, "MPI_") || g_str_has_prefix (name, "PMPI_")
         || g_str_has_suffix (name, " (collective)");
}

ChronoNameColours *
chrono_name_colours_new (void)
{
  ChronoNameColours *c = g_new0 (ChronoNameColours, 1);
  c->rank = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  c->names = g_ptr_array_new ();
  return c;
}

void
chrono_name_colours_free (ChronoNameColours *c)
{
  if (c == NULL)
    return;
  g_hash_table_unref (c->rank);
  g_ptr_array_unref (c->names);
  g_free (c);
}

static void
add_name (ChronoNameColours *c, const char *name)
{
  if (name == NULL || *name == '\0' || g_hash_table_size (c->rank) >= CHRONO_NAME_COLOURS_MAX
      || g_hash_table_contains (c->rank, name))
    return;
  char *owned = g_strdup (name);
  g_hash_table_insert (c->rank, owned, GUINT_TO_POINTER (0));
  g_ptr_array_add (c->names, owned);
}

/* Only what a trace knows read whole and lazily alike, so both draw the
 * same picture: its processes (the occupants of cores) and the labels its
 * loader noted as colouring items. */
void
chrono_name_colours_add_trace (ChronoNameColours *c, ChronoTrace *trace)
{
  g_return_if_fail (!c->sealed && CHRONO_IS_TRACE (trace));
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint l = 0; l < lanes->len; l++)
    if (chrono_lane_get_kind (g_ptr_array_index (lanes, l)) == CHRONO_LANE_PROCESS)
      add_name (c, chrono_lane_get_name (g_ptr_array_index (lanes, l)));
  g_autoptr (GArray) labels = chrono_trace_list_colour_labels (trace);
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  for (guint i = 0; i < labels->len; i++)
    add_name (c, chrono_strings_get (strings, g_array_index (labels, guint32, i)));
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return chrono_natural_compare (*(const char *const *) a, *(const char *const *) b);
}

static guint
gcd (guint a, guint b)
{
  while (b != 0)
    {
      guint t = a % b;
      a = b;
      b = t;
    }
  return a;
}

void
chrono_name_colours_seal (ChronoNameColours *c)
{
  if (c->sealed)
    return;
  g_ptr_array_sort (c->names, compare_names);
  guint n_mpi = 0, n_other = 0;
  for (guint i = 0; i < c->names->len; i++)
    {
      const char *name = g_ptr_array_index (c->names, i);
      guint rank = is_mpi_name (name) ? (n_mpi++ | MPI_RANK) : n_other++;
      g_hash_table_insert (c->rank, g_strdup (name), GUINT_TO_POINTER (rank + 1));
    }
  c->has_mpi = n_mpi > 0;
  guint n = MAX (n_other, 1);
  c->levels = n <= FEW_NAMES ? 1 : LEVELS;
  c->hues = (n + c->levels - 1) / c->levels;
  c->stride = MAX ((guint) lround (c->hues / 2.618), 1);
  while (gcd (c->stride, c->hues) != 1)
    c->stride++;
  g_ptr_array_set_size (c->names, 0); /* the table's keys are what stays */
  c->sealed = TRUE;
}

/* The k-th MPI name: crimson, red and orange-red in three lightness levels. */
static void
mpi_colour (const ChronoPalette *palette, guint k, ChronoRgb *out)
{
  static const double hues[] = { 0.995, 0.965, 0.025 };
  static const double light[] = { 0.50, 0.38, 0.64 }, dark[] = { 0.50, 0.40, 0.62 };
  guint level = (k / G_N_ELEMENTS (hues)) % G_N_ELEMENTS (light);
  double saturation = k < 9 ? 0.72 : 0.5;
  chrono_rgb_from_hsl (hues[k % G_N_ELEMENTS (hues)], saturation, (palette->dark ? dark : light)[level], out);
}

guint
chrono_name_colours_get_n (const ChronoNameColours *c)
{
  return g_hash_table_size (c->rank);
}

void
chrono_name_colours_get (const ChronoNameColours *c, const ChronoPalette *palette, const char *name, ChronoRgb *out)
{
  guint rank = c != NULL && c->sealed && name != NULL ? GPOINTER_TO_UINT (g_hash_table_lookup (c->rank, name)) : 0;
  if (rank == 0)
    {
      chrono_palette_get_name_color (palette, name, out);
      return;
    }
  rank--;
  if (rank & MPI_RANK)
    {
      mpi_colour (palette, rank & ~MPI_RANK, out);
      return;
    }
  guint hue = (guint) (((guint64) rank * c->stride) % c->hues);
  guint level = MIN (rank / c->hues, c->levels - 1);
  /* the middle level is the hashed colours' lightness; the others either side */
  static const double light[LEVELS] = { 0.62, 0.48, 0.76 }, dark[LEVELS] = { 0.45, 0.33, 0.58 };
  double lightness = (palette->dark ? dark : light)[level];
  /* beside MPI's reds, the others take the wheel from amber to magenta */
  double h = c->has_mpi ? 0.14 + 0.74 * hue / c->hues : (double) hue / c->hues + 0.03;
  chrono_rgb_from_hsl (h, 0.62, lightness, out);
}
