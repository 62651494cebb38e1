/* chrono-etf-lazy-split.c — what the reading thread does for the two
 * passes of a lazily read TRACE file (chrono-etf-lazy.c): cut a block into
 * lines and parse claims, fragments and attribute pairs, with nothing of
 * the reader but the copies its split data holds, while the reader takes
 * the block before (chrono_text_blocks_read). */
#include "chrono-etf-lazy.h"

#include <string.h>

/* ---- the index pass ----------------------------------------------------------- */

static void
close_run (GArray *lines, EtfIndexLine *run, const char *end, const char *text)
{
  if (run->ahead.kind != ETF_AHEAD_LINE)
    return;
  run->length = (gsize) (end - text) - run->offset;
  g_array_append_val (lines, *run);
  run->ahead.kind = ETF_AHEAD_NOTHING;
}

void
chrono_etf_index_split (gpointer data, ChronoTextBlock *block)
{
  EtfIndexSplit *split = data;
  GArray *lines = chrono_text_block_reset_lines (block, sizeof (EtfIndexLine));
  EtfIndexLine run = { .ahead.kind = ETF_AHEAD_NOTHING };
  guint64 line = block->first_line;
  const char *text = block->text, *p = text, *stop = text + block->length;
  for (; p < stop; line++)
    {
      const char *newline = memchr (p, '\n', stop + 1 - p); /* text[length] is a '\n' */
      gsize n = newline - p;
      if (n > 0 && p[n - 1] == '\r')
        n--;
      EtfIndexLine item = { .ahead.kind = ETF_AHEAD_LINE, .line = line, .offset = p - text, .length = n };
      if (memchr (p, '\0', n) == NULL) /* else its warning is the reader's */
        {
          if (n + 1 > split->size)
            {
              split->size = MAX (n + 1, 2 * split->size);
              split->scratch = g_realloc (split->scratch, split->size);
            }
          chrono_etf_parse_ahead (p, n, split->scratch, &item.ahead);
        }
      if (item.ahead.kind == ETF_AHEAD_CLAIM || item.ahead.kind == ETF_AHEAD_FRAGMENT)
        {
          close_run (lines, &run, p, text);
          g_array_append_val (lines, item);
        }
      else if (run.ahead.kind != ETF_AHEAD_LINE)
        run = (EtfIndexLine){ .ahead.kind = ETF_AHEAD_LINE, .line = line, .offset = p - text };
      p = newline + 1;
    }
  close_run (lines, &run, stop, text);
  block->n_lines = line - block->first_line;
}

/* ---- the start-order pass ------------------------------------------------------ */

/* On the reading thread: a claim's attributes parsed into the block's bytes. */
static void
split_pairs (EtfOrderSplit *setup, ChronoTextBlock *block, EtfOrderLine *item)
{
  item->n_pairs = 0;
  if (item->attributes == NULL || item->attributes_length == 0)
    return;
  if (!chrono_etf_pairs_parse (&setup->pairs, item->attributes, item->attributes_length))
    {
      item->n_pairs = ETF_BAD_PAIRS;
      return;
    }
  item->pairs_offset = block->bytes->len;
  item->n_pairs = setup->pairs.keys->len;
  g_byte_array_append (block->bytes, (const guint8 *) setup->pairs.buffer, setup->pairs.used);
}

void
chrono_etf_order_split (gpointer data, ChronoTextBlock *block)
{
  EtfOrderSplit *setup = data;
  chrono_text_block_reset_lines (block, sizeof (EtfOrderLine));
  chrono_text_block_reset_bytes (block);
  guint64 line = block->first_line;
  char *p = block->text, *stop = block->text + block->length;
  for (; p < stop; line++)
    {
      char *newline = memchr (p, '\n', stop + 1 - p); /* text[length] is a '\n' */
      gsize n = newline - p;
      if (n > 0 && p[n - 1] == '\r')
        n--;
      p[n] = '\0';
      EtfOrderLine item = { .claim = { .line = line, .activity = CHRONO_ETF_NO_INDEX } };
      gint64 ticks_per_unit =
          chrono_etf_check_unit (setup->ticks_per_unit, setup->unit_line, setup->early_ticks_per_unit, line);
      Fields fields;
      /* a line with a NUL byte is ignored, as it was in the index pass */
      if (strlen (p) != n)
        ;
      else if (chrono_etf_parse_claim_line (ticks_per_unit, p, p + n, &item.claim, &item.resource, &fields))
        {
          item.attributes = fields.attributes;
          item.attributes_length = fields.attributes_length;
          split_pairs (setup, block, &item);
          g_array_append_val (block->lines, item);
        }
      else if (setup->has_signals
               && chrono_etf_parse_fragment_line (ticks_per_unit, p, p + n, &item.resource, &item.fragment))
        {
          item.is_fragment = TRUE;
          g_array_append_val (block->lines, item);
        }
      p = newline + 1;
    }
  block->n_lines = line - block->first_line;
}
