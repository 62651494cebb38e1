/* Follow a chain: from an item back along what it waited on,
 * on fixtures whose dependencies are written out in their first lines. */
#include <glib/gstdio.h>

#include "chrono-loader.h"
#include "chrono-upstream.h"

static ChronoTrace *
load (const char *folder, const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("CHRONO_TEST_DATA"), folder, name, NULL);
  g_autoptr (GError) error = NULL;
  ChronoTrace *trace = chrono_load_file (path, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

static ChronoLane *
lane_at (ChronoTrace *trace, const char *path)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      g_autofree char *p = chrono_lane_dup_path (g_ptr_array_index (lanes, i));
      if (g_str_equal (p, path))
        return g_ptr_array_index (lanes, i);
    }
  g_assert_not_reached ();
}

static ChronoChainStep
span_item (ChronoLane *lane, guint index)
{
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  return (ChronoChainStep){ lane, FALSE, index, chrono_spans_get_start (spans, index),
                            chrono_spans_get_end (spans, index) };
}

static void
assert_step (GArray *chain, guint i, ChronoLane *lane, gboolean is_mark, gint64 begin)
{
  g_assert_cmpuint (i, <, chain->len);
  const ChronoChainStep *step = &g_array_index (chain, ChronoChainStep, i);
  g_assert_true (step->lane == lane);
  g_assert_cmpint (step->is_mark, ==, is_mark);
  g_assert_cmpint (step->begin, ==, begin);
}

/* event_groups.etf: E0 (s1) -> E2 (s2) -> E3 (Events), E1 (s1) -> claim A's start. */
static void
test_events_and_claims (void)
{
  g_autoptr (ChronoTrace) trace = load ("etf", "event_groups.etf");
  const gint64 s = 1000000000;
  ChronoLane *a = lane_at (trace, "Activities/A"), *s1 = lane_at (trace, "Events/s1");
  ChronoLane *s2 = lane_at (trace, "Events/s2"), *plain = lane_at (trace, "Events/Events");
  ChronoChainStep claim = span_item (a, 0);
  g_autoptr (GArray) from_claim = chrono_upstream_chain (trace, &claim, 10);
  g_assert_cmpuint (from_claim->len, ==, 2);
  assert_step (from_claim, 0, a, FALSE, 70 * s);
  assert_step (from_claim, 1, s1, TRUE, 20 * s);

  ChronoChainStep alarm = { plain, TRUE, 0, 40 * s, 40 * s };
  g_autoptr (GArray) from_alarm = chrono_upstream_chain (trace, &alarm, 10);
  g_assert_cmpuint (from_alarm->len, ==, 3);
  assert_step (from_alarm, 1, s2, TRUE, 30 * s);
  assert_step (from_alarm, 2, s1, TRUE, 10 * s);
  g_autoptr (GArray) short_one = chrono_upstream_chain (trace, &alarm, 2);
  g_assert_cmpuint (short_one->len, ==, 2);
}

/* dependencies.etf joins A, B, E0 and E1 every way, in a cycle: the chain
 * takes the latest source each time (E1 at 65 for E0's 50 and A's start at
 * 10) and stops where it would come back (B waits on E0 again). */
static void
test_latest_source_and_cycles (void)
{
  g_autoptr (ChronoTrace) trace = load ("etf", "dependencies.etf");
  const gint64 s = 1000000000;
  ChronoLane *a = lane_at (trace, "Activities/A"), *b = lane_at (trace, "Activities/B");
  ChronoLane *events = lane_at (trace, "Events/Events");
  ChronoChainStep claim = span_item (a, 0);
  g_autoptr (GArray) chain = chrono_upstream_chain (trace, &claim, 100);
  g_assert_cmpuint (chain->len, ==, 4);
  assert_step (chain, 0, a, FALSE, 10 * s);
  assert_step (chain, 1, events, TRUE, 65 * s);
  assert_step (chain, 2, events, TRUE, 50 * s);
  assert_step (chain, 3, b, FALSE, 30 * s);
}

/* A BTF runnable's call is preceded by the task instance that made it. */
static void
test_runnable_caller (void)
{
  g_autoptr (ChronoTrace) trace = load ("btf", "chains.btf");
  ChronoLane *control = lane_at (trace, "Tasks/Task_Ctrl/R_Control");
  ChronoLane *task = lane_at (trace, "Tasks/Task_Ctrl");
  ChronoChainStep call = span_item (control, 0);
  g_autoptr (GArray) chain = chrono_upstream_chain (trace, &call, 10);
  g_assert_cmpuint (chain->len, ==, 2);
  const ChronoChainStep *step = &g_array_index (chain, ChronoChainStep, 1);
  g_assert_true (step->lane == task);
  ChronoSpan span;
  chrono_spans_get (chrono_lane_get_spans (task), step->index, &span);
  g_assert_cmpuint (span.instance, ==, 0);
  g_assert_cmpint (step->begin, <=, call.begin);
  g_assert_cmpint (step->end, >=, call.end);
}

