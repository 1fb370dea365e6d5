package org.katajudge.compile;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.katajudge.kata.Kata;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.compile.TestCompiler.COMPILER;
import static org.katajudge.compile.TestCompiler.SQUARE_COLOR;
import static org.katajudge.compile.TestCompiler.assertCompiled;
import static org.katajudge.compile.TestCompiler.assertFailed;
import static org.katajudge.compile.TestCompiler.assertRejected;
import static org.katajudge.compile.TestCompiler.compile;
import static org.katajudge.compile.TestCompiler.kata;
import static org.katajudge.compile.TestCompiler.signatureProblem;
import static org.katajudge.compile.TestCompiler.squareColor;

/** {@link SubmissionCompiler}: what compiles, what does not and what a failure says. */
class SubmissionCompilerTest {

    private static final String IS_LIGHT = "public static boolean isLight(String coordinate)";

    private static final String PARITY = """
            public class SquareColor {
                public static boolean isLight(String coordinate) {
                    return (coordinate.charAt(0) - 'a' + coordinate.charAt(1) - '0') % 2 == 0;
                }
            }
            """;

    /** Loads compiled classes into a throwaway loader, to check the bytes are real class files. */
    private static Class<?> load(Map<String, byte[]> classes, String name) throws Exception {
        ClassLoader loader = new ClassLoader(null) {
            @Override
            protected Class<?> findClass(String binaryName) throws ClassNotFoundException {
                byte[] bytes = classes.get(binaryName);
                if (bytes == null) {
                    throw new ClassNotFoundException(binaryName);
                }
                return defineClass(binaryName, bytes, 0, bytes.length);
            }
        };
        return loader.loadClass(name);
    }

    @Nested
    class CorrectSolutions {

        @Test
        void aCorrectSolutionCompilesToClassBytesThatRun() throws Exception {
            Compilation.Compiled compiled = assertCompiled(squareColor(PARITY));

            assertEquals(Set.of("SquareColor"), compiled.classes().keySet());
            byte[] bytes = compiled.classes().get("SquareColor");
            assertEquals(0xCAFEBABE, ((bytes[0] & 0xFF) << 24) | ((bytes[1] & 0xFF) << 16)
                    | ((bytes[2] & 0xFF) << 8) | (bytes[3] & 0xFF), "a class file");
            assertEquals(61, ((bytes[6] & 0xFF) << 8) | (bytes[7] & 0xFF), "compiled for Java 17 (--release 17)");
            Method isLight = load(compiled.classes(), "SquareColor").getMethod("isLight", String.class);
            assertEquals(true, isLight.invoke(null, "h1"));
            assertEquals(false, isLight.invoke(null, "a1"));
        }

        @Test
        void nestedLocalAnonymousAndHelperClassesAreAllInTheOutput() {
            Compilation.Compiled compiled = assertCompiled(squareColor("""
                    import java.util.function.IntPredicate;

                    public class SquareColor {
                        private record Square(int file, int rank) {
                            boolean light() {
                                return (file + rank) % 2 == 1;
                            }
                        }

                        static class Parser {
                            static Square parse(String text) {
                                return new Square(text.charAt(0) - 'a' + 1, text.charAt(1) - '0');
                            }
                        }

                        enum Colour { LIGHT, DARK }

                        public static boolean isLight(String coordinate) {
                            IntPredicate odd = new IntPredicate() {
                                @Override
                                public boolean test(int value) {
                                    return value % 2 == 1;
                                }
                            };
                            Square square = Parser.parse(coordinate);
                            Colour colour = odd.test(square.file() + square.rank()) ? Colour.LIGHT : Colour.DARK;
                            return colour == Colour.LIGHT && square.light() && Helper.check(square.file());
                        }
                    }

                    class Helper {
                        static boolean check(int file) {
                            return file >= 1;
                        }
                    }
                    """));

            assertEquals(Set.of("SquareColor", "SquareColor$Square", "SquareColor$Parser", "SquareColor$Colour",
                    "SquareColor$1", "Helper"), compiled.classes().keySet());
        }

