/* chrono-gen-laplace.c — a synthetic Laplace run: the memory references of
 * a few processes (binary in either byte order, or text) and the kernel
 * trace of the same run, with the figures info --json must report.
 *
 * Each process cycles through phases a memory researcher would look for:
 * a sequential scan of a heap array, random probes of a hash table, and a
 * recursion that walks the stack down and up, always fetching from its code.
 * The kernel schedules the processes in turns of a few thousand cycles;
 * each is forked, given its address space, exec'd, maps a library and
 * anonymous memory, reads a file and exits. */
#include "chrono-gen-common.h"

#include <inttypes.h>

#define CODE 0x08048000u
#define HEAP 0x0804c000u
#define LIBC 0x40000000u
#define STACK_TOP 0xbffff000u

typedef struct {
  uint64_t pid;
  uint32_t space;
  uint64_t scheduled;
  uint64_t forked, exited;
  uint64_t pc; /* within the code */
  uint32_t scan; /* next array element */
  uint32_t depth; /* recursion depth */
  int going_down;
  uint32_t heap_size;
} Process;

static FILE *refs_out, *kernel_out;
static gboolean binary, big_endian;
static uint64_t now = 0x1000;
static uint64_t type_counts[256];
static GHashTable *space_counts; /* space → uint64 count (boxed) */
static uint64_t first_ref = UINT64_MAX, last_ref;
static gint64 n_references; /* written so far */

static void
put_uint (uint8_t *p, unsigned size, uint64_t v)
{
  for (unsigned i = 0; i < size; i++)
    p[big_endian ? size - 1 - i : i] = (uint8_t) (v >> (8 * i));
}

static void
reference (char type, uint8_t length, uint32_t space, uint32_t address)
{
  now += 1 + (uint64_t) rng_int_below (3);
  first_ref = MIN (first_ref, now);
  last_ref = now;
  n_references++;
  type_counts[(uint8_t) type]++;
  uint64_t *count = g_hash_table_lookup (space_counts, GUINT_TO_POINTER (space));
  if (count == NULL)
    {
      count = g_new0 (uint64_t, 1);
      g_hash_table_insert (space_counts, GUINT_TO_POINTER (space), count);
    }
  (*count)++;
  if (binary)
    {
      uint8_t r[18];
      r[0] = (uint8_t) type;
      put_uint (r + 1, 8, now);
      r[9] = length;
      put_uint (r + 10, 4, space);
      put_uint (r + 14, 4, address);
      fwrite (r, 1, sizeof r, refs_out);
    }
  else
    fprintf (refs_out, "%c %016" PRIx64 " %x %x %x\n", type, now, length, space, address);
}

static void
kernel (const char *fmt, ...)
{
  va_list args;
  va_start (args, fmt);
  vfprintf (kernel_out, fmt, args);
  va_end (args);
}

/* One step of the process's current phase: an instruction fetch and its data reference. */
static void
step (Process *p, int phase)
{
  p->pc = (p->pc + 4) % 0x3000;
  reference ('i', 4, p->space, CODE + (uint32_t) p->pc + (uint32_t) phase * 0x4000);
  switch (phase)
    {
    case 0: /* sequential scan of an array */
      reference ('r', 4, p->space, HEAP + p->scan);
      p->scan = (p->scan + 4) % p->heap_size;
      break;
      case 1: /* a hash table: random probes, a store now and then */
      {
        uint32_t slot = (uint32_t) rng_int_below (p->heap_size / 8) * 8;
        reference (rng_pm (300) ? 'w' : 'r', 8, p->space, HEAP + p->heap_size + slot);
        if (rng_pm (100))
          reference ('r', 4, p->space, LIBC + (uint32_t) rng_int_below (0x20000));
        break;
      }
    default: /* recursion: frames pushed down the stack, then popped */
      reference (p->going_down ? 'w' : 'r', 4, p->space, STACK_TOP - p->depth * 64 - (uint32_t) rng_int_below (64));
      if (p->going_down && ++p->depth >= 4000)
        p->going_down = 0;
      else if (!p->going_down && p->depth-- == 0)
        {
          p->depth = 0;
          p->going_down = 1;
        }
      break;
    }
}

