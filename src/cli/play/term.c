/*
 * term.c: the terminal under `sudoku play`, with termios and VT100/ANSI
 * escapes only: raw mode on the alternate screen, keys read and decoded,
 * the window's size, and the signals a full-screen program must answer.
 *
 * Signals are written by their handlers into a pipe (the self-pipe trick)
 * and read by the main loop beside the keys, so that all the work they
 * ask for (saving, suspending, redrawing) happens outside the handlers.
 * The settings found at the start are given back on every way out: a
 * normal exit (atexit), a fatal signal (its handler restores them, then
 * lets the signal take its course), Ctrl-Z (and raw mode again on fg).
 */
#define _POSIX_C_SOURCE 200809L

#include "term.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

/* What the screen is put back to: attributes, the cursor shown, the
 * normal screen. */
#define LEAVE "\033[0m\033[?25h\033[?1049l"
#define ENTER "\033[?1049h\033[?25l\033[H\033[2J"

/* How long the rest of an escape sequence may take to arrive before a lone
 * Escape is taken for the key. */
#define ESCAPE_WAIT_MS 40

static struct termios saved;
static volatile sig_atomic_t active; /* raw mode is on: saved must be put back */
static int signal_pipe[2] = {-1, -1};
static volatile sig_atomic_t continued; /* a SIGCONT came since term_suspend stopped */
static bool handlers_installed;

static unsigned char input[256];
static size_t input_len;

/* ---- signals ---- */

static void note_signal(int sig)
{
    int saved_errno = errno;
    unsigned char byte = (unsigned char)sig;
    if (sig == SIGCONT) continued = 1;
    if (signal_pipe[1] >= 0 && write(signal_pipe[1], &byte, 1) < 0) {
        /* a full pipe already holds enough to wake the loop */
    }
    errno = saved_errno;
}

/* A signal that ends the program at once: the terminal is put back, then
 * the signal does what it would have done. Only async-signal-safe calls. */
static void fatal_signal(int sig)
{
    if (active) {
        if (write(STDOUT_FILENO, LEAVE, sizeof LEAVE - 1) < 0) {
            /* nothing more can be done about the screen */
        }
        tcsetattr(STDIN_FILENO, TCSADRAIN, &saved);
        active = 0;
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static const int noted[] = {SIGWINCH, SIGTSTP, SIGCONT, SIGINT, SIGTERM, SIGHUP, SIGQUIT};
static const int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

static void set_handler(int sig, void (*handler)(int))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(sig, &sa, NULL);
}

static bool install_handlers(void)
{
    if (handlers_installed) return true;
    if (pipe(signal_pipe) != 0) return false;
    for (int i = 0; i < 2; i++) {
        fcntl(signal_pipe[i], F_SETFL, fcntl(signal_pipe[i], F_GETFL) | O_NONBLOCK);
        fcntl(signal_pipe[i], F_SETFD, FD_CLOEXEC);
    }
    for (size_t i = 0; i < sizeof noted / sizeof noted[0]; i++) set_handler(noted[i], note_signal);
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) set_handler(fatal[i], fatal_signal);
    /* A write to a terminal that went away fails with EPIPE or EIO
     * instead of killing the program: its game is saved first. */
    signal(SIGPIPE, SIG_IGN);
    atexit(term_stop);
    handlers_installed = true;
    return true;
}

/* ---- the terminal ---- */

bool term_check(char *message, size_t size)
{
    const char *which = !isatty(STDIN_FILENO)    ? "standard input"
                        : !isatty(STDOUT_FILENO) ? "standard output"
                                                 : NULL;
    if (which)
        snprintf(message, size,
                 "play: %s is not a terminal: the game needs one to read keys from and to "
                 "draw on (a puzzle's steps without one: sudoku explain)",
                 which);
    return which == NULL;
}

