/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "php.h"
#include "profile.h"
#include "owners.h"

/* ---- owner rules (bench.owners) ----------------------------------------- */

#define BENCH_OWNERS_MAX 32

typedef enum {
	BENCH_OWNER_USER,
	BENCH_OWNER_INTERNAL,
	BENCH_OWNER_EXT,
	BENCH_OWNER_PREFIX,
} bench_owner_kind;

typedef struct {
	bench_owner_kind kind;
	/** extension name or prefix (malloc'd) */
	char *arg;
	size_t len;
} bench_owner_rule;

static bench_owner_rule bench_owner_rules[BENCH_OWNERS_MAX];
static int bench_owner_count;
bool bench_owners_user_only;

void bench_profile_free_owners(void)
{
	for (int i = 0; i < bench_owner_count; i++) {
		free(bench_owner_rules[i].arg);
	}
	bench_owner_count = 0;
	bench_owners_user_only = false;
}

bool bench_profile_parse_owners(const char *rules)
{
	char *copy = strdup(rules), *save = NULL;
	bool ok = true;

	bench_profile_free_owners();
	for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		while (*tok == ' ') {
			tok++;
		}
		size_t len = strlen(tok);
		while (len > 0 && tok[len - 1] == ' ') {
			tok[--len] = '\0';
		}
		if (len == 0) {
			continue;
		}
		if (bench_owner_count >= BENCH_OWNERS_MAX - 1) {
			ok = false;
			break;
		}
		bench_owner_rule *rule = &bench_owner_rules[bench_owner_count];
		rule->arg = NULL;
		rule->len = 0;
		if (strcmp(tok, "user") == 0) {
			rule->kind = BENCH_OWNER_USER;
		} else if (strcmp(tok, "internal") == 0) {
			rule->kind = BENCH_OWNER_INTERNAL;
		} else if (strcmp(tok, "all") == 0) {
			rule->kind = BENCH_OWNER_USER;
			bench_owner_rules[++bench_owner_count].kind = BENCH_OWNER_INTERNAL;
			bench_owner_rules[bench_owner_count].arg = NULL;
		} else if (strncmp(tok, "ext:", 4) == 0 && len > 4) {
			rule->kind = BENCH_OWNER_EXT;
			rule->arg = strdup(tok + 4);
			rule->len = len - 4;
		} else if (strncmp(tok, "prefix:", 7) == 0 && len > 7) {
			rule->kind = BENCH_OWNER_PREFIX;
			rule->arg = strdup(tok + 7);
			rule->len = len - 7;
		} else {
			ok = false;
			break;
		}
		bench_owner_count++;
	}
	free(copy);
	if (!ok || bench_owner_count == 0) {
		bench_profile_free_owners();
		return false;
	}
	bench_owners_user_only = bench_owner_count == 1 && bench_owner_rules[0].kind == BENCH_OWNER_USER;
	return true;
}

/* "Class::method" or "function" against a prefix such as "App\Service\". */
static bool bench_profile_prefix_matches(const zend_function *fn, const bench_owner_rule *rule)
{
	const zend_string *name = fn->common.scope ? fn->common.scope->name : fn->common.function_name;

	return name && ZSTR_LEN(name) >= rule->len && strncasecmp(ZSTR_VAL(name), rule->arg, rule->len) == 0;
}

bool bench_profile_is_owner(const zend_function *fn)
{
	/* eval()'d code is user code too, with an op array and no module. */
	bool user = ZEND_USER_CODE(fn->type);

	/* File bodies (and eval()'d code) own what runs outside any function: they are always owners. */
	if (user && fn->common.function_name == NULL) {
		return true;
	}
	for (int i = 0; i < bench_owner_count; i++) {
		const bench_owner_rule *rule = &bench_owner_rules[i];

		switch (rule->kind) {
			case BENCH_OWNER_USER:
				if (user) {
					return true;
				}
				break;
			case BENCH_OWNER_INTERNAL:
				if (!user) {
					return true;
				}
				break;
			case BENCH_OWNER_EXT:
				if (!user && fn->internal_function.module
						&& strcasecmp(fn->internal_function.module->name, rule->arg) == 0) {
					return true;
				}
				break;
			case BENCH_OWNER_PREFIX:
				if (bench_profile_prefix_matches(fn, rule)) {
					return true;
				}
				break;
		}
	}
	return false;
}
