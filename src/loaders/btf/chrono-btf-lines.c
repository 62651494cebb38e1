/* chrono-btf-lines.c — a BTF block cut into lines and fields
 * (chrono-btf-lines.h). */
#include "chrono-btf-lines.h"

#include <string.h>

#include "chrono-btf-machine.h"
#include "chrono-text-number.h"

/* Trim in place; a field wrapped in double quotes loses them. */
static char *
trim_field (char *start, char *end)
{
  while (start < end && btf_is_blank (*start))
    start++;
  while (end > start && btf_is_blank (end[-1]))
    end--;
  if (end - start >= 2 && *start == '"' && end[-1] == '"')
    {
      start++;
      end--;
    }
  *end = '\0';
  return start;
}

/* An instance field's number (on the reading thread): FALSE when it is not one. */
static gboolean
parse_instance (const char *text, gint64 *out)
{
  if (*text != '\0' && chrono_text_parse_int64 (text, out))
    return TRUE;
  *out = CHRONO_BTF_NO_INSTANCE;
  return *text == '\0';
}

/* Cuts the line in place into its fields; end points at its '\n' (or at the
 * byte after the buffer's end, which is writable). */
static void
split_line (const ChronoTextBlock *block, char *text, char *end, guint64 line, BtfLine *out)
{
  out->kind = BTF_LINE_BLANK;
  out->line = (guint32) (line - block->first_line);
  out->source_id = out->target_id = 0;
  while (end > text && (end[-1] == '\r' || end[-1] == '\n'))
    end--;
  *end = '\0';
  char *p = text;
  if (line == 1 && end - p >= 3 && memcmp (p, "\xEF\xBB\xBF", 3) == 0)
    p += 3; /* a UTF-8 byte-order mark */
  while (p < end && btf_is_blank (*p))
    p++;
  if (p == end)
    return;
  if (*p == '#')
    {
      out->kind = BTF_LINE_HEADER;
      out->text = (guint32) (p + 1 - block->text);
      return;
    }

  char *fields[8];
  int n = 0;
  char *start = p;
  /* The first seven commas separate fields; the note keeps any further ones.
   * A field that starts with a double quote runs to the closing quote. */
  for (char *q0 = p; q0 < end && n < 7;)
    {
      char *q = q0;
      while (q < end && btf_is_blank (*q))
        q++;
      if (q < end && *q == '"')
        {
          char *close = memchr (q + 1, '"', end - q - 1);
          if (close != NULL)
            q0 = close + 1;
        }
      char *comma = memchr (q0, ',', end - q0);
      if (comma == NULL)
        break;
      fields[n++] = start;
      *comma = '\0';
      start = q0 = comma + 1;
    }
  if (n < 6)
    {
      out->kind = BTF_LINE_TOO_FEW_FIELDS;
      out->n_fields = n + 1;
      return;
    }
  gboolean has_note = n == 7;
  fields[n] = start;
  for (int i = 0; i <= n; i++)
    {
      char *field_end = i < n ? fields[i + 1] - 1 : end;
      fields[i] = trim_field (fields[i], field_end);
    }
  if (!chrono_text_parse_int64 (fields[0], &out->time))
    {
      out->kind = BTF_LINE_BAD_TIME;
      out->text = (guint32) (fields[0] - block->text);
      return;
    }
  out->kind = BTF_LINE_EVENT;
  guint32 *offsets[] = { &out->source, &out->source_instance, &out->type,
                         &out->target, &out->target_instance, &out->event };
  for (int i = 0; i < 6; i++)
    *offsets[i] = (guint32) (fields[1 + i] - block->text);
  out->note = has_note ? (guint32) (fields[7] - block->text) : BTF_NO_NOTE;
  out->bad_instance = 0;
  if (!parse_instance (fields[2], &out->source_number))
    out->bad_instance |= BTF_BAD_SOURCE_INSTANCE;
  if (!parse_instance (fields[5], &out->target_number))
    out->bad_instance |= BTF_BAD_TARGET_INSTANCE;
}

void
chrono_btf_split_lines (ChronoTextBlock *block)
{
  chrono_text_block_reset_lines (block, sizeof (BtfLine));
  char *p = block->text, *stop = p + block->length;
  guint64 line = block->first_line;
  while (p < stop)
    {
      char *newline = memchr (p, '\n', stop + 1 - p);
      g_array_set_size (block->lines, block->lines->len + 1);
      BtfLine *split = &g_array_index (block->lines, BtfLine, block->lines->len - 1);
      split_line (block, p, newline, line++, split);
      if (split->kind == BTF_LINE_BLANK)
        g_array_set_size (block->lines, block->lines->len - 1);
      p = newline + 1;
    }
  block->n_lines = line - block->first_line;
}
