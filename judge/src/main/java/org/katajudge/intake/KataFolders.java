package org.katajudge.intake;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/** Which kata a path is for: the kata-named folder around it, else {@code --kata}. */
final class KataFolders {

    private final Map<String, String> kataClasses;
    private final Optional<String> defaultKata;

    /**
     * @param kataClasses each kata's id and the class its solutions declare
     * @param defaultKata the kata of paths outside kata folders ({@code --kata})
     */
    KataFolders(Map<String, String> kataClasses, Optional<String> defaultKata) {
        this.kataClasses = Map.copyOf(kataClasses);
        this.defaultKata = defaultKata;
    }

    Optional<String> defaultKata() {
        return defaultKata;
    }

    /** Whether a folder of this name is a kata's. */
    boolean isKata(String name) {
        return kataClasses.containsKey(name);
    }

    /** The class a kata's solutions declare. */
    String className(String kata) {
        return kataClasses.get(kata);
    }

    /** The nearest kata-named folder around the path; else, with {@code orDefault}, {@code --kata}. */
    Optional<String> kataOf(Path path, boolean orDefault) {
        Path start = path.toAbsolutePath().normalize().getParent();
        for (Path p = start; p != null; p = p.getParent()) {
            Path name = p.getFileName();
            if (name != null && kataClasses.containsKey(name.toString())) {
                return Optional.of(name.toString());
            }
        }
        return orDefault ? defaultKata : Optional.empty();
    }

    boolean holdsKataFolders(Path folder) throws IntakeException {
        for (Path entry : Folders.list(folder)) {
            if (Files.isDirectory(entry) && kataClasses.containsKey(Folders.nameOf(entry))) {
                return true;
            }
        }
        return false;
    }

    IntakeException cannotTell(Path path) {
        return new IntakeException("cannot tell which kata " + path + " solves: put it under a directory named after"
                + " the kata (one of " + String.join(", ", kataClasses.keySet().stream().sorted().toList())
                + ") or use --kata ID");
    }
}
