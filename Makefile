# sudoku: library, command, tests and benchmarks. See README.md.
#
#   make              build build/libsudoku.a and build/sudoku
#   make run          solve the bundled puzzles in puzzles/ and show the grids
#   make check        unit and end-to-end tests; again under ASan + UBSan; the end-to-end
#                     suites with the program under valgrind; make lint (docs/reliability.md)
#   make lint         cppcheck on every C file, clang-tidy (.clang-tidy) on src/ and bench/
#   make bench        in-process and whole-process speed (docs/benchmarks.md), see below
#   make install      PREFIX=/usr/local, DESTDIR= honoured
#   make fuzz         libFuzzer, FUZZ_SECONDS (60) each: the parser and reader on any bytes,
#                     then parse, solve and print (clang); see below
#
# CC, CFLAGS, LDFLAGS can be overridden; the flags the build needs are kept apart.
#
# make bench rebuilds the library, the command and bench/bench.c from scratch
# under build/bench/NAME/ for each build in BENCH_BUILDS, one after the other,
# and runs bench/run.sh on each: every *.txt in SHARED_PUZZLES (when present)
# and every file in puzzles/: a few minutes. Knobs:
#   BENCH_BUILDS=portable  only this build: portable (-O3, for any CPU of the
#                          architecture) or native (-O3 -march=native, as the figures
#                          of PERFORMANCE.md); default both
#   BENCH_RUNS=5           timed runs per measurement; the median is reported
#   BENCH_BUDGET=15        seconds after which a measurement starts no more runs;
#                          the tables say how many each got (raise it when a
#                          set's single pass takes longer, as forum-hardest's)
#   BENCH_FORMAT=markdown  markdown tables, to paste into docs/benchmarks.md
#   BENCH_CFLAGS=...       flags added to every bench build (e.g. -flto)

CC ?= cc
CFLAGS ?= -O2 -g
LDFLAGS ?=
WERROR ?= -Werror
PREFIX ?= /usr/local
BUILD ?= build
SHARED_PUZZLES ?= ../shared/puzzles
CMOCKA_LIBS ?= -lcmocka
SANITIZE_FLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

BASE_CFLAGS = -std=c11 -Iinclude -Wall -Wextra -Wshadow -Wstrict-prototypes $(WERROR)
ALL_CFLAGS = $(BASE_CFLAGS) $(CFLAGS)

LIB_SRC = src/parse.c src/propagate.c src/planes.c src/search.c src/print.c src/tables.c \
          src/logic.c src/logic_singles.c src/logic_subsets.c src/logic_fish.c src/logic_wings.c src/logic_unique.c \
          src/print_step.c src/pencilmarks.c src/transform.c src/canon.c
CLI_SRC = src/cli/main.c src/cli/options.c src/cli/run.c src/cli/input.c src/cli/batch.c \
          src/cli/output.c src/cli/steps.c src/cli/cmd_solve.c src/cli/cmd_explain.c \
          src/cli/cmd_hint.c src/cli/forms.c src/cli/cmd_canon.c src/cli/cmd_transform.c
E2E_TESTS = test_cli test_hostile test_explain test_canon_cli
TEST_NAMES = test_tables test_parse test_reader test_pencilmarks test_canon test_propagate test_planes test_search test_print \
             $(E2E_TESTS) test_datasets test_crosscheck test_fuzz_replay test_logic_path

LIB_OBJ = $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o)
CLI_OBJ = $(CLI_SRC:src/%.c=$(BUILD)/obj/%.o)
TEST_BINS = $(TEST_NAMES:%=$(BUILD)/tests/%)
LIB = $(BUILD)/libsudoku.a
PROGRAM = $(BUILD)/sudoku
BENCH_PROGRAM = $(BUILD)/sudoku-bench

.PHONY: all run check test-run test-valgrind lint tools bench bench-one fuzz fuzz-one install \
        uninstall clean format
.DELETE_ON_ERROR:

all: $(PROGRAM)

$(BUILD)/obj/%.o: src/%.c include/sudoku.h src/internal.h src/logic.h
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

