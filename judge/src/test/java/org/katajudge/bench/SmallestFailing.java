package org.katajudge.bench;

import org.katajudge.fuzz.InProcessTarget;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Kata;
import org.katajudge.sandbox.CallResult;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * The smallest size (as {@link EntryPoint#size} measures it) of an input on which a submission
 * answers differently from the reference, found by enumerating the kata's inputs in order of size:
 * every checkers board of up to 3 pieces; every safe-spaces board of up to 12 × 12 with up to 2
 * pieces; every Xiangqi board of up to 2 pieces (both background styles) and every board of the
 * two generals in their palaces and one more piece; every 3-man-chess vector up to length 64
 * from every square, and the vectors within 64 of the ends of the int range; all 4096 knight
 * pairs and all 64 squares.
 *
 * <p>Where the enumeration finds nothing, the answer is empty: the smallest failing input is
 * larger than anything enumerated (the caller then states the minimum it knows by hand).
 * Submissions are called in this JVM: only the repository's own samples, never untrusted code.
 */
final class SmallestFailing {

    private static final int BATCH = 4096;

    private final Kata kata;
    private final int method;
    private final EntryPoint entryPoint;
    private final InProcessTarget submission;
    private final InProcessTarget oracle;
    private final List<Object[]> batch = new ArrayList<>();
    private long smallest = Long.MAX_VALUE;

    private SmallestFailing(Kata kata, int method, InProcessTarget submission, InProcessTarget oracle) {
        this.kata = kata;
        this.method = method;
        this.entryPoint = kata.entryPoints().get(method);
        this.submission = submission;
        this.oracle = oracle;
    }

    /**
     * The smallest size of a failing input of method {@code method}, if the enumeration reaches
     * one. {@code oracle} is an accepted solution, a faster stand-in for the reference.
     */
    static OptionalLong of(Kata kata, int method, InProcessTarget submission, InProcessTarget oracle) {
        SmallestFailing search = new SmallestFailing(kata, method, submission, oracle);
        search.run();
        return search.smallest == Long.MAX_VALUE ? OptionalLong.empty() : OptionalLong.of(search.smallest);
    }

    private void run() {
        switch (kata.id()) {
            case "checkers-game-over" -> {
                for (int pieces = 0; pieces <= 3 && smallest == Long.MAX_VALUE; pieces++) {
                    checkersBoards(pieces, 0, new char[64], this::test);
                    flush();
                }
            }
            case "checkers-safe-spaces" -> {
                for (int pieces = 0; pieces <= 2 && smallest == Long.MAX_VALUE; pieces++) {
                    for (int rows = 0; rows <= 12; rows++) {
                        for (int cols = rows == 0 ? 0 : 0; cols <= (rows == 0 ? 0 : 12); cols++) {
                            safeSpacesBoards(rows, cols, pieces, 0, new int[rows][rows == 0 ? 0 : cols]);
                        }
                    }
                    flush();
                }
            }
            case "xiangqi-board-validator" -> {
                for (boolean fullWidth : new boolean[] {false, true}) {
                    for (int pieces = 0; pieces <= 2 && smallest > pieces; pieces++) {
                        xiangqiBoards(pieces, 0, new char[90], fullWidth);
                        flush();
                    }
                }
                if (smallest == Long.MAX_VALUE) {
                    for (boolean fullWidth : new boolean[] {false, true}) {
                        generalsAndOne(fullWidth);
                    }
                    flush();
                }
            }
            case "three-man-chess-vectors" -> {
                for (int length = 0; length <= 64 && smallest == Long.MAX_VALUE; length++) {
                    vectorsOfLength(length);
                    flush();
                }
                if (smallest == Long.MAX_VALUE) {
                    long[] ends = {46341, 65536, Integer.MAX_VALUE - 64};
                    for (long low : ends) {
                        for (long length = low; length <= low + 64 && length <= Integer.MAX_VALUE && smallest == Long.MAX_VALUE; length++) {
                            vectorsOfLength(length);
                            flush();
                        }
                    }
                    if (smallest == Long.MAX_VALUE) {
                        vectorsOfLength(1L << 31); // Integer.MIN_VALUE components
                        flush();
                    }
                }
            }
            case "knight-moves" -> {
                for (int i = 0; i < 4096; i++) {
                    test(new Object[] {square(i >> 6), square(i & 63)});
                }
                flush();
            }
            case "chess-square-color" -> {
                for (int i = 0; i < 64; i++) {
                    test(new Object[] {square(i)});
                }
                flush();
            }
            default -> throw new IllegalArgumentException("no enumeration for " + kata.id());
        }
    }

    private void test(Object[] args) {
        batch.add(args);
        if (batch.size() == BATCH) {
            flush();
        }
    }

    private void flush() {
        if (batch.isEmpty()) {
            return;
        }
        List<CallResult> results = submission.call(method, batch);
        List<CallResult> expected = oracle.call(method, batch);
        for (int i = 0; i < results.size(); i++) {
            CallResult result = results.get(i);
            Object[] args = batch.get(i);
            boolean right = result.outcome() == CallResult.Outcome.RETURNED
                    && entryPoint.returns().equal(expected.get(i).value(), result.value());
            if (!right) {
                smallest = Math.min(smallest, entryPoint.size(args));
            }
        }
        batch.clear();
    }

    // ---- checkers: pieces on the 32 dark squares ----

    private static final char[] CHECKERS_PIECES = {'w', 'b', 'W', 'B'};

    private void checkersBoards(int pieces, int fromSquare, char[] placed, Consumer<Object[]> out) {
        if (pieces == 0) {
            char[] board = org.katajudge.reference.checkers.CheckersBoards.EMPTY_BOARD.toCharArray();
            for (int i = 0; i < 64; i++) {
                if (placed[i] != 0) {
                    board[i] = placed[i];
                }
            }
            out.accept(new Object[] {new String(board)});
            return;
        }
        for (int square = fromSquare; square < 32; square++) {
            int row = square / 4;
            int cell = row * 8 + 2 * (square % 4) + (row % 2 == 0 ? 1 : 0);
            for (char piece : CHECKERS_PIECES) {
                placed[cell] = piece;
                checkersBoards(pieces - 1, square + 1, placed, out);
                placed[cell] = 0;
            }
        }
    }

    // ---- safe spaces ----

    private void safeSpacesBoards(int rows, int cols, int pieces, int fromCell, int[][] board) {
        if (pieces == 0) {
            int[][] copy = new int[board.length][];
            for (int r = 0; r < board.length; r++) {
                copy[r] = board[r].clone();
            }
            test(new Object[] {copy});
            return;
        }
        for (int cell = fromCell; cell < rows * cols; cell++) {
            for (int piece : new int[] {1, 3}) {
                board[cell / cols][cell % cols] = piece;
                safeSpacesBoards(rows, cols, pieces - 1, cell + 1, board);
                board[cell / cols][cell % cols] = 0;
            }
        }
    }

    // ---- xiangqi ----

    private static final String XIANGQI_PIECES = "俥傌炮相仕帥兵車馬砲象士將卒";
    private static final String[] DECORATION = {
        "   +-+   ", "   |X|   ", "   +-+   ", "         ", "---------",
        "---------", "         ", "   +-+   ", "   |X|   ", "   +-+   ",
    };

    private void xiangqiBoards(int pieces, int fromSquare, char[] placed, boolean fullWidth) {
        if (pieces == 0) {
            test(new Object[] {xiangqiBoard(placed, fullWidth)});
            return;
        }
        for (int square = fromSquare; square < 90; square++) {
            for (int p = 0; p < XIANGQI_PIECES.length(); p++) {
                placed[square] = XIANGQI_PIECES.charAt(p);
                xiangqiBoards(pieces - 1, square + 1, placed, fullWidth);
                placed[square] = 0;
            }
        }
    }

    /** 帥 and 將 anywhere in their palaces, and one more piece of any kind anywhere. */
    private void generalsAndOne(boolean fullWidth) {
        for (int red = 0; red < 9; red++) {
            for (int black = 0; black < 9; black++) {
                char[] placed = new char[90];
                int redSquare = (7 + red / 3) * 9 + 3 + red % 3;
                int blackSquare = (black / 3) * 9 + 3 + black % 3;
                placed[redSquare] = '帥';
                placed[blackSquare] = '將';
                for (int square = 0; square < 90; square++) {
                    if (placed[square] != 0) {
                        continue;
                    }
                    for (int p = 0; p < XIANGQI_PIECES.length(); p++) {
                        placed[square] = XIANGQI_PIECES.charAt(p);
                        test(new Object[] {xiangqiBoard(placed, fullWidth)});
                    }
                    placed[square] = 0;
                }
            }
        }
    }

    private static String xiangqiBoard(char[] placed, boolean fullWidth) {
        StringBuilder text = new StringBuilder();
        for (int row = 0; row < 10; row++) {
            for (int column = 0; column < 9; column++) {
                char piece = placed[row * 9 + column];
                char mark = DECORATION[row].charAt(column);
                text.append(piece != 0 ? piece : fullWidth ? "\u3000\uFF0D\uFF5C\uFF38\uFF0B".charAt(" -|X+".indexOf(mark)) : mark);
            }
            if (row < 9) {
                text.append('\n');
            }
        }
        return text.toString();
    }

    // ---- three-man chess: every vector of one length (max(|dr|, |df|)) from every square ----

    private void vectorsOfLength(long length) {
        List<Long> partners = new ArrayList<>();
        for (long other = -Math.min(length, 64); other <= Math.min(length, 64); other++) {
            partners.add(other);
        }
        for (long k = 0; k <= 64 && length > 64; k++) {
            if (length - k > 64) {
                partners.add(length - k);
                partners.add(-(length - k));
            }
        }
        List<long[]> vectors = new ArrayList<>();
        for (long other : partners) {
            for (long sign : length == 0 ? new long[] {1} : new long[] {1, -1}) {
                vectors.add(new long[] {sign * length, other});
                if (Math.abs(other) != length) {
                    vectors.add(new long[] {other, sign * length});
                }
            }
        }
        for (long[] vector : vectors) {
            if (vector[0] < Integer.MIN_VALUE || vector[0] > Integer.MAX_VALUE
                    || vector[1] < Integer.MIN_VALUE || vector[1] > Integer.MAX_VALUE) {
                continue;
            }
            for (int rank = 1; rank <= 6; rank++) {
                for (int file = 1; file <= 24; file++) {
                    test(new Object[] {new int[] {rank, file}, new int[] {(int) vector[0], (int) vector[1]}});
                }
            }
        }
    }

    private static String square(int index) {
        return "" + (char) ('a' + index / 8) + (char) ('1' + index % 8);
    }
}
