package org.katajudge.catalog;

import org.katajudge.choice.Choices;
import org.katajudge.compile.Compilation;
import org.katajudge.compile.CompilerMessage;
import org.katajudge.compile.CompileLimits;
import org.katajudge.compile.KataSourceCompiler;
import org.katajudge.compile.worker.CompilerPool;
import org.katajudge.compile.worker.CompilerUnavailableException;
import org.katajudge.compile.worker.WorkerReserve;
import org.katajudge.compile.SourceFile;
import org.katajudge.kata.Kata;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * The code of a kata folder that carries its own: the sources in {@code src/} compiled (or taken
 * from the {@link CompiledCodeCache}), defined in a class loader of their own, and the one class
 * implementing {@link Kata} instantiated. Every way this can fail is a one-line
 * {@link CatalogException} naming the file, and the line where there is one.
 *
 * <p>Why one long file: most of it words the ways a kata folder's code can fail (each a message naming the file and line); the loading itself is short.
 */
final class FolderCode {

    /**
     * Counts javac runs for kata code in this JVM, by the {@code src/} directory compiled: tests see
     * a cached load skip compilation, each in its own folders, whatever other tests compile meanwhile.
     */
    private static final Map<Path, AtomicInteger> COMPILATIONS = new ConcurrentHashMap<>();
    /** Changes whenever the compiled form of the same sources could change. */
    private static final String FORMAT = "kata-judge kata code 1";

    private FolderCode() {
    }

    /** How many times kata sources below {@code folder} were compiled in this JVM. */
    static int compilations(Path folder) {
        Path under = folder.toAbsolutePath().normalize();
        return COMPILATIONS.entrySet().stream().filter(e -> e.getKey().startsWith(under))
                .mapToInt(e -> e.getValue().get()).sum();
    }

    /**
     * Loads the kata in {@code src}.
     *
     * @param label how messages name the {@code src/} directory, e.g. {@code katas/my-kata/src}
     */
    static Kata load(Path src, String label, CompiledCodeCache cache) throws CatalogException {
        List<SourceFile> sources = read(src, label);
        String key = key(sources);
        Optional<Map<String, byte[]>> cached = cache.read(key);
        if (cached.isPresent()) {
            try {
                return instantiate(cached.get(), sources, label);
            } catch (BrokenEntry e) {
                cache.discard(key); // checksummed, so only a judge change explains it: compile afresh
            }
        }
        COMPILATIONS.computeIfAbsent(src.toAbsolutePath().normalize(), d -> new AtomicInteger()).incrementAndGet();
        Map<String, byte[]> classes = compile(sources, label);
        try {
            Kata kata = instantiate(classes, sources, label);
            cache.write(key, classes);
            return kata;
        } catch (BrokenEntry e) {
            throw new CatalogException(label + ": javac's classes cannot be defined: " + e.getMessage());
        }
    }

