/*
 * text.h: a chain family step in HoDoKu's words (text.c), as its solution
 * paths print it: "X-Chain: 8 r4c8 =8= r4c6 -8- r6c4 =8= r1c4 => r1c8<>8";
 * forcing chains and nets give one more line (after a newline, two blanks)
 * per chain.
 */
#ifndef SUDOKU_LOGIC_AIC_TEXT_H
#define SUDOKU_LOGIC_AIC_TEXT_H

#include "step.h"

#include <stddef.h>

/* Writes the step's text into buf (cut short to fit size, always ended
 * when size > 0); returns the length of the whole text. */
size_t aic_step_text(const aic_step *step, char *buf, size_t size);

#endif
