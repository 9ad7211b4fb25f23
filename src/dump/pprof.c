/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

/*
 * The pprof format: a perftools.profiles.Profile protocol buffer
 * (github.com/google/pprof, proto/profile.proto), encoded by hand: one
 * sample per call path, one location per function and line, one function
 * per function.
 */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdlib.h>
#include <string.h>
#include "php.h"
#include "php_bench.h"
#include "formats.h"

/* Field numbers of profile.proto. */
enum {
	PB_PROFILE_SAMPLE_TYPE = 1, PB_PROFILE_SAMPLE = 2, PB_PROFILE_MAPPING = 3, PB_PROFILE_LOCATION = 4, PB_PROFILE_FUNCTION = 5,
	PB_PROFILE_STRING_TABLE = 6, PB_PROFILE_TIME_NANOS = 9, PB_PROFILE_DURATION_NANOS = 10,
	PB_PROFILE_PERIOD_TYPE = 11, PB_PROFILE_PERIOD = 12, PB_PROFILE_COMMENT = 13, PB_PROFILE_DEFAULT_SAMPLE_TYPE = 14,
	PB_VALUE_TYPE_TYPE = 1, PB_VALUE_TYPE_UNIT = 2,
	PB_SAMPLE_LOCATION_ID = 1, PB_SAMPLE_VALUE = 2, PB_SAMPLE_LABEL = 3,
	PB_LABEL_KEY = 1, PB_LABEL_STR = 2, PB_LABEL_NUM = 3,
	PB_MAPPING_ID = 1, PB_MAPPING_FILENAME = 5, PB_MAPPING_HAS_FUNCTIONS = 7, PB_MAPPING_HAS_FILENAMES = 8,
	PB_MAPPING_HAS_LINE_NUMBERS = 9,
	PB_LOCATION_ID = 1, PB_LOCATION_MAPPING_ID = 2, PB_LOCATION_LINE = 4,
	PB_LINE_FUNCTION_ID = 1, PB_LINE_LINE = 2,
	PB_FUNCTION_ID = 1, PB_FUNCTION_NAME = 2, PB_FUNCTION_SYSTEM_NAME = 3, PB_FUNCTION_FILENAME = 4, PB_FUNCTION_START_LINE = 5,
};

#define PB_VARINT 0
#define PB_LEN 2

static void pb_varint(bench_buf *b, uint64_t value)
{
	char bytes[10];
	size_t n = 0;

	do {
		bytes[n] = (char) (value & 0x7f);
		value >>= 7;
		if (value) {
			bytes[n] |= (char) 0x80;
		}
		n++;
	} while (value);
	bench_buf_append(b, bytes, n);
}

static void pb_int(bench_buf *b, uint32_t field, int64_t value)
{
	if (value) {
		pb_varint(b, field << 3 | PB_VARINT);
		pb_varint(b, (uint64_t) value);
	}
}

static void pb_bytes(bench_buf *b, uint32_t field, const char *data, size_t len)
{
	pb_varint(b, field << 3 | PB_LEN);
	pb_varint(b, len);
	bench_buf_append(b, data, len);
}

/* A message from scratch, which is emptied for the next one. */
static void pb_message(bench_buf *b, uint32_t field, bench_buf *scratch)
{
	pb_bytes(b, field, scratch->data ? scratch->data : "", scratch->len);
	scratch->len = 0;
}

static void pb_value_type(bench_buf *b, uint32_t field, bench_buf *scratch, int64_t type, int64_t unit)
{
	pb_int(scratch, PB_VALUE_TYPE_TYPE, type);
	pb_int(scratch, PB_VALUE_TYPE_UNIT, unit);
	pb_message(b, field, scratch);
}

/** The string table, written last: strings are numbered as they are added. */
typedef struct {
	const char **items;
	uint32_t used, size;
	bool failed;
} pb_strings;

static int64_t pb_string(pb_strings *s, const char *str)
{
	if (s->used == s->size) {
		uint32_t size = s->size ? s->size * 2 : 64;
		const char **grown = realloc(s->items, size * sizeof(*grown));
		if (!grown) {
			s->failed = true;
			return 0;
		}
		s->items = grown;
		s->size = size;
	}
	s->items[s->used] = str;
	return s->used++;
}

