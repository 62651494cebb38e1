/* test-instance-life.c — the life of a BTF task/ISR instance, checked
 * against fixtures read by hand. */
#include <glib/gstdio.h>
#include <string.h>

#include "chrono-instance-life.h"
#include "chrono-loader.h"

static ChronoTrace *
load_path (const char *path)
{
  g_autoptr (GError) error = NULL;
  ChronoTrace *trace = chrono_load_file (path, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (trace);
  return trace;
}

static ChronoTrace *
load_fixture (const char *name)
{
  const char *data = g_getenv ("CHRONO_TEST_DATA");
  g_assert_nonnull (data);
  g_autofree char *path = g_build_filename (data, "btf", name, NULL);
  return load_path (path);
}

/* A trace from BTF text written here, for cases no fixture has. */
static ChronoTrace *
load_text (const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  int fd = g_file_open_tmp ("chrono-life-XXXXXX.btf", &path, &error);
  g_assert_no_error (error);
  g_close (fd, NULL);
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  ChronoTrace *trace = load_path (path);
  g_unlink (path);
  return trace;
}

static ChronoLane *
find_lane (ChronoTrace *trace, ChronoLaneKind kind, const char *name)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      if (chrono_lane_get_kind (lane) == kind && strcmp (chrono_lane_get_name (lane), name) == 0)
        return lane; /* the trace keeps it alive */
    }
  g_error ("no lane %s", name);
}

/* The instance index of the first instance of a process with that number. */
static guint
find_instance (ChronoLane *lane, gint64 number)
{
  ChronoInstances *instances = chrono_lane_get_instances (lane);
  for (guint i = 0; i < chrono_instances_get_n (instances); i++)
    if (chrono_instances_get (instances, i)->number == number)
      return i;
  g_error ("no instance %" G_GINT64_FORMAT " of %s", number, chrono_lane_get_name (lane));
}

static ChronoInstanceLife *
life_of (ChronoTrace *trace, const char *process, guint index)
{
  ChronoLane *lane = find_lane (trace, CHRONO_LANE_PROCESS, process);
  ChronoInstanceLife *life = chrono_instance_life_new (trace, lane, index);
  g_assert_nonnull (life);
  if (g_test_verbose ())
    {
      g_autofree char *text = chrono_instance_life_to_text (life, chrono_trace_get_clock (trace));
      g_test_message ("%s", text);
    }
  return life;
}

static void
assert_state (ChronoInstanceLife *life, guint i, ChronoState state, gint64 begin, gint64 end, guint8 flags)
{
  g_assert_cmpuint (i, <, life->states->len);
  const ChronoLifeState *s = &g_array_index (life->states, ChronoLifeState, i);
  g_assert_cmpint (s->state, ==, state);
  g_assert_cmpint (s->begin, ==, begin);
  g_assert_cmpint (s->end, ==, end);
  g_assert_cmpint (s->flags, ==, flags);
}

static void
assert_preemption (ChronoInstanceLife *life, guint i, gint64 time, gint64 resumed, gint64 duration, const char *core,
                   const char *by, gint64 by_number)
{
  g_assert_cmpuint (i, <, life->preemptions->len);
  const ChronoLifePreemption *p = g_ptr_array_index (life->preemptions, i);
  g_assert_cmpint (p->time, ==, time);
  g_assert_cmpint (p->resumed, ==, resumed);
  g_assert_cmpint (p->duration, ==, duration);
  g_assert_cmpstr (p->core, ==, core);
  g_assert_cmpstr (p->preempted_by, ==, by);
  g_assert_cmpint (p->preempter_number, ==, by_number);
}

static void
assert_runnable (ChronoInstanceLife *life, guint i, const char *name, guint depth, gint64 number, gint64 begin,
                 gint64 end, gint64 running)
{
  g_assert_cmpuint (i, <, life->runnables->len);
  const ChronoLifeRunnable *r = g_ptr_array_index (life->runnables, i);
  g_assert_cmpstr (r->name, ==, name);
  g_assert_cmpuint (r->depth, ==, depth);
  g_assert_cmpint (r->number, ==, number);
  g_assert_cmpint (r->begin, ==, begin);
  g_assert_cmpint (r->end, ==, end);
  g_assert_cmpint (r->running_time, ==, running);
}

static gint64
total_time (ChronoInstanceLife *life)
{
  gint64 total = 0;
  for (guint s = 0; s < CHRONO_N_STATES; s++)
    total += life->time_in_state[s];
  return total;
}