        @Test
        void aSolutionInSeveralFilesCompilesEveryFile() throws Exception {
            Compilation.Compiled compiled = assertCompiled(compile(SQUARE_COLOR,
                    new SourceFile("SquareColor.java", """
                            public class SquareColor {
                                public static boolean isLight(String coordinate) {
                                    return Parity.odd(Board.file(coordinate) + Board.rank(coordinate));
                                }
                            }
                            """),
                    new SourceFile("Board.java", """
                            public final class Board {
                                static int file(String square) {
                                    return square.charAt(0) - 'a' + 1;
                                }

                                static int rank(String square) {
                                    return square.charAt(1) - '0';
                                }
                            }
                            """),
                    new SourceFile("Parity.java", """
                            final class Parity {
                                static boolean odd(int n) {
                                    return n % 2 == 1;
                                }
                            }
                            """)));

            assertEquals(Set.of("SquareColor", "Board", "Parity"), compiled.classes().keySet());
            Method isLight = load(compiled.classes(), "SquareColor").getMethod("isLight", String.class);
            assertEquals(true, isLight.invoke(null, "a2"));
            assertEquals(false, isLight.invoke(null, "c3"));
        }

        @Test
        void warningsDoNotFailACompilation() {
            Compilation.Compiled compiled = assertCompiled(squareColor("""
                    import java.util.ArrayList;
                    import java.util.List;

                    public class SquareColor {
                        @SuppressWarnings("unused")
                        private static int unused;

                        @Deprecated
                        static int old() {
                            return 1;
                        }

                        public static boolean isLight(String coordinate) {
                            List raw = new ArrayList();
                            raw.add(coordinate);
                            Integer boxed = new Integer(old());
                            Object o = (Object) coordinate;
                            char file = coordinate.charAt(0);
                            switch (file) {
                                case 'a':
                                    boxed++;
                                case 'b':
                                    boxed++;
                                default:
                            }
                            return (coordinate.charAt(0) - 'a' + coordinate.charAt(1) - '0') % 2 == 0;
                        }
                    }
                    """));

            assertTrue(compiled.classes().containsKey("SquareColor"));
            assertTrue(compiled.warnings().stream().noneMatch(w -> w.message().isBlank()), compiled.warnings()::toString);
        }

        @Test
        void aSolutionForAKataWithSeveralEntryPointsNeedsThemAll() {
            Kata checkers = kata("checkers-game-over");
            String all = """
                    public class Checkers {
                        public static int whiteMoves(String board) { return 0; }
                        public static int blueMoves(String board) { return 0; }
                        public static boolean gameOver(String board) { return true; }
                    }
                    """;
            assertCompiled(compile(checkers, new SourceFile("Checkers.java", all)));

            String problem = signatureProblem(compile(checkers, new SourceFile("Checkers.java", """
                    public class Checkers {
                        public static int whiteMoves(String board) { return 0; }
                    }
                    """)));
            assertEquals("missing method: expected public static int blueMoves(String board) in class Checkers\n"
                    + "missing method: expected public static boolean gameOver(String board) in class Checkers", problem);
        }

        @Test
        void arrayAndMatrixSignaturesAreMatchedExactly() {
            assertCompiled(compile(kata("checkers-safe-spaces"), new SourceFile("SafeSpaces.java", """
                    public class SafeSpaces {
                        public static boolean isSafe(int[][] board) { return board.length > 0; }
                    }
                    """)));
            assertCompiled(compile(kata("three-man-chess-vectors"), new SourceFile("ThreeManChess.java", """
                    public class ThreeManChess {
                        public static int[] addVec(int[] from, int[] vec) { return null; }
                    }
                    """)));
            assertEquals("missing method: expected public static int[] addVec(int[] from, int[] vec) in class ThreeManChess",
                    signatureProblem(compile(kata("three-man-chess-vectors"), new SourceFile("ThreeManChess.java", """
                            public class ThreeManChess {
                                public static int[][] addVec(int[][] from, int[] vec) { return null; }
                                public static Integer[] addVec(Integer[] from, Integer[] vec) { return null; }
                            }
                            """))));
        }

        @Test
        void aVarargsArrayParameterIsTheArrayItIsAtRunTime() {
            assertCompiled(compile(kata("three-man-chess-vectors"), new SourceFile("ThreeManChess.java", """
                    public class ThreeManChess {
                        public static int[] addVec(int[] from, int... vec) { return null; }
                    }
                    """)));
        }

        @Test
        void overloadsAndExtraMembersDoNotHideTheEntryPoint() {
            assertCompiled(squareColor("""
                    public class SquareColor {
                        public boolean isLight(int file, int rank) { return (file + rank) % 2 == 1; }
                        public static boolean isLight(char[] coordinate) { return false; }
                        public static boolean isLight(String coordinate) {
                            return new SquareColor().isLight(coordinate.charAt(0) - 'a' + 1, coordinate.charAt(1) - '0');
                        }
                        public static void main(String[] args) { }
                    }
                    """));
        }

