package org.katajudge;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;

/** Reads what the tests need from a class file's constant pool (JVMS 4.4). */
public final class ClassFiles {

    private static final int UTF8 = 1;
    private static final int LONG = 5;
    private static final int DOUBLE = 6;
    private static final int INVOKE_DYNAMIC = 18;

    private ClassFiles() {
    }

    /**
     * The CONSTANT_InvokeDynamic entries of a class file: one per lambda, method reference and
     * (indy) string concatenation site kind; 0 for code that never starts java.lang.invoke that way.
     */
    public static int invokedynamicEntries(byte[] classFile) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.readUnsignedShort(); // minor
        in.readUnsignedShort(); // major
        int count = in.readUnsignedShort();
        int found = 0;
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case UTF8 -> in.skipNBytes(in.readUnsignedShort());
                case 7, 8, 16, 19, 20 -> in.skipNBytes(2);      // Class, String, MethodType, Module, Package
                case 15 -> in.skipNBytes(3);                    // MethodHandle
                case 3, 4, 9, 10, 11, 12, 17 -> in.skipNBytes(4); // Integer, Float, refs, NameAndType, Dynamic
                case INVOKE_DYNAMIC -> {
                    in.skipNBytes(4);
                    found++;
                }
                case LONG, DOUBLE -> {
                    in.skipNBytes(8);
                    i++; // takes two entries
                }
                default -> throw new IOException("unknown constant pool tag " + tag + " at entry " + i);
            }
        }
        return found;
    }
}
