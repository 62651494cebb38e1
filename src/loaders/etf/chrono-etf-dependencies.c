/* chrono-etf-dependencies.c — dependencies as links between the ends of claims and events. */
#include "chrono-etf-private.h"

/* ---- dependencies ------------------------------------------------------- */

typedef struct {
  ChronoEtfFindClaim find_claim;
  ChronoEtfFindEvent find_event;
  gpointer find_data;
} Endpoints;

static gboolean
endpoint (EtfReader *r, Placement *p, Endpoints *ends, gboolean is_claim, gboolean claim_end, gint64 id,
          const Dependency *d, ChronoLane **lane, gint64 *time)
{
  if (is_claim)
    {
      const ChronoEtfClaim *claim = ends->find_claim (ends->find_data, id);
      if (claim == NULL || claim->activity == CHRONO_ETF_NO_INDEX)
        {
          chrono_warnings_add (r->warnings, d->line, "unknown reference",
                               _ ("dependency %" PRId64 " names claim %" PRId64
                                  ", which is missing or was skipped; the dependency is skipped"),
                               d->id, id);
          return FALSE;
        }
      *lane = g_array_index (p->activities, Activity, claim->activity).lane;
      *time = chrono_etf_to_ticks (r, claim_end ? claim->t1 : claim->t0);
      return TRUE;
    }
  if (!ends->find_event (ends->find_data, id, lane, time))
    {
      chrono_warnings_add (r->warnings, d->line, "unknown reference",
                           _ ("dependency %" PRId64 " names event %" PRId64
                              ", which is missing or was skipped; the dependency is skipped"),
                           d->id, id);
      return FALSE;
    }
  return TRUE;
}

/* Which ends a dependency type joins (seed format, "Specifying dependencies"). */
typedef struct {
  gboolean src_claim, src_end, dst_claim, dst_end;
} DependencyEnds;

static const DependencyEnds dependency_ends[9] = {
  { TRUE, FALSE, TRUE, FALSE }, { TRUE, FALSE, TRUE, TRUE },    { TRUE, TRUE, TRUE, FALSE },
  { TRUE, TRUE, TRUE, TRUE },   { FALSE, FALSE, FALSE, FALSE }, { TRUE, FALSE, FALSE, FALSE },
  { TRUE, TRUE, FALSE, FALSE }, { FALSE, FALSE, TRUE, FALSE },  { FALSE, FALSE, TRUE, TRUE },
};

void
chrono_etf_dependency_ends (gint64 type, gboolean *src_claim, gboolean *dst_claim)
{
  *src_claim = dependency_ends[type].src_claim;
  *dst_claim = dependency_ends[type].dst_claim;
}

/* Producers number records 0, 1, 2…: then an array indexed by id beats any hash. */
static void
init_ids (ChronoEtfIds *ids, gint64 lowest, gint64 highest, guint n)
{
  guint64 last = (guint64) highest - (guint64) lowest; /* no overflow, unlike the size */
  if (n > 0 && last < 2 * (guint64) n + 1024)
    chrono_etf_ids_init_dense (ids, lowest, last + 1);
  else
    chrono_etf_ids_init (ids, n);
}

void
chrono_etf_warn_duplicate_claim (EtfReader *r, const ChronoEtfClaim *first, const ChronoEtfClaim *claim)
{
  /* claims are in time order here, so name the later line */
  chrono_warnings_add (r->warnings, MAX (first->line, claim->line), "duplicate id",
                       _ ("claim %" PRId64 " is declared twice (lines %" PRIu64 " and %" PRIu64
                          "); dependencies use the one on line %" PRIu64),
                       claim->id, MIN (first->line, claim->line), MAX (first->line, claim->line), first->line);
}

typedef struct {
  EtfReader *r;
  ChronoEtfIds ids; /* claim id -> index of its first claim in time order */
  ChronoEtfIds events; /* event id -> index of its first event */
  GPtrArray *event_lanes; /* each event's lane, by index */
} ReadIds;

