/*
 * cmd_canon.c: `sudoku canon`: the canonical (minlex) form of each puzzle
 * or solution grid, through the library (on any thread); with --dedupe,
 * each class of equivalent puzzles written once, at its first puzzle, the
 * forms seen so far kept in a hash table on the main thread.
 */
#include "forms.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEXT_OF(x) #x
#define NUMBER_TEXT(x) TEXT_OF(x)

/* A canonical form kept by --dedupe: two cells a byte. */
#define FORM_BYTES ((SUDOKU_CELLS + 1) / 2)

/* The table's first size, in slots (a power of two). */
#define SEEN_START 1024

/* The forms --dedupe has written: the forms in order of arrival, and an
 * open-addressing table of their indices (plus one; 0 is an empty slot),
 * doubled whenever it is half full. */
typedef struct seen_set {
    uint8_t (*forms)[FORM_BYTES];
    uint32_t *slots;
    size_t count, room; /* forms kept, and room for */
    size_t size;        /* slots, a power of two */
} seen_set;

typedef struct canon_options {
    bool dedupe;
    seen_set *seen;      /* --dedupe's table, written by the report only */
    forms_output *output;
} canon_options;

static const char help_text[] =
    "Usage: sudoku canon [OPTION]... [PUZZLE | FILE | -]...\n"
    "\n"
    "Writes the canonical (minlex) form of each puzzle or solution grid: of all\n"
    "the puzzles equivalent to it (digits relabelled, rows permuted within\n"
    "bands, bands permuted, the same for columns and stacks, and transposed),\n"
    "the one whose 81 cells, read as digits with blanks as 0, are the smallest.\n"
    "Blanks sort first, as on the puzzle forums; they are written '.'. Two\n"
    "puzzles are equivalent exactly when their canonical forms are the same.\n"
    "A PUZZLE argument is 81 cells in any layout; another argument names a file\n"
    "of puzzles; '-', or no argument, reads standard input.\n"
    "\n"
    "Options:\n"
    "  --format=FORMAT     line (the default): the canonical form on one line;\n"
    "                      grid: the same as a grid; json: one object per puzzle\n"
    "                      per line, with the form (\"canon\"), the transformation\n"
    "                      that maps the puzzle to it (\"transform\", as 'sudoku\n"
    "                      transform' takes it) and the number of automorphisms\n"
    "  --dedupe            write each class of equivalent puzzles once, at its\n"
    "                      first puzzle, in input order; later ones are left out\n"
    "                      (memory: up to 100 bytes per class written)\n"
    "  --stats             print a summary on stderr at the end\n"
    "  -j, --jobs=N        work on N threads (default 1; 0: one per processor;\n"
    "                      at most " NUMBER_TEXT(
        CLI_MAX_JOBS) "); the output is the same as with one,\n"
                      "                      in input order\n"
                      "  --first-line=N      number the lines read from N (a chunk of a larger\n"
                      "                      input: docs/scale-out.md)\n"
                      "  -h, --help          show this help and exit\n"
                      "  -V, --version       show the version and exit\n"
                      "\n"
                      "A record that is not a puzzle (or gives candidates, which have no\n"
                      "canonical form here) gets the line 'invalid' and a diagnostic on stderr.\n"
                      "\n"
                      "Exit status:\n"
                      "  0  every puzzle was put in canonical form\n"
                      "  2  usage error, malformed puzzle, candidates, unreadable input or\n"
                      "     unwritable output\n"
                      "\n"
                      "Method, conventions and speed: docs/canon.md; the manual: man sudoku.\n";

static const cli_format_name formats[] = {
    {"line", FORMAT_LINE}, {"grid", FORMAT_GRID}, {"json", FORMAT_JSON}, {"svg", FORMAT_SVG},
    {NULL, FORMAT_AUTO}};

enum { KEY_DEDUPE = 256 };

static const cli_option options[] = {{"dedupe", false, KEY_DEDUPE}, {NULL, false, 0}};

static int take_option(void *options_, int key, const char *value)
{
    canon_options *opt = options_;
    (void)value;
    if (key == KEY_DEDUPE) opt->dedupe = true;
    return 0;
}

/* ---- --dedupe's table ---- */

static void pack_form(const sudoku_grid *grid, uint8_t form[FORM_BYTES])
{
    memset(form, 0, FORM_BYTES);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        form[cell / 2] |= (uint8_t)(grid->cell[cell] << (cell % 2 ? 4 : 0));
}

