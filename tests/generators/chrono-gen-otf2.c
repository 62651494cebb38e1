/* chrono-gen-otf2: writes an OTF2 archive of a synthetic parallel run with
 * libotf2's writer, and with --stats the figures `chronoscope-cli info
 * --json` must report for it, from its own bookkeeping.
 *
 * Every location runs rounds: a metric sample, a nest of compute calls
 * (random depth and regions), and with --mpi a message to or from its
 * partner (locations 2k and 2k+1) inside MPI_Send / MPI_Recv.  The whole
 * run is one call of "main" per location between ProgramBegin and
 * ProgramEnd.  Deterministic for a given --seed. */
#include <glib.h>
#include <otf2/otf2.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chrono-gen-common.h"

#define ROUND 1000 /* ticks a round lasts */

typedef struct {
  int seed, locations, depth, regions;
  gint64 events;
  gboolean metrics, mpi, wide_ids;
  guint64 resolution, offset;
} Options;

typedef struct {
  guint64 calls;
  guint64 inclusive;
} RegionFigures;

typedef struct {
  OTF2_GlobalDefWriter *defs;
  GHashTable *strings; /* text -> id + 1 */
  guint32 next_string;
} Strings;

static guint32
string_id (Strings *s, const char *text)
{
  gpointer id = g_hash_table_lookup (s->strings, text);
  if (id != NULL)
    return GPOINTER_TO_UINT (id) - 1;
  guint32 self = s->next_string++;
  OTF2_GlobalDefWriter_WriteString (s->defs, self, text);
  g_hash_table_insert (s->strings, g_strdup (text), GUINT_TO_POINTER (self + 1));
  return self;
}

static OTF2_FlushType
pre_flush (void *data, OTF2_FileType type, OTF2_LocationRef location, void *caller, bool final)
{
  return OTF2_FLUSH;
}

static OTF2_TimeStamp
post_flush (void *data, OTF2_FileType type, OTF2_LocationRef location)
{
  return 0;
}

static OTF2_FlushCallbacks flush_callbacks = { .otf2_pre_flush = pre_flush, .otf2_post_flush = post_flush };

/* Regions: 0 main, 1 MPI_Send, 2 MPI_Recv, then the compute ones. */
enum { REGION_MAIN, REGION_SEND, REGION_RECV, FIRST_COMPUTE };

typedef struct {
  const Options *o;
  OTF2_EvtWriter *w;
  guint64 enters, leaves, metrics, sends;
  RegionFigures *figures; /* by region */
  guint64 cycles;
  gint64 first, last;
} Location;

static void
enter (Location *l, guint64 t, guint32 region)
{
  OTF2_EvtWriter_Enter (l->w, NULL, t, region);
  l->enters++;
  l->figures[region].calls++;
}

static void
leave (Location *l, guint64 t, guint32 region, guint64 entered)
{
  OTF2_EvtWriter_Leave (l->w, NULL, t, region);
  l->leaves++;
  l->figures[region].inclusive += t - entered;
}

static void
sample (Location *l, guint64 t)
{
  OTF2_Type types[2] = { OTF2_TYPE_DOUBLE, OTF2_TYPE_UINT64 };
  OTF2_MetricValue values[2];
  values[0].floating_point = 50.0 + (double) (rng_next () % 1000) / 10.0;
  l->cycles += 1000 + rng_next () % 5000;
  values[1].unsigned_int = l->cycles;
  OTF2_EvtWriter_Metric (l->w, NULL, t, 0, 2, types, values);
  l->metrics++;
}

/* A nest of compute calls within [t, t + 400). */
static void
compute (Location *l, guint64 t)
{
  int depth = 1 + (int) (rng_next () % (guint64) l->o->depth);
  guint32 regions[64];
  for (int d = 0; d < depth; d++)
    {
      regions[d] = FIRST_COMPUTE + (guint32) (rng_next () % (guint64) l->o->regions);
      enter (l, t + (guint64) d, regions[d]);
    }
  guint64 end = t + 100 + rng_next () % 300;
  for (int d = depth - 1; d >= 0; d--)
    leave (l, end - (guint64) d, regions[d], t + (guint64) d);
}

/* Partners 2k and 2k+1 exchange one message a round, turn about. */
static void
communicate (Location *l, int rank, int round, guint64 t)
{
  int partner = rank ^ 1;
  if (partner >= l->o->locations)
    return;
  gboolean sending = (rank % 2 == 0) == (round % 2 == 0);
  if (sending)
    {
      enter (l, t + 500, REGION_SEND);
      OTF2_EvtWriter_MpiSend (l->w, NULL, t + 501, (uint32_t) partner, 0, (uint32_t) round % 7, 1024);
      l->sends++;
      leave (l, t + 502, REGION_SEND, t + 500);
    }
  else
    {
      enter (l, t + 500, REGION_RECV);
      OTF2_EvtWriter_MpiRecv (l->w, NULL, t + 503, (uint32_t) partner, 0, (uint32_t) round % 7, 1024);
      leave (l, t + 504, REGION_RECV, t + 500);
    }
}

