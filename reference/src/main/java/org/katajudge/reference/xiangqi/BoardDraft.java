package org.katajudge.reference.xiangqi;

import static org.katajudge.reference.xiangqi.XiangqiBoardGenerator.ASCII_MARKS;
import static org.katajudge.reference.xiangqi.XiangqiBoardGenerator.CANONICAL_MARKS;
import static org.katajudge.reference.xiangqi.XiangqiBoardGenerator.FULL_WIDTH_MARKS;
import static org.katajudge.reference.xiangqi.XiangqiSquares.BLACK_PIECES;
import static org.katajudge.reference.xiangqi.XiangqiSquares.RED;
import static org.katajudge.reference.xiangqi.XiangqiSquares.RED_PIECES;
import static org.katajudge.reference.xiangqi.XiangqiSquares.SOLDIER;
import static org.katajudge.reference.xiangqi.XiangqiSquares.TYPES;
import static org.katajudge.reference.xiangqi.XiangqiSquares.riverRow;
import static org.katajudge.reference.xiangqi.XiangqiSquares.sq;
import static org.katajudge.reference.xiangqi.XiangqiSquares.startRow;

/** The board being built: pieces, and squares that must stay empty. */
final class BoardDraft {
    private final char[] pieces = new char[90];
    private final boolean[] reserved = new boolean[90];
    private final int[] counts = new int[2 * TYPES];
    private final int[] marks;

    BoardDraft(int[] marks) {
        this.marks = marks;
    }

    void place(int side, int type, int square) {
        pieces[square] = (side == RED ? RED_PIECES : BLACK_PIECES).charAt(type);
        counts[side * TYPES + type]++;
    }

    void reserve(int square) {
        reserved[square] = true;
    }

    boolean isFree(int square) {
        return pieces[square] == 0 && !reserved[square];
    }

    int count(int side, int type) {
        return counts[side * TYPES + type];
    }

    int find(int side, int type) {
        char piece = (side == RED ? RED_PIECES : BLACK_PIECES).charAt(type);
        for (int square = 0; square < 90; square++) {
            if (pieces[square] == piece) {
                return square;
            }
        }
        throw new IllegalStateException("no " + piece + " on the board");
    }

    /**
     * A soldier of {@code side} may go to {@code square} unless the square is on its side of the
     * river and another such soldier already stands in that column before the river.
     */
    boolean soldierFileFree(int side, int square) {
        int row = square / 9;
        int column = square % 9;
        if (row != startRow(side) && row != riverRow(side)) {
            return true;
        }
        char soldier = (side == RED ? RED_PIECES : BLACK_PIECES).charAt(SOLDIER);
        return pieces[sq(startRow(side), column)] != soldier && pieces[sq(riverRow(side), column)] != soldier;
    }

    String render(boolean fullWidth) {
        StringBuilder text = new StringBuilder(10 * 10);
        for (int row = 0; row < 10; row++) {
            for (int column = 0; column < 9; column++) {
                char piece = pieces[sq(row, column)];
                int mark = CANONICAL_MARKS[sq(row, column)];
                if (marks != null) {
                    mark = (mark + marks[sq(row, column)]) % ASCII_MARKS.length();
                }
                text.append(piece != 0 ? piece : (fullWidth ? FULL_WIDTH_MARKS : ASCII_MARKS).charAt(mark));
            }
            if (row < 9) {
                text.append('\n');
            }
        }
        return text.toString();
    }
}
