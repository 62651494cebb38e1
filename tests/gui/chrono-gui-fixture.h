/* chrono-gui-fixture.h — what the GUI tests share: the files the suite
 * names in the environment, a fixture that makes the application and the
 * window a test opens and destroys them after it, and the helpers more
 * than one group of tests uses (finding widgets, sending events, letting
 * GTK settle, screenshots as test artifacts). */
#pragma once

#include <gtk/gtk.h>

#include <glib/gstdio.h>
#include <stdio.h>
#include <math.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>

#include "chrono-application.h"
#include "chrono-bookmarks-view.h"
#include "chrono-core-load.h"
#include "chrono-export-dialog.h"
#include "chrono-find.h"
#include "chrono-inspector.h"
#include "chrono-instance-life.h"
#include "chrono-arrows-dialog.h"
#include "chrono-metrics-view.h"
#include "chrono-name-colours.h"
#include "chrono-palette.h"
#include "chrono-profile-view.h"
#include "chrono-range-stats.h"
#include "chrono-range-view.h"
#include "chrono-requirements-view.h"
#include "chrono-timeline-view.h"
#include "chrono-welcome.h"
#include "chrono-window.h"
#include "chrono-loader.h"

/* the environment tests/gui/meson.build sets: CHRONO_TEST_TRACE, CHRONO_ARTIFACT_DIR,
 * CHRONO_CLI, CHRONO_CORPUS, CHRONO_TEST_DATA, CHRONO_GEN_BTF */
extern const char *trace_path;
extern const char *artifact_dir;
extern const char *cli_path;
extern const char *corpus_dir;
extern const char *data_dir;
extern const char *generator_path;

void chrono_gui_read_environment (void);

/* A registered application and the window the test shows: setup makes the
 * application, and opens the trace the test was added with (if any) in the
 * window; teardown destroys the window if the test left it, and the application. */
typedef struct {
  ChronoApplication *app;
  ChronoWindow *window;
  char *temp_dir; /* chrono_gui_temp_dir's, removed with what it holds at teardown */
} ChronoGuiFixture;

void chrono_gui_fixture_set_up (ChronoGuiFixture *f, gconstpointer trace);
void chrono_gui_fixture_tear_down (ChronoGuiFixture *f, gconstpointer trace);
ChronoWindow *chrono_gui_open (ChronoGuiFixture *f, const char *path);
void chrono_gui_keep (ChronoGuiFixture *f, ChronoWindow *window);
/* A temporary folder for the files a test makes (owned by the fixture). */
const char *chrono_gui_temp_dir (ChronoGuiFixture *f);
/* An archive of the OTF2 generator's MPI program (seed 7) of so many
 * events, named name in that folder; NULL (the test skipped) where the
 * generator was not built. */
char *chrono_gui_generate_otf2 (ChronoGuiFixture *f, const char *name, const char *events);

/* a test at path run in the fixture, with the window open on trace (a path) or none (NULL) */
#define CHRONO_GUI_TEST(path, test, trace) \
  g_test_add ((path), ChronoGuiFixture, (trace), chrono_gui_fixture_set_up, (test), chrono_gui_fixture_tear_down)

gboolean wait_for_timeline (ChronoWindow *window);
void settle (void);
void save_screenshot (GtkWidget *widget, const char *name);
ChronoWindow *open_window (ChronoApplication *app, const char *path);
void send_button (GtkWidget *widget, GdkEventType type, guint button, double x, double y, guint state);
void send_motion (GtkWidget *widget, double x, double y, guint state);
void send_key (GtkWidget *widget, guint keyval);
ChronoLane *find_lane (ChronoTrace *trace, const char *name, ChronoLaneKind kind);
GtkWidget *find_widget (GtkWidget *widget, gboolean (*match) (GtkWidget *, gconstpointer), gconstpointer data);
gboolean button_labelled_with (GtkWidget *widget, gconstpointer text);
GtkWidget *find_button_with (GtkWidget *widget, const char *text);
gboolean same_file_contents (const char *a, const char *b);
ChronoWindow *open_ta_sample (ChronoGuiFixture *f);
GtkTreeViewColumn *column_titled (GtkTreeView *tree, const char *title);
GtkWindow *toplevel_over (ChronoWindow *window, GType type);
void add_trace_and_wait (ChronoWindow *window, const char *path);
/* Compare With… another run, until the Compare page is there (or a minute has passed). */
void compare_with_and_wait (ChronoWindow *window, const char *path);
ChronoWindow *open_two_traces (ChronoGuiFixture *f);
gboolean of_type (GtkWidget *widget, gconstpointer type);
GtkWidget *find_widget_of_type (GtkWidget *widget, GType type);
void collect_labels (GtkWidget *widget, GPtrArray *out);
