package org.katajudge.compile;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.Trees;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.ValueType;

import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Types;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Compiles a submission inside the judge's JVM with javac, in memory, then checks it before
 * anything runs: the forbidden-API policy, and that it declares the kata's class and methods.
 *
 * <p>The submission compiles against the JDK alone: the judge's own class path (references,
 * Jackson) is invisible to it. Thread-safe: each thread keeps its own file manager, which
 * javac does not allow to be shared but which is worth reusing (it caches the platform classes).
 */
public final class SubmissionCompiler {

    private static final List<String> OPTIONS = List.of(
            "--release", "17", "-g", "-proc:none", "-implicit:none", "-encoding", "UTF-8",
            "-Xlint:none", "-Xmaxerrs", "20", "-XDrawDiagnostics=false");

    private final JavaCompiler javac;
    private final ForbiddenApiPolicy policy;
    private final ThreadLocal<StandardJavaFileManager> fileManagers;

    public SubmissionCompiler(ForbiddenApiPolicy policy) {
        this.javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("no Java compiler: the judge must run on a JDK, not a JRE");
        }
        this.policy = policy;
        this.fileManagers = ThreadLocal.withInitial(() -> {
            StandardJavaFileManager manager = javac.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8);
            try {
                manager.setLocation(StandardLocation.CLASS_PATH, List.of()); // the JDK, nothing of the judge
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return manager;
        });
    }

    /**
     * Compiles {@code sources}, which must declare public class {@code className} in the default
     * package with every one of {@code entryPoints} as a public static method.
     *
     * @param enforcePolicy false only to test what the sandbox does with forbidden calls
     */
    public Compilation compile(List<SourceFile> sources, String className, List<EntryPoint> entryPoints,
                               boolean enforcePolicy) {
        if (sources.isEmpty()) {
            return new Compilation.Failed(List.of(new CompilerMessage("", 0, 0, "no .java files")));
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        MemoryOutput output = new MemoryOutput(fileManagers.get());
        List<JavaFileObject> units = sources.stream().<JavaFileObject>map(Source::new).toList();
        JavacTask task = (JavacTask) javac.getTask(null, output, diagnostics, OPTIONS, null, units);
        try {
            Iterable<? extends CompilationUnitTree> trees = task.parse();
            task.analyze();
            List<CompilerMessage> errors = messages(diagnostics, Diagnostic.Kind.ERROR);
            if (!errors.isEmpty()) {
                return new Compilation.Failed(errors);
            }
            if (enforcePolicy) {
                List<PolicyViolation> violations = new ArrayList<>();
                Trees treeUtils = Trees.instance(task);
                Types types = task.getTypes();
                for (CompilationUnitTree unit : trees) {
                    violations.addAll(PolicyScanner.scan(policy, treeUtils, types, task.getElements(), unit, fileName(unit)));
                }
                if (!violations.isEmpty()) {
                    return new Compilation.Rejected(violations);
                }
            }
            Optional<String> missing = checkSignatures(task, trees, className, entryPoints);
            if (missing.isPresent()) {
                return new Compilation.Failed(List.of(new CompilerMessage("", 0, 0, missing.get())));
            }
            task.generate();
            errors = messages(diagnostics, Diagnostic.Kind.ERROR);
            if (!errors.isEmpty()) {
                return new Compilation.Failed(errors);
            }
            return new Compilation.Compiled(output.classes, messages(diagnostics, Diagnostic.Kind.WARNING));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            // javac itself crashed on this source (it happens): the submission does not compile here
            return new Compilation.Failed(List.of(new CompilerMessage("", 0, 0, "javac failed: " + e)));
        }
    }

    /** Why the submission does not provide the kata's class and methods, if it does not. */
    private static Optional<String> checkSignatures(JavacTask task, Iterable<? extends CompilationUnitTree> units,
                                                    String className, List<EntryPoint> entryPoints) {
        TypeElement type = task.getElements().getTypeElement(className);
        if (type == null || !type.getEnclosingElement().getKind().equals(ElementKind.PACKAGE)
                || !((PackageElement) type.getEnclosingElement()).isUnnamed()) {
            for (CompilationUnitTree unit : units) {
                if (unit.getPackageName() != null) {
                    for (var declared : unit.getTypeDecls()) {
                        if (declared instanceof ClassTree classTree
                                && classTree.getSimpleName().contentEquals(className)) {
                            return Optional.of("class " + className + " must be in the default package, not in package "
                                    + unit.getPackageName());
                        }
                    }
                }
            }
            return Optional.of("missing class: expected public class " + className + " in the default package");
        }
        if (!type.getModifiers().contains(Modifier.PUBLIC)) {
            return Optional.of("class " + className + " must be public");
        }
        List<String> problems = new ArrayList<>();
        for (EntryPoint entryPoint : entryPoints) {
            if (!declares(type, entryPoint, task.getTypes())) {
                problems.add("missing method: expected " + entryPoint.signature() + " in class " + className);
            }
        }
        return problems.isEmpty() ? Optional.empty() : Optional.of(String.join("\n", problems));
    }

    private static boolean declares(TypeElement type, EntryPoint entryPoint, Types types) {
        for (Element member : type.getEnclosedElements()) {
            if (member.getKind() != ElementKind.METHOD || !member.getSimpleName().contentEquals(entryPoint.method())) {
                continue;
            }
            ExecutableElement method = (ExecutableElement) member;
            List<ValueType> parameters = entryPoint.parameters();
            if (!method.getModifiers().containsAll(List.of(Modifier.PUBLIC, Modifier.STATIC))
                    || method.getParameters().size() != parameters.size()
                    || !sameType(method.getReturnType().toString(), entryPoint.returns())) {
                continue;
            }
            boolean same = true;
            for (int i = 0; i < parameters.size(); i++) {
                same &= sameType(types.erasure(method.getParameters().get(i).asType()).toString(), parameters.get(i));
            }
            if (same) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameType(String javacName, ValueType type) {
        return javacName.equals(type.javaClass().getCanonicalName());
    }

    private static List<CompilerMessage> messages(DiagnosticCollector<JavaFileObject> diagnostics, Diagnostic.Kind kind) {
        List<CompilerMessage> messages = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == kind || (kind == Diagnostic.Kind.WARNING && d.getKind() == Diagnostic.Kind.MANDATORY_WARNING)) {
                String file = d.getSource() == null ? "" : nameOf(d.getSource());
                messages.add(new CompilerMessage(file, Math.max(0, d.getLineNumber()), Math.max(0, d.getColumnNumber()),
                        d.getMessage(Locale.ROOT)));
            }
        }
        return messages;
    }

    private static String fileName(CompilationUnitTree unit) {
        return nameOf(unit.getSourceFile());
    }

    /** The submission's file name of a source javac hands back (wrapped, so not our {@link Source}). */
    private static String nameOf(FileObject source) {
        return URLDecoder.decode(source.toUri().getRawPath().substring(1), StandardCharsets.UTF_8);
    }

    /** A source file held in memory. */
    private static final class Source extends SimpleJavaFileObject {
        final SourceFile file;

        Source(SourceFile file) {
            super(URI.create("string:///" + URLEncoder.encode(file.name(), StandardCharsets.UTF_8)), Kind.SOURCE);
            this.file = file;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return file.text();
        }

        @Override
        public boolean isNameCompatible(String simpleName, Kind kind) {
            return file.name().equals(simpleName + kind.extension);
        }
    }

    /** Keeps class files in memory instead of writing them. */
    private static final class MemoryOutput extends ForwardingJavaFileManager<JavaFileManager> {
        final Map<String, byte[]> classes = new ConcurrentHashMap<>();

        MemoryOutput(JavaFileManager delegate) {
            super(delegate);
        }

        @Override
        public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                                                   FileObject sibling) {
            return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + kind.extension), kind) {
                @Override
                public OutputStream openOutputStream() {
                    return new ByteArrayOutputStream() {
                        @Override
                        public void close() {
                            classes.put(className, toByteArray());
                        }
                    };
                }
            };
        }
    }
}