/* A label of every sample: a string, or a number where str is NULL. */
static void pb_label(bench_buf *labels, bench_buf *scratch, pb_strings *strings, const char *key, const char *str, int64_t num)
{
	pb_int(scratch, PB_LABEL_KEY, pb_string(strings, key));
	if (str) {
		pb_int(scratch, PB_LABEL_STR, pb_string(strings, str));
	} else {
		pb_int(scratch, PB_LABEL_NUM, num);
	}
	pb_message(labels, PB_SAMPLE_LABEL, scratch);
}

/*
 * What a fleet profiler slices merged profiles by (pprof -tags, -tagfocus):
 * the request, the process, in sample mode whether its allocations were
 * sampled, and the labels the application set.
 */
static void pb_request_labels(bench_buf *labels, bench_buf *scratch, pb_strings *strings, const bench_profile_state *p)
{
	const bench_profile_request *r = &p->request;

	/* A request with a method came over HTTP: its URI, without the query string. */
	if (r->method[0]) {
		pb_label(labels, scratch, strings, "uri", r->command, 0);
		pb_label(labels, scratch, strings, "method", r->method, 0);
	}
	if (r->status) {
		pb_label(labels, scratch, strings, "status", NULL, r->status);
	}
	pb_label(labels, scratch, strings, "script", r->script, 0);
	pb_label(labels, scratch, strings, "sapi", r->sapi, 0);
	pb_label(labels, scratch, strings, "pid", NULL, r->pid);
	if (p->sampled) {
		pb_label(labels, scratch, strings, "alloc_sampled", p->allocs_sampled ? "true" : "false", 0);
	}
	/* The application's own (bench_label()): an endpoint, a tenant... */
	for (uint32_t i = 0; r->labels && i < r->labels->count; i++) {
		pb_label(labels, scratch, strings, r->labels->key[i], r->labels->value[i], 0);
	}
}

/* A merge: each label set's Label messages, which a sample under a root of that set carries. */
static bench_buf *pb_merge_labels(bench_buf *scratch, pb_strings *strings, const bench_dump_merge *m)
{
	bench_buf *sets = calloc(m->nlabel_sets + 1, sizeof(*sets));

	for (uint32_t i = 0; sets && i < m->nlabel_sets; i++) {
		for (uint32_t l = m->label_sets[i]; l < m->label_sets[i + 1]; l++) {
			pb_label(&sets[i], scratch, strings, m->labels[l].key, m->labels[l].str, m->labels[l].num);
		}
	}
	return sets;
}

/*
 * The one mapping that every location points to, its functions, files and
 * lines given: pprof then symbolizes nothing, and has a main binary to name.
 */
static void pb_mapping(bench_buf *b, bench_buf *scratch, pb_strings *strings)
{
	pb_int(scratch, PB_MAPPING_ID, 1);
	pb_int(scratch, PB_MAPPING_FILENAME, pb_string(strings, "php"));
	pb_int(scratch, PB_MAPPING_HAS_FUNCTIONS, 1);
	pb_int(scratch, PB_MAPPING_HAS_FILENAMES, 1);
	pb_int(scratch, PB_MAPPING_HAS_LINE_NUMBERS, 1);
	pb_message(b, PB_PROFILE_MAPPING, scratch);
}

/** The locations: one per (function, line), numbered from 1 as they are met. */
typedef struct {
	/** (function, line) per location */
	uint32_t (*items)[2];
	uint32_t used, size;
	/** open addressing: location index + 1, 0 for an empty slot; at most half full */
	uint32_t *table;
	uint32_t table_size;
	bool failed;
} pb_locations;

static bool pb_locations_grow(pb_locations *l)
{
	uint32_t size = l->size ? l->size * 2 : 256;
	uint32_t (*items)[2] = realloc(l->items, size * sizeof(*items));
	uint32_t *table = calloc(size * 2, sizeof(*table));

	if (!items || !table) {
		if (items) {
			l->items = items;
		}
		free(table);
		return false;
	}
	l->items = items;
	l->size = size;
	free(l->table);
	l->table = table;
	l->table_size = size * 2;
	for (uint32_t i = 0; i < l->used; i++) {
		uint32_t slot = (l->items[i][0] * 0x9E3779B1u ^ l->items[i][1] * 0x85EBCA77u) & (l->table_size - 1);
		while (l->table[slot]) {
			slot = (slot + 1) & (l->table_size - 1);
		}
		l->table[slot] = i + 1;
	}
	return true;
}

