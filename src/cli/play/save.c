/*
 * save.c: a game of `sudoku play` in a file, and back. The file is text,
 * a field a line, in a fixed order, ended by a checksum of everything
 * before it:
 *
 *     sudoku play save 1
 *     puzzle 4.....8.5.3...            (81 cells, '.' blanks)
 *     status playing                   (or solved)
 *     elapsed 123456                   (milliseconds played)
 *     cursor 40
 *     auto-remove yes
 *     live-mistakes no
 *     entries ........5...             (81: the player's digits, '.' none)
 *     marks 1.3......                  (729: nine a cell, as pencilmarks)
 *     history 12 10                    (actions kept, actions done)
 *     a 40,0,000,5,000 41,0,1f0,0,1e0  (an action: cell,old entry,old
 *     ...                               marks,new entry,new marks; hex marks)
 *     checksum 0123456789abcdef        (FNV-1a, 64 bits)
 *
 * Reading it back replays the history from the empty board and requires
 * it to land on the entries and marks saved, so a file that was cut short
 * or changed anywhere is refused whole rather than half believed.
 */
#define _POSIX_C_SOURCE 200809L

#include "save.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAGIC "sudoku play save"

/* The longest path a save file may have. */
#define PATH_MAX_SAVE 4096
#define VERSION 1

/* ---- writing ---- */

typedef struct buffer {
    char *data;
    size_t len, cap;
    bool failed;
} buffer;

static void add(buffer *b, const char *fmt, ...)
{
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n >= 0 && !b->failed && b->len + (size_t)n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + (size_t)n + 1) cap *= 2;
        char *p = realloc(b->data, cap);
        if (p) {
            b->data = p;
            b->cap = cap;
        } else {
            b->failed = true;
        }
    }
    if (n >= 0 && !b->failed) {
        vsnprintf(b->data + b->len, (size_t)n + 1, fmt, again);
        b->len += (size_t)n;
    }
    va_end(again);
}

static uint64_t checksum(const char *data, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)data[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

static void add_cells(buffer *b, const char *name, const uint8_t *cells)
{
    char line[SUDOKU_CELLS + 1];
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        line[cell] = (char)(cells[cell] ? '0' + cells[cell] : '.');
    line[SUDOKU_CELLS] = '\0';
    add(b, "%s %s\n", name, line);
}

char *play_save_text(const play_game *game, bool solved, size_t *length)
{
    buffer b = {0};
    const play_history *h = &game->history;
    char marks[9 * SUDOKU_CELLS + 1];
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (int d = 1; d <= 9; d++)
            marks[9 * cell + d - 1] = (char)((game->marks[cell] & (1u << (d - 1))) ? '0' + d : '.');
    marks[9 * SUDOKU_CELLS] = '\0';
    add(&b, "%s %d\n", MAGIC, VERSION);
    add_cells(&b, "puzzle", game->puzzle.cell);
    add(&b, "status %s\nelapsed %lld\ncursor %d\nauto-remove %s\nlive-mistakes %s\n",
        solved ? "solved" : "playing", game->elapsed_ms, game->cursor,
        game->auto_remove ? "yes" : "no", game->live_mistakes ? "yes" : "no");
    add_cells(&b, "entries", game->entry);
    add(&b, "marks %s\nhistory %zu %zu\n", marks, h->actions, h->position);
    for (size_t i = 0; i < h->actions; i++) {
        size_t n;
        const play_change *c = play_history_action(h, i, &n);
        add(&b, "a");
        for (size_t k = 0; k < n; k++)
            add(&b, " %d,%d,%03x,%d,%03x", c[k].cell, c[k].old_entry, c[k].old_marks,
                c[k].new_entry, c[k].new_marks);
        add(&b, "\n");
    }
    if (!b.failed) add(&b, "checksum %016llx\n", (unsigned long long)checksum(b.data, b.len));
    if (b.failed) {
        free(b.data);
        return NULL;
    }
    *length = b.len;
    return b.data;
}

/* Makes the directories on the way to path's file (as mkdir -p). */
static bool make_parents(const char *path, char message[PLAY_SAVE_MESSAGE])
{
    char dir[PATH_MAX_SAVE];
    size_t n = strlen(path);
    if (n >= sizeof dir) {
        snprintf(message, PLAY_SAVE_MESSAGE, "%.200s...: path too long", path);
        return false;
    }
    memcpy(dir, path, n + 1);
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
            snprintf(message, PLAY_SAVE_MESSAGE, "cannot make %.1000s: %s", dir, strerror(errno));
            return false;
        }
        *p = '/';
    }
    return true;
}

static bool write_all(int fd, const char *data, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, data, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        data += w;
        n -= (size_t)w;
    }
    return true;
}

