# sudoku: library, command, tests and benchmarks. See README.md.
#
#   make              build build/libsudoku.a and build/sudoku
#   make run          solve the bundled puzzles in puzzles/ and show the grids
#   make check        unit and end-to-end tests, then again under ASan + UBSan
#   make bench        in-process and whole-process speed on ../shared/puzzles
#   make install      PREFIX=/usr/local, DESTDIR= honoured
#   make fuzz         libFuzzer on the parser, reader and solver (clang; FUZZ_SECONDS=60)
#
# CC, CFLAGS, LDFLAGS can be overridden; the flags the build needs are kept apart.

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

LIB_SRC = src/parse.c src/propagate.c src/search.c src/print.c src/tables.c
CLI_SRC = src/main.c src/cli_input.c src/cli_output.c src/cli_batch.c
TEST_NAMES = test_tables test_parse test_reader test_propagate test_search test_print \
             test_cli test_datasets

LIB_OBJ = $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o)
CLI_OBJ = $(CLI_SRC:src/%.c=$(BUILD)/obj/%.o)
TEST_BINS = $(TEST_NAMES:%=$(BUILD)/tests/%)
LIB = $(BUILD)/libsudoku.a
PROGRAM = $(BUILD)/sudoku

.PHONY: all run check test-run cmocka bench fuzz install uninstall clean format
.DELETE_ON_ERROR:

all: $(PROGRAM)

$(BUILD)/obj/%.o: src/%.c include/sudoku.h src/internal.h src/cli.h
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
	$(CC) $(ALL_CFLAGS) -Isrc -Itests $(LDFLAGS) $< $(TEST_SUPPORT) $(LIB) $(CMOCKA_LIBS) -pthread -o $@

run: $(PROGRAM)
	$(PROGRAM) solve --format grid puzzles/seeds.txt

cmocka:
	@CC="$(CC)" sh tests/need-cmocka.sh

# Runs every test binary from the project root; a failing one fails the run
# only after the others have run, so one report shows everything.
test-run: $(PROGRAM) $(TEST_BINS)
	@failed=0; for t in $(TEST_BINS); do \
	  echo "== $$t"; \
	  SUDOKU_BIN=$(PROGRAM) SHARED_PUZZLES=$(SHARED_PUZZLES) $$t || failed=1; \
	done; \
	[ $$failed = 0 ] && echo "== all tests passed ($(BUILD))" || { echo "== some tests FAILED ($(BUILD))"; exit 1; }

check: cmocka
	$(MAKE) --no-print-directory test-run
	MAKE="$(MAKE)" CC="$(CC)" sh tests/install-check.sh
	$(MAKE) --no-print-directory test-run BUILD=$(BUILD)/sanitize \
	  CFLAGS="$(SANITIZE_FLAGS)" LDFLAGS="-fsanitize=address,undefined"

bench: $(BUILD)/bench/bench $(BUILD)/bench/sudoku
	sh bench/run.sh $(BUILD)/bench $(SHARED_PUZZLES)

$(BUILD)/bench/bench: bench/bench.c $(LIB_SRC) src/internal.h include/sudoku.h
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) -O3 $(BENCH_CFLAGS) $< $(LIB_SRC) -o $@

$(BUILD)/bench/sudoku: $(LIB_SRC) $(CLI_SRC) src/internal.h src/cli.h include/sudoku.h
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) -O3 $(BENCH_CFLAGS) $(LIB_SRC) $(CLI_SRC) -pthread -o $@

FUZZ_SECONDS ?= 60

fuzz: tests/fuzz_input.c $(LIB_SRC) src/internal.h include/sudoku.h
	@mkdir -p $(BUILD)/fuzz/corpus
	clang $(BASE_CFLAGS) -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	  tests/fuzz_input.c $(LIB_SRC) -o $(BUILD)/fuzz/fuzz_input
	cp puzzles/*.txt $(BUILD)/fuzz/corpus/
	$(BUILD)/fuzz/fuzz_input -max_total_time=$(FUZZ_SECONDS) -timeout=5 -max_len=4096 \
	  $(BUILD)/fuzz/corpus

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
	clang-format -i include/*.h src/*.c src/*.h tests/*.c tests/*.h bench/*.c

clean:
	rm -rf $(BUILD)
