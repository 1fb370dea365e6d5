package org.katajudge.intake;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Top-level declarations read without compiling. */
class JavaOutlineTest {

    @Test
    void findsThePackageImportsAndTopLevelTypes() {
        JavaOutline outline = JavaOutline.of("""
                /* public class NotThis {} */
                package com.alice.kata;

                import java.util.*;
                import static java.lang.Math.abs;

                // public class NorThis
                @SuppressWarnings({"unused", "class Fake"})
                public final class KnightMoves<T extends Comparable<T>> {
                    static String s = "public class Inner {";
                    class Inner { }
                    public static int minMoves(String a, String b) { return Helper.class.hashCode(); }
                }

                record Point(int x, int y) { }
                enum Colour { WHITE, BLACK }
                sealed interface Shape permits Circle { }
                non-sealed class Circle implements Shape { }
                """);
        assertEquals(Optional.of("com.alice.kata"), outline.packageName());
        assertEquals(List.of("java.util.*", "java.lang.Math.abs"), outline.imports());
        assertEquals(List.of("KnightMoves", "Point", "Colour", "Shape", "Circle"), outline.types());
        assertEquals(Optional.of("KnightMoves"), outline.publicType());
        assertFalse(outline.importsTestFramework());
    }

    @Test
    void aPublicRecordAndTestImports() {
        JavaOutline record = JavaOutline.of("public record Move(String from, String to) {}");
        assertEquals(Optional.of("Move"), record.publicType());
        assertTrue(JavaOutline.of("import static org.junit.jupiter.api.Assertions.assertEquals;\nclass T {}").importsTestFramework());
        assertTrue(JavaOutline.of("import org.junit.Test;\nclass T {}").importsTestFramework());
        assertEquals(Optional.empty(), JavaOutline.of("class A {} class B {}").publicType());
        assertEquals(List.of("A", "B"), JavaOutline.of("public class A {} public class B {}").publicTypes());
    }
}
