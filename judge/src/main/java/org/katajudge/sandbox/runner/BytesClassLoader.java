package org.katajudge.sandbox.runner;

import java.util.Map;

/**
 * Defines the submission's classes from their bytes. Its parent is the platform loader: the
 * submission sees java.base and nothing of the runner, whose classes the application loader holds.
 */
final class BytesClassLoader extends ClassLoader {

    private final Map<String, byte[]> classes;

    BytesClassLoader(Map<String, byte[]> classes) {
        super("submission", ClassLoader.getPlatformClassLoader());
        this.classes = classes;
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        byte[] bytes = classes.get(name);
        if (bytes == null) {
            throw new ClassNotFoundException(name);
        }
        return defineClass(name, bytes, 0, bytes.length);
    }
}
