/* chrono-laplace-kernel.c — kernel records and the process lanes. */
#include "chrono-laplace-kernel.h"

#include "chrono-heap.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <string.h>

/* research/laplace.md §3, Laplace's layout: a device is "major minor". */
static const ChronoLaplaceTag tags[] = {
  { 'S', N_ ("schedule"), 1, FALSE, TRUE, "#pid" },
  { 'F', N_ ("fork"), 2, FALSE, TRUE, "#pid|#parent" },
  { 'X', N_ ("exec"), 4, TRUE, TRUE, "#pid|xinode|#major|#minor" },
  { 'T', N_ ("exit"), 3, FALSE, TRUE, "#pid|#user time|#system time" },
  { 'A', N_ ("context assignment"), 2, FALSE, TRUE, "#pid|caddress space" },
  { 'D', N_ ("duplicate range"), 4, FALSE, FALSE, "caddress space|cduplicate|xaddress|xend address" },
  { 'M', N_ ("mmap file"), 7, TRUE, TRUE, "#pid|xaddress|xlength|xinode|#major|#minor|xfile offset" },
  { 'm', N_ ("mmap anonymous"), 3, FALSE, TRUE, "#pid|xaddress|xlength" },
  { '@', N_ ("mremap"), 5, FALSE, TRUE, "#pid|xaddress|xlength|xold address|xold length" },
  { 'U', N_ ("munmap"), 3, FALSE, TRUE, "#pid|xaddress|xlength" },
  { 'u', N_ ("complete unmap"), 1, FALSE, FALSE, "caddress space" },
  { 'C', N_ ("copy-on-write unmap"), 2, FALSE, TRUE, "#pid|xaddress" },
  { 's', N_ ("shmat"), 4, FALSE, TRUE, "#pid|xaddress|xlength|xshm" },
  { '/', N_ ("shm destroy"), 2, FALSE, TRUE, "#pid|xshm" },
  { '(', N_ ("file open"), 5, TRUE, TRUE, "#pid|xinode|#major|#minor|xfile offset" },
  { ')', N_ ("file close"), 4, FALSE, TRUE, "#pid|xinode|#major|#minor" },
  { '<', N_ ("file read"), 6, FALSE, TRUE, "#pid|xinode|#major|#minor|xfile offset|xlength" },
  { '>', N_ ("file write"), 6, FALSE, TRUE, "#pid|xinode|#major|#minor|xfile offset|xlength" },
  { '-', N_ ("file delete"), 3, FALSE, FALSE, "xinode|#major|#minor" },
  { 't', N_ ("file truncate"), 4, FALSE, FALSE, "xinode|#major|#minor|xfile offset" },
  { 'a', N_ ("accept"), 1, FALSE, TRUE, "#pid" },
  { '&', N_ ("debug"), 4, FALSE, TRUE, "#pid|xaddress|xend address|xlength" },
  { '!', N_ ("invalid"), 0, FALSE, FALSE, "" },
  { 'e', N_ ("end of trace"), 0, FALSE, FALSE, "" },
};

const ChronoLaplaceTag *
chrono_laplace_tag_find (char tag)
{
  for (gsize i = 0; i < G_N_ELEMENTS (tags); i++)
    if (tags[i].tag == tag)
      return &tags[i];
  return NULL;
}

static const char *
skip_blanks (const char *p, const char *end)
{
  while (p < end && (*p == ' ' || *p == '\t'))
    p++;
  return p;
}

gboolean
chrono_laplace_kernel_parse_fields (const ChronoLaplaceTag *tag, const char *text, gsize length, ChronoStrings *strings,
                                    ChronoLaplaceKernelRecord *out, const char **reason)
{
  const char *p = text, *end = text + length;
  for (guint i = 0; i < tag->n_fields; i++)
    {
      p = skip_blanks (p, end);
      const char *start = p;
      guint64 value = 0;
      while (p < end && g_ascii_isxdigit (*p))
        {
          if (value > G_MAXUINT64 >> 4)
            {
              *reason = "a field is longer than 64 bits";
              return FALSE;
            }
          value = value << 4 | (guint64) g_ascii_xdigit_value (*p++);
        }
      if (p == start || (p < end && *p != ' ' && *p != '\t'))
        {
          *reason = p == start && p == end ? "fields are missing" : "a field is not a hex number";
          return FALSE;
        }
      out->fields[i] = value;
    }
  p = skip_blanks (p, end);
  if (tag->has_file_name)
    {
      /* the name is the rest of the line, spaces and all */
      while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
        end--;
      if (p == end)
        {
          *reason = "the file name is missing";
          return FALSE;
        }
      g_autofree char *name = g_strndup (p, (gsize) (end - p));
      out->name = chrono_strings_intern (strings, name);
      return TRUE;
    }
  if (p != end)
    {
      *reason = "more fields than the record has";
      return FALSE;
    }
  return TRUE;
}