/* BTF 2.1.3 section 2.3: Task_A is preempted by Task_B on Core_1 at 10100
 * and resumes at 16866; Runnable_A_2 stays suspended across it. */
static void
test_spec_example (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ("spec_example.btf");
  g_autoptr (ChronoInstanceLife) a = life_of (trace, "Task_A", 0);
  g_assert_cmpstr (a->process, ==, "Task_A");
  g_assert_cmpstr (a->type, ==, "T");
  g_assert_cmpint (a->number, ==, 0);
  g_assert_cmpint (a->begin, ==, 0);
  g_assert_cmpint (a->end, ==, 20199);
  g_assert_cmpint (a->first_start, ==, 100);
  g_assert_true (a->activated);
  g_assert_true (a->terminated);
  g_assert_false (a->inferred);
  g_assert_cmpint (a->response_time, ==, 20199);

  g_assert_cmpuint (a->states->len, ==, 4);
  assert_state (a, 0, CHRONO_STATE_ACTIVE, 0, 100, 0);
  assert_state (a, 1, CHRONO_STATE_RUNNING, 100, 10100, 0);
  assert_state (a, 2, CHRONO_STATE_READY, 10100, 16866, 0);
  assert_state (a, 3, CHRONO_STATE_RUNNING, 16866, 20199, 0);
  g_assert_cmpint (a->time_in_state[CHRONO_STATE_ACTIVE], ==, 100);
  g_assert_cmpint (a->time_in_state[CHRONO_STATE_RUNNING], ==, 10000 + 3333);
  g_assert_cmpint (a->time_in_state[CHRONO_STATE_READY], ==, 6766);
  g_assert_cmpint (total_time (a), ==, a->response_time);

  g_assert_cmpuint (a->preemptions->len, ==, 1);
  assert_preemption (a, 0, 10100, 16866, 6766, "Core_1", "Task_B", 0);

  g_assert_cmpuint (a->runnables->len, ==, 2);
  assert_runnable (a, 0, "Runnable_A_1", 0, 0, 100, 6766, 6666);
  assert_runnable (a, 1, "Runnable_A_2", 0, 0, 6766, 20199, (10100 - 6766) + (20199 - 16866));

  g_autofree char *text = chrono_instance_life_to_text (a, chrono_trace_get_clock (trace));
  g_assert_nonnull (strstr (text, "Task_A #0"));
  g_assert_nonnull (strstr (text, "Response time: 20.199 µs"));
  g_assert_nonnull (strstr (text, "at 10.1 µs on Core_1 by Task_B #0, resumed at 16.866 µs after 6.766 µs"));
  g_assert_nonnull (strstr (text, "Runnable_A_2 #0"));

  g_autoptr (ChronoInstanceLife) b = life_of (trace, "Task_B", 0);
  g_assert_cmpint (b->response_time, ==, 16766 - 10000);
  g_assert_cmpint (b->first_start, ==, 10100);
  g_assert_cmpuint (b->preemptions->len, ==, 0);
  g_assert_cmpuint (b->runnables->len, ==, 1);
  assert_runnable (b, 0, "Runnable_B_1", 0, 0, 10100, 16766, 6666);
}

/* Concurrent instances of Task_C on sub-rows 0..2, one runnable lane shared
 * by them; instance number 0 comes back as a fourth record. */