static void
run_location (Location *l, int rank, int rounds, OTF2_StringRef program)
{
  guint64 base = l->o->offset + 10;
  OTF2_EvtWriter_ProgramBegin (l->w, NULL, base - 9, program, 0, NULL);
  l->first = (gint64) (base - 9);
  enter (l, base, REGION_MAIN);
  for (int r = 0; r < rounds; r++)
    {
      guint64 t = base + 1 + (guint64) r * ROUND;
      if (l->o->metrics)
        sample (l, t);
      compute (l, t + 10);
      if (l->o->mpi)
        communicate (l, rank, r, t);
    }
  guint64 end = base + 1 + (guint64) rounds * ROUND;
  leave (l, end, REGION_MAIN, base);
  OTF2_EvtWriter_ProgramEnd (l->w, NULL, end + 1, 0);
  l->last = (gint64) (end + 1);
}

static guint64
location_id (const Options *o, int rank)
{
  return o->wide_ids ? (G_GUINT64_CONSTANT (1) << 40) + (guint64) rank * 3 : (guint64) rank;
}

static void
write_definitions (OTF2_Archive *archive, const Options *o, guint64 length, Location *locations)
{
  OTF2_GlobalDefWriter *defs = OTF2_Archive_GetGlobalDefWriter (archive);
  Strings s = { defs, g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL), 0 };
  OTF2_GlobalDefWriter_WriteClockProperties (defs, o->resolution, o->offset, length, OTF2_UNDEFINED_TIMESTAMP);
  const char *fixed[] = { "main", "MPI_Send", "MPI_Recv" };
  for (guint32 r = 0; r < FIRST_COMPUTE + (guint32) o->regions; r++)
    {
      g_autofree char *name =
          r < FIRST_COMPUTE ? g_strdup (fixed[r]) : g_strdup_printf ("compute_%u", r - FIRST_COMPUTE);
      guint32 id = string_id (&s, name);
      OTF2_GlobalDefWriter_WriteRegion (defs, r, id, id, string_id (&s, ""), OTF2_REGION_ROLE_FUNCTION,
                                        r == REGION_SEND || r == REGION_RECV ? OTF2_PARADIGM_MPI : OTF2_PARADIGM_USER,
                                        OTF2_REGION_FLAG_NONE, string_id (&s, "generated.c"), 0, 0);
    }
  OTF2_GlobalDefWriter_WriteSystemTreeNode (defs, 0, string_id (&s, "Generated cluster"), string_id (&s, "machine"),
                                            OTF2_UNDEFINED_SYSTEM_TREE_NODE);
  OTF2_GlobalDefWriter_WriteSystemTreeNode (defs, 1, string_id (&s, "node0"), string_id (&s, "node"), 0);
  g_autofree uint64_t *ids = g_new (uint64_t, o->locations);
  g_autofree uint64_t *ranks = g_new (uint64_t, o->locations);
  for (int l = 0; l < o->locations; l++)
    {
      g_autofree char *group = g_strdup_printf ("MPI Rank %d", l);
      OTF2_GlobalDefWriter_WriteLocationGroup (defs, (uint32_t) l, string_id (&s, group),
                                               OTF2_LOCATION_GROUP_TYPE_PROCESS, 1, OTF2_UNDEFINED_LOCATION_GROUP);
      ids[l] = location_id (o, l);
      ranks[l] = (uint64_t) l;
      OTF2_GlobalDefWriter_WriteLocation (defs, ids[l], string_id (&s, "Master thread"), OTF2_LOCATION_TYPE_CPU_THREAD,
                                          locations[l].enters + locations[l].leaves, (uint32_t) l);
    }
  if (o->metrics)
    {
      OTF2_GlobalDefWriter_WriteMetricMember (defs, 0, string_id (&s, "power"), string_id (&s, ""),
                                              OTF2_METRIC_TYPE_OTHER, OTF2_METRIC_ABSOLUTE_POINT, OTF2_TYPE_DOUBLE,
                                              OTF2_BASE_DECIMAL, 0, string_id (&s, "W"));
      OTF2_GlobalDefWriter_WriteMetricMember (defs, 1, string_id (&s, "cycles"), string_id (&s, ""),
                                              OTF2_METRIC_TYPE_OTHER, OTF2_METRIC_ACCUMULATED_START, OTF2_TYPE_UINT64,
                                              OTF2_BASE_DECIMAL, 0, string_id (&s, "#"));
      OTF2_MetricMemberRef members[2] = { 0, 1 };
      OTF2_GlobalDefWriter_WriteMetricClass (defs, 0, 2, members, OTF2_METRIC_SYNCHRONOUS_STRICT,
                                             OTF2_RECORDER_KIND_CPU);
    }
  if (o->mpi)
    {
      OTF2_GlobalDefWriter_WriteGroup (defs, 0, string_id (&s, "MPI locations"), OTF2_GROUP_TYPE_COMM_LOCATIONS,
                                       OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE, (uint32_t) o->locations, ids);
      OTF2_GlobalDefWriter_WriteGroup (defs, 1, string_id (&s, "MPI_COMM_WORLD ranks"), OTF2_GROUP_TYPE_COMM_GROUP,
                                       OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE, (uint32_t) o->locations, ranks);
      OTF2_GlobalDefWriter_WriteComm (defs, 0, string_id (&s, "MPI_COMM_WORLD"), 1, OTF2_UNDEFINED_COMM,
                                      OTF2_COMM_FLAG_NONE);
    }
  OTF2_Archive_CloseGlobalDefWriter (archive, defs);
  g_hash_table_unref (s.strings);
}

