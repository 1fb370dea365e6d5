import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The baseline of bench/grade-vs-javac.sh: what a shell-script grader runs after javac, one JVM
 * per submission. Reads a kata's examples.json (a minimal JSON reader, no libraries), calls the
 * submission's class on every example, prints "passed/total". Usage:
 * {@code java -cp <submission classes>:bench/out/harness BaselineHarness <examples.json> <Class>}.
 */
public final class BaselineHarness {

    public static void main(String[] args) throws Exception {
        Object document = new Json(Files.readString(Path.of(args[0]))).value();
        Class<?> type = Class.forName(args[1]);
        List<?> examples = (List<?>) ((java.util.Map<?, ?>) document).get("examples");
        int passed = 0;
        for (Object item : examples) {
            java.util.Map<?, ?> example = (java.util.Map<?, ?>) item;
            Method method = null;
            for (Method candidate : type.getMethods()) {
                if (candidate.getName().equals(example.get("method"))) {
                    method = candidate;
                }
            }
            List<?> values = (List<?>) example.get("args");
            Object[] call = new Object[values.size()];
            for (int i = 0; i < call.length; i++) {
                call[i] = convert(values.get(i), method.getParameterTypes()[i]);
            }
            Object actual = method.invoke(null, call);
            Object expected = convert(example.get("expected"), method.getReturnType());
            if (java.util.Objects.deepEquals(actual, expected)) {
                passed++;
            }
        }
        System.out.println(passed + "/" + examples.size());
    }

    private static Object convert(Object value, Class<?> type) {
        if (value == null) {
            return null;
        }
        if (type == int.class) {
            return ((Number) value).intValue();
        }
        if (type == int[].class) {
            List<?> list = (List<?>) value;
            int[] array = new int[list.size()];
            for (int i = 0; i < array.length; i++) {
                array[i] = ((Number) list.get(i)).intValue();
            }
            return array;
        }
        if (type == int[][].class) {
            List<?> list = (List<?>) value;
            int[][] matrix = new int[list.size()][];
            for (int i = 0; i < matrix.length; i++) {
                matrix[i] = (int[]) convert(list.get(i), int[].class);
            }
            return matrix;
        }
        return value;
    }

    /** Just enough JSON: objects, arrays, strings with escapes, integers, true, false, null. */
    private static final class Json {
        private final String text;
        private int at;

        Json(String text) {
            this.text = text;
        }

        Object value() {
            skip();
            char c = text.charAt(at);
            if (c == '{') {
                java.util.Map<String, Object> object = new java.util.LinkedHashMap<>();
                at++;
                skip();
                while (text.charAt(at) != '}') {
                    String key = (String) value();
                    skip();
                    at++; // ':'
                    object.put(key, value());
                    skip();
                    if (text.charAt(at) == ',') {
                        at++;
                        skip();
                    }
                }
                at++;
                return object;
            }
            if (c == '[') {
                List<Object> array = new ArrayList<>();
                at++;
                skip();
                while (text.charAt(at) != ']') {
                    array.add(value());
                    skip();
                    if (text.charAt(at) == ',') {
                        at++;
                        skip();
                    }
                }
                at++;
                return array;
            }
            if (c == '"') {
                StringBuilder string = new StringBuilder();
                at++;
                while (text.charAt(at) != '"') {
                    char d = text.charAt(at++);
                    if (d == '\\') {
                        char e = text.charAt(at++);
                        switch (e) {
                            case 'n' -> string.append('\n');
                            case 't' -> string.append('\t');
                            case 'u' -> {
                                string.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                                at += 4;
                            }
                            default -> string.append(e);
                        }
                    } else {
                        string.append(d);
                    }
                }
                at++;
                return string.toString();
            }
            if (text.startsWith("true", at)) {
                at += 4;
                return Boolean.TRUE;
            }
            if (text.startsWith("false", at)) {
                at += 5;
                return Boolean.FALSE;
            }
            if (text.startsWith("null", at)) {
                at += 4;
                return null;
            }
            int start = at;
            while (at < text.length() && (text.charAt(at) == '-' || Character.isDigit(text.charAt(at)))) {
                at++;
            }
            return Long.parseLong(text.substring(start, at));
        }

        private void skip() {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
                at++;
            }
        }
    }
}
