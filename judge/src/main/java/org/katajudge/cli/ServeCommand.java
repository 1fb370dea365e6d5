package org.katajudge.cli;

import org.katajudge.engine.plan.GradingMode;
import org.katajudge.engine.plan.GradingOptions;
import org.katajudge.intake.ClassDownload;
import org.katajudge.intake.Handin;
import org.katajudge.intake.IntakeException;
import org.katajudge.intake.Roster;
import org.katajudge.scoring.ScoringRules;
import org.katajudge.server.ClassExports;
import org.katajudge.server.KataServer;
import org.katajudge.server.Person;
import org.katajudge.server.QueueLimits;
import org.katajudge.server.ServerOptions;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;

/** {@code serve [options]}: the judge as a web server: kata pages, an editor, attempts graded as grade grades them. */
final class ServeCommand {

    static final String NAME = "serve";

    static final String HELP = """
            Usage: %1$s serve [options]

            Starts the judge's web server: a page per kata (its README, boards, a code editor with
            the solution's skeleton), "Run examples" and "Attempt" graded as grade grades them
            (the same sandbox), results as tests finish, and a JSON API (see docs). Attempts and
            results are kept in a database in --data, so a restart loses nothing. Ctrl-C stops it.

            Without --roster: a personal playground on 127.0.0.1; open the link it prints.
            With --roster FILE: a class. It prints the teacher's link and writes one link per
            student to DATA/links.csv; students see only their own attempts, hidden tests stay
            hidden; the teacher downloads the gradebook and the other grade outputs per deadline.

            Options:
              --port N           the port (default %2$d; 0: any free port)
              --host ADDRESS     the address to listen on (default 127.0.0.1; with --roster 0.0.0.0)
              --url URL          how people reach the server, for the links (default http://HOST:PORT)
              --katas DIR        kata folders to use instead of the repository's katas/
              --data DIR         where the database is kept (default ./katajudge-data)
              --roster FILE      a CSV of the class's students (as grade --roster reads it)
              --jobs N           gradings at once (default: the number of cores)
              --queue N          attempts that may wait, all students together (default %3$d)
              --per-student N    one student's attempts waiting or being graded at once (default %4$d)
              --per-minute N     one student's attempts in any minute (default %5$d)
              --seed N           seed of the random tests (default 0, as grade)
              --cases N          random cases per method of a full attempt (default %6$d)
              --isolation MODE   auto (default), bwrap, unshare or none
              --help             this help

            Exit status: 0 stopped, 2 usage or configuration error (the port taken, the data folder
            in use by another server, a broken roster).
            """;

    static final Set<String> VALUED = Set.of("port", "host", "url", "katas", "data", "roster", "jobs", "queue",
            "per-student", "per-minute", "seed", "cases", "isolation");
    static final Set<String> FLAGS = Set.of("help");

    private ServeCommand() {
    }

