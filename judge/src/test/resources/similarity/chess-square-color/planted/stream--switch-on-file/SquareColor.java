import java.util.stream.IntStream;

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
        long flips = IntStream.range(1, rank).count();
        return flips % 2 == 0 ? lightOnFirstRank : !lightOnFirstRank;
    }
}
