/*
 * A thread-safe PHP host in the shape of FrankenPHP's threads: the embed SAPI
 * of a ZTS libphp, started once, then THREADS threads that each run REQUESTS
 * requests at once with the others. Thread t runs DIR/t<t>.php, each request
 * under the URI /t<t>/<request> (a profile's "command"), so that a profile
 * says which thread and request it is of.
 *
 *   host THREADS REQUESTS DIR INI [LAST]
 *
 * INI: php.ini lines (extension=..., bench.*), one per line, as -d would give
 * them; no php.ini is read. LAST: a script the main thread runs once the
 * threads are done (what bench counted, say). Prints the requests that failed
 * to start, if any, and exits non-zero then.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sapi/embed/php_embed.h"
#include "main/php_main.h"
#include "main/SAPI.h"

static int requests;
static const char *dir;
static int failed;

/* One request of this thread: script under uri. */
static void host_request(char *script, char *uri)
{
	SG(options) |= SAPI_OPTION_NO_CHDIR;
	SG(request_info).request_uri = uri;
	SG(request_info).path_translated = script;
	if (php_request_startup() == FAILURE) {
		__atomic_add_fetch(&failed, 1, __ATOMIC_RELAXED);
		return;
	}
	SG(headers_sent) = 1;
	SG(request_info).no_headers = 1;
	zend_file_handle file;
	zend_stream_init_filename(&file, script);
	php_execute_script(&file);
	zend_destroy_file_handle(&file);
	php_request_shutdown(NULL);
}

static void *host_thread(void *arg)
{
	int t = (int) (intptr_t) arg;
	char script[4096], uri[64];

	/* This thread's globals: PHP's, and every extension's (bench's profile). */
	(void) ts_resource(0);
	snprintf(script, sizeof(script), "%s/t%d.php", dir, t);
	for (int r = 0; r < requests; r++) {
		snprintf(uri, sizeof(uri), "/t%d/%d", t, r);
		host_request(script, uri);
	}
	ts_free_thread();
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc != 5 && argc != 6) {
		fprintf(stderr, "usage: %s THREADS REQUESTS DIR INI [LAST]\n", argv[0]);
		return 2;
	}
	int threads = atoi(argv[1]);
	requests = atoi(argv[2]);
	dir = argv[3];

	/* php_embed_init() without its request: the main thread runs none. */
	php_tsrm_startup();
	zend_signal_startup();
	sapi_startup(&php_embed_module);
	php_embed_module.php_ini_ignore = 1;
	php_embed_module.ini_entries = strdup(argv[4]);
	if (php_embed_module.startup(&php_embed_module) == FAILURE) {
		fprintf(stderr, "PHP did not start\n");
		return 1;
	}

	pthread_t *ids = calloc(threads, sizeof(*ids));
	for (int t = 0; t < threads; t++) {
		pthread_create(&ids[t], NULL, host_thread, (void *) (intptr_t) t);
	}
	for (int t = 0; t < threads; t++) {
		pthread_join(ids[t], NULL);
	}
	free(ids);
	if (argc == 6) {
		host_request(argv[5], "/last");
	}

	php_module_shutdown();
	sapi_shutdown();
	tsrm_shutdown();
	free(php_embed_module.ini_entries);
	if (failed) {
		printf("%d requests did not start\n", failed);
	}
	return failed ? 1 : 0;
}
