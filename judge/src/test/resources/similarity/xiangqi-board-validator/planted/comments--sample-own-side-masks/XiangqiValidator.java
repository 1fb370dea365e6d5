/*
 * My solution for the kata. Written from scratch, tested with the examples.
 */

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
public class XiangqiValidator {
    private static final String PIECES = "俥傌炮相仕帥兵車馬砲象士將卒";
    private static final String[] ELEPHANT = {

        "..O...O..", ".........", "O...O...O", ".........", "..O...O..",
        ".........", ".........", ".........", ".........", "........."};
    private static final String[] ADVISOR = {

        "...O.O...", "....O....", "...O.O...", ".........", ".........",
        ".........", ".........", ".........", ".........", "........."};
    private static final String[] GENERAL = {

        "...OOO...", "...OOO...", "...OOO...", ".........", ".........",
        ".........", ".........", ".........", ".........", "........."};
    private static final String[] SOLDIER = {

        ".........", ".........", ".........", "O.O.O.O.O", "O.O.O.O.O",
        "OOOOOOOOO", "OOOOOOOOO", "OOOOOOOOO", "OOOOOOOOO", "OOOOOOOOO"};

    // helper: see the kata description
    public static boolean chessValidator(String board) {

        String[] rows = board.split("\n");
        Map<Character, List<int[]>> squares = new HashMap<>();
        for (char piece : PIECES.toCharArray()) {

            squares.put(piece, new ArrayList<>());
        }
        for (int row = 0; row < 10; row++) {

            for (int column = 0; column < 9; column++) {

                char c = rows[row].charAt(column);
                if (squares.containsKey(c)) {

                    squares.get(c).add(new int[] {row, column});
                }
            }
        }
        return sideIsLegal("俥傌炮相仕帥兵", squares, true)
                && sideIsLegal("車馬砲象士將卒", squares, false)
                && generalsDoNotFly(rows, squares.get('帥').get(0), squares.get('將').get(0));
    }

    // helper: see the kata description
    private static boolean sideIsLegal(String pieces, Map<Character, List<int[]>> squares, boolean red) {

        int[] limits = {2, 2, 2, 2, 2, 1, 5};
        for (int type = 0; type < 7; type++) {

            int count = squares.get(pieces.charAt(type)).size();
            if (count > limits[type] || type == 5 && count != 1) {

                return false;
            }
        }
        String[][] masks = {ELEPHANT, ADVISOR, GENERAL, SOLDIER};
        for (int m = 0; m < masks.length; m++) {

            for (int[] square : squares.get(pieces.charAt(m + 3))) {

                int depth = red ? 9 - square[0] : square[0];
                if (masks[m][depth].charAt(square[1]) != 'O') {

                    return false;
                }
            }
        }
        int[] perColumn = new int[9];
        for (int[] square : squares.get(pieces.charAt(6))) {

            int depth = red ? 9 - square[0] : square[0];
            if (depth <= 4 && ++perColumn[square[1]] > 1) {

                return false;
            }
        }
        return true;
    }

    // helper: see the kata description
    private static boolean generalsDoNotFly(String[] rows, int[] red, int[] black) {

        if (red[1] != black[1]) {

            return true;
        }
        int from = Math.min(red[0], black[0]) + 1;
        int to = Math.max(red[0], black[0]);
        return IntStream.range(from, to)
                .anyMatch(row -> PIECES.indexOf(rows[row].charAt(red[1])) >= 0);
    }
}
