package org.katajudge.compile;

import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * javac's files in memory, for both compilers (a submission's, a kata folder's): sources read
 * from {@link SourceFile}s, class files kept as bytes, and the source's own name back from what
 * javac reports.
 */
final class MemoryFiles {

    private static final String SOURCE_SCHEME = "string";
    private static final String CLASS_SCHEME = "mem";

    private MemoryFiles() {
    }

    /** {@code file} as javac's source, named by its path ({@code rules/Board.java}). */
    static JavaFileObject source(SourceFile file) {
        return new Source(file);
    }

    /** The name a source was given, from a file object javac hands back (wrapped, so not our own). */
    static String nameOf(FileObject source) {
        String path = source.toUri().getRawPath();
        return URLDecoder.decode(path.startsWith("/") ? path.substring(1) : path, StandardCharsets.UTF_8);
    }

    /** Whether {@code file} is one of these (a source or a class file), not the JDK's. */
    static boolean isInMemory(FileObject file) {
        String scheme = file.toUri().getScheme();
        return SOURCE_SCHEME.equals(scheme) || CLASS_SCHEME.equals(scheme);
    }

    /** A source file held in memory. */
    private static final class Source extends SimpleJavaFileObject {
        private final SourceFile file;

        Source(SourceFile file) {
            super(URI.create(SOURCE_SCHEME + ":///" + URLEncoder.encode(file.name(), StandardCharsets.UTF_8)
                    .replace("%2F", "/").replace("+", "%20")), Kind.SOURCE);
            this.file = file;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return file.text();
        }

        /** Whether a public class of this name may live here: the file's own name counts, not its folder. */
        @Override
        public boolean isNameCompatible(String simpleName, Kind kind) {
            String name = file.name();
            return name.substring(name.lastIndexOf('/') + 1).equals(simpleName + kind.extension);
        }
    }

    /** Keeps class files in memory instead of writing them: {@link #classes()}, by binary name. */
    static class Output extends ForwardingJavaFileManager<JavaFileManager> {
        private final Map<String, byte[]> classes = new ConcurrentHashMap<>();

        Output(JavaFileManager delegate) {
            super(delegate);
        }

        Map<String, byte[]> classes() {
            return classes;
        }

        /** Forgets the class files written so far, for a next compilation. */
        void clear() {
            classes.clear();
        }

        @Override
        public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                                                   FileObject sibling) {
            return new SimpleJavaFileObject(URI.create(CLASS_SCHEME + ":///" + className.replace('.', '/') + kind.extension), kind) {
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
