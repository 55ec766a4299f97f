/*
 * picture_harness.c: rendering pictures with the system's tools and
 * reading their pixels back (picture_harness.h).
 */
#define _POSIX_C_SOURCE 200809L

#include "picture_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

const colour pattern_shade = {0xff, 0xe6, 0x80, 4};
const colour set_shade = {0xcf, 0xe3, 0xff, 4};
const colour place_shade = {0xc8, 0xf0, 0xc8, 4};
const colour cross = {0xe0, 0x20, 0x1b, 40};
const colour place_disc = {0x2e, 0xa0, 0x43, 30};
const colour on_disc = {0x8f, 0xdc, 0x8f, 12};
const colour off_disc = {0xa9, 0xc4, 0xf5, 12};
const colour solved_ink = {0x1f, 0x5f, 0xbf, 40};

const char *picture_tool_missing(const char *const *tools)
{
    for (; *tools; tools++) {
        char command[256];
        snprintf(command, sizeof command, "command -v %s >/dev/null 2>&1", *tools);
        if (picture_shell(command) != 0) return *tools;
    }
    return NULL;
}

int picture_shell(const char *command)
{
    int status = system(command);
    if (status == -1 || !WIFEXITED(status)) return -1;
    return WEXITSTATUS(status);
}

bool picture_well_formed(const char *path)
{
    char command[4200];
    snprintf(command, sizeof command, "xmllint --noout '%s' >/dev/null 2>&1", path);
    return picture_shell(command) == 0;
}

bool picture_render_svg(const char *svg_path, image *img)
{
    char command[8600], ppm[4200];
    snprintf(ppm, sizeof ppm, "%s.ppm", svg_path);
    snprintf(command, sizeof command,
             "rsvg-convert -b white '%s' 2>/dev/null | pngtopnm > '%s' 2>/dev/null", svg_path, ppm);
    bool ok = picture_shell(command) == 0 && picture_read_ppm(ppm, img);
    remove(ppm);
    return ok;
}

/* The next number of a PPM header, past spaces and comments. */
static bool header_number(FILE *f, int *n)
{
    int c = fgetc(f);
    while (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '#') {
        if (c == '#')
            while (c != '\n' && c != EOF) c = fgetc(f);
        c = fgetc(f);
    }
    if (c < '0' || c > '9') return false;
    *n = 0;
    for (; c >= '0' && c <= '9'; c = fgetc(f)) {
        if (*n > 100000) return false;
        *n = *n * 10 + (c - '0');
    }
    return true; /* the single space after the last number is consumed */
}

bool picture_read_ppm(const char *path, image *img)
{
    FILE *f = fopen(path, "rb");
    int maxval = 0;
    img->rgb = NULL;
    if (!f) return false;
    bool ok = fgetc(f) == 'P' && fgetc(f) == '6' && header_number(f, &img->width) &&
              header_number(f, &img->height) && header_number(f, &maxval) && maxval == 255 &&
              img->width > 0 && img->height > 0;
    size_t n = ok ? (size_t)img->width * (size_t)img->height * 3 : 0;
    if (ok) img->rgb = malloc(n);
    ok = ok && img->rgb && fread(img->rgb, 1, n, f) == n;
    fclose(f);
    if (!ok) picture_free(img);
    return ok;
}

void picture_free(image *img)
{
    free(img->rgb);
    img->rgb = NULL;
}

/* The number after name=" in the element that starts at tag. */
static bool attribute(const char *tag, const char *name, double *value)
{
    char key[32];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *end = strchr(tag, '>'), *at = strstr(tag, key);
    if (!at || (end && at > end)) return false;
    return sscanf(at + strlen(key), "%lf", value) == 1;
}

bool picture_svg_frame(const char *svg, int width, frame *f)
{
    const char *root = strstr(svg, "<svg"), *grid = strstr(svg, "class=\"grid\"");
    const char *view = root ? strstr(root, "viewBox=\"") : NULL;
    double vx, vy, vw, vh, x, y, side;
    if (!root || !grid || !view || sscanf(view + 9, "%lf %lf %lf %lf", &vx, &vy, &vw, &vh) != 4 ||
        vw <= 0)
        return false;
    while (grid > svg && *grid != '<') grid--;
    if (!attribute(grid, "x", &x) || !attribute(grid, "y", &y) || !attribute(grid, "width", &side))
        return false;
    double scale = width / vw;
    *f = (frame){(x - vx) * scale, (y - vy) * scale, side * scale};
    return true;
}

