package org.katajudge.compile;

import com.sun.source.util.JavacTask;
import com.sun.tools.javac.api.BasicJavacTask;
import com.sun.tools.javac.api.JavacTaskPool;
import com.sun.tools.javac.code.Flags;
import com.sun.tools.javac.code.Symbol;
import com.sun.tools.javac.code.Symbol.ClassSymbol;
import com.sun.tools.javac.code.Symbol.ModuleSymbol;
import com.sun.tools.javac.code.Symbol.PackageSymbol;
import com.sun.tools.javac.code.Symtab;
import com.sun.tools.javac.util.Context;

import javax.tools.DiagnosticListener;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import java.io.Closeable;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;

/**
 * javac whose context (its symbol table with the JDK classes it has read, its components) is
 * kept from one compilation to the next through javac's own {@link JavacTaskPool}, as jshell
 * does: a warm compile in a compiler worker then costs some 40% less CPU than with a fresh task
 * ({@code bench/compile-cost.sh}). Used by
 * {@link SubmissionCompiler} where the JVM exports javac's internals to the judge, as the
 * compiler workers' does; elsewhere every compilation gets a fresh task, as before.
 *
 * <p>Two students' compilations share the context, so what one leaves must not change what the
 * next gives. JavacTaskPool does not see to all of it, so this does, and refuses what it cannot
 * vouch for:
 * <ul>
 * <li>After each compilation, JavacTaskPool removes from the symbol table the classes declared in
 *     the compiled trees, and does not keep a context whose sources redefined a {@code java.*}
 *     class. It leaves the classes that desugaring lifted out of those trees (member classes,
 *     records, enums), every class in its package's scope, and every package with its "exists"
 *     flag: a next {@code import leak.*;} would compile where a fresh javac says that package does
 *     not exist.</li>
 * <li>So {@link #cleanUp} then removes what is left of the default package, whose every class is
 *     the submission's (the class path is empty): its classes from the symbol table and from its
 *     scope, and its "exists" flag; the state a fresh javac starts from. (Left there, a record
 *     nested in a class of the same name in the next submission crashed javac.)</li>
 * <li>And it looks for anything else of a submission: a class in the unnamed module or read from a
 *     source, a package that exists or holds a class, a module declared by a source. Should any be
 *     left (a submission with a {@code package} line, for one), the whole pool is discarded and
 *     the next compilation starts afresh.</li>
 * <li>A compilation that throws (javac crashed, or ran out of stack or memory) discards the
 *     pool too: the context may be half-way through anything.</li>
 * <li>A context is retired after {@link #MAX_USES} compilations or {@link #MAX_SOURCE_CHARS} of
 *     source, so what javac accumulates regardless (the names of every identifier it read)
 *     stays small beside the worker's heap.</li>
 * </ul>
 * The tests ({@code ReusedJavacTest}) compile every sample submission through a reused context in
 * several orders and compare with a fresh javac (outcome, messages, class bytes), and try each of
 * these leaks on its own.
 *
 * <p>Not thread-safe: one per thread ({@link SubmissionCompiler} keeps one per thread).
 */
final class ReusedJavac {

    /** The packages of javac's module this uses, which the JVM must export to the judge's. */
    static final List<String> INTERNAL_PACKAGES = List.of(
            "com.sun.tools.javac.api", "com.sun.tools.javac.code", "com.sun.tools.javac.util");

    /** A context compiles at most this many submissions... */
    static final int MAX_USES = 500;
    /** ...or this many characters of source in all, then the next compilation starts a new one. */
    static final long MAX_SOURCE_CHARS = 4L << 20;

    /**
     * Whether this JVM lets the judge use javac's internals (the compiler workers are started with
     * {@code --add-exports}; {@code java -jar judge.jar} is not) and is the JDK whose javac this
     * reuse was checked against: javac's internals change between feature releases.
     */
    static boolean available() {
        Module javac = JavacTask.class.getModule();
        Module judge = ReusedJavac.class.getModule();
        return Runtime.version().feature() == 17 && javac.isNamed() && PLATFORM_DESCRIPTION != null
                && INTERNAL_PACKAGES.stream().allMatch(p -> javac.isExported(p, judge));
    }

    /** What the compilations of a {@link SubmissionCompiler} (all its threads) did with contexts. */
    static final class Counts {
        /** Compilations in a new context. */
        final AtomicLong fresh = new AtomicLong();
        /** Compilations in a context a previous compilation used. */
        final AtomicLong reused = new AtomicLong();
        /** Contexts thrown away because a compilation left something of its own or threw. */
        final AtomicLong discarded = new AtomicLong();
        /** Contexts thrown away clean, for their age ({@link #MAX_USES}, {@link #MAX_SOURCE_CHARS}). */
        final AtomicLong retired = new AtomicLong();
        /** What the last discarded context had left ("package leak"), for tests. */
        volatile String lastLeftover;
    }

    /**
     * javac's description of the platform of {@code --release}, which it makes anew for every task,
     * opening the JDK's {@code ct.sym} (most of a warm compile's CPU, reused context or not), and
     * closes with the task's compiler: never, in a reused context. This closes it; left to the
     * garbage collector, those open files cost the worker more than reusing the context saves.
     */
    private static final Class<?> PLATFORM_DESCRIPTION =
            Class.forName(JavacTask.class.getModule(), "com.sun.tools.javac.platform.PlatformDescription");

    private final MemoryFiles.Output output;
    private final Counts counts;
    /** Null when the next compilation starts a new context. */
    private JavacTaskPool pool;
    /** The context of the last compilation, the platform description its components keep, and what it compiled. */
    private Context context;
    private Closeable contextPlatform;
    private int uses;
    private long sourceChars;

