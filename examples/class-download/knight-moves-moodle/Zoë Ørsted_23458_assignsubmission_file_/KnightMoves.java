import java.util.ArrayList;
import java.util.List;

public class KnightMoves {

    public static int minMoves(String start, String end) {
        List<String> frontier = new ArrayList<>(List.of(start));
        List<String> seen = new ArrayList<>(frontier);
        for (int moves = 0; ; moves++) {
            if (frontier.contains(end)) {
                return moves;
            }
            List<String> next = new ArrayList<>();
            for (String square : frontier) {
                for (int df = -2; df <= 2; df++) {
                    for (int dr = -2; dr <= 2; dr++) {
                        if (Math.abs(df * dr) != 2) {
                            continue;
                        }
                        char file = (char) (square.charAt(0) + df);
                        char rank = (char) (square.charAt(1) + dr);
                        String target = "" + file + rank;
                        if (file >= 'a' && file <= 'h' && rank >= '1' && rank <= '8' && !seen.contains(target)) {
                            seen.add(target);
                            next.add(target);
                        }
                    }
                }
            }
            frontier = next;
        }
    }
}
