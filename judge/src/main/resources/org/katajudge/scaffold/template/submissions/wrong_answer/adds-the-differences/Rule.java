// A sample solution `verify` expects WRONG_ANSWER: it adds the file and the rank changes instead
// of taking the larger. The examples catch it, and fuzz shrinks it to a1 to b2.
// TODO: write the mistake you expect students to make in your rule.
public class {{CLASS}} {
    public static int squaresApart(String from, String to) {
        return Math.abs(from.charAt(0) - to.charAt(0)) + Math.abs(from.charAt(1) - to.charAt(1));
    }
}
