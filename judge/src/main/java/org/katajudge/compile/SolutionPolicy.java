package org.katajudge.compile;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a kata solution may use of the JDK, read from {@code solution-api.txt}: an allowlist with
 * member-level denies, as data, so the policy can be read and changed without reading code. The
 * most specific matching line decides; what no line allows is denied.
 */
public final class SolutionPolicy {

    /** The policy file, next to this class. */
    public static final String RESOURCE = "solution-api.txt";

    private static final SolutionPolicy STANDARD = load(RESOURCE);

    private final List<Rule> rules;
    private final String otherwise;

    private SolutionPolicy(List<Rule> rules, String otherwise) {
        this.rules = List.copyOf(rules);
        this.otherwise = otherwise;
    }

    /** The judge's policy. */
    public static SolutionPolicy standard() {
        return STANDARD;
    }

    /**
     * Why using {@code api} is not allowed, or empty when it is.
     */
    public Optional<String> decide(Api api) {
        Rule best = null;
        int bestSpecificity = -1;
        for (Rule rule : rules) {
            int specificity = rule.matches(api);
            if (specificity > bestSpecificity) {
                best = rule;
                bestSpecificity = specificity;
            }
        }
        if (best == null) {
            return Optional.of(otherwise);
        }
        if (best.membersOnly) {
            // the type may be named; of its members only those a more specific line allows
            return api.member() == null ? Optional.empty() : Optional.of(best.why);
        }
        return best.allow ? Optional.empty() : Optional.of(best.why);
    }

    /** Why a type is not allowed, if it is not: {@code decide(Api.type(type))}. */
    public Optional<String> forbidsType(String type) {
        return decide(Api.type(type));
    }

    /** Why a member is not allowed, if it is not: {@code decide(Api.member(...))}. */
    public Optional<String> forbidsMember(String owner, String member, String parameters) {
        return decide(Api.member(owner, member, parameters));
    }

    /** The reason given for what no line of the policy allows. */
    public String otherwise() {
        return otherwise;
    }

    /**
     * A type or member of the JDK, as the policy sees it.
     *
     * @param packageName the package of the type
     * @param type        the type's qualified name, nested types with dots ({@code java.util.Map.Entry})
     * @param member      the member's name, {@code <init>} for a constructor; null for the type itself
     * @param parameters  a method's erased parameter types, comma-separated without spaces; null for a
     *                    field or the type itself
     */
    public record Api(String packageName, String type, String member, String parameters) {

        /**
         * A type named the conventional way, its package being the lower-case segments of the name
         * ({@code java.util.Map.Entry} is in {@code java.util}).
         */
        public static Api type(String qualifiedName) {
            return new Api(packageOf(qualifiedName), qualifiedName, null, null);
        }

        public static Api member(String owner, String member, String parameters) {
            return new Api(packageOf(owner), owner, member, parameters);
        }

        private static String packageOf(String qualifiedName) {
            String[] parts = qualifiedName.split("\\.");
            StringBuilder name = new StringBuilder();
            for (String part : parts) {
                if (part.isEmpty() || Character.isUpperCase(part.charAt(0))) {
                    break;
                }
                name.append(name.length() == 0 ? "" : ".").append(part);
            }
            return name.toString();
        }
    }

    static SolutionPolicy load(String resource) {
        List<Rule> rules = new ArrayList<>();
        Map<String, Rule> byTarget = new HashMap<>();
        String otherwise = null;
        try (InputStream in = SolutionPolicy.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing policy " + resource);
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            int number = 0;
            while ((line = reader.readLine()) != null) {
                number++;
                String text = line.strip();
                if (text.isEmpty() || text.startsWith("#")) {
                    continue;
                }
                String[] parts = text.split("\\s+", 3);
                String where = resource + ":" + number + ": ";
                if (parts[0].equals("otherwise")) {
                    otherwise = text.substring("otherwise".length()).strip();
                    continue;
                }
                if (parts.length < 2 || !List.of("allow", "deny", "members").contains(parts[0])) {
                    throw new IllegalStateException(where + "cannot read \"" + text + "\"");
                }
                boolean allow = parts[0].equals("allow");
                if (!allow && parts.length < 3) {
                    throw new IllegalStateException(where + "a " + parts[0] + " line says why: \"" + text + "\"");
                }
                Rule rule = Rule.parse(allow, parts[1], allow ? null : parts[2]);
                if (parts[0].equals("members")) {
                    if (rule.packageName != null || rule.member != null) {
                        throw new IllegalStateException(where + "a members line names a type: \"" + text + "\"");
                    }
                    rule = rule.asMembersOnly();
                }
                if (byTarget.put(parts[1], rule) != null) {
                    throw new IllegalStateException(where + parts[1] + " is decided twice");
                }
                rules.add(rule);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (otherwise == null || otherwise.isEmpty()) {
            throw new IllegalStateException(resource + ": no \"otherwise\" line with the reason for what is not listed");
        }
        return new SolutionPolicy(rules, otherwise);
    }

    /**
     * One line of the policy. Specificity: package and subpackages 2×length, package 2×length+1,
     * type 10000+length (a nested type's line beats its enclosing type's), member 20000, member
     * with parameters 30000.
     */
    private record Rule(boolean allow, String packageName, boolean subpackages, String type, String member,
                        String parameters, String why, boolean membersOnly) {

        Rule(boolean allow, String packageName, boolean subpackages, String type, String member, String parameters,
             String why) {
            this(allow, packageName, subpackages, type, member, parameters, why, false);
        }

        Rule asMembersOnly() {
            return new Rule(false, packageName, subpackages, type, member, parameters, why, true);
        }

        static Rule parse(boolean allow, String target, String why) {
            if (target.endsWith(".**")) {
                return new Rule(allow, target.substring(0, target.length() - 3), true, null, null, null, why);
            }
            if (target.endsWith(".*")) {
                return new Rule(allow, target.substring(0, target.length() - 2), false, null, null, null, why);
            }
            int hash = target.indexOf('#');
            if (hash < 0) {
                return new Rule(allow, null, false, target, null, null, why);
            }
            String type = target.substring(0, hash);
            String member = target.substring(hash + 1);
            int paren = member.indexOf('(');
            if (paren < 0) {
                return new Rule(allow, null, false, type, member, null, why);
            }
            if (!member.endsWith(")")) {
                throw new IllegalStateException("unbalanced parentheses in " + target);
            }
            return new Rule(allow, null, false, type, member.substring(0, paren),
                    member.substring(paren + 1, member.length() - 1), why);
        }

        /** How specifically this rule matches, or -1 when it does not. */
        int matches(Api api) {
            if (packageName != null) {
                if (api.packageName().equals(packageName)) {
                    return 2 * packageName.length() + (subpackages ? 0 : 1);
                }
                return subpackages && api.packageName().startsWith(packageName + ".") ? 2 * packageName.length() : -1;
            }
            if (member == null) {
                return api.type().equals(type) || api.type().startsWith(type + ".") ? 10_000 + type.length() : -1;
            }
            if (!api.type().equals(type) || !member.equals(api.member())) {
                return -1;
            }
            if (parameters == null) {
                return 20_000;
            }
            return parameters.equals(api.parameters()) ? 30_000 : -1;
        }
    }
}
