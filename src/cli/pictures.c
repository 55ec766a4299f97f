/*
 * pictures.c: pictures on their way out: drawn by the library into a
 * job's text, written to standard output or to the numbered files of
 * --output-dir, and the choice of colours for a terminal (NO_COLOR).
 */
#define _POSIX_C_SOURCE 200809L

#include "pictures.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A picture fits this at first; a longer one is drawn again in its size. */
#define PICTURE_ROOM 65536

typedef size_t draw_fn(const picture_request *request, char *buf, size_t size);

static size_t draw_svg(const picture_request *r, char *buf, size_t size)
{
    if (r->step) return sudoku_svg_step(r->givens, r->state, r->step, r->flags, buf, size);
    if (r->state) return sudoku_svg_candidates(r->givens, r->state, r->flags, buf, size);
    return sudoku_svg_grid(r->givens, r->grid, r->flags, buf, size);
}

static size_t draw_terminal(const picture_request *r, char *buf, size_t size)
{
    return sudoku_format_step_grid(r->givens, r->state, r->step, r->flags, buf, size);
}

/* Draws into text's end, again in the size it needs when that is more. */
static void add_drawing(cli_text *text, const picture_request *request, draw_fn *draw)
{
    char *room = cli_text_reserve(text, PICTURE_ROOM);
    if (!room) return;
    size_t n = draw(request, room, PICTURE_ROOM + 1);
    if (n > PICTURE_ROOM) {
        room = cli_text_reserve(text, n);
        if (!room) return;
        draw(request, room, n + 1);
    }
    text->len += n;
}

void pictures_add_svg(cli_text *text, const picture_request *request)
{
    add_drawing(text, request, draw_svg);
}

void pictures_add_terminal(cli_text *text, const picture_request *request)
{
    add_drawing(text, request, draw_terminal);
}

void pictures_path(const char *dir, unsigned long number, int step, char *path, size_t size)
{
    if (step > 0)
        snprintf(path, size, "%s/%04lu-%03d.svg", dir, number, step);
    else
        snprintf(path, size, "%s/%04lu.svg", dir, number);
}

int pictures_save(const char *path, const char *data, size_t n)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0) return errno;
    while (n > 0) {
        ssize_t k = write(fd, data, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) {
            int e = k < 0 ? errno : EIO;
            close(fd);
            return e;
        }
        data += k;
        n -= (size_t)k;
    }
    return close(fd) == 0 ? 0 : errno;
}

void pictures_write(cli_run *run, const cli_job *job, const char *svg, size_t n)
{
    const char *dir = run->common->output_dir;
    if (!dir) {
        fwrite(svg, 1, n, run->out);
        return;
    }
    char path[4096 + 32];
    pictures_path(dir, job->number + 1, 0, path, sizeof path);
    int e = pictures_save(path, svg, n);
    if (e) {
        char message[4096 + 128];
        snprintf(message, sizeof message, "cannot write %s: %s", path, strerror(e));
        cli_record_error(job, job->record.line, message);
        cli_raise_status(run, EXIT_BAD_INPUT);
        fputs("unwritten\n", run->out);
        return;
    }
    fprintf(run->out, "%s\n", path);
}

bool pictures_parse_color(const char *value, pictures_color *when)
{
    static const char *const names[] = {"auto", "always", "never"};
    for (int i = 0; i < 3; i++)
        if (strcmp(value, names[i]) == 0) {
            *when = (pictures_color)i;
            return true;
        }
    return false;
}

bool pictures_use_color(pictures_color when)
{
    if (when != COLOR_AUTO) return when == COLOR_ALWAYS;
    const char *no_color = getenv("NO_COLOR"), *term = getenv("TERM");
    if (no_color && no_color[0]) return false;
    if (term && strcmp(term, "dumb") == 0) return false;
    return isatty(STDOUT_FILENO) == 1;
}