static int
compare_records (gconstpointer a, gconstpointer b)
{
  const ChronoLaplaceKernelRecord *x = a, *y = b;
  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  return (x->line > y->line) - (x->line < y->line);
}

void
chrono_laplace_kernel_sort (GArray *records)
{
  g_array_sort (records, compare_records);
}

/* ---- processes */

typedef struct {
  gint64 start, end;
  guint64 address, length;
  guint32 label;
  gboolean open;
} Mapping;

typedef struct {
  guint64 pid;
  ChronoLane *lane; /* owned by the trace once added */
  gint64 first_seen, born, died;
  gboolean forked, exited;
  guint32 exec_name; /* string id of its last exec's file, 0 when none */
  gboolean has_space;
  guint32 space; /* the address space its first A record gives it */
  GArray *slices; /* gint64 pairs: scheduled from, to */
  GArray *mappings; /* Mapping */
  GTree *open; /* OpenKey → NULL: the open mappings by address, for unmaps to find without a walk of all */
} Process;

typedef struct {
  guint64 address;
  guint index; /* in mappings */
} OpenKey;

static int
compare_open (gconstpointer a, gconstpointer b, gpointer unused)
{
  const OpenKey *x = a, *y = b;
  if (x->address != y->address)
    return x->address < y->address ? -1 : 1;
  return (x->index > y->index) - (x->index < y->index);
}

typedef struct {
  ChronoTrace *trace;
  ChronoStrings *strings;
  GHashTable *processes; /* pid → Process */
  GPtrArray *order; /* Process*, by pid */
  ChronoLane *kernel_lane; /* the kernel's own records, made when there is one */
  Process *running; /* whose slice is open */
  gint64 running_since;
  gboolean any_end_record;
  gint64 last_end_record;
} Builder;

static void
process_free (gpointer data)
{
  Process *p = data;
  g_array_unref (p->slices);
  g_array_unref (p->mappings);
  g_tree_unref (p->open);
  g_free (p);
}

static Process *
ensure_process (Builder *b, guint64 pid, gint64 time)
{
  Process *p = g_hash_table_lookup (b->processes, &pid);
  if (p == NULL)
    {
      p = g_new0 (Process, 1);
      p->pid = pid;
      p->first_seen = time;
      p->slices = g_array_new (FALSE, FALSE, sizeof (gint64));
      p->mappings = g_array_new (FALSE, FALSE, sizeof (Mapping));
      p->open = g_tree_new_full (compare_open, NULL, g_free, NULL);
      g_hash_table_insert (b->processes, &p->pid, p);
    }
  return p;
}

static void
close_slice (Builder *b, gint64 time)
{
  if (b->running == NULL)
    return;
  gint64 pair[2] = { b->running_since, MAX (time, b->running_since) };
  g_array_append_vals (b->running->slices, pair, 2);
  b->running = NULL;
}

/* A mapping's label: what is mapped and where ("/lib/libc.so.6 0x40000000–0x40009000"). */
static guint32
mapping_label (ChronoStrings *strings, const Mapping *m)
{
  g_autofree char *label = g_strdup_printf ("%s 0x%" G_GINT64_MODIFIER "x–0x%" G_GINT64_MODIFIER "x",
                                            chrono_strings_get (strings, m->label), m->address, m->address + m->length);
  return chrono_strings_intern (strings, label);
}

static void
open_mapping (Process *p, gint64 time, guint64 address, guint64 length, guint32 label)
{
  Mapping m = { time, time, address, length, label, TRUE };
  OpenKey *key = g_new (OpenKey, 1);
  *key = (OpenKey){ address, p->mappings->len };
  g_array_append_val (p->mappings, m);
  g_tree_insert (p->open, key, NULL);
}

/* Ends the process's mappings that lie inside [address, address + length);
 * the label of the last of them mapped, 0 when none. */
