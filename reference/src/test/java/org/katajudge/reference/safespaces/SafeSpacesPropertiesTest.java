package org.katajudge.reference.safespaces;

import org.junit.jupiter.api.Test;
import org.katajudge.reference.safespaces.SafeSpaces.Check;
import org.katajudge.reference.safespaces.SafeSpacesGenerator.Kind;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.reference.safespaces.SafeSpacesSamples.cols;
import static org.katajudge.reference.safespaces.SafeSpacesSamples.copy;

/** Properties of the rule over generated boards. */
class SafeSpacesPropertiesTest {

    private static final int BOARDS = 20_000;

    @Test
    void leftRightMirrorKeepsTheAnswerAndSwapsTheDirections() {
        SafeSpacesSamples.forEachBoard(BOARDS, (seed, board) -> {
            int[][] mirrored = new int[board.length][];
            for (int r = 0; r < board.length; r++) {
                mirrored[r] = new int[board[r].length];
                for (int c = 0; c < board[r].length; c++) {
                    mirrored[r][c] = board[r][board[r].length - 1 - c];
                }
            }
            SafeSpaces.Why original = SafeSpaces.explain(board);
            SafeSpaces.Why mirror = SafeSpaces.explain(mirrored);
            assertEquals(original.safe(), mirror.safe(), "seed " + seed);
            assertEquals(outcome(original.checks(), SafeSpaces.RED_ABOVE_BLACK_LEFT),
                    outcome(mirror.checks(), SafeSpaces.RED_ABOVE_BLACK_RIGHT), "seed " + seed);
            assertEquals(outcome(original.checks(), SafeSpaces.RED_ABOVE_BLACK_RIGHT),
                    outcome(mirror.checks(), SafeSpaces.RED_ABOVE_BLACK_LEFT), "seed " + seed);
        });
    }

    @Test
    void halfTurnWithColoursSwappedKeepsTheAnswerAndTheChecks() {
        SafeSpacesSamples.forEachBoard(BOARDS, (seed, board) -> {
            int rows = board.length;
            int cols = cols(board);
            int[][] turned = new int[rows][cols];
            for (int r = 0; r < rows; r++) {
                for (int c = 0; c < cols; c++) {
                    int piece = board[rows - 1 - r][cols - 1 - c];
                    turned[r][c] = piece == 1 ? 3 : piece == 3 ? 1 : 0;
                }
            }
            SafeSpaces.Why original = SafeSpaces.explain(board);
            SafeSpaces.Why half = SafeSpaces.explain(turned);
            assertEquals(original.safe(), half.safe(), "seed " + seed);
            assertEquals(original.checks(), half.checks(), "seed " + seed);
        });
    }

    @Test
    void anEmptyRowOrColumnAtTheBorderChangesNothing() {
        SafeSpacesSamples.forEachBoard(BOARDS, (seed, board) -> {
            int rows = board.length;
            int cols = cols(board);
            boolean safe = SafeSpaces.isSafe(board);
            for (int side = 0; side < 4; side++) {
                boolean addRow = side < 2;
                boolean atStart = side % 2 == 0;
                int[][] grown = new int[rows + (addRow ? 1 : 0)][cols + (addRow ? 0 : 1)];
                for (int r = 0; r < rows; r++) {
                    for (int c = 0; c < cols; c++) {
                        grown[r + (addRow && atStart ? 1 : 0)][c + (!addRow && atStart ? 1 : 0)] = board[r][c];
                    }
                }
                assertEquals(safe, SafeSpaces.isSafe(grown), "seed " + seed + ", side " + side);
            }
        });
    }

    @Test
    void removingAPieceNeverMakesASafeBoardUnsafe() {
        SafeSpacesSamples.forEachBoard(BOARDS, (seed, board) -> {
            if (!SafeSpaces.isSafe(board) || board.length == 0 || cols(board) == 0) {
                return;
            }
            int[][] fewer = copy(board);
            fewer[seed % board.length][seed % cols(board)] = 0;
            assertTrue(SafeSpaces.isSafe(fewer), "seed " + seed);
        });
    }

    @Test
    void agreesWithTheSeedsWindowSubtractions() {
        SafeSpacesSamples.forEachBoard(BOARDS, (seed, board) -> {
            boolean danger = false;
            for (int r = 0; r + 1 < board.length; r++) {
                for (int c = 0; c + 1 < cols(board); c++) {
                    int a = board[r][c];
                    int b = board[r][c + 1];
                    int cc = board[r + 1][c];
                    int d = board[r + 1][c + 1];
                    danger |= a - d == 2 || b - cc == 2;
                }
            }
            assertEquals(!danger, SafeSpaces.isSafe(board), "seed " + seed);
        });
    }

    @Test
    void theBoardIsNotModified() {
        SafeSpacesSamples.forEachBoard(2_000, (seed, board) -> {
            int[][] before = copy(board);
            SafeSpaces.explain(board);
            assertTrue(Arrays.deepEquals(before, board), "seed " + seed);
        });
    }

    @Test
    void theSeedsQCodeAgreesOnSquareAndTallBoards() {
        SafeSpacesSamples.forEachBoard(BOARDS, (seed, board) -> {
            if (board.length >= cols(board)) {
                assertEquals(SafeSpaces.isSafe(board), SeedQ.safe(board), "seed " + seed);
            }
        });
        for (Kind kind : List.of(Kind.TALL, Kind.SMALL_SQUARE, Kind.ONE_COLUMN)) {
            SafeSpacesSamples.forEachBoard(kind, 2_000,
                    (seed, board) -> assertEquals(SafeSpaces.isSafe(board), SeedQ.safe(board), kind + " seed " + seed));
        }
    }

    /** "holds", "breaks" or "-" (not reported) for one rule. */
    private static String outcome(List<Check> checks, String rule) {
        return checks.stream().filter(check -> check.rule().equals(rule)).findFirst()
                .map(check -> check.holds() ? "holds" : "breaks").orElse("-");
    }
}
