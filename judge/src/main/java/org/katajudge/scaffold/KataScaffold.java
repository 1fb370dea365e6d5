package org.katajudge.scaffold;

import org.katajudge.catalog.KataCatalog;
import org.katajudge.files.Trees;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Writes a new kata folder that works as written: a placeholder rule, <em>squares apart</em>
 * ({@code squaresApart(String from, String to)}: the larger of the file and the rank change), its
 * generator, renderer and {@code Kata} class in {@code src/}, examples, a README, and one accepted
 * and one wrong-answer sample under {@code submissions/}. The kata is named after its id (class
 * {@code RookMoves} for {@code rook-moves}) and titled after it, marked as the template it is
 * ("Rook Moves (template: squares apart)"); the README describes the placeholder rule and ends
 * with what to change in each file, and {@code TODO} comments say where. The files are templates
 * in this package's {@code template/} resources, with {@code {{ID}}}, {@code {{CLASS}}} and
 * {@code {{TITLE}}} filled in.
 */
public final class KataScaffold {

    /** Each template, and where it goes in the new folder ({@code Rule} becomes the class name). */
    private static final List<String> TEMPLATES = List.of(
            "kata.json", "README.md", "examples.json",
            "src/Rule.java", "src/RuleGenerator.java", "src/RuleRenderer.java", "src/RuleKata.java",
            "submissions/accepted/walk-step-by-step/Rule.java",
            "submissions/wrong_answer/adds-the-differences/Rule.java");

    /** Names a rule class cannot take: the API's types, which the kata's sources import, and java.lang's. */
    private static final Set<String> TAKEN = Set.of("Kata", "EntryPoint", "Explanation", "RuleCheck", "ValueType",
            "Choices", "Generator", "List", "ArrayList");

    private KataScaffold() {
    }

    /**
     * The class a solution of kata {@code id} declares: the id in CamelCase, {@code king-moves}
     * giving {@code KingMoves}.
     */
    public static String className(String id) {
        StringBuilder name = new StringBuilder();
        for (String word : id.split("-")) {
            name.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
        }
        if (Character.isDigit(name.charAt(0))) {
            name.insert(0, "Kata");
        }
        String result = name.toString();
        return TAKEN.contains(result) || inJavaLang(result) ? result + "Solution" : result;
    }

    /**
     * Writes the folder {@code katasDirectory/id}.
     *
     * @return the files written, relative to the new folder
     * @throws IllegalArgumentException when {@code id} is not a kata id
     * @throws FileAlreadyExistsException when the folder exists
     * @throws IOException when a file cannot be written (nothing is left behind then)
     */
    public static List<String> create(Path katasDirectory, String id) throws IOException {
        if (!KataCatalog.validId(id)) {
            throw new IllegalArgumentException("\"" + id + "\" is not a kata id: lowercase letters, digits and"
                    + " hyphens, e.g. king-moves (at most " + KataCatalog.MAX_ID_LENGTH + " characters)");
        }
        String className = className(id);
        Path folder = katasDirectory.resolve(id);
        if (Files.exists(folder)) {
            throw new FileAlreadyExistsException(folder.toString(), null, "already exists");
        }
        Files.createDirectories(katasDirectory);
        Files.createDirectory(folder); // fails if a concurrent run made it first
        List<String> written = new ArrayList<>();
        try {
            for (String template : TEMPLATES) {
                String target = template.replaceAll("(^|/)Rule(\\w*)\\.java$", "$1" + className + "$2.java");
                Path file = folder.resolve(target);
                Files.createDirectories(file.getParent());
                Files.writeString(file, fill(read(template), id, className), StandardCharsets.UTF_8);
                written.add(target);
            }
        } catch (IOException | RuntimeException e) {
            Trees.deleteQuietly(folder); // best effort: the error that brought us here is what the user sees
            throw e;
        }
        return written;
    }

    private static String fill(String template, String id, String className) {
        return template.replace("{{ID}}", id).replace("{{CLASS}}", className).replace("{{TITLE}}", title(id));
    }

    /** {@code king-moves} as a title: {@code King Moves}. */
    static String title(String id) {
        StringBuilder title = new StringBuilder();
        for (String word : id.split("-")) {
            title.append(title.length() == 0 ? "" : " ")
                    .append(word.substring(0, 1).toUpperCase(Locale.ROOT)).append(word.substring(1));
        }
        return title.toString();
    }

    private static String read(String template) throws IOException {
        try (InputStream in = KataScaffold.class.getResourceAsStream("template/" + template)) {
            if (in == null) {
                throw new IOException("the judge's jar has no template " + template);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static boolean inJavaLang(String name) {
        try {
            Class.forName("java.lang." + name, false, ClassLoader.getPlatformClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
