package org.katajudge.intake;

import org.katajudge.report.Verdict;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Chooses, from what was found in a hand-in, the sources to compile and what to call them:
 * test code and build output are left out, of several copies of one class the latest
 * re-submission is kept, each file is named after the public class it declares, and a hand-in
 * with nothing left says what it held instead.
 */
final class SourceSelection {

    /**
     * @param sources what to compile; empty when {@code verdict} is present
     * @param notes   what was done, for the student and the teacher
     * @param verdict the verdict when nothing can be compiled
     */
    record Selected(List<JavaSource> sources, List<String> notes, Optional<IntakeVerdict> verdict) {
    }

    private static final int LISTED = 5;

    private SourceSelection() {
    }

    /**
     * @param kataClass the class the kata needs: a file declaring it is never left out as test code
     * @param folder    whether the hand-in is a folder (else files or an archive), to say "an empty folder"
     */
    static Selected select(HandinReader.Findings findings, String kataClass, boolean folder) {
        List<String> notes = new ArrayList<>(findings.notes());
        Map<Found, String> leftOut = new LinkedHashMap<>();
        List<Candidate> candidates = new ArrayList<>();
        for (Found file : findings.files()) {
            if (file.kind() != Found.Kind.SOURCE) {
                continue;
            }
            if (file.buildOutput()) {
                leftOut.put(file, "build output");
                continue;
            }
            if (underTestFolder(file.path())) {
                leftOut.put(file, "test code");
                continue;
            }
            String shown = HandinPaths.show(file.path());
            SourceDecoder.Decoded decoded = SourceDecoder.decode(shown, file.bytes());
            if (decoded.problem().isPresent()) {
                return new Selected(List.of(), notes, Optional.of(IntakeVerdict.of(Verdict.COMPILE_ERROR, decoded.problem().get())));
            }
            JavaOutline outline = JavaOutline.of(decoded.text());
            if (outline.importsTestFramework() && !outline.types().contains(kataClass)) {
                leftOut.put(file, "test code");
                continue;
            }
            notes.addAll(decoded.notes());
            candidates.add(new Candidate(file, decoded.text(), outline));
        }
        note(notes, leftOut, "test code");
        note(notes, leftOut, "build output");
        List<Candidate> kept = latestCopies(candidates, notes);
        if (kept.isEmpty()) {
            String found = describe(findings.files(), leftOut, folder);
            return new Selected(List.of(), notes, Optional.of(IntakeVerdict.of(Verdict.NO_SUBMISSION, "nothing to grade: " + found)));
        }
        List<JavaSource> sources = new ArrayList<>();
        for (Candidate candidate : kept) {
            String name = candidate.file.name();
            Optional<String> type = candidate.outline.publicType();
            if (type.isPresent() && !name.equals(type.get() + ".java")) {
                notes.add("compiled " + HandinPaths.show(name) + " as " + type.get() + ".java, after the public class it declares");
                name = type.get() + ".java";
            }
            sources.add(new JavaSource(name, candidate.file.path(), candidate.text));
        }
        return new Selected(sources, notes, Optional.empty());
    }

    private record Candidate(Found file, String text, JavaOutline outline) {

        /** Sources that declare the same (public, else first) class in the same package are copies of one file. */
        String key() {
            Optional<String> type = outline.publicType().or(() -> outline.types().stream().findFirst());
            return outline.packageName().orElse("") + "." + type.orElse("?" + file.path());
        }

        /** Named after the class it declares. */
        boolean wellNamed() {
            return outline.types().stream().anyMatch(t -> file.name().equals(t + ".java"));
        }
    }

