/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 473b6e367336c7a3f65a677ff0ec15ed72ea81a4 */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_bench_measure, 0, 1, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, subject, IS_CALLABLE, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, k, IS_LONG, 0, "100")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, args, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_bench_counters, 0, 0, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

#define arginfo_bench_info arginfo_bench_counters

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_bench_start, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

#define arginfo_bench_stop arginfo_bench_counters

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_bench_label, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, key, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_bench_request_begin, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, uri, IS_STRING, 0, "\"\"")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, method, IS_STRING, 0, "\"\"")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_bench_request_end, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, status, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_bench_zstd_decompress, 0, 1, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, max_length, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_bench_internal_write_profile, 0, 3, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, format, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, profile, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, max_bytes, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_bench_internal_profile_views, 0, 1, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, profile, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

#define arginfo_bench_internal_counters arginfo_bench_counters


ZEND_FUNCTION(bench_measure);
ZEND_FUNCTION(bench_counters);
ZEND_FUNCTION(bench_info);
ZEND_FUNCTION(bench_start);
ZEND_FUNCTION(bench_stop);
ZEND_FUNCTION(bench_label);
ZEND_FUNCTION(bench_request_begin);
ZEND_FUNCTION(bench_request_end);
ZEND_FUNCTION(bench_zstd_decompress);
ZEND_FUNCTION(bench_internal_write_profile);
ZEND_FUNCTION(bench_internal_profile_views);
ZEND_FUNCTION(bench_internal_counters);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(bench_measure, arginfo_bench_measure)
	ZEND_FE(bench_counters, arginfo_bench_counters)
	ZEND_FE(bench_info, arginfo_bench_info)
	ZEND_FE(bench_start, arginfo_bench_start)
	ZEND_FE(bench_stop, arginfo_bench_stop)
	ZEND_FE(bench_label, arginfo_bench_label)
	ZEND_FE(bench_request_begin, arginfo_bench_request_begin)
	ZEND_FE(bench_request_end, arginfo_bench_request_end)
	ZEND_FE(bench_zstd_decompress, arginfo_bench_zstd_decompress)
	ZEND_FE(bench_internal_write_profile, arginfo_bench_internal_write_profile)
	ZEND_FE(bench_internal_profile_views, arginfo_bench_internal_profile_views)
	ZEND_FE(bench_internal_counters, arginfo_bench_internal_counters)
	ZEND_FE_END
};
