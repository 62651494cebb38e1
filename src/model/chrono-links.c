/* chrono-links.c — sorted by the later of their two ends, so the links that
 * can reach into a time window are found by one binary search; a link that
 * spans the whole window is still found (it ends after the window begins). */
#include "chrono-links.h"

#include <stdlib.h>

struct _ChronoLinks {
  GArray *rows; /* ChronoLink */
  gboolean sealed;
  gint64 longest; /* the largest |dst − src|: bounds the search for links in a window */
};

ChronoLinks *
chrono_links_new (void)
{
  ChronoLinks *links = g_new0 (ChronoLinks, 1);
  links->rows = g_array_new (FALSE, FALSE, sizeof (ChronoLink));
  return links;
}

void
chrono_links_free (ChronoLinks *links)
{
  if (links == NULL)
    return;
  g_array_unref (links->rows);
  g_free (links);
}

void
chrono_links_append (ChronoLinks *links, const ChronoLink *link)
{
  g_array_append_val (links->rows, *link);
  links->sealed = FALSE;
}

guint
chrono_links_get_n (ChronoLinks *links)
{
  return links->rows->len;
}

const ChronoLink *
chrono_links_get (ChronoLinks *links, guint index)
{
  g_return_val_if_fail (index < links->rows->len, NULL);
  return &g_array_index (links->rows, ChronoLink, index);
}

static gint64
link_end (const ChronoLink *link)
{
  return MAX (link->src_time, link->dst_time);
}

static int
compare_links (gconstpointer a, gconstpointer b)
{
  gint64 ea = link_end (a), eb = link_end (b);
  if (ea != eb)
    return ea < eb ? -1 : 1;
  const ChronoLink *la = a, *lb = b;
  return (la->id > lb->id) - (la->id < lb->id);
}

void
chrono_links_seal (ChronoLinks *links)
{
  if (links->sealed)
    return;
  if (links->rows->len > 1) /* qsort must not see the NULL data of an empty array */
    qsort (links->rows->data, links->rows->len, sizeof (ChronoLink), compare_links);
  links->longest = 0;
  for (guint i = 0; i < links->rows->len; i++)
    {
      const ChronoLink *link = &g_array_index (links->rows, ChronoLink, i);
      /* in unsigned arithmetic: a link may span more than G_MAXINT64 ticks */
      guint64 length = link->dst_time > link->src_time ? (guint64) link->dst_time - (guint64) link->src_time
                                                       : (guint64) link->src_time - (guint64) link->dst_time;
      links->longest = MAX (links->longest, (gint64) MIN (length, (guint64) G_MAXINT64));
    }
  links->sealed = TRUE;
}

/* The first link whose later end is after time. */
guint
chrono_links_first_ending_after (ChronoLinks *links, gint64 time)
{
  guint lo = 0, hi = links->rows->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (link_end (&g_array_index (links->rows, ChronoLink, mid)) > time)
        hi = mid;
      else
        lo = mid + 1;
    }
  return lo;
}

/* Links are sorted by their later end; none whose later end is past
 * time + longest can begin before time. */
gint64
chrono_links_get_longest (ChronoLinks *links)
{
  return links->longest;
}
