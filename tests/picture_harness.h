/*
 * picture_harness.h: pictures looked at as a reader would: an SVG is
 * checked by xmllint, rendered by rsvg-convert (librsvg) and read back
 * pixel by pixel (pngtopnm, netpbm, turns the PNG into a PPM read here);
 * a PDF page is rendered by pdftoppm (poppler). Where on the picture a
 * cell or a candidate is comes from the grid's frame, found in the SVG
 * (its rect of class "grid") or on a rendered page (its thick border),
 * and the 9 x 9 cells and 3 x 3 candidates drawn in it; never from the
 * library's code.
 */
#ifndef SUDOKU_TEST_PICTURE_HARNESS_H
#define SUDOKU_TEST_PICTURE_HARNESS_H

#include <stdbool.h>
#include <stddef.h>

/* An RGB image, 3 bytes a pixel, row after row. */
typedef struct image {
    int width, height;
    unsigned char *rgb;
} image;

/* A colour and how far (per channel) a pixel may be from it. */
typedef struct colour {
    int r, g, b, tolerance;
} colour;

/* The key of docs/pictures.md: the colours of the marks, of solved
 * digits, with the tolerance a rendering needs. */
extern const colour pattern_shade, set_shade, place_shade, cross, place_disc, on_disc, off_disc,
    solved_ink;

/* Where the grid is on an image: its left and top edges and side, in
 * pixels, its border's middle. */
typedef struct frame {
    double x, y, side;
} frame;

/* A box of pixels: [x0, x1) x [y0, y1). */
typedef struct box {
    int x0, y0, x1, y1;
} box;

/* The tool's name if one that the checks need is absent, else NULL:
 * "xmllint", "rsvg-convert", "pngtopnm" (SVG), "pdftoppm", "pdfinfo". */
const char *picture_tool_missing(const char *const *tools);

/* Runs a shell command line; returns its exit status (or -1). */
int picture_shell(const char *command);

/* True if the file at path is well-formed XML (xmllint --noout). */
bool picture_well_formed(const char *path);

/* Renders the SVG at svg_path, on white, into *img (rsvg-convert, then
 * pngtopnm); false if a tool fails. The image is the SVG's width and
 * height in pixels. */
bool picture_render_svg(const char *svg_path, image *img);

/* Reads a binary PPM (P6, 8 bits) into *img; false if it is not one. */
bool picture_read_ppm(const char *path, image *img);
void picture_free(image *img);

/* The grid's frame in an SVG's text: its rect of class "grid", in the
 * units of its viewBox, scaled to an image width pixels wide. */
bool picture_svg_frame(const char *svg, int width, frame *f);

/* The grid's frame on a rendered page: the first thick dark square found
 * from the top left (a page of several grids: the first one). */
bool picture_find_frame(const image *img, frame *f);

/* The box of a cell (0-80), less inset (a fraction of its side) at each
 * edge; of candidate digit d of a cell, likewise. */
box picture_cell_box(const frame *f, int cell, double inset);
box picture_candidate_box(const frame *f, int cell, int digit, double inset);

/* Pixels of box (clipped to the image) that are c / that are dark (each
 * channel below limit). */
int picture_count(const image *img, box b, colour c);
int picture_count_dark(const image *img, box b, int limit);

/* Patches of colour c (a pixel and the 8 about it all of it: not a blend
 * at an edge that comes near it) outside every box of boxes (each grown
 * by margin pixels): their count, and the first one's middle in *x, *y
 * when there is one. */
int picture_count_outside(const image *img, colour c, const box *boxes, int n, int margin, int *x,
                          int *y);

#endif
