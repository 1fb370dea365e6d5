// An independent solution: a switch on the file letter decides the colour of rank 1, and each
// rank up flips it.
public class SquareColor {

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
