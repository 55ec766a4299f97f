"""Python binding of libsudoku: parse puzzles in any layout, solve and count
their solutions, show the candidates, explain, rate and hint as a person
would solve them, put them in canonical form, generate new ones and check
them as a setter would.

It loads the shared library with ctypes (standard library only, nothing to
compile). The library is found, in this order: the path in the environment
variable SUDOKU_LIB; the directory `make install` put it in, when that is
one the dynamic linker does not search (a PREFIX of one's own); the build
tree, for the package in a source tree after `make`; libsudoku.so.0 (its
soname) where the dynamic linker finds it: the libsudoku0 package, `make
install` into a system directory, or LD_LIBRARY_PATH. A wheel built from
python/ (pyproject.toml) finds it the same way.

    >>> import sudoku
    >>> sudoku.solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    '417369825632158947958724316825437169791586432346912758289643571573291684164875293'

Puzzles are strings in any layout the command takes (docs/input-formats.md):
an 81-character line, a grid, a list printed by Python, CSV rows... Grids
come back as 81-character strings, '.' for a blank. A text that is not a
puzzle raises SudokuError, which says what is wrong and where.
"""

import ctypes
import errno
import json
import os
from collections import namedtuple

__all__ = [
    "SudokuError", "OverBudget", "NotUnique", "parse", "solve", "count", "candidates", "hint", "explain",
    "rate", "Explanation", "Rating", "canon", "generate", "check", "Check", "SYMMETRIES",
    "DIFFICULTIES", "transform", "State", "apply",
]

# The library's version, sudoku.h's SUDOKU_VERSION (the tests compare them);
# its first number is the soname's.
__version__ = "0.1.0"

SYMMETRIES = ("none", "rotate180", "rotate90", "mirror", "flip", "diagonal", "antidiagonal",
              "biaxial", "bidiagonal", "full")

# `sudoku generate --difficulty`'s named ranges of ratings (docs/generate.md).
DIFFICULTIES = {"easy": (1.0, 1.5), "medium": (1.6, 2.5), "hard": (2.6, 5.9),
                "expert": (6.0, 8.9), "extreme": (9.0, 99.9)}

CELLS = 81
_ULONG_MAX = 2 ** (8 * ctypes.sizeof(ctypes.c_ulong)) - 1
_TEXT_MAX = 4096
_MESSAGE_MAX = 256
_LINKS_MAX = 256
_LOGIC_NO_UNIQUENESS = 1


class _Grid(ctypes.Structure):
    _fields_ = [("cell", ctypes.c_uint8 * CELLS)]


class _Board(ctypes.Structure):
    _fields_ = [("candidates", ctypes.c_uint16 * CELLS)]


class _Error(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int), ("line", ctypes.c_long), ("column", ctypes.c_long),
                ("message", ctypes.c_char * _MESSAGE_MAX)]


class _Result(ctypes.Structure):
    _fields_ = [("solutions", ctypes.c_ulong), ("guesses", ctypes.c_ulong),
                ("solution", _Grid), ("over_budget", ctypes.c_bool)]


class _Link(ctypes.Structure):
    _fields_ = [("cell", ctypes.c_uint8), ("digit", ctypes.c_uint8), ("on", ctypes.c_bool),
                ("start", ctypes.c_bool)]


class _Step(ctypes.Structure):
    _fields_ = [("technique", ctypes.c_int), ("variant", ctypes.c_int),
                ("rating", ctypes.c_int), ("units", ctypes.c_uint32),
                ("digits", ctypes.c_uint16), ("extra", ctypes.c_uint16),
                ("ncells", ctypes.c_int), ("npattern", ctypes.c_int),
                ("cells", ctypes.c_uint8 * CELLS), ("place", ctypes.c_uint8 * CELLS),
                ("eliminate", ctypes.c_uint16 * CELLS), ("nlinks", ctypes.c_int),
                ("links_cut", ctypes.c_bool), ("complexity", ctypes.c_int),
                ("links", _Link * _LINKS_MAX)]


class _Logic(ctypes.Structure):
    _fields_ = [("placed", _Grid), ("candidates", ctypes.c_uint16 * CELLS)]


class _Transform(ctypes.Structure):
    _fields_ = [("transpose", ctypes.c_bool), ("rows", ctypes.c_uint8 * 9),
                ("columns", ctypes.c_uint8 * 9), ("digits", ctypes.c_uint8 * 10)]


class _Generator(ctypes.Structure):
    _fields_ = [("symmetry", ctypes.c_int), ("fewest_clues", ctypes.c_int),
                ("minimal", ctypes.c_bool)]


