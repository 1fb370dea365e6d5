import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

// Accepted: a different decomposition. The pieces are first collected per character with
// their squares; then each side is checked from its own point of view (rows counted from its
// own back rank), against drawn masks of allowed squares that serve both colours.
public class XiangqiValidator {
    private static boolean generalsDoNotFly(String[] rows, int[] red, int[] black) {
        if (red[1] != black[1]) {
            return true;
        }
        int to = Math.max(red[0], black[0]);
        int from = Math.min(red[0], black[0]) + 1;
        return IntStream.range(from, to)
                .anyMatch(row -> PIECES.indexOf(rows[row].charAt(red[1])) >= 0);
    }

    /** pieces: chariot, horse, cannon, elephant, advisor, general, soldier of one side */
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
        // soldiers before the river (depth 3 and 4) came straight up: one per column
        int[] perColumn = new int[9];
        for (int[] square : squares.get(pieces.charAt(6))) {
            int depth = red ? 9 - square[0] : square[0];
            if (depth <= 4 && ++perColumn[square[1]] > 1) {
                return false;
            }
        }
        return true;
    }

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

    private static final String[] SOLDIER = {
        ".........", ".........", ".........", "O.O.O.O.O", "O.O.O.O.O",
        "OOOOOOOOO", "OOOOOOOOO", "OOOOOOOOO", "OOOOOOOOO", "OOOOOOOOO"};

    private static final String[] GENERAL = {
        "...OOO...", "...OOO...", "...OOO...", ".........", ".........",
        ".........", ".........", ".........", ".........", "........."};

    private static final String[] ADVISOR = {
        "...O.O...", "....O....", "...O.O...", ".........", ".........",
        ".........", ".........", ".........", ".........", "........."};

    // rows from the own back rank (0) to the far edge (9); 'O' marks an allowed square
    private static final String[] ELEPHANT = {
        "..O...O..", ".........", "O...O...O", ".........", "..O...O..",
        ".........", ".........", ".........", ".........", "........."};

    private static final String PIECES = "俥傌炮相仕帥兵車馬砲象士將卒";

}
