# The report command (bin/bench) and its code (report/), installed with the
# extension: into $(prefix)/share/php-bench, the command linked into
# $(exec_prefix)/bin. bin/bench finds report/ next to its own directory.
BENCH_REPORT_DIR = $(prefix)/share/php-bench
BENCH_BINDIR = $(exec_prefix)/bin

install: install-bench-report

install-bench-report:
	@echo "Installing the report command:    $(INSTALL_ROOT)$(BENCH_BINDIR)/bench"
	@$(mkinstalldirs) $(INSTALL_ROOT)$(BENCH_REPORT_DIR)/bin $(INSTALL_ROOT)$(BENCH_REPORT_DIR)/report/assets $(INSTALL_ROOT)$(BENCH_BINDIR)
	@$(INSTALL) -m 755 $(srcdir)/bin/bench $(INSTALL_ROOT)$(BENCH_REPORT_DIR)/bin/bench
	@$(INSTALL_DATA) $(srcdir)/report/*.php $(INSTALL_ROOT)$(BENCH_REPORT_DIR)/report/
	@$(INSTALL_DATA) $(srcdir)/report/assets/* $(INSTALL_ROOT)$(BENCH_REPORT_DIR)/report/assets/
	@ln -sf $(BENCH_REPORT_DIR)/bin/bench $(INSTALL_ROOT)$(BENCH_BINDIR)/bench

.PHONY: install-bench-report
