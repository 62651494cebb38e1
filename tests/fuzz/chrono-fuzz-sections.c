/* chrono-fuzz-sections.c — a fuzz input as the files of one or two traces
 * (the framing: chrono-fuzz-sections.h). */
#include "chrono-fuzz-sections.h"

#include "chrono-fuzz-exercise.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

static guint64
read_le (const guint8 *p, guint n)
{
  guint64 v = 0;
  for (guint i = 0; i < n; i++)
    v |= (guint64) p[i] << (8 * i);
  return v;
}

static void
append_le (GByteArray *out, guint64 v, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      guint8 b = (guint8) (v >> (8 * i));
      g_byte_array_append (out, &b, 1);
    }
}

guint
chrono_fuzz_sections_parse (const guint8 *data, gsize size, ChronoFuzzSection *sections)
{
  guint n = 0;
  gsize at = 0;
  while (n < CHRONO_FUZZ_MAX_SECTIONS && at < size)
    {
      ChronoFuzzSection *s = &sections[n];
      s->header_offset = at;
      s->kind = data[at++];
      s->location = 0;
      if (chrono_fuzz_kind_has_location (s->kind))
        {
          if (size - at < 8)
            break;
          s->location = read_le (data + at, 8);
          at += 8;
        }
      if (size - at < 4)
        break;
      guint64 length = read_le (data + at, 4);
      at += 4;
      s->length = (gsize) MIN (length, (guint64) (size - at));
      s->data = data + at;
      at += s->length;
      n++;
    }
  return n;
}

GByteArray *
chrono_fuzz_sections_write (const ChronoFuzzSection *sections, guint n)
{
  GByteArray *out = g_byte_array_new ();
  for (guint i = 0; i < n; i++)
    {
      const ChronoFuzzSection *s = &sections[i];
      g_byte_array_append (out, &s->kind, 1);
      if (chrono_fuzz_kind_has_location (s->kind))
        append_le (out, s->location, 8);
      append_le (out, s->length, 4);
      g_byte_array_append (out, s->data, (guint) s->length);
    }
  return out;
}

/* ---- the folder the files are written to */

static char *folder;

const char *
chrono_fuzz_folder (void)
{
  if (folder == NULL)
    {
      g_autoptr (GError) error = NULL;
      folder = g_dir_make_tmp ("chrono-fuzz-XXXXXX", &error);
      if (folder == NULL)
        g_error ("no temporary folder: %s", error->message);
    }
  return folder;
}

static void
remove_tree (const char *path, gboolean keep_top)
{
  GStatBuf st;
  if (g_lstat (path, &st) != 0)
    return;
  if (S_ISDIR (st.st_mode))
    {
      GDir *dir = g_dir_open (path, 0, NULL);
      for (const char *name; dir != NULL && (name = g_dir_read_name (dir)) != NULL;)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child, FALSE);
        }
      if (dir != NULL)
        g_dir_close (dir);
      if (!keep_top)
        g_rmdir (path);
    }
  else
    g_unlink (path);
}

void
chrono_fuzz_folder_clear (void)
{
  remove_tree (chrono_fuzz_folder (), TRUE);
  chrono_fuzz_assert_nothing_open_under (chrono_fuzz_folder ());
}

/* ---- writing one member's files */

static const char *const file_names[CHRONO_FUZZ_N_FILE_KINDS] = {
  [CHRONO_FUZZ_OTF2_ANCHOR] = "trace.otf2",
  [CHRONO_FUZZ_OTF2_GLOBAL_DEF] = "trace.def",
  [CHRONO_FUZZ_OTF2_LOCAL_DEF] = ".def",
  [CHRONO_FUZZ_OTF2_LOCAL_EVT] = ".evt",
  [CHRONO_FUZZ_BTF] = "trace.btf",
  [CHRONO_FUZZ_ETF] = "trace.etf",
  [CHRONO_FUZZ_VISANDOR] = "trace.vt",
  [CHRONO_FUZZ_LAPLACE_REFS] = "trace.ref",
  [CHRONO_FUZZ_LAPLACE_KERNEL] = "trace.kern",
};

