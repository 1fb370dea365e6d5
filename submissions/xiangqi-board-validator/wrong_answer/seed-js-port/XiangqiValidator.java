import java.util.ArrayList;
import java.util.List;

// Wrong answer: the seed's JavaScript solution ported literally. Its two bugs: soldiers are never
// counted (six 兵 are accepted), and the flying-general check treats only the ASCII background
// characters as empty, so generals facing each other across a full-width background ('　',
// '－', ...) are taken to be blocked.
public class XiangqiValidator {

    public static boolean chessValidator(String board) {
        String[] lines = board.split("\n");
        char[][] b = new char[lines.length][];
        for (int x = 0; x < lines.length; x++) {
            b[x] = lines[x].toCharArray();
        }

        // check the number of 俥/車, 傌/馬, 炮/砲
        List<int[]> chariot1 = chessIndex(b, '車');
        List<int[]> chariot2 = chessIndex(b, '俥');
        List<int[]> horse1 = chessIndex(b, '馬');
        List<int[]> horse2 = chessIndex(b, '傌');
        List<int[]> cannon1 = chessIndex(b, '砲');
        List<int[]> cannon2 = chessIndex(b, '炮');

        List<int[]> elep1 = chessIndex(b, '象');
        List<int[]> elep2 = chessIndex(b, '相');

        List<int[]> advisor1 = chessIndex(b, '士');
        List<int[]> advisor2 = chessIndex(b, '仕');

        List<List<int[]>> two = List.of(chariot1, chariot2, horse1, horse2, cannon1, cannon2, elep1, elep2,
                advisor1, advisor2);
        for (int i = 0; i < two.size(); i++) {
            if (two.get(i).size() > 2) {
                return false;
            }
        }

        // 相/象
        int[][] elep1T = {{0, 2}, {0, 6}, {2, 0}, {2, 4}, {2, 8}, {4, 2}, {4, 6}};
        int[][] elep2T = {{9, 2}, {9, 6}, {7, 0}, {7, 4}, {7, 8}, {5, 2}, {5, 6}};

        for (int i = 0; i < elep1.size(); i++) {
            if (!isArrayInArray(elep1T, elep1.get(i))) {
                return false;
            }
        }
        for (int i = 0; i < elep2.size(); i++) {
            if (!isArrayInArray(elep2T, elep2.get(i))) {
                return false;
            }
        }

        // 仕/士
        int[][] advisor1T = {{0, 3}, {0, 5}, {1, 4}, {2, 3}, {2, 5}};
        int[][] advisor2T = {{9, 3}, {9, 5}, {8, 4}, {7, 3}, {7, 5}};

        for (int i = 0; i < advisor1.size(); i++) {
            if (!isArrayInArray(advisor1T, advisor1.get(i))) {
                return false;
            }
        }
        for (int i = 0; i < advisor2.size(); i++) {
            if (!isArrayInArray(advisor2T, advisor2.get(i))) {
                return false;
            }
        }

        // 兵/卒
        List<int[]> soldier1 = chessIndex(b, '卒');
        List<int[]> soldier2 = chessIndex(b, '兵');
        for (int i = 0; i < soldier1.size(); i++) {
            if (soldier1.get(i)[0] < 3) {
                return false;
            } else if (soldier1.get(i)[0] < 5 && soldier1.get(i)[1] % 2 == 1) {
                return false;
            }
        }

        for (int i = 0; i < soldier2.size(); i++) {
            if (soldier2.get(i)[0] > 6) {
                return false;
            } else if (soldier2.get(i)[0] > 4 && soldier2.get(i)[1] % 2 == 1) {
                return false;
            }
        }

        for (int i = 0; i < 9; i++) {
            if (b[3][i] == '卒' && b[4][i] == '卒') {
                return false;
            }
            if (b[5][i] == '兵' && b[6][i] == '兵') {
                return false;
            }
        }

        // 帥/將
        List<int[]> general1 = chessIndex(b, '將');
        List<int[]> general2 = chessIndex(b, '帥');
        if (general1.size() != 1 || general2.size() != 1) {
            return false;
        }
        if (general1.get(0)[0] > 2
                || general1.get(0)[1] < 3
                || general1.get(0)[1] > 5
                || general2.get(0)[0] < 7
                || general2.get(0)[1] < 3
                || general2.get(0)[1] > 5) {
            return false;
        }

        if (general1.get(0)[1] == general2.get(0)[1]) {
            int k = general1.get(0)[1];
            int i; // declared outside the loop, like the JS `var i` read after it
            for (i = general1.get(0)[0] + 1; i < general2.get(0)[0]; i++) {
                if (b[i][k] != 'X'
                        && b[i][k] != '-'
                        && b[i][k] != ' '
                        && b[i][k] != '|'
                        && b[i][k] != '+') {
                    break;
                }
            }
            if (i == general2.get(0)[0]) {
                return false;
            }
        }

        return true;
    }

    private static List<int[]> chessIndex(char[][] b, char s) {
        List<int[]> res = new ArrayList<>();
        for (int i = 0; i < b.length; i++) {
            for (int k = 0; k < b[i].length; k++) {
                if (b[i][k] == s) {
                    res.add(new int[] {i, k});
                }
            }
        }
        return res;
    }

    private static boolean isArrayInArray(int[][] arr, int[] item) {
        for (int[] ele : arr) {
            if (ele[0] == item[0] && ele[1] == item[1]) {
                return true;
            }
        }
        return false;
    }
}