        @Test
        void aGenericOrFinalOrThrowingEntryPointStillMatches() {
            assertCompiled(squareColor("""
                    public final class SquareColor {
                        public static final <T> boolean isLight(final String coordinate) throws IllegalArgumentException {
                            return (coordinate.charAt(0) - 'a' + coordinate.charAt(1) - '0') % 2 == 0;
                        }
                    }
                    """));
        }

        @Test
        void withThePolicyOffAForbiddenCallCompiles() {
            String source = """
                    public class SquareColor {
                        public static boolean isLight(String coordinate) {
                            System.exit(3);
                            return true;
                        }
                    }
                    """;
            assertRejected(squareColor(source));
            Compilation off = COMPILER.compile(List.of(new SourceFile("SquareColor.java", source)),
                    "SquareColor", SQUARE_COLOR.entryPoints(), false);
            assertCompiled(off);
        }

        @Test
        void nonAsciiSourceIsReadAsUtf8() {
            assertCompiled(compile(kata("xiangqi-board-validator"), new SourceFile("XiangqiValidator.java", """
                    public class XiangqiValidator {
                        // 象棋: the generals are 帥 and 將
                        public static boolean chessValidator(String board) {
                            return board.indexOf('帥') >= 0 && board.indexOf("將") >= 0;
                        }
                    }
                    """)));
        }
    }

    @Nested
    class CompileErrors {

        @Test
        void aMissingSemicolonIsReportedWithFileLineAndColumn() {
            Compilation.Failed failed = assertFailed(squareColor("""
                    // line 1
                    public class SquareColor {
                        public static boolean isLight(String coordinate) {
                            int file = coordinate.charAt(0) - 'a' + 1
                            int rank = coordinate.charAt(1) - '0';
                            return (file + rank) % 2 == 1;
                        }
                    }
                    """));

            CompilerMessage error = failed.errors().get(0);
            assertEquals("SquareColor.java", error.file());
            assertEquals(4, error.line());
            assertEquals(50, error.column(), "just after the last token of line 4: " + error);
            assertTrue(error.message().contains("';' expected"), error.message());
            assertEquals("SquareColor.java:4:50: " + error.message(), error.toString());
        }

        @Test
        void aTypeErrorIsReportedWhereItIs() {
            Compilation.Failed failed = assertFailed(squareColor("""
                    public class SquareColor {
                        public static boolean isLight(String coordinate) {
                            int file = coordinate;
                            return file % 2 == 0;
                        }
                    }
                    """));

            assertEquals(1, failed.errors().size(), failed.errors()::toString);
            CompilerMessage error = failed.errors().get(0);
            assertEquals("SquareColor.java", error.file());
            assertEquals(3, error.line());
            assertEquals(20, error.column());
            assertTrue(error.message().contains("incompatible types"), error.message());
        }

        @Test
        void errorsInEveryFileAreReportedWithTheirOwnFileName() {
            Compilation.Failed failed = assertFailed(compile(SQUARE_COLOR,
                    new SourceFile("SquareColor.java", """
                            public class SquareColor {
                                public static boolean isLight(String coordinate) {
                                    return Helper.light(coordinate) && undefined;
                                }
                            }
                            """),
                    new SourceFile("Helper.java", """
                            class Helper {
                                static boolean light(String square) {
                                    return square.lenght() > 0;
                                }
                            }
                            """)));

            assertEquals(Set.of("SquareColor.java", "Helper.java"),
                    Set.copyOf(failed.errors().stream().map(CompilerMessage::file).toList()), failed.errors()::toString);
            assertTrue(failed.errors().stream().allMatch(e -> e.line() == 3 && e.column() > 0), failed.errors()::toString);
        }

        @Test
        void aPublicClassInAWronglyNamedFileDoesNotCompile() {
            Compilation.Failed failed = assertFailed(compile(SQUARE_COLOR, new SourceFile("Solution.java", PARITY)));
            assertEquals("Solution.java", failed.errors().get(0).file());
            assertTrue(failed.errors().get(0).message().contains("SquareColor.java"), failed.errors()::toString);
        }

        @Test
        void aFileNameWithSpacesIsReportedAsGiven() {
            Compilation.Failed failed = assertFailed(compile(SQUARE_COLOR, new SourceFile("My Helper.java", """
                    class Helper {
                        int x = ;
                    }
                    """), new SourceFile("SquareColor.java", PARITY)));
            assertEquals("My Helper.java", failed.errors().get(0).file(), failed.errors()::toString);
            assertEquals(2, failed.errors().get(0).line());
        }

        @Test
        void noSourcesIsAFailureNotAnException() {
            Compilation compilation = COMPILER.compile(List.of(), "SquareColor", SQUARE_COLOR.entryPoints(), true);
            assertEquals("no .java files", assertFailed(compilation).errors().get(0).message());
        }