/* FNV-1a: the forms differ in their first bytes as often as their last. */
static size_t hash_form(const uint8_t form[FORM_BYTES])
{
    uint64_t h = 14695981039346656037u;
    for (int i = 0; i < FORM_BYTES; i++) h = (h ^ form[i]) * 1099511628211u;
    return (size_t)(h ^ (h >> 32));
}

/* The slot that holds form, or the empty one where it would go. */
static size_t find_slot(const seen_set *set, const uint8_t form[FORM_BYTES])
{
    size_t mask = set->size - 1, at = hash_form(form) & mask;
    while (set->slots[at] && memcmp(set->forms[set->slots[at] - 1], form, FORM_BYTES) != 0)
        at = (at + 1) & mask;
    return at;
}

/* Doubles the table (or makes it) and puts the forms back. */
static bool grow_slots(seen_set *set)
{
    size_t size = set->size ? 2 * set->size : SEEN_START;
    uint32_t *slots = calloc(size, sizeof *slots);
    if (!slots) return false;
    free(set->slots);
    set->slots = slots;
    set->size = size;
    for (size_t i = 0; i < set->count; i++) set->slots[find_slot(set, set->forms[i])] = (uint32_t)(i + 1);
    return true;
}

/* Adds grid's form unless it is there; *fresh says which. Returns false if
 * memory (or the table's 4 billion forms) runs out. */
static bool seen_add(seen_set *set, const sudoku_grid *grid, bool *fresh)
{
    uint8_t form[FORM_BYTES];
    pack_form(grid, form);
    if (2 * (set->count + 1) > set->size && !grow_slots(set)) return false;
    size_t at = find_slot(set, form);
    *fresh = set->slots[at] == 0;
    if (!*fresh) return true;
    if (set->count == set->room) {
        size_t room = set->room ? 2 * set->room : SEEN_START;
        void *forms = room < UINT32_MAX ? realloc(set->forms, room * FORM_BYTES) : NULL;
        if (!forms) return false;
        set->forms = forms;
        set->room = room;
    }
    memcpy(set->forms[set->count++], form, FORM_BYTES);
    set->slots[at] = (uint32_t)set->count;
    return true;
}

/* ---- the work and the report ---- */

static void canon_work(const cli_run *run, cli_job *base)
{
    forms_job *job = (forms_job *)base;
    const sudoku_record *record = &base->record;
    (void)run;
    job->done = false;
    job->refusal = NULL;
    if (!record->ok) return;
    if (record->pencilmarks) {
        job->refusal = "canon takes puzzles given by their cells, not candidates (pencilmarks)";
        return;
    }
    job->done = sudoku_canon(&record->grid, &job->grid, &job->how, &job->automorphisms);
    if (!job->done) job->refusal = "not a grid canon takes"; /* the reader lets none through */
}

static void canon_report(cli_run *run, cli_job *base)
{
    const canon_options *opt = run->options;
    forms_job *job = (forms_job *)base;
    if (job->done && opt->dedupe) {
        bool fresh;
        if (!seen_add(opt->seen, &job->grid, &fresh)) {
            cli_raise_status(run, EXIT_BAD_INPUT);
            cli_record_error(base, base->record.line,
                             "out of memory: --dedupe cannot tell whether this is new");
        } else if (!fresh) {
            run->totals.duplicates++;
            return;
        }
    }
    forms_report(run, job, opt->output);
}

static void canon_stats(const cli_run *run, double seconds)
{
    const canon_options *opt = run->options;
    char more[64] = "";
    if (opt->dedupe)
        snprintf(more, sizeof more, ", %lu duplicates left out", run->totals.duplicates);
    forms_stats(run, seconds, "in canonical form", more);
}

static const cli_command canon_command = {
    .name = "canon",
    .help = help_text,
    .formats = formats,
    .options = options,
    .option = take_option,
    .check = NULL,
    .job_size = sizeof(forms_job),
    .batch_records = FORMS_BATCH,
    .work = canon_work,
    .report = canon_report,
    .stats = canon_stats,
};

int cli_canon(int argc, char **argv)
{
    cli_common common = {.format = FORMAT_LINE, .jobs = 1};
    seen_set seen = {0};
    forms_output output = {.result_name = "canon", .automorphisms = true};
    canon_options opt = {.seen = &seen, .output = &output};
    int operands;
    int rc = cli_parse_options(&canon_command, argc, argv, &common, &opt, &operands);
    if (rc < 0) rc = cli_run_command(&canon_command, &common, &opt, operands, argv + 1);
    free(seen.forms);
    free(seen.slots);
    cli_text_free(&output.text);
    return rc;
}
