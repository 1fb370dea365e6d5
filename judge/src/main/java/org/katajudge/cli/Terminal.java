package org.katajudge.cli;

import java.io.Console;
import java.lang.reflect.Method;

/** Whether the judge talks to a person at a terminal, who can see a line redrawn in place. */
final class Terminal {

    private Terminal() {
    }

    /**
     * True when standard input and output are a terminal that understands cursor control: Java
     * gives a {@link Console} only then (up to Java 21; from Java 22 on a console may exist for a
     * pipe too, and {@code Console.isTerminal()} tells), and {@code TERM=dumb} is no such terminal.
     */
    static boolean interactive() {
        Console console = System.console();
        if (console == null || "dumb".equals(System.getenv("TERM"))) {
            return false;
        }
        try {
            Method isTerminal = Console.class.getMethod("isTerminal");
            return Boolean.TRUE.equals(isTerminal.invoke(console));
        } catch (NoSuchMethodException e) {
            return true; // Java 17 to 21: a console is a terminal
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }
}
