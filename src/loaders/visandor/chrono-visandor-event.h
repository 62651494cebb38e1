/* chrono-visandor-event.h — one VisAndOr event line, read, and the event
 * codes of the format note (../shared/seeds/001_a0f5c7b39f23fd4b.txt). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  CHRONO_VISANDOR_FORK = 1,
  CHRONO_VISANDOR_START_GOAL = 2,
  CHRONO_VISANDOR_FINISH_GOAL = 3,
  CHRONO_VISANDOR_JOIN = 4,
  CHRONO_VISANDOR_START_TIME = 5,
  CHRONO_VISANDOR_STOP_TIME = 6,
  CHRONO_VISANDOR_AGENT_BUSY = 7,
  CHRONO_VISANDOR_AGENT_IDLE = 8,
  CHRONO_VISANDOR_CREATE_WAM = 9,
  CHRONO_VISANDOR_CREATE_AGENT = 10,
  CHRONO_VISANDOR_MAKE_PUBLIC = 20,
  CHRONO_VISANDOR_START_BRANCH = 21,
  CHRONO_VISANDOR_SUCC_BRANCH = 22,
  CHRONO_VISANDOR_FAIL_BRANCH = 23,
  CHRONO_VISANDOR_SUSPEND_BRANCH = 24,
  CHRONO_VISANDOR_RESUME_BRANCH = 25,
  CHRONO_VISANDOR_CUTTING_BRANCH = 26,
  CHRONO_VISANDOR_LEAF_CUT = 27,
  CHRONO_VISANDOR_START_BUSY = 33,
  CHRONO_VISANDOR_STOP_BUSY = 34,
} ChronoVisandorCode;

/* The parallelism flag of the first line. */
typedef enum {
  CHRONO_VISANDOR_AND = 0,
  CHRONO_VISANDOR_OR = 1,
} ChronoVisandorMode;

/* `timestamp event_code nodeid branches wamid agentid`: nodeid and wamid
 * are hexadecimal in the file, the others decimal.  What `number` means
 * depends on the code: #tasks of a fork, the goal or branch number, … */
typedef struct {
  guint64 line;
  gint64 time;
  gint32 code;
  guint64 node;
  gint64 number;
  guint64 wam;
  gint64 agent;
} ChronoVisandorEvent;

G_END_DECLS
