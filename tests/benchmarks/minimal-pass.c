/* minimal-pass — the floor of the first-frame target: one thread reads a
 * BTF file, splits each line and its first seven fields, parses the time
 * and interns the target name.  A TRACE file (.etf): splits each line into
 * its blank-separated fields up to the ';', parses the times of claims and
 * events and the ids of dependencies, and interns the value of the name
 * attribute.  A VisAndOr file (.vt): splits each line into its
 * blank-separated fields and parses all six as the loader must (time,
 * event code, node id in hex, branches, WAM id in hex, agent); it has no
 * names.  Prints the seconds it took, the records, the distinct names
 * (agents for VisAndOr) and a checksum. */
#include <glib.h>
#include <stdio.h>
#include <string.h>

/* A decimal time as written ("12.345"): whole and fractional digits. */
static double
parse_time (const char *p, const char *end)
{
  guint64 whole = 0, fraction = 0, scale = 1;
  for (; p < end && *p >= '0' && *p <= '9'; p++)
    whole = whole * 10 + (guint64) (*p - '0');
  if (p < end && *p == '.')
    for (p++; p < end && *p >= '0' && *p <= '9'; p++)
      {
        fraction = fraction * 10 + (guint64) (*p - '0');
        scale *= 10;
      }
  return (double) whole + (double) fraction / (double) scale;
}

static guint64
parse_number (const char *p, const char *end, guint base)
{
  guint64 value = 0;
  for (; p < end; p++)
    {
      guint digit = g_ascii_xdigit_value (*p);
      if (*p < '0' || digit >= base)
        break;
      value = value * base + digit;
    }
  return value;
}

static guint64
visandor_pass (const char *p, const char *end, GHashTable *agents, guint64 *checksum)
{
  guint64 records = 0;
  while (p < end)
    {
      const char *line_end = memchr (p, '\n', end - p);
      if (line_end == NULL)
        line_end = end;
      const char *fields[6], *field_ends[6];
      int n = 0;
      for (const char *c = p; c < line_end && n < 6;)
        {
          while (c < line_end && (*c == ' ' || *c == '\t' || *c == '\r'))
            c++;
          if (c == line_end)
            break;
          fields[n] = c;
          while (c < line_end && *c != ' ' && *c != '\t' && *c != '\r')
            c++;
          field_ends[n++] = c;
        }
      if (n >= 6)
        {
          guint64 time = parse_number (fields[0], field_ends[0], 10);
          guint64 code = parse_number (fields[1], field_ends[1], 10);
          guint64 node = parse_number (fields[2], field_ends[2], 16);
          guint64 branches = parse_number (fields[3], field_ends[3], 10);
          guint64 wam = parse_number (fields[4], field_ends[4], 16);
          guint64 agent = parse_number (fields[5], field_ends[5], 10);
          g_hash_table_add (agents, GSIZE_TO_POINTER ((gsize) agent + 1));
          *checksum += time + code + node + branches + wam;
          records++;
        }
      p = line_end + 1;
    }
  return records;
}

static guint64
etf_pass (const char *p, const char *end, GHashTable *names, guint64 *checksum)
{
  guint64 records = 0;
  while (p < end)
    {
      const char *line_end = memchr (p, '\n', end - p);
      if (line_end == NULL)
        line_end = end;
      const char *semicolon = memchr (p, ';', line_end - p);
      const char *fields_end = semicolon ? semicolon : line_end;
      const char *fields[8];
      const char *field_ends[8];
      int n = 0;
      for (const char *c = p; c < fields_end && n < 8;)
        {
          while (c < fields_end && (*c == ' ' || *c == '\t'))
            c++;
          if (c == fields_end)
            break;
          fields[n] = c;
          while (c < fields_end && *c != ' ' && *c != '\t')
            c++;
          field_ends[n++] = c;
        }
      if (n > 0 && *fields[0] == 'D' && field_ends[0] - fields[0] == 1)
        {
          /* a dependency: its id and the ids of the claims it joins */
          for (int i = 1; i < n; i++)
            *checksum += parse_number (fields[i], field_ends[i], 10);
          records++;
        }
      else if (n > 0 && (*fields[0] == 'C' || *fields[0] == 'E') && field_ends[0] - fields[0] == 1)
        {
          double t = 0;
          for (int i = 2; i < (*fields[0] == 'C' ? 4 : 3) && i < n; i++)
            t += parse_time (fields[i], field_ends[i]);
          *checksum += (guint64) t;
          const char *name = semicolon ? g_strstr_len (semicolon, line_end - semicolon, "name") : NULL;
          const char *equals = name ? memchr (name, '=', line_end - name) : NULL;
          if (equals != NULL)
            {
              const char *value = equals + 1, *value_end = value;
              while (value < line_end && *value == ' ')
                value++;
              for (value_end = value; value_end < line_end && *value_end != ','; value_end++)
                ;
              char text[256];
              gsize length = MIN ((gsize) (value_end - value), sizeof text - 1);
              memcpy (text, value, length);
              text[length] = '\0';
              if (!g_hash_table_contains (names, text))
                g_hash_table_add (names, g_strdup (text));
            }
          records++;
        }
      p = line_end + 1;
    }
  return records;
}

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      fprintf (stderr, "usage: minimal-pass FILE.btf|FILE.etf|FILE.vt\n");
      return 2;
    }
  GError *error = NULL;
  GMappedFile *file = g_mapped_file_new (argv[1], FALSE, &error);
  if (file == NULL)
    {
      fprintf (stderr, "minimal-pass: %s\n", error->message);
      return 1;
    }
  gint64 start = g_get_monotonic_time ();
  const char *p = g_mapped_file_get_contents (file), *end = p + g_mapped_file_get_length (file);
  GHashTable *names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint64 lines = 0, checksum = 0;
  guint distinct = 0;
  if (g_str_has_suffix (argv[1], ".vt"))
    {
      GHashTable *agents = g_hash_table_new (NULL, NULL);
      lines = visandor_pass (p, end, agents, &checksum);
      distinct = g_hash_table_size (agents);
      g_hash_table_unref (agents);
      p = end;
    }
  else if (g_str_has_suffix (argv[1], ".etf"))
    {
      lines = etf_pass (p, end, names, &checksum);
      p = end;
    }
  while (p < end)
    {
      const char *line_end = memchr (p, '\n', end - p);
      if (line_end == NULL)
        line_end = end;
      if (*p != '#')
        {
          const char *fields[8];
          int n = 0;
          fields[n++] = p;
          for (const char *c = p; c < line_end && n < 8; c++)
            if (*c == ',')
              fields[n++] = c + 1;
          if (n >= 7)
            {
              guint64 time = 0;
              for (const char *c = fields[0]; *c >= '0' && *c <= '9'; c++)
                time = time * 10 + (guint64) (*c - '0');
              char name[256];
              gsize length = MIN ((gsize) (fields[5] - fields[4] - 1), sizeof name - 1);
              memcpy (name, fields[4], length);
              name[length] = '\0';
              if (!g_hash_table_contains (names, name))
                g_hash_table_add (names, g_strdup (name));
              checksum += time;
              lines++;
            }
        }
      p = line_end + 1;
    }
  double seconds = (g_get_monotonic_time () - start) / 1e6;
  printf ("%.3f %" G_GUINT64_FORMAT " %u %" G_GUINT64_FORMAT "\n", seconds, lines,
          MAX (distinct, g_hash_table_size (names)), checksum % 1000);
  g_hash_table_unref (names);
  g_mapped_file_unref (file);
  return 0;
}
