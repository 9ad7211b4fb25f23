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

#include <string.h>
#include <time.h>
#include "php.h"
#include "SAPI.h"
#include "php_bench.h"
#include "src/lib/pid.h"
#include "tree.h"

/* What a profile says of its request, taken in the request: the writer thread cannot ask the SAPI. */

/*
 * The URI a request asked for. php-fpm and php-cgi fill request_uri with the
 * script's name, so every request of a front controller (Symfony, Laravel,
 * WordPress) would be /index.php: their REQUEST_URI (FastCGI's parameter,
 * or CGI's environment) holds the path the application routes on. The SAPI's
 * getenv hook reads it without allocating.
 */
static const char *bench_request_uri(void)
{
	if (SG(request_info).request_method && sapi_module.getenv) {
		const char *uri = sapi_module.getenv("REQUEST_URI", sizeof("REQUEST_URI") - 1);

		if (uri && *uri) {
			return uri;
		}
	}
	return SG(request_info).request_uri;
}

/* Whether the query parameter name[0..len) is one that bench.uri_query names. */
static bool bench_request_query_kept(const char *name, size_t len)
{
	const char *list = BENCH_INI(uri_query);

	while (list && *list) {
		size_t item = strcspn(list, ",");
		const char *start = list;
		size_t item_len = item;

		while (item_len > 0 && *start == ' ') {
			start++;
			item_len--;
		}
		while (item_len > 0 && start[item_len - 1] == ' ') {
			item_len--;
		}
		if (item_len == len && len > 0 && memcmp(start, name, len) == 0) {
			return true;
		}
		list += item + (list[item] == ',');
	}
	return false;
}

/*
 * Appends to out (its size cap, used len) the parameters of query that
 * bench.uri_query keeps, in their order, "?a=1&b=2": a query string's values
 * multiply a label's values and may carry secrets (and BENCH_TRIGGER).
 */
static size_t bench_request_kept_query(char *out, size_t cap, size_t len, const char *query)
{
	bool first = true;

	while (*query) {
		size_t pair = strcspn(query, "&");
		size_t name = strcspn(query, "=&");

		if (bench_request_query_kept(query, name) && len + 1 + pair < cap) {
			out[len++] = first ? '?' : '&';
			memcpy(out + len, query, pair);
			len += pair;
			first = false;
		}
		query += pair + (query[pair] == '&');
	}
	return len;
}

ZEND_EXT_TLS bench_handled_request bench_handled;

void bench_request_handle(const char *uri, const char *method)
{
	bench_handled.set = true;
	bench_handled.status = 0;
	size_t len = strlen(uri);

	/* One longer than the field is cut on a character's boundary (UTF-8), as the SAPI's is. */
	if (len >= sizeof(bench_handled.uri)) {
		len = sizeof(bench_handled.uri) - 1;
		while (len > 0 && ((unsigned char) uri[len] & 0xc0) == 0x80) {
			len--;
		}
	}
	memcpy(bench_handled.uri, uri, len);
	bench_handled.uri[len] = '\0';
	snprintf(bench_handled.method, sizeof(bench_handled.method), "%s", method);
}

void bench_request_forget_handled(void)
{
	bench_handled.set = false;
}

void bench_profile_note_request(bench_profile_state *p)
{
	bench_profile_request *r = &p->request;
	const bench_handled_request *h = bench_handled.set ? &bench_handled : NULL;
	const char *uri = h && h->uri[0] ? h->uri : bench_request_uri();
	const char *command = uri ? uri : (SG(request_info).path_translated ? SG(request_info).path_translated : "-");
	struct timespec now;

	/*
	 * The path, and of the query string the parameters bench.uri_query keeps.
	 * One longer than the field is cut on a character's boundary (UTF-8), so
	 * that the JSON stays valid.
	 */
	size_t path = strcspn(command, "?");
	size_t len = MIN(path, sizeof(r->command) - 1);
	while (len > 0 && ((unsigned char) command[len] & 0xc0) == 0x80) {
		len--;
	}
	memcpy(r->command, command, len);
	if (uri && command[path] == '?' && len == path) {
		len = bench_request_kept_query(r->command, sizeof(r->command), len, command + path + 1);
	}
	r->command[len] = '\0';
	snprintf(r->sapi, sizeof(r->sapi), "%s", sapi_module.name ? sapi_module.name : "-");
	/* Methods are short words; a longer one (any client can send one) is cut. */
	if (h) {
		memcpy(r->method, h->method, sizeof(r->method));
		r->status = h->status;
	} else {
		snprintf(r->method, sizeof(r->method), "%s", SG(request_info).request_method ? SG(request_info).request_method : "");
		r->status = SG(request_info).request_method ? SG(sapi_headers).http_response_code : 0;
	}
	r->duration_ns = p->end_ns - p->start_ns;
	r->peak_memory = zend_memory_peak_usage(false);
	r->pid = bench_pid();
	clock_gettime(CLOCK_REALTIME, &now);
	r->time_ns = (int64_t) now.tv_sec * 1000000000 + now.tv_nsec - r->duration_ns;
}

/* The web directories a front controller lives in: the application's root is their parent. */
static const char *const bench_request_web_dirs[] = {"public", "web", "htdocs", "html", "www", "public_html", "pub"};

static void bench_request_note_root(bench_profile_request *r)
{
	const char *slash = strrchr(r->script, '/');
	size_t len = r->script[0] == '/' && slash ? (size_t) (slash - r->script) : 0;

	r->root_len = 0;
	if (len == 0) {
		return;
	}
	/* The directory's last part: a web directory gives way to its parent. */
	const char *last = r->script + len;
	while (last > r->script && last[-1] != '/') {
		last--;
	}
	for (size_t i = 0; i < sizeof(bench_request_web_dirs) / sizeof(bench_request_web_dirs[0]); i++) {
		if ((size_t) (r->script + len - last) == strlen(bench_request_web_dirs[i])
				&& memcmp(last, bench_request_web_dirs[i], strlen(bench_request_web_dirs[i])) == 0 && last - r->script > 1) {
			len = (size_t) (last - r->script) - 1;
			break;
		}
	}
	/* With its slash, which script has there. */
	r->root_len = len + 1;
}

void bench_tree_note_script(bench_profile_request *r)
{
	snprintf(r->script, sizeof(r->script), "%s", SG(request_info).path_translated ? SG(request_info).path_translated : "-");
	bench_request_note_root(r);
}
