package org.katajudge.server;

import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.katajudge.catalog.CatalogException;
import org.katajudge.catalog.KataCatalog;
import org.katajudge.engine.EngineOptions;
import org.katajudge.engine.plan.CommandOptions;
import org.katajudge.engine.GradingEngine;
import org.katajudge.files.Trees;
import org.katajudge.sandbox.SandboxException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The judge as a web server ({@code serve}): the pages, the JSON API, a queue of attempts graded
 * as {@code grade} grades them, kept in an embedded database in the data folder so that a restart
 * loses nothing. Wires the parts together and answers every request through one handler that
 * adds the security headers and turns every refusal into a JSON error.
 */
public final class KataServer implements AutoCloseable {

    /** Open connections, at most; a class of a few hundred browsers needs a few per student. */
    static final int MAX_CONNECTIONS = 2000;

    /** One person's requests handled at once, at most (see Dispatch). */
    static final int MAX_REQUESTS_AT_ONCE = 8;

    /** The teacher's id in the data folder; no student has it. */
    static final String TEACHER_ID = "teacher";

    /** The page's policy: scripts and styles of its own only (inline styles are the editor's and the boards'). */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline';"
            + " img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

    private final Server jetty;
    private final AttemptStore store;
    private final AttemptQueue queue;
    private final EngineAttemptGrader grader;
    private final List<Person> students;
    private final Person owner;
    private final int recovered;
    private final String baseUrl;
    private final boolean hasEditor;

    private KataServer(Server jetty, AttemptStore store, AttemptQueue queue, EngineAttemptGrader grader,
                       List<Person> students, Person owner, int recovered, String baseUrl, boolean hasEditor) {
        this.jetty = jetty;
        this.store = store;
        this.queue = queue;
        this.grader = grader;
        this.students = students;
        this.owner = owner;
        this.recovered = recovered;
        this.baseUrl = baseUrl;
        this.hasEditor = hasEditor;
    }

    /**
     * Starts a server; it answers until {@link #close}.
     *
     * @throws ServerException when it cannot start (katas unreadable, the isolation asked for not
     *                         working here, database locked, port taken)
     */
    public static KataServer start(ServerOptions options) {
        KataCatalog catalog;
        try {
            catalog = options.katas().isPresent() ? KataCatalog.load(options.katas().get()) : KataCatalog.loadBundled();
        } catch (CatalogException e) {
            throw new ServerException(e.getMessage(), e);
        }
        Path scratch = options.data().resolve("scratch");
        try {
            Files.createDirectories(options.data());
            ownerOnly(options.data());
            if (Files.isDirectory(scratch)) {
                Trees.deleteQuietly(scratch); // leftovers of a server that was killed
            }
        } catch (IOException e) {
            throw new ServerException("cannot use the data folder " + options.data() + ": " + e.getMessage(), e);
        }
        // One engine for the server's lifetime: its compiler workers, its sandbox, the cases drawn once per kata.
        EngineAttemptGrader grader;
        try {
            grader = new EngineAttemptGrader(GradingEngine.open(EngineOptions.defaults()
                    .withJobs(options.limits().workers()).withIsolation(options.isolation())), catalog,
                    // a teacher's replay grades with the katas the server grades with
                    options.grading().withCommandOptions(new CommandOptions(options.katas(),
                            options.grading().commandOptions().scoring())));
        } catch (SandboxException e) {
            throw new ServerException(e.getMessage(), e);
        }
        AttemptStore store;
        try {
            store = JdbcAttemptStore.embedded(options.data());
        } catch (JdbcAttemptStore.StoreException e) {
            grader.close();
            throw new ServerException("cannot open the database in " + options.data() + ": " + e.getMessage(), e);
        }
        try {
            List<Person> people = new ArrayList<>();
            Person owner;
            List<Person> students = new ArrayList<>();
            if (options.classroom()) {
                owner = store.addPerson(new Person(TEACHER_ID, "Teacher", Person.Role.TEACHER, Access.newToken()));
                List<String> ids = studentIds(options.students());
                for (int i = 0; i < ids.size(); i++) {
                    Person student = store.addPerson(new Person(ids.get(i), options.students().get(i), Person.Role.STUDENT,
                            Access.newToken()));
                    if (student.role() != Person.Role.STUDENT) {
                        throw new ServerException("the roster's " + ids.get(i) + " is the data folder's teacher", null);
                    }
                    students.add(student);
                }
                people.addAll(students);
            } else {
                owner = store.addPerson(new Person("me", "me", Person.Role.STUDENT, Access.newToken()));
            }
            people.add(owner);
            Access access = new Access(people);
            KataView katas = new KataView(catalog);
            AttemptQueue queue = new AttemptQueue(store, grader, new AttemptIntake(catalog, scratch), options.limits(),
                    System::currentTimeMillis);
            int recovered = queue.recover();

            QueuedThreadPool threads = new QueuedThreadPool(256, 8);
            threads.setName("serve");
            threads.setDaemon(true);
            Server jetty = new Server(threads);
            HttpConfiguration http = new HttpConfiguration();
            http.setSendServerVersion(false);
            ServerConnector connector = new ServerConnector(jetty, new HttpConnectionFactory(http));
            connector.setHost(options.host());
            connector.setPort(options.port());
            jetty.addConnector(connector);
            // Connections beyond this wait to be accepted: a flood of idle ones (anyone on the network can
            // open them) may slow the server down but not take every file descriptor the graders need (red team).
            jetty.addBean(new NetworkConnectionLimit(MAX_CONNECTIONS, connector));
            EventStream events = new EventStream(store, queue, katas);
            ApiRoutes api = new ApiRoutes(katas, store, queue, events, System::currentTimeMillis);
            StaticAssets assets = new StaticAssets();
            ClassRoutes classRoutes = new ClassRoutes(katas, store, grader, options.exports(), students,
                    options.baseUrl().orElse(""), System::currentTimeMillis);
            jetty.setHandler(new Dispatch(access, api, classRoutes, assets, options.maxBodyBytes()));
            try {
                jetty.start();
            } catch (Exception e) {
                queue.close();
                throw new ServerException("cannot listen on " + options.host() + ":" + options.port() + ": "
                        + Exchange.firstLine(e.getMessage()), e);
            }
            String baseUrl = options.baseUrl().orElse("http://" + hostForLinks(options.host()) + ":" + connector.getLocalPort());
            classRoutes.baseUrl(baseUrl);
            return new KataServer(jetty, store, queue, grader, students, owner, recovered, baseUrl, assets.hasEditor());
        } catch (RuntimeException e) {
            grader.close();
            store.close();
            throw e;
        }
    }

