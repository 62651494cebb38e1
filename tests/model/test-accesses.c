/* test-accesses.c — a semaphore's access table: rows keep the holders
 * they were made with, each row's own, whatever came after. */
#include "chrono-accesses.h"

static ChronoAccess
access_of (guint32 process, gint64 requested)
{
  return (ChronoAccess){ .process = process,
                         .instance = 0,
                         .requested = requested,
                         .assigned = CHRONO_ACCESS_NEVER,
                         .released = CHRONO_ACCESS_NEVER,
                         .line = requested };
}

static void
test_holders_per_row (void)
{
  g_autoptr (ChronoAccesses) table = chrono_accesses_new ();
  ChronoAccess a = access_of (1, 10), b = access_of (2, 20), c = access_of (3, 30);
  g_assert_cmpuint (chrono_accesses_add (table, &a, NULL, 0), ==, 0);
  guint first[] = { 0 };
  g_assert_cmpuint (chrono_accesses_add (table, &b, first, 1), ==, 1);
  guint both[] = { 0, 1 };
  g_assert_cmpuint (chrono_accesses_add (table, &c, both, 2), ==, 2);
  g_assert_cmpuint (chrono_accesses_get_n (table), ==, 3);

  guint n;
  g_assert_null (chrono_accesses_get_holders (table, 0, &n));
  g_assert_cmpuint (n, ==, 0);
  const guint32 *held = chrono_accesses_get_holders (table, 1, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (held[0], ==, 0);
  held = chrono_accesses_get_holders (table, 2, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (held[0], ==, 0);
  g_assert_cmpuint (held[1], ==, 1);

  /* a row is changed in place as its access goes on */
  chrono_accesses_get (table, 1)->assigned = 25;
  g_assert_cmpint (chrono_accesses_get (table, 1)->assigned, ==, 25);
  g_assert_cmpint (chrono_accesses_get (table, 2)->requested, ==, 30);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/accesses/holders-per-row", test_holders_per_row);
  return g_test_run ();
}
