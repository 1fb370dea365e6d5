package org.katajudge.compile.worker;

import org.katajudge.compile.Compilation;
import org.katajudge.compile.CompilerMessage;
import org.katajudge.compile.ExpectedClass;
import org.katajudge.compile.PolicyViolation;
import org.katajudge.compile.SourceFile;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The compiler worker's protocol, on its standard input and output: the worker says it is ready,
 * then answers each request (sources, expected class, policy on or off) with a compilation.
 * Every length and count read is bounded, so a worker gone wrong cannot make the judge allocate
 * without limit: what breaks a bound is a {@link ProtocolException}.
 */
final class WorkerWire {

    static final int READY = 0x4B4A4357;    // "KJCW"
    static final int REQUEST = 0x4B4A5251;  // "KJRQ"
    static final int RESPONSE = 0x4B4A5253; // "KJRS"
    static final int VERSION = 2;

    private static final byte COMPILED = 1;
    private static final byte FAILED = 2;
    private static final byte REJECTED = 3;

    /** A request's strings: a whole source file. */
    private static final int MAX_REQUEST_STRING = 16 << 20;
    /** A response's strings: names and messages, which the worker clips. */
    private static final int MAX_RESPONSE_STRING = 64 << 10;
    private static final int MAX_ITEMS = 100_000;
    /** All class bytes of one response; the worker refuses more than 16 MiB. */
    private static final long MAX_CLASS_BYTES = 20L << 20;

    /** A read that breaks the protocol: the other side cannot be trusted any more. */
    static final class ProtocolException extends IOException {
        ProtocolException(String message) {
            super(message);
        }
    }

    /**
     * One compile request.
     *
     * @param kataCode a kata folder's own code: compiled against the authoring API, without the
     *                 policy or a signature check ({@code expected} and {@code enforcePolicy} unused)
     */
    record Request(List<SourceFile> sources, ExpectedClass expected, boolean enforcePolicy, boolean kataCode) {

        Request(List<SourceFile> sources, ExpectedClass expected, boolean enforcePolicy) {
            this(sources, expected, enforcePolicy, false);
        }
    }

    private WorkerWire() {
    }

    static void writeRequest(DataOutputStream out, Request request) throws IOException {
        out.writeInt(REQUEST);
        out.writeBoolean(request.kataCode());
        out.writeBoolean(request.enforcePolicy());
        ExpectedClass expected = request.expected();
        writeString(out, expected.name());
        out.writeInt(expected.methods().size());
        for (ExpectedClass.Method method : expected.methods()) {
            writeString(out, method.name());
            writeString(out, method.returns());
            out.writeInt(method.parameterTypes().size());
            for (int i = 0; i < method.parameterTypes().size(); i++) {
                writeString(out, method.parameterTypes().get(i));
                writeString(out, method.parameterNames().get(i));
            }
        }
        out.writeInt(request.sources().size());
        for (SourceFile source : request.sources()) {
            writeString(out, source.name());
            writeString(out, source.text());
        }
        out.flush();
    }

    static Request readRequest(DataInputStream in) throws IOException {
        expect(in.readInt(), REQUEST, "request");
        boolean kataCode = in.readBoolean();
        boolean enforce = in.readBoolean();
        String className = readString(in, MAX_REQUEST_STRING);
        int methodCount = readCount(in);
        List<ExpectedClass.Method> methods = new ArrayList<>();
        for (int m = 0; m < methodCount; m++) {
            String name = readString(in, MAX_REQUEST_STRING);
            String returns = readString(in, MAX_REQUEST_STRING);
            int parameters = readCount(in);
            List<String> types = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (int p = 0; p < parameters; p++) {
                types.add(readString(in, MAX_REQUEST_STRING));
                names.add(readString(in, MAX_REQUEST_STRING));
            }
            methods.add(new ExpectedClass.Method(name, returns, types, names));
        }
        int files = readCount(in);
        List<SourceFile> sources = new ArrayList<>();
        for (int f = 0; f < files; f++) {
            sources.add(new SourceFile(readString(in, MAX_REQUEST_STRING), readString(in, MAX_REQUEST_STRING)));
        }
        return new Request(sources, new ExpectedClass(className, methods), enforce, kataCode);
    }

