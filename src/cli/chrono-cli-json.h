/* chrono-cli-json.h — how chronoscope-cli writes JSON.  info --json, stats
 * --json and chains --json are written by hand: their seconds are exact
 * decimals made from ticks, which json-glib (doubles only) cannot write;
 * the rest goes through json-glib, with what it gets wrong put right. */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* A JSON string: quote and backslash escaped, every control character as \u00XX. */
void chrono_cli_append_json_string (GString *out, const char *text);
/* The same with newline, return and tab as \n, \r and \t: what info --json has always written. */
void chrono_cli_append_json_string_short (GString *out, const char *text);

/* A JSON document with its newline, from json-glib. */
char *chrono_cli_json_text (JsonNode *root);
/* A variant (a loader's statistics) as JSON, unsigned integers past
 * G_MAXINT64 as the numbers they are. */
char *chrono_cli_variant_json (GVariant *value);

G_END_DECLS
