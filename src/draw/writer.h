/*
 * writer.h: text written into a caller's buffer with snprintf's contract
 * (truncate, always terminate, return the full length), so that callers
 * never allocate and a buffer too small loses text but never overruns.
 * Every printer of the draw room writes through it (writer.c).
 */
#ifndef SUDOKU_WRITER_H
#define SUDOKU_WRITER_H

#include "board/board.h"

#include <string.h>

typedef struct writer {
    char *buf;
    size_t size, len;
} writer;

static inline void put_char(writer *w, char c)
{
    if (w->len + 1 < w->size) w->buf[w->len] = c;
    w->len++;
}

/* Appends n bytes: those that fit copied at once. */
static inline void put_bytes(writer *w, const char *s, size_t n)
{
    size_t room = w->len + 1 < w->size ? w->size - 1 - w->len : 0;
    if (room) memcpy(w->buf + w->len, s, n < room ? n : room);
    w->len += n;
}

static inline void put_text(writer *w, const char *s)
{
    put_bytes(w, s, strlen(s));
}

static inline void put_repeat(writer *w, char c, int n)
{
    for (int i = 0; i < n; i++) put_char(w, c);
}

/* Appends formatted text. */
__attribute__((format(printf, 2, 3))) void put(writer *w, const char *fmt, ...);

/* Terminates the text; returns its full length, as snprintf. */
static inline size_t finish(writer *w)
{
    if (w->size) w->buf[w->len < w->size ? w->len : w->size - 1] = '\0';
    return w->len;
}

#endif