static guint32
close_mappings (Process *p, gint64 time, guint64 address, guint64 length)
{
  OpenKey from = { address, 0 };
  g_autoptr (GPtrArray) closed = g_ptr_array_new ();
  for (GTreeNode *node = g_tree_lower_bound (p->open, &from); node != NULL; node = g_tree_node_next (node))
    {
      const OpenKey *key = g_tree_node_key (node);
      if (key->address - address >= length)
        break;
      g_ptr_array_add (closed, (gpointer) key);
    }
  guint32 label = 0;
  guint last = 0;
  for (guint i = 0; i < closed->len; i++)
    {
      const OpenKey *key = g_ptr_array_index (closed, i);
      Mapping *m = &g_array_index (p->mappings, Mapping, key->index);
      m->end = time;
      m->open = FALSE;
      if (i == 0 || key->index > last)
        {
          last = key->index;
          label = m->label;
        }
      g_tree_remove (p->open, key);
    }
  return label;
}

static void
follow_record (Builder *b, const ChronoLaplaceKernelRecord *r, const ChronoLaplaceTag *tag)
{
  if (r->tag == 'e')
    {
      b->any_end_record = TRUE;
      b->last_end_record = r->time;
    }
  if (!tag->has_pid)
    return;
  Process *p = ensure_process (b, r->fields[0], r->time);
  const guint64 *f = r->fields;
  switch (r->tag)
    {
    case 'S':
      close_slice (b, r->time);
      b->running = p;
      b->running_since = r->time;
      break;
    case 'F':
      if (!p->forked)
        p->born = r->time;
      p->forked = TRUE;
      break;
    case 'T':
      if (!p->exited)
        p->died = r->time;
      p->exited = TRUE;
      close_mappings (p, r->time, 0, G_MAXUINT64);
      break;
    case 'X': p->exec_name = r->name; break;
    case 'A':
      if (!p->has_space)
        p->space = (guint32) f[1];
      p->has_space = TRUE;
      break;
    case 'M': open_mapping (p, r->time, f[1], f[2], r->name); break;
    case 'm': open_mapping (p, r->time, f[1], f[2], chrono_strings_intern (b->strings, _ ("anonymous"))); break;
    case 'U': close_mappings (p, r->time, f[1], f[2]); break;
      case '@': {
        guint32 label = close_mappings (p, r->time, f[3], MAX (f[4], 1));
        open_mapping (p, r->time, f[1], f[2], label ? label : chrono_strings_intern (b->strings, _ ("anonymous")));
        break;
      }
    default: break;
    }
}

/* The file's name without its folders, or the pid alone. */
static char *
process_lane_name (Builder *b, const Process *p)
{
  if (p->exec_name == 0)
    return g_strdup_printf (_ ("pid %" PRIu64), p->pid);
  const char *path = chrono_strings_get (b->strings, p->exec_name);
  const char *slash = strrchr (path, '/');
  return g_strdup_printf (_ ("pid %" PRIu64 " %s"), p->pid, slash && slash[1] ? slash + 1 : path);
}

static void
append_span (ChronoSpans *spans, gint64 start, gint64 end, guint8 state, guint16 depth, guint32 label, guint8 flags)
{
  ChronoSpan span = { .start = start,
                      .end = end,
                      .state = state,
                      .depth = depth,
                      .label = label,
                      .instance = CHRONO_NO_INSTANCE,
                      .flags = flags };
  chrono_spans_append (spans, &span);
}

/* Depth 0: alive (ready) and scheduled (running). */
static void
add_life_spans (Process *p, ChronoSpans *spans, gint64 end)
{
  gint64 born = p->forked ? MIN (p->born, p->first_seen) : p->first_seen;
  gint64 died = p->exited ? p->died : end;
  gint64 at = born;
  for (guint i = 0; i + 1 < p->slices->len; i += 2)
    {
      gint64 from = g_array_index (p->slices, gint64, i), to = g_array_index (p->slices, gint64, i + 1);
      if (from > at && at < died)
        append_span (spans, at, MIN (from, died), CHRONO_STATE_READY, 0, 0, 0);
      if (to > from)
        append_span (spans, from, to, CHRONO_STATE_RUNNING, 0, 0, 0);
      at = MAX (at, to);
    }
  if (at < died)
    append_span (spans, at, died, CHRONO_STATE_READY, 0, 0, p->exited ? 0 : CHRONO_SPAN_OPEN_END);
}

/* Depth 1 and on: each mapping in the first row free at its start.  Mappings
 * come by start, so a row once free stays free until taken: the busy rows
 * wait in a heap by end, the free ones in a heap by number. */
