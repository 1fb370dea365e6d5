package org.katajudge.compile.worker;

import org.katajudge.compile.Compilation;
import org.katajudge.compile.ExpectedClass;
import org.katajudge.compile.SolutionPolicy;
import org.katajudge.compile.SourceFile;
import org.katajudge.compile.KataSourceCompiler;
import org.katajudge.compile.SubmissionCompiler;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The program of a compiler worker JVM: compiles submissions for the judge, one at a time, on a
 * thread with a deep stack, in a JVM whose heap the judge bounds and which exits on running out
 * of memory. The judge kills it when a compile takes too long and starts another; a worker
 * whose judge is gone exits.
 *
 * <p>Arguments: the compiling thread's stack in MiB, then {@value #NO_WARM_UP} or nothing. The protocol is {@link WorkerWire} on the
 * real standard input and output; {@code System.out} is pointed at standard error, so nothing
 * javac prints can be taken for an answer.
 */
public final class CompilerWorker {

    /** A small solution compiled before the worker says it is ready: javac's classes load and warm up. */
    static final SourceFile WARM_UP = new SourceFile("WarmUp.java", """
            import java.util.*;
            import java.util.stream.*;

            public class WarmUp {
                record Square(int file, int rank) { }
                enum Colour { LIGHT, DARK }

                public static int warm(String board) {
                    List<Square> squares = new ArrayList<>();
                    Map<Colour, Integer> counts = new EnumMap<>(Colour.class);
                    for (int i = 0; i < board.length(); i++) {
                        squares.add(new Square(i % 8, i / 8));
                    }
                    int sum = IntStream.range(0, squares.size()).map(i -> squares.get(i).file()).sum();
                    String text = squares.stream().map(Square::toString).collect(Collectors.joining(","));
                    Colour colour = switch (sum % 2) { case 0 -> Colour.LIGHT; default -> Colour.DARK; };
                    counts.merge(colour, 1, Integer::sum);
                    System.out.println(text.length() + counts.toString());
                    return sum;
                }
            }
            """);
    static final ExpectedClass WARM_UP_CLASS = new ExpectedClass("WarmUp",
            List.of(new ExpectedClass.Method("warm", "int", List.of("java.lang.String"), List.of("board"))));

    /**
     * The argument that skips the warm-up: the judge's workers start in the background before any
     * source arrives (so the warm-up would only cost a compile more); a worker that trains the
     * class-data archive ({@link WorkerArchive}) warms up, so that javac's classes are in it.
     */
    static final String NO_WARM_UP = "--no-warm-up";
    /** The thread that compiles (at most 15 characters: /proc shows no more, and the judge's clock of a compile reads it). */
    static final String COMPILING_THREAD = "compiler";

    private CompilerWorker() {
    }

    public static void main(String[] args) throws Exception {
        int stackMegabytes = args.length > 0 ? Integer.parseInt(args[0]) : 256;
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out)));
        DataInputStream in = new DataInputStream(new BufferedInputStream(new FileInputStream(FileDescriptor.in)));
        System.setOut(System.err);
        System.setIn(new ByteArrayInputStream(new byte[0]));
        // A worker outlives no judge: should the judge die without closing our input (killed mid-compile), stop.
        ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> Runtime.getRuntime().halt(0)));

        ExecutorService thread = Executors.newSingleThreadExecutor(runnable -> {
            Thread compiling = new Thread(null, runnable, COMPILING_THREAD, (long) stackMegabytes << 20);
            compiling.setDaemon(true);
            return compiling;
        });
        SubmissionCompiler compiler = new SubmissionCompiler(SolutionPolicy.standard());
        KataSourceCompiler kataCompiler = new KataSourceCompiler();
        if (!(args.length > 1 && args[1].equals(NO_WARM_UP))) {
            run(thread, () -> compiler.compile(List.of(WARM_UP), WARM_UP_CLASS, true));
        }
        out.writeInt(WorkerWire.READY);
        out.writeInt(WorkerWire.VERSION);
        out.flush();
        while (true) {
            WorkerWire.Request request;
            try {
                request = WorkerWire.readRequest(in);
            } catch (EOFException e) {
                Runtime.getRuntime().halt(0); // the judge is done with us
                return;
            }
            Compilation compilation = run(thread, () -> request.kataCode() ? kataCompiler.compile(request.sources())
                    : compiler.compile(request.sources(), request.expected(), request.enforcePolicy()));
            WorkerWire.writeCompilation(out, compilation);
        }
    }

    private static Compilation run(ExecutorService thread, java.util.concurrent.Callable<Compilation> task)
            throws InterruptedException, IOException {
        Future<Compilation> future = thread.submit(task);
        try {
            return future.get();
        } catch (ExecutionException e) {
            throw new IOException("the compiler failed: " + e.getCause(), e.getCause());
        }
    }
}
