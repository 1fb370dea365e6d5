package org.katajudge.reference.safespaces;

import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.kata.Kata;
import org.katajudge.kata.RuleCheck;

import java.util.List;

import static org.katajudge.kata.ValueType.BOOLEAN;
import static org.katajudge.kata.ValueType.INT_MATRIX;

/** The {@code checkers-safe-spaces} kata: {@code SafeSpaces.isSafe(int[][])}. */
public final class SafeSpacesKata implements Kata {

    private static final EntryPoint IS_SAFE = EntryPoint.method("isSafe")
            .returns(BOOLEAN)
            .parameter(INT_MATRIX, "board")
            .reference(args -> {
                SafeSpaces.Why why = SafeSpaces.explain((int[][]) args[0]);
                List<RuleCheck> checks = why.checks().stream()
                        .map(check -> new RuleCheck(check.rule(), check.holds()))
                        .toList();
                return new Explanation(why.safe(), why.reason(), checks); // an unsafe board cites its attack
            })
            .generator(SafeSpacesGenerator::board)
            .renderer(args -> render((int[][]) args[0]))
            .svg(args -> SafeSpacesSvg.draw((int[][]) args[0]))
            .size(args -> SafeSpacesGenerator.pieces((int[][]) args[0]))
            .encoder(args -> SafeSpacesGenerator.encode((int[][]) args[0]))
            .rules(SafeSpaces.RED_ABOVE_BLACK_LEFT, SafeSpaces.RED_ABOVE_BLACK_RIGHT)
            .build();

    @Override
    public String id() {
        return "checkers-safe-spaces";
    }

    @Override
    public String className() {
        return "SafeSpaces";
    }

    @Override
    public List<EntryPoint> entryPoints() {
        return List.of(IS_SAFE);
    }

    /**
     * The board as rows of digits under column indices, each row after its index:
     * <pre>
     *     0 1 2 3
     *  0  0 3 0 0
     *  1  0 0 1 0
     * </pre>
     * Boards without cells are described in words. Never throws, even on an invalid board.
     */
    static String render(int[][] board) {
        if (board == null) {
            return "(no board: null)";
        }
        int rows = board.length;
        if (rows == 0) {
            return "(empty board: 0 rows)";
        }
        int cols = board[0] == null ? 0 : board[0].length;
        for (int[] row : board) {
            cols = Math.max(cols, row == null ? 0 : row.length);
        }
        if (cols == 0) {
            return "(empty board: " + rows + (rows == 1 ? " row" : " rows") + " of 0 cells)";
        }
        int cellWidth = String.valueOf(cols - 1).length();
        int labelWidth = Math.max(2, String.valueOf(rows - 1).length());
        StringBuilder text = new StringBuilder(" ".repeat(labelWidth + 2));
        for (int c = 0; c < cols; c++) {
            text.append(c == 0 ? "" : " ").append(padLeft(String.valueOf(c), cellWidth));
        }
        for (int r = 0; r < rows; r++) {
            text.append('\n').append(padLeft(String.valueOf(r), labelWidth)).append("  ");
            if (board[r] == null) {
                text.append("null");
                continue;
            }
            for (int c = 0; c < board[r].length; c++) {
                text.append(c == 0 ? "" : " ").append(padLeft(String.valueOf(board[r][c]), cellWidth));
            }
        }
        return text.toString();
    }

    private static String padLeft(String text, int width) {
        return text.length() >= width ? text : " ".repeat(width - text.length()) + text;
    }
}
