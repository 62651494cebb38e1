/* chrono-strings.h — interned strings referenced by 32-bit ids. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CHRONO_STRING_NONE 0u

typedef struct _ChronoStrings ChronoStrings;

ChronoStrings *chrono_strings_new (void);
void chrono_strings_free (ChronoStrings *strings);
guint32 chrono_strings_intern (ChronoStrings *strings, const char *text);
guint32 chrono_strings_intern_len (ChronoStrings *strings, const char *text, gsize length);
guint32 chrono_strings_lookup (ChronoStrings *strings, const char *text);
/* The id chrono_strings_intern gave text, without interning it, or
 * CHRONO_STRING_NONE: text that is not UTF-8 is looked up as its Latin-1
 * reading, as it was interned. */
guint32 chrono_strings_lookup_interned (ChronoStrings *strings, const char *text);
const char *chrono_strings_get (ChronoStrings *strings, guint32 id);
guint chrono_strings_get_n (ChronoStrings *strings);
/* text as UTF-8: itself when it is valid UTF-8, else read as Latin-1. */
char *chrono_utf8_dup (const char *text);
/* Texts that were not UTF-8 are read as Latin-1: how many, and the first. */
guint chrono_strings_get_n_not_utf8 (ChronoStrings *strings, guint32 *first);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoStrings, chrono_strings_free)

G_END_DECLS
