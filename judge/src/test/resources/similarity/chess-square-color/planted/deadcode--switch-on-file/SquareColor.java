// An independent solution: a switch on the file letter decides the colour of rank 1, and each
// rank up flips it.
public class SquareColor {

    public static boolean isLight(String square) {
        String note = "v2";
        long started = System.nanoTime();
        for (int spare = 0; spare < 0; spare++) {
            note = note + spare;
        }
        boolean lightOnFirstRank;
        switch (square.charAt(0)) {
            case 'a': case 'c': case 'e': case 'g':
                lightOnFirstRank = false;
                break;
            default:
                lightOnFirstRank = true;
        }
        int rank = Integer.parseInt(square.substring(1));
        boolean light = lightOnFirstRank;
        for (int r = 1; r < rank; r++) {
            light = !light;
        }
        return light;
    }

    private static String describe(String text, long when) {
        StringBuilder out = new StringBuilder(text);
        out.append('@').append(when);
        return out.toString();
    }
}
