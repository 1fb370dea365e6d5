package org.katajudge.compile;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.katajudge.ClassFiles;
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
        void stringConcatenationCompilesToPlainCallsWithTheSameResult() throws Exception {
            // not invokedynamic, whose first use costs each child JVM about 25 ms of CPU time
            Compilation.Compiled compiled = assertCompiled(squareColor("""
                    public class SquareColor {
                        public static boolean isLight(String coordinate) {
                            char file = coordinate.charAt(0);
                            String key = "" + file + (coordinate.charAt(1) - '0') + 'x' + 1.5 + null + true;
                            return key.equals("h1x1.5nulltrue") || (file + coordinate.charAt(1)) % 2 == 1;
                        }
                    }
                    """));
            assertEquals(0, ClassFiles.invokedynamicEntries(compiled.classes().get("SquareColor")));
            Compilation.Compiled lambda = assertCompiled(squareColor("""
                    public class SquareColor {
                        public static boolean isLight(String coordinate) {
                            java.util.function.IntPredicate odd = n -> n % 2 == 1;
                            return odd.test(coordinate.charAt(0) + coordinate.charAt(1));
                        }
                    }
                    """));
            assertEquals(1, ClassFiles.invokedynamicEntries(lambda.classes().get("SquareColor")), "a lambda still is one");
            Method isLight = load(compiled.classes(), "SquareColor").getMethod("isLight", String.class);
            assertEquals(true, isLight.invoke(null, "h1"), "the concatenation means what the language says");
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

            assertEquals(2, assertFailed(compile(checkers, new SourceFile("Checkers.java", """
                    public class Checkers {
                        public static int whiteMoves(String board) { return 0; }
                    }
                    """))).errors().size(), "two methods missing");
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
            assertEquals("ThreeManChess declares `public static int[][] addVec(int[][], int[])`; the kata needs"
                            + " `public static int[] addVec(int[] from, int[] vec)` (it returns int[][], not int[],"
                            + " parameter 1 is int[][], not int[])",
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

        private static final String NEEDS = "the kata needs `" + IS_LIGHT + "`";

        @Test
        void aMissingClassSaysWhatTheKataNeedsAndWhatTheSourcesDeclare() {
            assertEquals("no class SquareColor: the kata needs `public class SquareColor` declaring `" + IS_LIGHT
                            + "`; the sources declare Solution",
                    signatureProblem(compile(SQUARE_COLOR, new SourceFile("Solution.java", """
                            public class Solution {
                                public static boolean isLight(String coordinate) { return true; }
                            }
                            """))));
        }

        @Test
        void aClassNamedInAnotherCaseGetsADidYouMean() {
            assertEquals("no class SquareColor; did you mean `Squarecolor`? The kata needs `public class SquareColor`"
                            + " (names are case-sensitive)",
                    signatureProblem(compile(SQUARE_COLOR, new SourceFile("Squarecolor.java", """
                            public class Squarecolor {
                                public static boolean isLight(String coordinate) { return true; }
                            }
                            """))));
        }

        @Test
        void aClassNameATypoAwayGetsADidYouMean() {
            assertEquals("no class SafeSpaces; did you mean `SafeSpace`? The kata needs `public class SafeSpaces`",
                    signatureProblem(compile(kata("checkers-safe-spaces"), new SourceFile("SafeSpace.java", """
                            public class SafeSpace {
                                public static boolean isSafe(int[][] board) { return true; }
                            }
                            """))));
        }

        @Test
        void anEmptySubmissionDeclaresNoClass() {
            assertEquals("no class SquareColor: the kata needs `public class SquareColor` declaring `" + IS_LIGHT
                    + "`; the sources declare no class", signatureProblem(squareColor("")));
        }

        @Test
        void aNonPublicClassMustBePublicAndTheMessageSaysWhere() {
            Compilation.Failed failed = assertFailed(squareColor("""
                    class SquareColor {
                        public static boolean isLight(String coordinate) { return true; }
                    }
                    """));
            assertEquals(List.of("SquareColor.java:1:1: class SquareColor is not public: the kata needs `public class SquareColor`"),
                    failed.errors().stream().map(CompilerMessage::toString).toList());
        }

        @Test
        void aNestedClassOfTheRightNameIsNotTheClass() {
            assertEquals("no top-level class SquareColor: it is nested in Outer; the kata needs `public class SquareColor`"
                    + " in its own file", signatureProblem(compile(SQUARE_COLOR, new SourceFile("Outer.java", """
                            public class Outer {
                                public static class SquareColor {
                                    public static boolean isLight(String coordinate) { return true; }
                                }
                            }
                            """))));
        }

        @Test
        void aMissingMethodSaysWhatTheClassDeclares() {
            Compilation.Failed failed = assertFailed(squareColor("""
                    public class SquareColor {
                        public static boolean isWhite(String coordinate) { return true; }
                    }
                    """));
            assertEquals(List.of("SquareColor.java:1:1: SquareColor has no method isLight: " + NEEDS
                            + "; it declares `public static boolean isWhite(String)`"),
                    failed.errors().stream().map(CompilerMessage::toString).toList());
        }

        @Test
        void aMethodNamedInAnotherCaseGetsADidYouMean() {
            assertEquals("SquareColor has no method isLight; did you mean `islight`? The kata needs `" + IS_LIGHT
                    + "` (names are case-sensitive)", signatureProblem(squareColor("""
                    public class SquareColor {
                        public static boolean islight(String coordinate) { return true; }
                    }
                    """)));
        }

        @Test
        void aWrongParameterTypeOrCountIsNamed() {
            assertEquals("SquareColor declares `public static boolean isLight(char[])`; " + NEEDS
                    + " (parameter 1 is char[], not String)", signatureProblem(squareColor("""
                    public class SquareColor {
                        public static boolean isLight(char[] coordinate) { return true; }
                    }
                    """)));
            assertEquals("SquareColor declares `public static boolean isLight(String, String)`; " + NEEDS
                    + " (it takes 2 parameters, not 1)", signatureProblem(squareColor("""
                    public class SquareColor {
                        public static boolean isLight(String file, String rank) { return true; }
                    }
                    """)));
        }

        @Test
        void theKnightMovesExampleFromTheIssue() {
            Compilation.Failed failed = assertFailed(compile(kata("knight-moves"), new SourceFile("KnightMoves.java", """
                    public class KnightMoves {
                        // counts in a long, just in case
                        public static long minMoves(String start, String end) {
                            return 0;
                        }
                    }
                    """)));
            assertEquals(List.of("KnightMoves.java:3:5: KnightMoves declares `public static long minMoves(String, String)`;"
                            + " the kata needs `public static int minMoves(String start, String end)` (it returns long, not int)"),
                    failed.errors().stream().map(CompilerMessage::toString).toList());
        }

        @Test
        void aMethodThatIsNotStaticOrNotPublicIsNamed() {
            assertEquals("SquareColor declares `public boolean isLight(String)`; " + NEEDS + " (it is not static)",
                    signatureProblem(squareColor("""
                            public class SquareColor {
                                public boolean isLight(String coordinate) { return true; }
                            }
                            """)));
            assertEquals("SquareColor declares `static boolean isLight(String)`; " + NEEDS + " (it is not public)",
                    signatureProblem(squareColor("""
                            public class SquareColor {
                                static boolean isLight(String coordinate) { return true; }
                            }
                            """)));
            assertEquals("SquareColor declares `private boolean isLight(String)`; " + NEEDS
                            + " (it is private, it is not static)", signatureProblem(squareColor("""
                            public class SquareColor {
                                private boolean isLight(String coordinate) { return true; }
                            }
                            """)));
        }

        @Test
        void aWrongReturnTypeIsNamed() {
            for (String returns : List.of("Boolean", "int", "void")) {
                String body = switch (returns) {
                    case "void" -> "";
                    case "int" -> "return 0;";
                    default -> "return null;";
                };
                assertEquals("SquareColor declares `public static " + returns + " isLight(String)`; " + NEEDS
                                + " (it returns " + returns + ", not boolean)",
                        signatureProblem(squareColor("""
                                public class SquareColor {
                                    public static %s isLight(String coordinate) { %s }
                                }
                                """.formatted(returns, body))), returns);
            }
        }

        @Test
        void ofSeveralOverloadsTheClosestIsDescribed() {
            assertEquals("ThreeManChess declares `public static int[] addVec(int[], int)`; the kata needs"
                            + " `public static int[] addVec(int[] from, int[] vec)` (parameter 2 is int, not int[])",
                    signatureProblem(compile(kata("three-man-chess-vectors"), new SourceFile("ThreeManChess.java", """
                            public class ThreeManChess {
                                public static int[][] addVec(int[][] from, int[] vec, int steps) { return null; }
                                public static int[] addVec(int[] from, int vec) { return null; }
                            }
                            """))));
        }

        @Test
        void theSubmissionsOwnClassNamedStringIsNotJavaLangString() {
            assertEquals("SquareColor declares `public static boolean isLight(String)`; " + NEEDS
                    + " (parameter 1 is the class String of the submission, not java.lang.String)", signatureProblem(compile(
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
            assertEquals("SquareColor has no method isLight: " + NEEDS
                    + "; it inherits one from Base, but the kata calls a method SquareColor declares itself",
                    signatureProblem(squareColor("""
                            public class SquareColor extends Base {
                            }

                            class Base {
                                public static boolean isLight(String coordinate) { return true; }
                            }
                            """)));
        }

        @Test
        void eachMissingMethodIsItsOwnProblem() {
            Kata checkers = kata("checkers-game-over");
            Compilation.Failed failed = assertFailed(compile(checkers, new SourceFile("Checkers.java", """
                    public class Checkers {
                        public static int whiteMoves(String board) { return 0; }
                    }
                    """)));
            assertEquals(List.of(
                    "Checkers has no method blueMoves: the kata needs `public static int blueMoves(String board)`;"
                            + " it declares `public static int whiteMoves(String)`",
                    "Checkers has no method gameOver: the kata needs `public static boolean gameOver(String board)`;"
                            + " it declares `public static int whiteMoves(String)`"),
                    failed.errors().stream().map(CompilerMessage::message).toList());
        }
    }

    /** A {@code package} line, as IDEs write it: graded as it is, with a note for the student. */
    @Nested
    class Packages {

        @Test
        void theKatasClassInAPackageIsFoundAndLoadedByItsBinaryName() throws Exception {
            Compilation.Compiled compiled = assertCompiled(compile(kata("knight-moves"), new SourceFile("KnightMoves.java", """
                    package com.example;

                    public class KnightMoves {
                        public static int minMoves(String start, String end) {
                            return start.equals(end) ? 0 : 3;
                        }
                    }
                    """)));
            assertEquals("com.example.KnightMoves", compiled.mainClass());
            assertEquals(List.of("KnightMoves is in package com.example; the kata expects the default package"
                    + " — graded as it is"), compiled.notes());
            Method minMoves = load(compiled.classes(), compiled.mainClass()).getMethod("minMoves", String.class, String.class);
            assertEquals(0, minMoves.invoke(null, "a1", "a1"));
        }

        @Test
        void aHelperInASubPackageFolderIsCompiledWithTheSolution() throws Exception {
            Compilation.Compiled compiled = assertCompiled(compile(kata("knight-moves"),
                    new SourceFile("KnightMoves.java", """
                            import util.Board;

                            public class KnightMoves {
                                public static int minMoves(String start, String end) {
                                    return Board.distance(start, end);
                                }
                            }
                            """),
                    new SourceFile("util/Board.java", """
                            package util;

                            public final class Board {
                                public static int distance(String a, String b) {
                                    return a.equals(b) ? 0 : 1;
                                }
                            }
                            """)));
            assertEquals("KnightMoves", compiled.mainClass());
            assertEquals(List.of(), compiled.notes(), "the kata's class is in the default package");
            assertEquals(Set.of("KnightMoves", "util.Board"), compiled.classes().keySet());
            Method minMoves = load(compiled.classes(), "KnightMoves").getMethod("minMoves", String.class, String.class);
            assertEquals(1, minMoves.invoke(null, "a1", "b3"));
        }

        @Test
        void aPublicClassInAFolderMustStillBeInAFileOfItsName() {
            Compilation.Failed failed = assertFailed(compile(kata("knight-moves"),
                    new SourceFile("KnightMoves.java", """
                            public class KnightMoves {
                                public static int minMoves(String start, String end) { return 0; }
                            }
                            """),
                    new SourceFile("util/Helpers.java", """
                            package util;
                            public final class Board { }
                            """)));
            assertEquals("util/Helpers.java", failed.errors().get(0).file(), failed.errors()::toString);
        }

        @Test
        void theDefaultPackageWinsOverAnotherWithTheSameClass() {
            Compilation.Compiled compiled = assertCompiled(compile(SQUARE_COLOR,
                    new SourceFile("SquareColor.java", PARITY),
                    new SourceFile("old/SquareColor.java", "package old;\n" + PARITY)));
            assertEquals("SquareColor", compiled.mainClass());
        }

        @Test
        void twoPackagesWithTheClassAndNoDefaultAreAmbiguous() {
            assertEquals("several classes are named SquareColor (in packages a, b): the kata needs exactly one public"
                    + " class SquareColor", signatureProblem(compile(SQUARE_COLOR,
                    new SourceFile("a/SquareColor.java", "package a;\n" + PARITY),
                    new SourceFile("b/SquareColor.java", "package b;\n" + PARITY))));
        }

        @Test
        void aPackageThousandsOfNamesDeepCompilesOnTheWorkersDeepStackAndIsAClearErrorOnASmallOne() throws Exception {
            String deep = "package " + "a.".repeat(3000) + "a;\nclass Helper { }\n";
            SourceFile[] sources = {new SourceFile("SquareColor.java", PARITY), new SourceFile("Helper.java", deep)};
            Compilation[] onDeepStack = new Compilation[1];
            Thread thread = new Thread(null, () -> onDeepStack[0] = compile(SQUARE_COLOR, sources), "deep",
                    (long) CompileLimits.DEFAULT.stackMegabytes() << 20);
            thread.start();
            thread.join();
            assertEquals("SquareColor", assertCompiled(onDeepStack[0]).mainClass());

            Compilation[] onSmallStack = new Compilation[1];
            thread = new Thread(null, () -> onSmallStack[0] = compile(SQUARE_COLOR, sources), "small", 256 << 10);
            thread.start();
            thread.join();
            if (!(onSmallStack[0] instanceof Compilation.Compiled)) {
                assertEquals(CompileLimits.NESTED_TOO_DEEPLY, assertFailed(onSmallStack[0]).errors().get(0).message());
            }
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