static void
print_seconds (FILE *f, const Options *o, gint64 ticks)
{
  fprintf (f, "%.17g", (double) ticks / (double) o->resolution);
}

static gboolean
write_stats (const char *path, const Options *o, Location *locations, RegionFigures *regions, gint64 begin, gint64 end)
{
  FILE *f = fopen (path, "w");
  if (f == NULL)
    return FALSE;
  fprintf (f, "{\"format\": \"otf2\", \"begin\": ");
  print_seconds (f, o, begin - (gint64) o->offset);
  fprintf (f, ", \"end\": ");
  print_seconds (f, o, end - (gint64) o->offset);
  fprintf (f, ",\n \"locations\": [");
  guint64 messages = 0;
  for (int l = 0; l < o->locations; l++)
    {
      fprintf (f,
               "%s{\"id\": %" PRIu64 ", \"name\": \"Master thread\", \"enters\": %" PRIu64 ", \"leaves\": %" PRIu64
               ", \"metrics\": %" PRIu64 "}",
               l ? ",\n   " : "\n   ", location_id (o, l), locations[l].enters, locations[l].leaves,
               locations[l].metrics);
      messages += locations[l].sends;
    }
  /* names sort in byte order: MPI_Recv, MPI_Send, compute_0…, main */
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (names, g_strdup ("main"));
  g_ptr_array_add (names, g_strdup ("MPI_Send"));
  g_ptr_array_add (names, g_strdup ("MPI_Recv"));
  for (int r = 0; r < o->regions; r++)
    g_ptr_array_add (names, g_strdup_printf ("compute_%d", r));
  fprintf (f, "],\n \"regions\": [");
  gboolean first = TRUE;
  g_autofree guint *order = g_new (guint, names->len);
  for (guint i = 0; i < names->len; i++)
    order[i] = i;
  for (guint i = 0; i < names->len; i++)
    for (guint j = i + 1; j < names->len; j++)
      if (strcmp (g_ptr_array_index (names, order[j]), g_ptr_array_index (names, order[i])) < 0)
        {
          guint t = order[i];
          order[i] = order[j];
          order[j] = t;
        }
  for (guint k = 0; k < names->len; k++)
    {
      guint i = order[k];
      if (regions[i].calls == 0)
        continue;
      fprintf (f, "%s{\"name\": \"%s\", \"calls\": %" PRIu64 ", \"inclusive_time\": ", first ? "\n   " : ",\n   ",
               (const char *) g_ptr_array_index (names, i), regions[i].calls);
      print_seconds (f, o, (gint64) regions[i].inclusive);
      fprintf (f, "}");
      first = FALSE;
    }
  fprintf (f, "],\n \"messages\": %" PRIu64 "}\n", messages);
  g_ptr_array_unref (names);
  return fclose (f) == 0;
}

