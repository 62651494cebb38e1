/* chrono-gen-common.h — what the trace generators share: texts with
 * padding for fast copying, a small deterministic PRNG (the same seed
 * gives the same trace everywhere, unlike rand()) and the writing of the
 * statistics a correct reader reports (--stats), so that every generator
 * escapes names and prints seconds the same way. */
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

static const char digit_pairs[201] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                                     "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                                     "8081828384858687888990919293949596979899";

/* decimal digits of u end at end; returns where they start */
static inline char *
fmt_u64 (char *end, uint64_t u)
{
  char *d = end;
  while (u >= 100u)
    {
      unsigned r = (unsigned) (u % 100u);
      u /= 100u;
      d -= 2;
      memcpy (d, digit_pairs + 2 * r, 2);
    }
  if (u >= 10u)
    {
      d -= 2;
      memcpy (d, digit_pairs + 2 * u, 2);
    }
  else
    *--d = (char) ('0' + (int) u);
  return d;
}

static inline void
out_u64 (uint64_t u)
{
  char tmp[48]; /* digits end at tmp + 24; the 16-byte copy may read past them */
  char *d = fmt_u64 (tmp + 24, u);
  size_t n = (size_t) (tmp + 24 - d);

  memcpy (obuf + opos, d, 16);
  if (n > 16)
    memcpy (obuf + opos + 16, d + 16, n - 16);
  opos += n;
}

static inline void
out_i64 (int64_t v)
{
  if (v < 0)
    {
      obuf[opos++] = '-';
      out_u64 ((uint64_t) (-(v + 1)) + 1u);
    }
  else
    out_u64 ((uint64_t) v);
}

/* ------------------------------------------------------------------------ */
/* The expected statistics (--stats): JSON the generators write alike         */

/* the name generators give in their messages (GOption sets it from argv[0]) */
static inline const char *
gen_name (void)
{
  return g_get_prgname () ? g_get_prgname () : "generator";
}

/* The statistics file opened for writing; NULL, said on stderr, when it cannot be. */
G_GNUC_UNUSED static FILE *
stats_open (const char *path)
{
  FILE *f = fopen (path, "w");
  if (f == NULL)
    fprintf (stderr, "%s: cannot write %s: %s\n", gen_name (), path, g_strerror (errno));
  return f;
}

/* The statistics file closed; FALSE, said on stderr, when its last bytes cannot be written. */
G_GNUC_UNUSED static gboolean
stats_close (FILE *f, const char *path)
{
  if (fclose (f) != 0)
    {
      fprintf (stderr, "%s: cannot write %s: %s\n", gen_name (), path, g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

/* s as a JSON string: quotes and backslashes escaped, control characters as \u00XX */
G_GNUC_UNUSED static void
json_string (FILE *f, const char *s)
{
  fputc ('"', f);
  for (; *s; s++)
    {
      unsigned char c = (unsigned char) *s;
      if (c == '"' || c == '\\')
        fprintf (f, "\\%c", c);
      else if (c < 0x20)
        fprintf (f, "\\u%04x", c);
      else
        fputc (c, f);
    }
  fputc ('"', f);
}

/* value / 10^digits as an exact decimal, without trailing zeros ("12", "0.0305"):
 * the seconds of a count of ticks when a second holds 10^digits of them */
G_GNUC_UNUSED static void
fmt_decimal (char *buf, size_t n, int64_t value, int digits)
{
  int64_t scale = 1;
  for (int i = 0; i < digits; i++)
    scale *= 10;
  int64_t ip = value / scale, fp = value % scale;
  if (fp == 0)
    snprintf (buf, n, "%" G_GINT64_FORMAT, ip);
  else
    {
      char frac[32];
      int len = snprintf (frac, sizeof frac, "%0*" G_GINT64_FORMAT, digits, fp);
      while (len > 0 && frac[len - 1] == '0')
        frac[--len] = '\0';
      snprintf (buf, n, "%" G_GINT64_FORMAT ".%s", ip, frac);
    }
}
