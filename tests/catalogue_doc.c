/*
 * catalogue_doc.c: prints the technique tables of docs/logic.md from the
 * engine's catalogue (src/logic/catalogue.c), in markdown: Sudoku
 * Explainer's, then HoDoKu's in its order. make catalogue puts them in
 * the page, and tests/catalogue-check.sh fails when the page's tables are
 * not these.
 */
#include <stdio.h>

#include "logic/catalogue.h"

int main(void)
{
    puts("| technique | family | rating | what it sees |");
    puts("|---|---|---|---|");
    for (int t = 0; t < SUDOKU_TECHNIQUES; t++) {
        const logic_technique *row = &logic_catalogue[t];
        if (!row->name) continue;
        printf("| %s | %s | %d.%d", row->name, logic_family_name(row->family), row->se.least / 10,
               row->se.least % 10);
        if (row->se.varies) printf(" (%s)", row->se.varies);
        printf(" | %s |\n", row->sees);
    }
    puts("");
    puts("HoDoKu's catalogue, in its order (`--scale hodoku`):");
    puts("");
    puts("| technique | code | level | base score | family | SE's row | what it sees |");
    puts("|---|---|---|---:|---|---|---|");
    for (int i = 0; i < logic_hodoku_techniques; i++) {
        const logic_technique *row = &logic_catalogue[logic_hodoku_order[i]];
        const logic_hodoku_column *h = &row->hodoku;
        printf("| %s", h->name);
        if (h->types) {
            const char *sep = " (";
            for (const logic_hodoku_type *type = h->types; type->name; type++, sep = ", ")
                printf("%s%s", sep, type->name);
            printf(")");
        }
        printf(" | %s", h->code);
        if (h->types) {
            for (const logic_hodoku_type *type = h->types; type->name; type++)
                printf("%s%s", type == h->types ? " (" : ", ", type->code);
            printf(")");
        }
        printf(" | %s | %d | %s | %s | %s |\n", sudoku_level_name(h->level), h->score,
               logic_family_name(row->family), row->name ? row->name : "", row->sees);
    }
    return ferror(stdout) ? 1 : 0;
}
