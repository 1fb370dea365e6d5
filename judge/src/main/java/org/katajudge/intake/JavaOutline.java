package org.katajudge.intake;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a Java source declares at its top level, read lexically (comments, strings, character
 * literals and text blocks skipped), without compiling it: its package, its imports and its
 * top-level types. Enough to name a file after its public class and to tell test code apart,
 * and tolerant of sources that do not compile.
 *
 * @param packageName the package, when it declares one
 * @param imports     the imported names, {@code static} ones included, without the keyword
 * @param types       the top-level types, in order
 * @param publicTypes the public ones among them
 */
record JavaOutline(Optional<String> packageName, List<String> imports, List<String> types, List<String> publicTypes) {

    private static final Set<String> TYPE_KEYWORDS = Set.of("class", "interface", "enum");
    private static final List<String> TEST_PACKAGES = List.of("org.junit.", "junit.", "org.testng.", "org.assertj.",
            "org.hamcrest.", "org.mockito.");

    /** Whether it imports a test framework: JUnit, TestNG, AssertJ, Hamcrest, Mockito. */
    boolean importsTestFramework() {
        return imports.stream().anyMatch(i -> TEST_PACKAGES.stream().anyMatch(i::startsWith));
    }

    /** The one public top-level type, when there is exactly one. */
    Optional<String> publicType() {
        return publicTypes.size() == 1 ? Optional.of(publicTypes.get(0)) : Optional.empty();
    }

    static JavaOutline of(String text) {
        List<String> tokens = topLevelTokens(text);
        Optional<String> packageName = Optional.empty();
        List<String> imports = new ArrayList<>();
        List<String> types = new ArrayList<>();
        List<String> publicTypes = new ArrayList<>();
        int statementStart = 0;
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            if (token.equals(";") || token.equals("}")) {
                statementStart = i + 1;
                continue;
            }
            if (i == statementStart && (token.equals("package") || token.equals("import"))) {
                StringBuilder name = new StringBuilder();
                int j = i + 1;
                if (token.equals("import") && j < tokens.size() && tokens.get(j).equals("static")) {
                    j++;
                }
                while (j < tokens.size() && !tokens.get(j).equals(";")) {
                    name.append(tokens.get(j++));
                }
                if (token.equals("package")) {
                    packageName = Optional.of(name.toString());
                } else {
                    imports.add(name.toString());
                }
                i = j - 1;
                continue;
            }
            boolean typeKeyword = TYPE_KEYWORDS.contains(token)
                    || (token.equals("record") && i + 2 < tokens.size() && isIdentifier(tokens.get(i + 1))
                        && (tokens.get(i + 2).equals("(") || tokens.get(i + 2).equals("<")));
            boolean member = i > 0 && tokens.get(i - 1).equals(".");
            if (typeKeyword && !member && i + 1 < tokens.size() && isIdentifier(tokens.get(i + 1))) {
                String name = tokens.get(i + 1);
                types.add(name);
                if (tokens.subList(statementStart, i).contains("public")) {
                    publicTypes.add(name);
                }
                // the type's body is not in the token list; what follows its closing brace is a new statement
                i++;
            }
        }
        return new JavaOutline(packageName, List.copyOf(imports), List.copyOf(types), List.copyOf(publicTypes));
    }

    private static boolean isIdentifier(String token) {
        return !token.isEmpty() && Character.isJavaIdentifierStart(token.charAt(0));
    }

    /**
     * The tokens outside every brace, bracket and parenthesis, plus each top-level closing brace
     * (it ends a type); an annotation's arguments are kept out with the rest.
     */
    private static List<String> topLevelTokens(String text) {
        List<String> tokens = new ArrayList<>();
        int depth = 0;
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
                while (i < n && text.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else if (c == '"' && text.startsWith("\"\"\"", i)) {
                i = skipQuoted(text, i + 3, "\"\"\"");
            } else if (c == '"' || c == '\'') {
                i = skipQuoted(text, i + 1, String.valueOf(c));
            } else if (Character.isJavaIdentifierStart(c)) {
                int start = i;
                while (i < n && Character.isJavaIdentifierPart(text.charAt(i))) {
                    i++;
                }
                if (depth == 0) {
                    tokens.add(text.substring(start, i));
                }
            } else {
                if (c == '{' || c == '(' || c == '[') {
                    if (depth == 0 && c == '(') {
                        tokens.add("("); // a record's header starts here
                    }
                    depth++;
                } else if (c == '}' || c == ')' || c == ']') {
                    depth = Math.max(0, depth - 1);
                    if (depth == 0 && c == '}') {
                        tokens.add("}");
                    }
                } else if (depth == 0) {
                    tokens.add(String.valueOf(c));
                }
                i++;
            }
        }
        return tokens;
    }

    /** The index after the closing delimiter; a single-quoted literal also ends at a line end. */
    private static int skipQuoted(String text, int i, String close) {
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (text.startsWith(close, i)) {
                return i + close.length();
            } else if (c == '\n' && close.length() == 1) {
                return i + 1;
            } else {
                i++;
            }
        }
        return n;
    }
}
