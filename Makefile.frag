# The report command (bin/bench) and its code (report/), installed with the
# extension: into $(prefix)/share/php-bench, the command linked into
# $(exec_prefix)/bin. bin/bench finds report/ next to its own directory, and
# php_bench.h (its version, for bench --version) next to report/.
#
# Only where the sources hold them (a checkout, PIE's archive): PECL builds in a
# directory of package.xml's role="src" files alone, and installs the command
# itself (role="script" to bin_dir, report/ as role="php" to php_dir/bench/report,
# which bin/bench finds in the include path).
BENCH_REPORT_DIR = $(prefix)/share/php-bench
BENCH_BINDIR = $(exec_prefix)/bin

install: install-bench-report

install-bench-report:
	@if test ! -f $(srcdir)/bin/bench; then \
		echo "Not installing the report command: no $(srcdir)/bin/bench (PECL installs it from package.xml)"; \
	else \
		echo "Installing the report command:    $(INSTALL_ROOT)$(BENCH_BINDIR)/bench" && \
		$(mkinstalldirs) $(INSTALL_ROOT)$(BENCH_REPORT_DIR)/bin $(INSTALL_ROOT)$(BENCH_REPORT_DIR)/report/assets $(INSTALL_ROOT)$(BENCH_BINDIR) && \
		$(INSTALL) -m 755 $(srcdir)/bin/bench $(INSTALL_ROOT)$(BENCH_REPORT_DIR)/bin/bench && \
		$(INSTALL_DATA) $(srcdir)/php_bench.h $(INSTALL_ROOT)$(BENCH_REPORT_DIR)/ && \
		$(INSTALL_DATA) $(srcdir)/report/*.php $(INSTALL_ROOT)$(BENCH_REPORT_DIR)/report/ && \
		$(INSTALL_DATA) $(srcdir)/report/assets/* $(INSTALL_ROOT)$(BENCH_REPORT_DIR)/report/assets/ && \
		ln -sf $(BENCH_REPORT_DIR)/bin/bench $(INSTALL_ROOT)$(BENCH_BINDIR)/bench; \
	fi

.PHONY: install-bench-report
