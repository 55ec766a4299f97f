"""Tests of the Python binding (python/sudoku.py), run by `make check`.

Every answer is judged here, independently of the library: solutions by a
checker of rows, columns and boxes; steps by replaying their placements and
eliminations against the solution. The structures ctypes lays out are
compared with what a C compiler makes of sudoku.h, when one is at hand.
"""

import ctypes
import ctypes.util
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sudoku  # noqa: E402

HARD1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY1 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SOLVED = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"


def deadly_rectangle(solution):
    """solution with the four cells of a rectangle blanked whose digits can
    swap (two rows of one band, two columns, a and b crosswise): exactly two
    solutions."""
    for r1 in range(9):
        for r2 in range(r1 + 1, r1 // 3 * 3 + 3):
            for c1 in range(9):
                for c2 in range(c1 + 1, 9):
                    a, b = solution[9 * r1 + c1], solution[9 * r1 + c2]
                    if solution[9 * r2 + c1] == b and solution[9 * r2 + c2] == a:
                        cells = {9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2}
                        return "".join("." if i in cells else d for i, d in enumerate(solution))
    raise AssertionError("no rectangle")
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir)


def units():
    for i in range(9):
        yield [9 * i + j for j in range(9)]
        yield [9 * j + i for j in range(9)]
        yield [9 * (i // 3 * 3 + j // 3) + (i % 3 * 3 + j % 3) for j in range(9)]


def assert_solution(test, puzzle, solution):
    test.assertEqual(len(solution), 81)
    for unit in units():
        test.assertEqual(sorted(solution[c] for c in unit), list("123456789"))
    for given, digit in zip(puzzle, solution):
        if given in "123456789":
            test.assertEqual(given, digit)


class Solving(unittest.TestCase):
    def test_solve(self):
        assert_solution(self, HARD1, sudoku.solve(HARD1))
        assert_solution(self, EASY1, sudoku.solve(EASY1))

    def test_no_solution_is_none(self):
        # r1c9 sees 1-8 in its row and 9 in its column
        none = "12345678." + "." * 8 + "9" + "." * 63
        self.assertIsNone(sudoku.solve(none))
        self.assertEqual(sudoku.count(none), 0)

    def test_count(self):
        self.assertEqual(sudoku.count(HARD1), 1)
        self.assertEqual(sudoku.count(SOLVED[:-1] + "."), 1)
        two = deadly_rectangle(SOLVED)
        self.assertEqual(sudoku.count(two), 2)
        self.assertEqual(sudoku.count(two, limit=1), 1)
        assert_solution(self, two, sudoku.solve(two))
        self.assertEqual(sudoku.count("." * 81, limit=7), 7)
        self.assertRaises(ValueError, sudoku.count, HARD1, 0)

    def test_any_layout(self):
        rows = [HARD1[9 * r:9 * r + 9] for r in range(9)]
        csv = "\n".join(",".join("" if c == "." else c for c in row) for row in rows)
        self.assertEqual(sudoku.parse(csv), HARD1)
        listed = str([[0 if c == "." else int(c) for c in row] for row in rows])
        self.assertEqual(sudoku.parse(listed), HARD1)
        self.assertEqual(sudoku.solve("\ufeff" + HARD1.replace(".", "*")), sudoku.solve(HARD1))

    def test_errors_say_what_and_where(self):
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.parse(HARD1[:8] + "y" + HARD1[9:])
        self.assertEqual(caught.exception.message, "unexpected character 'y' at column 9")
        self.assertEqual((caught.exception.line, caught.exception.column), (1, 9))
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.solve(HARD1[:80])
        self.assertEqual(str(caught.exception), "found 80 cells, expected 81")
        self.assertRaises(ValueError, sudoku.solve, "55" + HARD1[2:])

    def test_candidates(self):
        sets = sudoku.candidates(HARD1)
        solution = sudoku.solve(HARD1)
        self.assertEqual(len(sets), 81)
        self.assertEqual(sets[1], "1679")  # Norvig's essay
        for cell, digits in enumerate(sets):
            self.assertIn(solution[cell], digits)

    def test_candidates_of_candidates(self):
        """A puzzle given as candidates starts from them: fewer candidates
        in, no more out, and the solution's digit kept in every cell."""
        solution = sudoku.solve(HARD1)
        sets = sudoku.candidates(HARD1)

        def two_at_most(cell, digits):
            if len(digits) <= 2:
                return digits
            other = next(d for d in digits if d != solution[cell])
            return "".join(sorted(solution[cell] + other))

        fewer = [two_at_most(cell, digits) for cell, digits in enumerate(sets)]
        line = "".join("".join(d if d in digits else "." for d in "123456789")
                       for digits in fewer)
        again = sudoku.candidates(line)
        for cell in range(81):
            self.assertTrue(set(again[cell]) <= set(fewer[cell]))
            self.assertIn(solution[cell], again[cell])
        # canon and check take a puzzle's cells, as the commands do
        for refuse in (sudoku.canon, sudoku.check):
            with self.assertRaisesRegex(sudoku.SudokuError, "not candidates"):
                refuse(line)

    def test_bad_arguments(self):
        for wrong in (81, None, [4, 1], 2.5):
            with self.assertRaises(TypeError):
                sudoku.solve(wrong)
        with self.assertRaises(ValueError):
            sudoku.count(HARD1, limit=2 ** 64 + 5)  # ctypes would wrap it to 5
        with self.assertRaises(ValueError):
            sudoku.count(HARD1, limit=0)
        with self.assertRaises(ValueError):
            sudoku.generate(1, fewest_clues=2 ** 32 + 30)
        # a candidate line with a bad digit is told so, not its cell count
        with self.assertRaisesRegex(sudoku.SudokuError, "cell r1c1"):
            sudoku.solve("5" + ("123456789" * 81)[1:])


class Logic(unittest.TestCase):
    def replay(self, puzzle, steps):
        """Every placement is the solution's digit, every elimination is not."""
        solution = sudoku.solve(puzzle)
        for step in steps:
            self.assertTrue(step["text"].startswith(step["technique"]))
            for row, col, digit in step["placements"]:
                self.assertEqual(solution[9 * (row - 1) + col - 1], str(digit))
            for row, col, digit in step["eliminations"]:
                self.assertNotEqual(solution[9 * (row - 1) + col - 1], str(digit))

    def test_explain_easy(self):
        explanation = sudoku.explain(EASY1)
        self.assertTrue(explanation.solved)
        self.replay(EASY1, explanation.steps)
        placed = sum(len(step["placements"]) for step in explanation.steps)
        self.assertEqual(placed, EASY1.count("."))
        er, ep, ed = explanation.rating
        self.assertEqual(er, max(step["rating"] for step in explanation.steps))
        self.assertEqual(ed, explanation.steps[0]["rating"])
        self.assertLessEqual(ep, er)
        self.assertEqual(sudoku.rate(EASY1), explanation.rating)

    def test_explain_hard_is_stuck_or_sound(self):
        explanation = sudoku.explain(HARD1)
        self.replay(HARD1, explanation.steps)
        if not explanation.solved:
            self.assertIsNone(sudoku.rate(HARD1))

    def test_budget(self):
        """A budget cuts the path short (OverBudget, with the steps so far,
        the path's first ones); one large enough changes nothing."""
        chains = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
        whole = sudoku.explain(chains)
        self.assertTrue(whole.solved)
        with self.assertRaises(sudoku.OverBudget) as cut:
            sudoku.explain(chains, budget=1000)
        part = cut.exception.explanation
        self.assertFalse(part.solved)
        self.assertLess(len(part.steps), len(whole.steps))
        self.assertEqual(part.steps, whole.steps[:len(part.steps)])
        self.assertEqual(sudoku.explain(chains, budget=10 ** 9), whole)
        self.assertEqual(sudoku.rate(chains, budget=10 ** 9), whole.rating)
        with self.assertRaises(sudoku.OverBudget):
            sudoku.hint("." * 81, budget=1000, assume_unique=False)
        with self.assertRaises(ValueError):
            sudoku.explain(chains, budget=0)

    def test_long_step_text(self):
        """A step longer than the first buffer comes out whole, as the
        formatters' snprintf contract allows (a formatter stands in)."""
        long_text = b"(1)r1c1" * 1000

        def formatter(step, buf, size):
            kept = min(len(long_text), size - 1)
            ctypes.memmove(buf, long_text, kept)
            buf[kept] = b"\0"
            return len(long_text)

        self.assertEqual(sudoku._formatted(formatter, sudoku._Step()), long_text.decode())

    def test_hint_is_the_first_step(self):
        self.assertEqual(sudoku.hint(EASY1), sudoku.explain(EASY1).steps[0])
        self.assertIsNone(sudoku.hint(sudoku.solve(EASY1)))

    def test_not_unique(self):
        """Logic that assumes one solution is refused a puzzle with several
        or none (counted by the test's own search), as the command refuses
        it; assume_unique=False takes its steps without that assumption."""
        # EASY1 without its r3c4 clue (three solutions): with the
        # uniqueness techniques, the engine would carry it to a "solved" end
        several = EASY1[:21] + "." + EASY1[22:]
        none = "12345678." + "." * 8 + "9" + "." * 63
        self.assertEqual(solutions_up_to_two(several), 2)
        self.assertEqual(solutions_up_to_two(none), 0)
        for puzzle, solutions in ((several, 2), (none, 0)):
            for call in (sudoku.explain, sudoku.rate, sudoku.hint):
                with self.assertRaises(sudoku.NotUnique) as raised:
                    call(puzzle)
                self.assertEqual(raised.exception.solutions, solutions)
        anyway = sudoku.explain(several, assume_unique=False)
        every = all_solutions(several)
        self.assertEqual(len(every), 3)
        for step in anyway.steps:  # true in every solution
            for row, col, digit in step["placements"]:
                self.assertEqual({sol[9 * (row - 1) + col - 1] for sol in every}, {digit})
            for row, col, digit in step["eliminations"]:
                self.assertNotIn(digit, {sol[9 * (row - 1) + col - 1] for sol in every})
        self.assertNotIn("Unique", " ".join(s["technique"] for s in anyway.steps))
        self.assertEqual(sudoku.hint(several, assume_unique=False), anyway.steps[0])
        self.assertEqual(sudoku.rate(several, assume_unique=False),
                         anyway.rating if anyway.solved else None)
        with self.assertRaises(sudoku.SudokuError):
            sudoku.rate("11" + "." * 79)

    def test_candidate_grid_keeps_eliminations(self):
        """A candidate grid is a player's state: a candidate taken out by
        hand stays out (its single candidates alone would bring it back)."""
        board = sudoku.candidates(HARD1)
        solution = sudoku.solve(HARD1)
        assert_solution(self, HARD1, solution)
        cell = next(i for i, digits in enumerate(board) if len(digits) >= 3)
        digit = next(d for d in board[cell] if d != solution[cell])
        cut = board[cell].replace(digit, "")
        rows = [" ".join((cut if 9 * r + c == cell else board[9 * r + c]).rjust(9)
                         for c in range(9)) for r in range(9)]
        grid = "\n".join(rows)
        self.assertEqual(sudoku.candidates(grid)[cell], cut)
        self.assertNotEqual(sudoku.candidates(grid)[cell], board[cell])
        self.assertEqual(sudoku.solve(grid), solution)

    def test_hint_from_candidates(self):
        # the 729-character line of the candidates singles leave
        board = sudoku.candidates(HARD1)
        line = "".join("".join(d if d in digits else "." for d in "123456789") for digits in board)
        self.assertIsNotNone(sudoku.hint(line))
        self.assertEqual(sudoku.solve(line), sudoku.solve(HARD1))


def all_solutions(puzzle):
    """Every solution of puzzle, as lists of 81 ints, by plain backtracking
    written here (for puzzles with a handful of solutions)."""
    cells = [int(c) if c in "123456789" else 0 for c in puzzle]
    found = []

    def fits(c, d):
        return all(cells[p] != d for unit in units() if c in unit for p in unit)

    def search(c):
        while c < 81 and cells[c]:
            c += 1
        if c == 81:
            found.append(list(cells))
            return
        for d in range(1, 10):
            if fits(c, d):
                cells[c] = d
                search(c + 1)
                cells[c] = 0

    search(0)
    return found


def solutions_up_to_two(puzzle):
    """Counts puzzle's solutions, up to 2, by a plain search written here."""
    cells = [int(c) if c in "123456789" else 0 for c in puzzle]
    peers = [set() for _ in range(81)]
    for unit in units():
        for c in unit:
            peers[c].update(unit)
    found = 0

    def search():
        nonlocal found
        empty = [c for c in range(81) if not cells[c]]
        if not empty:
            found += 1
            return
        best, options = None, None
        for c in empty:
            left = set(range(1, 10)) - {cells[p] for p in peers[c]}
            if options is None or len(left) < len(options):
                best, options = c, left
        for d in sorted(options):
            cells[best] = d
            search()
            cells[best] = 0
            if found >= 2:
                return

    search()
    return found


class Generating(unittest.TestCase):
    def test_generate_unique_minimal_and_seeded(self):
        pairs = sudoku.generate(3, seed=5)
        self.assertEqual(pairs, sudoku.generate(3, seed=5))
        self.assertNotEqual(pairs, sudoku.generate(3, seed=6))
        for puzzle, solution in pairs:
            assert_solution(self, puzzle, solution)
            self.assertEqual(solutions_up_to_two(puzzle), 1)
            for cell in range(81):  # minimal: each clue is needed
                if puzzle[cell] != ".":
                    without = puzzle[:cell] + "." + puzzle[cell + 1:]
                    self.assertEqual(solutions_up_to_two(without), 2)

    def test_generate_gives_up(self):
        """No minimal puzzle keeps 60 clues: after its attempts, an error."""
        with self.assertRaisesRegex(RuntimeError, "in 50 attempts"):
            sudoku.generate(1, seed=1, minimal=True, fewest_clues=60, attempts=50)

    def test_symmetry(self):
        for puzzle, _ in sudoku.generate(2, seed=1, symmetry="rotate180"):
            for cell in range(81):
                self.assertEqual(puzzle[cell] == ".", puzzle[80 - cell] == ".")
        with self.assertRaises(ValueError):
            sudoku.generate(symmetry="spiral")

    def test_check(self):
        puzzle, solution = sudoku.generate(1, seed=9)[0]
        result = sudoku.check(puzzle)
        self.assertEqual((result.solutions, result.minimal, result.redundant), (1, True, []))
        self.assertEqual(result.clues, 81 - puzzle.count("."))
        cell = puzzle.index(".")
        more = puzzle[:cell] + solution[cell] + puzzle[cell + 1:]
        self.assertIn((cell // 9 + 1, cell % 9 + 1), sudoku.check(more).redundant)
        self.assertIsNone(sudoku.check("1" + "." * 80).minimal)
        self.assertEqual(sudoku.check("1" + "." * 80).solutions, 2)

    def test_canon(self):
        self.assertEqual(sudoku.canon(HARD1), sudoku.canon(HARD1[::-1]))
        self.assertTrue(sudoku.canon(SOLVED).startswith("123456789"))


LAYOUT_PROGRAM = r"""
#include <sudoku.h>
#include <stddef.h>
#include <stdio.h>
#define S(t) printf(#t " size %zu\n", sizeof(t));
#define F(t, f) printf(#t " " #f " %zu\n", offsetof(t, f));
int main(void) {
    S(sudoku_grid) S(sudoku_board) S(sudoku_error) F(sudoku_error, message)
    S(sudoku_result) F(sudoku_result, solution) F(sudoku_result, over_budget)
    S(sudoku_link) F(sudoku_link, on) F(sudoku_link, branch_start) S(sudoku_candidate) S(sudoku_mark)
    F(sudoku_mark, digits)
    S(sudoku_step) F(sudoku_step, ncells) F(sudoku_step, eliminate) F(sudoku_step, links)
    F(sudoku_step, scale) F(sudoku_step, nremovals) F(sudoku_step, removals) F(sudoku_step, marks)
    S(sudoku_logic) F(sudoku_logic, candidates) S(sudoku_rating) F(sudoku_rating, hardest)
    F(sudoku_rating, score) F(sudoku_rating, hardest_variant)
    S(sudoku_transform) F(sudoku_transform, digits) S(sudoku_generator) F(sudoku_generator, minimal)
    return 0;
}
"""


class Loading(unittest.TestCase):
    def test_not_libsudoku(self):
        """A library that is not libsudoku (here the C library) is refused
        at import with an OSError naming it, not an AttributeError later."""
        libc = ctypes.util.find_library("c")
        if not libc:
            self.skipTest("no C library name to load")
        env = dict(os.environ, SUDOKU_LIB=libc)
        run = subprocess.run([sys.executable, "-c", "import sudoku"], env=env,
                             cwd=os.path.dirname(os.path.abspath(__file__)),
                             capture_output=True, text=True)
        self.assertNotEqual(run.returncode, 0)
        last = run.stderr.strip().splitlines()[-1]
        self.assertTrue(last.startswith("OSError: " + libc), last)

    def test_lone_surrogate(self):
        """A str that is not valid Unicode is a text that is not a puzzle."""
        with self.assertRaises(sudoku.SudokuError) as raised:
            sudoku.solve("1" * 40 + "\udc80" + "." * 40)
        self.assertEqual(raised.exception.column, 41)


class Layout(unittest.TestCase):
    def test_structures_match_the_header(self):
        cc = os.environ.get("CC", "cc")
        if not shutil.which(cc.split()[0]):
            self.skipTest("no C compiler to compare the structures with")
        with tempfile.TemporaryDirectory() as tmp:
            source, program = os.path.join(tmp, "layout.c"), os.path.join(tmp, "layout")
            with open(source, "w") as f:
                f.write(LAYOUT_PROGRAM)
            subprocess.run(cc.split() + ["-std=c11", "-I", os.path.join(ROOT, "include"), source,
                                         "-o", program], check=True)
            out = subprocess.run([program], check=True, capture_output=True, text=True).stdout
        for line in out.splitlines():
            name, field, value = line.split()
            struct = sudoku.STRUCTS[name]
            got = (sudoku.ctypes.sizeof(struct) if field == "size"
                   else getattr(struct, field).offset)
            self.assertEqual(got, int(value), "%s %s" % (name, field))


if __name__ == "__main__":
    unittest.main()
