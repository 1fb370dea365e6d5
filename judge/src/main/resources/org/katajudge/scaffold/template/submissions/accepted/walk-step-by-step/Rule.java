// A sample solution `verify` expects ACCEPTED: it walks the king one step at a time.
// Keep at least one accepted sample; add more (and samples for wrong_answer/, run_time_error/,
// time_limit_exceeded/...) as you learn how students solve and miss the kata.
public class {{CLASS}} {
    public static int kingMoves(String from, String to) {
        int file = from.charAt(0), rank = from.charAt(1);
        int moves = 0;
        while (file != to.charAt(0) || rank != to.charAt(1)) {
            file += Integer.signum(to.charAt(0) - file);
            rank += Integer.signum(to.charAt(1) - rank);
            moves++;
        }
        return moves;
    }
}