    static void writeCompilation(DataOutputStream out, Compilation compilation) throws IOException {
        out.writeInt(RESPONSE);
        if (compilation instanceof Compilation.Compiled compiled) {
            out.writeByte(COMPILED);
            writeStrings(out, compiled.notes());
            writeString(out, compiled.mainClass());
            out.writeInt(compiled.classes().size());
            for (Map.Entry<String, byte[]> entry : compiled.classes().entrySet()) {
                writeString(out, entry.getKey());
                out.writeInt(entry.getValue().length);
                out.write(entry.getValue());
            }
            writeMessages(out, compiled.warnings());
        } else if (compilation instanceof Compilation.Failed failed) {
            out.writeByte(FAILED);
            writeStrings(out, failed.notes());
            writeMessages(out, failed.errors());
        } else {
            Compilation.Rejected rejected = (Compilation.Rejected) compilation;
            out.writeByte(REJECTED);
            writeStrings(out, rejected.notes());
            out.writeInt(rejected.violations().size());
            for (PolicyViolation violation : rejected.violations()) {
                writeString(out, violation.file());
                out.writeLong(violation.line());
                out.writeLong(violation.column());
                writeString(out, violation.api());
                writeString(out, violation.why());
            }
        }
        out.flush();
    }

    static Compilation readCompilation(DataInputStream in) throws IOException {
        expect(in.readInt(), RESPONSE, "response");
        byte kind = in.readByte();
        List<String> notes = readStrings(in);
        switch (kind) {
            case COMPILED -> {
                String mainClass = readString(in, MAX_RESPONSE_STRING);
                int count = readCount(in);
                Map<String, byte[]> classes = new HashMap<>();
                long total = 0;
                for (int i = 0; i < count; i++) {
                    String name = readString(in, MAX_RESPONSE_STRING);
                    int length = in.readInt();
                    total += length;
                    if (length < 0 || total > MAX_CLASS_BYTES) {
                        throw new ProtocolException("class bytes beyond " + MAX_CLASS_BYTES + " bytes");
                    }
                    byte[] bytes = new byte[length];
                    in.readFully(bytes);
                    classes.put(name, bytes);
                }
                return new Compilation.Compiled(mainClass, classes, readMessages(in), notes);
            }
            case FAILED -> {
                return new Compilation.Failed(readMessages(in), notes);
            }
            case REJECTED -> {
                int count = readCount(in);
                List<PolicyViolation> violations = new ArrayList<>();
                for (int i = 0; i < count; i++) {
                    violations.add(new PolicyViolation(readString(in, MAX_RESPONSE_STRING), in.readLong(), in.readLong(),
                            readString(in, MAX_RESPONSE_STRING), readString(in, MAX_RESPONSE_STRING)));
                }
                return new Compilation.Rejected(violations, notes);
            }
            default -> throw new ProtocolException("unknown response kind " + kind);
        }
    }

    private static void writeMessages(DataOutputStream out, List<CompilerMessage> messages) throws IOException {
        out.writeInt(messages.size());
        for (CompilerMessage message : messages) {
            writeString(out, message.file());
            out.writeLong(message.line());
            out.writeLong(message.column());
            writeString(out, message.message());
        }
    }

    private static List<CompilerMessage> readMessages(DataInputStream in) throws IOException {
        int count = readCount(in);
        List<CompilerMessage> messages = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            messages.add(new CompilerMessage(readString(in, MAX_RESPONSE_STRING), in.readLong(), in.readLong(),
                    readString(in, MAX_RESPONSE_STRING)));
        }
        return messages;
    }

    private static void writeStrings(DataOutputStream out, List<String> strings) throws IOException {
        out.writeInt(strings.size());
        for (String string : strings) {
            writeString(out, string);
        }
    }

    private static List<String> readStrings(DataInputStream in) throws IOException {
        int count = readCount(in);
        List<String> strings = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            strings.add(readString(in, MAX_RESPONSE_STRING));
        }
        return strings;
    }

    static void writeString(DataOutputStream out, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    static String readString(DataInputStream in, int maxBytes) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > maxBytes) {
            throw new ProtocolException("a string of " + length + " bytes (at most " + maxBytes + ")");
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static int readCount(DataInputStream in) throws IOException {
        int count = in.readInt();
        if (count < 0 || count > MAX_ITEMS) {
            throw new ProtocolException("a count of " + count + " (at most " + MAX_ITEMS + ")");
        }
        return count;
    }

    static void expect(int actual, int expected, String what) throws ProtocolException {
        if (actual != expected) {
            throw new ProtocolException("expected a " + what + ", read 0x" + Integer.toHexString(actual));
        }
    }
}
