// Wrong answer: the seed's Q solution ported literally.
//   danger:{$[2=x;x;$[2=x-y;2;y]]}
//   diagonal:{c value group(sum')c:n cross n:til count x}
//   safe:{not any 2=(danger/')((reverse each x)./:/:d),x ./:/:d:diagonal x}
// n is the number of ROWS, used for both axes: the code assumes a square board. Cells outside
// the board read as Q's null (here Java null), which the fold passes over, so tall boards come
// out right; on wide boards attacks outside the rows x rows square it scans are missed.
public class SafeSpaces {

    public static boolean isSafe(int[][] x) {
        int n = x.length;
        int[][] reversed = new int[n][];
        for (int i = 0; i < n; i++) {
            reversed[i] = new int[x[i].length];
            for (int j = 0; j < x[i].length; j++) {
                reversed[i][j] = x[i][x[i].length - 1 - j];
            }
        }
        for (int[][] board : new int[][][] {reversed, x}) {
            // the anti-diagonals i + j = sum of the n x n index square, each folded with danger
            for (int sum = 0; sum <= 2 * n - 2; sum++) {
                Integer accumulator = null;
                boolean first = true;
                for (int i = 0; i < n; i++) {
                    int j = sum - i;
                    if (j < 0 || j >= n) {
                        continue;
                    }
                    Integer value = j < board[i].length ? board[i][j] : null;
                    accumulator = first ? value : danger(accumulator, value);
                    first = false;
                }
                if (accumulator != null && accumulator == 2) {
                    return false;
                }
            }
        }
        return true;
    }

    private static Integer danger(Integer x, Integer y) {
        if (x != null && x == 2) {
            return x;
        }
        if (x != null && y != null && x - y == 2) {
            return 2;
        }
        return y;
    }
}