/* The id of the location of func at line, made on first use; 0 where memory ran out. */
static uint32_t pb_location(pb_locations *l, uint32_t func, uint32_t line)
{
	if (l->used == l->size && !pb_locations_grow(l)) {
		l->failed = true;
		return 0;
	}
	uint32_t slot = (func * 0x9E3779B1u ^ line * 0x85EBCA77u) & (l->table_size - 1), i;
	while ((i = l->table[slot]) && (l->items[i - 1][0] != func || l->items[i - 1][1] != line)) {
		slot = (slot + 1) & (l->table_size - 1);
	}
	if (!i) {
		l->items[l->used][0] = func;
		l->items[l->used][1] = line;
		i = l->table[slot] = ++l->used;
	}
	return i;
}

/*
 * A sample's locations, from its leaf up: the leaf at line (where its own
 * cost lies), each caller at the line of the call below it (its function's
 * first line where that is not known).
 */
static void pb_sample_locations(bench_buf *packed, pb_locations *l, const bench_profile_state *p, uint32_t leaf, uint32_t line)
{
	for (uint32_t up = leaf; up != BENCH_PROFILE_NONE; up = p->nodes[up].parent) {
		uint32_t func = bench_dump_func_of(p, up);

		pb_varint(packed, pb_location(l, func, line ? line : bench_dump_func_line(p, func)));
		line = bench_dump_call_line(p, up);
	}
}

/* One Sample: node's locations, its values (calls, then each counter's), the labels its profile has and extra ones (NULL: none). */
static void pb_sample(bench_buf *b, bench_buf *scratch, bench_buf *packed, pb_locations *l, const bench_profile_state *p, uint32_t node,
	uint64_t calls, const int64_t *values, int nvalues, const bench_buf *labels, const bench_buf *extra)
{
	pb_sample_locations(packed, l, p, node, bench_dump_own_line(p, node));
	pb_message(scratch, PB_SAMPLE_LOCATION_ID, packed);
	pb_varint(packed, calls);
	for (int i = 0; i < nvalues; i++) {
		pb_varint(packed, (uint64_t) values[i]);
	}
	pb_message(scratch, PB_SAMPLE_VALUE, packed);
	for (int i = 0; i < 2; i++) {
		const bench_buf *its = i ? extra : labels;
		if (its && its->data) {
			bench_buf_append(scratch, its->data, its->len);
		}
	}
	pb_message(b, PB_PROFILE_SAMPLE, scratch);
}

/*
 * Sample mode: per node, its time samples (indexes of p->moments) in the
 * order taken, node n's from order[first[n]] up to order[first[n + 1]].
 * Left empty when memory ran out.
 */
typedef struct {
	uint32_t *first, *order;
} pb_moments;

static void pb_moments_by_node(pb_moments *pm, const bench_profile_state *p)
{
	pm->first = calloc((size_t) p->nodes_used + 1, sizeof(*pm->first));
	pm->order = malloc((size_t) p->moments_used * sizeof(*pm->order));
	if (!pm->first || !pm->order) {
		free(pm->first);
		free(pm->order);
		*pm = (pb_moments) {0};
		return;
	}
	/* A counting sort: counts, their running sums (each node's end), then each node's start. */
	for (uint32_t i = 0; i < p->moments_used; i++) {
		pm->first[p->moments[i].node + 1]++;
	}
	for (uint32_t n = 1; n <= p->nodes_used; n++) {
		pm->first[n] += pm->first[n - 1];
	}
	for (uint32_t i = 0; i < p->moments_used; i++) {
		pm->order[pm->first[p->moments[i].node]++] = i;
	}
	for (uint32_t n = p->nodes_used; n > 0; n--) {
		pm->first[n] = pm->first[n - 1];
	}
	pm->first[0] = 0;
}