class _Rating(ctypes.Structure):
    _fields_ = [("er", ctypes.c_int), ("ep", ctypes.c_int), ("ed", ctypes.c_int),
                ("steps", ctypes.c_int), ("hardest", ctypes.c_int)]


# The structures above as sudoku.h lays them out; the tests compare their
# sizes and offsets with a C compiler's.
STRUCTS = {"sudoku_grid": _Grid, "sudoku_board": _Board, "sudoku_error": _Error,
           "sudoku_result": _Result, "sudoku_link": _Link, "sudoku_step": _Step,
           "sudoku_logic": _Logic, "sudoku_rating": _Rating, "sudoku_transform": _Transform,
           "sudoku_generator": _Generator}


_SONAME = "libsudoku.so." + __version__.split(".")[0]


def _find_library():
    """The library's path, or its soname for the dynamic linker to find."""
    path = os.environ.get("SUDOKU_LIB")
    if path:
        return path
    try:
        from . import _installed  # written by make install
        if _installed.LIBDIR:
            return os.path.join(_installed.LIBDIR, _SONAME)
    except ImportError:
        pass
    here = os.path.dirname(os.path.abspath(__file__))
    built = os.path.join(here, os.pardir, os.pardir, "build", _SONAME)
    if os.path.exists(built):
        return built
    return _SONAME


def _load(path):
    try:
        return ctypes.CDLL(path, use_errno=True)
    except OSError as why:
        raise OSError("%s: %s (build it with make, install it with make install or the "
                      "libsudoku0 package, or set SUDOKU_LIB to its path)" % (path, why)) from None


def _declare(lib, path):
    """Gives each function of sudoku.h used here its C signature; OSError
    if the library at path lacks one (not libsudoku, or another version)."""
    p = ctypes.POINTER
    signatures = {
        "sudoku_parse": (ctypes.c_bool, [ctypes.c_char_p, ctypes.c_size_t, p(_Grid), p(_Error)]),
        "sudoku_parse_candidates": (ctypes.c_bool, [ctypes.c_char_p, ctypes.c_size_t,
                                                    p(_Board), p(_Error)]),
        "sudoku_solve": (ctypes.c_ulong, [p(_Grid), ctypes.c_ulong, p(_Result)]),
        "sudoku_search": (ctypes.c_ulong, [p(_Board), ctypes.c_ulong, p(_Result)]),
        "sudoku_propagate": (ctypes.c_bool, [p(_Grid), p(_Board)]),
        "sudoku_board_init": (None, [p(_Board)]),
        "sudoku_eliminate": (ctypes.c_bool, [p(_Board), ctypes.c_int, ctypes.c_int]),
        "sudoku_format_line": (ctypes.c_size_t, [p(_Grid), ctypes.c_char_p, ctypes.c_size_t]),
        "sudoku_logic_from_grid": (ctypes.c_bool, [p(_Logic), p(_Grid)]),
        "sudoku_logic_from_board": (None, [p(_Logic), p(_Board)]),
        "sudoku_logic_solved": (ctypes.c_bool, [p(_Logic)]),
        "sudoku_logic_next_memo": (ctypes.c_bool, [p(_Logic), ctypes.c_uint,
                                                   p(ctypes.c_ulonglong), ctypes.c_void_p,
                                                   p(_Step)]),
        "sudoku_logic_memo_new": (ctypes.c_void_p, []),
        "sudoku_logic_memo_free": (None, [ctypes.c_void_p]),
        "sudoku_logic_apply": (None, [p(_Logic), p(_Step)]),
        "sudoku_rating_add": (None, [p(_Rating), p(_Step)]),
        "sudoku_technique_name": (ctypes.c_char_p, [ctypes.c_int]),
        "sudoku_format_step": (ctypes.c_size_t, [p(_Step), ctypes.c_char_p, ctypes.c_size_t]),
        "sudoku_format_step_json": (ctypes.c_size_t, [p(_Step), ctypes.c_char_p,
                                                      ctypes.c_size_t]),
        "sudoku_canon": (ctypes.c_bool, [p(_Grid), p(_Grid), p(_Transform), p(ctypes.c_ulong)]),
        "sudoku_generate": (ctypes.c_bool, [p(_Generator), p(ctypes.c_uint64), p(_Grid),
                                            p(_Grid)]),
        "sudoku_redundant_clues": (ctypes.c_int, [p(_Grid), p(ctypes.c_bool * CELLS)]),
        "sudoku_symmetries_of": (ctypes.c_uint, [p(_Grid)]),
        "sudoku_symmetry_includes": (ctypes.c_bool, [ctypes.c_int, ctypes.c_int]),
        "sudoku_rate": (ctypes.c_int, [p(_Grid), ctypes.c_uint, ctypes.c_ulonglong, ctypes.c_int,
                                       p(_Rating)]),
        "sudoku_logic_to_board": (None, [p(_Logic), p(_Board)]),
        "sudoku_format_pencilmarks": (ctypes.c_size_t, [p(_Board), ctypes.c_char_p,
                                                        ctypes.c_size_t]),
        "sudoku_transform_identity": (None, [p(_Transform)]),
        "sudoku_transform_apply": (None, [p(_Transform), p(_Grid), p(_Grid)]),
        "sudoku_transform_apply_board": (None, [p(_Transform), p(_Board), p(_Board)]),
        "sudoku_transform_then": (None, [p(_Transform), p(_Transform), p(_Transform)]),
        "sudoku_transform_invert": (None, [p(_Transform), p(_Transform)]),
        "sudoku_transform_random": (None, [p(_Transform), p(ctypes.c_uint64)]),
        "sudoku_transform_rotate": (None, [p(_Transform), ctypes.c_int]),
        "sudoku_transform_reflect": (None, [p(_Transform), ctypes.c_int]),
        "sudoku_transform_swap": (ctypes.c_bool, [p(_Transform), ctypes.c_int, ctypes.c_int,
                                                  ctypes.c_int]),
        "sudoku_transform_relabel": (ctypes.c_bool, [p(_Transform), p(ctypes.c_uint8 * 9)]),
    }
    for name, (restype, argtypes) in signatures.items():
        try:
            function = getattr(lib, name)
        except AttributeError:
            raise OSError("%s is not a libsudoku this binding can use: it has no %s"
                          % (path, name)) from None
        function.restype = restype
        function.argtypes = argtypes
    return lib


