package org.katajudge.cli;

import org.katajudge.catalog.KataCatalog;
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
import org.katajudge.sandbox.Isolation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;

/** {@code serve [options]}: the judge as a web server: kata pages, an editor, attempts graded as grade grades them. */
@Command(name = ServeCommand.NAME, customSynopsis = "[options]",
        header = "the web server: kata pages, an editor, attempts, a class's gradebook",
        description = {
                "Starts the judge's web server: a page per kata (its README, boards, a code editor with the solution's"
                        + " skeleton), \"Run examples\" and \"Attempt\" graded as grade grades them (the same sandbox),"
                        + " results as tests finish, and a JSON API (docs/reference/server-api.md). Attempts and results"
                        + " are kept in a database in --data, so a restart loses nothing. Ctrl-C stops it.",
                "",
                "Without --roster: a personal playground on 127.0.0.1; open the link it prints. With --roster FILE: a"
                        + " class. It prints the teacher's link and writes one link per student to DATA/links.csv;"
                        + " students see only their own attempts, hidden tests stay hidden; the teacher downloads the"
                        + " gradebook and the other grade outputs per deadline."},
        exitCodeList = {"0:stopped",
                "2:usage or configuration error (the port taken, the data folder in use by another server, a broken roster)"},
        footer = "See: docs/guides/server.md")
final class ServeCommand implements JudgeCommand {

    static final String NAME = "serve";

    @Option(names = "--port", paramLabel = "N", converter = OptionValues.Port.class,
            description = "the port (default ${DEFAULT-VALUE}; 0: any free port)")
    int port = ServerOptions.DEFAULT_PORT;

    @Option(names = "--host", paramLabel = "ADDRESS",
            description = "the address to listen on (default 127.0.0.1; with --roster 0.0.0.0)")
    Optional<String> host;

    @Option(names = "--url", paramLabel = "URL",
            description = "how people reach the server, for the links (default http://HOST:PORT)")
    Optional<String> url;

    @Option(names = "--katas", paramLabel = "DIR", description = "kata folders to use instead of the repository's katas/")
    Optional<Path> katas;

    @Option(names = "--data", paramLabel = "DIR", description = "where the database is kept (default ./${DEFAULT-VALUE})")
    Path data = Path.of("katajudge-data");

    @Option(names = "--roster", paramLabel = "FILE", description = "a CSV of the class's students (as grade --roster reads it)")
    Optional<Path> roster;

    @Option(names = "--jobs", paramLabel = "N", converter = OptionValues.Jobs.class,
            description = "gradings at once (default: the number of cores)")
    Optional<Integer> jobs;

    @Option(names = "--queue", paramLabel = "N", converter = OptionValues.Queue.class,
            description = "attempts that may wait, all students together (default ${DEFAULT-VALUE})")
    int queue = QueueLimits.defaults().capacity();

    @Option(names = "--per-student", paramLabel = "N", converter = OptionValues.PerStudent.class,
            description = "one student's attempts waiting or being graded at once (default ${DEFAULT-VALUE})")
    int perStudent = QueueLimits.defaults().perStudent();

    @Option(names = "--per-minute", paramLabel = "N", converter = OptionValues.PerMinute.class,
            description = "one student's attempts in any minute (default ${DEFAULT-VALUE})")
    int perMinute = QueueLimits.defaults().perMinute();

    @Option(names = "--seed", paramLabel = "N", converter = OptionValues.Seed.class,
            description = "seed of the random tests (default 0, as grade)")
    long seed;

    @Option(names = "--cases", paramLabel = "N", converter = OptionValues.Cases.class,
            description = "random cases per method of a full attempt (default ${DEFAULT-VALUE}, as grade)")
    int cases = GradingMode.DEFAULT_CASES;

    @Option(names = "--isolation", paramLabel = "MODE", converter = OptionValues.IsolationMode.class,
            completionCandidates = OptionValues.IsolationModes.class,
            description = "auto (default), bwrap, unshare or none")
    Optional<Isolation> isolation;

    @Option(names = "--help", usageHelp = true, description = "this help")
    boolean help;

    /** Not one: collected to say so in this command's words. */
    @Parameters(hidden = true)
    List<String> unexpected = new ArrayList<>();

    @Override
    public int run(PrintStream out, PrintStream err) throws UsageException {
        if (!unexpected.isEmpty()) {
            throw new UsageException(NAME + ": takes no paths (got \"" + unexpected.get(0) + "\"); see --help");
        }
        ServerOptions options = options(out);
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

    /** The server's options, checked (the roster read). */
    ServerOptions options(PrintStream out) throws UsageException {
        Workspace workspace = Workspace.open(katas);
        KataCatalog catalog = workspace.catalog(); // every kata checked before the server starts
        QueueLimits limits = new QueueLimits(jobs.orElse(QueueLimits.defaults().workers()), queue, perStudent, perMinute);
        List<String> students = new ArrayList<>();
        if (roster.isPresent()) {
            students = students(roster.get(), workspace);
        }
        String host = this.host.orElse(roster.isPresent() ? "0.0.0.0" : "127.0.0.1");
        Optional<String> url = this.url.map(u -> u.replaceAll("/+$", ""));
        if (url.isPresent() && !url.get().matches("https?://[^\\s/]+(/[^\\s]*)?")) {
            throw new UsageException(NAME + ": --url must be an http:// or https:// address, got \"" + url.get() + "\"");
        }
        if (Files.exists(data) && !Files.isDirectory(data)) {
            throw new UsageException(NAME + ": --data " + data + " is a file; give a folder");
        }
        GradingOptions grading = new GradingOptions(seed, new GradingMode.Grade(cases), ScoringRules.NONE, true,
                Main.command());
        ClassExports exports = roster.isPresent() ? new ServeExports(catalog, seed) : ClassExports.NONE;
        return new ServerOptions(host, port, workspace.katas(), data, students, url, grading,
                isolation, limits,
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
        String kata = workspace.index().ids().get(0);
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
