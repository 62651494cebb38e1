/* chrono-attrs.h — interned attribute sets: a list of key=value pairs stored
 * once and referenced from items by a 32-bit id (0 = no attributes). */
#pragma once

#include <glib.h>

#include "chrono-strings.h"

G_BEGIN_DECLS

#define CHRONO_ATTRS_NONE 0u

typedef struct _ChronoAttrs ChronoAttrs;

ChronoAttrs *chrono_attrs_new (ChronoStrings *strings);
void chrono_attrs_free (ChronoAttrs *attrs);

guint32 chrono_attrs_intern (ChronoAttrs *attrs, const char *const *keys, const char *const *values, guint n);
guint chrono_attrs_get_n_pairs (ChronoAttrs *attrs, guint32 set);
const char *chrono_attrs_get_key (ChronoAttrs *attrs, guint32 set, guint index);
const char *chrono_attrs_get_value (ChronoAttrs *attrs, guint32 set, guint index);
const char *chrono_attrs_lookup (ChronoAttrs *attrs, guint32 set, const char *key);
guint chrono_attrs_get_n_sets (ChronoAttrs *attrs);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoAttrs, chrono_attrs_free)

G_END_DECLS
