// An independent solution: a switch on the file letter decides the colour of rank 1, and each
// rank up flips it.
public class SquareColor {

    public static boolean isLight(String theSquare) {
        boolean theLightOnFirstRank;
        switch (theSquare.charAt(0)) {
            case 'a': case 'c': case 'e': case 'g':
                theLightOnFirstRank = false;
                break;
            default:
                theLightOnFirstRank = true;
        }
        int theRank = Integer.parseInt(theSquare.substring(1));
        boolean theLight = theLightOnFirstRank;
        for (int theR = 1; theR < theRank; theR++) {
            theLight = !theLight;
        }
        return theLight;
    }
}