static void
test_concurrent (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ("concurrent.btf");
  ChronoLane *lane = find_lane (trace, CHRONO_LANE_PROCESS, "Task_C");

  g_autoptr (ChronoInstanceLife) first = life_of (trace, "Task_C", 0);
  g_assert_cmpuint (first->states->len, ==, 2);
  g_assert_cmpint (first->response_time, ==, 40);
  g_assert_cmpuint (first->runnables->len, ==, 1);
  assert_runnable (first, 0, "Run_C", 0, 0, 10, 40, 30);

  g_autoptr (ChronoInstanceLife) second = life_of (trace, "Task_C", 1);
  assert_state (second, 0, CHRONO_STATE_ACTIVE, 20, 25, 0);
  assert_state (second, 1, CHRONO_STATE_RUNNING, 25, 50, 0);
  g_assert_cmpuint (second->runnables->len, ==, 1);
  assert_runnable (second, 0, "Run_C", 0, 1, 25, 50, 25);

  g_autoptr (ChronoInstanceLife) again = life_of (trace, "Task_C", 3);
  g_assert_cmpint (again->number, ==, 0);
  g_assert_cmpint (again->begin, ==, 55);
  g_assert_cmpint (again->end, ==, 70);
  g_assert_cmpuint (again->runnables->len, ==, 1);
  assert_runnable (again, 0, "Run_C", 0, 2, 65, 70, 5);
  g_assert_cmpuint (again->preemptions->len, ==, 0);

  guint index = G_MAXUINT;
  g_assert_true (chrono_instance_life_find_at (lane, 30, 0, &index));
  g_assert_cmpuint (index, ==, 0);
  g_assert_true (chrono_instance_life_find_at (lane, 30, 1, &index));
  g_assert_cmpuint (index, ==, 1);
  g_assert_true (chrono_instance_life_find_at (lane, 30, 2, &index));
  g_assert_cmpuint (index, ==, 2);
  g_assert_true (chrono_instance_life_find_at (lane, 57, 0, &index));
  g_assert_cmpuint (index, ==, 3);
  g_assert_false (chrono_instance_life_find_at (lane, 42, 0, &index)); /* row 0 is free from 40 to 55 */
  g_assert_false (chrono_instance_life_find_at (lane, 30, 3, &index));
  g_assert_false (chrono_instance_life_find_at (lane, 70, 0, &index)); /* the end is outside */

  g_assert_false (chrono_instance_life_adjacent (lane, 0, -1, &index));
  g_assert_true (chrono_instance_life_adjacent (lane, 0, +1, &index));
  g_assert_cmpuint (index, ==, 1);
  g_assert_true (chrono_instance_life_adjacent (lane, 2, +1, &index));
  g_assert_cmpuint (index, ==, 3);
  g_assert_true (chrono_instance_life_adjacent (lane, 3, -1, &index));
  g_assert_cmpuint (index, ==, 2);
  g_assert_false (chrono_instance_life_adjacent (lane, 3, +1, &index));
  g_assert_false (chrono_instance_life_adjacent (lane, 4, +1, &index));
}

/* Every process state: only the RUNNING -> READY of a preempt is a
 * preemption, not the READY after release or release_parking. */
static void
test_process_events (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ("process_events.btf");
  g_autoptr (ChronoInstanceLife) life = life_of (trace, "Task_P", 0);
  g_assert_cmpuint (life->states->len, ==, 15);
  g_assert_cmpint (life->time_in_state[CHRONO_STATE_ACTIVE], ==, 10);
  g_assert_cmpint (life->time_in_state[CHRONO_STATE_RUNNING], ==, 50);
  g_assert_cmpint (life->time_in_state[CHRONO_STATE_POLLING], ==, 30);
  g_assert_cmpint (life->time_in_state[CHRONO_STATE_PARKING], ==, 20);
  g_assert_cmpint (life->time_in_state[CHRONO_STATE_WAITING], ==, 10);
  g_assert_cmpint (life->time_in_state[CHRONO_STATE_READY], ==, 30);
  g_assert_cmpint (life->response_time, ==, 150);
  g_assert_cmpint (total_time (life), ==, 150);
  /* taken off Core_1 at 130, nobody else goes on it then; resumed on Core_2 */
  g_assert_cmpuint (life->preemptions->len, ==, 1);
  assert_preemption (life, 0, 130, 140, 10, "Core_1", NULL, G_MININT64);

  g_autoptr (ChronoInstanceLife) later = life_of (trace, "Task_P", 1);
  g_assert_cmpint (later->number, ==, 3);
  g_assert_cmpint (later->response_time, ==, 40);
  g_assert_cmpuint (later->preemptions->len, ==, 1);
  assert_preemption (later, 0, 180, 190, 10, "Core_1", NULL, G_MININT64);
}

/* A call stack three deep, suspended across a preemption; a runnable called
 * twice; one runnable under two callers; a core as a runnable's source. */
