package org.katajudge.reference.xiangqi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Sides, piece types and squares for {@link XiangqiBoardGenerator}: per side and type the legal
 * squares, home squares first (the order lower choices mean), and the squares where one piece
 * breaks a rule, nearest its home first. Squares are numbered {@code row * 9 + column}.
 */
final class XiangqiSquares {

    static final int RED = 0;
    static final int BLACK = 1;
    static final int CHARIOT = 0;
    static final int HORSE = 1;
    static final int CANNON = 2;
    static final int ELEPHANT = 3;
    static final int ADVISOR = 4;
    static final int GENERAL = 5;
    static final int SOLDIER = 6;
    static final int TYPES = 7;

    static final String RED_PIECES = "俥傌炮相仕帥兵";
    static final String BLACK_PIECES = "車馬砲象士將卒";

    /** Red's legal squares per type, home squares first; black's are the same rows flipped. */
    private static final List<List<Integer>> RED_SQUARES = List.of(
            homesThenAll(sq(9, 0), sq(9, 8)),
            homesThenAll(sq(9, 1), sq(9, 7)),
            homesThenAll(sq(7, 1), sq(7, 7)),
            List.of(sq(9, 2), sq(9, 6), sq(7, 0), sq(7, 4), sq(7, 8), sq(5, 2), sq(5, 6)),
            List.of(sq(9, 3), sq(9, 5), sq(8, 4), sq(7, 3), sq(7, 5)),
            List.of(sq(9, 4), sq(9, 3), sq(9, 5), sq(8, 4), sq(8, 3), sq(8, 5), sq(7, 4), sq(7, 3), sq(7, 5)),
            redSoldierSquares());
    private static final List<List<Integer>> BLACK_SQUARES = RED_SQUARES.stream()
            .map(squares -> squares.stream().map(XiangqiSquares::flip).toList())
            .toList();

    /** Illegal squares for one piece, per side (red, black), nearest its home first. */
    static final List<List<Integer>> ELEPHANT_ACROSS_RIVER = bySide(XiangqiSquares::elephantAcrossRiver);
    static final List<List<Integer>> ELEPHANT_OFF_SPOTS = bySide(XiangqiSquares::elephantOffSpots);
    static final List<List<Integer>> ADVISOR_OFF_POINTS = bySide(XiangqiSquares::advisorOffPoints);
    static final List<List<Integer>> SOLDIER_BEHIND_START = bySide(XiangqiSquares::soldierBehindStart);
    static final List<List<Integer>> GENERAL_OUTSIDE_PALACE = bySide(XiangqiSquares::outsidePalace);
    static final List<Integer> ALL_SQUARES = java.util.stream.IntStream.range(0, 90).boxed().toList();

    private XiangqiSquares() {
    }

    // ---- squares where one piece is illegal ------------------------------------------------------

    private static List<List<Integer>> bySide(IntFunction<List<Integer>> squaresOfSide) {
        return List.of(List.copyOf(squaresOfSide.apply(RED)), List.copyOf(squaresOfSide.apply(BLACK)));
    }

    /** The other side's half, the mirrored spots (the classic 飛象過河) nearest the river first. */
    private static List<Integer> elephantAcrossRiver(int side) {
        List<Integer> squares = new ArrayList<>(squares(1 - side, ELEPHANT));
        Collections.reverse(squares);
        for (int square : allFromBack(side).subList(45, 90)) {
            if (!squares.contains(square)) {
                squares.add(square);
            }
        }
        return squares;
    }

    private static List<Integer> elephantOffSpots(int side) {
        List<Integer> squares = ownHalfFromBack(side);
        squares.removeAll(squares(side, ELEPHANT));
        return squares;
    }

    /** The palace's four edge midpoints first, then everywhere else. */
    private static List<Integer> advisorOffPoints(int side) {
        List<Integer> points = squares(side, ADVISOR);
        List<Integer> squares = new ArrayList<>();
        for (int square : squares(side, GENERAL)) {
            if (!points.contains(square)) {
                squares.add(square);
            }
        }
        for (int square : allFromBack(side)) {
            if (!points.contains(square) && !squares.contains(square)) {
                squares.add(square);
            }
        }
        return squares;
    }

    /** Rows behind the start row, nearest it first. */
    private static List<Integer> soldierBehindStart(int side) {
        List<Integer> squares = new ArrayList<>();
        for (int behind = 1; behind <= 3; behind++) {
            int row = side == RED ? 6 + behind : 3 - behind;
            for (int column = 0; column < 9; column++) {
                squares.add(sq(row, column));
            }
        }
        return squares;
    }

    private static List<Integer> outsidePalace(int side) {
        List<Integer> squares = allFromBack(side);
        squares.removeAll(squares(side, GENERAL));
        return squares;
    }

    // ---- squares --------------------------------------------------------------------------------

    static int sq(int row, int column) {
        return row * 9 + column;
    }

    static int startRow(int side) {
        return side == RED ? 6 : 3;
    }

    static int riverRow(int side) {
        return side == RED ? 5 : 4;
    }

    /** The legal squares of a piece type, home squares first. */
    static List<Integer> squares(int side, int type) {
        return (side == RED ? RED_SQUARES : BLACK_SQUARES).get(type);
    }

    private static int flip(int square) {
        return sq(9 - square / 9, square % 9);
    }

    private static List<Integer> homesThenAll(int... homes) {
        List<Integer> squares = new ArrayList<>();
        for (int home : homes) {
            squares.add(home);
        }
        for (int square : allFromBack(RED)) {
            if (!squares.contains(square)) {
                squares.add(square);
            }
        }
        return List.copyOf(squares);
    }

    /** Home squares, then the river row, then the crossed rows from the river on. */
    private static List<Integer> redSoldierSquares() {
        List<Integer> squares = new ArrayList<>();
        for (int row = 6; row >= 5; row--) {
            for (int column = 0; column < 9; column += 2) {
                squares.add(sq(row, column));
            }
        }
        for (int row = 4; row >= 0; row--) {
            for (int column = 0; column < 9; column++) {
                squares.add(sq(row, column));
            }
        }
        return List.copyOf(squares);
    }

    /** Every square, row by row from {@code side}'s back rank. */
    private static List<Integer> allFromBack(int side) {
        List<Integer> squares = new ArrayList<>();
        for (int depth = 0; depth < 10; depth++) {
            for (int column = 0; column < 9; column++) {
                squares.add(sq(side == RED ? 9 - depth : depth, column));
            }
        }
        return squares;
    }

    private static List<Integer> ownHalfFromBack(int side) {
        return new ArrayList<>(allFromBack(side).subList(0, 45));
    }
}