# The tool's files, in src/cli/, see only the public header and their own.
$(BUILD)/obj/cli/%.o: src/cli/%.c include/sudoku.h src/cli/cli.h src/cli/steps.h src/cli/forms.h
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(LIB): $(LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $^

$(PROGRAM): $(CLI_OBJ) $(LIB)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $(CLI_OBJ) $(LIB) -pthread -o $@

# Tests see the library's internal header too (for the geometry tables).
TEST_SUPPORT = tests/checker.c tests/fixtures.c

$(BUILD)/tests/%: tests/%.c $(TEST_SUPPORT) tests/checker.h tests/fixtures.h $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Isrc -Itests $(LDFLAGS) $< $(filter %.o %_harness.c,$^) $(TEST_SUPPORT) \
	  $(LIB) $(CMOCKA_LIBS) -pthread -o $@

# The suites that run the program share the harness that runs it.
$(E2E_TESTS:%=$(BUILD)/tests/%) $(BUILD)/tests/test_crosscheck: tests/cli_harness.c tests/cli_harness.h

# The replay test links both fuzz targets, compiled by $(CC) without
# libFuzzer: each one's entry point renamed so that the two can coexist.
$(BUILD)/tests/test_fuzz_replay: $(BUILD)/tests/fuzz_parse.o $(BUILD)/tests/fuzz_solve.o

$(BUILD)/tests/fuzz_%.o: tests/fuzz_%.c tests/fuzz.h tests/checker.h include/sudoku.h
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Itests -DLLVMFuzzerTestOneInput=fuzz_$*_one -c $< -o $@

run: $(PROGRAM)
	$(PROGRAM) solve --format grid puzzles/seeds.txt

tools:
	@CC="$(CC)" sh tests/need.sh

# Runs every test binary from the project root; a failing one fails the run
# only after the others have run, so one report shows everything. The bench
# program is only built, so that it keeps compiling cleanly.
test-run: $(PROGRAM) $(TEST_BINS) $(BENCH_PROGRAM)
	@failed=0; for t in $(TEST_BINS); do \
	  echo "== $$t"; \
	  SUDOKU_BIN=$(PROGRAM) SHARED_PUZZLES=$(SHARED_PUZZLES) $$t || failed=1; \
	done; \
	[ $$failed = 0 ] && echo "== all tests passed ($(BUILD))" || { echo "== some tests FAILED ($(BUILD))"; exit 1; }

check: tools
	$(MAKE) --no-print-directory test-run
	MAKE="$(MAKE)" CC="$(CC)" sh tests/install-check.sh
	$(MAKE) --no-print-directory test-run BUILD=$(BUILD)/sanitize \
	  CFLAGS="$(SANITIZE_FLAGS)" LDFLAGS="-fsanitize=address,undefined"
	$(MAKE) --no-print-directory test-valgrind
	$(MAKE) --no-print-directory lint

# The end-to-end suites again, every run of the program under memcheck: an
# error or a definitely lost byte makes valgrind exit 99, which fails the
# test (tests/cli_harness.c), and its report is shown with the failure.
VALGRIND = valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=definite \
  --errors-for-leak-kinds=definite
test-valgrind:
	SUDOKU_WRAPPER="$(VALGRIND)" $(MAKE) --no-print-directory test-run TEST_NAMES="$(E2E_TESTS)"

# Each finding fails; the few that are wrong are suppressed, with reasons, in
# tests/cppcheck.supp and .clang-tidy. Tests are checked by cppcheck and the
# sanitizers; clang-tidy's analyzer misreads cmocka's failure paths there.
CPPCHECK = cppcheck -q --std=c11 --enable=warning,style,performance,portability \
  --error-exitcode=1 --suppressions-list=tests/cppcheck.supp \
  -Iinclude -Isrc -Itests
lint:
	$(CPPCHECK) src include tests bench
	clang-tidy --quiet $(LIB_SRC) $(CLI_SRC) bench/bench.c -- $(BASE_CFLAGS) -Isrc

BENCH_BUILDS ?= portable native
BENCH_RUNS ?= 5
BENCH_BUDGET ?= 15
BENCH_FORMAT ?= text
BENCH_FLAGS_portable = -O3
BENCH_FLAGS_native = -O3 -march=native
BENCH_DIR = $(BUILD)/bench/$(BENCH_BUILD)
BENCH_BUILD_CFLAGS = $(strip $(BENCH_FLAGS_$(BENCH_BUILD)) $(BENCH_CFLAGS))

bench_build_known = $(if $(BENCH_FLAGS_$(1)),,$(error BENCH_BUILDS: no build '$(1)'; portable or native))

# One build at a time: two benchmarks at once would share the two cores.
bench:
	$(foreach b,$(BENCH_BUILDS),$(call bench_build_known,$(b)))
	@for b in $(BENCH_BUILDS); do \
	  $(MAKE) --no-print-directory bench-one BENCH_BUILD=$$b || exit 1; \
	done

# From scratch, so that the compiler and flags run.sh prints are the binaries'.
# The build's commands go to stderr: stdout is the report, to paste.
bench-one:
	$(call bench_build_known,$(BENCH_BUILD))
	@rm -rf $(BENCH_DIR)
	@$(MAKE) --no-print-directory BUILD=$(BENCH_DIR) CFLAGS="$(BENCH_BUILD_CFLAGS)" \
	  $(BENCH_DIR)/sudoku $(BENCH_DIR)/sudoku-bench >&2
	@BENCH_RUNS="$(BENCH_RUNS)" BENCH_BUDGET="$(BENCH_BUDGET)" BENCH_FORMAT="$(BENCH_FORMAT)" \
	  sh bench/run.sh $(BENCH_DIR) "$(CC)" "$(BASE_CFLAGS) $(BENCH_BUILD_CFLAGS)" $(SHARED_PUZZLES)

# The in-process bench program: the public interface only, like any user.
$(BENCH_PROGRAM): bench/bench.c include/sudoku.h $(LIB)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $< $(LIB) -o $@

# make fuzz: two libFuzzer targets, one after the other (two at once would
# share the two cores). Each starts from its working corpus in
# $(FUZZ_DIR)/TARGET/corpus (the first directory, where libFuzzer adds what
# it finds), then the committed seeds, regressions and puzzles/ (read only).
# Lines longer than SUDOKU_LINE_MAX are left to the replay test: inputs that
# size would slow the fuzzer down several times over.
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_DIR = $(BUILD)/fuzz
FUZZ_TARGETS = fuzz_parse fuzz_solve
FUZZ_FLAGS = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
# -timeout: a hang, not a hard puzzle. The slowest refutation known (Norvig's
# "impossible" puzzle, tests/test_hostile.c) takes about 4 s per search in
# the fuzz build, and fuzz_solve searches twice.
FUZZ_OPTIONS = -max_total_time=$(FUZZ_SECONDS) -timeout=30 -rss_limit_mb=2048 -print_final_stats=1
FUZZ_MAX_LEN_fuzz_parse = 8192
FUZZ_MAX_LEN_fuzz_solve = 4096
FUZZ_SEEDS = tests/fuzz/corpus tests/fuzz/regressions puzzles
FUZZ_LOG = $(FUZZ_DIR)/$(FUZZ_TARGET)/log

$(FUZZ_DIR)/bin/%: tests/%.c tests/fuzz.h tests/checker.c tests/checker.h $(LIB_SRC) src/internal.h include/sudoku.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(BASE_CFLAGS) -Itests $(FUZZ_FLAGS) $< tests/checker.c $(LIB_SRC) -o $@

# Every target runs even if one fails, so that one run reports everything.
fuzz: $(FUZZ_TARGETS:%=$(FUZZ_DIR)/bin/%)
	@failed=0; for t in $(FUZZ_TARGETS); do \
	  $(MAKE) --no-print-directory fuzz-one FUZZ_TARGET=$$t || failed=1; \
	done; [ $$failed = 0 ] || { echo "== fuzz FAILED: inputs in $(FUZZ_DIR)/artifacts/"; exit 1; }

# One run, its output in FUZZ_LOG: its tail on failure, its figures at the end.
fuzz-one: $(FUZZ_DIR)/bin/$(FUZZ_TARGET)
	@mkdir -p $(FUZZ_DIR)/$(FUZZ_TARGET)/corpus $(FUZZ_DIR)/artifacts/$(FUZZ_TARGET)
	@echo "== $(FUZZ_TARGET): $(FUZZ_SECONDS) s (log: $(FUZZ_LOG))"
	@$< $(FUZZ_OPTIONS) -max_len=$(FUZZ_MAX_LEN_$(FUZZ_TARGET)) \
	  -artifact_prefix=$(FUZZ_DIR)/artifacts/$(FUZZ_TARGET)/ \
	  $(FUZZ_DIR)/$(FUZZ_TARGET)/corpus $(FUZZ_SEEDS) > $(FUZZ_LOG) 2>&1 || \
	  { tail -n 60 $(FUZZ_LOG); echo "== $(FUZZ_TARGET) FAILED"; exit 1; }
	@grep -E '^#[0-9]+[[:space:]]+DONE|^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' \
	  $(FUZZ_LOG)

install: $(PROGRAM) $(LIB)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include \
	  $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(PROGRAM) $(DESTDIR)$(PREFIX)/bin/sudoku
	install -m 644 $(LIB) $(DESTDIR)$(PREFIX)/lib/libsudoku.a
	install -m 644 include/sudoku.h $(DESTDIR)$(PREFIX)/include/sudoku.h
	install -m 644 docs/sudoku.1 $(DESTDIR)$(PREFIX)/share/man/man1/sudoku.1

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/sudoku $(DESTDIR)$(PREFIX)/lib/libsudoku.a \
	  $(DESTDIR)$(PREFIX)/include/sudoku.h $(DESTDIR)$(PREFIX)/share/man/man1/sudoku.1

format:
	clang-format -i include/*.h src/*.c src/*.h src/cli/*.c src/cli/*.h tests/*.c tests/*.h bench/*.c

clean:
	rm -rf $(BUILD)