static const ChronoEtfClaim *
find_read_claim (gpointer data, gint64 id)
{
  ReadIds *claims = data;
  guint32 index = chrono_etf_ids_lookup (&claims->ids, id);
  return index == CHRONO_ETF_NO_INDEX ? NULL : chrono_etf_claims_get (&claims->r->claims, index);
}

static gboolean
find_read_event (gpointer data, gint64 id, ChronoLane **lane, gint64 *time)
{
  ReadIds *read = data;
  guint32 index = chrono_etf_ids_lookup (&read->events, id);
  if (index == CHRONO_ETF_NO_INDEX)
    return FALSE;
  *lane = g_ptr_array_index (read->event_lanes, index);
  *time = chrono_etf_to_ticks (read->r, g_array_index (read->r->events, Event, index).t);
  return TRUE;
}

void
chrono_etf_number_events (EtfReader *r, ChronoEtfIds *ids)
{
  gint64 lowest = G_MAXINT64, highest = G_MININT64;
  for (guint i = 0; i < r->events->len; i++)
    {
      gint64 id = g_array_index (r->events, Event, i).id;
      lowest = MIN (lowest, id);
      highest = MAX (highest, id);
    }
  init_ids (ids, lowest, highest, r->events->len);
  for (guint i = 0; i < r->events->len; i++)
    {
      Event *event = &g_array_index (r->events, Event, i);
      if (chrono_etf_ids_insert (ids, event->id, i) != i)
        chrono_warnings_add (r->warnings, event->line, "duplicate id",
                             _ ("event %" PRId64 " is declared twice; dependencies use the first"), event->id);
    }
}

void
chrono_etf_build_dependencies (EtfReader *r, Placement *p, GPtrArray *event_lanes)
{
  ReadIds claims = { r, .event_lanes = event_lanes };
  gint64 lowest = G_MAXINT64, highest = G_MININT64;
  for (guint i = 0; i < r->claims.n; i++)
    {
      gint64 id = chrono_etf_claims_get (&r->claims, i)->id;
      lowest = MIN (lowest, id);
      highest = MAX (highest, id);
    }
  init_ids (&claims.ids, lowest, highest, r->claims.n);
  for (guint i = 0; i < r->claims.n; i++)
    {
      ChronoEtfClaim *claim = chrono_etf_claims_get (&r->claims, i);
      guint32 index = chrono_etf_ids_insert (&claims.ids, claim->id, i);
      if (index != i)
        chrono_etf_warn_duplicate_claim (r, chrono_etf_claims_get (&r->claims, index), claim);
    }
  chrono_etf_number_events (r, &claims.events);
  chrono_etf_link_dependencies (r, p, find_read_claim, find_read_event, &claims);
  chrono_etf_ids_clear (&claims.ids);
  chrono_etf_ids_clear (&claims.events);
}

void
chrono_etf_link_dependencies (EtfReader *r, Placement *p, ChronoEtfFindClaim find_claim, ChronoEtfFindEvent find_event,
                              gpointer data)
{
  Endpoints ends = { find_claim, find_event, data };
  ChronoLinks *links = chrono_trace_get_links (r->trace);
  for (guint i = 0; i < r->dependencies.n; i++)
    {
      chrono_etf_chunked_release_before (&r->dependencies, i);
      const Dependency *d = chrono_etf_chunked_get (&r->dependencies, i);
      const DependencyEnds *type = &dependency_ends[d->type];
      ChronoLane *src_lane = NULL, *dst_lane = NULL;
      gint64 src_time, dst_time;
      if (!endpoint (r, p, &ends, type->src_claim, type->src_end, d->src, d, &src_lane, &src_time)
          || !endpoint (r, p, &ends, type->dst_claim, type->dst_end, d->dst, d, &dst_lane, &dst_time))
        continue;
      ChronoLink link = { src_lane, dst_lane, src_time, dst_time, (guint32) d->type, d->attrs, d->id };
      chrono_links_append (links, &link);
    }
  chrono_etf_chunked_clear (&r->dependencies);
}
