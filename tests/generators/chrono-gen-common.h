/* chrono-gen-common.h — what the trace generators share: texts with
 * padding for fast copying, and a small deterministic PRNG (the same seed
 * gives the same trace everywhere, unlike rand()). */
#pragma once

#include <glib.h>
#include <stdint.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Small helpers                                                              */

/* A text to write.  The bytes after s[len] are readable padding (at least
 * NAME_PAD bytes), so that out_name() can copy in 16-byte chunks. */
typedef struct {
  const char *s;
  int len;
} Name;

#define NAME_PAD 32
#define PAD32 "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
/* clang-format off */
#define LIT(str) { (str PAD32), (int) sizeof (str) - 1 }
/* clang-format on */

/* takes ownership of s (from g_strdup_printf) */
static Name
name_take (char *s)
{
  size_t len = strlen (s);
  char *b = g_malloc0 (len + NAME_PAD);
  Name n;

  memcpy (b, s, len);
  g_free (s);
  n.s = b;
  n.len = (int) len;
  return n;
}

/* ------------------------------------------------------------------------ */
/* PRNG: splitmix64 seeding + xorshift64*                                     */

static uint64_t rng_state;

static uint64_t
splitmix64 (uint64_t *x)
{
  uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static void
rng_seed (uint64_t seed)
{
  uint64_t x = seed;
  rng_state = splitmix64 (&x);
  if (rng_state == 0)
    rng_state = 0x2545F4914F6CDD1Dull;
}

static uint64_t
rng_next (void)
{
  uint64_t x = rng_state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  rng_state = x;
  return x * 0x2545F4914F6CDD1Dull;
}

/* uniform in [0, 1) */
static double
