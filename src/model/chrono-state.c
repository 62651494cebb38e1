#include "chrono-state.h"

#include <glib/gi18n-lib.h>

static const char *const state_names[CHRONO_N_STATES] = {
  [CHRONO_STATE_NONE] = "none",
  [CHRONO_STATE_ACTIVE] = "active",
  [CHRONO_STATE_READY] = "ready",
  [CHRONO_STATE_RUNNING] = "running",
  [CHRONO_STATE_WAITING] = "waiting",
  [CHRONO_STATE_POLLING] = "polling",
  [CHRONO_STATE_PARKING] = "parking",
  [CHRONO_STATE_SUSPENDED] = "suspended",
  [CHRONO_STATE_SEM_FREE] = "free",
  [CHRONO_STATE_SEM_USED] = "used",
  [CHRONO_STATE_SEM_FULL] = "full",
  [CHRONO_STATE_SEM_OVERFULL] = "overfull",
  [CHRONO_STATE_SEM_REQUESTED] = "requested",
  [CHRONO_STATE_SEM_HOLDING] = "holding",
  [CHRONO_STATE_BUSY] = "busy",
};

/* Stable, untranslated: used in dumps and JSON. */
const char *
chrono_state_get_name (ChronoState state)
{
  g_return_val_if_fail (state < CHRONO_N_STATES, "?");
  return state_names[state];
}

/* Translated, for legends and tooltips. */
const char *
chrono_state_get_label (ChronoState state)
{
  switch (state)
    {
    case CHRONO_STATE_NONE: return _ ("None");
    case CHRONO_STATE_ACTIVE: return _ ("Active");
    case CHRONO_STATE_READY: return _ ("Ready");
    case CHRONO_STATE_RUNNING: return _ ("Running");
    case CHRONO_STATE_WAITING: return _ ("Waiting");
    case CHRONO_STATE_POLLING: return _ ("Polling");
    case CHRONO_STATE_PARKING: return _ ("Parking");
    case CHRONO_STATE_SUSPENDED: return _ ("Suspended");
    case CHRONO_STATE_SEM_FREE: return _ ("Free");
    case CHRONO_STATE_SEM_USED: return _ ("Used");
    case CHRONO_STATE_SEM_FULL: return _ ("Full");
    case CHRONO_STATE_SEM_OVERFULL: return _ ("Overfull");
    case CHRONO_STATE_SEM_REQUESTED: return _ ("Requested");
    case CHRONO_STATE_SEM_HOLDING: return _ ("Holding");
    case CHRONO_STATE_BUSY: return _ ("Busy");
    case CHRONO_N_STATES: break;
    }
  return "?";
}
