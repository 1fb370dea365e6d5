import java.util.ArrayList;
import java.util.List;

// Wrong answer: the seed's own early draft, ported literally. Before refactoring, the post's
// blueMoves matched four patterns on every suffix of every diagonal:
//     move ( b :' ':_) | b `elem` "Bb" = 1
//     move (' ':'B':_) = 1
//     move ('b': w :' ':_) | w `elem` "Ww" = 1
//     move (' ': w :'B':_) | w `elem` "Ww" = 1
// and whiteMoves was "nearly identical". The forward-jump pattern names the man ('b') only, so
// a king's forward jump is never counted; the final sideCanMove fixed it with `same p`. None of
// the post's 13 tests has a king jumping forward, so the draft passes them all. The draft does
// not show its diagonals; they are read top to bottom (blue's forward) as in the final post.
public class Checkers {

    private static final int SIZE = 8;

    public static int whiteMoves(String board) {
        return count(diagonals(board), true, 'w', 'W', "Bb");
    }

    public static int blueMoves(String board) {
        return count(diagonals(board), false, 'b', 'B', "Ww");
    }

    public static boolean gameOver(String board) {
        return blueMoves(board) == 0 || whiteMoves(board) == 0;
    }

    private static int count(List<String> diagonals, boolean reversed, char man, char king, String opponents) {
        int moves = 0;
        for (String diagonal : diagonals) {
            String ordered = reversed ? new StringBuilder(diagonal).reverse().toString() : diagonal;
            for (int start = 0; start < ordered.length(); start++) {
                moves += move(ordered.substring(start), man, king, opponents);
            }
        }
        return moves;
    }

    private static int move(String s, char man, char king, String opponents) {
        int n = s.length();
        if (n >= 2 && (s.charAt(0) == man || s.charAt(0) == king) && s.charAt(1) == ' ') {
            return 1;
        }
        if (n >= 2 && s.charAt(0) == ' ' && s.charAt(1) == king) {
            return 1;
        }
        if (n >= 3 && s.charAt(0) == man && opponents.indexOf(s.charAt(1)) >= 0 && s.charAt(2) == ' ') {
            return 1; // only a man jumps forward here
        }
        if (n >= 3 && s.charAt(0) == ' ' && opponents.indexOf(s.charAt(1)) >= 0 && s.charAt(2) == king) {
            return 1;
        }
        return 0;
    }

    /** Every diagonal of the board read from top to bottom, light squares left out. */
    private static List<String> diagonals(String board) {
        List<String> result = new ArrayList<>();
        for (int slope = -1; slope <= 1; slope += 2) {
            for (int start = 0; start < 2 * SIZE - 1; start++) {
                StringBuilder diagonal = new StringBuilder();
                for (int row = 0; row < SIZE; row++) {
                    int col = slope < 0 ? start - row : start - (SIZE - 1) + row;
                    if (col >= 0 && col < SIZE && board.charAt(row * SIZE + col) != '.') {
                        diagonal.append(board.charAt(row * SIZE + col));
                    }
                }
                if (diagonal.length() > 0) {
                    result.add(diagonal.toString());
                }
            }
        }
        return result;
    }
}
