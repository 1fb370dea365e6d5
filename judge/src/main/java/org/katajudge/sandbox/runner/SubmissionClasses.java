package org.katajudge.sandbox.runner;

import java.io.DataInputStream;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Map;

/**
 * The submission as the LOAD frame brings it (its classes' bytes, the methods the judge will
 * call) and, after each {@link #define()}, those classes defined by a loader of their own and
 * the methods found in them: at LOAD, and at each RESET, which gives the judge a submission
 * whose static state starts over without the cost of a new JVM.
 */
final class SubmissionClasses {

    private final String className;
    private final Map<String, byte[]> classBytes;
    private final String[] classNames;
    private final String[] methodNames;
    private final Class<?>[][] methodParameters;
    private final Class<?>[] methodReturns;
    private Method[] methods;

    private SubmissionClasses(String className, Map<String, byte[]> classBytes, String[] classNames,
                              String[] methodNames, Class<?>[][] methodParameters, Class<?>[] methodReturns) {
        this.className = className;
        this.classBytes = classBytes;
        this.classNames = classNames;
        this.methodNames = methodNames;
        this.methodParameters = methodParameters;
        this.methodReturns = methodReturns;
    }

    /** The submission's part of the LOAD frame: class name, classes, methods. */
    static SubmissionClasses read(DataInputStream in) throws IOException {
        String className = Wire.readString(in);
        int classCount = in.readInt();
        Map<String, byte[]> classes = new HashMap<>();
        String[] classNames = new String[classCount];
        for (int i = 0; i < classCount; i++) {
            String name = Wire.readString(in);
            classNames[i] = name;
            classes.put(name, Wire.readBytes(in));
        }
        int methodCount = in.readInt();
        String[] names = new String[methodCount];
        Class<?>[][] parameters = new Class<?>[methodCount][];
        Class<?>[] returns = new Class<?>[methodCount];
        for (int m = 0; m < methodCount; m++) {
            names[m] = Wire.readString(in);
            parameters[m] = new Class<?>[in.readInt()];
            for (int p = 0; p < parameters[m].length; p++) {
                parameters[m][p] = Wire.typeOf(in.readByte());
            }
            returns[m] = Wire.typeOf(in.readByte());
        }
        return new SubmissionClasses(className, classes, classNames, names, parameters, returns);
    }

    /**
     * Defines the submission's classes with a new loader and finds its methods; a message when the
     * submission cannot be used.
     */
    String define() {
        ClassLoader loader = new BytesClassLoader(classBytes);
        Class<?> type;
        try {
            type = Class.forName(className, false, loader); // initialized by the first call, inside a case
        } catch (ClassNotFoundException | LinkageError e) {
            return "cannot load class " + className + ": " + e;
        }
        Method[] found = new Method[methodNames.length];
        for (int m = 0; m < found.length; m++) {
            try {
                Method method = type.getMethod(methodNames[m], methodParameters[m]);
                if (!Modifier.isStatic(method.getModifiers()) || method.getReturnType() != methodReturns[m]) {
                    return "method " + methodNames[m] + " is not public static " + methodReturns[m].getSimpleName();
                }
                found[m] = method;
            } catch (NoSuchMethodException | LinkageError e) {
                return "no method public static " + methodReturns[m].getSimpleName() + " " + methodNames[m];
            }
        }
        methods = found;
        return null;
    }

    /** Method {@code index} of the LOAD frame, as the last {@link #define()} found it. */
    Method method(int index) {
        return methods[index];
    }

    /** Whether a stack frame is in one of the submission's own classes. */
    boolean isOwnFrame(StackTraceElement frame) {
        for (String name : classNames) {
            if (frame.getClassName().equals(name)) {
                return true;
            }
        }
        return false;
    }
}
