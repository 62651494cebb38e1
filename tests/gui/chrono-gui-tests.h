/* chrono-gui-tests.h — the GUI tests, one block a file; test-gui.c adds them. */
#pragma once

#include "chrono-gui-fixture.h"

/* test-gui-timeline.c */
void test_open_zoom_pan (ChronoGuiFixture *f, gconstpointer data);
void test_bad_file_shows_error (ChronoGuiFixture *f, gconstpointer data);
void test_mouse_and_keys (ChronoGuiFixture *f, gconstpointer data);
void test_name_column_resizes (ChronoGuiFixture *f, gconstpointer data);
void test_go_to_and_cursor (ChronoGuiFixture *f, gconstpointer data);
void test_shift_drag_beside_names_zooms (ChronoGuiFixture *f, gconstpointer data);
void test_name_column_fits_names (ChronoGuiFixture *f, gconstpointer data);
void test_inspector_lines_fit (ChronoGuiFixture *f, gconstpointer data);
void test_density_axis_drag (ChronoGuiFixture *f, gconstpointer data);
void test_laplace_reference_tooltip (ChronoGuiFixture *f, gconstpointer data);
void test_signal_sample (ChronoGuiFixture *f, gconstpointer data);
void test_warnings_go_to_time (ChronoGuiFixture *f, gconstpointer data);

/* test-gui-lazy.c */
void test_lazy_big_file (ChronoGuiFixture *f, gconstpointer data);
void test_lazy_blocked_on_semaphore (ChronoGuiFixture *f, gconstpointer data);
void test_lazy_profile_page (ChronoGuiFixture *f, gconstpointer data);
void test_lazy_counter_reading (ChronoGuiFixture *f, gconstpointer data);

/* test-gui-export.c */
void test_export_matches_cli (ChronoGuiFixture *f, gconstpointer data);
void test_export_format_follows_name (ChronoGuiFixture *f, gconstpointer data);

/* test-gui-view-file.c */
void test_view_file_survives_apply (ChronoGuiFixture *f, gconstpointer data);
void test_colour_by_offers_name_once (ChronoGuiFixture *f, gconstpointer data);
void test_laplace_options_apply (ChronoGuiFixture *f, gconstpointer data);
void test_trace_claims (ChronoGuiFixture *f, gconstpointer data);
void test_saved_view (ChronoGuiFixture *f, gconstpointer data);
void test_unsaved_notes_on_close (ChronoGuiFixture *f, gconstpointer data);
void test_own_user_dirs (ChronoGuiFixture *f, gconstpointer data);
void test_first_start (ChronoGuiFixture *f, gconstpointer data);
void test_moved_trace_in_reach (ChronoGuiFixture *f, gconstpointer data);

/* test-gui-traces.c */
void test_add_trace (ChronoGuiFixture *f, gconstpointer data);
void test_lane_menu_hide_lane (ChronoGuiFixture *f, gconstpointer data);
void test_lane_menu_show_all (ChronoGuiFixture *f, gconstpointer data);
void test_lane_menu_collapse_expand (ChronoGuiFixture *f, gconstpointer data);
void test_lane_menu_move_trace (ChronoGuiFixture *f, gconstpointer data);
void test_same_named_traces (ChronoGuiFixture *f, gconstpointer data);
void test_legend_names_agents_of_every_trace (ChronoGuiFixture *f, gconstpointer data);

/* test-gui-requirements.c */
void test_requirements_page (ChronoGuiFixture *f, gconstpointer data);
void test_requirements_chooser_folder (ChronoGuiFixture *f, gconstpointer data);
void test_core_load_lanes (ChronoGuiFixture *f, gconstpointer data);
void test_follow_chain (ChronoGuiFixture *f, gconstpointer data);
void test_follow_activation_chain (ChronoGuiFixture *f, gconstpointer data);
void test_follow_message_chain (ChronoGuiFixture *f, gconstpointer data);
void test_arrows_dialog (ChronoGuiFixture *f, gconstpointer data);

/* test-gui-pages.c */
void test_preemption_walkthrough (ChronoGuiFixture *f, gconstpointer data);
void test_metrics_panel (ChronoGuiFixture *f, gconstpointer data);
void test_range_page (ChronoGuiFixture *f, gconstpointer data);
void test_find_anything (ChronoGuiFixture *f, gconstpointer data);
void test_find_key_opens_search (ChronoGuiFixture *f, gconstpointer data);
void test_freertos_preempters (ChronoGuiFixture *f, gconstpointer data);
void test_semaphore_holds_and_waits (ChronoGuiFixture *f, gconstpointer data);
void test_metrics_breakdown (ChronoGuiFixture *f, gconstpointer data);
void test_compare_runs (ChronoGuiFixture *f, gconstpointer data);
void test_profile_call_tree (ChronoGuiFixture *f, gconstpointer data);
void test_location_profile (ChronoGuiFixture *f, gconstpointer data);
void test_call_path_highlight (ChronoGuiFixture *f, gconstpointer data);
void test_flame_graph (ChronoGuiFixture *f, gconstpointer data);
void test_flame_graph_open_calls (ChronoGuiFixture *f, gconstpointer data);
void test_compare_call_paths (ChronoGuiFixture *f, gconstpointer data);
void test_compare_resources (ChronoGuiFixture *f, gconstpointer data);
void test_compare_resources_of_one_run (ChronoGuiFixture *f, gconstpointer data);
void test_range_counters (ChronoGuiFixture *f, gconstpointer data);
void test_profile_scope (ChronoGuiFixture *f, gconstpointer data);
void test_late_sender_inspector (ChronoGuiFixture *f, gconstpointer data);
void test_comm_matrix (ChronoGuiFixture *f, gconstpointer data);
void test_collectives (ChronoGuiFixture *f, gconstpointer data);
void test_blocked_on_semaphore (ChronoGuiFixture *f, gconstpointer data);
void test_profile_names (ChronoGuiFixture *f, gconstpointer data);