    static int run(List<String> args, PrintStream out) throws UsageException {
        Arguments arguments = Arguments.parse(NAME, args, VALUED, FLAGS);
        QueueLimits defaults = QueueLimits.defaults();
        if (arguments.flag("help")) {
            out.printf(HELP, Main.command(), ServerOptions.DEFAULT_PORT, defaults.capacity(), defaults.perStudent(),
                    defaults.perMinute(), GradingMode.DEFAULT_CASES);
            return ExitCode.OK;
        }
        if (!arguments.positionals().isEmpty()) {
            throw new UsageException(NAME + ": takes no paths (got \"" + arguments.positionals().get(0) + "\"); see --help");
        }
        ServerOptions options = options(arguments, out);
        KataServer server;
        try {
            server = KataServer.start(options);
        } catch (KataServer.ServerException e) {
            throw new UsageException(NAME + ": " + e.getMessage());
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "serve-stop"));
        announce(server, options, out);
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return ExitCode.OK;
    }

    static ServerOptions options(Arguments arguments, PrintStream out) throws UsageException {
        Workspace workspace = Workspace.open(arguments.option("katas"));
        int port = arguments.intOption(NAME, "port", 0, 65535).orElse(ServerOptions.DEFAULT_PORT);
        QueueLimits defaults = QueueLimits.defaults();
        QueueLimits limits = new QueueLimits(
                arguments.intOption(NAME, "jobs", 1, 256).orElse(defaults.workers()),
                arguments.intOption(NAME, "queue", 0, 100_000).orElse(defaults.capacity()),
                arguments.intOption(NAME, "per-student", 1, 1000).orElse(defaults.perStudent()),
                arguments.intOption(NAME, "per-minute", 1, 100_000).orElse(defaults.perMinute()));
        long seed = arguments.longOption(NAME, "seed").orElse(0L);
        int cases = arguments.intOption(NAME, "cases", 0, 10_000_000).orElse(GradingMode.DEFAULT_CASES);
        List<String> students = new ArrayList<>();
        Optional<String> rosterOption = arguments.option("roster");
        if (rosterOption.isPresent()) {
            students = students(Path.of(rosterOption.get()), workspace);
        }
        String host = arguments.option("host").orElse(rosterOption.isPresent() ? "0.0.0.0" : "127.0.0.1");
        Optional<String> url = arguments.option("url").map(u -> u.replaceAll("/+$", ""));
        if (url.isPresent() && !url.get().matches("https?://[^\\s/]+(/[^\\s]*)?")) {
            throw new UsageException(NAME + ": --url must be an http:// or https:// address, got \"" + url.get() + "\"");
        }
        Path data = Path.of(arguments.option("data").orElse("katajudge-data"));
        if (Files.exists(data) && !Files.isDirectory(data)) {
            throw new UsageException(NAME + ": --data " + data + " is a file; give a folder");
        }
        GradingOptions grading = new GradingOptions(seed, new GradingMode.Grade(cases), ScoringRules.NONE, true,
                Main.command());
        ClassExports exports = rosterOption.isPresent() ? new ServeExports(workspace, seed) : ClassExports.NONE;
        return new ServerOptions(host, port, workspace.katas(), data, students, url, grading,
                EngineRun.isolation(NAME, arguments.option("isolation")), limits,
                ServerOptions.DEFAULT_MAX_BODY, exports);
    }

    /**
     * The roster's students, as {@code grade --roster} names them: the roster is applied to a
     * download with nobody in it, and says NO_SUBMISSION for each of its students.
     */
    static List<String> students(Path file, Workspace workspace) throws UsageException {
        Roster roster;
        try {
            roster = Roster.load(file);
        } catch (IntakeException e) {
            throw new UsageException(NAME + ": " + e.getMessage());
        }
        String kata = workspace.catalog().ids().get(0);
        String nobody = "nobody-" + UUID.randomUUID();
        Handin placeholder = new Handin(nobody, Optional.empty(), nobody, List.of(nobody), kata,
                List.of(new org.katajudge.intake.JavaSource("Nobody.java", nobody, "class Nobody {}")), List.of(), Optional.empty());
        ClassDownload reconciled = roster.reconcile(new ClassDownload(List.of(placeholder), List.of()));
        List<String> students = reconciled.handins().stream().filter(h -> h != placeholder && !h.student().equals(nobody))
                .map(Handin::student).toList();
        if (students.size() != roster.size()) {
            throw new UsageException(NAME + ": the roster " + file + " lists " + roster.size() + " students but "
                    + students.size() + " could be named");
        }
        return students;
    }

    private static void announce(KataServer server, ServerOptions options, PrintStream out) {
        out.println("kata-judge serve: listening on " + options.host() + ":" + server.port()
                + " (data: " + options.data().toAbsolutePath().normalize() + ")");
        if (server.recovered() > 0) {
            out.println(server.recovered() + " attempts left unfinished by the last run are being graded");
        }
        if (!server.hasEditor()) {
            out.println("warning: this judge.jar was built without npm (-Dkatajudge.web.skip=true): the pages offer a"
                    + " plain text area instead of the code editor");
        }
        Person owner = server.owner();
        if (!options.classroom()) {
            out.println("open " + server.link(owner));
            out.println("(the link holds your token: the server answers only it)");
            return;
        }
        Path links = options.data().resolve("links.csv");
        StringBuilder csv = new StringBuilder("student,link\n");
        for (Person student : server.students()) {
            csv.append('"').append(student.id().replace("\"", "\"\"")).append("\",").append(server.link(student)).append('\n');
        }
        try {
            Files.writeString(links, csv, StandardCharsets.UTF_8);
            out.println(server.students().size() + " students; their links: " + links.toAbsolutePath().normalize()
                    + " (also on the teacher's page)");
        } catch (IOException e) {
            out.println("warning: cannot write " + links + ": " + e.getMessage() + "; the teacher's page lists the links");
        }
        out.println("teacher: " + server.link(owner));
    }
}
