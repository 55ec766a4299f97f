/*
 * hodoku_paths.c: a reader of HoDoKu's solution paths (paths.jsonl), one
 * JSON object a line; only the fields the tests compare are kept.
 */
#define _POSIX_C_SOURCE 200809L

#include "hodoku_paths.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

FILE *hp_open(const char **where)
{
    const char *path = getenv("HODOKU_PATHS");
    if (!path) path = "../shared/ratings/hodoku/paths.jsonl";
    *where = path;
    return fopen(path, "r");
}

typedef struct cursor {
    const char *p;
    bool bad;
} cursor;

static void blanks(cursor *c)
{
    while (isspace((unsigned char)*c->p)) c->p++;
}

static bool expect(cursor *c, char ch)
{
    blanks(c);
    if (*c->p != ch) {
        c->bad = true;
        return false;
    }
    c->p++;
    return true;
}

/* A JSON string into buf (escapes \n \" \\ \/ \t kept as characters). */
static void string(cursor *c, char *buf, size_t size)
{
    size_t n = 0;
    if (!expect(c, '"')) return;
    while (*c->p && *c->p != '"') {
        char ch = *c->p++;
        if (ch == '\\') {
            ch = *c->p++;
            if (ch == 'n') ch = '\n';
            else if (ch == 't') ch = '\t';
            else if (ch == 'r') ch = '\r';
            else if (ch == 'u') {
                ch = '?';
                for (int i = 0; i < 4 && *c->p; i++) c->p++;
            }
        }
        if (n + 1 < size) buf[n++] = ch;
    }
    if (size) buf[n] = '\0';
    expect(c, '"');
}

static void skip_value(cursor *c)
{
    blanks(c);
    if (*c->p == '"') {
        char tmp[16];
        string(c, tmp, sizeof tmp);
        return;
    }
    if (*c->p == '[' || *c->p == '{') {
        char close = *c->p == '[' ? ']' : '}';
        c->p++;
        blanks(c);
        if (*c->p == close) {
            c->p++;
            return;
        }
        for (;;) {
            if (close == '}') {
                char key[64];
                string(c, key, sizeof key);
                expect(c, ':');
            }
            skip_value(c);
            blanks(c);
            if (*c->p == ',') {
                c->p++;
                continue;
            }
            expect(c, close);
            return;
        }
    }
    while (*c->p && *c->p != ',' && *c->p != '}' && *c->p != ']') c->p++;
}

/* [[row, col, digit], ...] */
static int cands(cursor *c, hp_cand *list)
{
    int n = 0;
    expect(c, '[');
    blanks(c);
    if (*c->p == ']') {
        c->p++;
        return 0;
    }
    for (;;) {
        int v[3];
        expect(c, '[');
        for (int i = 0; i < 3; i++) {
            blanks(c);
            v[i] = (int)strtol(c->p, (char **)&c->p, 10);
            if (i < 2) expect(c, ',');
        }
        expect(c, ']');
        if (n < HP_CANDS_MAX) list[n++] = (hp_cand){(v[0] - 1) * 9 + v[1] - 1, v[2]};
        blanks(c);
        if (*c->p == ',') {
            c->p++;
            continue;
        }
        expect(c, ']');
        return n;
    }
}

static void step(cursor *c, hp_step *s)
{
    memset(s, 0, sizeof *s);
    expect(c, '{');
    for (;;) {
        char key[64];
        string(c, key, sizeof key);
        expect(c, ':');
        if (!strcmp(key, "code"))
            string(c, s->code, sizeof s->code);
        else if (!strcmp(key, "text"))
            string(c, s->text, sizeof s->text);
        else if (!strcmp(key, "placements"))
            s->nplace = cands(c, s->place);
        else if (!strcmp(key, "eliminations"))
            s->nelim = cands(c, s->elim);
        else
            skip_value(c);
        blanks(c);
        if (c->bad || *c->p != ',') break;
        c->p++;
    }
    expect(c, '}');
}

bool hp_read(FILE *f, hp_path *path)
{
    memset(path, 0, sizeof *path);
    char *line = NULL;
    size_t cap = 0;
    if (getline(&line, &cap, f) < 0) {
        free(line);
        return false;
    }
    cursor c = {line, false};
    int cap_steps = 0;
    expect(&c, '{');
    for (;;) {
        char key[64];
        string(&c, key, sizeof key);
        expect(&c, ':');
        if (!strcmp(key, "puzzle"))
            string(&c, path->puzzle, sizeof path->puzzle);
        else if (!strcmp(key, "steps")) {
            expect(&c, '[');
            blanks(&c);
            while (!c.bad && *c.p != ']') {
                if (path->nsteps == cap_steps) {
                    cap_steps = cap_steps ? 2 * cap_steps : 64;
                    path->steps = realloc(path->steps, (size_t)cap_steps * sizeof *path->steps);
                    if (!path->steps) abort();
                }
                step(&c, &path->steps[path->nsteps++]);
                blanks(&c);
                if (*c.p == ',') c.p++;
                blanks(&c);
            }
            expect(&c, ']');
        } else
            skip_value(&c);
        blanks(&c);
        if (c.bad || *c.p != ',') break;
        c.p++;
    }
    expect(&c, '}');
    free(line);
    if (c.bad || strlen(path->puzzle) != 81) {
        fprintf(stderr, "hodoku_paths: a line that does not read as a path\n");
        hp_free(path);
        return false;
    }
    return true;
}

void hp_free(hp_path *path)
{
    free(path->steps);
    memset(path, 0, sizeof *path);
}
