/* chrono-gen-otf2-profile.h — the call paths chrono-gen-otf2 wrote, from its
 * own bookkeeping: each location's stack of open calls with their paths,
 * and per (location, path) the calls, inclusive and exclusive ticks, by the
 * rule the generator writes Leaves with (a call never left adds no time;
 * exclusive = inclusive less the closed calls made directly inside).  At the
 * end, the `profile --json` documents the archive must give. */
#pragma once

#include <glib.h>
#include <stdint.h>
#include <stdio.h>

typedef struct _GenProfile GenProfile;

/* Seconds of ticks, and of num / den ticks, as the generator writes them. */
typedef void (*GenFormatTicks) (char *buf, size_t n, uint64_t ticks);
typedef void (*GenFormatRatio) (char *buf, size_t n, uint64_t num, uint64_t den);

GenProfile *gen_profile_new (int n_locations);
/* Location loc entered region name at time t. */
void gen_profile_enter (GenProfile *p, int loc, const char *name, uint64_t t);
/* Location loc's innermost open call ended at t (a Leave closes one call at a time, innermost first). */
void gen_profile_close_innermost (GenProfile *p, int loc, uint64_t t);
/* {"format": "otf2", "paths": [...]} summed over the locations, and the
 * --per-location form (ids: each location's OTF2 id). */
gboolean gen_profile_write (GenProfile *p, FILE *summed, FILE *per_location, const uint64_t *ids,
                            GenFormatTicks seconds, GenFormatRatio ratio);
void gen_profile_free (GenProfile *p);