static bool dark_at(const image *img, int x, int y, int limit)
{
    if (x < 0 || y < 0 || x >= img->width || y >= img->height) return false;
    const unsigned char *p = img->rgb + ((size_t)y * (size_t)img->width + (size_t)x) * 3;
    return p[0] < limit && p[1] < limit && p[2] < limit;
}

/* True if a dark line runs down from (x, y) for about length pixels. */
static bool runs_down(const image *img, int x, int y, int length)
{
    int hits = 0;
    for (int k = 0; k < length; k++)
        hits += dark_at(img, x, y + k, 100) || dark_at(img, x + 1, y + k, 100) ||
                dark_at(img, x + 2, y + k, 100);
    return hits >= length * 9 / 10;
}

bool picture_find_frame(const image *img, frame *f)
{
    int shortest = img->width / 8;
    for (int y = 0; y < img->height; y++) {
        for (int x = 0; x < img->width;) {
            if (!dark_at(img, x, y, 100)) {
                x++;
                continue;
            }
            int end = x;
            while (end < img->width && (dark_at(img, end, y, 100) || dark_at(img, end + 1, y, 100)))
                end++;
            int length = end - x;
            if (length >= shortest && runs_down(img, x, y, length) &&
                runs_down(img, end - 3, y, length)) {
                int thick = 0;
                while (dark_at(img, x + length / 2, y + thick, 100)) thick++;
                *f = (frame){x + thick / 2.0, y + thick / 2.0, length - thick};
                return true;
            }
            x = end + 1;
        }
    }
    return false;
}

static box inset_box(double x, double y, double side, double inset)
{
    double in = side * inset;
    return (box){(int)(x + in + 0.5), (int)(y + in + 0.5), (int)(x + side - in + 0.5),
                 (int)(y + side - in + 0.5)};
}

box picture_cell_box(const frame *f, int cell, double inset)
{
    double side = f->side / 9;
    return inset_box(f->x + cell % 9 * side, f->y + cell / 9 * side, side, inset);
}

box picture_candidate_box(const frame *f, int cell, int digit, double inset)
{
    double side = f->side / 27;
    double x = f->x + cell % 9 * 3 * side + (digit - 1) % 3 * side;
    double y = f->y + cell / 9 * 3 * side + (digit - 1) / 3 * side;
    return inset_box(x, y, side, inset);
}

static bool matches(const unsigned char *p, colour c)
{
    return abs(p[0] - c.r) <= c.tolerance && abs(p[1] - c.g) <= c.tolerance &&
           abs(p[2] - c.b) <= c.tolerance;
}

int picture_count(const image *img, box b, colour c)
{
    int n = 0;
    for (int y = b.y0 < 0 ? 0 : b.y0; y < b.y1 && y < img->height; y++)
        for (int x = b.x0 < 0 ? 0 : b.x0; x < b.x1 && x < img->width; x++)
            n += matches(img->rgb + ((size_t)y * (size_t)img->width + (size_t)x) * 3, c);
    return n;
}

int picture_count_dark(const image *img, box b, int limit)
{
    int n = 0;
    for (int y = b.y0 < 0 ? 0 : b.y0; y < b.y1 && y < img->height; y++)
        for (int x = b.x0 < 0 ? 0 : b.x0; x < b.x1 && x < img->width; x++)
            n += dark_at(img, x, y, limit);
    return n;
}

/* True if the pixel at (x, y) and the 8 about it are all c: a patch of
 * the colour, not a blend at an edge that happens to come near it. */
static bool patch_at(const image *img, int x, int y, colour c)
{
    if (x < 1 || y < 1 || x + 1 >= img->width || y + 1 >= img->height) return false;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (!matches(img->rgb + ((size_t)(y + dy) * (size_t)img->width + (size_t)(x + dx)) * 3,
                         c))
                return false;
    return true;
}

int picture_count_outside(const image *img, colour c, const box *boxes, int n, int margin,
                          int *x_out, int *y_out)
{
    int count = 0;
    for (int y = 0; y < img->height; y++)
        for (int x = 0; x < img->width; x++) {
            if (!patch_at(img, x, y, c)) continue;
            bool inside = false;
            for (int i = 0; i < n && !inside; i++)
                inside = x >= boxes[i].x0 - margin && x < boxes[i].x1 + margin &&
                         y >= boxes[i].y0 - margin && y < boxes[i].y1 + margin;
            if (inside) continue;
            if (count++ == 0) {
                *x_out = x;
                *y_out = y;
            }
        }
    return count;
}
