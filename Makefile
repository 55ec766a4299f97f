# sudoku: library, command, tests and benchmarks. See README.md.
#
#   make              build build/libsudoku.a and build/sudoku
#   make run          solve the bundled puzzles in puzzles/ and show the grids
#   make check        unit and end-to-end tests, the Python binding, the install, GNU
#                     parallel and README checks, the house's layers (tests/layers.sh) and the
#                     technique table of docs/logic.md; again under ASan + UBSan; the end-to-end
#                     suites with the program under valgrind; make lint (docs/reliability.md);
#                     the last line sums it all up (tests/summary.sh)
#   make lint         cppcheck on every C file, clang-tidy (.clang-tidy) on src/ and bench/
#   make catalogue    docs/logic.md's technique table, from src/logic/catalogue.c
#   make pictures     the step pictures of docs/pictures/ (README.md shows one), drawn by the
#                     program
#   make bench        in-process and whole-process speed (docs/benchmarks.md), see below
#   make install      the program, libsudoku.a and libsudoku.so (with its soname), sudoku.h,
#                     sudoku.pc, the man pages, the documentation and the Python package;
#                     PREFIX=/usr/local, DESTDIR, BINDIR, LIBDIR, INCLUDEDIR, MANDIR, DOCDIR,
#                     PYTHON (python3) and PYTHONDIR (its site directory for PREFIX) honoured
#   make wheel        the Python package as a wheel, in build/wheel/ (pip, setuptools and
#                     wheel of PYTHON, offline: docs/python.md)
#   make uninstall    removes exactly what make install installed
#   make generate-stats  what generate makes, in numbers (build/generate-stats.md; docs/generate.md)
#   make technique-times  rate's CPU time by technique, found and not found (docs/logic.md)
#   make deb          Debian packages with dpkg-buildpackage, in build/deb/ (docs/packaging.md)
#   make fuzz         libFuzzer, FUZZ_SECONDS (60) each: the parser and reader on any bytes,
#                     then parse, solve and print, then the logic engine on any board
#                     (clang); see below
#
# CC, CFLAGS, LDFLAGS can be overridden; the flags the build needs are kept apart.
# The search engine (src/solve/planes.c, search.c) and the logic engine (src/logic/)
# get ENGINE_CFLAGS (-O3) after CFLAGS: they run 6-8% faster than at -O2
# (docs/engine.md, docs/logic.md); ENGINE_CFLAGS= builds them like the rest.
#
# make bench rebuilds the library, the command and bench/bench.c from scratch
# under build/bench/NAME/ for each build in BENCH_BUILDS, one after the other,
# and runs bench/run.sh on each: every *.txt in SHARED_PUZZLES (when present)
# and every file in puzzles/ (a few minutes), then `sudoku rate` on top1465 and
# forum-hardest (about 15 minutes a build at 1,000 puzzles). Knobs:
#   BENCH_BUILDS=portable  only this build: portable (-O3, for any CPU of the
#                          architecture) or native (-O3 -march=native, as the figures
#                          of PERFORMANCE.md); default both
#   BENCH_RUNS=5           timed runs per measurement; the median is reported
#   BENCH_BUDGET=15        seconds after which a measurement starts no more runs;
#                          the tables say how many each got (raise it when a
#                          set's single pass takes longer, as forum-hardest's)
#   BENCH_FORMAT=markdown  markdown tables, to paste into docs/benchmarks.md
#   BENCH_CFLAGS=...       flags added to every bench build (e.g. -flto)
#   BENCH_RATE_HARDEST=1000  forum-hardest puzzles `sudoku rate` times after top1465
#                          (-j 1 and -j 2, about 15 minutes a build); 0 skips rating
#   BENCH_GENERATE=10000   puzzles per `sudoku generate` measurement, beside QQWing
#                          when installed (apt-get install qqwing); 0 skips them
#   BENCH_SETTER=1         the setters' targets (bench/setter.c: patterns of top1465,
#                          techniques, few clues, vicinity; 15 to 20 minutes); 0 skips
#                          them, quick runs a sample (a check, not a measurement)
#   BENCH_HODOKU=1         `rate --scale hodoku -j 1` on top1465, the SE-rated set and
#                          17-clue beside issue 26's targets (about a minute); 0 skips it
#   TDOKU=DIR              the reference solver's programs (../shared/reference/tdoku):
#                          when they run here, each build's report ends with ours beside
#                          theirs (bench/versus.sh), else says it leaves that out
#   BENCH_UNSOLVABLE=10000 the few-clue unsolvable family's size (made once, kept in
#                          $(BUILD)/bench/)
#   BENCH_PICTURES=10000   puzzles drawn as SVG, a tenth of them in books (bench/pictures.sh);
#                          0 skips them
#   BENCH_HINT_HARDEST=200 forum-hardest puzzles whose every state `sudoku play`'s hint
#                          latency is measured at, after all of top1465 (a few minutes;
#                          bench/hint_latency.c); 0 skips the measure
#   BENCH_UNITS_SAMPLE=400 every Nth puzzle of top1465 and forum-hardest that
#                          sudoku-budget (bench/budget.c) times per unit of --budget,
#                          beside boards with many solutions, none, and the empty
#                          grid (some minutes); 0 skips it

CC ?= cc
CFLAGS ?= -O2 -g
CPPFLAGS ?=
LDFLAGS ?=
WERROR ?= -Werror
ENGINE_CFLAGS ?= -O3
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR ?= $(PREFIX)/share/man
DOCDIR ?= $(PREFIX)/share/doc/sudoku
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
PYTHON ?= python3
# The Python package's directory: PYTHON's site directory for PREFIX
# (python/sitedir.py: Debian's dist-packages for /usr and /usr/local);
# empty without PYTHON, and then make install leaves the package out.
ifeq ($(origin PYTHONDIR),undefined)
PYTHONDIR := $(shell $(PYTHON) python/sitedir.py $(PREFIX) 2>/dev/null)
endif
BUILD ?= build
SHARED_PUZZLES ?= ../shared/puzzles
CMOCKA_LIBS ?= -lcmocka
# The sanitizer builds keep line tables only (-g1): their reports name
# file and line; full debug information would cost a third more compile time.
SANITIZE_FLAGS = -O1 -g1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# Linked as position-dependent executables: a sanitized PIE spends a third
# of a short run's start relocating the sanitizers' tables of its globals.
SANITIZE_LDFLAGS = -fsanitize=address,undefined -no-pie
# The sanitizer pass's end-to-end suites check the program for leaks at
# exit (LeakSanitizer, half the cost of a short run) on the first run of
# each test and every LEAK_CHECK_EVERY-th after (tests/cli_harness.c);
# the library's suites, and valgrind's sample, check at every exit.
LEAK_CHECK_EVERY ?= 4