_path = _find_library()
_lib = _declare(_load(_path), _path)


class SudokuError(ValueError):
    """A text that is not a puzzle: message says what and where; line and
    column count from 1 (0 when they do not apply); kind is the library's
    sudoku_error_kind as a number."""

    def __init__(self, message, line=0, column=0, kind=0):
        super().__init__(message)
        self.message, self.line, self.column, self.kind = message, line, column, kind


class OverBudget(RuntimeError):
    """The logic engine's budget of work (budget=, in units of work) ran out
    before the answer: explanation is the path up to there (an
    Explanation, solved False), or None for hint."""

    def __init__(self, explanation=None):
        super().__init__("over the budget of units of work")
        self.explanation = explanation


class NotUnique(ValueError):
    """explain, rate or hint was asked to assume one solution of a puzzle
    with none or several, where logic proves nothing (the command refuses
    such a puzzle too, unless --anyway): solutions is 0 or 2 (two or
    more)."""

    def __init__(self, solutions):
        super().__init__("no solution" if solutions == 0 else "multiple solutions")
        self.solutions = solutions


def _logic_of(puzzle, assume_unique):
    """The logic engine's state for puzzle and its flags; NotUnique if
    assume_unique and the puzzle has not exactly one solution."""
    parsed = _Puzzle(puzzle)
    state = parsed.logic()  # givens that clash raise SudokuError first
    if not assume_unique:
        return state, _LOGIC_NO_UNIQUENESS
    solutions = parsed.search(2).solutions
    if solutions != 1:
        raise NotUnique(solutions)
    return state, 0


def _budget(budget):
    """A budget of units of work for the C calls: None (no limit) or a count."""
    if budget is None:
        return None
    return ctypes.c_ulonglong(_count_arg("budget", budget, 1, 2 ** 64 - 1))


def _next_step(state, flags, left, memo, step):
    """sudoku_logic_next_memo within left (None: no limit; memo None: none);
    True with step, or False: stuck, or over budget if left ran out.
    MemoryError if memory ran short (the next step is not known)."""
    ctypes.set_errno(0)
    found = _lib.sudoku_logic_next_memo(ctypes.byref(state), flags,
                                        None if left is None else ctypes.byref(left), memo,
                                        ctypes.byref(step))
    if not found and ctypes.get_errno() == errno.ENOMEM:
        raise MemoryError("the logic engine ran out of memory")
    return found


def _raise(err):
    raise SudokuError(err.message.decode("utf-8", "replace"), err.line, err.column, err.kind)


def _grid_text(grid):
    return "".join(str(d) if d else "." for d in grid.cell)


def _text_bytes(text):
    """A puzzle's text as bytes: a str (UTF-8) or bytes-like, nothing else
    (bytes(5) would be five NUL bytes, not an error)."""
    if isinstance(text, str):
        # a lone surrogate passes as bytes the parser names as a bad character
        return text.encode("utf-8", "surrogatepass")
    if isinstance(text, (bytes, bytearray, memoryview)):
        return bytes(text)
    raise TypeError("a puzzle is a str or bytes, not " + type(text).__name__)


