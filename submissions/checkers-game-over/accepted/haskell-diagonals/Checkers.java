import java.util.ArrayList;
import java.util.List;

// Accepted: a port of the seed's literate Haskell (Greg Bacon, "Checkers game-over in Haskell").
// The board is turned 45 degrees by shearing each row with '#' padding and transposing, which
// gives every diagonal as a string read from top to bottom (blue's forward direction); light
// squares and padding are filtered out. White reads each diagonal reversed. Then every suffix
// ("tails") of every diagonal is matched against four patterns: a forward step, a king's
// backward step, a forward jump and a king's backward jump.
public class Checkers {

    private static final int SIZE = 8;

    public static int whiteMoves(String board) {
        return count(diagonals(board), true, 'w');
    }

    public static int blueMoves(String board) {
        return count(diagonals(board), false, 'b');
    }

    public static boolean gameOver(String board) {
        return blueMoves(board) == 0 || whiteMoves(board) == 0;
    }

    // count (direction, side) ds = sum $ map sideCanMove $ concatMap tails $ direction ds
    private static int count(List<String> diagonals, boolean reversed, char side) {
        int moves = 0;
        for (String diagonal : diagonals) {
            String ordered = reversed ? new StringBuilder(diagonal).reverse().toString() : diagonal;
            for (int start = 0; start <= ordered.length(); start++) {
                moves += sideCanMove(ordered.substring(start), side);
            }
        }
        return moves;
    }

    // The four equations of sideCanMove, tried in order as Haskell does (a failed guard falls through).
    private static int sideCanMove(String s, char side) {
        int n = s.length();
        if (n >= 2 && same(s.charAt(0), side) && s.charAt(1) == ' ') {
            return 1; // ( p :' ':_)     | same p
        }
        if (n >= 2 && s.charAt(0) == ' ' && king(s.charAt(1), side)) {
            return 1; // (' ': k :_)     | king k
        }
        if (n >= 3 && same(s.charAt(0), side) && opponent(s.charAt(1), side) && s.charAt(2) == ' ') {
            return 1; // ( p : o :' ':_) | same p && opponent o
        }
        if (n >= 3 && s.charAt(0) == ' ' && opponent(s.charAt(1), side) && king(s.charAt(2), side)) {
            return 1; // (' ': o : k :_) | king k && opponent o
        }
        return 0;
    }

    private static boolean piece(char p) {
        return "BbWw".indexOf(p) >= 0;
    }

    private static boolean same(char p, char side) {
        return piece(p) && Character.toLowerCase(p) == side;
    }

    private static boolean opponent(char p, char side) {
        return piece(p) && Character.toLowerCase(p) != side;
    }

    private static boolean king(char p, char side) {
        return same(p, side) && p == Character.toUpperCase(side);
    }

    // diagonals (Board rows) = positiveSlopes rows ++ negativeSlopes rows
    private static List<String> diagonals(String board) {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < SIZE; i++) {
            rows.add(board.substring(i * SIZE, (i + 1) * SIZE)); // board s: chop into rows of 8
        }
        List<String> all = new ArrayList<>(slopes(rows, true));
        all.addAll(slopes(rows, false));
        return all;
    }

    // go order = filter (not . null) . map (filter $ not . ignored) . transpose . map (shear . order) . zip [0..]
    private static List<String> slopes(List<String> rows, boolean positive) {
        int k = 2 * SIZE - 1;
        List<String> sheared = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            int left = positive ? i : k - SIZE - i;
            int right = positive ? k - SIZE - i : i;
            sheared.add("#".repeat(left) + rows.get(i) + "#".repeat(right));
        }
        List<String> result = new ArrayList<>();
        for (int column = 0; column < k; column++) {
            StringBuilder diagonal = new StringBuilder();
            for (String row : sheared) {
                char c = row.charAt(column);
                if (c != '#' && c != '.') {
                    diagonal.append(c);
                }
            }
            if (diagonal.length() > 0) {
                result.add(diagonal.toString());
            }
        }
        return result;
    }
}