bool play_save(const play_game *game, bool solved, const char *path,
               char message[PLAY_SAVE_MESSAGE])
{
    size_t length;
    char *text = play_save_text(game, solved, &length);
    if (!text) {
        snprintf(message, PLAY_SAVE_MESSAGE, "cannot save to %s: out of memory", path);
        return false;
    }
    char temp[PATH_MAX_SAVE + 32];
    snprintf(temp, sizeof temp, "%s.%ld.tmp", path, (long)getpid());
    bool ok = make_parents(path, message);
    int fd = ok ? open(temp, O_WRONLY | O_CREAT | O_TRUNC, 0600) : -1;
    if (ok && fd < 0) {
        snprintf(message, PLAY_SAVE_MESSAGE, "cannot save to %.1000s: %s", temp, strerror(errno));
        ok = false;
    }
    if (ok && (!write_all(fd, text, length) || fsync(fd) != 0)) {
        snprintf(message, PLAY_SAVE_MESSAGE, "cannot save to %.1000s: %s", temp,
                 strerror(errno ? errno : EIO));
        ok = false;
    }
    if (fd >= 0 && close(fd) != 0 && ok) {
        snprintf(message, PLAY_SAVE_MESSAGE, "cannot save to %.1000s: %s", temp, strerror(errno));
        ok = false;
    }
    if (ok && rename(temp, path) != 0) {
        snprintf(message, PLAY_SAVE_MESSAGE, "cannot save to %s: %s", path, strerror(errno));
        ok = false;
    }
    if (!ok && fd >= 0) unlink(temp);
    free(text);
    return ok;
}

/* ---- reading ---- */

typedef struct reader {
    const char *p, *end;
    const char *name;
    long line;
    char *message;
} reader;

static bool fail(reader *r, const char *fmt, ...)
{
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(r->message, PLAY_SAVE_MESSAGE, "%s:%ld: %s", r->name, r->line, what);
    return false;
}

/* The next line of the file, without its end; false at the end. */
static bool next_line(reader *r, const char **line, size_t *len)
{
    if (r->p >= r->end) return false;
    const char *nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
    *line = r->p;
    *len = nl ? (size_t)(nl - r->p) : (size_t)(r->end - r->p);
    r->p = nl ? nl + 1 : r->end;
    r->line++;
    return true;
}

/* The next line, which must be "KEY VALUE": its value in *value. */
static bool field(reader *r, const char *key, const char **value, size_t *len)
{
    const char *line;
    size_t n, k = strlen(key);
    if (!next_line(r, &line, &n)) {
        r->line++;
        return fail(r, "cut short: '%s' expected", key);
    }
    if (n <= k || strncmp(line, key, k) != 0 || line[k] != ' ')
        return fail(r, "'%s' expected", key);
    *value = line + k + 1;
    *len = n - k - 1;
    return true;
}

/* A whole number of at most digits digits from s (of length n). */
static bool number(const char *s, size_t n, long long most, long long *out)
{
    long long v = 0;
    if (n == 0 || n > 18) return false;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return false;
        v = 10 * v + (s[i] - '0');
    }
    *out = v;
    return v <= most;
}

static bool number_field(reader *r, const char *key, long long most, long long *out)
{
    const char *v = "";
    size_t n = 0;
    if (!field(r, key, &v, &n)) return false;
    if (!number(v, n, most, out)) return fail(r, "%s: a number from 0 to %lld expected", key, most);
    return true;
}

static bool yes_no_field(reader *r, const char *key, bool *out)
{
    const char *v = "";
    size_t n = 0;
    if (!field(r, key, &v, &n)) return false;
    if (n == 3 && memcmp(v, "yes", 3) == 0)
        *out = true;
    else if (n == 2 && memcmp(v, "no", 2) == 0)
        *out = false;
    else
        return fail(r, "%s: 'yes' or 'no' expected", key);
    return true;
}

/* 81 cells of '1'-'9' or '.'. */
static bool cells_field(reader *r, const char *key, uint8_t cells[SUDOKU_CELLS])
{
    const char *v = "";
    size_t n = 0;
    if (!field(r, key, &v, &n)) return false;
    if (n != SUDOKU_CELLS) return fail(r, "%s: 81 cells expected", key);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (v[cell] == '.')
            cells[cell] = 0;
        else if (v[cell] >= '1' && v[cell] <= '9')
            cells[cell] = (uint8_t)(v[cell] - '0');
        else
            return fail(r, "%s: cell %d is neither a digit nor '.'", key, cell + 1);
    }
    return true;
}