def _count_arg(name, value, lowest, highest):
    """An int argument checked against its range: ctypes would wrap it."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(name + " must be an int, not " + type(value).__name__)
    if not lowest <= value <= highest:
        raise ValueError("%s must be from %d to %d, not %d" % (name, lowest, highest, value))
    return value


# The most cells a text meant as one puzzle holds: beyond, halfway to the
# 729 of candidates, it was meant as candidates (as the command judges).
_CELLS_MEANT = (CELLS + 9 * CELLS) // 2


def _looks_like_candidate_grid(data):
    """As the command judges an argument: most of the 81 cells are groups of
    digits alone between spaces, one of them at least two rising digits (a
    player's state, whose eliminations its single candidates would lose)."""
    groups = [g for g in data.split() if g.isdigit() and b"0" not in g]
    return (len(groups) >= CELLS * 2 // 3
            and any(len(g) >= 2 and list(g) == sorted(set(g)) for g in groups))


class _Puzzle:
    """A parsed puzzle: its givens, or the candidates it was given as."""

    def __init__(self, text):
        data = _text_bytes(text)
        self.grid, self.board, err = _Grid(), None, _Error()
        board, board_err = _Board(), _Error()
        grid_like = _looks_like_candidate_grid(data)
        if grid_like and _lib.sudoku_parse_candidates(data, len(data), ctypes.byref(board),
                                                      ctypes.byref(board_err)):
            self.board = board
            return
        if _lib.sudoku_parse(data, len(data), ctypes.byref(self.grid), ctypes.byref(err)):
            return
        if not grid_like and _lib.sudoku_parse_candidates(data, len(data), ctypes.byref(board),
                                                          ctypes.byref(board_err)):
            self.board = board
            return
        cells = sum(1 for b in data if b in b"0123456789.")
        _raise(board_err if grid_like or cells > _CELLS_MEANT else err)

    def givens(self, what):
        """The grid of a puzzle given by its cells; what takes no candidates."""
        if self.board is not None:
            raise SudokuError(what + " takes puzzles given by their cells, not candidates "
                              "(pencilmarks)")
        return self.grid

    def search(self, limit):
        result = _Result()
        if self.board is not None:
            _lib.sudoku_search(ctypes.byref(self.board), limit, ctypes.byref(result))
        else:
            _lib.sudoku_solve(ctypes.byref(self.grid), limit, ctypes.byref(result))
        return result

    def logic(self):
        state = _Logic()
        if self.board is not None:
            _lib.sudoku_logic_from_board(ctypes.byref(state), ctypes.byref(self.board))
        elif not _lib.sudoku_logic_from_grid(ctypes.byref(state), ctypes.byref(self.grid)):
            raise SudokuError("two givens clash")
        return state


def parse(text):
    """Reads a puzzle in any layout; returns its 81 cells, '.' for blanks.
    Raises SudokuError if text is not exactly one valid puzzle."""
    grid, err = _Grid(), _Error()
    data = _text_bytes(text)
    if not _lib.sudoku_parse(data, len(data), ctypes.byref(grid), ctypes.byref(err)):
        _raise(err)
    return _grid_text(grid)


def solve(puzzle):
    """Returns the solution of puzzle (81 digits), its first one if it has
    several (count tells), or None if it has none. puzzle may also be given
    as its candidates (729 characters)."""
    result = _Puzzle(puzzle).search(1)
    return _grid_text(result.solution) if result.solutions else None


def count(puzzle, limit=1000):
    """Counts puzzle's solutions, stopping at limit (a count equal to limit
    means at least that many): 0, 1 (a proper puzzle), or more."""
    _count_arg("limit", limit, 1, _ULONG_MAX)
    return _Puzzle(puzzle).search(limit).solutions


def candidates(puzzle):
    """The candidates naked and hidden singles leave in each cell, as in
    Norvig's essay: a list of 81 strings of digits ('4', '1679'). Returns
    None if the givens contradict each other before any guess. A puzzle
    given as candidates starts from them."""
    parsed, board = _Puzzle(puzzle), _Board()
    if parsed.board is None:
        consistent = _lib.sudoku_propagate(ctypes.byref(parsed.grid), ctypes.byref(board))
    else:
        _lib.sudoku_board_init(ctypes.byref(board))
        consistent = all(_lib.sudoku_eliminate(ctypes.byref(board), cell, digit)
                         for cell in range(CELLS) for digit in range(1, 10)
                         if not parsed.board.candidates[cell] >> (digit - 1) & 1)
    if not consistent:
        return None
    return ["".join(str(d) for d in range(1, 10) if mask >> (d - 1) & 1)
            for mask in board.candidates]


def _formatted(format_step, step):
    """A step's text whole: the formatters return the length they need, as
    snprintf does, and a long chain may need more than _TEXT_MAX."""
    buf = ctypes.create_string_buffer(_TEXT_MAX)
    length = format_step(ctypes.byref(step), buf, _TEXT_MAX)
    if length >= _TEXT_MAX:
        buf = ctypes.create_string_buffer(length + 1)
        format_step(ctypes.byref(step), buf, length + 1)
    return buf.value.decode("utf-8")


def _step_dict(step):
    value = json.loads(_formatted(_lib.sudoku_format_step_json, step))
    value["text"] = _formatted(_lib.sudoku_format_step, step)
    return value


Rating = namedtuple("Rating", "er ep ed")
Rating.__doc__ = ("Sudoku Explainer's ratings: ER the hardest step, EP the hardest up to the "
                  "first placed digit, ED the first step's (None where no step was taken).")

Explanation = namedtuple("Explanation", "steps rating solved hardest")
Explanation.__doc__ = (
    "The logic engine's path: steps, a list of dicts (technique, rating, placements and "
    "eliminations as [row, column, digit] lists, cells, digits, text: the step in words); "
    "rating, a Rating; solved, False if the engine got stuck; hardest, the technique "
    "rated ER.")


def explain(puzzle, assume_unique=True, budget=None):
    """Solves puzzle as a person would, one step after the other, each the
    first step of the easiest technique that applies, in Sudoku Explainer's
    order; returns an Explanation. A puzzle without exactly one solution
    raises NotUnique, unless assume_unique=False: then the techniques that
    assume one solution (unique rectangles and loops, BUG) are left out, as
    they should be for a puzzle with several (the command's --anyway).
    budget (None: no limit) bounds the work, in the units the command's
    --budget counts: when it runs out, OverBudget is raised with the
    path so far."""
    state, flags = _logic_of(puzzle, assume_unique)
    left = _budget(budget)
    step, rating, steps = _Step(), _Rating(), []
    # The memo spares the engine the searches that cannot find anything new;
    # without one (NULL, out of memory) it looks everywhere: same steps.
    memo = _lib.sudoku_logic_memo_new()
    over = False
    try:
        while not _lib.sudoku_logic_solved(ctypes.byref(state)):
            if not _next_step(state, flags, left, memo, step):
                over = left is not None and left.value == 0
                break
            steps.append(_step_dict(step))
            _lib.sudoku_rating_add(ctypes.byref(rating), ctypes.byref(step))
            _lib.sudoku_logic_apply(ctypes.byref(state), ctypes.byref(step))
    finally:
        _lib.sudoku_logic_memo_free(memo)
    solved = bool(_lib.sudoku_logic_solved(ctypes.byref(state)))
    ratings = Rating(*(value / 10 if value else None for value in (rating.er, rating.ep, rating.ed)))
    hardest = _lib.sudoku_technique_name(rating.hardest).decode() if steps else None
    explanation = Explanation(steps, ratings, solved, hardest)
    if over:
        raise OverBudget(explanation)
    return explanation


def rate(puzzle, budget=None, assume_unique=True):
    """Sudoku Explainer's ratings of puzzle (a Rating), or None if the logic
    engine gets stuck before the end; budget and assume_unique as in
    explain."""
    explanation = explain(puzzle, assume_unique=assume_unique, budget=budget)
    return explanation.rating if explanation.solved else None


def hint(puzzle, budget=None, assume_unique=True):
    """The next step a person would take (a dict, as in explain), or None if
    the puzzle is solved already or no technique applies; budget and
    assume_unique as in explain (OverBudget when the budget runs out,
    NotUnique for a puzzle without one solution)."""
    state, flags = _logic_of(puzzle, assume_unique)
    step, left = _Step(), _budget(budget)
    found = _next_step(state, flags, left, None, step)
    if not found and left is not None and left.value == 0:
        raise OverBudget()
    return _step_dict(step) if found else None


def canon(puzzle):
    """The canonical (minlex) form of puzzle or of a solution grid: 81
    characters, the same for every equivalent puzzle and only for them."""
    form = _Grid()
    grid = _Puzzle(puzzle).givens("canon")
    if not _lib.sudoku_canon(ctypes.byref(grid), ctypes.byref(form), None, None):
        raise SudokuError("two givens clash")
    return _grid_text(form)


# As `sudoku generate` draws (src/cli/cmd_generate.c, docs/generate.md):
# puzzle i of a run from the seed S + i x _SEED_STEP (mod 2^64), mixed; a
# random symmetry from the seed's complement, mixed; ratings within the
# command's budget, so that the same seed and options give the command's
# puzzles.
_SEED_STEP = 0x9E3779B97F4A7C15
_MASK64 = 2 ** 64 - 1
_RATE_BUDGET = 2000000000
_RATE_SOLVED = 0


def _mixed(seed):
    seed ^= seed >> 33
    seed = seed * 0xFF51AFD7ED558CCD & _MASK64
    seed ^= seed >> 33
    seed = seed * 0xC4CEB9FE1A85EC53 & _MASK64
    return seed ^ (seed >> 33)


def _tenths(value, name):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 99.9:
        raise ValueError("%s: a rating from 0.0 to 99.9, not %r" % (name, value))
    return int(round(value * 10))


def _rating_range(rating, difficulty):
    """The range of ER, in tenths, that rating (a number or a (low, high)
    pair) or difficulty (a name of DIFFICULTIES) asks for, or None."""
    if rating is not None and difficulty is not None:
        raise ValueError("rating and difficulty both set the range of ratings: give one")
    if difficulty is not None:
        if difficulty not in DIFFICULTIES:
            raise ValueError("difficulty is one of " + ", ".join(DIFFICULTIES))
        rating = DIFFICULTIES[difficulty]
    if rating is None:
        return None
    low, high = rating if isinstance(rating, (tuple, list)) else (rating, rating)
    low, high = _tenths(low, "rating"), _tenths(high, "rating")
    if low > high or high < 10:
        raise ValueError("no puzzle is rated in %r (ratings are 1.0 and up, low to high)"
                         % (rating,))
    return low, high


def _clue_range(clues, fewest_clues):
    """(floor of removals, most clues kept) from clues (a count or a (low,
    high) pair, as --clues) or the older fewest_clues (a floor alone)."""
    if clues is None:
        _count_arg("fewest_clues", fewest_clues, 0, CELLS)
        return fewest_clues, CELLS
    if fewest_clues:
        raise ValueError("clues and fewest_clues both set the clues: give one")
    low, high = clues if isinstance(clues, (tuple, list)) else (clues, clues)
    _count_arg("clues", low, 17, CELLS)
    _count_arg("clues", high, low, CELLS)
    return low, high


def generate(count=1, seed=None, symmetry="none", minimal=False, fewest_clues=0,
             attempts=100000, clues=None, rating=None, difficulty=None):
    """count new puzzles with exactly one solution, as a list of (puzzle,
    solution) pairs of 81-character strings, as `sudoku generate` makes
    them: the same seed and options give the command's puzzles.

    Clues are taken away from a random solution grid in a random order, a
    symmetry orbit at a time (symmetry: one of SYMMETRIES, or "random": one
    drawn for each puzzle); without a symmetry the puzzles are minimal
    unless the clues stop the removals first. minimal=True draws again
    until a puzzle is. clues=N (or (A, B)) takes clues away down to N (A)
    and keeps only puzzles of N (A to B) clues, as --clues; fewest_clues
    sets the floor alone. rating=R or (low, high) keeps only puzzles Sudoku
    Explainer rates so (ER), as --rating; difficulty names such a range
    (DIFFICULTIES: easy, medium, hard, expert, extreme), as --difficulty.
    After attempts draws for one puzzle it raises RuntimeError, as the
    command reports a puzzle not found."""
    if symmetry != "random" and symmetry not in SYMMETRIES:
        raise ValueError("symmetry is one of " + ", ".join(SYMMETRIES + ("random",)))
    _count_arg("count", count, 0, 2 ** 31 - 1)
    _count_arg("attempts", attempts, 1, 2 ** 63)
    floor, most = _clue_range(clues, fewest_clues)
    wanted = _rating_range(rating, difficulty)
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    seed = _seed_arg(seed)
    puzzles = []
    for number in range(count):
        own = (seed + number * _SEED_STEP) & _MASK64
        state = ctypes.c_uint64(_mixed(own))
        chosen = (_mixed(~own & _MASK64) % len(SYMMETRIES) if symmetry == "random"
                  else SYMMETRIES.index(symmetry))
        how = _Generator(chosen, floor, minimal)
        for _ in range(attempts):
            puzzle, solution = _Grid(), _Grid()
            if not _lib.sudoku_generate(ctypes.byref(how), ctypes.byref(state),
                                        ctypes.byref(puzzle), ctypes.byref(solution)):
                continue
            if sum(1 for d in puzzle.cell if d) > most:
                continue
            if wanted is not None:
                ratings = _Rating()
                outcome = _lib.sudoku_rate(ctypes.byref(puzzle), 0, _RATE_BUDGET, wanted[1],
                                           ctypes.byref(ratings))
                if outcome != _RATE_SOLVED or ratings.er < wanted[0]:
                    continue
            puzzles.append((_grid_text(puzzle), _grid_text(solution)))
            break
        else:
            raise RuntimeError("puzzle %d: none of the options asked for in %d attempts"
                               % (number + 1, attempts))
    return puzzles


def _seed_arg(seed):
    """A seed: an int from 0 to 2^64 - 1, or its decimal digits as a str, as
    the command's JSON writes it."""
    if isinstance(seed, str) and seed.isdigit() and seed.isascii():
        seed = int(seed)
    return _count_arg("seed", seed, 0, _MASK64)


# ---- transform: equivalent puzzles, as `sudoku transform` makes them ----

_REFLECTIONS = {"mirror": 0, "flip": 1, "transpose": 2, "antitranspose": 3}
_SWAPS = {"swap-bands": (0, 3), "swap-rows": (1, 9), "swap-stacks": (2, 3),
          "swap-columns": (3, 9)}


def _pair(value, name, highest):
    try:
        a, b = (int(x) for x in value.split(","))
    except ValueError:
        raise ValueError("%s needs two numbers such as 1,2, not %r" % (name, value)) from None
    if not (1 <= a <= highest and 1 <= b <= highest):
        raise ValueError("%s: lines are 1 to %d, not %r" % (name, highest, value))
    return a - 1, b - 1


def _one_transform(operation, state):
    """The transformation one operation names (as the command's option,
    without its dashes); random ones drawn from state."""
    t = _Transform()
    _lib.sudoku_transform_identity(ctypes.byref(t))
    name, _, value = operation.partition("=")
    if name == "rotate" and value in ("90", "180", "270"):
        _lib.sudoku_transform_rotate(ctypes.byref(t), int(value) // 90)
    elif name in _REFLECTIONS and not value:
        _lib.sudoku_transform_reflect(ctypes.byref(t), _REFLECTIONS[name])
    elif name in _SWAPS:
        what, highest = _SWAPS[name]
        a, b = _pair(value, name, highest)
        if not _lib.sudoku_transform_swap(ctypes.byref(t), what, a, b):
            raise ValueError("%s=%s: two rows (columns) of one band (stack) only" % (name, value))
    elif name == "relabel":
        if sorted(value) != list("123456789"):
            raise ValueError("relabel needs the nine digits in their new order, not %r" % value)
        _lib.sudoku_transform_relabel(ctypes.byref(t), (ctypes.c_uint8 * 9)(*map(int, value)))
    elif name == "random" and not value:
        _lib.sudoku_transform_random(ctypes.byref(t), ctypes.byref(state))
    else:
        raise ValueError("no transformation %r (rotate=90|180|270, mirror, flip, transpose, "
                         "antitranspose, swap-bands=A,B, swap-stacks=A,B, swap-rows=A,B, "
                         "swap-columns=A,B, relabel=DIGITS, random)" % operation)
    return t


def transform(puzzle, *operations, seed=None, invert=False):
    """puzzle turned into an equivalent one by the operations, applied in
    the order given, each named as `sudoku transform` names its options
    without their dashes: "rotate=90" (180, 270), "mirror", "flip",
    "transpose", "antitranspose", "swap-bands=1,3", "swap-stacks=A,B",
    "swap-rows=A,B" and "swap-columns=A,B" (counted from 1; two rows or
    columns of one band or stack), "relabel=987654321" (digit d becomes the
    d-th), "random" (drawn uniformly, from seed: the same seed gives what
    `sudoku transform --random --seed=S` gives a single puzzle). invert
    applies the inverse of the whole chain. Returns 81 characters, or the
    729 of candidates for a puzzle given as candidates (transformed too)."""
    parsed = _Puzzle(puzzle)
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    # the command's state for its first record (cmd_transform.c)
    state = ctypes.c_uint64(_seed_arg(seed) ^ 0xD1B54A32D192ED03)
    how = _Transform()
    _lib.sudoku_transform_identity(ctypes.byref(how))
    for operation in operations:
        if not isinstance(operation, str):
            raise TypeError("an operation is a str such as 'rotate=90'")
        step = _one_transform(operation, state)
        _lib.sudoku_transform_then(ctypes.byref(how), ctypes.byref(step), ctypes.byref(how))
    if invert:
        _lib.sudoku_transform_invert(ctypes.byref(how), ctypes.byref(how))
    if parsed.board is not None:
        board = _Board()
        _lib.sudoku_transform_apply_board(ctypes.byref(how), ctypes.byref(parsed.board),
                                          ctypes.byref(board))
        return _pencilmarks(board)
    grid = _Grid()
    _lib.sudoku_transform_apply(ctypes.byref(how), ctypes.byref(parsed.grid), ctypes.byref(grid))
    return _grid_text(grid)


def _pencilmarks(board):
    buf = ctypes.create_string_buffer(9 * CELLS + 1)
    _lib.sudoku_format_pencilmarks(ctypes.byref(board), buf, len(buf))
    return buf.value.decode()


# ---- a state of play, and a step applied to it ----

class State:
    """The logic engine's state of a puzzle: the cells placed and the
    candidates of the others, which steps move on. State(puzzle) starts
    from a puzzle in any layout, or from its candidates."""

    def __init__(self, puzzle):
        self._state = _Puzzle(puzzle).logic()

    def copy(self):
        other = State.__new__(State)
        other._state = _Logic()
        ctypes.pointer(other._state)[0] = self._state
        return other

    @property
    def solved(self):
        """True once every cell is placed."""
        return bool(_lib.sudoku_logic_solved(ctypes.byref(self._state)))

    @property
    def grid(self):
        """The placed cells: 81 characters, '.' for an open cell."""
        return _grid_text(self._state.placed)

    @property
    def candidates(self):
        """81 strings of digits: a placed cell's digit, an open cell's candidates."""
        board = _Board()
        _lib.sudoku_logic_to_board(ctypes.byref(self._state), ctypes.byref(board))
        return ["".join(str(d) for d in range(1, 10) if mask >> (d - 1) & 1)
                for mask in board.candidates]

    @property
    def pencilmarks(self):
        """The 729 characters of the candidates, which every function here
        (and the command) takes as a puzzle."""
        board = _Board()
        _lib.sudoku_logic_to_board(ctypes.byref(self._state), ctypes.byref(board))
        return _pencilmarks(board)

    def next(self, budget=None, assume_unique=True):
        """The next step from this state, as hint gives it (a dict), or
        None; NotUnique, OverBudget as for hint."""
        return hint(self.pencilmarks, budget=budget, assume_unique=assume_unique)

    def apply(self, step):
        """Takes step (a dict as explain, hint and next give it: its
        placements and eliminations, [row, column, digit] from 1) on this
        state: places its digits (each taken from the peers) and removes its
        eliminations. Returns the state."""
        c_step = _Step()
        try:
            for key, placing in (("placements", True), ("eliminations", False)):
                for row, column, digit in step.get(key, ()):
                    for value in (row, column, digit):
                        _count_arg(key, value, 1, 9)
                    cell = 9 * (row - 1) + column - 1
                    if placing:
                        c_step.place[cell] = digit
                    else:
                        c_step.eliminate[cell] |= 1 << (digit - 1)
        except (AttributeError, TypeError, ValueError) as why:
            raise ValueError("a step is a dict with placements and eliminations, lists of "
                             "[row, column, digit]: " + str(why)) from None
        _lib.sudoku_logic_apply(ctypes.byref(self._state), ctypes.byref(c_step))
        return self


def apply(puzzle, step):
    """The candidates (729 characters) of puzzle once step is taken:
    State(puzzle).apply(step).pencilmarks."""
    return State(puzzle).apply(step).pencilmarks


Check = namedtuple("Check", "solutions clues minimal redundant symmetries")
Check.__doc__ = (
    "What a setter checks of a puzzle: solutions 0, 1 or 2 (two or more); clues; minimal "
    "(None unless the puzzle has one solution); redundant, the (row, column) of each clue "
    "that could go alone; symmetries, the names of those its pattern of clues has that no "
    "other it has includes.")


def check(puzzle):
    """One solution or not, clues, minimal or which clues could go, and the
    symmetries of puzzle's pattern of clues: a Check."""
    parsed = _Puzzle(puzzle)
    grid = parsed.givens("check")
    solutions = parsed.search(2).solutions
    clues = sum(1 for d in grid.cell if d)
    can_go = (ctypes.c_bool * CELLS)()
    n = _lib.sudoku_redundant_clues(ctypes.byref(grid), ctypes.byref(can_go))
    redundant = [(cell // 9 + 1, cell % 9 + 1) for cell in range(CELLS) if can_go[cell]]
    found = _lib.sudoku_symmetries_of(ctypes.byref(grid))
    has = [s for s in range(1, len(SYMMETRIES)) if found >> s & 1]
    named = [SYMMETRIES[s] for s in has
             if not any(t != s and _lib.sudoku_symmetry_includes(t, s) for t in has)]
    return Check(solutions, clues, n == 0 if n >= 0 else None, redundant, named)