/* A BTF chain from the stimulus: the runnable's call <- its task instance
 * <- the ISR instance that activated it <- the stimulus that activated the
 * ISR; a signal read <- the task instance that read it <- and on.  An
 * activation by an entity without a lane (a timer) ends the chain. */
static void
test_activations (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("chrono-upstream-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *path = g_build_filename (dir, "activations.btf", NULL);
  const char *text = "#version 2.1.3\n#timescale ns\n"
                     "0,SIM,-1,STI,STI_Tick,0,trigger\n"
                     "0,STI_Tick,0,I,ISR_Tick,0,activate\n"
                     "5,Core_1,0,I,ISR_Tick,0,start\n"
                     "8,ISR_Tick,0,T,Task_A,0,activate\n"
                     "10,Core_1,0,I,ISR_Tick,0,terminate\n"
                     "12,Core_1,0,T,Task_A,0,start\n"
                     "20,Task_A,0,R,R1,0,start\n"
                     "25,Task_A,0,SIG,Sig_X,0,read\n"
                     "30,Task_A,0,R,R1,0,terminate\n"
                     "40,Core_1,0,T,Task_A,0,terminate\n"
                     "50,Timer,0,T,Task_A,1,activate\n"
                     "55,Core_1,0,T,Task_A,1,start\n"
                     "60,Core_1,0,T,Task_A,1,terminate\n";
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_autoptr (ChronoTrace) trace = chrono_load_file (path, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  ChronoLane *r1 = lane_at (trace, "Tasks/Task_A/R1"), *task = lane_at (trace, "Tasks/Task_A");
  ChronoLane *isr = lane_at (trace, "ISRs/ISR_Tick"), *stimulus = lane_at (trace, "Stimuli/STI_Tick");
  ChronoChainStep call = span_item (r1, 0);
  g_autoptr (GArray) chain = chrono_upstream_chain (trace, &call, 10);
  g_assert_cmpuint (chain->len, ==, 4);
  assert_step (chain, 1, task, FALSE, 8);
  assert_step (chain, 2, isr, FALSE, 5);
  assert_step (chain, 3, stimulus, TRUE, 0);

  ChronoLane *signal = lane_at (trace, "Signals/Sig_X");
  ChronoChainStep read = { signal, TRUE, 0, 25, 25 };
  g_autoptr (GArray) from_read = chrono_upstream_chain (trace, &read, 10);
  g_assert_cmpuint (from_read->len, ==, 4);
  assert_step (from_read, 1, task, FALSE, 12); /* the span it was read in */
  assert_step (from_read, 2, isr, FALSE, 5);
  assert_step (from_read, 3, stimulus, TRUE, 0);

  /* instance 1, activated by Timer (no lane): the chain is the item alone */
  ChronoSpans *spans = chrono_lane_get_spans (task);
  guint last = chrono_spans_get_n (spans) - 1;
  ChronoChainStep second = span_item (task, last);
  g_autoptr (GArray) alone = chrono_upstream_chain (trace, &second, 10);
  g_assert_cmpuint (alone->len, ==, 1);
  g_unlink (path);
  g_rmdir (dir);
}

static const char *
span_label (ChronoTrace *trace, ChronoLane *lane, guint index)
{
  ChronoSpan span;
  chrono_spans_get (chrono_lane_get_spans (lane), index, &span);
  return chrono_strings_get (chrono_trace_get_strings (trace), span.label);
}

/* The receiving call a message ends in: the MPI_Recv or MPI_Wait holding its end. */
static gboolean
receiving_call (ChronoTrace *trace, const ChronoLink *link, ChronoChainStep *out)
{
  ChronoSpans *spans = chrono_lane_get_spans (link->dst_lane);
  for (guint i = 0; spans != NULL && i < chrono_spans_get_n (spans); i++)
    {
      const char *label = span_label (trace, link->dst_lane, i);
      if ((g_str_equal (label, "MPI_Recv") || g_str_equal (label, "MPI_Wait"))
          && chrono_spans_get_start (spans, i) <= link->dst_time && link->dst_time <= chrono_spans_get_end (spans, i))
        {
          *out = span_item (link->dst_lane, i);
          return TRUE;
        }
    }
  return FALSE;
}

/* From an MPI receive the chain goes to the call the matching send
 * happened in (MPI_Send or MPI_Isend), not to the sender's main or the user
 * region around it; returns how many receives were followed. */
static guint
check_receives_lead_to_sends (ChronoTrace *trace)
{
  ChronoLinks *links = chrono_trace_get_links (trace);
  guint followed = 0;
  for (guint i = 0; i < chrono_links_get_n (links); i++)
    {
      const ChronoLink *link = chrono_links_get (links, i);
      ChronoChainStep receive;
      if (!receiving_call (trace, link, &receive))
        continue;
      g_autoptr (GArray) chain = chrono_upstream_chain (trace, &receive, 2);
      g_assert_cmpuint (chain->len, ==, 2);
      const ChronoChainStep *send = &g_array_index (chain, ChronoChainStep, 1);
      g_assert_false (send->is_mark);
      const char *label = span_label (trace, send->lane, send->index);
      if (!g_str_equal (label, "MPI_Send") && !g_str_equal (label, "MPI_Isend"))
        g_error ("the receive at %" G_GINT64_FORMAT " leads to %s [%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT
                 "], not to the send at %" G_GINT64_FORMAT,
                 link->dst_time, label, send->begin, send->end, link->src_time);
      followed++;
    }
  return followed;
}

/* Sends recorded a few ticks inside their MPI_Send / MPI_Isend, as Score-P
 * records them (chrono-gen-otf2 --sends-inside). */
/* inversion.btf: Task_High parks from 2.31 ms waiting on SEM_Res, which
 * Task_Low holds from 1 ms (it took it running from 0.1 ms). */
static void
test_semaphore_holder (void)
{
  g_autoptr (ChronoTrace) trace = load ("btf", "blocking/inversion.btf");
  const gint64 us = 1000;
  ChronoLane *high = lane_at (trace, "Tasks/Task_High"), *low = lane_at (trace, "Tasks/Task_Low");
  ChronoLane *holding = lane_at (trace, "Semaphores/SEM_Res/Task_Low");
  ChronoLane *requesting = lane_at (trace, "Semaphores/SEM_Res/Task_High");
  ChronoChainStep parked = span_item (high, 2);
  g_assert_cmpint (parked.begin, ==, 2310 * us);
  g_autoptr (GArray) chain = chrono_upstream_chain (trace, &parked, 10);
  g_assert_cmpuint (chain->len, >=, 3);
  assert_step (chain, 1, holding, FALSE, 1000 * us);
  assert_step (chain, 2, low, FALSE, 100 * us);
  /* the waiter's own request on the semaphore's lane leads to the same holder */
  ChronoChainStep request = span_item (requesting, 0);
  g_autoptr (GArray) from_request = chrono_upstream_chain (trace, &request, 10);
  assert_step (from_request, 1, holding, FALSE, 1000 * us);
  /* running before it asked, it waited on nothing of the semaphore's */
  ChronoChainStep before = span_item (high, 0);
  g_autoptr (GArray) from_before = chrono_upstream_chain (trace, &before, 10);
  for (guint i = 1; i < from_before->len; i++)
    g_assert_true (g_array_index (from_before, ChronoChainStep, i).lane != holding);
}

static void
test_receive_to_send (void)
{
  g_autoptr (ChronoTrace) trace = load ("otf2", "sends_inside.otf2");
  g_assert_cmpuint (check_receives_lead_to_sends (trace), >=, 10);
}

static void
test_receive_to_send_corpus (void)
{
  const char *corpus = g_getenv ("CHRONO_CORPUS");
  g_autofree char *path = corpus ? g_build_filename (corpus, "otf2", "ping-pong-otf2", "traces.otf2", NULL) : NULL;
  if (path == NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the ping-pong archive of the corpus is not there");
      return;
    }
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoTrace) trace = chrono_load_file (path, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (check_receives_lead_to_sends (trace), >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/upstream/semaphore-holder", test_semaphore_holder);
  g_test_add_func ("/upstream/events-and-claims", test_events_and_claims);
  g_test_add_func ("/upstream/latest-source-and-cycles", test_latest_source_and_cycles);
  g_test_add_func ("/upstream/runnable-caller", test_runnable_caller);
  g_test_add_func ("/upstream/activations", test_activations);
  g_test_add_func ("/upstream/receive-to-send", test_receive_to_send);
  g_test_add_func ("/upstream/receive-to-send-corpus", test_receive_to_send_corpus);
  return g_test_run ();
}
