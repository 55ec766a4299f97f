/*
 * chars.h: the parser's ground floor (chars.c): which characters are cells,
 * spaces and separators, UTF-8 read safely, and a character named for an
 * error message. The layouts (fields.c, columns.c, pencilmarks.c) and the
 * reader (parse.c) stand on it; the printers use its UTF-8 rules too.
 */
#ifndef SUDOKU_CHARS_H
#define SUDOKU_CHARS_H

#include "board/givens.h"

/* ASCII space, tab, CR, VT or FF. */
static inline bool sudoku_is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* '1'-'9' givens; '0', '.', '-', '*', '_', '?', 'x', 'X' blanks. */
static inline bool sudoku_is_cell_char(char c)
{
    return (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '*' || c == '_' || c == '?' ||
           c == 'x' || c == 'X';
}

/* 1-9 for a given, 0 for a blank. */
static inline int sudoku_cell_value(char c)
{
    return c >= '1' && c <= '9' ? c - '0' : 0;
}

/* Spaces other than ASCII's that web pages and word processors put in
 * pasted text: no-break, the typographic ones, the ideographic. */
static inline bool sudoku_is_unicode_space(uint32_t cp)
{
    return cp == 0x00A0 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x202F || cp == 0x205F ||
           cp == 0x3000;
}

static inline bool sudoku_is_box_drawing(uint32_t cp)
{
    return cp >= 0x2500 && cp <= 0x257F;
}

/* The vertical lines among the box-drawing characters: column separators. */
static inline bool sudoku_is_box_vertical(uint32_t cp)
{
    return cp == 0x2502 || cp == 0x2503 || cp == 0x2506 || cp == 0x2507 || cp == 0x250A ||
           cp == 0x250B || cp == 0x2551 || cp == 0x254E || cp == 0x254F;
}

/* Returns the length in bytes of the well-formed UTF-8 character at s[i]
 * of s[0..n) (1 for ASCII), or 0 if the bytes there are not one. Error
 * messages and JSON must never pass on a broken character. */
size_t sudoku_utf8_length(const char *s, size_t n, size_t i);

/* The code point at s[i] if it is a character of two bytes or more, else
 * 0; *len is its length in bytes as sudoku_utf8_length gives it. */
uint32_t sudoku_wide_char_at(const char *s, size_t n, size_t i, size_t *len);

/* The length in bytes of the space at s[i] (ASCII space, tab, CR, VT, FF,
 * or a Unicode space such as U+00A0), or 0 if there is none. */
size_t sudoku_space_length(const char *s, size_t n, size_t i);

/* Drops spaces at both ends of s[*start..*end). */
void sudoku_trim_spaces(const char *s, size_t *start, size_t *end);

/* The length in bytes of the column separator at s[i] ('|' or a vertical
 * box-drawing line such as U+2502), or 0 if there is none. */
size_t sudoku_separator_length(const char *s, size_t n, size_t i);

/* Describes the character at s[i] of s[0..n) for a message: an invisible
 * one by its code point and name, another printable one quoted, anything
 * else as a byte value. Returns its length in bytes. */
size_t sudoku_describe_char(const char *s, size_t n, size_t i, char out[48]);

#endif
