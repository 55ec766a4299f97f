/*
 * writer.c: formatted text for the writer (writer.h), with snprintf's
 * truncation.
 */
#include "writer.h"

#include <stdarg.h>
#include <stdio.h>

void put(writer *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = w->len < w->size ? w->size - w->len : 0;
    int n = vsnprintf(room ? w->buf + w->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0) w->len += (size_t)n;
}
