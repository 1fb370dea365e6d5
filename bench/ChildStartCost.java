import org.katajudge.kata.ValueType;
import org.katajudge.sandbox.CallResult;
import org.katajudge.sandbox.Isolation;
import org.katajudge.sandbox.Limits;
import org.katajudge.sandbox.LoadRequest;
import org.katajudge.sandbox.SandboxLauncher;
import org.katajudge.sandbox.SandboxSession;

import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The cost of one child JVM: open a session (start, connect, load), one call, close; N times in
 * a row, after two to warm up. Uses only the sandbox's public API, so the same source measures
 * any version of the judge: {@code java -cp judge.jar:. ChildStartCost N ISOLATION}.
 */
public final class ChildStartCost {
    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        Isolation isolation = Isolation.valueOf(args[1].toUpperCase());
        Map<String, byte[]> classes = compile("public class Echo { public static int twice(int x) { return 2 * x; } }");
        LoadRequest request = new LoadRequest("Echo", classes,
                List.of(new LoadRequest.Method("twice", List.of(ValueType.INT), ValueType.INT)));
        SandboxLauncher launcher = SandboxLauncher.create(Optional.of(isolation), Limits.DEFAULT);
        for (int i = 0; i < 2; i++) {
            once(launcher, request);
        }
        long started = System.nanoTime();
        for (int i = 0; i < n; i++) {
            once(launcher, request);
        }
        long perOpen = (System.nanoTime() - started) / n / 1_000_000;
        System.out.printf("%s: %d opens, %d ms per open + call + close%n", isolation.optionValue(), n, perOpen);
    }

    private static void once(SandboxLauncher launcher, LoadRequest request) throws Exception {
        try (SandboxSession session = launcher.open(request, false)) {
            CallResult result = session.call(0, List.<Object[]>of(new Object[] {21})).get(0);
            if (!Integer.valueOf(42).equals(result.value())) {
                throw new AssertionError(result);
            }
        }
    }

    private static Map<String, byte[]> compile(String source) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        var compiler = ToolProvider.getSystemJavaCompiler();
        var files = new javax.tools.ForwardingJavaFileManager<>(compiler.getStandardFileManager(null, null, null)) {
            @Override
            public JavaFileObject getJavaFileForOutput(Location location, String name, JavaFileObject.Kind kind,
                                                       javax.tools.FileObject sibling) {
                return new SimpleJavaFileObject(URI.create("mem:///" + name + ".class"), kind) {
                    @Override
                    public OutputStream openOutputStream() {
                        return bytes;
                    }
                };
            }
        };
        JavaFileObject file = new SimpleJavaFileObject(URI.create("mem:///Echo.java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return source;
            }
        };
        if (!compiler.getTask(null, files, null, null, null, List.of(file)).call()) {
            throw new IllegalStateException("does not compile");
        }
        return Map.of("Echo", bytes.toByteArray());
    }
}