static void
test_runnables_nested (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ("runnables_nested.btf");
  g_autoptr (ChronoInstanceLife) life = life_of (trace, "Task_1", 0);
  g_assert_cmpuint (life->runnables->len, ==, 5);
  assert_runnable (life, 0, "R_Outer", 0, 0, 10, 90, (50 - 10) + (90 - 70));
  assert_runnable (life, 1, "R_Mid", 1, 0, 20, 85, (50 - 20) + (85 - 70));
  assert_runnable (life, 2, "R_Inner", 2, 0, 30, 80, (50 - 30) + (80 - 70));
  assert_runnable (life, 3, "R_Outer", 0, 1, 90, 96, 6);
  assert_runnable (life, 4, "R_Shared", 1, 1, 92, 94, 2);
  g_assert_cmpuint (life->preemptions->len, ==, 1);
  assert_preemption (life, 0, 50, 70, 20, "Core_1", "Task_2", 0);

  g_autoptr (ChronoInstanceLife) other = life_of (trace, "Task_2", 0);
  g_assert_cmpuint (other->runnables->len, ==, 1);
  assert_runnable (other, 0, "R_Shared", 0, 0, 50, 60, 10);
  g_assert_cmpuint (other->preemptions->len, ==, 0);

  g_autofree char *text = chrono_instance_life_to_text (life, chrono_trace_get_clock (trace));
  g_assert_nonnull (strstr (text, "\n      R_Inner #0  30 ns – 80 ns, running 30 ns\n"));
}

/* A trace that starts mid-run: lives inferred back to the trace start. */
static void
test_midtrace (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ("midtrace_process.btf");
  g_autoptr (ChronoInstanceLife) pre = life_of (trace, "Task_Pre", 0);
  g_assert_true (pre->inferred);
  g_assert_false (pre->activated);
  g_assert_true (pre->terminated);
  g_assert_cmpint (pre->response_time, ==, -1);
  g_assert_cmpint (pre->begin, ==, 100);
  g_assert_cmpint (pre->first_start, ==, 150);
  assert_state (pre, 0, CHRONO_STATE_RUNNING, 100, 102, CHRONO_SPAN_INFERRED);
  assert_state (pre, 1, CHRONO_STATE_READY, 102, 150, 0);
  /* Task_Act starts on Core_1 only at 110, after the core stood empty: it took the core all the same */
  g_assert_cmpuint (pre->preemptions->len, ==, 1);
  assert_preemption (pre, 0, 102, 150, 48, "Core_1", "Task_Act", 0);

  g_autoptr (ChronoInstanceLife) park = life_of (trace, "Task_Park", 0);
  g_assert_false (park->terminated);
  g_assert_cmpint (park->first_start, ==, G_MININT64);
  g_assert_cmpuint (park->preemptions->len, ==, 0);
  assert_state (park, 2, CHRONO_STATE_READY, 145, 190, CHRONO_SPAN_OPEN_END);
  g_autofree char *text = chrono_instance_life_to_text (park, chrono_trace_get_clock (trace));
  g_assert_nonnull (strstr (text, "Never started"));
  g_assert_nonnull (strstr (text, "Still alive"));

  g_autoptr (ChronoInstanceLife) wait = life_of (trace, "Task_Wait", 0);
  g_assert_cmpuint (wait->preemptions->len, ==, 0);
}

/* An ISR preempts a task; the second time, the ISR starts only 5 ns after
 * the task left the core (a scheduler's gap): it is still what ran. */
static void
test_isr (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ("isr.btf");
  g_autoptr (ChronoInstanceLife) low = life_of (trace, "Task_Low", 0);
  g_assert_cmpuint (low->preemptions->len, ==, 2);
  assert_preemption (low, 0, 20, 40, 20, "Core_1", "ISR_Can", 0);
  assert_preemption (low, 1, 60, 70, 10, "Core_1", "ISR_Can", 1);

  g_autoptr (ChronoInstanceLife) isr = life_of (trace, "ISR_Can", 0);
  g_assert_cmpstr (isr->type, ==, "ISR");
  g_assert_cmpuint (isr->runnables->len, ==, 1);
  assert_runnable (isr, 0, "Run_CanRx", 0, 0, 25, 35, 10);
}

static const char preemption_kinds[] = "#version 2.1.3\n"
                                       "#timescale ns\n"
                                       "0,S,0,T,T_Low,0,activate\n"
                                       "0,S,0,T,T_Hi,0,activate\n"
                                       "10,Core_1,0,T,T_Hi,0,start\n"
                                       "20,Core_1,0,T,T_Hi,0,preempt\n"
                                       "20,Core_1,0,T,T_Low,0,start\n"
                                       "30,Core_1,0,T,T_Low,0,preempt\n"
                                       "30,Core_1,0,T,T_Hi,0,resume\n"
                                       "40,Core_1,0,T,T_Hi,0,preempt\n"
                                       "40,Core_1,0,T,T_Hi,0,resume\n"
                                       "50,Core_1,0,T,T_Hi,0,terminate\n"
                                       "50,Core_1,0,T,T_Low,0,resume\n"
                                       "60,S,1,T,T_Low,1,activate\n"
                                       "60,Core_1,0,T,T_Low,0,preempt\n"
                                       "60,Core_1,0,T,T_Low,1,start\n"
                                       "90,Core_1,0,T,T_Low,1,terminate\n";

