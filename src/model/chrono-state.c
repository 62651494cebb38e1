#include "chrono-state.h"

#include <glib/gi18n-lib.h>

/* The colours live with the states so that a format adds a state in one
 * place.  Process states follow the BTF convention engineers already read
 * (btf.md §7, Trace Compass and the spec figures): running dark green, ready
 * light green, active pale yellow-green, waiting rose, polling cyan, parking
 * lavender.  In the dark theme "quiet" states stay close to the background
 * and running stays the loudest, so the emphasis is the same.
 *
 * stack: the order in which a crowded column stacks states from its bottom,
 * time on a core first, then held resources, then the waiting kinds. */
typedef struct {
  const char *name; /* stable, untranslated: dumps and JSON */
  const char *label; /* N_(), for legends and tooltips */
  ChronoStateCategory category;
  guint32 light, dark;
  guint stack;
} StateInfo;

static const StateInfo states[CHRONO_N_STATES] = {
  [CHRONO_STATE_NONE] = { "none", N_ ("None"), CHRONO_CATEGORY_NONE, 0x9aa0a6, 0x6b7078, 14 },
  /* activated, not yet started: a warm yellow, so it is not a second pale green beside Ready */
  [CHRONO_STATE_ACTIVE] = { "active", N_ ("Active"), CHRONO_CATEGORY_READY, 0xf6d67f, 0x9a8436, 9 },
  [CHRONO_STATE_READY] = { "ready", N_ ("Ready"), CHRONO_CATEGORY_READY, 0xb5da8c, 0x4e7a3b, 8 },
  [CHRONO_STATE_RUNNING] = { "running", N_ ("Running"), CHRONO_CATEGORY_RUNNING, 0x3d8b37, 0x67bd5a, 0 },
  [CHRONO_STATE_WAITING] = { "waiting", N_ ("Waiting"), CHRONO_CATEGORY_WAITING, 0xe4a1b1, 0xa65a6e, 11 },
  /* polling is active waiting: it keeps a core as busy as running does */
  [CHRONO_STATE_POLLING] = { "polling", N_ ("Polling"), CHRONO_CATEGORY_RUNNING, 0x84ccd6, 0x3f8e98, 1 },
  [CHRONO_STATE_PARKING] = { "parking", N_ ("Parking"), CHRONO_CATEGORY_WAITING, 0xc1b1e6, 0x7a68a8, 10 },
  [CHRONO_STATE_SUSPENDED] = { "suspended", N_ ("Suspended"), CHRONO_CATEGORY_WAITING, 0xbcd4ec, 0x4d6d90, 12 },
  [CHRONO_STATE_SEM_FREE] = { "free", N_ ("Free"), CHRONO_CATEGORY_IDLE, 0xdce2e9, 0x3f454d, 13 },
  [CHRONO_STATE_SEM_USED] = { "used", N_ ("Used"), CHRONO_CATEGORY_HOLDING, 0xf1cd7a, 0xb08d3c, 6 },
  [CHRONO_STATE_SEM_FULL] = { "full", N_ ("Full"), CHRONO_CATEGORY_HOLDING, 0xec9a45, 0xc8782e, 4 },
  [CHRONO_STATE_SEM_OVERFULL] = { "overfull", N_ ("Overfull"), CHRONO_CATEGORY_HOLDING, 0xd64541, 0xe05550, 5 },
  [CHRONO_STATE_SEM_REQUESTED] = { "requested", N_ ("Requested"), CHRONO_CATEGORY_BLOCKED, 0xf5c2a0, 0xa8785a, 7 },
  [CHRONO_STATE_SEM_HOLDING] = { "holding", N_ ("Holding"), CHRONO_CATEGORY_HOLDING, 0xb7822b, 0xd9a544, 3 },
  [CHRONO_STATE_BUSY] = { "busy", N_ ("Busy"), CHRONO_CATEGORY_RUNNING, 0x5b8fc7, 0x5b8fc7, 2 },
  /* an agent between "found work" and "looks for work": quiet, so the goals
   * and branches it runs stand out on it */
  [CHRONO_STATE_WORKING] = { "working", N_ ("Working"), CHRONO_CATEGORY_RUNNING, 0xc9d6e3, 0x3b4d60, 18 },
  [CHRONO_STATE_GOAL] = { "goal", N_ ("Goal"), CHRONO_CATEGORY_RUNNING, 0x2a9d8f, 0x3fb8a8, 15 },
  [CHRONO_STATE_BRANCH] = { "branch", N_ ("Branch"), CHRONO_CATEGORY_RUNNING, 0x6a5acd, 0x8b7ee0, 16 },
  [CHRONO_STATE_SLAVE] = { "slave", N_ ("Slave work"), CHRONO_CATEGORY_RUNNING, 0xe0a030, 0xe8b450, 17 },
  [CHRONO_STATE_IDLE] = { "idle", N_ ("Idle"), CHRONO_CATEGORY_IDLE, 0xeceef1, 0x2c3036, 19 },
  /* memory held, not work done: a quiet slate beside a process's running green */
  [CHRONO_STATE_MAPPED] = { "mapped", N_ ("Mapped"), CHRONO_CATEGORY_HOLDING, 0x9fb3c8, 0x50657c, 20 },
};

static const StateInfo *
lookup (ChronoState state)
{
  return &states[(guint) state < CHRONO_N_STATES ? state : CHRONO_STATE_NONE];
}

/* Stable, untranslated: used in dumps and JSON. */
const char *
chrono_state_get_name (ChronoState state)
{
  g_return_val_if_fail (state < CHRONO_N_STATES, "?");
  return states[state].name;
}

/* Translated, for legends and tooltips. */
const char *
chrono_state_get_label (ChronoState state)
{
  g_return_val_if_fail (state < CHRONO_N_STATES, "?");
  return g_dgettext (GETTEXT_PACKAGE, states[state].label);
}

ChronoStateCategory
chrono_state_get_category (ChronoState state)
{
  return lookup (state)->category;
}

/* A load picture counts work: time on a core and resources in use; ready,
 * waiting, blocked and free states are the absence of work. */
gboolean
chrono_state_is_busy (ChronoState state)
{
  ChronoStateCategory category = chrono_state_get_category (state);
  return category == CHRONO_CATEGORY_RUNNING || category == CHRONO_CATEGORY_HOLDING;
}

guint32
chrono_state_get_rgb (ChronoState state, gboolean dark)
{
  return dark ? lookup (state)->dark : lookup (state)->light;
}

guint
chrono_state_get_stack_rank (ChronoState state)
{
  return lookup (state)->stack;
}