bool term_write(const char *data, size_t n)
{
    while (n > 0) {
        ssize_t w = write(STDOUT_FILENO, data, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        data += w;
        n -= (size_t)w;
    }
    return true;
}

static bool enter_raw(void)
{
    struct termios raw;
    if (tcgetattr(STDIN_FILENO, &saved) != 0) return false;
    raw = saved;
    raw.c_iflag &= ~(tcflag_t)(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
    raw.c_oflag &= ~(tcflag_t)OPOST;
    raw.c_cflag |= CS8;
    /* Ctrl-C and Ctrl-Z come as keys: the game saves first, then goes. */
    raw.c_lflag &= ~(tcflag_t)(ECHO | ICANON | IEXTEN | ISIG);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    if (tcsetattr(STDIN_FILENO, TCSADRAIN, &raw) != 0) return false;
    active = 1;
    if (!term_write(ENTER, sizeof ENTER - 1)) {
        term_stop();
        return false;
    }
    return true;
}

bool term_start(void)
{
    return install_handlers() && enter_raw();
}

void term_stop(void)
{
    if (!active) return;
    /* The settings are put back even if the screen cannot be written to. */
    bool written = term_write(LEAVE, sizeof LEAVE - 1);
    (void)written;
    tcsetattr(STDIN_FILENO, TCSADRAIN, &saved);
    active = 0;
}

bool term_suspend(void)
{
    term_stop();
    /* Stop the whole process group, as the terminal's Ctrl-Z would have:
     * a shell script that started the game stops with it. */
    continued = 0;
    signal(SIGTSTP, SIG_DFL);
    kill(0, SIGTSTP);
    /* The stop may come a moment after kill returns (under valgrind, it
     * does): the default action must still be there then. The handler of
     * SIGCONT says when the program goes on; a stop that never comes (an
     * orphaned process group ignores it) is waited for a second. */
    for (int i = 0; i < 100 && !continued; i++) {
        struct timespec t = {0, 10000000L};
        nanosleep(&t, NULL);
    }
    set_handler(SIGTSTP, note_signal);
    input_len = 0;
    return enter_raw();
}

void term_size(int *rows, int *cols)
{
    struct winsize ws;
    *rows = 24;
    *cols = 80;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0) {
        *rows = ws.ws_row;
        *cols = ws.ws_col;
    }
}

/* ---- keys ---- */

/* Reads what is there without waiting longer than wait_ms; false at the
 * end of input or on an error. */
static bool fill(int wait_ms)
{
    struct pollfd p = {STDIN_FILENO, POLLIN, 0};
    if (input_len == sizeof input) return true;
    int ready = poll(&p, 1, wait_ms);
    if (ready <= 0) return true;
    ssize_t n = read(STDIN_FILENO, input + input_len, sizeof input - input_len);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) return true;
    if (n <= 0) return false;
    input_len += (size_t)n;
    return true;
}

static void take(size_t n)
{
    memmove(input, input + n, input_len - n);
    input_len -= n;
}

/* The key of a complete escape sequence of n bytes at the input's start. */
static int sequence_key(size_t n)
{
    unsigned char final = input[n - 1];
    if (final == '~') {
        int number = atoi((const char *)input + 2);
        return number == 1 || number == 7   ? TERM_KEY_HOME
               : number == 4 || number == 8 ? TERM_KEY_END
               : number == 3                ? TERM_KEY_DELETE
                                            : TERM_KEY_UNKNOWN;
    }
    switch (final) {
    case 'A': return TERM_KEY_UP;
    case 'B': return TERM_KEY_DOWN;
    case 'C': return TERM_KEY_RIGHT;
    case 'D': return TERM_KEY_LEFT;
    case 'H': return TERM_KEY_HOME;
    case 'F': return TERM_KEY_END;
    default: return TERM_KEY_UNKNOWN;
    }
}

/* The length of the escape sequence at the input's start: 0 if it is not
 * complete yet, 1 if it is no sequence (a lone Escape). */
static size_t sequence_length(void)
{
    if (input_len < 2) return 0;
    if (input[1] == 'O') return input_len >= 3 ? 3 : 0;
    if (input[1] != '[') return 1;
    for (size_t i = 2; i < input_len; i++)
        if (input[i] >= 0x40 && input[i] <= 0x7e) return i + 1;
    return input_len == sizeof input ? 1 : 0;
}

/* The next key of the input, or TERM_KEY_NONE if there is none yet. */
static int next_key(void)
{
    if (input_len == 0) return TERM_KEY_NONE;
    unsigned char c = input[0];
    if (c == 0x1b) {
        size_t n = sequence_length();
        if (n == 0) {
            /* The rest of a sequence may be on its way: wait a moment. */
            long waited = 0;
            while ((n = sequence_length()) == 0 && waited < ESCAPE_WAIT_MS) {
                size_t before = input_len;
                if (!fill(10)) break;
                if (input_len == before) waited += 10;
            }
            if (n == 0) n = 1;
        }
        int key = n == 1 ? TERM_KEY_ESCAPE : sequence_key(n);
        take(n);
        return key;
    }
    take(1);
    if (c == 0x7f || c == 0x08) return TERM_KEY_BACKSPACE;
    if (c == '\r' || c == '\n') return TERM_KEY_ENTER;
    return c;
}

term_event term_wait(int timeout_ms, int other_fd, int *key, int *signal_number)
{
    for (;;) {
        unsigned char sig;
        if (signal_pipe[0] >= 0 && read(signal_pipe[0], &sig, 1) == 1) {
            *signal_number = sig;
            return TERM_SIGNAL;
        }
        *key = next_key();
        if (*key != TERM_KEY_NONE) return TERM_KEY;
        struct pollfd p[3] = {
            {STDIN_FILENO, POLLIN, 0}, {signal_pipe[0], POLLIN, 0}, {other_fd, POLLIN, 0}};
        int ready = poll(p, other_fd >= 0 ? 3 : 2, timeout_ms);
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) return TERM_GONE;
        if (ready == 0) return TERM_TIMEOUT;
        if (p[1].revents) continue;
        if (p[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            if (!fill(0)) return TERM_GONE;
            continue;
        }
        if (other_fd >= 0 && p[2].revents) return TERM_OTHER;
    }
}