static const char preempted_at_the_end[] = "#version 2.1.3\n"
                                           "#timescale ns\n"
                                           "0,S,0,T,T_End,0,activate\n"
                                           "10,Core_1,0,T,T_End,0,start\n"
                                           "20,Core_1,0,T,T_End,0,preempt\n";

/* Preempted by a resuming task; a preemption resumed at the same tick; a
 * preemption by another instance of the same task, never resumed; one at
 * the trace's last tick. */
static void
test_preemption_kinds (void)
{
  g_autoptr (ChronoTrace) trace = load_text (preemption_kinds);
  g_autoptr (ChronoInstanceLife) hi = life_of (trace, "T_Hi", 0);
  g_assert_cmpuint (hi->preemptions->len, ==, 2);
  assert_preemption (hi, 0, 20, 30, 10, "Core_1", "T_Low", 0);
  assert_preemption (hi, 1, 40, 40, 0, "Core_1", NULL, G_MININT64);
  g_assert_cmpint (hi->time_in_state[CHRONO_STATE_RUNNING], ==, 30);

  g_autoptr (ChronoInstanceLife) low = life_of (trace, "T_Low", 0);
  g_assert_false (low->terminated);
  g_assert_cmpint (low->response_time, ==, -1);
  g_assert_cmpint (low->end, ==, 90);
  g_assert_cmpuint (low->preemptions->len, ==, 2);
  assert_preemption (low, 0, 30, 50, 20, "Core_1", "T_Hi", 0);
  assert_preemption (low, 1, 60, G_MININT64, 30, "Core_1", "T_Low", 1);
  g_autofree char *text = chrono_instance_life_to_text (low, chrono_trace_get_clock (trace));
  g_assert_nonnull (strstr (text, "at 60 ns on Core_1 by T_Low #1, never resumed (30 ns to the end of its life)"));
  g_autofree char *hi_text = chrono_instance_life_to_text (hi, chrono_trace_get_clock (trace));
  g_assert_nonnull (strstr (hi_text, "at 40 ns on Core_1, resumed at once\n"));

  g_autoptr (ChronoTrace) short_trace = load_text (preempted_at_the_end);
  g_autoptr (ChronoInstanceLife) last = life_of (short_trace, "T_End", 0);
  g_assert_cmpuint (last->states->len, ==, 2);
  g_assert_cmpuint (last->preemptions->len, ==, 1);
  assert_preemption (last, 0, 20, G_MININT64, 0, "Core_1", NULL, G_MININT64);
}

static const char parallel[] = "#version 2.1.3\n"
                               "#timescale ns\n"
                               "100,S,0,T,T_Par,0,activate\n"
                               "100,S,1,T,T_Par,1,activate\n"
                               "100,S,0,T,X,0,activate\n"
                               "100,S,0,T,Y,7,activate\n"
                               "110,Core_2,0,T,T_Par,0,start\n"
                               "120,Core_1,0,T,T_Par,1,start\n"
                               "130,Core_2,0,T,T_Par,0,preempt\n"
                               "130,Core_2,0,T,X,0,start\n"
                               "130,Core_1,0,T,T_Par,1,preempt\n"
                               "130,Core_1,0,T,Y,7,start\n"
                               "140,Core_2,0,T,X,0,terminate\n"
                               "140,Core_2,0,T,T_Par,0,resume\n"
                               "150,Core_1,0,T,Y,7,terminate\n"
                               "150,Core_1,0,T,T_Par,1,resume\n"
                               "160,Core_2,0,T,T_Par,0,terminate\n"
                               "160,Core_1,0,T,T_Par,1,terminate\n";

/* Two instances of one task leave two cores at the same tick: each finds
 * the core it was on. */