static void
start_process (Process *p, uint64_t parent)
{
  kernel ("F %" PRIx64 " %" PRIx64 " %" PRIx64 "\n", now, p->pid, parent);
  p->forked = now;
  now += 10;
  kernel ("A %" PRIx64 " %" PRIx64 " %x\n", now, p->pid, p->space);
  now += 10;
  kernel ("X %" PRIx64 " %" PRIx64 " 1a2b %x %x /usr/bin/bench %" PRIu64 "\n", now, p->pid, 3, 1, p->pid);
  now += 10;
  kernel ("M %" PRIx64 " %" PRIx64 " %x 20000 8efa %x %x 0 /lib/libc.so.6\n", now, p->pid, LIBC, 3, 1);
  now += 10;
  kernel ("m %" PRIx64 " %" PRIx64 " %x %x\n", now, p->pid, HEAP, 2 * p->heap_size);
  now += 10;
}

int
main (int argc, char **argv)
{
  gint64 seed = 1, records = 200000, processes = 3, slice = 4000, phase_length = 0;
  gboolean want_binary = FALSE, with_kernel = FALSE;
  g_autofree char *output = NULL, *kernel_path = NULL, *stats_path = NULL;
  GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "PRNG seed (default 1)", "N" },
    { "records", 0, 0, G_OPTION_ARG_INT64, &records, "About N references in all (default 200000)", "N" },
    { "processes", 0, 0, G_OPTION_ARG_INT64, &processes, "Processes, each in an address space of its own (3)", "N" },
    { "slice", 0, 0, G_OPTION_ARG_INT64, &slice, "About N references per scheduling turn (default 4000)", "N" },
    { "phase", 0, 0, G_OPTION_ARG_INT64, &phase_length, "References per program phase (default records/12)", "N" },
    { "binary", 0, 0, G_OPTION_ARG_NONE, &want_binary, "Packed 18-byte records (default: text)", NULL },
    { "big-endian", 0, 0, G_OPTION_ARG_NONE, &big_endian, "Binary records in big-endian order", NULL },
    { "kernel", 0, 0, G_OPTION_ARG_FILENAME, &kernel_path, "Also write the kernel trace of the run", "FILE" },
    { "with-kernel", 0, 0, G_OPTION_ARG_NONE, &with_kernel,
      "Write the kernel trace beside the output, as the viewer looks for it (FILE.ref → FILE.kern)", NULL },
    { "stats", 0, 0, G_OPTION_ARG_FILENAME, &stats_path, "Write the expected info --json", "FILE.json" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "Reference trace", "FILE" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("- generate a synthetic Laplace run");
  g_option_context_add_main_entries (context, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &error) || output == NULL || processes < 1 || slice < 1)
    {
      fprintf (stderr, "%s\n", error ? error->message : "usage: chrono-gen-laplace [OPTION…] -o FILE");
      return 2;
    }
  binary = want_binary || big_endian;
  if (with_kernel && kernel_path == NULL)
    {
      const char *dot = g_str_has_suffix (output, ".ref.txt") ? output + strlen (output) - 8
                        : g_str_has_suffix (output, ".ref")   ? output + strlen (output) - 4
                                                              : output + strlen (output);
      kernel_path = g_strdup_printf ("%.*s.kern", (int) (dot - output), output);
    }
  if (phase_length <= 0)
    phase_length = MAX (records / 12, 1);
  rng_seed ((uint64_t) seed);
  space_counts = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  refs_out = fopen (output, "wb");
  kernel_out = fopen (kernel_path ? kernel_path : "/dev/null", "w");
  if (refs_out == NULL || kernel_out == NULL)
    {
      fprintf (stderr, "cannot write %s\n", refs_out == NULL ? output : kernel_path);
      return 1;
    }
  setvbuf (refs_out, NULL, _IOFBF, 1 << 20);
  uint64_t begin = now;

  Process *procs = g_new0 (Process, processes);
  for (gint64 i = 0; i < processes; i++)
    {
      procs[i].pid = 0x100 + (uint64_t) i;
      procs[i].space = 0x9f000u + (uint32_t) i * 0x11u;
      procs[i].heap_size = (uint32_t) (0x40000u << (i % 4));
      procs[i].going_down = 1;
      start_process (&procs[i], 1);
    }

  /* turns: S pid, then its references; each S runs to the next */
  uint64_t last_s = 0;
  Process *running = NULL;
  for (gint64 turn = 0; n_references < records; turn++)
    {
      Process *p = &procs[turn % processes];
      if (running != NULL)
        running->scheduled += now - last_s;
      kernel ("S %" PRIx64 " %" PRIx64 "\n", now, p->pid);
      running = p;
      last_s = now;
      if (turn % 7 == 3)
        kernel ("< %" PRIx64 " %" PRIx64 " 1a2b %x %x 0 1000\n", now, p->pid, 3, 1);
      /* a step is two or three references: phases and turns count references */
      for (gint64 first = n_references; n_references - first < slice && n_references < records;)
        step (p, (int) ((n_references / phase_length) % 3));
    }
  now += 5;
  for (gint64 i = 0; i < processes; i++)
    {
      kernel ("T %" PRIx64 " %" PRIx64 " 10 2\n", now, procs[i].pid);
      procs[i].exited = now;
      now += 3;
    }
  kernel ("e %" PRIx64 "\n", now);
  if (running != NULL)
    running->scheduled += now - last_s;
  uint64_t end = now;
  if (fclose (refs_out) != 0 || fclose (kernel_out) != 0)
    {
      fprintf (stderr, "writing failed\n");
      return 1;
    }

  if (stats_path != NULL)
    {
      FILE *s = stats_open (stats_path);
      if (s == NULL)
        return 1;
      /* without a kernel trace the run is its references alone */
      if (kernel_path == NULL)
        {
          begin = first_ref;
          end = last_ref;
        }
      fprintf (s, "{\"format\": \"laplace\", ");
      GString *types = g_string_new (NULL);
      for (int c = 0; c < 256; c++)
        if (type_counts[c])
          g_string_append_printf (types, "%s\"%c\": %" PRIu64, types->len ? ", " : "", c, type_counts[c]);
      GString *spaces = g_string_new (NULL);
      for (gint64 i = 0; i < processes; i++)
        {
          uint64_t *count = g_hash_table_lookup (space_counts, GUINT_TO_POINTER (procs[i].space));
          g_string_append_printf (spaces, "%s{\"id\": \"%x\", \"references\": %" PRIu64 "}", i ? ", " : "",
                                  procs[i].space, count ? *count : 0);
        }
      fprintf (s, "\"references\": {%s}, \"address_spaces\": [%s]", types->str, spaces->str);
      if (kernel_path != NULL)
        {
          fprintf (s, ", \"processes\": [");
          for (gint64 i = 0; i < processes; i++)
            fprintf (s,
                     "%s{\"pid\": %" PRIu64 ", \"scheduled\": %" PRIu64 ", \"forked\": %" PRIu64
                     ", \"exited\": %" PRIu64 "}",
                     i ? ", " : "", procs[i].pid, procs[i].scheduled, procs[i].forked, procs[i].exited);
          fprintf (s, "]");
        }
      fprintf (s, ", \"begin\": %" PRIu64 ", \"end\": %" PRIu64, begin, end);
      fprintf (s, "}\n");
      g_string_free (types, TRUE);
      g_string_free (spaces, TRUE);
      if (!stats_close (s, stats_path))
        return 1;
    }
  g_free (procs);
  g_hash_table_unref (space_counts);
  return 0;
}