        @Test
        void anEmptyFileLacksTheClass() {
            assertEquals("missing class: expected public class SquareColor in the default package",
                    signatureProblem(squareColor("")));
        }

        @Test
        void tooManyErrorsAreCappedByJavac() {
            StringBuilder body = new StringBuilder();
            for (int i = 0; i < 60; i++) {
                body.append("        int v").append(i).append(" = undefined").append(i).append(";\n");
            }
            Compilation.Failed failed = assertFailed(squareColor("""
                    public class SquareColor {
                        public static boolean isLight(String coordinate) {
                    %s        return true;
                        }
                    }
                    """.formatted(body)));
            assertEquals(20, failed.errors().size(), "-Xmaxerrs 20");
        }
    }

    @Nested
    class Signatures {

        @Test
        void aMissingClassNamesTheClassExpected() {
            assertEquals("missing class: expected public class SquareColor in the default package",
                    signatureProblem(compile(SQUARE_COLOR, new SourceFile("Solution.java", """
                            public class Solution {
                                public static boolean isLight(String coordinate) { return true; }
                            }
                            """))));
        }

        @Test
        void aClassNamedInAnotherCaseIsMissing() {
            assertEquals("missing class: expected public class SquareColor in the default package",
                    signatureProblem(compile(SQUARE_COLOR, new SourceFile("Squarecolor.java", """
                            public class Squarecolor {
                                public static boolean isLight(String coordinate) { return true; }
                            }
                            """))));
        }

        @Test
        void aNonPublicClassMustBePublic() {
            assertEquals("class SquareColor must be public", signatureProblem(squareColor("""
                    class SquareColor {
                        public static boolean isLight(String coordinate) { return true; }
                    }
                    """)));
        }

        @Test
        void aClassInAPackageMustBeInTheDefaultPackage() {
            String problem = signatureProblem(squareColor("""
                    package chess.solution;

                    public class SquareColor {
                        public static boolean isLight(String coordinate) { return true; }
                    }
                    """));
            assertEquals("class SquareColor must be in the default package, not in package chess.solution", problem);
        }

        @Test
        void aNestedClassOfTheRightNameIsNotTheClass() {
            assertEquals("missing class: expected public class SquareColor in the default package",
                    signatureProblem(compile(SQUARE_COLOR, new SourceFile("Outer.java", """
                            public class Outer {
                                public static class SquareColor {
                                    public static boolean isLight(String coordinate) { return true; }
                                }
                            }
                            """))));
        }

        @Test
        void aMissingMethodNamesTheExactSignature() {
            assertEquals("missing method: expected " + IS_LIGHT + " in class SquareColor", signatureProblem(squareColor("""
                    public class SquareColor {
                        public static boolean isWhite(String coordinate) { return true; }
                    }
                    """)));
        }

        @Test
        void theWrongMethodNameSubmissionNamesIsLight() {
            assertEquals("missing method: expected " + IS_LIGHT + " in class SquareColor", signatureProblem(squareColor("""
                    public class SquareColor {
                        public static boolean isWhite(String coordinate) {
                            int file = coordinate.charAt(0) - 'a' + 1;
                            int rank = coordinate.charAt(1) - '0';
                            return (file + rank) % 2 == 1;
                        }
                    }
                    """)));
        }

        @Test
        void aWrongParameterTypeIsAMissingMethod() {
            for (String parameters : List.of("char[] coordinate", "Object coordinate", "String file, String rank")) {
                String problem = signatureProblem(squareColor("""
                        public class SquareColor {
                            public static boolean isLight(%s) { return true; }
                        }
                        """.formatted(parameters)));
                assertEquals("missing method: expected " + IS_LIGHT + " in class SquareColor", problem, parameters);
            }
        }

        @Test
        void aNonStaticMethodIsAMissingMethod() {
            assertEquals("missing method: expected " + IS_LIGHT + " in class SquareColor", signatureProblem(squareColor("""
                    public class SquareColor {
                        public boolean isLight(String coordinate) { return true; }
                    }
                    """)));
        }

        @Test
        void aNonPublicMethodIsAMissingMethod() {
            for (String modifiers : List.of("static", "private static")) {
                assertEquals("missing method: expected " + IS_LIGHT + " in class SquareColor",
                        signatureProblem(squareColor("""
                                public class SquareColor {
                                    %s boolean isLight(String coordinate) { return true; }
                                }
                                """.formatted(modifiers))), modifiers);
            }
        }