BASE_CFLAGS = -std=c11 -Iinclude -Wall -Wextra -Wshadow -Wstrict-prototypes $(WERROR)
ALL_CFLAGS = $(BASE_CFLAGS) $(CPPFLAGS) $(CFLAGS)

# The library's version is the header's; the shared library's soname carries
# its first number, which changes when the interface breaks (0 until 1.0).
VERSION := $(shell sed -n 's/^\#define SUDOKU_VERSION "\(.*\)"/\1/p' include/sudoku.h)
SOVERSION = $(firstword $(subst ., ,$(VERSION)))
SONAME = libsudoku.so.$(SOVERSION)

# HoDoKu's chain techniques (issue 26): their finders, their words, their tests.
HODOKU_CHAIN_SRC = src/logic/hodoku/set.c src/logic/hodoku/compare.c src/logic/hodoku/chains.c \
                   src/logic/hodoku/table.c src/logic/hodoku/nets.c src/logic/hodoku/loops.c \
                   src/logic/hodoku/forcing.c src/logic/hodoku/tabling.c src/logic/hodoku/als.c \
                   src/logic/hodoku/reach.c
HODOKU_CHAIN_DRAW = src/draw/hodoku_chains.c src/draw/hodoku_cells.c
HODOKU_CHAIN_TESTS =

# The library, a folder a room, listed from the ground floor up
# (docs/architecture.md; tests/layers.sh checks that no file reaches up).
LIB_SRC = src/board/tables.c src/board/givens.c \
          src/parse/chars.c src/parse/fields.c src/parse/columns.c src/parse/pencilmarks.c \
          src/parse/parse.c \
          src/solve/propagate.c src/solve/bands.c src/solve/planes.c src/solve/search.c \
          src/forms/transform.c src/forms/canon.c \
          src/logic/state.c src/logic/step.c src/logic/memo.c \
          src/logic/singles.c src/logic/subsets.c src/logic/fish.c src/logic/wings.c \
          src/logic/unique.c src/logic/bug.c src/logic/exclusion.c \
          src/logic/chains/chain.c src/logic/chains/forcing.c src/logic/chains/multiple.c \
          src/logic/chains/nested.c src/logic/chains/chains.c \
          src/logic/hodoku/grid.c src/logic/hodoku/singles.c src/logic/hodoku/subsets.c \
          src/logic/hodoku/fish.c src/logic/hodoku/patterns.c src/logic/hodoku/wings.c \
          src/logic/hodoku/unique.c src/logic/hodoku/coloring.c src/logic/hodoku/misc.c \
          $(HODOKU_CHAIN_SRC) \
          src/logic/catalogue.c src/logic/path.c \
          src/generate/generate.c src/generate/additions.c src/generate/neighbour.c \
          src/generate/fewer.c src/generate/pattern.c src/generate/vicinity.c \
          src/generate/technique.c src/generate/measure.c \
          src/draw/writer.c src/draw/grid.c src/draw/step.c src/draw/hodoku.c \
          $(HODOKU_CHAIN_DRAW) src/draw/hint.c src/draw/picture.c \
          src/draw/svg.c src/draw/terminal.c src/draw/book.c