/*
 * Opcodes per line (profile mode, bench.count_ops=1) are counted per
 * function, not per call path. Each node of a function takes its own
 * opcodes from its function's lines, in node order, each line's part as a
 * sample at that line: the lines add up to what the function ran on each,
 * and each path to its own opcodes; which path ran which line is not known.
 * What no line counted stays on the node's own sample.
 */
typedef struct {
	/** per function, the line (an index of its ops.counts) it takes from next, and how much of it was taken */
	uint32_t *at;
	uint64_t *taken;
} pb_line_ops;

/* Writes node's opcodes at its function's lines (pb_line_ops); returns those it had left. */
static int64_t pb_line_op_samples(bench_buf *b, bench_buf *scratch, bench_buf *packed, pb_locations *l, pb_line_ops *lo,
	const bench_profile_state *p, uint32_t node, int ops_at, int ncounters, const bench_buf *labels)
{
	int64_t left = p->nodes[node].own[BENCH_COUNTER_OPS];
	uint32_t func = bench_dump_func_of(p, node);
	const bench_ops_lines *ops = func < p->funcs_used ? &p->funcs[func].ops : NULL;

	while (ops && left > 0 && lo->at[func] < ops->size) {
		uint64_t avail = ops->counts[lo->at[func]] - lo->taken[func];

		if (!avail) {
			lo->at[func]++;
			lo->taken[func] = 0;
			continue;
		}
		uint64_t take = avail < (uint64_t) left ? avail : (uint64_t) left;

		pb_sample_locations(packed, l, p, node, ops->base + lo->at[func]);
		pb_message(scratch, PB_SAMPLE_LOCATION_ID, packed);
		/* calls, then the counters: all 0 but the opcodes */
		pb_varint(packed, 0);
		for (int i = 0; i < ncounters; i++) {
			pb_varint(packed, i == ops_at ? take : 0);
		}
		pb_message(scratch, PB_SAMPLE_VALUE, packed);
		bench_buf_append(scratch, labels->data ? labels->data : "", labels->len);
		pb_message(b, PB_PROFILE_SAMPLE, scratch);
		lo->taken[func] += take;
		left -= (int64_t) take;
	}
	return left;
}

/* A merge: the Label messages of the profiles a sample's node is under (its root's set), NULL for none. */
static const bench_buf *pb_merge_sample_labels(const bench_dump_merge *m, const bench_buf *sets, const bench_profile_state *p, uint32_t n)
{
	while (p->nodes[n].parent != BENCH_PROFILE_NONE) {
		n = p->nodes[n].parent;
	}
	return m->root_label_set[n] < m->nlabel_sets ? &sets[m->root_label_set[n]] : NULL;
}

/* A counter's pprof sample type and unit: bench's, or in a merge a name bench does not know as its own type. */
static void pb_counter_type(const bench_dump_settings *s, int c, const char **type, const char **unit)
{
	const char *name = bench_dump_counter_name(s, c), *its_unit = s->merge ? s->merge->counter_unit[c] : bench_counter_info[c].unit;

	*type = name;
	for (int k = 0; k < BENCH_COUNTER_COUNT; k++) {
		if (strcmp(bench_counter_info[k].name, name) == 0) {
			*type = bench_counter_info[k].pprof_type;
			break;
		}
	}
	/* pprof spells units out: "nanoseconds", "bytes", "count". */
	*unit = strcmp(its_unit, "ns") == 0 ? "nanoseconds" : (strcmp(its_unit, "bytes") == 0 ? "bytes" : "count");
}

