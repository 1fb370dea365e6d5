/*
 * My solution for the kata. Written from scratch, tested with the examples.
 */

public class SquareColor {

    // helper: see the kata description
    public static boolean isLight(String square) {

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
}
