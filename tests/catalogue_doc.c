/*
 * catalogue_doc.c: prints the technique table of docs/logic.md from the
 * engine's catalogue (src/logic/catalogue.c), in markdown: make catalogue
 * puts it in the page, and tests/catalogue-check.sh fails when the page's
 * table is not this one.
 */
#include <stdio.h>

#include "logic/catalogue.h"

int main(void)
{
    puts("| technique | family | rating | what it sees |");
    puts("|---|---|---|---|");
    for (int t = 0; t < SUDOKU_TECHNIQUES; t++) {
        const logic_technique *row = &logic_catalogue[t];
        printf("| %s | %s | %d.%d", row->name, logic_family_name(row->family), row->se.least / 10,
               row->se.least % 10);
        if (row->se.varies) printf(" (%s)", row->se.varies);
        printf(" | %s |\n", row->sees);
    }
    return ferror(stdout) ? 1 : 0;
}
