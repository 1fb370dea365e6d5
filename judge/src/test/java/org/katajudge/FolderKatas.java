package org.katajudge;

import org.katajudge.scaffold.KataScaffold;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Katas written only as folders, for tests: nothing of them is in {@code reference/}. The
 * scaffold's kata ({@code new-kata}), and {@code pawn-count}, written by hand here against the
 * authoring API: two methods on an {@code int[][]} board, one with a generator, one examples-only.
 */
public final class FolderKatas {

    private FolderKatas() {
    }

    /** Writes the scaffold's kata {@code id} into {@code katas}; returns its folder. */
    public static Path scaffold(Path katas, String id) {
        try {
            KataScaffold.create(katas, id);
            return katas.resolve(id);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes {@code pawn-count} into {@code katas}, with one accepted and one wrong sample; returns its folder. */
    public static Path pawnCount(Path katas) {
        Path folder = katas.resolve("pawn-count");
        write(folder, Map.of(
                "kata.json", """
                        {
                          "id": "pawn-count",
                          "title": "Pawn count",
                          "difficulty": "8 kyu",
                          "seed": "",
                          "class": "PawnCount",
                          "methods": [
                            {"name": "pawns", "signature": "public static int pawns(int[][] board)"},
                            {"name": "empty", "signature": "public static boolean empty(int[][] board)"}
                          ],
                          "timeLimitMillis": 1000
                        }
                        """,
                "README.md", "# Pawn count\n\nCount the pawns (cells that are not 0) on a board.\n",
                "examples.json", """
                        {"examples": [
                          {"name":"no board","method":"pawns","args":[[]],"expected":0},
                          {"name":"two pawns","method":"pawns","args":[[[1,0],[0,2]]],"expected":2},
                          {"name":"empty board","method":"empty","args":[[[0,0],[0,0]]],"expected":true},
                          {"name":"one pawn","method":"empty","args":[[[0,0],[0,7]]],"expected":false}
                        ]}
                        """,
                "src/PawnCount.java", """
                        public final class PawnCount {
                            private PawnCount() {
                            }

                            public static int pawns(int[][] board) {
                                int count = 0;
                                for (int[] row : board) {
                                    for (int cell : row) {
                                        count += cell != 0 ? 1 : 0;
                                    }
                                }
                                return count;
                            }

                            public static boolean empty(int[][] board) {
                                return pawns(board) == 0;
                            }
                        }
                        """,
                "src/board/Boards.java", """
                        package board;

                        import org.katajudge.choice.Choices;

                        /** Boards of up to 4x4 cells; all zeros give the empty 0x0 board. */
                        public final class Boards {
                            private Boards() {
                            }

                            public static Object[] generate(Choices choices) {
                                int rows = choices.choose(5);
                                int columns = choices.choose(5);
                                int[][] board = new int[rows][columns];
                                for (int[] row : board) {
                                    for (int c = 0; c < columns; c++) {
                                        row[c] = choices.choose(3);
                                    }
                                }
                                return new Object[] {board};
                            }

                            public static String render(Object[] args) {
                                StringBuilder text = new StringBuilder();
                                for (int[] row : (int[][]) args[0]) {
                                    for (int cell : row) {
                                        text.append(cell == 0 ? '.' : 'p');
                                    }
                                    text.append('\\n');
                                }
                                return text.length() == 0 ? "(no cells)" : text.toString().strip();
                            }
                        }
                        """,
                "src/PawnCountKata.java", """
                        import board.Boards;
                        import org.katajudge.kata.EntryPoint;
                        import org.katajudge.kata.Explanation;
                        import org.katajudge.kata.Kata;
                        import org.katajudge.kata.RuleCheck;
                        import org.katajudge.kata.ValueType;

                        import java.util.List;

                        public final class PawnCountKata implements Kata {
                            private static final EntryPoint PAWNS = EntryPoint.method("pawns")
                                    .returns(ValueType.INT)
                                    .parameter(ValueType.INT_MATRIX, "board")
                                    .reference(args -> {
                                        int count = PawnCount.pawns((int[][]) args[0]);
                                        return new Explanation(count, count + " cells are not 0",
                                                List.of(new RuleCheck("any-pawn", count > 0)));
                                    })
                                    .generator(Boards::generate)
                                    .renderer(Boards::render)
                                    .rules("any-pawn")
                                    .build();
                            private static final EntryPoint EMPTY = EntryPoint.method("empty")
                                    .returns(ValueType.BOOLEAN)
                                    .parameter(ValueType.INT_MATRIX, "board")
                                    .reference(args -> {
                                        boolean empty = PawnCount.empty((int[][]) args[0]);
                                        return new Explanation(empty, empty ? "every cell is 0" : "a cell is not 0", List.of());
                                    })
                                    .examplesOnly()
                                    .renderer(Boards::render)
                                    .build();

                            public String id() {
                                return "pawn-count";
                            }

                            public String className() {
                                return "PawnCount";
                            }

                            public List<EntryPoint> entryPoints() {
                                return List.of(PAWNS, EMPTY);
                            }
                        }
                        """,
                "submissions/accepted/streams/PawnCount.java", """
                        import java.util.Arrays;

                        public class PawnCount {
                            public static int pawns(int[][] board) {
                                return (int) Arrays.stream(board).flatMapToInt(Arrays::stream).filter(c -> c != 0).count();
                            }

                            public static boolean empty(int[][] board) {
                                return pawns(board) == 0;
                            }
                        }
                        """,
                "submissions/wrong_answer/counts-ones-only/PawnCount.java", """
                        public class PawnCount {
                            public static int pawns(int[][] board) {
                                int count = 0;
                                for (int[] row : board) {
                                    for (int cell : row) {
                                        count += cell == 1 ? 1 : 0;
                                    }
                                }
                                return count;
                            }

                            public static boolean empty(int[][] board) {
                                return pawns(board) == 0;
                            }
                        }
                        """));
        return folder;
    }

    /** Writes each file (path relative to {@code folder}) with its text. */
    public static void write(Path folder, Map<String, String> files) {
        try {
            for (Map.Entry<String, String> file : files.entrySet()) {
                Path path = folder.resolve(file.getKey());
                Files.createDirectories(path.getParent());
                Files.writeString(path, file.getValue(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Replaces {@code from} by {@code to} in {@code file}, which must hold it. */
    public static void edit(Path file, String from, String to) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            if (!text.contains(from)) {
                throw new AssertionError(file + " does not hold " + from);
            }
            Files.writeString(file, text.replace(from, to), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
