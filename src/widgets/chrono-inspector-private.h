/* chrono-inspector-private.h — what the parts of the inspector share: its
 * instance struct and the building blocks every page of it is made of
 * (times formatted on the ruler's clock, labels, sections, grids of fields
 * written to the plain text too). The inspector is one GObject type; the
 * pages for a process instance and for a tree node are files of their own.
 * Only the inspector's files include this. */
#pragma once

#include "chrono-inspector.h"

struct _ChronoInspector {
  GtkBox parent_instance;
  ChronoTrace *trace; /* the trace of the item on show: the inspector's own, or a decoded chunk of it */
  ChronoTrace *own_trace;
  ChronoTraceSet *set; /* traces shown together, or NULL */
  guint member; /* the set's member the item on show belongs to; 0: the first trace's */
  ChronoViewport *viewport;
  GtkWidget *content; /* rebuilt on every selection */
  GString *text; /* the same content as plain text, for copying and tests */
};

/* chrono-inspector.c */
char *chrono_inspector_format_time (ChronoInspector *self, gint64 ticks);
void chrono_inspector_format_time_pair (ChronoInspector *self, gint64 begin, gint64 end, char **out_begin,
                                        char **out_end);
char *chrono_inspector_format_length (ChronoInspector *self, gint64 ticks);
GtkWidget *chrono_inspector_add_label (ChronoInspector *self, const char *text, const char *style);
void chrono_inspector_add_section (ChronoInspector *self, const char *title);
GtkWidget *chrono_inspector_new_grid (ChronoInspector *self);
void chrono_inspector_add_field (ChronoInspector *self, GtkWidget *grid, int row, const char *key, const char *value);
void chrono_inspector_add_row (ChronoInspector *self, GtkWidget *grid, int row, const char *const *cells, int n);
void chrono_inspector_add_time_field (ChronoInspector *self, GtkWidget *grid, int row, const char *key, gint64 time);
void chrono_inspector_add_length_field (ChronoInspector *self, GtkWidget *grid, int row, const char *key, gint64 ticks);
void chrono_inspector_reset (ChronoInspector *self);

/* chrono-inspector-life.c: a process instance's life, below its span's fields. */
void chrono_inspector_show_life (ChronoInspector *self, ChronoLane *lane, guint instance);
