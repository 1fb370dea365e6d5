package org.katajudge.sandbox;

import org.katajudge.kata.ValueType;
import org.katajudge.sandbox.runner.Wire;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/** The frames the judge sends the runner ({@link Wire}): LOAD, BATCH, RESET, END, as bytes. */
final class Frames {

    private Frames() {
    }

    /** LOAD: the submission's classes and methods, and the limits the runner guards. */
    static byte[] load(LoadRequest request, Limits limits) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream frame = new DataOutputStream(bytes)) {
            frame.writeInt(Wire.MAGIC);
            frame.writeByte(Wire.LOAD);
            Wire.writeString(frame, request.className());
            frame.writeInt(request.classes().size());
            for (Map.Entry<String, byte[]> type : request.classes().entrySet()) {
                Wire.writeString(frame, type.getKey());
                Wire.writeBytes(frame, type.getValue());
            }
            frame.writeInt(request.methods().size());
            for (LoadRequest.Method method : request.methods()) {
                Wire.writeString(frame, method.name());
                frame.writeInt(method.parameters().size());
                for (ValueType parameter : method.parameters()) {
                    frame.writeByte(Wire.tagOf(parameter.javaClass()));
                }
                frame.writeByte(Wire.tagOf(method.returns().javaClass()));
            }
            frame.writeInt((int) Math.min(Integer.MAX_VALUE, limits.perCall().toMillis()));
            frame.writeInt((int) Math.min(Integer.MAX_VALUE, limits.perCallCap().toMillis()));
            frame.writeLong(limits.outputBytes());
            frame.writeInt(limits.keptOutputBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
        }
        return bytes.toByteArray();
    }

    /** BATCH: method {@code methodIndex} of the LOAD frame, on each case in order. */
    static byte[] batch(int methodIndex, List<Object[]> cases) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + cases.size() * 32);
        try (DataOutputStream frame = new DataOutputStream(bytes)) {
            frame.writeByte(Wire.BATCH);
            frame.writeInt(methodIndex);
            frame.writeInt(cases.size());
            for (Object[] args : cases) {
                for (Object arg : args) {
                    Wire.writeValue(frame, arg);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static byte[] reset() {
        return new byte[] {Wire.RESET};
    }

    static byte[] end() {
        return new byte[] {Wire.END};
    }
}
