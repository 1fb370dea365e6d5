package org.katajudge.reference.safespaces;

import org.junit.jupiter.api.Test;
import org.katajudge.choice.ChoiceSequence;
import org.katajudge.reference.safespaces.SafeSpacesGenerator.Kind;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.reference.safespaces.SafeSpacesSamples.cols;

/** Each kind of board the generator draws is what it claims to be. */
class SafeSpacesGeneratorTest {

    private static final int BOARDS = 3_000;

    @Test
    void zeroChoicesGiveTheSimplestBoardOfEachKind() {
        assertArrayEquals(new int[0][], simplest(Kind.EMPTY));
        assertArrayEquals(new int[][] {{0}}, simplest(Kind.SINGLE_CELL));
        assertArrayEquals(new int[][] {{0}}, simplest(Kind.ONE_ROW));
        assertArrayEquals(new int[][] {{0}}, simplest(Kind.ONE_COLUMN));
        assertArrayEquals(new int[2][2], simplest(Kind.SMALL_SQUARE));
        assertArrayEquals(new int[2][3], simplest(Kind.WIDE));
        assertArrayEquals(new int[3][2], simplest(Kind.TALL));
        assertArrayEquals(new int[2][2], simplest(Kind.RECTANGLE));
        assertArrayEquals(new int[][] {{3, 0}, {0, 1}}, simplest(Kind.ONE_ATTACK));
        assertArrayEquals(new int[][] {{0, 0, 3}, {0, 1, 0}}, simplest(Kind.BLIND_SPOT_ATTACK));
        assertArrayEquals(new int[][] {{1, 0}, {0, 3}}, simplest(Kind.PEACEFUL_PAIRS));
        assertArrayEquals(new int[][] {{0, 0, 3}, {1, 0, 0}}, simplest(Kind.WRAP_TRAP));
        assertArrayEquals(new int[2][2], simplest(Kind.BORDER_PIECES));
    }

    private static int[][] simplest(Kind kind) {
        return SafeSpacesGenerator.generate(ChoiceSequence.of(kind.ordinal()).replay());
    }

    @Test
    void everyBoardIsValidAndAtMostTwelveByTwelve() {
        SafeSpacesSamples.forEachBoard(20_000, (seed, board) -> {
            assertTrue(board.length <= SafeSpacesGenerator.MAX_SIDE && cols(board) <= SafeSpacesGenerator.MAX_SIDE);
            SafeSpaces.explain(board); // throws on an invalid board
        });
    }

    @Test
    void shapesAreAsNamed() {
        SafeSpacesSamples.forEachBoard(Kind.EMPTY, BOARDS, (seed, board) -> assertEquals(0, cols(board)));
        SafeSpacesSamples.forEachBoard(Kind.SINGLE_CELL, BOARDS, (seed, board) -> assertEquals(1, board.length * cols(board)));
        SafeSpacesSamples.forEachBoard(Kind.ONE_ROW, BOARDS, (seed, board) -> assertEquals(1, board.length));
        SafeSpacesSamples.forEachBoard(Kind.ONE_COLUMN, BOARDS, (seed, board) -> assertEquals(1, cols(board)));
        SafeSpacesSamples.forEachBoard(Kind.SMALL_SQUARE, BOARDS, (seed, board) -> assertEquals(board.length, cols(board)));
        SafeSpacesSamples.forEachBoard(Kind.WIDE, BOARDS, (seed, board) -> assertTrue(cols(board) > board.length));
        SafeSpacesSamples.forEachBoard(Kind.TALL, BOARDS, (seed, board) -> assertTrue(board.length > cols(board)));
    }

    @Test
    void oneAttackBoardsHaveExactlyOneAttackingPair() {
        SafeSpacesSamples.forEachBoard(Kind.ONE_ATTACK, BOARDS,
                (seed, board) -> assertEquals(1, attacks(board), "seed " + seed));
    }

