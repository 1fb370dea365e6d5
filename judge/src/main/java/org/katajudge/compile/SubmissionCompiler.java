package org.katajudge.compile;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.Trees;
import org.katajudge.kata.EntryPoint;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Compiles a submission with javac, in memory, in this JVM, then checks it before anything runs:
 * the {@link SolutionPolicy}, and that it declares the kata's class (in any package) and methods.
 * The judge runs this inside a compiler worker ({@code org.katajudge.compile.worker}), a JVM of
 * its own whose memory and time are bounded; it runs in the judge's JVM only in tests.
 *
 * <p>The submission compiles against the JDK alone: the judge's own class path (references,
 * Jackson) is invisible to it. Thread-safe: each thread keeps its own file manager, which
 * javac does not allow to be shared but which is worth reusing (it caches the platform classes).
 * Where the JVM exports javac's internals to the judge ({@link #REUSE_JVM_OPTIONS}, as in a
 * compiler worker), each thread also keeps javac's context from one compilation to the next,
 * for some 40% less CPU per compilation, and with it the same outcome as a fresh javac's
 * ({@link ReusedJavac} says how). Elsewhere ({@code java -jar judge.jar}, where it compiles only
 * in tests) each compilation gets a fresh javac task.
 */
public final class SubmissionCompiler implements SourceCompiler {

    /** javac stops after this many errors (and warnings): enough to fix the first, bounded for hostile sources. */
    static final int MAX_MESSAGES = 20;
    /** One compiler message is at most this long: an identifier can be 64 K characters. */
    static final int MAX_MESSAGE_CHARS = 1000;
    /** Larger class files are not a kata solution (nor worth sending to a sandbox). */
    static final long MAX_CLASS_BYTES = 16L << 20;

    /** The platform a submission compiles against: Java SE 17's API, from the JDK's {@code ct.sym}. */
    static final List<String> RELEASE_17 = List.of("--release", "17");
    /**
     * The same platform on a JDK 17, which is that platform: javac reads the running JDK's own
     * modules instead of opening {@code ct.sym} anew for every task, which was most of a warm
     * compile's CPU (about 9 ms against 2 in a worker that reuses javac's context). The outcomes,
     * messages and class bytes are those of {@link #RELEASE_17} ({@code SubmissionCompilerTest}
     * compares every sample, every hostile source and the JDK's internal, incubating and
     * deprecated APIs).
     */
    static final List<String> RUNNING_JDK_17 = List.of("-source", "17", "-target", "17");

    /** {@link #RUNNING_JDK_17} on a JDK 17, {@link #RELEASE_17} on any other. */
    static List<String> platformOptions() {
        return Runtime.version().feature() == 17 ? RUNNING_JDK_17 : RELEASE_17;
    }

    private static final List<String> COMMON_OPTIONS = List.of(
            "-g", "-proc:none", "-implicit:none", "-encoding", "UTF-8",
            "-Xlint:none", "-Xmaxerrs", String.valueOf(MAX_MESSAGES), "-Xmaxwarns", String.valueOf(MAX_MESSAGES),
            "-XDrawDiagnostics=false",
            // String concatenation as StringBuilder calls (the language's meaning, unchanged), not
            // invokedynamic: the first indy concatenation costs a fresh child JVM about 25 ms of CPU.
            "-XDstringConcat=inline");

    /**
     * The options of a JVM in which this compiler reuses javac's context: exports of javac's
     * internals to the class path ({@link ReusedJavac#INTERNAL_PACKAGES}), on a JDK 17.
     */
    public static final List<String> REUSE_JVM_OPTIONS = ReusedJavac.INTERNAL_PACKAGES.stream()
            .flatMap(p -> Stream.of("--add-exports", "jdk.compiler/" + p + "=ALL-UNNAMED"))
            .toList();

    private final JavaCompiler javac;
    private final List<String> options;
    private final SolutionPolicy policy;
    private final ThreadLocal<StandardJavaFileManager> fileManagers;
    /** Each thread's javac with its context kept; null where every compilation gets a fresh task. */
    private final ThreadLocal<ReusedJavac> reused;
    private final ReusedJavac.Counts counts = new ReusedJavac.Counts();

