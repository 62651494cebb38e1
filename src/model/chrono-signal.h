/* chrono-signal.h — a value over time as polynomial fragments
 * c + b·(t−t0) + a·(t−t0)² on [t0, t1); a step signal is fragments with a = b = 0. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  gint64 t0, t1;
  double c, b, a; /* b and a per second and per second², so units do not leak in */
} ChronoFragment;

/* A fragment's value at time, and its extremes over the closed [from, to]
 * inside it (the ends, and the vertex of a quadratic between them): for
 * those who keep fragments without a signal (a lazy reader's summary). */
double chrono_fragment_eval (const ChronoFragment *f, gint64 ticks_per_second, gint64 time);
void chrono_fragment_extremes (const ChronoFragment *f, gint64 ticks_per_second, gint64 from, gint64 to, double *lo,
                               double *hi);

/* ∫ of the fragment over [from, to] inside it, in value × seconds, in
 * closed form (a quadratic integrates as exactly as a step). */
double chrono_fragment_integral (const ChronoFragment *f, gint64 ticks_per_second, gint64 from, gint64 to);

typedef struct _ChronoSignal ChronoSignal;

ChronoSignal *chrono_signal_new (gint64 ticks_per_second);
void chrono_signal_free (ChronoSignal *signal);

/* The value axis to draw it on whatever it holds (a share: 0 to 100 %);
 * without one the axis spans the signal's own values. */
void chrono_signal_set_scale (ChronoSignal *signal, double min, double max);
gboolean chrono_signal_get_scale (ChronoSignal *signal, double *out_min, double *out_max);

void chrono_signal_append (ChronoSignal *signal, const ChronoFragment *fragment);
void chrono_signal_append_step (ChronoSignal *signal, gint64 time, double value);
void chrono_signal_close_steps (ChronoSignal *signal, gint64 end);
void chrono_signal_seal (ChronoSignal *signal);

guint chrono_signal_get_n (ChronoSignal *signal);
gint64 chrono_signal_get_ticks_per_second (ChronoSignal *signal);
const ChronoFragment *chrono_signal_get (ChronoSignal *signal, guint index);
gboolean chrono_signal_is_step (ChronoSignal *signal);
double chrono_signal_eval_fragment (ChronoSignal *signal, const ChronoFragment *fragment, gint64 time);
gboolean chrono_signal_value_at (ChronoSignal *signal, gint64 time, double *out_value);
gboolean chrono_signal_range (ChronoSignal *signal, gint64 begin, gint64 end, double *out_min, double *out_max);
/* What the signal holds over [begin, end): its integral (value × seconds),
 * the seconds its fragments cover, how many fragments reach into it and,
 * when asked (extremes), its least and greatest values (±INFINITY if none). */
typedef struct {
  double integral;
  double covered;
  guint n_fragments;
  double min, max;
} ChronoSignalStretch;
void chrono_signal_integrate (ChronoSignal *signal, gint64 begin, gint64 end, gboolean extremes,
                              ChronoSignalStretch *out);
/* The mean, weighted by time, over the part of [begin, end) the signal
 * covers, and how many fragments reach into it; FALSE where it covers none. */
gboolean chrono_signal_mean (ChronoSignal *signal, gint64 begin, gint64 end, double *out_mean, guint *out_fragments);
guint chrono_signal_first_ending_after (ChronoSignal *signal, gint64 time);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoSignal, chrono_signal_free)

G_END_DECLS
