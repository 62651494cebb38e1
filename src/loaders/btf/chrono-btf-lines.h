/* chrono-btf-lines.h — a BTF block cut into lines and fields, on the
 * reading thread (the format's split): nothing of the reader's state, so
 * the reading thread does it while the state machine runs the block before. */
#pragma once

#include "chrono-lazy-text.h"

G_BEGIN_DECLS

static inline gboolean
btf_is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\r';
}

typedef enum {
  BTF_LINE_BLANK,
  BTF_LINE_HEADER, /* text: after the '#' */
  BTF_LINE_EVENT,
  BTF_LINE_TOO_FEW_FIELDS, /* n_fields */
  BTF_LINE_BAD_TIME, /* text: the time field */
} BtfLineKind;

/* A line as split: its texts are where they start in the block's text, cut
 * in place (blocks stay below 4 GiB: chrono_input_set_block_size), so that
 * blocks of lines going between the threads take 72 bytes a line, not 112. */
typedef struct {
  gint64 time;
  /* the instances' numbers, CHRONO_BTF_NO_INSTANCE for an empty field; a
   * field that is not a number is NO_INSTANCE too, and bad_instance says so */
  gint64 source_number, target_number;
  guint32 line; /* after the block's first */
  guint32 text; /* BTF_LINE_HEADER, BTF_LINE_BAD_TIME */
  guint32 source, source_instance, type, target, target_instance, event, note; /* note: BTF_NO_NOTE */
  guint32 source_id, target_id; /* set by a read's digest; 0 otherwise */
  guint8 kind;
  guint8 n_fields;
  guint8 bad_instance; /* 1: the source's, 2: the target's */
} BtfLine;

#define BTF_NO_NOTE G_MAXUINT32

#define BTF_BAD_SOURCE_INSTANCE 1
#define BTF_BAD_TARGET_INSTANCE 2

/* ChronoLazyTextFormat.split: the block's lines that are not blank into
 * block->lines (BtfLine), cut in place. */
void chrono_btf_split_lines (ChronoTextBlock *block);

G_END_DECLS
