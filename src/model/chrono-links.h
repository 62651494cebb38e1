/* chrono-links.h — dependencies between items: an arrow from one lane at
 * one time to another lane at another time (TRACE dependencies, OTF2
 * messages, fork → goal). */
#pragma once

#include <glib.h>

typedef struct _ChronoLane ChronoLane;

G_BEGIN_DECLS

typedef struct {
  ChronoLane *src_lane, *dst_lane; /* borrowed: lanes live as long as their trace, wherever the tree grows */
  gint64 src_time, dst_time;
  guint32 kind; /* the producer's type (TRACE: 0..8) */
  guint32 attrs; /* attribute-set id */
  gint64 id; /* the producer's id */
} ChronoLink;

typedef struct _ChronoLinks ChronoLinks;

ChronoLinks *chrono_links_new (void);
void chrono_links_free (ChronoLinks *links);
void chrono_links_append (ChronoLinks *links, const ChronoLink *link);
guint chrono_links_get_n (ChronoLinks *links);
const ChronoLink *chrono_links_get (ChronoLinks *links, guint index);
void chrono_links_seal (ChronoLinks *links);
guint chrono_links_first_ending_after (ChronoLinks *links, gint64 time);
gint64 chrono_links_get_longest (ChronoLinks *links);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoLinks, chrono_links_free)

G_END_DECLS
