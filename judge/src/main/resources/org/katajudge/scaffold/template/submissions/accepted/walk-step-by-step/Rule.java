// A sample solution `verify` expects ACCEPTED: it walks from one square to the other, one step
// at a time (a step may change the file and the rank at once), and counts the steps.
// TODO: write an accepted solution of your rule. Keep at least one accepted sample; add more
// (and samples for wrong_answer/, run_time_error/, time_limit_exceeded/...) as you learn how
// students solve and miss the kata.
public class {{CLASS}} {
    public static int squaresApart(String from, String to) {
        int file = from.charAt(0), rank = from.charAt(1);
        int steps = 0;
        while (file != to.charAt(0) || rank != to.charAt(1)) {
            file += Integer.signum(to.charAt(0) - file);
            rank += Integer.signum(to.charAt(1) - rank);
            steps++;
        }
        return steps;
    }
}