static void
test_parallel_preemptions (void)
{
  g_autoptr (ChronoTrace) trace = load_text (parallel);
  ChronoLane *lane = find_lane (trace, CHRONO_LANE_PROCESS, "T_Par");
  g_autoptr (ChronoInstanceLife) zero = life_of (trace, "T_Par", find_instance (lane, 0));
  g_assert_cmpuint (zero->preemptions->len, ==, 1);
  assert_preemption (zero, 0, 130, 140, 10, "Core_2", "X", 0);
  g_autoptr (ChronoInstanceLife) one = life_of (trace, "T_Par", find_instance (lane, 1));
  g_assert_cmpuint (one->preemptions->len, ==, 1);
  assert_preemption (one, 0, 130, 150, 20, "Core_1", "Y", 7);
}

/* Two tasks ran in one preemption, with the core empty between
 * them; both are named with their shares, in order. */
static void
test_preempted_by_two (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ("preempted_by_two.btf");
  g_autoptr (ChronoInstanceLife) low = life_of (trace, "Task_Low", 0);
  g_assert_cmpuint (low->preemptions->len, ==, 1);
  assert_preemption (low, 0, 20, 55, 35, "Core_1", "Task_High", 0);
  const ChronoLifePreemption *p = g_ptr_array_index (low->preemptions, 0);
  g_assert_cmpuint (p->ran->len, ==, 2);
  const ChronoLifeOccupant *high = g_ptr_array_index (p->ran, 0), *mid = g_ptr_array_index (p->ran, 1);
  g_assert_cmpstr (high->process, ==, "Task_High");
  g_assert_cmpint (high->time, ==, 20);
  g_assert_cmpstr (mid->process, ==, "Task_Mid");
  g_assert_cmpint (mid->number, ==, 4);
  g_assert_cmpint (mid->first, ==, 45);
  g_assert_cmpint (mid->time, ==, 10);
  g_autofree char *text = chrono_instance_life_to_text (low, chrono_trace_get_clock (trace));
  g_assert_nonnull (strstr (text, "by Task_High #0 (20 ns), Task_Mid #4 (10 ns)"));

  g_autoptr (ChronoTrace) idle = load_fixture ("process_events.btf");
  g_autoptr (ChronoInstanceLife) alone = life_of (idle, "Task_P", 0);
  g_autofree char *idle_text = chrono_instance_life_to_text (alone, chrono_trace_get_clock (idle));
  g_assert_nonnull (strstr (idle_text, "on Core_1, the core idle"));
}

/* A trace that starts inside nested calls: both are inferred back to the
 * trace start, the outer one found after the inner one. */
static void
test_midtrace_runnables (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ("midtrace_runnables.btf");
  g_autoptr (ChronoInstanceLife) life = life_of (trace, "Task_N", 0);
  g_assert_true (life->inferred);
  assert_state (life, 0, CHRONO_STATE_POLLING, 100, 101, 0);
  g_assert_cmpuint (life->preemptions->len, ==, 1);
  assert_preemption (life, 0, 110, 122, 12, "Core_2", NULL, G_MININT64);
  g_assert_cmpuint (life->runnables->len, ==, 2);
  assert_runnable (life, 0, "N_Outer", 0, 0, 100, 142, (110 - 100) + (142 - 122));
  assert_runnable (life, 1, "N_Inner", 1, 0, 100, 132, (110 - 100) + (132 - 122));
}

static const char late_inferred_call[] = "#version 2.1.3\n"
                                         "#timescale ns\n"
                                         "0,S,0,T,T_A,0,activate\n"
                                         "10,Core_1,0,T,T_A,0,start\n"
                                         "20,S,1,T,T_A,1,activate\n"
                                         "30,Core_2,0,T,T_A,1,start\n"
                                         "30,T_A,1,R,R_X,0,start\n"
                                         "40,T_A,1,R,R_X,0,terminate\n"
                                         "60,T_A,0,R,R_X,1,terminate\n"
                                         "70,Core_1,0,T,T_A,0,terminate\n"
                                         "80,Core_2,0,T,T_A,1,terminate\n";

/* A call first seen at its termination is inferred back to its caller's
 * activation, so the call table is not in begin order: R_X #1 (second
 * record) begins at 0, before R_X #0 (first record) at 30. */