static void
add_mapping_spans (Process *p, ChronoStrings *strings, ChronoSpans *spans, gint64 end)
{
  g_autoptr (ChronoHeap) busy = chrono_heap_new ();
  g_autoptr (ChronoHeap) free_rows = chrono_heap_new ();
  guint n_rows = 0;
  for (guint i = 0; i < p->mappings->len; i++)
    {
      Mapping *m = &g_array_index (p->mappings, Mapping, i);
      gint64 until = m->open ? MAX (end, m->start) : m->end;
      gint64 row_end;
      guint64 freed;
      while (chrono_heap_peek (busy, &row_end, &freed) && row_end <= m->start)
        {
          chrono_heap_pop (busy);
          chrono_heap_push (free_rows, (gint64) freed, freed);
        }
      guint64 row;
      if (chrono_heap_peek (free_rows, NULL, &row))
        chrono_heap_pop (free_rows);
      else
        row = n_rows++;
      chrono_heap_push (busy, until, row);
      append_span (spans, m->start, MAX (until, m->start), CHRONO_STATE_MAPPED, (guint16) MIN (row + 1, G_MAXUINT16),
                   mapping_label (strings, m), m->open ? CHRONO_SPAN_OPEN_END : 0);
    }
}

char *
chrono_laplace_kernel_describe (const ChronoLaplaceKernelRecord *r, const ChronoLaplaceTag *tag, ChronoStrings *strings,
                                gboolean skip_pid)
{
  GString *text = g_string_new (NULL);
  /* walked in place: every kernel record is described while loading */
  const char *field = tag->field_names;
  for (guint i = 0; i < tag->n_fields && field != NULL; i++)
    {
      const char *end = strchr (field, '|');
      int name_length = (int) (end != NULL ? end - field - 1 : (ptrdiff_t) strlen (field) - 1);
      char how = field[0];
      const char *name = field + 1;
      field = end != NULL ? end + 1 : NULL;
      if (i == 0 && skip_pid && tag->has_pid)
        continue;
      if (text->len > 0)
        g_string_append (text, ", ");
      switch (how)
        {
        case 'x':
          g_string_append_printf (text, "%.*s 0x%" G_GINT64_MODIFIER "x", name_length, name, r->fields[i]);
          break;
        case 'c': g_string_append_printf (text, "%.*s %" G_GINT64_MODIFIER "x", name_length, name, r->fields[i]); break;
        default: g_string_append_printf (text, "%.*s %" G_GUINT64_FORMAT, name_length, name, r->fields[i]); break;
        }
    }
  if (r->name != 0)
    g_string_append_printf (text, "%sfile %s", text->len ? ", " : "", chrono_strings_get (strings, r->name));
  if (text->len == 0)
    {
      g_string_free (text, TRUE);
      return NULL;
    }
  return g_string_free (text, FALSE);
}

static void
add_mark (Builder *b, ChronoLane *lane, const ChronoLaplaceKernelRecord *r, const char *kind)
{
  const ChronoLaplaceTag *tag = chrono_laplace_tag_find (r->tag);
  g_autofree char *note = tag != NULL ? chrono_laplace_kernel_describe (r, tag, b->strings, TRUE) : NULL;
  ChronoMark mark = { .time = r->time,
                      .kind = chrono_strings_intern (b->strings, kind),
                      .note = note && *note ? chrono_strings_intern (b->strings, note) : 0 };
  chrono_marks_append (chrono_lane_ensure_marks (lane), &mark);
}

static ChronoLane *
kernel_lane (Builder *b)
{
  if (b->kernel_lane == NULL)
    {
      g_autoptr (ChronoLane) lane = chrono_lane_new (N_ ("Kernel"), CHRONO_LANE_EVENTS, "kernel");
      chrono_lane_set_name_is_ours (lane, TRUE);
      chrono_trace_add_lane (b->trace, lane);
      b->kernel_lane = lane;
    }
  return b->kernel_lane;
}

static int
compare_pids (gconstpointer a, gconstpointer b)
{
  const Process *x = *(Process *const *) a, *y = *(Process *const *) b;
  return (x->pid > y->pid) - (x->pid < y->pid);
}

