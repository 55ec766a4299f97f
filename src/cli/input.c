/*
 * input.c: where records come from. An argument is a puzzle (its cells or
 * its candidates), "-" or a file; a file or standard input is streamed through
 * the library's record reader in large blocks, with memory that does not
 * grow with the input. A small file whose lines make no good record, but
 * whose whole text is a puzzle, is that one puzzle, as the same text given
 * as an argument would be.
 *
 * Lines are handed to the reader straight from the block when they fit in
 * it; only a line that straddles two blocks is copied. A line longer than
 * SUDOKU_LINE_MAX is skipped and reported as a bad record of its own.
 * A line ends at "\n", "\r\n" or a lone "\r" (old Mac files), as the
 * library's parser has it.
 * Blocks are read with read(2), which returns what is there (a line typed
 * on a terminal) instead of waiting for a whole block as fread does.
 * A stream that starts with a UTF-16 byte order mark (what Windows Notepad
 * saves as "Unicode") is read as the UTF-8 text it stands for.
 */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define BLOCK_SIZE (1 << 16) /* large enough that reads cost little per puzzle */

/* A stream's encoding, told by its first two bytes: UTF-16 text, little
 * or big-endian after its byte order mark, is turned into UTF-8 block by
 * block; a unit or a pair cut by a block's end waits for the next. */
typedef enum encoding { UNDECIDED, UTF8, UTF16_LE, UTF16_BE } encoding;

typedef struct utf16_state {
    encoding order;
    unsigned char held[2]; /* bytes not yet decoded: the start of a stream or of a unit */
    size_t nheld;
    unsigned high; /* a high surrogate waiting for its low one, 0 if none */
    char *text;    /* the UTF-8 of the last block (UTF-16 streams only) */
} utf16_state;

typedef struct stream {
    cli_run *run;
    cli_source source;
    sudoku_reader reader;
    char *pending; /* the start of a line cut by the end of a block */
    size_t pending_len;
    bool too_long; /* the current line has outgrown SUDOKU_LINE_MAX */
    bool after_cr; /* the last block ended with a CR: a LF starting the next is its pair */
    cli_binary binary; /* set in source once a line holds a NUL */
    utf16_state utf16;
} stream;

/* Room for the UTF-8 of a block of UTF-16: three bytes for each unit of
 * two, and the bytes held from before. */
#define UTF16_TEXT_SIZE (BLOCK_SIZE / 2 * 3 + 16)

