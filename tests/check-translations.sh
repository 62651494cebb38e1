#!/bin/sh
# Every string the sources mark for translation has its German translation
# in po/de.po, not left fuzzy: the strings are extracted afresh (as the
# update-po target does, with GLib's keywords and format flags) and merged
# into a copy of de.po.  A string changed without its translation, or a
# literal "%" that xgettext took for a format (a /* xgettext:no-c-format */
# comment not right above the line of the string), leaves an entry fuzzy:
# German users would see it in English.
#
# usage: check-translations.sh SOURCE_ROOT
set -eu
root=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$root"
grep -v '^#' po/POTFILES.in | grep -v '^$' >"$tmp/files"
xgettext --package-name=chronoscope --from-code=UTF-8 --add-comments \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 --keyword=g_dcgettext:2 \
  --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
  --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
  --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
  --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
  --flag=g_markup_printf_escaped:1:c-format --flag=g_log:3:c-format --flag=g_print:1:c-format \
  --flag=g_printerr:1:c-format --flag=g_printf:1:c-format --flag=g_fprintf:2:c-format \
  --flag=g_sprintf:2:c-format --flag=g_snprintf:3:c-format \
  --files-from="$tmp/files" -o "$tmp/chronoscope.pot"
msgmerge --quiet po/de.po "$tmp/chronoscope.pot" -o "$tmp/de.po"
# "N translated messages, N fuzzy translations, N untranslated messages."
stats=$(LC_ALL=C msgfmt --statistics -o /dev/null "$tmp/de.po" 2>&1)
case $stats in
  *fuzzy* | *untranslated*)
    echo "po/de.po: $stats"
    msgattrib --only-fuzzy --no-obsolete "$tmp/de.po" | grep -A4 '^#, fuzzy' | head -40
    msgattrib --untranslated --no-obsolete "$tmp/de.po" | grep -A3 '^msgid' | head -40
    exit 1 ;;
esac
echo "po/de.po: $stats"
