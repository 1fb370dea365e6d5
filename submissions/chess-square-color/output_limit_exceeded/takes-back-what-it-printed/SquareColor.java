// Hostile (issue 19, found by the red team): right answers, 20 MiB printed on every call, and after
// each block a write with a negative length, which PrintStream.write hands on unchecked and which
// once took the bytes back off the judge's count. Every byte printed counts: the limit is 8 MiB.
public class SquareColor {

    public static boolean isLight(String coordinate) {
        byte[] block = new byte[1 << 20];
        for (int i = 0; i < 20; i++) {
            System.out.write(block, 0, block.length);
            try {
                System.out.write(block, 0, -block.length);
            } catch (IndexOutOfBoundsException refused) {
                // what the JDK's own streams throw: the judge's does too, and keeps its count
            }
        }
        return (coordinate.charAt(0) - 'a' + coordinate.charAt(1) - '0') % 2 == 0;
    }
}