/* Appends code point cp as UTF-8 to out; returns its length. */
static size_t put_utf8(char *out, unsigned cp)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | cp >> 6);
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | cp >> 12);
        out[1] = (char)(0x80 | (cp >> 6 & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | cp >> 18);
    out[1] = (char)(0x80 | (cp >> 12 & 0x3F));
    out[2] = (char)(0x80 | (cp >> 6 & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Decodes one UTF-16 unit into out; returns the bytes written. A
 * surrogate without its pair is U+FFFD, which the reader names. */
static size_t decode_unit(utf16_state *u, unsigned unit, char *out)
{
    size_t n = 0;
    if (unit >= 0xDC00 && unit <= 0xDFFF && u->high) {
        n = put_utf8(out, 0x10000 + ((u->high - 0xD800) << 10) + (unit - 0xDC00));
        u->high = 0;
        return n;
    }
    if (u->high) n = put_utf8(out, 0xFFFD); /* a high surrogate alone */
    u->high = 0;
    if (unit >= 0xD800 && unit <= 0xDBFF)
        u->high = unit;
    else
        n += put_utf8(out + n, unit >= 0xDC00 && unit <= 0xDFFF ? 0xFFFD : unit);
    return n;
}

/* Tells a stream's encoding from its first two bytes, held in u (i of
 * them from block); returns false while one byte only says nothing yet. */
static bool decide(utf16_state *u, const unsigned char *in, size_t size, bool last, size_t *i)
{
    while (u->nheld < 2 && *i < size) u->held[u->nheld++] = in[(*i)++];
    bool maybe_mark = u->nheld == 1 && (u->held[0] == 0xFF || u->held[0] == 0xFE);
    if ((u->nheld == 0 || maybe_mark) && !last) return false;
    bool le = u->nheld == 2 && u->held[0] == 0xFF && u->held[1] == 0xFE;
    bool be = u->nheld == 2 && u->held[0] == 0xFE && u->held[1] == 0xFF;
    u->order = le ? UTF16_LE : be ? UTF16_BE : UTF8;
    return true;
}

/* The text of block as the reader takes it: the block itself, or its
 * UTF-8 when the stream is UTF-16 (its byte order mark left out); *len is
 * its length. last ends the stream: what was held is decoded (a byte or
 * a surrogate alone is U+FFFD). NULL if memory is short. */
static const char *decode(utf16_state *u, const char *block, size_t size, bool last,
                          size_t *len)
{
    const unsigned char *in = (const unsigned char *)block;
    size_t i = 0, n = 0;
    *len = 0;
    if (u->order == UNDECIDED) {
        size_t earlier = u->nheld; /* held from an earlier block: one byte at most */
        if (!decide(u, in, size, last, &i)) return block;
        if (u->order == UTF8 && earlier == 0) {
            u->nheld = 0;
            *len = size;
            return block;
        }
        if (!u->text && !(u->text = malloc(UTF16_TEXT_SIZE))) return NULL;
        if (u->order == UTF8) { /* the byte held back goes first */
            u->text[0] = (char)u->held[0];
            memcpy(u->text + 1, block, size);
            u->nheld = 0;
            *len = size + 1;
            return u->text;
        }
        u->nheld = 0; /* the byte order mark: not text */
    }
    if (u->order == UTF8) {
        *len = size;
        return block;
    }
    for (; i < size; i++) {
        u->held[u->nheld++] = in[i];
        if (u->nheld < 2) continue;
        unsigned unit = u->order == UTF16_LE ? (unsigned)(u->held[0] | u->held[1] << 8)
                                             : (unsigned)(u->held[0] << 8 | u->held[1]);
        u->nheld = 0;
        n += decode_unit(u, unit, u->text + n);
    }
    if (last && (u->nheld || u->high)) {
        n += put_utf8(u->text + n, 0xFFFD);
        u->nheld = 0;
        u->high = 0;
    }
    *len = n;
    return u->text;
}

static void handle_records(stream *s, const sudoku_record *records, int n)
{
    for (int i = 0; i < n; i++) cli_handle_record(s->run, &records[i], &s->source);
}

static void feed_line(stream *s, const char *line, size_t len)
{
    /* cleared: the fields a reader leaves alone (pencilmarks) read as unset */
    sudoku_record records[2] = {0};
    if (!s->source.binary && line && memchr(line, '\0', len)) {
        s->binary.line = s->reader.line + 1;
        s->source.binary = &s->binary;
    }
    int n = s->too_long ? sudoku_reader_skip_line(&s->reader, records)
                        : sudoku_reader_line(&s->reader, line, len, records);
    handle_records(s, records, n);
    s->too_long = false;
    s->pending_len = 0;
}

/* Keeps the unfinished end of a block for the next one. */
static void keep_pending(stream *s, const char *part, size_t len)
{
    if (s->too_long) return;
    if (s->pending_len + len > SUDOKU_LINE_MAX) {
        s->too_long = true;
        return;
    }
    memcpy(s->pending + s->pending_len, part, len);
    s->pending_len += len;
}

/* Feeds the line p[0..len) that a line end closed. */
static void feed_ended_line(stream *s, const char *p, size_t len)
{
    if (s->pending_len || s->too_long) {
        keep_pending(s, p, len);
        feed_line(s, s->pending, s->pending_len);
    } else if (len > SUDOKU_LINE_MAX) {
        s->too_long = true;
        feed_line(s, NULL, 0);
    } else {
        feed_line(s, p, len);
    }
}

static void feed_block(stream *s, const char *block, size_t size)
{
    const char *p = block, *end = block + size;
    const char *lf = NULL; /* the first '\n' at or after p, or end: found once for all the
                              lines before it, so that a file of lone CRs stays linear */
    if (s->after_cr && p < end && *p == '\n') p++;
    s->after_cr = false;
    while (p < end) {
        if (!lf || lf < p) {
            lf = memchr(p, '\n', (size_t)(end - p));
            if (!lf) lf = end;
        }
        const char *cr = memchr(p, '\r', (size_t)(lf - p));
        const char *stop = cr ? cr : lf;
        if (stop == end) {
            keep_pending(s, p, (size_t)(end - p));
            return;
        }
        feed_ended_line(s, p, (size_t)(stop - p));
        p = stop + 1;
        if (cr && p < end && *p == '\n') p++; /* CRLF */
        if (cr && p == end) s->after_cr = true;
    }
}

/* Reads up to BLOCK_SIZE bytes, waiting as long as it takes. Returns how
 * many, 0 at the end, -1 on error. Before waiting for input that is not
 * there yet, reports the records read so far: someone typing puzzles gets
 * each answer as soon as its line is complete, and a program feeding
 * puzzles one by one through a pipe gets its answers without a deadlock. */
static ssize_t read_block(cli_run *run, int fd, char *block)
{
    struct pollfd ready = {.fd = fd, .events = POLLIN};
    if (poll(&ready, 1, 0) == 0) {
        cli_flush_records(run);
        if (run->write_errno) return 0;
    }
    for (;;) {
        ssize_t got = read(fd, block, BLOCK_SIZE);
        if (got >= 0) return got;
        if (errno == EAGAIN || errno == EWOULDBLOCK)
            poll(&ready, 1, -1); /* a descriptor left non-blocking by whoever opened it */
        else if (errno != EINTR)
            return -1;
    }
}

/* A stream read to its end without a record is likely the wrong file. */
static void warn_no_puzzles(const char *source, long lines)
{
    if (lines == 0)
        cli_error("%s: warning: no puzzles found (the input is empty)", source);
    else
        cli_error("%s: warning: no puzzles found in %ld line%s", source, lines,
                  lines == 1 ? "" : "s");
}

/* True if text looks like a candidate grid: most of its 81 cells are
 * groups of digits alone between spaces, and one group at least holds two
 * candidates or more, rising. A grid with spaces for blanks has a group a
 * clue at most; an 81-character line, a few groups with blanks in them. */
static bool looks_like_candidate_grid(const char *text, size_t length)
{
    size_t i = 0, groups = 0;
    bool several = false;
    while (i < length) {
        size_t start = i;
        bool rising = true;
        while (i < length && text[i] >= '1' && text[i] <= '9') {
            rising = rising && (i == start || text[i] > text[i - 1]);
            i++;
        }
        bool alone = (start == 0 || isspace((unsigned char)text[start - 1])) &&
                     (i == length || isspace((unsigned char)text[i]));
        if (i > start && alone) {
            groups++;
            several = several || (i - start >= 2 && rising);
        }
        if (i == start) i++;
    }
    return several && groups >= SUDOKU_CELLS * 2 / 3;
}

/* The record of text's candidates; false with *err if they do not read. */
static bool read_candidates(const char *text, size_t length, sudoku_record *record,
                            sudoku_error *err)
{
    if (!sudoku_parse_candidates(text, length, &record->board, err)) return false;
    record->pencilmarks = true;
    sudoku_board_to_grid(&record->board, &record->grid);
    return true;
}

/* The length of the line at p (the text ends at end) without its line end
 * ("\n", "\r\n" or "\r"); *next is where the next line starts. */
static size_t line_at(const char *p, const char *end, const char **next)
{
    const char *stop = p;
    while (stop < end && *stop != '\n' && *stop != '\r') stop++;
    *next = stop + (stop < end) + (stop + 1 < end && stop[0] == '\r' && stop[1] == '\n');
    return (size_t)(stop - p);
}

/* Reads the lines of text as a stream: returns the number of records they
 * make, *first the first of them, *good whether any is a good one. */
static int read_lines(const char *text, size_t length, sudoku_record *first, bool *good)
{
    sudoku_reader reader;
    sudoku_record out[2] = {0};
    int records = 0;
    *good = false;
    sudoku_reader_init(&reader);
    for (const char *p = text, *end = text + length, *next; p < end; p = next) {
        size_t n = line_at(p, end, &next);
        int made = n > SUDOKU_LINE_MAX ? sudoku_reader_skip_line(&reader, out)
                                       : sudoku_reader_line(&reader, p, n, out);
        for (int k = 0; k < made; k++, records++) {
            if (records == 0) *first = out[k];
            *good = *good || out[k].ok;
        }
    }
    if (sudoku_reader_finish(&reader, &out[0])) {
        if (records++ == 0) *first = out[0];
        *good = *good || out[0].ok;
    }
    return records;
}

/* True if the lines of text, read as a stream, make one record exactly,
 * of candidates (a candidate grid in a layout of the reader's, such as a
 * forum's framed one): then record is it, as in a file. */
static bool stream_candidates(const char *text, size_t length, sudoku_record *record)
{
    sudoku_record found = {0};
    bool good;
    if (read_lines(text, length, &found, &good) != 1 || !found.ok || !found.pencilmarks)
        return false;
    *record = found;
    record->line = 1;
    return true;
}

/* Reads text as an argument is read: its candidates if it looks like a
 * candidate grid (a player's state: its cells alone, the single
 * candidates, would lose the eliminations made) or the reader finds one in
 * it as it would in a file, else its cells, or else its candidates (the
 * 729-character line). When nothing reads, the error
 * kept is the one about cells, which most texts are meant as, unless the
 * text was meant as candidates: it looks like a candidate grid, or holds
 * more cells than halfway to the 729 of candidates (a few puzzles pasted
 * into one argument are told they hold too many cells). */
static bool parse_text(const char *text, size_t length, sudoku_record *record)
{
    bool candidate_grid = looks_like_candidate_grid(text, length);
    sudoku_error candidates_error;
    if (candidate_grid && read_candidates(text, length, record, &candidates_error)) return true;
    if (stream_candidates(text, length, record)) return true;
    if (sudoku_parse(text, length, &record->grid, &record->error)) return true;
    if (!candidate_grid && read_candidates(text, length, record, &candidates_error)) return true;
    size_t cells = 0;
    for (size_t i = 0; i < length; i++)
        cells += (text[i] >= '0' && text[i] <= '9') || text[i] == '.';
    if (candidate_grid || cells > (SUDOKU_CELLS + 9 * SUDOKU_CELLS) / 2)
        record->error = candidates_error;
    return false;
}

/* True if the lines of text make a good record. */
static bool lines_make_a_puzzle(const char *text, size_t length)
{
    sudoku_record first;
    bool good;
    read_lines(text, length, &first, &good);
    return good;
}

/* The number of the first line of text that is not blank, from 1. */
static long first_text_line(const char *text, size_t length)
{
    long line = 1;
    for (const char *p = text, *end = text + length, *next; p < end; p = next, line++) {
        size_t n = line_at(p, end, &next), k = 0;
        while (k < n && (p[k] == ' ' || p[k] == '\t')) k++;
        if (k < n) break;
    }
    return line;
}

/* A file's whole text as one record, if its lines make no good record and
 * the whole text reads as a puzzle; returns true if it did. */
static bool whole_text_record(stream *s, const char *text, size_t length)
{
    sudoku_record record = {0};
    if (length == 0 || lines_make_a_puzzle(text, length) || !parse_text(text, length, &record))
        return false;
    record.ok = true;
    record.line = s->reader.line + first_text_line(text, length);
    handle_records(s, &record, 1);
    return true;
}

/* Reads an open regular file of at most BLOCK_SIZE bytes whole into block;
 * returns its size (-1 on a read error) and sets *complete if the end was
 * reached (a file that grew may not fit). */
static ssize_t read_small_file(int fd, char *block, bool *complete)
{
    size_t have = 0;
    *complete = false;
    while (have < BLOCK_SIZE) {
        ssize_t got = read(fd, block + have, BLOCK_SIZE - have);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return -1;
        if (got == 0) {
            *complete = true;
            break;
        }
        have += (size_t)got;
    }
    return (ssize_t)have;
}

static bool small_regular_file(int fd)
{
    struct stat st;
    return fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size <= BLOCK_SIZE;
}

bool cli_read_stream(cli_run *run, int fd, const char *source)
{
    stream s = {.run = run, .source = {.name = source}};
    /* Records read, not printed: rate --min/--max may print none of them. */
    unsigned long before = run->taken;
    char *block = malloc(BLOCK_SIZE);
    s.pending = malloc(SUDOKU_LINE_MAX);
    if (!block || !s.pending) {
        free(block);
        free(s.pending);
        cli_error("%s: out of memory", source);
        return false;
    }
    sudoku_reader_init(&s.reader);
    long offset = cli_lines_before(run->common);
    s.reader.line = offset;
    ssize_t got = 0;
    bool done = false;
    size_t len;
    const char *text = block;
    if (small_regular_file(fd)) {
        got = read_small_file(fd, block, &done);
        if (got > 0 && (text = decode(&s.utf16, block, (size_t)got, done, &len)) != NULL &&
            !(done && whole_text_record(&s, text, len)))
            feed_block(&s, text, len);
        if (got > 0 && done) got = 0;
    }
    while (!done && text && got >= 0 && run->write_errno == 0 &&
           (got = read_block(run, fd, block)) > 0)
        if ((text = decode(&s.utf16, block, (size_t)got, false, &len)) != NULL)
            feed_block(&s, text, len);
    int read_errno = errno;
    if (!done && text && got == 0 && (text = decode(&s.utf16, block, 0, true, &len)) != NULL)
        feed_block(&s, text, len); /* what a UTF-16 stream held back at its end */
    if (!text) {
        cli_error("%s: out of memory", source);
        got = -1;
        read_errno = ENOMEM;
    }
    if (s.pending_len || s.too_long) feed_line(&s, s.pending, s.pending_len);
    sudoku_record last = {0};
    handle_records(&s, &last, sudoku_reader_finish(&s.reader, &last));
    cli_flush_records(run);
    if (s.binary.quiet)
        cli_error("%s: binary file (a NUL byte at line %ld): %lu more invalid record%s not listed",
                  source, s.binary.line, s.binary.quiet, s.binary.quiet == 1 ? "" : "s");
    if (got < 0)
        cli_error("error reading %s: %s", source, strerror(read_errno));
    else if (run->taken == before && run->write_errno == 0)
        warn_no_puzzles(source, s.reader.line - offset);
    free(block);
    free(s.pending);
    free(s.utf16.text);
    return got == 0;
}

static void read_named_stream(cli_run *run, int fd, const char *name)
{
    if (!cli_read_stream(run, fd, name) && run->status < EXIT_BAD_INPUT)
        run->status = EXIT_BAD_INPUT;
}

/* Reports an argument that is neither a puzzle nor a readable file, as an
 * invalid record so the output keeps one record per input. */
static void bad_argument(cli_run *run, const char *arg, const cli_source *source,
                         const sudoku_record *parsed, const sudoku_error *parse_error,
                         const char *why)
{
    sudoku_record record = {.line = 1, .ok = false};
    record.error = *parse_error;
    record.error.line = 1;
    /* Givens that clash still have their cells: hint --puzzle reads them
     * as a player's state with a mistake in it. */
    if (parsed && parse_error->kind == SUDOKU_ERROR_DUPLICATE) record.grid = parsed->grid;
    /* A path, or a word that is mostly not cells ("top95.txt"), may have been
     * meant as a file; mostly cells, it is a puzzle with a mistake in it. */
    size_t cells = 0, length = strlen(arg);
    for (const char *p = arg; *p; p++) cells += (*p >= '0' && *p <= '9') || *p == '.' || *p == '-';
    bool maybe_file = strchr(arg, '/') || cells * 2 < length;
    if (maybe_file && !strchr(arg, '\n'))
        snprintf(record.error.message, sizeof record.error.message,
                 "'%.60s%s' is neither a puzzle (%.80s) nor a readable file (%.40s)", arg,
                 length > 60 ? "..." : "", parse_error->message, why);
    cli_handle_record(run, &record, source);
}

/* Reads arg as a puzzle (see parse_text). */
static bool parse_argument(const char *arg, sudoku_record *record)
{
    return parse_text(arg, strlen(arg), record);
}

bool cli_operand_streams(const char *arg)
{
    sudoku_record record = {.line = 1};
    struct stat st;
    if (strcmp(arg, "-") == 0) return true;
    if (parse_argument(arg, &record)) return false;
    return stat(arg, &st) == 0 && !S_ISDIR(st.st_mode);
}

void cli_handle_argument(cli_run *run, const char *arg, int index)
{
    cli_source source = {.argument = index};
    if (strcmp(arg, "-") == 0) {
        read_named_stream(run, STDIN_FILENO, "stdin");
        return;
    }
    sudoku_record record = {.line = 1};
    record.ok = parse_argument(arg, &record);
    if (record.ok) {
        cli_handle_record(run, &record, &source);
        return;
    }
    struct stat st;
    if (stat(arg, &st) == 0 && S_ISDIR(st.st_mode)) {
        bad_argument(run, arg, &source, &record, &record.error, "it is a directory");
        return;
    }
    int fd = open(arg, O_RDONLY);
    if (fd < 0) {
        bad_argument(run, arg, &source, &record, &record.error, strerror(errno));
        return;
    }
    read_named_stream(run, fd, arg);
    close(fd);
}
