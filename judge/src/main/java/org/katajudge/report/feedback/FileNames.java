package org.katajudge.report.feedback;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Safe, unique file names named after students: ASCII letters, digits, {@code -} and {@code _}
 * only (accents dropped, so {@code José Núñez} is {@code Jose-Nunez}), no path separators, no
 * names Windows reserves, at most 60 characters (a name with no ASCII letter left, such as one in
 * another script, becomes {@code student-} and a code). Students whose names give the same file name
 * (two "Paula Jones", or names that differ only in case or accents) each get a suffix from their
 * submission path, so one never overwrites another and the same class always gives the same names.
 */
public final class FileNames {

    private static final int MAX_LENGTH = 60;
    private static final Pattern DIACRITICS = Pattern.compile("\\p{M}+");
    private static final Pattern UNSAFE = Pattern.compile("[^A-Za-z0-9_-]+");
    private static final Set<String> RESERVED = Set.of("con", "prn", "aux", "nul", "com1", "com2", "com3", "com4",
            "com5", "com6", "com7", "com8", "com9", "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9");

    private FileNames() {
    }

    /**
     * @param student    the student's name as the teacher knows it
     * @param submission the submission's path: tells apart students of the same name
     */
    public record Owner(String student, String submission) {
    }

    /** One file name per owner, in order, each ending in {@code extension}; all distinct, ignoring case. */
    public static List<String> unique(List<Owner> owners, String extension) {
        Map<String, Integer> uses = new HashMap<>();
        List<String> bases = new ArrayList<>();
        for (Owner owner : owners) {
            String base = base(owner.student());
            bases.add(base);
            uses.merge(base.toLowerCase(Locale.ROOT), 1, Integer::sum);
        }
        List<String> names = new ArrayList<>();
        Set<String> taken = new HashSet<>();
        for (int i = 0; i < owners.size(); i++) {
            String base = bases.get(i);
            String digest = digest(owners.get(i).submission() + "\n" + owners.get(i).student(), 8);
            String name = base.isEmpty() ? "student-" + digest // a name in another script: nothing ASCII left
                    : uses.get(base.toLowerCase(Locale.ROOT)) > 1 ? base + "-" + digest : base;
            String candidate = name;
            for (int n = 2; !taken.add(candidate.toLowerCase(Locale.ROOT)); n++) {
                candidate = name + "-" + n; // the same submission twice: still never overwritten
            }
            names.add(candidate + extension);
        }
        return names;
    }

    /** The name reduced to safe characters; empty when nothing is left. */
    static String base(String student) {
        String ascii = DIACRITICS.matcher(Normalizer.normalize(latin(student == null ? "" : student), Normalizer.Form.NFD))
                .replaceAll("");
        String safe = UNSAFE.matcher(ascii).replaceAll("-").replaceAll("-{2,}", "-").replaceAll("^[-_]+|[-_]+$", "");
        if (safe.length() > MAX_LENGTH) {
            safe = safe.substring(0, MAX_LENGTH).replaceAll("[-_]+$", "");
        }
        if (RESERVED.contains(safe.toLowerCase(Locale.ROOT))) {
            safe = "student-" + safe;
        }
        return safe;
    }

    /** Letters that no accent is taken off (Ø is not O plus a mark): written as a reader would ("Zoë Ørsted": Zoe-Orsted). */
    private static String latin(String name) {
        StringBuilder out = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            out.append(switch (c) {
                case 'Ø' -> "O"; case 'ø' -> "o"; case 'Ł' -> "L"; case 'ł' -> "l"; case 'Đ' -> "D"; case 'đ' -> "d";
                case 'ß' -> "ss"; case 'Æ' -> "AE"; case 'æ' -> "ae"; case 'Œ' -> "OE"; case 'œ' -> "oe";
                case 'Þ' -> "Th"; case 'þ' -> "th"; case 'ı' -> "i";
                default -> String.valueOf(c);
            });
        }
        return out.toString();
    }

    private static String digest(String text, int hexDigits) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash).substring(0, hexDigits);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