    /** The {@code .java} files below {@code src}, bounded as submissions are, named relative to it. */
    private static List<SourceFile> read(Path src, String label) throws CatalogException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(src)) {
            files = walk.filter(p -> p.getFileName() != null && p.getFileName().toString().endsWith(".java")
                            && Files.isRegularFile(p))
                    .sorted()
                    .limit(KataSourceCompiler.MAX_FILES + 1L)
                    .toList();
        } catch (IOException | RuntimeException e) {
            throw new CatalogException(label + ": cannot read (" + e.getClass().getSimpleName() + ")");
        }
        if (files.isEmpty()) {
            throw new CatalogException(label + ": no .java files: put the kata's rule, generator, renderer and"
                    + " Kata class here (see katas/README.md)");
        }
        if (files.size() > KataSourceCompiler.MAX_FILES) {
            throw new CatalogException(label + ": more than " + KataSourceCompiler.MAX_FILES + " .java files");
        }
        List<SourceFile> sources = new ArrayList<>();
        long total = 0;
        for (Path file : files) {
            String name = src.relativize(file).toString().replace('\\', '/');
            try {
                total += Files.size(file);
                if (total > KataSourceCompiler.MAX_SOURCE_BYTES) {
                    throw new CatalogException(label + ": the sources are larger than "
                            + (KataSourceCompiler.MAX_SOURCE_BYTES >> 10) + " KiB in all");
                }
                byte[] bytes = Files.readAllBytes(file);
                String text = StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(bytes)).toString();
                sources.add(new SourceFile(name, text));
            } catch (CharacterCodingException e) {
                throw new CatalogException(label + "/" + name + ": not UTF-8 text");
            } catch (IOException e) {
                throw new CatalogException(label + "/" + name + ": cannot read (" + e.getClass().getSimpleName() + ")");
            }
        }
        return sources;
    }

    private static Map<String, byte[]> compile(List<SourceFile> sources, String label) throws CatalogException {
        Compilation compilation;
        // in a compiler worker, with a submission's bounds; started only when something is compiled (or one
        // an engine left in the JVM's reserve: the pool hands it on to no one after it compiled a kata's code)
        try (CompilerPool worker = new CompilerPool(CompileLimits.DEFAULT, 1, WorkerReserve.ofThisJvm())) {
            compilation = worker.compileKataCode(sources);
        } catch (CompilerUnavailableException e) {
            throw new CatalogException(label + ": " + e.getMessage());
        }
        if (compilation instanceof Compilation.Compiled compiled) {
            return compiled.classes();
        }
        List<CompilerMessage> errors = ((Compilation.Failed) compilation).errors();
        CompilerMessage first = errors.get(0);
        String more = errors.size() > 1 ? " (and " + (errors.size() - 1) + " more error" + (errors.size() > 2 ? "s" : "") + ")" : "";
        String where = first.file().isEmpty() ? label : label + "/" + first.file()
                + (first.line() > 0 ? ":" + first.line() : "");
        throw new CatalogException(where + ": does not compile: " + first.message() + more);
    }

    /** Defines the classes and creates the kata. */
    private static Kata instantiate(Map<String, byte[]> classes, List<SourceFile> sources, String label)
            throws CatalogException, BrokenEntry {
        KataClassLoader loader = new KataClassLoader(classes, FolderCode.class.getClassLoader());
        List<Class<?>> katas = new ArrayList<>();
        for (String name : classes.keySet().stream().sorted().toList()) {
            Class<?> type;
            try {
                type = Class.forName(name, false, loader);
            } catch (ClassNotFoundException | LinkageError | SecurityException e) {
                throw new BrokenEntry(name + ": " + e);
            }
            if (Kata.class.isAssignableFrom(type) && !type.isInterface() && !Modifier.isAbstract(type.getModifiers())
                    && !type.isAnonymousClass() && !type.isLocalClass()) {
                katas.add(type);
            }
        }
        if (katas.isEmpty()) {
            throw new CatalogException(label + ": no class implements " + Kata.class.getName()
                    + " (one public class with a public no-argument constructor must; see katas/README.md)");
        }
        if (katas.size() > 1) {
            throw new CatalogException(label + ": " + katas.size() + " classes implement " + Kata.class.getName()
                    + " (" + String.join(", ", katas.stream().map(Class::getName).toList()) + "); keep one");
        }
        Class<?> type = katas.get(0);
        String file = label + "/" + sourceOf(type, sources);
        if (!Modifier.isPublic(type.getModifiers())) {
            throw new CatalogException(file + ": class " + type.getName() + " must be public");
        }
        Constructor<?> constructor;
        try {
            constructor = type.getConstructor();
        } catch (NoSuchMethodException e) {
            throw new CatalogException(file + ": class " + type.getName() + " needs a public no-argument constructor");
        }
        Kata kata;
        try {
            kata = (Kata) constructor.newInstance();
        } catch (InvocationTargetException e) {
            throw threw("new " + type.getSimpleName() + "()", e.getCause(), loader, sources, label, file);
        } catch (ExceptionInInitializerError e) {
            throw threw("initializing " + type.getSimpleName(), e.getCause(), loader, sources, label, file);
        } catch (ReflectiveOperationException | LinkageError e) {
            throw threw("new " + type.getSimpleName() + "()", e, loader, sources, label, file);
        }
        try {
            // Called once here, so a kata that fails to describe itself fails now, with its line.
            String missing = kata.id() == null ? "id()" : kata.className() == null ? "className()"
                    : kata.entryPoints() == null || kata.entryPoints().stream().anyMatch(e -> e == null) ? "entryPoints()" : null;
            if (missing != null) {
                throw new CatalogException(file + ": " + type.getSimpleName() + "." + missing + " returned null");
            }
        } catch (RuntimeException | LinkageError e) {
            Throwable cause = e instanceof ExceptionInInitializerError init && init.getCause() != null ? init.getCause() : e;
            throw threw(type.getSimpleName() + " describing itself", cause, loader, sources, label, file);
        }
        return kata;
    }

    /** {@code src/Rule.java:12: new RuleKata() threw NullPointerException: ...}, at the kata code's own line. */
    private static CatalogException threw(String what, Throwable error, KataClassLoader loader, List<SourceFile> sources,
                                          String label, String fallback) {
        Throwable cause = error;
        while (cause instanceof ExceptionInInitializerError && cause.getCause() != null) {
            cause = cause.getCause();
        }
        String where = fallback;
        Throwable located = cause;
        for (Throwable t = cause; t != null && where.equals(fallback); t = t.getCause()) {
            for (StackTraceElement frame : t.getStackTrace()) {
                if (loader.defines(frame.getClassName()) && frame.getFileName() != null && frame.getLineNumber() > 0) {
                    where = label + "/" + sourceNamed(frame.getClassName(), frame.getFileName(), sources)
                            + ":" + frame.getLineNumber();
                    located = t;
                    break;
                }
            }
        }
        String message = located.getMessage() == null ? "" : ": " + located.getMessage().lines().findFirst().orElse("");
        return new CatalogException(where + ": " + what + " threw " + located.getClass().getSimpleName() + message);
    }

    /** The source file (relative to src/) that declares {@code type}. */
    private static String sourceOf(Class<?> type, List<SourceFile> sources) {
        Class<?> top = type;
        while (top.getEnclosingClass() != null) {
            top = top.getEnclosingClass();
        }
        return sourceNamed(top.getName(), top.getSimpleName() + ".java", sources);
    }

    private static String sourceNamed(String className, String fileName, List<SourceFile> sources) {
        int dot = className.lastIndexOf('.');
        String packagePath = dot < 0 ? "" : className.substring(0, dot).replace('.', '/') + "/";
        List<String> candidates = sources.stream().map(SourceFile::name)
                .filter(n -> n.equals(fileName) || n.endsWith("/" + fileName)).toList();
        if (candidates.contains(packagePath + fileName)) {
            return packagePath + fileName;
        }
        return candidates.size() == 1 ? candidates.get(0) : fileName;
    }

    /**
     * The cache key: the sources, the authoring API they compile against, the Java release and the
     * judge's version, hashed.
     */
    private static String key(List<SourceFile> sources) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        write(bytes, FORMAT);
        write(bytes, String.valueOf(FolderCode.class.getPackage().getImplementationVersion()));
        write(bytes, System.getProperty("java.specification.version"));
        bytes.writeBytes(ApiFingerprint.VALUE);
        for (SourceFile source : sources) {
            write(bytes, source.name());
            write(bytes, source.text());
        }
        return HexFormat.of().formatHex(CompiledCodeCache.sha256(bytes.toByteArray()));
    }

    private static void write(ByteArrayOutputStream bytes, String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        bytes.writeBytes(ByteBuffer.allocate(4).putInt(utf8.length).array());
        bytes.writeBytes(utf8);
    }

    /** A hash of the authoring API's class files: code compiled against another API is not reused. */
    private static final class ApiFingerprint {
        static final byte[] VALUE = compute();

        private static byte[] compute() {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            for (String name : List.of("kata/Kata", "kata/EntryPoint", "kata/EntryPoint$Builder", "kata/Explanation",
                    "kata/Generator", "kata/RuleCheck", "kata/ValueType", "choice/Choices", "choice/ChoiceRecorder",
                    "choice/ChoiceSequence", "choice/ChoiceSource")) {
                try (InputStream in = Choices.class.getResourceAsStream("/org/katajudge/" + name + ".class")) {
                    if (in != null) {
                        bytes.writeBytes(in.readAllBytes());
                    }
                } catch (IOException e) {
                    // missing bytes only make the key different, never wrong
                }
            }
            return CompiledCodeCache.sha256(bytes.toByteArray());
        }
    }

    /** A cache entry (or javac output) whose classes cannot be defined. */
    private static final class BrokenEntry extends Exception {
        BrokenEntry(String message) {
            super(message);
        }
    }

    /** The kata's classes, defined from their bytes; everything else (the API, the JDK) from the judge. */
    static final class KataClassLoader extends ClassLoader {
        private final Map<String, byte[]> classes;

        KataClassLoader(Map<String, byte[]> classes, ClassLoader parent) {
            super("kata-code", parent);
            this.classes = Map.copyOf(classes);
        }

        boolean defines(String name) {
            return classes.containsKey(name);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!classes.containsKey(name)) {
                return super.loadClass(name, resolve);
            }
            // The kata's own classes first: a default-package class of the teacher's never meets the judge's.
            synchronized (getClassLoadingLock(name)) {
                Class<?> type = findLoadedClass(name);
                if (type == null) {
                    type = findClass(name);
                }
                if (resolve) {
                    resolveClass(type);
                }
                return type;
            }
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