int
main (int argc, char **argv)
{
  Options o = { 1, 4, 5, 8, 20000, FALSE, FALSE, FALSE, 1000000000, 0 };
  gchar *stats = NULL, *out = NULL;
  gint64 resolution = (gint64) o.resolution, offset = 0;
  GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_INT, &o.seed, "PRNG seed (default 1)", "N" },
    { "locations", 0, 0, G_OPTION_ARG_INT, &o.locations, "Locations, one per MPI rank (default 4)", "N" },
    { "events", 0, 0, G_OPTION_ARG_INT64, &o.events, "About N Enter/Leave events in all (default 20000)", "N" },
    { "depth", 0, 0, G_OPTION_ARG_INT, &o.depth, "Deepest nest of compute calls (default 5)", "N" },
    { "regions", 0, 0, G_OPTION_ARG_INT, &o.regions, "Compute regions (default 8)", "N" },
    { "metrics", 0, 0, G_OPTION_ARG_NONE, &o.metrics, "A power (absolute) and a cycles (accumulated) metric", NULL },
    { "mpi", 0, 0, G_OPTION_ARG_NONE, &o.mpi, "Messages between ranks 2k and 2k+1", NULL },
    { "resolution", 0, 0, G_OPTION_ARG_INT64, &resolution, "Timer ticks per second (default 1e9)", "N" },
    { "offset", 0, 0, G_OPTION_ARG_INT64, &offset, "Global offset in ticks (default 0)", "N" },
    { "wide-ids", 0, 0, G_OPTION_ARG_NONE, &o.wide_ids, "Location ids above 2^32", NULL },
    { "stats", 0, 0, G_OPTION_ARG_FILENAME, &stats, "Write the expected info --json", "FILE.json" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out, "The archive's anchor file (NAME.otf2)", "PATH" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("- write a synthetic OTF2 archive");
  g_option_context_add_main_entries (context, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &error) || out == NULL || !g_str_has_suffix (out, ".otf2")
      || o.locations < 1 || o.depth < 1 || o.depth > 64 || o.regions < 1 || resolution < 1 || offset < 0)
    {
      fprintf (stderr, "%s\n", error ? error->message : "usage: chrono-gen-otf2 [OPTION…] -o NAME.otf2");
      return 2;
    }
  o.resolution = (guint64) resolution;
  o.offset = (guint64) offset;
  rng_seed ((uint64_t) o.seed);

  g_autofree char *dir = g_path_get_dirname (out);
  g_autofree char *base = g_path_get_basename (out);
  base[strlen (base) - 5] = '\0';
  OTF2_Archive *archive = OTF2_Archive_Open (dir, base, OTF2_FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024,
                                             OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  if (archive == NULL)
    {
      fprintf (stderr, "chrono-gen-otf2: cannot write %s (does %s/%s exist already?)\n", out, dir, base);
      return 1;
    }
  OTF2_Archive_SetFlushCallbacks (archive, &flush_callbacks, NULL);
  OTF2_Archive_SetSerialCollectiveCallbacks (archive);
  OTF2_Archive_OpenEvtFiles (archive);
  /* a round is ~2·depth/2 + 6 Enter/Leave events per location */
  int per_round = o.depth + 1 + (o.mpi ? 2 : 0);
  int rounds = (int) MAX (1, o.events / MAX (1, (gint64) o.locations * per_round));
  guint n_regions = FIRST_COMPUTE + (guint) o.regions;
  g_autofree RegionFigures *regions = g_new0 (RegionFigures, n_regions);
  g_autofree Location *locations = g_new0 (Location, o.locations);
  gint64 begin = G_MAXINT64, end = G_MININT64;
  for (int l = 0; l < o.locations; l++)
    {
      Location *loc = &locations[l];
      loc->o = &o;
      loc->figures = g_new0 (RegionFigures, n_regions);
      loc->w = OTF2_Archive_GetEvtWriter (archive, location_id (&o, l));
      run_location (loc, l, rounds, 0);
      OTF2_Archive_CloseEvtWriter (archive, loc->w);
      begin = MIN (begin, loc->first);
      end = MAX (end, loc->last);
      for (guint r = 0; r < n_regions; r++)
        {
          regions[r].calls += loc->figures[r].calls;
          regions[r].inclusive += loc->figures[r].inclusive;
        }
      g_free (loc->figures);
    }
  OTF2_Archive_CloseEvtFiles (archive);
  OTF2_Archive_OpenDefFiles (archive);
  for (int l = 0; l < o.locations; l++)
    OTF2_Archive_CloseDefWriter (archive, OTF2_Archive_GetDefWriter (archive, location_id (&o, l)));
  OTF2_Archive_CloseDefFiles (archive);
  write_definitions (archive, &o, (guint64) (end - (gint64) o.offset), locations);
  OTF2_Archive_Close (archive);
  if (stats != NULL && !write_stats (stats, &o, locations, regions, begin, end))
    {
      fprintf (stderr, "chrono-gen-otf2: cannot write %s\n", stats);
      return 1;
    }
  g_free (stats);
  g_free (out);
  return 0;
}
