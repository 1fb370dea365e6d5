// A sample solution `verify` expects WRONG_ANSWER: it forgets that a king steps diagonally, so
// it adds the differences. The examples catch it, and fuzz shrinks it to a1 to b2.
public class {{CLASS}} {
    public static int kingMoves(String from, String to) {
        return Math.abs(from.charAt(0) - to.charAt(0)) + Math.abs(from.charAt(1) - to.charAt(1));
    }
}