static bool marks_field(reader *r, uint16_t marks[SUDOKU_CELLS])
{
    const char *v = "";
    size_t n = 0;
    if (!field(r, "marks", &v, &n)) return false;
    if (n != 9 * SUDOKU_CELLS) return fail(r, "marks: 729 characters expected");
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        marks[cell] = 0;
        for (int d = 1; d <= 9; d++) {
            char c = v[9 * cell + d - 1];
            if (c == '0' + d)
                marks[cell] |= (uint16_t)(1u << (d - 1));
            else if (c != '.')
                return fail(r, "marks: r%dc%d: '%c' where %d or '.' belongs", cell / 9 + 1,
                            cell % 9 + 1, c, d);
        }
    }
    return true;
}

/* "cell,entry,marks,entry,marks" from s (of length n). */
static bool parse_change(const char *s, size_t n, play_change *c)
{
    char text[32];
    if (n >= sizeof text) return false;
    memcpy(text, s, n);
    text[n] = '\0';
    unsigned cell, oe, om, ne, nm;
    int used = 0;
    if (sscanf(text, "%2u,%1u,%3x,%1u,%3x%n", &cell, &oe, &om, &ne, &nm, &used) != 5 ||
        (size_t)used != n || cell >= SUDOKU_CELLS || om > PLAY_ALL_DIGITS || nm > PLAY_ALL_DIGITS)
        return false;
    *c = (play_change){(uint8_t)cell, (uint8_t)oe, (uint8_t)ne, (uint16_t)om, (uint16_t)nm};
    return true;
}

/* The board a history is replayed on. */
typedef struct board {
    uint8_t entry[SUDOKU_CELLS];
    uint16_t marks[SUDOKU_CELLS];
} board;

/* Reads an action line into changes (room for 81), checks it against the
 * board and moves the board on. */
static bool action_line(reader *r, const play_game *game, board *b, play_change changes[],
                        size_t *n)
{
    const char *line;
    size_t len;
    if (!next_line(r, &line, &len)) {
        r->line++;
        return fail(r, "cut short: an action of the history expected");
    }
    if (len < 2 || line[0] != 'a' || line[1] != ' ') return fail(r, "an action ('a ...') expected");
    *n = 0;
    for (size_t at = 2; at < len;) {
        size_t end = at;
        while (end < len && line[end] != ' ') end++;
        play_change *c = &changes[*n];
        if (*n == SUDOKU_CELLS || !parse_change(line + at, end - at, c))
            return fail(r, "action: '%.*s' is no change of a cell", (int)(end - at), line + at);
        if (play_is_given(game, c->cell))
            return fail(r, "action: r%dc%d is a given", c->cell / 9 + 1, c->cell % 9 + 1);
        if (b->entry[c->cell] != c->old_entry || b->marks[c->cell] != c->old_marks)
            return fail(r, "action: r%dc%d did not hold what the change says it did",
                        c->cell / 9 + 1, c->cell % 9 + 1);
        b->entry[c->cell] = c->new_entry;
        b->marks[c->cell] = c->new_marks;
        (*n)++;
        at = end + 1;
    }
    if (*n == 0) return fail(r, "action: no change");
    return true;
}

/* The history's lines: actions done moved the board, the undone are
 * checked on a copy of it. */
static bool history(reader *r, play_game *game)
{
    const char *v = "";
    size_t n = 0;
    if (!field(r, "history", &v, &n)) return false;
    const char *space = memchr(v, ' ', n);
    long long actions = 0, done = 0;
    if (!space || !number(v, (size_t)(space - v), 100000000, &actions) ||
        !number(space + 1, n - (size_t)(space - v) - 1, actions, &done))
        return fail(r, "history: the number of actions, then how many are done, expected");
    board now = {{0}, {0}}, later;
    play_change changes[SUDOKU_CELLS];
    for (long long i = 0; i < actions; i++) {
        if (i == done) later = now;
        board *b = i < done ? &now : &later;
        size_t k = 0;
        if (!action_line(r, game, b, changes, &k)) return false;
        if (!play_history_push(&game->history, changes, k)) return fail(r, "out of memory");
    }
    game->history.position = (size_t)done;
    if (memcmp(now.entry, game->entry, sizeof now.entry) != 0 ||
        memcmp(now.marks, game->marks, sizeof now.marks) != 0)
        return fail(r, "the history does not lead to the entries and marks saved");
    return true;
}

/* Checks the last line, the checksum of what comes before it; sets
 * r->end to its start. */
static bool check_sum(reader *r)
{
    const char *start = r->p, *end = r->end;
    long lines = 0;
    for (const char *q = start; q < end; q++) lines += *q == '\n';
    if (end == start || end[-1] != '\n') {
        r->line = lines + 1;
        return fail(r, "cut short: the file does not end with a whole line");
    }
    const char *last = end - 1;
    while (last > start && last[-1] != '\n') last--;
    const char *key = "checksum ";
    size_t k = strlen(key);
    r->line = lines;
    if ((size_t)(end - last) != k + 17 || strncmp(last, key, k) != 0)
        return fail(r, "cut short: its last line is not its checksum");
    char hex[17];
    snprintf(hex, sizeof hex, "%016llx",
             (unsigned long long)checksum(start, (size_t)(last - start)));
    if (memcmp(hex, last + k, 16) != 0)
        return fail(r, "changed or damaged since it was saved: its checksum does not match");
    r->end = last;
    r->line = 0;
    return true;
}