static void
make_process_lanes (Builder *b, GArray *records, gint64 end)
{
  g_autoptr (ChronoLane) group = chrono_lane_new (N_ ("Processes"), CHRONO_LANE_GROUP, "processes");
  chrono_lane_set_name_is_ours (group, TRUE);
  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init (&iter, b->processes);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (b->order, value);
  g_ptr_array_sort (b->order, compare_pids);
  for (guint i = 0; i < b->order->len; i++)
    {
      Process *p = g_ptr_array_index (b->order, i);
      g_autofree char *name = process_lane_name (b, p);
      g_autoptr (ChronoLane) lane = chrono_lane_new (name, CHRONO_LANE_WORKER, "process");
      chrono_lane_set_source (lane, (gint64) MIN (p->pid, (guint64) G_MAXINT64), 0, 0.0);
      ChronoSpans *spans = chrono_lane_ensure_spans (lane);
      add_life_spans (p, spans, end);
      add_mapping_spans (p, b->strings, spans, end);
      chrono_lane_append_child (group, lane);
      p->lane = lane;
    }
  if (b->order->len > 0)
    chrono_trace_add_lane (b->trace, group);

  /* every record of a process is a mark on it but its scheduling, which its spans show */
  for (guint i = 0; i < records->len; i++)
    {
      const ChronoLaplaceKernelRecord *r = &g_array_index (records, ChronoLaplaceKernelRecord, i);
      const ChronoLaplaceTag *tag = chrono_laplace_tag_find (r->tag);
      if (tag != NULL && tag->has_pid && r->tag != 'S')
        add_mark (b, ((Process *) g_hash_table_lookup (b->processes, &r->fields[0]))->lane, r, tag->name);
      else if (tag == NULL || !tag->has_pid)
        {
          char unknown[2] = { r->tag, 0 };
          add_mark (b, kernel_lane (b), r, tag != NULL ? tag->name : unknown);
        }
    }
}

/* Fork arrows, from the parent (where it is a process of the trace) to the child. */
static void
add_fork_links (Builder *b, GArray *records)
{
  ChronoLinks *links = chrono_trace_get_links (b->trace);
  for (guint i = 0; i < records->len; i++)
    {
      const ChronoLaplaceKernelRecord *r = &g_array_index (records, ChronoLaplaceKernelRecord, i);
      if (r->tag != 'F')
        continue;
      Process *child = g_hash_table_lookup (b->processes, &r->fields[0]);
      Process *parent = g_hash_table_lookup (b->processes, &r->fields[1]);
      if (parent == NULL || parent == child)
        continue;
      ChronoLink link = {
        .src_lane = parent->lane, .dst_lane = child->lane, .src_time = r->time, .dst_time = r->time, .id = (gint64) i
      };
      chrono_links_append (links, &link);
    }
}

static void
make_density_lanes (Builder *b, ChronoReferences *refs)
{
  guint n = chrono_references_get_n_spaces (refs);
  ChronoLane *others = NULL;
  /* the process an A record gives each space to, the lowest pid first */
  g_autoptr (GHashTable) owners = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint i = b->order->len; i-- > 0;)
    {
      Process *p = g_ptr_array_index (b->order, i);
      if (p->has_space)
        g_hash_table_insert (owners, GSIZE_TO_POINTER ((gsize) p->space + 1), p->lane);
    }
  for (guint s = 0; s < n; s++)
    {
      guint32 id = chrono_references_get_space_id (refs, s);
      g_autofree char *name = g_strdup_printf (_ ("Address space %x"), id);
      g_autoptr (ChronoLane) lane = chrono_lane_new (name, CHRONO_LANE_DENSITY, "address space");
      chrono_lane_set_source (lane, id, 0, 0.0);
      chrono_lane_set_references (lane, refs, s);
      ChronoLane *parent = g_hash_table_lookup (owners, GSIZE_TO_POINTER ((gsize) id + 1));
      if (parent == NULL && others == NULL)
        {
          g_autoptr (ChronoLane) group = chrono_lane_new (N_ ("Address spaces"), CHRONO_LANE_GROUP, "address spaces");
          chrono_lane_set_name_is_ours (group, TRUE);
          chrono_trace_add_lane (b->trace, group);
          others = group;
        }
      chrono_lane_append_child (parent != NULL ? parent : others, lane);
    }
}

void
chrono_laplace_kernel_build_lanes (ChronoTrace *trace, GArray *records, ChronoReferences *refs, gint64 end)
{
  Builder b = { .trace = trace,
                .strings = chrono_trace_get_strings (trace),
                .processes = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, process_free),
                .order = g_ptr_array_new () };
  for (guint i = 0; i < records->len; i++)
    {
      const ChronoLaplaceKernelRecord *r = &g_array_index (records, ChronoLaplaceKernelRecord, i);
      const ChronoLaplaceTag *tag = chrono_laplace_tag_find (r->tag);
      if (tag != NULL)
        follow_record (&b, r, tag);
    }
  close_slice (&b, b.any_end_record && b.last_end_record >= b.running_since ? b.last_end_record : end);
  make_process_lanes (&b, records, end);
  add_fork_links (&b, records);
  if (refs != NULL)
    make_density_lanes (&b, refs);
  g_ptr_array_unref (b.order);
  g_hash_table_unref (b.processes);
}
