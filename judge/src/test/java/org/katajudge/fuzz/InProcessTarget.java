package org.katajudge.fuzz;

import org.katajudge.compile.Compilation;
import org.katajudge.compile.SolutionPolicy;
import org.katajudge.compile.SourceFile;
import org.katajudge.compile.SubmissionCompiler;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Kata;
import org.katajudge.sandbox.CallResult;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A {@link Target} that calls a submission in this JVM, without any sandbox: for testing the
 * fuzzer alone, and as the benchmark's "bare loop" baseline. Never for untrusted code.
 */
public final class InProcessTarget implements Target {

    private final Map<String, byte[]> classes;
    private final Kata kata;
    private final List<EntryPoint> entryPoints;
    private Method[] methods;
    private int calls;
    private int resets;

    private InProcessTarget(Map<String, byte[]> classes, Kata kata) {
        this.classes = classes;
        this.kata = kata;
        this.entryPoints = kata.entryPoints();
        this.methods = define(classes, kata);
    }

    /** Compiles the submission at {@code folder} (its .java files) and loads it here. */
    public static InProcessTarget load(Path folder, Kata kata) throws IOException {
        List<SourceFile> sources = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                sources.add(new SourceFile(file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8)));
            }
        }
        Compilation compilation = new SubmissionCompiler(SolutionPolicy.standard())
                .compile(sources, kata.className(), kata.entryPoints(), true);
        if (!(compilation instanceof Compilation.Compiled compiled)) {
            throw new IllegalArgumentException(folder + " does not compile: " + compilation);
        }
        return new InProcessTarget(compiled.classes(), kata);
    }

    /** The submission's classes defined by a new loader: fresh static state. */
    private static Method[] define(Map<String, byte[]> classes, Kata kata) {
        ClassLoader loader = new BytesLoader(classes);
        try {
            Class<?> type = Class.forName(kata.className(), false, loader);
            Method[] methods = new Method[kata.entryPoints().size()];
            for (int i = 0; i < methods.length; i++) {
                var entryPoint = kata.entryPoints().get(i);
                methods[i] = type.getMethod(entryPoint.method(),
                        entryPoint.parameters().stream().map(p -> p.javaClass()).toArray(Class<?>[]::new));
            }
            return methods;
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException(e);
        }
    }

    @Override
    public void reset() {
        methods = define(classes, kata);
        resets++;
    }

    /** How many times the submission was loaded anew. */
    public int resets() {
        return resets;
    }

    @Override
    public List<CallResult> call(int method, List<Object[]> cases) {
        List<CallResult> results = new ArrayList<>(cases.size());
        for (Object[] args : cases) {
            calls++;
            try {
                // A copy, as the sandbox's serialization makes one: the caller's arguments stay intact.
                Object value = methods[method].invoke(null, Fuzzer.copy(entryPoints.get(method), args));
                results.add(new CallResult(CallResult.Outcome.RETURNED, value, null, 0, "", 0));
            } catch (InvocationTargetException e) {
                results.add(new CallResult(CallResult.Outcome.THREW, null, e.getCause().toString(), 0, "", 0));
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
        return results;
    }

    /** Calls made so far. */
    public int calls() {
        return calls;
    }

    private static final class BytesLoader extends ClassLoader {
        private final Map<String, byte[]> classes;

        BytesLoader(Map<String, byte[]> classes) {
            super(InProcessTarget.class.getClassLoader());
            this.classes = classes;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            byte[] bytes = classes.get(name);
            if (bytes == null) {
                throw new ClassNotFoundException(name);
            }
            return defineClass(name, bytes, 0, bytes.length);
        }
    }
}