static bool header(reader *r)
{
    const char *line;
    size_t n, k = strlen(MAGIC);
    char want[64];
    snprintf(want, sizeof want, "%s %d", MAGIC, VERSION);
    if (!next_line(r, &line, &n) || n < k || strncmp(line, MAGIC, k) != 0) {
        r->line = 1;
        return fail(r, "not a game saved by sudoku play");
    }
    if (n != strlen(want) || strncmp(line, want, n) != 0)
        return fail(r, "saved by another version of sudoku play ('%.*s'; this one reads '%s')",
                    (int)(n < 40 ? n : 40), line, want);
    return true;
}

/* The puzzle: a valid one with exactly one solution. */
static bool puzzle(reader *r, play_game *game)
{
    sudoku_grid grid, solution;
    if (!cells_field(r, "puzzle", grid.cell)) return false;
    sudoku_result result;
    if (!sudoku_check_givens(&grid, NULL) || sudoku_solve(&grid, 2, &result) != 1)
        return fail(r, "puzzle: not a puzzle with exactly one solution");
    solution = result.solution;
    if (!play_game_init(game, &grid, &solution)) return fail(r, "puzzle: its solution clashes");
    return true;
}

static bool body(reader *r, play_game *game, bool *solved)
{
    const char *v = "";
    size_t n = 0;
    long long elapsed = 0, cursor = 0;
    if (!header(r) || !puzzle(r, game) || !field(r, "status", &v, &n)) return false;
    if (n == 6 && memcmp(v, "solved", 6) == 0)
        *solved = true;
    else if (n == 7 && memcmp(v, "playing", 7) == 0)
        *solved = false;
    else
        return fail(r, "status: 'playing' or 'solved' expected");
    if (!number_field(r, "elapsed", 1000000000000000ll, &elapsed) ||
        !number_field(r, "cursor", SUDOKU_CELLS - 1, &cursor) ||
        !yes_no_field(r, "auto-remove", &game->auto_remove) ||
        !yes_no_field(r, "live-mistakes", &game->live_mistakes) ||
        !cells_field(r, "entries", game->entry) || !marks_field(r, game->marks))
        return false;
    game->elapsed_ms = elapsed;
    game->cursor = (int)cursor;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (play_is_given(game, cell) && (game->entry[cell] || game->marks[cell])) {
            r->line -= 1 + (game->entry[cell] != 0);
            return fail(r, "r%dc%d is a given, but has an entry or marks", cell / 9 + 1,
                        cell % 9 + 1);
        }
    if (!history(r, game)) return false;
    if (r->p != r->end) {
        r->line++;
        return fail(r, "more than the history holds");
    }
    return true;
}

bool play_load_text(play_game *game, bool *solved, const char *text, size_t length,
                    const char *name, char message[PLAY_SAVE_MESSAGE])
{
    reader r = {text, text + length, name, 0, message};
    memset(game, 0, sizeof *game);
    /* What the file is first, then whether it is whole, then what it says. */
    if (header(&r)) {
        r.p = text;
        r.line = 0;
        if (check_sum(&r) && body(&r, game, solved)) return true;
    }
    play_game_free(game);
    return false;
}

/* The most a save file may hold: some hundred thousand actions. */
#define SAVE_MAX (64l << 20)

bool play_load(play_game *game, bool *solved, const char *path, char message[PLAY_SAVE_MESSAGE])
{
    memset(game, 0, sizeof *game);
    FILE *f = fopen(path, "rb");
    struct stat st;
    if (!f || fstat(fileno(f), &st) != 0) {
        snprintf(message, PLAY_SAVE_MESSAGE, "%s: %s", path, strerror(errno));
        if (f) fclose(f);
        return false;
    }
    if (!S_ISREG(st.st_mode) || st.st_size > SAVE_MAX) {
        snprintf(message, PLAY_SAVE_MESSAGE, "%s: %s", path,
                 S_ISREG(st.st_mode) ? "larger than any game saved (64 MiB)" : "not a file");
        fclose(f);
        return false;
    }
    char *text = calloc(1, (size_t)st.st_size + 1);
    size_t n = text ? fread(text, 1, (size_t)st.st_size + 1, f) : 0;
    bool read_error = !text || ferror(f);
    fclose(f);
    bool ok = false;
    if (read_error)
        snprintf(message, PLAY_SAVE_MESSAGE, "%s: %s", path,
                 text ? "cannot be read" : "out of memory");
    else
        ok = play_load_text(game, solved, text, n, path, message);
    free(text);
    return ok;
}