        @Test
        void aWrongReturnTypeIsAMissingMethod() {
            for (String returns : List.of("Boolean", "int", "void")) {
                String body = switch (returns) {
                    case "void" -> "";
                    case "int" -> "return 0;";
                    default -> "return null;";
                };
                assertEquals("missing method: expected " + IS_LIGHT + " in class SquareColor",
                        signatureProblem(squareColor("""
                                public class SquareColor {
                                    public static %s isLight(String coordinate) { %s }
                                }
                                """.formatted(returns, body))), returns);
            }
        }

        @Test
        void theUsersOwnClassNamedStringIsNotJavaLangString() {
            assertEquals("missing method: expected " + IS_LIGHT + " in class SquareColor", signatureProblem(compile(
                    SQUARE_COLOR,
                    new SourceFile("SquareColor.java", """
                            public class SquareColor {
                                public static boolean isLight(String coordinate) { return true; }
                            }
                            """),
                    new SourceFile("String.java", "class String { }\n"))));
        }

        @Test
        void theMethodMustBeDeclaredByTheClassItself() {
            assertEquals("missing method: expected " + IS_LIGHT + " in class SquareColor", signatureProblem(squareColor("""
                    public class SquareColor extends Base {
                    }

                    class Base {
                        public static boolean isLight(String coordinate) { return true; }
                    }
                    """)));
        }
    }

    @Nested
    class ClassPath {

        @Test
        void theReferenceImplementationIsNotOnTheSubmissionsClassPath() throws Exception {
            // the judge itself can see it ...
            Class.forName("org.katajudge.reference.squarecolor.SquareColor");
            // ... the submission cannot
            Compilation.Failed failed = assertFailed(compile(SQUARE_COLOR, new SourceFile("SquareColor.java", """
                    public class SquareColor {
                        public static boolean isLight(String coordinate) {
                            return org.katajudge.reference.squarecolor.SquareColor.isLight(coordinate);
                        }
                    }
                    """)));
            assertEquals(3, failed.errors().get(0).line(), failed.errors()::toString);
            assertTrue(failed.errors().get(0).message().contains("org.katajudge.reference.squarecolor"),
                    failed.errors()::toString);
        }

        @Test
        void importingTheReferenceDoesNotCompile() {
            Compilation.Failed failed = assertFailed(compile(kata("knight-moves"), new SourceFile("KnightMoves.java", """
                    import org.katajudge.reference.squarecolor.SquareColor;

                    public class KnightMoves {
                        public static int minMoves(String start, String end) {
                            return SquareColor.isLight(start) == SquareColor.isLight(end) ? 2 : 1;
                        }
                    }
                    """)));
            CompilerMessage first = failed.errors().get(0);
            assertEquals("KnightMoves.java", first.file());
            assertEquals(1, first.line(), failed.errors()::toString);
        }

        @Test
        void jacksonIsNotOnTheSubmissionsClassPath() throws Exception {
            Class.forName("com.fasterxml.jackson.databind.ObjectMapper"); // on the judge's class path
            Compilation.Failed failed = assertFailed(squareColor("""
                    import com.fasterxml.jackson.databind.ObjectMapper;

                    public class SquareColor {
                        public static boolean isLight(String coordinate) {
                            return new ObjectMapper() != null;
                        }
                    }
                    """));
            assertEquals(1, failed.errors().get(0).line(), failed.errors()::toString);
            assertTrue(failed.errors().get(0).message().contains("com.fasterxml.jackson.databind"),
                    failed.errors()::toString);
        }

        @Test
        void theJudgesOwnClassesAndJUnitAreNotVisible() {
            for (String type : List.of("org.katajudge.compile.SubmissionCompiler", "org.junit.jupiter.api.Test")) {
                Compilation.Failed failed = assertFailed(squareColor("""
                        public class SquareColor {
                            public static boolean isLight(String coordinate) {
                                Object o = %s.class;
                                return o != null;
                            }
                        }
                        """.formatted(type)));
                assertEquals(3, failed.errors().get(0).line(), type);
            }
        }

        @Test
        void theJdkIsSeenAsOfJava17() {
            // java.util.SequencedCollection is Java 21: --release 17 must not see it even on a newer JDK
            Compilation compilation = squareColor("""
                    import java.util.List;

                    public class SquareColor {
                        public static boolean isLight(String coordinate) {
                            java.util.SequencedCollection<String> s = List.of(coordinate);
                            return s.isEmpty();
                        }
                    }
                    """);
            CompilerMessage error = assertFailed(compilation).errors().get(0);
            assertEquals(5, error.line(), error::toString);
        }
    }
}
