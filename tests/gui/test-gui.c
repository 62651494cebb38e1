/* The viewer under Xvfb: each test opens traces in a window of its own
 * application (the fixture, chrono-gui-fixture.h), drives it and saves
 * screenshots as test artifacts.  Runs with G_DEBUG=fatal-criticals so any
 * GTK critical fails it.  The tests are in test-gui-*.c by what they test;
 * they are added here in the order they have always run. */
#include "chrono-gui-fixture.h"
#include "chrono-gui-tests.h"

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  chrono_gui_read_environment ();
  CHRONO_GUI_TEST ("/gui/open-zoom-pan", test_open_zoom_pan, NULL);
  CHRONO_GUI_TEST ("/gui/bad-file-shows-error", test_bad_file_shows_error, NULL);
  CHRONO_GUI_TEST ("/gui/mouse-and-keys", test_mouse_and_keys, trace_path);
  CHRONO_GUI_TEST ("/gui/export-matches-cli", test_export_matches_cli, NULL);
  CHRONO_GUI_TEST ("/gui/preemption-walkthrough", test_preemption_walkthrough, NULL);
  CHRONO_GUI_TEST ("/gui/trace-claims", test_trace_claims, NULL);
  CHRONO_GUI_TEST ("/gui/lazy-big-file", test_lazy_big_file, NULL);
  CHRONO_GUI_TEST ("/gui/density-axis-drag", test_density_axis_drag, NULL);
  CHRONO_GUI_TEST ("/gui/laplace-options-apply", test_laplace_options_apply, NULL);
  CHRONO_GUI_TEST ("/gui/laplace-reference-tooltip", test_laplace_reference_tooltip, NULL);
  CHRONO_GUI_TEST ("/gui/add-trace", test_add_trace, trace_path);
  CHRONO_GUI_TEST ("/gui/go-to-and-cursor", test_go_to_and_cursor, trace_path);
  CHRONO_GUI_TEST ("/gui/warnings-go-to-time", test_warnings_go_to_time, NULL);
  CHRONO_GUI_TEST ("/gui/name-column-resizes", test_name_column_resizes, trace_path);
  CHRONO_GUI_TEST ("/gui/view-file-survives-apply", test_view_file_survives_apply, NULL);
  CHRONO_GUI_TEST ("/gui/metrics-panel", test_metrics_panel, trace_path);
  CHRONO_GUI_TEST ("/gui/signal-sample", test_signal_sample, NULL);
  CHRONO_GUI_TEST ("/gui/lazy-counter-reading", test_lazy_counter_reading, NULL);
  CHRONO_GUI_TEST ("/gui/lazy-profile-page", test_lazy_profile_page, NULL);
  CHRONO_GUI_TEST ("/gui/lazy-blocked-on-semaphore", test_lazy_blocked_on_semaphore, NULL);
  CHRONO_GUI_TEST ("/gui/arrows-dialog", test_arrows_dialog, NULL);
  CHRONO_GUI_TEST ("/gui/follow-message-chain", test_follow_message_chain, NULL);
  CHRONO_GUI_TEST ("/gui/requirements-page", test_requirements_page, NULL);
  CHRONO_GUI_TEST ("/gui/core-load-lanes", test_core_load_lanes, trace_path);
  CHRONO_GUI_TEST ("/gui/export-format-follows-name", test_export_format_follows_name, trace_path);
  CHRONO_GUI_TEST ("/gui/colour-by-offers-name-once", test_colour_by_offers_name_once, NULL);
  CHRONO_GUI_TEST ("/gui/range-page", test_range_page, trace_path);
  CHRONO_GUI_TEST ("/gui/find-anything", test_find_anything, trace_path);
  CHRONO_GUI_TEST ("/gui/find-key-opens-search", test_find_key_opens_search, trace_path);
  CHRONO_GUI_TEST ("/gui/freertos-preempters", test_freertos_preempters, NULL);
  CHRONO_GUI_TEST ("/gui/blocked-on-semaphore", test_blocked_on_semaphore, NULL);
  CHRONO_GUI_TEST ("/gui/semaphore-holds-and-waits", test_semaphore_holds_and_waits, NULL);
  CHRONO_GUI_TEST ("/gui/metrics-breakdown", test_metrics_breakdown, NULL);
  CHRONO_GUI_TEST ("/gui/compare-runs", test_compare_runs, NULL);
  CHRONO_GUI_TEST ("/gui/profile-call-tree", test_profile_call_tree, NULL);
  CHRONO_GUI_TEST ("/gui/location-profile", test_location_profile, NULL);
  CHRONO_GUI_TEST ("/gui/call-path-highlight", test_call_path_highlight, NULL);
  CHRONO_GUI_TEST ("/gui/flame-graph", test_flame_graph, NULL);
  CHRONO_GUI_TEST ("/gui/flame-graph-open-calls", test_flame_graph_open_calls, NULL);
  CHRONO_GUI_TEST ("/gui/compare-call-paths", test_compare_call_paths, NULL);
  CHRONO_GUI_TEST ("/gui/compare-resources", test_compare_resources, NULL);
  CHRONO_GUI_TEST ("/gui/compare-resources-of-one-run", test_compare_resources_of_one_run, NULL);
  CHRONO_GUI_TEST ("/gui/range-counters", test_range_counters, NULL);
  CHRONO_GUI_TEST ("/gui/profile-scope", test_profile_scope, NULL);
  CHRONO_GUI_TEST ("/gui/late-sender-inspector", test_late_sender_inspector, NULL);
  CHRONO_GUI_TEST ("/gui/comm-matrix", test_comm_matrix, NULL);
  CHRONO_GUI_TEST ("/gui/collectives", test_collectives, NULL);
  CHRONO_GUI_TEST ("/gui/follow-chain", test_follow_chain, NULL);
  CHRONO_GUI_TEST ("/gui/unsaved-notes-on-close", test_unsaved_notes_on_close, NULL);
  CHRONO_GUI_TEST ("/gui/follow-activation-chain", test_follow_activation_chain, NULL);
  CHRONO_GUI_TEST ("/gui/saved-view", test_saved_view, NULL);
  CHRONO_GUI_TEST ("/gui/lane-menu-hide-lane", test_lane_menu_hide_lane, trace_path);
  CHRONO_GUI_TEST ("/gui/lane-menu-show-all", test_lane_menu_show_all, NULL);
  CHRONO_GUI_TEST ("/gui/lane-menu-collapse-expand", test_lane_menu_collapse_expand, NULL);
  CHRONO_GUI_TEST ("/gui/lane-menu-move-trace", test_lane_menu_move_trace, NULL);
  CHRONO_GUI_TEST ("/gui/shift-drag-beside-names-zooms", test_shift_drag_beside_names_zooms, trace_path);
  CHRONO_GUI_TEST ("/gui/own-user-dirs", test_own_user_dirs, NULL);
  CHRONO_GUI_TEST ("/gui/first-start", test_first_start, NULL);
  CHRONO_GUI_TEST ("/gui/requirements-chooser-folder", test_requirements_chooser_folder, trace_path);
  CHRONO_GUI_TEST ("/gui/moved-trace-in-reach", test_moved_trace_in_reach, NULL);
  CHRONO_GUI_TEST ("/gui/same-named-traces", test_same_named_traces, NULL);
  CHRONO_GUI_TEST ("/gui/legend-names-agents-of-every-trace", test_legend_names_agents_of_every_trace, NULL);
  CHRONO_GUI_TEST ("/gui/name-column-fits-names", test_name_column_fits_names, NULL);
  CHRONO_GUI_TEST ("/gui/profile-names", test_profile_names, NULL);
  CHRONO_GUI_TEST ("/gui/inspector-lines-fit", test_inspector_lines_fit, NULL);
  return g_test_run ();
}