static void
test_late_inferred_call (void)
{
  g_autoptr (ChronoTrace) trace = load_text (late_inferred_call);
  g_autoptr (ChronoInstanceLife) first = life_of (trace, "T_A", 0);
  g_assert_cmpuint (first->runnables->len, ==, 1);
  assert_runnable (first, 0, "R_X", 0, 1, 0, 60, 60);
  g_autoptr (ChronoInstanceLife) second = life_of (trace, "T_A", 1);
  g_assert_cmpuint (second->runnables->len, ==, 1);
  assert_runnable (second, 0, "R_X", 0, 0, 30, 40, 10);
}

/* The TA Simulator trace of Trace Compass (2014): TASK_InputProcessing
 * instance 1 is activated at 2150000 and started at 2150100 on Core_1 with
 * FUNC_SEMLOCK; at 2250100 TASK_1MS instance 2 starts on Core_1 and
 * preempts it until 2713525 (FUNC_SEMLOCK suspended meanwhile); then
 * FUNC_ReadSensorData and FUNC_SEMUNLOCK run until it terminates at 3102575. */
static void
test_corpus_ta_simulator (void)
{
  const char *corpus = g_getenv ("CHRONO_CORPUS");
  g_autofree char *path = g_build_filename (corpus ? corpus : "../shared/corpus", "btf",
                                            "tracecompass_ta-simulator_20140219-123819.btf", NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the Trace Compass TA Simulator trace is not in the corpus");
      return;
    }
  g_autoptr (ChronoTrace) trace = load_path (path);
  ChronoLane *lane = find_lane (trace, CHRONO_LANE_PROCESS, "TASK_InputProcessing");
  guint index = find_instance (lane, 1);
  g_autoptr (ChronoInstanceLife) life = life_of (trace, "TASK_InputProcessing", index);
  g_assert_cmpint (life->begin, ==, 2150000);
  g_assert_cmpint (life->first_start, ==, 2150100);
  g_assert_cmpint (life->end, ==, 3102575);
  g_assert_cmpint (life->response_time, ==, 952575);
  g_assert_cmpint (life->time_in_state[CHRONO_STATE_ACTIVE], ==, 100);
  g_assert_cmpint (life->time_in_state[CHRONO_STATE_RUNNING], ==, 100000 + 389050);
  g_assert_cmpint (life->time_in_state[CHRONO_STATE_READY], ==, 463425);
  g_assert_cmpuint (life->preemptions->len, ==, 1);
  assert_preemption (life, 0, 2250100, 2713525, 463425, "Core_1", "TASK_1MS", 2);
  g_assert_cmpuint (life->runnables->len, ==, 3);
  assert_runnable (life, 0, "FUNC_SEMLOCK", 0, 3, 2150100, 2738575, 100000 + 25050);
  assert_runnable (life, 1, "FUNC_ReadSensorData", 0, 1, 2738575, 2902525, 163950);
  assert_runnable (life, 2, "FUNC_SEMUNLOCK", 0, 3, 2902525, 3102575, 200050);

  /* the instance clicked in the middle of its preemption is the same one */
  guint at = G_MAXUINT;
  g_assert_true (chrono_instance_life_find_at (lane, 2500000, 0, &at));
  g_assert_cmpuint (at, ==, index);
  guint next = G_MAXUINT, back = G_MAXUINT;
  g_assert_true (chrono_instance_life_adjacent (lane, index, +1, &next));
  g_assert_cmpint (chrono_instances_get (chrono_lane_get_instances (lane), next)->number, ==, 2);
  g_assert_true (chrono_instance_life_adjacent (lane, next, -1, &back));
  g_assert_cmpuint (back, ==, index);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/instance-life/spec-example", test_spec_example);
  g_test_add_func ("/instance-life/concurrent", test_concurrent);
  g_test_add_func ("/instance-life/process-events", test_process_events);
  g_test_add_func ("/instance-life/runnables-nested", test_runnables_nested);
  g_test_add_func ("/instance-life/midtrace", test_midtrace);
  g_test_add_func ("/instance-life/midtrace-runnables", test_midtrace_runnables);
  g_test_add_func ("/instance-life/isr", test_isr);
  g_test_add_func ("/instance-life/preempted-by-two", test_preempted_by_two);
  g_test_add_func ("/instance-life/preemption-kinds", test_preemption_kinds);
  g_test_add_func ("/instance-life/parallel-preemptions", test_parallel_preemptions);
  g_test_add_func ("/instance-life/late-inferred-call", test_late_inferred_call);
  g_test_add_func ("/instance-life/corpus-ta-simulator", test_corpus_ta_simulator);
  return g_test_run ();
}