void bench_dump_pprof(bench_buf *b, const bench_profile_state *p, const bench_dump_settings *s)
{
	int counters[BENCH_COUNTER_COUNT];
	int ncounters = bench_dump_counters(p, s, counters), sort_counter = bench_dump_sort_counter(p, s);
	const bench_profile_request *r = &p->request;
	bench_buf scratch = {0}, packed = {0}, labels = {0}, stamp = {0};
	pb_strings strings = {0};
	pb_locations locations = {0};
	char text[5][1100];
	int64_t sort_type = 0;

	pb_string(&strings, "");
	/* Values: calls (samples in sample mode), then each counter. */
	int64_t calls_index = pb_string(&strings, p->sampled ? "samples" : "calls"), count_index = pb_string(&strings, "count");
	pb_value_type(b, PB_PROFILE_SAMPLE_TYPE, &scratch, calls_index, count_index);
	for (int i = 0; i < ncounters; i++) {
		const char *type, *unit;
		pb_counter_type(s, counters[i], &type, &unit);
		int64_t type_index = pb_string(&strings, type), unit_index = pb_string(&strings, unit);
		pb_value_type(b, PB_PROFILE_SAMPLE_TYPE, &scratch, type_index, unit_index);
		if (counters[i] == sort_counter) {
			sort_type = type_index;
			if (p->sampled) {
				pb_value_type(b, PB_PROFILE_PERIOD_TYPE, &scratch, type_index, unit_index);
				pb_int(b, PB_PROFILE_PERIOD, s->sample_interval_us * 1000);
			}
		}
	}
	/* Profile mode counts every call: a period of one call. */
	if (!p->sampled) {
		pb_value_type(b, PB_PROFILE_PERIOD_TYPE, &scratch, calls_index, count_index);
		pb_int(b, PB_PROFILE_PERIOD, 1);
	}
	pb_int(b, PB_PROFILE_DEFAULT_SAMPLE_TYPE, sort_type);
	const bench_dump_merge *m = s->merge;
	bench_buf *label_sets = NULL;
	if (m) {
		label_sets = pb_merge_labels(&scratch, &strings, m);
		b->failed = b->failed || !label_sets;
	} else {
		pb_request_labels(&labels, &scratch, &strings, p);
	}

	int ops_at = -1;
	pb_line_ops line_ops = {0};
	for (int i = 0; i < ncounters; i++) {
		ops_at = counters[i] == BENCH_COUNTER_OPS ? i : ops_at;
	}
	/* Out of memory, the opcodes stay on each node's own sample, as without lines. */
	if (ops_at >= 0 && bench_dump_has_line_ops(p)) {
		line_ops.at = calloc(p->funcs_used + 1, sizeof(*line_ops.at));
		line_ops.taken = calloc(p->funcs_used + 1, sizeof(*line_ops.taken));
		if (!line_ops.at || !line_ops.taken) {
			free(line_ops.at);
			free(line_ops.taken);
			line_ops = (pb_line_ops) {0};
		}
	}

	/* Sample mode: each time sample of the timeline is a sample of its own, with its time. */
	int time_at = -1;
	pb_moments moments = {0};
	for (int i = 0; i < ncounters; i++) {
		time_at = counters[i] == (s->sample_cpu ? BENCH_COUNTER_CPU_NS : BENCH_COUNTER_WALL_NS) ? i : time_at;
	}
	/* Out of memory, the time samples stay in each node's own sample, as in a merge. */
	if (!m && p->sampled && p->moments_used && time_at >= 0) {
		pb_moments_by_node(&moments, p);
	}

	/* A sample per call path with a cost: its locations from the leaf up, and its own values. */
	/* Once the output failed (bench.output_max_mb), no more: a deep recursion's stacks grow with the square of its depth. */
	for (uint32_t n = 0; n < p->nodes_used && !b->failed; n++) {
		const bench_profile_node *node = &p->nodes[n];
		int64_t ops = line_ops.at ? pb_line_op_samples(b, &scratch, &packed, &locations, &line_ops, p, n, ops_at, ncounters, &labels) : 0;
		int64_t values[BENCH_COUNTER_COUNT];
		uint64_t calls = node->calls;

		for (int i = 0; i < ncounters; i++) {
			values[i] = i == ops_at && line_ops.at ? ops : node->own[counters[i]];
		}
		for (uint32_t k = moments.order ? moments.first[n] : 0; moments.order && k < moments.first[n + 1] && !b->failed; k++) {
			const bench_sample_moment *moment = &p->moments[moments.order[k]];
			int64_t one[BENCH_COUNTER_COUNT] = {0};

			one[time_at] = moment->weight;
			values[time_at] -= moment->weight;
			calls--;
			pb_label(&stamp, &scratch, &strings, "end_timestamp_ns", NULL, r->time_ns + moment->at_ns);
			/* (A request's own profile: a merge's has no times.) */
			pb_sample(b, &scratch, &packed, &locations, p, n, 1, one, ncounters, &labels, &stamp);
			stamp.len = 0;
		}
		bool any = calls != 0;
		for (int i = 0; i < ncounters && !any; i++) {
			any = values[i] != 0;
		}
		if (any) {
			/* A merge's sample has the labels of the profiles whose root it is under (a walk up: only for nodes with a cost). */
			const bench_buf *its = m ? pb_merge_sample_labels(m, label_sets, p, n) : &labels;
			pb_sample(b, &scratch, &packed, &locations, p, n, calls, values, ncounters, its, NULL);
		}
	}
	pb_mapping(b, &scratch, &strings);

	/* The locations met, then a function per function ({request} included), numbered from 1. */
	for (uint32_t i = 0; i < locations.used; i++) {
		pb_int(&packed, PB_LINE_FUNCTION_ID, locations.items[i][0] + 1);
		pb_int(&packed, PB_LINE_LINE, locations.items[i][1]);
		pb_int(&scratch, PB_LOCATION_ID, i + 1);
		pb_int(&scratch, PB_LOCATION_MAPPING_ID, 1);
		pb_message(&scratch, PB_LOCATION_LINE, &packed);
		pb_message(b, PB_PROFILE_LOCATION, &scratch);
	}
	for (uint32_t f = 0; f <= p->funcs_used; f++) {
		int64_t name = pb_string(&strings, bench_dump_func_name(p, f));
		pb_int(&scratch, PB_FUNCTION_ID, f + 1);
		pb_int(&scratch, PB_FUNCTION_NAME, name);
		pb_int(&scratch, PB_FUNCTION_SYSTEM_NAME, name);
		pb_int(&scratch, PB_FUNCTION_FILENAME, pb_string(&strings, bench_dump_func_file(p, f)));
		pb_int(&scratch, PB_FUNCTION_START_LINE, bench_dump_func_line(p, f));
		pb_message(b, PB_PROFILE_FUNCTION, &scratch);
	}

	pb_int(b, PB_PROFILE_TIME_NANOS, r->time_ns);
	pb_int(b, PB_PROFILE_DURATION_NANOS, r->duration_ns);
	if (m) {
		pb_int(b, PB_PROFILE_COMMENT, pb_string(&strings, m->description));
	} else {
		/* The request, as comments (pprof -comments prints them). */
		snprintf(text[0], sizeof(text[0]), "bench %s, PHP %s, pid %ld", PHP_BENCH_VERSION, PHP_VERSION, (long) r->pid);
		snprintf(text[1], sizeof(text[1]), "uri=%s", r->command);
		snprintf(text[2], sizeof(text[2]), "method=%s status=%d", r->method, r->status);
		snprintf(text[3], sizeof(text[3]), "duration_ns=%" PRId64 " peak_memory=%zu", r->duration_ns, r->peak_memory);
		snprintf(text[4], sizeof(text[4]), "samples=%" PRIu64 " unsampled_ns=%" PRId64 "%s%s", p->samples, p->unsampled_ns,
			p->time_samples_how[0] ? " time_samples=" : "", p->time_samples_how);
		for (int i = 0; i < (p->sampled ? 5 : 4); i++) {
			pb_int(b, PB_PROFILE_COMMENT, pb_string(&strings, text[i]));
		}

	}
	/* proto3 strings are UTF-8: names and the URI are written as text (bench_buf_text). */
	for (uint32_t i = 0; i < strings.used; i++) {
		bench_buf_text(&scratch, strings.items[i], strlen(strings.items[i]), '\0', '\0');
		pb_message(b, PB_PROFILE_STRING_TABLE, &scratch);
	}
	if (strings.failed || locations.failed || scratch.failed || packed.failed || labels.failed || stamp.failed) {
		b->failed = true;
	}
	free(line_ops.at);
	free(line_ops.taken);
	for (uint32_t i = 0; label_sets && i < m->nlabel_sets; i++) {
		b->failed = b->failed || label_sets[i].failed;
		bench_buf_free(&label_sets[i]);
	}
	free(label_sets);
	free(strings.items);
	free(locations.items);
	free(locations.table);
	free(moments.first);
	free(moments.order);
	bench_buf_free(&stamp);
	bench_buf_free(&scratch);
	bench_buf_free(&packed);
	bench_buf_free(&labels);
}