    /**
     * @param files the platform's files; this keeps it: javac's components keep the file manager
     *              of the first compilation of a context, so every compilation of a context must
     *              be given the same one (and {@link #output} is)
     */
    ReusedJavac(StandardJavaFileManager files, Counts counts) {
        this.output = new MemoryFiles.Output(files);
        this.counts = counts;
    }

    /**
     * Compiles {@code units} as {@code JavaCompiler.getTask} would, and runs {@code check} with the
     * task (valid only while it runs) and the class files it wrote. Exceptions pass through, and
     * discard the context.
     */
    Compilation compile(List<String> options, List<JavaFileObject> units, long chars,
                        DiagnosticListener<? super JavaFileObject> diagnostics,
                        BiFunction<JavacTask, MemoryFiles.Output, Compilation> check) {
        if (pool == null) {
            pool = new JavacTaskPool(1); // one context: one compilation at a time, with one set of options
        }
        output.clear();
        Closeable[] platform = new Closeable[1];
        String leftover = "a compilation that threw";
        try {
            Compilation compilation = pool.getTask(Writer.nullWriter(), output, diagnostics, options, null, units,
                    task -> {
                        Context taskContext = ((BasicJavacTask) task).getContext();
                        platform[0] = (Closeable) taskContext.get(PLATFORM_DESCRIPTION);
                        if (taskContext == context) {
                            counts.reused.incrementAndGet();
                        } else { // a new context: the first compilation, or JavacTaskPool did not keep the last one
                            close(contextPlatform);
                            context = taskContext;
                            contextPlatform = platform[0];
                            uses = 0;
                            sourceChars = 0;
                            counts.fresh.incrementAndGet();
                        }
                        uses++;
                        sourceChars += chars;
                        return check.apply(task, output);
                    });
            // JavacTaskPool has cleared the context by now, and kept it unless the sources redefined the JDK's
            try {
                leftover = cleanUp(Symtab.instance(context));
            } catch (RuntimeException e) {
                leftover = "a clean-up that threw " + e; // the compilation stands, the context goes
            }
            return compilation;
        } finally {
            output.clear();
            if (platform[0] != contextPlatform) {
                close(platform[0]);
            }
            if (leftover != null) {
                counts.lastLeftover = leftover;
                counts.discarded.incrementAndGet();
                forgetContext();
            } else if (uses >= MAX_USES || sourceChars >= MAX_SOURCE_CHARS) {
                counts.retired.incrementAndGet();
                forgetContext();
            }
        }
    }

    /** Drops the pool and its context: the next compilation starts a new one. */
    private void forgetContext() {
        pool = null;
        context = null;
        close(contextPlatform);
        contextPlatform = null;
    }

    private static void close(Closeable closeable) {
        if (closeable != null) {
            try {
                closeable.close();
            } catch (IOException e) {
                // a ct.sym that would not close: nothing to do about it here
            }
        }
    }

    /**
     * Removes what is left of the default package, all of it the last submission's (the class path
     * is empty), and returns what else is left of the submission, or null if nothing is.
     */
    private static String cleanUp(Symtab symbols) {
        ModuleSymbol unnamedModule = symbols.unnamedModule;
        PackageSymbol defaultPackage = unnamedModule.unnamedPackage;
        String leftover = null;
        // Classes. JavacTaskPool has removed from the symbol table those it found in the compiled
        // trees, but not member classes: desugaring lifts them out of the trees first.
        List<ClassSymbol> defaultPackageClasses = new ArrayList<>();
        for (ClassSymbol c : symbols.getAllClasses()) {
            if (c.packge() == defaultPackage) {
                defaultPackageClasses.add(c);
            } else if (leftover == null && (c.packge().modle == unnamedModule || c.classfile == null && c.sourcefile != null)) {
                // nothing is in the unnamed module but the submission; javac is given no source but the submission's
                leftover = "class " + c.flatname;
            }
        }
        for (ClassSymbol c : defaultPackageClasses) {
            symbols.removeClass(unnamedModule, c.flatname);
        }
        // The default package's scope: JavacTaskPool leaves every class there.
        if (defaultPackage.members_field != null) {
            List<Symbol> members = new ArrayList<>();
            defaultPackage.members_field.getSymbols().forEach(members::add);
            members.forEach(defaultPackage.members_field::remove);
        }
        defaultPackage.flags_field &= ~Flags.EXISTS; // set on entering a class there, as in a fresh context
        if (leftover != null) {
            return leftover;
        }
        // Packages, which JavacTaskPool leaves all: any but the default package that a submission declared.
        for (Symbol symbol : unnamedModule.enclosedPackages) {
            PackageSymbol p = (PackageSymbol) symbol;
            if (p == symbols.rootPackage) {
                continue; // the root of every module's packages, shared with the JDK's
            }
            // A package javac looked up and did not find ("java" of java.util.List, or of a failed
            // import) stays, empty and not existing: as in a fresh javac once it has looked.
            boolean exists = (p.flags_field & Flags.EXISTS) != 0;
            boolean empty = p.members_field == null || p.members_field.isEmpty();
            if (exists || !empty || p.package_info != null || p.sourcefile != null) {
                return "package " + (p.isUnnamed() ? "(default)" : p.fullname);
            }
        }
        // Modules: a module-info.java among the sources declares one, and puts every class in it.
        for (ModuleSymbol m : symbols.getAllModules()) {
            if (m.module_info != null && m.module_info.sourcefile != null
                    && MemoryFiles.isInMemory(m.module_info.sourcefile)) {
                return "module " + m.name;
            }
        }
        return null;
    }
}
