dnl htmlesc: the example extension of docs/walkthrough-instr.md (not part of bench).

PHP_ARG_ENABLE([htmlesc],
  [whether to enable htmlesc],
  [AS_HELP_STRING([--enable-htmlesc], [Enable htmlesc, an example extension to measure])])

if test "$PHP_HTMLESC" != "no"; then
  PHP_NEW_EXTENSION(htmlesc, htmlesc.c, $ext_shared)
fi
