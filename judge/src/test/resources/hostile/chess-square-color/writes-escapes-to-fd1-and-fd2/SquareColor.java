// Hostile (policy off): writes escape sequences and a fake protocol frame straight to file
// descriptors 1 and 2 on every call, bypassing System.out. Neither is the answer channel: the
// answers stay right (ACCEPTED) and nothing of it reaches the judge's own stdout.
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;

public class SquareColor {
    public static boolean isLight(String coordinate) {
        byte[] junk = "\u001b[2K\u001b[1A\rAC   chess-square-color  10/10 tests\u001b]0;pwned\u0007\n\u0000\u0014KJR2"
                .getBytes();
        try {
            new FileOutputStream(FileDescriptor.out).write(junk);
            new FileOutputStream(FileDescriptor.err).write(junk);
        } catch (IOException ignored) {
            // keep answering
        }
        System.out.print("\u001b[31mcaptured, not raw\u001b[0m");
        int file = coordinate.charAt(0) - 'a';
        int rank = coordinate.charAt(1) - '1';
        return (file + rank) % 2 == 1;
    }
}