    private static String hostForLinks(String host) {
        if (!host.equals("0.0.0.0") && !host.equals("::")) {
            return host.contains(":") ? "[" + host + "]" : host;
        }
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }

    /** Where the server answers: {@code http://host:port}, as its links use it. */
    public String baseUrl() {
        return baseUrl;
    }

    public int port() {
        return ((ServerConnector) jetty.getConnectors()[0]).getLocalPort();
    }

    /**
     * The data folder is its owner's only: it holds every link's token and every student's code,
     * which another account on the machine could read through the usual umask (red team).
     */
    static void ownerOnly(Path folder) throws IOException {
        if (Files.getFileStore(folder).supportsFileAttributeView("posix")) {
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx------"));
        }
    }

    /**
     * The students' ids, one per roster name in order: the name, or with " (2)", " (3)"... when
     * an earlier line (or the teacher, whose id is {@value #TEACHER_ID}) has it: a student named
     * "teacher" got the teacher's row, role and link (found by the red team).
     */
    static List<String> studentIds(List<String> names) {
        Set<String> ids = new HashSet<>(Set.of(TEACHER_ID));
        List<String> assigned = new ArrayList<>();
        for (String name : names) {
            String id = name;
            for (int n = 2; !ids.add(id); n++) {
                id = name + " (" + n + ")"; // two roster lines with one name are two students
            }
            assigned.add(id);
        }
        return assigned;
    }

    /** The teacher (a class's server) or the one user (a playground): whoever gets the first link. */
    public Person owner() {
        return owner;
    }

    /** The link that signs {@code person} in. */
    public String link(Person person) {
        return baseUrl + "/#token=" + person.token();
    }

    public List<Person> students() {
        return students;
    }

    /** How many attempts left unfinished by the last run were queued again at start. */
    public int recovered() {
        return recovered;
    }

    /** Whether the pages have their code editor (the jar was built with npm). */
    public boolean hasEditor() {
        return hasEditor;
    }

    public AttemptStore store() {
        return store;
    }

    /** Stops answering, stops grading (what is not done is graded after the next start), closes the database. */
    @Override
    public void close() {
        try {
            jetty.stop();
        } catch (Exception e) {
            // stopping anyway
        }
        queue.close();
        grader.close();
        store.close();
    }

    /** The server could not start. */
    public static final class ServerException extends RuntimeException {

        private static final long serialVersionUID = 1L;

        ServerException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
