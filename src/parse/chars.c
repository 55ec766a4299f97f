/*
 * chars.c: characters as the parser sees them: UTF-8 read safely (a broken
 * sequence is a byte of its own, never half a character), the spaces and
 * column separators of every script a pasted grid may use, and a character
 * named for an error message (docs/input-formats.md).
 */
#include "chars.h"

#include <stdio.h>

size_t sudoku_utf8_length(const char *s, size_t n, size_t i)
{
    const unsigned char *u = (const unsigned char *)s + i;
    unsigned char lo = 0x80, hi = 0xBF; /* the range of the second byte */
    size_t len;
    if (u[0] < 0x80) return 1;
    if (u[0] >= 0xC2 && u[0] <= 0xDF) {
        len = 2;
    } else if (u[0] >= 0xE0 && u[0] <= 0xEF) {
        len = 3;
        if (u[0] == 0xE0) lo = 0xA0; /* overlong */
        if (u[0] == 0xED) hi = 0x9F; /* surrogates */
    } else if (u[0] >= 0xF0 && u[0] <= 0xF4) {
        len = 4;
        if (u[0] == 0xF0) lo = 0x90; /* overlong */
        if (u[0] == 0xF4) hi = 0x8F; /* beyond U+10FFFF */
    } else {
        return 0;
    }
    if (n - i < len || u[1] < lo || u[1] > hi) return 0;
    for (size_t k = 2; k < len; k++)
        if ((u[k] & 0xC0) != 0x80) return 0;
    return len;
}

/* The code point of the well-formed UTF-8 character s[0..len). */
static uint32_t code_point(const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    uint32_t cp = len == 2 ? u[0] & 0x1Fu : len == 3 ? u[0] & 0x0Fu : u[0] & 0x07u;
    for (size_t k = 1; k < len; k++) cp = cp << 6 | (u[k] & 0x3Fu);
    return cp;
}

uint32_t sudoku_wide_char_at(const char *s, size_t n, size_t i, size_t *len)
{
    *len = sudoku_utf8_length(s, n, i);
    return *len > 1 ? code_point(s + i, *len) : 0;
}

size_t sudoku_space_length(const char *s, size_t n, size_t i)
{
    size_t len;
    if (sudoku_is_space(s[i])) return 1;
    return sudoku_is_unicode_space(sudoku_wide_char_at(s, n, i, &len)) ? len : 0;
}

void sudoku_trim_spaces(const char *s, size_t *start, size_t *end)
{
    size_t len;
    while (*start < *end && (len = sudoku_space_length(s, *end, *start)) > 0) *start += len;
    while (*end > *start) {
        size_t last = *end - 1; /* back to the start of the last character */
        while (last > *start && ((unsigned char)s[last] & 0xC0) == 0x80) last--;
        if (sudoku_space_length(s, *end, last) != *end - last) break;
        *end = last;
    }
}

size_t sudoku_separator_length(const char *s, size_t n, size_t i)
{
    size_t len;
    if (s[i] == '|') return 1;
    return sudoku_is_box_vertical(sudoku_wide_char_at(s, n, i, &len)) ? len : 0;
}

/* Names the invisible and look-alike characters a message would otherwise
 * show as nothing, or as a space. */
static const char *invisible_name(uint32_t cp)
{
    static const struct {
        uint32_t cp;
        const char *name;
    } names[] = {
        {0x00A0, "no-break space"},      {0x00AD, "soft hyphen"},
        {0x200B, "zero-width space"},    {0x200C, "zero-width non-joiner"},
        {0x200D, "zero-width joiner"},   {0x200E, "left-to-right mark"},
        {0x200F, "right-to-left mark"},  {0x2028, "line separator"},
        {0x2029, "paragraph separator"}, {0x202F, "narrow no-break space"},
        {0x2060, "word joiner"},         {0x3000, "ideographic space"},
        {0xFEFF, "byte order mark"},     {0xFFFD, "replacement character"},
    };
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (names[k].cp == cp) return names[k].name;
    return NULL;
}

size_t sudoku_describe_char(const char *s, size_t n, size_t i, char out[48])
{
    unsigned char c = (unsigned char)s[i];
    size_t len = sudoku_utf8_length(s, n, i);
    if (len > 1) {
        uint32_t cp = code_point(s + i, len);
        const char *name = invisible_name(cp);
        if (name)
            snprintf(out, 48, "U+%04X (%s)", (unsigned)cp, name);
        else if (cp < 0xA0 || (cp >= 0x2000 && cp <= 0x206F && !sudoku_is_unicode_space(cp)))
            snprintf(out, 48, "U+%04X", (unsigned)cp); /* C1 controls, format characters */
        else
            snprintf(out, 48, "'%.*s'", (int)len, s + i);
        return len;
    }
    if (len == 1 && c >= 0x20 && c < 0x7F) {
        snprintf(out, 48, "'%c'", s[i]);
        return 1;
    }
    snprintf(out, 48, "byte 0x%02X", c);
    return 1;
}