    @Test
    void blindSpotAttacksAreMissedByTheSeedsSquareBoardScan() {
        SafeSpacesSamples.forEachBoard(Kind.BLIND_SPOT_ATTACK, BOARDS, (seed, board) -> {
            assertTrue(cols(board) > board.length);
            assertEquals(1, attacks(board), "seed " + seed);
            assertTrue(SeedQ.safe(board), "seed " + seed);
        });
    }

    @Test
    void peacefulBoardsAreSafeAndAlmostAlwaysHaveABlackAboveRedPair() {
        AtomicInteger withPeacefulPair = new AtomicInteger();
        SafeSpacesSamples.forEachBoard(Kind.PEACEFUL_PAIRS, BOARDS, (seed, board) -> {
            SafeSpaces.Why why = SafeSpaces.explain(board);
            assertTrue(why.safe(), "seed " + seed);
            if (!why.checks().isEmpty()) {
                withPeacefulPair.incrementAndGet();
            }
        });
        assertTrue(withPeacefulPair.get() > BOARDS * 95 / 100, withPeacefulPair + " of " + BOARDS);
    }

    @Test
    void wrapTrapsAreSafeButNotOnATorus() {
        SafeSpacesSamples.forEachBoard(Kind.WRAP_TRAP, BOARDS, (seed, board) -> {
            assertTrue(SafeSpaces.isSafe(board), "seed " + seed);
            assertFalse(safeOnATorus(board), "seed " + seed);
        });
    }

    @Test
    void borderPiecesStayOnTheBorder() {
        SafeSpacesSamples.forEachBoard(Kind.BORDER_PIECES, BOARDS, (seed, board) -> {
            for (int r = 1; r + 1 < board.length; r++) {
                for (int c = 1; c + 1 < cols(board); c++) {
                    assertEquals(0, board[r][c], "seed " + seed);
                }
            }
        });
    }

    @Test
    void everyKindCanBeSafeAndUnsafeWhereItShould() {
        for (Kind kind : Kind.values()) {
            AtomicInteger safe = new AtomicInteger();
            SafeSpacesSamples.forEachBoard(kind, BOARDS, (seed, board) -> safe.addAndGet(SafeSpaces.isSafe(board) ? 1 : 0));
            boolean alwaysSafe = switch (kind) {
                case EMPTY, SINGLE_CELL, ONE_ROW, ONE_COLUMN, PEACEFUL_PAIRS, WRAP_TRAP -> true;
                default -> false;
            };
            boolean neverSafe = kind == Kind.ONE_ATTACK || kind == Kind.BLIND_SPOT_ATTACK;
            if (alwaysSafe) {
                assertEquals(BOARDS, safe.get(), kind.name());
            } else if (neverSafe) {
                assertEquals(0, safe.get(), kind.name());
            } else {
                assertTrue(safe.get() > BOARDS / 10 && safe.get() < BOARDS * 9 / 10, kind + ": " + safe + " safe");
            }
        }
    }

    private static int attacks(int[][] board) {
        int attacks = 0;
        for (int r = 0; r + 1 < board.length; r++) {
            for (int c = 0; c < cols(board); c++) {
                if (board[r][c] == 3) {
                    attacks += (c > 0 && board[r + 1][c - 1] == 1 ? 1 : 0)
                            + (c + 1 < cols(board) && board[r + 1][c + 1] == 1 ? 1 : 0);
                }
            }
        }
        return attacks;
    }

    /** The rule on a board whose rows and columns both wrap around. */
    private static boolean safeOnATorus(int[][] board) {
        int rows = board.length;
        int cols = cols(board);
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                if (board[r][c] == 3
                        && (board[(r + 1) % rows][(c + cols - 1) % cols] == 1 || board[(r + 1) % rows][(c + 1) % cols] == 1)) {
                    return false;
                }
            }
        }
        return true;
    }
}