    /** Reuses javac's context where the JVM allows ({@link #REUSE_JVM_OPTIONS}), decided here, once. */
    public SubmissionCompiler(SolutionPolicy policy) {
        this(policy, ReusedJavac.available());
    }

    /** @param reuseContexts whether to reuse javac's context; true only where {@link ReusedJavac#available()} */
    SubmissionCompiler(SolutionPolicy policy, boolean reuseContexts) {
        this(policy, reuseContexts, platformOptions());
    }

    /** @param platform {@link #RELEASE_17} or, on a JDK 17, {@link #RUNNING_JDK_17} */
    SubmissionCompiler(SolutionPolicy policy, boolean reuseContexts, List<String> platform) {
        this.options = Stream.concat(platform.stream(), COMMON_OPTIONS.stream()).toList();
        this.javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("no Java compiler: the judge must run on a JDK, not a JRE");
        }
        if (reuseContexts && !ReusedJavac.available()) {
            throw new IllegalStateException("javac's context can be reused only in a JDK 17 run with " + REUSE_JVM_OPTIONS);
        }
        this.policy = policy;
        this.fileManagers = ThreadLocal.withInitial(this::newFileManager);
        this.reused = reuseContexts ? ThreadLocal.withInitial(() -> new ReusedJavac(newFileManager(), counts)) : null;
    }

    private StandardJavaFileManager newFileManager() {
        StandardJavaFileManager manager = javac.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8);
        try {
            manager.setLocation(StandardLocation.CLASS_PATH, List.of()); // the JDK, nothing of the judge
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return manager;
    }

    /** Whether this compiler reuses javac's context between compilations. */
    public boolean reusesContexts() {
        return reused != null;
    }

    /** Compilations so far in a context a previous compilation had used. */
    long contextsReused() {
        return counts.reused.get();
    }

    /** Contexts thrown away so far because a compilation left something of its own in it, or threw. */
    long contextsDiscarded() {
        return counts.discarded.get();
    }

    /** Contexts retired so far for their age ({@link ReusedJavac#MAX_USES} compilations, or that much source). */
    long contextsRetired() {
        return counts.retired.get();
    }

    /** What the last discarded context had left of its compilation ("package leak"), or null. */
    String lastLeftover() {
        return counts.lastLeftover;
    }

    /**
     * Compiles {@code sources}, which must declare public class {@code className} with every one
     * of {@code entryPoints} as a public static method.
     *
     * @param enforcePolicy false only to test what the sandbox does with code the policy refuses
     */
    public Compilation compile(List<SourceFile> sources, String className, List<EntryPoint> entryPoints,
                               boolean enforcePolicy) {
        return compile(sources, ExpectedClass.of(className, entryPoints), enforcePolicy);
    }

    @Override
    public Compilation compile(List<SourceFile> sources, ExpectedClass expected, boolean enforcePolicy) {
        if (sources.isEmpty()) {
            return Compilation.Failed.because("no .java files");
        }
        try {
            return compileChecked(sources, expected, enforcePolicy);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError | LinkageError | AssertionError e) {
            // javac gave up on this source (it wraps its own failures in IllegalStateException): not compiled here
            return Compilation.Failed.because(gaveUp(e));
        }
    }

    private static String gaveUp(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof StackOverflowError) {
                return CompileLimits.NESTED_TOO_DEEPLY;
            }
            if (cause instanceof OutOfMemoryError) {
                return "the compiler ran out of memory on this source: " + CompileLimits.SIMPLIFY;
            }
        }
        return "the compiler failed on this source: " + failure;
    }

    private Compilation compileChecked(List<SourceFile> sources, ExpectedClass expected, boolean enforcePolicy) {
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        List<JavaFileObject> units = sources.stream().map(MemoryFiles::source).toList();
        if (reused != null) {
            long chars = sources.stream().mapToLong(s -> s.text().length()).sum();
            return reused.get().compile(options, units, chars, diagnostics,
                    (task, output) -> check(task, output, diagnostics, expected, enforcePolicy));
        }
        MemoryFiles.Output output = new MemoryFiles.Output(fileManagers.get());
        // javac's own output (the "please file a bug" of a crash) goes nowhere: its failures are reported as ours
        JavacTask task = (JavacTask) javac.getTask(Writer.nullWriter(), output, diagnostics, options, null, units);
        return check(task, output, diagnostics, expected, enforcePolicy);
    }

    /** Compiles with {@code task}, which writes to {@code output} and reports to {@code diagnostics}, and checks. */
    private Compilation check(JavacTask task, MemoryFiles.Output output, DiagnosticCollector<JavaFileObject> diagnostics,
                              ExpectedClass expected, boolean enforcePolicy) {
        try {
            Iterable<? extends CompilationUnitTree> trees = task.parse();
            task.analyze();
            List<CompilerMessage> errors = messages(diagnostics, Diagnostic.Kind.ERROR);
            if (!errors.isEmpty()) {
                return new Compilation.Failed(errors);
            }
            Trees treeUtils = Trees.instance(task);
            if (enforcePolicy) {
                List<PolicyViolation> violations = new ArrayList<>();
                for (CompilationUnitTree unit : trees) {
                    if (violations.size() < PolicyScanner.MAX_VIOLATIONS) {
                        violations.addAll(PolicyScanner.scan(policy, treeUtils, task.getTypes(), task.getElements(), unit,
                                fileName(unit)));
                    }
                }
                if (!violations.isEmpty()) {
                    return new Compilation.Rejected(violations.subList(0, Math.min(violations.size(),
                            PolicyScanner.MAX_VIOLATIONS)));
                }
            }
            SignatureCheck.Outcome outcome = new SignatureCheck(treeUtils, task.getElements(), task.getTypes(),
                    SubmissionCompiler::fileName).check(trees, expected);
            if (outcome instanceof SignatureCheck.Missing missing) {
                return new Compilation.Failed(missing.problems());
            }
            SignatureCheck.Found found = (SignatureCheck.Found) outcome;
            task.generate();
            errors = messages(diagnostics, Diagnostic.Kind.ERROR);
            if (!errors.isEmpty()) {
                return new Compilation.Failed(errors, found.notes());
            }
            long size = output.classes().values().stream().mapToLong(bytes -> bytes.length).sum();
            if (size > MAX_CLASS_BYTES) {
                return new Compilation.Failed(List.of(new CompilerMessage("", 0, 0, "the compiled classes take "
                        + (size >> 20) + " MiB, more than the " + (MAX_CLASS_BYTES >> 20) + " MiB a kata solution may take")),
                        found.notes());
            }
            return new Compilation.Compiled(found.binaryName(), output.classes(), messages(diagnostics, Diagnostic.Kind.WARNING),
                    found.notes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<CompilerMessage> messages(DiagnosticCollector<JavaFileObject> diagnostics, Diagnostic.Kind kind) {
        List<CompilerMessage> messages = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == kind || (kind == Diagnostic.Kind.WARNING && d.getKind() == Diagnostic.Kind.MANDATORY_WARNING)) {
                String file = d.getSource() == null ? "" : MemoryFiles.nameOf(d.getSource());
                messages.add(new CompilerMessage(file, Math.max(0, d.getLineNumber()), Math.max(0, d.getColumnNumber()),
                        clip(d.getMessage(Locale.ROOT))));
            }
        }
        return messages;
    }

    private static String clip(String text) {
        return text.length() <= MAX_MESSAGE_CHARS ? text
                : text.substring(0, MAX_MESSAGE_CHARS) + "... (" + (text.length() - MAX_MESSAGE_CHARS) + " more characters)";
    }

    private static String fileName(CompilationUnitTree unit) {
        return MemoryFiles.nameOf(unit.getSourceFile());
    }
}