    /**
     * Of copies of one class, keeps one: identical copies are one file; else the latest of a
     * file's re-submissions ({@code KnightMoves-1.java} over {@code KnightMoves.java}, as Canvas
     * names them). Copies that are neither are all kept, and the compiler will say so.
     */
    private static List<Candidate> latestCopies(List<Candidate> candidates, List<String> notes) {
        Map<String, List<Candidate>> byClass = new LinkedHashMap<>();
        candidates.forEach(c -> byClass.computeIfAbsent(c.key(), k -> new ArrayList<>()).add(c));
        List<Candidate> kept = new ArrayList<>();
        for (List<Candidate> copies : byClass.values()) {
            if (copies.size() == 1) {
                kept.add(copies.get(0));
                continue;
            }
            if (copies.stream().map(c -> c.text).distinct().count() == 1) {
                Candidate one = copies.stream().filter(Candidate::wellNamed).findFirst().orElse(copies.get(0));
                kept.add(one);
                notes.add("left out " + list(copies.stream().filter(c -> c != one).map(c -> c.file.path()).toList())
                        + ": the same as " + HandinPaths.show(one.file.path()));
                continue;
            }
            String base = LmsNames.copy(copies.get(0).file.name()).base();
            boolean resubmissions = copies.stream().allMatch(c -> LmsNames.copy(c.file.name()).base().equals(base))
                    && copies.stream().map(c -> LmsNames.copy(c.file.name()).number()).distinct().count() == copies.size();
            if (!resubmissions) {
                kept.addAll(copies);
                continue;
            }
            Candidate latest = copies.stream().max(Comparator.comparingInt(c -> LmsNames.copy(c.file.name()).number())).orElseThrow();
            kept.add(latest);
            notes.add("used " + HandinPaths.show(latest.file.path()) + ", the latest re-submission; left out "
                    + list(copies.stream().filter(c -> c != latest).map(c -> c.file.path()).toList()));
        }
        return kept;
    }

    private static boolean underTestFolder(String path) {
        String normalized = "/" + path.replace("!/", "/");
        return normalized.contains("/src/test/");
    }

    private static void note(List<String> notes, Map<Found, String> leftOut, String why) {
        List<String> paths = leftOut.entrySet().stream().filter(e -> e.getValue().equals(why))
                .map(e -> e.getKey().path()).toList();
        if (!paths.isEmpty()) {
            notes.add("left out " + why + ": " + list(paths));
        }
    }

    /** What a hand-in with nothing to compile held: "only README.md", "an empty folder". */
    static String describe(List<Found> files, Map<Found, String> leftOut, boolean folder) {
        List<String> items = items(files, leftOut, "");
        if (items.isEmpty()) {
            return folder ? "an empty folder" : "no files";
        }
        return "only " + join(items);
    }

    private static List<String> items(List<Found> files, Map<Found, String> leftOut, String container) {
        List<String> items = new ArrayList<>();
        for (Found file : files) {
            if (!file.container().equals(container)) {
                continue;
            }
            String path = container.isEmpty() ? file.path() : file.path().substring(container.length() + 2);
            String item = HandinPaths.show(path);
            if (file.kind() == Found.Kind.ARCHIVE) {
                item += " (" + (file.problem() != null ? file.problem() : archive(files, leftOut, file)) + ")";
            } else if (leftOut.containsKey(file)) {
                item += " (" + leftOut.get(file) + ")";
            }
            items.add(item);
        }
        return items;
    }

    private static String archive(List<Found> files, Map<Found, String> leftOut, Found archive) {
        String kind = Archives.extension(archive.name());
        List<String> inside = items(files, leftOut, archive.path());
        if (inside.isEmpty()) {
            return "an empty " + kind;
        }
        boolean anySource = files.stream().anyMatch(f -> f.kind() == Found.Kind.SOURCE
                && f.path().startsWith(archive.path() + "!/"));
        return "a " + kind + (anySource ? " with nothing to grade: " : " with no .java files: ") + join(inside);
    }

    /** "a", "a and b", "a, b and c", "a, b, c, d and 7 more files". */
    static String join(List<String> items) {
        if (items.size() > LISTED) {
            List<String> shown = new ArrayList<>(items.subList(0, LISTED - 1));
            shown.add((items.size() - shown.size()) + " more files");
            items = shown;
        }
        if (items.size() == 1) {
            return items.get(0);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }

    private static String list(List<String> paths) {
        return join(paths.stream().map(HandinPaths::show).toList());
    }
}