static char *
section_path (const char *member_dir, const ChronoFuzzSection *s)
{
  ChronoFuzzFileKind file = chrono_fuzz_section_file (s);
  if (!chrono_fuzz_kind_has_location (s->kind))
    return g_build_filename (member_dir, file_names[file], NULL);
  g_autofree char *name = g_strdup_printf ("%" G_GUINT64_FORMAT "%s", s->location, file_names[file]);
  return g_build_filename (member_dir, "trace", name, NULL);
}

/* An anchor's chunk sizes size libotf2's read buffers, nothing of ours
 * reads them, and the files of an input are far smaller than the least
 * chunk libotf2 takes (256 KiB): the two are set to that least, since
 * libotf2 clears a chunk's every byte for each file it opens and 16 MiB
 * chunks made every run three times as slow.  An anchor too short or
 * mangled to have the fields is written as it is. */
#define ANCHOR_CHUNK_SIZES_AT 12 /* buffer header 2, "OTF2\0" 5, four format and version bytes */
#define ANCHOR_CHUNK_SIZE_LEAST (256 * 1024)

static void
write_section (const char *path, const ChronoFuzzSection *s)
{
  g_autofree guint8 *anchor = NULL;
  const guint8 *data = s->data;
  if (chrono_fuzz_section_file (s) == CHRONO_FUZZ_OTF2_ANCHOR && s->length >= ANCHOR_CHUNK_SIZES_AT + 16
      && memcmp (s->data + 2, "OTF2", 5) == 0)
    {
      guint64 least =
          s->data[1] == 0x23 ? GUINT64_TO_BE (ANCHOR_CHUNK_SIZE_LEAST) : GUINT64_TO_LE (ANCHOR_CHUNK_SIZE_LEAST);
      data = anchor = g_memdup2 (s->data, s->length);
      memcpy (anchor + ANCHOR_CHUNK_SIZES_AT, &least, 8);
      memcpy (anchor + ANCHOR_CHUNK_SIZES_AT + 8, &least, 8);
    }
  /* neither atomic nor durable: a file of a run is read once and removed */
  if (!g_file_set_contents_full (path, (const char *) data, (gssize) s->length, G_FILE_SET_CONTENTS_NONE, 0600, NULL))
    g_error ("%s: cannot be written", path);
}

char *
chrono_fuzz_write_member (const ChronoFuzzSection *sections, guint n, guint member, gboolean any_member)
{
  g_autofree char *name = g_strdup_printf ("m%u", member);
  g_autofree char *member_dir = g_build_filename (chrono_fuzz_folder (), name, NULL);
  g_autofree char *archive_dir = g_build_filename (member_dir, "trace", NULL);
  char *open = NULL;
  gboolean anchor = FALSE;
  for (guint i = 0; i < n; i++)
    {
      const ChronoFuzzSection *s = &sections[i];
      if (chrono_fuzz_section_file (s) >= CHRONO_FUZZ_N_FILE_KINDS
          || (!any_member && chrono_fuzz_section_member (s) != member))
        continue;
      if (g_mkdir_with_parents (chrono_fuzz_kind_has_location (s->kind) ? archive_dir : member_dir, 0700) != 0)
        g_error ("%s: cannot be made", member_dir);
      g_autofree char *path = section_path (member_dir, s);
      write_section (path, s);
      gboolean is_anchor = chrono_fuzz_section_file (s) == CHRONO_FUZZ_OTF2_ANCHOR;
      if ((open == NULL && !chrono_fuzz_kind_has_location (s->kind)) || (is_anchor && !anchor))
        {
          g_free (open);
          open = g_steal_pointer (&path);
          anchor = anchor || is_anchor;
        }
    }
  /* a reference trace is what opens, with the kernel trace beside it */
  g_autofree char *refs = g_build_filename (member_dir, file_names[CHRONO_FUZZ_LAPLACE_REFS], NULL);
  if (!anchor && open != NULL && g_str_has_suffix (open, ".kern") && g_file_test (refs, G_FILE_TEST_EXISTS))
    {
      g_free (open);
      open = g_steal_pointer (&refs);
    }
  return open;
}

guint
chrono_fuzz_member_flags (const ChronoFuzzSection *sections, guint n, guint member)
{
  for (guint i = 0; i < n; i++)
    if (chrono_fuzz_section_member (&sections[i]) == member)
      return sections[i].kind >> 5;
  return 0;
}
