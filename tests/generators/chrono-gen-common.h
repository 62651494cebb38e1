/* chrono-gen-common.h — what the trace generators share: texts with
 * padding for fast copying, and a small deterministic PRNG (the same seed
 * gives the same trace everywhere, unlike rand()). */
#pragma once

#include <errno.h>
#include <glib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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
G_GNUC_UNUSED static Name
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
G_GNUC_UNUSED static double
rng_uniform (void)
{
  return (double) (rng_next () >> 11) * (1.0 / 9007199254740992.0);
}

/* uniform integer in [0, n): a multiply instead of a division */
static inline int64_t
rng_int_below (int64_t n)
{
  if (n <= 0)
    return 0;
  if (n <= (int64_t) UINT32_MAX)
    return (int64_t) (((rng_next () >> 32) * (uint64_t) n) >> 32);
  return (int64_t) (rng_next () % (uint64_t) n);
}

/* uniform integer in [lo, hi] */
static inline int64_t
rng_range (int64_t lo, int64_t hi)
{
  return lo + rng_int_below (hi - lo + 1);
}

/* true with probability per_mille / 1000 */
static inline gboolean
rng_pm (int per_mille)
{
  return rng_int_below (1000) < per_mille;
}

/* ------------------------------------------------------------------------ */
/* Buffered output: one big buffer, flushed between lines                     */

#define OUTBUF_SIZE (8u << 20)
#define OUTBUF_SLACK 1024u

static char *obuf;
static size_t opos;
static FILE *ofile;

G_GNUC_UNUSED static void
out_flush (void)
{
  if (opos && fwrite (obuf, 1, opos, ofile) != opos)
    {
      fprintf (stderr, "%s: write error: %s\n", g_get_prgname () ? g_get_prgname () : "generator", g_strerror (errno));
      exit (1);
    }
  opos = 0;
}

/* The last of the output written and its file closed (stdout flushed);
 * FALSE, said on stderr, when that fails. */
G_GNUC_UNUSED static gboolean
out_close (void)
{
  out_flush ();
  if (ofile == stdout)
    return fflush (stdout) == 0;
  if (fclose (ofile) != 0)
    {
      fprintf (stderr, "%s: write error: %s\n", g_get_prgname () ? g_get_prgname () : "generator", g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

/* copy n bytes in 16-byte chunks: s must have >= 15 readable bytes after
 * s[n - 1]; the output buffer always has OUTBUF_SLACK bytes of room */
static inline void
out_padded (const char *s, int n)
{
  char *d = obuf + opos;
  for (int i = 0; i < n; i += 16)
    memcpy (d + i, s + i, 16);
  opos += (size_t) n;
}

static inline void
out_name (const Name *nm)
{
  out_padded (nm->s, nm->len);
}

static inline void
out_ch (char c)
{
  obuf[opos++] = c;
}
