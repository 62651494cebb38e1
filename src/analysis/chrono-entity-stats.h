/* chrono-entity-stats.h — timing figures per scheduled entity (the lanes
 * of chrono-schedule.h): activations, preemptions, response and running
 * times of processes, runnable starts, core busy time. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

typedef struct {
  char *name;
  char *type; /* "T", "ISR", "R" or "C" */
  ChronoLaneKind kind;
  guint64 activations;
  guint64 preemptions;
  guint64 response_count; /* instances with both an activation and a termination */
  guint64 response_min, response_max, response_sum; /* ticks (durations are unsigned: chrono_ticks_between) */
  guint64 running_time; /* ticks in RUNNING */
  guint64 starts; /* runnables: calls started */
  guint64 busy_time; /* cores: ticks some process occupied the core */
} ChronoEntityStats;

GPtrArray *chrono_entity_stats_compute (ChronoTrace *trace);

G_END_DECLS
