package org.katajudge.compile.worker;

import org.junit.jupiter.api.Test;
import org.katajudge.compile.Compilation;
import org.katajudge.compile.CompilerMessage;
import org.katajudge.compile.ExpectedClass;
import org.katajudge.compile.PolicyViolation;
import org.katajudge.compile.SourceFile;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The compiler worker's protocol: everything crosses intact, and what breaks a bound is refused, not allocated. */
class WorkerWireTest {

    private interface Writing {
        void to(DataOutputStream out) throws IOException;
    }

    private static DataInputStream written(Writing writing) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        writing.to(out);
        out.flush();
        return new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
    }

    @Test
    void aRequestCrossesIntact() throws IOException {
        WorkerWire.Request request = new WorkerWire.Request(
                List.of(new SourceFile("KnightMoves.java", "class KnightMoves { /* 象棋 */ }"), new SourceFile("util/Board.java", "")),
                new ExpectedClass("KnightMoves", List.of(new ExpectedClass.Method("minMoves", "int",
                        List.of("java.lang.String", "java.lang.String"), List.of("start", "end")))),
                false);
        assertEquals(request, WorkerWire.readRequest(written(out -> WorkerWire.writeRequest(out, request))));
    }

    @Test
    void everyKindOfCompilationCrossesIntact() throws IOException {
        Compilation.Compiled compiled = new Compilation.Compiled("com.example.KnightMoves",
                Map.of("com.example.KnightMoves", new byte[] {(byte) 0xCA, (byte) 0xFE}), List.of(new CompilerMessage("A.java", 1, 2, "w")),
                List.of("a note"));
        Compilation.Compiled back = (Compilation.Compiled) WorkerWire.readCompilation(
                written(out -> WorkerWire.writeCompilation(out, compiled)));
        assertEquals(compiled.mainClass(), back.mainClass());
        assertArrayEquals(compiled.classes().get("com.example.KnightMoves"), back.classes().get("com.example.KnightMoves"));
        assertEquals(compiled.warnings(), back.warnings());
        assertEquals(compiled.notes(), back.notes());

        Compilation.Failed failed = new Compilation.Failed(List.of(new CompilerMessage("", 0, 0, "no class")), List.of("n"));
        assertEquals(failed, WorkerWire.readCompilation(written(out -> WorkerWire.writeCompilation(out, failed))));

        Compilation.Rejected rejected = new Compilation.Rejected(List.of(new PolicyViolation("A.java", 3, 4, "x.Y", "why")));
        assertEquals(rejected, WorkerWire.readCompilation(written(out -> WorkerWire.writeCompilation(out, rejected))));
    }

    @Test
    void anythingButAResponseIsAProtocolViolation() {
        WorkerWire.ProtocolException e = assertThrows(WorkerWire.ProtocolException.class,
                () -> WorkerWire.readCompilation(written(out -> out.writeBytes("Picked up JAVA_TOOL_OPTIONS"))));
        assertTrue(e.getMessage().startsWith("expected a response"), e.getMessage());
    }

    @Test
    void aHugeLengthIsRefusedBeforeAnythingIsAllocated() {
        assertThrows(WorkerWire.ProtocolException.class, () -> WorkerWire.readCompilation(written(out -> {
            out.writeInt(WorkerWire.RESPONSE);
            out.writeByte(2);
            out.writeInt(1);             // one note
            out.writeInt(Integer.MAX_VALUE); // of 2 GiB
        })));
        assertThrows(WorkerWire.ProtocolException.class, () -> WorkerWire.readCompilation(written(out -> {
            out.writeInt(WorkerWire.RESPONSE);
            out.writeByte(2);
            out.writeInt(-1);            // a negative count
        })));
        assertThrows(WorkerWire.ProtocolException.class, () -> WorkerWire.readCompilation(written(out -> {
            out.writeInt(WorkerWire.RESPONSE);
            out.writeByte(1);
            out.writeInt(0);             // no notes
            WorkerWire.writeString(out, "A");
            out.writeInt(2);             // two classes
            WorkerWire.writeString(out, "A");
            out.writeInt(15 << 20);      // of 15 MiB
            out.write(new byte[15 << 20]);
            WorkerWire.writeString(out, "B");
            out.writeInt(15 << 20);      // and 15 more: beyond what a response may carry
        })));
    }
}
