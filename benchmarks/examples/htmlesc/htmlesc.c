/*
   +----------------------------------------------------------------------+
   | htmlesc: the example extension of docs/walkthrough-instr.md          |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

/*
 * htmlesc(string $s): string escapes & < > " ' for HTML. As is (1.0.0) it
 * appends its output a byte at a time. Built with -DHTMLESC_RUNS (1.1.0),
 * the change that the walkthrough measures, it appends the runs between
 * special bytes whole, and returns the string itself when it has none.
 */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_smart_str.h"

#ifdef HTMLESC_RUNS
# define HTMLESC_VERSION "1.1.0"
#else
# define HTMLESC_VERSION "1.0.0"
#endif

static const char *htmlesc_entity(unsigned char c)
{
	switch (c) {
		case '&': return "&amp;";
		case '<': return "&lt;";
		case '>': return "&gt;";
		case '"': return "&quot;";
		case '\'': return "&#039;";
		default: return NULL;
	}
}

PHP_FUNCTION(htmlesc)
{
	zend_string *in;
	smart_str out = {0};

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(in)
	ZEND_PARSE_PARAMETERS_END();

#ifdef HTMLESC_RUNS
	const char *start = ZSTR_VAL(in), *end = start + ZSTR_LEN(in), *run = start;
	for (const char *p = start; p < end; p++) {
		const char *entity = htmlesc_entity((unsigned char) *p);
		if (entity) {
			smart_str_appendl(&out, run, p - run);
			smart_str_appends(&out, entity);
			run = p + 1;
		}
	}
	if (run == start) {
		/* Nothing was escaped: no copy. */
		RETURN_STR_COPY(in);
	}
	smart_str_appendl(&out, run, end - run);
#else
	for (size_t i = 0; i < ZSTR_LEN(in); i++) {
		const char *entity = htmlesc_entity((unsigned char) ZSTR_VAL(in)[i]);
		if (entity) {
			smart_str_appends(&out, entity);
		} else {
			smart_str_appendc(&out, ZSTR_VAL(in)[i]);
		}
	}
#endif
	RETURN_STR(smart_str_extract(&out));
}

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_htmlesc, 0, 1, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, s, IS_STRING, 0)
ZEND_END_ARG_INFO()

static const zend_function_entry htmlesc_functions[] = {
	PHP_FE(htmlesc, arginfo_htmlesc)
	PHP_FE_END
};

zend_module_entry htmlesc_module_entry = {
	STANDARD_MODULE_HEADER,
	"htmlesc",
	htmlesc_functions,
	NULL, NULL, NULL, NULL, NULL,
	HTMLESC_VERSION,
	STANDARD_MODULE_PROPERTIES
};

#ifdef COMPILE_DL_HTMLESC
ZEND_GET_MODULE(htmlesc)
#endif