LIB_HDR = $(filter-out src/cli/%,$(wildcard src/*/*.h src/*/*/*.h))
CLI_SRC = src/cli/main.c src/cli/options.c src/cli/run.c src/cli/input.c src/cli/batch.c \
          src/cli/output.c src/cli/steps.c src/cli/mistakes.c src/cli/cmd_solve.c src/cli/cmd_explain.c \
          src/cli/cmd_hint.c src/cli/cmd_rate.c src/cli/forms.c src/cli/cmd_canon.c \
          src/cli/cmd_transform.c src/cli/cmd_generate.c src/cli/cmd_check.c \
          src/cli/pictures.c src/cli/book.c src/cli/cmd_book.c src/cli/cmd_show.c src/cli/cmd_play.c \
          src/cli/cmd_vicinity.c $(PLAY_SRC)
# The game (`sudoku play`), a room of the tool's own: it sees only the
# public header and its own headers (docs/architecture.md).
PLAY_SRC = src/cli/play/game.c src/cli/play/save.c src/cli/play/term.c src/cli/play/screen.c \
           src/cli/play/hint.c src/cli/play/play.c
PLAY_HDR = $(PLAY_SRC:.c=.h)
E2E_TESTS = test_cli test_hostile test_explain test_input test_canon_cli test_generate_cli \
            test_pictures_cli test_hint_cli test_play_tmux test_first_contact
TEST_NAMES = test_tables test_parse test_reader test_pencilmarks test_canon test_propagate test_planes \
             test_search test_print $(E2E_TESTS) test_datasets test_crosscheck test_fuzz_replay \
             test_logic_path test_logic test_catalogue test_generate test_vicinity test_memory \
             test_pictures test_play test_hodoku $(HODOKU_CHAIN_TESTS)

# The commands, each with its man page name sudoku-COMMAND (a link to sudoku.1).
COMMANDS = solve explain hint rate canon transform generate check vicinity book show play

LIB_OBJ = $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o)
PIC_OBJ = $(LIB_SRC:src/%.c=$(BUILD)/pic/%.o)
CLI_OBJ = $(CLI_SRC:src/%.c=$(BUILD)/obj/%.o)
TEST_BINS = $(TEST_NAMES:%=$(BUILD)/tests/%)
LIB = $(BUILD)/libsudoku.a
SHLIB = $(BUILD)/libsudoku.so.$(VERSION)
EXPORTS = $(BUILD)/libsudoku.map
PROGRAM = $(BUILD)/sudoku
BENCH_PROGRAM = $(BUILD)/sudoku-bench
UNSOLVABLE_PROGRAM = $(BUILD)/sudoku-unsolvable
HINT_LATENCY_PROGRAM = $(BUILD)/sudoku-hint-latency
SETTER_PROGRAM = $(BUILD)/sudoku-setter-bench
BUDGET_PROGRAM = $(BUILD)/sudoku-budget

.PHONY: all run check catalogue pictures generate-stats test-run test-python test-valgrind lint tools bench bench-one fuzz fuzz-one install wheel \
        uninstall clean format shared deb agreement soundness soundness-hardest thread-check check-plain \
        digests-long technique-times
.DELETE_ON_ERROR:

all: $(PROGRAM) $(LIB) shared

$(BUILD)/obj/%.o: src/%.c include/sudoku.h $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Isrc $(OBJ_CFLAGS) -c $< -o $@

# The shared library's objects: position-independent, apart from the static
# library's so that libsudoku.a keeps the faster code.
$(BUILD)/pic/%.o: src/%.c include/sudoku.h $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Isrc $(OBJ_CFLAGS) -fPIC -c $< -o $@

# The engine's own flags, after the others.
ENGINE_SRC = src/solve/planes.c src/solve/search.c $(filter src/logic/%.c,$(LIB_SRC))
ENGINE_OBJ = $(ENGINE_SRC:src/%.c=$(BUILD)/obj/%.o) $(ENGINE_SRC:src/%.c=$(BUILD)/pic/%.o)
$(ENGINE_OBJ): OBJ_CFLAGS = $(ENGINE_CFLAGS)

# What the shared library exports: the functions sudoku.h declares, and
# nothing else (the geometry tables and helpers the modules share stay
# inside). Made from the header, so a new public function is exported as
# soon as it is declared there (a typedef of a function type, such as a
# callback's, is none); tests/install-check.sh checks the result.
$(EXPORTS): include/sudoku.h
	@mkdir -p $(@D)
	{ echo '{'; echo '  global:'; \
	  sed -n '/^typedef/!s/^[A-Za-z].*[ *]\(sudoku_[a-z0-9_]*\)(.*/    \1;/p' include/sudoku.h; \
	  echo '  local: *;'; echo '};'; } > $@

$(SHLIB): $(PIC_OBJ) $(EXPORTS)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=$(EXPORTS) \
	  -Wl,--no-undefined $(PIC_OBJ) -o $@

# libsudoku.so.0 (the soname) and libsudoku.so (what -lsudoku finds), as installed.
shared: $(SHLIB)
	ln -sf $(notdir $(SHLIB)) $(BUILD)/$(SONAME)
	ln -sf $(SONAME) $(BUILD)/libsudoku.so

# The tool's files, in src/cli/, see only the public header and their own.
$(BUILD)/obj/cli/%.o: src/cli/%.c include/sudoku.h src/cli/cli.h src/cli/steps.h src/cli/forms.h \
  src/cli/pictures.h src/cli/book.h src/cli/mistakes.h $(PLAY_HDR)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

# The archive holds one object, its modules linked together, in which the
# names they share without the sudoku_ prefix (chain_run, logic_fish...)
# are made local: a program linked with it statically may use those names
# itself, as it may with the shared library (tests/install-check.sh).
NM ?= nm
OBJCOPY ?= objcopy
$(LIB): $(LIB_OBJ)
	rm -f $@ $(BUILD)/libsudoku.o
	$(LD) -r $^ -o $(BUILD)/libsudoku.o
	$(NM) -g --defined-only $(BUILD)/libsudoku.o | \
	  awk 'NF == 3 && $$3 !~ /^(sudoku_|_)/ {print $$3}' > $(BUILD)/libsudoku.local
	$(OBJCOPY) --localize-symbols=$(BUILD)/libsudoku.local $(BUILD)/libsudoku.o
	$(AR) rcs $@ $(BUILD)/libsudoku.o

# -lm: the tool's rounding (steps.c) calls floor, which GCC inlines when it
# optimizes but which clang and -O0 builds take from libm.
$(PROGRAM): $(CLI_OBJ) $(LIB)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $(CLI_OBJ) $(LIB) -pthread -lm -o $@

# Tests see the library's internal header too (for the geometry tables).
# The support and the harnesses are compiled once, not once a test (some
# twenty seconds of each make check build).
TEST_SUPPORT = tests/checker.c tests/fixtures.c tests/reference.c
TEST_SUPPORT_OBJ = $(TEST_SUPPORT:tests/%.c=$(BUILD)/tests/support/%.o)
TEST_HDR = tests/checker.h tests/fixtures.h tests/reference.h tests/cli_harness.h \
  tests/picture_harness.h

# Kept, not removed as make's intermediate files: every test links them.
.SECONDARY: $(TEST_SUPPORT_OBJ)
$(BUILD)/tests/support/%.o: tests/%.c $(TEST_HDR) include/sudoku.h $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Isrc -Itests -c $< -o $@

$(BUILD)/tests/%: tests/%.c $(TEST_SUPPORT_OBJ) $(TEST_HDR) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Isrc -Itests $(LDFLAGS) $(TEST_LINK_$(@F)) $< $(filter %.o,$^) \
	  $(LIB) $(CMOCKA_LIBS) -pthread -o $@

# The tests that read the engine's catalogue link the library's objects: the
# archive keeps only sudoku_ names global.
$(BUILD)/tests/test_catalogue $(BUILD)/tests/test_logic_path $(BUILD)/tests/test_hodoku \
  $(HODOKU_CHAIN_TESTS:%=$(BUILD)/tests/%): $(LIB_OBJ)

# test_play tests the game's state, save files and frames: the objects of
# src/cli/play/ it needs.
$(BUILD)/tests/test_play: $(BUILD)/obj/cli/play/game.o $(BUILD)/obj/cli/play/save.o \
  $(BUILD)/obj/cli/play/screen.o $(BUILD)/obj/cli/play/hint.o

# test_memory makes the library's allocations fail one at a time.
TEST_LINK_test_memory = -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc

# The picture tests render SVG and read pixels back (tests/picture_harness.c).
$(BUILD)/tests/test_pictures $(BUILD)/tests/test_pictures_cli $(BUILD)/tests/book_check: \
  $(BUILD)/tests/support/picture_harness.o

# The suites that run the program share the harness that runs it.
$(E2E_TESTS:%=$(BUILD)/tests/%) $(BUILD)/tests/test_crosscheck: $(BUILD)/tests/support/cli_harness.o

# The replay test links the fuzz targets, compiled by $(CC) without
# libFuzzer: each one's entry point renamed so that they can coexist.
$(BUILD)/tests/test_fuzz_replay: $(BUILD)/tests/fuzz_parse.o $(BUILD)/tests/fuzz_solve.o \
  $(BUILD)/tests/fuzz_logic.o

$(BUILD)/tests/fuzz_%.o: tests/fuzz_%.c tests/fuzz.h tests/checker.h include/sudoku.h
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Itests -DLLVMFuzzerTestOneInput=fuzz_$*_one -c $< -o $@

# docs/logic.md's technique table, made from the engine's catalogue
# (tests/catalogue_doc.c); make check fails when they differ.
CATALOGUE_DOC = $(BUILD)/catalogue-doc
# It links the library's objects: the archive keeps only sudoku_ names global.
$(CATALOGUE_DOC): tests/catalogue_doc.c $(LIB_HDR) $(LIB_OBJ)
	$(CC) $(ALL_CFLAGS) -Isrc $(LDFLAGS) $< $(LIB_OBJ) -o $@

catalogue: $(CATALOGUE_DOC)
	$(CATALOGUE_DOC) > $(BUILD)/catalogue.md
	awk -v table=$(BUILD)/catalogue.md '/^<!-- catalogue: end/ { while ((getline line < table) > 0) print line; skip = 0 } \
	  !skip { print } /^<!-- catalogue: begin/ { skip = 1 }' docs/logic.md > $(BUILD)/logic.md
	mv $(BUILD)/logic.md docs/logic.md

# The step pictures README.md and docs/pictures.md show, as the program
# draws them: a single, a fish, a uniqueness step and a chain.
pictures: $(PROGRAM)
	sh docs/pictures/regenerate.sh $(PROGRAM)

# Each grid under a line that names the puzzle it answers: where the puzzle
# is in the file, and its givens.
RUN_PUZZLES = puzzles/seeds.txt
run: $(PROGRAM)
	@$(PROGRAM) solve --format json $(RUN_PUZZLES) | \
	  sed -n 's/.*"line":\([0-9]*\),.*"puzzle":"\([^"]*\)".*/\1 \2/p' | \
	  while read line puzzle; do \
	    echo "== $(RUN_PUZZLES):$$line: $$puzzle"; \
	    $(PROGRAM) solve --format grid "$$puzzle" || exit 1; \
	  done
	@echo "== a new puzzle: sudoku generate --seed 2026 --rate --solution --format grid"
	@$(PROGRAM) generate --seed 2026 --rate --solution --format grid

tools:
	@CC="$(CC)" sh tests/need.sh

# docs/generate.md's tables: clue counts and ratings of 10,000 puzzles per
# symmetry, repeats among 100,000 (some ten minutes on two cores).
generate-stats: $(PROGRAM)
	sh bench/generate-stats.sh $(PROGRAM) > $(BUILD)/generate-stats.md
	@echo "generate-stats: $(BUILD)/generate-stats.md"

# Runs every test binary from the project root, TEST_JOBS at a time
# (tests/run-tests.sh): each one's output is shown whole, in the order of
# TEST_NAMES, and kept in LOGS for the summary that ends make check; a failing
# one fails the run only after the others have run, so one report shows
# everything. TEST_FIRST are started first: the slowest of each pass, so that
# the rest fill the other core around them. The bench programs are only
# built, so that they keep compiling cleanly.
LOGS = $(BUILD)/logs/unit
TEST_JOBS ?= 2
TEST_FIRST = test_logic_path test_generate_cli test_explain test_canon test_memory test_first_contact \
             test_hostile test_input test_hint_cli test_pictures_cli test_canon_cli test_datasets
test-run: $(PROGRAM) $(TEST_BINS) $(BENCH_PROGRAM) $(UNSOLVABLE_PROGRAM) $(HINT_LATENCY_PROGRAM) \
  $(SETTER_PROGRAM) $(BUDGET_PROGRAM)
	@SUDOKU_BIN=$(PROGRAM) SHARED_PUZZLES=$(SHARED_PUZZLES) TEST_FIRST="$(TEST_FIRST)" \
	  sh tests/run-tests.sh $(TEST_JOBS) $(LOGS) $(TEST_BINS) && \
	  echo "== all tests passed ($(BUILD))" || { echo "== some tests FAILED ($(BUILD))"; exit 1; }

# The Python package's tests, on the package as make install installs it:
# for real, into a scratch prefix of its own (PY_PREFIX), from where it
# loads the library as a user's would (no SUDOKU_LIB; the source tree is
# not on the path); without python3 they are skipped, and the summary says
# so. The tests build a wheel too, when pip, setuptools and wheel are there.
PY_PREFIX = $(abspath $(BUILD))/python-prefix
test-python: $(PROGRAM) $(LIB) shared
	@mkdir -p $(LOGS); log=$(LOGS)/python.log; \
	if command -v $(PYTHON) >/dev/null 2>&1; then \
	  echo "== python/tests/test_sudoku.py (installed into $(PY_PREFIX))"; \
	  rm -rf $(PY_PREFIX); \
	  $(MAKE) --no-print-directory -s install PREFIX=$(PY_PREFIX) PYTHON=$(PYTHON) > /dev/null && \
	  site=$$($(PYTHON) python/sitedir.py $(PY_PREFIX)) && \
	  { env -u SUDOKU_LIB PYTHONPATH=$$site SUDOKU_INSTALLED=$$site SUDOKU_INSTALLED_LIB=$(PY_PREFIX)/lib \
	      CC="$(CC)" $(PYTHON) -m unittest discover -s python/tests -p 'test_*.py' -v; \
	    echo $$? > $$log.rc; } 2>&1 | tee $$log; \
	  rc=$$(cat $$log.rc); rm -f $$log.rc; exit $$rc; \
	else echo "python-check: skipped: $(PYTHON) is absent (the Python package's tests)" | tee $$log; fi

# The Python package as a wheel, built offline from a copy of python/ (the
# build leaves its files beside the sources) with the interpreter's own
# pip, setuptools and wheel.
wheel:
	rm -rf $(BUILD)/wheel
	mkdir -p $(BUILD)/wheel/src
	cp -R python/pyproject.toml python/sudoku $(BUILD)/wheel/src/
	$(PYTHON) -m pip wheel --no-build-isolation --no-deps --no-index -w $(BUILD)/wheel \
	  $(BUILD)/wheel/src
	@ls $(BUILD)/wheel/*.whl

# Every pass leaves its logs; the last line sums them up (tests/summary.sh).
# Four streams share the two cores (make check must take under 10 minutes
# on two), each pass running its tests two at a time (TEST_JOBS):
#  - lint, and the sanitizer pass (its own build, then every test binary
#    under ASan + UBSan, TEST_QUICK), start at once;
#  - the plain pass, shown as it goes: the build, every test binary, then
#    the Python binding, install, GNU parallel, README, book, layers,
#    catalogue and ThreadSanitizer checks (check-plain);
#  - the valgrind pass (test-valgrind: the end-to-end suites, the program
#    under memcheck on a sample of each test's runs), from when the plain
#    build is done.
# The other streams' output is shown after the plain pass, each whole; a
# failing stream fails make check only after all have run.
CHECK_BUILD = $(PROGRAM) $(LIB) shared $(TEST_BINS) $(BENCH_PROGRAM) $(UNSOLVABLE_PROGRAM) \
  $(HINT_LATENCY_PROGRAM) $(SETTER_PROGRAM) $(BUDGET_PROGRAM) $(BUILD)/tests/book_check $(CATALOGUE_DOC)
check: tools
	@rm -rf $(BUILD)/logs $(BUILD)/sanitize/logs $(BUILD)/sanitize.out $(BUILD)/valgrind.out \
	  $(BUILD)/lint.out; \
	mkdir -p $(BUILD); \
	TEST_QUICK=1 SUDOKU_LEAK_CHECK_EVERY=$(LEAK_CHECK_EVERY) $(MAKE) --no-print-directory test-run \
	  BUILD=$(BUILD)/sanitize CFLAGS="$(SANITIZE_FLAGS)" LDFLAGS="$(SANITIZE_LDFLAGS)" \
	  > $(BUILD)/sanitize.out 2>&1 & \
	sanitize=$$!; \
	$(MAKE) --no-print-directory lint TIDY_NODES=$(CHECK_TIDY_NODES) > $(BUILD)/lint.out 2>&1 & lint=$$!; \
	rc=0; valgrind=; \
	if $(MAKE) --no-print-directory $(CHECK_BUILD); then \
	  $(MAKE) --no-print-directory test-valgrind > $(BUILD)/valgrind.out 2>&1 & valgrind=$$!; \
	  $(MAKE) --no-print-directory check-plain || rc=1; \
	else rc=1; fi; \
	wait $$sanitize || rc=1; \
	echo "== the sanitizer pass (run beside the above)"; cat $(BUILD)/sanitize.out; \
	if [ -n "$$valgrind" ]; then wait $$valgrind || rc=1; \
	  echo "== the valgrind pass (run beside the above)"; cat $(BUILD)/valgrind.out; fi; \
	wait $$lint || rc=1; echo "== lint (run beside the above)"; cat $(BUILD)/lint.out; \
	[ $$rc = 0 ]
	@sh tests/summary.sh $(BUILD)/logs $(BUILD)/sanitize/logs

# make check's plain pass: every test binary, then the checks of the
# Python binding, the install, GNU parallel, README, the book, the layers,
# the catalogue and the threads, one after the other; the first to fail
# stops it.
check-plain: $(CHECK_BUILD)
	$(MAKE) --no-print-directory test-run
	$(MAKE) --no-print-directory test-python
	@mkdir -p $(LOGS)
	@MAKE="$(MAKE)" CC="$(CC)" CXX="$(CXX)" sh tests/install-check.sh > $(LOGS)/install.log 2>&1; \
	  rc=$$?; cat $(LOGS)/install.log; exit $$rc
	@SUDOKU_BIN=$(PROGRAM) sh tests/parallel-check.sh > $(LOGS)/parallel.log 2>&1; \
	  rc=$$?; cat $(LOGS)/parallel.log; exit $$rc
	@sh tests/readme-check.sh > $(LOGS)/readme.log 2>&1; rc=$$?; cat $(LOGS)/readme.log; exit $$rc
	@SUDOKU_BIN=$(PROGRAM) SHARED=$(SHARED_PUZZLES)/.. sh tests/digests-check.sh > $(LOGS)/digests.log 2>&1; \
	  rc=$$?; cat $(LOGS)/digests.log; exit $$rc
	@SUDOKU_BIN=$(PROGRAM) $(BUILD)/tests/book_check > $(LOGS)/book.log 2>&1; \
	  rc=$$?; cat $(LOGS)/book.log; exit $$rc
	@sh tests/layers.sh $(BUILD)/obj > $(LOGS)/layers.log 2>&1; rc=$$?; cat $(LOGS)/layers.log; exit $$rc
	@sh tests/catalogue-check.sh $(CATALOGUE_DOC) > $(LOGS)/catalogue.log 2>&1; \
	  rc=$$?; cat $(LOGS)/catalogue.log; exit $$rc
	@$(MAKE) --no-print-directory thread-check > $(LOGS)/threads.log 2>&1; \
	  rc=$$?; tail -n 1 $(LOGS)/threads.log; exit $$rc

# The end-to-end suites again, with the program under memcheck: an error
# or a definitely lost byte makes valgrind exit 99, which fails the test
# (tests/cli_harness.c), and its report is shown with the failure. Every
# test of every suite runs, each asserting all it asserts in the plain pass;
# the first run of the program in each test and every VALGRIND_EVERY-th
# after go under valgrind, the others run it directly (a valgrind start
# costs half a second of CPU, and the ASan + UBSan pass runs every one of
# them with the program built with the sanitizers). VALGRIND_EVERY=1: every
# run (some 12 minutes of CPU more).
VALGRIND = valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=definite \
  --errors-for-leak-kinds=definite
VALGRIND_EVERY ?= 12
test-valgrind:
	SUDOKU_WRAPPER="$(VALGRIND)" SUDOKU_WRAPPER_EVERY=$(VALGRIND_EVERY) $(MAKE) --no-print-directory \
	  test-run TEST_NAMES="$(E2E_TESTS)" LOGS=$(BUILD)/logs/valgrind

# The logic engine against Sudoku Explainer on all 509 rated puzzles (a
# minute; make check rates those up to 9.4) and against HoDoKu 2.2's 500
# paths (test_hodoku, also in make check: level, score, whole path, and
# the table by technique of HoDoKu's steps replayed), and its soundness on every
# puzzle of SHARED_PUZZLES but for every 24th of forum-hardest (2,000 of
# them; about an hour on two processes: LOGIC_SHARDS=N for N).
# soundness-hardest walks all 48,766 of forum-hardest alone (hours), or
# from line HARDEST_FROM on (a walk that was stopped, taken up again).
LOGIC_SHARDS ?= 2
SOUNDNESS_ENV = LOGIC_PATH_ALL=1
agreement: $(BUILD)/tests/test_logic_path $(BUILD)/tests/test_hodoku
	LOGIC_AGREEMENT_ALL=1 SHARED_PUZZLES=$(SHARED_PUZZLES) $(BUILD)/tests/test_logic_path
	$(BUILD)/tests/test_hodoku

soundness: $(BUILD)/tests/test_logic_path
	@failed=0; pids=; i=0; while [ $$i -lt $(LOGIC_SHARDS) ]; do \
	  $(SOUNDNESS_ENV) LOGIC_PATH_SHARD=$$i/$(LOGIC_SHARDS) SHARED_PUZZLES=$(SHARED_PUZZLES) \
	    $(BUILD)/tests/test_logic_path > $(BUILD)/soundness-$$i.log 2>&1 & pids="$$pids $$!"; \
	  i=$$((i + 1)); done; \
	for p in $$pids; do wait $$p || failed=1; done; \
	cat $(BUILD)/soundness-*.log | grep -E '^  [a-z0-9-]+\.txt:|stuck after|^paths:|FAIL|ERROR|error' ; \
	[ $$failed = 0 ] && echo "== soundness: every step sound" || { echo "== soundness FAILED (see $(BUILD)/soundness-*.log)"; exit 1; }

HARDEST_FROM ?= 1
soundness-hardest:
	$(MAKE) --no-print-directory soundness SOUNDNESS_ENV="LOGIC_PATH_ALL=1 \
	  LOGIC_PATH_ONLY=forum-hardest-11plus.txt LOGIC_PATH_HARDEST_STRIDE=1 \
	  LOGIC_PATH_FROM=$(HARDEST_FROM)"

# Where rate's time goes, by technique: an -O3 build that times each finder
# (thread CPU time, apart for the searches that found a step and those that
# found none; path.c's LOGIC_TIMES) rates TIMES_SET on one thread and prints
# the table (docs/logic.md's tables of where the time goes), e.g.
#   make technique-times TIMES_SET=../shared/puzzles/top1465.txt TIMES_ARGS="--scale hodoku"
TIMES_SET ?= $(SHARED_PUZZLES)/top1465.txt
TIMES_ARGS ?=
technique-times:
	$(MAKE) --no-print-directory BUILD=$(BUILD)/times CFLAGS="-O3" CPPFLAGS="-DLOGIC_TIMES" \
	  $(BUILD)/times/sudoku
	$(BUILD)/times/sudoku rate -j 1 $(TIMES_ARGS) $(TIMES_SET) > /dev/null

# The rating engine's steps against the reference's digests on the long
# sets (issue 31): all of top1465 and the first 2,000 of forum-hardest, in
# make check's build (about ten minutes on two cores).
digests-long: $(PROGRAM)
	SUDOKU_BIN=$(PROGRAM) SHARED=$(SHARED_PUZZLES)/.. sh tests/digests-check.sh tests/digests-long.txt

# The batch commands' threads under ThreadSanitizer (tests/thread-check.sh),
# in a build of their own; tests/tsan_threads.c puts C11 threads on POSIX
# threads there, where the sanitizer sees them.
TSAN_FLAGS = -O1 -g1 -fsanitize=thread -fno-omit-frame-pointer
thread-check: $(PROGRAM)
	@mkdir -p $(BUILD)/tsan
	$(CC) $(BASE_CFLAGS) $(TSAN_FLAGS) -c tests/tsan_threads.c -o $(BUILD)/tsan/tsan_threads.o
	$(MAKE) --no-print-directory BUILD=$(BUILD)/tsan CFLAGS="$(TSAN_FLAGS)" \
	  LDFLAGS="-fsanitize=thread $(BUILD)/tsan/tsan_threads.o" $(BUILD)/tsan/sudoku
	sh tests/thread-check.sh $(BUILD)/tsan/sudoku $(PROGRAM)

# Each finding fails; the few that are wrong are suppressed, with reasons, in
# tests/cppcheck.supp and .clang-tidy. Tests are checked by cppcheck and the
# sanitizers; clang-tidy's analyzer misreads cmocka's failure paths there.
CPPCHECK = cppcheck -q --std=c11 --enable=warning,style,performance,portability \
  --error-exitcode=1 --suppressions-list=tests/cppcheck.supp \
  -Iinclude -Isrc -Itests
# clang-tidy counts on stderr the warnings it suppresses ("23 warnings
# generated."): noise, left out; its findings and its status are kept.
# Its analyzer takes some six minutes of one core over all the files, the
# longest single job of make check: it runs on LINT_JOBS files at a time,
# each file's report kept apart and shown in the files' order.
# TIDY_NODES caps the paths the analyzer explores from each function (clang's
# max-nodes; its own default, 225,000, when empty). Nearly every function of
# the engine reaches the cap, so the analyzer's time is in proportion to it:
# make check runs lint with a ninth of it (CHECK_TIDY_NODES), under a minute
# of CPU instead of six; `make lint` and CI (.ci/run) run it whole.
LINT_JOBS ?= 2
TIDY_NODES ?=
CHECK_TIDY_NODES = 25000
TIDY_SRC = $(LIB_SRC) $(CLI_SRC) bench/bench.c bench/unsolvable.c bench/hint_latency.c bench/setter.c
TIDY_ARGS = $(BASE_CFLAGS) -Isrc $(if $(TIDY_NODES),-Xclang -analyzer-config -Xclang max-nodes=$(TIDY_NODES))
lint:
	$(CPPCHECK) src include tests bench
	@rm -rf $(BUILD)/clang-tidy; mkdir -p $(BUILD)/clang-tidy; \
	printf '%s\n' $(TIDY_SRC) | xargs -P $(LINT_JOBS) -I FILE sh -c \
	  'clang-tidy --quiet "$$1" -- $(TIDY_ARGS) > "$$2/$$(echo "$$1" | tr / _).log" 2>&1' \
	  sh FILE $(BUILD)/clang-tidy; rc=$$?; \
	for f in $(TIDY_SRC); do cat "$(BUILD)/clang-tidy/$$(echo "$$f" | tr / _).log"; done \
	  > $(BUILD)/clang-tidy.log; \
	grep -v -E '^[0-9]+ warnings? (and [0-9]+ errors? )?generated\.$$' $(BUILD)/clang-tidy.log; \
	[ $$rc = 0 ] && echo "lint: cppcheck and clang-tidy clean"; exit $$rc

BENCH_BUILDS ?= portable native
BENCH_RUNS ?= 5
BENCH_BUDGET ?= 15
BENCH_FORMAT ?= text
BENCH_RATE_HARDEST ?= 1000
BENCH_GENERATE ?= 10000
BENCH_SETTER ?= 1
BENCH_HODOKU ?= 1
BENCH_FLAGS_portable = -O3
BENCH_FLAGS_native = -O3 -march=native
BENCH_DIR = $(BUILD)/bench/$(BENCH_BUILD)
BENCH_BUILD_CFLAGS = $(strip $(BENCH_FLAGS_$(BENCH_BUILD)) $(BENCH_CFLAGS))
TDOKU ?= ../shared/reference/tdoku
BENCH_UNSOLVABLE ?= 10000
BENCH_PICTURES ?= 10000
BENCH_HINT_HARDEST ?= 200
BENCH_UNITS_SAMPLE ?= 400

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
	  $(BENCH_DIR)/sudoku $(BENCH_DIR)/sudoku-bench $(BENCH_DIR)/sudoku-unsolvable \
	  $(BENCH_DIR)/sudoku-hint-latency $(BENCH_DIR)/sudoku-setter-bench $(BENCH_DIR)/sudoku-budget >&2
	@BENCH_RUNS="$(BENCH_RUNS)" BENCH_BUDGET="$(BENCH_BUDGET)" BENCH_FORMAT="$(BENCH_FORMAT)" \
	  BENCH_UNITS_SAMPLE="$(BENCH_UNITS_SAMPLE)" \
	  BENCH_RATE_HARDEST="$(BENCH_RATE_HARDEST)" BENCH_GENERATE="$(BENCH_GENERATE)" \
	  BENCH_UNSOLVABLE="$(BENCH_UNSOLVABLE)" BENCH_PICTURES="$(BENCH_PICTURES)" TDOKU="$(TDOKU)" \
	  BENCH_HINT_HARDEST="$(BENCH_HINT_HARDEST)" BENCH_SETTER="$(BENCH_SETTER)" \
	  BENCH_HODOKU="$(BENCH_HODOKU)" \
	  UNSOLVABLE_FAMILY="$(BUILD)/bench/unsolvable-$(BENCH_UNSOLVABLE).txt" \
	  sh bench/run.sh $(BENCH_DIR) "$(CC)" "$(BASE_CFLAGS) $(BENCH_BUILD_CFLAGS)" $(SHARED_PUZZLES)

# The in-process bench program: the public interface only, like any user.
$(BENCH_PROGRAM): bench/bench.c include/sudoku.h $(LIB)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $< $(LIB) -o $@

# The game's hint latency (bench/hint_latency.c): the game's own objects.
$(HINT_LATENCY_PROGRAM): bench/hint_latency.c include/sudoku.h $(LIB) $(BUILD)/obj/cli/play/game.o \
  $(BUILD)/obj/cli/play/hint.o
	$(CC) $(ALL_CFLAGS) -Isrc $(LDFLAGS) $< $(BUILD)/obj/cli/play/game.o $(BUILD)/obj/cli/play/hint.o \
	  $(LIB) -pthread -o $@

# The targets of issue 28 (patterns, techniques, few clues, vicinity), timed
# on the command by its CPU time.
$(SETTER_PROGRAM): bench/setter.c
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $< -o $@

# The family of few-clue puzzles without a solution that make bench times.
$(UNSOLVABLE_PROGRAM): bench/unsolvable.c include/sudoku.h $(LIB)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $< $(LIB) -o $@

# How well --budget tracks time: the time a unit of work takes, by kind of input.
$(BUDGET_PROGRAM): bench/budget.c include/sudoku.h $(LIB)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $< $(LIB) -o $@

# make fuzz: three libFuzzer targets, one after the other (two at once would
# share the two cores). Each starts from its working corpus in
# $(FUZZ_DIR)/TARGET/corpus (the first directory, where libFuzzer adds what
# it finds), then the committed seeds, regressions and puzzles/ (read only).
# Lines longer than SUDOKU_LINE_MAX are left to the replay test: inputs that
# size would slow the fuzzer down several times over.
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_DIR = $(BUILD)/fuzz
FUZZ_TARGETS = fuzz_parse fuzz_solve fuzz_logic
FUZZ_FLAGS = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
# -timeout: a hang, not a hard puzzle. Norvig's "impossible" puzzle
# (tests/test_hostile.c) once took about 4 s per search in the fuzz build, and
# fuzz_solve searches twice; the slowest refutation known now (bench/versus.sh
# shows it) takes milliseconds.
FUZZ_OPTIONS = -max_total_time=$(FUZZ_SECONDS) -timeout=30 -rss_limit_mb=2048 -print_final_stats=1
FUZZ_MAX_LEN_fuzz_parse = 8192
FUZZ_MAX_LEN_fuzz_solve = 4096
FUZZ_MAX_LEN_fuzz_logic = 4096
FUZZ_SEEDS = tests/fuzz/corpus tests/fuzz/regressions puzzles
FUZZ_LOG = $(FUZZ_DIR)/$(FUZZ_TARGET)/log

$(FUZZ_DIR)/bin/%: tests/%.c tests/fuzz.h tests/checker.c tests/checker.h $(LIB_SRC) $(LIB_HDR) include/sudoku.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(BASE_CFLAGS) -Isrc -Itests $(FUZZ_FLAGS) $< tests/checker.c $(LIB_SRC) -o $@

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

# Installed documentation: the rules of input, scale-out, the logic engine.
DOCS = README.md docs/input-formats.md docs/scale-out.md docs/logic.md docs/python.md docs/generate.md docs/canon.md \
       docs/pictures.md docs/play.md

# sudoku.pc's Libs: a run path to LIBDIR when the dynamic linker does not
# search it (a PREFIX of one's own), so that a program built with
# `pkg-config --libs sudoku` finds libsudoku.so.0 without LD_LIBRARY_PATH;
# none for the system's directories, where Debian forbids one
# (docs/packaging.md).
SYSTEM_LIBDIRS = /lib /lib64 /usr/lib /usr/lib64 /usr/local/lib /usr/local/lib64
comma := ,
system_libdir = $(or $(filter $(SYSTEM_LIBDIRS),$(1)),$(if $(filter /usr/lib/% /lib/%,$(1)),$(findstring -linux-,$(1))))
PC_RPATH = $(if $(call system_libdir,$(LIBDIR)),,-Wl$(comma)-rpath$(comma)$${libdir} )
# The same for the Python package: where it loads the library from.
PY_LIBDIR = $(if $(call system_libdir,$(LIBDIR)),None,"$(LIBDIR)")

# The man page names the documentation where it is installed; sudoku.pc
# names the directories of this install.
install: $(PROGRAM) $(LIB) shared
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) \
	  $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(DOCDIR)
	install -m 755 $(PROGRAM) $(DESTDIR)$(BINDIR)/sudoku
	install -m 644 $(LIB) $(DESTDIR)$(LIBDIR)/libsudoku.a
	install -m 644 $(SHLIB) $(DESTDIR)$(LIBDIR)/$(notdir $(SHLIB))
	ln -sf $(notdir $(SHLIB)) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libsudoku.so
	install -m 644 include/sudoku.h $(DESTDIR)$(INCLUDEDIR)/sudoku.h
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' \
	  -e 's|@VERSION@|$(VERSION)|' -e 's|@RPATH@|$(PC_RPATH)|' sudoku.pc.in \
	  > $(DESTDIR)$(PKGCONFIGDIR)/sudoku.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/sudoku.pc
	sed 's|/usr/local/share/doc/sudoku|$(DOCDIR)|g' docs/sudoku.1 > $(DESTDIR)$(MANDIR)/man1/sudoku.1
	chmod 644 $(DESTDIR)$(MANDIR)/man1/sudoku.1
	for c in $(COMMANDS); do ln -sf sudoku.1 $(DESTDIR)$(MANDIR)/man1/sudoku-$$c.1; done
	install -m 644 $(DOCS) $(DESTDIR)$(DOCDIR)
	@if [ -n "$(PYTHONDIR)" ]; then \
	  echo "install python/sudoku in $(DESTDIR)$(PYTHONDIR)"; \
	  install -d $(DESTDIR)$(PYTHONDIR)/sudoku && \
	  install -m 644 python/sudoku/__init__.py $(DESTDIR)$(PYTHONDIR)/sudoku/__init__.py && \
	  printf '%s\n' '"""Where make install put libsudoku: None for a directory the dynamic' \
	    'linker searches (the package loads its soname), else the directory."""' \
	    'LIBDIR = $(PY_LIBDIR)' > $(DESTDIR)$(PYTHONDIR)/sudoku/_installed.py && \
	  chmod 644 $(DESTDIR)$(PYTHONDIR)/sudoku/_installed.py; \
	else echo "make install: $(PYTHON) is absent: the Python package is not installed"; fi

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/sudoku $(DESTDIR)$(LIBDIR)/libsudoku.a \
	  $(DESTDIR)$(LIBDIR)/$(notdir $(SHLIB)) $(DESTDIR)$(LIBDIR)/$(SONAME) \
	  $(DESTDIR)$(LIBDIR)/libsudoku.so $(DESTDIR)$(INCLUDEDIR)/sudoku.h \
	  $(DESTDIR)$(PKGCONFIGDIR)/sudoku.pc $(DESTDIR)$(MANDIR)/man1/sudoku.1 \
	  $(COMMANDS:%=$(DESTDIR)$(MANDIR)/man1/sudoku-%.1) $(addprefix $(DESTDIR)$(DOCDIR)/,$(notdir $(DOCS)))
	rmdir $(DESTDIR)$(DOCDIR) 2>/dev/null || true
	if [ -n "$(PYTHONDIR)" ]; then \
	  rm -f $(DESTDIR)$(PYTHONDIR)/sudoku/__init__.py $(DESTDIR)$(PYTHONDIR)/sudoku/_installed.py; \
	  rm -rf $(DESTDIR)$(PYTHONDIR)/sudoku/__pycache__; \
	  rmdir $(DESTDIR)$(PYTHONDIR)/sudoku 2>/dev/null || true; fi

# Debian packages (docs/packaging.md): dpkg-buildpackage writes its products
# beside the source tree, so it builds a copy in $(DEB_DIR)/src, and the
# .deb files land in $(DEB_DIR). lintian checks them when it is installed.
DEB_DIR = $(BUILD)/deb
deb:
	rm -rf $(DEB_DIR)
	mkdir -p $(DEB_DIR)/src
	tar --exclude=./build --exclude=./.git --exclude=__pycache__ -cf - . | tar -C $(DEB_DIR)/src -xf -
	cd $(DEB_DIR)/src && dpkg-buildpackage -us -uc -b
	@if command -v lintian >/dev/null 2>&1; then \
	  lintian --fail-on error $(DEB_DIR)/*.changes && echo "deb: lintian reports no errors"; \
	else echo "deb: lintian is absent: packages not checked"; fi
	CC="$(CC)" sh tests/deb-check.sh $(DEB_DIR)
	@ls $(DEB_DIR)/*.deb

format:
	clang-format -i include/*.h $(LIB_SRC) $(LIB_HDR) src/cli/*.c src/cli/*.h tests/*.c tests/*.h bench/*.c

clean:
	rm -rf $(BUILD)
