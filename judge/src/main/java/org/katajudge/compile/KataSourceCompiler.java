package org.katajudge.compile;

import org.katajudge.choice.Choices;
import org.katajudge.kata.Kata;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Compiles a kata folder's own code ({@code katas/<id>/src/*.java}: the rule, its generator, its
 * renderer, its {@link Kata}) against the authoring API and the JDK, nothing else of the judge.
 *
 * <p>The one entry point through which kata code is compiled, so it gets the same bounds as
 * submissions: at most {@link #MAX_FILES} files and {@link #MAX_SOURCE_BYTES} of source in all,
 * checked here. Kata code is the teacher's and trusted, so no policy applies. The judge runs it
 * in a compiler worker ({@code CompilerPool.compileKataCode}), bounded in time and memory as a
 * submission's compile is.
 */
public final class KataSourceCompiler {

    /** At most this much source (UTF-8 bytes, all files together) is compiled, as for a submission. */
    public static final long MAX_SOURCE_BYTES = 1 << 20;
    /** At most this many source files. */
    public static final int MAX_FILES = 200;

    /** The API packages kata code may use; the rest of the judge's class path is invisible to it. */
    private static final Set<String> API_PACKAGES = Set.of(Kata.class.getPackageName(), Choices.class.getPackageName());

    private static final List<String> OPTIONS = List.of(
            "--release", "17", "-g", "-proc:none", "-implicit:none", "-encoding", "UTF-8",
            "-Xlint:none", "-Xmaxerrs", "20");

    private final JavaCompiler javac;

    public KataSourceCompiler() {
        this.javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("no Java compiler: the judge must run on a JDK, not a JRE");
        }
    }

    /**
     * Compiles {@code sources} (names relative to the kata's {@code src/}, e.g. {@code Rule.java}
     * or {@code rules/Board.java}).
     *
     * @return {@link Compilation.Compiled} with the class bytes by binary name, or
     * {@link Compilation.Failed} with javac's errors (file relative to {@code src/}, line,
     * column) or the bound that was exceeded; never {@link Compilation.Rejected}
     */
    public Compilation compile(List<SourceFile> sources) {
        if (sources.isEmpty()) {
            return failed("no .java files");
        }
        if (sources.size() > MAX_FILES) {
            return failed(sources.size() + " source files, at most " + MAX_FILES);
        }
        long bytes = sources.stream().mapToLong(s -> s.text().getBytes(StandardCharsets.UTF_8).length).sum();
        if (bytes > MAX_SOURCE_BYTES) {
            return failed("the sources hold " + (bytes >> 10) + " KiB, at most " + (MAX_SOURCE_BYTES >> 10) + " KiB");
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager standard = javac.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8)) {
            standard.setLocationFromPaths(StandardLocation.CLASS_PATH, apiClassPath());
            standard.setLocationFromPaths(StandardLocation.SOURCE_PATH, List.of());
            ApiOnlyOutput files = new ApiOnlyOutput(standard);
            List<JavaFileObject> units = sources.stream().map(MemoryFiles::source).toList();
            Boolean ok = javac.getTask(null, files, diagnostics, OPTIONS, null, units).call();
            List<CompilerMessage> errors = errors(diagnostics);
            if (!Boolean.TRUE.equals(ok) || !errors.isEmpty()) {
                return new Compilation.Failed(errors.isEmpty()
                        ? List.of(new CompilerMessage("", 0, 0, "javac failed without a message")) : errors);
            }
            return new Compilation.Compiled("", files.classes(), List.of(), List.of()); // no main class: a kata, not a solution
        } catch (IOException e) {
            return failed("javac cannot read the authoring API's classes: " + e.getMessage());
        } catch (RuntimeException e) {
            return failed("javac failed: " + e);
        }
    }

    /** Where the authoring API's classes are (a jar or a directory): the judge's jar, or api/target/classes. */
    static List<Path> apiClassPath() throws IOException {
        Set<Path> paths = new LinkedHashSet<>();
        for (Class<?> type : List.of(Kata.class, Choices.class)) {
            CodeSource source = type.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null) {
                throw new IOException("cannot tell where " + type.getName() + " was loaded from");
            }
            try {
                Path path = Path.of(source.getLocation().toURI());
                if (!Files.exists(path)) {
                    throw new IOException(path + " does not exist");
                }
                paths.add(path);
            } catch (URISyntaxException | IllegalArgumentException e) {
                throw new IOException("cannot use " + source.getLocation() + " as a class path: " + e.getMessage());
            }
        }
        return List.copyOf(paths);
    }

    private static Compilation failed(String message) {
        return new Compilation.Failed(List.of(new CompilerMessage("", 0, 0, message)));
    }

    private static List<CompilerMessage> errors(DiagnosticCollector<JavaFileObject> diagnostics) {
        List<CompilerMessage> messages = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                String file = d.getSource() == null ? "" : MemoryFiles.nameOf(d.getSource());
                String text = d.getMessage(Locale.ROOT);
                messages.add(new CompilerMessage(file, Math.max(0, d.getLineNumber()), Math.max(0, d.getColumnNumber()),
                        text == null ? "" : text.lines().findFirst().orElse("")));
            }
        }
        return messages;
    }

    /**
     * Shows javac only the API packages of the class path (the judge's jar holds much more), and
     * keeps class files in memory.
     */
    private static final class ApiOnlyOutput extends MemoryFiles.Output {

        ApiOnlyOutput(JavaFileManager delegate) {
            super(delegate);
        }

        @Override
        public Iterable<JavaFileObject> list(Location location, String packageName, Set<JavaFileObject.Kind> kinds,
                                             boolean recurse) throws IOException {
            if (location == StandardLocation.CLASS_PATH && !API_PACKAGES.contains(packageName)) {
                return List.of();
            }
            return super.list(location, packageName, kinds, false);
        }
    }
}
